// Features and cards that change a PC's own Duality roll: Courage (`failed`,
// `hit_if: fear`), Rise to the Challenge, Signature Move and Dedicated
// (`trigger: roll`, `hope_die`, `hp_left`), Internal Compass and Fearless
// (`trigger: rolled`, `reroll_hope`, `fear_to_hope`) and Adept (passive
// `stress_experience`). Replayed on scripted dice where each fires and where
// its condition or policy keeps it quiet; the new keys' errors.
#include <gtest/gtest.h>

#include <string>

#include "daggerheart_replay.hpp"
#include "feature_lookup.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::encounter_from;
using testing::has;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;
namespace dh = daggerheart;

bool holds(const dh::Pc& p, const std::string& name) {
  for (const dh::PcCard& c : p.cards)
    if (c.def->name == name && c.live()) return true;
  return false;
}

// One PC (PC: the rest of its body; Proficiency 1, a d4, all traits 0) against
// one foe of Difficulty DC (thresholds 5/10, 20 HP, +0 to attack for 1), one
// round, no class Hope feature, class feature, Experience, help or Tag Team.
std::string duel(const std::string& pc, int dc = 10, const std::string& options = "") {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false" + options + "}\n"
         "party:\n  - {name: Hero, proficiency: 1, armor: {thresholds: [1, 2], score: 0}, primary: {damage: d4}, " + pc +
         "}\nfoes:\n  - {name: Foe, difficulty: " + std::to_string(dc) +
         ", thresholds: [5, 10], hp: 20, stress: 3, atk: 0, attack: {damage: 1}}\n";
}

// ---------------------------------------------------------------------------
// Courage (Call of the Brave foundation): a Hope after a failure with Fear

TEST(DaggerheartDice, CourageGivesAHopeAfterAFailureWithFear) {
  const auto enc = encounter_from(duel("class: warrior, subclass: Call of the Brave, hope: 2"));
  ASSERT_TRUE(holds(enc.pcs.front(), "Courage"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 1}}};  // 1 + 2 = 3: a failure with Fear; the foe misses
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Courage")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeGained], 1) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearGainedRolls], 1) << r.log;  // the GM still gains its Fear
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Courage").uses, 1);
  // A failure with Hope: only the roll's own Hope.
  ScriptedDice d2{{{12, 2}, {12, 1}, {20, 1}}};
  const Replay r2 = replay(enc, d2);
  EXPECT_FALSE(has(r2, "Courage")) << r2.log;
  EXPECT_EQ(r2.rec.resources[dh::kHopeGained], 1) << r2.log;
}

// ---------------------------------------------------------------------------
// Rise to the Challenge (Call of the Brave specialization): a d20 Hope Die at 2 HP or fewer

// A level-5 warrior with its specialization; MARKED of 6 HP marked, against
// Difficulty 30; full Hope and no Stress, so Battle Ritual is worth nothing.
std::string challenger(int marked) {
  return duel("class: warrior, subclass: Call of the Brave, level: 5, hp: 6, hope: 6, marked: {hp: " +
                  std::to_string(marked) + "}",
              30);
}

TEST(DaggerheartDice, RiseToTheChallengeRollsAD20HopeDieWhenNearlyDown) {
  const auto enc = encounter_from(challenger(4));
  ASSERT_TRUE(holds(enc.pcs.front(), "Rise to the Challenge"));
  ScriptedDice dice{{{20, 15}, {12, 3}, {20, 1}}};  // 15 + 3 = 18 vs 30: a failure with Hope
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Rise to the Challenge: Hero rolls a d20 Hope Die")) << r.log;
  EXPECT_TRUE(has(r, "Hero rolls Hope 15 (d20), Fear 3")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Rise to the Challenge").uses, 1);
  // Three HP unmarked: the d12.
  const auto fresh = encounter_from(challenger(3));
  ScriptedDice d2{{{12, 11}, {12, 3}, {20, 1}}};
  const Replay r2 = replay(fresh, d2);
  EXPECT_FALSE(has(r2, "Rise to the Challenge")) << r2.log;
}

// ---------------------------------------------------------------------------
// Signature Move (Bone 5) and Dedicated (Orderborne): a d20 Hope Die once a rest

TEST(DaggerheartDice, SignatureMoveRollsAD20OnceAndClearsAStressOnASuccess) {
  const auto enc = encounter_from(duel("class: warrior, subclass: Call of the Brave, level: 5, marked: {stress: 2}, cards: [Signature Move]"));
  // 15 + 3 = 18 vs 10: a success with Hope; the d4 deals 2 (a Minor hit).
  ScriptedDice dice{{{20, 15}, {12, 3}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Signature Move: a d20 Hope Die")) << r.log;
  EXPECT_TRUE(has(r, "Signature Move: the success clears 1 Stress on Hero (1 marked)")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Signature Move");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 1);
}

TEST(DaggerheartDice, DedicatedRollsAD20OnTheFirstAttackRollOnly) {
  const auto enc = encounter_from("ruleset: daggerheart\nmax_rounds: 2\n"
                                  "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
                                  "hope_features: false, class_features: false}\n"
                                  "party:\n  - {name: Hero, proficiency: 1, community: Orderborne, armor: {thresholds: [1, 2], score: 0}, "
                                  "primary: {damage: d4}}\n"
                                  "foes:\n  - {name: Foe, difficulty: 30, thresholds: [5, 10], hp: 20, atk: 0, attack: {damage: 1}}\n");
  ASSERT_TRUE(holds(enc.pcs.front(), "Dedicated"));
  // Round 1: the d20 (a failure with Hope); the foe misses. Round 2: the d12.
  ScriptedDice dice{{{20, 15}, {12, 3}, {20, 1}, {12, 5}, {12, 3}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Dedicated: a d20 Hope Die")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Dedicated").uses, 1);
}

// ---------------------------------------------------------------------------
// Internal Compass (Halfling): a Hope Die of 1 rolled again

TEST(DaggerheartDice, InternalCompassRollsAHopeDieOfOneAgain) {
  const auto enc = encounter_from(duel("ancestry: Halfling"));
  // 1 + 5: a failure with Fear; the 1 again: 9 + 5 = 14, a success with Hope; the d4 deals 2.
  ScriptedDice dice{{{12, 1}, {12, 5}, {12, 9}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Internal Compass: Hero rolls the Hope Die's 1 again: 9, total 14: success with Hope")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearGainedRolls], 0) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Internal Compass").uses, 1);
  // A critical (1 and 1) stays.
  ScriptedDice d2{{{12, 1}, {12, 1}, {4, 2}}};
  const Replay r2 = replay(enc, d2);
  EXPECT_FALSE(has(r2, "Internal Compass")) << r2.log;
}

// ---------------------------------------------------------------------------
// Fearless (Infernis): 2 Stress turn a roll with Fear into one with Hope

TEST(DaggerheartDice, FearlessTurnsASuccessWithFearIntoOneWithHope) {
  const auto enc = encounter_from(duel("ancestry: Infernis, stress: 6"));
  ScriptedDice dice{{{12, 3}, {12, 9}, {4, 2}}};  // 3 + 9 = 12: a success with Fear; the d4 deals 2
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Fearless: the roll is one with Hope: success with Hope")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearGainedRolls], 0) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeGained], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 2) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Fearless");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.conditions, 1);
  // With 4 of 6 Stress marked it would fill the track: the Fear stands, and the foe acts.
  const auto stressed = encounter_from(duel("ancestry: Infernis, stress: 6, marked: {stress: 4}"));
  ScriptedDice d2{{{12, 3}, {12, 9}, {4, 2}, {20, 1}}};
  const Replay r2 = replay(stressed, d2);
  EXPECT_FALSE(has(r2, "Fearless")) << r2.log;
  EXPECT_EQ(r2.rec.resources[dh::kFearGainedRolls], 1) << r2.log;
}

// ---------------------------------------------------------------------------
// Adept (School of Knowledge foundation): a Stress for a doubled Experience

// A level-1 wizard (Knowledge 0, a d12 magic weapon: a mean hit marks 3 HP on
// thresholds 3/6) with a +2 Experience and 2 Hope (below experience_min_hope)
// against Difficulty 14.
std::string adept(const std::string& more) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false}\n"
         "party:\n  - {name: Hero, class: wizard, subclass: School of Knowledge, proficiency: 1, hope: 2, strange_patterns: 0, "
         "experiences: {Lore: 2}, armor: {thresholds: [1, 2], score: 0}, primary: {damage: d12, trait: knowledge, type: magic}" +
         more + "}\nfoes:\n  - {name: Foe, difficulty: 14, thresholds: [3, 6], hp: 20, atk: 0, attack: {damage: 1}}\n";
}

TEST(DaggerheartDice, AdeptMarksAStressForADoubledExperience) {
  const auto enc = encounter_from(adept(""));
  ASSERT_TRUE(holds(enc.pcs.front(), "Adept"));
  // 5 + 6 + 4 = 15 vs 14: a success with Fear; the d12 deals 7 (Severe); the foe misses.
  ScriptedDice dice{{{12, 5}, {12, 6}, {12, 7}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero marks a Stress instead of a Hope on an Experience (Adept): +4")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentExperiences], 0) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Adept");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  // One Stress slot left: never the last one; 11 vs 14 fails.
  const auto last = encounter_from(adept(", stress: 6, marked: {stress: 5}"));
  ScriptedDice d2{{{12, 5}, {12, 6}, {20, 1}}};
  const Replay r2 = replay(last, d2);
  EXPECT_FALSE(has(r2, "Adept")) << r2.log;
}

// ---------------------------------------------------------------------------
// The new keys' errors

TEST(DaggerheartDice, TheNewKeysAreChecked) {
  auto text = [](const std::string& body) { return testing::card_text(body); };
  auto msg = [](const std::string& body) { return testing::card_error(body); };
  EXPECT_NE(msg("when: reaction, trigger: roll, hope_die: 4").find("6 to 20"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: roll, hope_die: 24").find("hope_die"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: roll, hope_die: 20, gain_hope: 1").find("a `roll` reaction"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: roll, hp_left: 2, heal_stress: 1").find("a `roll` reaction"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d4, hope_die: 20").find("hope_die goes with `trigger: roll`"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: rolled, reroll_hope: 1, fear_to_hope: true").find("one of them"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: rolled, reroll_hope: 1, gain_hope: 1").find("a `rolled` reaction"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: crit, target: self, gain_hope: 1, fear_to_hope: true")
                .find("go with `trigger: rolled`"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d4, hp_left: 2").find("hp_left goes with"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: rolled, reroll_hope: 9").find("reroll_hope"), std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {stress_experience: 1}").find("2 or 3"), std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {stress_experiense: 2}").find("stress_experience"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: failed, hit_if: hope, target: self, gain_hope: 1").find("weapon or fear"),
            std::string::npos);
  EXPECT_EQ(testing::where_of([&] { dh::read_card_library("lib.yaml", text("when: reaction, trigger: roll, hope_die: 4")); }).first,
            2);
  // Courage's reading is accepted.
  EXPECT_EQ(msg("when: reaction, trigger: failed, hit_if: fear, target: self, gain_hope: 1"), "(no error)");
}

}  // namespace
}  // namespace encsim
