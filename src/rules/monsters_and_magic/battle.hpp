// One Monsters & Magic fight, step by step as seed 002's "Combat" and "Harm &
// Healing" read. Included by mnm.hpp; a template on the die source and the
// log, so the trial loop inlines and narration costs nothing when off. The
// state is fixed-size: no allocation and no virtual call per trial.
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

  // Sessions (carry.hpp): start from the party's carried state, leave the end state there.
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
  // Exhaustion", "Conditions").

  // The exhaustion penalty: PCs follow Fibonacci from the second level
  // (-1, -1, -2, -3, ...), monsters -1 per level.
  int exhaustion_penalty(int i) const {
    const int e = st_[i].exhaustion;
    return f(i).pc ? Encounter::pc_exhaustion_penalty(e) : -e;
  }
  // Ongoing modifiers on every check: exhaustion, weakened (frightened makes
  // you weakened), armour worn without proficiency.
  int check_mod(int i) const {
    const bool weak = has(i, kWeakened) || has(i, kFrightened);
    return exhaustion_penalty(i) + (weak ? -2 : 0) + f(i).check_penalty;
  }
  // Forward modifiers end when used: Help's +BOND and Prepared's +2.
  int take_forward(int i) {
    State& s = st_[i];
    int v = s.forward;
    s.forward = 0;
    if (has(i, kPrepared)) {
      v += 2;
      clear_cond(i, kPrepared);
    }
    return v;
  }
  int advantage_of(int up, int down) const {
    if (opt_.advantage_sum) return up > down ? 1 : up < down ? -1 : 0;
    return (up > 0) == (down > 0) ? 0 : up > 0 ? 1 : -1;
  }
  // "Dodge": only "as long as you aren't incapacitated and have a speed
  // greater than 0": not while unconscious, stunned or restrained.
  bool dodging(int t) const {
    return has(t, kDodging) && st_[t].conscious && !has(t, kStunned) && !has(t, kRestrained);
  }
  int d20(int advantage) {
    const int a = dice_.die(20);
    if (advantage == 0) return a;
    const int b = dice_.die(20);
    return advantage > 0 ? std::max(a, b) : std::min(a, b);
  }
  Roll make_roll(int bonus, int advantage, int dc) {
    const int natural = d20(advantage);
    return Roll{natural, natural + bonus, dc, tier_of(natural, natural + bonus, dc)};
  }

  // "Whenever you roll a critical hit or critical miss": the PC regains a
  // thread and the GM gains one.
  void note_natural(int i, int natural) {
    if (natural != 20 && natural != 1) return;
    if (f(i).pc) {
      if (st_[i].threads < f(i).pb) {
        ++st_[i].threads;
        ++rec_.resources[kPcThreadsRegained];
        ENCSIM_SAY(log_, "  a natural %d: %s regains a thread (%d)", natural, name(i), st_[i].threads);
      }
      gm_gain("a PC's critical");
    } else if (opt_.gm_threads_on_monster_crits) {
      gm_gain("a monster's critical");
    }
  }
  void gm_gain(const char* why) {
    ++gm_threads_;
    ++rec_.resources[kGmThreadsGained];
    ENCSIM_SAY(log_, "  the GM gains a thread (%s): %d", why, gm_threads_);
  }
  bool gm_spend(int cost) {
    if (gm_threads_ < cost) return false;
    gm_threads_ -= cost;
    rec_.resources[kGmThreadsSpent] += cost;
    return true;
  }

  // Threads of fate: Inspired pays first (and the GM gains nothing).
  bool can_spend(int i, int reserve) const {
    return f(i).pc && (has(i, kInspired) || st_[i].threads > reserve);
  }
  void spend_thread(int i) {
    ++rec_.resources[kPcThreadsSpent];
    ++rec(i).extra[kExtraThreadsSpent];
    if (has(i, kInspired)) {
      clear_cond(i, kInspired);
      ++rec_.resources[kPcInspiredUses];
      ENCSIM_SAY(log_, "  %s clears inspired to use a thread", name(i));
      return;
    }
    --st_[i].threads;
    gm_gain("a PC spent one");
  }

  // A PC's own check that went badly: Bend Luck when +LUCK lifts it a tier,
  // else Feeling Lucky (a fresh luck roll replaces it).
  void rescue_own(int i, Roll& r, bool lift_weak, int reserve) {
    if (!can_spend(i, reserve)) return;
    const int luck = f(i).ability[kLuck];
    if (r.tier <= kMiss) {
      if (luck > 0 && r.natural != 1 && tier_of(r.natural, r.total + luck, r.dc) >= kWeak) {
        spend_thread(i);
        ++rec_.resources[kPcBendLuck];
        r.total += luck;
        r.tier = tier_of(r.natural, r.total, r.dc);
        ENCSIM_SAY(log_, "  %s bends luck: %+d = %d, %s", name(i), luck, r.total, tier_name(r.tier));
        return;
      }
      spend_thread(i);
      ++rec_.resources[kPcFeelingLucky];
      const int natural = dice_.die(20);
      r.natural = natural;
      r.total = natural + luck + check_mod(i);
      r.tier = tier_of(r.natural, r.total, r.dc);
      ENCSIM_SAY(log_, "  %s is feeling lucky: luck roll d20 %d -> %d, %s", name(i), natural, r.total,
                 tier_name(r.tier));
      note_natural(i, natural);
    } else if (lift_weak && r.tier == kWeak && luck > 0 && tier_of(r.natural, r.total + luck, r.dc) == kStrong) {
      spend_thread(i);
      ++rec_.resources[kPcBendLuck];
      r.total += luck;
      r.tier = kStrong;
      ENCSIM_SAY(log_, "  %s bends luck: %+d = %d, strong hit", name(i), luck, r.total);
    }
  }
  // "Threads of Fate", the GM's first use: reroll a PC's strong or critical
  // hit on a monster, or a PC's save against a monster's effect that beat a
  // miss, and keep the worse; the GM holds back the price of its dearest
  // thread ability (option gm_reroll_pc).
  void gm_reroll_pc(int i, Roll& r, int bonus, int adv) {
    const bool worth = r.dc > 0 ? r.tier >= kWeak : r.tier >= kStrong;
    if (!opt_.gm_reroll_pc || !worth || gm_threads_ <= enc_.gm_keep) return;
    gm_spend(1);
    ++rec_.resources[kGmRerolls];
    const Roll again = make_roll(bonus, adv, r.dc);
    const bool kept = again.tier < r.tier;
    ENCSIM_SAY(log_, "  the GM spends a thread to reroll %s's roll: d20 %d %+d = %d, %s (%s)", name(i), again.natural,
               bonus, again.total, tier_name(again.tier), kept ? "kept" : "the first stands");
    if (!kept) return;
    r = again;
    note_natural(i, again.natural);  // only a roll that stands is the PC's critical
  }

  // A PC bends luck against an attack on them when -LUCK lowers its result
  // and the hit could get through their AC (`max_damage`: its most); when it
  // cannot lower a strong or critical hit, Feeling Lucky: their own luck roll
  // stands in for the attack roll ("a creature has made against you").
  void rescue_against(int t, Roll& r, int max_damage) {
    if (opt_.pc_thread_defense == ThreadDefensePolicy::never || !can_spend(t, opt_.pc_thread_reserve)) return;
    if (max_damage <= effective_ac(t)) return;
    const int luck = f(t).ability[kLuck];
    const bool worth = r.tier == kStrong || (r.tier == kWeak && opt_.pc_thread_defense == ThreadDefensePolicy::any);
    const Tier lower = tier_of(r.natural, r.total - luck, r.dc);
    if (opt_.pc_feeling_lucky_defense && r.tier >= kStrong && (luck <= 0 || lower >= r.tier)) {
      spend_thread(t);
      ++rec_.resources[kPcFeelingLucky];
      const int natural = dice_.die(20);
      r.natural = natural;
      r.total = natural + luck + check_mod(t);
      r.tier = tier_of(r.natural, r.total, r.dc);
      ENCSIM_SAY(log_, "  %s is feeling lucky against it: luck roll d20 %d -> %d, %s", name(t), natural, r.total,
                 tier_name(r.tier));
      note_natural(t, natural);
      return;
    }
    if (!worth || luck <= 0) return;
    if (lower >= r.tier) return;
    spend_thread(t);
    ++rec_.resources[kPcBendLuck];
    r.total -= luck;
    r.tier = lower;
    ENCSIM_SAY(log_, "  %s bends luck against it: %+d = %d, %s", name(t), -luck, r.total, tier_name(r.tier));
  }

  // A saving throw by `t` with `ability` against `dc`, threads included.
  Roll save(int src, int t, int ability, int dc, int advantage) {
    if (ability == kCunning && dodging(t)) advantage = 1;  // Dodge: cunning saves with advantage
    const int bonus = f(t).ability[static_cast<std::size_t>(ability)] + check_mod(t) + take_forward(t);
    Roll r = make_roll(bonus, advantage, dc);
    ENCSIM_SAY(log_, "  %s saves with %s: d20 %d %+d = %d vs DC %d, %s", name(t),
               ability_names()[static_cast<std::size_t>(ability)].c_str(), r.natural, bonus, r.total, dc,
               tier_name(r.tier));
    note_natural(t, r.natural);
    if (f(t).pc && side(src) == 1) gm_reroll_pc(t, r, bonus, advantage);
    if (f(t).pc && opt_.pc_thread_attacks != ThreadAttackPolicy::never)
      rescue_own(t, r, opt_.pc_thread_attacks == ThreadAttackPolicy::misses_and_weak, opt_.pc_thread_reserve);
    return r;
  }

  // ---------------------------------------------------------------------------
  // Conditions & statuses: no stacking; a condition inflicted again is
  // detonated or extended, a status extended.

  void clear_cond(int i, int c) {
    State& s = st_[i];
    s.cond &= ~bit(c);
    s.timed &= ~bit(c);
    if (s.timed == 0) timed_ &= ~(std::uint64_t{1} << i);
    if (c == kRestrained) s.restrained_by = -1;
  }
  void set_timer(int i, int c, int owner, int turn, bool at_start) {
    State& s = st_[i];
    s.timed |= bit(c);
    timed_ |= std::uint64_t{1} << i;
    s.timer[c] = Timer{static_cast<std::int16_t>(owner), static_cast<std::int16_t>(turn), at_start};
  }
  // Default duration: to the end of the creature's next turn. `owner` >= 0
  // ends it at the start of that creature's next turn instead; `until_freed`
  // keeps it until something ends it (a grapple's miss).
  void apply_cond(int src, int t, int c, TypeMask types, int owner = -1, bool until_freed = false) {
    State& s = st_[t];
    if (!s.conscious) return;  // the unconscious are already prone and stunned
    if (has(t, c)) {
      // "Conditions": inflicted again, it is detonated or extended whatever
      // its duration: prone, restrained until freed, doomed and lasting ones too.
      if (c < kFirstStatus && opt_.reapply == ReapplyPolicy::detonate) {
        clear_cond(t, c);
        ++rec_.resources[kDetonations];
        // 3 fatigue when that knocks the target out (2 or fewer left), else 1d10 damage.
        if (fatigue_left(t) < 3) {
          ENCSIM_SAY(log_, "  %s detonates %s on %s: 3 fatigue", name(src), cond_name(c), name(t));
          mark_fatigue(t, 3, src);
        } else {
          const int dmg = dice_.die(10);
          ENCSIM_SAY(log_, "  %s detonates %s on %s: d10 %d damage", name(src), cond_name(c), name(t), dmg);
          deal(src, t, dmg, types, false);
        }
        return;
      }
      if ((s.timed & bit(c)) == 0) {
        ENCSIM_SAY(log_, "  %s is already %s with no end to extend", name(t), cond_name(c));
        return;
      }
      ++s.timer[c].turn;
      ENCSIM_SAY(log_, "  %s extends %s on %s by a turn", name(src), cond_name(c), name(t));
      return;
    }
    s.cond |= bit(c);
    if (c < kFirstStatus) {
      ++rec_.resources[kConditionsApplied];
      if (src >= 0) ++rec(src).extra[kExtraConditionsApplied];
      if (src >= 0 && st_[src].acting >= 0) ++feat(st_[src].acting).conditions;
    }
    // Prone lasts until the creature stands; doomed "until you free yourself".
    if (until_freed || c == kProne || (c == kDoomed && opt_.doomed_until_freed)) {
      ENCSIM_SAY(log_, "  %s is %s", name(t), cond_name(c));
      return;
    }
    if (owner >= 0)
      set_timer(t, c, owner, st_[owner].turns + 1, true);
    else
      set_timer(t, c, t, st_[t].turns + 1, false);
    ENCSIM_SAY(log_, "  %s is %s", name(t), cond_name(c));
  }
  // Ends every timer of `owner` that is due at the start or end of its turn.
  // Only those with a timer can have one due (timed_): it runs twice a turn.
  void expire(int owner, bool at_start) {
    for (std::uint64_t due = timed_; due; due &= due - 1) {
      const int j = std::countr_zero(due);
      State& s = st_[j];
      for (CondMask m = s.timed; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        const Timer& t = s.timer[c];
        if (t.owner == owner && t.at_start == at_start && st_[owner].turns >= t.turn) {
          clear_cond(j, c);
          if (c < kExposed && !s.dead) ENCSIM_SAY(log_, "  %s is no longer %s", name(j), cond_name(c));
        }
      }
    }
  }

  // ---------------------------------------------------------------------------
  // Harm & healing.

  int effective_ac(int t) const {
    int ac = f(t).ac + (f(t).partial_cover ? 2 : 0) + (has(t, kProtected) ? 2 : 0) - (has(t, kSundered) ? 2 : 0);
    return std::max(0, ac);
  }
  // Fatigue `t` can still mark before it falls unconscious.
  int fatigue_left(int t) const {
    const Fighter& ft = f(t);
    const State& s = st_[t];
    return (ft.fatigue - s.fatigue) + (ft.exhaustion - s.exhaustion) * (ft.fatigue + 1);
  }

  void knock_out(int t) {
    State& s = st_[t];
    if (!s.conscious) return;
    s.conscious = false;
    --alive_[side(t)];
    up_ &= ~(std::uint64_t{1} << t);
    s.cond |= bit(kProne);
    s.fell_near = s.reach;
    drop_reach(t);
    end_concentration(t);
  }
  // "Concentrate on a Spell": the held condition ends when the caster stops.
  void end_concentration(int i) {
    State& s = st_[i];
    if (s.conc_target < 0) return;
    if (has(s.conc_target, s.conc_cond) && (st_[s.conc_target].timed & bit(s.conc_cond)) == 0) {
      clear_cond(s.conc_target, s.conc_cond);
      ENCSIM_SAY(log_, "  %s's concentration ends: %s is no longer %s", name(i), name(s.conc_target),
                 cond_name(s.conc_cond));
    }
    s.conc_target = s.conc_cond = -1;
  }
  // A creature that wakes lies where it fell: the foes that stood in its
  // reach and still stand are in its reach again.
  void wake(int t) {
    st_[t].conscious = true;
    ++alive_[side(t)];
    up_ |= std::uint64_t{1} << t;
    for (std::uint64_t m = st_[t].fell_near & up_; m; m &= m - 1) reach_each_other(t, std::countr_zero(m));
    st_[t].fell_near = 0;
  }
  void drop_reach(int t) {
    for (std::uint64_t m = st_[t].reach; m; m &= m - 1) st_[std::countr_zero(m)].reach &= ~(std::uint64_t{1} << t);
    st_[t].reach = 0;
  }
  void die(int t) {
    knock_out(t);
    drop_reach(t);
    State& s = st_[t];
    s.dead = true;
    s.dying = s.stable = false;
    ENCSIM_SAY(log_, "  %s dies", name(t));
  }

  // Marks one exhaustion; false when none is left: unconscious, or dead while dying.
  bool mark_exhaustion(int t) {
    State& s = st_[t];
    if (s.exhaustion < f(t).exhaustion) {
      ++s.exhaustion;
      ++rec(t).extra[kExtraExhaustionMarked];
      if (f(t).pc) ++rec_.resources[kExhaustionMarked];
      ENCSIM_SAY(log_, "  %s marks exhaustion %d of %d (checks %+d)", name(t), s.exhaustion, f(t).exhaustion,
                 exhaustion_penalty(t));
      return true;
    }
    if (s.dying) {
      ENCSIM_SAY(log_, "  %s has no exhaustion left to mark", name(t));
      die(t);
    } else if (s.conscious) {
      ENCSIM_SAY(log_, "  %s has no exhaustion left to mark and falls unconscious", name(t));
      knock_out(t);
    }
    return false;
  }
  // "Fatigue & Exhaustion": the ratchet. A point that does not fit the level
  // marks the next exhaustion instead, and the fatigue resets to 0.
  void mark_fatigue(int t, int n, int src) {
    State& s = st_[t];
    if (s.dead) return;
    for (int k = 0; k < n; ++k) {
      if (src >= 0 && src != t) {
        ++rec(src).extra[kExtraFatigueInflicted];
        ++rec_.resources[kFatigueInflicted];
      }
      ++rec(t).extra[kExtraFatigueMarked];
      if (s.fatigue < f(t).fatigue) {
        ++s.fatigue;
        continue;
      }
      if (!mark_exhaustion(t)) return;
      s.fatigue = 0;
    }
    ENCSIM_SAY(log_, "  %s marks %d fatigue: %d of %d at exhaustion %d", name(t), n, s.fatigue, f(t).fatigue,
               s.exhaustion);
  }

  // "Armor Class" then "Resistance & Vulnerability", then temporary hit points.
  void deal(int a, int t, int raw, TypeMask types, bool weak) {
    const Fighter& ft = f(t);
    State& s = st_[t];
    if (s.dead) return;
    const int ac = effective_ac(t);
    const int absorbed = std::min(std::max(raw, 0), ac);
    int dmg = std::max(raw, 0) - absorbed;
    rec_.resources[kAcAbsorbed] += absorbed;
    rec(t).extra[kExtraAcAbsorbed] += absorbed;
    if (types & ft.immune) dmg = 0;
    if (types & ft.resist) dmg /= 2;
    if (types & ft.vulnerable) dmg *= 2;
    if (a >= 0) focus_[side(a)] = t;
    ENCSIM_SAY(log_, "  %d damage, AC %d absorbs %d: %d to %s", raw, ac, absorbed, dmg, name(t));
    if (dmg <= 0) return;
    if (s.hp == 0) {  // "If you take damage while dying, mark 1-exhaustion."
      ENCSIM_SAY(log_, "  %s has no hp to lose: 0 hp lost", name(t));
      if (s.stable) {
        s.stable = false;
        s.dying = true;
        s.deathsaves = 0;
      }
      mark_exhaustion(t);
      return;
    }
    const int from_temp = std::min(s.temp_hp, dmg);
    s.temp_hp -= from_temp;
    const int lost = std::min(s.hp, dmg - from_temp);
    s.hp -= lost;
    if (a >= 0) {
      rec(a).damage_dealt += lost;
      if (st_[a].acting >= 0) feat(st_[a].acting).damage += lost;
    }
    rec(t).damage_taken += lost;
    if (from_temp) ENCSIM_SAY(log_, "  %d taken from temporary hit points", from_temp);
    // The totals count hp lost: not what temporary hit points took, nor
    // damage past 0 hp.
    if (lost == dmg)
      ENCSIM_SAY(log_, "  %s: %d hp left", name(t), s.hp);
    else
      ENCSIM_SAY(log_, "  %s: %d hp lost, %d hp left", name(t), lost, s.hp);
    if (s.hp == 0) fall(t);
    // Retaliate: "a creature within your reach" dealt damage with a weak hit,
    // whatever it struck with (reach is melee reach, "Reach & Range").
    if (weak && a >= 0 && in_reach(t, a) && opt_.retaliate && s.conscious && s.reaction && !has(t, kStunned) &&
        st_[a].conscious) {
      s.reaction = false;
      ++rec_.resources[kRetaliations];
      ENCSIM_SAY(log_, "  %s retaliates against %s", name(t), name(a));
      mark_fatigue(a, 1, t);
    }
  }

  // "Death & Dying": PCs (and, by option, monsters) fall unconscious and
  // prone and start dying at 0 hp; other creatures die.
  void fall(int t) {
    State& s = st_[t];
    if (!f(t).pc && opt_.monsters_die_at_zero) return die(t);
    knock_out(t);
    if (s.dead) return;
    s.dying = true;
    s.stable = false;
    s.deathsaves = 0;
    ++rec(t).extra[kExtraDying];
    ENCSIM_SAY(log_, "  %s falls unconscious and prone, dying", name(t));
  }
  void stabilise(int t) {
    State& s = st_[t];
    s.dying = false;
    s.stable = true;
    s.deathsaves = 0;
    ++rec_.resources[kStabilised];
  }
  void heal(int t, int amount) {
    State& s = st_[t];
    if (s.dead || amount <= 0) return;
    if (s.hp == 0) {  // "your HP is reset to 0 plus the amount you were healed"
      s.hp = std::min(f(t).hp, amount);
      s.dying = s.stable = false;
      s.deathsaves = 0;
      if (!s.conscious && s.exhaustion <= f(t).exhaustion) {
        wake(t);
      }
      ENCSIM_SAY(log_, "  %s is healed to %d hp and wakes", name(t), s.hp);
      return;
    }
    s.hp = std::min(f(t).hp, s.hp + amount);
    ENCSIM_SAY(log_, "  %s is healed to %d hp", name(t), s.hp);
  }

  // On a dying creature's turn: a luck roll.
  void death_save(int i) {
    State& s = st_[i];
    ++rec_.resources[kDeathSaves];
    ++rec(i).extra[kExtraDeathSaves];
    const int bonus = f(i).ability[kLuck] + check_mod(i);
    Roll r = make_roll(bonus, 0, 0);
    ENCSIM_SAY(log_, "%s is dying: luck roll d20 %d %+d = %d, %s", name(i), r.natural, bonus, r.total,
               tier_name(r.tier));
    note_natural(i, r.natural);
    if (f(i).pc && opt_.pc_thread_death_saves) rescue_own(i, r, false, 0);
    switch (r.tier) {
      case kCrit:
        stabilise(i);
        s.hp = 1;
        wake(i);
        ENCSIM_SAY(log_, "  %s stabilises, heals 1 hp and wakes", name(i));
        break;
      case kStrong:
        stabilise(i);
        ENCSIM_SAY(log_, "  %s stabilises", name(i));
        break;
      case kWeak:
        if (++s.deathsaves >= 3) {
          stabilise(i);
          ENCSIM_SAY(log_, "  %s holds a third deathsave and stabilises", name(i));
        } else {
          ENCSIM_SAY(log_, "  %s holds %d deathsave(s)", name(i), s.deathsaves);
        }
        break;
      default: mark_exhaustion(i);
    }
  }

  // ---------------------------------------------------------------------------
  // A turn ("Action Points", "Basic Techniques").

  int move_cost(int i) const { return 1 + st_[i].moves; }
  int strike_cost(int i) const { return 1 + st_[i].strikes; }
  bool used(int i, int a) const { return (st_[i].used & (1u << a)) != 0; }
  // A foe that stood in reach of a creature when it fell still has it in reach.
  bool in_reach(int i, int t) const {
    return ((st_[i].reach >> t) & 1u) || (!st_[t].conscious && ((st_[t].fell_near >> i) & 1u));
  }
  bool engaged(int i) const { return st_[i].reach != 0; }
  int moves_to_reach(int i) const {
    // Shifting from one foe to another takes one Move, even once it has left the first.
    int m = engaged(i) || st_[i].shifting ? 1 : opt_.approach_moves;
    if (has(i, kSlowed)) m *= 2;
    if (has(i, kHastened)) m = (m + 1) / 2;
    return m;
  }
  // Strikes with a melee weapon and grapples need the target in reach.
  bool needs_reach(int i, int action) const { return (f(i).reach_actions >> action) & 1u; }
  bool can_react(int j) const {
    return st_[j].conscious && st_[j].reaction && !has(j, kStunned);
  }

  void turn(int i) {
    State& s = st_[i];
    ++s.turns;
    expire(i, true);
    s.reaction = true;
    s.readied = false;  // "If the trigger is not tripped by the start of your next turn, it ends"
    s.used = 0;
    s.moves = s.strikes = 0;
    s.disengaged = false;
    if (s.dying) {
      death_save(i);
    } else if (s.conscious) {
      take_turn(i);
    }
    expire(i, false);
  }

  void take_turn(int i) {
    State& s = st_[i];
    // 1. Restrained: a grappler lets go when impaired, stunned or out;
    //    otherwise mark 3 fatigue to break free if that leaves you standing.
    if (has(i, kRestrained)) {
      const int g = s.restrained_by;
      if (g >= 0 && (!st_[g].conscious || has(g, kStunned) || has(g, kImpaired))) {
        clear_cond(i, kRestrained);
        ENCSIM_SAY(log_, "%s is no longer restrained", name(i));
      } else if (fatigue_left(i) >= 3) {  // marking 3 of 3 left keeps it conscious
        ENCSIM_SAY(log_, "%s marks 3 fatigue to break free", name(i));
        clear_cond(i, kRestrained);
        mark_fatigue(i, 3, -1);
      }
    }
    // 2. Start-of-turn conditions and statuses.
    if (has(i, kDoomed)) {
      ENCSIM_SAY(log_, "%s is doomed", name(i));
      mark_fatigue(i, 1, -1);
    }
    if (has(i, kInvigorated) && s.fatigue > 0) --s.fatigue;
    if (!s.conscious) return;
    // 3. Action points.
    s.ap = 3 + (has(i, kQuickened) ? 1 : 0) - (has(i, kImpaired) ? 1 : 0);
    if (has(i, kStunned) || has(i, kRestrained)) s.ap = 0;
    ENCSIM_SAY(log_, "%s's turn: %d AP", name(i), s.ap);
    // Concentrate (1 AP) first, to keep its spell's condition while it lasts.
    if (s.conc_target >= 0) {
      if (!has(s.conc_target, s.conc_cond) || !st_[s.conc_target].conscious) {
        s.conc_target = s.conc_cond = -1;  // detonated, or the target is out
      } else if (s.ap >= 1) {
        spend(i, 1);
        ENCSIM_SAY(log_, "%s concentrates: %s stays %s", name(i), name(s.conc_target), cond_name(s.conc_cond));
      } else {
        end_concentration(i);
      }
    }
    // 4. Stand up from prone with a Move.
    if (has(i, kProne) && s.ap >= move_cost(i)) {
      spend(i, move_cost(i));
      ++s.moves;
      clear_cond(i, kProne);
      ENCSIM_SAY(log_, "%s stands up", name(i));
    }
    // 5. The tactics, until nothing can be paid for.
    while (s.ap > 0 && s.conscious && alive_[1 - side(i)] > 0) {
      int target = -1;
      const tactics::Rule* rule = f(i).styled && style(i).scored ? choose_scored(i, target) : choose_rule(i, target);
      if (!rule) break;
      if (rule->action == kPass) break;
      act(i, *rule, target);
    }
  }

  void spend(int i, int ap) {
    st_[i].ap -= ap;
    rec(i).extra[kExtraApSpent] += ap;
    ++rec(i).actions;
  }

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
  int dying_allies(int i) const {
    int c = 0;
    for (int j = side(i) == 0 ? 0 : enc_.n_party, hi = side(i) == 0 ? enc_.n_party : n_; j < hi; ++j)
      c += st_[j].dying ? 1 : 0;
    return c;
  }

  const tactics::Rule* choose_rule(int i, int& target) {
    const View view{this, i};
    for (const tactics::Rule& r : f(i).rules) {
      if (!r.when.holds(view)) continue;
      if (affordable(i, r, target)) return &r;
    }
    return nullptr;
  }

  // "Retrieve Item": the item retrieved plus +CUNNING small items (option
  // retrieve_item: cunning_only), as far as the loadout has free spots.
  int retrievable(int i) const {
    const State& s = st_[i];
    const int per_use = f(i).ability[kCunning] + (opt_.retrieve_adds_item ? 1 : 0);
    return std::max(0, std::min({s.potions - s.ready_potions, f(i).loadout - s.ready_potions, per_use}));
  }

  // The ally a support technique helps, or -1: the one in the worst need,
  // never the first listed of equals (ties at random, tactics stream).
  //   Use Item: a dying ally, then a stable one, then the standing ally at the
  //   smallest share of its hit points (at most the style's heal_at).
  //   Aid: a dying ally, then one out from exhaustion, then a fatigued one;
  //   among dying ones the fewest fatigue left (closest to death).
  //   Help: the ally with the most damage a Strike.
  int ally_in_need(int i, int action) {
    const int lo = side(i) == 0 ? 0 : enc_.n_party, hi = side(i) == 0 ? enc_.n_party : n_;
    const double heal_at = f(i).styled ? style(i).heal_at : 0.5;
    std::uint64_t pool = 0;
    for (int j = lo; j < hi; ++j) pool |= std::uint64_t{!st_[j].dead} << j;
    return best_by(pool, [&](int j) -> std::pair<int, double> {
      const State& s = st_[j];
      if (action == kUseItem) {
        if (s.hp == 0) return {s.dying ? 3 : 2, -fatigue_left(j)};
        const double frac = static_cast<double>(s.hp) / f(j).hp;
        if (s.conscious && frac <= heal_at) return {1, -frac};
      } else if (action == kAid && !s.aided) {
        if (s.dying) return {3, -fatigue_left(j)};
        if (!s.conscious && s.hp > 0) return {2, 0.0};  // out from exhaustion
        if (j != i && s.conscious && s.fatigue > 0) return {1, s.fatigue};
      } else if (action == kHelp) {
        if (j != i && s.conscious) return {1, f(j).mean_damage};
      }
      return {0, 0.0};
    }, 1);
  }

  // Whether `rule` can be paid for now; sets `target`.
  // ---------------------------------------------------------------------------
  // The scoring rule (docs/rules/monsters-and-magic.md, "Play styles"): what
  // each usable attack is worth now, in hit points (or their equivalent),
  // from the chances of the result chart and the damage tables worked out at
  // compile time. A few sums per choice; nothing is rolled.

  const StyleRule& style(int i) const { return enc_.play[side(i)]; }

  // Chances of a critical miss, miss, weak, strong and critical result of
  // d20 + bonus against `dc` (chart_odds()), moved by `step` effect steps as
  // step_tier() moves a result. Attacks (dc 0) read the chart from a table.
  static std::array<double, 5> odds(int bonus, int adv, int dc, int step = 0) {
    std::array<double, 5> p = dc == 0 ? attack_chart(bonus, adv) : chart_odds(bonus, adv, dc);
    if (step > 0) p = {p[0], 0.0, p[1], p[2] + p[3], p[4]};
    if (step < 0) p = {p[0], p[1] + p[2], p[3], 0.0, p[4]};
    return p;
  }
  double type_factor(int t, TypeMask types) const {
    const Fighter& ft = f(t);
    if (types & ft.immune) return 0.0;
    return (types & ft.resist ? 0.5 : 1.0) * (types & ft.vulnerable ? 2.0 : 1.0);
  }
  // What inflicting condition `c` on `t` is worth: a detonation when it is
  // already there (3 fatigue that knock it out: all it has left; else the
  // d10 through AC), else a fixed share of the danger it poses (a Strike's
  // worth, `threat`) plus a flat part, as the table in the docs gives.
  double cond_worth(int t, int c, TypeMask types) const {
    if (!st_[t].conscious) return 0.0;
    if (has(t, c)) {
      if (opt_.reapply != ReapplyPolicy::detonate) return 0.0;
      if (fatigue_left(t) < 3) return st_[t].hp + st_[t].temp_hp;
      const int ac = effective_ac(t);
      double e = 0.0;
      for (int k = ac + 1; k <= 10; ++k) e += (k - ac) / 10.0;
      return e * type_factor(t, types);
    }
    //                                  weakened sundered impaired stunned doomed restrained slowed prone uncon. fright. blinded
    static constexpr double kThreat[] = {0.25,    0.0,     0.35,    1.5,    0.0,   0.5,       0.25,  0.35, 0.0,   0.25,   0.5};
    static constexpr double kFlat[] = {0.0,      3.0,     0.0,     0.0,    2.0,   1.0,       0.0,   1.0,  0.0,   0.0,    1.0};
    return kThreat[c] * f(t).threat + kFlat[c];
  }
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
  Attacker attacker(int a, const Spell* sp) const {
    const Fighter& fa = f(a);
    Attacker at{a, sp, sp ? !sp->ranged : !fa.ranged,
                (sp ? fa.spell_bonus : fa.attack_bonus) + check_mod(a) + (has(a, kEmpowered) ? 2 : 0) + st_[a].forward +
                    (has(a, kPrepared) ? 2 : 0),
                0, 0};
    own_advantage(a, at.up, at.down);
    return at;
  }
  double expected_attack(const Attacker& at, int t) const {
    const int a = at.a;
    const Spell* sp = at.sp;
    const Fighter& fa = f(a);
    int up = at.up, down = at.down;
    target_advantage(a, t, at.melee, up, down);
    const int bonus = at.bonus - (f(t).partial_cover ? 2 : 0);
    const std::array<double, 5> p = odds(bonus, advantage_of(up, down), 0, fa.step);
    const Fighter::NetTable& net = !sp ? fa.weapon_net : sp == &fa.cantrip ? fa.cantrip_net : fa.spell_net;
    const auto ac = static_cast<std::size_t>(std::min(effective_ac(t), Fighter::kAcSlots - 1));
    const TypeMask types = sp ? sp->types : fa.types;
    double v = (p[kWeak] * net[0][ac] + p[kStrong] * net[1][ac] + p[kCrit] * net[2][ac]) * type_factor(t, types);
    const int c = sp ? sp->inflicts : fa.inflicts;
    if (c >= 0) {
      double on = 0.0;
      for (int k = sp ? sp->inflicts_on : fa.inflicts_on; k <= kCrit; ++k) on += p[static_cast<std::size_t>(k)];
      v += on * cond_worth(t, c, types);
    }
    return v;
  }
  // The thread ability: each enemy's save against it (full damage and the
  // condition on a miss, half on a weak hit), summed over the `targets`
  // enemies it is worth most against.
  double ability_worth(int i) const {
    const ThreadAbility& ta = f(i).thread_ability;
    std::array<double, Encounter::kMaxFighters> worth{};
    int n = 0;
    for (std::uint64_t m = up_ & side_mask_[1 - side(i)]; m; m &= m - 1) {
      const int t = std::countr_zero(m);
      const int bonus = f(t).ability[static_cast<std::size_t>(ta.save)] + check_mod(t) + st_[t].forward +
                        (has(t, kPrepared) ? 2 : 0);
      const std::array<double, 5> p = odds(bonus, ta.save == kCunning && dodging(t) ? 1 : 0, ta.dc);
      const auto ac = static_cast<std::size_t>(std::min(effective_ac(t), Fighter::kAcSlots - 1));
      const double tf = type_factor(t, ta.types);
      const double miss = p[kCritMiss] + p[kMiss];
      worth[static_cast<std::size_t>(n++)] = miss * (f(i).ability_net[1][ac] * tf +
                                                     (ta.condition >= 0 ? cond_worth(t, ta.condition, ta.types) : 0.0)) +
                                             p[kWeak] * f(i).ability_net[0][ac] * tf;
    }
    const int k = std::min(n, ta.targets);
    std::partial_sort(worth.begin(), worth.begin() + k, worth.begin() + n, std::greater<>());
    double sum = 0.0;
    for (int j = 0; j < k; ++j) sum += worth[static_cast<std::size_t>(j)];
    return sum;
  }

  // What `action` at `t` is worth with the AP left this turn: its own worth
  // now plus the Strikes the AP left after it still buy (at `strike_t`, the
  // weapon's target; a melee fighter out of reach Moves first). A thread
  // ability also pays its GM threads at the style's price, each worth that
  // many of the foe's Strikes (a thread kept is a missed Strike rerolled).
  // `strike`: what a Strike at `strike_t` is worth (strike_worth()), the
  // same for every action weighed in one decision, so computed once.
  double plan_worth(int i, int action, int t, int strike_t, double strike) const {
    const State& s = st_[i];
    const Fighter& fi = f(i);
    auto strikes = [&](int ap, int done) {
      if (strike_t < 0) return 0.0;
      if (!fi.ranged && !in_reach(i, strike_t)) ap -= move_cost(i);
      int n = 0;
      for (int cost = 1 + done; ap >= cost; ap -= cost, ++cost) ++n;
      return n * strike;
    };
    switch (action) {
      case kStrike:
      case kCantrip: {
        if (needs_reach(i, action) && !in_reach(i, t)) return strikes(s.ap, s.strikes);  // a Move first
        const double now = action == kStrike ? strike : expected_attack(i, t, &fi.cantrip);
        return now + strikes(s.ap - strike_cost(i), s.strikes + 1);
      }
      case kCast:
        if (needs_reach(i, kCast) && !in_reach(i, t)) return strikes(s.ap, s.strikes);
        return expected_attack(i, t, &fi.spell) + strikes(s.ap - fi.spell.ap, s.strikes);
      case kThreadAbilityAction:
        return ability_worth(i) - fi.thread_ability.cost * style(i).thread_price * strike +
               strikes(s.ap - fi.thread_ability.ap, s.strikes);
      default: return 0.0;
    }
  }

  double strike_worth(int i, int strike_t) {
    return strike_t < 0 ? 0.0 : expected_attack(i, strike_t, nullptr) * f(i).multiattack;
  }

  // For a combatant with the default tactics under a scored style: a support
  // rule (a potion, Aid) that holds and can be paid for comes first, as
  // listed; otherwise, among the attacks that can be paid for, the one whose
  // plan is worth most (on equal worth the Strike, which spends nothing).
  const tactics::Rule* choose_scored(int i, int& target) {
    const View view{this, i};
    const Fighter& fi = f(i);
    int aim_at[2] = {-2, -2};  // the style's target for ranged [0] and melee [1] attacks, chosen once
    auto aim_for = [&](bool melee) {
      int& a = aim_at[melee ? 1 : 0];
      if (a == -2) a = select(i, tactics::Target::lowest_hp, 0, melee);
      return a;
    };
    // Only a choice between attacks needs weighing: a fighter whose one
    // attack is the Strike takes the first rule that holds and can be paid
    // for, as listed (its target is still the style's: select() aims).
    if (!fi.thread_ability.present && !fi.spell.present && !fi.cantrip.present) return choose_rule(i, target);
    const tactics::Rule* best = nullptr;
    double best_worth = 0.0;
    double strike = 0.0;  // strike_worth() at the weapon's target, once weighed
    bool strike_known = false;
    for (const tactics::Rule& r : fi.rules) {
      if (!r.when.holds(view)) continue;
      const int a = r.action;
      int t = -1;
      if (a != kStrike && a != kCantrip && a != kCast && a != kThreadAbilityAction) {
        if (!best && affordable(i, r, t)) {
          target = t;
          return &r;
        }
        continue;
      }
      if (a != kThreadAbilityAction && aim_for(needs_reach(i, a)) < 0) continue;
      if (!affordable(i, r, t, a == kThreadAbilityAction ? -1 : aim_for(needs_reach(i, a)))) continue;
      const int strike_t = aim_for(!fi.ranged);
      if (!strike_known) strike = strike_worth(i, strike_t), strike_known = true;
      const double w = plan_worth(i, a, t, strike_t, strike);
      if constexpr (Log::kEnabled) {
        const std::string_view what = actions()[static_cast<std::size_t>(a)].name;
        ENCSIM_SAY(log_, "  (%s weighs %.*s: worth %.2f)", name(i), static_cast<int>(what.size()), what.data(), w);
      }
      if (!best || w > best_worth || (w == best_worth && a == kStrike)) {
        best = &r;
        best_worth = w;
        target = t;
      }
    }
    return best;
  }

  // `aim` >= 0: the target already chosen for it (choose_scored()).
  bool affordable(int i, const tactics::Rule& rule, int& target, int aim = -1) {
    const State& s = st_[i];
    const Fighter& fi = f(i);
    switch (rule.action) {
      case kStrike:
      case kStrikeFatigue:
      case kCantrip:
      case kGrapple: {
        if (rule.action == kCantrip && !fi.cantrip.present) return false;
        if (rule.action == kStrikeFatigue && fatigue_left(i) < 1) return false;
        if (rule.action == kGrapple && (used(i, kGrapple) || fatigue_left(i) < 1)) return false;
        target = aim >= 0 ? aim : select(i, rule.target, 0, needs_reach(i, rule.action));
        if (target < 0) return false;
        const int cost = rule.action == kGrapple ? 2 : strike_cost(i);
        if (needs_reach(i, rule.action) && !in_reach(i, target)) return s.ap >= move_cost(i);  // approach first
        return s.ap >= cost;
      }
      case kCast: {
        const Spell& sp = fi.spell;
        if (!sp.present || used(i, kCast) || fatigue_left(i) < sp.fatigue) return false;
        target = aim >= 0 ? aim : select(i, rule.target, 0, needs_reach(i, kCast));
        if (target < 0) return false;
        if (needs_reach(i, kCast) && !in_reach(i, target)) return s.ap >= move_cost(i);
        return s.ap >= sp.ap;
      }
      case kDodge: return !used(i, kDodge) && s.ap >= 2;
      case kDistract:
        if (used(i, kDistract) || s.ap < 2 || fatigue_left(i) < 1) return false;
        target = select(i, rule.target, 0, false);
        return target >= 0;
      case kHelp:
      case kAid:
      case kUseItem: {
        if (used(i, rule.action)) return false;
        if (rule.action == kUseItem && s.ready_potions == 0) return false;
        target = ally_in_need(i, rule.action);
        if (target < 0) return false;
        int cost = rule.action == kUseItem ? 1 : 2;
        if (rule.action == kAid && !st_[target].conscious) ++cost;
        return s.ap >= cost;
      }
      case kRetrieveItem:  // only when a potion is wanted now and none is at hand
        return !used(i, kRetrieveItem) && s.ap >= 1 && fatigue_left(i) >= 1 && s.ready_potions == 0 &&
               retrievable(i) > 0 && (target = ally_in_need(i, kUseItem)) >= 0;
      case kRegroup: return !used(i, kRegroup) && s.ap >= 3 && s.fatigue > 0;
      case kDisengage:  // short of AP, mark fatigue for the rest
        return !used(i, kDisengage) && engaged(i) && (s.ap >= 2 || fatigue_left(i) >= 2 - s.ap);
      case kWithdraw: return engaged(i) && s.ap >= move_cost(i);
      case kReady: return !used(i, kReady) && !s.readied && s.ap >= strike_cost(i);
      case kThreadAbilityAction: {
        const ThreadAbility& ta = fi.thread_ability;
        if (!ta.present || used(i, kThreadAbilityAction) || s.ap < ta.ap || gm_threads_ < ta.cost) return false;
        return ta.uses == 0 || s.ability_uses < ta.uses;
      }
      case kPass: return true;
    }
    return false;
  }

  void act(int i, const tactics::Rule& rule, int target) {
    State& s = st_[i];
    const Fighter& fi = f(i);
    const int a = rule.action;
    if (needs_reach(i, a) && !in_reach(i, target)) {
      move_to(i, target);
      return;
    }
    if (a != kStrike && a != kStrikeFatigue && a != kCantrip && a != kWithdraw) s.used |= 1u << a;
    const int feature = fi.feat_action[static_cast<std::size_t>(a)];
    const UsingFeature using_it(s.acting, feature);
    if (feature >= 0) ++feat(feature).uses;
    switch (a) {
      case kStrike:
      case kStrikeFatigue:
        spend(i, strike_cost(i));
        ++s.strikes;
        if (a == kStrikeFatigue) {
          ENCSIM_SAY(log_, "%s marks 1 fatigue to strike for fatigue", name(i));
          mark_fatigue(i, 1, -1);
          if (!s.conscious) return;
        }
        attack(i, target, a == kStrikeFatigue);
        // A multiattack: the rest of the Strike's attacks, at the same foe
        // while it stands, else at the tactic's next one within reach.
        for (int k = 1; k < fi.multiattack && a == kStrike && s.conscious; ++k) {
          if (!st_[target].conscious) target = select(i, rule.target, 0, !fi.ranged);
          if (target < 0 || (!fi.ranged && !in_reach(i, target))) break;
          attack(i, target, false);
        }
        break;
      case kCantrip:  // "Strike ... with an uncharmed cantrip": the Strike's cost
        spend(i, strike_cost(i));
        ++s.strikes;
        attack(i, target, false, &fi.cantrip);
        break;
      case kCast:  // "Cast a Spell": its total AP, once a turn
        spend(i, fi.spell.ap);
        end_concentration(i);  // a new casting replaces the spell it held
        if (fi.spell.fatigue > 0) {
          ENCSIM_SAY(log_, "%s marks %d fatigue to cast %s", name(i), fi.spell.fatigue, fi.spell.name.c_str());
          mark_fatigue(i, fi.spell.fatigue, -1);
          if (!s.conscious) return;
        }
        attack(i, target, false, &fi.spell);
        break;
      case kGrapple: grapple(i, target); break;
      case kDodge:
        spend(i, 2);
        ENCSIM_SAY(log_, "%s dodges", name(i));
        apply_cond(i, i, kDodging, 0, i);
        break;
      case kDistract: distract(i, target); break;
      case kHelp:
        spend(i, 2);
        st_[target].forward += f(target).bond;  // "their +BOND with you"
        ENCSIM_SAY(log_, "%s helps %s: %+d to their next check", name(i), name(target), f(target).bond);
        break;
      case kAid: aid(i, target); break;
      case kUseItem:
        spend(i, 1);
        --s.potions;
        --s.ready_potions;
        {
          const int amount = fi.potion.roll(dice_);
          ENCSIM_SAY(log_, "%s uses a potion on %s: %d", name(i), name(target), amount);
          const int before = st_[target].hp;
          heal(target, amount);
          if (feature >= 0) feat(feature).healed += st_[target].hp - before;
        }
        break;
      case kRetrieveItem: {
        const int n = retrievable(i);
        spend(i, 1);
        s.ready_potions += n;
        ENCSIM_SAY(log_, "%s retrieves %d potion(s) into the loadout (marks 1 fatigue)", name(i), n);
        mark_fatigue(i, 1, -1);
        break;
      }
      case kRegroup:
        spend(i, 3);
        s.fatigue = std::max(0, s.fatigue - 2);
        ENCSIM_SAY(log_, "%s regroups: fatigue %d", name(i), s.fatigue);
        break;
      case kDisengage: {
        const int short_by = std::max(0, 2 - s.ap);
        spend(i, 2 - short_by);
        s.disengaged = true;
        ENCSIM_SAY(log_, "%s disengages%s", name(i), short_by ? " (marking fatigue for AP)" : "");
        if (short_by) mark_fatigue(i, short_by, -1);
        break;
      }
      case kWithdraw:
        spend(i, move_cost(i));
        ++s.moves;
        ENCSIM_SAY(log_, "%s moves away", name(i));
        leave_reach(i);
        break;
      case kThreadAbilityAction: thread_ability(i, rule.target); break;
      case kReady:
        // Spend the Strike's AP now; resolve it when a foe comes into reach.
        spend(i, strike_cost(i));
        ++s.strikes;
        s.readied = true;
        ENCSIM_SAY(log_, "%s readies a Strike", name(i));
        break;
      default: break;
    }
  }

  // Leaving enemies' reach provokes their opportunity attacks, unless disengaged.
  void leave_reach(int i) {
    const std::uint64_t was = st_[i].reach;
    if (opt_.opportunity_attacks && !st_[i].disengaged) {
      for (std::uint64_t m = was; m && st_[i].conscious; m &= m - 1) {
        const int j = std::countr_zero(m);
        if (!can_react(j) || f(j).ranged) continue;
        st_[j].reaction = false;
        ++rec_.resources[kOpportunityAttacks];
        ENCSIM_SAY(log_, "%s makes an opportunity attack on %s", name(j), name(i));
        const UsingFeature using_it(st_[j].acting, f(j).feat_opportunity);
        ++feat(f(j).feat_opportunity).uses;
        attack(j, i, false);
      }
    }
    drop_reach(i);
  }

  // One Move toward `t`; reach once enough Moves are spent.
  void move_to(int i, int t) {
    State& s = st_[i];
    spend(i, move_cost(i));
    ++s.moves;
    if (s.approach == 0) s.shifting = engaged(i);
    if (engaged(i)) leave_reach(i);
    if (!s.conscious) return;
    if (++s.approach >= moves_to_reach(i)) {
      s.approach = 0;
      s.shifting = false;
      reach_each_other(i, t);
      ENCSIM_SAY(log_, "%s moves into reach of %s", name(i), name(t));
      // A readied Strike is tripped by a foe coming into reach.
      if (st_[t].readied && can_react(t)) {
        st_[t].readied = st_[t].reaction = false;
        ++rec_.resources[kReadiedStrikes];
        ENCSIM_SAY(log_, "%s's readied Strike is tripped", name(t));
        const UsingFeature using_it(st_[t].acting, f(t).feat_action[kReady]);
        attack(t, i, false);
      }
    } else {
      ENCSIM_SAY(log_, "%s moves toward %s", name(i), name(t));
    }
  }
  void reach_each_other(int i, int t) {
    st_[i].reach |= std::uint64_t{1} << t;
    st_[t].reach |= std::uint64_t{1} << i;
  }

  // The enemy of `i` that `target` picks, skipping those in `skip`. Melee
  // fighters keep to enemies already in reach (option stick_to_reach).
  int select(int i, tactics::Target target, std::uint64_t skip, bool melee) {
    std::uint64_t pool = up_ & side_mask_[1 - side(i)];
    // attack_downed: a foe finishes a fallen PC it stood in reach of (any
    // fallen PC with downed_targets: any).
    if (opt_.attack_downed && side(i) == 1)
      for (int j = 0; j < enc_.n_party; ++j)
        if (f(j).pc && !st_[j].dead && !st_[j].conscious && (opt_.downed_any || in_reach(i, j)))
          pool |= std::uint64_t{1} << j;
    pool &= ~skip;
    if (!pool) return -1;
    if (opt_.stick_to_reach && melee && (pool & st_[i].reach)) pool &= st_[i].reach;
    if (f(i).styled) return aim(i, pool);
    auto in = [&](int j) { return (pool >> j) & 1u; };
    using tactics::Target;
    switch (target) {
      case Target::random: return pick_any(pool);
      case Target::focus:
        if (focus_[side(i)] >= 0 && in(focus_[side(i)])) return focus_[side(i)];
        break;
      case Target::last_attacker:
        if (st_[i].last_attacker >= 0 && in(st_[i].last_attacker)) return st_[i].last_attacker;
        break;
      case Target::highest_hp: return best_by(pool, [&](int j) { return st_[j].hp; });
      case Target::weakest: return best_by(pool, [&](int j) { return -effective_ac(j); });
      case Target::strongest: return best_by(pool, [&](int j) { return f(j).mean_damage; });
      case Target::lowest_hp: break;
    }
    return best_by(pool, [&](int j) { return -st_[j].hp; });
  }
  int pick_any(std::uint64_t pool) {
    int pick = tact_.die(std::popcount(pool)) - 1;
    for (std::uint64_t m = pool; m; m &= m - 1)
      if (pick-- == 0) return std::countr_zero(m);
    return -1;
  }
  // The style's target among `pool` (docs "Play styles"): never the order
  // listed, ties at random from the tactics stream (or the first listed with
  // `target_ties: first`).
  int aim(int i, std::uint64_t pool) {
    // One enemy to choose from (a melee fighter with one foe in reach): no
    // score to work out and no tie to break (spread still rolls its die).
    if ((pool & (pool - 1)) == 0 && style(i).aim != Aim::spread) return std::countr_zero(pool);
    switch (style(i).aim) {
      case Aim::spread: return pick_any(pool);
      case Aim::lowest_hp: return best_by(pool, [&](int j) { return -st_[j].hp; });
      case Aim::threat: break;
    }
    const Attacker weapon = attacker(i, nullptr);
    const Attacker cantrip = f(i).cantrip.present ? attacker(i, &f(i).cantrip) : weapon;  // read only if present
    return best_by(pool, [&](int j) {
      return std::pair{aim_score(weapon, cantrip, j), -(st_[j].hp + st_[j].temp_hp)};
    });
  }
  // The danger `j` poses, times the share of what stands between it and
  // falling that one Strike of `i` is expected to take away (at most all of
  // it): the enemy whose fall soonest ends the most danger scores highest, a
  // nearly fallen one in particular. A fallen PC that attack_downed allows
  // comes first, as lowest_hp would take it.
  // `weapon`, `cantrip`: attacker(i, ...) of its weapon and its cantrip (if any).
  double aim_score(const Attacker& weapon, const Attacker& cantrip, int j) const {
    const int i = weapon.a;
    const int left = st_[j].hp + st_[j].temp_hp;
    if (st_[j].hp == 0) return 1e300;
    double e = expected_attack(weapon, j) * f(i).multiattack;
    if (f(i).cantrip.present) e = std::max(e, expected_attack(cantrip, j));
    return f(j).threat * std::min(1.0, e / left);
  }
  // The member of `pool` with the highest score; ties at random from the
  // tactics stream (reservoir sampling), or the first listed with
  // `target_ties: first`. With `need`, only scores whose first part is at
  // least `need` count (-1 when none does).
  template <class Score>
  int best_by(std::uint64_t pool, const Score& score, int need = INT_MIN) {
    int best = -1, ties = 0;
    decltype(score(0)) best_score{};
    for (std::uint64_t m = pool; m; m &= m - 1) {
      const int j = std::countr_zero(m);
      const auto sc = score(j);
      if constexpr (requires { sc.first; }) {
        if (need != INT_MIN && sc.first < need) continue;
      }
      if (best < 0 || sc > best_score) {
        best = j;
        best_score = sc;
        ties = 1;
      } else if (sc == best_score && opt_.random_target_ties && tact_.die(++ties) == 1) {
        best = j;
      }
    }
    return best;
  }

  // "Advantage & Disadvantage": sources of each kind count once, and one of
  // each cancels (option advantage_sources: sum lets the count decide).
  int attack_advantage(int a, int t, bool melee) const {
    int up = 0, down = 0;
    own_advantage(a, up, down);
    target_advantage(a, t, melee, up, down);
    return advantage_of(up, down);
  }
  // The attacker's own sources, whoever it attacks.
  void own_advantage(int a, int& up, int& down) const {
    const Fighter& fa = f(a);
    up += fa.advantage > 0;
    down += fa.advantage < 0;
    if (has(a, kProne)) ++down;
    if (has(a, kBlinded)) ++down;
    if (has(a, kInvisible)) ++up;
  }
  void target_advantage(int a, int t, bool melee, int& up, int& down) const {
    // Prone: advantage from within touch range (a ranged attacker in reach too).
    if (has(t, kProne)) ++(melee || in_reach(a, t) ? up : down);
    if (has(t, kBlinded)) ++up;
    if (has(t, kInvisible)) ++down;
    if (dodging(t)) ++down;
    if (has(t, kExposed)) ++up;
  }

  // "Attacking & Dealing Damage": a weak hit deals half (minimum 1), a strong
  // hit full, a critical double; Strike may deal 2 fatigue instead.
  // `sp`: a spell attack ("+SPELL for spell attacks") with its own dice and no
  // ability added to its damage; null for the weapon.
  void attack(int a, int t, bool fatigue_mode, const Spell* sp = nullptr) {
    const Fighter& fa = f(a);
    const bool melee = sp ? !sp->ranged : !fa.ranged;
    const Dice& damage = sp ? sp->damage : fa.damage;
    const int damage_bonus = sp ? 0 : fa.damage_bonus;
    const TypeMask types = sp ? sp->types : fa.types;
    const int inflicts = sp ? sp->inflicts : fa.inflicts;
    const Tier inflicts_on = sp ? sp->inflicts_on : fa.inflicts_on;
    ++rec(a).attacks;
    st_[t].last_attacker = a;
    if (melee && st_[t].conscious) reach_each_other(a, t);
    const int adv = attack_advantage(a, t, melee);
    if (has(t, kExposed)) clear_cond(t, kExposed);  // used by this attack
    const int bonus = (sp ? fa.spell_bonus : fa.attack_bonus) + check_mod(a) + (has(a, kEmpowered) ? 2 : 0) + take_forward(a) -
                      (f(t).partial_cover ? 2 : 0);
    Roll r = make_roll(bonus, adv, 0);
    ENCSIM_SAY(log_, "%s %s %s%s: d20 %d %+d = %d, %s", name(a), sp ? "casts at" : "strikes", name(t),
               adv > 0 ? " with advantage" : adv < 0 ? " with disadvantage" : "", r.natural, bonus, r.total,
               tier_name(r.tier));
    note_natural(a, r.natural);
    if (fa.pc && side(t) == 1) gm_reroll_pc(a, r, bonus, adv);
    if (fa.pc && opt_.pc_thread_attacks != ThreadAttackPolicy::never)
      rescue_own(a, r, opt_.pc_thread_attacks == ThreadAttackPolicy::misses_and_weak, opt_.pc_thread_reserve);
    if (side(a) == 1 && !fa.pc && opt_.gm_reroll && r.tier <= kMiss && gm_threads_ > enc_.gm_keep) {
      gm_spend(1);
      ++rec_.resources[kGmRerolls];
      const Roll again = make_roll(bonus, adv, 0);
      ENCSIM_SAY(log_, "  the GM spends a thread to reroll: d20 %d %+d = %d, %s", again.natural, bonus, again.total,
                 tier_name(again.tier));
      note_natural(a, again.natural);
      if (again.tier > r.tier) r = again;
    }
    if (f(t).pc) rescue_against(t, r, fatigue_mode ? 1000 : damage.max() + damage_bonus);
    const Tier tier = step_tier(r.tier, fa.step);
    if (tier != r.tier) ENCSIM_SAY(log_, "  %+d step: %s", fa.step, tier_name(tier));
    const int base = side(a) == 0 ? kPartyWeakHits : kFoesWeakHits;
    if (tier <= kMiss) {
      ++rec_.resources[base + 3];
      return;
    }
    ++rec(a).hits;
    ++rec_.resources[base + (tier - kWeak)];
    if (tier == kCrit) ++rec(a).crits;
    if (tier == kWeak) ++rec(a).extra[kExtraWeakHits];
    if (tier == kStrong) ++rec(a).extra[kExtraStrongHits];
    if (fatigue_mode) {
      const int amount = tier == kWeak ? 1 : tier == kStrong ? 2 : 4;
      ENCSIM_SAY(log_, "  %s inflicts %d fatigue", name(a), amount);
      mark_fatigue(t, amount, a);  // fatigue is not damage: no retaliation
    } else {
      const int rolled = damage.roll(dice_) + damage_bonus;
      const int raw = tier == kWeak ? std::max(1, rolled / 2) : tier == kCrit ? 2 * rolled : rolled;
      if (!sp || damage.max() > 0) deal(a, t, raw, types, tier == kWeak);
    }
    if (inflicts >= 0 && tier >= inflicts_on && !st_[t].dead) {
      const bool held = sp && sp->concentrate;  // lasts while the caster concentrates
      const bool fresh = !has(t, inflicts);
      apply_cond(a, t, inflicts, types, -1, held);
      if (held && fresh && has(t, inflicts)) {
        st_[a].conc_target = t;
        st_[a].conc_cond = inflicts;
      }
    }
  }

  // Grapple: mark 1 fatigue; the target saves with power against 10 + your
  // power: restrained until freed on a miss, for the default duration on a weak hit.
  void grapple(int i, int t) {
    spend(i, 2);
    ENCSIM_SAY(log_, "%s grapples %s (marks 1 fatigue)", name(i), name(t));
    mark_fatigue(i, 1, -1);
    if (!st_[i].conscious) return;
    const Roll r = save(i, t, kPower, 10 + f(i).ability[kPower], 0);
    if (r.tier >= kStrong) return;
    const bool was = has(t, kRestrained);
    apply_cond(i, t, kRestrained, 0, -1, r.tier <= kMiss);  // a miss: until freed
    if (!was && has(t, kRestrained)) st_[t].restrained_by = i;
  }

  // Distract: mark 1 fatigue, a cunning roll: sundered until the start of
  // your next turn; on a strong hit the next attack against it has advantage.
  void distract(int i, int t) {
    spend(i, 2);
    ENCSIM_SAY(log_, "%s distracts %s (marks 1 fatigue)", name(i), name(t));
    mark_fatigue(i, 1, -1);
    if (!st_[i].conscious) return;
    const int bonus = f(i).ability[kCunning] + check_mod(i) + take_forward(i);
    Roll r = make_roll(bonus, 0, 0);
    ENCSIM_SAY(log_, "  cunning roll d20 %d %+d = %d, %s", r.natural, bonus, r.total, tier_name(r.tier));
    note_natural(i, r.natural);
    if (f(i).pc && opt_.pc_thread_attacks != ThreadAttackPolicy::never)
      rescue_own(i, r, opt_.pc_thread_attacks == ThreadAttackPolicy::misses_and_weak, opt_.pc_thread_reserve);
    if (r.tier < kWeak) return;
    apply_cond(i, t, kSundered, 0, i);
    if (r.tier >= kStrong) apply_cond(i, t, kExposed, 0, i);
  }

  // Aid: fatigue recovered equal to your bond; +1 AP to reach an unconscious
  // creature or stabilise a dying one. Once per fight per creature.
  void aid(int i, int t) {
    State& s = st_[t];
    spend(i, s.conscious ? 2 : 3);
    s.aided = true;
    if (s.dying) {
      stabilise(t);
      ENCSIM_SAY(log_, "%s aids %s: stabilised", name(i), name(t));
      return;
    }
    s.fatigue = std::max(0, s.fatigue - f(i).bond);
    ENCSIM_SAY(log_, "%s aids %s: fatigue %d", name(i), name(t), s.fatigue);
    if (!s.conscious && s.hp > 0 && f(t).pc) {
      wake(t);
      ENCSIM_SAY(log_, "  %s wakes", name(t));
    }
  }

  // A monster's thread powered ability: each target saves; full damage and
  // the condition on a miss, half on a weak hit.
  void thread_ability(int i, tactics::Target target) {
    const ThreadAbility& ta = f(i).thread_ability;
    spend(i, ta.ap);
    gm_spend(ta.cost);
    if (st_[i].acting >= 0) feat(st_[i].acting).spent += ta.cost;
    ++rec_.resources[kGmThreadAbilities];
    ++st_[i].ability_uses;
    const int rolled = ta.damage.roll(dice_);
    ENCSIM_SAY(log_, "The GM spends %d thread(s): %s uses %s (%d damage, DC %d)", ta.cost, name(i), ta.name.c_str(),
               rolled, ta.dc);
    const bool harms = ta.damage.max() > 0, area = ta.targets > 1;
    std::uint64_t hit = 0;
    for (int k = 0; k < ta.targets; ++k) {
      const int t = select(i, target, hit, false);
      if (t < 0) break;
      hit |= std::uint64_t{1} << t;
      const Roll r = save(i, t, ta.save, ta.dc, 0);
      // With damage, an attack on each target: a failed save is a hit (a weak one halves the damage).
      if (harms) rec(i).aimed(area);
      if (harms && r.tier <= kMiss) rec(i).struck(area, false);
      if (r.tier >= kStrong) continue;
      const int dmg = r.tier == kWeak ? std::max(1, rolled / 2) : rolled;
      if (rolled > 0) deal(i, t, dmg, ta.types, false);
      if (r.tier <= kMiss && ta.condition >= 0 && !st_[t].dead) apply_cond(i, t, ta.condition, ta.types);
    }
  }

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

template <class R, class Log>
void Encounter::simulate_with(R& dice, R& init, R& tact, R& setup, TrialRecord& out, Log& log) const {
  Battle<R, Log>(*this, dice, init, tact, setup, out, log).run();
}

}  // namespace encsim::mnm
