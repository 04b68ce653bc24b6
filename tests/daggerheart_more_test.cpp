// More Daggerheart cards on the attack hooks: Apex Predator (`trigger:
// attack`, `hit_if: focus`, `fear: -1`: a Hope before an attack at the
// Ranger's Focus, the GM loses a Fear on a success) and Voice of Reason
// (passive `stressed_proficiency`: more Proficiency on damage rolls while
// every Stress slot is marked) and Rise Up (passive `severe: proficiency`,
// `hurt_clear_stress`) and Champion's Edge (`per_hope`). Replayed on scripted dice where each fires and
// where its policy keeps it quiet; the new keys' errors.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "feature_lookup.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "daggerheart_replay.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::ScriptedDice;
namespace dh = daggerheart;
using testing::encounter_from;
using testing::has;
using testing::replay;
using testing::Replay;

// ---------------------------------------------------------------------------
// Apex Predator (Wayfinder mastery)

// A level-8 Wayfinder (its mastery by the default path; Agility 2, a d4 bow)
// against one foe (Difficulty 10, thresholds 4/8, 20 HP) whose attack misses;
// the GM starts with FEAR Fear; no Hope feature, Experience or help.
std::string wayfinder(int rounds, int fear) {
  return "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) +
         "\noptions: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, fear_start: " +
         std::to_string(fear) + ", hope_features: false}\n"
         "party:\n  - {name: Hunter, class: ranger, level: 8, subclass: Wayfinder, companion: none, "
         "traits: {agility: 2}, primary: {damage: d4}, armor: {thresholds: [5, 10], score: 0}}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [4, 8], atk: 0, hp: 20, stress: 6, attack: {damage: 1}}\n";
}

// Round 1: a Hope on Ranger's Focus (not yet the Focus: no Apex Predator), 9 +
// 3 + 2 = 14, a success with Hope; Foe becomes the Focus. Round 2: Foe is the
// Focus and the GM holds Fear: a Hope on Apex Predator, 14 again: the GM loses a Fear.
ScriptedDice two_hits(int prof) {
  std::vector<std::pair<int, int>> d;
  for (int round = 0; round < 2; ++round) {
    d.push_back({12, 9});
    d.push_back({12, 3});
    for (int k = 0; k < prof + 1; ++k) d.push_back({4, 1});  // Ruthless Predator's Stress: one more d4
  }
  ScriptedDice dice;
  dice.script.assign(d.begin(), d.end());
  return dice;
}

TEST(DaggerheartMore, ApexPredatorTakesAFearFromTheGmOnAHitAtTheFocus) {
  const auto enc = encounter_from(wayfinder(2, 3));
  const int prof = enc.pcs.front().proficiency;
  ScriptedDice dice = two_hits(prof);
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe is now Hunter's Focus")) << r.log;
  EXPECT_TRUE(has(r, "Hunter plays Apex Predator: the GM loses 1 Fear if the attack succeeds")) << r.log;
  EXPECT_TRUE(has(r, "Apex Predator: the GM loses 1 Fear (2 left)")) << r.log;
  EXPECT_LT(r.log.find("Foe is now Hunter's Focus"), r.log.find("Apex Predator")) << r.log;  // not before the Focus
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Apex Predator");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  EXPECT_EQ(f.conditions, 1);  // the Fear it took
  EXPECT_EQ(r.rec.resources[dh::kFearEnd], 2);
}

TEST(DaggerheartMore, ApexPredatorWaitsWhileTheGmHoldsNoFear) {
  const auto enc = encounter_from(wayfinder(2, 0));
  const int prof = enc.pcs.front().proficiency;
  ScriptedDice dice = two_hits(prof);
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe is now Hunter's Focus")) << r.log;
  EXPECT_FALSE(has(r, "Apex Predator")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Apex Predator").uses, 0);
}

TEST(DaggerheartMore, ApexPredatorsHopeIsSpentOnAMissAndNoFearIsLost) {
  const auto enc = encounter_from(wayfinder(2, 3));
  const int prof = enc.pcs.front().proficiency;
  // Round 2 fails (1 + 2 + 2 = 5, with Hope) at the Focus: the Focus ends to
  // reroll, and the reroll fails too (2 + 1 + 2 = 5, with Hope).
  std::vector<std::pair<int, int>> d{{12, 9}, {12, 3}};
  for (int k = 0; k < prof + 1; ++k) d.push_back({4, 1});  // Ruthless Predator's Stress: one more d4
  d.insert(d.end(), {{12, 2}, {12, 1}, {12, 2}, {12, 1}});
  ScriptedDice dice;
  dice.script.assign(d.begin(), d.end());
  dice.lenient = true;  // the GM's turn after the failure: Foe's attack misses on 1
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hunter plays Apex Predator")) << r.log;
  EXPECT_FALSE(has(r, "the GM loses 1 Fear (")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Apex Predator");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.conditions, 0);
}

// ---------------------------------------------------------------------------
// Voice of Reason (Splendor 3): +1 Proficiency on damage rolls while every Stress is marked

// One level-10 PC (no class: any domain; Agility 0, Proficiency 1) with a d4,
// 6 Stress, against a foe of Difficulty 10, thresholds 5/10, 6 HP.
std::string duel(const std::string& pc) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false}\n"
         "party:\n  - {name: Hero, level: 10, proficiency: 1, hp: 6, stress: 6, armor: {thresholds: [5, 10], score: 0}, "
         "primary: {damage: d4}, cards: [Voice of Reason], " + pc +
         "}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 1}}\n";
}

TEST(DaggerheartMore, VoiceOfReasonAddsAProficiencyDieWhileEveryStressIsMarked) {
  // 9 + 3 = 12 hits; two d4s (Proficiency 1 + 1) of 3: 6, Major (2 HP).
  const auto enc = encounter_from(duel("marked: {stress: 6}"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 3}, {4, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Voice of Reason: +1 Proficiency (all Stress marked)")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Voice of Reason").uses, 1);
  // One Stress slot free: one d4 of 3, Minor (1 HP).
  const auto calm = encounter_from(duel("marked: {stress: 5}"));
  ScriptedDice d2{{{12, 9}, {12, 3}, {4, 3}}};
  const Replay r2 = replay(calm, d2);
  EXPECT_FALSE(has(r2, "Voice of Reason")) << r2.log;
  EXPECT_EQ(r2.rec.combatants[1].damage_taken, 1) << r2.log;
}

// ---------------------------------------------------------------------------
// Rise Up (Valor 6): Severe + Proficiency, and a Stress cleared when an attack marks HP

// One level-10 PC (Proficiency 1, thresholds 15/20 with its level, no armor,
// 2 Stress marked) fails its attack with Fear (1 + 2); the foe's attack (+10) hits for 20.
std::string riser(const std::string& cards) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false}\n"
         "party:\n  - {name: Hero, level: 10, proficiency: 1, hp: 6, stress: 6, marked: {stress: 2}, "
         "armor: {thresholds: [5, 10], score: 0}, primary: {damage: d4}, " + cards +
         "}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 10, attack: {damage: 20}}\n";
}

TEST(DaggerheartMore, RiseUpRaisesSevereByProficiencyAndClearsAStressWhenHit) {
  const auto enc = encounter_from(riser("cards: [Rise Up]"));
  EXPECT_EQ(enc.pcs.front().severe, 21);
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "20 damage to Hero (thresholds 15/21): marks 2 HP")) << r.log;
  EXPECT_TRUE(has(r, "Rise Up: Hero clears 1 Stress (1 marked)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 2);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Rise Up");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 1);
  // Without the card: Severe at 20, 3 HP, the Stress stays.
  const auto plain = encounter_from(riser("traits: {agility: 0}"));
  ScriptedDice d2{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r2 = replay(plain, d2);
  EXPECT_TRUE(has(r2, "20 damage to Hero (thresholds 15/20): marks 3 HP")) << r2.log;
  EXPECT_FALSE(has(r2, "clears 1 Stress")) << r2.log;
}

// ---------------------------------------------------------------------------
// Champion's Edge (Blade 5): after a critical, a Hope apiece for different boons

// One level-10 PC (Proficiency 1, a d4, no armor) with Champion's Edge and
// MARKED, against a foe of thresholds 5/10 and 6 HP. 7 and 7: a critical; the
// d4's 1 + 4 = 5, Major (2 HP).
std::string champion(const std::string& marked) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false}\n"
         "party:\n  - {name: Hero, level: 10, proficiency: 1, hp: 6, stress: 6, " + marked +
         "armor: {thresholds: [5, 10], score: 0}, primary: {damage: d4}, cards: [\"Champion's Edge\"]}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 1}}\n";
}

TEST(DaggerheartMore, ChampionsEdgeBuysAnHpClearedAndAnHpOnTheTargetAfterACritical) {
  const auto enc = encounter_from(champion("marked: {hp: 2}, "));
  ScriptedDice dice{{{12, 7}, {12, 7}, {4, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Champion's Edge: a Hope clears 1 HP on Hero")) << r.log;
  EXPECT_TRUE(has(r, "Champion's Edge: a Hope makes Foe mark 1 more HP")) << r.log;
  EXPECT_FALSE(has(r, "Armor Slot(s)")) << r.log;  // no Armor Slot to clear: worth nothing
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Champion's Edge");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 2);
  EXPECT_EQ(f.healed, 1);
  EXPECT_EQ(f.damage, 1);
  // No HP marked: only the target's HP is worth a Hope.
  const auto fresh = encounter_from(champion(""));
  ScriptedDice d2{{{12, 7}, {12, 7}, {4, 1}}};
  const Replay r2 = replay(fresh, d2);
  EXPECT_FALSE(has(r2, "clears 1 HP on Hero")) << r2.log;
  EXPECT_TRUE(has(r2, "Champion's Edge: a Hope makes Foe mark 1 more HP")) << r2.log;
  EXPECT_EQ(testing::feature(fresh.features(), r2.rec, 0, "Champion's Edge").spent, 1);
  // Without a critical (9 + 3): nothing.
  ScriptedDice d3{{{12, 9}, {12, 3}, {4, 1}}};
  const Replay r3 = replay(enc, d3);
  EXPECT_FALSE(has(r3, "Champion's Edge")) << r3.log;
}

// ---------------------------------------------------------------------------
// The new keys' errors

TEST(DaggerheartMore, TheNewKeysAreCheckedWithLineAndColumn) {
  auto text = [](const std::string& body) { return testing::card_text(body, "Blade"); };
  auto msg = [](const std::string& body) { return testing::card_error(body, "Blade"); };
  const std::string focus_alone = "when: reaction, trigger: after_hit, target: self, gain_hope: 1, hit_if: focus";
  EXPECT_NE(msg(focus_alone).find("hit_if: focus goes with"), std::string::npos);
  EXPECT_EQ(testing::where_of([&] { dh::read_card_library("lib.yaml", text(focus_alone)); }).first, 2);
  EXPECT_NE(msg("when: reaction, trigger: attack, hope: 1, fear: -1, attack_damage: 2").find("one of them"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: attack, hope: 1, fear: 1").find("one of them"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: attack, hope: 1, fear: -1, hit_if: melee").find("hit_if with hit"),
            std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {stressed_proficiency: 5}").find("stressed_proficiency"), std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {stresed_proficiency: 1}").find("stressed_proficiency"), std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {hurt_clear_stress: 9}").find("hurt_clear_stress"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: after_hit, target: self, hope: 1, per_hope: true, heal_hp: 1, clear_armor: 1")
                .find("per_hope goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: crit, target: self, hope: 1, per_hope: true, heal_hp: 1").find("per_hope goes with"),
            std::string::npos);
}

}  // namespace
}  // namespace encsim
