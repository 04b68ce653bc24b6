// Daggerheart's interrupts of an adversary's magic and Nature's Tongue:
// Counterspell and Book of Exota's Repudiate (`counter_magic`, an `attacked`
// reaction: a reaction roll with the Spellcast trait against the attacker's
// Difficulty stops a magic attack; play_defence.hpp) and Nature's Tongue
// (`passive: {spell_hope: 2, scene: natural}`: a Hope for +2 on a Spellcast
// roll in a natural place, by the Experience's Hope policy; play_boons.hpp),
// each on scripted dice, and the keys' errors.
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

// testing::fight, the GM starting with no Fear and keeping one (one adversary
// action a GM turn).
std::string fight(const std::string& party, const std::string& foes, int rounds = 1, const std::string& more = "") {
  return testing::fight(party, foes, rounds, ", fear_start: 0, fear_reserve: 1" + more);
}

// A caster named NAME (level 10: HP 6, Evasion 10, thresholds 15/21, no
// Armor Slots, a d4; Spellcast Knowledge +2) with CARDS.
std::string caster(const std::string& name, const std::string& cards) {
  return "  - {name: " + name + ", level: 10, proficiency: 1, hp: 6, evasion: 10, primary: {damage: d4}, "
         "armor: {thresholds: [5, 11], score: 0}, spellcast: knowledge, traits: {knowledge: 2}, cards: [" + cards + "]}\n";
}

// Foe: Difficulty 14, attack +0 for a flat DAMAGE of TYPE.
std::string foe(int damage, const std::string& type = "magic") {
  return "  - {name: Foe, difficulty: 14, thresholds: [10, 20], hp: 6, stress: 3, atk: 0, attack: {damage: " +
         std::to_string(damage) + ", type: " + type + "}}\n";
}

// ---------------------------------------------------------------------------
// Counterspell

// Hero's weapon attack fails with Fear (1 + 2 against 14); Foe's magic
// attack hits (15 against Evasion 10) for 16, a Major hit: 2 HP, worth the
// card. The reaction roll 5 + 7 + 2 = 14 meets Foe's Difficulty 14: the
// attack stops, no HP marked, and the card's one use is spent. Old code:
// not modelled (the hit marks 2 HP).
TEST(DaggerheartCounter, CounterspellStopsAMagicHit) {
  const auto enc = encounter_from(fight(caster("Hero", "Counterspell"), foe(16)));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 5}, {12, 7}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Counterspell against Foe's magic on Hero: reaction roll 14 (Spellcast) vs 14: "
                     "success: the attack stops")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 6) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Counterspell");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.conditions, 1);
}

// Matching dice succeed whatever the total (2 + 2 + 2 = 6 against 14).
TEST(DaggerheartCounter, CounterspellsMatchingDiceSucceed) {
  const auto enc = encounter_from(fight(caster("Hero", "Counterspell"), foe(16)));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 2}, {12, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "reaction roll 6 (Spellcast) vs 14: success: the attack stops")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 6) << r.log;
}

// A failed reaction roll (3 + 5 + 2 = 10): the hit lands (2 HP) and the card
// is kept: the next round's magic hit is stopped by a second roll. Once
// stopped, the card is in the vault: the third round's hit lands, no roll.
TEST(DaggerheartCounter, CounterspellKeepsItsUseOnAFailureAndIsVaultedOnASuccess) {
  const auto enc = encounter_from(fight(caster("Hero", "Counterspell"), foe(16), 3));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 3}, {12, 5},    // round 1: the roll fails
                     {12, 1}, {12, 2}, {20, 15}, {12, 6}, {12, 8},    // round 2: it succeeds
                     {12, 1}, {12, 2}, {20, 15}}};                    // round 3: no card left
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "reaction roll 10 (Spellcast) vs 14: failure")) << r.log;
  EXPECT_TRUE(has(r, "reaction roll 16 (Spellcast) vs 14: success: the attack stops")) << r.log;
  EXPECT_EQ(testing::count(r, "plays Counterspell"), 2) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 2) << r.log;  // rounds 1 and 3: 2 HP each
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Counterspell");
  EXPECT_EQ(f.uses, 2);
  EXPECT_EQ(f.conditions, 1);
}

// The policy: Hero has 2 HP left. Round 1: a Minor magic hit (6: 1 HP, not
// taking Hero down) is not worth the card's one use: no roll, 1 HP marked.
// Round 2: the same hit would take Hero down: the card is played and stops
// it. A physical hit (16, Major) is no magical effect: never countered.
TEST(DaggerheartCounter, CounterspellWaitsForAHitWorthItAndIgnoresPhysicalHits) {
  const std::string hero = "  - {name: Hero, level: 10, proficiency: 1, hp: 6, evasion: 10, primary: {damage: d4}, "
                           "armor: {thresholds: [5, 11], score: 0}, spellcast: knowledge, traits: {knowledge: 2}, "
                           "marked: {hp: 4}, cards: [Counterspell]}\n";
  {
    const auto enc = encounter_from(fight(hero, foe(6), 2));
    ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15},                       // round 1: declined
                       {12, 1}, {12, 2}, {20, 15}, {12, 5}, {12, 7}}};   // round 2: played
    const Replay r = replay(enc, dice);
    EXPECT_EQ(testing::count(r, "plays Counterspell"), 1) << r.log;
    EXPECT_TRUE(has(r, "Hero plays Counterspell against Foe's magic on Hero: reaction roll 14 (Spellcast) vs 14: success")) << r.log;
    EXPECT_LT(r.log.find("marks 1 HP"), r.log.find("plays Counterspell")) << r.log;
    EXPECT_EQ(r.rec.combatants[0].hp_left, 1) << r.log;
  }
  const auto enc = encounter_from(fight(caster("Hero", "Counterspell"), foe(16, "physical")));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "plays Counterspell")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 4) << r.log;
}

// A stopped attack is over, with nothing that would follow it: Hero's Rapid
// Riposte (a `missed` reaction: strike back at a melee attacker whose attack
// fails) does not answer the attack Counterspell stopped. Old code: the miss
// reactions ran on the stopped attack, Rapid Riposte struck back (a d4 the
// script does not hold).
TEST(DaggerheartCounter, AStoppedAttackSetsOffNoMissReaction) {
  const auto enc = encounter_from(fight(caster("Hero", "Counterspell, Rapid Riposte"), foe(16)));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 5}, {12, 7}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "success: the attack stops")) << r.log;
  EXPECT_EQ(r.log.find("Rapid Riposte"), std::string::npos) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 6) << r.log;
}

// `target: party`: Hero counters Foe's magic on its ally Friend (no card;
// 2 HP left, so the GM's value rule aims at it and the hit would drop it).
// Friend acts first (the tactics stream's answer); its attack fails with Fear.
TEST(DaggerheartCounter, CounterspellProtectsAnAlly) {
  const std::string friend_pc = "  - {name: Friend, level: 10, proficiency: 1, hp: 6, evasion: 10, primary: {damage: d4}, "
                                "armor: {thresholds: [5, 11], score: 0}, marked: {hp: 4}}\n";
  const std::string party = friend_pc + caster("Hero", "Counterspell");
  const auto enc = encounter_from(fight(party, foe(16)));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 5}, {12, 7}}};
  dice.lenient = true;  // what follows the stopped attack: not pinned
  const Replay r = replay(enc, dice, testing::hero_first());
  EXPECT_TRUE(has(r, "Hero plays Counterspell against Foe's magic on Friend")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 2) << r.log;
}

// An area attack (Blast, at every PC in Close range, one d20 for all): it
// reaches Hero first and hits; Hero counters it, and the whole effect stops:
// Friend, the next target, is not attacked at all (one attack roll line).
// Old code: both mark 2 HP.
TEST(DaggerheartCounter, CounterspellStopsAnAreaAttackForEveryTarget) {
  const std::string blaster = "  - {name: Foe, difficulty: 14, thresholds: [10, 20], hp: 6, stress: 3, atk: 0, "
                              "attack: {damage: 1, type: magic}, features: [{name: Blast, kind: action, effect: attack, "
                              "targets: close, damage: 16, type: magic}]}\n";
  const std::string party = caster("Friend", "") + caster("Hero", "Counterspell");
  const auto enc = encounter_from(fight(party, blaster));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 5}, {12, 7}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice, testing::hero_first());
  EXPECT_TRUE(has(r, "Foe uses Blast")) << r.log;
  EXPECT_TRUE(has(r, "Hero plays Counterspell against Foe's magic on")) << r.log;
  EXPECT_EQ(testing::count(r, "vs Evasion 10 of"), 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 6) << r.log;
  EXPECT_EQ(r.rec.combatants[1].hp_left, 6) << r.log;
}

// ---------------------------------------------------------------------------
// Book of Exota: Repudiate

// As Counterspell: a failure keeps the use (the limit is one success a
// rest), the second roll stops the attack. Old code: not modelled.
TEST(DaggerheartCounter, RepudiateStopsAMagicHitOnceARest) {
  const auto enc = encounter_from(fight(caster("Hero", "Book of Exota"), foe(16), 3));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 3}, {12, 5},
                     {12, 1}, {12, 2}, {20, 15}, {12, 6}, {12, 8},
                     {12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Book of Exota against Foe's magic on Hero: reaction roll 10 (Spellcast) vs 14: failure")) << r.log;
  EXPECT_TRUE(has(r, "Hero plays Book of Exota against Foe's magic on Hero: reaction roll 16 (Spellcast) vs 14: success")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 2) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Book of Exota").conditions, 1);
}

// ---------------------------------------------------------------------------
// Nature's Tongue

// Sage (level 8, Spellcast Instinct +1, 2 Hope) casts Vicious Entangle at
// Foe (Difficulty 10, never hits) by tactics; NATURAL says whether the fight
// is in a natural place; MIN is experience_min_hope.
std::string sage_fight(bool natural, int min) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: " + std::to_string(min) + ", help_min_hope: 7, "
         "hard_moves: false, hope_features: false, class_features: false" + (natural ? ", natural_place: true" : "") + "}\n"
         "party:\n  - {name: Sage, level: 8, proficiency: 1, hp: 6, stress: 6, evasion: 10, spellcast: instinct, "
         "traits: {instinct: 1}, primary: {damage: d4}, armor: {thresholds: [5, 10], score: 0}, "
         "cards: [\"Nature's Tongue\", Vicious Entangle], tactics: [{do: \"card:Vicious Entangle\"}]}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: -20, attack: {damage: 1}}\n";
}

// In a natural place, holding the policy's 2 Hope: a Hope for +2, and 4 + 3
// + 1 + 2 = 10 meets 10 (without it, 8 would fail). Old code: not modelled.
TEST(DaggerheartCounter, NaturesTongueAddsTwoToASpellcastRollForAHope) {
  const auto enc = encounter_from(sage_fight(true, 2));
  ScriptedDice dice{{{12, 4}, {12, 3}, {8, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Sage spends a Hope on Nature's Tongue (+2 to the Spellcast roll)")) << r.log;
  EXPECT_TRUE(has(r, "Sage rolls Hope 4, Fear 3 +3 = 10 vs 10: success with Hope")) << r.log;
  EXPECT_TRUE(has(r, "Foe is Restrained")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Nature's Tongue");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
}

// The Hope policy declines (2 Hope, experience_min_hope 4): no Hope spent.
// Out of a natural place the card is off: no Hope spent, check says so.
TEST(DaggerheartCounter, NaturesTongueFollowsTheHopePolicyAndTheSurroundings) {
  for (const bool natural : {true, false}) {
    const auto enc = encounter_from(sage_fight(natural, natural ? 4 : 2));
    ScriptedDice dice{{{12, 4}, {12, 3}}};
    dice.lenient = true;
    const Replay r = replay(enc, dice);
    EXPECT_FALSE(has(r, "on Nature's Tongue")) << r.log;
    EXPECT_TRUE(has(r, "Sage rolls Hope 4, Fear 3 +1 = 8 vs 10: failure with Hope")) << r.log;
  }
  const std::string text = encounter_from(sage_fight(false, 2)).describe();
  EXPECT_NE(text.find("OFF HERE: its passive needs a natural place"), std::string::npos) << text;
  EXPECT_EQ(encounter_from(sage_fight(true, 2)).describe().find("OFF HERE"), std::string::npos);
}

// ---------------------------------------------------------------------------
// The keys' errors

TEST(DaggerheartCounter, TheKeysAreChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body, "Arcana", "Spell"); };
  auto says = [&](const std::string& body, const std::string& what) {
    const std::string m = msg(body);
    EXPECT_NE(m.find(what), std::string::npos) << body << " -> " << m;
  };
  EXPECT_EQ(msg("when: reaction, trigger: attacked, target: party, uses: 1, counter_magic: true"), "(no error)");
  says("when: reaction, trigger: damaged, counter_magic: true", "counter_magic goes with `trigger: attacked`");
  says("when: reaction, trigger: attacked, hope: 1, counter_magic: true", "counter_magic goes with");
  says("when: reaction, trigger: attacked, hit_if: melee, counter_magic: true", "counter_magic goes with");
  says("when: reaction, trigger: attacked, target: self, fail_attack: true, counter_magic: true", "one of them");
  EXPECT_EQ(msg("when: passive, passive: {spell_hope: 2, scene: natural}"), "(no error)");
  EXPECT_NE(msg("when: passive, passive: {spell_hope: 9}"), "(no error)");
  const std::string none = testing::message_of([] {
    encounter_from("ruleset: daggerheart\nparty:\n  - {name: Hero, level: 4, primary: {damage: d4}, cards: [Counterspell]}\n"
                   "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 1}}\n");
  });
  EXPECT_NE(none.find("has no Spellcast trait"), std::string::npos) << none;
}

TEST(DaggerheartCounter, TheCardsAreModelled) {
  testing::expect_modelled({"Counterspell", "Book of Exota", "Nature's Tongue"});
}

// Bolt Beacon pays its Hope only on a success. Sage holds 1 Hope and the
// policy spends at 1: the Hope the card will owe is set aside, so Nature's
// Tongue is not played, and the success with Fear (5 + 6 + 1 = 12 against 10)
// pays the card's Hope: 0 left. Old code: Nature's Tongue took the Hope first
// and the card's cost then left Sage at -1 Hope.
TEST(DaggerheartCounter, NaturesTongueLeavesTheHopeASpellOwesOnASuccess) {
  std::string y = sage_fight(true, 1);
  const std::string from = "cards: [\"Nature's Tongue\", Vicious Entangle], tactics: [{do: \"card:Vicious Entangle\"}]";
  ASSERT_NE(y.find(from), std::string::npos);
  y.replace(y.find(from), from.size(), "hope: 1, cards: [\"Nature's Tongue\", Bolt Beacon], tactics: [{do: \"card:Bolt Beacon\"}]");
  const auto enc = encounter_from(y);
  ScriptedDice dice{{{12, 5}, {12, 6}, {8, 3}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Bolt Beacon succeeds: its costs are paid")) << r.log;
  EXPECT_EQ(r.log.find("spends a Hope on Nature's Tongue"), std::string::npos) << r.log;
  EXPECT_EQ(r.log.find("Hope -"), std::string::npos) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Nature's Tongue").uses, 0);
}

}  // namespace
}  // namespace encsim
