// Daggerheart play styles (issue 12): the value rule's choices on scripted
// states, the GM spending the Fear it means to spend, reorder invariance, the
// foe styles' order on shipped fights, and the Fear the GM is left with.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "encsim/paired.hpp"
#include "encsim/runner.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "rules/registry.hpp"
#include "daggerheart_replay.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::ScriptedDice;
namespace dh = daggerheart;
using testing::encounter_from;
using testing::replay;
using testing::Replay;

const std::string kDir = ENCSIM_SOURCE_DIR "/scenarios/daggerheart";


std::string with_style(std::string yaml, const std::string& style) {
  return yaml.replace(yaml.find("STYLE"), 5, style);
}

// A Kneebreaker whose first feature holds a PC down (no damage; Vulnerable
// until the PC's next action) and whose Club deals 7 to 10.
const char* const kKneebreaker = R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 0}
style: STYLE
party:
  - {name: Hero, evasion: 10, hp: 6, armor: {thresholds: [7, 14], score: 0}, primary: {damage: d8}}
foes:
  - name: Kneebreaker
    difficulty: 30
    thresholds: [7, 14]
    hp: 7
    stress: 4
    atk: -3
    attack: {name: Club, damage: 1d4+6}
    features:
      - {name: Hold Them Down, kind: action, effect: attack, damage: 0, condition: [restrained, vulnerable]}
)";

TEST(DaggerheartValue, AKneebreakerClubsRatherThanHoldingDownATargetNoAttackCanExploit) {
  // The hero fails with Fear; the Kneebreaker takes the free spotlight. No
  // other attack can follow in this GM turn, so the hold (no damage, a
  // Vulnerable gone at the hero's next action) is worth nothing; the Club
  // marks 2 HP when it hits.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 2}}};
  const Replay r = replay(encounter_from(with_style(kKneebreaker, "{}")), dice);
  EXPECT_NE(r.log.find("Kneebreaker attacks with Club"), std::string::npos) << r.log;
  EXPECT_EQ(r.log.find("Hold Them Down"), std::string::npos) << r.log;
}

TEST(DaggerheartValue, TheRestrainedStyleKeepsTheStatBlockOrder) {
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 2}}};
  const Replay r = replay(encounter_from(with_style(kKneebreaker, "{foes: restrained}")), dice);
  EXPECT_NE(r.log.find("Kneebreaker uses Hold Them Down"), std::string::npos) << r.log;
}

// A Minion listed first (no threat to an armoured PC) and a Bear.
const char* const kTwoFoes = R"(ruleset: daggerheart
include: [adversaries.yaml]
max_rounds: 1
options: {fear_start: 0}
style: STYLE
party:
  - {name: Hero, evasion: 10, hp: 6, armor: {thresholds: [7, 14], score: 3}, primary: {damage: d8}}
foes:
  - use: Giant Rat
  - use: Bear
)";

TEST(DaggerheartValue, APcAttacksTheThreatNotTheFoeWithFewestHp) {
  // The hero succeeds with Hope (total 11 + 3 beats the Bear's 14) and rolls 1 damage.
  {
    ScriptedDice dice{{{12, 8}, {12, 6}, {8, 1}}};
    const Replay r = replay(encounter_from(with_style(kTwoFoes, "{}")), dice);
    EXPECT_EQ(r.rec.combatants[2].damage_taken, 1) << r.log;  // the Bear
    EXPECT_FALSE(r.rec.combatants[1].down);
  }
  {  // Earlier versions (party style lowest_hp): the rat, whatever it threatens.
    ScriptedDice dice{{{12, 8}, {12, 6}, {8, 1}}};
    const Replay r = replay(encounter_from(with_style(kTwoFoes, "{party: lowest_hp}")), dice);
    EXPECT_TRUE(r.rec.combatants[1].down) << r.log;
  }
}

// Three wolves and a GM holding 3 Fear: after a failure with Hope (no hard
// move, no Fear gained), every wolf that can still act usefully is
// spotlighted while the budget lasts; the measured GM of earlier versions
// stopped at two spotlights and kept a Fear.
const char* const kWolves = R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 3}
style: STYLE
party:
  - {name: Hero, evasion: 30, hp: 6, armor: {thresholds: [7, 14], score: 0}, primary: {damage: d8}}
foes:
  - {name: Wolf, difficulty: 30, thresholds: [5, 9], hp: 4, atk: 2, attack: {damage: 1d6+2}, count: 3}
)";

TEST(DaggerheartGm, TheStandardGmSpendsItsBudgetWhileAdversariesCanAct) {
  {
    ScriptedDice dice{{{12, 2}, {12, 1}, {20, 2}, {20, 3}, {20, 4}}};
    const Replay r = replay(encounter_from(with_style(kWolves, "{}")), dice);
    EXPECT_EQ(r.rec.resources[dh::kAdversarySpotlights], 3) << r.log;
    EXPECT_EQ(r.rec.resources[dh::kFearSpentSpotlights], 2);
    EXPECT_EQ(r.rec.resources[dh::kFearEnd], 1);
  }
  {
    ScriptedDice dice{{{12, 2}, {12, 1}, {20, 2}, {20, 3}}};
    const Replay r = replay(encounter_from(with_style(kWolves, "{foes: restrained}")), dice);
    EXPECT_EQ(r.rec.resources[dh::kAdversarySpotlights], 2) << r.log;
    EXPECT_EQ(r.rec.resources[dh::kFearEnd], 2);
  }
}

// Two wolves whose bites (2 to 5) never reach the armoured hero's Major
// threshold (7): with an Armor Slot left a hit marks no HP, but it makes the
// hero mark a slot (worth kWorthArmor, half an HP). The GM holds 3 Fear.
const char* const kArmouredHero = R"(ruleset: daggerheart
max_rounds: 1
options: {fear_start: 3}
party:
  - {name: Hero, evasion: 10, hp: 6, armor: {thresholds: [7, 14], score: 3}, primary: {damage: d8}}
foes:
  - {name: Wolf, difficulty: 30, thresholds: [5, 9], hp: 4, atk: 2, attack: {damage: 1d4+1}, count: 2}
)";

TEST(DaggerheartGm, TheStandardGmPaysForAHitThatOnlyCostsAnArmorSlot) {
  const dh::Encounter enc = encounter_from(kArmouredHero);
  // A bite hits on 8+ (0.65) and always makes the hero mark a slot: worth
  // 0.65 x 0.5 to the GM; the PCs' threat counts the HP alone.
  const dh::Adversary& wolf = enc.adversaries.at(0);
  EXPECT_FLOAT_EQ(wolf.marks.at(0).armor_used, 1.0f);
  EXPECT_NEAR(wolf.threat, 0.65 * dh::kWorthArmor, 1e-9);
  EXPECT_GT(wolf.threat, dh::kUseful);
  EXPECT_EQ(wolf.threat_hp, 0.0);
  // The hero fails with Hope; the first wolf takes the free spotlight and
  // the GM pays a Fear for the second (earlier versions valued its bite at 0
  // HP and passed it over, keeping the Fear). Both miss.
  ScriptedDice dice{{{12, 2}, {12, 1}, {20, 2}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.resources[dh::kAdversarySpotlights], 2) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearSpentSpotlights], 1);
  EXPECT_EQ(r.rec.resources[dh::kFearEnd], 2);
}

TEST(DaggerheartGm, TheSceneSetsTheBudgetAndAScenarioMayNameIt) {
  const auto major = encounter_from(R"(ruleset: daggerheart
include: [adversaries.yaml]
party: [{name: Hero, primary: {damage: d8}}]
foes: [{use: Acid Burrower}]
)");
  EXPECT_EQ(major.opt.scene, dh::Scene::major);  // a Solo: a Major scene
  EXPECT_EQ(major.opt.budget, 8);
  EXPECT_NE(major.behaviour()[0].find("Major-scene budget of 8 Fear"), std::string::npos) << major.behaviour()[0];
  const auto minor = encounter_from(R"(ruleset: daggerheart
include: [adversaries.yaml]
options: {scene: minor}
style: {foes: cautious}
party: [{name: Hero, primary: {damage: d8}}]
foes: [{use: Acid Burrower}]
)");
  EXPECT_EQ(minor.opt.budget, 1);  // the bottom of Minor's 1-3
  EXPECT_EQ(minor.opt.reserve, 1);
}

// ---------------------------------------------------------------------------
// Whole fights on shipped scenarios.

Scenario shipped(const std::string& name) { return load_scenario(kDir + "/" + name + ".yaml", ruleset_ids()); }

dh::Encounter styled(const Scenario& s, const std::string& foes, const std::string& party = "standard") {
  Node doc = s.variants.front().doc;
  set_path(doc, "style.foes", Node::scalar(foes, {}), {});
  set_path(doc, "style.party", Node::scalar(party, {}), {});
  return dh::compile(s, Variant{"base", doc, Node()});
}

RunSettings settings(std::uint64_t n) {
  RunSettings r;
  r.trials = n;
  r.seed = 11;
  r.threads = 2;
  return r;
}

TEST(DaggerheartStyles, ReorderingASideDoesNotChangeTheResult) {
  const Scenario s = shipped("acid-burrower");
  const dh::Encounter base = dh::compile(s, s.variants.front());
  for (const char* side : {"foes", "party"}) {
    Node doc = s.variants.front().doc;
    Node* list = doc.find_mut(side);
    ASSERT_NE(list, nullptr);
    std::vector<Node> items = list->items();
    std::reverse(items.begin(), items.end());
    *list = Node::list(std::move(items), list->pos());
    const dh::Encounter reordered = dh::compile(s, Variant{"base", doc, Node()});
    const RunSettings r = settings(40000);
    const auto n = static_cast<double>(r.trials);
    const double a = static_cast<double>(run_trials(base, r).tally.party_wins) / n;
    const double b = static_cast<double>(run_trials(reordered, r).tally.party_wins) / n;
    const double se = std::sqrt(2 * a * (1 - a) / n);
    EXPECT_NEAR(a, b, 4 * se + 1e-9) << side;
  }
}

// cautious >= standard >= ruthless for the party, on the same dice, with
// Newcombe's paired interval of each difference.
TEST(DaggerheartStyles, TheFoeStylesOrderTheWinRateAsTheirNamesPromise) {
  for (const char* name : {"acid-burrower", "knights-of-the-realm"}) {
    const Scenario s = shipped(name);
    const dh::Encounter cautious = styled(s, "cautious"), standard = styled(s, "standard"),
                        ruthless = styled(s, "ruthless");
    const JointResult j = run_joint<dh::Encounter>({&cautious, &standard, &ruthless}, {{0, 1}, {1, 2}}, settings(20000));
    for (const PairedTally& p : j.paired) {
      const Interval ci = p.win_difference_ci();
      EXPECT_LT(ci.high, 0.0) << name << ": " << p.first_win_rate() << " then " << p.second_win_rate();
    }
  }
}

// The GM's Fear left at the end falls on every shipped fight, from earlier
// versions (the measured GM, PCs on the fewest HP: styles restrained and
// lowest_hp, which give those versions' results) to the defaults. With the
// PCs' subclass, ancestry and community features, knights-of-the-realm
// (10.4 -> 5.0 Fear, 10,000 fights) rejoins the list and guard-post
// (8.8 -> 5.0) joins it; fallen-host falls a little (11.6 -> 9.9) and
// the-grove rises (3.1 -> 6.8; 8.7 before a hit that only costs an Armor
// Slot was worth a spotlight): its fights end with one adversary standing
// for many rounds, which can take only its one spotlight a GM turn, so the
// Fear the PCs' rolls give cannot be spent. An open point of the GM's Fear
// policy against levelled parties, not hidden here.
TEST(DaggerheartStyles, TheStandardGmEndsShippedFightsWithLessFear) {
  for (const char* name :
       {"acid-burrower", "bandit-ambush", "keep-siege", "zombie-horde", "knights-of-the-realm", "guard-post"}) {
    const Scenario s = shipped(name);
    const dh::Encounter before = styled(s, "restrained", "lowest_hp"), after = styled(s, "standard");
    const JointResult j = run_joint<dh::Encounter>({&before, &after}, {}, settings(10000));
    const double fear_before = j.runs[0].tally.resources[dh::kFearEnd].mean();
    const double fear_after = j.runs[1].tally.resources[dh::kFearEnd].mean();
    EXPECT_LT(fear_after, fear_before) << name;
  }
}

}  // namespace
}  // namespace encsim
