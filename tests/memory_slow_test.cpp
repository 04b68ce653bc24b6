// Memory does not grow with the number of trials (DESIGN "Numbers"): the peak
// resident set after 10^8 trials is within a few MB of the peak after 10^5.
// Slow (about two minutes on two cores): `ctest --preset slow`.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <variant>
#include <string>

#include "encsim/runner.hpp"
#include "rules/fivey/fivey.hpp"
#include "rules/registry.hpp"

namespace encsim {
namespace {

long peak_rss_kb() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

TEST(MemorySlow, PeakRssIsFlatFrom1e5To1e8Trials) {
  const Scenario s = load_scenario(ENCSIM_SOURCE_DIR "/scenarios/fivey/goblin-ambush.yaml", ruleset_ids());
  const auto enc = fivey::compile(s, s.variants[0]);
  RunSettings rs;
  rs.trials = 100'000;
  ASSERT_EQ(run_trials(enc, rs).tally.trials, 100'000u);
  const long small = peak_rss_kb();
  rs.trials = 100'000'000;
  ASSERT_EQ(run_trials(enc, rs).tally.trials, 100'000'000u);
  const long large = peak_rss_kb();
  RecordProperty("rss_kb_1e5", static_cast<int>(small));
  RecordProperty("rss_kb_1e8", static_cast<int>(large));
  EXPECT_LT(large - small, 4 * 1024) << small << " kB vs " << large << " kB";
}

// Large values (issue 17): 20 foes of 1,000,000 hit points against 100d1000
// damage. Histograms are bounded (IntStat::kBins counters whatever the
// values), so memory is flat in trials here too and stays small: the old
// exact histograms needed 382 MB for one trial and 3 GB by 20,000.
TEST(MemorySlow, PeakRssIsBoundedForLargeValues) {
  const char* const yaml = R"(ruleset: fivey
party:
  - {name: Giant, count: 4, hp: 1000000, damage: 100d1000, extra_attacks: 10}
foes:
  - {name: Colossus, count: 20, hp: 1000000, damage: 1d4}
)";
  const Scenario s = load_scenario_text(yaml, "large.yaml", ruleset_ids(), ".");
  const auto enc = std::get<fivey::Encounter>(compile_variant(s, s.variants[0]));
  RunSettings rs;
  // 300,000 trials fill every chunk slot of a wave (256 x 1,024); from then
  // on the slots are reused, so twice as many trials need no more memory.
  rs.trials = 300'000;
  const RunResult few = run_trials(enc, rs);
  ASSERT_EQ(few.tally.trials, 300'000u);
  EXPECT_GT(few.tally.damage_to_foes.max(), 10'000'000);
  const long small = peak_rss_kb();
  rs.trials = 600'000;
  ASSERT_EQ(run_trials(enc, rs).tally.trials, 600'000u);
  const long large = peak_rss_kb();
  RecordProperty("rss_kb_large_values_3e5", static_cast<int>(small));
  RecordProperty("rss_kb_large_values_6e5", static_cast<int>(large));
  std::printf("peak RSS with large values: %ld kB after 300,000 trials, %ld kB after 600,000\n", small, large);
  EXPECT_LT(large - small, 16 * 1024) << small << " kB vs " << large << " kB";
  EXPECT_LT(large, 512 * 1024) << large << " kB";
}

}  // namespace
}  // namespace encsim
