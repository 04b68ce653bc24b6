// One Gods & Monsters conflict, round by round as "Conflicts" reads: there is
// no initiative; everyone declares, everything happens at once, and only when
// the round is over are unconsciousness and death settled. Included only
// by simulate.cpp, which compiles it once (rules/simulate.hpp); a template on
// the die source and the log so the fight inlines everything and narration costs nothing when it is off.
//
// The class below declares the whole conflict and its state; the member
// functions are defined by concern in headers included at the end of this one:
//   battle.hpp    the round loop, the state and its lookups, the outcome
//   choose.hpp    what each combatant does this round: its tactics or its
//                 style, group decisions, the declarations
//   aim.hpp       whom each attack goes to, and what an attack on an enemy is
//                 worth to the scoring styles
//   attacks.hpp   the attacks: rolls, defense and cover, stray shots, damage
//   survival.hpp  surprise, reaction rolls and mojo, unconsciousness, death
//                 contests, morale and withdrawal
//   carry_fight.hpp sessions: the carried state in and out
// Every definition is a template member declared `inline` (weigh_attacks(),
// kept out of line on purpose, aside), so the compiler weighs it for inlining
// as it did when it was defined inside the class.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <utility>

namespace encsim::gods_and_monsters {

template <class R, class Log>
class Battle {
 public:
  // The trial's streams: `dice` for attack, damage and reaction rolls, the
  // initiative stream for the perception rolls before the first round
  // (`surprise`), `tact` for random target choices.
  Battle(const Encounter& enc, R& dice, R& surprise, R& tact, R& setup, TrialRecord& rec, Log& log)
      : enc_(enc), fighters_(enc.fighters.data()), opt_(enc.opt), dice_(dice), surprise_(surprise), tact_(tact), rec_(rec), log_(log),
        n_(static_cast<int>(enc.fighters.size())) {
    (void)setup;  // nothing is rolled before a Gods & Monsters fight
    // hit_chance() by the roll needed, clamped to 0..20, natural 20 and 1 options folded in.
    for (int need = 0; need <= 20; ++need) {
      int hits = need;
      if (opt_.natural_20_fails && hits == 20) hits = 19;
      if (opt_.natural_1_hits && hits == 0) hits = 1;
      hit_odds_[need] = hits / 20.0;
    }
  }

  // Sessions: start from this carried state and leave the end state in it.
  void carry(PartyState* party) { carry_ = party; }

  void run() {
    set_up();
    if (carry_) [[unlikely]] carry_in();
    roll_surprise();
    status(0);
    for (round_ = 1; round_ <= enc_.max_rounds; ++round_) {
      ENCSIM_SAY(log_, "-- round %d --", round_);
      start_round();  // 1. the unconscious come to, the surprised try to snap out of it
      declare();      // 2. everyone chooses an action (PCs their targets too); withdrawals leave
      if (decided()) return finish(round_ - 1);
      rec_.rounds = round_;
      resolve(kCalledPass);  // 3. called shots come first ("Called shot")
      resolve(kPcPass);      // 4. then the PCs act ("Order of events")
      aim_npcs();            // 5. the Guide aims the NPCs' other attacks, knowing what the PCs did
      resolve(kNpcPass);     // 6. and they act; everything still happens at once
      end_round();           // 7. unconsciousness, death contests, morale
      if (decided()) return finish(round_);
    }
    ENCSIM_SAY(log_, "max_rounds (%d) reached: a draw.", enc_.max_rounds);
    finish(enc_.max_rounds);
  }

  // Who did the most harm in the latest round (see replaces()).
  struct Mark {
    int round = -1;
    int score = 0;
    std::uint64_t who = 0;  // everyone who shares the best score
  };

  struct State {
    int survival;
    int verve;
    int pool;
    int injuries;
    int injuries_at_start;  // as the round began
    int progress;           // actions already put into the next shot of a missile weapon
    int shield_vs;          // a small shield guards against this opponent this round
    int withdraw_in;        // rounds until a failed morale check takes it away; -1: none
    int action;             // declared this round; -1 when it does nothing
    int n_targets;          // entries of targets_ chosen this round
    int mojo;
    int wake_round;         // an unconscious combatant comes to at the start of this round; -1: never
    int out_since;          // ... and the round it fell
    int die_round;          // a dying combatant dies after this round ("A time to die")
    Mark attacker;          // who attacked it in the latest round, and how much they did (-1: a miss)
    int change_left;        // a group's rounds until its change of course takes effect
    const tactics::Rule* plan;     // what a group is doing ("Group Effort Decisions")
    const tactics::Rule* pending;  // what it is changing to
    bool in;                // in the fight: conscious, not dying (unless dying_acts), not gone
    bool surprised;
    bool asleep;            // surprised in its sleep: immobile in round 1
    bool out_cold;          // failed a consciousness roll this round
    bool injured_now;       // gained injuries this round
    bool archetypal_injury; // ... and the latest came from archetypal damage
    bool dying;
    bool unconscious;
    bool disrupted;         // a called shot spoiled its missile actions this round
    bool morale_checked;
    bool withdrew;
  };

 private:
  static constexpr int kMax = Encounter::kMaxFighters;
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }
  static std::uint64_t bit(int i) { return std::uint64_t{1} << i; }
  const Fighter& f(int i) const { return fighters_[i]; }
  CombatantRecord& rec(int i) { return rec_.combatants[at(i)]; }
  FeatureRecord& feat(int k) { return rec_.features[static_cast<std::size_t>(k)]; }
  // The feature of i's attack this round (its kind of attack).
  int attack_feature(int i) const { return f(i).feat_attack[static_cast<std::size_t>(st_[i].action)]; }
  int side(int i) const { return i < enc_.n_party ? 0 : 1; }
  const char* name(int i) const { return f(i).name.c_str(); }
  static constexpr const char* kActionNames[] = {"attack", "called shot", "knockout blow", "killing blow",
                                                 "withdraw", "hold"};
  static bool is_called(int action) { return action == kCalledShot || action == kKnockout || action == kKillingBlow; }
  static bool is_attack(int action) { return action == kAttack || is_called(action); }
  // Is combat damage archetypal for it now, so that verve takes it ("Using verve")?
  [[gnu::always_inline]] bool verve_usable(int i) const {
    return f(i).archetypal_combat && (opt_.verve_while_surprised || !st_[i].surprised);
  }
  // What stands between a combatant and injuries in this fight, for targeting
  // and tactics: verve only when it can take combat damage.
  [[gnu::always_inline]] int hp(int i) const {
    return st_[i].survival + (verve_usable(i) ? st_[i].verve : 0) + st_[i].pool - st_[i].injuries;
  }
  int hp_max(int i) const { return f(i).survival + (f(i).archetypal_combat ? f(i).verve : 0) + f(i).bonus_pool; }
  enum Pass { kCalledPass, kPcPass, kNpcPass };
  bool immobile(int i) const { return round_ == 1 && st_[i].surprised && st_[i].asleep; }

  void set_up() {
    for (int i = 0; i < n_; ++i) {
      const Fighter& fi = f(i);
      State& s = st_[i];
      s = State{};  // zeros and false
      s.survival = fi.start_survival;
      s.verve = fi.start_verve;
      s.pool = fi.bonus_pool;
      s.injuries = s.injuries_at_start = fi.start_injuries;
      s.progress = fi.starts_loaded ? 1000 : 0;  // loaded: only the firing action is left
      s.shield_vs = s.withdraw_in = s.action = s.wake_round = -1;
      s.mojo = fi.mojo;
      s.plan = s.pending = nullptr;
      s.in = true;
      melee_[i] = 0;
    }
    in_count_[0] = enc_.n_party;
    in_count_[1] = n_ - enc_.n_party;
    const std::uint64_t all = n_ == 64 ? ~std::uint64_t{0} : bit(n_) - 1;
    side_mask_[0] = bit(enc_.n_party) - 1;
    side_mask_[1] = all & ~side_mask_[0];
    in_mask_ = all;
    surprised_mask_ = asleep_mask_ = 0;
  }

  // Every change of `in` goes through here, so that in_fight() is a lookup:
  // tactics and decided() ask for it several times a round.
  void set_in(int i, bool in) {
    State& s = st_[i];
    if (s.in == in) return;
    s.in = in;
    in_count_[side(i)] += in ? 1 : -1;
    in_mask_ ^= bit(i);
  }

  // Every change of `surprised` and `asleep` goes through here, so that
  // open_to() is a lookup: the scoring rule asks for it at every decision.
  void set_surprised(int i, bool surprised, bool asleep) {
    st_[i].surprised = surprised;
    st_[i].asleep = asleep;
    surprised_mask_ = (surprised_mask_ & ~bit(i)) | (surprised ? bit(i) : 0);
    asleep_mask_ = (asleep_mask_ & ~bit(i)) | (asleep ? bit(i) : 0);
  }

  // survival.hpp: surprise, reaction rolls and mojo, unconsciousness, death.
  void roll_surprise();
  void start_round();
  Score choose(int i, ReactionChoice c) const;
  Score better(int i, Score a, Score b) const;
  bool archetypal(int i, int score) const { return ((f(i).archetypal_scores >> score) & 1) != 0; }
  bool buy_off(int i, int short_by, int score, bool survival);
  bool reaction_roll(int i, Score score, int bonus, bool surprise_penalty, const char* what, bool survival = false);
  void leave(int i, const char* why);
  void end_round();
  bool death_contest(int i);

  // Tactics read the state through this view; see gods_and_monsters::vars().
  struct View {
    const Battle* b;
    int self;
    double var(int id) const {
      const State& s = b->st_[self];
      const Fighter& fi = b->f(self);
      const int my = b->side(self);
      switch (id) {
        case tactics::kSelfHp: return b->hp(self);
        case tactics::kSelfHpMax: return b->hp_max(self);
        case tactics::kSelfHpFrac: {
          const int hp_max = b->hp_max(self);
          return hp_max > 0 ? static_cast<double>(b->hp(self)) / hp_max : 0.0;
        }
        case tactics::kSelfHpLost: return b->hp_max(self) - b->hp(self);
        case tactics::kAlliesAlive: return b->in_fight(my);
        case tactics::kAlliesDown: return b->side_size(my) - b->in_fight(my);
        case tactics::kEnemiesAlive: return b->in_fight(1 - my);
        case tactics::kEnemiesDown: return b->side_size(1 - my) - b->in_fight(1 - my);
        case tactics::kRound: return b->round_;
        case kVarSurvival: return s.survival;
        case kVarSurvivalMax: return fi.survival;
        case kVarSurvivalFrac: return fi.survival > 0 ? static_cast<double>(s.survival) / fi.survival : 0.0;
        case kVarVerve: return s.verve;
        case kVarInjuries: return s.injuries;
        case kVarPool: return s.pool;
        case kVarSurprised: return s.surprised ? 1 : 0;
        case kVarLoaded: return b->shot_ready(self) ? 1 : 0;
        case kVarInCloseCombat: return b->melee_[self] != 0 ? 1 : 0;
        case kVarGroupBonus: return fi.group_bonus;
        case kVarEnemiesSurprised: {
          const Battle* battle = b;
          return battle->count_enemies(self, [battle](int j) { return battle->st_[j].surprised; });
        }
        case kVarEnemiesImmobile: {
          const Battle* battle = b;
          return battle->count_enemies(self, [battle](int j) { return battle->immobile(j); });
        }
        default: return 0.0;
      }
    }
  };
  int side_size(int s) const { return s == 0 ? enc_.n_party : n_ - enc_.n_party; }
  int in_fight(int s) const { return in_count_[s]; }
  template <class Pred>
  int count_enemies(int i, const Pred& pred) const {
    int count = 0;
    for (int j = side(i) == 0 ? enc_.n_party : 0; j < (side(i) == 0 ? n_ : enc_.n_party); ++j)
      count += st_[j].in && pred(j) ? 1 : 0;
    return count;
  }
  // Actions a shot needs now ("Number of actions"): one fewer outside close combat.
  int shot_need(int i) const {
    const Fighter& fi = f(i);
    if (!fi.ranged || fi.fire_actions <= 1) return 1;
    return std::max(1, fi.fire_actions - (melee_[i] != 0 ? 0 : 1));
  }
  bool shot_ready(int i) const { return st_[i].progress + 1 >= shot_need(i); }

  // The enemies of `i` that `action` may be aimed at (eligible()), as a bit
  // mask: in listed order when walked from the lowest bit.
  std::uint64_t open_to(int i, int action) const {
    const std::uint64_t in = in_mask_ & side_mask_[1 - side(i)];
    if (action == kKnockout) return in & surprised_mask_;  // surprised, or immobile (asleep, so surprised too)
    if (action == kKillingBlow) return round_ == 1 ? in & surprised_mask_ & asleep_mask_ : 0;  // immobile()
    return in;
  }

  // Which enemies an action may be aimed at.
  [[gnu::always_inline]] bool eligible(int j, int action) const {
    if (!st_[j].in) return false;
    if (action == kKnockout) return st_[j].surprised || immobile(j);  // "Knockout blow"
    if (action == kKillingBlow) return immobile(j);                    // "Killing blow"
    return true;
  }

  // choose.hpp: what each combatant does this round.
  const tactics::Rule* choose_rule(int i) const;
  const tactics::Rule* decide(int i, const tactics::Rule* wanted);
  void declare();
  const tactics::Rule* choose_scored(int i);
  [[gnu::noinline]] const tactics::Rule* weigh_attacks(int i);

  // aim.hpp: whom each attack goes to.
  void aim(int i);
  void aim_npcs();
  void close_combat();
  int select(int i, tactics::Target target, int action);
  template <class Usable>
  int any_of(int lo, int hi, const Usable& usable);
  template <class Usable>
  int aim(int i, int lo, int hi, const Usable& usable);
  template <class Usable, class Score>
  int best_by(int lo, int hi, const Usable& usable, const Score& score);
  int aim_threat(int i, int action);

  // What the scoring rule needs of an attacker for one decision: none of it
  // depends on the target, and nothing changes while a decision is made
  // (aim() and choose_scored() only read the state), so it is worked out once
  // per decision instead of once per enemy weighed. The helpers below are
  // forced inline (as are hp(), eligible() and defense_against()): they run
  // for every enemy of every decision, and a call costs more than their body.
  struct Odds {
    int i;
    int action;
    int need;     // the d20 roll before the target's part ("Conflicts"): 11 + attack_mod() less the target's bonus
    bool ranged;  // its shots meet cover
    double dmg;   // the mean damage of one hit
  };
  Odds odds_of(int i, int action) const;

  // The target's part of the roll an attack needs (roll-under d20: 11 +
  // attack - defense, "Conflicts"): target_mod() less defense_against(), in
  // two parts. `exposed` is what holds against every attacker and does not
  // change while the round's attacks are aimed (its card() keeps it) ...
  int exposure(int t) const { return target_mod(t) - f(t).defense + (st_[t].surprised && round_ > 1 ? 2 : 0); }
  // ... and this the rest: the small shield (it guards against the one it
  // aims at, chosen while attacks are aimed), a called action of its own
  // (changed by declare() when it has no target) and cover against a shot.
  [[gnu::always_inline]] int exposure_to(const Odds& o, int t) const {
    const State& s = st_[t];
    int e = 0;
    if (f(t).small_shield && s.shield_vs != o.i) e += 1;
    if (is_called(s.action)) e += 2;
    if (o.ranged) e -= cover_against(t, o.i);
    return e;
  }
  // The chance that an attack hits `t` (the natural 20 and 1 options folded in).
  [[gnu::always_inline]] double hit_chance(const Odds& o, int t, int exposed) const {
    return hit_odds_[std::clamp(o.need + exposed + exposure_to(o, t), 0, 20)];
  }
  // aim.hpp: what one attack with `o.action` on `t` is worth.
  [[gnu::always_inline]] double attack_worth(const Odds& o, int t, int exposed) const;

  // What a combatant offers as a target to Aim::threat, whose score is the
  // danger it poses (its damage a round) times the share of what it has
  // left (its hp()) that one attack is expected to take away (at most all):
  // the enemy whose fall soonest ends the most danger scores highest, a
  // nearly fallen one in particular. None of it depends on the attacker or
  // changes while the round's actions are chosen and aimed (declare() and
  // aim_npcs() read the state; no damage, no change of surprise; the PCs act
  // between the two, so each clears carded_), so it is worked out once per
  // target and pass instead of once per choice weighed and attack aimed:
  // the same numbers, so the same choices and draws.
  struct Card {
    int exposed;             // exposure()
    int left;                // hp()
    double left_at_least_1;  // max(1, left), what the share is of
    double danger;           // mean_damage
  };
  const Card& card(int j);

  // attacks.hpp: the round's attacks, in passes.
  void resolve(Pass pass);
  void act(int i);

  // The attacker's modifiers against `t`: injuries, surprise, a called shot's
  // -3, and the non-defending bonuses (which do not combine).
  int attack_mod(int i, int t) const { return attacker_mod(i) + target_mod(t); }
  int attacker_mod(int i) const {
    const State& s = st_[i];
    int m = f(i).attack_bonus - (opt_.injury_penalty_at_round_start ? s.injuries_at_start : s.injuries);
    if (s.surprised) m -= 3;
    if (is_called(s.action)) m -= 3;
    return m;
  }
  [[gnu::always_inline]] int target_mod(int t) const {
    return round_ == 1 && st_[t].surprised && opt_.surprised_are_unaware ? (st_[t].asleep ? 10 : 4) : 0;
  }

  // attacks.hpp: the attack roll, defense and cover, stray shots, damage.
  [[gnu::always_inline]] int defense_against(int t, int i, bool with_cover) const;
  int cover_against(int t, int i) const;
  bool roll_hits(int roll, int need) const;
  void attack(int i, int t);
  void note_attacker(int t, int i, int value);
  void stray_hits(int i, int t, int roll, int dmg);
  void stray_miss(int i, int t);
  void damage(int a, int t, int dmg, int direct);
  void note(Mark& m, int who, int value);
  int pick(Mark& m);

  bool decided() const { return in_fight(0) == 0 || in_fight(1) == 0; }

  // The replay's status block (encsim/narration.hpp): survival is the track.
  void status(int round) {
    if constexpr (Log::kEnabled) {
      for (int i = 0; i < n_; ++i) {
        const State& s = st_[i];
        Standing& line = log_.standing(name(i), side(i), s.survival, f(i).survival);
        line.track = "survival";
        line.dealt = rec(i).damage_dealt;
        if (f(i).verve > 0) line.note("verve %d/%d", s.verve, f(i).verve);
        if (s.pool > 0) line.note("pool %d", s.pool);
        line.note("injuries %d", s.injuries).flag(s.surprised, "surprised").flag(s.in && s.dying, "dying");
        if (!s.in)
          line.out = s.withdrew                              ? "withdrawn"
                     : s.dying && s.unconscious              ? "dying, unconscious"
                     : s.dying && round > s.die_round        ? "dead"
                     : s.dying                               ? "dying"
                     : s.unconscious                         ? "unconscious"
                                                             : "out";
      }
      log_.end_round(round);
    }
  }

  void finish(int rounds) {
    rec_.rounds = std::max(0, rounds);
    const int party = in_fight(0), foes = in_fight(1);
    rec_.outcome = party > 0 && foes == 0 ? Outcome::party_win
                   : foes > 0 && party == 0 ? Outcome::foes_win
                                            : Outcome::draw;
    bool foe_withdrew = false;
    for (int i = enc_.n_party; i < n_; ++i) foe_withdrew |= st_[i].withdrew;
    rec_.foes_fled = rec_.outcome == Outcome::party_win && foe_withdrew;
    for (int i = 0; i < n_; ++i) {
      rec(i).hp_left = std::max(0, hp(i));
      rec(i).hp_max = hp_max(i);
    }
    if (carry_) [[unlikely]] carry_out();
    status(rec_.rounds);
  }

  // Sessions (carry_fight.hpp): the carried state in at the set-up, out at the end.
  void carry_in();
  void carry_out();

  const Encounter& enc_;
  // The fighters and the options are read at every step: a pointer and a
  // copy kept here save a load through enc_ each time.
  const Fighter* fighters_;
  PartyState* carry_ = nullptr;
  const Options opt_;
  R& dice_;
  R& surprise_;
  R& tact_;
  TrialRecord& rec_;
  Log& log_;
  int n_;
  int round_ = 0;
  int in_count_[2] = {0, 0};  // per side: how many are in the fight (see set_in())
  std::uint64_t in_mask_ = 0;         // bit per combatant in the fight (see set_in())
  std::uint64_t side_mask_[2] = {0, 0};  // bit per combatant of each side
  std::uint64_t surprised_mask_ = 0;     // bit per surprised combatant (see set_surprised())
  std::uint64_t asleep_mask_ = 0;        // ... surprised in its sleep
  std::uint64_t hurt_ = 0;               // bit per combatant damage() reached this round
  double hit_odds_[21];               // see the constructor
  Mark focus_[2];  // the enemy each side did the most harm in its latest round of hits
  const tactics::Rule* chosen_[kMax];
  std::uint64_t acting_[3] = {0, 0, 0};  // per Pass: who acts in it this round (bit per combatant)
  State st_[kMax];
  Card card_[kMax];           // see card()
  std::uint64_t carded_ = 0;  // whose card_ is current
  std::uint64_t melee_[kMax];
  int targets_[kMax][Encounter::kMaxAttacks];
};

}  // namespace encsim::gods_and_monsters

#include "rules/gods_and_monsters/choose.hpp"
#include "rules/gods_and_monsters/aim.hpp"
#include "rules/gods_and_monsters/attacks.hpp"
#include "rules/gods_and_monsters/survival.hpp"
#include "rules/gods_and_monsters/carry_fight.hpp"
