// The parallel trial runner (DESIGN "The engine in one paragraph"). Trials are
// cut into fixed chunks of kChunkTrials, independent of the thread count; each
// chunk runs into its own Tally; chunk tallies are merged in chunk order. A
// run proceeds in waves of at most kWaveChunks chunks, so memory does not grow
// with the number of trials and `--precision` is checked at fixed boundaries:
// the stopping point, like every number, is the same for any thread count.
#pragma once

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <type_traits>
#include <utility>
#include <vector>

#include "encsim/check.hpp"
#include "encsim/paired.hpp"
#include "encsim/tally.hpp"

namespace encsim {

inline constexpr std::uint64_t kChunkTrials = 1024;
// Chunks per wave: the --precision check interval. Without --precision, waves
// are only a memory bound, and longer ones keep both cores busier at the
// barrier between waves. Neither changes any result.
inline constexpr std::uint64_t kWaveChunks = 64;
inline constexpr std::uint64_t kLongWaveChunks = 256;
// The most the chunk slots' tallies may hold at once (see run_joint).
inline constexpr std::uint64_t kSlotBudgetBytes = 256ULL * 1024 * 1024;

struct RunSettings {
  std::uint64_t trials = 100000;  // the number of trials, or the cap with `precision`
  // The trials run are first_trial .. first_trial + trials - 1: a shard of a
  // larger run (--shard) starts past 0, on a chunk boundary, and its trial t
  // meets the same streams as trial t of the whole run.
  std::uint64_t first_trial = 0;
  std::uint64_t seed = 1;
  int threads = 0;         // 0: all cores
  double precision = 0.0;  // > 0: stop once the party win rate's 95% half-width <= precision
  // Called between waves with the tally so far; never inside a trial.
  std::function<void(const Tally&)> progress;
};

struct RunResult {
  Tally tally;
  bool precision_reached = false;
  double seconds = 0.0;
};

// Half the width of the Wilson 95% interval of the party win rate.
inline double win_half_width(const Tally& t) {
  const Interval ci = wilson(t.party_wins, t.trials);
  return (ci.high - ci.low) / 2.0;
}

// A NullLog for simulate(): narration compiled out of the trial loop.
struct NullLog {
  static constexpr bool kEnabled = false;
  void say(const char*, ...) {}
};

// Narrates only when the log is a real one; the arguments are not even
// evaluated in the trial loop.
#define ENCSIM_SAY(log, ...)                                      \
  do {                                                            \
    if constexpr (std::decay_t<decltype(log)>::kEnabled) (log).say(__VA_ARGS__); \
  } while (false)

// `Enc` is a compiled encounter of some rule system. It provides
//   std::size_t combatant_count() const;
//   const std::vector<CombatantInfo>& roster() const;  // names, sides, PCs
//   std::size_t resource_count() const;   // per-trial system metrics
//   std::size_t extra_count() const;      // per-combatant system metrics
//   const std::vector<FeatureInfo>& features() const;  // what each combatant can use
//   template <class Log> void simulate(std::uint64_t seed, std::uint64_t trial,
//                                      TrialRecord& out, Log& log) const;
template <class Enc>
Tally make_tally(const Enc& enc) {
  return Tally(enc.combatant_count(), enc.resource_count(), enc.extra_count(), enc.features().size());
}

// Several encounters of one rule system run side by side: trial t of each is
// simulated in the same chunk, on the same streams (common random numbers), and
// each `pairs` entry {i, j} tallies trial t of encounter i against trial t of
// encounter j (a PairedTally: joint outcomes and differences), so a comparison
// needs no per-trial storage. Every encounter's tally is exactly what
// run_trials() alone would give it, at any thread count; with `precision`, each
// stops at its own wave boundary, as it would alone, and a pair counts the
// trials both ran.
struct JointResult {
  std::vector<RunResult> runs;       // one per encounter
  std::vector<PairedTally> paired;   // one per pair
};

template <class Enc>
JointResult run_joint(const std::vector<const Enc*>& encs,
                      const std::vector<std::pair<std::size_t, std::size_t>>& pairs, const RunSettings& s) {
  const auto start = std::chrono::steady_clock::now();
  const std::size_t k = encs.size();
  ENCSIM_CHECK(k > 0);
  for (const auto& [i, j] : pairs) ENCSIM_CHECK(i < k && j < k);
  ENCSIM_CHECK(s.first_trial % kChunkTrials == 0);
  JointResult result;
  for (const Enc* e : encs) result.runs.push_back(RunResult{make_tally(*e), false, 0.0});
  result.paired.assign(pairs.size(), PairedTally{});
  // A chunk's scratch; cache-line aligned so neighbouring chunks on other
  // threads never share a line.
  struct alignas(64) Slot {
    std::vector<Tally> tallies;
    std::vector<TrialRecord> records;
    std::vector<TrialSummary> summaries;
    std::vector<PairedTally> paired;
  };
  const std::uint64_t wave = s.precision > 0.0 ? kWaveChunks : kLongWaveChunks;
  tbb::task_arena arena(s.threads > 0 ? s.threads : tbb::task_arena::automatic);
  // Memory is bounded whatever the values (IntStat has at most kBins
  // counters) and whatever the roster: a wave runs in rounds of at most
  // n_slots chunks, so the slots' tallies stay within kSlotBudgetBytes (or
  // one slot per thread). Merging is exact, so the rounds change no result.
  std::uint64_t stats_per_slot = 0;
  for (const Enc* e : encs) stats_per_slot += 5 + e->resource_count() + e->combatant_count();
  const std::uint64_t slot_bytes = stats_per_slot * IntStat::kBins * sizeof(std::uint64_t);
  const std::uint64_t n_slots =
      std::min<std::uint64_t>(wave, std::max<std::uint64_t>(kSlotBudgetBytes / std::max<std::uint64_t>(slot_bytes, 1),
                                                            static_cast<std::uint64_t>(arena.max_concurrency())));
  std::vector<Slot> slots(n_slots);
  for (Slot& slot : slots) {
    for (const Enc* e : encs) slot.tallies.push_back(make_tally(*e));
    slot.records.resize(k);
    slot.summaries.resize(k);
    slot.paired.resize(pairs.size());
  }
  std::vector<char> active(k, 1);  // still running (not yet at its precision)
  std::size_t n_active = k;

  std::uint64_t done = 0;
  while (done < s.trials && n_active > 0) {
    const std::uint64_t remaining = s.trials - done;
    const std::uint64_t chunks =
        std::min<std::uint64_t>(wave, (remaining + kChunkTrials - 1) / kChunkTrials);
    for (std::uint64_t base = 0; base < chunks; base += n_slots) {
      const std::uint64_t round = std::min(n_slots, chunks - base);
      arena.execute([&] {
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, static_cast<std::size_t>(round), 1),
            [&](const tbb::blocked_range<std::size_t>& range) {
              for (std::size_t c = range.begin(); c != range.end(); ++c) {
                Slot& slot = slots[c];
                for (Tally& t : slot.tallies) t.clear();
                for (PairedTally& p : slot.paired) p.clear();
                const std::uint64_t first = s.first_trial + done + (base + c) * kChunkTrials;
                const std::uint64_t last = std::min(s.first_trial + s.trials, first + kChunkTrials);
                NullLog log;
                for (std::uint64_t t = first; t < last; ++t) {
                  detail::set_current_trial(static_cast<long long>(t));
                  for (std::size_t e = 0; e < k; ++e) {
                    if (!active[e]) continue;
                    const Enc& enc = *encs[e];
                    TrialRecord& record = slot.records[e];
                    record.reset(enc.combatant_count(), enc.features().size());
                    record.trial = t;
                    enc.simulate(s.seed, t, record, log);
                    slot.tallies[e].add(record, enc.roster());
                    if (!pairs.empty()) slot.summaries[e] = summarize(record, enc.roster());
                  }
                  for (std::size_t p = 0; p < pairs.size(); ++p)
                    if (active[pairs[p].first] && active[pairs[p].second])
                      slot.paired[p].add(slot.summaries[pairs[p].first], slot.summaries[pairs[p].second]);
                }
                detail::set_current_trial(-1);
              }
            },
            tbb::simple_partitioner());
      });
      for (std::uint64_t c = 0; c < round; ++c) {
        for (std::size_t e = 0; e < k; ++e)
          if (active[e]) result.runs[e].tally.merge(slots[c].tallies[e]);
        for (std::size_t p = 0; p < pairs.size(); ++p) result.paired[p].merge(slots[c].paired[p]);
      }
    }
    done = std::min(s.trials, done + chunks * kChunkTrials);
    if (s.progress) s.progress(result.runs.front().tally);
    if (s.precision > 0.0)
      for (std::size_t e = 0; e < k; ++e)
        if (active[e] && win_half_width(result.runs[e].tally) <= s.precision) {
          result.runs[e].precision_reached = true;
          active[e] = 0;
          --n_active;
        }
  }
  // The time is shared out in proportion to the fights each encounter fought.
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::uint64_t fought = 0;
  for (const RunResult& r : result.runs) fought += r.tally.trials;
  for (RunResult& r : result.runs) {
    ENCSIM_CHECK(r.precision_reached || r.tally.trials == done);
    r.seconds = fought == 0 ? 0.0
                            : seconds * static_cast<double>(r.tally.trials) / static_cast<double>(fought);
  }
  return result;
}

template <class Enc>
RunResult run_trials(const Enc& enc, const RunSettings& s) {
  return std::move(run_joint<Enc>({&enc}, {}, s).runs.front());
}

}  // namespace encsim
