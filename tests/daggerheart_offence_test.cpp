// Daggerheart cards that change a PC's own attacks: Rage Up (`trigger:
// attack`, `attack_damage`, `repeat`), Glancing Blow (`trigger: failed`,
// `hit_if: weapon`, `strike_back`, `half_proficiency`) and Inevitable
// (`trigger: failed`, `advantage`). Each replayed on scripted dice where it
// fires, and where its policy keeps it quiet; the new keys' errors.
#include <gtest/gtest.h>

#include <string>

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

// One level-10 PC (no class: any domain; Agility 0, so its attack rolls 2d12
// + 0) with a d4 weapon, 6 HP, 6 Stress, thresholds 5/10, against one foe of
// Difficulty 10, thresholds 5/10, 6 HP, whose attack (+0, 1 damage) a d20 of
// 1 misses. PC: more keys for the PC (proficiency among them); WEAPON the
// primary's damage; FOE the foe's attack and more keys.
std::string duel(const std::string& pc, int rounds = 1, const std::string& weapon = "d4",
                 const std::string& foe = "attack: {damage: 1}") {
  return "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) +
         "\noptions: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false}\n"
         "party:\n  - {name: Hero, level: 10, hp: 6, stress: 6, armor: {thresholds: [5, 10], score: 0}, "
         "primary: {damage: " + weapon + "}, " + pc +
         "}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, " + foe + "}\n";
}

// ---------------------------------------------------------------------------
// Rage Up: before the attack roll, a Stress for twice Strength, twice

TEST(DaggerheartOffence, RageUpMarksTwoStressForTwiceStrengthTwiceWhenEachRaisesTheHit) {
  const auto enc = encounter_from(duel("proficiency: 1, traits: {strength: 2}, cards: [Rage Up]"));
  // The d4's mean 2.5 marks 1 HP; +4 reaches Major (2), +8 Severe (3): each play is worth
  // the chance to hit (2d12 >= 10) times an HP, more than a Stress. 9 + 3 = 12: a hit; d4 2 + 8 = 10: Severe.
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Rage Up: +4 to the damage roll if it hits")) << r.log;
  EXPECT_TRUE(has(r, "Rage Up: +8 damage = 10")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 2);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Rage Up");
  EXPECT_EQ(f.uses, 2);
  EXPECT_EQ(f.spent, 2);
  EXPECT_EQ(f.damage, 2);  // the 2 HP its +8 added over the weapon's 1
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "primary").damage, 1);
}

TEST(DaggerheartOffence, RageUpIsPaidOnAMissAndNeverWithStrengthZeroOrAStressThePcCannotMark) {
  // Paid before the roll: a miss (2 + 5) keeps the Stress spent, deals nothing.
  const auto enc = encounter_from(duel("proficiency: 1, traits: {strength: 2}, cards: [Rage Up]"));
  ScriptedDice miss{{{12, 2}, {12, 5}, {20, 1}}};
  const Replay r = replay(enc, miss);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Rage Up").uses, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 0);
  // Strength 0: nothing to add.
  const auto weak = encounter_from(duel("proficiency: 1, traits: {strength: 0}, cards: [Rage Up]"));
  ScriptedDice d2{{{12, 9}, {12, 3}, {4, 2}}};
  const Replay r2 = replay(weak, d2);
  EXPECT_FALSE(has(r2, "plays Rage Up")) << r2.log;
  EXPECT_EQ(r2.rec.combatants[1].damage_taken, 1);
  // One Stress slot left: one play (+4, Major), never a second that would mark an HP.
  const auto tired = encounter_from(duel("proficiency: 1, traits: {strength: 2}, marked: {stress: 5}, cards: [Rage Up]"));
  ScriptedDice d3{{{12, 9}, {12, 3}, {4, 2}}};
  const Replay r3 = replay(tired, d3);
  EXPECT_EQ(testing::feature(tired.features(), r3.rec, 0, "Rage Up").uses, 1) << r3.log;
  EXPECT_EQ(r3.rec.combatants[1].damage_taken, 2);
  EXPECT_EQ(r3.rec.combatants[0].damage_taken, 0);
}

TEST(DaggerheartOffence, RageUpStopsWhenMoreDamageMarksNoMoreHp) {
  // Proficiency 3: the mean 7.5 is Major; +4 reaches Severe (11.5), +8 adds nothing more: one play.
  const auto enc = encounter_from(duel("proficiency: 3, traits: {strength: 2}, cards: [Rage Up]"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 2}, {4, 2}, {4, 2}}};  // 6 + 4 = 10: Severe
  const Replay r = replay(enc, dice);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Rage Up").uses, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3);
}

// ---------------------------------------------------------------------------
// Glancing Blow: a failed weapon attack, a Stress, half the Proficiency

TEST(DaggerheartOffence, GlancingBlowDealsWeaponDamageAtHalfProficiencyOnAMiss) {
  // Proficiency 3: half rounded up is 2 dice. 2 + 5 = 7 vs 10 fails; 2d4 3 + 4 = 7: Major.
  const auto enc = encounter_from(duel("proficiency: 3, cards: [Glancing Blow]"));
  ScriptedDice dice{{{12, 2}, {12, 5}, {4, 3}, {4, 4}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero misses Foe")) << r.log;
  EXPECT_TRUE(has(r, "Hero plays Glancing Blow")) << r.log;
  EXPECT_TRUE(has(r, "damage 2d4+0 = 7")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2);
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Glancing Blow");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  EXPECT_EQ(f.damage, 2);
  // Proficiency 1: one die (half of 1, rounded up).
  const auto one = encounter_from(duel("proficiency: 1, cards: [Glancing Blow]"));
  ScriptedDice d2{{{12, 2}, {12, 5}, {4, 3}, {20, 1}}};
  const Replay r2 = replay(one, d2);
  EXPECT_TRUE(has(r2, "damage 1d4+0 = 3")) << r2.log;
  EXPECT_EQ(r2.rec.combatants[1].damage_taken, 1);
}

TEST(DaggerheartOffence, GlancingBlowNeedsAStressThePcCanMarkAndAFailure) {
  // Every Stress marked: the Stress would become an HP, so no Glancing Blow
  // (the Hero is Vulnerable: the foe rolls with advantage, two 1s).
  const auto full = encounter_from(duel("proficiency: 3, marked: {stress: 6}, cards: [Glancing Blow]"));
  ScriptedDice miss{{{12, 2}, {12, 5}, {20, 1}, {20, 1}}};
  const Replay r = replay(full, miss);
  EXPECT_FALSE(has(r, "Glancing Blow")) << r.log;
  // A hit: no Glancing Blow either.
  const auto enc = encounter_from(duel("proficiency: 1, cards: [Glancing Blow]"));
  ScriptedDice hit{{{12, 9}, {12, 3}, {4, 2}}};
  const Replay r2 = replay(enc, hit);
  EXPECT_FALSE(has(r2, "plays Glancing Blow")) << r2.log;
}

// ---------------------------------------------------------------------------
// Inevitable: a failed action roll gives the next one advantage

TEST(DaggerheartOffence, InevitableGivesTheNextActionRollAdvantageAfterAFailure) {
  const auto enc = encounter_from(duel("proficiency: 1, cards: [Inevitable]", 2));
  // Round 1: 2 + 5 fails with Fear; the foe's 1 misses. Round 2: 4 + 3 + d6 5 = 12 hits with Hope; d4 2.
  ScriptedDice dice{{{12, 2}, {12, 5}, {20, 1}, {12, 4}, {12, 3}, {6, 5}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Inevitable: its next action roll has advantage")) << r.log;
  EXPECT_TRUE(has(r, "Inevitable: advantage on this roll")) << r.log;
  EXPECT_TRUE(has(r, "Hope 4, Fear 3 +0 + advantage = 12 vs 10: success with Hope")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Inevitable").uses, 1);
  EXPECT_EQ(r.rec.combatants[0].hits, 1);
}

TEST(DaggerheartOffence, InevitableComesBackAfterEachFailureAndIsUsedOnce) {
  const auto enc = encounter_from(duel("proficiency: 1, cards: [Inevitable]", 3));
  // Round 1 fails; round 2 fails with advantage (2 + 5 + d6 1 = 8), so round 3 has it again.
  ScriptedDice dice{{{12, 2}, {12, 5}, {20, 1}, {12, 2}, {12, 5}, {6, 1}, {20, 1},
                     {12, 9}, {12, 3}, {6, 2}, {4, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Inevitable").uses, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hits, 1);
}

// A foe resistant to physical damage (a passive feature).
const std::string kResistant = "features: [{name: Tough Hide, kind: passive, resist: physical}], attack: {damage: 1}";

// ---------------------------------------------------------------------------
// Smite: 3 Hope charge the next successful weapon attack: doubled, magic

TEST(DaggerheartOffence, SmiteDoublesTheNextHitAsMagicWhenThatIsWorthItsHope) {
  // A d10 (mean 5.5) on a foe resistant to physical marks 1 HP; doubled as magic, 3: worth 2 HP, more than 3 Hope (1.5).
  const auto enc = encounter_from(duel("proficiency: 1, hope: 6, cards: [Smite]", 1, "d10", kResistant));
  ScriptedDice dice{{{12, 9}, {12, 3}, {10, 5}}};  // 12: a hit; 5 doubled is 10 magic: Severe
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Smite: its next successful weapon attack's damage roll is doubled")) << r.log;
  EXPECT_TRUE(has(r, "Smite: the damage roll is doubled to 10 magic damage")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Smite");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 3);
  EXPECT_EQ(f.damage, 2);  // 3 HP where the physical 5 would have marked 1
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "primary").damage, 1);
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 3);
}

TEST(DaggerheartOffence, SmitesChargeWaitsForAHitAndIsNotSpentWhenDoublingGainsTooLittle) {
  // A miss keeps the charge: the next round's hit is doubled, with no second charge.
  const auto enc = encounter_from(duel("proficiency: 1, hope: 6, cards: [Smite]", 2, "d10", kResistant));
  ScriptedDice dice{{{12, 2}, {12, 5}, {20, 1}, {12, 9}, {12, 3}, {10, 5}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Smite").uses, 1) << r.log;
  EXPECT_TRUE(has(r, "Smite: the damage roll is doubled to 10 magic damage")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3);
  // No resistance: the mean 5.5 marks 2, doubled 3: one HP is not worth 3 Hope.
  const auto plain = encounter_from(duel("proficiency: 1, hope: 6, cards: [Smite]", 1, "d10"));
  ScriptedDice d2{{{12, 9}, {12, 3}, {10, 5}}};
  const Replay r2 = replay(plain, d2);
  EXPECT_FALSE(has(r2, "Smite")) << r2.log;
  EXPECT_EQ(r2.rec.combatants[1].damage_taken, 2);
}

// ---------------------------------------------------------------------------
// Frenzy: once per long rest, until the fight ends: +10 damage, +8 Severe, no Armor

TEST(DaggerheartOffence, FrenzyAddsTenToTheDamageRollsForTheFight) {
  // No Armor Slots to give up; +10 turns the d4's 1 HP into 3 (2 + 10 = 12: Severe).
  const auto enc = encounter_from(duel("proficiency: 1, cards: [Frenzy]"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Frenzy until the fight ends: +10 to damage rolls, +8 to the Severe threshold, "
                     "no Armor Slots")) << r.log;
  EXPECT_TRUE(has(r, "Frenzy: +10")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Frenzy");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 2);
  // A d20 (mean 10.5) is Severe already: +10 adds no HP, so no Frenzy.
  const auto big = encounter_from(duel("proficiency: 1, cards: [Frenzy]", 1, "d20"));
  ScriptedDice d2{{{12, 9}, {12, 3}, {20, 10}}};
  const Replay r2 = replay(big, d2);
  EXPECT_FALSE(has(r2, "Frenzy")) << r2.log;
}

TEST(DaggerheartOffence, AFrenziedPcUsesNoArmorSlotAndHasEightMoreSevere) {
  // One Armor Slot (half an HP) is worth less than the 2 HP +10 adds. The attack fails (2 + 5);
  // the foe's 19 hits for 25: Major against 15/28 (the armor's thresholds plus the level, Severe + 8),
  // and no Armor Slot is marked (without Frenzy: Severe against 15/20, an Armor Slot marked).
  const std::string yaml =
      "ruleset: daggerheart\nmax_rounds: 1\n"
      "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false}\n"
      "party:\n  - {name: Hero, level: 10, proficiency: 1, hp: 6, stress: 6, evasion: 10, "
      "armor: {thresholds: [5, 10], score: 1}, primary: {damage: d4}, cards: [Frenzy]}\n"
      "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 25}}\n";
  const auto enc = encounter_from(yaml);
  ScriptedDice dice{{{12, 2}, {12, 5}, {20, 19}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Frenzy")) << r.log;
  EXPECT_TRUE(has(r, "25 damage to Hero (thresholds 15/28): marks 2 HP")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraArmorUsed], 0);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 2);
}

// ---------------------------------------------------------------------------
// Deadly Focus: +1 Proficiency against one target

TEST(DaggerheartOffence, DeadlyFocusAddsADamageDieAgainstItsTarget) {
  const auto enc = encounter_from(duel("proficiency: 1, cards: [Deadly Focus]"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 2}, {4, 3}}};  // 2d4 at Proficiency 2: 5, Major
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Deadly Focus on Foe: +1 Proficiency against it")) << r.log;
  EXPECT_TRUE(has(r, "damage 2d4+0 = 5")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Deadly Focus");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 1);  // the mean of its die (2.5) takes the hit from Minor to Major
}

TEST(DaggerheartOffence, DeadlyFocusHoldsForTheNextAttackOnTheSameTargetAndIsPlayedOnce) {
  const auto enc = encounter_from(duel("proficiency: 1, cards: [Deadly Focus]", 2));
  // Round 1 misses (the focus is taken before the roll); round 2 hits with the extra die.
  ScriptedDice dice{{{12, 2}, {12, 5}, {20, 1}, {12, 9}, {12, 3}, {4, 1}, {4, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Deadly Focus").uses, 1) << r.log;
  EXPECT_TRUE(has(r, "damage 2d4+0 = 2")) << r.log;
}

TEST(DaggerheartOffence, DeadlyFocusEndsWhenThePcAttacksAnotherFoe) {
  // The PC attacks the foe with most HP: Foe (6), then Brute (5) once Foe is down to 4.
  const std::string yaml =
      "ruleset: daggerheart\nmax_rounds: 2\n"
      "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false}\n"
      "party:\n  - {name: Hero, level: 10, proficiency: 1, hp: 6, stress: 6, armor: {thresholds: [5, 10], score: 0}, "
      "primary: {damage: d4}, cards: [Deadly Focus], tactics: [{do: attack, target: highest_hp}]}\n"
      "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 1}}\n"
      "  - {name: Brute, difficulty: 10, thresholds: [5, 10], hp: 5, atk: 0, attack: {damage: 1}}\n";
  const auto enc = encounter_from(yaml);
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 4}, {4, 4}, {12, 9}, {12, 3}, {4, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Deadly Focus on Foe")) << r.log;
  EXPECT_TRUE(has(r, "Hero's Deadly Focus on Foe ends")) << r.log;
  EXPECT_TRUE(has(r, "damage 1d4+0 = 1")) << r.log;  // Brute: no extra die, and no second focus (once per rest)
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Deadly Focus").uses, 1);
}

// ---------------------------------------------------------------------------
// Breaking Blow: after a hit, a Stress: the next hit on that foe deals 2d12 more

TEST(DaggerheartOffence, BreakingBlowAddsTwoD12ToTheNextHitOnTheSameFoe) {
  const auto enc = encounter_from(duel("proficiency: 1, cards: [Breaking Blow]", 2));
  // Round 1: a hit for 2 (1 HP), then a Stress for Breaking Blow. Round 2: 2 + 5 + 6 = 13, Severe.
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 2}, {12, 9}, {12, 3}, {4, 2}, {12, 5}, {12, 6}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Breaking Blow: its next successful weapon attack on Foe adds more dice")) << r.log;
  EXPECT_TRUE(has(r, "Breaking Blow: +11 damage = 13")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 4);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Breaking Blow");
  EXPECT_EQ(f.uses, 2);  // played again after the second hit: the foe still has 2 HP
  EXPECT_EQ(f.spent, 2);
  EXPECT_EQ(f.damage, 2);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "primary").damage, 2);
}

// ---------------------------------------------------------------------------
// Adrenaline (Nightwalker specialization): the level on damage rolls while Vulnerable

TEST(DaggerheartOffence, AdrenalineAddsTheLevelToDamageWhileThePcIsVulnerable) {
  // Every Stress marked: Vulnerable. 2 + 10 (level 10) = 12: Severe. `cards: false` keeps the level-10
  // Nightwalker on its weapon (its Dark Cloud action is tested in daggerheart_dark_test; Adrenaline,
  // a passive, stays).
  auto no_cards = [](std::string yaml) { return yaml.replace(yaml.find("hard_moves: false}"), 18, "hard_moves: false, cards: false}"); };
  const auto enc = encounter_from(no_cards(duel("class: rogue, subclass: Nightwalker, proficiency: 1, marked: {stress: 6}")));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Adrenaline: +10 (Vulnerable)")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Adrenaline");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 2);
  // Not Vulnerable: nothing added.
  const auto calm = encounter_from(no_cards(duel("class: rogue, subclass: Nightwalker, proficiency: 1")));
  ScriptedDice d2{{{12, 9}, {12, 3}, {4, 2}}};
  const Replay r2 = replay(calm, d2);
  EXPECT_FALSE(has(r2, "Adrenaline")) << r2.log;
  EXPECT_EQ(r2.rec.combatants[1].damage_taken, 1);
}

// ---------------------------------------------------------------------------
// The new keys' errors

TEST(DaggerheartOffence, TheNewKeysAreCheckedWithLineAndColumn) {
  auto msg = [](const std::string& body) { return testing::card_error(body, "Blade"); };
  EXPECT_NE(msg("when: reaction, trigger: attack, stress: 1").find("no effect"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d4, attack_damage: 2").find("adds `attack_damage`"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: attack, attack_damage: \"twice:strenght\"").find("strength"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: attack, attack_damage: 2, damage: d6").find("nothing else"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d4, repeat: 2").find("repeat goes with"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: attack, hope: 3, double_damage: true, repeat: 2").find("repeat goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: attack, attack_damage: 2, double_damage: true").find("one of them"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: attack, uses: 1, fight_damage: 10, double_damage: true").find("one of them"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d4, no_armor: true").find("stance"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: attack, uses: 1, focus_proficiency: 1, attack_damage: 2").find("one of them"),
            std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {vulnerable_damage: levle}").find("level"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: after_hit, stress: 1, next_hit: 2d12").find("next_hit goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: crit, hit_if: weapon, target: self, gain_hope: 1, next_hit: 2d12")
                .find("next_hit goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: crit, target: self, gain_hope: 1, double_damage: true").find("one of them"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: attack, attack_damage: 2, repeat: 4").find("repeat"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: failed, strike_back: true").find("hit_if: weapon"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: failed, hit_if: melee, target: self, gain_hope: 1").find("hit_if: weapon or fear"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: missed, target: self, gain_hope: 1, half_proficiency: true")
                .find("half_proficiency goes with strike_back"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: failed, target: ally, advantage: true").find("`target: self`"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: faild, target: self, advantage: true").find("failed"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: crit, target: self, advantage: true").find("(or a failed one)"),
            std::string::npos);
  const std::string text = "cards:\n  - {name: X, domain: Blade, level: 1, type: Ability, summary: s,\n"
                           "     when: reaction, trigger: attack, attack_damage: 2, repeat: 9}\n";
  EXPECT_EQ(testing::where_of([&] { dh::read_card_library("lib.yaml", text); }).first, 3);
}

}  // namespace
}  // namespace encsim
