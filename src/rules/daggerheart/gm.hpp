// The GM's side of a Daggerheart fight (Battle, battle.hpp): gaining and
// spending Fear within its budget, and the GM's turn that spotlights adversaries.
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>

namespace encsim::daggerheart {

template <class R, class Log>
inline void Battle<R, Log>::gain_fear(int n, Resource source) {
  const int room = opt_.fear_max - fear_;
  const int got = std::min(n, room);
  fear_ += got;
  if (got < n) ENCSIM_SAY(log_, "  the GM gains %d Fear (%d: at its cap, %d lost)", got, fear_, n - got);
  else ENCSIM_SAY(log_, "  the GM gains %d Fear (%d)", got, fear_);
  res(source) += got;
  res(kFearGained) += got;
  res(kFearWasted) += n - got;
}

// The GM's spending policy: a measured GM keeps a reserve and a budget.
template <class R, class Log>
inline bool Battle<R, Log>::can_spend(int n) const {
  if (n <= 0) return true;
  if (fear_ < n) return false;
  if (opt_.policy == FearPolicy::greedy) return true;
  if (fear_ - n < opt_.reserve) return false;
  // Past the budget, the GM text's advice for a large amount of Fear: spend
  // what is held above `keep`.
  return within_budget(n) || (opt_.keep >= 0 && fear_ - n >= opt_.keep);
}

template <class R, class Log>
inline void Battle<R, Log>::spend(int n, Resource use) {
  fear_ -= n;
  fear_spent_ += n;
  res(use) += n;
  res(kFearSpent) += n;
}

// ---- the GM's turn --------------------------------------------------------
template <class R, class Log>
inline void Battle<R, Log>::gm_turn() {
  pc_streak_ = 0;
  free_bonus_ = 0;
  ++res(kGmTurns);
  for (int j = 0; j < n_adv_; ++j) adv_[j].spotlights = 0;
  const int hard = hard_focus_ >= 0 && standing(hard_focus_) ? hard_focus_ : -1;
  hard_focus_ = -1;
  advance_countdowns(RollResult::crit, false, false);
  if (over()) return;
  // Seed 000: harder moves on rolls with Fear; a failure with Fear makes the
  // PC "the focus of multiple adversaries". So after one, every adversary
  // whose target is the GM's free choice (random) attacks that PC, and the GM
  // buys a second spotlight even below its reserve and cap (not past a
  // budget). Other turns follow the spending policy alone.
  gm_focus_ = hard;
  if (hard >= 0) {
    ENCSIM_SAY(log_, "GM turn (Fear %d): a hard move, %s is the focus", fear_, pname(hard));
  } else {
    ENCSIM_SAY(log_, "GM turn (Fear %d)", fear_);
  }
  if (dark_from_ >= 0) [[unlikely]] gm_dark();  // Eclipse's darkness (play_spells.hpp)
  if (storm_ != 0) [[unlikely]] gm_storm();  // Tempest's storm (play_forms.hpp)
  int taken = 0, free_left = 1;
  const int cap = opt_.policy == FearPolicy::greedy ? 1 << 20 : opt_.max_spotlights;
  // What spotlighting j costs now: the turn's free one (never for Ramp Up),
  // a free one bought by a feature (Tactician), else a Fear within the cap.
  auto cost = [&](int j) { return (free_left > 0 && !adv(j).ramp_up) ? 0 : 1; };
  // Whether j can be spotlighted now: a free spotlight it may take, or a Fear
  // the GM may pay (the same for every adversary, so weighed once per pick).
  bool free_ok = false, paid_ok = false;
  auto affordable = [&](int j) { return (free_ok && !adv(j).ramp_up) || paid_ok; };
  // A value style spotlights the most threatening adversary first and pays
  // only for one that can act usefully now (its best action worth kUseful).
  bool passed[Encounter::kMaxAdversaries] = {};
  while (!over()) {
    free_ok = free_left > 0 || free_bonus_ > 0;
    paid_ok = hard >= 0 && taken < 2 ? fear_ >= 1 && (within_budget(1) || enc_.play.hard_past_budget)
                                     : taken < cap && can_spend(1);
    const int j = enc_.play.gm_by_threat ? next_by_threat(affordable, passed) : next_adversary(affordable);
    if (j < 0) break;
    const bool paid = cost(j) != 0 && !(free_bonus_ > 0 && !adv(j).ramp_up);
    if (paid && enc_.play.gm_by_threat) {
      plan(j, planned_);
      if (planned_.value < kUseful) {
        passed[j] = true;
        continue;
      }
      planned_j_ = j;
      // What it weighed on the PCs holds for aim_at only if nothing runs before j acts.
      if (runs_before_action(j)) planned_.known = 0;
    }
    if (cost(j) == 0) {
      --free_left;
    } else if (free_bonus_ > 0 && !adv(j).ramp_up) {
      --free_bonus_;
    } else {
      spend(1, kFearSpentSpotlights);
      ENCSIM_SAY(log_, "The GM spends a Fear on another spotlight (%d left)", fear_);
    }
    ++taken;
    spotlight(j);
    planned_j_ = -1;
  }
  free_bonus_ = 0;
  gm_focus_ = -1;
}

// Next to act: random among those spotlighted least this turn (so a
// Relentless adversary comes back round rather than taking the whole turn).
template <class R, class Log>
template <class Affordable>
inline int Battle<R, Log>::next_adversary(const Affordable& affordable) {
  auto ready = [&](int j) { return adv_[j].alive && adv_[j].spotlights < adv(j).relentless && affordable(j); };
  int least = 1 << 20;
  for (int j = 0; j < n_adv_; ++j)
    if (ready(j)) least = std::min(least, adv_[j].spotlights);
  int n = 0, pick = -1;
  for (int j = 0; j < n_adv_; ++j)
    if (ready(j) && adv_[j].spotlights == least && one_in(++n)) pick = j;
  return pick;
}

}  // namespace encsim::daggerheart
