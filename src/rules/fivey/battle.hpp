// One FIVEY fight, step by step as the text's "Encounters & Combat" reads.
// Included by fivey.hpp; a template on the die source and the log so the trial
// loop inlines everything and narration costs nothing when it is off.
#pragma once

#include <algorithm>

namespace encsim::fivey {

template <class R, class Log>
class Battle {
 public:
  Battle(const Encounter& enc, R& dice, R& init, R& tact, R& setup, TrialRecord& rec, Log& log)
      : enc_(enc), opt_(enc.opt), dice_(dice), init_(init), tact_(tact), setup_(setup), rec_(rec),
        log_(log), n_(static_cast<int>(enc.fighters.size())) {}

  void run() {
    set_up();
    roll_initiative();
    for (round_ = 1; round_ <= enc_.max_rounds; ++round_) {
      rec_.rounds = round_;
      ENCSIM_SAY(log_, "-- round %d --", round_);
      foe_casualties_this_round_ = 0;
      leader_fell_this_round_ = false;
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
  }

  // "Each member of the adventuring party contests their dexterity stat against
  // the dexterity or power of the opposing party": the foes roll once with
  // their best dexterity; each party member who beats it acts before them.
  void roll_initiative() {
    int foe_dex = -100;
    for (int i = enc_.n_party; i < n_; ++i) foe_dex = std::max(foe_dex, f(i).stat[kDexterity]);
    const int foe_roll = init_.die(20) + foe_dex;
    ENCSIM_SAY(log_, "Initiative: the foes roll %d (best dexterity %+d)", foe_roll, foe_dex);
    std::array<int, Encounter::kMaxFighters> roll, before, after;
    int early = 0, late = 0;
    for (int i = 0; i < enc_.n_party; ++i) {
      roll[static_cast<std::size_t>(i)] = init_.die(20) + f(i).stat[kDexterity];
      const bool wins = roll[static_cast<std::size_t>(i)] > foe_roll ||
                        (opt_.initiative_ties_to_party && roll[static_cast<std::size_t>(i)] == foe_roll);
      ENCSIM_SAY(log_, "  %s rolls %d: %s the foes", name(i), roll[static_cast<std::size_t>(i)], wins ? "before" : "after");
      (wins ? before[static_cast<std::size_t>(early++)] : after[static_cast<std::size_t>(late++)]) = i;
    }
    // Highest first, ties in listed order. An insertion sort: std::stable_sort
    // would allocate a buffer in every trial.
    auto sort_by_roll = [&](std::array<int, Encounter::kMaxFighters>& v, int count) {
      for (int k = 1; k < count; ++k) {
        const int x = v[static_cast<std::size_t>(k)];
        int j = k;
        for (; j > 0 && roll[static_cast<std::size_t>(v[static_cast<std::size_t>(j - 1)])] < roll[static_cast<std::size_t>(x)]; --j)
          v[static_cast<std::size_t>(j)] = v[static_cast<std::size_t>(j - 1)];
        v[static_cast<std::size_t>(j)] = x;
      }
    };
    sort_by_roll(before, early);
    sort_by_roll(after, late);
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
      if (r.when.holds(view)) return &r;
    }
    return nullptr;
  }

  // The living enemy of `i` that `target` picks, skipping the `n_skip` in `skip`.
  int select(int i, tactics::Target target, const int* skip, int n_skip) {
    const int lo = side(i) == 0 ? enc_.n_party : 0;
    const int hi = side(i) == 0 ? n_ : enc_.n_party;
    auto usable = [&](int j) { return st_[j].alive && (n_skip == 0 || std::find(skip, skip + n_skip, j) == skip + n_skip); };
    using tactics::Target;
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

  // A PC may add one inspiration die after seeing a roll that fell short.
  bool inspire(int i, int& total, int needed, const char* what) {
    if (!f(i).pc || st_[i].inspiration == 0 || opt_.inspiration_shortfall == 0) return false;
    if (needed - total > opt_.inspiration_shortfall) return false;
    const int die = spend_die(i);
    total += die;
    ENCSIM_SAY(log_, "  %s spends an inspiration die on the %s: +%d = %d", name(i), what, die, total);
    return total >= needed;
  }

  void attack(int a, int t) {
    const Fighter& fa = f(a);
    ++rec(a).attacks;
    st_[t].last_attacker = a;
    if (!fa.ranged) st_[t].engaged = true;  // whoever is attacked in melee needs no move to strike back
    const int roll = d20(fa.advantage);
    int total = roll + fa.attack_bonus;
    const int dc = defense(t);
    bool hit = total >= dc;
    if (roll == 20 && opt_.natural_20_hits) hit = true;
    if (roll == 1 && opt_.natural_1_misses) hit = false;
    ENCSIM_SAY(log_, "%s attacks %s: d20 %d %+d = %d vs defense %d: %s", name(a), name(t), roll,
               fa.attack_bonus, total, dc, hit ? "hit" : "miss");
    int bonus = 0;
    if (roll == 20 && fa.pc && opt_.natural_20_inspiration) {
      ++st_[a].inspiration;
      ++rec_.resources[kInspirationGained];
      ENCSIM_SAY(log_, "  a natural 20: %s gains an inspiration die", name(a));
      if (hit && opt_.natural_20_die_to_damage) {
        bonus = spend_die(a);
        ENCSIM_SAY(log_, "  ... and spends it on damage: +%d", bonus);
      }
    }
    if (!hit && !(roll == 1 && opt_.natural_1_misses) && inspire(a, total, dc, "attack")) {
      hit = true;
      ++rec_.resources[kInspirationHits];
    }
    if (!hit) return;
    ++rec(a).hits;
    if (roll == 20) ++rec(a).crits;
    damage(a, t, fa.damage.roll(dice_) + bonus, fa.attack_types, true);
  }

  void area_attack(int a, tactics::Target target) {
    const Fighter& fa = f(a);
    const AreaAttack& area = fa.area;
    State& s = st_[a];
    if (s.area_uses > 0) --s.area_uses;
    ++rec(a).extra[kExtraAreaAttacks];
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
      int dmg = (opt_.area_damage_per_target && k > 0) ? area.damage.roll(dice_) : shared;
      const int roll = dice_.die(20);
      int total = roll + f(t).stat[static_cast<std::size_t>(area.save_stat)];
      bool saved = total >= dc || inspire(t, total, dc, "save");
      ENCSIM_SAY(log_, "  %s saves d20 %d -> %d vs %d: %s", name(t), roll, total, dc,
                 saved ? "half damage" : "full damage");
      if (saved) dmg /= 2;
      st_[t].last_attacker = a;
      damage(a, t, dmg, area.types, false);
    }
  }

  void damage(int a, int t, int raw, TypeMask types, bool single_attack) {
    const Fighter& ft = f(t);
    State& s = st_[t];
    int dmg = std::max(0, raw);
    if (types & ft.immune) dmg = 0;
    if (types & ft.resist) dmg /= 2;
    if (types & ft.vulnerable) dmg *= 2;
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
    ENCSIM_SAY(log_, "  %d damage to %s: %d hp left", dmg, name(t), s.hp);
    if (s.hp < floor_hp() && !cheats_death(t, dmg)) {
      s.alive = false;
      rec(t).down = rec(t).dead = true;
      --alive_[side(t)];
      if (side(t) == 1) {
        ++foe_casualties_this_round_;
        leader_fell_this_round_ |= ft.leader;
      }
      ENCSIM_SAY(log_, "  %s falls", name(t));
    }
    // Hit points actually lost: overkill below the falling point does not count.
    const int taken = before - std::max(s.hp, floor_hp() - 1);
    rec(a).damage_dealt += taken;
    rec(t).damage_taken += taken;
  }

  // Undead Fortitude and the like: a check to stay at the last hit point.
  bool cheats_death(int t, int dmg) {
    const CheatDeath& cd = f(t).cheat_death;
    if (!cd.present) return false;
    const int need = cd.dc + (cd.plus_damage ? dmg : 0);
    const int roll = dice_.die(20);
    const int total = roll + f(t).stat[static_cast<std::size_t>(cd.stat)];
    ENCSIM_SAY(log_, "  %s resists falling: d20 %d -> %d vs %d", name(t), roll, total, need);
    if (total < need) return false;
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
    if (o == Outcome::party_win && !rec_.foes_fled)
      ENCSIM_SAY(log_, "The party wins in round %d.", rec_.rounds);
    if (o == Outcome::foes_win) ENCSIM_SAY(log_, "The foes win in round %d.", rec_.rounds);
  }

  const Encounter& enc_;
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
  int foes_start_ = 0;
  int foe_casualties_this_round_ = 0;
  bool leader_fell_this_round_ = false;
  bool half_lost_ = false;
  int morale_checks_ = 0;
  std::array<int, Encounter::kMaxFighters> order_;
  State st_[Encounter::kMaxFighters];
};

template <class R, class Log>
void Encounter::simulate_with(R& dice, R& init, R& tact, R& setup, TrialRecord& out, Log& log) const {
  Battle<R, Log>(*this, dice, init, tact, setup, out, log).run();
}

}  // namespace encsim::fivey
