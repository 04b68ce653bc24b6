// encsim replay SCENARIO.yaml [--seed S] [--trial K] [--variant NAME] [--set PATH=VALUE]...: one
// fight, turn by turn. The trial is the same one `run` simulated as trial K.
#include <iostream>
#include <memory>

#include "cli/cli.hpp"

namespace encsim::cli {
namespace {
const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::party_win: return "the party wins";
    case Outcome::foes_win: return "the foes win";
    case Outcome::draw: return "a draw";
  }
  return "";
}
}  // namespace

void setup_replay(CLI::App& sub) {
  struct Args {
    std::string file;
    std::uint64_t seed = 0;
    std::uint64_t trial = 0;
    std::string variant;
    std::vector<std::string> sets;
  };
  auto a = std::make_shared<Args>();
  sub.add_option("scenario", a->file, "scenario file (YAML)")->required()->check(CLI::ExistingFile);
  auto* seed = sub.add_option("--seed", a->seed, "random seed (default: the scenario's `seed`)")->transform(kUnsigned);
  sub.add_option("--trial", a->trial, "trial index, from 0 (default 0)")->transform(kUnsigned);
  sub.add_option("--variant", a->variant, "variant name (default: base)");
  sub.add_option("--set", a->sets, "PATH=VALUE: write this value into the scenario first (repeatable), as `run --set` does")
      ->allow_extra_args(false);
  sub.callback([a, seed] {
    // Only the variant narrated is compiled (and checked against --set).
    const std::vector<std::string> only{a->variant.empty() ? std::string("base") : a->variant};
    const Prepared p = prepare(a->file, only, false, a->sets);
    const std::uint64_t s = seed->count() ? a->seed : p.scenario.seed;
    std::cout << p.scenario.name << " [" << p.variant_names[0] << "], seed " << s << ", trial " << a->trial;
    for (const auto& [path, value] : p.keys) std::cout << ", " << path << " = " << value;
    std::cout << "\n";
    std::visit(
        [&](const auto& enc) {
          TrialRecord rec;
          rec.reset(enc.combatant_count());
          TextLog log(std::cout);
          enc.simulate(s, a->trial, rec, log);
          std::cout << "Result: " << outcome_name(rec.outcome) << (rec.foes_fled ? " (the foes fled)" : "")
                    << " after " << rec.rounds << " round(s).\n";
          const auto& info = enc.roster();
          for (std::size_t i = 0; i < info.size(); ++i) {
            const CombatantRecord& c = rec.combatants[i];
            std::cout << "  " << info[i].name << ": " << c.attacks << " attacks, " << c.hits << " hits, "
                      << c.damage_dealt << " damage dealt, " << c.damage_taken << " taken"
                      << (c.dead ? ", dead" : c.down ? ", down" : "") << "\n";
          }
        },
        p.encounters[0]);
  });
}

}  // namespace encsim::cli
