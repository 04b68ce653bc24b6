// Daggerheart cards and features that change the PC's own damage and
// severity (issue 11): a severity floor on the PC's weapon hits (Onslaught,
// passive min_marks), HP marked outright by an action (Reaper's Strike,
// hp_marks) and on top of a hit (Thrive in Chaos, a `hit` reaction's
// hp_marks). Scripted dice, one state where each fires and one where it must not.
#include <gtest/gtest.h>

#include <string>

#include "feature_lookup.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "daggerheart_replay.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::encounter_from;
using testing::has;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;
namespace dh = daggerheart;

// One PC (PC: the rest of its body; no Experience, help, Tag Team or class
// Hope feature; Spellcast Knowledge +2, thresholds 1/2, a d4 weapon) against
// one foe (thresholds 5/10, 6 HP unless FOE says), in one round.
std::string duel(const std::string& pc, const std::string& foe = "hp: 6") {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false}\n"
         "party:\n  - {name: Hero, spellcast: knowledge, traits: {knowledge: 2}, hp: 6, "
         "armor: {thresholds: [1, 2], score: 0}, primary: {damage: d4}, " +
         pc + "}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], stress: 3, atk: 0, attack: {damage: 1}, " +
         foe + "}\n";
}

// ---------------------------------------------------------------------------
// Onslaught: passive min_marks

// A weapon hit of 1 (Minor: 1 HP) marks 2 HP with Onslaught.
TEST(DaggerheartState, OnslaughtLiftsAWeakWeaponHitToTwoHp) {
  const auto enc = encounter_from(duel("level: 10, proficiency: 1, cards: [Onslaught]"));
  EXPECT_EQ(enc.pcs[0].hit_min_marks, 2);
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 1}}};  // 9 + 3 = 12 vs 10, with Hope; d4 1
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  const auto plain = encounter_from(duel("level: 10, proficiency: 1"));
  ScriptedDice dice2{{{12, 9}, {12, 3}, {4, 1}}};
  EXPECT_EQ(replay(plain, dice2).rec.combatants[1].damage_taken, 1);
}

// Even a hit a resistance and a reduction leave at nothing marks 2 HP; an
// immune foe marks none.
TEST(DaggerheartState, OnslaughtHoldsPastResistanceButNotImmunity) {
  const auto resist = encounter_from(duel(
      "level: 10, proficiency: 1, cards: [Onslaught]",
      "hp: 6, features: [{name: Hide, kind: passive, resist: physical, damage_reduction: 3}]"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 2}}};  // 2 / 2 = 1, - 3: nothing
  const Replay r = replay(resist, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  const auto immune = encounter_from(
      duel("level: 10, proficiency: 1, cards: [Onslaught]", "hp: 6, features: [{name: Mist, kind: passive, immune: physical}]"));
  ScriptedDice dice2{{{12, 9}, {12, 3}, {4, 2}}};
  const Replay m = replay(immune, dice2);
  EXPECT_EQ(m.rec.combatants[1].damage_taken, 0) << m.log;
}

// Not a spell's damage: Cinder Grasp's 1 + 3 = 4 stays Minor (1 HP); nor a miss.
TEST(DaggerheartState, OnslaughtLeavesASpellAndAMissAlone) {
  const auto enc = encounter_from(duel(
      "level: 10, proficiency: 1, cards: [Onslaught, Cinder Grasp], tactics: [{do: \"card:Cinder Grasp\"}]"));
  ScriptedDice dice{{{12, 8}, {12, 3}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Cinder Grasp: 4 magic damage to Foe")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1) << r.log;
  const auto weapon = encounter_from(duel("level: 10, proficiency: 1, cards: [Onslaught]"));
  ScriptedDice dice2{{{12, 2}, {12, 5}, {20, 1}}};  // 7 vs 10: a miss; the foe's d20 misses
  const Replay m = replay(weapon, dice2);
  EXPECT_EQ(m.rec.combatants[1].damage_taken, 0) << m.log;
}

// ---------------------------------------------------------------------------
// Reaper's Strike: an action's hp_marks

// A Hope and an attack roll that beats the foe: it marks 5 HP, no damage die.
TEST(DaggerheartState, ReapersStrikeMarksFiveHpOnASuccessfulAttackRoll) {
  const auto enc = encounter_from(duel("level: 10, proficiency: 1, cards: [Reaper's Strike], "
                                       "tactics: [{do: \"card:Reaper's Strike\"}]",
                                       "hp: 8"));
  ScriptedDice dice{{{12, 9}, {12, 3}}};  // 12 vs 10, with Hope: no damage roll follows
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Reaper's Strike")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 5) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 1);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Reaper's Strike");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 5);
}

// A failed roll marks nothing (and passes the spotlight: the foe's d20).
TEST(DaggerheartState, ReapersStrikeMarksNothingOnAFailedRoll) {
  const auto enc = encounter_from(duel("level: 10, proficiency: 1, cards: [Reaper's Strike], "
                                       "tactics: [{do: \"card:Reaper's Strike\"}]",
                                       "hp: 8"));
  ScriptedDice dice{{{12, 2}, {12, 5}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 0) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Reaper's Strike").uses, 1);
}

// ---------------------------------------------------------------------------
// Thrive in Chaos: a `hit` reaction's hp_marks (School of War mastery)

// A level-8 War Wizard (Proficiency 5): 5d4 of 1s = 5, Major (2 HP), and a
// Stress makes the foe mark a third.
TEST(DaggerheartState, ThriveInChaosBuysOneMoreHpForAStress) {
  const auto enc = encounter_from(duel("class: wizard, level: 8, subclass: School of War", "hp: 8"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 1}, {4, 1}, {4, 1}, {4, 1}, {4, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Thrive in Chaos")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Thrive in Chaos");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  EXPECT_EQ(f.damage, 1);
}

// When the hit alone defeats the foe (2 HP left), no Stress is spent.
TEST(DaggerheartState, ThriveInChaosIsNotPlayedWhenTheHitAlreadyDefeats) {
  const auto enc = encounter_from(duel("class: wizard, level: 8, subclass: School of War", "hp: 2"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 1}, {4, 1}, {4, 1}, {4, 1}, {4, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Thrive in Chaos")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Thrive in Chaos").uses, 0);
}

// ---------------------------------------------------------------------------
// Bad input

TEST(DaggerheartState, HpMarksOutsideAnActionOrAHitIsAnError) {
  const std::string passive =
      "cards:\n  - {name: X, domain: Blade, level: 1, type: Ability, summary: s, when: passive, passive: {hp: 1}, "
      "hp_marks: 1}\n";
  EXPECT_EQ(testing::where_of([&] { dh::read_card_library("lib.yaml", passive); }).first, 2);
  EXPECT_NE(testing::message_of([&] { dh::read_card_library("lib.yaml", passive); }).find("hp_marks goes with"),
            std::string::npos);
  const std::string both =
      "cards:\n  - {name: X, domain: Blade, level: 1, type: Ability, summary: s, roll: attack, hp_marks: 2, bonus: d6}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_card_library("lib.yaml", both); }).find("replace its damage"),
            std::string::npos);
  const std::string floor =
      "cards:\n  - {name: X, domain: Blade, level: 1, type: Ability, summary: s, when: passive, passive: {min_mark: 2}}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_card_library("lib.yaml", floor); }).find("min_marks"),
            std::string::npos);
}

}  // namespace
}  // namespace encsim
