// Compiling a Daggerheart scenario: the options, the SRD's Battle Points
// budget, the encounter from its PCs (read_pc.cpp), adversaries, countdowns and
// NPC allies (read_adversary.cpp), and how `check` and `rules` describe them.
#include "rules/daggerheart/daggerheart.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "rules/daggerheart/advancement.hpp"
#include "rules/daggerheart/play.hpp"
#include "rules/daggerheart/read.hpp"
#include "rules/sides.hpp"

namespace encsim::daggerheart {
namespace {

const std::vector<KeySpec> kOptionKeys{
    {"fear_start", "integer", "1 per PC", "the GM's Fear at the start"},
    {"light", "bright|dim|dark", "bright", "the fight's light: dim or dark is low light, for the passives that need it (Shadowhunter)"},
    {"natural_place", "boolean", "false", "the fight is in a natural place (wilds, forest, cave), for the passives that need it (Sage-Touched's +2 to Spellcast rolls)"},
    {"foes_tracked", "boolean", "false", "the PCs tracked these foes before the fight (Gifted Tracker's questions asked), for the passives that need it"},
    {"fear_max", "integer", "12", "the most Fear the GM can hold"},
    {"scene", "incidental|minor|standard|major|climactic", "by the foes", "the scene type of the GM text's Fear table (default: major with a Solo or Leader, else standard); the foe style spends the bottom (cautious) or top (standard) of its range"},
    {"gm_policy", "measured|greedy", "by the foe style", "greedy: spend Fear on every spotlight it can, no reserve, no budget, no cap"},
    {"max_spotlights", "integer", "by the foe style", "adversary spotlights per GM turn (Relentless repeats count)"},
    {"fear_reserve", "integer", "by the foe style", "Fear the GM keeps in hand"},
    {"fear_budget", "integer|incidental|minor|standard|major|climactic|unlimited", "by the foe style", "Fear the GM may spend this fight (a scene name: the top of its range in the GM text's table)"},
    {"fear_keep", "integer|never", "by the foe style", "past its budget the GM still spends the Fear it holds above this (standard: the Fear it started with)"},
    {"interrupt_after", "integer", "0", "spend a Fear to interrupt after this many PC spotlights in a row (0: never)"},
    {"adversary_experiences", "boolean", "false", "the GM spends a Fear to add an adversary's best Experience to its attacks"},
    {"experience_min_hope", "integer", "4", "a PC spends a Hope on an Experience for an attack when holding at least this much (7: never)"},
    {"help_min_hope", "integer", "4", "an ally spends a Hope to help an attack (advantage) when holding at least this much (7: never)"},
    {"hope_features", "boolean", "true", "PCs use their class Hope features"},
    {"class_features", "boolean", "true", "Guardians become Unstoppable (once per long rest) and Rangers make Focus attacks (Ranger's Focus)"},
    {"consumable_use", "free|spotlight", "free", "a PC uses at most one consumable at the start of its spotlight, with no roll, then acts (free), or using it is the spotlight's action (spotlight)"},
    {"cards", "boolean", "true", "PCs play their domain cards and their features' actions and reactions (false: carried, listed by check, never played; passives stay)"},
    {"card_hope_reserve", "integer", "3", "a PC with a class Hope feature plays a Hope-costing card only when it keeps this much Hope after paying (0: always)"},
    {"guard_slot_worth", "number", "1", "what an Armor Slot a PC marks to soften an ally's hit (Partners-in-Arms) costs it, in HP: the HP the slot would have spared the PC itself later"},
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
    {"group_action", "off|auto|always", "off", "Group Action rolls on weapon attacks: the attacker leads, the allies who have not had the spotlight this round join with a reaction roll (+1 to the attack per success, -1 per failure) and give up their spotlight; auto: only when it is worth more in expected HP than their own attacks; always: with every ally who can"},
    {"battle_points", "map", "", "adjustments to the Battle Points budget: easier, harder, damage_boost (booleans)"},
};

const std::vector<KeySpec> kBpKeys{
    {"easier", "boolean", "false", "an easier or shorter fight: -1"},
    {"harder", "boolean", "false", "a harder or longer fight: +2"},
    {"damage_boost", "boolean", "false", "every adversary's standard attack deals +1d4 damage: -2"},
};

Options read_options(const Node* node, BattlePoints& bp_adjust, int& budget_adjust) {
  Options o;
  budget_adjust = 0;
  if (!node) return o;
  MapReader r(*node, kOptionKeys, "options");
  r.finish();
  o.fear_start = static_cast<int>(r.get_int("fear_start", o.fear_start, 0, 12));
  if (!r.has("fear_start")) o.fear_start = -1;
  o.fear_max = static_cast<int>(r.get_int("fear_max", o.fear_max, 1, 100));
  if (r.has("scene")) {
    o.scene = static_cast<Scene>(r.get_choice("scene", {"incidental", "minor", "standard", "major", "climactic"}, 2));
    o.scene_set = true;
  }
  o.policy = static_cast<FearPolicy>(r.get_choice("gm_policy", {"measured", "greedy"}, 0));
  o.policy_set = r.has("gm_policy");
  o.cap_set = r.has("max_spotlights");
  o.reserve_set = r.has("fear_reserve");
  o.budget_set = r.has("fear_budget");
  if (o.policy == FearPolicy::greedy)
    for (const char* key : {"max_spotlights", "fear_reserve", "fear_budget", "fear_keep"})
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
  if (const Node* k = r.scalar("fear_keep")) {
    o.keep_set = true;
    o.keep = k->text() == "never" ? -1 : static_cast<int>(r.get_int("fear_keep", 0, 0, 100));
  }
  o.interrupt_after = static_cast<int>(r.get_int("interrupt_after", o.interrupt_after, 0, 100));
  o.adversary_experiences = r.get_bool("adversary_experiences", o.adversary_experiences);
  o.experience_min_hope = static_cast<int>(r.get_int("experience_min_hope", o.experience_min_hope, 1, 7));
  o.help_min_hope = static_cast<int>(r.get_int("help_min_hope", o.help_min_hope, 1, 7));
  o.hope_features = r.get_bool("hope_features", o.hope_features);
  o.class_features = r.get_bool("class_features", o.class_features);
  o.massive_damage = r.get_bool("massive_damage", o.massive_damage);
  o.risk_it_all_tie_clears_all = r.get_choice("risk_it_all_tie", {"stay_up", "clear_all"}, 0) == 1;
  o.area_very_close = static_cast<int>(r.get_int("area_very_close", o.area_very_close, 1, Encounter::kMaxPcs));
  o.area_close = static_cast<int>(r.get_int("area_close", o.area_close, 1, Encounter::kMaxPcs));
  o.area_far = static_cast<int>(r.get_int("area_far", o.area_far, 1, Encounter::kMaxPcs));
  o.minion_spill_any_kind = r.get_choice("minion_spillover", {"any", "same"}, 0) == 0;
  o.sneak_attack_needs_melee_ally = r.get_choice("sneak_attack", {"melee_ally", "always"}, 0) == 0;
  o.restrained_loses_spotlight = r.get_choice("restrained", {"acts", "loses_spotlight"}, 0) == 1;
  o.hard_moves = r.get_bool("hard_moves", o.hard_moves);
  o.cards = r.get_bool("cards", o.cards);
  if (r.get_choice("light", {"bright", "dim", "dark"}, 0) > 0) o.surroundings |= kSceneLowLight;
  if (r.get_bool("natural_place", false)) o.surroundings |= kSceneNatural;
  if (r.get_bool("foes_tracked", false)) o.surroundings |= kSceneTracked;
  o.consumable_spotlight = r.get_choice("consumable_use", {"free", "spotlight"}, 0) == 1;
  o.card_hope_reserve = static_cast<int>(r.get_int("card_hope_reserve", o.card_hope_reserve, 0, 12));
  o.guard_slot_worth = r.get_number("guard_slot_worth", o.guard_slot_worth, 0.0, 4.0);
  o.tag_team = r.get_bool("tag_team", o.tag_team);
  o.tag_team_min_hope = static_cast<int>(r.get_int("tag_team_min_hope", o.tag_team_min_hope, 3, 12));
  if (!o.tag_team && r.has("tag_team_min_hope"))
    throw InputError(r.scalar("tag_team_min_hope")->pos(), "tag_team_min_hope goes with tag_team: true");
  o.group_action = static_cast<GroupPolicy>(r.get_choice("group_action", {"off", "auto", "always"}, 0));
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

// What a passive's `scene` needs, as `encsim check` says it.
const char* scene_needs(unsigned scene) {
  return scene == kSceneLowLight ? "low light (options: light: dim or dark)"
         : scene == kSceneNatural ? "a natural place (options: natural_place: true)"
                                  : "foes the PCs tracked (options: foes_tracked: true)";
}
const char* const kGroupNames[] = {"off", "auto", "always"};  // by GroupPolicy, as `group_action` names them

}  // namespace

const std::vector<tactics::ActionSpec>& actions() {
  static const std::vector<tactics::ActionSpec> kActions{
      {"attack", "PCs: an attack with the primary weapon; adversaries: the standard attack", false},
      {"attack_secondary", "PCs: an attack with the secondary weapon", false},
      {"feature", "adversaries: use the named action feature (feature:Spit Acid) if its costs can be paid", true},
      {"card", "PCs: play the named domain card (card:Bolt Beacon) if it is usable and its costs can be paid", true},
      {"companion", "a Beastbound Ranger: command its companion to attack the target, while the companion is in the scene", false},
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
      {"hope_spent_cards", "Hope spent on domain cards", false, false, false},
      {"companion_stress", "Stress marked on Beastbound companions (each hit on one marks one)", false, false, false},
      {"companions_out", "companions that dropped out of the scene (their last Stress marked)", false, false, false},
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
      {"stress_left", "Stress slots unmarked at the end", false, false, false, false, "Stress left"},
      {"armor_left", "PCs: Armor Slots unmarked at the end", false, false, false, false, "Armor left"},
  };
  return kSpecs;
}

namespace {

// What each combatant can use (features.csv), in roster order: a PC's
// weapons, Hope feature, Tag Team, Group Action (led, and joined),
// Experience, Sneak Attack and Prayer Dice; an NPC's modelled features; an
// adversary's standard attack, Experience, modelled actions and reactions,
// and the countdowns it owns.
void declare_features(Encounter& enc) {
  auto& t = enc.features_;
  for (int i = 0; i < static_cast<int>(enc.pcs.size()); ++i) {
    Pc& p = enc.pcs[static_cast<std::size_t>(i)];
    p.feat_primary = add_feature(t, i, p.primary.name);
    if (p.secondary.present) p.feat_secondary = add_feature(t, i, p.secondary.name);
    for (const ClassRow& row : kClasses)
      if (row.cls == p.cls && p.hope != HopeKind::none && enc.opt.hope_features)
        p.feat_hope = add_feature(t, i, std::string(row.hope_name), "Hope");
    if (enc.opt.tag_team && enc.pcs.size() > 1) p.feat_tag_team = add_feature(t, i, "Tag Team", "Hope");
    if (enc.opt.group_action != GroupPolicy::off && enc.pcs.size() > 1) {
      p.feat_group = add_feature(t, i, "Group Action");
      p.feat_group_support = add_feature(t, i, "Group Action support");
    }
    if (p.experience > 0) p.feat_experience = add_feature(t, i, "Experience", "Hope");
    if (p.sneak_attack_dice > 0) p.feat_sneak = add_feature(t, i, "Sneak Attack");
    if (p.prayer_dice > 0) p.feat_prayer = add_feature(t, i, "Prayer Dice");
    if (p.unstoppable_die > 0 && enc.opt.class_features) p.feat_unstoppable = add_feature(t, i, "Unstoppable");
    if (p.rangers_focus && enc.opt.class_features) p.feat_focus = add_feature(t, i, "Ranger's Focus", "Hope");
    if (p.beast) {  // transformations, the form's attack (as a weapon), its features paid on attacks
      p.feat_transform = add_feature(t, i, "Beastform", "Stress");
      p.feat_beast = add_feature(t, i, "Beastform: " + p.beast->name);
      p.feat_beast_features.assign(p.beast->features.size(), -1);
      for (std::size_t k = 0; k < p.beast->features.size(); ++k) {
        const BeastFeature& f = p.beast->features[k];
        if (f.status == CardStatus::modelled && f.when != BeastWhen::passive)
          p.feat_beast_features[k] = add_feature(t, i, f.name, f.hope > 0 ? "Hope" : "Stress");
      }
    }
    for (PcCard& c : p.cards) {  // domain cards played (passives are folded into the PC, but for those that act)
      const CardEffect& e = c.def->effect;
      if (c.live() && (e.when != CardWhen::passive || e.acts()))
        c.feat = add_feature(t, i, c.def->name,
                             e.hope > 0 || e.pool.fill == PoolFill::hope_roll ? "Hope" : e.stress > 0 ? "Stress" : "");
      if (c.live() && e.p_no_minor > 0 && p.feat_no_minor < 0) p.feat_no_minor = c.feat;
      if (c.live() && e.p_keep_armor > 0 && p.feat_keep_armor < 0) p.feat_keep_armor = c.feat;
    }
    if (PcCompanion& c = p.companion; c.present) {  // a companion's commanded attacks, and the features that act
      c.feat = add_feature(t, i, "Companion: " + c.name, "Hope");
      if (c.has(Training::armored)) c.feat_armored = add_feature(t, i, "Armored", "Armor");
      if (c.has(Training::bonded)) c.feat_bonded = add_feature(t, i, "Bonded");
      if (c.battle_bonded) c.feat_battle_bonded = add_feature(t, i, "Battle-Bonded");
      if (c.loyal_friend) c.feat_loyal = add_feature(t, i, "Loyal Friend");
    }
    for (PcConsumable& c : p.consumables)  // consumables used (uses; healed: the HP, else the Stress, cleared)
      if (c.def->status == CardStatus::modelled) c.feat = add_feature(t, i, c.def->name, c.def->stress > 0 ? "Stress" : "");
  }
  const auto modelled = [&](std::vector<Feature>& features, int owner) {
    for (Feature& f : features)
      if (f.modelled)
        f.table = add_feature(t, owner, f.name, f.fear > 0 ? "Fear" : f.stress > 0 ? "Stress" : f.hp > 0 ? "HP" : "");
  };
  const int n_pc = static_cast<int>(enc.pcs.size());
  for (std::size_t k = 0; k < enc.npcs.size(); ++k) modelled(enc.npcs[k].features, n_pc + static_cast<int>(k));
  for (int j = 0; j < static_cast<int>(enc.adversaries.size()); ++j) {
    Adversary& a = enc.adversaries[static_cast<std::size_t>(j)];
    const int owner = enc.rec_index_adv(j);
    a.feat_attack = add_feature(t, owner, a.attack_name);
    if (enc.opt.adversary_experiences && a.experience > 0) a.feat_experience = add_feature(t, owner, "Experience", "Fear");
    modelled(a.features, owner);
    for (Countdown& cd : enc.countdowns)
      if (cd.owner == j) cd.table = add_feature(t, owner, "countdown: " + cd.name);
  }
}

}  // namespace


const ScreenSpec& Encounter::screen() {
  static const ScreenSpec kScreen{
      "The domain cards, subclass, ancestry and community features, Beastform features and consumables "
      "the libraries mark not modelled (encsim check lists them per PC) are not modelled: the party is likely "
      "stronger than shown",
      {"Fear: gains {fear_gained}, spends {fear_spent} (9 in 10 fights at most {fear_spent:p90}), "
       "{fear_end} left at the end",
       "Hope: gains {hope_gained}, spends {hope_spent}; the party marks {party_stress_marked} Stress and "
       "{armor_slots_used} Armor Slots"}};
  return kScreen;
}

Encounter compile(const Scenario&, const Variant& variant) {
  const Node& doc = variant.doc;
  Encounter enc;
  enc.read_frame(doc, kId);
  BattlePoints bp;
  int budget_adjust = 0;
  enc.opt = read_options(doc.find("options"), bp, budget_adjust);
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
    Pc p = read_pc(entry, side_rules[0], count, enc.opt.surroundings);
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
  resolve_copycats(enc.pcs);  // Copycat: the ally's card each copies (pc_cards.cpp)
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
  prepare_play(enc, enc.style.foes, enc.style.party);
  for (const Pc& p : enc.pcs) enc.roster_.push_back({p.name, true, 0});
  for (const Npc& n : enc.npcs) enc.roster_.push_back({n.name, false, 0});
  for (const Adversary& a : enc.adversaries) enc.roster_.push_back({a.name, false, 1});
  declare_features(enc);
  return enc;
}

// `encsim check`: a PC's domain cards, then its subclass, ancestry and
// community features, by what the simulation does with them.
static void describe_cards(std::ostream& os, const Pc& p) {
  static const char* const kHeads[] = {"modelled:", "with no combat effect:", "NOT modelled:"};
  for (const bool features : {false, true})
    for (const CardStatus st : {CardStatus::modelled, CardStatus::no_combat, CardStatus::not_modelled}) {
      bool any = false;
      for (const PcCard& c : p.cards) {
        if (c.def->status != st || (c.def->source != CardSource::domain) != features) continue;
        os << (any ? "; " : "         " + std::string(features ? "features " : "cards ") + kHeads[static_cast<int>(st)] + " ")
           << c.def->name;
        if (features) os << " [" << feature_owner(*c.def) << ']';
        os << " (" << c.def->summary << ')';
        if (c.copy_of)
          os << " COPIES " << c.copy_of->name << " (level " << c.copy_of->level << ", from " << p.copy_from_name
             << "'s loadout; " << c.copy_hope << " Hope the first time it is used, once per long rest)";
        if (c.inert && !c.replaced_by && c.def->effect.copies > 0)
          os << " INERT: no ally's loadout holds a card it can copy";
        else if (c.inert && !c.replaced_by)
          os << " INERT: the loadout holds " << c.have << ' ' << c.def->domain << " card" << (c.have == 1 ? "" : "s")
             << " of the " << c.def->effect.needs_domain << " it needs";
        if (c.replaced_by) os << " REPLACED by " << c.replaced_by->name;
        if (c.off_scene) os << " OFF HERE: its passive needs " << scene_needs(c.def->effect.p_scene);
        any = true;
      }
      if (any) os << '\n';
    }
}

// `encsim check`: a PC's consumables with their counts, by status.
static void describe_consumables(std::ostream& os, const Pc& p) {
  static const char* const kHeads[] = {"modelled:", "with no combat effect:", "NOT modelled:"};
  for (const CardStatus st : {CardStatus::modelled, CardStatus::no_combat, CardStatus::not_modelled}) {
    bool any = false;
    for (const PcConsumable& c : p.consumables) {
      if (c.def->status != st) continue;
      os << (any ? "; " : "         consumables " + std::string(kHeads[static_cast<int>(st)]) + " ") << c.count << " "
         << c.def->name << " (" << c.def->summary << ')';
      any = true;
    }
    if (any) os << '\n';
  }
}

// `encsim check`: a Druid's Beastform, its numbers and its features by status.
static void describe_beastform(std::ostream& os, const Pc& p) {
  const BeastForm& b = *p.beast;
  os << "         Beastform " << b.name << " (tier " << b.tier << "; " << p.beast_cost << " Stress, or 3 Hope with Evolution"
     << (p.beast_cost > 1 ? " and " + std::to_string(p.beast_cost - 1) + " Stress" : std::string()) << "): "
     << kTraitNames[static_cast<std::size_t>(b.trait)] << " +" << b.trait_bonus << ", Evasion +" << b.evasion << ", "
     << range_name(b.range) << ' ' << p.proficiency << 'd' << b.sides;
  if (b.flat) os << '+' << b.flat;
  os << ' ' << kTypeNames[static_cast<std::size_t>(b.type)] << (b.attack_advantage ? ", advantage on attacks" : "")
     << "; no weapons or spells while in it\n";
  static const char* const kHeads[] = {"modelled:", "with no combat effect:", "NOT modelled:"};
  for (const CardStatus st : {CardStatus::modelled, CardStatus::no_combat, CardStatus::not_modelled}) {
    bool any = false;
    for (const BeastFeature& f : b.features) {
      if (f.status != st) continue;
      os << (any ? "; " : "         form features " + std::string(kHeads[static_cast<int>(st)]) + " ") << f.name << " ("
         << f.summary << ')';
      any = true;
    }
    if (any) os << '\n';
  }
}

std::vector<std::pair<std::string, std::string>> Encounter::facts() const {
  int modelled = 0, total = 0;
  for (const Pc& p : pcs)  // domain cards and PC features that bear on a fight
    for (const PcCard& c : p.cards)
      if (c.def->status != CardStatus::no_combat) modelled += c.def->status == CardStatus::modelled, ++total;
  for (const Pc& p : pcs)  // a Druid's form: its features that bear on a fight
    if (p.beast)
      for (const BeastFeature& f : p.beast->features)
        if (f.status != CardStatus::no_combat) modelled += f.status == CardStatus::modelled, ++total;
  for (const Pc& p : pcs)  // consumables carried that bear on a fight (each item once, whatever its count)
    for (const PcConsumable& c : p.consumables)
      if (c.def->status != CardStatus::no_combat) modelled += c.def->status == CardStatus::modelled, ++total;
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
  s += "; adversary, NPC, domain-card and PC features modelled: " + f[0].second + " of " + f[1].second + ".";
  return s;
}

std::string Encounter::describe() const {
  std::ostringstream os;
  os << "options: Fear start " << fear_start() << " (max " << opt.fear_max << "), GM "
     << (opt.policy == FearPolicy::greedy ? "greedy" : "measured");
  if (opt.policy == FearPolicy::measured) {
    os << " (";
    if (opt.max_spotlights < 1000) os << "at most " << opt.max_spotlights << " spotlights a turn, ";
    os << "keeps " << opt.reserve << " Fear, budget ";
    if (opt.budget < 0)
      os << "unlimited";
    else
      os << opt.budget;
    if (opt.keep >= 0) os << ", then spends above " << opt.keep;
    os << ")";
  }
  static const char* const kScenes[] = {"incidental", "minor", "standard", "major", "climactic"};
  os << ", scene " << kScenes[static_cast<int>(opt.scene)];
  os << ", hard moves " << (opt.hard_moves ? "on" : "off") << ", Tag Team "
     << (opt.tag_team ? "at " + std::to_string(opt.tag_team_min_hope) + " Hope" : "never") << ", Group Action "
     << kGroupNames[static_cast<int>(opt.group_action)] << ", Restrained "
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
    if (p.unstoppable_die && opt.class_features) os << "; Unstoppable d" << p.unstoppable_die;
    if (p.rangers_focus && opt.class_features) os << "; Ranger's Focus";
    if (p.prayer_dice) os << "; " << p.prayer_dice << " Prayer Dice (to rolls)";
    if (p.strange_patterns) os << "; Strange Patterns " << p.strange_patterns;
    if (p.cls == PcClass::warrior) os << "; Combat Training";
    os << '\n';
    // Levels and advancement: tier, Proficiency, the build, the domains open.
    os << "         tier " << p.tier << ", Proficiency " << p.proficiency;
    if (!p.subclass.empty()) os << ", subclass " << p.subclass << " (" << p.subclass_cards << " of 3 cards)";
    if (!p.ancestry.empty()) os << ", ancestry " << p.ancestry;
    if (!p.community.empty()) os << ", community " << p.community;
    os << '\n';
    for (const std::string& line : p.build) os << "         " << line << '\n';
    if (p.domains[0] >= 0) {
      os << "         domains";
      for (int k = 0; k < 3; ++k)
        if (p.domains[static_cast<std::size_t>(k)] >= 0)
          os << ' ' << kDomainNames[static_cast<std::size_t>(p.domains[static_cast<std::size_t>(k)])] << " (to level "
             << p.domain_cap[static_cast<std::size_t>(k)] << ")";
      os << "; " << p.card_levels.size() << " domain cards allowed\n";
    }
    if (p.hp_marked_start || p.stress_marked_start || p.armor_marked_start)
      os << "         starts with " << p.hp_marked_start << " HP, " << p.stress_marked_start << " Stress and "
         << p.armor_marked_start << " Armor Slots marked\n";
    describe_cards(os, p);
    if (p.beast) describe_beastform(os, p);
    describe_consumables(os, p);
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
  // The order of FoeStyle and PartyStyle (play.hpp).
  static const StyleSpec kStyles{
      {{"cautious", "spends the bottom of the scene's Fear range, one bought spotlight a turn, keeps 1 Fear; "
                    "adversaries take their most valuable action, keep Stress until hurt, attack PCs at random"},
       {"restrained", "the measured GM of earlier versions: at most 2 spotlights a turn, keeps 1 Fear, no budget; "
                      "each adversary uses its first usable feature in stat-block order, at random PCs"},
       {"standard", "spends the top of the scene's Fear range, then what it holds above its starting Fear, "
                    "whenever an adversary can act usefully (one more after a failure with Fear); adversaries take "
                    "their most valuable action, aimed where it is worth most"},
       {"ruthless", "spends every Fear whenever an adversary can act usefully; adversaries take their most "
                    "valuable action, spend Stress freely and aim to take PCs out"}},
      {{"standard", "attack the foe whose threat one hit removes most; ties to the fewest HP left, then at random"},
       {"careful", "as standard, and Life Support heals an ally once half its HP are marked"},
       {"lowest_hp", "attack the foe with the fewest HP left (earlier versions); ties at random"}},
  };
  return kStyles;
}

// One line per side with the numbers in force (options may override a style's).
std::vector<std::string> Encounter::behaviour() const {
  static const char* const kSceneNames[] = {"Incidental", "Minor", "Standard", "Major", "Climactic"};
  const StyleSpec& spec = styles();
  std::ostringstream gm;
  gm << "GM: " << spec.foes[static_cast<std::size_t>(style.foes)].name << " (";
  if (opt.policy == FearPolicy::greedy) {
    gm << "spends every Fear it can";
  } else {
    if (opt.budget >= 0)
      gm << "spends up to " << (opt.budget_set ? "a" : std::string("the ") + kSceneNames[static_cast<int>(opt.scene)] + "-scene")
         << " budget of " << opt.budget << " Fear";
    else
      gm << "no Fear budget";
    if (opt.keep >= 0) gm << ", then what it holds above " << opt.keep;
    if (opt.max_spotlights < 1000) gm << ", at most " << opt.max_spotlights << " spotlights a turn";
    if (opt.reserve > 0) gm << ", keeps " << opt.reserve << " Fear";
  }
  if (play.gm_by_threat) gm << "; pays for a spotlight only when an adversary can act usefully";
  gm << "; " << (play.by_value ? "each adversary takes its most valuable action" : "first usable feature in stat-block order")
     << (play.stress_when_hurt ? ", Stress only once hurt" : "")
     << (play.aim ? ", aimed where it is worth most" : ", at random PCs") << ")";
  std::ostringstream party;
  party << "Party: " << spec.party[static_cast<std::size_t>(style.party)].name << " ("
        << (play.party_by_value ? "focus the foe whose threat one hit removes most; ties to the fewest HP left, then at random"
                                : "attack the foe with the fewest HP left; ties at random")
        << (play.careful ? "; Life Support at half HP" : "") << "; PCs with tactics follow them)";
  return {gm.str(), party.str()};
}

std::string describe_keys() {
  std::ostringstream os;
  os << "daggerheart: Daggerheart (source text 000 and the SRD): duality dice, Hope and Fear, thresholds,\n"
     << "Armor Slots, the GM's spotlight, adversary features, countdowns, Battle Points.\n\n"
     << "PC keys (party entries, and library `monsters:`):\n"
     << format_schema(kPcKeys) << "\nmulticlass keys:\n"
     << format_schema(kMulticlassKeys) << "\nmarked keys:\n"
     << format_schema(kMarkedKeys) << "\ncompanion keys (a Beastbound Ranger's):\n"
     << format_schema(kCompanionKeys) << "\nweapon map keys (primary, secondary):\n"
     << format_schema(kWeaponKeys) << "\narmor map keys:\n"
     << format_schema(kArmorKeys) << "\nadversary keys (foes entries, and library `monsters:`):\n"
     << format_schema(kAdversaryKeys) << "\nattack keys:\n"
     << format_schema(kAttackKeys) << "\nfeature keys (adversaries, NPC allies):\n"
     << format_schema(kFeatureBaseKeys) << "\npassive feature shapes (kind: passive):\n"
     << format_schema(kPassiveKeys) << "\neffect keys (actions, reactions, countdowns):\n"
     << format_schema(kEffectKeys) << "\ncountdowns (top-level `countdowns:` list; a feature's `countdown:`):\n"
     << format_schema(kCountdownKeys)
     << "\ndomain card keys (the built-in card library, src/rules/daggerheart/domain-cards.yaml):\n"
     << format_schema(kCardKeys)
     << "\nPC feature keys (the built-in subclass, ancestry and community features, src/rules/daggerheart/pc-features.yaml):\n"
     << format_schema(kPcFeatureKeys) << "\noptions:\n"
     << format_schema(kOptionKeys) << "\nbattle_points keys:\n"
     << format_schema(kBpKeys) << "\n" << tactics::describe_language(actions(), vars());
  return os.str();
}

}  // namespace encsim::daggerheart
