// encsim replay SCENARIO.yaml [--seed S] [--trial K] [--variant NAME] [--set PATH=VALUE]...: one
// fight, turn by turn. The trial is the same one `run` simulated as trial K.
// A session file (docs/sessions.md): its session K, fight by fight and rest by rest.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "cli/cli.hpp"
#include "cli/replay_session.hpp"
#include "io/narrate.hpp"

namespace encsim::cli {

void setup_replay(CLI::App& sub) {
  struct Args {
    std::string file;
    std::uint64_t seed = 0;
    std::uint64_t trial = 0;
    std::uint64_t trials = 0;
    int threads = 0;
    std::string variant;
    std::string pick;
    std::string outcome;
    std::vector<std::string> sets;
  };
  auto a = std::make_shared<Args>();
  std::vector<std::string> slugs;
  for (int k = 0; k < Picks::kKinds; ++k) slugs.emplace_back(Picks::slug(k));
  sub.add_option("scenario", a->file, "scenario or session file (YAML)")->required()->check(CLI::ExistingFile);
  auto* seed = sub.add_option("--seed", a->seed, "random seed (default: the scenario's `seed`)")->transform(kUnsigned);
  auto* trial = sub.add_option("--trial", a->trial, "trial index, from 0 (default 0)")->transform(kUnsigned);
  sub.add_option("--variant", a->variant, "variant name (default: base)");
  sub.add_option("--set", a->sets, "PATH=VALUE: write this value into the scenario first (repeatable), as `run --set` does")
      ->allow_extra_args(false);
  auto* pick = sub.add_option("--pick", a->pick,
                              "replay the fight `run` names as worth seeing: worst-loss, typical-loss, typical-win, "
                              "narrow-win or best-win (the run is done first, without its band)")
                   ->check(CLI::IsMember(slugs))
                   ->excludes(trial);
  sub.add_option("--outcome", a->outcome, "replay the first fight that ends so: party (wins), foes (win) or draw")
      ->check(CLI::IsMember({"party", "foes", "draw"}))
      ->excludes(trial)
      ->excludes(pick);
  auto* n = sub.add_option("-n,--trials", a->trials,
                           "with --pick or --outcome: the run's trials (default: the scenario's `trials`)")
                ->transform(whole_number(1, 1'000'000'000'000ULL));
  sub.add_option("--threads", a->threads, "with --pick: worker threads (default: all cores); the pick does not depend on it")
      ->check(CLI::Range(1, 1024));
  sub.footer(
      "Every round ends with a status block: each combatant's main track left of its full track (HP; survival in "
      "Gods & Monsters), its key resources and conditions, and why it is out of the fight if it is; then each "
      "side's standing, the mean over its combatants of the share of their track left (0 for one out of the fight). "
      "The result follows, with each combatant's totals, and a last line names the turning point: the round in "
      "which the party's standing (its side's share minus the foes') moved most, either way (the earliest on a "
      "tie), who left the fight in it and who dealt the most damage in it.");
  sub.callback([a, seed, n] {
    if (is_session_file(a->file)) {
      // A session: the session `run` played as trial K, told whole.
      const auto refuse = [](const std::string& what) {
        throw InputError(SourcePos{}, what + " is not yet for sessions (docs/sessions.md); give --trial");
      };
      if (!a->pick.empty()) refuse("--pick");
      if (!a->outcome.empty()) refuse("--outcome");
      if (!a->sets.empty()) refuse("--set (write it into the session's `variants`)");
      if (n->count()) refuse("-n");
      const std::vector<std::string> only{a->variant.empty() ? std::string("base") : a->variant};
      const CompiledSession c = compile_session(a->file, only);
      const std::uint64_t s = seed->count() ? a->seed : c.session.seed;
      const SessionVariant& v = c.session.variants[c.variants[0]];
      std::cout << c.session.name << " [" << v.name << "], seed " << s << ", session " << a->trial
                << " (a session of fights and rests, docs/sessions.md)\n";
      narrate_session(c, 0, s, a->trial, std::cout);
      return;
    }
    // Only the variant narrated is compiled (and checked against --set).
    const std::vector<std::string> only{a->variant.empty() ? std::string("base") : a->variant};
    const Prepared p = prepare(a->file, only, false, a->sets);
    const std::uint64_t s = seed->count() ? a->seed : p.scenario.seed;
    const std::uint64_t trials = n->count() ? a->trials : p.scenario.trials;
    if (n->count() && a->pick.empty() && a->outcome.empty())
      throw InputError(SourcePos{}, "-n sets the trials --pick and --outcome look through; give one of them, or --trial");
    std::uint64_t t = a->trial;
    std::string why;
    if (!a->pick.empty()) {
      // The very run `encsim run` does (the pick does not depend on the band or the thread count).
      RunSettings settings;
      settings.seed = s;
      settings.trials = trials;
      settings.threads = a->threads;
      const std::vector<VariantResult> results = run_prepared(p, settings);
      int kind = 0;
      while (Picks::slug(kind) != a->pick) ++kind;
      t = results[0].tally.picks.pick(kind);
      if (t == Picks::kNone)
        throw InputError(SourcePos{}, "none of the " + std::to_string(trials) + " fights is a " + Picks::name(kind) +
                                          (kind == Picks::worst_loss || kind == Picks::typical_loss
                                               ? ": the party won them all"
                                               : ": the party won none"));
      why = std::string(" (the ") + Picks::name(kind) + " of " + std::to_string(trials) + " fights)";
    } else if (!a->outcome.empty()) {
      const Outcome want = a->outcome == "party" ? Outcome::party_win
                           : a->outcome == "foes" ? Outcome::foes_win
                                                  : Outcome::draw;
      t = Picks::kNone;
      std::visit(
          [&](const auto& enc) {
            TrialRecord rec;
            NullLog quiet;
            for (std::uint64_t k = 0; k < trials && t == Picks::kNone; ++k) {
              rec.reset(enc.combatant_count(), enc.features().size());
              enc.simulate(s, k, rec, quiet);
              if (rec.outcome == want) t = k;
            }
          },
          p.encounters[0]);
      if (t == Picks::kNone)
        throw InputError(SourcePos{}, "none of the first " + std::to_string(trials) + " fights ends in " +
                                          outcome_name(want) + " (-n looks further)");
      why = std::string(" (the first that ends in ") + outcome_name(want) + ")";
    }
    std::cout << p.scenario.name << " [" << p.variant_names[0] << "], seed " << s << ", trial " << t << why;
    for (const auto& [path, value] : p.keys) std::cout << ", " << path << " = " << value;
    std::cout << "\n";
    narrate_trial(p.encounters[0], s, t, std::cout);
  });
}

}  // namespace encsim::cli
