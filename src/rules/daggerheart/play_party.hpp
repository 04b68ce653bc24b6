// Cards that lift the party (cards.hpp): a rally that gives the allies
// advantage on their attack rolls until a PC fails with Fear (Battle Cry,
// `allies_advantage`), an ally's Stress taken on (Share the Burden,
// `take_stress`), a gift that waits on a foe for the next PC to attack it
// (Lead by Example, `next_attacker`), a reaction to an ally's failed roll
// (Lean on Me, `trigger: ally_failed`, `target: both`) and a bonus to every
// trait until the fight ends (Full Surge, `fight_traits`). Included at the end
// of battle.hpp; not meant to be included on its own.
// docs/rules/daggerheart.md, "Domain cards", records every reading.
#pragma once

#include <algorithm>

namespace encsim::daggerheart {

// What a rally's advantage is worth to PC q, in HP: one weapon attack's gain
// (the chance advantage adds, times the HP its hit marks at the mean) on the
// adversary where it is worth most; nothing when q already rolls with
// advantage there. One attack each: the rally ends at the party's next
// failure with Fear, about one roll in four or five.
template <class R, class Log>
inline double Battle<R, Log>::advantage_worth(int q) const {
  if (!standing(q)) return 0.0;
  const PcWeapon& w = attack_of(q);
  const int mod = trait_of(q, w.trait) + w.attack_bonus + attack_plus(q);
  double best = 0.0;
  for (int j = 0; j < n_adv_; ++j) {
    if (!adv_[j].alive) continue;
    const int net = (adv_[j].vulnerable ? 1 : 0) - (adv_[j].hidden ? 1 : 0) + (w.advantage ? 1 : 0);
    const double gain = (p_beats(mod, net + 1, difficulty(j)) - p_beats(mod, net, difficulty(j))) * weapon_marks(q, j, w);
    best = std::max(best, gain);
  }
  return best;
}

// A rally's worth (allies_advantage) to the allies of PC i: the sum of
// advantage_worth over its standing allies, when no rally holds already.
template <class R, class Log>
inline double Battle<R, Log>::rally_worth(int i) const {
  if (cry_from_ >= 0) return 0.0;
  double v = 0.0;
  for (int q = 0; q < n_pc_; ++q)
    if (q != i) v += advantage_worth(q);
  return v;
}

// PC i rallies its allies with card c: until a PC rolls a failure with Fear
// (after_roll), every other PC's attack rolls have advantage (rally_adv).
template <class R, class Log>
inline void Battle<R, Log>::start_rally(int i, const PcCard& c) {
  cry_from_ = i;
  cry_card_ = static_cast<int>(&c - pc(i).cards.data());
  ++feat(c.feat).conditions;
  ENCSIM_SAY(log_, "  %s: %s's allies have advantage on attack rolls until a PC fails with Fear", c.def->name.c_str(), pname(i));
}

template <class R, class Log>
inline void Battle<R, Log>::end_rally(int i) {
  ENCSIM_SAY(log_, "  %s fails with Fear: %s's %s ends", pname(i), pname(cry_from_),
             pc(cry_from_).cards[static_cast<std::size_t>(cry_card_)].def->name.c_str());
  cry_from_ = -1;
}

// Share the Burden's ally: the standing ally with most Stress marked (more HP
// marked, then the first listed, on ties), when PC i can take some of it. -1 none.
template <class R, class Log>
inline int Battle<R, Log>::burden_target(int i) const {
  int best = -1;
  for (int q = 0; q < n_pc_; ++q) {
    if (q == i || !standing(q) || pc_[q].stress_marked == 0) continue;
    if (best < 0 || pc_[q].stress_marked > pc_[best].stress_marked ||
        (pc_[q].stress_marked == pc_[best].stress_marked &&
         (pc_[q].hp_marked > pc_[best].hp_marked ||
          (pc_[q].hp_marked == pc_[best].hp_marked && named_before(q, best)))))
      best = q;
  }
  return best >= 0 && burden_count(i, best) > 0 ? best : -1;
}

// How much Stress PC i takes from ally q: all of it, while i keeps its last
// Stress slot free (a full track makes it Vulnerable).
template <class R, class Log>
inline int Battle<R, Log>::burden_count(int i, int q) const {
  return std::max(0, std::min(pc_[q].stress_marked, pc(i).stress - pc_[i].stress_marked - 1));
}

// Its worth, in HP: a half per Stress the ally clears (a gift), less a
// quarter per Stress the PC marks (a cost), and a quarter per Hope it gains
// (a gift, up to its Hope slots).
template <class R, class Log>
inline double Battle<R, Log>::burden_worth(int i, int q) const {
  if (q < 0) return 0.0;
  const int n = burden_count(i, q);
  return 0.5 * n - kStressWorth * n + 0.25 * std::min(n, hope_cap(i) - pc_[i].hope);
}

template <class R, class Log>
inline void Battle<R, Log>::take_burden(int i, const PcCard& c, int q) {
  const int n = burden_count(i, q);
  if (n <= 0) return;
  pc_[q].stress_marked -= n;
  feat(c.feat).healed += n;  // the ally's Stress cleared
  ENCSIM_SAY(log_, "  %s: %d Stress move from %s to %s, who gains %d Hope", c.def->name.c_str(), n, pname(q), pname(i), n);
  mark_stress(i, n, true);  // its own to mark: a link handing it back would undo the card (play_link.hpp)
  gain_hope(i, n);
}

// Lead by Example (after_hit, next_attacker): PC i has dealt damage to `foe`;
// its card k leaves a gift there for the next PC to attack it, when none waits
// there already and the gift is worth more than the card's cost to one of
// i's standing allies (its best option: a Stress cleared is a half, a Hope a
// quarter; a Stress costs a quarter, so an ally with Stress marked). Costs
// are paid here.
template <class R, class Log>
inline void Battle<R, Log>::leave_gift(int i, int k, int foe) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  if (foe < 0 || !adv_[foe].alive || adv_[foe].gift_from >= 0) return;
  double best = 0.0, worth = 0.0;
  for (int q = 0; q < n_pc_; ++q)
    if (q != i && standing(q)) gift_option(e, q, 1, &worth), best = std::max(best, worth);
  if (best <= kStressWorth * e.stress + kHopeWorth * card_hope(i, k)) return;
  pay_card(i, k);
  adv_[foe].gift_from = i;
  adv_[foe].gift_card = k;
  ENCSIM_SAY(log_, "  %s plays %s: the next PC to attack %s clears a Stress or gains a Hope", pname(i), c.def->name.c_str(),
             aname(foe));
}

// PC i attacks adversary t, where a gift waits: i takes its best option.
template <class R, class Log>
inline void Battle<R, Log>::take_gift(int i, int t) {
  const int from = adv_[t].gift_from;
  const PcCard& c = pc(from).cards[static_cast<std::size_t>(adv_[t].gift_card)];
  adv_[t].gift_from = -1;
  double worth = 0.0;
  const int opt = gift_option(c.def->effect, i, 1, &worth);
  ENCSIM_SAY(log_, "  %s: %s attacks %s next and %s", c.def->name.c_str(), pname(i), aname(t),
             worth <= 0.0 ? "has nothing to gain" : opt == 1 ? "clears a Stress" : "gains a Hope");
  if (worth <= 0.0) return;
  if (opt == 1) ++feat(c.feat).healed;  // the Stress cleared
  card_for_pc(from, c, i);
}

// PC i's action roll has failed: each standing ally with an `ally_failed`
// reaction may answer it (card_event, its gifts weighed there).
template <class R, class Log>
inline void Battle<R, Log>::ally_failed(int i, RollResult r) {
  for (int q = 0; q < n_pc_; ++q)
    if (q != i && standing(q) && pc(q).has_ally_failed && standing(i)) card_event(q, CardTrigger::ally_failed, r, false, i);
}

// Full Surge (spotlight, fight_traits): PC i's card k adds to every trait
// until the PC's next rest (a session carries it from fight to fight:
// PartyState::surge). Not a stance: it joins one. Costs are paid here.
template <class R, class Log>
inline void Battle<R, Log>::surge(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  pay_card(i, k);
  pc_[i].trait_bonus = c.def->effect.fight_traits;
  ENCSIM_SAY(log_, "  %s plays %s: +%d to every trait until a rest", pname(i), c.def->name.c_str(),
             c.def->effect.fight_traits);
}

// Goad Them On (taunt): what making adversary j's next spotlight an attack on
// PC i with disadvantage is worth, in HP: its standard attack's worth on i as
// the adversaries' value rule reckons it (p x what a hit marks), times the
// chance disadvantage turns it away (1 - p, p the chance it hits), since a
// second d20 must hit too. The attack it would have made elsewhere is not weighed.
template <class R, class Log>
inline double Battle<R, Log>::taunt_worth(int i, int j) const {
  if (!standing(i) || !adv_[j].alive) return 0.0;
  const Effect& e = standard_effect(j);
  const double p = p_d20((party_.evasion_vs ? evasion_vs(i, j) : evasion(i)) - (adv(j).atk + e.attack_bonus), false);
  return target_value(j, e, standard_profile(j), i) * (1.0 - p);
}

// A goaded adversary j's spotlight: its standard attack on the PC that goaded
// it, with disadvantage (attack_pcs), in place of what it would have done; the
// goad is spent. Returns false when that PC is no longer standing (j acts as usual).
template <class R, class Log>
inline bool Battle<R, Log>::goaded(int j) {
  const int t = adv_[j].goaded_by;
  adv_[j].goaded_by = -1;
  if (!standing(t)) return false;
  ENCSIM_SAY(log_, "%s is goaded: it must attack %s, with disadvantage", aname(j), pname(t));
  goad_t_ = t;
  standard_attack(j, Target::random);
  goad_t_ = -1;
  return true;
}

// What disadvantage on the attacks against PC q is worth, in HP: one attack,
// by the adversary whose standard attack on q it turns away most (taunt_worth:
// the attack's worth times the chance the second d20 misses). 0 when q is
// already unseen or down; an adversary whose attacks on q a veil turns to
// disadvantage already (Veil of Night, play_dark.hpp) gains it nothing.
template <class R, class Log>
inline double Battle<R, Log>::unseen_worth(int q) const {
  if (!standing(q) || pc_[q].unseen != 0 || dark_from_ >= 0) return 0.0;
  double best = 0.0;
  for (int j = 0; j < n_adv_; ++j)
    if (adv_[j].alive && !veiled(q, j)) best = std::max(best, taunt_worth(q, j));
  return best;
}

// Invisibility's PC: the standing one (the caster included) whose unseen_worth
// is most (the first listed on ties); -1 when it is worth nothing to any.
template <class R, class Log>
inline int Battle<R, Log>::invisible_target(int i) const {
  (void)i;
  int best = -1;
  double most = 0.0;
  for (int q = 0; q < n_pc_; ++q) {
    const double w = unseen_worth(q);
    if (w > most || (w == most && best >= 0 && named_before(q, best))) most = w, best = q;
  }
  return best;
}

// PC i's card c makes PC q Invisible for as many of q's actions as i's
// Spellcast trait (at least 1); the card holds one PC at a time, so another
// it held is seen again. The caster's own casting is not one of those actions.
template <class R, class Log>
inline void Battle<R, Log>::make_invisible(int i, const PcCard& c, int q) {
  const int k = static_cast<int>(&c - pc(i).cards.data());
  for (int o = 0; o < n_pc_; ++o)
    if (pc_[o].invisible_left > 0 && pc_[o].invisible_from == i && pc_[o].invisible_card == k) {
      pc_[o].invisible_left = 0;
      pc_[o].unseen &= ~kInvisible;
    }
  const int tokens = std::max(1, spellcast_mod(i));
  pc_[q].invisible_left = tokens + (q == i ? 1 : 0);  // spotlight_end spends one at the end of this casting
  pc_[q].invisible_from = i;
  pc_[q].invisible_card = k;
  pc_[q].unseen |= kInvisible;
  ++feat(c.feat).conditions;
  ENCSIM_SAY(log_, "  %s: %s is Invisible for %d of its actions", c.def->name.c_str(), pname(q), tokens);
}

// PC i's spotlight action is done (run(), before the GM's turn): an
// Invisibility token is spent (the last ends it), and a `spotlight_end` cloak
// (Vanishing Act, Shadow Stepper) may be played. Our policy: while not
// Cloaked, the card whose Cloaked lasts longer first (cloak: fear before
// attack; then name order), when its Stress leaves a Stress slot free and
// the disadvantage on one attack against the PC (unseen_worth; Invisible
// counts as unseen) is worth more than its costs; a card without
// shed_restrained moves, so not while the PC is Restrained (Vanishing Act
// clears it, worth one more HP then).
template <class R, class Log>
inline void Battle<R, Log>::spotlight_end(int i) {
  PcState& s = pc_[i];
  const bool spelled = spell_hit_;  // its action was a successful spell (after_spell: Cloaking Blast)
  spell_hit_ = false;
  if (s.invisible_left > 0 && --s.invisible_left == 0) {
    s.unseen &= ~kInvisible;
    ENCSIM_SAY(log_, "  %s's action spends the last Invisibility token: it is seen again", pname(i));
  }
  if (!pc(i).has_spotlight_end || !opt_.cards || !standing(i) || over() || (s.unseen & kCloaked) != 0) return;
  const int seen = s.unseen;
  s.unseen = 0;  // weighed as if seen
  const double worth = unseen_worth(i);
  s.unseen = seen;
  for (int pass = 2; pass >= 1; --pass)
    for (int k = 0; k < static_cast<int>(pc(i).cards.size()); ++k) {
      const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
      const CardEffect& e = c.def->effect;
      if (e.cloak != pass || !card_payable(i, k, CardTrigger::spotlight_end, 0) || e.stress >= stress_room(i, e.stress))
        continue;
      if (s.restrained && !e.shed_restrained) continue;
      if (e.after_spell && !spelled) continue;
      const double gain = (seen & kInvisible ? 0.0 : worth) + (s.restrained && e.shed_restrained ? 1.0 : 0.0);
      if (gain <= kStressWorth * e.stress + kHopeWorth * card_hope(i, k)) continue;
      pay_card(i, k);
      s.unseen |= pass == 2 ? kCloakFear : kCloakAttack;
      ++feat(c.feat).conditions;
      ENCSIM_SAY(log_, "  %s plays %s: Cloaked until it %s", pname(i), c.def->name.c_str(),
                 pass == 2 ? "rolls with Fear" : "makes an attack");
      if (s.restrained && e.shed_restrained) {
        s.restrained = false;
        if (s.vulnerable && s.vuln_until == Until::break_free) s.vulnerable = false;
        ENCSIM_SAY(log_, "  %s is no longer Restrained", pname(i));
      }
      return;
    }
}

// Battle Monster (hit, own_marks): PC i's weapon attack on t has succeeded;
// in place of its damage roll, t marks as many HP as i has marked, for the
// card's costs. Our policy: when those HP (a Minion's 1; at most what t has
// left) exceed the HP the weapon's hit marks at its mean by more than the
// costs (4 Stress: an HP), the Stress leaving a slot free. Returns true when played.
template <class R, class Log>
inline bool Battle<R, Log>::own_marks(int i, int t, const PcWeapon& w) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  for (int k = 0; k < static_cast<int>(p.cards.size()); ++k) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardEffect& e = c.def->effect;
    if (!e.own_marks || !card_payable(i, k, CardTrigger::hit, 0) || e.stress >= stress_room(i, e.stress) || s.hp_marked == 0)
      continue;
    const double marks = adv(t).minion > 0 ? 1.0 : std::min(s.hp_marked, adv_hp_left(t));
    if (marks - weapon_marks(i, t, w) <= kStressWorth * e.stress + kHopeWorth * card_hope(i, k)) continue;
    const int n = s.hp_marked;
    pay_card(i, k);
    ENCSIM_SAY(log_, "  %s plays %s: %s marks %d HP (as many as %s has marked), no damage roll", pname(i), c.def->name.c_str(),
               aname(t), n, pname(i));
    const auto before = rpc(i).damage_dealt;
    force_marks(i, t, n, c.feat);
    unstoppable_after(i, rpc(i).damage_dealt > before);
    return true;
  }
  return false;
}

}  // namespace encsim::daggerheart
