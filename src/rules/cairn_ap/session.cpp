// cairn-ap in a session (issue 14): what the party carries from fight to
// fight, and the rests of source text 001 ("Healing & Recovery",
// "Deprivation and Fatigue", "Scars"). docs/rules/cairn-ap.md, "Sessions",
// gives every reading.
#include "encsim/session.hpp"
#include "rules/cairn_ap/cairn_ap.hpp"

namespace encsim::cairn_ap {

const std::vector<std::string>& Encounter::rest_kinds() {
  static const std::vector<std::string> kinds{"none", "breather", "night", "week"};
  return kinds;
}

RestPlan Encounter::compile_rest(const Node& kind, const Node& options) {
  RestPlan plan;
  plan.kind = static_cast<RestKind>(rest_kind_index(kind, rest_kinds(), "cairn-ap"));
  if (options.is_null()) return plan;
  static const std::vector<KeySpec> keys{
      {"bandages", "bool", "true",
       "the party bandages its dying PCs, who stabilise (out of action, crawling); without, they die"},
      {"crawlers_rise", "bool", "false",
       "a night's rest lets the stabilised act again (a week always does; a breather never)"}};
  MapReader r(options, keys, "cairn-ap rest options");
  r.finish();
  plan.bandages = r.get_bool("bandages", true);
  plan.crawlers_rise = r.get_bool("crawlers_rise", false);
  if (plan.kind == RestKind::none && r.has("bandages"))
    throw InputError(r.node().find("bandages")->pos(), "`bandages` is a choice of a rest; this rest is 'none'");
  if (plan.kind != RestKind::night && r.has("crawlers_rise"))
    throw InputError(r.node().find("crawlers_rise")->pos(),
                     "`crawlers_rise` is the choice of a night's rest; this rest is '" + kind.as_string() + "'");
  return plan;
}

const std::vector<MetricSpec>& Encounter::carry_specs() {
  static const std::vector<MetricSpec> specs{
      {"party_hp", "HP of the living PCs, summed, at the start of the fight", false, false, false, false, "HP"},
      {"party_hp_lost", "HP the living PCs lack of their maximum, summed", false, false, false, false, "HP-"},
      {"str_lost", "STR the living PCs lack of their maximum, summed", false, false, false, false, "STR-"},
      {"pcs_standing", "PCs able to fight", false, false, false, false, "PCs"},
      {"pcs_out", "living PCs out of action: dying, or stabilised and crawling", false, false, false, false, "out"},
      {"fatigue", "Fatigue of the living PCs, summed", false, false, false, false, "Fatig."},
      {"pcs_deprived", "living PCs Deprived (Walloped, a Mortal Wound)", false, false, false, false, "depr."},
  };
  return specs;
}

void Encounter::carry_metrics(const PartyState& p, std::int64_t* out) const {
  std::int64_t hp = 0, lost = 0, str_lost = 0, standing = 0, down = 0, fatigue = 0, dep = 0;
  for (int i = 0; i < n_party; ++i) {
    if (p.life[i] == Life::dead) continue;
    hp += std::max(0, p.hp[i]);
    lost += std::max(0, p.hp_max[i] - p.hp[i]);
    str_lost += std::max(0, p.str_max[i] - p.str[i]);
    standing += p.life[i] == Life::up ? 1 : 0;
    down += p.life[i] == Life::up ? 0 : 1;
    fatigue += p.fatigue[i];
    dep += deprived(p, i) ? 1 : 0;
  }
  out[kCarryHp] = hp;
  out[kCarryHpLost] = lost;
  out[kCarryStrLost] = str_lost;
  out[kCarryStanding] = standing;
  out[kCarryOut] = down;
  out[kCarryFatigue] = fatigue;
  out[kCarryDeprived] = dep;
}

void Encounter::check_session(const SourcePos& where) const {
  if (n_party > PartyState::kMaxPcs)
    throw InputError(where, "a cairn-ap session carries at most " + std::to_string(PartyState::kMaxPcs) +
                                " PCs, this party has " + std::to_string(n_party));
}

}  // namespace encsim::cairn_ap
