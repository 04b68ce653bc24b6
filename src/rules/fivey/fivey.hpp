// FIVEY (seed 004, "Encounters & Combat", "Monsters", "Inspiration Dice",
// "Armor", "Weapons"). Every reading the text leaves open is listed in
// docs/rules/fivey.md with the option that changes it.
#pragma once

#include <array>
#include <cstdint>
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

namespace encsim::fivey {

inline constexpr std::string_view kId = "fivey";

enum Stat : int { kCharisma, kDexterity, kIntelligence, kStrength, kStatCount };

// Damage types as bits; `magic` marks a magical source, which Magical
// Resistance halves whatever its type.
using TypeMask = std::uint16_t;

struct AreaAttack {
  bool present = false;
  Dice damage;
  int targets = 3;        // how many enemies the area reaches (range is abstract)
  int save_stat = kDexterity;
  int dc_stat = kStrength;  // the attacker's stat: DC = 10 + it (the passive score)
  int uses = 0;             // per fight; 0 = unlimited
  int spell_level = 0;      // the spell's [L] when it scales the damage (0: not a spell)
  TypeMask types = 0;
  double mean = 0.0;        // the damage's mean, for the play styles' scoring rule
};

struct CheatDeath {  // e.g. Undead Fortitude: a check to stay at the last hit point
  bool present = false;
  int stat = kStrength;
  int dc = 5;
  bool plus_damage = true;  // DC rises by the damage taken
};

struct Fighter {
  std::string name;
  int side = 0;
  bool pc = false;
  bool leader = false;
  bool flying = false;
  std::array<int, kStatCount> stat{};
  int defense = 10;
  bool shield = false;
  int hp = 0;         // fixed hit points, or 0 to roll `hit_dice` d6 per trial
  int hit_dice = 0;
  // The attack: d20 + attack_bonus against defense; damage dice include the stat.
  std::string weapon;
  int attack_bonus = 0;
  Dice damage;
  bool ranged = false;
  bool reload = false;  // a crossbow: 1 action to reload before each shot after the first
  TypeMask attack_types = 0;
  int advantage = 0;  // +1 advantage, -1 disadvantage, 0 neither (they never stack)
  int extra_attacks = 0;
  AreaAttack area;
  int regenerate = 0;
  TypeMask regenerate_blocked_by = 0;
  TypeMask resist = 0, vulnerable = 0, immune = 0;
  CheatDeath cheat_death;
  int level = 1;
  int inspiration = 0;  // starting inspiration dice (PCs: their level)
  int hp_bonus = 0;       // added to hit points rolled from hit dice (levels, Battle-Hardened)
  int hp_level_dice = 0;  // with `level_hp: roll`: d6s added to hp per trial, one per level gained
  bool rage = false;      // the Barbarian's Rage (docs/rules/fivey.md)
  double mean_damage = 0.0;  // for the `strongest` target selector, and a foe's threat
  // No `tactics:` of its own or its side's: it plays the side's style (its
  // targets and when to use its area attack; docs/rules/fivey.md, "Play styles").
  bool styled = false;
  std::vector<tactics::Rule> rules;
  std::vector<std::string> unmodelled;  // feats named in the scenario but not simulated
  // Its entries in Encounter::features() (-1: it has none of that kind).
  int feat_attack = -1, feat_area = -1, feat_regenerate = -1, feat_cheat_death = -1;
};

enum class ShieldPolicy : std::uint8_t { lethal, first_hit, never };
enum class DefeatRule : std::uint8_t { equal, exceed };
enum class SideStat : std::uint8_t { leader, average, best };  // whose stat a side's one roll uses
enum class Surprise : std::uint8_t { none, party, foes };      // which side may surprise the other

// How a side that plays by its style picks its targets (docs/rules/fivey.md).
enum class Aim : std::uint8_t {
  spread,  // a random enemy in reach
  finish,  // the most expected damage for the hit points left (capped at all of them)
  threat,  // the same, weighted by the enemy's own damage per action
};

// The named play styles, as indexes into Encounter::styles().
enum FoeStyle : int { kFoesCautious, kFoesStandard, kFoesRuthless };
enum PartyStyle : int { kPartyStandard, kPartyCareful };

// What a PC may spend an inspiration die on ("Inspiration Dice": any roll, in
// the character's favour), as bits of Options::inspiration_uses.
enum InspirationUse : std::uint8_t {
  kUseAttack = 1,     // its own missed attack roll
  kUseSave = 2,       // its own failed check against an area attack
  kUseDamage = 4,     // its own damage roll that falls just short of felling the target
  kUseContest = 8,    // its own lost initiative or surprise contest
  kUseFoeAttack = 16, // a foe's attack roll that beat its defense by a little
  kUseFoeDamage = 32, // a foe's damage roll that would just fell it
  kUseAll = 63,
};

struct Options {
  DefeatRule defeat = DefeatRule::equal;
  int approach_moves = 1;          // move actions a melee combatant spends before its first attack
  bool average_hp = false;         // hit dice give 3.5 per die (rounded down) instead of a roll
  bool natural_20_hits = false;    // a natural 20 hits whatever the defense class
  bool natural_1_misses = false;
  bool natural_20_inspiration = true;  // a PC's natural 20 on any check or contest grants an inspiration die
  bool natural_20_die_to_damage = true;  // ... which, on an attack that hits, goes straight into its damage
  int inspiration_shortfall = 3;   // spend a die when it needs to show at most this (0: never)
  std::uint8_t inspiration_uses = kUseAll;
  bool damage_adds_stat = true;    // weapon damage is die + stat (else die alone, and Rage adds the stat)
  bool level_hp_roll = false;      // each level gained gives 1d6 hit points per trial instead of 4
  SideStat foe_initiative = SideStat::leader;
  Surprise surprise = Surprise::none;
  bool surprise_contest = true;    // else every member of the surprising side gets the free turn
  SideStat surprise_wisdom = SideStat::leader;
  ShieldPolicy shield = ShieldPolicy::lethal;
  bool monster_damage_adds_ability = false;
  bool area_damage_per_target = false;  // one roll for every target (false) or one each
  bool initiative_ties_to_party = false;
  bool random_target_ties = true;  // else the first listed of equally good targets
  bool morale = true;
  int morale_stat = kIntelligence;
  std::vector<int> morale_dcs{12, 14, 20};
};

// Per-trial metrics (TrialRecord::resources) and per-combatant ones (extra).
enum Resource : int {
  kMoraleChecks,
  kInspirationGained,
  kInspirationSpent,
  kInspirationHits,
  kShieldsUsed,
  kResourceCount
};
enum Extra : int { kExtraInspirationSpent, kExtraShieldUsed, kExtraAreaUses, kExtraHpStart, kExtraCount };

enum Action : int { kAttack, kAreaAttack, kActionCount };

const std::vector<tactics::ActionSpec>& actions();
const std::vector<tactics::VarSpec>& vars();  // common_vars() + FIVEY's
enum Var : int {
  kVarInspiration = tactics::kCommonVarCount,
  kVarShield,
  kVarAreaUses,
  kVarEngaged,
};

// What a session carries from one FIVEY fight to the next (docs/rules/fivey.md,
// "Sessions"): each PC's hit points, inspiration dice, shield and life. Plain
// arrays, set up by the first fight: no allocation per session.
struct PartyState : CarryBase {
  static constexpr int kMaxPcs = 64;
  int hp[kMaxPcs];
  int hp_max[kMaxPcs];
  int inspiration[kMaxPcs];
  bool alive[kMaxPcs];
  bool shield[kMaxPcs];
};

// A rest between two fights, compiled from a session's `rest:` item.
enum class RestKind : std::uint8_t { none, night, downtime };
enum class RestAction : std::uint8_t { best, recover, practice };  // a night's one rest action
struct RestPlan {
  RestKind kind = RestKind::none;
  RestAction action = RestAction::best;
};
// Carried metrics (session.csv), in Encounter::carry_specs() order.
enum Carry : int { kCarryHp, kCarryHpLost, kCarryStanding, kCarryInspiration, kCarryCount };

template <class R, class Log>
class Battle;  // one fight (battle.hpp)

// The party and foes of one fight, compiled; the shared parts (roster,
// features, streams, simulate) are rules::EncounterBase's.
class Encounter
    : public rules::EncounterBase<Encounter, Battle, PartyState, RestPlan, kResourceCount, kExtraCount> {
 public:
  static constexpr int kMaxFighters = 256;

  std::vector<Fighter> fighters;  // the party first, then the foes; `count` expanded
  int n_party = 0;
  Options opt;
  // The styles' scoring rule: the expected damage of one blow of fighter a
  // at fighter t, [(a * n + t) * 2 + shield], before the cap at t's hit
  // points left. Filled by compile(), so a choice costs a lookup.
  std::vector<float> blow_mean;

  static const std::vector<MetricSpec>& resource_specs();
  static const std::vector<MetricSpec>& extra_specs();
  static const ScreenSpec& screen();  // the default report's lines
  std::string describe() const;  // the compiled encounter, for `encsim check`
  // Play styles (issue 12): the system's table, the styles in force (read
  // from `style:`), and what they mean, one line per side.
  static const StyleSpec& styles();
  // What damage_dealt and damage_taken count, for the reports: hit points.
  static constexpr const char* kDamageUnit = "HP";
  std::vector<std::string> behaviour() const;

  // A rest between fights (docs/rules/fivey.md, "Sessions"); dice from `rng`.
  template <class R, class Log>
  void rest(const RestPlan& plan, PartyState& party, R& rng, Log& log) const;
  static RestPlan compile_rest(const Node& kind, const Node& options);  // throws InputError
  static const std::vector<std::string>& rest_kinds();
  static const std::vector<MetricSpec>& carry_specs();
  void carry_metrics(const PartyState& party, std::int64_t* out) const;
  // Throws InputError at `where` when this party cannot go through a session.
  void check_session(const SourcePos& where) const;
};

// Compiles one variant of a FIVEY scenario. Throws InputError.
Encounter compile(const Scenario& scenario, const Variant& variant);

// The YAML keys FIVEY reads, for `encsim rules fivey` and docs/scenarios.md.
std::string describe_keys();

}  // namespace encsim::fivey

#include "rules/fivey/carry.hpp"
