// Boosts a PC gives itself or an ally (cards.hpp): the ally a gift of the PC
// and one other reaches as the session begins (`trigger: session_start`,
// `target: both`: A Soldier's Bond; play_feats.hpp gives it), and Evasion
// bought as the PC makes a foe mark HP, until the next attack on it
// (`trigger: foe_marked`, `evasion_marks`: Ferocity), a die that joins each
// action roll and rises (`trigger: spotlight`, `rising_die`: Wild Surge) and
// a bigger Hope Die on Tag Team rolls (`trigger: roll`, `on_tag_team`:
// Tactician) and a use won back on a critical spell (`crit_use`: Fane of the
// Wilds, whose tokens play_boons.hpp spends: `add_each`). Included at the end of battle.hpp; not meant to be included on
// its own.
// docs/rules/daggerheart.md, "Domain cards", records the readings and policies.
#pragma once

#include <algorithm>

namespace encsim::daggerheart {

// The ally a `target: both` session_start gift reaches beside PC i: a Hope
// is worth alike to every PC, so the living one that gains most of it (its
// Hope short of its cap), by name on ties; -1 when none would gain any.
template <class R, class Log>
inline int Battle<R, Log>::bond_ally(int i, const CardEffect& e) const {
  int best = -1, most = 0;
  for (int q = 0; q < n_pc_; ++q) {
    if (q == i || pc_[q].dead) continue;
    const int gain = std::min(e.gain_hope, hope_cap(q) - pc_[q].hope);
    if (gain > most || (gain == most && gain > 0 && best >= 0 && named_before(q, best))) most = gain, best = q;
  }
  return best;
}

// PC i has made an adversary mark `marks` HP (damage_adversary, force_marks).
// Its foe_marked reactions (Ferocity): +Evasion equal to the HP marked until
// the next attack on it has been rolled. Our policy: played when that is 2
// or more and more than a bonus of its own that stands, while a foe is left
// to attack it and the PC keeps its class feature's reserve (hope_keep);
// the first such card in name order. An Evasion point turns about a twentieth
// of one attack, so weighing it as an HP against the 2 Hope (one HP's worth)
// would never play the card; the floor of 2 keeps it for the blows that buy
// the most.
template <class R, class Log>
inline void Battle<R, Log>::foe_marked(int i, int marks) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  if (s.out || marks < 2 || marks <= s.fero_evasion) return;
  int foes = 0;
  for (int j = 0; j < n_adv_ && foes == 0; ++j) foes += adv_[j].alive && adv_hp_left(j) > 0 ? 1 : 0;
  if (foes == 0) return;
  for (int k = 0; k < static_cast<int>(p.cards.size()); ++k) {
    const CardEffect& e = p.cards[static_cast<std::size_t>(k)].def->effect;
    if (!e.evasion_marks || !card_payable(i, k, CardTrigger::foe_marked, hope_keep(i, e.hope))) continue;
    pay_card(i, k);
    s.fero_evasion = marks;
    s.fero_card = k;
    ENCSIM_SAY(log_, "  %s plays %s: +%d Evasion until the next attack on it", pname(i),
               p.cards[static_cast<std::size_t>(k)].def->name.c_str(), marks);
    return;
  }
}

// An adversary's attack on PC t has been rolled (hit or miss, after any
// reroll): Ferocity's Evasion ends; `turned`: the bonus made it miss.
template <class R, class Log>
inline void Battle<R, Log>::fero_ends(int t, bool hit, bool turned) {
  PcState& s = pc_[t];
  const char* name = pc(t).cards[static_cast<std::size_t>(s.fero_card)].def->name.c_str();
  if (turned)
    ENCSIM_SAY(log_, "  (%s's %s turned the attack away; its Evasion drops by %d)", pname(t), name, s.fero_evasion);
  else
    ENCSIM_SAY(log_, "  (%s's %s ends after this %s; its Evasion drops by %d)", pname(t), name, hit ? "hit" : "miss",
               s.fero_evasion);
  s.fero_evasion = 0;
}

// Wild Surge (spotlight_stance, play_attack.hpp): PC i pays card k's Stress
// and its rising die starts at 1.
template <class R, class Log>
inline void Battle<R, Log>::rise(int i, int k) {
  pay_card(i, k);
  pc_[i].rising = 1;
  pc_[i].rising_card = k;
  ENCSIM_SAY(log_, "  %s plays %s: a d%d at 1 joins each of its action rolls", pname(i),
             pc(i).cards[static_cast<std::size_t>(k)].def->name.c_str(),
             pc(i).cards[static_cast<std::size_t>(k)].def->effect.rising_die);
}

// The rising die's value, added to the action roll PC i is about to make.
template <class R, class Log>
inline int Battle<R, Log>::rising_add(int i) {
  ENCSIM_SAY(log_, "  %s: +%d to %s's roll", pc(i).cards[static_cast<std::size_t>(pc_[i].rising_card)].def->name.c_str(),
             pc_[i].rising, pname(i));
  return pc_[i].rising;
}

// After the roll: the die rises by one; once it would pass its sides the
// form ends and the PC marks the card's Stress again (counted as spent on its row).
template <class R, class Log>
inline void Battle<R, Log>::rising_step(int i) {
  PcState& s = pc_[i];
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(s.rising_card)];
  if (s.rising < c.def->effect.rising_die) {
    ++s.rising;
    return;
  }
  s.rising = 0;
  ENCSIM_SAY(log_, "  %s's %s would pass %d: it ends, and %s marks %d Stress", pname(i), c.def->name.c_str(),
             c.def->effect.rising_die, pname(i), c.def->effect.stress);
  feat(c.feat).spent += c.def->effect.stress;
  mark_stress(i, c.def->effect.stress);
}

// Tactician: the Hope Die of PC i's own roll of a Tag Team roll. Our policy:
// always the bigger die (a d20's mean is 4 above a d12's and it shows Hope
// more often; only a critical, the dice matching, comes less often).
template <class R, class Log>
inline int Battle<R, Log>::tag_team_die(int i) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(pc(i).tag_team_card)];
  ++feat(c.feat).uses;
  ENCSIM_SAY(log_, "  %s: %s rolls a d%d Hope Die on the Tag Team roll", c.def->name.c_str(), pname(i), pc(i).tag_team_die);
  return pc(i).tag_team_die;
}

// PC i's Spellcast roll for `spell` is a critical success: each crit_use card
// of the spell's domain gains a use, above its count too (Fane of the Wilds'
// token; play_boons.hpp spends them).
template <class R, class Log>
inline void Battle<R, Log>::crit_use(int i, const CardDef& spell) {
  const Pc& p = pc(i);
  for (std::size_t k = 0; k < p.cards.size(); ++k) {
    const PcCard& c = p.cards[k];
    std::int8_t& uses = pc_[i].card_uses[k];
    if (!c.live() || !c.def->effect.crit_use || c.def->domain != spell.domain || uses < 0 || uses >= 100) continue;
    ++uses;
    ENCSIM_SAY(log_, "  %s: a critical %s spell: %s gains a token (%d)", c.def->name.c_str(), spell.domain.c_str(), pname(i), uses);
  }
}

}  // namespace encsim::daggerheart
