// What each Gods & Monsters combatant does in a round (Battle, battle.hpp):
// its tactics rule, or under a scored play style the kind of attack worth
// most; a group's change of course ("Group Effort Decisions"); and the
// declarations everyone makes before anything happens (source text 003,
// "Conflicts": "Order of events", "Surprise", "Special conflict maneuvers").
// docs/rules/gods-and-monsters.md, "What a round is" and "Play styles".
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>
#include <bit>

namespace encsim::gods_and_monsters {

template <class R, class Log>
inline const tactics::Rule* Battle<R, Log>::choose_rule(int i) const {
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
template <class R, class Log>
inline const tactics::Rule* Battle<R, Log>::decide(int i, const tactics::Rule* wanted) {
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

template <class R, class Log>
inline void Battle<R, Log>::declare() {
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

// For a combatant with the default tactics under a scored style: its
// withdrawal when that rule holds, else the kind of attack (plain,
// knockout, killing blow) worth most against the enemy it is worth most
// against; on equal worth the plain attack, which costs no defense.
template <class R, class Log>
inline const tactics::Rule* Battle<R, Log>::choose_scored(int i) {
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
// after the first round (declared [[gnu::noinline]], so not `inline` here).
template <class R, class Log>
const tactics::Rule* Battle<R, Log>::weigh_attacks(int i) {
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

}  // namespace encsim::gods_and_monsters
