// A Beastbound Ranger's `companion:` (companion.hpp): its name and the
// training options its Ranger picked, one per level-up and more from Expert
// and Advanced Training; absent, the default path; `none`, no companion.
#include <algorithm>

#include "rules/daggerheart/read.hpp"

namespace encsim::daggerheart {

const std::vector<KeySpec> kCompanionKeys{
    {"name", "string", "NAME's companion", "what the log and features.csv call it"},
    {"marked", "integer", "0", "Stress already marked when the fight starts (fewer than its slots)"},
    {"training", "list of options", "the default path", "one per level-up (level - 1) plus Expert Training's one and Advanced Training's two: intelligent light_in_the_dark creature_comfort armored vicious resilient bonded aware (vicious, resilient, aware and intelligent up to 3 times, the rest once)"},
};

namespace {

// The default path (docs/rules/daggerheart.md, "Companions"): first what the
// companion brings to a fight (a bigger damage die, then staying in it), its
// rescue of the Ranger, the rest last.
constexpr Training kDefaultPath[] = {
    Training::vicious,   Training::aware,       Training::resilient,         Training::vicious,
    Training::bonded,    Training::armored,     Training::vicious,           Training::aware,
    Training::resilient, Training::aware,       Training::resilient,         Training::light_in_the_dark,
    Training::intelligent, Training::intelligent, Training::intelligent,     Training::creature_comfort,
};
static_assert(std::size(kDefaultPath) == 16, "every box of the sheet once");

std::string training_line(const PcCompanion& c) {
  std::string line;
  for (int k = 0; k < kTrainingCount; ++k) {
    const int n = c.taken[static_cast<std::size_t>(k)];
    if (n == 0) continue;
    line += (line.empty() ? "" : ", ") + std::string(kTrainingNames[static_cast<std::size_t>(k)]);
    if (n > 1) line += " x" + std::to_string(n);
  }
  return line.empty() ? "none" : line;
}

// The companion a Beastbound PC's features give it, named and trained by
// `companion:`; none without the foundation or with `companion: none`.
void read_companion(Pc& p, MapReader& r) {
  PcCompanion& c = p.companion;
  int picks = p.level - 1;
  bool sheet = false;
  for (const PcCard& card : p.cards) {
    if (card.def->status != CardStatus::modelled) continue;
    const CardEffect& e = card.def->effect;
    switch (e.companion) {
      case CompanionPart::sheet: sheet = true; break;
      case CompanionPart::training: picks += e.picks; break;
      case CompanionPart::battle_bonded: c.battle_bonded = true; break;
      case CompanionPart::loyal_friend: c.loyal_friend = true; break;
      case CompanionPart::none: break;
    }
  }
  const Node* n = r.get("companion");
  if (n && n->is_scalar() && n->text() == "none") {
    c = PcCompanion{};
    return;
  }
  if (!sheet) {
    if (n)
      throw InputError(n->pos(), "'" + p.name + "' has no companion: it comes with the Beastbound subclass's foundation " +
                                     "(a Ranger's, or a multiclass's)");
    c = PcCompanion{};
    return;
  }
  c.present = true;
  c.name = p.name + "'s companion";
  std::vector<Training> path;
  const Node* marked = nullptr;
  if (n) {
    if (!n->is_map()) throw InputError(n->pos(), "companion is a map {name, training} or none");
    MapReader cr(*n, kCompanionKeys, "companion of '" + p.name + "'");
    cr.finish();
    c.name = cr.get_string("name", c.name);
    marked = cr.scalar("marked");
    c.marked_start = static_cast<int>(cr.get_int("marked", 0, 0, 5));
    if (const Node* t = cr.get("training")) {
      if (!t->is_list()) throw InputError(t->pos(), "training is a list of option names, e.g. [vicious, aware]");
      const std::vector<std::string> names(kTrainingNames.begin(), kTrainingNames.end());
      for (const Node& item : t->items()) {
        const auto k = static_cast<std::size_t>(choice_of(item, "training option", names));
        if (std::count(path.begin(), path.end(), static_cast<Training>(k)) >= kTrainingMax[k])
          throw InputError(item.pos(), "'" + names[k] + "' is on the sheet " + std::to_string(kTrainingMax[k]) +
                                           (kTrainingMax[k] == 1 ? " time" : " times"));
        path.push_back(static_cast<Training>(k));
      }
      if (static_cast<int>(path.size()) != picks)
        throw InputError(t->pos(), "'" + p.name + "' (level " + std::to_string(p.level) + ") picks " + std::to_string(picks) +
                                       " training options (one per level-up, with Expert and Advanced Training's); the list has " +
                                       std::to_string(path.size()));
    }
  }
  if (path.empty()) path.assign(std::begin(kDefaultPath), std::begin(kDefaultPath) + picks);
  for (Training t : path) ++c.taken[static_cast<std::size_t>(t)];
  const auto times = [&](Training t) { return c.taken[static_cast<std::size_t>(t)]; };
  c.die = 6 + 2 * times(Training::vicious);
  c.evasion = 10 + 2 * times(Training::aware);
  c.stress = 3 + times(Training::resilient);
  c.experience = 2 + times(Training::intelligent);
  if (c.has(Training::light_in_the_dark)) ++p.hope_max;
  if (marked && c.marked_start >= c.stress)
    throw InputError(marked->pos(), "the companion has " + std::to_string(c.stress) + " Stress slots: at most " +
                                        std::to_string(c.stress - 1) + " marked");
  p.build.push_back("companion " + c.name + ": Evasion " + std::to_string(c.evasion) + ", " + std::to_string(c.stress) +
                    " Stress, d" + std::to_string(c.die) + " x Proficiency, Experience +" + std::to_string(c.experience) +
                    "; training" + (n && n->is_map() && n->find("training") ? "" : " (default path)") + ": " +
                    training_line(c));
}

}  // namespace

void read_pc_companion(Pc& p, MapReader& r) {
  read_companion(p, r);
  for (const tactics::Rule& rule : p.rules)
    if (rule.action == kCompanion && !p.companion.present)
      throw InputError(rule.pos, "'" + p.name + "' has no companion to command (a Beastbound Ranger's)");
}

}  // namespace encsim::daggerheart
