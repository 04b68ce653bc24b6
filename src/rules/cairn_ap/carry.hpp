// cairn-ap in a session (issue 14): the rests between fights ("Healing &
// Recovery", "Deprivation and Fatigue", "Scars"). Included at the end of
// cairn_ap.hpp; docs/rules/cairn-ap.md, "Sessions".
#pragma once

#include <algorithm>

namespace encsim::cairn_ap {

inline constexpr std::uint16_t scar_bit(int entry) { return static_cast<std::uint16_t>(1u << entry); }
// Walloped (#3, until a few hours' rest) and a Mortal Wound (#11, until its
// recovery) leave the PC Deprived: no HP, attributes or slots come back.
inline bool deprived(const PartyState& p, int i) { return (p.scars[i] & (scar_bit(3) | scar_bit(11))) != 0; }

// Rolls `n` d`sides`; when the total beats `current`, it is the new value
// (the Scars table's "If the total is higher than ..., take the new result").
template <class R>
int scar_roll(R& rng, int n, int sides, int current) {
  int total = 0;
  for (int k = 0; k < n; ++k) total += rng.die(sides);
  return std::max(current, total);
}

// "Healing & Recovery", "Deprivation and Fatigue", and the recoveries of the
// Scars table; docs/rules/cairn-ap.md, "Sessions".
template <class R, class Log>
void Encounter::rest(const RestPlan& plan, PartyState& p, R& rng, Log& log) const {
  if (plan.kind == RestKind::none) return;
  const bool night = plan.kind != RestKind::breather;
  const bool week = plan.kind == RestKind::week;
  for (int i = 0; i < n_party; ++i) {
    const char* who = fighters[static_cast<std::size_t>(i)].name.c_str();
    if (p.life[i] == Life::dead) continue;
    if (p.life[i] == Life::dying) {
      p.life[i] = plan.bandages ? Life::crawls : Life::dead;
      ENCSIM_SAY(log, "%s %s", who, plan.bandages ? "is bandaged and stabilises" : "is left untreated and dies");
      if (!plan.bandages) continue;
    }
    std::uint16_t& scars = p.scars[i];
    const auto take = [&](int entry) {
      const bool had = (scars & scar_bit(entry)) != 0;
      scars = static_cast<std::uint16_t>(scars & ~scar_bit(entry));
      return had;
    };
    const auto raise = [](int& value, int& max, int to) {
      value += std::max(0, to - max);
      max = std::max(max, to);
    };
    // At once: #1 and #2 (1d6 against max HP), #6 (3d6 against a random
    // attribute), #9 (3d6 against max WIL). #8 and #10 (a WIL save for more
    // WIL) and #12 (Doomed: its own fight) change nothing here.
    if (take(1)) raise(p.hp[i], p.hp_max[i], scar_roll(rng, 1, 6, p.hp_max[i]));
    if (take(2)) raise(p.hp[i], p.hp_max[i], scar_roll(rng, 1, 6, p.hp_max[i]));
    if (take(6)) {
      const int which = (rng.die(6) - 1) / 2;
      int& value = which == 0 ? p.str[i] : which == 1 ? p.dex[i] : p.wil[i];
      int& max = which == 0 ? p.str_max[i] : which == 1 ? p.dex_max[i] : p.wil_max[i];
      const int got = scar_roll(rng, 3, 6, value);
      max = std::max(max, got);
      value = got;
    }
    if (take(9)) raise(p.wil[i], p.wil_max[i], scar_roll(rng, 3, 6, p.wil_max[i]));
    scars = static_cast<std::uint16_t>(scars & ~(scar_bit(8) | scar_bit(10) | scar_bit(12)));
    // A few hours' rest ends Walloped's deprivation: then +1d6 max HP.
    if (night && take(3)) {
      const int more = rng.die(6);
      p.hp_max[i] += more;
      ENCSIM_SAY(log, "%s is no longer deprived (Walloped): max HP +%d", who, more);
    }
    // A week with a healer: the broken limb mended, the disease over, the
    // hamstring and the mortal wound recovered.
    if (week) {
      if (take(4)) raise(p.hp[i], p.hp_max[i], scar_roll(rng, 2, 6, p.hp_max[i]));
      if (take(5)) raise(p.hp[i], p.hp_max[i], scar_roll(rng, 2, 6, p.hp_max[i]));
      if (take(7)) raise(p.dex[i], p.dex_max[i], scar_roll(rng, 3, 6, p.dex_max[i]));
      if (take(11)) {
        p.hp_max[i] = rng.die(6) + rng.die(6);
        ENCSIM_SAY(log, "%s recovers from the Mortal Wound: max HP %d", who, p.hp_max[i]);
      }
    }
    if (deprived(p, i)) {
      ENCSIM_SAY(log, "%s is deprived: nothing comes back", who);
      continue;
    }
    p.hp[i] = p.hp_max[i];
    if (night) {
      const Fighter& fi = fighters[static_cast<std::size_t>(i)];
      p.free_slots[i] = std::min(fi.free_slots, p.free_slots[i] + p.fatigue[i]);
      p.fatigue[i] = 0;
      p.no_spells_for_hours[i] = p.fatigue_on_3[i] = p.wil_on_cast[i] = false;
      if (p.life[i] == Life::crawls && (week || plan.crawlers_rise)) p.life[i] = Life::up;
    }
    if (week) {
      p.str[i] = p.str_max[i];
      p.dex[i] = p.dex_max[i];
      p.wil[i] = p.wil_max[i];
    }
    ENCSIM_SAY(log, "%s rests: HP %d/%d, STR %d/%d, %d Fatigue%s", who, p.hp[i], p.hp_max[i], p.str[i], p.str_max[i],
               p.fatigue[i], p.life[i] == Life::crawls ? ", still out of action" : "");
  }
}

}  // namespace encsim::cairn_ap
