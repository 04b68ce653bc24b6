// A hit's extras (cards.hpp): an attack card's bonus dice, the `hit`
// reactions that join a weapon's or a spell's damage roll (card_hit) and an
// attack card's targets. Split from play_cards.hpp, which plays the cards;
// included at the end of battle.hpp; not meant to be included on its own.
// docs/rules/daggerheart.md, "Domain cards", records every reading.
#pragma once

#include <algorithm>
#include <cmath>

namespace encsim::daggerheart {

// An attack card's hit: its bonus dice join the damage roll (a critical adds
// their maximum too).
template <class R, class Log>
inline int Battle<R, Log>::card_attack_bonus(int i, bool crit, bool hope) {
  if (pending_card_ < 0) return 0;
  const CardEffect& e = pc(i).cards[static_cast<std::size_t>(pending_card_)].def->effect;
  const bool with_hope = hope && e.hope_bonus.present();
  if (!e.bonus.present() && !with_hope) return 0;
  const int extra = (e.bonus.present() ? roll_card_dice(i, e.bonus, crit) : 0) + (with_hope ? roll_card_dice(i, e.hope_bonus, crit) : 0);
  ENCSIM_SAY(log_, "  %s: +%d damage", pc(i).cards[static_cast<std::size_t>(pending_card_)].def->name.c_str(), extra);
  return extra;
}

// `hit` reactions: once PC i's hit on t (a weapon's, or a rolled card's
// attack: `w` says what with) has rolled `dmg`, each
// feature whose condition holds joins it, in name order, when the HP its dice
// add at t's thresholds (by expectation), and the HP it marks on top
// (hp_marks, while t has HP left to mark), are worth more than its cost; a
// free one with unlimited uses always joins. Costs are paid here. Returns the
// extra damage; *plus: the HP marked on top; *first: the first that joined
// (its record gets the HP it adds), -1 none.
template <class R, class Log>
inline int Battle<R, Log>::card_hit(int i, int t, const HitWith& w, int dmg, bool crit, RollResult r, int* first,
                                     bool* mixed, int* plus) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  int extra = 0;
  *first = -1;
  for (const int k : CardSet{cards_on(i, CardTrigger::hit)}) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardEffect& e = c.def->effect;
    std::int8_t& uses = s.card_uses[static_cast<std::size_t>(k)];
    if (uses == 0 || (s.beast && c.def->spell)) continue;  // cards_on: live `hit` cards only
    // A spell's or trait roll's attack: `weapon` cards never, +1 Proficiency only on dice counted by it.
    if ((e.hit_if == HitIf::melee && w.range != Range::melee) || (e.hit_if == HitIf::magic && !w.magic) ||
        (e.hit_if == HitIf::fear && r != RollResult::success_fear) || (e.secondary_dice > 0 && !p.secondary.present) ||
        (e.hit_if == HitIf::near && w.range != Range::melee && w.range != Range::very_close) || e.extra_targets > 0 ||
        e.own_marks || (e.hit_if == HitIf::weapon && !w.weapon) || (e.weapon_dice > 0 && !w.prof))
      continue;
    const int keep = hope_keep(i, e.hope);
    if (s.hope < e.hope + keep || e.stress > stress_room(i, e.stress) || copy_short(i, k, e.hope + keep)) continue;
    const double cost = kHopeWorth * card_hope(i, k) + kStressWorth * e.stress;
    if (e.max_die && low_die_ >= w.sides) continue;  // Versatile Fighter: nothing to raise
    if (cost > 0 || uses > 0) {
      const double mean = e.bonus.mean(p.proficiency, spellcast_mod(i)) + e.weapon_dice * (w.sides + 1) / 2.0 +
                          e.secondary_dice * (p.secondary.sides + 1) / 2.0 + (e.double_die ? top_die_ : 0) +
                          (e.max_die ? w.sides - low_die_ : 0) + (e.fear_bonus ? last_fear_ : 0);
      const double marked = adv_marks(t, dmg + extra + mean, w.type);
      double gain = marked - adv_marks(t, dmg + extra, w.type);
      if (e.hp_marks > 0 && !(adv(t).immune & type_bit(w.type)) && adv(t).minion == 0)
        gain += std::max(0.0, std::min<double>(e.hp_marks, adv_hp_left(t) - marked - *plus));
      if (gain <= cost) continue;
    }
    pay_card(i, k);
    *plus += e.hp_marks;
    int add = roll_card_dice(i, e.bonus, crit);
    for (int q = 0; q < e.weapon_dice; ++q) add += dice_.die(w.sides) + (crit ? w.sides : 0);
    for (int q = 0; q < e.secondary_dice; ++q) add += dice_.die(p.secondary.sides) + (crit ? p.secondary.sides : 0);
    if (e.double_die) add += top_die_;  // the highest die counts twice (no new roll)
    if (e.fear_bonus) add += last_fear_;  // the attack roll's Fear Die (Midnight-Touched)
    if (e.max_die) {
      ENCSIM_SAY(log_, "  %s: a d%d showing %d counts %d", c.def->name.c_str(), w.sides, low_die_, w.sides);
      add += w.sides - low_die_;
      low_die_ = w.sides;
    }
    extra += add;
    if (*first < 0) *first = k;
    if (e.typed && e.type != w.type) *mixed = true;  // both types: resistance needs both (damage_adversary)
    if (e.hp_marks > 0)
      ENCSIM_SAY(log_, "  %s plays %s: the target marks %d more HP", pname(i), c.def->name.c_str(), e.hp_marks);
    else
      ENCSIM_SAY(log_, "  %s plays %s: +%d damage", pname(i), c.def->name.c_str(), add);
  }
  return extra;
}

// `hit` reactions with extra_targets (Spirit Weapon): once PC i's weapon
// attack roll has succeeded (what it beats: `beats`), before its damage roll,
// each such card whose condition holds, in name order, adds adversaries the
// roll beats (the one with fewest HP left first, as Hold Them Off), while the
// HP the weapon's hit marks on that one at its mean is worth more than the
// card's cost, up to `targets`'s four. Costs are paid here; *feats gets the
// card's row for each target it adds (its HP count there).
template <class R, class Log>
inline void Battle<R, Log>::card_targets(int i, const PcWeapon& w, int beats, int* targets, int* feats, int* n, unsigned* half) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  for (const int k : CardSet{cards_on(i, CardTrigger::hit)}) {  // extra_targets: a `hit` reaction's (check_card.cpp)
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardEffect& e = c.def->effect;
    if (e.extra_targets == 0 || (s.beast && c.def->spell) ||
        (e.hit_if == HitIf::near && w.range != Range::melee && w.range != Range::very_close) ||
        (e.hit_if == HitIf::melee && w.range != Range::melee) || (e.hit_if == HitIf::magic && w.type != DamageType::magic))
      continue;
    const int keep = hope_keep(i, e.hope);
    int added = 0;
    const int most = e.extra_area ? area_reach(e.range) - 1 : e.extra_targets;  // Whirlwind: the area's, less the first
    // Whirlwind's further targets take half the damage: weighed at half the weapon's mean.
    const double mean = p.proficiency * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus + s.stance_damage;
    for (int q = 0; q < most && *n < 4; ++q) {
      if (s.card_uses[static_cast<std::size_t>(k)] == 0 || s.hope < e.hope + keep || e.stress > stress_room(i, e.stress) ||
          copy_short(i, k, e.hope + keep))
        break;
      const int u = select(true, i, Target::lowest_hp, targets, *n);
      if (u < 0 || difficulty(u) > beats) break;
      const double worth = e.half_damage ? adv_marks(u, mean / 2, w.type) : weapon_marks(i, u, w);
      if (worth <= kHopeWorth * (added == 0 ? card_hope(i, k) : e.hope) + kStressWorth * e.stress) break;
      if (added == 0) pay_card(i, k);
      if (e.double_matches) [[unlikely]] match_card_ = k;  // Sacred Resonance (play_traits.hpp)
      if (e.half_damage) *half |= 1u << *n;
      targets[*n] = u;
      feats[(*n)++] = c.feat;
      ++added;
      rpc(i).aimed(true);  // the further target: the roll beat it
      rpc(i).struck(true, false);
      ENCSIM_SAY(log_, "  %s plays %s: the roll also hits %s%s", pname(i), c.def->name.c_str(), aname(u),
                 e.half_damage ? " (half damage)" : "");
    }
  }
}

}  // namespace encsim::daggerheart
