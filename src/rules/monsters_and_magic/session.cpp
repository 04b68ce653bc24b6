// Monsters & Magic in a session (issue 14): what the party carries from fight
// to fight, and the rests of source text 002 ("Rest & Recovery").
// docs/rules/monsters-and-magic.md, "Sessions", gives every reading.
#include <algorithm>

#include "encsim/session.hpp"
#include "rules/monsters_and_magic/mnm.hpp"

namespace encsim::mnm {

const std::vector<std::string>& Encounter::rest_kinds() {
  static const std::vector<std::string> kinds{"none", "short", "long", "extended"};
  return kinds;
}

RestPlan Encounter::compile_rest(const Node& kind, const Node& options) {
  RestPlan plan;
  plan.kind = static_cast<RestKind>(rest_kind_index(kind, rest_kinds(), "Monsters & Magic"));
  if (options.is_null()) return plan;
  static const std::vector<KeySpec> keys{
      {"activities", "best, or a list of two of tend_wounds, clear_fatigue, gather_supplies", "best",
       "the two downtime activities of a short or long rest, the same for every PC; best: each PC by its state "
       "(tend its wounds when hurt and holding supplies, clear fatigue when it has marked some, else gather supplies)"}};
  MapReader r(options, keys, "Monsters & Magic rest options");
  r.finish();
  const Node* a = r.get("activities");
  if (!a) return plan;
  if (plan.kind != RestKind::short_rest && plan.kind != RestKind::long_rest)
    throw InputError(a->pos(), "`activities` are the choice of a short or long rest; this rest is '" + kind.as_string() +
                                   "'" + (plan.kind == RestKind::extended ? " (its one activity is Recuperate)" : ""));
  if (a->is_scalar()) {
    if (a->text() != "best")
      throw InputError(a->pos(), "activities must be 'best' or a list of two activities, not '" + a->text() + "'");
    return plan;
  }
  static const std::vector<std::string> names{"tend_wounds", "clear_fatigue", "gather_supplies"};
  if (!a->is_list() || a->items().size() != 2)
    throw InputError(a->pos(), "activities must be 'best' or a list of two different activities (" + one_of(names) + ")");
  plan.best = false;
  for (std::size_t k = 0; k < 2; ++k) {
    const Node& item = a->items()[k];
    const std::string& n = item.as_string();
    const auto it = std::find(names.begin(), names.end(), n);
    if (it == names.end())
      throw InputError(item.pos(), "unknown activity '" + n + "'" + did_you_mean(n, names) + "; expected one of " +
                                       one_of(names));
    plan.activities[k] = static_cast<Activity>(it - names.begin());
  }
  if (plan.activities[0] == plan.activities[1])
    throw InputError(a->items()[1].pos(), "a rest's two activities are two different ones ('" + a->items()[1].as_string() +
                                        "' twice)");
  return plan;
}

const std::vector<MetricSpec>& Encounter::carry_specs() {
  static const std::vector<MetricSpec> specs{
      {"party_hp", "hit points of the living PCs, summed, at the start of the fight", false, false, false, false, "hp"},
      {"party_hp_lost", "hit points the living PCs lack of their maximum, summed", false, false, false, false, "lost"},
      {"pcs_standing", "living PCs awake at the start of the fight", false, false, false, false, "PCs"},
      {"fatigue_left", "fatigue the awake PCs can still mark before they fall unconscious, summed", false, false, false,
       false, "fat."},
      {"exhaustion", "exhaustion levels marked by the living PCs, summed", false, false, false, false, "exh."},
      {"threads", "threads of fate of the living PCs, summed", false, false, false, false, "thr."},
      {"gm_threads", "the GM's threads", false, false, false, false, "GM th."},
      {"potions", "healing potions of the living PCs, summed", false, false, false, false, "pot."},
  };
  return specs;
}

void Encounter::carry_metrics(const PartyState& p, std::int64_t* out) const {
  std::int64_t hp = 0, lost = 0, standing = 0, fatigue_left = 0, exhaustion = 0, threads = 0, potions = 0;
  for (int i = 0; i < n_party; ++i) {
    if (p.dead[i]) continue;
    const Fighter& f = fighters[static_cast<std::size_t>(i)];
    hp += p.hp[i];
    lost += f.hp - p.hp[i];
    exhaustion += p.exhaustion[i];
    threads += p.threads[i];
    potions += p.potions[i];
    if (!p.awake[i]) continue;
    ++standing;
    fatigue_left += (f.fatigue - p.fatigue[i]) + (f.exhaustion - p.exhaustion[i]) * (f.fatigue + 1);
  }
  out[kCarryHp] = hp;
  out[kCarryHpLost] = lost;
  out[kCarryStanding] = standing;
  out[kCarryFatigueLeft] = fatigue_left;
  out[kCarryExhaustion] = exhaustion;
  out[kCarryThreads] = threads;
  out[kCarryGmThreads] = p.gm_threads;
  out[kCarryPotions] = potions;
}

void Encounter::check_session(const SourcePos& where) const {
  if (n_party > PartyState::kMaxPcs)
    throw InputError(where, "a Monsters & Magic session carries at most " + std::to_string(PartyState::kMaxPcs) +
                                " PCs, this party has " + std::to_string(n_party));
}

}  // namespace encsim::mnm
