// cairn-ap in a session (issue 14): the Battle's carried state in and out,
// the fight that starts from it, and the rests between fights ("Healing &
// Recovery", "Deprivation and Fatigue", "Scars"). Included at the end of
// cairn_ap.hpp; docs/rules/cairn-ap.md, "Sessions".
#pragma once

#include <algorithm>

namespace encsim::cairn_ap {

inline constexpr std::uint16_t scar_bit(int entry) { return static_cast<std::uint16_t>(1u << entry); }
// Walloped (#3, until a few hours' rest) and a Mortal Wound (#11, until its
// recovery) leave the PC Deprived: no HP, attributes or slots come back.
inline bool deprived(const PartyState& p, int i) { return (p.scars[i] & (scar_bit(3) | scar_bit(11))) != 0; }

// A session's fight: the PCs as the last fight left them (HP rolled above are
// replaced, so the setup stream stays in step), then the state at the start
// of this fight becomes the carried one.
template <class R, class Log>
void Battle<R, Log>::carry_in() {
  PartyState& p = *carry_;
  for (int i = 0; p.started && i < enc_.n_party; ++i) {
    State& s = st_[i];
    s.hp = p.hp[i];
    s.hp_max = p.hp_max[i];
    s.str = p.str[i];
    s.str_max = p.str_max[i];
    s.dex = p.dex[i];
    s.wil = p.wil[i];
    s.free_slots = p.free_slots[i];
    s.mana_dust = p.mana_dust[i];
    s.fatigue = p.fatigue[i];
    s.worn_armor = p.worn_armor[i];
    s.magic_armor = p.magic_armor[i];
    set_armor(i);
    s.doomed = p.doomed[i];
    s.grimoire_lost = p.grimoire_lost[i];
    s.can_cast = !p.grimoire_lost[i] && !p.no_spells_for_hours[i];
    s.fatigue_on_3 = p.fatigue_on_3[i];
    s.wil_on_cast = p.wil_on_cast[i];
    s.free_die = p.free_die[i];
    s.vessel = p.vessel[i];
    s.elemental = p.elemental[i];
    rec(i).extra[kExHpStart] = s.hp;
    if (p.life[i] != Life::up) {
      s.in_fight = false;
      s.how = p.life[i] == Life::dead ? Out::dead : p.life[i] == Life::dying ? Out::dying : Out::crawls;
      --alive_[0];
      rec(i).down = true;
      rec(i).dead = s.how == Out::dead || (s.how == Out::dying && opt_.dying_pcs_count_dead);
    }
    ENCSIM_SAY(log_, "%s carries HP %d/%d, STR %d/%d, %d Fatigue into this fight%s", name(i), s.hp, s.hp_max, s.str,
               s.str_max, s.fatigue,
               p.life[i] == Life::dead    ? " (dead)"
               : p.life[i] == Life::dying ? " (dying)"
               : p.life[i] == Life::crawls ? " (crawling, out of action)"
                                           : "");
  }
  carry_out();
  enc_.carry_metrics(*carry_, carry_->in);
}

template <class R, class Log>
void Battle<R, Log>::carry_out() {
  PartyState& p = *carry_;
  const bool had = p.started;
  p.started = true;
  for (int i = 0; i < enc_.n_party; ++i) {
    const State& s = st_[i];
    const Fighter& fi = f(i);
    p.hp[i] = s.hp;
    p.hp_max[i] = s.hp_max;
    p.str[i] = s.str;
    p.str_max[i] = s.str_max;
    p.dex[i] = s.dex;
    p.wil[i] = s.wil;
    if (!had) {
      p.dex_max[i] = fi.attr[kDex];
      p.wil_max[i] = fi.attr[kWil];
      p.scars[i] = 0;
    }
    // Mishap #19's wings add to DEX, and the maximum with it.
    p.dex_max[i] = std::max(p.dex_max[i], s.dex);
    p.free_slots[i] = s.free_slots;
    p.mana_dust[i] = s.mana_dust;
    p.fatigue[i] = s.fatigue;
    p.worn_armor[i] = s.worn_armor;
    p.magic_armor[i] = s.magic_armor;
    p.scars[i] = static_cast<std::uint16_t>(p.scars[i] | s.scars);
    p.doomed[i] = s.doomed;
    p.grimoire_lost[i] = s.grimoire_lost;
    p.no_spells_for_hours[i] = !s.can_cast && !s.grimoire_lost;
    p.fatigue_on_3[i] = s.fatigue_on_3;
    p.wil_on_cast[i] = s.wil_on_cast;
    p.free_die[i] = s.free_die;
    p.vessel[i] = s.vessel;
    p.elemental[i] = s.elemental;
    // Fled and unconscious PCs are back for the next fight.
    Life life = Life::up;
    if (s.str <= 0 || (!s.in_fight && s.how == Out::dead)) life = Life::dead;
    else if (!s.in_fight && s.how == Out::dying) life = Life::dying;
    else if (!s.in_fight && s.how == Out::crawls) life = Life::crawls;
    p.life[i] = life;
  }
}

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
