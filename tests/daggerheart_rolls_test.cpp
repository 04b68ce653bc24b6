// Rerolls on a PC's action roll, its own and an ally's (play_roll.hpp,
// `reroll` on `trigger: rolled` and `ally_rolled`, with on_trait,
// on_failure and with_experience): Feline Instincts (the Hope Die on an
// Agility roll), Adaptability (a failed roll with an Experience), Luckbender
// (the PC's or an ally's roll, once a session), Reassurance (an ally's, once
// a rest), Support Tank (one of an ally's dice after a failure) and
// Unshakable (`passive: {keep_stress: 6}`: a d6 before each Stress), Quick
// Reactions (`trigger: reaction_roll, advantage`) and Surefooted (`passive:
// {no_disadvantage: agility}`) and Nemesis (`swap`, `prioritize`), each on
// scripted dice where it fires and where its condition or policy keeps it
// quiet; the new keys' errors.
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

// One PC (PC: the rest of its body; all traits 0, Proficiency 1 unless PC
// says) against one foe of Difficulty 10 (thresholds 5/10, 20 HP, +0 to
// attack for 1), one round, no class Hope feature, class feature, help or Tag
// Team; Experiences only at EXP Hope or more.
std::string duel(const std::string& pc, int exp = 7) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: " + std::to_string(exp) +
         ", help_min_hope: 7, hard_moves: false, hope_features: false, class_features: false}\n"
         "party:\n  - {name: Hero, armor: {thresholds: [1, 2], score: 0}, " + pc +
         "}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 20, stress: 3, atk: 0, attack: {damage: 1}}\n";
}

// Hero (HERO: its body; level 1 unless it says) and Pal (level 1, HP 6, a d4 unless PAL names its weapon) against one
// foe (Difficulty 10, thresholds 5/10, 20 HP) whose attack misses on a d20 1.
// Pal acts first (the tactics stream answers 1: the last candidate).
std::string party(const std::string& hero, const std::string& pal = "") {
  std::string y = "ruleset: daggerheart\nmax_rounds: 1\n"
                  "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
                  "hope_features: false, class_features: false}\n";
  y += "party:\n  - {name: Hero, armor: {thresholds: [5, 11], score: 3}, primary: {damage: d4}, " + hero + "}\n";
  y += "  - {name: Pal, level: 1, hp: 6, armor: {thresholds: [1, 2], score: 0}, " +
       (pal.empty() ? std::string("primary: {damage: d4}") : pal) + "}\n";
  return y + "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 20, stress: 3, atk: 0, attack: {damage: 1}}\n";
}

// ---------------------------------------------------------------------------
// Feline Instincts (Katari): two Hope roll the Hope Die again on an Agility roll

// Hope 1, Fear 5 = 6 vs 10 fails with Fear; the Hope Die again (8 of 12 faces
// succeed: worth 1.25 HP each against the 0.6 the failure costs): 9, total 14.
TEST(DaggerheartRolls, FelineInstinctsRollsTheHopeDieAgainOnAnAgilityRoll) {
  const auto enc = encounter_from(duel("ancestry: Katari, hope: 3, primary: {damage: d4, trait: agility}"));
  ScriptedDice dice{{{12, 1}, {12, 5}, {12, 9}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Feline Instincts: the Hope Die again: Hope 9, Fear 5, total 14: success with Hope")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 2) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearGainedRolls], 0) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Feline Instincts");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 2);
  EXPECT_EQ(f.conditions, 1);  // a failure made a success
  // A Finesse weapon's attack is no Agility roll: the failure stands.
  const auto finesse = encounter_from(duel("ancestry: Katari, hope: 3, primary: {damage: d4, trait: finesse}"));
  ScriptedDice d2{{{12, 1}, {12, 5}, {20, 1}}};
  const Replay r2 = replay(finesse, d2);
  EXPECT_FALSE(has(r2, "plays Feline Instincts")) << r2.log;
  EXPECT_EQ(r2.rec.resources[dh::kFearGainedRolls], 1) << r2.log;
}

// ---------------------------------------------------------------------------
// Adaptability (Human): a Stress rolls a failed roll with an Experience again

TEST(DaggerheartRolls, AdaptabilityRollsAFailedRollWithAnExperienceAgain) {
  // A +2 Experience at 1 Hope: Hope 2, Fear 3 + 2 = 7 vs 10 fails with Fear; again: 8 + 4 + 2 = 14.
  const auto enc = encounter_from(duel("ancestry: Human, hope: 2, experiences: {Lore: 2}, primary: {damage: d4}", 1));
  ScriptedDice dice{{{12, 2}, {12, 3}, {12, 8}, {12, 4}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Adaptability: the Duality Dice again: Hope 8, Fear 4, total 14: success with Hope")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Adaptability");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  // No Experience on the roll (it keeps its Hope): the failure stands.
  const auto plain = encounter_from(duel("ancestry: Human, hope: 2, experiences: {Lore: 2}, primary: {damage: d4}"));
  ScriptedDice d2{{{12, 2}, {12, 3}, {20, 1}}};
  const Replay r2 = replay(plain, d2);
  EXPECT_FALSE(has(r2, "plays Adaptability")) << r2.log;
}

// ---------------------------------------------------------------------------
// Luckbender (Faerie): once a session, three Hope roll the Duality Dice again

// Proficiency 2 with a d12: a mean hit (13) marks 3 HP on thresholds 5/10, so
// a success is worth three HP and a reroll of a failure beats the three Hope.
TEST(DaggerheartRolls, LuckbenderRollsTheDualityDiceAgainForThreeHope) {
  const auto enc = encounter_from(duel("ancestry: Faerie, hope: 4, proficiency: 2, primary: {damage: d12}"));
  ScriptedDice dice{{{12, 2}, {12, 3}, {12, 8}, {12, 4}, {12, 6}, {12, 7}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Luckbender: the Duality Dice again: Hope 8, Fear 4, total 12: success with Hope")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 3) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Luckbender").uses, 1);
  // A d4 (one HP a success): not worth three Hope.
  const auto small = encounter_from(duel("ancestry: Faerie, hope: 4, primary: {damage: d4}"));
  ScriptedDice d2{{{12, 2}, {12, 3}, {20, 1}}};
  const Replay r2 = replay(small, d2);
  EXPECT_FALSE(has(r2, "plays Luckbender")) << r2.log;
}

// ... and on an ally's roll: Pal fails (Hope 1, Fear 2); Hero's Luckbender rolls Pal's dice again.
TEST(DaggerheartRolls, LuckbenderRollsAnAllysDice) {
  const auto enc = encounter_from(party("ancestry: Faerie, hope: 4", "proficiency: 2, primary: {damage: d12}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {12, 9}, {12, 3}, {12, 6}, {12, 7}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Luckbender: Pal rolls the Duality Dice again: Hope 9, Fear 3, total 12: success with Hope"))
      << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Luckbender").uses, 1);
}

// ---------------------------------------------------------------------------
// Reassurance (Splendor 1): once a rest, an ally rolls its dice again

TEST(DaggerheartRolls, ReassuranceLetsAnAllyRollAgainAfterAFailure) {
  const auto enc = encounter_from(party("cards: [Reassurance]"));
  // Pal: 1 + 2 = 3 fails with Fear; again 7 + 5 = 12: a success with Hope, its d4 deals 2;
  // Hero: 1 + 2 fails with Fear (Reassurance is for allies); the foe misses.
  ScriptedDice dice{{{12, 1}, {12, 2}, {12, 7}, {12, 5}, {4, 2}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Reassurance: Pal rolls the Duality Dice again: Hope 7, Fear 5, total 12: success with Hope"))
      << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Reassurance");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.conditions, 1);
  // A success with Fear: the card waits for a failure.
  ScriptedDice d2{{{12, 3}, {12, 9}, {4, 2}, {20, 1}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay r2 = replay(enc, d2);
  EXPECT_FALSE(has(r2, "plays Reassurance")) << r2.log;
}

// ---------------------------------------------------------------------------
// Support Tank (Valor 4): two Hope, an ally rolls one die again after a failure

// Pal's Hope 1, Fear 2 fail: the Hope Die again (6 of 12 faces succeed) is
// worth more than the Fear Die (4 faces, all with Fear) and beats two Hope.
TEST(DaggerheartRolls, SupportTankRollsAnAllysBetterDieAgain) {
  const auto enc = encounter_from(party("level: 4, hope: 3, cards: [Support Tank]"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {12, 10}, {4, 2}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Support Tank: Pal rolls the Hope Die again: Hope 10, Fear 2, total 12: success with Hope"))
      << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 2) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Support Tank");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 2);
  // Only one Hope: it cannot pay.
  const auto poor = encounter_from(party("level: 4, hope: 1, cards: [Support Tank]"));
  ScriptedDice d2{{{12, 1}, {12, 2}, {20, 1}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay r2 = replay(poor, d2);
  EXPECT_FALSE(has(r2, "plays Support Tank")) << r2.log;
}

// ---------------------------------------------------------------------------
// Unshakable (Firbolg): a d6 before each Stress; a 6 and it is not marked

TEST(DaggerheartRolls, UnshakableKeepsAStressOnASix) {
  // Hero fails (1 + 2); the foe's Jeer (d20 15) hits for 1 and 2 Stress: d6 6 keeps one, d6 3 marks the other.
  const std::string y = "ruleset: daggerheart\nmax_rounds: 1\n"
                        "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
                        "hope_features: false, class_features: false}\n"
                        "party:\n  - {name: Hero, ancestry: Firbolg, armor: {thresholds: [5, 10], score: 0}, primary: {damage: d4}}\n"
                        "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 20, atk: 0, attack: {damage: 1}, "
                        "features: [{name: Jeer, kind: action, effect: attack, target_stress: 2, damage: 1}]}\n";
  const auto enc = encounter_from(y);
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {6, 6}, {6, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Unshakable: d6 6: Hero does not mark a Stress")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Unshakable");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 1);
}

// ---------------------------------------------------------------------------
// Quick Reactions (Elf): a Stress for advantage on a reaction roll;
// Surefooted (Goblin): an Agility roll ignores disadvantage

// HERO (its ancestry) alone against a foe that cannot land its standard
// attack (atk -20), so the GM's value rule spotlights FEATURE instead; ROUNDS
// rounds; Hero's primary weapon WEAPON.
std::string lone(const std::string& hero, const std::string& feature, int rounds = 1,
                 const std::string& weapon = "{damage: d4}") {
  return "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) +
         "\noptions: {fear_start: 0, tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false}\n"
         "party:\n  - {name: Hero, " + hero + ", armor: {thresholds: [5, 10], score: 0}, primary: " + weapon + "}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 20, atk: -20, attack: {damage: 1}, features: [" +
         feature + "]}\n";
}

// Hero fails (1 + 2); the Blast's 10 damage would be Severe (3 HP): a Stress
// for advantage; 5 + 4 + d6 4 = 13 vs 12 succeeds.
TEST(DaggerheartRolls, QuickReactionsBuysAdvantageOnAReactionRoll) {
  const std::string blast = "{name: Blast, kind: action, effect: reaction_roll, trait: agility, damage: 10, difficulty: 12}";
  const auto enc = encounter_from(lone("ancestry: Elf", blast));
  ScriptedDice dice{{{12, 1}, {12, 2}, {12, 5}, {12, 4}, {6, 4}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Quick Reactions: advantage on the reaction roll against Foe")) << r.log;
  EXPECT_TRUE(has(r, "Hero's reaction roll 13 (advantage) vs 12: success")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Quick Reactions").uses, 1);
  // A Blast of 1 (one HP at most): not worth the Stress, no d6.
  const auto weak = encounter_from(lone("ancestry: Elf",
                                        "{name: Blast, kind: action, effect: reaction_roll, trait: agility, damage: 1, difficulty: 12}"));
  ScriptedDice d2{{{12, 1}, {12, 2}, {12, 5}, {12, 4}}};
  const Replay r2 = replay(weak, d2);
  EXPECT_FALSE(has(r2, "Quick Reactions")) << r2.log;
}

// Round 1: Hero fails, the Foe hides. Round 2: Hero's attack at the Hidden
// foe rolls no disadvantage die: 8 + 5 = 13, a success; the d4 deals 2.
TEST(DaggerheartRolls, SurefootedIgnoresDisadvantageOnAnAgilityAttack) {
  const std::string cloak = "{name: Cloak, kind: action, effect: hide}";
  const auto enc = encounter_from(lone("ancestry: Goblin", cloak, 2));
  ScriptedDice dice{{{12, 1}, {12, 2}, {12, 8}, {12, 5}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Surefooted: Hero ignores the disadvantage (Foe is Hidden)")) << r.log;
  EXPECT_TRUE(has(r, "Hero rolls Hope 8, Fear 5 +0 = 13 vs 10: success with Hope")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Surefooted").uses, 1);
  // A Finesse weapon: the disadvantage die is rolled (d6 3: 13 - 3 = 10, still a success).
  const auto finesse = encounter_from(lone("ancestry: Goblin", cloak, 2, "{damage: d4, trait: finesse}"));
  ScriptedDice d2{{{12, 1}, {12, 2}, {12, 8}, {12, 5}, {6, 3}, {4, 2}}};
  const Replay r2 = replay(finesse, d2);
  EXPECT_FALSE(has(r2, "Surefooted")) << r2.log;
  EXPECT_TRUE(has(r2, "- disadvantage")) << r2.log;
}

// ---------------------------------------------------------------------------
// Nemesis (Vengeance mastery): two Hope Prioritize a foe; a roll with Fear at it swaps the dice

TEST(DaggerheartRolls, NemesisSwapsTheDiceAgainstAPrioritizedFoe) {
  const auto enc = encounter_from(duel("class: guardian, subclass: Vengeance, level: 8, proficiency: 1, hope: 3, cards: [], "
                                       "primary: {damage: d4}"));
  // 3 + 9 = 12: a success with Fear; swapped: Hope 9, Fear 3, a success with Hope; the d4 deals 2.
  ScriptedDice dice{{{12, 3}, {12, 9}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero spends 2 Hope: Nemesis Prioritizes Foe")) << r.log;
  EXPECT_TRUE(has(r, "Hero plays Nemesis: the Hope and Fear Dice swap: Hope 9, Fear 3: success with Hope")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearGainedRolls], 0) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Nemesis");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 2);
  EXPECT_EQ(f.conditions, 1);
  // One Hope: no Prioritize, no swap; the Fear stands (the foe's d20 1 misses).
  const auto poor = encounter_from(duel("class: guardian, subclass: Vengeance, level: 8, proficiency: 1, hope: 1, cards: [], "
                                        "primary: {damage: d4}"));
  ScriptedDice d2{{{12, 3}, {12, 9}, {4, 2}, {20, 1}}};
  const Replay r2 = replay(poor, d2);
  EXPECT_FALSE(has(r2, "Nemesis")) << r2.log;
  EXPECT_EQ(r2.rec.resources[dh::kFearGainedRolls], 1) << r2.log;
}

// ---------------------------------------------------------------------------
// The new keys' errors

TEST(DaggerheartRolls, TheNewKeysAreChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body); };
  EXPECT_NE(msg("when: reaction, trigger: rolled, reroll: duallity").find("did you mean 'duality'"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: rolled, reroll: hope, fear_to_hope: true").find("one of them"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: ally_rolled, reroll: hope").find("an `ally_rolled` reaction"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: ally_rolled, target: allies, fear_to_hope: true").find("an `ally_rolled` reaction"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: ally_rolled, target: allies, reroll: one, gain_hope: 1").find("an `ally_rolled` reaction"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: failed, target: self, gain_hope: 1, reroll: hope").find("reroll goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: failed, target: self, gain_hope: 1, on_failure: true").find("on_trait, on_failure"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: rolled, reroll: hope, on_trait: agillity").find("agility"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d4, with_experience: true").find("on_trait, on_failure and with_experience go with"), std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {keep_stress: 1}").find("2 to 6"), std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {no_disadvantage: agile}").find("agility"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: reaction_roll, stress: 1, gain_hope: 1").find("a `reaction_roll` reaction"),
            std::string::npos);
  EXPECT_EQ(msg("when: reaction, trigger: reaction_roll, stress: 1, advantage: true"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d4, swap: true").find("swap goes with"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: rolled, swap: true, prioritize: true").find("prioritize goes with"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: rolled, swap: true, fear_to_hope: true").find("one of them"), std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {keep_stress: 7}").find("keep_stress"), std::string::npos);
  // The readings in the library are accepted.
  EXPECT_EQ(msg("when: reaction, trigger: ally_rolled, target: party, uses: 1, refresh: session, hope: 3, reroll: duality"),
            "(no error)");
  EXPECT_EQ(msg("when: reaction, trigger: rolled, stress: 1, reroll: duality, on_failure: true, with_experience: true"),
            "(no error)");
}

}  // namespace
}  // namespace encsim
