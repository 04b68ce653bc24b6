// A sweep run as 4 shards through GNU parallel merges into exactly the bytes
// one machine writes (docs/sharding.md). Skipped where GNU parallel is not
// installed (tools/setup.sh installs it).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "run_encsim.hpp"

namespace encsim {
namespace {

namespace fs = std::filesystem;
using testing::encsim;
using testing::shell;
using testing::slurp;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(GnuParallelSlow, FourShardSweepEqualsOneMachine) {
  if (shell("parallel --version | grep -q 'GNU parallel'").code != 0) GTEST_SKIP() << "GNU parallel is not installed";
  const fs::path d = testing::fresh_dir("gnu-parallel");
  const std::string sweep = std::string("sweep ") + ENCSIM_SOURCE_DIR +
                            "/scenarios/fivey/troll-bridge.yaml --set foes.Troll.hp=16..60:4 -n 50000 --seed 11";
  auto start = std::chrono::steady_clock::now();
  const auto one = encsim(sweep + " -o " + (d / "one").string());
  const double one_s = seconds_since(start);
  ASSERT_EQ(one.code, 0) << one.out;
  // Four slots, a thread each, as on four machines.
  start = std::chrono::steady_clock::now();
  const auto shards = shell("parallel --halt now,fail=1 -j 4 " + std::string(ENCSIM_BINARY) + " " + sweep +
                            " --threads 1 --shard {}/4 -o " + (d / "parts").string() + " ::: 1 2 3 4");
  const double shards_s = seconds_since(start);
  ASSERT_EQ(shards.code, 0) << shards.out;
  start = std::chrono::steady_clock::now();
  const auto merged = encsim("merge " + (d / "parts").string() + " -o " + (d / "one").string() + "-merged");
  const double merge_s = seconds_since(start);
  ASSERT_EQ(merged.code, 0) << merged.out;
  for (const char* f : {"summary.csv", "combatants.csv", "features.csv", "distributions.csv", "comparison.csv"})
    EXPECT_EQ(slurp(d / "one" / f), slurp(d / "one-merged" / f)) << f;
  std::string out = merged.out;
  const std::string from = (d / "one").string() + "-merged", to = (d / "one").string();
  out.replace(out.find(from), from.size(), to);
  EXPECT_EQ(out, one.out);
  std::printf("one machine %.2f s; 4 shards through GNU parallel %.2f s; merge %.3f s\n", one_s, shards_s, merge_s);
}

}  // namespace
}  // namespace encsim

namespace encsim {
namespace {

// tools/slurm-shards.sh through a real Slurm: a job array of 4 shards and a
// merge job that waits for it. Skipped unless a Slurm controller answers
// (tools/slurm-single-node.sh start brings one up on this machine).
TEST(SlurmSlow, ArrayScriptThroughSlurmEqualsOneMachine) {
  if (shell("sinfo -h -o %T 2>/dev/null | grep -Eq 'idle|mixed'").code != 0)
    GTEST_SKIP() << "no Slurm node is up (tools/slurm-single-node.sh start)";
  const fs::path d = testing::fresh_dir("slurm");
  const std::string sweep = std::string("sweep ") + ENCSIM_SOURCE_DIR +
                            "/scenarios/fivey/troll-bridge.yaml --set foes.Troll.hp=20..40:5 -n 20000 --seed 8";
  const auto one = encsim(sweep + " -o " + (d / "one").string());
  ASSERT_EQ(one.code, 0) << one.out;
  const auto start = std::chrono::steady_clock::now();
  const auto slurm = shell("cd " + d.string() + " && timeout 300 " + ENCSIM_SOURCE_DIR +
                           "/tools/slurm-shards.sh --wait --shards 4 -- " + ENCSIM_BINARY + " " + sweep + " --threads 1");
  ASSERT_EQ(slurm.code, 0) << slurm.out;
  for (const char* f : {"summary.csv", "combatants.csv", "features.csv", "distributions.csv", "comparison.csv"})
    EXPECT_EQ(slurp(d / "one" / f), slurp(d / "results" / f)) << f;
  for (int i = 1; i <= 4; ++i) EXPECT_TRUE(fs::exists(d / "parts" / ("part-" + std::to_string(i) + "-of-4.encpart")));
  std::printf("Slurm: array of 4 shards and the merge in %.1f s\n", seconds_since(start));
}

}  // namespace
}  // namespace encsim

namespace encsim {
namespace {

// The same GNU parallel command line over ssh: shards on a host reached by ssh
// and on this machine, into one shared folder. Runs when
// ENCSIM_TEST_SSH_HOST names a host that accepts `ENCSIM_TEST_SSH` (an ssh
// command line, default "ssh") without a password and sees this folder, e.g.
// localhost with a key; skipped otherwise.
TEST(GnuParallelSlow, ShardsOverSshEqualOneMachine) {
  const char* host = std::getenv("ENCSIM_TEST_SSH_HOST");
  const char* ssh_env = std::getenv("ENCSIM_TEST_SSH");
  if (!host || !*host) GTEST_SKIP() << "set ENCSIM_TEST_SSH_HOST (and ENCSIM_TEST_SSH) to run shards over ssh";
  if (shell("parallel --version | grep -q 'GNU parallel'").code != 0) GTEST_SKIP() << "GNU parallel is not installed";
  const std::string ssh = ssh_env && *ssh_env ? ssh_env : "ssh";
  const fs::path d = testing::fresh_dir("gnu-parallel-ssh");
  const std::string sweep = std::string("sweep ") + ENCSIM_SOURCE_DIR +
                            "/scenarios/fivey/troll-bridge.yaml --set foes.Troll.hp=20..40:5 -n 20000 --seed 8";
  const auto one = encsim(sweep + " -o " + (d / "one").string());
  ASSERT_EQ(one.code, 0) << one.out;
  const auto start = std::chrono::steady_clock::now();
  const auto shards = shell("cd " + d.string() + " && parallel --halt now,fail=1 --ssh '" + ssh + "' -S 2/" + host +
                            ",: --workdir . " + ENCSIM_BINARY + " " + sweep +
                            " --threads 1 --shard {}/8 -o parts ::: $(seq 8)");
  ASSERT_EQ(shards.code, 0) << shards.out;
  const auto merged = encsim("merge " + (d / "parts").string() + " -o " + (d / "two").string());
  ASSERT_EQ(merged.code, 0) << merged.out;
  for (const char* f : {"summary.csv", "combatants.csv", "features.csv", "distributions.csv", "comparison.csv"})
    EXPECT_EQ(slurp(d / "one" / f), slurp(d / "two" / f)) << f;
  std::printf("8 shards over ssh and here: %.1f s\n", seconds_since(start));
}

}  // namespace
}  // namespace encsim
