// FIVEY in a session (issue 14): the rests between fights. Included at the
// end of fivey.hpp; docs/rules/fivey.md, "Sessions".
#pragma once

#include <algorithm>

namespace encsim::fivey {

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
