// Daggerheart's mounts and shelters (play_mount.hpp): Conjured Steeds
// (`steed`) and Wild Fortress (`dome`), each on scripted dice. Steeds: the
// Hope spent before the fight by policy, a rider's -2 on its attack rolls (a
// weapon's and a spell's) and +2 on its damage rolls, the steed lost when its
// rider takes damage, a session carrying it until a long rest. The dome: cast
// for a PC one HP from going down, no attack at those inside, the foes
// striking the dome once no PC stands outside, its fall, coming out; the
// keys' errors.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "daggerheart_replay.hpp"
#include "feature_lookup.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

namespace dh = daggerheart;
using testing::encounter_from;
using testing::fight;
using testing::has;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;

// A PC named NAME (level 10: HP 6, Evasion 10, thresholds 5/11, no armor, a d4 by default) with BODY.
std::string pc(const std::string& name, const std::string& body, const std::string& weapon = "{damage: d4}") {
  return "  - {name: " + name + ", level: 10, proficiency: 1, hp: 6, evasion: 10, primary: " + weapon + ", "
         "armor: {thresholds: [5, 11], score: 0}" + (body.empty() ? "" : ", " + body) + "}\n";
}

std::string foe(const std::string& name, int difficulty, int hp = 6, int damage = 6) {
  return "  - {name: " + name + ", difficulty: " + std::to_string(difficulty) + ", thresholds: [10, 20], hp: " +
         std::to_string(hp) + ", stress: 3, atk: 0, attack: {damage: " + std::to_string(damage) + "}}\n";
}

const std::string kSteeds = "cards: [\"Conjured Steeds\"]";

// Hero's d4 (mean 2.5) against Difficulty 10: riding, 65% of hits at 4.5,
// beats 78% at 2.5, so it spends a Hope on its own steed before the fight.
// Its attack: 7 + 5 = 12, less 2: 10 against 10, a success with Hope; the d4
// rolls 3, +2: 5 damage, 1 HP. Old code: not modelled (no steed, 3 damage).
TEST(DaggerheartMount, ConjuredSteedsRiderHasMinusTwoToHitAndPlusTwoToDamage) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 2, " + kSteeds), foe("Foe", 10)));
  ScriptedDice dice{{{12, 7}, {12, 5}, {4, 3}}};
  dice.lenient = true;  // what follows the hit: not pinned
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero spends a Hope on Conjured Steeds: a steed for Hero")) << r.log;
  EXPECT_TRUE(has(r, "Hero rides a conjured steed: -2 to the attack roll")) << r.log;
  EXPECT_TRUE(has(r, "Hero rides a conjured steed: +2 to the damage roll")) << r.log;
  EXPECT_LT(r.log.find("-2 to the attack roll"), r.log.find("+2 to the damage roll")) << r.log;
  EXPECT_TRUE(has(r, "5 damage to Foe (thresholds 10/20)")) << r.log;  // the d4's 3 and the steed's 2
  EXPECT_TRUE(has(r, "= 10 vs 10")) << r.log;                          // 7 + 5, less 2
  EXPECT_EQ(r.rec.combatants[1].hp_left, 5) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Conjured Steeds");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
}

// The same rider rolls 6 + 5 = 11: a hit on foot, 9 riding: a miss. Old
// code: the attack hits.
TEST(DaggerheartMount, ConjuredSteedsPenaltyTurnsAHitIntoAMiss) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 2, " + kSteeds), foe("Foe", 10)));
  ScriptedDice dice{{{12, 6}, {12, 5}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero misses Foe")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].hp_left, 6) << r.log;
}

// A spell's attack roll at a foe takes the penalty and its damage the bonus
// too: Cinder Grasp (Knowledge 2): 7 + 5 + 2 - 2 = 12 against 10; d20 4 + 3
// + 2 = 9 magic damage, 1 HP. Old code: no steed (7 damage).
TEST(DaggerheartMount, ConjuredSteedsApplyToASpellsAttackRoll) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 2, spellcast: knowledge, traits: {knowledge: 2}, "
                                                   "cards: [\"Conjured Steeds\", \"Cinder Grasp\"], "
                                                   "tactics: [{do: \"card:Cinder Grasp\"}]"),
                                        foe("Foe", 10)));
  ScriptedDice dice{{{12, 7}, {12, 5}, {20, 4}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Cinder Grasp")) << r.log;
  EXPECT_TRUE(has(r, "Hero rides a conjured steed: -2 to the attack roll")) << r.log;
  EXPECT_TRUE(has(r, "Cinder Grasp: 9 magic damage to Foe")) << r.log;
}

// Hero fails with Fear (1 + 2, less 2); Foe hits it (15 against Evasion 10)
// for 6: its steed takes the damage and vanishes, so its next attack roll in
// round 2 has no penalty. Old code: no steed at all.
TEST(DaggerheartMount, ConjuredSteedsVanishWhenTheRiderTakesDamage) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 2, " + kSteeds), foe("Foe", 10), 2));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero's conjured steed takes damage and vanishes")) << r.log;
  EXPECT_EQ(testing::count(r, "rides a conjured steed: -2 to the attack roll"), 1) << r.log;
  EXPECT_LT(r.log.find("rides a conjured steed: -2"), r.log.find("takes damage and vanishes")) << r.log;
}

// The policy: Hero's d12 (mean 6.5) against Difficulty 14 loses by riding
// (36% at 8.5 against 50% at 6.5): no steed for it. Ally's d4 gains (65% at
// 4.5 against 78% at 2.5) and Bea's d6 less so; with one Hope to spend the
// caster gives Ally the steed. Old code: no Hope spent.
TEST(DaggerheartMount, ConjuredSteedsGoToThoseWhoGainMostWithTheHopeThereIs) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 1, " + kSteeds, "{damage: d12}") + pc("Ally", "") +
                                            pc("Bea", "", "{damage: d6}"),
                                        foe("Foe", 14)));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero spends a Hope on Conjured Steeds: a steed for Ally")) << r.log;
  EXPECT_EQ(testing::count(r, "spends a Hope on Conjured Steeds"), 1) << r.log;
  EXPECT_FALSE(has(r, "a steed for Hero")) << r.log;
  EXPECT_FALSE(has(r, "a steed for Bea")) << r.log;
}

// Alone with its d12 against Difficulty 14, the caster keeps its Hope.
TEST(DaggerheartMount, ConjuredSteedsDeclinedWhenRidingLoses) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 2, " + kSteeds, "{damage: d12}"), foe("Foe", 14)));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hope 2")) << r.log;
  EXPECT_FALSE(has(r, "Conjured Steeds:")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Conjured Steeds").uses, 0);
}

// A session: the steed conjured in the first fight is ridden into the second
// for no Hope; a long rest ends it. Old code: not modelled.
TEST(DaggerheartMount, ConjuredSteedsLastUntilALongRest) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 2, " + kSteeds), foe("Foe", 10, 6, 1)));
  dh::PartyState party;
  auto one = [&](std::string* said) {
    if (party.started) party.fear = enc.fear_start();
    TrialRecord rec;
    rec.reset(enc.combatant_count(), enc.features().size());
    std::ostringstream os;
    TextLog log(os);
    ScriptedDice dice{{{12, 6}, {12, 5}}, true};  // a miss riding (9 against 10), then what comes
    ScriptedDice none{{}, true}, tact{{}, true};
    enc.simulate_carry_with(dice, none, tact, none, rec, log, party);
    *said = os.str();
  };
  std::string first, second, rested;
  one(&first);
  EXPECT_NE(first.find("Hero spends a Hope on Conjured Steeds: a steed for Hero"), std::string::npos) << first;
  ASSERT_EQ(first.find("takes damage and vanishes"), std::string::npos) << first;
  EXPECT_EQ(party.steed[0], 2);
  one(&second);
  EXPECT_NE(second.find("Hero rides its conjured steed into this fight"), std::string::npos) << second;
  EXPECT_EQ(second.find("spends a Hope on Conjured Steeds"), std::string::npos) << second;
  dh::RestPlan plan;
  plan.kind = dh::RestKind::long_rest;
  plan.moves[0] = dh::DowntimeMove::prepare;
  plan.gm_fear = false;
  ScriptedDice none;
  std::ostringstream os;
  TextLog log(os);
  enc.rest(plan, party, none, log);
  rested = os.str();
  EXPECT_NE(rested.find("Hero's conjured steed is gone with the long rest"), std::string::npos) << rested;
  EXPECT_EQ(party.steed[0], 0);
}

// Telekinesis's lift moves a foe and harms no one: no attack roll, no
// penalty; its throw is one. Riding Hero (Knowledge 2) lifts Y (Difficulty
// 12) on 6 + 4 + 2 = 12 and throws it at X (10) on 9 + 3 + 2 - 2 = 12. Old
// code: the lift took the -2 too (10 against 12: it fails).
TEST(DaggerheartMount, ConjuredSteedsSpareTelekinesissLift) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 2, spellcast: knowledge, traits: {knowledge: 2}, "
                                                   "cards: [\"Conjured Steeds\", Telekinesis], tactics: [{do: \"card:Telekinesis\"}]"),
                                        foe("Y", 12) + foe("X", 10)));
  ScriptedDice dice{{{12, 6}, {12, 4}, {12, 9}, {12, 3}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  ASSERT_TRUE(has(r, "a steed for Hero")) << r.log;
  EXPECT_TRUE(has(r, "Hero lifts Y to throw it at X")) << r.log;
  EXPECT_FALSE(has(r, "fails to lift")) << r.log;
  EXPECT_TRUE(has(r, "= 12 vs 12")) << r.log;  // the lift: no penalty
  EXPECT_TRUE(has(r, "= 12 vs 10")) << r.log;  // the throw: -2
  EXPECT_EQ(testing::count(r, "rides a conjured steed: -2 to the attack roll"), 1) << r.log;
  EXPECT_LT(r.log.find("= 12 vs 12"), r.log.find("rides a conjured steed: -2 to the attack roll")) << r.log;
}

// Encore's Spellcast roll at the foe deals it damage: an attack roll, with
// the penalty. Ally hits Foe for 2 HP (d8+4 with 8, and a steed's +2 if it
// rides); riding Hero's Encore rolls 4 + 3 + 2 - 2 = 7 against 9 and
// fails. Old code: no penalty (9 against 9, a success).
TEST(DaggerheartMount, ConjuredSteedsApplyToEncoresRoll) {
  const auto enc = encounter_from(fight(pc("Ally", "", "{damage: d8+4}") +
                                            pc("Hero", "hope: 2, spellcast: knowledge, traits: {knowledge: 2}, cards: [\"Conjured Steeds\", Encore]"),
                                        foe("Foe", 9, 9)));
  ScriptedDice dice{{{12, 10}, {12, 5}, {8, 8}, {12, 4}, {12, 3}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice, testing::hero_first());  // Ally, listed first, acts first
  ASSERT_TRUE(has(r, "a steed for Hero")) << r.log;
  EXPECT_TRUE(has(r, "Hero plays Encore on Ally's")) << r.log;
  EXPECT_TRUE(has(r, "= 7 vs 9")) << r.log;
  EXPECT_TRUE(has(r, "Encore fails")) << r.log;
}

TEST(DaggerheartMount, TheSteedKeyIsChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body, "Sage", "Spell"); };
  auto says = [&](const std::string& body, const std::string& what) {
    const std::string m = msg(body);
    EXPECT_NE(m.find(what), std::string::npos) << body << " -> " << m;
  };
  EXPECT_EQ(msg("when: passive, steed: 2"), "(no error)");
  says("steed: 2", "steed (1..5) goes with `when: passive` and no other effect");
  says("when: passive, hope: 1, steed: 2", "steed (1..5) goes with");
  says("when: passive, steed: 2, passive: {evasion: 1}", "steed (1..5) goes with");
  says("when: passive, steed: 0", "steed (1..5) goes with");
  EXPECT_NE(msg("when: passive, steed: 9"), "(no error)");
}

TEST(DaggerheartMount, TheCardIsModelled) { testing::expect_modelled({"Conjured Steeds"}); }

// ---------------------------------------------------------------------------
// Wild Fortress

const std::string kFortress = "hope: 2, spellcast: knowledge, traits: {knowledge: 2}, cards: [\"Wild Fortress\"]";

// Ally has 1 HP left and Hero stands outside: Hero casts (5 + 6 + 2 = 13
// against 13, with Fear) and pays 2 Hope; Ally takes cover. Foe's attacks go
// at Hero only; Ally's spotlights: it stays (no attack). Old code: not
// modelled (Hero attacks).
TEST(DaggerheartMount, WildFortressShieldsAnAllyOneHpFromGoingDown) {
  const auto enc = encounter_from(fight(pc("Hero", kFortress) + pc("Ally", "marked: {hp: 5}"), foe("Foe", 24), 2));
  ScriptedDice dice{{{12, 5}, {12, 6}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice, testing::hero_first());
  EXPECT_TRUE(has(r, "Hero plays Wild Fortress")) << r.log;
  EXPECT_TRUE(has(r, "Wild Fortress: Ally takes cover in the dome")) << r.log;
  EXPECT_FALSE(has(r, "Hero takes cover")) << r.log;
  EXPECT_TRUE(has(r, "Ally stays in the dome")) << r.log;
  EXPECT_TRUE(has(r, "of Hero")) << r.log;
  EXPECT_FALSE(has(r, "of Ally")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Wild Fortress");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 2);
}

// Ally, in the dome with no card to play, spends both its spotlights there:
// it had the spotlight each round but took no action, so its actions count
// none (Hero's cast counts one). Old code: each idle spotlight counted as an
// action (2).
TEST(DaggerheartMount, AnIdleSpotlightInTheDomeIsNoAction) {
  const auto enc = encounter_from(fight(pc("Hero", kFortress) + pc("Ally", "marked: {hp: 5}"), foe("Foe", 24), 2));
  ScriptedDice dice{{{12, 5}, {12, 6}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice, testing::hero_first());
  ASSERT_TRUE(has(r, "Wild Fortress: Ally takes cover in the dome")) << r.log;
  EXPECT_EQ(testing::count(r, "Ally stays in the dome: no attack, nothing else worth doing"), 2) << r.log;
  EXPECT_EQ(r.rec.combatants[1].actions, 0) << r.log;
  EXPECT_GE(r.rec.combatants[0].actions, 1) << r.log;
}

// A failed roll (1 + 2 + 2 = 5) spends no Hope and grows nothing.
TEST(DaggerheartMount, WildFortressFailsWithoutItsHope) {
  const auto enc = encounter_from(fight(pc("Hero", kFortress) + pc("Ally", "marked: {hp: 5}"), foe("Foe", 24)));
  ScriptedDice dice{{{12, 1}, {12, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice, testing::hero_first());
  EXPECT_TRUE(has(r, "Wild Fortress fails")) << r.log;
  EXPECT_FALSE(has(r, "takes cover")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Wild Fortress").spent, 0);
}

// No PC one HP from going down: the policy declines, Hero attacks.
TEST(DaggerheartMount, WildFortressDeclinedWhileNoOneIsInDanger) {
  const auto enc = encounter_from(fight(pc("Hero", kFortress) + pc("Ally", "marked: {hp: 4}"), foe("Foe", 24)));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice, testing::hero_first());
  EXPECT_FALSE(has(r, "plays Wild Fortress")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Wild Fortress").uses, 0);
}

// Hero (2 HP left) casts with Fear (5 + 6 + 2 = 13) for Ally; the greedy GM
// spotlights both foes: A's hit (15 against 10) for 16 takes Hero down, so no
// PC stands outside and B strikes the dome: 16 against 15/30, 2 HP of its 3.
// Ally's spotlight: no one outside, it comes out. Old code: not modelled.
TEST(DaggerheartMount, WildFortressIsStruckWhenNoPcStandsOutside) {
  const auto enc = encounter_from(fight(pc("Hero", kFortress + ", marked: {hp: 4}") + pc("Ally", "marked: {hp: 5}"),
                                        foe("A", 24, 6, 16) + foe("B", 24, 6, 16), 2, ", gm_policy: greedy, fear_start: 6"));
  ScriptedDice dice{{{12, 5}, {12, 6}, {20, 15}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice, testing::hero_first());
  EXPECT_TRUE(has(r, "Wild Fortress: Ally takes cover in the dome")) << r.log;
  EXPECT_TRUE(has(r, "strikes the dome (it hits automatically): 16 damage (thresholds 15/30): it marks 2 HP (2/3)")) << r.log;
  EXPECT_TRUE(has(r, "Ally comes out of the dome (no one stands outside to fight)")) << r.log;
  EXPECT_LT(r.log.find("strikes the dome"), r.log.find("Ally comes out")) << r.log;
}

// Three foes: after one takes Hero down, the others strike the dome (2 HP, then 2 more of which
// only the 1 it has left count): it falls.
TEST(DaggerheartMount, WildFortressFallsAtItsThirdHp) {
  const auto enc = encounter_from(fight(pc("Hero", kFortress + ", marked: {hp: 4}") + pc("Ally", "marked: {hp: 5}"),
                                        foe("A", 24, 6, 16) + foe("B", 24, 6, 16) + foe("C", 24, 6, 16), 1,
                                        ", gm_policy: greedy, fear_start: 6"));
  ScriptedDice dice{{{12, 5}, {12, 6}, {20, 15}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice, testing::hero_first());
  EXPECT_TRUE(has(r, "it marks 1 HP (3/3)")) << r.log;  // no more than the dome has left
  EXPECT_TRUE(has(r, "the dome falls: those inside are exposed")) << r.log;
}

TEST(DaggerheartMount, TheDomeKeysAreChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body, "Sage", "Spell"); };
  auto says = [&](const std::string& body, const std::string& what) {
    const std::string m = msg(body);
    EXPECT_NE(m.find(what), std::string::npos) << body << " -> " << m;
  };
  const std::string ok = "roll: spellcast, difficulty: 13, target: party, hope: 2, pay_on: success, ";
  EXPECT_EQ(msg(ok + "dome: 3, dome_major: 15, dome_severe: 30"), "(no error)");
  says(ok + "dome: 3, dome_major: 15", "dome (1..6) goes with dome_major and dome_severe");
  says(ok + "dome: 3, dome_major: 30, dome_severe: 15", "dome (1..6) goes with");
  says("roll: spellcast, target: enemy, dome: 3, dome_major: 15, dome_severe: 30", "dome (1..6) goes with");
  says("target: party, dome: 3, dome_major: 15, dome_severe: 30", "dome (1..6) goes with");
  says(ok + "heal_hp: 1, dome: 3, dome_major: 15, dome_severe: 30", "dome (1..6) goes with");
}

TEST(DaggerheartMount, WildFortressIsModelled) { testing::expect_modelled({"Wild Fortress"}); }

}  // namespace
}  // namespace encsim
