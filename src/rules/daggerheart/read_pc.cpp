// Reading a Daggerheart PC: class, level and advancements (advancement.cpp),
// subclass, ancestry, community, traits, the weapons and armor of the SRD
// tables (equipment.cpp), Experiences, the marks it starts with, death move
// and tactics.
#include "rules/daggerheart/read.hpp"

#include <algorithm>
#include <functional>
#include <optional>

#include "rules/daggerheart/advancement.hpp"

namespace encsim::daggerheart {

const std::vector<KeySpec> kPcKeys{
    {"name", "string", "", "what reports call it"},
    {"count", "integer", "1", "how many identical PCs this entry stands for"},
    {"npc", "boolean", "false", "an NPC ally: no stat block, acts through `features` (party only)"},
    {"class", "class name", "", "bard druid guardian ranger rogue seraph sorcerer warrior wizard: Evasion, HP, Hope feature, class features"},
    {"level", "integer", "1", "1..10: tier, thresholds (+ level), tier achievements (Proficiency, an Experience at +2 at levels 2, 5, 8), advancements"},
    {"subclass", "SRD subclass name", "the class's first", "its foundation card, and the upgrades `subclass` picks take: their features (the feature library)"},
    {"ancestry", "SRD ancestry name", "", "its two features (the feature library)"},
    {"community", "SRD community name", "", "its feature (the feature library)"},
    {"element", "fire|earth|water|air", "earth", "a Warden of the Elements (its subclass or multiclass): the element it Channels (Elemental Incarnation, Aura, Dominion)"},
    {"advancements", "map level: [picks]", "the class's default path", "two picks per level 2..level: traits: [a, b], hp, stress, experiences: [a, b], domain_card, evasion, subclass; proficiency or multiclass alone (tier 3 on)"},
    {"multiclass", "map class, domain, subclass", "", "the class, domain and foundation card a multiclass pick takes"},
    {"marked", "map hp, stress, armor", "all 0", "HP, Stress and Armor Slots already marked when the fight starts"},
    {"traits", "map", "all 0", "agility strength finesse instinct presence knowledge, before advancements"},
    {"evasion", "integer", "class + armor + weapons + advancements", "Evasion"},
    {"hp", "integer", "class + advancements", "Hit Point slots"},
    {"stress", "integer", "6 + advancements", "Stress slots"},
    {"hope", "integer", "2", "Hope at the start"},
    {"hope_max", "integer", "6", "Hope slots"},
    {"proficiency", "integer", "1 + tier achievements + proficiency picks", "damage dice rolled"},
    {"armor", "SRD armor name | map | none", "none (class: its suggested kit)", "armor: thresholds (+ level) and Armor Score; map keys thresholds, score, evasion"},
    {"primary", "SRD weapon name | map", "class: its suggested kit", "the primary weapon; map keys trait, range, damage, type, attack_bonus, powerful"},
    {"secondary", "SRD weapon name | map | none", "none (class: its suggested kit)", "the secondary weapon (shields add Armor Score)"},
    {"experiences", "map name: bonus", "", "Experiences: 2 at creation, then those of levels 2, 5, 8 (unnamed ones: +2); the best is added to attack rolls for a Hope (options)"},
    {"resist", "physical|magic", "", "halve damage of this type"},
    {"immune", "physical|magic", "", "ignore damage of this type"},
    {"death_move", "avoid_death|blaze_of_glory|risk_it_all", "avoid_death", "the death move this PC chooses"},
    {"armor_policy", "always|major_or_worse|lethal|never", "always", "when to mark an Armor Slot: whenever it saves an HP, only against Major or worse, only when the hit would down them, never"},
    {"strange_patterns", "integer", "12 for a wizard", "the Wizard's chosen number (1..12)"},
    {"unmodelled", "list of strings", "", "features this PC has that the simulation does not model"},
    {"features", "list of features", "", "an NPC's features (npc: true)"},
    {"tactics", "list of rules", "the side's, else the party style's choice", "scripted behaviour"},
    // Domain cards (pc_cards.cpp).
    {"cards", "list of card names", "", "the loadout: at most 5 domain cards of the class's domains, level <= the PC's"},
    {"card_path", "list of card names", "", "with no `cards:`: the cards a player of this PC takes as it levels, in order; it holds the first that fit its level's allowances and carries the last 5 of them (pc_cards.cpp)"},
    {"beastform", "SRD form name | none", "a Druid: its best form (most damage per hit)", "the Druid's Beastform: a form of its tier or lower (read_beastform.cpp)"},
    {"consumables", "map name: count", "", "consumables carried (SRD names, 1..5 of each; read_consumable.cpp): per fight, or per session (loot: used ones stay used)"},
    {"companion", "map name, training | none", "a Beastbound's: the default path", "the Beastbound Ranger's animal companion (read_companion.cpp); none: it stays behind"},
    {"copycat", "domain card name", "the policy's", "with Copycat in the loadout: the card of an ally's loadout it copies (level 8 or lower, modelled, not a passive, one it could play: its Spellcast trait, Beastform or stance); unset: the highest-level such card, ties by name"},
    {"spellcast", "trait name | none", "by class (its subclasses share one; a Guardian or Warrior: its multiclass's)", "the trait of Spellcast rolls"},
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

const std::vector<KeySpec> kMarkedKeys{
    {"hp", "integer", "0", "HP marked (fewer than the PC's HP)"},
    {"stress", "integer", "0", "Stress marked"},
    {"armor", "integer", "0", "Armor Slots marked"},
};

const std::vector<KeySpec> kMulticlassKeys{
    {"class", "class name", "", "the second class (its class feature is not modelled)"},
    {"domain", "domain name", "", "one of its two domains the PC does not have: cards of it up to half the level, rounded up"},
    {"subclass", "SRD subclass name", "", "a subclass of that class: its foundation card"},
};

namespace {

// Per class (SRD classes): its domains, subclasses and the suggested kit.
struct ClassBuild {
  Domain d1, d2;
  std::string_view sub1, sub2;
  std::array<int, kTraitCount> suggested;  // the suggested trait array
  std::string_view primary, secondary, armor;  // secondary "" for none
};
using enum Domain;
const ClassBuild kBuilds[] = {
    {grace, codex, "Troubadour", "Wordsmith", {0, -1, 1, 0, 2, 1}, "Rapier", "Small Dagger", "Gambeson Armor"},
    {sage, arcana, "Warden of the Elements", "Warden of Renewal", {1, 0, 1, 2, -1, 0}, "Shortstaff", "Round Shield", "Leather Armor"},
    {valor, blade, "Stalwart", "Vengeance", {1, 2, -1, 0, 1, 0}, "Battleaxe", "", "Chainmail Armor"},
    {bone, sage, "Beastbound", "Wayfinder", {2, 0, 1, 1, -1, 0}, "Shortbow", "", "Leather Armor"},
    {midnight, grace, "Nightwalker", "Syndicate", {1, -1, 2, 0, 1, 0}, "Dagger", "Small Dagger", "Gambeson Armor"},
    {splendor, valor, "Divine Wielder", "Winged Sentinel", {0, 2, 0, 1, 1, -1}, "Hallowed Axe", "Round Shield", "Chainmail Armor"},
    {arcana, midnight, "Elemental Origin", "Primal Origin", {0, -1, 1, 2, 1, 0}, "Dualstaff", "", "Gambeson Armor"},
    {blade, bone, "Call of the Brave", "Call of the Slayer", {2, 1, 0, 1, -1, 0}, "Longsword", "", "Chainmail Armor"},
    {codex, splendor, "School of Knowledge", "School of War", {-1, 0, 0, 1, 1, 2}, "Greatstaff", "", "Leather Armor"},
};
const ClassBuild& build_of(PcClass c) { return kBuilds[static_cast<std::size_t>(c)]; }

// The two subclasses of `cls`; a name of another class's says whose it is.
std::string read_subclass(const Node& n, PcClass cls) {
  const std::string& s = n.as_string();
  const ClassBuild& b = build_of(cls);
  if (s == b.sub1 || s == b.sub2) return s;
  std::vector<std::string> all;
  for (std::size_t c = 0; c < std::size(kBuilds); ++c) {
    for (std::string_view sub : {kBuilds[c].sub1, kBuilds[c].sub2}) {
      if (s == sub)
        throw InputError(n.pos(), "'" + s + "' is a " + kClassNames[c] + " subclass; a " +
                                      kClassNames[static_cast<std::size_t>(cls)] + " has " + std::string(b.sub1) +
                                      " or " + std::string(b.sub2));
      all.emplace_back(sub);
    }
  }
  throw InputError(n.pos(), "unknown subclass '" + s + "'" + did_you_mean(s, all) + "; a " +
                                kClassNames[static_cast<std::size_t>(cls)] + " has " + std::string(b.sub1) + " or " +
                                std::string(b.sub2));
}

// The traits a class's default path raises first: its suggested array from
// the highest, ties in the sheet's order (agility .. knowledge).
std::array<int, kTraitCount> trait_order(PcClass c) {
  std::array<int, kTraitCount> order{0, 1, 2, 3, 4, 5};
  const auto& v = build_of(c).suggested;
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return v[static_cast<std::size_t>(a)] > v[static_cast<std::size_t>(b)]; });
  return order;
}

// An SRD weapon or armor at the tier's version of its family: Improved
// (tier 2), Advanced (3), Legendary (4), else the highest the tables have.
template <class Row>
std::string tiered(std::span<const Row> rows, std::string_view base, int tier) {
  static const char* const kPrefix[] = {"", "", "Improved ", "Advanced ", "Legendary "};
  for (int t = tier; t >= 2; --t) {
    const std::string name = kPrefix[t] + std::string(base);
    for (const Row& r : rows)
      if (r.name == name) return name;
  }
  return std::string(base);
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

}  // namespace

Pc read_pc(const Node& node, const Node* side_rules, int& count, unsigned scene) {
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
  p.tier = tier_of(p.level);
  if (const Node* t = r.get("traits")) {
    std::vector<KeySpec> keys;
    for (const auto& n : kTraitNames) keys.push_back({n, "integer", "0", ""});
    MapReader tr(*t, keys, "traits of '" + p.name + "'");
    tr.finish();
    for (int k = 0; k < kTraitCount; ++k)
      p.traits[static_cast<std::size_t>(k)] = static_cast<int>(tr.get_int(kTraitNames[static_cast<std::size_t>(k)], 0, -5, 10));
  }
  // Levels and advancement: the class's subclass, the picks (given, else the
  // class's default path), what they add up to.
  for (const char* key : {"subclass", "advancements", "multiclass"})
    if (!cls && r.has(key))
      throw InputError(r.get(key) ? r.get(key)->pos() : node.pos(), std::string("'") + key + "' needs a 'class'");
  if (cls) {
    const Node* sub = r.scalar("subclass");
    p.subclass = sub ? read_subclass(*sub, p.cls) : std::string(build_of(p.cls).sub1);
  }
  if (const Node* a = r.scalar("ancestry")) p.ancestry = kAncestries[static_cast<std::size_t>(choice_of(*a, "ancestry", kAncestries))];
  if (const Node* c = r.scalar("community"))
    p.community = kCommunities[static_cast<std::size_t>(choice_of(*c, "community", kCommunities))];
  std::vector<Experience> experiences = experiences_for(p.level, r.get("experiences"));
  std::vector<Pick> picks;
  const Node* adv = r.get("advancements");
  if (adv)
    picks = read_advancements(*adv, p.level, experiences);
  else if (cls)
    picks = default_path(p.level, trait_order(p.cls), experiences);
  const Build b = build_pc(p.level, experiences, picks, cls != nullptr);
  for (int k = 0; k < kTraitCount; ++k) p.traits[static_cast<std::size_t>(k)] += b.trait_bonus[static_cast<std::size_t>(k)];
  p.subclass_cards = b.subclass_cards;
  if (const Node* mc = r.get("multiclass")) {
    if (!b.multiclass) throw InputError(mc->pos(), "'multiclass' goes with a multiclass pick in advancements");
    MapReader mr(*mc, kMulticlassKeys, "multiclass of '" + p.name + "'");
    mr.finish();
    const int c = choice_of(mr.require("class"), "class", kClassNames);
    if (c == static_cast<int>(p.cls)) throw InputError(mr.require("class").pos(), "a PC multiclasses into another class");
    p.multiclass = static_cast<PcClass>(c);
    const ClassBuild& other = build_of(p.multiclass);
    const int d = choice_of(mr.require("domain"), "domain", kDomainNames);
    if (d != static_cast<int>(other.d1) && d != static_cast<int>(other.d2))
      throw InputError(mr.require("domain").pos(), "a " + kClassNames[static_cast<std::size_t>(c)] + "'s domains are " +
                                                       kDomainNames[static_cast<std::size_t>(other.d1)] + " and " +
                                                       kDomainNames[static_cast<std::size_t>(other.d2)]);
    if (d == static_cast<int>(build_of(p.cls).d1) || d == static_cast<int>(build_of(p.cls).d2))
      throw InputError(mr.require("domain").pos(), "the PC has the " + kDomainNames[static_cast<std::size_t>(d)] +
                                                       " domain already: multiclassing opens a new one");
    p.domains[2] = d;
    p.domain_cap[2] = (p.level + 1) / 2;
    p.multiclass_subclass = read_subclass(mr.require("subclass"), p.multiclass);
  } else if (b.multiclass) {
    throw InputError(adv->pos(), "a multiclass pick needs 'multiclass: {class, domain, subclass}'");
  }
  if (cls) {
    p.domains[0] = static_cast<int>(build_of(p.cls).d1), p.domains[1] = static_cast<int>(build_of(p.cls).d2);
    p.domain_cap[0] = p.domain_cap[1] = p.level;
    p.card_levels = b.card_levels;
    std::sort(p.card_levels.begin(), p.card_levels.end(), std::greater<>());
  }
  for (const char* key : {"hp", "stress", "evasion", "proficiency"})
    if (adv && r.has(key))
      throw InputError(r.scalar(key)->pos(), std::string("'") + key +
                                                 "' is counted from the class and the advancements: give one or the other");
  int evasion = (cls ? cls->evasion : 10) + b.evasion;
  // The class's suggested kit when the PC names none of it, at the tier's version.
  const bool kit = cls && !r.has("primary") && !r.has("secondary") && !r.has("armor");
  auto equipment = [&](std::string_view key) -> std::optional<Node> {
    if (!kit) {
      const Node* n = r.get(key);
      return n ? std::optional<Node>(*n) : std::nullopt;
    }
    const ClassBuild& cb = build_of(p.cls);
    if (key == "armor") return Node::scalar(tiered(srd_armor(), cb.armor, p.tier), node.pos());
    const std::string_view base = key == "primary" ? cb.primary : cb.secondary;
    if (base.empty()) return std::nullopt;
    return Node::scalar(tiered(srd_weapons(), base, p.tier), node.pos());
  };
  // Armor: the SRD table by name, or a map.
  int base_major = 0, base_severe = 0, score = 0;
  if (const auto a = equipment("armor"); a && !(a->is_scalar() && a->text() == "none")) {
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
    const auto found = equipment(key);
    const Node* n = found ? &*found : nullptr;
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
  constexpr int kSheetSlots = 12;  // the sheet's HP and Stress boxes
  const int hp = (cls ? cls->hp : 6) + b.hp, stress = 6 + b.stress;
  if (hp > kSheetSlots || stress > kSheetSlots)
    throw InputError(adv ? adv->pos() : node.pos(), "the advancements give " + std::to_string(hp) + " HP and " + std::to_string(stress) +
                                     " Stress slots; the sheet has " + std::to_string(kSheetSlots) + " of each");
  p.evasion = static_cast<int>(r.get_int("evasion", evasion, 0, 40));
  p.hp = static_cast<int>(r.get_int("hp", hp, 1, 30));
  p.stress = static_cast<int>(r.get_int("stress", stress, 1, 20));
  p.hope_max = static_cast<int>(r.get_int("hope_max", 6, 0, 12));
  p.hope_start = static_cast<int>(r.get_int("hope", 2, 0, p.hope_max));
  p.proficiency = static_cast<int>(r.get_int("proficiency", b.proficiency, 1, 8));
  if (base_major > 0) {
    p.major = base_major + p.level;
    p.severe = base_severe + p.level + severe_bonus;
  } else {
    p.major = p.level;
    p.severe = 2 * p.level + severe_bonus;
  }
  p.armor_slots = std::min(score, 12);
  for (const Experience& e : b.experiences) p.experience = std::max(p.experience, e.bonus);
  p.resist = read_type_mask(r, "resist");
  p.immune = read_type_mask(r, "immune");
  p.death_move = static_cast<DeathMove>(r.get_choice("death_move", kDeathMoves, 0));
  p.armor_policy = static_cast<ArmorPolicy>(r.get_choice("armor_policy", kArmorPolicies, 0));
  if (const Node* m = r.get("marked")) {
    MapReader mr(*m, kMarkedKeys, "marked of '" + p.name + "'");
    mr.finish();
    p.hp_marked_start = static_cast<int>(mr.get_int("hp", 0, 0, p.hp - 1));
    p.stress_marked_start = static_cast<int>(mr.get_int("stress", 0, 0, p.stress));
    p.armor_marked_start = static_cast<int>(mr.get_int("armor", 0, 0, p.armor_slots));
  }
  // The build in words, for check.
  if (p.level > 1) {
    std::string line = "tier achievements:";
    for (int at : {2, 5, 8})
      if (p.level >= at) line += std::string(at > 2 ? ";" : "") + " level " + std::to_string(at) +
                                 " (+1 Proficiency, an Experience at +2" + (at > 2 ? ", trait marks cleared)" : ")");
    p.build.push_back(line);
  }
  for (int l = 2; l <= p.level && !b.picks.empty(); ++l) {
    std::string line = "level " + std::to_string(l) + ":";
    for (const Pick& k : b.picks)
      if (k.level == l) {
        line += ' ';
        line += describe_pick(k, b.experiences);
        line += ';';
      }
    p.build.push_back(line);
  }
  if (!adv && cls && p.level > 1) p.build.push_back("(the " + kClassNames[static_cast<std::size_t>(p.cls)] + "'s default path)");
  if (!b.experiences.empty()) {
    std::string line = "Experiences:";
    for (const Experience& e : b.experiences)
      line += " " + (e.name.empty() ? "(level " + std::to_string(e.gained_at) + ")" : e.name) + " +" + std::to_string(e.bonus) + ";";
    p.build.push_back(line);
  }
  // Subclass, ancestry and community features are library entries (add_features, pc_cards.cpp).
  if (p.multiclass != PcClass::none)
    p.unmodelled.push_back("multiclass " + kClassNames[static_cast<std::size_t>(p.multiclass)] + " (class feature)");
  if (cls) {
    p.hope = cls->hope;
    p.hope_value = cls->hope_value;
    std::string_view rest = cls->unmodelled;
    while (!rest.empty()) {
      const auto cut = rest.find("; ");
      p.unmodelled.emplace_back(rest.substr(0, cut));
      rest = cut == std::string_view::npos ? "" : rest.substr(cut + 2);
    }
  }
  if (p.cls == PcClass::rogue) p.sneak_attack_dice = p.tier;
  if (p.cls == PcClass::bard) p.rally_die = p.level >= 5 ? 8 : 6;
  if (p.cls == PcClass::guardian) p.unstoppable_die = p.level >= 5 ? 6 : 4;
  p.rangers_focus = p.cls == PcClass::ranger;
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
  read_pc_beastform(p, r);  // the Druid's form (read_beastform.cpp)
  if (r.has("element")) {
    if (p.subclass != "Warden of the Elements" && p.multiclass_subclass != "Warden of the Elements")
      throw InputError(r.scalar("element")->pos(), "'" + p.name + "' is no Warden of the Elements: `element` is theirs");
    p.element = r.get_choice("element", {"fire", "earth", "water", "air"}, kDefaultElement);
  }
  read_pc_cards(p, r, scene);  // domain cards (pc_cards.cpp); `scene`: the fight's surroundings (Options::surroundings)
  if (r.has("copycat")) {  // checked against the allies' loadouts once every PC is read (resolve_copycats)
    const Node& n = *r.scalar("copycat");
    bool holds = false;
    for (const PcCard& c : p.cards) holds = holds || (c.def->status == CardStatus::modelled && c.def->effect.copies > 0);
    if (!holds) throw InputError(n.pos(), "'" + p.name + "' names a card to copy but holds no Copycat in its loadout");
    p.copycat_name = n.as_string();
    p.copycat_pos = n.pos();
  }
  read_pc_companion(p, r);  // a Beastbound's companion (read_companion.cpp)
  read_pc_consumables(p, r);  // potions and other loot (read_consumable.cpp)
  resolve_card_rules(p);
  return p;
}

const std::vector<std::string>& subclass_names() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> v;
    for (const ClassBuild& b : kBuilds) v.emplace_back(b.sub1), v.emplace_back(b.sub2);
    return v;
  }();
  return kNames;
}

}  // namespace encsim::daggerheart
