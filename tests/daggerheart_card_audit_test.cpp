// Daggerheart cards and features set right against the SRD after a rules
// audit, each on scripted dice where the old reading and the text differ:
// costs paid only on a success (`pay_on: success`: Bolt Beacon, Enrapture),
// Forceful Push's d6 on Hope and its optional Hope (`hope_bonus`,
// `rider_hope`), Healing Hands' failure branch (`fail_heal`), Unleash Chaos's
// tokens refilled for a Stress (`refill_stress`), Rune Ward breaking on an 8
// (`break_on_max`), armor-only passives (`passive: {armored}`), heals that
// may reach the healer (`target: creature`: Sparing Touch), "all allies"
// without the speaker (Rousing Speech), Master of the Craft's +3 and
// Preservation Blast's Melee area.
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

// One PC (no class; Spellcast Knowledge +2, level 10, Proficiency 1; no
// Experience, help, Tag Team or class features) against FOES (one foe by
// default), for ROUNDS rounds.
std::string duel(const std::string& pc, int rounds = 1, const std::string& foes = "") {
  return "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) +
         "\noptions: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false}\n"
         "party:\n  - {name: Hero, level: 10, proficiency: 1, spellcast: knowledge, traits: {knowledge: 2}, "
         "hp: 6, armor: {thresholds: [1, 2], score: 0}, primary: {damage: d4}, " +
         pc + "}\nfoes:\n" +
         (foes.empty() ? "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 1}}\n"
                       : foes);
}

// Bolt Beacon: the Hope is spent on a success only. A failed roll (2 + 5 + 2
// = 9 against 10) keeps it; the card still counts as used.
TEST(DaggerheartCardAudit, BoltBeaconSpendsItsHopeOnlyOnASuccess) {
  const auto enc = encounter_from(duel("hope: 2, cards: [Bolt Beacon], tactics: [{do: \"card:Bolt Beacon\"}]"));
  ScriptedDice dice{{{12, 2}, {12, 5}, {20, 3}}};  // a failure with Fear; the foe misses
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Bolt Beacon fails")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 0) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Bolt Beacon");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 0);
  ScriptedDice hit{{{12, 8}, {12, 3}, {8, 5}}};  // 13 with Hope: the Hope buys d8 5 + 2
  const Replay k = replay(enc, hit);
  EXPECT_TRUE(has(k, "Bolt Beacon succeeds: its costs are paid")) << k.log;
  EXPECT_EQ(k.rec.resources[dh::kHopeSpentCards], 1) << k.log;
  EXPECT_EQ(testing::feature(enc.features(), k.rec, 0, "Bolt Beacon").spent, 1);
}

// Enrapture: "once per rest on a success": a failed roll keeps both the
// Stress and the use, so the second round's success still has it.
TEST(DaggerheartCardAudit, EnraptureKeepsItsUseAfterAFailure) {
  const auto enc = encounter_from(duel("cards: [Enrapture], tactics: [{do: \"card:Enrapture\"}]", 2));
  // Round 1: 2 + 5 + 2 = 9, a failure with Fear; the foe misses. Round 2:
  // 9 + 3 + 2 = 14 with Hope (the party keeps the spotlight to the round's end).
  ScriptedDice dice{{{12, 2}, {12, 5}, {20, 3}, {12, 9}, {12, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(testing::count(r, "Hero plays Enrapture"), 2) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r.log;
  EXPECT_EQ(r.rec.combatants[1].extra[dh::kExtraStressLeft], 2) << r.log;
}

// Forceful Push: a success with Hope adds a d6 to the weapon's damage, and a
// Hope (spent after the success) makes the foe Vulnerable. With Fear there is
// no d6; with no Hope the push is still an attack, with no Vulnerable.
TEST(DaggerheartCardAudit, ForcefulPushAddsADieOnHopeAndSellsVulnerableForAHope) {
  const auto enc = encounter_from(duel("hope: 1, cards: [Forceful Push], tactics: [{do: \"card:Forceful Push\"}]"));
  ScriptedDice hope{{{12, 9}, {12, 3}, {4, 4}, {6, 5}}};  // 9 + 3 = 12 vs 10, with Hope; d4 4 + d6 5 = 9
  const Replay r = replay(enc, hope);
  EXPECT_TRUE(has(r, "Forceful Push: +5 damage")) << r.log;
  EXPECT_TRUE(has(r, "Hero spends 1 Hope on Forceful Push's rider")) << r.log;
  EXPECT_TRUE(has(r, "Foe is Vulnerable")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;  // 9: Major
  const auto broke = encounter_from(duel("hope: 0, cards: [Forceful Push], tactics: [{do: \"card:Forceful Push\"}]"));
  ScriptedDice fear{{{12, 3}, {12, 9}, {4, 4}, {20, 3}}};  // with Fear: no d6; no Hope to spend
  const Replay k = replay(broke, fear);
  EXPECT_TRUE(has(k, "Hero plays Forceful Push")) << k.log;
  EXPECT_FALSE(has(k, "Forceful Push: +")) << k.log;
  EXPECT_FALSE(has(k, "Vulnerable")) << k.log;
  EXPECT_EQ(k.rec.combatants[1].damage_taken, 1) << k.log;
}

// Healing Hands: on a failure the Stress still clears an HP (the text's
// failure branch), where it used to clear nothing.
TEST(DaggerheartCardAudit, HealingHandsClearsAnHpEvenOnAFailure) {
  const std::string y =
      "ruleset: daggerheart\nmax_rounds: 1\n"
      "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false}\n"
      "party:\n  - {name: Healer, level: 5, proficiency: 1, evasion: 40, spellcast: knowledge, "
      "traits: {knowledge: 2}, hope: 2, primary: {damage: d4}, cards: [Healing Hands], "
      "tactics: [{do: \"card:Healing Hands\"}]}\n"
      "  - {name: Tank, evasion: 0, hp: 6, armor: {thresholds: [5, 10], score: 0}, primary: {damage: d4}}\n"
      "foes:\n  - {name: Foe, difficulty: 30, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 12}}\n";
  const auto enc = encounter_from(y);
  // The Tank fails with Fear and takes 3 HP; the Healer rolls 2 + 3 + 2 = 7
  // vs 13; the foe's next attack (a natural 1 still beats Evasion 0) takes 3 more.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 2}, {12, 3}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Healing Hands fails, but still clears 1 HP on Tank")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].hp_left, 6 - 3 + 1 - 3) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Healing Hands").healed, 1);
}

// Healing Hands heals each ally once until a long rest (`once_per_target`),
// not once a fight. Every die a 1 (criticals: every cast lands). Round 1: Ash
// (5 HP marked) is healed to 3. Round 2: Ash (3) is still the most hurt, but
// healed already: Bo (2). Round 3: Ash alone is hurt, healed already: no
// cast. Old code: one cast a fight.
TEST(DaggerheartCardAudit, HealingHandsHealsEachAllyOnceUntilALongRest) {
  const std::string y =
      "ruleset: daggerheart\nmax_rounds: 3\n"
      "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false}\n"
      "party:\n  - {name: Healer, level: 5, proficiency: 1, evasion: 40, spellcast: knowledge, "
      "traits: {knowledge: 2}, hope: 2, primary: {damage: d4}, cards: [Healing Hands], "
      "tactics: [{do: \"card:Healing Hands\"}, {do: attack}]}\n"
      "  - {name: Ash, evasion: 40, hp: 6, marked: {hp: 5}, primary: {damage: d4}}\n"
      "  - {name: Bo, evasion: 40, hp: 6, marked: {hp: 2}, primary: {damage: d4}}\n"
      "foes:\n  - {name: Foe, difficulty: 30, thresholds: [50, 90], hp: 12, atk: -20, attack: {damage: 12}}\n";
  const auto enc = encounter_from(y);
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(testing::count(r, "Healer plays Healing Hands"), 2) << r.log;
  EXPECT_TRUE(has(r, "Healing Hands: Healer heals Ash no more until a long rest")) << r.log;
  EXPECT_TRUE(has(r, "Healing Hands: Healer heals Bo no more until a long rest")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].hp_left, 3) << r.log;
  EXPECT_EQ(r.rec.combatants[2].hp_left, 6) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Healing Hands").healed, 4);
}

// once_per_target goes with an action that heals one PC.
TEST(DaggerheartCardAudit, OncePerTargetIsChecked) {
  const std::string bad = testing::card_error("stress: 1, target: enemy, damage: 1d6, once_per_target: true");
  EXPECT_NE(bad.find("once_per_target goes with an action that heals one PC"), std::string::npos) << bad;
  const auto at = testing::where_of(
      [] { dh::read_card_library("lib.yaml", testing::card_text("stress: 1, target: enemy, damage: 1d6, once_per_target: true")); });
  EXPECT_EQ(at.first, 2);  // the key's line and column
  EXPECT_GT(at.second, 1);
  EXPECT_EQ(testing::card_error("stress: 1, target: ally, heal_hp: 2, once_per_target: true, refresh: long_rest"), "(no error)");
}

// Unleash Chaos: its tokens are spent at once; once empty, a Stress fills it
// again, so a second round casts it again (it used to be spent for the session).
TEST(DaggerheartCardAudit, UnleashChaosRefillsItsTokensForAStress) {
  const auto enc = encounter_from(duel("cards: [Unleash Chaos], tactics: [{do: \"card:Unleash Chaos\"}]", 2,
                                       "  - {name: Foe, difficulty: 10, thresholds: [30, 40], hp: 12, stress: 3, atk: 0, "
                                       "attack: {damage: 1}}\n"));
  // Round 1: 2 + 5 + 2 = 9 fails with Fear (its tokens are spent all the
  // same); round 2: a Stress refills it, and 14 succeeds with 2d10 (4 + 6).
  ScriptedDice dice{{{12, 2}, {12, 5}, {20, 3}, {12, 9}, {12, 3}, {10, 4}, {10, 6}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(testing::count(r, "Hero plays Unleash Chaos"), 2) << r.log;
  EXPECT_TRUE(has(r, "Hero marks 1 Stress to refill Unleash Chaos (1 uses)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r.log;
  EXPECT_TRUE(has(r, "Unleash Chaos: 10 magic damage to Foe")) << r.log;
}

// Rune Ward: an 8 on the Ward Die still cuts this hit, then the ward is spent
// until a rest: the next round's hit is not cut.
TEST(DaggerheartCardAudit, RuneWardBreaksOnAnEight) {
  const auto enc = encounter_from(duel("cards: [Rune Ward]", 2,
                                       "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, "
                                       "attack: {damage: 12}}\n"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {8, 8}, {12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Rune Ward's die shows its most: the card is spent until a rest")) << r.log;
  EXPECT_EQ(testing::count(r, "plays Rune Ward"), 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1 + 3) << r.log;
}

// Fortified Armor and Armorer hold only while the PC wears armor.
TEST(DaggerheartCardAudit, ArmorPassivesNeedArmor) {
  auto pc = [](const std::string& armor, const std::string& cards) {
    return encounter_from("ruleset: daggerheart\nparty:\n  - {name: Hero, level: 5, armor: " + armor +
                          ", primary: {damage: d8}" + cards +
                          "}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 1}}\n")
        .pcs[0];
  };
  const std::string cards = ", cards: [Fortified Armor, Armorer]";
  const dh::Pc worn = pc("{thresholds: [4, 9], score: 2}", cards), bare = pc("none", cards), plain = pc("none", "");
  EXPECT_EQ(worn.armor_slots, 3);
  EXPECT_EQ(worn.major, 4 + 5 + 2);
  EXPECT_EQ(bare.armor_slots, plain.armor_slots);
  EXPECT_EQ(bare.major, plain.major);
  EXPECT_EQ(bare.severe, plain.severe);
}

// Sparing Touch touches "a creature": a lone seraph with 3 HP marked heals
// itself (an ally-only target found no one); the option worth most: HP.
TEST(DaggerheartCardAudit, SparingTouchMayHealTheSeraph) {
  const auto enc = encounter_from(duel("class: seraph, subclass: Divine Wielder, marked: {hp: 3}, "
                                       "tactics: [{do: \"card:Sparing Touch\"}, {do: attack}]"));
  ScriptedDice dice{{}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Sparing Touch clears 2 HP on Hero")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Sparing Touch").healed, 2);
}

// Rousing Speech: "all allies": the bard's own Stress stays; the ally's clears.
TEST(DaggerheartCardAudit, RousingSpeechSparesTheSpeaker) {
  std::string y = duel("class: bard, subclass: Wordsmith, marked: {stress: 2}, "
                       "tactics: [{do: \"card:Rousing Speech\"}, {do: attack}]");
  y.insert(y.find("foes:"), "  - {name: Pal, level: 1, primary: {damage: d4}, marked: {stress: 2}}\n");
  const auto enc = encounter_from(y);
  // the Pal's attack, helped for free (Eloquent) with a d10 (Epic Poetry), succeeds with Hope; then the speech
  ScriptedDice dice{{{12, 11}, {12, 8}, {10, 3}, {4, 4}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Rousing Speech clears 2 Stress on Pal")) << r.log;
  EXPECT_FALSE(has(r, "Rousing Speech clears 2 Stress on Hero")) << r.log;
}

// Master of the Craft: +3 to the Experience the PC fights with.
TEST(DaggerheartCardAudit, MasterOfTheCraftRaisesTheExperience) {
  const auto base = encounter_from(duel("experiences: {Fencer: 2}"));
  const auto with = encounter_from(duel("experiences: {Fencer: 2}, cards: [Master of the Craft]"));
  EXPECT_EQ(with.pcs[0].experience, base.pcs[0].experience + 3);
}

// Preservation Blast reaches every foe beside the caster: two, as Very Close
// reaches (it used to reach one).
TEST(DaggerheartCardAudit, PreservationBlastHitsTwoFoesInMelee) {
  const std::string two = "  - {name: A, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 1}}\n"
                          "  - {name: B, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 1}}\n";
  const auto enc = encounter_from(duel("cards: [Preservation Blast], tactics: [{do: \"card:Preservation Blast\"}]", 1, two));
  ScriptedDice dice{{{12, 9}, {12, 3}, {8, 4}, {8, 4}, {8, 4}, {8, 4}}};  // 14 with Hope; 2d8+3 each
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Preservation Blast: 11 magic damage to A")) << r.log;
  EXPECT_TRUE(has(r, "Preservation Blast: 11 magic damage to B")) << r.log;
}

// Scramble avoids a hit from "a creature within Melee range" only: a foe
// that fights at Far range hits through it.
TEST(DaggerheartCardAudit, ScrambleAnswersOnlyAMeleeHit) {
  auto foe = [](const std::string& range) {
    return "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 12" + range + "}}\n";
  };
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const auto melee = encounter_from(duel("cards: [Scramble]", 1, foe("")));
  const Replay r = replay(melee, dice);
  EXPECT_TRUE(has(r, "Hero plays Scramble")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}}};
  const auto far = encounter_from(duel("cards: [Scramble]", 1, foe(", range: far")));
  const Replay k = replay(far, dice2);
  EXPECT_FALSE(has(k, "Scramble")) << k.log;
  EXPECT_EQ(k.rec.combatants[0].damage_taken, 3) << k.log;
}

// Cruel Precision adds the higher of Finesse and Agility.
TEST(DaggerheartCardAudit, CruelPrecisionTakesTheBetterTrait) {
  auto pc = [](const std::string& traits, bool card) {
    std::string y = duel(card ? "cards: [Cruel Precision]" : "cards: []");
    y.replace(y.find("traits: {knowledge: 2}"), 22, "traits: {knowledge: 2, " + traits + "}");
    return encounter_from(y).pcs[0].primary.damage_bonus;
  };
  EXPECT_EQ(pc("finesse: 3, agility: 1", true), pc("finesse: 3, agility: 1", false) + 3);
  EXPECT_EQ(pc("finesse: 0, agility: 2", true), pc("finesse: 0, agility: 2", false) + 2);
}

// A Warrior keeps no Hope for No Mercy once it has bought it: with 1 Hope
// left after No Mercy and 2 after its hit with Hope, it pays Whirlwind's Hope
// to carry the hit (4) to the other foe at half damage. It used to keep 3.
TEST(DaggerheartCardAudit, NoMercyBoughtLeavesNoHopeReserve) {
  const std::string foes = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 1}}\n"
                           "  - {name: Other, difficulty: 10, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 1}}\n";
  std::string yaml = duel("class: warrior, hope: 4, cards: [Whirlwind]", 1, foes);
  yaml.replace(yaml.find("hope_features: false"), 20, "hope_features: true");
  ScriptedDice dice{{{12, 10}, {12, 2}, {4, 4}}};
  const Replay r = replay(encounter_from(yaml), dice);
  EXPECT_TRUE(has(r, "Hero spends 3 Hope: +")) << r.log;
  EXPECT_TRUE(has(r, "Hero plays Whirlwind")) << r.log;
}

// The new keys' errors, with line and column.
TEST(DaggerheartCardAudit, TheNewKeysAreChecked) {
  auto text = [](const std::string& body) { return testing::card_text(body); };
  auto msg = [](const std::string& body) { return testing::card_error(body); };
  EXPECT_NE(msg("hope: 1, pay_on: success, target: self, gain_hope: 2").find("`pay_on: success` goes with"), std::string::npos);
  EXPECT_NE(msg("hope: 1, roll: spellcast, pay_on: later, damage: d6").find("pay_on"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, damage: d6, rider_hope: 1").find("rider_hope buys"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, damage: d6, hope_bonus: d6").find("hope_bonus goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, damage: d6, fail_heal: 1").find("fail_heal goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, damage: d6, refill_stress: 1").find("refill_stress gives back"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: damaged, halve: true, break_on_max: true").find("break_on_max goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {armor: 1, armored: 2}").find("expected true or false"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: damaged, downgrade: 3, hit_if: magic").find("melee or ranged"), std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {weapon_damage: \"best:finesse,agilty\"}").find("agility"), std::string::npos);
  const auto where = testing::where_of([&] { dh::read_card_library("lib.yaml", text("roll: spellcast, damage: d6, fail_heal: 1")); });
  EXPECT_EQ(where.first, 2);
  EXPECT_GT(where.second, 1);
}

}  // namespace
}  // namespace encsim
