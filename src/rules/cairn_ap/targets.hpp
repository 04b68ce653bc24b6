// Whom a cairn-ap attack or spell goes to (Battle, battle.hpp): the tactics
// targets, the play styles' scores (the expected damage of one blow), and the
// ties between equal choices. The source text leaves this to the players and
// the Warden (source text 001, "Combat": "Attacking & Damage", "Check Results
// (IR vs TR)" for the contest the scores estimate).
// docs/rules/cairn-ap.md, "Play styles".
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <utility>

namespace encsim::cairn_ap {

// The enemy of `i` that `target` picks (or, playing by a style, its
// side's aim), among the `usable`; `memo` keeps the style's scores across
// the picks of one choice of several targets.
template <class R, class Log>
template <class Usable>
inline int Battle<R, Log>::select_by(int i, tactics::Target target, const Usable& usable, Scores* memo) {
  const int lo = side(i) == 0 ? enc_.n_party : 0;
  const int hi = side(i) == 0 ? n_ : enc_.n_party;
  using tactics::Target;
  if (f(i).styled) {
    const Aim aim = aim_[side(i)];
    if (aim == Aim::spread) target = Target::random;
    else
      return best_scored(i, lo, hi, aim, usable, memo);
  }
  switch (target) {
    case Target::random: {
      int count = 0;
      for (int j = lo; j < hi; ++j) count += usable(j) ? 1 : 0;
      if (count == 0) return -1;
      int pick = tact_.die(count) - 1;
      for (int j = lo; j < hi; ++j)
        if (usable(j) && pick-- == 0) return j;
      return -1;
    }
    case Target::focus:
      if (focus_[side(i)] >= 0 && usable(focus_[side(i)])) return focus_[side(i)];
      break;
    case Target::last_attacker:
      if (st_[i].last_attacker >= 0 && usable(st_[i].last_attacker)) return st_[i].last_attacker;
      break;
    case Target::highest_hp: return best_by(lo, hi, usable, [&](int j) { return st_[j].hp * 100 + st_[j].str; });
    case Target::weakest: return best_by(lo, hi, usable, [&](int j) { return -st_[j].armor; });
    case Target::strongest: return best_by(lo, hi, usable, [&](int j) { return f(j).mean_damage; });
    case Target::lowest_hp: break;
  }
  return best_by(lo, hi, usable, [&](int j) { return -(st_[j].hp * 100 + st_[j].str); });
}

// 1 / the spread's standard deviation, for Object Dice of up to 20 sides
// on either side (tabled), else computed.
template <class R, class Log>
inline double Battle<R, Log>::inverse_sd(int attack_sides, int defence_sides) {
  constexpr int kSides = 21;
  static const auto kTable = [] {
    std::array<double, kSides * kSides> t{};
    for (int x = 0; x < kSides; ++x)
      for (int y = 0; y < kSides; ++y)
        t[static_cast<std::size_t>(x * kSides + y)] = 1.0 / std::sqrt(66.5 + die_variance(x) + die_variance(y));
    return t;
  }();
  if (attack_sides < kSides && defence_sides < kSides)
    return kTable[static_cast<std::size_t>(attack_sides * kSides + defence_sides)];
  return 1.0 / std::sqrt(66.5 + die_variance(attack_sides) + die_variance(defence_sides));
}

template <class R, class Log>
inline double Battle<R, Log>::contest_chance(double mean, double inv_sd) {
  static const auto kTable = [] {
    std::array<double, 161> t{};  // mean / sd from -8 to +8 in tenths
    for (std::size_t k = 0; k < t.size(); ++k) t[k] = 0.5 * std::erfc(-(static_cast<double>(k) - 80.0) / 10.0 / std::sqrt(2.0));
    return t;
  }();
  const double z = std::clamp((mean + 0.5) * inv_sd * 10.0 + 80.0, 0.0, 160.0);
  return kTable[static_cast<std::size_t>(z + 0.5)];
}

template <class R, class Log>
inline auto Battle<R, Log>::striker(int a) const -> Striker {
  const Fighter& fa = f(a);
  const int sides = std::max(fa.weapon_die.sides, fa.second_die.sides);
  return {&fa, sides, fa.attack_adv + st_[a].gained_adv, (fa.ranged ? st_[a].dex : st_[a].str) + die_mean(sides)};
}

// The expected damage past armor of one blow of `s` at `t`, capped at what `t` has left.
template <class R, class Log>
inline double Battle<R, Log>::blow_value(const Striker& s, int t) const {
  const Fighter& fa = *s.f;
  const Fighter& ft = f(t);
  const State& stt = st_[t];
  // An advantage on the Base Die is worth about 3.3 on its mean.
  const int adv = s.adv + (fa.detachment == ft.detachment ? 0 : fa.detachment ? 1 : -1);
  double mean = s.attr_die + 3.3 * adv;
  int defence_sides = 0;
  switch (free_defence(t, fa.ranged)) {
    case Defence::block:
      defence_sides = ft.shield_die.sides;
      mean -= stt.str + die_mean(defence_sides);
      break;
    case Defence::parry:
      defence_sides = std::max(ft.weapon_die.sides, ft.second_die.sides);
      mean -= stt.str + die_mean(defence_sides);
      break;
    default: mean -= stt.dex; break;
  }
  // E[max(0, die - armor)] for one die of `sides` faces.
  const int over = s.sides - stt.armor;
  const double past_armor = over > 0 ? over * (over + 1) / (2.0 * s.sides) : 0.0;
  return std::min(contest_chance(mean, inverse_sd(s.sides, defence_sides)) * past_armor,
                  static_cast<double>(hp_left(t)));
}

// How much `s` wants `t` as its target: the share of `t`'s HP a blow
// takes (1: it fells), weighted for `threat` by `t`'s damage.
template <class R, class Log>
inline double Battle<R, Log>::target_value(const Striker& s, int t, Aim aim) const {
  const double share = blow_value(s, t) / hp_left(t);
  return aim == Aim::threat ? share * f(t).mean_damage : share;
}

// The values of `i`'s enemies `cand[0..count)` under `aim`, into `out`
// (indexed by combatant): one pass, the attacker's half computed once.
template <class R, class Log>
inline void Battle<R, Log>::score_enemies(int i, Aim aim, const int* cand, int count, double* out) const {
  const Striker s = striker(i);
  for (int k = 0; k < count; ++k) out[cand[k]] = target_value(s, cand[k], aim);
}

// The usable enemy in [lo, hi) with the highest target_value(), ties to
// the fewest HP (then STR) left, then as best_by() breaks them. A lone
// usable enemy is taken unscored: best_by() would take it without a draw.
template <class R, class Log>
template <class Usable>
inline int Battle<R, Log>::best_scored(int i, int lo, int hi, Aim aim, const Usable& usable, Scores* memo) {
  std::array<int, Encounter::kMaxFighters> cand;
  int count = 0;
  for (int j = lo; j < hi; ++j)
    if (usable(j)) cand[z(count++)] = j;
  if (count <= 1) return count == 1 ? cand[0] : -1;
  Scores local;
  if (!memo) {
    score_enemies(i, aim, cand.data(), count, local.of.data());
  } else if (!memo->filled) {
    // Every enemy still in the fight: the later picks choose among fewer.
    std::array<int, Encounter::kMaxFighters> in_fight;
    int n = 0;
    for (int j = lo; j < hi; ++j)
      if (st_[j].in_fight) in_fight[z(n++)] = j;
    score_enemies(i, aim, in_fight.data(), n, memo->of.data());
    memo->filled = 1;
  }
  const double* value = memo ? memo->of.data() : local.of.data();
  Best<std::pair<double, int>> best;
  for (int k = 0; k < count; ++k) {
    const int j = cand[z(k)];
    best.offer(j, std::pair{value[j], -(st_[j].hp * 100 + st_[j].str)}, *this);
  }
  return best.index;
}

// The enemy of `i` that `target` picks, skipping the `n_skip` in `skip`.
template <class R, class Log>
inline int Battle<R, Log>::select(int i, tactics::Target target, const int* skip, int n_skip, Scores* memo) {
  auto usable = [&](int j) {
    return st_[j].in_fight && (n_skip == 0 || std::find(skip, skip + n_skip, j) == skip + n_skip);
  };
  return select_by(i, target, usable, memo);
}

// The best usable index in [lo, hi), as Best breaks ties.
template <class R, class Log>
template <class Usable, class Score>
inline int Battle<R, Log>::best_by(int lo, int hi, const Usable& usable, const Score& score) {
  Best<decltype(score(lo))> best;
  for (int j = lo; j < hi; ++j)
    if (usable(j)) best.offer(j, score(j), *this);
  return best.index;
}

}  // namespace encsim::cairn_ap
