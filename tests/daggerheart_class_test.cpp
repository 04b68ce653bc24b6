// Class features that are neither a Hope feature nor a card (SRD classes):
// the Guardian's Unstoppable (its die on damage rolls, one threshold less
// physical damage, no Vulnerable, once per long rest) and the Ranger's Focus
// (a Hope for a Focus attack, a Stress on each damage dealt to the Focus, a
// reroll of a failed attack at it), replayed with scripted dice.
#include <gtest/gtest.h>

#include <string>

#include "feature_lookup.hpp"
#include "daggerheart_replay.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::count;
using testing::encounter_from;
using testing::has;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;

std::string options(int rounds, const std::string& extra = "") {
  return "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) +
         "\noptions: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "fear_start: 0, hope_features: false" + extra + "}\n";
}

// A Guardian (Strength 2, a d6 melee weapon, thresholds 5/10, no armor)
// against one foe (Difficulty 10, thresholds 4/8).
std::string guardian(int rounds, const std::string& foe, const std::string& extra = "") {
  return options(rounds, extra) +
         "party:\n  - {name: Tank, class: guardian, traits: {strength: 2}, "
         "primary: {damage: d6, trait: strength, range: melee}, armor: {thresholds: [5, 10], score: 0}}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [4, 8], " + foe + "}\n";
}

// ---------------------------------------------------------------------------
// Unstoppable

TEST(DaggerheartUnstoppable, TheDieJoinsEachDamageRollAndTurnsUpAfterAnHpMarked) {
  const auto enc = encounter_from(guardian(2, "hp: 6, atk: 0, attack: {damage: 1}"));
  // Round 1: 9 + 3 + 2 = 14, success with Hope; d6 3 + 1 = 4: Major, 2 HP; the die turns to 2.
  // Round 2: the same roll; d6 3 + 2 = 5: Major again.
  ScriptedDice dice{{{12, 9}, {12, 3}, {6, 3}, {12, 9}, {12, 3}, {6, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Tank becomes Unstoppable (d4 at 1)")) << r.log;
  EXPECT_TRUE(has(r, "Unstoppable: +1")) << r.log;
  EXPECT_TRUE(has(r, "Tank's Unstoppable Die turns to 2")) << r.log;
  EXPECT_TRUE(has(r, "Unstoppable: +2")) << r.log;
  EXPECT_TRUE(has(r, "5 damage to Foe")) << r.log;
  EXPECT_EQ(count(r, "becomes Unstoppable"), 1) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Unstoppable").uses, 1);
  EXPECT_EQ(r.rec.combatants[0].damage_dealt, 4);
}

TEST(DaggerheartUnstoppable, PastTheLargestFaceTheGuardianDropsOut) {
  // Five hits at a foe of 20 HP: +1, +2, +3, +4, then the die is spent and the fifth adds nothing.
  const auto enc = encounter_from(guardian(5, "hp: 20, atk: 0, attack: {damage: 1}"));
  ScriptedDice dice{{}};
  for (int k = 0; k < 5; ++k) dice.script.insert(dice.script.end(), {{12, 9}, {12, 3}, {6, 1}});
  const Replay r = replay(enc, dice);
  for (const char* s : {"Unstoppable: +1", "Unstoppable: +2", "Unstoppable: +3", "Unstoppable: +4"})
    EXPECT_TRUE(has(r, s)) << s << "\n" << r.log;
  EXPECT_EQ(count(r, "Unstoppable: +"), 4) << r.log;
  EXPECT_TRUE(has(r, "Tank's Unstoppable Die is spent: no longer Unstoppable")) << r.log;
  EXPECT_TRUE(has(r, "  damage 1d6+0 = 1\n  1 damage to Foe")) << r.log;  // the fifth hit: no die
}

TEST(DaggerheartUnstoppable, FromLevelFiveTheDieIsAD6) {
  const auto enc = encounter_from(options(1) +
                                  "party:\n  - {name: Tank, class: guardian, level: 5}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [4, 8], hp: 6, attack: {damage: 1}}\n");
  EXPECT_EQ(enc.pcs.front().unstoppable_die, 6);
  EXPECT_EQ(encounter_from(guardian(1, "hp: 6, attack: {damage: 1}")).pcs.front().unstoppable_die, 4);
}

TEST(DaggerheartUnstoppable, PhysicalDamageIsOneThresholdLessSevereMagicIsNot) {
  // Tank fails with Fear (1 + 5 + 2 = 8): the foe attacks, 15 + 0 vs Evasion 9, 7 damage: Major (5/10).
  const auto physical = encounter_from(guardian(1, "hp: 6, atk: 0, attack: {damage: 7}"));
  ScriptedDice dice{{{12, 1}, {12, 5}, {20, 15}}};
  const Replay r = replay(physical, dice);
  EXPECT_TRUE(has(r, "Unstoppable: the hit is one threshold less severe (2 HP become 1)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1);
  EXPECT_EQ(testing::feature(physical.features(), r.rec, 0, "Unstoppable").healed, 1);
  const auto magic = encounter_from(guardian(1, "hp: 6, atk: 0, attack: {damage: 7, type: magic}"));
  ScriptedDice again{{{12, 1}, {12, 5}, {20, 15}}};
  const Replay m = replay(magic, again);
  EXPECT_FALSE(has(m, "less severe")) << m.log;
  EXPECT_EQ(m.rec.combatants[0].damage_taken, 2);
}

TEST(DaggerheartUnstoppable, AMinorHitMarksNothing) {
  const auto enc = encounter_from(guardian(1, "hp: 6, atk: 0, attack: {damage: 3}"));
  ScriptedDice dice{{{12, 1}, {12, 5}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "(1 HP become 0)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0);
}

TEST(DaggerheartUnstoppable, FullStressDoesNotMakeAnUnstoppableGuardianVulnerable) {
  // Six Stress marked: Vulnerable, so the foe's attack would roll with
  // advantage (two d20s); Unstoppable, it rolls one.
  const auto fight = [](const std::string& extra) {
    return options(1, extra) +
           "party:\n  - {name: Tank, class: guardian, traits: {strength: 2}, marked: {stress: 6}, "
           "primary: {damage: d6, trait: strength, range: melee}, armor: {thresholds: [5, 10], score: 0}}\n"
           "foes:\n  - {name: Foe, difficulty: 10, thresholds: [4, 8], hp: 6, atk: 0, attack: {damage: 7}}\n";
  };
  ScriptedDice dice{{{12, 1}, {12, 5}, {20, 15}}};
  const Replay r = replay(encounter_from(fight("")), dice);
  EXPECT_TRUE(has(r, "less severe")) << r.log;
  ScriptedDice off{{{12, 1}, {12, 5}, {20, 15}, {20, 3}}};
  const Replay n = replay(encounter_from(fight(", class_features: false")), off);
  EXPECT_FALSE(has(n, "Unstoppable")) << n.log;
}

TEST(DaggerheartUnstoppable, AFeatureThatWouldRestrainTheGuardianCountsNoCondition) {
  // Tank fails with Fear; the Bite hits (15 vs Evasion 9) for 8: a Major hit
  // (7/12) that Unstoppable makes Minor, and the Restrained it would impose
  // does not take, so the Bite's row counts no condition.
  const auto enc = encounter_from(guardian(
      1, "hp: 6, atk: 0, attack: {damage: 1}, "
         "features: [{name: Bite, kind: action, effect: attack, damage: 8, condition: restrained}]"));
  ScriptedDice dice{{{12, 1}, {12, 5}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Tank is Unstoppable: neither Vulnerable nor Restrained")) << r.log;
  EXPECT_FALSE(has(r, "Tank is Restrained")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 1, "Bite").uses, 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 1, "Bite").conditions, 0);
}

TEST(DaggerheartUnstoppable, ClassFeaturesFalseLeavesItOut) {
  const auto enc = encounter_from(guardian(1, "hp: 6, atk: 0, attack: {damage: 1}", ", class_features: false"));
  for (const FeatureInfo& f : enc.features()) EXPECT_NE(f.name, "Unstoppable");
  ScriptedDice dice{{{12, 9}, {12, 3}, {6, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Unstoppable")) << r.log;
}

// ---------------------------------------------------------------------------
// Ranger's Focus

// A Beastbound Ranger who left its companion home (Agility 2, a d4 bow),
// against one foe (Difficulty 10, thresholds 4/8, 3 Stress unless FOE says).
std::string ranger(int rounds, const std::string& foe) {
  return options(rounds) +
         "party:\n  - {name: Hunter, class: ranger, subclass: Beastbound, companion: none, traits: {agility: 2}, "
         "primary: {damage: d4}, armor: {thresholds: [5, 10], score: 0}}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [4, 8], atk: 0, attack: {damage: 1}, " + foe + "}\n";
}

TEST(DaggerheartFocus, AHopeMakesTheTargetTheFocusAndLaterDamageMarksAStress) {
  const auto enc = encounter_from(ranger(2, "hp: 8, stress: 3"));
  // Round 1: a Hope on the Focus attack, 14 vs 10, d4 4: Major, 2 HP (no Stress: the Focus comes after).
  // Round 2: 14 again, d4 2: Minor, 1 HP, and a Stress.
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 4}, {12, 9}, {12, 3}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hunter spends a Hope on Ranger's Focus against Foe")) << r.log;
  EXPECT_TRUE(has(r, "Foe is now Hunter's Focus")) << r.log;
  EXPECT_EQ(count(r, "spends a Hope on Ranger's Focus"), 1) << r.log;
  EXPECT_EQ(count(r, "Foe is Hunter's Focus: it marks a Stress"), 1) << r.log;
  EXPECT_TRUE(has(r, "Foe marks 1 Stress (1/3)")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Ranger's Focus");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  EXPECT_EQ(f.damage, 0);
}

TEST(DaggerheartFocus, AFocusWithNoStressLeftMarksAnHpCountedToTheFocus) {
  const auto enc = encounter_from(ranger(2, "hp: 8, stress: 0"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 4}, {12, 9}, {12, 3}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe cannot mark a Stress: marks an HP")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Ranger's Focus").damage, 1);
  EXPECT_EQ(r.rec.combatants[0].damage_dealt, 4);  // 2 + 1 by the bow, 1 by the Focus
}

TEST(DaggerheartFocus, AFailedAttackAtTheFocusEndsItToRerollTheDualityDice) {
  const auto enc = encounter_from(ranger(2, "hp: 8, stress: 3"));
  // Round 2: 1 + 2 + 2 = 5, a failure with Fear at the Focus: ended, rerolled to 14 (Hope); d4 2 marks 1 HP, no Stress.
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 4}, {12, 1}, {12, 2}, {12, 9}, {12, 3}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hunter ends Ranger's Focus to reroll the Duality Dice")) << r.log;
  EXPECT_FALSE(has(r, "it marks a Stress")) << r.log;
  EXPECT_EQ(r.rec.resources[daggerheart::kFearGained], 0);  // the failure with Fear was rerolled away
  EXPECT_EQ(r.rec.combatants[0].damage_dealt, 3);
}

TEST(DaggerheartFocus, ElusivePredatorRaisesEvasionAgainstTheFocusOnly) {
  // A level-5 Wayfinder with its specialization: a Hope on the Focus attack,
  // 3 + 9 + 2 = 14, a success with Fear; 3d4 (Proficiency 3) of 1 and
  // Ruthless Predator's d4 mark 2 HP, and Foe becomes the Focus. The GM turn:
  // Foe's attack rolls exactly the Ranger's Evasion, which hits a Ranger
  // without the feature and misses this one.
  const auto fight = [](const std::string& subclass) {
    return options(1) + "party:\n  - {name: Hunter, class: ranger, level: 5, subclass: " + subclass +
           ", companion: none, traits: {agility: 2}, primary: {damage: d4}, armor: {thresholds: [5, 10], score: 0}, "
           "advancements: {2: [hp, stress], 3: [hp, stress], 4: [evasion, traits: [strength, finesse]], 5: [subclass, hp]}}\n"
           "foes:\n  - {name: Foe, difficulty: 10, thresholds: [4, 8], atk: 0, hp: 8, stress: 3, attack: {damage: 1}}\n";
  };
  const auto elusive = encounter_from(fight("Wayfinder"));
  const int ev = elusive.pcs.front().evasion;
  ScriptedDice dice{{{12, 3}, {12, 9}, {4, 1}, {4, 1}, {4, 1}, {4, 1}, {20, ev}}};  // Ruthless Predator: a fourth d4
  const Replay r = replay(elusive, dice);
  EXPECT_TRUE(has(r, "Foe is now Hunter's Focus")) << r.log;
  EXPECT_TRUE(has(r, "(Hunter's Evasion is 2 higher against its Focus)")) << r.log;
  EXPECT_TRUE(has(r, "vs Evasion " + std::to_string(ev + 2) + " of Hunter: miss")) << r.log;
  const auto beastbound = encounter_from(fight("Beastbound"));
  ScriptedDice again{{{12, 3}, {12, 9}, {4, 1}, {4, 1}, {4, 1}, {20, beastbound.pcs.front().evasion}}};
  const Replay b = replay(beastbound, again);
  EXPECT_TRUE(has(b, "Foe is now Hunter's Focus")) << b.log;
  EXPECT_TRUE(has(b, ": hit")) << b.log;
  EXPECT_FALSE(has(b, "higher against its Focus")) << b.log;
}

TEST(DaggerheartFocus, NoHopeIsSpentOnAMinionOrAFoeNearlyDown) {
  std::string yaml = ranger(1, "hp: 1, type: minion, features: [{name: Minion (3), kind: passive, minion: 3}]");
  yaml.replace(yaml.find("thresholds: [4, 8], atk"), 18, "thresholds: none");
  const auto minion = encounter_from(yaml);
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 4}}};
  const Replay r = replay(minion, dice);
  EXPECT_FALSE(has(r, "Ranger's Focus")) << r.log;
  const auto low = encounter_from(ranger(1, "hp: 2, stress: 3"));
  ScriptedDice again{{{12, 9}, {12, 3}, {4, 4}}};
  const Replay l = replay(low, again);
  EXPECT_FALSE(has(l, "Ranger's Focus")) << l.log;
}

}  // namespace
}  // namespace encsim
