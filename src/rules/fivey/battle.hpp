// One FIVEY fight, step by step as the text's "Encounters & Combat" reads.
// Included only by simulate.cpp, which compiles it once (rules/simulate.hpp);
// a template on the die source and the log so the fight inlines everything and narration costs nothing when it is off.
#pragma once

#include <algorithm>
#include <array>
#include <utility>

namespace encsim::fivey {

template <class R, class Log>
class Battle {
 public:
  Battle(const Encounter& enc, R& dice, R& init, R& tact, R& setup, TrialRecord& rec, Log& log)
      : enc_(enc), opt_(enc.opt), dice_(dice), init_(init), tact_(tact), setup_(setup), rec_(rec),
        log_(log), n_(static_cast<int>(enc.fighters.size())) {
    // The sides' play styles (docs/rules/fivey.md, "Play styles").
    aim_[0] = Aim::threat;
    aim_[1] = enc.style.foes == kFoesCautious   ? Aim::spread
              : enc.style.foes == kFoesRuthless ? Aim::finish
                                                : Aim::threat;
    careful_ = enc.style.party == kPartyCareful;
  }

  // Sessions: start from this carried state and leave the end state in it.
  void carry(PartyState* party) { carry_ = party; }

  void run() {
    set_up();
    const int n_free = surprise();
    roll_initiative();
    status(0);
    for (round_ = 1; round_ <= enc_.max_rounds; ++round_) {
      rec_.rounds = round_;
      ENCSIM_SAY(log_, "-- round %d --", round_);
      foe_casualties_this_round_ = 0;
      leader_fell_this_round_ = false;
      // "Surprise": the winners' free turn comes before the first round's
      // initiative order (and counts in that round's morale).
      for (int k = 0; round_ == 1 && k < n_free; ++k) {
        const int i = free_[static_cast<std::size_t>(k)];
        if (!st_[i].alive) continue;
        ENCSIM_SAY(log_, "%s takes a free turn (surprise)", name(i));
        take_turn(i);
        if (alive_[0] == 0 || alive_[1] == 0) return finish(alive_[0] > 0 ? Outcome::party_win : Outcome::foes_win);
      }
      for (int k = 0; k < n_; ++k) {
        const int i = order_[static_cast<std::size_t>(k)];
        if (!st_[i].alive) continue;
        take_turn(i);
        if (alive_[0] == 0 || alive_[1] == 0) return finish(alive_[0] > 0 ? Outcome::party_win : Outcome::foes_win);
      }
      if (check_morale()) {
        rec_.foes_fled = true;
        for (int i = enc_.n_party; i < n_; ++i) rec(i).down |= st_[i].alive;  // out of the fight, not dead
        ENCSIM_SAY(log_, "The foes break and flee.");
        return finish(Outcome::party_win);
      }
      status(round_);
    }
    rec_.rounds = enc_.max_rounds;
    ENCSIM_SAY(log_, "max_rounds (%d) reached: a draw.", enc_.max_rounds);
    finish(Outcome::draw);
  }

  // Exposed for tests that drive single steps with scripted dice.
  // Plain and uninitialised until set_up(), so building a Battle per trial
  // costs nothing for the unused tail of the arrays.
  struct State {
    int hp;
    int hp_max;
    int inspiration;
    int area_uses;  // left; -1 unlimited
    int moves;      // move actions spent approaching
    int last_attacker;
    bool alive;
    bool engaged;  // in melee reach: no more moves needed
    bool shield;
    bool loaded;
    bool regen_blocked;
  };

 private:
  const Fighter& f(int i) const { return enc_.fighters[static_cast<std::size_t>(i)]; }
  CombatantRecord& rec(int i) { return rec_.combatants[static_cast<std::size_t>(i)]; }
  FeatureRecord& feat(int k) { return rec_.features[static_cast<std::size_t>(k)]; }
  int side(int i) const { return i < enc_.n_party ? 0 : 1; }
  const char* name(int i) const { return f(i).name.c_str(); }
  int defense(int i) const { return f(i).defense + (st_[i].shield ? 1 : 0); }
  // The lowest hit points at which a combatant still stands.
  int floor_hp() const { return opt_.defeat == DefeatRule::equal ? 1 : 0; }

  void set_up() {
    alive_[0] = alive_[1] = 0;
    for (int i = 0; i < n_; ++i) {
      const Fighter& fi = f(i);
      State& s = st_[i];
      s = State{0, 0, 0, 0, 0, -1, true, false, false, true, false};
      if (fi.hp > 0) {
        s.hp = fi.hp;
      } else if (opt_.average_hp) {
        s.hp = std::max(1, fi.hit_dice * 7 / 2);
      } else {
        for (int d = 0; d < fi.hit_dice; ++d) s.hp += setup_.die(6);
      }
      if (fi.hp == 0) s.hp += fi.hp_bonus;
      for (int d = 0; d < fi.hp_level_dice; ++d) s.hp += setup_.die(6);  // `level_hp: roll`
      s.hp_max = s.hp;
      s.inspiration = fi.inspiration;
      s.area_uses = fi.area.present ? (fi.area.uses > 0 ? fi.area.uses : -1) : 0;
      s.engaged = fi.ranged || fi.flying || opt_.approach_moves == 0;
      s.shield = fi.shield;
      rec(i).extra[kExtraHpStart] = s.hp;
      ++alive_[side(i)];
      ENCSIM_SAY(log_, "%s: %d hp, defense %d%s", name(i), s.hp, fi.defense, fi.shield ? " +1 shield" : "");
    }
    foes_start_ = alive_[1];
    if (carry_) [[unlikely]] carry_in();
  }

  // Sessions (carry_fight.hpp): the carried state in at the set-up, out at the end.
  void carry_in();
  void carry_out();

  // The stat a side rolls with when it rolls once for all ("Surprise": the
  // leader's, or the average member's; initiative may also take the best).
  // A side without a `leader` falls back to its average member.
  int side_stat(int side, int stat, SideStat how) const {
    const int lo = side == 0 ? 0 : enc_.n_party, hi = side == 0 ? enc_.n_party : n_;
    int best = -100, sum = 0;
    for (int i = lo; i < hi; ++i) {
      const int v = f(i).stat[static_cast<std::size_t>(stat)];
      if (how == SideStat::leader && f(i).leader) return v;
      best = std::max(best, v);
      sum += v;
    }
    if (how == SideStat::best) return best;
    ENCSIM_CHECK_GT(hi, lo);
    const int n = hi - lo;  // average, rounded to the nearest (halves down)
    return sum >= 0 ? (2 * sum + n - 1) / (2 * n) : -((-2 * sum + n) / (2 * n));
  }

  // For the log: whose stat side_stat() took.
  const char* whose(int side, SideStat how) const {
    if (how == SideStat::best) return "best";
    const int lo = side == 0 ? 0 : enc_.n_party, hi = side == 0 ? enc_.n_party : n_;
    for (int i = lo; how == SideStat::leader && i < hi; ++i)
      if (f(i).leader) return "the leader's";
    return "average";
  }

  // A PC's own d20 for a check or contest: a natural 20 earns an inspiration
  // die ("Inspiration Dice": the referee may gift one for a natural 20 on a
  // stat check or contest; an attack roll is a stat check too).
  void natural_20(int i, int roll, const char* what) {
    if (roll != 20 || !f(i).pc || !opt_.natural_20_inspiration) return;
    ++st_[i].inspiration;
    ++rec_.resources[kInspirationGained];
    ENCSIM_SAY(log_, "  a natural 20 on the %s: %s gains an inspiration die", what, name(i));
  }

  // Highest first, ties in listed order. An insertion sort: std::stable_sort
  // would allocate a buffer in every trial.
  static void sort_by_roll(std::array<int, Encounter::kMaxFighters>& v, int count,
                           const std::array<int, Encounter::kMaxFighters>& roll) {
    for (int k = 1; k < count; ++k) {
      const int x = v[static_cast<std::size_t>(k)];
      int j = k;
      for (; j > 0 && roll[static_cast<std::size_t>(v[static_cast<std::size_t>(j - 1)])] < roll[static_cast<std::size_t>(x)]; --j)
        v[static_cast<std::size_t>(j)] = v[static_cast<std::size_t>(j - 1)];
      v[static_cast<std::size_t>(j)] = x;
    }
  }

  // "Surprise": each member of the surprising side contests its dexterity
  // against one roll of the other side's wisdom (the morale stat, since the
  // four stats have no wisdom); those who win take a free turn. Fills free_
  // (highest roll first) and returns how many.
  int surprise() {
    if (opt_.surprise == Surprise::none) return 0;
    const int s = opt_.surprise == Surprise::party ? 0 : 1;
    const int lo = s == 0 ? 0 : enc_.n_party, hi = s == 0 ? enc_.n_party : n_;
    int n_free = 0;
    if (!opt_.surprise_contest) {
      ENCSIM_SAY(log_, "Surprise: the %s catch the %s unawares", s == 0 ? "party" : "foes", s == 0 ? "foes" : "party");
      for (int i = lo; i < hi; ++i) free_[static_cast<std::size_t>(n_free++)] = i;
      return n_free;
    }
    const int wis = side_stat(1 - s, opt_.morale_stat, opt_.surprise_wisdom);
    const int against = init_.die(20) + wis;
    ENCSIM_SAY(log_, "Surprise: the %s try to surprise the %s, who roll %d (%s wisdom %+d)", s == 0 ? "party" : "foes",
               s == 0 ? "foes" : "party", against, whose(1 - s, opt_.surprise_wisdom), wis);
    std::array<int, Encounter::kMaxFighters> roll;
    for (int i = lo; i < hi; ++i) {
      const int d = init_.die(20);
      int total = d + f(i).stat[kDexterity];
      ENCSIM_SAY(log_, "  %s rolls d20 %d %+d = %d", name(i), d, f(i).stat[kDexterity], total);
      natural_20(i, d, "surprise contest");
      inspire(i, total, against + 1, "surprise contest", kUseContest);  // the highest roll wins: a tie is no win
      roll[static_cast<std::size_t>(i)] = total;
      const bool wins = total > against;
      ENCSIM_SAY(log_, "    %s", wins ? "a free turn" : "no free turn");
      if (wins) free_[static_cast<std::size_t>(n_free++)] = i;
    }
    sort_by_roll(free_, n_free, roll);
    return n_free;
  }

  // "Violent Encounters": each party member contests their dexterity against
  // the dexterity or power of the opposing party, who roll once (by default
  // with their leader's dexterity, as "Surprise" rolls with the leader's
  // wisdom); each party member who beats it acts before them.
  void roll_initiative() {
    const int foe_dex = side_stat(1, kDexterity, opt_.foe_initiative);
    const int foe_roll = init_.die(20) + foe_dex;
    ENCSIM_SAY(log_, "Initiative: the foes roll %d (%s dexterity %+d)", foe_roll, whose(1, opt_.foe_initiative),
               foe_dex);
    std::array<int, Encounter::kMaxFighters> roll, before, after;
    int early = 0, late = 0;
    const int need = opt_.initiative_ties_to_party ? foe_roll : foe_roll + 1;
    for (int i = 0; i < enc_.n_party; ++i) {
      const int d = init_.die(20);
      int total = d + f(i).stat[kDexterity];
      ENCSIM_SAY(log_, "  %s rolls d20 %d %+d = %d", name(i), d, f(i).stat[kDexterity], total);
      natural_20(i, d, "initiative contest");
      inspire(i, total, need, "initiative contest", kUseContest);
      roll[static_cast<std::size_t>(i)] = total;
      const bool wins = total >= need;
      ENCSIM_SAY(log_, "    %s the foes", wins ? "before" : "after");
      (wins ? before[static_cast<std::size_t>(early++)] : after[static_cast<std::size_t>(late++)]) = i;
    }
    sort_by_roll(before, early, roll);
    sort_by_roll(after, late, roll);
    int k = 0;
    for (int j = 0; j < early; ++j) order_[static_cast<std::size_t>(k++)] = before[static_cast<std::size_t>(j)];
    for (int i = enc_.n_party; i < n_; ++i) order_[static_cast<std::size_t>(k++)] = i;
    for (int j = 0; j < late; ++j) order_[static_cast<std::size_t>(k++)] = after[static_cast<std::size_t>(j)];
  }

  // Tactics read the state through this view; see fivey::vars().
  struct View {
    const Battle* b;
    int self;
    double var(int id) const {
      const State& s = b->st_[self];
      const int my = b->side(self);
      switch (id) {
        case tactics::kSelfHp: return s.hp;
        case tactics::kSelfHpMax: return s.hp_max;
        case tactics::kSelfHpFrac: return s.hp_max > 0 ? static_cast<double>(s.hp) / s.hp_max : 0.0;
        case tactics::kSelfHpLost: return s.hp_max - s.hp;
        case tactics::kAlliesAlive: return b->alive_[my];
        case tactics::kAlliesDown: return b->side_size(my) - b->alive_[my];
        case tactics::kEnemiesAlive: return b->alive_[1 - my];
        case tactics::kEnemiesDown: return b->side_size(1 - my) - b->alive_[1 - my];
        case tactics::kRound: return b->round_;
        case kVarInspiration: return s.inspiration;
        case kVarShield: return s.shield ? 1 : 0;
        case kVarAreaUses: return s.area_uses < 0 ? 1000 : s.area_uses;
        case kVarEngaged: return s.engaged ? 1 : 0;
        default: return 0.0;
      }
    }
  };
  int side_size(int s) const { return s == 0 ? enc_.n_party : n_ - enc_.n_party; }

  void take_turn(int i) {
    const Fighter& fi = f(i);
    State& s = st_[i];
    if (fi.regenerate > 0 && !s.regen_blocked && s.hp < s.hp_max) {
      FeatureRecord& used = feat(fi.feat_regenerate);
      ++used.uses;
      used.healed += std::min(s.hp_max, s.hp + fi.regenerate) - s.hp;
      s.hp = std::min(s.hp_max, s.hp + fi.regenerate);
      ENCSIM_SAY(log_, "%s regenerates to %d hp", name(i), s.hp);
    }
    s.regen_blocked = false;
    int actions = 2;
    bool attacked = false;
    tactics::Target target = tactics::Target::lowest_hp;
    while (actions > 0 && alive_[1 - side(i)] > 0) {
      const tactics::Rule* rule = choose_rule(i, actions);
      if (!rule) break;
      target = rule->target;
      if (rule->action == kAreaAttack) {
        actions -= 2;
        rec(i).actions += 2;
        area_attack(i, rule->target);
        continue;
      }
      if (!s.engaged) {  // close the distance first
        ++s.moves;
        --actions;
        ++rec(i).actions;
        s.engaged = s.moves >= opt_.approach_moves;
        ENCSIM_SAY(log_, "%s moves%s", name(i), s.engaged ? " into reach" : "");
        continue;
      }
      if (fi.reload && !s.loaded) {
        s.loaded = true;
        --actions;
        ++rec(i).actions;
        ENCSIM_SAY(log_, "%s reloads", name(i));
        continue;
      }
      --actions;
      ++rec(i).actions;
      attack(i, select(i, target, nullptr, 0));
      s.loaded = false;
      attacked = true;
    }
    // Extra attacks (e.g. a giant's) are free, follow a turn's own attack and
    // aim like it.
    for (int k = 0; k < fi.extra_attacks && attacked && alive_[1 - side(i)] > 0; ++k)
      attack(i, select(i, target, nullptr, 0));
  }

  const tactics::Rule* choose_rule(int i, int actions) const {
    const View view{this, i};
    for (const tactics::Rule& r : f(i).rules) {
      if (r.action == kAreaAttack && (actions < 2 || st_[i].area_uses == 0)) continue;
      if (f(i).styled && r.action == kAreaAttack ? area_worth_it(i) : r.when.holds(view)) return &r;
    }
    return nullptr;
  }

  // ---------------------------------------------------------------------
  // The play styles' scoring rule (docs/rules/fivey.md, "Play styles"):
  // expected damage from the stat lines and the state now; a few
  // multiplications per enemy, no search and no dice.

  // Damage as `t` takes it, as a factor: immune 0, resistant half, vulnerable double.
  double type_factor(int t, TypeMask types) const {
    const Fighter& ft = f(t);
    if (types & ft.immune) return 0.0;
    return (types & ft.resist ? 0.5 : 1.0) * (types & ft.vulnerable ? 2.0 : 1.0);
  }
  // The chance that d20 + bonus (with `advantage`) reaches `dc`.
  double chance(int bonus, int dc, int advantage) const {
    const double p = std::clamp((21.0 - (dc - bonus)) / 20.0, 0.0, 1.0);
    return advantage > 0 ? 1.0 - (1.0 - p) * (1.0 - p) : advantage < 0 ? p * p : p;
  }
  // Hit points `t` can still lose before it falls.
  int hp_left(int t) const { return st_[t].hp - floor_hp() + 1; }
  // The expected damage of one blow of `a` at `t`, capped at what `t` has left.
  double blow_value(int a, int t) const {
    const double dmg = enc_.blow_mean[static_cast<std::size_t>((a * n_ + t) * 2 + (st_[t].shield ? 1 : 0))];
    return std::min(dmg, static_cast<double>(hp_left(t)));
  }
  // The same for `a`'s area attack on `t`: half on a passed check.
  double area_value(int a, int t) const {
    const AreaAttack& area = f(a).area;
    const double saves =
        chance(f(t).stat[static_cast<std::size_t>(area.save_stat)], 10 + f(a).stat[static_cast<std::size_t>(area.dc_stat)], 0);
    const double dmg = area.mean * (1.0 - saves / 2.0) * type_factor(t, area.types);
    return std::min(dmg, static_cast<double>(hp_left(t)));
  }
  // How much `a` wants `t` as the target of its blows: the share of `t`'s
  // hit points a blow takes (1: it fells), weighted for `threat` by `t`'s
  // damage per action.
  double target_value(int a, int t, Aim aim) const {
    const double share = blow_value(a, t) / hp_left(t);
    return aim == Aim::threat ? share * f(t).mean_damage : share;
  }
  // The enemy of `i` with the highest target_value(), ties to the fewest hit
  // points left, then as best_by(). One pass over the blow table: this runs
  // for every blow.
  int styled_target(int i, int lo, int hi, const int* skip, int n_skip) {
    // The last enemy standing is the choice: the loop below would take it
    // without a draw.
    if (n_skip == 0 && alive_[1 - side(i)] == 1)
      for (int j = lo; j < hi; ++j)
        if (st_[j].alive) return j;
    const bool threat = aim_[side(i)] == Aim::threat;
    const float* row = &enc_.blow_mean[static_cast<std::size_t>(i * n_ * 2)];
    const int lift = 1 - floor_hp();  // hp_left(j) is hp + lift
    int best = -1, ties = 0, best_hp = 0;
    double best_value = 0.0;
    for (int j = lo; j < hi; ++j) {
      const State& s = st_[j];
      if (!s.alive || (n_skip > 0 && std::find(skip, skip + n_skip, j) != skip + n_skip)) continue;
      const double left = s.hp + lift;
      double value = std::min(static_cast<double>(row[j * 2 + (s.shield ? 1 : 0)]), left) / left;
      if (threat) value *= f(j).mean_damage;
      if (best < 0 || value > best_value || (value == best_value && s.hp < best_hp)) {
        best = j;
        best_value = value;
        best_hp = s.hp;
        ties = 1;
      } else if (value == best_value && s.hp == best_hp && opt_.random_target_ties && tact_.die(++ties) == 1) {
        best = j;
      }
    }
    ENCSIM_CHECK_GE(best, 0);
    return best;
  }

  // An area attack (two actions) when its expected damage on the enemies it
  // reaches beats the turn's blows at the best target; a limited one is kept
  // for two enemies or more, and `spread` uses it only on three or more.
  bool area_worth_it(int i) const {
    const int lo = side(i) == 0 ? enc_.n_party : 0, hi = side(i) == 0 ? n_ : enc_.n_party;
    const int reach = std::min(f(i).area.targets, alive_[1 - side(i)]);
    if (aim_[side(i)] == Aim::spread) return reach >= 3;
    if (st_[i].area_uses > 0 && reach < 2) return false;
    // The `reach` largest area values (a partial insertion sort, no allocation).
    std::array<double, Encounter::kMaxFighters> top;
    int n_top = 0;
    double best_blow = 0.0;
    for (int t = lo; t < hi; ++t) {
      if (!st_[t].alive) continue;
      best_blow = std::max(best_blow, blow_value(i, t));
      const double v = area_value(i, t);
      int k = std::min(n_top, reach - 1);
      if (n_top < reach) ++n_top;
      else if (v <= top[static_cast<std::size_t>(k)]) continue;
      for (; k > 0 && top[static_cast<std::size_t>(k - 1)] < v; --k) top[static_cast<std::size_t>(k)] = top[static_cast<std::size_t>(k - 1)];
      top[static_cast<std::size_t>(k)] = v;
    }
    double area = 0.0;
    for (int k = 0; k < n_top; ++k) area += top[static_cast<std::size_t>(k)];
    // The turn's blows: two actions less the moves and the reload they need,
    // and the extra attacks that follow a blow.
    const State& s = st_[i];
    int blows = 2 - (s.engaged ? 0 : std::min(2, opt_.approach_moves - s.moves)) - (f(i).reload && !s.loaded ? 1 : 0);
    blows = std::max(0, blows);
    if (blows > 0) blows += f(i).extra_attacks;
    return area > blows * best_blow;
  }

  // The living enemy of `i` that `target` picks, skipping the `n_skip` in `skip`.
  int select(int i, tactics::Target target, const int* skip, int n_skip) {
    const int lo = side(i) == 0 ? enc_.n_party : 0;
    const int hi = side(i) == 0 ? n_ : enc_.n_party;
    auto usable = [&](int j) { return st_[j].alive && (n_skip == 0 || std::find(skip, skip + n_skip, j) == skip + n_skip); };
    using tactics::Target;
    if (f(i).styled) {
      if (aim_[side(i)] == Aim::spread) target = Target::random;
      else
        return styled_target(i, lo, hi, skip, n_skip);
    }
    switch (target) {
      case Target::random: {
        int count = 0;
        for (int j = lo; j < hi; ++j) count += usable(j) ? 1 : 0;
        int pick = tact_.die(count) - 1;
        for (int j = lo; j < hi; ++j)
          if (usable(j) && pick-- == 0) return j;
        break;
      }
      case Target::focus:
        if (focus_[side(i)] >= 0 && usable(focus_[side(i)])) return focus_[side(i)];
        break;
      case Target::last_attacker:
        if (st_[i].last_attacker >= 0 && usable(st_[i].last_attacker)) return st_[i].last_attacker;
        break;
      case Target::highest_hp: return best_by(lo, hi, usable, [&](int j) { return st_[j].hp; });
      case Target::weakest: return best_by(lo, hi, usable, [&](int j) { return -defense(j); });
      case Target::strongest: return best_by(lo, hi, usable, [&](int j) { return f(j).mean_damage; });
      case Target::lowest_hp: break;
    }
    return best_by(lo, hi, usable, [&](int j) { return -st_[j].hp; });  // lowest_hp, and the fallbacks
  }

  // The usable index with the highest score. Ties are broken at random from
  // the tactics stream (each tied enemy equally likely, by reservoir
  // sampling), or go to the first listed with `target_ties: first`.
  template <class Usable, class Score>
  int best_by(int lo, int hi, const Usable& usable, const Score& score) {
    int best = -1;
    int ties = 0;
    decltype(score(lo)) best_score{};
    for (int j = lo; j < hi; ++j) {
      if (!usable(j)) continue;
      const auto s = score(j);
      if (best < 0 || s > best_score) {
        best = j;
        best_score = s;
        ties = 1;
      } else if (s == best_score && opt_.random_target_ties && tact_.die(++ties) == 1) {
        best = j;
      }
    }
    ENCSIM_CHECK_GE(best, 0);
    return best;
  }

  int d20(int advantage) {
    const int a = dice_.die(20);
    if (advantage == 0) return a;
    const int b = dice_.die(20);
    return advantage > 0 ? std::max(a, b) : std::min(a, b);
  }

  // Spends one of i's inspiration dice: its roll.
  int spend_die(int i) {
    --st_[i].inspiration;
    ++rec(i).extra[kExtraInspirationSpent];
    ++rec_.resources[kInspirationSpent];
    return dice_.die(6);
  }

  // The spending policy: PC i spends a die on a roll of kind `use` when the
  // d6 must show `need` (1..inspiration_shortfall) to turn it. First come,
  // first served: a die is never kept back for a later roll.
  bool will_spend(int i, InspirationUse use, int need) const {
    return need >= 1 && need <= spend_limit(i, use);
  }
  // The most a die may need to show for PC i to spend one on a roll of kind
  // `use` (0: it will not spend), so that callers skip working out `need`.
  int spend_limit(int i, InspirationUse use) const {
    // Most calls are for foes or PCs without dice: those first.
    if (!f(i).pc || st_[i].inspiration <= 0) return 0;
    // The careful party keeps its dice for defence.
    const std::uint8_t uses =
        careful_ && f(i).styled ? opt_.inspiration_uses & (kUseSave | kUseFoeAttack | kUseFoeDamage) : opt_.inspiration_uses;
    return (uses & use) ? opt_.inspiration_shortfall : 0;
  }

  // A PC may add one inspiration die to its own roll after seeing it fall short.
  bool inspire(int i, int& total, int needed, const char* what, InspirationUse use) {
    if (!will_spend(i, use, needed - total)) return false;
    const int die = spend_die(i);
    total += die;
    ENCSIM_SAY(log_, "  %s spends an inspiration die on the %s: +%d = %d", name(i), what, die, total);
    return total >= needed;
  }

  // Damage as the target takes it: immunity, resistance (half, down), vulnerability.
  int effective(int t, int raw, TypeMask types) const {
    const Fighter& ft = f(t);
    int dmg = std::max(0, raw);
    if (types & ft.immune) dmg = 0;
    if (types & ft.resist) dmg /= 2;
    if (types & ft.vulnerable) dmg *= 2;
    return dmg;
  }
  bool fells(int t, int raw, TypeMask types) const { return st_[t].hp - effective(t, raw, types) < floor_hp(); }

  void attack(int a, int t) {
    const Fighter& fa = f(a);
    ++rec(a).attacks;
    ++feat(fa.feat_attack).uses;
    st_[t].last_attacker = a;
    if (!fa.ranged) st_[t].engaged = true;  // whoever is attacked in melee needs no move to strike back
    const int roll = d20(fa.advantage);
    int total = roll + fa.attack_bonus;
    const int dc = defense(t);
    bool hit = total >= dc;
    const bool forced_hit = roll == 20 && opt_.natural_20_hits;
    const bool forced_miss = roll == 1 && opt_.natural_1_misses;
    if (forced_hit) hit = true;
    if (forced_miss) hit = false;
    ENCSIM_SAY(log_, "%s attacks %s: d20 %d %+d = %d vs defense %d: %s", name(a), name(t), roll,
               fa.attack_bonus, total, dc, hit ? "hit" : "miss");
    int bonus = 0;
    natural_20(a, roll, "attack");
    if (roll == 20 && fa.pc && opt_.natural_20_inspiration && hit && opt_.natural_20_die_to_damage) {
      bonus = spend_die(a);
      ENCSIM_SAY(log_, "  ... and spends it on damage: +%d", bonus);
    }
    if (!hit && !forced_miss && inspire(a, total, dc, "attack", kUseAttack)) {
      hit = true;
      ++rec_.resources[kInspirationHits];
    }
    // The target's die on the foe's roll: a hit that beat its defense by a little.
    if (hit && !forced_hit && will_spend(t, kUseFoeAttack, total - dc + 1)) {
      const int die = spend_die(t);
      total -= die;
      hit = total >= dc;
      ENCSIM_SAY(log_, "  %s spends an inspiration die on %s's attack: -%d = %d: %s", name(t), name(a), die, total,
                 hit ? "still a hit" : "a miss");
    }
    if (!hit) return;
    ++rec(a).hits;
    if (roll == 20) ++rec(a).crits;
    int dmg = fa.damage.roll(dice_) + bonus;
    // One die per roll at most: not when the natural 20's die is already in it.
    // A die only matters up to the most the policy spends for: the search for
    // `need` stops there (and is skipped when the policy will not spend).
    if (const int limit = std::min(6, spend_limit(a, kUseDamage)); bonus == 0 && limit > 0 && !fells(t, dmg, fa.attack_types)) {
      int need = 1;
      while (need <= limit && !fells(t, dmg + need, fa.attack_types)) ++need;
      if (need <= limit && will_spend(a, kUseDamage, need)) {
        const int die = spend_die(a);
        dmg += die;
        ENCSIM_SAY(log_, "  %s spends an inspiration die on the damage: +%d = %d", name(a), die, dmg);
      }
    }
    // The target's die against a blow that would fell it.
    if (const int limit = std::min(6, spend_limit(t, kUseFoeDamage)); limit > 0 && fells(t, dmg, fa.attack_types)) {
      int need = 1;
      while (need <= limit && fells(t, dmg - need, fa.attack_types)) ++need;
      if (need <= limit && will_spend(t, kUseFoeDamage, need)) {
        const int die = spend_die(t);
        dmg = std::max(0, dmg - die);
        ENCSIM_SAY(log_, "  %s spends an inspiration die on %s's damage: -%d = %d", name(t), name(a), die, dmg);
      }
    }
    damage(a, t, dmg, fa.attack_types, true, fa.feat_attack);
  }

  void area_attack(int a, tactics::Target target) {
    const Fighter& fa = f(a);
    const AreaAttack& area = fa.area;
    State& s = st_[a];
    if (s.area_uses > 0) --s.area_uses;
    ++rec(a).extra[kExtraAreaUses];
    ++feat(fa.feat_area).uses;
    std::array<int, Encounter::kMaxFighters> hit;
    int n_hit = 0;
    const int reach = std::min(area.targets, alive_[1 - side(a)]);
    for (; n_hit < reach; ++n_hit) hit[static_cast<std::size_t>(n_hit)] = select(a, target, hit.data(), n_hit);
    const int dc = 10 + fa.stat[static_cast<std::size_t>(area.dc_stat)];
    const int shared = area.damage.roll(dice_);
    ENCSIM_SAY(log_, "%s makes an area attack on %d target(s), %s = %d, save DC %d", name(a), n_hit,
               area.damage.to_string().c_str(), shared, dc);
    for (int k = 0; k < n_hit; ++k) {
      const int t = hit[static_cast<std::size_t>(k)];
      rec(a).aimed(true);  // an area attack counts per target; a failed check is a hit
      int dmg = (opt_.area_damage_per_target && k > 0) ? area.damage.roll(dice_) : shared;
      const int roll = dice_.die(20);
      const int bonus = f(t).stat[static_cast<std::size_t>(area.save_stat)];
      int total = roll + bonus;
      bool saved = total >= dc;
      ENCSIM_SAY(log_, "  %s checks d20 %d %+d = %d vs %d: %s", name(t), roll, bonus, total, dc,
                 saved ? "half damage" : "full damage");
      natural_20(t, roll, "check");
      if (!saved && inspire(t, total, dc, "check", kUseSave)) {
        saved = true;
        ENCSIM_SAY(log_, "    half damage after all");
      }
      if (saved) dmg /= 2;
      else rec(a).struck(true, false);
      st_[t].last_attacker = a;
      damage(a, t, dmg, area.types, false, fa.feat_area);
    }
  }

  // `feature`: a's attack or area attack, which the damage is counted to.
  void damage(int a, int t, int raw, TypeMask types, bool single_attack, int feature) {
    const Fighter& ft = f(t);
    State& s = st_[t];
    const int dmg = effective(t, raw, types);
    focus_[side(a)] = t;
    if (dmg == 0) return;
    const bool lethal = s.hp - dmg < floor_hp();
    if (s.shield && single_attack &&
        (opt_.shield == ShieldPolicy::first_hit || (opt_.shield == ShieldPolicy::lethal && lethal))) {
      s.shield = false;
      ++rec(t).extra[kExtraShieldUsed];
      ++rec_.resources[kShieldsUsed];
      ENCSIM_SAY(log_, "  %s destroys their shield to negate %d damage", name(t), dmg);
      return;
    }
    if (types & ft.regenerate_blocked_by) s.regen_blocked = true;
    const int before = s.hp;
    s.hp -= dmg;
    int roll = 0;  // the check to stay at the last hit point, when one is made
    const bool stays = s.hp < floor_hp() && cheats_death(t, dmg, &roll);
    // Hit points actually lost: damage past the falling point ("once their
    // damage equals or exceeds their hit points, they perish": overkill) and
    // damage a check to stay standing wards off do not count.
    const int taken = before - std::max(s.hp, floor_hp() - 1);
    if (taken == dmg)
      ENCSIM_SAY(log_, "  %d damage to %s: %d hp left", dmg, name(t), s.hp);
    else
      ENCSIM_SAY(log_, "  %d damage to %s: %d hp lost, %d hp left", dmg, name(t), taken, before - taken);
    if (roll > 0)
      ENCSIM_SAY(log_, "  %s resists falling: d20 %d -> %d vs %d: %s", name(t), roll,
                 roll + f(t).stat[static_cast<std::size_t>(f(t).cheat_death.stat)],
                 f(t).cheat_death.dc + (f(t).cheat_death.plus_damage ? dmg : 0),
                 stays ? "stays standing" : "fails");
    if (s.hp < floor_hp()) {
      s.alive = false;
      rec(t).down = rec(t).dead = true;
      --alive_[side(t)];
      if (side(t) == 1) {
        ++foe_casualties_this_round_;
        leader_fell_this_round_ |= ft.leader;
      }
      ENCSIM_SAY(log_, "  %s falls", name(t));
    }
    rec(a).damage_dealt += taken;
    rec(t).damage_taken += taken;
    feat(feature).damage += taken;
  }

  // Undead Fortitude and the like: a check to stay at the last hit point
  // (`*roll`: the d20 rolled, 0 when there is no such feature).
  bool cheats_death(int t, int dmg, int* roll) {
    const CheatDeath& cd = f(t).cheat_death;
    if (!cd.present) return false;
    const int need = cd.dc + (cd.plus_damage ? dmg : 0);
    *roll = dice_.die(20);
    if (*roll + f(t).stat[static_cast<std::size_t>(cd.stat)] < need) return false;
    ++feat(f(t).feat_cheat_death).uses;
    st_[t].hp = floor_hp();
    return true;
  }

  // "If the opposing side's numbers dwindle or if their leader is defeated, the
  // remaining members will make a collective wisdom check ... initially
  // moderate, and becomes difficult or even incredible as the encounter
  // proceeds." Checked at the end of a round; true when the foes flee.
  bool check_morale() {
    if (!opt_.morale || foes_start_ < 2) return false;
    bool trigger = leader_fell_this_round_;
    if (!half_lost_ && alive_[1] * 2 <= foes_start_) {
      half_lost_ = true;
      trigger = true;
    }
    trigger |= morale_checks_ > 0 && foe_casualties_this_round_ > 0;  // numbers keep dwindling
    if (!trigger) return false;
    int bonus = -100;
    bool leader_alive = false;
    for (int i = enc_.n_party; i < n_; ++i) {
      if (!st_[i].alive) continue;
      const int v = f(i).stat[static_cast<std::size_t>(opt_.morale_stat)];
      if (f(i).leader && !leader_alive) {
        leader_alive = true;
        bonus = v;
      } else if (!leader_alive) {
        bonus = std::max(bonus, v);
      }
    }
    const auto& dcs = opt_.morale_dcs;
    const int dc = dcs[std::min(static_cast<std::size_t>(morale_checks_), dcs.size() - 1)];
    ++morale_checks_;
    ++rec_.resources[kMoraleChecks];
    const int roll = dice_.die(20);
    ENCSIM_SAY(log_, "Morale: the foes roll d20 %d %+d = %d vs DC %d", roll, bonus, roll + bonus, dc);
    return roll + bonus < dc;
  }

  void finish(Outcome o) {
    rec_.outcome = o;
    for (int i = 0; i < n_; ++i) {
      rec(i).hp_left = std::max(0, st_[i].hp);
      rec(i).hp_max = st_[i].hp_max;
    }
    if (carry_) [[unlikely]] carry_out();
    status(rec_.rounds);
  }

  // The replay's status block (encsim/narration.hpp).
  void status(int round) {
    if constexpr (Log::kEnabled) {
      for (int i = 0; i < n_; ++i) {
        const State& s = st_[i];
        Standing& line = log_.standing(name(i), side(i), std::max(s.hp, floor_hp() - 1), s.hp_max);
        line.dealt = rec(i).damage_dealt;
        if (f(i).inspiration > 0 || s.inspiration > 0) line.note("inspiration %d", s.inspiration);
        if (s.area_uses > 0) line.note("area attacks %d", s.area_uses);
        line.flag(s.shield, "shield").flag(s.regen_blocked, "regeneration blocked");
        if (!s.alive) line.out = "dead";
        else if (rec_.foes_fled && side(i) == 1) line.out = "fled";
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
  int alive_[2] = {0, 0};
  int focus_[2] = {-1, -1};
  Aim aim_[2] = {Aim::threat, Aim::threat};  // per side, from its play style
  bool careful_ = false;                     // the party keeps inspiration dice for defence
  int foes_start_ = 0;
  int foe_casualties_this_round_ = 0;
  bool leader_fell_this_round_ = false;
  bool half_lost_ = false;
  int morale_checks_ = 0;
  std::array<int, Encounter::kMaxFighters> order_;
  std::array<int, Encounter::kMaxFighters> free_;  // surprise winners, in the order of their free turns
  State st_[Encounter::kMaxFighters];
};

}  // namespace encsim::fivey
#include "rules/fivey/carry_fight.hpp"
