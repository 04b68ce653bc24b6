// Balance tools: paired statistics, the joint runner, the tune search, and
// `sweep`, `tune` and `sensitivity` end to end (points equal separate runs,
// known answers, a knob with no effect, errors that write nothing).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

#include "cli/balance.hpp"
#include "encsim/paired.hpp"
#include "encsim/rng.hpp"
#include "encsim/runner.hpp"
#include "rules/registry.hpp"
#include "run_encsim.hpp"

namespace encsim {
namespace {

namespace fs = std::filesystem;
using testing::encsim;
using testing::fresh_dir;
using testing::slurp;

const std::string kSource = ENCSIM_SOURCE_DIR;

// --- CSV helpers (encsim's CSVs here have no quoted fields) -------------------

using Rows = std::vector<std::vector<std::string>>;

Rows parse_csv(const std::string& text) {
  Rows rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> row;
    std::size_t start = 0;
    while (true) {
      const std::size_t comma = line.find(',', start);
      row.push_back(line.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::size_t column(const Rows& rows, const std::string& name) {
  const auto& h = rows.at(0);
  const auto it = std::find(h.begin(), h.end(), name);
  EXPECT_NE(it, h.end()) << "no column " << name;
  return static_cast<std::size_t>(it - h.begin());
}

// The CSV without the named columns.
std::string drop_columns(const std::string& text, const std::vector<std::string>& names) {
  Rows rows = parse_csv(text);
  std::vector<std::size_t> drop;
  for (const auto& n : names) drop.push_back(column(rows, n));
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (std::find(drop.begin(), drop.end(), i) != drop.end()) continue;
      line += (line.empty() ? "" : ",") + row[i];
    }
    out += line + "\n";
  }
  return out;
}

// The data rows of a CSV (no header), as one string.
std::string body(const std::string& text) { return text.substr(text.find('\n') + 1); }

// --- paired statistics --------------------------------------------------------

TrialSummary summary(bool win, int rounds, int down, std::int64_t damage) {
  TrialSummary s;
  s.outcome = win ? Outcome::party_win : Outcome::foes_win;
  s.rounds = rounds;
  s.pcs_down = down;
  s.pc_deaths = down;
  s.damage_to_party = damage;
  return s;
}

TEST(Paired, DifferencesAndTheirIntervalByHand) {
  PairedTally p;
  // Differences of rounds: +1, +1, -1, +3 => mean 1, sample variance 8/3.
  p.add(summary(true, 2, 0, 5), summary(true, 3, 1, 9));
  p.add(summary(true, 2, 0, 5), summary(false, 3, 1, 9));
  p.add(summary(false, 4, 0, 5), summary(false, 3, 0, 2));
  p.add(summary(false, 1, 0, 5), summary(true, 4, 0, 5));
  EXPECT_EQ(p.n, 4u);
  EXPECT_EQ(p.wins[1][1], 1u);
  EXPECT_EQ(p.wins[1][0], 1u);
  EXPECT_EQ(p.wins[0][1], 1u);
  EXPECT_EQ(p.wins[0][0], 1u);
  EXPECT_DOUBLE_EQ(p.win_difference(), 0.0);
  EXPECT_DOUBLE_EQ(p.rounds.mean(), 1.0);
  const Interval ci = p.rounds.ci();
  const double half = 1.959963984540054 * std::sqrt(8.0 / 3.0 / 4.0);
  EXPECT_NEAR(ci.low, 1.0 - half, 1e-12);
  EXPECT_NEAR(ci.high, 1.0 + half, 1e-12);
  EXPECT_DOUBLE_EQ(p.damage_to_party.mean(), 1.25);  // +4 +4 -3 0
}

TEST(Paired, MergingHalvesEqualsOnePass) {
  Rng rng(5);
  PairedTally whole, a, b;
  for (int i = 0; i < 1000; ++i) {
    const TrialSummary x = summary(rng.die(2) == 1, rng.die(6), rng.die(4) - 1, rng.die(30));
    const TrialSummary y = summary(rng.die(3) == 1, rng.die(6), rng.die(4) - 1, rng.die(30));
    whole.add(x, y);
    (i % 3 == 0 ? a : b).add(x, y);
  }
  a.merge(b);
  EXPECT_EQ(a, whole);
}

TEST(Paired, AgreeingOutcomesGiveANarrowIntervalAroundZero) {
  PairedTally p;
  for (int i = 0; i < 10000; ++i) p.add(summary(i % 3 != 0, 2, 0, 1), summary(i % 3 != 0, 2, 0, 1));
  const Interval ci = p.win_difference_ci();
  EXPECT_DOUBLE_EQ(p.win_difference(), 0.0);
  EXPECT_LE(ci.low, 0.0);
  EXPECT_GE(ci.high, 0.0);
  EXPECT_LT(ci.high - ci.low, 0.002);
  EXPECT_DOUBLE_EQ(p.rounds.ci().low, 0.0);
}

// Newcombe's interval holds the true difference about 95% of the time for
// correlated pairs like those of common random numbers.
TEST(Paired, NewcombeIntervalCoversTheTrueDifference) {
  // Pairs: the second wins whenever the first does, plus 15% of the others.
  // P(first) = 0.6, P(second) = 0.6 + 0.4 * 0.15 = 0.66.
  const double truth = 0.4 * 0.15;
  int covered = 0;
  const int reps = 2000;
  for (int r = 0; r < reps; ++r) {
    Rng rng = Rng::for_trial(77, static_cast<std::uint64_t>(r), Stream::dice);
    PairedTally p;
    for (int i = 0; i < 200; ++i) {
      const bool first = rng.below(100) < 60;
      const bool second = first || rng.below(100) < 15;
      p.add(summary(first, 1, 0, 0), summary(second, 1, 0, 0));
    }
    const Interval ci = p.win_difference_ci();
    covered += (ci.low <= truth && truth <= ci.high) ? 1 : 0;
  }
  const double coverage = static_cast<double>(covered) / reps;
  // 4 standard errors of a 95% coverage over 2000 repetitions: +-0.02.
  EXPECT_NEAR(coverage, 0.95, 0.02);
}

// --- the joint runner -----------------------------------------------------------

std::vector<fivey::Encounter> troll_bridge_variants() {
  const Scenario s = load_scenario(kSource + "/scenarios/fivey/troll-bridge.yaml", ruleset_ids());
  std::vector<fivey::Encounter> out;
  for (const Variant& v : s.variants) out.push_back(fivey::compile(s, v));
  return out;
}

TEST(JointRunner, EachEncounterGetsExactlyItsOwnRunAtAnyThreadCount) {
  const auto encs = troll_bridge_variants();
  ASSERT_EQ(encs.size(), 3u);
  RunSettings s;
  s.trials = 5000;  // not a multiple of the chunk size
  s.seed = 11;
  std::vector<Tally> alone;
  for (const auto& e : encs) alone.push_back(run_trials(e, s).tally);
  std::vector<PairedTally> first;
  for (int threads : {1, 2, 8}) {
    s.threads = threads;
    const JointResult j = run_joint<fivey::Encounter>({&encs[0], &encs[1], &encs[2]}, {{0, 1}, {0, 2}, {2, 1}}, s);
    for (std::size_t i = 0; i < encs.size(); ++i) EXPECT_EQ(j.runs[i].tally, alone[i]) << i << " at " << threads;
    if (first.empty()) first = j.paired;
    EXPECT_EQ(j.paired, first) << threads << " threads";
  }
  // The pairs, trial by trial by hand.
  std::vector<PairedTally> hand(3);
  for (std::uint64_t t = 0; t < s.trials; ++t) {
    std::vector<TrialSummary> sum;
    for (const auto& e : encs) {
      TrialRecord r;
      r.reset(e.combatant_count(), e.features().size());
      NullLog log;
      e.simulate(s.seed, t, r, log);
      sum.push_back(summarize(r, e.roster()));
    }
    hand[0].add(sum[0], sum[1]);
    hand[1].add(sum[0], sum[2]);
    hand[2].add(sum[2], sum[1]);
  }
  EXPECT_EQ(first, hand);
  EXPECT_EQ(first[0].first_win_rate(), static_cast<double>(alone[0].party_wins) / 5000.0);
  EXPECT_EQ(first[0].second_win_rate(), static_cast<double>(alone[1].party_wins) / 5000.0);
}

TEST(JointRunner, WithPrecisionEachStopsWhereItWouldAlone) {
  const auto encs = troll_bridge_variants();
  RunSettings s;
  s.trials = 1'000'000;
  s.precision = 0.006;
  const JointResult j = run_joint<fivey::Encounter>({&encs[0], &encs[1], &encs[2]}, {{0, 1}, {0, 2}}, s);
  std::uint64_t fewest = s.trials;
  for (std::size_t i = 0; i < encs.size(); ++i) {
    const RunResult alone = run_trials(encs[i], s);
    EXPECT_EQ(j.runs[i].tally, alone.tally) << i;
    EXPECT_TRUE(j.runs[i].precision_reached);
    fewest = std::min(fewest, alone.tally.trials);
  }
  EXPECT_EQ(j.paired[0].n, std::min(j.runs[0].tally.trials, j.runs[1].tally.trials));
  EXPECT_GE(j.paired[1].n, fewest);
}

// --- swinginess ---------------------------------------------------------------------

TEST(Swing, WinsWithAPcDownAreCountedAndMerged) {
  const std::vector<CombatantInfo> roster{{"A", true, 0}, {"B", true, 0}, {"C", false, 1}};
  Tally t(3, 0, 0), half(3, 0, 0);
  TrialRecord r;
  auto fight = [&](Outcome o, bool a_down, int damage) {
    r.reset(3);
    r.outcome = o;
    r.combatants[0].down = a_down;
    r.combatants[0].damage_taken = damage;
    t.add(r, roster);
  };
  fight(Outcome::party_win, true, 4);   // a costly win
  fight(Outcome::party_win, false, 1);  // a clean win
  fight(Outcome::foes_win, true, 9);    // a loss with a PC down: not a win
  EXPECT_EQ(t.wins_with_pc_down, 1u);
  EXPECT_EQ(t.damage_to_party.quantile(1, 10), 1);
  EXPECT_EQ(t.damage_to_party.quantile(9, 10), 9);
  half.merge(t);
  half.merge(t);
  EXPECT_EQ(half.wins_with_pc_down, 2u);
}

// --- tune_search on a response known exactly ----------------------------------

// wins = round(trials * f(value)): a noiseless response, so the answer is exact.
std::function<std::uint64_t(double, std::uint64_t)> noiseless(std::function<double(double)> f) {
  return [f](double v, std::uint64_t trials) {
    return static_cast<std::uint64_t>(std::llround(static_cast<double>(trials) * f(v)));
  };
}

TEST(TuneSearch, FindsTheClosestValueOfAMonotoneResponse) {
  // Falling: 1 - v/100. Target 0.333: 67 gives 0.33 (0.003 away), 66 gives 0.34.
  const auto o = cli::tune_search(0, 1, 100, 0.333, 100000, noiseless([](double v) { return 1 - v / 100; }));
  EXPECT_EQ(o.status, cli::TuneOutcome::Status::found);
  EXPECT_EQ(o.direction, -1);
  EXPECT_EQ(o.trace[o.answer].value, 67);
  EXPECT_EQ(o.trace[o.answer].trials, 100000u);
  ASSERT_EQ(o.neighbours.size(), 2u);
  EXPECT_EQ(o.trace[o.neighbours[0]].value, 66);
  EXPECT_EQ(o.trace[o.neighbours[1]].value, 68);
  EXPECT_TRUE(o.monotone);
  // Bisection: a handful of evaluations, not a hundred.
  EXPECT_LE(o.trace.size(), 24u);
  // Near the answer the trials were raised.
  bool raised = false;
  for (const auto& e : o.trace) raised = raised || (e.role == "bisection, more trials");
  EXPECT_TRUE(raised);
}

TEST(TuneSearch, WalksToACloserNeighbourFoundWithEveryTrial) {
  // The rough evaluations overstate the rate by 0.03, so bisection settles
  // three steps off; the full-trial evaluations put it right.
  const std::uint64_t full = 100000;
  auto evaluate = [&](double v, std::uint64_t trials) {
    const double f = 1 - v / 100 + (trials < full ? 0.03 : 0.0);
    return static_cast<std::uint64_t>(std::llround(static_cast<double>(trials) * f));
  };
  const auto o = cli::tune_search(0, 1, 100, 0.333, full, evaluate);
  EXPECT_EQ(o.trace[o.answer].value, 67);
  EXPECT_EQ(o.trace[o.answer].role, "answer");
  int neighbours = 0;
  for (const auto& e : o.trace) neighbours += e.role == "neighbour" ? 1 : 0;
  EXPECT_EQ(neighbours, 2);
}

TEST(TuneSearch, WorksOnARealGrid) {
  // Rising: v^2 on [0, 1] in steps of 0.01; target 0.5 => 0.71 (0.5041).
  const auto o = cli::tune_search(0, 0.01, 100, 0.5, 1'000'000, noiseless([](double v) { return v * v; }));
  EXPECT_EQ(o.direction, 1);
  EXPECT_NEAR(o.trace[o.answer].value, 0.71, 1e-9);
}

TEST(TuneSearch, SaysWhenTheTargetIsOutOfRangeOrTheResponseFlat) {
  const auto high = cli::tune_search(10, 1, 20, 0.9, 50000, noiseless([](double v) { return v / 100; }));
  EXPECT_EQ(high.status, cli::TuneOutcome::Status::target_above_range);
  EXPECT_EQ(high.trace[high.answer].value, 30);
  const auto low = cli::tune_search(10, 1, 20, 0.05, 50000, noiseless([](double v) { return v / 100; }));
  EXPECT_EQ(low.status, cli::TuneOutcome::Status::target_below_range);
  EXPECT_EQ(low.trace[low.answer].value, 10);
  const auto flat = cli::tune_search(10, 1, 20, 0.5, 50000, noiseless([](double) { return 0.3; }));
  EXPECT_EQ(flat.status, cli::TuneOutcome::Status::flat);
}

TEST(TuneSearch, FindsATargetReachedOnlyInsideTheRange) {
  // A hump: 0.25 at both ends, 0.5 at 50. The ends alone would call 0.45 out
  // of reach; the scan finds it (at 40 or 60) and says the response is not monotone.
  const auto o = cli::tune_search(0, 1, 100, 0.45, 200000,
                                  noiseless([](double v) { return 0.5 - std::abs(v - 50) / 200; }));
  EXPECT_EQ(o.status, cli::TuneOutcome::Status::found);
  EXPECT_EQ(o.trace[o.answer].value, 40);
  EXPECT_FALSE(o.monotone);
}

TEST(TuneSearch, NoticesAResponseThatIsNotMonotone) {
  // Rising, except a spike at the first midpoint the bisection looks at.
  const auto o = cli::tune_search(0, 1, 100, 0.5, 50000,
                                  noiseless([](double v) { return v == 50 ? 0.97 : 0.05 + 0.9 * v / 100; }));
  EXPECT_FALSE(o.monotone);
  EXPECT_NE(o.monotone_note.find("at 50"), std::string::npos) << o.monotone_note;
}

// --- the commands end to end ------------------------------------------------------

// Copies scenarios/fivey into `dir` and writes `name` there: troll-bridge with
// the troll's defense and regeneration written in.
fs::path troll_bridge_with(const fs::path& dir, const std::string& name, int defense, int regenerate) {
  for (const char* f : {"monsters.yaml", "party.yaml"})
    fs::copy_file(kSource + "/scenarios/fivey/" + f, dir / f, fs::copy_options::overwrite_existing);
  std::string text = slurp(kSource + "/scenarios/fivey/troll-bridge.yaml");
  const std::string troll = "  - use: Troll\n";
  const auto at = text.find(troll);
  EXPECT_NE(at, std::string::npos);
  text.insert(at + troll.size(), "    defense: " + std::to_string(defense) + "\n    regenerate: " +
                                     std::to_string(regenerate) + "\n");
  std::ofstream(dir / name) << text;
  return dir / name;
}

const char* const kReportCsvs[] = {"summary.csv", "combatants.csv", "features.csv", "distributions.csv", "comparison.csv"};

TEST(Sweep, EveryPointEqualsASeparateRunByteForByte) {
  const fs::path dir = fresh_dir("sweep-equals-run");
  const fs::path scenario = troll_bridge_with(dir, "troll.yaml", 14, 3);
  const std::string common = " -n 3000 --seed 5 ";
  const auto sweep = encsim("sweep " + scenario.string() + common +
                            "--set foes.Troll.defense=13..14 --set foes.Troll.regenerate=2..3 -o " + (dir / "sweep").string());
  ASSERT_EQ(sweep.code, 0) << sweep.out;
  std::map<std::string, std::string> joined;  // the separate runs' rows, file by file
  for (int defense : {13, 14})
    for (int regenerate : {2, 3}) {
      const std::string point = std::to_string(defense) + "-" + std::to_string(regenerate);
      const fs::path file = troll_bridge_with(dir, "point.yaml", defense, regenerate);
      // A sweep point has no band (docs/csv.md): the run skips it too.
      const auto run = encsim("run " + file.string() + common + "--no-band -o " + (dir / point).string());
      ASSERT_EQ(run.code, 0) << run.out;
      for (const char* f : kReportCsvs) {
        const std::string text = slurp(dir / point / f);
        if (joined[f].empty()) joined[f] = text.substr(0, text.find('\n') + 1);
        joined[f] += body(text);
      }
    }
  for (const char* f : kReportCsvs) {
    const std::string swept = slurp(dir / "sweep" / f);
    // The sweep adds the swept values as columns; without them, the bytes are the runs'.
    EXPECT_EQ(drop_columns(swept, {"foes.Troll.defense", "foes.Troll.regenerate"}), joined[f]) << f;
  }
  // The key columns say which point a row is.
  const Rows summary = parse_csv(slurp(dir / "sweep" / "summary.csv"));
  ASSERT_EQ(summary.size(), 1u + 4 * 3);  // header, 4 points x 3 variants
  EXPECT_EQ(summary[0][3], "foes.Troll.defense");
  EXPECT_EQ(summary[0][4], "foes.Troll.regenerate");
  EXPECT_EQ(summary[1][3], "13");
  EXPECT_EQ(summary[1][4], "2");
  EXPECT_EQ(summary[12][3], "14");
  EXPECT_EQ(summary[12][4], "3");
  EXPECT_NE(sweep.out.find("foes.Troll.defense down, foes.Troll.regenerate across"), std::string::npos) << sweep.out;
  // The variant that sets the regeneration itself keeps its own value, as the runs do.
  EXPECT_NE(sweep.out.find("note: variant 'no regeneration' sets foes.Troll.regenerate itself"), std::string::npos)
      << sweep.out;
  fs::remove_all(dir);
}

// `run --set` is the run of the edited file (docs/balance.md): the same bytes
// but for the set values' own columns, band included; `replay --set` narrates
// the edited file's fight.
TEST(RunSet, EqualsARunOfTheEditedFileByteForByte) {
  const fs::path dir = fresh_dir("run-set");
  const fs::path written = troll_bridge_with(dir, "troll.yaml", 14, 3);
  const std::string common = " -n 3000 --seed 5 --variant base ";
  const auto set = encsim("run " + written.string() + common +
                          "--set foes.Troll.defense=13 --set foes.Troll.regenerate=2 -o " + (dir / "set").string());
  ASSERT_EQ(set.code, 0) << set.out;
  EXPECT_NE(set.out.find("Set on the command line: foes.Troll.defense = 13, foes.Troll.regenerate = 2"),
            std::string::npos)
      << set.out;
  const fs::path edited = troll_bridge_with(dir, "edited.yaml", 13, 2);
  const auto run = encsim("run " + edited.string() + common + "-o " + (dir / "edited").string());
  ASSERT_EQ(run.code, 0) << run.out;
  for (const char* f : kReportCsvs)
    EXPECT_EQ(drop_columns(slurp(dir / "set" / f), {"foes.Troll.defense", "foes.Troll.regenerate"}),
              slurp(dir / "edited" / f))
        << f;
  const Rows summary = parse_csv(slurp(dir / "set" / "summary.csv"));
  EXPECT_EQ(summary[1][column(summary, "foes.Troll.defense")], "13");
  // And it is not the file as written: the troll's defense matters.
  EXPECT_NE(slurp(dir / "set" / "summary.csv"), slurp(dir / "edited" / "summary.csv"));
  const auto as_written = encsim("run " + written.string() + common + "-o " + (dir / "written").string());
  ASSERT_EQ(as_written.code, 0) << as_written.out;
  EXPECT_NE(body(slurp(dir / "written" / "summary.csv")), body(slurp(dir / "edited" / "summary.csv")));

  const auto replay_set = encsim("replay " + written.string() + " --trial 7 --set foes.Troll.defense=13 --set foes.Troll.regenerate=2");
  const auto replay_edited = encsim("replay " + edited.string() + " --trial 7");
  ASSERT_EQ(replay_set.code, 0) << replay_set.out;
  ASSERT_EQ(replay_edited.code, 0) << replay_edited.out;
  const auto first_line = [](const std::string& t) { return t.substr(0, t.find('\n')); };
  const auto rest = [](const std::string& t) { return t.substr(t.find('\n')); };
  EXPECT_NE(first_line(replay_set.out).find(", foes.Troll.defense = 13, foes.Troll.regenerate = 2"), std::string::npos)
      << replay_set.out;
  EXPECT_EQ(rest(replay_set.out), rest(replay_edited.out));
  fs::remove_all(dir);
}

// `replay --pick` narrates the fight `run` names in summary.csv, at any thread count.
TEST(ReplayPick, NarratesTheFightTheRunNames) {
  const fs::path dir = fresh_dir("replay-pick");
  const std::string file = kSource + "/scenarios/fivey/goblin-ambush.yaml";
  const auto run = encsim("run " + file + " -n 20000 --no-band --variant base -o " + (dir / "out").string());
  ASSERT_EQ(run.code, 0) << run.out;
  const Rows summary = parse_csv(slurp(dir / "out" / "summary.csv"));
  for (const char* kind : {"worst-loss", "typical-loss", "typical-win", "narrow-win", "best-win"}) {
    std::string column = std::string("fight_") + kind;
    std::replace(column.begin(), column.end(), '-', '_');
    const std::string trial = summary[1][encsim::column(summary, column)];
    ASSERT_FALSE(trial.empty()) << kind;
    for (const char* threads : {"1", "2"}) {
      const auto pick = encsim("replay " + file + " -n 20000 --threads " + threads + " --pick " + kind);
      ASSERT_EQ(pick.code, 0) << pick.out;
      const auto direct = encsim("replay " + file + " --trial " + trial);
      const std::string first = pick.out.substr(0, pick.out.find('\n'));
      EXPECT_NE(first.find(", trial " + trial + " (the "), std::string::npos) << kind << ": " << first;
      EXPECT_EQ(pick.out.substr(pick.out.find('\n')), direct.out.substr(direct.out.find('\n'))) << kind;
    }
  }
  const auto foes = encsim("replay " + file + " --outcome foes");
  ASSERT_EQ(foes.code, 0) << foes.out;
  EXPECT_NE(foes.out.find("(the first that ends in the foes win)"), std::string::npos) << foes.out;
  EXPECT_NE(foes.out.find("Result: the foes win"), std::string::npos) << foes.out;
  fs::remove_all(dir);
}

TEST(Sweep, OutputDoesNotDependOnTheThreadCount) {
  const fs::path dir = fresh_dir("sweep-threads");
  const std::string base = "sweep " + kSource + "/scenarios/fivey/goblin-ambush.yaml --set foes.Hobgoblin.count=1..3 -n 2500";
  for (int threads : {1, 2}) {
    const auto r = encsim(base + " --threads " + std::to_string(threads) + " -o " + (dir / std::to_string(threads)).string());
    ASSERT_EQ(r.code, 0) << r.out;
  }
  for (const char* f : kReportCsvs) EXPECT_EQ(slurp(dir / "1" / f), slurp(dir / "2" / f)) << f;
  // --format csv prints the summary rows.
  const auto csv = encsim(base + " --format csv");
  EXPECT_EQ(csv.code, 0);
  EXPECT_EQ(csv.out, slurp(dir / "1" / "summary.csv"));
  fs::remove_all(dir);
}

// One bow attacker (two attacks a round, bonus +2, no natural-20 extras)
// against a foe that any hit fells, for one round: the party wins unless both
// attacks miss, so P(win) = 1 - (1 - p)^2 with p = (23 - defense) / 20.
const char* const kOneRound =
    "ruleset: fivey\nmax_rounds: 1\nseed: 3\n"
    "options: {natural_20_inspiration: false, morale: false}\n"
    "party:\n  - {name: A, level: 0, dexterity: 2, charisma: 1, proficient: false, weapon: bow, hp: 1000}\n"
    "foes:\n  - {name: B, defense: 14, hp: 1, damage: 1, ranged: true}\n"
    "variants:\n  - {name: tough, set: {foes.B.defense: 18}}\n";

double exact_win(int defense) {
  const double p = std::clamp((23.0 - defense) / 20.0, 0.0, 1.0);
  return 1 - (1 - p) * (1 - p);
}

// A percentage is the fraction over 100, for --target-win and --precision alike.
TEST(Tune, TakesTheTargetAsAPercentage) {
  const fs::path dir = fresh_dir("tune-percent");
  std::ofstream(dir / "one.yaml") << kOneRound;
  const std::string tune = "tune " + (dir / "one.yaml").string() + " --param foes.B.defense --lo 5 --hi 25 -n 4000 ";
  const auto fraction = encsim(tune + "--target-win 0.6");
  const auto percent = encsim(tune + "--target-win 60%");
  ASSERT_EQ(fraction.code, 0) << fraction.out;
  EXPECT_EQ(percent.out, fraction.out);
  const std::string run = "run " + (dir / "one.yaml").string() + " --format csv --precision ";
  const auto p1 = encsim(run + "0.02"), p2 = encsim(run + "2%");
  ASSERT_EQ(p1.code, 0) << p1.out;
  EXPECT_EQ(p2.out, p1.out);
  fs::remove_all(dir);
}

TEST(Tune, FindsTheExactAnswerOfAOneRoundFight) {
  const fs::path dir = fresh_dir("tune");
  std::ofstream(dir / "one.yaml") << kOneRound;
  // The exact answer: the defense whose win rate is closest to 60%.
  int best = 5;
  for (int d = 5; d <= 25; ++d)
    if (std::abs(exact_win(d) - 0.6) < std::abs(exact_win(best) - 0.6)) best = d;
  ASSERT_EQ(best, 16);  // 57.75%, against 64% at 15
  const auto r = encsim("tune " + (dir / "one.yaml").string() +
                        " --param foes.B.defense --lo 5 --hi 25 --target-win 0.6 -n 40000 -o " + (dir / "out").string());
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("answer: foes.B.defense = 16: the party wins 57."), std::string::npos) << r.out;
  const Rows trace = parse_csv(slurp(dir / "out" / "tune.csv"));
  const std::size_t role = column(trace, "role"), value = column(trace, "value"), rate = column(trace, "party_win_rate"),
                    trials = column(trace, "trials");
  int answers = 0;
  for (std::size_t i = 1; i < trace.size(); ++i) {
    const int d = std::stoi(trace[i][value]);
    const double n = std::stod(trace[i][trials]);
    const double p = exact_win(d);
    // Every evaluation agrees with the exact rate within 4 standard errors.
    EXPECT_NEAR(std::stod(trace[i][rate]), p, 4 * std::sqrt(p * (1 - p) / n) + 1e-9) << "defense " << d;
    if (trace[i][role] == "answer") {
      ++answers;
      EXPECT_EQ(d, 16);
      EXPECT_EQ(trace[i][trials], "40000");
    }
  }
  EXPECT_EQ(answers, 1);
  // The answer and its neighbours are the summary rows.
  const Rows summary = parse_csv(slurp(dir / "out" / "summary.csv"));
  ASSERT_EQ(summary.size(), 4u);
  EXPECT_EQ(summary[1][column(summary, "foes.B.defense")], "15");
  EXPECT_EQ(summary[2][column(summary, "foes.B.defense")], "16");
  EXPECT_EQ(summary[3][column(summary, "foes.B.defense")], "17");
  fs::remove_all(dir);
}

TEST(Tune, SaysWhenTheTargetIsOutsideTheRange) {
  const fs::path dir = fresh_dir("tune-range");
  std::ofstream(dir / "one.yaml") << kOneRound;
  const auto r = encsim("tune " + (dir / "one.yaml").string() + " --param foes.B.defense --lo 5 --hi 10 --target-win 0.6 -n 8000");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("The target 60.0% is below every win rate found in the range; the closest is foes.B.defense = 10"),
            std::string::npos)
      << r.out;
  // Default range: half to twice the written value (7..28 for 14).
  const auto d = encsim("tune " + (dir / "one.yaml").string() + " --param foes.B.defense --target-win 0.6 -n 8000");
  EXPECT_EQ(d.code, 0) << d.out;
  EXPECT_NE(d.out.find("in 7..28 (step 1)"), std::string::npos) << d.out;
  fs::remove_all(dir);
}

TEST(Sensitivity, RanksTheKnobsAndPutsOneWithNoEffectLast) {
  const fs::path dir = fresh_dir("sensitivity");
  std::ofstream(dir / "one.yaml") << kOneRound;
  // charisma plays no part in a bow attack: its probes fight identical fights.
  const auto r = encsim("sensitivity " + (dir / "one.yaml").string() +
                        " --params party.A.charisma,foes.B.defense,party.A.dexterity:2 -n 20000 -o " + (dir / "out").string());
  ASSERT_EQ(r.code, 0) << r.out;
  const Rows t = parse_csv(slurp(dir / "out" / "sensitivity.csv"));
  ASSERT_EQ(t.size(), 4u);
  const std::size_t param = column(t, "param"), effect = column(t, "win_change_per_step"),
                    low = column(t, "win_change_ci_low"), high = column(t, "win_change_ci_high");
  EXPECT_EQ(t[1][param], "party.A.dexterity");  // two steps of +1 each
  EXPECT_EQ(t[2][param], "foes.B.defense");
  EXPECT_EQ(t[3][param], "party.A.charisma");
  EXPECT_EQ(t[3][effect], "0.000000");
  EXPECT_LE(std::stod(t[3][low]), 0.0);
  EXPECT_GE(std::stod(t[3][high]), 0.0);
  // One step of defense at 14: exact change (win(15) - win(13)) / 2.
  const double exact = (exact_win(15) - exact_win(13)) / 2;
  EXPECT_LT(std::stod(t[2][low]), exact);
  EXPECT_GT(std::stod(t[2][high]), exact);
  // The probes' own rows, keyed by the value they changed.
  const Rows summary = parse_csv(slurp(dir / "out" / "summary.csv"));
  EXPECT_EQ(summary.size(), 1u + 1 + 3 * 2);
  fs::remove_all(dir);
}

TEST(Sensitivity, AProbeTheRuleSystemRejectsMakesItOneSided) {
  const fs::path dir = fresh_dir("sensitivity-edge");
  std::ofstream(dir / "one.yaml") << kOneRound;  // B has hp 1: hp 0 is not a combatant
  const auto r = encsim("sensitivity " + (dir / "one.yaml").string() + " --params foes.B.hp -n 3000");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("(one-sided: foes.B.hp = 0 is not allowed)"), std::string::npos) << r.out;
  fs::remove_all(dir);
}

// docs/csv.md names every column the commands write (the swept paths aside).
TEST(BalanceDocs, CsvReferenceNamesEveryColumn) {
  const fs::path dir = fresh_dir("docs-columns");
  std::ofstream(dir / "one.yaml") << kOneRound;
  const std::string file = (dir / "one.yaml").string();
  ASSERT_EQ(encsim("sweep " + file + " --set foes.B.hp=1..2 -n 500 -o " + (dir / "sweep").string()).code, 0);
  ASSERT_EQ(encsim("tune " + file + " --param foes.B.defense -n 500 --target-win 0.5 -o " + (dir / "tune").string()).code, 0);
  ASSERT_EQ(encsim("sensitivity " + file + " --params foes.B.defense -n 500 -o " + (dir / "sens").string()).code, 0);
  const std::string doc = slurp(kSource + "/docs/csv.md");
  int checked = 0;
  for (const auto& f : {"sweep/summary.csv", "sweep/combatants.csv", "sweep/features.csv", "sweep/distributions.csv", "sweep/comparison.csv",
                        "tune/tune.csv", "sens/sensitivity.csv"}) {
    const Rows rows = parse_csv(slurp(dir / f));
    ASSERT_FALSE(rows.empty()) << f;
    for (const std::string& c : rows[0]) {
      if (c.find('.') != std::string::npos) continue;  // a swept path
      ++checked;
      EXPECT_TRUE(std::regex_search(doc, std::regex("[ |`,]" + c + "[ |`,]"))) << c << " (" << f << ") is not in docs/csv.md";
    }
  }
  EXPECT_GT(checked, 80);
  fs::remove_all(dir);
}

struct BadInput {
  std::string args;
  std::string message;
};

class BalanceBadInput : public ::testing::TestWithParam<BadInput> {};

TEST_P(BalanceBadInput, ExitsTwoWithTheReasonAndWritesNothing) {
  const fs::path dir = fresh_dir("bad");
  std::ofstream(dir / "one.yaml") << kOneRound;
  std::string args = GetParam().args;
  args.replace(args.find("FILE"), 4, (dir / "one.yaml").string());
  const auto r = encsim(args + " -n 100 -o " + (dir / "out").string());
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find(GetParam().message), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dir / "out"));
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(
    Errors, BalanceBadInput,
    ::testing::Values(
        BadInput{"sweep FILE --set foes.C.hp=1..3", "command line:1:7: error: no combatant 'C' in foes"},
        BadInput{"sweep FILE --set foes.B.defence=10..12",
                 "command line:1:7: error: unknown key 'defence' in combatant 'B' (did you mean 'defense'?)"},
        BadInput{"sweep FILE --set optoins.morale=0..1", "unknown path step 'optoins' (did you mean 'options'?)"},
        BadInput{"sweep FILE --set foes.B.defense=12..10", "the range runs backwards (12 > 10); write 10..12"},
        BadInput{"sweep FILE --set foes.B.defense=10..12:0", "the step must be positive"},
        BadInput{"sweep FILE --set foes.B.defense=10..x", "expected a number for TO, got 'x'"},
        BadInput{"sweep FILE --set foes.B.defense=10.5..12", "is a whole number in the scenario (14)"},
        BadInput{"sweep FILE --set foes.B.defense", "expected PATH=FROM..TO[:STEP]"},
        BadInput{"sweep FILE --set foes.B.hp=0..2", "hp must be between 1 and 1000000, got 0 (with foes.B.hp = 0)"},
        BadInput{"sweep FILE --set foes.B=1..2", "'foes.B' is a map in the scenario, not a number"},
        BadInput{"sweep FILE --set foes.B.hp=1..2 --set foes.B.hp=1..2", "'foes.B.hp' is swept twice"},
        BadInput{"sweep FILE --set foes.B.hp=1..200000", "more than 10000 points"},
        BadInput{"tune FILE --param foes.B.defnse --target-win 0.5",
                 "'foes.B.defnse' is not written in the scenario (did you mean 'defense'?), so tune cannot guess"},
        BadInput{"tune FILE --param foes.B.defnse --lo 1 --hi 9 --target-win 0.5",
                 "unknown key 'defnse' in combatant 'B' (did you mean 'defense'?)"},
        BadInput{"sensitivity FILE --params party.A.dexterty", "(did you mean 'dexterity'?)"},
        BadInput{"tune FILE --param foes.B.defense --lo 20 --hi 10 --target-win 0.5", "--lo (20) must be below --hi (10)"},
        BadInput{"tune FILE --param foes.B.defense --target-win 1.5", "--target-win"},
        BadInput{"tune FILE --param foes.B.defense --target-win 60",
                 "expected a fraction from 0 to 1 or a percentage (0.6 or 60%), got 60; for 60 percent write 0.6 or 60%"},
        BadInput{"tune FILE --param foes.B.defense --target-win 60%%", "got '60%%'"},
        BadInput{"run FILE --precision 1%x", "expected a fraction from 1e-05 to 0.5 or a percentage (0.005 or 0.5%)"},
        BadInput{"tune FILE --param options.target_ties --lo 1 --hi 2 --target-win 0.5", "target_ties"},
        BadInput{"sensitivity FILE --params foes.B.defense,,party.A.hp", "empty parameter in --params"},
        BadInput{"sensitivity FILE --params foes.B.defense,foes.B.defense", "'foes.B.defense' is listed twice"},
        BadInput{"sensitivity FILE --params party.A.strength", "is not written in the scenario"},
        BadInput{"sensitivity FILE --params party.Z.hp", "no combatant 'Z' in party"},
        BadInput{"tune FILE --variant tough --param foes.B.defense --target-win 0.5",
                 "variant 'tough' sets 'foes.B.defense' itself, so tune cannot vary it there"},
        BadInput{"run FILE --set foes.B.defense=12",
                 "variant 'tough' sets 'foes.B.defense' itself, so --set would not reach it; leave it out with --variant"},
        BadInput{"run FILE --set foes.B.hp=1,2", "--set takes one value here; to compare several, use `encsim sweep"},
        BadInput{"run FILE --set foes.B.hp=2 --set foes.B.hp=3", "'foes.B.hp' is set twice"},
        BadInput{"run FILE --set foes.B.defence=12",
                 "command line:1:7: error: unknown key 'defence' in combatant 'B' (did you mean 'defense'?) (with "
                 "foes.B.defence = 12)"},
        BadInput{"run FILE --set foes.B.hp=0", "hp must be between 1 and 1000000, got 0 (with foes.B.hp = 0)"},
        BadInput{"run FILE --set foes.B.hp", "expected PATH=VALUE"}));

}  // namespace
}  // namespace encsim

namespace encsim {
namespace {

// The tools know no rule: a sweep and a sensitivity probe run on a shipped
// scenario of every rule system (the sweeps include options a scenario does
// not write yet).
TEST(BalanceEverySystem, SweepAndSensitivityRunOnEachRuleSystem) {
  const std::string src = ENCSIM_SOURCE_DIR;
  const std::pair<const char*, const char*> cases[] = {
      {"fivey/goblin-ambush.yaml", "options.approach_moves=0..1"},
      {"daggerheart/acid-burrower.yaml", "options.fear_start=0..4:4"},
      {"cairn-ap/goblin-warband.yaml", "max_rounds=3..4"},
      {"monsters-and-magic/goblin-warren.yaml", "max_rounds=3..4"},
      {"gods-and-monsters/yeti.yaml", "max_rounds=3..4"},
  };
  for (const auto& [file, set] : cases) {
    const testing::CliResult r =
        testing::encsim("sweep " + src + "/scenarios/" + file + " --set " + set + " -n 2000 --variant base");
    EXPECT_EQ(r.code, 0) << file << "\n" << r.out;
    EXPECT_NE(r.out.find("2 points"), std::string::npos) << file << "\n" << r.out;
    // (sensitivity steps from a value the scenario writes: max_rounds always is)
    const testing::CliResult s =
        testing::encsim("sensitivity " + src + "/scenarios/" + file + " --params max_rounds -n 2000 --variant base");
    EXPECT_EQ(s.code, 0) << file << "\n" << s.out;
  }
}

}  // namespace
}  // namespace encsim
