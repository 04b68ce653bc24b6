// Harm and healing in a Monsters & Magic fight (Battle, battle.hpp): conditions
// and statuses (no stacking: inflicted again, detonated or extended), AC as
// damage reduction, resistance, fatigue and exhaustion, falling unconscious,
// concentration, death saves, stabilising and healing (source text 002:
// "Conditions", "Harm & Healing", "Fatigue & Exhaustion", "Death & Dying").
// docs/rules/monsters-and-magic.md gives every reading.
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>
#include <bit>

namespace encsim::mnm {

template <class R, class Log>
inline void Battle<R, Log>::clear_cond(int i, int c) {
  State& s = st_[i];
  s.cond &= ~bit(c);
  s.timed &= ~bit(c);
  if (s.timed == 0) timed_ &= ~(std::uint64_t{1} << i);
  if (c == kRestrained) s.restrained_by = -1;
}

template <class R, class Log>
inline void Battle<R, Log>::set_timer(int i, int c, int owner, int turn, bool at_start) {
  State& s = st_[i];
  s.timed |= bit(c);
  timed_ |= std::uint64_t{1} << i;
  s.timer[c] = Timer{static_cast<std::int16_t>(owner), static_cast<std::int16_t>(turn), at_start};
}

// Default duration: to the end of the creature's next turn. `owner` >= 0
// ends it at the start of that creature's next turn instead; `until_freed`
// keeps it until something ends it (a grapple's miss).
template <class R, class Log>
inline void Battle<R, Log>::apply_cond(int src, int t, int c, TypeMask types, int owner, bool until_freed) {
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
template <class R, class Log>
inline void Battle<R, Log>::expire(int owner, bool at_start) {
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

template <class R, class Log>
inline int Battle<R, Log>::effective_ac(int t) const {
  int ac = f(t).ac + (f(t).partial_cover ? 2 : 0) + (has(t, kProtected) ? 2 : 0) - (has(t, kSundered) ? 2 : 0);
  return std::max(0, ac);
}

// Fatigue `t` can still mark before it falls unconscious.
template <class R, class Log>
inline int Battle<R, Log>::fatigue_left(int t) const {
  const Fighter& ft = f(t);
  const State& s = st_[t];
  return (ft.fatigue - s.fatigue) + (ft.exhaustion - s.exhaustion) * (ft.fatigue + 1);
}

template <class R, class Log>
inline void Battle<R, Log>::knock_out(int t) {
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
template <class R, class Log>
inline void Battle<R, Log>::end_concentration(int i) {
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
template <class R, class Log>
inline void Battle<R, Log>::wake(int t) {
  st_[t].conscious = true;
  ++alive_[side(t)];
  up_ |= std::uint64_t{1} << t;
  for (std::uint64_t m = st_[t].fell_near & up_; m; m &= m - 1) reach_each_other(t, std::countr_zero(m));
  st_[t].fell_near = 0;
}

template <class R, class Log>
inline void Battle<R, Log>::drop_reach(int t) {
  for (std::uint64_t m = st_[t].reach; m; m &= m - 1) st_[std::countr_zero(m)].reach &= ~(std::uint64_t{1} << t);
  st_[t].reach = 0;
}

template <class R, class Log>
inline void Battle<R, Log>::die(int t) {
  knock_out(t);
  drop_reach(t);
  State& s = st_[t];
  s.dead = true;
  s.dying = s.stable = false;
  ENCSIM_SAY(log_, "  %s dies", name(t));
}

// Marks one exhaustion; false when none is left: unconscious, or dead while dying.
template <class R, class Log>
inline bool Battle<R, Log>::mark_exhaustion(int t) {
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
template <class R, class Log>
inline void Battle<R, Log>::mark_fatigue(int t, int n, int src) {
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
template <class R, class Log>
inline void Battle<R, Log>::deal(int a, int t, int raw, TypeMask types, bool weak) {
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
template <class R, class Log>
inline void Battle<R, Log>::fall(int t) {
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

template <class R, class Log>
inline void Battle<R, Log>::stabilise(int t) {
  State& s = st_[t];
  s.dying = false;
  s.stable = true;
  s.deathsaves = 0;
  ++rec_.resources[kStabilised];
}

template <class R, class Log>
inline void Battle<R, Log>::heal(int t, int amount) {
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
template <class R, class Log>
inline void Battle<R, Log>::death_save(int i) {
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

}  // namespace encsim::mnm
