// Daggerheart domain cards: the shipped library, the loadout's validation,
// each vocabulary effect and two or more cards per domain replayed with
// scripted dice, the choice between weapon and card, and the counting.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>

#include "encsim/runner.hpp"
#include "feature_lookup.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "rules/registry.hpp"
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

// One PC (no class: any domain; Spellcast Knowledge +2; no Experience, help or
// Tag Team) against one foe, in one round. PC and FOE are map bodies.
std::string duel(const std::string& pc, const std::string& foe = "") {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false}\n"
         "party:\n  - {name: Hero, level: 10, proficiency: 1, spellcast: knowledge, traits: {knowledge: 2}, "
         "hp: 6, armor: {thresholds: [1, 2], score: 0}, primary: {damage: d4}, " +
         pc + "}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, " +
         (foe.empty() ? "attack: {damage: 1}" : foe) + "}\n";
}

// The same duel with the whole PC body given.
std::string duel_raw(const std::string& pc) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false}\n"
         "party:\n  - {name: Hero, " + pc + "}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, "
         "stress: 3, atk: 0, attack: {damage: 1}}\n";
}

const dh::CardDef& card(const std::string& name) {
  for (const dh::CardDef& c : dh::card_library())
    if (c.name == name) return c;
  ADD_FAILURE() << "no card " << name;
  return dh::card_library()[0];
}

// ---------------------------------------------------------------------------
// The library

TEST(DaggerheartCards, TheLibraryHoldsEverySrdCardOnceAndTwoModelledPerDomain) {
  const auto lib = dh::card_library();
  ASSERT_EQ(lib.size(), 189u);
  std::set<std::string> names;
  std::map<std::string, int> per_domain, modelled;
  for (const dh::CardDef& c : lib) {
    EXPECT_TRUE(names.insert(c.name).second) << c.name;
    ++per_domain[c.domain];
    if (c.status == dh::CardStatus::modelled) ++modelled[c.domain];
    EXPECT_FALSE(c.summary.empty()) << c.name;
    EXPECT_GT(c.pos.line, 0) << c.name;
  }
  ASSERT_EQ(per_domain.size(), 9u);
  for (const auto& [domain, n] : per_domain) {
    EXPECT_EQ(n, 21) << domain;
    EXPECT_GE(modelled[domain], 2) << domain;
  }
  EXPECT_EQ(card("Bolt Beacon").level, 1);
  EXPECT_EQ(card("Bolt Beacon").recall, 1);
  EXPECT_EQ(card("Wall Walk").status, dh::CardStatus::no_combat);
  EXPECT_EQ(card("Copycat").status, dh::CardStatus::modelled);
}

// The card value rule skips the tests a card can never pass: read once, each
// card knows whether it holds a condition for a foe (Vulnerable, Restrained,
// a lasting one) and whether a rule of its own weighs it (card_value.hpp).
TEST(DaggerheartCards, EachCardKnowsWhichValueRulesWeighIt) {
  EXPECT_FALSE(card("Unleash Chaos").effect.conditions);  // damage alone
  EXPECT_FALSE(card("Unleash Chaos").effect.own_rule);
  EXPECT_TRUE(card("Bolt Beacon").effect.conditions);  // Vulnerable
  EXPECT_TRUE(card("Vicious Entangle").effect.conditions);  // Restrained
  EXPECT_TRUE(card("Book of Ronin").effect.conditions);  // lasting
  EXPECT_FALSE(card("Bolt Beacon").effect.own_rule);
  EXPECT_FALSE(card("Inspirational Words").effect.own_rule);  // a heal, weighed as one
  EXPECT_TRUE(card("Telekinesis").effect.own_rule);  // before an enemy card's damage
  EXPECT_TRUE(card("Book of Yarrow").effect.own_rule);
  EXPECT_TRUE(card("Natural Familiar").effect.own_rule);  // before the roll's chance
  EXPECT_TRUE(card("Shield Aura").effect.own_rule);  // after a party card's
}

TEST(DaggerheartCards, ABadLibraryEntryIsAnErrorWithLineAndColumn) {
  const std::string text = "cards:\n  - {name: X, domain: Arcana, level: 1, type: Spell, summary: s, damgae: d6}\n";
  const auto where = testing::where_of([&] { dh::read_card_library("lib.yaml", text); });
  EXPECT_EQ(where.first, 2);
  EXPECT_NE(testing::message_of([&] { dh::read_card_library("lib.yaml", text); }).find("damage"), std::string::npos);
  const std::string none = "cards:\n  - {name: X, domain: Arcana, level: 1, type: Spell, combat: none, summary: s, hope: 1}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_card_library("lib.yaml", none); }).find("not modelled"),
            std::string::npos);
  const std::string empty = "cards:\n  - {name: X, domain: Arcana, level: 1, type: Spell, summary: s}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_card_library("lib.yaml", empty); }).find("no effect"),
            std::string::npos);
}

// Every modelled action card, forced by tactics, is played in a small fight
// without error; every reaction and passive card compiles into a fight.
TEST(DaggerheartCards, EveryModelledCardFights) {
  for (const dh::CardDef& c : dh::card_library()) {
    if (c.status != dh::CardStatus::modelled) continue;
    const bool action = c.effect.when == dh::CardWhen::action;
    std::string yaml = "ruleset: daggerheart\nmax_rounds: 6\nparty:\n"
                       "  - {name: Caster, level: 10, spellcast: knowledge, traits: {knowledge: 2}, hope: 6, "
                       "primary: {damage: d8}, cards: [\"" + c.name + "\"]" +
                       (action ? ", tactics: [{do: \"card:" + c.name + "\"}, {do: attack}]" : "") +
                       "}\n  - {name: Friend, level: 1, primary: {damage: d8}" +
                       (c.effect.copies > 0 ? ", spellcast: knowledge, cards: [\"Rain of Blades\"]" : "") +  // a card to copy
                       "}\n"
                       "foes:\n  - {name: Foe, difficulty: 12, thresholds: [6, 12], hp: 8, stress: 3, atk: 2, "
                       "attack: {damage: 2d6}, count: 3}\n";
    const dh::Encounter enc = encounter_from(yaml);
    std::int64_t uses = 0;
    for (std::uint64_t t = 0; t < 30; ++t) {
      TrialRecord rec;
      rec.reset(enc.combatant_count(), enc.features().size());
      NullLog log;
      enc.simulate(7, t, rec, log);
      const std::int64_t pc_damage = rec.combatants[0].damage_dealt;
      std::int64_t by_feature = 0;
      for (std::size_t f = 0; f < enc.features().size(); ++f)
        if (enc.features()[f].owner == 0) by_feature += rec.features[f].damage;
      EXPECT_EQ(by_feature, pc_damage) << c.name;
      // Copycat's row is its copy's ("Copycat: Rain of Blades").
      const dh::Pc& caster = enc.pcs[0];
      const std::string row = caster.copy_card >= 0 ? caster.cards[static_cast<std::size_t>(caster.copy_card)].def->name : c.name;
      if (action) uses += testing::feature(enc.features(), rec, 0, row).uses;
    }
    // A ward waits for an ally at 2 HP or fewer (its own test: daggerheart_allies_test); an aura for a PC
    // whose Armor Slot it helps (none here: no armor; daggerheart_pools_test); take_stress for an ally
    // with Stress marked (daggerheart_party_test); a revival for an ally who died (none here: Avoid Death;
    // daggerheart_forms_test); a familiar for hits its d6 lifts a threshold (none here: the level-10
    // Caster's d8s at their mean are Severe already; daggerheart_marks_test); a link for a party hurt
    // unevenly, one PC near its last HP or Stress slot and another well (daggerheart_link_test); a dome
    // for a PC one HP from going down while another stands outside (a moment these fights seldom or never
    // give; daggerheart_mount_test); a veil for a PC whose weapon or foes reach beyond Melee (none here:
    // a d8 Melee weapon, Melee foes); a held line under `restrained: loses_spotlight` only, where a
    // Restrained foe loses its spotlight (here the default: it acts; both in daggerheart_dark_test).
    // Copycat plays the copy of Friend's Rain of Blades.
    if (action && !c.effect.ward && c.effect.aura_armor == 0 && !c.effect.take_stress && !c.effect.revive &&
        c.effect.familiar_die == 0 && c.effect.link == 0 && c.effect.dome == 0 && !c.effect.veil && !c.effect.hold_line) {
      EXPECT_GT(uses, 0) << c.name;
    }
  }
}

// ---------------------------------------------------------------------------
// The loadout

TEST(DaggerheartCards, LoadoutErrorsNameTheCardWithLineAndColumn) {
  auto err = [](const std::string& pc) {
    const std::string yaml = "ruleset: daggerheart\nparty:\n  - {name: W, class: wizard, level: 1, primary: "
                             "{damage: d6}, " + pc + "}\nfoes:\n  - {name: F, difficulty: 10, hp: 3, attack: {damage: 1}}\n";
    return std::pair{testing::message_of([&] { encounter_from(yaml); }),
                     testing::where_of([&] { encounter_from(yaml); })};
  };
  auto [unknown, at] = err("cards: [Bolt Becon]");
  EXPECT_NE(unknown.find("unknown domain card 'Bolt Becon'"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("Bolt Beacon"), std::string::npos) << unknown;  // did you mean
  EXPECT_EQ(at.first, 3);
  EXPECT_GT(at.second, 1);
  const auto domain = err("cards: [Rain of Blades]").first;
  EXPECT_NE(domain.find("Midnight card; 'W' takes cards of codex (to level 1), splendor (to level 1)"), std::string::npos)
      << domain;
  const auto level = err("cards: [Book of Norai]").first;
  EXPECT_NE(level.find("level 3 Codex card; 'W' (level 1) takes Codex cards up to level 1"), std::string::npos) << level;
  const auto many = err("cards: [Book of Ava, Book of Illiat, Book of Tyfar, Bolt Beacon, Mending Touch, "
                        "Reassurance]").first;
  EXPECT_NE(many.find("at most 5 cards"), std::string::npos) << many;
  const auto twice = err("cards: [Bolt Beacon, Bolt Beacon]").first;
  EXPECT_NE(twice.find("twice"), std::string::npos) << twice;
  const auto tactic = err("cards: [Bolt Beacon], tactics: [{do: \"card:Bolt Becon\"}]").first;
  EXPECT_NE(tactic.find("no modelled action card 'Bolt Becon'"), std::string::npos) << tactic;
  const auto no_spell = err("spellcast: none, cards: [Bolt Beacon]").first;
  EXPECT_NE(no_spell.find("no Spellcast trait"), std::string::npos) << no_spell;
}

// The levels open the domains and say how many cards a PC may hold: a
// multiclass domain up to half the level (rounded up), two cards at level 1
// and one more per level and per domain_card pick.
TEST(DaggerheartCards, TheLevelsOpenTheDomainsAndCountTheCards) {
  auto load = [](const std::string& pc) {
    const std::string yaml = "ruleset: daggerheart\nparty:\n  - {name: K, class: warrior, " + pc +
                             "}\nfoes:\n  - {name: F, difficulty: 10, thresholds: [5, 10], hp: 3, stress: 3, atk: 0, "
                             "attack: {damage: 1}}\n";
    return testing::message_of([&] { encounter_from(yaml); });
  };
  const std::string mc = "level: 5, advancements: {2: [hp, stress], 3: [hp, stress], 4: [evasion, domain_card], "
                         "5: [multiclass]}, multiclass: {class: wizard, domain: codex, subclass: School of War}, ";
  EXPECT_EQ(load(mc + "cards: [Book of Norai, Get Back Up]"), "(no error)");  // codex to level 3 (half of 5, rounded up)
  const auto high = load(mc + "cards: [Book of Grynn]");
  EXPECT_NE(high.find("level 4 Codex card; 'K' (level 5) takes Codex cards up to level 3"), std::string::npos) << high;
  const auto other = load(mc + "cards: [Bolt Beacon]");  // Splendor: the wizard's other domain, not taken
  EXPECT_NE(other.find("takes cards of blade (to level 5), bone (to level 5), codex (to level 3)"), std::string::npos)
      << other;
  const auto three = load("cards: [Get Back Up, Not Good Enough, Whirlwind]");
  EXPECT_NE(three.find("'K' may hold 2 domain cards"), std::string::npos) << three;
  EXPECT_EQ(load("level: 2, advancements: {2: [hp, domain_card]}, "
                 "cards: [Get Back Up, Not Good Enough, Whirlwind, Reckless]"), "(no error)");
  EXPECT_NE(load("level: 2, advancements: {2: [hp, stress]}, "
                 "cards: [Get Back Up, Not Good Enough, Whirlwind, Reckless]").find("may hold 3"),
            std::string::npos);
}

TEST(DaggerheartCards, TheLoadoutIsSortedByNameWhateverTheListingOrder) {
  const auto a = encounter_from(duel("cards: [Bolt Beacon, Book of Ava, Armorer]"));
  const auto b = encounter_from(duel("cards: [Armorer, Book of Ava, Bolt Beacon]"));
  ASSERT_EQ(a.pcs[0].cards.size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(a.pcs[0].cards[k].def, b.pcs[0].cards[k].def);
  EXPECT_EQ(a.pcs[0].cards[0].def->name, "Armorer");
}

// The reactions look only at the cards in Pc::cards_on for their trigger:
// each live card is there under its own trigger and nowhere else, and a card
// that never plays (a loadout condition not met, a Copycat with nothing to
// copy) is in none.
TEST(DaggerheartCards, EachTriggerListsExactlyTheLiveCardsThatAnswerIt) {
  auto check = [](const dh::Pc& p) {
    for (std::size_t k = 0; k < p.cards.size(); ++k)
      for (std::size_t t = 0; t < dh::kCardTriggers; ++t) {
        const bool listed = (p.cards_on[t] >> k & 1u) != 0;
        const bool answers = p.cards[k].live() && static_cast<std::size_t>(p.cards[k].def->effect.trigger) == t;
        EXPECT_EQ(listed, answers) << p.name << ": " << p.cards[k].def->name << ", trigger " << t;
      }
    for (std::size_t t = 0; t < dh::kCardTriggers; ++t) EXPECT_EQ(p.cards_on[t] >> p.cards.size(), 0u) << p.name;
  };
  // Arcana-Touched needs four Arcana cards in the loadout: here it is inert.
  const auto inert = encounter_from(duel("cards: [Arcana-Touched, Scramble, Book of Ava]"));
  const dh::Pc& p = inert.pcs.at(0);
  check(p);
  int arcana = -1, scramble = -1;
  for (std::size_t k = 0; k < p.cards.size(); ++k) {
    if (p.cards[k].def->name == "Arcana-Touched") arcana = static_cast<int>(k);
    if (p.cards[k].def->name == "Scramble") scramble = static_cast<int>(k);
  }
  ASSERT_GE(arcana, 0);
  ASSERT_GE(scramble, 0);
  EXPECT_TRUE(p.cards[static_cast<std::size_t>(arcana)].inert);
  EXPECT_EQ(p.cards_on[static_cast<std::size_t>(dh::CardTrigger::rolled)], 0u);
  EXPECT_EQ(p.cards_on[static_cast<std::size_t>(dh::CardTrigger::damaged)], 1u << scramble);
  // Copycat with no ally to copy from: inert, so in no set either.
  const auto lone = encounter_from(duel("cards: [Copycat, Scramble]"));
  check(lone.pcs.at(0));
  for (const dh::PcCard& c : lone.pcs.at(0).cards) {
    if (c.def->name == "Copycat") {
      EXPECT_TRUE(c.inert);
    }
  }
  // Every class at levels 1, 5 and 10 from its card path, with its features.
  for (int level : {1, 5, 10}) {
    std::string yaml = "ruleset: daggerheart\ninclude: [party.yaml]\nparty:\n";
    for (const char* c : {"Bard", "Druid", "Guardian", "Ranger", "Rogue", "Seraph", "Sorcerer", "Warrior", "Wizard"})
      yaml += "  - {use: " + std::string(c) + ", level: " + std::to_string(level) + "}\n";
    yaml += "foes: [{name: B, difficulty: 10, thresholds: none, hp: 1, attack: {damage: 1}}]\n";
    for (const dh::Pc& q : encounter_from(yaml).pcs) check(q);
  }
}

// ---------------------------------------------------------------------------
// Passives, folded in at compile time

TEST(DaggerheartCards, PassivesChangeThePcsNumbers) {
  const std::string pc = "level: 5, traits: {agility: 3, strength: 2}, armor: {thresholds: [1, 2], score: 2}, "
                         "primary: {damage: d8}";
  const auto base = encounter_from(duel_raw(pc));
  const auto with =
      encounter_from(duel_raw(pc + ", cards: [Untouchable, Body Basher, Fortified Armor, Vitality, Armorer]"));
  const dh::Pc& p0 = base.pcs[0];
  const dh::Pc& p = with.pcs[0];
  EXPECT_EQ(p.evasion, p0.evasion + 2);                          // Untouchable: half Agility 3, rounded up
  EXPECT_EQ(p.primary.damage_bonus, p0.primary.damage_bonus + 2);  // Body Basher: Strength, melee
  EXPECT_EQ(p.major, p0.major + 2);                              // Fortified Armor
  EXPECT_EQ(p.severe, p0.severe + 2);
  EXPECT_EQ(p.hp, p0.hp + 1);                                    // Vitality
  EXPECT_EQ(p.stress, p0.stress + 1);
  EXPECT_EQ(p0.armor_slots, 2);
  EXPECT_EQ(p.armor_slots, 3);                                   // Armorer: +1 on a score of 2
}

TEST(DaggerheartCards, NotGoodEnoughRerollsLowDamageDiceOnce) {
  const auto enc = encounter_from(duel_raw("traits: {agility: 2}, cards: [Not Good Enough], primary: {damage: d8}"));
  // 9 + 3 + 2 = 14 vs 10; the d8 rolls 2, rolled again: 7 -> Major, 2 HP.
  ScriptedDice dice{{{12, 9}, {12, 3}, {8, 2}, {8, 7}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
}

// ---------------------------------------------------------------------------
// Spellcast rolls and effects on adversaries

TEST(DaggerheartCards, BoltBeaconDamagesAndMakesVulnerableForAHope) {
  const auto enc = encounter_from(duel("cards: [Bolt Beacon], tactics: [{do: \"card:Bolt Beacon\"}]"));
  // Spellcast 8 + 3 + 2 = 13 vs Difficulty 10, with Hope; d8 5 + 2 = 7: Major.
  ScriptedDice dice{{{12, 8}, {12, 3}, {8, 5}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Bolt Beacon")) << r.log;
  EXPECT_TRUE(has(r, "Foe is Vulnerable")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2);
  EXPECT_EQ(r.rec.combatants[0].damage_dealt, 2);
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 1);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Bolt Beacon");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 2);
  EXPECT_EQ(f.conditions, 1);
  EXPECT_EQ(f.spent, 1);
}

TEST(DaggerheartCards, ASpellThatMissesDoesNothingAndPassesTheSpotlight) {
  const auto enc = encounter_from(duel("cards: [Cinder Grasp], tactics: [{do: \"card:Cinder Grasp\"}]"));
  // 2 + 5 + 2 = 9 vs 10: a failure with Fear; the foe's d20 misses Evasion 10.
  ScriptedDice dice{{{12, 2}, {12, 5}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Cinder Grasp fails")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 0);
  EXPECT_EQ(r.rec.resources[dh::kGmTurns], 1);
}

TEST(DaggerheartCards, CinderGraspRollsItsOwnDice) {
  const auto enc = encounter_from(duel("cards: [Cinder Grasp], tactics: [{do: \"card:Cinder Grasp\"}]"));
  ScriptedDice dice{{{12, 8}, {12, 3}, {20, 9}}};  // 9 + 3 = 12: Severe, 3 HP
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Cinder Grasp: 12 magic damage to Foe")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3);
}

TEST(DaggerheartCards, ACriticalSpellAddsTheDiceMaximum) {
  const auto enc = encounter_from(duel("cards: [Bolt Beacon], tactics: [{do: \"card:Bolt Beacon\"}]"));
  ScriptedDice dice{{{12, 4}, {12, 4}, {8, 1}}};  // 1 + 2 + 8 = 11: Severe
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Bolt Beacon: 11 magic damage to Foe (critical)")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3);
}

TEST(DaggerheartCards, RainOfBladesStrikesEveryFoeItReachesOnOneRoll) {
  const auto enc = encounter_from(duel("cards: [Rain of Blades], tactics: [{do: \"card:Rain of Blades\"}]",
                                       "attack: {damage: 1}, count: 2"));
  // One roll 9 + 3 + 2 = 14; then d8 4 + 2 = 6 (Major) and d8 1 + 2 = 3 (Minor).
  ScriptedDice dice{{{12, 9}, {12, 3}, {8, 4}, {8, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken + r.rec.combatants[2].damage_taken, 3) << r.log;
  EXPECT_EQ(r.rec.combatants[0].area_attacks, 2);
  EXPECT_EQ(r.rec.combatants[0].area_hits, 2);
  EXPECT_EQ(r.rec.resources[dh::kActionRolls], 1);
}

TEST(DaggerheartCards, ShadowbindRestrainsWithoutDamage) {
  const auto enc = encounter_from(duel("cards: [Shadowbind], tactics: [{do: \"card:Shadowbind\"}]"));
  ScriptedDice dice{{{12, 9}, {12, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe is Restrained")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 0);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Shadowbind").conditions, 1);
}

TEST(DaggerheartCards, DeathGripMarksTwoStressAndRestrains) {
  const auto enc = encounter_from(duel("cards: [Death Grip], tactics: [{do: \"card:Death Grip\"}]"));
  ScriptedDice dice{{{12, 9}, {12, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe is Restrained")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].extra[dh::kExtraStressLeft], 1) << r.log;  // 3 - 2
}

TEST(DaggerheartCards, ViciousEntangleDealsPhysicalDamageAndRestrains) {
  const auto enc = encounter_from(duel("cards: [Vicious Entangle], tactics: [{do: \"card:Vicious Entangle\"}]"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {8, 3}}};  // 3 + 1 = 4: Minor
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Vicious Entangle: 4 physical damage to Foe")) << r.log;
  EXPECT_TRUE(has(r, "Foe is Restrained")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1);
}

TEST(DaggerheartCards, EnraptureCostsAStressAndMarksOneOnTheFoe) {
  const auto enc = encounter_from(duel("cards: [Enrapture], tactics: [{do: \"card:Enrapture\"}]"));
  ScriptedDice dice{{{12, 9}, {12, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[1].extra[dh::kExtraStressLeft], 2);
}

TEST(DaggerheartCards, ChokeholdNeedsNoRollAndKeepsTheSpotlight) {
  const auto enc = encounter_from(duel("cards: [Chokehold], tactics: [{do: \"card:Chokehold\"}]"));
  ScriptedDice dice{{}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe is Vulnerable")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  EXPECT_EQ(r.rec.resources[dh::kActionRolls], 0);
  EXPECT_EQ(r.rec.resources[dh::kGmTurns], 0);
}

TEST(DaggerheartCards, ArcaneBarrageHitsWithoutARollOncePerFight) {
  const auto enc = encounter_from("ruleset: daggerheart\nmax_rounds: 2\n"
                                  "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7}\n"
                                  "party:\n  - {name: Hero, hope: 4, primary: {damage: d4}, cards: [Book of Illiat], "
                                  "tactics: [{do: \"card:Book of Illiat\"}, {do: attack}]}\n"
                                  "foes:\n  - {name: Foe, difficulty: 30, thresholds: [5, 10], hp: 6, attack: {damage: 1}}\n");
  // Round 1: 2d6 = 3 + 4 = 7 (Major), no roll. Round 2: the card is spent, the d4 attack fails with Hope.
  ScriptedDice dice{{{6, 3}, {6, 4}, {12, 3}, {12, 2}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 2);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Book of Illiat").uses, 1);
}

TEST(DaggerheartCards, BookOfAvaRollsItsDicePerProficiency) {
  const auto enc = encounter_from(duel_raw("level: 5, proficiency: 2, spellcast: knowledge, traits: {knowledge: 2}, "
                                           "primary: {damage: d4}, cards: [Book of Ava], "
                                           "tactics: [{do: \"card:Book of Ava\"}]"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {10, 3}, {10, 4}}};  // 3 + 4 + 2 = 9: Major
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Book of Ava: 9 magic damage to Foe")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2);
}

// ---------------------------------------------------------------------------
// Attack cards

TEST(DaggerheartCards, RecklessBuysAdvantageForAStress) {
  const auto enc = encounter_from(duel("cards: [Reckless], tactics: [{do: \"card:Reckless\"}]"));
  // 4 + 3 + advantage d6 5 = 12 vs 10; d4 4: Minor.
  ScriptedDice dice{{{12, 4}, {12, 3}, {6, 5}, {4, 4}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hits, 1);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Reckless");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "primary").uses, 0);
}

TEST(DaggerheartCards, BoostAddsADieToTheHit) {
  const auto enc = encounter_from(duel("cards: [Boost], tactics: [{do: \"card:Boost\"}]"));
  // 4 + 3 + 5 = 12; d4 2 + d10 8 = 10: Severe.
  ScriptedDice dice{{{12, 4}, {12, 3}, {6, 5}, {4, 2}, {10, 8}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
}

TEST(DaggerheartCards, ForcefulPushMakesItsTargetVulnerableForAHope) {
  const auto enc = encounter_from(duel("cards: [Forceful Push], tactics: [{do: \"card:Forceful Push\"}]"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 4}, {6, 2}}};  // with Hope: the d6 joins
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe is Vulnerable")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 1);
}

// ---------------------------------------------------------------------------
// Reactions: a hit that would mark 2+ HP

TEST(DaggerheartCards, RuneWardCutsAHitByItsDieForAHope) {
  // The Hero fails with Fear; the foe's 12 damage is Severe (thresholds 11/12
  // at level 10): Rune Ward's d8 8 leaves 4, Minor: 1 HP.
  const auto enc = encounter_from(duel("cards: [Rune Ward]", "attack: {damage: 12}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {8, 8}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Rune Ward").healed, 2);
}

TEST(DaggerheartCards, GetBackUpLowersOnlyASevereHit) {
  const auto severe = encounter_from(duel("cards: [Get Back Up]", "attack: {damage: 12}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(severe, dice);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  const auto major = encounter_from(duel("cards: [Get Back Up]", "attack: {damage: 11}"));
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r2 = replay(major, dice2);
  EXPECT_EQ(r2.rec.combatants[0].damage_taken, 2) << r2.log;
  EXPECT_EQ(r2.rec.combatants[0].extra[dh::kExtraStressMarked], 0);
}

TEST(DaggerheartCards, ArcaneDeflectionNegatesOneHit) {
  const auto enc = encounter_from(duel("cards: [Book of Grynn]", "attack: {damage: 12}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
}

TEST(DaggerheartCards, CardsOffPlaysNoCard) {
  const auto enc = encounter_from(duel("cards: [Rune Ward]", "attack: {damage: 12}") + "");
  const auto off = encounter_from([&] {
    std::string y = duel("cards: [Rune Ward]", "attack: {damage: 12}");
    y.replace(y.find("hard_moves: false"), 17, "hard_moves: false, cards: false");
    return y;
  }());
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(off, dice);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 3) << r.log;
  EXPECT_EQ(enc.pcs[0].cards.size(), off.pcs[0].cards.size());
}

// ---------------------------------------------------------------------------
// Healing: the ally most in need, with 2+ HP marked

std::string healer(const std::string& card) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false}\n"
         "party:\n  - {name: Healer, level: 5, proficiency: 1, evasion: 40, spellcast: knowledge, "
         "traits: {knowledge: 2, presence: 2}, hope: 2, primary: {damage: d4}, cards: [\"" + card +
         "\"], tactics: [{do: \"card:" + card + "\"}]}\n"
         "  - {name: Tank, evasion: 0, hp: 6, armor: {thresholds: [5, 10], score: 0}, primary: {damage: d4}}\n"
         "foes:\n  - {name: Foe, difficulty: 30, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 12}}\n";
}

TEST(DaggerheartCards, InspirationalWordsClearsAnHpOnTheHurtAlly) {
  const auto enc = encounter_from(healer("Inspirational Words"));
  // The Tank (picked first) fails with Fear and takes 12: 3 HP. The Healer's card clears one, no roll.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].hp_left, 4) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Inspirational Words").healed, 1);
}

TEST(DaggerheartCards, HealingHandsClearsTwoHpOnASpellcastRoll) {
  const auto enc = encounter_from(healer("Healing Hands"));
  // The Tank fails with Fear, takes 3 HP; the Healer rolls 9 + 3 + 2 = 14 vs 13 and marks a Stress.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 9}, {12, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].hp_left, 5) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
}

TEST(DaggerheartCards, AHealIsNotPlayedWhenNoAllyHasTwoHpMarked) {
  // Tactics name the card, but with no one hurt (no HP or Stress marked) it
  // has no target: the Healer attacks. (Inspirational Words, once used here,
  // now has its Hope to give: daggerheart_blasts_test.cpp.)
  const auto enc = encounter_from(healer("Healing Hands"));
  // The Tank's critical; the Healer's attack fails with Hope; the foe's natural 1 misses.
  ScriptedDice dice{{{12, 12}, {12, 12}, {4, 1}, {12, 6}, {12, 5}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "plays")) << r.log;
}

// ---------------------------------------------------------------------------
// The choice between the weapon and a card (no tactics: the party's value rule)

TEST(DaggerheartCards, TheValueRulePicksADamagingSpellOverAWeakerWeapon) {
  const auto enc = encounter_from("ruleset: daggerheart\nmax_rounds: 1\n"
                                  "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7}\n"
                                  "party:\n  - {name: Hero, level: 3, spellcast: knowledge, traits: {knowledge: 2}, "
                                  "primary: {damage: d4}, cards: [Corrosive Projectile]}\n"
                                  "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, attack: {damage: 1}}\n");
  ScriptedDice dice{{{12, 9}, {12, 3}, {6, 2}, {6, 1}}};  // Proficiency 2 (level 3): 2 + 1 + 4 = 7, Major
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Corrosive Projectile")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2);
}

TEST(DaggerheartCards, TheValueRuleKeepsAStrongerWeapon) {
  const auto enc = encounter_from("ruleset: daggerheart\nmax_rounds: 1\n"
                                  "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7}\n"
                                  "party:\n  - {name: Hero, level: 3, spellcast: knowledge, traits: {knowledge: 2}, "
                                  "primary: {damage: d4+12, trait: knowledge}, cards: [Corrosive Projectile]}\n"
                                  "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 12], hp: 6, attack: {damage: 1}}\n");
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 2}, {4, 1}}};  // Proficiency 2 (level 3)
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "plays")) << r.log;
}

// A Restrained foe still acts where it stands (the SRD; `restrained: acts`), so
// Vicious Entangle (d8+1) is no better than a d6+3 weapon that marks the same
// HP, and the weapon wins the tie; when a Restrained foe loses its spotlight,
// the condition is worth a card. (The old rule counted a half HP either way.)
TEST(DaggerheartCards, ARestrainThatCostsTheFoeNothingDoesNotBeatAnEqualWeapon) {
  const auto fight = [](const std::string& restrained) {
    return encounter_from("ruleset: daggerheart\nmax_rounds: 1\n"
                          "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, restrained: " +
                          restrained +
                          "}\nparty:\n  - {name: Hero, level: 1, spellcast: knowledge, traits: {knowledge: 2}, "
                          "primary: {damage: d6+3, trait: knowledge}, cards: [Vicious Entangle]}\n"
                          "foes:\n  - {name: Foe, difficulty: 10, thresholds: [9, 14], hp: 6, attack: {damage: 1}}\n");
  };
  ScriptedDice acts{{{12, 9}, {12, 3}, {6, 2}}};
  const Replay weapon = replay(fight("acts"), acts);
  EXPECT_FALSE(has(weapon, "plays")) << weapon.log;
  EXPECT_EQ(weapon.rec.combatants[1].damage_taken, 1) << weapon.log;
  ScriptedDice loses{{{12, 9}, {12, 3}, {8, 2}}};
  const Replay card = replay(fight("loses_spotlight"), loses);
  EXPECT_TRUE(has(card, "Hero plays Vicious Entangle")) << card.log;
  EXPECT_TRUE(has(card, "Foe is Restrained")) << card.log;
}

// A single-target card is weighed on the weapon's target: aimed at the
// Captain (tactics: the most HP), Vicious Entangle (d8+1) and the d6+3 weapon
// each mark 1 HP there, so the weapon keeps the tie. The old rule let the card
// pick its own target (the Minions, whose spillover looked worth 2 HP) and
// played it away from the focus on every spotlight.
TEST(DaggerheartCards, ASingleTargetCardIsWeighedOnTheWeaponsTarget) {
  const auto enc = encounter_from(R"(ruleset: daggerheart
max_rounds: 1
options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7}
party:
  - name: Hero
    level: 1
    spellcast: knowledge
    traits: {knowledge: 2}
    primary: {damage: d6+3, trait: knowledge}
    cards: [Vicious Entangle]
    tactics: [{do: attack, target: highest_hp}]
foes:
  - {name: Captain, difficulty: 10, thresholds: [9, 14], hp: 6, attack: {damage: 1}}
  - name: Grunt
    type: minion
    difficulty: 10
    thresholds: none
    hp: 1
    attack: {damage: 1}
    count: 3
    features:
      - {name: Minion (3), kind: passive, minion: 3}
)");
  ScriptedDice dice{{{12, 9}, {12, 3}, {6, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "plays")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1) << r.log;  // the Captain
}

// A Rogue keeps the 3 Hope Rogue's Dodge needs: with 2 Hope it does not pay
// one for Rain of Blades in the first round, unless the reserve is 0.
TEST(DaggerheartCards, APcKeepsTheHopeItsClassFeatureNeeds) {
  for (const int reserve : {3, 0}) {
    const auto enc = encounter_from(
        "ruleset: daggerheart\nmax_rounds: 1\noptions: {tag_team: false, card_hope_reserve: " + std::to_string(reserve) +
        "}\nparty:\n  - {name: Rogue, class: rogue, traits: {finesse: 2}, hope: 2, primary: {damage: d4}, "
        "cards: [Rain of Blades]}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 2, "
        "attack: {damage: 1}, count: 2}\n");
    std::int64_t uses = 0;
    for (std::uint64_t t = 0; t < 40; ++t) {
      TrialRecord rec;
      rec.reset(enc.combatant_count(), enc.features().size());
      NullLog log;
      enc.simulate(5, t, rec, log);
      uses += testing::feature(enc.features(), rec, 0, "Rain of Blades").uses;
    }
    if (reserve == 3) {
      EXPECT_EQ(uses, 0);
    } else {
      EXPECT_EQ(uses, 40);
    }
  }
}

// ---------------------------------------------------------------------------
// The shipped encounter: a PC's features add up to its damage_dealt.

TEST(DaggerheartCards, TheShippedCardEncounterCountsCardDamageToItsPc) {
  const Scenario s = load_scenario(ENCSIM_SOURCE_DIR "/scenarios/daggerheart/bandit-ambush-cards.yaml",
                                        ruleset_ids());
  const dh::Encounter enc = dh::compile(s, s.variants.at(0));
  std::int64_t card_uses = 0;
  for (std::uint64_t t = 0; t < 200; ++t) {
    TrialRecord rec;
    rec.reset(enc.combatant_count(), enc.features().size());
    NullLog log;
    enc.simulate(3, t, rec, log);
    for (int i = 0; i < static_cast<int>(enc.pcs.size()); ++i) {
      std::int64_t sum = 0;
      for (std::size_t f = 0; f < enc.features().size(); ++f)
        if (enc.features()[f].owner == i) sum += rec.features[f].damage;
      EXPECT_EQ(sum, rec.combatants[static_cast<std::size_t>(i)].damage_dealt) << "PC " << i << " trial " << t;
      for (const dh::PcCard& c : enc.pcs[static_cast<std::size_t>(i)].cards)
        if (c.feat >= 0) card_uses += rec.features[static_cast<std::size_t>(c.feat)].uses;
    }
  }
  EXPECT_GT(card_uses, 200);
}

}  // namespace
}  // namespace encsim
