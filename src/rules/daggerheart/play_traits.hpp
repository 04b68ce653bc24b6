// Ancestry, community and subclass traits that change a PC's own rolls and
// hits (Battle, battle.hpp): a shell it retracts into (`shell`: Retract), a
// pool of tokens filled on its rolls with Fear and spent before its action
// rolls (`pool: {fill: fear_roll, spend: roll}`: Know the Tide), a d6 that
// makes an Experience free (`passive: {free_experience}`: Honed Expertise),
// more and cheaper Tag Teams (`passive: {tag_teams, tag_team_cost}`:
// Camaraderie), and matching damage dice doubled (`double_matches`: Sacred
// Resonance). A PC without them never gets here (a flag or number on the Pc,
// or its PcState::shell at 0). Included at the end of battle.hpp; not meant to
// be included on its own. docs/rules/daggerheart.md, "Domain cards", records
// every reading and policy.
#pragma once

#include <algorithm>
#include <cstddef>

namespace encsim::daggerheart {

// ---------------------------------------------------------------------------
// Retract (`shell`)

// Whether damage of `type` from adversary `from` (-1 none) already meets a
// resistance of PC i's (its own, its Beastform's, its shell's, a barrier's):
// a shell would halve nothing more, resistances not stacking.
template <class R, class Log>
inline bool Battle<R, Log>::resisted(int i, DamageType type, int from) const {
  const Pc& p = pc(i);
  const PcState& s = pc_[i];
  return ((p.resist | (s.beast ? p.beast_resist : 0) | s.shell) & type_bit(type)) != 0 ||
         (barrier_ != 0 && barrier_holds(i, type, from));
}

// PC i has played shell card k against a hit (card_damaged halved it): it is
// in its shell until its next spotlight begins.
template <class R, class Log>
inline void Battle<R, Log>::retract(int i, int k) {
  const CardDef& d = *pc(i).cards[static_cast<std::size_t>(k)].def;
  pc_[i].shell = type_bit(static_cast<DamageType>(d.effect.shell));
  pc_[i].shell_card = k;
  ENCSIM_SAY(log_, "  %s is in its shell (%s): resistance to %s damage, disadvantage on its action rolls", pname(i),
             d.name.c_str(), static_cast<DamageType>(d.effect.shell) == DamageType::magic ? "magic" : "physical");
}

// A hit of `dmg` on PC i in its shell (of a type it resists there): halved.
// The HP it spares count to the card's row (`healed`).
template <class R, class Log>
inline int Battle<R, Log>::shell_resist(int i, int dmg) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(pc_[i].shell_card)];
  feat(c.feat).healed += severity(dmg, major_of(i), severe_of(i)) - severity(dmg / 2, major_of(i), severe_of(i));
  ENCSIM_SAY(log_, "  %s's shell (%s): the damage is resisted, %d to %d", pname(i), c.def->name.c_str(), dmg, dmg / 2);
  return dmg / 2;
}

// Our policy: PC i comes out of its shell as its spotlight begins. Coming out
// costs nothing, and the shell's disadvantage would weigh on the action it
// takes; it retracts again (for another Stress) when a hit calls for it.
template <class R, class Log>
inline void Battle<R, Log>::leave_shell(int i) {
  ENCSIM_SAY(log_, "%s comes out of its shell (%s) to act", pname(i),
             pc(i).cards[static_cast<std::size_t>(pc_[i].shell_card)].def->name.c_str());
  pc_[i].shell = 0;
  pc_[i].shell_card = -1;
}

// ---------------------------------------------------------------------------
// Know the Tide (`pool: {fill: fear_roll, spend: roll}`)

// An action roll of PC i's with Fear: a token on each such pool with room.
template <class R, class Log>
inline void Battle<R, Log>::tide_on_fear(int i) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  for (int k = 0; k < static_cast<int>(p.cards.size()); ++k) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    std::int8_t& held = s.pool[static_cast<std::size_t>(k)];
    if (!c.live() || c.def->effect.pool.fill != PoolFill::fear_roll || held >= c.pool_max) continue;
    ++held;
    ENCSIM_SAY(log_, "  %s places a token on %s (%d of %d)", pname(i), c.def->name.c_str(), held, c.pool_max);
  }
}

// Before an action roll of PC i's (modifier, net advantage, against
// `difficulty_needed`): tokens of a `spend: roll` pool, `each` apiece added to
// the roll. Our policy: the fewest tokens that lift the chance of success to
// one half or more, spent only when the roll is a likely failure without them
// (below one half) and the tokens held can make it a likely success; none
// otherwise (they wait for a roll they turn). Pools in name order. Returns what
// the tokens add.
template <class R, class Log>
inline int Battle<R, Log>::tide_before_roll(int i, int modifier, int net, int difficulty_needed) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  if (difficulty_needed >= kBeatsAny || p_beats(modifier, net, difficulty_needed) >= 0.5) return 0;
  int added = 0;
  for (int k = 0; k < static_cast<int>(p.cards.size()); ++k) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardPool& pool = c.def->effect.pool;
    std::int8_t& held = s.pool[static_cast<std::size_t>(k)];
    if (!c.live() || pool.spend != PoolSpend::roll || held == 0) continue;
    int n = 1;
    while (n <= held && p_beats(modifier + added + n * pool.each, net, difficulty_needed) < 0.5) ++n;
    if (n > held) continue;
    held = static_cast<std::int8_t>(held - n);
    added += n * pool.each;
    ++feat(c.feat).uses;
    feat(c.feat).spent += n;
    ENCSIM_SAY(log_, "  %s spends %d of %s's tokens before the roll: %+d (%d left)", pname(i), n, c.def->name.c_str(),
               n * pool.each, held);
    break;
  }
  return added;
}

// ---------------------------------------------------------------------------
// Honed Expertise (`passive: {free_experience}`)

// PC i uses an Experience (on a weapon attack, by the Experience policy): a
// d6; at or above the passive's face the Experience costs no Hope (nor
// Adept's Stress: the PC takes it free, at its plain bonus). Its row: a use
// for each free Experience. Returns whether it is free.
template <class R, class Log>
inline bool Battle<R, Log>::honed_expertise(int i) {
  const Pc& p = pc(i);
  const int d = dice_.die(6);
  const PcCard& c = p.cards[static_cast<std::size_t>(p.free_experience_card)];
  if (d < p.free_experience) {
    ENCSIM_SAY(log_, "  %s: %s rolls %d on the d6, the Experience costs as usual", c.def->name.c_str(), pname(i), d);
    return false;
  }
  ++feat(c.feat).uses;
  ++feat(p.feat_experience).uses;
  ENCSIM_SAY(log_, "  %s: %s rolls %d on the d6 and uses an Experience without spending Hope (+%d)", c.def->name.c_str(),
             pname(i), d, p.experience);
  return true;
}

// ---------------------------------------------------------------------------
// Camaraderie (`passive: {tag_teams, tag_team_cost}`)

// The Hope PC i spends to initiate a Tag Team roll with PC k: k's
// tag_team_cost when it has one, else 3.
template <class R, class Log>
inline int Battle<R, Log>::tag_team_cost(int i, int k) const {
  (void)i;
  return pc(k).tag_team_cost > 0 ? std::min(3, pc(k).tag_team_cost) : 3;
}

// Whether PC i, short of 3 Hope, holds enough for a cheaper Tag Team with a
// standing ally (a partner is still chosen by its weapon, tag_team_partner).
template <class R, class Log>
inline bool Battle<R, Log>::cheaper_tag_team(int i) const {
  if (!party_.cheap_tag_teams) return false;
  for (int k = 0; k < n_pc_; ++k)
    if (k != i && standing(k) && pc(k).tag_team_cost > 0 && pc_[i].hope >= std::max(pc(k).tag_team_cost, opt_.tag_team_min_hope))
      return true;
  return false;
}

// PC i has initiated a Tag Team roll with k for `cost` Hope: k's Camaraderie
// made it cheaper, or i's gave it one more Tag Team this session: a use on its row.
template <class R, class Log>
inline void Battle<R, Log>::camaraderie(int i, int k, int cost) {
  if (cost < 3 && pc(k).camaraderie_card >= 0) {
    const PcCard& c = pc(k).cards[static_cast<std::size_t>(pc(k).camaraderie_card)];
    ++feat(c.feat).uses;
    ENCSIM_SAY(log_, "  %s: a Tag Team with %s costs %s %d Hope", c.def->name.c_str(), pname(k), pname(i), cost);
  }
  if (pc_[i].tag_teams_used > 1 && pc(i).camaraderie_card >= 0) {
    const PcCard& c = pc(i).cards[static_cast<std::size_t>(pc(i).camaraderie_card)];
    ++feat(c.feat).uses;
    ENCSIM_SAY(log_, "  %s: %s initiates a Tag Team once more this session (%d)", c.def->name.c_str(), pname(i),
               pc_[i].tag_teams_used);
  }
}

// ---------------------------------------------------------------------------
// Enchanted Aid (passive `help_spellcast`; its swap: play_roll.hpp, `with_help`)

// Before PC i's Spellcast roll: a standing ally with a help_spellcast die
// Helps it by the Help policy (`help_min_hope`: the one holding most Hope, by
// name on ties): a Hope spent, an advantage die of its sides. Help on a
// Spellcast roll is modelled only for such a helper (the Help policy covers
// weapon attacks). Its row: uses, and the Hope as `spent`. Returns the
// advantage dice added (1 or 0); help_sides_ and roll_helper_ are set for the roll.
template <class R, class Log>
inline int Battle<R, Log>::help_spell(int i) {
  if (time_stop_ >= 0) [[unlikely]] return 0;  // the allies are frozen in time (Timejammer, play_time.hpp)
  int best = -1;
  for (int k = 0; k < n_pc_; ++k)
    if (k != i && standing(k) && pc(k).help_spell_die > 0 && pc_[k].hope >= std::max(1, opt_.help_min_hope) &&
        (best < 0 || pc_[k].hope > pc_[best].hope || (pc_[k].hope == pc_[best].hope && named_before(k, best))))
      best = k;
  if (best < 0) return 0;
  spend_hope(best, 1, kHopeSpentHelp);
  help_sides_ = pc(best).help_spell_die;
  roll_helper_ = best;
  const PcCard& c = pc(best).cards[static_cast<std::size_t>(pc(best).help_spell_card)];
  ++feat(c.feat).uses;
  ++feat(c.feat).spent;
  ENCSIM_SAY(log_, "  %s spends a Hope to help %s's Spellcast roll (%s: a d%d advantage die)", pname(best), pname(i),
             c.def->name.c_str(), help_sides_);
  return 1;
}

// ---------------------------------------------------------------------------
// Sacred Resonance (`double_matches`)

// The weapon damage dice d[0..n) of an attack a double_matches card was
// played on (match_card_): each die showing the same face as another counts
// twice. Returns what that adds; told on the card's line.
template <class R, class Log>
inline int Battle<R, Log>::matching_dice(int i, const int* d, int n) {
  int add = 0, doubled = 0;
  for (int k = 0; k < n; ++k) {
    bool match = false;
    for (int q = 0; q < n && !match; ++q) match = q != k && d[q] == d[k];
    if (match) add += d[k], ++doubled;
  }
  if (add > 0)
    ENCSIM_SAY(log_, "  %s: %d matching damage dice count twice: +%d", pc(i).cards[static_cast<std::size_t>(match_card_)].def->name.c_str(),
               doubled, add);
  match_card_ = -1;
  return add;
}

}  // namespace encsim::daggerheart
