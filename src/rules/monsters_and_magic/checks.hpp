// Ability checks in a Monsters & Magic fight (Battle, battle.hpp): the d20 with
// advantage and disadvantage, the modifiers of exhaustion and conditions,
// saves, naturals that earn threads, and spending threads of fate, the PCs'
// and the GM's, to lift or spoil a roll (source text 002: "Ability Checks",
// "Advantage & Disadvantage", "Fatigue & Exhaustion", "Conditions", "Threads
// of Fate"). docs/rules/monsters-and-magic.md gives every reading.
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>
#include <bit>

namespace encsim::mnm {

// The exhaustion penalty: PCs follow Fibonacci from the second level
// (-1, -1, -2, -3, ...), monsters -1 per level.
template <class R, class Log>
inline int Battle<R, Log>::exhaustion_penalty(int i) const {
  const int e = st_[i].exhaustion;
  return f(i).pc ? Encounter::pc_exhaustion_penalty(e) : -e;
}

// Ongoing modifiers on every check: exhaustion, weakened (frightened makes
// you weakened), armour worn without proficiency.
template <class R, class Log>
inline int Battle<R, Log>::check_mod(int i) const {
  const bool weak = has(i, kWeakened) || has(i, kFrightened);
  return exhaustion_penalty(i) + (weak ? -2 : 0) + f(i).check_penalty;
}

// Forward modifiers end when used: Help's +BOND and Prepared's +2.
template <class R, class Log>
inline int Battle<R, Log>::take_forward(int i) {
  State& s = st_[i];
  int v = s.forward;
  s.forward = 0;
  if (has(i, kPrepared)) {
    v += 2;
    clear_cond(i, kPrepared);
  }
  return v;
}

template <class R, class Log>
inline int Battle<R, Log>::advantage_of(int up, int down) const {
  if (opt_.advantage_sum) return up > down ? 1 : up < down ? -1 : 0;
  return (up > 0) == (down > 0) ? 0 : up > 0 ? 1 : -1;
}

// "Dodge": only "as long as you aren't incapacitated and have a speed
// greater than 0": not while unconscious, stunned or restrained.
template <class R, class Log>
inline bool Battle<R, Log>::dodging(int t) const {
  return has(t, kDodging) && st_[t].conscious && !has(t, kStunned) && !has(t, kRestrained);
}

template <class R, class Log>
inline int Battle<R, Log>::d20(int advantage) {
  const int a = dice_.die(20);
  if (advantage == 0) return a;
  const int b = dice_.die(20);
  return advantage > 0 ? std::max(a, b) : std::min(a, b);
}

template <class R, class Log>
inline typename Battle<R, Log>::Roll Battle<R, Log>::make_roll(int bonus, int advantage, int dc) {
  const int natural = d20(advantage);
  return Roll{natural, natural + bonus, dc, tier_of(natural, natural + bonus, dc)};
}

// "Whenever you roll a critical hit or critical miss": the PC regains a
// thread and the GM gains one.
template <class R, class Log>
inline void Battle<R, Log>::note_natural(int i, int natural) {
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

template <class R, class Log>
inline void Battle<R, Log>::gm_gain(const char* why) {
  ++gm_threads_;
  ++rec_.resources[kGmThreadsGained];
  ENCSIM_SAY(log_, "  the GM gains a thread (%s): %d", why, gm_threads_);
}

template <class R, class Log>
inline bool Battle<R, Log>::gm_spend(int cost) {
  if (gm_threads_ < cost) return false;
  gm_threads_ -= cost;
  rec_.resources[kGmThreadsSpent] += cost;
  return true;
}

// Threads of fate: Inspired pays first (and the GM gains nothing).
template <class R, class Log>
inline bool Battle<R, Log>::can_spend(int i, int reserve) const {
  return f(i).pc && (has(i, kInspired) || st_[i].threads > reserve);
}

template <class R, class Log>
inline void Battle<R, Log>::spend_thread(int i) {
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
template <class R, class Log>
inline void Battle<R, Log>::rescue_own(int i, Roll& r, bool lift_weak, int reserve) {
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
template <class R, class Log>
inline void Battle<R, Log>::gm_reroll_pc(int i, Roll& r, int bonus, int adv) {
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
template <class R, class Log>
inline void Battle<R, Log>::rescue_against(int t, Roll& r, int max_damage) {
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
template <class R, class Log>
inline typename Battle<R, Log>::Roll Battle<R, Log>::save(int src, int t, int ability, int dc, int advantage) {
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

}  // namespace encsim::mnm
