// Daggerheart in a session (issue 14): what the party and the GM carry from
// fight to fight, and the downtime moves of a rest (docs/rules/daggerheart.md,
// "Sessions").
#include "encsim/session.hpp"
#include "rules/daggerheart/daggerheart.hpp"

namespace encsim::daggerheart {

const std::vector<std::string>& Encounter::rest_kinds() {
  static const std::vector<std::string> kinds{"none", "short", "long"};
  return kinds;
}

RestPlan Encounter::compile_rest(const Node& kind, const Node& options) {
  RestPlan plan;
  plan.kind = static_cast<RestKind>(rest_kind_index(kind, rest_kinds(), "Daggerheart"));
  if (options.is_null()) return plan;
  static const std::vector<KeySpec> keys{
      {"moves", "list of two moves", "[best, best]",
       "each PC's two downtime moves: tend_to_wounds, clear_stress, repair_armor, prepare, martial_preparation "
       "(with a PC who has Martial Preparation), or best (clear what is most marked, else prepare)"},
      {"gm_fear", "boolean", "true", "the GM gains Fear for the rest (1d4; a long rest 1d4 + the living PCs)"}};
  MapReader r(options, keys, "Daggerheart rest options");
  r.finish();
  plan.gm_fear = r.get_bool("gm_fear", true);
  if (const Node* moves = r.get("moves")) {
    if (!moves->is_list() || moves->items().size() != 2)
      throw InputError(moves->pos(), "moves must list two downtime moves (the same one twice is allowed)");
    static const std::vector<std::string> names{"best",    "tend_to_wounds", "clear_stress",
                                                "repair_armor", "prepare", "martial_preparation"};
    for (std::size_t m = 0; m < 2; ++m) {
      const Node& n = moves->items()[m];
      const std::string& name = n.as_string();
      const auto at = std::find(names.begin(), names.end(), name);
      if (at == names.end())
        throw InputError(n.pos(), "unknown downtime move '" + name + "'" + did_you_mean(name, names) +
                                      "; expected one of " + one_of(names));
      plan.moves[m] = static_cast<DowntimeMove>(at - names.begin());
    }
    if (plan.moves[0] == DowntimeMove::martial_preparation && plan.moves[1] == DowntimeMove::martial_preparation)
      throw InputError(moves->items()[1].pos(), "martial_preparation gives its Slayer Die once a rest; name it once");
  }
  return plan;
}

const std::vector<MetricSpec>& Encounter::carry_specs() {
  static const std::vector<MetricSpec> specs{
      {"hp_marked", "HP marked on the living PCs, summed, at the start of the fight", false, false, false, false, "HP"},
      {"stress_marked", "Stress marked on the living PCs, summed", false, false, false, false, "Stress"},
      {"armor_marked", "Armor Slots marked on the living PCs, summed", false, false, false, false, "Armor"},
      {"hope", "Hope of the living PCs, summed", false, false, false, false, "Hope"},
      {"pcs_standing", "PCs neither dead nor unconscious", false, false, false, false, "PCs"},
      {"fear", "the GM's Fear", false, false, false, false, "Fear"},
  };
  return specs;
}

void Encounter::carry_metrics(const PartyState& p, std::int64_t* out) const {
  std::int64_t hp = 0, stress = 0, armor = 0, hope = 0, standing = 0;
  for (std::size_t k = 0; k < pcs.size(); ++k) {
    const int i = static_cast<int>(k);
    if (p.dead[i]) continue;
    hp += p.hp_marked[i];
    stress += p.stress_marked[i];
    armor += p.armor_marked[i];
    hope += p.hope[i];
    standing += p.out[i] ? 0 : 1;
  }
  out[kCarryHpMarked] = hp;
  out[kCarryStressMarked] = stress;
  out[kCarryArmorMarked] = armor;
  out[kCarryHope] = hope;
  out[kCarryStanding] = standing;
  out[kCarryFear] = p.fear;
}

// A rest naming martial_preparation needs a PC who can teach it.
void Encounter::check_rest(const RestPlan& plan, const SourcePos& where) const {
  if (plan.moves[0] != DowntimeMove::martial_preparation && plan.moves[1] != DowntimeMove::martial_preparation) return;
  for (const Pc& pc : pcs)
    if (pc.drill_die > 0) return;
  throw InputError(where, "the downtime move martial_preparation needs a PC with Martial Preparation (the Call of the "
                          "Slayer mastery) in the party");
}

void Encounter::check_session(const SourcePos& where) const {
  if (pcs.size() > static_cast<std::size_t>(PartyState::kMaxPcs))
    throw InputError(where, "a Daggerheart session carries at most " + std::to_string(PartyState::kMaxPcs) + " PCs");
}

}  // namespace encsim::daggerheart
