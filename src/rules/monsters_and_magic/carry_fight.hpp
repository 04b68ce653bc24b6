// Monsters & Magic in a session's fight: the Battle's carried state in at the set-up
// and out at the end (carry.hpp has the rests between fights). Included at
// the end of battle.hpp.
#pragma once

#include <algorithm>

namespace encsim::mnm {

// A session's fight: the PCs as the last fight (and rest) left them, the
// GM's threads too; then the state at the start of this fight becomes the
// carried one.
template <class R, class Log>
void Battle<R, Log>::carry_in() {
  PartyState& p = *carry_;
  if (p.started) {
    gm_threads_ = p.gm_threads;
    for (int i = 0; i < enc_.n_party; ++i) {
      State& s = st_[i];
      s.hp = p.hp[i];
      s.temp_hp = p.temp_hp[i];
      s.fatigue = p.fatigue[i];
      s.exhaustion = p.exhaustion[i];
      s.threads = p.threads[i];
      s.potions = p.potions[i];
      s.ready_potions = p.ready_potions[i];
      if (p.dead[i]) {
        knock_out(i);
        s.dead = true;
      } else if (!p.awake[i]) {
        knock_out(i);
        s.stable = s.hp == 0;  // stabilised after the last fight; else out from exhaustion
      }
      ENCSIM_SAY(log_, "%s carries %d/%d hp, fatigue %d, exhaustion %d, %d thread(s), %d potion(s)%s", name(i), s.hp,
                 f(i).hp, s.fatigue, s.exhaustion, s.threads, s.potions,
                 s.dead ? " (dead)" : !s.conscious ? (s.stable ? " (stable, unconscious)" : " (unconscious)") : "");
    }
  }
  carry_out();
  enc_.carry_metrics(p, p.in);
}

// The end of a fight: a PC still dying is stabilised by the party (Aid, once
// the fight is over) and stays unconscious at 0 hp.
template <class R, class Log>
void Battle<R, Log>::carry_out() {
  PartyState& p = *carry_;
  const bool first = !p.started;  // supplies: the PCs' own, then only rests change them
  p.started = true;
  p.gm_threads = gm_threads_;
  for (int i = 0; i < enc_.n_party; ++i) {
    const State& s = st_[i];
    p.hp[i] = s.dead ? 0 : std::max(0, s.hp);
    p.temp_hp[i] = s.temp_hp;
    p.fatigue[i] = s.fatigue;
    p.exhaustion[i] = s.exhaustion;
    p.threads[i] = s.threads;
    p.potions[i] = s.potions;
    p.ready_potions[i] = s.ready_potions;
    if (first) p.supplies[i] = f(i).supplies;
    p.awake[i] = s.conscious && !s.dead;
    p.dead[i] = s.dead;
  }
}

}  // namespace encsim::mnm
