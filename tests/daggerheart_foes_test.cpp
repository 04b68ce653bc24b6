// Daggerheart cards that act on the foes (play_foes.hpp, play_cards.hpp):
// Glyph of Nightfall (`difficulty_cut`), Hush (`silence`) and Mass Enrapture
// (an area Stress), each on scripted dice where it fires, and how the GM
// answers the marks.
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

// HERO (its body; no armor, so a 6 is Major on its 5/11) against FOES, in one
// round, with no class Hope feature, class feature, Experience, help or Tag Team.
// OPTIONS are added to the GM's.
std::string fight(const std::string& hero, const std::string& foes, const std::string& options = "") {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false" + options + "}\n"
         "party:\n  - {name: Hero, primary: {damage: d4}, armor: {thresholds: [5, 11], score: 0}, " + hero + "}\n"
         "foes:\n" + foes;
}

const std::string kCaster = "level: 5, proficiency: 1, spellcast: knowledge, traits: {knowledge: 2}, ";
std::string casts(const std::string& card) {
  return kCaster + "cards: [\"" + card + "\"], tactics: [{do: \"card:" + card + "\"}, {do: attack}]";
}
const std::string kFoe = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n";
// A foe whose attack can barely hit: the glyph is worth more to the party than its attack to the GM.
const std::string kWeakFoe = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: -10, attack: {damage: 1}}\n";
// A foe whose standard attack is a spell (magic damage).
const std::string kMage = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6, type: magic}}\n";

// Glyph of Nightfall: the spellcast roll (2 + 10 + 2 = 14 against 10) succeeds
// with Fear; a Hope puts the glyph on: Difficulty 10 - Knowledge 2 = 8. The foe's
// attack is worth more to the GM than the glyph costs it: it attacks, and the
// glyph stays (the status line shows it). Old code: not modelled.
TEST(DaggerheartFoes, GlyphOfNightfallCutsTheFoesDifficultyUntilTheGmClearsIt) {
  const auto enc = encounter_from(fight(casts("Glyph of Nightfall"), kFoe));
  ScriptedDice dice{{{12, 2}, {12, 10}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Glyph of Nightfall")) << r.log;
  EXPECT_TRUE(has(r, "Glyph of Nightfall: Foe's Difficulty drops by 2 to 8 until it clears the mark")) << r.log;
  EXPECT_TRUE(has(r, "Foe attacks")) << r.log;
  EXPECT_TRUE(has(r, "Glyph: Difficulty -2")) << r.log;
  EXPECT_FALSE(has(r, "clearing the glyph")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Glyph of Nightfall");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.conditions, 1);
  EXPECT_EQ(f.spent, 1);  // the Hope
  // A foe that can barely hit spends its spotlight clearing the glyph instead of attacking (no d20 drawn).
  const auto weak = encounter_from(fight(casts("Glyph of Nightfall"), kWeakFoe));
  ScriptedDice dice2{{{12, 2}, {12, 10}}};
  const Replay k = replay(weak, dice2);
  EXPECT_TRUE(has(k, "Foe spends its spotlight clearing the glyph (Difficulty 10 again)")) << k.log;
  EXPECT_FALSE(has(k, "Foe attacks")) << k.log;
  // A failed roll spends nothing: no Hope, no glyph.
  ScriptedDice dice3{{{12, 1}, {12, 3}, {20, 15}}};
  const Replay m = replay(enc, dice3);
  EXPECT_TRUE(has(m, "Glyph of Nightfall fails")) << m.log;
  EXPECT_FALSE(has(m, "drops by")) << m.log;
  EXPECT_EQ(testing::feature(enc.features(), m.rec, 0, "Glyph of Nightfall").spent, 0);
}

// Hush on a foe whose standard attack is a spell: Silenced. A greedy GM
// spends its Fear (the roll's) to clear it, and the foe attacks.
TEST(DaggerheartFoes, HushSilencesAFoeUntilTheGmSpendsAFear) {
  const auto enc = encounter_from(fight(casts("Hush"), kMage, ", gm_policy: greedy, fear_start: 0"));
  ScriptedDice dice{{{12, 2}, {12, 10}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Hush")) << r.log;
  EXPECT_TRUE(has(r, "Foe is Silenced: it casts no spell")) << r.log;
  EXPECT_TRUE(has(r, "The GM spends a Fear to clear Foe's Silence (0 left)")) << r.log;
  EXPECT_TRUE(has(r, "Foe attacks")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Hush");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.conditions, 1);
  EXPECT_EQ(f.spent, 1);
  // A GM that keeps its Fear: the Silenced foe has nothing but its spell, and its spotlight passes (no d20).
  const auto keeps = encounter_from(fight(casts("Hush"), kMage, ", fear_start: 0, fear_reserve: 5"));
  ScriptedDice dice2{{{12, 2}, {12, 10}}};
  const Replay k = replay(keeps, dice2);
  EXPECT_TRUE(has(k, "Foe is Silenced and has nothing but spells: its spotlight passes")) << k.log;
  EXPECT_FALSE(has(k, "Foe attacks")) << k.log;
  EXPECT_TRUE(has(k, "Silenced")) << k.log;
}

// Hush ends when the caster takes Major damage: a foe with a physical attack
// is Silenced (its spell, a magic action, is barred), attacks Hero for 12
// (Major on the level-5 Hero's 10/16) and is no longer Silenced.
TEST(DaggerheartFoes, HushEndsWhenTheCasterTakesMajorDamage) {
  const std::string foe =
      "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 12},\n"
      "     features: [{name: Bolt, kind: action, effect: attack, damage: 2d6, type: magic}],\n"
      "     tactics: [{do: \"feature:Bolt\"}, {do: attack}]}\n";
  const auto enc = encounter_from(fight(casts("Hush"), foe, ", fear_start: 0, fear_reserve: 5"));
  ScriptedDice dice{{{12, 2}, {12, 10}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe is Silenced: it casts no spell")) << r.log;
  EXPECT_FALSE(has(r, "Foe uses Bolt")) << r.log;
  EXPECT_TRUE(has(r, "Foe attacks")) << r.log;
  EXPECT_TRUE(has(r, "Foe is no longer Silenced (Hero takes Major damage)")) << r.log;
}

// Mass Enrapture: one spellcast roll at every foe in Far range; on a success a
// Stress makes each foe beaten mark a Stress. Old code: not modelled.
TEST(DaggerheartFoes, MassEnraptureMakesEveryFoeBeatenMarkAStress) {
  const std::string foes = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n"
                           "  - {name: Other, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n";
  std::string hero = casts("Mass Enrapture");
  hero.replace(hero.find("level: 5"), 8, "level: 8");  // a level-8 card
  const auto enc = encounter_from(fight(hero, foes));
  ScriptedDice dice{{{12, 2}, {12, 10}, {20, 1}, {20, 1}}};
  const Replay r = replay(enc, dice, ScriptedDice{{}, true});
  EXPECT_TRUE(has(r, "Hero plays Mass Enrapture")) << r.log;
  EXPECT_TRUE(has(r, "Foe marks 1 Stress (1/3)")) << r.log;
  EXPECT_TRUE(has(r, "Other marks 1 Stress (1/3)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Mass Enrapture").spent, 1);
}

// Night Terror (no roll of the PC's): both foes roll against 16 (Foe first:
// the card is worth more on it than on Other, 1 HP); Foe's 5
// fails (Horrified: Vulnerable), Other's 18 succeeds. One Fear stolen from the
// GM's 2, one d6 (4): 4 magic damage to Foe (Minor: 1 HP). With no Fear to
// steal, Foe is still Horrified but takes no damage. Old code: not modelled.
TEST(DaggerheartFoes, NightTerrorHorrifiesTheFoesThatFailAndStealsFearForDamage) {
  const std::string foes = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n"
                           "  - {name: Other, difficulty: 10, thresholds: [5, 10], hp: 1, stress: 3, atk: 0, attack: {damage: 6}}\n";
  const std::string hero = "level: 9, proficiency: 1, spellcast: knowledge, cards: [Night Terror], "
                           "tactics: [{do: \"card:Night Terror\"}, {do: attack}]";
  const auto enc = encounter_from(fight(hero, foes, ", fear_start: 2, adversary_experiences: false"));
  ScriptedDice dice{{{20, 5}, {20, 18}, {6, 4}}};  // no Duality roll: the spotlight stays with the party
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Night Terror")) << r.log;
  EXPECT_TRUE(has(r, "Foe makes a reaction roll (16) against Night Terror")) << r.log;
  EXPECT_TRUE(has(r, "Other makes a reaction roll (16) against Night Terror")) << r.log;
  EXPECT_TRUE(has(r, "Foe is Vulnerable")) << r.log;
  EXPECT_FALSE(has(r, "Other is Vulnerable")) << r.log;
  EXPECT_TRUE(has(r, "Night Terror: Hero steals 1 Fear from the GM (1 left)")) << r.log;
  EXPECT_TRUE(has(r, "Night Terror: 4 magic damage to each that failed")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 0) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Night Terror");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.conditions, 1);
  EXPECT_EQ(f.spent, 1);
  EXPECT_EQ(f.damage, 1);
  const auto none = encounter_from(fight(hero, foes, ", fear_start: 0, adversary_experiences: false"));
  ScriptedDice dice2{{{20, 18}, {20, 5}}};  // with no Fear at stake Other rolls first
  const Replay k = replay(none, dice2);
  EXPECT_TRUE(has(k, "Foe is Vulnerable")) << k.log;
  EXPECT_TRUE(has(k, "steals 0 Fear")) << k.log;
  EXPECT_FALSE(has(k, "damage to each that failed")) << k.log;
}

// Words of Discord: the spellcast roll (2 + 10 + 2 = 14 against 13) beats Foe
// (turned on Other it is worth more than Other, atk -5, turned on it):
// it marks a Stress and attacks Other (d20 15 + 0 against Difficulty 10: a hit
// for 6, Major on 5/10: its 2 HP, counted to the card). Round 2: the second
// cast at Foe, the one foe left, takes -5: 14 - 5 = 9 fails. Old code: not modelled.
TEST(DaggerheartFoes, WordsOfDiscordTurnsAFoeOnAnotherAndIsHarderTheSecondTime) {
  const std::string foes = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n"
                           "  - {name: Other, difficulty: 10, thresholds: [5, 10], hp: 2, stress: 3, atk: -5, attack: {damage: 6}}\n";
  std::string y = fight(casts("Words of Discord"), foes);
  y.replace(y.find("max_rounds: 1"), 13, "max_rounds: 2");
  const auto enc = encounter_from(y);
  // Round 1: the cast with Fear, Foe's turned attack; the GM's turn (a d20 1
  // misses); round 2: the cast at -5 (2 + 10 + 2 - 5 = 9 against 13) fails with
  // Fear, and Foe's attack misses.
  ScriptedDice dice{{{12, 2}, {12, 10}, {20, 15}, {20, 1}, {12, 2}, {12, 10}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe marks 1 Stress (1/3)")) << r.log;
  EXPECT_TRUE(has(r, "Words of Discord: Foe attacks Other: d20 15 +0 = 15 vs Difficulty 10: hit")) << r.log;
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 2) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Words of Discord");
  EXPECT_EQ(f.damage, 2);
  EXPECT_EQ(testing::count(r, "Words of Discord fails"), 1) << r.log;
}

// Book of Korvax's Rune Circle: a Stress, no roll: 2d12+4 magic to each of
// the two foes in Melee range (16: Severe on 5/10, 3 HP; 6: Major, 2 HP).
// Old code: not modelled.
TEST(DaggerheartFoes, BookOfKorvaxRuneCircleStrikesEveryFoeInMelee) {
  const std::string foes = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n"
                           "  - {name: Other, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n";
  const auto enc = encounter_from(fight(casts("Book of Korvax"), foes));
  ScriptedDice dice{{{12, 6}, {12, 6}, {12, 1}, {12, 1}}};  // no Duality roll: the spotlight stays with the party
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Book of Korvax")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken + r.rec.combatants[2].damage_taken, 5) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Book of Korvax").damage, 5);
}

// Ground Pound: 2 Hope, a Strength roll (2 + 10 + 2 = 14) beats both foes
// (Difficulty 10); Foe's reaction roll 5 fails against 17, Other's 18
// succeeds (Foe first: the card is worth more on it than on Other, 2 HP);
// 4d10+8 = 4+4+4+4+8 = 24 to Foe (Severe: 3 HP), 12 to Other (Severe, its
// last 2 HP). Old code: not modelled.
TEST(DaggerheartFoes, GroundPoundHalvesTheDamageOnASuccessfulReactionRoll) {
  const std::string foes = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n"
                           "  - {name: Other, difficulty: 10, thresholds: [5, 10], hp: 2, stress: 3, atk: 0, attack: {damage: 6}}\n";
  const std::string hero = "level: 8, proficiency: 1, hope: 3, traits: {strength: 2}, cards: [Ground Pound], "
                           "tactics: [{do: \"card:Ground Pound\"}, {do: attack}]";
  const auto enc = encounter_from(fight(hero, foes, ", adversary_experiences: false"));
  ScriptedDice dice{{{12, 2}, {12, 10}, {20, 5}, {20, 18}, {10, 4}, {10, 4}, {10, 4}, {10, 4}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Ground Pound")) << r.log;
  EXPECT_TRUE(has(r, "Foe makes a reaction roll (17) against Ground Pound")) << r.log;
  EXPECT_TRUE(has(r, "Ground Pound: 24 physical damage to each that failed, half to the others")) << r.log;
  EXPECT_TRUE(has(r, "12 damage to Other")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 2) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Ground Pound");
  EXPECT_EQ(f.spent, 2);
  EXPECT_EQ(f.damage, 5);
}

// Know Thy Enemy: an Instinct roll (10 + 2 + 2 = 14) beats Foe; a Stress
// takes one of the GM's 2 Fear. A failure spends nothing and takes no Fear.
// Old code: not modelled.
TEST(DaggerheartFoes, KnowThyEnemyTakesAFearOnASuccess) {
  const std::string hero = "level: 5, proficiency: 1, traits: {instinct: 2}, cards: [Know Thy Enemy], "
                           "tactics: [{do: \"card:Know Thy Enemy\"}, {do: attack}]";
  const auto enc = encounter_from(fight(hero, kFoe, ", fear_start: 2"));
  ScriptedDice dice{{{12, 10}, {12, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Know Thy Enemy: the GM loses 1 Fear (1 left)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Know Thy Enemy").conditions, 1);
  ScriptedDice dice2{{{12, 1}, {12, 3}, {20, 1}}};
  const Replay k = replay(enc, dice2);
  EXPECT_FALSE(has(k, "the GM loses")) << k.log;
  EXPECT_EQ(k.rec.combatants[0].extra[dh::kExtraStressMarked], 0);
}

// Redirect: a foe that attacks from Far range misses Hero (d20 2); Hero's d6
// shows 6: a Stress turns the attack's 6 damage on the foe itself (Major on
// 5/10: 2 HP). A 5 does nothing. Old code: not modelled.
TEST(DaggerheartFoes, RedirectTurnsAMissedRangedAttackOnAFoe) {
  const std::string archer = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {range: far, damage: 6}}\n";
  const std::string hero = "level: 4, proficiency: 1, cards: [Redirect]";
  const auto enc = encounter_from(fight(hero, archer));
  // Hero's attack fails with Fear (1 + 2); the foe's d20 2 misses.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 2}, {6, 6}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero's Redirect: the highest of 1 d6 is 6")) << r.log;
  EXPECT_TRUE(has(r, "Hero plays Redirect: Foe's attack strikes Foe instead")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Redirect").damage, 2);
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 2}, {6, 5}}};
  const Replay k = replay(enc, dice2);
  EXPECT_FALSE(has(k, "plays Redirect")) << k.log;
  EXPECT_EQ(k.rec.combatants[1].damage_taken, 0) << k.log;
}

// ---------------------------------------------------------------------------
// The new keys' errors

TEST(DaggerheartFoes, TheFoeKeysAreChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body, "Midnight", "Spell"); };
  EXPECT_EQ(msg("roll: spellcast, target: enemy, hope: 1, pay_on: success, difficulty_cut: knowledge"), "(no error)");
  EXPECT_EQ(msg("roll: spellcast, target: enemies, difficulty_cut: 2"), "(no error)");
  EXPECT_EQ(msg("roll: spellcast, target: enemy, hope: 1, pay_on: success, silence: true"), "(no error)");
  EXPECT_NE(msg("target: enemy, difficulty_cut: 2").find("go with an action at adversaries that rolls"),
            std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: self, silence: true").find("go with an action at adversaries that rolls"), std::string::npos);
  EXPECT_NE(msg("roll: attack, target: enemy, silence: true").find("that rolls (spellcast or trait)"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d4, difficulty_cut: 1").find("go with an action at adversaries that rolls"),
            std::string::npos);
  EXPECT_NE(msg("roll: spellcast, damage: d6, difficulty_cut: 0").find("difficulty_cut is a trait or a number of 1 or more"), std::string::npos)
      << msg("roll: spellcast, damage: d6, difficulty_cut: 0");
  EXPECT_NE(msg("roll: spellcast, difficulty_cut: knowlege").find("knowledge"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, silence: maybe"), "(no error)");
  EXPECT_EQ(msg("roll: spellcast, difficulty: 13, target: enemy, target_stress: 1, turn_foe: true, again_penalty: 5"), "(no error)");
  EXPECT_NE(msg("roll: spellcast, target: enemies, turn_foe: true").find("turn_foe and again_penalty go with `target: enemy`"),
            std::string::npos);
  EXPECT_NE(msg("target: enemy, again_penalty: 5, target_stress: 1").find("go with an action at adversaries that rolls"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, again_penalty: 11"), "(no error)");
  EXPECT_EQ(msg("uses: 1, target: enemies, range: very_close, save: 16, vulnerable: true, steal_fear: true, damage: d6"), "(no error)");
  EXPECT_EQ(msg("hope: 2, roll: trait, trait: strength, target: enemies, save: 17, save_half: true, damage: 4d10+8"), "(no error)");
  EXPECT_NE(msg("roll: attack, save: 16, vulnerable: true").find("save goes with an action at adversaries"), std::string::npos)
      << msg("roll: attack, save: 16, vulnerable: true");
  EXPECT_NE(msg("target: enemies, save_half: true, damage: d6").find("save_half goes with save and damage"), std::string::npos);
  EXPECT_NE(msg("target: enemies, save: 16, save_half: true, vulnerable: true").find("save_half goes with"), std::string::npos);
  EXPECT_NE(msg("target: self, save: 16, heal_hp: 1").find("save goes with"), std::string::npos);
  EXPECT_NE(msg("target: enemies, save: 16, vulnerable: true, steal_fear: true").find("steal_fear goes with save and damage dice"),
            std::string::npos);
  EXPECT_NE(msg("target: enemies, vulnerable: true, steal_fear: true, damage: d6").find("steal_fear goes with save"), std::string::npos);
  EXPECT_NE(msg("target: enemies, save: 40, damage: d6"), "(no error)");
  EXPECT_EQ(msg("when: reaction, trigger: missed, hit_if: ranged, stress: 1, redirect: 6"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: crit, stress: 1, redirect: 6").find("redirect goes with `trigger: missed`"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: missed, stress: 1, redirect: 1").find("a face of 2 to 6"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: missed, stress: 1, strike_back: true, redirect: 6").find("redirect goes with"),
            std::string::npos);
}

// Every library card these keys model reads as modelled.
TEST(DaggerheartFoes, TheLibraryModelsTheCards) {
  testing::expect_modelled({"Glyph of Nightfall", "Hush", "Mass Enrapture", "Night Terror", "Words of Discord", "Book of Korvax", "Ground Pound", "Know Thy Enemy", "Redirect"});
}

}  // namespace
}  // namespace encsim
