// Daggerheart subclass and ancestry features that guard and lift the party
// (play_feats.hpp, play_defence.hpp, play_attack.hpp): Luckbringer and Maestro
// (`trigger: session_start`), Eloquent (`trigger: help`, `free_help`), Epic
// Poetry (`passive: {rally_die, help_die}`), Power of the Gods (`replaces`),
// Defender (`only_while: beastform`, `ally_marks`), Elemental Incarnation,
// Aura and Dominion of Water and Earth (`fight_splash_stress`, `aura_trait`,
// `only_while: stance`) and Transcendence (a spotlight stance), each on
// scripted dice; the new keys' errors.
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
using testing::has;
using testing::hero_first;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;
namespace dh = daggerheart;

// HERO (its body) and Pal (level 1, thresholds 1/2, no Armor Slot, HP 6; PAL
// adds to it) against FOES (by default one foe with atk +0, Difficulty 10,
// thresholds 5/10, HP 6, Stress 3, attack 6), in one round, with no class
// Hope feature, class feature, Experience, help (OPTS may change it) or Tag Team.
const std::string kFoe = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n";
std::string team(const std::string& hero, const std::string& pal, const std::string& foes = kFoe,
                 const std::string& opts = "help_min_hope: 7") {
  std::string y = "ruleset: daggerheart\nmax_rounds: 1\n"
                  "options: {tag_team: false, experience_min_hope: 7, hard_moves: false, "
                  "hope_features: false, class_features: false, " + opts + "}\n";
  y += "party:\n  - {name: Hero, primary: {damage: d4}, armor: {thresholds: [5, 11], score: 3}, " + hero + "}\n";
  y += "  - {name: Pal, level: 1, hp: 6, armor: {thresholds: [1, 2], score: 0}, primary: {damage: d4}" +
       (pal.empty() ? std::string() : ", " + pal) + "}\n";
  return y + "foes:\n" + foes;
}

// ---------------------------------------------------------------------------
// session_start: Luckbringer (Halfling), Maestro (Troubadour)

// Luckbringer: as the fight (a session of its own) begins, every PC, the
// halfling too, gains a Hope: 2 become 3. Old code: not modelled.
TEST(DaggerheartFeats, LuckbringerGivesEveryPcAHopeAsTheSessionBegins) {
  const auto enc = encounter_from(team("level: 1, hope: 2, ancestry: Halfling", "hope: 2"));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero's Luckbringer as the session begins")) << r.log;
  EXPECT_TRUE(has(r, "  Hero gains 1 Hope (3)")) << r.log;
  EXPECT_TRUE(has(r, "  Pal gains 1 Hope (3)")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Luckbringer").uses, 1);
  // Without the halfling, no Hope.
  const auto plain = encounter_from(team("level: 1, hope: 2", "hope: 2"));
  ScriptedDice dice2{{}, true};
  EXPECT_FALSE(has(replay(plain, dice2), "gains 1 Hope (3)"));
}

// Maestro: the bard's Rally Dice come with a gift to each ally: Pal, with 2
// Stress marked, clears one (worth more than a Hope); with none, it gains a
// Hope. The bard itself gets nothing. Old code: not modelled.
TEST(DaggerheartFeats, MaestroClearsAStressOrGivesAHopeToEachAlly) {
  const std::string bard = "class: bard, subclass: Troubadour, level: 5, hope: 2, marked: {stress: 1}, cards: []";
  const auto enc = encounter_from(team(bard, "hope: 2, marked: {stress: 2}"));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero's Maestro as the session begins")) << r.log;
  EXPECT_TRUE(has(r, "  Pal clears 1 Stress")) << r.log;
  EXPECT_FALSE(has(r, "  Hero clears 1 Stress")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Maestro");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 1);
  const auto calm = encounter_from(team(bard, "hope: 2"));
  ScriptedDice dice2{{}, true};
  const Replay k = replay(calm, dice2);
  EXPECT_TRUE(has(k, "  Pal gains 1 Hope (3)")) << k.log;
}

// ---------------------------------------------------------------------------
// Help: Eloquent (`free_help`), Epic Poetry (`help_die`, `rally_die`)

// Eloquent: nobody helps with Hope (help_min_hope 7); Pal's attack gets the
// bard's free Help: an advantage d6 (6) turns 1 + 2 into a 9 ... still a
// failure at Difficulty 10 and no Hope spent; once a session only.
TEST(DaggerheartFeats, EloquentHelpsAnAllyOnceWithoutHope) {
  const std::string bard = "class: bard, subclass: Wordsmith, level: 5, hope: 2, cards: []";
  const auto enc = encounter_from(team(bard, ""));
  ScriptedDice dice{{{12, 1}, {12, 2}, {6, 6}}, true};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Eloquent: helps without a Hope (advantage)")) << r.log;
  EXPECT_TRUE(has(r, "Pal rolls Hope 1, Fear 2 +0 + advantage = 9 vs 10")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentHelp], 0);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Eloquent").uses, 1);
  // Below the specialization (level 1): no free Help, no advantage die.
  const auto low = encounter_from(team("class: bard, subclass: Wordsmith, level: 1, hope: 2, cards: []", ""));
  ScriptedDice dice2{{{12, 1}, {12, 2}}, true};
  EXPECT_FALSE(has(replay(low, dice2), "Eloquent"));
}

// Epic Poetry: the bard's Rally Die is a d10, and when it Helps (with a Hope:
// help_min_hope 1) its advantage die is a d10 (8): 1 + 2 + 8 = 11, a success.
// Old code: a d6 would be asked for, and the Rally Die would be a d8.
TEST(DaggerheartFeats, EpicPoetryHelpsWithAD10) {
  const std::string bard = "class: bard, subclass: Wordsmith, level: 8, hope: 3, cards: []";
  const auto enc = encounter_from(team(bard, "hope: 0", kFoe, "help_min_hope: 1"));
  EXPECT_EQ(enc.pcs.at(0).rally_die, 10);
  ScriptedDice dice{{{12, 1}, {12, 2}, {10, 8}}, true};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero spends a Hope to help (advantage)")) << r.log;
  EXPECT_TRUE(has(r, "Epic Poetry: Hero's advantage die is a d10")) << r.log;
  EXPECT_TRUE(has(r, "Pal rolls Hope 1, Fear 2 +0 + advantage = 11 vs 10")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Epic Poetry").uses, 1);
}

// ---------------------------------------------------------------------------
// replaces: Power of the Gods

// A level-8 Winged Sentinel (Proficiency 1): after a hit of 2, a Hope buys a
// d12 (7), not Wings of Light's d8: 9, Major. Old code: a d8.
TEST(DaggerheartFeats, PowerOfTheGodsRollsAD12InsteadOfWingsOfLight) {
  const auto enc = encounter_from(team("class: seraph, subclass: Winged Sentinel, level: 8, proficiency: 1, hope: 2, cards: []",
                                       "", kFoe));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 2}, {12, 7}}, true};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Hero plays Power of the Gods")) << r.log;
  EXPECT_FALSE(has(r, "Wings of Light")) << r.log;
  EXPECT_TRUE(has(r, "Hero plays Power of the Gods: +7 damage")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Power of the Gods").uses, 1);
  for (const dh::PcCard& c : enc.pcs.at(0).cards)
    if (c.def->name == "Wings of Light") {
      EXPECT_FALSE(c.live());
    }
}

// ---------------------------------------------------------------------------
// Defender (Warden of Renewal): only_while: beastform, ally_marks: 2

// The druid takes its Beastform as its spotlight begins, fails with Fear;
// the foe's 6 would mark 3 HP on Pal (1/2): a Stress makes it 2. Out of
// Beastform (beastform: none) it does nothing.
TEST(DaggerheartFeats, DefenderSparesAnAllyAnHpInBeastform) {
  const std::string druid = "class: druid, subclass: Warden of Renewal, level: 8, proficiency: 1, cards: [], beastform: Agile Scout";
  const auto enc = encounter_from(team(druid, ""));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}, true};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Hero plays Defender: Pal's hit is 1 threshold(s) lower")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Defender");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 1);
  const auto human = encounter_from(team("class: druid, subclass: Warden of Renewal, level: 8, proficiency: 1, cards: [], beastform: none", ""));
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}}, true};
  const Replay k = replay(human, dice2, hero_first());
  EXPECT_FALSE(has(k, "Defender")) << k.log;
}

// ---------------------------------------------------------------------------
// Warden of the Elements: water and earth

// A level-8 water warden (Proficiency 1, a Melee d4) against Foe and Two
// (Difficulty 10): it Channels water as its spotlight begins (a Stress), hits
// a foe (Hope 9, Fear 3; d4 3): the other, beside it, marks a Stress. Then a
// foe's attack hits it: a Stress makes that foe Vulnerable (Elemental Dominion: Water).
TEST(DaggerheartFeats, WaterWardenStressesTheFoesBesideAndMakesAnAttackerVulnerable) {
  const std::string druid =
      "class: druid, subclass: Warden of the Elements, element: water, level: 8, proficiency: 1, stress: 6, cards: [], beastform: none";
  const std::string foes = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 10, attack: {damage: 3}}\n"
                           "  - {name: Two, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 10, attack: {damage: 3}}\n";
  const auto enc = encounter_from(team(druid, "evasion: 30", foes));  // the foes turn to the druid
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 3}}, true};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Hero plays Elemental Incarnation: Water until it takes Severe damage")) << r.log;
  EXPECT_TRUE(has(r, "Hero's Elemental Incarnation: Water: Foe, beside Two, marks 1 Stress")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Elemental Incarnation: Water").conditions, 1);
  // Hero fails with Fear; both foes (+10, d20 15s) hit it (Pal's Evasion 30 turns them away): each becomes Vulnerable.
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}, {20, 15}}, true};
  const Replay k = replay(enc, dice2, hero_first());
  EXPECT_TRUE(has(k, "Hero plays Elemental Dominion: Water against")) << k.log;
  EXPECT_TRUE(has(k, "is Vulnerable")) << k.log;
  EXPECT_EQ(testing::feature(enc.features(), k.rec, 0, "Elemental Dominion: Water").conditions, 2);  // both hit it
}

// Elemental Aura: Earth: the earth warden Channels and assumes the aura; Pal's
// Strength attack then rolls at +1 (Strength 0). Old code: +0.
TEST(DaggerheartFeats, EarthAuraGivesTheAlliesStrength) {
  const std::string druid =
      "class: druid, subclass: Warden of the Elements, element: earth, level: 5, proficiency: 1, cards: [], beastform: none";
  std::string y = team(druid, "traits: {strength: 0}");
  y.replace(y.find("primary: {damage: d4}, traits"), 21, "primary: {damage: d4, trait: strength}");
  const auto enc = encounter_from(y);
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 1}, {12, 1}, {12, 2}}, true};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Hero assumes Elemental Aura: Earth until its Elemental Incarnation: Earth ends")) << r.log;
  EXPECT_TRUE(has(r, "Pal rolls Hope 1, Fear 2 +1 = 4 vs 10")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Elemental Aura: Earth").uses, 1);
}

// ---------------------------------------------------------------------------
// Transcendence (Elemental Origin): a spotlight stance, once a long rest

// As its spotlight begins the sorcerer transforms: +1 Proficiency (two d4s on
// its hit) and +2 Evasion. Old code: not modelled (one d4).
TEST(DaggerheartFeats, TranscendenceAddsProficiencyAndEvasion) {
  const auto enc = encounter_from(team("class: sorcerer, subclass: Elemental Origin, level: 8, proficiency: 1, hope: 0, cards: []", ""));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 2}, {4, 2}}, true};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Hero plays Transcendence until the fight ends: +0 to its thresholds, +1 Proficiency, +2 Evasion")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Transcendence").uses, 1);
}

// ---------------------------------------------------------------------------
// Restoration (Splendor 6): tokens equal to the Spellcast trait (`uses_trait: spellcast`)

// A seraph (as many tokens as its Strength, its Spellcast trait) touches Pal, 3 HP marked: 2 cleared, a
// token spent. Old code: not modelled.
TEST(DaggerheartFeats, RestorationSpendsATokenToClearTwoHp) {
  const std::string seraph = "class: seraph, level: 6, proficiency: 1, traits: {strength: 2}, cards: [Restoration], "
                             "tactics: [{do: \"card:Restoration\"}]";
  const auto enc = encounter_from(team(seraph, "marked: {hp: 3}"));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Restoration clears 2 HP on Pal")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Restoration");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 2);
  std::size_t k = 0;
  while (enc.pcs.at(0).cards[k].def->name != "Restoration") ++k;
  EXPECT_EQ(dh::card_uses_full(enc.pcs.at(0), k),
            enc.pcs.at(0).traits[static_cast<std::size_t>(enc.pcs.at(0).spellcast)]);  // its Spellcast trait
}

// ---------------------------------------------------------------------------
// Bad input for the new keys

std::string error_of(const std::string& entry) {
  return testing::message_of(
      [&] { dh::read_feature_library("f.yaml", "features:\n  - {name: X, ancestry: Orc, " + entry + ", summary: s}\n"); });
}

TEST(DaggerheartFeats, TheNewKeysReportBadInput) {
  EXPECT_NE(error_of("hope: 1, target: self, gain_hope: 1, only_while: stance").find("only_while goes with a reaction"),
            std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: struck, stress: 1, vulnerable: true, only_while: beast").find("did you mean"),
            std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: damaged, downgrade: 1, ally_marks: 2").find("ally_marks"), std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: ally_damaged, target: allies, stress: 1, take_hit: damage, ally_marks: 2")
                .find("ally_marks"),
            std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: help, uses: 1").find("has no effect"), std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: hit, bonus: d6, free_help: true").find("free_help"), std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: help, free_help: true").find("`uses`"), std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: session_start, target: party, damage: d6").find("session_start"),
            std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: session_start, gain_hope: 1").find("session_start"), std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: session_start, target: party, gain_hope: 1, uses: 1").find("session_start"),
            std::string::npos);
  EXPECT_NE(error_of("when: passive, passive: {rally_die: 4}").find("rally_die and help_die are dice of 6 to 20"),
            std::string::npos);
  EXPECT_NE(error_of("when: passive, passive: {help_die: 3}").find("rally_die and help_die"), std::string::npos);
  EXPECT_NE(error_of("when: passive, aura_trait: strength").find("while_stance"), std::string::npos);
  EXPECT_NE(error_of("when: passive, while_stance: true, aura_trait: strenght").find("did you mean"), std::string::npos);
  EXPECT_NE(error_of("when: passive, while_stance: true, aura_trait: strength, aura_stress: 1").find("one aura"),
            std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: hit, bonus: d6, fight_splash_stress: 1").find("stance"), std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: hit, bonus: d6, replaces: X").find("another entry"), std::string::npos);
  EXPECT_NE(error_of("hope: 1, target: self, gain_hope: 1, uses_trait: spelcast").find("did you mean 'spellcast'"), std::string::npos);
  EXPECT_NE(error_of("when: passive, passive: {hp: 1}, replaces: Y").find("modelled action or reaction"), std::string::npos);
  // replaces: a name in the library (did-you-mean), of a played entry.
  const std::string lib = "features:\n  - {name: Wings, ancestry: Orc, when: reaction, trigger: hit, hope: 1, bonus: d8, summary: s}\n"
                          "  - {name: Toughness, ancestry: Orc, when: passive, passive: {hp: 1}, summary: s}\n";
  const std::string unknown = testing::message_of([&] {
    dh::read_feature_library("f.yaml", lib + "  - {name: Gods, ancestry: Orc, when: reaction, trigger: hit, hope: 1, bonus: d12, "
                                             "replaces: Wigs, summary: s}\n");
  });
  EXPECT_NE(unknown.find("which is not in the library"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("did you mean 'Wings'"), std::string::npos) << unknown;
  const std::string passive = testing::message_of([&] {
    dh::read_feature_library("f.yaml", lib + "  - {name: Gods, ancestry: Orc, when: reaction, trigger: hit, hope: 1, bonus: d12, "
                                             "replaces: Toughness, summary: s}\n");
  });
  EXPECT_NE(passive.find("not a modelled action or reaction"), std::string::npos) << passive;
}

}  // namespace
}  // namespace encsim
