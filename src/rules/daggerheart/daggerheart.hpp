// Daggerheart: the GM side from seed 000 ("Core GM Mechanics": the GM's d20,
// adversary attacks, Fear, countdowns, NPC features) and the player side from
// the SRD as restated in shared/rules/daggerheart.md (duality dice, Hope,
// thresholds, Armor Slots, Stress, death moves). Every reading the texts leave
// open is listed in docs/rules/daggerheart.md with the option that changes it.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "encsim/dice.hpp"
#include "encsim/encounter.hpp"
#include "encsim/rng.hpp"
#include "encsim/runner.hpp"
#include "encsim/scenario.hpp"
#include "encsim/session_tally.hpp"
#include "encsim/tactics.hpp"
#include "encsim/tally.hpp"
#include "rules/encounter_base.hpp"
#include "rules/daggerheart/beastform.hpp"
#include "rules/daggerheart/cards.hpp"
#include "rules/daggerheart/companion.hpp"
#include "rules/daggerheart/consumables.hpp"
#include "rules/daggerheart/equipment.hpp"
#include "rules/daggerheart/play.hpp"

namespace encsim::daggerheart {

inline constexpr std::string_view kId = "daggerheart";

enum class PcClass : std::uint8_t { bard, druid, guardian, ranger, rogue, seraph, sorcerer, warrior, wizard, none };
enum class AdvType : std::uint8_t { bruiser, horde, leader, minion, ranged, skulk, social, solo, standard, support };
enum class DeathMove : std::uint8_t { avoid_death, blaze_of_glory, risk_it_all };
enum class ArmorPolicy : std::uint8_t { always, major_or_worse, lethal, never };
enum class Until : std::uint8_t { next_action, clear_hp, scene, break_free };

// A damage-type mask: bit 0 physical, bit 1 magic.
using TypeMask = std::uint8_t;
inline constexpr TypeMask type_bit(DamageType t) { return static_cast<TypeMask>(1u << static_cast<unsigned>(t)); }

// The class Hope features (3 Hope each), as a small vocabulary: each kind is
// one of the numbers a Hope feature changes, with the moment it is used.
enum class HopeKind : std::uint8_t {
  none,
  distract,        // Bard, Make a Scene: the target's Difficulty -value until it next acts
  attack_bonus,    // Warrior, No Mercy: +value to attack rolls for the fight
  clear_armor,     // Guardian, Frontline Tank: clear `value` Armor Slots
  extra_targets,   // Ranger, Hold Them Off: a successful attack roll also hits `value` more adversaries
  evasion_bonus,   // Rogue, Rogue's Dodge: +value Evasion until an attack succeeds against you
  heal_ally,       // Seraph, Life Support: clear `value` HP on an ally
  reroll_damage,   // Sorcerer, Volatile Magic: reroll the damage dice below their average (magic damage)
  force_reroll,    // Wizard, Not This Time: an adversary rerolls an attack that hit
  evolution,       // Druid, Evolution: transform into the Beastform without the Stress, +value to its trait
};

struct PcWeapon {
  bool present = false;
  std::string name;
  Trait trait = Trait::agility;
  Range range = Range::melee;
  DamageType type = DamageType::physical;
  int sides = 6;   // damage die (rolled Proficiency times)
  int flat = 0;    // added once
  int attack_bonus = 0;
  bool powerful = false;
  bool brutal = false;
  int target_stress = 0;
  bool stress_on_hit = false;
  int damage_bonus = 0;  // Bonded, Sharpening, Combat Training (physical), Paired in melee: fixed at compile
  bool advantage = false;  // attack rolls with advantage (a Beastform with "attack" among its advantages)
};

struct Pc {
  std::string name;
  PcClass cls = PcClass::none;
  int level = 1;
  int tier = 1;
  std::array<int, kTraitCount> traits{};
  int evasion = 10;
  int hp = 6;
  int stress = 6;
  int hope_start = 2;
  int hope_max = 6;
  int proficiency = 1;
  int major = 1, severe = 2;  // thresholds (armor base + level)
  int armor_slots = 0;
  std::string armor;
  PcWeapon primary, secondary;
  int experience = 0;  // the best Experience bonus that applies to attacks (0: none)
  TypeMask resist = 0, immune = 0;
  DeathMove death_move = DeathMove::avoid_death;
  ArmorPolicy armor_policy = ArmorPolicy::always;
  // Levels and advancement (advancement.hpp): the build the level-ups gave,
  // for `check` and for domain cards (the domains open and their caps).
  std::string subclass, ancestry, community;  // "" when none
  int subclass_cards = 0;  // 1 foundation, 2 + specialization, 3 + mastery
  PcClass multiclass = PcClass::none;
  std::string multiclass_subclass;       // its foundation card
  std::array<int, 3> domains{-1, -1, -1};   // Domain indexes: the class's two, then the multiclass one
  std::array<int, 3> domain_cap{0, 0, 0};   // the highest card level of each (the multiclass one: half the level, rounded up)
  std::vector<int> card_levels;          // one per domain card the PC may hold: the highest level it may have
  std::vector<std::string> build;        // the tier achievements and advancements taken, in words
  // The state a fight starts in (`marked:`): HP, Stress and Armor Slots already marked.
  int hp_marked_start = 0, stress_marked_start = 0, armor_marked_start = 0;
  HopeKind hope = HopeKind::none;
  int hope_value = 0;
  // Class features that change numbers.
  int sneak_attack_dice = 0;  // Rogue: tier d6 when an ally fights the target in melee
  int rally_die = 0;          // Bard: every PC starts with a Rally Die of this size
  int prayer_dice = 0;        // Seraph: d4s rolled at the start
  int strange_patterns = 0;   // Wizard: the watched Duality Die number (0: none)
  int unstoppable_die = 0;    // Guardian: the Unstoppable Die's size (d4; d6 from level 5), 0 none
  bool rangers_focus = false; // Ranger: Ranger's Focus
  int focus_evasion = 0;      // a passive (Elusive Predator): more Evasion against its Focus's attacks
  std::vector<std::string> unmodelled;
  // Beastform (beastform.hpp; read_beastform.cpp, played in beastform_play.hpp):
  // the Druid's form (nullptr: none), its attack as a weapon, its passives.
  const BeastForm* beast = nullptr;
  PcWeapon beast_attack;
  int beast_trait = 0, beast_trait_bonus = 0, beast_evasion = 0, beast_cost = 1;  // cost: Stress to transform
  int beast_thresholds = 0, beast_ones_add = 0;
  bool beast_fragile = false;
  TypeMask beast_resist = 0;
  // Domain cards (cards.hpp; read by read_pc_cards, played in play_cards.hpp):
  // the loadout sorted by name, so no choice depends on listing order.
  // Its subclass, ancestry and community features (pc-features.yaml) join
  // them: one list, played alike.
  std::vector<PcCard> cards;
  // The live cards that answer each trigger (bit k: cards[k]), so a reaction
  // looks at its few candidates only, in card order (finish_cards).
  std::array<std::uint32_t, kCardTriggers> cards_on{};
  // The modelled cards played as an action (bit k: cards[k]; an inert one too,
  // as card_usable weighs it), the only ones best_card looks at (finish_cards).
  std::uint32_t action_cards = 0;
  // Each card's uses when fresh (card_uses_full; 0 past the last card), which
  // set_up() copies into a fight: filled once by prepare_play (play.cpp) when
  // the encounter is compiled, after which neither cards nor traits change.
  std::array<std::int8_t, kMaxPcCards> uses_full{};
  bool has_card_actions = false, has_damaged_reactions = false, has_hit_reactions = false;  // modelled ones of each kind
  bool has_attack_reactions = false;  // crit or after_hit
  bool has_miss_reactions = false, has_kill_reactions = false;
  bool has_before_attack = false;  // attack: played before its weapon attack roll (Rage Up)
  bool has_fail_reactions = false;  // failed: on a failed action roll (Inevitable) or weapon attack (Glancing Blow)
  bool has_attacked_reactions = false;  // attacked: for itself; protects_allies: for the others too (`target: party`)
  bool protects_allies = false;
  bool has_armor_reactions = false, has_dying_reactions = false, has_struck_reactions = false;  // play_defence.hpp
  bool guards_allies = false;  // ally_damaged: it answers an attack's hit on another PC (play_defence.hpp)
  // A card with a pool of tokens (Slayer, play_pool.hpp) that fills on a roll with Hope / is spent on weapon attacks.
  bool has_hope_pool = false, has_attack_pool = false, has_hurt_pool = false;
  bool has_damaged_pool = false;  // ... spent on damage the PC takes (Thorn Skin)
  // Pools on a foe (play_marks.hpp): one spent on damage to its foe (spells too), one filled by a
  // marked foe's damage to the party (Sigil of Retribution), one by rolls that beat its foe with no damage (Twilight Toll).
  bool has_foe_pool = false, has_sigil = false, has_toll = false;
  bool has_first_attack = false;  // a first_attack reaction (Strategic Approach, play_marks.hpp)
  bool has_next_targets = false;  // a next_targets action (Book of Sitil, play_marks.hpp)
  bool has_echo = false;  // an ally_dealt reaction (Encore, play_marks.hpp)
  bool has_sprint = false;  // an attack reaction with roll_bonus (Deft Maneuvers, play_strikes.hpp)
  bool sets_totals = false;  // an ally_rolled reaction with set_total (Adjust Reality, play_strikes.hpp)
  bool renews = false;  // a used_up reaction (Invigoration, play_strikes.hpp)
  int reflect_card = -1;  // a `damaged` reaction with `reflect` (Arcane Reflection, play_zone.hpp), -1 none
  // Stances (play_attack.hpp): one taken as the spotlight begins (Elemental Incarnation), one that deals
  // damage back (Fire); what `while_stance` passives add to any stance held (Elemental Dominion).
  bool has_spotlight_stance = false, has_retaliate_stance = false;
  bool form_stance = false;  // a stance with hope_per_roll, kill_armor or no_restrained (Force of Nature, play_forms.hpp)
  bool has_target_reactions = false;  // a `hit` reaction with extra_targets (Spirit Weapon, play_cards.hpp)
  int stance_plus_proficiency = 0, stance_plus_evasion = 0;
  // A while_stance passive's fight_save_hp (Elemental Dominion: Earth): the face a d6 per HP must reach, 0 none; its entry.
  int stance_save_hp = 0, save_card = -1;
  int aura_card = -1;  // a while_stance passive with aura_reduce (Elemental Aura: Air), -1 none
  int element = kDefaultElement;  // Warden of the Elements: the element it Channels (kElementNames)
  bool has_roll_reactions = false;    // roll: a changed Hope Die before its action rolls (play_roll.hpp)
  bool has_rolled_reactions = false;  // rolled: a reroll or Fear turned Hope once its Duality Dice are rolled
  // A `reroll` on its own roll (rolled, or ally_rolled with `target: party`); an
  // ally_rolled reaction for another PC's roll (play_roll.hpp).
  bool rerolls_own = false, rerolls_allies = false;
  bool prioritizes = false;  // a `prioritize` reaction (Nemesis): it may Prioritize the adversary it attacks (play_roll.hpp)
  bool has_reaction_roll_reactions = false;  // reaction_roll: advantage on a reaction roll (play_defence.hpp)
  int no_disadvantage = -1;  // a passive (Surefooted): its action rolls with this trait ignore disadvantage; -1 none ...
  int no_disadvantage_card = -1;  // ... the card (its row in features.csv)
  bool has_next_attacker = false;     // after_hit, next_attacker: a gift for the next PC to attack (Lead by Example)
  bool has_ally_failed = false;       // ally_failed: a reaction to an ally's failed action roll (Lean on Me)
  bool has_own_marks = false;         // a `hit` reaction with own_marks (Battle Monster)
  bool clouds = false;                // an action's cloak: a Dark Cloud over the PC (play_dark.hpp)
  bool veils = false;                 // veil: Veil of Night (play_dark.hpp)
  bool holds = false;                 // hold_line: Hold the Line (play_dark.hpp)
  bool has_spotlight_end = false;     // spotlight_end: a reaction as its spotlight action is done (Vanishing Act)
  bool has_session_start = false;    // session_start: a gift as the session begins (Luckbringer, Maestro; play_feats.hpp)
  bool has_help_reactions = false;   // help: a free Help for an ally's attack roll (Eloquent; play_feats.hpp)
  bool has_crit_use = false;         // crit_use: a use back on a critical Spellcast roll of a spell of its domain (Fane of the Wilds)
  bool has_foe_marked = false;       // foe_marked: a reaction as it makes an adversary mark HP (Ferocity; play_boosts.hpp)
  int tag_team_die = 0, tag_team_card = -1;  // roll, on_tag_team (Tactician): its Hope Die's sides on its Tag Team rolls (0: a d12), the entry
  int help_die = 0, help_die_card = -1;  // a passive (Epic Poetry): the advantage die it gives when it Helps (sides, 0: a d6), its entry
  bool marks_foes = false;            // an action that leaves a mark on a foe: difficulty_cut, silence (play_foes.hpp)
  int spellcast = -1;     // the Spellcast trait (index), -1 none
  int reroll_damage = 0;  // a passive card: damage dice at or below this roll again once
  bool attack_advantage = false;  // a passive (Shadowhunter): its attack rolls have advantage (its weapons carry it too)
  int hit_min_marks = 0;  // a passive card (Onslaught): a hit with its weapon marks at least this many HP
  int guarded_hp = 0;     // a passive (Sturdy): attacks on it have disadvantage at this many HP left or fewer
  int vulnerable_damage = 0;  // a passive (Adrenaline): added to its damage rolls while it is Vulnerable ...
  int vulnerable_card = -1;   // ... the card (its row in features.csv), -1 none
  int no_minor_hp = 0;    // a passive (On the Brink): Minor damage marks nothing at this many HP left or fewer
  int keep_armor = 0;     // a passive (Unyielding Armor): a d6 face that keeps an Armor Slot unmarked (0 none)
  int feat_no_minor = -1, feat_keep_armor = -1;  // ... their features.csv rows
  int stressed_proficiency = 0;  // a passive (Voice of Reason): Proficiency on its damage rolls while all its Stress is marked ...
  int stressed_card = -1;        // ... the card (its row in features.csv), -1 none
  int hurt_clear_stress = 0;  // a passive (Rise Up): Stress cleared when an attack makes it mark HP ...
  int hurt_card = -1;         // ... the card (its row in features.csv), -1 none
  int severe_stress = 0;      // Stress an adversary marks when the PC deals it Severe damage (Ruthless Predator) ...
  int severe_card = -1;       // ... the card (its row in features.csv), -1 none
  int hope_evasion = 0, hope_evasion_at = 0;  // a passive (Conjure Shield): Evasion while it holds this much Hope ...
  int hope_evasion_card = -1;                 // ... the card (its row in features.csv), -1 none
  int reprisal_proficiency = 0;  // a passive (Act of Reprisal): Proficiency on its next hit on a foe that hurt an ally ...
  int reprisal_card = -1;        // ... the card (its row in features.csv), -1 none
  int stress_experience = 0;  // a passive (Adept): a Stress instead of an Experience's Hope, its bonus times this ...
  int stress_experience_card = -1;  // ... the card (its row in features.csv), -1 none
  // play_traits.hpp: a pool filled on its rolls with Fear (Know the Tide) / spent before its action rolls;
  // a passive (Honed Expertise): a d6 at or above this face and an Experience costs no Hope (0 none), its entry;
  // a passive (Camaraderie): more Tag Teams it initiates a session, the Hope an ally pays for one with it (0: 3), its entry.
  bool has_fear_pool = false, has_roll_pool = false;
  int free_experience = 0, free_experience_card = -1;
  int more_tag_teams = 0, tag_team_cost = 0, camaraderie_card = -1;
  int spell_hope = 0, spell_hope_card = -1;  // a passive (Nature's Tongue): a Hope for +this on a Spellcast roll (0 none), its entry
  int help_spell_die = 0, help_spell_card = -1;  // a passive (Enchanted Aid): it Helps Spellcast rolls with this die (0 none), its entry
  int keep_stress = 0;       // a passive (Unshakable): a d6 at or above this face and a Stress is not marked (0 none) ...
  int keep_stress_card = -1;  // ... the card (its row in features.csv), -1 none
  int drill_die = 0;    // a passive (Martial Preparation): the Slayer Die its downtime move gives (0 none) ...
  int drill_card = -1;  // ... the card (its row in features.csv counts the dice the party spends), -1 none
  int avoid_card = -1;  // an entry with avoid_condition (Bold Presence; play_guise.hpp), -1 none
  int steed_card = -1;  // the first entry with steed (Conjured Steeds; play_mount.hpp), -1 none
  // Copycat (play_copy.hpp): the entry that stands for an ally's card, -1
  // none; the card named with `copycat:` (empty: the policy picks) and where;
  // the copied card's entry as this PC holds it (its effect, level and type
  // under the name "Copycat: NAME"; shared so that a copied Pc points at the same).
  int copy_card = -1;
  std::string copycat_name, copy_from_name;  // ... and the ally whose card it copies
  SourcePos copycat_pos;
  std::shared_ptr<const CardDef> copy_def;
  int immunity_card = -1;  // an action with `immunity` (Book of Yarrow's Magic Immunity; play_time.hpp), -1 none
  int spellcast_bonus = 0;  // a passive (Arcana-Touched): added to its Spellcast rolls
  int armor_stress_card = -1;  // a passive (Grace-Touched): an Armor Slot instead of a Stress, by policy (play_boons.hpp); -1 none
  bool has_fear_bonus = false;  // a `hit` reaction with fear_bonus (Midnight-Touched): the attack's Fear Die is kept
  // Consumables (consumables.hpp; read_consumable.cpp, used in consumables_play.hpp):
  // the items carried, sorted by name.
  std::vector<PcConsumable> consumables;
  // A Beastbound's companion (companion.hpp; read_companion.cpp, played in companion_play.hpp).
  PcCompanion companion;
  std::vector<tactics::Rule> rules;
  bool default_rules = false;  // no tactics given: the party style chooses the target
  // Its entries in Encounter::features() (-1: none of that kind).
  int feat_primary = -1, feat_secondary = -1, feat_hope = -1, feat_tag_team = -1, feat_experience = -1,
      feat_sneak = -1, feat_prayer = -1, feat_unstoppable = -1, feat_focus = -1;
  int feat_group = -1, feat_group_support = -1;  // Group Action rolls led (uses, damage); reaction rolls made joining one
  int feat_transform = -1, feat_beast = -1;  // Beastform: transformations (Stress paid); the form's attack (as a weapon)
  std::vector<int> feat_beast_features;  // per form feature: its entry (attack and hit ones), else -1
};

// A card's uses when fresh (the start of a fight, or of a session; a rest of
// its kind gives them back): -1 unlimited.
inline int card_uses_full(const Pc& p, std::size_t k) {
  if (p.cards[k].inert) return 0;  // a loadout condition not met: never used
  const CardEffect& e = p.cards[k].def->effect;
  if (e.uses_trait == kUsesDomain) return std::max(1, p.cards[k].have);  // Fane of the Wilds: the cards of its domain
  const int trait = e.uses_trait == kUsesSpellcast ? p.spellcast : e.uses_trait;  // Restoration: the Spellcast trait
  const int uses = e.uses_trait >= 0 ? (trait >= 0 ? std::max(1, p.traits[static_cast<std::size_t>(trait)]) : 1) : e.uses;
  return uses > 0 ? std::min(uses, 100) : -1;
}

// One effect: what an adversary action, reaction, countdown or NPC feature does.
struct Effect {
  enum class Kind : std::uint8_t { none, attack, reaction_roll, damage, group_attack, spotlight, hide, heal, gain_fear };
  Kind kind = Kind::none;
  int targets = 1;          // how many; a range band is resolved to a count at compile time
  bool target_attacker = false;
  bool standard_damage = false;
  bool half_of_damage = false;  // damage: half the damage just taken (Magical Reflection)
  Dice damage;
  DamageType type = DamageType::physical;
  bool direct = false;
  bool advantage = false;
  int attack_bonus = 0;     // for NPC attacks (Arcane Hold: +6) and countdown attacks
  Trait trait = Trait::agility;
  int difficulty = 0;       // reaction roll Difficulty; 0: the source's
  bool half_on_success = false;
  int target_stress = 0;
  int target_hp = 0;
  bool vulnerable = false;   // conditions given to each target hit (or failing)
  bool restrained = false;
  Until until = Until::next_action;  // how long Vulnerable lasts
  bool shred_armor = false;
  int gain_fear = 0;        // the GM gains this once a use affects anyone (or at once for kind gain_fear)
  bool only_vulnerable = false;
  Dice allies;              // spotlight: how many more adversaries act for free
  int clear_hp = 0, clear_stress = 0;
  int pc_hope = 0;          // e.g. -1: the PC loses a Hope
  int damage_bonus = 0;     // before_damage
  bool damage_bonus_marked_hp = false;
  bool spotlight_again = false;
  int clear_armor = 0;      // NPC: every PC clears this many Armor Slots
  bool advantage_next = false;  // NPC: the PC's next attack has advantage
  int outcome = -1;         // countdown: ends the fight (0 party wins, 1 foes win)
  int roll_difficulty = 0;  // > 0: the adversary first makes an action roll (d20) against this; a failure does nothing
  // Whether it does more to a PC than mark HP (Stress, HP, Armor, conditions,
  // Hope): set at compile time for the value rule's hot path; true is always safe.
  bool extras = true;
  void note_extras() {
    extras = target_stress > 0 || target_hp > 0 || shred_armor || vulnerable || restrained || pc_hope < 0;
  }
};

enum class Trigger : std::uint8_t {
  none,
  // adversary reactions
  hit, before_damage, marks_hp, severe, damaged_in_melee, defeated, pc_fail_with_fear, spotlight,
  // party-side (NPC allies) triggers
  battle_start, pc_hit, pc_attack_failed, all_armor_marked,
};

struct Feature {
  std::string name;
  bool modelled = true;
  std::string note;
  enum class Kind : std::uint8_t { passive, action, reaction } kind = Kind::passive;
  Trigger trigger = Trigger::none;
  int fear = 0, stress = 0, hp = 0;  // costs
  int uses = 0;                      // per fight; 0 unlimited
  int at_least = 1;                  // marks_hp: HP marked by one attack
  int favored = -1;                  // NPC: the favored PC / protégé (index), -1 any
  int countdown = -1;                // starts this countdown (index) when used
  Effect effect;
  int table = -1;                    // its entry in Encounter::features() (modelled ones)
};

struct Adversary {
  std::string name;
  int kind = 0;  // same stat block (for Pack Tactics and Group Attack)
  int tier = 1;
  AdvType type = AdvType::standard;
  int horde_size = 0;  // informational: a Horde's members per HP
  int difficulty = 10;
  int major = 0, severe = 0;  // 0: none
  int hp = 1;
  int stress = 0;
  int atk = 0;
  std::string attack_name;
  Range range = Range::melee;
  Dice damage;
  DamageType type_of_damage = DamageType::physical;
  int experience = 0;  // the best Experience bonus (spent with Fear on attacks by policy)
  int minion = 0;
  bool horde = false;
  Dice horde_damage;
  int relentless = 1;
  bool ramp_up = false;
  bool direct = false;
  TypeMask resist = 0, immune = 0;
  int difficulty_bonus = 0;
  Dice damage_reduction;       // subtracted from each hit before thresholds
  TypeMask reduction_types = 0;  // the types it reduces (0: all)
  enum class AltWhen : std::uint8_t { none, pack, advantage, hidden } alt_when = AltWhen::none;
  Dice alt_damage;
  int alt_fear = 0;
  TypeMask extra_hp_from = 0;
  int retaliate_stress = 0, retaliate_max_hp = 0;
  std::vector<Feature> features;  // actions and reactions, modelled or not (passives folded into the fields above)
  std::vector<std::string> unmodelled;
  int modelled_count = 0, feature_count = 0;
  std::vector<tactics::Rule> rules;
  bool default_rules = false;  // no tactics given: the foe style chooses (by value, or `rules` in order)
  // Filled in at compile time for the value rule (docs: "How each side chooses"):
  // What its standard attack is worth on the party's average PC (HP plus the
  // Armor Slots it makes PCs mark): who the GM spotlights first. threat_hp:
  // the HP alone, the threat the PCs weigh.
  double threat = 0.0, threat_hp = 0.0;
  double damage_mean = 0.0, reduction_mean = 0.0;  // damage.mean(), damage_reduction.mean()
  // What a hit marks on each PC, per damage profile: [profile * PCs + pc].
  // Profiles: 0 standard, 1 Horde, 2 alternative, 3 + f feature f's own damage.
  std::vector<MarksTable> marks;
  // The same against a PC who resists that damage for now, not for good (in
  // a shell, a Beastform's resistance): the damage halved.
  std::vector<MarksTable> marks_half;
  int feat_attack = -1, feat_experience = -1;  // entries in Encounter::features()
  // Filled in at compile time for the hot path: a bit per Trigger some modelled
  // feature fires on (so a reaction check skips the features' loop when none does).
  std::uint32_t triggers = 0;
  Effect standard;  // its standard attack as an effect (Ramp Up: on every PC it reaches)
};

struct Npc {
  std::string name;
  std::vector<Feature> features;  // party-side reactions
  std::vector<std::string> unmodelled;
};

struct Countdown {
  std::string name;
  Dice start;  // randomized start: dice
  enum class Advance : std::uint8_t { action_roll, attack_roll, progress, consequence, pc_miss, gm_turn } advance =
      Advance::action_roll;
  enum class Loop : std::uint8_t { none, loop, increasing, decreasing } loop = Loop::none;
  bool active = true;  // from the start; else a feature or `start_on` starts it
  enum class StartOn : std::uint8_t { feature, round, adversary_defeated, pc_down } start_on = StartOn::feature;
  int start_round = 0;
  int side = 1;        // whose effect: 0 the party's (targets adversaries), 1 the foes' (targets PCs)
  int owner = -1;      // the adversary whose feature it is (its copy, after `count`), -1 the scene's
  int atk = 0;         // attack modifier of its attacks
  Effect effect;
  int table = -1;      // its owner's entry in Encounter::features() (owned countdowns)
};

enum class FearPolicy : std::uint8_t { measured, greedy };
// When a PC leads a Group Action roll with the allies who have not had the
// spotlight this round (group_play.hpp): never, when it is worth more in
// expected HP than their own attacks, or whenever one can join.
enum class GroupPolicy : std::uint8_t { off, by_value, always };
// The GM text's scene types for its Fear table.
enum class Scene : std::uint8_t { incidental, minor, standard, major, climactic };
inline constexpr int kSceneFearLow[] = {0, 1, 2, 4, 6};
inline constexpr int kSceneFearHigh[] = {1, 3, 4, 8, 12};

// What the play styles in force mean (issue 12), resolved at compile time from
// `style:` (docs/rules/daggerheart.md, "Play styles").
struct Play {
  bool by_value = true;          // adversaries without tactics choose their action by value; false: stat-block order
  bool gm_by_threat = true;      // spotlight the most threatening ready adversary; pay only for a useful one
  bool aim = true;               // aim at the PC where the action is worth most; false: at random
  double finish = 1.0;           // worth of taking a PC out, in HP, when aiming
  double stress_cost = 0.25;     // worth an unhurt adversary sees in keeping each Stress
  bool stress_when_hurt = false; // Stress-costed features only once it has marked an HP
  bool hard_past_budget = false; // a hard move's second spotlight may go past the budget
  bool party_by_value = true;    // PCs without tactics: most threat removed per attack; false: fewest HP left
  bool careful = false;          // Life Support on an ally with half its HP marked
};

// The surroundings a fight's options may state (`light`, `natural_place`,
// `foes_tracked`), a bit each: what a card's passive may need (`scene`).
inline constexpr unsigned kSceneLowLight = 1u, kSceneNatural = 2u, kSceneTracked = 4u;

struct Options {
  int fear_start = -1;         // -1: one per PC
  int fear_max = 12;
  FearPolicy policy = FearPolicy::measured;
  int max_spotlights = 2;      // adversary spotlights per GM turn (measured)
  int reserve = 1;             // Fear the measured GM keeps
  int budget = -1;             // Fear the GM may spend this fight; -1 unlimited
  int keep = -1;               // past the budget, the GM still spends Fear it holds above this (-1: never)
  int interrupt_after = 0;     // the GM spends a Fear to interrupt after this many PC spotlights in a row (0: never)
  bool adversary_experiences = false;  // the GM spends a Fear to add an adversary's Experience to its attacks
  int experience_min_hope = 4; // a PC spends a Hope on an Experience when holding at least this much
  int help_min_hope = 4;       // an ally spends a Hope to help an attack when holding at least this much
  bool massive_damage = false;
  bool risk_it_all_tie_clears_all = false;  // SRD 1.0: a tie stays up and clears nothing
  int area_very_close = 2, area_close = 3, area_far = 4;  // PCs an area reaches, by range band
  bool minion_spill_any_kind = true;  // Minion spillover may defeat minions of another stat block
  bool sneak_attack_needs_melee_ally = true;
  bool hope_features = true;
  bool class_features = true;  // Unstoppable (Guardian), Ranger's Focus (Ranger)
  bool restrained_loses_spotlight = false;  // the old reading: a Restrained combatant spends its spotlight breaking free
  bool hard_moves = true;     // a failure with Fear: the PC is the focus and the GM buys a second spotlight
  bool tag_team = true;       // each PC initiates one Tag Team roll per fight, by policy
  int tag_team_min_hope = 3;  // ... when holding at least this much Hope
  GroupPolicy group_action = GroupPolicy::off;  // Group Action rolls on weapon attacks (`group_action: off|auto|always`)
  bool consumable_spotlight = false;  // using a consumable is the spotlight's action (false: free, before acting)
  bool cards = true;          // PCs play their domain cards and features (false: carried but never used; passives stay)
  // The fight's surroundings, for the passives that need them (`passive: {scene: ...}`): a bit each (kScene*).
  unsigned surroundings = 0;
  int card_hope_reserve = 3;  // a PC with a class Hope feature keeps this much Hope after paying for a card
  double guard_slot_worth = 1.0;  // an Armor Slot a PC marks for an ally's hit (Partners-in-Arms), in HP
  bool damage_boost = false;  // Battle Points: +1d4 to every adversary's standard damage
  Scene scene = Scene::standard;  // the GM text's scene type (default: major with a Solo or Leader)
  // Which spending keys the scenario set itself (else the foe style decides them).
  bool scene_set = false, policy_set = false, cap_set = false, reserve_set = false, budget_set = false,
       keep_set = false;
};

// Per-trial metrics (TrialRecord::resources).
enum Resource : int {
  kFearGained,
  kFearGainedRolls,
  kFearGainedFeatures,
  kFearWasted,
  kFearSpentSpotlights,
  kFearSpentInterrupts,
  kFearSpentFeatures,
  kFearSpentExperiences,
  kFearSpent,
  kFearEnd,
  kGmTurns,
  kAdversarySpotlights,
  kHopeGained,
  kHopeSpentExperiences,
  kHopeSpentHelp,
  kHopeSpentFeatures,
  kHopeSpent,
  kPartyHpMarked,
  kPartyStressMarked,
  kArmorSlotsUsed,
  kActionRolls,
  kCriticals,
  kCountdownsTriggered,
  kScars,
  kHopeSpentTagTeam,
  kHopeSpentCards,
  kCompanionStress,  // Stress marked on companions
  kCompanionsOut,    // companions that dropped out of the scene
  kResourceCount
};
// Per-combatant metrics (CombatantRecord::extra).
enum Extra : int {
  kExtraHpMarked,
  kExtraStressMarked,
  kExtraArmorUsed,
  kExtraHopeSpent,
  kExtraDeathMove,
  kExtraBlaze,
  kExtraAvoid,
  kExtraRisk,
  kExtraScar,
  kExtraSpotlights,
  kExtraFeaturesUsed,
  kExtraStressLeft,  // unmarked Stress and Armor Slots at the end
  kExtraArmorLeft,
  kExtraCount
};

enum Action : int { kAttack, kAttackSecondary, kFeature, kCard, kCompanion, kActionCount };
const std::vector<tactics::ActionSpec>& actions();
const std::vector<tactics::VarSpec>& vars();
enum Var : int {
  kVarHope = tactics::kCommonVarCount,
  kVarStress,
  kVarArmor,
  kVarFear,
  kVarHpMarked,
};

struct BattlePoints {
  int budget = 0;
  int cost = 0;
  std::vector<std::string> lines;  // how each was reached
};

// What a session carries from one Daggerheart fight to the next
// (docs/rules/daggerheart.md, "Sessions"): each PC's marked HP, Stress and
// Armor Slots, Hope, scars, whether it is out or dead, its once-a-session
// features (Rally Die, Tag Team); the Seraph's Prayer Dice; the GM's Fear.
struct PartyState : CarryBase {
  static constexpr int kMaxPcs = 16;
  static constexpr int kMaxPrayer = 16;
  int hp_marked[kMaxPcs], stress_marked[kMaxPcs], armor_marked[kMaxPcs], hope[kMaxPcs], scars[kMaxPcs];
  int rally[kMaxPcs];
  bool out[kMaxPcs], dead[kMaxPcs];
  int tag_teams_used[kMaxPcs];  // Tag Team rolls each PC has initiated this session
  int n_prayer;
  int prayer[kMaxPrayer], prayer_owner[kMaxPrayer];
  int fear;
  std::int8_t card_uses[kMaxPcs][kMaxPcCards];  // each domain card and feature's uses left (-1 unlimited)
  std::int8_t items[kMaxPcs][kMaxPcConsumables];  // each consumable's count left (loot: no rest restores it)
  int comp_stress[kMaxPcs];  // a companion's Stress marked
  bool comp_out[kMaxPcs];    // ... out of the scene until a long rest
  bool loyal_used[kMaxPcs];  // Loyal Friend, once per long rest
  bool unstoppable_used[kMaxPcs];  // Unstoppable, once per long rest
  bool avoid_used[kMaxPcs];  // avoid_condition (Bold Presence), once per rest
  std::uint16_t link_stress[kMaxPcs], link_hp[kMaxPcs];  // links until a rest (Transcendent Union, Shared Clarity; play_link.hpp)
  std::int16_t link_src[kMaxPcs][2][kMaxPcs];            // ... and their cards, per partner (PcState::link_src)
  std::int8_t steed[kMaxPcs];  // a conjured steed's bonus it rides with (Conjured Steeds), 0 none: until a long rest
  TypeMask immunity[kMaxPcs];  // damage types a card makes it immune to until its next rest (Magic Immunity), 0 none
  std::int8_t surge[kMaxPcs];  // the bonus to every trait until the next rest (Full Surge, play_party.hpp), 0 none
  std::int8_t copy_state[kMaxPcs];  // Copycat (play_copy.hpp): kCopyReady, kCopyHeld, kCopySpent, kCopyLost
  std::int8_t pool[kMaxPcs][kMaxPcCards];  // tokens on each card's pool (Slayer Dice: kept until the session ends)
  std::uint16_t once_done[kMaxPcs][kMaxPcCards];  // per once_per_target card, the PCs it has healed (until its refresh)
  std::int8_t drill[kMaxPcs];  // Slayer Dice from Martial Preparation held by a PC without a Slayer pool (kept until spent)
};

// A rest between two fights (the SRD's downtime): each PC's two downtime moves.
enum class RestKind : std::uint8_t { none, short_rest, long_rest };
enum class DowntimeMove : std::uint8_t { best, tend_to_wounds, clear_stress, repair_armor, prepare, martial_preparation };
struct RestPlan {
  RestKind kind = RestKind::none;
  DowntimeMove moves[2] = {DowntimeMove::best, DowntimeMove::best};
  bool gm_fear = true;  // the GM gains Fear for the rest
};
enum Carry : int { kCarryHpMarked, kCarryStressMarked, kCarryArmorMarked, kCarryHope, kCarryStanding, kCarryFear,
                   kCarryCount };

template <class R, class Log>
class Battle;  // one fight (battle.hpp)

// The party and foes of one fight, compiled; the shared parts (roster,
// features, streams, simulate) are rules::EncounterBase's.
class Encounter
    : public rules::EncounterBase<Encounter, Battle, PartyState, RestPlan, kResourceCount, kExtraCount> {
 public:
  static constexpr int kMaxPcs = 16;
  static constexpr int kMaxAdversaries = 64;
  static constexpr int kMaxNpcs = 8;
  static constexpr int kMaxCountdowns = 16;
  static constexpr int kMaxFeatures = 8;  // modelled actions and reactions per adversary

  std::vector<Pc> pcs;
  std::vector<Npc> npcs;
  std::vector<Adversary> adversaries;
  std::vector<Countdown> countdowns;
  Options opt;
  Play play;
  BattlePoints bp;
  // What a fight reads from the whole party (Battle::party_), worked out once
  // by prepare_play (play.cpp) from the compiled PCs, which never change after.
  // A flag is set when any PC holds that kind of card or feature; "with an
  // ally" flags only when the party has two PCs or more.
  struct PartyFlags {
    int rally = 0;       // the largest Rally Die
    int companions = 0;  // PCs with a companion
    bool evasion_vs = false;          // a PC's Evasion depends on its attacker (evasion_vs)
    bool attacked_reactions = false;  // an `attacked` reaction (play_defence.hpp)
    bool ally_reactions = false;      // an `ally_damaged` reaction, with an ally (play_defence.hpp)
    bool ally_rerolls = false;        // an `ally_rolled` reaction, with an ally (play_roll.hpp)
    bool reprisal = false;            // Act of Reprisal's passive, with an ally (play_cards.hpp)
    bool gifts = false;               // a next_attacker card (Lead by Example, play_party.hpp)
    bool foe_marks = false;  // a card that marks foes (marks_foes), that foes roll against (save) or a Dark Cloud
    bool clouds = false;     // a Dark Cloud (an action's cloak): the GM may clear a cloud (play_dark.hpp)
    bool veils = false;      // Veil of Night (veil): its attacks and those on it are weighed (play_dark.hpp)
    bool holds = false;      // Hold the Line (hold_line): melee attackers may be Restrained (play_dark.hpp)
    bool sigils = false;     // a foe_hurt pool (Sigil of Retribution): damage to PCs is watched
    bool twins = false;      // a next_targets card (Book of Sitil, play_marks.hpp)
    bool echoes = false;     // an ally_dealt reaction (Encore), with an ally
    bool adjusters = false;  // a set_total reaction (Adjust Reality, play_strikes.hpp)
    bool renewers = false;   // a used_up reaction (Invigoration, play_strikes.hpp)
    bool copied = false;     // a Copycat copy (play_copy.hpp)
    bool ally_failed = false;      // an `ally_failed` reaction, with an ally (Lean on Me, play_party.hpp)
    bool help_reactions = false;   // a `help` reaction (Eloquent), with an ally
    bool spell_help = false;       // Helps Spellcast rolls (Enchanted Aid, play_traits.hpp), with an ally
    bool cheap_tag_teams = false;  // makes a Tag Team with it cheaper (Camaraderie), with an ally
    bool steeds = false;           // a steed card (Conjured Steeds, play_mount.hpp)
    bool trait_aura = false;       // a trait aura (Elemental Aura: Earth, play_feats.hpp), with an ally
  };
  PartyFlags party_flags;
  // For the party's value rule: per PC and adversary [pc * adversaries + j], the
  // HP a primary-weapon hit marks (a Minion: how many fall, itself and spillover).
  std::vector<float> pc_marks;

  static const std::vector<MetricSpec>& resource_specs();
  static const std::vector<MetricSpec>& extra_specs();
  static const ScreenSpec& screen();
  std::string describe() const;
  // Play styles (issue 12): the system's table, the styles in force (read
  // from `style:`), and what they mean, one line per side.
  static const StyleSpec& styles();
  // What damage_dealt and damage_taken count, for the reports: HP marked: thresholds turn damage into HP.
  static constexpr const char* kDamageUnit = "HP";
  std::vector<std::string> behaviour() const;
  // Facts about the encounter for the summary: feature coverage, Battle Points.
  std::vector<std::pair<std::string, std::string>> facts() const;
  std::string note() const;  // the same for the terminal

  int fear_start() const { return opt.fear_start >= 0 ? opt.fear_start : static_cast<int>(pcs.size()); }
  int rec_index_adv(int j) const { return static_cast<int>(pcs.size() + npcs.size()) + j; }

  template <class R, class Log>
  void rest(const RestPlan& plan, PartyState& party, R& rng, Log& log) const;
  template <class Log>
  void rest_drill(const bool* drilled, PartyState& party, Log& log) const;  // Martial Preparation (rest.hpp)
  static RestPlan compile_rest(const Node& kind, const Node& options);  // throws InputError
  static const std::vector<std::string>& rest_kinds();
  static const std::vector<MetricSpec>& carry_specs();
  void carry_metrics(const PartyState& party, std::int64_t* out) const;
  void check_session(const SourcePos& where) const;
  void check_rest(const RestPlan& plan, const SourcePos& where) const;  // throws InputError
};

Encounter compile(const Scenario& scenario, const Variant& variant);
std::string describe_keys();

// The outcome of one PC action roll, for exact tests.
enum class RollResult : std::uint8_t { crit, success_hope, success_fear, failure_hope, failure_fear };
// The outcome of Duality Dice showing h and f with this total.
inline RollResult duality_result(int h, int f, int total, int difficulty) {
  if (h == f) return RollResult::crit;
  const bool ok = total >= difficulty;
  if (h > f) return ok ? RollResult::success_hope : RollResult::failure_hope;
  return ok ? RollResult::success_fear : RollResult::failure_fear;
}
// Duality dice with `net_advantage` d6 (positive adds the highest, negative
// subtracts the highest) against `difficulty`; the Hope Die has `hope_sides`
// sides (a feature's d20), the Fear Die 12.
template <class R>
RollResult duality_roll(R& dice, int modifier, int net_advantage, int difficulty, int* total_out = nullptr,
                        int* hope_die = nullptr, int* fear_die = nullptr, int hope_sides = 12, int adv_sides = 6) {
  const int h = dice.die(hope_sides), f = dice.die(12);
  int adv = 0;
  for (int k = 0; k < (net_advantage < 0 ? -net_advantage : net_advantage); ++k) {
    const int d = dice.die(k == 0 && net_advantage > 0 ? adv_sides : 6);  // a Help's die may be bigger (Epic Poetry)
    adv = d > adv ? d : adv;
  }
  const int total = h + f + modifier + (net_advantage < 0 ? -adv : adv);
  if (total_out) *total_out = total;
  if (hope_die) *hope_die = h;
  if (fear_die) *fear_die = f;
  return duality_result(h, f, total, difficulty);
}

}  // namespace encsim::daggerheart

#include "rules/daggerheart/rest.hpp"
