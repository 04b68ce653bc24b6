// Checks and defences in cairn-ap (Battle, battle.hpp): saves against a DC,
// the contest of IR and TR with its naturals, and the target's defence
// against an attack, held or not (source text 001: "Saves", "Check Results
// (IR vs TR)"; "Special Actions in Combat": Held Action, dodge, parry, block).
// docs/rules/cairn-ap.md.
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <cstddef>

namespace encsim::cairn_ap {

// Records a natural 1 or 20 on a Base Die (the text leaves its effect to the Warden).
template <class R, class Log>
inline void Battle<R, Log>::note_natural(int i, const CheckRoll& r) {
  if (r.natural_20()) {
    ++rec_.resources[kNatural20];
    ++rec(i).extra[kExNatural20];
  } else if (r.natural_1()) {
    ++rec_.resources[kNatural1];
    ++rec(i).extra[kExNatural1];
  }
}

// IR >= TR: the initiator succeeds. The options may let naturals decide.
template <class R, class Log>
inline bool Battle<R, Log>::initiator_wins(const CheckRoll& ir, const CheckRoll& tr) const {
  bool win = ir.total >= tr.total;
  if (opt_.natural_20_succeeds && ir.natural_20() != tr.natural_20()) win = ir.natural_20();
  if (opt_.natural_1_fails && ir.natural_1() != tr.natural_1()) win = tr.natural_1();
  return win;
}

// A save against a DC (morale, critical damage, retreat). "Check Results":
// the DC stands where the Initiator's roll stands and the Initiator wins
// ties, so the save passes only above the DC.
template <class R, class Log>
inline bool Battle<R, Log>::dice_check(int i, int attribute_value, int dc, int adv, const char* what) {
  Check c;
  c.base_adv = adv;
  c.modifier = attribute_value;
  const CheckRoll r = roll_check(dice_, c);
  note_natural(i, r);
  bool ok = r.total > dc;
  if (opt_.natural_20_succeeds && r.natural_20()) ok = true;
  if (opt_.natural_1_fails && r.natural_1()) ok = false;
  ENCSIM_SAY(log_, "  %s: %s save d20 %d %+d = %d vs DC %d: %s", name(i), what, r.base, attribute_value, r.total,
             dc, ok ? "passed" : "failed");
  return ok;
}

template <class R, class Log>
inline Check Battle<R, Log>::defence_check(int t, Defence d, int adv) const {
  const Fighter& ft = f(t);
  const State& s = st_[t];
  Check c;
  c.base_adv = adv;
  switch (d) {
    case Defence::block:
      c.modifier = s.str;
      c.objects[0] = ft.shield_die;
      break;
    case Defence::parry:
      c.modifier = s.str;
      c.objects[0] = ft.weapon_die;
      c.objects[1] = ft.second_die;
      c.highest_object = true;
      break;
    default: c.modifier = s.dex; break;
  }
  return c;
}

// The save a target makes unheld: its `defence`, or with `best` the one with
// the highest expected result on its current STR and DEX (critical damage
// lowers STR during the fight). Ties: dodge, then block, then parry.
template <class R, class Log>
inline Defence Battle<R, Log>::free_defence(int t, bool ranged) const {
  const Fighter& ft = f(t);
  if (ft.defence != Defence::best) return ranged ? ft.vs_ranged : ft.vs_melee;
  return best_defence(ft, st_[t].str, st_[t].dex, ranged);
}

// The target's save against an attack; a held action that this attack
// triggers fires (and is used up). Sets `riposte` when a riposte fired.
template <class R, class Log>
inline CheckRoll Battle<R, Log>::save_against_attack(int a, int t, bool ranged, bool& riposte) {
  State& s = st_[t];
  Defence d = free_defence(t, ranged);
  int adv = 0;
  const Held h = s.held;
  const bool fires = h == Held::dodge || h == Held::block || (!ranged && (h == Held::parry || h == Held::riposte));
  if (fires) {
    d = h == Held::dodge ? Defence::dodge : h == Held::block ? Defence::block : Defence::parry;
    // "Held Action, can give yourself Adv when you are the Target": said of
    // the dodge only; held_advantage: all extends it to parry and block.
    adv = h == Held::dodge || opt_.held_advantage_all ? 1 : 0;
    riposte = h == Held::riposte;
    s.held = Held::none;
    ++rec_.resources[kHeldFired];
    ++rec(t).extra[kExHeldFired];
  }
  // A detachment's attacks on individuals are enhanced; that is on the
  // initiator's die. The defender saves as it is.
  const CheckRoll tr = roll_check(dice_, defence_check(t, d, adv));
  note_natural(t, tr);
  static const char* kDef[] = {"", "dodges", "blocks", "parries"};
  ENCSIM_SAY(log_, "  %s %s%s: TR %d (d20 %d)", name(t), kDef[static_cast<int>(d)],
             !fires ? "" : adv ? " (held, with advantage)" : " (held)", tr.total, tr.base);
  (void)a;
  return tr;
}

}  // namespace encsim::cairn_ap
