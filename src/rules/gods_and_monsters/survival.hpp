// What keeps a Gods & Monsters combatant in the fight or takes it out
// (Battle, battle.hpp): surprise and snapping out of it, reaction rolls and
// mojo bids, unconsciousness and coming to, death contests, morale and
// withdrawal (source text 003, "Conflicts": "Surprise"; "Survival":
// "Unconsciousness", "A time to die"; "Contests": "Contested actions";
// "Mojo": "Rolls"; "Group Effort Decisions").
// docs/rules/gods-and-monsters.md, "Survival, verve and injuries",
// "Surprise, special maneuvers, missiles" and "Withdrawal, morale, groups".
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>
#include <bit>

namespace encsim::gods_and_monsters {

// "Surprise": perception rolls, +4 when aware of the attackers, -6 asleep.
template <class R, class Log>
inline void Battle<R, Log>::roll_surprise() {
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

template <class R, class Log>
inline void Battle<R, Log>::start_round() {
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
template <class R, class Log>
inline Score Battle<R, Log>::choose(int i, ReactionChoice c) const {
  switch (c) {
    case ReactionChoice::fortitude: return kFortitude;
    case ReactionChoice::willpower: return kWillpower;
    case ReactionChoice::health: return kHealth;
    case ReactionChoice::best: break;
  }
  return better(i, kFortitude, kWillpower);
}

template <class R, class Log>
inline Score Battle<R, Log>::better(int i, Score a, Score b) const {
  const auto& sc = f(i).score;
  if (sc[a] != sc[b]) return sc[a] > sc[b] ? a : b;
  return archetypal(i, b) && !archetypal(i, a) ? b : a;
}

// "Mojo", Rolls: after a failed archetypal roll a PC bids mojo as a bonus;
// what it takes to succeed is spent, the rest kept. `survival` marks the
// rolls the default policy spends on (death contests, staying conscious).
template <class R, class Log>
inline bool Battle<R, Log>::buy_off(int i, int short_by, int score, bool survival) {
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
template <class R, class Log>
inline bool Battle<R, Log>::reaction_roll(int i, Score score, int bonus, bool surprise_penalty, const char* what,
                                       bool survival) {
  const int need = f(i).score[score] + bonus + f(i).group_bonus - st_[i].injuries -
                   (surprise_penalty && st_[i].surprised ? 3 : 0);
  const int roll = dice_.die(20);
  ENCSIM_SAY(log_, "  %s rolls %d vs %d %s: %s", name(i), roll, need, what, roll <= need ? "success" : "failure");
  return roll <= need || buy_off(i, roll - need, score, survival);
}

template <class R, class Log>
inline void Battle<R, Log>::leave(int i, const char* why) {
  State& s = st_[i];
  set_in(i, false);
  s.withdrew = true;
  rec(i).down = true;
  rec(i).extra[kExtraWithdrew] = 1;
  ++rec_.resources[kWithdrawals];
  ENCSIM_SAY(log_, "%s %s", name(i), why);
}

template <class R, class Log>
inline void Battle<R, Log>::end_round() {
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
template <class R, class Log>
inline bool Battle<R, Log>::death_contest(int i) {
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

}  // namespace encsim::gods_and_monsters
