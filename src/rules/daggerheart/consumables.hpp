// Daggerheart consumables as data: the SRD's single-use loot (potions,
// venoms, leaves ...), the shipped library (consumables.yaml, compiled into
// the binary and read once at start-up, read_consumable.cpp), each with its
// status and, when modelled, what it does in a small vocabulary. A PC carries
// them with `consumables: {NAME: COUNT}`; the fight uses them in
// consumables_play.hpp. docs/rules/daggerheart.md, "Consumables".
#pragma once

#include "encsim/dice.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/error.hpp"
#include "rules/daggerheart/cards.hpp"
#include "rules/daggerheart/equipment.hpp"

namespace encsim::daggerheart {

// `count`d`sides` + flat, or every one marked (`all`).
// An item's amount: dice of one kind plus a flat part (the library's "1d4+1"),
// or `all` (every HP or Stress marked).
struct ItemDice {
  Dice dice;
  bool all = false;
  bool present() const { return all || dice.max() > 0; }
  double mean() const { return dice.mean(); }
};

struct ConsumableDef {
  std::string name;
  CardStatus status = CardStatus::modelled;
  std::string summary;  // our words: what the model does, or why not
  ItemDice clear_hp, clear_stress, hope;
  int stress = 0;        // Stress it marks (a cost)
  int next_damage = 0;   // a die of this size joins the primary weapon's next damage roll
  DamageType weapon = DamageType::physical;  // ... a weapon of this type
  SourcePos pos;
};

// The shipped library, compiled once on first use (an InputError with the
// library's line:col when it is malformed).
std::span<const ConsumableDef> consumable_library();
// Compiles a library from YAML text (tests use it for bad input).
std::vector<ConsumableDef> read_consumable_library(std::string_view path, std::string_view text);
// The library's embedded text (generated from consumables.yaml at build time).
extern const std::string_view kConsumablesYaml;

inline constexpr int kMaxItemCount = 5;     // of each item (SRD: at most five of each consumable)
inline constexpr int kMaxPcConsumables = 8;  // different items one PC carries

// An item a PC carries: how many at the start (of the fight, or of a session).
struct PcConsumable {
  const ConsumableDef* def = nullptr;
  int count = 0;
  int feat = -1;  // its entry in Encounter::features() (modelled items)
};

}  // namespace encsim::daggerheart
