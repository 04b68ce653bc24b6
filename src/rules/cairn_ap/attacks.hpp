// A cairn-ap attack (Battle, battle.hpp): the initiator's check with its
// weapon and advantage, each target's save, blasts and attacks on several
// targets, ripostes (source text 001, "Combat": "Attacking & Damage", "Attack
// Modifiers (Advantage / Disadvantage)", "Detachments").
// docs/rules/cairn-ap.md.
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>

namespace encsim::cairn_ap {

// `memo`: the scores the primary target was picked on, if any (nothing
// has changed since).
template <class R, class Log>
inline void Battle<R, Log>::attack(int a, int primary, bool riposte_strike, tactics::Target aim, Scores* memo) {
  if (primary < 0) return;
  const Fighter& fa = f(a);
  State& s = st_[a];
  // A detachment attacking an individual deals blast damage: one roll, each
  // target in reach saves. An attack on several targets ("Attack
  // Modifiers") works the same way, without being a blast. Further
  // targets are of the first one's kind and aimed like the rule.
  std::array<int, Encounter::kMaxFighters> targets;
  int n_targets = 1;
  targets[0] = primary;
  const bool blast = fa.detachment && !f(primary).detachment && !riposte_strike;
  const int reach = riposte_strike ? 1 : blast ? fa.blast_targets : fa.attack_targets;
  const bool area = reach > 1;  // counted per target, in the area columns
  if (reach > 1) {
    const bool kind = f(primary).detachment;
    auto usable = [&](int j) {
      return st_[j].in_fight && f(j).detachment == kind &&
             std::find(targets.begin(), targets.begin() + n_targets, j) == targets.begin() + n_targets;
    };
    Scores own;
    if (!memo) memo = &own;
    while (n_targets < reach) {
      const int j = select_by(a, aim, usable, memo);
      if (j < 0) break;
      targets[z(n_targets++)] = j;
    }
  }
  // The initiator's check: d20 + STR (melee) or DEX (ranged) + the weapon die.
  Check c;
  c.modifier = fa.ranged ? s.dex : s.str;
  c.objects[0] = fa.weapon_die;
  c.objects[1] = fa.second_die;
  c.highest_object = true;
  c.base_adv = fa.attack_adv + s.gained_adv;
  if (fa.detachment && !f(primary).detachment) ++c.base_adv;  // enhanced
  if (!fa.detachment && f(primary).detachment) --c.base_adv;  // impaired
  if (st_[primary].elemental) --c.base_adv;  // Mishap #24: mundane attacks on it are impaired
  s.gained_adv = 0;
  const CheckRoll ir = roll_check(dice_, c);
  note_natural(a, ir);
  // A riposte's strike counts to the riposte, whose use was the held parry.
  const int feature = fa.feat_action[static_cast<std::size_t>(riposte_strike ? kRiposte : kAttack)];
  if (!riposte_strike) ++feat(feature).uses;
  ENCSIM_SAY(log_, "%s %s %s with %s: IR %d (d20 %d%s %+d, weapon die %d)", name(a),
             riposte_strike ? "ripostes against" : "attacks",
             blast ? "in a blast" : n_targets > 1 ? "several targets" : name(primary), fa.weapon.c_str(),
             ir.total, ir.base, c.base_adv > 0 ? " with advantage" : c.base_adv < 0 ? " with disadvantage" : "",
             c.modifier, ir.object);
  for (int k = 0; k < n_targets; ++k) {
    const int t = targets[z(k)];
    if (!st_[t].in_fight) continue;
    rec(a).aimed(area);
    st_[t].last_attacker = a;
    if (!fa.ranged) st_[t].engaged = true;  // whoever is attacked in melee is in reach
    bool riposte = false;
    const CheckRoll tr = save_against_attack(a, t, fa.ranged, riposte);
    const bool hit = initiator_wins(ir, tr);
    if (hit) {
      rec(a).struck(area, ir.natural_20());
      ENCSIM_SAY(log_, "  %s: IR %d vs TR %d, hit: weapon die %d - armor %d", name(t), ir.total, tr.total, ir.object,
                 st_[t].armor);
      damage(a, t, ir.object - st_[t].armor, feature);
    } else {
      ENCSIM_SAY(log_, "  %s: IR %d vs TR %d, saved", name(t), ir.total, tr.total);
    }
    if (riposte && st_[t].in_fight && st_[a].in_fight && (!hit || !opt_.riposte_needs_parry))
      attack(t, a, true);
  }
}

}  // namespace encsim::cairn_ap
