// FIVEY: exact answers against sampling, and each rule replayed with scripted dice.
#include <gtest/gtest.h>

#include <fstream>

#include <cmath>
#include <map>
#include <sstream>

#include "encsim/runner.hpp"
#include "input_error.hpp"
#include "feature_lookup.hpp"
#include "scripted_dice.hpp"
#include "rules/fivey/fivey.hpp"
#include "rules/registry.hpp"

namespace encsim {
namespace {

Scenario scenario_from(const std::string& yaml) {
  return load_scenario_text(yaml, "test.yaml", ruleset_ids(), ENCSIM_SOURCE_DIR "/scenarios/fivey");
}

fivey::Encounter encounter_from(const std::string& yaml, std::size_t variant = 0) {
  const Scenario s = scenario_from(yaml);
  return fivey::compile(s, s.variants.at(variant));
}

using testing::ScriptedDice;

struct Replay {
  TrialRecord rec;
  std::string log;
};

Replay replay(const fivey::Encounter& enc, ScriptedDice& dice, ScriptedDice& init) {
  Replay r;
  r.rec.reset(enc.combatant_count(), enc.features().size());
  std::ostringstream os;
  TextLog log(os);
  ScriptedDice none;
  // Initiative has its own stream; tactics and setup are unused by these fights.
  enc.simulate_with(dice, init, none, none, r.rec, log);
  r.log = os.str();
  EXPECT_TRUE(dice.script.empty()) << "unused dice left; log:\n" << r.log;
  return r;
}

// What feature `name` of combatant `owner` did in the replayed fight.
const FeatureRecord& feature(const fivey::Encounter& enc, const Replay& r, int owner, const std::string& name) {
  return testing::feature(enc.features(), r.rec, owner, name);
}

// ---------------------------------------------------------------------------
// Exact hit probabilities: d20 + bonus >= defense, with advantage (best of 2)
// and disadvantage (worst of 2), against the engine's sampled rates.

double p_hit(int bonus, int defense) {
  const int need = defense - bonus;  // the d20 must show at least this
  return std::clamp((21.0 - need) / 20.0, 0.0, 1.0);
}

struct HitCase {
  int bonus;
  int defense;
  int advantage;
};

class FiveyHitRate : public ::testing::TestWithParam<HitCase> {};

TEST_P(FiveyHitRate, SampledRateMatchesExact) {
  const HitCase c = GetParam();
  std::string adv = c.advantage > 0 ? ", advantage: true" : c.advantage < 0 ? ", disadvantage: true" : "";
  // A ranged attacker (no approach) against a target that cannot fall in one
  // round; natural 20s grant nothing, so every attack is the plain roll.
  const std::string yaml = "ruleset: fivey\nmax_rounds: 1\n"
                           "options: {natural_20_inspiration: false}\n"
                           "party:\n  - {name: A, level: 0, dexterity: " + std::to_string(c.bonus) +
                           ", proficient: false, weapon: bow, hp: 1000" + adv +
                           "}\nfoes:\n  - {name: B, defense: " + std::to_string(c.defense) +
                           ", hp: 100000, damage: 1, ranged: true}\n";
  const fivey::Encounter enc = encounter_from(yaml);
  RunSettings s;
  s.trials = 200000;
  s.seed = 99;
  const Tally t = run_trials(enc, s).tally;
  const auto attacks = static_cast<double>(t.combatants[0].attacks);
  const auto hits = static_cast<double>(t.combatants[0].hits);
  ASSERT_EQ(attacks, 2.0 * 200000);
  double p = p_hit(c.bonus, c.defense);
  if (c.advantage > 0) p = 1 - (1 - p) * (1 - p);
  if (c.advantage < 0) p = p * p;
  const double se = std::sqrt(std::max(p * (1 - p), 1e-12) / attacks);
  EXPECT_NEAR(hits / attacks, p, 4 * se + 1e-12) << "bonus " << c.bonus << " vs " << c.defense;
}

INSTANTIATE_TEST_SUITE_P(Defenses, FiveyHitRate,
                         ::testing::Values(HitCase{2, 12, 0}, HitCase{3, 14, 0}, HitCase{1, 16, 0},
                                           HitCase{5, 20, 0}, HitCase{0, 22, 0}, HitCase{3, 14, 1},
                                           HitCase{1, 16, 1}, HitCase{3, 14, -1}, HitCase{2, 18, -1},
                                           HitCase{4, 4, 0}));

// ---------------------------------------------------------------------------
// A one-on-one duel solved exactly: dynamic programming over both hit point
// values, the initiative contest and the round limit.

struct Side {
  int hp, bonus, defense;
  std::vector<double> damage;  // damage[k] = P(damage == dmin + k)
  int dmin;
};

// Distribution of the target's hit points after one 2-action turn of attacks;
// index 0 means "fallen" (hit points <= 0).
std::vector<double> turn(const Side& attacker, const Side& target, int hp) {
  std::vector<double> dist(static_cast<std::size_t>(hp) + 1, 0.0);
  dist[static_cast<std::size_t>(hp)] = 1.0;
  const double p = p_hit(attacker.bonus, target.defense);
  for (int a = 0; a < 2; ++a) {
    std::vector<double> next(dist.size(), 0.0);
    next[0] = dist[0];
    for (int h = 1; h <= hp; ++h) {
      const double ph = dist[static_cast<std::size_t>(h)];
      if (ph == 0) continue;
      next[static_cast<std::size_t>(h)] += ph * (1 - p);
      for (std::size_t k = 0; k < attacker.damage.size(); ++k) {
        const int left = h - (attacker.dmin + static_cast<int>(k));
        next[static_cast<std::size_t>(std::max(0, left))] += ph * p * attacker.damage[k];
      }
    }
    dist = next;
  }
  return dist;
}

// P(the party member A wins) from round `round` with hit points a and b.
double win(const Side& A, const Side& B, bool a_first, int a, int b, int round, int max_rounds,
           std::map<std::tuple<int, int, int>, double>& memo) {
  if (round > max_rounds) return 0.0;  // a draw
  const auto key = std::make_tuple(a, b, round);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  double total = 0.0;
  if (a_first) {
    const auto after_a = turn(A, B, b);
    total += after_a[0];
    for (int nb = 1; nb <= b; ++nb) {
      if (after_a[static_cast<std::size_t>(nb)] == 0) continue;
      const auto after_b = turn(B, A, a);
      for (int na = 1; na <= a; ++na)
        total += after_a[static_cast<std::size_t>(nb)] * after_b[static_cast<std::size_t>(na)] *
                 win(A, B, a_first, na, nb, round + 1, max_rounds, memo);
    }
  } else {
    const auto after_b = turn(B, A, a);
    for (int na = 1; na <= a; ++na) {
      if (after_b[static_cast<std::size_t>(na)] == 0) continue;
      const auto after_a = turn(A, B, b);
      total += after_b[static_cast<std::size_t>(na)] * after_a[0];
      for (int nb = 1; nb <= b; ++nb)
        total += after_b[static_cast<std::size_t>(na)] * after_a[static_cast<std::size_t>(nb)] *
                 win(A, B, a_first, na, nb, round + 1, max_rounds, memo);
    }
  }
  memo[key] = total;
  return total;
}

TEST(FiveyDuel, SimulatedWinRateMatchesExactDynamicProgramming) {
  const std::string yaml = R"(ruleset: fivey
max_rounds: 12
options: {natural_20_inspiration: false}
party:
  - {name: Duelist, level: 0, dexterity: 2, weapon: sling, hp: 13}
foes:
  - {name: Brute, dexterity: 1, defense: 13, hp: 16, damage: 2d4, ranged: true}
)";
  const fivey::Encounter enc = encounter_from(yaml);
  // The engine's own numbers for the two sides.
  const fivey::Fighter& a = enc.fighters[0];
  const fivey::Fighter& b = enc.fighters[1];
  ASSERT_EQ(a.attack_bonus, 4);  // dexterity 2, doubled for the attuned PC
  ASSERT_EQ(a.damage.to_string(), "1d6+2");
  Side A{13, a.attack_bonus, a.defense, a.damage.distribution(), a.damage.min()};
  Side B{16, b.attack_bonus, b.defense, b.damage.distribution(), b.damage.min()};
  ASSERT_EQ(A.defense, 12);  // 10 + dexterity
  // Initiative: the duelist acts first when d20+2 beats the brute's d20+1.
  double p_first = 0;
  for (int x = 1; x <= 20; ++x)
    for (int y = 1; y <= 20; ++y) p_first += (x + 2 > y + 1) ? 1.0 / 400 : 0.0;
  std::map<std::tuple<int, int, int>, double> m1, m2;
  const double exact =
      p_first * win(A, B, true, 13, 16, 1, 12, m1) + (1 - p_first) * win(A, B, false, 13, 16, 1, 12, m2);

  RunSettings s;
  s.trials = 1'000'000;
  s.seed = 2026;
  const Tally t = run_trials(enc, s).tally;
  const double n = static_cast<double>(t.trials);
  const double sampled = static_cast<double>(t.party_wins) / n;
  const double se = std::sqrt(exact * (1 - exact) / n);
  EXPECT_NEAR(sampled, exact, 4 * se) << "exact " << exact;
  EXPECT_GT(exact, 0.2);  // a real contest, not a foregone conclusion
  EXPECT_LT(exact, 0.8);
}

// ---------------------------------------------------------------------------
// Rules replayed with scripted dice.

// Initiative script: the foes' roll, then one roll per party member.
ScriptedDice initiative(std::initializer_list<int> rolls) {
  ScriptedDice d;
  for (int r : rolls) d.script.push_back({20, r});
  return d;
}

TEST(FiveyScripted, AttackMeetsDefenseAndAddsStatToDamageNotDoubled) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
party: [{name: Hero, strength: 3, weapon: sword, hp: 10}]
foes: [{name: Orc, defense: 14, hp: 20, damage: 1, ranged: true}]
)");
  // Hero wins initiative (15+1 > 10+1), moves into reach, attacks: 8 + 6 = 14
  // meets 14: a hit for d8 5 + 3. The orc then hits (d20 20) for 1.
  ScriptedDice init = initiative({10, 15});
  ScriptedDice dice{{{20, 8}, {8, 5}, {20, 20}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[0].damage_dealt, 8) << r.log;
  EXPECT_EQ(r.rec.combatants[0].attacks, 1);
  EXPECT_EQ(r.rec.combatants[0].actions, 2);  // a move and an attack
  EXPECT_EQ(r.rec.combatants[1].hits, 1);
  EXPECT_EQ(r.rec.outcome, Outcome::draw);
}

TEST(FiveyScripted, NaturalTwentyGrantsInspirationSpentOnDamage) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
party: [{name: Hero, level: 0, dexterity: 1, weapon: bow, hp: 10}]
foes: [{name: Orc, defense: 30, hp: 30, damage: 1, ranged: true}]
)");
  // Natural 20 + 2 = 22 misses defense 30 (no automatic hit by default), so the
  // die is gained but not spent on damage; it is then spent on the second
  // attack's miss only if the shortfall is at most 3: 19+2 = 21 is 9 short.
  ScriptedDice init = initiative({1, 19});
  ScriptedDice dice{{{20, 20}, {20, 19}, {20, 5}, {20, 5}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[fivey::kInspirationGained], 1) << r.log;
  EXPECT_EQ(r.rec.resources[fivey::kInspirationSpent], 0);
  EXPECT_EQ(r.rec.combatants[0].hits, 0);
}

TEST(FiveyScripted, NaturalTwentyHitTakesTheDieIntoDamage) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
party: [{name: Hero, level: 0, dexterity: 1, weapon: bow, hp: 10}]
foes: [{name: Orc, defense: 12, hp: 30, damage: 1, ranged: true}]
)");
  ScriptedDice init = initiative({1, 19});
  // Natural 20 hits; the new die (6:4) goes into damage: d8 3 + 1 + 4 = 8.
  // Second attack: 2 + 2 = 4 misses by 8: no die left anyway.
  ScriptedDice dice{{{20, 20}, {6, 4}, {8, 3}, {20, 2}, {20, 5}, {20, 5}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[0].damage_dealt, 8) << r.log;
  EXPECT_EQ(r.rec.combatants[0].crits, 1);
  EXPECT_EQ(r.rec.resources[fivey::kInspirationSpent], 1);
}

TEST(FiveyScripted, InspirationDieTurnsANarrowMissIntoAHit) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
party: [{name: Hero, level: 1, dexterity: 1, weapon: bow, hp: 10}]
foes: [{name: Orc, defense: 15, hp: 30, damage: 1, ranged: true}]
)");
  ScriptedDice init = initiative({1, 19});
  // 11 + 2 = 13, short by 2: spend the die, 6:3 -> 16 hits; d8 7 + 1 = 8.
  // 2 + 2 = 4 misses, no die left. Orc: two misses.
  ScriptedDice dice{{{20, 11}, {6, 3}, {8, 7}, {20, 2}, {20, 1}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[fivey::kInspirationHits], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[fivey::kExtraInspirationSpent], 1);
  EXPECT_EQ(r.rec.combatants[0].damage_dealt, 8);
}

TEST(FiveyScripted, ShieldIsDestroyedToNegateALethalHit) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
party: [{name: Hero, level: 0, dexterity: 1, weapon: sling, hp: 5, shield: true, defense: 12}]
foes: [{name: Orc, hp: 30, damage: d10, ranged: true}]
)");
  ScriptedDice init = initiative({20, 1});  // the orc first
  // Orc (d10 + strength 1): 15+1 vs 13: hit for 3+1 (not lethal: 5 -> 1);
  // 15+1 hits for 8+1: lethal, the shield negates it. Hero: two misses.
  ScriptedDice dice{{{20, 15}, {10, 3}, {20, 15}, {10, 8}, {20, 1}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[fivey::kShieldsUsed], 1) << r.log;
  EXPECT_FALSE(r.rec.combatants[0].dead);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 4);
}

TEST(FiveyScripted, DefeatAtZeroOrOnlyBelowZero) {
  const std::string base = R"(ruleset: fivey
max_rounds: 1
party: [{name: Hero, level: 0, weapon: bow, hp: 10}]
foes: [{name: Orc, defense: 5, hp: 6, damage: 1, ranged: true}]
)";
  for (const bool exceed : {false, true}) {
    const auto enc = encounter_from(base + (exceed ? "options: {defeat: exceed}\n" : ""));
    ScriptedDice init = initiative({1, 19});
    // One hit for exactly 6 (d8 5 + 1): 6 damage against 6 hit points.
    ScriptedDice dice{{{20, 10}, {8, 5}}};
    if (exceed) dice.script.insert(dice.script.end(), {{20, 1}, {20, 1}, {20, 1}});
    const Replay r = replay(enc, dice, init);
    EXPECT_EQ(r.rec.combatants[1].dead, !exceed) << r.log;
    EXPECT_EQ(r.rec.outcome, exceed ? Outcome::draw : Outcome::party_win);
  }
}

TEST(FiveyScripted, AreaAttackHalvesDamageOnASuccessfulCheck) {
  const auto enc = encounter_from(R"(ruleset: fivey
options: {target_ties: first}
max_rounds: 1
party:
  - name: Sage
    level: 0
    intelligence: 3
    weapon: dagger
    hp: 10
    area_attack: {damage: 2d6, targets: 2, dc_stat: intelligence}
foes:
  - {name: Goblin, dexterity: 1, hp: 20, damage: 1, ranged: true, count: 2}
)");
  ScriptedDice init = initiative({1, 19});
  // 2d6 = 4 + 5 = 9 to both; DC 13. Goblin 1: 12+1 = 13 saves (4); Goblin 2:
  // 5+1 = 6 fails (9). Then both goblins miss.
  ScriptedDice dice{{{6, 4}, {6, 5}, {20, 12}, {20, 5}, {20, 1}, {20, 1}, {20, 1}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 4) << r.log;
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 9);
  EXPECT_EQ(r.rec.combatants[0].extra[fivey::kExtraAreaUses], 1);
  // One use, two targets: two area attacks, one struck (the failed check).
  EXPECT_EQ(r.rec.combatants[0].area_attacks, 2);
  EXPECT_EQ(r.rec.combatants[0].area_hits, 1);
  EXPECT_EQ(r.rec.combatants[0].attacks, 0);
  // features.csv: one area attack for 4 + 9; the dagger unused; two missed shots each.
  EXPECT_EQ(feature(enc, r, 0, "area attack").uses, 1);
  EXPECT_EQ(feature(enc, r, 0, "area attack").damage, 13);
  EXPECT_EQ(feature(enc, r, 0, "attack (dagger)").uses, 0);
  EXPECT_EQ(feature(enc, r, 1, "attack (1)").uses, 2);
  EXPECT_EQ(feature(enc, r, 2, "attack (1)").damage, 0);
}

TEST(FiveyScripted, FoesCheckMoraleWhenHalfHaveFallenAndFlee) {
  const auto enc = encounter_from(R"(ruleset: fivey
options: {target_ties: first}
party: [{name: Archer, level: 0, dexterity: 3, proficient: false, weapon: bow, hp: 30}]
foes: [{name: Goblin, intelligence: 1, dexterity: 0, hp: 1, damage: 1, ranged: true, count: 4}]
)");
  ScriptedDice init = initiative({1, 19});
  // Round 1: the archer drops Goblin 1 and 2 (two hits), goblins 3 and 4 miss
  // twice each. End of round: half have fallen: morale d20 10 + 1 = 11 < 14.
  ScriptedDice dice{{{20, 15}, {8, 1}, {20, 15}, {8, 1}, {20, 1}, {20, 1}, {20, 1}, {20, 1}, {20, 10}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_TRUE(r.rec.foes_fled) << r.log;
  EXPECT_EQ(r.rec.outcome, Outcome::party_win);
  EXPECT_EQ(r.rec.resources[fivey::kMoraleChecks], 1);
  EXPECT_NE(r.log.find("vs DC 12"), std::string::npos) << r.log;  // "initially moderate": the table's 12
  EXPECT_EQ(r.rec.rounds, 1);
  // The two who fled are out of the fight but not dead.
  EXPECT_TRUE(r.rec.combatants[3].down);
  EXPECT_FALSE(r.rec.combatants[3].dead);
  EXPECT_TRUE(r.rec.combatants[1].dead);
}

TEST(FiveyScripted, AfterALeaderCheckEveryFurtherCasualtyBringsAHarderCheck) {
  const auto enc = encounter_from(R"(ruleset: fivey
options: {target_ties: first}
max_rounds: 2
party: [{name: Archer, level: 0, weapon: bow, hp: 30}]
foes:
  - {name: Boss, leader: true, defense: 5, hp: 1, damage: 1, ranged: true}
  - {name: Goblin, defense: 5, hp: 1, damage: 1, ranged: true, count: 6}
)");
  ScriptedDice init = initiative({1, 19});
  ScriptedDice dice;
  auto add = [&](std::initializer_list<std::pair<int, int>> rolls) { dice.script.insert(dice.script.end(), rolls); };
  // Round 1: the Boss and Goblin 1 fall (2 of 7: not yet half); five goblins
  // miss twice; the leader's fall brings a check: 20 passes DC 12.
  add({{20, 10}, {8, 1}, {20, 10}, {8, 1}});
  for (int k = 0; k < 10; ++k) add({{20, 1}});
  add({{20, 20}});
  // Round 2: Goblin 2 falls (3 of 7: still not half), one miss; four goblins
  // miss twice; another casualty: a second check against DC 14, passed.
  add({{20, 10}, {8, 1}, {20, 1}});
  for (int k = 0; k < 8; ++k) add({{20, 1}});
  add({{20, 20}});
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[fivey::kMoraleChecks], 2) << r.log;
  EXPECT_NE(r.log.find("vs DC 14"), std::string::npos) << r.log;  // moderate 12, then difficult 14
}

TEST(FiveyScripted, EquallyGoodTargetsAreChosenAtRandom) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
party: [{name: Archer, level: 0, weapon: bow, hp: 30}]
foes: [{name: Goblin, defense: 5, hp: 9, damage: 1, ranged: true, count: 3}]
)");
  ScriptedDice init = initiative({1, 19});
  // Three goblins tie at 9 hp. Reservoir sampling over the tactics stream:
  // Goblin 2 replaces Goblin 1 on a d2 of 1, Goblin 3 does not replace it on
  // a d3 of 2. Hit for 1d8 3 + 1 = 4: Goblin 2 is now the lowest alone, so the
  // second attack needs no tactics die.
  ScriptedDice tactics{{{2, 1}, {3, 2}}};
  ScriptedDice dice{{{20, 10}, {8, 3}, {20, 10}, {8, 1}, {20, 1}, {20, 1}, {20, 1}, {20, 1}, {20, 1}, {20, 1}}};
  TrialRecord rec;
  rec.reset(enc.combatant_count(), enc.features().size());
  std::ostringstream os;
  TextLog log(os);
  ScriptedDice setup;
  enc.simulate_with(dice, init, tactics, setup, rec, log);
  EXPECT_EQ(rec.combatants[2].damage_taken, 6) << os.str();  // 4, then 2
  EXPECT_EQ(rec.combatants[1].damage_taken, 0);
  EXPECT_EQ(rec.combatants[3].damage_taken, 0);
  EXPECT_TRUE(tactics.script.empty());
  EXPECT_TRUE(dice.script.empty());
}

TEST(FiveyScripted, RegenerationStopsForATurnAfterFire) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 2
party: [{name: Torch, level: 0, weapon: bow, damage_type: fire, hp: 50}]
foes: [{name: Troll, hp: 20, defense: 5, damage: 1, ranged: true, regenerate: 3, regenerate_blocked_by: [fire]}]
)");
  ScriptedDice init = initiative({1, 19});
  // Round 1: two fire hits of 1d8 4 + 1 = 5: troll 10. Troll's turn: no
  // regeneration (burnt), two misses. Round 2: two misses by the hero; the
  // troll regenerates to 13, two misses.
  ScriptedDice dice{{{20, 10}, {8, 4}, {20, 10}, {8, 4}, {20, 1}, {20, 1}, {20, 1}, {20, 1}, {20, 1}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_NE(r.log.find("Troll regenerates to 13 hp"), std::string::npos) << r.log;
  EXPECT_EQ(r.log.find("Troll regenerates to 15"), std::string::npos);
  EXPECT_EQ(feature(enc, r, 1, "regenerate").uses, 1);
  EXPECT_EQ(feature(enc, r, 1, "regenerate").healed, 3);
  EXPECT_EQ(feature(enc, r, 0, "attack (bow)").uses, 4);
  EXPECT_EQ(feature(enc, r, 0, "attack (bow)").damage, 10);
}

TEST(FiveyScripted, UndeadFortitudeKeepsTheLastHitPoint) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
party: [{name: Hero, level: 0, weapon: bow, hp: 50}]
foes: [{name: Zombie, hp: 3, defense: 5, strength: 2, damage: 1, ranged: true, cheat_death: {dc: 5}}]
)");
  ScriptedDice init = initiative({1, 19});
  // Hit for 1d8 3 + 1 = 4 (3 hp -> -1): check 7 + 2 = 9 vs 5 + 4 = 9 holds at 1.
  // Second hit 1 + 1 = 2: check 2 + 2 = 4 vs 7 fails.
  ScriptedDice dice{{{20, 10}, {8, 3}, {20, 7}, {20, 10}, {8, 1}, {20, 2}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_TRUE(r.rec.combatants[1].dead) << r.log;
  EXPECT_NE(r.log.find("resists falling: d20 7 -> 9 vs 9"), std::string::npos);
  // It lost its 3 hit points in all: 2 to the first hit (held at 1), 1 to the second.
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3);
  EXPECT_EQ(r.rec.combatants[0].damage_dealt, 3);
  EXPECT_EQ(feature(enc, r, 1, "cheat death").uses, 1);
  EXPECT_EQ(feature(enc, r, 0, "attack (bow)").uses, 2);
  EXPECT_EQ(feature(enc, r, 0, "attack (bow)").damage, 3);
}

TEST(FiveyScripted, MeleeNeedsOneMoveButNotAfterBeingAttackedInMelee) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
party: [{name: Hero, level: 0, weapon: sword, hp: 50}]
foes: [{name: Orc, hp: 50, defense: 30, weapon: sword}]
)");
  ScriptedDice init = initiative({20, 1});  // the orc first
  // Orc: move, attack (miss); Hero was attacked in melee: two attacks, no move.
  ScriptedDice dice{{{20, 1}, {20, 1}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[1].attacks, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].attacks, 2);
}

TEST(FiveyScripted, InitiativeWinnersActBeforeTheFoesAndLosersAfter) {
  const auto enc = encounter_from(R"(ruleset: fivey
options: {target_ties: first}
max_rounds: 1
party:
  - {name: Slow, level: 0, dexterity: 1, weapon: bow, hp: 50}
  - {name: Quick, level: 0, dexterity: 1, weapon: bow, hp: 50}
foes: [{name: Orc, dexterity: 1, hp: 50, damage: 1, ranged: true}]
)");
  // Foes 10+1 = 11. Slow 10+1 = 11 ties: after (ties go to the foes). Quick 12+1: before.
  ScriptedDice init = initiative({10, 10, 12});
  ScriptedDice dice{{{20, 1}, {20, 1}, {20, 1}, {20, 1}, {20, 1}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  const auto quick = r.log.find("Quick attacks");
  const auto orc = r.log.find("Orc attacks");
  const auto slow = r.log.find("Slow attacks");
  EXPECT_LT(quick, orc) << r.log;
  EXPECT_LT(orc, slow) << r.log;
}

// ---------------------------------------------------------------------------
// Input errors specific to FIVEY.

std::string error_of(const std::string& yaml) {
  return testing::render_of([&] { encounter_from(yaml); });
}

TEST(FiveyErrors, UnknownCombatantKeySuggestsTheKnownOne) {
  const std::string err = error_of("ruleset: fivey\nparty:\n  - {name: A, hp: 5, weapon: bow, strenght: 2}\n"
                                   "foes:\n  - {name: B, hp: 5, damage: d4}\n");
  EXPECT_EQ(err,
            "test.yaml:3:35: error: unknown key 'strenght' in combatant 'A' (did you mean 'strength'?)\n"
            "      - {name: A, hp: 5, weapon: bow, strenght: 2}\n"
            "                                      ^\n");
}

TEST(FiveyErrors, NegativeHitPointsAndBadDiceAndUnknownWeapon) {
  EXPECT_NE(error_of("ruleset: fivey\nparty: [{name: A, hp: -3, weapon: bow}]\nfoes: [{name: B, hp: 5, damage: d4}]\n")
                .find("hp must be between 1 and 1000000, got -3"),
            std::string::npos);
  EXPECT_NE(error_of("ruleset: fivey\nparty: [{name: A, hp: 3, damage: 2d}]\nfoes: [{name: B, hp: 5, damage: d4}]\n")
                .find("bad dice '2d'"),
            std::string::npos);
  EXPECT_NE(error_of("ruleset: fivey\nparty: [{name: A, hp: 3, weapon: dager}]\nfoes: [{name: B, hp: 5, damage: d4}]\n")
                .find("unknown weapon 'dager' in combatant 'A' (did you mean 'dagger'?)"),
            std::string::npos);
}

TEST(FiveyErrors, AFoeCannotBeAPc) {
  EXPECT_NE(error_of("ruleset: fivey\nparty: [{name: A, hp: 3, weapon: bow}]\nfoes: [{name: B, hp: 5, damage: d4, pc: true}]\n")
                .find("a foe cannot be a PC"),
            std::string::npos);
}

TEST(FiveyErrors, AreaAttackRuleWithoutAnAreaAttack) {
  EXPECT_NE(error_of("ruleset: fivey\nparty: [{name: A, hp: 3, weapon: bow, tactics: [{do: area_attack}]}]\n"
                     "foes: [{name: B, hp: 5, damage: d4}]\n")
                .find("'A' has no area_attack to use"),
            std::string::npos);
}

// ---------------------------------------------------------------------------
// Inspiration dice on any roll in the PC's favour ("Inspiration Dice").

TEST(FiveyInspiration, NaturalTwentyOnACheckAgainstAnAreaEarnsADie) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
party: [{name: Hero, level: 0, dexterity: 1, weapon: bow, hp: 30}]
foes: [{name: Drake, hp: 30, damage: d6, ranged: true, tactics: [{do: area_attack}], area_attack: {damage: d6, targets: 1}}]
)");
  ScriptedDice init = initiative({19, 1});  // the drake first
  // Area d6 4, DC 10 + 1; the hero's check is a natural 20: half (2) and a die.
  // The hero then misses twice by far more than a die could make up.
  ScriptedDice dice{{{6, 4}, {20, 20}, {20, 1}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[fivey::kInspirationGained], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 2);
}

TEST(FiveyInspiration, NaturalTwentyInTheInitiativeContestEarnsADie) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
party: [{name: Hero, level: 0, dexterity: 1, weapon: bow, hp: 30}]
foes: [{name: Orc, hp: 30, defense: 30, damage: 1, ranged: true}]
)");
  ScriptedDice init = initiative({1, 20});
  ScriptedDice dice{{{20, 1}, {20, 1}, {20, 1}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.resources[fivey::kInspirationGained], 1) << r.log;
}

TEST(FiveyInspiration, ADieLowersAFoesHitThatBeatTheDefenseByALittle) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
options: {natural_20_inspiration: false}
party: [{name: Hero, level: 1, dexterity: 1, weapon: bow, hp: 10}]
foes: [{name: Orc, strength: 1, hp: 30, defense: 30, damage: 4, ranged: true}]
)");
  ScriptedDice init = initiative({10, 19});
  // The hero misses twice by far. The orc: 11 + 1 = 12 beats defense 11 by 1;
  // the hero's die (3) takes it to 9: a miss. The orc's second attack misses.
  ScriptedDice dice{{{20, 1}, {20, 1}, {20, 11}, {6, 3}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  EXPECT_EQ(r.rec.combatants[1].hits, 0);
  EXPECT_EQ(r.rec.resources[fivey::kInspirationSpent], 1);
}

TEST(FiveyInspiration, ADieTopsUpDamageThatFallsJustShortOfFelling) {
  const auto enc = encounter_from(R"(ruleset: fivey
party: [{name: Hero, level: 1, dexterity: 1, weapon: bow, hp: 10}]
foes: [{name: Orc, hp: 6, defense: 5, damage: 1, ranged: true}]
)");
  ScriptedDice init = initiative({10, 19});
  // A hit for d8 3 + 1 = 4 leaves the orc at 2: the die (2) makes it 6.
  ScriptedDice dice{{{20, 10}, {8, 3}, {6, 2}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_TRUE(r.rec.combatants[1].dead) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[fivey::kExtraInspirationSpent], 1);
}

TEST(FiveyInspiration, ADieLowersAFoesBlowThatWouldFellThePc) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
options: {natural_20_inspiration: false}
party: [{name: Hero, level: 1, dexterity: 1, weapon: bow, hp: 4}]
foes: [{name: Orc, strength: 1, hp: 30, defense: 30, damage: d6, ranged: true}]
)");
  ScriptedDice init = initiative({19, 1});  // the orc first
  // 15 + 1 beats defense 11 by 5: too far for a die. Damage d6 4 + 1 = 5 would
  // fell the hero at 4; the die (3) takes it to 2. The rest miss.
  ScriptedDice dice{{{20, 15}, {6, 4}, {6, 3}, {20, 1}, {20, 1}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_FALSE(r.rec.combatants[0].dead) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 2);
}

TEST(FiveyInspiration, ADieWinsANarrowlyLostInitiativeContest) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
party: [{name: Hero, level: 1, dexterity: 1, weapon: bow, hp: 30}]
foes: [{name: Orc, dexterity: 1, hp: 30, defense: 30, damage: 1, ranged: true}]
)");
  // The foes 12 + 1 = 13; the hero 11 + 1 = 12 needs 14: the die (2) wins it.
  ScriptedDice init = initiative({12, 11});
  ScriptedDice dice{{{6, 2}, {20, 1}, {20, 1}, {20, 1}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_LT(r.log.find("Hero attacks"), r.log.find("Orc attacks")) << r.log;
}

TEST(FiveyInspiration, UsesCanBeNarrowedAndUnknownUsesAreErrors) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
options: {natural_20_inspiration: false, inspiration_uses: [attack, save]}
party: [{name: Hero, level: 1, dexterity: 1, weapon: bow, hp: 10}]
foes: [{name: Orc, strength: 1, hp: 30, defense: 30, damage: 4, ranged: true}]
)");
  ScriptedDice init = initiative({10, 19});
  ScriptedDice dice{{{20, 1}, {20, 1}, {20, 11}, {20, 1}}};  // the orc's narrow hit stands
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 5) << r.log;
  EXPECT_NE(testing::render_of([] {
              encounter_from("ruleset: fivey\noptions: {inspiration_uses: [atack]}\n"
                             "party: [{name: A, hp: 3, weapon: bow}]\nfoes: [{name: B, hp: 5, damage: d4}]\n");
            }).find("unknown inspiration use 'atack' (did you mean 'attack'?)"),
            std::string::npos);
}

// ---------------------------------------------------------------------------
// Levels, backgrounds, surprise and readings.

TEST(FiveyLevels, LevelDerivesHitPointsStatsAndSpellLevel) {
  const std::string yaml = R"(ruleset: fivey
party:
  - {name: A, level: 3, strength: 3, weapon: sword, hp: 8}
  - {name: Bo, level: 3, strength: 5, weapon: sword, hp: 8, level_stats: [charisma, intelligence]}
  - {name: C, level: 3, intelligence: 3, weapon: dagger, hp: 8, area_attack: {damage: d6, spell_level: level}}
  - {name: D, level: 3, derive_level: false, strength: 3, weapon: sword, hp: 8}
  - {name: E, level: 5, strength: 4, weapon: sword, hp: 8}
foes: [{name: Foe, hp: 5, damage: d4}]
)";
  const auto enc = encounter_from(yaml);
  const auto& A = enc.fighters[0];
  EXPECT_EQ(A.hp, 16);  // 8 at level 1, +4 for each of levels 2 and 3
  EXPECT_EQ(A.stat[fivey::kStrength], 5);
  EXPECT_EQ(A.attack_bonus, 10);
  EXPECT_EQ(A.inspiration, 3);
  EXPECT_EQ(enc.fighters[1].stat[fivey::kCharisma], 2);
  EXPECT_EQ(enc.fighters[1].stat[fivey::kIntelligence], 2);
  EXPECT_EQ(enc.fighters[2].area.damage.to_string(), "3d6");
  EXPECT_EQ(enc.fighters[3].hp, 8);
  EXPECT_EQ(enc.fighters[3].stat[fivey::kStrength], 3);
  EXPECT_EQ(enc.fighters[4].stat[fivey::kStrength], 5);   // capped at +5 ...
  EXPECT_EQ(enc.fighters[4].stat[fivey::kDexterity], 4);  // ... then dexterity
  EXPECT_EQ(enc.fighters[4].defense, 14);
  const auto rolled = encounter_from(yaml + "options: {level_hp: roll}\n");
  EXPECT_EQ(rolled.fighters[0].hp, 8);
  EXPECT_EQ(rolled.fighters[0].hp_level_dice, 2);
  EXPECT_NE(error_of("ruleset: fivey\nparty: [{name: A, level: 3, hp: 8, weapon: bow, level_stats: [dexterity]}]\n"
                     "foes: [{name: B, hp: 5, damage: d4}]\n")
                .find("level_stats needs one stat per level above 1 (2 for level 3)"),
            std::string::npos);
}

TEST(FiveyLibrary, ShippedPartyDerivesWhatItsBackgroundsGive) {
  const auto enc = encounter_from(R"(ruleset: fivey
include: party.yaml
party:
  - use: Veteran
  - use: Barbarian
  - use: Hoblin Archer
  - use: Sage
foes: [{name: B, hp: 5, damage: d4}]
)");
  EXPECT_EQ(enc.fighters[0].hp, 11);                          // Battle-Hardened: 8 + 2 + level 1
  EXPECT_EQ(enc.fighters[1].damage.to_string(), "1d12+3");    // the Barbarian's greataxe
  EXPECT_EQ(enc.fighters[1].defense, 13);                     // Rage: 10 + strength
  EXPECT_EQ(enc.fighters[2].defense, 13);                     // unarmored 10 + 3 beats leather's 12
}

TEST(FiveyReadings, RageAddsTheStatWhenDamageIsTheDieAlone) {
  const std::string party = "party:\n  - {name: R, strength: 3, weapon: greataxe, feats: [rage], hp: 8}\n"
                            "  - {name: S, strength: 3, weapon: sword, hp: 8}\nfoes: [{name: B, hp: 5, damage: d4}]\n";
  const auto plain = encounter_from("ruleset: fivey\n" + party);
  EXPECT_EQ(plain.fighters[0].damage.to_string(), "1d10+3");
  EXPECT_EQ(plain.fighters[1].damage.to_string(), "1d8+3");
  const auto die_only = encounter_from("ruleset: fivey\noptions: {damage_adds_stat: false}\n" + party);
  EXPECT_EQ(die_only.fighters[0].damage.to_string(), "1d10+3");
  EXPECT_EQ(die_only.fighters[1].damage.to_string(), "1d8");
}

TEST(FiveyScripted, SurpriseGivesTheContestWinnersAFreeTurn) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
options: {surprise: foes, target_ties: first}
party: [{name: Hero, level: 0, dexterity: 1, intelligence: 2, weapon: bow, hp: 30}]
foes: [{name: Goblin, dexterity: 2, hp: 30, defense: 30, damage: 1, ranged: true, count: 2}]
)");
  // The party's wisdom roll 10 + 2 = 12; Goblin 1 10 + 2 ties (no win),
  // Goblin 2 15 + 2 wins a free turn. Initiative: foes 1 + 2, hero 19 + 1.
  ScriptedDice init = initiative({10, 10, 15, 1, 19});
  ScriptedDice dice;
  for (int k = 0; k < 8; ++k) dice.script.push_back({20, 1});
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[2].attacks, 4) << r.log;
  EXPECT_EQ(r.rec.combatants[1].attacks, 2);
  EXPECT_LT(r.log.find("Goblin 2 takes a free turn"), r.log.find("Hero attacks"));
}

TEST(FiveyScripted, ASurpriseTheScenarioGivesNeedsNoContest) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
options: {surprise: foes, surprise_contest: false, target_ties: first}
party: [{name: Hero, level: 0, dexterity: 1, weapon: bow, hp: 30}]
foes: [{name: Goblin, dexterity: 2, hp: 30, defense: 30, damage: 1, ranged: true, count: 2}]
)");
  ScriptedDice init = initiative({1, 19});  // no surprise rolls: only the initiative contest
  ScriptedDice dice;
  for (int k = 0; k < 10; ++k) dice.script.push_back({20, 1});
  const Replay r = replay(enc, dice, init);
  EXPECT_EQ(r.rec.combatants[1].attacks, 4) << r.log;
  EXPECT_EQ(r.rec.combatants[2].attacks, 4);
}

TEST(FiveyScripted, FoesRollInitiativeWithTheirLeadersDexterity) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
options: {target_ties: first}
party: [{name: Hero, level: 0, dexterity: 1, weapon: bow, hp: 30}]
foes:
  - {name: Boss, leader: true, dexterity: 0, hp: 30, damage: 1, ranged: true}
  - {name: Goblin, dexterity: 4, hp: 30, damage: 1, ranged: true}
)");
  ScriptedDice init = initiative({10, 19});
  ScriptedDice dice;
  for (int k = 0; k < 6; ++k) dice.script.push_back({20, 1});
  const Replay r = replay(enc, dice, init);
  EXPECT_NE(r.log.find("the foes roll 10 (the leader's dexterity +0)"), std::string::npos) << r.log;
}

TEST(FiveyErrors, TwoHandedWeaponWithAShieldIsRefused) {
  EXPECT_EQ(error_of("ruleset: fivey\nparty:\n  - {name: A, hp: 5, weapon: greatsword, shield: true}\n"
                     "foes:\n  - {name: B, hp: 5, damage: d4}\n"),
            "test.yaml:3:50: error: 'A' cannot carry a shield: a greatsword requires two hands (drop 'shield' or "
            "take a one-handed weapon)\n"
            "      - {name: A, hp: 5, weapon: greatsword, shield: true}\n"
            "                                                     ^\n");
  EXPECT_NE(error_of("ruleset: fivey\nparty: [{name: A, hp: 5, weapon: bow, shield: true}]\nfoes: [{name: B, hp: 5, damage: d4}]\n")
                .find("a bow requires two hands"),
            std::string::npos);
  EXPECT_NE(error_of("ruleset: fivey\nparty: [{name: A, hp: 5, weapon: longsword, two_handed: true, shield: true}]\n"
                     "foes: [{name: B, hp: 5, damage: d4}]\n")
                .find("a longsword held in both hands requires two hands"),
            std::string::npos);
}

TEST(FiveyLibrary, ShippedMonstersAllCompile) {
  const auto enc = encounter_from(R"(ruleset: fivey
include: monsters.yaml
party: [{name: A, hp: 3, weapon: bow}]
foes:
  - use: Bear
  - use: Berserker
  - use: Bugbear
  - use: Commoner
  - use: Infant Dragon
  - use: Young Dragon
  - use: Adult Dragon
  - use: Elder Dragon
  - use: Ghoul
  - use: Giant
  - use: Goblin
  - use: Hobgoblin
  - use: Ogre
  - use: Orc
  - use: Skeleton
  - use: Troll
  - use: Vampire
  - use: Wraith
  - use: Zombie
)");
  EXPECT_EQ(enc.fighters.size(), 20u);
  // The text's hit dice and damage dice by bracket.
  EXPECT_EQ(enc.fighters[1].hit_dice, 4);                   // Bear: elite
  EXPECT_EQ(enc.fighters[1].damage.to_string(), "1d8");
  EXPECT_EQ(enc.fighters[10].hit_dice, 16);                 // Giant: boss
  EXPECT_EQ(enc.fighters[10].extra_attacks, 1);
  EXPECT_EQ(enc.fighters[16].regenerate, 3);                // Troll
  EXPECT_TRUE(enc.fighters[19].cheat_death.present);        // Zombie
  EXPECT_EQ(enc.fighters[17].unmodelled.size(), 2u);        // Vampire
  for (int k = 5; k <= 8; ++k) EXPECT_EQ(enc.fighters[static_cast<std::size_t>(k)].area.uses, 1);  // Breath Attack: once a fight
}

// ---------------------------------------------------------------------------
// Play styles (docs/rules/fivey.md, "Play styles").

// The win rates of `enc` under each of `styles` (foe styles by index), on the
// same dice, and the paired tallies of each against the first.
JointResult fight_styles(const std::string& yaml, const std::vector<std::string>& styles, std::uint64_t trials) {
  const Scenario s = scenario_from(yaml);
  std::vector<fivey::Encounter> encs;
  for (const std::string& name : styles) {
    Node doc = s.variants.front().doc;
    set_path(doc, "style.foes", Node::scalar(name, {}), {});
    encs.push_back(fivey::compile(s, Variant{"base", doc, Node()}));
  }
  std::vector<const fivey::Encounter*> ptrs;
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

std::string slurp_file(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

// The scoring rule: a fire area attack on two fire-immune foes deals
// nothing, so a Sage that plays by its style strikes with its weapon.
TEST(FiveyStyles, ScoringRuleStrikesRatherThanAnAreaThatCannotHurt) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 3
party:
  - {name: Sage, hp: 30, weapon: club, area_attack: {damage: 3d6, damage_type: fire}}
foes:
  - {name: Imp A, hp: 9, damage: 1, immune: [fire]}
  - {name: Imp B, hp: 9, damage: 1, immune: [fire]}
)");
  RunSettings rs;
  rs.trials = 2000;
  const Tally t = run_trials(enc, rs).tally;
  EXPECT_EQ(t.combatants[0].extra[fivey::kExtraAreaUses], 0u);
  EXPECT_GT(t.combatants[0].attacks, 0u);
  // Against foes it can burn, the area is worth its two actions.
  const auto burnable = encounter_from(R"(ruleset: fivey
max_rounds: 3
party:
  - {name: Sage, hp: 30, weapon: club, area_attack: {damage: 3d6, damage_type: fire}}
foes:
  - {name: Imp A, hp: 9, damage: 1}
  - {name: Imp B, hp: 9, damage: 1}
)");
  EXPECT_GT(run_trials(burnable, rs).tally.combatants[0].extra[fivey::kExtraAreaUses], 1000u);
}

// The scoring rule aims at the enemy its blow can hurt: not the immune one
// with fewer hit points, which the old `lowest_hp` default chose.
TEST(FiveyStyles, BlowsGoToTheEnemyTheyCanHurt) {
  const auto enc = encounter_from(R"(ruleset: fivey
max_rounds: 1
party: [{name: Hero, weapon: bow, hp: 10, damage_type: fire}]
foes:
  - {name: Ember, hp: 3, damage: 1, immune: [fire], ranged: true}
  - {name: Wolf, hp: 12, damage: 1, ranged: true}
)");
  ScriptedDice init = initiative({1, 19});
  // Two arrows at the wolf, both miss; the foes' two attacks each miss too.
  ScriptedDice dice{{{20, 2}, {20, 2}, {20, 1}, {20, 1}, {20, 1}, {20, 1}}};
  const Replay r = replay(enc, dice, init);
  EXPECT_NE(r.log.find("Hero attacks Wolf"), std::string::npos) << r.log;
  EXPECT_EQ(r.log.find("Hero attacks Ember"), std::string::npos) << r.log;
}

// Reordering a side's list changes nothing beyond sampling error: targets
// are chosen by value, ties by hit points and then by the tactics stream.
TEST(FiveyStyles, ReorderingASideDoesNotMoveTheWinRate) {
  const std::string file = slurp_file(ENCSIM_SOURCE_DIR "/scenarios/fivey/goblin-ambush.yaml");
  const std::string head = file.substr(0, file.find("party:"));
  const std::string as_written = head + R"(party: [{use: Veteran}, {use: Barbarian}, {use: Hoblin Archer}, {use: Sage}]
foes: [{use: Bugbear, leader: true}, {use: Hobgoblin, count: 3}, {use: Goblin, count: 4}]
)";
  const std::string reordered = head + R"(party: [{use: Sage}, {use: Hoblin Archer}, {use: Barbarian}, {use: Veteran}]
foes: [{use: Goblin, count: 4}, {use: Hobgoblin, count: 3}, {use: Bugbear, leader: true}]
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
TEST(FiveyStyles, FoeStylesOrderThePartysWinRate) {
  const std::string yaml = slurp_file(ENCSIM_SOURCE_DIR "/scenarios/fivey/goblin-ambush.yaml");
  const JointResult r = fight_styles(yaml, {"cautious", "standard", "ruthless"}, 40000);
  // paired[0]: standard - cautious; paired[1]: ruthless - standard.
  EXPECT_LT(r.paired[0].win_difference_ci().high, 0.0) << r.paired[0].win_difference();
  EXPECT_LE(r.paired[1].win_difference_ci().low, 0.0) << r.paired[1].win_difference();
  EXPECT_LE(r.paired[1].win_difference(), 0.0);
}

}  // namespace
}  // namespace encsim
