// A cairn-ap turn (Battle, battle.hpp): the Action Points a creature has,
// what each action costs, the tactics' choice of the next action and the
// action carried out (source text 001, "Combat": "Turn"; "Special Actions in
// Combat": Move, Gain Advantage, Held Action).
// docs/rules/cairn-ap.md.
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>
#include <cstddef>

namespace encsim::cairn_ap {

template <class R, class Log>
inline void Battle<R, Log>::take_turn(int i) {
  State& s = st_[i];
  // 1. A held action whose trigger never came cancels now.
  if (s.held != Held::none) {
    ENCSIM_SAY(log_, "%s's held action lapses", name(i));
    s.held = Held::none;
  }
  // 2. The turn's Action Points: 4, or 2 for the surprised until their first turn ends.
  s.ap = s.surprised ? opt_.surprised_ap : opt_.ap_per_turn;
  s.blows = 0;
  ENCSIM_SAY(log_, "%s's turn: %d AP%s", name(i), s.ap, s.surprised ? " (surprised)" : "");
  // 3. Actions until the AP run out or tactics have nothing to do.
  while (s.ap > 0 && s.in_fight && !over()) {
    const tactics::Rule* rule = choose_rule(i);
    if (!rule || rule->action == kPass) break;
    perform(i, *rule);
    after_action();
  }
  // 4. The AP come back at the end of the turn; surprise is over, and
  // advantage gained but not used lapses.
  s.surprised = false;
  if (opt_.advantage_lapses) s.gained_adv = 0;
}

// AP the rule costs now, or -1 when it cannot be taken at all.
template <class R, class Log>
inline int Battle<R, Log>::cost(int i, const tactics::Rule& r) const {
  const State& s = st_[i];
  switch (r.action) {
    case kAttack: {
      const int full = opt_.ap_attack + approach_cost(i);
      return full <= s.ap || !can_move(i) ? full : opt_.ap_move;
    }
    case kMove: return can_move(i) ? opt_.ap_move : -1;
    case kGainAdvantage: return opt_.ap_gain_advantage;
    case kHoldDodge: return s.held == Held::none ? opt_.ap_hold : -1;
    case kHoldParry: return s.held == Held::none && has_melee_weapon(i) ? opt_.ap_hold : -1;
    case kHoldBlock: return s.held == Held::none && f(i).shield_die.sides > 0 ? opt_.ap_hold : -1;
    case kRiposte: return s.held == Held::none && has_melee_weapon(i) ? opt_.ap_riposte : -1;
    case kRetreat: return opt_.ap_retreat;
    case kCast: return s.can_cast && magic_dice(i) > 0 ? opt_.ap_cast : -1;
    case kPass: return 0;
    default: return -1;
  }
}

template <class R, class Log>
inline double Battle<R, Log>::View::var(int id) const {
  const State& s = b->st_[self];
  const int my = b->side(self);
  switch (id) {
    case tactics::kSelfHp: return s.hp;
    case tactics::kSelfHpMax: return s.hp_max;
    case tactics::kSelfHpFrac: return s.hp_max > 0 ? static_cast<double>(s.hp) / s.hp_max : 0.0;
    case tactics::kSelfHpLost: return s.hp_max - s.hp;
    case tactics::kAlliesAlive: return b->alive_[my];
    case tactics::kAlliesDown: return b->side_size(my) - b->alive_[my];
    case tactics::kEnemiesAlive: return b->alive_[1 - my];
    case tactics::kEnemiesDown: return b->side_size(1 - my) - b->alive_[1 - my];
    case tactics::kRound: return b->round_;
    case kVarAp: return s.ap;
    case kVarAdvantage: return s.gained_adv;
    case kVarHeld: return s.held != Held::none ? 1 : 0;
    case kVarStr: return s.str;
    case kVarStrMax: return s.str_max;
    case kVarDex: return s.dex;
    case kVarWil: return s.wil;
    case kVarArmor: return s.armor;
    case kVarEngaged: return s.engaged ? 1 : 0;
    case kVarFatigue: return s.fatigue;
    case kVarFreeSlots: return s.free_slots;
    case kVarManaDust: return s.mana_dust;
    case kVarMagicDice: return b->magic_dice(self);
    case kVarAlliesWounded: {
      int n = 0;
      for (int j = my == 0 ? 0 : b->enc_.n_party; j < (my == 0 ? b->enc_.n_party : b->n_); ++j)
        n += b->st_[j].in_fight && 2 * b->st_[j].hp < b->st_[j].hp_max ? 1 : 0;
      return n;
    }
    case kVarEnemyDetachments: {
      int n = 0;
      for (int j = my == 1 ? 0 : b->enc_.n_party; j < (my == 1 ? b->enc_.n_party : b->n_); ++j)
        n += b->st_[j].in_fight && b->f(j).detachment ? 1 : 0;
      return n;
    }
    default: return 0.0;
  }
}

template <class R, class Log>
inline const tactics::Rule* Battle<R, Log>::choose_rule(int i) const {
  const View view{this, i};
  for (const tactics::Rule& r : f(i).rules) {
    const int c = cost(i, r);
    if (c < 0 || c > st_[i].ap) continue;
    // A guarded side strikes once a turn and holds a defence with the rest.
    if (r.action == kAttack && f(i).styled && guarded_[side(i)] && st_[i].blows > 0) continue;
    if (r.when.holds(view)) return &r;
  }
  return nullptr;
}

template <class R, class Log>
inline void Battle<R, Log>::spend(int i, int ap, Resource kind) {
  st_[i].ap -= ap;
  rec(i).extra[kExApSpent] += ap;
  rec_.resources[kind] += ap;
}

template <class R, class Log>
inline void Battle<R, Log>::move(int i) {
  State& s = st_[i];
  spend(i, opt_.ap_move, kApMove);
  ++s.moves;
  s.engaged = s.moves >= opt_.approach_moves;
  ENCSIM_SAY(log_, "%s moves (%d AP)%s", name(i), opt_.ap_move, s.engaged ? " into reach" : "");
}

template <class R, class Log>
inline void Battle<R, Log>::perform(int i, const tactics::Rule& r) {
  State& s = st_[i];
  ++rec(i).actions;
  switch (r.action) {
    case kAttack: {
      // "Move (1 AP)": melee reach is abstract, a number of Moves before the
      // first blow. Moves the turn cannot follow with the blow are made now.
      const bool strikes = opt_.ap_attack + approach_cost(i) <= s.ap;
      while (!s.engaged && can_move(i)) move(i);
      if (!strikes) {
        ENCSIM_SAY(log_, "%s cannot reach and strike this turn: the blow waits", name(i));
        break;
      }
      spend(i, opt_.ap_attack, kApAttack);
      ++s.blows;
      // The blow's further targets, if any, are picked on the same scores.
      Scores memo;
      attack(i, select(i, r.target, nullptr, 0, &memo), false, r.target, &memo);
      break;
    }
    case kMove: move(i); break;
    case kGainAdvantage:
      spend(i, opt_.ap_gain_advantage, kApAdvantage);
      ++s.gained_adv;
      ENCSIM_SAY(log_, "%s gains advantage (+%d on the next Base Die)", name(i), s.gained_adv);
      break;
    case kHoldDodge:
    case kHoldParry:
    case kHoldBlock:
    case kRiposte: {
      const bool riposte = r.action == kRiposte;
      spend(i, riposte ? opt_.ap_riposte : opt_.ap_hold, kApHeld);
      s.held = r.action == kHoldDodge   ? Held::dodge
               : r.action == kHoldParry ? Held::parry
               : r.action == kHoldBlock ? Held::block
                                        : Held::riposte;
      static const char* kWhat[] = {"", "a dodge", "a parry", "a block", "a parry and a riposte"};
      ENCSIM_SAY(log_, "%s holds %s for the next attack", name(i), kWhat[static_cast<int>(s.held)]);
      break;
    }
    case kRetreat: retreat(i); break;
    case kCast: cast(i, f(i).spells[z(r.arg_id)], r.target, f(i).feat_spell[z(r.arg_id)]); break;
    default: break;
  }
  // An action other than an attack or a spell (counted where they happen).
  if (r.action != kAttack && r.action != kCast && r.action != kMove)
    ++feat(f(i).feat_action[static_cast<std::size_t>(r.action)]).uses;
}

}  // namespace encsim::cairn_ap
