// Gods & Monsters in a session (issue 14): what the party carries from fight
// to fight, and the rests of source text 003 ("Regaining survival and
// healing injuries", "Using verve"). docs/rules/gods-and-monsters.md,
// "Sessions", gives every reading.
#include "encsim/session.hpp"
#include "rules/gods_and_monsters/gods_and_monsters.hpp"

namespace encsim::gods_and_monsters {

const std::vector<std::string>& Encounter::rest_kinds() {
  static const std::vector<std::string> kinds{"none", "encounter", "night", "day"};
  return kinds;
}

RestPlan Encounter::compile_rest(const Node& kind, const Node& options) {
  RestPlan plan;
  plan.kind = static_cast<RestKind>(rest_kind_index(kind, rest_kinds(), "Gods & Monsters"));
  if (options.is_null()) return plan;
  static const std::vector<KeySpec> keys{
      {"heals", "injury or survival", "injury",
       "what a night's (on a health roll) or a day's healing goes to: one injury point off while the PC has one, or "
       "its level in survival while it lacks some"},
      {"health_bonus", "int 0..20", "0", "a healer's field bonus to the night's health rolls (the herbalist example)"}};
  MapReader r(options, keys, "Gods & Monsters rest options");
  r.finish();
  plan.heals = static_cast<Heals>(r.get_choice("heals", {"injury", "survival"}, 0));
  plan.health_bonus = static_cast<int>(r.get_int("health_bonus", 0, 0, 20));
  const bool heals = plan.kind == RestKind::night || plan.kind == RestKind::day;
  if (!heals && r.has("heals"))
    throw InputError(r.node().find("heals")->pos(),
                     "`heals` is a choice of a night's or a day's rest; this rest is '" + kind.as_string() + "'");
  if (plan.kind != RestKind::night && r.has("health_bonus"))
    throw InputError(r.node().find("health_bonus")->pos(),
                     "`health_bonus` is for a night's health rolls; this rest is '" + kind.as_string() + "'");
  return plan;
}

const std::vector<MetricSpec>& Encounter::carry_specs() {
  static const std::vector<MetricSpec> specs{
      {"survival", "survival points of the living PCs, summed, at the start of the fight", false, false, false, false,
       "surv."},
      {"survival_lost", "survival points the living PCs lack of their maximum, summed", false, false, false, false,
       "lost"},
      {"verve", "verve points of the living PCs, summed", false, false, false, false, "verve"},
      {"injuries", "injury points of the living PCs, summed", false, false, false, false, "inj."},
      {"pcs_standing", "living PCs", false, false, false, false, "PCs"},
      {"mojo", "mojo of the living PCs, summed", false, false, false, false, "mojo"},
  };
  return specs;
}

void Encounter::carry_metrics(const PartyState& p, std::int64_t* out) const {
  std::int64_t survival = 0, lost = 0, verve = 0, injuries = 0, standing = 0, mojo = 0;
  for (int i = 0; i < n_party; ++i) {
    if (p.dead[i]) continue;
    const Fighter& f = fighters[static_cast<std::size_t>(i)];
    survival += p.survival[i];
    lost += std::max(0, f.survival - p.survival[i]);
    verve += p.verve[i];
    injuries += p.injuries[i];
    ++standing;
    mojo += p.mojo[i];
  }
  out[kCarrySurvival] = survival;
  out[kCarrySurvivalLost] = lost;
  out[kCarryVerve] = verve;
  out[kCarryInjuries] = injuries;
  out[kCarryStanding] = standing;
  out[kCarryMojo] = mojo;
}

void Encounter::check_session(const SourcePos& where) const {
  if (n_party > PartyState::kMaxPcs)
    throw InputError(where, "a Gods & Monsters session carries at most " + std::to_string(PartyState::kMaxPcs) +
                                " PCs, this party has " + std::to_string(n_party));
}

}  // namespace encsim::gods_and_monsters
