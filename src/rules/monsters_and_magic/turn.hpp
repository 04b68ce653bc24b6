// A Monsters & Magic turn (Battle, battle.hpp): action points and the
// escalating cost of Moves and Strikes, the tactics rule a combatant follows,
// paying for a technique and doing it, moving into and out of reach with its
// opportunity attacks (source text 002: "Action Points", "Basic Techniques",
// "Combat"). docs/rules/monsters-and-magic.md, "Play styles", for the choice.
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>
#include <bit>
#include <utility>

namespace encsim::mnm {

// A foe that stood in reach of a creature when it fell still has it in reach.
template <class R, class Log>
inline bool Battle<R, Log>::in_reach(int i, int t) const {
  return ((st_[i].reach >> t) & 1u) || (!st_[t].conscious && ((st_[t].fell_near >> i) & 1u));
}

template <class R, class Log>
inline int Battle<R, Log>::moves_to_reach(int i) const {
  // Shifting from one foe to another takes one Move, even once it has left the first.
  int m = engaged(i) || st_[i].shifting ? 1 : opt_.approach_moves;
  if (has(i, kSlowed)) m *= 2;
  if (has(i, kHastened)) m = (m + 1) / 2;
  return m;
}

template <class R, class Log>
inline bool Battle<R, Log>::can_react(int j) const {
  return st_[j].conscious && st_[j].reaction && !has(j, kStunned);
}

template <class R, class Log>
inline void Battle<R, Log>::turn(int i) {
  State& s = st_[i];
  ++s.turns;
  expire(i, true);
  s.reaction = true;
  s.readied = false;  // "If the trigger is not tripped by the start of your next turn, it ends"
  s.used = 0;
  s.moves = s.strikes = 0;
  s.disengaged = false;
  if (s.dying) {
    death_save(i);
  } else if (s.conscious) {
    take_turn(i);
  }
  expire(i, false);
}

template <class R, class Log>
inline void Battle<R, Log>::take_turn(int i) {
  State& s = st_[i];
  // 1. Restrained: a grappler lets go when impaired, stunned or out;
  //    otherwise mark 3 fatigue to break free if that leaves you standing.
  if (has(i, kRestrained)) {
    const int g = s.restrained_by;
    if (g >= 0 && (!st_[g].conscious || has(g, kStunned) || has(g, kImpaired))) {
      clear_cond(i, kRestrained);
      ENCSIM_SAY(log_, "%s is no longer restrained", name(i));
    } else if (fatigue_left(i) >= 3) {  // marking 3 of 3 left keeps it conscious
      ENCSIM_SAY(log_, "%s marks 3 fatigue to break free", name(i));
      clear_cond(i, kRestrained);
      mark_fatigue(i, 3, -1);
    }
  }
  // 2. Start-of-turn conditions and statuses.
  if (has(i, kDoomed)) {
    ENCSIM_SAY(log_, "%s is doomed", name(i));
    mark_fatigue(i, 1, -1);
  }
  if (has(i, kInvigorated) && s.fatigue > 0) --s.fatigue;
  if (!s.conscious) return;
  // 3. Action points.
  s.ap = 3 + (has(i, kQuickened) ? 1 : 0) - (has(i, kImpaired) ? 1 : 0);
  if (has(i, kStunned) || has(i, kRestrained)) s.ap = 0;
  ENCSIM_SAY(log_, "%s's turn: %d AP", name(i), s.ap);
  // Concentrate (1 AP) first, to keep its spell's condition while it lasts.
  if (s.conc_target >= 0) {
    if (!has(s.conc_target, s.conc_cond) || !st_[s.conc_target].conscious) {
      s.conc_target = s.conc_cond = -1;  // detonated, or the target is out
    } else if (s.ap >= 1) {
      spend(i, 1);
      ENCSIM_SAY(log_, "%s concentrates: %s stays %s", name(i), name(s.conc_target), cond_name(s.conc_cond));
    } else {
      end_concentration(i);
    }
  }
  // 4. Stand up from prone with a Move.
  if (has(i, kProne) && s.ap >= move_cost(i)) {
    spend(i, move_cost(i));
    ++s.moves;
    clear_cond(i, kProne);
    ENCSIM_SAY(log_, "%s stands up", name(i));
  }
  // 5. The tactics, until nothing can be paid for.
  while (s.ap > 0 && s.conscious && alive_[1 - side(i)] > 0) {
    int target = -1;
    const tactics::Rule* rule = f(i).styled && style(i).scored ? choose_scored(i, target) : choose_rule(i, target);
    if (!rule) break;
    if (rule->action == kPass) break;
    act(i, *rule, target);
  }
}

template <class R, class Log>
inline void Battle<R, Log>::spend(int i, int ap) {
  st_[i].ap -= ap;
  rec(i).extra[kExtraApSpent] += ap;
  ++rec(i).actions;
}

template <class R, class Log>
inline int Battle<R, Log>::dying_allies(int i) const {
  int c = 0;
  for (int j = side(i) == 0 ? 0 : enc_.n_party, hi = side(i) == 0 ? enc_.n_party : n_; j < hi; ++j)
    c += st_[j].dying ? 1 : 0;
  return c;
}

template <class R, class Log>
inline const tactics::Rule* Battle<R, Log>::choose_rule(int i, int& target) {
  const View view{this, i};
  for (const tactics::Rule& r : f(i).rules) {
    if (!r.when.holds(view)) continue;
    if (affordable(i, r, target)) return &r;
  }
  return nullptr;
}

// "Retrieve Item": the item retrieved plus +CUNNING small items (option
// retrieve_item: cunning_only), as far as the loadout has free spots.
template <class R, class Log>
inline int Battle<R, Log>::retrievable(int i) const {
  const State& s = st_[i];
  const int per_use = f(i).ability[kCunning] + (opt_.retrieve_adds_item ? 1 : 0);
  return std::max(0, std::min({s.potions - s.ready_potions, f(i).loadout - s.ready_potions, per_use}));
}

// The ally a support technique helps, or -1: the one in the worst need,
// never the first listed of equals (ties at random, tactics stream).
//   Use Item: a dying ally, then a stable one, then the standing ally at the
//   smallest share of its hit points (at most the style's heal_at).
//   Aid: a dying ally, then one out from exhaustion, then a fatigued one;
//   among dying ones the fewest fatigue left (closest to death).
//   Help: the ally with the most damage a Strike.
template <class R, class Log>
inline int Battle<R, Log>::ally_in_need(int i, int action) {
  const int lo = side(i) == 0 ? 0 : enc_.n_party, hi = side(i) == 0 ? enc_.n_party : n_;
  const double heal_at = f(i).styled ? style(i).heal_at : 0.5;
  std::uint64_t pool = 0;
  for (int j = lo; j < hi; ++j) pool |= std::uint64_t{!st_[j].dead} << j;
  return best_by(pool, [&](int j) -> std::pair<int, double> {
    const State& s = st_[j];
    if (action == kUseItem) {
      if (s.hp == 0) return {s.dying ? 3 : 2, -fatigue_left(j)};
      const double frac = static_cast<double>(s.hp) / f(j).hp;
      if (s.conscious && frac <= heal_at) return {1, -frac};
    } else if (action == kAid && !s.aided) {
      if (s.dying) return {3, -fatigue_left(j)};
      if (!s.conscious && s.hp > 0) return {2, 0.0};  // out from exhaustion
      if (j != i && s.conscious && s.fatigue > 0) return {1, s.fatigue};
    } else if (action == kHelp) {
      if (j != i && s.conscious) return {1, f(j).mean_damage};
    }
    return {0, 0.0};
  }, 1);
}

// Whether `rule` can be paid for now; sets `target`.
// `aim` >= 0: the target already chosen for it (choose_scored()).
template <class R, class Log>
inline bool Battle<R, Log>::affordable(int i, const tactics::Rule& rule, int& target, int aim) {
  const State& s = st_[i];
  const Fighter& fi = f(i);
  switch (rule.action) {
    case kStrike:
    case kStrikeFatigue:
    case kCantrip:
    case kGrapple: {
      if (rule.action == kCantrip && !fi.cantrip.present) return false;
      if (rule.action == kStrikeFatigue && fatigue_left(i) < 1) return false;
      if (rule.action == kGrapple && (used(i, kGrapple) || fatigue_left(i) < 1)) return false;
      target = aim >= 0 ? aim : select(i, rule.target, 0, needs_reach(i, rule.action));
      if (target < 0) return false;
      const int cost = rule.action == kGrapple ? 2 : strike_cost(i);
      if (needs_reach(i, rule.action) && !in_reach(i, target)) return s.ap >= move_cost(i);  // approach first
      return s.ap >= cost;
    }
    case kCast: {
      const Spell& sp = fi.spell;
      if (!sp.present || used(i, kCast) || fatigue_left(i) < sp.fatigue) return false;
      target = aim >= 0 ? aim : select(i, rule.target, 0, needs_reach(i, kCast));
      if (target < 0) return false;
      if (needs_reach(i, kCast) && !in_reach(i, target)) return s.ap >= move_cost(i);
      return s.ap >= sp.ap;
    }
    case kDodge: return !used(i, kDodge) && s.ap >= 2;
    case kDistract:
      if (used(i, kDistract) || s.ap < 2 || fatigue_left(i) < 1) return false;
      target = select(i, rule.target, 0, false);
      return target >= 0;
    case kHelp:
    case kAid:
    case kUseItem: {
      if (used(i, rule.action)) return false;
      if (rule.action == kUseItem && s.ready_potions == 0) return false;
      target = ally_in_need(i, rule.action);
      if (target < 0) return false;
      int cost = rule.action == kUseItem ? 1 : 2;
      if (rule.action == kAid && !st_[target].conscious) ++cost;
      return s.ap >= cost;
    }
    case kRetrieveItem:  // only when a potion is wanted now and none is at hand
      return !used(i, kRetrieveItem) && s.ap >= 1 && fatigue_left(i) >= 1 && s.ready_potions == 0 &&
             retrievable(i) > 0 && (target = ally_in_need(i, kUseItem)) >= 0;
    case kRegroup: return !used(i, kRegroup) && s.ap >= 3 && s.fatigue > 0;
    case kDisengage:  // short of AP, mark fatigue for the rest
      return !used(i, kDisengage) && engaged(i) && (s.ap >= 2 || fatigue_left(i) >= 2 - s.ap);
    case kWithdraw: return engaged(i) && s.ap >= move_cost(i);
    case kReady: return !used(i, kReady) && !s.readied && s.ap >= strike_cost(i);
    case kThreadAbilityAction: {
      const ThreadAbility& ta = fi.thread_ability;
      if (!ta.present || used(i, kThreadAbilityAction) || s.ap < ta.ap || gm_threads_ < ta.cost) return false;
      return ta.uses == 0 || s.ability_uses < ta.uses;
    }
    case kPass: return true;
  }
  return false;
}

template <class R, class Log>
inline void Battle<R, Log>::act(int i, const tactics::Rule& rule, int target) {
  State& s = st_[i];
  const Fighter& fi = f(i);
  const int a = rule.action;
  if (needs_reach(i, a) && !in_reach(i, target)) {
    move_to(i, target);
    return;
  }
  if (a != kStrike && a != kStrikeFatigue && a != kCantrip && a != kWithdraw) s.used |= 1u << a;
  const int feature = fi.feat_action[static_cast<std::size_t>(a)];
  const UsingFeature using_it(s.acting, feature);
  if (feature >= 0) ++feat(feature).uses;
  switch (a) {
    case kStrike:
    case kStrikeFatigue:
      spend(i, strike_cost(i));
      ++s.strikes;
      if (a == kStrikeFatigue) {
        ENCSIM_SAY(log_, "%s marks 1 fatigue to strike for fatigue", name(i));
        mark_fatigue(i, 1, -1);
        if (!s.conscious) return;
      }
      attack(i, target, a == kStrikeFatigue);
      // A multiattack: the rest of the Strike's attacks, at the same foe
      // while it stands, else at the tactic's next one within reach.
      for (int k = 1; k < fi.multiattack && a == kStrike && s.conscious; ++k) {
        if (!st_[target].conscious) target = select(i, rule.target, 0, !fi.ranged);
        if (target < 0 || (!fi.ranged && !in_reach(i, target))) break;
        attack(i, target, false);
      }
      break;
    case kCantrip:  // "Strike ... with an uncharmed cantrip": the Strike's cost
      spend(i, strike_cost(i));
      ++s.strikes;
      attack(i, target, false, &fi.cantrip);
      break;
    case kCast:  // "Cast a Spell": its total AP, once a turn
      spend(i, fi.spell.ap);
      end_concentration(i);  // a new casting replaces the spell it held
      if (fi.spell.fatigue > 0) {
        ENCSIM_SAY(log_, "%s marks %d fatigue to cast %s", name(i), fi.spell.fatigue, fi.spell.name.c_str());
        mark_fatigue(i, fi.spell.fatigue, -1);
        if (!s.conscious) return;
      }
      attack(i, target, false, &fi.spell);
      break;
    case kGrapple: grapple(i, target); break;
    case kDodge:
      spend(i, 2);
      ENCSIM_SAY(log_, "%s dodges", name(i));
      apply_cond(i, i, kDodging, 0, i);
      break;
    case kDistract: distract(i, target); break;
    case kHelp:
      spend(i, 2);
      st_[target].forward += f(target).bond;  // "their +BOND with you"
      ENCSIM_SAY(log_, "%s helps %s: %+d to their next check", name(i), name(target), f(target).bond);
      break;
    case kAid: aid(i, target); break;
    case kUseItem:
      spend(i, 1);
      --s.potions;
      --s.ready_potions;
      {
        const int amount = fi.potion.roll(dice_);
        ENCSIM_SAY(log_, "%s uses a potion on %s: %d", name(i), name(target), amount);
        const int before = st_[target].hp;
        heal(target, amount);
        if (feature >= 0) feat(feature).healed += st_[target].hp - before;
      }
      break;
    case kRetrieveItem: {
      const int n = retrievable(i);
      spend(i, 1);
      s.ready_potions += n;
      ENCSIM_SAY(log_, "%s retrieves %d potion(s) into the loadout (marks 1 fatigue)", name(i), n);
      mark_fatigue(i, 1, -1);
      break;
    }
    case kRegroup:
      spend(i, 3);
      s.fatigue = std::max(0, s.fatigue - 2);
      ENCSIM_SAY(log_, "%s regroups: fatigue %d", name(i), s.fatigue);
      break;
    case kDisengage: {
      const int short_by = std::max(0, 2 - s.ap);
      spend(i, 2 - short_by);
      s.disengaged = true;
      ENCSIM_SAY(log_, "%s disengages%s", name(i), short_by ? " (marking fatigue for AP)" : "");
      if (short_by) mark_fatigue(i, short_by, -1);
      break;
    }
    case kWithdraw:
      spend(i, move_cost(i));
      ++s.moves;
      ENCSIM_SAY(log_, "%s moves away", name(i));
      leave_reach(i);
      break;
    case kThreadAbilityAction: thread_ability(i, rule.target); break;
    case kReady:
      // Spend the Strike's AP now; resolve it when a foe comes into reach.
      spend(i, strike_cost(i));
      ++s.strikes;
      s.readied = true;
      ENCSIM_SAY(log_, "%s readies a Strike", name(i));
      break;
    default: break;
  }
}

// Leaving enemies' reach provokes their opportunity attacks, unless disengaged.
template <class R, class Log>
inline void Battle<R, Log>::leave_reach(int i) {
  const std::uint64_t was = st_[i].reach;
  if (opt_.opportunity_attacks && !st_[i].disengaged) {
    for (std::uint64_t m = was; m && st_[i].conscious; m &= m - 1) {
      const int j = std::countr_zero(m);
      if (!can_react(j) || f(j).ranged) continue;
      st_[j].reaction = false;
      ++rec_.resources[kOpportunityAttacks];
      ENCSIM_SAY(log_, "%s makes an opportunity attack on %s", name(j), name(i));
      const UsingFeature using_it(st_[j].acting, f(j).feat_opportunity);
      ++feat(f(j).feat_opportunity).uses;
      attack(j, i, false);
    }
  }
  drop_reach(i);
}

// One Move toward `t`; reach once enough Moves are spent.
template <class R, class Log>
inline void Battle<R, Log>::move_to(int i, int t) {
  State& s = st_[i];
  spend(i, move_cost(i));
  ++s.moves;
  if (s.approach == 0) s.shifting = engaged(i);
  if (engaged(i)) leave_reach(i);
  if (!s.conscious) return;
  if (++s.approach >= moves_to_reach(i)) {
    s.approach = 0;
    s.shifting = false;
    reach_each_other(i, t);
    ENCSIM_SAY(log_, "%s moves into reach of %s", name(i), name(t));
    // A readied Strike is tripped by a foe coming into reach.
    if (st_[t].readied && can_react(t)) {
      st_[t].readied = st_[t].reaction = false;
      ++rec_.resources[kReadiedStrikes];
      ENCSIM_SAY(log_, "%s's readied Strike is tripped", name(t));
      const UsingFeature using_it(st_[t].acting, f(t).feat_action[kReady]);
      attack(t, i, false);
    }
  } else {
    ENCSIM_SAY(log_, "%s moves toward %s", name(i), name(t));
  }
}

template <class R, class Log>
inline void Battle<R, Log>::reach_each_other(int i, int t) {
  st_[i].reach |= std::uint64_t{1} << t;
  st_[t].reach |= std::uint64_t{1} << i;
}

}  // namespace encsim::mnm
