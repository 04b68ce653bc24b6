// Google Benchmark micro and whole-run benchmarks. `encsim bench` is the
// user-facing figure; these isolate the pieces behind it.
#include <benchmark/benchmark.h>

#include "encsim/dice.hpp"
#include "encsim/rng.hpp"
#include "encsim/runner.hpp"
#include "cli/cli.hpp"
#include "rules/registry.hpp"

namespace {

using namespace encsim;

void BM_Die20(benchmark::State& state) {
  Rng rng = Rng::for_trial(1, 0, Stream::dice);
  int sum = 0;
  for (auto _ : state) benchmark::DoNotOptimize(sum += rng.die(20));
}
BENCHMARK(BM_Die20);

void BM_Dice3d6Plus2(benchmark::State& state) {
  const Dice d = Dice::parse("3d6+2");
  Rng rng = Rng::for_trial(1, 0, Stream::dice);
  for (auto _ : state) benchmark::DoNotOptimize(d.roll(rng));
}
BENCHMARK(BM_Dice3d6Plus2);

void BM_Dice4d6DropLowest(benchmark::State& state) {
  const Dice d = Dice::parse("4d6dl1");
  Rng rng = Rng::for_trial(1, 0, Stream::dice);
  for (auto _ : state) benchmark::DoNotOptimize(d.roll(rng));
}
BENCHMARK(BM_Dice4d6DropLowest);

fivey::Encounter bench_encounter() {
  const Scenario s = load_scenario_text(cli::kFiveyBenchYaml, "bench", ruleset_ids());
  return fivey::compile(s, s.variants[0]);
}

// One FIVEY combat: 4 PCs against 5 monsters.
void BM_FiveyCombat(benchmark::State& state) {
  const fivey::Encounter enc = bench_encounter();
  TrialRecord rec;
  NullLog log;
  std::uint64_t t = 0;
  for (auto _ : state) {
    rec.reset(enc.combatant_count());
    enc.simulate(1, t++, rec, log);
    benchmark::DoNotOptimize(rec.rounds);
  }
}
BENCHMARK(BM_FiveyCombat);

// A whole run through the runner: chunking, tallies and merging included.
void BM_FiveyRun(benchmark::State& state) {
  const fivey::Encounter enc = bench_encounter();
  RunSettings s;
  s.trials = static_cast<std::uint64_t>(state.range(0));
  s.threads = static_cast<int>(state.range(1));
  for (auto _ : state) benchmark::DoNotOptimize(run_trials(enc, s).tally.trials);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}
BENCHMARK(BM_FiveyRun)->Args({200000, 1})->Args({200000, 2})->Unit(benchmark::kMillisecond)->UseRealTime();

// One Monsters & Magic combat: 4 PCs against 8 monsters (encsim bench's workload).
void BM_MonstersAndMagicCombat(benchmark::State& state) {
  const Scenario s = load_scenario_text(cli::kMnmBenchYaml, "bench", ruleset_ids());
  const mnm::Encounter enc = mnm::compile(s, s.variants[0]);
  TrialRecord rec;
  NullLog log;
  std::uint64_t t = 0;
  for (auto _ : state) {
    rec.reset(enc.combatant_count());
    enc.simulate(1, t++, rec, log);
    benchmark::DoNotOptimize(rec.rounds);
  }
}
BENCHMARK(BM_MonstersAndMagicCombat);

}  // namespace
