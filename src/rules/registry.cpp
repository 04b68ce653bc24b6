#include "rules/registry.hpp"

#include "encsim/check.hpp"

namespace encsim {

const std::vector<RulesetEntry>& rulesets() {
  static const std::vector<RulesetEntry> kTable{
      {fivey::kId, "FIVEY", "seed 004",
       [](const Scenario& s, const Variant& v) { return AnyEncounter(fivey::compile(s, v)); },
       &fivey::describe_keys},
      {daggerheart::kId, "Daggerheart", "seed 000 and the SRD",
       [](const Scenario& s, const Variant& v) { return AnyEncounter(daggerheart::compile(s, v)); },
       &daggerheart::describe_keys},
      {cairn_ap::kId, "cairn-ap", "seed 001",
       [](const Scenario& s, const Variant& v) { return AnyEncounter(cairn_ap::compile(s, v)); },
       &cairn_ap::describe_keys},
      {gods_and_monsters::kId, "Gods & Monsters", "seed 003",
       [](const Scenario& s, const Variant& v) { return AnyEncounter(gods_and_monsters::compile(s, v)); },
       &gods_and_monsters::describe_keys},
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
  if (const Node* c = variant.doc.find("countdowns"); c && scenario.ruleset != daggerheart::kId)
    throw InputError(c->pos(), "'countdowns' are a Daggerheart rule; " + scenario.ruleset + " has none");
  return ruleset(scenario.ruleset).compile(scenario, variant);
}

}  // namespace encsim
