// Temporary conditions the party puts on a foe (the SRD's temporary tag;
// play_foes.hpp, temp_spotlight): a card's Vulnerable and Make a Scene's
// Distract hold through the foe's spotlights until the GM spends one clearing
// the condition, which it does only when the condition is worth more to the
// party than the foe's standard attack is to the GM; and the effects that
// hinge on such a condition: Rain of Blades' d8 on a Vulnerable foe,
// Chokehold's 2d6 on every attack while its Vulnerable holds, Cinder Grasp's
// On Fire. Each on scripted dice.
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

// HERO (its body; no armor, thresholds 5/11) against FOES for ROUNDS rounds,
// with no class Hope feature, class feature, Experience, help or Tag Team;
// OPTIONS are added to the GM's.
std::string fight(const std::string& hero, const std::string& foes, int rounds = 1, const std::string& options = "") {
  return "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) + "\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false, adversary_experiences: false" + options + "}\n"
         "party:\n  - {name: Hero, primary: {damage: d4}, armor: {thresholds: [5, 11], score: 0}, " + hero + "}\n"
         "foes:\n" + foes;
}

const std::string kCaster = "level: 5, proficiency: 1, spellcast: knowledge, traits: {knowledge: 2}, ";
std::string casts(const std::string& card) {
  return kCaster + "hope: 2, cards: [\"" + card + "\"], tactics: [{do: \"card:" + card + "\"}, {do: attack}]";
}
// A foe whose attack is worth more to the GM than a Vulnerable on it is to the party.
const std::string kFoe = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n";
// A foe whose attack can barely hit: the GM spends its spotlight clearing the condition.
const std::string kWeakFoe = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: -10, attack: {damage: 1}}\n";

// Bolt Beacon's Vulnerable ("temporarily"): the spellcast roll (2 + 10 + 2 =
// 14 against 10) succeeds with Fear; the Hope buys d8 1 + 2 = 3 (1 HP) and a
// Vulnerable foe. On the GM's turn the foe's attack is worth more to the GM:
// it attacks, still Vulnerable, and the round ends with it Vulnerable. Old
// code: the Vulnerable ended for free as the foe's spotlight began.
TEST(DaggerheartTemp, AVulnerableFoeStaysVulnerableWhenTheGmActsWithIt) {
  const auto enc = encounter_from(fight(casts("Bolt Beacon"), kFoe));
  ScriptedDice dice{{{12, 2}, {12, 10}, {8, 1}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe is Vulnerable")) << r.log;
  EXPECT_TRUE(has(r, "Foe acts while still Vulnerable")) << r.log;
  EXPECT_TRUE(has(r, "Foe attacks")) << r.log;
  EXPECT_FALSE(has(r, "clearing its Vulnerable")) << r.log;
  EXPECT_TRUE(has(r, "Foe: HP 5/6, GM Fear 2, Stress 0/3, Vulnerable\n")) << r.log;  // the status line: still Vulnerable
}

// The same Vulnerable on a foe that can barely hit: the advantage it gives
// the party is worth more than the foe's attack, so the GM spends the
// spotlight clearing it (no attack, no d20 drawn).
TEST(DaggerheartTemp, TheGmSpendsTheSpotlightClearingAVulnerableWorthMoreThanTheAttack) {
  const auto enc = encounter_from(fight(casts("Bolt Beacon"), kWeakFoe));
  ScriptedDice dice{{{12, 2}, {12, 10}, {8, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe is Vulnerable")) << r.log;
  EXPECT_TRUE(has(r, "Foe spends its spotlight clearing its Vulnerable")) << r.log;
  EXPECT_FALSE(has(r, "Foe attacks")) << r.log;
  EXPECT_FALSE(has(r, "acts while still")) << r.log;
}

// The Vulnerable outlasts the foe's spotlight into the next round: the
// Hero's next roll at it there has advantage (the d6), which it did not on
// old code. Round 1 as above (the foe misses); round 2 Bolt Beacon again:
// 5 + 4 + 2 + the advantage d6 3 = 14, with Hope, d8 2 + 2.
TEST(DaggerheartTemp, TheVulnerableGivesAdvantageOnTheNextRoundsRoll) {
  const auto enc = encounter_from(fight(casts("Bolt Beacon"), kFoe, 2));
  ScriptedDice dice{{{12, 2}, {12, 10}, {8, 1}, {20, 3}, {12, 5}, {12, 4}, {6, 3}, {8, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe acts while still Vulnerable")) << r.log;
  EXPECT_TRUE(has(r, "Hero rolls Hope 5, Fear 4 +2 + advantage = 14 vs 10: success with Hope")) << r.log;
}

// Make a Scene's Distract ("temporarily"): 3 Hope, the foe's Difficulty 10 - 2
// = 8 for the Bard's attack (2 + 10 = 12: a success with Fear, d4 1). The GM's
// turn: the foe attacks, still Distracted. Old code: the Distract ended as its
// spotlight began. Against a foe that can barely hit, the GM shakes it off.
TEST(DaggerheartTemp, MakeAScenesDistractHoldsUntilTheGmClearsIt) {
  const std::string bard = "class: bard, level: 1, hope: 3, cards: []";
  std::string yaml = fight(bard, kFoe);
  yaml.replace(yaml.find("hope_features: false"), 20, "hope_features: true");
  const auto enc = encounter_from(yaml);
  ScriptedDice dice{{{12, 2}, {12, 10}, {4, 1}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero spends 3 Hope to Distract Foe: Difficulty -2")) << r.log;
  EXPECT_TRUE(has(r, "Foe acts while still Distracted")) << r.log;
  EXPECT_TRUE(has(r, "Distracted: Difficulty -2")) << r.log;  // the status line
  std::string weak_yaml = fight(bard, kWeakFoe);
  weak_yaml.replace(weak_yaml.find("hope_features: false"), 20, "hope_features: true");
  const auto weak = encounter_from(weak_yaml);
  ScriptedDice dice2{{{12, 2}, {12, 10}, {4, 1}}};
  const Replay k = replay(weak, dice2);
  EXPECT_TRUE(has(k, "Foe spends its spotlight shaking off the Distraction (Difficulty 10 again)")) << k.log;
  EXPECT_FALSE(has(k, "Foe attacks")) << k.log;
}

// Rain of Blades: round 1 Bolt Beacon leaves Other Vulnerable (a success with
// Hope: the spotlight stays); round 2 Rain of Blades (9 + 3 + 2 + the
// advantage d6 3 = 17 with Hope) beats both foes: Other takes its d8 5 + 2
// and a d8 4 more for being Vulnerable (11: Severe, 3 HP), Foe only d8 5 + 2
// (7: Major, 2 HP). Old code: no extra d8 (a die left unused).
TEST(DaggerheartTemp, RainOfBladesDealsAD8MoreToAVulnerableFoe) {
  const std::string hero = kCaster + "hope: 3, cards: [Bolt Beacon, Rain of Blades], tactics: [{when: \"round == 1\", do: \"card:Bolt Beacon\"}, "
                                     "{do: \"card:Rain of Blades\"}]";
  const std::string foes = kFoe + "  - {name: Other, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n";
  const auto enc = encounter_from(fight(hero, foes, 2));
  ScriptedDice dice{{{12, 9}, {12, 3}, {8, 1}, {12, 9}, {12, 3}, {6, 3}, {8, 5}, {8, 4}, {8, 5}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Rain of Blades")) << r.log;
  EXPECT_TRUE(has(r, "Rain of Blades: Other is Vulnerable: 4 more")) << r.log;
  EXPECT_TRUE(has(r, "Rain of Blades: 11 magic damage to Other")) << r.log;
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 1 + 3) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
}

// Chokehold: round 1 a Stress makes Foe Vulnerable (no roll: the spotlight
// stays); round 2 the Hero's weapon attack (5 + 4 + the advantage d6 3 = 12
// with Hope) hits: d4 2 and the chokehold's 2d6 (3 + 4) = 9, Major, 2 HP.
// Old code: the 2d6 was not modelled.
TEST(DaggerheartTemp, ChokeholdAddsTwoD6ToEveryAttackWhileItsVulnerableHolds) {
  const std::string hero = kCaster + "hope: 2, cards: [Chokehold], tactics: [{when: \"round == 1\", do: \"card:Chokehold\"}, {do: attack}]";
  const auto enc = encounter_from(fight(hero, kFoe, 2));
  ScriptedDice dice{{{12, 5}, {12, 4}, {6, 3}, {4, 2}, {6, 3}, {6, 4}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe is Vulnerable: every attack on it deals more")) << r.log;
  EXPECT_TRUE(has(r, "Chokehold: Foe is held Vulnerable: 7 more damage")) << r.log;
  EXPECT_TRUE(has(r, "9 damage to Foe")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
}

// Chokehold's Vulnerable on a foe that can barely hit: after the Hero's
// failed attack with Fear (2 + 5 + the advantage d6 1 = 8), the GM spends
// the foe's spotlight clearing it, and the round ends with the foe no longer
// Vulnerable (Chokehold's extra goes with it).
TEST(DaggerheartTemp, ChokeholdsVulnerableEndsWhenTheGmClearsIt) {
  const std::string hero = kCaster + "hope: 2, cards: [Chokehold], tactics: [{when: \"round == 1\", do: \"card:Chokehold\"}, {do: attack}]";
  const auto enc = encounter_from(fight(hero, kWeakFoe, 2));
  ScriptedDice dice{{{12, 2}, {12, 5}, {6, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe spends its spotlight clearing its Vulnerable")) << r.log;
  EXPECT_FALSE(has(r, "held Vulnerable")) << r.log;
  EXPECT_TRUE(has(r, "Foe: HP 6/6, GM Fear 2, Stress 0/3\n")) << r.log;
}

// Cinder Grasp: 2 + 10 + 2 = 14 succeeds with Fear: d20 5 + 3 = 8 magic
// (Major, 2 HP) and Foe is On Fire. A foe whose attack (atk +10, 20
// damage: Severe) is worth more than the burn acts while On Fire: it
// attacks, and its action ends with 2d6 (3 + 4 = 7: Major, 2 HP). A weak foe
// spends its spotlight putting the flames out instead (no attack, no burn).
TEST(DaggerheartTemp, CinderGraspSetsAFoeOnFireUntilTheGmPutsItOut) {
  const std::string strong = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 10, attack: {damage: 20}}\n";
  const auto enc = encounter_from(fight(casts("Cinder Grasp"), strong));
  ScriptedDice dice{{{12, 2}, {12, 10}, {20, 5}, {20, 15}, {6, 3}, {6, 4}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe is On Fire")) << r.log;
  EXPECT_TRUE(has(r, "Foe acts while still On Fire")) << r.log;
  EXPECT_TRUE(has(r, "Foe burns (On Fire, Cinder Grasp): 7 magic damage")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 4) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Cinder Grasp");
  EXPECT_EQ(f.conditions, 1);
  EXPECT_EQ(f.damage, 4);  // the burn counts to the card
  const auto weak = encounter_from(fight(casts("Cinder Grasp"), kWeakFoe));
  ScriptedDice dice2{{{12, 2}, {12, 10}, {20, 5}}};
  const Replay k = replay(weak, dice2);
  EXPECT_TRUE(has(k, "Foe spends its spotlight putting out the flames (no longer On Fire)")) << k.log;
  EXPECT_FALSE(has(k, "burns")) << k.log;
}

// The keys go only where they mean something.
TEST(DaggerheartTemp, TheTemporaryKeysAreChecked) {
  EXPECT_NE(testing::card_error("stress: 1, target: enemy, exposed_damage: 2d6").find("exposed_damage goes with `vulnerable`"),
            std::string::npos);
  EXPECT_NE(testing::card_error("roll: attack, vulnerable_extra: d8").find("vulnerable_extra goes with an action at adversaries"),
            std::string::npos);
  EXPECT_NE(testing::card_error("roll: attack, on_fire: 2d6").find("on_fire goes with an action at adversaries"), std::string::npos);
  EXPECT_EQ(testing::card_error("roll: spellcast, target: enemy, damage: d20+3, on_fire: 2d6", "Arcana", "Spell"), "(no error)");
}

// The three cards are modelled whole: no summary says a part is left out
// (each did: the d8, the 2d6, the lingering fire).
TEST(DaggerheartTemp, TheLibraryModelsTheCards) {
  testing::expect_modelled({"Rain of Blades", "Chokehold", "Cinder Grasp", "Bolt Beacon"});
  for (const dh::CardDef& d : dh::card_library()) {
    if (d.name == "Rain of Blades" || d.name == "Chokehold" || d.name == "Cinder Grasp") {
      EXPECT_EQ(d.summary.find("not modelled"), std::string::npos) << d.name << ": " << d.summary;
    }
  }
}

}  // namespace
}  // namespace encsim
