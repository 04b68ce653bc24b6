// Compiling a Monsters & Magic scenario into an Encounter: every key a
// scenario may use, with the text's defaults (seed 002, "Abilities",
// "Proficiencies", "Armor Class", "Fatigue & Exhaustion", "Threads of Fate").
#include "rules/monsters_and_magic/mnm.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace encsim::mnm {
namespace {

const std::vector<std::string> kTypeNames{"bludgeoning", "piercing", "slashing", "fire",    "cold",
                                          "lightning",   "thunder",  "acid",     "poison",  "necrotic",
                                          "radiant",     "psychic",  "force"};
TypeMask type_bit(std::size_t index) { return static_cast<TypeMask>(1u << index); }

const std::vector<KeySpec> kCombatantKeys{
    {"name", "string", "", "what reports call it (with `count`, numbered: Goblin 1, Goblin 2...)"},
    {"count", "integer", "1", "how many identical combatants this entry stands for"},
    {"tactics", "list of rules", "the side's, else the defaults", "scripted behaviour (docs/scenarios.md)"},
    {"pc", "boolean", "true in party without cr", "a player character: abilities, threads of fate, death saves"},
    {"cr", "integer", "", "challenge rating: a monster's flat bonus in place of abilities and its proficiency bonus"},
    {"focus", "integer", "0", "PC ability: precise weapons"},
    {"power", "integer", "0", "PC ability: weapon attacks and damage, grapple"},
    {"cunning", "integer", "0", "PC ability: initiative, AC in no/light/medium armour, agile weapons, distract"},
    {"luck", "integer", "0", "PC ability: death saves, Feeling Lucky, Bend Luck"},
    {"tier", "integer", "1", "tier of play 1..4: a PC's proficiency bonus"},
    {"hp", "integer", "", "maximum hit points (required)"},
    {"start_hp", "integer", "hp", "hit points at the start of the fight (1..hp)"},
    {"start_fatigue", "integer", "0", "fatigue already marked at its exhaustion level (up to `fatigue`)"},
    {"start_exhaustion", "integer", "0", "exhaustion levels already marked (up to `exhaustion`)"},
    {"temp_hp", "integer", "0", "temporary hit points at the start, lost first"},
    {"ac", "integer", "0", "armour class from armour and shield (PCs add cunning unless armour is heavy)"},
    {"armor", "none|light|medium|heavy", "none", "armour worn; heavy armour does not add cunning to AC"},
    {"armor_proficient", "boolean", "true", "without proficiency the armour's AC is halved and checks take -2 ongoing"},
    {"cover", "none|partial", "none", "partial cover: +2 AC and attacks against it take -2"},
    {"damage", "dice", "", "the weapon's damage dice (required); the ability (monsters: CR) is added"},
    {"damage_type", "damage type", "", "bludgeoning piercing slashing fire cold lightning thunder acid poison necrotic radiant psychic force"},
    {"weapon_kind", "plain|precise|agile", "plain", "precise weapons may use focus, agile ones cunning, for attack and damage"},
    {"attack_ability", "ability name", "power, or the better the weapon allows", "the ability of the attack roll and damage"},
    {"proficient", "boolean", "true", "a PC proficient with the weapon adds the proficiency bonus to attack rolls"},
    {"ranged", "boolean", "false", "attacks from range: no Move needed, no opportunity attacks"},
    {"attack_bonus", "integer", "0", "added to its attack rolls besides ability/CR and proficiency (a magic weapon, a stat block's bonus)"},
    {"damage_bonus", "integer", "0", "added to its weapon damage besides the ability/CR"},
    {"multiattack", "integer", "1", "attacks each Strike makes, each rolled on its own (a stat block's multiattack)"},
    {"step", "integer", "0", "effect steps on its attack results (-1, 0, +1)"},
    {"advantage", "boolean", "false", "its attack rolls have advantage"},
    {"disadvantage", "boolean", "false", "its attack rolls have disadvantage (cancels advantage)"},
    {"inflicts", "condition name", "", "a condition its hits inflict: weakened sundered impaired stunned doomed restrained slowed prone frightened blinded"},
    {"inflicts_on", "weak|strong|critical", "strong", "the worst attack result that inflicts it"},
    {"resist", "list of damage types", "", "halve damage of these types (after AC)"},
    {"vulnerable", "list of damage types", "", "double damage of these types (after AC)"},
    {"immune", "list of damage types", "", "ignore damage of these types"},
    {"fatigue", "integer", "5 (PCs), 3 (monsters)", "fatigue per exhaustion level"},
    {"exhaustion", "integer", "5 (PCs), 2 (monsters)", "exhaustion levels; none left to mark: unconscious"},
    {"bond", "integer", "1", "+BOND with its allies: added to its check when helped; fatigue an ally recovers from its Aid"},
    {"potions", "integer", "0", "healing potions: twice +CUNNING (at least 1) in the loadout for Use Item, the rest carried (Retrieve Item)"},
    {"potion", "dice", "2d4+2", "hit points a potion heals"},
    {"supplies", "integer", "0", "supplies carried (PCs): a session's rests spend them to tend wounds and recover exhaustion"},
    {"threads", "integer", "the proficiency bonus", "threads of fate at the start (PCs; at most the proficiency bonus)"},
    {"statuses", "list of names", "", "statuses or conditions held for the whole fight (e.g. a lasting spell)"},
    {"thread_ability", "map", "", "a monster's thread powered ability: keys below"},
    {"spell_bonus", "integer", "0", "+SPELL: a PC's spell attack rolls add it and the proficiency bonus (monsters: their CR as for weapons)"},
    {"cantrip", "map", "", "an uncharmed cantrip, cast with the Strike action (`do: cantrip`): spell keys below"},
    {"spell", "map", "", "a charmed cantrip, cast with Cast a Spell (`do: cast`): spell keys below"},
    {"unmodelled", "list of strings", "", "features this combatant has that the simulation does not model (shown by `check`)"},
};

const std::vector<KeySpec> kThreadAbilityKeys{
    {"name", "string", "thread ability", "what the narration calls it"},
    {"cost", "integer", "1", "GM threads it costs"},
    {"ap", "integer", "2", "action points it costs"},
    {"damage", "dice", "0", "damage to each target that fails (half on a weak hit)"},
    {"damage_type", "damage type", "", "its damage type"},
    {"targets", "integer", "1", "how many enemies it reaches"},
    {"save", "ability name", "cunning", "the saving throw the targets make"},
    {"dc", "integer", "10 + CR", "the save's DC"},
    {"condition", "condition name", "", "inflicted on a miss"},
    {"uses", "integer", "0", "uses per fight (0: unlimited)"},
};

const std::vector<KeySpec> kSpellKeys{
    {"name", "string", "spell", "what the narration calls it"},
    {"ap", "integer", "1", "Cast a Spell: the total AP its charms cost (1..3; a cantrip costs the Strike's AP)"},
    {"damage", "dice", "0", "damage on a hit (half on a weak hit, double on a critical); no ability is added"},
    {"damage_type", "damage type", "", "its damage type"},
    {"ranged", "boolean", "true", "cast from range; false: touch range (a Move into reach first)"},
    {"inflicts", "condition name", "", "a condition a hit inflicts"},
    {"inflicts_on", "weak|strong|critical", "weak", "the worst result that inflicts it"},
    {"fatigue", "integer", "0", "fatigue the caster marks to cast it"},
    {"concentrate", "boolean", "false", "its condition lasts while the caster Concentrates (1 AP at the start of each of its turns)"},
};

const std::vector<KeySpec> kOptionKeys{
    {"monster_attack", "cr_plus_proficiency|cr", "cr_plus_proficiency", "a monster's attack roll adds its CR as its ability and again as its proficiency bonus, or once"},
    {"monster_damage", "plus_cr|dice_only", "plus_cr", "monsters add their CR to weapon damage, as PCs add the ability used"},
    {"monsters_at_zero", "die|dying", "die", "monsters (non-PCs) die at 0 hp, or fall dying and make death saves like PCs"},
    {"approach_moves", "integer", "1", "Move actions a melee combatant spends to reach its first foe (0..5)"},
    {"stick_to_reach", "boolean", "true", "a melee combatant strikes foes already in its reach before moving to others"},
    {"dynamic_initiative", "boolean", "false", "roll initiative again at the end of every round"},
    {"retaliate", "boolean", "true", "Retaliate: a creature dealt damage by a weak hit in melee inflicts 1 fatigue (its reaction)"},
    {"opportunity_attacks", "boolean", "true", "leaving a foe's reach without Disengage provokes its strike (its reaction)"},
    {"attack_downed", "boolean", "false", "foes finish fallen PCs they stood in reach of (each hit marks an exhaustion)"},
    {"downed_targets", "in_reach|any", "in_reach", "with attack_downed: only a foe that stood in reach of the fallen PC, or any foe, counts it a target"},
    {"doomed", "until_freed|one_turn", "until_freed", "doomed marks 1 fatigue at the start of every turn until the fight ends or it is detonated, or lasts the default duration"},
    {"advantage_sources", "cancel|sum", "cancel", "any advantage and any disadvantage cancel, or the sources are counted and the larger count wins"},
    {"retrieve_item", "item_and_cunning|cunning_only", "item_and_cunning", "Retrieve Item puts the item retrieved plus +CUNNING more into free loadout spots, or only +CUNNING"},
    {"pc_feeling_lucky_defense", "boolean", "true", "a PC spends a thread on Feeling Lucky (its luck roll replaces the attack roll) against a strong or critical hit Bend Luck cannot lower"},
    {"gm_reroll_pc", "boolean", "true", "the GM spends a thread to reroll a PC's strong or critical hit on a monster, or a PC's save against a monster that beat a miss (keeping the worse)"},
    {"reapply", "detonate|extend", "detonate", "a condition inflicted again: detonate it (3 fatigue if that knocks out, else 1d10 damage) or extend it a turn"},
    {"pc_thread_attacks", "misses|misses_and_weak|never", "misses", "PCs spend threads on their own missed attacks and saves (Bend Luck if +LUCK suffices, else Feeling Lucky), or also to lift weak hits"},
    {"pc_thread_defense", "strong|any|never", "strong", "PCs Bend Luck against an attack on them when -LUCK lowers a strong hit (any: or a weak hit)"},
    {"pc_thread_death_saves", "boolean", "true", "PCs spend threads on failed death saves"},
    {"pc_thread_reserve", "integer", "0", "threads a PC keeps for death saves"},
    {"gm_threads_start", "integer", "1", "threads the GM holds at the start (the long rest before gave one)"},
    {"gm_reroll", "boolean", "true", "the GM spends a thread to reroll a monster's missed attack (keeping the better)"},
    {"gm_reroll_keep", "integer", "the dearest thread ability", "threads the GM keeps back from rerolls for thread abilities"},
    {"gm_threads_on_monster_crits", "boolean", "false", "the GM also gains a thread on monsters' natural 20s and 1s"},
    {"target_ties", "random|first", "random", "equally good targets: one at random, or the first listed"},
};

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
    mask = static_cast<TypeMask>(mask | type_bit(static_cast<std::size_t>(it - kTypeNames.begin())));
  };
  if (n->is_list()) {
    for (const Node& item : n->items()) one(item);
  } else {
    one(*n);
  }
  return mask;
}

// Conditions a scenario may inflict (unconscious comes from 0 hp or exhaustion).
const std::vector<std::string>& inflictable() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> v(cond_names().begin(), cond_names().begin() + kFirstStatus);
    v.erase(v.begin() + kUnconscious);
    return v;
  }();
  return kNames;
}
int read_condition(MapReader& r, std::string_view key) {
  if (!r.has(key)) return -1;
  const int k = r.get_choice(key, inflictable(), 0);
  return k >= kUnconscious ? k + 1 : k;
}

// The play styles (docs "Play styles"): the foes' from kindest to the party
// to harshest, then the party's. The rules are the same in every one.
const std::vector<StyleRule>& foe_styles() {
  static const std::vector<StyleRule> k{
      {false, Aim::lowest_hp, 1.0, 0.5, true},  // cautious
      {true, Aim::threat, 1.0, 0.5, true},      // standard
      {true, Aim::threat, 1.0, 0.5, false},     // ruthless
  };
  return k;
}
const std::vector<StyleRule>& party_styles() {
  static const std::vector<StyleRule> k{
      {true, Aim::threat, 1.0, 0.5, true},   // standard
      {true, Aim::threat, 1.0, 0.75, true},  // careful
  };
  return k;
}

Options read_options(const Node* node) {
  Options o;
  if (!node) return o;
  MapReader r(*node, kOptionKeys, "options");
  r.finish();
  auto choice = [&](std::string_view key, const std::vector<std::string>& names, auto value) {
    return static_cast<decltype(value)>(r.get_choice(key, names, static_cast<int>(value)));
  };
  o.monster_attack_adds_pb = !choice("monster_attack", {"cr_plus_proficiency", "cr"}, !o.monster_attack_adds_pb);
  o.monster_damage_adds_cr = !choice("monster_damage", {"plus_cr", "dice_only"}, !o.monster_damage_adds_cr);
  o.monsters_die_at_zero = !choice("monsters_at_zero", {"die", "dying"}, !o.monsters_die_at_zero);
  o.approach_moves = static_cast<int>(r.get_int("approach_moves", o.approach_moves, 0, 5));
  o.stick_to_reach = r.get_bool("stick_to_reach", o.stick_to_reach);
  o.dynamic_initiative = r.get_bool("dynamic_initiative", o.dynamic_initiative);
  o.retaliate = r.get_bool("retaliate", o.retaliate);
  o.opportunity_attacks = r.get_bool("opportunity_attacks", o.opportunity_attacks);
  o.attack_downed = r.get_bool("attack_downed", o.attack_downed);
  o.downed_any = choice("downed_targets", {"in_reach", "any"}, o.downed_any);
  o.doomed_until_freed = !choice("doomed", {"until_freed", "one_turn"}, !o.doomed_until_freed);
  o.advantage_sum = choice("advantage_sources", {"cancel", "sum"}, o.advantage_sum);
  o.retrieve_adds_item = !choice("retrieve_item", {"item_and_cunning", "cunning_only"}, !o.retrieve_adds_item);
  o.pc_feeling_lucky_defense = r.get_bool("pc_feeling_lucky_defense", o.pc_feeling_lucky_defense);
  o.gm_reroll_pc = r.get_bool("gm_reroll_pc", o.gm_reroll_pc);
  o.reapply = choice("reapply", {"detonate", "extend"}, o.reapply);
  o.pc_thread_attacks = choice("pc_thread_attacks", {"misses", "misses_and_weak", "never"}, o.pc_thread_attacks);
  o.pc_thread_defense = choice("pc_thread_defense", {"strong", "any", "never"}, o.pc_thread_defense);
  o.pc_thread_death_saves = r.get_bool("pc_thread_death_saves", o.pc_thread_death_saves);
  o.pc_thread_reserve = static_cast<int>(r.get_int("pc_thread_reserve", o.pc_thread_reserve, 0, 10));
  o.gm_threads_start = static_cast<int>(r.get_int("gm_threads_start", o.gm_threads_start, 0, 100));
  o.gm_reroll = r.get_bool("gm_reroll", o.gm_reroll);
  o.gm_reroll_keep = static_cast<int>(r.get_int("gm_reroll_keep", o.gm_reroll_keep, 0, 100));
  o.gm_threads_on_monster_crits = r.get_bool("gm_threads_on_monster_crits", o.gm_threads_on_monster_crits);
  o.random_target_ties = !choice("target_ties", {"random", "first"}, !o.random_target_ties);
  return o;
}

std::vector<tactics::Rule> read_rules(const Node& list) {
  return tactics::compile_rules(list, actions(), vars(), tactics::Target::lowest_hp);
}

// The defaults: PCs heal or stabilise a dying ally, else attack; foes attack.
// Which attack (Strike, cantrip, spell, thread ability) and at whom is the
// side's style: by their worth now (Battle::choose_scored), or with
// `scored: false` the first in this order that can be paid for.
std::vector<tactics::Rule> default_rules(const Fighter& f, const StyleRule& style) {
  std::vector<tactics::Rule> rules;
  auto add = [&](int action, std::string_view when) {
    tactics::Rule r;
    r.action = action;
    if (!when.empty()) r.when = tactics::Condition::compile(when, {}, vars());
    rules.push_back(r);
  };
  if (f.potions > 0) {
    // Every reader of a potion rule asks for the same share as ally_in_need().
    char when[96];
    std::snprintf(when, sizeof when, "allies_dying >= 1 or self.hp_frac <= %g", style.heal_at);
    add(kUseItem, when);
    add(kRetrieveItem, when);
  }
  if (f.side == 0) add(kAid, "allies_dying >= 1");
  if (f.thread_ability.present) add(kThreadAbilityAction, f.thread_ability.targets > 1 ? "enemies_alive >= 2" : "");
  if (f.spell.present) add(kCast, f.spell.concentrate ? "self.concentrating == 0" : "");
  // Listed order: the cantrip instead of the weapon when it deals more on
  // average. Scored: both are offered and their worth decides.
  if (f.cantrip.present && (style.scored || f.cantrip.damage.mean() > f.damage.mean() + f.damage_bonus))
    add(kCantrip, "");
  add(kStrike, "");
  return rules;
}

// The expected damage of a weak, strong and critical hit of `d` + `bonus`
// after each AC (the scoring rule's table; "Attacking & Dealing Damage").
// `zero_is_nothing`: a roll of 0 or less deals nothing (spells, thread
// abilities); a weapon's weak hit still deals its minimum 1.
Fighter::NetTable net_table(const Dice& d, int bonus, bool zero_is_nothing) {
  Fighter::NetTable t{};
  std::vector<double> p;
  try {
    p = d.distribution();
  } catch (const std::invalid_argument&) {  // too many kept dice to enumerate: the mean stands in
    p.assign(1, 1.0);
    bonus += static_cast<int>(std::lround(d.mean())) - d.min();
  }
  for (int ac = 0; ac < Fighter::kAcSlots; ++ac)
    for (std::size_t k = 0; k < p.size(); ++k) {
      const int x = d.min() + static_cast<int>(k) + bonus;
      if (zero_is_nothing && x <= 0) continue;
      const int raw[3] = {std::max(1, x / 2), x, 2 * x};
      for (int tier = 0; tier < 3; ++tier)
        t[static_cast<std::size_t>(tier)][static_cast<std::size_t>(ac)] +=
            static_cast<float>(p[k] * std::max(0, std::max(raw[tier], 0) - ac));
    }
  return t;
}

Fighter read_fighter(const Node& node, int side, const Options& opt, const StyleRule& style, const Node* side_rules,
                     int& count) {
  const std::string what_name = node.find("name") ? node.find("name")->text() : std::string("?");
  MapReader r(node, kCombatantKeys, "combatant '" + what_name + "'");
  r.finish();
  Fighter f;
  f.name = r.get_string("name", "");
  f.side = side;
  count = static_cast<int>(r.get_int("count", 1, 1, Encounter::kMaxFighters));
  f.monster = r.has("cr");
  f.pc = r.get_bool("pc", side == 0 && !f.monster);
  if (f.pc && side == 1) throw InputError(r.scalar("pc")->pos(), "a foe cannot be a PC (pc: true is for party members)");
  if (f.pc && f.monster) throw InputError(r.scalar("cr")->pos(), "a PC has abilities, not a challenge rating");

  // "Abilities" and "Proficiencies": monsters use their CR for both.
  if (f.monster) {
    f.cr = static_cast<int>(r.get_int("cr", 1, 0, 30));
    for (const std::string& a : ability_names())
      if (r.has(a))
        throw InputError(r.scalar(a)->pos(), "a monster uses its challenge rating in place of abilities; remove '" + a + "' or 'cr'");
    if (r.has("tier")) throw InputError(r.scalar("tier")->pos(), "a monster's proficiency bonus is its challenge rating; remove 'tier'");
    f.ability.fill(f.cr);
    f.pb = f.cr;
  } else {
    for (int a = 0; a < kAbilityCount; ++a)
      f.ability[static_cast<std::size_t>(a)] =
          static_cast<int>(r.get_int(ability_names()[static_cast<std::size_t>(a)], 0, -5, 10));
    f.pb = static_cast<int>(r.get_int("tier", 1, 1, 4));
  }

  f.hp = static_cast<int>(r.get_int("hp", 1, 1, 1000000));
  if (!r.has("hp")) throw InputError(node.pos(), r.what() + " needs 'hp'");
  f.temp_hp = static_cast<int>(r.get_int("temp_hp", 0, 0, 1000000));

  // "Armor Class": armour (halved without proficiency), plus cunning unless heavy.
  const int armor = r.get_choice("armor", {"none", "light", "medium", "heavy"}, 0);
  const bool armor_proficient = r.get_bool("armor_proficient", true);
  int ac = static_cast<int>(r.get_int("ac", 0, 0, 100));
  if (!armor_proficient) {
    if (armor == 0) throw InputError(r.scalar("armor_proficient")->pos(), "armor_proficient needs an 'armor' worn");
    ac /= 2;
    f.check_penalty = -2;
  }
  if (!f.monster && armor != 3) ac += f.ability[kCunning];
  f.ac = std::max(0, ac);
  f.partial_cover = r.get_choice("cover", {"none", "partial"}, 0) == 1;

  // The weapon: a power roll, or focus (precise) / cunning (agile) when better.
  std::optional<Dice> die = r.get_dice("damage");
  if (!die) throw InputError(node.pos(), r.what() + " needs 'damage' (its weapon's dice)");
  f.damage = *die;
  f.types = read_types(r, "damage_type");
  const int kind = r.get_choice("weapon_kind", {"plain", "precise", "agile"}, 0);
  int ability = kPower;
  if (kind == 1 && f.ability[kFocus] > f.ability[kPower]) ability = kFocus;
  if (kind == 2 && f.ability[kCunning] > f.ability[kPower]) ability = kCunning;
  f.attack_ability = r.get_choice("attack_ability", ability_names(), ability);
  const bool proficient = r.get_bool("proficient", true);
  const int used = f.ability[static_cast<std::size_t>(f.attack_ability)];
  // A monster's flat bonus is its CR once: "It Doesn't Stack" (see docs/rules).
  // A monster's CR stands for its ability and is its proficiency bonus (see docs/rules).
  f.attack_bonus = (f.monster ? f.cr * (opt.monster_attack_adds_pb ? 2 : 1) : used + (proficient ? f.pb : 0)) +
                   static_cast<int>(r.get_int("attack_bonus", 0, -20, 40));
  f.damage_bonus = (f.monster ? (opt.monster_damage_adds_cr ? f.cr : 0) : used) +
                   static_cast<int>(r.get_int("damage_bonus", 0, -20, 100));
  f.multiattack = static_cast<int>(r.get_int("multiattack", 1, 1, 10));
  f.ranged = r.get_bool("ranged", false);
  f.step = static_cast<int>(r.get_int("step", 0, -1, 1));
  f.advantage = (r.get_bool("advantage", false) ? 1 : 0) - (r.get_bool("disadvantage", false) ? 1 : 0);
  f.inflicts = read_condition(r, "inflicts");
  f.inflicts_on = static_cast<Tier>(kWeak + r.get_choice("inflicts_on", {"weak", "strong", "critical"}, 1));
  if (r.has("inflicts_on") && f.inflicts < 0)
    throw InputError(r.scalar("inflicts_on")->pos(), "inflicts_on needs 'inflicts' (a condition)");
  f.resist = read_types(r, "resist");
  f.vulnerable = read_types(r, "vulnerable");
  f.immune = read_types(r, "immune");

  // "Fatigue & Exhaustion": PCs 5 and 5; monsters per their stat block.
  f.fatigue = static_cast<int>(r.get_int("fatigue", f.pc ? 5 : 3, 1, 100));
  f.exhaustion = static_cast<int>(r.get_int("exhaustion", f.pc ? 5 : 2, 0, 100));
  f.bond = static_cast<int>(r.get_int("bond", 1, -5, 10));
  f.potions = static_cast<int>(r.get_int("potions", 0, 0, 100));
  f.supplies = static_cast<int>(r.get_int("supplies", 0, 0, 100));
  if (!f.pc && r.has("supplies"))
    throw InputError(r.scalar("supplies")->pos(), "supplies are a PC's: a session's rests spend them; a foe has none");
  f.loadout = std::max(1, 2 * f.ability[kCunning]);
  f.start_hp = static_cast<int>(r.get_int("start_hp", f.hp, 1, f.hp));
  f.start_fatigue = static_cast<int>(r.get_int("start_fatigue", 0, 0, f.fatigue));
  f.start_exhaustion = static_cast<int>(r.get_int("start_exhaustion", 0, 0, f.exhaustion));
  const std::optional<Dice> potion = r.get_dice("potion");
  f.potion = potion ? *potion : Dice::parse("2d4+2");
  f.threads = static_cast<int>(r.get_int("threads", f.pc ? f.pb : 0, 0, f.pc ? f.pb : 0));
  if (const Node* st = r.get("statuses")) {
    if (!st->is_list()) throw InputError(st->pos(), "statuses must be a list of condition or status names");
    std::vector<std::string> named(cond_names().begin(), cond_names().begin() + kNamedConds);
    for (const Node& item : st->items()) {
      const std::string& s = item.as_string();
      const auto it = std::find(named.begin(), named.end(), s);
      if (it == named.end() || s == "unconscious")
        throw InputError(item.pos(), "unknown status or condition '" + s + "'" + did_you_mean(s, named));
      f.lasting |= bit(static_cast<int>(it - named.begin()));
    }
  }

  if (const Node* ta = r.get("thread_ability")) {
    if (side == 0 || f.pc) throw InputError(ta->pos(), "thread abilities are the GM's: only foes have them");
    MapReader a(*ta, kThreadAbilityKeys, "thread_ability of '" + f.name + "'");
    a.finish();
    ThreadAbility& t = f.thread_ability;
    t.present = true;
    t.name = a.get_string("name", "thread ability");
    t.cost = static_cast<int>(a.get_int("cost", 1, 1, 10));
    t.ap = static_cast<int>(a.get_int("ap", 2, 1, 3));
    const std::optional<Dice> d = a.get_dice("damage");
    t.damage = d ? *d : Dice::constant(0);
    t.types = read_types(a, "damage_type");
    t.targets = static_cast<int>(a.get_int("targets", 1, 1, Encounter::kMaxFighters));
    t.save = a.get_choice("save", ability_names(), kCunning);
    t.dc = static_cast<int>(a.get_int("dc", 10 + f.cr, 1, 40));
    t.condition = read_condition(a, "condition");
    t.uses = static_cast<int>(a.get_int("uses", 0, 0, 100));
    if (!d && t.condition < 0) throw InputError(ta->pos(), "a thread ability needs 'damage' or a 'condition'");
  }
  // Spells: +SPELL and proficiency for PCs, the weapon's CR bonus for monsters.
  f.spell_bonus = f.monster ? f.cr * (opt.monster_attack_adds_pb ? 2 : 1)
                            : static_cast<int>(r.get_int("spell_bonus", 0, -5, 20)) + f.pb;
  if (f.monster && r.has("spell_bonus"))
    throw InputError(r.scalar("spell_bonus")->pos(), "a monster's spell attacks use its challenge rating; remove 'spell_bonus'");
  for (const char* key : {"cantrip", "spell"}) {
    const Node* sn = r.get(key);
    if (!sn) continue;
    MapReader a(*sn, kSpellKeys, std::string(key) + " of '" + f.name + "'");
    a.finish();
    Spell& sp = std::string_view(key) == "cantrip" ? f.cantrip : f.spell;
    sp.present = true;
    sp.name = a.get_string("name", key);
    sp.ap = static_cast<int>(a.get_int("ap", 1, 1, 3));
    if (std::string_view(key) == "cantrip" && a.has("ap"))
      throw InputError(a.scalar("ap")->pos(), "a cantrip is cast with the Strike action and costs its AP; remove 'ap'");
    const std::optional<Dice> d = a.get_dice("damage");
    sp.damage = d ? *d : Dice::constant(0);
    sp.types = read_types(a, "damage_type");
    sp.ranged = a.get_bool("ranged", true);
    sp.inflicts = read_condition(a, "inflicts");
    sp.inflicts_on = static_cast<Tier>(kWeak + a.get_choice("inflicts_on", {"weak", "strong", "critical"}, 0));
    sp.fatigue = static_cast<int>(a.get_int("fatigue", 0, 0, 10));
    sp.concentrate = a.get_bool("concentrate", false);
    if (!d && sp.inflicts < 0) throw InputError(sn->pos(), "a spell needs 'damage' or 'inflicts'");
    if (sp.concentrate && sp.inflicts < 0)
      throw InputError(a.scalar("concentrate")->pos(), "concentrate holds a condition: give the spell 'inflicts'");
  }
  if (const Node* um = r.get("unmodelled")) {
    if (!um->is_list()) throw InputError(um->pos(), "unmodelled must be a list of feature names");
    for (const Node& item : um->items()) f.unmodelled.push_back(item.as_string());
  }
  f.mean_damage = f.damage.mean() + f.damage_bonus;
  f.reach_actions = 1u << kGrapple;
  if (!f.ranged) f.reach_actions |= 1u << kStrike | 1u << kStrikeFatigue;
  if (!f.cantrip.ranged) f.reach_actions |= 1u << kCantrip;
  if (!f.spell.ranged) f.reach_actions |= 1u << kCast;
  f.weapon_net = net_table(f.damage, f.damage_bonus, false);
  if (f.cantrip.present) f.cantrip_net = net_table(f.cantrip.damage, 0, true);
  if (f.spell.present) f.spell_net = net_table(f.spell.damage, 0, true);
  if (f.thread_ability.present) f.ability_net = net_table(f.thread_ability.damage, 0, true);
  f.threat = std::max({f.mean_damage * f.multiattack, f.cantrip.present ? f.cantrip.damage.mean() : 0.0,
                       f.spell.present ? f.spell.damage.mean() : 0.0});

  if (const Node* own = r.get("tactics")) {
    f.rules = read_rules(*own);
  } else if (side_rules) {
    f.rules = read_rules(*side_rules);
  } else {
    f.rules = default_rules(f, style);
    f.styled = true;
  }
  for (const tactics::Rule& rule : f.rules) {
    if (rule.action == kThreadAbilityAction && !f.thread_ability.present)
      throw InputError(rule.pos, "'" + f.name + "' has no thread_ability to use");
    if (rule.action == kCast && !f.spell.present) throw InputError(rule.pos, "'" + f.name + "' has no spell to cast");
    if (rule.action == kCantrip && !f.cantrip.present) throw InputError(rule.pos, "'" + f.name + "' has no cantrip");
  }
  return f;
}

std::string type_list(TypeMask mask) {
  std::string out;
  for (std::size_t i = 0; i < kTypeNames.size(); ++i)
    if (mask & type_bit(i)) out += (out.empty() ? "" : ",") + kTypeNames[i];
  return out;
}

}  // namespace

const std::vector<std::string>& cond_names() {
  static const std::vector<std::string> kNames{
      "weakened",  "sundered",  "impaired",  "stunned",     "doomed",   "restrained", "slowed",
      "prone",     "unconscious", "frightened", "blinded",  "quickened", "empowered", "invigorated",
      "hastened",  "prepared",  "protected", "inspired",    "invisible", "exposed",   "dodging"};
  return kNames;
}

const std::vector<std::string>& ability_names() {
  static const std::vector<std::string> kNames{"focus", "power", "cunning", "luck"};
  return kNames;
}

const std::vector<tactics::ActionSpec>& actions() {
  static const std::vector<tactics::ActionSpec> kActions{
      {"strike", "1 AP, +1 per Strike this turn: attack with the weapon (a melee fighter first Moves into reach)", false},
      {"strike_fatigue", "a Strike that marks 1 fatigue to inflict 2 fatigue instead of damage", false},
      {"cantrip", "a Strike with its uncharmed cantrip (`cantrip:`): d20 + SPELL + proficiency, the spell's dice", false},
      {"cast", "Cast a Spell (`spell:`): its AP, once a turn; a new casting ends the concentration it held", false},
      {"dodge", "2 AP: attacks against it have disadvantage and its cunning saves advantage until its next turn", false},
      {"distract", "2 AP, 1 fatigue: cunning roll; weak: the target is sundered, strong: also the next attack on it has advantage", false},
      {"grapple", "2 AP, 1 fatigue: the target saves with power vs 10 + power or is restrained", false},
      {"help", "2 AP: the strongest ally adds its +BOND to its next check", false},
      {"aid", "2 AP (+1 for an unconscious or dying ally): stabilise a dying ally, else it recovers +BOND fatigue", false},
      {"regroup", "3 AP: clear 2 fatigue", false},
      {"use_item", "1 AP: a potion from the loadout for a dying ally, else the most hurt ally at half hp or less", false},
      {"retrieve_item", "1 AP, 1 fatigue: potions carried into the loadout (the item + cunning), when one is wanted and none is at hand", false},
      {"disengage", "2 AP (1 AP and 1 fatigue when short): no opportunity attacks for the rest of the turn", false},
      {"withdraw", "a Move out of every foe's reach (provokes opportunity attacks unless disengaged)", false},
      {"thread_ability", "the GM pays threads for this foe's thread_ability", false},
      {"ready", "a Strike's AP now, the Strike (its reaction) when a foe next moves into its reach, until its next turn", false},
      {"pass", "end the turn", false},
  };
  return kActions;
}

const std::vector<tactics::VarSpec>& vars() {
  static const std::vector<tactics::VarSpec> kVars = [] {
    std::vector<tactics::VarSpec> v = tactics::common_vars();
    v.push_back({"self.ap", "action points left this turn"});
    v.push_back({"self.fatigue", "fatigue marked at the current exhaustion level"});
    v.push_back({"self.exhaustion", "exhaustion levels marked"});
    v.push_back({"self.fatigue_left", "fatigue it can still mark before it falls unconscious"});
    v.push_back({"self.threads", "threads of fate it can use (inspired counts as one)"});
    v.push_back({"gm_threads", "threads the GM holds"});
    v.push_back({"self.potions", "potions left, carried or in the loadout"});
    v.push_back({"self.engaged", "1 while a foe is in its melee reach"});
    v.push_back({"allies_dying", "allies dying (at 0 hp, not stabilised)"});
    v.push_back({"self.conditions", "conditions on it (not statuses)"});
    v.push_back({"self.strikes", "Strikes made this turn"});
    v.push_back({"self.potions_ready", "potions in its loadout, ready for Use Item"});
    v.push_back({"self.concentrating", "1 while it concentrates on a spell's condition"});
    return v;
  }();
  return kVars;
}

const std::vector<MetricSpec>& Encounter::resource_specs() {
  static const std::vector<MetricSpec> kSpecs{
      {"party_weak_hits", "party attacks that were weak hits", false, false, false},
      {"party_strong_hits", "party attacks that were strong hits (not critical)", false, false, false},
      {"party_crit_hits", "party attacks that were critical hits", false, false, false},
      {"party_misses", "party attacks that missed (critical misses included)", false, false, false},
      {"foes_weak_hits", "foes' attacks that were weak hits", false, false, false},
      {"foes_strong_hits", "foes' attacks that were strong hits (not critical)", false, false, false},
      {"foes_crit_hits", "foes' attacks that were critical hits", false, false, false},
      {"foes_misses", "foes' attacks that missed", false, false, false},
      {"ac_absorbed", "damage armour class absorbed, all combatants", false, true, false},
      {"fatigue_inflicted", "fatigue inflicted on enemies", false, false, false},
      {"exhaustion_marked", "exhaustion levels PCs marked", false, false, true},
      {"death_saves", "death saves rolled", false, false, false},
      {"stabilised", "dying creatures that stabilised", false, false, false},
      {"conditions_applied", "conditions inflicted (statuses not counted)", false, false, false},
      {"detonations", "conditions detonated by being inflicted again", false, false, false},
      {"pc_threads_spent", "threads of fate PCs used (inspired included)", false, true, true},
      {"pc_feeling_lucky", "Feeling Lucky uses", false, false, false},
      {"pc_bend_luck", "Bend Luck uses", false, false, false},
      {"pc_inspired", "threads used by clearing inspired", false, false, false},
      {"pc_threads_regained", "threads PCs regained on critical hits and misses", false, false, false},
      {"gm_threads_gained", "threads the GM gained", false, true, false},
      {"gm_threads_spent", "threads the GM spent", false, true, true},
      {"gm_rerolls", "monster attacks the GM rerolled", false, false, false},
      {"gm_thread_abilities", "monster thread abilities the GM paid for", false, false, false},
      {"gm_threads_end", "threads the GM holds at the end", false, false, true},
      {"opportunity_attacks", "opportunity attacks made", false, false, false},
      {"retaliations", "Retaliate reactions", false, false, false},
      {"readied_strikes", "readied Strikes that were tripped", false, false, false},
  };
  return kSpecs;
}

const std::vector<MetricSpec>& Encounter::extra_specs() {
  static const std::vector<MetricSpec> kSpecs{
      {"weak_hits", "its attacks that were weak hits", false, false, false},
      {"strong_hits", "its attacks that were strong hits (not critical)", false, false, false},
      {"ac_absorbed", "damage its armour class absorbed", false, false, false},
      {"fatigue_inflicted", "fatigue it inflicted on others", false, false, false},
      {"fatigue_marked", "fatigue it marked (exhaustion marks from the ratchet included)", false, false, false},
      {"exhaustion_marked", "exhaustion levels it marked", false, false, false, false, "exhaustion"},
      {"death_saves", "death saves it rolled", false, false, false},
      {"dying", "times it fell to 0 hp and started dying", false, false, false},
      {"conditions_applied", "conditions it inflicted", false, false, false},
      {"threads_spent", "threads of fate it used", false, false, false},
      {"ap_spent", "action points it spent", false, false, false},
  };
  return kSpecs;
}

const ScreenSpec& Encounter::screen() {
  static const ScreenSpec kScreen{
      "spell lists, Hide, Mount, cover other than partial, ranges beyond reach and Death's bargain "
      "are not modelled: PC deaths may be higher than at a table",
      {"Threads of fate: PCs spend {pc_threads_spent} (9 in 10 fights at most {pc_threads_spent:p90}); "
       "the GM gains {gm_threads_gained}, spends {gm_threads_spent}, holds {gm_threads_end} at the end",
       "Exhaustion levels PCs marked {exhaustion_marked}; death saves {death_saves}, {stabilised} "
       "stabilised"}};
  return kScreen;
}

Encounter compile(const Scenario&, const Variant& variant) {
  const Node& doc = variant.doc;
  Encounter enc;
  enc.read_frame(doc, kId);
  enc.opt = read_options(doc.find("options"));

  enc.play[0] = party_styles()[static_cast<std::size_t>(enc.style.party)];
  enc.play[1] = foe_styles()[static_cast<std::size_t>(enc.style.foes)];
  enc.n_party = enc.read_fighters(doc, enc.fighters, " in one Monsters & Magic fight",
                                  [&](const Node& entry, int side, const Node* side_rules, int& count) {
                                    return read_fighter(entry, side, enc.opt, enc.play[side], side_rules, count);
                                  });
  enc.gm_keep = enc.opt.gm_reroll_keep;
  if (enc.gm_keep < 0 && !enc.play[1].keep_for_abilities) {
    enc.gm_keep = 0;  // the style keeps nothing back (options.gm_reroll_keep, when written, still decides)
  } else if (enc.gm_keep < 0) {
    enc.gm_keep = 0;
    for (const Fighter& f : enc.fighters)
      if (f.thread_ability.present) enc.gm_keep = std::max(enc.gm_keep, f.thread_ability.cost);
  }
  // What each can use (features.csv): the actions its rules name (withdrawing
  // and passing aside; the cantrip, spell and thread ability by their names),
  // and its opportunity attacks.
  for (int i = 0; i < static_cast<int>(enc.fighters.size()); ++i) {
    Fighter& f = enc.fighters[static_cast<std::size_t>(i)];
    static_assert(static_cast<std::size_t>(kActionCount) == std::tuple_size_v<decltype(f.feat_action)>);
    for (const tactics::Rule& r : f.rules) {
      int& k = f.feat_action[static_cast<std::size_t>(r.action)];
      if (r.action == kPass || r.action == kWithdraw || k >= 0) continue;
      const std::string name = r.action == kCantrip ? f.cantrip.name
                               : r.action == kCast ? f.spell.name
                               : r.action == kThreadAbilityAction ? f.thread_ability.name
                                                                  : std::string(actions()[static_cast<std::size_t>(r.action)].name);
      k = add_feature(enc.features_, i, name, r.action == kThreadAbilityAction ? "GM threads" : "");
    }
    if (enc.opt.opportunity_attacks && !f.ranged) f.feat_opportunity = add_feature(enc.features_, i, "opportunity attack");
  }
  return enc;
}

std::string Encounter::describe() const {
  std::ostringstream os;
  static const char* kReapply[] = {"detonate", "extend"};
  static const char* kAttacks[] = {"misses", "misses_and_weak", "never"};
  static const char* kDefense[] = {"strong", "any", "never"};
  os << "options: monsters " << (opt.monsters_die_at_zero ? "die" : "start dying") << " at 0 hp, approach_moves "
     << opt.approach_moves << ", initiative " << (opt.dynamic_initiative ? "dynamic" : "fixed") << ", retaliate "
     << (opt.retaliate ? "on" : "off") << ", opportunity attacks " << (opt.opportunity_attacks ? "on" : "off")
     << ", reapply " << kReapply[static_cast<int>(opt.reapply)] << "\n         PC threads: attacks "
     << kAttacks[static_cast<int>(opt.pc_thread_attacks)] << ", defense "
     << kDefense[static_cast<int>(opt.pc_thread_defense)] << ", death saves "
     << (opt.pc_thread_death_saves ? "yes" : "no") << ", reserve " << opt.pc_thread_reserve << "; GM threads: start "
     << opt.gm_threads_start << ", reroll misses " << (opt.gm_reroll ? "yes" : "no") << ", reroll PC hits and saves "
     << (opt.gm_reroll_pc ? "yes" : "no") << " keeping " << gm_keep << "\n         monster attack "
     << (opt.monster_attack_adds_pb ? "CR + CR" : "CR") << ", doomed " << (opt.doomed_until_freed ? "until freed" : "one turn")
     << ", advantage sources " << (opt.advantage_sum ? "summed" : "cancel") << ", retrieve item "
     << (opt.retrieve_adds_item ? "item and cunning" : "cunning only") << ", Feeling Lucky on defense "
     << (opt.pc_feeling_lucky_defense ? "yes" : "no") << (opt.attack_downed ? ", foes finish the fallen" : "")
     << (opt.attack_downed && opt.downed_any ? " (any)" : "") << "; max_rounds " << max_rounds << '\n';
  for (const Fighter& f : fighters) {
    os << (f.side == 0 ? "party  " : "foes   ") << f.name << (f.pc ? " (PC)" : "") << ": hp " << f.hp;
    if (f.temp_hp) os << " +" << f.temp_hp << " temp";
    os << ", AC " << f.ac << (f.partial_cover ? " +2 cover" : "");
    if (f.monster)
      os << ", CR " << f.cr;
    else
      os << ", focus " << f.ability[kFocus] << " power " << f.ability[kPower] << " cunning " << f.ability[kCunning]
         << " luck " << f.ability[kLuck] << ", PB " << f.pb;
    os << ", fatigue " << f.fatigue << " x " << f.exhaustion << " exhaustion";
    if (f.pc) os << ", " << f.threads << " thread(s)";
    os << "\n         strike d20" << (f.attack_bonus >= 0 ? "+" : "") << f.attack_bonus << " ("
       << (f.monster ? "CR" : ability_names()[static_cast<std::size_t>(f.attack_ability)]) << "), damage "
       << f.damage.plus(f.damage_bonus).to_string();
    if (f.types) os << ' ' << type_list(f.types);
    os << (f.ranged ? ", ranged" : ", melee");
    if (f.advantage) os << (f.advantage > 0 ? ", advantage" : ", disadvantage");
    if (f.step) os << ", " << (f.step > 0 ? "+1" : "-1") << " step";
    if (f.check_penalty) os << ", -2 ongoing (armour without proficiency)";
    os << '\n';
    std::string feats;
    auto add = [&](const std::string& s) { feats += (feats.empty() ? "" : "; ") + s; };
    if (f.inflicts >= 0)
      add("inflicts " + cond_names()[static_cast<std::size_t>(f.inflicts)] + " on a " +
          (f.inflicts_on == kWeak ? "weak" : f.inflicts_on == kStrong ? "strong" : "critical") + " hit or better");
    if (f.resist) add("resist " + type_list(f.resist));
    if (f.vulnerable) add("vulnerable " + type_list(f.vulnerable));
    if (f.immune) add("immune " + type_list(f.immune));
    if (f.potions)
      add(std::to_string(f.potions) + " potion(s) of " + f.potion.to_string() + ", " +
          std::to_string(std::min(f.potions, f.loadout)) + " in the loadout");
    if (f.multiattack > 1) add("multiattack: " + std::to_string(f.multiattack) + " attacks a Strike");
    if (f.start_hp < f.hp || f.start_fatigue || f.start_exhaustion)
      add("starts at " + std::to_string(f.start_hp) + " hp, fatigue " + std::to_string(f.start_fatigue) +
          ", exhaustion " + std::to_string(f.start_exhaustion));
    for (const Spell* sp : {&f.cantrip, &f.spell}) {
      if (!sp->present) continue;
      std::ostringstream d;
      d << (sp == &f.cantrip ? "cantrip '" : "spell '") << sp->name << "' (";
      if (sp == &f.cantrip)
        d << "Strike";
      else
        d << sp->ap << " AP";
      if (sp->fatigue) d << ", " << sp->fatigue << " fatigue";
      d << "): d20" << (f.spell_bonus >= 0 ? "+" : "") << f.spell_bonus << ", " << sp->damage.to_string();
      if (sp->types) d << ' ' << type_list(sp->types);
      d << (sp->ranged ? ", ranged" : ", touch");
      if (sp->inflicts >= 0)
        d << ", " << cond_names()[static_cast<std::size_t>(sp->inflicts)] << (sp->concentrate ? " while concentrating" : "");
      add(d.str());
    }
    if (f.lasting) {
      std::string s = "for the whole fight:";
      for (int c = 0; c < kNamedConds; ++c)
        if (f.lasting & bit(c)) s += " " + cond_names()[static_cast<std::size_t>(c)];
      add(s);
    }
    if (f.thread_ability.present) {
      const ThreadAbility& t = f.thread_ability;
      add("thread ability '" + t.name + "' (" + std::to_string(t.cost) + " thread, " + std::to_string(t.ap) +
          " AP): " + std::to_string(t.targets) + " target(s) save " + ability_names()[static_cast<std::size_t>(t.save)] +
          " vs DC " + std::to_string(t.dc) + ", " + t.damage.to_string() + " damage" +
          (t.condition >= 0 ? ", " + cond_names()[static_cast<std::size_t>(t.condition)] + " on a miss" : "") +
          (t.uses ? ", " + std::to_string(t.uses) + " use(s)" : ""));
    }
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
      if (rule.action == kStrike || rule.action == kStrikeFatigue || rule.action == kCantrip ||
          rule.action == kCast || rule.action == kGrapple ||
          rule.action == kDistract || rule.action == kThreadAbilityAction)
        for (const auto& t : tactics::target_specs())
          if (t.target == rule.target) os << ' ' << t.name;
      os << ']';
    }
    os << '\n';
  }
  os << "NOT modelled (source text 002): spell lists and charms (a scenario writes each spell), Mount/Dismount, Hide, "
        "readied actions other than a Strike, ranges beyond melee reach, weapon loadout swaps, per-pair bonds, cover "
        "other than partial, concealment and light, talents, group checks, Lucky Find, Bonds of Fate, Death's "
        "bargain\n";
  return os.str();
}

// The play styles (docs/rules/monsters-and-magic.md, "Play styles"), in
// the order of foe_styles() and party_styles(); `foes` runs from the kindest
// to the party to the harshest.
const StyleSpec& Encounter::styles() {
  static const StyleSpec kStyles{
      {{"cautious", "the first attack in the listed order that can be paid for (the thread ability whenever the GM can "
                    "pay), at the enemy in reach with the fewest hit points left; ties at random; the GM keeps the "
                    "price of its dearest thread ability back from rerolls"},
       {"standard", "each foe takes the attack worth most now (expected damage after AC and resistance, the worth of "
                    "a condition or detonation, a thread ability paying a Strike per thread), at the enemy in reach "
                    "whose fall soonest ends the most danger; ties by fewest hit points left, then at random; the GM "
                    "keeps the price of its dearest thread ability back from rerolls"},
       {"ruthless", "as standard, but the GM keeps no thread back: each one rerolls a missed monster attack or a PC's "
                    "strong hit or save as soon as it can"}},
      {{"standard", "heal or stabilise a dying ally, potions at half hit points; otherwise the attack worth most now, "
                    "at the foe in reach whose fall soonest ends the most danger; ties by fewest hit points left, then "
                    "at random"},
       {"careful", "as standard, but a potion already at three quarters of an ally's hit points"}},
  };
  return kStyles;
}

std::vector<std::string> Encounter::behaviour() const {
  return style_lines_with(fighters, rules::OwnTactics::names);
}

std::string describe_keys() {
  std::ostringstream os;
  os << "monsters-and-magic: Monsters & Magic (source text 002): d20 + ability with weak/strong hits, 3 AP turns with "
        "escalating Strike, AC as damage reduction, fatigue and exhaustion, death saves, threads of fate.\n\n"
     << "Combatant keys (party and foes entries, and library `monsters:`):\n"
     << format_schema(kCombatantKeys) << "\nthread_ability keys:\n"
     << format_schema(kThreadAbilityKeys) << "\ncantrip and spell keys:\n"
     << format_schema(kSpellKeys) << "\noptions:\n"
     << format_schema(kOptionKeys) << "\n" << tactics::describe_language(actions(), vars());
  return os.str();
}

}  // namespace encsim::mnm
