// The Druid's Beastform (SRD class feature) as data: the shipped library of
// forms (beastforms.yaml, compiled into the binary and read once at start-up,
// read_beastform.cpp), each with its tier, trait and Evasion bonuses, its
// attack, and its features in a small vocabulary. A Druid names its form with
// `beastform:`; the fight plays it in beastform_play.hpp.
// docs/rules/daggerheart.md, "Beastform".
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/error.hpp"
#include "rules/daggerheart/cards.hpp"
#include "rules/daggerheart/equipment.hpp"

namespace encsim::daggerheart {

// When a form feature acts: always (a passive), before the form's attack roll
// (its cost paid then), or once the attack has succeeded (before its damage).
enum class BeastWhen : std::uint8_t { passive, attack, hit };

struct BeastFeature {
  std::string name;
  CardStatus status = CardStatus::not_modelled;
  std::string summary;  // our words: what the model does, or why not
  BeastWhen when = BeastWhen::passive;
  // Passives.
  int thresholds = 0;       // added to both damage thresholds while transformed
  bool fragile = false;     // Major or greater damage drops the PC out of the form
  std::uint8_t resist = 0;  // damage types halved while transformed (a type_bit mask)
  int ones_add = 0;         // a damage die showing 1 adds a die of this size (Rampage)
  // `attack` and `hit`: what it costs and what it does to this attack.
  int hope = 0, stress = 0;
  int proficiency = 0;      // more damage dice for this attack
  bool vulnerable = false, restrained = false;  // the target, once hit (if it still stands)
  int target_stress = 0;    // Stress the target marks on a hit
  SourcePos pos;
};

struct BeastForm {
  std::string name;
  int tier = 1;
  CardStatus status = CardStatus::modelled;  // not_modelled: the form cannot be chosen
  std::string summary;                       // a form that is not modelled: why
  int trait = 0;        // Trait index of the trait bonus
  int trait_bonus = 0;
  int evasion = 0;
  int extra_stress = 0;  // Stress beyond the one Beastform costs (the Hybrids)
  // The attack: range, trait, one die (rolled Proficiency times) plus a flat part, type.
  Range range = Range::melee;
  int attack_trait = 0;
  int sides = 6, flat = 0;
  DamageType type = DamageType::physical;
  std::vector<std::string> advantages;  // the verbs it gains advantage on
  bool attack_advantage = false;        // "attack" is among them
  std::vector<BeastFeature> features;
  SourcePos pos;
  double mean_damage(int proficiency) const { return proficiency * (sides + 1) / 2.0 + flat; }
};

// The shipped library, compiled once on first use (an InputError with the
// library's line:col when it is malformed).
std::span<const BeastForm> beast_library();
// Compiles a library from YAML text (tests use it for bad input).
std::vector<BeastForm> read_beast_library(std::string_view path, std::string_view text);
// The library's embedded text (generated from beastforms.yaml at build time).
extern const std::string_view kBeastformsYaml;
// The default form of a PC of this tier and Proficiency: the modelled form of
// its tier or lower with the most damage on a typical hit (its attack's mean
// at that Proficiency), ties by name; nullptr when none.
const BeastForm* default_beastform(int tier, int proficiency);

}  // namespace encsim::daggerheart
