// Balance tools, statistically (label `slow`): the paired intervals of a
// variant comparison cover the true difference of real fights about 95% of the
// time, and tune finds the exact answer of a known fight under every seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "cli/balance.hpp"
#include "encsim/runner.hpp"
#include "rules/registry.hpp"

namespace encsim {
namespace {

TEST(PairedSlow, VariantComparisonIntervalsCoverTheTrueDifference) {
  const Scenario s = load_scenario(ENCSIM_SOURCE_DIR "/scenarios/fivey/troll-bridge.yaml", ruleset_ids());
  const fivey::Encounter base = fivey::compile(s, s.variants[0]);
  const fivey::Encounter torch = fivey::compile(s, s.variants[1]);
  // The truth, as near as a long paired run gets it (its own error is ~0.0002).
  RunSettings big;
  big.trials = 2'000'000;
  big.seed = 123456;
  const PairedTally truth = run_joint<fivey::Encounter>({&base, &torch}, {{0, 1}}, big).paired[0];
  const double win_truth = truth.win_difference();
  const double rounds_truth = truth.rounds.mean();

  const int reps = 400;
  int win_covered = 0, rounds_covered = 0;
  for (int r = 0; r < reps; ++r) {
    RunSettings s2;
    s2.trials = 2000;
    s2.seed = static_cast<std::uint64_t>(r) + 1;
    const PairedTally p = run_joint<fivey::Encounter>({&base, &torch}, {{0, 1}}, s2).paired[0];
    const Interval w = p.win_difference_ci();
    const Interval d = p.rounds.ci();
    win_covered += (w.low <= win_truth && win_truth <= w.high) ? 1 : 0;
    rounds_covered += (d.low <= rounds_truth && rounds_truth <= d.high) ? 1 : 0;
  }
  // 4 standard errors of a 95% coverage over 400 repetitions: +-0.044.
  EXPECT_NEAR(static_cast<double>(win_covered) / reps, 0.95, 0.044);
  EXPECT_NEAR(static_cast<double>(rounds_covered) / reps, 0.95, 0.044);
}

TEST(TuneSlow, FindsTheExactAnswerUnderEverySeed) {
  // kOneRound of balance_test.cpp: P(win) = 1 - (1 - p)^2, p = (23 - defense) / 20.
  const Scenario s = load_scenario_text(
      "ruleset: fivey\nmax_rounds: 1\noptions: {natural_20_inspiration: false, morale: false}\n"
      "party:\n  - {name: A, level: 0, dexterity: 2, proficient: false, weapon: bow, hp: 1000}\n"
      "foes:\n  - {name: B, defense: 14, hp: 1, damage: 1, ranged: true}\n",
      "one.yaml", ruleset_ids());
  auto exact = [](double defense) {
    const double p = std::clamp((23.0 - defense) / 20.0, 0.0, 1.0);
    return 1 - (1 - p) * (1 - p);
  };
  for (double target : {0.45, 0.6, 0.75}) {
    double best = 5;
    for (double d = 5; d <= 25; ++d)
      if (std::abs(exact(d) - target) < std::abs(exact(best) - target)) best = d;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      auto evaluate = [&](double defense, std::uint64_t trials) {
        Variant v = s.variants[0];
        set_path(v.doc, "foes.B.defense", Node::scalar(std::to_string(static_cast<int>(defense)), {}), {});
        RunSettings rs;
        rs.trials = trials;
        rs.seed = seed;
        return run_trials(fivey::compile(s, v), rs).tally.party_wins;
      };
      const auto o = cli::tune_search(5, 1, 20, target, 100000, evaluate);
      EXPECT_EQ(o.trace[o.answer].value, best) << "target " << target << ", seed " << seed;
      EXPECT_TRUE(o.monotone) << o.monotone_note;
    }
  }
}

}  // namespace
}  // namespace encsim
