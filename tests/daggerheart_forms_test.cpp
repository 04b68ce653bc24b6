// Daggerheart's forms, wards and death turned back (play_forms.hpp): Specter
// of the Dark (`spectral`), Force of Nature (a stance's `hope_per_roll`,
// `kill_armor`, `no_restrained`), Tempest (`storm`), Resurrection (`revive`,
// `spent_on_fail`), each on scripted dice where it fires, and the keys' errors.
#include <gtest/gtest.h>

#include <string>

#include "daggerheart_replay.hpp"
#include "feature_lookup.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::encounter_from;
using testing::fight;
using testing::has;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;

// A PC named NAME (HP 6, Evasion 10, thresholds 5/11, ARMOR slots, a d4) with BODY.
std::string pc(const std::string& name, const std::string& body, int armor = 0) {
  return "  - {name: " + name + ", level: 10, proficiency: 1, hp: 6, evasion: 10, primary: {damage: d4}, "
         "armor: {thresholds: [5, 11], score: " + std::to_string(armor) + "}" + (body.empty() ? "" : ", " + body) + "}\n";
}

std::string foe(const std::string& name, int difficulty, int hp, int damage = 6) {
  return "  - {name: " + name + ", difficulty: " + std::to_string(difficulty) + ", thresholds: [10, 20], hp: " +
         std::to_string(hp) + ", stress: 3, atk: 0, attack: {damage: " + std::to_string(damage) + "}}\n";
}

// ---------------------------------------------------------------------------
// Specter of the Dark

// The foes attack PCs at random (`restrained`: the last listed on these
// streams), and the last listed acts first. Hero, 3 HP left, weighs Spectral
// (its foe's Severe hit, half the time a GM turn comes, less a Stress) above
// its weapon (Difficulty 24) and plays it: no roll. Pal fails with Fear; the
// foe's hit on Hero marks nothing (the Severe hit would have marked its 3 HP
// left: the card's `healed`). Round 2: Hero's weapon attack roll ends the
// form. Old code: not modelled.
TEST(DaggerheartForms, SpecterOfTheDarkIsImmuneToPhysicalDamageUntilItRollsAtAFoe) {
  const std::string party = pc("Pal", "") + pc("Hero", "marked: {hp: 3}, spellcast: knowledge, cards: [\"Specter of the Dark\"]");
  std::string y = fight(party, foe("Foe", 24, 6, 22), 2, ", fear_start: 0");
  y += "style: {foes: restrained}\n";
  const auto enc = encounter_from(y);
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 2}}};
  dice.lenient = true;  // what follows the form's end: not pinned
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Specter of the Dark")) << r.log;
  EXPECT_TRUE(has(r, "Specter of the Dark: Hero is Spectral: immune to physical damage until it makes an action roll at another creature")) << r.log;
  EXPECT_TRUE(has(r, "22 damage to Hero: Spectral (Specter of the Dark), no HP marked")) << r.log;
  EXPECT_TRUE(has(r, "Hero is no longer Spectral (an action roll at another creature)")) << r.log;
  EXPECT_LT(r.log.find("no HP marked"), r.log.find("no longer Spectral")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 1, "Specter of the Dark");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  EXPECT_EQ(f.healed, 3);
  EXPECT_EQ(f.conditions, 1);
}

// Alone, no other PC's roll can pass the spotlight to the GM while Hero is
// Spectral: the form is worth nothing and Hero attacks.
TEST(DaggerheartForms, ALonePcDoesNotTurnSpectral) {
  const auto enc = encounter_from(fight(pc("Hero", "marked: {hp: 3}, spellcast: knowledge, cards: [\"Specter of the Dark\"]"),
                                        foe("Foe", 24, 6, 22), 1, ", fear_start: 0"));
  ScriptedDice dice{{{12, 1}, {12, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "plays Specter of the Dark")) << r.log;
}

// ---------------------------------------------------------------------------
// Force of Nature

// As the spotlight begins Hero (2 Hope) marks a Stress for the form; before
// its attack roll it spends a Hope; the hit (2 on the d4, +10) marks 2 HP on
// Foe (thresholds 10/20), its last: Hero absorbs it and clears its marked
// Armor Slot. Old code: not modelled (no form, 2 damage marks 1 HP).
TEST(DaggerheartForms, ForceOfNatureAddsTenDamageForAHopeARollAndAbsorbsTheFoesItDefeats) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 2, marked: {armor: 1}, spellcast: instinct, cards: [\"Force of Nature\"]", 2),
                                        foe("Foe", 10, 2)));
  ScriptedDice dice{{{12, 10}, {12, 3}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Force of Nature until it can't spend a Hope before an action roll: +10 to damage rolls")) << r.log;
  EXPECT_TRUE(has(r, "Hero spends 1 Hope to hold Force of Nature (1 left)")) << r.log;
  EXPECT_TRUE(has(r, "Force of Nature: +10")) << r.log;
  EXPECT_TRUE(has(r, "Force of Nature: Hero absorbs Foe and clears 1 Armor Slot (2 of 2 left)")) << r.log;
  EXPECT_TRUE(r.rec.combatants[1].dead);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Force of Nature");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 2);  // the Stress and the Hope
  EXPECT_EQ(f.healed, 1);  // the Armor Slot
}

// With one Hope, the form is taken and that Hope spent before the first roll
// (a failure with Fear); Biter's Bite, which restrains, leaves the spirit
// free. Round 2: no Hope before the roll: the form ends first.
TEST(DaggerheartForms, ForceOfNatureCannotBeRestrainedAndEndsWithoutAHope) {
  const std::string biter = "  - {name: Biter, difficulty: 10, thresholds: [20, 30], hp: 9, atk: 0, attack: {damage: 1}, "
                            "features: [{name: Bite, kind: action, effect: attack, damage: 16, condition: restrained}]}\n";
  const auto enc = encounter_from(fight(pc("Hero", "hope: 1, spellcast: instinct, cards: [\"Force of Nature\"]"), biter, 2,
                                        ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero spends 1 Hope to hold Force of Nature (0 left)")) << r.log;
  EXPECT_TRUE(has(r, "Hero can't be Restrained (Force of Nature)")) << r.log;
  EXPECT_FALSE(has(r, "Hero is Restrained")) << r.log;
  EXPECT_TRUE(has(r, "Hero's Force of Nature ends (no Hope to spend before a roll)")) << r.log;
  EXPECT_EQ(testing::count(r, "Hero plays Force of Nature"), 1) << r.log;  // not taken again with no Hope
}

// The form's Hope comes before any other Hope spent on the roll. Hero holds
// one Hope and an Experience it would spend it on (experience_min_hope 1):
// it pays the form instead, keeps it, and its hit carries the +10. Old code
// spent the Hope on the Experience, then found none for the form, which
// ended before the roll.
TEST(DaggerheartForms, ForceOfNaturePaysItsHopeBeforeAnExperience) {
  const std::string yaml =
      "ruleset: daggerheart\nmax_rounds: 1\n"
      "options: {tag_team: false, experience_min_hope: 1, help_min_hope: 7, hard_moves: false, "
      "hope_features: false, class_features: false, adversary_experiences: false}\n"
      "party:\n" + pc("Hero", "hope: 1, experiences: {Brawler: 2}, spellcast: instinct, cards: [\"Force of Nature\"]") +
      "foes:\n" + foe("Foe", 10, 9);
  const auto enc = encounter_from(yaml);
  ScriptedDice dice{{{12, 10}, {12, 3}, {4, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero spends 1 Hope to hold Force of Nature (0 left)")) << r.log;
  EXPECT_FALSE(has(r, "spends a Hope on an Experience")) << r.log;
  EXPECT_FALSE(has(r, "Force of Nature ends")) << r.log;
  EXPECT_TRUE(has(r, "Force of Nature: +10")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
}

// ---------------------------------------------------------------------------
// Tempest

// The cast (3 + 10 + 2 = 15 against 10) succeeds with Fear on both foes:
// 2d20+8 each (18, above their Major 10: 2 HP), and both are caught in the
// storm. The GM holds 1 Fear and keeps 1: the storm stands, and after B's
// spotlight (a miss) both are still Vulnerable as the round ends (a
// spotlight clears a card's Vulnerable otherwise). Old code: not modelled.
TEST(DaggerheartForms, TempestKeepsItsTargetsVulnerableThroughTheirSpotlights) {
  const auto enc = encounter_from(fight(pc("Hero", "spellcast: knowledge, traits: {knowledge: 2}, cards: [Tempest], "
                                               "tactics: [{do: \"card:Tempest\"}, {do: attack}]"),
                                        foe("A", 10, 6) + foe("B", 10, 6), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 3}, {12, 10}, {20, 5}, {20, 5}, {20, 5}, {20, 5}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Tempest")) << r.log;
  EXPECT_TRUE(has(r, "A is caught in Hero's storm: Vulnerable until the GM ends the spell")) << r.log;
  EXPECT_TRUE(has(r, "B is caught in Hero's storm")) << r.log;
  EXPECT_FALSE(has(r, "to end Hero's Tempest")) << r.log;
  EXPECT_TRUE(has(r, ": miss")) << r.log;
  EXPECT_LT(r.log.find("B attacks"), r.log.find("B: HP 4/6, Stress 0/3, Vulnerable")) << r.log;  // the end-of-round status
  EXPECT_TRUE(has(r, "A: HP 4/6, GM Fear 1, Stress 0/3, Vulnerable")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Tempest");
  EXPECT_EQ(f.conditions, 2);
  EXPECT_EQ(f.damage, 4);
}

// With a Fear to spare (1 at the start, 1 from the cast, none kept), the GM
// ends the storm as its turn begins: two Vulnerable foes (a half HP each)
// cost it more than a Fear (0.3).
TEST(DaggerheartForms, TheGmSpendsAFearToEndTheStorm) {
  const auto enc = encounter_from(fight(pc("Hero", "spellcast: knowledge, traits: {knowledge: 2}, cards: [Tempest], "
                                               "tactics: [{do: \"card:Tempest\"}, {do: attack}]"),
                                        foe("A", 10, 6) + foe("B", 10, 6), 1, ", fear_start: 1, fear_reserve: 0"));
  ScriptedDice dice{{{12, 3}, {12, 10}, {20, 5}, {20, 5}, {20, 5}, {20, 5}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "The GM spends a Fear to end Hero's Tempest (1 left)")) << r.log;
  EXPECT_LT(r.log.find("caught in Hero's storm"), r.log.find("to end Hero's Tempest")) << r.log;
}

// ---------------------------------------------------------------------------
// Resurrection

// Ally (listed last: it acts first, and the foes' random target) fails with
// Fear; Foe's hit takes its last HP and it Risks It All and dies (Fear 12).
// Hero casts Resurrection: 11 + 9 + 2 = 22 against 20; the d6 (6) keeps the
// card. Ally returns with its 6 HP cleared. Old code: a dead PC stays dead.
TEST(DaggerheartForms, ResurrectionBringsBackAnAllyThatDiedInTheFight) {
  const std::string party = pc("Hero", "spellcast: knowledge, traits: {knowledge: 2}, cards: [Resurrection], "
                                       "tactics: [{do: \"card:Resurrection\"}, {do: attack}]") +
                            pc("Ally", "marked: {hp: 5}, death_move: risk_it_all");
  std::string y = fight(party, foe("Foe", 10, 6), 1, ", fear_start: 0");
  y += "style: {foes: restrained}\n";
  const auto enc = encounter_from(y);
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 12}, {12, 11}, {12, 9}, {6, 6}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Ally Risks It All: Hope 1 < Fear 12, and dies")) << r.log;
  EXPECT_TRUE(has(r, "Hero plays Resurrection")) << r.log;
  EXPECT_TRUE(has(r, "Resurrection: Ally returns from death (6 HP and 0 Stress cleared)")) << r.log;
  EXPECT_TRUE(has(r, "it stays in the loadout")) << r.log;
  EXPECT_FALSE(r.rec.combatants[1].dead) << r.log;
  EXPECT_FALSE(r.rec.combatants[1].down) << r.log;
  EXPECT_EQ(r.rec.combatants[1].hp_left, 6);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Resurrection");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 6);
}

// A d6 of 5 or lower sends the card away after the revival; a failed cast
// (2 + 3 + 2 = 7) spends it for the session: round 2, Hero attacks.
TEST(DaggerheartForms, ResurrectionIsLostOnALowD6OrAFailure) {
  const std::string party = pc("Hero", "spellcast: knowledge, traits: {knowledge: 2}, cards: [Resurrection], "
                                       "tactics: [{do: \"card:Resurrection\"}, {do: attack}]") +
                            pc("Ally", "marked: {hp: 5}, death_move: risk_it_all");
  std::string y = fight(party, foe("Foe", 10, 6), 1, ", fear_start: 0");
  y += "style: {foes: restrained}\n";
  {
    const auto enc = encounter_from(y);
    ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 12}, {12, 11}, {12, 9}, {6, 5}}};
    const Replay r = replay(enc, dice);
    EXPECT_TRUE(has(r, "Ally returns from death")) << r.log;
    EXPECT_TRUE(has(r, "the card goes to the vault after this use")) << r.log;
  }
  y.replace(y.find("max_rounds: 1"), 13, "max_rounds: 2");
  const auto enc = encounter_from(y);
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 12}, {12, 2}, {12, 3}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Resurrection fails: it can't be cast again until the session ends")) << r.log;
  EXPECT_EQ(testing::count(r, "Hero plays Resurrection"), 1) << r.log;
  EXPECT_TRUE(r.rec.combatants[1].dead) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Resurrection");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 0);
}

// ---------------------------------------------------------------------------
// The new keys' errors

TEST(DaggerheartForms, TheFormKeysAreChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body, "Sage", "Spell"); };
  auto says = [&](const std::string& body, const std::string& what) {
    const std::string m = msg(body);
    EXPECT_NE(m.find(what), std::string::npos) << body << " -> " << m;
  };
  EXPECT_EQ(msg("target: self, stress: 1, spectral: physical"), "(no error)");
  says("target: enemy, damage: d6, spectral: physical", "spectral goes with an action at `target: self`");
  says("roll: spellcast, target: self, spectral: physical", "spectral goes with");
  says("target: self, heal_hp: 1, spectral: magic", "spectral goes with");
  EXPECT_NE(msg("target: self, spectral: fire"), "(no error)");
  EXPECT_EQ(msg("when: reaction, trigger: spotlight, stress: 1, fight_damage: 10, hope_per_roll: 1, kill_armor: 1, no_restrained: true"),
            "(no error)");
  says("target: self, heal_hp: 1, hope_per_roll: 1", "hope_per_roll goes with a stance");
  says("when: reaction, trigger: spotlight, fight_damage: 10, hope_per_roll: 0", "hope_per_roll goes with a stance");
  says("target: self, heal_hp: 1, kill_armor: 1", "kill_armor goes with a stance");
  says("target: self, heal_hp: 1, no_restrained: true", "no_restrained goes with a stance");
  EXPECT_EQ(msg("roll: spellcast, target: enemies, range: far, damage: 2d20+8, vulnerable: true, storm: true"), "(no error)");
  says("roll: spellcast, target: enemies, damage: d6, storm: true", "storm goes with");
  says("target: enemies, damage: d6, vulnerable: true, storm: true", "storm goes with");
  EXPECT_EQ(msg("roll: spellcast, difficulty: 20, target: ally, revive: true, pay_on: success, vault_on: 5, refresh: session, "
                "spent_on_fail: true"),
            "(no error)");
  says("roll: spellcast, target: ally, revive: true, heal_hp: 2", "revive goes with");
  says("target: ally, revive: true", "revive goes with");
  says("roll: spellcast, target: party, revive: true", "revive goes with");
  says("target: self, heal_hp: 1, spent_on_fail: true", "spent_on_fail goes with an action that rolls");
  says("roll: spellcast, target: ally, heal_hp: 1, pay_on: success", "`pay_on: success` goes with");
}

}  // namespace
}  // namespace encsim
