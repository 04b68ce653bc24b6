// A spell's attack is an attack: a spellcast (or trait) roll at adversaries
// whose damage lands sets off the `hit` reactions that read "an attack" or "a
// damage roll" (Face Your Fear, Wings of Light, Elementalist, Thrive in
// Chaos, ...) and the Rogue's Sneak Attack, as a weapon's hit does; a card
// that names the weapon (`hit_if: weapon`: Weapon Specialist) does not.
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
namespace dh = daggerheart;

// HERO (its body) alone against a foe of Difficulty 10, thresholds 5/SEVERE
// and HP, whose attack (+0) deals DAMAGE, for ROUNDS rounds; no Hope
// feature, class feature, Experience, help or Tag Team.
std::string alone(const std::string& hero, int hp = 12, int rounds = 1, int damage = 1, int severe = 10) {
  return "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) +
         "\noptions: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false}\n"
         "party:\n  - {name: Hero, armor: {thresholds: [5, 11], score: 0}, " + hero + "}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, " + std::to_string(severe) + "], hp: " + std::to_string(hp) +
         ", atk: 0, attack: {damage: " + std::to_string(damage) + "}}\n";
}

// A level-3 School of War Wizard (Knowledge 2, 3 after its level-2 trait
// pick; Proficiency 1) who casts Book of Ava's Power Push (d10+2 magic per
// Proficiency at a foe in Melee; a spell whose damage the target takes
// whole: Book of Norai's Fireball goes through the targets' reaction rolls).
const std::string kWizard =
    "class: wizard, subclass: School of War, level: 3, proficiency: 1, traits: {knowledge: 2}, primary: {damage: d4}, "
    "cards: [Book of Ava], tactics: [{do: \"card:Book of Ava\"}]";

// Face Your Fear on a spell: 3 + 9 + 3 = 15 succeeds with Fear; Ava's d10
// (1) + 2 = 3 and the feature's d10 (8): 11, Severe (3 HP). The GM's turn:
// the foe misses. Old code: no d10 (3, Minor: 1 HP).
TEST(DaggerheartAttacks, FaceYourFearJoinsASpellCastWithFear) {
  const auto enc = encounter_from(alone(kWizard));
  ScriptedDice dice{{{12, 3}, {12, 9}, {10, 1}, {10, 8}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Face Your Fear: +8 damage")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Face Your Fear");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 2);  // the HP its d10 adds (Minor to Severe) count to it, the rest to the spell
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Book of Ava").damage, 1);
  // With Hope (9 and 3): no d10, 3 is Minor (1 HP); the round ends.
  ScriptedDice hope{{{12, 9}, {12, 3}, {10, 1}}};
  const Replay h = replay(enc, hope);
  EXPECT_FALSE(has(h, "Face Your Fear")) << h.log;
  EXPECT_EQ(h.rec.combatants[1].damage_taken, 1) << h.log;
}

// A spell with Fear that fails (1 + 5 + 3 = 9) is no attack that succeeds:
// no d10. The GM's turn: the foe misses.
TEST(DaggerheartAttacks, FaceYourFearWaitsForASpellThatSucceeds) {
  const auto enc = encounter_from(alone(kWizard));
  ScriptedDice dice{{{12, 1}, {12, 5}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Face Your Fear")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 0) << r.log;
}

// Thrive in Chaos (the School of War mastery) on a spell: a level-8 War
// Wizard's Book of Ava succeeds with Hope (9 and 3: no Face Your Fear) at
// a foe of thresholds 5/14; its five d10s (Proficiency 5; past the script the
// dice show 1) + 2 = 7, Major; a Stress makes the foe mark one HP more: 3.
// Old code: 2.
TEST(DaggerheartAttacks, ThriveInChaosMarksOneMoreHpOnASpell) {
  const auto enc = encounter_from(alone("class: wizard, subclass: School of War, level: 8, primary: {damage: d4}, "
                                        "cards: [Book of Ava], tactics: [{do: \"card:Book of Ava\"}]",
                                        12, 1, 1, 14));
  ScriptedDice dice{{{12, 9}, {12, 3}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Thrive in Chaos: the target marks 1 more HP")) << r.log;
  EXPECT_FALSE(has(r, "Face Your Fear")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Thrive in Chaos");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 1);
}

// An area spell is one attack: Face Your Fear's d10 is rolled once, at the
// first target its damage lands on, and joins each target's damage. Book of
// Tyfar (2d6 magic and a Stress at up to three foes in Close range) at two
// foes: 3 + 9 + 2 = 14 succeeds with Fear against both; the first takes 1 + 1
// and the d10 (8): 10, Severe; the second 1 + 1 and the same 8: 10, Severe.
// Old code: 2 each, Minor. Past the script the dice show 1 (the foes miss).
TEST(DaggerheartAttacks, FaceYourFearJoinsEachTargetOfAnAreaSpellOnce) {
  const auto enc = encounter_from(
      "ruleset: daggerheart\nmax_rounds: 1\n"
      "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
      "hope_features: false, class_features: false}\n"
      "party:\n  - {name: Hero, armor: {thresholds: [5, 11], score: 0}, class: wizard, subclass: School of War, level: 1, "
      "proficiency: 1, traits: {knowledge: 2}, primary: {damage: d4}, cards: [Book of Tyfar], tactics: [{do: \"card:Book of Tyfar\"}]}\n"
      "foes:\n  - {name: Foe A, difficulty: 10, thresholds: [5, 10], hp: 12, stress: 3, atk: 0, attack: {damage: 1}}\n"
      "  - {name: Foe B, difficulty: 10, thresholds: [5, 10], hp: 12, stress: 3, atk: 0, attack: {damage: 1}}\n");
  ScriptedDice dice{{{12, 3}, {12, 9}, {6, 1}, {6, 1}, {10, 8}, {6, 1}, {6, 1}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_EQ(testing::count(r, "plays Face Your Fear: +8 damage"), 1) << r.log;
  EXPECT_EQ(testing::count(r, ", as to the first target"), 1) << r.log;  // the second target's
  EXPECT_TRUE(has(r, "+8 damage to Foe")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 3) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Face Your Fear").uses, 1);
}

// A level-1 Nightwalker Rogue (Finesse 2, Proficiency 1, no ally: Sneak
// Attack needs it Cloaked) casts Rain of Blades (a Hope; d8+2 per
// Proficiency at every foe in Very Close range) at a foe whose attack deals
// 20 (worth a cloak). Round 1: 1 + 2 + 2 fails
// with Fear; as its spotlight ends, Shadow Stepper's Stress cloaks it; the
// foe's attack has disadvantage (15 and 3: a miss). Round 2: 2 + 10 + 2 = 14
// succeeds with Fear while Cloaked: the spell ends Cloaked, and Sneak
// Attack's d6 (4) joins its d8 (3) + 2: 9, Major (2 HP). Old code: 5, Major
// too, with no Sneak Attack. The GM's turn: the foe misses.
TEST(DaggerheartAttacks, SneakAttackJoinsASpellFromACloakedRogue) {
  const auto enc = encounter_from(alone("class: rogue, subclass: Nightwalker, level: 1, proficiency: 1, hope: 3, "
                                        "traits: {finesse: 2}, primary: {damage: d4}, cards: [Rain of Blades], "
                                        "tactics: [{do: \"card:Rain of Blades\"}]",
                                        12, 2, 20));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {20, 3}, {12, 2}, {12, 10}, {8, 3}, {6, 4}, {20, 1}}};
  dice.lenient = true;  // past the script: 1s (a later spotlight's roll fails; the foe misses)
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Shadow Stepper: Cloaked until it makes an attack")) << r.log;
  EXPECT_TRUE(has(r, "Hero attacks: no longer Cloaked")) << r.log;
  EXPECT_TRUE(has(r, "Sneak Attack: +4")) << r.log;
  EXPECT_GE(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Sneak Attack").uses, 1);
}

// Without the cloak or an ally in Melee, a spell has no Sneak Attack: the
// same Rogue's first cast (2 + 10 + 2, with Fear) lands d8 (3) + 2 alone.
TEST(DaggerheartAttacks, ASpellOutOfTheCloakHasNoSneakAttack) {
  const auto enc = encounter_from(alone("class: rogue, subclass: Nightwalker, level: 1, proficiency: 1, hope: 3, "
                                        "traits: {finesse: 2}, primary: {damage: d4}, cards: [Rain of Blades], "
                                        "tactics: [{do: \"card:Rain of Blades\"}]"));
  ScriptedDice dice{{{12, 2}, {12, 10}, {8, 3}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Sneak Attack")) << r.log;
}

// A level-8 Call of the Slayer Warrior (its specialization at level 5, a
// multiclass into the School of War at 8: Face Your Fear; Spellcast
// Knowledge 2, Proficiency 4, a d12 secondary weapon, 3 Hope) casts Book of
// Ava at a foe of thresholds 5/12: 3 + 9 + 2 succeeds with Fear; four d10s
// (1 each: past the script the dice show 1) + 2 = 6 and Face Your Fear's d10
// (1): 7, Major. Weapon Specialist adds a secondary weapon's die to a
// weapon's damage roll only (`hit_if: weapon`): a d12 here (mean 6.5) would
// reach Severe, worth more than its Hope, but it is not played on a spell.
TEST(DaggerheartAttacks, WeaponSpecialistIsNotPlayedOnASpell) {
  const auto enc = encounter_from(alone(
      "class: warrior, subclass: Call of the Slayer, level: 8, hope: 3, traits: {knowledge: 2}, "
      "advancements: {2: [hp, stress], 3: [hp, stress], 4: [evasion, domain_card], 5: [subclass, hp], 6: [hp, stress], "
      "7: [stress, evasion], 8: [multiclass]}, multiclass: {class: wizard, domain: codex, subclass: School of War}, "
      "primary: {damage: d4}, secondary: {damage: d12}, cards: [Book of Ava], tactics: [{do: \"card:Book of Ava\"}]",
      12, 1, 1, 12));
  ScriptedDice dice{{{12, 3}, {12, 9}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Face Your Fear: +1 damage")) << r.log;
  EXPECT_FALSE(has(r, "Weapon Specialist")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Weapon Specialist").uses, 0);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
}

}  // namespace
}  // namespace encsim
