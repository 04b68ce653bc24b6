// Issue 13: numbers must never be impossible or mislabeled. Attacks count one
// per target rolled against, single-target and area apart (docs/csv.md, "How
// attacks are counted"), so no hit rate passes 1 and area damage has attacks
// behind it; damage is named in each system's own unit.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include "encsim/runner.hpp"
#include "encsim/scenario.hpp"
#include "rules/registry.hpp"
#include "run_encsim.hpp"

namespace encsim {
namespace {

namespace fs = std::filesystem;
const fs::path kScenarios = fs::path(ENCSIM_SOURCE_DIR) / "scenarios";

// Every shipped scenario (libraries and party files are not scenarios) by its
// path under scenarios/, each variant run for a few hundred fights.
struct ShippedRun {
  std::string where;  // "daggerheart/acid-burrower.yaml [base]"
  std::string ruleset;
  std::vector<CombatantInfo> roster;
  Tally tally;
};

const std::vector<ShippedRun>& shipped_runs() {
  static const std::vector<ShippedRun> runs = [] {
    std::vector<ShippedRun> out;
    std::set<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(kScenarios))
      if (e.path().extension() == ".yaml") files.insert(e.path());
    for (const fs::path& file : files) {
      const std::string text = testing::slurp(file);
      if (text.find("\nparty:") == std::string::npos || text.find("\nfoes:") == std::string::npos) continue;
      const Scenario s = load_scenario(file.string(), ruleset_ids());
      for (const Variant& v : s.variants) {
        RunSettings rs;
        rs.trials = 400;
        rs.seed = 5;
        rs.threads = 1;
        std::visit(
            [&](const auto& enc) {
              out.push_back({fs::relative(file, kScenarios).string() + " [" + v.name + "]", s.ruleset, enc.roster(),
                             run_trials(enc, rs).tally});
            },
            compile_variant(s, v));
      }
    }
    return out;
  }();
  return runs;
}

TEST(AttackCounts, NoRatePassesOneOnAnyShippedScenario) {
  std::map<std::string, int> per_system;
  for (const ShippedRun& run : shipped_runs()) {
    ++per_system[run.ruleset];
    for (std::size_t i = 0; i < run.roster.size(); ++i) {
      const CombatantTally& c = run.tally.combatants[i];
      const std::string who = run.where + " " + run.roster[i].name;
      EXPECT_LE(c.hits, c.attacks) << who;
      EXPECT_LE(c.crits, c.hits) << who;
      EXPECT_LE(c.area_hits, c.area_attacks) << who;
      EXPECT_LE(c.downs, run.tally.trials) << who;
      EXPECT_LE(c.deaths, c.downs) << who;
    }
  }
  // Every system's scenarios were found and run.
  for (const std::string& id : ruleset_ids()) EXPECT_GE(per_system[id], 3) << id;
}

const CombatantTally& combatant(const std::string& where, const std::string& name) {
  for (const ShippedRun& run : shipped_runs())
    if (run.where == where)
      for (std::size_t i = 0; i < run.roster.size(); ++i)
        if (run.roster[i].name == name) return run.tally.combatants[i];
  ADD_FAILURE() << "no " << name << " in " << where;
  static const CombatantTally none;
  return none;
}

TEST(AttackCounts, AreaAttacksHaveTheirOwnCountsPerTarget) {
  // The Acid Burrower's Spit Acid rolls once against every PC in Close range:
  // that used to count one attack and up to three hits (hit% 158.9).
  const CombatantTally& burrower = combatant("daggerheart/acid-burrower.yaml [base]", "Acid Burrower");
  EXPECT_GT(burrower.area_attacks, burrower.area_hits);
  EXPECT_GT(burrower.area_hits, 0u);
  // The young dragon's breath (a check for half) had no attacks behind its damage.
  const CombatantTally& dragon = combatant("fivey/young-dragon.yaml [base]", "Young Dragon");
  EXPECT_GT(dragon.area_attacks, 0u);
  EXPECT_GT(dragon.area_hits, 0u);
  EXPECT_GT(dragon.area_attacks, dragon.area_hits);
}

TEST(AttackCounts, TheCsvAndTheTableShowAreaAttacks) {
  const fs::path dir = testing::fresh_dir("counts-dragon");
  const auto r = testing::encsim("run " + (kScenarios / "fivey/young-dragon.yaml").string() +
                                 " -n 300 --no-band --threads 1 --detail -o " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string csv = testing::slurp(dir / "combatants.csv");
  EXPECT_NE(csv.find(",hit_rate,crit_rate,area_attacks_mean,area_hit_rate,damage_dealt_mean,"), std::string::npos)
      << csv.substr(0, 300);
  EXPECT_NE(csv.find(",area_uses_mean,"), std::string::npos);
  EXPECT_NE(r.out.find("hit%     area  area% dmg dealt"), std::string::npos) << r.out;
}

TEST(DamageUnits, TheSwingSentenceNamesWhatTheDamageCounts) {
  const struct {
    const char* scenario;
    const char* words;
  } cases[] = {
      {"cairn-ap/bandit-toll.yaml", " HP and STR per fight (sd "},
      {"gods-and-monsters/yeti.yaml", " damage points (pool, verve, survival and injuries) per fight (sd "},
      {"fivey/goblin-ambush.yaml", " HP per fight (sd "},
      {"daggerheart/acid-burrower.yaml", " HP per fight (sd "},
      {"monsters-and-magic/ogre-bridge.yaml", " HP per fight (sd "},
  };
  for (const auto& c : cases) {
    const auto r = testing::encsim("run " + (kScenarios / c.scenario).string() + " -n 100 --no-band --threads 1");
    ASSERT_EQ(r.code, 0) << r.out;
    const std::string out = testing::unwrapped(r.out);
    EXPECT_NE(out.find(std::string("Swing: the party loses ")), std::string::npos) << c.scenario;
    EXPECT_NE(out.find(c.words), std::string::npos) << c.scenario << "\n" << r.out;
  }
  // The unit comes with its own header in the per-combatant table.
  const auto cairn = testing::encsim("run " + (kScenarios / "cairn-ap/bandit-toll.yaml").string() + " -n 100 --no-band --detail");
  EXPECT_NE(cairn.out.find("down%  in HP and STR"), std::string::npos) << cairn.out;
}

}  // namespace
}  // namespace encsim
