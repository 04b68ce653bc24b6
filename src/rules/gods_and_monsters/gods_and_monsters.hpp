// Gods & Monsters (seed 003: "Survival", "Contests", "Conflicts", the combat
// example, "Group Effort", "Mass Conflict", and the weapon and armor tables of
// "Money and Equipment"). Every reading the text leaves open is listed in
// docs/rules/gods-and-monsters.md with the option that changes it.
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

namespace encsim::gods_and_monsters {

inline constexpr std::string_view kId = "gods-and-monsters";

// The scores rolled under on a d20. Endurance and charisma are abilities, the
// rest reactions ("Abilities and reactions"); they are rolled the same way.
enum Score : int { kFortitude, kWillpower, kEvasion, kPerception, kHealth, kEndurance, kCharisma, kScoreCount };

// What a combatant knew when the fight began ("Surprise"): `ready` ones
// started it and roll nothing; the others roll perception (+4 aware, -6 asleep).
enum class Awareness : std::uint8_t { ready, aware, unaware, asleep };
enum class Cover : std::uint8_t { none, weak, strong, full };
// Which reaction keeps a combatant conscious ("Unconsciousness") or snaps it
// out of surprise: the better of fortitude and willpower, or one of them.
enum class ReactionChoice : std::uint8_t { best, fortitude, willpower, health };
// Which failed rolls a PC buys off with mojo ("Mojo", Rolls): none; only the
// rolls that keep it alive and awake (death contests, and consciousness rolls
// on its archetypal reaction); or every archetypal roll.
enum class MojoUse : std::uint8_t { none, survival, all };

struct Fighter {
  std::string name;
  int side = 0;
  bool pc = false;
  int level = 1;
  std::string archetypes;  // "thief, warrior", for `check`
  bool warrior = false;    // uses the warrior column of the cover table
  bool archetypal_combat = false;  // combat damage comes from verve first ("Using verve", 4.)
  int survival = 0;        // maximum; a group's includes its bonus ("Mass Conflict")
  int verve = 0;           // maximum (PCs only)
  int start_survival = 0;  // at the start of the fight
  int start_verve = 0;
  int start_injuries = 0;
  int mojo = 0;            // PCs only ("Mojo": bid to turn a failed archetypal roll)
  MojoUse mojo_use = MojoUse::survival;
  std::uint8_t archetypal_scores = 0;  // bit per Score: the archetypes' archetypal reactions
  int bonus_pool = 0;      // a temporary bonus pool of survival ("Temporary bonus pools")
  int group_size = 1;      // individuals fighting as this one unit ("Group Effort")
  int group_bonus = 0;
  int attack_bonus = 0;    // fighting art + combat bonus + group bonus + high ground - helmet
  int defense = 0;         // armor + agility (or natural) + shield + helmet + group bonus
  bool small_shield = false;  // its +1 holds only against the opponent it attacks first
  int head_protection = 0;    // bonus to the evasion roll against a knockout blow
  std::array<int, kScoreCount> score{};
  int movement = 10;
  int actions = 1;            // per round: 1 + the group bonus ("Group Effort Bonuses")
  int attacks_per_action = 1; // "Number of attacks": the Yeti's two claws
  std::string weapon;
  Dice damage;                // weapon dice + damage bonus
  bool ranged = false;
  int fire_actions = 1;       // actions per shot ("Number of actions"), for missile weapons
  bool starts_loaded = true;
  Cover cover = Cover::none;  // against ranged attacks
  Awareness awareness = Awareness::ready;
  int knockout_injuries = 1;  // injury points a knockout blow puts in (warriors may allot 2)
  double mean_damage = 0.0;   // per round, for the `strongest` target
  std::vector<tactics::Rule> rules;
  bool has_morale = false;
  tactics::Condition morale;  // when it first holds at the end of a round: a morale check
  std::vector<std::string> unmodelled;
  bool styled = false;  // it plays the default tactics, so its side's style chooses for it
  double hit_damage = 0.0;  // the mean damage of one hit (for the scoring rule)
  // Its entries in Encounter::features(): by kind of attack (attack, called
  // shot, knockout, killing blow; -1 when its rules never make it) and mojo.
  std::array<int, 4> feat_attack{-1, -1, -1, -1};
  int feat_mojo = -1;
};

// What a side's play style sets (docs/rules/gods-and-monsters.md, "Play
// styles"). Only combatants with the default tactics follow it: a
// scenario's own tactics are its author's choice.
enum class Aim : std::uint8_t {
  threat,     // the enemy whose fall soonest ends the most danger (see Battle::aim_score)
  lowest_hp,  // the least left before injuries
  spread,     // any enemy, at random
};
struct StyleRule {
  bool scored = true;  // a plain attack, knockout or killing blow chosen by its worth now
  Aim aim = Aim::threat;
  bool flee_npcs = true;  // an NPC withdraws once its survival is gone, while still conscious
  bool flee_pcs = false;  // ... and a PC
};

struct Options {
  bool natural_20_fails = true;   // an attack roll of 20 misses whatever it needed
  bool natural_1_hits = false;    // an attack roll of 1 hits whatever it needed
  ReactionChoice consciousness = ReactionChoice::best;
  ReactionChoice snap_out = ReactionChoice::best;
  bool injury_penalty_at_round_start = true;  // attack penalties from injuries as they stood when the round began
  bool verve_while_surprised = false;         // "Being ambushed is probably not archetypal for a warrior"
  bool surprised_are_unaware = true;          // +4 to hit (+10 asleep) a surprised combatant in round 1
  bool dying_acts = true;                     // a dying combatant fights on until it falls unconscious or dies
  bool unconscious_minutes = true;            // out for 6 rounds a point of injury, not the rest of the fight
  bool npc_targets_after_pcs = true;          // "Order of events": NPCs aim once the PCs have acted
  bool morale_delay = true;                   // a failed group morale check takes effect after the rounds it missed by
  bool firing_into_melee = true;              // crowd cover and strays when shooting into close combat
  bool random_target_ties = true;
};

// Per-trial metrics (TrialRecord::resources) and per-combatant ones (extra).
enum Resource : int {
  kPartyVerveLost,
  kPartySurvivalLost,
  kPartyInjuries,
  kFoeSurvivalLost,
  kFoeInjuries,
  kPoolAbsorbed,
  kConsciousnessRolls,
  kKnockedOut,
  kDeathContests,
  kDeathContestsLost,
  kSurprised,
  kSurpriseRoundsLost,
  kSurprisedRounds,
  kMoraleChecks,
  kMoraleFailed,
  kWithdrawals,
  kCalledShots,
  kKnockoutBlows,
  kStrayHits,
  kMojoSpent,
  kWokeUp,
  kResourceCount
};
enum Extra : int {
  kExtraVerveLost,
  kExtraSurvivalLost,
  kExtraInjuries,
  kExtraUnconscious,
  kExtraDying,
  kExtraDeathContests,
  kExtraSurprised,
  kExtraWithdrew,
  kExtraPoolAbsorbed,
  kExtraFriendlyDamage,
  kExtraMojoSpent,
  kExtraCount
};

enum Action : int { kAttack, kCalledShot, kKnockout, kKillingBlow, kWithdraw, kHold, kActionCount };

const std::vector<tactics::ActionSpec>& actions();
const std::vector<tactics::VarSpec>& vars();  // common_vars() + Gods & Monsters'
enum Var : int {
  kVarSurvival = tactics::kCommonVarCount,
  kVarSurvivalMax,
  kVarSurvivalFrac,
  kVarVerve,
  kVarInjuries,
  kVarPool,
  kVarSurprised,
  kVarLoaded,
  kVarInCloseCombat,
  kVarGroupBonus,
  kVarEnemiesSurprised,
  kVarEnemiesImmobile,
};

// What a session carries from one Gods & Monsters fight to the next
// (docs/rules/gods-and-monsters.md, "Sessions"): each PC's survival, verve,
// injury points, mojo and life. Plain arrays, set up by the first fight: no
// allocation per session.
struct PartyState : CarryBase {
  static constexpr int kMaxPcs = 64;
  int survival[kMaxPcs], verve[kMaxPcs], injuries[kMaxPcs], mojo[kMaxPcs];
  bool dead[kMaxPcs];  // dead or dying (nobody heals a dying PC in time)
};

// A rest between two fights, compiled from a session's `rest:` item
// ("Regaining survival and healing injuries", "Using verve").
enum class RestKind : std::uint8_t { none, encounter, night, day };
enum class Heals : std::uint8_t { injury, survival };  // what a night's or a day's healing goes to first
struct RestPlan {
  RestKind kind = RestKind::none;
  Heals heals = Heals::injury;
  int health_bonus = 0;  // a healer's field bonus to the night's health roll
};
// Carried metrics (session.csv), in Encounter::carry_specs() order.
enum Carry : int { kCarrySurvival, kCarrySurvivalLost, kCarryVerve, kCarryInjuries, kCarryStanding, kCarryMojo,
                   kCarryCount };

template <class R, class Log>
class Battle;  // one fight (battle.hpp)

// The party and foes of one fight, compiled; the shared parts (roster,
// features, streams, simulate) are rules::EncounterBase's.
class Encounter
    : public rules::EncounterBase<Encounter, Battle, PartyState, RestPlan, kResourceCount, kExtraCount> {
 public:
  // Close combat is tracked as a bitmask of combatants per combatant.
  static constexpr int kMaxFighters = 64;
  // Attack rolls one combatant may declare in a round (actions x attacks).
  static constexpr int kMaxAttacks = 32;

  std::vector<Fighter> fighters;  // the party first, then the foes; `count` expanded
  int n_party = 0;
  Options opt;
  StyleRule play[2];  // what the styles in force (`style`) set: the party's [0] and the foes' [1]

  static const std::vector<MetricSpec>& resource_specs();
  static const std::vector<MetricSpec>& extra_specs();
  static const ScreenSpec& screen();  // the default report's lines
  std::string describe() const;  // the compiled encounter, for `encsim check`
  // Play styles (issue 12): the system's table, the styles in force (read
  // from `style:`), and what they mean, one line per side.
  static const StyleSpec& styles();
  // What damage_dealt and damage_taken count, for the reports: every point that landed, whatever it came off or became.
  static constexpr const char* kDamageUnit = "damage points (pool, verve, survival and injuries)";
  std::vector<std::string> behaviour() const;

  // A rest between fights (docs/rules/gods-and-monsters.md, "Sessions"); dice from `rng`.
  template <class R, class Log>
  void rest(const RestPlan& plan, PartyState& party, R& rng, Log& log) const;
  static RestPlan compile_rest(const Node& kind, const Node& options);  // throws InputError
  static const std::vector<std::string>& rest_kinds();
  static const std::vector<MetricSpec>& carry_specs();
  void carry_metrics(const PartyState& party, std::int64_t* out) const;
  // Throws InputError at `where` when this party cannot go through a session.
  void check_session(const SourcePos& where) const;
};

// Compiles one variant of a Gods & Monsters scenario. Throws InputError.
Encounter compile(const Scenario& scenario, const Variant& variant);

// The YAML keys the system reads, for `encsim rules gods-and-monsters`.
std::string describe_keys();

// "Group Effort Bonuses": 0 alone, 1 for 2-3, 2 for 4-7, ... 10 for 1024 and up.
int group_bonus(int count);

// A weapon die moved along the size progression of "Weapons" (equipment for
// different-sized creatures): 1 d2 d4 d6 d8 d10 d12 2d8 3d6 4d6 5d6 ...
Dice resize_damage(const Dice& die, int steps);

}  // namespace encsim::gods_and_monsters

#include "rules/gods_and_monsters/carry.hpp"
