// Monsters & Magic (seed 002, "Chapter 1: Playing the Game": Ability Checks,
// Advantage & Disadvantage, Difficulty Class, Effect Steps, Threads of Fate,
// Proficiencies, Combat, Basic Techniques, Attacking & Dealing Damage, Harm &
// Healing, Death & Dying, Conditions & Statuses). Every reading the text leaves
// open is listed in docs/rules/monsters-and-magic.md with the option that
// changes it.
#pragma once

#include <algorithm>
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

namespace encsim::mnm {

inline constexpr std::string_view kId = "monsters-and-magic";

// "Abilities": Focus, Power, Cunning, Luck.
enum Ability : int { kFocus, kPower, kCunning, kLuck, kAbilityCount };

// "Ability Checks": the five results, worst first, so a higher value is better.
enum Tier : int { kCritMiss, kMiss, kWeak, kStrong, kCrit };

// The tier of a check: natural 20 and 1 decide alone; otherwise the weak line
// is 10 or the DC if higher, the strong line 18, or above the DC when the DC
// passes 18 ("Difficulty Class (DC)").
constexpr Tier tier_of(int natural, int total, int dc) {
  if (natural == 20) return kCrit;
  if (natural == 1) return kCritMiss;
  const int weak = dc > 10 ? dc : 10;
  const int strong = dc > 18 ? dc + 1 : 18;
  if (total >= strong) return kStrong;
  if (total >= weak) return kWeak;
  return kMiss;
}

// "Effect Steps": move along the chart; a step never makes a critical.
constexpr Tier step_tier(Tier t, int steps) {
  int v = static_cast<int>(t);
  if (steps > 0 && v >= kMiss && v < kStrong) v = std::min(v + steps, static_cast<int>(kStrong));
  if (steps < 0 && v > kMiss && v <= kStrong) v = std::max(v + steps, static_cast<int>(kMiss));
  return static_cast<Tier>(v);
}

// For the scoring rule (docs "Play styles"): the chances of each result of
// d20 + `bonus` against `dc` (tier_of()), the d20 kept from two with `adv`
// +1 (higher) or -1 (lower).
constexpr std::array<double, 5> chart_odds(int bonus, int adv, int dc) {
  auto cdf = [adv](int n) {  // P(the kept d20 <= n)
    const double p = std::clamp(n, 0, 20) / 20.0;
    return adv > 0 ? p * p : adv < 0 ? 1.0 - (1.0 - p) * (1.0 - p) : p;
  };
  auto band = [&](int lo, int hi) {  // naturals 2..19 only: 1 and 20 decide alone
    lo = std::max(lo, 2);
    hi = std::min(hi, 19);
    return lo > hi ? 0.0 : cdf(hi) - cdf(lo - 1);
  };
  const int weak = std::max(10, dc), strong = dc > 18 ? dc + 1 : 18;
  return {cdf(1), band(2, weak - 1 - bonus), band(weak - bonus, strong - 1 - bonus), band(strong - bonus, 19),
          1.0 - cdf(19)};
}

// chart_odds() of an attack (DC 0, the chart's own lines), which the scoring
// rule asks for several times per decision, from a table built at compile
// time. Past a bonus of +-20 nothing moves: every band is clamped to
// naturals 2..19 already (from +17 and from -10 on), so the table's edge is
// the same numbers, bit for bit (MnmStyles.AttackChartTableIsTheChart).
inline constexpr int kChartBonusMax = 20;
inline constexpr auto kAttackChart = [] {
  std::array<std::array<std::array<double, 5>, 2 * kChartBonusMax + 1>, 3> t{};
  for (int adv = -1; adv <= 1; ++adv)
    for (int b = -kChartBonusMax; b <= kChartBonusMax; ++b)
      t[static_cast<std::size_t>(adv + 1)][static_cast<std::size_t>(b + kChartBonusMax)] = chart_odds(b, adv, 0);
  return t;
}();
inline const std::array<double, 5>& attack_chart(int bonus, int adv) {
  return kAttackChart[static_cast<std::size_t>(adv + 1)]
                     [static_cast<std::size_t>(std::clamp(bonus, -kChartBonusMax, kChartBonusMax) + kChartBonusMax)];
}

// "Conditions & Statuses", then two internal marks that share their timers.
enum Cond : int {
  kWeakened, kSundered, kImpaired, kStunned, kDoomed, kRestrained, kSlowed, kProne, kUnconscious,
  kFrightened, kBlinded,
  kQuickened, kEmpowered, kInvigorated, kHastened, kPrepared, kProtected, kInspired, kInvisible,
  kExposed,   // Distract's strong hit: the next attack against it has advantage
  kDodging,   // Dodge: attacks against it have disadvantage
  kCondCount
};
inline constexpr int kFirstStatus = kQuickened;
inline constexpr int kNamedConds = kExposed;  // conditions and statuses a scenario may name
using CondMask = std::uint32_t;
constexpr CondMask bit(int c) { return CondMask{1} << c; }

using TypeMask = std::uint16_t;  // damage types as bits

enum class WeaponKind : std::uint8_t { plain, precise, agile };

// A monster's thread powered ability ("Threads of Fate": the GM spends
// threads to use it): an effect that forces saving throws, with what happens
// on a miss (full damage and the condition) and a weak hit (half damage).
struct ThreadAbility {
  bool present = false;
  std::string name;
  int cost = 1;  // GM threads
  int ap = 2;
  Dice damage;
  TypeMask types = 0;
  int targets = 1;
  int save = kCunning;
  int dc = 10;
  int condition = -1;  // inflicted on a miss
  int uses = 0;        // per fight; 0 = unlimited
};

// A spell ("Basic Techniques": Cast a Spell, Strike with a cantrip,
// Concentrate): the chapter gives no spell list, so a scenario writes its
// dice, its condition and what casting it costs.
struct Spell {
  bool present = false;
  std::string name;
  int ap = 1;        // Cast a Spell: the total AP its charms cost
  Dice damage;       // no ability is added ("add the ability" is for weapons)
  TypeMask types = 0;
  bool ranged = true;
  int inflicts = -1;
  Tier inflicts_on = kWeak;
  int fatigue = 0;   // fatigue marked to cast it
  bool concentrate = false;  // its condition lasts while the caster concentrates (1 AP a turn)
};

struct Fighter {
  std::string name;
  int side = 0;
  bool pc = false;
  bool monster = false;  // has a challenge rating in place of abilities
  int cr = 0;
  std::array<int, kAbilityCount> ability{};
  int pb = 1;  // proficiency bonus: PCs +1 per tier, monsters their CR
  int hp = 1;
  int temp_hp = 0;
  int ac = 0;        // armour, shield and cunning included (not cover or statuses)
  int check_penalty = 0;  // -2 ongoing for armour worn without proficiency
  bool partial_cover = false;
  // The weapon.
  Dice damage;
  TypeMask types = 0;
  int attack_ability = kPower;
  int attack_bonus = 0;  // ability (or CR) + proficiency
  int damage_bonus = 0;  // the ability used (monsters: CR), added to the weapon dice
  bool ranged = false;
  int step = 0;       // effect steps on its attack results
  int advantage = 0;  // +1 / -1 / 0 on its attack rolls
  int inflicts = -1;  // condition inflicted by its hits
  Tier inflicts_on = kStrong;
  TypeMask resist = 0, vulnerable = 0, immune = 0;
  int fatigue = 5;      // fatigue per exhaustion level
  int exhaustion = 5;   // exhaustion levels
  int bond = 1;
  int potions = 0;
  int supplies = 0;  // "Rest & Recovery": spent by a session's rests
  int loadout = 1;  // "Loadout": twice +CUNNING (minimum 1) zero-weight items at hand
  Dice potion;
  // State at the start of the fight (an earlier fight's wounds and effort).
  int start_hp = 0;  // 0: full
  int start_fatigue = 0;
  int start_exhaustion = 0;
  int multiattack = 1;  // attacks each Strike makes (a monster's stat block)
  int spell_bonus = 0;  // spell attack rolls: +SPELL + proficiency (monsters: as their weapon)
  Spell cantrip;        // uncharmed: the Strike action
  Spell spell;          // charmed: Cast a Spell
  int threads = 0;   // threads of fate at the start (PCs)
  CondMask lasting = 0;  // conditions/statuses held for the whole fight
  ThreadAbility thread_ability;
  double mean_damage = 0.0;
  std::vector<tactics::Rule> rules;
  std::vector<std::string> unmodelled;
  // For the scoring rule (docs "Play styles"), worked out at compile time:
  // the expected damage of a weak, strong and critical hit of each attack
  // after an AC of 0..kAcSlots-1 (the thread ability: [0] half, [1] full).
  static constexpr int kAcSlots = 16;
  using NetTable = std::array<std::array<float, kAcSlots>, 3>;
  NetTable weapon_net{}, cantrip_net{}, spell_net{}, ability_net{};
  double threat = 0.0;  // what a turn of its attacks deals on strong hits: the danger it poses
  bool styled = false;  // it plays the default tactics, so its side's style chooses for it
  // The actions that need the target in melee reach, by bit (Battle::needs_reach(),
  // asked at every decision): a grapple, and a Strike, cantrip or spell that is not ranged.
  std::uint32_t reach_actions = 0;
  // Its entries in Encounter::features(): by action (-1: not in its rules),
  // and its opportunity attacks.
  std::array<int, 17> feat_action{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
  int feat_opportunity = -1;
};

// What a side's play style sets (docs/rules/monsters-and-magic.md, "Play
// styles"). Only combatants with the default tactics follow it: a scenario's
// own tactics are its author's choice.
enum class Aim : std::uint8_t {
  threat,     // the enemy whose fall soonest ends the most danger (see Battle::aim_score)
  lowest_hp,  // the fewest hit points left
  spread,     // any enemy in reach, at random
};
struct StyleRule {
  bool scored = true;         // attacks chosen by their worth now, not by the listed order
  Aim aim = Aim::threat;
  double thread_price = 1.0;  // foes: a GM thread is worth this many of the foe's own Strikes
  double heal_at = 0.5;       // party: a potion for a standing ally at or below this share of its hit points
  bool keep_for_abilities = true;  // foes: the GM keeps the dearest thread ability's price back from rerolls
};

enum class ReapplyPolicy : std::uint8_t { detonate, extend };
enum class ThreadAttackPolicy : std::uint8_t { misses, misses_and_weak, never };
enum class ThreadDefensePolicy : std::uint8_t { strong, any, never };

struct Options {
  bool monster_damage_adds_cr = true;
  bool monster_attack_adds_pb = true;  // attack rolls d20 + CR (for the ability) + CR (proficiency)
  bool monsters_die_at_zero = true;   // else they make death saves like PCs
  int approach_moves = 1;             // Moves a melee fighter spends to reach a foe
  bool stick_to_reach = true;         // melee fighters strike foes already in reach
  bool dynamic_initiative = false;    // "Dynamic Initiative": reroll every round
  bool retaliate = true;
  bool opportunity_attacks = true;
  bool attack_downed = false;         // foes finish fallen PCs
  bool downed_any = false;            // ... any fallen PC, not only one they stood in reach of
  bool doomed_until_freed = true;     // doomed marks fatigue every turn (else: the default duration)
  bool advantage_sum = false;         // count advantage sources against disadvantage ones
  bool retrieve_adds_item = true;     // Retrieve Item brings the item itself plus +CUNNING more
  bool pc_feeling_lucky_defense = true;  // Feeling Lucky replaces a foe's strong or critical hit
  bool gm_reroll_pc = true;           // the GM rerolls a PC's strong hit or successful save
  ReapplyPolicy reapply = ReapplyPolicy::detonate;
  ThreadAttackPolicy pc_thread_attacks = ThreadAttackPolicy::misses;
  ThreadDefensePolicy pc_thread_defense = ThreadDefensePolicy::strong;
  bool pc_thread_death_saves = true;
  int pc_thread_reserve = 0;           // threads kept for death saves
  int gm_threads_start = 1;           // a long rest gave the GM one
  bool gm_reroll = true;               // reroll a monster's missed attack
  int gm_reroll_keep = -1;             // threads kept for thread abilities (-1: the dearest)
  bool gm_threads_on_monster_crits = false;
  bool random_target_ties = true;
};

// Per-trial metrics (TrialRecord::resources), per-combatant ones (extra).
enum Resource : int {
  kPartyWeakHits, kPartyStrongHits, kPartyCritHits, kPartyMisses,
  kFoesWeakHits, kFoesStrongHits, kFoesCritHits, kFoesMisses,
  kAcAbsorbed, kFatigueInflicted, kExhaustionMarked, kDeathSaves, kStabilised,
  kConditionsApplied, kDetonations,
  kPcThreadsSpent, kPcFeelingLucky, kPcBendLuck, kPcInspiredUses, kPcThreadsRegained,
  kGmThreadsGained, kGmThreadsSpent, kGmRerolls, kGmThreadAbilities, kGmThreadsEnd,
  kOpportunityAttacks, kRetaliations, kReadiedStrikes,
  kResourceCount
};
enum Extra : int {
  kExtraWeakHits, kExtraStrongHits, kExtraAcAbsorbed, kExtraFatigueInflicted, kExtraFatigueMarked,
  kExtraExhaustionMarked, kExtraDeathSaves, kExtraDying, kExtraConditionsApplied, kExtraThreadsSpent,
  kExtraApSpent, kExtraCount
};

enum Action : int {
  kStrike, kStrikeFatigue, kCantrip, kCast, kDodge, kDistract, kGrapple, kHelp, kAid, kRegroup, kUseItem, kRetrieveItem, kDisengage,
  kWithdraw, kThreadAbilityAction, kReady, kPass, kActionCount
};

const std::vector<tactics::ActionSpec>& actions();
const std::vector<tactics::VarSpec>& vars();
enum Var : int {
  kVarAp = tactics::kCommonVarCount,
  kVarFatigue,
  kVarExhaustion,
  kVarFatigueLeft,
  kVarThreads,
  kVarGmThreads,
  kVarPotions,
  kVarEngaged,
  kVarAlliesDying,
  kVarConditions,
  kVarStrikes,
  kVarPotionsReady,
  kVarConcentrating,
};

const std::vector<std::string>& cond_names();
const std::vector<std::string>& ability_names();

// What a session carries from one Monsters & Magic fight to the next
// (docs/rules/monsters-and-magic.md, "Sessions"): each PC's hit points,
// temporary hit points, fatigue, exhaustion, threads, potions, supplies, and
// whether it is awake or dead; the GM's threads. Plain arrays, set up by the
// first fight: no allocation per session.
struct PartyState : CarryBase {
  static constexpr int kMaxPcs = 64;
  int hp[kMaxPcs];
  int temp_hp[kMaxPcs];
  int fatigue[kMaxPcs];
  int exhaustion[kMaxPcs];
  int threads[kMaxPcs];
  int potions[kMaxPcs];
  int ready_potions[kMaxPcs];
  int supplies[kMaxPcs];
  bool awake[kMaxPcs];
  bool dead[kMaxPcs];
  int gm_threads;
};

// A rest between two fights ("Rest & Recovery"), compiled from a session's
// `rest:` item: its kind and the downtime activities each PC chooses.
enum class RestKind : std::uint8_t { none, short_rest, long_rest, extended };
enum class Activity : std::uint8_t { tend_wounds, clear_fatigue, gather_supplies, kCount };
struct RestPlan {
  RestKind kind = RestKind::none;
  bool best = true;  // each PC picks its two activities by its state (docs); else `activities` for all
  Activity activities[2] = {Activity::tend_wounds, Activity::clear_fatigue};
};
// Carried metrics (session.csv), in Encounter::carry_specs() order.
enum Carry : int {
  kCarryHp, kCarryHpLost, kCarryStanding, kCarryFatigueLeft, kCarryExhaustion, kCarryThreads, kCarryGmThreads,
  kCarryPotions, kCarryCount
};

template <class R, class Log>
class Battle;  // one fight (battle.hpp)

// The party and foes of one fight, compiled; the shared parts (roster,
// features, streams, simulate) are rules::EncounterBase's.
class Encounter
    : public rules::EncounterBase<Encounter, Battle, PartyState, RestPlan, kResourceCount, kExtraCount> {
 public:
  static constexpr int kMaxFighters = 64;  // melee reach is a 64-bit mask

  std::vector<Fighter> fighters;  // the party first, then the foes
  int n_party = 0;
  Options opt;
  int gm_keep = 0;  // resolved gm_reroll_keep
  StyleRule play[2];  // what the styles in force (`style`) set: the party's [0] and the foes' [1]

  static const std::vector<MetricSpec>& resource_specs();
  static const std::vector<MetricSpec>& extra_specs();
  static const ScreenSpec& screen();  // the default report's lines
  std::string describe() const;
  // Play styles (issue 12): the system's table, the styles in force (read
  // from `style:`), and what they mean, one line per side.
  static const StyleSpec& styles();
  // What damage_dealt and damage_taken count, for the reports: hit points (temporary ones not counted).
  static constexpr const char* kDamageUnit = "HP";
  std::vector<std::string> behaviour() const;

  // A rest between fights (docs/rules/monsters-and-magic.md, "Sessions"); dice from `rng`.
  template <class R, class Log>
  void rest(const RestPlan& plan, PartyState& party, R& rng, Log& log) const;
  static RestPlan compile_rest(const Node& kind, const Node& options);  // throws InputError
  static const std::vector<std::string>& rest_kinds();
  static const std::vector<MetricSpec>& carry_specs();
  void carry_metrics(const PartyState& party, std::int64_t* out) const;
  // Throws InputError at `where` when this party cannot go through a session.
  void check_session(const SourcePos& where) const;
  // The Fibonacci penalty of a PC's exhaustion level ("Fatigue & Exhaustion").
  static int pc_exhaustion_penalty(int e) {
    if (e < 2) return 0;
    int a = 1, b = 1;
    for (int k = 2; k < e - 1; ++k) {
      const int c = a + b;
      a = b;
      b = c;
    }
    return -b;
  }
};

Encounter compile(const Scenario& scenario, const Variant& variant);
std::string describe_keys();

}  // namespace encsim::mnm

#include "rules/monsters_and_magic/carry.hpp"
