// Guises and auras on a PC (cards.hpp: layers, attacker_stress,
// trait_as_spellcast, hide): layers of illusion that make attacks on the PC
// fail (Confusing Aura), an aura that makes each adversary that attacks the PC
// mark a Stress and lifts a trait to the Spellcast trait's value
// (Overwhelming Aura), and a PC Hidden after an attack on it fails (Vanishing
// Dodge). What each is worth, when the PC plays it, and what it does to the
// adversaries' attacks. Included at the end of battle.hpp; not meant to be
// included on its own. docs/rules/daggerheart.md, "Readings the cards leave
// open" and "When a PC plays a card", record the readings and the policies.
#pragma once

#include <algorithm>
#include <cstdio>

namespace encsim::daggerheart {

// ---- layers of illusion (Confusing Aura) --------------------------------------

// The attacks an aura of n layers turns away, on average, before it ends (a
// d6 per layer on each hit; any at or above `face` takes a layer off and the
// attack fails; all below it and the aura ends): E(n) = p(n) (1 + E(n - 1)),
// p(n) = 1 - ((face - 1) / 6)^n.
inline double layers_turned(int n, int face) {
  const double low = (face - 1) / 6.0;
  double e = 0.0, miss = 1.0;
  for (int l = 1; l <= n; ++l) {
    miss *= low;
    e = (1.0 - miss) * (1.0 + e);
  }
  return e;
}

// What one hit on PC i is worth turning away now, in HP: the most of the
// standing adversaries' standard attacks at their mean damage (hit_worth: the
// HP it marks by i's thresholds, an Armor Slot a half, one more when it takes i down).
template <class R, class Log>
inline double Battle<R, Log>::guise_hit_worth(int i) const {
  double best = 0.0;
  for (int j = 0; j < n_adv_; ++j)
    if (adv_[j].alive) best = std::max(best, hit_worth(i, adv(j).damage_mean, adv(j).direct));
  return best;
}

// The Stress PC i marks for more layers as its aura begins (the policy): one
// more layer at a time while the attacks it turns away on average (E(n + 1) -
// E(n), layers_turned) times what a hit is worth (guise_hit_worth) is more
// than a Stress (kStressWorth), never marking its last Stress slot. *worth:
// what the aura is worth, those Stress paid.
template <class R, class Log>
inline int Battle<R, Log>::layers_plan(int i, const CardEffect& e, double* worth) const {
  const double hit = guise_hit_worth(i);
  const int room = pc(i).stress - pc_[i].stress_marked - 1;  // the last slot kept free
  int extra = 0;
  while (extra < room && (layers_turned(extra + 2, e.layers) - layers_turned(extra + 1, e.layers)) * hit > kStressWorth) ++extra;
  *worth = layers_turned(extra + 1, e.layers) * hit - kStressWorth * extra;
  return extra;
}

// PC i's card k succeeds: its aura begins, one layer and one per Stress the policy marks.
template <class R, class Log>
inline void Battle<R, Log>::start_layers(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  double worth = 0.0;
  const int extra = layers_plan(i, c.def->effect, &worth);
  if (extra > 0) {
    mark_stress(i, extra);
    feat(c.feat).spent += extra;
  }
  pc_[i].layers = 1 + extra;
  pc_[i].layers_card = k;
  ENCSIM_SAY(log_, "  %s: %s marks %d Stress for %d layer%s of illusion", c.def->name.c_str(), pname(i), extra, 1 + extra,
             extra == 0 ? "" : "s");
}

// An adversary's attack has succeeded against PC t (after the `attacked`
// reactions), its damage of mean `mean` not rolled: a d6 per layer. Any at or
// above the card's face takes a layer off and the attack fails (the card's
// `healed` counts the HP that mean would have marked); all below it, the
// attack lands and the aura ends. Returns whether the attack still hits.
template <class R, class Log>
inline bool Battle<R, Log>::layers_hold(int t, double mean) {
  PcState& s = pc_[t];
  const PcCard& c = pc(t).cards[static_cast<std::size_t>(s.layers_card)];
  const int face = c.def->effect.layers;
  char rolled[64];
  int at = 0, best = 0;
  for (int l = 0; l < s.layers; ++l) {
    const int d = dice_.die(6);
    best = std::max(best, d);
    if (at < 56) at += std::snprintf(rolled + at, sizeof rolled - static_cast<std::size_t>(at), l == 0 ? "%d" : ", %d", d);
  }
  rolled[std::min(at, 63)] = '\0';
  if (best >= face) {
    --s.layers;
    feat(c.feat).healed += std::min(severity(static_cast<int>(mean + 0.5), major_of(t), severe_of(t)), std::max(0, hp_left(t)));
    ENCSIM_SAY(log_, "  %s: d6 %s: a layer is destroyed and the attack on %s fails (%d left)", c.def->name.c_str(), rolled,
               pname(t), s.layers);
    if (s.layers == 0) ENCSIM_SAY(log_, "  %s's %s ends: no layer left", pname(t), c.def->name.c_str());
    return false;
  }
  s.layers = 0;
  ENCSIM_SAY(log_, "  %s: d6 %s: no layer holds: the attack lands and the aura ends", c.def->name.c_str(), rolled);
  (void)rolled;
  return true;
}

// ---- an overwhelming aura (Overwhelming Aura) --------------------------------

// What card e's aura (attacker_stress, trait_as_spellcast) is worth to PC i
// now, in HP: each standing adversary, as if each attacked i once before the
// fight ends, marks its Stress (a quarter each, as the card value rule counts
// a foe's Stress; an HP when it has none left to mark); and the lift of the
// trait, when i's weapon attacks with it: the better chance of one weapon
// attack at the foe its weapon is worth most against (weapon_value) times that hit's
// marks. 0 when the aura stands already.
template <class R, class Log>
inline double Battle<R, Log>::guise_worth(int i, const CardEffect& e) const {
  if (!standing(i)) return 0.0;
  if (e.layers > 0) {
    if (pc_[i].layers > 0) return 0.0;
    double worth = 0.0;
    layers_plan(i, e, &worth);
    return worth;
  }
  if (pc_[i].foe_stress > 0) return 0.0;
  double v = 0.0;
  for (int j = 0; j < n_adv_; ++j) {
    if (!adv_[j].alive) continue;
    v += adv_[j].stress_marked + e.attacker_stress <= adv(j).stress ? kStressWorth * e.attacker_stress : 1.0;
  }
  const PcWeapon& w = attack_of(i);
  if (e.trait_as_spellcast >= 0 && static_cast<int>(w.trait) == e.trait_as_spellcast && pc(i).spellcast >= 0) {
    const int lift = pc(i).traits[static_cast<std::size_t>(pc(i).spellcast)] -
                     pc(i).traits[static_cast<std::size_t>(e.trait_as_spellcast)];
    int t = -1;  // the foe its weapon is worth most against (the first listed on ties)
    double most = -1.0;
    for (int j = 0; j < n_adv_; ++j)
      if (adv_[j].alive && weapon_value(i, j) > most) most = weapon_value(i, j), t = j;
    if (t >= 0 && lift != 0) {
      const int mod = trait_of(i, w.trait) + w.attack_bonus + attack_plus(i);
      const int net = (adv_[t].vulnerable ? 1 : 0) - (adv_[t].hidden ? 1 : 0) + (w.advantage ? 1 : 0);
      v += (p_beats(mod + lift, net, difficulty(t)) - p_beats(mod, net, difficulty(t))) * weapon_marks(i, t, w);
    }
  }
  return v;
}

// PC i's card k succeeds: its aura stands until the fight ends.
template <class R, class Log>
inline void Battle<R, Log>::start_guise(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  if (e.layers > 0) return start_layers(i, k);
  PcState& s = pc_[i];
  s.foe_stress = e.attacker_stress;
  s.foe_stress_card = k;
  ENCSIM_SAY(log_, "  %s: each adversary that attacks %s marks %d Stress", c.def->name.c_str(), pname(i), e.attacker_stress);
  if (e.trait_as_spellcast >= 0 && pc(i).spellcast >= 0) {
    s.lift_trait = e.trait_as_spellcast;
    s.lift = pc(i).traits[static_cast<std::size_t>(pc(i).spellcast)] - pc(i).traits[static_cast<std::size_t>(e.trait_as_spellcast)];
    ENCSIM_SAY(log_, "  %s: %s's %s is %+d (its Spellcast trait's value)", c.def->name.c_str(), pname(i),
               kTraitText[e.trait_as_spellcast], trait_of(i, static_cast<Trait>(e.trait_as_spellcast)));
  }
}

// Adversary j makes an attack at PC t, whose aura makes it mark Stress
// (adv_mark_stress: an HP when it has no Stress left); the card's
// `conditions` counts each time. Returns whether j still stands.
template <class R, class Log>
inline bool Battle<R, Log>::guise_tax(int j, int t) {
  const PcCard& c = pc(t).cards[static_cast<std::size_t>(pc_[t].foe_stress_card)];
  ++feat(c.feat).conditions;
  ENCSIM_SAY(log_, "  %s attacks %s through %s: it marks %d Stress", aname(j), pname(t), c.def->name.c_str(), pc_[t].foe_stress);
  adv_mark_stress(j, pc_[t].foe_stress);
  return adv_[j].alive;
}

// What attacking PC t costs adversary j, by the adversaries' value rule: the
// Stress its aura makes j mark, at what an unhurt adversary keeps a Stress
// for (Play::stress_cost), an HP when j has none left. 0 without an aura.
template <class R, class Log>
inline double Battle<R, Log>::guise_cost(int j, int t) const {
  const int n = pc_[t].foe_stress;
  if (n == 0) return 0.0;
  return adv_[j].stress_marked + n <= adv(j).stress ? n * enc_.play.stress_cost : 1.0;
}

// ---- Hidden after a failed attack (Vanishing Dodge) ---------------------------

// Adversary `foe`'s attack of damage type `miss_type_` has failed against PC
// i, whose card k (hide) may hide it. Our policy: when the attack's type is
// the card's, i is not unseen already, and the disadvantage on one attack
// against it (unseen_worth) is worth more than the card's costs. Hidden: the
// attacks on it have disadvantage until its next action roll (after_roll).
template <class R, class Log>
inline void Battle<R, Log>::vanish(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  if (e.hide != 2 && e.hide != static_cast<int>(miss_type_)) return;
  if (pc_[i].unseen != 0 || unseen_worth(i) <= kHopeWorth * card_hope(i, k) + kStressWorth * e.stress) return;
  pay_card(i, k);
  pc_[i].unseen |= kHidden;
  ++feat(c.feat).conditions;
  ENCSIM_SAY(log_, "  %s plays %s: Hidden until its next action roll", pname(i), c.def->name.c_str());
}

// ---- a condition shrugged off (Bold Presence) ---------------------------------

// An adversary's effect would make PC t Vulnerable (*vul) and/or Restrained
// (*res), and t's avoid_condition is unspent this rest. Our policy: spend it
// on the first condition worth something by the adversaries' value rule: a
// new Vulnerable (kWorthVulnerable), a Restrained that costs a spotlight
// (kWorthLostSpotlight, with restrained_loses_spotlight; else it takes
// nothing from the PC here); of two at once the one worth more (Restrained
// on ties). Later conditions can't be foreseen, so none is waited for. The
// card's `conditions` counts each avoided.
template <class R, class Log>
inline void Battle<R, Log>::avoid_condition(int t, bool* vul, bool* res) {
  const double v = *vul && !vulnerable(t) ? kWorthVulnerable : 0.0;
  const double r = *res && !pc_[t].restrained && opt_.restrained_loses_spotlight ? kWorthLostSpotlight : 0.0;
  if (v <= 0.0 && r <= 0.0) return;
  const PcCard& c = pc(t).cards[static_cast<std::size_t>(pc(t).avoid_card)];
  pc_[t].avoid_used = true;
  ++feat(c.feat).conditions;
  bool& which = r >= v ? *res : *vul;
  which = false;
  ENCSIM_SAY(log_, "  %s: %s avoids becoming %s (once a rest)", c.def->name.c_str(), pname(t), r >= v ? "Restrained" : "Vulnerable");
}

}  // namespace encsim::daggerheart
