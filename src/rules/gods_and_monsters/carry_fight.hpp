// Gods & Monsters in a session's fight: the Battle's carried state in at the set-up
// and out at the end (carry.hpp has the rests between fights). Included at
// the end of battle.hpp.
#pragma once

#include <algorithm>

namespace encsim::gods_and_monsters {

// A session's fight: the PCs as the last fight left them, then the state at
// the start of this fight becomes the carried one. The temporary bonus pool
// is not carried: each fight starts with the PC's own (`bonus_pool`).
template <class R, class Log>
void Battle<R, Log>::carry_in() {
  PartyState& p = *carry_;
  for (int i = 0; p.started && i < enc_.n_party; ++i) {
    State& s = st_[i];
    s.survival = p.survival[i];
    s.verve = p.verve[i];
    s.injuries = s.injuries_at_start = p.injuries[i];
    s.mojo = p.mojo[i];
    if (p.dead[i]) {
      s.dying = true;
      set_in(i, false);
      rec(i).dead = rec(i).down = true;
    }
    ENCSIM_SAY(log_, "%s carries %d survival, %d verve, %d injuries and %d mojo into this fight%s", name(i),
               s.survival, s.verve, s.injuries, s.mojo, p.dead[i] ? " (dead)" : "");
  }
  carry_out();
  enc_.carry_metrics(*carry_, carry_->in);
}

// The dying count as dead (docs/rules/gods-and-monsters.md: nobody heals
// them in time); the unconscious and those who withdrew are back.
template <class R, class Log>
void Battle<R, Log>::carry_out() {
  PartyState& p = *carry_;
  p.started = true;
  for (int i = 0; i < enc_.n_party; ++i) {
    const State& s = st_[i];
    p.survival[i] = s.survival;
    p.verve[i] = s.verve;
    p.injuries[i] = s.injuries;
    p.mojo[i] = s.mojo;
    p.dead[i] = s.dying;
  }
}

}  // namespace encsim::gods_and_monsters
