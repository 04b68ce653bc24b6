// Daggerheart cards and features that protect allies: the `ally_damaged`
// trigger (play_defence.hpp) with I Am Your Shield (`take_hit: attack`,
// `all_armor`), Loyal Protector (`take_hit: damage`, `ally_hp`) and
// Partners-in-Arms (`downgrade` on the ally's hit, an Armor Slot: none in a
// Frenzy), Act of Reprisal (`passive: {reprisal}`), Unbreakable (a `dying`
// reaction with dice) and Life Ward (`ward`: a sigil on an ally), each on scripted dice where it fires and
// where it does not.
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
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;
namespace dh = daggerheart;

// HERO (its body: level, class, cards, armor) and Pal (level 1, thresholds
// 2/3, no Armor Slot, HP 6; PAL adds to it) against one foe with atk +0 and
// the standard attack ATTACK, in one round, with no class Hope feature,
// class feature, Experience, help or Tag Team.
std::string party(const std::string& hero, const std::string& pal, const std::string& attack) {
  std::string y = "ruleset: daggerheart\nmax_rounds: 1\n"
                  "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
                  "hope_features: false, class_features: false}\n";
  y += "party:\n  - {name: Hero, primary: {damage: d4}, " + hero + "}\n";
  y += "  - {name: Pal, level: 1, hp: 6, armor: {thresholds: [1, 2], score: 0}, primary: {damage: d4}" +
       (pal.empty() ? std::string() : ", " + pal) + "}\n";
  return y + "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: " + attack +
         "}\n";
}

// Unless a test says otherwise, Pal acts first (the tactics stream answers 1:
// the last candidate) and fails with Fear (Hope 1, Fear 2); the foe's d20 15
// hits Pal (its thresholds are the lower); then Hero fails with Fear and the
// foe's d20 1 misses.
const std::string kHero1 = "level: 1, armor: {thresholds: [5, 11], score: 3}, ";

// I Am Your Shield: a 6 would mark 3 HP on Pal (2/3); a Stress makes Hero the
// target: Major at its 6/12, two Armor Slots marked, no HP. A Hero with Pal's
// thresholds and no Armor Slot would pay as much as it spares: no play.
TEST(DaggerheartAllies, IAmYourShieldTakesAnAllysHitOnItsArmor) {
  const auto enc = encounter_from(party(kHero1 + "cards: [I Am Your Shield]", "", "{damage: 6}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays I Am Your Shield: takes the hit meant for Pal (the attack's target now)")) << r.log;
  EXPECT_TRUE(has(r, "6 damage to Hero (thresholds 6/12), 2 Armor Slots marked (1 of 3 left): marks 0 HP")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 0) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraArmorUsed], 2);
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "I Am Your Shield");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  EXPECT_EQ(f.healed, 3);
  const auto tired = encounter_from(
      party("level: 1, armor: {thresholds: [1, 2], score: 0}, cards: [I Am Your Shield]", "", "{damage: 6}"));
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay k = replay(tired, dice2);
  EXPECT_FALSE(has(k, "plays I Am Your Shield")) << k.log;
  EXPECT_EQ(k.rec.combatants[1].damage_taken, 3) << k.log;
}

// A level-8 Stalwart (its mastery by the default path) holds Partners-in-Arms
// and Loyal Protector. Pal with 2 HP left: a 6 (3 HP) would take it down; a
// Stress and the Guardian takes the damage itself (Minor at its thresholds,
// which its armor policy's slot takes).
// With 3 HP left Loyal Protector is out of reach: an Armor Slot lowers Pal's
// hit to 2 HP (Partners-in-Arms). In a Frenzy (no Armor Slots) it cannot.
TEST(DaggerheartAllies, StalwartProtectsAFallingAllyAndSoftensAHit) {
  const std::string guardian = "class: guardian, subclass: Stalwart, level: 8, armor: {thresholds: [5, 11], score: 3}, cards: []";
  const auto low = encounter_from(party(guardian, "marked: {hp: 4}", "{damage: 6}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay r = replay(low, dice);
  EXPECT_TRUE(has(r, "Hero plays Loyal Protector: takes the hit meant for Pal")) << r.log;
  EXPECT_FALSE(has(r, "(the attack's target now)")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 0) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;  // Minor at its 19/25: its armor policy's slot takes it
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraArmorUsed], 1);
  EXPECT_FALSE(r.rec.combatants[1].down) << r.log;
  EXPECT_EQ(testing::feature(low.features(), r.rec, 0, "Loyal Protector").uses, 1);
  EXPECT_EQ(testing::feature(low.features(), r.rec, 0, "Loyal Protector").healed, 3);
  const auto three = encounter_from(party(guardian, "marked: {hp: 3}", "{damage: 6}"));
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay k = replay(three, dice2);
  EXPECT_FALSE(has(k, "Loyal Protector")) << k.log;
  EXPECT_TRUE(has(k, "Hero plays Partners-in-Arms: Pal's hit is 1 threshold(s) lower")) << k.log;
  EXPECT_EQ(k.rec.combatants[1].damage_taken, 2) << k.log;
  EXPECT_EQ(k.rec.combatants[0].extra[dh::kExtraArmorUsed], 1);
  const FeatureRecord& f = testing::feature(three.features(), k.rec, 0, "Partners-in-Arms");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 1);
}

// Partners-in-Arms on a hit that would not take Pal down (3 HP of its 6, none
// marked): at the default `guard_slot_worth` (1 HP) the Guardian keeps its
// slot, since the slot would spare it an HP later; priced at half an HP, it
// plays the card and Pal marks 2.
TEST(DaggerheartAllies, PartnersInArmsKeepsTheSlotForAPlainHpByDefault) {
  const std::string guardian = "class: guardian, subclass: Stalwart, level: 8, armor: {thresholds: [5, 11], score: 3}, cards: []";
  const auto keep = encounter_from(party(guardian, "", "{damage: 6}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay r = replay(keep, dice);
  EXPECT_FALSE(has(r, "Partners-in-Arms")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  std::string cheap = party(guardian, "", "{damage: 6}");
  cheap.replace(cheap.find("class_features: false}"), 22, "class_features: false, guard_slot_worth: 0.5}");
  const auto spend = encounter_from(cheap);
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay k = replay(spend, dice2);
  EXPECT_TRUE(has(k, "Hero plays Partners-in-Arms: Pal's hit is 1 threshold(s) lower")) << k.log;
  EXPECT_EQ(k.rec.combatants[1].damage_taken, 2) << k.log;
}

// Partners-in-Arms marks an Armor Slot: in a Frenzy (no Armor Slots) the
// Guardian cannot, however much it would spare (Pal has 4 HP left: no Loyal
// Protector). Hero (Proficiency 1) acts first here (the
// tactics stream's first answer, 2, keeps the first candidate), enters the
// Frenzy before its attack (a success with Hope), then Pal fails with Fear
// and the foe's 6 marks its 3 HP.
TEST(DaggerheartAllies, NoArmorSlotForAnAllyInAFrenzy) {
  const std::string guardian =
      "class: guardian, subclass: Stalwart, level: 8, proficiency: 1, armor: {thresholds: [5, 11], score: 3}, cards: [Frenzy]";
  const auto enc = encounter_from(party(guardian, "marked: {hp: 2}", "{damage: 6}"));
  ScriptedDice dice{{{12, 12}, {12, 1}, {4, 2}, {12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice, ScriptedDice{{{2, 2}}, true});
  EXPECT_TRUE(has(r, "Hero plays Frenzy")) << r.log;
  EXPECT_FALSE(has(r, "Partners-in-Arms")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
}

// Act of Reprisal (a level-5 Vengeance Guardian, Proficiency 2): the foe's
// hit makes Pal mark HP, so Hero's next successful attack on it rolls three
// d4s; the one after, two again (the foe stays up: 18 HP).
TEST(DaggerheartAllies, ActOfReprisalAddsProficiencyAfterAnAllyIsHurt) {
  const std::string guardian =
      "class: guardian, subclass: Vengeance, level: 5, proficiency: 2, armor: {thresholds: [5, 11], score: 3}, cards: []";
  std::string yaml = party(guardian, "", "{damage: 1}");
  yaml.replace(yaml.find("max_rounds: 1"), 13, "max_rounds: 2");
  yaml.replace(yaml.find("hp: 6, stress: 3"), 5, "hp: 18");
  const auto enc = encounter_from(yaml);
  ASSERT_EQ(enc.pcs.at(0).proficiency, 2);
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15},                     // Pal fails with Fear; the foe hits Pal
                     {12, 12}, {12, 1}, {4, 1}, {4, 1}, {4, 1},      // Hero hits with Hope: 3d4
                     {12, 1}, {12, 2}, {20, 1},                      // round 2: Pal fails, the foe misses
                     {12, 12}, {12, 1}, {4, 1}, {4, 1}}};            // Hero hits: 2d4
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Act of Reprisal: Hero's next successful attack on Foe has +1 Proficiency")) << r.log;
  EXPECT_TRUE(has(r, "Act of Reprisal: +1 Proficiency")) << r.log;
  EXPECT_TRUE(has(r, "damage 3d4")) << r.log;
  EXPECT_TRUE(has(r, "damage 2d4")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Act of Reprisal").uses, 1);
}

// Unbreakable: the last HP marked, a d6 (4) clears 4 HP instead of a death
// move, and the card is spent. Held with Battle-Hardened and a Hope, the PC
// plays Unbreakable (3.5 HP by its mean against 1 for a Hope).
TEST(DaggerheartAllies, UnbreakableClearsADieOfHpInsteadOfADeathMove) {
  const std::string y = "ruleset: daggerheart\nmax_rounds: 1\n"
                        "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
                        "hope_features: false, class_features: false}\n"
                        "party:\n  - {name: Hero, level: 10, hp: 6, marked: {hp: 5}, hope: 2, armor: {thresholds: [1, 2], score: 0}, "
                        "primary: {damage: d4}, cards: [CARDS]}\n"
                        "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 1}}\n";
  auto with = [&](const std::string& cards) {
    std::string s = y;
    s.replace(s.find("CARDS"), 5, cards);
    return encounter_from(s);
  };
  const auto one = with("Unbreakable");
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {6, 4}}};
  const Replay r = replay(one, dice);
  EXPECT_TRUE(has(r, "Hero plays Unbreakable instead of a death move")) << r.log;
  EXPECT_TRUE(has(r, "Unbreakable clears 4 HP on Hero")) << r.log;
  EXPECT_FALSE(r.rec.combatants[0].down) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraDeathMove], 0);
  EXPECT_EQ(r.rec.combatants[0].hp_left, 4);
  const FeatureRecord& f = testing::feature(one.features(), r.rec, 0, "Unbreakable");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 4);
  const auto both = with("Battle-Hardened, Unbreakable");
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}, {6, 2}}};
  const Replay k = replay(both, dice2);
  EXPECT_TRUE(has(k, "Hero plays Unbreakable instead of a death move")) << k.log;
  EXPECT_FALSE(has(k, "plays Battle-Hardened")) << k.log;
  EXPECT_EQ(k.rec.combatants[0].hp_left, 2);
}

// Life Ward: Hero acts first (the tactics stream's 2 keeps the first
// candidate) and, by its tactics, spends 3 Hope on a sigil on Pal (2 HP
// left); Pal fails with Fear and the foe's 6 takes its last HP: the sigil
// clears an HP instead of a death move. Pal with 3 HP left is in no danger:
// no sigil, and Hero attacks (a miss: 1 and 2 with Fear).
TEST(DaggerheartAllies, LifeWardSavesAnAllyFromADeathMove) {
  const std::string caster = "level: 4, hope: 3, armor: {thresholds: [5, 11], score: 3}, cards: [Life Ward], "
                             "tactics: [{do: \"card:Life Ward\"}, {do: attack}]";
  const auto enc = encounter_from(party(caster, "marked: {hp: 4}", "{damage: 6}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice, ScriptedDice{{{2, 2}}, true});
  EXPECT_TRUE(has(r, "Hero plays Life Ward")) << r.log;
  EXPECT_TRUE(has(r, "Life Ward: a sigil of protection on Pal")) << r.log;
  EXPECT_TRUE(has(r, "Hero's Life Ward holds: Pal clears 1 HP instead of a death move")) << r.log;
  EXPECT_FALSE(r.rec.combatants[1].down) << r.log;
  EXPECT_EQ(r.rec.combatants[1].extra[dh::kExtraDeathMove], 0);
  EXPECT_EQ(r.rec.combatants[1].hp_left, 1);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Life Ward");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 3);
  EXPECT_EQ(f.healed, 1);
  const auto safe = encounter_from(party(caster, "marked: {hp: 3}", "{damage: 6}"));
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 1}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay k = replay(safe, dice2, ScriptedDice{{{2, 2}}, true});
  EXPECT_FALSE(has(k, "Life Ward")) << k.log;
}

// A party without these cards pays nothing for them: no PC guards its allies.
TEST(DaggerheartAllies, OnlyAPartyWithTheCardsLooksAtThem) {
  const auto plain = encounter_from(party(kHero1 + "cards: []", "", "{damage: 6}"));
  EXPECT_FALSE(plain.pcs.at(0).guards_allies);
  EXPECT_EQ(plain.pcs.at(0).reprisal_proficiency, 0);
  const auto shield = encounter_from(party(kHero1 + "cards: [I Am Your Shield]", "", "{damage: 6}"));
  EXPECT_TRUE(shield.pcs.at(0).guards_allies);
  EXPECT_FALSE(shield.pcs.at(1).guards_allies);
}

// The new keys' errors: take_hit, all_armor and ally_hp away from
// `trigger: ally_damaged`; an ally_damaged reaction with both take_hit and
// downgrade, with neither, or not `target: allies`; all_armor without take_hit;
// a take_hit value that is neither damage nor attack; reprisal past 3.
TEST(DaggerheartAllies, AllyKeysAreCheckedInTheLibrary) {
  auto message = [](const std::string& entry) {
    return testing::message_of([&] {
      dh::read_feature_library("f.yaml", "features:\n  - {name: X, ancestry: Orc, " + entry + ", summary: s}\n");
    });
  };
  EXPECT_NE(message("when: reaction, trigger: damaged, downgrade: 1, take_hit: damage").find("go with `trigger: ally_damaged`"),
            std::string::npos);
  EXPECT_NE(message("when: reaction, trigger: damaged, downgrade: 1, ally_hp: 2").find("go with `trigger: ally_damaged`"),
            std::string::npos);
  EXPECT_NE(message("when: reaction, trigger: damaged, downgrade: 1, all_armor: true").find("go with `trigger: ally_damaged`"),
            std::string::npos);
  EXPECT_NE(message("when: reaction, trigger: ally_damaged, target: allies, stress: 1, take_hit: damage, downgrade: 1")
                .find("one of them"),
            std::string::npos);
  EXPECT_NE(message("when: reaction, trigger: ally_damaged, target: allies, stress: 1").find("no effect"), std::string::npos);
  EXPECT_NE(message("when: reaction, trigger: ally_damaged, stress: 1, take_hit: damage").find("`target: allies`"),
            std::string::npos);
  EXPECT_NE(message("when: reaction, trigger: ally_damaged, target: allies, armor: 1, downgrade: 1, all_armor: true")
                .find("all_armor is for the hit the PC takes"),
            std::string::npos);
  EXPECT_NE(message("when: reaction, trigger: ally_damaged, target: allies, stress: 1, take_hit: body").find("take_hit"),
            std::string::npos);
  EXPECT_NE(message("when: passive, passive: {reprisal: 4}").find("reprisal"), std::string::npos);
  EXPECT_NE(message("hope: 3, target: party, ward: true, heal_hp: 1").find("a `ward` is an action on an ally"), std::string::npos);
  EXPECT_NE(message("hope: 3, target: ally, ward: true").find("a `ward` is an action on an ally"), std::string::npos);
  const auto where = testing::where_of([&] {
    dh::read_feature_library("f.yaml", "features:\n  - {name: X, ancestry: Orc, when: reaction, trigger: damaged, downgrade: 1,\n"
                                       "     ally_hp: 2, summary: s}\n");
  });
  EXPECT_EQ(where.first, 3);
}

}  // namespace
}  // namespace encsim
