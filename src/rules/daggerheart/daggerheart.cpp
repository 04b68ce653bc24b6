// Compiling a Daggerheart scenario: PCs from class, armor and weapons (the SRD
// tables in equipment.cpp), adversaries from their stat blocks and features
// in the vocabulary below, NPC allies, countdowns, options and the SRD's
// Battle Points budget.
#include "rules/daggerheart/daggerheart.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "rules/sides.hpp"

namespace encsim::daggerheart {
namespace {

const std::vector<std::string> kTraitNames{"agility", "strength", "finesse", "instinct", "presence", "knowledge"};
const std::vector<std::string> kRangeNames{"melee", "very_close", "close", "far", "very_far"};
const std::vector<std::string> kTypeNames{"physical", "magic"};
const std::vector<std::string> kClassNames{"bard",   "druid",    "guardian", "ranger", "rogue",
                                           "seraph", "sorcerer", "warrior",  "wizard"};
const std::vector<std::string> kAdvTypeNames{"bruiser", "horde",  "leader", "minion",   "ranged",
                                             "skulk",   "social", "solo",   "standard", "support"};
const std::vector<std::string> kDeathMoves{"avoid_death", "blaze_of_glory", "risk_it_all"};
const std::vector<std::string> kArmorPolicies{"always", "major_or_worse", "lethal", "never"};

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
const ClassRow kClasses[] = {
    {PcClass::bard, 10, 5, "Make a Scene", HopeKind::distract, 2, ""},
    {PcClass::druid, 10, 6, "Evolution", HopeKind::attack_bonus, 1, "Beastform; Wildtouch"},
    {PcClass::guardian, 9, 7, "Frontline Tank", HopeKind::clear_armor, 2, "Unstoppable"},
    {PcClass::ranger, 12, 6, "Hold Them Off", HopeKind::extra_targets, 2, "Ranger's Focus"},
    {PcClass::rogue, 12, 6, "Rogue's Dodge", HopeKind::evasion_bonus, 2, "Cloaked"},
    {PcClass::seraph, 9, 7, "Life Support", HopeKind::heal_ally, 1, "Prayer Dice on damage and Hope"},
    {PcClass::sorcerer, 10, 6, "Volatile Magic", HopeKind::reroll_damage, 0,
     "Arcane Sense; Minor Illusion; Channel Raw Power"},
    {PcClass::warrior, 11, 6, "No Mercy", HopeKind::attack_bonus, 1, "Attack of Opportunity"},
    {PcClass::wizard, 11, 5, "Not This Time", HopeKind::force_reroll, 0, "Prestidigitation"},
};

const std::vector<KeySpec> kPcKeys{
    {"name", "string", "", "what reports call it"},
    {"count", "integer", "1", "how many identical PCs this entry stands for"},
    {"npc", "boolean", "false", "an NPC ally: no stat block, acts through `features` (party only)"},
    {"class", "class name", "", "bard druid guardian ranger rogue seraph sorcerer warrior wizard: Evasion, HP, Hope feature, class features"},
    {"level", "integer", "1", "1..10: thresholds, Proficiency, tier"},
    {"traits", "map", "all 0", "agility strength finesse instinct presence knowledge"},
    {"evasion", "integer", "class + armor + weapons", "Evasion"},
    {"hp", "integer", "class", "Hit Point slots"},
    {"stress", "integer", "6", "Stress slots"},
    {"hope", "integer", "2", "Hope at the start"},
    {"hope_max", "integer", "6", "Hope slots"},
    {"proficiency", "integer", "by level (1, 2 at 2-4, 3 at 5-7, 4 at 8-10)", "damage dice rolled"},
    {"armor", "SRD armor name | map | none", "none", "armor: thresholds (+ level) and Armor Score; map keys thresholds, score, evasion"},
    {"primary", "SRD weapon name | map", "", "the primary weapon; map keys trait, range, damage, type, attack_bonus, powerful"},
    {"secondary", "SRD weapon name | map | none", "none", "the secondary weapon (shields add Armor Score)"},
    {"experiences", "map name: bonus", "", "Experiences; the best is added to attack rolls for a Hope (options)"},
    {"resist", "physical|magic", "", "halve damage of this type"},
    {"immune", "physical|magic", "", "ignore damage of this type"},
    {"death_move", "avoid_death|blaze_of_glory|risk_it_all", "avoid_death", "the death move this PC chooses"},
    {"armor_policy", "always|major_or_worse|lethal|never", "always", "when to mark an Armor Slot: whenever it saves an HP, only against Major or worse, only when the hit would down them, never"},
    {"strange_patterns", "integer", "12 for a wizard", "the Wizard's chosen number (1..12)"},
    {"unmodelled", "list of strings", "", "features this PC has that the simulation does not model"},
    {"features", "list of features", "", "an NPC's features (npc: true)"},
    {"tactics", "list of rules", "the side's, else attack lowest_hp", "scripted behaviour"},
};

const std::vector<KeySpec> kWeaponKeys{
    {"name", "string", "", "what the log calls it"},
    {"trait", "trait name", "agility", "the trait of the attack roll"},
    {"range", "melee|very_close|close|far|very_far", "melee", "range band"},
    {"damage", "dice", "", "one Proficiency die plus the flat part, e.g. d10+3"},
    {"type", "physical|magic", "physical", "damage type"},
    {"attack_bonus", "integer", "0", "to attack rolls (Reliable +1)"},
    {"powerful", "boolean", "false", "roll one more damage die and drop the lowest"},
};

const std::vector<KeySpec> kArmorKeys{
    {"name", "string", "", "what check calls it"},
    {"thresholds", "[major, severe]", "", "base thresholds (the level is added)"},
    {"score", "integer", "", "Armor Score (Armor Slots)"},
    {"evasion", "integer", "0", "Evasion modifier"},
};

const std::vector<KeySpec> kAdversaryKeys{
    {"name", "string", "", "what reports call it"},
    {"count", "integer", "1", "how many of this stat block (numbered)"},
    {"tier", "integer", "1", "1..4"},
    {"type", "adversary type", "standard", "bruiser horde leader minion ranged skulk social solo standard support (Battle Points cost)"},
    {"horde_size", "integer", "", "a Horde's N per HP (informational)"},
    {"difficulty", "integer", "", "the Difficulty of PC rolls against it"},
    {"thresholds", "[major, severe] | none", "", "damage thresholds; none for Minions"},
    {"hp", "integer", "", "Hit Points"},
    {"stress", "integer", "0", "Stress"},
    {"atk", "integer", "0", "attack modifier (d20 + atk vs Evasion)"},
    {"attack", "map", "", "standard attack: name, range, damage, type"},
    {"experiences", "map name: bonus", "", "Experiences (the GM may add one to an attack for a Fear: options)"},
    {"features", "list of features", "", "features (docs/scenarios.md, Daggerheart features)"},
    {"description", "string", "", "ignored: for people"},
    {"tactics", "list of rules", "the side's, else its features in order, then attack random", "scripted behaviour"},
};

const std::vector<KeySpec> kAttackKeys{
    {"name", "string", "Attack", "the attack's name"},
    {"range", "melee|very_close|close|far|very_far", "melee", "range band (Ramp Up hits everyone it reaches)"},
    {"damage", "dice", "", "damage dice"},
    {"type", "physical|magic", "physical", "damage type"},
};

const std::vector<KeySpec> kFeatureBaseKeys{
    {"name", "string", "", "the feature's name"},
    {"kind", "passive|action|reaction", "passive", "when it applies"},
    {"modelled", "boolean", "true", "false: named for coverage but not simulated (needs a note)"},
    {"note", "string", "", "what it does, for a feature not modelled"},
    {"trigger", "trigger name", "", "a reaction's trigger: hit before_damage marks_hp severe damaged_in_melee defeated pc_fail_with_fear spotlight (when it takes the spotlight); NPCs: battle_start pc_hit pc_attack_failed all_armor_marked"},
    {"fear", "integer", "0", "cost in Fear"},
    {"stress", "integer", "0", "cost in the adversary's Stress"},
    {"hp", "integer", "0", "cost in the adversary's HP (never its last)"},
    {"uses", "integer", "0", "uses per fight (0: unlimited)"},
    {"at_least", "integer", "1", "marks_hp: the HP marked by one attack"},
    {"favored", "PC name", "", "NPC triggers: only for this PC (Arcane Hold, Mentor)"},
    {"countdown", "map", "", "the feature starts a countdown whose trigger fires the effect: start, advance, loop"},
};

const std::vector<KeySpec> kPassiveKeys{
    {"minion", "integer", "", "Minion (X)"},
    {"horde", "dice", "", "Horde: the standard attack's damage once half its HP are marked"},
    {"relentless", "integer", "", "Relentless (X): spotlights per GM turn"},
    {"ramp_up", "boolean", "", "spotlighting it always costs a Fear; its standard attack hits all in range"},
    {"direct", "boolean", "", "passive: its attacks deal direct damage"},
    {"resist", "physical|magic", "", "resistant to this type"},
    {"immune", "physical|magic", "", "immune to this type"},
    {"difficulty_bonus", "integer", "", "+N to its Difficulty"},
    {"damage_reduction", "dice", "", "subtracted from each hit it takes, before thresholds"},
    {"reduction_type", "physical|magic", "", "damage_reduction only against this type"},
    {"alt_damage", "dice", "", "standard attack damage instead, when alt_when holds"},
    {"alt_when", "pack|advantage|hidden", "", "when alt_damage applies"},
    {"extra_hp_from", "physical|magic", "", "marks one more HP from damage of this type"},
    {"retaliate_stress", "integer", "", "a melee attacker marks this Stress when it marks max_hp_marked or fewer HP"},
    {"max_hp_marked", "integer", "2", "see retaliate_stress"},
};

const std::vector<KeySpec> kEffectKeys{
    {"direct", "boolean", "false", "direct damage (Armor Slots cannot reduce it)"},
    {"effect", "attack|reaction_roll|damage|group_attack|spotlight|hide|heal|gain_fear", "", "what an action or reaction does"},
    {"targets", "integer | very_close | close | far | very_far | attacker", "1", "how many targets; a range band: all it reaches (options.area_*)"},
    {"damage", "dice | standard | half", "", "damage; standard: its standard attack's; half: half the damage just taken"},
    {"type", "physical|magic", "the standard attack's", "damage type"},
    {"advantage", "boolean", "false", "the attack roll has advantage"},
    {"attack_bonus", "integer", "0", "added to the attack roll (NPCs and countdowns: the whole modifier)"},
    {"trait", "trait name", "agility", "the PCs' reaction roll trait"},
    {"difficulty", "integer", "its Difficulty", "the reaction roll's Difficulty"},
    {"half_on_success", "boolean", "false", "a successful reaction roll still takes half damage"},
    {"target_stress", "integer", "0", "each target hit (or failing) marks this much Stress"},
    {"target_hp", "integer", "0", "... and this many more HP"},
    {"condition", "vulnerable|restrained or a list", "", "... and gains these conditions"},
    {"until", "next_action|clear_hp|scene|break_free", "next_action", "how long Vulnerable lasts (break_free: as long as a Restrained from the same effect); Restrained lasts until the PC breaks free with Strength"},
    {"shred_armor", "boolean", "false", "each target hit marks an Armor Slot without benefit, else an HP"},
    {"gain_fear", "integer", "0", "the GM gains this Fear once the use hits (or fails a reaction roll of) anyone"},
    {"only_vulnerable", "boolean", "false", "only against Vulnerable PCs"},
    {"allies", "dice", "", "spotlight: how many more adversaries act for free"},
    {"clear_hp", "integer", "0", "heal: HP it clears"},
    {"clear_stress", "integer", "0", "heal: Stress it clears"},
    {"pc_hope", "integer", "0", "the PC gains (or, negative, loses) Hope"},
    {"damage_bonus", "integer | marked_hp", "0", "before_damage: added to the damage roll"},
    {"spotlight_again", "boolean", "false", "before_damage: it may take the spotlight again"},
    {"clear_armor", "integer", "0", "NPC: every PC clears this many Armor Slots"},
    {"advantage_next", "boolean", "false", "NPC: the PC's next attack roll has advantage"},
    {"roll", "integer", "", "the adversary first makes an action roll (d20, an Experience for a Fear by policy) against this Difficulty; on a failure nothing happens"},
};

std::vector<KeySpec> joined(std::initializer_list<const std::vector<KeySpec>*> parts) {
  std::vector<KeySpec> out;
  for (const auto* p : parts) out.insert(out.end(), p->begin(), p->end());
  return out;
}
// `direct` is both a passive shape and an effect key: one entry serves both.
const std::vector<KeySpec> kFeatureKeys = [] {
  std::vector<KeySpec> keys = joined({&kFeatureBaseKeys, &kPassiveKeys});
  for (const KeySpec& k : kEffectKeys)
    if (k.name != "direct") keys.push_back(k);  // one entry serves both shapes
  return keys;
}();

const std::vector<KeySpec> kCountdownKeys{
    {"name", "string", "", "what the log calls it"},
    {"start", "dice", "", "the starting value (dice: a randomized start)"},
    {"advance", "action_roll|attack_roll|progress|consequence|pc_miss|gm_turn", "action_roll", "what ticks it down: every PC action roll (standard), attack rolls, the dynamic tables, missed PC attacks, GM turns"},
    {"loop", "none|loop|increasing|decreasing", "none", "after it triggers: stop, restart, restart one higher, one lower"},
    {"active", "boolean", "true", "runs from the start (else a feature or start_on starts it)"},
    {"start_on", "round|adversary_defeated|pc_down", "", "a scene event that starts it: the start of round start_round, the first adversary defeated, the first PC down"},
    {"start_round", "integer", "", "for start_on: round"},
    {"side", "party|foes", "foes", "whose effect it is"},
    {"atk", "integer", "0", "attack modifier of a foes' countdown attack"},
    {"outcome", "party_wins|foes_win", "", "when it triggers, the fight ends so"},
};

const std::vector<KeySpec> kOptionKeys{
    {"fear_start", "integer", "1 per PC", "the GM's Fear at the start"},
    {"fear_max", "integer", "12", "the most Fear the GM can hold"},
    {"gm_policy", "measured|greedy", "measured", "greedy: spend Fear on every spotlight it can, no reserve, no budget, no cap"},
    {"max_spotlights", "integer", "2", "adversary spotlights per GM turn (measured; Relentless repeats count)"},
    {"fear_reserve", "integer", "1", "Fear the measured GM keeps in hand"},
    {"fear_budget", "integer|incidental|minor|standard|major|climactic|unlimited", "unlimited", "Fear the GM may spend this fight (the seed's scene table: the top of each range)"},
    {"interrupt_after", "integer", "0", "spend a Fear to interrupt after this many PC spotlights in a row (0: never)"},
    {"adversary_experiences", "boolean", "false", "the GM spends a Fear to add an adversary's best Experience to its attacks"},
    {"experience_min_hope", "integer", "4", "a PC spends a Hope on an Experience for an attack when holding at least this much (7: never)"},
    {"help_min_hope", "integer", "4", "an ally spends a Hope to help an attack (advantage) when holding at least this much (7: never)"},
    {"hope_features", "boolean", "true", "PCs use their class Hope features"},
    {"massive_damage", "boolean", "false", "optional rule: twice Severe marks 4 HP"},
    {"risk_it_all_tie", "stay_up|clear_all", "stay_up", "matching dice on Risk It All: stay up (SRD 1.0) or clear every HP and Stress"},
    {"area_very_close", "integer", "2", "PCs an area attack within Very Close reaches"},
    {"area_close", "integer", "3", "PCs an area attack within Close reaches"},
    {"area_far", "integer", "4", "PCs an area attack within Far reaches"},
    {"minion_spillover", "any|same", "any", "Minion spillover defeats any Minion the roll would hit, or only the same stat block"},
    {"sneak_attack", "melee_ally|always", "melee_ally", "a Rogue's Sneak Attack needs another PC with a melee weapon standing, or always applies"},
    {"restrained", "acts|loses_spotlight", "acts", "a Restrained combatant acts from where it stands (SRD), or spends its next spotlight breaking free"},
    {"hard_moves", "boolean", "true", "after a failure with Fear the PC is the focus of the GM turn and the GM buys a second spotlight"},
    {"tag_team", "boolean", "true", "each PC initiates one Tag Team attack per fight (3 Hope) with the ally whose weapon deals the most"},
    {"tag_team_min_hope", "integer", "3", "... when holding at least this much Hope as it attacks"},
    {"battle_points", "map", "", "adjustments to the Battle Points budget: easier, harder, damage_boost (booleans)"},
};

const std::vector<KeySpec> kBpKeys{
    {"easier", "boolean", "false", "an easier or shorter fight: -1"},
    {"harder", "boolean", "false", "a harder or longer fight: +2"},
    {"damage_boost", "boolean", "false", "every adversary's standard attack deals +1d4 damage: -2"},
};

int choice_of(const Node& n, std::string_view what, const std::vector<std::string>& names) {
  const std::string& s = n.as_string();
  const auto it = std::find(names.begin(), names.end(), s);
  if (it == names.end())
    throw InputError(n.pos(), "unknown " + std::string(what) + " '" + s + "'" + did_you_mean(s, names) +
                                  "; expected one of " + one_of(names));
  return static_cast<int>(it - names.begin());
}

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

std::pair<int, int> read_thresholds(const Node& n) {
  if (n.is_scalar() && n.text() == "none") return {0, 0};
  if (!n.is_list() || n.items().size() != 2)
    throw InputError(n.pos(), "thresholds must be [major, severe] (either may be none) or none");
  auto one = [](const Node& v) -> int {
    if (v.is_scalar() && v.text() == "none") return 0;
    const auto x = v.as_int();
    check_range(v, "a threshold", static_cast<double>(x), 1, 1000);
    return static_cast<int>(x);
  };
  return {one(n.items()[0]), one(n.items()[1])};
}

int best_experience(const Node* n) {
  if (!n) return 0;
  if (!n->is_map()) throw InputError(n->pos(), "experiences must be a map of name: bonus");
  int best = 0;
  for (const auto& e : n->entries()) {
    const auto v = e.value.as_int();
    check_range(e.value, "an Experience bonus", static_cast<double>(v), -5, 10);
    best = std::max(best, static_cast<int>(v));
  }
  return best;
}

TypeMask read_type_mask(MapReader& r, std::string_view key) {
  const Node* n = r.scalar(key);
  return n ? type_bit(static_cast<DamageType>(choice_of(*n, key, kTypeNames))) : TypeMask{0};
}

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

// The effect keys of a feature (or a countdown) map.
Effect read_effect(MapReader& r, const Context& ctx, const Adversary* owner) {
  Effect e;
  static const std::vector<std::string> kKinds{"none",        "attack",    "reaction_roll", "damage", "group_attack",
                                               "spotlight",   "hide",      "heal",          "gain_fear"};
  e.kind = static_cast<Effect::Kind>(r.get_choice("effect", kKinds, 0));
  if (const Node* t = r.scalar("targets")) {
    if (t->text() == "attacker") {
      e.target_attacker = true;
    } else if (std::find(kRangeNames.begin(), kRangeNames.end(), t->text()) != kRangeNames.end()) {
      e.targets = ctx.area(static_cast<Range>(choice_of(*t, "range", kRangeNames)));
    } else {
      e.targets = static_cast<int>(t->as_int());
      check_range(*t, "targets", e.targets, 1, Encounter::kMaxPcs);
    }
  }
  if (owner) e.type = owner->type_of_damage;
  if (const Node* d = r.scalar("damage")) {
    if (d->text() == "standard") {
      if (!owner) throw InputError(d->pos(), "damage: standard needs an adversary's standard attack");
      e.standard_damage = true;
      e.damage = owner->damage;
    } else if (d->text() == "half") {
      e.half_of_damage = true;
    } else {
      e.damage = d->as_dice();
    }
  }
  if (r.has("type")) e.type = static_cast<DamageType>(r.get_choice("type", kTypeNames, 0));
  e.direct = r.get_bool("direct", false);
  e.advantage = r.get_bool("advantage", false);
  e.attack_bonus = static_cast<int>(r.get_int("attack_bonus", 0, -20, 40));
  e.trait = static_cast<Trait>(r.get_choice("trait", kTraitNames, 0));
  e.difficulty = static_cast<int>(r.get_int("difficulty", 0, 0, 50));
  e.half_on_success = r.get_bool("half_on_success", false);
  e.target_stress = static_cast<int>(r.get_int("target_stress", 0, 0, 20));
  e.target_hp = static_cast<int>(r.get_int("target_hp", 0, 0, 20));
  if (const Node* c = r.scalar("condition")) {
    static const std::vector<std::string> kConditions{"vulnerable", "restrained"};
    auto one = [&](const Node& item) {
      (choice_of(item, "condition", kConditions) == 0 ? e.vulnerable : e.restrained) = true;
    };
    if (c->is_list()) {
      for (const Node& item : c->items()) one(item);
    } else {
      one(*c);
    }
  }
  e.until = static_cast<Until>(r.get_choice("until", {"next_action", "clear_hp", "scene", "break_free"}, 0));
  if (e.until == Until::break_free && !e.restrained)
    throw InputError(r.scalar("until")->pos(), "until: break_free goes with condition: restrained");
  e.shred_armor = r.get_bool("shred_armor", false);
  e.gain_fear = static_cast<int>(r.get_int("gain_fear", 0, 0, 12));
  e.only_vulnerable = r.get_bool("only_vulnerable", false);
  if (auto a = r.get_dice("allies")) e.allies = *a;
  e.clear_hp = static_cast<int>(r.get_int("clear_hp", 0, 0, 100));
  e.clear_stress = static_cast<int>(r.get_int("clear_stress", 0, 0, 100));
  e.pc_hope = static_cast<int>(r.get_int("pc_hope", 0, -6, 6));
  if (const Node* b = r.scalar("damage_bonus")) {
    if (b->text() == "marked_hp") {
      e.damage_bonus_marked_hp = true;
    } else {
      e.damage_bonus = static_cast<int>(b->as_int());
      check_range(*b, "damage_bonus", e.damage_bonus, -100, 100);
    }
  }
  e.spotlight_again = r.get_bool("spotlight_again", false);
  e.clear_armor = static_cast<int>(r.get_int("clear_armor", 0, 0, 12));
  e.advantage_next = r.get_bool("advantage_next", false);
  e.roll_difficulty = static_cast<int>(r.get_int("roll", 0, 1, 50));
  if (e.kind == Effect::Kind::none && e.gain_fear > 0 && e.target_stress == 0 && e.target_hp == 0 &&
      !e.vulnerable && !e.restrained && e.pc_hope == 0)
    e.kind = Effect::Kind::gain_fear;
  const bool no_damage = e.damage.is_constant() && e.damage.flat() == 0 && !e.half_of_damage && !e.standard_damage;
  const bool on_hit = e.target_stress || e.target_hp || e.vulnerable || e.restrained || e.pc_hope || e.gain_fear ||
                      e.shred_armor;
  if (e.kind == Effect::Kind::damage && no_damage && !on_hit)
    throw InputError(r.node().pos(), r.what() + ": effect damage needs 'damage' (or what it does to its targets)");
  if (e.kind == Effect::Kind::group_attack && owner) e.standard_damage = true, e.damage = owner->damage;
  if (e.kind == Effect::Kind::attack && e.damage.is_constant() && e.damage.flat() == 0 && !e.standard_damage &&
      e.target_stress == 0 && e.target_hp == 0 && !e.vulnerable && !e.restrained && !e.shred_armor && owner)
    e.standard_damage = true, e.damage = owner->damage;  // an attack with no damage given: its standard damage
  if (e.kind == Effect::Kind::spotlight && e.allies.is_constant() && e.allies.flat() == 0)
    throw InputError(r.node().pos(), r.what() + ": effect spotlight needs 'allies'");
  return e;
}

Countdown read_countdown(const Node& n, const std::string& name, const Context& ctx, const Adversary* owner,
                         bool feature) {
  static const std::vector<KeySpec> kScenarioCountdownKeys = joined({&kCountdownKeys, &kEffectKeys});
  // A feature's countdown fires the feature's effect for its owner: no side,
  // attack modifier or scene start of its own.
  static const std::vector<KeySpec> kFeatureCountdownKeys = [] {
    std::vector<KeySpec> keys;
    for (const KeySpec& k : kCountdownKeys)
      if (k.name != "side" && k.name != "atk" && k.name != "active" && k.name != "start_on" && k.name != "start_round")
        keys.push_back(k);
    return keys;
  }();
  MapReader r(n, feature ? kFeatureCountdownKeys : kScenarioCountdownKeys, "countdown '" + name + "'");
  r.finish();
  Countdown c;
  c.name = r.get_string("name", name);
  const std::optional<Dice> start = r.get_dice("start");
  if (!start) throw InputError(n.pos(), r.what() + " needs 'start'");
  if (start->min() < 1) throw InputError(r.scalar("start")->pos(), "a countdown starts at 1 or more");
  c.start = *start;
  c.advance = static_cast<Countdown::Advance>(
      r.get_choice("advance", {"action_roll", "attack_roll", "progress", "consequence", "pc_miss", "gm_turn"}, 0));
  c.loop = static_cast<Countdown::Loop>(r.get_choice("loop", {"none", "loop", "increasing", "decreasing"}, 0));
  if (!feature) {  // a scene's countdown: when it starts and whose it is
    c.start_on = static_cast<Countdown::StartOn>(
        r.get_choice("start_on", {"feature", "round", "adversary_defeated", "pc_down"}, 0));
    if (c.start_on == Countdown::StartOn::feature && r.has("start_on"))
      throw InputError(r.scalar("start_on")->pos(), "start_on is one of 'round', 'adversary_defeated' or 'pc_down'");
    c.start_round = static_cast<int>(r.get_int("start_round", 0, 1, 100000));
    if ((c.start_on == Countdown::StartOn::round) != r.has("start_round"))
      throw InputError(n.pos(), r.what() + ": 'start_on: round' goes with 'start_round'");
    c.active = r.get_bool("active", c.start_on == Countdown::StartOn::feature);
    if (c.active && c.start_on != Countdown::StartOn::feature)
      throw InputError(n.pos(), r.what() + " starts on an event: it cannot also be active from the start");
    c.side = r.get_choice("side", {"party", "foes"}, 1);
    c.atk = static_cast<int>(r.get_int("atk", 0, -20, 40));
    if (c.side == 0 && r.has("atk"))
      throw InputError(r.scalar("atk")->pos(), "a party countdown's damage needs no attack modifier: 'atk' is for side: foes");
  } else {
    c.active = false;  // its feature starts it
  }
  const int outcome = r.get_choice("outcome", {"party_wins", "foes_win"}, -1);
  if (!feature) {
    if (outcome >= 0) {
      for (const KeySpec& k : kEffectKeys)
        if (r.has(k.name))
          throw InputError(r.scalar(k.name) ? r.scalar(k.name)->pos() : n.pos(),
                           "a countdown with an 'outcome' ends the fight; '" + std::string(k.name) + "' would do nothing");
    } else {
      c.effect = read_effect(r, ctx, owner);
      if (c.effect.kind == Effect::Kind::none && c.effect.clear_armor == 0 && !c.effect.advantage_next)
        throw InputError(n.pos(), r.what() + " needs an 'outcome' or an 'effect'");
    }
  }
  c.effect.outcome = outcome;
  return c;
}

Feature read_feature(const Node& n, Adversary* owner, bool npc, Context& ctx) {
  const std::string nm = n.find("name") ? n.find("name")->text() : "?";
  MapReader r(n, kFeatureKeys, "feature '" + nm + "'");
  r.finish();
  Feature f;
  f.name = r.get_string("name", "");
  if (f.name.empty()) throw InputError(n.pos(), "a feature needs a 'name'");
  f.modelled = r.get_bool("modelled", true);
  f.note = r.get_string("note", "");
  f.kind = static_cast<Feature::Kind>(r.get_choice("kind", {"passive", "action", "reaction"}, 0));
  if (!f.modelled) {
    if (f.note.empty()) throw InputError(n.pos(), r.what() + " is not modelled: say why in a 'note'");
    return f;
  }
  static const std::vector<std::string> kTriggers{
      "none",     "hit",          "before_damage", "marks_hp",         "severe",          "damaged_in_melee",
      "defeated", "pc_fail_with_fear", "spotlight", "battle_start", "pc_hit", "pc_attack_failed", "all_armor_marked"};
  f.trigger = static_cast<Trigger>(r.get_choice("trigger", kTriggers, 0));
  const bool party_trigger = f.trigger >= Trigger::battle_start;
  if (f.kind == Feature::Kind::reaction && f.trigger == Trigger::none)
    throw InputError(n.pos(), r.what() + " is a reaction: it needs a 'trigger'");
  if (f.trigger != Trigger::none && party_trigger != npc)
    throw InputError(r.scalar("trigger")->pos(),
                     npc ? std::string("an NPC's trigger is one of battle_start, pc_hit, pc_attack_failed, all_armor_marked")
                         : std::string("battle_start, pc_hit, pc_attack_failed and all_armor_marked are NPC triggers"));
  if (npc && f.trigger == Trigger::none) throw InputError(n.pos(), r.what() + ": an NPC feature needs a 'trigger'");
  if (f.trigger != Trigger::none) f.kind = Feature::Kind::reaction;
  f.fear = static_cast<int>(r.get_int("fear", 0, 0, 12));
  f.stress = static_cast<int>(r.get_int("stress", 0, 0, 20));
  f.hp = static_cast<int>(r.get_int("hp", 0, 0, 20));
  f.uses = static_cast<int>(r.get_int("uses", 0, 0, 100));
  f.at_least = static_cast<int>(r.get_int("at_least", 1, 1, 4));
  if (const Node* fav = r.scalar("favored")) {
    const auto it = std::find(ctx.pc_names.begin(), ctx.pc_names.end(), fav->text());
    if (it == ctx.pc_names.end())
      throw InputError(fav->pos(), "no PC named '" + fav->text() + "'" + did_you_mean(fav->text(), ctx.pc_names));
    f.favored = static_cast<int>(it - ctx.pc_names.begin());
  }
  // Keys of the other shape would be silently ignored: refuse them.
  auto refuse_key = [&](std::string_view key, const std::string& why) {
    if (r.has(key))
      throw InputError(r.scalar(key) ? r.scalar(key)->pos() : n.pos(),
                       "'" + std::string(key) + "' " + why + " (in " + r.what() + ")");
  };
  auto refuse = [&](const std::vector<KeySpec>& keys, const char* why) {
    for (const KeySpec& k : keys)
      if (k.name != "direct" && k.name != "gain_fear") refuse_key(k.name, why);
  };
  if (r.has("kind") && f.kind == Feature::Kind::action && f.trigger != Trigger::none)
    refuse_key("trigger", "makes a reaction: an action has no trigger");
  if (f.trigger != Trigger::marks_hp) refuse_key("at_least", "goes with trigger: marks_hp");
  if (f.trigger != Trigger::before_damage) {
    refuse_key("damage_bonus", "goes with trigger: before_damage");
    refuse_key("spotlight_again", "goes with trigger: before_damage");
  }
  if (npc) {
    // What an NPC's effect can do (party_effect): attack or damage an
    // adversary, condition it, help the PCs.
    for (const char* key : {"fear", "stress", "hp", "roll", "targets", "target_stress", "target_hp", "gain_fear",
                            "pc_hope", "half_on_success", "trait", "difficulty", "allies", "clear_hp", "clear_stress",
                            "shred_armor", "only_vulnerable", "advantage", "until", "direct"})
      refuse_key(key, "is not something an NPC feature does");
  } else {
    refuse_key("favored", "is for NPC features");
    refuse_key("clear_armor", "is for NPC features");
    refuse_key("advantage_next", "is for NPC features");
  }
  if (f.kind == Feature::Kind::passive) {
    if (!owner) throw InputError(n.pos(), r.what() + ": an NPC's features are reactions with a 'trigger'");
    refuse(kEffectKeys, "is an effect key: give the feature kind: action or reaction");
  } else {
    refuse(kPassiveKeys, "is a passive shape: give the feature kind: passive");
  }
  if (owner && f.kind == Feature::Kind::passive) {
    // Passive shapes fold into the adversary's numbers.
    Adversary& a = *owner;
    a.minion = static_cast<int>(r.get_int("minion", a.minion, 0, 100));
    if (auto h = r.get_dice("horde")) a.horde = true, a.horde_damage = *h;
    a.relentless = static_cast<int>(r.get_int("relentless", a.relentless, 1, 10));
    a.ramp_up = r.get_bool("ramp_up", a.ramp_up);
    a.direct = r.get_bool("direct", a.direct);
    a.resist = static_cast<TypeMask>(a.resist | read_type_mask(r, "resist"));
    a.immune = static_cast<TypeMask>(a.immune | read_type_mask(r, "immune"));
    a.difficulty_bonus += static_cast<int>(r.get_int("difficulty_bonus", 0, -10, 10));
    if (auto dr = r.get_dice("damage_reduction")) {
      a.damage_reduction = *dr;
      a.reduction_types = read_type_mask(r, "reduction_type");
    } else if (r.has("reduction_type")) {
      throw InputError(r.scalar("reduction_type")->pos(), "reduction_type goes with damage_reduction");
    }
    if (auto d = r.get_dice("alt_damage")) {
      a.alt_damage = *d;
      a.alt_when = static_cast<Adversary::AltWhen>(r.get_choice("alt_when", {"none", "pack", "advantage", "hidden"}, 0));
      if (a.alt_when == Adversary::AltWhen::none) throw InputError(n.pos(), r.what() + ": alt_damage needs 'alt_when'");
      a.alt_fear = static_cast<int>(r.get_int("gain_fear", 0, 0, 12));
    } else {
      refuse_key("alt_when", "goes with alt_damage");
      refuse_key("gain_fear", "on a passive goes with alt_damage; Momentum is a reaction (trigger: hit)");
    }
    a.extra_hp_from = static_cast<TypeMask>(a.extra_hp_from | read_type_mask(r, "extra_hp_from"));
    if (r.has("retaliate_stress")) {
      a.retaliate_stress = static_cast<int>(r.get_int("retaliate_stress", 0, 0, 10));
      a.retaliate_max_hp = static_cast<int>(r.get_int("max_hp_marked", 2, 0, 4));
    } else {
      refuse_key("max_hp_marked", "goes with retaliate_stress");
    }
    return f;
  }
  f.effect = read_effect(r, ctx, owner);
  if (f.effect.kind != Effect::Kind::spotlight) refuse_key("allies", "goes with effect: spotlight");
  if (npc && f.effect.kind != Effect::Kind::none && f.effect.kind != Effect::Kind::attack &&
      f.effect.kind != Effect::Kind::damage)
    refuse_key("effect", "of an NPC is attack or damage (against an adversary)");
  if (const Node* cd = r.get("countdown")) {
    Countdown c = read_countdown(*cd, f.name, ctx, owner, true);
    const int outcome = c.effect.outcome;
    c.effect = f.effect;
    c.effect.outcome = outcome;
    c.side = npc ? 0 : 1;
    f.effect = Effect{};
    f.countdown = static_cast<int>(ctx.countdowns->size());
    ctx.countdowns->push_back(std::move(c));
  }
  if (f.kind == Feature::Kind::action && f.effect.kind == Effect::Kind::none && f.countdown < 0)
    throw InputError(n.pos(), r.what() + " is an action: give it an 'effect'");
  return f;
}

std::vector<tactics::Rule> read_rules(const Node& list) {
  return tactics::compile_rules(list, actions(), vars(), tactics::Target::lowest_hp);
}

PcWeapon weapon_from(const WeaponData& w) {
  PcWeapon p;
  p.present = true;
  p.name = std::string(w.name);
  p.trait = w.trait;
  p.range = w.range;
  p.type = w.type;
  const Dice d = Dice::parse(w.damage);
  p.sides = d.term_count() > 0 ? d.term(0).sides : 1;
  p.flat = d.flat();
  p.attack_bonus = w.attack_bonus;
  p.powerful = w.powerful;
  p.brutal = w.brutal;
  p.target_stress = w.target_stress;
  p.stress_on_hit = w.stress_on_hit;
  return p;
}

Pc read_pc(const Node& node, const Node* side_rules, int& count) {
  const std::string nm = node.find("name") ? node.find("name")->text() : "?";
  MapReader r(node, kPcKeys, "PC '" + nm + "'");
  r.finish();
  Pc p;
  p.name = r.get_string("name", "");
  count = static_cast<int>(r.get_int("count", 1, 1, Encounter::kMaxPcs));
  const ClassRow* cls = nullptr;
  if (r.has("class")) cls = &kClasses[static_cast<std::size_t>(r.get_choice("class", kClassNames, 0))];
  p.cls = cls ? cls->cls : PcClass::none;
  p.level = static_cast<int>(r.get_int("level", 1, 1, 10));
  p.tier = p.level == 1 ? 1 : p.level <= 4 ? 2 : p.level <= 7 ? 3 : 4;
  if (const Node* t = r.get("traits")) {
    std::vector<KeySpec> keys;
    for (const auto& n : kTraitNames) keys.push_back({n, "integer", "0", ""});
    MapReader tr(*t, keys, "traits of '" + p.name + "'");
    tr.finish();
    for (int k = 0; k < kTraitCount; ++k)
      p.traits[static_cast<std::size_t>(k)] = static_cast<int>(tr.get_int(kTraitNames[static_cast<std::size_t>(k)], 0, -5, 10));
  }
  int evasion = cls ? cls->evasion : 10;
  // Armor: the SRD table by name, or a map.
  int base_major = 0, base_severe = 0, score = 0;
  if (const Node* a = r.get("armor"); a && !(a->is_scalar() && a->text() == "none")) {
    if (a->is_map()) {
      MapReader ar(*a, kArmorKeys, "armor of '" + p.name + "'");
      ar.finish();
      const auto th = read_thresholds(ar.require("thresholds"));
      base_major = th.first, base_severe = th.second;
      score = static_cast<int>(ar.get_int("score", 0, 0, 12));
      evasion += static_cast<int>(ar.get_int("evasion", 0, -5, 5));
      p.armor = ar.get_string("name", "armor");
    } else {
      const ArmorData* ad = find_named(srd_armor(), *a, "armor");
      base_major = ad->major, base_severe = ad->severe, score = ad->score;
      evasion += ad->evasion;
      p.traits[static_cast<std::size_t>(Trait::agility)] += ad->agility;
      p.traits[static_cast<std::size_t>(Trait::presence)] += ad->presence;
      for (int& t : p.traits) t += ad->all_traits;
      p.armor = std::string(ad->name);
      if (!ad->unmodelled.empty()) p.unmodelled.emplace_back(ad->unmodelled);
    }
  }
  int severe_bonus = 0, melee_bonus = 0;
  bool plus_agility[2] = {false, false};  // Sharpening, once the traits are final
  auto read_weapon = [&](std::string_view key, bool primary) {
    PcWeapon w;
    const Node* n = r.get(key);
    if (!n || (n->is_scalar() && n->text() == "none")) return w;
    if (n->is_map()) {
      MapReader wr(*n, kWeaponKeys, std::string(key) + " weapon of '" + p.name + "'");
      wr.finish();
      w.present = true;
      w.name = wr.get_string("name", std::string(key));
      w.trait = static_cast<Trait>(wr.get_choice("trait", kTraitNames, 0));
      w.range = static_cast<Range>(wr.get_choice("range", kRangeNames, 0));
      const Dice d = wr.require("damage").as_dice();
      if (d.term_count() != 1 || d.term(0).count != 1)
        throw InputError(wr.require("damage").pos(), "a weapon's damage is one die plus a flat part, e.g. d10+3");
      w.sides = d.term(0).sides;
      w.flat = d.flat();
      w.type = static_cast<DamageType>(wr.get_choice("type", kTypeNames, 0));
      w.attack_bonus = static_cast<int>(wr.get_int("attack_bonus", 0, -10, 10));
      w.powerful = wr.get_bool("powerful", false);
      return w;
    }
    const WeaponData* wd = find_named(srd_weapons(), *n, "weapon");
    if (wd->primary != primary)
      throw InputError(n->pos(), "'" + n->text() + "' is a " + (wd->primary ? "primary" : "secondary") + " weapon");
    w = weapon_from(*wd);
    evasion += wd->evasion;
    p.traits[static_cast<std::size_t>(Trait::finesse)] += wd->finesse;
    p.traits[static_cast<std::size_t>(Trait::agility)] += wd->agility;
    score += wd->armor_score;
    severe_bonus += wd->severe_threshold;
    melee_bonus += wd->primary_damage_melee;
    plus_agility[primary ? 0 : 1] = wd->damage_plus_agility;
    if (wd->damage_plus_level) w.damage_bonus += p.level;
    if (!wd->unmodelled.empty()) p.unmodelled.emplace_back(wd->unmodelled);
    return w;
  };
  p.primary = read_weapon("primary", true);
  p.secondary = read_weapon("secondary", false);
  if (!p.primary.present) throw InputError(node.pos(), r.what() + " needs a 'primary' weapon");
  if (p.primary.range == Range::melee) p.primary.damage_bonus += melee_bonus;  // Paired, Double Duty: the primary's
  for (int k = 0; k < 2; ++k) {
    PcWeapon& w = k == 0 ? p.primary : p.secondary;
    if (!w.present) continue;
    if (plus_agility[k]) w.damage_bonus += p.traits[static_cast<std::size_t>(Trait::agility)];
    if (p.cls == PcClass::warrior && w.type == DamageType::physical) w.damage_bonus += p.level;  // Combat Training
  }
  p.evasion = static_cast<int>(r.get_int("evasion", evasion, 0, 40));
  p.hp = static_cast<int>(r.get_int("hp", cls ? cls->hp : 6, 1, 30));
  p.stress = static_cast<int>(r.get_int("stress", 6, 1, 20));
  p.hope_max = static_cast<int>(r.get_int("hope_max", 6, 0, 12));
  p.hope_start = static_cast<int>(r.get_int("hope", 2, 0, p.hope_max));
  p.proficiency = static_cast<int>(r.get_int("proficiency", p.tier, 1, 8));
  if (base_major > 0) {
    p.major = base_major + p.level;
    p.severe = base_severe + p.level + severe_bonus;
  } else {
    p.major = p.level;
    p.severe = 2 * p.level + severe_bonus;
  }
  p.armor_slots = std::min(score, 12);
  p.experience = best_experience(r.get("experiences"));
  p.resist = read_type_mask(r, "resist");
  p.immune = read_type_mask(r, "immune");
  p.death_move = static_cast<DeathMove>(r.get_choice("death_move", kDeathMoves, 0));
  p.armor_policy = static_cast<ArmorPolicy>(r.get_choice("armor_policy", kArmorPolicies, 0));
  if (cls) {
    p.hope = cls->hope;
    p.hope_value = cls->hope_value;
    std::string_view rest = cls->unmodelled;
    while (!rest.empty()) {
      const auto cut = rest.find("; ");
      p.unmodelled.emplace_back(rest.substr(0, cut));
      rest = cut == std::string_view::npos ? "" : rest.substr(cut + 2);
    }
    p.unmodelled.emplace_back("domain cards and subclass features");
  }
  if (p.cls == PcClass::rogue) p.sneak_attack_dice = p.tier;
  if (p.cls == PcClass::bard) p.rally_die = p.level >= 5 ? 8 : 6;
  if (p.cls == PcClass::seraph) p.prayer_dice = std::max(0, p.traits[static_cast<std::size_t>(Trait::strength)]);
  p.strange_patterns = static_cast<int>(r.get_int("strange_patterns", p.cls == PcClass::wizard ? 12 : 0, 0, 12));
  if (const Node* um = r.get("unmodelled")) {
    if (!um->is_list()) throw InputError(um->pos(), "unmodelled must be a list of feature names");
    for (const Node& item : um->items()) p.unmodelled.push_back(item.as_string());
  }
  if (r.has("features")) throw InputError(r.scalar("features")->pos(), "only an NPC ally (npc: true) has 'features'");
  if (const Node* own = r.get("tactics")) {
    p.rules = read_rules(*own);
  } else if (side_rules) {
    p.rules = read_rules(*side_rules);
  } else {
    p.rules.push_back(tactics::Rule{});  // attack lowest_hp
  }
  for (const tactics::Rule& rule : p.rules)
    if (rule.action == kFeature) throw InputError(rule.pos, "'feature' is for adversaries; PCs use Hope features by policy");
  return p;
}

Adversary read_adversary(const Node& node, const Node* side_rules, Context& ctx, int& count) {
  const std::string nm = node.find("name") ? node.find("name")->text() : "?";
  MapReader r(node, kAdversaryKeys, "adversary '" + nm + "'");
  r.finish();
  Adversary a;
  a.name = r.get_string("name", "");
  count = static_cast<int>(r.get_int("count", 1, 1, Encounter::kMaxAdversaries));
  a.tier = static_cast<int>(r.get_int("tier", 1, 1, 4));
  a.type = static_cast<AdvType>(r.get_choice("type", kAdvTypeNames, static_cast<int>(AdvType::standard)));
  a.horde_size = static_cast<int>(r.get_int("horde_size", 0, 1, 1000));
  if (r.has("horde_size") && a.type != AdvType::horde)
    throw InputError(r.scalar("horde_size")->pos(), "horde_size is for type: horde");
  r.get_string("description", "");
  a.difficulty = static_cast<int>(r.get_int("difficulty", 0, 1, 50));
  if (!r.has("difficulty")) throw InputError(node.pos(), r.what() + " needs 'difficulty'");
  const auto th = read_thresholds(r.require("thresholds"));
  a.major = th.first, a.severe = th.second;
  a.hp = static_cast<int>(r.get_int("hp", 0, 1, 1000));
  if (!r.has("hp")) throw InputError(node.pos(), r.what() + " needs 'hp'");
  a.stress = static_cast<int>(r.get_int("stress", 0, 0, 100));
  a.atk = static_cast<int>(r.get_int("atk", 0, -20, 40));
  {
    MapReader at(r.require("attack"), kAttackKeys, "attack of '" + a.name + "'");
    at.finish();
    a.attack_name = at.get_string("name", "Attack");
    a.range = static_cast<Range>(at.get_choice("range", kRangeNames, 0));
    a.damage = at.require("damage").as_dice();
    a.type_of_damage = static_cast<DamageType>(at.get_choice("type", kTypeNames, 0));
  }
  a.experience = best_experience(r.get("experiences"));
  if (const Node* fs = r.get("features")) {
    if (!fs->is_list()) throw InputError(fs->pos(), "features must be a list");
    for (const Node& fn : fs->items()) {
      Feature f = read_feature(fn, &a, false, ctx);
      ++a.feature_count;
      if (!f.modelled) {
        a.unmodelled.push_back(f.name);
        a.features.push_back(std::move(f));
        continue;
      }
      ++a.modelled_count;
      if (f.kind != Feature::Kind::passive) a.features.push_back(std::move(f));
    }
  }
  if (a.features.size() > 12) throw InputError(node.pos(), r.what() + " has more than 12 features");
  if (const Node* own = r.get("tactics")) {
    a.rules = read_rules(*own);
  } else if (side_rules) {
    a.rules = read_rules(*side_rules);
  } else {
    // Default: each modelled action feature it can use, in the stat block's
    // order, then the standard attack on a random PC.
    for (std::size_t k = 0; k < a.features.size(); ++k) {
      if (!a.features[k].modelled || a.features[k].kind != Feature::Kind::action) continue;
      tactics::Rule rule;
      rule.action = kFeature;
      rule.arg_id = static_cast<int>(k);
      rule.target = tactics::Target::random;
      a.rules.push_back(rule);
    }
    tactics::Rule attack;
    attack.target = tactics::Target::random;
    a.rules.push_back(attack);
  }
  for (tactics::Rule& rule : a.rules) {
    if (rule.action != kFeature || rule.arg_id >= 0) continue;
    std::vector<std::string> names;
    for (std::size_t k = 0; k < a.features.size(); ++k) {
      names.push_back(a.features[k].name);
      if (a.features[k].name == rule.arg) rule.arg_id = static_cast<int>(k);
    }
    if (rule.arg_id < 0)
      throw InputError(rule.pos, "'" + a.name + "' has no feature '" + rule.arg + "'" + did_you_mean(rule.arg, names));
    if (!a.features[static_cast<std::size_t>(rule.arg_id)].modelled ||
        a.features[static_cast<std::size_t>(rule.arg_id)].kind != Feature::Kind::action)
      throw InputError(rule.pos, "'" + rule.arg + "' is not a modelled action of '" + a.name + "'");
  }
  for (const tactics::Rule& rule : a.rules)
    if (rule.action == kAttackSecondary) throw InputError(rule.pos, "adversaries have one standard attack: use 'attack'");
  return a;
}

Npc read_npc(const Node& node, Context& ctx) {
  const std::string nm = node.find("name") ? node.find("name")->text() : "?";
  MapReader r(node, kPcKeys, "NPC '" + nm + "'");
  r.finish();
  Npc n;
  n.name = r.get_string("name", "");
  r.get_bool("npc", true);
  for (const KeySpec& k : kPcKeys)
    if (k.name != "name" && k.name != "npc" && k.name != "features" && k.name != "unmodelled" && r.has(k.name))
      throw InputError(r.scalar(k.name) ? r.scalar(k.name)->pos() : node.pos(),
                       "an NPC ally has only 'name', 'features' and 'unmodelled'; '" + std::string(k.name) +
                           "' is for PCs");
  if (const Node* fs = r.get("features")) {
    if (!fs->is_list()) throw InputError(fs->pos(), "features must be a list");
    for (const Node& fn : fs->items()) {
      Feature f = read_feature(fn, nullptr, true, ctx);
      if (!f.modelled) n.unmodelled.push_back(f.name);
      n.features.push_back(std::move(f));
    }
  }
  if (n.features.size() > static_cast<std::size_t>(Encounter::kMaxFeatures))
    throw InputError(node.pos(), r.what() + " has more than 8 features");
  if (const Node* um = r.get("unmodelled"))
    for (const Node& item : um->items()) n.unmodelled.push_back(item.as_string());
  return n;
}

Options read_options(const Node* node, BattlePoints& bp_adjust, int& budget_adjust) {
  Options o;
  budget_adjust = 0;
  if (!node) return o;
  MapReader r(*node, kOptionKeys, "options");
  r.finish();
  o.fear_start = static_cast<int>(r.get_int("fear_start", o.fear_start, 0, 12));
  if (!r.has("fear_start")) o.fear_start = -1;
  o.fear_max = static_cast<int>(r.get_int("fear_max", o.fear_max, 1, 100));
  o.policy = static_cast<FearPolicy>(r.get_choice("gm_policy", {"measured", "greedy"}, 0));
  if (o.policy == FearPolicy::greedy)
    for (const char* key : {"max_spotlights", "fear_reserve", "fear_budget"})
      if (r.has(key))
        throw InputError(r.scalar(key)->pos(), std::string("a greedy GM has no ") + key + " (it is a measured GM's limit)");
  o.max_spotlights = static_cast<int>(r.get_int("max_spotlights", o.max_spotlights, 1, 1000));
  o.reserve = static_cast<int>(r.get_int("fear_reserve", o.reserve, 0, 100));
  if (const Node* b = r.scalar("fear_budget")) {
    static const std::vector<std::string> kScenes{"incidental", "minor", "standard", "major", "climactic", "unlimited"};
    static const int kTop[] = {1, 3, 4, 8, 12, -1};
    const auto it = std::find(kScenes.begin(), kScenes.end(), b->text());
    if (it != kScenes.end()) {
      o.budget = kTop[it - kScenes.begin()];
    } else {
      bool numeric = !b->text().empty() && std::all_of(b->text().begin(), b->text().end(), ::isdigit);
      if (!numeric)
        throw InputError(b->pos(), "unknown fear_budget '" + b->text() + "'" + did_you_mean(b->text(), kScenes) +
                                       "; expected a number or one of " + one_of(kScenes));
      o.budget = static_cast<int>(b->as_int());
      check_range(*b, "fear_budget", o.budget, 0, 1000);
    }
  }
  o.interrupt_after = static_cast<int>(r.get_int("interrupt_after", o.interrupt_after, 0, 100));
  o.adversary_experiences = r.get_bool("adversary_experiences", o.adversary_experiences);
  o.experience_min_hope = static_cast<int>(r.get_int("experience_min_hope", o.experience_min_hope, 1, 7));
  o.help_min_hope = static_cast<int>(r.get_int("help_min_hope", o.help_min_hope, 1, 7));
  o.hope_features = r.get_bool("hope_features", o.hope_features);
  o.massive_damage = r.get_bool("massive_damage", o.massive_damage);
  o.risk_it_all_tie_clears_all = r.get_choice("risk_it_all_tie", {"stay_up", "clear_all"}, 0) == 1;
  o.area_very_close = static_cast<int>(r.get_int("area_very_close", o.area_very_close, 1, Encounter::kMaxPcs));
  o.area_close = static_cast<int>(r.get_int("area_close", o.area_close, 1, Encounter::kMaxPcs));
  o.area_far = static_cast<int>(r.get_int("area_far", o.area_far, 1, Encounter::kMaxPcs));
  o.minion_spill_any_kind = r.get_choice("minion_spillover", {"any", "same"}, 0) == 0;
  o.sneak_attack_needs_melee_ally = r.get_choice("sneak_attack", {"melee_ally", "always"}, 0) == 0;
  o.restrained_loses_spotlight = r.get_choice("restrained", {"acts", "loses_spotlight"}, 0) == 1;
  o.hard_moves = r.get_bool("hard_moves", o.hard_moves);
  o.tag_team = r.get_bool("tag_team", o.tag_team);
  o.tag_team_min_hope = static_cast<int>(r.get_int("tag_team_min_hope", o.tag_team_min_hope, 3, 12));
  if (!o.tag_team && r.has("tag_team_min_hope"))
    throw InputError(r.scalar("tag_team_min_hope")->pos(), "tag_team_min_hope goes with tag_team: true");
  if (const Node* b = r.get("battle_points")) {
    MapReader br(*b, kBpKeys, "battle_points");
    br.finish();
    if (br.get_bool("easier", false)) budget_adjust -= 1, bp_adjust.lines.push_back("easier fight -1");
    if (br.get_bool("harder", false)) budget_adjust += 2, bp_adjust.lines.push_back("harder fight +2");
    if (br.get_bool("damage_boost", false)) {
      o.damage_boost = true;
      budget_adjust -= 2, bp_adjust.lines.push_back("+1d4 damage to all -2");
    }
  }
  return o;
}

// SRD "Battle Points": a budget of 3 per PC + 2, adversary costs by type.
BattlePoints battle_points(const Encounter& enc, BattlePoints bp, int budget_adjust) {
  const int n = static_cast<int>(enc.pcs.size());
  int party_tier = 1;
  for (const Pc& p : enc.pcs) party_tier = std::max(party_tier, p.tier);
  bp.budget = 3 * n + 2 + budget_adjust;
  std::ostringstream base;
  base << "budget 3 x " << n << " PCs + 2";
  bp.lines.insert(bp.lines.begin(), base.str());
  static const int kCost[] = {4, 2, 3, 0, 2, 2, 1, 5, 2, 1};  // by AdvType; minions per group
  std::map<int, int> minions_by_kind;
  int solos = 0, lower = 0;
  bool big = false;
  for (const Adversary& a : enc.adversaries) {
    if (a.type == AdvType::minion) {
      ++minions_by_kind[a.kind];
    } else {
      bp.cost += kCost[static_cast<int>(a.type)];
    }
    solos += a.type == AdvType::solo;
    lower += a.tier < party_tier;
    big |= a.type == AdvType::bruiser || a.type == AdvType::horde || a.type == AdvType::leader || a.type == AdvType::solo;
  }
  for (const auto& [kind, count] : minions_by_kind) bp.cost += (count + std::max(1, n) - 1) / std::max(1, n);
  if (solos >= 2) bp.budget -= 2, bp.lines.push_back("two or more Solos -2");
  if (lower > 0) bp.budget += lower, bp.lines.push_back(std::to_string(lower) + " adversaries from a lower tier +" + std::to_string(lower));
  if (!big && !enc.adversaries.empty()) bp.budget += 1, bp.lines.push_back("no Bruiser, Horde, Leader or Solo +1");
  return bp;
}

const char* range_name(Range r) { return kRangeNames[static_cast<std::size_t>(r)].c_str(); }

}  // namespace

const std::vector<tactics::ActionSpec>& actions() {
  static const std::vector<tactics::ActionSpec> kActions{
      {"attack", "PCs: an attack with the primary weapon; adversaries: the standard attack", false},
      {"attack_secondary", "PCs: an attack with the secondary weapon", false},
      {"feature", "adversaries: use the named action feature (feature:Spit Acid) if its costs can be paid", true},
  };
  return kActions;
}

const std::vector<tactics::VarSpec>& vars() {
  static const std::vector<tactics::VarSpec> kVars = [] {
    std::vector<tactics::VarSpec> v = tactics::common_vars();
    v.push_back({"self.hope", "PCs: Hope held"});
    v.push_back({"self.stress", "Stress marked"});
    v.push_back({"self.armor", "PCs: Armor Slots left"});
    v.push_back({"fear", "the GM's Fear"});
    v.push_back({"self.hp_marked", "HP marked"});
    return v;
  }();
  return kVars;
}

const std::vector<MetricSpec>& Encounter::resource_specs() {
  static const std::vector<MetricSpec> kSpecs{
      {"fear_gained", "Fear the GM gained in all (past the cap is wasted, not gained)", false, true, false},
      {"fear_gained_rolls", "Fear the GM gained from PC rolls with Fear", false, false, false},
      {"fear_gained_features", "Fear the GM gained from features (Momentum and the like)", false, false, false},
      {"fear_wasted", "Fear that would have gone past the cap", false, false, false},
      {"fear_spent_spotlights", "Fear spent on extra adversary spotlights", false, false, false},
      {"fear_spent_interrupts", "Fear spent interrupting the players", false, false, false},
      {"fear_spent_features", "Fear spent on Fear features", false, false, false},
      {"fear_spent_experiences", "Fear spent adding adversary Experiences", false, false, false},
      {"fear_spent", "Fear the GM spent in all", false, true, true, true},
      {"fear_end", "Fear left at the end", false, false, true},
      {"gm_turns", "GM turns", false, true, false},
      {"adversary_spotlights", "adversary spotlights (per GM turn: divide by gm_turns)", false, false, false},
      {"hope_gained", "Hope the party gained", false, false, false},
      {"hope_spent_experiences", "Hope spent on Experiences", false, false, false},
      {"hope_spent_help", "Hope spent helping an ally", false, false, false},
      {"hope_spent_features", "Hope spent on class Hope features", false, false, false},
      {"hope_spent", "Hope the party spent in all", false, true, false},
      {"party_hp_marked", "HP the party marked", false, true, true, true},
      {"party_stress_marked", "Stress the party marked", false, true, false},
      {"armor_slots_used", "Armor Slots the party marked", false, false, false},
      {"action_rolls", "PC action rolls", false, false, false},
      {"criticals", "PC critical successes", false, false, false},
      {"countdowns_triggered", "countdowns that reached 0", false, false, false},
      {"scars", "scars taken (Avoid Death)", false, false, false},
      {"hope_spent_tag_team", "Hope spent on Tag Team rolls", false, false, false},
  };
  return kSpecs;
}

const std::vector<MetricSpec>& Encounter::extra_specs() {
  static const std::vector<MetricSpec> kSpecs{
      {"hp_marked", "HP marked", false, false, false},
      {"stress_marked", "Stress marked", false, false, false},
      {"armor_slots_used", "Armor Slots marked", false, false, false},
      {"hope_spent", "Hope spent", false, false, false},
      {"death_move", "fights in which the PC made a death move", true, false, false},
      {"blaze_of_glory", "... Blaze of Glory", true, false, false},
      {"avoid_death", "... Avoid Death", true, false, false},
      {"risk_it_all", "... Risk It All", true, false, false},
      {"scar", "fights that left a scar", true, false, false},
      {"spotlights", "adversaries: times spotlighted", false, false, false},
      {"features_used", "adversaries: action and reaction features used", false, false, false},
  };
  return kSpecs;
}

Encounter compile(const Scenario&, const Variant& variant) {
  const Node& doc = variant.doc;
  Encounter enc;
  enc.style = rules::read_style(doc, Encounter::styles(), kId);
  BattlePoints bp;
  int budget_adjust = 0;
  enc.opt = read_options(doc.find("options"), bp, budget_adjust);
  if (const Node* mr = doc.find("max_rounds"); mr && !mr->is_null()) enc.max_rounds = static_cast<int>(mr->as_int());
  const auto side_rules = tactics::side_rules(doc);
  Context ctx;
  ctx.opt = enc.opt;
  ctx.countdowns = &enc.countdowns;
  // PCs and NPC allies.
  const Node& party = *doc.find("party");
  std::vector<const Node*> npc_nodes;
  for (const Node& entry : party.items()) {
    const Node* npc = entry.find("npc");
    if (npc && npc->as_bool()) {
      npc_nodes.push_back(&entry);
      continue;
    }
    int count = 1;
    Pc p = read_pc(entry, side_rules[0], count);
    if (enc.pcs.size() + static_cast<std::size_t>(count) > Encounter::kMaxPcs)
      throw InputError(entry.pos(), "too many PCs: at most " + std::to_string(Encounter::kMaxPcs));
    for (int k = 1; k <= count; ++k) {
      Pc copy = p;
      copy.name = rules::numbered(copy.name, k, count);
      ctx.pc_names.push_back(copy.name);
      enc.pcs.push_back(std::move(copy));
    }
  }
  if (enc.pcs.empty()) throw InputError(party.pos(), "the party needs at least one PC (not only NPC allies)");
  for (const Node* n : npc_nodes) {
    if (enc.npcs.size() >= static_cast<std::size_t>(Encounter::kMaxNpcs))
      throw InputError(n->pos(), "too many NPC allies: at most " + std::to_string(Encounter::kMaxNpcs));
    enc.npcs.push_back(read_npc(*n, ctx));
  }
  // Adversaries; `kind` groups one stat block's copies.
  std::map<std::string, int> kinds;
  for (const Node& entry : doc.find("foes")->items()) {
    int count = 1;
    Adversary a = read_adversary(entry, side_rules[1], ctx, count);
    a.kind = kinds.emplace(a.name, static_cast<int>(kinds.size())).first->second;
    if (enc.adversaries.size() + static_cast<std::size_t>(count) > Encounter::kMaxAdversaries)
      throw InputError(entry.pos(), "too many adversaries: at most " + std::to_string(Encounter::kMaxAdversaries));
    for (int k = 1; k <= count; ++k) {
      Adversary copy = a;
      copy.name = rules::numbered(copy.name, k, count);
      enc.adversaries.push_back(std::move(copy));
    }
  }
  // A feature's countdown belongs to one adversary: each copy of a stat block
  // gets its own.
  for (int j = 0; j < static_cast<int>(enc.adversaries.size()); ++j)
    for (Feature& f : enc.adversaries[static_cast<std::size_t>(j)].features) {
      if (f.countdown < 0) continue;
      if (enc.countdowns[static_cast<std::size_t>(f.countdown)].owner >= 0) {
        Countdown copy = enc.countdowns[static_cast<std::size_t>(f.countdown)];
        f.countdown = static_cast<int>(enc.countdowns.size());
        enc.countdowns.push_back(std::move(copy));
      }
      enc.countdowns[static_cast<std::size_t>(f.countdown)].owner = j;
    }
  // Battle Points' damage boost: +1d4 to every adversary's standard attack.
  if (enc.opt.damage_boost)
    for (Adversary& a : enc.adversaries) {
      a.damage = Dice::parse(a.damage.to_string() + "+1d4");
      if (a.horde) a.horde_damage = Dice::parse(a.horde_damage.to_string() + "+1d4");
      if (a.alt_when != Adversary::AltWhen::none) a.alt_damage = Dice::parse(a.alt_damage.to_string() + "+1d4");
    }
  // Scenario countdowns.
  if (const Node* cds = doc.find("countdowns")) {
    if (!cds->is_list()) throw InputError(cds->pos(), "countdowns must be a list");
    for (const Node& c : cds->items()) {
      const std::string nm = c.find("name") ? c.find("name")->text() : "countdown";
      enc.countdowns.push_back(read_countdown(c, nm, ctx, nullptr, false));
    }
  }
  if (enc.countdowns.size() > static_cast<std::size_t>(Encounter::kMaxCountdowns))
    throw InputError(doc.pos(), "too many countdowns: at most " + std::to_string(Encounter::kMaxCountdowns));
  enc.bp = battle_points(enc, bp, budget_adjust);
  for (const Pc& p : enc.pcs) enc.roster_.push_back({p.name, true, 0});
  for (const Npc& n : enc.npcs) enc.roster_.push_back({n.name, false, 0});
  for (const Adversary& a : enc.adversaries) enc.roster_.push_back({a.name, false, 1});
  return enc;
}

std::vector<std::pair<std::string, std::string>> Encounter::facts() const {
  int modelled = 0, total = 0;
  for (const Adversary& a : adversaries) modelled += a.modelled_count, total += a.feature_count;
  for (const Npc& n : npcs)
    for (const Feature& f : n.features) modelled += f.modelled, ++total;
  return {{"features_modelled", std::to_string(modelled)},
          {"features_total", std::to_string(total)},
          {"battle_points_budget", std::to_string(bp.budget)},
          {"battle_points_cost", std::to_string(bp.cost)}};
}

std::string Encounter::note() const {
  const auto f = facts();
  std::string s = "Battle Points: the encounter costs " + f[3].second + " of a budget of " + f[2].second;
  s += bp.cost > bp.budget ? " (over budget)" : bp.cost < bp.budget ? " (under budget)" : " (on budget)";
  s += "; adversary and NPC features modelled: " + f[0].second + " of " + f[1].second + ".";
  return s;
}

std::string Encounter::describe() const {
  std::ostringstream os;
  os << "options: Fear start " << fear_start() << " (max " << opt.fear_max << "), GM "
     << (opt.policy == FearPolicy::greedy ? "greedy" : "measured");
  if (opt.policy == FearPolicy::measured) {
    os << " (at most " << opt.max_spotlights << " spotlights a turn, keeps " << opt.reserve << " Fear, budget ";
    if (opt.budget < 0)
      os << "unlimited)";
    else
      os << opt.budget << ")";
  }
  os << ", hard moves " << (opt.hard_moves ? "on" : "off") << ", Tag Team "
     << (opt.tag_team ? "at " + std::to_string(opt.tag_team_min_hope) + " Hope" : "never") << ", Restrained "
     << (opt.restrained_loses_spotlight ? "loses a spotlight" : "acts in place");
  os << ", interrupts " << (opt.interrupt_after > 0 ? "after " + std::to_string(opt.interrupt_after) + " PC spotlights" : "never")
     << ", areas reach " << opt.area_very_close << "/" << opt.area_close << "/" << opt.area_far
     << " PCs, max_rounds " << max_rounds << '\n';
  for (const Pc& p : pcs) {
    os << "party  " << p.name << " (PC";
    if (p.cls != PcClass::none) os << ", " << kClassNames[static_cast<std::size_t>(p.cls)];
    os << ", level " << p.level << "): Evasion " << p.evasion << ", HP " << p.hp << ", Stress " << p.stress
       << ", thresholds " << p.major << "/" << p.severe << ", Armor " << p.armor_slots
       << (p.armor.empty() ? "" : " (" + p.armor + ")") << ", Hope " << p.hope_start << "\n         traits";
    for (int k = 0; k < kTraitCount; ++k)
      os << ' ' << kTraitNames[static_cast<std::size_t>(k)].substr(0, 3) << ' ' << std::showpos
         << p.traits[static_cast<std::size_t>(k)] << std::noshowpos;
    for (const PcWeapon* w : {&p.primary, &p.secondary}) {
      if (!w->present) continue;
      os << "\n         " << (w == &p.primary ? "primary " : "secondary ") << w->name << ": "
         << kTraitNames[static_cast<std::size_t>(w->trait)] << ", " << range_name(w->range) << ", " << p.proficiency
         << "d" << w->sides;
      if (w->flat + w->damage_bonus) os << std::showpos << w->flat + w->damage_bonus << std::noshowpos;
      os << ' ' << kTypeNames[static_cast<std::size_t>(w->type)];
      if (w->attack_bonus) os << ", " << std::showpos << w->attack_bonus << std::noshowpos << " to attack";
      if (w->powerful) os << ", powerful";
      if (w->brutal) os << ", brutal";
    }
    os << "\n         modelled: Experience +" << p.experience << ", death move "
       << kDeathMoves[static_cast<std::size_t>(p.death_move)] << ", armor "
       << kArmorPolicies[static_cast<std::size_t>(p.armor_policy)];
    if (p.cls != PcClass::none) os << "; Hope feature " << kClasses[static_cast<int>(p.cls)].hope_name;
    if (p.sneak_attack_dice) os << "; Sneak Attack " << p.sneak_attack_dice << "d6";
    if (p.rally_die) os << "; Rally d" << p.rally_die;
    if (p.prayer_dice) os << "; " << p.prayer_dice << " Prayer Dice (to rolls)";
    if (p.strange_patterns) os << "; Strange Patterns " << p.strange_patterns;
    if (p.cls == PcClass::warrior) os << "; Combat Training";
    os << '\n';
    if (!p.unmodelled.empty()) {
      os << "         NOT modelled:";
      for (const auto& u : p.unmodelled) os << ' ' << u << ';';
      os << '\n';
    }
  }
  for (const Npc& n : npcs) {
    os << "party  " << n.name << " (NPC ally)\n         modelled:";
    for (const Feature& f : n.features)
      if (f.modelled) os << ' ' << f.name << ';';
    os << '\n';
    if (!n.unmodelled.empty()) {
      os << "         NOT modelled:";
      for (const auto& u : n.unmodelled) os << ' ' << u << ';';
      os << '\n';
    }
  }
  for (const Adversary& a : adversaries) {
    os << "foes   " << a.name << " (tier " << a.tier << " " << kAdvTypeNames[static_cast<std::size_t>(a.type)]
       << (a.horde_size ? " of " + std::to_string(a.horde_size) + " per HP" : "") << "): Difficulty " << a.difficulty + a.difficulty_bonus << ", thresholds ";
    if (a.major == 0 && a.severe == 0)
      os << "none";
    else
      os << (a.major ? std::to_string(a.major) : "none") << "/" << (a.severe ? std::to_string(a.severe) : "none");
    os << ", HP " << a.hp << ", Stress " << a.stress << ", ATK " << std::showpos << a.atk << std::noshowpos << ", "
       << a.attack_name << " " << range_name(a.range) << " " << a.damage.to_string() << " "
       << kTypeNames[static_cast<std::size_t>(a.type_of_damage)] << '\n';
    std::string passives;
    auto add = [&](const std::string& s) { passives += (passives.empty() ? "" : "; ") + s; };
    if (a.minion) add("Minion (" + std::to_string(a.minion) + ")");
    if (a.horde) add("Horde (" + a.horde_damage.to_string() + ")");
    if (a.relentless > 1) add("Relentless (" + std::to_string(a.relentless) + ")");
    if (a.ramp_up) add("Ramp Up");
    if (a.direct) add("direct damage");
    if (a.resist) add(std::string("resists ") + (a.resist & 1 ? "physical" : "magic"));
    if (a.immune) add(std::string("immune to ") + (a.immune & 1 ? "physical" : "magic"));
    if (a.difficulty_bonus) add("Difficulty +" + std::to_string(a.difficulty_bonus));
    if (!a.damage_reduction.is_constant() || a.damage_reduction.flat())
      add("damage reduction " + a.damage_reduction.to_string() +
          (a.reduction_types == 1 ? " (physical)" : a.reduction_types == 2 ? " (magic)" : ""));
    if (a.alt_when != Adversary::AltWhen::none) add("alternative damage " + a.alt_damage.to_string());
    if (a.retaliate_stress) add("riposte Stress");
    os << "         features modelled " << a.modelled_count << " of " << a.feature_count << ':';
    if (!passives.empty()) os << ' ' << passives << ';';
    for (const Feature& f : a.features)
      if (f.modelled) os << ' ' << f.name << ';';
    os << '\n';
    if (!a.unmodelled.empty()) {
      os << "         NOT modelled:";
      for (const auto& u : a.unmodelled) os << ' ' << u << ';';
      os << '\n';
    }
  }
  for (const Countdown& c : countdowns)
    os << "countdown " << c.name << ": starts at " << c.start.to_string() << (c.active ? "" : " when started") << '\n';
  os << "Battle Points: budget " << bp.budget << " (";
  for (std::size_t k = 0; k < bp.lines.size(); ++k) os << (k ? "; " : "") << bp.lines[k];
  os << "), encounter cost " << bp.cost << '\n';
  return os.str();
}

// The play styles (issue 12); `foes` runs from the kindest to the party to the harshest.
const StyleSpec& Encounter::styles() {
  static const StyleSpec kStyles{
      {{"standard", "spends Fear on adversary spotlights as the options say (gm_policy, max_spotlights, fear_reserve, fear_budget); an adversary uses its first usable feature in stat-block order"}},
      {{"standard", "each PC follows its tactics; by default attacks the adversary with the fewest hit points left"}},
  };
  return kStyles;
}

std::vector<std::string> Encounter::behaviour() const { return style_lines(styles(), style, "GM"); }

std::string describe_keys() {
  std::ostringstream os;
  os << "daggerheart: Daggerheart (seed 000 and the SRD): duality dice, Hope and Fear, thresholds,\n"
     << "Armor Slots, the GM's spotlight, adversary features, countdowns, Battle Points.\n\n"
     << "PC keys (party entries, and library `monsters:`):\n"
     << format_schema(kPcKeys) << "\nweapon map keys (primary, secondary):\n"
     << format_schema(kWeaponKeys) << "\narmor map keys:\n"
     << format_schema(kArmorKeys) << "\nadversary keys (foes entries, and library `monsters:`):\n"
     << format_schema(kAdversaryKeys) << "\nattack keys:\n"
     << format_schema(kAttackKeys) << "\nfeature keys (adversaries, NPC allies):\n"
     << format_schema(kFeatureBaseKeys) << "\npassive feature shapes (kind: passive):\n"
     << format_schema(kPassiveKeys) << "\neffect keys (actions, reactions, countdowns):\n"
     << format_schema(kEffectKeys) << "\ncountdowns (top-level `countdowns:` list; a feature's `countdown:`):\n"
     << format_schema(kCountdownKeys) << "\noptions:\n"
     << format_schema(kOptionKeys) << "\nbattle_points keys:\n"
     << format_schema(kBpKeys) << "\n" << tactics::describe_language(actions(), vars());
  return os.str();
}

}  // namespace encsim::daggerheart
