// Daggerheart cards an audit found modelled only in part, completed:
// Hypnotic Shimmer's Stun (`stun`), Book of Tyfar's Wild Flame in Melee range
// at three foes at most (`max_targets`), Inspirational Words' three gifts
// (`either`), Healing Field's 2-Hope upgrade (`upgrade_hope`, `upgrade_hp`),
// Book of Norai's Fireball on its target and the foes around it (`save`,
// `save_half`, `blast`), Chain Lightning's reaction roll against the
// roll's total and its chain (`save: roll`, `chain`), Book of Grynn's Arcane Deflection on an ally
// (`guard_ally`) and Ruthless Predator's Stress on a Severe hit
// (`severe_stress`). Each is
// replayed on scripted dice where it fires and where its policy keeps it
// quiet; the new keys' errors.
#include <gtest/gtest.h>

#include <string>

#include "daggerheart_replay.hpp"
#include "feature_lookup.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::encounter_from;
using testing::has;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;

// A caster (Knowledge 2, a d4 weapon) who plays CARD first, then attacks; MORE joins its keys.
std::string caster(const std::string& card, const std::string& more = "", const std::string& name = "Hero") {
  return "  - {name: " + name + ", level: 9, proficiency: 1, spellcast: knowledge, traits: {knowledge: 2}, primary: {damage: d4}, "
         "armor: {thresholds: [5, 11], score: 0}, " + more + "cards: [\"" + card + "\"], tactics: [{do: \"card:" + card +
         "\"}, {do: attack}]}\n";
}

// A PC with no card; MORE joins its keys.
std::string ally(const std::string& name, const std::string& more = "") {
  return "  - {name: " + name + ", level: 1, proficiency: 1, traits: {strength: 1}, primary: {damage: d4}, "
         "armor: {thresholds: [5, 11], score: 0}" + more + "}\n";
}

std::string foe(const std::string& name, int difficulty, int hp, const std::string& more = "") {
  return "  - {name: " + name + ", difficulty: " + std::to_string(difficulty) +
         ", thresholds: [10, 20], hp: " + std::to_string(hp) + ", stress: 3, atk: 0, attack: {damage: 6}" + more + "}\n";
}

// ---------------------------------------------------------------------------
// Hypnotic Shimmer

// The Spellcast roll (8 + 9 + 2 = 19, with Fear) beats both foes (Difficulty
// 10): each marks a Stress and is Stunned, the use paid on the success. On the
// GM's turn a Stunned foe spends its spotlight shaking the stun off instead of
// attacking. Old code: the Stress only, no Stun.
TEST(DaggerheartBlasts, HypnoticShimmerStunsEachFoeItBeats) {
  const auto enc = encounter_from(testing::fight(caster("Hypnotic Shimmer"), foe("Ash", 10, 6) + foe("Birch", 10, 6)));
  ScriptedDice dice{{{12, 8}, {12, 9}}};
  dice.lenient = true;  // the GM's turn: not pinned here
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Hypnotic Shimmer")) << r.log;
  EXPECT_TRUE(has(r, "Ash marks 1 Stress (1/3)")) << r.log;
  EXPECT_TRUE(has(r, "Birch marks 1 Stress (1/3)")) << r.log;
  EXPECT_TRUE(has(r, "Ash is Stunned")) << r.log;
  EXPECT_TRUE(has(r, "Birch is Stunned")) << r.log;
  EXPECT_TRUE(has(r, "spends its spotlight shaking off the stun")) << r.log;
  EXPECT_FALSE(has(r, "Ash attacks")) << r.log;
  EXPECT_FALSE(has(r, "Birch attacks")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Hypnotic Shimmer");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.conditions, 2);
}

// A foe the roll does not beat (Difficulty 20 against 19) is neither
// Stunned nor Stressed; the one it beats is. (The area's roll is told
// against its first target, Ash: the two are worth the same, and the
// tactics stream's 1 takes the last listed on ties.)
TEST(DaggerheartBlasts, HypnoticShimmerLeavesAFoeItDoesNotBeat) {
  const auto enc = encounter_from(testing::fight(caster("Hypnotic Shimmer"), foe("Birch", 20, 6) + foe("Ash", 10, 6)));
  ScriptedDice dice{{{12, 8}, {12, 9}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Ash is Stunned")) << r.log;
  EXPECT_FALSE(has(r, "Birch is Stunned")) << r.log;
  EXPECT_FALSE(has(r, "Birch marks 1 Stress")) << r.log;
}

// ---------------------------------------------------------------------------
// Book of Tyfar: Wild Flame

// Wild Flame is a Melee spell: a foe whose riposte answers a Melee attacker
// (Swashbuckler: when the attack marks 2 HP or fewer) makes the caster mark a
// Stress. The roll (19) beats Ash; 2d6 = 5 + 4 = 9 (Minor: 1 HP). Old code:
// filed at Close range, no riposte.
TEST(DaggerheartBlasts, WildFlameIsAMeleeAttackForTheFoesReactions) {
  const std::string ash = foe("Ash", 10, 6, ", features: [{name: Swashbuckler, kind: passive, retaliate_stress: 1, max_hp_marked: 2}]");
  const auto enc = encounter_from(testing::fight(caster("Book of Tyfar"), ash));
  ScriptedDice dice{{{12, 8}, {12, 9}, {6, 5}, {6, 4}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Book of Tyfar: 9 magic damage to Ash")) << r.log;
  EXPECT_TRUE(has(r, "Ash's riposte against Hero")) << r.log;
  EXPECT_TRUE(has(r, "Ash marks 1 Stress (1/3)")) << r.log;
}

// "Up to three adversaries": with a Melee area of four (area_very_close: 4)
// the spell reaches three of the four foes, those worth most: the three with
// a Stress to mark (Dell has no Stress slot, so its Stress is worth nothing),
// never by listing order (Dell is listed first). 2d6 of 1s: 2 each (Minor, 1
// HP). Old code: the four (Close range, area_close: 4).
TEST(DaggerheartBlasts, WildFlameReachesThreeFoesAtMost) {
  const std::string foes =
      "  - {name: Dell, difficulty: 10, thresholds: [10, 20], hp: 6, stress: 0, atk: 0, attack: {damage: 6}}\n" +
      foe("Ash", 10, 6) + foe("Birch", 10, 6) + foe("Cedar", 10, 6);
  const auto enc = encounter_from(testing::fight(caster("Book of Tyfar"), foes, 1, ", area_very_close: 4, area_close: 4"));
  ScriptedDice dice{{{12, 8}, {12, 9}}};
  dice.lenient = true;  // the damage dice: 1s
  const Replay r = replay(enc, dice);
  EXPECT_EQ(testing::count(r, "Book of Tyfar: 2 magic damage to"), 3) << r.log;
  EXPECT_FALSE(has(r, "Book of Tyfar: 2 magic damage to Dell")) << r.log;
  EXPECT_TRUE(has(r, "Book of Tyfar: 2 magic damage to Ash")) << r.log;
  EXPECT_TRUE(has(r, "Book of Tyfar: 2 magic damage to Birch")) << r.log;
  EXPECT_TRUE(has(r, "Book of Tyfar: 2 magic damage to Cedar")) << r.log;
}

// ---------------------------------------------------------------------------
// Inspirational Words (Zed listed first: the PC the tactics stream's 1 picks
// to act first is the last listed, Hero)

// Ally has no HP marked but 2 Stress: the token clears a Stress (the option
// worth most). Old code: an HP only, so no one to act on and not played.
TEST(DaggerheartBlasts, InspirationalWordsClearsAStressWhenNoHpIsMarked) {
  const std::string party = ally("Zed", ", marked: {stress: 2}") + caster("Inspirational Words");
  const auto enc = encounter_from(testing::fight(party, foe("Ash", 10, 6)));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Inspirational Words")) << r.log;
  EXPECT_TRUE(has(r, "Inspirational Words clears 1 Stress on Zed")) << r.log;
  EXPECT_FALSE(has(r, "Inspirational Words clears 1 HP")) << r.log;
}

// Nothing marked and Hope short of its cap: the token gives a Hope. Old code: not played.
TEST(DaggerheartBlasts, InspirationalWordsGivesAHopeWhenNothingIsMarked) {
  const std::string party = ally("Zed", ", hope: 1") + caster("Inspirational Words");
  const auto enc = encounter_from(testing::fight(party, foe("Ash", 10, 6)));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Inspirational Words")) << r.log;
  EXPECT_TRUE(has(r, "Inspirational Words: Zed gains 1 Hope (2)")) << r.log;
}

// An HP marked still comes first: the ally with 2 HP and 2 Stress marked
// clears an HP (worth 1 against a Stress's half).
TEST(DaggerheartBlasts, InspirationalWordsStillClearsAnHpFirst) {
  const std::string party =
      ally("Zed", ", marked: {hp: 2, stress: 2}") + caster("Inspirational Words");
  const auto enc = encounter_from(testing::fight(party, foe("Ash", 10, 6)));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Inspirational Words clears 1 HP on Zed")) << r.log;
  EXPECT_FALSE(has(r, "Inspirational Words clears 1 Stress")) << r.log;
}

// ---------------------------------------------------------------------------
// Healing Field

// Hero and Zed have 2 HP marked each: the upgrade clears 2 more HP in all
// (worth 2) for 2 Hope (worth 1), so Hero pays it and each clears 2. Old
// code: 1 HP each, no Hope spent.
TEST(DaggerheartBlasts, HealingFieldPaysTwoHopeForTwoHpEach) {
  const std::string party = ally("Zed", ", marked: {hp: 2}") + caster("Healing Field", "hope: 3, marked: {hp: 2}, ");
  const auto enc = encounter_from(testing::fight(party, foe("Ash", 10, 6)));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero spends 2 Hope: each PC clears 2 HP instead")) << r.log;
  EXPECT_TRUE(has(r, "Healing Field clears 2 HP on Hero")) << r.log;
  EXPECT_TRUE(has(r, "Healing Field clears 2 HP on Zed")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 1, "Healing Field");
  EXPECT_EQ(f.healed, 4);
  EXPECT_EQ(f.spent, 2);
}

// Only Zed has a second HP to clear: one HP more (worth 1) does not beat 2
// Hope (worth 1), so the field clears an HP each and the Hope is kept. (A
// policy guard: the old code never paid either.)
TEST(DaggerheartBlasts, HealingFieldKeepsTheHopeWhenTheUpgradeAddsTooLittle) {
  const std::string party = ally("Zed", ", marked: {hp: 2}") + caster("Healing Field", "hope: 3, marked: {hp: 1}, ");
  const auto enc = encounter_from(testing::fight(party, foe("Ash", 10, 6)));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Healing Field")) << r.log;
  EXPECT_FALSE(has(r, "spends 2 Hope")) << r.log;
  EXPECT_TRUE(has(r, "Healing Field clears 1 HP on Zed")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 1, "Healing Field").spent, 0);
}

// With fewer than 2 Hope the upgrade cannot be paid: an HP each.
TEST(DaggerheartBlasts, HealingFieldWithoutTwoHopeClearsOneHpEach) {
  const std::string party = ally("Zed", ", marked: {hp: 3}") + caster("Healing Field", "hope: 1, marked: {hp: 3}, ");
  const auto enc = encounter_from(testing::fight(party, foe("Ash", 10, 6)));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "spends 2 Hope")) << r.log;
  EXPECT_TRUE(has(r, "Healing Field clears 1 HP on Zed")) << r.log;
}

// ---------------------------------------------------------------------------
// Book of Norai: Fireball

// The roll (8 + 9 + 2 = 19, with Fear) is made at Ash, the foe worth most
// (its thresholds are lowest, and the roll is likelier to beat its 10 than
// Cedar's 14), and beats it. The blast reaches one more foe
// (area_very_close: 2, Ash one of them): Birch, by name before Cedar (listed
// first; the two are worth the same), though the roll would not beat Birch's
// 25. Ash's 5 fails against 13, Birch's 15 succeeds; d20+5 = 15: Ash takes it
// all (Severe: 3 HP), Birch half, 7 (Minor: 1 HP); Cedar nothing. Old code:
// 15 to Ash alone, no reaction roll.
TEST(DaggerheartBlasts, FireballBlastsTheFoesAroundItsTargetWhoRollForHalf) {
  const std::string foes = foe("Cedar", 14, 6) + foe("Birch", 25, 6) +
                           "  - {name: Ash, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n";
  const auto enc = encounter_from(testing::fight(caster("Book of Norai"), foes));
  ScriptedDice dice{{{12, 8}, {12, 9}, {20, 5}, {20, 15}, {20, 10}}};
  dice.lenient = true;  // the GM's turn
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Book of Norai: the blast around Ash reaches Birch")) << r.log;
  EXPECT_FALSE(has(r, "reaches Cedar")) << r.log;
  EXPECT_TRUE(has(r, "Ash makes a reaction roll (13) against Book of Norai")) << r.log;
  EXPECT_TRUE(has(r, "Birch makes a reaction roll (13) against Book of Norai")) << r.log;
  EXPECT_FALSE(has(r, "Cedar makes a reaction roll")) << r.log;
  EXPECT_TRUE(has(r, "Book of Norai: 15 magic damage to each that failed, half to the others")) << r.log;
  EXPECT_EQ(r.rec.combatants[3].damage_taken, 3) << r.log;  // Ash
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 1) << r.log;  // Birch
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 0) << r.log;  // Cedar
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Book of Norai").damage, 4);
  EXPECT_EQ(r.rec.combatants[0].area_attacks, 2) << r.log;  // the blast's neighbour is a target too
  EXPECT_EQ(r.rec.combatants[0].area_hits, 2) << r.log;
}

// A roll that does not beat the target (19 against 20) reaches no one: no
// reaction roll, no damage (the blast needs the success on the target).
TEST(DaggerheartBlasts, FireballThatMissesItsTargetBlastsNoOne) {
  const auto enc = encounter_from(testing::fight(caster("Book of Norai"), foe("Ash", 20, 6) + foe("Birch", 20, 6)));
  ScriptedDice dice{{{12, 8}, {12, 9}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "makes a reaction roll")) << r.log;
}

// ---------------------------------------------------------------------------
// Chain Lightning

// Close range reaches two foes (area_close: 2): Ash and Birch, worth more
// than Cedar (its thresholds are higher). The roll (8 + 9 + 2 = 19) beats
// both, who roll against 19: Ash's 5 fails, Birch's 19 holds; 2d8+4 = 3 + 4
// + 4 = 11 on Ash (Major: 2 HP). Ash took damage, so the chain reaches Cedar,
// not targeted: its 2 fails, and 2d8+4 rolled anew, 1 + 1 + 4 = 6 (Minor: 1
// HP). Old code: 2d8+4 on each it beat, no reaction roll, no chain.
TEST(DaggerheartBlasts, ChainLightningRollsAgainstTheTotalAndChainsToTheOthers) {
  const std::string foes =
      "  - {name: Cedar, difficulty: 10, thresholds: [20, 30], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n" + foe("Birch", 10, 6) +
      foe("Ash", 10, 6);
  const auto enc = encounter_from(testing::fight(caster("Chain Lightning"), foes, 1, ", area_close: 2"));
  ScriptedDice dice{{{12, 8}, {12, 9}, {20, 5}, {20, 19}, {8, 3}, {8, 4}, {20, 2}, {8, 1}, {8, 1}}};
  dice.lenient = true;  // the GM's turn
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Ash makes a reaction roll (19) against Chain Lightning")) << r.log;
  EXPECT_TRUE(has(r, "Birch makes a reaction roll (19) against Chain Lightning")) << r.log;
  EXPECT_TRUE(has(r, "Chain Lightning: 11 magic damage to each that failed")) << r.log;
  EXPECT_TRUE(has(r, "Chain Lightning: the chain reaches Cedar, who makes a reaction roll (19)")) << r.log;
  EXPECT_TRUE(has(r, "Chain Lightning: 6 magic damage along the chain to each that failed")) << r.log;
  EXPECT_EQ(r.rec.combatants[3].damage_taken, 2) << r.log;  // Ash
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 0) << r.log;  // Birch
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1) << r.log;  // Cedar
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Chain Lightning").damage, 3);
  EXPECT_EQ(r.rec.combatants[0].area_attacks, 3) << r.log;  // Cedar, reached by the chain, is a target too
  EXPECT_EQ(r.rec.combatants[0].area_hits, 2) << r.log;
}

// When every target it beats holds (19 and a natural 20), no one took damage:
// no chain. (A policy guard: the old code had no chain.)
TEST(DaggerheartBlasts, ChainLightningWithNoFailureDoesNotChain) {
  const std::string foes =
      "  - {name: Cedar, difficulty: 10, thresholds: [20, 30], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n" + foe("Birch", 10, 6) +
      foe("Ash", 10, 6);
  const auto enc = encounter_from(testing::fight(caster("Chain Lightning"), foes, 1, ", area_close: 2"));
  ScriptedDice dice{{{12, 8}, {12, 9}, {20, 19}, {20, 20}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Ash makes a reaction roll (19) against Chain Lightning")) << r.log;
  EXPECT_FALSE(has(r, "the chain reaches")) << r.log;
  EXPECT_FALSE(has(r, "magic damage")) << r.log;
}

// ---------------------------------------------------------------------------
// Book of Grynn: Arcane Deflection on an ally

// Hero (a Hope to spend) and Pal (thresholds 1/2, no Armor Slot, 6 HP) against
// a foe whose standard attack deals 6. Pal acts first and fails with Fear
// (Hope 1, Fear 2); the foe's d20 15 hits Pal; then Hero fails with Fear and
// the foe's d20 1 misses.
std::string guarded(const std::string& hero) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false}\n"
         "party:\n  - {name: Hero, level: 4, primary: {damage: d4}, armor: {thresholds: [5, 11], score: 3}, "
         "spellcast: knowledge, traits: {knowledge: 2}, cards: [Book of Grynn], " + hero + "}\n"
         "  - {name: Pal, level: 1, hp: 6, armor: {thresholds: [1, 2], score: 0}, primary: {damage: d4}}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n";
}

// The 6 would mark 3 HP on Pal; Hero spends a Hope and the hit is negated
// (3 thresholds lower: nothing marked). Old code: the PC's own hits only, so
// Pal marked 3 HP.
TEST(DaggerheartBlasts, ArcaneDeflectionNegatesAHitOnAnAlly) {
  const auto enc = encounter_from(guarded("hope: 2"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Book of Grynn: Pal's hit is 3 threshold(s) lower")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 0) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Book of Grynn");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
}

// With no Hope it cannot be paid: Pal marks its 3 HP. (A policy guard: the
// old code never played it on an ally.)
TEST(DaggerheartBlasts, ArcaneDeflectionNeedsItsHope) {
  const auto enc = encounter_from(guarded("hope: 0"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "plays Book of Grynn")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
}

// ---------------------------------------------------------------------------
// Ruthless Predator

// A level-1 Wayfinder (Agility 2, a d12 bow) against a foe of thresholds
// 3/6 (HOW MANY: its Severe threshold).
std::string wayfinder(int severe) {
  return testing::fight("  - {name: Hunter, class: ranger, subclass: Wayfinder, traits: {agility: 2}, primary: {damage: d12}, "
                        "armor: {thresholds: [5, 10], score: 0}}\n",
                        "  - {name: Foe, difficulty: 10, thresholds: [3, " + std::to_string(severe) +
                            "], hp: 8, stress: 3, atk: 0, attack: {damage: 1}}\n");
}

// 9 + 3 + 2 = 14 hits; the d12's 10 is Severe (6): 3 HP, and Foe marks a
// Stress (the extra die is worth nothing on a hit already Severe). Old code: no Stress.
TEST(DaggerheartBlasts, RuthlessPredatorMakesASeverelyHitFoeMarkAStress) {
  const auto enc = encounter_from(wayfinder(6));
  ScriptedDice dice{{{12, 9}, {12, 3}, {12, 10}}};
  dice.lenient = true;  // the GM's turn
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Ruthless Predator: Severe damage, Foe marks 1 Stress")) << r.log;
  EXPECT_TRUE(has(r, "Foe marks 1 Stress (1/3)")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Ruthless Predator").conditions, 1);
}

// A Major hit (10 against 3/20) marks no Stress.
TEST(DaggerheartBlasts, RuthlessPredatorLeavesALesserHitAlone) {
  const auto enc = encounter_from(wayfinder(20));
  ScriptedDice dice{{{12, 9}, {12, 3}, {12, 10}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Severe damage")) << r.log;
  EXPECT_FALSE(has(r, "Foe marks 1 Stress")) << r.log;
}

// ---------------------------------------------------------------------------
// The new keys' errors

TEST(DaggerheartBlasts, NewKeysAreChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body, "Codex", "Spell"); };
  EXPECT_EQ(msg("roll: spellcast, target: enemies, range: melee, max_targets: 3, damage: 2d6"), "(no error)");
  EXPECT_NE(msg("roll: spellcast, target: enemy, max_targets: 3, damage: 2d6").find("max_targets goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemies, max_targets: 9, damage: 2d6"), "(no error)");
  EXPECT_EQ(msg("target: party, heal_hp: 1, upgrade_hope: 2, upgrade_hp: 2"), "(no error)");
  EXPECT_NE(msg("target: party, heal_hp: 1, upgrade_hope: 2").find("upgrade_hope and upgrade_hp go together"), std::string::npos);
  EXPECT_NE(msg("target: ally, heal_hp: 1, upgrade_hope: 2, upgrade_hp: 2").find("upgrade_hope and upgrade_hp"), std::string::npos);
  EXPECT_NE(msg("target: party, heal_hp: 2, upgrade_hope: 2, upgrade_hp: 2").find("more than heal_hp"), std::string::npos);
  EXPECT_NE(msg("target: party, heal_hp: d4, upgrade_hope: 2, upgrade_hp: 2").find("fixed heal_hp"), std::string::npos);
  EXPECT_NE(msg("when: passive, severe_stress: 4"), "(no error)");
  EXPECT_EQ(msg("roll: spellcast, target: enemy, damage: d20+5, save: 13, save_half: true, blast: very_close"), "(no error)");
  EXPECT_EQ(msg("when: reaction, trigger: damaged, hope: 1, downgrade: 3, guard_ally: true"), "(no error)");
  EXPECT_EQ(msg("roll: spellcast, target: enemies, damage: 2d8+4, save: roll, chain: true"), "(no error)");
  EXPECT_NE(msg("target: enemies, damage: 2d8+4, save: roll").find("`save: roll`"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemy, damage: 2d8+4, save: roll, chain: true").find("chain goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemies, damage: 2d8+4, chain: true").find("chain goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemies, damage: 2d8+4, save: rol"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: damaged, reduce: d6, guard_ally: true").find("guard_ally goes with"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: missed, guard_ally: true"), "(no error)");
  EXPECT_NE(msg("roll: spellcast, target: enemies, damage: d20+5, save: 13, blast: very_close").find("blast goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemy, damage: d20+5, blast: very_close").find("blast goes with"), std::string::npos);
  EXPECT_NE(msg("target: enemy, damage: d20+5, save: 13, blast: very_close").find("blast goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemy, damage: d20+5, save: 13, blast: very_clos").find("very_close"), std::string::npos);
}

}  // namespace
}  // namespace encsim
