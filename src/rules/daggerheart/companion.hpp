// The Beastbound Ranger's animal companion (the SRD's Ranger Companion sheet):
// what it starts with, the eight training options its Ranger picks at each
// level-up, and what they add up to. Read from a PC's `companion:` key
// (read_companion.cpp); it fights in companion_play.hpp.
// docs/rules/daggerheart.md, "Companions".
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace encsim::daggerheart {

// The sheet's training options, in its order.
enum class Training : std::uint8_t {
  intelligent,        // +1 to a Companion Experience
  light_in_the_dark,  // one more Hope slot for the Ranger
  creature_comfort,   // once per rest: a Hope, or a Stress cleared on both
  armored,            // the Ranger may mark an Armor Slot in place of the companion's Stress
  vicious,            // the damage die (or the range) one step up
  resilient,          // one more Stress slot
  bonded,             // on the Ranger's last HP: d6s for the unmarked Stress, a 6 gets them up
  aware,              // +2 Evasion
};
inline constexpr int kTrainingCount = 8;
inline constexpr std::array<std::string_view, kTrainingCount> kTrainingNames{
    "intelligent", "light_in_the_dark", "creature_comfort", "armored", "vicious", "resilient", "bonded", "aware"};
// How many times the sheet lets each be taken (its boxes).
inline constexpr std::array<int, kTrainingCount> kTrainingMax{3, 1, 1, 1, 3, 3, 1, 3};

struct PcCompanion {
  bool present = false;
  std::string name;
  int evasion = 10;     // the sheet: starts at 10; Aware +2 each
  int stress = 3;       // Stress slots: 3; Resilient +1 each
  int die = 6;          // the damage die: d6; Vicious a step each (d8, d10, d12)
  int experience = 2;   // the best Companion Experience: +2; Intelligent +1 each
  int marked_start = 0; // Stress already marked when a fight starts (`marked`)
  std::array<int, kTrainingCount> taken{};  // times each training option is taken
  // From the Ranger's subclass features (pc-features.yaml, `companion:`).
  bool battle_bonded = false;  // +2 Evasion against an attacker engaged with the companion
  bool loyal_friend = false;   // once per long rest: the companion takes the Ranger's last hit
  // Its entries in Encounter::features() (-1: none): the commanded attacks
  // (uses, damage; spent: Hope on its Experience), and the features that act.
  int feat = -1, feat_armored = -1, feat_bonded = -1, feat_battle_bonded = -1, feat_loyal = -1;
  bool has(Training t) const { return taken[static_cast<std::size_t>(t)] > 0; }
};

}  // namespace encsim::daggerheart
