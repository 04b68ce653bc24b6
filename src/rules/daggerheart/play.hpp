// Play styles and the value rule (issue 12): the chances the value rule reads
// in a fight, and the compile-time half that turns the styles in force into
// the GM's spending limits and the tables of expected HP marked.
// docs/rules/daggerheart.md, "How each side chooses" and "Play styles".
#pragma once

#include <algorithm>
#include <array>

namespace encsim::daggerheart {

class Encounter;

// The foe styles, kindest to the party first (the order of styles().foes),
// and the party styles.
enum FoeStyle : int { kFoesCautious, kFoesRestrained, kFoesStandard, kFoesRuthless };
enum PartyStyle : int { kPartyStandard, kPartyCareful, kPartyLowestHp };

// Resolves the scene type, the GM's spending limits the scenario left to the
// style, the Play switches, and the value rule's tables.
void prepare_play(Encounter& enc, int foe_style, int party_style);

// P(2d12 + modifier >= difficulty), `x` = difficulty - modifier, matching dice
// always succeeding: a PC's action or reaction roll without advantage.
inline double p_duality(int x) {
  static constexpr auto kTable = [] {
    std::array<double, 27> t{};
    for (int k = 0; k <= 26; ++k) {
      int n = 0;
      for (int h = 1; h <= 12; ++h)
        for (int f = 1; f <= 12; ++f) n += (h == f || h + f >= k) ? 1 : 0;
      t[static_cast<std::size_t>(k)] = n / 144.0;
    }
    return t;
  }();
  return kTable[static_cast<std::size_t>(std::clamp(x, 0, 26))];
}

// P(d20 (the higher of two with advantage) >= need), a natural 20 always
// succeeding: an adversary's attack or action roll.
inline double p_d20(int need, bool advantage) {
  static constexpr auto kTable = [] {
    std::array<std::array<double, 22>, 2> t{};
    for (int n = 1; n <= 21; ++n) {
      const double p = std::clamp((21 - n) / 20.0, 0.05, 1.0);
      t[0][static_cast<std::size_t>(n)] = p;
      t[1][static_cast<std::size_t>(n)] = 1.0 - (1.0 - p) * (1.0 - p);
    }
    return t;
  }();
  return kTable[advantage ? 1 : 0][static_cast<std::size_t>(std::clamp(need, 1, 21))];
}

// Expected HP one hit marks and the chance it takes the PC out, by the Armor
// Slot it may use (0 or 1) and its HP left (1..4; 5 stands for "5 or more");
// and the chance the hit makes the PC mark an Armor Slot it has (it would
// mark an HP without it), worth kWorthArmor to the adversaries.
struct MarksTable {
  // By the threshold steps the hit loses before HP (an Armor Slot, an
  // Unstoppable Guardian's physical step: 0 to 2) and the HP left.
  std::array<std::array<float, 6>, 3> expected{}, down{};
  float armor_used = 0.0f;        // the chance an Armor Slot is marked
  float armor_used_unstoppable = 0.0f;  // ... once Unstoppable took a step
  bool physical = false;          // the damage is physical (Unstoppable's step applies)
};

// The value rule's worth of what is not HP, in HP (docs: "How each side chooses").
inline constexpr double kWorthStress = 0.25;      // a Stress marked (an HP once Stress is full)
inline constexpr double kWorthArmor = 0.5;        // an Armor Slot marked (it would save an HP later)
inline constexpr double kWorthVulnerable = 0.5;   // Vulnerable, when an attack can still exploit it
inline constexpr double kWorthLostSpotlight = 1.0;  // a PC who must spend its spotlight breaking free
inline constexpr double kWorthHope = 0.1;         // a Hope the PC loses
inline constexpr double kWorthFear = 0.3;         // a Fear the GM gains
inline constexpr double kWorthHidden = 0.3;       // hiding: advantage next, disadvantage against it
inline constexpr double kWorthCountdown = 1.0;    // starting a countdown not yet running
inline constexpr double kUseful = 0.05;           // a paid spotlight must be worth at least this

}  // namespace encsim::daggerheart
