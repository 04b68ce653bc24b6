// Copycat (cards.hpp: copies; pc_cards.cpp resolves which ally's card each
// Copycat stands for): the Hope its copy costs, paid the first time the
// copied card's own costs are (pay_card), once per long rest; the copy held
// until a rest (rest.hpp) or until the ally's card goes to the vault. The
// copy otherwise plays as the card it copies, through the usual paths.
// Included at the end of battle.hpp; not meant to be included on its own.
// docs/rules/daggerheart.md, "Readings the cards leave open" and "When a PC
// plays a card", record the reading and the policy.
#pragma once

namespace encsim::daggerheart {

// The Hope PC i must still pay before playing its card k: none for any card
// but its Copycat copy; for the copy, its Hope while it is ready (not yet
// paid), none once held, kCopyNever (more than any PC holds) once spent or
// lost until a rest. card_usable, card_payable and card_value add it.
template <class R, class Log>
inline int Battle<R, Log>::copy_due(int i, int k) const {
  if (k != pc(i).copy_card) [[likely]] return 0;
  const std::int8_t s = pc_[i].copy_state;
  return s == kCopyHeld ? 0 : s == kCopyReady ? pc(i).cards[static_cast<std::size_t>(k)].copy_hope : kCopyNever;
}

// Whether PC i's card k is its Copycat copy not yet paid for (or spent) and
// its Hope falls short of the copy's Hope and `hope` more (the card's own):
// the reaction paths that weigh a card's Hope themselves, not through
// card_payable, skip it then (so pay_copy never spends Hope the PC lacks).
template <class R, class Log>
inline bool Battle<R, Log>::copy_short(int i, int k, int hope) const {
  const int due = copy_due(i, k);
  return due > 0 && pc_[i].hope < hope + due;
}

// The Hope PC i's card k costs on this play, as the value rules weigh it:
// the card's own Hope and, while its Copycat copy is still to be paid for,
// the copy's Hope too (copy_due; kCopyNever for a copy spent or lost, which
// no rule then finds worth its cost). Every rule that prices a card's Hope
// (kHopeWorth) reads it here. Without a copy in the party (party_.copied) it is
// the card's own Hope.
template <class R, class Log>
inline int Battle<R, Log>::card_hope(int i, int k) const {
  const int own = pc(i).cards[static_cast<std::size_t>(k)].def->effect.hope;
  if (!party_.copied) [[likely]] return own;
  return own + copy_due(i, k);
}

// PC i's Copycat copy (card k) is used for the first time: its Hope paid
// (counted on the copy's row as `spent`), held until a rest.
template <class R, class Log>
inline void Battle<R, Log>::pay_copy(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  spend_hope(i, c.copy_hope, kHopeSpentCards);
  feat(c.feat).spent += c.copy_hope;
  pc_[i].copy_state = kCopyHeld;
  ENCSIM_SAY(log_, "  Copycat: %s spends %d Hope to mimic %s's %s until its next rest (%d Hope left)", pname(i), c.copy_hope,
             pname(c.copy_from), c.copy_of->name.c_str(), pc_[i].hope);
}

// PC o's card k has gone to the vault (a vault_on d6, a success with Fear of a
// vault_fear card): a Copycat copying it ends: a copy held is spent until a
// long rest (Copycat's once a long rest is used); one not yet paid for can't
// be made until a rest brings the card back.
template <class R, class Log>
inline void Battle<R, Log>::copy_vaulted(int o, int k) {
  for (int i = 0; i < n_pc_; ++i) {
    if (pc(i).copy_card < 0) continue;
    const PcCard& c = pc(i).cards[static_cast<std::size_t>(pc(i).copy_card)];
    if (c.copy_from != o || c.copy_card != k) continue;
    std::int8_t& s = pc_[i].copy_state;
    if (s != kCopyHeld && s != kCopyReady) continue;
    ENCSIM_SAY(log_, "  Copycat: %s's %s went to the vault: %s's copy of it %s", pname(o), c.copy_of->name.c_str(), pname(i),
               s == kCopyHeld ? "ends (spent until a long rest)" : "can't be made until a rest");
    s = s == kCopyHeld ? kCopySpent : kCopyLost;
  }
}

}  // namespace encsim::daggerheart
