// Daggerheart Group Action rolls (group_play.hpp, options.group_action): on
// scripted dice, the supporters' reaction rolls moving the leader's attack by
// +1 and -1, no Hope or Fear from them, their spotlight given up; `off`
// leaving a shipped scenario's output as it was; `always` against `off` on one
// fight; the value rule `auto`; and the leader's hit chance with one
// supporter, enumerated exactly, against a sampled rate.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "daggerheart_replay.hpp"
#include "encsim/runner.hpp"
#include "feature_lookup.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "run_encsim.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::encounter_from;
using testing::has;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;
namespace dh = daggerheart;
namespace fs = std::filesystem;


// Classless PCs (traits 0 but B's and C's instinct 2, Evasion 30, no Hope, a
// d8 weapon) against a Wall (Difficulty 12, thresholds 6/9); one round; no
// Experience, help or Tag Team; no Fear at the start.
std::string fight(const std::string& policy, int pcs = 2, int rounds = 1) {
  std::string yaml = "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) +
                     "\noptions: {fear_start: 0, tag_team: false, experience_min_hope: 7, help_min_hope: 7, "
                     "hard_moves: false, group_action: " + policy + "}\nparty:\n"
                     "  - {name: A, hope: 0, evasion: 30, primary: {damage: d8}}\n";
  for (int k = 1; k < pcs; ++k)
    yaml += std::string("  - {name: ") + static_cast<char>('A' + k) +
            ", hope: 0, evasion: 30, traits: {instinct: 2}, primary: {damage: d8}}\n";
  return yaml + "foes:\n  - {name: Wall, difficulty: 12, thresholds: [6, 9], hp: 20, attack: {damage: 1}}\n";
}

// The tactics stream picks A to act first: among two PCs the second draw (a
// d2) says 2 (keep A); among three also the d3.
ScriptedDice a_first(int pcs = 2) {
  return pcs == 2 ? ScriptedDice{{{2, 2}}, true} : ScriptedDice{{{2, 2}, {3, 2}}, true};
}

TEST(DaggerheartGroup, ASupportersSuccessAddsOneAndTurnsAMissIntoAHit) {
  // B's reaction roll with instinct: 5 + 6 + 2 = 13 against 12, a success:
  // A's 6 + 5 = 11 becomes 12 and hits; d8 4 marks 1 HP. A's success with Hope
  // keeps the spotlight; B has given its own up, so the round ends.
  ScriptedDice dice{{{12, 5}, {12, 6}, {12, 6}, {12, 5}, {8, 4}}};
  const dh::Encounter enc = encounter_from(fight("always"));
  const Replay r = replay(enc, dice, a_first());
  EXPECT_TRUE(has(r, "A leads a Group Action against Wall with 1 ally")) << r.log;
  EXPECT_TRUE(has(r, "B joins, its spotlight this round: reaction roll (instinct) Hope 5, Fear 6 +2 = 13 vs 12: success, +1"))
      << r.log;
  EXPECT_TRUE(has(r, "Group Action: +1 to A's roll")) << r.log;
  EXPECT_TRUE(has(r, "A rolls Hope 6, Fear 5 +1 = 12 vs 12: success with Hope")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hits, 1);
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 1);
  EXPECT_EQ(r.rec.combatants[1].attacks, 0);  // B never attacked
  EXPECT_EQ(r.rec.combatants[1].actions, 1);  // ... its action was the reaction roll
  EXPECT_EQ(r.rec.resources[dh::kActionRolls], 1);
  // features.csv: the attack is A's Group Action (use and damage), not its weapon's; B's support row.
  const FeatureRecord& led = testing::feature(enc.features(), r.rec, 0, "Group Action");
  EXPECT_EQ(led.uses, 1);
  EXPECT_EQ(led.damage, 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "primary").uses, 0);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 1, "Group Action support").uses, 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 1, "Group Action").uses, 0);
}

TEST(DaggerheartGroup, ASupportersFailureTakesOneOffAndTurnsAHitIntoAMiss) {
  // B: 2 + 3 + 2 = 7, a failure: A's 7 + 5 = 12 becomes 11 and misses (a
  // failure with Hope); the GM's turn (the Wall's natural 1 misses).
  ScriptedDice dice{{{12, 2}, {12, 3}, {12, 7}, {12, 5}, {20, 1}}};
  const Replay r = replay(encounter_from(fight("always")), dice, a_first());
  EXPECT_TRUE(has(r, "B joins, its spotlight this round: reaction roll (instinct) Hope 2, Fear 3 +2 = 7 vs 12: failure, -1"))
      << r.log;
  EXPECT_TRUE(has(r, "A rolls Hope 7, Fear 5 -1 = 11 vs 12: failure with Hope")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].attacks, 1);
  EXPECT_EQ(r.rec.combatants[0].hits, 0);
  EXPECT_EQ(r.rec.resources[dh::kGmTurns], 1);
  EXPECT_EQ(r.rec.combatants[1].attacks, 0);  // after the GM's turn B does not act: its spotlight is spent
}

TEST(DaggerheartGroup, TheReactionRollsMakeNoHopeAndNoFear) {
  // Three PCs: B's matching 1s (a success whatever the total, and no Hope, no
  // Stress cleared), C's 4 + 9 + 2 = 15 with the Fear die higher (a success,
  // and no Fear): +2. A's 3 + 9 + 2 = 14, a success with Fear: the GM gains
  // its one Fear, from A's roll alone; nobody gains Hope.
  ScriptedDice dice{{{12, 1}, {12, 1}, {12, 4}, {12, 9}, {12, 3}, {12, 9}, {8, 2}, {20, 1}}};
  const dh::Encounter enc = encounter_from(fight("always", 3));
  const Replay r = replay(enc, dice, a_first(3));
  EXPECT_TRUE(has(r, "Group Action: +2 to A's roll")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeGained], 0) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearGainedRolls], 1);
  EXPECT_EQ(r.rec.resources[dh::kFearGained], 1);
  EXPECT_EQ(r.rec.resources[dh::kActionRolls], 1);
  EXPECT_EQ(r.rec.resources[dh::kCriticals], 0);  // B's matching dice are no critical action roll
  EXPECT_EQ(r.rec.combatants[0].hits, 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 2, "Group Action support").uses, 1);
}

TEST(DaggerheartGroup, SupportersDoNotActAgainThatRound) {
  // Two rounds, always: one Group Action roll a round, led by whoever has the
  // spotlight first (A, then B: the lenient tactics stream keeps the later
  // PC), never four separate attacks.
  ScriptedDice dice{{{12, 5}, {12, 6}, {12, 6}, {12, 5}, {8, 1},     // round 1: A leads, B joins
                     {12, 6}, {12, 6}, {12, 6}, {12, 5}, {8, 1}}};   // round 2: B leads, A joins (matching dice)
  const dh::Encounter enc = encounter_from(fight("always", 2, 2));
  const Replay r = replay(enc, dice, ScriptedDice{{{2, 2}}, true});
  EXPECT_EQ(r.rec.resources[dh::kActionRolls], 2) << r.log;
  EXPECT_EQ(r.rec.combatants[0].attacks + r.rec.combatants[1].attacks, 2);
  EXPECT_EQ(r.rec.combatants[0].actions, 2);
  EXPECT_EQ(r.rec.combatants[1].actions, 2);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Group Action").uses, 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 1, "Group Action").uses, 1);
  EXPECT_TRUE(has(r, "B leads a Group Action against Wall with 1 ally")) << r.log;
}

TEST(DaggerheartGroup, AlwaysAgainstOffOnOneFight) {
  // Off: A and B attack in turn (7 + 5 = 12 each), two action rolls; no Group Action rows.
  {
    ScriptedDice dice{{{12, 7}, {12, 5}, {8, 4}, {12, 7}, {12, 5}, {8, 4}}};
    const dh::Encounter enc = encounter_from(fight("off"));
    const Replay r = replay(enc, dice, a_first());
    EXPECT_EQ(r.rec.resources[dh::kActionRolls], 2) << r.log;
    EXPECT_EQ(r.rec.combatants[0].hits + r.rec.combatants[1].hits, 2);
    EXPECT_EQ(r.rec.combatants[2].damage_taken, 2);
    EXPECT_FALSE(has(r, "Group Action"));
    for (const FeatureInfo& f : enc.features()) EXPECT_EQ(f.name.find("Group Action"), std::string::npos) << f.name;
  }
  // Always: A leads, B's 7 + 5 + 2 = 14 succeeds, A's 12 + 1 hits; one roll, one hit.
  {
    ScriptedDice dice{{{12, 7}, {12, 5}, {12, 7}, {12, 5}, {8, 4}}};
    const Replay r = replay(encounter_from(fight("always")), dice, a_first());
    EXPECT_EQ(r.rec.resources[dh::kActionRolls], 1) << r.log;
    EXPECT_EQ(r.rec.combatants[2].damage_taken, 1);
  }
}

TEST(DaggerheartGroup, AutoLeadsOnlyWhenTheSupportIsWorthMoreThanTheSupportersOwnAttack) {
  // B's d8 hurts the Wall (0.5 HP and more per attack): auto never gives it up
  // for a +1 worth a few hundredths of an HP; A attacks alone, then B.
  {
    ScriptedDice dice{{{12, 7}, {12, 5}, {8, 4}, {12, 7}, {12, 5}, {8, 4}}};
    const Replay r = replay(encounter_from(fight("auto")), dice, a_first());
    EXPECT_EQ(r.rec.resources[dh::kActionRolls], 2) << r.log;
    EXPECT_FALSE(has(r, "leads a Group Action")) << r.log;
  }
  // A Wall immune to magic and B with a magic weapon: B's own attack is worth
  // nothing, its instinct roll adds to A's chance, so auto has B join.
  {
    std::string yaml = fight("auto");
    yaml.replace(yaml.find("traits: {instinct: 2}, primary: {damage: d8}"),
                 std::string("traits: {instinct: 2}, primary: {damage: d8}").size(),
                 "traits: {instinct: 2}, primary: {damage: d8, type: magic}");
    yaml.replace(yaml.find("attack: {damage: 1}}"), std::string("attack: {damage: 1}}").size(),
                 "attack: {damage: 1}, features: [{name: Warded, kind: passive, immune: magic}]}");
    ScriptedDice dice{{{12, 5}, {12, 6}, {12, 6}, {12, 5}, {8, 4}}};
    const Replay r = replay(encounter_from(yaml), dice, a_first());
    EXPECT_TRUE(has(r, "A leads a Group Action against Wall with 1 ally")) << r.log;
    EXPECT_EQ(r.rec.resources[dh::kActionRolls], 1);
  }
}

TEST(DaggerheartGroup, TheOptionIsCheckedAndShownByCheck) {
  const std::string m = testing::message_of([&] { encounter_from(fight("allways")); });
  EXPECT_NE(m.find("did you mean 'always'?"), std::string::npos) << m;
  EXPECT_NE(encounter_from(fight("auto")).describe().find("Group Action auto"), std::string::npos);
  EXPECT_NE(encounter_from(fight("off")).describe().find("Group Action off"), std::string::npos);
}

// Exact: with `always`, two like PCs (agility 1 for the attack, instinct 2 at
// best) and one round, each fight is one Group Action roll: the leader hits
// when its 2d12 + 1, +1 if the supporter's 2d12 + 2 beats 13 (or its dice
// match), -1 if not, beats 13, or its own dice match.
TEST(DaggerheartGroup, TheLeadersHitChanceWithOneSupporterMatchesTheEnumeration) {
  double p_support = 0.0;
  for (int h = 1; h <= 12; ++h)
    for (int f = 1; f <= 12; ++f) p_support += (h == f || h + f + 2 >= 13) ? 1.0 / 144 : 0.0;
  double exact = 0.0;
  for (int h = 1; h <= 12; ++h)
    for (int f = 1; f <= 12; ++f) {
      const bool with_plus = h == f || h + f + 1 + 1 >= 13, with_minus = h == f || h + f + 1 - 1 >= 13;
      exact += (p_support * with_plus + (1 - p_support) * with_minus) / 144;
    }
  const std::string yaml =
      "ruleset: daggerheart\nmax_rounds: 1\n"
      "options: {fear_start: 0, tag_team: false, experience_min_hope: 7, help_min_hope: 7, group_action: always}\n"
      "party:\n"
      "  - {name: A, hope: 0, evasion: 30, traits: {agility: 1, instinct: 2}, primary: {damage: d8}}\n"
      "  - {name: B, hope: 0, evasion: 30, traits: {agility: 1, instinct: 2}, primary: {damage: d8}}\n"
      "foes:\n  - {name: Wall, difficulty: 13, thresholds: [6, 9], hp: 20, attack: {damage: 1}}\n";
  RunSettings s;
  s.trials = 200000;
  s.seed = 11;
  const Tally t = run_trials(encounter_from(yaml), s).tally;
  const double attacks = static_cast<double>(t.combatants[0].attacks + t.combatants[1].attacks);
  const double hits = static_cast<double>(t.combatants[0].hits + t.combatants[1].hits);
  ASSERT_EQ(attacks, 200000.0);  // one roll a fight
  const double se = std::sqrt(exact * (1 - exact) / attacks);
  EXPECT_NEAR(hits / attacks, exact, 4 * se);
  // Without the supporter's dice the chance would be P(2d12 + 1 >= 13): the test tells them apart.
  double alone = 0.0;
  for (int h = 1; h <= 12; ++h)
    for (int f = 1; f <= 12; ++f) alone += (h == f || h + f + 1 >= 13) ? 1.0 / 144 : 0.0;
  EXPECT_GT(std::abs(exact - alone), 8 * se);
}

// `off` (the default) leaves a shipped scenario's CSVs as they were: a copy
// with `options: {group_action: off}` written in gives the bytes of the copy
// without it, and `always` changes them.
TEST(DaggerheartGroup, OffLeavesAShippedScenarioByteIdentical) {
  const fs::path src = fs::path(ENCSIM_SOURCE_DIR) / "scenarios/daggerheart";
  const fs::path dir = testing::fresh_dir("group-action");
  for (const char* lib : {"adversaries.yaml", "party.yaml"}) fs::copy_file(src / lib, dir / lib);
  const std::string text = testing::slurp(src / "bandit-ambush.yaml");
  for (const std::string policy : {"", "off", "always"}) {
    const std::string name = policy.empty() ? "plain" : policy;
    std::ofstream(dir / (name + ".yaml")) << text << (policy.empty() ? "" : "options: {group_action: " + policy + "}\n");
    const testing::CliResult r = testing::encsim("run " + (dir / (name + ".yaml")).string() + " -n 2000 --no-band -o " +
                                                 (dir / name).string());
    ASSERT_EQ(r.code, 0) << r.out;
  }
  for (const char* f : {"summary.csv", "combatants.csv", "features.csv", "distributions.csv"}) {
    EXPECT_EQ(testing::slurp(dir / "off" / f), testing::slurp(dir / "plain" / f)) << f;
    EXPECT_NE(testing::slurp(dir / "always" / f), testing::slurp(dir / "plain" / f)) << f;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace encsim
