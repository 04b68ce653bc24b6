// The closed set of rule systems, as one table (STYLE habit 3): it drives
// `encsim rules`, the did-you-mean of an unknown ruleset, and the one
// std::visit per run that turns the choice of system into a template argument.
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "encsim/scenario.hpp"
#include "rules/encounter_base.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "rules/cairn_ap/cairn_ap.hpp"
#include "rules/fivey/fivey.hpp"
#include "rules/gods_and_monsters/gods_and_monsters.hpp"
#include "rules/monsters_and_magic/mnm.hpp"

namespace encsim {

using AnyEncounter = std::variant<fivey::Encounter, daggerheart::Encounter, cairn_ap::Encounter, mnm::Encounter,
                                  gods_and_monsters::Encounter>;

// Every system's Encounter gives the engine what it asks (rules::RuleEncounter).
template <class Variant>
inline constexpr bool kAllRuleEncounters = false;
template <class... E>
inline constexpr bool kAllRuleEncounters<std::variant<E...>> = (rules::RuleEncounter<E> && ...);
static_assert(kAllRuleEncounters<AnyEncounter>);

struct RulesetEntry {
  std::string_view id;
  std::string_view title;
  std::string_view source;  // the source text it follows ("source text 004": a numbered rules text, not a random seed)
  AnyEncounter (*compile)(const Scenario&, const Variant&);
  std::string (*describe_keys)();
  const StyleSpec& (*styles)();  // the system's play styles (Encounter::styles)
};

const std::vector<RulesetEntry>& rulesets();
std::vector<std::string> ruleset_ids();
const RulesetEntry& ruleset(std::string_view id);  // CHECKs that it exists

// What `encsim rules ID` prints: the system's keys, its play styles, then the
// common scenario keys.
std::string rules_reference(std::string_view id);

// The play styles of a system as `encsim rules ID` lists them.
std::string describe_styles(const StyleSpec& spec);

// Compiles a variant with the scenario's rule system.
AnyEncounter compile_variant(const Scenario& scenario, const Variant& variant);

}  // namespace encsim
