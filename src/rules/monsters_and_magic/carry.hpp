// Monsters & Magic in a session (issue 14): the rests of source text 002 ("Rest
// & Recovery", "Threads of Fate", "Death & Dying"). Included at the end of
// mnm.hpp; docs/rules/monsters-and-magic.md, "Sessions", gives every reading.
#pragma once

#include <algorithm>

namespace encsim::mnm {

// "Rest & Recovery": a short rest (two activities), a long rest (two
// activities, then threads, the GM's thread, waking), an extended rest
// (Recuperate, and what a long rest gives). Each rest also refills the
// loadout from the potions carried ("you can swap items in your loadout").
template <class R, class Log>
void Encounter::rest(const RestPlan& plan, PartyState& p, R& rng, Log& log) const {
  if (plan.kind == RestKind::none) return;
  const bool long_rest = plan.kind != RestKind::short_rest;
  for (int i = 0; i < n_party; ++i) {
    if (p.dead[i]) continue;
    const Fighter& f = fighters[static_cast<std::size_t>(i)];
    const char* who = f.name.c_str();
    if (plan.kind == RestKind::extended) {  // "Recuperate"
      p.hp[i] = f.hp;
      p.fatigue[i] = 0;
      p.exhaustion[i] = std::max(0, p.exhaustion[i] - 2);
      p.awake[i] = true;
      ENCSIM_SAY(log, "%s recuperates: %d hp, fatigue 0, exhaustion %d", who, p.hp[i], p.exhaustion[i]);
    } else {
      // The two activities: the plan's, or by the PC's state (tend its wounds
      // when hurt with supplies, clear fatigue when marked or out from
      // exhaustion, else gather supplies).
      Activity act[2] = {plan.activities[0], plan.activities[1]};
      if (plan.best) {
        int n = 0;
        const bool hurt = p.hp[i] < f.hp && p.supplies[i] > 0;
        const bool tired = p.fatigue[i] > 0 || (long_rest && p.exhaustion[i] > 0) || (!p.awake[i] && p.hp[i] > 0);
        if (hurt) act[n++] = Activity::tend_wounds;
        if (tired) act[n++] = Activity::clear_fatigue;
        if (n < 2) act[n++] = Activity::gather_supplies;
        if (n < 2) act[n++] = hurt ? Activity::clear_fatigue : Activity::tend_wounds;
      }
      const auto chose = [&](Activity a) { return act[0] == a || act[1] == a; };
      if (chose(Activity::gather_supplies)) {  // a focus roll: weak hit 1 supply, strong hit 2
        const int natural = rng.die(20);
        const int total = natural + f.ability[kFocus] + pc_exhaustion_penalty(p.exhaustion[i]) + f.check_penalty;
        const Tier t = tier_of(natural, total, 0);
        const int got = t >= kStrong ? 2 : t == kWeak ? 1 : 0;
        p.supplies[i] += got;
        ENCSIM_SAY(log, "%s gathers supplies: focus roll d20 %d = %d, %d supply (%d)", who, natural, total, got,
                   p.supplies[i]);
        if (natural == 20 || natural == 1) {  // "Threads of Fate": any critical
          if (p.threads[i] < f.pb) ++p.threads[i];
          ++p.gm_threads;
          ENCSIM_SAY(log, "  a natural %d: %s holds %d thread(s), the GM %d", natural, who, p.threads[i], p.gm_threads);
        }
      }
      if (chose(Activity::tend_wounds) && p.hp[i] < f.hp && p.supplies[i] > 0) {  // 1/4 of its hp per supply
        const int per = std::max(1, f.hp / 4);
        const int need = (f.hp - p.hp[i] + per - 1) / per;
        const int spend = std::min({need, p.supplies[i], long_rest ? need : 2});
        const bool woke = p.hp[i] == 0 && !p.awake[i];
        p.supplies[i] -= spend;
        p.hp[i] = std::min(f.hp, p.hp[i] + spend * per);
        if (woke) p.awake[i] = true;  // healed from 0: "you're no longer unconscious"
        ENCSIM_SAY(log, "%s tends wounds: %d supply, %d/%d hp%s", who, spend, p.hp[i], f.hp, woke ? ", wakes" : "");
      }
      if (chose(Activity::clear_fatigue)) {
        p.fatigue[i] = long_rest ? 0 : std::max(0, p.fatigue[i] - 2);
        int recovered = 0;
        if (long_rest)  // "optionally spend supplies to recover 1 exhaustion per supply": all it can
          for (; p.exhaustion[i] > 0 && p.supplies[i] > 0; ++recovered) {
            --p.exhaustion[i];
            --p.supplies[i];
          }
        const bool woke = !p.awake[i] && p.hp[i] > 0;  // out from exhaustion: recovering fatigue wakes it
        if (woke) p.awake[i] = true;
        ENCSIM_SAY(log, "%s clears fatigue: fatigue %d, exhaustion %d (%d supply spent)%s", who, p.fatigue[i],
                   p.exhaustion[i], recovered, woke ? ", wakes" : "");
      }
    }
    if (long_rest) {
      if (p.threads[i] == 0 && f.pb > 0) {  // "you regain 1 thread if you don't have any"
        p.threads[i] = 1;
        ENCSIM_SAY(log, "%s regains a thread", who);
      }
      if (!p.awake[i]) {  // unconscious "until you've finished a long rest"
        p.awake[i] = true;
        p.hp[i] = std::max(1, p.hp[i]);
        ENCSIM_SAY(log, "%s wakes at %d hp", who, p.hp[i]);
      }
    }
    p.ready_potions[i] = std::min(p.potions[i], f.loadout);
  }
  if (long_rest) {
    ++p.gm_threads;  // "at the end of a long rest ... the GM also gains 1 thread"
    ENCSIM_SAY(log, "The GM gains a thread at the end of the rest: %d", p.gm_threads);
  }
}

}  // namespace encsim::mnm
