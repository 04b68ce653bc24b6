#include "rules/registry.hpp"

#include "encsim/check.hpp"

#include <algorithm>
#include <utility>

namespace encsim {

const std::vector<RulesetEntry>& rulesets() {
  static const std::vector<RulesetEntry> kTable{
      {fivey::kId, "FIVEY", "source text 004",
       [](const Scenario& s, const Variant& v) { return AnyEncounter(fivey::compile(s, v)); },
       &fivey::describe_keys, &fivey::Encounter::styles, has_sessions<fivey::Encounter>},
      {daggerheart::kId, "Daggerheart", "source text 000 and the SRD",
       [](const Scenario& s, const Variant& v) { return AnyEncounter(daggerheart::compile(s, v)); },
       &daggerheart::describe_keys, &daggerheart::Encounter::styles, has_sessions<daggerheart::Encounter>},
      {cairn_ap::kId, "cairn-ap", "source text 001",
       [](const Scenario& s, const Variant& v) { return AnyEncounter(cairn_ap::compile(s, v)); },
       &cairn_ap::describe_keys, &cairn_ap::Encounter::styles, has_sessions<cairn_ap::Encounter>},
      {gods_and_monsters::kId, "Gods & Monsters", "source text 003",
       [](const Scenario& s, const Variant& v) { return AnyEncounter(gods_and_monsters::compile(s, v)); },
       &gods_and_monsters::describe_keys, &gods_and_monsters::Encounter::styles, has_sessions<gods_and_monsters::Encounter>},
      {mnm::kId, "Monsters & Magic", "source text 002",
       [](const Scenario& s, const Variant& v) { return AnyEncounter(mnm::compile(s, v)); },
       &mnm::describe_keys, &mnm::Encounter::styles, has_sessions<mnm::Encounter>},
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

std::string describe_styles(const StyleSpec& spec) {
  std::string out;
  for (const auto& [side, list] : {std::pair{"foes", &spec.foes}, std::pair{"party", &spec.party}}) {
    std::size_t width = 0;
    for (const StyleInfo& s : *list) width = std::max(width, s.name.size());
    out += std::string("  ") + side + ":\n";
    for (const StyleInfo& s : *list)
      out += "    " + std::string(s.name) + std::string(width - s.name.size() + 2, ' ') + std::string(s.summary) + "\n";
  }
  return out;
}

std::string rules_reference(std::string_view id) {
  const RulesetEntry& r = ruleset(id);
  return r.describe_keys() + "\nplay styles (`style: {foes: NAME, party: NAME}`; foes from kindest to harshest):\n" +
         describe_styles(r.styles()) + "\nscenario keys (every rule system):\n" + format_schema(scenario_keys());
}

AnyEncounter compile_variant(const Scenario& scenario, const Variant& variant) {
  if (const Node* c = variant.doc.find("countdowns"); c && scenario.ruleset != daggerheart::kId)
    throw InputError(c->pos(), "'countdowns' are a Daggerheart rule; " + scenario.ruleset + " has none");
  return ruleset(scenario.ruleset).compile(scenario, variant);
}

}  // namespace encsim
