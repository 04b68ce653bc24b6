// FIVEY in a session (issue 14): the Battle's carried state in and out, the
// fight that starts from it, and the rests between fights. Included at the
// end of fivey.hpp; docs/rules/fivey.md, "Sessions".
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

// "Rest Actions" (a night: one action each, Recover or Practice) and
// "Inspiration Dice" (restored by downtime); docs/rules/fivey.md, "Sessions".
template <class R, class Log>
void Encounter::rest(const RestPlan& plan, PartyState& p, R& rng, Log& log) const {
  if (plan.kind == RestKind::none) return;
  for (int i = 0; i < n_party; ++i) {
    if (!p.alive[i]) continue;
    const Fighter& f = fighters[static_cast<std::size_t>(i)];
    const int start_dice = f.inspiration;
    if (plan.kind == RestKind::downtime) {
      p.hp[i] = p.hp_max[i];
      p.inspiration[i] = std::max(p.inspiration[i], start_dice);
      p.shield[i] = f.shield;
      ENCSIM_SAY(log, "%s: downtime, %d hp, %d inspiration dice", f.name.c_str(), p.hp[i], p.inspiration[i]);
      continue;
    }
    const bool hurt = p.hp[i] < p.hp_max[i];
    const bool can_practice = p.inspiration[i] < start_dice;
    const bool recover = plan.action == RestAction::recover ||
                         (plan.action == RestAction::best && (hurt || !can_practice));
    if (recover) {
      const int healed = rng.die(6) + f.level;
      p.hp[i] = std::min(p.hp_max[i], p.hp[i] + healed);
      ENCSIM_SAY(log, "%s recovers %d hp (%d/%d)", f.name.c_str(), healed, p.hp[i], p.hp_max[i]);
    } else if (can_practice) {
      ++p.inspiration[i];
      ENCSIM_SAY(log, "%s practises: %d inspiration dice", f.name.c_str(), p.inspiration[i]);
    }
  }
}

}  // namespace encsim::fivey
