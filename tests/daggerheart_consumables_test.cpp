// Daggerheart consumables (consumables.yaml, read_consumable.cpp,
// consumables_play.hpp): the library, the `consumables` key and its errors,
// and on scripted dice each modelled kind of item, the policy's triggers, the
// timing option, and the counts carried across a session.
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "daggerheart_replay.hpp"
#include "feature_lookup.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/consumables.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::encounter_from;
using testing::has;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;
namespace dh = daggerheart;

// A classless Hero (traits 0, Evasion 10, 6 HP, 6 Stress by default, thresholds 1/2, no
// Armor Slots, a d4 weapon) against one foe (Difficulty 10, thresholds 5/10,
// atk 0, 1 damage), one round, no Experience, help or Tag Team.
std::string fight(const std::string& pc, const std::string& options = "") {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false" + options + "}\n"
         "party:\n  - {name: Hero, hp: 6, armor: {thresholds: [1, 2], score: 0}, primary: {damage: d4}, " +
         pc + "}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 1}}\n";
}

const dh::ConsumableDef& item(const std::string& name) {
  for (const dh::ConsumableDef& c : dh::consumable_library())
    if (c.name == name) return c;
  throw std::runtime_error("no consumable " + name);
}

// The Hero misses with Fear (2 + 5 = 7 against 10) and the foe misses (a natural 1).
const std::vector<std::pair<int, int>> kMissAndMiss{{12, 2}, {12, 5}, {20, 1}};

ScriptedDice script(std::vector<std::pair<int, int>> first, const std::vector<std::pair<int, int>>& then = kMissAndMiss) {
  first.insert(first.end(), then.begin(), then.end());
  return ScriptedDice{{first.begin(), first.end()}};
}

// ---------------------------------------------------------------------------
// The library and the key

TEST(DaggerheartConsumables, TheLibraryHoldsEverySrdConsumableWithItsFigures) {
  const auto lib = dh::consumable_library();
  ASSERT_EQ(lib.size(), 120u);
  int by_status[3] = {};
  std::set<std::string> names;
  for (const dh::ConsumableDef& c : lib) {
    ++by_status[static_cast<int>(c.status)];
    EXPECT_TRUE(names.insert(c.name).second) << c.name;
    EXPECT_FALSE(c.summary.empty()) << c.name;
    EXPECT_GT(c.pos.line, 0);
  }
  EXPECT_EQ(by_status[0], 14);  // modelled
  EXPECT_EQ(by_status[1], 44);  // no combat effect
  EXPECT_EQ(by_status[2], 62);  // not modelled
  const auto dice = [](const dh::ItemDice& d) {
    const int count = d.dice.term_count() ? d.dice.term(0).count : 0, sides = d.dice.term_count() ? d.dice.term(0).sides : 0;
    return std::to_string(count) + "d" + std::to_string(sides) + "+" + std::to_string(d.dice.flat());
  };
  EXPECT_EQ(dice(item("Minor Health Potion").clear_hp), "1d4+0");
  EXPECT_EQ(dice(item("Health Potion").clear_hp), "1d4+1");
  EXPECT_EQ(dice(item("Major Health Potion").clear_hp), "1d4+2");
  EXPECT_EQ(dice(item("Minor Stamina Potion").clear_stress), "1d4+0");
  EXPECT_EQ(dice(item("Stamina Potion").clear_stress), "1d4+1");
  EXPECT_EQ(dice(item("Major Stamina Potion").clear_stress), "1d4+2");
  EXPECT_EQ(item("Varik Leaves").hope.dice.flat(), 2);
  EXPECT_EQ(dice(item("Feast of Xuria").hope), "1d4+0");
  EXPECT_TRUE(item("Feast of Xuria").clear_hp.all && item("Feast of Xuria").clear_stress.all);
  EXPECT_TRUE(item("Godling's Pomelo").clear_hp.all && !item("Godling's Pomelo").hope.present());
  EXPECT_EQ(item("Snap Powder").stress, 1);
  EXPECT_EQ(item("Snap Powder").clear_hp.dice.flat(), 1);
  EXPECT_EQ(item("Grindletooth Venom").next_damage, 6);
  EXPECT_EQ(item("Improved Grindletooth Venom").next_damage, 8);
  EXPECT_EQ(item("Redthorn Saliva").next_damage, 12);
  EXPECT_EQ(item("Mythic Dust").next_damage, 12);
  EXPECT_EQ(item("Mythic Dust").weapon, dh::DamageType::magic);
  EXPECT_EQ(item("Redthorn Saliva").weapon, dh::DamageType::physical);
  EXPECT_EQ(item("Unstable Arcane Shard").status, dh::CardStatus::not_modelled);
  EXPECT_EQ(item("Acidpaste").status, dh::CardStatus::no_combat);
}

TEST(DaggerheartConsumables, ABadLibraryEntryIsAnErrorWithLineAndColumn) {
  const std::string key = "consumables:\n  - {name: X, summary: s, clear_hpp: 1d4}\n";
  const std::string m = testing::message_of([&] { dh::read_consumable_library("c.yaml", key); });
  EXPECT_NE(m.find("did you mean 'clear_hp'?"), std::string::npos) << m;
  EXPECT_EQ(testing::where_of([&] { dh::read_consumable_library("c.yaml", key); }).first, 2);
  const std::string none = "consumables:\n  - {name: X, combat: none, summary: s, hope: 2}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_consumable_library("c.yaml", none); }).find("takes no 'hope'"),
            std::string::npos);
  const std::string empty = "consumables:\n  - {name: X, summary: s}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_consumable_library("c.yaml", empty); }).find("has no effect"),
            std::string::npos);
}

TEST(DaggerheartConsumables, TheKeyChecksNamesAndTheFiveCap) {
  const std::string typo = fight("consumables: {Helth Potion: 2}");
  const std::string m = testing::message_of([&] { encounter_from(typo); });
  EXPECT_NE(m.find("unknown consumable 'Helth Potion'"), std::string::npos) << m;
  EXPECT_NE(m.find("did you mean 'Health Potion'?"), std::string::npos) << m;
  const auto at = testing::where_of([&] { encounter_from(typo); });
  EXPECT_EQ(at.first, 5);  // the PC's line
  const std::string line = typo.substr(typo.find("  - {name: Hero"));
  EXPECT_EQ(at.second, static_cast<int>(line.find("Helth")) + 1);
  const std::string six = testing::message_of([&] { encounter_from(fight("consumables: {Health Potion: 6}")); });
  EXPECT_NE(six.find("a PC holds 1 to 5 of each consumable"), std::string::npos) << six;
  EXPECT_NE(testing::message_of([&] { encounter_from(fight("consumables: {Health Potion: 0}")); }).find("1 to 5"),
            std::string::npos);
  EXPECT_NE(testing::message_of([&] { encounter_from(fight("consumables: [Health Potion]")); }).find("is a map"),
            std::string::npos);
  EXPECT_NO_THROW(encounter_from(fight("consumables: {Health Potion: 5}")));
}

// `encsim check` lists them by status with their counts, in name order; the
// coverage counts each carried item that bears on a fight once.
TEST(DaggerheartConsumables, CheckListsThemAndCoverageCountsThem) {
  const auto enc =
      encounter_from(fight("consumables: {Varik Leaves: 1, Health Potion: 2, Acidpaste: 1, Stardrop: 1}"));
  const std::string d = enc.describe();
  EXPECT_NE(d.find("consumables modelled: 2 Health Potion (clears 1d4+1 HP); 1 Varik Leaves"), std::string::npos) << d;
  EXPECT_NE(d.find("consumables with no combat effect: 1 Acidpaste"), std::string::npos) << d;
  EXPECT_NE(d.find("consumables NOT modelled: 1 Stardrop"), std::string::npos) << d;
  const auto bare = encounter_from(fight("marked: {hp: 0}"));
  EXPECT_EQ(std::stoi(enc.facts()[0].second) - std::stoi(bare.facts()[0].second), 2);
  EXPECT_EQ(std::stoi(enc.facts()[1].second) - std::stoi(bare.facts()[1].second), 3);
}

// ---------------------------------------------------------------------------
// On scripted dice

// A Minor Health Potion (worth 3: its mean 2.5 rounded up) at the start of the
// spotlight: 3 HP marked, a d4 of 2 clears 2, then the Hero attacks as usual.
TEST(DaggerheartConsumables, AHealthPotionClearsItsDiceAndThePcStillActs) {
  const auto enc = encounter_from(fight("marked: {hp: 3}, consumables: {Minor Health Potion: 2}"));
  ScriptedDice dice = script({{4, 2}});
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero uses a Minor Health Potion (1 left)")) << r.log;
  EXPECT_TRUE(has(r, "Hero clears 2 HP (1 marked)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 5);
  EXPECT_EQ(r.rec.combatants[0].attacks, 1);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Minor Health Potion");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 2);
}

// The trigger: 2 HP marked is below a Minor Health Potion's worth, so it
// waits; a Major Health Potion (worth 5) waits at 3; with one HP left either
// is used, the one that clears more first.
TEST(DaggerheartConsumables, APotionWaitsForItsWorthOrTheLastHp) {
  {
    const auto enc = encounter_from(fight("marked: {hp: 2}, consumables: {Minor Health Potion: 1}"));
    ScriptedDice dice = script({});
    const Replay r = replay(enc, dice);
    EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Minor Health Potion").uses, 0) << r.log;
  }
  {
    const auto enc =
        encounter_from(fight("marked: {hp: 3}, consumables: {Major Health Potion: 1, Minor Health Potion: 1}"));
    ScriptedDice dice = script({{4, 1}});
    const Replay r = replay(enc, dice);
    EXPECT_TRUE(has(r, "Hero uses a Minor Health Potion")) << r.log;
    EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Major Health Potion").uses, 0);
  }
  {
    const auto enc =
        encounter_from(fight("marked: {hp: 5}, consumables: {Minor Health Potion: 1, Major Health Potion: 1}"));
    ScriptedDice dice = script({{4, 1}});
    const Replay r = replay(enc, dice);
    EXPECT_TRUE(has(r, "Hero uses a Major Health Potion")) << r.log;
    EXPECT_TRUE(has(r, "Hero clears 3 HP (2 marked)")) << r.log;
    EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Minor Health Potion").uses, 0);
  }
}

// Stamina Potions clear Stress (features.csv's healed: the Stress); a full
// Stress track calls for one even below its worth.
TEST(DaggerheartConsumables, AStaminaPotionClearsStress) {
  const auto enc = encounter_from(fight("marked: {stress: 4}, consumables: {Stamina Potion: 1}"));
  ScriptedDice dice = script({{4, 2}});
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero clears 3 Stress (1 marked)")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Stamina Potion").healed, 3);
  const auto low = encounter_from(fight("marked: {stress: 3}, consumables: {Major Stamina Potion: 1}"));
  ScriptedDice none = script({});
  EXPECT_EQ(testing::feature(low.features(), replay(low, none).rec, 0, "Major Stamina Potion").uses, 0);
  const auto full = encounter_from(fight("stress: 2, marked: {stress: 2}, consumables: {Major Stamina Potion: 1}"));
  ScriptedDice d2 = script({{4, 4}});
  const Replay f = replay(full, d2);
  EXPECT_TRUE(has(f, "Hero clears 2 Stress (0 marked)")) << f.log;
}

// Varik Leaves: 2 Hope, used while none of it would be lost to the cap.
TEST(DaggerheartConsumables, VarikLeavesGainTwoHopeWhenNoneIsWasted) {
  const auto enc = encounter_from(fight("hope: 4, consumables: {Varik Leaves: 1}"));
  ScriptedDice dice = script({});
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero gains 2 Hope (6)")) << r.log;
  const auto full = encounter_from(fight("hope: 5, consumables: {Varik Leaves: 1}"));
  ScriptedDice d2 = script({});
  EXPECT_EQ(testing::feature(full.features(), replay(full, d2).rec, 0, "Varik Leaves").uses, 0);
}

// Feast of Xuria: every HP and Stress, and 1d4 Hope, once half the HP are marked.
TEST(DaggerheartConsumables, FeastOfXuriaClearsEverything) {
  const auto enc = encounter_from(fight("marked: {hp: 3, stress: 2}, hope: 0, consumables: {Feast of Xuria: 1}"));
  ScriptedDice dice = script({{4, 3}});
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero clears 3 HP (0 marked)")) << r.log;
  EXPECT_TRUE(has(r, "Hero clears 2 Stress (0 marked)")) << r.log;
  EXPECT_TRUE(has(r, "Hero gains 3 Hope (3)")) << r.log;
}

// Snap Powder: a Stress for an HP, never the last Stress slot.
TEST(DaggerheartConsumables, SnapPowderTradesAStressForAnHp) {
  const auto enc = encounter_from(fight("marked: {hp: 1}, consumables: {Snap Powder: 1}"));
  ScriptedDice dice = script({});
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[0].hp_left, 6) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Snap Powder").spent, 1);
  const auto tight = encounter_from(fight("marked: {hp: 1, stress: 5}, consumables: {Snap Powder: 1}"));
  ScriptedDice d2 = script({});
  EXPECT_EQ(testing::feature(tight.features(), replay(tight, d2).rec, 0, "Snap Powder").uses, 0);
}

// A full Stress track does not keep a PC from a Health Potion (no Stress cost).
TEST(DaggerheartConsumables, FullStressDoesNotBlockAHealthPotion) {
  const auto enc = encounter_from(fight("marked: {hp: 4, stress: 6}, consumables: {Health Potion: 1}"));
  ScriptedDice dice = script({{4, 3}}, {{12, 9}, {12, 3}, {4, 1}});  // then a hit with Hope: no GM turn
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero clears 4 HP (0 marked)")) << r.log;
}

// Grindletooth Venom: its d6 joins the physical weapon's next damage roll
// (2 + 5 = 7: Major, 2 HP, where the d4's 2 alone marks 1); a critical adds
// its maximum too; Mythic Dust needs a magic weapon.
TEST(DaggerheartConsumables, AVenomAddsItsDieToTheNextDamageRoll) {
  const auto enc = encounter_from(fight("consumables: {Grindletooth Venom: 1}"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 2}, {6, 5}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Grindletooth Venom: +5")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Grindletooth Venom").uses, 1);
  ScriptedDice crit{{{12, 6}, {12, 6}, {4, 1}, {6, 1}}};  // 1 + 4 + 1 + 6 = 12: Severe
  const Replay c = replay(enc, crit);
  EXPECT_TRUE(has(c, "Grindletooth Venom: +7 (critical)")) << c.log;
  EXPECT_EQ(c.rec.combatants[1].damage_taken, 3) << c.log;
  const auto dust = encounter_from(fight("consumables: {Mythic Dust: 1}"));
  ScriptedDice plain{{{12, 9}, {12, 3}, {4, 2}}};
  EXPECT_EQ(testing::feature(dust.features(), replay(dust, plain).rec, 0, "Mythic Dust").uses, 0);
}

// `consumable_use: spotlight`: the potion is the spotlight's action (no
// attack, no roll, the spotlight stays with the party), and a venom waits.
TEST(DaggerheartConsumables, TheSpotlightTimingSpendsTheAction) {
  const auto enc =
      encounter_from(fight("marked: {hp: 3}, consumables: {Minor Health Potion: 1}", ", consumable_use: spotlight"));
  ScriptedDice dice{{{4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero uses a Minor Health Potion (0 left): the spotlight's action")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].attacks, 0);
  EXPECT_EQ(r.rec.combatants[0].hp_left, 5);
  const auto venom = encounter_from(fight("consumables: {Grindletooth Venom: 1}", ", consumable_use: spotlight"));
  ScriptedDice d2 = script({});
  EXPECT_EQ(testing::feature(venom.features(), replay(venom, d2).rec, 0, "Grindletooth Venom").uses, 0);
  const std::string bad = testing::message_of([&] { encounter_from(fight("", ", consumable_use: spotlite")); });
  EXPECT_NE(bad.find("spotlite"), std::string::npos) << bad;
  EXPECT_NE(bad.find("spotlight"), std::string::npos) << bad;
}

// A session: the item used in the first fight stays used after a long rest.
TEST(DaggerheartConsumables, UsedItemsStayUsedAcrossASession) {
  const auto enc = encounter_from(fight("hope: 0, consumables: {Varik Leaves: 1}"));
  dh::PartyState party;
  const auto one = [&] {
    if (party.started) party.fear = enc.fear_start();
    TrialRecord rec;
    rec.reset(enc.combatant_count(), enc.features().size());
    std::ostringstream os;
    TextLog log(os);
    ScriptedDice dice = script({});
    ScriptedDice none{{}, true}, tact{{}, true};
    enc.simulate_carry_with(dice, none, tact, none, rec, log, party);
    return testing::feature(enc.features(), rec, 0, "Varik Leaves").uses;
  };
  EXPECT_EQ(one(), 1);
  EXPECT_EQ(party.items[0][0], 0);
  dh::RestPlan plan;
  plan.kind = dh::RestKind::long_rest;
  plan.moves[0] = plan.moves[1] = dh::DowntimeMove::prepare;
  plan.gm_fear = false;
  ScriptedDice none;
  std::ostringstream os;
  TextLog log(os);
  enc.rest(plan, party, none, log);
  EXPECT_EQ(party.items[0][0], 0);
  party.hope[0] = 0;
  EXPECT_EQ(one(), 0);
}

}  // namespace
}  // namespace encsim
