// One Monsters & Magic fight, step by step as source text 002's "Combat" and
// "Harm & Healing" read. Included only by simulate.cpp, which compiles it once
// (rules/simulate.hpp); a template on the die source and the log, so the fight inlines and narration costs nothing when off. The
// state is fixed-size: no allocation and no virtual call per trial.
//
// The class below declares the whole fight and its state; the member functions
// are defined by concern in headers included at the end of this one:
//   battle.hpp   set-up, turn order, the round loop, the outcome
//   checks.hpp   ability checks, advantage, saves, threads of fate
//   harm.hpp     conditions and statuses, damage, fatigue and exhaustion,
//                unconsciousness, death saves, healing
//   turn.hpp     a turn: action points, the tactics' choice, paying for and
//                doing a technique, moving into and out of reach
//   score.hpp    the scoring rule of the play styles
//   attacks.hpp  targets, attacks and their advantage, grapple, distract, aid,
//                thread abilities
//   carry_fight.hpp sessions: the carried state in and out
// Every definition is a template member declared `inline`, so the compiler
// weighs it for inlining as it did when it was defined inside the class.
#pragma once

#include <algorithm>
#include <bit>
#include <climits>
#include <functional>
#include <utility>

namespace encsim::mnm {

template <class R, class Log>
class Battle {
 public:
  Battle(const Encounter& enc, R& dice, R& init, R& tact, R& setup, TrialRecord& rec, Log& log)
      : enc_(enc), opt_(enc.opt), dice_(dice), init_(init), tact_(tact), setup_(setup), rec_(rec), log_(log),
        n_(static_cast<int>(enc.fighters.size())) {}

  // Sessions (carry_fight.hpp): start from the party's carried state, leave the end state there.
  void carry(PartyState* party) { carry_ = party; }

  void run() {
    set_up();
    roll_initiative();
    status(0);
    for (round_ = 1; round_ <= enc_.max_rounds; ++round_) {
      rec_.rounds = round_;
      if (round_ > 1 && opt_.dynamic_initiative) roll_initiative();
      ENCSIM_SAY(log_, "-- round %d --", round_);
      for (int k = 0; k < n_; ++k) {
        const int i = order_[static_cast<std::size_t>(k)];
        if (st_[i].dead) {  // its turn still comes round: what it set "until its next turn" ends
          ++st_[i].turns;
          expire(i, true);
          expire(i, false);
          continue;
        }
        turn(i);
        if (alive_[0] == 0 || alive_[1] == 0) return finish(alive_[0] > 0 ? Outcome::party_win : Outcome::foes_win);
      }
      status(round_);
    }
    rec_.rounds = enc_.max_rounds;
    ENCSIM_SAY(log_, "max_rounds (%d) reached: a draw.", enc_.max_rounds);
    finish(Outcome::draw);
  }

 private:
  // A condition's end: the end (or start) of `owner`'s turn number `turn`.
  struct Timer {
    std::int16_t owner;
    std::int16_t turn;
    bool at_start;
  };
  struct Roll {
    int natural;
    int total;
    int dc;
    Tier tier;
  };
  // Plain and uninitialised until set_up().
  struct State {
    int hp, temp_hp, fatigue, exhaustion, threads, deathsaves, potions, forward;
    int ap, moves, strikes, approach, turns, last_attacker, restrained_by, ability_uses, ready_potions;
    int conc_target, conc_cond;  // the condition its spell holds while it concentrates
    std::uint32_t used;   // actions taken this turn (once-per-turn techniques)
    std::uint64_t reach;  // enemies in melee reach of each other
    std::uint64_t fell_near;  // its reach when it was knocked out (who may finish it)
    CondMask cond, timed;
    bool reaction, conscious, dying, stable, dead, disengaged, aided, readied, shifting;
    Timer timer[kCondCount];
    int acting;  // the feature it acts with now (-1: none)
  };

  const Fighter& f(int i) const { return enc_.fighters[static_cast<std::size_t>(i)]; }
  CombatantRecord& rec(int i) { return rec_.combatants[static_cast<std::size_t>(i)]; }
  FeatureRecord& feat(int k) { return rec_.features[static_cast<std::size_t>(k)]; }
  int side(int i) const { return i < enc_.n_party ? 0 : 1; }
  const char* name(int i) const { return f(i).name.c_str(); }
  bool has(int i, int c) const { return (st_[i].cond & bit(c)) != 0; }
  static const char* tier_name(Tier t) {
    static const char* kNames[] = {"critical miss", "miss", "weak hit", "strong hit", "critical hit"};
    return kNames[t];
  }
  static const char* cond_name(int c) { return cond_names()[static_cast<std::size_t>(c)].c_str(); }

  // ---------------------------------------------------------------------------
  // Setting up and turn order ("Order", "Dynamic Initiative").

  void set_up() {
    alive_[0] = alive_[1] = 0;
    up_ = timed_ = 0;
    const std::uint64_t all = n_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n_) - 1;
    side_mask_[0] = enc_.n_party >= 64 ? all : (std::uint64_t{1} << enc_.n_party) - 1;
    side_mask_[1] = all & ~side_mask_[0];
    gm_threads_ = opt_.gm_threads_start;
    for (int i = 0; i < n_; ++i) {
      const Fighter& fi = f(i);
      State& s = st_[i];
      s = State{};
      s.acting = -1;
      s.hp = fi.start_hp;
      s.fatigue = fi.start_fatigue;
      s.exhaustion = fi.start_exhaustion;
      s.temp_hp = fi.temp_hp;
      s.threads = fi.threads;
      s.potions = fi.potions;
      s.ready_potions = std::min(fi.potions, fi.loadout);  // "Loadout": the rest are carried
      s.last_attacker = s.restrained_by = s.conc_target = s.conc_cond = -1;
      s.cond = fi.lasting;
      s.reaction = true;
      wake(i);
      ENCSIM_SAY(log_, "%s: %d hp, AC %d, %s %+d, %d thread(s)", name(i), s.hp, fi.ac,
                 fi.monster ? "CR" : "attack", fi.attack_bonus, s.threads);
    }
    if (carry_) [[unlikely]] carry_in();
    if (gm_threads_ > 0) ENCSIM_SAY(log_, "The GM holds %d thread(s).", gm_threads_);
  }
  void carry_in();
  void carry_out();

  // "make a cunning roll ... a direct roll without success steps": highest
  // first, PCs before monsters on a tie, then the order listed.
  void roll_initiative() {
    std::array<int, Encounter::kMaxFighters> roll;
    for (int i = 0; i < n_; ++i) {
      const int a = init_.die(20);
      int d = a;
      if (has(i, kInvisible)) d = std::max(a, init_.die(20));
      roll[static_cast<std::size_t>(i)] = d + f(i).ability[kCunning] + check_mod(i);
      order_[static_cast<std::size_t>(i)] = i;
    }
    auto before = [&](int x, int y) {
      const int rx = roll[static_cast<std::size_t>(x)], ry = roll[static_cast<std::size_t>(y)];
      if (rx != ry) return rx > ry;
      if (f(x).pc != f(y).pc) return f(x).pc;
      return x < y;
    };
    for (int k = 1; k < n_; ++k) {  // insertion sort: no allocation
      const int x = order_[static_cast<std::size_t>(k)];
      int j = k;
      for (; j > 0 && before(x, order_[static_cast<std::size_t>(j - 1)]); --j)
        order_[static_cast<std::size_t>(j)] = order_[static_cast<std::size_t>(j - 1)];
      order_[static_cast<std::size_t>(j)] = x;
    }
    if constexpr (Log::kEnabled) {
      std::string line = "Initiative:";
      for (int k = 0; k < n_; ++k) {
        const int i = order_[static_cast<std::size_t>(k)];
        line += " " + f(i).name + " " + std::to_string(roll[static_cast<std::size_t>(i)]) + (k + 1 < n_ ? "," : "");
      }
      ENCSIM_SAY(log_, "%s", line.c_str());
    }
  }

  // ---------------------------------------------------------------------------
  // Ability checks ("Ability Checks", "Advantage & Disadvantage", "Fatigue &
  // Exhaustion", "Conditions") and threads of fate: checks.hpp.

  int exhaustion_penalty(int i) const;
  int check_mod(int i) const;
  int take_forward(int i);
  int advantage_of(int up, int down) const;
  bool dodging(int t) const;
  int d20(int advantage);
  Roll make_roll(int bonus, int advantage, int dc);
  void note_natural(int i, int natural);
  void gm_gain(const char* why);
  bool gm_spend(int cost);

  bool can_spend(int i, int reserve) const;
  void spend_thread(int i);
  void rescue_own(int i, Roll& r, bool lift_weak, int reserve);
  void gm_reroll_pc(int i, Roll& r, int bonus, int adv);
  void rescue_against(int t, Roll& r, int max_damage);
  Roll save(int src, int t, int ability, int dc, int advantage);

  // ---------------------------------------------------------------------------
  // Conditions & statuses: no stacking; a condition inflicted again is
  // detonated or extended, a status extended: harm.hpp.

  void clear_cond(int i, int c);
  void set_timer(int i, int c, int owner, int turn, bool at_start);
  void apply_cond(int src, int t, int c, TypeMask types, int owner = -1, bool until_freed = false);
  void expire(int owner, bool at_start);

  // ---------------------------------------------------------------------------
  // Harm & healing: harm.hpp.

  int effective_ac(int t) const;
  int fatigue_left(int t) const;

  void knock_out(int t);
  void end_concentration(int i);
  void wake(int t);
  void drop_reach(int t);
  void die(int t);
  bool mark_exhaustion(int t);
  void mark_fatigue(int t, int n, int src);
  void deal(int a, int t, int raw, TypeMask types, bool weak);
  void fall(int t);
  void stabilise(int t);
  void heal(int t, int amount);
  void death_save(int i);

  // ---------------------------------------------------------------------------
  // A turn ("Action Points", "Basic Techniques"): turn.hpp.

  int move_cost(int i) const { return 1 + st_[i].moves; }
  int strike_cost(int i) const { return 1 + st_[i].strikes; }
  bool used(int i, int a) const { return (st_[i].used & (1u << a)) != 0; }
  bool in_reach(int i, int t) const;
  bool engaged(int i) const { return st_[i].reach != 0; }
  int moves_to_reach(int i) const;
  // Strikes with a melee weapon and grapples need the target in reach.
  bool needs_reach(int i, int action) const { return (f(i).reach_actions >> action) & 1u; }
  bool can_react(int j) const;

  void turn(int i);
  void take_turn(int i);
  void spend(int i, int ap);

  // Tactics read the state through this view; see mnm::vars().
  struct View {
    const Battle* b;
    int self;
    double var(int id) const {
      const State& s = b->st_[self];
      const int my = b->side(self);
      switch (id) {
        case tactics::kSelfHp: return s.hp;
        case tactics::kSelfHpMax: return b->f(self).hp;
        case tactics::kSelfHpFrac: return static_cast<double>(s.hp) / b->f(self).hp;
        case tactics::kSelfHpLost: return b->f(self).hp - s.hp;
        case tactics::kAlliesAlive: return b->alive_[my];
        case tactics::kAlliesDown: return b->side_size(my) - b->alive_[my];
        case tactics::kEnemiesAlive: return b->alive_[1 - my];
        case tactics::kEnemiesDown: return b->side_size(1 - my) - b->alive_[1 - my];
        case tactics::kRound: return b->round_;
        case kVarAp: return s.ap;
        case kVarFatigue: return s.fatigue;
        case kVarExhaustion: return s.exhaustion;
        case kVarFatigueLeft: return b->fatigue_left(self);
        case kVarThreads: return s.threads + (b->has(self, kInspired) ? 1 : 0);
        case kVarGmThreads: return b->gm_threads_;
        case kVarPotions: return s.potions;
        case kVarPotionsReady: return s.ready_potions;
        case kVarConcentrating: return s.conc_target >= 0 ? 1 : 0;
        case kVarEngaged: return s.reach != 0 ? 1 : 0;
        case kVarAlliesDying: return b->dying_allies(self);
        case kVarConditions: return std::popcount(s.cond & (bit(kFirstStatus) - 1));
        case kVarStrikes: return s.strikes;
        default: return 0.0;
      }
    }
  };
  int side_size(int sd) const { return sd == 0 ? enc_.n_party : n_ - enc_.n_party; }
  int dying_allies(int i) const;

  const tactics::Rule* choose_rule(int i, int& target);

  int retrievable(int i) const;

  int ally_in_need(int i, int action);

  // ---------------------------------------------------------------------------
  // The scoring rule (docs/rules/monsters-and-magic.md, "Play styles"): what
  // each usable attack is worth now, in hit points (or their equivalent),
  // from the chances of the result chart and the damage tables worked out at
  // compile time. A few sums per choice; nothing is rolled: score.hpp.

  const StyleRule& style(int i) const { return enc_.play[side(i)]; }

  static std::array<double, 5> odds(int bonus, int adv, int dc, int step = 0);
  double type_factor(int t, TypeMask types) const;
  double cond_worth(int t, int c, TypeMask types) const;
  // One attack of `a` on `t` with its weapon (`sp` null) or a spell: the
  // damage expected after AC and resistance, plus the worth of the condition
  // it inflicts times the chance it does.
  double expected_attack(int a, int t, const Spell* sp) const { return expected_attack(attacker(a, sp), t); }
  // What expected_attack() reads of the attacker alone, worked out once when
  // the same attack is weighed against every enemy in a pool (aim()).
  struct Attacker {
    int a;
    const Spell* sp;
    bool melee;
    int bonus;     // its attack bonus, before the target's cover
    int up, down;  // its own sources of advantage and disadvantage
  };
  Attacker attacker(int a, const Spell* sp) const;
  double expected_attack(const Attacker& at, int t) const;
  double ability_worth(int i) const;

  double plan_worth(int i, int action, int t, int strike_t, double strike) const;

  double strike_worth(int i, int strike_t);
  const tactics::Rule* choose_scored(int i, int& target);
  // ---------------------------------------------------------------------------
  // Paying for a technique and doing it, moving into and out of reach: turn.hpp.

  bool affordable(int i, const tactics::Rule& rule, int& target, int aim = -1);
  void act(int i, const tactics::Rule& rule, int target);
  void leave_reach(int i);
  void move_to(int i, int t);
  void reach_each_other(int i, int t);
  // ---------------------------------------------------------------------------
  // Targets, attacks, grapples, distractions, aid, threads abilities: attacks.hpp.

  int select(int i, tactics::Target target, std::uint64_t skip, bool melee);
  int pick_any(std::uint64_t pool);
  int aim(int i, std::uint64_t pool);
  double aim_score(const Attacker& weapon, const Attacker& cantrip, int j) const;
  template <class Score>
  int best_by(std::uint64_t pool, const Score& score, int need = INT_MIN);

  int attack_advantage(int a, int t, bool melee) const;
  void own_advantage(int a, int& up, int& down) const;
  void target_advantage(int a, int t, bool melee, int& up, int& down) const;

  void attack(int a, int t, bool fatigue_mode, const Spell* sp = nullptr);
  void grapple(int i, int t);
  void distract(int i, int t);
  void aid(int i, int t);
  void thread_ability(int i, tactics::Target target);

  // ---------------------------------------------------------------------------
  // The outcome.

  void finish(Outcome o) {
    rec_.outcome = o;
    rec_.resources[kGmThreadsEnd] = gm_threads_;
    for (int i = 0; i < n_; ++i) {
      rec(i).down = !st_[i].conscious;
      rec(i).dead = st_[i].dead;
      rec(i).hp_left = std::max(0, st_[i].hp);
      rec(i).hp_max = f(i).hp;
    }
    if (carry_) [[unlikely]] carry_out();
    status(rec_.rounds);
  }

  // The replay's status block (encsim/narration.hpp); the GM's threads go
  // on the first foe's line.
  void status(int round) {
    if constexpr (Log::kEnabled) {
      for (int i = 0; i < n_; ++i) {
        const State& s = st_[i];
        Standing& line = log_.standing(name(i), side(i), s.hp, f(i).hp);
        line.dealt = rec(i).damage_dealt;
        if (s.temp_hp > 0) line.note("temporary hp %d", s.temp_hp);
        if (s.threads > 0 || f(i).threads > 0) line.note("threads %d", s.threads);
        if (i == enc_.n_party) line.note("GM threads %d", gm_threads_);
        if (s.fatigue > 0) line.note("fatigue %d", s.fatigue);
        if (s.exhaustion > 0) line.note("exhaustion %d", s.exhaustion);
        for (int c = 0; c < kCondCount; ++c) line.flag(has(i, c), cond_name(c));
        if (s.dead) line.out = "dead";
        else if (!s.conscious) line.out = s.dying ? "dying" : s.stable ? "stable, unconscious" : "unconscious";
      }
      log_.end_round(round);
    }
  }

  const Encounter& enc_;
  PartyState* carry_ = nullptr;
  const Options& opt_;
  R& dice_;
  R& init_;
  R& tact_;
  R& setup_;
  TrialRecord& rec_;
  Log& log_;
  int n_;
  int round_ = 0;
  int gm_threads_ = 0;
  int alive_[2] = {0, 0};
  std::uint64_t up_ = 0;  // conscious combatants, by bit
  std::uint64_t timed_ = 0;  // combatants with a timed condition (State::timed), by bit
  std::uint64_t side_mask_[2] = {0, 0};
  int focus_[2] = {-1, -1};
  std::array<int, Encounter::kMaxFighters> order_;
  State st_[Encounter::kMaxFighters];
};

}  // namespace encsim::mnm

#include "rules/monsters_and_magic/checks.hpp"
#include "rules/monsters_and_magic/harm.hpp"
#include "rules/monsters_and_magic/turn.hpp"
#include "rules/monsters_and_magic/score.hpp"
#include "rules/monsters_and_magic/attacks.hpp"
#include "rules/monsters_and_magic/carry_fight.hpp"
