// The encsim binary end to end: golden CSVs at 1, 2 and 8 threads, exit codes,
// error output and "nothing written" on bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "run_encsim.hpp"

namespace {

namespace fs = std::filesystem;
using encsim::testing::encsim;
using encsim::testing::fresh_dir;
using encsim::testing::slurp;
using Result = encsim::testing::CliResult;

const std::string kSource = ENCSIM_SOURCE_DIR;
const char* const kCsvs[] = {"summary.csv", "combatants.csv", "features.csv", "distributions.csv", "comparison.csv"};

// tests/golden/goblin-ambush holds the CSVs of
//   encsim run scenarios/fivey/goblin-ambush.yaml -n 20000 -o DIR
// (tools/update-golden.sh rewrites them when the rules change on purpose).
TEST(Golden, GoblinAmbushCsvsAreByteIdenticalAtOneTwoAndEightThreads) {
  for (int threads : {1, 2, 8}) {
    const fs::path dir = fresh_dir("golden" + std::to_string(threads));
    const Result r = encsim("run " + kSource + "/scenarios/fivey/goblin-ambush.yaml -n 20000 --threads " +
                            std::to_string(threads) + " -o " + dir.string());
    ASSERT_EQ(r.code, 0) << r.out;
    for (const char* f : kCsvs)
      EXPECT_EQ(slurp(dir / f), slurp(fs::path(kSource) / "tests/golden/goblin-ambush" / f))
          << f << " at " << threads << " threads";
    fs::remove_all(dir);
  }
}

TEST(Cli, RunPrintsTheSentenceAndTheTable) {
  const Result r = encsim("run " + kSource + "/scenarios/fivey/goblin-ambush.yaml -n 3000 --variant base");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("The party wins "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(95% CI "), std::string::npos);
  // The default view: coverage, the system's resources, won against lost
  // fights, one line per PC; the foes and the full tables only under --detail.
  EXPECT_NE(r.out.find("\n  Coverage: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n  Inspiration dice: the party gains "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n  Won fights: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(". Lost fights: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n  PC                   down   dead  near death   HP left\n  Veteran   "), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("Bugbear"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\n  per fight "), std::string::npos) << r.out;
  const Result d = encsim("run " + kSource + "/scenarios/fivey/goblin-ambush.yaml -n 3000 --variant base --detail");
  EXPECT_EQ(d.code, 0) << d.out;
  EXPECT_EQ(d.out.substr(0, r.out.find("  trials ")), r.out.substr(0, r.out.find("  trials ")));
  EXPECT_NE(d.out.find("Bugbear"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("\n  per fight "), std::string::npos) << d.out;
}

// Issue 13: the default view of every shipped scenario (a file under
// scenarios/ with a `name:`; the others are libraries) fits one screen: at
// most 40 lines per variant, none wider than 100 columns.
TEST(Cli, DefaultViewOfEveryShippedScenarioFitsOneScreen) {
  int scenarios = 0;
  for (const auto& dir : fs::directory_iterator(kSource + "/scenarios"))
    for (const auto& file : fs::directory_iterator(dir.path())) {
      const std::string text = slurp(file.path());
      if (file.path().extension() != ".yaml" || text.find("\nname:") == std::string::npos) continue;
      ++scenarios;
      const Result r = encsim("run " + file.path().string() + " -n 300");
      ASSERT_EQ(r.code, 0) << file.path() << "\n" << r.out;
      std::istringstream in(r.out);
      std::string line, block;
      int lines = 0, variants = 0;
      while (std::getline(in, line)) {
        std::size_t columns = 0;
        for (char c : line) columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
        EXPECT_LE(columns, 100u) << file.path() << ": " << line;
        if (line.empty()) continue;
        // A variant's block starts at its unindented title; the comparison
        // that follows them counts as one block.
        if (line[0] != ' ') {
          EXPECT_LE(lines, 40) << file.path() << ": " << block;
          lines = 0;
          block = line;
          ++variants;
        }
        ++lines;
      }
      EXPECT_LE(lines, 40) << file.path() << ": " << block;
      EXPECT_GT(variants, 0) << file.path();
    }
  EXPECT_GE(scenarios, 15);
}

TEST(Cli, CsvAndJsonFormats) {
  const std::string f = kSource + "/scenarios/fivey/troll-bridge.yaml -n 2000";
  const Result csv = encsim("run " + f + " --format csv");
  EXPECT_EQ(csv.code, 0);
  EXPECT_EQ(csv.out.rfind("scenario,variant,ruleset,trials,seed,party_win_rate,", 0), 0u) << csv.out;
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 4);  // header + 3 variants
  const Result json = encsim("run " + f + " --format json --variant base");
  EXPECT_EQ(json.code, 0);
  EXPECT_NE(json.out.find("\"scenario\": \"troll-bridge\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"trials\": 2000"), std::string::npos);
}

TEST(Cli, JsonKeepsNamesAsStringsEvenWhenTheyLookLikeNumbers) {
  const fs::path dir = fresh_dir("json");
  std::ofstream(dir / "s.yaml") << "name: '007'\nruleset: fivey\nparty: [{name: '1', hp: 5, weapon: bow}]\n"
                                   "foes: [{name: B, hp: 5, damage: d4}]\n";
  const Result r = encsim("run " + (dir / "s.yaml").string() + " -n 500 --format json");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("\"scenario\": \"007\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"trials\": 500,"), std::string::npos) << r.out;
  fs::remove_all(dir);
}

TEST(Cli, AnUnusableOutputDirectoryIsBadInputFoundBeforeRunning) {
  const fs::path dir = fresh_dir("outdir");
  std::ofstream(dir / "file") << "x";
  const Result r = encsim("run " + kSource + "/scenarios/fivey/troll-bridge.yaml -n 1000000 -o " +
                          (dir / "file" / "sub").string());
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("output directory"), std::string::npos) << r.out;
  // A directory where a CSV should go is found before running too.
  fs::create_directories(dir / "out" / "combatants.csv");
  const Result d = encsim("run " + kSource + "/scenarios/fivey/troll-bridge.yaml -n 1000 -o " + (dir / "out").string());
  EXPECT_EQ(d.code, 2) << d.out;
  EXPECT_FALSE(fs::exists(dir / "out" / "summary.csv"));
  fs::remove_all(dir);
}

TEST(Cli, NumbersOnTheCommandLineAreCheckedStrictly) {
  const std::string f = kSource + "/scenarios/fivey/troll-bridge.yaml";
  EXPECT_EQ(encsim("run " + f + " -n 10 --seed -1").code, 2);
  EXPECT_EQ(encsim("run " + f + " -n 10 --seed 18446744073709551616").code, 2);
  EXPECT_EQ(encsim("run " + f + " --precision nan").code, 2);
  EXPECT_EQ(encsim("run " + f + " -n 0").code, 2);
  EXPECT_EQ(encsim("replay " + f + " --trial -1").code, 2);
  EXPECT_EQ(encsim("run " + f + " -n 10 --seed 18446744073709551615").code, 0);
}

TEST(Cli, SeveralScenariosShareTheCsvs) {
  const fs::path dir = fresh_dir("multi");
  const Result r = encsim("run " + kSource + "/scenarios/fivey/troll-bridge.yaml " + kSource +
                          "/scenarios/fivey/young-dragon.yaml -n 1000 -o " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string summary = slurp(dir / "summary.csv");
  EXPECT_EQ(std::count(summary.begin(), summary.end(), '\n'), 8);  // header + 3 + 4
  EXPECT_NE(summary.find("young-dragon,base,fivey"), std::string::npos);
  fs::remove_all(dir);
}

TEST(Cli, BadInputExitsTwoWithPositionAndWritesNothing) {
  const fs::path dir = fresh_dir("bad");
  const fs::path bad = dir / "bad.yaml";
  std::ofstream(bad) << "ruleset: fivey\nparty:\n  - {name: A, hp: 5, weapon: bow}\nfoes:\n  - {name: B, hitpoints: 5}\n";
  const fs::path out = dir / "out";
  // A good scenario first: its results must not be written either.
  const Result r = encsim("run " + kSource + "/scenarios/fivey/troll-bridge.yaml " + bad.string() + " -o " +
                          out.string());
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find(bad.string() + ":5:15: error: unknown key 'hitpoints' in combatant 'B'"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\n                  ^\n"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(out));
  fs::remove_all(dir);
}

TEST(Cli, UnknownCommandAndRulesetGetDidYouMean) {
  const Result cmd = encsim("rnu x.yaml");
  EXPECT_EQ(cmd.code, 2);
  EXPECT_NE(cmd.out.find("unknown command 'rnu' (did you mean 'run'?)"), std::string::npos) << cmd.out;
  const Result rules = encsim("rules fivy");
  EXPECT_EQ(rules.code, 2);
  EXPECT_NE(rules.out.find("unknown ruleset 'fivy' (did you mean 'fivey'?)"), std::string::npos) << rules.out;
  const Result missing = encsim("run /nonexistent/scenario.yaml");
  EXPECT_EQ(missing.code, 2) << missing.out;
}

TEST(Cli, RulesListsTheKeysCheckShowsWhatIsNotModelled) {
  const Result list = encsim("rules");
  EXPECT_EQ(list.code, 0);
  EXPECT_NE(list.out.find("fivey"), std::string::npos);
  const Result keys = encsim("rules fivey");
  EXPECT_EQ(keys.code, 0);
  for (const char* key : {"hit_dice", "inspiration_shortfall", "morale_dcs", "area_attack", "max_rounds"})
    EXPECT_NE(keys.out.find(key), std::string::npos) << key;
  const fs::path dir = fresh_dir("check");
  std::ofstream(dir / "v.yaml") << "ruleset: fivey\ninclude: " << kSource
                                << "/scenarios/fivey/monsters.yaml\nparty: [{name: A, hp: 5, weapon: bow}]\n"
                                   "foes: [{use: Vampire}]\n";
  const Result check = encsim("check " + (dir / "v.yaml").string());
  EXPECT_EQ(check.code, 0) << check.out;
  EXPECT_NE(check.out.find("NOT modelled: Misty Escape; Basic Necrology;"), std::string::npos) << check.out;
  fs::remove_all(dir);
}

TEST(Cli, ReplayNarratesTheSameFightRunSimulated) {
  const std::string f = kSource + "/scenarios/fivey/goblin-ambush.yaml";
  const Result a = encsim("replay " + f + " --trial 7");
  const Result b = encsim("replay " + f + " --trial 7");
  EXPECT_EQ(a.code, 0) << a.out;
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out.find("-- round 1 --"), std::string::npos);
  EXPECT_NE(a.out.find("Result: "), std::string::npos);
  EXPECT_NE(encsim("replay " + f + " --trial 8").out, a.out);
}

TEST(Cli, VersionAndHelp) {
  EXPECT_EQ(encsim("--version").out.rfind("encsim ", 0), 0u);
  const Result help = encsim("run --help");
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("--precision"), std::string::npos);
}

}  // namespace
