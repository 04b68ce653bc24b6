// A PC's domain cards and features, compiled into the Pc once per scenario:
// the loadout read and checked against the class's domains and the PC's
// level, the subclass, ancestry and community features added, passives folded
// into its numbers, and the flags that tell the fight which hooks to look at.
// The libraries themselves are read in read_card.cpp.
#include <algorithm>
#include <cctype>
#include <functional>
#include <memory>
#include <string>

#include "rules/daggerheart/advancement.hpp"
#include "rules/daggerheart/cards.hpp"
#include "rules/daggerheart/read.hpp"

namespace encsim::daggerheart {

namespace {

// The two domains of each class (SRD classes), in PcClass order, and the
// Spellcast trait of its first subclass (none for Guardian and Warrior).
struct ClassCards {
  std::string_view domain_1, domain_2;
  int spellcast;
};
constexpr ClassCards kClassCards[] = {
    {"Grace", "Codex", static_cast<int>(Trait::presence)},     {"Sage", "Arcana", static_cast<int>(Trait::instinct)},
    {"Valor", "Blade", -1},                                     {"Bone", "Sage", static_cast<int>(Trait::agility)},
    {"Midnight", "Grace", static_cast<int>(Trait::finesse)},   {"Splendor", "Valor", static_cast<int>(Trait::strength)},
    {"Arcana", "Midnight", static_cast<int>(Trait::instinct)}, {"Blade", "Bone", -1},
    {"Codex", "Splendor", static_cast<int>(Trait::knowledge)},
};

// Domain names match whatever their case ("arcana" in advancement.hpp, "Arcana" in the card library).
bool same_name(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  });
}

// Passive cards change the PC's numbers once, here.
void fold_passive(Pc& p, const CardEffect& e) {
  if (e.p_armored && p.armor.empty()) return;  // "while you wear armor" (Fortified Armor, Armorer)
  const int* t = p.traits.data();
  const int prof = p.proficiency;
  p.evasion += e.p_evasion.value(t, prof);
  p.major += e.p_major.value(t, prof);
  p.severe += e.p_severe.value(t, prof);
  p.hp = std::min(12, p.hp + e.p_hp.value(t, prof));
  p.stress = std::min(12, p.stress + e.p_stress.value(t, prof));
  p.armor_slots = std::min(12, p.armor_slots + e.p_armor.value(t, prof));
  p.reroll_damage = std::max(p.reroll_damage, e.p_reroll);
  p.hit_min_marks = std::max(p.hit_min_marks, e.p_min_marks.value(t, prof));
  p.vulnerable_damage += e.p_vulnerable_damage.value(t, prof, p.level);
  p.guarded_hp = std::max(p.guarded_hp, e.p_guarded);
  p.focus_evasion = std::max(p.focus_evasion, e.p_focus_evasion);
  p.no_minor_hp = std::max(p.no_minor_hp, e.p_no_minor);
  if (e.p_keep_armor > 0) p.keep_armor = p.keep_armor > 0 ? std::min(p.keep_armor, e.p_keep_armor) : e.p_keep_armor;
  if (e.p_no_disadvantage >= 0) p.no_disadvantage = e.p_no_disadvantage;
  p.drill_die = std::max(p.drill_die, e.p_drill_die);
  if (e.p_keep_stress > 0) p.keep_stress = p.keep_stress > 0 ? std::min(p.keep_stress, e.p_keep_stress) : e.p_keep_stress;
  p.stressed_proficiency = std::max(p.stressed_proficiency, e.p_stressed_proficiency);
  p.hurt_clear_stress += e.p_hurt_clear_stress;
  if (e.p_hope_evasion.present()) {  // Conjure Shield: the PC's Proficiency while it holds the Hope
    p.hope_evasion += e.p_hope_evasion.value(t, prof, p.level);
    p.hope_evasion_at = e.p_hope_at;
  }
  if (e.p_unarmored_score > 0 && p.armor.empty()) {  // Bare Bones: its own Armor Score and base thresholds
    const std::size_t tier = static_cast<std::size_t>(std::clamp(p.tier, 1, 4) - 1);
    const int score = e.p_unarmored_score + (e.p_unarmored_trait >= 0 ? t[e.p_unarmored_trait] : 0);
    p.armor_slots = std::clamp(p.armor_slots + score, 0, 12);
    p.major += e.p_unarmored_major[tier];                    // no armor: major was the level
    p.severe += e.p_unarmored_severe[tier] - p.level;        // ... and severe twice the level
  }
  p.reprisal_proficiency = std::max(p.reprisal_proficiency, e.p_reprisal);
  p.stress_experience = std::max(p.stress_experience, e.p_stress_experience);
  if (e.p_free_experience > 0)  // Honed Expertise: the kindest face
    p.free_experience = p.free_experience > 0 ? std::min(p.free_experience, e.p_free_experience) : e.p_free_experience;
  p.more_tag_teams += e.p_tag_teams;  // Camaraderie
  p.help_spell_die = std::max(p.help_spell_die, e.p_help_spellcast);  // Enchanted Aid
  if (e.p_tag_team_cost > 0) p.tag_team_cost = p.tag_team_cost > 0 ? std::min(p.tag_team_cost, e.p_tag_team_cost) : e.p_tag_team_cost;
  p.spellcast_bonus += e.p_spellcast;
  p.spell_hope = std::max(p.spell_hope, e.p_spell_hope);  // Nature's Tongue
  if (e.p_attack_advantage) p.attack_advantage = p.primary.advantage = p.secondary.advantage = true;  // Shadowhunter
  if (p.rally_die > 0) p.rally_die = std::max(p.rally_die, e.p_rally_die);  // Epic Poetry: a d10 Rally Die (a Bard's)
  p.help_die = std::max(p.help_die, e.p_help_die);                           // ... and a d10 when it Helps
  // An Experience bonus: the one the PC uses in a fight (its best).
  if (p.experience > 0) p.experience += e.p_experience.value(t, prof);
  // More domain cards the PC may hold, of its level or lower.
  for (int k = e.p_domain_cards.value(t, prof); k > 0 && !p.card_levels.empty(); --k) p.card_levels.push_back(p.level);
  std::sort(p.card_levels.begin(), p.card_levels.end(), std::greater<>());
  for (PcWeapon* w : {&p.primary, &p.secondary}) {
    if (!w->present) continue;
    w->damage_bonus += e.p_weapon_damage.value(t, prof);
    if (w->range == Range::melee) w->damage_bonus += e.p_melee_damage.value(t, prof);
    w->attack_bonus += e.p_attack.value(t, prof);
  }
}

// Cards and features in name order (no choice depends on listing order), and
// what kinds of them the fight needs to look at.
void finish_cards(Pc& p) {
  std::sort(p.cards.begin(), p.cards.end(), [](const PcCard& a, const PcCard& b) {
    return a.def->name != b.def->name ? a.def->name < b.def->name : a.def->owner < b.def->owner;
  });
  if (p.cards.size() > static_cast<std::size_t>(kMaxPcCards))  // 5 cards and at most 13 features: never
    throw InputError(SourcePos{}, "'" + p.name + "' has more than " + std::to_string(kMaxPcCards) + " cards and features");
  for (PcCard& c : p.cards)  // an entry that stands in for another (Power of the Gods for Wings of Light's die)
    if (c.live() && !c.def->effect.replaces.empty())
      for (PcCard& o : p.cards)
        if (o.def->name == c.def->effect.replaces) o.replaced_by = c.def, o.inert = true;  // no uses (card_uses_full)
  p.stance_plus_proficiency = p.stance_plus_evasion = 0;  // summed below: a second call (Copycat's) counts them once
  p.cards_on.fill(0);
  p.action_cards = 0;
  for (const PcCard& c : p.cards) {
    if (c.def->status == CardStatus::modelled && c.def->effect.when == CardWhen::action)
      p.action_cards |= std::uint32_t{1} << (&c - p.cards.data());
    if (!c.live()) continue;
    const CardEffect& e = c.def->effect;
    p.cards_on[static_cast<std::size_t>(e.trigger)] |= std::uint32_t{1} << (&c - p.cards.data());
    p.has_session_start = p.has_session_start || e.trigger == CardTrigger::session_start;
    p.has_help_reactions = p.has_help_reactions || e.trigger == CardTrigger::help;
    p.has_foe_marked = p.has_foe_marked || e.trigger == CardTrigger::foe_marked;
    p.has_crit_use = p.has_crit_use || e.crit_use;
    if (e.p_help_die > 0 && p.help_die_card < 0) p.help_die_card = static_cast<int>(&c - p.cards.data());
    p.has_card_actions = p.has_card_actions || e.when == CardWhen::action;
    p.has_damaged_reactions = p.has_damaged_reactions || e.trigger == CardTrigger::damaged;
    p.has_hit_reactions = p.has_hit_reactions || e.trigger == CardTrigger::hit;
    p.has_attack_reactions =
        p.has_attack_reactions || e.trigger == CardTrigger::crit || e.trigger == CardTrigger::after_hit;
    p.has_miss_reactions = p.has_miss_reactions || e.trigger == CardTrigger::missed;
    p.has_kill_reactions = p.has_kill_reactions || e.on_kill;
    p.has_before_attack = p.has_before_attack || (e.trigger == CardTrigger::attack && e.roll_bonus == 0);
    p.has_sprint = p.has_sprint || e.roll_bonus > 0;  // play_strikes.hpp
    p.has_fail_reactions = p.has_fail_reactions || e.trigger == CardTrigger::failed;
    p.has_attacked_reactions = p.has_attacked_reactions || e.trigger == CardTrigger::attacked;
    p.protects_allies = p.protects_allies || (e.trigger == CardTrigger::attacked && e.target == CardTarget::party);
    p.has_armor_reactions = p.has_armor_reactions || e.trigger == CardTrigger::armor;
    p.has_dying_reactions = p.has_dying_reactions || e.trigger == CardTrigger::dying;
    p.has_struck_reactions = p.has_struck_reactions || e.trigger == CardTrigger::struck;
    p.guards_allies = p.guards_allies || e.trigger == CardTrigger::ally_damaged || e.guard_ally;
    p.has_target_reactions = p.has_target_reactions || e.extra_targets > 0;
    p.has_spotlight_stance = p.has_spotlight_stance || e.trigger == CardTrigger::spotlight;
    p.has_retaliate_stance = p.has_retaliate_stance || e.fight_retaliate.present();
    p.form_stance = p.form_stance || e.hope_per_roll > 0 || e.kill_armor > 0 || e.no_restrained;
    if (e.while_stance) p.stance_plus_proficiency += e.fight_proficiency, p.stance_plus_evasion += e.fight_evasion;
    if (e.reflect > 0 && p.reflect_card < 0) p.reflect_card = static_cast<int>(&c - p.cards.data());
    if (e.aura() && p.aura_card < 0) p.aura_card = static_cast<int>(&c - p.cards.data());
    if (e.fight_save_hp > 0 && (p.stance_save_hp == 0 || e.fight_save_hp < p.stance_save_hp))  // the kindest one
      p.stance_save_hp = e.fight_save_hp, p.save_card = static_cast<int>(&c - p.cards.data());
    p.has_roll_reactions = p.has_roll_reactions || (e.trigger == CardTrigger::roll && !e.on_tag_team);
    if (e.on_tag_team && e.hope_die > p.tag_team_die)  // Tactician (play_boosts.hpp)
      p.tag_team_die = e.hope_die, p.tag_team_card = static_cast<int>(&c - p.cards.data());
    p.has_rolled_reactions = p.has_rolled_reactions || (e.trigger == CardTrigger::rolled && e.reroll == Reroll::none);
    p.rerolls_own = p.rerolls_own || (e.reroll != Reroll::none && (e.trigger == CardTrigger::rolled || e.target == CardTarget::party));
    p.rerolls_allies = p.rerolls_allies || (e.trigger == CardTrigger::ally_rolled && !e.set_total);
    p.sets_totals = p.sets_totals || e.set_total;  // play_strikes.hpp
    p.renews = p.renews || e.renew > 0;
    p.has_reaction_roll_reactions = p.has_reaction_roll_reactions || e.trigger == CardTrigger::reaction_roll;
    p.prioritizes = p.prioritizes || e.prioritize;
    p.has_next_attacker = p.has_next_attacker || e.next_attacker;
    p.has_ally_failed = p.has_ally_failed || e.trigger == CardTrigger::ally_failed;
    p.has_spotlight_end = p.has_spotlight_end || e.trigger == CardTrigger::spotlight_end;
    p.clouds = p.clouds || (e.cloak > 0 && e.when == CardWhen::action);
    p.veils = p.veils || e.veil;
    p.holds = p.holds || e.hold_line;
    p.marks_foes = p.marks_foes || e.marks_foes() || e.save > 0 || e.stun;
    p.has_own_marks = p.has_own_marks || e.own_marks;
    p.has_fear_bonus = p.has_fear_bonus || e.fear_bonus;
    p.has_first_attack = p.has_first_attack || e.first_attack;
    p.has_next_targets = p.has_next_targets || e.next_targets > 0;
    p.has_echo = p.has_echo || e.trigger == CardTrigger::ally_dealt;
    if (e.immunity >= 0 && p.immunity_card < 0) p.immunity_card = static_cast<int>(&c - p.cards.data());  // play_time.hpp
  }
  for (PcCard& c : p.cards)  // a pool's size for this PC (Slayer: its Proficiency)
    if (c.live() && c.def->effect.pool.present()) {
      const CardPool& pool = c.def->effect.pool;
      const int spellcast = p.spellcast >= 0 ? std::max(1, p.traits[static_cast<std::size_t>(p.spellcast)]) : 1;
      c.pool_max = std::clamp(pool.max_spellcast ? spellcast : pool.max.value(p.traits.data(), p.proficiency, p.level), 0, 100);
      p.has_hope_pool = p.has_hope_pool || (pool.fill == PoolFill::hope_roll && c.pool_max > 0);
      p.has_hurt_pool = p.has_hurt_pool || ((pool.fill == PoolFill::hurt || pool.fill == PoolFill::magic_hurt) && c.pool_max > 0);
      p.has_attack_pool = p.has_attack_pool || (pool.on_attacks() && c.pool_max > 0);
      p.has_damaged_pool = p.has_damaged_pool || (pool.spend == PoolSpend::damaged && c.pool_max > 0);
      p.has_foe_pool = p.has_foe_pool || (pool.on_foe() && c.pool_max > 0);
      p.has_sigil = p.has_sigil || (pool.fill == PoolFill::foe_hurt && c.pool_max > 0);
      p.has_toll = p.has_toll || (pool.fill == PoolFill::no_damage && c.pool_max > 0);
      p.has_fear_pool = p.has_fear_pool || (pool.fill == PoolFill::fear_roll && c.pool_max > 0);  // Know the Tide
      p.has_roll_pool = p.has_roll_pool || (pool.spend == PoolSpend::roll && c.pool_max > 0);
    }
  for (std::size_t k = 0; k < p.cards.size(); ++k)  // the first conditional passive's entry (Adrenaline): its row
    if (p.cards[k].live() && p.cards[k].def->effect.p_vulnerable_damage.present() && p.vulnerable_card < 0)
      p.vulnerable_card = static_cast<int>(k);
  for (std::size_t k = 0; k < p.cards.size(); ++k)  // ... and the first with stressed_proficiency (Voice of Reason)
    if (p.cards[k].live() && p.cards[k].def->effect.p_stressed_proficiency > 0 && p.stressed_card < 0)
      p.stressed_card = static_cast<int>(k);
  for (std::size_t k = 0; k < p.cards.size(); ++k)  // ... and the first with hope_evasion (Conjure Shield)
    if (p.cards[k].live() && p.cards[k].def->effect.p_hope_evasion.present() && p.hope_evasion_card < 0)
      p.hope_evasion_card = static_cast<int>(k);
  for (std::size_t k = 0; k < p.cards.size(); ++k)  // ... and the first with severe_stress (Ruthless Predator)
    if (p.cards[k].live() && p.cards[k].def->effect.severe_stress > 0 && p.severe_card < 0)
      p.severe_stress = p.cards[k].def->effect.severe_stress, p.severe_card = static_cast<int>(k);
  for (std::size_t k = 0; k < p.cards.size(); ++k)  // ... and the first with hurt_clear_stress (Rise Up)
    if (p.cards[k].live() && p.cards[k].def->effect.p_hurt_clear_stress > 0 && p.hurt_card < 0)
      p.hurt_card = static_cast<int>(k);
  for (std::size_t k = 0; k < p.cards.size(); ++k)  // ... and the first with no_disadvantage (Surefooted)
    if (p.cards[k].live() && p.cards[k].def->effect.p_no_disadvantage >= 0 && p.no_disadvantage_card < 0)
      p.no_disadvantage_card = static_cast<int>(k);
  for (std::size_t k = 0; k < p.cards.size(); ++k)  // ... and the first with keep_stress (Unshakable)
    if (p.cards[k].live() && p.cards[k].def->effect.p_keep_stress > 0 && p.keep_stress_card < 0)
      p.keep_stress_card = static_cast<int>(k);
  for (std::size_t k = 0; k < p.cards.size(); ++k)  // ... and the first with drill_die (Martial Preparation)
    if (p.cards[k].live() && p.cards[k].def->effect.p_drill_die > 0 && p.drill_card < 0) p.drill_card = static_cast<int>(k);
  for (std::size_t k = 0; k < p.cards.size(); ++k)  // ... and the first with avoid_condition (Bold Presence)
    if (p.cards[k].live() && p.cards[k].def->effect.avoid_condition && p.avoid_card < 0) p.avoid_card = static_cast<int>(k);
  for (std::size_t k = 0; k < p.cards.size(); ++k)  // ... and the first with steed (Conjured Steeds)
    if (p.cards[k].live() && p.cards[k].def->effect.steed > 0 && p.steed_card < 0) p.steed_card = static_cast<int>(k);
  for (std::size_t k = 0; k < p.cards.size(); ++k)  // ... and the first with reprisal (Act of Reprisal)
    if (p.cards[k].live() && p.cards[k].def->effect.p_reprisal > 0 && p.reprisal_card < 0)
      p.reprisal_card = static_cast<int>(k);
  for (std::size_t k = 0; k < p.cards.size(); ++k)  // ... and the first with stress_experience (Adept)
    if (p.cards[k].live() && p.cards[k].def->effect.p_stress_experience > 0 && p.stress_experience_card < 0)
      p.stress_experience_card = static_cast<int>(k);
  for (std::size_t k = 0; k < p.cards.size(); ++k) {  // ... and the first with free_experience, with tag_teams or tag_team_cost
    const CardEffect& e = p.cards[k].def->effect;
    if (p.cards[k].live() && e.p_free_experience > 0 && p.free_experience_card < 0) p.free_experience_card = static_cast<int>(k);
    if (p.cards[k].live() && (e.p_tag_teams > 0 || e.p_tag_team_cost > 0) && p.camaraderie_card < 0)
      p.camaraderie_card = static_cast<int>(k);
    if (p.cards[k].live() && e.p_help_spellcast > 0 && p.help_spell_card < 0) p.help_spell_card = static_cast<int>(k);
    if (p.cards[k].live() && !p.cards[k].off_scene && e.p_spell_hope == p.spell_hope && e.p_spell_hope > 0 &&
        p.spell_hope_card < 0)  // Nature's Tongue: the entry whose bonus the PC has (the first listed on ties)
      p.spell_hope_card = static_cast<int>(k);
  }
  for (std::size_t k = 0; k < p.cards.size(); ++k)  // ... and the first with armor_for_stress (Grace-Touched)
    if (p.cards[k].live() && p.cards[k].def->effect.p_armor_for_stress && p.armor_stress_card < 0)
      p.armor_stress_card = static_cast<int>(k);
}

// The subclass features up to the PC's subclass cards, a multiclass's
// foundation, the ancestry's and the community's (pc-features.yaml).
void add_features(Pc& p, unsigned scene) {
  for (const CardDef& d : feature_library()) {
    const bool mine = (d.source == CardSource::subclass && d.owner == p.subclass && d.tier <= p.subclass_cards) ||
                      (d.source == CardSource::subclass && d.owner == p.multiclass_subclass && d.tier == 1) ||
                      (d.source == CardSource::ancestry && d.owner == p.ancestry) ||
                      (d.source == CardSource::community && d.owner == p.community);
    if (!mine || (d.element >= 0 && d.element != p.element)) continue;  // Warden of the Elements: its element's only
    p.cards.push_back({&d, -1});
    if (d.status == CardStatus::modelled && d.effect.p_trait_up >= 0) ++p.traits[static_cast<std::size_t>(d.effect.p_trait_up)];
    if (d.status == CardStatus::modelled && (d.effect.when == CardWhen::passive || d.effect.folds)) {
      p.cards.back().off_scene = d.effect.p_scene != 0 && (d.effect.p_scene & scene) == 0;  // not in these surroundings
      if (!p.cards.back().off_scene) fold_passive(p, d.effect);
    }
  }
}


// The level cap of card def's domain for PC p: -1 when p does not take that domain.
int domain_cap_of(const Pc& p, const CardDef& def) {
  for (std::size_t k = 0; k < p.domains.size(); ++k)
    if (p.domains[k] >= 0 && same_name(kDomainNames[static_cast<std::size_t>(p.domains[k])], def.domain))
      return p.domain_cap[k];
  return -1;
}

// The domains PC p takes, each with its level cap, for an error message.
std::string domains_taken(const Pc& p) {
  std::string open;
  for (std::size_t k = 0; k < p.domains.size(); ++k)
    if (p.domains[k] >= 0)
      open += (open.empty() ? "" : ", ") + kDomainNames[static_cast<std::size_t>(p.domains[k])] + " (to level " +
              std::to_string(p.domain_cap[k]) + ")";
  return open;
}

// The card `item` names, checked for PC p: a domain it takes, its Spellcast
// trait when the card rolls one, and (a loadout's card, not a path's, which
// waits for its level) a level the PC has reached. *cap_out: its domain's level
// cap for p (p's level for a PC with no class).
const CardDef* loadout_card(const Pc& p, const Node& item, bool path, int* cap_out = nullptr) {
  const CardDef* def = find_named(card_library(), item, "domain card");
  int cap = p.level;
  if (p.cls != PcClass::none) {  // the class's two domains and a multiclass one (advancement.hpp), each with its level cap
    cap = domain_cap_of(p, *def);
    if (cap < 0)
      throw InputError(item.pos(), "'" + def->name + "' is a " + def->domain + " card; '" + p.name +
                                       "' takes cards of " + domains_taken(p));
    if (def->level > cap && !path)
      throw InputError(item.pos(), "'" + def->name + "' is a level " + std::to_string(def->level) + " " +
                                       def->domain + " card; '" + p.name + "' (level " + std::to_string(p.level) +
                                       ") takes " + def->domain + " cards up to level " + std::to_string(cap));
  }
  if (def->level > p.level && !path)
    throw InputError(item.pos(), "'" + def->name + "' is a level " + std::to_string(def->level) +
                                     " card; '" + p.name + "' is level " + std::to_string(p.level));
  if (cap_out) *cap_out = cap;
  if (def->status == CardStatus::modelled &&
      (def->effect.roll == CardRoll::spellcast || def->effect.counter_magic || def->effect.time_stop > 0) &&
      p.spellcast < 0)
    throw InputError(item.pos(), "'" + def->name + "' needs a Spellcast roll and '" + p.name +
                                     "' has no Spellcast trait: give `spellcast: TRAIT`");
  return def;
}

// The loadout a card path gives PC p (`card_path`, docs/rules/daggerheart.md,
// "Levels and advancement"): walking the path in order, each card takes the
// lowest free allowance of its level or higher (one per level, two at level 1,
// one per domain_card pick; its domain's cap too), a card none fits waits (it
// is skipped), until every allowance is used; the loadout is the last 5 taken
// (a player's newest picks, the older ones in the vault). Returned as a list
// node of the path's own items, so a later error points into the path.
Node card_path(const Pc& p, const Node& path) {
  if (!path.is_list()) throw InputError(path.pos(), "card_path is a list of domain card names");
  if (p.cls == PcClass::none || p.card_levels.empty())
    throw InputError(path.pos(), "card_path needs a class: it fills the domain cards a class's levels allow");
  std::vector<int> free(p.card_levels.rbegin(), p.card_levels.rend());  // ascending
  std::vector<const Node*> taken;
  std::vector<const CardDef*> seen;
  for (const Node& item : path.items()) {
    int cap = 0;
    const CardDef* def = loadout_card(p, item, /*path=*/true, &cap);
    if (std::find(seen.begin(), seen.end(), def) != seen.end())
      throw InputError(item.pos(), "card '" + def->name + "' twice in the card path");
    seen.push_back(def);
    if (def->level > cap) continue;  // its domain's cap (a multiclass one's) is below it
    const auto slot = std::lower_bound(free.begin(), free.end(), def->level);
    if (slot == free.end()) continue;  // waits for a higher level
    free.erase(slot);
    taken.push_back(&item);
    if (free.empty()) break;
  }
  if (taken.size() > static_cast<std::size_t>(kMaxLoadout)) taken.erase(taken.begin(), taken.end() - kMaxLoadout);
  std::vector<Node> items;
  for (const Node* n : taken) items.push_back(*n);
  return Node::list(std::move(items), path.pos());
}

}  // namespace

void read_pc_cards(Pc& p, MapReader& r, unsigned scene) {
  const ClassCards* cc = p.cls == PcClass::none ? nullptr : &kClassCards[static_cast<std::size_t>(p.cls)];
  p.spellcast = cc ? cc->spellcast : -1;
  // A class without a Spellcast trait (Guardian, Warrior) takes its
  // multiclass subclass's (the foundation card names it).
  if (p.spellcast < 0 && p.multiclass != PcClass::none)
    p.spellcast = kClassCards[static_cast<std::size_t>(p.multiclass)].spellcast;
  if (r.has("spellcast")) {
    const Node& n = *r.scalar("spellcast");
    p.spellcast = n.text() == "none" ? -1 : choice_of(n, "trait", kTraitNames);
  }
  add_features(p, scene);
  const std::size_t n_features = p.cards.size();
  const Node* list = r.get("cards");
  Node from_path;  // the loadout a card path gives, when no `cards:` is written
  if (const Node* path = r.get("card_path"); path && !list) {  // a `cards:` beside `use:` replaces the path
    from_path = card_path(p, *path);
    list = &from_path;
  }
  if (!list) {
    finish_cards(p);
    return;
  }
  if (!list->is_list()) throw InputError(list->pos(), "cards is a list of domain card names");
  if (list->items().size() > static_cast<std::size_t>(kMaxLoadout))
    throw InputError(list->items()[kMaxLoadout].pos(), "at most " + std::to_string(kMaxLoadout) +
                                                          " cards in a loadout (the rest wait in the vault)");
  for (const Node& item : list->items()) {
    const CardDef* def = loadout_card(p, item, /*path=*/false);
    for (const PcCard& c : p.cards)
      if (c.def == def) throw InputError(item.pos(), "card '" + def->name + "' twice in the loadout");
    p.cards.push_back({def, -1});
  }
  // Loadout conditions (needs_domain): a card whose loadout lacks the cards of
  // its domain it asks for is inert; the rest's passives fold into the PC
  // (a reaction's `passive` numbers too), a trait raised (trait_up) first, so
  // that the passives that read it see it whatever the listing order.
  for (std::size_t k = n_features; k < p.cards.size(); ++k) {
    PcCard& c = p.cards[k];
    if (c.def->status != CardStatus::modelled || (c.def->effect.needs_domain == 0 && c.def->effect.uses_trait != kUsesDomain)) continue;
    for (std::size_t q = n_features; q < p.cards.size(); ++q) c.have += p.cards[q].def->domain == c.def->domain;
    c.inert = c.have < c.def->effect.needs_domain;
  }
  for (std::size_t k = n_features; k < p.cards.size(); ++k)
    if (p.cards[k].live() && p.cards[k].def->effect.p_trait_up >= 0) ++p.traits[static_cast<std::size_t>(p.cards[k].def->effect.p_trait_up)];
  for (std::size_t k = n_features; k < p.cards.size(); ++k) {
    PcCard& c = p.cards[k];
    if (c.def->status != CardStatus::modelled) continue;
    if (c.live() && (c.def->effect.when == CardWhen::passive || c.def->effect.folds)) {
      c.off_scene = c.def->effect.p_scene != 0 && (c.def->effect.p_scene & scene) == 0;  // not in these surroundings
      if (!c.off_scene) fold_passive(p, c.def->effect);
    }
    if (c.live() && c.def->effect.best_trait) {  // Versatile Fighter: the weapons' trait is the PC's best (first on ties)
      std::size_t best = 0;
      for (std::size_t q = 1; q < p.traits.size(); ++q)
        if (p.traits[q] > p.traits[best]) best = q;
      for (PcWeapon* w : {&p.primary, &p.secondary})
        if (w->present && p.traits[best] > p.traits[static_cast<std::size_t>(w->trait)]) w->trait = static_cast<Trait>(best);
    }
  }
  if (cc && !p.card_levels.empty()) {
    // Each card needs a card the PC may hold (one per level, two at level 1,
    // one per domain_card pick) whose highest level is at least its own: the
    // highest cards take the highest allowances first.
    std::vector<int> want, have = p.card_levels;
    for (std::size_t k = n_features; k < p.cards.size(); ++k) want.push_back(p.cards[k].def->level);
    std::sort(want.rbegin(), want.rend());
    std::sort(have.rbegin(), have.rend());
    for (std::size_t k = 0; k < want.size(); ++k)
      if (k >= have.size() || want[k] > have[k])
        throw InputError(list->pos(), "'" + p.name + "' may hold " + std::to_string(have.size()) +
                                          " domain cards (levels up to " + std::to_string(have.front()) +
                                          "); this loadout needs more or higher ones (`advancements` domain_card adds one)");
  }
  finish_cards(p);
}

namespace {

// Whether PC p can ever hold a stance: a live card of its own that is taken as
// one (play_attack.hpp: a `spotlight` reaction that is no fight_traits or
// rising_die card, or an `attack` reaction with stance keys).
bool takes_stance(const Pc& p) {
  for (const PcCard& c : p.cards) {
    if (!c.live() || c.copy_of) continue;
    const CardEffect& e = c.def->effect;
    if ((e.trigger == CardTrigger::spotlight && e.fight_traits == 0 && e.rising_die == 0) ||
        (e.trigger == CardTrigger::attack && e.stance()))
      return true;
  }
  return false;
}

// Whether PC p's Copycat (copying cards of level `most` or lower) may copy
// card d of an ally's loadout; else *why says why not.
bool copyable(const Pc& p, const CardDef& d, int most, std::string* why) {
  if (d.status != CardStatus::modelled) {
    *why = "it has no effect on a fight here (combat: " + std::string(d.status == CardStatus::no_combat ? "none" : "not_modelled") + ")";
    return false;
  }
  if (d.level > most) {
    *why = "it is a level " + std::to_string(d.level) + " card; Copycat copies cards of level " + std::to_string(most) + " or lower";
    return false;
  }
  const CardEffect& e = d.effect;
  if (e.when == CardWhen::passive || e.folds || e.copies > 0 || !e.replaces.empty()) {
    *why = "its standing numbers fold into a PC as the scenario is compiled, before any Hope could pay for them: a copy takes an action or reaction card";
    return false;
  }
  for (const PcCard& c : p.cards)
    if (c.def == &d) {
      *why = "'" + p.name + "' holds it already";
      return false;
    }
  if ((e.roll == CardRoll::spellcast || e.counter_magic || e.time_stop > 0) && p.spellcast < 0) {
    *why = "it needs a Spellcast roll and '" + p.name + "' has no Spellcast trait";
    return false;
  }
  // A reaction that answers only in a Beastform or a stance (only_while), which the PC never takes: never played.
  if (e.only_while == OnlyWhile::beastform && !p.beast) {
    *why = "it answers only in Beastform and '" + p.name + "' has no Beastform";
    return false;
  }
  if (e.only_while == OnlyWhile::stance && !takes_stance(p)) {
    *why = "it answers only while a stance is held and '" + p.name + "' holds no card that takes one";
    return false;
  }
  return true;
}

}  // namespace

void resolve_copycats(std::vector<Pc>& pcs) {
  // The allies in name order: a card two allies hold is copied from the first.
  std::vector<std::size_t> by_name(pcs.size());
  for (std::size_t q = 0; q < pcs.size(); ++q) by_name[q] = q;
  std::sort(by_name.begin(), by_name.end(), [&](std::size_t a, std::size_t b) { return pcs[a].name < pcs[b].name; });
  for (std::size_t i = 0; i < pcs.size(); ++i) {
    Pc& p = pcs[i];
    int at = -1;
    for (std::size_t k = 0; k < p.cards.size(); ++k)
      if (p.cards[k].def->status == CardStatus::modelled && p.cards[k].def->effect.copies > 0 && !p.cards[k].copy_of)
        at = static_cast<int>(k);
    if (at < 0) continue;
    const int most = p.cards[static_cast<std::size_t>(at)].def->effect.copies;
    // The loadout's cards of each domain (the copy counts as one of its card's domain: needs_domain).
    auto have_of = [&](const CardDef& d) {
      int n = 1;
      for (const PcCard& c : p.cards) n += c.def->source == CardSource::domain && c.def->effect.copies == 0 && c.def->domain == d.domain;
      return n;
    };
    const CardDef* pick = nullptr;
    std::size_t from = 0, card = 0;
    std::vector<std::string> names;
    std::string why;
    for (const std::size_t q : by_name) {
      if (q == i) continue;
      for (std::size_t k = 0; k < pcs[q].cards.size(); ++k) {
        const PcCard& c = pcs[q].cards[k];
        if (c.def->source != CardSource::domain || c.copy_of) continue;  // a loadout's own domain cards
        const CardDef& d = *c.def;
        names.push_back(d.name);
        if (!p.copycat_name.empty()) {
          if (d.name == p.copycat_name && !pick) pick = &d, from = q, card = k;
          continue;
        }
        // The policy: the highest-level card it may copy (and that is not inert in its loadout), ties by name.
        if (!copyable(p, d, most, &why) || have_of(d) < d.effect.needs_domain) continue;
        if (!pick || d.level > pick->level || (d.level == pick->level && d.name < pick->name)) pick = &d, from = q, card = k;
      }
    }
    if (!p.copycat_name.empty()) {
      if (!pick)
        throw InputError(p.copycat_pos, "'" + p.name + "' copies with Copycat a card of an ally's loadout; no ally holds '" +
                                            p.copycat_name + "'" + did_you_mean(p.copycat_name, names));
      if (!copyable(p, *pick, most, &why))
        throw InputError(p.copycat_pos, "'" + p.name + "' cannot copy '" + pick->name + "' with Copycat: " + why);
    }
    PcCard& c = p.cards[static_cast<std::size_t>(at)];
    if (!pick) {
      c.inert = true;  // no ally holds a card it may copy: never played,
      finish_cards(p);  // nor in its trigger's card set
      continue;
    }
    auto def = std::make_shared<CardDef>(*pick);
    def->name = "Copycat: " + pick->name;
    p.copy_def = def;
    c.def = def.get();
    c.copy_of = pick;
    c.copy_from = static_cast<int>(from);
    c.copy_card = static_cast<int>(card);
    c.copy_hope = (pick->level + 1) / 2;  // half the level, rounded up
    p.copy_from_name = pcs[from].name;
    c.have = have_of(*pick);
    c.inert = c.have < pick->effect.needs_domain;
    finish_cards(p);  // the flags the copied card sets; the name keeps its place ("Copycat" then ": ...")
    for (std::size_t k = 0; k < p.cards.size(); ++k)
      if (p.cards[k].copy_of) p.copy_card = static_cast<int>(k);
  }
}

// `do: card:NAME`: a card of this PC's loadout that it plays on its spotlight.
void resolve_card_rules(Pc& p) {
  for (tactics::Rule& rule : p.rules) {
    if (rule.action != kCard) continue;
    std::vector<std::string> names;
    for (std::size_t k = 0; k < p.cards.size(); ++k) {
      const CardDef& d = *p.cards[k].def;
      if (p.cards[k].live() && d.effect.when == CardWhen::action) {
        if (d.name == rule.arg) rule.arg_id = static_cast<int>(k);
        names.push_back(d.name);
      }
    }
    if (rule.arg_id < 0)
      throw InputError(rule.pos, "'" + p.name + "' has no modelled action card '" + rule.arg + "'" +
                                     did_you_mean(rule.arg, names));
  }
}

}  // namespace encsim::daggerheart
