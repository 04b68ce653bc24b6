// FIVEY in a session's fight: the Battle's carried state in at the set-up
// and out at the end (carry.hpp has the rests between fights). Included at
// the end of battle.hpp.
#pragma once

#include <algorithm>

namespace encsim::fivey {

// A session's fight: the PCs as the last fight left them (hit points rolled
// above are replaced, so the setup stream stays in step), then the state
// at the start of this fight becomes the carried one.
template <class R, class Log>
void Battle<R, Log>::carry_in() {
  PartyState& p = *carry_;
  for (int i = 0; i < enc_.n_party; ++i) {
    State& s = st_[i];
    if (p.started) {
      s.hp = p.hp[i];
      s.hp_max = p.hp_max[i];
      s.inspiration = p.inspiration[i];
      s.shield = p.shield[i];
      if (!p.alive[i]) {
        s.alive = false;
        --alive_[0];
        rec(i).down = rec(i).dead = true;
      }
      rec(i).extra[kExtraHpStart] = s.hp;
      ENCSIM_SAY(log_, "%s carries %d/%d hp and %d inspiration dice into this fight%s", name(i), s.hp, s.hp_max,
                 s.inspiration, s.alive ? "" : " (dead)");
    }
  }
  carry_out();
  enc_.carry_metrics(p, p.in);
}

template <class R, class Log>
void Battle<R, Log>::carry_out() {
  PartyState& p = *carry_;
  p.started = true;
  for (int i = 0; i < enc_.n_party; ++i) {
    const State& s = st_[i];
    p.hp[i] = s.alive ? s.hp : 0;
    p.hp_max[i] = s.hp_max;
    p.inspiration[i] = s.inspiration;
    p.alive[i] = s.alive;
    p.shield[i] = s.shield;
  }
}

}  // namespace encsim::fivey
