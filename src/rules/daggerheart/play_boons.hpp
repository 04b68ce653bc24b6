// Boons on a PC's own rolls and marks (cards.hpp): a trait that counts twice
// on a roll (`trigger: roll`, double_trait: Sage-Touched), a number added to a
// roll once its dice are seen (`trigger: rolled`, add_roll, on_spellcast:
// Codex-Touched), the Spellcast rolls' passive bonus (`passive: {spellcast}`:
// Arcana-Touched) and an Armor Slot marked instead of a Stress (`passive:
// {armor_for_stress}`: Grace-Touched). Battle::action_roll and mark_stress
// call these only for a PC that has such an entry (Pc::has_roll_reactions,
// has_rolled_reactions, armor_stress_card); docs/rules/daggerheart.md, "When a
// PC plays a card". Included at the end of battle.hpp; not meant to be
// included on its own.
#pragma once

#include <algorithm>

namespace encsim::daggerheart {

// PC i's modifier on a Spellcast roll: its Spellcast trait and what passives
// add to Spellcast rolls (Arcana-Touched). What counts the trait itself (a
// card's tokens or dice per Spellcast) stays spellcast_mod.
template <class R, class Log>
inline int Battle<R, Log>::spell_roll_mod(int i) const {
  return spellcast_mod(i) + pc(i).spellcast_bonus;
}

// What the Hope on a Spellcast roll (passive spell_hope: Nature's Tongue, in
// a natural place) adds to PC i's next one, as the value rule sees it: the
// bonus when the Experience's Hope policy would spend (experience_min_hope,
// as experience_bonus) with `paid` Hope set aside (the card's own cost, paid
// before the roll or owed on a success), else 0.
template <class R, class Log>
inline int Battle<R, Log>::spell_hope_bonus(int i, int paid) const {
  return pc(i).spell_hope > 0 && opt_.cards && hope_on_roll(i, paid) ? pc(i).spell_hope : 0;
}

// Before PC i's Spellcast roll (roll_spell_; its card's own costs paid, or
// set aside when owed on a success: spell_owed_): a Hope for spell_hope on
// it. Our policy is the Experience's: spent while the PC holds at least
// experience_min_hope Hope beyond them (so 7 never), whatever the roll
// (as a weapon attack's Experience is). features.csv: `uses` the rolls it
// joined, `spent` the Hope. Returns what it adds.
template <class R, class Log>
inline int Battle<R, Log>::spell_hope(int i) {
  const int add = spell_hope_bonus(i, spell_owed_);
  if (add == 0 || pc(i).spell_hope_card < 0) return 0;
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(pc(i).spell_hope_card)];
  spend_hope(i, 1, kHopeSpentCards);
  ++feat(c.feat).uses;
  ++feat(c.feat).spent;
  ENCSIM_SAY(log_, "  %s spends a Hope on %s (+%d to the Spellcast roll)", pname(i), c.def->name.c_str(), add);
  return add;
}

// Before PC i's action roll with trait roll_trait_: a `roll` reaction with
// double_trait names that trait, so the trait counts twice (returns what it
// adds; 0 none). Our policy, as Signature Move's: the card is played on the
// PC's first roll with such a trait while it has a use left and the trait is
// above 0 (doubling 0 or less gains nothing): the use comes back only with a
// rest, which ends the fight, so keeping it gains nothing we can weigh.
template <class R, class Log>
inline int Battle<R, Log>::trait_boon(int i) {
  if (roll_trait_ < 0) return 0;
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  for (const int k : CardSet{cards_on(i, CardTrigger::roll)}) {  // live `roll` cards only
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardEffect& e = c.def->effect;
    if (!(e.double_traits >> roll_trait_ & 1u) ||
        s.card_uses[static_cast<std::size_t>(k)] == 0 || (s.beast && c.def->spell) || copy_short(i, k, e.hope))
      continue;
    const int add = trait_of(i, static_cast<Trait>(roll_trait_));
    const int keep = e.hope > 0 && opt_.hope_features && p.hope != HopeKind::none ? opt_.card_hope_reserve : 0;
    if (add <= 0 || s.hope < e.hope + keep || e.stress > stress_room(i, e.stress)) continue;
    pay_card(i, k);
    ENCSIM_SAY(log_, "  %s plays %s: %s counts twice (+%d)", pname(i), c.def->name.c_str(),
               kTraitText[roll_trait_], add);
    return add;
  }
  return 0;
}

// A `rolled` reaction with add_roll (card k of PC i) once the roll's dice are
// seen (Hope h, Fear f, *total vs target_difficulty): on_spellcast holds it to
// a Spellcast roll. Our policy, by the value rule of the rerolls
// (result_worth): it is played when the result with the number added is worth
// more than the result now by more than its cost (kHopeWorth a Hope,
// kStressWorth a Stress; never a Stress that fills the track, never the Hope
// a class Hope feature needs kept). No die is rolled, so the gain is known:
// in effect, when it turns a failure into a success worth more than the cost.
// A success's worth: a weapon attack's mean marks on its target, else one HP.
template <class R, class Log>
inline RollResult Battle<R, Log>::add_to_roll(int i, int k, RollResult r, int target_difficulty, int* total, int h,
                                              int f) {
  const Pc& p = pc(i);
  const PcCard& c = p.cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  if (e.on_spellcast && !roll_spell_) return r;
  const int keep = e.hope > 0 && opt_.hope_features && p.hope != HopeKind::none ? opt_.card_hope_reserve : 0;
  if (!card_payable(i, k, CardTrigger::rolled, keep) || (e.stress > 0 && e.stress >= stress_room(i, e.stress)))
    return r;
  const int add = e.add_roll.value(p.traits.data(), p.proficiency, p.level);
  if (add <= 0) return r;
  if (e.add_each) [[unlikely]] {  // tokens of +add each (Fane of the Wilds): as few as turn a failure, else none
    const int n = (target_difficulty - *total + add - 1) / add;
    if (succeeded(r) || n <= 0 || n > pc_[i].card_uses[static_cast<std::size_t>(k)]) return r;
    const RollResult up = duality_result(h, f, *total + n * add, target_difficulty);
    if (!succeeded(up)) return r;
    for (int q = 0; q < n; ++q) pay_card(i, k);
    ++feat(c.feat).conditions;
    *total += n * add;
    ENCSIM_SAY(log_, "  %s spends %d of %s's tokens: +%d, total %d: %s (%d left)", pname(i), n, c.def->name.c_str(), n * add,
               *total, result_name(up), pc_[i].card_uses[static_cast<std::size_t>(k)]);
    return up;
  }
  const RollResult up = duality_result(h, f, *total + add, target_difficulty);
  const double stakes = roll_weapon_ != nullptr && roll_vs_ >= 0 ? weapon_marks(i, roll_vs_, *roll_weapon_) : 1.0;
  if (result_worth(i, up, stakes) - result_worth(i, r, stakes) <= kHopeWorth * card_hope(i, k) + kStressWorth * e.stress) return r;
  pay_card(i, k);
  if (succeeded(up) && !succeeded(r)) ++feat(c.feat).conditions;
  *total += add;
  ENCSIM_SAY(log_, "  %s plays %s: +%d, total %d: %s", pname(i), c.def->name.c_str(), add, *total, result_name(up));
  return up;
}

// Of the n Stress PC i would mark, those it marks as Armor Slots instead
// (Grace-Touched); returns the Stress left to mark. Our policy, by the worths
// (an Armor Slot kArmorWorth, a Stress kStressWorth): a Stress is cheaper, so a
// slot is marked instead only when the Stress would mark the PC's last free
// Stress slot (it would be Vulnerable) or has no slot left (it would mark an
// HP), while an Armor Slot is free. Each slot marked so is a use of the
// card (features.csv: uses, spent).
template <class R, class Log>
inline int Battle<R, Log>::armor_for_stress(int i, int n) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  int left = n;
  for (int q = 0; q < n && armor_free(i); ++q) {
    if (s.stress_marked + left < p.stress) break;  // the Stress still to mark leave a slot free
    --left;
    ++s.armor_marked;
    ++rpc(i).extra[kExtraArmorUsed];
    ++res(kArmorSlotsUsed);
    const PcCard& c = p.cards[static_cast<std::size_t>(p.armor_stress_card)];
    FeatureRecord& f = feat(c.feat);
    ++f.uses;
    ++f.spent;
    ENCSIM_SAY(log_, "  %s: %s marks an Armor Slot instead of a Stress (%d/%d)", c.def->name.c_str(), pname(i),
               s.armor_marked, p.armor_slots);
    check_all_armor_marked();
  }
  return left;
}

}  // namespace encsim::daggerheart
