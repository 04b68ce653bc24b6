// Daggerheart reactions around an adversary's attack on a PC (`trigger:
// attacked`, play_defence.hpp): raising Evasion against the attack (Wings,
// Natural Evasion), making the attacker reroll (Danger Sense) and giving its
// attacks disadvantage (Sturdy), each on
// scripted dice where it fires and where the policy keeps it.
#include <gtest/gtest.h>

#include <string>

#include "daggerheart_replay.hpp"
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

// PC (HERO's body) against one foe with atk +0 and the damage FOE_DAMAGE, in
// one round, with no class Hope feature, Experience, help or Tag Team;
// thresholds 1/2 plus the level (1 unless HERO says). ALLY: a second PC's body, if any.
std::string duel(const std::string& hero, const std::string& foe_damage, const std::string& ally = "") {
  const std::string level = hero.find("level:") == std::string::npos ? "level: 1, " : "";
  std::string y = "ruleset: daggerheart\nmax_rounds: 1\n"
                  "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false}\n";
  y += "party:\n  - {name: Hero, " + level + "armor: {thresholds: [1, 2], score: 0}, primary: {damage: d4}, " + hero + "}\n";
  if (!ally.empty()) y += "  - {name: Pal, level: 1, armor: {thresholds: [1, 2], score: 0}, primary: {damage: d4}, " + ally + "}\n";
  return y + "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: " +
         foe_damage + "}}\n";
}

// Wings: an attack that hits Evasion exactly (a Severe hit, 3 HP) misses for a
// Stress and +2; one that beats Evasion by 2 would still hit, so the Stress is kept.
TEST(DaggerheartDefence, WingsRaiseEvasionOnlyWhenThatMakesTheHitAMiss) {
  const auto enc = encounter_from(duel("ancestry: Faerie", "4"));
  const int ev = enc.pcs.at(0).evasion;
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, ev}}};  // the PC fails with Fear; the foe's d20 meets Evasion
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Wings: +2 Evasion")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, ev + 2}}};
  const Replay k = replay(enc, dice2);
  EXPECT_FALSE(has(k, "plays Wings")) << k.log;
  EXPECT_EQ(k.rec.combatants[0].damage_taken, 3) << k.log;
  EXPECT_EQ(k.rec.combatants[0].extra[dh::kExtraStressMarked], 0);
}

// Natural Evasion: a hit by 2 takes a Stress for a d6: 3 makes it a miss, 1
// does not (the Stress is spent all the same); a hit by 6 is past any d6.
TEST(DaggerheartDefence, NaturalEvasionRollsADieWhenItCanTurnTheHit) {
  const std::string sorcerer = "class: sorcerer, subclass: Elemental Origin, level: 5, cards: [], "
                               "advancements: {2: [hp, stress], 3: [hp, stress], 4: [evasion, domain_card], 5: [hp, subclass]}";
  const auto enc = encounter_from(duel(sorcerer, "12"));
  const int ev = enc.pcs.at(0).evasion;
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, ev + 2}, {6, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Natural Evasion: +3 Evasion")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, ev + 2}, {6, 1}}};
  const Replay f = replay(enc, dice2);
  EXPECT_GT(f.rec.combatants[0].damage_taken, 0) << f.log;
  EXPECT_EQ(f.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  ScriptedDice dice3{{{12, 1}, {12, 2}, {20, ev + 6}}};
  const Replay k = replay(enc, dice3);
  EXPECT_FALSE(has(k, "plays Natural Evasion")) << k.log;
  EXPECT_EQ(k.rec.combatants[0].extra[dh::kExtraStressMarked], 0);
}

// Danger Sense: a hit that would mark 3 HP is rolled again (a 3: a miss); a
// Minor hit (1 HP) is not worth its one use a rest.
TEST(DaggerheartDefence, DangerSenseMakesTheAttackerRerollAHeavyHit) {
  const auto enc = encounter_from(duel("ancestry: Goblin", "4"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Danger Sense: the attack is rolled again: d20 3")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  const auto light = encounter_from(duel("ancestry: Goblin", "1"));
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay k = replay(light, dice2);
  EXPECT_FALSE(has(k, "Danger Sense")) << k.log;
  EXPECT_EQ(k.rec.combatants[0].damage_taken, 1) << k.log;
}

// Sturdy: at one HP left the foe rolls two d20s and keeps the lower (15 and
// 3: a miss); with two HP left the first d20 stands (15: a hit); a Vulnerable
// orc at one HP left: advantage and disadvantage cancel (15 stands and hits).
TEST(DaggerheartDefence, SturdyGivesAttacksDisadvantageAtOneHpLeft) {
  const auto last = encounter_from(duel("ancestry: Orc, hp: 6, marked: {hp: 5}", "1"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {20, 3}}};
  const Replay r = replay(last, dice);
  EXPECT_TRUE(has(r, "d20 3 (disadvantage)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  const auto two = encounter_from(duel("ancestry: Orc, hp: 6, marked: {hp: 4}", "1"));
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay k = replay(two, dice2);
  EXPECT_FALSE(has(k, "disadvantage")) << k.log;
  EXPECT_EQ(k.rec.combatants[0].damage_taken, 1) << k.log;
  const auto both = encounter_from(duel("ancestry: Orc, hp: 6, marked: {hp: 5, stress: 6}", "1"));
  ScriptedDice dice3{{{12, 1}, {12, 2}, {20, 15}}, true};  // the hit takes the last HP: the death move's dice are 1s
  const Replay c = replay(both, dice3);
  EXPECT_TRUE(has(c, "d20 15 +0")) << c.log;
  EXPECT_EQ(c.rec.combatants[0].damage_taken, 1) << c.log;
}

// An `attacked` reaction takes evade or reroll_attack (one), and only with that trigger.
TEST(DaggerheartDefence, AttackedReactionsAreCheckedInTheLibrary) {
  const std::string both =
      "features:\n  - {name: X, ancestry: Orc, when: reaction, trigger: attacked, target: self, evade: 2, reroll_attack: true, summary: s}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_feature_library("f.yaml", both); }).find("one of them"), std::string::npos);
  const std::string stray = "features:\n  - {name: X, ancestry: Orc, when: reaction, trigger: damaged, reduce: 2, evade: 2, summary: s}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_feature_library("f.yaml", stray); }).find("go with `trigger: attacked`"),
            std::string::npos);
  EXPECT_EQ(testing::where_of([&] { dh::read_feature_library("f.yaml", stray); }).first, 2);
  const std::string foe = "features:\n  - {name: X, ancestry: Orc, when: reaction, trigger: attacked, evade: 2, summary: s}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_feature_library("f.yaml", foe); }).find("`target: self`"), std::string::npos);
}

}  // namespace
}  // namespace encsim
