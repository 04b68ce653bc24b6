// Daggerheart pools of tokens and stances that fill and empty in a fight:
// Slayer's Slayer Dice (`pool: {fill: hope_roll, spend: attack, max:
// proficiency, die: 6}`, play_pool.hpp), placed on a roll with Hope instead of
// the Hope and rolled into a missed attack roll or a damage roll; Weapon
// Specialist's `secondary_dice`; Elemental Incarnation's stances taken as the
// spotlight begins and ended by a Severe hit (`trigger: spotlight`, `ends_on:
// severe`, fight_thresholds, fight_retaliate, fight_advantage) and Elemental
// Dominion's `while_stance`. Replayed on scripted dice where each fires and
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

int occurrences(const Replay& r, const std::string& text) {
  int n = 0;
  for (auto at = r.log.find(text); at != std::string::npos; at = r.log.find(text, at + 1)) ++n;
  return n;
}

// ---------------------------------------------------------------------------
// Slayer (Call of the Slayer foundation)

// A level-1 Warrior of the Call of the Slayer (Proficiency 2, so 2 Slayer
// Dice; Agility 0, a d4 with Combat Training's +1) against one foe
// (Difficulty 10, thresholds 5/10, 20 HP) that never acts; OPTS joins the options.
std::string slayer(int rounds, const std::string& opts) {
  return "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) +
         "\noptions: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false" + opts +
         "}\nparty:\n  - {name: Vex, class: warrior, level: 1, subclass: Call of the Slayer, proficiency: 2, "
         "traits: {agility: 0}, primary: {damage: d4}, armor: {thresholds: [5, 10], score: 0}}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], atk: 0, hp: 20, attack: {damage: 1}}\n";
}

TEST(DaggerheartTokens, SlayerTakesADieInsteadOfTheHopeAndRollsItIntoTheDamage) {
  const auto enc = encounter_from(slayer(1, ", hope_features: false"));
  // 9 + 3 = 12: a success with Hope: a d6 instead of the Hope. 2d4 of 1 and 2,
  // +1: 4, Minor; the die's mean reaches Major (an HP for half an HP): 5 = 9, Major.
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 1}, {4, 2}, {6, 5}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Vex places a d6 on Slayer instead of gaining a Hope (1 of 2)")) << r.log;
  EXPECT_FALSE(has(r, "Vex gains a Hope")) << r.log;
  EXPECT_TRUE(has(r, "Vex spends 1 of Slayer's tokens on the damage roll: +5 = 9 (0 left)")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Slayer");
  EXPECT_EQ(f.spent, 1);   // the Hope given up
  EXPECT_EQ(f.uses, 1);    // one spend
  EXPECT_EQ(f.damage, 1);  // the HP the die added (Minor to Major)
}

TEST(DaggerheartTokens, SlayerKeepsADieThatWouldAddNothingAndTurnsAMissWithIt) {
  const auto enc = encounter_from(slayer(2, ", hope_features: false"));
  // Round 1: 12, a success with Hope: a die; 2 + 2 + 1 = 5, Major, and the
  // die's mean (8.5) stays Major: kept. Round 2: 5 + 2 = 7 fails with Hope,
  // 3 short: one die (mean 3.5) for a hit worth 2 HP: 4, 11, a success with
  // Hope, whose Hope becomes a die again; 5, Major, the die kept.
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 2}, {4, 2}, {12, 5}, {12, 2}, {6, 4}, {4, 2}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "on the damage roll")) << r.log;
  EXPECT_TRUE(has(r, "Vex spends 1 of Slayer's tokens on the attack roll: +4 = 11 (0 left)")) << r.log;
  EXPECT_EQ(occurrences(r, "Vex places a d6 on Slayer instead of gaining a Hope (1 of 2)"), 2) << r.log;  // before and after the spend
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 4) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Slayer");
  EXPECT_EQ(f.spent, 2);
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(r.rec.combatants[0].hits, 2);
}

TEST(DaggerheartTokens, SlayerKeepsTheHopeItsClassFeatureNeeds) {
  // No Mercy (3 Hope) is on: at 2 Hope the PC takes the Hope, not the die.
  const auto enc = encounter_from(slayer(1, ""));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 1}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Vex gains a Hope (3)")) << r.log;
  EXPECT_FALSE(has(r, "places a d6")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Slayer").spent, 0);
}

TEST(DaggerheartTokens, SlayerIsOffWithCardsOff) {
  const auto enc = encounter_from(slayer(1, ", hope_features: false, cards: false"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 1}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Vex gains a Hope (3)")) << r.log;
  EXPECT_FALSE(has(r, "Slayer")) << r.log;
}

// ---------------------------------------------------------------------------
// Weapon Specialist (Call of the Slayer specialization): a Hope for a secondary weapon's die

// A level-5 Warrior (its specialization by the default path; Proficiency 1;
// a d4 with Combat Training's +5 and a d6 secondary) against a foe of thresholds 9/20.
std::string specialist(const std::string& secondary) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false}\n"
         "party:\n  - {name: Vex, class: warrior, level: 5, subclass: Call of the Slayer, proficiency: 1, "
         "traits: {agility: 0}, primary: {damage: d4}, " + secondary +
         "armor: {thresholds: [5, 10], score: 0}}\n"
         "foes:\n  - {name: Foe, difficulty: 5, thresholds: [9, 20], atk: 0, hp: 20, attack: {damage: 1}}\n";
}

TEST(DaggerheartTokens, WeaponSpecialistAddsASecondaryDieForAHope) {
  const auto enc = encounter_from(specialist("secondary: {damage: d6}, "));
  // 1 + 12 (+ Agility): a success with Fear (no Slayer Die); d4 of 1 + 5 = 6,
  // Minor; a d6 (mean 3.5) reaches Major for a Hope: 6 = 12, Major. The GM's
  // turn: Foe's attack misses (lenient dice: 1).
  ScriptedDice dice{{{12, 1}, {12, 12}, {4, 1}, {6, 6}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Vex plays Weapon Specialist: +6 damage")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Weapon Specialist");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  // No secondary weapon: never played.
  const auto bare = encounter_from(specialist(""));
  ScriptedDice d2{{{12, 1}, {12, 12}, {4, 1}}};
  d2.lenient = true;
  const Replay r2 = replay(bare, d2);
  EXPECT_FALSE(has(r2, "Weapon Specialist")) << r2.log;
}

// ---------------------------------------------------------------------------
// Spellcharge (Midnight 8) and Never Upstaged (Grace 6): pools filled by the HP the PC marks

// A level-8 PC (no class; Proficiency 1, Agility 0, Instinct 2 as its
// Spellcast trait, a d4, thresholds 13/18) with CARD; round 1 its attack fails
// with Fear and Foe (+10) hits it for 13 of TYPE (Major, 2 HP); round 2 it
// hits (9 + 3) for a d4 of 1 (Minor on Foe's 5/10).
std::string marked_by(const std::string& card, const std::string& type) {
  return "ruleset: daggerheart\nmax_rounds: 2\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false}\n"
         "party:\n  - {name: Hero, level: 8, proficiency: 1, hp: 6, stress: 6, spellcast: instinct, "
         "traits: {agility: 0, instinct: 2}, primary: {damage: d4}, armor: {thresholds: [5, 10], score: 0}, cards: [" + card +
         "]}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 10, attack: {damage: 13, type: " +
         type + "}}\n";
}

TEST(DaggerheartTokens, SpellchargeTurnsMagicHpIntoD6sOnALaterHit) {
  const auto enc = encounter_from(marked_by("Spellcharge", "magic"));
  // One d6 (mean 3.5) takes 1 to Major; a second would add no more: 4 = 5, Major.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 9}, {12, 3}, {4, 1}, {6, 4}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero places 2 tokens on Spellcharge (2 of 2)")) << r.log;
  EXPECT_TRUE(has(r, "Hero spends 1 of Spellcharge's tokens on the damage roll: +4 = 5 (1 left)")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Spellcharge");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 1);
  // Physical damage places none.
  const auto plain = encounter_from(marked_by("Spellcharge", "physical"));
  ScriptedDice d2{{{12, 1}, {12, 2}, {20, 15}, {12, 9}, {12, 3}, {4, 1}}};
  const Replay r2 = replay(plain, d2);
  EXPECT_FALSE(has(r2, "tokens on Spellcharge")) << r2.log;
  EXPECT_EQ(r2.rec.combatants[1].damage_taken, 1) << r2.log;
}

TEST(DaggerheartTokens, NeverUpstagedBuysFivesForAStressAndSpendsThemAll) {
  const auto enc = encounter_from(marked_by("Never Upstaged", "physical"));
  // 2 HP marked: a Stress for 2 tokens (+10 takes the d4's mean from Minor to
  // Severe); the next hit: 1 + 10 = 11, Severe (3 HP).
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 9}, {12, 3}, {4, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero marks 1 Stress for Never Upstaged")) << r.log;
  EXPECT_TRUE(has(r, "Hero places 2 tokens on Never Upstaged (2 of 12)")) << r.log;
  EXPECT_TRUE(has(r, "Hero spends 2 of Never Upstaged's tokens on the damage roll: +10 = 11 (0 left)")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Never Upstaged");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  EXPECT_EQ(f.damage, 2);
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
}

// Arcane Charge (Primal Origin mastery): a charge from magic damage, +10 on a magic attack's damage.
TEST(DaggerheartTokens, ArcaneChargeIsChargedByMagicDamageAndClearedForTen) {
  const auto enc = encounter_from(
      "ruleset: daggerheart\nmax_rounds: 2\n"
      "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false}\n"
      "party:\n  - {name: Sorc, class: sorcerer, level: 8, subclass: Primal Origin, proficiency: 1, "
      "primary: {damage: d4, type: magic}, armor: {thresholds: [5, 10], score: 0}}\n"
      "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 10, attack: {damage: 13, type: magic}}\n");
  // Round 1: a miss, then 13 magic (Major): Charged. Round 2: 9 + 3 hits
  // (whatever the trait); a d4 of 1, +10 = 11, Severe.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 9}, {12, 3}, {4, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Sorc places 1 token on Arcane Charge (1 of 1)")) << r.log;
  EXPECT_TRUE(has(r, "Sorc spends 1 of Arcane Charge's tokens on the damage roll: +10 = 11 (0 left)")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Arcane Charge").damage, 2);
}

// ---------------------------------------------------------------------------
// Elemental Incarnation (Warden of the Elements): a stance taken as the spotlight begins, ended by a Severe hit

// A level-1 Warden of the Elements (Proficiency 1, thresholds 6/11 with its
// level, no armor, no Beastform) of ELEMENT; its attack fails with Fear (1 + 2)
// and Foe (Melee, +10) hits back for DAMAGE.
std::string warden(const std::string& element, int damage, int level = 1) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false}\n"
         "party:\n  - {name: Dru, class: druid, level: " + std::to_string(level) +
         ", subclass: Warden of the Elements, beastform: none, " + element +
         "traits: {agility: 0}, primary: {damage: d4}, armor: {thresholds: [5, 10], score: 0}}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 10, attack: {damage: " +
         std::to_string(damage) + "}}\n";
}

TEST(DaggerheartTokens, EarthChannelsTheProficiencyIntoBothThresholds) {
  const auto enc = encounter_from(warden("", 6));  // earth by default
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Dru plays Elemental Incarnation: Earth until it takes Severe damage: +1 to its thresholds")) << r.log;
  EXPECT_TRUE(has(r, "6 damage to Dru (thresholds 7/12): marks 1 HP")) << r.log;  // Major (6/11) without it
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1);
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Elemental Incarnation: Earth");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  // A Severe hit ends it.
  const auto hard = encounter_from(warden("", 20));
  ScriptedDice d2{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r2 = replay(hard, d2);
  EXPECT_TRUE(has(r2, "Dru's Elemental Incarnation: Earth ends (Severe damage)")) << r2.log;
}

TEST(DaggerheartTokens, FireBurnsAMeleeAttackerEvenWithTheHitThatEndsIt) {
  const auto enc = encounter_from(warden("element: fire, ", 20));
  // 20 is Severe (3 HP): the channel ends, and Foe takes d10 = 7 magic: Major (2 HP).
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {10, 7}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Dru plays Elemental Incarnation: Fire until it takes Severe damage")) << r.log;
  EXPECT_TRUE(has(r, "Dru's Elemental Incarnation: Fire ends (Severe damage)")) << r.log;
  EXPECT_TRUE(has(r, "Elemental Incarnation: Fire: 7 magic damage back to Foe")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Elemental Incarnation: Fire").damage, 2);
  EXPECT_EQ(r.rec.combatants[0].damage_dealt, 2);
  // Only the element's entries: no Earth on a fire Warden.
  for (const dh::PcCard& c : enc.pcs.front().cards) EXPECT_EQ(c.def->name.find("Earth"), std::string::npos) << c.def->name;
}

TEST(DaggerheartTokens, AirGivesAdvantageOnAgilityAttacks) {
  const auto enc = encounter_from(warden("element: air, ", 1));
  // 5 + 3 + 0 and the advantage d6 4: 12, a success with Hope; d4 2.
  ScriptedDice dice{{{12, 5}, {12, 3}, {6, 4}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Dru plays Elemental Incarnation: Air until it takes Severe damage")) << r.log;
  EXPECT_TRUE(has(r, "Dru rolls Hope 5, Fear 3 +0 + advantage = 12 vs 10: success with Hope")) << r.log;
}

TEST(DaggerheartTokens, ElementalDominionJoinsTheChannel) {
  // A level-8 Warden has its mastery: fire adds a Proficiency die while Channeling, air an Evasion.
  const auto fire = encounter_from(warden("element: fire, ", 1, 8));
  const int prof = fire.pcs.front().proficiency;
  ScriptedDice dice;
  dice.lenient = true;  // every die a 1: a critical, then the damage
  const Replay r = replay(fire, dice);
  EXPECT_TRUE(has(r, ", +1 Proficiency, +0 Evasion")) << r.log;
  EXPECT_TRUE(has(r, "damage " + std::to_string(prof + 1) + "d")) << r.log;
  const auto air = encounter_from(warden("element: air, ", 1, 8));
  ScriptedDice d2;
  d2.lenient = true;
  const Replay r2 = replay(air, d2);
  EXPECT_TRUE(has(r2, ", +0 Proficiency, +1 Evasion")) << r2.log;
}

// ---------------------------------------------------------------------------
// Spirit Weapon (Divine Wielder foundation): a Stress for a second target on the same attack roll

// A level-1 Seraph of the Divine Wielder (Agility 0, a d4 of RANGE) against
// two foes (Difficulty 10, thresholds 5/10, 6 HP each).
std::string wielder(const std::string& range) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false}\n"
         "party:\n  - {name: Sera, class: seraph, level: 1, subclass: Divine Wielder, "
         "traits: {agility: 0}, primary: {damage: d4, range: " + range + "}, armor: {thresholds: [5, 10], score: 0}}\n"
         "foes:\n  - {name: A, difficulty: 10, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 1}}\n"
         "  - {name: B, difficulty: 10, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 1}}\n";
}

TEST(DaggerheartTokens, SpiritWeaponHitsASecondFoeWithTheSameRollForAStress) {
  const auto enc = encounter_from(wielder("melee"));
  // 9 + 3 = 12 beats both; one d4 of 3: Minor on each.
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Sera plays Spirit Weapon: the roll also hits ")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Spirit Weapon");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  EXPECT_EQ(f.damage, 1);  // the second foe's HP
  // A weapon beyond Very Close range: no second target.
  const auto far = encounter_from(wielder("far"));
  ScriptedDice d2{{{12, 9}, {12, 3}, {4, 3}}};
  const Replay r2 = replay(far, d2);
  EXPECT_FALSE(has(r2, "Spirit Weapon")) << r2.log;
  EXPECT_EQ(r2.rec.combatants[1].damage_taken + r2.rec.combatants[2].damage_taken, 1) << r2.log;
}

// ---------------------------------------------------------------------------
// The new keys' errors

TEST(DaggerheartTokens, ThePoolKeysAreChecked) {
  auto text = [](const std::string& body) { return testing::card_text(body, "Blade"); };
  auto msg = [](const std::string& body) { return testing::card_error(body, "Blade"); };
  EXPECT_NE(msg("when: passive, pool: {max: 2, die: 6}").find("needs `fill` and `max`"), std::string::npos);
  EXPECT_NE(msg("when: passive, pool: {fill: hope_roll, die: 6}").find("needs `fill` and `max`"), std::string::npos);
  EXPECT_NE(msg("when: passive, pool: {fill: hope_rol, max: 2, die: 6}").find("hope_roll"), std::string::npos);
  EXPECT_NE(msg("when: passive, pool: {fill: hope_roll, spend: damag, max: 2, die: 6}").find("attack"), std::string::npos);
  EXPECT_NE(msg("when: passive, pool: {fill: hope_roll, max: 2, die: 6, each: 1}").find("one of them"), std::string::npos);
  EXPECT_NE(msg("when: passive, pool: {fill: hope_roll, max: 2}").find("one of them"), std::string::npos);
  EXPECT_NE(msg("when: passive, pool: {fill: hope_roll, max: 0, die: 6}").find("at least one token"), std::string::npos);
  EXPECT_NE(msg("when: passive, pool: {fill: hope_roll, max: profciency, die: 6}").find("proficiency"), std::string::npos);
  EXPECT_NE(msg("when: passive, pool: {fill: hope_roll, max: 2, die: 6, dice: 2}").find("dice"), std::string::npos);
  EXPECT_NE(msg("when: passive, stress: 1, pool: {fill: hope_roll, max: 2, die: 6}").find("costs nothing"), std::string::npos);
  EXPECT_NE(msg("when: passive, hope: 1, pool: {fill: hurt, max: 2, each: 5}").find("costs nothing"), std::string::npos);
  EXPECT_NE(msg("when: passive, pool: {fill: magic_hurt, max: 1, each: 10, only: physical}").find("magic"), std::string::npos);
  EXPECT_EQ(msg("when: passive, stress: 1, pool: {fill: hurt, spend: next_hit, max: spellcast, each: 5}"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d6, pool: {fill: hope_roll, max: 2, die: 6}").find("goes with `when: passive`"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: after_hit, target: self, gain_hope: 1, secondary_dice: 1").find("secondary_dice goes with"),
            std::string::npos);
  EXPECT_EQ(testing::where_of([&] { dh::read_card_library("lib.yaml", text("when: passive, pool: {fill: hope_roll, max: 2}")); }).first,
            2);
  EXPECT_NE(msg("when: reaction, trigger: spotlight, stress: 1, gain_hope: 1").find("takes a stance"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: spotlight, stress: 1, fight_thresholds: 2, damage: d6").find("takes a stance"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: crit, target: self, gain_hope: 1, fight_evasion: 1").find("goes with `trigger: attack` or `spotlight`"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: spotlight, stress: 1, ends_on: severe").find("has no effect"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: after_hit, target: self, gain_hope: 1, ends_on: severe").find("ends_on goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: spotlight, stress: 1, fight_thresholds: 2, ends_on: sever").find("severe"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: spotlight, fight_advantage: agilty").find("agility"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: spotlight, fight_retaliate: 3").find("rolls dice"), std::string::npos);
  EXPECT_NE(msg("when: passive, while_stance: true").find("takes fight_proficiency, fight_evasion"), std::string::npos);
  EXPECT_NE(msg("when: passive, while_stance: true, fight_proficiency: 1, fight_thresholds: 1").find("nothing else"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d6, while_stance: true, fight_evasion: 1").find("goes with `when: passive`"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, stress: 1, extra_targets: 1, bonus: d6").find("extra_targets goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: after_hit, target: self, gain_hope: 1, extra_targets: 1").find("extra_targets goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, stress: 1, extra_targets: 5").find("extra_targets"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: after_hit, target: self, gain_hope: 1, hit_if: near").find("hit_if: near"),
            std::string::npos);
  // `element` on a feature, and on a PC.
  auto feature_error = [](const std::string& body) {
    return testing::message_of([&] {
      dh::read_feature_library("f.yaml", "features:\n  - {name: X, summary: s, combat: none, " + body + "}\n");
    });
  };
  EXPECT_NE(feature_error("subclass: Stalwart, tier: foundation, element: fire").find("Warden of the Elements"), std::string::npos);
  EXPECT_NE(feature_error("subclass: Warden of the Elements, tier: foundation, element: fir").find("fire"), std::string::npos);
  EXPECT_EQ(feature_error("subclass: Warden of the Elements, tier: foundation, element: fire"), "(no error)");
  auto pc_error = [](const std::string& pc) {
    return testing::message_of([&] {
      encounter_from("ruleset: daggerheart\nparty:\n  - {name: P, " + pc +
                     "}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 1}}\n");
    });
  };
  EXPECT_NE(pc_error("class: druid, subclass: Warden of Renewal, element: fire").find("no Warden of the Elements"),
            std::string::npos);
  EXPECT_NE(pc_error("class: druid, subclass: Warden of the Elements, element: lava").find("fire"), std::string::npos);
  // The shipped entries read.
  bool slayer = false;
  for (const dh::CardDef& d : dh::feature_library())
    if (d.name == "Slayer") slayer = d.status == dh::CardStatus::modelled && d.effect.pool.die == 6;
  EXPECT_TRUE(slayer);
}

}  // namespace
}  // namespace encsim
