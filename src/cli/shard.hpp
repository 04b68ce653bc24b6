// Sharding (docs/sharding.md): `--shard I/N` on run, sweep, tune and
// sensitivity makes the command run only shard I's whole chunks of every
// run's trials and write a partial result (io/part.hpp) to the -o folder;
// `encsim merge` checks that the parts belong together, adds their tallies
// and renders the outputs through the same code the command uses, so they are
// the bytes one machine writes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "encsim/runner.hpp"
#include "io/html_report.hpp"
#include "io/part.hpp"

namespace CLI {
class App;  // <CLI/CLI.hpp> only where options are built (cli.hpp)
}  // namespace CLI

namespace encsim::cli {

struct ShardArg {
  std::uint32_t index = 0, count = 0;  // 1-based; 0 of 0 when not sharded
  bool on() const { return count != 0; }
};
inline constexpr std::uint32_t kMaxShards = 1'000'000;

// Adds --shard I/N to a subcommand.
void add_shard_option(CLI::App& sub, ShardArg& shard);
// A sharded command needs -o (the folder its part goes to) and a fixed trial
// count: --precision stops a run where the whole run's win rate is precise
// enough, which no shard can see (docs/sharding.md). Throws InputError.
void check_shard(const ShardArg& shard, const std::string& out_dir, double precision, const char* command);
// DIR/part-I-of-N.encpart: a name a scheduler's command line can spell ({} in
// GNU parallel, $SLURM_ARRAY_TASK_ID in Slurm).
std::string part_path(const std::string& dir, const ShardArg& shard);
// Narrows `s` to this shard's trials.
void apply_shard(RunSettings& s, const ShardArg& shard);
// Fills in the part's place (shard, trials of the first run, version) and
// writes it atomically to part_path(); prints where on standard output.
void write_shard_part(const std::string& dir, const ShardArg& shard, Part& part, const RunSettings& first_run);

// How merge renders: the -o folder ("" for none) and --format.
struct RenderOptions {
  std::string out_dir;
  std::string format = "table";
  int threads = 0;  // tune's merge goes on searching
  bool detail = false;  // run: the full tables under each variant (--detail)
  // run: its fights worth seeing, narrated for report.html (merge has no
  // scenario to narrate them from: the page names them and their replay).
  std::vector<HtmlFight> fights = {};
};
// run's plan: the rows of each scenario, in order, and whether each variant's
// band ran beside it (not --no-band).
std::string run_plan(const std::vector<std::uint64_t>& rows_per_scenario, bool band);
// Each command's output from its plan and merged results (the command itself
// renders through the same function).
void render_run(const std::string& plan, const std::vector<VariantResult>& results, const RenderOptions& o);
void render_sweep(const std::string& plan, const std::vector<VariantResult>& results, const RenderOptions& o);
void render_sensitivity(const std::string& plan, std::vector<VariantResult>& results,
                        const std::vector<PairedTally>& paired, const RenderOptions& o);
// tune: finishes the search from a merged scan (tune.cpp).
void merge_tune(const Part& merged, const RenderOptions& o);

void setup_merge(CLI::App& sub);

}  // namespace encsim::cli
