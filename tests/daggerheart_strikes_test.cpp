// Daggerheart strikes read without a map (play_strikes.hpp): Deathrun
// (`dwindle`: one attack roll along a path, the damage roll losing a die per
// foe, in the order worth most), Telekinesis (`throw_foe`: a foe lifted and
// thrown at another, two Spellcast rolls), Book of Ronin's Eternal
// Enervation (`lasting`: Vulnerable until the fight ends) and Deft Maneuvers
// (`roll_bonus`: +1 on the attack after a sprint), Forest Sprites
// (`sprites`: Hope for sprites an ally spends), Premonition (a failed roll
// made again, as a reroll) and Adjust Reality (`set_total`: a failed roll
// given the total it needs) and Banish (`banish`: a foe out of the fight
// until a roll with Fear calls it back) and Invigoration (`renew`: a used-up
// card's use back on a 6). Each on scripted
// dice where it fires, the picks by worth (never by listing order), and the
// new keys' errors.
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

// HERO (its body) against FOES, in ROUNDS rounds, with no class Hope feature,
// class feature, Experience, help or Tag Team, nor adversary Experiences.
std::string fight(const std::string& hero, const std::string& foes, int rounds) {
  return "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) + "\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false, adversary_experiences: false}\n"
         "party:\n  - {name: Hero, proficiency: 1, hp: 12, stress: 6, evasion: 10, spellcast: knowledge, "
         "traits: {knowledge: 2}, " + (hero.find("primary:") == std::string::npos ? "primary: {damage: d4}, " : "") +
         "armor: {thresholds: [20, 30], score: 0}, " + hero + "}\n"
         "foes:\n" + foes;
}

// A foe NAME of HP hp and Difficulty DIFFICULTY, thresholds 5/10, whose standard attack (+10) deals 6.
std::string foe(const std::string& name, int hp, int difficulty = 10) {
  return "  - {name: " + name + ", difficulty: " + std::to_string(difficulty) + ", thresholds: [5, 10], hp: " +
         std::to_string(hp) + ", stress: 3, atk: 10, attack: {damage: 6}}\n";
}

// ---------------------------------------------------------------------------
// Deathrun

// Hero (a d8, Proficiency 1) runs past C, D and B (listed so); the roll (15)
// beats all three. Two dice (Proficiency + 1): 6 and 2, 8 in all. B (2 HP,
// thresholds 8/12) falls to the 8 (Major) and only to it; C or D take 2 HP
// from the 8 or the 6 alike: B first (2 HP and the kill), then the 6 (less
// the 2) to C (by name before D, the same worth); D gets no die. Old code:
// the card is not modelled, never played.
TEST(DaggerheartStrikes, DeathrunDealsTheRollLessADiePerFoeFellingAFoeFirst) {
  const auto enc = encounter_from(fight(
      "level: 10, hope: 3, primary: {damage: d8}, cards: [Deathrun], tactics: [{do: \"card:Deathrun\"}, {do: attack}]",
      foe("C", 6) + foe("D", 6) + "  - {name: B, difficulty: 10, thresholds: [8, 12], hp: 2, stress: 3, atk: 10, attack: {damage: 6}}\n",
      1));
  ScriptedDice dice{{{12, 10}, {12, 5}, {8, 6}, {8, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Deathrun")) << r.log;
  EXPECT_TRUE(has(r, "Deathrun: 8 to B (2 dice)")) << r.log;
  EXPECT_TRUE(has(r, "Deathrun: less a 2, 6 to C (1 die)")) << r.log;
  EXPECT_TRUE(has(r, "Deathrun: no die left for 1 more foe(s) beaten")) << r.log;
  EXPECT_TRUE(r.rec.combatants[3].dead) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 0) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Deathrun");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 3);
  EXPECT_EQ(f.damage, 4);
}

// A failed roll beats no foe on the path: the 3 Hope are spent, no damage rolled.
TEST(DaggerheartStrikes, DeathrunSpendsItsHopeOnAMiss) {
  const auto enc = encounter_from(fight(
      "level: 10, hope: 3, primary: {damage: d8}, cards: [Deathrun], tactics: [{do: \"card:Deathrun\"}, {do: attack}]",
      foe("C", 6) + foe("D", 6), 1));
  ScriptedDice dice{{{12, 1}, {12, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Deathrun")) << r.log;
  EXPECT_TRUE(has(r, "Deathrun: no foe on the path beaten")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Deathrun");
  EXPECT_EQ(f.spent, 3);
  EXPECT_EQ(f.damage, 0);
}

// ---------------------------------------------------------------------------
// Telekinesis

// X (Difficulty 10) and Y (12): Proficiency d12+4 is Severe on either, so the
// throw at X (lifting Y) and at Y (lifting X) weigh the same; X comes first
// by name, whatever the listing. Y is lifted (17 beats 12), thrown at X (14
// beats 10): 6 + 4 = 10, Severe, 3 HP. Old code: not modelled.
TEST(DaggerheartStrikes, TelekinesisLiftsOneFoeAndThrowsItAtAnother) {
  const auto enc = encounter_from(fight("level: 6, cards: [Telekinesis], tactics: [{do: \"card:Telekinesis\"}, {do: attack}]",
                                        foe("Y", 6, 12) + foe("X", 6, 10), 1));
  ScriptedDice dice{{{12, 10}, {12, 5}, {12, 9}, {12, 3}, {12, 6}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Telekinesis")) << r.log;
  EXPECT_TRUE(has(r, "Hero lifts Y to throw it at X")) << r.log;
  EXPECT_TRUE(has(r, "Telekinesis: 10 physical damage to X")) << r.log;
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 3) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 0) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Telekinesis");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 3);
}

// A failed lift throws nothing: no second roll.
TEST(DaggerheartStrikes, TelekinesisThrowsNothingWhenTheLiftFails) {
  const auto enc = encounter_from(fight("level: 6, cards: [Telekinesis], tactics: [{do: \"card:Telekinesis\"}, {do: attack}]",
                                        foe("Y", 6, 12) + foe("X", 6, 10), 1));
  ScriptedDice dice{{{12, 1}, {12, 3}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Telekinesis fails to lift Y")) << r.log;
  EXPECT_FALSE(has(r, "physical damage to X")) << r.log;
}

// One foe standing: nothing to throw it at; the card is never played.
TEST(DaggerheartStrikes, TelekinesisNeedsTwoFoesStanding) {
  const auto enc = encounter_from(fight("level: 6, cards: [Telekinesis], tactics: [{do: \"card:Telekinesis\"}, {do: attack}]",
                                        foe("X", 6, 10), 1));
  ScriptedDice dice{{{12, 10}, {12, 5}, {4, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Hero plays Telekinesis")) << r.log;
}

// ---------------------------------------------------------------------------
// Book of Ronin: Eternal Enervation

// Round 1: the Spellcast roll (17, with Fear) makes Foe Vulnerable for good;
// the GM's turn: Foe's spotlight clears nothing (its attack misses). Round 2:
// the card's one use is spent; Hero's weapon attack has advantage (a d6) on
// the Vulnerable foe. Old code: not modelled (and a Vulnerable would clear at
// Foe's spotlight).
TEST(DaggerheartStrikes, BookOfRoninLeavesAFoeVulnerableThroughItsSpotlights) {
  const auto enc = encounter_from(fight("level: 9, cards: [Book of Ronin], tactics: [{do: \"card:Book of Ronin\"}, {do: attack}]",
                                        foe("Foe", 6), 2));
  ScriptedDice dice{{{12, 5}, {12, 10}, {20, 2}, {12, 10}, {12, 5}, {6, 3}, {4, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Book of Ronin")) << r.log;
  EXPECT_TRUE(has(r, "Foe is Vulnerable until the fight ends: nothing clears it")) << r.log;
  EXPECT_EQ(testing::count(r, "Hero plays Book of Ronin"), 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Book of Ronin");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.conditions, 1);
}

// ---------------------------------------------------------------------------
// Deft Maneuvers

// Foe (Difficulty 14, 3 HP) and Hero's d12+6 (Severe at its mean: the 3 HP
// and the kill, 4): a +1 makes a 13 hit, 1 roll in 12, a third of an HP,
// above the Stress's quarter: the sprint is taken. The 13 (7 + 6) + 1 hits;
// 4 + 6 = 10, Severe: Foe falls. Old code: not modelled, 13 misses.
TEST(DaggerheartStrikes, DeftManeuversSprintsForAPlusOneWhenTheHitIsWorthTheStress) {
  const auto enc = encounter_from(fight("level: 1, primary: {damage: d12+6}, cards: [Deft Maneuvers]", foe("Foe", 3, 14), 1));
  ScriptedDice dice{{{12, 7}, {12, 6}, {12, 4}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Deft Maneuvers: a sprint to Foe, +1 to the attack roll")) << r.log;
  EXPECT_TRUE(r.rec.combatants[1].dead) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Deft Maneuvers");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
}

// A d4 on a 6-HP foe: the +1's chance times its 1 HP is under a Stress's worth: no sprint.
TEST(DaggerheartStrikes, DeftManeuversKeepsItsStressForASmallHit) {
  const auto enc = encounter_from(fight("level: 1, cards: [Deft Maneuvers]", foe("Foe", 6, 14), 1));
  ScriptedDice dice{{{12, 7}, {12, 6}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Deft Maneuvers")) << r.log;
}

// ---------------------------------------------------------------------------
// Forest Sprites

// Ally (level 1: thresholds 6/11; an ARMOR-slot armor, Evasion 10, a d8+4) and Hero (Forest Sprites,
// Evasion EVASION) against Foe (Difficulty 14, thresholds 5/10, 9 HP, a
// standard attack of 12).
std::string grove(int armor, int evasion) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false, adversary_experiences: false}\n"
         "party:\n  - {name: Ally, level: 1, proficiency: 1, hp: 12, stress: 6, evasion: 10, primary: {damage: d8+4}, "
         "armor: {thresholds: [5, 10], score: " + std::to_string(armor) + "}}\n"
         "  - {name: Hero, level: 8, proficiency: 1, hp: 12, stress: 6, evasion: " + std::to_string(evasion) +
         ", spellcast: knowledge, traits: {knowledge: 2}, primary: {damage: d4}, armor: {thresholds: [20, 30], score: 0}, "
         "cards: [Forest Sprites], tactics: [{do: \"card:Forest Sprites\"}, {do: attack}]}\n"
         "foes:\n  - {name: Foe, difficulty: 14, thresholds: [5, 10], hp: 9, stress: 3, atk: 10, attack: {damage: 12}}\n";
}

// Hero's Spellcast roll (17 against 13, with Hope): its Hope (2, and 1 for
// the roll) buys one sprite, one per standing ally. Ally's attack (11) fails
// by 3: the sprite's +3 makes it 14, a hit; 4 + 4 = 8, Major, 2 HP. Old code:
// not modelled.
TEST(DaggerheartStrikes, ForestSpritesTurnAnAllysMissIntoAHit) {
  const auto enc = encounter_from(grove(0, 10));
  ScriptedDice dice{{{12, 10}, {12, 5}, {12, 6}, {12, 5}, {8, 4}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Forest Sprites")) << r.log;
  EXPECT_TRUE(has(r, "Forest Sprites: Hero spends 1 Hope for 1 sprites over the party")) << r.log;
  EXPECT_TRUE(has(r, "a sprite of Hero's Forest Sprites beside Foe: +3 = 14, the attack succeeds (0 sprites left)")) << r.log;
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 2) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 1, "Forest Sprites");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  EXPECT_EQ(f.conditions, 1);
}

// The roll succeeds with Fear: Foe's spotlight; out of reach of Hero
// (Evasion 30) it hits Ally for 12, Severe (6/11): the Armor Slot makes it 2 HP, the
// sprite's second slot 1.
TEST(DaggerheartStrikes, ForestSpritesGiveAnAllyASecondArmorSlot) {
  const auto enc = encounter_from(grove(2, 30));
  ScriptedDice dice{{{12, 5}, {12, 10}, {20, 15}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "a sprite of Hero's Forest Sprites beside Ally: one more Armor Slot, 2 HP become 1 (0 sprites left)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 1, "Forest Sprites");
  EXPECT_EQ(f.healed, 1);
}

// ---------------------------------------------------------------------------
// Premonition

// Foe (Difficulty 14, 6 HP): Hero's d12+6 attack fails (2 + 3 = 5): the move
// is taken back and made again (the one use): 10 + 5 = 15, a hit with Hope;
// 4 + 6 = 10, Severe, 3 HP. Old code: not modelled, the miss stands.
TEST(DaggerheartStrikes, PremonitionTakesAFailedRollBackAndMakesItAgain) {
  const auto enc = encounter_from(fight("level: 5, primary: {damage: d12+6}, cards: [Premonition]", foe("Foe", 6, 14), 1));
  ScriptedDice dice{{{12, 2}, {12, 3}, {12, 10}, {12, 5}, {12, 4}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Premonition: the Duality Dice again: Hope 10, Fear 5, total 15: success with Hope")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Premonition");
  EXPECT_EQ(f.uses, 1);
}

// ---------------------------------------------------------------------------
// Adjust Reality

// Foe (Difficulty 14, 6 HP): Hero's d12+6 attack fails (5): its Severe hit
// (3 HP) is worth more than 5 Hope (2.5 HP): the total becomes 14, a success
// with Fear (the dice as rolled); 4 + 6 = 10, Severe, 3 HP. Old code: not
// modelled, the miss stands.
TEST(DaggerheartStrikes, AdjustRealityTurnsAFailedAttackIntoAHitForFiveHope) {
  const auto enc = encounter_from(fight("level: 10, hope: 6, primary: {damage: d12+6}, cards: [Adjust Reality]", foe("Foe", 6, 14), 1));
  ScriptedDice dice{{{12, 2}, {12, 3}, {12, 4}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Adjust Reality: the total becomes 14: success with Fear")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Adjust Reality");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 5);
}

// A d4's 1 HP is not worth 5 Hope: the miss stands.
TEST(DaggerheartStrikes, AdjustRealityKeepsItsHopeForASmallHit) {
  const auto enc = encounter_from(fight("level: 10, hope: 6, cards: [Adjust Reality]", foe("Foe", 6, 14), 1));
  ScriptedDice dice{{{12, 2}, {12, 3}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Adjust Reality")) << r.log;
}

// ---------------------------------------------------------------------------
// Banish

// Hero (Knowledge 2: two d20s) banishes Big (6 HP left: worth more out of the
// fight than Small's 2), whatever the listing: 17 beats Big; the d20s 15 and
// 8: Big's reaction roll (5) against 15 fails: banished, the use spent.
// Old code: not modelled.
TEST(DaggerheartStrikes, BanishSendsTheFoeWorthMostOutOfTheFight) {
  const auto enc = encounter_from(fight("level: 6, cards: [Banish], tactics: [{do: \"card:Banish\"}, {do: attack}]",
                                        foe("Small", 2) + foe("Big", 6), 1));
  ScriptedDice dice{{{12, 10}, {12, 5}, {20, 15}, {20, 8}, {20, 5}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Banish: the highest of 2 d20 is 15: Big makes a reaction roll against it")) << r.log;
  EXPECT_TRUE(has(r, "Big is banished from this realm (its way back: a reaction roll against 15 after a roll with Fear)")) << r.log;
  EXPECT_FALSE(r.rec.combatants[2].dead) << r.log;
  EXPECT_EQ(r.rec.combatants[2].hp_left, 6) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Banish");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.conditions, 1);
}

// A lone foe banished: no foe stands, the party has won.
TEST(DaggerheartStrikes, BanishingTheLastFoeWinsTheFight) {
  const auto enc = encounter_from(fight("level: 6, cards: [Banish], tactics: [{do: \"card:Banish\"}, {do: attack}]",
                                        foe("Foe", 6), 3));
  ScriptedDice dice{{{12, 10}, {12, 5}, {20, 15}, {20, 8}, {20, 5}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe is banished from this realm")) << r.log;
  EXPECT_EQ(r.rec.outcome, Outcome::party_win) << r.log;
  EXPECT_FALSE(r.rec.combatants[1].dead) << r.log;
}

// The foe's reaction roll (18) meets 15: a Stress, no banishment, the use kept.
TEST(DaggerheartStrikes, BanishMarksAStressWhenTheFoeHolds) {
  const auto enc = encounter_from(fight("level: 6, cards: [Banish], tactics: [{do: \"card:Banish\"}, {do: attack}]",
                                        foe("Foe", 6), 1));
  ScriptedDice dice{{{12, 10}, {12, 5}, {20, 15}, {20, 8}, {20, 18}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe holds: it marks a Stress and is not banished")) << r.log;
  EXPECT_FALSE(has(r, "banished from this realm")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Banish");
  EXPECT_EQ(f.conditions, 0);
}

// Big banished (against 15); in round 2 Hero's attack on Small (its one
// banishment spent) rolls with Fear: Big's way back is a point easier (14)
// and its roll (16) brings it back.
TEST(DaggerheartStrikes, ARollWithFearMayBringABanishedFoeBack) {
  const auto enc = encounter_from(fight("level: 6, cards: [Banish], tactics: [{do: \"card:Banish\"}, {do: attack}]",
                                        foe("Small", 2) + foe("Big", 6), 2));
  ScriptedDice dice{{{12, 10}, {12, 5}, {20, 15}, {20, 8}, {20, 5}, {12, 3}, {12, 9}, {20, 16}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Big is banished from this realm")) << r.log;
  EXPECT_TRUE(has(r, "the roll with Fear calls banished Big back: a reaction roll against 14")) << r.log;
  EXPECT_TRUE(has(r, "Big returns from banishment")) << r.log;
}

// ---------------------------------------------------------------------------
// Invigoration

// Earthquake (once a rest) at four foes succeeds (17 against 16): its use is
// spent, and what it is worth now above the weapon buys Invigoration's
// dice, a 6 among them: the card can be used again. Old code: not modelled.
TEST(DaggerheartStrikes, InvigorationGivesAUsedUpCardAUseBackOnASix) {
  const auto enc = encounter_from(fight("level: 10, hope: 6, cards: [Earthquake, Invigoration], tactics: [{do: \"card:Earthquake\"}, {do: attack}]",
                                        foe("A", 6) + foe("B", 6) + foe("C", 6) + foe("D", 6), 1));
  ScriptedDice dice{{{12, 10}, {12, 5}, {6, 2}, {6, 6}, {6, 1}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Invigoration on Hero's Earthquake")) << r.log;
  EXPECT_TRUE(has(r, "the highest 6: it can be used again")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Invigoration");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.conditions, 1);
}

// ---------------------------------------------------------------------------
// The keys

TEST(DaggerheartStrikes, TheStrikeKeysAreChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body, "Bone", "Ability"); };
  EXPECT_EQ(msg("hope: 3, roll: attack, target: enemies, range: far, dwindle: true"), "(no error)");
  EXPECT_NE(msg("hope: 3, roll: attack, target: enemy, dwindle: true").find("dwindle goes with"), std::string::npos);
  EXPECT_NE(msg("hope: 3, roll: spellcast, target: enemies, dwindle: true").find("dwindle goes with"), std::string::npos);
  EXPECT_NE(msg("hope: 3, roll: attack, target: enemies, damage: d6, dwindle: true").find("dwindle goes with"), std::string::npos);
  EXPECT_NE(msg("hope: 3, roll: attack, target: enemies, vulnerable: true, dwindle: true").find("dwindle goes with"),
            std::string::npos);
  EXPECT_NE(msg("hope: 3, roll: attack, target: enemies, dwindle: 2"), "(no error)");
  EXPECT_EQ(msg("roll: spellcast, target: enemy, damage: d12+4, per_proficiency: true, throw_foe: true"), "(no error)");
  EXPECT_NE(msg("roll: spellcast, target: enemy, throw_foe: true").find("throw_foe goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemies, damage: d12, throw_foe: true").find("throw_foe goes with"), std::string::npos);
  EXPECT_NE(msg("target: enemy, damage: d12, throw_foe: true").find("throw_foe goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemy, damage: d12, vulnerable: true, throw_foe: true").find("throw_foe goes with"),
            std::string::npos);
  EXPECT_EQ(msg("roll: spellcast, target: enemy, vulnerable: true, lasting: true, uses: 1, refresh: long_rest"), "(no error)");
  EXPECT_NE(msg("roll: spellcast, target: enemy, damage: d6, lasting: true").find("lasting goes with"), std::string::npos);
  EXPECT_NE(msg("target: enemy, vulnerable: true, lasting: true").find("lasting goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemies, vulnerable: true, storm: true, lasting: true").find("lasting"), std::string::npos);
  EXPECT_EQ(msg("when: reaction, trigger: attack, stress: 1, uses: 1, roll_bonus: 1"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: hit, stress: 1, roll_bonus: 1"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: attack, stress: 1, heal_hp: 1, roll_bonus: 1"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: attack, stress: 1, attack_damage: 2, roll_bonus: 1").find("roll_bonus"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: attack, stress: 1, roll_bonus: 4"), "(no error)");
  EXPECT_EQ(msg("when: reaction, trigger: ally_rolled, target: party, hope: 5, set_total: true"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: ally_rolled, target: allies, hope: 5, set_total: true").find("set_total goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: rolled, hope: 5, set_total: true"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: ally_rolled, target: party, reroll: duality, set_total: true").find("set_total"),
            std::string::npos);
  EXPECT_EQ(msg("roll: spellcast, target: enemy, range: close, uses: 1, refresh: rest, banish: true"), "(no error)");
  EXPECT_NE(msg("roll: spellcast, target: enemy, banish: true").find("banish goes with"), std::string::npos);
  EXPECT_NE(msg("roll: attack, target: enemy, uses: 1, banish: true").find("banish goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemies, uses: 1, banish: true").find("banish goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemy, uses: 1, damage: d6, banish: true").find("banish goes with"), std::string::npos);
  EXPECT_EQ(msg("when: reaction, trigger: used_up, target: party, renew: 6"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: used_up, target: party, hope: 1, renew: 6").find("`trigger: used_up` takes renew"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: used_up, target: party"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: damaged, reduce: d6, renew: 6").find("renew"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: used_up, target: party, renew: 7"), "(no error)");
  EXPECT_EQ(msg("roll: spellcast, difficulty: 13, target: allies, sprites: 3"), "(no error)");
  EXPECT_NE(msg("roll: spellcast, target: party, sprites: 3").find("sprites (1 to 5) goes with"), std::string::npos);
  EXPECT_NE(msg("target: allies, sprites: 3").find("sprites (1 to 5) goes with"), std::string::npos);
  EXPECT_NE(msg("hope: 1, roll: spellcast, target: allies, sprites: 3").find("sprites"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: allies, heal_hp: 1, sprites: 3").find("sprites"), std::string::npos);
}

// Every library card these keys model reads as modelled.
TEST(DaggerheartStrikes, TheLibraryModelsTheCards) {
  testing::expect_modelled({"Deathrun", "Telekinesis", "Book of Ronin", "Deft Maneuvers", "Forest Sprites", "Premonition", "Adjust Reality", "Banish", "Invigoration"});
}

}  // namespace
}  // namespace encsim
