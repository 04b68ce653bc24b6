// One Gods & Monsters conflict, round by round as "Conflicts" reads: there is
// no initiative; everyone declares, everything happens at once, and only when
// the round is over are unconsciousness and death settled. Included by
// gods_and_monsters.hpp; a template on the die source and the log so the trial
// loop inlines everything and narration costs nothing when it is off.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <utility>

namespace encsim::gods_and_monsters {

template <class R, class Log>
class Battle {
 public:
  Battle(const Encounter& enc, R& dice, R& surprise, R& tact, TrialRecord& rec, Log& log)
      : enc_(enc), fighters_(enc.fighters.data()), opt_(enc.opt), dice_(dice), surprise_(surprise), tact_(tact), rec_(rec), log_(log),
        n_(static_cast<int>(enc.fighters.size())) {
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

  // "Surprise": perception rolls, +4 when aware of the attackers, -6 asleep.
  void roll_surprise() {
    for (int i = 0; i < n_; ++i) {
      const Fighter& fi = f(i);
      if (fi.awareness == Awareness::ready) continue;
      const int mod = fi.awareness == Awareness::aware ? 4 : fi.awareness == Awareness::asleep ? -6 : 0;
      const int need = fi.score[kPerception] + mod + fi.group_bonus - st_[i].injuries;
      const int roll = surprise_.die(20);
      State& s = st_[i];
      const bool surprised = roll > need && !buy_off(i, roll - need, kPerception, false);
      set_surprised(i, surprised, surprised && fi.awareness == Awareness::asleep);
      ENCSIM_SAY(log_, "%s rolls perception %d vs %d: %s", name(i), roll, need,
                 s.surprised ? (s.asleep ? "surprised in its sleep" : "surprised") : "not surprised");
      if (s.surprised) {
        ++rec_.resources[kSurprised];
        rec(i).extra[kExtraSurprised] = 1;
      }
    }
  }

  void start_round() {
    hurt_ = 0;
    for (int i = 0; i < n_; ++i) {
      State& s = st_[i];
      s.injuries_at_start = s.injuries;
      s.out_cold = s.injured_now = s.disrupted = false;
      // "Unconsciousness": its minutes are over. Out for two rounds or more, it
      // is no longer surprised ("Surprise").
      if (s.unconscious && s.wake_round == round_ && (!s.dying || opt_.dying_acts)) {
        s.unconscious = false;
        set_in(i, true);
        set_surprised(i, false, false);
        s.die_round += round_ - 1 - s.out_since;  // while unconscious its minutes were hours
        rec(i).down = rec(i).dead;
        ++rec_.resources[kWokeUp];
        ENCSIM_SAY(log_, "%s comes to", name(i));
      }
      // "A time to die": endurance minus injuries minutes, while conscious.
      if (s.dying && s.in && round_ > s.die_round) {
        set_in(i, false);
        ENCSIM_SAY(log_, "%s dies of its wounds", name(i));
        continue;
      }
      if (!s.in || !s.surprised || round_ == 1) continue;
      set_surprised(i, true, false);
      // Snapping out applies to the round it is rolled in.
      if (reaction_roll(i, choose(i, opt_.snap_out), 0, false, "to snap out of surprise")) {
        set_surprised(i, false, false);
      } else {
        ++rec_.resources[kSurprisedRounds];
      }
    }
  }

  // The reaction a choice rolls: the better of fortitude and willpower, on a
  // tie the archetypal one (so that mojo may help).
  Score choose(int i, ReactionChoice c) const {
    switch (c) {
      case ReactionChoice::fortitude: return kFortitude;
      case ReactionChoice::willpower: return kWillpower;
      case ReactionChoice::health: return kHealth;
      case ReactionChoice::best: break;
    }
    return better(i, kFortitude, kWillpower);
  }
  Score better(int i, Score a, Score b) const {
    const auto& sc = f(i).score;
    if (sc[a] != sc[b]) return sc[a] > sc[b] ? a : b;
    return archetypal(i, b) && !archetypal(i, a) ? b : a;
  }
  bool archetypal(int i, int score) const { return ((f(i).archetypal_scores >> score) & 1) != 0; }

  // "Mojo", Rolls: after a failed archetypal roll a PC bids mojo as a bonus;
  // what it takes to succeed is spent, the rest kept. `survival` marks the
  // rolls the default policy spends on (death contests, staying conscious).
  bool buy_off(int i, int short_by, int score, bool survival) {
    const Fighter& fi = f(i);
    if (!fi.pc || fi.mojo_use == MojoUse::none || (score >= 0 && !archetypal(i, score))) return false;
    if (!survival && fi.mojo_use != MojoUse::all) return false;
    State& s = st_[i];
    if (short_by > s.mojo) return false;  // no bid can change it: nothing is lost
    s.mojo -= short_by;
    ++feat(fi.feat_mojo).uses;
    feat(fi.feat_mojo).spent += short_by;
    rec_.resources[kMojoSpent] += short_by;
    rec(i).extra[kExtraMojoSpent] += short_by;
    ENCSIM_SAY(log_, "  %s bids %d mojo: success (%d mojo left)", name(i), short_by, s.mojo);
    return true;
  }

  // A roll at or under `score` plus `bonus`, with the group bonus and the
  // normal penalties: current injuries, and -3 while surprised. A failed roll
  // on an archetypal reaction may be bought off with mojo.
  bool reaction_roll(int i, Score score, int bonus, bool surprise_penalty, const char* what, bool survival = false) {
    const int need = f(i).score[score] + bonus + f(i).group_bonus - st_[i].injuries -
                     (surprise_penalty && st_[i].surprised ? 3 : 0);
    const int roll = dice_.die(20);
    ENCSIM_SAY(log_, "  %s rolls %d vs %d %s: %s", name(i), roll, need, what, roll <= need ? "success" : "failure");
    return roll <= need || buy_off(i, roll - need, score, survival);
  }

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

  const tactics::Rule* choose_rule(int i) const {
    const View view{this, i};
    for (const tactics::Rule& r : f(i).rules) {
      // The surprised may not start special conflict maneuvers.
      if (is_called(r.action) && st_[i].surprised) continue;
      if ((r.action == kKnockout || r.action == kKillingBlow) && open_to(i, r.action) == 0) continue;
      if (r.when.holds(view)) return &r;
    }
    return nullptr;
  }

  // "Group Effort Decisions": a group that changes course to something its
  // plan did not have (another kind of action: attack, called shot, withdraw,
  // hold...) goes on with what it was doing for as many rounds as its bonus.
  const tactics::Rule* decide(int i, const tactics::Rule* wanted) {
    State& s = st_[i];
    const int bonus = f(i).group_bonus;
    auto kind = [](const tactics::Rule* r) { return r ? r->action : static_cast<int>(kHold); };
    if (bonus == 0 || !s.plan || kind(wanted) == kind(s.plan)) {
      s.plan = wanted;
      s.pending = nullptr;
      return wanted;
    }
    if (!s.pending || kind(s.pending) != kind(wanted)) {
      s.change_left = bonus;
      ENCSIM_SAY(log_, "%s starts to change course (%d round(s) of decision time)", name(i), bonus);
    }
    s.pending = wanted;
    if (s.change_left == 0) {
      s.plan = wanted;
      s.pending = nullptr;
      return wanted;
    }
    --s.change_left;
    // The old course, as long as it can still be followed.
    const tactics::Rule* old = s.plan;
    if (old && is_called(old->action) &&
        (s.surprised || open_to(i, old->action) == 0))
      return nullptr;
    return old;
  }

  void declare() {
    carded_ = 0;  // see card(): what every target offers is worked out again each round
    const tactics::Rule* chosen[kMax];
    acting_[kCalledPass] = acting_[kPcPass] = acting_[kNpcPass] = 0;
    // First what everyone does: withdrawals take effect before anyone aims.
    for (int i = 0; i < n_; ++i) {
      State& s = st_[i];
      s.action = -1;
      s.shield_vs = -1;
      chosen[i] = nullptr;
      s.n_targets = 0;
      if (!s.in) continue;
      if (round_ == 1 && s.surprised) {
        ++rec_.resources[kSurpriseRoundsLost];
        ENCSIM_SAY(log_, "%s is surprised and cannot act", name(i));
        continue;
      }
      chosen[i] = decide(i, f(i).styled && enc_.play[side(i)].scored ? choose_scored(i) : choose_rule(i));
      if (!chosen[i] || chosen[i]->action == kHold) {
        chosen[i] = nullptr;
        ENCSIM_SAY(log_, "%s holds", name(i));
        continue;
      }
      if (chosen[i]->action == kWithdraw) {
        chosen[i] = nullptr;
        leave(i, "withdraws from the fight");
        continue;
      }
      s.action = chosen[i]->action;
      chosen_[i] = chosen[i];
      acting_[is_called(s.action) ? kCalledPass : f(i).pc ? kPcPass : kNpcPass] |= bit(i);
    }
    if (decided()) return;
    // Then the targets of every attack the round will see. For an NPC that
    // aims after the PCs these are whom it moves against ("the Guide will
    // describe how all of the non-player characters are moving").
    for (int i = 0; i < n_; ++i) {
      if (!chosen[i]) continue;
      // A knockout or killing blow whose every possible target has just
      // withdrawn is a plain attack: there is nobody left to aim it at.
      const int a = st_[i].action;
      if ((a == kKnockout || a == kKillingBlow) && open_to(i, a) == 0) {
        ENCSIM_SAY(log_, "%s has no target for its %s: it attacks", name(i), kActionNames[a]);
        st_[i].action = kAttack;
        acting_[kCalledPass] &= ~bit(i);
        acting_[f(i).pc ? kPcPass : kNpcPass] |= bit(i);
      }
      if (is_called(st_[i].action)) ++rec_.resources[kCalledShots];
      aim(i);
    }
    close_combat();
  }

  // Whom each of `i`'s attacks this round goes to.
  void aim(int i) {
    const Fighter& fi = f(i);
    const int n_attacks = fi.actions * fi.attacks_per_action;
    const int action = st_[i].action;
    if (fi.styled && enc_.play[side(i)].aim == Aim::threat) {  // the styles' usual aim, without select()'s detour
      for (int k = 0; k < n_attacks; ++k) targets_[i][k] = aim_threat(i, action);
    } else {
      for (int k = 0; k < n_attacks; ++k) targets_[i][k] = select(i, chosen_[i]->target, action);
    }
    st_[i].n_targets = n_attacks;
    st_[i].shield_vs = targets_[i][0];
  }

  // "Order of events": the Guide determines the NPCs' actions after the PCs';
  // what they do was fixed at the start of the round (everything happens at
  // once), whom their attacks go to is chosen again now.
  void aim_npcs() {
    if (!opt_.npc_targets_after_pcs) return;
    carded_ = 0;  // the PCs have acted: what every target offers is worked out again
    // Whose attacks are aimed late: NPCs' plain attacks, that is the NPC pass.
    for (std::uint64_t m = acting_[kNpcPass]; m; m &= m - 1) aim(std::countr_zero(m));
    if (acting_[kNpcPass] != 0) close_combat();
  }

  // Who is in close combat with whom this round: anyone striking in melee
  // and whoever they strike.
  void close_combat() {
    for (int i = 0; i < n_; ++i) melee_[i] = 0;
    // Those who act this round (an action declared) are in the passes' masks.
    for (std::uint64_t m = acting_[kCalledPass] | acting_[kPcPass] | acting_[kNpcPass]; m; m &= m - 1) {
      const int i = std::countr_zero(m);
      if (f(i).ranged) continue;
      for (int k = 0; k < st_[i].n_targets; ++k) {
        const int t = targets_[i][k];
        if (!st_[t].in) continue;
        melee_[i] |= bit(t);
        melee_[t] |= bit(i);
      }
    }
  }

  // The enemy of `i` that `target` picks among those `action` may aim at.
  int select(int i, tactics::Target target, int action) {
    const int lo = side(i) == 0 ? enc_.n_party : 0;
    const int hi = side(i) == 0 ? n_ : enc_.n_party;
    auto usable = [&](int j) { return eligible(j, action); };
    if (f(i).styled) return aim(i, lo, hi, usable);
    using tactics::Target;
    switch (target) {
      case Target::random:
        if (const int j = any_of(lo, hi, usable); j >= 0) return j;
        break;
      // Both only ever name an enemy; a stray shot into an ally is neither.
      case Target::focus:
        if (const int j = pick(focus_[side(i)]); j >= lo && j < hi && usable(j)) return j;
        break;
      case Target::last_attacker:
        if (const int j = pick(st_[i].attacker); j >= lo && j < hi && usable(j)) return j;
        break;
      case Target::highest_hp: return best_by(lo, hi, usable, [&](int j) { return hp(j); });
      case Target::weakest: return best_by(lo, hi, usable, [&](int j) { return -f(j).defense; });
      case Target::strongest: return best_by(lo, hi, usable, [&](int j) { return f(j).mean_damage; });
      case Target::lowest_hp: break;
    }
    return best_by(lo, hi, usable, [&](int j) { return -hp(j); });
  }

  // One of the usable in [lo, hi) at random from the tactics stream (no
  // draw when there is one), -1 when none is.
  template <class Usable>
  int any_of(int lo, int hi, const Usable& usable) {
    int count = 0;
    for (int j = lo; j < hi; ++j) count += usable(j) ? 1 : 0;
    int pick = count > 1 ? tact_.die(count) - 1 : 0;
    for (int j = lo; j < hi; ++j)
      if (usable(j) && pick-- == 0) return j;
    return -1;
  }

  // The style's target (docs "Play styles"): never the order listed; ties
  // at random from the tactics stream (the first listed with target_ties: first).
  template <class Usable>
  int aim(int i, int lo, int hi, const Usable& usable) {
    switch (enc_.play[side(i)].aim) {
      case Aim::spread:
        if (const int j = any_of(lo, hi, usable); j >= 0) return j;
        break;
      case Aim::lowest_hp: break;
      case Aim::threat: return aim_threat(i, st_[i].action);
    }
    return best_by(lo, hi, usable, [&](int j) { return -hp(j); });
  }

  // Aim::threat: best_by() on (the score of card(), -hp) written out, as it runs for
  // every attack of the round (twice for NPCs): the same choice and the same
  // draws from the tactics stream on ties, without calls per enemy.
  int aim_threat(int i, int action) {
    // Those it may aim at, in listed order.
    const std::uint64_t open = open_to(i, action);
    ENCSIM_CHECK(open != 0);
    if ((open & (open - 1)) == 0) return std::countr_zero(open);  // nothing to weigh, and best_by() would draw nothing
    const Odds odds = odds_of(i, action < 0 ? static_cast<int>(kAttack) : action);
    int best = -1;
    int ties = 0;
    double best_score = 0.0;
    int best_left = 0;
    for (std::uint64_t m = open; m; m &= m - 1) {
      const int j = std::countr_zero(m);
      const Card& c = card(j);
      const int left = c.left;
      const double score = c.danger * std::min(1.0, attack_worth(odds, j, c.exposed) / c.left_at_least_1);
      // (score, -left) compared as a pair: the higher score, then the least left.
      if (best < 0 || score > best_score || (score == best_score && left < best_left)) {
        best = j;
        best_score = score;
        best_left = left;
        ties = 1;
      } else if (score == best_score && left == best_left && opt_.random_target_ties && tact_.die(++ties) == 1) {
        best = j;
      }
    }
    return best;
  }

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
  Odds odds_of(int i, int action) const {
    int need = 11 + attacker_mod(i);
    if (is_called(action) && !is_called(st_[i].action)) need -= 3;  // not yet declared
    return Odds{i, action, need, f(i).ranged, f(i).hit_damage};
  }

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
  // What one attack with `o.action` on `t` is worth, in points of what
  // stands between `t` and injuries: the chance it hits times the damage
  // expected, with every injury point a knockout or killing blow puts in
  // directly counted three times (it comes off what is left, brings a
  // consciousness roll and a penalty to every roll).
  [[gnu::always_inline]] double attack_worth(const Odds& o, int t, int exposed) const {
    const double dmg = o.dmg;
    if (o.action == kAttack) return hit_chance(o, t, exposed) * dmg;  // no direct injuries: dmg + 2 * 0 is dmg
    double direct = 0.0;
    if (o.action == kKillingBlow && immobile(t)) direct = std::ceil(dmg / 2);
    if (o.action == kKnockout && eligible(t, kKnockout)) {
      const int need = f(t).score[kEvasion] + f(t).head_protection + f(t).group_bonus - st_[t].injuries -
                       (st_[t].surprised ? 3 : 0);
      direct = (1.0 - std::clamp(need, 0, 20) / 20.0) * std::min<double>(dmg, f(o.i).knockout_injuries);
    }
    return hit_chance(o, t, exposed) * (dmg + 2.0 * direct);
  }

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
  const Card& card(int j) {
    Card& c = card_[j];
    if ((carded_ & bit(j)) == 0) {
      carded_ |= bit(j);
      c.exposed = exposure(j);
      c.left = hp(j);
      c.left_at_least_1 = static_cast<double>(std::max(1, c.left));
      c.danger = f(j).mean_damage;
    }
    return c;
  }

  // For a combatant with the default tactics under a scored style: its
  // withdrawal when that rule holds, else the kind of attack (plain,
  // knockout, killing blow) worth most against the enemy it is worth most
  // against; on equal worth the plain attack, which costs no defense.
  const tactics::Rule* choose_scored(int i) {
    // Only a choice between kinds of attack needs weighing: the plain attack
    // alone (the chooser surprised, or no enemy surprised or immobile) is
    // taken as it is, the called ones passed over.
    if (!st_[i].surprised && open_to(i, kKnockout) != 0) return weigh_attacks(i);
    const View view{this, i};
    for (const tactics::Rule& r : f(i).rules) {
      if (!r.when.is_always() && !r.when.holds(view)) continue;
      if (!is_attack(r.action) || r.action == kAttack) return &r;  // withdraw or hold: as listed
    }
    return nullptr;
  }
  // ... and with a choice (the chooser is not surprised): the worth of each
  // kind on the enemy it is worth most against. Out of line, as it is rare
  // after the first round.
  [[gnu::noinline]] const tactics::Rule* weigh_attacks(int i) {
    const View view{this, i};
    const tactics::Rule* best = nullptr;
    double best_worth = -1.0;
    for (const tactics::Rule& r : f(i).rules) {
      if (!r.when.is_always() && !r.when.holds(view)) continue;
      if (!is_attack(r.action)) return best ? best : &r;  // withdraw or hold: as listed
      double w = -1.0;
      const Odds odds = odds_of(i, r.action);
      for (std::uint64_t m = open_to(i, r.action); m; m &= m - 1) {
        const int j = std::countr_zero(m);
        w = std::max(w, attack_worth(odds, j, card(j).exposed));
      }
      if (w < 0.0) continue;
      ENCSIM_SAY(log_, "  (%s weighs %s: worth %.2f)", name(i), kActionNames[r.action], w);
      if (w > best_worth || (w == best_worth && r.action == kAttack)) {
        best = &r;
        best_worth = w;
      }
    }
    return best;
  }

  // The usable index with the highest score; ties at random from the tactics
  // stream (reservoir sampling) or the first listed with `target_ties: first`.
  template <class Usable, class Score>
  int best_by(int lo, int hi, const Usable& usable, const Score& score) {
    int best = -1;
    int ties = 0;
    decltype(score(lo)) best_score{};
    for (int j = lo; j < hi; ++j) {
      if (!usable(j)) continue;
      const auto sc = score(j);
      if (best < 0 || sc > best_score) {
        best = j;
        best_score = sc;
        ties = 1;
      } else if (sc == best_score && opt_.random_target_ties && tact_.die(++ties) == 1) {
        best = j;
      }
    }
    ENCSIM_CHECK_GE(best, 0);
    return best;
  }

  // In listed order, those declare() put in this pass.
  void resolve(Pass pass) {
    for (std::uint64_t m = acting_[pass]; m; m &= m - 1) act(std::countr_zero(m));
  }

  // Keeps the record of who did the most harm in the latest round: a later
  // round replaces it, in the same round more damage does (a miss counts -1),
  // and equals are all kept, so the order in which the round's actions are
  // resolved does not matter. pick() settles a tie only when a rule asks:
  // one at random (tactics stream), or the first listed with `target_ties: first`.
  void note(Mark& m, int who, int value) {
    if (m.round != round_ || value > m.score) {
      m = Mark{round_, value, bit(who)};
    } else if (value == m.score) {
      m.who |= bit(who);
    }
  }
  int pick(Mark& m) {
    if (m.who == 0) return -1;
    const int count = std::popcount(m.who);
    int k = count > 1 && opt_.random_target_ties ? tact_.die(count) - 1 : 0;
    std::uint64_t w = m.who;
    while (k-- > 0) w &= w - 1;
    m.who = w & (~w + 1);  // settled: later rules this round see the same one
    return std::countr_zero(m.who);
  }

  // One combatant's actions this round: a missile weapon that needs several
  // actions is loaded first; each firing or striking action makes all its attacks.
  void act(int i) {
    const Fighter& fi = f(i);
    State& s = st_[i];
    int k = 0;
    for (int a = 0; a < fi.actions; ++a, k += fi.attacks_per_action) {
      ++rec(i).actions;
      if (!shot_ready(i)) {
        if (s.disrupted) {
          ENCSIM_SAY(log_, "%s's loading is spoiled by the called shot", name(i));
        } else {
          ++s.progress;
          ENCSIM_SAY(log_, "%s readies the %s (%d of %d actions)", name(i), fi.weapon.c_str(), s.progress,
                     shot_need(i));
        }
        continue;
      }
      s.progress = 0;
      for (int c = 0; c < fi.attacks_per_action; ++c) attack(i, targets_[i][k + c]);
    }
  }

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

  // The defense of `t` against `i`, with cover when `i` shoots.
  [[gnu::always_inline]] int defense_against(int t, int i, bool with_cover) const {
    const Fighter& ft = f(t);
    const State& s = st_[t];
    int d = ft.defense;
    if (ft.small_shield && s.shield_vs != i) d -= 1;
    if (s.surprised && round_ > 1) d -= 2;
    if (is_called(s.action)) d -= 2;
    if (with_cover && f(i).ranged) d += cover_against(t, i);
    return d;
  }
  // The cover `t` has against a shot of `i` ("Cover", "Firing into close combat").
  int cover_against(int t, int i) const {
    const Fighter& ft = f(t);
    Cover cover = ft.cover;
    // "Firing into close combat": strong cover among 3 to 5 combatants, full
    // among 6 or more. A shooter fighting the target itself is not firing
    // into someone else's melee: only the target's other partners count.
    const std::uint64_t others = melee_[t] & ~bit(i);
    if (opt_.firing_into_melee && others != 0) {
      int crowd = ft.group_size;
      for (std::uint64_t m = others; m; m &= m - 1) crowd += f(std::countr_zero(m)).group_size;
      const Cover crowd_cover = crowd >= 6 ? Cover::full : crowd >= 3 ? Cover::strong : Cover::none;
      cover = std::max(cover, crowd_cover);
    }
    static constexpr int kWarrior[] = {0, 1, 2, 3};
    static constexpr int kOthers[] = {0, 0, 1, 2};
    return (ft.warrior ? kWarrior : kOthers)[static_cast<int>(cover)];
  }

  bool roll_hits(int roll, int need) const {
    if (roll == 20 && opt_.natural_20_fails) return false;
    if (roll == 1 && opt_.natural_1_hits) return true;
    return roll <= need;
  }

  void attack(int i, int t) {
    const Fighter& fi = f(i);
    const int action = st_[i].action;
    ++rec(i).attacks;
    ++feat(attack_feature(i)).uses;
    static constexpr const char* kVerb[] = {"attacks", "makes a called shot at", "tries to knock out",
                                            "tries a killing blow on"};
    if (fi.ranged && st_[i].disrupted) {
      ENCSIM_SAY(log_, "%s %s %s: the called shot spoils it, a miss", name(i), kVerb[action], name(t));
      note_attacker(t, i, -1);
      return;
    }
    const int need = 11 + attack_mod(i, t) - defense_against(t, i, true);
    const int roll = dice_.die(20);
    bool hit = roll_hits(roll, need);
    ENCSIM_SAY(log_, "%s %s %s: d20 %d vs %d: %s", name(i), kVerb[action], name(t), roll, need, hit ? "hit" : "miss");
    // Combat is a warrior's archetypal roll; a natural 20 fails whatever the bonus.
    if (!hit && fi.warrior && !(roll == 20 && opt_.natural_20_fails)) hit = buy_off(i, roll - need, -1, false);
    if (!hit) {
      note_attacker(t, i, -1);
      if (fi.ranged) stray_miss(i, t);
      return;
    }
    ++rec(i).hits;
    const int dmg = std::max(0, fi.damage.roll(dice_));
    int direct = 0;
    if (action == kKnockout && eligible(t, kKnockout)) {
      if (!reaction_roll(t, kEvasion, f(t).head_protection, true, "evasion against the knockout")) {
        direct = std::min(dmg, fi.knockout_injuries);
        ++rec_.resources[kKnockoutBlows];
      }
    } else if (action == kKillingBlow && immobile(t)) {
      direct = (dmg + 1) / 2;
    }
    if (is_called(action) && is_attack(st_[t].action) && f(t).ranged && !st_[t].disrupted) {
      if (!reaction_roll(t, better(t, kEvasion, kFortitude), f(t).movement - dmg, true, "to keep its aim"))
        st_[t].disrupted = true;
    }
    note_attacker(t, i, dmg);
    damage(i, t, dmg, direct);
    if (fi.ranged && !is_called(action)) stray_hits(i, t, roll, dmg);
  }

  void note_attacker(int t, int i, int value) {
    if (side(t) != side(i)) note(st_[t].attacker, i, value);
  }

  // "Firing into close combat": whom a shot that hit its target would also have
  // hit among the shooter's allies fighting that target takes the same damage
  // unless it evades.
  void stray_hits(int i, int t, int roll, int dmg) {
    if (!opt_.firing_into_melee) return;
    for (std::uint64_t m = melee_[t]; m; m &= m - 1) {
      const int j = std::countr_zero(m);
      if (side(j) != side(i) || j == i || !st_[j].in) continue;
      if (!roll_hits(roll, 11 + attack_mod(i, j) - defense_against(j, i, false))) continue;
      if (reaction_roll(j, kEvasion, 0, true, "evasion against the stray shot")) continue;
      ++rec_.resources[kStrayHits];
      ENCSIM_SAY(log_, "  the shot also strikes %s", name(j));
      damage(i, j, dmg, 0);
    }
  }

  // ... and a miss may strike a random ally next to the target, who evades
  // with their defense as a bonus.
  void stray_miss(int i, int t) {
    if (!opt_.firing_into_melee) return;
    int count = 0;
    for (std::uint64_t m = melee_[t]; m; m &= m - 1) {
      const int j = std::countr_zero(m);
      count += side(j) == side(i) && j != i && st_[j].in ? 1 : 0;
    }
    if (count == 0) return;
    int pick = count > 1 ? tact_.die(count) - 1 : 0;
    for (std::uint64_t m = melee_[t]; m; m &= m - 1) {
      const int j = std::countr_zero(m);
      if (side(j) != side(i) || j == i || !st_[j].in || pick-- != 0) continue;
      if (reaction_roll(j, kEvasion, f(j).defense, true, "evasion against the missed shot")) return;
      ++rec_.resources[kStrayHits];
      ENCSIM_SAY(log_, "  the missed shot strikes %s", name(j));
      damage(i, j, std::max(0, f(i).damage.roll(dice_)), 0);
      return;
    }
  }

  // "Survival", "Using verve", "Temporary bonus pools": damage comes off the
  // pool, then verve (archetypal damage only), then survival; what is left
  // becomes injury points, as do the `direct` points of a knockout or killing blow.
  void damage(int a, int t, int dmg, int direct) {
    State& s = st_[t];
    hurt_ |= bit(t);
    const bool archetypal = verve_usable(t);
    int rest = dmg - direct;
    const int from_pool = std::min(s.pool, rest);
    rest -= from_pool;
    const int from_verve = archetypal ? std::min(s.verve, rest) : 0;
    rest -= from_verve;
    const int from_survival = std::min(s.survival, rest);
    rest -= from_survival;
    const int injuries = rest + direct;
    const bool dropped = s.survival > 0 && s.survival == from_survival && from_survival > 0;
    s.pool -= from_pool;
    s.verve -= from_verve;
    s.survival -= from_survival;
    s.injuries += injuries;

    // A stray missile into an ally is friendly fire: its own column, and it
    // never becomes the side's focus.
    if (side(a) != side(t)) {
      note(focus_[side(a)], t, dmg);
      rec(a).damage_dealt += dmg;
      feat(attack_feature(a)).damage += dmg;
    } else {
      rec(a).extra[kExtraFriendlyDamage] += dmg;
    }
    rec(t).damage_taken += dmg;
    CombatantRecord& rt = rec(t);
    rt.extra[kExtraPoolAbsorbed] += from_pool;
    rt.extra[kExtraVerveLost] += from_verve;
    rt.extra[kExtraSurvivalLost] += from_survival;
    rt.extra[kExtraInjuries] += injuries;
    rec_.resources[kPoolAbsorbed] += from_pool;
    if (side(t) == 0) {
      rec_.resources[kPartyVerveLost] += from_verve;
      rec_.resources[kPartySurvivalLost] += from_survival;
      rec_.resources[kPartyInjuries] += injuries;
    } else {
      rec_.resources[kFoeSurvivalLost] += from_survival;
      rec_.resources[kFoeInjuries] += injuries;
    }
    ENCSIM_SAY(log_, "  %d damage to %s: %d pool, %d verve, %d survival, %d injuries (now survival %d, verve %d, injuries %d)",
               dmg, name(t), from_pool, from_verve, from_survival, injuries, s.survival, s.verve, s.injuries);
    if (injuries > 0) {
      s.injured_now = true;
      s.archetypal_injury = archetypal;
    }
    // "Unconsciousness": an immediate roll on reaching 0 survival or gaining
    // injuries; a failure takes effect when the round ends.
    if ((dropped || injuries > 0) && !s.out_cold) {
      ++rec_.resources[kConsciousnessRolls];
      if (!reaction_roll(t, choose(t, opt_.consciousness), 0, true, "to stay conscious", true)) {
        s.out_cold = true;
        ++rec_.resources[kKnockedOut];
      }
    }
  }

  void leave(int i, const char* why) {
    State& s = st_[i];
    set_in(i, false);
    s.withdrew = true;
    rec(i).down = true;
    rec(i).extra[kExtraWithdrew] = 1;
    ++rec_.resources[kWithdrawals];
    ENCSIM_SAY(log_, "%s %s", name(i), why);
  }

  void end_round() {
    // Unconsciousness first: the death roll of the unconscious is at +2.
    // It lasts a number of minutes equal to its injuries, six rounds each
    // ("Rounds"): with no injuries, none at all.
    // Only those damage() reached this round can have fallen or be hurt.
    for (std::uint64_t m = hurt_; m; m &= m - 1) {
      const int i = std::countr_zero(m);
      State& s = st_[i];
      if (!s.out_cold || !s.in) continue;
      if (opt_.unconscious_minutes && s.injuries == 0) {
        ENCSIM_SAY(log_, "%s blacks out for no time at all (no injuries: 0 minutes)", name(i));
        continue;
      }
      set_in(i, false);
      s.unconscious = true;
      s.wake_round = opt_.unconscious_minutes ? round_ + 1 + 6 * s.injuries : -1;
      s.out_since = round_;
      rec(i).down = true;
      rec(i).extra[kExtraUnconscious] = 1;
      if (opt_.unconscious_minutes) {
        ENCSIM_SAY(log_, "%s falls unconscious for %d minute(s), until round %d", name(i), s.injuries, s.wake_round);
      } else {
        ENCSIM_SAY(log_, "%s falls unconscious", name(i));
      }
    }
    // "A time to die": injuries that exceed survival (and verve, when the
    // latest were archetypal) are a contest: the injuries roll at or under
    // their total, the character at or under endurance minus injuries.
    for (std::uint64_t m = hurt_; m; m &= m - 1) {
      const int i = std::countr_zero(m);
      State& s = st_[i];
      if (!s.injured_now || s.dying || s.withdrew) continue;
      if (s.injuries <= s.survival + (s.archetypal_injury ? s.verve : 0)) continue;
      ++rec_.resources[kDeathContests];
      ++rec(i).extra[kExtraDeathContests];
      if (!death_contest(i)) continue;
      ++rec_.resources[kDeathContestsLost];
      s.dying = true;
      s.die_round = round_ + 6 * std::max(0, f(i).score[kEndurance] - s.injuries);
      rec(i).dead = rec(i).down = true;
      rec(i).extra[kExtraDying] = 1;
      ENCSIM_SAY(log_, "%s is dying", name(i));
      if (!opt_.dying_acts) set_in(i, false);
    }
    // Group effort morale ("Group Effort Decisions"), and withdrawals decided
    // earlier, for those in the fight (leaving changes no one else's `in`).
    for (std::uint64_t m = in_mask_; m; m &= m - 1) {
      const int i = std::countr_zero(m);
      State& s = st_[i];
      if (s.withdraw_in > 0 && --s.withdraw_in == 0) {
        leave(i, "breaks off and withdraws");
        continue;
      }
      if (!f(i).has_morale || s.morale_checked || !f(i).morale.holds(View{this, i})) continue;
      s.morale_checked = true;
      ++rec_.resources[kMoraleChecks];
      const int need = f(i).score[kCharisma] + f(i).group_bonus - s.injuries - (s.surprised ? 3 : 0);
      const int roll = dice_.die(20);
      ENCSIM_SAY(log_, "%s checks morale: charisma roll %d vs %d: %s", name(i), roll, need,
                 roll <= need ? "holds" : "fails");
      if (roll <= need) continue;
      ++rec_.resources[kMoraleFailed];
      const int delay = opt_.morale_delay ? std::min(roll - need, f(i).group_bonus) : 0;
      if (delay == 0) {
        leave(i, "breaks and withdraws");
      } else {
        s.withdraw_in = delay;
        ENCSIM_SAY(log_, "%s will withdraw after %d more round(s)", name(i), delay);
      }
    }
    status(round_);
  }

  // "A time to die" and "Contested actions": the injuries roll at or under
  // their total, the combatant at or under endurance minus injuries (+2 if
  // unconscious, -3 while surprised). Both succeeding, they keep trying; both
  // sure to succeed, the rolls are doubled. A PC may buy off its failure with
  // mojo (death rolls are archetypal for every PC). True: it is dying.
  bool death_contest(int i) {
    const State& s = st_[i];
    const int need = f(i).score[kEndurance] + (s.out_cold ? 2 : 0) + f(i).group_bonus - s.injuries -
                     (s.surprised ? 3 : 0);
    for (;;) {
      int times = 1;
      while (s.injuries >= 20 * times && need >= 20 * times) times *= 2;
      const int guide = dice_.die(20) * times;
      const bool injuries_win = guide <= s.injuries;
      ENCSIM_SAY(log_, "  death contest for %s: the injuries roll %d vs %d: %s", name(i), guide, s.injuries,
                 injuries_win ? "success" : "failure");
      const int roll = dice_.die(20) * times;
      bool survives = roll <= need;
      ENCSIM_SAY(log_, "  %s rolls %d vs %d endurance against the injuries: %s", name(i), roll, need,
                 survives ? "success" : "failure");
      if (!survives && injuries_win) survives = buy_off(i, roll - need, -1, true);
      if (!injuries_win) return false;
      if (!survives) return true;
      ENCSIM_SAY(log_, "  both succeed: they keep trying");
    }
  }

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

  // Sessions (carry.hpp): the carried state in at the set-up, out at the end.
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

template <class R, class Log>
void Encounter::simulate_with(R& dice, R& surprise, R& tact, TrialRecord& out, Log& log) const {
  Battle<R, Log>(*this, dice, surprise, tact, out, log).run();
}

}  // namespace encsim::gods_and_monsters
