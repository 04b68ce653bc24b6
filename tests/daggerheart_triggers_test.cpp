// Daggerheart card triggers beyond `damaged` and `hit`: a critical attack
// (crit, and on_kill), the PC's own attack that succeeded (after_hit), an
// adversary's attack that missed the PC (missed), and the loadout condition
// (needs_domain). Each fires in one scripted state and stays quiet in another.
#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <utility>

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

const std::string kOptions =
    "ruleset: daggerheart\nmax_rounds: 1\n"
    "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false}\n";

// One level-10 PC (no class: any domain) with a d4 weapon, 6 HP, 6 Stress,
// thresholds 5/10, against one foe of Difficulty 10 with 6 HP. PC and FOE
// are extra map keys.
std::string duel(const std::string& pc, const std::string& foe = "hp: 6, attack: {damage: 1}") {
  return kOptions +
         "party:\n  - {name: Hero, level: 10, proficiency: 1, spellcast: knowledge, traits: {knowledge: 2}, "
         "hp: 6, stress: 6, armor: {thresholds: [5, 10], score: 0}, primary: {damage: d4}, " +
         pc + "}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], stress: 3, atk: 0, " + foe + "}\n";
}

// The duel with a second PC, Friend (Evasion 40: the foe cannot hit it),
// who carries FRIEND's marks and takes the spotlight first: its dice lead
// every script (kFriendHits: a success with Hope, 1 damage).
std::string trio(const std::string& pc, const std::string& friend_marks) {
  return kOptions +
         "party:\n  - {name: Hero, level: 10, proficiency: 1, traits: {agility: 0}, hp: 6, stress: 6, "
         "armor: {thresholds: [5, 10], score: 0}, primary: {damage: d4}, " + pc +
         "}\n  - {name: Friend, hp: 6, stress: 6, evasion: 40, armor: {thresholds: [5, 10], score: 0}, "
         "primary: {damage: d4}, marked: " + friend_marks +
         "}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 1}}\n";
}

ScriptedDice after_friend(std::deque<std::pair<int, int>> hero) {
  hero.insert(hero.begin(), {{12, 9}, {12, 3}, {4, 1}});
  return ScriptedDice{hero};
}

int hp_left(const Replay& r, int k) { return static_cast<int>(r.rec.combatants[static_cast<std::size_t>(k)].hp_left); }

// ---------------------------------------------------------------------------
// crit: the PC's own critical attack

TEST(DaggerheartTriggers, RousingStrikeClearsAnHpOnACriticalOnly) {
  const auto enc = encounter_from(duel("marked: {hp: 2}, cards: [Rousing Strike]"));
  // A critical (5 and 5): d4 1 + 4 = 5, Major on the foe; then the card
  // clears one of the Hero's 2 HP (an HP is worth 1, d4 Stress on no Stress nothing).
  ScriptedDice crit{{{12, 5}, {12, 5}, {4, 1}}};
  const Replay r = replay(enc, crit);
  EXPECT_TRUE(has(r, "Hero plays Rousing Strike")) << r.log;
  EXPECT_EQ(hp_left(r, 0), 5) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Rousing Strike").uses, 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Rousing Strike").healed, 1);
  // A success with Hope that is no critical: the card waits.
  ScriptedDice hope{{{12, 9}, {12, 3}, {4, 1}}};
  const Replay r2 = replay(enc, hope);
  EXPECT_FALSE(has(r2, "Rousing Strike")) << r2.log;
  EXPECT_EQ(hp_left(r2, 0), 4);
}

TEST(DaggerheartTriggers, RousingStrikeWaitsForACriticalWorthAnHp) {
  // Once a fight: with nothing marked on anyone it is not spent.
  const auto enc = encounter_from(duel("cards: [Rousing Strike]"));
  ScriptedDice crit{{{12, 5}, {12, 5}, {4, 1}}};
  const Replay r = replay(enc, crit);
  EXPECT_FALSE(has(r, "Rousing Strike")) << r.log;
}

TEST(DaggerheartTriggers, RousingStrikeClearsStressWhereStressIsWorthMore) {
  // 4 Stress and no HP marked: d4 Stress (3 here) is the option worth more.
  const auto enc = encounter_from(duel("marked: {stress: 4}, cards: [Rousing Strike]"));
  ScriptedDice crit{{{12, 5}, {12, 5}, {4, 1}, {4, 3}}};
  const Replay r = replay(enc, crit);
  EXPECT_TRUE(has(r, "Rousing Strike clears 3 Stress on Hero")) << r.log;
}

TEST(DaggerheartTriggers, CriticalInspirationReachesTheAlliesNotThePc) {
  const auto enc = encounter_from(trio("marked: {stress: 2}, cards: [Critical Inspiration]", "{stress: 2}"));
  // The Hero's critical; the Friend clears a Stress (worth more than a Hope,
  // and all the card can give one ally), the Hero nothing from the card.
  ScriptedDice crit = after_friend({{12, 5}, {12, 5}, {4, 1}});
  const Replay r = replay(enc, crit);
  EXPECT_TRUE(has(r, "Critical Inspiration clears 1 Stress on Friend")) << r.log;
  EXPECT_FALSE(has(r, "Critical Inspiration clears 1 Stress on Hero")) << r.log;
  // The Friend with no Stress: a Hope is worth less than a Stress, so the card waits.
  const auto calm = encounter_from(trio("marked: {stress: 2}, cards: [Critical Inspiration]", "{stress: 0}"));
  ScriptedDice crit2 = after_friend({{12, 5}, {12, 5}, {4, 1}});
  const Replay r2 = replay(calm, crit2);
  EXPECT_FALSE(has(r2, "Critical Inspiration")) << r2.log;
}

TEST(DaggerheartTriggers, GoreAndGloryFiresOnAWeaponCriticalAndOnAKill) {
  // A kill with no critical: the foe has 1 HP; the Hero's 2 Stress: one cleared.
  const auto kill = encounter_from(duel("marked: {stress: 2}, cards: [Gore and Glory]", "hp: 1, attack: {damage: 1}"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 1}}};
  const Replay r = replay(kill, dice);
  EXPECT_TRUE(has(r, "Gore and Glory clears 1 Stress on Hero")) << r.log;
  EXPECT_EQ(testing::feature(kill.features(), r.rec, 0, "Gore and Glory").uses, 1);
  // A hit that neither kills nor is critical: nothing.
  const auto hit = encounter_from(duel("marked: {stress: 2}, cards: [Gore and Glory]"));
  ScriptedDice dice2{{{12, 9}, {12, 3}, {4, 1}}};
  const Replay r2 = replay(hit, dice2);
  EXPECT_FALSE(has(r2, "Gore and Glory")) << r2.log;
  // A critical that does not kill: one more Stress cleared (the critical's own clears one first).
  ScriptedDice dice3{{{12, 5}, {12, 5}, {4, 1}}};
  const Replay r3 = replay(hit, dice3);
  EXPECT_TRUE(has(r3, "Gore and Glory clears 1 Stress on Hero")) << r3.log;
}

// ---------------------------------------------------------------------------
// after_hit: the PC's own attack succeeded

TEST(DaggerheartTriggers, SecondWindClearsAnHpAfterASuccessfulAttackOnly) {
  const auto enc = encounter_from(duel("marked: {hp: 1}, cards: [Second Wind]"));
  // 9 + 3 = 12 vs 10, with Hope: d4 2 = Minor; Second Wind clears the HP.
  ScriptedDice hit{{{12, 9}, {12, 3}, {4, 2}}};
  const Replay r = replay(enc, hit);
  EXPECT_TRUE(has(r, "Second Wind clears 1 HP on Hero")) << r.log;
  EXPECT_EQ(hp_left(r, 0), 6);
  // 2 + 5 = 7 vs 10, a failure with Fear; the foe's natural 1 misses: no card.
  ScriptedDice miss{{{12, 2}, {12, 5}, {20, 1}}};
  const Replay r2 = replay(enc, miss);
  EXPECT_FALSE(has(r2, "Second Wind")) << r2.log;
  EXPECT_EQ(hp_left(r2, 0), 5);
}

TEST(DaggerheartTriggers, SecondWindReachesTheHurtAllyOnASuccessWithHopeOnly) {
  const auto enc = encounter_from(trio("marked: {stress: 3}, cards: [Second Wind]", "{hp: 2}"));
  ScriptedDice hope = after_friend({{12, 9}, {12, 3}, {4, 2}});
  const Replay r = replay(enc, hope);
  EXPECT_TRUE(has(r, "Second Wind clears 3 Stress on Hero")) << r.log;
  EXPECT_TRUE(has(r, "Second Wind clears 1 HP on Friend")) << r.log;
  // With Fear (3 and 9): only the Hero; the foe's turn follows (its natural 1 misses).
  ScriptedDice fear = after_friend({{12, 3}, {12, 9}, {4, 2}, {20, 1}});
  const Replay r2 = replay(enc, fear);
  EXPECT_TRUE(has(r2, "Second Wind clears 3 Stress on Hero")) << r2.log;
  EXPECT_FALSE(has(r2, "on Friend")) << r2.log;
}

TEST(DaggerheartTriggers, HealingStrikeSpendsTwoHopeOnAHurtAlly) {
  const auto enc = encounter_from(trio("hope: 4, cards: [Healing Strike]", "{hp: 2}"));
  ScriptedDice hit = after_friend({{12, 9}, {12, 3}, {4, 2}});
  const Replay r = replay(enc, hit);
  EXPECT_TRUE(has(r, "Healing Strike clears 1 HP on Friend")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 2);
  // No one hurt: the Hope is kept.
  const auto whole = encounter_from(trio("hope: 4, cards: [Healing Strike]", "{stress: 0}"));
  ScriptedDice hit2 = after_friend({{12, 9}, {12, 3}, {4, 2}});
  const Replay r2 = replay(whole, hit2);
  EXPECT_FALSE(has(r2, "Healing Strike")) << r2.log;
  EXPECT_EQ(r2.rec.resources[dh::kHopeSpentCards], 0);
}

// ---------------------------------------------------------------------------
// missed: an adversary's attack on the PC failed

TEST(DaggerheartTriggers, SwiftStepClearsAStressOrGivesAHopeWhenAnAttackMisses) {
  // The Hero fails with Fear (2 + 5); the foe's natural 1 misses Evasion.
  const auto stressed = encounter_from(duel("marked: {stress: 1}, cards: [Swift Step]"));
  ScriptedDice miss{{{12, 2}, {12, 5}, {20, 1}}};
  const Replay r = replay(stressed, miss);
  EXPECT_TRUE(has(r, "Swift Step clears 1 Stress on Hero")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 0);
  // No Stress marked: a Hope instead.
  const auto calm = encounter_from(duel("cards: [Swift Step]"));
  ScriptedDice miss2{{{12, 2}, {12, 5}, {20, 1}}};
  const Replay r2 = replay(calm, miss2);
  EXPECT_TRUE(has(r2, "Hero plays Swift Step")) << r2.log;
  EXPECT_EQ(r2.rec.resources[dh::kHopeGained], 1) << r2.log;
  // The foe's 20 hits: no card.
  ScriptedDice hit{{{12, 2}, {12, 5}, {20, 20}}};
  const Replay r3 = replay(stressed, hit);
  EXPECT_FALSE(has(r3, "Swift Step")) << r3.log;
}

TEST(DaggerheartTriggers, RapidRiposteStrikesBackAtAMeleeAttackerThatMisses) {
  const auto enc = encounter_from(duel("cards: [Rapid Riposte]", "hp: 6, attack: {damage: 1}"));
  // The foe misses; a Stress buys the d4 weapon damage: 4 -> Minor, 1 HP on the foe.
  ScriptedDice miss{{{12, 2}, {12, 5}, {20, 1}, {4, 4}}};
  const Replay r = replay(enc, miss);
  EXPECT_TRUE(has(r, "Hero plays Rapid Riposte")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Rapid Riposte").damage, 1);
  // A foe that fights from Far range: no riposte.
  const auto far = encounter_from(duel("cards: [Rapid Riposte]", "hp: 6, attack: {damage: 1, range: far}"));
  ScriptedDice miss2{{{12, 2}, {12, 5}, {20, 1}}};
  const Replay r2 = replay(far, miss2);
  EXPECT_FALSE(has(r2, "Rapid Riposte")) << r2.log;
}

// ---------------------------------------------------------------------------
// needs_domain: a loadout condition

TEST(DaggerheartTriggers, BladeTouchedNeedsFourBladeCardsInTheLoadout) {
  // The card counts itself: it and three more Blade cards.
  const auto four = encounter_from(duel("cards: [Blade-Touched, Get Back Up, Not Good Enough, Whirlwind]"));
  const auto three = encounter_from(duel("cards: [Blade-Touched, Get Back Up, Not Good Enough, Bolt Beacon]"));
  const auto none = encounter_from(duel("cards: [Get Back Up]"));
  EXPECT_EQ(four.pcs[0].primary.attack_bonus, none.pcs[0].primary.attack_bonus + 2);
  EXPECT_EQ(four.pcs[0].severe, none.pcs[0].severe + 4);
  EXPECT_EQ(three.pcs[0].primary.attack_bonus, none.pcs[0].primary.attack_bonus);
  EXPECT_EQ(three.pcs[0].severe, none.pcs[0].severe);
  const std::string text = three.describe();
  EXPECT_NE(text.find("Blade-Touched (") , std::string::npos) << text;
  EXPECT_NE(text.find("INERT: the loadout holds 3 Blade cards of the 4 it needs"), std::string::npos) << text;
  EXPECT_EQ(four.describe().find("INERT"), std::string::npos);
}

// ---------------------------------------------------------------------------
// The vocabulary's checks

TEST(DaggerheartTriggers, TheNewKeysAreCheckedWithLineAndColumn) {
  auto msg = [](const std::string& body) { return testing::card_error(body); };
  EXPECT_NE(msg("when: reaction, trigger: crit, damage: d6").find("crit, after_hit or missed"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: crit, target: self, strike_back: true").find("strike_back goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: missed, target: self, gain_hope: 1, on_kill: true").find("on_kill goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: missed, target: self, gain_hope: 1, either: true").find("`either` needs two"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d4, hit_if: hope").find("hit_if is any, melee, magic, fear, near or weapon"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: misssed, target: self, gain_hope: 1").find("missed"), std::string::npos);
  EXPECT_NE(msg("combat: not_modelled, needs_domain: 4").find("not modelled"), std::string::npos);
  const std::string feature =
      "features:\n  - {name: X, ancestry: Elf, summary: s, when: passive, needs_domain: 4, passive: {hp: 1}}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_feature_library("f.yaml", feature); }).find("loadout condition"),
            std::string::npos);
}

}  // namespace
}  // namespace encsim
