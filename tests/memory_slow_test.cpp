// Memory does not grow with the number of trials (DESIGN "Numbers"): the peak
// resident set after 10^8 trials is within a few MB of the peak after 10^5.
// Slow (about two minutes on two cores): `ctest --preset slow`.
#include <gtest/gtest.h>

#include <fstream>
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

}  // namespace
}  // namespace encsim
