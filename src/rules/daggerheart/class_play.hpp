// Class features that are neither a Hope feature nor a card (SRD classes;
// docs/rules/daggerheart.md, "Class features"): the Guardian's Unstoppable
// and the Ranger's Focus. Off with `class_features: false`.
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>

namespace encsim::daggerheart {

// ---- Unstoppable (Guardian) -------------------------------------------------
// Once per long rest the Guardian becomes Unstoppable: its die starts at 1.
// Our policy: at the start of its first spotlight in a fight, while unused
// since the last long rest (the die only grows with the Guardian's own
// damage, so nothing is gained by waiting within a fight). It can't be
// Restrained or Vulnerable, so it sheds both.
template <class R, class Log>
inline void Battle<R, Log>::become_unstoppable(int i) {
  PcState& s = pc_[i];
  if (pc(i).unstoppable_die == 0 || !opt_.class_features || s.unstoppable_used) return;
  s.unstoppable_used = true;
  s.unstoppable = 1;
  s.vulnerable = s.restrained = false;
  ++feat(pc(i).feat_unstoppable).uses;
  ENCSIM_SAY(log_, "%s becomes Unstoppable (d%d at 1)", pname(i), pc(i).unstoppable_die);
}

// The die's value joins the Guardian's damage roll.
template <class R, class Log>
inline int Battle<R, Log>::unstoppable_damage(int i) {
  const int v = pc_[i].unstoppable;
  if (v > 0) ENCSIM_SAY(log_, "  Unstoppable: +%d", v);
  return v;
}

// After a damage roll of the Guardian's: one that marked an HP turns the die
// up by one; past its largest face the Guardian drops out of Unstoppable.
template <class R, class Log>
inline void Battle<R, Log>::unstoppable_after(int i, bool dealt) {
  PcState& s = pc_[i];
  if (s.unstoppable == 0 || !dealt) return;
  if (s.unstoppable < pc(i).unstoppable_die) {
    ++s.unstoppable;
    ENCSIM_SAY(log_, "  %s's Unstoppable Die turns to %d", pname(i), s.unstoppable);
  } else {
    s.unstoppable = 0;
    ENCSIM_SAY(log_, "  %s's Unstoppable Die is spent: no longer Unstoppable", pname(i));
  }
}

// Physical damage to an Unstoppable Guardian is one threshold less severe
// (Severe to Major, Major to Minor, Minor to none), before any Armor Slot.
// The HP it keeps the Guardian from marking count as the row's `healed`.
template <class R, class Log>
inline int Battle<R, Log>::unstoppable_severity(int i, int marks, DamageType type) {
  if (pc_[i].unstoppable == 0 || type != DamageType::physical || marks <= 0) return marks;
  ++feat(pc(i).feat_unstoppable).healed;
  ENCSIM_SAY(log_, "  Unstoppable: the hit is one threshold less severe (%d HP become %d)", marks, marks - 1);
  return marks - 1;
}

// ---- Ranger's Focus (Ranger) --------------------------------------------------
// Whether the Ranger spends a Hope to make this weapon attack at t a Focus
// attack (paid here, before the roll). Our policy: when t is not already its
// Focus, is no Minion (whose Stress means nothing: any damage defeats it) and
// has at least 3 HP left (so more hits, each with its Stress, are likely to
// follow), and the Ranger keeps the Hope its class Hope feature needs after
// paying, as for a Hope-costing card (`card_hope_reserve`, 3: Hold Them Off).
template <class R, class Log>
inline bool Battle<R, Log>::focus_attack(int i, int t) {
  PcState& s = pc_[i];
  const int keep = hope_keep(i);
  if (!pc(i).rangers_focus || !opt_.class_features || pending_card_ >= 0 || s.hope < 1 + keep) return false;
  if ((s.hunted == t && adv_[t].alive) || adv(t).minion > 0 || adv_hp_left(t) < 3) return false;
  spend_hope(i, 1, kHopeSpentFeatures);
  FeatureRecord& f = feat(pc(i).feat_focus);
  ++f.uses;
  ++f.spent;
  ENCSIM_SAY(log_, "  %s spends a Hope on Ranger's Focus against %s", pname(i), aname(t));
  return true;
}

// A failed attack roll at its Focus: the Ranger ends the Focus to reroll the
// Duality Dice (our policy: always, before a Rally or Prayer Die; a new Focus
// costs one Hope, a failure its spotlight and usually a Fear).
template <class R, class Log>
inline bool Battle<R, Log>::focus_reroll(int i, bool attack, RollResult r) const {
  return attack && !succeeded(r) && roll_vs_ >= 0 && pc_[i].hunted == roll_vs_ && pc(i).rangers_focus &&
         opt_.class_features;
}

// Damage dealt to the Ranger's Focus (by its weapon, its spells, its
// companion's attack) makes it mark a Stress; one it cannot mark becomes an HP
// (adv_mark_stress), counted to the Focus row's damage.
template <class R, class Log>
inline void Battle<R, Log>::focus_stress(int from, int j) {
  if (from < 0 || pc_[from].hunted != j || !adv_[j].alive || !opt_.class_features) return;
  ENCSIM_SAY(log_, "  %s is %s's Focus: it marks a Stress", aname(j), pname(from));
  if (adv_[j].stress_marked >= adv(j).stress) credit(from, pc(from).feat_focus, 1);
  adv_mark_stress(j, 1);
}

}  // namespace encsim::daggerheart
