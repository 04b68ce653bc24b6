// cairn-ap sessions (issue 14): what carries from one fight to the next and
// what each rest restores (scripted dice), the rests' input errors, a
// one-fight session equal to the fight's own run, and the shipped day at 1,
// 2 and 8 threads.
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
namespace ca = cairn_ap;

using testing::settings;
cli::CompiledSession compiled(const std::string& yaml) { return testing::compiled_session(yaml, "cairn-ap"); }

// The seed's axe example, turned round: the PC Bo'Mack blocks (TR 21) and
// takes Ael'Onor's IR 28 greataxe blow, 6 less 1 Armor: 5 damage a fight.
const char* const kAxe = R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2}
party:
  - {name: Bo'Mack, str: 11, hp: 10, weapon: sword, shield: d6, armor: [shield], defence: block, tactics: [{do: pass}]}
  - {name: Wren, str: 10, dex: 10, wil: 10, hp: 4, tactics: [{do: pass}]}
fights:
  - foes:
      - {name: Ael'Onor, str: 12, hp: 5, weapon: greataxe, weapon_advantage: 1, attack_advantage: 1,
         tactics: [{do: attack, target: highest_hp}]}
)";

struct Fought {
  TrialRecord rec;
  std::string log;
};

Fought axe_fight(const ca::Encounter& enc, ca::PartyState& party) {
  Fought f;
  f.rec.reset(enc.combatant_count(), enc.features().size());
  std::ostringstream os;
  TextLog log(os);
  ScriptedDice init{{{20, 5}, {20, 4}, {20, 15}}};  // Ael'Onor first
  ScriptedDice dice{{{20, 4}, {20, 10}, {10, 6}, {10, 2}, {20, 7}, {6, 3}}};
  ScriptedDice tact, setup;
  enc.simulate_carry_with(dice, init, tact, setup, f.rec, log, party);
  f.log = os.str();
  EXPECT_TRUE(dice.script.empty()) << f.log;
  return f;
}

ca::PartyState fresh_state(const ca::Encounter& enc) {
  // One fight with the blow, from nothing: the state every test starts from.
  ca::PartyState p;
  axe_fight(enc, p);
  return p;
}

TEST(SessionCairnAp, TheNextFightStartsFromTheHpTheLastOneLeft) {
  const auto c = compiled(kAxe);
  const auto& enc = std::get<ca::Encounter>(c.encounters[0][0]);
  ca::PartyState party;
  const Fought one = axe_fight(enc, party);
  EXPECT_EQ(one.rec.combatants[0].damage_taken, 5) << one.log;
  EXPECT_EQ(party.in[ca::kCarryHp], 14);  // 10 + 4: the first fight starts fresh
  EXPECT_EQ(party.hp[0], 5);
  // Fight 2 starts at 5 HP; the same blow takes Bo'Mack to exactly 0: Scars #5.
  const Fought two = axe_fight(enc, party);
  EXPECT_EQ(party.in[ca::kCarryHp], 9) << two.log;
  EXPECT_EQ(party.in[ca::kCarryHpLost], 5);
  EXPECT_EQ(two.rec.combatants[0].extra[ca::kExHpStart], 5);
  EXPECT_NE(two.log.find("Bo'Mack carries HP 5/10, STR 11/11, 0 Fatigue into this fight"), std::string::npos) << two.log;
  EXPECT_EQ(party.hp[0], 0);
  EXPECT_EQ(party.scars[0], ca::scar_bit(5));
  EXPECT_EQ(party.life[0], ca::Life::up);
}

TEST(SessionCairnAp, TheDeadTheDyingAndTheCrawlingSitOutTheNextFight) {
  const auto c = compiled(kAxe);
  const auto& enc = std::get<ca::Encounter>(c.encounters[0][0]);
  for (const ca::Life life : {ca::Life::dead, ca::Life::dying, ca::Life::crawls}) {
    ca::PartyState party = fresh_state(enc);
    party.life[1] = life;
    const Fought f = axe_fight(enc, party);
    EXPECT_EQ(party.in[ca::kCarryStanding], 1);
    EXPECT_EQ(party.in[ca::kCarryOut], life == ca::Life::dead ? 0 : 1);
    EXPECT_TRUE(f.rec.combatants[1].down);
    EXPECT_EQ(f.rec.combatants[1].dead, life == ca::Life::dead);
    EXPECT_EQ(f.rec.combatants[1].actions, 0) << f.log;
    EXPECT_EQ(party.life[1], life);  // nothing in a fight changes it
  }
}

TEST(SessionCairnAp, ABreatherRestoresHpButNotToTheDeprivedAndBandagesTheDying) {
  const auto c = compiled(kAxe);
  const auto& enc = std::get<ca::Encounter>(c.encounters[0][0]);
  NullLog log;
  ca::PartyState p = fresh_state(enc);
  p.hp[1] = 1;
  p.scars[1] = ca::scar_bit(3);  // Walloped: deprived until a few hours' rest
  p.str[0] = 7;
  p.fatigue[0] = 1;
  ScriptedDice none;
  enc.rest({ca::RestKind::breather, true, false}, p, none, log);
  EXPECT_EQ(p.hp[0], 10);
  EXPECT_EQ(p.str[0], 7);      // attributes wait for a week
  EXPECT_EQ(p.fatigue[0], 1);  // Fatigue for a night
  EXPECT_EQ(p.hp[1], 1);       // deprived
  // `none` restores nothing, and the dying stay dying.
  p.hp[0] = 2;
  p.life[0] = ca::Life::dying;
  enc.rest({ca::RestKind::none, true, false}, p, none, log);
  EXPECT_EQ(p.hp[0], 2);
  EXPECT_EQ(p.life[0], ca::Life::dying);
  // Bandaged, the dying stabilise and crawl; untreated, they die.
  ca::PartyState q = p;
  enc.rest({ca::RestKind::breather, true, false}, p, none, log);
  EXPECT_EQ(p.life[0], ca::Life::crawls);
  enc.rest({ca::RestKind::breather, false, false}, q, none, log);
  EXPECT_EQ(q.life[0], ca::Life::dead);
  EXPECT_EQ(q.hp[0], 2);  // the dead stay as they were
  ScriptedDice walloped{{{6, 1}}};  // Wren's Walloped, over after a week
  enc.rest({ca::RestKind::week, true, false}, q, walloped, log);
  EXPECT_TRUE(walloped.script.empty());
  EXPECT_EQ(q.life[0], ca::Life::dead);
  EXPECT_EQ(q.hp[0], 2);
}

TEST(SessionCairnAp, ANightClearsFatigueAndWallopedAndMayLetTheCrawlingUp) {
  const auto c = compiled(kAxe);
  const auto& enc = std::get<ca::Encounter>(c.encounters[0][0]);
  NullLog log;
  ca::PartyState p = fresh_state(enc);
  p.hp[1] = 1;
  p.scars[1] = ca::scar_bit(3);
  p.fatigue[0] = 2;
  p.free_slots[0] = 0;
  p.fatigue_on_3[0] = true;
  p.life[0] = ca::Life::crawls;
  ca::PartyState q = p;
  ScriptedDice d{{{6, 4}}};  // Walloped: +1d6 max HP
  enc.rest({ca::RestKind::night, true, false}, p, d, log);
  EXPECT_TRUE(d.script.empty());
  EXPECT_EQ(p.hp_max[1], 8);
  EXPECT_EQ(p.hp[1], 8);
  EXPECT_EQ(p.scars[1], 0);
  EXPECT_EQ(p.fatigue[0], 0);
  EXPECT_EQ(p.free_slots[0], std::min(2, enc.fighters[0].free_slots));
  EXPECT_FALSE(p.fatigue_on_3[0]);
  EXPECT_EQ(p.life[0], ca::Life::crawls);  // a night alone: still out of action
  ScriptedDice d2{{{6, 4}}};
  enc.rest({ca::RestKind::night, true, true}, q, d2, log);  // crawlers_rise
  EXPECT_EQ(q.life[0], ca::Life::up);
}

TEST(SessionCairnAp, AWeekRestoresAttributesAndRecoversTheScarsThatWaitForIt) {
  const auto c = compiled(kAxe);
  const auto& enc = std::get<ca::Encounter>(c.encounters[0][0]);
  NullLog log;
  ca::PartyState p = fresh_state(enc);
  p.str[0] = 3;
  p.life[0] = ca::Life::crawls;
  p.scars[0] = ca::scar_bit(1) | ca::scar_bit(4);  // Lasting Scar at once, Broken Limb once mended
  p.scars[1] = ca::scar_bit(11);                   // Mortal Wound: deprived until it heals
  // #1: 1d6 6 < max HP 10, kept; #4: 2d6 6 + 6 = 12 > 10, the new max. #11: 2d6 1 + 2 = 3, the new max.
  ScriptedDice d{{{6, 6}, {6, 6}, {6, 6}, {6, 1}, {6, 2}}};
  ca::PartyState q = p;
  enc.rest({ca::RestKind::week, true, false}, p, d, log);
  EXPECT_TRUE(d.script.empty());
  EXPECT_EQ(p.str[0], 11);
  EXPECT_EQ(p.life[0], ca::Life::up);
  EXPECT_EQ(p.hp_max[0], 12);
  EXPECT_EQ(p.hp[0], 12);
  EXPECT_EQ(p.hp_max[1], 3);
  EXPECT_EQ(p.hp[1], 3);
  EXPECT_EQ(p.scars[0] | p.scars[1], 0);
  // A breather rolls #1 only; the Mortal Wound keeps its PC deprived.
  q.hp[1] = 1;
  ScriptedDice d2{{{6, 2}}};
  enc.rest({ca::RestKind::breather, true, false}, q, d2, log);
  EXPECT_TRUE(d2.script.empty());
  EXPECT_EQ(q.scars[0], ca::scar_bit(4));
  EXPECT_EQ(q.hp[1], 1);
  EXPECT_EQ(q.life[0], ca::Life::crawls);
}

TEST(SessionCairnAp, RestOptionsAreCheckedWithDidYouMean) {
  const std::string head = std::string(kAxe);
  EXPECT_EQ(message_of([&] { compiled(head + "  - {rest: nigth}\n"); }),
            "unknown cairn-ap rest 'nigth' (did you mean 'night'?); expected one of 'none', 'breather', 'night' or "
            "'week'");
  EXPECT_NE(message_of([&] { compiled(head + "  - {rest: night, options: {bandage: false}}\n"); })
                .find("did you mean 'bandages'"),
            std::string::npos);
  EXPECT_NE(message_of([&] { compiled(head + "  - {rest: week, options: {crawlers_rise: true}}\n"); })
                .find("`crawlers_rise` is the choice of a night's rest"),
            std::string::npos);
  const auto c = compiled(head + "  - {rest: night, options: {bandages: false, crawlers_rise: true}}\n" +
                          "  - foes: [{name: Rat, hp: 1}]\n");
  EXPECT_EQ(c.encounters.size(), 1u);
}

// A session of one fight is, die for die, that fight's own run.
TEST(SessionCairnAp, OneFightSessionIsTheFightsOwnRun) {
  const Scenario sc = load_scenario_text(R"(ruleset: cairn-ap
name: s
include: [monsters.yaml, party.yaml]
party: [{use: Ael'Onor}, {use: Barry}]
foes: [{use: Goblin, count: 3}]
)", "s.yaml", ruleset_ids(), ENCSIM_SOURCE_DIR "/scenarios/cairn-ap");
  const AnyEncounter alone = compile_variant(sc, sc.variants[0]);
  const RunSettings s = settings(5000, 7);
  const Tally want = run_trials(std::get<ca::Encounter>(alone), s).tally;
  const auto c = compiled(R"(ruleset: cairn-ap
include: [monsters.yaml, party.yaml]
party: [{use: Ael'Onor}, {use: Barry}]
fights:
  - foes: [{use: Goblin, count: 3}]
)");
  const auto runs = cli::run_compiled(c, s);
  EXPECT_TRUE(runs[0].fights[0] == want);
  EXPECT_EQ(runs[0].session.survived_all, want.party_wins);
}

TEST(SessionCairnAp, TheShippedDayGivesTheSameBytesAtOneTwoAndEightThreads) {
  const auto c = cli::compile_session(ENCSIM_SOURCE_DIR "/scenarios/cairn-ap/day.yaml", {});
  std::string first;
  for (const int threads : {1, 2, 8}) {
    const RunSettings s = settings(2 * kChunkTrials + 17, 5, threads);
    const cli::SessionReport r = cli::session_report(c, cli::run_compiled(c, s), s);
    const std::string bytes = to_csv(r.session) + to_csv(summary_table(r.fights));
    if (first.empty()) first = bytes;
    EXPECT_EQ(bytes, first) << threads << " threads";
  }
  // The rests matter: the day is easier with the night's rest than without.
  const auto runs = cli::run_compiled(c, settings(4000, 11));
  ASSERT_EQ(runs.size(), 4u);
  EXPECT_GT(runs[0].session.fights[2].carry[ca::kCarryHp].sum(), runs[2].session.fights[2].carry[ca::kCarryHp].sum());
}

}  // namespace
}  // namespace encsim
