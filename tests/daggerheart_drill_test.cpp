// Martial Preparation (the Call of the Slayer mastery, `passive: {drill_die:
// 6}`): a session's rest offers the downtime move `martial_preparation`; the
// Slayer and each PC who takes it gain a Slayer Die (on the PC's own Slayer
// pool while it has room, else held apart and carried until spent), rolled
// into a missed weapon attack roll or a damage roll by the Slayer's own rule
// (rest.hpp, play_pool.hpp). Scripted dice; the plan's errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>

#include "cli/session.hpp"
#include "daggerheart_replay.hpp"
#include "feature_lookup.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"

namespace encsim {
namespace {

namespace dh = daggerheart;
using testing::encounter_from;
using testing::ScriptedDice;

// Vex, a level-8 Slayer (Proficiency 1, a d4), and Ana, a level-1 Guardian
// (a d4, no Slayer pool), against a foe that deals 1 (Difficulty 10,
// thresholds 5/30: one die more rarely turns the HP marked).
const char* kParty =
    "ruleset: daggerheart\nmax_rounds: 1\n"
    "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false}\n"
    "party:\n"
    "  - {name: Vex, class: warrior, level: 8, subclass: Call of the Slayer, proficiency: 1, primary: {damage: d4}, "
    "armor: {thresholds: [5, 10], score: 0}}\n"
    "  - {name: Ana, class: guardian, level: 1, proficiency: 1, primary: {damage: d4}, "
    "armor: {thresholds: [5, 10], score: 0}}\n"
    "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 30], atk: 0, hp: 20, attack: {damage: 1}}\n";

int pool_card(const dh::Pc& pc) {
  for (std::size_t k = 0; k < pc.cards.size(); ++k)
    if (pc.cards[k].def->name == "Slayer") return static_cast<int>(k);
  return -1;
}

// A first fight on dice that all show 1 (the carried state then exists), its
// pools and held dice emptied.
dh::PartyState first_fight(const dh::Encounter& enc) {
  dh::PartyState party;
  TrialRecord rec;
  rec.reset(enc.combatant_count(), enc.features().size());
  std::ostringstream os;
  TextLog log(os);
  ScriptedDice ones{{}, true};
  enc.simulate_carry_with(ones, ones, ones, ones, rec, log, party);
  for (int i = 0; i < 2; ++i) {
    party.drill[i] = 0;
    for (auto& p : party.pool[i]) p = 0;
  }
  return party;
}

std::string rest(const dh::Encounter& enc, dh::PartyState& party, dh::DowntimeMove a, dh::DowntimeMove b) {
  return testing::rest_between(enc, party, dh::RestKind::short_rest, a, b);  // Martial Preparation rolls nothing
}

TEST(DaggerheartDrill, TheRestGivesEachPcWhoTakesTheMoveASlayerDie) {
  const auto enc = encounter_from(kParty);
  ASSERT_EQ(enc.pcs[0].drill_die, 6);
  ASSERT_EQ(enc.pcs[1].drill_die, 0);
  dh::PartyState party = first_fight(enc);
  const int k = pool_card(enc.pcs[0]);
  ASSERT_GE(k, 0);
  const std::string said = rest(enc, party, dh::DowntimeMove::martial_preparation, dh::DowntimeMove::prepare);
  EXPECT_EQ(party.drill[1], 1) << said;  // Ana holds it apart
  EXPECT_EQ(party.drill[0], 0) << said;  // Vex's goes on the Slayer pool
  EXPECT_EQ(party.pool[0][static_cast<std::size_t>(k)], 1) << said;
  EXPECT_NE(said.find("Martial Preparation: Ana gains a d6 Slayer Die (1 held)"), std::string::npos) << said;
  EXPECT_NE(said.find("Martial Preparation: Vex places a Slayer Die on Slayer (1 of 1)"), std::string::npos) << said;
  // A second rest: Ana's dice add up; Vex's pool (Proficiency 1) is full.
  const std::string again = rest(enc, party, dh::DowntimeMove::prepare, dh::DowntimeMove::martial_preparation);
  EXPECT_EQ(party.drill[1], 2) << again;
  EXPECT_EQ(party.pool[0][static_cast<std::size_t>(k)], 1) << again;
  EXPECT_NE(again.find("Martial Preparation: Vex's Slayer is full"), std::string::npos) << again;
}

TEST(DaggerheartDrill, NoDieWithoutTheTeacherOrWithoutTheMove) {
  const auto enc = encounter_from(kParty);
  dh::PartyState party = first_fight(enc);
  rest(enc, party, dh::DowntimeMove::prepare, dh::DowntimeMove::prepare);
  EXPECT_EQ(party.drill[1], 0);
  party.dead[0] = true;  // the Slayer is dead: nobody trains the party
  const std::string said = rest(enc, party, dh::DowntimeMove::martial_preparation, dh::DowntimeMove::prepare);
  EXPECT_EQ(party.drill[1], 0) << said;
  EXPECT_EQ(said.find("Martial Preparation"), std::string::npos) << said;
  party.dead[0] = false;
  party.out[0] = true;  // unconscious (a short rest's Prepare wakes nobody): it trains nobody either
  const std::string out = rest(enc, party, dh::DowntimeMove::martial_preparation, dh::DowntimeMove::prepare);
  EXPECT_EQ(party.drill[1], 0) << out;
  EXPECT_EQ(out.find("Martial Preparation"), std::string::npos) << out;
}

// A fight after the rest (Ana first, on the tactics stream's 1s): Ana's
// held die turns a missed attack (7 + 1 = 8, 2 short: one die), or raises a
// hit's damage a threshold (2 to Major); the teacher's row counts the die.
struct After {
  std::string log;
  TrialRecord rec;
};

After after_rest(const dh::Encounter& enc, ScriptedDice dice) {
  dh::PartyState party = first_fight(enc);
  rest(enc, party, dh::DowntimeMove::martial_preparation, dh::DowntimeMove::prepare);
  EXPECT_EQ(party.drill[1], 1);
  party.fear = 0;
  testing::Replay r = testing::replay_carry(enc, std::move(dice), party);
  EXPECT_EQ(party.drill[1], 0) << r.log;  // spent, and the carried state says so
  return {r.log, r.rec};
}

// Vex then: 5 + 2 + 3 = 10, a success with Hope (its full pool leaves the
// Hope); 1 + 8 (Combat Training) = 9, Major, and its pool's die would not
// make it Severe: kept.
constexpr std::pair<int, int> kVex[] = {{12, 5}, {12, 2}, {4, 1}};

TEST(DaggerheartDrill, AHeldDieTurnsAMissedWeaponAttack) {
  const auto enc = encounter_from(kParty);
  ScriptedDice dice{{{12, 7}, {12, 1}, {6, 4}, {4, 2}}};
  for (const auto& d : kVex) dice.script.push_back(d);
  const After a = after_rest(enc, dice);
  EXPECT_NE(a.log.find("Ana spends 1 Slayer Die from Martial Preparation on the attack roll: +4 = 12 (0 left)"),
            std::string::npos) << a.log;
  EXPECT_EQ(a.log.find("GM turn"), std::string::npos) << a.log;  // the miss became a success with Hope
  EXPECT_EQ(a.rec.combatants[2].damage_taken, 3) << a.log;        // Ana's 2 (Minor) and Vex's 9 (Major)
  EXPECT_EQ(testing::feature(enc.features(), a.rec, 0, "Martial Preparation").uses, 1);
}

TEST(DaggerheartDrill, AHeldDieRaisesADamageRollAThreshold) {
  const auto enc = encounter_from(kParty);
  ScriptedDice dice{{{12, 9}, {12, 1}, {4, 2}, {6, 3}}};
  for (const auto& d : kVex) dice.script.push_back(d);
  const After a = after_rest(enc, dice);
  EXPECT_NE(a.log.find("Ana spends 1 Slayer Die from Martial Preparation on the damage roll: +3 = 5 (0 left)"),
            std::string::npos) << a.log;
  EXPECT_EQ(a.rec.combatants[2].damage_taken, 4) << a.log;  // Ana's 5 (Major) and Vex's 9 (Major)
  EXPECT_EQ(testing::feature(enc.features(), a.rec, 0, "Martial Preparation").uses, 1);
}

// The plan's errors: martial_preparation twice in one rest, and a party with
// no PC who can teach it.
std::string session_file(const std::string& name, const std::string& party, const std::string& moves) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << "name: drill\nruleset: daggerheart\nparty:\n" << party
                      << "fights:\n  - name: one\n    foes:\n      - {name: Foe, difficulty: 10, thresholds: [5, 30], hp: 2, "
                         "attack: {damage: 1}}\n  - rest: short\n    name: breather\n    options: {moves: "
                      << moves << "}\n  - name: two\n    foes:\n      - {name: Foe, difficulty: 10, thresholds: [5, 30], "
                         "hp: 2, attack: {damage: 1}}\n";
  return path;
}

TEST(DaggerheartDrill, APlanNamingTheMoveNeedsATeacherAndNamesItOnce) {
  const std::string slayer = "  - {name: Vex, class: warrior, level: 8, subclass: Call of the Slayer}\n";
  const std::string guardian = "  - {name: Ana, class: guardian, level: 1}\n";
  EXPECT_NO_THROW(cli::compile_session(session_file("ok.yaml", slayer + guardian, "[martial_preparation, best]"), {}));
  try {
    cli::compile_session(session_file("none.yaml", guardian, "[martial_preparation, best]"), {});
    ADD_FAILURE() << "a party without Martial Preparation was let take it";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("martial_preparation needs a PC with Martial Preparation"), std::string::npos)
        << e.what();
  }
  try {
    cli::compile_session(session_file("twice.yaml", slayer, "[martial_preparation, martial_preparation]"), {});
    ADD_FAILURE() << "the move named twice was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("name it once"), std::string::npos) << e.what();
  }
  try {
    cli::compile_session(session_file("typo.yaml", slayer, "[martial_preparaton, best]"), {});
    ADD_FAILURE() << "a misspelt move was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'martial_preparation'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace encsim
