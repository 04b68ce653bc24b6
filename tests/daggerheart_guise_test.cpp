// Daggerheart's guises and auras on a PC (play_guise.hpp): Confusing Aura
// (`layers`), Overwhelming Aura (`attacker_stress`, `trait_as_spellcast`),
// Vanishing Dodge (`hide`), Bold Presence (`avoid_condition`), each on
// scripted dice where it fires, and the
// keys' errors.
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
using testing::fight;
using testing::has;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;

// A PC named NAME (level 10: HP 6, Stress 6, Evasion 10, thresholds 15/21, no armor, a d4) with BODY.
std::string pc(const std::string& name, const std::string& body, const std::string& weapon = "{damage: d4}") {
  return "  - {name: " + name + ", level: 10, proficiency: 1, hp: 6, evasion: 10, primary: " + weapon + ", "
         "armor: {thresholds: [5, 11], score: 0}" + (body.empty() ? "" : ", " + body) + "}\n";
}

std::string foe(const std::string& name, int difficulty, int hp, int damage = 6, const std::string& type = "physical") {
  return "  - {name: " + name + ", difficulty: " + std::to_string(difficulty) + ", thresholds: [10, 20], hp: " +
         std::to_string(hp) + ", stress: 3, atk: 0, attack: {damage: " + std::to_string(damage) + ", type: " + type + "}}\n";
}

// ---------------------------------------------------------------------------
// Confusing Aura

// Hero (3 Stress marked: two slots to spend, the last kept) weighs the aura
// above its weapon (Difficulty 24) and casts it: 3 + 10 + 2 = 15 against 14,
// with Fear. Each more layer turns away more than a quarter of Foe's Major
// hit (2 HP) on average: it marks 2 Stress, 3 layers. Foe's hit (15 against
// Evasion 10) rolls 3 d6: the 5 takes a layer off and the attack fails (its
// 2 HP the card's `healed`). Old code: not modelled (the hit marks 2 HP).
TEST(DaggerheartGuise, ConfusingAuraLayersMakeAnAttackFail) {
  const auto enc = encounter_from(fight(pc("Hero", "marked: {stress: 3}, spellcast: knowledge, traits: {knowledge: 2}, "
                                                   "cards: [\"Confusing Aura\"]"),
                                        foe("Foe", 24, 6, 16), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 3}, {12, 10}, {20, 15}, {6, 2}, {6, 5}, {6, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Confusing Aura")) << r.log;
  EXPECT_TRUE(has(r, "Confusing Aura: Hero marks 2 Stress for 3 layers of illusion")) << r.log;
  EXPECT_TRUE(has(r, "Confusing Aura: d6 2, 5, 1: a layer is destroyed and the attack on Hero fails (2 left)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 6) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Confusing Aura");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 2);
  EXPECT_EQ(f.healed, 2);
}

// All the layers' dice 4 or lower: the attack lands (2 HP) and the aura ends.
TEST(DaggerheartGuise, ConfusingAuraEndsWhenNoLayerHolds) {
  const auto enc = encounter_from(fight(pc("Hero", "marked: {stress: 3}, spellcast: knowledge, traits: {knowledge: 2}, "
                                                   "cards: [\"Confusing Aura\"]"),
                                        foe("Foe", 24, 6, 16), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 3}, {12, 10}, {20, 15}, {6, 4}, {6, 1}, {6, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Confusing Aura: d6 4, 1, 3: no layer holds: the attack lands and the aura ends")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 4) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Confusing Aura").healed, 0);
}

// With its Stress all but one marked, one layer: no Stress marked; a failed
// cast (2 + 1 + 2 = 5) keeps the once-a-long-rest use.
TEST(DaggerheartGuise, ConfusingAuraKeepsTheLastStressSlotAndItsUseOnAFailure) {
  const std::string hero = pc("Hero", "marked: {stress: 5}, spellcast: knowledge, traits: {knowledge: 2}, cards: [\"Confusing Aura\"]");
  {
    const auto enc = encounter_from(fight(hero, foe("Foe", 24, 6), 1, ", fear_start: 0, fear_reserve: 1"));
    ScriptedDice dice{{{12, 3}, {12, 10}, {20, 15}, {6, 6}}};
    const Replay r = replay(enc, dice);
    EXPECT_TRUE(has(r, "Confusing Aura: Hero marks 0 Stress for 1 layer of illusion")) << r.log;
    EXPECT_TRUE(has(r, "Hero's Confusing Aura ends: no layer left")) << r.log;
  }
  const auto enc = encounter_from(fight(hero, foe("Foe", 24, 6), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Confusing Aura fails")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Confusing Aura").spent, 0);
}

// ---------------------------------------------------------------------------
// Overwhelming Aura

// Hero (Spellcast Strength 2, Presence 0, a Presence weapon) casts the aura
// (3 + 10 + 2 = 15 against 15) and pays 2 Hope: its Presence is +2. Foe
// attacks it and marks a Stress first. Old code: not modelled.
TEST(DaggerheartGuise, OverwhelmingAuraMakesAnAttackerMarkAStressAndLiftsPresence) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 2, spellcast: strength, traits: {strength: 2, presence: 0}, "
                                                   "cards: [\"Overwhelming Aura\"], "
                                                   "tactics: [{do: \"card:Overwhelming Aura\"}, {do: attack}]",
                                           "{damage: d4, trait: presence}"),
                                        foe("Foe", 24, 6), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 3}, {12, 10}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Overwhelming Aura")) << r.log;
  EXPECT_TRUE(has(r, "Overwhelming Aura: Hero's presence is +2 (its Spellcast trait's value)")) << r.log;
  EXPECT_TRUE(has(r, "Foe attacks Hero through Overwhelming Aura: it marks 1 Stress")) << r.log;
  EXPECT_TRUE(has(r, "Foe marks 1 Stress (1/3)")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Overwhelming Aura");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 2);
  EXPECT_EQ(f.conditions, 1);
}

// ---------------------------------------------------------------------------
// Vanishing Dodge

// Hero fails with Fear; Foe's physical attack misses (3 against Evasion 10)
// and Hero spends a Hope to be Hidden: disadvantage on a Severe hit is worth
// more than the Hope. Its next action roll ends it; Foe's next attack hits.
// Old code: not modelled.
TEST(DaggerheartGuise, VanishingDodgeHidesAfterAMissedPhysicalAttack) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 2, cards: [\"Vanishing Dodge\"]"), foe("Foe", 24, 6, 22), 2,
                                        ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 3}, {12, 1}, {12, 2}, {20, 15}}};
  dice.lenient = true;  // what follows the second attack: not pinned
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Vanishing Dodge: Hidden until its next action roll")) << r.log;
  EXPECT_TRUE(has(r, "Hero makes an action roll: no longer Hidden")) << r.log;
  EXPECT_LT(r.log.find("plays Vanishing Dodge"), r.log.find("no longer Hidden")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Vanishing Dodge");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.conditions, 1);
}

// A magic attack that misses: the card answers physical attacks only.
TEST(DaggerheartGuise, VanishingDodgeIgnoresAMissedMagicAttack) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 2, cards: [\"Vanishing Dodge\"]"), foe("Foe", 24, 6, 22, "magic"), 1,
                                        ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, ": miss")) << r.log;
  EXPECT_FALSE(has(r, "plays Vanishing Dodge")) << r.log;
}

// ---------------------------------------------------------------------------
// Bold Presence

// Hero attacks with a Presence weapon (Presence 0): 5 + 4 = 9 against 12, a
// failure; a Hope adds its Strength (3): 12, a success with Hope. Old code:
// not modelled (the attack fails).
TEST(DaggerheartGuise, BoldPresenceAddsStrengthToAPresenceRoll) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 2, traits: {strength: 3, presence: 0}, cards: [\"Bold Presence\"]",
                                           "{damage: d4, trait: presence}"),
                                        foe("Foe", 12, 6), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 5}, {12, 4}, {4, 2}}};
  dice.lenient = true;  // what follows the hit: not pinned
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Bold Presence: +3, total 12: success with Hope")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Bold Presence").spent, 1);
}

// An Agility roll: no Strength added. Biter's Bite (a Major hit, worth more
// than its 1-damage attack) would make Hero Vulnerable: the card avoids it,
// once; the second Bite's lands. Old code: Hero
// is Vulnerable after the first Bite.
TEST(DaggerheartGuise, BoldPresenceAvoidsAConditionOnceARest) {
  const std::string biter = "  - {name: Biter, difficulty: 24, thresholds: [20, 30], hp: 9, atk: 0, attack: {damage: 1}, "
                            "features: [{name: Bite, kind: action, effect: attack, damage: 16, condition: vulnerable}]}\n";
  const auto enc = encounter_from(fight(pc("Hero", "hope: 2, traits: {strength: 3}, cards: [\"Bold Presence\"]"), biter, 2,
                                        ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 2}, {20, 15}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "plays Bold Presence")) << r.log;
  EXPECT_TRUE(has(r, "Bold Presence: Hero avoids becoming Vulnerable (once a rest)")) << r.log;
  EXPECT_EQ(testing::count(r, "avoids becoming"), 1) << r.log;
  EXPECT_TRUE(has(r, "Hero is Vulnerable")) << r.log;
  EXPECT_LT(r.log.find("avoids becoming"), r.log.find("Hero is Vulnerable")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Bold Presence").conditions, 1);
}

// ---------------------------------------------------------------------------
// The new keys' errors

TEST(DaggerheartGuise, TheGuiseKeysAreChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body, "Arcana", "Spell"); };
  auto says = [&](const std::string& body, const std::string& what) {
    const std::string m = msg(body);
    EXPECT_NE(m.find(what), std::string::npos) << body << " -> " << m;
  };
  EXPECT_EQ(msg("roll: spellcast, difficulty: 14, target: self, layers: 5"), "(no error)");
  says("target: self, layers: 5", "layers (2..6) goes with an action at `target: self` with a spellcast or trait roll");
  says("roll: spellcast, target: enemy, damage: d6, layers: 5", "layers (2..6) goes with");
  says("roll: spellcast, target: self, heal_hp: 1, layers: 5", "layers (2..6) goes with");
  says("roll: spellcast, target: self, layers: 1", "layers (2..6) goes with");
  EXPECT_EQ(msg("roll: spellcast, target: self, hope: 2, attacker_stress: 1, trait_as_spellcast: presence"), "(no error)");
  says("target: enemy, damage: d6, attacker_stress: 1", "attacker_stress goes with an action at `target: self`");
  says("target: self, attacker_stress: 0", "attacker_stress goes with");
  says("when: reaction, trigger: missed, trait_as_spellcast: presence", "trait_as_spellcast goes with an action at `target: self`");
  EXPECT_NE(msg("target: self, trait_as_spellcast: luck"), "(no error)");
  EXPECT_EQ(msg("when: reaction, trigger: missed, target: self, hope: 1, hide: physical"), "(no error)");
  says("when: reaction, trigger: damaged, hope: 1, hide: physical", "hide goes with `trigger: missed`");
  says("when: reaction, trigger: missed, target: self, heal_hp: 1, hide: any", "hide goes with");
  EXPECT_NE(msg("when: reaction, trigger: missed, target: self, hide: fire"), "(no error)");
  EXPECT_EQ(msg("when: reaction, trigger: rolled, hope: 1, add_roll: strength, on_trait: presence, avoid_condition: true"), "(no error)");
  says("target: self, heal_hp: 1, avoid_condition: true", "avoid_condition goes with a reaction");
}

TEST(DaggerheartGuise, TheCardsAreModelled) {
  testing::expect_modelled({"Confusing Aura", "Overwhelming Aura", "Vanishing Dodge", "Bold Presence"});
}

}  // namespace
}  // namespace encsim
