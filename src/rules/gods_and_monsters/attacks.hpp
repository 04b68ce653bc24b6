// The attacks of a Gods & Monsters round (Battle, battle.hpp): the passes in
// order, loading missile weapons, the roll-under d20 against defense with
// cover, called shots, knockout and killing blows, stray shots into close
// combat, and damage through pool, verve and survival into injuries (source
// text 003, "Conflicts": "Hitting", "Damage", "Firing into close combat",
// "Number of actions", "Number of attacks", "Called shot", "Cover",
// "Killing blow", "Knockout blow"; "Survival": "Using verve", "Temporary
// bonus pools").
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>
#include <bit>

namespace encsim::gods_and_monsters {

// In listed order, those declare() put in this pass.
template <class R, class Log>
inline void Battle<R, Log>::resolve(Pass pass) {
  for (std::uint64_t m = acting_[pass]; m; m &= m - 1) act(std::countr_zero(m));
}

// One combatant's actions this round: a missile weapon that needs several
// actions is loaded first; each firing or striking action makes all its attacks.
template <class R, class Log>
inline void Battle<R, Log>::act(int i) {
  const Fighter& fi = f(i);
  State& s = st_[i];
  int k = 0;
  for (int a = 0; a < fi.actions; ++a, k += fi.attacks_per_action) {
    ++rec(i).actions;
    if (!shot_ready(i)) {
      if (s.disrupted) {
        ENCSIM_SAY(log_, "%s's loading is spoiled by the called shot", name(i));
      } else {
        ++s.progress;
        ENCSIM_SAY(log_, "%s readies the %s (%d of %d actions)", name(i), fi.weapon.c_str(), s.progress,
                   shot_need(i));
      }
      continue;
    }
    s.progress = 0;
    for (int c = 0; c < fi.attacks_per_action; ++c) attack(i, targets_[i][k + c]);
  }
}

template <class R, class Log>
inline void Battle<R, Log>::attack(int i, int t) {
  const Fighter& fi = f(i);
  const int action = st_[i].action;
  ++rec(i).attacks;
  ++feat(attack_feature(i)).uses;
  static constexpr const char* kVerb[] = {"attacks", "makes a called shot at", "tries to knock out",
                                          "tries a killing blow on"};
  if (fi.ranged && st_[i].disrupted) {
    ENCSIM_SAY(log_, "%s %s %s: the called shot spoils it, a miss", name(i), kVerb[action], name(t));
    note_attacker(t, i, -1);
    return;
  }
  const int need = 11 + attack_mod(i, t) - defense_against(t, i, true);
  const int roll = dice_.die(20);
  bool hit = roll_hits(roll, need);
  ENCSIM_SAY(log_, "%s %s %s: d20 %d vs %d: %s", name(i), kVerb[action], name(t), roll, need, hit ? "hit" : "miss");
  // Combat is a warrior's archetypal roll; a natural 20 fails whatever the bonus.
  if (!hit && fi.warrior && !(roll == 20 && opt_.natural_20_fails)) hit = buy_off(i, roll - need, -1, false);
  if (!hit) {
    note_attacker(t, i, -1);
    if (fi.ranged) stray_miss(i, t);
    return;
  }
  ++rec(i).hits;
  const int dmg = std::max(0, fi.damage.roll(dice_));
  int direct = 0;
  if (action == kKnockout && eligible(t, kKnockout)) {
    if (!reaction_roll(t, kEvasion, f(t).head_protection, true, "evasion against the knockout")) {
      direct = std::min(dmg, fi.knockout_injuries);
      ++rec_.resources[kKnockoutBlows];
    }
  } else if (action == kKillingBlow && immobile(t)) {
    direct = (dmg + 1) / 2;
  }
  if (is_called(action) && is_attack(st_[t].action) && f(t).ranged && !st_[t].disrupted) {
    if (!reaction_roll(t, better(t, kEvasion, kFortitude), f(t).movement - dmg, true, "to keep its aim"))
      st_[t].disrupted = true;
  }
  note_attacker(t, i, dmg);
  damage(i, t, dmg, direct);
  if (fi.ranged && !is_called(action)) stray_hits(i, t, roll, dmg);
}

// The defense of `t` against `i`, with cover when `i` shoots.
template <class R, class Log>
inline int Battle<R, Log>::defense_against(int t, int i, bool with_cover) const {
  const Fighter& ft = f(t);
  const State& s = st_[t];
  int d = ft.defense;
  if (ft.small_shield && s.shield_vs != i) d -= 1;
  if (s.surprised && round_ > 1) d -= 2;
  if (is_called(s.action)) d -= 2;
  if (with_cover && f(i).ranged) d += cover_against(t, i);
  return d;
}

// The cover `t` has against a shot of `i` ("Cover", "Firing into close combat").
template <class R, class Log>
inline int Battle<R, Log>::cover_against(int t, int i) const {
  const Fighter& ft = f(t);
  Cover cover = ft.cover;
  // "Firing into close combat": strong cover among 3 to 5 combatants, full
  // among 6 or more. A shooter fighting the target itself is not firing
  // into someone else's melee: only the target's other partners count.
  const std::uint64_t others = melee_[t] & ~bit(i);
  if (opt_.firing_into_melee && others != 0) {
    int crowd = ft.group_size;
    for (std::uint64_t m = others; m; m &= m - 1) crowd += f(std::countr_zero(m)).group_size;
    const Cover crowd_cover = crowd >= 6 ? Cover::full : crowd >= 3 ? Cover::strong : Cover::none;
    cover = std::max(cover, crowd_cover);
  }
  static constexpr int kWarrior[] = {0, 1, 2, 3};
  static constexpr int kOthers[] = {0, 0, 1, 2};
  return (ft.warrior ? kWarrior : kOthers)[static_cast<int>(cover)];
}

template <class R, class Log>
inline bool Battle<R, Log>::roll_hits(int roll, int need) const {
  if (roll == 20 && opt_.natural_20_fails) return false;
  if (roll == 1 && opt_.natural_1_hits) return true;
  return roll <= need;
}

// "Firing into close combat": whom a shot that hit its target would also have
// hit among the shooter's allies fighting that target takes the same damage
// unless it evades.
template <class R, class Log>
inline void Battle<R, Log>::stray_hits(int i, int t, int roll, int dmg) {
  if (!opt_.firing_into_melee) return;
  for (std::uint64_t m = melee_[t]; m; m &= m - 1) {
    const int j = std::countr_zero(m);
    if (side(j) != side(i) || j == i || !st_[j].in) continue;
    if (!roll_hits(roll, 11 + attack_mod(i, j) - defense_against(j, i, false))) continue;
    if (reaction_roll(j, kEvasion, 0, true, "evasion against the stray shot")) continue;
    ++rec_.resources[kStrayHits];
    ENCSIM_SAY(log_, "  the shot also strikes %s", name(j));
    damage(i, j, dmg, 0);
  }
}

// ... and a miss may strike a random ally next to the target, who evades
// with their defense as a bonus.
template <class R, class Log>
inline void Battle<R, Log>::stray_miss(int i, int t) {
  if (!opt_.firing_into_melee) return;
  int count = 0;
  for (std::uint64_t m = melee_[t]; m; m &= m - 1) {
    const int j = std::countr_zero(m);
    count += side(j) == side(i) && j != i && st_[j].in ? 1 : 0;
  }
  if (count == 0) return;
  int pick = count > 1 ? tact_.die(count) - 1 : 0;
  for (std::uint64_t m = melee_[t]; m; m &= m - 1) {
    const int j = std::countr_zero(m);
    if (side(j) != side(i) || j == i || !st_[j].in || pick-- != 0) continue;
    if (reaction_roll(j, kEvasion, f(j).defense, true, "evasion against the missed shot")) return;
    ++rec_.resources[kStrayHits];
    ENCSIM_SAY(log_, "  the missed shot strikes %s", name(j));
    damage(i, j, std::max(0, f(i).damage.roll(dice_)), 0);
    return;
  }
}

// "Survival", "Using verve", "Temporary bonus pools": damage comes off the
// pool, then verve (archetypal damage only), then survival; what is left
// becomes injury points, as do the `direct` points of a knockout or killing blow.
template <class R, class Log>
inline void Battle<R, Log>::damage(int a, int t, int dmg, int direct) {
  State& s = st_[t];
  hurt_ |= bit(t);
  const bool archetypal = verve_usable(t);
  int rest = dmg - direct;
  const int from_pool = std::min(s.pool, rest);
  rest -= from_pool;
  const int from_verve = archetypal ? std::min(s.verve, rest) : 0;
  rest -= from_verve;
  const int from_survival = std::min(s.survival, rest);
  rest -= from_survival;
  const int injuries = rest + direct;
  const bool dropped = s.survival > 0 && s.survival == from_survival && from_survival > 0;
  s.pool -= from_pool;
  s.verve -= from_verve;
  s.survival -= from_survival;
  s.injuries += injuries;

  // A stray missile into an ally is friendly fire: its own column, and it
  // never becomes the side's focus.
  if (side(a) != side(t)) {
    note(focus_[side(a)], t, dmg);
    rec(a).damage_dealt += dmg;
    feat(attack_feature(a)).damage += dmg;
  } else {
    rec(a).extra[kExtraFriendlyDamage] += dmg;
  }
  rec(t).damage_taken += dmg;
  CombatantRecord& rt = rec(t);
  rt.extra[kExtraPoolAbsorbed] += from_pool;
  rt.extra[kExtraVerveLost] += from_verve;
  rt.extra[kExtraSurvivalLost] += from_survival;
  rt.extra[kExtraInjuries] += injuries;
  rec_.resources[kPoolAbsorbed] += from_pool;
  if (side(t) == 0) {
    rec_.resources[kPartyVerveLost] += from_verve;
    rec_.resources[kPartySurvivalLost] += from_survival;
    rec_.resources[kPartyInjuries] += injuries;
  } else {
    rec_.resources[kFoeSurvivalLost] += from_survival;
    rec_.resources[kFoeInjuries] += injuries;
  }
  ENCSIM_SAY(log_, "  %d damage to %s: %d pool, %d verve, %d survival, %d injuries (now survival %d, verve %d, injuries %d)",
             dmg, name(t), from_pool, from_verve, from_survival, injuries, s.survival, s.verve, s.injuries);
  if (injuries > 0) {
    s.injured_now = true;
    s.archetypal_injury = archetypal;
  }
  // "Unconsciousness": an immediate roll on reaching 0 survival or gaining
  // injuries; a failure takes effect when the round ends.
  if ((dropped || injuries > 0) && !s.out_cold) {
    ++rec_.resources[kConsciousnessRolls];
    if (!reaction_roll(t, choose(t, opt_.consciousness), 0, true, "to stay conscious", true)) {
      s.out_cold = true;
      ++rec_.resources[kKnockedOut];
    }
  }
}

template <class R, class Log>
inline void Battle<R, Log>::note_attacker(int t, int i, int value) {
  if (side(t) != side(i)) note(st_[t].attacker, i, value);
}

// Keeps the record of who did the most harm in the latest round: a later
// round replaces it, in the same round more damage does (a miss counts -1),
// and equals are all kept, so the order in which the round's actions are
// resolved does not matter. pick() settles a tie only when a rule asks:
// one at random (tactics stream), or the first listed with `target_ties: first`.
template <class R, class Log>
inline void Battle<R, Log>::note(Mark& m, int who, int value) {
  if (m.round != round_ || value > m.score) {
    m = Mark{round_, value, bit(who)};
  } else if (value == m.score) {
    m.who |= bit(who);
  }
}

template <class R, class Log>
inline int Battle<R, Log>::pick(Mark& m) {
  if (m.who == 0) return -1;
  const int count = std::popcount(m.who);
  int k = count > 1 && opt_.random_target_ties ? tact_.die(count) - 1 : 0;
  std::uint64_t w = m.who;
  while (k-- > 0) w &= w - 1;
  m.who = w & (~w + 1);  // settled: later rules this round see the same one
  return std::countr_zero(m.who);
}

}  // namespace encsim::gods_and_monsters
