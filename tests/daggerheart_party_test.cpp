// Daggerheart cards that lift the party and blows that reach further
// (play_party.hpp, play_cards.hpp): Battle Cry (`allies_advantage`), Share the
// Burden (`take_stress`), Lead by Example (`next_attacker`), Lean on Me
// (`trigger: ally_failed`, `target: both`), Full Surge (`fight_traits`),
// Troublemaker (`stress_highest`), Whirlwind (`extra_targets: area`,
// `half_damage`), Versatile Fighter (`max_die`, `best_trait`), Battle Monster
// (`own_marks`), Goad Them On (`taunt`), Invisibility (`invisible`) and the
// Nightwalker's Shadow Stepper and Vanishing Act (`trigger: spotlight_end`, `cloak`), each on scripted dice where it fires and where it does not.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
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
// Hope feature, class feature, Experience, help or Tag Team.
const std::string kFoe = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n";
std::string party(const std::string& hero, const std::string& pal, const std::string& foes = kFoe) {
  std::string y = "ruleset: daggerheart\nmax_rounds: 1\n"
                  "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
                  "hope_features: false, class_features: false}\n";
  y += "party:\n  - {name: Hero, primary: {damage: d4}, armor: {thresholds: [5, 11], score: 3}, " + hero + "}\n";
  y += "  - {name: Pal, level: 1, hp: 6, armor: {thresholds: [1, 2], score: 0}, primary: {damage: d4}" +
       (pal.empty() ? std::string() : ", " + pal) + "}\n";
  return y + "foes:\n" + foes;
}

// Battle Cry: Hero rallies (no roll: the party keeps the spotlight); Pal
// clears a Stress, gains a Hope and attacks with an advantage die. When Pal
// fails with Fear, the rally ends. Old code: no such action card.
TEST(DaggerheartParty, BattleCryGivesTheAlliesAdvantageUntilAFailureWithFear) {
  const std::string hero = "level: 8, proficiency: 1, cards: [Battle Cry], tactics: [{do: \"card:Battle Cry\"}, {do: attack}]";
  const auto enc = encounter_from(party(hero, "marked: {stress: 2}"));
  ScriptedDice dice{{{12, 10}, {12, 2}, {6, 4}, {4, 3}}};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Hero plays Battle Cry")) << r.log;
  EXPECT_TRUE(has(r, "Battle Cry clears 1 Stress on Pal")) << r.log;
  EXPECT_TRUE(has(r, "Battle Cry: Hero's allies have advantage on attack rolls until a PC fails with Fear")) << r.log;
  EXPECT_TRUE(std::regex_search(r.log, std::regex("Pal rolls Hope 10, Fear 2 [+-][0-9]+ \\+ advantage"))) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Battle Cry");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.conditions, 1);
  // A failure with Fear ends it (the foe's d20 1 then misses).
  ScriptedDice dice2{{{12, 1}, {12, 2}, {6, 1}, {20, 1}}};
  const Replay k = replay(enc, dice2, hero_first());
  EXPECT_TRUE(has(k, "Pal fails with Fear: Hero's Battle Cry ends")) << k.log;
}

// Share the Burden: Pal's 3 Stress move to Hero (6 slots, none marked), which
// gains 3 Hope; with 4 of its 6 marked Hero takes 1 only (its last slot stays
// free).
TEST(DaggerheartParty, ShareTheBurdenTakesAnAllysStressForHope) {
  const std::string tactics = "cards: [Share the Burden], tactics: [{do: \"card:Share the Burden\"}, {do: attack}]";
  const auto enc = encounter_from(party("level: 6, proficiency: 1, stress: 6, hope: 2, " + tactics, "marked: {stress: 3}"));
  ScriptedDice dice{{{12, 10}, {12, 2}, {4, 3}}};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Share the Burden: 3 Stress move from Pal to Hero, who gains 3 Hope")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 3);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Share the Burden");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 3);
  const auto tired =
      encounter_from(party("level: 6, proficiency: 1, stress: 6, marked: {stress: 4}, " + tactics, "marked: {stress: 3}"));
  ScriptedDice dice2{{{12, 10}, {12, 2}, {4, 3}}};
  const Replay k = replay(tired, dice2, hero_first());
  EXPECT_TRUE(has(k, "Share the Burden: 1 Stress move from Pal to Hero, who gains 1 Hope")) << k.log;
}

// Lead by Example: Hero's hit deals damage; a Stress leaves a gift on the
// foe; Pal, attacking it next, clears a Stress. With no Stress on Pal the gift
// (a Hope, a quarter HP) is not worth the Stress: no play.
TEST(DaggerheartParty, LeadByExampleLeavesAGiftForTheNextAttacker) {
  const std::string hero = "level: 9, proficiency: 1, cards: [Lead by Example]";
  const auto enc = encounter_from(party(hero, "marked: {stress: 2}"));
  ScriptedDice dice{{{12, 10}, {12, 2}, {4, 3}, {12, 10}, {12, 2}, {4, 3}}};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Hero plays Lead by Example: the next PC to attack Foe clears a Stress or gains a Hope")) << r.log;
  EXPECT_TRUE(has(r, "Lead by Example: Pal attacks Foe next and clears a Stress")) << r.log;
  EXPECT_TRUE(has(r, "Lead by Example clears 1 Stress on Pal")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Lead by Example");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 1);
  const auto calm = encounter_from(party(hero, ""));
  ScriptedDice dice2{{{12, 10}, {12, 2}, {4, 3}, {12, 10}, {12, 2}, {4, 3}}};
  const Replay k = replay(calm, dice2, hero_first());
  EXPECT_FALSE(has(k, "Lead by Example")) << k.log;
}

// Lean on Me: Pal fails with Fear; Hero and Pal, a Stress marked each, clear
// it (2 Stress between them: an HP's worth). With none on Hero it waits.
TEST(DaggerheartParty, LeanOnMeClearsStressForBothAfterAnAllyFails) {
  const auto enc = encounter_from(party("level: 3, proficiency: 1, marked: {stress: 1}, cards: [Lean on Me]", "marked: {stress: 1}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 1}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Lean on Me")) << r.log;
  EXPECT_TRUE(has(r, "Lean on Me clears 1 Stress on Hero")) << r.log;
  EXPECT_TRUE(has(r, "Lean on Me clears 1 Stress on Pal")) << r.log;
  EXPECT_EQ(testing::count(r, "plays Lean on Me"), 1) << r.log;  // once per long rest
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Lean on Me").uses, 1);
  const auto fresh = encounter_from(party("level: 3, proficiency: 1, cards: [Lean on Me]", "marked: {stress: 1}"));
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 1}, {12, 1}, {12, 2}, {20, 1}}};
  const Replay k = replay(fresh, dice2);
  EXPECT_FALSE(has(k, "Lean on Me")) << k.log;
}

// Full Surge: as Hero's spotlight begins, 3 Stress for +2 to every trait: its
// attack roll's modifier is 2 more than without the card. With 3 of 6 Stress
// marked it would fill the track: no play.
TEST(DaggerheartParty, FullSurgeAddsTwoToEveryTrait) {
  auto modifier = [](const Replay& r) {
    std::smatch m;
    return std::regex_search(r.log, m, std::regex("Hero rolls Hope 10, Fear 2 ([+-][0-9]+)")) ? std::stoi(m[1]) : -99;
  };
  const auto enc = encounter_from(party("level: 8, proficiency: 1, stress: 6, cards: [Full Surge]", ""));
  ScriptedDice dice{{{12, 10}, {12, 2}, {4, 3}, {12, 10}, {12, 2}, {4, 3}}};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Hero plays Full Surge: +2 to every trait until a rest")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 3);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Full Surge").uses, 1);
  const auto plain = encounter_from(party("level: 8, proficiency: 1, stress: 6, cards: []", ""));
  ScriptedDice dice2{{{12, 10}, {12, 2}, {4, 3}, {12, 10}, {12, 2}, {4, 3}}};
  const Replay k = replay(plain, dice2, hero_first());
  EXPECT_EQ(modifier(r), modifier(k) + 2) << r.log << k.log;
  const auto strained = encounter_from(party("level: 8, proficiency: 1, stress: 6, marked: {stress: 3}, cards: [Full Surge]", ""));
  ScriptedDice dice3{{{12, 10}, {12, 2}, {4, 3}, {12, 10}, {12, 2}, {4, 3}}};
  const Replay s = replay(strained, dice3, hero_first());
  EXPECT_FALSE(has(s, "Full Surge")) << s.log;
}

// In a session the bonus holds into the next fight when no rest comes
// between, and any rest ends it. Old code: each fight started without it.
TEST(DaggerheartParty, FullSurgeLastsUntilTheNextRest) {
  const auto enc = encounter_from(party("level: 8, proficiency: 1, stress: 6, cards: [Full Surge]", ""));
  dh::PartyState state;
  const Replay first = testing::replay_carry(enc, ScriptedDice{{}, true}, state);
  ASSERT_TRUE(has(first, "Hero plays Full Surge")) << first.log;
  EXPECT_EQ(state.surge[0], 2);
  const Replay second = testing::replay_carry(enc, ScriptedDice{{}, true}, state);
  EXPECT_TRUE(has(second, "Hero still has +2 to every trait (Full Surge, until a rest)")) << second.log;
  EXPECT_FALSE(has(second, "plays Full Surge")) << second.log;  // once per long rest, and up already
  EXPECT_EQ(state.surge[0], 2);
  const std::string rested = testing::rest_between(enc, state, dh::RestKind::short_rest);
  EXPECT_NE(rested.find("Hero's Full Surge ends with the rest"), std::string::npos) << rested;
  EXPECT_EQ(state.surge[0], 0);
  const Replay third = testing::replay_carry(enc, ScriptedDice{{}, true}, state);
  EXPECT_FALSE(has(third, "still has +2")) << third.log;
}

// Troublemaker: a Presence roll; on a success the foe marks the highest of
// Hero's 2 d4s (1 and 3) in Stress.
TEST(DaggerheartParty, TroublemakerMarksTheHighestOfProficiencyD4s) {
  const auto enc = encounter_from(
      party("level: 2, proficiency: 2, cards: [Troublemaker], tactics: [{do: \"card:Troublemaker\"}, {do: attack}]", ""));
  ScriptedDice dice{{{12, 10}, {12, 2}, {4, 1}, {4, 3}, {12, 10}, {12, 2}, {4, 3}}};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Troublemaker: the highest of 2 d4 is 3")) << r.log;
  EXPECT_TRUE(has(r, "Foe marks 3 Stress (3/3)")) << r.log;
  EXPECT_EQ(r.rec.combatants[2].extra[dh::kExtraStressLeft], 0) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Troublemaker").uses, 1);
}

// Whirlwind: Hero's hit (4 damage) carries, for a Hope, to the other foe in
// Very Close range (area_very_close 2: one more) at half damage (2: Minor, 1 HP).
TEST(DaggerheartParty, WhirlwindCarriesTheHitToAnotherFoeAtHalfDamage) {
  const std::string foes = "  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 6}}\n"
                           "  - {name: Other, difficulty: 10, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 6}}\n";
  const auto enc = encounter_from(party("level: 1, proficiency: 1, hope: 2, cards: [Whirlwind]", "", foes));
  ScriptedDice dice{{{12, 10}, {12, 2}, {4, 4}, {12, 10}, {12, 2}, {4, 3}}};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(std::regex_search(r.log, std::regex("Hero plays Whirlwind: the roll also hits (Foe|Other) \\(half damage\\)"))) << r.log;
  EXPECT_TRUE(std::regex_search(r.log, std::regex("half of 4 damage to (Foe|Other): 2"))) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Whirlwind");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
  EXPECT_EQ(f.damage, 1);
  EXPECT_EQ(r.rec.combatants[2].damage_taken + r.rec.combatants[3].damage_taken, 3) << r.log;  // 1 + 1 + Pal's 1
}

// Goad Them On: Hero's Presence roll beats the foe: a Stress, and its next
// spotlight (Pal's failure with Fear hands it the spotlight) is an attack on
// Hero with disadvantage: the lower of 15 and 3 misses.
TEST(DaggerheartParty, GoadThemOnForcesTheFoesNextAttackWithDisadvantage) {
  const auto enc = encounter_from(
      party("level: 4, proficiency: 1, cards: [Goad Them on], tactics: [{do: \"card:Goad Them on\"}, {do: attack}]", ""));
  ScriptedDice dice{{{12, 10}, {12, 2}, {12, 1}, {12, 2}, {20, 15}, {20, 3}}};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Goad Them on: Foe's next spotlight is an attack on Hero, with disadvantage")) << r.log;
  EXPECT_TRUE(has(r, "Foe marks 1 Stress (1/3)")) << r.log;
  EXPECT_TRUE(has(r, "Foe is goaded: it must attack Hero, with disadvantage")) << r.log;
  EXPECT_TRUE(has(r, "d20 3 (disadvantage)")) << r.log;
  EXPECT_TRUE(has(r, "of Hero: miss")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Goad Them on").conditions, 1);
}

// Versatile Fighter: Hero's weapon attacks with its best trait; after its hit
// rolls 1 and 3 on 2d4 (4: Minor on the foe's 5/10) a Stress makes the 1 a 4
// (7: Major). With 3 and 3 (6, Major) the 4 would still be Major: no play.
TEST(DaggerheartParty, VersatileFighterMaximisesTheLowestDie) {
  const std::string hero = "level: 3, proficiency: 2, traits: {agility: 0, strength: 2}, cards: [Versatile Fighter]";
  const auto enc = encounter_from(party(hero, ""));
  const dh::Pc& p = enc.pcs[0];
  EXPECT_EQ(p.traits[static_cast<std::size_t>(p.primary.trait)], *std::max_element(p.traits.begin(), p.traits.end()));
  ScriptedDice dice{{{12, 10}, {12, 2}, {4, 1}, {4, 3}, {12, 10}, {12, 2}, {4, 3}}};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Versatile Fighter: a d4 showing 1 counts 4")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Versatile Fighter");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 1);  // Major instead of Minor
  ScriptedDice dice2{{{12, 10}, {12, 2}, {4, 3}, {4, 3}, {12, 10}, {12, 2}, {4, 3}}};
  const Replay k = replay(enc, dice2, hero_first());
  EXPECT_FALSE(has(k, "Versatile Fighter")) << k.log;
}

// Battle Monster: Hero, 4 HP marked, hits; 4 Stress and the foe marks 4 HP
// with no damage roll (the d4's mean would mark 1). With 1 HP marked the
// weapon's damage is rolled.
TEST(DaggerheartParty, BattleMonsterMarksAsManyHpAsThePcHasMarked) {
  const auto enc = encounter_from(party("level: 10, proficiency: 1, hp: 8, stress: 6, marked: {hp: 4}, cards: [Battle Monster]", ""));
  ScriptedDice dice{{{12, 10}, {12, 2}, {12, 10}, {12, 2}, {4, 3}}};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Hero plays Battle Monster: Foe marks 4 HP (as many as Hero has marked), no damage roll")) << r.log;
  EXPECT_TRUE(has(r, "Foe marks 4 HP, 2 left")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 4);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Battle Monster");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 4);
  const auto fresh = encounter_from(party("level: 10, proficiency: 1, hp: 8, stress: 6, marked: {hp: 1}, cards: [Battle Monster]", ""));
  ScriptedDice dice2{{{12, 10}, {12, 2}, {4, 3}, {12, 10}, {12, 2}, {4, 3}}};
  const Replay k = replay(fresh, dice2, hero_first());
  EXPECT_FALSE(has(k, "Battle Monster")) << k.log;
}

// HERO alone against a foe with atk +2 whose attack deals 20, for ROUNDS rounds.
std::string alone(const std::string& hero, int rounds) {
  return "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) +
         "\noptions: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false}\n"
         "party:\n  - {name: Hero, primary: {damage: d4}, armor: {thresholds: [5, 11], score: 3}, " + hero + "}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, atk: 2, attack: {damage: 20}}\n";
}

// Shadow Stepper: Hero's attack fails with Fear; as its spotlight ends a
// Stress cloaks it, and the foe's attack has disadvantage (15 and 3: 3).
TEST(DaggerheartParty, ShadowStepperCloaksTheNightwalker) {
  const auto enc = encounter_from(alone("class: rogue, subclass: Nightwalker, level: 1, proficiency: 1", 1));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Shadow Stepper: Cloaked until it makes an attack")) << r.log;
  EXPECT_TRUE(has(r, "d20 3 (disadvantage)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Shadow Stepper").conditions, 1);
}

// Vanishing Act (a level-8 Nightwalker) comes before Shadow Stepper and holds
// through an attack until a roll with Fear; it is taken again as the
// spotlight ends.
TEST(DaggerheartParty, VanishingActLastsUntilARollWithFear) {
  const auto enc = encounter_from(alone("class: rogue, subclass: Nightwalker, level: 8, proficiency: 1", 2));
  // Round 2's attack begins Cloaked: the Rogue's Sneak Attack (tier 4: 4d6) holds with no ally in Melee.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {20, 3}, {12, 2}, {12, 10}, {4, 3}, {6, 1}, {6, 1}, {6, 1}, {6, 1}, {20, 15}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Vanishing Act: Cloaked until it rolls with Fear")) << r.log;
  EXPECT_FALSE(has(r, "Shadow Stepper")) << r.log;
  EXPECT_FALSE(has(r, "Hero attacks: no longer Cloaked")) << r.log;
  EXPECT_TRUE(has(r, "Hero rolls with Fear: no longer Cloaked")) << r.log;
  EXPECT_EQ(testing::count(r, "plays Vanishing Act"), 2) << r.log;
  EXPECT_EQ(testing::count(r, "(disadvantage)"), 2) << r.log;
  EXPECT_TRUE(has(r, "Sneak Attack: +4")) << r.log;
}

// Invisibility: a spellcast roll (10) with Fear succeeds; Hero (Presence 2) is
// Invisible for 2 of its actions: the foe's attacks after its second and
// third spotlights have disadvantage; after the third it is seen.
TEST(DaggerheartParty, InvisibilityLastsTheCastersSpellcastInActions) {
  const auto enc = encounter_from(alone("level: 3, proficiency: 1, spellcast: presence, traits: {presence: 2}, "
                                        "cards: [Invisibility], tactics: [{do: \"card:Invisibility\"}, {do: attack}]", 3));
  ScriptedDice dice{{{12, 2}, {12, 10}, {20, 15}, {20, 3},
                     {12, 2}, {12, 10}, {4, 3}, {20, 15}, {20, 3},
                     {12, 2}, {12, 10}, {4, 3}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Invisibility: Hero is Invisible for 2 of its actions")) << r.log;
  EXPECT_EQ(testing::count(r, "(disadvantage)"), 2) << r.log;
  EXPECT_TRUE(has(r, "Hero's action spends the last Invisibility token: it is seen again")) << r.log;
  EXPECT_EQ(testing::count(r, "plays Invisibility"), 1) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Invisibility").conditions, 1);
}

// ---------------------------------------------------------------------------
// The new keys' errors

TEST(DaggerheartParty, ThePartyKeysAreChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body, "Blade"); };
  EXPECT_EQ(msg("target: allies, uses: 1, heal_stress: 1, gain_hope: 1, allies_advantage: true"), "(no error)");
  EXPECT_NE(msg("target: enemy, damage: d6, allies_advantage: true").find("allies_advantage is an action on the allies"),
            std::string::npos);
  EXPECT_NE(msg("target: allies, roll: spellcast, gain_hope: 1, allies_advantage: true").find("with no roll"), std::string::npos);
  EXPECT_EQ(msg("target: ally, uses: 1, take_stress: true"), "(no error)");
  EXPECT_NE(msg("target: self, take_stress: true").find("take_stress is an action on an ally"), std::string::npos);
  EXPECT_NE(msg("target: ally, take_stress: true, heal_stress: 1").find("nothing else"), std::string::npos);
  EXPECT_EQ(msg("when: reaction, trigger: after_hit, stress: 1, target: party, either: true, heal_stress: 1, gain_hope: 1, "
                "next_attacker: true"),
            "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: crit, target: party, heal_stress: 1, next_attacker: true").find("next_attacker goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: after_hit, target: party, heal_hp: 1, next_attacker: true").find("next_attacker goes with"),
            std::string::npos);
  EXPECT_EQ(msg("when: reaction, trigger: ally_failed, target: both, uses: 1, heal_stress: 2"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: ally_faled, target: both, heal_stress: 2").find("ally_failed"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: after_hit, target: both, heal_stress: 2").find("`target: both`"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: ally_failed, target: self, heal_stress: 2").find("an `ally_failed` reaction"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: ally_failed, target: both, heal_stress: 2, hit_if: fear").find("an `ally_failed` reaction"),
            std::string::npos);
  EXPECT_EQ(msg("when: reaction, trigger: spotlight, stress: 3, uses: 1, fight_traits: 2"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: attack, stress: 3, fight_traits: 2").find("fight_traits goes with `trigger: spotlight`"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: spotlight, stress: 3, fight_traits: 2, fight_evasion: 1").find("or fight_traits"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: spotlight, fight_traits: 5").find("fight_traits"), std::string::npos);
  EXPECT_EQ(msg("roll: trait, trait: presence, uses: 1, stress_highest: 4"), "(no error)");
  EXPECT_NE(msg("target: self, heal_hp: 1, stress_highest: 4").find("stress_highest is an action's at enemies"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target_stress: 1, stress_highest: 4").find("in place of target_stress"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, stress_highest: 1").find("2 sides or more"), std::string::npos);
  EXPECT_EQ(msg("when: reaction, trigger: hit, hit_if: near, hope: 1, extra_targets: area, range: very_close, half_damage: true"),
            "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: hit, hope: 1, extra_targets: area").find("needs the `range`"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, hope: 1, bonus: d6, half_damage: true").find("half_damage goes with extra_targets"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, hope: 1, extra_targets: aera, range: close"), "(no error)");
  EXPECT_EQ(msg("roll: trait, trait: presence, target_stress: 1, taunt: true"), "(no error)");
  EXPECT_NE(msg("target_stress: 1, taunt: true").find("taunt is a rolled action at one enemy"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: enemies, target_stress: 1, taunt: true").find("taunt is a rolled action"), std::string::npos);
  EXPECT_EQ(msg("when: reaction, trigger: spotlight_end, stress: 1, cloak: fear, shed_restrained: true"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: spotlight_end, stress: 1, gain_hope: 1").find("takes `cloak`"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: after_hit, target: self, gain_hope: 1, cloak: attack").find("takes `cloak`"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: spotlight_end, cloak: atack").find("attack"), std::string::npos);
  EXPECT_NE(msg("target: self, heal_hp: 1, shed_restrained: true").find("shed_restrained goes with cloak"), std::string::npos);
  EXPECT_EQ(msg("roll: spellcast, difficulty: 10, stress: 1, target: party, invisible: true"), "(no error)");
  EXPECT_EQ(msg("when: reaction, trigger: hit, stress: 1, max_die: true, best_trait: true"), "(no error)");
  EXPECT_EQ(msg("when: reaction, trigger: hit, stress: 4, own_marks: true"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: hit, stress: 4, own_marks: true, bonus: d4").find("own_marks goes with `trigger: hit`, alone"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: after_hit, target: self, gain_hope: 1, max_die: true").find("max_die goes with `trigger: hit`"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, stress: 1, bonus: d4, max_die: true").find("max_die goes with"), std::string::npos);
  EXPECT_NE(msg("roll: spellcast, target: self, invisible: true").find("invisible is an action on one PC"), std::string::npos);
  EXPECT_NE(msg("target: party, invisible: true, heal_hp: 1").find("nothing else"), std::string::npos);
}

// Every library card these keys model reads as modelled.
TEST(DaggerheartParty, TheLibraryModelsTheCards) {
  testing::expect_modelled({"Battle Cry", "Share the Burden", "Lead by Example", "Lean on Me", "Full Surge", "Troublemaker", "Whirlwind",
                           "Goad Them on", "Invisibility", "Versatile Fighter", "Battle Monster"});
}

}  // namespace
}  // namespace encsim
