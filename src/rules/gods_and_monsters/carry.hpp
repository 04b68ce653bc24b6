// Gods & Monsters in a session (issue 14): the rests between fights
// ("Regaining survival and healing injuries", "Using verve"). Included at the
// end of gods_and_monsters.hpp; docs/rules/gods-and-monsters.md, "Sessions".
#pragma once

#include <algorithm>

namespace encsim::gods_and_monsters {

// "Regaining survival and healing injuries": a night restores level survival
// or removes an injury on a health roll (else 1 survival); a day does the
// same without a roll. "Using verve": verve is whole again when a new day
// begins, and a non-conflict encounter gives back up to the level in verve.
template <class R, class Log>
void Encounter::rest(const RestPlan& plan, PartyState& p, R& rng, Log& log) const {
  if (plan.kind == RestKind::none) return;
  for (int i = 0; i < n_party; ++i) {
    if (p.dead[i]) continue;
    const Fighter& f = fighters[static_cast<std::size_t>(i)];
    if (plan.kind == RestKind::encounter) {
      p.verve[i] = std::min(f.verve, p.verve[i] + f.level);
      ENCSIM_SAY(log, "%s: %d verve after the encounter", f.name.c_str(), p.verve[i]);
      continue;
    }
    p.verve[i] = f.verve;
    const bool hurt = p.survival[i] < f.survival;
    if (!hurt && p.injuries[i] == 0) continue;
    bool heals = true;
    if (plan.kind == RestKind::night) {
      const int need = f.score[kHealth] + plan.health_bonus - p.injuries[i];
      const int roll = rng.die(20);
      heals = roll <= need;
      ENCSIM_SAY(log, "%s rolls %d vs %d health for the night: %s", f.name.c_str(), roll, need,
                 heals ? "success" : "failure");
    }
    const bool injury = p.injuries[i] > 0 && (plan.heals == Heals::injury || !hurt);
    if (!heals) p.survival[i] = std::min(f.survival, p.survival[i] + 1);
    else if (injury) --p.injuries[i];
    else p.survival[i] = std::min(f.survival, p.survival[i] + f.level);
    ENCSIM_SAY(log, "%s: %d survival, %d injuries, %d verve", f.name.c_str(), p.survival[i], p.injuries[i],
               p.verve[i]);
  }
}

}  // namespace encsim::gods_and_monsters
