// Daggerheart's links between PCs (play_link.hpp): Transcendent Union
// (`link: stress_hp`, every standing PC) and Book of Vyola's Shared Clarity
// (`link: stress`, `link_pcs: 2`), each on scripted dice where the link moves
// a mark, where it does not, where the policy does not cast it, across a
// session's fights, and the keys' errors.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>

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
namespace dh = daggerheart;

// A PC named NAME (level 10: HP 6, Stress 6, Evasion 10, thresholds 15/21, no armor, a d4) with BODY.
std::string pc(const std::string& name, const std::string& body) {
  return "  - {name: " + name + ", level: 10, proficiency: 1, hp: 6, evasion: 10, primary: {damage: d4}, "
         "armor: {thresholds: [5, 11], score: 0}" + (body.empty() ? "" : ", " + body) + "}\n";
}

// A foe of Difficulty 24 (the PCs' d4 rarely beats it) whose standard attack deals DAMAGE at the PC with the fewest HP left.
std::string foe(int damage, const std::string& more = "") {
  return "  - {name: Foe, difficulty: 24, thresholds: [10, 20], hp: 6, stress: 3, atk: 0, attack: {damage: " +
         std::to_string(damage) + "}, tactics: [{do: attack, target: lowest_hp}]" + more + "}\n";
}

// ---------------------------------------------------------------------------
// Transcendent Union

// Hero (5 Hope) casts the union on its spotlight: Ally stands 1 HP from down
// with no Stress slot free while Hero is whole (2 HP and 2 Stress it can bear
// for Ally: worth 4 less the 5 Hope's 2.5, above the weapon against 24).
// Foe's Major hit on Ally (16 against 15/21: 2 HP) would take it down: Hero,
// with 6 left, marks them instead. Old code: not modelled (Ally goes down).
TEST(DaggerheartLink, UnionPassesAHitsHpToTheLinkedPcWithTheMostLeft) {
  const auto enc = encounter_from(fight(pc("Ally", "marked: {hp: 5, stress: 6}") +
                                            pc("Hero", "hope: 5, cards: [\"Transcendent Union\"]"),
                                        foe(16), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 3}, {12, 5}, {20, 15}, {20, 3}}};  // Ally (Vulnerable: all its Stress marked) is attacked with advantage
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Transcendent Union")) << r.log;
  EXPECT_TRUE(has(r, "Transcendent Union links Ally, Hero")) << r.log;
  EXPECT_TRUE(has(r, "16 damage to Ally (thresholds 15/21): 2 HP to mark, passed by a link")) << r.log;
  EXPECT_TRUE(has(r, "Transcendent Union: Hero marks the 2 HP Ally would mark")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[1].hp_left, 4) << r.log;
  EXPECT_FALSE(r.rec.combatants[0].down) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 1, "Transcendent Union");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 5);
  EXPECT_EQ(f.healed, 2);
}

// The same party, whole: nothing to bear for another, so Hero keeps its 5
// Hope and attacks. Old code: the card is not modelled at all.
TEST(DaggerheartLink, UnionIsNotCastOnAPartyEvenlyWell) {
  testing::expect_modelled({"Transcendent Union", "Book of Vyola"});
  const auto enc = encounter_from(fight(pc("Ally", "") + pc("Hero", "hope: 5, cards: [\"Transcendent Union\"]"), foe(16), 1,
                                        ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 3}, {12, 5}, {20, 15}, {12, 3}, {12, 5}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "plays Transcendent Union")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 0) << r.log;
}

// Armor stays the hit PC's: Ally marks its own Armor Slot against the Major
// hit (2 HP to 1), and only the 1 HP left (its last) goes to Hero.
TEST(DaggerheartLink, UnionPassesOnlyTheHpLeftAfterTheHitPcsArmor) {
  const auto enc = encounter_from(fight("  - {name: Ally, level: 10, proficiency: 1, hp: 6, evasion: 10, primary: {damage: d4}, "
                                        "armor: {thresholds: [5, 11], score: 1}, marked: {hp: 5, stress: 6}}\n" +
                                            pc("Hero", "hope: 5, cards: [\"Transcendent Union\"]"),
                                        foe(16), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 3}, {12, 5}, {20, 15}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "16 damage to Ally (thresholds 15/21), an Armor Slot marked (0 of 1 left): 1 HP to mark, passed by a link"))
      << r.log;
  EXPECT_TRUE(has(r, "Transcendent Union: Hero marks the 1 HP Ally would mark")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[1].hp_left, 5) << r.log;
}

// A card's Stress cost is Stress the PC would mark, so the union passes it
// too: Ally (2 slots free) pays Chokehold's Stress and Hero (6 free) marks it.
TEST(DaggerheartLink, UnionPassesAStressCost) {
  const auto enc = encounter_from(fight(pc("Ally", "marked: {hp: 5, stress: 4}, cards: [Chokehold], "
                                                   "tactics: [{do: \"card:Chokehold\"}, {do: attack}]") +
                                            pc("Hero", "hope: 5, cards: [\"Transcendent Union\"], "
                                                       "tactics: [{do: \"card:Transcendent Union\"}, {do: attack}]"),
                                        foe(16), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{}};  // two cards without a roll: the party keeps the spotlight, and the round ends
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Ally plays Chokehold")) << r.log;
  EXPECT_TRUE(has(r, "Transcendent Union: Hero marks the 1 Stress Ally would mark")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 0) << r.log;
  EXPECT_EQ(r.rec.combatants[1].extra[dh::kExtraStressMarked], 1) << r.log;
}

// Whether the cost can be paid is asked of the PC that would mark it: Ally
// has no Stress slot free, but the union would pass Chokehold's Stress to
// Hero (6 free), so Ally plays it. Old code: Ally's own full track said no,
// and it attacked.
TEST(DaggerheartLink, AStressCostALinkWouldPassIsAffordable) {
  const auto enc = encounter_from(fight(pc("Ally", "marked: {hp: 5, stress: 6}, cards: [Chokehold], "
                                                   "tactics: [{do: \"card:Chokehold\"}, {do: attack}]") +
                                            pc("Hero", "hope: 5, cards: [\"Transcendent Union\"], "
                                                       "tactics: [{do: \"card:Transcendent Union\"}, {do: attack}]"),
                                        foe(16), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Transcendent Union links Ally, Hero")) << r.log;
  EXPECT_TRUE(has(r, "Ally plays Chokehold")) << r.log;
  EXPECT_TRUE(has(r, "Transcendent Union: Hero marks the 1 Stress Ally would mark")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 0) << r.log;
  EXPECT_EQ(r.rec.combatants[1].extra[dh::kExtraStressMarked], 1) << r.log;
}

// A PC in two links: each passing counts to the link that carried it. Cal's
// Shared Clarity links Ally (1 Stress slot free) with Bea (6 free), then
// Bea's links Ally with Cal (4 free). Ally's Chokehold Stress goes to Bea,
// the most room: Cal's card carried it and its row counts it. Old code: the
// card cast last on Ally (Bea's) was credited.
TEST(DaggerheartLink, EachPassingCountsToTheLinkThatCarriedIt) {
  const std::string vyola = "hope: 2, cards: [\"Book of Vyola\"], tactics: [{do: \"card:Book of Vyola\"}, {do: attack}]";
  const auto enc = encounter_from(fight(pc("Ally", "marked: {stress: 5}, cards: [Chokehold], tactics: [{do: \"card:Chokehold\"}, {do: attack}]") +
                                            pc("Bea", vyola) + pc("Cal", "marked: {stress: 2}, " + vyola),
                                        foe(16), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  const std::size_t first = r.log.find("Book of Vyola links Ally, Bea"), second = r.log.find("Book of Vyola links Ally, Cal");
  ASSERT_NE(first, std::string::npos) << r.log;
  ASSERT_NE(second, std::string::npos) << r.log;
  ASSERT_LT(first, second) << r.log;
  EXPECT_TRUE(has(r, "Book of Vyola: Bea marks the 1 Stress Ally would mark")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 2, "Book of Vyola").healed, 1) << r.log;  // Cal's
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 1, "Book of Vyola").healed, 0) << r.log;  // Bea's
}

// Both PCs low: Hero (forced to cast by its tactics) has 2 HP left, so Foe's
// Major hit on Ally (2 HP, its last) would take Hero down too: no PC goes
// down on another's HP, so Ally marks them itself and makes its death move.
TEST(DaggerheartLink, UnionNeverPassesHpToAPcTheyWouldTakeDown) {
  const auto enc = encounter_from(fight(pc("Ally", "marked: {hp: 5, stress: 6}") +
                                            pc("Hero", "marked: {hp: 4}, hope: 5, cards: [\"Transcendent Union\"], "
                                                       "tactics: [{do: \"card:Transcendent Union\"}, {do: attack}]"),
                                        foe(16), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 3}, {12, 5}, {20, 15}, {20, 3}, {12, 12}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Transcendent Union links Ally, Hero")) << r.log;
  EXPECT_FALSE(has(r, "marks the 2 HP")) << r.log;
  EXPECT_TRUE(has(r, "no PC linked to Ally stays up after 2 HP: Ally marks them")) << r.log;
  EXPECT_TRUE(has(r, "Ally marks their last HP")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].hp_left, 2) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 1, "Transcendent Union").healed, 0);
}

// Three PCs could bear Ally's 2 HP, each with 6 left: the tie goes by name
// (Bard), not by the order the party lists them (Cleric first).
TEST(DaggerheartLink, UnionTiesGoByNameNotByListing) {
  const auto enc = encounter_from(fight(pc("Ally", "marked: {hp: 5, stress: 6}") + pc("Cleric", "") + pc("Bard", "") +
                                            pc("Hero", "hope: 5, cards: [\"Transcendent Union\"]"),
                                        foe(16), 1, ", fear_start: 0, fear_reserve: 1"));
  // Hero casts; one PC fails with Fear and Foe hits Ally (advantage: Ally is Vulnerable); two more fail and Foe misses twice.
  ScriptedDice dice{{{12, 3}, {12, 5}, {20, 15}, {20, 3}, {12, 3}, {12, 5}, {20, 3}, {20, 3}, {12, 3}, {12, 5}, {20, 3}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Transcendent Union links Ally, Cleric, Bard, Hero")) << r.log;
  EXPECT_TRUE(has(r, "Transcendent Union: Bard marks the 2 HP Ally would mark")) << r.log;
}

// ---------------------------------------------------------------------------
// Book of Vyola: Shared Clarity

// Hero has no Stress slot free, Ally (a Firbolg) all six: Hero spends a Hope
// linking the two. Foe's Jeer hits Hero (1 HP, 2 Stress): the HP stay Hero's
// (Shared Clarity covers Stress only); the 2 Stress go to Ally, whose own
// Unshakable rolls for them (a 6 keeps one). Old code: not modelled (Hero's
// Stress overflow into 2 HP).
TEST(DaggerheartLink, SharedClarityPassesStressAndTheMarkerRollsItsOwnFeatures) {
  const auto enc = encounter_from(fight(pc("Ally", "ancestry: Firbolg") +
                                            pc("Hero", "marked: {stress: 6}, hope: 2, cards: [\"Book of Vyola\"]"),
                                        "  - {name: Foe, difficulty: 24, thresholds: [10, 20], hp: 6, atk: 0, attack: {damage: 1}, "
                                        "features: [{name: Jeer, kind: action, effect: attack, target_stress: 2, damage: 1}]}\n",
                                        1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 3}, {12, 5}, {20, 15}, {20, 3}, {6, 6}, {6, 3}}};  // Hero Vulnerable: advantage
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Book of Vyola")) << r.log;
  EXPECT_TRUE(has(r, "Book of Vyola links Ally, Hero: each may pass the Stress it would mark")) << r.log;
  EXPECT_TRUE(has(r, "Book of Vyola: Ally marks the 2 Stress Hero would mark")) << r.log;
  EXPECT_TRUE(has(r, "Unshakable: d6 6: Ally does not mark a Stress")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[1].hp_left, 5) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 1, "Book of Vyola").healed, 2);
}

// Shared Clarity links Hero (no Stress slot free) and Ally (3 free, 1 HP
// left). Jeer's 4 Stress on Hero would fill Ally's 3 slots and its last HP
// with the fourth: Ally is passed none, and Hero marks them itself (4 HP,
// Stress with no slot free). Before: Ally took them and went down.
TEST(DaggerheartLink, SharedClarityNeverPassesStressWhoseOverflowTakesAPcDown) {
  const auto enc = encounter_from(fight(pc("Ally", "marked: {hp: 5, stress: 3}") +
                                            pc("Hero", "marked: {stress: 6}, hope: 2, cards: [\"Book of Vyola\"]"),
                                        "  - {name: Foe, difficulty: 24, thresholds: [10, 20], hp: 6, atk: 0, attack: {damage: 1}, "
                                        "features: [{name: Jeer, kind: action, effect: attack, target_stress: 4, damage: 1}], "
                                        "tactics: [{do: \"feature:Jeer\", target: highest_hp}]}\n",
                                        1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 3}, {12, 5}, {20, 15}, {20, 3}}};  // Hero Vulnerable: advantage
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Book of Vyola links Ally, Hero")) << r.log;
  EXPECT_FALSE(has(r, "Book of Vyola: Ally marks")) << r.log;
  EXPECT_FALSE(r.rec.combatants[0].down) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[1].hp_left, 1) << r.log;  // the hit's 1 and the 4 Stress as HP
}

// Hero with 2 Stress slots free: no pair (none at 1 or fewer), so it attacks
// and keeps its Hope. One Stress more (a slot free) and the pair is there:
// the Stress it and Ally can move (1) beats the Hope and the weapon, and it
// links them. Old code: never cast.
TEST(DaggerheartLink, SharedClarityWaitsForAPcAtItsLastStressSlot) {
  for (const int marked : {4, 5}) {
    const auto enc = encounter_from(fight(pc("Ally", "") + pc("Hero", "marked: {stress: " + std::to_string(marked) +
                                                                          "}, hope: 2, cards: [\"Book of Vyola\"]"),
                                          foe(1), 1, ", fear_start: 0, fear_reserve: 1"));
    ScriptedDice dice = marked == 4 ? ScriptedDice{{{12, 3}, {12, 5}, {20, 15}, {12, 3}, {12, 5}, {20, 3}}}
                                    : ScriptedDice{{{12, 3}, {12, 5}, {20, 3}}};
    const Replay r = replay(enc, dice);
    EXPECT_EQ(has(r, "Hero plays Book of Vyola"), marked == 5) << r.log;
    EXPECT_EQ(has(r, "Book of Vyola links Ally, Hero"), marked == 5) << r.log;
    EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], marked == 5 ? 1 : 0) << r.log;
  }
}

// ---------------------------------------------------------------------------
// Across a session: the union lasts until the next rest

// One fight as in UnionPassesAHitsHpToTheLinkedPcWithTheMostLeft, fought again from the carried state.
TrialRecord session_fight(const dh::Encounter& enc, dh::PartyState& party, ScriptedDice dice, std::string* said) {
  if (party.started) party.fear = enc.fear_start();
  Replay r = testing::replay_carry(enc, std::move(dice), party);
  *said = r.log;
  return r.rec;
}

// Fight 1: Hero casts the union and takes Ally's 2 HP. Fight 2, no rest
// between: the union still holds (the card is spent), and Hero (4 left)
// takes Ally's next 2 HP. A short rest ends it: in fight 3 Ally marks its
// own HP (its last: Avoid Death) and the card is still spent until a long rest.
TEST(DaggerheartLink, UnionCarriesAcrossFightsUntilARest) {
  const auto enc = encounter_from(fight(pc("Ally", "marked: {hp: 5, stress: 6}") +
                                            pc("Hero", "hope: 5, cards: [\"Transcendent Union\"]"),
                                        foe(16), 1, ", fear_start: 0, fear_reserve: 1"));
  dh::PartyState party;
  std::string said;
  session_fight(enc, party, ScriptedDice{{{12, 3}, {12, 5}, {20, 15}, {20, 3}}}, &said);
  EXPECT_NE(said.find("Transcendent Union: Hero marks the 2 HP Ally would mark"), std::string::npos) << said;
  EXPECT_EQ(party.hp_marked[1], 2);
  EXPECT_NE(party.link_hp[0], 0);
  // Fight 2: Hero's weapon fails, Foe hits Ally, Ally fails, Foe misses.
  TrialRecord second = session_fight(
      enc, party, ScriptedDice{{{12, 3}, {12, 5}, {20, 15}, {20, 3}, {12, 3}, {12, 5}, {20, 3}, {20, 3}}}, &said);
  EXPECT_EQ(said.find("plays Transcendent Union"), std::string::npos) << said;
  EXPECT_NE(said.find("Transcendent Union: Hero marks the 2 HP Ally would mark"), std::string::npos) << said;
  EXPECT_EQ(party.hp_marked[0], 5);
  EXPECT_EQ(party.hp_marked[1], 4);
  EXPECT_EQ(testing::feature(enc.features(), second, 1, "Transcendent Union").healed, 2);
  const std::string rested = testing::rest_between(enc, party, dh::RestKind::short_rest);
  EXPECT_NE(rested.find("Ally's link ends with the rest"), std::string::npos) << rested;
  EXPECT_EQ(party.link_hp[0], 0);
  EXPECT_EQ(party.link_stress[1], 0);
  session_fight(enc, party, ScriptedDice{{{12, 3}, {12, 5}, {20, 15}, {20, 3}, {12, 12}}}, &said);
  EXPECT_EQ(said.find("marks the 2 HP"), std::string::npos) << said;
  EXPECT_NE(said.find("Ally marks their last HP"), std::string::npos) << said;
}

// ---------------------------------------------------------------------------
// The keys

TEST(DaggerheartLink, LinkKeysAreCheckedWithTheirPlace) {
  EXPECT_EQ(testing::card_error("target: party, hope: 5, link: stress_hp"), "(no error)");
  EXPECT_EQ(testing::card_error("target: party, hope: 1, link: stress, link_pcs: 2"), "(no error)");
  EXPECT_NE(testing::card_error("target: party, link: both").find("expected one of 'stress' or 'stress_hp'"), std::string::npos);
  EXPECT_NE(testing::card_error("target: self, link: stress").find("link goes with an action at `target: party`"), std::string::npos);
  EXPECT_NE(testing::card_error("target: party, roll: spellcast, link: stress").find("no roll"), std::string::npos);
  EXPECT_NE(testing::card_error("target: party, heal_hp: 1, link: stress").find("no other effect"), std::string::npos);
  EXPECT_NE(testing::card_error("target: party, link: stress, link_pcs: 1").find("link_pcs goes with link"), std::string::npos);
  EXPECT_NE(testing::card_error("target: party, hope: 1, link_pcs: 2").find("link_pcs goes with link"), std::string::npos);
  EXPECT_NE(testing::card_error("when: reaction, trigger: damaged, link: stress").find("link goes with"), std::string::npos);
}

}  // namespace
}  // namespace encsim
