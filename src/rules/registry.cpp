#include "rules/registry.hpp"

#include "encsim/check.hpp"

namespace encsim {

const std::vector<RulesetEntry>& rulesets() {
  static const std::vector<RulesetEntry> kTable{
      {fivey::kId, "FIVEY", "seed 004",
       [](const Scenario& s, const Variant& v) { return AnyEncounter(fivey::compile(s, v)); },
       &fivey::describe_keys},
      {mnm::kId, "Monsters & Magic", "seed 002",
       [](const Scenario& s, const Variant& v) { return AnyEncounter(mnm::compile(s, v)); },
       &mnm::describe_keys},
  };
  return kTable;
}

std::vector<std::string> ruleset_ids() {
  std::vector<std::string> ids;
  for (const auto& r : rulesets()) ids.emplace_back(r.id);
  return ids;
}

const RulesetEntry& ruleset(std::string_view id) {
  for (const auto& r : rulesets())
    if (r.id == id) return r;
  ENCSIM_CHECK(false && "unknown ruleset id");
  std::abort();
}

std::string rules_reference(std::string_view id) {
  return ruleset(id).describe_keys() + "\nscenario keys (every rule system):\n" + format_schema(scenario_keys());
}

AnyEncounter compile_variant(const Scenario& scenario, const Variant& variant) {
  return ruleset(scenario.ruleset).compile(scenario, variant);
}

}  // namespace encsim
