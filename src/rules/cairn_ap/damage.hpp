// Damage in cairn-ap (Battle, battle.hpp): armor, HP and then STR, the
// critical damage save, the Scars a PC takes and the ones that act inside
// the fight, and how a creature leaves the fight (source text 001: "Armor";
// "Combat": "Attacking & Damage", "Critical Damage", "Detachments", "Scars",
// "Scars Table").
// docs/rules/cairn-ap.md.
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>
#include <cstdint>

namespace encsim::cairn_ap {

// `feature`: a's attack, riposte or spell, which the damage counts to.
template <class R, class Log>
inline void Battle<R, Log>::damage(int a, int t, int dmg, int feature) {
  State& s = st_[t];
  const bool enemy = side(a) != side(t);
  if (enemy) focus_[side(a)] = t;
  if (dmg <= 0) {
    ENCSIM_SAY(log_, "  no damage gets through");
    return;
  }
  const int before = s.hp;
  const int from_hp = std::min(dmg, s.hp);
  s.hp -= from_hp;
  const int past_zero = dmg - from_hp;
  int taken = from_hp;
  bool critical_save = false;
  int entry = 0;  // the Scars entry this hit calls for
  if (past_zero > 0) {
    // "Damage that reduces a Target's HP below zero is subtracted from their STR."
    const int from_str = std::min(past_zero, s.str);
    s.str -= from_str;
    taken += from_str;
    rec_.resources[kStrLost] += from_str;
    rec(t).extra[kExStrLost] += from_str;
    // Damage past STR 0 counts for nothing (the totals count HP and STR lost).
    if (from_hp + from_str == dmg)
      ENCSIM_SAY(log_, "  %d damage to %s: HP %d, STR %d (-%d)", dmg, name(t), s.hp, s.str, from_str);
    else
      ENCSIM_SAY(log_, "  %d damage to %s: %d lost, HP %d, STR %d (-%d)", dmg, name(t), from_hp + from_str, s.hp,
                 s.str, from_str);
    if (f(t).pc && opt_.scars == ScarRule::zero_or_under && before > 0) entry = scar(t, before);
    critical_save = true;
  } else {
    ENCSIM_SAY(log_, "  %d damage to %s: HP %d", dmg, name(t), s.hp);
    if (s.hp == 0 && before > 0) {
      if (f(t).pc) entry = scar(t, before);
      critical_save = opt_.critical_at_zero;
    }
  }
  if (enemy) {
    rec(a).damage_dealt += taken;
    feat(feature).damage += taken;
  }
  rec(t).damage_taken += taken;
  if (s.str <= 0) {
    // "If a PC's STR is reduced to 0, they die"; a detachment is destroyed.
    ENCSIM_SAY(log_, "  %s is reduced to STR 0: %s", name(t), f(t).detachment ? "destroyed" : "dead");
    out(t, Out::dead);
    return;
  }
  if (critical_save) critical(t);
  if (entry > 0 && s.in_fight) scar_effect(t, entry);
}

// A STR save (DC 15, with the new STR) against Critical Damage.
template <class R, class Log>
inline void Battle<R, Log>::critical(int t) {
  ++rec_.resources[kCriticalSaves];
  const bool doomed = st_[t].doomed;
  st_[t].doomed = false;
  if (dice_check(t, st_[t].str, opt_.critical_dc, 0, "critical damage (STR)")) return;
  ++rec_.resources[kCriticalFailed];
  ++rec(t).extra[kExCriticalFailed];
  if (doomed) {
    ENCSIM_SAY(log_, "  %s was Doomed and dies horribly", name(t));
    out(t, Out::dead);
  } else if (f(t).detachment) {
    ENCSIM_SAY(log_, "  %s takes critical damage and is routed", name(t));
    out(t, Out::routed);
  } else if (f(t).pc) {
    ENCSIM_SAY(log_, "  %s takes critical damage: out of the fight, dying", name(t));
    out(t, Out::dying);
  } else {
    ENCSIM_SAY(log_, "  %s takes critical damage and dies", name(t));
    out(t, Out::dead);
  }
}

// "Scars": the entry is the HP the PC had before the attack.
template <class R, class Log>
inline int Battle<R, Log>::scar(int t, int hp_before) {
  const int entry = std::clamp(hp_before, 1, 12);
  ++rec_.resources[kScars];
  ++rec(t).extra[kExScars];
  st_[t].scars = static_cast<std::uint16_t>(st_[t].scars | 1u << entry);
  ENCSIM_SAY(log_, "  %s rolls on the Scars table: #%d %s", name(t), entry, scar_name(entry));
  return entry;
}

// The scars that act inside the fight, after the hit's critical damage
// save: #11 takes the PC out of action (dying within the hour unless
// healed); #12 makes the next failed critical damage save fatal. The rest
// play out after the fight (recovery, rest, new maximums).
template <class R, class Log>
inline void Battle<R, Log>::scar_effect(int t, int entry) {
  if (entry == 11) {
    ENCSIM_SAY(log_, "  %s is out of action, dying", name(t));
    out(t, Out::dying);
  } else if (entry == 12) {
    st_[t].doomed = true;
  }
}

template <class R, class Log>
inline void Battle<R, Log>::out(int t, Out how) {
  State& s = st_[t];
  if (!s.in_fight) return;
  s.in_fight = false;
  s.how = how;
  s.held = Held::none;
  --alive_[side(t)];
  rec(t).down = true;
  rec(t).dead = how == Out::dead || (how == Out::dying && opt_.dying_pcs_count_dead);
  if (how == Out::routed) ++rec_.resources[kRouted];
  if (how == Out::fled || how == Out::routed) ++rec(t).extra[kExFled];
  if (side(t) == 1) {
    last_foe_fled_ = how == Out::fled || how == Out::routed;
    if (how != Out::fled) casualty_ = true;
  }
}

}  // namespace encsim::cairn_ap
