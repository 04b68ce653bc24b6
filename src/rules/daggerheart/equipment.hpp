// The SRD's armor and weapon tables (Daggerheart SRD 1.0, "Equipment"):
// names and the numbers their features change. A feature that changes
// something encsim does not simulate (movement, downtime, narrative) keeps
// its name in `unmodelled` so `encsim check` can say so.
#pragma once

#include <span>
#include <string_view>

namespace encsim::daggerheart {

enum class Trait : unsigned char { agility, strength, finesse, instinct, presence, knowledge };
inline constexpr int kTraitCount = 6;
// The traits' names for the log (read.hpp's kTraitNames, as C strings).
inline constexpr const char* kTraitText[kTraitCount] = {"agility", "strength", "finesse", "instinct", "presence", "knowledge"};
enum class Range : unsigned char { melee, very_close, close, far, very_far };
enum class DamageType : unsigned char { physical, magic };

struct ArmorData {
  std::string_view name;
  int tier;
  int major, severe;  // base thresholds (the PC's level is added)
  int score;          // Armor Score = Armor Slots
  int evasion;        // Flexible +1, Heavy -1, Very Heavy -2, Difficult -1
  int agility;        // Very Heavy -1, Difficult -1
  int all_traits;     // Difficult -1 (to every trait)
  int presence;       // Gilded +1
  std::string_view feature;      // the SRD feature name, "" when none
  std::string_view unmodelled;   // the feature's name when it changes what encsim does not simulate, else ""
};

struct WeaponData {
  std::string_view name;
  int tier;
  bool primary;        // false: secondary
  DamageType type;
  Trait trait;
  Range range;
  std::string_view damage;  // e.g. "d10+3" (per Proficiency die; the flat part once)
  bool two_handed;
  std::string_view feature;  // the SRD feature name, "" when none
  // The numbers the feature changes (0 / false when it does not):
  int attack_bonus;        // Reliable +1
  int evasion;             // Heavy, Massive, Brave, Barrier -1
  int finesse;             // Cumbersome -1
  int agility;             // Destructive -1
  int armor_score;         // Protective, Barrier, Double Duty
  int severe_threshold;    // Brave +3
  int primary_damage_melee;  // Paired / Double Duty: + to the primary weapon's damage in Melee
  bool powerful;           // Powerful, Massive: roll one more damage die, drop the lowest
  bool brutal;             // Brutal: each damage die at its maximum adds another die
  bool damage_plus_level;  // Bonded: + level to damage
  bool damage_plus_agility;  // Sharpening: + Agility to damage
  int target_stress;       // Scary: the target marks a Stress on a hit
  bool stress_on_hit;      // Painful: the wielder marks a Stress on each successful attack
  std::string_view unmodelled;  // the feature's name when it changes what encsim does not simulate, else ""
};

std::span<const ArmorData> srd_armor();
std::span<const WeaponData> srd_weapons();

}  // namespace encsim::daggerheart
