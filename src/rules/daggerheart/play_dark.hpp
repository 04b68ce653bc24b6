// Darkness a PC draws over itself, and a line it holds. Part of Battle
// (battle.hpp); not included on its own.
//
// Dark Cloud (an action's `cloak: attack`, target self): on a success the PC
// stands in a cloud no adversary sees into, so it is Cloaked from every foe
// (no map: the cloud is drawn over the PC itself). It ends as Shadow
// Stepper's Cloaked does, at the PC's next attack, or when the GM clears the
// cloud: it is a temporary effect, and this engine's reading of temporary is
// that an adversary spends its spotlight to clear it (as a glyph, a stun).
//
// Veil of Night (`veil`, target self): on a success a veil of darkness stands
// between the PC and the foes (no map: every foe beyond Melee range is on its
// far side; one that fights in Melee has come through it and sees the PC)
// until the PC casts another spell (play_card, pay_card) or the fight ends.
//
// Hold the Line (`hold_line`, target self, no roll): a stance until the PC
// fails an action roll with Fear or goes down (its moving is not tracked: it
// holds its ground). No map: an adversary whose standard attack is Melee that
// attacks the PC has come within Very Close range of it, so it is pulled in
// and Restrained as it attacks; the Restrained lasts until the stance ends,
// the GM spends 2 Fear on it, or the engine's Restrained reading frees it.
#pragma once

#include "rules/daggerheart/battle.hpp"

namespace encsim::daggerheart {

// The Sneak Attack a Cloaked PC i gains on its next weapon attack, in HP:
// nothing unless Sneak Attack needs a melee ally or Cloaked
// (sneak_attack_needs_melee_ally) and i has neither now; else, over the
// standing adversaries, the most of the chance its weapon hits times the HP
// the d6s add to a hit of mean damage (by weapon_value's reckoning).
template <class R, class Log>
inline double Battle<R, Log>::sneak_gain(int i) const {
  const Pc& p = pc(i);
  if (p.sneak_attack_dice == 0 || sneak_ok(i)) return 0.0;
  const PcWeapon& w = attack_of(i);
  const int mod = trait_of(i, w.trait) + w.attack_bonus + attack_plus(i) + experience_bonus(i);
  const double mean = p.proficiency * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus + pc_[i].stance_damage + pc_[i].steed;
  double best = 0.0;
  for (int t = 0; t < n_adv_; ++t) {
    if (!adv_[t].alive) continue;
    const int net = (adv_[t].vulnerable ? 1 : 0) - (adv_[t].hidden ? 1 : 0) + (pc_[i].advantage_next ? 1 : 0) +
                    (w.advantage ? 1 : 0) + (pc_[i].fail_adv >= 0 ? 1 : 0) + rally_adv(i);
    const double gain = adv_marks(t, mean + 3.5 * p.sneak_attack_dice, w.type) - adv_marks(t, mean, w.type);
    best = std::max(best, p_beats(mod, net, difficulty(t)) * gain);
  }
  return best;
}

// What a Dark Cloud over PC i is worth, in HP: the disadvantage on one attack
// against it (unseen_worth, as Shadow Stepper weighs it; 0 when it is unseen
// already, Eclipse's darkness standing or no foe left) plus the Sneak Attack
// Cloaked gives its next attack (sneak_gain).
template <class R, class Log>
inline double Battle<R, Log>::cloud_worth(int i) const {
  const double unseen = unseen_worth(i);
  return unseen <= 0.0 ? 0.0 : unseen + sneak_gain(i);
}

// PC i's card k (Dark Cloud) has succeeded: i is Cloaked under the cloud.
template <class R, class Log>
inline void Battle<R, Log>::start_cloud(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  pc_[i].unseen |= kCloud;
  ++feat(c.feat).conditions;
  ENCSIM_SAY(log_, "  %s: a dark cloud hides %s; Cloaked until it makes an attack", c.def->name.c_str(), pname(i));
}

// The GM's answer to the clouds as adversary j's spotlight begins. Our GM
// policy: of the standing PCs under a cloud, the one whose cloud costs the GM
// most (the disadvantage on one attack against it, weighed as if it were
// seen; by name on ties) has its cloud cleared by j's spotlight when that cost
// is more than j's standard attack is worth to the GM (threat_hp), as a glyph
// is cleared. Returns true when j's spotlight is spent so.
template <class R, class Log>
inline bool Battle<R, Log>::clear_cloud(int j) {
  int best = -1;
  double most = 0.0;
  for (int q = 0; q < n_pc_; ++q) {
    if (!standing(q) || (pc_[q].unseen & kCloud) == 0) continue;
    const int seen = pc_[q].unseen;
    pc_[q].unseen = 0;  // weighed as if seen
    const double w = unseen_worth(q);
    pc_[q].unseen = seen;
    if (w > most || (w == most && best >= 0 && named_before(q, best))) most = w, best = q;
  }
  if (best < 0 || most <= adv(j).threat_hp) return false;
  pc_[best].unseen &= ~kCloud;
  ENCSIM_SAY(log_, "%s spends its spotlight clearing the dark cloud over %s", aname(j), pname(best));
  return true;
}

// What a veil before PC i is worth, in HP: the disadvantage on one attack
// against it by a foe beyond Melee range (the one it turns away most:
// taunt_worth; nothing when i is unseen already or Eclipse's darkness stands),
// plus, when its weapon reaches beyond Melee, the advantage on its next
// weapon attack (the most, over the standing foes, of the chance the
// advantage adds times the HP its hit marks at the mean). 0 while a veil stands.
template <class R, class Log>
inline double Battle<R, Log>::veil_worth(int i) const {
  if (!standing(i) || pc_[i].veil != 0) return 0.0;
  double shield = 0.0;
  if (pc_[i].unseen == 0 && dark_from_ < 0)
    for (int j = 0; j < n_adv_; ++j)
      if (adv_[j].alive && adv(j).range != Range::melee) shield = std::max(shield, taunt_worth(i, j));
  double sharp = 0.0;
  const PcWeapon& w = attack_of(i);
  if (w.range != Range::melee) {
    const int mod = trait_of(i, w.trait) + w.attack_bonus + attack_plus(i) + experience_bonus(i);
    for (int t = 0; t < n_adv_; ++t) {
      if (!adv_[t].alive) continue;
      const int net = (adv_[t].vulnerable ? 1 : 0) - (adv_[t].hidden ? 1 : 0) + (pc_[i].advantage_next ? 1 : 0) +
                      (w.advantage ? 1 : 0) + (pc_[i].fail_adv >= 0 ? 1 : 0) + rally_adv(i);
      const double gain = p_beats(mod, net + 1, difficulty(t)) - p_beats(mod, net, difficulty(t));
      sharp = std::max(sharp, gain * weapon_marks(i, t, w));
    }
  }
  return shield + sharp;
}

// PC i's card k (Veil of Night) has succeeded: its veil stands.
template <class R, class Log>
inline void Battle<R, Log>::start_veil(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  pc_[i].veil = k + 1;
  ++feat(c.feat).conditions;
  ENCSIM_SAY(log_, "  %s: a veil of darkness stands before %s (attacks from beyond Melee on it have disadvantage; its own beyond Melee advantage)",
             c.def->name.c_str(), pname(i));
}

// PC i casts another spell: its veil falls.
template <class R, class Log>
inline void Battle<R, Log>::end_veil(int i) {
  pc_[i].veil = 0;
  ENCSIM_SAY(log_, "  %s casts another spell: its veil of darkness falls", pname(i));
}

// What Hold the Line is worth to PC i, in HP: nothing by default, where a
// Restrained adversary acts as before; under `restrained: loses_spotlight`
// each standing adversary whose standard attack is Melee, not Restrained
// already, loses a spotlight (an HP, as any card's Restrained on a foe) when
// it attacks i, weighed at the chance it picks i of the standing PCs (one in
// as many as stand). 0 while i holds the line.
template <class R, class Log>
inline double Battle<R, Log>::hold_worth(int i) const {
  if (!standing(i) || pc_[i].hold != 0 || !opt_.restrained_loses_spotlight) return 0.0;
  double sum = 0.0;
  for (int j = 0; j < n_adv_; ++j)
    if (adv_[j].alive && !adv_[j].restrained && adv(j).range == Range::melee) sum += 1.0;
  return sum / std::max(1, pcs_up_);
}

// PC i's card k (Hold the Line) is played: i holds the line.
template <class R, class Log>
inline void Battle<R, Log>::start_hold(int i, int k) {
  pc_[i].hold = k + 1;
  ENCSIM_SAY(log_, "  %s holds the line: a foe that closes in to attack it in Melee is Restrained", pname(i));
}

// Adversary j, whose standard attack is Melee and who is not Restrained,
// attacks PC t, who holds the line: j is pulled in and Restrained. Once freed
// (the GM's 2 Fear, or breaking free) it stands in Melee already: it is not
// pulled in again while the stance holds (crossed).
template <class R, class Log>
inline void Battle<R, Log>::hold_foe(int j, int t) {
  const PcCard& c = pc(t).cards[static_cast<std::size_t>(pc_[t].hold - 1)];
  adv_[j].restrained = true;
  adv_[j].held_by = t;
  adv_[j].crossed |= 1u << t;
  ++feat(c.feat).conditions;
  ENCSIM_SAY(log_, "  %s: %s is pulled into Melee and Restrained", c.def->name.c_str(), aname(j));
}

// PC i's line breaks (a failure with Fear, or it goes down): the stance ends
// and so does each Restrained it laid.
template <class R, class Log>
inline void Battle<R, Log>::end_hold(int i, const char* why) {
  pc_[i].hold = 0;
  ENCSIM_SAY(log_, "  %s %s: it no longer holds the line", pname(i), why);
  for (int j = 0; j < n_adv_; ++j) {
    adv_[j].crossed &= ~(1u << i);
    if (adv_[j].held_by == i) {
      adv_[j].held_by = -1;
      adv_[j].restrained = false;
      if (adv_[j].alive) ENCSIM_SAY(log_, "  %s is no longer Restrained", aname(j));
    }
  }
}

// Adversary j's spotlight begins while Hold the Line holds it Restrained
// under `restrained: loses_spotlight` (else Restrained costs it nothing and
// the GM spends nothing). Our GM policy: it spends 2 Fear to clear the
// Restrained, so j acts, when its spending policy allows 2 and j's standard
// attack is worth more to it (threat_hp) than 2 Fear (kWorthFear each); else
// j spends the spotlight breaking free. Returns true when the Fear is spent.
template <class R, class Log>
inline bool Battle<R, Log>::free_held(int j) {
  if (!can_spend(2) || adv(j).threat_hp <= 2 * kWorthFear) return false;
  spend(2, kFearSpentFeatures);
  adv_[j].restrained = false;
  adv_[j].held_by = -1;
  ENCSIM_SAY(log_, "The GM spends 2 Fear to clear %s's Restrained (Hold the Line; %d left)", aname(j), fear_);
  return true;
}

}  // namespace encsim::daggerheart
