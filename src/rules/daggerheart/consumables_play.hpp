// Consumables in the fight (consumables.hpp): which item a PC uses at the
// start of its spotlight, and what it does (HP, Stress, Hope, a venom's die
// on the next damage roll). Included at the end of battle.hpp; not meant to
// be included on its own. docs/rules/daggerheart.md, "Consumables", records
// every reading.
#pragma once

#include <cmath>

namespace encsim::daggerheart {

namespace consumable_detail {
// The marks an item waits for: its mean clear rounded up, so little of it is
// wasted; `all`: half the slots (rounded up).
inline int worth(const ItemDice& d, int slots) {
  return d.all ? (slots + 1) / 2 : static_cast<int>(std::ceil(d.mean()));
}
// What an item is used for, most pressing first (0: not now).
enum Rank : int { kNone, kHope, kVenom, kStress, kHp, kLastHp };
}  // namespace consumable_detail

// At the start of the PC's own spotlight it uses at most one item, with no
// roll: an HP item when one more mark would take its last HP, else when its
// marked HP reach the item's worth; a Stress item when its marked Stress
// reach the item's worth or fill its slots; a venom on its primary weapon
// when none is on it; Hope leaves when none of their Hope would be lost.
// Among the items of the most pressing use, the one that clears the most
// (ties: by name). With `consumable_use: spotlight` only HP and Stress items
// are used and the use is the spotlight's action: returns true when it was.
template <class R, class Log>
inline bool Battle<R, Log>::use_consumable(int i) {
  using namespace consumable_detail;
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  const bool spot = opt_.consumable_spotlight;
  int pick = -1, pick_rank = kNone;
  double pick_clear = 0.0;
  for (int k = 0; k < static_cast<int>(p.consumables.size()); ++k) {
    const ConsumableDef& d = *p.consumables[static_cast<std::size_t>(k)].def;
    if (s.items[static_cast<std::size_t>(k)] <= 0 || d.status != CardStatus::modelled) continue;
    int rank = kNone;
    double clear = 0.0;
    if (d.clear_hp.present() && s.hp_marked > 0 && (d.stress == 0 || d.stress < stress_room(i, d.stress))) {
      clear = d.clear_hp.all ? s.hp_marked : d.clear_hp.mean();
      rank = hp_left(i) <= 1 ? kLastHp : s.hp_marked >= worth(d.clear_hp, p.hp) ? kHp : kNone;
    }
    if (rank == kNone && d.clear_stress.present() && s.stress_marked > 0 &&
        (s.stress_marked >= worth(d.clear_stress, p.stress) || s.stress_marked >= p.stress)) {
      clear = d.clear_stress.all ? s.stress_marked : d.clear_stress.mean();
      rank = kStress;
    }
    if (!spot && rank == kNone && d.next_damage > 0 && s.venom == 0 && !p.beast && p.primary.present &&
        p.primary.type == d.weapon) {
      clear = (d.next_damage + 1) / 2.0;
      rank = kVenom;
    }
    if (!spot && rank == kNone && d.hope.present() && !d.clear_hp.present() && !d.clear_stress.present() &&
        s.hope + d.hope.dice.max() <= hope_cap(i)) {
      clear = d.hope.mean();
      rank = kHope;
    }
    if (rank > pick_rank || (rank == pick_rank && rank != kNone && clear > pick_clear))
      pick = k, pick_rank = rank, pick_clear = clear;
  }
  if (pick < 0) return false;
  const PcConsumable& c = p.consumables[static_cast<std::size_t>(pick)];
  const ConsumableDef& d = *c.def;
  std::int8_t& left = s.items[static_cast<std::size_t>(pick)];
  --left;
  FeatureRecord& rec = feat(c.feat);
  ++rec.uses;
  ENCSIM_SAY(log_, "%s uses a %s (%d left)%s", pname(i), d.name.c_str(), left,
             spot ? ": the spotlight's action" : "");
  if (d.stress > 0) {
    mark_stress(i, d.stress);
    rec.spent += d.stress;
  }
  if (d.clear_hp.present()) {
    const int n = std::min(s.hp_marked, d.clear_hp.all ? s.hp_marked : d.clear_hp.dice.roll(dice_));
    rec.healed += n;
    clear_hp(i, n);
    ENCSIM_SAY(log_, "  %s clears %d HP (%d marked)", pname(i), n, s.hp_marked);
  }
  if (d.clear_stress.present()) {
    const int n = std::min(s.stress_marked, d.clear_stress.all ? s.stress_marked : d.clear_stress.dice.roll(dice_));
    if (!d.clear_hp.present()) rec.healed += n;
    s.stress_marked -= n;
    ENCSIM_SAY(log_, "  %s clears %d Stress (%d marked)", pname(i), n, s.stress_marked);
  }
  if (d.hope.present()) {
    const int before = s.hope;
    gain_hope(i, d.hope.dice.roll(dice_));
    ENCSIM_SAY(log_, "  %s gains %d Hope (%d)", pname(i), s.hope - before, s.hope);
  }
  if (d.next_damage > 0) {
    s.venom = d.next_damage;
    s.venom_item = pick;
    ENCSIM_SAY(log_, "  a d%d joins the next damage roll of %s's %s", d.next_damage, pname(i), p.primary.name.c_str());
  }
  if (spot) ++rpc(i).actions;
  return spot;
}

// A venom's die on the primary weapon's damage roll (a critical adds its
// maximum, as for every die of the roll); it is then spent.
template <class R, class Log>
inline int Battle<R, Log>::venom_damage(int i, bool crit) {
  PcState& s = pc_[i];
  const int d = dice_.die(s.venom) + (crit ? s.venom : 0);
  ENCSIM_SAY(log_, "  %s: +%d%s", pc(i).consumables[static_cast<std::size_t>(s.venom_item)].def->name.c_str(), d,
             crit ? " (critical)" : "");
  s.venom = 0;
  return d;
}

}  // namespace encsim::daggerheart
