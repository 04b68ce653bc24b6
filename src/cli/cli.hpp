// The command line (DESIGN "Command line"): a table of subcommands, each in
// its own file, all thin over the library.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "encsim/scenario.hpp"
#include "io/report.hpp"
#include "rules/registry.hpp"

namespace encsim::cli {

// Exit codes (DESIGN): 0 success, 2 bad input (nothing written), 1 internal error.
inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitInput = 2;

int main(int argc, char** argv);

struct Subcommand {
  const char* name;
  const char* description;
  void (*setup)(CLI::App& sub);  // adds options and the callback
};
const std::vector<Subcommand>& subcommands();

// A scenario and its compiled variants (filtered by --variant when given).
struct Prepared {
  Scenario scenario;
  std::vector<std::string> variant_names;
  std::vector<AnyEncounter> encounters;
};
// Throws InputError. `only` lists variant names to keep (empty: all).
Prepared prepare(const std::string& path, const std::vector<std::string>& only);

// Runs every variant of a prepared scenario side by side with common random
// numbers; each variant after the first is paired with the first.
std::vector<VariantResult> run_prepared(const Prepared& p, const RunSettings& settings);
// Runs encounters of one rule system side by side (run_joint, which see).
JointResult run_encounters(const std::vector<const AnyEncounter*>& encs,
                           const std::vector<std::pair<std::size_t, std::size_t>>& pairs, const RunSettings& s);
// The report row of one run.
VariantResult make_result(const Scenario& scenario, const std::string& variant, const AnyEncounter& enc, RunResult run,
                          const RunSettings& settings);

// The built-in workloads of `encsim bench` (also used by bench/).
extern const char* const kFiveyBenchYaml;
extern const char* const kDaggerheartBenchYaml;
extern const char* const kCairnApBenchYaml;
extern const char* const kGodsAndMonstersBenchYaml;
extern const char* const kMnmBenchYaml;

// Option checks CLI11 lacks: an unsigned 64-bit integer written as digits
// only (CLI11 would wrap "-1" and clamp overflow), and a finite number.
extern const CLI::Validator kUnsigned;
extern const CLI::Validator kFinite;

void setup_run(CLI::App& sub);
void setup_check(CLI::App& sub);
void setup_rules(CLI::App& sub);
void setup_replay(CLI::App& sub);
void setup_bench(CLI::App& sub);
void setup_sweep(CLI::App& sub);
void setup_tune(CLI::App& sub);
void setup_sensitivity(CLI::App& sub);

}  // namespace encsim::cli
