// Checks of the cairn-ap hack (seed 001, "Actions", "Saves", "Check Results"):
// Base Die d20 + attribute + Object Dice, where every die carries its own
// advantages (roll N more, keep the highest) or disadvantages (keep the
// lowest). Templates on the die source, so scripted dice replay the text's
// worked examples and the trial loop inlines everything.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>

namespace encsim::cairn_ap {

// Advantages minus disadvantages on one die are capped at this many.
inline constexpr int kMaxDieAdvantage = 8;

// One die of a check: its faces and its net advantage (> 0 advantages,
// < 0 disadvantages). sides == 0 means "no die".
struct CheckDie {
  std::int16_t sides = 0;
  std::int8_t adv = 0;
  friend bool operator==(const CheckDie&, const CheckDie&) = default;
};

inline int clamp_advantage(int adv) { return std::clamp(adv, -kMaxDieAdvantage, kMaxDieAdvantage); }

// Rolls one die with `adv` advantages (or -adv disadvantages): 1 + |adv|
// dice, the highest (or lowest) kept.
template <class R>
int roll_die(R& dice, int sides, int adv) {
  adv = clamp_advantage(adv);
  int kept = dice.die(sides);
  for (int k = 0; k < (adv < 0 ? -adv : adv); ++k) {
    const int x = dice.die(sides);
    kept = adv > 0 ? std::max(kept, x) : std::min(kept, x);
  }
  return kept;
}

// A check: the Base Die d20, an attribute modifier and up to kMaxObjects
// Object Dice (a weapon, a shield...). `highest_object` marks the dual-wield
// case: two weapon dice are rolled and only the single highest counts.
struct Check {
  static constexpr int kMaxObjects = 2;
  int base_adv = 0;
  int modifier = 0;
  std::array<CheckDie, kMaxObjects> objects{};
  bool highest_object = false;
};

struct CheckRoll {
  int total = 0;
  int base = 0;    // the kept Base Die: 1 and 20 are the naturals
  int object = 0;  // the Object Dice's contribution (the damage of an attack)
  bool natural_1() const { return base == 1; }
  bool natural_20() const { return base == 20; }
};

// Rolls the Base Die first, then the Object Dice in order.
template <class R>
CheckRoll roll_check(R& dice, const Check& c) {
  CheckRoll r;
  r.base = roll_die(dice, 20, c.base_adv);
  for (const CheckDie& o : c.objects) {
    if (o.sides == 0) continue;
    const int v = roll_die(dice, o.sides, o.adv);
    r.object = c.highest_object ? std::max(r.object, v) : r.object + v;
  }
  r.total = r.base + c.modifier + r.object;
  return r;
}

// The mean of a check's total (for choosing a defence and for `strongest`).
double check_mean(const Check& c);
// Exact distribution of one die with net advantage: p[k] = P(value == k + 1).
std::array<double, 32> die_distribution(int sides, int adv);

}  // namespace encsim::cairn_ap
