// The -Touched cards (level 7, four cards of the domain in the loadout) and
// the keys they brought (play_boons.hpp): Arcana-Touched (`passive:
// {spellcast: 1}` beside a `rolled` swap), Codex-Touched (`add_roll`,
// `on_spellcast`), Bone-Touched (`passive: {trait_up: agility}` beside an
// `attacked` reaction with `fail_attack`), Midnight-Touched (`fear_bonus` on a
// `hit` reaction), Grace-Touched (`passive: {armor_for_stress: true}`) and
// Sage-Touched (`double_trait` on a `roll` reaction), each on scripted dice
// where it fires and where its condition, loadout or policy keeps it quiet;
// the new keys' errors.
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

// One level-10 PC without a class (any domain; PC: the rest of its body, its
// weapon included; traits 0 unless it says) against one foe of Difficulty 10
// (thresholds 5/10, 20 HP, +0 to attack; FOE: its attack), one round, no
// class Hope feature, class feature, help or Tag Team; no Experience.
std::string duel(const std::string& pc, const std::string& foe = "attack: {damage: 1}") {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false}\n"
         "party:\n  - {name: Hero, level: 10, armor: {thresholds: [5, 10], score: 0}, " + pc +
         "}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 20, stress: 3, atk: 0, " + foe + "}\n";
}

// ---------------------------------------------------------------------------
// Arcana-Touched: +1 to Spellcast rolls, and a swap of the Duality Dice once a rest

TEST(DaggerheartBoons, ArcanaTouchedAddsToSpellcastRollsAndSwapsTheDice) {
  const std::string four = "spellcast: knowledge, traits: {knowledge: 2}, primary: {damage: d4}, "
                           "cards: [Arcana-Touched, Rune Ward, Wall Walk, Cinder Grasp], tactics: [{do: \"card:Cinder Grasp\"}]";
  const auto enc = encounter_from(duel(four));
  // Hope 3, Fear 9 +3 (Knowledge 2 and the card's 1) = 15: a success with Fear;
  // swapped, a success with Hope (the spotlight stays); Cinder Grasp's d20 3 + 3.
  ScriptedDice dice{{{12, 3}, {12, 9}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero rolls Hope 3, Fear 9 +3 = 15 vs 10: success with Fear")) << r.log;
  EXPECT_TRUE(has(r, "Hero plays Arcana-Touched: the Hope and Fear Dice swap: Hope 9, Fear 3: success with Hope")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearGainedRolls], 0) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Arcana-Touched");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.conditions, 1);
  // Three Arcana cards: inert, +2 only, and the Fear stands (the GM's turn:
  // the foe, On Fire, spends its spotlight putting the flames out).
  const auto three = encounter_from(duel("spellcast: knowledge, traits: {knowledge: 2}, primary: {damage: d4}, "
                                         "cards: [Arcana-Touched, Rune Ward, Cinder Grasp], tactics: [{do: \"card:Cinder Grasp\"}]"));
  ScriptedDice d2{{{12, 3}, {12, 9}, {20, 3}}};
  const Replay r2 = replay(three, d2);
  EXPECT_TRUE(has(r2, "Hero rolls Hope 3, Fear 9 +2 = 14 vs 10: success with Fear")) << r2.log;
  EXPECT_FALSE(has(r2, "Arcana-Touched")) << r2.log;
  EXPECT_EQ(r2.rec.resources[dh::kFearGainedRolls], 1) << r2.log;
}

// The passive's +1 is on Spellcast rolls only: a weapon's Knowledge roll gets none.
TEST(DaggerheartBoons, ArcanaTouchedLeavesOtherRollsAlone) {
  const auto enc = encounter_from(duel("proficiency: 1, spellcast: knowledge, traits: {knowledge: 2}, "
                                       "primary: {damage: d4, trait: knowledge}, cards: [Arcana-Touched, Rune Ward, Wall Walk, Floating Eye]"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero rolls Hope 9, Fear 3 +2 = 14 vs 10: success with Hope")) << r.log;
}

// ---------------------------------------------------------------------------
// Codex-Touched: a Stress adds the Proficiency to a Spellcast roll

TEST(DaggerheartBoons, CodexTouchedAddsTheProficiencyWhenItTurnsTheRoll) {
  const std::string pc = "proficiency: 2, spellcast: knowledge, primary: {damage: d4}, "
                         "cards: [Codex-Touched, Book of Ava, Book of Illiat, Book of Tyfar], tactics: [{do: \"card:Book of Ava\"}]";
  const auto enc = encounter_from(duel(pc));
  // Hope 5, Fear 3 = 8 vs 10 fails with Hope; +2 makes 10: a success with Hope; Book of Ava's 2d10 3 + 4 + 4.
  ScriptedDice dice{{{12, 5}, {12, 3}, {10, 3}, {10, 4}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Codex-Touched: +2, total 10: success with Hope")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Codex-Touched");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  EXPECT_EQ(f.conditions, 1);
  // 2 + 3 = 5: +2 still fails, so the Stress is kept (the foe's d20 1 misses).
  ScriptedDice d2{{{12, 2}, {12, 3}, {20, 1}}};
  const Replay r2 = replay(enc, d2);
  EXPECT_FALSE(has(r2, "plays Codex-Touched")) << r2.log;
  EXPECT_EQ(r2.rec.combatants[0].extra[dh::kExtraStressMarked], 0) << r2.log;
}

// A weapon attack is no Spellcast roll: the failure stands (the other three Codex cards have no bearing on a fight).
TEST(DaggerheartBoons, CodexTouchedIsForSpellcastRollsOnly) {
  const auto enc = encounter_from(duel("proficiency: 2, spellcast: knowledge, primary: {damage: d4}, "
                                       "cards: [Codex-Touched, Book of Vagras, Manifest Wall, Teleport]"));
  ScriptedDice dice{{{12, 5}, {12, 3}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Codex-Touched")) << r.log;
}

// ---------------------------------------------------------------------------
// Bone-Touched: +1 Agility, and 3 Hope turn a hit into a miss once a rest

TEST(DaggerheartBoons, BoneTouchedRaisesAgilityBeforeTheOtherPassivesReadIt) {
  const std::string cards = "traits: {agility: 2}, primary: {damage: d4}, cards: ";
  const auto a = encounter_from(duel(cards + "[Bone-Touched, Untouchable, Deft Maneuvers, Recovery]"));
  const auto b = encounter_from(duel(cards + "[Untouchable, Recovery, Deft Maneuvers, Bone-Touched]"));
  const auto none = encounter_from(duel(cards + "[Untouchable, Deft Maneuvers, Recovery]"));
  EXPECT_EQ(a.pcs[0].traits[0], 3);
  EXPECT_EQ(none.pcs[0].traits[0], 2);
  EXPECT_EQ(a.pcs[0].evasion, none.pcs[0].evasion + 1);  // half of 3 (2) against half of 2 (1)
  EXPECT_EQ(b.pcs[0].evasion, a.pcs[0].evasion);          // whatever the listing order
}

TEST(DaggerheartBoons, BoneTouchedMakesAHitWorthTwoHpMiss) {
  const std::string pc = "primary: {damage: d4}, cards: [Bone-Touched, Untouchable, Deft Maneuvers, Recovery], tactics: [{do: attack}], hope: ";
  const std::string foe = "attack: {damage: 16}";  // Major at the level-10 PC's 15/20: 2 HP
  const auto enc = encounter_from(duel(pc + "3", foe));
  // Hero: 1 + 2 = 3 fails with Fear; the foe's d20 18 hits; 3 Hope and it fails.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 18}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Bone-Touched: the attack fails")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraHpMarked], 0) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 3) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Bone-Touched");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 3);
  // Two Hope: the hit lands (2 HP).
  const auto poor = encounter_from(duel(pc + "2", foe));
  ScriptedDice d2{{{12, 1}, {12, 2}, {20, 18}}};
  const Replay r2 = replay(poor, d2);
  EXPECT_FALSE(has(r2, "Bone-Touched")) << r2.log;
  EXPECT_EQ(r2.rec.combatants[0].extra[dh::kExtraHpMarked], 2) << r2.log;
  // A Minor hit (1 HP) is not worth the card's one use.
  const auto minor = encounter_from(duel(pc + "3", "attack: {damage: 2}"));
  ScriptedDice d3{{{12, 1}, {12, 2}, {20, 18}}};
  const Replay r3 = replay(minor, d3);
  EXPECT_FALSE(has(r3, "Bone-Touched")) << r3.log;
}

// ---------------------------------------------------------------------------
// Midnight-Touched: a Stress adds the attack roll's Fear Die to the damage

TEST(DaggerheartBoons, MidnightTouchedAddsTheFearDieWhenItMarksMore) {
  const std::string pc = "proficiency: 1, primary: {damage: d4}, "
                         "cards: [Midnight-Touched, Pick and Pull, Uncanny Disguise, Stealth Expertise]";
  const auto enc = encounter_from(duel(pc));
  // 9 + 7 = 16: a success with Hope; the d4's 2 + the Fear Die's 7 = 9: Major (2 HP, not 1).
  ScriptedDice dice{{{12, 9}, {12, 7}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Midnight-Touched: +7 damage")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Midnight-Touched").uses, 1);
  // 9 + 1: 2 + 1 = 3 is still Minor: the Stress is kept.
  ScriptedDice d2{{{12, 9}, {12, 1}, {4, 2}}};
  const Replay r2 = replay(enc, d2);
  EXPECT_FALSE(has(r2, "Midnight-Touched")) << r2.log;
}

// In a Tag Team the Fear Die is the one of the roll that stands for both: A
// succeeds with Hope (Fear Die 7), B fails; 2 + 1 = 3 is Minor, + 7 = 10 is
// Severe. The old code kept the Fear Die of A's last roll of its own (none
// yet: 0), so the card was never played.
TEST(DaggerheartBoons, MidnightTouchedInATagTeamAddsTheFearDieOfTheRollThatStands) {
  const std::string yaml =
      "ruleset: daggerheart\nmax_rounds: 1\n"
      "options: {fear_start: 0, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false, "
      "class_features: false}\n"
      "party:\n"
      "  - {name: A, level: 10, hope: 3, evasion: 30, armor: {thresholds: [5, 10], score: 0}, proficiency: 1, "
      "primary: {damage: d4}, cards: [Midnight-Touched, Pick and Pull, Uncanny Disguise, Stealth Expertise]}\n"
      "  - {name: B, hope: 0, evasion: 30, primary: {damage: d4}}\n"
      "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 20, stress: 3, atk: 0, attack: {damage: 1}}\n";
  const auto enc = encounter_from(yaml);
  ScriptedDice dice{{{12, 9}, {12, 7}, {12, 1}, {12, 2}, {4, 2}, {4, 1},  // the Tag Team
                     {12, 9}, {12, 8}, {4, 1}}};                          // B's own attack
  const Replay r = replay(enc, dice, ScriptedDice{{{2, 2}}, true});
  EXPECT_TRUE(has(r, "A spends 3 Hope on a Tag Team roll with B")) << r.log;
  EXPECT_TRUE(has(r, "A plays Midnight-Touched: +7 damage")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Midnight-Touched").uses, 1) << r.log;
}

// ---------------------------------------------------------------------------
// Grace-Touched: an Armor Slot instead of the Stress that would fill the track

TEST(DaggerheartBoons, GraceTouchedMarksAnArmorSlotForTheLastStress) {
  const std::string pc = "spellcast: presence, armor: {thresholds: [5, 10], score: 2}, primary: {damage: d4}, "
                         "cards: [Grace-Touched, Enrapture, Inspirational Words, Troublemaker], tactics: [{do: \"card:Enrapture\"}], ";
  // Not duel()'s armor: its own body.
  auto fight = [](const std::string& body) {
    return "ruleset: daggerheart\nmax_rounds: 1\n"
           "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
           "hope_features: false, class_features: false}\n"
           "party:\n  - {name: Hero, level: 10, " + body +
           "}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 20, stress: 3, atk: 0, attack: {damage: 1}}\n";
  };
  const auto enc = encounter_from(fight(pc + "marked: {stress: 5}"));
  // 9 + 3 = 12: Enrapture succeeds; its Stress would fill the track: an Armor Slot instead.
  ScriptedDice dice{{{12, 9}, {12, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Grace-Touched: Hero marks an Armor Slot instead of a Stress (1/2)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 0) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraArmorUsed], 1) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Grace-Touched").uses, 1);
  // With Stress slots to spare the Stress is marked (it is worth less than a slot).
  const auto fresh = encounter_from(fight(pc + "marked: {stress: 1}"));
  ScriptedDice d2{{{12, 9}, {12, 3}}};
  const Replay r2 = replay(fresh, d2);
  EXPECT_FALSE(has(r2, "Grace-Touched")) << r2.log;
  EXPECT_EQ(r2.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r2.log;
}

// ---------------------------------------------------------------------------
// Sage-Touched: once a rest, the Agility or Instinct of a roll counts twice

TEST(DaggerheartBoons, SageTouchedDoublesTheTraitOfTheFirstAgilityRoll) {
  const std::string cards = "proficiency: 1, spellcast: instinct, cards: [Sage-Touched, Vicious Entangle, Forager, Plant Dominion]";
  const auto enc = encounter_from(duel("traits: {agility: 2}, primary: {damage: d12, trait: agility}, " + cards));
  // Agility 2 counts twice: 5 + 3 + 4 = 12, a success with Hope; the d12 deals 6.
  ScriptedDice dice{{{12, 5}, {12, 3}, {12, 6}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Sage-Touched: agility counts twice (+2)")) << r.log;
  EXPECT_TRUE(has(r, "Hero rolls Hope 5, Fear 3 +4 = 12 vs 10: success with Hope")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Sage-Touched").uses, 1);
  // A Finesse weapon: no play.
  const auto finesse = encounter_from(duel("traits: {agility: 2, finesse: 2}, primary: {damage: d12, trait: finesse}, " + cards));
  ScriptedDice d2{{{12, 5}, {12, 3}, {12, 6}}};
  const Replay r2 = replay(finesse, d2);
  EXPECT_FALSE(has(r2, "Sage-Touched")) << r2.log;
  EXPECT_TRUE(has(r2, "Hero rolls Hope 5, Fear 3 +2 = 10 vs 10: success with Hope")) << r2.log;
}

// ---------------------------------------------------------------------------
// The new keys' errors

TEST(DaggerheartBoons, TheNewKeysAreChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body); };
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d4, add_roll: 2").find("add_roll and on_spellcast go with `trigger: rolled`"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: rolled, swap: true, on_spellcast: true, add_roll: 1").find("one of them"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: rolled, add_roll: -1").find("positive"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: rolled, add_roll: profficiency").find("proficiency"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: roll, double_trait: [agillity]").find("did you mean 'agility'"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: roll, double_trait: agility").find("a list of trait names"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: roll, hope_die: 20, double_trait: [agility]").find("one of them"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d4, double_trait: [agility]").find("double_trait goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: attacked, target: party, fail_attack: true").find("fail_attack goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: attacked, target: self, fail_attack: true, evade: d4").find("one of them"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: crit, target: self, gain_hope: 1, fear_bonus: true").find("fear_bonus goes with"),
            std::string::npos);
  EXPECT_NE(msg("roll: spellcast, damage: d6, passive: {spellcast: 1}").find("beside a reaction's trigger"), std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {trait_up: agile}").find("agility"), std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {spellcast: 9}").find("spellcast"), std::string::npos);
  // The readings in the library are accepted.
  EXPECT_EQ(msg("when: reaction, trigger: rolled, uses: 1, swap: true, passive: {spellcast: 1}"), "(no error)");
  EXPECT_EQ(msg("when: reaction, trigger: attacked, target: self, hope: 3, uses: 1, fail_attack: true, passive: {trait_up: agility}"),
            "(no error)");
  EXPECT_EQ(msg("when: reaction, trigger: rolled, stress: 1, add_roll: proficiency, on_spellcast: true"), "(no error)");
  EXPECT_EQ(msg("when: reaction, trigger: roll, uses: 1, double_trait: [agility, instinct]"), "(no error)");
  EXPECT_EQ(msg("when: passive, passive: {armor_for_stress: true}"), "(no error)");
}

}  // namespace
}  // namespace encsim
