// Reading a Daggerheart PC: class, level, traits, the weapons and armor of the
// SRD tables (equipment.cpp), Experiences, death move and tactics.
#include "rules/daggerheart/read.hpp"

#include <algorithm>

namespace encsim::daggerheart {

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
    {"tactics", "list of rules", "the side's, else the party style's choice", "scripted behaviour"},
    // Domain cards (read_card.cpp).
    {"cards", "list of card names", "", "the loadout: at most 5 domain cards of the class's domains, level <= the PC's"},
    {"spellcast", "trait name | none", "by class (its first subclass)", "the trait of Spellcast rolls"},
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

namespace {

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

}  // namespace

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
    p.unmodelled.emplace_back("subclass features");
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
    p.rules.push_back(tactics::Rule{});  // attack lowest_hp (the party style `lowest_hp`)
    p.default_rules = true;
  }
  for (const tactics::Rule& rule : p.rules)
    if (rule.action == kFeature) throw InputError(rule.pos, "'feature' is for adversaries; PCs use Hope features by policy");
  read_pc_cards(p, r);  // domain cards (read_card.cpp)
  resolve_card_rules(p);
  return p;
}

}  // namespace encsim::daggerheart
