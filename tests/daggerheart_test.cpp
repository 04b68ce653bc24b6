// Daggerheart: the duality dice solved exactly against sampling, seed 000's
// worked examples and each rule replayed with scripted dice, the shipped
// library, errors, and thread-count identity.
#include <gtest/gtest.h>

#include <cmath>
#include <deque>
#include <fstream>
#include <sstream>

#include "cli/cli.hpp"
#include "encsim/runner.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "rules/registry.hpp"
#include "feature_lookup.hpp"
#include "daggerheart_replay.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::ScriptedDice;
namespace dh = daggerheart;
using testing::encounter_from;
using testing::replay;
using testing::Replay;
using testing::scenario_from;


// ---------------------------------------------------------------------------
// Exact: a PC's action roll, enumerated over the 144 duality pairs (and the
// advantage d6), against the engine's sampled outcome rates.

struct RollCase {
  int modifier;
  int difficulty;
  int advantage;  // net advantage dice: +1, 0, -1
};

class DualityRoll : public ::testing::TestWithParam<RollCase> {};

TEST_P(DualityRoll, SampledOutcomesMatchTheEnumeration) {
  const RollCase c = GetParam();
  double exact[5] = {};
  const int sides6 = c.advantage == 0 ? 1 : 6;
  for (int h = 1; h <= 12; ++h)
    for (int f = 1; f <= 12; ++f)
      for (int a = 1; a <= sides6; ++a) {
        const int adv = c.advantage == 0 ? 0 : (c.advantage > 0 ? a : -a);
        const int total = h + f + c.modifier + adv;
        const bool ok = total >= c.difficulty;
        const int k = h == f ? 0 : h > f ? (ok ? 1 : 3) : (ok ? 2 : 4);
        exact[k] += 1.0 / (144.0 * sides6);
      }
  const int n = 400000;
  double count[5] = {};
  Rng rng = Rng::for_trial(77, static_cast<std::uint64_t>(c.modifier * 100 + c.difficulty), Stream::dice);
  for (int i = 0; i < n; ++i) count[static_cast<int>(dh::duality_roll(rng, c.modifier, c.advantage, c.difficulty))] += 1;
  const char* names[] = {"critical", "success with Hope", "success with Fear", "failure with Hope", "failure with Fear"};
  for (int k = 0; k < 5; ++k) {
    const double p = count[k] / n;
    const double se = std::sqrt(exact[k] * (1 - exact[k]) / n);
    EXPECT_NEAR(p, exact[k], 4 * se + 1e-12) << names[k];
  }
  EXPECT_NEAR(exact[0], 1.0 / 12, 1e-12);  // matching dice: 12 of 144
}

INSTANTIATE_TEST_SUITE_P(Rolls, DualityRoll,
                         ::testing::Values(RollCase{2, 12, 0}, RollCase{0, 15, 0}, RollCase{1, 14, 1},
                                           RollCase{3, 18, -1}, RollCase{-1, 10, 1}, RollCase{2, 24, 0}));

// ---------------------------------------------------------------------------
// Scripted fights. The PC's roll is scripted as (d12 Hope, d12 Fear).

const char* const kDuel = R"(ruleset: daggerheart
max_rounds: 2
options: {fear_start: 0}
party:
  - name: Hero
    traits: {agility: 2}
    evasion: 30
    hp: 6
    armor: {thresholds: [10, 20], score: 0}
    primary: {trait: agility, damage: d8+1}
foes:
  - name: Brute
    difficulty: 20
    thresholds: [5, 10]
    hp: 1
    atk: 2
    attack: {name: Club, damage: 3d6+2}
)";

TEST(DaggerheartScripted, AdversaryCriticalAddsTheDiceMaximum) {
  // Seed 000: "an attack that deals 3d6+2 deals 18+3d6+2 on a critical".
  const auto enc = encounter_from(kDuel);
  ScriptedDice dice{{{12, 1}, {12, 2},             // Hero: 1+2+2 = 5 vs 20, a failure with Fear
                     {20, 20},                     // a natural 20 against Evasion 30: a critical
                     {6, 1}, {6, 2}, {6, 3},       // 18 + 6 + 2 = 26, Severe
                     {12, 12}, {12, 9}, {8, 4}}};  // round 2: 23 vs 20, 4+1 = 5 damage defeats the brute
  const Replay r = replay(enc, dice);
  EXPECT_NE(r.log.find("26 damage to Hero (thresholds 11/21): marks 3 HP"), std::string::npos) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 3);
  EXPECT_EQ(r.rec.combatants[1].crits, 1);
  EXPECT_EQ(r.rec.resources[dh::kFearGainedRolls], 1);
  EXPECT_EQ(r.rec.outcome, Outcome::party_win) << r.log;
}

TEST(DaggerheartScripted, PcCriticalAddsTheDiceMaximumAndKeepsTheSpotlight) {
  // "2d8+1 crit = 2d8+1+16": Proficiency 2 and matching duality dice.
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
party:
  - {name: Hero, proficiency: 2, hp: 6, stress: 6, primary: {damage: d8+1}}
foes:
  - {name: Brute, difficulty: 20, thresholds: [40, 50], hp: 5, attack: {damage: 1}}
)");
  ScriptedDice dice{{{12, 6}, {12, 6}, {8, 3}, {8, 5}}};  // 3 + 5 + 1 + 16 = 25
  const Replay r = replay(enc, dice);
  EXPECT_NE(r.log.find("damage 2d8+1 + critical = 25"), std::string::npos) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kCriticals], 1);
  EXPECT_EQ(r.rec.resources[dh::kHopeGained], 1);
  EXPECT_EQ(r.rec.resources[dh::kGmTurns], 0);  // a critical counts as with Hope: no GM turn
  EXPECT_EQ(r.rec.combatants[0].crits, 1);
}

TEST(DaggerheartScripted, ThresholdsAndAnArmorSlotByPolicy) {
  // 9 damage against thresholds 8/16 is Major: 2 HP, 1 with an Armor Slot.
  const std::string yaml = R"(ruleset: daggerheart
max_rounds: 1
party:
  - {name: Hero, evasion: 5, hp: 6, armor: Chainmail Armor, primary: Longsword, armor_policy: ARMOR}
foes:
  - {name: Brute, difficulty: 30, thresholds: [5, 10], hp: 9, atk: 0, attack: {damage: 1d8+1}}
)";
  for (const char* policy : {"always", "never"}) {
    std::string y = yaml;
    y.replace(y.find("ARMOR"), 5, policy);
    const auto enc = encounter_from(y);
    // Hero fails with Fear, the brute hits (d20 10 vs 5 - 1 chainmail... Evasion 5 given) for 8+1 = 9.
    ScriptedDice dice{{{12, 1}, {12, 2}, {20, 10}, {8, 8}}};
    const Replay r = replay(enc, dice);
    const bool armor = std::string(policy) == "always";
    EXPECT_EQ(r.rec.combatants[0].damage_taken, armor ? 1 : 2) << policy << "\n" << r.log;
    EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraArmorUsed], armor ? 1 : 0);
  }
}

TEST(DaggerheartScripted, FearNeverPassesTwelve) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 3
options: {fear_start: 11}
party:
  - {name: Hero, evasion: 30, hp: 6, primary: {damage: d8}}
foes:
  - {name: Wall, difficulty: 40, thresholds: [5, 10], hp: 9, attack: {damage: 1}}
)");
  // Three failures with Fear: 11 -> 12, then two wasted. The wall's attacks miss.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 1}, {12, 1}, {12, 2}, {20, 1}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.resources[dh::kFearGainedRolls], 1);
  EXPECT_EQ(r.rec.resources[dh::kFearWasted], 2);
  EXPECT_EQ(r.rec.resources[dh::kFearEnd], 12 - r.rec.resources[dh::kFearSpent]);
}

TEST(DaggerheartScripted, MinionSpilloverDefeatsOneMorePerXDamage) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
include: [adversaries.yaml]
party:
  - {name: Hero, traits: {agility: 2}, hp: 6, primary: {damage: d8+2}}
foes:
  - use: Giant Rat
    count: 4
)");
  // 20 vs Difficulty 10 hits; 5 + 2 = 7 damage: the rat and 7 / 3 = 2 more.
  ScriptedDice dice{{{12, 10}, {12, 8}, {8, 5}}};
  const Replay r = replay(enc, dice);
  int down = 0;
  for (int j = 1; j <= 4; ++j) down += r.rec.combatants[static_cast<std::size_t>(j)].down;
  EXPECT_EQ(down, 3) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_dealt, 3);
}

TEST(DaggerheartScripted, HordeDealsItsSmallerDamageOnceHalfItsHpAreMarked) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 2
options: {fear_start: 0}
party:
  - {name: Hero, evasion: 10, hp: 12, traits: {agility: 2}, armor: {thresholds: [30, 40], score: 0}, primary: {damage: d8}}
foes:
  - name: Swarm
    type: horde
    difficulty: 10
    thresholds: [5, 10]
    hp: 4
    attack: {damage: 1d12}
    features:
      - {name: Horde, horde: 1d4}
)");
  // Round 1: Hero 1+2+2 = 5 fails with Fear; the swarm hits with its d12.
  // Round 2: Hero 10+9+2 hits for 6 (Major: 2 HP, half of 4); fails? no:
  // a success with Hope keeps the spotlight, so script a success with Fear
  // (9+10) to hand it over, and the swarm now rolls a d4.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 7},
                     {12, 9}, {12, 10}, {8, 6}, {20, 15}, {4, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[1].hits, 2);
}

TEST(DaggerheartScripted, RelentlessTakesSeveralSpotlightsEachAfterTheFirstForAFear) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 5, gm_policy: greedy}
party:
  - {name: Hero, evasion: 30, hp: 6, primary: {damage: d8}}
foes:
  - name: Burrower
    difficulty: 30
    thresholds: [8, 15]
    hp: 8
    attack: {damage: 1d12}
    features:
      - {name: Relentless (3), relentless: 3}
)");
  // The hero fails with Fear (Fear 6); three spotlights, three misses.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 2}, {20, 3}, {20, 4}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.resources[dh::kAdversarySpotlights], 3) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearSpentSpotlights], 2);
  EXPECT_EQ(r.rec.resources[dh::kFearEnd], 4);
  EXPECT_EQ(r.rec.resources[dh::kGmTurns], 1);
}

TEST(DaggerheartScripted, MeasuredGmKeepsItsReserveAndCap) {
  const std::string yaml = R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: FEAR, max_spotlights: 3, fear_reserve: RESERVE}
party:
  - {name: Hero, evasion: 30, hp: 6, primary: {damage: d8}}
foes:
  - {name: A, difficulty: 30, thresholds: [8, 15], hp: 8, attack: {damage: 1}, count: 5}
)";
  auto with = [&](int fear, int reserve) {
    std::string y = yaml;
    y.replace(y.find("FEAR"), 4, std::to_string(fear));
    y.replace(y.find("RESERVE"), 7, std::to_string(reserve));
    return encounter_from(y);
  };
  {  // Fear 3 after the failure with Fear, reserve 2: one paid spotlight.
    ScriptedDice dice{{{12, 1}, {12, 2}, {20, 2}, {20, 3}}};
    const Replay r = replay(with(2, 2), dice);
    EXPECT_EQ(r.rec.resources[dh::kAdversarySpotlights], 2) << r.log;
    EXPECT_EQ(r.rec.resources[dh::kFearEnd], 2);
  }
  {  // Fear 9, no reserve: the cap of 3 stops it (two paid).
    ScriptedDice dice{{{12, 1}, {12, 2}, {20, 2}, {20, 3}, {20, 4}}};
    const Replay r = replay(with(8, 0), dice);
    EXPECT_EQ(r.rec.resources[dh::kAdversarySpotlights], 3) << r.log;
    EXPECT_EQ(r.rec.resources[dh::kFearEnd], 7);
  }
}

TEST(DaggerheartScripted, MomentumGainsAFearOnAHit) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0}
party:
  - {name: Hero, evasion: 10, hp: 6, armor: {thresholds: [30, 40], score: 0}, primary: {damage: d8}}
foes:
  - name: Bear
    difficulty: 30
    thresholds: [9, 17]
    hp: 7
    attack: {damage: 1d8+3}
    features:
      - {name: Momentum, kind: reaction, trigger: hit, gain_fear: 1}
)");
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 12}, {8, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.resources[dh::kFearGainedFeatures], 1) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearGainedRolls], 1);
  EXPECT_EQ(r.rec.resources[dh::kFearEnd], 2);
}

TEST(DaggerheartScripted, DynamicCountdownsAdvanceByTheSeedsTable) {
  // Progress: crit 3, success with Hope 2, success with Fear 1, failures 0.
  // Consequence: failure with Fear 3, with Hope 2, success with Fear 1, else 0.
  const std::string yaml = R"(ruleset: daggerheart
options: {fear_start: 0}
party:
  - {name: Hero, evasion: 40, hp: 6, traits: {agility: 0}, primary: {damage: d8}}
foes:
  - {name: Wall, difficulty: 15, thresholds: [99, 100], hp: 9, attack: {damage: 1}}
countdowns:
  - {name: escape, start: 7, advance: progress, outcome: party_wins}
  - {name: collapse, start: 7, advance: consequence, outcome: foes_win}
)";
  const std::deque<std::pair<int, int>> five{
      {12, 8}, {12, 7}, {8, 1},            // 15, success with Hope: escape 7 -> 5
      {12, 6}, {12, 6}, {8, 1},            // critical: escape 5 -> 2
      {12, 5}, {12, 9}, {20, 1},           // 14, failure with Fear: collapse 7 -> 4 (the wall misses)
      {12, 9}, {12, 4}, {20, 1},           // 13, failure with Hope: collapse 4 -> 2
      {12, 8}, {12, 9}, {8, 1}, {20, 1}};  // 17, success with Fear: escape 2 -> 1, collapse 2 -> 1
  ScriptedDice dice{five};
  const Replay r = replay(encounter_from("max_rounds: 5\n" + yaml), dice);
  for (const char* step : {"countdown escape: 5", "countdown escape: 2", "countdown collapse: 4", "countdown collapse: 2",
                           "countdown escape: 1", "countdown collapse: 1"})
    EXPECT_NE(r.log.find(step), std::string::npos) << step << "\n" << r.log;
  EXPECT_EQ(r.log.find("countdown escape: 4"), std::string::npos);  // failures never advance progress
  EXPECT_EQ(r.rec.outcome, Outcome::draw);
  // A sixth roll, a success with Hope, ends it: the party escapes, and no damage is rolled.
  ScriptedDice six{five};
  six.script.push_back({12, 9});
  six.script.push_back({12, 8});
  const Replay r2 = replay(encounter_from("max_rounds: 6\n" + yaml), six);
  EXPECT_EQ(r2.rec.outcome, Outcome::party_win) << r2.log;
  EXPECT_EQ(r2.rec.resources[dh::kCountdownsTriggered], 1);
}

TEST(DaggerheartScripted, GroupAttackCombinesTheMinionsStandardDamage) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
include: [adversaries.yaml]
max_rounds: 1
options: {fear_start: 3}
style: {foes: restrained, party: lowest_hp}  # the rule under the measured GM of earlier versions
party:
  - {name: Hero, evasion: 10, hp: 6, armor: {thresholds: [2, 5], score: 0}, primary: {damage: d8}}
foes:
  - use: Giant Rat
    count: 3
)");
  // The hero fails with Fear (Fear 4); a rat's Group Attack (1 Fear): one
  // roll, 1 + 1 + 1 = 3 damage, Major: 2 HP.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearSpentFeatures], 1);
  EXPECT_EQ(r.rec.resources[dh::kAdversarySpotlights], 1);  // the other two joined, not spotlighted apart
}

TEST(DaggerheartScripted, TheGmInterruptsAfterAStreakOfPcSpotlights) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 3, interrupt_after: 1}
party:
  - {name: A, evasion: 30, hp: 6, primary: {damage: d8}}
  - {name: B, evasion: 30, hp: 6, primary: {damage: d8}}
foes:
  - {name: Wall, difficulty: 10, thresholds: [20, 30], hp: 9, attack: {damage: 1}}
)");
  // B succeeds with Hope (the spotlight stays); before A acts, the GM pays a
  // Fear to interrupt and the wall misses; then A succeeds with Hope.
  ScriptedDice dice{{{12, 12}, {12, 8}, {8, 1}, {20, 1}, {12, 12}, {12, 8}, {8, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.resources[dh::kFearSpentInterrupts], 1) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kGmTurns], 1);
  EXPECT_EQ(r.rec.resources[dh::kFearEnd], 2);
}

TEST(DaggerheartScripted, RampUpCostsAFearEvenFirstAndLeavesTheFreeSpotlightToAnother) {
  // (hard_moves off: a hard move would buy the ogre's spotlight below the reserve)
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0, hard_moves: false}
style: {foes: restrained, party: lowest_hp}  # the rule under the measured GM of earlier versions
party:
  - {name: Hero, evasion: 30, hp: 6, primary: {damage: d8}}
foes:
  - {name: Wolf, difficulty: 30, thresholds: [5, 9], hp: 4, attack: {damage: 1}}
  - name: Ogre
    difficulty: 30
    thresholds: [8, 15]
    hp: 8
    attack: {damage: 1d10+2}
    features:
      - {name: Ramp Up, ramp_up: true}
)");
  // Fear 1 after the failure, and a reserve of 1: the ogre cannot be paid
  // for, so the wolf takes the free spotlight.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].extra[dh::kExtraSpotlights], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[2].extra[dh::kExtraSpotlights], 0);
  EXPECT_EQ(r.rec.resources[dh::kFearSpentSpotlights], 0);
}

TEST(DaggerheartScripted, AScenarioCountdownDealsItsDamage) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0}
party:
  - {name: Hero, evasion: 30, hp: 6, armor: {thresholds: [3, 6], score: 0}, primary: {damage: d8}}
foes:
  - {name: Wall, difficulty: 10, thresholds: [20, 30], hp: 9, attack: {damage: 1}}
countdowns:
  - {name: rockfall, start: 1, effect: damage, damage: 2d6, direct: true}
)");
  // The hero's roll ticks the rockfall to 0: 2d6 = 7 direct, Severe: 3 HP.
  ScriptedDice dice{{{12, 12}, {12, 8}, {6, 3}, {6, 4}, {8, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 3) << r.log;
}

TEST(DaggerheartScripted, NoMercyBuysAnAttackBonusForTheFight) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
options: {experience_min_hope: 7}
party:
  - {name: Warrior, class: warrior, hope: 3, primary: {damage: d8}}
foes:
  - {name: Wall, difficulty: 15, thresholds: [20, 30], hp: 9, attack: {damage: 1}}
)");
  // 8 + 6 + 1 (No Mercy) = 15 meets 15: a success with Hope.
  ScriptedDice dice{{{12, 8}, {12, 6}, {8, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentFeatures], 3) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hits, 1);
  const FeatureRecord& no_mercy = testing::feature(enc.features(), r.rec, 0, "No Mercy");
  EXPECT_EQ(no_mercy.uses, 1);
  EXPECT_EQ(no_mercy.spent, 3);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "primary").uses, 1);
}

TEST(DaggerheartScripted, LifeSupportWakesAnUnconsciousAlly) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 2
options: {fear_start: 0, help_min_hope: 7, experience_min_hope: 7, tag_team: false}
party:
  - {name: Ally, evasion: 10, hp: 1, armor: {thresholds: [2, 3], score: 0}, primary: {damage: d8}}
  - {name: Seraph, class: seraph, evasion: 30, hope: 3, primary: {damage: d8}}
foes:
  - name: Brute
    difficulty: 10
    thresholds: [20, 30]
    hp: 9
    attack: {damage: 4}
    tactics: [{do: attack, target: lowest_hp}]
)");
  // Round 1: the Seraph fails with Fear; the brute downs the Ally (Avoid
  // Death, Hope die 12: no scar). Round 2: the Seraph spends 3 Hope to clear
  // the Ally's HP, who wakes and acts too.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 12},  // round 1
                     {12, 9}, {12, 8}, {8, 1},               // round 2: the Seraph,
                     {12, 9}, {12, 8}, {8, 1}}};             // then the Ally
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(r.rec.combatants[0].down) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraAvoid], 1);
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentFeatures], 3);
  EXPECT_EQ(r.rec.combatants[0].attacks, 1);  // it acted again in round 2
  const FeatureRecord& life_support = testing::feature(enc.features(), r.rec, 1, "Life Support");
  EXPECT_EQ(life_support.uses, 1);
  EXPECT_EQ(life_support.healed, 1);
  EXPECT_EQ(life_support.spent, 3);
  // The brute's one attack marked the Ally's only HP.
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 2, "Attack").damage, 1);
}

TEST(DaggerheartScripted, AvoidDeathTakesThePcOutAndScarsOnALowHopeDie) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0}
party:
  - {name: Hero, evasion: 5, hp: 1, armor: {thresholds: [3, 6], score: 0}, primary: {damage: d8}}
foes:
  - {name: Brute, difficulty: 30, thresholds: [5, 10], hp: 9, attack: {damage: 4}}
)");
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 10}, {12, 1}}};  // Hope die 1 <= level 1: a scar
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(r.rec.combatants[0].down) << r.log;
  EXPECT_FALSE(r.rec.combatants[0].dead);
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraAvoid], 1);
  EXPECT_EQ(r.rec.resources[dh::kScars], 1);
  EXPECT_EQ(r.rec.outcome, Outcome::foes_win);
}

TEST(DaggerheartScripted, BlazeOfGloryStrikesACriticalThenDies) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0}
party:
  - {name: Hero, evasion: 5, hp: 1, death_move: blaze_of_glory, armor: {thresholds: [3, 6], score: 0}, primary: {damage: d8+1}}
foes:
  - {name: Brute, difficulty: 30, thresholds: [5, 10], hp: 3, attack: {damage: 4}}
)");
  // The blaze: d8 2 + 1 + 8 = 11, Severe: the brute's 3 HP.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 10}, {8, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(r.rec.combatants[0].dead) << r.log;
  EXPECT_TRUE(r.rec.combatants[1].dead);
  EXPECT_EQ(r.rec.combatants[0].crits, 1);
}

TEST(DaggerheartScripted, RiskItAllClearsHopeDieHpOrDies) {
  const std::string yaml = R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0}
party:
  - {name: Hero, evasion: 5, hp: 3, death_move: risk_it_all, armor: {thresholds: [1, 2], score: 0}, primary: {damage: d8}}
foes:
  - {name: Brute, difficulty: 30, thresholds: [5, 10], hp: 9, attack: {damage: 4}}
)";
  {
    ScriptedDice dice{{{12, 1}, {12, 2}, {20, 10}, {12, 2}, {12, 1}}};  // Hope 2 > Fear 1: clears 2 HP
    const Replay r = replay(encounter_from(yaml), dice);
    EXPECT_FALSE(r.rec.combatants[0].down) << r.log;
    EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraRisk], 1);
    EXPECT_EQ(r.rec.outcome, Outcome::draw);
  }
  {
    ScriptedDice dice{{{12, 1}, {12, 2}, {20, 10}, {12, 1}, {12, 2}}};  // Fear higher: death
    const Replay r = replay(encounter_from(yaml), dice);
    EXPECT_TRUE(r.rec.combatants[0].dead) << r.log;
  }
}

TEST(DaggerheartScripted, StressThatCannotBeMarkedBecomesAnHp) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0}
party:
  - {name: Hero, evasion: 15, hp: 6, stress: 1, armor: {thresholds: [30, 40], score: 0}, primary: {damage: d8}}
foes:
  - name: Mocker
    difficulty: 30
    thresholds: [5, 10]
    hp: 9
    atk: 0
    attack: {damage: 1}
    features:
      - {name: Jeer, kind: action, effect: attack, target_stress: 2, damage: 1}
)");
  // The jeer hits (d20 15 vs 15; 1 damage marks 1 HP): Stress 1 of 1, the
  // second becomes an HP. Full Stress: Vulnerable (advantage against them).
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 2);
}

TEST(DaggerheartScripted, AnAttackOnSeveralTargetsMakesOneRollAndOneDamageRoll) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0}
party:
  - {name: A, evasion: 12, hp: 6, armor: {thresholds: [5, 9], score: 0}, primary: {damage: d8}}
  - {name: B, evasion: 16, hp: 6, armor: {thresholds: [5, 9], score: 0}, primary: {damage: d8}}
  - {name: C, evasion: 10, hp: 6, armor: {thresholds: [5, 9], score: 0}, primary: {damage: d8}}
foes:
  - name: Burrower
    difficulty: 30
    thresholds: [8, 15]
    hp: 8
    atk: 3
    attack: {damage: 1}
    features:
      - {name: Spit Acid, kind: action, effect: attack, targets: close, damage: 2d6}
)");
  // The first PC to act fails with Fear; one d20 (11 + 3 = 14) hits A (12)
  // and C (10), not B (16); one damage roll, 4 + 3 = 7, Major for both. The
  // other two PCs then roll critical successes (9 damage, 2 HP each).
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 11}, {6, 4}, {6, 3},
                     {12, 6}, {12, 6}, {8, 1}, {12, 6}, {12, 6}, {8, 1}}};
  ScriptedDice tact{{}, true};
  const Replay r = replay(enc, dice, tact);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 0);
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 2);
  EXPECT_EQ(r.rec.combatants[3].extra[dh::kExtraFeaturesUsed], 1);
  // One d20 against three PCs: three area attacks, two struck; no
  // single-target attack, so no hit rate above 1 (issue 13).
  const CombatantRecord& burrower = r.rec.combatants[3];
  EXPECT_EQ(burrower.area_attacks, 3);
  EXPECT_EQ(burrower.area_hits, 2);
  EXPECT_EQ(burrower.attacks, 0);
  EXPECT_EQ(burrower.hits, 0);
}

TEST(DaggerheartScripted, DamageReductionActionRollsAndCountdownsStartedByEvents) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 2
options: {fear_start: 0}
style: {foes: restrained, party: lowest_hp}  # the rule under the measured GM of earlier versions
party:
  - {name: Hero, evasion: 10, hp: 6, traits: {agility: 2}, armor: {thresholds: [30, 40], score: 0}, primary: {damage: d8+4}}
foes:
  - name: Golem
    difficulty: 10
    thresholds: [6, 12]
    hp: 5
    attack: {damage: 1}
    features:
      - {name: Stone Skin, damage_reduction: 3, reduction_type: physical}
      - {name: Quake, kind: action, effect: damage, targets: 1, damage: 5, roll: 15}
countdowns:
  - {name: reinforcements, start: 1, start_on: round, start_round: 2, advance: action_roll, outcome: foes_win}
)");
  // Round 1: 5+6+2 = 13 hits; 4+4 = 8 damage - 3 = 5: 1 HP, not Major. The
  // success is with Fear (6 > 5): the golem's Quake needs an action roll of
  // 15 and gets 14: nothing. Round 2 starts the countdown; the hero's next
  // roll ticks it to 0: the adversaries win.
  ScriptedDice dice{{{12, 5}, {12, 6}, {8, 4}, {20, 14}, {12, 9}, {12, 8}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0);
  EXPECT_EQ(r.rec.outcome, Outcome::foes_win);
  EXPECT_EQ(r.rec.resources[dh::kCountdownsTriggered], 1);
}

// ---------------------------------------------------------------------------
// Audit fixes (issue 16), each replayed with scripted dice.

TEST(DaggerheartAudit, ACriticalBelowTheDifficultyStillSpillsOverToMinions) {
  // A critical succeeds whatever its total: 5 + 5 - 1 = 9 against Difficulty
  // 13 is still a success, and 6 + 2 + 8 = 16 damage defeats the Minion hit
  // and 16 / 3 = 5 more, so all three others.
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0}
party:
  - {name: Hero, traits: {agility: -1}, hp: 6, primary: {damage: d8+2}}
foes:
  - name: Grunt
    type: minion
    difficulty: 13
    thresholds: none
    hp: 1
    attack: {damage: 1}
    count: 4
    features:
      - {name: Minion (3), kind: passive, minion: 3}
)");
  ScriptedDice dice{{{12, 5}, {12, 5}, {8, 6}}};
  const Replay r = replay(enc, dice);
  for (int j = 1; j <= 4; ++j) EXPECT_TRUE(r.rec.combatants[static_cast<std::size_t>(j)].down) << j << "\n" << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_dealt, 4);
  EXPECT_EQ(r.rec.outcome, Outcome::party_win);
}

TEST(DaggerheartAudit, HoldThemOffOnACriticalBelowTheDifficultyHitsTheOthersToo) {
  // 4 + 4 = 8 against Difficulty 13 is a critical: it beats every
  // Difficulty, so the Ranger's 3 Hope add the two other adversaries; one
  // damage roll, 3 + 8 = 11, marks 1 HP on each.
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0}
party:
  - {name: Ranger, class: ranger, hope: 3, primary: {damage: d8}}
foes:
  - {name: Wall, difficulty: 13, thresholds: [20, 30], hp: 9, attack: {damage: 1}, count: 3}
)");
  ScriptedDice dice{{{12, 4}, {12, 4}, {8, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentFeatures], 3) << r.log;
  for (int j = 1; j <= 3; ++j) EXPECT_EQ(r.rec.combatants[static_cast<std::size_t>(j)].damage_taken, 1) << j;
}

const char* const kMomentumLastBlow = R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0}
party:
  - {name: Hero, evasion: 10, hp: 1, armor: {thresholds: [30, 40], score: 0}, primary: {damage: d8}}
foes:
  - name: Bear
    difficulty: 30
    thresholds: [9, 17]
    hp: 7
    attack: {damage: 1d8+3}
    features:
      - {name: Momentum, kind: reaction, trigger: hit, gain_fear: 1}
)";

TEST(DaggerheartAudit, MomentumGainsItsFearOnTheHitThatDownsTheLastPc) {
  // The hero fails with Fear (Fear 1); the bear hits for 4, the hero's last
  // HP (Avoid Death, Hope die 12). The hit still gives the GM its Fear.
  const auto enc = encounter_from(kMomentumLastBlow);
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 12}, {8, 1}, {12, 12}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.outcome, Outcome::foes_win) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearGainedFeatures], 1) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearGained], 2);
  EXPECT_EQ(r.rec.resources[dh::kFearEnd], 2);
}

TEST(DaggerheartAudit, TheLastAdversarysDefeatReactionStillFiresAndCounts) {
  // The hero's 2 damage takes the golem's last HP; its Death Quake still
  // strikes (advantage: 15 of 15 and 3, against Evasion 10), 4 + 2 = 6 magic
  // damage, Severe: the hero's last 3 HP. The golem fell first: a party win.
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0}
party:
  - {name: Hero, evasion: 10, hp: 3, traits: {agility: 2}, armor: {thresholds: [2, 5], score: 0}, primary: {damage: d8}}
foes:
  - name: Golem
    difficulty: 10
    thresholds: [20, 30]
    hp: 1
    attack: {damage: 1}
    features:
      - {name: Death Quake, kind: reaction, trigger: defeated, effect: attack, targets: very_close, damage: 1d12+2, type: magic, advantage: true}
)");
  ScriptedDice dice{{{12, 9}, {12, 8}, {8, 2}, {20, 15}, {20, 3}, {12, 4}, {12, 12}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].extra[dh::kExtraFeaturesUsed], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 3);
  EXPECT_EQ(r.rec.combatants[1].damage_dealt, 3);
  EXPECT_TRUE(r.rec.combatants[0].down);
  EXPECT_EQ(r.rec.outcome, Outcome::party_win);
}

TEST(DaggerheartAudit, SneakAttackDiceAreMaximisedOnACritical) {
  // Critical: the d8's 8 and the Sneak Attack d6's 6 are both added:
  // 2 + 8 + 1 + 6 = 17, Severe (3 HP). Without the d6's maximum it would
  // be 11, Major at most.
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0, sneak_attack: always}
party:
  - {name: Rogue, class: rogue, hope: 0, primary: {damage: d8}}
foes:
  - {name: Wall, difficulty: 30, thresholds: [12, 16], hp: 9, attack: {damage: 1}}
)");
  ScriptedDice dice{{{12, 3}, {12, 3}, {8, 2}, {6, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_NE(r.log.find("Sneak Attack: +7"), std::string::npos) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3);
}

const char* const kRestrained = R"(ruleset: daggerheart
max_rounds: 2
options: {fear_start: 0OPTION}
party:
  - {name: Hero, evasion: 10, hp: 6, traits: {agility: 2}, armor: {thresholds: [30, 40], score: 0}, primary: {damage: d8}}
foes:
  - name: Biter
    difficulty: 10
    thresholds: [20, 30]
    hp: 9
    attack: {damage: 1}
    features:
      - {name: Bite, kind: action, effect: attack, damage: 3, condition: restrained}
)";

std::string with_option(const std::string& yaml, const std::string& option) {
  std::string y = yaml;
  y.replace(y.find("OPTION"), 6, option);
  return y;
}

TEST(DaggerheartAudit, ARestrainedPcStillAttacksFromWhereItIs) {
  // Round 1: the hero fails with Fear and the Bite restrains them. Round 2:
  // Restrained only stops movement; with no map the hero attacks as usual
  // (21 vs 10, 4 damage).
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 10}, {12, 9}, {8, 4}}};
  const Replay r = replay(encounter_from(with_option(kRestrained, "")), dice);
  EXPECT_EQ(r.log.find("break free"), std::string::npos) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1);
  EXPECT_EQ(r.rec.combatants[0].attacks, 2);
}

TEST(DaggerheartAudit, TheOldRestraintThatCostsTheSpotlightIsAnOption) {
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 10}, {12, 9}}};
  const Replay r = replay(encounter_from(with_option(kRestrained, ", restrained: loses_spotlight")), dice);
  EXPECT_NE(r.log.find("Hero tries to break free: 19 vs 10: free"), std::string::npos) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 0);
}

TEST(DaggerheartAudit, ARestrainedAdversaryStillActs) {
  // The mage's battle-start attack restrains the wolf; it still attacks when
  // spotlighted (the old reading spent the spotlight breaking free).
  const std::string yaml = R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0OPTION}
party:
  - {name: Hero, evasion: 30, hp: 6, primary: {damage: d8}}
  - name: Mage
    npc: true
    features:
      - {name: Hold, trigger: battle_start, effect: attack, attack_bonus: 20, condition: restrained}
foes:
  - {name: Wolf, difficulty: 30, thresholds: [5, 9], hp: 4, attack: {damage: 1}}
)";
  {
    ScriptedDice dice{{{20, 15}, {12, 1}, {12, 2}, {20, 1}}};
    const Replay r = replay(encounter_from(with_option(yaml, "")), dice);
    EXPECT_EQ(r.rec.combatants[2].attacks, 1) << r.log;
  }
  {
    ScriptedDice dice{{{20, 15}, {12, 1}, {12, 2}}};
    const Replay r = replay(encounter_from(with_option(yaml, ", restrained: loses_spotlight")), dice);
    EXPECT_NE(r.log.find("Wolf spends its spotlight breaking free"), std::string::npos) << r.log;
  }
}

const char* const kHardMove = R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0OPTION}
style: {foes: restrained, party: lowest_hp}  # the rule under the measured GM of earlier versions
party:
  - {name: A, evasion: 30, hp: 6, primary: {damage: d8}}
  - {name: B, evasion: 30, hp: 6, primary: {damage: d8}}
foes:
  - {name: Wolf, difficulty: 20, thresholds: [5, 9], hp: 4, attack: {damage: 1}, count: 2}
)";

TEST(DaggerheartAudit, AFailureWithFearMakesThePcTheFocusOfSeveralAdversaries) {
  // A acts first (tactics: 2 of 2 passes B over) and fails with Fear: Fear 1.
  // The hard move: the free spotlight and one bought with that Fear (below the
  // measured reserve) both attack A. Then B succeeds with Hope.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 5}, {20, 6}, {12, 12}, {12, 8}, {8, 1}}};
  const Replay r = replay(encounter_from(with_option(kHardMove, "")), dice, ScriptedDice{{{2, 2}}, true});
  EXPECT_EQ(r.rec.resources[dh::kAdversarySpotlights], 2) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearSpentSpotlights], 1);
  EXPECT_NE(r.log.find("d20 5 +0 = 5 vs Evasion 30 of A"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("d20 6 +0 = 6 vs Evasion 30 of A"), std::string::npos) << r.log;
}

TEST(DaggerheartAudit, HardMovesCanBeTurnedOff) {
  // Without them the measured GM keeps its reserve: one spotlight, at random (B).
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 5}, {12, 12}, {12, 8}, {8, 1}}};
  const Replay r =
      replay(encounter_from(with_option(kHardMove, ", hard_moves: false")), dice, ScriptedDice{{{2, 2}}, true});
  EXPECT_EQ(r.rec.resources[dh::kAdversarySpotlights], 1) << r.log;
  EXPECT_NE(r.log.find("d20 5 +0 = 5 vs Evasion 30 of B"), std::string::npos) << r.log;
}

const char* const kTagTeam = R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0OPTION}
party:
  - {name: A, hope: 3, evasion: 30, primary: {damage: d8}}
  - {name: B, hope: 0, evasion: 30, primary: {damage: d8}}
foes:
  - {name: Wall, difficulty: 10, thresholds: [6, 9], hp: 9, attack: {damage: 1}}
)";

TEST(DaggerheartAudit, ATagTeamRollAppliesTheBetterRollToBothAndSumsTheDamage) {
  // A acts first (tactics: 2 of 2 passes B over) with 3 Hope: a Tag Team with
  // B. A fails with Fear (3 vs 10), B succeeds with Hope (17): B's roll stands
  // for both, each gains a Hope, the GM no Fear; 4 + 5 = 9 damage as one
  // source is Severe (3 HP), where two hits of 4 and 5 would mark 2. Then B
  // takes its own spotlight.
  ScriptedDice dice{{{12, 1}, {12, 2}, {12, 9}, {12, 8}, {8, 4}, {8, 5},  // the Tag Team
                     {12, 9}, {12, 8}, {8, 1}}};                          // B's own attack
  const dh::Encounter enc = encounter_from(with_option(kTagTeam, ""));
  const Replay r = replay(enc, dice, ScriptedDice{{{2, 2}}, true});
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentTagTeam], 3) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeGained], 3);  // A and B on the Tag Team, B on its own roll
  EXPECT_EQ(r.rec.resources[dh::kFearGained], 0);
  EXPECT_EQ(r.rec.resources[dh::kActionRolls], 2);
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 4);
  EXPECT_EQ(r.rec.combatants[1].attacks, 2);
  EXPECT_EQ(r.rec.resources[dh::kGmTurns], 0);
  // features.csv: the Tag Team is A's, with its 3 HP; B's weapon counts its own attack only.
  const FeatureRecord& tag = testing::feature(enc.features(), r.rec, 0, "Tag Team");
  EXPECT_EQ(tag.uses, 1);
  EXPECT_EQ(tag.damage, 3);
  EXPECT_EQ(tag.spent, 3);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "primary").uses, 0);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 1, "primary").uses, 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 1, "primary").damage, 1);
}

TEST(DaggerheartAudit, ATagTeamWithFearGivesTheGmAFearPerPc) {
  // Both fail, A with Fear and B with Hope: B's failure with Hope is the
  // better result and stands; both gain a Hope and the spotlight passes (then
  // B's own attack, a success with Hope). With tag_team off, A attacks alone.
  {
    ScriptedDice dice{{{12, 1}, {12, 2}, {12, 3}, {12, 2}, {20, 1}, {12, 9}, {12, 8}, {8, 1}}};
    const Replay r = replay(encounter_from(with_option(kTagTeam, "")), dice, ScriptedDice{{{2, 2}}, true});
    EXPECT_EQ(r.rec.resources[dh::kHopeGained], 3) << r.log;
    EXPECT_EQ(r.rec.resources[dh::kFearGained], 0);
    EXPECT_EQ(r.rec.resources[dh::kGmTurns], 1);
  }
  {  // both succeed with Fear: the GM gains two
    ScriptedDice dice{{{12, 4}, {12, 8}, {12, 5}, {12, 7}, {8, 1}, {8, 1}, {20, 1}, {12, 9}, {12, 8}, {8, 1}}};
    const Replay r = replay(encounter_from(with_option(kTagTeam, "")), dice, ScriptedDice{{{2, 2}}, true});
    EXPECT_EQ(r.rec.resources[dh::kFearGainedRolls], 2) << r.log;
  }
  {
    ScriptedDice dice{{{12, 1}, {12, 2}, {20, 1}, {12, 9}, {12, 8}, {8, 1}}};
    const Replay r = replay(encounter_from(with_option(kTagTeam, ", tag_team: false")), dice, ScriptedDice{{{2, 2}}, true});
    EXPECT_EQ(r.rec.resources[dh::kHopeSpentTagTeam], 0) << r.log;
  }
}

// ---------------------------------------------------------------------------
// Battle Points, the library and errors.

TEST(DaggerheartBattlePoints, BudgetAndCostsFollowTheSrdTable) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
include: [adversaries.yaml, party.yaml]
options: {battle_points: {harder: true}}
party: [{use: Warrior}, {use: Wizard}, {use: Rogue}, {use: Seraph}]
foes:
  - use: Acid Burrower
  - use: Cave Ogre
  - use: Giant Rat
    count: 5
  - use: Bear
)");
  // 3 x 4 + 2 = 14, +2 harder, -2 for two Solos: 14. Cost: 5 + 5 + 2 rat
  // groups (5 rats, groups of 4) + 4 = 16.
  EXPECT_EQ(enc.bp.budget, 14);
  EXPECT_EQ(enc.bp.cost, 16);
  EXPECT_NE(enc.note().find("costs 16 of a budget of 14 (over budget)"), std::string::npos);
}

TEST(DaggerheartLibrary, EveryAdversaryAndClassCompilesAndFights) {
  // The names, read from the library file itself.
  std::ifstream in(ENCSIM_SOURCE_DIR "/scenarios/daggerheart/adversaries.yaml");
  std::string line;
  std::vector<std::string> names;
  bool in_monsters = false;
  while (std::getline(in, line)) {
    if (line == "monsters:") in_monsters = true;
    if (in_monsters && line.size() > 3 && line[0] == ' ' && line[1] == ' ' && line[2] != ' ' && line[2] != '#' &&
        line.back() == ':')
      names.push_back(line.substr(2, line.size() - 3));
  }
  ASSERT_EQ(names.size(), 129u);
  int modelled = 0, total = 0;
  for (std::size_t b = 0; b < names.size(); b += 40) {
    std::string yaml = "ruleset: daggerheart\ninclude: [adversaries.yaml, party.yaml]\nparty:\n";
    for (const char* c : {"Bard", "Druid", "Guardian", "Ranger", "Rogue", "Seraph", "Sorcerer", "Warrior", "Wizard"})
      yaml += std::string("  - use: ") + c + "\n";
    yaml += "foes:\n";
    for (std::size_t k = b; k < std::min(names.size(), b + 40); ++k) {
      std::string n = names[k];
      if (n.front() == '"') n = n.substr(1, n.size() - 2);
      yaml += "  - use: \"" + n + "\"\n";
    }
    const auto enc = encounter_from(yaml);
    const auto facts = enc.facts();
    modelled += std::stoi(facts[0].second);
    total += std::stoi(facts[1].second);
    RunSettings s;
    s.trials = 200;
    const Tally t = run_trials(enc, s).tally;
    EXPECT_EQ(t.trials, 200u);
  }
  EXPECT_GT(total, 400);
  EXPECT_GT(modelled * 2, total);  // more than half the SRD's features are simulated
}

TEST(DaggerheartErrors, UnknownKeysAndShapesAreRefusedWithPositions) {
  const std::string head = "ruleset: daggerheart\nparty: [{name: A, primary: {damage: d8}}]\nfoes:\n";
  EXPECT_EQ(testing::message_of([&] {
              encounter_from(head + "  - {name: B, difficulty: 10, thresholds: none, hp: 1, atk: 1, atak: 2, attack: {damage: 1}}\n");
            }),
            "unknown key 'atak' in adversary 'B' (did you mean 'atk'?)");
  EXPECT_EQ(testing::message_of([&] {
              encounter_from(head + "  - {name: B, difficulty: 10, thresholds: none, hp: 1, attack: {damage: 1}, "
                                    "features: [{name: F, kind: reaction, effect: attack}]}\n");
            }),
            "feature 'F' is a reaction: it needs a 'trigger'");
  EXPECT_EQ(testing::message_of([&] {
              encounter_from(head + "  - {name: B, difficulty: 10, thresholds: none, hp: 1, attack: {damage: 1}, "
                                    "features: [{name: F, kind: action, minion: 3, effect: attack}]}\n");
            }),
            "'minion' is a passive shape: give the feature kind: passive (in feature 'F')");
  EXPECT_EQ(testing::message_of([&] {
              encounter_from(
                  "ruleset: daggerheart\ninclude: [party.yaml]\nparty: [{use: Warrior, primary: Longsward}]\nfoes: [{name: B, "
                  "difficulty: 10, thresholds: none, hp: 1, attack: {damage: 1}}]\n");
            }),
            "unknown weapon 'Longsward' (did you mean 'Longsword'?)");
  EXPECT_EQ(testing::message_of([&] {
              encounter_from("ruleset: daggerheart\noptions: {fear_budget: huge}\n" + head.substr(21) +
                             "  - {name: B, difficulty: 10, thresholds: none, hp: 1, attack: {damage: 1}}\n");
            }),
            "unknown fear_budget 'huge'; expected a number or one of 'incidental', 'minor', 'standard', 'major', "
            "'climactic' or 'unlimited'");
}

TEST(DaggerheartErrors, KeysThatWouldDoNothingAreRefused) {
  const std::string party = "ruleset: daggerheart\nparty:\n  - {name: A, primary: {damage: d8}}\n";
  const std::string foe = "foes: [{name: B, difficulty: 10, thresholds: none, hp: 1, attack: {damage: 1}}]\n";
  EXPECT_EQ(testing::message_of([&] {
              encounter_from(party + "  - {name: N, npc: true, features: [{name: F, trigger: battle_start, effect: damage, "
                                     "damage: 3, target_stress: 1}]}\n" + foe);
            }),
            "'target_stress' is not something an NPC feature does (in feature 'F')");
  EXPECT_EQ(testing::message_of([&] {
              encounter_from(party + foe + "countdowns: [{name: C, start: 3, outcome: foes_win, damage: 4}]\n");
            }),
            "a countdown with an 'outcome' ends the fight; 'damage' would do nothing");
  EXPECT_EQ(testing::message_of([&] {
              encounter_from("ruleset: daggerheart\noptions: {gm_policy: greedy, fear_reserve: 2}\nparty: [{name: A, "
                             "primary: {damage: d8}}]\n" + foe);
            }),
            "a greedy GM has no fear_reserve (it is a measured GM's limit)");
  EXPECT_EQ(testing::message_of([&] {
              encounter_from(party + "foes: [{name: B, difficulty: 10, thresholds: none, hp: 1, attack: {damage: 1}, "
                                     "features: [{name: F, alt_when: pack}]}]\n");
            }),
            "'alt_when' goes with alt_damage (in feature 'F')");
  EXPECT_EQ(testing::where_of([&] { encounter_from("ruleset: daggerheart\nparty: [{name: A, primary: {damage: 2x}}]\n" + foe); })
                .first,
            2);
}

TEST(DaggerheartErrors, CountdownsBelongToDaggerheartOnly) {
  EXPECT_EQ(testing::message_of([] {
              const Scenario s = load_scenario_text(
                  "ruleset: fivey\nparty: [{name: A, hp: 5, weapon: sword}]\nfoes: [{name: B, hp: 5, weapon: sword}]\n"
                  "countdowns: [{name: c, start: 3}]\n",
                  "t.yaml", ruleset_ids(), ".");
              compile_variant(s, s.variants[0]);
            }),
            "'countdowns' are a Daggerheart rule; fivey has none");
}

// ---------------------------------------------------------------------------
// Determinism: the shipped bandit ambush gives the same CSVs at 1, 2 and 8 threads.

TEST(DaggerheartDeterminism, CsvsAreIdenticalAtOneTwoAndEightThreads) {
  const cli::Prepared p = cli::prepare(ENCSIM_SOURCE_DIR "/scenarios/daggerheart/bandit-ambush.yaml", {});
  std::string first;
  for (int threads : {1, 2, 8}) {
    RunSettings s;
    s.trials = 8000;
    s.seed = 5;
    s.threads = threads;
    const auto results = cli::run_prepared(p, s);
    const std::string csv = to_csv(summary_table(results)) + to_csv(combatants_table(results)) +
                            to_csv(features_table(results)) + to_csv(distributions_table(results));
    if (first.empty()) {
      first = csv;
    } else {
      EXPECT_EQ(csv, first) << threads << " threads";
    }
  }
  EXPECT_NE(first.find("fear_spent_mean"), std::string::npos);
  EXPECT_NE(first.find("battle_points_budget"), std::string::npos);
}

}  // namespace
}  // namespace encsim
