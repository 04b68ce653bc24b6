// Daggerheart pools of tokens filled by playing a card and spent on damage
// the PC takes (`pool: {fill: action, spend: damaged, strike_back: melee}`,
// play_pool.hpp): Thorn Skin. Replayed on scripted dice where the tokens are
// spent and where the policy keeps the card in hand; the new keys' errors.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "feature_lookup.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
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

// A level-5 PC (no class; Proficiency 1, Instinct 2 as its Spellcast trait,
// so 2 tokens; a d4; thresholds 10/15) with CARDS against Foe (Difficulty 10,
// thresholds 5/10, 6 HP, +10) whose standard attack deals DAMAGE at RANGE.
std::string thorny(const std::string& cards, int damage, const std::string& range, int level = 5,
                   const std::string& type = "physical", int rounds = 2) {
  return "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) + "\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false}\n"
         "party:\n  - {name: Hero, level: " + std::to_string(level) + ", proficiency: 1, hp: 6, stress: 6, spellcast: instinct, "
         "traits: {agility: 0, instinct: 2}, primary: {damage: d4}, armor: {thresholds: [5, 10], score: 0}, cards: [" +
         cards + "]}\nfoes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 10, attack: {damage: " +
         std::to_string(damage) + ", range: " + range + ", type: " + type + "}}\n";
}

TEST(DaggerheartPools, ThornSkinTakesItsRollOffAHitAndDealsItBackToAMeleeAttacker) {
  const auto enc = encounter_from(thorny("Thorn Skin", 13, "melee"));
  // Round 1: a Hope for 2 tokens (2 d6s off Foe's 13 take it from Major to
  // Minor, and 7 back at Foe marks 2 HP: worth more than the d4). Round 2: the
  // attack fails with Fear; Foe hits for 13: both tokens, 3 + 4 = 7 off (6,
  // Minor) and 7 magic back at Foe (Major).
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {6, 3}, {6, 4}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Thorn Skin")) << r.log;
  EXPECT_TRUE(has(r, "Hero places 2 tokens on Thorn Skin (2 of 2)")) << r.log;
  EXPECT_TRUE(has(r, "Hero spends 2 of Thorn Skin's tokens against the damage: -7, 13 to 6 (0 left)")) << r.log;
  EXPECT_TRUE(has(r, "Thorn Skin: 7 magic damage back to Foe")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Thorn Skin");
  EXPECT_EQ(f.uses, 2);    // the cast and one spend
  EXPECT_EQ(f.spent, 1);   // its Hope
  EXPECT_EQ(f.healed, 1);  // Major became Minor
  EXPECT_EQ(f.damage, 2);  // the HP struck back
}

TEST(DaggerheartPools, ThornSkinStaysInHandWhenItsTokensCouldNotPay) {
  // A ranged Foe hitting for 14: two d6s at their mean (7) take it to Minor,
  // one HP for two tokens' worth (an HP), and nothing strikes back: the d4 instead.
  const auto enc = encounter_from(thorny("Thorn Skin", 14, "far"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Thorn Skin")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 4) << r.log;
}

// ---------------------------------------------------------------------------
// Zone of Protection (Splendor 6): `zone_die: 6`, a growing reduction over the party

TEST(DaggerheartPools, ZoneOfProtectionTakesItsGrowingDieOffEachHit) {
  // Level 6: thresholds 11/16; Foe's 11 is Major, and every face of the d6
  // brings it to Minor: worth more than the d4 at the Spellcast roll's odds.
  const auto enc = encounter_from(thorny("Zone of Protection", 11, "melee", 6));
  // Round 1: 10 + 5 + 2 = 17 vs 16, a success with Hope: the zone. Round 2:
  // the attack fails with Fear; Foe's 11 loses 1 (10, Minor); the die goes to 2.
  ScriptedDice dice{{{12, 10}, {12, 5}, {12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Zone of Protection")) << r.log;
  EXPECT_TRUE(has(r, "Zone of Protection: a zone over the party, a d6 at 1")) << r.log;
  EXPECT_TRUE(has(r, "Zone of Protection: 1 off the damage to Hero, 11 to 10")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Zone of Protection");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 1);
}

TEST(DaggerheartPools, ZoneOfProtectionEndsOnceItsDieWouldPassSix) {
  // Six hits of 11 in the zone: 1 to 6 off, then it ends; the seventh is whole.
  const auto enc = encounter_from(
      "ruleset: daggerheart\nmax_rounds: 8\n"
      "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false}\n"
      "party:\n  - {name: Hero, level: 6, proficiency: 1, hp: 12, stress: 6, spellcast: instinct, "
      "traits: {agility: 0, instinct: 2}, primary: {damage: d4}, armor: {thresholds: [5, 10], score: 0}, cards: [Zone of Protection]}\n"
      "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 10, attack: {damage: 11}}\n");
  std::vector<std::pair<int, int>> script{{12, 10}, {12, 5}};
  for (int round = 0; round < 7; ++round) script.insert(script.end(), {{12, 1}, {12, 2}, {20, 15}});
  ScriptedDice dice;
  dice.script.assign(script.begin(), script.end());
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Zone of Protection: 6 off the damage to Hero, 11 to 5 (the zone ends)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 6 + 2) << r.log;  // six Minor hits, then a Major one
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Zone of Protection").healed, 6);
}

// ---------------------------------------------------------------------------
// Rejuvenation Barrier (Sage 8): `heal_hp: d4, barrier: physical`

TEST(DaggerheartPools, RejuvenationBarrierHalvesPhysicalDamageFromAfar) {
  // Level 8: thresholds 13/18. A Far Foe's 20 is Severe; halved (10) Minor:
  // 2 HP a hit, worth more than the d4 at the Spellcast roll's (15) odds.
  const auto enc = encounter_from(thorny("Rejuvenation Barrier", 20, "far", 8));
  // Round 1: 10 + 5 + 2 = 17, a success with Hope (no HP to clear). Round 2:
  // the attack fails with Fear; Foe's 20 is halved to 10: 1 HP.
  ScriptedDice dice{{{12, 10}, {12, 5}, {12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Rejuvenation Barrier")) << r.log;
  EXPECT_TRUE(has(r, "Rejuvenation Barrier: the party resists physical damage from beyond Very Close range")) << r.log;
  EXPECT_TRUE(has(r, "Hero's barrier: Hero resists the damage, 20 to 10")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Rejuvenation Barrier");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 2);  // Severe to Minor
  // A Melee Foe stands inside the barrier: nothing to resist, the card
  // waits for HP to heal (3 marked: round 2), and its barrier halves nothing.
  const auto near = encounter_from(thorny("Rejuvenation Barrier", 20, "melee", 8));
  ScriptedDice d2{{{12, 1}, {12, 2}, {20, 15}, {12, 10}, {12, 5}, {4, 2}}};
  const Replay r2 = replay(near, d2);
  EXPECT_GT(r2.log.find("plays Rejuvenation Barrier"), r2.log.find("-- round 2")) << r2.log;  // not in round 1
  EXPECT_TRUE(has(r2, "Rejuvenation Barrier clears 2 HP on Hero")) << r2.log;
  EXPECT_FALSE(has(r2, "resists the damage")) << r2.log;
}

// ---------------------------------------------------------------------------
// Shield Aura (Splendor 8): `aura_armor: 1`, one threshold more with each Armor Slot

TEST(DaggerheartPools, ShieldAuraLowersAnArmoredHitOnceMoreUntilItLeavesNoHp) {
  // Level 8, 2 Armor Slots: thresholds 13/18; Foe's d20+10 (mean 20.5) is
  // Severe, 2 HP after a slot: the aura spares an HP on each slot (2), for a Stress.
  const auto enc = encounter_from(
      "ruleset: daggerheart\nmax_rounds: 3\n"
      "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false}\n"
      "party:\n  - {name: Hero, level: 8, proficiency: 1, hp: 6, stress: 6, spellcast: instinct, "
      "traits: {agility: 0, instinct: 2}, primary: {damage: d4}, armor: {thresholds: [5, 10], score: 2}, cards: [Shield Aura]}\n"
      "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 10, attack: {damage: d20+10}}\n");
  // Round 1: the aura. Round 2: a miss; 10 + 10 = 20, Severe: a slot (Major),
  // the aura (Minor). Round 3: a miss; 5 + 10 = 15, Major: a slot (Minor), the
  // aura (nothing), and it ends.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {20, 10}, {12, 1}, {12, 2}, {20, 15}, {20, 5}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Shield Aura")) << r.log;
  EXPECT_TRUE(has(r, "Shield Aura: an aura on Hero")) << r.log;
  EXPECT_TRUE(has(r, "Shield Aura on Hero: the Armor Slot lowers the hit once more, 2 HP to 1")) << r.log;
  EXPECT_TRUE(has(r, "Shield Aura on Hero: the Armor Slot lowers the hit once more, 1 HP to 0 (the aura ends)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Shield Aura");
  EXPECT_EQ(f.uses, 3);    // the cast and two hits
  EXPECT_EQ(f.spent, 1);   // its Stress
  EXPECT_EQ(f.healed, 2);
}

// ---------------------------------------------------------------------------
// Arcane Reflection (Arcana 8): `trigger: damaged, against: magic, reflect: 6`

TEST(DaggerheartPools, ArcaneReflectionSendsAMagicHitBackOnASix) {
  // Level 8: 20 magic is Severe on Hero (3 HP) and on Foe (3): worth 6 HP.
  // Both Hope: 2 d6 (a 31% chance, 1.83 HP, for an HP's worth of Hope) beat one.
  const auto enc = encounter_from(thorny("Arcane Reflection", 20, "far", 8, "magic", 1));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {6, 3}, {6, 6}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Arcane Reflection: 2 Hope for 2 d6, the highest 6: the attack is reflected")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Arcane Reflection");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 2);
  EXPECT_EQ(f.healed, 3);
  EXPECT_EQ(f.damage, 3);
  // No 6: the Hope is gone and the hit lands.
  ScriptedDice d2{{{12, 1}, {12, 2}, {20, 15}, {6, 3}, {6, 5}}};
  const Replay r2 = replay(enc, d2);
  EXPECT_TRUE(has(r2, "Hero plays Arcane Reflection: 2 Hope for 2 d6, the highest 5")) << r2.log;
  EXPECT_EQ(r2.rec.combatants[0].damage_taken, 3) << r2.log;
  // Physical damage is not reflected.
  const auto plain = encounter_from(thorny("Arcane Reflection", 20, "far", 8, "physical", 1));
  ScriptedDice d3{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r3 = replay(plain, d3);
  EXPECT_FALSE(has(r3, "Arcane Reflection")) << r3.log;
}

// ---------------------------------------------------------------------------
// Elemental Dominion: Earth (Warden of the Elements mastery): `fight_save_hp: 6` while Channeling

// A level-8 Warden of the Elements of earth (Proficiency 3: thresholds 13/18,
// 16/21 while Channeling); its attack fails with Fear (1 + 2) and Foe (Melee,
// +10) hits back for DAMAGE.
std::string earth_warden(int damage, const std::string& element = "earth", const std::string& range = "melee") {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false}\n"
         "party:\n  - {name: Dru, class: druid, level: 8, proficiency: 3, subclass: Warden of the Elements, beastform: none, "
         "element: " + element + ", traits: {agility: 0}, primary: {damage: d4}, armor: {thresholds: [5, 10], score: 0}}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 10, attack: {damage: " +
         std::to_string(damage) + ", range: " + range + "}}\n";
}

TEST(DaggerheartPools, EarthDominionRollsAD6PerHpAndEachSixSparesOne) {
  const auto enc = encounter_from(earth_warden(17));
  // 17 is Major at 16/21: 2 HP; d6s 6 and 3: one spared.
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {6, 6}, {6, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Dru plays Elemental Incarnation: Earth until it takes Severe damage")) << r.log;
  EXPECT_TRUE(has(r, "Dru's Elemental Dominion: Earth: 2 d6, 1 at 6 or above: 1 HP instead of 2")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Elemental Dominion: Earth");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 1);
}

// Elemental Aura: Air (Warden of the Elements specialization): `aura_reduce: d8, hit_if: ranged`
TEST(DaggerheartPools, AirAuraTakesAD8OffAnAttackFromAfarWhileChanneling) {
  // Channeling air (advantage on Agility attacks: a d6 joins the roll), the
  // aura is assumed; the attack fails (1 + 2 + 1); a Far Foe's 14 (Major at
  // 13/18) loses a d8 of 5: 9, Minor.
  const auto enc = encounter_from(earth_warden(14, "air", "far"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {6, 1}, {20, 15}, {8, 5}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Dru assumes Elemental Aura: Air until its Elemental Incarnation: Air ends")) << r.log;
  EXPECT_TRUE(has(r, "Dru's Elemental Aura: Air: 5 off the damage to Dru, 14 to 9")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Elemental Aura: Air");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.healed, 1);
  // A Melee Foe's attack is not from afar: no d8.
  const auto near = encounter_from(earth_warden(14, "air", "melee"));
  ScriptedDice d2{{{12, 1}, {12, 2}, {6, 1}, {20, 15}}};
  const Replay r2 = replay(near, d2);
  EXPECT_FALSE(has(r2, "off the damage")) << r2.log;
  EXPECT_EQ(r2.rec.combatants[0].damage_taken, 2) << r2.log;
}

// Elemental Aura: Fire (Warden of the Elements specialization): `aura_stress: 1`
TEST(DaggerheartPools, FireAuraMakesAFoeThatMarksHpMarkAStress) {
  // Channeling fire (and Dominion's +1 Proficiency: 4d4), the aura is
  // assumed; 9 + 3 hits for 4 (Minor): Foe marks an HP and a Stress.
  const auto enc = encounter_from(earth_warden(1, "fire"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 1}, {4, 1}, {4, 1}, {4, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Dru assumes Elemental Aura: Fire until its Elemental Incarnation: Fire ends")) << r.log;
  EXPECT_TRUE(has(r, "Dru's Elemental Aura: Fire: Foe marks 1 Stress")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Elemental Aura: Fire");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.conditions, 1);
}

TEST(DaggerheartPools, ThePoolFillAndSpendKeysAreChecked) {
  auto msg = [](const std::string& body) { return testing::card_error(body, "Sage", "Spell"); };
  EXPECT_EQ(msg("hope: 1, uses: 1, target: self, pool: {fill: action, spend: damaged, max: spellcast, die: 6, strike_back: melee}"),
            "(no error)");
  EXPECT_NE(msg("when: passive, pool: {fill: action, spend: damaged, max: 2, die: 6}").find("but `fill: action`"), std::string::npos);
  EXPECT_NE(msg("pool: {fill: action, spend: damaged, max: 2, die: 6}").find("goes with `when: action` and `target: self`"),
            std::string::npos);
  EXPECT_NE(msg("target: self, heal_hp: 1, pool: {fill: action, spend: damaged, max: 2, die: 6}").find("no other effect"),
            std::string::npos);
  EXPECT_NE(msg("target: self, roll: spellcast, pool: {fill: action, spend: damaged, max: 2, die: 6}").find("no roll"),
            std::string::npos);
  EXPECT_NE(msg("target: self, pool: {fill: actoin, max: 2, die: 6}").find("action"), std::string::npos);
  EXPECT_NE(msg("target: self, pool: {fill: action, spend: damage, max: 2, die: 6, strike_back: melee}").find("strike_back goes with"),
            std::string::npos);
  EXPECT_NE(msg("target: self, pool: {fill: action, spend: damaged, max: 2, die: 6, strike_back: ranged}").find("melee"),
            std::string::npos);
  EXPECT_NE(msg("target: self, pool: {fill: action, spend: damaged, max: 2, die: 6, only: magic}").find("`only` goes with"),
            std::string::npos);
  EXPECT_NE(msg("when: passive, pool: {fill: hurt, spend: damagd, max: 2, die: 6}").find("damaged"), std::string::npos);
  EXPECT_NE(msg("when: passive, fight_save_hp: 6").find("goes with a `while_stance` passive"), std::string::npos);
  EXPECT_NE(msg("when: passive, while_stance: true, fight_save_hp: 1").find("2 to 6"), std::string::npos);
  EXPECT_NE(msg("when: passive, while_stance: true, fight_save_hp: 7").find("fight_save_hp"), std::string::npos);
  EXPECT_EQ(msg("when: passive, while_stance: true, fight_save_hp: 6"), "(no error)");
  EXPECT_EQ(msg("roll: spellcast, difficulty: 16, uses: 1, target: party, zone_die: 6"), "(no error)");
  EXPECT_NE(msg("target: ally, zone_die: 6").find("zone_die goes with"), std::string::npos);
  EXPECT_NE(msg("target: party, heal_hp: 1, zone_die: 6").find("no other effect"), std::string::npos);
  EXPECT_NE(msg("target: party, zone_die: 1").find("2 sides or more"), std::string::npos);
  EXPECT_EQ(msg("roll: spellcast, difficulty: 15, uses: 1, target: party, heal_hp: d4, barrier: physical"), "(no error)");
  EXPECT_NE(msg("target: self, heal_hp: 1, barrier: physical").find("barrier goes with"), std::string::npos);
  EXPECT_NE(msg("target: party, heal_hp: 1, barrier: fire").find("physical"), std::string::npos);
  EXPECT_EQ(msg("stress: 1, target: ally, aura_armor: 1"), "(no error)");
  EXPECT_NE(msg("stress: 1, target: party, aura_armor: 1").find("aura_armor goes with"), std::string::npos);
  EXPECT_NE(msg("stress: 1, target: ally, roll: spellcast, aura_armor: 1").find("no roll"), std::string::npos);
  EXPECT_NE(msg("stress: 1, target: ally, aura_armor: 4").find("aura_armor"), std::string::npos);
  EXPECT_EQ(msg("when: passive, while_stance: true, uses: 1, aura_reduce: d8, hit_if: ranged"), "(no error)");
  EXPECT_NE(msg("when: passive, aura_reduce: d8").find("go with a `while_stance` passive"), std::string::npos);
  EXPECT_NE(msg("when: passive, while_stance: true, uses: 1, fight_evasion: 1").find("nothing else"), std::string::npos);
  EXPECT_NE(msg("when: passive, while_stance: true, aura_reduce: d8, hit_if: melee").find("hit_if: ranged"), std::string::npos);
  EXPECT_EQ(msg("when: passive, while_stance: true, uses: 1, aura_stress: 1"), "(no error)");
  EXPECT_NE(msg("when: passive, aura_stress: 1").find("go with a `while_stance` passive"), std::string::npos);
  EXPECT_NE(msg("when: passive, while_stance: true, aura_stress: 1, aura_reduce: d8").find("one aura to an entry"),
            std::string::npos);
  EXPECT_EQ(msg("when: reaction, trigger: damaged, against: magic, reflect: 6"), "(no error)");
  EXPECT_NE(msg("when: reaction, trigger: damaged, reflect: 6, hope: 1").find("reflect (2 to 6) goes with"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: damaged, reflect: 6, reduce: d6").find("reflect (2 to 6) goes with"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: hit, bonus: d6, reflect: 6").find("reflect (2 to 6) goes with"), std::string::npos);
  EXPECT_NE(msg("when: reaction, trigger: damaged, reflect: 1").find("reflect (2 to 6)"), std::string::npos);
  // The shipped card reads.
  bool thorn = false;
  for (const dh::CardDef& d : dh::card_library())
    if (d.name == "Thorn Skin")
      thorn = d.status == dh::CardStatus::modelled && d.effect.pool.fill == dh::PoolFill::action && d.effect.pool.strike_melee;
  EXPECT_TRUE(thorn);
}

}  // namespace
}  // namespace encsim
