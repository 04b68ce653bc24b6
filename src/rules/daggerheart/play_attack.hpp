// What cards add to a PC's own weapon attacks and damage rolls (cards.hpp):
// the `attack` reactions before the roll (Rage Up, Smite's charge, Frenzy's
// stance, Deadly Focus, Apex Predator's Fear), a `failed` reaction's
// advantage (Inevitable), and the passives that join a damage roll under a
// condition (Adrenaline, Voice of Reason). pc_attack and roll_pc_damage
// (pcs.hpp) call them. Included at the end of battle.hpp; not meant to be
// included on its own. docs/rules/daggerheart.md, "Domain cards", records
// every reading.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

namespace encsim::daggerheart {

// `attack` reactions (Rage Up, Smite): before PC i's weapon attack roll at t (its
// modifier and net advantage `mod`, `net`), each card, in name order, is
// played as many times as its `repeat` allows while one more play raises the
// HP the hit marks at t (at the weapon's mean damage, Sneak Attack's too, with
// what is already added) by more than its cost, times the chance the roll
// hits; never with a Stress the PC cannot mark (it would become an HP). Costs
// are paid here, hit or miss. A charge (double_damage, Smite), while none
// waits, when doubling the hit at its mean (with what is added before it)
// marks more HP on t than its costs are worth, whatever the chance to hit
// (the charge waits for the next hit); a Hope-costing one keeps the class
// feature's Hope (card_hope_reserve). Returns the damage they add on a hit; *first:
// the first card played (its record gets the HP they add), -1 none.
template <class R, class Log>
inline int Battle<R, Log>::before_attack(int i, int t, const PcWeapon& w, int mod, int net, int* first) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  *first = -1;
  const double hit = p_beats(mod, net + (s.fail_adv >= 0 ? 1 : 0), difficulty(t));
  const double sneak = p.sneak_attack_dice > 0 && sneak_ok(i) ? 3.5 * p.sneak_attack_dice : 0.0;
  // The hit's mean, a stance's bonus in it (pc_attack adds that, not the total returned).
  double mean = (p.proficiency + (s.marked_foe == t ? s.marked_dice : 0)) * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus +
                sneak + s.stance_damage;
  std::array<int, kTraitCount> traits{};
  for (int q = 0; q < kTraitCount; ++q) traits[static_cast<std::size_t>(q)] = trait_of(i, static_cast<Trait>(q));
  int total = 0;
  for (const int k : CardSet{cards_on(i, CardTrigger::attack)}) {  // live `attack` cards only
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardEffect& e = c.def->effect;
    std::int8_t& uses = s.card_uses[static_cast<std::size_t>(k)];
    if ((s.beast && c.def->spell) || e.first_attack || e.roll_bonus > 0) continue;
    if (copy_short(i, k, e.hope)) [[unlikely]] continue;  // Copycat's Hope first (play_copy.hpp)
    if (e.focus_proficiency > 0) {  // a focus (Deadly Focus) on t, while none is held
      if (s.marked_foe >= 0 || uses == 0 || s.hope < e.hope || e.stress > stress_room(i, e.stress) ||
          adv(t).minion > 0 || adv_hp_left(t) < 3)
        continue;
      pay_card(i, k);
      s.marked_foe = t;
      s.marked_card = k;
      s.marked_dice = e.focus_proficiency;
      mean += e.focus_proficiency * (w.sides + 1) / 2.0;
      ENCSIM_SAY(log_, "  %s plays %s on %s: +%d Proficiency against it", pname(i), c.def->name.c_str(), aname(t),
                 e.focus_proficiency);
      continue;
    }
    if (e.fear < 0) {  // the GM loses Fear if this attack succeeds (Apex Predator)
      const int keep = hope_keep(i, e.hope);
      if (s.fear_card >= 0 || uses == 0 || fear_ <= 0 || (e.hit_if == HitIf::focus && s.hunted != t) ||
          s.hope < e.hope + keep || e.stress > stress_room(i, e.stress))
        continue;
      pay_card(i, k);
      s.fear_card = k;
      ENCSIM_SAY(log_, "  %s plays %s: the GM loses %d Fear if the attack succeeds", pname(i), c.def->name.c_str(), -e.fear);
      continue;
    }
    if (e.stance()) {  // a stance until the fight ends (Frenzy), while none is taken
      if (s.stance >= 0 || uses == 0 || s.hope < e.hope || e.stress > stress_room(i, e.stress)) continue;
      const double gain = hit * (adv_marks(t, mean + total + e.fight_damage, w.type) - adv_marks(t, mean + total, w.type));
      const double armor = e.no_armor && !s.no_armor ? kArmorWorth * std::max(0, p.armor_slots - s.armor_marked) : 0.0;
      if (gain <= armor + kHopeWorth * card_hope(i, k) + kStressWorth * e.stress) continue;
      take_stance(i, k);
      mean += e.fight_damage;  // this attack's roll gets it too (pc_attack adds it)
      continue;
    }
    if (e.double_damage) {  // a charge (Smite), while none is waiting
      const int keep = hope_keep(i, e.hope);
      if (s.charged >= 0 || uses == 0 || s.hope < e.hope + keep || e.stress > stress_room(i, e.stress)) continue;
      const double gain = adv_marks(t, 2 * (mean + total), e.typed ? e.type : w.type) - adv_marks(t, mean + total, w.type);
      if (gain <= kHopeWorth * card_hope(i, k) + kStressWorth * e.stress) continue;
      pay_card(i, k);
      s.charged = k;
      ENCSIM_SAY(log_, "  %s plays %s: its next successful weapon attack's damage roll is doubled", pname(i),
                 c.def->name.c_str());
      continue;
    }
    const int b = e.attack_damage.value(traits.data(), p.proficiency);
    for (int n = 0; n < e.repeat && uses != 0 && b > 0; ++n) {
      if (e.stress > stress_room(i, e.stress)) break;
      const double gain = hit * (adv_marks(t, mean + total + b, w.type) - adv_marks(t, mean + total, w.type));
      if (gain <= kStressWorth * e.stress) break;
      pay_card(i, k);
      total += b;
      if (*first < 0) *first = k;
      ENCSIM_SAY(log_, "  %s plays %s: +%d to the damage roll if it hits", pname(i), c.def->name.c_str(), b);
    }
  }
  return total;
}

// PC i takes stance card k (its costs paid here): what it adds until the
// fight ends, or until a Severe hit (ends_severe), told in the log.
template <class R, class Log>
inline void Battle<R, Log>::take_stance(int i, int k) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  const PcCard& c = p.cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  pay_card(i, k);
  s.stance = k;
  s.stance_damage += e.fight_damage;
  s.stance_severe += e.fight_severe;
  s.no_armor = s.no_armor || e.no_armor;
  s.stance_thresholds = e.fight_thresholds.value(p.traits.data(), p.proficiency, p.level);
  s.stance_adv = e.fight_advantage;
  s.stance_prof = e.fight_proficiency + p.stance_plus_proficiency;
  s.stance_evasion = e.fight_evasion + p.stance_plus_evasion;
  s.stance_splash = e.fight_splash_stress;
  if (p.aura_card >= 0) [[unlikely]] stance_aura(i);  // Elemental Aura (play_zone.hpp), told before the stance's own line
  if (e.fight_damage > 0 || e.fight_severe > 0 || e.no_armor)
    ENCSIM_SAY(log_, "  %s plays %s until %s: +%d to damage rolls, +%d to the Severe threshold%s", pname(i), c.def->name.c_str(),
               e.hope_per_roll > 0 ? "it can't spend a Hope before an action roll" : "the fight ends", e.fight_damage,
               e.fight_severe, e.no_armor ? ", no Armor Slots" : "");
  else
    ENCSIM_SAY(log_, "  %s plays %s until %s: +%d to its thresholds%s%s%s, +%d Proficiency, +%d Evasion", pname(i),
               c.def->name.c_str(), e.ends_severe ? "it takes Severe damage" : "the fight ends", s.stance_thresholds,
               e.fight_retaliate.present() ? ", damage back to Melee attackers" : "",
               s.stance_adv >= 0 ? ", advantage on its attacks with that trait" : "",
               s.stance_splash > 0 ? ", Stress on the foes beside one it damages in Melee" : "", s.stance_prof, s.stance_evasion);
}

// A stance taken as PC i's spotlight begins (Elemental Incarnation), while it
// holds none: each such card in name order, the first whose costs it can pay
// (never a Stress it cannot mark; a Hope cost keeps card_hope_reserve with a
// class Hope feature). Our policy: always then, since the stance lasts until
// a Severe hit or the fight's end and a Stress is a quarter of an HP (docs).
// A fight_traits card (Full Surge) likewise, once, when it leaves the PC a
// Stress slot free; it is no stance and joins one; a rising_die card (Wild
// Surge) once, when its Stress and the one it ends with leave a slot free.
template <class R, class Log>
inline void Battle<R, Log>::spotlight_stance(int i) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  for (const int k : CardSet{cards_on(i, CardTrigger::spotlight)}) {  // live `spotlight` cards only
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardEffect& e = c.def->effect;
    const int keep = hope_keep(i, e.hope);
    if (s.card_uses[static_cast<std::size_t>(k)] == 0 ||
        (s.beast && c.def->spell) || s.hope < e.hope + keep || e.stress > stress_room(i, e.stress) ||
        copy_short(i, k, e.hope + e.hope_per_roll))  // Copycat's Hope first (play_copy.hpp)
      continue;
    if (e.fight_traits > 0) {  // Full Surge (play_party.hpp): once, leaving a Stress slot free
      if (s.trait_bonus == 0 && e.stress < stress_room(i, e.stress)) surge(i, k);
      continue;
    }
    if (e.rising_die > 0) {  // Wild Surge (play_boosts.hpp): once, both its Stress leaving a slot free
      if (s.rising == 0 && 2 * e.stress < stress_room(i, 2 * e.stress)) rise(i, k);
      continue;
    }
    // A stance held for Hope before each roll (Force of Nature): taken when the PC holds that Hope for its first roll.
    if (s.stance < 0 && s.hope >= e.hope + e.hope_per_roll) take_stance(i, k);
  }
}

// PC i's stance ends (a Severe hit ends Elemental Incarnation): what it added goes.
template <class R, class Log>
inline void Battle<R, Log>::end_stance(int i, const char* why) {
  PcState& s = pc_[i];
  ENCSIM_SAY(log_, "  %s's %s ends (%s)", pname(i), pc(i).cards[static_cast<std::size_t>(s.stance)].def->name.c_str(), why);
  s.stance = -1;
  if (auras_ >> i & 1u) [[unlikely]] {
    auras_ &= ~(std::uint64_t{1} << i);
    ENCSIM_SAY(log_, "  %s's %s ends with it", pname(i), pc(i).cards[static_cast<std::size_t>(pc(i).aura_card)].def->name.c_str());
  }
  s.stance_damage = s.stance_severe = s.stance_thresholds = s.stance_prof = s.stance_evasion = 0;
  s.stance_adv = -1;
  s.stance_splash = 0;
  s.no_armor = false;
}

// A stance's damage back (Elemental Incarnation's Fire): adversary j, which
// fights in Melee range, has dealt PC t damage with an attack while it held
// stance k (the hit that ends it too): j takes the stance's dice (no roll: no
// Minion spillover), counted to the stance's row.
template <class R, class Log>
inline void Battle<R, Log>::retaliate(int t, int j, int k) {
  if (k < 0 || adv(j).range != Range::melee || !adv_[j].alive) return;
  const PcCard& c = pc(t).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  if (!e.fight_retaliate.present()) return;
  int dmg = e.fight_retaliate.flat;
  for (int q = 0; q < e.fight_retaliate.count; ++q) dmg += dice_.die(e.fight_retaliate.sides);
  ENCSIM_SAY(log_, "  %s: %d %s damage back to %s", c.def->name.c_str(), dmg,
             e.type == DamageType::magic ? "magic" : "physical", aname(j));
  damage_adversary(t, j, dmg, e.type, true, 0, c.feat);
}

// An `attack` reaction's Fear loss (Apex Predator) when PC i's attack has
// succeeded: the GM loses it (never below 0); the card's row counts it as
// `conditions`. Called after every attack roll's result; the charge ends.
template <class R, class Log>
inline void Battle<R, Log>::fear_on_success(int i) {
  const int k = pc_[i].fear_card;
  pc_[i].fear_card = -1;
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const int n = std::min(fear_, -c.def->effect.fear);
  fear_ -= n;
  feat(c.feat).conditions += n;
  ENCSIM_SAY(log_, "  %s: the GM loses %d Fear (%d left)", c.def->name.c_str(), n, fear_);
}

// A `failed` reaction's advantage (Inevitable) joins this action roll of PC i's.
template <class R, class Log>
inline int Battle<R, Log>::fail_advantage(int i) {
  const int k = pc_[i].fail_adv;
  pc_[i].fail_adv = -1;
  ENCSIM_SAY(log_, "  %s: advantage on this roll", pc(i).cards[static_cast<std::size_t>(k)].def->name.c_str());
  return 1;
}

// A stance's bonus to PC i's damage roll (Frenzy), told when it joins one.
template <class R, class Log>
inline int Battle<R, Log>::stance_damage(int i) {
  const int v = pc_[i].stance_damage;
  if (v > 0) ENCSIM_SAY(log_, "  %s: +%d", pc(i).cards[static_cast<std::size_t>(pc_[i].stance)].def->name.c_str(), v);
  return v;
}

// A focus (Deadly Focus) ends when PC i attacks another than its target
// (t: the one it attacks now) or the target has fallen.
template <class R, class Log>
inline void Battle<R, Log>::end_focus(int i, int t) {
  PcState& s = pc_[i];
  if (s.marked_foe == t && adv_[t].alive) return;
  ENCSIM_SAY(log_, "  %s's %s on %s ends", pname(i), pc(i).cards[static_cast<std::size_t>(s.marked_card)].def->name.c_str(),
             aname(s.marked_foe));
  s.marked_foe = -1;
}

// A conditional passive's bonus to PC i's damage roll while it is Vulnerable (Adrenaline).
template <class R, class Log>
inline int Battle<R, Log>::vulnerable_damage(int i) {
  const int v = pc(i).vulnerable_damage;
  if (v <= 0 || !vulnerable(i)) return 0;
  ENCSIM_SAY(log_, "  %s: +%d (Vulnerable)", pc(i).cards[static_cast<std::size_t>(pc(i).vulnerable_card)].def->name.c_str(), v);
  ++feat(pc(i).cards[static_cast<std::size_t>(pc(i).vulnerable_card)].feat).uses;
  return v;
}

// A conditional passive's Proficiency on PC i's damage rolls while all its
// Stress slots are marked (Voice of Reason): the dice it adds, told and counted.
template <class R, class Log>
inline int Battle<R, Log>::stressed_dice(int i) {
  const int v = pc(i).stressed_proficiency;
  if (v <= 0 || pc_[i].stress_marked < pc(i).stress) return 0;
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(pc(i).stressed_card)];
  ENCSIM_SAY(log_, "  %s: +%d Proficiency (all Stress marked)", c.def->name.c_str(), v);
  ++feat(c.feat).uses;
  return v;
}

}  // namespace encsim::daggerheart
