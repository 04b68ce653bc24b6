// Daggerheart levels and advancement: the tier achievements, the arithmetic
// of the picks, the sheet's boxes and cross-outs, every input error, the
// default path of each class at every level, the 36 ready-made PCs of
// party.yaml recomputed here from their YAML, and the start state (marked).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "encsim/library.hpp"
#include "encsim/runner.hpp"
#include "input_error.hpp"
#include "io/yaml.hpp"
#include "rules/daggerheart/advancement.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "rules/registry.hpp"
#include "daggerheart_replay.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::ScriptedDice;
namespace dh = daggerheart;
using testing::encounter_from;
using testing::replay;
using testing::Replay;

const char* const kClasses[] = {"Bard", "Druid", "Guardian", "Ranger", "Rogue", "Seraph", "Sorcerer", "Warrior", "Wizard"};
const char* const kClassIds[] = {"bard", "druid", "guardian", "ranger", "rogue", "seraph", "sorcerer", "warrior", "wizard"};
// SRD classes: starting Evasion and HP, written here again on purpose.
const int kEvasion[] = {10, 10, 9, 12, 12, 9, 10, 11, 11};
const int kHp[] = {5, 6, 7, 6, 6, 7, 6, 6, 5};

const std::string kFoe = "foes: [{name: B, difficulty: 10, thresholds: none, hp: 1, attack: {damage: 1}}]\n";
// One PC, written as a flow map's inside.
dh::Pc pc_from(const std::string& body) {
  return encounter_from("ruleset: daggerheart\ninclude: [party.yaml]\nparty:\n  - {" + body + "}\n" + kFoe).pcs.at(0);
}
std::string error_of(const std::string& body) {
  return testing::message_of([&] { pc_from(body); });
}
const std::string kMage = "name: M, class: wizard, primary: {damage: d8}, experiences: {Scholar: 2, Lore: 3}";

// What a PC's subclass, ancestry and community passives add
// (pc-features.yaml): the advancement arithmetic below is checked without them.
struct FeaturePassives {
  int hp = 0, stress = 0, evasion = 0, major = 0, severe = 0, experience = 0, cards = 0;
};
// With `domain_cards`, the loadout's passives too (Vitality's slots).
FeaturePassives feature_passives(const dh::Pc& p, bool domain_cards = false) {
  FeaturePassives s;
  for (const dh::PcCard& c : p.cards) {
    const dh::CardDef& d = *c.def;
    if ((d.source == dh::CardSource::domain && !domain_cards) || d.status != dh::CardStatus::modelled || d.effect.when != dh::CardWhen::passive)
      continue;
    const auto v = [&](const dh::CardNumber& n) { return n.value(p.traits.data(), p.proficiency); };
    s.hp += v(d.effect.p_hp), s.stress += v(d.effect.p_stress), s.evasion += v(d.effect.p_evasion);
    s.major += v(d.effect.p_major), s.severe += v(d.effect.p_severe), s.cards += v(d.effect.p_domain_cards);
    if (p.experience > 0) s.experience += v(d.effect.p_experience);
  }
  return s;
}

TEST(DaggerheartLevels, TierAchievementsGiveProficiencyExperiencesAndCardsByLevel) {
  const int proficiency[] = {0, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4};
  for (int level = 1; level <= 10; ++level) {
    const dh::Build b = dh::build_pc(level, dh::experiences_for(level, nullptr), {}, true);
    EXPECT_EQ(b.tier, level == 1 ? 1 : level <= 4 ? 2 : level <= 7 ? 3 : 4) << level;
    EXPECT_EQ(b.proficiency, proficiency[level]) << level;
    // No Experience was named: those of the achievements come unnamed at +2.
    EXPECT_EQ(b.experiences.size(), static_cast<std::size_t>(proficiency[level] - 1)) << level;
    for (const dh::Experience& e : b.experiences) EXPECT_EQ(e.bonus, 2);
    EXPECT_EQ(b.card_levels.size(), static_cast<std::size_t>(level + 1)) << level;  // 2 at creation + 1 a level
  }
  // A classless PC takes the achievements too (they come with the level).
  const dh::Pc npc = pc_from("name: A, level: 5, primary: {damage: d8}");
  EXPECT_EQ(npc.proficiency, 3);
  EXPECT_EQ(npc.experience, 2);
  EXPECT_EQ(npc.major, 5);
  EXPECT_EQ(npc.severe, 10);
  EXPECT_TRUE(npc.card_levels.empty());  // no class, no domains
  EXPECT_EQ(npc.build.at(0).rfind("tier achievements: level 2", 0), 0u);
}

TEST(DaggerheartLevels, PicksAddUpOnTheCompiledPc) {
  const dh::Pc p = pc_from(kMage + ", level: 6, traits: {knowledge: 2}, armor: Leather Armor, advancements: {"
                                   "2: [traits: [knowledge, agility], hp], 3: [stress, evasion], "
                                   "4: [experiences: [Scholar, Lore], hp], 5: [traits: [knowledge, strength], subclass], "
                                   "6: [proficiency]}");
  EXPECT_EQ(p.level, 6);
  EXPECT_EQ(p.tier, 3);
  EXPECT_EQ(p.traits[5], 4);  // knowledge 2 + 1 (level 2) + 1 (level 5: the marks cleared)
  EXPECT_EQ(p.traits[0], 1);
  EXPECT_EQ(p.traits[1], 1);
  EXPECT_EQ(p.hp, 5 + 2);
  EXPECT_EQ(p.stress, 6 + 1);
  EXPECT_EQ(p.evasion, 11 + 1);
  EXPECT_EQ(p.proficiency, 1 + 2 + 1);  // achievements at 2 and 5, the pick at 6
  EXPECT_EQ(p.experience, 4);           // Lore 3 + 1
  EXPECT_EQ(p.major, 6 + 6);            // Leather 6/13 + level
  EXPECT_EQ(p.severe, 13 + 6);
  EXPECT_EQ(p.subclass, "School of Knowledge");  // the class's first
  EXPECT_EQ(p.subclass_cards, 2);
  EXPECT_EQ(p.card_levels.size(), 7u + 2);  // + Prepared and Accomplished (School of Knowledge)
  EXPECT_EQ(feature_passives(p).cards, 2);
  EXPECT_EQ(p.domains[0], static_cast<int>(dh::Domain::codex));
  EXPECT_EQ(p.domain_cap[1], 6);
  EXPECT_EQ(p.domains[2], -1);
}

TEST(DaggerheartLevels, ALowerTiersDomainCardBoxCapsTheCardAtThatTiersTop) {
  const dh::Pc p = pc_from(kMage + ", level: 6, advancements: {2: [hp, stress], 3: [hp, stress], 4: [evasion, "
                                   "traits: [agility, strength]], 5: [domain_card, hp], 6: [domain_card, hp]}");
  // Level 5 took tier 3's box (up to 7): a level-5 card; level 6 only tier 2's is left (up to 4).
  // School of Knowledge's Prepared adds one of the PC's level (the first 6).
  EXPECT_EQ(p.card_levels, (std::vector<int>{6, 6, 5, 5, 4, 4, 3, 2, 1, 1}));
  EXPECT_NE(std::find(p.build.begin(), p.build.end(), "level 6: domain_card (tier 2 box); hp;"), p.build.end());
}

TEST(DaggerheartLevels, MulticlassOpensADomainToHalfTheLevelAndCrossesOutSubclassUpgrades) {
  const std::string path = ", advancements: {2: [hp, stress], 3: [hp, stress], 4: [evasion, traits: [agility, "
                           "strength]], 5: [hp, stress], 6: [multiclass], 7: [hp, stress]";
  const std::string mc = ", multiclass: {class: druid, domain: sage, subclass: Warden of Renewal}";
  const dh::Pc p = pc_from(kMage + ", level: 7" + path + "}" + mc);
  EXPECT_EQ(p.multiclass, dh::PcClass::druid);
  EXPECT_EQ(p.domains[2], static_cast<int>(dh::Domain::sage));
  EXPECT_EQ(p.domain_cap[2], 4);  // 7 / 2 rounded up
  EXPECT_EQ(p.multiclass_subclass, "Warden of Renewal");
  // Tier 3's subclass upgrade is crossed out; tier 4's is left: the specialization, never the mastery.
  const dh::Pc q = pc_from(kMage + ", level: 8" + path + ", 8: [subclass, evasion]}" + mc);
  EXPECT_EQ(q.subclass_cards, 2);
  EXPECT_EQ(q.domain_cap[2], 4);
  // A subclass upgrade crosses out its tier's multiclass; a PC multiclasses once.
  EXPECT_EQ(error_of(kMage + ", level: 6, advancements: {2: [hp, stress], 3: [hp, stress], 4: [evasion, traits: "
                             "[agility, strength]], 5: [subclass, hp], 6: [multiclass]}" + mc),
            "'multiclass' is crossed out at level 6: a subclass upgrade crosses out its tier's multiclass, and a PC "
            "multiclasses once");
  EXPECT_EQ(error_of(kMage + ", level: 8" + path + ", 8: [multiclass]}" + mc),
            "'multiclass' is crossed out at level 8: a subclass upgrade crosses out its tier's multiclass, and a PC "
            "multiclasses once");
  // Tier 3's subclass box, crossed out by the multiclass at 6, stays crossed at level 8 once tier 4's is used.
  EXPECT_EQ(error_of(kMage + ", level: 8" + path + ", 8: [subclass, subclass]}" + mc),
            "'subclass' is crossed out at level 8: multiclassing crosses out an unused subclass upgrade");
}

TEST(DaggerheartLevels, EveryAdvancementErrorNamesItsPlace) {
  const std::string two_levels = kMage + ", level: 2, advancements: {2: ";
  EXPECT_EQ(error_of(two_levels + "[hp, stres]}"),
            "unknown advancement 'stres' (did you mean 'stress'?); expected one of 'traits', 'hp', 'stress', "
            "'experiences', 'domain_card', 'evasion', 'subclass', 'proficiency' or 'multiclass'");
  EXPECT_EQ(error_of(two_levels + "[hp]}"), "level 2 takes two advancements, got 1");
  EXPECT_EQ(error_of(two_levels + "[hp, hp, hp]}"), "level 2 takes two advancements, got 3");
  EXPECT_EQ(error_of(two_levels + "[proficiency]}"),
            "'proficiency' is an option from tier 3 (level 5) on; level 2 is tier 2");
  EXPECT_EQ(error_of(two_levels + "[traits: [agility, agility], hp]}"), "traits raises two different ones");
  EXPECT_EQ(error_of(two_levels + "[traits: [agility, strenth], hp]}"),
            "unknown trait 'strenth' (did you mean 'strength'?)");
  EXPECT_EQ(error_of(two_levels + "[traits: [agility, strength], traits: [agility, finesse]]}"),
            "agility is marked (raised at level 2) until the next tier achievement (level 5 or 8)");
  EXPECT_EQ(error_of(two_levels + "[experiences: [Scholar, Lor], hp]}"),
            "unknown Experience 'Lor' (did you mean 'Lore'?); expected one of 'Scholar' or 'Lore'");
  EXPECT_EQ(error_of(two_levels + "[traits, hp]}"), "traits names two: traits: [a, b]");
  EXPECT_EQ(error_of(two_levels + "[hp: 2, stress]}"), "hp takes nothing after it");
  EXPECT_EQ(error_of(kMage + ", level: 3, advancements: {2: [hp, stress]}"),
            "advancements has no level 3: a level-3 PC lists each level-up from 2 to 3");
  EXPECT_EQ(error_of(two_levels + "[hp, stress], 3: [hp, stress]}"), "advancements at level 3: the PC is level 2");
  EXPECT_EQ(error_of(kMage + ", advancements: {one: [hp, stress]}"),
            "advancements are keyed by the level of the level-up (2..10), got 'one'");
  EXPECT_EQ(error_of(kMage + ", level: 6, advancements: {2: [hp, stress], 3: [hp, stress], 4: [evasion, "
                             "domain_card], 5: [hp, stress], 6: [proficiency, hp]}"),
            "proficiency takes both advancements of level 6: list it alone");
  EXPECT_EQ(error_of(kMage + ", level: 4, advancements: {2: [hp, stress], 3: [hp, stress], 4: [hp, evasion]}"),
            "no 'hp' box left at level 4 (tier 2 has 2, all marked)");
  EXPECT_EQ(error_of("name: A, level: 2, primary: {damage: d8}, advancements: {2: [hp, stress]}"),
            "'advancements' needs a 'class'");
  EXPECT_EQ(error_of(two_levels + "[hp, stress]}, hp: 9"),
            "'hp' is counted from the class and the advancements: give one or the other");
  const std::string mage = "name: M, class: wizard, primary: {damage: d8}";
  EXPECT_EQ(error_of(mage + ", experiences: {A: 2, B: 2, C: 2}"),
            "a level-1 PC has 2 Experiences (2 at creation, +1 at each of levels 2, 5 and 8 reached)");
  EXPECT_EQ(error_of("name: G, class: guardian, level: 8, primary: {damage: d8}, advancements: {2: [hp, hp], 3: "
                     "[stress, stress], 4: [evasion, domain_card], 5: [hp, hp], 6: [proficiency], 7: [stress, "
                     "stress], 8: [hp, hp]}"),
            "the advancements give 13 HP and 10 Stress slots; the sheet has 12 of each");
  // An Experience gained at level 5 cannot be raised at level 4.
  EXPECT_EQ(error_of(mage + ", level: 5, experiences: {Scholar: 2, Lore: 2, Later: 2, Latest: 2}, advancements: "
                             "{2: [hp, stress], 3: [hp, stress], 4: [evasion, experiences: [Scholar, Latest]], 5: "
                             "[subclass, domain_card]}"),
            "the Experience 'Latest' comes at level 5, after this level-up");
  // Where: the offending pick.
  const auto where = testing::where_of([&] {
    encounter_from("ruleset: daggerheart\nparty:\n  - name: M\n    class: wizard\n    level: 2\n    primary: {damage: "
                   "d8}\n    advancements:\n      2: [hp, stres]\n" + kFoe);
  });
  EXPECT_EQ(where, (std::pair<int, int>{8, 15}));
}

TEST(DaggerheartLevels, SubclassAncestryCommunityAndMulticlassAreValidated) {
  EXPECT_EQ(error_of(kMage + ", subclass: School of Wa"),
            "unknown subclass 'School of Wa' (did you mean 'School of War'?); a wizard has School of Knowledge or "
            "School of War");
  EXPECT_EQ(error_of(kMage + ", subclass: Stalwart"),
            "'Stalwart' is a guardian subclass; a wizard has School of Knowledge or School of War");
  EXPECT_EQ(error_of(kMage + ", ancestry: Elfe"),
            "unknown ancestry 'Elfe' (did you mean 'Elf'?); expected one of " +
                std::string("'Clank', 'Drakona', 'Dwarf', 'Elf', 'Faerie', 'Faun', 'Firbolg', 'Fungril', 'Galapa', "
                            "'Giant', 'Goblin', 'Halfling', 'Human', 'Infernis', 'Katari', 'Orc', 'Ribbet' or 'Simiah'"));
  EXPECT_NE(error_of(kMage + ", community: Seaborn").find("did you mean 'Seaborne'?"), std::string::npos);
  EXPECT_EQ(error_of("name: A, primary: {damage: d8}, subclass: Stalwart"), "'subclass' needs a 'class'");
  const std::string mc_path = kMage + ", level: 5, advancements: {2: [hp, stress], 3: [hp, stress], 4: [evasion, "
                                      "domain_card], 5: [multiclass]}";
  EXPECT_EQ(error_of(mc_path), "a multiclass pick needs 'multiclass: {class, domain, subclass}'");
  EXPECT_EQ(error_of(kMage + ", multiclass: {class: druid, domain: sage, subclass: Warden of Renewal}"),
            "'multiclass' goes with a multiclass pick in advancements");
  EXPECT_EQ(error_of(mc_path + ", multiclass: {class: druid, domain: valor, subclass: Warden of Renewal}"),
            "a druid's domains are sage and arcana");
  EXPECT_EQ(error_of(mc_path + ", multiclass: {class: bard, domain: codex, subclass: Troubadour}"),
            "the PC has the codex domain already: multiclassing opens a new one");
  EXPECT_EQ(error_of(mc_path + ", multiclass: {class: wizard, domain: codex, subclass: School of War}"),
            "a PC multiclasses into another class");
  EXPECT_EQ(error_of(mc_path + ", multiclass: {class: druid, domain: sage, subclass: Troubadour}"),
            "'Troubadour' is a bard subclass; a druid has Warden of the Elements or Warden of Renewal");
  EXPECT_EQ(error_of(mc_path + ", multiclass: {class: druid, domain: sage, subclas: Warden of Renewal}"),
            "unknown key 'subclas' in multiclass of 'M' (did you mean 'subclass'?)");
  EXPECT_EQ(error_of(kMage + ", marked: {hp: 5}"), "hp must be between 0 and 4, got 5");
  EXPECT_EQ(error_of(kMage + ", marked: {stres: 1}"), "unknown key 'stres' in marked of 'M' (did you mean 'stress'?)");
  EXPECT_EQ(error_of(kMage + ", marked: {armor: 1}"), "armor must be between 0 and 0, got 1");
}

// Every class at every level from its default path: valid, complete, and as
// the path promises (docs/rules/daggerheart.md, "Levels and advancement").
TEST(DaggerheartLevels, TheDefaultPathOfEveryClassIsCompleteAtEveryLevel) {
  static const char* const kTierPrefix[] = {"", "", "Improved ", "Advanced ", "Legendary "};
  for (int c = 0; c < 9; ++c) {
    std::string yaml = "ruleset: daggerheart\ninclude: [party.yaml]\nparty:\n";
    for (int level = 1; level <= 10; ++level)
      yaml += "  - {use: " + std::string(kClasses[c]) + ", name: L" + std::to_string(level) + ", level: " +
              std::to_string(level) + "}\n";
    const dh::Encounter enc = encounter_from(yaml + kFoe);
    for (int level = 1; level <= 10; ++level) {
      const dh::Pc& p = enc.pcs.at(static_cast<std::size_t>(level - 1));
      const int hp_picks = (level >= 2) + (level >= 7) + (level >= 10);
      const FeaturePassives f = feature_passives(p, /*domain_cards=*/true);  // the card path's loadout (Vitality)
      EXPECT_EQ(p.hp - f.hp, kHp[c] + hp_picks) << kClasses[c] << level;
      EXPECT_EQ(p.stress - f.stress, 6 + (level >= 3)) << kClasses[c] << level;
      EXPECT_EQ(p.proficiency, dh::tier_of(level) + (level >= 6) + (level >= 9)) << kClasses[c] << level;
      EXPECT_EQ(p.subclass_cards, 1 + (level >= 5) + (level >= 8)) << kClasses[c] << level;
      EXPECT_EQ(p.primary.name.rfind(kTierPrefix[p.tier], 0), 0u) << p.primary.name;
      EXPECT_EQ(p.armor.rfind(kTierPrefix[p.tier], 0), 0u) << p.armor;
      EXPECT_EQ(p.card_levels.size(), static_cast<std::size_t>(level + 1 + f.cards));
      // The first trait raised is the class's best suggested one: the primary weapon's trait here.
      const int raises = (level >= 2) + (level >= 5) + (level >= 8);
      const dh::Pc& base = enc.pcs.at(0);
      EXPECT_EQ(p.traits[static_cast<std::size_t>(p.primary.trait)] - base.traits[static_cast<std::size_t>(base.primary.trait)],
                raises)
          << kClasses[c] << level;
      EXPECT_EQ(p.build.size() > 1, level > 1);  // level 1: the Experiences only
    }
    RunSettings s;
    s.trials = 50;
    EXPECT_EQ(run_trials(enc, s).tally.trials, 50u);
  }
}

// Level 1 with no advancements is the PC of earlier versions: each class's
// library entry (its kit from the class) equals the explicit form the library
// used to write out.
TEST(DaggerheartLevels, LevelOneIsTheEarlierPcForEveryClass) {
  const char* const kOld[] = {
      "traits: {agility: 0, strength: -1, finesse: 1, instinct: 0, presence: 2, knowledge: 1}, armor: Gambeson Armor, "
      "primary: Rapier, secondary: Small Dagger",
      "traits: {agility: 1, strength: 0, finesse: 1, instinct: 2, presence: -1, knowledge: 0}, armor: Leather Armor, "
      "primary: Shortstaff, secondary: Round Shield",
      "traits: {agility: 1, strength: 2, finesse: -1, instinct: 0, presence: 1, knowledge: 0}, armor: Chainmail Armor, "
      "primary: Battleaxe, secondary: none",
      "traits: {agility: 2, strength: 0, finesse: 1, instinct: 1, presence: -1, knowledge: 0}, armor: Leather Armor, "
      "primary: Shortbow, secondary: none",
      "traits: {agility: 1, strength: -1, finesse: 2, instinct: 0, presence: 1, knowledge: 0}, armor: Gambeson Armor, "
      "primary: Dagger, secondary: Small Dagger",
      "traits: {agility: 0, strength: 2, finesse: 0, instinct: 1, presence: 1, knowledge: -1}, armor: Chainmail Armor, "
      "primary: Hallowed Axe, secondary: Round Shield",
      "traits: {agility: 0, strength: -1, finesse: 1, instinct: 2, presence: 1, knowledge: 0}, armor: Gambeson Armor, "
      "primary: Dualstaff, secondary: none",
      "traits: {agility: 2, strength: 1, finesse: 0, instinct: 1, presence: -1, knowledge: 0}, armor: Chainmail Armor, "
      "primary: Longsword, secondary: none",
      "traits: {agility: -1, strength: 0, finesse: 0, instinct: 1, presence: 1, knowledge: 2}, armor: Leather Armor, "
      "primary: Greatstaff, secondary: none",
  };
  for (int c = 0; c < 9; ++c) {
    // Without its cards: a passive card (Untouchable) changes the numbers.
    const dh::Pc now = pc_from(std::string("use: ") + kClasses[c] + ", cards: []");
    const dh::Pc old = pc_from(std::string("name: X, class: ") + kClassIds[c] + ", " + kOld[c] +
                               ", experiences: {A: 2, B: 2}");
    // ... and without its ancestry's and community's passives (the old form names none).
    const FeaturePassives fn = feature_passives(now), fo = feature_passives(old);
    EXPECT_EQ(now.traits, old.traits) << kClasses[c];
    EXPECT_EQ(now.evasion - fn.evasion, old.evasion - fo.evasion) << kClasses[c];
    EXPECT_EQ(now.hp - fn.hp, old.hp - fo.hp) << kClasses[c];
    EXPECT_EQ(now.stress - fn.stress, old.stress - fo.stress) << kClasses[c];
    EXPECT_EQ(now.proficiency, old.proficiency) << kClasses[c];
    EXPECT_EQ(now.major - fn.major, old.major - fo.major) << kClasses[c];
    EXPECT_EQ(now.severe - fn.severe, old.severe - fo.severe) << kClasses[c];
    EXPECT_EQ(now.armor_slots, old.armor_slots) << kClasses[c];
    EXPECT_EQ(now.armor, old.armor) << kClasses[c];
    EXPECT_EQ(now.primary.name, old.primary.name) << kClasses[c];
    EXPECT_EQ(now.primary.flat + now.primary.damage_bonus, old.primary.flat + old.primary.damage_bonus) << kClasses[c];
    EXPECT_EQ(now.secondary.present, old.secondary.present) << kClasses[c];
    EXPECT_EQ(now.secondary.name, old.secondary.name) << kClasses[c];
    EXPECT_EQ(now.experience - fn.experience, old.experience - fo.experience) << kClasses[c];
    EXPECT_TRUE(now.hp_marked_start == 0 && now.stress_marked_start == 0 && now.armor_marked_start == 0);
  }
}

// The picks of a level in either order, and the levels in any order, give the same PC.
TEST(DaggerheartLevels, TheOrderPicksAreWrittenInDoesNotMatter) {
  const dh::Pc a = pc_from(kMage + ", level: 5, advancements: {2: [traits: [knowledge, agility], domain_card], "
                                   "3: [hp, stress], 4: [hp, evasion], 5: [traits: [knowledge, strength], subclass]}");
  const dh::Pc b = pc_from(kMage + ", level: 5, advancements: {5: [subclass, traits: [strength, knowledge]], "
                                   "4: [evasion, hp], 3: [stress, hp], 2: [domain_card, traits: [agility, knowledge]]}");
  EXPECT_EQ(a.traits, b.traits);
  EXPECT_EQ(a.hp, b.hp);
  EXPECT_EQ(a.stress, b.stress);
  EXPECT_EQ(a.subclass_cards, b.subclass_cards);
  EXPECT_EQ(a.card_levels, b.card_levels);
  EXPECT_EQ(a.evasion, b.evasion);
  EXPECT_EQ(a.card_levels, (std::vector<int>{5, 5, 5, 4, 3, 2, 2, 1, 1}));  // + Prepared, Accomplished at level 5
}

// The 36 ready PCs of party.yaml, recomputed here from their YAML: traits
// (base + raises + equipment), thresholds (armor + level), HP and Stress
// slots, Evasion, Proficiency.
TEST(DaggerheartLevels, EveryReadyPcOfThePartyLibraryFollowsTheRules) {
  const Node doc = read_library(ENCSIM_SOURCE_DIR "/scenarios/daggerheart/party.yaml");
  const auto& entries = doc.find("monsters")->entries();
  ASSERT_EQ(entries.size(), 36u);
  static const std::vector<std::string> kTraitNames{"agility", "strength", "finesse", "instinct", "presence", "knowledge"};
  for (const auto& e : entries) {
    const Node& n = e.value;
    const std::string cls = n.find("class")->text();
    int c = 0;
    while (c < 9 && kClassIds[c] != cls) ++c;
    ASSERT_LT(c, 9) << e.key;
    const int level = static_cast<int>(n.find("level")->as_int());
    EXPECT_EQ(e.key, level == 1 ? std::string(kClasses[c]) : std::string(kClasses[c]) + " " + std::to_string(level));
    ASSERT_TRUE(n.find("subclass") && n.find("ancestry") && n.find("community")) << e.key;
    std::array<int, 6> traits{};
    for (int t = 0; t < 6; ++t) traits[static_cast<std::size_t>(t)] = static_cast<int>(n.find("traits")->find(kTraitNames[static_cast<std::size_t>(t)])->as_int());
    int hp = kHp[c], stress = 6, evasion = kEvasion[c];
    int proficiency = 1 + (level >= 2) + (level >= 5) + (level >= 8);
    int best_experience = 2;  // every Experience of the library is +2
    if (const Node* adv = n.find("advancements")) {
      int levels = 0;
      for (const auto& l : adv->entries()) {
        ++levels;
        for (const Node& pick : l.value.items()) {
          const std::string what = pick.is_map() ? pick.entries()[0].key : pick.text();
          if (what == "hp") ++hp;
          if (what == "stress") ++stress;
          if (what == "evasion") ++evasion;
          if (what == "proficiency") ++proficiency;
          if (what == "experiences") best_experience = 3;
          if (what == "traits")
            for (const Node& t : pick.entries()[0].value.items())
              for (int k = 0; k < 6; ++k) traits[static_cast<std::size_t>(k)] += kTraitNames[static_cast<std::size_t>(k)] == t.text();
        }
      }
      EXPECT_EQ(levels, level - 1) << e.key;
    } else {
      EXPECT_EQ(level, 1) << e.key << ": the levelled entries write their advancements out";
    }
    // The equipment: named, or the class's suggested kit (level 1).
    // Without its cards (their passives, e.g. Fortified Armor, change the
    // numbers; the loadout test below checks the cards).
    const dh::Pc p = pc_from("use: " + e.key + ", cards: []");
    const dh::ArmorData* armor = nullptr;
    for (const dh::ArmorData& a : dh::srd_armor())
      if (a.name == p.armor) armor = &a;
    ASSERT_NE(armor, nullptr) << e.key;
    EXPECT_EQ(armor->tier, dh::tier_of(level)) << e.key;
    evasion += armor->evasion;
    traits[0] += armor->agility;
    int severe_bonus = 0;
    for (const dh::PcWeapon* w : {&p.primary, &p.secondary}) {
      if (!w->present) continue;
      for (const dh::WeaponData& wd : dh::srd_weapons())
        if (wd.name == w->name) {
          EXPECT_EQ(wd.tier, dh::tier_of(level)) << e.key << " " << w->name;
          evasion += wd.evasion;
          traits[2] += wd.finesse;
          traits[0] += wd.agility;
          severe_bonus += wd.severe_threshold;
        }
    }
    // ... and without its features' passives (Unwavering, Battlemage, High Stamina ...).
    const FeaturePassives f = feature_passives(p);
    EXPECT_EQ(p.traits, traits) << e.key;
    EXPECT_EQ(p.hp - f.hp, hp) << e.key;
    EXPECT_EQ(p.stress - f.stress, stress) << e.key;
    EXPECT_EQ(p.evasion - f.evasion, evasion) << e.key;
    EXPECT_EQ(p.proficiency, proficiency) << e.key;
    EXPECT_EQ(p.major - f.major, armor->major + level) << e.key;
    EXPECT_EQ(p.severe - f.severe, armor->severe + level + severe_bonus) << e.key;
    EXPECT_EQ(p.experience - f.experience, best_experience) << e.key;
  }
}


// The loadouts of the 36 ready PCs, checked here against the card library's
// domains and levels and the SRD's card allowance, without the reader: two
// cards at level 1, one more per level gained (level 2: 3) and a full loadout
// of 5 from level 5; each card of one of the class's domains (written here
// again) or of the multiclass domain up to half the level, rounded up; and the
// cards' levels fit the slots the levels and the `domain_card` picks give
// (two at level 1, one at each level gained, one at the level of each pick:
// the ready PCs take at most one per tier, so it marks its own tier's box).
TEST(DaggerheartLevels, EveryReadyPcCarriesALoadoutItMayHold) {
  const char* const kDomains[][2] = {{"grace", "codex"}, {"sage", "arcana"}, {"valor", "blade"}, {"bone", "sage"}, {"midnight", "grace"},
                                     {"splendor", "valor"}, {"arcana", "midnight"}, {"blade", "bone"}, {"codex", "splendor"}};
  const Node library = load_yaml_file(ENCSIM_SOURCE_DIR "/src/rules/daggerheart/domain-cards.yaml");
  std::map<std::string, std::pair<std::string, int>> card_of;  // name -> (domain, level)
  for (const Node& c : library.find("cards")->items()) {
    std::string domain = c.find("domain")->text();
    for (char& ch : domain) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    card_of[c.find("name")->text()] = {domain, static_cast<int>(c.find("level")->as_int())};
  }
  const Node doc = read_library(ENCSIM_SOURCE_DIR "/scenarios/daggerheart/party.yaml");
  for (const auto& e : doc.find("monsters")->entries()) {
    const Node& n = e.value;
    const std::string cls = n.find("class")->text();
    int c = 0;
    while (c < 9 && kClassIds[c] != cls) ++c;
    ASSERT_LT(c, 9) << e.key;
    const int level = static_cast<int>(n.find("level")->as_int());
    // A level-1 entry gives its class's card path: at level 1 the loadout is
    // its first two cards of level 1 (every path card checked for its domain below).
    const Node* written = n.find("cards");
    const Node* path = n.find("card_path");
    ASSERT_NE(written == nullptr, path == nullptr) << e.key << ": a loadout or a card path";
    Node first_two = Node::list({}, SourcePos{});
    if (path) {
      ASSERT_EQ(level, 1) << e.key;
      for (const Node& card : path->items())
        if (first_two.items().size() < 2 && card_of.count(card.text()) && card_of[card.text()].second == 1)
          first_two.items_mut().push_back(card);
      std::set<std::string> in_path;
      for (const Node& card : path->items()) {
        EXPECT_TRUE(in_path.insert(card.text()).second) << e.key << ": " << card.text() << " twice in the path";
        ASSERT_TRUE(card_of.count(card.text())) << e.key << ": " << card.text();
        const std::string& domain = card_of[card.text()].first;
        EXPECT_TRUE(domain == kDomains[c][0] || domain == kDomains[c][1]) << e.key << ": " << card.text();
      }
    }
    const Node* cards = path ? &first_two : written;
    EXPECT_EQ(static_cast<int>(cards->items().size()), std::min(level + 1, 5)) << e.key;
    std::string multiclass_domain;
    if (const Node* mc = n.find("multiclass")) multiclass_domain = mc->find("domain")->text();
    std::vector<int> slots{1, 1};
    for (int l = 2; l <= level; ++l) slots.push_back(l);
    if (const Node* adv = n.find("advancements"))
      for (const auto& l : adv->entries())
        for (const Node& pick : l.value.items())
          if (!pick.is_map() && pick.text() == "domain_card") slots.push_back(std::stoi(l.key));  // its own tier's box
    std::vector<int> levels;
    std::set<std::string> seen;
    for (const Node& card : cards->items()) {
      const std::string name = card.text();
      EXPECT_TRUE(seen.insert(name).second) << e.key << ": " << name << " twice";
      const auto it = card_of.find(name);
      ASSERT_NE(it, card_of.end()) << e.key << ": " << name;
      const auto& [domain, card_level] = it->second;
      const bool own = domain == kDomains[c][0] || domain == kDomains[c][1];
      const bool other = !multiclass_domain.empty() && domain == multiclass_domain && card_level <= (level + 1) / 2;
      EXPECT_TRUE(own || other) << e.key << ": " << name << " (" << domain << ")";
      EXPECT_LE(card_level, level) << e.key << ": " << name;
      levels.push_back(card_level);
    }
    // Highest card against highest slot, and so on down: a fit exists exactly when each holds.
    std::sort(levels.rbegin(), levels.rend());
    std::sort(slots.rbegin(), slots.rend());
    ASSERT_LE(levels.size(), slots.size()) << e.key;
    for (std::size_t i = 0; i < levels.size(); ++i) EXPECT_LE(levels[i], slots[i]) << e.key << ": card " << i;
    // And the reader takes the whole loadout (beside the PC's subclass, ancestry and community features).
    const dh::Pc p = pc_from("use: " + e.key);
    const auto domain_cards = std::count_if(p.cards.begin(), p.cards.end(), [](const dh::PcCard& k) {
      return k.def->source == dh::CardSource::domain;
    });
    EXPECT_EQ(static_cast<std::size_t>(domain_cards), cards->items().size()) << e.key;
  }
}


// The names of PC p's domain cards, sorted.
std::vector<std::string> domain_cards_of(const dh::Pc& p) {
  std::vector<std::string> out;
  for (const dh::PcCard& k : p.cards)
    if (k.def->source == dh::CardSource::domain) out.push_back(k.def->name);
  std::sort(out.begin(), out.end());
  return out;
}

// `{use: Class, level: N}` of a ready level-1 PC walks its class's card path:
// as many cards as level N allows (two at level 1, one more per level) up to
// a full loadout of 5, each within the level's allowances.
TEST(DaggerheartLevels, ACardPathGivesALevelledReadyPcAFullLoadoutAtEveryLevel) {
  for (const char* cls : kClasses)
    for (int level = 1; level <= 10; ++level) {
      const dh::Pc p = pc_from(std::string("use: ") + cls + ", level: " + std::to_string(level));
      EXPECT_EQ(domain_cards_of(p).size(), static_cast<std::size_t>(std::min(level + 1, 5))) << cls << " " << level;
    }
  // The Wizard's path carries the hand-built Wizard 5's and Wizard 8's loadouts at those levels.
  EXPECT_EQ(domain_cards_of(pc_from("use: Wizard, level: 5")),
            (std::vector<std::string>{"Bolt Beacon", "Book of Ava", "Book of Grynn", "Book of Norai", "Healing Hands"}));
  EXPECT_EQ(domain_cards_of(pc_from("use: Wizard, level: 5")), domain_cards_of(pc_from("use: Wizard 5")));
  EXPECT_EQ(domain_cards_of(pc_from("use: Wizard, level: 8")), domain_cards_of(pc_from("use: Wizard 8")));
  // At level 3 the Wizard holds four: its two of level 1, Healing Hands (2) and Book of Norai (3).
  EXPECT_EQ(domain_cards_of(pc_from("use: Wizard, level: 3")),
            (std::vector<std::string>{"Book of Ava", "Book of Illiat", "Book of Norai", "Healing Hands"}));
  // A loadout written beside `use:` replaces the path.
  EXPECT_EQ(domain_cards_of(pc_from("use: Wizard, level: 5, cards: [Book of Norai]")),
            (std::vector<std::string>{"Book of Norai"}));
}

// A card path's walk: a card waits for an allowance of its level (Book of
// Norai, level 3, is skipped at level 2), the walk stops when the allowances
// are used, and the loadout is the last five taken.
TEST(DaggerheartLevels, ACardPathSkipsCardsAboveTheLevelAndKeepsTheLastFive) {
  const std::string path = "card_path: [Book of Norai, Book of Illiat, Book of Ava, Healing Hands, Bolt Beacon, Book of Grynn, Book of Sitil]";
  const std::string mage = kMage + ", subclass: School of War";  // School of Knowledge would add a card
  EXPECT_EQ(domain_cards_of(pc_from(mage + ", level: 2, " + path)),
            (std::vector<std::string>{"Book of Ava", "Book of Illiat", "Healing Hands"}));
  // Level 5 (default path: no domain_card pick): six allowances 1,1,2,3,4,5;
  // Norai takes the 3, Illiat and Ava the 1s, Healing Hands the 2, Bolt Beacon
  // the 4, Grynn the 5; Sitil finds none left. The first taken goes to the vault.
  EXPECT_EQ(domain_cards_of(pc_from(mage + ", level: 5, " + path)),
            (std::vector<std::string>{"Bolt Beacon", "Book of Ava", "Book of Grynn", "Book of Illiat", "Healing Hands"}));
}

TEST(DaggerheartLevels, ACardPathsErrorsNameTheirPlace) {
  EXPECT_NE(error_of(kMage + ", level: 3, card_path: [Book of Ava, Book of Ilyat]").find("did you mean 'Book of Illiat'"), std::string::npos);
  EXPECT_NE(error_of(kMage + ", level: 3, card_path: [Book of Ava, Book of Ava]").find("'Book of Ava' twice in the card path"), std::string::npos);
  EXPECT_NE(error_of(kMage + ", level: 3, card_path: [Book of Ava, Rain of Blades]").find("'Rain of Blades' is a Midnight card"), std::string::npos);
  EXPECT_NE(error_of("name: N, primary: {damage: d8}, card_path: [Book of Ava]").find("card_path needs a class"), std::string::npos);
}

// The PC misses (3 vs 30, with Fear), the Brute hits for 4: Major, 2 HP. Of 3
// HP, one already marked: the hit takes the PC down (Avoid Death, a Hope die
// of 12: no scar); unmarked, it stands with 1 left.
TEST(DaggerheartLevels, APcWithHpMarkedGoesDownSooner) {
  const auto fight = [](const std::string& marked) {
    return encounter_from("ruleset: daggerheart\nmax_rounds: 1\noptions: {fear_start: 0}\nparty:\n  - {name: Hero, "
                          "evasion: 5, hp: 3, armor: {thresholds: [3, 6], score: 1}, primary: {damage: d8}" + marked +
                          "}\nfoes:\n  - {name: Brute, difficulty: 30, thresholds: [5, 10], hp: 9, attack: {damage: 4}}\n");
  };
  {
    ScriptedDice dice{{{12, 1}, {12, 2}, {20, 10}}};
    const Replay r = replay(fight(""), dice);
    EXPECT_FALSE(r.rec.combatants[0].down) << r.log;
    EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraHpMarked], 1) << r.log;  // the Armor Slot took one
  }
  {
    ScriptedDice dice{{{12, 1}, {12, 2}, {20, 10}}};
    const Replay r = replay(fight(", marked: {armor: 1}"), dice);
    EXPECT_FALSE(r.rec.combatants[0].down) << r.log;
    EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraHpMarked], 2) << r.log;  // no Armor Slot left
  }
  {
    ScriptedDice dice{{{12, 1}, {12, 2}, {20, 10}, {12, 12}}};
    const Replay r = replay(fight(", marked: {hp: 1, armor: 1, stress: 2}"), dice);
    EXPECT_TRUE(r.rec.combatants[0].down) << r.log;
    EXPECT_NE(r.log.find("Hero starts with 1 HP, 2 Stress and 1 Armor Slots marked"), std::string::npos) << r.log;
    EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressLeft], 4) << r.log;
  }
}

}  // namespace
}  // namespace encsim
