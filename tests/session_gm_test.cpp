// Gods & Monsters sessions (issue 14): the text's own Toromeen, who ends his
// fight with the Orc at 2 survival and no verve, carries them into the next
// fight and gets 2 survival and all his verve back from a night's rest
// ("Regaining survival and healing injuries"); what each rest restores
// (scripted dice); the rests' input errors; a one-fight session equal to the
// fight's own run; and the shipped day at 1, 2 and 8 threads.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/cli.hpp"
#include "cli/session.hpp"
#include "encsim/session.hpp"
#include "input_error.hpp"
#include "session_testing.hpp"
#include "rules/registry.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::message_of;
using testing::ScriptedDice;
namespace gm = gods_and_monsters;

using testing::settings;
cli::CompiledSession compiled(const std::string& yaml) { return testing::compiled_session(yaml, "gods-and-monsters"); }

// Toromeen as in the text's examples (health 10: "Tony Barlow creates
// Toromeen"), and a second PC to be dead or alive.
const char* const kOrc = R"(ruleset: gods-and-monsters
include: [monsters.yaml]
max_rounds: 6
party:
  - {name: Toromeen, level: 2, archetype: warrior, survival: 7, verve: 17, fortitude: 11, willpower: 7,
     endurance: 15, health: 10, fighting_art: 2, attack: 2, armor: chain_mail, weapon: battleaxe, weapon_size: small,
     damage_bonus: 4, mojo: 0}
fights:
  - foes: [{use: Orc}]
)";

// "Survival", the example: the Orc's blows take Toromeen's verve, then 5
// survival; he kills it in round 6 (the dice of the shipped replay test).
TrialRecord toromeen_and_the_orc(const gm::Encounter& enc, gm::PartyState& party) {
  ScriptedDice dice{{
      {20, 20}, {20, 3}, {6, 4},
      {20, 20}, {20, 15},
      {20, 20}, {20, 2}, {6, 5},
      {20, 20}, {20, 7}, {6, 6},
      {20, 20}, {20, 1}, {6, 3},
      {20, 5}, {8, 8}, {20, 12}, {20, 19}, {20, 4}, {20, 9},
  }};
  ScriptedDice surprise, tact;
  TrialRecord rec;
  rec.reset(enc.combatant_count(), enc.features().size());
  NullLog log;
  ScriptedDice none;  // the setup stream: nothing is rolled before a fight
  enc.simulate_carry_with(dice, surprise, tact, none, rec, log, party);
  EXPECT_TRUE(dice.script.empty());
  return rec;
}

TEST(SessionGodsAndMonsters, ToromeenCarriesTwoSurvivalAndNoVerveIntoTheNextFight) {
  const auto c = compiled(kOrc);
  const auto& enc = std::get<gm::Encounter>(c.encounters[0][0]);
  gm::PartyState party;
  const TrialRecord one = toromeen_and_the_orc(enc, party);
  EXPECT_EQ(one.outcome, Outcome::party_win);
  EXPECT_EQ(party.in[gm::kCarrySurvival], 7);  // the first fight starts fresh
  EXPECT_EQ(party.survival[0], 2);
  EXPECT_EQ(party.verve[0], 0);
  // "He will have 2 survival points in any future encounters that day."
  TrialRecord two;  // the trial's own dice from here (scripted ones would have to play the whole fight)
  two.reset(enc.combatant_count(), enc.features().size());
  std::ostringstream os;
  TextLog log(os);
  enc.simulate_carry(1, 0, two, log, party);
  EXPECT_EQ(party.in[gm::kCarrySurvival], 2) << os.str();
  EXPECT_EQ(party.in[gm::kCarrySurvivalLost], 5);
  EXPECT_EQ(party.in[gm::kCarryVerve], 0);
  EXPECT_NE(os.str().find("Toromeen carries 2 survival, 0 verve, 0 injuries and 0 mojo into this fight"),
            std::string::npos)
      << os.str();
}

TEST(SessionGodsAndMonsters, ANightRestoresLevelSurvivalOnAHealthRollAndAllTheVerve) {
  const auto c = compiled(kOrc);
  const auto& enc = std::get<gm::Encounter>(c.encounters[0][0]);
  NullLog log;
  gm::PartyState p;
  toromeen_and_the_orc(enc, p);
  gm::PartyState failed = p;
  // "If the roll is successful, Toromeen's survival will increase by two, to 4."
  ScriptedDice d{{{20, 10}}};
  enc.rest({gm::RestKind::night, gm::Heals::injury, 0}, p, d, log);
  EXPECT_TRUE(d.script.empty());
  EXPECT_EQ(p.survival[0], 4);
  EXPECT_EQ(p.verve[0], 17);  // "Toromeen's verve will fully restore to 17 tomorrow"
  // "Otherwise, only one survival point is regained."
  ScriptedDice d2{{{20, 11}}};
  enc.rest({gm::RestKind::night, gm::Heals::injury, 0}, failed, d2, log);
  EXPECT_EQ(failed.survival[0], 3);
  // An injury is a penalty on the health roll; a healer's bonus offsets it; a
  // success takes the injury off first.
  p.injuries[0] = 2;
  ScriptedDice d3{{{20, 9}}};  // 9 <= 10 + 1 - 2
  enc.rest({gm::RestKind::night, gm::Heals::injury, 1}, p, d3, log);
  EXPECT_EQ(p.injuries[0], 1);
  EXPECT_EQ(p.survival[0], 4);
  // With `heals: survival` the success goes to survival while some is lacking.
  ScriptedDice d4{{{20, 1}}};
  enc.rest({gm::RestKind::night, gm::Heals::survival, 0}, p, d4, log);
  EXPECT_EQ(p.injuries[0], 1);
  EXPECT_EQ(p.survival[0], 6);
  // Whole and uninjured: no roll at all.
  p.survival[0] = 7;
  p.injuries[0] = 0;
  ScriptedDice none;
  enc.rest({gm::RestKind::night, gm::Heals::injury, 0}, p, none, log);
  EXPECT_EQ(p.survival[0], 7);
}

TEST(SessionGodsAndMonsters, ADayHealsWithoutARollAndAnEncounterGivesBackLevelVerve) {
  const auto c = compiled(kOrc);
  const auto& enc = std::get<gm::Encounter>(c.encounters[0][0]);
  NullLog log;
  gm::PartyState p;
  toromeen_and_the_orc(enc, p);
  ScriptedDice none;
  enc.rest({gm::RestKind::encounter, gm::Heals::injury, 0}, p, none, log);
  EXPECT_EQ(p.verve[0], 2);  // up to his level (2) in verve
  EXPECT_EQ(p.survival[0], 2);
  p.injuries[0] = 1;
  enc.rest({gm::RestKind::day, gm::Heals::injury, 0}, p, none, log);
  EXPECT_EQ(p.injuries[0], 0);
  EXPECT_EQ(p.survival[0], 2);
  EXPECT_EQ(p.verve[0], 17);
  enc.rest({gm::RestKind::day, gm::Heals::injury, 0}, p, none, log);
  EXPECT_EQ(p.survival[0], 4);
  enc.rest({gm::RestKind::none, gm::Heals::injury, 0}, p, none, log);
  EXPECT_EQ(p.survival[0], 4);
  // The dead stay dead, and sit out the next fight.
  p.dead[0] = true;
  p.survival[0] = 0;
  enc.rest({gm::RestKind::day, gm::Heals::injury, 0}, p, none, log);
  EXPECT_EQ(p.survival[0], 0);
  TrialRecord rec;
  rec.reset(enc.combatant_count(), enc.features().size());
  enc.simulate_carry(1, 0, rec, log, p);
  EXPECT_EQ(p.in[gm::kCarryStanding], 0);
  EXPECT_TRUE(rec.combatants[0].dead);
  EXPECT_EQ(rec.combatants[0].actions, 0);
  EXPECT_NE(rec.outcome, Outcome::party_win);
  EXPECT_TRUE(p.dead[0]);
}

TEST(SessionGodsAndMonsters, RestOptionsAreCheckedWithDidYouMean) {
  const std::string head = kOrc;
  EXPECT_EQ(message_of([&] { compiled(head + "  - {rest: nigth}\n"); }),
            "unknown Gods & Monsters rest 'nigth' (did you mean 'night'?); expected one of 'none', 'encounter', "
            "'night' or 'day'");
  EXPECT_NE(message_of([&] { compiled(head + "  - {rest: night, options: {heal: injury}}\n"); })
                .find("did you mean 'heals'"),
            std::string::npos);
  EXPECT_NE(message_of([&] { compiled(head + "  - {rest: day, options: {health_bonus: 2}}\n"); })
                .find("`health_bonus` is for a night's health rolls"),
            std::string::npos);
  EXPECT_NE(message_of([&] { compiled(head + "  - {rest: encounter, options: {heals: survival}}\n"); })
                .find("`heals` is a choice of a night's or a day's rest"),
            std::string::npos);
}

// A session of one fight is, die for die, that fight's own run.
TEST(SessionGodsAndMonsters, OneFightSessionIsTheFightsOwnRun) {
  const Scenario sc = load_scenario_text(R"(ruleset: gods-and-monsters
name: s
include: [monsters.yaml, party.yaml]
party: [{use: Sam Stevens}, {use: Toromeen}]
foes: [{use: Goblin, count: 3}]
)", "s.yaml", ruleset_ids(), ENCSIM_SOURCE_DIR "/scenarios/gods-and-monsters");
  const AnyEncounter alone = compile_variant(sc, sc.variants[0]);
  const RunSettings s = settings(5000, 7);
  const Tally want = run_trials(std::get<gm::Encounter>(alone), s).tally;
  const auto c = compiled(R"(ruleset: gods-and-monsters
include: [monsters.yaml, party.yaml]
party: [{use: Sam Stevens}, {use: Toromeen}]
fights:
  - foes: [{use: Goblin, count: 3}]
)");
  const auto runs = cli::run_compiled(c, s);
  EXPECT_TRUE(runs[0].fights[0] == want);
  EXPECT_EQ(runs[0].session.survived_all, want.party_wins);
}

TEST(SessionGodsAndMonsters, TheShippedDayGivesTheSameBytesAtOneTwoAndEightThreads) {
  const auto c = cli::compile_session(ENCSIM_SOURCE_DIR "/scenarios/gods-and-monsters/day.yaml", {});
  std::string first;
  for (const int threads : {1, 2, 8}) {
    const RunSettings s = settings(2 * kChunkTrials + 17, 5, threads);
    const cli::SessionReport r = cli::session_report(c, cli::run_compiled(c, s), s);
    const std::string bytes = to_csv(r.session) + to_csv(summary_table(r.fights));
    if (first.empty()) first = bytes;
    EXPECT_EQ(bytes, first) << threads << " threads";
  }
}

}  // namespace
}  // namespace encsim
