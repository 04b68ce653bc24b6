// cairn-ap in a session's fight: the Battle's carried state in at the set-up
// and out at the end (carry.hpp has the rests between fights). Included at
// the end of battle.hpp.
#pragma once

#include <algorithm>

namespace encsim::cairn_ap {

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

}  // namespace encsim::cairn_ap
