// The scoring rule of the Monsters & Magic play styles (Battle, battle.hpp):
// what each usable attack, spell and technique is worth now, in hit points or
// their equivalent, from the chances of the result chart (source text 002,
// "Ability Checks": the result tiers) and the damage tables worked out at
// compile time; docs/rules/monsters-and-magic.md, "Play styles". Nothing is
// rolled here. Included at the end of battle.hpp; not meant to be included on
// its own.
#pragma once

#include <algorithm>
#include <array>
#include <bit>

namespace encsim::mnm {

// Chances of a critical miss, miss, weak, strong and critical result of
// d20 + bonus against `dc` (chart_odds()), moved by `step` effect steps as
// step_tier() moves a result. Attacks (dc 0) read the chart from a table.
template <class R, class Log>
inline std::array<double, 5> Battle<R, Log>::odds(int bonus, int adv, int dc, int step) {
  std::array<double, 5> p = dc == 0 ? attack_chart(bonus, adv) : chart_odds(bonus, adv, dc);
  if (step > 0) p = {p[0], 0.0, p[1], p[2] + p[3], p[4]};
  if (step < 0) p = {p[0], p[1] + p[2], p[3], 0.0, p[4]};
  return p;
}

template <class R, class Log>
inline double Battle<R, Log>::type_factor(int t, TypeMask types) const {
  const Fighter& ft = f(t);
  if (types & ft.immune) return 0.0;
  return (types & ft.resist ? 0.5 : 1.0) * (types & ft.vulnerable ? 2.0 : 1.0);
}

// What inflicting condition `c` on `t` is worth: a detonation when it is
// already there (3 fatigue that knock it out: all it has left; else the
// d10 through AC), else a fixed share of the danger it poses (a Strike's
// worth, `threat`) plus a flat part, as the table in the docs gives.
template <class R, class Log>
inline double Battle<R, Log>::cond_worth(int t, int c, TypeMask types) const {
  if (!st_[t].conscious) return 0.0;
  if (has(t, c)) {
    if (opt_.reapply != ReapplyPolicy::detonate) return 0.0;
    if (fatigue_left(t) < 3) return st_[t].hp + st_[t].temp_hp;
    const int ac = effective_ac(t);
    double e = 0.0;
    for (int k = ac + 1; k <= 10; ++k) e += (k - ac) / 10.0;
    return e * type_factor(t, types);
  }
  //                                  weakened sundered impaired stunned doomed restrained slowed prone uncon. fright. blinded
  static constexpr double kThreat[] = {0.25,    0.0,     0.35,    1.5,    0.0,   0.5,       0.25,  0.35, 0.0,   0.25,   0.5};
  static constexpr double kFlat[] = {0.0,      3.0,     0.0,     0.0,    2.0,   1.0,       0.0,   1.0,  0.0,   0.0,    1.0};
  return kThreat[c] * f(t).threat + kFlat[c];
}

template <class R, class Log>
inline typename Battle<R, Log>::Attacker Battle<R, Log>::attacker(int a, const Spell* sp) const {
  const Fighter& fa = f(a);
  Attacker at{a, sp, sp ? !sp->ranged : !fa.ranged,
              (sp ? fa.spell_bonus : fa.attack_bonus) + check_mod(a) + (has(a, kEmpowered) ? 2 : 0) + st_[a].forward +
                  (has(a, kPrepared) ? 2 : 0),
              0, 0};
  own_advantage(a, at.up, at.down);
  return at;
}

template <class R, class Log>
inline double Battle<R, Log>::expected_attack(const Attacker& at, int t) const {
  const int a = at.a;
  const Spell* sp = at.sp;
  const Fighter& fa = f(a);
  int up = at.up, down = at.down;
  target_advantage(a, t, at.melee, up, down);
  const int bonus = at.bonus - (f(t).partial_cover ? 2 : 0);
  const std::array<double, 5> p = odds(bonus, advantage_of(up, down), 0, fa.step);
  const Fighter::NetTable& net = !sp ? fa.weapon_net : sp == &fa.cantrip ? fa.cantrip_net : fa.spell_net;
  const auto ac = static_cast<std::size_t>(std::min(effective_ac(t), Fighter::kAcSlots - 1));
  const TypeMask types = sp ? sp->types : fa.types;
  double v = (p[kWeak] * net[0][ac] + p[kStrong] * net[1][ac] + p[kCrit] * net[2][ac]) * type_factor(t, types);
  const int c = sp ? sp->inflicts : fa.inflicts;
  if (c >= 0) {
    double on = 0.0;
    for (int k = sp ? sp->inflicts_on : fa.inflicts_on; k <= kCrit; ++k) on += p[static_cast<std::size_t>(k)];
    v += on * cond_worth(t, c, types);
  }
  return v;
}

// The thread ability: each enemy's save against it (full damage and the
// condition on a miss, half on a weak hit), summed over the `targets`
// enemies it is worth most against.
template <class R, class Log>
inline double Battle<R, Log>::ability_worth(int i) const {
  const ThreadAbility& ta = f(i).thread_ability;
  std::array<double, Encounter::kMaxFighters> worth{};
  int n = 0;
  for (std::uint64_t m = up_ & side_mask_[1 - side(i)]; m; m &= m - 1) {
    const int t = std::countr_zero(m);
    const int bonus = f(t).ability[static_cast<std::size_t>(ta.save)] + check_mod(t) + st_[t].forward +
                      (has(t, kPrepared) ? 2 : 0);
    const std::array<double, 5> p = odds(bonus, ta.save == kCunning && dodging(t) ? 1 : 0, ta.dc);
    const auto ac = static_cast<std::size_t>(std::min(effective_ac(t), Fighter::kAcSlots - 1));
    const double tf = type_factor(t, ta.types);
    const double miss = p[kCritMiss] + p[kMiss];
    worth[static_cast<std::size_t>(n++)] = miss * (f(i).ability_net[1][ac] * tf +
                                                   (ta.condition >= 0 ? cond_worth(t, ta.condition, ta.types) : 0.0)) +
                                           p[kWeak] * f(i).ability_net[0][ac] * tf;
  }
  const int k = std::min(n, ta.targets);
  std::partial_sort(worth.begin(), worth.begin() + k, worth.begin() + n, std::greater<>());
  double sum = 0.0;
  for (int j = 0; j < k; ++j) sum += worth[static_cast<std::size_t>(j)];
  return sum;
}

// What `action` at `t` is worth with the AP left this turn: its own worth
// now plus the Strikes the AP left after it still buy (at `strike_t`, the
// weapon's target; a melee fighter out of reach Moves first). A thread
// ability also pays its GM threads at the style's price, each worth that
// many of the foe's Strikes (a thread kept is a missed Strike rerolled).
// `strike`: what a Strike at `strike_t` is worth (strike_worth()), the
// same for every action weighed in one decision, so computed once.
template <class R, class Log>
inline double Battle<R, Log>::plan_worth(int i, int action, int t, int strike_t, double strike) const {
  const State& s = st_[i];
  const Fighter& fi = f(i);
  auto strikes = [&](int ap, int done) {
    if (strike_t < 0) return 0.0;
    if (!fi.ranged && !in_reach(i, strike_t)) ap -= move_cost(i);
    int n = 0;
    for (int cost = 1 + done; ap >= cost; ap -= cost, ++cost) ++n;
    return n * strike;
  };
  switch (action) {
    case kStrike:
    case kCantrip: {
      if (needs_reach(i, action) && !in_reach(i, t)) return strikes(s.ap, s.strikes);  // a Move first
      const double now = action == kStrike ? strike : expected_attack(i, t, &fi.cantrip);
      return now + strikes(s.ap - strike_cost(i), s.strikes + 1);
    }
    case kCast:
      if (needs_reach(i, kCast) && !in_reach(i, t)) return strikes(s.ap, s.strikes);
      return expected_attack(i, t, &fi.spell) + strikes(s.ap - fi.spell.ap, s.strikes);
    case kThreadAbilityAction:
      return ability_worth(i) - fi.thread_ability.cost * style(i).thread_price * strike +
             strikes(s.ap - fi.thread_ability.ap, s.strikes);
    default: return 0.0;
  }
}

template <class R, class Log>
inline double Battle<R, Log>::strike_worth(int i, int strike_t) {
  return strike_t < 0 ? 0.0 : expected_attack(i, strike_t, nullptr) * f(i).multiattack;
}

// For a combatant with the default tactics under a scored style: a support
// rule (a potion, Aid) that holds and can be paid for comes first, as
// listed; otherwise, among the attacks that can be paid for, the one whose
// plan is worth most (on equal worth the Strike, which spends nothing).
template <class R, class Log>
inline const tactics::Rule* Battle<R, Log>::choose_scored(int i, int& target) {
  const View view{this, i};
  const Fighter& fi = f(i);
  int aim_at[2] = {-2, -2};  // the style's target for ranged [0] and melee [1] attacks, chosen once
  auto aim_for = [&](bool melee) {
    int& a = aim_at[melee ? 1 : 0];
    if (a == -2) a = select(i, tactics::Target::lowest_hp, 0, melee);
    return a;
  };
  // Only a choice between attacks needs weighing: a fighter whose one
  // attack is the Strike takes the first rule that holds and can be paid
  // for, as listed (its target is still the style's: select() aims).
  if (!fi.thread_ability.present && !fi.spell.present && !fi.cantrip.present) return choose_rule(i, target);
  const tactics::Rule* best = nullptr;
  double best_worth = 0.0;
  double strike = 0.0;  // strike_worth() at the weapon's target, once weighed
  bool strike_known = false;
  for (const tactics::Rule& r : fi.rules) {
    if (!r.when.holds(view)) continue;
    const int a = r.action;
    int t = -1;
    if (a != kStrike && a != kCantrip && a != kCast && a != kThreadAbilityAction) {
      if (!best && affordable(i, r, t)) {
        target = t;
        return &r;
      }
      continue;
    }
    if (a != kThreadAbilityAction && aim_for(needs_reach(i, a)) < 0) continue;
    if (!affordable(i, r, t, a == kThreadAbilityAction ? -1 : aim_for(needs_reach(i, a)))) continue;
    const int strike_t = aim_for(!fi.ranged);
    if (!strike_known) strike = strike_worth(i, strike_t), strike_known = true;
    const double w = plan_worth(i, a, t, strike_t, strike);
    if constexpr (Log::kEnabled) {
      const std::string_view what = actions()[static_cast<std::size_t>(a)].name;
      ENCSIM_SAY(log_, "  (%s weighs %.*s: worth %.2f)", name(i), static_cast<int>(what.size()), what.data(), w);
    }
    if (!best || w > best_worth || (w == best_worth && a == kStrike)) {
      best = &r;
      best_worth = w;
      target = t;
    }
  }
  return best;
}

}  // namespace encsim::mnm
