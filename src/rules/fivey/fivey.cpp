// Compiling a FIVEY scenario into an Encounter: the tables of seed 004
// (armor, weapons, monster brackets) and every key a scenario may use.
#include "rules/fivey/fivey.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace encsim::fivey {
namespace {

const std::vector<std::string> kStatNames{"charisma", "dexterity", "intelligence", "strength"};

const std::vector<std::string> kTypeNames{"bludgeoning", "piercing", "slashing", "fire",
                                          "cold",        "electricity", "acid", "poison",
                                          "necrotic",    "radiant",  "holy",   "psychic",
                                          "thunder",     "force",    "magic"};
TypeMask type_bit(int index) { return static_cast<TypeMask>(1u << index); }
TypeMask type_bit(std::string_view name) {
  const auto it = std::find(kTypeNames.begin(), kTypeNames.end(), name);
  return type_bit(static_cast<int>(it - kTypeNames.begin()));
}

// "Monster Brackets": hit dice, general ability and the damage die.
struct Bracket {
  std::string_view name;
  int hit_dice;
  int ability;
  std::string_view damage;
};
const std::vector<Bracket> kBrackets{{"mook", 1, 1, "d4"},
                                     {"grunt", 2, 2, "d6"},
                                     {"elite", 4, 3, "d8"},
                                     {"lieutenant", 8, 4, "d10"},
                                     {"boss", 16, 5, "d12"}};

// "Armor": defense class and what the armor resists or is vulnerable to.
struct ArmorRow {
  std::string_view name;
  int defense;  // 0: 10 + dexterity
  std::string_view resist;
  std::string_view vulnerable;
};
const std::vector<ArmorRow> kArmor{{"none", 0, "", ""},
                                   {"leather", 12, "electricity", ""},
                                   {"scale", 13, "", "electricity"},
                                   {"chain", 14, "", "electricity"},
                                   {"ring", 15, "", "electricity"},
                                   {"plate", 16, "", "electricity"}};

// "Melee Weapons" and "Ranged Weapons". Medium weapons deal d10 in two hands
// (the table's "Roll d8 when using both hands" read with the longsword and
// warhammer entries, which say d8 one-handed, d10 two-handed).
struct WeaponRow {
  std::string_view name;
  std::string_view damage;
  std::string_view two_handed;  // "" when it has no two-handed grip
  std::string_view type;
  bool ranged;
  bool reload;
  bool two_hands;  // "Requires two hands": large weapons, bows and crossbows
};
const std::vector<WeaponRow> kWeapons{
    {"club", "d6", "", "bludgeoning", false, false, false},
    {"dagger", "d6", "", "piercing", false, false, false},
    {"handaxe", "d6", "", "slashing", false, false, false},
    {"javelin", "d6", "", "piercing", false, false, false},
    {"axe", "d8", "d10", "slashing", false, false, false},
    {"hammer", "d8", "d10", "bludgeoning", false, false, false},
    {"warhammer", "d8", "d10", "bludgeoning", false, false, false},
    {"spear", "d8", "d10", "piercing", false, false, false},
    {"sword", "d8", "d10", "slashing", false, false, false},
    {"longsword", "d8", "d10", "slashing", false, false, false},
    {"greataxe", "d10", "", "slashing", false, false, true},
    {"greatsword", "d10", "", "slashing", false, false, true},
    {"maul", "d10", "", "bludgeoning", false, false, true},
    {"pike", "d10", "", "piercing", false, false, true},
    {"sling", "d6", "", "bludgeoning", true, false, false},
    {"bow", "d8", "", "piercing", true, false, true},
    {"crossbow", "d10", "", "piercing", true, true, true},
};

template <class Row>
std::vector<std::string> names_of(const std::vector<Row>& rows) {
  std::vector<std::string> out;
  for (const auto& r : rows) out.emplace_back(r.name);
  return out;
}

const std::vector<KeySpec> kCombatantKeys{
    {"name", "string", "", "what reports call it (with `count`, numbered: Goblin 1, Goblin 2...)"},
    {"count", "integer", "1", "how many identical combatants this entry stands for"},
    {"tactics", "list of rules", "the side's, else the side's play style", "scripted behaviour (docs/scenarios.md)"},
    {"pc", "boolean", "true in party, false in foes", "a player character: has inspiration dice, counts for party downs"},
    {"leader", "boolean", "false", "the side's leader: its fall triggers the foes' morale check; its stats lead the morale check, the foes' initiative and the side's wisdom against surprise"},
    {"level", "integer", "1", "character level 0..5: a PC starts with this many inspiration dice; each level above 1 adds 4 hit points and +1 to a stat (stats and hp are written as at level 1)"},
    {"level_stats", "list of stat names", "the attack stat, then dexterity, ...", "the stat each level above 1 raises (one per level, each to +5 at most)"},
    {"derive_level", "boolean", "true", "false: `level` sets only inspiration dice; stats and hp are taken as written"},
    {"feats", "list", "", "modelled feats: battle_hardened (+2 + level hit points), rage (unarmored defense from the better of STR and DEX; with `damage_adds_stat: false`, adds the stat to damage)"},
    {"inspiration", "integer", "level", "starting inspiration dice (d6s), overriding level"},
    {"bracket", "mook|grunt|elite|lieutenant|boss", "", "monster bracket: presets hit_dice, ability and damage"},
    {"ability", "integer", "bracket's GA", "general ability: the value of all four stats"},
    {"charisma", "integer", "ability, else 1", "stat bonus"},
    {"dexterity", "integer", "ability, else 1", "stat bonus; initiative, saves, ranged attacks, unarmored defense"},
    {"intelligence", "integer", "ability, else 1", "stat bonus; morale checks"},
    {"strength", "integer", "ability, else 1", "stat bonus; melee attacks and damage"},
    {"hp", "integer", "", "fixed hit points"},
    {"hit_dice", "integer", "bracket's HD", "hit points are this many d6, rolled per trial"},
    {"defense", "integer", "armor, else 10 + dexterity", "defense class"},
    {"armor", "none|leather|scale|chain|ring|plate", "none", "armor worn: defense class and electricity resistance or vulnerability"},
    {"shield", "boolean", "false", "+1 defense; destroyed once to negate an attack (options.shield_policy); not with a weapon that needs two hands"},
    {"weapon", "weapon name", "", "club dagger handaxe javelin axe hammer warhammer spear sword longsword greataxe greatsword maul pike sling bow crossbow"},
    {"two_handed", "boolean", "false", "wield a medium weapon in both hands (d10)"},
    {"damage", "dice", "weapon's or bracket's die", "the damage die, replacing the weapon's"},
    {"damage_type", "damage type", "weapon's", "bludgeoning piercing slashing fire cold electricity acid poison necrotic radiant holy psychic thunder force"},
    {"magical", "boolean", "false", "the attack is magical (Magical Resistance halves it)"},
    {"ranged", "boolean", "weapon's", "attacks from range: no move needed before the first attack"},
    {"attack_stat", "stat name", "strength (melee), dexterity (ranged)", "the stat added to attack and damage"},
    {"proficient", "boolean", "true for PCs", "skilled with or attuned to the weapon: the stat is doubled on the attack roll"},
    {"advantage", "boolean", "false", "attacks roll 2d20 and keep the higher"},
    {"disadvantage", "boolean", "false", "attacks roll 2d20 and keep the lower (cancels advantage)"},
    {"extra_attacks", "integer", "0", "free attacks at the end of each turn (e.g. Giant Strength)"},
    {"area_attack", "map", "", "a 2-action attack on several targets (Breath Attack, Fire Ball): keys below"},
    {"regenerate", "integer", "0", "hit points regained at the start of each turn (Regeneration)"},
    {"regenerate_blocked_by", "list of damage types", "", "damage of these types stops the next regeneration"},
    {"resist", "list of damage types", "", "halve damage of these types ('magic' for Magical Resistance)"},
    {"vulnerable", "list of damage types", "", "double damage of these types"},
    {"immune", "list of damage types", "", "ignore damage of these types"},
    {"cheat_death", "map", "", "a check to stay standing at the last hit point (Undead Fortitude): keys below"},
    {"flying", "boolean", "false", "reaches any enemy without moving first (Flight)"},
    {"unmodelled", "list of strings", "", "feats this combatant has that the simulation does not model (shown by `check`)"},
};

const std::vector<KeySpec> kAreaKeys{
    {"damage", "dice", "the attacker's damage die", "damage to each target"},
    {"targets", "integer", "3", "how many enemies the area reaches"},
    {"save", "stat name", "dexterity", "the targets' stat for the check to take half"},
    {"dc_stat", "stat name", "strength", "the attacker's stat: the check's DC is 10 + it"},
    {"uses", "integer", "0", "uses per fight (0: unlimited)"},
    {"spell_level", "integer or 'level'", "", "a spell's [L]: the damage die is rolled L times (1 unless a feat says otherwise; 'level' = the caster's level)"},
    {"damage_type", "damage type", "", "its damage type"},
    {"magical", "boolean", "false", "the area is magical"},
};

const std::vector<KeySpec> kCheatDeathKeys{
    {"stat", "stat name", "strength", "the stat added to the d20"},
    {"dc", "integer", "5", "the check's difficulty"},
    {"plus_damage", "boolean", "true", "the DC rises by the damage taken"},
};

const std::vector<KeySpec> kOptionKeys{
    {"defeat", "equal|exceed", "equal", "a combatant falls when damage equals or exceeds its hit points, or only when it exceeds them"},
    {"approach_moves", "integer", "1", "move actions a melee combatant spends before its first attack (0..10)"},
    {"average_hp", "boolean", "false", "hit dice give 3.5 hit points each (rounded down) instead of a roll"},
    {"natural_20_hits", "boolean", "false", "a natural 20 hits whatever the defense class"},
    {"natural_1_misses", "boolean", "false", "a natural 1 misses whatever the bonus"},
    {"natural_20_inspiration", "boolean", "true", "a PC's natural 20 on any check or contest (attack, check against an area, initiative, surprise) grants an inspiration die"},
    {"natural_20_die_to_damage", "boolean", "true", "a natural 20 that hits: that die is spent at once on the hit's damage"},
    {"inspiration_shortfall", "integer", "3", "a PC spends an inspiration die on a roll when the die must show at most this to turn it (0: never; 6: whenever it could help)"},
    {"inspiration_uses", "list", "all", "which rolls a PC spends dice on: attack save damage contest foe_attack foe_damage"},
    {"damage_adds_stat", "boolean", "true", "weapon damage is die + stat (Attack); false: the die alone, and Rage adds the stat"},
    {"level_hp", "fixed|roll", "fixed", "each level above 1 gives 4 hit points, or 1d6 rolled per trial"},
    {"foe_initiative", "leader|average|best", "leader", "the foes' initiative roll uses their leader's dexterity (the average member's without a leader), the average's, or the best"},
    {"surprise", "none|party|foes", "none", "the side that has the opportunity to surprise the other"},
    {"surprise_contest", "boolean", "true", "each member of that side contests DEX against the other side's wisdom for a free turn; false: all of them get it"},
    {"surprise_wisdom", "leader|average", "leader", "whose wisdom (the morale stat) the surprised side rolls with (the average member's without a leader)"},
    {"shield_policy", "lethal|first_hit|never", "lethal", "when a shield is destroyed to negate an attack"},
    {"monster_damage_adds_ability", "boolean", "false", "bracket monsters add their ability to damage"},
    {"area_damage", "shared|per_target", "shared", "one damage roll for all targets of an area attack, or one each"},
    {"initiative_ties", "foes|party", "foes", "who acts first when a party member ties the foes' initiative roll"},
    {"target_ties", "random|first", "random", "equally good targets (e.g. two at the same lowest hp): one at random, or the first listed"},
    {"morale", "boolean", "true", "the foes check morale when they have lost half their number or their leader"},
    {"morale_stat", "stat name", "intelligence", "the stat of the collective morale check (the text says wisdom)"},
    {"morale_dcs", "list of integers", "[12, 14, 20]", "DCs of the first, second, ... morale check (moderate, difficult, incredible)"},
};

int stat_index(MapReader& r, std::string_view key, int fallback) {
  return r.get_choice(key, kStatNames, fallback);
}

TypeMask read_types(MapReader& r, std::string_view key) {
  const Node* n = r.scalar(key);
  if (!n) return 0;
  TypeMask mask = 0;
  auto one = [&](const Node& item) {
    const std::string& name = item.as_string();
    const auto it = std::find(kTypeNames.begin(), kTypeNames.end(), name);
    if (it == kTypeNames.end())
      throw InputError(item.pos(), "unknown damage type '" + name + "'" + did_you_mean(name, kTypeNames) +
                                       "; expected one of " + one_of(kTypeNames));
    mask = static_cast<TypeMask>(mask | type_bit(static_cast<int>(it - kTypeNames.begin())));
  };
  if (n->is_list()) {
    for (const Node& item : n->items()) one(item);
  } else {
    one(*n);
  }
  return mask;
}

TypeMask read_type(MapReader& r, std::string_view key, TypeMask fallback) {
  return r.has(key) ? read_types(r, key) : fallback;
}

// The fallbacks are the Options defaults themselves, so they live in one place
// (fivey.hpp); kOptionKeys repeats them for people.
Options read_options(const Node* node) {
  Options o;
  if (!node) return o;
  MapReader r(*node, kOptionKeys, "options");
  r.finish();  // unknown keys first: a typo is the likeliest mistake
  auto choice = [&](std::string_view key, const std::vector<std::string>& names, auto value) {
    return static_cast<decltype(value)>(r.get_choice(key, names, static_cast<int>(value)));
  };
  o.defeat = choice("defeat", {"equal", "exceed"}, o.defeat);
  o.approach_moves = static_cast<int>(r.get_int("approach_moves", o.approach_moves, 0, 10));
  o.average_hp = r.get_bool("average_hp", o.average_hp);
  o.natural_20_hits = r.get_bool("natural_20_hits", o.natural_20_hits);
  o.natural_1_misses = r.get_bool("natural_1_misses", o.natural_1_misses);
  o.natural_20_inspiration = r.get_bool("natural_20_inspiration", o.natural_20_inspiration);
  o.natural_20_die_to_damage = r.get_bool("natural_20_die_to_damage", o.natural_20_die_to_damage);
  o.inspiration_shortfall = static_cast<int>(r.get_int("inspiration_shortfall", o.inspiration_shortfall, 0, 6));
  if (const Node* uses = r.get("inspiration_uses")) {
    static const std::vector<std::string> kUses{"attack", "save", "damage", "contest", "foe_attack", "foe_damage"};
    if (!uses->is_list()) throw InputError(uses->pos(), "inspiration_uses must be a list, e.g. [attack, save]");
    o.inspiration_uses = 0;
    for (const Node& u : uses->items()) {
      const auto it = std::find(kUses.begin(), kUses.end(), u.as_string());
      if (it == kUses.end())
        throw InputError(u.pos(), "unknown inspiration use '" + u.as_string() + "'" + did_you_mean(u.as_string(), kUses) +
                                      "; expected one of " + one_of(kUses));
      o.inspiration_uses = static_cast<std::uint8_t>(o.inspiration_uses | (1u << (it - kUses.begin())));
    }
  }
  o.damage_adds_stat = r.get_bool("damage_adds_stat", o.damage_adds_stat);
  o.level_hp_roll = choice("level_hp", {"fixed", "roll"}, o.level_hp_roll);
  o.foe_initiative = choice("foe_initiative", {"leader", "average", "best"}, o.foe_initiative);
  o.surprise = choice("surprise", {"none", "party", "foes"}, o.surprise);
  o.surprise_contest = r.get_bool("surprise_contest", o.surprise_contest);
  o.surprise_wisdom = choice("surprise_wisdom", {"leader", "average"}, o.surprise_wisdom);
  o.shield = choice("shield_policy", {"lethal", "first_hit", "never"}, o.shield);
  o.monster_damage_adds_ability = r.get_bool("monster_damage_adds_ability", o.monster_damage_adds_ability);
  o.area_damage_per_target = choice("area_damage", {"shared", "per_target"}, o.area_damage_per_target);
  o.initiative_ties_to_party = choice("initiative_ties", {"foes", "party"}, o.initiative_ties_to_party);
  o.random_target_ties = !choice("target_ties", {"random", "first"}, !o.random_target_ties);
  o.morale = r.get_bool("morale", o.morale);
  o.morale_stat = stat_index(r, "morale_stat", o.morale_stat);
  if (const Node* dcs = r.get("morale_dcs")) {
    if (!dcs->is_list() || dcs->items().empty())
      throw InputError(dcs->pos(), "morale_dcs must be a non-empty list of integers");
    o.morale_dcs.clear();
    for (const Node& d : dcs->items()) {
      check_range(d, "a morale DC", static_cast<double>(d.as_int()), 1, 40);
      o.morale_dcs.push_back(static_cast<int>(d.as_int()));
    }
  }
  return o;
}

std::vector<tactics::Rule> read_rules(const Node& list) {
  return tactics::compile_rules(list, actions(), vars(), tactics::Target::lowest_hp);
}

// The default script: an area attack when it reaches two or more, else attack
// whoever has the fewest hit points left (focus fire).
std::vector<tactics::Rule> default_rules(const Fighter& f) {
  std::vector<tactics::Rule> rules;
  if (f.area.present) {
    tactics::Rule area;
    area.action = kAreaAttack;
    area.when = tactics::Condition::compile("enemies_alive >= 2", {}, vars());
    rules.push_back(area);
  }
  rules.push_back(tactics::Rule{});  // attack lowest_hp, always
  return rules;
}

Fighter read_fighter(const Node& node, int side, const Options& opt, const Node* side_rules,
                     int& count) {
  const std::string what_name = node.find("name") ? node.find("name")->text() : std::string("?");
  MapReader r(node, kCombatantKeys, "combatant '" + what_name + "'");
  r.finish();  // unknown keys first: a typo is the likeliest mistake
  Fighter f;
  f.name = r.get_string("name", "");
  f.side = side;
  count = static_cast<int>(r.get_int("count", 1, 1, 1000));
  f.pc = r.get_bool("pc", side == 0);
  if (f.pc && side == 1) throw InputError(r.scalar("pc")->pos(), "a foe cannot be a PC (pc: true is for party members)");
  f.leader = r.get_bool("leader", false);
  f.flying = r.get_bool("flying", false);

  const Bracket* bracket = nullptr;
  if (r.has("bracket"))
    bracket = &kBrackets[static_cast<std::size_t>(r.get_choice("bracket", names_of(kBrackets), 0))];
  const int ability = static_cast<int>(r.get_int("ability", bracket ? bracket->ability : 1, -5, 10));
  for (int s = 0; s < kStatCount; ++s)
    f.stat[static_cast<std::size_t>(s)] = static_cast<int>(r.get_int(kStatNames[static_cast<std::size_t>(s)], ability, -5, 10));

  const int level = static_cast<int>(r.get_int("level", 1, 0, 5));
  f.level = level;
  f.inspiration = f.pc ? static_cast<int>(r.get_int("inspiration", level, 0, 20)) : 0;
  if (!f.pc && r.has("inspiration"))
    throw InputError(r.scalar("inspiration")->pos(), "only PCs have inspiration dice (set 'pc: true')");

  // The weapon first: its stat is the one a level raises by default.
  const WeaponRow* weapon = nullptr;
  if (r.has("weapon"))
    weapon = &kWeapons[static_cast<std::size_t>(r.get_choice("weapon", names_of(kWeapons), 0))];
  const bool two_handed = r.get_bool("two_handed", false);
  if (two_handed && (!weapon || weapon->two_handed.empty()))
    throw InputError(r.scalar("two_handed")->pos(), "'two_handed' needs a medium weapon (axe, hammer, warhammer, spear, sword, longsword)");
  std::optional<Dice> die = r.get_dice("damage");
  if (!die && weapon) die = Dice::parse(two_handed ? weapon->two_handed : weapon->damage);
  if (!die && bracket) die = Dice::parse(bracket->damage);
  if (!die) throw InputError(node.pos(), r.what() + " needs a 'weapon', a 'damage' die or a 'bracket'");
  f.weapon = weapon ? std::string(weapon->name) : die->to_string();
  f.ranged = r.get_bool("ranged", weapon && weapon->ranged);
  f.reload = weapon && weapon->reload;
  f.attack_types = read_type(r, "damage_type", weapon ? type_bit(weapon->type) : TypeMask{0});
  if (r.get_bool("magical", false)) f.attack_types = static_cast<TypeMask>(f.attack_types | type_bit("magic"));
  const int attack_stat = stat_index(r, "attack_stat", f.ranged ? kDexterity : kStrength);

  // "Character Advancement": each level gained gives +4 (1d6) hit points and
  // +1 to a stat (at most +5). Stats and hp are written as at level 1.
  const bool derive = f.pc && r.get_bool("derive_level", true);
  if (!f.pc && r.has("derive_level")) throw InputError(r.scalar("derive_level")->pos(), "only PCs gain levels (set 'pc: true')");
  const int ups = derive ? std::max(0, level - 1) : 0;
  if (const Node* ls = r.get("level_stats")) {
    if (!derive) throw InputError(ls->pos(), "level_stats needs a PC whose level is derived");
    if (!ls->is_list() || static_cast<int>(ls->items().size()) != ups)
      throw InputError(ls->pos(), "level_stats needs one stat per level above 1 (" + std::to_string(ups) + " for level " +
                                      std::to_string(level) + ")");
    for (const Node& item : ls->items()) {
      const auto it = std::find(kStatNames.begin(), kStatNames.end(), item.as_string());
      if (it == kStatNames.end())
        throw InputError(item.pos(), "unknown stat '" + item.as_string() + "'" + did_you_mean(item.as_string(), kStatNames) +
                                         "; expected one of " + one_of(kStatNames));
      int& v = f.stat[static_cast<std::size_t>(it - kStatNames.begin())];
      if (v >= 5) throw InputError(item.pos(), "a level cannot raise " + item.as_string() + " above +5");
      ++v;
    }
  } else {
    // By default each level raises the attack stat, then dexterity (defense,
    // initiative, checks against areas), then strength, intelligence, charisma.
    const int order[] = {attack_stat, kDexterity, kStrength, kIntelligence, kCharisma};
    for (int k = 0; k < ups; ++k)
      for (int st : order)
        if (f.stat[static_cast<std::size_t>(st)] < 5) {
          ++f.stat[static_cast<std::size_t>(st)];
          break;
        }
  }

  // Feats from origins and backgrounds that change a fight's numbers.
  bool battle_hardened = false;
  if (const Node* feats = r.get("feats")) {
    static const std::vector<std::string> kFeats{"battle_hardened", "rage"};
    if (!feats->is_list()) throw InputError(feats->pos(), "feats must be a list, e.g. [rage]");
    for (const Node& item : feats->items()) {
      const int k = static_cast<int>(std::find(kFeats.begin(), kFeats.end(), item.as_string()) - kFeats.begin());
      if (k == static_cast<int>(kFeats.size()))
        throw InputError(item.pos(), "unknown feat '" + item.as_string() + "'" + did_you_mean(item.as_string(), kFeats) +
                                         "; expected one of " + one_of(kFeats) + " (list others under 'unmodelled')");
      (k == 0 ? battle_hardened : f.rage) = true;
    }
  }

  // Hit points: explicit, else hit dice (explicit or the bracket's); then the
  // levels above 1, and Battle-Hardened's "2 plus their level".
  if (r.has("hp")) {
    f.hp = static_cast<int>(r.get_int("hp", 1, 1, 1000000));
    if (r.has("hit_dice")) throw InputError(r.scalar("hit_dice")->pos(), "give either 'hp' or 'hit_dice', not both");
  } else {
    f.hit_dice = static_cast<int>(r.get_int("hit_dice", bracket ? bracket->hit_dice : 0, 1, 1000));
    if (f.hit_dice == 0) throw InputError(node.pos(), r.what() + " needs 'hp', 'hit_dice' or a 'bracket'");
  }
  int hp_bonus = battle_hardened ? 2 + level : 0;
  if (opt.level_hp_roll)
    f.hp_level_dice = ups;
  else
    hp_bonus += 4 * ups;
  if (f.hp > 0)
    f.hp += hp_bonus;
  else
    f.hp_bonus = hp_bonus;  // added to the hit dice rolled per trial

  // Defense: explicit, else armor, else 10 + dexterity (Rage: the better of
  // strength and dexterity). Armor also brings its notes.
  const ArmorRow& armor = kArmor[static_cast<std::size_t>(r.get_choice("armor", names_of(kArmor), 0))];
  const int unarmored = 10 + (f.rage ? std::max(f.stat[kDexterity], f.stat[kStrength]) : f.stat[kDexterity]);
  const int natural = armor.defense > 0 ? armor.defense : unarmored;
  f.defense = static_cast<int>(r.get_int("defense", natural, 0, 40));
  if (!armor.resist.empty()) f.resist = static_cast<TypeMask>(f.resist | type_bit(armor.resist));
  if (!armor.vulnerable.empty()) f.vulnerable = static_cast<TypeMask>(f.vulnerable | type_bit(armor.vulnerable));
  f.shield = r.get_bool("shield", false);
  // "Requires two hands" (large weapons, bows, crossbows; a medium weapon held
  // in both): no hand is left for a shield.
  if (f.shield && (two_handed || (weapon && weapon->two_hands)))
    throw InputError(r.scalar("shield")->pos(), "'" + f.name + "' cannot carry a shield: a " + f.weapon +
                                                    (two_handed ? " held in both hands" : "") +
                                                    " requires two hands (drop 'shield' or take a one-handed weapon)");

  // The attack: the stat doubled on the roll when proficient or attuned, once on damage.
  const int stat = f.stat[static_cast<std::size_t>(attack_stat)];
  const bool proficient = r.get_bool("proficient", f.pc);
  f.attack_bonus = proficient ? 2 * stat : stat;
  const bool adds_stat =
      bracket ? opt.monster_damage_adds_ability : (opt.damage_adds_stat || (f.rage && proficient));
  f.damage = adds_stat ? die->plus(stat) : *die;
  f.advantage = (r.get_bool("advantage", false) ? 1 : 0) - (r.get_bool("disadvantage", false) ? 1 : 0);
  f.extra_attacks = static_cast<int>(r.get_int("extra_attacks", 0, 0, 10));

  if (const Node* area = r.get("area_attack")) {
    MapReader a(*area, kAreaKeys, "area_attack of '" + f.name + "'");
    a.finish();
    f.area.present = true;
    const std::optional<Dice> area_die = a.get_dice("damage");
    f.area.damage = area_die ? *area_die : *die;
    // "Magic & Spells": [L] is 1 unless a feat says otherwise; [L]d6 rolls the die L times.
    if (const Node* sl = a.scalar("spell_level")) {
      const int L = sl->text() == "level" ? level : static_cast<int>(a.get_int("spell_level", 1, 1, 5));
      if (f.area.damage.term_count() != 1 || f.area.damage.term(0).count != 1 || f.area.damage.flat() != 0)
        throw InputError(sl->pos(), "spell_level needs a single-die damage such as 'd6' (rolled L times)");
      f.area.spell_level = L;
      f.area.damage = Dice::parse(std::to_string(L) + "d" + std::to_string(f.area.damage.term(0).sides));
    }
    f.area.targets = static_cast<int>(a.get_int("targets", 3, 1, Encounter::kMaxFighters));
    f.area.save_stat = stat_index(a, "save", kDexterity);
    f.area.dc_stat = stat_index(a, "dc_stat", kStrength);
    f.area.uses = static_cast<int>(a.get_int("uses", 0, 0, 100));
    f.area.types = read_type(a, "damage_type", 0);
    if (a.get_bool("magical", false)) f.area.types = static_cast<TypeMask>(f.area.types | type_bit("magic"));
  }
  f.regenerate = static_cast<int>(r.get_int("regenerate", 0, 0, 1000));
  f.regenerate_blocked_by = read_types(r, "regenerate_blocked_by");
  f.resist = static_cast<TypeMask>(f.resist | read_types(r, "resist"));
  f.vulnerable = static_cast<TypeMask>(f.vulnerable | read_types(r, "vulnerable"));
  f.immune = read_types(r, "immune");
  if (const Node* cd = r.get("cheat_death")) {
    MapReader c(*cd, kCheatDeathKeys, "cheat_death of '" + f.name + "'");
    c.finish();
    f.cheat_death.present = true;
    f.cheat_death.stat = stat_index(c, "stat", kStrength);
    f.cheat_death.dc = static_cast<int>(c.get_int("dc", 5, 0, 40));
    f.cheat_death.plus_damage = c.get_bool("plus_damage", true);
  }
  if (const Node* um = r.get("unmodelled")) {
    if (!um->is_list()) throw InputError(um->pos(), "unmodelled must be a list of feat names");
    for (const Node& item : um->items()) f.unmodelled.push_back(item.as_string());
  }
  f.mean_damage = f.damage.mean() * (1 + f.extra_attacks);
  f.area.mean = f.area.present ? f.area.damage.mean() : 0.0;

  if (const Node* own = r.get("tactics")) {
    f.rules = read_rules(*own);
  } else if (side_rules) {
    f.rules = read_rules(*side_rules);
  } else {
    f.rules = default_rules(f);
    f.styled = true;
  }
  for (const tactics::Rule& rule : f.rules)
    if (rule.action == kAreaAttack && !f.area.present)
      throw InputError(rule.pos, "'" + f.name + "' has no area_attack to use");
  return f;
}

std::string type_list(TypeMask mask) {
  std::string out;
  for (std::size_t i = 0; i < kTypeNames.size(); ++i)
    if (mask & type_bit(static_cast<int>(i))) out += (out.empty() ? "" : ",") + kTypeNames[i];
  return out;
}

}  // namespace

const std::vector<tactics::ActionSpec>& actions() {
  static const std::vector<tactics::ActionSpec> kActions{
      {"attack", "1 action: an attack with the weapon (a melee combatant first moves into reach)", false},
      {"area_attack", "2 actions: the area attack on several enemies (needs `area_attack`)", false},
  };
  return kActions;
}

const std::vector<tactics::VarSpec>& vars() {
  static const std::vector<tactics::VarSpec> kVars = [] {
    std::vector<tactics::VarSpec> v = tactics::common_vars();
    v.push_back({"self.inspiration", "inspiration dice left"});
    v.push_back({"self.shield", "1 while the shield is intact"});
    v.push_back({"self.area_uses", "area attacks left (1000 when unlimited)"});
    v.push_back({"self.engaged", "1 once in melee reach"});
    return v;
  }();
  return kVars;
}

const std::vector<MetricSpec>& Encounter::resource_specs() {
  static const std::vector<MetricSpec> kSpecs{
      {"morale_checks", "morale checks the foes made", false, false, true},
      {"inspiration_gained", "inspiration dice the party gained (natural 20s)", false, false, false},
      {"inspiration_spent", "inspiration dice the party spent", false, true, true},
      {"inspiration_hits", "missed attacks an inspiration die turned into hits", false, false, false},
      {"shields_used", "shields destroyed to negate an attack", false, false, false},
  };
  return kSpecs;
}

const std::vector<MetricSpec>& Encounter::extra_specs() {
  static const std::vector<MetricSpec> kSpecs{
      {"inspiration_spent", "inspiration dice this combatant spent", false, false, false},
      {"shield_used", "fights in which its shield was destroyed to negate an attack", true, false, false},
      {"area_uses", "area attacks it made (each use once; area_attacks counts their targets)", false, false, false},
      {"hp_start", "hit points at the start (rolled from hit dice or fixed)", false, false, false},
  };
  return kSpecs;
}

const ScreenSpec& Encounter::screen() {
  static const ScreenSpec kScreen{
      "help, hiding, disarming, positions and most feats of origins and backgrounds are not modelled: "
      "a party that uses them is likely stronger than shown",
      {"Inspiration dice: the party gains {inspiration_gained}, spends {inspiration_spent} (9 in 10 fights at "
       "most {inspiration_spent:p90}); shields used {shields_used}; foes' morale checks {morale_checks}"}};
  return kScreen;
}

Encounter compile(const Scenario&, const Variant& variant) {
  const Node& doc = variant.doc;
  Encounter enc;
  enc.read_frame(doc, kId);
  enc.opt = read_options(doc.find("options"));

  enc.n_party = enc.read_fighters(doc, enc.fighters, " in one fight",
                                  [&](const Node& entry, int side, const Node* side_rules, int& count) {
                                    return read_fighter(entry, side, enc.opt, side_rules, count);
                                  });
  // What each can use (features.csv): its attack, area attack, regeneration, cheat death.
  for (int i = 0; i < static_cast<int>(enc.fighters.size()); ++i) {
    Fighter& f = enc.fighters[static_cast<std::size_t>(i)];
    f.feat_attack = add_feature(enc.features_, i, "attack (" + f.weapon + ")");
    if (f.area.present) f.feat_area = add_feature(enc.features_, i, "area attack");
    if (f.regenerate > 0) f.feat_regenerate = add_feature(enc.features_, i, "regenerate");
    if (f.cheat_death.present) f.feat_cheat_death = add_feature(enc.features_, i, "cheat death");
  }
  // The scoring rule's blow table (docs/rules/fivey.md, "Play styles"): the
  // chance that d20 + attack bonus (with advantage) reaches the defense,
  // with and without a shield, times the mean damage as the target takes its type.
  const std::size_t n = enc.fighters.size();
  enc.blow_mean.assign(n * n * 2, 0.0f);
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t t = 0; t < n; ++t)
      for (int shield = 0; shield < 2; ++shield) {
        const Fighter& fa = enc.fighters[a];
        const Fighter& ft = enc.fighters[t];
        const int need = ft.defense + shield - fa.attack_bonus;  // the d20 must show this
        double p = std::clamp((21.0 - need) / 20.0, 0.0, 1.0);
        if (enc.opt.natural_20_hits) p = std::max(p, 0.05);
        p = fa.advantage > 0 ? 1.0 - (1.0 - p) * (1.0 - p) : fa.advantage < 0 ? p * p : p;
        double factor = (fa.attack_types & ft.immune) ? 0.0 : 1.0;
        if (fa.attack_types & ft.resist) factor *= 0.5;
        if (fa.attack_types & ft.vulnerable) factor *= 2.0;
        enc.blow_mean[(a * n + t) * 2 + static_cast<std::size_t>(shield)] =
            static_cast<float>(p * fa.damage.mean() * factor);
      }
  return enc;
}

std::string Encounter::describe() const {
  std::ostringstream os;
  static const char* kDefeat[] = {"equal", "exceed"};
  static const char* kShield[] = {"lethal", "first_hit", "never"};
  os << "options: defeat " << kDefeat[static_cast<int>(opt.defeat)] << ", approach_moves " << opt.approach_moves
     << ", inspiration_shortfall " << opt.inspiration_shortfall << ", shield_policy "
     << kShield[static_cast<int>(opt.shield)] << ", morale " << (opt.morale ? "on" : "off") << " ("
     << kStatNames[static_cast<std::size_t>(opt.morale_stat)] << ", DCs";
  for (int dc : opt.morale_dcs) os << ' ' << dc;
  static const char* kSideStat[] = {"leader", "average", "best"};
  static const char* kSurprise[] = {"none", "party", "foes"};
  os << "), foe initiative " << kSideStat[static_cast<int>(opt.foe_initiative)] << ", surprise "
     << kSurprise[static_cast<int>(opt.surprise)] << ", max_rounds " << max_rounds << '\n';
  for (const Fighter& f : fighters) {
    os << (f.side == 0 ? "party  " : "foes   ") << f.name;
    if (f.pc) os << " (PC, level " << f.level << ")";
    os << (f.leader ? " (leader)" : "") << ": ";
    if (f.hp > 0)
      os << "hp " << f.hp;
    else
      os << "hp " << f.hit_dice << "d6" << (opt.average_hp ? " (average)" : "")
         << (f.hp_bonus ? "+" + std::to_string(f.hp_bonus) : "");
    if (f.hp_level_dice) os << "+" << f.hp_level_dice << "d6";
    os << ", defense " << f.defense << (f.shield ? " +1 shield" : "") << ", stats CHA " << f.stat[kCharisma]
       << " DEX " << f.stat[kDexterity] << " INT " << f.stat[kIntelligence] << " STR " << f.stat[kStrength]
       << "\n         attack " << f.weapon << (f.ranged ? " (ranged)" : " (melee)") << " d20"
       << (f.attack_bonus >= 0 ? "+" : "") << f.attack_bonus << ", damage " << f.damage.to_string();
    if (f.attack_types) os << " " << type_list(f.attack_types);
    if (f.advantage) os << (f.advantage > 0 ? ", advantage" : ", disadvantage");
    if (f.extra_attacks) os << ", " << f.extra_attacks << " extra attack(s)";
    if (f.inspiration) os << ", " << f.inspiration << " inspiration d6";
    os << '\n';
    std::string feats;
    auto add = [&](const std::string& s) { feats += (feats.empty() ? "" : "; ") + s; };
    if (f.area.present)
      add("area attack " + f.area.damage.to_string() + " on " + std::to_string(f.area.targets) + ", save " +
          kStatNames[static_cast<std::size_t>(f.area.save_stat)] + " vs 10+" +
          kStatNames[static_cast<std::size_t>(f.area.dc_stat)] +
          (f.area.uses ? ", " + std::to_string(f.area.uses) + " use(s)" : ""));
    if (f.regenerate)
      add("regenerate " + std::to_string(f.regenerate) +
          (f.regenerate_blocked_by ? " (not after " + type_list(f.regenerate_blocked_by) + ")" : ""));
    if (f.resist) add("resist " + type_list(f.resist));
    if (f.vulnerable) add("vulnerable " + type_list(f.vulnerable));
    if (f.immune) add("immune " + type_list(f.immune));
    if (f.cheat_death.present)
      add("cheat death " + kStatNames[static_cast<std::size_t>(f.cheat_death.stat)] + " vs " +
          std::to_string(f.cheat_death.dc) + (f.cheat_death.plus_damage ? "+damage" : ""));
    if (f.flying) add("flying");
    if (f.rage) add("rage");
    if (!feats.empty()) os << "         modelled: " << feats << '\n';
    if (!f.unmodelled.empty()) {
      os << "         NOT modelled:";
      for (const auto& u : f.unmodelled) os << ' ' << u << ';';
      os << '\n';
    }
    os << "         tactics:";
    for (const tactics::Rule& rule : f.rules) {
      os << " [" << (rule.when.is_always() ? "always" : rule.when.text()) << " -> "
         << actions()[static_cast<std::size_t>(rule.action)].name;
      for (const auto& t : tactics::target_specs())
        if (t.target == rule.target && rule.action == kAttack) os << ' ' << t.name;
      os << ']';
    }
    os << '\n';
  }
  return os.str();
}

// The play styles (issue 12; docs/rules/fivey.md, "Play styles"), in the
// order of FoeStyle and PartyStyle; `foes` runs from the kindest to the
// party to the harshest. A combatant with tactics of its own follows them.
const StyleSpec& Encounter::styles() {
  static const StyleSpec kStyles{
      {{"cautious", "spread their blows at random; area attacks only on three enemies or more"},
       {"standard", "focus the most dangerous enemy they can fell soonest; area attacks when worth more than blows"},
       {"ruthless", "finish the nearly fallen first; area attacks when worth more than blows"}},
      {{"standard", "focus the most dangerous foe they can fell soonest; area attacks when worth more than blows; "
                    "inspiration dice on any roll"},
       {"careful", "as standard, but inspiration dice kept for defence"}},
  };
  return kStyles;
}

std::vector<std::string> Encounter::behaviour() const {
  return style_lines_with(fighters, rules::OwnTactics::count);  // who does not play by the style says so
}

std::string describe_keys() {
  std::ostringstream os;
  os << "fivey: FIVEY (source text 004): d20 + stat vs defense class, 2 actions a turn, brackets, inspiration dice, morale.\n\n"
     << "Combatant keys (party and foes entries, and library `monsters:`):\n"
     << format_schema(kCombatantKeys) << "\narea_attack keys:\n"
     << format_schema(kAreaKeys) << "\ncheat_death keys:\n"
     << format_schema(kCheatDeathKeys) << "\noptions:\n"
     << format_schema(kOptionKeys) << "\n" << tactics::describe_language(actions(), vars());
  return os.str();
}

}  // namespace encsim::fivey
