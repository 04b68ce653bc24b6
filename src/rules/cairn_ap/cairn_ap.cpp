// Compiling a cairn-ap scenario into an Encounter: the weapon and armor
// tables (figures only), every key a scenario may use, the default tactics,
// and the descriptions `encsim check` and `encsim rules cairn-ap` print.
#include "rules/cairn_ap/cairn_ap.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace encsim::cairn_ap {
namespace {

const std::vector<std::string> kAttrNames{"str", "dex", "wil"};
const std::vector<std::string> kSaveNames{"str", "dex", "wil", "none"};
const std::vector<std::string> kDefenceNames{"best", "dodge", "block", "parry"};

// Weapons and their Object Die (the damage die); Cairn's usual figures.
struct WeaponRow {
  std::string_view name;
  int sides;
  bool ranged;
};
const std::vector<WeaponRow> kWeapons{
    {"unarmed", 4, false},  {"dagger", 6, false},    {"staff", 6, false},    {"club", 6, false},
    {"sword", 8, false},    {"axe", 8, false},       {"mace", 8, false},     {"spear", 8, false},
    {"greataxe", 10, false}, {"greatsword", 10, false}, {"halberd", 10, false}, {"warhammer", 10, false},
    {"sling", 4, true},     {"bow", 6, true},        {"longbow", 8, true},   {"crossbow", 8, true},
};

// Worn items and the Armor they give ("Armor": a sum, never above 3).
struct ArmorRow {
  std::string_view name;
  int armor;
};
const std::vector<ArmorRow> kArmor{{"shield", 1},     {"helmet", 1},    {"gambeson", 1},
                                   {"brigandine", 1}, {"chainmail", 2}, {"plate", 3}};

template <class Row>
std::vector<std::string> names_of(const std::vector<Row>& rows) {
  std::vector<std::string> out;
  for (const auto& r : rows) out.emplace_back(r.name);
  return out;
}

const std::vector<KeySpec> kCombatantKeys{
    {"name", "string", "", "what reports call it (with `count`, numbered: Bandit 1, Bandit 2...)"},
    {"count", "integer", "1", "how many identical combatants this entry stands for"},
    {"tactics", "list of rules", "the side's, else the defaults and the side's play style", "scripted behaviour (docs/scenarios.md)"},
    {"pc", "boolean", "true in party, false in foes", "a player character: dying instead of dead on critical damage, scars, never checks morale"},
    {"leader", "boolean", "false", "the foes' leader: with options.morale_leader the others save morale on its WIL"},
    {"detachment", "boolean", "false", "a large group fighting as one: attacks on it by individuals are impaired; its attacks on individuals are enhanced blasts; critical damage routs it"},
    {"blast_targets", "integer", "3", "individuals a detachment's blast reaches"},
    {"attack_targets", "integer", "1", "enemies each of its attacks reaches (a sweep): one roll, each target saves"},
    {"str", "integer", "10", "Strength: melee attacks, block and parry, critical damage saves; 0 is death"},
    {"dex", "integer", "10", "Dexterity: ranged attacks, dodge, retreat"},
    {"wil", "integer", "10", "Willpower: initiative, morale, spellcasting"},
    {"hp", "dice", "", "hit protection: a number, or dice rolled per fight (e.g. d6)"},
    {"armor", "integer or list", "0", "Armor: a number, or worn items (shield helmet gambeson brigandine chainmail plate, or numbers), summed, at most 3"},
    {"weapon", "weapon name", "unarmed", "unarmed dagger staff club sword axe mace spear greataxe greatsword halberd warhammer sling bow longbow crossbow"},
    {"weapon_die", "dice", "the weapon's", "the weapon's Object Die (one die, e.g. d8), replacing the table's"},
    {"weapon_advantage", "integer", "0", "advantages (or, negative, disadvantages) on the weapon die, e.g. 1 for a sharp blade"},
    {"second_weapon", "weapon name", "", "a second weapon: both dice rolled, the single highest kept"},
    {"ranged", "boolean", "the weapon's", "attacks with DEX from range: no Move before the first attack, cannot be parried"},
    {"shield", "dice", "", "the shield's Object Die for block saves (e.g. d6); its Armor is listed under `armor`"},
    {"shield_advantage", "integer", "0", "advantages (or disadvantages) on the shield die"},
    {"attack_advantage", "integer", "0", "advantages (+: enhanced) or disadvantages (-: impaired) on the Base Die of every attack"},
    {"defence", "best|dodge|block|parry", "best", "how it saves against attacks: DEX; STR + shield die; STR + weapon die (melee only)"},
    {"free_slots", "integer", "0", "free inventory slots: Magic Dice, filled by Fatigue"},
    {"mana_dust", "integer", "0", "Mana Dust: Magic Dice that bring no Fatigue, used up when cast"},
    {"spells", "list of maps", "", "spells from the Grimoire (keys below); cast with `do: cast:NAME`"},
    {"unmodelled", "list of strings", "", "abilities this combatant has that the simulation does not model (shown by `check`)"},
};

const std::vector<KeySpec> kSpellKeys{
    {"name", "string", "", "the spell's name, for `do: cast:NAME` (required)"},
    {"kind", "damage|heal", "damage", "damage: [sum] to each target that fails its save; heal: [sum] HP to the most hurt ally"},
    {"dice", "integer", "2", "Magic Dice to invest, 1..4 (fewer when fewer are available)"},
    {"targets", "integer", "1", "enemies it reaches; more than one is blast damage"},
    {"save", "str|dex|wil|none", "dex", "the targets' save against the caster's d20 + WIL; none: it always lands"},
};

const std::vector<KeySpec> kOptionKeys{
    {"ap_per_turn", "integer", "4", "Action Points each turn"},
    {"surprised", "none|party|foes", "none", "a surprised side has `surprised_ap` until its first turn ends"},
    {"surprised_ap", "integer", "2", "AP of a surprised creature's first turn"},
    {"ap_attack", "integer", "2", "AP of an attack"},
    {"ap_move", "integer", "1", "AP of a Move"},
    {"ap_gain_advantage", "integer", "1", "AP of Gain Advantage (+1 advantage on the next roll's Base Die; stacks)"},
    {"ap_hold", "integer", "1", "AP of a held dodge, parry or block"},
    {"ap_riposte", "integer", "3", "AP of a held parry-and-riposte (two held actions)"},
    {"ap_cast", "integer", "2", "AP of casting a spell"},
    {"ap_retreat", "integer", "2", "AP of a retreat attempt"},
    {"approach_moves", "integer", "1", "Moves a melee fighter makes before its first melee attack (not once attacked in melee)"},
    {"advantage_lapses", "boolean", "true", "gained advantage not used by the end of the turn is lost"},
    {"riposte", "always|on_parry", "always", "a held riposte strikes back after the parry, or only after a successful parry"},
    {"first_group", "initiative|party|foes", "initiative", "which group takes the first turn (initiative: the group with the highest roll; ties to the party)"},
    {"natural_20", "none|succeeds", "none", "a natural 20 on the Base Die wins its check (unless both sides roll one)"},
    {"natural_1", "none|fails", "none", "a natural 1 on the Base Die loses its check (unless both sides roll one)"},
    {"critical_dc", "integer", "15", "DC of the STR save against critical damage"},
    {"critical_at_zero", "boolean", "false", "exactly 0 HP also calls for a critical damage save"},
    {"dying", "down|dead", "down", "a PC out of the fight from critical damage counts as down (dying) or dead"},
    {"scars", "zero_or_under|exactly_zero", "zero_or_under", "when a PC rolls on the Scars table: at 0 HP or below, or only at exactly 0"},
    {"held_advantage", "dodge|all", "dodge", "which held defences save with advantage: the dodge only, or parry and block too"},
    {"morale", "each|group|off", "each", "the foes' morale: one save each, one for the group, or none"},
    {"morale_dc", "integer", "20", "DC of the WIL save against fleeing"},
    {"morale_leader", "boolean", "false", "the foes save on their living leader's WIL in place of their own"},
    {"lone_foe_morale", "boolean", "true", "a foe alone on its side saves when at 0 HP"},
    {"retreat_dc", "integer", "20", "DC of the DEX save to retreat"},
    {"retreat_advantage", "boolean", "false", "advantage gained with Gain Advantage serves the retreat save"},
    {"spell_armor", "boolean", "true", "Armor reduces spell damage"},
    {"mishap_effects", "boolean", "true", "mishaps with an effect inside the fight apply it (see docs/rules/cairn-ap.md)"},
    {"target_ties", "random|first", "random", "equally good targets: one at random, or the first listed"},
};

int get_ap(MapReader& r, std::string_view key, int fallback, int lo) {
  return static_cast<int>(r.get_int(key, fallback, lo, 12));
}

Options read_options(const Node* node) {
  Options o;
  if (!node) return o;
  MapReader r(*node, kOptionKeys, "options");
  r.finish();
  auto choice = [&](std::string_view key, const std::vector<std::string>& names, auto value) {
    return static_cast<decltype(value)>(r.get_choice(key, names, static_cast<int>(value)));
  };
  o.ap_per_turn = get_ap(r, "ap_per_turn", o.ap_per_turn, 1);
  o.surprised = choice("surprised", {"none", "party", "foes"}, o.surprised);
  o.surprised_ap = get_ap(r, "surprised_ap", o.surprised_ap, 0);
  o.ap_attack = get_ap(r, "ap_attack", o.ap_attack, 1);
  o.ap_move = get_ap(r, "ap_move", o.ap_move, 0);
  o.ap_gain_advantage = get_ap(r, "ap_gain_advantage", o.ap_gain_advantage, 1);
  o.ap_hold = get_ap(r, "ap_hold", o.ap_hold, 1);
  o.ap_riposte = get_ap(r, "ap_riposte", o.ap_riposte, 1);
  o.ap_cast = get_ap(r, "ap_cast", o.ap_cast, 1);
  o.ap_retreat = get_ap(r, "ap_retreat", o.ap_retreat, 1);
  o.approach_moves = static_cast<int>(r.get_int("approach_moves", o.approach_moves, 0, 10));
  o.advantage_lapses = r.get_bool("advantage_lapses", o.advantage_lapses);
  o.riposte_needs_parry = choice("riposte", {"always", "on_parry"}, o.riposte_needs_parry);
  o.first_group = choice("first_group", {"initiative", "party", "foes"}, o.first_group);
  o.natural_20_succeeds = choice("natural_20", {"none", "succeeds"}, o.natural_20_succeeds);
  o.natural_1_fails = choice("natural_1", {"none", "fails"}, o.natural_1_fails);
  o.critical_dc = static_cast<int>(r.get_int("critical_dc", o.critical_dc, 1, 40));
  o.critical_at_zero = r.get_bool("critical_at_zero", o.critical_at_zero);
  o.dying_pcs_count_dead = choice("dying", {"down", "dead"}, o.dying_pcs_count_dead);
  o.scars = r.get_choice("scars", {"zero_or_under", "exactly_zero"}, 0) == 0 ? ScarRule::zero_or_under
                                                                             : ScarRule::exactly_zero;
  o.held_advantage_all = r.get_choice("held_advantage", {"dodge", "all"}, 0) == 1;
  const int morale = r.get_choice("morale", {"each", "group", "off"}, 0);
  o.morale = morale == 0 ? MoraleMode::each : morale == 1 ? MoraleMode::group : MoraleMode::off;
  o.morale_dc = static_cast<int>(r.get_int("morale_dc", o.morale_dc, 1, 40));
  o.morale_leader = r.get_bool("morale_leader", o.morale_leader);
  o.lone_foe_morale = r.get_bool("lone_foe_morale", o.lone_foe_morale);
  o.retreat_dc = static_cast<int>(r.get_int("retreat_dc", o.retreat_dc, 1, 40));
  o.retreat_advantage = r.get_bool("retreat_advantage", o.retreat_advantage);
  o.spell_armor = r.get_bool("spell_armor", o.spell_armor);
  o.mishap_effects = r.get_bool("mishap_effects", o.mishap_effects);
  o.random_target_ties = !choice("target_ties", {"random", "first"}, !o.random_target_ties);
  if (o.surprised_ap > o.ap_per_turn)
    throw InputError(r.scalar("surprised_ap")->pos(), "surprised_ap cannot exceed ap_per_turn (" +
                                                          std::to_string(o.ap_per_turn) + ")");
  return o;
}

std::string die_text(const CheckDie& d) {
  if (d.sides == 0) return "-";
  std::ostringstream os;
  os << 'd' << d.sides;
  if (d.adv > 0) os << " (+" << static_cast<int>(d.adv) << " adv)";
  if (d.adv < 0) os << " (" << -d.adv << " disadv)";
  return os.str();
}

// One die, as an Object Die: "d8" or "1d8"; nothing else.
CheckDie read_die(MapReader& r, std::string_view key, int adv) {
  const Node* n = r.scalar(key);
  if (!n) return {};
  const Dice d = n->as_dice();
  const int sides = d.single_die_sides();
  if (sides < 2 || sides > 20 || d.term(0).count != 1 || d.flat() != 0 || d.term(0).sign < 0 ||
      d.term(0).mode != DiceTerm::Keep::all)
    throw InputError(n->pos(), std::string(key) + " must be one die from d2 to d20 (an Object Die), got '" +
                                   n->text() + "'");
  return CheckDie{static_cast<std::int16_t>(sides), static_cast<std::int8_t>(adv)};
}

int read_armor(MapReader& r, std::string& text, int& shield) {
  const Node* n = r.scalar("armor");
  if (!n) return 0;
  int total = 0;
  auto one = [&](const Node& item) {
    if (item.is_scalar() && !item.text().empty() &&
        (std::isdigit(static_cast<unsigned char>(item.text()[0])) != 0 || item.text()[0] == '-')) {
      const auto v = item.as_int();
      check_range(item, "armor", static_cast<double>(v), 0, 3);
      total += static_cast<int>(v);
      if (n->is_list()) text += (text.empty() ? "" : "+") + item.text();
      return;
    }
    const std::string& name = item.as_string();
    const auto names = names_of(kArmor);
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end())
      throw InputError(item.pos(), "unknown armor item '" + name + "'" + did_you_mean(name, names) +
                                       "; expected one of " + one_of(names) + " or a number");
    total += kArmor[static_cast<std::size_t>(it - names.begin())].armor;
    if (name == "shield") ++shield;
    text += (text.empty() ? "" : "+") + name;
  };
  if (n->is_list()) {
    for (const Node& item : n->items()) one(item);
  } else {
    one(*n);
  }
  // "A PC, NPC, or monster cannot have more than 3 Armor."
  if (total > 3) text += " (capped at 3)";
  return std::min(total, 3);
}

std::vector<tactics::Rule> read_rules(const Node& list) {
  return tactics::compile_rules(list, actions(), vars(), tactics::Target::lowest_hp);
}

tactics::Rule rule(int action, const std::string& when = "", const std::string& arg = "", int arg_id = -1) {
  tactics::Rule r;
  r.action = action;
  if (!when.empty()) r.when = tactics::Condition::compile(when, {}, vars());
  r.arg = arg;
  r.arg_id = arg_id;
  return r;
}

// A number in a tactics condition.
std::string decimal(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  return buf;
}

// The default held defence. Only a held dodge gains advantage by the text,
// so it is held while its expected save (DEX + one advantage) beats the best
// unheld save against melee on the current STR; with held_advantage: all,
// the combatant holds its own defence.
tactics::Rule default_hold(const Fighter& f, const Options& o) {
  if (o.held_advantage_all)
    return rule(f.vs_melee == Defence::parry ? kHoldParry : f.vs_melee == Defence::block ? kHoldBlock : kHoldDodge);
  const bool block = f.shield_die.sides > 0 && (f.defence == Defence::best || f.defence == Defence::block);
  const bool parry = f.armed && !f.ranged && (f.defence == Defence::best || f.defence == Defence::parry);
  if (!block && !parry) return rule(kHoldDodge);
  Check held;
  held.base_adv = 1;
  const double gain = check_mean(held) - check_mean(Check{});
  const double objects = std::max(block ? f.block_objects : -1e9, parry ? f.parry_objects : -1e9);
  return rule(kHoldDodge, "self.dex + " + decimal(gain) + " > self.str + " + decimal(objects));
}

// The default script: heal a badly hurt ally, else blast or strike with a
// damage spell while there are Magic Dice; attack the enemy with the fewest
// HP (a melee fighter that cannot reach and strike this turn makes its Moves);
// spend what AP are left on a held defence that helps (default_hold).
std::vector<tactics::Rule> default_rules(const Fighter& f, const Options& o) {
  std::vector<tactics::Rule> rules;
  for (std::size_t k = 0; k < f.spells.size(); ++k) {
    const Spell& sp = f.spells[k];
    if (sp.kind == Spell::Kind::heal)
      rules.push_back(rule(kCast, "allies_wounded >= 1 and self.magic_dice >= 1", sp.name, static_cast<int>(k)));
  }
  // Blasts while they reach two or more, then single-target spells.
  for (const bool blast : {true, false})
    for (std::size_t k = 0; k < f.spells.size(); ++k) {
      const Spell& sp = f.spells[k];
      if (sp.kind != Spell::Kind::damage || (sp.targets > 1) != blast) continue;
      rules.push_back(rule(kCast, blast ? "enemies_alive >= 2 and self.magic_dice >= 1" : "self.magic_dice >= 1",
                           sp.name, static_cast<int>(k)));
    }
  rules.push_back(rule(kAttack));
  rules.push_back(default_hold(f, o));
  return rules;
}

Spell read_spell(const Node& node, const std::string& who) {
  const std::string n = node.find("name") ? node.find("name")->text() : std::string("?");
  MapReader r(node, kSpellKeys, "spell '" + n + "' of '" + who + "'");
  r.finish();
  Spell sp;
  sp.name = r.require("name").as_string();
  sp.kind = static_cast<Spell::Kind>(r.get_choice("kind", {"damage", "heal"}, 0));
  sp.dice = static_cast<int>(r.get_int("dice", 2, 1, 4));
  sp.targets = static_cast<int>(r.get_int("targets", 1, 1, Encounter::kMaxFighters));
  const int save = r.get_choice("save", kSaveNames, kDex);
  sp.save = save == 3 ? -1 : save;
  return sp;
}

Fighter read_fighter(const Node& node, int side, const Node* side_rules, int& count, const Options& opt) {
  const std::string what_name = node.find("name") ? node.find("name")->text() : std::string("?");
  MapReader r(node, kCombatantKeys, "combatant '" + what_name + "'");
  r.finish();
  Fighter f;
  f.name = r.get_string("name", "");
  f.side = side;
  count = static_cast<int>(r.get_int("count", 1, 1, Encounter::kMaxFighters));
  f.pc = r.get_bool("pc", side == 0);
  if (f.pc && side == 1) throw InputError(r.scalar("pc")->pos(), "a foe cannot be a PC (pc: true is for party members)");
  f.leader = r.get_bool("leader", false);
  f.detachment = r.get_bool("detachment", false);
  if (f.detachment && f.pc) throw InputError(r.scalar("detachment")->pos(), "a PC cannot be a detachment (set 'pc: false')");
  f.blast_targets = static_cast<int>(r.get_int("blast_targets", 3, 1, Encounter::kMaxFighters));
  f.attack_targets = static_cast<int>(r.get_int("attack_targets", 1, 1, Encounter::kMaxFighters));
  for (int a = 0; a < kAttributeCount; ++a)
    f.attr[static_cast<std::size_t>(a)] = static_cast<int>(r.get_int(kAttrNames[static_cast<std::size_t>(a)], 10, 0, 30));
  if (f.attr[kStr] == 0) throw InputError(r.scalar("str")->pos(), "str 0 is death; a combatant needs at least 1");
  const Node& hp = r.require("hp");
  f.hp = hp.as_dice();
  if (f.hp.min() < 0 || f.hp.max() > 1000)
    throw InputError(hp.pos(), "hp must stay between 0 and 1000, got '" + hp.text() + "'");
  f.armor = read_armor(r, f.armor_text, f.shield_armor);
  f.shield_armor = std::min(f.shield_armor, f.armor);

  // The weapon and its Object Die.
  const auto weapon_names = names_of(kWeapons);
  const WeaponRow& w = kWeapons[static_cast<std::size_t>(r.get_choice("weapon", weapon_names, 0))];
  f.weapon = std::string(w.name);
  f.armed = w.name != "unarmed";
  const int weapon_adv = static_cast<int>(r.get_int("weapon_advantage", 0, -kMaxDieAdvantage, kMaxDieAdvantage));
  f.weapon_die = CheckDie{static_cast<std::int16_t>(w.sides), static_cast<std::int8_t>(weapon_adv)};
  if (r.has("weapon_die")) {
    f.weapon_die = read_die(r, "weapon_die", weapon_adv);
    if (!r.has("weapon")) {
      f.weapon = die_text(CheckDie{f.weapon_die.sides, 0});
      f.armed = true;
    }
  }
  f.ranged = r.get_bool("ranged", w.ranged);
  if (r.has("second_weapon")) {
    const WeaponRow& w2 = kWeapons[static_cast<std::size_t>(r.get_choice("second_weapon", weapon_names, 0))];
    if (w2.ranged != f.ranged)
      throw InputError(r.scalar("second_weapon")->pos(), "a second weapon must be " +
                                                            std::string(f.ranged ? "ranged" : "melee") + " like the first");
    f.second_die = CheckDie{static_cast<std::int16_t>(w2.sides), static_cast<std::int8_t>(weapon_adv)};
    f.weapon += "+" + std::string(w2.name);
  }
  const int shield_adv = static_cast<int>(r.get_int("shield_advantage", 0, -kMaxDieAdvantage, kMaxDieAdvantage));
  f.shield_die = read_die(r, "shield", shield_adv);
  f.attack_adv = static_cast<int>(r.get_int("attack_advantage", 0, -kMaxDieAdvantage, kMaxDieAdvantage));
  f.defence = static_cast<Defence>(r.get_choice("defence", kDefenceNames, 0));
  if (f.defence == Defence::block && f.shield_die.sides == 0)
    throw InputError(r.scalar("defence")->pos(), "defence 'block' needs a 'shield' die");
  if (f.defence == Defence::parry && (!f.armed || f.ranged))
    throw InputError(r.scalar("defence")->pos(), "defence 'parry' needs a melee weapon");
  // "best": the defence with the highest expected save; parry only against
  // melee. The fight re-resolves it on the current STR (Battle::free_defence);
  // this is the choice on the starting attributes, for `check`.
  f.block_objects = defence_mean(f, Defence::block) - defence_mean(f, Defence::dodge) + f.attr[kDex] - f.attr[kStr];
  f.parry_objects = defence_mean(f, Defence::parry) - defence_mean(f, Defence::dodge) + f.attr[kDex] - f.attr[kStr];
  auto resolve = [&](bool vs_ranged) {
    if (f.defence != Defence::best) return f.defence == Defence::parry && vs_ranged ? Defence::dodge : f.defence;
    return best_defence(f, f.attr[kStr], f.attr[kDex], vs_ranged);
  };
  f.vs_melee = resolve(false);
  f.vs_ranged = resolve(true);

  // Magic.
  f.free_slots = static_cast<int>(r.get_int("free_slots", 0, 0, 30));
  f.mana_dust = static_cast<int>(r.get_int("mana_dust", 0, 0, 100));
  if (const Node* spells = r.get("spells")) {
    if (!spells->is_list()) throw InputError(spells->pos(), "spells must be a list of spell maps");
    for (const Node& s : spells->items()) {
      f.spells.push_back(read_spell(s, f.name));
      for (std::size_t k = 0; k + 1 < f.spells.size(); ++k)
        if (f.spells[k].name == f.spells.back().name)
          throw InputError(s.pos(), "spell '" + f.spells.back().name + "' is listed twice");
    }
  }
  if (const Node* um = r.get("unmodelled")) {
    if (!um->is_list()) throw InputError(um->pos(), "unmodelled must be a list of names");
    for (const Node& item : um->items()) f.unmodelled.push_back(item.as_string());
  }
  const double damage = f.second_die.sides ? std::max(f.weapon_die.sides, f.second_die.sides) : f.weapon_die.sides;
  f.mean_damage = (damage + 1) / 2.0 * (f.detachment ? std::max(f.blast_targets, f.attack_targets) : f.attack_targets);

  if (const Node* own = r.get("tactics")) {
    f.rules = read_rules(*own);
  } else if (side_rules) {
    f.rules = read_rules(*side_rules);
  } else {
    f.rules = default_rules(f, opt);
    f.styled = true;
  }
  std::vector<std::string> spell_names;
  for (const Spell& sp : f.spells) spell_names.push_back(sp.name);
  for (tactics::Rule& rl : f.rules) {
    auto fail = [&](const std::string& why) { throw InputError(rl.pos, "'" + f.name + "' " + why); };
    if (rl.action == kCast) {
      const auto it = std::find(spell_names.begin(), spell_names.end(), rl.arg);
      if (f.spells.empty()) fail("has no spells to cast");
      if (it == spell_names.end())
        throw InputError(rl.pos, "'" + f.name + "' has no spell '" + rl.arg + "'" + did_you_mean(rl.arg, spell_names) +
                                     "; it knows " + one_of(spell_names));
      rl.arg_id = static_cast<int>(it - spell_names.begin());
    }
    if (rl.action == kHoldBlock && f.shield_die.sides == 0) fail("has no shield to block with");
    if ((rl.action == kHoldParry || rl.action == kRiposte) && (!f.armed || f.ranged))
      fail("has no melee weapon to parry with");
  }
  return f;
}

const char* defence_name(Defence d) {
  static const char* kNames[] = {"best", "dodge", "block", "parry"};
  return kNames[static_cast<int>(d)];
}


}  // namespace

std::array<double, 32> die_distribution(int sides, int adv) {
  std::array<double, 32> p{};
  adv = clamp_advantage(adv);
  const int n = 1 + (adv < 0 ? -adv : adv);
  // P(max of n <= k) = (k/s)^n; P(min of n >= k) = ((s-k+1)/s)^n.
  for (int k = 1; k <= sides; ++k) {
    const double s = sides;
    double pk;
    if (adv >= 0)
      pk = std::pow(k / s, n) - std::pow((k - 1) / s, n);
    else
      pk = std::pow((s - k + 1) / s, n) - std::pow((s - k) / s, n);
    p[static_cast<std::size_t>(k - 1)] = pk;
  }
  return p;
}

double check_mean(const Check& c) {
  auto mean = [](int sides, int adv) {
    const auto p = die_distribution(sides, adv);
    double m = 0;
    for (int k = 0; k < sides; ++k) m += (k + 1) * p[static_cast<std::size_t>(k)];
    return m;
  };
  double total = mean(20, c.base_adv) + c.modifier;
  double objects = 0;
  for (const CheckDie& o : c.objects) {
    if (o.sides == 0) continue;
    objects = c.highest_object ? std::max(objects, mean(o.sides, o.adv)) : objects + mean(o.sides, o.adv);
  }
  return total + objects;
}

double defence_mean(const Fighter& f, Defence d) {
  Check c;
  switch (d) {
    case Defence::block:
      c.modifier = f.attr[kStr];
      c.objects[0] = f.shield_die;
      break;
    case Defence::parry:
      c.modifier = f.attr[kStr];
      c.objects[0] = f.weapon_die;
      c.objects[1] = f.second_die;
      c.highest_object = true;
      break;
    default: c.modifier = f.attr[kDex]; break;
  }
  return check_mean(c);
}

const char* scar_name(int entry) {
  static const char* kScars[] = {"",
                                 "Lasting Scar",
                                 "Rattling Blow",
                                 "Walloped",
                                 "Broken Limb",
                                 "Diseased",
                                 "Reorienting Head Wound",
                                 "Hamstrung",
                                 "Deafened",
                                 "Re-brained",
                                 "Sundered",
                                 "Mortal Wound",
                                 "Doomed"};
  return kScars[std::clamp(entry, 1, 12)];
}

const char* mishap_name(int sum) {
  // A few words of our own for each [sum] of the Mishaps table.
  static const char* kMishaps[] = {
      "",
      "",
      "no more spells for hours",
      "Fatigue on 3-6 for a day",
      "a chain reaction, and a Fatigue",
      "the effect reversed, and a Fatigue",
      "non-metal belongings burn",
      "deprived",
      "WIL damage when casting for a day",
      "purple skin, glowing eyes",
      "the spirit leaves the body",
      "arcane burns: WIL lost",
      "a slot lost, +1 Armor",
      "the Grimoire ruined",
      "magical tumors",
      "half the WIL into the Grimoire",
      "fused with plants: STR lost, +1 Armor",
      "transformed into something weird",
      "a hand fused to the Grimoire",
      "wings sprout",
      "limbs swapped with an alien being",
      "noticed by a deity",
      "a vessel of magic",
      "a duplicate",
      "become Elemental",
  };
  return kMishaps[std::clamp(sum, 2, 24)];
}

const std::vector<tactics::ActionSpec>& actions() {
  static const std::vector<tactics::ActionSpec> kActions{
      {"attack", "ap_attack AP (a melee fighter first Moves into reach; when the AP left cannot pay for both, it makes the Moves now and strikes next turn): an attack on the target", false},
      {"move", "ap_move AP: one Move towards melee reach (only while not yet in reach)", false},
      {"gain_advantage", "ap_gain_advantage AP: +1 advantage on the Base Die of its next roll (stacks)", false},
      {"hold_dodge", "ap_hold AP: a held dodge (DEX, with advantage) against the next attack before its next turn", false},
      {"hold_parry", "ap_hold AP: a held parry (STR + weapon die, with advantage) against the next melee attack", false},
      {"hold_block", "ap_hold AP: a held block (STR + shield die, with advantage) against the next attack", false},
      {"riposte", "ap_riposte AP: a held parry with advantage, then an attack back at the attacker", false},
      {"retreat", "ap_retreat AP: a DEX save against retreat_dc; on a success it leaves the fight", false},
      {"cast", "ap_cast AP: cast the named spell (`cast:NAME`) with its Magic Dice", true},
      {"pass", "end the turn now", false},
  };
  return kActions;
}

const std::vector<tactics::VarSpec>& vars() {
  static const std::vector<tactics::VarSpec> kVars = [] {
    std::vector<tactics::VarSpec> v = tactics::common_vars();
    v.push_back({"self.ap", "Action Points left this turn"});
    v.push_back({"self.advantage", "advantage gained for the next roll"});
    v.push_back({"self.held", "1 while a held action waits for its trigger"});
    v.push_back({"self.str", "current STR (critical damage lowers it)"});
    v.push_back({"self.str_max", "STR at the start"});
    v.push_back({"self.dex", "DEX"});
    v.push_back({"self.wil", "WIL"});
    v.push_back({"self.armor", "Armor"});
    v.push_back({"self.engaged", "1 once in melee reach"});
    v.push_back({"self.fatigue", "Fatigue gained"});
    v.push_back({"self.free_slots", "free inventory slots"});
    v.push_back({"self.mana_dust", "Mana Dust left"});
    v.push_back({"self.magic_dice", "Magic Dice available (free slots + Mana Dust, at most 4)"});
    v.push_back({"allies_wounded", "allies in the fight below half their HP (self included)"});
    v.push_back({"enemy_detachments", "enemy detachments in the fight"});
    return v;
  }();
  return kVars;
}

const std::vector<MetricSpec>& Encounter::resource_specs() {
  static const std::vector<MetricSpec> kSpecs{
      {"ap_attack", "AP spent on attacks", false, false, false},
      {"ap_move", "AP spent on Moves", false, false, false},
      {"ap_gain_advantage", "AP spent on Gain Advantage", false, false, false},
      {"ap_held", "AP spent on held actions", false, false, false},
      {"ap_cast", "AP spent casting spells", false, false, false},
      {"ap_retreat", "AP spent on retreat attempts", false, false, false},
      {"held_fired", "held actions that fired", false, false, false},
      {"str_lost", "STR lost to damage past 0 HP", false, true, true},
      {"critical_saves", "STR saves against critical damage", false, false, false},
      {"critical_failed", "critical damage saves failed", false, false, true},
      {"scars", "rolls on the Scars table", false, false, true},
      {"morale_checks", "morale saves the foes made", false, false, true},
      {"morale_fled", "foes who fled on a failed morale save", false, false, false},
      {"retreats", "successful retreats", false, false, false},
      {"routed", "detachments routed by critical damage", false, false, false},
      {"spells_cast", "spells cast", false, false, false},
      {"spells_failed", "spells failed (three or more matching dice)", false, false, false},
      {"fatigue", "Fatigue gained from casting", false, true, false},
      {"mishaps", "mishaps (two or more matching Magic Dice)", false, false, true},
      {"natural_20s", "natural 20s on a Base Die (any check)", false, false, false},
      {"natural_1s", "natural 1s on a Base Die (any check)", false, false, false},
  };
  return kSpecs;
}

const std::vector<MetricSpec>& Encounter::extra_specs() {
  static const std::vector<MetricSpec> kSpecs{
      {"ap_spent", "AP it spent", false, false, false},
      {"held_fired", "its held actions that fired", false, false, false},
      {"str_lost", "STR it lost to damage past 0 HP", false, false, false, false, "STR lost"},
      {"critical_failed", "critical damage saves it failed", true, false, false},
      {"scars", "rolls it made on the Scars table", false, false, false},
      {"fled", "fights it left by fleeing, retreating or being routed", true, false, false},
      {"spells_cast", "spells it cast", false, false, false},
      {"fatigue", "Fatigue it gained", false, false, false},
      {"mishaps", "its mishaps", false, false, false},
      {"natural_20s", "natural 20s on its Base Die", false, false, false},
      {"natural_1s", "natural 1s on its Base Die", false, false, false},
      {"hp_start", "HP at the start (fixed, or rolled per fight)", false, false, false},
  };
  return kSpecs;
}

const ScreenSpec& Encounter::screen() {
  static const ScreenSpec kScreen{
      "grabs, shoves, held actions other than attacks and the Die of Fate are not modelled: "
      "a party that plays cleverly is likely stronger than shown",
      {"STR lost past 0 HP: {str_lost} (9 in 10 fights at most {str_lost:p90}); critical saves failed "
       "{critical_failed}; scars {scars}",
       "Spells cast {spells_cast} ({spells_failed} failed, {mishaps} mishaps), Fatigue {fatigue}; foes' "
       "morale saves {morale_checks}, {morale_fled} fled"}};
  return kScreen;
}

Encounter compile(const Scenario&, const Variant& variant) {
  const Node& doc = variant.doc;
  Encounter enc;
  enc.read_frame(doc, kId);
  enc.opt = read_options(doc.find("options"));
  enc.n_party = enc.read_fighters(doc, enc.fighters, " in one fight (a large group can be one detachment)",
                                  [&](const Node& entry, int side, const Node* side_rules, int& count) {
                                    return read_fighter(entry, side, side_rules, count, enc.opt);
                                  });
  // What each can use (features.csv): its attack, the other actions its
  // rules name (moves and passing aside), and its spells.
  for (int i = 0; i < static_cast<int>(enc.fighters.size()); ++i) {
    Fighter& f = enc.fighters[static_cast<std::size_t>(i)];
    static_assert(static_cast<std::size_t>(kActionCount) == std::tuple_size_v<decltype(f.feat_action)>);
    f.feat_action[kAttack] = add_feature(enc.features_, i, "attack (" + f.weapon + ")");
    for (const tactics::Rule& r : f.rules)
      if (r.action != kMove && r.action != kCast && r.action != kPass && f.feat_action[static_cast<std::size_t>(r.action)] < 0)
        f.feat_action[static_cast<std::size_t>(r.action)] =
            add_feature(enc.features_, i, std::string(actions()[static_cast<std::size_t>(r.action)].name));
    for (const Spell& sp : f.spells) f.feat_spell.push_back(add_feature(enc.features_, i, sp.name));
  }
  return enc;
}

std::string Encounter::describe() const {
  std::ostringstream os;
  static const char* kSurprise[] = {"none", "party", "foes"};
  static const char* kFirst[] = {"initiative", "party", "foes"};
  static const char* kMorale[] = {"group", "each", "off"};
  os << "options: " << opt.ap_per_turn << " AP a turn (surprised: " << kSurprise[static_cast<int>(opt.surprised)]
     << ", " << opt.surprised_ap << " AP); attack " << opt.ap_attack << ", move " << opt.ap_move
     << ", gain advantage " << opt.ap_gain_advantage << ", hold " << opt.ap_hold << ", riposte " << opt.ap_riposte
     << ", cast " << opt.ap_cast << ", retreat " << opt.ap_retreat << " AP; approach_moves " << opt.approach_moves
     << "\n         first group " << kFirst[static_cast<int>(opt.first_group)] << "; naturals: 20 "
     << (opt.natural_20_succeeds ? "succeeds" : "none") << ", 1 " << (opt.natural_1_fails ? "fails" : "none")
     << "; critical DC " << opt.critical_dc << (opt.critical_at_zero ? " (also at exactly 0 HP)" : "")
     << "; scars " << (opt.scars == ScarRule::exactly_zero ? "exactly_zero" : "zero_or_under") << "; morale "
     << kMorale[static_cast<int>(opt.morale)] << " DC " << opt.morale_dc << "; retreat DC " << opt.retreat_dc
     << "; max_rounds " << max_rounds << '\n';
  for (const Fighter& f : fighters) {
    os << (f.side == 0 ? "party  " : "foes   ") << f.name << (f.pc ? " (PC)" : "") << (f.leader ? " (leader)" : "")
       << (f.detachment ? " (detachment, blast " + std::to_string(f.blast_targets) + ")" : "") << ": HP "
       << f.hp.to_string() << ", STR " << f.attr[kStr] << " DEX " << f.attr[kDex] << " WIL " << f.attr[kWil]
       << ", armor " << f.armor;
    if (!f.armor_text.empty()) os << " (" << f.armor_text << ")";
    os << "\n         attack " << f.weapon << (f.ranged ? " (ranged, d20+DEX+" : " (melee, d20+STR+")
       << die_text(f.weapon_die);
    if (f.second_die.sides) os << " | " << die_text(f.second_die) << ", highest kept";
    os << ")";
    if (f.attack_targets > 1) os << ", " << f.attack_targets << " targets per attack";
    if (f.attack_adv) os << ", base die " << (f.attack_adv > 0 ? "+" : "") << f.attack_adv << " adv";
    os << "; saves vs melee " << defence_name(f.vs_melee) << ", vs ranged " << defence_name(f.vs_ranged);
    if (f.shield_die.sides) os << "; shield " << die_text(f.shield_die);
    os << '\n';
    if (!f.spells.empty() || f.free_slots || f.mana_dust) {
      os << "         magic: " << f.free_slots << " free slots, " << f.mana_dust << " Mana Dust; spells:";
      for (const Spell& sp : f.spells)
        if (sp.kind == Spell::Kind::heal)
          os << ' ' << sp.name << " (heal, " << sp.dice << " dice)";
        else
          os << ' ' << sp.name << " (damage, " << sp.dice << " dice, " << sp.targets << " target(s), save "
             << (sp.save < 0 ? "none" : kSaveNames[static_cast<std::size_t>(sp.save)]) << ")";
      os << '\n';
    }
    if (!f.unmodelled.empty()) {
      os << "         NOT modelled:";
      for (const auto& u : f.unmodelled) os << ' ' << u << ';';
      os << '\n';
    }
    os << "         tactics:";
    for (const tactics::Rule& rl : f.rules) {
      os << " [" << (rl.when.is_always() ? "always" : rl.when.text()) << " -> "
         << actions()[static_cast<std::size_t>(rl.action)].name;
      if (rl.action == kCast) os << ':' << rl.arg;
      if (rl.action == kAttack || (rl.action == kCast && f.spells[static_cast<std::size_t>(rl.arg_id)].kind == Spell::Kind::damage))
        for (const auto& t : tactics::target_specs())
          if (t.target == rl.target) os << ' ' << t.name;
      os << ']';
    }
    os << '\n';
  }
  return os.str();
}

// The play styles (issue 12; docs/rules/cairn-ap.md, "Play styles"), in the
// order of FoeStyle and PartyStyle; `foes` runs from the kindest to the
// party to the harshest. A combatant with tactics of its own follows them.
const StyleSpec& Encounter::styles() {
  static const StyleSpec kStyles{
      {{"cautious", "one blow a turn, then a held defence; blows spread at random"},
       {"standard", "finish the nearly fallen: blows where they take most of the HP left, past armor"},
       {"ruthless", "focus the most dangerous enemy they can fell soonest, past armor"}},
      {{"standard", "focus the most dangerous foe they can fell soonest, past armor"},
       {"careful", "as standard, but one blow a turn, then a held defence"}},
  };
  return kStyles;
}

std::vector<std::string> Encounter::behaviour() const {
  return style_lines_with(fighters, rules::OwnTactics::count);  // who does not play by the style says so
}

std::string describe_keys() {
  std::ostringstream os;
  os << "cairn-ap: a Cairn hack with action points (source text 001): d20 + attribute + Object Dice contests with\n"
     << "per-die advantage, 4 AP turns, armor, critical damage to STR, scars, morale, detachments, magic dice.\n\n"
     << "Combatant keys (party and foes entries, and library `monsters:`):\n"
     << format_schema(kCombatantKeys) << "\nspell keys (entries of `spells`):\n"
     << format_schema(kSpellKeys) << "\noptions:\n"
     << format_schema(kOptionKeys) << "\n" << tactics::describe_language(actions(), vars());
  return os.str();
}

}  // namespace encsim::cairn_ap
