// Daggerheart marks on foes and the pools of tokens on them (play_marks.hpp):
// Sigil of Retribution (`pool: {fill: foe_hurt, spend: next_hit}`: dice from
// the marked foe's damage to the party, rolled into the caster's next
// successful attack on it) and Twilight Toll (`pool: {fill: no_damage,
// spend: damage, max: none}`: tokens from rolls that beat its foe without a
// damage roll), Strategic Approach (`trigger: attack, first_attack`: a
// token on the first attack at each foe), Book of Sitil (`next_targets`: a
// charge on a PC's next attack), Splintering Strike (`split_damage`: one
// damage roll split among the foes), Encore (`trigger: ally_dealt`,
// `echo_damage`, `vault_fear`: an ally's damage again), Natural Familiar
// (`familiar_die`). Each on scripted dice where it
// fires, the picks by worth (never by listing order), and the new keys' errors.
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

// A foe of HP hp, Difficulty 10, thresholds 5/10, whose standard attack (+10) deals 6.
std::string foe(const std::string& name, int hp) {
  return "  - {name: " + name + ", difficulty: 10, thresholds: [5, 10], hp: " + std::to_string(hp) +
         ", stress: 3, atk: 10, attack: {damage: 6}}\n";
}

// ---------------------------------------------------------------------------
// Sigil of Retribution

// Round 1: by the value rule the sigil (six hits to fell Foe, each finding a
// d8 that lifts the d4's 1 HP to 2) beats the d4: Foe is marked, the GM
// gains a Fear, and the PC keeps the spotlight (no roll). Round 2: the attack
// fails with Fear; Foe hits Hero for 6: a d8 on the card. Round 3: the
// attack succeeds: the d4's 2 and the d8's 5 make 7, Major: 2 HP, counted
// to the card. Old code: the card is not modelled, the d4 alone deals 1 HP.
TEST(DaggerheartMarks, SigilOfRetributionStoresADieFromTheMarkedFoesHitAndRollsItIntoTheNextHit) {
  const auto enc = encounter_from(fight("level: 6, cards: [Sigil of Retribution]", foe("Foe", 6), 3));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 10}, {12, 5}, {4, 2}, {8, 5}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Sigil of Retribution")) << r.log;
  EXPECT_TRUE(has(r, "Sigil of Retribution marks Foe: a d8 for each time it deals damage to the party (6 at most)")) << r.log;
  EXPECT_TRUE(has(r, "Hero's Sigil of Retribution: Foe dealt damage to Hero, a d8 (1 of 6)")) << r.log;
  EXPECT_TRUE(has(r, "Hero spends 1 of Sigil of Retribution's tokens on the damage roll: +5 = 7 (0 left)")) << r.log;
  EXPECT_EQ(testing::count(r, "Hero plays Sigil of Retribution"), 1) << r.log;  // not cast again on its foe
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Sigil of Retribution");
  EXPECT_EQ(f.uses, 2);  // the cast and the spend
  EXPECT_EQ(f.conditions, 1);
  EXPECT_EQ(f.damage, 1);  // the HP its die added (Minor to Major)
}

// The sigil goes on the foe it is worth most on: Big (6 HP: six hits to
// fell, each with a die), listed after Small (1 HP: one hit); and between
// two equal foes, on the one first by name (Amy), listed second.
TEST(DaggerheartMarks, SigilOfRetributionMarksTheFoeItIsWorthMostOnByNameOnTies) {
  {
    const auto enc = encounter_from(fight("level: 6, cards: [Sigil of Retribution]", foe("Small", 1) + foe("Big", 6), 1));
    ScriptedDice dice{{}};
    dice.lenient = true;
    const Replay r = replay(enc, dice);
    EXPECT_TRUE(has(r, "Sigil of Retribution marks Big")) << r.log;
  }
  {
    const auto enc = encounter_from(fight("level: 6, cards: [Sigil of Retribution]", foe("Zed", 6) + foe("Amy", 6), 1));
    ScriptedDice dice{{}};
    dice.lenient = true;
    const Replay r = replay(enc, dice);
    EXPECT_TRUE(has(r, "Sigil of Retribution marks Amy")) << r.log;
  }
}

// A rolled spell is an attack too: round 1 the sigil; round 2 Corrosive
// Projectile fails with Fear and Foe's hit places a d8; round 3 the spell's
// 3 + 4 = 7 (Major) takes the d8's 5: 12, Severe; the HP it adds count to the sigil.
TEST(DaggerheartMarks, SigilOfRetributionDiceJoinARolledSpellsDamage) {
  const auto enc = encounter_from(fight(
      "level: 6, cards: [Sigil of Retribution, Corrosive Projectile], tactics: [{when: \"round <= 1\", do: \"card:Sigil of Retribution\"}, "
      "{do: \"card:Corrosive Projectile\"}]",
      foe("Foe", 6), 3));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 10}, {12, 5}, {6, 3}, {8, 5}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero's Sigil of Retribution: Foe dealt damage to Hero, a d8 (1 of 6)")) << r.log;
  EXPECT_TRUE(has(r, "Hero spends 1 of Sigil of Retribution's tokens on the damage roll: +5 = 12 (0 left)")) << r.log;
  EXPECT_TRUE(has(r, "12 damage to Foe (thresholds 5/10): marks 3 HP")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Sigil of Retribution").damage, 1) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Corrosive Projectile").damage, 2) << r.log;
}

// ---------------------------------------------------------------------------
// Twilight Toll

// Rounds 1 and 2: Death Grip beats Foe (10 + 5 + 2 against 10) and rolls no
// damage: Hero chooses Foe for Twilight Toll, a token each time. Round 3:
// the attack succeeds; the d4's 2 is Minor; two d12s at their mean (13 in
// all, Severe) are worth more than one, less half an HP each: both are spent,
// 6 + 5: 13, 3 HP. Old code: the card is not modelled, the d4 deals 1 HP.
TEST(DaggerheartMarks, TwilightTollTakesATokenOnEachRollThatBeatsItsFoeWithoutDamageAndSpendsThemOnAHit) {
  const auto enc = encounter_from(
      fight("level: 9, cards: [Death Grip, Twilight Toll], tactics: [{when: \"round <= 2\", do: \"card:Death Grip\"}, {do: attack}]",
            foe("Foe", 8), 3));
  ScriptedDice dice{{{12, 10}, {12, 5}, {12, 10}, {12, 5}, {12, 10}, {12, 5}, {4, 2}, {12, 6}, {12, 5}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero chooses Foe for Twilight Toll")) << r.log;
  EXPECT_TRUE(has(r, "Hero places a token on Twilight Toll for Foe (1)")) << r.log;
  EXPECT_TRUE(has(r, "Hero places a token on Twilight Toll for Foe (2)")) << r.log;
  EXPECT_TRUE(has(r, "Hero spends 2 of Twilight Toll's tokens on the damage roll: +11 = 13 (0 left)")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Twilight Toll");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 2);  // Minor to Severe
}

// ---------------------------------------------------------------------------
// Strategic Approach

// Hero (Knowledge 2: two tokens) against Foe (thresholds 5/10): on its first
// attack at Foe a d8 (2.5 + 4.5 lifts the d4's Minor to Major) is worth more
// than advantage (no ally to clear a Stress on). Round 1: the attack hits:
// 2 + 5 = 7, 2 HP, counted to the card. Round 2: the second attack at Foe
// spends no token. Old code: not modelled, 1 HP a hit.
TEST(DaggerheartMarks, StrategicApproachAddsADieToTheFirstAttackAtAFoe) {
  const auto enc = encounter_from(fight("level: 2, cards: [Strategic Approach]", foe("Foe", 6), 2));
  ScriptedDice dice{{{12, 10}, {12, 5}, {4, 2}, {8, 5}, {12, 10}, {12, 5}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero spends a token of Strategic Approach: more damage on its first attack at Foe if it hits")) << r.log;
  EXPECT_TRUE(has(r, "Strategic Approach: +5 damage = 7")) << r.log;
  EXPECT_EQ(testing::count(r, "spends a token of Strategic Approach"), 1) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Strategic Approach");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 1);  // Minor to Major
}

// Against Foe of thresholds 20/30 the d8 adds no HP: advantage it is.
TEST(DaggerheartMarks, StrategicApproachTakesAdvantageWhenTheDieWouldAddNoHp) {
  const auto enc = encounter_from(fight("level: 2, cards: [Strategic Approach]",
                                        "  - {name: Foe, difficulty: 14, thresholds: [20, 30], hp: 6, stress: 3, atk: 10, attack: {damage: 6}}\n", 1));
  ScriptedDice dice{{}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero spends a token of Strategic Approach: advantage on its first attack at Foe")) << r.log;
}

// With an ally holding 2 Stress, a Stress cleared (half an HP) beats
// advantage and the d8 against Foe of thresholds 20/30.
TEST(DaggerheartMarks, StrategicApproachClearsAStressOnTheAllyWithMostMarked) {
  const auto enc = encounter_from(
      "ruleset: daggerheart\nmax_rounds: 1\n"
      "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
      "hope_features: false, class_features: false, adversary_experiences: false}\n"
      "party:\n  - {name: Hero, level: 2, proficiency: 1, hp: 12, stress: 6, evasion: 10, traits: {knowledge: 2}, "
      "primary: {damage: d4}, armor: {thresholds: [20, 30], score: 0}, cards: [Strategic Approach]}\n"
      "  - {name: Ally, level: 2, proficiency: 1, hp: 12, stress: 6, evasion: 10, marked: {stress: 2}, "
      "primary: {damage: d4}, armor: {thresholds: [20, 30], score: 0}}\n"
      "foes:\n  - {name: Foe, difficulty: 10, thresholds: [20, 30], hp: 6, stress: 3, atk: 10, attack: {damage: 6}}\n");
  ScriptedDice dice{{}};
  dice.lenient = true;
  const Replay r = replay(enc, dice, testing::hero_first());
  EXPECT_TRUE(has(r, "Hero spends a token of Strategic Approach: Ally clears 1 Stress")) << r.log;
}

// ---------------------------------------------------------------------------
// Book of Sitil (Parallela)

// Round 1 (tactics): 2 Hope charge Hero itself, the only PC (two foes stand,
// so a second target is worth something); no roll, the spotlight stays.
// Round 2: the attack (17) beats both; the d4's 2 lands on A (the weapon's
// target) and on B, which the charge adds: its HP counted to the card. Old
// code: the card is not modelled; the tactics rule names a card the PC lacks.
TEST(DaggerheartMarks, BookOfSitilChargesTheNextAttackToHitOneMoreFoeItsRollBeats) {
  const auto enc = encounter_from(fight("level: 2, cards: [Book of Sitil], tactics: [{when: \"round <= 1\", do: \"card:Book of Sitil\"}, {do: attack}]",
                                        foe("A", 3) + foe("B", 4), 2));
  ScriptedDice dice{{{12, 10}, {12, 5}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Book of Sitil")) << r.log;
  EXPECT_TRUE(has(r, "Book of Sitil: Hero's next attack also hits 1 more foe its roll beats")) << r.log;
  EXPECT_TRUE(has(r, "Book of Sitil: the roll also hits B")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Book of Sitil");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 2);
  EXPECT_EQ(f.conditions, 1);
  EXPECT_EQ(f.damage, 1);
}

// The extra target is the foe with fewest HP left among those the roll
// beats: the attack aims at A or C (most HP); B (3 HP) stands behind
// Difficulty 20, so the roll's 15 passes it over for the other. Old code took the fewest-HP foe first and, its
// Difficulty not beaten, lost the charge.
TEST(DaggerheartMarks, BookOfSitilLooksPastAFoeTheRollDoesNotBeat) {
  const auto enc = encounter_from(
      fight("level: 2, cards: [Book of Sitil], tactics: [{when: \"round <= 1\", do: \"card:Book of Sitil\"}, {do: attack, target: highest_hp}]",
            foe("A", 6) + "  - {name: B, difficulty: 20, thresholds: [5, 10], hp: 3, stress: 3, atk: 0, attack: {damage: 1}}\n" +
                foe("C", 6),
            2));
  ScriptedDice dice{{{12, 10}, {12, 5}, {4, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Book of Sitil: Hero's next attack also hits 1 more foe its roll beats")) << r.log;
  EXPECT_FALSE(has(r, "no other foe the roll beats")) << r.log;
  EXPECT_FALSE(has(r, "the roll also hits B")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken + r.rec.combatants[3].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 0) << r.log;
}

// With one foe standing the charge is worth nothing: the tactics rule is skipped.
TEST(DaggerheartMarks, BookOfSitilWaitsWhileOneFoeStands) {
  const auto enc = encounter_from(fight("level: 2, cards: [Book of Sitil], tactics: [{do: \"card:Book of Sitil\"}, {do: attack}]",
                                        foe("A", 3), 1));
  ScriptedDice dice{{{12, 10}, {12, 5}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "plays Book of Sitil")) << r.log;
}

// ---------------------------------------------------------------------------
// Splintering Strike

// Hero (a d8) strikes B (2 HP, thresholds 8/12) and C (6 HP, 5/10) with one
// roll (15: both beaten). The damage roll's 7 is split to fell B (3, with its
// d8's mean 4.5, reach 8: Major, its 2 HP) and mark 2 on C (its die's mean
// alone is Major), worth more than all 7 on C (Severe, 3) and B's die alone
// (Minor, 1). The 4 no share needs goes to C (most HP left). The extra dice:
// C 4 + 4 = 8, 2 HP; B 3 + 5 = 8, 2 HP: it falls. Old code: not modelled.
TEST(DaggerheartMarks, SplinteringStrikeSplitsOneDamageRollToFellAFoeFirst) {
  const auto enc = encounter_from(fight(
      "level: 9, primary: {damage: d8}, cards: [Splintering Strike], tactics: [{do: \"card:Splintering Strike\"}, {do: attack}]",
      "  - {name: B, difficulty: 10, thresholds: [8, 12], hp: 2, stress: 3, atk: 10, attack: {damage: 6}}\n" + foe("C", 6), 1));
  ScriptedDice dice{{{12, 10}, {12, 5}, {8, 7}, {8, 4}, {8, 5}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Splintering Strike")) << r.log;
  EXPECT_TRUE(has(r, "Splintering Strike: 4 of the 7 to C, +4 (a d8) = 8")) << r.log;
  EXPECT_TRUE(has(r, "Splintering Strike: 3 of the 7 to B, +5 (a d8) = 8")) << r.log;
  EXPECT_TRUE(r.rec.combatants[1].dead) << r.log;
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 2) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Splintering Strike");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  EXPECT_EQ(f.damage, 4);
}

// A failed roll spends the Hope and keeps the use: the card is played again.
TEST(DaggerheartMarks, SplinteringStrikeKeepsItsUseOnAFailedRoll) {
  const auto enc = encounter_from(fight(
      "level: 9, hope: 3, primary: {damage: d8}, cards: [Splintering Strike], tactics: [{do: \"card:Splintering Strike\"}, {do: attack}]",
      foe("B", 6) + foe("C", 6), 2));
  ScriptedDice dice{{{12, 1}, {12, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Splintering Strike: no foe beaten; Hero spends its 1 Hope, the use waits")) << r.log;
  EXPECT_EQ(testing::count(r, "Hero plays Splintering Strike"), 2) << r.log;
}

// ---------------------------------------------------------------------------
// Encore

// Ally (listed first, acting first) and Hero (Encore) against Foe (6 HP,
// thresholds 5/10), ALLY its damage dice.
std::string duet(const std::string& ally_damage) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false, adversary_experiences: false}\n"
         "party:\n  - {name: Ally, level: 10, proficiency: 1, hp: 12, stress: 6, evasion: 10, primary: {damage: " + ally_damage + "}, "
         "armor: {thresholds: [20, 30], score: 0}}\n"
         "  - {name: Hero, level: 10, proficiency: 1, hp: 12, stress: 6, evasion: 10, spellcast: knowledge, traits: {knowledge: 2}, "
         "primary: {damage: d4}, armor: {thresholds: [20, 30], score: 0}, cards: [Encore]}\n"
         "foes:\n" + foe("Foe", 9);
}

// Ally's 8 marks 2 HP on Foe: Hero's Spellcast roll (17) deals the 8 again,
// 2 HP more, counted to the card. Old code: not modelled.
TEST(DaggerheartMarks, EncoreDealsAnAllysDamageAgainOnASuccess) {
  const auto enc = encounter_from(duet("d8+4"));
  ScriptedDice dice{{{12, 10}, {12, 5}, {8, 4}, {12, 10}, {12, 5}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice, testing::hero_first());
  EXPECT_TRUE(has(r, "Hero plays Encore on Ally's 8 damage to Foe")) << r.log;
  EXPECT_TRUE(has(r, "Encore: 8 physical damage to Foe again")) << r.log;
  EXPECT_FALSE(has(r, "vault")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 1, "Encore");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 2);
}

// A success with Fear still deals the damage, and the card goes to the vault.
TEST(DaggerheartMarks, EncoreGoesToTheVaultOnASuccessWithFear) {
  const auto enc = encounter_from(duet("d8+4"));
  ScriptedDice dice{{{12, 10}, {12, 5}, {8, 4}, {12, 5}, {12, 10}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice, testing::hero_first());
  EXPECT_TRUE(has(r, "Encore: 8 physical damage to Foe again")) << r.log;
  EXPECT_TRUE(has(r, "Encore succeeds with Fear: it goes to the vault")) << r.log;
}

// Ally's 3 marks 1 HP: under an HP at the roll's chance, the hit is let go.
TEST(DaggerheartMarks, EncoreLetsASmallHitGo) {
  const auto enc = encounter_from(duet("d4+1"));
  ScriptedDice dice{{{12, 10}, {12, 5}, {4, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice, testing::hero_first());
  EXPECT_TRUE(has(r, "3 damage to Foe")) << r.log;
  EXPECT_FALSE(has(r, "plays Encore")) << r.log;
}

// ---------------------------------------------------------------------------
// Natural Familiar

// Round 1: with a Melee weapon the familiar (a d6 on each of the six hits it
// takes to fell Foe, lifting the d4's 1 HP to 2) beats the d4: a Hope, no
// roll. Round 2: the attack hits: 2 + 4 = 6, Major, the HP it adds counted to
// the card. Old code: not modelled, 1 HP.
TEST(DaggerheartMarks, NaturalFamiliarAddsItsDieToTheCastersMeleeDamage) {
  const auto enc = encounter_from(fight("level: 2, primary: {damage: d4, range: melee}, cards: [Natural Familiar]", foe("Foe", 6), 2));
  ScriptedDice dice{{{12, 10}, {12, 5}, {4, 2}, {6, 4}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Natural Familiar")) << r.log;
  EXPECT_TRUE(has(r, "Natural Familiar: a familiar at Hero's side, a d6 on its damage to the foes beside it")) << r.log;
  EXPECT_TRUE(has(r, "Natural Familiar: the familiar beside Foe adds 4 = 6")) << r.log;
  EXPECT_EQ(testing::count(r, "plays Natural Familiar"), 1) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Natural Familiar");
  EXPECT_EQ(f.uses, 2);  // the cast and the die
  EXPECT_EQ(f.spent, 1);
  EXPECT_EQ(f.damage, 1);
}

// A ranged weapon's foes are not beside the familiar: it is not summoned.
TEST(DaggerheartMarks, NaturalFamiliarWaitsWithARangedWeapon) {
  const auto enc = encounter_from(fight("level: 2, primary: {damage: d4, range: far}, cards: [Natural Familiar]", foe("Foe", 6), 1));
  ScriptedDice dice{{{12, 10}, {12, 5}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Natural Familiar")) << r.log;
}

// ---------------------------------------------------------------------------
// The new keys' errors

TEST(DaggerheartMarks, TheFoePoolKeysAreChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body, "Codex", "Spell"); };
  EXPECT_EQ(msg("target: enemy, fear: 1, pool: {fill: foe_hurt, spend: next_hit, die: 8, max: level}"), "(no error)");
  EXPECT_EQ(msg("when: passive, pool: {fill: no_damage, spend: damage, die: 12, max: none}"), "(no error)");
  EXPECT_NE(msg("target: self, pool: {fill: foe_hurt, spend: next_hit, die: 8, max: level}").find("a `fill: foe_hurt` pool goes with"),
            std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemy, pool: {fill: foe_hurt, spend: next_hit, die: 8, max: level}").find("fill: foe_hurt"),
            std::string::npos);
  EXPECT_NE(msg("target: enemy, damage: d6, pool: {fill: foe_hurt, spend: next_hit, die: 8, max: level}").find("fill: foe_hurt"),
            std::string::npos);
  EXPECT_NE(msg("target: enemy, pool: {fill: foe_hurt, spend: attack, die: 8, max: level}").find("a foe's pool"), std::string::npos);
  EXPECT_NE(msg("when: passive, pool: {fill: no_damage, spend: damaged, die: 12, max: none}").find("a foe's pool"), std::string::npos);
  EXPECT_NE(msg("when: passive, target: enemy, pool: {fill: foe_hurt, spend: next_hit, die: 8, max: 3}").find("when: passive"),
            std::string::npos);
  EXPECT_NE(msg("target: enemy, pool: {fill: no_damage, spend: damage, die: 12, max: none}").find("when: passive"), std::string::npos);
  EXPECT_NE(msg("when: passive, pool: {fill: no_damage, spend: damage, die: 12, max: lots}"), "(no error)");
  EXPECT_NE(msg("when: passive, pool: {fill: foe_hit, spend: damage, die: 12, max: 3}").find("no_damage"), std::string::npos);
  EXPECT_EQ(msg("when: reaction, trigger: attack, first_attack: true, advantage: true, heal_stress: 1, bonus: d8, uses_trait: knowledge, "
                "refresh: long_rest"),
            "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: attack, first_attack: true, bonus: d8, uses: 1").find("first_attack goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, first_attack: true, advantage: true, bonus: d8").find("first_attack"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: attack, first_attack: true, advantage: true, bonus: d8, damage: d6").find("first_attack"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: attack, first_attack: maybe, advantage: true, bonus: d8"), "(no error)");
  EXPECT_EQ(msg("hope: 2, target: creature, next_targets: 1"), "(no error)");
  EXPECT_NE(msg("hope: 2, target: ally, next_targets: 1").find("next_targets (1 to 3) goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: creature, next_targets: 1").find("next_targets"), std::string::npos);
  EXPECT_NE(msg("target: creature, heal_hp: 1, next_targets: 1").find("next_targets"), std::string::npos);
  EXPECT_NE(msg("target: creature, next_targets: 4"), "(no error)");
  EXPECT_EQ(msg("hope: 1, roll: attack, target: enemies, uses: 1, pay_on: success, split_damage: true"), "(no error)");
  EXPECT_NE(msg("hope: 1, roll: attack, target: enemy, uses: 1, pay_on: success, split_damage: true").find("split_damage goes with"),
            std::string::npos);
  EXPECT_NE(msg("hope: 1, roll: attack, target: enemies, uses: 1, split_damage: true").find("split_damage goes with"), std::string::npos);
  EXPECT_NE(msg("hope: 1, roll: attack, target: enemies, range: far, pay_on: success, split_damage: true").find("split_damage"),
            std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemies, pay_on: success, split_damage: true").find("split_damage"), std::string::npos);
  EXPECT_EQ(msg("when: reaction, trigger: ally_dealt, roll: spellcast, echo_damage: true, vault_fear: true"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: ally_dealt, roll: spellcast, damage: d6").find("`trigger: ally_dealt` takes echo_damage"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, echo_damage: true"), "(no error)") << msg("when: reaction, trigger: hit, echo_damage: true");
  EXPECT_NE(msg("when: reaction, trigger: ally_dealt, echo_damage: true").find("ally_dealt"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: ally_dealt, roll: spellcast, target: enemies, echo_damage: true").find("ally_dealt"),
            std::string::npos);
  EXPECT_NE(msg("target: self, heal_hp: 1, vault_fear: true").find("vault_fear goes with a rolled card"), std::string::npos);
  EXPECT_EQ(msg("hope: 1, target: self, familiar_die: 6"), "(no error)");
  EXPECT_NE(msg("hope: 1, target: enemy, familiar_die: 6").find("familiar_die (a die of 2 to 20 sides) goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: self, familiar_die: 6").find("familiar_die"), std::string::npos);
  EXPECT_NE(msg("target: self, heal_hp: 1, familiar_die: 6").find("familiar_die"), std::string::npos);
  EXPECT_NE(msg("target: self, familiar_die: 1").find("familiar_die"), std::string::npos);
}

// Every library card these keys model reads as modelled.
TEST(DaggerheartMarks, TheLibraryModelsTheCards) {
  testing::expect_modelled({"Sigil of Retribution", "Twilight Toll", "Strategic Approach", "Book of Sitil", "Splintering Strike", "Encore", "Natural Familiar"});
}

}  // namespace
}  // namespace encsim
