// Daggerheart cards that protect a PC from a hit: I See It Coming (an
// `attacked` reaction against a foe beyond Melee range, `hit_if: ranged`),
// Shrug It Off (a `damaged` reaction that may go to the vault, `vault_on`),
// On the Brink (`passive: {no_minor}`), Unyielding Armor (`passive:
// {keep_armor}`), Brace (`trigger: armor`), Battle-Hardened (`trigger:
// dying`) and Vengeance's Revenge (`trigger: struck`), each on scripted dice
// where it fires and where it does not.
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

// PC (HERO's body, which gives its level; no class) with armor thresholds
// 1/2 (plus the level) and SCORE Armor Slots, against one foe with atk +0
// and the standard attack ATTACK, for ROUNDS rounds, with no class Hope
// feature, class feature, Experience, help or Tag Team.
std::string guard_duel(const std::string& hero, const std::string& attack, int score = 0, int rounds = 1) {
  std::string y = "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) +
                  "\noptions: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
                  "hope_features: false, class_features: false}\n";
  y += "party:\n  - {name: Hero, armor: {thresholds: [1, 2], score: " + std::to_string(score) +
       "}, primary: {damage: d4}, " + hero + "}\n";
  return y + "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: " +
         attack + "}\n";
}

// I See It Coming: a Severe hit (4 against 2/3) from a foe that fights at Far
// range, meeting Evasion exactly: a Stress for a d4 (3) turns it into a miss.
// Beaten by 4 the d4 cannot turn it (no Stress spent); a foe in Melee range
// never sets it off.
TEST(DaggerheartGuard, ISeeItComingRaisesEvasionAgainstAnAttackFromBeyondMelee) {
  const auto far = encounter_from(guard_duel("level: 1, cards: [I See It Coming]", "{damage: 4, range: far}"));
  const int ev = far.pcs.at(0).evasion;
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, ev}, {4, 3}}};  // the PC fails with Fear; the foe meets Evasion
  const Replay r = replay(far, dice);
  EXPECT_TRUE(has(r, "Hero plays I See It Coming: +3 Evasion against this attack")) << r.log;
  EXPECT_TRUE(has(r, "the attack misses Hero")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  EXPECT_EQ(testing::feature(far.features(), r.rec, 0, "I See It Coming").uses, 1);
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, ev + 4}}};
  const Replay k = replay(far, dice2);
  EXPECT_FALSE(has(k, "I See It Coming")) << k.log;
  EXPECT_EQ(k.rec.combatants[0].damage_taken, 3) << k.log;
  EXPECT_EQ(k.rec.combatants[0].extra[dh::kExtraStressMarked], 0);
  const auto melee = encounter_from(guard_duel("level: 1, cards: [I See It Coming]", "{damage: 4}"));
  ScriptedDice dice3{{{12, 1}, {12, 2}, {20, ev}}};
  const Replay m = replay(melee, dice3);
  EXPECT_FALSE(has(m, "I See It Coming")) << m.log;
  EXPECT_EQ(m.rec.combatants[0].damage_taken, 3) << m.log;
}

// Shrug It Off: a Major hit (8 against 8/9 at level 7) costs a Stress and
// marks 1 HP instead of 2. The d6 after it: 2 sends the card to the vault, so
// the next round's Major hit marks 2; 5 keeps it, and it is played again.
TEST(DaggerheartGuard, ShrugItOffLowersAHitAndMayGoToTheVault) {
  const auto enc = encounter_from(guard_duel("level: 7, hp: 8, cards: [Shrug It Off]", "{damage: 8}", 0, 2));
  ScriptedDice lost{{{12, 1}, {12, 2}, {20, 15}, {6, 2}, {12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, lost);
  EXPECT_TRUE(has(r, "Hero plays Shrug It Off: 2 HP become 1")) << r.log;
  EXPECT_TRUE(has(r, "Hero's Shrug It Off: d6 2: the card goes to the vault")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 3) << r.log;  // 1, then 2 with the card in the vault
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Shrug It Off");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 1);
  ScriptedDice kept{{{12, 1}, {12, 2}, {20, 15}, {6, 5}, {12, 1}, {12, 2}, {20, 15}, {6, 4}}};
  const Replay k = replay(enc, kept);
  EXPECT_TRUE(has(k, "d6 5: it stays in the loadout")) << k.log;
  EXPECT_EQ(k.rec.combatants[0].damage_taken, 2) << k.log;
  EXPECT_EQ(testing::feature(enc.features(), k.rec, 0, "Shrug It Off").healed, 2);
  EXPECT_EQ(k.rec.combatants[0].extra[dh::kExtraStressMarked], 2);
}

// On the Brink: with 2 HP left (level 9: thresholds 10/11) a Minor hit (5)
// marks nothing; with 3 left it marks 1. A Major hit (10) that the Armor Slot
// lowers to Minor marks nothing either, the slot spent.
TEST(DaggerheartGuard, OnTheBrinkIgnoresMinorDamageAtTwoHpLeft) {
  const auto brink = encounter_from(guard_duel("level: 9, hp: 6, marked: {hp: 4}, cards: [On the Brink]", "{damage: 5}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(brink, dice);
  EXPECT_TRUE(has(r, "Hero is on the brink (2 HP left): Minor damage marks nothing")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  const FeatureRecord& f = testing::feature(brink.features(), r.rec, 0, "On the Brink");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 1);
  const auto three = encounter_from(guard_duel("level: 9, hp: 6, marked: {hp: 3}, cards: [On the Brink]", "{damage: 5}"));
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay k = replay(three, dice2);
  EXPECT_FALSE(has(k, "on the brink")) << k.log;
  EXPECT_EQ(k.rec.combatants[0].damage_taken, 1) << k.log;
  const auto armored =
      encounter_from(guard_duel("level: 9, hp: 6, marked: {hp: 4}, cards: [On the Brink]", "{damage: 10}", 1));
  ScriptedDice dice3{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay a = replay(armored, dice3);
  EXPECT_TRUE(has(a, "on the brink")) << a.log;
  EXPECT_EQ(a.rec.combatants[0].damage_taken, 0) << a.log;
  EXPECT_EQ(a.rec.combatants[0].extra[dh::kExtraArmorUsed], 1);
}

// Unyielding Armor: a Major hit (11 against 11/12 at level 10) takes an Armor
// Slot; Proficiency 2 rolls two d6s: a 6 keeps the slot unmarked (1 HP all
// the same); 3 and 5 mark it.
TEST(DaggerheartGuard, UnyieldingArmorKeepsTheSlotOnASix) {
  const auto enc =
      encounter_from(guard_duel("level: 10, hp: 6, proficiency: 2, cards: [Unyielding Armor]", "{damage: 11}", 2));
  ScriptedDice six{{{12, 1}, {12, 2}, {20, 15}, {6, 3}, {6, 6}}};
  const Replay r = replay(enc, six);
  EXPECT_TRUE(has(r, "Hero's armor: 2d6, best 6: it holds, no Armor Slot marked")) << r.log;
  EXPECT_TRUE(has(r, "the armor holds (no slot marked): marks 1 HP")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraArmorUsed], 0);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Unyielding Armor").uses, 1);
  ScriptedDice no{{{12, 1}, {12, 2}, {20, 15}, {6, 3}, {6, 5}}};
  const Replay k = replay(enc, no);
  EXPECT_EQ(k.rec.combatants[0].damage_taken, 1) << k.log;
  EXPECT_EQ(k.rec.combatants[0].extra[dh::kExtraArmorUsed], 1);
  EXPECT_EQ(testing::feature(enc.features(), k.rec, 0, "Unyielding Armor").uses, 0);
}

// Brace: a Severe hit (5 against 4/5 at level 3) takes an Armor Slot (2 HP
// left to mark); a Stress marks a second slot: 1 HP. With one slot only, no Brace.
TEST(DaggerheartGuard, BraceMarksASecondArmorSlotForAStress) {
  const auto enc = encounter_from(guard_duel("level: 3, hp: 6, cards: [Brace]", "{damage: 5}", 2));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Brace: 2 HP become 1")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraArmorUsed], 2);
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Brace");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 1);
  const auto one = encounter_from(guard_duel("level: 3, hp: 6, cards: [Brace]", "{damage: 5}", 1));
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay k = replay(one, dice2);
  EXPECT_FALSE(has(k, "Brace")) << k.log;
  EXPECT_EQ(k.rec.combatants[0].damage_taken, 2) << k.log;
}

// Battle-Hardened: a hit takes the last HP; instead of Avoid Death the PC
// spends a Hope and clears an HP (no death-move die). Without Hope it makes
// the death move (the Hope die: 12, no scar) and goes down.
TEST(DaggerheartGuard, BattleHardenedClearsAnHpInsteadOfADeathMove) {
  const auto enc = encounter_from(guard_duel("level: 6, hp: 6, marked: {hp: 5}, hope: 2, cards: [Battle-Hardened]", "{damage: 1}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Battle-Hardened instead of a death move")) << r.log;
  EXPECT_TRUE(has(r, "Battle-Hardened clears 1 HP on Hero")) << r.log;
  EXPECT_FALSE(r.rec.combatants[0].down) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraDeathMove], 0);
  EXPECT_EQ(r.rec.combatants[0].hp_left, 1);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Battle-Hardened");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 1);
  const auto broke = encounter_from(guard_duel("level: 6, hp: 6, marked: {hp: 5}, hope: 0, cards: [Battle-Hardened]", "{damage: 1}"));
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}, {12, 12}}};
  const Replay k = replay(broke, dice2);
  EXPECT_FALSE(has(k, "Battle-Hardened")) << k.log;
  EXPECT_TRUE(k.rec.combatants[0].down) << k.log;
}

// Revenge (Vengeance): a hit from a foe in Melee range: 2 Stress make it mark
// an HP before the hit's 3 HP land; a foe that fights at Far range is out of reach.
TEST(DaggerheartGuard, RevengeMakesAMeleeAttackerMarkAnHp) {
  const std::string guardian = "class: guardian, subclass: Vengeance, level: 1, cards: []";
  const auto enc = encounter_from(guard_duel(guardian, "{damage: 4}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Revenge: Foe marks 1 HP")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 3) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 2);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Revenge");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 1);
  const auto far = encounter_from(guard_duel(guardian, "{damage: 4, range: far}"));
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay k = replay(far, dice2);
  EXPECT_FALSE(has(k, "Revenge")) << k.log;
  EXPECT_EQ(k.rec.combatants[1].damage_taken, 0) << k.log;
}

// The new keys' errors: hit_if: ranged outside missed/attacked, an attacked
// reaction's hit_if other than melee/ranged, vault_on on a passive, a keep_armor of 1.
TEST(DaggerheartGuard, GuardKeysAreCheckedInTheLibrary) {
  auto message = [](const std::string& entry) {
    return testing::message_of([&] { dh::read_feature_library("f.yaml", "features:\n  - {name: X, ancestry: Orc, " + entry + ", summary: s}\n"); });
  };
  EXPECT_NE(message("when: reaction, trigger: hit, hit_if: ranged, bonus: d4").find("`hit_if: ranged`"), std::string::npos);
  EXPECT_NE(message("when: reaction, trigger: attacked, target: self, hit_if: magic, evade: 2").find("melee or ranged"),
            std::string::npos);
  EXPECT_NE(message("when: passive, passive: {evasion: 1}, vault_on: 3").find("vault_on goes with"), std::string::npos);
  EXPECT_NE(message("when: passive, passive: {keep_armor: 1}").find("keep_armor is a d6 face"), std::string::npos);
  EXPECT_NE(message("when: reaction, trigger: damaged, downgrade: 1, vault_on: 7").find("vault_on"), std::string::npos);
  EXPECT_NE(message("when: reaction, trigger: armor, stress: 1, reduce: 2").find("an `armor` reaction"), std::string::npos);
  EXPECT_NE(message("when: reaction, trigger: dying, hope: 1, heal_hp: 1").find("a `dying` reaction"), std::string::npos);
  EXPECT_NE(message("when: reaction, trigger: struck, stress: 2, heal_hp: 1").find("a `struck` reaction"), std::string::npos);
}

// Conjure Shield (School of War specialization, `passive: {hope_evasion:
// proficiency, hope_at: 2}`): an attack that meets the Wizard's Evasion
// misses while it holds 2 Hope (its Evasion is higher by its Proficiency) and
// counts a use; holding 1 Hope the same roll hits.
TEST(DaggerheartGuard, ConjureShieldAddsProficiencyToEvasionWhileTheWizardHoldsTwoHope) {
  auto wizard = [](int hope) {
    return "ruleset: daggerheart\nmax_rounds: 1\noptions: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, "
           "hard_moves: false, hope_features: false, class_features: false}\nparty:\n  - {name: Hero, class: wizard, "
           "level: 5, subclass: School of War, hope: " + std::to_string(hope) + ", cards: []}\n"
           "foes:\n  - {name: Foe, difficulty: 20, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 4}}\n";
  };
  const auto enc = encounter_from(wizard(2));
  const dh::Pc& p = enc.pcs.at(0);
  ASSERT_EQ(p.hope_evasion, p.proficiency);
  ASSERT_GE(p.proficiency, 2);
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, p.evasion}}};  // the PC fails with Fear; the foe meets its sheet Evasion
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "(Hero's Evasion is " + std::to_string(p.proficiency) + " higher while it holds 2+ Hope)")) << r.log;
  EXPECT_TRUE(has(r, "vs Evasion " + std::to_string(p.evasion + p.proficiency) + " of Hero: miss")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Conjure Shield").uses, 1);
  const auto low = encounter_from(wizard(1));
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, p.evasion}}};
  const Replay k = replay(low, dice2);
  EXPECT_FALSE(has(k, "higher while it holds")) << k.log;
  EXPECT_TRUE(has(k, "vs Evasion " + std::to_string(p.evasion) + " of Hero: hit")) << k.log;
  EXPECT_EQ(testing::feature(low.features(), k.rec, 0, "Conjure Shield").uses, 0);
}

// Bare Bones (`passive: {unarmored: ...}`): with `armor: none` a Strength 2
// PC has Armor Score 3 + 2 and the tier's base thresholds plus its level
// (tier 1 at level 1: 10/20; tier 3 at level 5: 18/36); with armor on, the
// card changes nothing. A 12-damage hit then marks 2 HP less an Armor Slot,
// where the bare level thresholds (1/2) would make it Severe.
TEST(DaggerheartGuard, BareBonesGivesAnUnarmoredPcItsOwnArmorScoreAndThresholds) {
  auto hero = [](int level, const std::string& armor, const std::string& cards) {
    return "ruleset: daggerheart\nmax_rounds: 1\noptions: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, "
           "hard_moves: false, hope_features: false, class_features: false}\nparty:\n  - {name: Hero, level: " +
           std::to_string(level) + ", traits: {strength: 2}, primary: {damage: d4}, armor: " + armor +
           ", cards: [" + cards + "]}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, "
           "atk: 0, attack: {damage: 12}}\n";
  };
  const dh::Pc one = encounter_from(hero(1, "none", "Bare Bones")).pcs.at(0);
  EXPECT_EQ(one.armor_slots, 5);
  EXPECT_EQ(one.major, 10);
  EXPECT_EQ(one.severe, 20);
  const dh::Pc five = encounter_from(hero(5, "none", "Bare Bones")).pcs.at(0);
  EXPECT_EQ(five.major, 18);
  EXPECT_EQ(five.severe, 36);
  const dh::Pc bare = encounter_from(hero(1, "none", "")).pcs.at(0);
  EXPECT_EQ(bare.armor_slots, 0);
  EXPECT_EQ(bare.major, 1);
  const dh::Pc armored = encounter_from(hero(1, "{thresholds: [5, 11], score: 3}", "Bare Bones")).pcs.at(0);
  EXPECT_EQ(armored.armor_slots, 3);
  EXPECT_EQ(armored.major, 6);
  EXPECT_EQ(armored.severe, 12);
  const auto enc = encounter_from(hero(1, "none", "Bare Bones"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 19}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1) << r.log;  // Major (12 against 10/20), one less for the Armor Slot
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraArmorUsed], 1) << r.log;
}

// hope_at without hope_evasion; unarmored thresholds not four pairs, or a
// severe not above the major; each at its line and column.
TEST(DaggerheartGuard, ShieldAndUnarmoredKeysAreCheckedInTheLibrary) {
  auto message = [](const std::string& entry) {
    return testing::render_of([&] { dh::read_feature_library("f.yaml", "features:\n  - {name: X, ancestry: Orc, " + entry + ", summary: s}\n"); });
  };
  EXPECT_NE(message("when: passive, passive: {hope_at: 2}").find("f.yaml:2:64: error: hope_at says when hope_evasion holds"),
            std::string::npos) << message("when: passive, passive: {hope_at: 2}");
  EXPECT_NE(message("when: passive, passive: {unarmored: {score: 3, thresholds: [[9, 19]]}}").find("four [major, severe] pairs"),
            std::string::npos);
  EXPECT_NE(message("when: passive, passive: {unarmored: {score: 3, thresholds: [[9, 19], [11, 24], [13, 13], [15, 38]]}}")
                .find("severe above major"),
            std::string::npos);
  EXPECT_NE(message("when: passive, passive: {unarmored: {score: 3, trait: strenght, thresholds: [[9, 19], [11, 24], [13, 31], [15, 38]]}}")
                .find("did you mean 'strength'"),
            std::string::npos) << message("when: passive, passive: {unarmored: {score: 3, trait: strenght, thresholds: [[9, 19], [11, 24], [13, 31], [15, 38]]}}");
}

}  // namespace
}  // namespace encsim
