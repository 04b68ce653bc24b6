// Sessions on the command line beyond `run` (issue 14): --set into a
// session's fights, sweep and tune on the session's survive-all, check.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "run_encsim.hpp"

namespace encsim {
namespace {

const std::string kDay = ENCSIM_SOURCE_DIR "/scenarios/fivey/day.yaml";

// A CSV as rows of cells (no quoted commas in what these tests read).
std::vector<std::vector<std::string>> rows_of(const std::string& csv) {
  std::vector<std::vector<std::string>> out;
  std::istringstream in(csv);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::string c;
    std::istringstream ls(line);
    while (std::getline(ls, c, ',')) cells.push_back(c);
    out.push_back(cells);
  }
  return out;
}

std::size_t column(const std::vector<std::string>& header, const std::string& name) {
  const auto it = std::find(header.begin(), header.end(), name);
  EXPECT_NE(it, header.end()) << name;
  return static_cast<std::size_t>(it - header.begin());
}

// The session.csv cell `name` of the row whose `variant` and `fight_index` match.
std::string cell(const std::string& csv, const std::string& variant, const std::string& fight_index,
                 const std::string& name) {
  const auto rows = rows_of(csv);
  const auto& h = rows.front();
  for (std::size_t i = 1; i < rows.size(); ++i)
    if (rows[i][column(h, "variant")] == variant && rows[i][column(h, "fight_index")] == fight_index)
      return rows[i][column(h, name)];
  ADD_FAILURE() << "no row " << variant << " " << fight_index << " in\n" << csv;
  return "";
}

TEST(SessionSet, SetWritesIntoOneFightAsAVariantWould) {
  const auto dir = testing::fresh_dir("session-set");
  // The same change written as a variant of a copy of the day.
  std::ifstream in(kDay);
  std::stringstream text;
  text << in.rdbuf();
  std::string day = text.str();
  const std::string from = "include: [monsters.yaml, party.yaml]";
  day.replace(day.find(from), from.size(),
              "include: [" ENCSIM_SOURCE_DIR "/scenarios/fivey/monsters.yaml, " ENCSIM_SOURCE_DIR
              "/scenarios/fivey/party.yaml]");
  const std::string file = "file: goblin-ambush.yaml";
  day.replace(day.find(file), file.size(), "file: " ENCSIM_SOURCE_DIR "/scenarios/fivey/goblin-ambush.yaml");
  day += "  - name: weak troll\n    set: {fights.bridge.foes.Troll.hp: 12}\n";
  std::ofstream(dir / "day.yaml") << day;

  const auto set = testing::encsim("run " + kDay + " -n 3000 --variant base --set fights.bridge.foes.Troll.hp=12 "
                                   "--format csv");
  ASSERT_EQ(set.code, 0) << set.out;
  EXPECT_EQ(set.out.substr(0, set.out.find(',')), "fights.bridge.foes.Troll.hp");
  const auto variant = testing::encsim("run " + (dir / "day.yaml").string() + " -n 3000 --variant 'weak troll' "
                                       "--format csv");
  ASSERT_EQ(variant.code, 0) << variant.out;
  const auto plain = testing::encsim("run " + kDay + " -n 3000 --variant base --format csv");
  ASSERT_EQ(plain.code, 0) << plain.out;
  for (const char* k : {"1", "2", "3"})
    for (const char* col : {"survive_all_rate", "reached_rate", "won_given_reached", "party_hp_in_mean"})
      EXPECT_EQ(cell(set.out, "base", k, col), cell(variant.out, "weak troll", k, col)) << k << " " << col;
  // The fights before the bridge meet the same dice and the same foes: equal;
  // a troll of 12 hit points is beaten more often than the written one.
  EXPECT_EQ(cell(set.out, "base", "2", "won_given_reached"), cell(plain.out, "base", "2", "won_given_reached"));
  EXPECT_GT(std::stod(cell(set.out, "base", "3", "won_given_reached")),
            std::stod(cell(plain.out, "base", "3", "won_given_reached")));
}

TEST(SessionSet, BadPathsSayWhereAndWhatWasMeant) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--set fights.brige.foes.Troll.hp=3", "no fight or rest 'brige' (did you mean 'bridge'?)"},
      {"--set fights.bridge.foes.Trol.hp=3", "Troll"},
      {"--set fights.night.rest=downtime", "variant 'no night's rest' sets 'fights.night.rest' itself"},
      {"--set fights.night.sleep=1", "a rest has `rest` and `options.KEY` to set"},
      {"--set fights.bridge.foes.Troll.hp=3,4", "--set takes one value here"},
  };
  for (const auto& [arg, want] : cases) {
    const auto r = testing::encsim("run " + kDay + " -n 100 " + arg);
    EXPECT_EQ(r.code, 2) << arg << "\n" << r.out;
    EXPECT_NE(r.out.find(want), std::string::npos) << arg << "\n" << r.out;
  }
  // A rest's kind by --set, where no chosen variant sets it.
  const auto rest = testing::encsim("run " + kDay + " -n 2000 --variant base --set fights.night.rest=none --format csv");
  ASSERT_EQ(rest.code, 0) << rest.out;
  EXPECT_EQ(cell(rest.out, "base", "3", "rest_before"), "none");
}

TEST(SessionSweep, MoreBossHitPointsNeverHelpOnTheSameDice) {
  const auto r = testing::encsim("sweep " + kDay + " --set fights.bridge.foes.Troll.hp=10..130:40 --variant base "
                                 "-n 4000 --threads 2 --format csv");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto rows = rows_of(r.out);
  const auto& h = rows.front();
  ASSERT_EQ(h.front(), "fights.bridge.foes.Troll.hp");
  std::vector<double> survive, reach_bridge;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    if (rows[i][column(h, "fight_index")] == "1") survive.push_back(std::stod(rows[i][column(h, "survive_all_rate")]));
    if (rows[i][column(h, "fight_index")] == "3") reach_bridge.push_back(std::stod(rows[i][column(h, "reached_rate")]));
  }
  ASSERT_EQ(survive.size(), 4u) << r.out;
  for (std::size_t i = 1; i < survive.size(); ++i) EXPECT_LE(survive[i], survive[i - 1]) << i;
  EXPECT_GT(survive.front(), survive.back() + 0.05);
  // The bridge comes last: what leads to it meets the same dice at every point.
  for (double x : reach_bridge) EXPECT_EQ(x, reach_bridge.front());

  // A point equals the run of the session with that value set, byte for byte.
  const auto point = testing::encsim("sweep " + kDay + " --set fights.bridge.foes.Troll.hp=50 --variant base -n 4000 "
                                     "--format csv");
  const auto run = testing::encsim("run " + kDay + " --set fights.bridge.foes.Troll.hp=50 --variant base -n 4000 "
                                   "--format csv");
  ASSERT_EQ(point.code, 0) << point.out;
  EXPECT_EQ(point.out, run.out);
  EXPECT_NE(r.out.find(point.out.substr(point.out.find('\n') + 1)), std::string::npos);
}

TEST(SessionSweep, MetricsPerFightAndTheirErrors) {
  const auto r = testing::encsim("sweep " + kDay + " --set fights.bridge.foes.Troll.hp=10,90 --variant base -n 2000 "
                                 "--metric reached.bridge");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("the share of sessions that reach bridge"), std::string::npos) << r.out;
  const auto bad = testing::encsim("sweep " + kDay + " --set fights.bridge.foes.Troll.hp=10,90 --metric won.brige");
  EXPECT_EQ(bad.code, 2) << bad.out;
  EXPECT_NE(bad.out.find("no fight 'brige' (did you mean 'bridge'?)"), std::string::npos) << bad.out;
  const auto scenario = testing::encsim("sweep " ENCSIM_SOURCE_DIR "/scenarios/fivey/goblin-ambush.yaml "
                                        "--set max_rounds=3,4 --metric survive_all");
  EXPECT_EQ(scenario.code, 2) << scenario.out;
  EXPECT_NE(scenario.out.find("--metric is for sessions"), std::string::npos) << scenario.out;
}

TEST(SessionSweep, WritesItsPointsAndAPage) {
  const auto dir = testing::fresh_dir("session-sweep-out");
  const auto r = testing::encsim("sweep " + kDay + " --set fights.bridge.foes.Troll.hp=10,90 -n 1024 -o " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string csv = testing::slurp(dir / "session.csv");
  EXPECT_NE(csv.find("\n90,day,rest before the ford,fivey,1024,"), std::string::npos) << csv;
  const std::string page = testing::slurp(dir / "report.html");
  EXPECT_NE(page.find("The share of sessions the party gets through against fights bridge foes Troll hp"),
            std::string::npos);
  EXPECT_NE(testing::slurp(dir / "summary.csv").find("\nday: bridge,base,fivey,90,"), std::string::npos);
}

TEST(SessionSensitivity, ASniperWithMoreHitPointsCostsTheDayAndANoOpCostsNothing) {
  const auto dir = testing::fresh_dir("session-sensitivity");
  const std::string dh = ENCSIM_SOURCE_DIR "/scenarios/daggerheart/day.yaml";
  const auto r = testing::encsim("sensitivity " + dh + " --params 'fights.camp.foes.Jagged Knife Sniper.hp,"
                                 "fights.camp.max_rounds:1' -n 4096 --threads 2 -o " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  const auto rows = rows_of(testing::slurp(dir / "sensitivity.csv"));
  const auto& h = rows.front();
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1][column(h, "param")], "fights.camp.foes.Jagged Knife Sniper.hp");
  EXPECT_LT(std::stod(rows[1][column(h, "change_ci_high")]), 0.0);
  // No camp fight in these sessions reaches its round limit: the two probes
  // are the same sessions, exactly.
  EXPECT_EQ(rows[2][column(h, "survive_all_change_per_step")], "0.000000");
  EXPECT_EQ(rows[2][column(h, "survive_all_low")], rows[2][column(h, "survive_all_high")]);
}

TEST(SessionTune, ConvergesToAValueWhoseSurviveAllBracketsTheTarget) {
  const auto dir = testing::fresh_dir("session-tune");
  const auto r = testing::encsim("tune " + kDay + " --param fights.bridge.foes.Troll.hp --lo 5 --hi 150 --target-win "
                                 "0.5 -n 4096 --threads 2 -o " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("answer: fights.bridge.foes.Troll.hp = "), std::string::npos) << r.out;
  const auto rows = rows_of(testing::slurp(dir / "tune.csv"));
  const auto& h = rows.front();
  std::map<long, double> full;  // value -> rate, at every trial
  long answer = -1;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    if (rows[i][column(h, "trials")] != "4096") continue;
    const long value = std::stol(rows[i][column(h, "value")]);
    full[value] = std::stod(rows[i][column(h, "rate")]);
    if (rows[i][column(h, "role")] == "answer") answer = value;
  }
  ASSERT_TRUE(full.count(answer) && full.count(answer - 1) && full.count(answer + 1)) << r.out;
  // The answer and one neighbour lie on either side of the target (more hit
  // points, fewer days survived).
  const bool below = full[answer] >= 0.5 && full[answer + 1] <= 0.5;
  const bool above = full[answer] <= 0.5 && full[answer - 1] >= 0.5;
  EXPECT_TRUE(below || above) << r.out;
  // session.csv holds the answer and its neighbours, their value leading.
  const std::string s = testing::slurp(dir / "session.csv");
  // (Built from the left: GCC 12's -Wrestrict misfires on "\n" + std::to_string().)
  const std::string row = std::to_string(answer) + ",day,base,fivey,4096,";
  EXPECT_NE(s.find('\n' + row), std::string::npos) << s;
}

TEST(SessionReportHtml, ShowsTheDayFightByFight) {
  const auto dir = testing::fresh_dir("session-html");
  const auto r = testing::encsim("run " + kDay + " -n 2000 -o " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string page = testing::slurp(dir / "report.html");
  for (const char* want :
       {"data-command=\"session\"", "encsim run: session day", "Survival across the session",
        "win rate given the party reached it", "What the party carries into each fight: party_hp",
        "The session fight by fight", "ford skipped: 2 bridge"})
    EXPECT_NE(page.find(want), std::string::npos) << want;
}

TEST(SessionPrecision, StopsWhenEverySurviveAllIsNarrowEnoughTheSameAtAnyThreadCount) {
  const auto one = testing::encsim("run " + kDay + " --precision 0.02 --threads 1 --format csv");
  const auto two = testing::encsim("run " + kDay + " --precision 0.02 --threads 2 --format csv");
  ASSERT_EQ(one.code, 0) << one.out;
  EXPECT_EQ(one.out, two.out);
  const auto rows = rows_of(one.out);
  const auto& h = rows.front();
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const double half = (std::stod(rows[i][column(h, "survive_all_ci_high")]) -
                         std::stod(rows[i][column(h, "survive_all_ci_low")])) / 2;
    EXPECT_LE(half, 0.02) << i;
    // Stopped at the first wave boundary (64 chunks of 1024) that was narrow enough.
    EXPECT_EQ(rows[i][column(h, "trials")], "65536") << i;
  }
  const auto table = testing::encsim("run " + kDay + " --precision 0.02 --variant base");
  EXPECT_NE(table.out.find("Run until every variant's survive-all 95% interval is at most +/-2.0%: reached"),
            std::string::npos) << table.out;
}

TEST(SessionCheck, PrintsEveryVariantsFightsAndRests) {
  const auto r = testing::encsim("check " + kDay);
  ASSERT_EQ(r.code, 0) << r.out;
  for (const char* want : {"day (fivey, a session): 4 variant(s)", "variant ford skipped:", "fight ford:",
                           "rest night: night", "Troll", "ok"})
    EXPECT_NE(r.out.find(want), std::string::npos) << want << "\n" << r.out;
}

TEST(SessionShard, MergedPartsAreTheBytesOfOneRun) {
  const auto dir = testing::fresh_dir("session-shard");
  const std::string args = kDay + " -n 5000 --set fights.bridge.foes.Troll.hp=40";
  const auto whole = testing::encsim("run " + args + " --threads 2 -o " + (dir / "whole").string());
  ASSERT_EQ(whole.code, 0) << whole.out;
  for (const char* shard : {"1/3", "2/3", "3/3"}) {
    const auto r = testing::encsim("run " + args + " --threads 1 --shard " + shard + " -o " + (dir / "parts").string());
    ASSERT_EQ(r.code, 0) << r.out;
  }
  const auto merged = testing::encsim("merge " + (dir / "parts").string() + " -o " + (dir / "merged").string());
  ASSERT_EQ(merged.code, 0) << merged.out;
  // The same report, but for the folder it names.
  EXPECT_EQ(merged.out.substr(0, merged.out.rfind("wrote")), whole.out.substr(0, whole.out.rfind("wrote")));
  for (const char* f : {"session.csv", "summary.csv", "combatants.csv", "features.csv", "distributions.csv",
                        "report.html"})
    EXPECT_EQ(testing::slurp(dir / "merged" / f), testing::slurp(dir / "whole" / f)) << f;
  // Two shards of three are not the whole.
  std::filesystem::remove(dir / "parts" / "part-2-of-3.encpart");
  const auto short_of_one = testing::encsim("merge " + (dir / "parts").string());
  EXPECT_EQ(short_of_one.code, 2) << short_of_one.out;
  EXPECT_NE(short_of_one.out.find("shard 2 of 3 is missing"), std::string::npos) << short_of_one.out;
}

}  // namespace
}  // namespace encsim
