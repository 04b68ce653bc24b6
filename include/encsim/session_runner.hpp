// Running sessions (issue 14): a trial is one whole session. Fight k of trial
// t draws the streams of trial t under item_seed(seed, key of fight k), so
// every variant meets the same dice fight by fight (and rest by rest); the
// party's state passes from one fight to the next in the system's fixed-size
// PartyState, on the stack, so a session allocates nothing per trial. Trials
// run in the fixed chunks of runner.hpp and chunk tallies merge in chunk
// order: the same bytes for any thread count.
#pragma once

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "encsim/rng.hpp"
#include "encsim/runner.hpp"
#include "encsim/session_tally.hpp"

namespace encsim {

// One step of a compiled session: a fight (its encounter) or a rest (the
// system's plan for it), and the key its dice come from.
template <class Enc>
struct SessionStep {
  const Enc* fight = nullptr;           // null for a rest
  typename Enc::RestPlan rest{};
  std::uint64_t key = 0;
};

template <class Enc>
struct SessionPlan {
  std::vector<SessionStep<Enc>> steps;  // never starts with a rest
  std::size_t fight_count() const {
    std::size_t n = 0;
    for (const auto& s : steps) n += s.fight ? 1 : 0;
    return n;
  }
};

struct SessionRun {
  SessionTally session;
  std::vector<Tally> fights;  // one per fight of the plan, in its order
  double seconds = 0.0;
};

// One session of `plan`, trial `trial`: fills `records` (one per fight, sized
// by the caller) and `party`; returns how many fights it reached and whether
// it won them all. `on_fight(k, record)` sees each fight as it ends.
template <class Enc, class Log, class OnFight>
bool play_session(const SessionPlan<Enc>& plan, std::uint64_t seed, std::uint64_t trial,
                  typename Enc::PartyState& party, std::vector<TrialRecord>& records, Log& log, OnFight&& on_fight) {
  party.started = false;
  std::size_t k = 0;
  const Enc* last = nullptr;
  for (const SessionStep<Enc>& step : plan.steps) {
    if (step.fight) {
      TrialRecord& rec = records[k];
      rec.reset(step.fight->combatant_count(), step.fight->features().size());
      rec.trial = trial;
      step.fight->simulate_carry(item_seed(seed, step.key), trial, rec, log, party);
      on_fight(k, rec);
      ++k;
      last = step.fight;
      if (rec.outcome != Outcome::party_win) return false;
    } else {
      Rng rng = Rng::for_trial(item_seed(seed, step.key), trial, Stream::rest);
      last->rest(step.rest, party, rng, log);
    }
  }
  return true;
}

template <class Enc>
std::vector<SessionRun> run_sessions(const std::vector<SessionPlan<Enc>>& plans, const RunSettings& s) {
  const auto start = std::chrono::steady_clock::now();
  const std::size_t n = plans.size();
  ENCSIM_CHECK(n > 0);
  ENCSIM_CHECK(s.first_trial % kChunkTrials == 0);
  const std::size_t n_carry = Enc::carry_specs().size();
  ENCSIM_CHECK(n_carry <= static_cast<std::size_t>(CarryBase::kMaxCarry));
  auto fresh = [&](const SessionPlan<Enc>& p) {
    SessionRun r{SessionTally(p.fight_count(), n_carry), {}, 0.0};
    for (const auto& st : p.steps)
      if (st.fight) r.fights.push_back(make_tally(*st.fight));
    return r;
  };
  std::vector<SessionRun> result;
  for (const auto& p : plans) result.push_back(fresh(p));
  struct alignas(64) Slot {
    std::vector<SessionRun> runs;
    std::vector<std::vector<TrialRecord>> records;  // per plan, per fight
  };
  tbb::task_arena arena(s.threads > 0 ? s.threads : tbb::task_arena::automatic);
  // With --precision, shorter waves: the check comes at each wave's end.
  const std::uint64_t wave = s.precision > 0.0 ? kWaveChunks : kLongWaveChunks;
  const std::uint64_t n_slots =
      std::min<std::uint64_t>(wave, std::max<std::uint64_t>(16, static_cast<std::uint64_t>(arena.max_concurrency())));
  std::vector<Slot> slots(n_slots);
  for (Slot& slot : slots) {
    for (const auto& p : plans) {
      slot.runs.push_back(fresh(p));
      slot.records.emplace_back(p.fight_count());
    }
  }
  std::uint64_t done = 0;
  while (done < s.trials) {
    const std::uint64_t chunks = std::min<std::uint64_t>(wave, (s.trials - done + kChunkTrials - 1) / kChunkTrials);
    for (std::uint64_t base = 0; base < chunks; base += n_slots) {
      const std::uint64_t round = std::min(n_slots, chunks - base);
      arena.execute([&] {
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, static_cast<std::size_t>(round), 1),
            [&](const tbb::blocked_range<std::size_t>& range) {
              for (std::size_t c = range.begin(); c != range.end(); ++c) {
                Slot& slot = slots[c];
                for (SessionRun& r : slot.runs) {
                  r.session.clear();
                  for (Tally& t : r.fights) t.clear();
                }
                const std::uint64_t first = s.first_trial + done + (base + c) * kChunkTrials;
                const std::uint64_t last = std::min(s.first_trial + s.trials, first + kChunkTrials);
                NullLog log;
                typename Enc::PartyState party;
                for (std::uint64_t t = first; t < last; ++t) {
                  detail::set_current_trial(static_cast<long long>(t));
                  bool first_survived = false;
                  for (std::size_t v = 0; v < n; ++v) {
                    SessionRun& run = slot.runs[v];
                    const SessionPlan<Enc>& plan = plans[v];
                    std::size_t k_enc = 0;
                    const bool survived = play_session(
                        plan, s.seed, t, party, slot.records[v], log, [&](std::size_t k, const TrialRecord& rec) {
                          while (!plan.steps[k_enc].fight) ++k_enc;
                          run.fights[k].add(rec, plan.steps[k_enc].fight->roster());
                          ++k_enc;
                          SessionTally::Fight& f = run.session.fights[k];
                          ++f.reached;
                          f.won += rec.outcome == Outcome::party_win ? 1 : 0;
                          for (std::size_t m = 0; m < n_carry; ++m) f.carry[m].add(party.in[m]);
                        });
                    ++run.session.trials;
                    run.session.survived_all += survived ? 1 : 0;
                    if (v == 0) first_survived = survived;
                    run.session.both_survived += survived && first_survived ? 1 : 0;
                    run.session.only_this += survived && !first_survived ? 1 : 0;
                    run.session.only_first += !survived && first_survived ? 1 : 0;
                  }
                }
                detail::set_current_trial(-1);
              }
            },
            tbb::simple_partitioner());
      });
      for (std::uint64_t c = 0; c < round; ++c)
        for (std::size_t v = 0; v < n; ++v) {
          result[v].session.merge(slots[c].runs[v].session);
          for (std::size_t k = 0; k < result[v].fights.size(); ++k) result[v].fights[k].merge(slots[c].runs[v].fights[k]);
        }
    }
    done = std::min(s.trials, done + chunks * kChunkTrials);
    // --precision: every variant stops together (their sessions stay paired)
    // at the first wave boundary where each one's survive-all interval is
    // narrow enough; a fixed boundary, so the same for any thread count.
    if (s.precision > 0.0 && std::all_of(result.begin(), result.end(), [&](const SessionRun& r) {
          const Interval ci = wilson(r.session.survived_all, r.session.trials);
          return (ci.high - ci.low) / 2 <= s.precision;
        }))
      break;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (SessionRun& r : result) r.seconds = seconds / static_cast<double>(n);
  return result;
}

}  // namespace encsim
