// Compiling a Gods & Monsters scenario into an Encounter: the weapon and armor
// tables of seed 003 ("Money and Equipment"), group effort, and every key a
// scenario may use.
#include "rules/gods_and_monsters/gods_and_monsters.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace encsim::gods_and_monsters {
namespace {

// "Weapons": Simple, Basic and Warrior weapons. Fire actions matter only when
// the weapon is thrown or fired; striking with a weapon takes one action.
struct WeaponRow {
  std::string_view name;
  std::string_view damage;
  int fire_actions;
  bool ranged;  // a missile weapon; melee weapons may still be thrown with `ranged: true`
};
const std::vector<WeaponRow> kWeapons{
    {"hands", "d3", 1, false},  // "Anyone can attack with their hands"
    // Simple weapons
    {"club", "d4", 2, false},
    {"dagger", "d4", 1, false},
    {"dart", "d3", 1, true},
    {"hand_gun", "d6", 4, true},
    {"knife", "d3", 1, false},
    {"quarterstaff", "d6", 2, false},
    {"sling", "d4", 1, true},
    {"wheel_lock", "d8", 2, true},
    {"wheel_lock_pistol", "d6", 2, true},
    // Basic weapons
    {"arquebus", "d8", 3, true},
    {"brass_knuckles", "d3", 1, false},
    {"crossbow", "d6", 2, true},
    {"hand_axe", "d6", 1, false},
    {"matchlock_pistol", "d6", 3, true},
    {"metal_glove", "d4", 1, false},
    {"short_sword", "d6", 2, false},
    {"spear", "d6", 1, false},
    // Warrior weapons
    {"battleaxe", "d10", 2, false},
    {"bow", "d6", 1, true},
    {"great_sword", "2d6", 2, false},
    {"heavy_crossbow", "d8", 3, true},
    {"javelin", "d4", 1, true},
    {"lance", "d12", 2, false},
    {"longbow", "d6", 1, true},
    {"long_sword", "d8", 2, false},
    {"mace", "d6", 2, false},
    {"morning_star", "d8", 2, false},
    {"rapier", "d6", 2, false},
    {"scimitar", "d8", 2, false},
    {"war_hammer", "d8", 2, false},
};

// "Armor": defense bonus of each armor, shield and helmet.
const std::vector<std::pair<std::string_view, int>> kArmor{
    {"none", 0},       {"cloth", 1},       {"leather", 2},    {"banded_leather", 3}, {"scale_mail", 4},
    {"chain_mail", 5}, {"splint_mail", 6}, {"plate_mail", 7}, {"full_plate", 8},     {"ceremonial_plate", 9}};
const std::vector<std::pair<std::string_view, int>> kShields{
    {"none", 0}, {"shield", 1}, {"large_shield", 2}, {"small_shield", 1}};

const std::vector<std::string> kSizes{"fine", "tiny", "small", "medium", "large", "huge", "gigantic", "titanic"};
constexpr int kMedium = 3;
const std::vector<std::string> kArchetypes{"warrior", "thief", "prophet", "monk", "sorceror", "none"};
const std::vector<std::string> kAwareness{"ready", "aware", "unaware", "asleep"};
const std::vector<std::string> kCover{"none", "weak", "strong", "full"};
const std::vector<std::string> kReactionChoices{"best", "fortitude", "willpower", "health"};
const std::vector<std::string> kScoreNames{"fortitude", "willpower", "evasion", "perception",
                                           "health",    "endurance", "charisma"};

template <class Rows>
std::vector<std::string> names_of(const Rows& rows) {
  std::vector<std::string> out;
  for (const auto& r : rows) {
    if constexpr (requires { r.name; })
      out.emplace_back(r.name);
    else
      out.emplace_back(r.first);
  }
  return out;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : " ") + n;
  return out;
}

const std::vector<KeySpec> kCombatantKeys{
    {"name", "string", "", "what reports call it (with `count`, numbered: Orc 1, Orc 2...)"},
    {"count", "integer", "1", "how many identical, separate combatants this entry stands for"},
    {"group", "integer", "1", "individuals fighting as ONE unit (group effort / mass conflict): +bonus to attack, defense and rolls, survival x (1 + bonus), 1 + bonus actions"},
    {"tactics", "list of rules", "the side's, else the defaults", "scripted behaviour (docs/scenarios.md)"},
    {"morale", "condition", "groups: self.survival_frac <= 0.5; others: none", "when it first holds at the end of a round: a charisma roll with the group bonus, failure withdraws"},
    {"pc", "boolean", "true for party members who are not a group", "a player character: has verve, counts for party downs and deaths"},
    {"level", "integer", "1", "level; an NPC's endurance defaults to 10 + half of it"},
    {"archetype", "name or list", "none", "warrior thief prophet monk sorceror none (a list for multiple archetypes)"},
    {"archetypal_combat", "boolean", "true for warriors", "combat damage is archetypal: it comes from verve before survival"},
    {"survival", "integer", "", "survival points (required); for a group, the median member's"},
    {"verve", "integer", "0", "verve points (PCs only)"},
    {"start_survival", "integer", "survival", "survival at the start of the fight (after earlier fights)"},
    {"start_verve", "integer", "verve", "verve at the start of the fight"},
    {"injuries", "integer", "0", "injury points at the start of the fight"},
    {"mojo", "integer", "PCs: 12", "mojo a PC may bid to turn failed archetypal rolls (12: what every first-level character starts with)"},
    {"mojo_use", "none|survival|all", "survival", "which failed rolls it buys off: none; death contests and archetypal consciousness rolls; or every archetypal roll (a warrior's attacks too)"},
    {"bonus_pool", "integer", "0", "a temporary bonus pool of survival that absorbs damage first (Fighting Prowess and the like)"},
    {"fighting_art", "integer", "0", "Fighting Art field bonus: adds to attack"},
    {"attack", "integer", "0", "combat attack bonus (e.g. from strength or agility): adds to attack"},
    {"high_ground", "boolean", "false", "attacks from higher ground or horseback: +1 attack"},
    {"armor", "armor name", "none", "none cloth leather banded_leather scale_mail chain_mail splint_mail plate_mail full_plate ceremonial_plate"},
    {"agility", "integer", "0", "defense bonus (or penalty) from agility"},
    {"defense", "integer", "armor + agility", "natural defense, replacing armor + agility (a shield and helmet still add)"},
    {"shield", "shield name", "none", "none shield large_shield small_shield (small: only against the opponent it attacks first)"},
    {"helmet", "boolean", "false", "full helmet: +1 defense, -1 attack and perception, +1 evasion against knockout blows"},
    {"head_protection", "integer", "0", "further bonus to the evasion roll against knockout blows (tough skin, magic helm)"},
    {"reactions", "integer", "4 + level/2 (archetypal: 4 + level)", "the score of every reaction not given below (base 4, a bonus every even level; the archetypal reaction a bonus every level)"},
    {"fortitude", "integer", "reactions", "reaction: consciousness, snapping out of surprise"},
    {"willpower", "integer", "reactions", "reaction: consciousness, snapping out of surprise"},
    {"evasion", "integer", "reactions", "reaction: knockout blows, stray missiles, called shots on shooters"},
    {"perception", "integer", "reactions", "reaction: surprise"},
    {"health", "integer", "reactions", "reaction (options.consciousness: health)"},
    {"endurance", "integer", "10 + level/2", "ability: the death contest"},
    {"charisma", "integer", "10", "ability: morale checks"},
    {"movement", "integer", "10", "bonus to the reaction against a called shot's disruption"},
    {"attacks", "integer", "1", "attacks per action (a Yeti's two claws)"},
    {"weapon", "weapon name", "hands", "a weapon of the tables (listed below the keys): damage dice, missile or not, actions a shot"},
    {"weapon_size", "size", "medium", "fine tiny small medium large huge gigantic titanic: the weapon's damage moves along the size progression"},
    {"damage", "dice", "the weapon's", "damage dice, replacing the weapon's (claws, bites)"},
    {"damage_bonus", "integer", "0", "added to every damage roll (e.g. from strength)"},
    {"ranged", "boolean", "the weapon's", "attacks with missiles: cover applies, shooting into close combat"},
    {"fire_actions", "integer", "the weapon's", "actions per shot of a missile weapon (an arquebus: 3; one fewer outside close combat)"},
    {"loaded", "boolean", "true", "a multi-action missile weapon is ready to fire at the start"},
    {"cover", "none|weak|strong|full", "none", "cover against missiles (warriors gain more from it)"},
    {"awareness", "ready|aware|unaware|asleep", "ready", "before the fight: ready ones are never surprised; the others roll perception (+4 aware, -6 asleep)"},
    {"knockout_injuries", "integer", "1", "injury points a knockout blow puts in (a warrior may allot 2)"},
    {"unmodelled", "list of strings", "", "abilities this combatant has that the simulation does not model (shown by `check`)"},
};

const std::vector<KeySpec> kOptionKeys{
    {"natural_20_fails", "boolean", "true", "an attack roll of 20 always misses"},
    {"natural_1_hits", "boolean", "false", "an attack roll of 1 always hits"},
    {"consciousness", "best|fortitude|willpower|health", "best", "the reaction rolled to stay conscious (best: the better of fortitude and willpower)"},
    {"snap_out", "best|fortitude|willpower|health", "best", "the reaction rolled to snap out of surprise"},
    {"injury_penalty", "round_start|immediate", "round_start", "attack penalties count the injuries held when the round began, or every injury at once"},
    {"verve_while_surprised", "boolean", "false", "a surprised warrior may still take combat damage from verve"},
    {"surprised_are_unaware", "boolean", "true", "attacks in round 1 on a surprised combatant get +4 (unaware), +10 if asleep (immobile)"},
    {"dying_acts", "boolean", "true", "a dying combatant keeps fighting until it falls unconscious or its minutes run out (it still counts as a death)"},
    {"unconscious", "minutes|rest_of_fight", "minutes", "how long a failed consciousness roll keeps it out: 6 rounds a point of injury (none with no injuries), or the rest of the fight"},
    {"npc_targets", "after_pcs|round_start", "after_pcs", "NPCs choose whom their attacks go to once the PCs have acted (called shots: at the start), or everyone at the start of the round"},
    {"morale_delay", "boolean", "true", "a failed morale check takes effect after the rounds it missed by (at most the group bonus)"},
    {"firing_into_melee", "boolean", "true", "shooting into close combat: cover from the crowd, strays onto allies"},
    {"target_ties", "random|first", "random", "equally good targets: one at random, or the first listed"},
};

ReactionChoice reaction_choice(MapReader& r, std::string_view key) {
  return static_cast<ReactionChoice>(r.get_choice(key, kReactionChoices, 0));
}

Options read_options(const Node* node) {
  Options o;
  if (!node) return o;
  MapReader r(*node, kOptionKeys, "options");
  r.finish();
  o.natural_20_fails = r.get_bool("natural_20_fails", o.natural_20_fails);
  o.natural_1_hits = r.get_bool("natural_1_hits", o.natural_1_hits);
  o.consciousness = reaction_choice(r, "consciousness");
  o.snap_out = reaction_choice(r, "snap_out");
  o.injury_penalty_at_round_start = r.get_choice("injury_penalty", {"round_start", "immediate"}, 0) == 0;
  o.verve_while_surprised = r.get_bool("verve_while_surprised", o.verve_while_surprised);
  o.surprised_are_unaware = r.get_bool("surprised_are_unaware", o.surprised_are_unaware);
  o.dying_acts = r.get_bool("dying_acts", o.dying_acts);
  o.unconscious_minutes = r.get_choice("unconscious", {"minutes", "rest_of_fight"}, 0) == 0;
  o.npc_targets_after_pcs = r.get_choice("npc_targets", {"after_pcs", "round_start"}, 0) == 0;
  o.morale_delay = r.get_bool("morale_delay", o.morale_delay);
  o.firing_into_melee = r.get_bool("firing_into_melee", o.firing_into_melee);
  o.random_target_ties = r.get_choice("target_ties", {"random", "first"}, 0) == 0;
  return o;
}

std::vector<tactics::Rule> read_rules(const Node& list) {
  return tactics::compile_rules(list, actions(), vars(), tactics::Target::lowest_hp);
}

// The default script: withdraw once survival is gone, as the Yeti does
// ("not stupid"), when the side's style flees; then attack. Whom, and with
// a scored style whether as a plain attack, a knockout or a killing blow,
// is the style's (Battle::choose_scored, Battle::aim).
std::vector<tactics::Rule> default_rules(const Fighter& f, const StyleRule& style) {
  std::vector<tactics::Rule> rules;
  if (f.pc ? style.flee_pcs : style.flee_npcs) {
    tactics::Rule flee;
    flee.action = kWithdraw;
    flee.when = tactics::Condition::compile("self.survival == 0", {}, vars());
    rules.push_back(flee);
  }
  if (style.scored)
    for (int a : {kKillingBlow, kKnockout}) {
      tactics::Rule r;
      r.action = a;
      rules.push_back(r);
    }
  rules.push_back(tactics::Rule{});  // attack, always
  return rules;
}

// The play styles (docs "Play styles"): the foes' from kindest to the party
// to harshest, then the party's. The rules are the same in every one.
const std::vector<StyleRule>& foe_styles() {
  static const std::vector<StyleRule> k{
      {false, Aim::lowest_hp, true, false},  // cautious
      {true, Aim::threat, true, false},      // standard
      {true, Aim::threat, false, false},     // ruthless
  };
  return k;
}
const std::vector<StyleRule>& party_styles() {
  static const std::vector<StyleRule> k{
      {true, Aim::threat, true, false},  // standard
      {true, Aim::threat, true, true},   // careful
  };
  return k;
}

std::vector<int> read_archetypes(MapReader& r) {
  std::vector<int> out;
  const Node* n = r.scalar("archetype");
  if (!n) return out;
  auto one = [&](const Node& item) {
    const std::string& s = item.as_string();
    const auto it = std::find(kArchetypes.begin(), kArchetypes.end(), s);
    if (it == kArchetypes.end())
      throw InputError(item.pos(), "unknown archetype '" + s + "' in " + r.what() + did_you_mean(s, kArchetypes) +
                                       "; expected one of " + one_of(kArchetypes));
    out.push_back(static_cast<int>(it - kArchetypes.begin()));
  };
  if (n->is_list()) {
    for (const Node& item : n->items()) one(item);
  } else {
    one(*n);
  }
  return out;
}

int as_int(MapReader& r, std::string_view key, int fallback, int lo, int hi) {
  return static_cast<int>(r.get_int(key, fallback, lo, hi));
}

Fighter read_fighter(const Node& node, int side, const StyleRule& style, const Node* side_rules, int& count) {
  const std::string what_name = node.find("name") ? node.find("name")->text() : std::string("?");
  MapReader r(node, kCombatantKeys, "combatant '" + what_name + "'");
  r.finish();
  Fighter f;
  f.name = r.get_string("name", "");
  f.side = side;
  count = as_int(r, "count", 1, 1, Encounter::kMaxFighters);
  f.group_size = as_int(r, "group", 1, 1, 2055);
  f.group_bonus = group_bonus(f.group_size);
  f.pc = r.get_bool("pc", side == 0 && f.group_size == 1);
  if (f.pc && side == 1) throw InputError(r.scalar("pc")->pos(), "a foe cannot be a PC (pc: true is for party members)");
  f.level = as_int(r, "level", 1, 0, 40);


  const std::vector<int> archetypes = read_archetypes(r);
  // "Level advancement": each archetype's archetypal reaction (a sorceror's
  // reason is not one of the scores the fight rolls).
  static constexpr int kArchetypalReaction[] = {kFortitude, kEvasion, kWillpower, kPerception, -1, -1};
  for (int a : archetypes) {
    f.archetypes += (f.archetypes.empty() ? "" : ", ") + kArchetypes[static_cast<std::size_t>(a)];
    f.warrior |= a == 0;
    if (const int sc = kArchetypalReaction[a]; sc >= 0) f.archetypal_scores |= static_cast<std::uint8_t>(1u << sc);
  }
  f.archetypal_combat = r.get_bool("archetypal_combat", f.warrior);

  // Survival, verve, injuries.
  if (!r.has("survival")) throw InputError(node.pos(), r.what() + " needs 'survival'");
  const int survival = as_int(r, "survival", 1, 1, 100000);
  f.survival = survival * (1 + f.group_bonus);
  f.verve = as_int(r, "verve", 0, 0, 100000);
  if (f.verve > 0 && !f.pc)
    throw InputError(r.scalar("verve")->pos(), "NPCs have no verve (set 'pc: true' for a player character)");
  if (f.verve > 0 && f.group_size > 1)
    throw InputError(r.scalar("verve")->pos(), "a group has no verve (group effort ignores it)");
  f.start_survival = as_int(r, "start_survival", f.survival, 0, f.survival);
  f.start_verve = as_int(r, "start_verve", f.verve, 0, f.verve);
  f.start_injuries = as_int(r, "injuries", 0, 0, 1000);
  f.bonus_pool = as_int(r, "bonus_pool", 0, 0, 100000);
  f.mojo = as_int(r, "mojo", f.pc ? 12 : 0, 0, 100000);
  if (f.mojo > 0 && !f.pc)
    throw InputError(r.scalar("mojo")->pos(), "NPCs have no mojo (set 'pc: true' for a player character)");
  f.mojo_use = static_cast<MojoUse>(r.get_choice("mojo_use", {"none", "survival", "all"}, 1));

  // Attack.
  const bool helmet = r.get_bool("helmet", false);
  f.attack_bonus = as_int(r, "fighting_art", 0, -20, 20) + as_int(r, "attack", 0, -20, 20) + f.group_bonus +
                   (r.get_bool("high_ground", false) ? 1 : 0) - (helmet ? 1 : 0);

  // Defense: armor + agility, or a natural defense; then shield and helmet.
  const auto armor = kArmor[static_cast<std::size_t>(r.get_choice("armor", names_of(kArmor), 0))];
  const int agility = as_int(r, "agility", 0, -10, 10);
  if (r.has("defense") && (r.has("armor") || r.has("agility")))
    throw InputError(r.scalar("defense")->pos(), "give either 'defense' or 'armor'/'agility', not both");
  const int natural = as_int(r, "defense", armor.second + agility, -10, 40);
  const int shield_index = r.get_choice("shield", names_of(kShields), 0);
  f.small_shield = kShields[static_cast<std::size_t>(shield_index)].first == "small_shield";
  f.defense = natural + kShields[static_cast<std::size_t>(shield_index)].second + (helmet ? 1 : 0) + f.group_bonus;
  f.head_protection = as_int(r, "head_protection", 0, 0, 20) + (helmet ? 1 : 0);

  // Reactions and abilities rolled under. Reactions run on their own scale
  // ("Reactions" of Toromeen's creation, "Level advancement"): base 4, +1 every
  // even level, the archetypal one +1 every level; average abilities contribute
  // nothing. Endurance is an ability: 10 plus half level ("Non-player characters").
  const int estimate = 10 + f.level / 2;
  const bool has_reactions = r.has("reactions");
  const int reactions = as_int(r, "reactions", 4 + f.level / 2, -10, 40);
  for (int s = 0; s < kScoreCount; ++s) {
    const bool archetypal = ((f.archetypal_scores >> s) & 1) != 0;
    const int reaction = !has_reactions && archetypal ? 4 + f.level : reactions;
    const int fallback = s == kEndurance ? estimate : s == kCharisma ? 10 : reaction;
    f.score[static_cast<std::size_t>(s)] = as_int(r, kScoreNames[static_cast<std::size_t>(s)], fallback, -10, 40);
  }
  if (helmet) --f.score[kPerception];
  f.movement = as_int(r, "movement", 10, 0, 100);

  // The weapon.
  const WeaponRow& weapon = kWeapons[static_cast<std::size_t>(r.get_choice("weapon", names_of(kWeapons), 0))];
  const int size_steps = r.get_choice("weapon_size", kSizes, kMedium) - kMedium;
  std::optional<Dice> die = r.get_dice("damage");
  if (die && size_steps != 0)
    throw InputError(r.scalar("weapon_size")->pos(), "'weapon_size' resizes a weapon from the tables; with 'damage' give the resized dice");
  if (!die) die = resize_damage(Dice::parse(weapon.damage), size_steps);
  f.damage = die->plus(as_int(r, "damage_bonus", 0, -20, 100));
  f.weapon = r.has("damage") ? die->to_string() : std::string(weapon.name) + (size_steps ? " (" + kSizes[static_cast<std::size_t>(kMedium + size_steps)] + ")" : "");
  f.ranged = r.get_bool("ranged", weapon.ranged);
  f.fire_actions = f.ranged ? as_int(r, "fire_actions", weapon.fire_actions, 1, 10) : 1;
  if (!f.ranged && r.has("fire_actions"))
    throw InputError(r.scalar("fire_actions")->pos(), "'fire_actions' is for missile weapons (striking takes one action)");
  f.starts_loaded = r.get_bool("loaded", true);
  f.attacks_per_action = as_int(r, "attacks", 1, 1, 8);
  f.actions = 1 + f.group_bonus;
  if (f.actions * f.attacks_per_action > Encounter::kMaxAttacks)
    throw InputError(node.pos(), r.what() + " would make " + std::to_string(f.actions * f.attacks_per_action) +
                                     " attacks a round; at most " + std::to_string(Encounter::kMaxAttacks));
  f.hit_damage = std::max(0.0, f.damage.mean());
  f.mean_damage = std::max(0.0, f.damage.mean()) * f.actions * f.attacks_per_action / f.fire_actions;

  f.cover = static_cast<Cover>(r.get_choice("cover", kCover, 0));
  f.awareness = static_cast<Awareness>(r.get_choice("awareness", kAwareness, 0));
  f.knockout_injuries = as_int(r, "knockout_injuries", 1, 1, 2);
  if (f.knockout_injuries == 2 && !f.warrior)
    throw InputError(r.scalar("knockout_injuries")->pos(), "only warriors may put 2 injuries into a knockout blow");

  if (const Node* um = r.get("unmodelled")) {
    if (!um->is_list()) throw InputError(um->pos(), "unmodelled must be a list of names");
    for (const Node& item : um->items()) f.unmodelled.push_back(item.as_string());
  }

  if (const Node* own = r.get("tactics")) {
    f.rules = read_rules(*own);
  } else if (side_rules) {
    f.rules = read_rules(*side_rules);
  } else {
    f.rules = default_rules(f, style);
    f.styled = true;
  }
  if (const Node* m = r.scalar("morale")) {
    f.has_morale = true;
    f.morale = tactics::Condition::compile(m->text(), m->pos(), vars());
  } else if (f.group_size > 1) {
    f.has_morale = true;
    f.morale = tactics::Condition::compile("self.survival_frac <= 0.5", {}, vars());
  }
  return f;
}

}  // namespace

int group_bonus(int count) {
  int bonus = 0;
  while (count >= 2 && bonus < 10) {
    count /= 2;
    ++bonus;
  }
  return bonus;
}

Dice resize_damage(const Dice& die, int steps) {
  if (steps == 0) return die;
  // The progression: 1 d2 d4 d6 d8 d10 d12 2d8 3d6 4d6, then +d6 a step.
  static const char* kSteps[] = {"1", "1d2", "1d4", "1d6", "1d8", "1d10", "1d12", "2d8", "3d6", "4d6"};
  auto step_text = [](int k) -> std::string {
    if (k < 10) return kSteps[k];
    return std::to_string(k - 5) + "d6";
  };
  // A die off the progression (the great sword's 2d6) starts from the step
  // with the nearest mean.
  int from = 0;
  double best = 1e9;
  for (int k = 0; k < 20; ++k) {
    const double gap = std::abs(Dice::parse(step_text(k)).mean() - die.mean());
    if (gap < best) {
      best = gap;
      from = k;
    }
  }
  return Dice::parse(step_text(std::max(0, from + steps)));
}

const std::vector<tactics::ActionSpec>& actions() {
  static const std::vector<tactics::ActionSpec> kActions{
      {"attack", "attack with the weapon (missile weapons load first when they need several actions)", false},
      {"called_shot", "-3 to hit and -2 to own defense this round, resolved first: never strays onto allies, and a hit spoils an enemy shooter's or loader's round unless it evades", false},
      {"knockout", "a called shot on a surprised or immobile enemy: unless it evades, 1 point (knockout_injuries) goes straight to injuries", false},
      {"killing_blow", "a called shot on an immobile enemy (asleep and surprised): half the damage, rounded up, goes to injuries", false},
      {"withdraw", "leave the fight (counted as a withdrawal)", false},
      {"hold", "do nothing this round", false},
  };
  return kActions;
}

const std::vector<tactics::VarSpec>& vars() {
  static const std::vector<tactics::VarSpec> kVars = [] {
    std::vector<tactics::VarSpec> v = tactics::common_vars();
    v.push_back({"self.survival", "survival points left"});
    v.push_back({"self.survival_max", "maximum survival"});
    v.push_back({"self.survival_frac", "survival / survival_max, from 0 to 1"});
    v.push_back({"self.verve", "verve points left"});
    v.push_back({"self.injuries", "injury points"});
    v.push_back({"self.pool", "temporary bonus pool left"});
    v.push_back({"self.surprised", "1 while surprised"});
    v.push_back({"self.loaded", "1 when its next action fires its weapon"});
    v.push_back({"self.in_close_combat", "1 if it fought in melee last round"});
    v.push_back({"self.group_bonus", "its group effort bonus"});
    v.push_back({"enemies_surprised", "surprised enemies in the fight"});
    v.push_back({"enemies_immobile", "immobile enemies (asleep and surprised, round 1)"});
    return v;
  }();
  return kVars;
}

const std::vector<MetricSpec>& Encounter::resource_specs() {
  static const std::vector<MetricSpec> kSpecs{
      {"party_verve_lost", "verve the party lost", false, true, true},
      {"party_survival_lost", "survival the party lost", false, true, true},
      {"party_injuries", "injury points the party took", false, true, true},
      {"foe_survival_lost", "survival the foes lost", false, false, false},
      {"foe_injuries", "injury points the foes took", false, false, false},
      {"pool_absorbed", "damage absorbed by temporary bonus pools", false, false, false},
      {"consciousness_rolls", "rolls to stay conscious", false, false, false},
      {"knocked_out", "consciousness rolls failed", false, false, false},
      {"death_contests", "death contests rolled", false, false, false},
      {"death_contests_lost", "death contests lost (dying)", false, false, false},
      {"surprised", "combatants surprised", false, false, false},
      {"surprise_rounds_lost", "first rounds lost to surprise (one per surprised combatant)", false, false, false},
      {"surprised_rounds", "later rounds spent surprised (-2 defense, -3 to rolls)", false, false, false},
      {"morale_checks", "morale checks made", false, false, false},
      {"morale_failed", "morale checks failed", false, false, false},
      {"withdrawals", "combatants who withdrew (tactics or morale)", false, false, true},
      {"called_shots", "rounds of called shots (knockout and killing blows included)", false, false, false},
      {"knockout_blows", "knockout blows that put injuries in", false, false, false},
      {"stray_hits", "missiles that struck an ally in close combat", false, false, false},
      {"mojo_spent", "mojo the party bid to turn failed rolls", false, false, false},
      {"woke_up", "combatants who came to after their minutes of unconsciousness", false, false, false},
  };
  return kSpecs;
}

const std::vector<MetricSpec>& Encounter::extra_specs() {
  static const std::vector<MetricSpec> kSpecs{
      {"verve_lost", "verve it lost", false, false, false},
      {"survival_lost", "survival it lost", false, false, false},
      {"injuries", "injury points it took", false, false, false, false, "injuries"},
      {"unconscious", "fights in which it fell unconscious", true, false, false},
      {"dying", "fights in which it lost a death contest", true, false, false},
      {"death_contests", "death contests it rolled", false, false, false},
      {"surprised", "fights in which it was surprised", true, false, false},
      {"withdrew", "fights it withdrew from", true, false, false},
      {"pool_absorbed", "damage its bonus pool absorbed", false, false, false},
      {"friendly_damage", "damage its missiles did to its own side (not in damage_dealt)", false, false, false},
      {"mojo_spent", "mojo it bid to turn failed rolls", false, false, false},
  };
  return kSpecs;
}

const ScreenSpec& Encounter::screen() {
  static const ScreenSpec kScreen{
      "range, cover, grappling, the heroic last effort and spending mojo on the spot are not "
      "modelled: the party is likely a little stronger than shown",
      {"The party loses {party_verve_lost} verve and {party_survival_lost} survival and takes "
       "{party_injuries} injury points (9 in 10 fights at most {party_injuries:p90})",
       "Knocked out {knocked_out}, death contests lost {death_contests_lost}, withdrawals "
       "{withdrawals}, mojo spent {mojo_spent}"}};
  return kScreen;
}

Encounter compile(const Scenario&, const Variant& variant) {
  const Node& doc = variant.doc;
  Encounter enc;
  enc.read_frame(doc, kId);
  enc.opt = read_options(doc.find("options"));

  enc.play[0] = party_styles()[static_cast<std::size_t>(enc.style.party)];
  enc.play[1] = foe_styles()[static_cast<std::size_t>(enc.style.foes)];
  enc.n_party = enc.read_fighters(doc, enc.fighters, " in one fight (a `group` fights as one)",
                                  [&](const Node& entry, int side, const Node* side_rules, int& count) {
                                    return read_fighter(entry, side, enc.play[side], side_rules, count);
                                  });
  // What each can use (features.csv): its plain attack (also what a knockout
  // or killing blow without a target becomes), the called shots its rules
  // name, and a PC's mojo.
  for (int i = 0; i < static_cast<int>(enc.fighters.size()); ++i) {
    Fighter& f = enc.fighters[static_cast<std::size_t>(i)];
    f.feat_attack[kAttack] = add_feature(enc.features_, i, "attack (" + f.weapon + ")");
    for (const tactics::Rule& r : f.rules)
      if (r.action > kAttack && r.action <= kKillingBlow && f.feat_attack[static_cast<std::size_t>(r.action)] < 0)
        f.feat_attack[static_cast<std::size_t>(r.action)] =
            add_feature(enc.features_, i, std::string(actions()[static_cast<std::size_t>(r.action)].name));
    if (f.pc && f.mojo > 0 && f.mojo_use != MojoUse::none) f.feat_mojo = add_feature(enc.features_, i, "mojo", "mojo");
  }
  return enc;
}

std::string Encounter::describe() const {
  std::ostringstream os;
  os << "options: natural 20 " << (opt.natural_20_fails ? "fails" : "is a roll") << ", natural 1 "
     << (opt.natural_1_hits ? "hits" : "is a roll") << ", consciousness "
     << kReactionChoices[static_cast<std::size_t>(opt.consciousness)] << ", snap out "
     << kReactionChoices[static_cast<std::size_t>(opt.snap_out)] << ", injury penalty "
     << (opt.injury_penalty_at_round_start ? "round_start" : "immediate") << ", verve while surprised "
     << (opt.verve_while_surprised ? "yes" : "no") << ", dying acts " << (opt.dying_acts ? "yes" : "no")
     << ", unconscious " << (opt.unconscious_minutes ? "minutes" : "rest_of_fight") << ", NPC targets "
     << (opt.npc_targets_after_pcs ? "after_pcs" : "round_start") << ", morale delay " << (opt.morale_delay ? "yes" : "no") << ", firing into melee "
     << (opt.firing_into_melee ? "on" : "off") << ", max_rounds " << max_rounds << '\n';
  for (const Fighter& f : fighters) {
    os << (f.side == 0 ? "party  " : "foes   ") << f.name << (f.pc ? " (PC)" : "") << ": level " << f.level;
    if (!f.archetypes.empty()) os << " " << f.archetypes;
    if (f.group_size > 1) os << ", group of " << f.group_size << " (bonus +" << f.group_bonus << ")";
    os << ", survival " << f.survival;
    if (f.start_survival != f.survival) os << " (starts at " << f.start_survival << ")";
    if (f.verve) os << ", verve " << f.verve << (f.start_verve != f.verve ? " (starts at " + std::to_string(f.start_verve) + ")" : "");
    if (f.start_injuries) os << ", injuries " << f.start_injuries;
    if (f.bonus_pool) os << ", bonus pool " << f.bonus_pool;
    if (f.mojo) os << ", mojo " << f.mojo << " (" << (f.mojo_use == MojoUse::none ? "kept" : f.mojo_use == MojoUse::survival ? "for survival" : "for every archetypal roll") << ")";
    os << ", defense " << f.defense << (f.small_shield ? " (small shield vs one)" : "");
    if (f.archetypal_combat) os << ", combat damage from verve first";
    os << "\n         " << f.actions << " action(s) x " << f.attacks_per_action << " attack(s): " << f.weapon
       << (f.ranged ? " (missile" + (f.fire_actions > 1 ? ", " + std::to_string(f.fire_actions) + " actions a shot" : std::string()) + ")" : " (melee)")
       << ", hits on d20 <= 11 " << (f.attack_bonus >= 0 ? "+ " : "- ") << std::abs(f.attack_bonus)
       << " - defense, damage " << f.damage.to_string() << '\n';
    os << "         rolls under: fortitude " << f.score[kFortitude] << ", willpower " << f.score[kWillpower]
       << ", evasion " << f.score[kEvasion] << ", perception " << f.score[kPerception] << ", health "
       << f.score[kHealth] << ", endurance " << f.score[kEndurance] << ", charisma " << f.score[kCharisma];
    if (f.awareness != Awareness::ready) os << "; " << kAwareness[static_cast<std::size_t>(f.awareness)] << " (rolls surprise)";
    if (f.cover != Cover::none) os << "; " << kCover[static_cast<std::size_t>(f.cover)] << " cover";
    os << '\n';
    if (f.has_morale) os << "         morale check when: " << (f.morale.is_always() ? "always" : f.morale.text()) << '\n';
    if (!f.unmodelled.empty()) {
      os << "         NOT modelled:";
      for (const auto& u : f.unmodelled) os << ' ' << u << ';';
      os << '\n';
    }
    os << "         tactics:";
    for (const tactics::Rule& rule : f.rules) {
      os << " [" << (rule.when.is_always() ? "always" : rule.when.text()) << " -> "
         << actions()[static_cast<std::size_t>(rule.action)].name;
      if (rule.action != kWithdraw && rule.action != kHold)
        for (const auto& t : tactics::target_specs())
          if (t.target == rule.target) os << ' ' << t.name;
      os << ']';
    }
    os << '\n';
  }
  return os.str();
}

// The play styles (docs/rules/gods-and-monsters.md, "Play styles"), in the
// order of foe_styles() and party_styles(); `foes` runs from the kindest to
// the party to the harshest. NPCs always aim after the PCs have acted (the
// text's order of events) unless options.npc_targets says otherwise.
const StyleSpec& Encounter::styles() {
  static const StyleSpec kStyles{
      {{"cautious", "plain attacks at the enemy with the least left before injuries; ties at random; an NPC "
                    "withdraws once its survival is gone"},
       {"standard", "a plain attack, knockout or killing blow, whichever is worth most now, at the enemy whose fall "
                    "soonest ends the most danger; ties by the least left, then at random; an NPC withdraws once its "
                    "survival is gone"},
       {"ruthless", "as standard, but NPCs fight on when their survival is gone"}},
      {{"standard", "a plain attack, knockout or killing blow, whichever is worth most now, at the foe whose fall "
                    "soonest ends the most danger; ties by the least left, then at random; PCs fight on, allied NPCs "
                    "withdraw once their survival is gone"},
       {"careful", "as standard, but a PC withdraws once its survival is gone (a warrior's verve goes first), before injuries can kill it"}},
  };
  return kStyles;
}

std::vector<std::string> Encounter::behaviour() const {
  return style_lines_with(fighters, rules::OwnTactics::names);
}

std::string describe_keys() {
  std::ostringstream os;
  os << "gods-and-monsters: Gods & Monsters (source text 003): roll-under d20 (11 + attack - defense), simultaneous rounds,\n"
        "survival, verve and injuries, unconsciousness and death contests, surprise, group effort.\n\n"
     << "Combatant keys (party and foes entries, and library `monsters:`):\n"
     << format_schema(kCombatantKeys) << "\nweapons: " << joined(names_of(kWeapons)) << "\n\noptions:\n"
     << format_schema(kOptionKeys) << "\n" << tactics::describe_language(actions(), vars(), "for `when` and `morale`; hp is survival + pool - injuries, + verve while its combat damage comes from verve");
  return os.str();
}

}  // namespace encsim::gods_and_monsters
