// FIVEY in a session (issue 14): what the party carries from fight to fight,
// and the rests of source text 004 ("Rest Actions", "Inspiration Dice").
// docs/rules/fivey.md, "Sessions", gives every reading.
#include "encsim/session.hpp"
#include "rules/fivey/fivey.hpp"

namespace encsim::fivey {

const std::vector<std::string>& Encounter::rest_kinds() {
  static const std::vector<std::string> kinds{"none", "night", "downtime"};
  return kinds;
}

RestPlan Encounter::compile_rest(const Node& kind, const Node& options) {
  RestPlan plan;
  plan.kind = static_cast<RestKind>(rest_kind_index(kind, rest_kinds(), "FIVEY"));
  if (options.is_null()) return plan;
  static const std::vector<KeySpec> keys{
      {"action", "best, recover or practice", "best",
       "a night's one rest action per PC: recover (1d6 + level hit points), practice (one inspiration die back), "
       "or best (recover when hurt, else practice)"}};
  MapReader r(options, keys, "FIVEY rest options");
  r.finish();
  plan.action = static_cast<RestAction>(r.get_choice("action", {"best", "recover", "practice"}, 0));
  if (plan.kind != RestKind::night && r.has("action"))
    throw InputError(r.node().find("action")->pos(), "`action` is the choice of a night's rest; this rest is '" + kind.as_string() + "'");
  return plan;
}

const std::vector<MetricSpec>& Encounter::carry_specs() {
  static const std::vector<MetricSpec> specs{
      {"party_hp", "hit points of the living PCs, summed, at the start of the fight", false, false, false, false, "hp"},
      {"party_hp_lost", "hit points the living PCs lack of their maximum, summed", false, false, false, false, "lost"},
      {"pcs_standing", "living PCs", false, false, false, false, "PCs"},
      {"inspiration", "inspiration dice of the living PCs, summed", false, false, false, false, "insp."},
  };
  return specs;
}

void Encounter::carry_metrics(const PartyState& p, std::int64_t* out) const {
  std::int64_t hp = 0, lost = 0, standing = 0, insp = 0;
  for (int i = 0; i < n_party; ++i) {
    if (!p.alive[i]) continue;
    hp += std::max(0, p.hp[i]);
    lost += std::max(0, p.hp_max[i] - p.hp[i]);
    ++standing;
    insp += p.inspiration[i];
  }
  out[kCarryHp] = hp;
  out[kCarryHpLost] = lost;
  out[kCarryStanding] = standing;
  out[kCarryInspiration] = insp;
}

void Encounter::check_session(const SourcePos& where) const {
  if (n_party > PartyState::kMaxPcs)
    throw InputError(where, "a FIVEY session carries at most " + std::to_string(PartyState::kMaxPcs) + " PCs, this party has " +
                                std::to_string(n_party));
}

}  // namespace encsim::fivey
