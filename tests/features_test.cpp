// features.csv (issue 13): what each combatant's attacks, spells, features and
// actions did. In every shipped scenario of every rule system, fight by fight,
// a feature's counts agree with the counters the systems keep on their own
// (damage dealt, attack rolls, spells cast, features used, mojo bid); the file
// is the same at any thread count. Scripted fights that count exactly what
// happened are beside each system's other scripted tests.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <type_traits>

#include "encsim/runner.hpp"
#include "io/report.hpp"
#include "rules/registry.hpp"
#include "run_encsim.hpp"

namespace encsim {
namespace {

namespace fs = std::filesystem;
const std::string kSrc = ENCSIM_SOURCE_DIR;

// Per combatant, the sums of its features' counts in one fight.
struct Owned {
  std::int64_t uses = 0, damage = 0, spent = 0;
};
std::vector<Owned> owned(const std::vector<FeatureInfo>& table, const TrialRecord& r,
                         bool (*counts)(const FeatureInfo&) = nullptr) {
  std::vector<Owned> out(r.combatants.size());
  for (std::size_t k = 0; k < table.size(); ++k) {
    Owned& o = out[static_cast<std::size_t>(table[k].owner)];
    o.damage += r.features[k].damage;
    if (counts && !counts(table[k])) continue;
    o.uses += r.features[k].uses;
    o.spent += r.features[k].spent;
  }
  return out;
}

bool is_mojo(const FeatureInfo& f) { return f.name == "mojo"; }
bool costs_or_acts(const FeatureInfo& f) {  // a Daggerheart adversary's action or reaction
  return f.name.rfind("countdown: ", 0) != 0 && f.name != "Experience";
}

// A scene countdown of the foes acts through an adversary: its damage is in
// damage_dealt but no feature's (docs/csv.md).
bool scene_countdown_hurts(const daggerheart::Encounter& e) {
  for (const auto& cd : e.countdowns)
    if (cd.owner < 0 && cd.side == 1) return true;
  return false;
}

template <class Enc>
void check_fight(const Enc& enc, const TrialRecord& r, const std::string& where) {
  const auto& table = enc.features();
  ASSERT_EQ(r.features.size(), table.size());
  for (const FeatureRecord& f : r.features) {
    ASSERT_GE(f.uses, 0) << where;
    ASSERT_GE(f.damage, 0) << where;
    // Nothing deals damage without being used (a countdown's trigger is its use).
    if (f.uses == 0) {
      ASSERT_EQ(f.damage, 0) << where;
    }
  }
  const auto all = owned(table, r);
  for (std::size_t c = 0; c < r.combatants.size(); ++c) {
    const CombatantRecord& rc = r.combatants[c];
    const std::string who = where + " " + enc.roster()[c].name;
    if constexpr (std::is_same_v<Enc, daggerheart::Encounter>) {
      if (scene_countdown_hurts(enc) && !enc.roster()[c].pc && enc.roster()[c].side == 1)
        ASSERT_LE(all[c].damage, rc.damage_dealt) << who;
      else
        ASSERT_EQ(all[c].damage, rc.damage_dealt) << who;
    } else {
      ASSERT_EQ(all[c].damage, rc.damage_dealt) << who;
    }
  }
  if constexpr (std::is_same_v<Enc, fivey::Encounter>) {
    for (std::size_t c = 0; c < r.combatants.size(); ++c) {
      const auto& f = enc.fighters[c];
      ASSERT_EQ(r.features[static_cast<std::size_t>(f.feat_attack)].uses, r.combatants[c].attacks) << where;
      if (f.feat_area >= 0) {
        ASSERT_EQ(r.features[static_cast<std::size_t>(f.feat_area)].uses, r.combatants[c].extra[fivey::kExtraAreaUses]);
      }
    }
  } else if constexpr (std::is_same_v<Enc, daggerheart::Encounter>) {
    const auto acts = owned(table, r, costs_or_acts);
    const std::size_t first_adv = enc.pcs.size() + enc.npcs.size();
    for (std::size_t j = 0; j < enc.adversaries.size(); ++j) {
      const std::size_t c = first_adv + j;
      const auto& a = enc.adversaries[j];
      const std::int64_t attacks = r.features[static_cast<std::size_t>(a.feat_attack)].uses;
      // Its actions and reactions used, besides its standard attack.
      ASSERT_EQ(acts[c].uses - attacks, r.combatants[c].extra[daggerheart::kExtraFeaturesUsed]) << where;
    }
  } else if constexpr (std::is_same_v<Enc, cairn_ap::Encounter>) {
    for (std::size_t c = 0; c < r.combatants.size(); ++c) {
      std::int64_t cast = 0;
      for (int k : enc.fighters[c].feat_spell) cast += r.features[static_cast<std::size_t>(k)].uses;
      ASSERT_EQ(cast, r.combatants[c].extra[cairn_ap::kExSpellsCast]) << where;
    }
  } else if constexpr (std::is_same_v<Enc, gods_and_monsters::Encounter>) {
    const auto attacks = owned(table, r, [](const FeatureInfo& f) { return !is_mojo(f); });
    const auto mojo = owned(table, r, is_mojo);
    for (std::size_t c = 0; c < r.combatants.size(); ++c) {
      ASSERT_EQ(attacks[c].uses, r.combatants[c].attacks) << where;
      ASSERT_EQ(mojo[c].spent, r.combatants[c].extra[gods_and_monsters::kExtraMojoSpent]) << where;
    }
  }
}

TEST(Features, CountsAgreeWithEachSystemsOwnCountersInEveryShippedScenario) {
  int checked = 0;
  for (const auto& dir : fs::directory_iterator(kSrc + "/scenarios"))
    for (const auto& file : fs::directory_iterator(dir.path())) {
      if (file.path().extension() != ".yaml") continue;
      const std::string text = testing::slurp(file.path());
      if (text.find("\nparty:") == std::string::npos) continue;
      if (text.find("\nfights:") != std::string::npos) continue;  // a session (session_test.cpp)
      const Scenario s = load_scenario(file.path().string(), ruleset_ids());
      for (const Variant& v : s.variants) {
        const AnyEncounter any = compile_variant(s, v);
        std::visit(
            [&](const auto& enc) {
              ASSERT_FALSE(enc.features().empty());
              TrialRecord r;
              NullLog log;
              for (std::uint64_t t = 0; t < 400; ++t) {
                r.reset(enc.combatant_count(), enc.features().size());
                enc.simulate(7, t, r, log);
                check_fight(enc, r, file.path().filename().string() + " [" + v.name + "] trial " + std::to_string(t));
                if (::testing::Test::HasFatalFailure()) return;
              }
              ++checked;
            },
            any);
        if (HasFatalFailure()) return;
      }
    }
  EXPECT_GE(checked, 20);
}

// FIVEY: a feature row per attack, area attack, regeneration and cheat death;
// the rows of a combatant follow the roster.
TEST(Features, TableNamesEachCombatantsFeaturesInRosterOrder) {
  const Scenario s = load_scenario(kSrc + "/scenarios/fivey/troll-bridge.yaml", ruleset_ids());
  const AnyEncounter any = compile_variant(s, s.variants[0]);
  const auto& enc = std::get<fivey::Encounter>(any);
  int last = 0;
  bool regenerates = false;
  for (const FeatureInfo& f : enc.features()) {
    EXPECT_GE(f.owner, last);
    last = f.owner;
    regenerates |= f.name == "regenerate" && enc.roster()[static_cast<std::size_t>(f.owner)].name.find("Troll") == 0;
  }
  EXPECT_TRUE(regenerates);
}

// features.csv: same bytes at 1, 2 and 8 threads (Daggerheart; FIVEY's is a
// golden file, tests/cli_test.cpp), with a row per feature.
TEST(Features, CsvIsByteIdenticalAtOneTwoAndEightThreads) {
  std::string first;
  for (int threads : {1, 2, 8}) {
    const fs::path dir = testing::fresh_dir("features" + std::to_string(threads));
    const auto r = testing::encsim("run " + kSrc + "/scenarios/daggerheart/acid-burrower.yaml -n 5000 --no-band --threads " +
                                   std::to_string(threads) + " -o " + dir.string());
    ASSERT_EQ(r.code, 0) << r.out;
    const std::string csv = testing::slurp(dir / "features.csv");
    if (first.empty()) first = csv;
    EXPECT_EQ(csv, first) << threads << " threads";
    fs::remove_all(dir);
  }
  EXPECT_EQ(first.rfind("scenario,variant,side,combatant,feature,uses_mean,used_rate,damage_mean,damage_per_use,"
                        "healed_mean,conditions_mean,spent_mean,spent_unit\n",
                        0),
            0u)
      << first;
  EXPECT_NE(first.find(",Tag Team,"), std::string::npos) << first;
  EXPECT_NE(first.find(",Hope\n"), std::string::npos) << first;
}

// The detail view lists what each combatant used.
TEST(Features, TerminalReportHasAPerFeatureSection) {
  const auto r = testing::encsim("run " + kSrc + "/scenarios/fivey/troll-bridge.yaml -n 2000 --no-band --variant base --detail");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("feature (per fight)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(": regenerate"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace encsim
