// The Beastbound Ranger's companion (SRD, Ranger Companion): its sheet and
// training, the Ranger's command (a Spellcast roll, Proficiency dice of its
// die), adversaries' attacks on it (a Stress a hit, out at the last), Armored,
// Bonded, Battle-Bonded, Loyal Friend, its rests; errors; and the command's
// sampled hit rate and Bonded's rescue rate against the exact chances.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>

#include "feature_lookup.hpp"
#include "encsim/runner.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "daggerheart_replay.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::ScriptedDice;
namespace dh = daggerheart;
using testing::encounter_from;
using testing::has;
using testing::replay;
using testing::Replay;

const std::string kOptions =
    "ruleset: daggerheart\nmax_rounds: 1\n"
    "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, fear_start: 0}\n";

// A Beastbound Ranger (Agility 2, 6 HP, thresholds 5/10, a d4 bow unless
// HERO says otherwise) against one foe (Difficulty 10, 6 HP, thresholds 4/8,
// attack +0 for 1 damage unless FOE says otherwise).
std::string duel(const std::string& hero, const std::string& foe = "atk: 0, attack: {damage: 1}", const std::string& extra = "") {
  return kOptions + extra +
         "party:\n  - {name: Hero, class: ranger, subclass: Beastbound, traits: {agility: 2}, "
         "armor: {thresholds: [5, 10], score: 0}, " + hero +
         "}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [4, 8], hp: 6, stress: 3, " + foe + "}\n";
}

const dh::Pc& hero(const dh::Encounter& e) { return e.pcs.front(); }

// ---------------------------------------------------------------------------
// The sheet and its training

TEST(DaggerheartCompanion, TheSheetStartsAtEvasion10ThreeStressAndAD6) {
  const auto enc = encounter_from(duel("level: 1, primary: {damage: d4}"));
  const dh::PcCompanion& c = hero(enc).companion;
  ASSERT_TRUE(c.present);
  EXPECT_EQ(c.name, "Hero's companion");
  EXPECT_EQ(c.evasion, 10);
  EXPECT_EQ(c.stress, 3);
  EXPECT_EQ(c.die, 6);
  EXPECT_EQ(c.experience, 2);
}

TEST(DaggerheartCompanion, EachLevelUpAndExpertTrainingAddAPick) {
  // Level 5 by the default path: 4 level-ups and Expert Training (the
  // specialization card the path takes at 5): vicious x2, aware, resilient, bonded.
  const auto enc = encounter_from(duel("level: 5, primary: {damage: d4}"));
  const dh::PcCompanion& c = hero(enc).companion;
  EXPECT_EQ(c.die, 10);
  EXPECT_EQ(c.evasion, 12);
  EXPECT_EQ(c.stress, 4);
  EXPECT_TRUE(c.has(dh::Training::bonded));
  EXPECT_TRUE(c.battle_bonded);
  EXPECT_FALSE(c.loyal_friend);
  // Written picks: Light in the Dark is a Hope slot for the Ranger, Intelligent +1 to the Experience.
  const auto own = encounter_from(duel(
      "level: 3, primary: {damage: d4}, companion: {name: Wolf, training: [light_in_the_dark, intelligent]}"));
  EXPECT_EQ(hero(own).companion.name, "Wolf");
  EXPECT_EQ(hero(own).companion.experience, 3);
  EXPECT_EQ(hero(own).hope_max, 7);
  EXPECT_EQ(hero(own).companion.die, 6);
}

TEST(DaggerheartCompanion, NoneLeavesItBehindAndAWayfinderHasNone) {
  EXPECT_FALSE(hero(encounter_from(duel("primary: {damage: d4}, companion: none"))).companion.present);
  const auto way = encounter_from(kOptions +
                                  "party:\n  - {name: Hero, class: ranger, subclass: Wayfinder}\n"
                                  "foes:\n  - {name: Foe, difficulty: 10, thresholds: [4, 8], hp: 6, atk: 0, attack: {damage: 1}}\n");
  EXPECT_FALSE(hero(way).companion.present);
  // Features: the companion's rows only where there is one.
  for (const FeatureInfo& f : way.features()) EXPECT_EQ(f.name.find("Companion"), std::string::npos) << f.name;
}

TEST(DaggerheartCompanion, BadCompanionsAreErrorsWithLineAndColumn) {
  const auto msg = [](const std::string& yaml) { return testing::message_of([&] { encounter_from(yaml); }); };
  const auto line = [](const std::string& yaml) { return testing::where_of([&] { encounter_from(yaml); }).first; };
  const std::string wayfinder =
      kOptions + "party:\n  - {name: Hero, class: ranger, subclass: Wayfinder, companion: {name: Wolf}}\n"
                 "foes:\n  - {name: Foe, hp: 6, attack: {damage: 1}}\n";
  EXPECT_NE(msg(wayfinder).find("'Hero' has no companion"), std::string::npos) << msg(wayfinder);
  EXPECT_EQ(testing::where_of([&] { encounter_from(wayfinder); }), (std::pair{5, 65}));
  const std::string few = duel("primary: {damage: d4}, level: 3, companion: {training: [vicious]}");
  EXPECT_NE(msg(few).find("picks 2 training options"), std::string::npos) << msg(few);
  EXPECT_EQ(line(few), 5);
  const std::string twice = duel("primary: {damage: d4}, level: 3, companion: {training: [bonded, bonded]}");
  EXPECT_NE(msg(twice).find("'bonded' is on the sheet 1 time"), std::string::npos) << msg(twice);
  const std::string typo = duel("primary: {damage: d4}, level: 2, companion: {training: [visious]}");
  EXPECT_NE(msg(typo).find("did you mean 'vicious'"), std::string::npos) << msg(typo);
  const std::string marked = duel("primary: {damage: d4}, companion: {marked: 3}");
  EXPECT_NE(msg(marked).find("at most 2 marked"), std::string::npos) << msg(marked);
  const std::string command =
      kOptions + "party:\n  - {name: Hero, class: ranger, subclass: Wayfinder, tactics: [{do: companion}]}\n"
                 "foes:\n  - {name: Foe, hp: 6, attack: {damage: 1}}\n";
  EXPECT_NE(msg(command).find("no companion to command"), std::string::npos) << msg(command);
  const std::string key = duel("primary: {damage: d4}, companion: {nmae: Wolf}");
  EXPECT_NE(msg(key).find("did you mean 'name'"), std::string::npos) << msg(key);
}

// ---------------------------------------------------------------------------
// The command

TEST(DaggerheartCompanion, ACommandRollsProficiencyCompanionDiceAndGivesAdvantageOnHope) {
  const auto enc = encounter_from(duel("level: 1, primary: {damage: d4}, tactics: [{do: companion}]"));
  // Spellcast roll (Agility 2): 9 + 3 + 2 = 14 vs 10, success with Hope; d6 5: Major (4/8), 2 HP.
  ScriptedDice dice{{{12, 9}, {12, 3}, {6, 5}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero commands Hero's companion to attack Foe")) << r.log;
  EXPECT_TRUE(has(r, "Hero's next roll builds on it: advantage")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Companion: Hero's companion");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 2);
  EXPECT_EQ(r.rec.combatants[0].damage_dealt, 2);
}

TEST(DaggerheartCompanion, TheValueRuleCommandsOnlyWhenTheCompanionIsWorthMore) {
  // A d4 bow (mean 2.5: 1 HP at 4/8) against the companion's d6 (3.5: 2 HP): the companion.
  const auto weak = encounter_from(duel("level: 1, primary: {damage: d4}"));
  ScriptedDice d1{{{12, 9}, {12, 3}, {6, 5}}};
  EXPECT_TRUE(has(replay(weak, d1), "commands Hero's companion")) ;
  // A d12 bow (6.5: 2 HP, as the d6) wins the tie.
  const auto strong = encounter_from(duel("level: 1, primary: {damage: d12}"));
  ScriptedDice d2{{{12, 9}, {12, 3}, {12, 5}}};
  const Replay r = replay(strong, d2);
  EXPECT_FALSE(has(r, "commands")) << r.log;
}

// ---------------------------------------------------------------------------
// Attacks on the companion

TEST(DaggerheartCompanion, AnAttackAimedAtRandomMayFallOnTheCompanionAndMarksOneStress) {
  // The cautious GM aims at random: the tactics stream's 1 takes the last
  // candidate, the companion. Its hit marks one Stress whatever the damage.
  const auto enc = encounter_from(duel("level: 1, primary: {damage: d4}, tactics: [{do: attack}]",
                                       "atk: 0, attack: {damage: 3d6}", "style: {foes: cautious}\n"));
  // The Hero misses with Fear (1 + 4 + 2 = 7 < 10); the Foe rolls 15 vs the companion's Evasion 10.
  ScriptedDice dice{{{12, 1}, {12, 4}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "vs Evasion 10 of Hero's companion: hit")) << r.log;
  EXPECT_TRUE(has(r, "Hero's companion marks a Stress (1 of 3)")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kCompanionStress], 1);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0);
}

TEST(DaggerheartCompanion, ItsLastStressTakesItOutAndArmoredSpendsTheRangersSlotFirst) {
  const std::string style = "style: {foes: cautious}\n";
  ScriptedDice miss_then_hit{{{12, 1}, {12, 4}, {20, 15}}};
  const auto plain = encounter_from(duel("level: 1, primary: {damage: d4}, tactics: [{do: attack}], companion: {marked: 2}",
                                         "atk: 0, attack: {damage: 1}", style));
  const Replay r = replay(plain, miss_then_hit);
  EXPECT_TRUE(has(r, "Hero's companion drops out of the scene")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kCompanionsOut], 1);
  // Armored: the Ranger marks its own Armor Slot in place of that last Stress.
  const auto armored = encounter_from(
      "ruleset: daggerheart\nmax_rounds: 1\nstyle: {foes: cautious}\n"
      "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, fear_start: 0}\n"
      "party:\n  - {name: Hero, class: ranger, subclass: Beastbound, level: 2, traits: {agility: 2}, "
      "armor: {thresholds: [5, 10], score: 2}, hp: 6, proficiency: 1, primary: {damage: d4}, tactics: [{do: attack}], "
      "companion: {marked: 2, training: [armored]}}\n"
      "foes:\n  - {name: Foe, difficulty: 10, thresholds: [4, 8], hp: 6, stress: 3, atk: 0, attack: {damage: 1}}\n");
  ScriptedDice again{{{12, 1}, {12, 4}, {20, 15}}};
  const Replay a = replay(armored, again);
  EXPECT_TRUE(has(a, "Armored: Hero marks an Armor Slot for Hero's companion (1 of 2 left)")) << a.log;
  EXPECT_FALSE(has(a, "drops out")) << a.log;
  EXPECT_EQ(testing::feature(armored.features(), a.rec, 0, "Armored").uses, 1);
}

TEST(DaggerheartCompanion, TheValueRuleLeavesACompanionTheRangerWouldNotCommand) {
  // The standard GM aims by value: a Ranger whose bow beats the companion
  // loses nothing without it, so the attack goes at the Ranger.
  const auto enc = encounter_from(duel("level: 1, primary: {damage: d12}, tactics: [{do: attack}]"));
  ScriptedDice dice{{{12, 1}, {12, 4}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "vs Evasion 12 of Hero: hit")) << r.log;
}

// A Group Attack at the companion spotlights every member, as one at a PC:
// no other Sellsword acts in that GM turn. Sampled fights under the
// restrained GM: it aims at random and spends Fear on Group Attack in GM
// turns with no hard move (whose focus would be the PC, never the companion).
TEST(DaggerheartCompanion, AGroupAttackOnTheCompanionSpendsEveryMembersSpotlight) {
  const auto enc = encounter_from(
      "ruleset: daggerheart\ninclude: [daggerheart/adversaries]\nmax_rounds: 3\nstyle: {foes: restrained}\n"
      "party:\n  - {name: Hero, class: ranger, subclass: Beastbound, primary: {damage: d4}, "
      "armor: {thresholds: [5, 10], score: 0}}\nfoes:\n  - {use: Sellsword, count: 4}\n");
  int found = 0;
  for (std::uint64_t t = 0; t < 400 && found < 3; ++t) {
    TrialRecord rec;
    rec.reset(enc.combatant_count(), enc.features().size());
    std::ostringstream os;
    TextLog log(os);
    enc.simulate(3, t, rec, log);
    const std::string text = os.str();
    const auto at = text.find("attack Hero's companion together");
    if (at == std::string::npos) continue;
    ++found;
    // The rest of that GM turn: up to the next PC roll or round line.
    std::size_t end = text.find("\n  Hero rolls", at);
    end = std::min(end, text.find("-- ", at));
    const std::string rest = text.substr(at, end == std::string::npos ? std::string::npos : end - at);
    EXPECT_EQ(rest.find(" uses "), std::string::npos) << rest;
    EXPECT_EQ(rest.find(" attacks with "), std::string::npos) << rest;
  }
  EXPECT_GT(found, 0);
}

// ---------------------------------------------------------------------------
// Bonded, Battle-Bonded, Loyal Friend

TEST(DaggerheartCompanion, BondedRollsADieForEachUnmarkedStressAndASixGetsTheRangerUp) {
  const std::string hero = "level: 2, hp: 6, proficiency: 1, primary: {damage: d12}, marked: {hp: 5}, tactics: [{do: attack}], "
                           "companion: {training: [bonded]}";
  const auto enc = encounter_from(duel(hero));
  // The Hero misses with Fear; the Foe hits (1 damage: the last HP); three d6, one a 6.
  ScriptedDice six{{{12, 1}, {12, 4}, {20, 15}, {6, 2}, {6, 6}, {6, 1}}};
  const Replay r = replay(enc, six);
  EXPECT_TRUE(has(r, "Bonded: Hero's companion rushes to Hero and rolls 3d6: a 6")) << r.log;
  EXPECT_FALSE(r.rec.combatants[0].down) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kCompanionsOut], 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Bonded").healed, 1);
  // No 6: the death move follows (Avoid Death's Hope die).
  ScriptedDice none{{{12, 1}, {12, 4}, {20, 15}, {6, 2}, {6, 5}, {6, 1}, {12, 9}}};
  const Replay r2 = replay(enc, none);
  EXPECT_TRUE(has(r2, "no 6")) << r2.log;
  EXPECT_TRUE(r2.rec.combatants[0].down) << r2.log;
}

TEST(DaggerheartCompanion, BattleBondedGuardsAgainstTheFoeTheCompanionEngaged) {
  // Level 5 (Battle-Bonded): the companion attacks and misses with Fear
  // (engaging the Foe); the Foe's 13 would hit Evasion 12 but not 12 + 2.
  const auto enc = encounter_from(duel("level: 5, evasion: 12, primary: {damage: d4}, tactics: [{do: companion}]"));
  ScriptedDice dice{{{12, 1}, {12, 4}, {20, 13}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "vs Evasion 14 of Hero: miss")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Battle-Bonded").uses, 1);
}

TEST(DaggerheartCompanion, LoyalFriendTakesTheHitThatWouldMarkTheLastHp) {
  // Level 8 by the default path has the mastery card.
  const auto enc = encounter_from(duel("level: 8, evasion: 12, hp: 6, marked: {hp: 5}, primary: {damage: d4}, tactics: [{do: attack}]",
                                       "atk: 10, attack: {damage: 1}"));
  ASSERT_TRUE(hero(enc).companion.loyal_friend);
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};  // 1 + 2 + 5 (Agility) = 8: a miss with Fear
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Loyal Friend: Hero's companion takes the blow meant for Hero")) << r.log;
  EXPECT_FALSE(r.rec.combatants[0].down) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kCompanionStress], 1);
}

// ---------------------------------------------------------------------------
// Rests (sessions)

TEST(DaggerheartCompanion, ALongRestBringsItBackWithAStressClearedAndClearStressClearsItsToo) {
  const auto enc = encounter_from(duel("level: 1, primary: {damage: d4}"));
  dh::PartyState p{};
  p.comp_stress[0] = 3;
  p.comp_out[0] = true;
  p.loyal_used[0] = true;
  ScriptedDice rng{{}};
  std::ostringstream os;
  TextLog log(os);
  dh::RestPlan plan;
  plan.kind = dh::RestKind::long_rest;
  plan.moves[0] = plan.moves[1] = dh::DowntimeMove::prepare;
  plan.gm_fear = false;
  enc.rest(plan, p, rng, log);
  EXPECT_FALSE(p.comp_out[0]);
  EXPECT_EQ(p.comp_stress[0], 2) << os.str();
  EXPECT_FALSE(p.loyal_used[0]);
  // A short rest's Clear Stress (1d4 + tier: 2 + 1) clears as many of the companion's.
  p.stress_marked[0] = 4;
  plan.kind = dh::RestKind::short_rest;
  plan.moves[0] = dh::DowntimeMove::clear_stress;
  ScriptedDice d4{{{4, 2}}};
  enc.rest(plan, p, d4, log);
  EXPECT_EQ(p.stress_marked[0], 1);
  EXPECT_EQ(p.comp_stress[0], 0) << os.str();
}

// ---------------------------------------------------------------------------
// Sampled against exact

// The command's hit rate: 2d12 + 2 (Agility) against Difficulty 13, matching
// dice always hitting, enumerated over the 144 pairs.
TEST(DaggerheartCompanion, TheCommandsSampledHitRateMatchesTheDualityDice) {
  const auto enc = encounter_from(kOptions +
                                  "party:\n  - {name: Hero, class: ranger, subclass: Beastbound, traits: {agility: 2}, "
                                  "primary: {damage: d4}, tactics: [{do: companion}]}\n"
                                  "foes:\n  - {name: Foe, difficulty: 13, thresholds: [20, 40], hp: 12, atk: -20, "
                                  "attack: {damage: 1}}\n");
  int hits = 0;
  double exact = 0.0;
  for (int h = 1; h <= 12; ++h)
    for (int f = 1; f <= 12; ++f) exact += (h == f || h + f + 2 >= 13) ? 1.0 / 144 : 0.0;
  const int n = 20000;
  for (int t = 0; t < n; ++t) {
    TrialRecord rec;
    rec.reset(enc.combatant_count(), enc.features().size());
    NullLog log;
    enc.simulate(11, static_cast<std::uint64_t>(t), rec, log);
    ASSERT_EQ(rec.combatants[0].attacks, 1);
    hits += static_cast<int>(rec.combatants[0].hits);
  }
  const double se = std::sqrt(exact * (1 - exact) / n);
  EXPECT_NEAR(static_cast<double>(hits) / n, exact, 4 * se);
}

// Bonded's rescue: at least one 6 on three d6, 1 - (5/6)^3, among the fights
// in which it was rolled.
TEST(DaggerheartCompanion, BondedsSampledRescueRateIsOneMinusFiveSixthsCubed) {
  const auto enc = encounter_from(duel("level: 2, hp: 6, primary: {damage: d4}, marked: {hp: 5}, tactics: [{do: attack}], "
                                       "companion: {training: [bonded]}",
                                       "atk: 30, attack: {damage: 1}", ""));
  std::int64_t uses = 0, healed = 0;
  for (int t = 0; t < 20000; ++t) {
    TrialRecord rec;
    rec.reset(enc.combatant_count(), enc.features().size());
    NullLog log;
    enc.simulate(5, static_cast<std::uint64_t>(t), rec, log);
    const FeatureRecord& f = testing::feature(enc.features(), rec, 0, "Bonded");
    uses += f.uses;
    healed += f.healed;
  }
  ASSERT_GT(uses, 3000);
  const double exact = 1.0 - std::pow(5.0 / 6.0, 3);
  const double se = std::sqrt(exact * (1 - exact) / static_cast<double>(uses));
  EXPECT_NEAR(static_cast<double>(healed) / static_cast<double>(uses), exact, 4 * se);
}

}  // namespace
}  // namespace encsim
