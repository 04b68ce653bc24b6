// Monsters & Magic sessions (issue 14): what a fight carries into the next,
// what each rest restores (scripted dice), the rests' options and their
// errors, a one-fight session equal to the fight's own run, the shipped day.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/cli.hpp"
#include "cli/session.hpp"
#include "encsim/session.hpp"
#include "encsim/session_runner.hpp"
#include "input_error.hpp"
#include "session_testing.hpp"
#include "io/yaml.hpp"
#include "rules/monsters_and_magic/mnm.hpp"
#include "rules/registry.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::message_of;
using testing::ScriptedDice;

constexpr const char* kDir = ENCSIM_SOURCE_DIR "/scenarios/monsters-and-magic";

cli::CompiledSession compiled(const std::string& yaml) { return testing::compiled_session(yaml, "monsters-and-magic"); }

Node yaml(const std::string& text) { return parse_yaml(SourceFile::from_text("x.yaml", text), text); }
Node kind_node(const char* k) { return Node::scalar(k, SourcePos{}); }

using testing::settings;

// Two PCs (hp 20, focus 2, one proficiency bonus: one thread each) against
// goblins, twice, with a short rest between.
const char* const kDuo = R"(ruleset: monsters-and-magic
party:
  - {name: Hero, power: 2, cunning: 0, luck: 1, focus: 2, hp: 20, damage: d8, supplies: 2, potions: 3}
  - {name: Sage, power: 1, cunning: 0, luck: 1, focus: 1, hp: 16, damage: d6}
fights:
  - name: first
    foes: [{name: Goblin, cr: 1, hp: 10, ac: 1, damage: d10, fatigue: 2, exhaustion: 1}]
  - rest: short
    name: camp
  - name: second
    foes: [{name: Goblin, cr: 1, hp: 10, ac: 1, damage: d10, fatigue: 2, exhaustion: 1, count: 2}]
)";

const mnm::Encounter& first_fight(const cli::CompiledSession& c) { return std::get<mnm::Encounter>(c.encounters[0][0]); }

mnm::PartyState state_of(const mnm::Encounter& enc) {
  mnm::PartyState p;
  p.started = true;
  p.gm_threads = 1;
  for (int i = 0; i < enc.n_party; ++i) {
    const mnm::Fighter& f = enc.fighters[static_cast<std::size_t>(i)];
    p.hp[i] = f.hp;
    p.temp_hp[i] = 0;
    p.fatigue[i] = p.exhaustion[i] = 0;
    p.threads[i] = f.pb;
    p.potions[i] = f.potions;
    p.ready_potions[i] = std::min(f.potions, f.loadout);
    p.supplies[i] = f.supplies;
    p.awake[i] = true;
    p.dead[i] = false;
  }
  return p;
}

TEST(SessionMnm, TheNextFightStartsWhereTheLastLeftOff) {
  const auto c = compiled(kDuo);
  const auto& one = first_fight(c);
  const auto& two = std::get<mnm::Encounter>(c.encounters[0][1]);
  // Fight 1 from a fresh party, then fight 2 from what it left: its start
  // state is fight 1's end, wounds, threads and the GM's threads included.
  for (std::uint64_t trial = 0; trial < 40; ++trial) {
    mnm::PartyState party;
    TrialRecord r1, r2;
    r1.reset(one.combatant_count(), one.features().size());
    NullLog log;
    one.simulate_carry(11, trial, r1, log, party);
    EXPECT_EQ(party.in[mnm::kCarryHp], 36);  // the fresh party
    EXPECT_EQ(party.in[mnm::kCarryGmThreads], 1);
    int hp = 0;
    for (int i = 0; i < 2; ++i) {
      EXPECT_EQ(party.hp[i], r1.combatants[static_cast<std::size_t>(i)].hp_left);
      EXPECT_EQ(party.dead[i], r1.combatants[static_cast<std::size_t>(i)].dead);
      hp += party.dead[i] ? 0 : party.hp[i];
    }
    EXPECT_EQ(party.gm_threads, r1.resources[mnm::kGmThreadsEnd]);
    const mnm::PartyState after_one = party;
    r2.reset(two.combatant_count(), two.features().size());
    two.simulate_carry(12, trial, r2, log, party);
    EXPECT_EQ(party.in[mnm::kCarryHp], hp) << "trial " << trial;
    EXPECT_EQ(party.in[mnm::kCarryGmThreads], after_one.gm_threads);
    int threads = 0;
    for (int i = 0; i < 2; ++i) threads += after_one.dead[i] ? 0 : after_one.threads[i];
    EXPECT_EQ(party.in[mnm::kCarryThreads], threads);
  }
}

TEST(SessionMnm, TheDeadStayDeadAndTheStableWakeOnlyWhenHealed) {
  const auto c = compiled(kDuo);
  const auto& two = std::get<mnm::Encounter>(c.encounters[0][1]);
  mnm::PartyState p = state_of(two);
  p.dead[1] = true;
  p.hp[1] = 0;
  p.awake[1] = false;
  p.hp[0] = 0;  // stabilised after the last fight
  p.awake[0] = false;
  TrialRecord rec;
  rec.reset(two.combatant_count(), two.features().size());
  std::ostringstream os;
  TextLog log(os);
  ScriptedDice lenient{{}, true};
  ScriptedDice init{{}, true}, tact{{}, true}, setup{{}, true};
  two.simulate_carry_with(lenient, init, tact, setup, rec, log, p);
  // Nobody awake: the party is beaten on the goblins' first turn.
  EXPECT_EQ(rec.outcome, Outcome::foes_win) << os.str();
  EXPECT_TRUE(p.dead[1]);
  EXPECT_TRUE(rec.combatants[1].dead);
  EXPECT_EQ(p.in[mnm::kCarryStanding], 0);
  EXPECT_EQ(p.in[mnm::kCarryHpLost], 20);  // the dead Sage is not counted
  EXPECT_NE(os.str().find("Hero carries 0/20 hp, fatigue 0, exhaustion 0, 1 thread(s), 3 potion(s) (stable, unconscious)"),
            std::string::npos)
      << os.str();
  EXPECT_NE(os.str().find("Sage carries 0/16 hp, fatigue 0, exhaustion 0, 1 thread(s), 0 potion(s) (dead)"),
            std::string::npos);
  // A rest does not raise the dead.
  for (const char* kind : {"short", "long", "extended"}) {
    mnm::PartyState q = state_of(two);
    q.dead[1] = true;
    q.hp[1] = 0;
    q.awake[1] = false;
    ScriptedDice d{{}, true};
    NullLog quiet;
    two.rest(mnm::Encounter::compile_rest(kind_node(kind), Node()), q, d, quiet);
    EXPECT_TRUE(q.dead[1]) << kind;
    EXPECT_EQ(q.hp[1], 0) << kind;
  }
}

TEST(SessionMnm, AShortRestTendsWoundsWithUpToTwoSuppliesAndClearsTwoFatigue) {
  const auto c = compiled(kDuo);
  const auto& enc = first_fight(c);
  NullLog log;
  mnm::PartyState p = state_of(enc);
  p.hp[0] = 4;  // 16 short of 20: 4 supplies' worth (5 each), but a short rest spends at most 2
  p.supplies[0] = 3;
  p.fatigue[0] = 3;
  p.exhaustion[0] = 2;
  p.ready_potions[0] = 0;
  // The Sage, unhurt and rested, gathers supplies: focus roll 17 + 1 = 18, a strong hit.
  ScriptedDice d{{{20, 17}}};
  enc.rest(mnm::Encounter::compile_rest(kind_node("short"), Node()), p, d, log);
  EXPECT_TRUE(d.script.empty());
  EXPECT_EQ(p.hp[0], 14);
  EXPECT_EQ(p.supplies[0], 1);
  EXPECT_EQ(p.fatigue[0], 1);
  EXPECT_EQ(p.exhaustion[0], 2);  // a short rest never lowers exhaustion
  EXPECT_EQ(p.ready_potions[0], 1);  // the loadout (cunning 0: one spot) refilled
  EXPECT_EQ(p.supplies[1], 2);
  EXPECT_EQ(p.gm_threads, 1);  // a short rest gives the GM nothing
  // The activities written for everyone: the Hero gathers (weak hit, 10 + 2
  // - 1 for exhaustion 2 = 11: 1 supply) and clears fatigue; the Sage
  // gathers nothing (2 + 1 = 3, a miss).
  ScriptedDice d2{{{20, 10}, {20, 2}}};
  const Node acts = yaml("activities: [gather_supplies, clear_fatigue]");
  enc.rest(mnm::Encounter::compile_rest(kind_node("short"), acts), p, d2, log);
  EXPECT_TRUE(d2.script.empty());
  EXPECT_EQ(p.supplies[0], 2);
  EXPECT_EQ(p.fatigue[0], 0);
  EXPECT_EQ(p.hp[0], 14);
  EXPECT_EQ(p.supplies[1], 2);
}

TEST(SessionMnm, ALongRestClearsFatigueBuysExhaustionAndGivesThreadsToBothSides) {
  const auto c = compiled(kDuo);
  const auto& enc = first_fight(c);
  std::ostringstream os;
  TextLog log(os);
  mnm::PartyState p = state_of(enc);
  p.hp[0] = 10;  // 5 per supply: two supplies heal it, the third buys an exhaustion back
  p.supplies[0] = 3;
  p.fatigue[0] = 4;
  p.exhaustion[0] = 3;
  p.threads[0] = 0;
  p.hp[1] = 0;  // stable at 0 hp, no supplies: wakes at the end of the rest
  p.awake[1] = false;
  p.threads[1] = 1;
  ScriptedDice d{{{20, 20}}};  // the Sage gathers: a natural 20, 2 supplies, a thread it already holds, the GM one
  enc.rest(mnm::Encounter::compile_rest(kind_node("long"), Node()), p, d, log);
  EXPECT_TRUE(d.script.empty()) << os.str();
  EXPECT_EQ(p.hp[0], 20);
  EXPECT_EQ(p.fatigue[0], 0);
  EXPECT_EQ(p.exhaustion[0], 2);
  EXPECT_EQ(p.supplies[0], 0);
  EXPECT_EQ(p.threads[0], 1);  // none held: one back
  EXPECT_TRUE(p.awake[1]) << os.str();
  EXPECT_EQ(p.supplies[1], 0);  // gathered 2, then tended its wounds with them (16 / 4 = 4 each: 8 hp)
  EXPECT_EQ(p.hp[1], 8);
  EXPECT_EQ(p.threads[1], 1);
  EXPECT_EQ(p.gm_threads, 3);  // the natural 20, and the end of the long rest
}

TEST(SessionMnm, AnExtendedRestRecuperatesAndNoneDoesNothing) {
  const auto c = compiled(kDuo);
  const auto& enc = first_fight(c);
  NullLog log;
  ScriptedDice none;
  mnm::PartyState p = state_of(enc);
  p.hp[0] = 3;
  p.fatigue[0] = 4;
  p.exhaustion[0] = 5;
  p.awake[0] = false;  // out from exhaustion
  p.threads[0] = 0;
  mnm::PartyState q = p;
  enc.rest(mnm::Encounter::compile_rest(kind_node("none"), Node()), q, none, log);
  EXPECT_EQ(q.hp[0], 3);
  EXPECT_FALSE(q.awake[0]);
  EXPECT_EQ(q.gm_threads, 1);
  enc.rest(mnm::Encounter::compile_rest(kind_node("extended"), Node()), p, none, log);
  EXPECT_EQ(p.hp[0], 20);
  EXPECT_EQ(p.fatigue[0], 0);
  EXPECT_EQ(p.exhaustion[0], 3);
  EXPECT_TRUE(p.awake[0]);
  EXPECT_EQ(p.threads[0], 1);
  EXPECT_EQ(p.gm_threads, 2);
}

TEST(SessionMnm, RestOptionsAreCheckedWithWhereAndWhatWasMeant) {
  const auto rest = [](const char* kind, const char* opts) {
    return [=] { mnm::Encounter::compile_rest(kind_node(kind), yaml(opts)); };
  };
  EXPECT_EQ(message_of([] { mnm::Encounter::compile_rest(kind_node("shrot"), Node()); }),
            "unknown Monsters & Magic rest 'shrot' (did you mean 'short'?); expected one of 'none', 'short', 'long' or "
            "'extended'");
  EXPECT_EQ(message_of(rest("short", "activites: best")),
            "unknown key 'activites' in Monsters & Magic rest options (did you mean 'activities'?)");
  EXPECT_EQ(message_of(rest("short", "activities: [tend_wounds, clear_fatige]")),
            "unknown activity 'clear_fatige' (did you mean 'clear_fatigue'?); expected one of 'tend_wounds', "
            "'clear_fatigue' or 'gather_supplies'");
  EXPECT_NE(message_of(rest("short", "activities: [tend_wounds, tend_wounds]")).find("two different ones"),
            std::string::npos);
  EXPECT_NE(message_of(rest("short", "activities: [tend_wounds]")).find("a list of two"), std::string::npos);
  EXPECT_NE(message_of(rest("extended", "activities: best")).find("Recuperate"), std::string::npos);
  EXPECT_NO_THROW(rest("long", "activities: [gather_supplies, tend_wounds]")());
  // Supplies are a PC's: a foe's would be ignored, so they are an error.
  EXPECT_NE(message_of([] {
              compiled("ruleset: monsters-and-magic\nparty: [{name: A, hp: 10, damage: d6}]\nfights:\n  - foes: "
                       "[{name: B, cr: 1, hp: 5, damage: d4, supplies: 2}]\n");
            }).find("supplies are a PC's"),
            std::string::npos);
}

TEST(SessionMnm, AOneFightSessionIsTheFightsOwnRun) {
  const Scenario sc = load_scenario_text(R"(ruleset: monsters-and-magic
name: s
include: [monsters.yaml, party.yaml]
party: [{use: Warden}, {use: Friar}]
foes: [{use: Goblin, count: 3}, {use: Goblin Archer}]
)", "s.yaml", ruleset_ids(), kDir);
  const AnyEncounter alone = compile_variant(sc, sc.variants[0]);
  const RunSettings s = settings(4000, 7);
  const Tally want = run_trials(std::get<mnm::Encounter>(alone), s).tally;
  const auto c = compiled(R"(ruleset: monsters-and-magic
include: [monsters.yaml, party.yaml]
party: [{use: Warden}, {use: Friar}]
fights:
  - foes: [{use: Goblin, count: 3}, {use: Goblin Archer}]
)");
  auto runs = cli::run_compiled(c, s);
  EXPECT_TRUE(runs[0].fights[0] == want);
  EXPECT_EQ(runs[0].session.survived_all, want.party_wins);
}

TEST(SessionMnm, TheShippedDayRunsAndTheRestHelps) {
  const auto c = cli::compile_session(std::string(kDir) + "/day.yaml", {});
  const auto runs = cli::run_compiled(c, settings(3000, 5));
  ASSERT_EQ(runs.size(), 5u);
  ASSERT_EQ(runs[0].session.fights.size(), 3u);
  // On the same dice, the short rest before the bridge gets more parties through than none.
  EXPECT_GT(runs[0].session.survived_all, runs[1].session.survived_all);
  // Whoever reaches the bridge after the rest carries in no more hp lost than without it.
  EXPECT_LE(runs[0].session.fights[2].carry[mnm::kCarryHpLost].mean(),
            runs[1].session.fights[2].carry[mnm::kCarryHpLost].mean());
}

}  // namespace
}  // namespace encsim
