// Reading a Daggerheart scenario: what the files that compile one share.
// daggerheart.cpp reads the options and compiles the encounter; read_pc.cpp
// reads PCs (class, traits, weapons, armor); read_adversary.cpp reads
// adversaries, their features and effects, countdowns and NPC allies; read.cpp
// holds the small readers all of them use. Internal to the rule system.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/daggerheart/daggerheart.hpp"

namespace encsim::daggerheart {

inline const std::vector<std::string> kTraitNames{"agility", "strength", "finesse", "instinct", "presence", "knowledge"};
inline const std::vector<std::string> kAncestries{"Clank",    "Drakona", "Dwarf",    "Elf",  "Faerie", "Faun",
                                                  "Firbolg",  "Fungril", "Galapa",   "Giant", "Goblin", "Halfling",
                                                  "Human",    "Infernis", "Katari",  "Orc",  "Ribbet", "Simiah"};
inline const std::vector<std::string> kCommunities{"Highborne", "Loreborne",   "Orderborne",  "Ridgeborne", "Seaborne",
                                                   "Slyborne",  "Underborne",  "Wanderborne", "Wildborne"};
// The SRD's 18 subclasses, two per class in class order (read_pc.cpp).
const std::vector<std::string>& subclass_names();
inline const std::vector<std::string> kRangeNames{"melee", "very_close", "close", "far", "very_far"};
inline const std::vector<std::string> kTypeNames{"physical", "magic"};
inline const std::vector<std::string> kClassNames{"bard",   "druid",    "guardian", "ranger", "rogue",
                                                  "seraph", "sorcerer", "warrior",  "wizard"};
inline const std::vector<std::string> kAdvTypeNames{"bruiser", "horde",  "leader", "minion",   "ranged",
                                                    "skulk",   "social", "solo",   "standard", "support"};
inline const std::vector<std::string> kDeathMoves{"avoid_death", "blaze_of_glory", "risk_it_all"};
inline const std::vector<std::string> kArmorPolicies{"always", "major_or_worse", "lethal", "never"};

// Class figures (SRD classes): Evasion, HP, the Hope feature as the
// vocabulary reads it, and the class features this engine does not simulate.
struct ClassRow {
  PcClass cls;
  int evasion, hp;
  std::string_view hope_name;
  HopeKind hope;
  int hope_value;
  std::string_view unmodelled;  // '; '-separated
};
inline const ClassRow kClasses[] = {
    {PcClass::bard, 10, 5, "Make a Scene", HopeKind::distract, 2, ""},
    {PcClass::druid, 10, 6, "Evolution", HopeKind::evolution, 1, "Wildtouch"},
    {PcClass::guardian, 9, 7, "Frontline Tank", HopeKind::clear_armor, 2, ""},
    {PcClass::ranger, 12, 6, "Hold Them Off", HopeKind::extra_targets, 2, ""},
    {PcClass::rogue, 12, 6, "Rogue's Dodge", HopeKind::evasion_bonus, 2, "Cloaked"},
    {PcClass::seraph, 9, 7, "Life Support", HopeKind::heal_ally, 1, "Prayer Dice on damage and Hope"},
    {PcClass::sorcerer, 10, 6, "Volatile Magic", HopeKind::reroll_damage, 0,
     "Arcane Sense; Minor Illusion; Channel Raw Power"},
    {PcClass::warrior, 11, 6, "No Mercy", HopeKind::attack_bonus, 1, "Attack of Opportunity"},
    {PcClass::wizard, 11, 5, "Not This Time", HopeKind::force_reroll, 0, "Prestidigitation"},
};

// The keys of each scenario map (read_pc.cpp, read_adversary.cpp), listed by
// `encsim rules daggerheart` too.
extern const std::vector<KeySpec> kPcKeys, kWeaponKeys, kArmorKeys, kMulticlassKeys, kMarkedKeys, kCompanionKeys;
extern const std::vector<KeySpec> kCardKeys;     // read_card.cpp
extern const std::vector<KeySpec> kPcFeatureKeys;  // read_card.cpp
extern const std::vector<KeySpec> kAdversaryKeys, kAttackKeys, kFeatureBaseKeys, kPassiveKeys, kEffectKeys,
    kCountdownKeys;

int choice_of(const Node& n, std::string_view what, const std::vector<std::string>& names);

template <class Row>
const Row* find_named(std::span<const Row> rows, const Node& n, std::string_view what) {
  const std::string& s = n.as_string();
  std::vector<std::string> names;
  for (const Row& r : rows) {
    if (r.name == s) return &r;
    names.emplace_back(r.name);
  }
  throw InputError(n.pos(), "unknown " + std::string(what) + " '" + s + "'" + did_you_mean(s, names));
}

std::pair<int, int> read_thresholds(const Node& n);
int best_experience(const Node* n);
TypeMask read_type_mask(MapReader& r, std::string_view key);
std::vector<tactics::Rule> read_rules(const Node& list);

struct Context {
  Options opt;
  std::vector<std::string> pc_names;
  std::vector<Countdown>* countdowns = nullptr;
  int area(Range r) const {
    switch (r) {
      case Range::melee: return 1;
      case Range::very_close: return opt.area_very_close;
      case Range::close: return opt.area_close;
      default: return opt.area_far;
    }
  }
};

// read_adversary.cpp
Effect read_effect(MapReader& r, const Context& ctx, const Adversary* owner);
Countdown read_countdown(const Node& n, const std::string& name, const Context& ctx, const Adversary* owner,
                         bool feature);
Feature read_feature(const Node& n, Adversary* owner, bool npc, Context& ctx);
Adversary read_adversary(const Node& node, const Node* side_rules, Context& ctx, int& count);
Npc read_npc(const Node& node, Context& ctx);

// read_pc.cpp
Pc read_pc(const Node& node, const Node* side_rules, int& count, unsigned scene);
// pc_cards.cpp: `spellcast` and `cards` (the loadout, validated; passives
// folded in), once the PC's traits, level and equipment are read; then
// `do: card:NAME` in its tactics.
void read_pc_cards(Pc& p, MapReader& r, unsigned scene);
void resolve_card_rules(Pc& p);
// Copycat (pc_cards.cpp): once every PC is read, each PC's Copycat takes the
// card of an ally's loadout it copies (`copycat:`, checked with line:col and
// did-you-mean, else the policy's pick), or is inert when there is none.
void resolve_copycats(std::vector<Pc>& pcs);
// read_beastform.cpp: `beastform` (a Druid's form, its tier checked; the
// default form when absent; `none`), once the class, tier and Proficiency are read.
void read_pc_beastform(Pc& p, MapReader& r);
// read_consumable.cpp: `consumables` (the items a PC carries, 1..5 of each).
void read_pc_consumables(Pc& p, MapReader& r);
// read_companion.cpp: `companion` (a Beastbound Ranger's: name, training),
// once the PC's features are read (read_pc_cards).
void read_pc_companion(Pc& p, MapReader& r);
// check_card.cpp: that an effect's keys go together, and `folds` (read_card.cpp's
// read_effect calls it once every key is read).
void check_effect(MapReader& r, const Node& node, CardDef& c);
// read_card_more.cpp: the effect keys of the features that guard and lift the
// party (only_while, ally_marks, replaces, free_help; the session_start and
// help triggers), read and checked after read_card.cpp's; and, once a library
// is read, that every `replaces` names another entry of it.
const std::vector<KeySpec>& more_effect_keys();
void read_more_effect(MapReader& r, const Node& node, CardDef& c);
void check_replaces(const std::vector<CardDef>& lib);
// read_card_forms.cpp: the effect keys of forms, wards and turning death back
// (spectral, hope_per_roll, kill_armor, no_restrained, storm, revive,
// spent_on_fail), of Book of Yarrow's spells (immunity, immunity_hope,
// time_stop) and of Copycat (copies), read and checked before check_effect.
const std::vector<KeySpec>& form_effect_keys();
void read_form_effect(MapReader& r, const Node& node, CardDef& c);
// read_card_guise.cpp: the effect keys of guises and auras on a PC (layers,
// attacker_stress, trait_as_spellcast, hide), read and checked before check_effect.
const std::vector<KeySpec>& guise_effect_keys();
void read_guise_effect(MapReader& r, const Node& node, CardDef& c);
// read_card_mount.cpp: the effect keys of mounts (steed), read and checked before check_effect.
const std::vector<KeySpec>& mount_effect_keys();
void read_mount_effect(MapReader& r, const Node& node, CardDef& c);

}  // namespace encsim::daggerheart
