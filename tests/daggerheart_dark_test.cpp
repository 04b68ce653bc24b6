// Daggerheart's darkness a PC draws over itself and the line it holds
// (play_dark.hpp): Dark Cloud (an action's `cloak`), Veil of Night (`veil`),
// Hold the Line (`hold_line`), each on scripted dice where it fires and where
// it does not, and the keys' errors.
#include <gtest/gtest.h>

#include <string>

#include "daggerheart_replay.hpp"
#include "feature_lookup.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

namespace dh = daggerheart;
using testing::encounter_from;
using testing::fight;
using testing::has;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;

// A PC named Hero (of LEVEL: HP 6, Stress 6, Evasion 10, armor thresholds 5/11 plus its level, no armor, a d4 of RANGE) with BODY.
std::string hero(const std::string& body, const std::string& range = "melee", int level = 5) {
  return "  - {name: Hero, level: " + std::to_string(level) + ", proficiency: 1, hp: 6, stress: 6, evasion: 10, primary: {damage: d4, range: " + range +
         "}, armor: {thresholds: [5, 11], score: 0}" + (body.empty() ? "" : ", " + body) + "}\n";
}

// A foe named NAME (atk 0, its attack DAMAGE flat, of RANGE).
std::string foe(const std::string& name, int difficulty, int hp, int damage, const std::string& range = "melee") {
  return "  - {name: " + name + ", difficulty: " + std::to_string(difficulty) + ", thresholds: [10, 20], hp: " +
         std::to_string(hp) + ", stress: 3, atk: 0, attack: {damage: " + std::to_string(damage) + ", range: " + range + "}}\n";
}

// A level-5 Nightwalker with its last Stress slot but one marked (so Shadow
// Stepper, which keeps the last slot free, never plays) and Finesse 2 (+4
// on its Spellcast rolls after the class's default advancements).
const std::string kNightwalker = "class: rogue, subclass: Nightwalker, marked: {stress: 5}, traits: {finesse: 2}";

// ---------------------------------------------------------------------------
// Dark Cloud

// Foe (Difficulty 24) is hard to hit and hits for 16: the cloud's worth (the
// disadvantage on one of its attacks, and the Sneak Attack Cloaked gives with
// no ally in Melee) beats the weapon's. The Spellcast roll 5 + 10 + 4 = 19
// (Finesse after the class's default advancements) meets 15 with Fear: Hero is Cloaked, Foe's attack has disadvantage (15 and
// 3: 3, a miss). Round 2: already Cloaked, Hero attacks (its Sneak Attack
// holds) and is seen again; Foe's attack is one d20. Old code: not modelled.
TEST(DaggerheartDark, DarkCloudCloaksTheNightwalkerUntilItAttacks) {
  const auto enc = encounter_from(fight(hero(kNightwalker), foe("Foe", 24, 6, 16), 2, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 5}, {12, 10}, {20, 15}, {20, 3},
                     {12, 2}, {12, 10}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Dark Cloud")) << r.log;
  EXPECT_TRUE(has(r, "Dark Cloud: a dark cloud hides Hero; Cloaked until it makes an attack")) << r.log;
  EXPECT_TRUE(has(r, "d20 3 (disadvantage)")) << r.log;
  EXPECT_FALSE(has(r, "Shadow Stepper")) << r.log;
  EXPECT_TRUE(has(r, "Hero attacks: no longer Cloaked")) << r.log;
  EXPECT_EQ(testing::count(r, "plays Dark Cloud"), 1) << r.log;
  EXPECT_EQ(testing::count(r, "(disadvantage)"), 1) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Dark Cloud").conditions, 1);
}

// The roll fails (2 + 3 + 4 = 9 against 15, with Fear): no cloud, and Foe's
// attack (15) is one d20 that lands (12: Major, 2 HP).
TEST(DaggerheartDark, DarkCloudFailsAndTheHitLands) {
  const auto enc = encounter_from(fight(hero(kNightwalker), foe("Foe", 24, 6, 12), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 2}, {12, 3}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Dark Cloud")) << r.log;
  EXPECT_FALSE(has(r, "a dark cloud hides")) << r.log;
  EXPECT_FALSE(has(r, "(disadvantage)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 4) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Dark Cloud").conditions, 0);
}

// The cloud is temporary. Boss (hits for 16) takes the free spotlight and
// attacks with disadvantage (15 and 3: 3); the GM pays a Fear for Gnat, whose
// attack (1 damage, atk -5) is worth less to it than the disadvantage the
// cloud puts on Boss's attack: Gnat spends its spotlight clearing the cloud.
TEST(DaggerheartDark, DarkCloudClearedByAnAdversarysSpotlight) {
  const std::string gnat = "  - {name: Gnat, difficulty: 24, thresholds: [10, 20], hp: 6, stress: 3, atk: -5, attack: {damage: 1}}\n";
  const auto enc = encounter_from(fight(hero(kNightwalker), gnat + foe("Boss", 24, 6, 16), 1, ", fear_start: 1, fear_reserve: 0"));
  ScriptedDice dice{{{12, 5}, {12, 10}, {20, 15}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Dark Cloud: a dark cloud hides Hero")) << r.log;
  EXPECT_TRUE(has(r, "d20 3 (disadvantage)")) << r.log;
  EXPECT_TRUE(has(r, "Gnat spends its spotlight clearing the dark cloud over Hero")) << r.log;
}

// Foe (Difficulty 8) is easy to hit and hits for 1: the weapon is worth more
// than the cloud, and Hero attacks; against Difficulty 24 and a hit of 12 it
// casts the cloud (here the roll fails).
TEST(DaggerheartDark, DarkCloudDeclinedWhenTheWeaponIsWorthMore) {
  const auto enc = encounter_from(fight(hero(kNightwalker), foe("Foe", 8, 6, 1), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 2}, {12, 10}, {4, 3}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Dark Cloud")) << r.log;
  const auto hard = encounter_from(fight(hero(kNightwalker), foe("Foe", 24, 6, 12), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice2{{{12, 2}, {12, 3}, {20, 3}}};
  const Replay k = replay(hard, dice2);
  EXPECT_TRUE(has(k, "Hero plays Dark Cloud")) << k.log;
}

// ---------------------------------------------------------------------------
// Veil of Night

// Hero (Spellcast Knowledge 2, a Far weapon) against Foe, whose attack is
// Far: the veil (5 + 10 + 2 = 17 against 13, with Fear) stands; Foe's attack
// from beyond Melee has disadvantage (15 and 3: 3). Round 2: Hero's weapon
// attack, at Far range through the veil, has advantage (a d6). Old code: not modelled.
TEST(DaggerheartDark, VeilOfNightTurnsAwayRangedAttacksAndSharpensRangedOnes) {
  const auto enc = encounter_from(fight(hero("spellcast: knowledge, traits: {knowledge: 2}, cards: [\"Veil of Night\"]", "far"),
                                        foe("Foe", 24, 6, 16, "far"), 2, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 5}, {12, 10}, {20, 15}, {20, 3},
                     {12, 2}, {12, 10}, {6, 4}, {20, 15}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Veil of Night")) << r.log;
  EXPECT_TRUE(has(r, "Veil of Night: a veil of darkness stands before Hero")) << r.log;
  EXPECT_TRUE(has(r, "d20 3 (disadvantage)")) << r.log;
  EXPECT_EQ(testing::count(r, "(disadvantage)"), 2) << r.log;
  EXPECT_TRUE(has(r, "advantage")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Veil of Night").conditions, 1);
}

// A Melee attacker has come through the veil: its attack is one d20 (15, a
// hit of 12: Major, 2 HP).
TEST(DaggerheartDark, VeilOfNightDoesNotStopAMeleeAttacker) {
  const auto enc = encounter_from(fight(hero("spellcast: knowledge, traits: {knowledge: 2}, cards: [\"Veil of Night\"], "
                                             "tactics: [{do: \"card:Veil of Night\"}, {do: attack}]", "far"),
                                        foe("Foe", 24, 6, 12), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 5}, {12, 10}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Veil of Night: a veil of darkness stands before Hero")) << r.log;
  EXPECT_FALSE(has(r, "(disadvantage)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 4) << r.log;
}

// Casting another spell (Glyph of Nightfall) ends the veil: Foe's later
// attack from Far range is one d20.
TEST(DaggerheartDark, VeilOfNightFallsWhenTheCasterCastsAnotherSpell) {
  const auto enc = encounter_from(fight(hero("spellcast: knowledge, traits: {knowledge: 2}, cards: [\"Veil of Night\", \"Glyph of Nightfall\"], "
                                             "tactics: [{do: \"card:Veil of Night\"}, {do: \"card:Glyph of Nightfall\"}, {do: attack}]", "far"),
                                        foe("Foe", 24, 6, 16, "far"), 2, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 5}, {12, 10}, {20, 15}, {20, 3},
                     {12, 2}, {12, 10}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Glyph of Nightfall")) << r.log;
  EXPECT_TRUE(has(r, "Hero casts another spell: its veil of darkness falls")) << r.log;
  EXPECT_EQ(testing::count(r, "(disadvantage)"), 1) << r.log;
}

// Nothing beyond Melee on either side: the veil is worth nothing and Hero
// attacks; against a Far foe it casts the veil (here the roll fails).
TEST(DaggerheartDark, VeilOfNightDeclinedWhenNothingReachesBeyondMelee) {
  const std::string caster = hero("spellcast: knowledge, traits: {knowledge: 2}, cards: [\"Veil of Night\"]");
  const auto enc = encounter_from(fight(caster, foe("Foe", 24, 6, 16), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 2}, {12, 10}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Veil of Night")) << r.log;
  const auto far = encounter_from(fight(caster, foe("Foe", 24, 6, 16, "far"), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice2{{{12, 2}, {12, 3}, {20, 3}}};
  const Replay k = replay(far, dice2);
  EXPECT_TRUE(has(k, "Hero plays Veil of Night")) << k.log;
}

// ---------------------------------------------------------------------------
// Hold the Line

// A level-9 Hero holding Hold the Line, 2 Hope.
std::string holder(const std::string& more = "") {
  return hero("hope: 2, cards: [\"Hold the Line\"]" + more, "melee", 9);
}

// By default a Restrained adversary acts as before: the stance is worth
// nothing, the Hope is not paid, and Hero attacks; under `restrained:
// loses_spotlight` the same Hero takes the stance (no roll: the round ends).
TEST(DaggerheartDark, HoldTheLineIsNotPlayedWhileRestrainedChangesNothing) {
  const auto enc = encounter_from(fight(holder(), foe("Foe", 24, 6, 16), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 2}, {12, 10}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Hold the Line")) << r.log;
  const auto lose = encounter_from(fight(holder(), foe("Foe", 24, 6, 16), 1,
                                         ", fear_start: 0, fear_reserve: 1, restrained: loses_spotlight"));
  ScriptedDice none{{}};
  const Replay k = replay(lose, none);
  EXPECT_TRUE(has(k, "Hero plays Hold the Line")) << k.log;
}

// Under `restrained: loses_spotlight` the stance is worth a spotlight of the
// Melee foe: Hero spends a Hope and holds the line (no roll: the round
// ends). Round 2: its attack fails with Hope; Foe attacks it, is pulled in
// and Restrained. Round 3: with no Fear to clear it, Foe's spotlight is spent
// breaking free. Old code: not modelled.
TEST(DaggerheartDark, HoldTheLineRestrainsAMeleeAttacker) {
  const auto enc = encounter_from(fight(holder(), foe("Foe", 24, 6, 16), 3,
                                        ", fear_start: 0, fear_reserve: 1, restrained: loses_spotlight"));
  ScriptedDice dice{{{12, 10}, {12, 2}, {20, 3},
                     {12, 10}, {12, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Hold the Line")) << r.log;
  EXPECT_TRUE(has(r, "Hero holds the line")) << r.log;
  EXPECT_TRUE(has(r, "Hold the Line: Foe is pulled into Melee and Restrained")) << r.log;
  EXPECT_TRUE(has(r, "Foe spends its spotlight breaking free")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Hold the Line");
  EXPECT_EQ(f.spent, 1);
  EXPECT_EQ(f.conditions, 1);
}

// No foe fights in Melee: none would come close, and the Hope is not paid;
// against a Melee foe the stance is taken.
TEST(DaggerheartDark, HoldTheLineIsNotPlayedAgainstRangedFoes) {
  const auto enc = encounter_from(fight(holder(), foe("Foe", 24, 6, 16, "far"), 1,
                                        ", fear_start: 0, fear_reserve: 1, restrained: loses_spotlight"));
  ScriptedDice dice{{{12, 2}, {12, 10}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Hold the Line")) << r.log;
  const auto melee = encounter_from(fight(holder(), foe("Foe", 24, 6, 16), 1,
                                          ", fear_start: 0, fear_reserve: 1, restrained: loses_spotlight"));
  ScriptedDice none{{}};
  const Replay k = replay(melee, none);
  EXPECT_TRUE(has(k, "Hero plays Hold the Line")) << k.log;
}

// With Fear to spare, the GM pays 2 Fear to clear the Restrained, and Foe
// acts; it stands in Melee already and is not pulled in again.
TEST(DaggerheartDark, HoldTheLineGmPaysTwoFearToClearIt) {
  const auto enc = encounter_from(fight(holder(), foe("Foe", 24, 6, 16), 3,
                                        ", fear_start: 4, fear_reserve: 0, restrained: loses_spotlight"));
  ScriptedDice dice{{{12, 10}, {12, 2}, {20, 3},
                     {12, 10}, {12, 2}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "The GM spends 2 Fear to clear Foe's Restrained (Hold the Line")) << r.log;
  EXPECT_FALSE(has(r, "breaking free")) << r.log;
  EXPECT_EQ(testing::count(r, "pulled into Melee"), 1) << r.log;
}

// A failure with Fear breaks the line: the stance ends and Foe is free.
TEST(DaggerheartDark, HoldTheLineEndsOnAFailureWithFear) {
  const auto enc = encounter_from(fight(holder(), foe("Foe", 24, 6, 16), 3,
                                        ", fear_start: 0, fear_reserve: 1, restrained: loses_spotlight"));
  ScriptedDice dice{{{12, 10}, {12, 2}, {20, 3},
                     {12, 2}, {12, 10}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero fails a roll with Fear: it no longer holds the line")) << r.log;
  EXPECT_TRUE(has(r, "Foe is no longer Restrained")) << r.log;
  EXPECT_FALSE(has(r, "breaking free")) << r.log;
}

// ---------------------------------------------------------------------------
// The keys

TEST(DaggerheartDark, TheDarkKeysAreChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body, "Midnight", "Spell"); };
  EXPECT_EQ(msg("roll: spellcast, difficulty: 15, target: self, cloak: attack"), "(no error)");
  EXPECT_NE(msg("roll: spellcast, difficulty: 15, target: enemy, cloak: attack").find("an action's cloak"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, difficulty: 15, target: self, cloak: fear").find("an action's cloak"), std::string::npos);
  EXPECT_EQ(msg("roll: spellcast, difficulty: 13, target: self, veil: true"), "(no error)");
  EXPECT_NE(msg("target: self, veil: true").find("veil goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, difficulty: 13, target: enemy, veil: true").find("veil goes with"), std::string::npos);
  EXPECT_EQ(msg("hope: 1, target: self, hold_line: true"), "(no error)");
  EXPECT_NE(msg("roll: spellcast, difficulty: 13, target: self, hold_line: true").find("hold_line goes with"), std::string::npos);
  EXPECT_NE(msg("target: self, heal_hp: 1, hold_line: true").find("hold_line goes with"), std::string::npos);
  testing::expect_modelled({"Veil of Night", "Hold the Line"});
}

}  // namespace
}  // namespace encsim
