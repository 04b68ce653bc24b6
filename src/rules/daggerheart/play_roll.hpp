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
  for (const int k : CardSet{cards_on(i, CardTrigger::roll)}) {  // live `roll` cards only
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardEffect& e = c.def->effect;
    const std::int8_t uses = s.card_uses[static_cast<std::size_t>(k)];
    if (e.on_tag_team || uses == 0 || (s.beast && c.def->spell) ||
        copy_short(i, k, e.hope))
      continue;
    if (e.hp_left > 0 && hp_left(i) > e.hp_left) continue;
    const int keep = hope_keep(i, e.hope);
    if (s.hope < e.hope + keep || e.stress > stress_room(i, e.stress)) continue;
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
// Focus reroll, before a Rally or Prayer Die): pass 0 the Hope Die rerolls,
// pass 1 (after any `reroll`, reroll_reactions) the swaps and the numbers
// added to the total (add_roll, play_boons.hpp), then a Fear turned into Hope, each
// card in name order, each only on a roll that fits it (roll_fits).
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
                                                   int* f, int hope_sides, int pass) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  for (int step = pass; step <= 2 * pass; ++step) {  // pass 1: the swaps (step 1), then Fear turned Hope (step 2)
    for (const int k : CardSet{cards_on(i, CardTrigger::rolled)}) {  // live `rolled` cards only
      const PcCard& c = p.cards[static_cast<std::size_t>(k)];
      const CardEffect& e = c.def->effect;
      if (s.card_uses[static_cast<std::size_t>(k)] == 0 ||
          (s.beast && c.def->spell) || (e.hp_left > 0 && hp_left(i) > e.hp_left) || !roll_fits(e, r) || copy_short(i, k, e.hope))
        continue;
      // A Prioritized foe's swap (Nemesis): its Hope was paid to Prioritize; only on an attack roll at that foe.
      if (e.prioritize && (roll_vs_ < 0 || s.prior_foe != roll_vs_ || s.prior_card != k)) continue;
      const int hope = e.prioritize ? 0 : e.hope;
      const int keep = hope_keep(i, hope);
      const double cost = kHopeWorth * (e.prioritize ? 0 : card_hope(i, k)) + kStressWorth * e.stress;
      if (s.hope < hope + keep || e.stress > stress_room(i, e.stress)) continue;
      if (step == 1 && e.swap) {
        if (*f <= *h) continue;  // a roll with Fear (a critical has neither)
        const RollResult swapped = duality_result(*f, *h, *total, target_difficulty);
        if (result_worth(i, swapped, 0.0) - result_worth(i, r, 0.0) <= cost) continue;
        if (e.prioritize) ++feat(c.feat).conditions;
        else pay_card(i, k), ++feat(c.feat).conditions;
        std::swap(*h, *f);
        r = swapped;
        ENCSIM_SAY(log_, "  %s plays %s: the Hope and Fear Dice swap: Hope %d, Fear %d: %s", pname(i), c.def->name.c_str(), *h,
                   *f, result_name(r));
        continue;
      }
      if (step == 1 && e.add_roll.present()) {  // Codex-Touched (play_boons.hpp)
        r = add_to_roll(i, k, r, target_difficulty, total, *h, *f);
        continue;
      }
      if (step == 0 && e.reroll_hope > 0) {
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
      if (step == 2 && e.fear_to_hope) {
        if (r != RollResult::success_fear && r != RollResult::failure_fear) continue;
        if (e.stress > 0 && e.stress >= stress_room(i, e.stress)) continue;  // keeps a slot unmarked
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

// Before PC i's attack roll at adversary t: whether it Prioritizes t with a
// `prioritize` card (Nemesis), paying its Hope (once; one foe at a time, until
// the fight ends). Our policy, as Ranger's Focus's: when t is not already
// Prioritized, is no Minion and has at least 3 HP left (more attacks at it,
// each of whose rolls with Fear becomes one with Hope, are likely to follow),
// and the PC keeps the Hope its class Hope feature needs after paying.
template <class R, class Log>
inline void Battle<R, Log>::prioritize(int i, int t) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  if ((s.prior_foe == t && adv_[t].alive) || adv(t).minion > 0 || adv_hp_left(t) < 3) return;
  for (int k = 0; k < static_cast<int>(p.cards.size()); ++k) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    if (!c.live() || !c.def->effect.prioritize) continue;
    const int keep = hope_keep(i);
    if (!card_payable(i, k, CardTrigger::rolled, keep)) continue;
    pay_card(i, k);
    s.prior_foe = t, s.prior_card = k;
    ENCSIM_SAY(log_, "  %s spends %d Hope: %s Prioritizes %s", pname(i), c.def->effect.hope, c.def->name.c_str(), aname(t));
    return;
  }
}

// Whether the action roll being made (roll_trait_, roll_experience_) meets a
// `rolled` or `ally_rolled` reaction's conditions: its trait, a failure, an
// Experience used on it.
template <class R, class Log>
inline bool Battle<R, Log>::roll_fits(const CardEffect& e, RollResult r) const {
  return (e.on_trait < 0 || e.on_trait == roll_trait_) && (!e.on_failure || !succeeded(r)) &&
         (!e.with_experience || roll_experience_);
}

// What result r of PC i's action roll is worth to the party, in HP, when its
// success is worth `stakes`: the success; a Hope the roller gains (a quarter
// HP, below its cap) and a Stress a critical clears (kStressWorth); less a
// Fear the GM gains (kWorthFear, below its cap), the spotlight passed to the
// GM (kWorthFear) and a failure with Fear's hard move (kWorthFear, with
// hard_moves). Fearless weighs its Fear turned Hope by the same terms.
template <class R, class Log>
inline double Battle<R, Log>::result_worth(int i, RollResult r, double stakes) const {
  const bool hope = r == RollResult::crit || r == RollResult::success_hope || r == RollResult::failure_hope;
  double v = succeeded(r) ? stakes : 0.0;
  if (hope && pc_[i].hope < hope_cap(i)) v += 0.25;
  if (r == RollResult::crit && pc_[i].stress_marked > 0) v += kStressWorth;
  if (!hope && fear_ < opt_.fear_max) v -= kWorthFear;
  if (passes(r)) v -= kWorthFear;
  if (r == RollResult::failure_fear && opt_.hard_moves) v -= kWorthFear;
  return v;
}

// The expected worth (result_worth) of PC i's roll once `what` is rolled
// again, the roll's other parts (modifier, advantage die) kept: every face of
// the die or dice counted. For `one`, the die (Hope or Fear) expected to give
// more, returned in *pick.
template <class R, class Log>
inline double Battle<R, Log>::reroll_worth(int i, Reroll what, int h, int f, int total, int target_difficulty,
                                           int hope_sides, double stakes, Reroll* pick) const {
  const int rest = total - h - f;
  auto at = [&](int nh, int nf) {
    return result_worth(i, duality_result(nh, nf, rest + nh + nf, target_difficulty), stakes);
  };
  if (what == Reroll::duality) {
    double sum = 0.0;
    for (int nh = 1; nh <= hope_sides; ++nh)
      for (int nf = 1; nf <= 12; ++nf) sum += at(nh, nf);
    *pick = Reroll::duality;
    return sum / (hope_sides * 12);
  }
  double hope = 0.0, fear = 0.0;
  for (int nh = 1; nh <= hope_sides; ++nh) hope += at(nh, f);
  hope /= hope_sides;
  *pick = Reroll::hope;
  if (what == Reroll::hope) return hope;
  for (int nf = 1; nf <= 12; ++nf) fear += at(h, nf);
  fear /= 12;
  if (fear > hope) {
    *pick = Reroll::none;  // the Fear Die
    return fear;
  }
  return hope;
}

// `reroll` reactions on PC i's action roll once its Duality Dice are rolled
// (after the Hope Die rerolls, before a Fear turned Hope, a Rally or Prayer
// Die): its own `rolled` ones (Feline Instincts, Adaptability), its
// `ally_rolled` ones with `target: party` (Luckbender), and the standing
// allies' `ally_rolled` ones (Reassurance, Support Tank, Luckbender; no map:
// every ally is in range). Our policy, by the value rule: the card whose
// expected gain (reroll_worth less what the roll is worth now: mostly the
// chance a failure becomes a success times what that success is worth) beats
// its cost by the most is played (kHopeWorth a Hope, kStressWorth a Stress;
// never a Stress that fills the track, never the Hope its owner's class Hope
// feature needs kept); ties go to the roller, then to PCs in party order,
// cards in name order. A card with limited uses (Reassurance, Luckbender) is
// kept for a failed roll, where a success is at stake. The new dice stand.
// It repeats while one is worth it.
// A success's worth: for a weapon attack, the HP its mean damage marks on the
// target (weapon_marks); for any other roll, one HP.
template <class R, class Log>
inline RollResult Battle<R, Log>::reroll_reactions(int i, RollResult r, int target_difficulty, int* total, int* h,
                                                   int* f, int hope_sides) {
  const double stakes = roll_weapon_ != nullptr && roll_vs_ >= 0 ? weapon_marks(i, roll_vs_, *roll_weapon_) : 1.0;
  for (int round = 0; round < 4; ++round) {
    const double now = result_worth(i, r, stakes);
    int best_o = -1, best_k = -1;
    Reroll best_what = Reroll::none;
    bool best_swap = false;  // the pick swaps the dice of a roll its PC helped (Enchanted Aid, with_help)
    double best = 0.0;
    for (int o = 0; o < n_pc_; ++o) {
      const Pc& p = pc(o);
      if (o == i ? !p.rerolls_own : !party_.ally_rerolls || !p.rerolls_allies || !standing(o)) continue;
      const int keep = hope_keep(o);
      for (int k = 0; k < static_cast<int>(p.cards.size()); ++k) {
        const CardEffect& e = p.cards[static_cast<std::size_t>(k)].def->effect;
        if (e.reroll == Reroll::none && !e.with_help) continue;
        const bool fits = o == i ? e.trigger == CardTrigger::rolled || e.target == CardTarget::party
                                 : e.trigger == CardTrigger::ally_rolled;
        if (!fits || !card_payable(o, k, e.trigger, e.hope > 0 ? keep : 0) || !roll_fits(e, r) ||
            (e.hp_left > 0 && hp_left(o) > e.hp_left) || (e.stress > 0 && e.stress >= stress_room(o, e.stress)) ||
            (pc_[o].card_uses[static_cast<std::size_t>(k)] > 0 && succeeded(r) && !e.with_help))  // a limited reroll waits for a failure
          continue;
        if (e.with_help) {  // swap (Enchanted Aid): an ally's Spellcast roll it helped, with Fear
          if (o == i || roll_helper_ != o || !roll_spell_ || *f <= *h) continue;
          const double gain = result_worth(i, duality_result(*f, *h, *total, target_difficulty), stakes) - now -
                              kHopeWorth * card_hope(o, k) - kStressWorth * e.stress;
          if (gain > best) best = gain, best_o = o, best_k = k, best_what = Reroll::none, best_swap = true;
          continue;
        }
        Reroll what = e.reroll;
        const double gain = reroll_worth(i, e.reroll, *h, *f, *total, target_difficulty, hope_sides, stakes, &what) - now -
                            kHopeWorth * card_hope(o, k) - kStressWorth * e.stress;
        if (gain > best) best = gain, best_o = o, best_k = k, best_what = what, best_swap = false;
      }
    }
    if (best_k < 0) return r;
    const PcCard& c = pc(best_o).cards[static_cast<std::size_t>(best_k)];
    pay_card(best_o, best_k);
    const RollResult before = r;
    if (best_swap) {
      std::swap(*h, *f);
      r = duality_result(*h, *f, *total, target_difficulty);
      ++feat(c.feat).conditions;
      ENCSIM_SAY(log_, "  %s plays %s: %s's Hope and Fear Dice swap: Hope %d, Fear %d: %s", pname(best_o), c.def->name.c_str(),
                 pname(i), *h, *f, result_name(r));
      continue;
    }
    const char* dice = best_what == Reroll::duality ? "the Duality Dice" : best_what == Reroll::hope ? "the Hope Die" : "the Fear Die";
    if (best_what != Reroll::none) *total -= *h, *h = dice_.die(hope_sides), *total += *h;
    if (best_what != Reroll::hope) *total -= *f, *f = dice_.die(12), *total += *f;
    r = duality_result(*h, *f, *total, target_difficulty);
    if (!succeeded(before) && succeeded(r)) ++feat(c.feat).conditions;
    if (best_o == i)
      ENCSIM_SAY(log_, "  %s plays %s: %s again: Hope %d, Fear %d, total %d: %s", pname(i), c.def->name.c_str(), dice, *h, *f,
                 *total, result_name(r));
    else
      ENCSIM_SAY(log_, "  %s plays %s: %s rolls %s again: Hope %d, Fear %d, total %d: %s", pname(best_o), c.def->name.c_str(),
                 pname(i), dice, *h, *f, *total, result_name(r));
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
  if (1 >= stress_room(i, 1)) return false;  // a link may pass it (play_link.hpp)
  const double m = adv_marks(t, p.proficiency * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus + s.stance_damage, w.type);
  const int dc = difficulty(t);
  const double base = p_beats(modifier, net, dc);
  const double with_stress = (p_beats(modifier + p.stress_experience * p.experience, net, dc) - base) * m - kStressWorth;
  const double with_hope = (p_beats(modifier + p.experience, net, dc) - base) * m - kHopeWorth;
  return with_stress > 0.0 && (!hope_ok || with_stress >= with_hope);
}

}  // namespace encsim::daggerheart
