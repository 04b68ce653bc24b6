// Features and cards that change a PC's own Duality roll (cards.hpp, triggers
// `roll` and `rolled`; passive `stress_experience`): a larger Hope Die (Rise
// to the Challenge, Signature Move, Dedicated), a Hope Die rolled again
// (Internal Compass), a roll with Fear turned into one with Hope (Fearless),
// and a Stress paid for a doubled Experience (Adept). Courage is a `failed`
// reaction (play_cards.hpp). Battle::action_roll calls these only for a PC
// that has such an entry (Pc::has_roll_reactions, has_rolled_reactions),
// docs/rules/daggerheart.md, "When a PC plays a card".
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>

namespace encsim::daggerheart {

// The Hope Die PC i rolls on this action roll (`attack`: one at a foe), and
// in *card the limited `roll` reaction played for it (-1 none). Our policy:
// a free `roll` reaction with unlimited uses (Rise to the Challenge) joins
// every action roll its condition (hp_left) allows: a d20 Hope Die raises the
// mean by 4 and makes Hope more likely, and costs nothing. One with limited
// uses (Signature Move, Dedicated) is played on the PC's next attack roll
// (the first of the fight, while uses are left) when no free one gives as
// large a die: it costs nothing but the use, and the rest that gives it back
// ends the fight, so keeping it gains nothing we can weigh. Its costs, if
// any, are paid here (the Hope a class Hope feature needs kept, as for cards).
template <class R, class Log>
inline int Battle<R, Log>::hope_die_for(int i, bool attack, int* card) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  int sides = 12, free_card = -1, paid = -1, paid_sides = 12;
  for (int k = 0; k < static_cast<int>(p.cards.size()); ++k) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardEffect& e = c.def->effect;
    const std::int8_t uses = s.card_uses[static_cast<std::size_t>(k)];
    if (!c.live() || e.trigger != CardTrigger::roll || uses == 0 || (s.beast && c.def->spell)) continue;
    if (e.hp_left > 0 && hp_left(i) > e.hp_left) continue;
    const int keep = e.hope > 0 && opt_.hope_features && p.hope != HopeKind::none ? opt_.card_hope_reserve : 0;
    if (s.hope < e.hope + keep || s.stress_marked + e.stress > p.stress) continue;
    const bool limited = uses > 0 || e.hope > 0 || e.stress > 0;
    if (!limited && e.hope_die > sides) sides = e.hope_die, free_card = k;
    if (limited && attack && e.hope_die > paid_sides) paid_sides = e.hope_die, paid = k;
  }
  *card = -1;
  if (paid >= 0 && paid_sides > sides) {
    pay_card(i, paid);
    *card = paid;
    ENCSIM_SAY(log_, "  %s plays %s: a d%d Hope Die", pname(i), p.cards[static_cast<std::size_t>(paid)].def->name.c_str(),
               paid_sides);
    return paid_sides;
  }
  if (free_card >= 0) {
    ++feat(p.cards[static_cast<std::size_t>(free_card)].feat).uses;
    ENCSIM_SAY(log_, "  %s: %s rolls a d%d Hope Die", p.cards[static_cast<std::size_t>(free_card)].def->name.c_str(),
               pname(i), sides);
  }
  return sides;
}

// A `roll` reaction's clause on a success (Signature Move): the Stress it
// clears on the PC, counted as the row's `healed`.
template <class R, class Log>
inline void Battle<R, Log>::roll_success(int i, int card) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(card)];
  const CardEffect& e = c.def->effect;
  PcState& s = pc_[i];
  if (!e.heal_stress.present() || s.stress_marked == 0) return;
  const int n = std::min(roll_card_dice(i, e.heal_stress, false), s.stress_marked);
  s.stress_marked -= n;
  feat(c.feat).healed += n;
  ENCSIM_SAY(log_, "  %s: the success clears %d Stress on %s (%d marked)", c.def->name.c_str(), n, pname(i),
             s.stress_marked);
}

// `rolled` reactions once PC i's Duality Dice are rolled (after a Ranger's
// Focus reroll, before a Rally or Prayer Die): first the rerolls, then a
// Fear turned into Hope, each card in name order.
//  - reroll_hope (Internal Compass): a Hope Die at or below it is rolled
//    again, unless the roll is a critical: the new die is never lower, so our
//    policy always takes it when it is free (a cost would be weighed as a
//    Fear turned Hope is below).
//  - fear_to_hope (Fearless): a roll with Fear (a success or a failure, not a
//    critical) becomes one with Hope: the PC gains the Hope (a quarter HP, when
//    below its cap), the GM does not gain the Fear (kWorthFear, when below its
//    cap), and the spotlight stays with the party on a success, or no hard move
//    follows a failure (kWorthFear again: what a Fear buys the GM). Our policy
//    plays it when that is worth at least its cost (2 Stress: half an HP) and
//    the PC keeps a Stress slot unmarked after paying (it never makes itself
//    Vulnerable).
template <class R, class Log>
inline RollResult Battle<R, Log>::rolled_reactions(int i, RollResult r, int target_difficulty, int* total, int* h,
                                                   int* f, int hope_sides) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  for (int pass = 0; pass < 2; ++pass) {
    for (int k = 0; k < static_cast<int>(p.cards.size()); ++k) {
      const PcCard& c = p.cards[static_cast<std::size_t>(k)];
      const CardEffect& e = c.def->effect;
      if (!c.live() || e.trigger != CardTrigger::rolled || s.card_uses[static_cast<std::size_t>(k)] == 0 ||
          (s.beast && c.def->spell) || (e.hp_left > 0 && hp_left(i) > e.hp_left))
        continue;
      const int keep = e.hope > 0 && opt_.hope_features && p.hope != HopeKind::none ? opt_.card_hope_reserve : 0;
      const double cost = kHopeWorth * e.hope + kStressWorth * e.stress;
      if (s.hope < e.hope + keep || s.stress_marked + e.stress > p.stress) continue;
      if (pass == 0 && e.reroll_hope > 0) {
        if (*h > e.reroll_hope || r == RollResult::crit || cost > 0.0) continue;
        pay_card(i, k);
        const int before = *h;
        *h = dice_.die(hope_sides);
        *total += *h - before;
        r = duality_result(*h, *f, *total, target_difficulty);
        ENCSIM_SAY(log_, "  %s: %s rolls the Hope Die's %d again: %d, total %d: %s", c.def->name.c_str(), pname(i),
                   before, *h, *total, result_name(r));
        continue;
      }
      if (pass == 1 && e.fear_to_hope) {
        if (r != RollResult::success_fear && r != RollResult::failure_fear) continue;
        if (e.stress > 0 && s.stress_marked + e.stress >= p.stress) continue;  // keeps a slot unmarked
        const double worth = (s.hope < hope_cap(i) ? 0.25 : 0.0) + (fear_ < opt_.fear_max ? kWorthFear : 0.0) +
                             (r == RollResult::success_fear || opt_.hard_moves ? kWorthFear : 0.0);
        if (worth < cost) continue;
        pay_card(i, k);
        r = r == RollResult::success_fear ? RollResult::success_hope : RollResult::failure_hope;
        ++feat(c.feat).conditions;
        ENCSIM_SAY(log_, "  %s plays %s: the roll is one with Hope: %s", pname(i), c.def->name.c_str(), result_name(r));
      }
    }
  }
  return r;
}

// Whether PC i marks a Stress instead of spending a Hope on its Experience
// for this weapon attack at t (passive `stress_experience`, Adept), its
// bonus then multiplied. Our policy, by the value rule: the chance the roll
// beats t rises by the larger bonus, times the HP the weapon's mean damage
// marks on t, less a Stress (a quarter HP); that must be worth more than
// nothing and at least what the Hope's plain Experience is worth (its gain
// less half an HP) when the Hope policy (`experience_min_hope`) would spend
// one. Never the PC's last unmarked Stress slot (it would be Vulnerable).
template <class R, class Log>
inline bool Battle<R, Log>::stress_experience(int i, int t, const PcWeapon& w, int modifier, int net, bool hope_ok) const {
  const Pc& p = pc(i);
  const PcState& s = pc_[i];
  if (s.stress_marked + 1 >= p.stress) return false;
  const double m = adv_marks(t, p.proficiency * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus + s.stance_damage, w.type);
  const int dc = difficulty(t);
  const double base = p_beats(modifier, net, dc);
  const double with_stress = (p_beats(modifier + p.stress_experience * p.experience, net, dc) - base) * m - kStressWorth;
  const double with_hope = (p_beats(modifier + p.experience, net, dc) - base) * m - kHopeWorth;
  return with_stress > 0.0 && (!hope_ok || with_stress >= with_hope);
}

}  // namespace encsim::daggerheart
