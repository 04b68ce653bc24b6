// Sessions (issue 14): loading and its errors, what each system carries and
// what each rest restores (scripted dice), a one-fight session equal to the
// fight's own run, a two-fight FIVEY session solved by enumeration, and the
// same bytes at 1, 2 and 8 threads.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "cli/cli.hpp"
#include "cli/session.hpp"
#include "encsim/session.hpp"
#include "input_error.hpp"
#include "session_testing.hpp"
#include "run_encsim.hpp"
#include "scripted_dice.hpp"
#include "rules/registry.hpp"

namespace encsim {
namespace {

using testing::message_of;
using testing::ScriptedDice;
using testing::where_of;

using testing::session_from;
using testing::settings;
cli::CompiledSession compiled(const std::string& yaml, const std::string& dir) {
  return testing::compiled_session(yaml, dir);
}

// ---------------------------------------------------------------------------
// Loading.

const char* const kFiveyDuo = R"(ruleset: fivey
options: {natural_20_inspiration: false}
party:
  - {name: Hero, level: 0, dexterity: 2, weapon: sling, hp: 6}
fights:
  - name: first rat
    foes: [{name: Rat, dexterity: 2, defense: 1, hp: 1, damage: 1d4, ranged: true}]
  - rest: night
    name: camp
  - name: second rat
    foes: [{name: Rat, dexterity: 2, defense: 1, hp: 1, damage: 1d4, ranged: true}]
variants:
  - name: no camp
    set: {fights.camp.rest: none}
  - name: one rat
    order: [second rat]
)";

TEST(SessionLoad, FightsRestsAndVariants) {
  const Session s = session_from(kFiveyDuo, "fivey");
  ASSERT_EQ(s.variants.size(), 3u);
  const auto& base = s.variants[0].items;
  ASSERT_EQ(base.size(), 3u);
  EXPECT_TRUE(base[0].fight);
  EXPECT_FALSE(base[1].fight);
  EXPECT_EQ(base[1].rest.text(), "night");
  EXPECT_EQ(base[2].key, 2u);
  EXPECT_EQ(s.variants[1].items[1].rest.text(), "none");
  // A variant that drops items keeps each item's key, so its dice.
  ASSERT_EQ(s.variants[2].items.size(), 1u);
  EXPECT_EQ(s.variants[2].items[0].key, 2u);
  // The session's options reach every fight.
  EXPECT_EQ(base[2].doc.find("options")->find("natural_20_inspiration")->text(), "false");
}

TEST(SessionLoad, ErrorsSayWhereAndWhatWasMeant) {
  const auto load = [](const std::string& yaml) { return [yaml] { session_from(yaml, "fivey"); }; };
  const std::string head = "ruleset: fivey\nparty: [{name: Hero, hp: 6, weapon: sling}]\n";
  EXPECT_EQ(message_of(load(head + "fights:\n  - {name: a, fooes: [{name: Rat, hp: 1, damage: d4}]}\n")),
            "unknown key 'fooes' in fight (did you mean 'foes'?)");
  EXPECT_EQ(where_of(load(head + "fights:\n  - {name: a, fooes: [{name: Rat, hp: 1, damage: d4}]}\n")).first, 4);
  EXPECT_NE(message_of(load(head + "fights:\n  - {name: a, foes: [{name: Rat, hp: 1, damage: d4}]}\nvariants:\n  - {name: v, "
                                   "order: [b]}\n")).find("no fight or rest 'b'"),
            std::string::npos);
  EXPECT_NE(message_of(load(head + "fights:\n  - {name: a, foes: [{name: Rat, hp: 1, damage: d4}]}\nvariants:\n  - {name: v, "
                                   "set: {fights.A.foes.Rta.hp: 3}}\n")).find("did you mean 'Rat'"),
            std::string::npos);
  EXPECT_NE(message_of(load(head + "fights:\n  - {name: a, foes: [{name: Rat, hp: 1, damage: d4}]}\n  - {name: A, foes: "
                                   "[{name: Rat, hp: 1, damage: d4}]}\n")).find("two items of fights are named 'A'"),
            std::string::npos);
  // The rule system reads the rest's kind, with a did-you-mean.
  const auto compile = [&](const std::string& yaml) { return [yaml] { compiled(yaml, "fivey"); }; };
  EXPECT_EQ(message_of(compile(head + "fights:\n  - {name: a, foes: [{name: Rat, hp: 1, damage: d4}]}\n  - {rest: nigth}\n")),
            "unknown FIVEY rest 'nigth' (did you mean 'night'?); expected one of 'none', 'night' or 'downtime'");
  EXPECT_NE(message_of(compile(head + "fights:\n  - {rest: night}\n  - {name: a, foes: [{name: Rat, hp: 1, damage: d4}]}\n"))
                .find("a session starts with a fight"),
            std::string::npos);
  // A scenario command given a session says what it is.
  EXPECT_NE(message_of([] {
              load_scenario_text("ruleset: fivey\nfights: []\n", "x.yaml", ruleset_ids());
            }).find("this is a session"),
            std::string::npos);
}

// ---------------------------------------------------------------------------
// FIVEY: carry-over and rests, with scripted dice.

TEST(SessionFivey, TheNextFightStartsFromTheCarriedHitPointsAndDeaths) {
  const auto c = compiled(kFiveyDuo, "fivey");
  const auto& enc = std::get<fivey::Encounter>(c.encounters[0][0]);
  fivey::PartyState party;
  party.started = true;
  party.hp[0] = 2;
  party.hp_max[0] = 6;
  party.inspiration[0] = 0;
  party.alive[0] = true;
  party.shield[0] = false;
  TrialRecord rec;
  rec.reset(enc.combatant_count(), enc.features().size());
  std::ostringstream os;
  TextLog log(os);
  // Initiative: the rat 10, the hero 5 (the rat first); the rat hits twice
  // (d20 20, d4 1; d20 20, d4 1), leaving the hero at 0: dead.
  ScriptedDice init{{{20, 10}, {20, 5}}};
  ScriptedDice dice{{{20, 20}, {4, 1}, {20, 20}, {4, 1}}};
  ScriptedDice setup{{}, true}, tact{{}, true};
  enc.simulate_carry_with(dice, init, tact, setup, rec, log, party);
  EXPECT_EQ(party.in[fivey::kCarryHp], 2) << os.str();  // what it carried in
  EXPECT_EQ(party.in[fivey::kCarryHpLost], 4);
  EXPECT_EQ(rec.combatants[0].extra[fivey::kExtraHpStart], 2);
  EXPECT_EQ(rec.outcome, Outcome::foes_win) << os.str();
  EXPECT_FALSE(party.alive[0]);
  EXPECT_EQ(party.hp[0], 0);
  EXPECT_NE(os.str().find("Hero carries 2/6 hp and 0 inspiration dice"), std::string::npos) << os.str();
}

TEST(SessionFivey, RestsRestoreWhatTheTextSays) {
  const auto c = compiled(kFiveyDuo, "fivey");
  const auto& enc = std::get<fivey::Encounter>(c.encounters[0][0]);
  NullLog log;
  const auto state = [](int hp, int insp) {
    fivey::PartyState p;
    p.started = true;
    p.hp[0] = hp;
    p.hp_max[0] = 6;
    p.inspiration[0] = insp;
    p.alive[0] = true;
    p.shield[0] = false;
    return p;
  };
  // A night: Recover, 1d6 + level (0) hit points, capped at the maximum.
  fivey::PartyState p = state(1, 0);
  ScriptedDice d{{{6, 3}}};
  enc.rest({fivey::RestKind::night, fivey::RestAction::best}, p, d, log);
  EXPECT_EQ(p.hp[0], 4);
  ScriptedDice d2{{{6, 6}}};
  enc.rest({fivey::RestKind::night, fivey::RestAction::recover}, p, d2, log);
  EXPECT_EQ(p.hp[0], 6);
  // Downtime: full hit points and the starting inspiration dice, no die.
  p = state(1, 0);
  ScriptedDice none;
  enc.rest({fivey::RestKind::downtime, fivey::RestAction::best}, p, none, log);
  EXPECT_EQ(p.hp[0], 6);
  // None: nothing.
  p = state(1, 0);
  enc.rest({fivey::RestKind::none, fivey::RestAction::best}, p, none, log);
  EXPECT_EQ(p.hp[0], 1);
  // The dead stay dead.
  p = state(0, 0);
  p.alive[0] = false;
  enc.rest({fivey::RestKind::downtime, fivey::RestAction::best}, p, none, log);
  EXPECT_EQ(p.hp[0], 0);
}

TEST(SessionFivey, PracticeRestoresAnInspirationDieUpToTheStartingDice) {
  const auto c = compiled(R"(ruleset: fivey
party: [{name: Hero, level: 2, hp: 6, weapon: sling}]
fights:
  - foes: [{name: Rat, hp: 1, damage: d4}]
)", "fivey");
  const auto& enc = std::get<fivey::Encounter>(c.encounters[0][0]);
  ASSERT_EQ(enc.fighters[0].inspiration, 2);
  fivey::PartyState p;
  p.started = true;
  p.hp[0] = p.hp_max[0] = 6;
  p.inspiration[0] = 0;
  p.alive[0] = true;
  p.shield[0] = false;
  NullLog log;
  ScriptedDice none;
  enc.rest({fivey::RestKind::night, fivey::RestAction::best}, p, none, log);  // unhurt: practice
  EXPECT_EQ(p.inspiration[0], 1);
  enc.rest({fivey::RestKind::night, fivey::RestAction::practice}, p, none, log);
  EXPECT_EQ(p.inspiration[0], 2);
  ScriptedDice d{{{6, 2}}};
  enc.rest({fivey::RestKind::night, fivey::RestAction::best}, p, d, log);  // full dice: recover (no change)
  EXPECT_EQ(p.inspiration[0], 2);
  EXPECT_EQ(p.hp[0], 6);
}

// ---------------------------------------------------------------------------
// An exact answer: the hero meets a rat, camps (Recover 1d6), meets another.
// Each rat acts first with probability 210/400 (ties go to the foes), then
// makes two attacks (hit p, 1d4 + its stat each); the hero's sling never misses a
// defense of 1 and kills it. The hero (6 hp) dies at 0.

TEST(SessionExact, TwoFightFiveySessionMatchesEnumeration) {
  const auto c = compiled(kFiveyDuo, "fivey");
  const auto& enc = std::get<fivey::Encounter>(c.encounters[0][0]);
  const int bonus = enc.fighters[1].attack_bonus, defense = enc.fighters[0].defense;
  const double p = std::clamp((21.0 - (defense - bonus)) / 20.0, 0.0, 1.0);
  const double q = 210.0 / 400.0;
  // One blow: 0 with 1 - p, else the rat's damage die.
  const std::vector<double> die = enc.fighters[1].damage.distribution();
  const int lo = enc.fighters[1].damage.min();
  ASSERT_EQ(enc.fighters[1].damage.to_string(), "1d4+2");
  std::vector<double> blow(static_cast<std::size_t>(lo) + die.size(), 0.0);
  blow[0] = 1 - p;
  for (std::size_t k = 0; k < die.size(); ++k) blow[static_cast<std::size_t>(lo) + k] += p * die[k];
  // dmg[d] = P(a fight costs the hero d hit points).
  std::vector<double> dmg(2 * blow.size(), 0.0);
  dmg[0] += 1 - q;
  for (std::size_t a = 0; a < blow.size(); ++a)
    for (std::size_t b = 0; b < blow.size(); ++b) dmg[a + b] += q * blow[a] * blow[b];
  const auto survive_with = [&](int hp) {
    double s = 0;
    for (int d = 0; d < hp && d < static_cast<int>(dmg.size()); ++d) s += dmg[static_cast<std::size_t>(d)];
    return s;
  };
  double exact = 0, exact_no_camp = 0;
  for (int d1 = 0; d1 < 6; ++d1) {
    for (int r = 1; r <= 6; ++r) exact += dmg[static_cast<std::size_t>(d1)] / 6 * survive_with(std::min(6, 6 - d1 + r));
    exact_no_camp += dmg[static_cast<std::size_t>(d1)] * survive_with(6 - d1);
  }
  const auto runs = cli::run_compiled(c, settings(200'000, 99));
  const auto check = [](const SessionTally& t, double want) {
    const Interval ci = wilson(t.survived_all, t.trials, 4.0);
    EXPECT_GE(want, ci.low);
    EXPECT_LE(want, ci.high);
  };
  check(runs[0].session, exact);
  check(runs[1].session, exact_no_camp);
  check(runs[2].session, survive_with(6));
  EXPECT_LT(exact_no_camp + 0.02, exact);  // the camp matters
  EXPECT_EQ(runs[0].session.fights[0].reached, 200'000u);
}

// ---------------------------------------------------------------------------
// A session of one fight is the fight's own run.

template <class Enc>
void expect_same_as_scenario(const std::string& scenario_yaml, const std::string& session_yaml,
                             const std::string& dir) {
  const Scenario sc = load_scenario_text(scenario_yaml, "s.yaml", ruleset_ids(), ENCSIM_SOURCE_DIR "/scenarios/" + dir);
  const AnyEncounter alone = compile_variant(sc, sc.variants[0]);
  const RunSettings s = settings(5000, 7);
  const Tally want = run_trials(std::get<Enc>(alone), s).tally;
  const auto c = compiled(session_yaml, dir);
  auto runs = cli::run_compiled(c, s);
  EXPECT_TRUE(runs[0].fights[0] == want);
  // The shared columns of summary.csv: all but the scenario's name.
  const cli::SessionReport r = cli::session_report(c, runs, s);
  std::vector<VariantResult> one{r.fights[0]};
  one[0].scenario = "s";
  const std::vector<VariantResult> own{cli::make_result(sc, "base", alone, RunResult{want, false, 0.0}, s)};
  EXPECT_EQ(to_csv(summary_table(one)), to_csv(summary_table(own)));
  EXPECT_EQ(to_csv(combatants_table(one)), to_csv(combatants_table(own)));
  EXPECT_EQ(runs[0].session.survived_all, want.party_wins);
}

TEST(SessionEquivalence, OneFightFiveySessionIsTheFightsOwnRun) {
  expect_same_as_scenario<fivey::Encounter>(R"(ruleset: fivey
name: s
include: [monsters.yaml, party.yaml]
party: [{use: Veteran}, {use: Sage}]
foes: [{use: Orc, count: 3}]
)", R"(ruleset: fivey
include: [monsters.yaml, party.yaml]
party: [{use: Veteran}, {use: Sage}]
fights:
  - foes: [{use: Orc, count: 3}]
)", "fivey");
}

TEST(SessionEquivalence, OneFightDaggerheartSessionIsTheFightsOwnRun) {
  expect_same_as_scenario<daggerheart::Encounter>(R"(ruleset: daggerheart
name: s
include: [adversaries.yaml, party.yaml]
party: [{use: Warrior}, {use: Seraph}]
foes: [{use: Jagged Knife Bandit, count: 2}]
)", R"(ruleset: daggerheart
include: [adversaries.yaml, party.yaml]
party: [{use: Warrior}, {use: Seraph}]
fights:
  - foes: [{use: Jagged Knife Bandit, count: 2}]
)", "daggerheart");
}

// ---------------------------------------------------------------------------
// Daggerheart: carry-over and rests.

daggerheart::PartyState dh_state(int n) {
  daggerheart::PartyState p;
  p.started = true;
  for (int i = 0; i < n; ++i) {
    p.hp_marked[i] = p.stress_marked[i] = p.armor_marked[i] = p.scars[i] = 0;
    p.hope[i] = 2;
    p.rally[i] = 0;
    p.out[i] = p.dead[i] = false;
    p.tag_teams_used[i] = 0;
    p.comp_stress[i] = 0;  // no companion here; every carried field is set (UBSan reads the bools)
    p.comp_out[i] = p.loyal_used[i] = p.unstoppable_used[i] = p.avoid_used[i] = false;
    p.link_stress[i] = p.link_hp[i] = 0;  // no link (Transcendent Union, Shared Clarity)
    for (auto& kind : p.link_src[i]) std::fill(std::begin(kind), std::end(kind), std::int16_t{0});
    p.drill[i] = 0;  // no Slayer Die from Martial Preparation
    p.steed[i] = 0;  // no conjured steed
    p.immunity[i] = 0;
    p.copy_state[i] = 0;
    p.surge[i] = 0;  // no Full Surge
  }
  p.n_prayer = 0;
  p.fear = 0;
  return p;
}

const char* const kDhDuo = R"(ruleset: daggerheart
include: [adversaries.yaml, party.yaml]
party: [{use: Warrior}, {use: Rogue}]
fights:
  - foes: [{use: Jagged Knife Bandit}]
)";

TEST(SessionDaggerheart, TheNextFightStartsFromTheCarriedStateAndFear) {
  const auto c = compiled(kDhDuo, "daggerheart");
  const auto& enc = std::get<daggerheart::Encounter>(c.encounters[0][0]);
  daggerheart::PartyState p = dh_state(2);
  p.hp_marked[0] = 3;
  p.stress_marked[0] = 2;
  p.armor_marked[0] = 1;
  p.hope[0] = 5;
  p.dead[1] = p.out[1] = true;
  p.fear = 9;
  TrialRecord rec;
  rec.reset(enc.combatant_count(), enc.features().size());
  std::ostringstream os;
  TextLog log(os);
  enc.simulate_carry(1, 3, rec, log, p);
  EXPECT_EQ(p.in[daggerheart::kCarryHpMarked], 3) << os.str();
  EXPECT_EQ(p.in[daggerheart::kCarryStressMarked], 2);
  EXPECT_EQ(p.in[daggerheart::kCarryArmorMarked], 1);
  EXPECT_EQ(p.in[daggerheart::kCarryHope], 5);
  EXPECT_EQ(p.in[daggerheart::kCarryStanding], 1);
  EXPECT_EQ(p.in[daggerheart::kCarryFear], 9);
  EXPECT_NE(os.str().find("carries 3 HP, 2 Stress, 1 Armor Slots marked and 5 Hope"), std::string::npos) << os.str();
  EXPECT_TRUE(rec.combatants[1].dead);  // the dead Rogue stays dead
  EXPECT_EQ(rec.combatants[1].actions, 0);
  EXPECT_TRUE(p.dead[1]);
}

TEST(SessionDaggerheart, ShortRestMovesClearOneD4PlusTierAndTheGmGainsFear) {
  const auto c = compiled(kDhDuo, "daggerheart");
  const auto& enc = std::get<daggerheart::Encounter>(c.encounters[0][0]);
  NullLog log;
  daggerheart::PartyState p = dh_state(2);
  p.hp_marked[0] = 5;
  p.stress_marked[0] = 3;
  p.hope[1] = 1;
  p.fear = 4;
  // Warrior: best = Tend to Wounds (d4 2 + tier 1 = 3: 5 -> 2), then Clear
  // Stress (3 > 2; d4 4 + 1 clears all 3). Rogue: nothing marked: Prepare
  // twice, alone: 1 Hope each. The GM: d4 3 Fear.
  ScriptedDice d{{{4, 2}, {4, 4}, {4, 3}}};
  enc.rest({daggerheart::RestKind::short_rest, {}, true}, p, d, log);
  EXPECT_TRUE(d.script.empty());
  EXPECT_EQ(p.hp_marked[0], 2);
  EXPECT_EQ(p.stress_marked[0], 0);
  EXPECT_EQ(p.hope[1], 3);
  EXPECT_EQ(p.fear, 7);
}

TEST(SessionDaggerheart, PreparingTogetherGivesTwoHopeAndALongRestClearsAll) {
  const auto c = compiled(kDhDuo, "daggerheart");
  const auto& enc = std::get<daggerheart::Encounter>(c.encounters[0][0]);
  NullLog log;
  daggerheart::PartyState p = dh_state(2);
  p.fear = 11;
  daggerheart::RestPlan prepare{daggerheart::RestKind::short_rest,
                                {daggerheart::DowntimeMove::prepare, daggerheart::DowntimeMove::clear_stress}, true};
  p.stress_marked[0] = 1;
  ScriptedDice d{{{4, 1}, {4, 1}, {4, 4}}};  // two Clear Stress, then the GM's d4
  enc.rest(prepare, p, d, log);
  EXPECT_EQ(p.hope[0], 4);  // 2 + 2: two PCs prepared
  EXPECT_EQ(p.hope[1], 4);
  EXPECT_EQ(p.fear, 12);    // capped
  // A long rest: Tend to All Wounds wakes the unconscious; the GM gains 1d4 + 2 PCs.
  p = dh_state(2);
  p.hp_marked[1] = 6;
  p.armor_marked[1] = 2;
  p.out[1] = true;
  p.fear = 0;
  ScriptedDice d2{{{4, 1}}};
  enc.rest({daggerheart::RestKind::long_rest, {}, true}, p, d2, log);
  EXPECT_EQ(p.hp_marked[1], 0);
  EXPECT_EQ(p.armor_marked[1], 0);
  EXPECT_FALSE(p.out[1]);
  EXPECT_EQ(p.fear, 3);
  // Scars take Hope slots.
  p = dh_state(2);
  p.scars[0] = 5;
  ScriptedDice d3{{{4, 1}}};
  enc.rest({daggerheart::RestKind::short_rest, {}, true}, p, d3, log);
  EXPECT_EQ(p.hope[0], 1);  // hope_max 6 less 5 scars
}

// ---------------------------------------------------------------------------
// The same bytes for any thread count.

TEST(SessionDeterminism, SameBytesAtOneTwoAndEightThreads) {
  const auto c = cli::compile_session(ENCSIM_SOURCE_DIR "/scenarios/daggerheart/day.yaml", {});
  std::string first;
  for (const int threads : {1, 2, 8}) {
    const RunSettings s = settings(3 * kChunkTrials + 17, 5, threads);
    const cli::SessionReport r = cli::session_report(c, cli::run_compiled(c, s), s);
    const std::string bytes = to_csv(r.session) + to_csv(summary_table(r.fights)) +
                              to_csv(combatants_table(r.fights)) + to_csv(distributions_table(r.fights));
    if (first.empty()) first = bytes;
    EXPECT_EQ(bytes, first) << threads << " threads";
  }
}

TEST(SessionDeterminism, MergingTwoHalvesEqualsOnePass) {
  const auto c = compiled(kFiveyDuo, "fivey");
  const auto whole = cli::run_compiled(c, settings(4 * kChunkTrials, 3, 2));
  RunSettings first = settings(2 * kChunkTrials, 3, 1), second = first;
  second.first_trial = 2 * kChunkTrials;
  auto a = cli::run_compiled(c, first);
  const auto b = cli::run_compiled(c, second);
  for (std::size_t v = 0; v < a.size(); ++v) {
    a[v].session.merge(b[v].session);
    EXPECT_TRUE(a[v].session == whole[v].session) << v;
    for (std::size_t k = 0; k < a[v].fights.size(); ++k) {
      a[v].fights[k].merge(b[v].fights[k]);
      EXPECT_TRUE(a[v].fights[k] == whole[v].fights[k]) << v << " " << k;
    }
  }
  EXPECT_NE(b[0].session.survived_all, 0u);
}

// ---------------------------------------------------------------------------
// The command line.

TEST(SessionCli, RunWritesSessionCsvAndRefusesWhatSessionsDoNotHaveYet) {
  const std::string day = ENCSIM_SOURCE_DIR "/scenarios/fivey/day.yaml";
  const auto dir = testing::fresh_dir("session-cli");
  const auto run = testing::encsim("run " + day + " -n 3000 --threads 2 -o " + dir.string());
  ASSERT_EQ(run.code, 0) << run.out;
  EXPECT_NE(run.out.find("base: the party gets through every fight in"), std::string::npos) << run.out;
  const std::string csv = testing::slurp(dir / "session.csv");
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "session,variant,ruleset,trials,seed,fight_index,fight,rest_before,reached_rate,won_given_reached,"
            "won_ci_low,won_ci_high,survived_rate,survive_all_rate,survive_all_ci_low,survive_all_ci_high,"
            "party_hp_in_mean,party_hp_in_p10,party_hp_in_p50,party_hp_lost_in_mean,party_hp_lost_in_p10,"
            "party_hp_lost_in_p50,pcs_standing_in_mean,pcs_standing_in_p10,pcs_standing_in_p50,inspiration_in_mean,"
            "inspiration_in_p10,inspiration_in_p50");
  EXPECT_NE(csv.find("day,no night's rest,fivey,3000,20261126,3,bridge,none,"), std::string::npos) << csv;
  EXPECT_NE(testing::slurp(dir / "summary.csv").find("\nday: bridge,ford skipped,"), std::string::npos);
  for (const std::string& refused :
       {"tune " + day + " --param fights.bridge.foes.Troll.hp --lo 1 --hi 9 --target-win 0.5 --shard 1/2 -o " +
            dir.string() + "/p",
        "sensitivity " + day + " --params max_rounds --set max_rounds=3",
        "sweep " + day + " --set max_rounds=1..2 --shard 1/2 -o " + dir.string() + "/q"}) {
    const auto r = testing::encsim(refused);
    EXPECT_EQ(r.code, 2) << refused << "\n" << r.out;
    EXPECT_TRUE(r.out.find("not yet for sessions") != std::string::npos ||
                r.out.find("this is a session") != std::string::npos)
        << refused << "\n" << r.out;
  }
}

}  // namespace
}  // namespace encsim
