// Tallies merge exactly, and the runner gives the same bytes for any thread count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <tuple>

#include "encsim/runner.hpp"
#include "encsim/tally.hpp"
#include "io/report.hpp"
#include "rules/fivey/fivey.hpp"
#include "rules/registry.hpp"

namespace encsim {
namespace {

TEST(IntStat, MomentsAndQuantilesAreExact) {
  IntStat s;
  for (int v : {3, 1, 4, 1, 5, 9, 2, 6}) s.add(v);
  EXPECT_EQ(s.n(), 8u);
  EXPECT_EQ(s.sum(), 31);
  EXPECT_DOUBLE_EQ(s.mean(), 31.0 / 8);
  // Sample variance of {1,1,2,3,4,5,6,9}: sum of squares 173, so (173 - 31^2/8) / 7.
  EXPECT_NEAR(s.stddev(), std::sqrt((173.0 - 31.0 * 31.0 / 8.0) / 7.0), 1e-12);
  EXPECT_EQ(s.quantile(0, 1), 1);
  EXPECT_EQ(s.quantile(1, 2), 3);   // the 4th smallest
  EXPECT_EQ(s.quantile(9, 10), 9);  // rank ceil(7.2) = 8
  EXPECT_EQ(s.quantile(3, 4), 5);   // rank 6
  EXPECT_EQ(s.max(), 9);
  IntStat empty;
  EXPECT_EQ(empty.quantile(1, 2), 0);
  EXPECT_EQ(empty.mean(), 0.0);
}

TEST(IntStat, ClearKeepsCapacityAndEqualityIgnoresIt) {
  IntStat a, b;
  a.add(500);
  a.clear();
  EXPECT_EQ(a.n(), 0u);
  EXPECT_GE(a.counts().size(), 501u);
  EXPECT_EQ(a, b);
  a.add(2);
  b.add(2);
  EXPECT_EQ(a, b);
}

TEST(Wilson, KnownIntervals) {
  const Interval half = wilson(50, 100);
  EXPECT_NEAR(half.low, 0.40383, 1e-5);
  EXPECT_NEAR(half.high, 0.59617, 1e-5);
  const Interval none = wilson(0, 20);
  EXPECT_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, 0.16113, 1e-5);
  const Interval all = wilson(20, 20);
  EXPECT_NEAR(all.low, 0.83887, 1e-5);
  EXPECT_EQ(all.high, 1.0);
}

TEST(Tally, DamageIsSplitBySideAndDownsCountOnlyPcs) {
  // A PC, a hireling on the party's side (not a PC) and a foe.
  const std::vector<CombatantInfo> roster{{"Hero", true, 0}, {"Hireling", false, 0}, {"Orc", false, 1}};
  Tally t(3, 0, 0);
  TrialRecord r;
  r.reset(3);
  r.outcome = Outcome::foes_win;
  r.combatants[0].damage_taken = 4;
  r.combatants[1].damage_taken = 6;
  r.combatants[1].down = true;
  r.combatants[2].damage_taken = 5;
  t.add(r, roster);
  EXPECT_EQ(t.damage_to_party.sum(), 10);
  EXPECT_EQ(t.damage_to_foes.sum(), 5);
  EXPECT_EQ(t.pcs_down.sum(), 0);  // the hireling is not a PC
  EXPECT_EQ(t.party_wipes, 0u);
  EXPECT_EQ(t.foes_wins, 1u);
}

fivey::Encounter ambush() {
  const Scenario s = load_scenario(ENCSIM_SOURCE_DIR "/scenarios/fivey/goblin-ambush.yaml", ruleset_ids());
  return fivey::compile(s, s.variants[0]);
}

Tally one_pass(const fivey::Encounter& enc, std::uint64_t from, std::uint64_t to) {
  Tally t = make_tally(enc);
  TrialRecord rec;
  NullLog log;
  for (std::uint64_t i = from; i < to; ++i) {
    rec.reset(enc.combatant_count(), enc.features().size());
    rec.trial = i;
    enc.simulate(5, i, rec, log);
    t.add(rec, enc.roster());
  }
  return t;
}

std::string csv_of(const fivey::Encounter& enc, const Tally& t) {
  VariantResult r;
  r.scenario = "s";
  r.variant = "v";
  r.ruleset = "fivey";
  r.tally = t;
  r.combatants = enc.roster();
  r.resources = enc.resource_specs();
  r.extras = enc.extra_specs();
  const std::vector<VariantResult> rs{r};
  return to_csv(summary_table(rs)) + to_csv(combatants_table(rs)) + to_csv(distributions_table(rs));
}

TEST(Tally, MergingAnySplitInAnyOrderEqualsOnePassByteForByte) {
  const auto enc = ambush();
  const Tally whole = one_pass(enc, 0, 3000);
  // Three uneven parts, merged in two different orders.
  const Tally a = one_pass(enc, 0, 17), b = one_pass(enc, 17, 1800), c = one_pass(enc, 1800, 3000);
  Tally abc = make_tally(enc);
  abc.merge(a);
  abc.merge(b);
  abc.merge(c);
  Tally cba = make_tally(enc);
  cba.merge(c);
  cba.merge(b);
  cba.merge(a);
  EXPECT_EQ(abc, whole);
  EXPECT_EQ(cba, whole);
  EXPECT_EQ(csv_of(enc, abc), csv_of(enc, whole));
  EXPECT_EQ(csv_of(enc, cba), csv_of(enc, whole));
  // And the test can fail: one trial fewer is a different tally.
  EXPECT_NE(one_pass(enc, 0, 2999), whole);
}

// The fights worth seeing follow their definitions (docs/csv.md), checked
// against a plain sort of every fight, and any split merges to them.
TEST(Picks, FollowTheirDefinitions) {
  const auto enc = ambush();
  constexpr std::uint64_t n = 5000;
  std::vector<Picks::Fight> wins, losses;
  TrialRecord rec;
  NullLog log;
  for (std::uint64_t i = 0; i < n; ++i) {
    rec.reset(enc.combatant_count(), enc.features().size());
    enc.simulate(5, i, rec, log);
    const TrialSummary s = summarize(rec, enc.roster());
    const Picks::Fight f{i, s.pcs_down, s.damage_to_party, s.rounds};
    (s.outcome == Outcome::party_win ? wins : losses).push_back(f);
  }
  ASSERT_GT(wins.size(), 100u);
  ASSERT_GT(losses.size(), 100u);
  // Badness by the stated keys; the lowest trial first among equals.
  const auto key = [](const Picks::Fight& f) { return std::make_tuple(f.pcs_down, f.damage_to_party, -f.rounds); };
  const auto worst = [&](const std::vector<Picks::Fight>& v) {
    Picks::Fight w = v.front();
    for (const auto& f : v) if (key(f) > key(w)) w = f;
    return w.trial;
  };
  const auto best = [&](const std::vector<Picks::Fight>& v) {
    Picks::Fight b = v.front();
    for (const auto& f : v) if (key(f) < key(b)) b = f;
    return b.trial;
  };
  // The typical one: the 31 trials whose numbers hash lowest, then the middle by badness.
  const auto typical = [&](std::vector<Picks::Fight> v) {
    std::sort(v.begin(), v.end(), Picks::sampled_before);
    v.resize(Picks::kSample);
    std::stable_sort(v.begin(), v.end(), [&](const auto& a, const auto& b) {
      return key(a) != key(b) ? key(a) > key(b) : a.trial < b.trial;
    });
    return v[Picks::kSample / 2].trial;
  };
  const Tally whole = one_pass(enc, 0, n);
  const Picks& p = whole.picks;
  EXPECT_EQ(p.pick(Picks::worst_loss), worst(losses));
  EXPECT_EQ(p.pick(Picks::narrow_win), worst(wins));
  EXPECT_EQ(p.pick(Picks::best_win), best(wins));
  EXPECT_EQ(p.pick(Picks::typical_loss), typical(losses));
  EXPECT_EQ(p.pick(Picks::typical_win), typical(wins));
  // Any split, any order: the same picks (Tally's equality includes them).
  Tally split = make_tally(enc);
  split.merge(one_pass(enc, 3000, n));
  split.merge(one_pass(enc, 0, 3000));
  EXPECT_EQ(split.picks, p);
  // A run with no loss has no loss to show.
  Picks none;
  none.add({7, 0, 1, 3}, true);
  EXPECT_EQ(none.pick(Picks::worst_loss), Picks::kNone);
  EXPECT_EQ(none.pick(Picks::typical_loss), Picks::kNone);
  EXPECT_EQ(none.pick(Picks::best_win), 7u);
  EXPECT_EQ(none.pick(Picks::typical_win), 7u);
}

TEST(Runner, SameResultsForAnyThreadCountAndEqualToOnePass) {
  const auto enc = ambush();
  RunSettings s;
  s.trials = 70'001;  // more than one wave, and a ragged last chunk
  s.seed = 5;
  s.threads = 1;
  const Tally t1 = run_trials(enc, s).tally;
  s.threads = 2;
  const Tally t2 = run_trials(enc, s).tally;
  s.threads = 8;
  const Tally t8 = run_trials(enc, s).tally;
  EXPECT_EQ(t1.trials, 70'001u);
  EXPECT_EQ(t1, t2);
  EXPECT_EQ(t1, t8);
  EXPECT_EQ(t1, one_pass(enc, 0, 70'001));
}

TEST(Runner, PrecisionStopsAtTheSameWaveForAnyThreadCount) {
  const auto enc = ambush();
  RunSettings s;
  s.trials = 10'000'000;
  s.precision = 0.004;
  s.threads = 1;
  const RunResult r1 = run_trials(enc, s);
  s.threads = 2;
  const RunResult r2 = run_trials(enc, s);
  EXPECT_TRUE(r1.precision_reached);
  EXPECT_EQ(r1.tally, r2.tally);
  EXPECT_LE(win_half_width(r1.tally), 0.004);
  EXPECT_EQ(r1.tally.trials % (kChunkTrials * kWaveChunks), 0u);  // stopped at a wave boundary
  EXPECT_LT(r1.tally.trials, s.trials);
}

TEST(Runner, VariantsMeetTheSameDice) {
  // Common random numbers: an option that never comes into play in this fight
  // (no shields) leaves every trial identical.
  const Scenario s = load_scenario_text(R"(ruleset: fivey
party: [{name: A, weapon: bow, hp: 9}]
foes: [{name: B, hp: 12, damage: d6}]
variants:
  - name: shields
    set: {options.shield_policy: first_hit}
)", "crn.yaml", ruleset_ids());
  RunSettings rs;
  rs.trials = 5000;
  const Tally base = run_trials(fivey::compile(s, s.variants[0]), rs).tally;
  const Tally other = run_trials(fivey::compile(s, s.variants[1]), rs).tally;
  EXPECT_EQ(base, other);
}

}  // namespace
}  // namespace encsim
