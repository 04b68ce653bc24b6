// Daggerheart's big spells on many foes or the whole party (play_spells.hpp):
// Disintegration Wave (`kill_at`, `stress_each`), Stunning Sunlight
// (`hope_each`, `save_damage`, `stun`), Salvation Beam (`hp_per_stress`),
// Eclipse (`darkness`), each on scripted dice where it fires,
// the PC's picks by worth (never by listing order), and the keys' errors.
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
std::string fight(const std::string& hero, const std::string& foes, int rounds = 1) {
  return "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) + "\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false, adversary_experiences: false}\n"
         "party:\n  - {name: Hero, primary: {damage: d4}, armor: {thresholds: [5, 11], score: 0}, " + hero + "}\n"
         "foes:\n" + foes;
}

std::string casts(const std::string& card, const std::string& more = "", int level = 9) {
  return "level: " + std::to_string(level) + ", proficiency: 1, spellcast: knowledge, traits: {knowledge: 2}, " + more + "cards: [\"" + card +
         "\"], tactics: [{do: \"card:" + card + "\"}, {do: attack}]";
}

std::string foe(const std::string& name, int difficulty, int hp) {
  return "  - {name: " + name + ", difficulty: " + std::to_string(difficulty) +
         ", thresholds: [10, 20], hp: " + std::to_string(hp) + ", stress: 3, atk: 0, attack: {damage: 6}}\n";
}

// ---------------------------------------------------------------------------
// Disintegration Wave

// The Spellcast roll (10 + 9 + 2 = 21 against 18) succeeds with Hope. Three
// Stress slots free, the last kept: two foes. Of those of Difficulty 18 or
// lower, the most HP left first: Big (6 HP) and Mid (3), listed last; not
// Small (1 HP, listed first), nor Tough (Difficulty 19, the most HP). Each is
// killed outright: its HP left marked, counted to the card. Old code: not
// modelled (the card cannot be named in tactics).
TEST(DaggerheartSpells, DisintegrationWaveKillsTheFoesWorthMostForAStressEach) {
  const std::string foes = foe("Small", 10, 1) + foe("Tough", 19, 6) + foe("Mid", 12, 3) + foe("Big", 14, 6);
  const auto enc = encounter_from(fight(casts("Disintegration Wave", "marked: {stress: 3}, "), foes));
  ScriptedDice dice{{{12, 10}, {12, 9}}};
  dice.lenient = true;  // the fight goes on after the spell: not pinned here
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Disintegration Wave")) << r.log;
  EXPECT_TRUE(has(r, "Disintegration Wave: Hero marks 2 Stress to strike 2 foes")) << r.log;
  EXPECT_TRUE(has(r, "Disintegration Wave: Big (Difficulty 14) is killed")) << r.log;
  EXPECT_TRUE(has(r, "Disintegration Wave: Mid (Difficulty 12) is killed")) << r.log;
  EXPECT_FALSE(has(r, "Small (Difficulty 10) is killed")) << r.log;
  EXPECT_FALSE(has(r, "Tough (Difficulty 19) is killed")) << r.log;
  EXPECT_EQ(r.rec.combatants[4].damage_taken, 6) << r.log;
  EXPECT_EQ(r.rec.combatants[3].damage_taken, 3) << r.log;
  EXPECT_TRUE(r.rec.combatants[4].dead);
  EXPECT_TRUE(r.rec.combatants[3].dead);
  EXPECT_EQ(testing::count(r, "Hero plays Disintegration Wave"), 1) << r.log;  // once per fight: then the weapon
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Disintegration Wave");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 2);
  EXPECT_EQ(f.damage, 9);
}

// A failed cast (3 + 4 + 2 = 9 against 18, with Fear) spends nothing: the
// once per fight is spent on a success only. The GM's turn (Foe's d20 1
// misses); round 2: the cast (21) succeeds and kills Foe, which ends the fight.
TEST(DaggerheartSpells, DisintegrationWaveIsSpentOnASuccessOnly) {
  const auto enc = encounter_from(fight(casts("Disintegration Wave"), foe("Foe", 10, 6), 2));
  ScriptedDice dice{{{12, 3}, {12, 4}, {20, 1}, {12, 10}, {12, 9}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(testing::count(r, "Hero plays Disintegration Wave"), 2) << r.log;
  EXPECT_EQ(testing::count(r, "Disintegration Wave fails"), 1) << r.log;
  EXPECT_TRUE(has(r, "Disintegration Wave: Hero marks 1 Stress to strike 1 foe")) << r.log;
  EXPECT_TRUE(has(r, "Foe (Difficulty 10) is killed")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Disintegration Wave").spent, 1);
}

// With one Stress slot free (kept: a full track makes the PC Vulnerable) the
// PC has no Stress to spend, so the spell is worth nothing: left to the
// weapon on the value rule (no tactics).
TEST(DaggerheartSpells, DisintegrationWaveNeedsAStressToSpare) {
  const std::string hero = "level: 9, proficiency: 1, spellcast: knowledge, traits: {knowledge: 2}, marked: {stress: 5}, "
                           "cards: [\"Disintegration Wave\"]";
  const auto enc = encounter_from(fight(hero, foe("Foe", 10, 6)));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Hero plays Disintegration Wave")) << r.log;
}

// ---------------------------------------------------------------------------
// Stunning Sunlight

// The Spellcast roll (8 + 9 + 2 = 19, with Fear) beats all three foes
// (Difficulty 10); Hero's 2 Hope buy two reaction rolls: the foes are worth
// the same, so Ash and Birch by name, though Cedar is listed first. Ash's 5
// fails against 14: Stunned and 4d20+5 = 13 (Major on 10/20: 2 HP); Birch's
// 16 succeeds: 3d20+3 = 6 (Minor: 1 HP). Cedar takes nothing. Old code: not
// modelled.
TEST(DaggerheartSpells, StunningSunlightBuysReactionRollsWithHopeAndStunsTheFoesThatFail) {
  const std::string foes = foe("Cedar", 10, 6) + foe("Birch", 10, 6) + foe("Ash", 10, 6);
  const auto enc = encounter_from(fight(casts("Stunning Sunlight", "hope: 2, "), foes));
  ScriptedDice dice{{{12, 8}, {12, 9}, {20, 5}, {20, 16}, {20, 1}, {20, 1}, {20, 1}, {20, 2}, {20, 2}, {20, 2}, {20, 2}}};
  dice.lenient = true;  // the GM's turn: not pinned here
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Stunning Sunlight: Hero spends 2 Hope on 2 of the 3 foes it beats")) << r.log;
  EXPECT_TRUE(has(r, "Ash makes a reaction roll (14) against Stunning Sunlight")) << r.log;
  EXPECT_TRUE(has(r, "Birch makes a reaction roll (14) against Stunning Sunlight")) << r.log;
  EXPECT_FALSE(has(r, "Cedar makes a reaction roll")) << r.log;
  EXPECT_TRUE(has(r, "Ash is Stunned")) << r.log;
  EXPECT_FALSE(has(r, "Birch is Stunned")) << r.log;
  EXPECT_TRUE(has(r, "Stunning Sunlight: 6 magic damage to each that succeeded")) << r.log;
  EXPECT_TRUE(has(r, "Stunning Sunlight: 13 magic damage to each that failed")) << r.log;
  EXPECT_EQ(r.rec.combatants[3].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 0) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Stunning Sunlight");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 2);
  EXPECT_EQ(f.conditions, 1);
  EXPECT_EQ(f.damage, 3);
}

// A Stunned foe's next spotlight is spent shaking the stun off: the cast
// (19, with Fear) passes the spotlight to the GM, and Ash, Stunned, does not
// attack on it.
TEST(DaggerheartSpells, AStunnedFoeSpendsItsSpotlightClearingIt) {
  const auto enc = encounter_from(fight(casts("Stunning Sunlight", "hope: 1, "), foe("Ash", 10, 6)));
  ScriptedDice dice{{{12, 8}, {12, 9}, {20, 5}, {20, 1}, {20, 1}, {20, 1}, {20, 1}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Ash is Stunned")) << r.log;
  EXPECT_TRUE(has(r, "Ash spends its spotlight shaking off the stun")) << r.log;
  const auto shake = r.log.find("shaking off the stun");
  const auto attack = r.log.find("Ash attacks");
  EXPECT_TRUE(attack == std::string::npos || attack > shake) << r.log;  // no attack before it clears
}

// With no Hope to spend, no foe rolls: the cast is worth nothing on the value rule.
TEST(DaggerheartSpells, StunningSunlightWithoutHopeIsLeftToTheWeapon) {
  const std::string hero = "level: 9, proficiency: 1, spellcast: knowledge, traits: {knowledge: 2}, hope: 0, "
                           "cards: [\"Stunning Sunlight\"]";
  const auto enc = encounter_from(fight(hero, foe("Ash", 10, 6)));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Hero plays Stunning Sunlight")) << r.log;
}

// A Stunned foe takes no action (the text), so it joins no group attack of
// its kind. The cast (8 + 9 + 2 = 19, with Fear) beats the three wolves; one
// Hope buys Wolf 1's reaction roll (the same worth: by name), its 1 fails:
// Stunned, 4d20+5 = 9 (1 HP). On the GM's turn a standing wolf's Pack Attack
// strikes with the two that can act. Old code: three, the Stunned one too.
TEST(DaggerheartSpells, AStunnedFoeJoinsNoGroupAttack) {
  const std::string wolves =
      "  - {name: Wolf, count: 3, difficulty: 10, thresholds: [10, 20], hp: 6, stress: 3, atk: 0, attack: {damage: 12},\n"
      "     features: [{name: Pack Attack, kind: action, fear: 1, effect: group_attack}]}\n";
  std::string y = fight(casts("Stunning Sunlight", "hope: 1, "), wolves);
  y.replace(y.find("options: {"), 10, "options: {fear_start: 3, ");
  const auto enc = encounter_from(y);
  ScriptedDice dice{{{12, 8}, {12, 9}, {20, 1}, {20, 1}, {20, 1}, {20, 1}, {20, 1}}};
  dice.lenient = true;  // the GM's turn: not pinned here
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Wolf 1 is Stunned")) << r.log;
  EXPECT_TRUE(has(r, "Pack Attack")) << r.log;
  EXPECT_TRUE(has(r, "2 of them attack Hero together")) << r.log;
  EXPECT_FALSE(has(r, "3 of them attack Hero together")) << r.log;
}

// Nor does a Stunned foe make the attack Words of Discord turns it to. Both
// foes fail their reaction rolls (two Hope; the cast 9 + 8 + 2 = 19, with
// Hope, keeps the spotlight): both Stunned. The PC then casts Words of
// Discord (8 + 9 + 2 = 19 against 13): the foe marks its Stress and makes no
// attack. Old code: it attacked the other.
TEST(DaggerheartSpells, AStunnedFoeTurnedByWordsOfDiscordMakesNoAttack) {
  const std::string hero =
      "level: 9, proficiency: 1, spellcast: knowledge, traits: {knowledge: 2}, hope: 2, "
      "cards: [\"Stunning Sunlight\", \"Words of Discord\"], "
      "tactics: [{do: \"card:Stunning Sunlight\", when: \"self.hope >= 2\"}, {do: \"card:Words of Discord\"}, {do: attack}]";
  const auto enc = encounter_from(fight(hero, foe("Ash", 10, 6) + foe("Birch", 10, 6), 2));
  ScriptedDice dice{{{12, 9}, {12, 8}, {20, 1}, {20, 1}, {20, 1}, {20, 1}, {20, 1}, {20, 1}, {12, 8}, {12, 9}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Ash is Stunned")) << r.log;
  EXPECT_TRUE(has(r, "Birch is Stunned")) << r.log;
  EXPECT_TRUE(has(r, "Hero plays Words of Discord")) << r.log;
  EXPECT_TRUE(has(r, "is Stunned and makes no attack")) << r.log;
  EXPECT_FALSE(has(r, "Words of Discord: Ash attacks")) << r.log;
  EXPECT_FALSE(has(r, "Words of Discord: Birch attacks")) << r.log;
}

// ---------------------------------------------------------------------------
// Salvation Beam

// Hero (listed last, so it acts first on the tactics stream) casts (10 + 9 +
// 2 = 21 against 16, with Hope). Two of its six Stress marked: three to
// spare, the last slot kept. One HP at a time to the ally with most HP marked:
// Bo (3), Bo (2), then Al and Bo tie at 1: Al by name. Hero's own HP are not
// the beam's (its allies only). Old code: not modelled.
TEST(DaggerheartSpells, SalvationBeamClearsAnHpPerStressOnTheAlliesMostHurt) {
  const std::string y =
      "ruleset: daggerheart\nmax_rounds: 1\n"
      "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
      "hope_features: false, class_features: false, adversary_experiences: false}\n"
      "party:\n"
      "  - {name: Bo, level: 9, primary: {damage: d4}, armor: {thresholds: [5, 11], score: 0}, marked: {hp: 3}}\n"
      "  - {name: Al, level: 9, primary: {damage: d4}, armor: {thresholds: [5, 11], score: 0}, marked: {hp: 1}}\n"
      "  - {name: Hero, primary: {damage: d4}, armor: {thresholds: [5, 11], score: 0}, " +
      casts("Salvation Beam", "marked: {stress: 2, hp: 2}, ") + "}\nfoes:\n" + foe("Foe", 10, 6);
  const auto enc = encounter_from(y);
  ScriptedDice dice{{{12, 10}, {12, 9}}};
  dice.lenient = true;  // the allies' turns: not pinned here
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Salvation Beam")) << r.log;
  EXPECT_TRUE(has(r, "Salvation Beam: Hero marks 3 Stress to clear 3 HP")) << r.log;
  EXPECT_TRUE(has(r, "Salvation Beam clears 2 HP on Bo")) << r.log;
  EXPECT_TRUE(has(r, "Salvation Beam clears 1 HP on Al")) << r.log;
  EXPECT_FALSE(has(r, "clears 2 HP on Hero")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 2, "Salvation Beam");
  EXPECT_EQ(f.healed, 3);
  EXPECT_EQ(f.spent, 3);
}

// Alone, with no ally hurt, the beam has no one to act on: the value rule
// leaves it to the weapon.
TEST(DaggerheartSpells, SalvationBeamWaitsForAHurtAlly) {
  const std::string hero = "level: 9, proficiency: 1, spellcast: knowledge, traits: {knowledge: 2}, marked: {hp: 3}, "
                           "cards: [\"Salvation Beam\"]";
  const auto enc = encounter_from(fight(hero, foe("Foe", 10, 6)));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Hero plays Salvation Beam")) << r.log;
}

// ---------------------------------------------------------------------------
// Eclipse

const std::string kBrute = "  - {name: Foe, difficulty: 10, thresholds: [10, 20], hp: 6, stress: 3, atk: 0, attack: {damage: 20}}\n";

// The cast (9 + 10 + 2 = 21 against 16) succeeds with Fear: darkness. With
// no Fear to spare (the GM keeps 1 and holds 1), it stands: Foe's attack has disadvantage
// (15 and 3: the 3 stands, a miss). Round 2: Hero's weapon attack succeeds
// with Hope against Foe, which marks a Stress. Old code: not modelled.
TEST(DaggerheartSpells, EclipseGivesAttacksOnThePartyDisadvantageAndStressesFoesBeatenWithHope) {
  std::string y = fight(casts("Eclipse", "", 10), kBrute, 2);
  y.replace(y.find("adversary_experiences: false"), 28, "adversary_experiences: false, fear_start: 0, fear_reserve: 1");
  const auto enc = encounter_from(y);
  ScriptedDice dice{{{12, 9}, {12, 10}, {20, 15}, {20, 3}, {12, 10}, {12, 9}}};
  dice.lenient = true;  // the weapon's damage and what follows: not pinned
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Eclipse: darkness falls; attacks on the party have disadvantage")) << r.log;
  EXPECT_TRUE(has(r, "d20 3 (disadvantage)")) << r.log;
  EXPECT_FALSE(has(r, "clear the darkness")) << r.log;
  EXPECT_TRUE(has(r, "Eclipse: a success with Hope in the darkness")) << r.log;
  EXPECT_TRUE(has(r, "Foe marks 1 Stress (1/3)")) << r.log;
  EXPECT_EQ(testing::count(r, "Hero plays Eclipse"), 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Eclipse");
  EXPECT_EQ(f.conditions, 2);  // the darkness, and the Stress
}

// With a Fear to spare (2 held, 1 kept) and a foe whose hits the darkness
// turns away are worth more than a Fear, the GM clears it as its turn begins:
// Foe's attack is then a single d20 (1: a miss).
TEST(DaggerheartSpells, TheGmSpendsAFearToClearTheDarkness) {
  std::string y = fight(casts("Eclipse", "", 10), kBrute);
  y.replace(y.find("adversary_experiences: false"), 28, "adversary_experiences: false, fear_reserve: 1");
  const auto enc = encounter_from(y);
  ScriptedDice dice{{{12, 9}, {12, 10}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Eclipse: darkness falls")) << r.log;
  EXPECT_TRUE(has(r, "The GM spends a Fear to clear the darkness (1 left)")) << r.log;
  EXPECT_TRUE(has(r, "The darkness lifts (the GM clears it)")) << r.log;
  EXPECT_FALSE(has(r, "(disadvantage)")) << r.log;
}

// ---------------------------------------------------------------------------
// The new keys' errors

TEST(DaggerheartSpells, TheSpellKeysAreChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body, "Codex", "Spell"); };
  EXPECT_EQ(msg("roll: spellcast, difficulty: 18, target: enemies, range: far, uses: 1, pay_on: success, kill_at: 18, stress_each: 1"),
            "(no error)");
  EXPECT_NE(msg("roll: spellcast, target: enemies, kill_at: 18").find("kill_at goes with"), std::string::npos)
      << msg("roll: spellcast, target: enemies, kill_at: 18");
  EXPECT_NE(msg("roll: spellcast, difficulty: 18, target: enemy, kill_at: 18").find("kill_at goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, difficulty: 18, target: enemies, kill_at: 18, damage: d6").find("kill_at goes with"),
            std::string::npos);
  EXPECT_NE(msg("roll: spellcast, difficulty: 18, target: enemies, kill_at: 31"), "(no error)");
  EXPECT_NE(msg("roll: spellcast, target: enemies, damage: d6, stress_each: 1").find("stress_each"), std::string::npos);
  EXPECT_EQ(msg("roll: spellcast, target: enemies, save: 14, hope_each: 1, damage: 4d20+5, save_damage: 3d20+3, stun: true"),
            "(no error)");
  EXPECT_NE(msg("roll: spellcast, target: enemies, damage: d6, hope_each: 1").find("hope_each (the Hope per target that rolls) goes with save"),
            std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemies, save: 14, save_damage: 3d20").find("save_damage goes with save and damage"),
            std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemies, save: 14, damage: d6, save_half: true, save_damage: d4").find("save_damage goes with"),
            std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemies, damage: d6, save_damage: d4").find("save_damage goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: self, heal_hp: 1, stun: true").find("stun goes with an action at adversaries"),
            std::string::npos);
  EXPECT_EQ(msg("roll: spellcast, target: enemy, stun: true"), "(no error)");
  EXPECT_NE(msg("roll: spellcast, target: enemy, stun: maybe"), "(no error)");
  EXPECT_NE(msg("combat: not_modelled, stun: true").find("not modelled"), std::string::npos);
  EXPECT_EQ(msg("roll: spellcast, difficulty: 16, target: allies, hp_per_stress: 1"), "(no error)");
  EXPECT_NE(msg("roll: spellcast, difficulty: 16, target: enemy, hp_per_stress: 1").find("hp_per_stress goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, difficulty: 16, target: allies, heal_hp: 1, hp_per_stress: 1").find("hp_per_stress goes with"),
            std::string::npos);
  EXPECT_NE(msg("target: allies, hp_per_stress: 4"), "(no error)");
  EXPECT_EQ(msg("roll: spellcast, difficulty: 16, target: party, uses: 1, pay_on: success, darkness: true"), "(no error)");
  EXPECT_NE(msg("roll: spellcast, difficulty: 16, target: allies, darkness: true").find("darkness goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, difficulty: 16, target: party, gain_hope: 1, darkness: true").find("darkness goes with"),
            std::string::npos);
}

// Every library card these keys model reads as modelled.
TEST(DaggerheartSpells, TheLibraryModelsTheCards) {
  testing::expect_modelled({"Disintegration Wave", "Stunning Sunlight", "Salvation Beam", "Eclipse"});
}

}  // namespace
}  // namespace encsim
