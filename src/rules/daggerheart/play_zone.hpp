// Reductions that stand over the party for a while (cards.hpp): Zone of
// Protection's growing die (`zone_die`), cast as an action at the party and
// taken off the damage each PC takes, one more each time, until it would
// pass its sides; Rejuvenation Barrier's resistance (`barrier`) to damage
// from afar; Shield Aura's (`aura_armor`) one threshold more on a PC's Armor
// Slot; Elemental Aura: Air's (`aura_reduce`) dice off attacks from afar
// and Fire's (`aura_stress`) Stress on adversaries that mark HP, while its
// caster holds its stance; Arcane Reflection's (`reflect`) Hope d6s that
// send a hit back. A fight where no one has cast them pays one test each per hit
// (Battle::zone_, barrier_, PcState::aura_card). Included at the end of battle.hpp; not meant to be
// included on its own. docs/rules/daggerheart.md, "Domain cards", records the
// reading and the policy.
#pragma once

#include <algorithm>

namespace encsim::daggerheart {

// The standing adversary whose standard attack hits hardest: its mean damage
// (damage_mean), a Melee one first on ties, then the one with most HP left,
// then by name (never the order the scenario lists them); -1 when none
// stands. What a defence that waits for hits is weighed against.
template <class R, class Log>
inline int Battle<R, Log>::hardest_foe() const {
  int j = -1;
  double top = -1.0;
  for (int q = 0; q < n_adv_; ++q) {
    const double score = adv(q).damage_mean * 1000.0 + (adv(q).range == Range::melee ? 500.0 : 0.0) + adv_hp_left(q);
    if (adv_[q].alive && (score > top || (score == top && adv(q).name < adv(j).name))) top = score, j = q;
  }
  return j;
}

// What PC i casting zone card e would save, in HP: the hardest foe's mean hit
// (halved on a PC that resists its type) taken to land on each standing PC
// in turn, the die's every face (1 up to its sides) once: the HP each face
// keeps off at that PC's thresholds, averaged over the standing PCs. Nothing
// while a zone stands or no adversary does.
template <class R, class Log>
inline double Battle<R, Log>::zone_value(const CardEffect& e) const {
  const int j = hardest_foe();
  if (zone_ > 0 || j < 0) return 0.0;
  double sum = 0.0;
  int n = 0;
  for (int q = 0; q < n_pc_; ++q) {
    if (!standing(q)) continue;
    const int m = static_cast<int>((pc(q).resist & type_bit(adv(j).type_of_damage) ? adv(j).damage_mean / 2 : adv(j).damage_mean) + 0.5);
    const int now = severity(m, major_of(q), severe_of(q));
    for (int v = 1; v <= e.zone_die; ++v) sum += now - severity(m - v, major_of(q), severe_of(q));
    ++n;
  }
  return n > 0 ? sum / n : 0.0;
}

// PC i's zone card k has been cast: the die stands at 1.
template <class R, class Log>
inline void Battle<R, Log>::start_zone(int i, int k) {
  zone_ = 1;
  zone_pc_ = i;
  zone_card_ = k;
  ENCSIM_SAY(log_, "  %s: a zone over the party, a d%d at 1", pc(i).cards[static_cast<std::size_t>(k)].def->name.c_str(),
             pc(i).cards[static_cast<std::size_t>(k)].def->effect.zone_die);
}

// PC i takes `dmg` (after resistance) while a zone stands: the die's value
// comes off, then the die goes up one, and the zone ends once it would pass
// its sides. The caster's card row counts the HP kept off as `healed`.
// Returns the damage left.
template <class R, class Log>
inline int Battle<R, Log>::zone_reduce(int i, int dmg) {
  const PcCard& c = pc(zone_pc_).cards[static_cast<std::size_t>(zone_card_)];
  const int cut = zone_;
  const int left = std::max(0, dmg - cut);
  feat(c.feat).healed += severity(dmg, major_of(i), severe_of(i)) - severity(left, major_of(i), severe_of(i));
  zone_ = zone_ + 1 > c.def->effect.zone_die ? 0 : zone_ + 1;
  ENCSIM_SAY(log_, "  %s: %d off the damage to %s, %d to %d%s", c.def->name.c_str(), cut, pname(i), dmg, left,
             zone_ == 0 ? " (the zone ends)" : "");
  return left;
}

// What PC i's barrier card e would save, in HP: one hit (a round's worth)
// from each standing adversary whose standard attack deals the barrier's type
// from beyond Very Close range, its mean halved, at each standing PC's
// thresholds (a PC that already resists the type gains nothing), averaged
// over the PCs. Nothing while a barrier stands.
template <class R, class Log>
inline double Battle<R, Log>::barrier_value(const CardEffect& e) const {
  const TypeMask bit = type_bit(static_cast<DamageType>(e.barrier));
  if (barrier_ & bit) return 0.0;
  double sum = 0.0;
  int n = 0;
  for (int q = 0; q < n_pc_; ++q) {
    if (!standing(q)) continue;
    ++n;
    if ((pc(q).resist | (pc_[q].beast ? pc(q).beast_resist : 0)) & bit) continue;
    for (int j = 0; j < n_adv_; ++j) {
      if (!adv_[j].alive || adv(j).range <= Range::very_close || type_bit(adv(j).type_of_damage) != bit) continue;
      const int m = static_cast<int>(adv(j).damage_mean + 0.5);
      sum += severity(m, major_of(q), severe_of(q)) - severity(m / 2, major_of(q), severe_of(q));
    }
  }
  return n > 0 ? sum / n : 0.0;
}

// PC i's barrier card k has been cast: every PC resists its type (from afar) until the fight ends.
template <class R, class Log>
inline void Battle<R, Log>::start_barrier(int i, int k) {
  const CardDef& d = *pc(i).cards[static_cast<std::size_t>(k)].def;
  barrier_ |= type_bit(static_cast<DamageType>(d.effect.barrier));
  barrier_pc_ = i;
  barrier_card_ = k;
  ENCSIM_SAY(log_, "  %s: the party resists %s damage from beyond Very Close range", d.name.c_str(),
             d.effect.barrier == static_cast<int>(DamageType::magic) ? "magic" : "physical");
}

// Whether the barrier halves damage of `type` on PC i from adversary `from`
// (-1: no adversary, which the barrier does not stop): one that attacks from
// beyond Very Close range, so it stands outside the barrier.
template <class R, class Log>
inline bool Battle<R, Log>::barrier_holds(int i, DamageType type, int from) const {
  (void)i;
  return (barrier_ & type_bit(type)) && from >= 0 && adv(from).range > Range::very_close;
}

// Where PC i puts its aura card k (aura_armor), and what that is worth, in
// HP (*worth): a standing PC (the caster too) with no aura, an Armor Slot
// free and an armor policy that marks one against the hardest foe's mean hit
// (halved on a PC that resists its type). When that hit, less the slot, would
// mark just 1 HP, the aura spares that HP and ends: worth 1; when it marks 2
// or more, no such hit ends it: worth an HP for each Armor Slot the PC has
// free. The PC it is worth most on (then the one with fewest HP left; the
// first listed on ties). -1 (nothing) while its aura stands on a standing PC
// or no adversary stands.
template <class R, class Log>
inline int Battle<R, Log>::aura_target(int i, int k, double* worth) const {
  *worth = 0.0;
  const int j = hardest_foe();
  if (j < 0) return -1;
  for (int q = 0; q < n_pc_; ++q)
    if (pc_[q].aura_from == i && pc_[q].aura_card == k && standing(q)) return -1;
  const int more = pc(i).cards[static_cast<std::size_t>(k)].def->effect.aura_armor;
  int pick = -1;
  for (int q = 0; q < n_pc_; ++q) {
    if (!standing(q) || pc_[q].aura_card >= 0 || !armor_free(q)) continue;
    const int m = static_cast<int>((pc(q).resist & type_bit(adv(j).type_of_damage) ? adv(j).damage_mean / 2 : adv(j).damage_mean) + 0.5);
    const int marks = severity(m, major_of(q), severe_of(q));
    if (!armor_policy_uses(q, marks) || marks - 1 <= 0) continue;
    const double w = marks - 1 <= more ? marks - 1 : static_cast<double>(more * (pc(q).armor_slots - pc_[q].armor_marked));
    if (w > *worth || (w == *worth && pick >= 0 &&
                       (hp_left(q) < hp_left(pick) || (hp_left(q) == hp_left(pick) && named_before(q, pick)))))
      *worth = w, pick = q;
  }
  return pick;
}

// PC i's aura card k goes on PC t (its aura on another PC, if any, ends: one at a time).
template <class R, class Log>
inline void Battle<R, Log>::start_aura(int i, int k, int t) {
  for (int q = 0; q < n_pc_; ++q)
    if (pc_[q].aura_from == i && pc_[q].aura_card == k) pc_[q].aura_from = pc_[q].aura_card = -1;
  pc_[t].aura_from = i;
  pc_[t].aura_card = k;
  ENCSIM_SAY(log_, "  %s: an aura on %s", pc(i).cards[static_cast<std::size_t>(k)].def->name.c_str(), pname(t));
}

// PC i, under an aura, has marked an Armor Slot against a hit that still
// marks `marks` HP: the aura lowers it its thresholds more; when that leaves
// no HP to mark, the aura ends. The caster's card row counts the HP kept off
// as `healed`. Returns the HP to mark.
template <class R, class Log>
inline int Battle<R, Log>::aura_armor(int i, int marks) {
  PcState& s = pc_[i];
  const PcCard& c = pc(s.aura_from).cards[static_cast<std::size_t>(s.aura_card)];
  const int after = std::max(0, marks - c.def->effect.aura_armor);
  ++feat(c.feat).uses;
  feat(c.feat).healed += marks - after;
  ENCSIM_SAY(log_, "  %s on %s: the Armor Slot lowers the hit once more, %d HP to %d%s", c.def->name.c_str(), pname(i), marks,
             after, after == 0 ? " (the aura ends)" : "");
  if (after == 0) s.aura_from = s.aura_card = -1;
  return after;
}

// PC i has taken a stance: its aura passive (Pc::aura_card), with a use
// left, stands over the party until the stance ends (end_stance). No choice:
// it is free, and an aura unassumed is worth nothing.
template <class R, class Log>
inline void Battle<R, Log>::stance_aura(int i) {
  const int k = pc(i).aura_card;
  std::int8_t& left = pc_[i].card_uses[static_cast<std::size_t>(k)];
  if (left == 0) return;
  if (left > 0) --left;
  auras_ |= std::uint64_t{1} << i;
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  ++feat(c.feat).uses;
  ENCSIM_SAY(log_, "  %s assumes %s until its %s ends", pname(i), c.def->name.c_str(),
             pc(i).cards[static_cast<std::size_t>(pc_[i].stance)].def->name.c_str());
}

// An adversary's attack (`from`) deals `dmg` to PC i while auras stand: each
// standing caster's aura (PC order) whose condition holds (hit_if: ranged: an
// attacker whose standard attack reaches beyond Melee range) rolls its dice
// off the damage. The caster's row counts the HP kept off as `healed`.
// Returns the damage left.
template <class R, class Log>
inline int Battle<R, Log>::party_aura(int i, int dmg, int from) {
  for (int q = 0; q < n_pc_ && dmg > 0; ++q) {
    if (!(auras_ >> q & 1u) || !standing(q)) continue;
    const PcCard& c = pc(q).cards[static_cast<std::size_t>(pc(q).aura_card)];
    const CardEffect& e = c.def->effect;
    if (!e.aura_reduce.present()) continue;
    if (e.hit_if == HitIf::ranged && (from < 0 || adv(from).range == Range::melee)) continue;
    const int cut = roll_card_dice(q, e.aura_reduce, false);
    const int left = std::max(0, dmg - cut);
    feat(c.feat).healed += severity(dmg, major_of(i), severe_of(i)) - severity(left, major_of(i), severe_of(i));
    ENCSIM_SAY(log_, "  %s's %s: %d off the damage to %s, %d to %d", pname(q), c.def->name.c_str(), cut, pname(i), dmg, left);
    dmg = left;
  }
  return dmg;
}

// Adversary j has marked HP (and stands) while auras stand: each standing
// caster's aura with aura_stress (PC order) makes it mark that much Stress
// (one it cannot mark becomes an HP, as always). The caster's row counts the
// Stress as `conditions`.
template <class R, class Log>
inline void Battle<R, Log>::aura_stress(int j) {
  for (int q = 0; q < n_pc_ && adv_[j].alive; ++q) {
    if (!(auras_ >> q & 1u) || !standing(q)) continue;
    const PcCard& c = pc(q).cards[static_cast<std::size_t>(pc(q).aura_card)];
    const int n = c.def->effect.aura_stress;
    if (n == 0) continue;
    ENCSIM_SAY(log_, "  %s's %s: %s marks %d Stress", pname(q), c.def->name.c_str(), aname(j), n);
    feat(c.feat).conditions += n;
    adv_mark_stress(j, n);
  }
}

// Adversary `from` deals PC i `dmg` of `type` (`taken` after its
// resistance), and PC i holds a reflect reaction (Pc::reflect_card; with
// `against`, of that type only): Hope for d6s, any at or above `reflect`
// sending the damage back. Our policy: the number n of Hope (keeping
// card_hope_reserve with a class Hope feature) for which the chance that one
// of n d6s reaches the face, times the HP the hit would mark on the PC at its
// thresholds plus the HP the damage marks on the attacker (adv_marks), less n
// times half an HP, is greatest, when above nothing (the fewest on ties). The
// row: a use per play, the Hope as `spent`, the HP dealt back as damage, the
// HP the PC did not mark as `healed`. Returns whether the hit was reflected.
template <class R, class Log>
inline bool Battle<R, Log>::reflect_hit(int i, int dmg, int taken, DamageType type, int from) {
  const int k = pc(i).reflect_card;
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  if (!card_payable(i, k, CardTrigger::damaged, 0) || (e.against >= 0 && e.against != static_cast<int>(type)) ||
      !adv_[from].alive)
    return false;
  const int keep = hope_keep(i);
  const int marks = severity(taken, major_of(i), severe_of(i));
  const double worth = marks + adv_marks(from, dmg, type);
  const double miss = (e.reflect - 1) / 6.0;  // one d6 short of the face
  int n = 0;
  double best = 1e-9, fail = 1.0;
  for (int q = 1; q <= pc_[i].hope - keep - copy_due(i, k); ++q) {  // a Copycat copy's Hope comes first (play_copy.hpp)
    fail *= miss;
    const double v = (1.0 - fail) * worth - (q + card_hope(i, k)) * kHopeWorth;  // the dice's Hope and the copy's
    if (v > best) best = v, n = q;
  }
  if (n == 0) return false;
  if (pc_[i].copy_state == kCopyReady && k == pc(i).copy_card) [[unlikely]] pay_copy(i, k);
  if (pc_[i].card_uses[static_cast<std::size_t>(k)] > 0) --pc_[i].card_uses[static_cast<std::size_t>(k)];
  spend_hope(i, n, kHopeSpentCards);
  FeatureRecord& f = feat(c.feat);
  ++f.uses;
  f.spent += n;
  int top = 0;
  for (int q = 0; q < n; ++q) top = std::max(top, dice_.die(6));
  const bool back = top >= e.reflect;
  ENCSIM_SAY(log_, "  %s plays %s: %d Hope for %d d6, the highest %d%s", pname(i), c.def->name.c_str(), n, n, top,
             back ? ": the attack is reflected" : "");
  if (!back) return false;
  f.healed += marks;
  damage_adversary(i, from, dmg, type, false, 0, c.feat);
  return true;
}

}  // namespace encsim::daggerheart
