// cairn-ap (seed 001): a Cairn-derived hack with action points. Attributes
// STR/DEX/WIL, contested checks with Object Dice and per-die advantage, 4 AP
// turns, armor, critical damage to STR, scars, morale, detachments, retreat and
// magic dice. Every reading the text leaves open is in docs/rules/cairn-ap.md
// with the option that changes it.
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
#include "rules/cairn_ap/check.hpp"

namespace encsim::cairn_ap {

inline constexpr std::string_view kId = "cairn-ap";

enum Attribute : int { kStr, kDex, kWil, kAttributeCount };

// How a target saves against an attack ("Saves"; the three defences).
enum class Defence : std::uint8_t {
  best,   // whichever of the others has the highest expected result
  dodge,  // DEX
  block,  // STR + shield die
  parry,  // STR + weapon die (not against ranged attacks)
};

// A spell from the Grimoire ("Magic"). Only spells with a number effect are
// simulated: damage ([sum] to each target that fails its save) and healing.
struct Spell {
  enum class Kind : std::uint8_t { damage, heal };
  std::string name;
  Kind kind = Kind::damage;
  int dice = 2;     // Magic Dice invested (1..4), fewer when fewer are available
  int targets = 1;  // enemies it reaches (blast when more than one)
  int save = kDex;  // the targets' save attribute, or -1: no save, it lands
};

struct Fighter {
  std::string name;
  int side = 0;
  bool pc = false;
  bool leader = false;
  bool detachment = false;  // a large group fighting as one ("Detachments")
  int blast_targets = 3;    // a detachment's blast reaches this many individuals
  int attack_targets = 1;   // enemies one attack reaches (one roll, each saves)
  std::array<int, kAttributeCount> attr{10, 10, 10};
  Dice hp;        // constant, or rolled per trial from the setup stream
  int armor = 0;  // the sum of worn items, at most 3
  int shield_armor = 0;  // the part of `armor` a listed shield gives (carried, not worn)
  std::string armor_text;
  // The weapon: its Object Die is rolled into the attack and is its damage.
  std::string weapon;
  bool armed = false;         // holds a weapon (parry needs one)
  CheckDie weapon_die{4, 0};  // unarmed d4
  CheckDie second_die{};      // dual wielding: both rolled, the highest kept
  bool ranged = false;
  CheckDie shield_die{};      // for block saves; sides 0 without a shield
  int attack_adv = 0;         // net base-die advantage on its attacks (enhanced/impaired)
  Defence defence = Defence::best;
  Defence vs_melee = Defence::dodge;   // `defence` resolved on the starting attributes
  Defence vs_ranged = Defence::dodge;  // (for `check`; `best` follows STR lost in the fight)
  double block_objects = 0.0;  // mean of the shield die, for `best`
  double parry_objects = 0.0;  // mean of the (highest) weapon die, for `best`
  // Magic.
  int free_slots = 0;
  int mana_dust = 0;
  std::vector<Spell> spells;
  double mean_damage = 0.0;  // for the `strongest` target selector, and a foe's threat
  // No `tactics:` of its own or its side's: it plays the side's style (its
  // targets, and one blow a turn for a guarded side; docs/rules/cairn-ap.md).
  bool styled = false;
  std::vector<tactics::Rule> rules;
  std::vector<std::string> unmodelled;
  // Its entries in Encounter::features(), by action (-1: not in its rules;
  // kCast unused) and by spell.
  std::array<int, 10> feat_action{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
  std::vector<int> feat_spell;
};

// How a side that plays by its style picks its targets (docs/rules/cairn-ap.md).
enum class Aim : std::uint8_t {
  spread,  // a random enemy in reach
  finish,  // the most expected damage for the HP left (capped at all of it)
  threat,  // the same, weighted by the enemy's own damage
};
// The named play styles, as indexes into Encounter::styles().
enum FoeStyle : int { kFoesCautious, kFoesStandard, kFoesRuthless };
enum PartyStyle : int { kPartyStandard, kPartyCareful };

enum class Surprise : std::uint8_t { none, party, foes };
enum class FirstGroup : std::uint8_t { initiative, party, foes };
enum class MoraleMode : std::uint8_t { group, each, off };
enum class ScarRule : std::uint8_t { exactly_zero, zero_or_under };

struct Options {
  // Action Points ("Turn", "Special Actions in Combat").
  int ap_per_turn = 4;
  int surprised_ap = 2;
  Surprise surprised = Surprise::none;
  int ap_attack = 2;
  int ap_move = 1;
  int ap_gain_advantage = 1;
  int ap_hold = 1;      // a held dodge, parry or block
  int ap_riposte = 3;   // a held parry and a held attack
  int ap_cast = 2;
  int ap_retreat = 2;
  int approach_moves = 1;  // Moves a melee fighter makes before its first melee attack
  bool advantage_lapses = true;  // unused gained advantage ends with the turn
  bool riposte_needs_parry = false;
  FirstGroup first_group = FirstGroup::initiative;
  // Naturals on the Base Die ("Check Results": left to the Warden).
  bool natural_20_succeeds = false;
  bool natural_1_fails = false;
  // Critical damage and scars.
  int critical_dc = 15;
  bool critical_at_zero = false;  // exactly 0 HP also calls for a critical damage save
  bool dying_pcs_count_dead = false;
  ScarRule scars = ScarRule::zero_or_under;
  // Held defences: the text gives advantage to the held dodge only.
  bool held_advantage_all = false;
  // Morale.
  MoraleMode morale = MoraleMode::each;
  int morale_dc = 20;
  bool morale_leader = false;
  bool lone_foe_morale = true;
  // Retreat and magic.
  int retreat_dc = 20;
  bool retreat_advantage = false;  // gained advantage serves the retreat save
  bool spell_armor = true;  // armor reduces spell damage
  bool mishap_effects = true;
  bool random_target_ties = true;
};

// Per-trial metrics (TrialRecord::resources).
enum Resource : int {
  kApAttack,
  kApMove,
  kApAdvantage,
  kApHeld,
  kApCast,
  kApRetreat,
  kHeldFired,
  kStrLost,
  kCriticalSaves,
  kCriticalFailed,
  kScars,
  kMoraleChecks,
  kMoraleFled,
  kRetreats,
  kRouted,
  kSpellsCast,
  kSpellsFailed,
  kFatigue,
  kMishaps,
  kNatural20,
  kNatural1,
  kResourceCount
};
// Per-combatant metrics (CombatantRecord::extra).
enum Extra : int {
  kExApSpent,
  kExHeldFired,
  kExStrLost,
  kExCriticalFailed,
  kExScars,
  kExFled,
  kExSpellsCast,
  kExFatigue,
  kExMishaps,
  kExNatural20,
  kExNatural1,
  kExHpStart,
  kExtraCount
};

enum Action : int {
  kAttack,
  kMove,
  kGainAdvantage,
  kHoldDodge,
  kHoldParry,
  kHoldBlock,
  kRiposte,
  kRetreat,
  kCast,
  kPass,
  kActionCount
};

const std::vector<tactics::ActionSpec>& actions();
const std::vector<tactics::VarSpec>& vars();  // common_vars() + cairn-ap's
enum Var : int {
  kVarAp = tactics::kCommonVarCount,
  kVarAdvantage,
  kVarHeld,
  kVarStr,
  kVarStrMax,
  kVarDex,
  kVarWil,
  kVarArmor,
  kVarEngaged,
  kVarFatigue,
  kVarFreeSlots,
  kVarManaDust,
  kVarMagicDice,
  kVarAlliesWounded,
  kVarEnemyDetachments,
};

// What a session carries from one cairn-ap fight to the next
// (docs/rules/cairn-ap.md, "Sessions"): each PC's HP, attributes and their
// maximums, Fatigue and slots, Mana Dust, armor, the lasting mishaps, the
// Scars it took and has not recovered from, deprivation and its life. Plain
// arrays, set up by the first fight: no allocation per session.
enum class Life : std::uint8_t {
  up,      // in the fight (or back from fleeing or the spirit's roaming)
  dying,   // failed a critical damage save, or a Mortal Wound: dies untreated
  crawls,  // stabilised by bandages: out of action until a rest lets it up
  dead,
};
struct PartyState : CarryBase {
  static constexpr int kMaxPcs = 64;
  int hp[kMaxPcs], hp_max[kMaxPcs];
  int str[kMaxPcs], str_max[kMaxPcs], dex[kMaxPcs], dex_max[kMaxPcs], wil[kMaxPcs], wil_max[kMaxPcs];
  int free_slots[kMaxPcs], mana_dust[kMaxPcs], fatigue[kMaxPcs];
  int worn_armor[kMaxPcs], magic_armor[kMaxPcs];
  std::uint16_t scars[kMaxPcs];  // bit e: Scars entry e awaiting its recovery
  Life life[kMaxPcs];
  bool deprived[kMaxPcs];
  bool doomed[kMaxPcs];
  bool no_spells_for_hours[kMaxPcs];  // Mishap #2
  bool grimoire_lost[kMaxPcs];        // Mishaps #6, #13
  bool fatigue_on_3[kMaxPcs], wil_on_cast[kMaxPcs];  // Mishaps #3, #8: for a day
  bool free_die[kMaxPcs], vessel[kMaxPcs], elemental[kMaxPcs];  // Mishaps #11, #22, #24: lasting
};

// A rest between two fights, compiled from a session's `rest:` item
// ("Healing & Recovery", "Deprivation and Fatigue").
enum class RestKind : std::uint8_t { none, breather, night, week };
struct RestPlan {
  RestKind kind = RestKind::none;
  bool bandages = true;        // the dying are stabilised (else they die)
  bool crawlers_rise = false;  // a night lets the stabilised act again (a week always does)
};
// Carried metrics (session.csv), in Encounter::carry_specs() order.
enum Carry : int { kCarryHp, kCarryHpLost, kCarryStrLost, kCarryStanding, kCarryOut, kCarryFatigue, kCarryDeprived,
                   kCarryCount };

template <class R, class Log>
class Battle;  // one fight (battle.hpp)

// The party and foes of one fight, compiled; the shared parts (roster,
// features, streams, simulate) are rules::EncounterBase's.
class Encounter
    : public rules::EncounterBase<Encounter, Battle, PartyState, RestPlan, kResourceCount, kExtraCount> {
 public:
  static constexpr int kMaxFighters = 128;

  std::vector<Fighter> fighters;  // the party first, then the foes
  int n_party = 0;
  Options opt;

  static const std::vector<MetricSpec>& resource_specs();
  static const std::vector<MetricSpec>& extra_specs();
  static const ScreenSpec& screen();  // the default report's lines
  std::string describe() const;
  // Play styles (issue 12): the system's table, the styles in force (read
  // from `style:`), and what they mean, one line per side.
  static const StyleSpec& styles();
  // What damage_dealt and damage_taken count, for the reports: damage past 0 HP comes off STR, and both count.
  static constexpr const char* kDamageUnit = "HP and STR";
  std::vector<std::string> behaviour() const;

  // A rest between fights (docs/rules/cairn-ap.md, "Sessions"); dice from `rng`.
  template <class R, class Log>
  void rest(const RestPlan& plan, PartyState& party, R& rng, Log& log) const;
  static RestPlan compile_rest(const Node& kind, const Node& options);  // throws InputError
  static const std::vector<std::string>& rest_kinds();
  static const std::vector<MetricSpec>& carry_specs();
  void carry_metrics(const PartyState& party, std::int64_t* out) const;
  // Throws InputError at `where` when this party cannot go through a session.
  void check_session(const SourcePos& where) const;
};

// The expected total of the save `d` of fighter `f` (parry needs a melee weapon).
double defence_mean(const Fighter& f, Defence d);
// The save with the highest expected result at these STR and DEX (ties:
// dodge, block, parry); parry not against ranged attacks.
// Inline: the play styles' scoring rule asks it for every enemy it weighs.
inline Defence best_defence(const Fighter& f, int str, int dex, bool vs_ranged) {
  Defence d = Defence::dodge;
  double best = dex;
  if (f.shield_die.sides > 0 && str + f.block_objects > best) {
    d = Defence::block;
    best = str + f.block_objects;
  }
  if (!vs_ranged && f.armed && !f.ranged && str + f.parry_objects > best) d = Defence::parry;
  return d;
}

// Compiles one variant of a cairn-ap scenario. Throws InputError.
Encounter compile(const Scenario& scenario, const Variant& variant);

std::string describe_keys();

// The Scars table's entry names, 1..12 ("Scars").
const char* scar_name(int entry);
// The Mishaps table: a few words for [sum] 2..24 ("Mishaps").
const char* mishap_name(int sum);

}  // namespace encsim::cairn_ap

#include "rules/cairn_ap/carry.hpp"
