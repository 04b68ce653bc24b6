// Forms, wards and turning death back (cards.hpp: spectral, hope_per_roll,
// kill_armor, no_restrained, storm, revive, spent_on_fail): a Spectral PC
// immune to a damage type until it rolls at another creature (Specter of the
// Dark), a stance held for a Hope before each action roll that absorbs the
// foes it defeats and can't be Restrained (Force of Nature), a storm that
// keeps its targets Vulnerable until the GM spends a Fear (Tempest), and a PC
// brought back from death within the fight (Resurrection). What each is
// worth, when the PC plays it, and the GM's answer to the storm.
// Included at the end of battle.hpp; not meant to be included on its own.
// docs/rules/daggerheart.md, "Readings the cards leave open" and "When a PC
// plays a card", record the readings and the policies.
#pragma once

#include <algorithm>
#include <cstdint>

namespace encsim::daggerheart {

// ---- Spectral (Specter of the Dark) -----------------------------------------

// What becoming Spectral (immune to damage of the card's `spectral` type) is
// worth to PC i now, in HP: the one attack on it, of the standing adversaries
// whose standard attack deals that type, worth most by the adversaries' own
// value rule (the chance it hits times the HP it marks, and the worth of
// taking the PC out). The form lasts until the PC's next action roll at a
// creature, so it is weighed over the one GM turn before its next spotlight,
// times the chance that turn comes: the PC's own spotlight passes nothing (no
// roll), so it comes when another standing PC's roll passes the spotlight,
// about half of rolls each (1 - 1/2 per other PC; none alone). 0 when the PC
// is Spectral already.
template <class R, class Log>
inline double Battle<R, Log>::spectral_worth(int i, const CardEffect& e) const {
  if (!standing(i) || pc_[i].spectral != 0) return 0.0;
  double best = 0.0;
  for (int j = 0; j < n_adv_; ++j) {
    if (!adv_[j].alive || static_cast<int>(adv(j).type_of_damage) != e.spectral) continue;
    best = std::max(best, target_value(j, standard_effect(j), standard_profile(j), i));
  }
  double none = 1.0;  // the chance no other PC passes the spotlight to the GM
  for (int q = 0; q < n_pc_; ++q)
    if (q != i && standing(q)) none *= 0.5;
  return best * (1.0 - none);
}

// PC i's card k makes it Spectral (its costs are paid).
template <class R, class Log>
inline void Battle<R, Log>::become_spectral(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const DamageType type = static_cast<DamageType>(c.def->effect.spectral);
  pc_[i].spectral = type_bit(type);
  pc_[i].spectral_card = k;
  ++feat(c.feat).conditions;
  ENCSIM_SAY(log_, "  %s: %s is Spectral: immune to %s damage until it makes an action roll at another creature",
             c.def->name.c_str(), pname(i), type == DamageType::magic ? "magic" : "physical");
}

// A hit of `dmg` that PC i's Spectral form turns away: its row counts the HP
// it would have marked (before any Armor Slot) as `healed`. Returns 0.
template <class R, class Log>
inline int Battle<R, Log>::spectral_hit(int i, int dmg) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(pc_[i].spectral_card)];
  const int spared = std::min(severity(dmg, major_of(i), severe_of(i)), std::max(0, hp_left(i)));
  feat(c.feat).healed += spared;
  ENCSIM_SAY(log_, "  %d damage to %s: Spectral (%s), no HP marked", dmg, pname(i), c.def->name.c_str());
  return 0;
}

template <class R, class Log>
inline void Battle<R, Log>::end_spectral(int i, const char* why) {
  pc_[i].spectral = 0;
  pc_[i].spectral_card = -1;
  ENCSIM_SAY(log_, "  %s is no longer Spectral (%s)", pname(i), why);
}

// ---- a stance's upkeep, its kills and its freedom (Force of Nature) ----------

// Before PC i's action roll, while it holds a stance with `hope_per_roll`: it
// spends that Hope (not a choice: the text's "must"), counted as the card's
// `spent`, or the stance ends before the roll.
template <class R, class Log>
inline void Battle<R, Log>::stance_upkeep(int i) {
  PcState& s = pc_[i];
  if ((upkept_ >> i) & 1u) {  // paid before the Hope spent on this roll (upkeep_first)
    upkept_ &= ~(1u << i);
    return;
  }
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(s.stance)];
  const int h = c.def->effect.hope_per_roll;
  if (h == 0) return;
  if (s.hope >= h) {
    spend_hope(i, h, kHopeSpentCards);
    feat(c.feat).spent += h;
    ENCSIM_SAY(log_, "  %s spends %d Hope to hold %s (%d left)", pname(i), h, c.def->name.c_str(), s.hope);
    return;
  }
  end_stance(i, "no Hope to spend before a roll");
}

// The stance's Hope is due before the action roll, ahead of any Hope PC i
// spends on that roll (a card's cost, an Experience, a Tag Team): paid here,
// once, and not again when the roll is made. A PC with one Hope pays it to
// keep the form, rather than spending it on an Experience and then reverting
// before the roll.
template <class R, class Log>
inline void Battle<R, Log>::upkeep_first(int i) {
  if (!pc(i).form_stance || pc_[i].stance < 0 || ((upkept_ >> i) & 1u)) return;
  stance_upkeep(i);
  if (pc_[i].stance >= 0) upkept_ |= 1u << i;
}

// PC i's damage has defeated adversary j while it holds a stance with
// `kill_armor`: it clears that many Armor Slots (as many as are marked),
// counted as the card's `healed`.
template <class R, class Log>
inline void Battle<R, Log>::absorb(int i, int j) {
  PcState& s = pc_[i];
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(s.stance)];
  const int n = std::min(c.def->effect.kill_armor, s.armor_marked);
  if (n <= 0 || s.out) return;
  s.armor_marked -= n;
  feat(c.feat).healed += n;
  ENCSIM_SAY(log_, "  %s: %s absorbs %s and clears %d Armor Slot%s (%d of %d left)", c.def->name.c_str(), pname(i), aname(j), n,
             n == 1 ? "" : "s", pc(i).armor_slots - s.armor_marked, pc(i).armor_slots);
}

// Whether PC t holds a stance that can't be Restrained (no_restrained).
template <class R, class Log>
inline bool Battle<R, Log>::unbound(int t) const {
  const PcState& s = pc_[t];
  return pc(t).form_stance && s.stance >= 0 && pc(t).cards[static_cast<std::size_t>(s.stance)].def->effect.no_restrained;
}

// ---- a storm (Tempest) --------------------------------------------------------

// PC i's storm card c has made adversary u Vulnerable (card_conditions): u
// stays Vulnerable through its spotlights until the GM ends the storm.
template <class R, class Log>
inline void Battle<R, Log>::storm_foe(int i, const PcCard& c, int u) {
  if (!adv_[u].alive) return;
  storm_ |= std::uint64_t{1} << u;
  storm_pc_ = i;
  storm_card_ = static_cast<int>(&c - pc(i).cards.data());
  ENCSIM_SAY(log_, "  %s is caught in %s's storm: Vulnerable until the GM ends the spell", aname(u), pname(i));
}

// What the storm costs the GM this turn, in HP: a Vulnerable's worth
// (kWorthVulnerable, the value rule's) for each standing foe it holds.
template <class R, class Log>
inline double Battle<R, Log>::storm_worth() const {
  int n = 0;
  for (int j = 0; j < n_adv_; ++j) n += (storm_ >> j & 1u) != 0 && adv_[j].alive ? 1 : 0;
  return kWorthVulnerable * n;
}

// The GM's policy as its turn begins while a storm stands: it spends a Fear to
// end it when its spending policy allows one (can_spend) and the storm costs
// it more than a Fear is worth (storm_worth against kWorthFear); the foes it
// held are no longer Vulnerable.
template <class R, class Log>
inline void Battle<R, Log>::gm_storm() {
  if (!can_spend(1) || storm_worth() <= kWorthFear) return;
  spend(1, kFearSpentFeatures);
  ENCSIM_SAY(log_, "The GM spends a Fear to end %s's %s (%d left)", pname(storm_pc_),
             pc(storm_pc_).cards[static_cast<std::size_t>(storm_card_)].def->name.c_str(), fear_);
  for (int j = 0; j < n_adv_; ++j)
    if (storm_ >> j & 1u)  // a lasting Vulnerable (play_strikes.hpp) or a temporary one (play_foes.hpp) stays
      adv_[j].vulnerable = (doomed_ >> j & 1u) != 0 || (adv_[j].temps & kTempVulnerable) != 0;
  storm_ = 0;
  storm_pc_ = storm_card_ = -1;
}

// ---- turning death back (Resurrection) ---------------------------------------

// The PC a `revive` card of PC i's brings back: a dead one (in a session, one who died in an earlier fight too)
// (not one unconscious: an HP cleared wakes that one), the one with most HP to
// clear, by name on ties; -1 none.
template <class R, class Log>
inline int Battle<R, Log>::revive_target(int i) const {
  int best = -1;
  for (int q = 0; q < n_pc_; ++q) {
    if (q == i || !pc_[q].dead) continue;
    if (best < 0 || pc_[q].hp_marked > pc_[best].hp_marked || (pc_[q].hp_marked == pc_[best].hp_marked && named_before(q, best)))
      best = q;
  }
  return best;
}

// What bringing PC q back is worth, in HP: the HP it clears, and 1 more for a
// PC out of the fight (as a heal on a downed ally), its Stress at half an HP each.
template <class R, class Log>
inline double Battle<R, Log>::revive_worth(int q) const {
  return q < 0 ? 0.0 : pc_[q].hp_marked + 1.0 + 0.5 * pc_[q].stress_marked;
}

// PC i's `revive` card c succeeds on q: q returns to the fight with every HP
// and Stress cleared, its conditions and stance gone (Vulnerable, Restrained);
// its Hope, Armor Slots and cards' uses as they were. features.csv counts the
// HP as the card's `healed`.
template <class R, class Log>
inline void Battle<R, Log>::revive(int i, const PcCard& c, int q) {
  (void)i;
  PcState& s = pc_[q];
  if (!s.dead) return;
  if (s.stance >= 0) end_stance(q, "death");
  const int hp = s.hp_marked, stress = s.stress_marked;
  s.hp_marked = s.stress_marked = 0;
  s.vulnerable = s.restrained = false;
  s.spectral = 0;
  s.spectral_card = -1;
  s.dead = s.out = false;
  ++pcs_up_;
  rpc(q).down = rpc(q).dead = false;
  feat(c.feat).healed += hp;
  ENCSIM_SAY(log_, "  %s: %s returns from death (%d HP and %d Stress cleared)", c.def->name.c_str(), pname(q), hp, stress);
}

// Card k of PC i's failed its roll and is `spent_on_fail`: no more uses until its refresh.
template <class R, class Log>
inline void Battle<R, Log>::spent_on_fail(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  pc_[i].card_uses[static_cast<std::size_t>(k)] = 0;
  ENCSIM_SAY(log_, "  %s fails: it can't be cast again until %s", c.def->name.c_str(), refresh_name(c.def->effect.refresh));
}

}  // namespace encsim::daggerheart
