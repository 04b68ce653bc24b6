// The Druid's Beastform (beastforms.yaml, read_beastform.cpp,
// beastform_play.hpp): the library, the `beastform` key and its default, and
// on scripted dice what a transformation costs, the form's attack, Evasion,
// trait and thresholds, its features, dropping out, and spells blocked; every
// modelled form fights.
#include <gtest/gtest.h>

#include <set>

#include "daggerheart_replay.hpp"
#include "encsim/runner.hpp"
#include "feature_lookup.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/beastform.hpp"
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

// A level-1 Druid (all traits 0, Evasion 10, thresholds 2/3, no Armor Slots,
// a d4 weapon) against one foe (Difficulty 10, thresholds 5/10, atk 0), one
// round, no Experience, help or Tag Team. PC: the rest of the Druid's body.
// A Warden of the Elements of water: its Elemental Incarnation is not
// modelled, so it Channels nothing and the fights are the form's alone.
std::string fight(const std::string& pc, const std::string& foe = "attack: {damage: 1}",
                  const std::string& options = "hope_features: false") {
  std::string body = "name: Druid, class: druid";
  for (const char* key : {"level: 1", "armor: {thresholds: [1, 2], score: 0}", "primary: {damage: d4}", "element: water"})  // water now Channels (Elemental Incarnation: Water): tests of the form alone pass `cards: false`
    if (pc.find(std::string(key).substr(0, std::string(key).find(':') + 1)) == std::string::npos) body += std::string(", ") + key;
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, " + options + "}\n"
         "party:\n  - {" + body + ", " + pc + "}\n"
         "foes:\n  - {name: Foe, difficulty: 10, " + (foe.find("thresholds:") == std::string::npos ? "thresholds: [5, 10], " : "") +
         "hp: 6, stress: 3, atk: 0, " + foe + "}\n";
}

const dh::BeastForm& form(const std::string& name) {
  for (const dh::BeastForm& b : dh::beast_library())
    if (b.name == name) return b;
  throw std::runtime_error("no form " + name);
}

// ---------------------------------------------------------------------------
// The library and the key

TEST(DaggerheartBeastform, TheLibraryHoldsTheSrdForms) {
  const auto lib = dh::beast_library();
  ASSERT_EQ(lib.size(), 24u);
  int by_tier[5] = {};
  std::set<std::string> names;
  for (const dh::BeastForm& b : lib) {
    ++by_tier[b.tier];
    EXPECT_TRUE(names.insert(b.name).second) << b.name;
    EXPECT_GT(b.pos.line, 0);
    if (b.status != dh::CardStatus::modelled) {
      EXPECT_FALSE(b.summary.empty()) << b.name;
      continue;
    }
    EXPECT_FALSE(b.features.empty()) << b.name;
    for (const dh::BeastFeature& f : b.features) EXPECT_FALSE(f.summary.empty()) << b.name << ": " << f.name;
  }
  EXPECT_EQ(by_tier[1], 7);  // the class text's tier 1 (the Mighty Strider with it)
  EXPECT_EQ(by_tier[2], 5);
  EXPECT_EQ(by_tier[3], 6);
  EXPECT_EQ(by_tier[4], 6);
  const dh::BeastForm& pack = form("Pack Predator");
  EXPECT_EQ(pack.tier, 1);
  EXPECT_EQ(pack.trait_bonus, 2);
  EXPECT_EQ(pack.evasion, 1);
  EXPECT_EQ(pack.sides, 8);
  EXPECT_EQ(pack.flat, 2);
  EXPECT_TRUE(pack.attack_advantage);
  EXPECT_FALSE(form("Agile Scout").attack_advantage);
  EXPECT_EQ(form("Legendary Hybrid").extra_stress, 1);
  EXPECT_EQ(form("Mythic Beast").status, dh::CardStatus::not_modelled);
}

TEST(DaggerheartBeastform, ABadLibraryEntryIsAnErrorWithLineAndColumn) {
  const std::string head = "forms:\n  - {name: X, tier: 1, trait: strenght, trait_bonus: 1, attack: {damage: d6}, features: []}\n";
  const std::string m = testing::message_of([&] { dh::read_beast_library("b.yaml", head); });
  EXPECT_NE(m.find("did you mean 'strength'?"), std::string::npos) << m;
  EXPECT_EQ(testing::where_of([&] { dh::read_beast_library("b.yaml", head); }).first, 2);
  const std::string cost = "forms:\n  - {name: X, tier: 1, trait: strength, trait_bonus: 1, attack: {damage: d6},\n"
                           "     features: [{name: F, when: hit, stress: 1, summary: s}]}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_beast_library("b.yaml", cost); }).find("pays a cost for nothing"),
            std::string::npos);
  const std::string none = "forms:\n  - {name: X, tier: 1, trait: strength, trait_bonus: 1, attack: {damage: d6},\n"
                           "     features: [{name: F, combat: none, thresholds: 2, summary: s}]}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_beast_library("b.yaml", none); }).find("takes no effect keys"),
            std::string::npos);
  const std::string key = "forms:\n  - {name: X, tier: 1, trait: strength, trait_bonus: 1, evasoin: 2, attack: {damage: d6}, features: []}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_beast_library("b.yaml", key); }).find("did you mean 'evasion'?"),
            std::string::npos);
}

// The default form: the most damage on a typical hit at the PC's tier and
// Proficiency, ties by name; `none` turns it off (and Evolution with it); a
// named form is checked against the tier and the class.
TEST(DaggerheartBeastform, TheKeyItsDefaultAndItsErrors) {
  EXPECT_EQ(dh::default_beastform(1, 1)->name, "Pack Predator");      // d8+2
  EXPECT_EQ(dh::default_beastform(2, 2)->name, "Pouncing Predator");  // 2d8+6 = 15 = 2d10+4: by name
  EXPECT_EQ(dh::default_beastform(3, 3)->name, "Great Predator");
  EXPECT_EQ(dh::default_beastform(4, 4)->name, "Massive Behemoth");
  const auto d = encounter_from(fight(""));
  EXPECT_EQ(d.pcs[0].beast, &form("Pack Predator"));
  EXPECT_EQ(d.pcs[0].hope, dh::HopeKind::evolution);
  const auto off = encounter_from(fight("beastform: none"));
  EXPECT_EQ(off.pcs[0].beast, nullptr);
  EXPECT_EQ(off.pcs[0].hope, dh::HopeKind::none);
  const std::string high = testing::message_of([&] { encounter_from(fight("beastform: Great Predator")); });
  EXPECT_NE(high.find("'Great Predator' is a tier 3 form; 'Druid' (level 1) is tier 1"), std::string::npos) << high;
  const std::string typo = testing::message_of([&] { encounter_from(fight("beastform: Pack Predatr")); });
  EXPECT_NE(typo.find("did you mean 'Pack Predator'?"), std::string::npos) << typo;
  const std::string evolved = testing::message_of([&] { encounter_from(fight("level: 5, beastform: Legendary Beast")); });
  EXPECT_NE(evolved.find("is not modelled"), std::string::npos) << evolved;
  const std::string guardian =
      "ruleset: daggerheart\nparty:\n  - {name: G, class: guardian, beastform: Pack Predator}\nfoes:\n  - {name: F, hp: 3}\n";
  EXPECT_NE(testing::message_of([&] { encounter_from(guardian); }).find("only a Druid"), std::string::npos);
}

TEST(DaggerheartBeastform, CheckListsTheFormAndItsFeatures) {
  const auto enc = encounter_from(fight("beastform: Pack Predator"));
  const std::string d = enc.describe();
  EXPECT_NE(d.find("Beastform Pack Predator (tier 1; 1 Stress, or 3 Hope with Evolution): strength +2, Evasion +1, "
                   "melee 1d8+2 physical, advantage on attacks"),
            std::string::npos)
      << d;
  EXPECT_NE(d.find("form features modelled: Hobbling Strike"), std::string::npos) << d;
  EXPECT_NE(d.find("form features NOT modelled: Pack Hunting"), std::string::npos) << d;
  const auto facts = enc.facts();
  EXPECT_EQ(facts[0].second, "2");  // Hobbling Strike and the Warden's water Elemental Incarnation
  EXPECT_EQ(facts[1].second, "3");  // ... Pack Hunting, Elemental Incarnation: Water
}

// ---------------------------------------------------------------------------
// On scripted dice

// A Stress transforms; the attack is the form's: Strength +2 and advantage
// (the d6) make 5 + 3 hit Difficulty 10 (the weapon's 8 would not), its d8+2
// deals 7 (Major, 2 HP), and Hobbling Strike takes a second Stress to leave
// the foe Vulnerable.
TEST(DaggerheartBeastform, AStressTransformsAndTheFormAttacks) {
  const auto enc = encounter_from(fight("beastform: Pack Predator", "attack: {damage: 1}", "hope_features: false, cards: false"));
  ScriptedDice dice{{{12, 5}, {12, 3}, {6, 1}, {8, 5}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Druid transforms into a Pack Predator (a Stress): Strength +2, Evasion 11")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 2);
  const FeatureRecord& t = testing::feature(enc.features(), r.rec, 0, "Beastform");
  EXPECT_EQ(t.uses, 1);  // one transformation
  EXPECT_EQ(t.spent, 1);
  const FeatureRecord& b = testing::feature(enc.features(), r.rec, 0, "Beastform: Pack Predator");
  EXPECT_EQ(b.uses, 1);  // one attack
  EXPECT_EQ(b.damage, 2);
  const FeatureRecord& h = testing::feature(enc.features(), r.rec, 0, "Hobbling Strike");
  EXPECT_EQ(h.uses, 1);
  EXPECT_EQ(h.conditions, 1);
  EXPECT_TRUE(has(r, "Foe is Vulnerable")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "primary").uses, 0);
}

// Evolution: 3 Hope instead of the Stress, and Strength +3: 4 + 2 + 3 + 1
// meets 10 where +2 would not.
TEST(DaggerheartBeastform, EvolutionTransformsForThreeHopeAndRaisesTheTrait) {
  const auto enc = encounter_from(fight("beastform: Pack Predator, hope: 3", "attack: {damage: 1}", "hope_features: true, cards: false"));
  ScriptedDice dice{{{12, 4}, {12, 2}, {6, 1}, {8, 5}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Druid transforms into a Pack Predator (Evolution, 3 Hope): Strength +3")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentFeatures], 3);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Evolution").uses, 1);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);  // Hobbling Strike's only
}

// The form's Evasion bonus: an adversary's 11 hits Evasion 10, not the Agile
// Scout's 12.
TEST(DaggerheartBeastform, TheFormsEvasionBonusTurnsAHitIntoAMiss) {
  for (const bool beast : {true, false}) {
    const auto enc = encounter_from(fight(beast ? "beastform: Agile Scout" : "beastform: none"));
    ScriptedDice dice{{{12, 2}, {12, 5}, {20, 11}}};  // the Druid fails with Fear; the foe rolls 11
    const Replay r = replay(enc, dice);
    EXPECT_EQ(r.rec.combatants[0].damage_taken, beast ? 0 : 1) << r.log;
  }
}

// Fragile: a Major hit (2 against 2/3) ends the Agile Scout; a Minor one does not.
TEST(DaggerheartBeastform, FragileDropsOutOnMajorDamage) {
  for (const int damage : {2, 1}) {
    const auto enc = encounter_from(fight("beastform: Agile Scout", "attack: {damage: " + std::to_string(damage) + "}"));
    ScriptedDice dice{{{12, 2}, {12, 5}, {20, 15}}};
    const Replay r = replay(enc, dice);
    EXPECT_EQ(has(r, "Druid drops out of the Agile Scout (Fragile: Major damage)"), damage == 2) << r.log;
  }
}

// The last HP drops the Druid out of its form before the death move.
TEST(DaggerheartBeastform, TheLastHpDropsOutOfTheForm) {
  const auto enc = encounter_from(fight("beastform: Pack Predator, marked: {hp: 5}"));
  ScriptedDice dice{{{12, 1}, {12, 5}, {6, 1}, {20, 15}, {12, 12}}};  // 6 + 2 + 1 misses; the foe hits
  const Replay r = replay(enc, dice);
  const auto drop = r.log.find("Druid drops out of the Pack Predator (the last HP)");
  ASSERT_NE(drop, std::string::npos) << r.log;
  EXPECT_LT(drop, r.log.find("Avoid Death")) << r.log;
}

// Thick Hide: the Powerful Beast's thresholds are 5/6 at level 2 (3/4 + 2):
// a 4 marks 1 HP, not the 3 of a Severe hit. Rampage takes a Stress before
// the roll for one more die.
TEST(DaggerheartBeastform, ThickHideRaisesTheThresholds) {
  for (const bool beast : {true, false}) {
    const auto enc =
        encounter_from(fight(std::string("level: 2, beastform: ") + (beast ? "Powerful Beast" : "none"), "attack: {damage: 4}", "hope_features: false, cards: false"));
    ScriptedDice dice{{{12, 1}, {12, 5}, {20, 15}}};  // the Druid fails with Fear; the foe hits for 4
    const Replay r = replay(enc, dice);
    EXPECT_EQ(r.rec.combatants[0].damage_taken, beast ? 1 : 3) << r.log;
    if (beast) {
      EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Rampage: Fury").uses, 1) << r.log;
      EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 2);
    }
  }
}

// In Beastform no spell is cast: `do: card:Vicious Entangle` is passed over
// for the form's attack; out of it the card is played.
TEST(DaggerheartBeastform, SpellsAreBlockedInTheForm) {
  const std::string tactics = ", cards: [Vicious Entangle], tactics: [{do: \"card:Vicious Entangle\"}, {do: attack}]";
  const auto beast = encounter_from(fight("beastform: Pack Predator" + tactics));
  ScriptedDice dice{{{12, 1}, {12, 5}, {6, 1}, {20, 1}}};  // the attack misses with Fear; the foe misses
  const Replay r = replay(beast, dice);
  EXPECT_FALSE(has(r, "plays Vicious Entangle")) << r.log;
  EXPECT_EQ(testing::feature(beast.features(), r.rec, 0, "Beastform: Pack Predator").uses, 1);  // its attack
  const auto none = encounter_from(fight("beastform: none" + tactics));
  ScriptedDice dice2{{{12, 1}, {12, 5}, {20, 1}}};
  const Replay n = replay(none, dice2);
  EXPECT_TRUE(has(n, "plays Vicious Entangle")) << n.log;
}

// Vicious Maul: a Hope for one more damage die (2d12+8: 3 + 4 + 8 = 15) and
// a Vulnerable target.
TEST(DaggerheartBeastform, ViciousMaulAddsADieForAHope) {
  const auto enc = encounter_from(fight("level: 5, beastform: Great Predator, hope: 2, proficiency: 1",
                                        "attack: {damage: 1}, thresholds: [14, 16]"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {6, 1}, {12, 3}, {12, 4}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "damage 2d12+8 = 15")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Vicious Maul").uses, 1);
}

// Every modelled form, on a Druid of its tier, fights: it transforms, and
// the Druid's damage by feature adds up to its damage dealt.
TEST(DaggerheartBeastform, EveryModelledFormFights) {
  static const int kLevel[] = {0, 1, 2, 5, 8};
  for (const dh::BeastForm& b : dh::beast_library()) {
    if (b.status != dh::CardStatus::modelled) continue;
    const std::string yaml =
        "ruleset: daggerheart\nmax_rounds: 6\noptions: {help_min_hope: 7, tag_team: false}\n"
        "party:\n  - {name: P, class: druid, level: " + std::to_string(kLevel[b.tier]) + ", beastform: " + b.name +
        ", hope: 6}\n  - {name: Friend, level: 1, primary: {damage: d8}}\n"
        "foes:\n  - {name: A, difficulty: 12, thresholds: [6, 12], hp: 6, stress: 3, atk: 2, attack: {damage: 2d8+4}}\n"
        "  - {name: B, difficulty: 14, thresholds: [15, 25], hp: 8, stress: 3, atk: 2, attack: {damage: 2d8+4}}\n";
    const dh::Encounter enc = encounter_from(yaml);
    std::int64_t transforms = 0, damage = 0;
    for (std::uint64_t t = 0; t < 40; ++t) {
      TrialRecord rec;
      rec.reset(enc.combatant_count(), enc.features().size());
      NullLog log;
      enc.simulate(5, t, rec, log);
      std::int64_t by_feature = 0;
      for (std::size_t f = 0; f < enc.features().size(); ++f)
        if (enc.features()[f].owner == 0) by_feature += rec.features[f].damage;
      EXPECT_EQ(by_feature, rec.combatants[0].damage_dealt) << b.name;
      transforms += testing::feature(enc.features(), rec, 0, "Beastform").uses;
      damage += testing::feature(enc.features(), rec, 0, "Beastform: " + b.name).damage;
    }
    EXPECT_GE(transforms, 40) << b.name;
    EXPECT_GT(damage, 0) << b.name;
  }
}

}  // namespace
}  // namespace encsim
