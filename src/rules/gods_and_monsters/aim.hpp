// Whom each Gods & Monsters attack goes to (Battle, battle.hpp): the tactics
// targets and the play styles' aims, the Guide aiming the NPCs after the PCs
// act, who is in close combat with whom, and what an attack on an enemy is
// worth to the scoring styles (source text 003, "Conflicts": "Order of
// events", "Close combat and ranged combat", "Knockout blow", "Killing blow").
// docs/rules/gods-and-monsters.md, "Play styles".
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>

namespace encsim::gods_and_monsters {

// Whom each of `i`'s attacks this round goes to.
template <class R, class Log>
inline void Battle<R, Log>::aim(int i) {
  const Fighter& fi = f(i);
  const int n_attacks = fi.actions * fi.attacks_per_action;
  const int action = st_[i].action;
  if (fi.styled && enc_.play[side(i)].aim == Aim::threat) {  // the styles' usual aim, without select()'s detour
    for (int k = 0; k < n_attacks; ++k) targets_[i][k] = aim_threat(i, action);
  } else {
    for (int k = 0; k < n_attacks; ++k) targets_[i][k] = select(i, chosen_[i]->target, action);
  }
  st_[i].n_targets = n_attacks;
  st_[i].shield_vs = targets_[i][0];
}

// "Order of events": the Guide determines the NPCs' actions after the PCs';
// what they do was fixed at the start of the round (everything happens at
// once), whom their attacks go to is chosen again now.
template <class R, class Log>
inline void Battle<R, Log>::aim_npcs() {
  if (!opt_.npc_targets_after_pcs) return;
  carded_ = 0;  // the PCs have acted: what every target offers is worked out again
  // Whose attacks are aimed late: NPCs' plain attacks, that is the NPC pass.
  for (std::uint64_t m = acting_[kNpcPass]; m; m &= m - 1) aim(std::countr_zero(m));
  if (acting_[kNpcPass] != 0) close_combat();
}

// Who is in close combat with whom this round: anyone striking in melee
// and whoever they strike.
template <class R, class Log>
inline void Battle<R, Log>::close_combat() {
  for (int i = 0; i < n_; ++i) melee_[i] = 0;
  // Those who act this round (an action declared) are in the passes' masks.
  for (std::uint64_t m = acting_[kCalledPass] | acting_[kPcPass] | acting_[kNpcPass]; m; m &= m - 1) {
    const int i = std::countr_zero(m);
    if (f(i).ranged) continue;
    for (int k = 0; k < st_[i].n_targets; ++k) {
      const int t = targets_[i][k];
      if (!st_[t].in) continue;
      melee_[i] |= bit(t);
      melee_[t] |= bit(i);
    }
  }
}

// The enemy of `i` that `target` picks among those `action` may aim at.
template <class R, class Log>
inline int Battle<R, Log>::select(int i, tactics::Target target, int action) {
  const int lo = side(i) == 0 ? enc_.n_party : 0;
  const int hi = side(i) == 0 ? n_ : enc_.n_party;
  auto usable = [&](int j) { return eligible(j, action); };
  if (f(i).styled) return aim(i, lo, hi, usable);
  using tactics::Target;
  switch (target) {
    case Target::random:
      if (const int j = any_of(lo, hi, usable); j >= 0) return j;
      break;
    // Both only ever name an enemy; a stray shot into an ally is neither.
    case Target::focus:
      if (const int j = pick(focus_[side(i)]); j >= lo && j < hi && usable(j)) return j;
      break;
    case Target::last_attacker:
      if (const int j = pick(st_[i].attacker); j >= lo && j < hi && usable(j)) return j;
      break;
    case Target::highest_hp: return best_by(lo, hi, usable, [&](int j) { return hp(j); });
    case Target::weakest: return best_by(lo, hi, usable, [&](int j) { return -f(j).defense; });
    case Target::strongest: return best_by(lo, hi, usable, [&](int j) { return f(j).mean_damage; });
    case Target::lowest_hp: break;
  }
  return best_by(lo, hi, usable, [&](int j) { return -hp(j); });
}

// One of the usable in [lo, hi) at random from the tactics stream (no
// draw when there is one), -1 when none is.
template <class R, class Log>
template <class Usable>
inline int Battle<R, Log>::any_of(int lo, int hi, const Usable& usable) {
  int count = 0;
  for (int j = lo; j < hi; ++j) count += usable(j) ? 1 : 0;
  int pick = count > 1 ? tact_.die(count) - 1 : 0;
  for (int j = lo; j < hi; ++j)
    if (usable(j) && pick-- == 0) return j;
  return -1;
}

// The style's target (docs "Play styles"): never the order listed; ties
// at random from the tactics stream (the first listed with target_ties: first).
template <class R, class Log>
template <class Usable>
inline int Battle<R, Log>::aim(int i, int lo, int hi, const Usable& usable) {
  switch (enc_.play[side(i)].aim) {
    case Aim::spread:
      if (const int j = any_of(lo, hi, usable); j >= 0) return j;
      break;
    case Aim::lowest_hp: break;
    case Aim::threat: return aim_threat(i, st_[i].action);
  }
  return best_by(lo, hi, usable, [&](int j) { return -hp(j); });
}

// The usable index with the highest score; ties at random from the tactics
// stream (reservoir sampling) or the first listed with `target_ties: first`.
template <class R, class Log>
template <class Usable, class Score>
inline int Battle<R, Log>::best_by(int lo, int hi, const Usable& usable, const Score& score) {
  int best = -1;
  int ties = 0;
  decltype(score(lo)) best_score{};
  for (int j = lo; j < hi; ++j) {
    if (!usable(j)) continue;
    const auto sc = score(j);
    if (best < 0 || sc > best_score) {
      best = j;
      best_score = sc;
      ties = 1;
    } else if (sc == best_score && opt_.random_target_ties && tact_.die(++ties) == 1) {
      best = j;
    }
  }
  ENCSIM_CHECK_GE(best, 0);
  return best;
}

// Aim::threat: best_by() on (the score of card(), -hp) written out, as it runs for
// every attack of the round (twice for NPCs): the same choice and the same
// draws from the tactics stream on ties, without calls per enemy.
template <class R, class Log>
inline int Battle<R, Log>::aim_threat(int i, int action) {
  // Those it may aim at, in listed order.
  const std::uint64_t open = open_to(i, action);
  ENCSIM_CHECK(open != 0);
  if ((open & (open - 1)) == 0) return std::countr_zero(open);  // nothing to weigh, and best_by() would draw nothing
  const Odds odds = odds_of(i, action < 0 ? static_cast<int>(kAttack) : action);
  int best = -1;
  int ties = 0;
  double best_score = 0.0;
  int best_left = 0;
  for (std::uint64_t m = open; m; m &= m - 1) {
    const int j = std::countr_zero(m);
    const Card& c = card(j);
    const int left = c.left;
    const double score = c.danger * std::min(1.0, attack_worth(odds, j, c.exposed) / c.left_at_least_1);
    // (score, -left) compared as a pair: the higher score, then the least left.
    if (best < 0 || score > best_score || (score == best_score && left < best_left)) {
      best = j;
      best_score = score;
      best_left = left;
      ties = 1;
    } else if (score == best_score && left == best_left && opt_.random_target_ties && tact_.die(++ties) == 1) {
      best = j;
    }
  }
  return best;
}

template <class R, class Log>
inline typename Battle<R, Log>::Odds Battle<R, Log>::odds_of(int i, int action) const {
  int need = 11 + attacker_mod(i);
  if (is_called(action) && !is_called(st_[i].action)) need -= 3;  // not yet declared
  return Odds{i, action, need, f(i).ranged, f(i).hit_damage};
}

// What one attack with `o.action` on `t` is worth, in points of what
// stands between `t` and injuries: the chance it hits times the damage
// expected, with every injury point a knockout or killing blow puts in
// directly counted three times (it comes off what is left, brings a
// consciousness roll and a penalty to every roll).
template <class R, class Log>
inline double Battle<R, Log>::attack_worth(const Odds& o, int t, int exposed) const {
  const double dmg = o.dmg;
  if (o.action == kAttack) return hit_chance(o, t, exposed) * dmg;  // no direct injuries: dmg + 2 * 0 is dmg
  double direct = 0.0;
  if (o.action == kKillingBlow && immobile(t)) direct = std::ceil(dmg / 2);
  if (o.action == kKnockout && eligible(t, kKnockout)) {
    const int need = f(t).score[kEvasion] + f(t).head_protection + f(t).group_bonus - st_[t].injuries -
                     (st_[t].surprised ? 3 : 0);
    direct = (1.0 - std::clamp(need, 0, 20) / 20.0) * std::min<double>(dmg, f(o.i).knockout_injuries);
  }
  return hit_chance(o, t, exposed) * (dmg + 2.0 * direct);
}

template <class R, class Log>
inline const typename Battle<R, Log>::Card& Battle<R, Log>::card(int j) {
  Card& c = card_[j];
  if ((carded_ & bit(j)) == 0) {
    carded_ |= bit(j);
    c.exposed = exposure(j);
    c.left = hp(j);
    c.left_at_least_1 = static_cast<double>(std::max(1, c.left));
    c.danger = f(j).mean_damage;
  }
  return c;
}

}  // namespace encsim::gods_and_monsters
