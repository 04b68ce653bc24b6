// Daggerheart ancestry, community and subclass traits on a PC's own rolls and
// hits (play_traits.hpp): Retract (`shell`), Know the Tide (`pool: {fill:
// fear_roll, spend: roll}`), Honed Expertise (`passive: {free_experience}`),
// Camaraderie (`passive: {tag_teams, tag_team_cost}`) and Sacred Resonance
// (`double_matches`), each replayed on scripted dice; the new keys' errors.
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

// Hero (HERO adds to it: a d4, Agility 0, thresholds 5/10 before the level,
// no Armor Slot, 6 HP, 6 Stress) against Foe (Difficulty DIFFICULTY,
// thresholds 5/10, HP 6, ATK, a fixed DAMAGE of TYPE in Melee), for ROUNDS
// rounds, with no class Hope feature, Experience, help or Tag Team.
std::string lone(const std::string& hero, int damage, const std::string& type = "physical", int difficulty = 10,
                 int atk = 10, int rounds = 2) {
  return "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) + "\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false}\n"
         "party:\n  - {name: Hero, proficiency: 1, hp: 6, stress: 6, traits: {agility: 0}, primary: {damage: d4}, "
         "armor: {thresholds: [5, 10], score: 0}, " + hero + "}\n"
         "foes:\n  - {name: Foe, difficulty: " + std::to_string(difficulty) + ", thresholds: [5, 10], hp: 6, stress: 3, atk: " +
         std::to_string(atk) + ", attack: {damage: " + std::to_string(damage) + ", range: melee, type: " + type + "}}\n";
}

// ---------------------------------------------------------------------------
// Retract (Galapa): `trigger: damaged, against: physical, stress: 1, shell: physical`

// Level 1: thresholds 6/11, and Shell's Proficiency makes them 7/12. Foe's 13
// is Severe (3 HP); in the shell it is halved to 6, Minor: 2 HP spared for a
// Stress. Round 2: the galapa comes out to act, and retracts again at the next hit.
TEST(DaggerheartTraits, RetractHalvesAPhysicalHitAndTheGalapaComesOutToAct) {
  const auto enc = encounter_from(lone("level: 1, ancestry: Galapa", 13));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Retract: the damage is halved to 6")) << r.log;
  EXPECT_TRUE(has(r, "Hero is in its shell (Retract): resistance to physical damage, disadvantage on its action rolls")) << r.log;
  EXPECT_TRUE(has(r, "Hero comes out of its shell (Retract) to act")) << r.log;
  EXPECT_EQ(testing::count(r, "Hero plays Retract"), 2) << r.log;
  // Its own roll in round 2 is made out of the shell: no disadvantage.
  EXPECT_FALSE(has(r, "- disadvantage")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 2) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Retract");
  EXPECT_EQ(f.uses, 2);
  EXPECT_EQ(f.spent, 2);
  EXPECT_EQ(f.healed, 4);
}

// The GM weighs the shell. Hero (Galapa, Evasion 10) retracts from A's 13
// (Severe on its 7/12; 6 in the shell, Minor); then B, spotlighted for a
// Fear, weighs its 13 on Ally (Evasion 12, thresholds 6/11: Severe, 3 HP at
// a 95% hit) above Hero in its shell (1 HP at a sure hit). Old code weighed
// Hero's hit at 3 HP whole and sent B at Hero again.
TEST(DaggerheartTraits, TheGmWeighsAShellsResistance) {
  const std::string yaml =
      "ruleset: daggerheart\nmax_rounds: 1\n"
      "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false, "
      "fear_start: 2, adversary_experiences: false}\n"
      "party:\n  - {name: Hero, level: 1, ancestry: Galapa, proficiency: 1, hp: 6, stress: 6, evasion: 10, traits: {agility: 0}, "
      "primary: {damage: d4}, armor: {thresholds: [5, 10], score: 0}}\n"
      "  - {name: Ally, level: 1, proficiency: 1, hp: 6, stress: 6, evasion: 12, traits: {agility: 0}, primary: {damage: d4}, "
      "armor: {thresholds: [5, 10], score: 0}}\n"
      "foes:\n"
      "  - {name: A, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 10, attack: {damage: 13, range: melee}}\n"
      "  - {name: B, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 10, attack: {damage: 13, range: melee}}\n";
  const auto enc = encounter_from(yaml);
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {20, 15}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  ASSERT_TRUE(has(r, "Hero plays Retract: the damage is halved to 6")) << r.log;
  // The damage line says what the hit deals once halved (old code: "13 damage to Hero").
  EXPECT_TRUE(has(r, "  6 damage to Hero (thresholds 7/12): marks 1 HP, 5 left")) << r.log;
  EXPECT_TRUE(has(r, "vs Evasion 12 of Ally: hit")) << r.log;
  EXPECT_EQ(testing::count(r, "Hero plays Retract"), 1) << r.log;
}

// Magic damage meets no shell; a Minor physical hit (1 HP either way) is not worth the Stress.
TEST(DaggerheartTraits, RetractKeepsOutOfMagicAndOfHitsItCannotLower) {
  const auto magic = encounter_from(lone("level: 1, ancestry: Galapa", 13, "magic", 10, 10, 1));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(magic, dice);
  EXPECT_FALSE(has(r, "Retract")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 3) << r.log;
  const auto minor = encounter_from(lone("level: 1, ancestry: Galapa", 5, "physical", 10, 10, 1));
  ScriptedDice d2{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r2 = replay(minor, d2);
  EXPECT_FALSE(has(r2, "Retract")) << r2.log;
  EXPECT_EQ(r2.rec.combatants[0].damage_taken, 1) << r2.log;
}

// A galapa still in its shell when an ally tags it in: its roll in the Tag
// Team has disadvantage. Pal (a galapa, acting first, 0 Hope) fails with
// Fear; Foe's 13 on Pal (thresholds 7/12: the PC it marks most on) is halved
// in the shell. Hero (3 Hope) then starts a Tag Team with Pal, still retracted.
TEST(DaggerheartTraits, AGalapaInItsShellRollsWithDisadvantage) {
  const auto enc = encounter_from(
      "ruleset: daggerheart\nmax_rounds: 1\n"
      "options: {tag_team: true, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false, "
      "class_features: false}\n"
      "party:\n  - {name: Pal, level: 1, ancestry: Galapa, proficiency: 1, hp: 6, stress: 6, hope: 0, traits: {agility: 0}, "
      "primary: {damage: d4}, armor: {thresholds: [5, 10], score: 0}}\n"
      "  - {name: Hero, level: 1, proficiency: 1, hp: 6, hope: 3, traits: {agility: 0}, primary: {damage: d4}, "
      "armor: {thresholds: [20, 30], score: 0}}\n"
      "foes:\n  - {name: Foe, difficulty: 30, thresholds: [5, 10], hp: 6, atk: 10, attack: {damage: 13, range: melee}}\n");
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}, true};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Pal plays Retract")) << r.log;
  EXPECT_TRUE(has(r, "Hero spends 3 Hope on a Tag Team roll with Pal")) << r.log;
  EXPECT_TRUE(has(r, "Pal rolls Hope 1, Fear 1 +0 - disadvantage")) << r.log;
}

// ---------------------------------------------------------------------------
// Know the Tide (Seaborne): `pool: {fill: fear_roll, spend: roll, max: level, each: 1}`

// Level 2: two tokens at most. Round 1: a failure with Fear leaves a token;
// Foe misses. Round 2, against Difficulty 15: 2d12 alone succeeds 62 times in
// 144, one token makes it 72 (one half): one token, and 8 + 6 + 1 = 15 succeeds.
TEST(DaggerheartTraits, KnowTheTideSpendsATokenThatMakesTheRollALikelySuccess) {
  const auto enc = encounter_from(lone("level: 2, community: Seaborne", 1, "physical", 15, 0));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 1}, {12, 8}, {12, 6}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero places a token on Know the Tide (1 of 2)")) << r.log;
  EXPECT_TRUE(has(r, "Hero spends 1 of Know the Tide's tokens before the roll: +1 (0 left)")) << r.log;
  EXPECT_TRUE(has(r, "= 15 vs 15: success with Hope")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Know the Tide");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
}

// Against Difficulty 10 the roll is a likely success without tokens: they
// are kept, as many as the level (1) allows.
TEST(DaggerheartTraits, KnowTheTideKeepsItsTokensForARollTheyTurn) {
  const auto enc = encounter_from(lone("level: 1, community: Seaborne", 1, "physical", 10, 0, 3));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 1}, {12, 1}, {12, 2}, {20, 1}, {12, 3}, {12, 4}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(testing::count(r, "Hero places a token on Know the Tide (1 of 1)"), 1) << r.log;
  EXPECT_FALSE(has(r, "tokens before the roll")) << r.log;
}

// Its tokens are spent before rolls only, never as damage, though the PC
// holds a pool spent on its hits (Never Upstaged, empty). Round 1: a failure
// with Fear leaves a token; Foe misses. Round 2: 9 + 3 = 12 succeeds without
// it; the d4's 4 is Minor (1 HP), where a token as +1 damage would make it 5,
// Major. Old code: the token went into the damage roll.
TEST(DaggerheartTraits, KnowTheTideTokensNeverJoinADamageRoll) {
  const auto enc = encounter_from(lone("level: 6, community: Seaborne, cards: [Never Upstaged]", 1, "physical", 10, 0));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 1}, {12, 9}, {12, 3}, {4, 4}}, true};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero places a token on Know the Tide (1 of 6)")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Know the Tide").uses, 0) << r.log;
}

// ---------------------------------------------------------------------------
// Honed Expertise (School of Knowledge mastery): `passive: {free_experience: 5}`

// A level-8 wizard with a +3 Experience (+2, and a level's advancement), using it (5 Hope, experience_min_hope 1):
// a d6 first; a 5 makes it free (no Hope, no Adept Stress); a 4 does not.
std::string wizard(int hope) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 1, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false}\n"
         "party:\n  - {name: Hero, class: wizard, subclass: School of Knowledge, level: 8, proficiency: 1, hope: " +
         std::to_string(hope) + ", strange_patterns: 0, experiences: {Lore: 2}, armor: {thresholds: [1, 2], score: 0}, "
         "primary: {damage: d12, trait: knowledge, type: magic}}\n"
         "foes:\n  - {name: Foe, difficulty: 30, thresholds: [3, 6], hp: 20, atk: 0, attack: {damage: 1}}\n";
}

TEST(DaggerheartTraits, HonedExpertiseMakesAnExperienceFreeOnAFiveOrSix) {
  const auto enc = encounter_from(wizard(5));
  ScriptedDice dice{{{6, 5}, {12, 1}, {12, 2}}, true};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Honed Expertise: Hero rolls 5 on the d6 and uses an Experience without spending Hope (+3)")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentExperiences], 0) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 0) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Honed Expertise").uses, 1);
  // A 4: the Experience costs as usual (a Hope, or Adept's Stress).
  ScriptedDice d2{{{6, 4}, {12, 1}, {12, 2}}, true};
  const Replay r2 = replay(enc, d2);
  EXPECT_TRUE(has(r2, "Honed Expertise: Hero rolls 4 on the d6, the Experience costs as usual")) << r2.log;
  EXPECT_EQ(r2.rec.resources[dh::kHopeSpentExperiences] + r2.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r2.log;
  EXPECT_EQ(testing::feature(enc.features(), r2.rec, 0, "Honed Expertise").uses, 0);
}

// ---------------------------------------------------------------------------
// Camaraderie (Call of the Brave mastery): `passive: {tag_teams: 1, tag_team_cost: 2}`

// Hero and Pal (HERO and PAL add to them) against a Foe they cannot kill,
// for ROUNDS rounds; CARDS: whether actions and reactions are played (a
// passive is folded in either way).
std::string brave(const std::string& hero, const std::string& pal, int rounds = 1, bool cards = true) {
  return "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) + "\n"
         "options: {tag_team: true, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false, "
         "class_features: false, cards: " + std::string(cards ? "true" : "false") + "}\n"
         "party:\n  - {name: Hero, proficiency: 1, traits: {agility: 0}, primary: {damage: d4}, "
         "armor: {thresholds: [5, 10], score: 0}, " + hero + "}\n"
         "  - {name: Pal, proficiency: 1, traits: {agility: 0}, primary: {damage: d4}, "
         "armor: {thresholds: [5, 10], score: 0}, " + pal + "}\n"
         "foes:\n  - {name: Foe, difficulty: 30, thresholds: [50, 100], hp: 40, atk: 0, attack: {damage: 1}}\n";
}

TEST(DaggerheartTraits, CamaraderieMakesATagTeamWithTheWarriorCostTwoHope) {
  const auto enc = encounter_from(brave("level: 1, hope: 3", "class: warrior, subclass: Call of the Brave, level: 8, hope: 0"));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Hero spends 2 Hope on a Tag Team roll with Pal")) << r.log;
  EXPECT_TRUE(has(r, "Camaraderie: a Tag Team with Pal costs Hero 2 Hope")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentTagTeam], 2) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 1, "Camaraderie").uses, 1);
  // Without the warrior's mastery: 3 Hope.
  const auto plain = encounter_from(brave("level: 1, hope: 3", "level: 1, hope: 0"));
  ScriptedDice d2{{}, true};
  const Replay r2 = replay(plain, d2, hero_first());
  EXPECT_TRUE(has(r2, "Hero spends 3 Hope on a Tag Team roll with Pal")) << r2.log;
}

// The warrior initiates a second Tag Team in the session (a lone fight here,
// of two rounds; no card or action feature is played, so its Battle Ritual
// does not take its spotlight); without Camaraderie it would not.
TEST(DaggerheartTraits, CamaraderieGivesTheWarriorASecondTagTeam) {
  const auto enc = encounter_from(brave("class: warrior, subclass: Call of the Brave, level: 8, hope: 6", "level: 1, hope: 0", 2, false));
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_EQ(testing::count(r, "Hero spends 3 Hope on a Tag Team roll with Pal"), 2) << r.log;
  EXPECT_TRUE(has(r, "Camaraderie: Hero initiates a Tag Team once more this session (2)")) << r.log;
  const auto plain = encounter_from(brave("class: warrior, subclass: Call of the Slayer, level: 8, hope: 6", "level: 1, hope: 0", 2, false));
  ScriptedDice d2{{}, true};
  const Replay r2 = replay(plain, d2, hero_first());
  EXPECT_EQ(testing::count(r2, "Tag Team roll with Pal"), 1) << r2.log;
}

// ---------------------------------------------------------------------------
// Sacred Resonance (Divine Wielder mastery): Spirit Weapon with `double_matches: true`

// A level-8 Seraph (Proficiency 2, a d4 in Melee) against two foes: the
// Stress sends the attack at both, and its two d4s both show 3: 6 + 6 = 12.
TEST(DaggerheartTraits, SacredResonanceDoublesMatchingDamageDice) {
  const std::string y =
      "ruleset: daggerheart\nmax_rounds: 1\n"
      "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false, "
      "class_features: false}\n"
      "party:\n  - {name: Sera, class: seraph, level: 8, proficiency: 2, subclass: Divine Wielder, "
      "primary: {damage: d4, range: melee}, armor: {thresholds: [5, 10], score: 0}}\n"
      "foes:\n  - {name: A, difficulty: 10, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 1}}\n"
      "  - {name: B, difficulty: 10, thresholds: [5, 10], hp: 6, atk: 0, attack: {damage: 1}}\n";
  const auto enc = encounter_from(y);
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 3}, {4, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Sera plays Sacred Resonance: the roll also hits ")) << r.log;
  EXPECT_FALSE(has(r, "Spirit Weapon")) << r.log;
  EXPECT_TRUE(has(r, "Sacred Resonance: 2 matching damage dice count twice: +6")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;  // 12: Severe
  EXPECT_EQ(r.rec.combatants[2].damage_taken, 3) << r.log;
  // Dice that do not match: nothing doubled (3 + 2 = 5, Major).
  ScriptedDice d2{{{12, 9}, {12, 3}, {4, 3}, {4, 2}}};
  const Replay r2 = replay(enc, d2);
  EXPECT_FALSE(has(r2, "matching damage dice")) << r2.log;
  EXPECT_EQ(r2.rec.combatants[1].damage_taken, 2) << r2.log;
}

// ---------------------------------------------------------------------------
// Enchanted Aid (Primal Origin specialization): `passive: {help_spellcast: 8}`
// and `trigger: ally_rolled, swap: true, with_help: true, uses: 1`

// Pal (a level-1 caster, Instinct 2, acting first) casts Vicious Entangle at
// Foe; Hero (a level-5 sorcerer of the Primal Origin, 3 Hope) may help.
std::string aided(int help_min_hope) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: " + std::to_string(help_min_hope) +
         ", hard_moves: false, hope_features: false, class_features: false}\n"
         "party:\n  - {name: Pal, level: 1, proficiency: 1, spellcast: instinct, traits: {instinct: 2}, primary: {damage: d4}, "
         "armor: {thresholds: [5, 10], score: 0}, cards: [Vicious Entangle], tactics: [{do: \"card:Vicious Entangle\"}]}\n"
         "  - {name: Hero, class: sorcerer, subclass: Primal Origin, level: 5, proficiency: 1, hope: 3, primary: {damage: d4}, "
         "armor: {thresholds: [5, 10], score: 0}}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 20, atk: 0, attack: {damage: 1}}\n";
}

// The sorcerer helps with a d8; the roll (5 + 9 + 2 + 4 = 20) succeeds with
// Fear, and the swap makes it one with Hope: the party keeps the spotlight.
TEST(DaggerheartTraits, EnchantedAidHelpsASpellcastWithAD8AndSwapsItsDice) {
  const auto enc = encounter_from(aided(2));
  ScriptedDice dice{{{12, 5}, {12, 9}, {8, 4}, {8, 3}}, true};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Hero spends a Hope to help Pal's Spellcast roll (Enchanted Aid: Help: a d8 advantage die)")) << r.log;
  EXPECT_TRUE(has(r, "Hero plays Enchanted Aid: Swap: Pal's Hope and Fear Dice swap: Hope 9, Fear 5: success with Hope")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearGainedRolls], 0) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 1, "Enchanted Aid: Help").uses, 1);
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 1, "Enchanted Aid: Swap").uses, 1);
  // Below the Help policy's Hope: no help, so no swap either.
  const auto poor = encounter_from(aided(7));
  ScriptedDice d2{{{12, 5}, {12, 9}, {8, 3}}, true};
  const Replay r2 = replay(poor, d2, hero_first());
  EXPECT_FALSE(has(r2, "Enchanted Aid")) << r2.log;
}

// ---------------------------------------------------------------------------
// Cloaking Blast (Arcana 7): `trigger: spotlight_end, hope: 1, cloak: attack, after_spell: true`

// A level-7 caster (Instinct 2, 2 Hope) casts Vicious Entangle each spotlight
// at Foe (its attack deals 20 at +2).
std::string blaster() {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false}\n"
         "party:\n  - {name: Hero, level: 7, proficiency: 1, hope: 2, spellcast: instinct, traits: {instinct: 2}, "
         "primary: {damage: d4}, armor: {thresholds: [5, 11], score: 3}, cards: [Cloaking Blast, Vicious Entangle], "
         "tactics: [{do: \"card:Vicious Entangle\"}]}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 20, atk: 2, attack: {damage: 20}}\n";
}

// 5 + 9 + 2 = 16: a success with Fear; as the spotlight ends a Hope cloaks
// the caster, and Foe's attack has disadvantage (15 and 3: 3, a miss).
TEST(DaggerheartTraits, CloakingBlastCloaksTheCasterAfterASuccessfulSpell) {
  const auto enc = encounter_from(blaster());
  ScriptedDice dice{{{12, 5}, {12, 9}, {8, 3}, {20, 15}, {20, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Cloaking Blast: Cloaked until it makes an attack")) << r.log;
  EXPECT_TRUE(has(r, "d20 3 (disadvantage)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 1) << r.log;
  // A failed spell: nothing to follow; Foe hits (15 + 2).
  ScriptedDice d2{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r2 = replay(enc, d2);
  EXPECT_FALSE(has(r2, "Cloaking Blast")) << r2.log;
}

// ---------------------------------------------------------------------------
// The new keys' errors

TEST(DaggerheartTraits, TheNewKeysAreChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body); };
  EXPECT_NE(msg("when: reaction, trigger: damaged, stress: 1, shell: physical").find("shell goes with"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: damaged, against: magic, stress: 1, shell: physical").find("shell goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: damaged, against: physical, halve: true, shell: physical").find("shell goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: damaged, against: physical, shell: fire").find("shell"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d4, double_matches: true").find("double_matches goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {free_experience: 1}").find("2 to 6"), std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {free_experience: 7}").find("free_experience"), std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {tag_team_cost: 0}").find("1 or 2"), std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {tag_team_cost: 3}").find("tag_team_cost"), std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {tag_teams: 9}").find("tag_teams"), std::string::npos);
  EXPECT_NE(msg("when: passive, pool: {fill: fear_roll, spend: roll, max: level, die: 6}").find("`spend: roll` adds `each`"),
            std::string::npos);
  EXPECT_NE(msg("when: passive, pool: {fill: fear_roll, spend: roll, max: level, each: 1, only: magic}").find("`only` goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: passive, pool: {fill: fear_rol, spend: roll, max: level, each: 1}").find("fear_roll"), std::string::npos);
  EXPECT_NE(msg("when: passive, passive: {help_spellcast: 4}").find("6 to 20"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: ally_rolled, target: allies, swap: true").find("an `ally_rolled` reaction"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: rolled, swap: true, with_help: true").find("with_help goes with"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: spotlight_end, stress: 1, cloak: attack, after_spell: maybe").find("true or false"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: spotlight_end, stress: 1, cloak: attack, after_spel: true").find("after_spell"),
            std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d4, after_spell: true").find("after_spell goes with"), std::string::npos);
  // The shipped entries read.
  EXPECT_NO_THROW(dh::feature_library());
}

}  // namespace
}  // namespace encsim
