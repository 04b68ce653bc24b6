// Group Action rolls (the SRD's "Group Action Rolls"; docs/rules/daggerheart.md,
// "Group Action rolls"): a PC about to make a weapon attack leads it, and
// allies who have not had the spotlight this round join with a reaction roll
// each against the same Difficulty, giving up their spotlight; each success
// adds 1 to the leader's action roll, each failure takes 1 off. The reaction
// rolls make no Hope or Fear, tick no countdown, call no GM move and take no
// help. options.group_action says who joins: nobody (`off`), the allies whose
// reaction roll adds more expected HP to the attack than their own attacks
// would mark (`auto`), or every ally who can (`always`).
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace encsim::daggerheart {

// Who could join PC i's roll now (bits by PC index): standing allies who have
// not had the spotlight this round and would not have to spend it breaking free.
template <class R, class Log>
inline std::uint64_t Battle<R, Log>::group_candidates(int i) const {
  std::uint64_t set = 0;
  if (time_stop_ >= 0) [[unlikely]] return set;  // the allies are frozen in time (Timejammer, play_time.hpp)
  for (int k = 0; k < n_pc_; ++k) {
    const PcState& s = pc_[k];
    if (k == i || s.out || s.acted) continue;
    if (s.restrained && (opt_.restrained_loses_spotlight || (s.vulnerable && s.vuln_until == Until::break_free)))
      continue;
    set |= std::uint64_t{1} << k;
  }
  return set;
}

// The trait a supporter rolls: its highest now (a Beastform's bonus counts);
// equal ones give the same roll, so the first in sheet order names it.
template <class R, class Log>
inline int Battle<R, Log>::best_trait(int k) const {
  int best = 0;
  for (int t = 1; t < kTraitCount; ++t)
    if (trait_of(k, static_cast<Trait>(t)) > trait_of(k, static_cast<Trait>(best))) best = t;
  return best;
}

// The policy: the allies who join PC i's attack on adversary t with weapon w
// (`mod`: the roll's modifier before an Experience; `net`: its advantage
// dice); 0 when it attacks alone.
//
// auto, the value rule in expected HP: the attack's worth is its chance to
// hit times the HP its mean damage marks on t (weapon_value's reckoning, an
// Experience the leader would pay for included); a supporter's roll moves
// that chance by +1 with the chance it beats the Difficulty with its best
// trait, by -1 otherwise. An ally joins when what it adds is more than its
// own best weapon attack this round would be worth (weapon_value on the foe
// it is worth most against); the allies are taken one at a time, the largest
// gain first (ties at random, tactics stream), while a gain stays above 0.
template <class R, class Log>
inline std::uint64_t Battle<R, Log>::group_supporters(int i, int t, const PcWeapon& w, int mod, int net) {
  const std::uint64_t can = group_candidates(i);
  if (can == 0 || opt_.group_action == GroupPolicy::always) return can;
  const int dc = difficulty(t);
  const int m = mod + experience_bonus(i);
  const double marks = weapon_marks(i, t, w);
  if (marks <= 0.0) return 0;
  constexpr int kMid = Encounter::kMaxPcs;       // dist[kMid + b]: the chance the supporters so far net b
  std::array<double, 2 * kMid + 1> dist{}, next{};
  dist[kMid] = 1.0;
  int reach = 0;  // |b| <= reach
  const auto worth = [&](const std::array<double, 2 * kMid + 1>& d, int r) {
    double hit = 0.0;
    for (int b = -r; b <= r; ++b) hit += d[static_cast<std::size_t>(kMid + b)] * p_beats(m + b, net, dc);
    return hit * marks;
  };
  const auto join = [&](double p_ok, std::array<double, 2 * kMid + 1>& out) {
    out.fill(0.0);
    for (int b = -reach; b <= reach; ++b) {
      const double q = dist[static_cast<std::size_t>(kMid + b)];
      out[static_cast<std::size_t>(kMid + b + 1)] += q * p_ok;
      out[static_cast<std::size_t>(kMid + b - 1)] += q * (1.0 - p_ok);
    }
  };
  std::array<double, Encounter::kMaxPcs> p_ok{}, own{}, gain{};
  for (std::uint64_t set = can; set != 0; set &= set - 1) {
    const int k = std::countr_zero(set);
    p_ok[static_cast<std::size_t>(k)] = p_duality(dc - trait_of(k, static_cast<Trait>(best_trait(k))));
    double best = 0.0;
    for (int j = 0; j < n_adv_; ++j)
      if (adv_[j].alive) best = std::max(best, weapon_value(k, j));
    own[static_cast<std::size_t>(k)] = best;
  }
  double now = worth(dist, 0);
  std::uint64_t chosen = 0;
  for (;;) {
    std::uint64_t worth_it = 0;  // the allies whose joining gains more than their own attack
    for (std::uint64_t set = can & ~chosen; set != 0; set &= set - 1) {
      const int k = std::countr_zero(set);
      join(p_ok[static_cast<std::size_t>(k)], next);
      gain[static_cast<std::size_t>(k)] = worth(next, reach + 1) - now - own[static_cast<std::size_t>(k)];
      if (gain[static_cast<std::size_t>(k)] > 0.0) worth_it |= std::uint64_t{1} << k;
    }
    if (worth_it == 0) break;
    const int k = best_in(worth_it, [&](int u) { return gain[static_cast<std::size_t>(u)]; });
    join(p_ok[static_cast<std::size_t>(k)], next);
    dist = next;
    ++reach;
    now = worth(dist, reach);
    chosen |= std::uint64_t{1} << k;
  }
  return chosen;
}

// The supporters' reaction rolls (2d12 + their best trait against adversary
// t's Difficulty, matching dice a success, as every PC reaction roll): each
// gives up its spotlight this round. Returns the leader's net bonus.
template <class R, class Log>
inline int Battle<R, Log>::group_reactions(int i, int t, std::uint64_t set) {
  ++feat(pc(i).feat_group).uses;
  const int n = std::popcount(set);
  const int difficulty_needed = difficulty(t);
  ENCSIM_SAY(log_, "  %s leads a Group Action against %s with %d %s", pname(i), aname(t), n, n == 1 ? "ally" : "allies");
  int bonus = 0;
  for (; set != 0; set &= set - 1) {
    const int k = std::countr_zero(set);
    PcState& s = pc_[k];
    s.acted = true;  // its spotlight this round
    ++pc_streak_;
    if (s.vulnerable && s.vuln_until == Until::next_action) s.vulnerable = false;
    ++rpc(k).actions;
    ++feat(pc(k).feat_group_support).uses;
    const int trait = best_trait(k);
    const int mod = trait_of(k, static_cast<Trait>(trait));
    const ReactionRoll roll = reaction_roll(mod, difficulty_needed);
    bonus += roll.ok ? 1 : -1;
    ENCSIM_SAY(log_, "  %s joins, its spotlight this round: reaction roll (%s) Hope %d, Fear %d %+d = %d vs %d: %s",
               pname(k), kTraitText[static_cast<std::size_t>(trait)], roll.hope, roll.fear, mod, roll.total,
               difficulty_needed, roll.ok ? "success, +1" : "failure, -1");
  }
  ENCSIM_SAY(log_, "  Group Action: %+d to %s's roll", bonus, pname(i));
  return bonus;
}

}  // namespace encsim::daggerheart
