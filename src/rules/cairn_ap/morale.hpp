// Morale, flight and retreat in cairn-ap (Battle, battle.hpp): the foes'
// group and lone saves after the action that called for them, and a
// creature's own retreat (source text 001: "Morale"; "Combat": "Retreat").
// docs/rules/cairn-ap.md.
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

namespace encsim::cairn_ap {

template <class R, class Log>
inline void Battle<R, Log>::after_action() {
  if (opt_.morale == MoraleMode::off) {
    casualty_ = false;
    return;
  }
  bool group = false;
  if (casualty_ && alive_[1] > 0 && start_[1] >= 2) {
    if (!first_casualty_checked_) first_casualty_checked_ = group = true;
    if (!half_checked_ && 2 * alive_[1] <= start_[1]) half_checked_ = group = true;
  }
  casualty_ = false;
  if (group) group_morale();
  // "Lone foes must save when they're reduced to 0 HP": a foe alone on its
  // side at 0 HP saves once, whether its wound or its last ally's fall came
  // last. A group save just made (it took part) stands for this one.
  if (alive_[1] != 1 || !opt_.lone_foe_morale) return;
  for (int t = enc_.n_party; t < n_; ++t) {
    if (!st_[t].in_fight || st_[t].hp > 0 || st_[t].zero_checked) continue;
    st_[t].zero_checked = true;
    if (group) return;
    ++rec_.resources[kMoraleChecks];
    ENCSIM_SAY(log_, "Morale: %s stands alone at 0 HP", name(t));
    if (!dice_check(t, st_[t].wil, opt_.morale_dc, 0, "morale (WIL)")) flee(t);
  }
}

template <class R, class Log>
inline int Battle<R, Log>::leader_wil() const {
  for (int i = enc_.n_party; i < n_; ++i)
    if (st_[i].in_fight && f(i).leader) return st_[i].wil;
  return -1000;
}

template <class R, class Log>
inline void Battle<R, Log>::group_morale() {
  ++rec_.resources[kMoraleChecks];
  // "Some groups may use their leader's WIL in place of their own."
  int leader = -1;
  for (int i = enc_.n_party; i < n_ && opt_.morale_leader; ++i)
    if (st_[i].in_fight && f(i).leader) {
      leader = i;
      break;
    }
  if (opt_.morale == MoraleMode::group) {
    // One save for the group: the leader's WIL, else the best WIL among them.
    int who = leader;
    if (who < 0)
      for (int i = enc_.n_party; i < n_; ++i)
        if (st_[i].in_fight && (who < 0 || st_[i].wil > st_[who].wil)) who = i;
    ENCSIM_SAY(log_, "Morale: the foes save on %s's WIL", name(who));
    if (dice_check(who, st_[who].wil, opt_.morale_dc, 0, "morale (WIL)")) return;
    ENCSIM_SAY(log_, "The foes break and flee.");
    for (int i = enc_.n_party; i < n_; ++i)
      if (st_[i].in_fight) flee(i);
    return;
  }
  // Each foe saves for itself (with its leader's WIL where it has one).
  ENCSIM_SAY(log_, "Morale: each foe saves");
  for (int i = enc_.n_party; i < n_; ++i) {
    if (!st_[i].in_fight) continue;
    if (!dice_check(i, leader >= 0 ? st_[leader].wil : st_[i].wil, opt_.morale_dc, 0, "morale (WIL)")) flee(i);
  }
}

template <class R, class Log>
inline void Battle<R, Log>::flee(int t) {
  ENCSIM_SAY(log_, "  %s flees", name(t));
  ++rec_.resources[kMoraleFled];
  out(t, Out::fled);
}

// "Retreat": a DEX save; on a success the creature leaves the fight. A save
// is not the creature's own roll, so gained advantage waits for one
// (unless retreat_advantage).
template <class R, class Log>
inline void Battle<R, Log>::retreat(int i) {
  spend(i, opt_.ap_retreat, kApRetreat);
  ENCSIM_SAY(log_, "%s tries to retreat", name(i));
  const int adv = opt_.retreat_advantage ? st_[i].gained_adv : 0;
  if (opt_.retreat_advantage) st_[i].gained_adv = 0;
  if (!dice_check(i, st_[i].dex, opt_.retreat_dc, adv, "retreat (DEX)")) return;
  ++rec_.resources[kRetreats];
  ENCSIM_SAY(log_, "  %s gets away", name(i));
  out(i, Out::fled);
}

}  // namespace encsim::cairn_ap
