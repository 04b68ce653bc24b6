// cairn-ap: the seed's worked examples and each rule replayed with scripted
// dice, a contested check with per-die advantage against its exact
// distribution, input errors, the shipped scenarios, and thread identity.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "encsim/runner.hpp"
#include "input_error.hpp"
#include "rules/cairn_ap/cairn_ap.hpp"
#include "rules/registry.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::ScriptedDice;
namespace ca = cairn_ap;

Scenario scenario_from(const std::string& yaml) {
  return load_scenario_text(yaml, "test.yaml", ruleset_ids(), ENCSIM_SOURCE_DIR "/scenarios/cairn-ap");
}

ca::Encounter encounter_from(const std::string& yaml, std::size_t variant = 0) {
  const Scenario s = scenario_from(yaml);
  return ca::compile(s, s.variants.at(variant));
}

struct Replay {
  TrialRecord rec;
  std::string log;
};

ScriptedDice d20s(std::initializer_list<int> rolls) {
  ScriptedDice d;
  for (int r : rolls) d.script.push_back({20, r});
  return d;
}

// Replays one fight; tactics and setup must need no dice (fixed HP, ties to
// the first listed).
Replay replay(const ca::Encounter& enc, ScriptedDice& dice, ScriptedDice& init) {
  Replay r;
  r.rec.reset(enc.combatant_count(), enc.features().size());
  std::ostringstream os;
  TextLog log(os);
  ScriptedDice tact, setup;
  enc.simulate_with(dice, init, tact, setup, r.rec, log);
  r.log = os.str();
  EXPECT_TRUE(dice.script.empty()) << "unused dice left; log:\n" << r.log;
  EXPECT_TRUE(init.script.empty()) << "unused initiative dice left";
  return r;
}

bool has(const std::string& log, const std::string& text) { return log.find(text) != std::string::npos; }

// ---------------------------------------------------------------------------
// The seed's worked examples.

// "Example 1 (Action)", "Example 1 (Save)", "Example 1 (Check Result)":
// Ael'Onor attacks with a two-handed, recently sharpened axe (STR, +1
// advantage on the Base Die because Bo'Mack is busy, advantage on the axe die)
// for IR 28 with the axe showing 6; Bo'Mack blocks with his heater shield
// (STR + shield die) for TR 21 and has 1 Armor: 5 damage.
TEST(CairnApExample, TheAxeAttackDealsFiveDamage) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2}
party:
  - {name: Ael'Onor, str: 12, hp: 5, weapon: greataxe, weapon_advantage: 1, attack_advantage: 1, tactics: [{do: attack}]}
foes:
  - {name: Bo'Mack, str: 11, hp: 10, weapon: sword, shield: d6, armor: [shield], defence: block, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({15, 5});
  // Base Die with one advantage: 4 and 10, keep 10. Axe d10 with advantage:
  // 6 and 2, keep 6. IR = 10 + 12 + 6 = 28. Bo'Mack: d20 7 + STR 11 + d6 3 = 21.
  ScriptedDice dice{{{20, 4}, {20, 10}, {10, 6}, {10, 2}, {20, 7}, {6, 3}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_TRUE(has(r.log, "IR 28")) << r.log;
  EXPECT_TRUE(has(r.log, "TR 21")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 5) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_dealt, 5);
  EXPECT_EQ(r.rec.combatants[0].hits, 1);
  EXPECT_EQ(r.rec.resources[ca::kApAttack], 2);
}

// "Example 2 (Save)": a DEX save against DC 24 with one disadvantage comes
// to 12 with a natural 1.
TEST(CairnApExample, TheBoulderSaveWithANaturalOne) {
  ca::Check c;
  c.base_adv = -1;
  c.modifier = 11;
  ScriptedDice dice{{{20, 14}, {20, 1}}};
  const ca::CheckRoll roll = ca::roll_check(dice, c);
  EXPECT_EQ(roll.total, 12);
  EXPECT_TRUE(roll.natural_1());
  EXPECT_LT(roll.total, 24);
  EXPECT_TRUE(dice.script.empty());
}

// The same natural 1 inside a fight: a DEX save (a retreat) against DC 24 is
// failed and the natural is recorded.
TEST(CairnApExample, ANaturalOneOnASaveIsRecorded) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {retreat_dc: 24, ap_per_turn: 2}
party: [{name: Ael'Onor, dex: 11, hp: 5, tactics: [{do: retreat}]}]
foes: [{name: Trap, hp: 5, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  ScriptedDice dice{{{20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_TRUE(has(r.log, "d20 1 +11 = 12 vs DC 24: failed")) << r.log;
  EXPECT_EQ(r.rec.resources[ca::kNatural1], 1);
  EXPECT_EQ(r.rec.combatants[0].extra[ca::kExNatural1], 1);
  EXPECT_EQ(r.rec.resources[ca::kRetreats], 0);
  EXPECT_FALSE(r.rec.combatants[0].down);
}

// "Example" (Magic): Barry invests 2 Mana Dust and 1 inventory slot and rolls
// double 2s and a 5: the spell works, he takes one Fatigue (the slot die's 5)
// and the pair is a mishap at [sum] 9.
TEST(CairnApExample, BarrysMirrorImageRoll) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {ap_per_turn: 2}
party:
  - {name: Barry, wil: 14, hp: 3, free_slots: 2, mana_dust: 2, spells: [{name: Bolt, dice: 3, save: none}], tactics: [{do: "cast:Bolt"}]}
foes: [{name: Target, hp: 20, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  ScriptedDice dice{{{6, 2}, {6, 2}, {6, 5}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kFatigue], 1) << r.log;
  EXPECT_EQ(r.rec.resources[ca::kMishaps], 1);
  EXPECT_EQ(r.rec.resources[ca::kSpellsFailed], 0);
  EXPECT_TRUE(has(r.log, "[sum] 9")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 9);  // a damage spell deals the [sum]
}

// ---------------------------------------------------------------------------
// A contested check with per-die advantage, exactly.

// P(value == k) for one die with net advantage, by enumerating every roll.
std::vector<double> enumerate_die(int sides, int adv) {
  const int n = 1 + std::abs(adv);
  std::vector<double> p(static_cast<std::size_t>(sides + 1), 0.0);
  std::vector<int> v(static_cast<std::size_t>(n), 1);
  const double each = std::pow(1.0 / sides, n);
  for (;;) {
    int kept = v[0];
    for (int x : v) kept = adv >= 0 ? std::max(kept, x) : std::min(kept, x);
    p[static_cast<std::size_t>(kept)] += each;
    int k = 0;
    while (k < n && ++v[static_cast<std::size_t>(k)] > sides) v[static_cast<std::size_t>(k++)] = 1;
    if (k == n) break;
  }
  return p;
}

std::vector<double> convolve(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> c(a.size() + b.size(), 0.0);
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < b.size(); ++j) c[i + j] += a[i] * b[j];
  return c;
}

TEST(CairnApExact, ClosedFormDieDistributionMatchesEnumeration) {
  for (int sides : {4, 6, 8, 20})
    for (int adv : {-2, -1, 0, 1, 2}) {
      const auto p = ca::die_distribution(sides, adv);
      const auto q = enumerate_die(sides, adv);
      for (int k = 1; k <= sides; ++k)
        EXPECT_NEAR(p[static_cast<std::size_t>(k - 1)], q[static_cast<std::size_t>(k)], 1e-12) << sides << " " << adv;
    }
}

// Attacker: d20 with two advantages + STR 12 + d8 with one disadvantage.
// Target blocks: d20 + STR 10 + d6 shield with one advantage. IR >= TR hits.
TEST(CairnApExact, ContestedCheckWithPerDieAdvantageMatchesSampling) {
  const auto ir = convolve(enumerate_die(20, 2), enumerate_die(8, -1));  // index = d20 + d8
  const auto tr = convolve(enumerate_die(20, 0), enumerate_die(6, 1));
  double exact = 0;
  for (std::size_t i = 0; i < ir.size(); ++i)
    for (std::size_t j = 0; j < tr.size(); ++j)
      if (static_cast<int>(i) + 12 >= static_cast<int>(j) + 10) exact += ir[i] * tr[j];
  EXPECT_GT(exact, 0.6);
  EXPECT_LT(exact, 0.95);

  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2}
party:
  - {name: A, str: 12, hp: 5, weapon: sword, weapon_advantage: -1, attack_advantage: 2, tactics: [{do: attack}]}
foes:
  - {name: B, str: 10, hp: 1000, shield: d6, shield_advantage: 1, defence: block, tactics: [{do: pass}]}
)");
  RunSettings s;
  s.trials = 200000;
  s.seed = 4;
  const Tally t = run_trials(enc, s).tally;
  const auto attacks = static_cast<double>(t.combatants[0].attacks);
  ASSERT_EQ(attacks, 200000.0);
  const double sampled = static_cast<double>(t.combatants[0].hits) / attacks;
  const double se = std::sqrt(exact * (1 - exact) / attacks);
  EXPECT_NEAR(sampled, exact, 4 * se) << "exact " << exact;

  // The mean damage is the mean kept d8 (one disadvantage) over the hits.
  double damage_given_hit = 0;
  const auto d20 = enumerate_die(20, 2), d8 = enumerate_die(8, -1), t20 = enumerate_die(20, 0),
             d6 = enumerate_die(6, 1);
  for (int a = 1; a <= 20; ++a)
    for (int w = 1; w <= 8; ++w)
      for (int b = 1; b <= 20; ++b)
        for (int sh = 1; sh <= 6; ++sh)
          if (a + 12 + w >= b + 10 + sh)
            damage_given_hit += w * d20[static_cast<std::size_t>(a)] * d8[static_cast<std::size_t>(w)] *
                                t20[static_cast<std::size_t>(b)] * d6[static_cast<std::size_t>(sh)];
  const double mean_damage = t.combatants[0].damage_dealt.mean();
  EXPECT_NEAR(mean_damage, damage_given_hit, 0.02) << "exact " << damage_given_hit;
}

// The check helper itself against the closed form, with an Rng.
TEST(CairnApExact, RollCheckSamplesTheExactMean) {
  ca::Check c;
  c.base_adv = -2;
  c.modifier = 3;
  c.objects[0] = {10, 1};
  c.objects[1] = {4, 0};
  Rng rng(77);
  double sum = 0, sq = 0;
  const int n = 200000;
  for (int k = 0; k < n; ++k) {
    const double v = ca::roll_check(rng, c).total;
    sum += v;
    sq += v * v;
  }
  const double mean = sum / n;
  const double sd = std::sqrt(sq / n - mean * mean);
  EXPECT_NEAR(mean, ca::check_mean(c), 4 * sd / std::sqrt(n));
}

// HP written as dice are rolled per fight from the setup stream.
TEST(CairnApExact, HitProtectionRolledPerFight) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
party: [{name: A, hp: d6, tactics: [{do: pass}]}]
foes: [{name: B, hp: 2d4+1, tactics: [{do: pass}]}]
)");
  RunSettings s;
  s.trials = 50000;
  s.seed = 8;
  const Tally t = run_trials(enc, s).tally;
  const double n = 50000;
  const double a = static_cast<double>(t.combatants[0].extra[ca::kExHpStart]) / n;
  const double b = static_cast<double>(t.combatants[1].extra[ca::kExHpStart]) / n;
  EXPECT_NEAR(a, 3.5, 4 * std::sqrt(35.0 / 12 / n));
  EXPECT_NEAR(b, 6.0, 4 * std::sqrt(2 * 15.0 / 12 / n));
}

// ---------------------------------------------------------------------------
// Each rule with scripted dice.

TEST(CairnApScripted, DualWeaponsRollBothDiceAndKeepTheHighest) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2}
party: [{name: Ilse, str: 10, hp: 5, weapon: sword, second_weapon: dagger, tactics: [{do: attack}]}]
foes: [{name: B, hp: 20, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  // d20 10 + 10 + max(d8 2, d6 5) = 25 vs dodge 1 + 10: hit for 5.
  ScriptedDice dice{{{20, 10}, {8, 2}, {6, 5}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 5) << r.log;
  EXPECT_TRUE(has(r.log, "IR 25")) << r.log;
}

TEST(CairnApScripted, UnarmedAttacksDealADFour) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2}
party: [{name: Brawler, hp: 5, tactics: [{do: attack}]}]
foes: [{name: B, hp: 20, armor: 1, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  ScriptedDice dice{{{20, 10}, {4, 4}, {20, 1}}};  // 4 - armor 1 = 3
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
}

TEST(CairnApScripted, ArmorIsASumOfWornItemsNeverAboveThree) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
party: [{name: Knight, hp: 5, armor: [plate, shield, helmet]}, {name: Squire, hp: 5, armor: [gambeson, helmet]}]
foes: [{name: B, hp: 5, armor: 2}]
)");
  EXPECT_EQ(enc.fighters[0].armor, 3);
  EXPECT_EQ(enc.fighters[1].armor, 2);
  EXPECT_EQ(enc.fighters[2].armor, 2);
  EXPECT_NE(enc.describe().find("capped at 3"), std::string::npos);
}

// Damage past 0 HP comes off STR; a STR save (DC 15, new STR) follows; a
// survivor keeps fighting and saves again at the next damage; an NPC that
// fails dies.
TEST(CairnApScripted, CriticalDamageSequenceForAMonster) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 2
options: {approach_moves: 0, ap_per_turn: 2}
party: [{name: Hero, str: 10, hp: 5, weapon: sword, tactics: [{do: attack}]}]
foes: [{name: Orc, str: 6, wil: 10, hp: 2, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  ScriptedDice dice{{
      // Round 1: IR 15 + 10 + 5 = 30 vs 1 + 10: 5 damage: HP 2 -> 0, STR 6 -> 3;
      // STR save 13 + 3 = 16 passes. Alone at 0 HP: morale 15 + 10 = 25 holds.
      {20, 15}, {8, 5}, {20, 1}, {20, 13}, {20, 15},
      // Round 2: 2 damage: STR 3 -> 1; save 13 + 1 = 14 fails: dead.
      {20, 15}, {8, 2}, {20, 1}, {20, 13}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kStrLost], 5) << r.log;
  EXPECT_EQ(r.rec.resources[ca::kCriticalSaves], 2);
  EXPECT_EQ(r.rec.resources[ca::kCriticalFailed], 1);
  EXPECT_EQ(r.rec.resources[ca::kMoraleChecks], 1);
  EXPECT_TRUE(r.rec.combatants[1].dead);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 7);  // 2 HP and 5 STR
  EXPECT_EQ(r.rec.outcome, Outcome::party_win);
  EXPECT_EQ(r.rec.rounds, 2);
}

TEST(CairnApScripted, StrZeroIsDeathWithoutASave) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2}
party: [{name: Hero, str: 10, hp: 5, weapon: greataxe, tactics: [{do: attack}]}]
foes: [{name: Rat, str: 3, hp: 1, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  ScriptedDice dice{{{20, 15}, {10, 9}, {20, 1}}};  // 9 damage: HP 1, then STR 3 -> 0
  const Replay r = replay(enc, dice, init);
  EXPECT_TRUE(r.rec.combatants[1].dead) << r.log;
  EXPECT_EQ(r.rec.resources[ca::kCriticalSaves], 0);
  EXPECT_EQ(r.rec.resources[ca::kStrLost], 3);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 4);  // overkill past STR 0 does not count
}

// A PC at exactly 0 HP rolls on the Scars table (entry = HP before the hit)
// and makes no critical save; damage past 0 later takes them out, dying.
TEST(CairnApScripted, ScarsAtExactlyZeroThenDyingOnCriticalDamage) {
  const std::string yaml = R"(ruleset: cairn-ap
max_rounds: 2
options: {approach_moves: 0, ap_per_turn: 2, first_group: foes}
party: [{name: Hero, str: 10, hp: 3, tactics: [{do: pass}]}]
foes: [{name: Orc, str: 10, hp: 5, weapon: sword, tactics: [{do: attack}]}]
)";
  for (const bool dead : {false, true}) {
    const auto enc = encounter_from(yaml + (dead ? "variants: [{name: d, set: {options.dying: dead}}]\n" : ""), dead ? 1 : 0);
    ScriptedDice init = d20s({5, 15});
    // Round 1: 3 damage, HP 3 -> 0 exactly: Scars #3. Round 2: 4 damage,
    // STR 10 -> 6; save 5 + 6 = 11 fails: out of the fight.
    ScriptedDice dice{{{20, 15}, {8, 3}, {20, 1}, {20, 15}, {8, 4}, {20, 1}, {20, 5}}};
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.resources[ca::kScars], 1) << r.log;
    EXPECT_TRUE(has(r.log, "#3 Walloped")) << r.log;
    EXPECT_EQ(r.rec.resources[ca::kCriticalSaves], 1);
    EXPECT_TRUE(r.rec.combatants[0].down);
    EXPECT_EQ(r.rec.combatants[0].dead, dead);
    EXPECT_EQ(r.rec.outcome, Outcome::foes_win);
  }
}

// "0 or under", and the text's example goes from 3 HP to -1: a hit past 0
// HP rolls on the Scars table too; `scars: exactly_zero` is the other reading.
TEST(CairnApScripted, ScarsAtZeroOrUnderByDefault) {
  const std::string yaml = R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2, first_group: foes}
party: [{name: Hero, str: 10, hp: 3, tactics: [{do: pass}]}]
foes: [{name: Orc, str: 10, hp: 5, weapon: sword, tactics: [{do: attack}]}]
variants: [{name: exactly zero, set: {options.scars: exactly_zero}}]
)";
  for (std::size_t v : {0u, 1u}) {
    const auto enc = encounter_from(yaml, v);
    ScriptedDice init = d20s({5, 15});
    // 5 damage from 3 HP: Scars #3 (default), then STR 10 -> 8 and a save 10 + 8 passes.
    ScriptedDice dice{{{20, 15}, {8, 5}, {20, 1}, {20, 10}}};
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.resources[ca::kScars], v == 0 ? 1 : 0) << r.log;
    EXPECT_EQ(r.rec.resources[ca::kStrLost], 2);
    EXPECT_FALSE(r.rec.combatants[0].down);
  }
}

// Morale: the first casualty, then again at half their number; not at a
// casualty in between. A failed save sends every foe running.
TEST(CairnApScripted, MoraleAtTheFirstCasualtyAndAtHalf) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 3
options: {approach_moves: 0, ap_per_turn: 2, first_group: party, target_ties: first, morale: group}
party: [{name: Archer, dex: 10, hp: 10, weapon: bow, tactics: [{do: attack}]}]
foes: [{name: Goblin, str: 1, wil: 5, hp: 1, count: 6, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5, 5, 5, 5, 5, 5});
  // Each round the archer kills one goblin: 3 damage, past HP 1 into STR 1.
  ScriptedDice dice{{{20, 15}, {6, 3}, {20, 1}, {20, 16},  // 1st casualty: 16 + 5 = 21 holds
                     {20, 15}, {6, 3}, {20, 1},            // 2nd: no check
                     {20, 15}, {6, 3}, {20, 1}, {20, 15}}};  // 3 of 6: half: 20 ties the DC: fails
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kMoraleChecks], 2) << r.log;
  EXPECT_EQ(r.rec.resources[ca::kMoraleFled], 3);
  EXPECT_TRUE(r.rec.foes_fled);
  EXPECT_EQ(r.rec.outcome, Outcome::party_win);
  EXPECT_EQ(r.rec.rounds, 3);
  EXPECT_TRUE(r.rec.combatants[6].down);
  EXPECT_FALSE(r.rec.combatants[6].dead);
  EXPECT_EQ(r.rec.combatants[6].extra[ca::kExFled], 1);
}

TEST(CairnApScripted, MoraleUsesTheLivingLeadersWilWhenAsked) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2, first_group: party, target_ties: first, morale: group, morale_leader: true}
party: [{name: Archer, hp: 10, weapon: bow, tactics: [{do: attack}]}]
foes:
  - {name: Goblin, str: 1, wil: 5, hp: 1, tactics: [{do: pass}]}
  - {name: Chief, wil: 14, hp: 6, leader: true, tactics: [{do: pass}]}
  - {name: Goblin B, str: 1, wil: 5, hp: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({15, 5, 5, 5});
  // The first goblin dies; the group saves on the chief's WIL: 7 + 14 = 21 holds.
  ScriptedDice dice{{{20, 15}, {6, 3}, {20, 1}, {20, 7}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_TRUE(has(r.log, "save on Chief's WIL")) << r.log;
  EXPECT_FALSE(r.rec.foes_fled);
}

TEST(CairnApScripted, EachFoeSavesForItselfWhenAsked) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2, first_group: party, target_ties: first, morale: each}
party: [{name: Archer, hp: 10, weapon: bow, tactics: [{do: attack}]}]
foes: [{name: Goblin, str: 1, wil: 5, hp: 1, count: 3, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5, 5, 5});
  // Goblin 1 dies: Goblin 2 holds (16 + 5), Goblin 3 flees (3 + 5).
  ScriptedDice dice{{{20, 15}, {6, 3}, {20, 1}, {20, 16}, {20, 3}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kMoraleFled], 1) << r.log;
  EXPECT_FALSE(r.rec.combatants[2].down);
  EXPECT_TRUE(r.rec.combatants[3].down);
}

TEST(CairnApScripted, PcsNeverCheckMorale) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2, first_group: foes, target_ties: first}
party: [{name: A, str: 1, hp: 1, tactics: [{do: pass}]}, {name: B, str: 1, hp: 1, tactics: [{do: pass}]}]
foes: [{name: Orc, hp: 9, weapon: bow, tactics: [{do: attack}]}]
)");
  ScriptedDice init = d20s({5, 5, 15});
  // A dies (STR 0): no morale save for the party; then B passes.
  ScriptedDice dice{{{20, 15}, {6, 3}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kMoraleChecks], 0) << r.log;
  EXPECT_TRUE(r.rec.combatants[0].dead);
}

// A detachment's attack on individuals: enhanced (two d20, keep the higher),
// one roll, and each target in its blast saves on its own.
TEST(CairnApScripted, DetachmentBlastIsEnhancedAndEachTargetSaves) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2, first_group: foes, target_ties: first, morale: off}
party:
  - {name: A, hp: 10, tactics: [{do: pass}]}
  - {name: B, hp: 10, tactics: [{do: pass}]}
  - {name: C, hp: 10, tactics: [{do: pass}]}
foes: [{name: Warband, detachment: true, blast_targets: 2, str: 12, hp: 20, weapon: spear, tactics: [{do: attack}]}]
)");
  ScriptedDice init = d20s({5, 5, 5, 15});
  // IR = max(3, 12) + 12 + 5 = 29. A dodges 20 + 10 = 30: saved. B 2 + 10: hit for 5.
  ScriptedDice dice{{{20, 3}, {20, 12}, {8, 5}, {20, 20}, {20, 2}}};
  const Replay r = replay(enc, dice, init);
  // A blast counts per target in the area columns: two targets, one struck.
  EXPECT_EQ(r.rec.combatants[3].area_attacks, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[3].area_hits, 1);
  EXPECT_EQ(r.rec.combatants[3].attacks, 0);
  EXPECT_EQ(r.rec.combatants[3].hits, 0);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 5);
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 0);
}

// "I want to swing my sword and hit the 3 enemy in front of me": one roll,
// each target saves.
TEST(CairnApScripted, AnAttackOnSeveralTargetsRollsOnce) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2, target_ties: first, morale: off}
party: [{name: Hero, str: 10, hp: 5, weapon: sword, attack_targets: 3, tactics: [{do: attack}]}]
foes: [{name: Goblin, dex: 10, hp: 9, armor: 1, count: 2, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5, 5});
  // IR 10 + 10 + 6 = 26, rolled once. Goblin 1: 16 + 10 = 26 ties, and ties
  // go to the initiator: 6 - 1 Armor = 5. Goblin 2: 17 + 10 = 27 saves. The
  // third target does not exist.
  ScriptedDice dice{{{20, 10}, {8, 6}, {20, 16}, {20, 17}}};
  const Replay r = replay(enc, dice, init);
  // Aimed at three: area attacks, one per target there was, one struck.
  EXPECT_EQ(r.rec.combatants[0].area_attacks, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[0].area_hits, 1);
  EXPECT_EQ(r.rec.combatants[0].attacks, 0);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 5);
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 0);
}

// An individual attacking a detachment is impaired; critical damage routs it.
TEST(CairnApScripted, AttacksOnADetachmentAreImpairedAndCriticalDamageRoutsIt) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2, morale: off}
party: [{name: Hero, str: 10, hp: 5, weapon: greataxe, tactics: [{do: attack}]}]
foes: [{name: Warband, detachment: true, str: 12, hp: 4, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  // Impaired: 18 and 9, keep 9; IR 9 + 10 + 10 = 29 vs 1 + 10: 10 damage:
  // HP 4 -> 0, STR 12 -> 6; the save 3 + 6 fails: routed.
  ScriptedDice dice{{{20, 18}, {20, 9}, {10, 10}, {20, 1}, {20, 3}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_TRUE(has(r.log, "IR 29")) << r.log;
  EXPECT_EQ(r.rec.resources[ca::kRouted], 1);
  EXPECT_TRUE(r.rec.combatants[1].down);
  EXPECT_FALSE(r.rec.combatants[1].dead);
  EXPECT_EQ(r.rec.outcome, Outcome::party_win);
}

TEST(CairnApScripted, GainAdvantageStacksOnTheNextBaseDie) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0}
party:
  - name: A
    hp: 5
    weapon: sword
    tactics: [{when: "self.ap >= 3", do: gain_advantage}, {do: attack}]
foes: [{name: B, hp: 20, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  // Two advantages: three d20, keep 17.
  ScriptedDice dice{{{20, 3}, {20, 9}, {20, 17}, {8, 4}, {20, 10}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kApAdvantage], 2) << r.log;
  EXPECT_EQ(r.rec.resources[ca::kApAttack], 2);
  EXPECT_TRUE(has(r.log, "IR 31")) << r.log;
}

TEST(CairnApScripted, MeleeFightersMoveBeforeTheirFirstAttack) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {first_group: party}
party: [{name: A, hp: 5, weapon: sword, tactics: [{do: attack}]}]
foes: [{name: B, hp: 20, weapon: sword, tactics: [{do: attack}]}]
)");
  ScriptedDice init = d20s({15, 5});
  // A: Move (1 AP) and an attack (2 AP); 1 AP left buys nothing. B was
  // attacked in melee, so it needs no Move: two attacks.
  ScriptedDice dice{{{20, 1}, {8, 1}, {20, 20}, {8, 1},
                     {20, 1}, {8, 1}, {20, 20}, {8, 1}, {20, 1}, {8, 1}, {20, 20}, {8, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kApMove], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].attacks, 1);
  EXPECT_EQ(r.rec.combatants[1].attacks, 2);
}

// A held dodge fires on the attack that triggers it (advantage on the save)
// and lapses unused at its holder's next turn.
TEST(CairnApScripted, HeldDodgeFiresOnTheTriggerAndLapsesAtTheNextTurn) {
  const std::string base = R"(ruleset: cairn-ap
max_rounds: 2
options: {approach_moves: 0, ap_per_turn: 2, first_group: party}
party: [{name: A, dex: 10, hp: 20, tactics: [{when: "round == 1", do: hold_dodge}, {do: pass}]}]
)";
  {
    const auto enc = encounter_from(base + "foes: [{name: B, str: 10, hp: 20, weapon: sword, tactics: [{when: \"round == 1\", do: attack}, {do: pass}]}]\n");
    ScriptedDice init = d20s({15, 5});
    // B: IR 10 + 10 + 1 = 21; A dodges with advantage: 5 and 15, keep 15: 25 saves.
    ScriptedDice dice{{{20, 10}, {8, 1}, {20, 5}, {20, 15}}};
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.resources[ca::kHeldFired], 1) << r.log;
    EXPECT_EQ(r.rec.combatants[0].damage_taken, 0);
  }
  {
    const auto enc = encounter_from(base + "foes: [{name: B, str: 10, hp: 20, weapon: sword, tactics: [{when: \"round == 2\", do: attack}, {do: pass}]}]\n");
    ScriptedDice init = d20s({15, 5});
    // Round 2: the hold lapsed at A's turn, so A dodges with one d20.
    ScriptedDice dice{{{20, 10}, {8, 1}, {20, 15}}};
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.resources[ca::kHeldFired], 0) << r.log;
    EXPECT_TRUE(has(r.log, "held action lapses")) << r.log;
  }
}

// The text gives advantage to a held dodge only ("can give yourself Adv when
// you are the Target"); a held parry is a plain parry. held_advantage: all
// gives it advantage too.
TEST(CairnApScripted, RipostePariesThenStrikesBackWithAdvantageOnlyWhenAsked) {
  const std::string yaml = R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 3, first_group: party}
party: [{name: A, str: 10, hp: 20, weapon: sword, tactics: [{do: riposte}]}]
foes: [{name: B, str: 10, hp: 20, weapon: sword, tactics: [{do: attack}]}]
variants: [{name: all, set: {options.held_advantage: all}}]
)";
  for (std::size_t v : {0u, 1u}) {
    const auto enc = encounter_from(yaml, v);
    ScriptedDice init = d20s({15, 5});
    // B: IR 10 + 10 + 1 = 21. A parries 15 + 10 + 4 = 29 (with advantage
    // under `all`: 5 and 15, keep 15). A strikes back: 12 + 10 + 6 = 28 vs
    // B's parry 3 + 10 + 2 = 15: 6 damage.
    ScriptedDice dice{{{20, 10}, {8, 1}}};
    if (v == 1) dice.script.push_back({20, 5});
    for (auto d : {std::pair{20, 15}, {8, 4}, {20, 12}, {8, 6}, {20, 3}, {8, 2}}) dice.script.push_back(d);
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.combatants[0].damage_dealt, 6) << r.log;
    EXPECT_EQ(r.rec.resources[ca::kHeldFired], 1);
    EXPECT_EQ(r.rec.resources[ca::kApHeld], 3);
    EXPECT_EQ(has(r.log, "parries (held, with advantage)"), v == 1) << r.log;
  }
}

TEST(CairnApScripted, GroupsAlternateInInitiativeOrder) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
party: [{name: A, wil: 0, hp: 5, tactics: [{do: pass}]}, {name: B, wil: 0, hp: 5, tactics: [{do: pass}]}]
foes:
  - {name: X, wil: 0, hp: 5, tactics: [{do: pass}]}
  - {name: Y, wil: 0, hp: 5, tactics: [{do: pass}]}
  - {name: Z, wil: 0, hp: 5, tactics: [{do: pass}]}
)");
  // A 20, B 5 | X 2, Y 18, Z 17: the party has the best roll and starts.
  ScriptedDice init = d20s({20, 5, 2, 18, 17});
  ScriptedDice dice;
  const Replay r = replay(enc, dice, init);
  const char* order[] = {"A's turn", "Y's turn", "B's turn", "Z's turn", "X's turn"};
  std::size_t at = 0;
  for (const char* o : order) {
    const auto pos = r.log.find(o, at);
    ASSERT_NE(pos, std::string::npos) << o << "\n" << r.log;
    at = pos;
  }
}

TEST(CairnApScripted, SurprisedCreaturesHaveTwoApOnTheirFirstTurn) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 2
options: {surprised: party}
party: [{name: A, hp: 5, tactics: [{do: gain_advantage}]}]
foes: [{name: X, hp: 5, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  ScriptedDice dice;
  const Replay r = replay(enc, dice, init);
  EXPECT_TRUE(has(r.log, "A's turn: 2 AP (surprised)")) << r.log;
  EXPECT_EQ(r.rec.resources[ca::kApAdvantage], 2 + 4);
}

TEST(CairnApScripted, ARetreatIsADexSave) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {ap_per_turn: 2}
party: [{name: A, dex: 12, hp: 5, tactics: [{do: retreat}]}]
foes: [{name: X, hp: 5, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  ScriptedDice dice{{{20, 9}}};  // 9 + 12 = 21 beats DC 20
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kRetreats], 1) << r.log;
  EXPECT_TRUE(r.rec.combatants[0].down);
  EXPECT_FALSE(r.rec.combatants[0].dead);
  EXPECT_EQ(r.rec.outcome, Outcome::foes_win);  // the party left the field
}

TEST(CairnApScripted, ThreeMatchingMagicDiceFailTheSpell) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {ap_per_turn: 2}
party:
  - {name: Barry, wil: 14, hp: 3, free_slots: 3, spells: [{name: Bolt, dice: 3, save: none}], tactics: [{do: "cast:Bolt"}]}
foes: [{name: Target, hp: 20, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  // Three 4s: three Fatigue (slot dice 4-6), a mishap at [sum] 12 (a slot
  // lost, +1 Armor) and no spell.
  ScriptedDice dice{{{6, 4}, {6, 4}, {6, 4}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kSpellsFailed], 1) << r.log;
  EXPECT_EQ(r.rec.resources[ca::kFatigue], 3);
  EXPECT_EQ(r.rec.resources[ca::kMishaps], 1);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 0);
}

TEST(CairnApScripted, FatigueFillsSlotsAndLimitsTheMagicDice) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 2
options: {ap_per_turn: 2}
party:
  - {name: Barry, wil: 14, hp: 3, free_slots: 2, spells: [{name: Bolt, dice: 2, save: dex}], tactics: [{do: "cast:Bolt"}]}
foes: [{name: Target, dex: 10, hp: 20, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  // Round 1: 5 and 3: one Fatigue, 1 free slot left; the bolt (IR 10 + 14
  // vs 5 + 10) lands for 8. Round 2: one Magic Die: a 6, the last slot
  // fills; IR 2 + 14 vs 19 + 10: saved. Then no Magic Dice: nothing to do.
  ScriptedDice dice{{{6, 5}, {6, 3}, {20, 10}, {20, 5}, {6, 6}, {20, 2}, {20, 19}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kFatigue], 2) << r.log;
  EXPECT_EQ(r.rec.resources[ca::kSpellsCast], 2);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 8);
}

// A blast spell: one IR for all its targets, each saves; a blast is not
// impaired against a detachment.
TEST(CairnApScripted, ABlastSpellRollsOnceAndEachTargetSaves) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {ap_per_turn: 2, target_ties: first, morale: off}
party:
  - {name: Barry, wil: 14, hp: 3, mana_dust: 2, spells: [{name: Fireball, dice: 2, targets: 2}], tactics: [{do: "cast:Fireball"}]}
foes:
  - {name: Warband, detachment: true, dex: 10, hp: 20, armor: 1, tactics: [{do: pass}]}
  - {name: Goblin, dex: 12, hp: 20, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({15, 5, 5});
  // [sum] 3 + 6 = 9. IR 10 + 14 = 24 (one d20: no impairment). Warband: 13 + 10
  // = 23 fails: 9 - 1 Armor = 8. Goblin: 12 + 12 = 24 meets 24 but the
  // initiator wins ties: 9.
  ScriptedDice dice{{{6, 3}, {6, 6}, {20, 10}, {20, 13}, {20, 12}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 8) << r.log;
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 9);
  EXPECT_EQ(r.rec.resources[ca::kFatigue], 0);  // Mana Dust only
  // A spell with a save is an attack: a blast, so two area attacks, both struck.
  EXPECT_EQ(r.rec.combatants[0].area_attacks, 2);
  EXPECT_EQ(r.rec.combatants[0].area_hits, 2);
  EXPECT_EQ(r.rec.combatants[0].attacks, 0);
}

TEST(CairnApScripted, ALoneFoeAtZeroHpMayFlee) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2}
party: [{name: Hero, hp: 5, weapon: sword, tactics: [{do: attack}]}]
foes: [{name: Ogre, wil: 7, hp: 4, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  // 4 damage: HP 4 -> 0 exactly (no critical save); alone at 0 HP: morale
  // 9 + 7 = 16 < 20: the ogre flees.
  ScriptedDice dice{{{20, 15}, {8, 4}, {20, 1}, {20, 9}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kMoraleChecks], 1) << r.log;
  EXPECT_TRUE(r.rec.foes_fled);
  EXPECT_EQ(r.rec.outcome, Outcome::party_win);
  EXPECT_FALSE(r.rec.combatants[1].dead);
}

TEST(CairnApScripted, NaturalTwentyOptionWinsTheContest) {
  const std::string yaml = R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2}
party: [{name: A, str: 1, hp: 5, weapon: sword, tactics: [{do: attack}]}]
foes: [{name: B, dex: 20, hp: 20, tactics: [{do: pass}]}]
variants: [{name: n20, set: {options.natural_20: succeeds}}]
)";
  for (std::size_t v : {0u, 1u}) {
    const auto enc = encounter_from(yaml, v);
    ScriptedDice init = d20s({15, 5});
    ScriptedDice dice{{{20, 20}, {8, 3}, {20, 15}}};  // 24 vs 35
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.combatants[0].hits, v == 1 ? 1 : 0) << r.log;
    EXPECT_EQ(r.rec.combatants[0].crits, v == 1 ? 1 : 0);
  }
}

// ---------------------------------------------------------------------------
// The audit's findings (issue 16), each against the text.

// "Check Results": the IR (or the DC) wins ties, so a save against a DC
// passes only above it: retreat, critical damage and morale alike.
TEST(CairnApScripted, ASaveThatTiesTheDcFails) {
  {
    const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {ap_per_turn: 2}
party: [{name: A, dex: 12, hp: 5, tactics: [{do: retreat}]}]
foes: [{name: X, hp: 5, tactics: [{do: pass}]}]
)");
    ScriptedDice init = d20s({15, 5});
    ScriptedDice dice{{{20, 8}}};  // 8 + 12 = 20 ties DC 20: still here
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.resources[ca::kRetreats], 0) << r.log;
    EXPECT_FALSE(r.rec.combatants[0].down);
    EXPECT_TRUE(has(r.log, "= 20 vs DC 20: failed")) << r.log;
  }
  {
    const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2, morale: off}
party: [{name: Hero, str: 10, hp: 5, weapon: sword, tactics: [{do: attack}]}]
foes: [{name: Orc, str: 6, hp: 2, tactics: [{do: pass}]}]
)");
    ScriptedDice init = d20s({15, 5});
    // 5 damage: HP 2 -> 0, STR 6 -> 3; the save 12 + 3 = 15 ties DC 15: dead.
    ScriptedDice dice{{{20, 15}, {8, 5}, {20, 1}, {20, 12}}};
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.resources[ca::kCriticalFailed], 1) << r.log;
    EXPECT_TRUE(r.rec.combatants[1].dead);
  }
  {
    const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2, first_group: party, target_ties: first}
party: [{name: Archer, hp: 10, weapon: bow, tactics: [{do: attack}]}]
foes: [{name: Goblin, str: 1, wil: 5, hp: 1, count: 2, tactics: [{do: pass}]}]
)");
    ScriptedDice init = d20s({15, 5, 5});
    // Goblin 1 dies; Goblin 2's morale 15 + 5 = 20 ties DC 20: it flees.
    ScriptedDice dice{{{20, 15}, {6, 3}, {20, 1}, {20, 15}}};
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.resources[ca::kMoraleFled], 1) << r.log;
    EXPECT_TRUE(r.rec.foes_fled);
  }
}

// "Move (1 AP)" is an action of its own: a melee fighter whose AP cannot pay
// for its Moves and a blow makes the Moves now and strikes next turn.
TEST(CairnApScripted, AFighterThatCannotReachAndStrikeMovesNow) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 2
options: {approach_moves: 3, first_group: party}
party: [{name: A, str: 10, hp: 5, weapon: sword, tactics: [{do: attack}]}]
foes: [{name: B, dex: 10, hp: 20, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  // Round 1: three Moves (3 AP); the last AP cannot pay for a blow. Round 2:
  // in reach, two attacks (each IR, weapon die, B's dodge).
  ScriptedDice dice{{{20, 5}, {8, 1}, {20, 15}, {20, 5}, {8, 1}, {20, 15}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kApMove], 3) << r.log;
  EXPECT_EQ(r.rec.combatants[0].attacks, 2);
  EXPECT_TRUE(has(r.log, "cannot reach and strike this turn")) << r.log;
}

TEST(CairnApScripted, ASurprisedMeleeFighterMovesOnItsTwoAp) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 2
options: {surprised: party, first_group: party}
party: [{name: A, str: 10, hp: 5, weapon: sword, tactics: [{do: attack}]}]
foes: [{name: B, dex: 10, hp: 20, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  // Round 1: 2 AP: a Move (1 AP), and 1 AP cannot pay for the blow. Round 2: two attacks.
  ScriptedDice dice{{{20, 5}, {8, 1}, {20, 15}, {20, 5}, {8, 1}, {20, 15}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kApMove], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].attacks, 2);
}

// With approach_moves: 3 a one-on-one melee used to be a draw every time.
TEST(CairnApScripted, AMeleeDuelThatNeedsThreeMovesIsDecided) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 30
options: {approach_moves: 3}
party: [{name: A, str: 12, dex: 10, hp: 5, weapon: sword}]
foes: [{name: B, str: 12, dex: 10, hp: 5, weapon: sword}]
)");
  RunSettings rs;
  rs.trials = 2000;
  rs.seed = 7;
  const Tally t = run_trials(enc, rs).tally;
  EXPECT_LT(t.draws, t.trials / 100);
  EXPECT_GT(t.party_wins, t.trials / 4);
}

// `move` is a tactics action: one Move (ap_move AP), only while out of reach.
TEST(CairnApScripted, MoveIsATacticsAction) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 2, first_group: party}
party: [{name: A, str: 10, hp: 5, weapon: sword, tactics: [{do: move}, {do: attack}]}]
foes: [{name: B, dex: 10, hp: 20, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  // Two Moves bring A into reach; `move` is then unavailable: one attack (2 AP).
  ScriptedDice dice{{{20, 5}, {8, 1}, {20, 15}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kApMove], 2) << r.log;
  EXPECT_EQ(r.rec.combatants[0].attacks, 1);
  EXPECT_TRUE(has(r.log, "A moves (1 AP) into reach")) << r.log;
}

// "Lone foes must save when they're reduced to 0 HP": a foe already at 0 HP
// saves when its last ally falls, not at its next wound.
TEST(CairnApScripted, AFoeAtZeroHpSavesWhenItBecomesAlone) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 4
options: {approach_moves: 0, ap_per_turn: 2, first_group: party, target_ties: first, morale: group}
party:
  - name: Archer
    hp: 10
    weapon: bow
    tactics: [{when: "round == 1", do: attack}, {do: attack, target: highest_hp}]
foes:
  - {name: Goblin, str: 1, wil: 5, hp: 1, count: 3, tactics: [{do: pass}]}
  - {name: Ogre, str: 10, wil: 5, hp: 2, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({15, 5, 5, 5, 5});
  ScriptedDice dice{{{20, 15}, {6, 3}, {20, 1}, {20, 16},  // Goblin 1 dies: the first casualty, 21 holds
                     {20, 15}, {6, 2}, {20, 1},            // the Ogre: HP 2 -> 0, not alone
                     {20, 15}, {6, 3}, {20, 1}, {20, 16},  // Goblin 2 dies: half, 21 holds
                     {20, 15}, {6, 3}, {20, 1}, {20, 3}}};  // Goblin 3 dies: the Ogre alone at 0 HP: 8 flees
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kMoraleChecks], 3) << r.log;
  EXPECT_TRUE(has(r.log, "Ogre stands alone at 0 HP")) << r.log;
  EXPECT_TRUE(r.rec.foes_fled);
  EXPECT_EQ(r.rec.rounds, 4);
}

// "Some groups may use their leader's WIL": by default each foe saves on its own.
TEST(CairnApScripted, EachFoeSavesOnItsOwnWilByDefault) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2, first_group: party, target_ties: first}
party: [{name: Archer, hp: 10, weapon: bow, tactics: [{do: attack}]}]
foes:
  - {name: Goblin, str: 1, wil: 5, hp: 1, tactics: [{do: pass}]}
  - {name: Chief, wil: 14, hp: 6, leader: true, tactics: [{do: pass}]}
  - {name: Goblin B, str: 1, wil: 5, hp: 1, tactics: [{do: pass}]}
)");
  ScriptedDice init = d20s({15, 5, 5, 5});
  // The first goblin dies. Chief: 7 + 14 = 21 holds; Goblin B: 7 + 5 = 12 flees.
  ScriptedDice dice{{{20, 15}, {6, 3}, {20, 1}, {20, 7}, {20, 7}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kMoraleFled], 1) << r.log;
  EXPECT_FALSE(r.rec.combatants[2].down);
  EXPECT_TRUE(r.rec.combatants[3].down);
}

// `defence: best` follows the fight: a parrier whose STR critical damage has
// cut dodges once its DEX save is the better one.
TEST(CairnApScripted, TheBestDefenceFollowsStrLost) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, morale: off}
party: [{name: Hero, str: 10, hp: 5, weapon: sword, tactics: [{do: attack}]}]
foes: [{name: Orc, str: 12, dex: 10, hp: 0, weapon: sword, tactics: [{do: pass}]}]
)");
  ScriptedDice init = d20s({15, 5});
  ScriptedDice dice{{
      // IR 15 + 10 + 8 = 33; the Orc parries (12 + 4.5 > 10): 1 + 12 + 1 = 14.
      // 8 damage: STR 12 -> 4; the save 12 + 4 = 16 passes.
      {20, 15}, {8, 8}, {20, 1}, {8, 1}, {20, 12},
      // STR 4 + 4.5 < DEX 10: it dodges, 1 + 10 = 11; 1 damage, STR 3; 13 + 3 passes.
      {20, 15}, {8, 1}, {20, 1}, {20, 13}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_TRUE(has(r.log, "Orc parries")) << r.log;
  EXPECT_TRUE(has(r.log, "Orc dodges")) << r.log;
  EXPECT_EQ(r.rec.resources[ca::kStrLost], 9);
}

// Gain Advantage serves the creature's next roll as Initiator; a retreat is
// a save, so by default it keeps the advantage for later (retreat_advantage: true spends it).
TEST(CairnApScripted, TheRetreatSaveDoesNotUseGainedAdvantage) {
  const std::string yaml = R"(ruleset: cairn-ap
max_rounds: 1
options: {ap_per_turn: 3}
party: [{name: A, dex: 12, hp: 5, tactics: [{when: "self.ap >= 3", do: gain_advantage}, {do: retreat}]}]
foes: [{name: X, hp: 5, tactics: [{do: pass}]}]
variants: [{name: adv, set: {options.retreat_advantage: true}}]
)";
  for (std::size_t v : {0u, 1u}) {
    const auto enc = encounter_from(yaml, v);
    ScriptedDice init = d20s({15, 5});
    ScriptedDice dice{{{20, 9}}};  // 9 + 12 = 21 gets away
    if (v == 1) dice.script.push_back({20, 3});
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.resources[ca::kRetreats], 1) << r.log;
  }
}

// Scars #11, Mortal Wound: "deprived and out of action": the PC leaves the fight, dying.
TEST(CairnApScripted, AMortalWoundTakesThePcOutOfAction) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, ap_per_turn: 2, first_group: foes}
party: [{name: Hero, str: 10, hp: 11, tactics: [{do: pass}]}]
foes: [{name: Orc, str: 10, hp: 5, weapon_die: d12, tactics: [{do: attack}]}]
)");
  ScriptedDice init = d20s({5, 15});
  // 11 damage: HP 11 -> 0 exactly: Scars #11.
  ScriptedDice dice{{{20, 15}, {12, 11}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_TRUE(has(r.log, "#11 Mortal Wound")) << r.log;
  EXPECT_TRUE(r.rec.combatants[0].down);
  EXPECT_FALSE(r.rec.combatants[0].dead);
  EXPECT_EQ(r.rec.outcome, Outcome::foes_win);
}

// Scars #12, Doomed: the next failed save against critical damage kills.
TEST(CairnApScripted, ADoomedPcDiesOnItsNextFailedCriticalSave) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
options: {approach_moves: 0, first_group: foes}
party: [{name: Hero, str: 10, hp: 12, tactics: [{do: pass}]}]
foes: [{name: Orc, str: 10, hp: 5, weapon_die: d12, tactics: [{do: attack}]}]
)");
  ScriptedDice init = d20s({5, 15});
  // 12 damage: HP 12 -> 0: Scars #12. Then 3 damage: STR 10 -> 7; the save
  // 5 + 7 = 12 fails: dead, not dying.
  ScriptedDice dice{{{20, 15}, {12, 12}, {20, 1}, {20, 15}, {12, 3}, {20, 1}, {20, 5}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_TRUE(has(r.log, "#12 Doomed")) << r.log;
  EXPECT_TRUE(r.rec.combatants[0].dead);
}

// Mishaps that bear on the fight ("Mishaps", by [sum]). Barry casts a Bolt
// that needs no save, so only the Magic Dice and the mishap's own dice roll.
std::string mishap_yaml(int dice, int slots, const std::string& barry_extra, const std::string& foe) {
  return "ruleset: cairn-ap\nmax_rounds: 1\noptions: {approach_moves: 0, first_group: party, morale: off}\n"
         "party:\n  - {name: Barry, str: 8, dex: 10, wil: 14, hp: 3, free_slots: " + std::to_string(slots) +
         barry_extra + ", spells: [{name: Bolt, dice: " + std::to_string(dice) +
         ", save: none}], tactics: [{do: 'cast:Bolt'}]}\nfoes: [" + foe + "]\n";
}
const std::string kDummy = "{name: Target, hp: 40, str: 10, tactics: [{do: pass}]}";

TEST(CairnApScripted, MishapsThatEndTheCasting) {
  for (const int sum : {6, 13}) {
    // #6 (belongings not of metal burn: the Grimoire too), #13 (the Grimoire
    // is unusable): the first Bolt lands, the second is never cast.
    const auto enc = encounter_from(mishap_yaml(3, 4, "", kDummy));
    ScriptedDice init = d20s({15, 5});
    ScriptedDice dice = sum == 6 ? ScriptedDice{{{6, 1}, {6, 1}, {6, 4}}} : ScriptedDice{{{6, 6}, {6, 6}, {6, 1}}};
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.resources[ca::kSpellsCast], 1) << r.log;
    EXPECT_EQ(r.rec.combatants[1].damage_taken, sum);
  }
}

TEST(CairnApScripted, MishapFiveReversesTheSpell) {
  const auto enc = encounter_from(mishap_yaml(3, 4, "", kDummy));
  ScriptedDice init = d20s({15, 5});
  // 1 2 3: 6 damage, Target HP 40 -> 34. Then 1 1 3: a pair, [sum] 5: a
  // Fatigue, and the Bolt heals the Target to 39 instead.
  ScriptedDice dice{{{6, 1}, {6, 2}, {6, 3}, {6, 1}, {6, 1}, {6, 3}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 6) << r.log;
  EXPECT_TRUE(has(r.log, "Target is restored to HP 39")) << r.log;
  EXPECT_EQ(r.rec.resources[ca::kFatigue], 1);
}

TEST(CairnApScripted, MishapEightCostsWilOnLaterCasts) {
  const auto enc = encounter_from(mishap_yaml(2, 4, "", kDummy));
  ScriptedDice init = d20s({15, 5});
  // 4 4: [sum] 8, two Fatigue. The next cast first takes 1d4 = 3 WIL.
  ScriptedDice dice{{{6, 4}, {6, 4}, {4, 3}, {6, 1}, {6, 2}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_TRUE(has(r.log, "Barry loses 3 WIL (Mishap #8): WIL 11")) << r.log;
}

TEST(CairnApScripted, MishapElevenGivesAFreeDieThatCostsWil) {
  const auto enc = encounter_from(mishap_yaml(3, 3, "", kDummy));
  ScriptedDice init = d20s({15, 5});
  // 3 3 5: [sum] 11, one Fatigue (2 slots left), 1d4 = 2 WIL lost, a free
  // die from now on. Next: three dice (the free one first): 5 costs 1 WIL;
  // 1 and 2 on the slot dice bring no Fatigue.
  ScriptedDice dice{{{6, 3}, {6, 3}, {6, 5}, {4, 2}, {6, 5}, {6, 1}, {6, 2}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kFatigue], 1) << r.log;
  EXPECT_TRUE(has(r.log, "with 3 Magic Dice (1 free")) << r.log;
  EXPECT_TRUE(has(r.log, "WIL 11")) << r.log;
}

TEST(CairnApScripted, MishapTwentyTwoTradesFatigueAndMishapsForStr) {
  const auto enc = encounter_from(mishap_yaml(4, 8, "", kDummy));
  ScriptedDice init = d20s({15, 5});
  // 6 6 5 5: [sum] 22 (two pairs, one mishap), four Fatigue. Next: 6 6 5 1
  // (four dice, four slots left): no Fatigue, no mishap; three dice of 5-6
  // take 1d4 STR each: 1 + 2 + 1 of STR 8.
  ScriptedDice dice{{{6, 6}, {6, 6}, {6, 5}, {6, 5}, {6, 6}, {6, 6}, {6, 5}, {6, 1}, {4, 1}, {4, 2}, {4, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[ca::kMishaps], 1) << r.log;
  EXPECT_EQ(r.rec.resources[ca::kFatigue], 4);
  EXPECT_TRUE(has(r.log, "STR 4")) << r.log;
}

TEST(CairnApScripted, MishapTwentyFourImpairsMundaneAttacks) {
  const auto enc = encounter_from(mishap_yaml(4, 4, "", "{name: Orc, str: 10, hp: 40, weapon: sword, tactics: [{do: attack}]}") +
                                  "variants: [{name: one, set: {options.ap_per_turn: 2}}]\n", 1);
  ScriptedDice init = d20s({15, 5});
  // 6 6 6 6: [sum] 24, the spell fails; Barry is Elemental. The Orc's attack
  // is impaired: 15 and 3, keep 3: IR 3 + 10 + 1 = 14 vs Barry's dodge 10 + 10.
  ScriptedDice dice{{{6, 6}, {6, 6}, {6, 6}, {6, 6}, {20, 15}, {20, 3}, {8, 1}, {20, 10}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  EXPECT_TRUE(has(r.log, "with disadvantage")) << r.log;
}

TEST(CairnApScripted, MishapNineteenTakesOffWornArmor) {
  const auto enc = encounter_from(mishap_yaml(4, 4, ", armor: [gambeson, shield]", "{name: Orc, str: 10, hp: 40, weapon: sword, tactics: [{do: attack}]}") +
                                  "variants: [{name: one, set: {options.ap_per_turn: 2}}]\n", 1);
  ScriptedDice init = d20s({15, 5});
  // 6 6 4 3: [sum] 19: wings, DEX + 1d4 = 2; the gambeson is gone, the shield
  // stays: Armor 1. The Orc hits for 5 - 1: HP 3 -> 0, STR 8 -> 7, and the
  // critical damage save 15 + 7 passes.
  ScriptedDice dice{{{6, 6}, {6, 6}, {6, 4}, {6, 3}, {4, 2}, {20, 15}, {8, 5}, {20, 1}, {20, 15}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_TRUE(has(r.log, "weapon die 5 - armor 1")) << r.log;
  EXPECT_TRUE(has(r.log, "TR 13")) << r.log;  // 1 + DEX 12
}

// ---------------------------------------------------------------------------
// Input errors.

std::string error_of(const std::string& yaml) {
  return testing::render_of([&] { encounter_from(yaml); });
}

TEST(CairnApErrors, UnknownKeySuggestsTheKnownOne) {
  EXPECT_EQ(error_of("ruleset: cairn-ap\nparty:\n  - {name: A, hp: 5, will: 12}\nfoes:\n  - {name: B, hp: 5}\n"),
            "test.yaml:3:22: error: unknown key 'will' in combatant 'A' (did you mean 'wil'?)\n"
            "      - {name: A, hp: 5, will: 12}\n"
            "                         ^\n");
}

TEST(CairnApErrors, ObjectDiceArmorSpellsAndHeldActions) {
  const std::string foes = "foes: [{name: B, hp: 5}]\n";
  EXPECT_NE(error_of("ruleset: cairn-ap\nparty: [{name: A, hp: 5, shield: 2d6}]\n" + foes)
                .find("shield must be one die from d2 to d20 (an Object Die), got '2d6'"),
            std::string::npos);
  EXPECT_NE(error_of("ruleset: cairn-ap\nparty: [{name: A, hp: 5, armor: [chainmial]}]\n" + foes)
                .find("unknown armor item 'chainmial' (did you mean 'chainmail'?)"),
            std::string::npos);
  EXPECT_NE(error_of("ruleset: cairn-ap\nparty: [{name: A, hp: 5, spells: [{name: Fireball}], tactics: [{do: 'cast:Firebal'}]}]\n" + foes)
                .find("'A' has no spell 'Firebal' (did you mean 'Fireball'?)"),
            std::string::npos);
  EXPECT_NE(error_of("ruleset: cairn-ap\nparty: [{name: A, hp: 5, tactics: [{do: hold_block}]}]\n" + foes)
                .find("'A' has no shield to block with"),
            std::string::npos);
  EXPECT_NE(error_of("ruleset: cairn-ap\nparty: [{name: A, hp: 5, weapon: bow, tactics: [{do: riposte}]}]\n" + foes)
                .find("'A' has no melee weapon to parry with"),
            std::string::npos);
  EXPECT_NE(error_of("ruleset: cairn-ap\nparty: [{name: A, hp: 5, weapon: swrod}]\n" + foes)
                .find("(did you mean 'sword'?)"),
            std::string::npos);
  EXPECT_NE(error_of("ruleset: cairn-ap\nparty: [{name: A}]\n" + foes).find("needs 'hp'"), std::string::npos);
  EXPECT_NE(error_of("ruleset: cairn-ap\noptions: {ap_atack: 3}\nparty: [{name: A, hp: 5}]\n" + foes)
                .find("(did you mean 'ap_attack'?)"),
            std::string::npos);
  EXPECT_NE(error_of("ruleset: cairn-ap\nparty: [{name: A, hp: 5, tactics: [{when: 'self.fatige > 1', do: attack}]}]\n" + foes)
                .find("did you mean 'self.fatigue'"),
            std::string::npos);
}

// ---------------------------------------------------------------------------
// The shipped scenarios: they compile, run, and are real fights.

TEST(CairnApScenarios, EveryShippedScenarioRunsAsARealFight) {
  for (const char* file : {"bandit-toll.yaml", "goblin-warband.yaml", "crypt-of-barry.yaml"}) {
    const Scenario s = load_scenario(std::string(ENCSIM_SOURCE_DIR "/scenarios/cairn-ap/") + file, ruleset_ids());
    ASSERT_GE(s.variants.size(), 2u) << file;
    for (const Variant& v : s.variants) {
      const ca::Encounter enc = ca::compile(s, v);
      EXPECT_FALSE(enc.describe().empty());
      RunSettings rs;
      rs.trials = 4000;
      rs.seed = 3;
      const Tally t = run_trials(enc, rs).tally;
      const double win = static_cast<double>(t.party_wins) / static_cast<double>(t.trials);
      EXPECT_GT(win, 0.15) << file << " / " << v.name;
      EXPECT_LT(win, 0.99) << file << " / " << v.name;
      EXPECT_LT(t.draws, t.trials / 100) << file << " / " << v.name;
    }
  }
}

TEST(CairnApScenarios, CheckShowsWhatIsNotModelledAndTheResolvedDefences) {
  const Scenario s = load_scenario(ENCSIM_SOURCE_DIR "/scenarios/cairn-ap/crypt-of-barry.yaml", ruleset_ids());
  const std::string text = ca::compile(s, s.variants[0]).describe();
  EXPECT_NE(text.find("NOT modelled: paralysing touch;"), std::string::npos) << text;
  EXPECT_NE(text.find("saves vs melee parry, vs ranged block; shield d6"), std::string::npos) << text;  // Bo
  EXPECT_NE(text.find("cast:Fireball"), std::string::npos) << text;
}

TEST(CairnApScenarios, TheDetachmentAndTheCasterMatter) {
  auto win_of = [](const char* file, std::size_t variant) {
    const Scenario s = load_scenario(std::string(ENCSIM_SOURCE_DIR "/scenarios/cairn-ap/") + file, ruleset_ids());
    RunSettings rs;
    rs.trials = 20000;
    rs.seed = 5;
    const Tally t = run_trials(ca::compile(s, s.variants.at(variant)), rs).tally;
    return static_cast<double>(t.party_wins) / static_cast<double>(t.trials);
  };
  // Common random numbers: the variants meet the same dice, so these gaps are the rules.
  EXPECT_LT(win_of("goblin-warband.yaml", 0) + 0.1, win_of("goblin-warband.yaml", 1));  // plain combatant is easier
  EXPECT_GT(win_of("crypt-of-barry.yaml", 0), win_of("crypt-of-barry.yaml", 1) + 0.1);  // magic helps
}

// ---------------------------------------------------------------------------
// The same seed gives byte-identical CSVs at 1, 2 and 8 threads.

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

TEST(CairnApThreads, CsvsAreByteIdenticalAtOneTwoAndEightThreads) {
  namespace fs = std::filesystem;
  std::string first[3];
  for (int threads : {1, 2, 8}) {
    const fs::path dir = fs::temp_directory_path() / ("encsim-cairn-ap-" + std::to_string(threads) + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    const std::string cmd = std::string(ENCSIM_BINARY) + " run " + ENCSIM_SOURCE_DIR +
                            "/scenarios/cairn-ap/goblin-warband.yaml -n 30000 --threads " + std::to_string(threads) +
                            " -o " + dir.string() + " > /dev/null 2>&1";
    const int status = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << cmd;
    int k = 0;
    for (const char* f : {"summary.csv", "combatants.csv", "distributions.csv"}) {
      const std::string text = slurp(dir / f);
      ASSERT_GT(text.size(), 100u) << f;
      if (threads == 1)
        first[k] = text;
      else
        EXPECT_EQ(text, first[k]) << f << " at " << threads << " threads";
      ++k;
    }
    fs::remove_all(dir);
  }
  EXPECT_NE(first[0].find("goblin-warband,base,cairn-ap,30000"), std::string::npos) << first[0];
  EXPECT_NE(first[0].find("morale_checks_mean"), std::string::npos);
}

// ---------------------------------------------------------------------------
// Play styles (docs/rules/cairn-ap.md, "Play styles").

std::string slurp_file(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

// The scoring rule aims where a blow gets past armor: not at the shell with
// 1 HP that a dagger can barely scratch (the old `lowest_hp` choice), but at
// the unarmoured brute.
TEST(CairnApStyles, BlowsGoWhereTheyGetPastArmor) {
  const auto enc = encounter_from(R"(ruleset: cairn-ap
max_rounds: 1
party: [{name: Hero, str: 12, hp: 6, weapon: dagger}]
foes:
  - {name: Shell, str: 10, hp: 1, armor: 3, weapon: dagger}
  - {name: Brute, str: 10, hp: 4, weapon: dagger}
)");
  for (std::uint64_t trial = 0; trial < 20; ++trial) {
    TrialRecord rec;
    rec.reset(enc.combatant_count(), enc.features().size());
    std::ostringstream os;
    TextLog log(os);
    enc.simulate(3, trial, rec, log);
    EXPECT_TRUE(has(os.str(), "Hero attacks Brute")) << os.str();
    EXPECT_FALSE(has(os.str(), "Hero attacks Shell")) << os.str();
  }
}

// A guarded side strikes once a turn and holds a defence with the AP left.
TEST(CairnApStyles, CautiousFoesStrikeOnceAndHoldADefence) {
  const Scenario s = scenario_from(R"(ruleset: cairn-ap
max_rounds: 1
style: {foes: cautious}
options: {approach_moves: 0, morale: off}
party: [{name: Hero, str: 12, hp: 30, weapon: sword}]
foes: [{name: Brute, str: 10, hp: 30, weapon: sword}]
)");
  const auto enc = ca::compile(s, s.variants.front());
  RunSettings rs;
  rs.trials = 500;
  const Tally t = run_trials(enc, rs).tally;
  EXPECT_EQ(t.combatants[1].attacks, 500u);  // one blow in its one turn
  EXPECT_EQ(t.combatants[0].attacks, 1000u);  // the standard party strikes twice
}

JointResult fight_styles(const std::string& yaml, const std::vector<std::string>& styles, std::uint64_t trials) {
  const Scenario s = scenario_from(yaml);
  std::vector<ca::Encounter> encs;
  for (const std::string& name : styles) {
    Node doc = s.variants.front().doc;
    set_path(doc, "style.foes", Node::scalar(name, {}), {});
    encs.push_back(ca::compile(s, Variant{"base", doc, Node()}));
  }
  std::vector<const ca::Encounter*> ptrs;
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (std::size_t k = 0; k < encs.size(); ++k) {
    ptrs.push_back(&encs[k]);
    if (k > 0) pairs.emplace_back(k - 1, k);
  }
  RunSettings rs;
  rs.trials = trials;
  rs.seed = 12;
  return run_joint(ptrs, pairs, rs);
}

// Reordering a side's list changes nothing beyond sampling error.
TEST(CairnApStyles, ReorderingASideDoesNotMoveTheWinRate) {
  const std::string file = slurp_file(ENCSIM_SOURCE_DIR "/scenarios/cairn-ap/bandit-toll.yaml");
  const std::string head = file.substr(0, file.find("party:"));
  const std::string as_written = head + R"(party: [{use: "Ael'Onor"}, {use: Bo the Shieldbearer}, {use: Wren}, {use: Ilse}]
foes: [{use: Bandit Captain}, {use: Bandit, count: 4}, {use: Bandit Archer, count: 2}]
)";
  const std::string reordered = head + R"(party: [{use: Ilse}, {use: Wren}, {use: Bo the Shieldbearer}, {use: "Ael'Onor"}]
foes: [{use: Bandit Archer, count: 2}, {use: Bandit, count: 4}, {use: Bandit Captain}]
)";
  RunSettings rs;
  rs.trials = 60000;
  const Tally a = run_trials(encounter_from(as_written), rs).tally;
  const Tally b = run_trials(encounter_from(reordered), rs).tally;
  const double pa = static_cast<double>(a.party_wins) / static_cast<double>(a.trials);
  const double pb = static_cast<double>(b.party_wins) / static_cast<double>(b.trials);
  const double sd = std::sqrt(pa * (1 - pa) / static_cast<double>(a.trials) + pb * (1 - pb) / static_cast<double>(b.trials));
  EXPECT_LT(std::abs(pa - pb), 4 * sd) << pa << " vs " << pb;
}

// The named styles order the party's win rate as their names promise, on a
// shipped scenario, with paired intervals: cautious >= standard >= ruthless.
TEST(CairnApStyles, FoeStylesOrderThePartysWinRate) {
  const std::string yaml = slurp_file(ENCSIM_SOURCE_DIR "/scenarios/cairn-ap/bandit-toll.yaml");
  const JointResult r = fight_styles(yaml, {"cautious", "standard", "ruthless"}, 40000);
  EXPECT_LT(r.paired[0].win_difference_ci().high, 0.0) << r.paired[0].win_difference();
  EXPECT_LE(r.paired[1].win_difference_ci().low, 0.0) << r.paired[1].win_difference();
  EXPECT_LE(r.paired[1].win_difference(), 0.0);
}

}  // namespace
}  // namespace encsim
