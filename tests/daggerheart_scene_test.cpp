// Daggerheart passives that need the fight's surroundings (`passive: {scene:
// low_light|natural|tracked}`), as a scenario's options state them (`light`,
// `natural_place`, `foes_tracked`): Shadowhunter, Gifted Tracker and
// Sage-Touched's +2 to Spellcast rolls; Shadowhunter's `attack_advantage`
// replayed on scripted dice; the options' and the key's errors.
#include <gtest/gtest.h>

#include <string>

#include "daggerheart_replay.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::encounter_from;
using testing::has;
using testing::message_of;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;

// Hero (level 8, Evasion 10, a d4, Agility 0, no armor; HERO adds to it)
// against Foe (Difficulty 10, 6 HP, thresholds 5/10, an attack of 1 that
// never hits: atk -20) for one round; OPTIONS join the options.
std::string fight(const std::string& options, const std::string& hero) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false, "
         "class_features: false" + options + "}\n"
         "party:\n  - {name: Hero, level: 8, proficiency: 1, hp: 6, stress: 6, evasion: 10, spellcast: instinct, "
         "traits: {agility: 0, instinct: 1}, primary: {damage: d4}, armor: {thresholds: [5, 10], score: 0}, " + hero + "}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: -20, attack: {damage: 1}}\n";
}

// ---------------------------------------------------------------------------
// Shadowhunter: +1 Evasion and advantage on attack rolls in low light

TEST(DaggerheartScene, ShadowhunterHoldsInLowLightOnly) {
  const std::string hero = "cards: [Shadowhunter]";
  const auto dark = encounter_from(fight(", light: dark", hero));
  const auto dim = encounter_from(fight(", light: dim", hero));
  const auto bright = encounter_from(fight(", light: bright", hero));
  const auto unsaid = encounter_from(fight("", hero));
  const auto none = encounter_from(fight(", light: dark", "cards: []"));
  EXPECT_EQ(dark.pcs[0].evasion, none.pcs[0].evasion + 1);
  EXPECT_EQ(dim.pcs[0].evasion, none.pcs[0].evasion + 1);
  EXPECT_TRUE(dark.pcs[0].primary.advantage);
  EXPECT_TRUE(dark.pcs[0].attack_advantage);
  EXPECT_EQ(bright.pcs[0].evasion, none.pcs[0].evasion);
  EXPECT_EQ(unsaid.pcs[0].evasion, none.pcs[0].evasion);  // bright by default
  EXPECT_FALSE(bright.pcs[0].primary.advantage);
  const std::string text = bright.describe();
  EXPECT_NE(text.find("OFF HERE: its passive needs low light (options: light: dim or dark)"), std::string::npos) << text;
  EXPECT_EQ(dark.describe().find("OFF HERE"), std::string::npos);
}

// In the dark the weapon attack rolls an advantage d6: 5 + 3 + 4 = 12 beats
// Foe's 10 (without it, 8 fails). Old code: not modelled, the attack misses.
TEST(DaggerheartScene, ShadowhunterAttacksWithAdvantageInTheDark) {
  const auto enc = encounter_from(fight(", light: dark", "cards: [Shadowhunter]"));
  ScriptedDice dice{{{12, 5}, {12, 3}, {6, 4}, {4, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero rolls Hope 5, Fear 3 +0 + advantage = 12 vs 10: success with Hope")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1) << r.log;
}

// A spell rolled at a foe to harm it is an attack roll: Vicious Entangle's
// Spellcast roll gets the advantage die too (4 + 3 + 1 + 3 = 11 against 10).
TEST(DaggerheartScene, ShadowhuntersAdvantageJoinsASpellAtAFoe) {
  const auto enc = encounter_from(fight(", light: dim", "cards: [Shadowhunter, Vicious Entangle], "
                                                        "tactics: [{do: \"card:Vicious Entangle\"}]"));
  ScriptedDice dice{{{12, 4}, {12, 3}, {6, 3}, {8, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Vicious Entangle")) << r.log;
  EXPECT_TRUE(has(r, "+ advantage = 11 vs 10: success with Hope")) << r.log;
  EXPECT_TRUE(has(r, "Foe is Restrained")) << r.log;
}

// ---------------------------------------------------------------------------
// Gifted Tracker: +1 Evasion against foes the PC tracked

TEST(DaggerheartScene, GiftedTrackerHoldsAgainstTrackedFoes) {
  const auto tracked = encounter_from(fight(", foes_tracked: true", "cards: [Gifted Tracker]"));
  const auto untracked = encounter_from(fight("", "cards: [Gifted Tracker]"));
  const auto none = encounter_from(fight(", foes_tracked: true", "cards: []"));
  EXPECT_EQ(tracked.pcs[0].evasion, none.pcs[0].evasion + 1);
  EXPECT_EQ(untracked.pcs[0].evasion, none.pcs[0].evasion);
  const std::string text = untracked.describe();
  EXPECT_NE(text.find("OFF HERE: its passive needs foes the PCs tracked (options: foes_tracked: true)"), std::string::npos)
      << text;
}

// ---------------------------------------------------------------------------
// Sage-Touched: +2 to Spellcast rolls in a natural place (four Sage cards)

TEST(DaggerheartScene, SageTouchedAddsTwoToSpellcastRollsInANaturalPlace) {
  const std::string four = "cards: [Sage-Touched, Gifted Tracker, Nature's Tongue, Vicious Entangle]";
  const auto wild = encounter_from(fight(", natural_place: true", four));
  const auto town = encounter_from(fight("", four));
  const auto three = encounter_from(fight(", natural_place: true", "cards: [Sage-Touched, Gifted Tracker, Thorn Skin]"));
  EXPECT_EQ(wild.pcs[0].spellcast_bonus, town.pcs[0].spellcast_bonus + 2);
  EXPECT_EQ(three.pcs[0].spellcast_bonus, town.pcs[0].spellcast_bonus);  // inert: three Sage cards of the four
  EXPECT_NE(town.describe().find("OFF HERE: its passive needs a natural place"), std::string::npos) << town.describe();
}

// ---------------------------------------------------------------------------
// Errors

TEST(DaggerheartScene, TheSurroundingsAreChecked) {
  const std::string light = message_of([] { encounter_from(fight(", light: dusk", "cards: []")); });
  EXPECT_NE(light.find("light"), std::string::npos) << light;
  EXPECT_NE(light.find("dusk"), std::string::npos) << light;
  const std::string tracked = message_of([] { encounter_from(fight(", foes_tracked: yes please", "cards: []")); });
  EXPECT_NE(tracked, "(no error)");
  const std::string typo = message_of([] { encounter_from(fight(", natural_palce: true", "cards: []")); });
  EXPECT_NE(typo.find("natural_place"), std::string::npos) << typo;  // did you mean
  EXPECT_EQ(testing::card_error("when: passive, passive: {evasion: 1, scene: tracked}"), "(no error)");
  const std::string scene = testing::card_error("when: passive, passive: {evasion: 1, scene: lowlight}");
  EXPECT_NE(scene.find("low_light"), std::string::npos) << scene;  // did you mean
  EXPECT_EQ(testing::card_error("when: passive, passive: {attack_advantage: true, scene: low_light}"), "(no error)");
}

TEST(DaggerheartScene, TheLibraryModelsTheCards) { testing::expect_modelled({"Shadowhunter", "Gifted Tracker"}); }

}  // namespace
}  // namespace encsim
