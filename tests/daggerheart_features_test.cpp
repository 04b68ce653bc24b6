// Daggerheart subclass, ancestry and community features (pc-features.yaml):
// the library, which PC gets which, every subclass's modelled foundation
// feature and a sample of ancestry features replayed with scripted dice, the
// counting, and every modelled feature and ready PC in a fight.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "daggerheart_replay.hpp"
#include "encsim/runner.hpp"
#include "feature_lookup.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "rules/daggerheart/read.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::encounter_from;
using testing::has;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;
namespace dh = daggerheart;

// A level-1 PC of a class (PC: the rest of its body) against one foe, in one
// round, with no class Hope feature, Experience, help or Tag Team; thresholds
// 2/3 before its features. ALLY: a second PC's body, if any.
std::string duel(const std::string& pc, const std::string& foe = "attack: {damage: 1}", const std::string& ally = "") {
  std::string body = "name: Hero";
  for (const char* key : {"level: 1", "armor: {thresholds: [1, 2], score: 0}", "primary: {damage: d4}"})
    if (pc.find(std::string(key).substr(0, std::string(key).find(':') + 1)) == std::string::npos) body += std::string(", ") + key;
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, hope_features: false, class_features: false}\n"
         "party:\n  - {" + body + ", " + pc + "}\n" +
         (ally.empty() ? "" : "  - {name: Pal, level: 1, primary: {damage: d4}, " + ally + "}\n") +
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, " + foe + "}\n";
}

const dh::Pc& hero(const dh::Encounter& enc) { return enc.pcs.at(0); }

bool holds(const dh::Pc& p, const std::string& name) {
  for (const dh::PcCard& c : p.cards)
    if (c.def->name == name) return true;
  return false;
}

// ---------------------------------------------------------------------------
// The library

TEST(DaggerheartFeatures, TheLibraryHoldsEveryOwnersFeatures) {
  const auto lib = dh::feature_library();
  std::map<std::string, std::set<int>> tiers;  // subclass -> tiers present
  std::map<std::string, int> ancestry, community;
  std::set<std::string> seen;
  for (const dh::CardDef& d : lib) {
    EXPECT_TRUE(seen.insert(d.owner + "/" + d.name).second) << d.name;
    EXPECT_FALSE(d.summary.empty()) << d.name;
    EXPECT_GT(d.pos.line, 0) << d.name;
    if (d.source == dh::CardSource::subclass) tiers[d.owner].insert(d.tier);
    if (d.source == dh::CardSource::ancestry) ++ancestry[d.owner];
    if (d.source == dh::CardSource::community) ++community[d.owner];
  }
  ASSERT_EQ(tiers.size(), 18u);
  for (const auto& [sub, t] : tiers) EXPECT_EQ(t, (std::set<int>{1, 2, 3})) << sub;
  ASSERT_EQ(ancestry.size(), 18u);
  for (const auto& [a, n] : ancestry) EXPECT_EQ(n, 2) << a;
  ASSERT_EQ(community.size(), 9u);
  for (const auto& [c, n] : community) EXPECT_EQ(n, 1) << c;
}

TEST(DaggerheartFeatures, ABadLibraryEntryIsAnErrorWithLineAndColumn) {
  const std::string typo = "features:\n  - {name: X, ancestry: Dwraf, combat: none, summary: s}\n";
  const auto message = testing::message_of([&] { dh::read_feature_library("f.yaml", typo); });
  EXPECT_NE(message.find("did you mean 'Dwarf'?"), std::string::npos) << message;
  EXPECT_EQ(testing::where_of([&] { dh::read_feature_library("f.yaml", typo); }).first, 2);
  const std::string two = "features:\n  - {name: X, ancestry: Dwarf, community: Seaborne, combat: none, summary: s}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_feature_library("f.yaml", two); }).find("names one owner"),
            std::string::npos);
  const std::string tierless = "features:\n  - {name: X, subclass: Stalwart, combat: none, summary: s}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_feature_library("f.yaml", tierless); }).find("has a tier"),
            std::string::npos);
  const std::string hit = "features:\n  - {name: X, ancestry: Orc, when: reaction, trigger: hit, vulnerable: true, summary: s}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_feature_library("f.yaml", hit); }).find("adds `bonus`, `weapon_dice`, `secondary_dice`, `double_die`, `hp_marks` or `extra_targets`"),
            std::string::npos);
  const std::string trait = "features:\n  - {name: X, ancestry: Orc, roll: trait, target: enemy, damage: d6, summary: s}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_feature_library("f.yaml", trait); }).find("needs `trait`"),
            std::string::npos);
}

// A PC holds its subclass's features up to its subclass cards, a multiclass's
// foundation, its ancestry's two and its community's one.
TEST(DaggerheartFeatures, APcHoldsItsSubclassAncestryAndCommunityFeatures) {
  const auto one = encounter_from(duel("class: guardian, subclass: Stalwart, ancestry: Dwarf, community: Seaborne"));
  const dh::Pc& p = hero(one);
  for (const char* name : {"Unwavering", "Iron Will", "Thick Skin", "Increased Fortitude", "Know the Tide"})
    EXPECT_TRUE(holds(p, name)) << name;
  EXPECT_FALSE(holds(p, "Unrelenting"));
  EXPECT_EQ(p.cards.size(), 5u);
  const auto five = encounter_from(
      duel("class: guardian, subclass: Stalwart, level: 5, advancements: {2: [hp, stress], 3: [hp, stress], "
           "4: [evasion, domain_card], 5: [multiclass]}, multiclass: {class: wizard, domain: codex, subclass: School of War}"));
  EXPECT_TRUE(holds(hero(five), "Battlemage"));      // the multiclass's foundation
  EXPECT_TRUE(holds(hero(five), "Face Your Fear"));
  EXPECT_FALSE(holds(hero(five), "Unrelenting"));    // multiclassing crossed out the upgrade
  const auto eight = encounter_from(duel("class: guardian, subclass: Stalwart, level: 8"));  // the default path: both upgrades
  EXPECT_TRUE(holds(hero(eight), "Unrelenting"));
  EXPECT_TRUE(holds(hero(eight), "Undaunted"));
  // Unwavering, Unrelenting and Undaunted: +6 on both thresholds.
  const auto vengeance = encounter_from(duel("class: guardian, subclass: Vengeance, level: 8"));
  EXPECT_EQ(hero(eight).major - hero(vengeance).major, 6);
  EXPECT_EQ(hero(eight).severe - hero(vengeance).severe, 6);
}

// `encsim check` lists the features by status with their owner, and the
// coverage columns count them (not those with no combat effect).
TEST(DaggerheartFeatures, CheckListsTheFeaturesAndCoverageCountsThem) {
  const auto enc = encounter_from(duel("class: guardian, subclass: Stalwart, ancestry: Firbolg, community: Highborne"));
  const std::string d = enc.describe();
  EXPECT_NE(d.find("features modelled: Iron Will [Stalwart foundation]"), std::string::npos) << d;
  EXPECT_NE(d.find("; Unshakable [Firbolg ancestry]"), std::string::npos) << d;
  EXPECT_NE(d.find("features with no combat effect: Privilege [Highborne community]"), std::string::npos) << d;
  EXPECT_NE(d.find("features NOT modelled: Charge [Firbolg ancestry]"), std::string::npos) << d;
  EXPECT_EQ(d.find("ancestry Firbolg;"), std::string::npos) << d;  // no longer listed as not modelled
  const auto facts = enc.facts();
  EXPECT_EQ(facts[0].second, "3");  // Iron Will, Unshakable, Unwavering
  EXPECT_EQ(facts[1].second, "4");  // ... and Charge
}

// ---------------------------------------------------------------------------
// Subclass foundations, on scripted dice

TEST(DaggerheartFeatures, StalwartPassivesAddToThresholdsHpStressAndCards) {
  auto pc = [](const std::string& body) { return hero(encounter_from(duel(body))); };
  EXPECT_EQ(pc("class: guardian, subclass: Stalwart").major, pc("class: guardian, subclass: Vengeance").major + 1);
  EXPECT_EQ(pc("class: guardian, subclass: Vengeance").stress, pc("class: guardian, subclass: Stalwart").stress + 1);
  EXPECT_EQ(pc("class: wizard, subclass: School of War").hp, pc("class: wizard, subclass: School of Knowledge").hp + 1);
  EXPECT_EQ(pc("class: wizard, subclass: School of Knowledge").card_levels.size(),
            pc("class: wizard, subclass: School of War").card_levels.size() + 1);
  EXPECT_EQ(pc("class: rogue, subclass: Nightwalker, level: 8").evasion,
            pc("class: rogue, subclass: Syndicate, level: 8").evasion + 1);  // Fleeting Shadow
}

// Iron Will: a Severe physical hit (4 against 3/4) marks a second Armor Slot
// to drop a threshold, then the usual slot: 1 HP instead of 2; magic damage
// is not softened.
TEST(DaggerheartFeatures, IronWillSpendsAnArmorSlotOnAPhysicalHit) {
  const std::string guardian = "class: guardian, subclass: Stalwart, armor: {thresholds: [1, 2], score: 3}";
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(encounter_from(duel(guardian, "attack: {damage: 4}")), dice);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraArmorUsed], 2);
  EXPECT_TRUE(has(r, "plays Iron Will: 3 HP become 2")) << r.log;
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay m = replay(encounter_from(duel(guardian, "attack: {damage: 4, type: magic}")), dice2);
  EXPECT_EQ(m.rec.combatants[0].damage_taken, 2) << m.log;
  EXPECT_EQ(m.rec.combatants[0].extra[dh::kExtraArmorUsed], 1);
}

// Ruthless Predator: a d6 hit of 2 (Minor) takes a Stress for one more d6 (4): 6, Major.
TEST(DaggerheartFeatures, RuthlessPredatorAddsAWeaponDieForAStress) {
  const auto enc = encounter_from(duel("class: ranger, subclass: Wayfinder, primary: {damage: d6, range: far}"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {6, 2}, {6, 4}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Ruthless Predator");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.damage, 1);  // the HP its die added; the weapon keeps the other
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "primary").damage, 1);
}

// Wings of Light: a Hope for d8 (5) on a hit of 2: 7, Major.
TEST(DaggerheartFeatures, WingsOfLightAddsADieForAHope) {
  const auto enc = encounter_from(duel("class: seraph, subclass: Winged Sentinel"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 2}, {8, 5}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 1);
}

// Elementalist: a Hope for +3 on a hit of 2: 5, Major.
TEST(DaggerheartFeatures, ElementalistAddsThreeForAHope) {
  const auto enc = encounter_from(duel("class: sorcerer, subclass: Elemental Origin"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 1);
}

// Manipulate Magic: a magic weapon's hit of 3 takes a Stress to count its d4
// twice (no new die): 6, Major; a physical weapon's hit is left alone.
TEST(DaggerheartFeatures, ManipulateMagicDoublesADieOnAMagicHitOnly) {
  const auto magic = encounter_from(duel("class: sorcerer, subclass: Primal Origin, primary: {damage: d4, type: magic}"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 3}}};
  const Replay r = replay(magic, dice);
  EXPECT_TRUE(has(r, "Hero plays Manipulate Magic: +3 damage")) << r.log;
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
  const auto physical = encounter_from(duel("class: sorcerer, subclass: Primal Origin"));
  ScriptedDice dice2{{{12, 9}, {12, 3}, {4, 3}}};
  const Replay p = replay(physical, dice2);
  EXPECT_EQ(p.rec.combatants[1].damage_taken, 1) << p.log;
}

// Manipulate Magic counts the highest die kept after Volatile Magic's reroll:
// a d4 of 1 (below the Major threshold 5) is rerolled to 4 for 3 Hope, and
// Manipulate Magic then adds that 4, not the 1 first rolled.
TEST(DaggerheartFeatures, ManipulateMagicDoublesTheDieVolatileMagicRerolled) {
  std::string yaml = duel("class: sorcerer, subclass: Primal Origin, hope: 3, primary: {damage: d4, type: magic}");
  yaml.replace(yaml.find("hope_features: false"), 20, "hope_features: true");
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 1}, {4, 4}}};
  const Replay r = replay(encounter_from(yaml), dice);
  EXPECT_TRUE(has(r, "spends 3 Hope to reroll low damage dice")) << r.log;
  EXPECT_TRUE(has(r, "Hero plays Manipulate Magic: +4 damage")) << r.log;
}

// Face Your Fear: a success with Fear adds d10 (8) to a hit of 2: 10, Severe;
// with Hope it does not.
TEST(DaggerheartFeatures, FaceYourFearAddsADieOnASuccessWithFear) {
  const auto enc = encounter_from(duel("class: wizard, subclass: School of War, traits: {knowledge: 2}, "
                                       "primary: {damage: d4, trait: knowledge}"));
  ScriptedDice dice{{{12, 3}, {12, 9}, {4, 2}, {10, 8}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Face Your Fear").uses, 1);
  ScriptedDice dice2{{{12, 9}, {12, 3}, {4, 2}}};
  const Replay h = replay(enc, dice2);
  EXPECT_EQ(h.rec.combatants[1].damage_taken, 1) << h.log;
}

// Face Your Fear's d10 is magic: with a physical weapon the hit deals both
// types, so a foe resistant to physical damage alone does not halve it (SRD):
// 2 + 8 = 10, Severe (3 HP), where halving would leave 5, Major (2 HP). With a
// magic weapon against a foe resistant to magic, all of it is magic: halved.
TEST(DaggerheartFeatures, FaceYourFearsMagicMakesAPhysicalHitDealBothTypes) {
  const std::string wizard = "class: wizard, subclass: School of War, traits: {knowledge: 2}, ";
  const auto both = encounter_from(duel(wizard + "primary: {damage: d4, trait: knowledge}", "features: [{name: Tough Hide, kind: passive, resist: physical}], attack: {damage: 1}"));
  ScriptedDice dice{{{12, 3}, {12, 9}, {4, 2}, {10, 8}, {20, 1}}};
  const Replay r = replay(both, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  const auto magic = encounter_from(duel(wizard + "primary: {damage: d4, trait: knowledge, type: magic}", "features: [{name: Warded, kind: passive, resist: magic}], attack: {damage: 1}"));
  ScriptedDice dice2{{{12, 3}, {12, 9}, {4, 2}, {10, 8}, {20, 1}}};
  const Replay m = replay(magic, dice2);
  EXPECT_EQ(m.rec.combatants[1].damage_taken, 2) << m.log;
}

// Battle Ritual: with 3 Stress marked, clearing 2 and gaining 2 Hope is worth
// more than a d4 attack: played, no roll.
TEST(DaggerheartFeatures, BattleRitualClearsStressAndGivesHope) {
  const auto enc = encounter_from(duel("class: warrior, subclass: Call of the Brave, marked: {stress: 3}"));
  ScriptedDice dice{{}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Battle Ritual clears 2 Stress on Hero")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeGained], 2);
  EXPECT_EQ(r.rec.resources[dh::kActionRolls], 0);
}

// Sparing Touch: 2 HP on the ally with 3 marked.
TEST(DaggerheartFeatures, SparingTouchHealsTheAllyMostInNeed) {
  const auto enc = encounter_from(duel("class: seraph, subclass: Divine Wielder, "
                                       "tactics: [{do: \"card:Sparing Touch\"}, {do: attack}]",
                                       "attack: {damage: 1}", "hp: 6, marked: {hp: 3}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 1}}};  // the ally's attack fails with Fear; the foe misses
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Sparing Touch clears 2 HP on Pal")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Sparing Touch").healed, 2);
}

// Regeneration: three Hope, d4 (3) HP on the ally.
TEST(DaggerheartFeatures, RegenerationRollsItsHealing) {
  const auto enc = encounter_from(duel("class: druid, subclass: Warden of Renewal, hope: 3, "
                                       "tactics: [{do: \"card:Regeneration\"}, {do: attack}]",
                                       "attack: {damage: 1}", "hp: 6, marked: {hp: 4}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 1}, {4, 3}}};  // the ally acts first here
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Regeneration clears 3 HP on Pal")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 3);
}

// The Troubadour's Epic Song makes the foe Vulnerable with no roll; the
// Wordsmith's Rousing Speech clears 2 Stress on every ally, not the speaker.
TEST(DaggerheartFeatures, BardSongsAndSpeeches) {
  const auto song = encounter_from(duel("class: bard, subclass: Troubadour, "
                                        "tactics: [{do: \"card:Gifted Performer: Epic Song\"}, {do: attack}]"));
  ScriptedDice dice{{}};
  const Replay r = replay(song, dice);
  EXPECT_TRUE(has(r, "Foe is Vulnerable")) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kActionRolls], 0);
  const auto speech = encounter_from(duel("class: bard, subclass: Wordsmith, marked: {stress: 2}, "
                                          "tactics: [{do: \"card:Rousing Speech\"}, {do: attack}]"));
  ScriptedDice dice2{{{12, 11}, {12, 8}, {4, 4}}};  // it attacks instead: a success with Hope
  const Replay s = replay(speech, dice2);
  EXPECT_FALSE(has(s, "Rousing Speech")) << s.log;  // "all allies": a lone bard has no one to rouse
}

// ---------------------------------------------------------------------------
// Ancestries and communities, on scripted dice

// Thick Skin: a Minor hit (2 against 11/12 at level 10) costs 2 Stress instead of the HP.
TEST(DaggerheartFeatures, ThickSkinTakesAMinorHitAsStress) {
  const auto enc = encounter_from(duel("level: 10, ancestry: Dwarf", "attack: {damage: 2}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 2);
}

// Increased Fortitude: three Hope halve a Severe physical hit (12 -> 6, Minor).
TEST(DaggerheartFeatures, IncreasedFortitudeHalvesPhysicalDamageForThreeHope) {
  const auto enc = encounter_from(duel("level: 10, ancestry: Dwarf, hope: 3", "attack: {damage: 12}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 1) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kHopeSpentCards], 3);
  const auto magic = encounter_from(duel("level: 10, ancestry: Dwarf, hope: 3", "attack: {damage: 12, type: magic}"));
  ScriptedDice dice2{{{12, 1}, {12, 2}, {20, 15}}};
  EXPECT_EQ(replay(magic, dice2).rec.combatants[0].damage_taken, 3);
}

// Scales: a Stress for one HP fewer on a Severe hit, never on a Major one.
TEST(DaggerheartFeatures, ScalesSoftenOnlyASevereHit) {
  const auto severe = encounter_from(duel("level: 10, ancestry: Drakona, tactics: [{do: attack}]", "attack: {damage: 12}"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(severe, dice);
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 2) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1);
}

// Kick: a melee hit of 4 (Minor) takes a Stress for 2d6 (3 + 3): 10, Severe;
// a ranged weapon never kicks.
TEST(DaggerheartFeatures, KickJoinsOnlyAMeleeHit) {
  const auto enc = encounter_from(duel("ancestry: Faun"));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 4}, {6, 3}, {6, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken, 3) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Kick").damage, 2);
  const auto ranged = encounter_from(duel("ancestry: Faun, primary: {damage: d4, range: far}"));
  ScriptedDice dice2{{{12, 9}, {12, 3}, {4, 4}}};
  EXPECT_EQ(replay(ranged, dice2).rec.combatants[1].damage_taken, 1);
}

// Elemental Breath: an Instinct roll (not the Spellcast trait) at every foe
// in Very Close range, d8 magic each.
TEST(DaggerheartFeatures, ElementalBreathRollsInstinctAtEveryFoeNear) {
  const auto enc = encounter_from(duel("ancestry: Drakona, traits: {instinct: 3}, "
                                       "tactics: [{do: \"card:Elemental Breath\"}]",
                                       "attack: {damage: 1}, count: 2"));
  ScriptedDice dice{{{12, 4}, {12, 3}, {8, 6}, {8, 2}}};  // 4 + 3 + 3 = 10: both foes
  const Replay r = replay(enc, dice);
  EXPECT_EQ(r.rec.combatants[1].damage_taken + r.rec.combatants[2].damage_taken, 3) << r.log;  // Major + Minor
  EXPECT_EQ(r.rec.combatants[0].area_hits, 2);
}

// Retracting Claws: an Agility roll; the foe becomes Vulnerable.
TEST(DaggerheartFeatures, RetractingClawsMakeTheFoeVulnerable) {
  const auto enc = encounter_from(duel("ancestry: Katari, tactics: [{do: \"card:Retracting Claws\"}]"));
  ScriptedDice dice{{{12, 9}, {12, 3}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Foe is Vulnerable")) << r.log;
}

TEST(DaggerheartFeatures, AncestryPassivesChangeThePcsNumbers) {
  auto pc = [](const std::string& body) { return hero(encounter_from(duel(body))); };
  const dh::Pc base = pc("level: 5");
  EXPECT_EQ(pc("level: 5, ancestry: Galapa").major, base.major + base.proficiency);  // Shell
  EXPECT_EQ(pc("level: 5, ancestry: Galapa").severe, base.severe + base.proficiency);
  EXPECT_EQ(pc("level: 5, ancestry: Simiah").evasion, base.evasion + 1);  // Nimble
  EXPECT_EQ(pc("level: 5, ancestry: Giant").hp, base.hp + 1);             // Endurance
  EXPECT_EQ(pc("level: 5, ancestry: Human").stress, base.stress + 1);     // High Stamina
  EXPECT_EQ(pc("level: 5, ancestry: Clank").experience, base.experience + 1);  // Purposeful Design
}

// ---------------------------------------------------------------------------
// Everything fights

// Every modelled feature on a PC that owns it (a level-8 PC of its class, or
// any PC with its ancestry), its actions forced by tactics, against foes of
// low, middle and high thresholds: it is used, and the PC's damage by
// feature adds up to its damage dealt.
TEST(DaggerheartFeatures, EveryModelledFeatureFights) {
  static const char* const kClassIds[] = {"bard", "druid", "guardian", "ranger", "rogue", "seraph", "sorcerer", "warrior", "wizard"};
  const auto& subs = dh::subclass_names();
  const auto lib = dh::feature_library();
  for (const dh::CardDef& d : lib) {
    if (d.status != dh::CardStatus::modelled) continue;
    // An entry another replaces at level 8 (Wings of Light, by Power of the Gods) is never played there.
    if (std::any_of(lib.begin(), lib.end(), [&](const dh::CardDef& o) { return o.effect.replaces == d.name; })) continue;
    std::string owner;
    if (d.source == dh::CardSource::subclass) {
      const auto at = static_cast<std::size_t>(std::find(subs.begin(), subs.end(), d.owner) - subs.begin());
      // A foundation's cloak (Shadow Stepper) gives way to the mastery's longer one (Vanishing Act): at level 1 it
      // plays alone. Dark Cloud's cloak is an action's (a specialization's): level 8.
      const bool stepper = d.effect.cloak == 1 && d.effect.when == dh::CardWhen::reaction;
      owner = std::string("class: ") + kClassIds[at / 2] + ", subclass: " + d.owner + (stepper ? ", level: 1" : ", level: 8");
      // A secondary weapon's die (Weapon Specialist) needs one: a one-handed primary and a secondary.
      if (d.effect.secondary_dice > 0) owner += ", primary: Broadsword, secondary: Shortsword, armor: Chainmail Armor";
      if (d.element >= 0) owner += std::string(", element: ") + dh::kElementNames[d.element];  // Warden of the Elements
    } else {
      owner = (d.source == dh::CardSource::ancestry ? "ancestry: " : "community: ") + d.owner +
              ", level: 8, primary: {damage: d8}, armor: {thresholds: [14, 28], score: 3}";
    }
    const bool action = d.effect.when == dh::CardWhen::action;
    const std::string yaml =
        "ruleset: daggerheart\nmax_rounds: 6\noptions: {hope_features: false, help_min_hope: 7, tag_team: false}\n"
        "party:\n  - {name: P, hope: 6, " + owner +
        (action ? ", tactics: [{do: \"card:" + d.name + "\"}, {do: attack}]" : "") +
        ", marked: {hp: 3, stress: 2}}\n  - {name: Friend, level: 1, primary: {damage: d8, type: magic}, marked: {hp: 3, stress: 2}}\n"
        "foes:\n  - {name: A, difficulty: 12, thresholds: [6, 12], hp: 6, stress: 3, atk: 2, attack: {damage: 4d8+8}}\n"
        "  - {name: B, difficulty: 12, thresholds: [15, 25], hp: 6, stress: 3, atk: 2, attack: {damage: 4d8+8}}\n"
        "  - {name: C, difficulty: 12, thresholds: [30, 40], hp: 8, stress: 3, atk: 2, attack: {damage: 4d8+8}}\n";
    const dh::Encounter enc = encounter_from(yaml);
    std::int64_t uses = 0;
    for (std::uint64_t t = 0; t < 40; ++t) {
      TrialRecord rec;
      rec.reset(enc.combatant_count(), enc.features().size());
      NullLog log;
      enc.simulate(11, t, rec, log);
      std::int64_t by_feature = 0;
      for (std::size_t f = 0; f < enc.features().size(); ++f)
        if (enc.features()[f].owner == 0) by_feature += rec.features[f].damage;
      EXPECT_EQ(by_feature, rec.combatants[0].damage_dealt) << d.name;
      if (d.effect.when != dh::CardWhen::passive) uses += testing::feature(enc.features(), rec, 0, d.name).uses;
    }
    // A reaction roll's advantage (Quick Reactions) needs a foe with a reaction-roll effect: these have
    // none (daggerheart_rolls_test.cpp plays it); a swap of a helped ally's Spellcast roll (Enchanted
    // Aid) needs an ally that casts: Friend does not (daggerheart_traits_test.cpp plays it).
    if (d.effect.when != dh::CardWhen::passive && d.effect.trigger != dh::CardTrigger::reaction_roll && !d.effect.with_help) {
      EXPECT_GT(uses, 0) << d.name;
    }
  }
}

// The 36 ready PCs of party.yaml, four at a time, fight with their features.
TEST(DaggerheartFeatures, EveryReadyPcOfThePartyLibraryFights) {
  static const char* const kClasses[] = {"Bard", "Druid", "Guardian", "Ranger", "Rogue", "Seraph", "Sorcerer", "Warrior", "Wizard"};
  for (const char* level : {"", " 2", " 5", " 8"}) {
    for (int first = 0; first < 9; first += 3) {
      std::string yaml = "ruleset: daggerheart\ninclude: [adversaries.yaml, party.yaml]\nparty:\n";
      for (int c = first; c < first + 3; ++c) yaml += "  - use: " + std::string(kClasses[c]) + level + "\n";
      yaml += "foes:\n  - {name: Foe, difficulty: 14, thresholds: [10, 20], hp: 10, stress: 3, atk: 3, attack: {damage: 2d8+4}, count: 3}\n";
      const dh::Encounter enc = encounter_from(yaml);
      for (const dh::Pc& p : enc.pcs) EXPECT_FALSE(p.cards.empty()) << p.name;
      RunSettings s;
      s.trials = 100;
      s.threads = 1;
      EXPECT_EQ(run_trials(enc, s).tally.trials, 100u) << level;
    }
  }
}

}  // namespace
}  // namespace encsim
