// Monsters & Magic: exact tier probabilities against sampling, each rule of
// seed 002 replayed with scripted dice, error messages, the shipped scenarios.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "encsim/paired.hpp"
#include "encsim/runner.hpp"
#include "input_error.hpp"
#include "rules/monsters_and_magic/mnm.hpp"
#include "rules/registry.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using mnm::Tier;
using testing::ScriptedDice;

Scenario scenario_from(const std::string& yaml) {
  return load_scenario_text(yaml, "test.yaml", ruleset_ids(), ENCSIM_SOURCE_DIR "/scenarios/monsters-and-magic");
}

mnm::Encounter encounter_from(const std::string& yaml, std::size_t variant = 0) {
  const Scenario s = scenario_from(yaml);
  return mnm::compile(s, s.variants.at(variant));
}

struct Replay {
  TrialRecord rec;
  std::string log;
};

Replay replay(const mnm::Encounter& enc, ScriptedDice& dice, ScriptedDice& init) {
  Replay r;
  r.rec.reset(enc.combatant_count(), enc.features().size());
  std::ostringstream os;
  TextLog log(os);
  ScriptedDice none;  // tactics and setup draw nothing in these fights
  enc.simulate_with(dice, init, none, none, r.rec, log);
  r.log = os.str();
  EXPECT_TRUE(dice.script.empty()) << "unused dice left; log:\n" << r.log;
  return r;
}

ScriptedDice d20s(std::initializer_list<int> rolls) {
  ScriptedDice d;
  for (int r : rolls) d.script.push_back({20, r});
  return d;
}

// Threads off unless a test turns them on: the dice stay the ones written.
const std::string kHeader = R"(ruleset: monsters-and-magic
max_rounds: 1
options:
  pc_thread_attacks: never
  pc_thread_defense: never
  pc_thread_death_saves: false
  gm_reroll: false
  gm_reroll_pc: false
  target_ties: first
)";

// ---------------------------------------------------------------------------
// The result chart.

TEST(MnmTiers, ChartLinesAndDifficultyClass) {
  using mnm::tier_of;
  EXPECT_EQ(tier_of(20, 5, 0), mnm::kCrit);       // a natural 20 whatever the total
  EXPECT_EQ(tier_of(1, 25, 0), mnm::kCritMiss);   // a natural 1 whatever the total
  EXPECT_EQ(tier_of(9, 9, 0), mnm::kMiss);
  EXPECT_EQ(tier_of(9, 10, 0), mnm::kWeak);
  EXPECT_EQ(tier_of(9, 17, 0), mnm::kWeak);
  EXPECT_EQ(tier_of(9, 18, 0), mnm::kStrong);
  // DC 12 moves the weak line; DC 8 does not lower it.
  EXPECT_EQ(tier_of(9, 11, 12), mnm::kMiss);
  EXPECT_EQ(tier_of(9, 12, 12), mnm::kWeak);
  EXPECT_EQ(tier_of(9, 9, 8), mnm::kMiss);
  // DC 18: the weak line meets the strong line.
  EXPECT_EQ(tier_of(9, 18, 18), mnm::kStrong);
  // Above 18, matching the DC is only a weak hit; beating it is strong.
  EXPECT_EQ(tier_of(9, 20, 20), mnm::kWeak);
  EXPECT_EQ(tier_of(9, 21, 20), mnm::kStrong);
  EXPECT_EQ(tier_of(9, 19, 20), mnm::kMiss);
}

TEST(MnmTiers, EffectStepsNeverMakeACritical) {
  using mnm::step_tier;
  EXPECT_EQ(step_tier(mnm::kWeak, 1), mnm::kStrong);
  EXPECT_EQ(step_tier(mnm::kMiss, 1), mnm::kWeak);
  EXPECT_EQ(step_tier(mnm::kStrong, 1), mnm::kStrong);
  EXPECT_EQ(step_tier(mnm::kStrong, -1), mnm::kWeak);
  EXPECT_EQ(step_tier(mnm::kMiss, -1), mnm::kMiss);
  EXPECT_EQ(step_tier(mnm::kCrit, -1), mnm::kCrit);
  EXPECT_EQ(step_tier(mnm::kCritMiss, 1), mnm::kCritMiss);
}

// Exact probabilities of the five results of d20 + bonus against a DC, with
// advantage (+1), disadvantage (-1) or neither: enumerate both dice. The
// chart is written out here from the text, independently of mnm::tier_of:
// natural 20 and 1 first, then the weak line (10, or the DC above it) and the
// strong line (18, or above the DC when the DC passes 18).
std::array<double, 5> exact_tiers(int bonus, int dc, int advantage) {
  const int weak_line = std::max(10, dc);
  const int strong_line = dc > 18 ? dc + 1 : 18;
  std::array<double, 5> p{};  // critical miss, miss, weak, strong, critical
  for (int a = 1; a <= 20; ++a)
    for (int b = 1; b <= 20; ++b) {
      const int d = advantage > 0 ? std::max(a, b) : advantage < 0 ? std::min(a, b) : a;
      const int total = d + bonus;
      const int k = d == 20 ? 4 : d == 1 ? 0 : total >= strong_line ? 3 : total >= weak_line ? 2 : 1;
      p[static_cast<std::size_t>(k)] += 1.0 / 400;
    }
  return p;
}

struct TierCase {
  int bonus;
  int advantage;
};
class MnmAttackTiers : public ::testing::TestWithParam<TierCase> {};

// A ranged PC strikes twice a turn at a dummy that cannot fall; the summary's
// weak/strong/critical/miss counts against the exact chart. Critical misses
// are the GM's threads from natural 1s (it gains one per natural 20 and 1).
TEST_P(MnmAttackTiers, SampledResultsMatchTheExactChart) {
  const TierCase c = GetParam();
  const std::string adv = c.advantage > 0 ? ", advantage: true" : c.advantage < 0 ? ", disadvantage: true" : "";
  const auto enc = encounter_from(kHeader + "party:\n  - {name: A, power: " + std::to_string(c.bonus - 1) +
                                  ", hp: 100, damage: 1, ranged: true" + adv +
                                  "}\nfoes:\n  - {name: D, cr: 0, hp: 1000000, damage: 1, tactics: [{do: pass}]}\n");
  RunSettings s;
  s.trials = 100000;
  s.seed = 7;
  const Tally t = run_trials(enc, s).tally;
  const double n = static_cast<double>(t.combatants[0].attacks);
  ASSERT_EQ(n, 2.0 * 100000);
  const auto sum = [&](int r) { return static_cast<double>(t.resources[static_cast<std::size_t>(r)].sum()); };
  const double crit = sum(mnm::kPartyCritHits);
  const double crit_miss = sum(mnm::kGmThreadsGained) - crit;
  const double sampled[5] = {crit_miss, sum(mnm::kPartyMisses) - crit_miss, sum(mnm::kPartyWeakHits),
                             sum(mnm::kPartyStrongHits), crit};
  const auto exact = exact_tiers(c.bonus, 0, c.advantage);
  for (int k = 0; k < 5; ++k) {
    const double p = exact[static_cast<std::size_t>(k)];
    const double se = std::sqrt(std::max(p * (1 - p), 1e-12) / n);
    EXPECT_NEAR(sampled[k] / n, p, 4 * se + 1e-12) << "tier " << k << " bonus " << c.bonus << " adv " << c.advantage;
  }
}
INSTANTIATE_TEST_SUITE_P(Bonuses, MnmAttackTiers,
                         ::testing::Values(TierCase{1, 0}, TierCase{4, 0}, TierCase{4, 1}, TierCase{4, -1},
                                           TierCase{-2, 1}, TierCase{8, 0}));

struct SaveCase {
  int cunning;
  int dc;
  bool dodging;  // Dodge: cunning saves with advantage
};
class MnmSaveTiers : public ::testing::TestWithParam<SaveCase> {};

// A cunning saving throw against a DC, through a thread ability in round 2
// that deals 100 damage on a miss (and a condition), half on a weak hit. The
// PC's AC is its cunning (no armour). A dodging PC has dodged in round 1 or 2
// before the save whatever the initiative.
TEST_P(MnmSaveTiers, SampledSavesMatchTheExactChartWithADc) {
  const SaveCase c = GetParam();
  const auto enc = encounter_from(
      std::string("ruleset: monsters-and-magic\nmax_rounds: 2\noptions: {pc_thread_attacks: never, gm_threads_start: 100, gm_reroll_pc: false}\n") +
      "party:\n  - {name: A, cunning: " + std::to_string(c.cunning) + ", hp: 1000, damage: 1, tactics: [{do: " +
      (c.dodging ? "dodge" : "pass") + "}]}\n" +
      "foes:\n  - name: Hag\n    cr: 0\n    hp: 10\n    damage: 1\n    tactics: [{when: \"round >= 2\", do: thread_ability}, {do: pass}]\n"
      "    thread_ability: {ap: 3, damage: 100, save: cunning, dc: " + std::to_string(c.dc) + ", condition: doomed}\n");
  RunSettings s;
  s.trials = 200000;
  s.seed = 11;
  const Tally t = run_trials(enc, s).tally;
  const double n = static_cast<double>(t.trials);
  const double misses = static_cast<double>(t.resources[mnm::kConditionsApplied].sum());
  const double taken = static_cast<double>(t.combatants[0].damage_taken);
  const double weak = (taken - misses * (100 - c.cunning)) / (50 - c.cunning);
  const auto exact = exact_tiers(c.cunning, c.dc, c.dodging ? 1 : 0);
  const double p_miss = exact[0] + exact[1];
  const double p_weak = exact[2];
  EXPECT_NEAR(misses / n, p_miss, 4 * std::sqrt(p_miss * (1 - p_miss) / n) + 1e-12);
  EXPECT_NEAR(weak / n, p_weak, 4 * std::sqrt(p_weak * (1 - p_weak) / n) + 1e-12);
}
INSTANTIATE_TEST_SUITE_P(Dcs, MnmSaveTiers,
                         ::testing::Values(SaveCase{2, 12, false}, SaveCase{0, 10, false}, SaveCase{3, 20, false},
                                           SaveCase{5, 18, false}, SaveCase{2, 12, true}, SaveCase{3, 19, true}));

// ---------------------------------------------------------------------------
// Damage, scripted.

const std::string kDuel = kHeader + R"(party:
  - {name: Hero, power: 2, hp: 100, damage: d8, damage_type: fire, ranged: true}
)";

TEST(MnmScripted, WeakHitHalvesStrongIsFullCriticalDoubles) {
  const auto enc = encounter_from(kDuel + "foes:\n  - {name: Dummy, cr: 0, hp: 100, damage: 1, tactics: [{do: pass}]}\n");
  ScriptedDice init = d20s({10, 5});
  // +3 (power 2, proficiency 1). 12 + 3 = 15: weak, (5 + 2) / 2 = 3.
  // Natural 20: critical, (4 + 2) x 2 = 12.
  ScriptedDice dice{{{20, 12}, {8, 5}, {20, 20}, {8, 4}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 15) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[mnm::kExtraWeakHits], 1);
  EXPECT_EQ(r.rec.combatants[0].crits, 1);
  EXPECT_EQ(r.rec.resources[mnm::kPartyWeakHits], 1);
  EXPECT_EQ(r.rec.resources[mnm::kPartyCritHits], 1);
}

TEST(MnmScripted, WeakHitDealsAtLeastOne) {
  const auto enc = encounter_from(kHeader + R"(party:
  - {name: Hero, hp: 100, damage: d4, ranged: true}
foes:
  - {name: Dummy, cr: 0, hp: 100, damage: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({10, 5});
  // 10 + 1 = 11 weak: d4 1 + 0 = 1, half is 0, at least 1. Then 2 + 1 misses.
  ScriptedDice dice{{{20, 10}, {4, 1}, {20, 2}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1) << r.log;
}

TEST(MnmScripted, ArmourClassComesOffBeforeResistanceAndVulnerability) {
  struct Case {
    const char* trait;
    int expected;  // two strong hits of 8 + 2 = 10 and 3 + 2 = 5 against AC 3
  };
  for (const Case c : {Case{"resist: [fire]", 3 + 1}, Case{"vulnerable: [fire]", 14 + 4},
                       Case{"immune: [fire]", 0}, Case{"resist: [cold]", 7 + 2}}) {
    const auto enc = encounter_from(kDuel + "foes:\n  - {name: Dummy, cr: 0, hp: 100, ac: 3, damage: 1, " + c.trait +
                                    ", tactics: [{do: pass}]}\n");
    ScriptedDice init = d20s({10, 5});
    ScriptedDice dice{{{20, 17}, {8, 8}, {20, 18}, {8, 3}}};
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.combatants[1].damage_taken, c.expected) << c.trait << "\n" << r.log;
    EXPECT_EQ(r.rec.resources[mnm::kAcAbsorbed], 6) << c.trait;
  }
}

TEST(MnmScripted, TemporaryHitPointsGoFirstAndConditionsMoveArmourClass) {
  const auto enc = encounter_from(kDuel + R"(foes:
  - {name: Dummy, cr: 0, hp: 100, ac: 3, temp_hp: 4, statuses: [sundered, protected], cover: partial, damage: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({10, 5});
  // AC 3 + 2 cover + 2 protected - 2 sundered = 5; cover also takes 2 off the
  // roll: 17 + 3 - 2 = 18 strong, 10 - 5 = 5: 4 temporary, 1 real. Then 2 misses.
  ScriptedDice dice{{{20, 17}, {8, 8}, {20, 2}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1) << r.log;
  EXPECT_NE(r.log.find("AC 5 absorbs 5"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("4 taken from temporary hit points"), std::string::npos);
}

// ---------------------------------------------------------------------------
// Action points.

TEST(MnmScripted, ThreeActionPointsAllowStrikeAndStrikeNotThree) {
  for (const bool quickened : {false, true}) {
    const auto enc2 = encounter_from(kHeader + "party:\n  - {name: Hero, hp: 100, damage: d8, ranged: true" +
                                     std::string(quickened ? ", statuses: [quickened]" : "") +
                                     "}\nfoes:\n  - {name: Dummy, cr: 0, hp: 100, damage: 1, tactics: [{do: pass}]}\n");
    ScriptedDice init = d20s({10, 5});
    ScriptedDice dice = d20s({2, 2});  // two misses; a third Strike would cost 3
    const Replay r = replay(enc2, dice, init);
    EXPECT_EQ(r.rec.combatants[0].attacks, 2) << r.log;
    EXPECT_EQ(r.rec.combatants[0].extra[mnm::kExtraApSpent], 3) << "quickened " << quickened;
  }
}

TEST(MnmScripted, MeleeMovesIntoReachThenStrikesOnce) {
  const auto enc = encounter_from(kHeader + R"(party:
  - {name: Hero, hp: 100, damage: d8}
foes:
  - {name: Dummy, cr: 0, hp: 100, damage: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({10, 5});
  // Move (1 AP), Strike (1 AP); the second Strike and second Move both cost 2.
  ScriptedDice dice = d20s({2});
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[0].attacks, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].actions, 2);
  EXPECT_NE(r.log.find("Hero moves into reach of Dummy"), std::string::npos);
}

TEST(MnmScripted, InitiativeIsACunningRollWithTiesToPcs) {
  const auto enc = encounter_from(kHeader + R"(party:
  - {name: Hero, cunning: 1, hp: 100, damage: 1, ranged: true, tactics: [{do: pass}]}
foes:
  - {name: Imp, cr: 2, hp: 100, damage: 1, ranged: true, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({9, 8});  // 9 + 1 = 10 ties 8 + 2 = 10: the PC first
  ScriptedDice dice;
  const Replay r = replay(enc, dice, init);
  EXPECT_NE(r.log.find("Initiative: Hero 10, Imp 10"), std::string::npos) << r.log;
}

// ---------------------------------------------------------------------------
// Fatigue and exhaustion.

TEST(MnmScripted, FatigueRatchetsIntoExhaustionThenUnconscious) {
  const auto enc = encounter_from(kHeader + R"(party:
  - {name: Hero, hp: 100, damage: d8, ranged: true, tactics: [{do: strike_fatigue}]}
foes:
  - {name: Imp, cr: 0, hp: 100, damage: 1, fatigue: 1, exhaustion: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({10, 5});
  // Strike 1: Hero marks 1 fatigue; 18 + 1 strong: 2 fatigue: the first fills
  // the level (1 of 1), the second marks exhaustion 1 and resets fatigue to 0.
  // Strike 2 (2 AP): 1 fatigue fills the level again, the next has no
  // exhaustion left to mark: unconscious, the fight is won, nobody died.
  ScriptedDice dice = d20s({18, 18});
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.outcome, Outcome::party_win) << r.log;
  EXPECT_TRUE(r.rec.combatants[1].down);
  EXPECT_FALSE(r.rec.combatants[1].dead);
  EXPECT_EQ(r.rec.combatants[1].extra[mnm::kExtraExhaustionMarked], 1);
  EXPECT_EQ(r.rec.combatants[0].extra[mnm::kExtraFatigueMarked], 2);
  EXPECT_EQ(r.rec.combatants[0].extra[mnm::kExtraFatigueInflicted], 4);
  EXPECT_NE(r.log.find("Imp has no exhaustion left to mark and falls unconscious"), std::string::npos);
}

TEST(MnmScripted, FatigueStrikeHalvesOnAWeakHitAndDoublesOnACritical) {
  const auto enc = encounter_from(kHeader + R"(party:
  - {name: Hero, hp: 100, damage: d8, ranged: true, tactics: [{do: strike_fatigue}]}
foes:
  - {name: Imp, cr: 0, hp: 100, damage: 1, fatigue: 10, exhaustion: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({10, 5});
  ScriptedDice dice = d20s({12, 20});  // weak: 1 fatigue; critical: 4
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[0].extra[mnm::kExtraFatigueInflicted], 5) << r.log;
}

// ---------------------------------------------------------------------------
// Dying.

const std::string kDying = kHeader + R"(party:
  - {name: Hero, luck: 1, hp: 1, damage: 1, ranged: true, tactics: [{do: pass}]}
  - {name: Ally, hp: 1000, damage: 1, ranged: true, tactics: [{do: pass}]}
foes:
  - {name: Brute, cr: 0, hp: 1000, damage: 1, ranged: true}
)";

// The Brute acts first: a weak hit drops the Hero to 0 (1 damage, at least
// 1), its second Strike misses the Ally. Then the Hero's luck rolls.
ScriptedDice brute_drops_hero(std::initializer_list<int> luck_rolls) {
  ScriptedDice d{{{20, 15}, {20, 2}}};
  int k = 0;
  for (int roll : luck_rolls) {
    if (k++ > 0) d.script.insert(d.script.end(), {{20, 2}, {20, 2}});  // the Brute misses the Ally twice
    d.script.push_back({20, roll});
  }
  return d;
}

TEST(MnmScripted, DeathSavesMissMarksExhaustionAndThreeWeakHitsStabilise) {
  std::string yaml = kDying;
  yaml.replace(yaml.find("max_rounds: 1"), 13, "max_rounds: 5");
  const auto enc = encounter_from(yaml);
  ScriptedDice init = d20s({1, 1, 20});
  // 5 + 1: miss, exhaustion 1 (no penalty yet); 5 + 1: miss, exhaustion 2
  // (-1 to checks); then 12 + 1 - 1 = 12 three times: three deathsaves.
  ScriptedDice dice = brute_drops_hero({5, 5, 12, 12, 12});
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[0].extra[mnm::kExtraDeathSaves], 5) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[mnm::kExtraExhaustionMarked], 2);
  EXPECT_NE(r.log.find("marks exhaustion 2 of 5 (checks -1)"), std::string::npos);
  EXPECT_NE(r.log.find("luck roll d20 12 +0 = 12, weak hit"), std::string::npos);
  EXPECT_NE(r.log.find("Hero holds a third deathsave and stabilises"), std::string::npos);
  EXPECT_EQ(r.rec.resources[mnm::kStabilised], 1);
  EXPECT_TRUE(r.rec.combatants[0].down);
  EXPECT_FALSE(r.rec.combatants[0].dead);
}

TEST(MnmScripted, ACriticalDeathSaveWakesWithOneHitPoint) {
  const auto enc = encounter_from(kDying);
  ScriptedDice init = d20s({1, 1, 20});
  ScriptedDice dice = brute_drops_hero({20});
  const Replay r = replay(enc, dice, init);
  EXPECT_FALSE(r.rec.combatants[0].down) << r.log;
  EXPECT_NE(r.log.find("Hero stabilises, heals 1 hp and wakes"), std::string::npos);
}

TEST(MnmScripted, FibonacciPenaltiesAndDeathWhenNoExhaustionIsLeft) {
  std::string yaml = kDying;
  yaml.replace(yaml.find("max_rounds: 1"), 13, "max_rounds: 6");
  const auto enc = encounter_from(yaml);
  ScriptedDice init = d20s({1, 1, 20});
  // Six misses: exhaustion 1..5 (penalties 0, -1, -1, -2, -3), then none left: death.
  ScriptedDice dice = brute_drops_hero({2, 2, 2, 2, 2, 2});
  const Replay r = replay(enc, dice, init);
  EXPECT_TRUE(r.rec.combatants[0].dead) << r.log;
  for (const char* s : {"exhaustion 1 of 5 (checks +0)", "exhaustion 2 of 5 (checks -1)", "exhaustion 3 of 5 (checks -1)",
                        "exhaustion 4 of 5 (checks -2)", "exhaustion 5 of 5 (checks -3)", "Hero dies"})
    EXPECT_NE(r.log.find(s), std::string::npos) << s;
  EXPECT_EQ(r.rec.outcome, Outcome::draw);  // the Ally still stands
}

TEST(MnmScripted, DamageWhileDyingMarksExhaustionAndHealingResetsFromZero) {
  const std::string yaml = R"(ruleset: monsters-and-magic
max_rounds: 2
options: {attack_downed: true, downed_targets: any, pc_thread_attacks: never, pc_thread_defense: never, pc_thread_death_saves: false, gm_reroll: false, target_ties: first}
party:
  - {name: Hero, luck: 1, hp: 5, damage: 1, ranged: true, tactics: [{do: pass}]}
  - {name: Medic, hp: 1000, damage: 1, ranged: true, potions: 1, potion: 4, tactics: [{when: "round >= 2", do: use_item}, {do: pass}]}
foes:
  - {name: Brute, cr: 0, hp: 1000, damage: 5, ranged: true, tactics: [{do: strike, target: lowest_hp}]}
)";
  const auto e = encounter_from(yaml);
  ScriptedDice init = d20s({1, 1, 20});
  // Round 1: Brute 18 strong: 5 damage drops the Hero; the prone Hero (0 hp
  // is the lowest) is struck at range with disadvantage, 18 and 18: 5 damage
  // marks exhaustion 1. The Hero's luck roll 12 + 1: a deathsave. Round 2: the
  // Brute misses twice (2 and 2, twice); luck roll 12 + 1 again; the Medic's
  // potion: 4 hp from 0, awake.
  ScriptedDice dice = d20s({18, 18, 18, 12, 2, 2, 2, 2, 12});
  const Replay r = replay(e, dice, init);
  EXPECT_EQ(r.rec.combatants[0].extra[mnm::kExtraExhaustionMarked], 1) << r.log;
  EXPECT_NE(r.log.find("Hero is healed to 4 hp and wakes"), std::string::npos) << r.log;
  EXPECT_FALSE(r.rec.combatants[0].down);
}

// ---------------------------------------------------------------------------
// Threads of fate.

const std::string kThreads = R"(ruleset: monsters-and-magic
max_rounds: 1
options: {target_ties: first, gm_reroll: false, gm_reroll_pc: false}
)";

TEST(MnmScripted, BendLuckLiftsAMissAndTheGmGainsAThread) {
  const auto enc = encounter_from(kThreads + R"(party:
  - {name: Hero, luck: 3, hp: 100, damage: d8, ranged: true}
foes:
  - {name: Dummy, cr: 0, hp: 100, damage: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({10, 5});
  // 8 + 1 = 9 misses; +3 luck = 12: weak, d8 6 -> 3. No thread left for the
  // second miss (2 + 1).
  ScriptedDice dice{{{20, 8}, {8, 6}, {20, 2}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[mnm::kPcBendLuck], 1) << r.log;
  EXPECT_EQ(r.rec.resources[mnm::kGmThreadsGained], 1);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3);
}

TEST(MnmScripted, FeelingLuckyReplacesARollLuckCannotSave) {
  const auto enc = encounter_from(kThreads + R"(party:
  - {name: Hero, luck: 3, hp: 100, damage: d8, ranged: true}
foes:
  - {name: Dummy, cr: 0, hp: 100, damage: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({10, 5});
  // 3 + 1 = 4, +3 would be 7: still a miss, so a luck roll replaces it:
  // 15 + 3 = 18 strong, d8 5 + 0. Then 2 + 1 misses (no thread left).
  ScriptedDice dice{{{20, 3}, {20, 15}, {8, 5}, {20, 2}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[mnm::kPcFeelingLucky], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 5);
}

TEST(MnmScripted, ACriticalRestoresAThreadAndInspiredPaysWithoutFeedingTheGm) {
  const auto enc = encounter_from(kThreads + R"(party:
  - {name: Hero, luck: 3, hp: 100, damage: d8, ranged: true, threads: 0, statuses: [inspired]}
foes:
  - {name: Dummy, cr: 0, hp: 100, damage: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({10, 5});
  // 8 + 1 misses: inspired pays the Bend Luck (12, weak, d8 2 -> 1), no GM
  // thread. Natural 20: a thread regained (0 -> 1) and the GM gains one; d8 3 -> 6.
  ScriptedDice dice{{{20, 8}, {8, 2}, {20, 20}, {8, 3}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[mnm::kPcInspiredUses], 1) << r.log;
  EXPECT_EQ(r.rec.resources[mnm::kPcThreadsRegained], 1);
  EXPECT_EQ(r.rec.resources[mnm::kGmThreadsGained], 1);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 7);
}

TEST(MnmScripted, BendLuckAgainstAStrongHitAndTheGmRerollsAMiss) {
  const auto enc = encounter_from(R"(ruleset: monsters-and-magic
max_rounds: 1
options: {target_ties: first, gm_threads_start: 1}
party:
  - {name: Hero, luck: 2, hp: 100, damage: 1, ranged: true, tactics: [{do: pass}]}
foes:
  - {name: Brute, cr: 0, hp: 100, damage: d10, ranged: true}
)");
  ScriptedDice init = d20s({1, 20});
  // Strike 1: 4 misses: the GM rerolls (1 thread): 18, strong; the Hero bends
  // luck: 16, weak: d10 8 -> 4. The GM gains the Hero's spent thread.
  // Strike 2: 3 misses; the GM rerolls with that thread: 2, keeps the 3.
  ScriptedDice dice{{{20, 4}, {20, 18}, {10, 8}, {20, 3}, {20, 2}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[mnm::kGmRerolls], 2) << r.log;
  EXPECT_EQ(r.rec.resources[mnm::kPcBendLuck], 1);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 4);
  EXPECT_EQ(r.rec.resources[mnm::kGmThreadsEnd], 0);
}

TEST(MnmScripted, ThreadAbilityIsPaidByTheGmAndForcesSaves) {
  const auto enc = encounter_from(R"(ruleset: monsters-and-magic
max_rounds: 1
options: {target_ties: first, gm_threads_start: 1, pc_thread_attacks: never}
party:
  - {name: A, luck: 1, hp: 100, damage: 1, ranged: true, tactics: [{do: pass}]}
  - {name: B, luck: 1, hp: 99, damage: 1, ranged: true, tactics: [{do: pass}]}
foes:
  - name: Hag
    cr: 2
    hp: 100
    damage: 1
    thread_ability: {name: Curse, ap: 3, damage: 2d6, targets: 2, save: luck, condition: doomed}
)");
  ScriptedDice init = d20s({1, 1, 20});
  // 2d6 = 9; DC 12. B (lowest hp) saves 5 + 1: miss: 9 and doomed. A saves
  // 12 + 1: weak: 4.
  ScriptedDice dice{{{6, 4}, {6, 5}, {20, 5}, {20, 12}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[mnm::kGmThreadAbilities], 1) << r.log;
  EXPECT_EQ(r.rec.resources[mnm::kGmThreadsSpent], 1);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 9);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 4);
  EXPECT_EQ(r.rec.resources[mnm::kConditionsApplied], 1);
  // An attack on two targets: two area attacks; only the failed save is a
  // hit (the weak one halves the damage).
  EXPECT_EQ(r.rec.combatants[2].area_attacks, 2);
  EXPECT_EQ(r.rec.combatants[2].area_hits, 1);
  EXPECT_EQ(r.rec.combatants[2].attacks, 0);
}

// ---------------------------------------------------------------------------
// Advantage, conditions, reactions.

TEST(MnmScripted, AdvantageNeverStacksAndCancelsDisadvantage) {
  struct Case {
    const char* attacker;
    const char* target;
    int dice;
  };
  for (const Case c : {Case{"advantage: true", "damage: 1", 2}, Case{"advantage: true", "damage: 1, statuses: [blinded]", 2},
                       Case{"advantage: true, statuses: [blinded]", "damage: 1", 1},
                       Case{"ranged: false", "damage: 1, statuses: [prone]", 2},
                       // Two sources of advantage and one of disadvantage cancel ("Advantage & Disadvantage").
                       Case{"advantage: true, statuses: [blinded]", "damage: 1, statuses: [blinded]", 1}}) {
    const auto enc = encounter_from(kHeader + "party:\n  - {name: Hero, hp: 100, damage: 1, " + c.attacker +
                                    ", tactics: [{do: strike}, {do: pass}]}\nfoes:\n  - {name: Dummy, cr: 0, hp: 100, " +
                                    c.target + ", tactics: [{do: pass}]}\n");
    // Melee: Move, Strike (missing on every die), and the second Strike is unaffordable.
    ScriptedDice init = d20s({10, 5});
    ScriptedDice dice;
    for (int k = 0; k < c.dice; ++k) dice.script.push_back({20, 2});
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(dice.calls, c.dice) << c.attacker << " vs " << c.target << "\n" << r.log;
  }
}

TEST(MnmScripted, AConditionInflictedAgainDetonatesOrExtends) {
  for (const bool extend : {false, true}) {
    const auto enc = encounter_from(std::string(R"(ruleset: monsters-and-magic
max_rounds: 1
options: {target_ties: first, pc_thread_attacks: never, gm_reroll_pc: false, reapply: )") + (extend ? "extend" : "detonate") + R"(}
party:
  - {name: Hero, hp: 100, damage: d4, ranged: true, inflicts: weakened}
foes:
  - {name: Dummy, cr: 0, hp: 100, damage: 1, fatigue: 5, exhaustion: 2, tactics: [{do: pass}]}
)");
    ScriptedDice init = d20s({10, 5});
    // Two strong hits of d4 2: weakened, then weakened again: detonation for
    // d10 7 damage (3 fatigue would not knock it out), or one more turn.
    ScriptedDice dice{{{20, 18}, {4, 2}, {20, 18}, {4, 2}}};
    if (!extend) dice.script.push_back({10, 7});
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.combatants[1].damage_taken, extend ? 4 : 11) << r.log;
    EXPECT_EQ(r.rec.resources[mnm::kDetonations], extend ? 0 : 1);
    EXPECT_EQ(r.rec.resources[mnm::kConditionsApplied], 1);
  }
}

TEST(MnmScripted, AConditionLastsToTheEndOfTheTargetsNextTurn) {
  std::string yaml = kHeader + R"(party:
  - {name: Hero, hp: 100, damage: 1, ranged: true, inflicts: weakened, tactics: [{when: "round == 1 and self.strikes == 0", do: strike}, {do: pass}]}
foes:
  - {name: Dummy, cr: 0, hp: 100, damage: 1, tactics: [{do: pass}]}
)";
  yaml.replace(yaml.find("max_rounds: 1"), 13, "max_rounds: 2");
  const auto enc = encounter_from(yaml);
  for (const bool hero_first : {true, false}) {
    // A strong hit weakens the Dummy. Acting after the Hero, its next turn is
    // in round 1; acting before, in round 2.
    ScriptedDice init = hero_first ? d20s({10, 5}) : d20s({5, 10});
    ScriptedDice dice = d20s({18});
    const Replay r = replay(enc, dice, init);
    const auto ends = r.log.find("Dummy is no longer weakened");
    const auto round2 = r.log.find("-- round 2 --");
    ASSERT_NE(ends, std::string::npos) << r.log;
    EXPECT_EQ(ends < round2, hero_first) << r.log;
  }
}

TEST(MnmScripted, RetaliateOnAWeakMeleeHitThatDealsDamage) {
  const auto enc = encounter_from(R"(ruleset: monsters-and-magic
max_rounds: 1
options: {target_ties: first, pc_thread_attacks: never}
party:
  - {name: Hero, hp: 100, damage: d8}
foes:
  - {name: Dummy, cr: 0, hp: 100, damage: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({10, 5});
  // Move, then 12 + 1 weak: d8 8 -> 4: the Dummy retaliates: 1 fatigue.
  ScriptedDice dice{{{20, 12}, {8, 8}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[mnm::kRetaliations], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[mnm::kExtraFatigueMarked], 1);
}

TEST(MnmScripted, LeavingReachProvokesAnOpportunityAttackUnlessDisengaged) {
  for (const bool disengage : {false, true}) {
    const auto enc = encounter_from(std::string(R"(ruleset: monsters-and-magic
max_rounds: 1
options: {target_ties: first, pc_thread_attacks: never, pc_thread_defense: never, gm_reroll: false}
party:
  - name: Hero
    hp: 100
    damage: 1
    tactics:)") + (disengage ? "\n      - {do: disengage}" : "") + R"(
      - {do: withdraw}
foes:
  - {name: Brute, cr: 0, hp: 100, damage: 1}
)");
    ScriptedDice init = d20s({1, 20});
    // The Brute moves in and misses; the Hero withdraws (after disengaging).
    ScriptedDice dice = disengage ? d20s({2}) : d20s({2, 2});
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.resources[mnm::kOpportunityAttacks], disengage ? 0 : 1) << r.log;
  }
}

TEST(MnmScripted, AReadiedStrikeIsTrippedByAFoeComingIntoReach) {
  const auto enc = encounter_from(kHeader + R"(party:
  - {name: Hero, hp: 100, damage: d8, tactics: [{do: ready}]}
foes:
  - {name: Brute, cr: 0, hp: 100, damage: 1}
)");
  ScriptedDice init = d20s({20, 1});
  // The Hero readies (1 AP). The Brute moves into reach: the readied Strike,
  // 18 + 1 strong, d8 4. The Brute strikes back: 2 misses.
  ScriptedDice dice{{{20, 18}, {8, 4}, {20, 2}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[mnm::kReadiedStrikes], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 4);
  EXPECT_EQ(r.rec.combatants[0].extra[mnm::kExtraApSpent], 1);
}

TEST(MnmScripted, GrappleRestrainsUntilTheCreatureMarksThreeFatigue) {
  struct Case {
    int save;
    int fatigue;  // the Dummy's fatigue per level (2 levels of exhaustion)
    bool breaks_free;
  };
  for (const Case c : {Case{5, 5, true}, Case{12, 5, true}, Case{5, 1, false}}) {
    const auto enc = encounter_from(kHeader + R"(party:
  - {name: Hero, power: 2, hp: 100, damage: 1, tactics: [{do: grapple}, {do: pass}]}
foes:
  - {name: Dummy, cr: 0, hp: 100, damage: 1, exhaustion: )" + (c.fatigue == 1 ? std::string("0") : "2") +
                                    ", fatigue: " + std::to_string(c.fatigue) + ", tactics: [{do: pass}]}\n");
    ScriptedDice init = d20s({20, 1});
    // Move, then Grapple (1 fatigue): the Dummy saves with power against
    // 10 + 2: 5 misses (restrained until freed), 12 is a weak hit (restrained
    // for the default duration). On its turn it breaks free if it can.
    ScriptedDice dice = d20s({c.save});
    const Replay r = replay(enc, dice, init);
    EXPECT_NE(r.log.find("Dummy is restrained"), std::string::npos) << r.log;
    EXPECT_EQ(r.rec.combatants[0].extra[mnm::kExtraFatigueMarked], 1);
    EXPECT_EQ(r.log.find("Dummy marks 3 fatigue to break free") != std::string::npos, c.breaks_free) << r.log;
    if (!c.breaks_free) {
      EXPECT_NE(r.log.find("Dummy's turn: 0 AP"), std::string::npos) << r.log;
    }
  }
}

TEST(MnmScripted, DistractSundersAndExposesTheTarget) {
  const auto enc = encounter_from(kHeader + R"(party:
  - {name: Hero, cunning: 2, hp: 100, damage: d8, ranged: true, tactics: [{do: distract}, {do: strike}]}
foes:
  - {name: Dummy, cr: 0, hp: 100, ac: 3, damage: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({20, 1});
  // Distract: 18 + 2 strong: sundered (AC 1) and the next attack has
  // advantage: 5 and 17, 17 + 1 strong, d8 6 - 1 = 5.
  ScriptedDice dice{{{20, 18}, {20, 5}, {20, 17}, {8, 6}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 5) << r.log;
  EXPECT_NE(r.log.find("strikes Dummy with advantage"), std::string::npos);
  EXPECT_EQ(r.rec.resources[mnm::kConditionsApplied], 1);
}

TEST(MnmScripted, HelpAddsBondToTheNextCheckOnly) {
  const auto enc = encounter_from(kHeader + R"(party:
  - {name: Friar, bond: 1, hp: 100, damage: 1, ranged: true, tactics: [{do: help}, {do: pass}]}
  - {name: Hero, bond: 3, hp: 100, damage: 2, ranged: true}
foes:
  - {name: Dummy, cr: 0, hp: 100, damage: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({20, 10, 1});
  // The Hero's bond with the Friar, 3: 7 + 1 + 3 = 11 weak (1 damage); then
  // 7 + 1 = 8 misses.
  ScriptedDice dice = d20s({7, 7});
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 1) << r.log;
}

TEST(MnmScripted, DodgeImposesDisadvantageAndStatusesChangeActionPoints) {
  const auto enc = encounter_from(kHeader + R"(party:
  - {name: Hero, hp: 100, damage: 1, ranged: true, tactics: [{do: dodge}]}
foes:
  - {name: Brute, cr: 0, hp: 100, damage: 1, ranged: true, statuses: [doomed, impaired]}
)");
  ScriptedDice init = d20s({20, 1});
  // The Brute is doomed (1 fatigue) and impaired (2 AP): one Strike, with
  // disadvantage against the dodging Hero: 15 and 2, keeps 2.
  ScriptedDice dice = d20s({15, 2});
  const Replay r = replay(enc, dice, init);
  EXPECT_NE(r.log.find("Brute's turn: 2 AP"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("Brute strikes Hero with disadvantage: d20 2"), std::string::npos);
  EXPECT_EQ(r.rec.combatants[1].extra[mnm::kExtraFatigueMarked], 1);
  EXPECT_EQ(r.rec.combatants[1].attacks, 1);
}

TEST(MnmScripted, AidStabilisesADyingAllyAndRegroupClearsFatigue) {
  const auto enc = encounter_from(kHeader + R"(party:
  - {name: Hero, luck: 1, hp: 1, damage: 1, ranged: true, tactics: [{do: pass}]}
  - {name: Ally, hp: 1000, damage: 1, ranged: true, statuses: [doomed], tactics: [{do: aid}, {do: regroup}]}
foes:
  - {name: Brute, cr: 0, hp: 1000, damage: 1, ranged: true}
)");
  ScriptedDice init = d20s({1, 1, 20});
  // The Brute drops the Hero (15, weak: 1) and misses the Ally (2). The Hero's
  // luck roll 5 + 1 misses: exhaustion 1. The doomed Ally marks 1 fatigue, Aids
  // the dying Hero (3 AP): stabilised. Nothing is left for Regroup.
  ScriptedDice dice = d20s({15, 2, 5});
  const Replay r = replay(enc, dice, init);
  EXPECT_NE(r.log.find("Ally aids Hero: stabilised"), std::string::npos) << r.log;
  EXPECT_EQ(r.rec.resources[mnm::kStabilised], 1);
  EXPECT_EQ(r.log.find("regroups"), std::string::npos);

  const auto alone = encounter_from(kHeader + R"(party:
  - {name: Ally, hp: 1000, damage: 1, ranged: true, statuses: [doomed], tactics: [{do: aid}, {do: regroup}]}
foes:
  - {name: Brute, cr: 0, hp: 1000, damage: 1, ranged: true, tactics: [{do: pass}]}
)");
  ScriptedDice init2 = d20s({20, 1});
  ScriptedDice none;
  const Replay r2 = replay(alone, none, init2);
  EXPECT_NE(r2.log.find("Ally regroups: fatigue 0"), std::string::npos) << r2.log;
}

TEST(MnmScripted, DynamicInitiativeRollsAgainEveryRound) {
  for (const bool dynamic : {false, true}) {
    const auto enc = encounter_from(std::string("ruleset: monsters-and-magic\nmax_rounds: 3\noptions: {dynamic_initiative: ") +
                                    (dynamic ? "true" : "false") + R"(}
party: [{name: Hero, hp: 10, damage: 1, tactics: [{do: pass}]}]
foes: [{name: Imp, cr: 0, hp: 10, damage: 1, tactics: [{do: pass}]}]
)");
    ScriptedDice init = dynamic ? d20s({10, 5, 5, 10, 10, 5}) : d20s({10, 5});
    ScriptedDice dice;
    const Replay r = replay(enc, dice, init);
    EXPECT_TRUE(init.script.empty()) << r.log;
    if (dynamic) {
      EXPECT_NE(r.log.find("Initiative: Imp 10, Hero 5"), std::string::npos) << r.log;
    }
  }
}

// "Abilities": a monster's CR stands in for the ability; "Proficiencies":
// its proficiency bonus is its CR too. "It Doesn't Stack" forbids adding the
// proficiency bonus twice, not the two together: d20 + CR + CR by default.
TEST(MnmCompile, MonsterAttackAddsItsChallengeRatingAsAbilityAndAsProficiency) {
  const std::string body = R"(party: [{name: A, power: 2, cunning: 1, hp: 5, damage: d6, armor: light, ac: 2}]
foes: [{name: B, cr: 2, hp: 5, damage: d4}]
)";
  const auto twice = encounter_from("ruleset: monsters-and-magic\n" + body);
  EXPECT_EQ(twice.fighters[1].attack_bonus, 4);
  EXPECT_EQ(twice.fighters[1].damage_bonus, 2);  // the ability used, not the proficiency bonus
  EXPECT_EQ(twice.fighters[0].attack_bonus, 3);  // power 2 + proficiency 1
  EXPECT_EQ(twice.fighters[0].ac, 3);            // light armour 2 + cunning 1
  const auto once = encounter_from("ruleset: monsters-and-magic\noptions: {monster_attack: cr, "
                                   "monster_damage: dice_only}\n" + body);
  EXPECT_EQ(once.fighters[1].attack_bonus, 2);
  EXPECT_EQ(once.fighters[1].damage_bonus, 0);
}

std::string error_of(const std::string& yaml);

// A stat block's bonuses apart from CR, a multiattack, and a fight that
// starts with hit points, fatigue and exhaustion already spent.
TEST(MnmCompile, MonsterBonusesAndStartingStateAreWritten) {
  const auto enc = encounter_from(R"(ruleset: monsters-and-magic
party: [{name: A, power: 1, hp: 20, start_hp: 7, start_fatigue: 2, start_exhaustion: 3, damage: d6, attack_bonus: 1}]
foes: [{name: B, cr: 1, hp: 5, damage: d4, attack_bonus: 2, damage_bonus: 3, multiattack: 2}]
)");
  EXPECT_EQ(enc.fighters[0].attack_bonus, 3);  // power 1 + proficiency 1 + 1
  EXPECT_EQ(enc.fighters[1].attack_bonus, 4);  // CR 1 + CR 1 + 2
  EXPECT_EQ(enc.fighters[1].damage_bonus, 4);  // CR 1 + 3
  EXPECT_EQ(enc.fighters[1].multiattack, 2);
  EXPECT_NE(enc.describe().find("starts at 7 hp, fatigue 2, exhaustion 3"), std::string::npos) << enc.describe();
  EXPECT_NE(error_of("ruleset: monsters-and-magic\nparty: [{name: A, hp: 5, start_hp: 6, damage: d6}]\n"
                     "foes: [{name: B, cr: 1, hp: 5, damage: d4}]\n")
                .find("start_hp must be between 1 and 5, got 6"),
            std::string::npos);
}

// ---------------------------------------------------------------------------
// Errors.

std::string error_of(const std::string& yaml) {
  return testing::render_of([&] { encounter_from(yaml); });
}

TEST(MnmErrors, UnknownKeySuggestsTheKnownOne) {
  EXPECT_EQ(error_of("ruleset: monsters-and-magic\nparty:\n  - {name: A, hp: 5, damage: d6, cunnning: 2}\n"
                     "foes:\n  - {name: B, cr: 1, hp: 5, damage: d4}\n"),
            "test.yaml:3:34: error: unknown key 'cunnning' in combatant 'A' (did you mean 'cunning'?)\n"
            "      - {name: A, hp: 5, damage: d6, cunnning: 2}\n"
            "                                     ^\n");
}

TEST(MnmErrors, MonstersUseTheirChallengeRatingNotAbilities) {
  EXPECT_NE(error_of("ruleset: monsters-and-magic\nparty: [{name: A, hp: 5, damage: d6}]\n"
                     "foes: [{name: B, cr: 1, power: 2, hp: 5, damage: d4}]\n")
                .find("a monster uses its challenge rating in place of abilities; remove 'power' or 'cr'"),
            std::string::npos);
  EXPECT_NE(error_of("ruleset: monsters-and-magic\nparty: [{name: A, hp: 5}]\nfoes: [{name: B, cr: 1, hp: 5, damage: d4}]\n")
                .find("combatant 'A' needs 'damage'"),
            std::string::npos);
}

TEST(MnmErrors, ConditionsThreadAbilitiesAndOptionsAreChecked) {
  EXPECT_NE(error_of("ruleset: monsters-and-magic\nparty: [{name: A, hp: 5, damage: d6, inflicts: weakend}]\n"
                     "foes: [{name: B, cr: 1, hp: 5, damage: d4}]\n")
                .find("(did you mean 'weakened'?)"),
            std::string::npos);
  EXPECT_NE(error_of("ruleset: monsters-and-magic\nparty: [{name: A, hp: 5, damage: d6, thread_ability: {damage: d6}}]\n"
                     "foes: [{name: B, cr: 1, hp: 5, damage: d4}]\n")
                .find("thread abilities are the GM's: only foes have them"),
            std::string::npos);
  EXPECT_NE(error_of("ruleset: monsters-and-magic\noptions: {pc_thread_atacks: never}\nparty: [{name: A, hp: 5, damage: d6}]\n"
                     "foes: [{name: B, cr: 1, hp: 5, damage: d4}]\n")
                .find("did you mean 'pc_thread_attacks'?"),
            std::string::npos);
  EXPECT_NE(error_of("ruleset: monsters-and-magic\nparty: [{name: A, hp: 5, damage: d6, tactics: [{do: thread_ability}]}]\n"
                     "foes: [{name: B, cr: 1, hp: 5, damage: d4}]\n")
                .find("'A' has no thread_ability to use"),
            std::string::npos);
  EXPECT_NE(error_of("ruleset: monsters-and-magic\nparty: [{name: A, hp: 5, damage: d6, threads: 3}]\n"
                     "foes: [{name: B, cr: 1, hp: 5, damage: d4}]\n")
                .find("threads must be between 0 and 1, got 3"),
            std::string::npos);
}

// ---------------------------------------------------------------------------
// The audit's findings (issue 18), each replayed from the text's passage.

std::string with_options(std::string yaml, const std::string& extra) {
  yaml.replace(yaml.find("options:\n"), 9, "options:\n" + extra);
  return yaml;
}

// "Conditions": inflicting a condition a creature already has extends or
// detonates it, whatever its duration. Prone (until the creature stands) and
// doomed (until freed) were held without a timer and never detonated.
TEST(MnmScripted, EveryConditionInflictedAgainIsDetonated) {
  for (const std::string c : {"weakened", "sundered", "impaired", "stunned", "doomed", "restrained", "slowed", "prone",
                              "frightened", "blinded"}) {
    const auto enc = encounter_from(kHeader + "party:\n  - {name: Hero, hp: 100, damage: d4, ranged: true, inflicts: " + c +
                                    "}\nfoes:\n  - {name: Dummy, cr: 0, hp: 100, damage: 1, fatigue: 5, exhaustion: 2, "
                                    "tactics: [{do: pass}]}\n");
    ScriptedDice init = d20s({10, 5});
    // Strong hit, d4 2: the condition. Second Strike (a prone target is shot
    // with disadvantage, a blinded one with advantage: two d20s): strong, d4
    // 2, and the condition again: detonated for d10 7 (17 fatigue left).
    ScriptedDice dice{{{20, 18}, {4, 2}, {20, 18}}};
    if (c == "prone" || c == "blinded") dice.script.push_back({20, 18});
    dice.script.push_back({4, 2});
    dice.script.push_back({10, 7});
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.resources[mnm::kDetonations], 1) << c << "\n" << r.log;
    EXPECT_EQ(r.rec.combatants[1].damage_taken, 11) << c;
  }
}

// Detonation: "1d10 damage ... or 3 fatigue, your choice": 3 fatigue when it
// knocks the creature out, which needs 2 or fewer left (3 of 3 leaves it up).
TEST(MnmScripted, DetonationTakesThreeFatigueOnlyWhenThatKnocksOut) {
  for (const int fatigue : {3, 2}) {
    const auto enc = encounter_from(kHeader + "party:\n  - {name: Hero, hp: 100, damage: d4, ranged: true, inflicts: "
                                    "weakened}\nfoes:\n  - {name: Dummy, cr: 0, hp: 100, damage: 1, exhaustion: 0, fatigue: " +
                                    std::to_string(fatigue) + ", tactics: [{do: pass}]}\n");
    ScriptedDice init = d20s({10, 5});
    ScriptedDice dice{{{20, 18}, {4, 2}, {20, 18}, {4, 2}}};
    if (fatigue == 3) dice.script.push_back({10, 7});
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.resources[mnm::kDetonations], 1) << r.log;
    EXPECT_EQ(r.rec.combatants[1].damage_taken, fatigue == 3 ? 11 : 4) << r.log;
    EXPECT_EQ(r.rec.outcome, fatigue == 3 ? Outcome::draw : Outcome::party_win);
  }
}

// "Restrained": mark 3 fatigue to break free; with exactly 3 left the
// creature stays conscious, so it may.
TEST(MnmScripted, BreakingFreeWithExactlyThreeFatigueLeft) {
  const auto enc = encounter_from(kHeader + R"(party:
  - {name: Hero, power: 2, hp: 100, damage: 1, tactics: [{do: grapple}, {do: pass}]}
foes:
  - {name: Dummy, cr: 0, hp: 100, damage: 1, fatigue: 3, exhaustion: 0, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({20, 1});
  ScriptedDice dice = d20s({5});  // the power save misses: restrained until freed
  const Replay r = replay(enc, dice, init);
  EXPECT_NE(r.log.find("Dummy marks 3 fatigue to break free"), std::string::npos) << r.log;
  EXPECT_EQ(r.log.find("falls unconscious"), std::string::npos) << r.log;
}

// "Loadout": twice +CUNNING (minimum 1) zero-weight items for Use Item; the
// rest come out with Retrieve Item (1 AP, 1 fatigue): the item plus +CUNNING.
TEST(MnmScripted, UseItemOnlyFromTheLoadoutAndRetrieveItemRefillsIt) {
  struct Case {
    std::string tactics, option;
    int potions_used;
  };
  for (const Case& c : {Case{"[{do: use_item}, {do: pass}]", "", 1},
                        Case{"[{do: use_item}, {do: retrieve_item}, {do: pass}]", "", 2},
                        Case{"[{do: use_item}, {do: retrieve_item}, {do: pass}]", "  retrieve_item: cunning_only\n", 1}}) {
    std::string yaml = with_options(kHeader, c.option) + "party:\n  - {name: Friar, cunning: 0, hp: 20, damage: 1, "
                       "ranged: true, potions: 2, potion: 1, tactics: " + c.tactics + "}\n" + R"(foes:
  - {name: Brute, cr: 0, hp: 100, damage: 15, ranged: true, tactics: [{when: "round == 1 and self.strikes == 0", do: strike}, {do: pass}]}
)";
    yaml.replace(yaml.find("max_rounds: 1"), 13, "max_rounds: 2");
    const auto enc = encounter_from(yaml);
    ScriptedDice init = d20s({10, 20});
    ScriptedDice dice = d20s({18});  // 15 damage: the Friar at 5 of 20
    const Replay r = replay(enc, dice, init);
    int used = 0;
    for (auto p = r.log.find("uses a potion"); p != std::string::npos; p = r.log.find("uses a potion", p + 1)) ++used;
    EXPECT_EQ(used, c.potions_used) << c.tactics << c.option << "\n" << r.log;
    EXPECT_EQ(r.rec.combatants[0].extra[mnm::kExtraFatigueMarked], c.potions_used - 1);
  }
}

// "Doomed": mark 1 fatigue at the start of every turn until freed.
TEST(MnmScripted, DoomedMarksFatigueEveryTurn) {
  for (const bool one_turn : {false, true}) {
    std::string yaml = with_options(kHeader, one_turn ? "  doomed: one_turn\n" : "") + R"(party:
  - {name: Hero, hp: 100, damage: 1, ranged: true, inflicts: doomed, tactics: [{when: "round == 1 and self.strikes == 0", do: strike}, {do: pass}]}
foes:
  - {name: Dummy, cr: 0, hp: 100, damage: 1, fatigue: 5, exhaustion: 2, tactics: [{do: pass}]}
)";
    yaml.replace(yaml.find("max_rounds: 1"), 13, "max_rounds: 3");
    const auto enc = encounter_from(yaml);
    ScriptedDice init = d20s({10, 5});
    ScriptedDice dice = d20s({18});
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.combatants[1].extra[mnm::kExtraFatigueMarked], one_turn ? 1 : 3) << r.log;
  }
}

// "Retaliate": "a creature within your reach" dealt damage with a weak hit;
// an archer the Brute stands next to is in its reach.
TEST(MnmScripted, RetaliateFollowsReachNotTheAttackersWeapon) {
  const auto enc = encounter_from(kHeader + R"(party:
  - {name: Archer, hp: 100, damage: d8, ranged: true, tactics: [{when: "self.strikes == 0", do: strike}, {do: pass}]}
foes:
  - {name: Brute, cr: 0, hp: 100, damage: 1, tactics: [{do: strike}]}
)");
  ScriptedDice init = d20s({5, 20});
  // The Brute moves in and misses (2); the Archer's 12 + 1 is weak: d8 8 -> 4.
  ScriptedDice dice{{{20, 2}, {20, 12}, {8, 8}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[mnm::kRetaliations], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[mnm::kExtraFatigueMarked], 1);
}

// Shifting from one foe to another is one Move, however far the first
// approach was (approach_moves 2).
TEST(MnmScripted, ShiftingToAnotherFoeTakesOneMove) {
  const auto enc = encounter_from(with_options(kHeader, "  approach_moves: 2\n  opportunity_attacks: false\n  stick_to_reach: false\n") + R"(party:
  - {name: Hero, hp: 100, damage: 1, tactics: [{do: strike, target: highest_hp}]}
foes:
  - {name: A, cr: 0, hp: 10, damage: 1, tactics: [{do: strike}]}
  - {name: B, cr: 0, hp: 20, damage: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({10, 20, 1});
  // A spends its 3 AP on two Moves into the Hero's reach. The Hero shifts to B
  // (1 AP) and strikes (1 AP, a miss); a second Strike would cost 2.
  ScriptedDice dice = d20s({2});
  const Replay r = replay(enc, dice, init);
  EXPECT_NE(r.log.find("Hero moves into reach of B"), std::string::npos) << r.log;
  EXPECT_EQ(r.rec.combatants[0].attacks, 1);
}

// "Prone": attacks from within touch range have advantage, from further away
// disadvantage; an archer in the Brute's reach is within touch range.
TEST(MnmScripted, ARangedAttackerInTouchRangeOfAProneTargetHasAdvantage) {
  const auto enc = encounter_from(kHeader + R"(party:
  - {name: Archer, hp: 100, damage: d4, ranged: true, inflicts: prone}
foes:
  - {name: Brute, cr: 0, hp: 100, damage: 1, tactics: [{do: strike}]}
)");
  ScriptedDice init = d20s({5, 20});
  ScriptedDice dice{{{20, 2}, {20, 18}, {4, 2}, {20, 5}, {20, 5}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_NE(r.log.find("Archer strikes Brute with advantage"), std::string::npos) << r.log;
}

// "Dodge": "as long as you aren't incapacitated": a stunned dodger gets none.
TEST(MnmScripted, DodgeLapsesWhileTheDodgerIsStunned) {
  const auto enc = encounter_from(kHeader + R"(party:
  - {name: Hero, hp: 100, damage: 1, ranged: true, tactics: [{do: dodge}, {do: pass}]}
foes:
  - {name: Brute, cr: 0, hp: 100, damage: 1, ranged: true, inflicts: stunned}
)");
  ScriptedDice init = d20s({20, 1});
  // With disadvantage: 18 and 18, strong: stunned. Then a plain roll: 5.
  ScriptedDice dice = d20s({18, 18, 5});
  const Replay r = replay(enc, dice, init);
  EXPECT_NE(r.log.find("Brute strikes Hero: d20 5"), std::string::npos) << r.log;
}

// A dead distracter's "until the start of your next turn" still ends when its
// turn comes round.
TEST(MnmScripted, WhatADeadCreatureSetUntilItsNextTurnEnds) {
  std::string yaml = kHeader + R"(party:
  - {name: Hero, hp: 100, damage: 1, ranged: true, tactics: [{when: "self.strikes == 0", do: strike}, {do: pass}]}
foes:
  - {name: Imp, cr: 0, hp: 1, damage: 1, tactics: [{do: distract}]}
  - {name: Dummy, cr: 0, hp: 100, damage: 1, tactics: [{do: pass}]}
)";
  yaml.replace(yaml.find("max_rounds: 1"), 13, "max_rounds: 2");
  const auto enc = encounter_from(yaml);
  ScriptedDice init = d20s({10, 20, 1});
  // The Imp distracts (12, weak: the Hero is sundered) and falls to the Hero (18).
  ScriptedDice dice = d20s({12, 18, 2});
  const Replay r = replay(enc, dice, init);
  EXPECT_NE(r.log.find("Hero is no longer sundered"), std::string::npos) << r.log;
}

// "Threads of Fate": the GM may "reroll an ability check and use either
// result": a PC's strong hit on a monster too.
TEST(MnmScripted, TheGmRerollsAPcsStrongHit) {
  const auto enc = encounter_from(R"(ruleset: monsters-and-magic
max_rounds: 1
options: {target_ties: first, gm_reroll: false, pc_thread_attacks: never}
party:
  - {name: Hero, hp: 100, damage: d8, ranged: true}
foes:
  - {name: Dummy, cr: 0, hp: 100, damage: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({10, 5});
  // 18 strong: the GM's thread (a long rest's) rerolls it: 5, a miss, kept. Then 2.
  ScriptedDice dice = d20s({18, 5, 2});
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[mnm::kGmRerolls], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 0);
}

// Feeling Lucky "instead of ... an ability check a creature has made against
// you": the PC's luck roll stands in for a strong hit Bend Luck cannot lower.
TEST(MnmScripted, FeelingLuckyAgainstAFoesStrongHit) {
  const auto enc = encounter_from(R"(ruleset: monsters-and-magic
max_rounds: 1
options: {target_ties: first, gm_reroll: false}
party:
  - {name: Hero, luck: 0, hp: 100, damage: 1, ranged: true, tactics: [{do: pass}]}
foes:
  - {name: Brute, cr: 0, hp: 100, damage: d10, ranged: true}
)");
  ScriptedDice init = d20s({1, 20});
  ScriptedDice dice = d20s({18, 5, 2});  // strong; luck roll 5: a miss; then 2
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[mnm::kPcFeelingLucky], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0);
}

// attack_downed: a foe finishes a PC that fell in its reach; a foe that never
// stood by it keeps to those standing (downed_targets: any for every foe).
TEST(MnmScripted, FoesFinishOnlyTheFallenTheyStoodBy) {
  const auto enc = encounter_from(with_options(kHeader, "  attack_downed: true\n") + R"(party:
  - {name: Hero, hp: 1, damage: 1, ranged: true, tactics: [{do: pass}]}
  - {name: Ally, hp: 100, damage: 1, ranged: true, tactics: [{do: pass}]}
foes:
  - {name: Brute, cr: 0, hp: 100, damage: 1, statuses: [quickened], tactics: [{do: strike, target: lowest_hp}]}
  - {name: Archer, cr: 0, hp: 100, damage: 1, ranged: true, tactics: [{do: strike, target: lowest_hp}]}
)");
  ScriptedDice init = d20s({1, 1, 20, 10});
  // The quickened Brute (4 AP) moves in, 15 weak: the Hero falls; it strikes the prone Hero
  // with advantage (2, 2). The Archer shoots the Ally (2, 2). The Hero's death save: 12.
  ScriptedDice dice = d20s({15, 2, 2, 2, 2, 12});
  const Replay r = replay(enc, dice, init);
  EXPECT_NE(r.log.find("Brute strikes Hero with advantage"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("Archer strikes Ally"), std::string::npos) << r.log;
  EXPECT_EQ(r.log.find("Archer strikes Hero"), std::string::npos) << r.log;
}

// A multiattack: each Strike makes its attacks, each rolled.
TEST(MnmScripted, AMultiattackRollsEachAttack) {
  const auto enc = encounter_from(kHeader + R"(party:
  - {name: Hero, hp: 100, damage: 1, ranged: true, tactics: [{do: pass}]}
foes:
  - {name: Hydra, cr: 0, hp: 100, damage: 1, ranged: true, multiattack: 2}
)");
  ScriptedDice init = d20s({1, 20});
  ScriptedDice dice = d20s({2, 2, 2, 2});  // Strike (1 AP) twice, Strike (2 AP) twice
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[1].attacks, 4) << r.log;
}

// "Cast a Spell": d20 + SPELL + proficiency, the spell's dice with no
// ability added, its AP once a turn; an uncharmed cantrip is a Strike.
TEST(MnmScripted, CastASpellAndStrikeWithACantrip) {
  const auto enc = encounter_from(kHeader + R"(party:
  - name: Mage
    hp: 100
    power: 2
    spell_bonus: 3
    damage: 1
    ranged: true
    spell: {name: Firebolt, ap: 2, damage: d10, damage_type: fire}
    tactics: [{do: cast}, {do: strike}]
foes:
  - {name: Dummy, cr: 0, hp: 100, ac: 1, damage: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({20, 1});
  // Firebolt: 10 + 3 + 1 = 14 weak: d10 8 -> 4, AC 1: 3. The Strike (1 AP): 2 + 3 misses.
  ScriptedDice dice{{{20, 10}, {10, 8}, {20, 2}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  EXPECT_NE(r.log.find("Mage casts at Dummy: d20 10 +4 = 14, weak hit"), std::string::npos) << r.log;

  const auto cantrip = encounter_from(kHeader + R"(party:
  - {name: Mage, hp: 100, power: 2, spell_bonus: 3, damage: 1, ranged: true, cantrip: {damage: d8}, tactics: [{do: cantrip}]}
foes:
  - {name: Dummy, cr: 0, hp: 100, ac: 1, damage: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init2 = d20s({20, 1});
  // 18 + 4 strong: d8 5 (no power added) - 1 = 4; the second costs 2 AP: 2 misses.
  ScriptedDice dice2{{{20, 18}, {8, 5}, {20, 2}}};
  const Replay r2 = replay(cantrip, dice2, init2);
  EXPECT_EQ(r2.rec.combatants[1].damage_taken, 4) << r2.log;
  EXPECT_EQ(r2.rec.combatants[0].extra[mnm::kExtraApSpent], 3);
}

// "Concentrate on a Spell" (1 AP): the spell's condition holds while the
// caster keeps concentrating, past the default duration.
TEST(MnmScripted, ConcentrationHoldsTheSpellsCondition) {
  std::string yaml = kHeader + R"(party:
  - name: Mage
    hp: 100
    spell_bonus: 3
    damage: 1
    ranged: true
    spell: {name: Hex, inflicts: weakened, concentrate: true}
    tactics: [{when: "self.concentrating == 0", do: cast}, {do: pass}]
foes:
  - {name: Dummy, cr: 0, hp: 100, damage: 1, tactics: [{do: pass}]}
)";
  yaml.replace(yaml.find("max_rounds: 1"), 13, "max_rounds: 3");
  const auto enc = encounter_from(yaml);
  ScriptedDice init = d20s({20, 1});
  ScriptedDice dice = d20s({12});  // 12 + 4: weak hit: weakened
  const Replay r = replay(enc, dice, init);
  EXPECT_NE(r.log.find("Mage concentrates: Dummy stays weakened"), std::string::npos) << r.log;
  EXPECT_EQ(r.log.find("Dummy is no longer weakened"), std::string::npos) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[mnm::kExtraApSpent], 3);
  EXPECT_NE(error_of("ruleset: monsters-and-magic\nparty: [{name: A, hp: 5, damage: d6, tactics: [{do: cast}]}]\n"
                     "foes: [{name: B, cr: 1, hp: 5, damage: d4}]\n")
                .find("'A' has no spell to cast"),
            std::string::npos);
}

// A creature healed back to its feet lies where it fell: the foe that stood
// over it strikes without a Move (seen in a goblin-warren replay).
TEST(MnmScripted, AHealedCreatureIsBackInItsFoesReach) {
  std::string yaml = kHeader + R"(party:
  - {name: Hero, hp: 1, damage: 1, ranged: true, tactics: [{do: pass}]}
  - {name: Medic, hp: 1000, damage: 1, ranged: true, potions: 1, potion: 4, tactics: [{do: use_item}, {do: pass}]}
foes:
  - {name: Brute, cr: 0, hp: 100, damage: 1, tactics: [{do: strike, target: lowest_hp}]}
)";
  yaml.replace(yaml.find("max_rounds: 1"), 13, "max_rounds: 2");
  const auto enc = encounter_from(yaml);
  ScriptedDice init = d20s({1, 10, 20});
  // Round 1: the Brute moves in, 15 weak: the Hero falls; the Medic's potion
  // wakes it. Round 2: the Brute strikes twice (2, 2), no Move.
  ScriptedDice dice = d20s({15, 2, 2});
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[2].attacks, 3) << r.log;
}

// ---------------------------------------------------------------------------
// The shipped scenarios.

TEST(MnmLibrary, ShippedScenariosCompileAndFightSensibly) {
  for (const char* file : {"goblin-warren.yaml", "ogre-bridge.yaml", "hag-circle.yaml"}) {
    const Scenario s =
        load_scenario(std::string(ENCSIM_SOURCE_DIR "/scenarios/monsters-and-magic/") + file, ruleset_ids());
    ASSERT_GE(s.variants.size(), 3u) << file;
    for (const Variant& v : s.variants) {
      const mnm::Encounter enc = mnm::compile(s, v);
      RunSettings rs;
      rs.trials = 4000;
      rs.seed = 3;
      const Tally t = run_trials(enc, rs).tally;
      const double win = static_cast<double>(t.party_wins) / static_cast<double>(t.trials);
      EXPECT_GT(win, 0.15) << file << " [" << v.name << "]";
      EXPECT_LT(win, 0.995) << file << " [" << v.name << "]";
      EXPECT_FALSE(enc.describe().empty());
    }
  }
}

// ---------------------------------------------------------------------------
// End to end through the binary: the same bytes at 1, 2 and 8 threads, and
// replay narrates in the rules' words.

std::string run_binary(const std::string& args, int& code) {
  const std::string cmd = std::string(ENCSIM_BINARY) + " " + args + " 2>&1";
  FILE* pipe = ::popen(cmd.c_str(), "r");
  std::string out;
  if (!pipe) return out;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), n);
  const int status = ::pclose(pipe);
  code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return out;
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

TEST(MnmCli, CsvsAreByteIdenticalAtOneTwoAndEightThreads) {
  namespace fs = std::filesystem;
  const std::string scenario = ENCSIM_SOURCE_DIR "/scenarios/monsters-and-magic/goblin-warren.yaml";
  std::string first[3];
  for (int threads : {1, 2, 8}) {
    const fs::path dir = fs::temp_directory_path() / ("encsim-mnm-" + std::to_string(threads) + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    int code = -1;
    const std::string out =
        run_binary("run " + scenario + " -n 8000 --threads " + std::to_string(threads) + " -o " + dir.string(), code);
    ASSERT_EQ(code, 0) << out;
    int k = 0;
    for (const char* f : {"summary.csv", "combatants.csv", "distributions.csv"}) {
      const std::string bytes = slurp(dir / f);
      ASSERT_GT(bytes.size(), 100u) << f;
      if (threads == 1)
        first[k] = bytes;
      else
        EXPECT_EQ(bytes, first[k]) << f << " at " << threads << " threads";
      ++k;
    }
    EXPECT_NE(first[0].find("gm_threads_spent_mean"), std::string::npos);
    EXPECT_NE(first[1].find("ac_absorbed_mean"), std::string::npos);
    fs::remove_all(dir);
  }
}

TEST(MnmCli, ReplayAndCheckSpeakTheRules) {
  int code = -1;
  const std::string scenario = ENCSIM_SOURCE_DIR "/scenarios/monsters-and-magic/hag-circle.yaml";
  const std::string replay_out = run_binary("replay " + scenario + " --trial 2", code);
  EXPECT_EQ(code, 0) << replay_out;
  EXPECT_NE(replay_out.find("Initiative:"), std::string::npos) << replay_out;
  EXPECT_NE(replay_out.find("'s turn: 3 AP"), std::string::npos);
  EXPECT_NE(replay_out.find("strikes"), std::string::npos);
  const std::string check_out = run_binary("check " + scenario, code);
  EXPECT_EQ(code, 0) << check_out;
  EXPECT_NE(check_out.find("thread ability 'Withering Curse'"), std::string::npos) << check_out;
  EXPECT_NE(check_out.find("NOT modelled (source text 002)"), std::string::npos);
}


// ---------------------------------------------------------------------------
// Play styles (docs "Play styles"): the scoring rule, order-free targeting,
// the order of the foes' styles.

// A Witch whose thread ability deals nothing and only weakens: the listed
// order (cautious) spends the GM's thread on it, the scoring rule strikes
// twice instead, since the Hex is worth less than the Strike it displaces.
const std::string kHexYaml = kHeader + R"(party:
  - {name: Hero, hp: 30, damage: d6, statuses: [stunned]}
foes:
  - name: Witch
    cr: 1
    hp: 20
    damage: 2d6
    ranged: true
    thread_ability: {name: Hex, ap: 2, targets: 1, save: luck, condition: weakened}
)";

TEST(MnmStyles, TheScoringRuleStrikesRatherThanHexForNothing) {
  ScriptedDice init = d20s({1, 20});
  // Two Strikes: d20 15 + 2 = 17 (weak), 2d6 3 + 4 + 1 = 8 -> 4; again.
  ScriptedDice dice{{{20, 15}, {6, 3}, {6, 4}, {20, 15}, {6, 3}, {6, 4}}};
  const Replay r = replay(encounter_from(kHexYaml), dice, init);
  EXPECT_EQ(r.log.find("uses Hex"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("Witch weighs thread_ability"), std::string::npos) << r.log;
  EXPECT_EQ(r.rec.combatants[1].attacks, 2) << r.log;
  EXPECT_EQ(r.rec.resources[mnm::kGmThreadAbilities], 0);
}

TEST(MnmStyles, CautiousFoesKeepTheListedOrder) {
  ScriptedDice init = d20s({1, 20});
  // The Hex (the Hero's luck save d20 5: a miss, weakened), then one Strike.
  ScriptedDice dice{{{20, 5}, {20, 15}, {6, 3}, {6, 4}}};
  const Replay r = replay(encounter_from(kHexYaml + "style: {foes: cautious}\n"), dice, init);
  EXPECT_NE(r.log.find("Witch uses Hex"), std::string::npos) << r.log;
  EXPECT_EQ(r.rec.combatants[1].attacks, 1);
}

TEST(MnmStyles, AConditionAlreadyThereIsWorthOnlyItsDetonation) {
  // The same Witch against a Hero already weakened for the whole fight: a
  // Hex would detonate it (d10 through AC 0, 5.5) and is still worth less
  // than the Strike it displaces at a thread's price: Strikes again.
  const std::string yaml = kHeader + R"(party:
  - {name: Hero, hp: 30, damage: d6, statuses: [stunned, weakened]}
foes:
  - name: Witch
    cr: 1
    hp: 20
    damage: 2d6
    ranged: true
    thread_ability: {name: Hex, ap: 2, targets: 1, save: luck, condition: weakened}
)";
  ScriptedDice init = d20s({1, 20});
  ScriptedDice dice{{{20, 15}, {6, 3}, {6, 4}, {20, 15}, {6, 3}, {6, 4}}};
  const Replay r = replay(encounter_from(yaml), dice, init);
  EXPECT_EQ(r.log.find("uses Hex"), std::string::npos) << r.log;
}

TEST(MnmStyles, TheTargetIsTheOneWhoseFallEndsMostDangerNotTheFirstListed) {
  // Two foes at the same hit points: the one with the bigger weapon is the
  // target, whichever is listed first; lowest_hp (cautious) would tie.
  for (const char* order : {"[Imp, Brute]", "[Brute, Imp]"}) {
    const std::string yaml = kHeader + "party:\n  - {name: Archer, power: 3, hp: 30, damage: d8, ranged: true}\n"
                                       "foes:\n  - {name: Imp, cr: 0, hp: 10, damage: d4, statuses: [stunned]}\n"
                                       "  - {name: Brute, cr: 0, hp: 10, damage: 2d6, statuses: [stunned]}\n";
    std::string ordered = yaml;
    if (std::string(order) == "[Brute, Imp]") {
      ordered = kHeader + "party:\n  - {name: Archer, power: 3, hp: 30, damage: d8, ranged: true}\n"
                          "foes:\n  - {name: Brute, cr: 0, hp: 10, damage: 2d6, statuses: [stunned]}\n"
                          "  - {name: Imp, cr: 0, hp: 10, damage: d4, statuses: [stunned]}\n";
    }
    ScriptedDice init = d20s({20, 1, 1});
    // Strike: d20 5 + 4 = 9, a miss; Strike again (2 AP): a miss.
    ScriptedDice dice = d20s({5, 5});
    const Replay r = replay(encounter_from(ordered), dice, init);
    EXPECT_NE(r.log.find("Archer strikes Brute"), std::string::npos) << order << "\n" << r.log;
    EXPECT_EQ(r.log.find("Archer strikes Imp"), std::string::npos) << order << "\n" << r.log;
  }
}

// Goblin-warren with both sides' lists reversed: the same fight but for the
// order things are written in.
const std::string kWarren = R"(ruleset: monsters-and-magic
include: [monsters.yaml, party.yaml]
max_rounds: 30
)";
const std::string kWarrenListed = kWarren + R"(party: [{use: Warden}, {use: Rogue}, {use: Ranger}, {use: Friar}]
foes: [{use: Goblin Boss}, {use: Goblin, count: 5}, {use: Goblin Archer, count: 2}]
)";
const std::string kWarrenReversed = kWarren + R"(party: [{use: Friar}, {use: Ranger}, {use: Rogue}, {use: Warden}]
foes: [{use: Goblin Archer, count: 2}, {use: Goblin, count: 5}, {use: Goblin Boss}]
)";

TEST(MnmStyles, ReorderingTheListsChangesNothingBeyondSampling) {
  RunSettings rs;
  rs.trials = 20000;
  rs.seed = 5;
  const Tally a = run_trials(encounter_from(kWarrenListed), rs).tally;
  const Tally b = run_trials(encounter_from(kWarrenReversed), rs).tally;
  const double n = static_cast<double>(rs.trials);
  const double pa = static_cast<double>(a.party_wins) / n, pb = static_cast<double>(b.party_wins) / n;
  // Two runs of 20,000: the difference's standard error is about 0.0045.
  const double se = std::sqrt(pa * (1 - pa) / n + pb * (1 - pb) / n);
  EXPECT_LT(std::abs(pa - pb), 4 * se) << pa << " listed, " << pb << " reversed";
}

TEST(MnmStyles, FoeStylesOrderTheWinRateAsTheirNamesPromise) {
  std::vector<mnm::Encounter> encs;
  for (const char* style : {"cautious", "standard", "ruthless"})
    encs.push_back(encounter_from(kWarrenListed + "style: {foes: " + style + "}\n"));
  RunSettings rs;
  rs.trials = 20000;
  rs.seed = 7;
  const JointResult j = run_joint<mnm::Encounter>({&encs[0], &encs[1], &encs[2]}, {{0, 1}, {1, 2}}, rs);
  for (const PairedTally& p : j.paired) {
    // The harsher style's win rate minus the kinder's: below zero, paired interval and all.
    EXPECT_LT(p.win_difference_ci().high, 0.0) << p.first_win_rate() << " -> " << p.second_win_rate();
  }
}

TEST(MnmStyles, StylesAreNamedAndCheckedAndSayWhatTheyDo) {
  const auto enc = encounter_from(kWarrenListed + "style: {foes: ruthless, party: careful}\n");
  const auto lines = enc.behaviour();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].rfind("Foes: ruthless (", 0), 0u) << lines[0];
  EXPECT_EQ(lines[1].rfind("Party: careful (", 0), 0u) << lines[1];
  EXPECT_EQ(enc.gm_keep, 0);  // ruthless keeps no thread back
  EXPECT_EQ(encounter_from(kWarrenListed).gm_keep, 1);
  EXPECT_NE(testing::message_of([&] { encounter_from(kWarrenListed + "style: {foes: rutheless}\n"); })
                .find("did you mean 'ruthless'"),
            std::string::npos);
}

}  // namespace
}  // namespace encsim

// The scoring rule reads an attack's chances from a compile-time table
// clamped at +-20: it must be chart_odds() itself, bit for bit, at any bonus.
TEST(MnmStyles, AttackChartTableIsTheChart) {
  for (int adv = -1; adv <= 1; ++adv)
    for (int bonus = -60; bonus <= 60; ++bonus) {
      const std::array<double, 5> want = encsim::mnm::chart_odds(bonus, adv, 0),
                                  got = encsim::mnm::attack_chart(bonus, adv);
      for (std::size_t k = 0; k < 5; ++k) EXPECT_EQ(got[k], want[k]) << bonus << " " << adv << " " << k;
    }
}
