// Mounts (cards.hpp: steed): conjured steeds (Conjured Steeds). As a fight
// begins the caster spends a Hope per steed on the PCs its policy picks; a
// rider has the card's number off each of its attack rolls (attack_plus, and
// roll_mod for a card's attack roll at foes) and on each of its damage rolls
// (steed_damage), until it takes damage or the next long rest (a session
// carries the steed). Included at the end of battle.hpp; not meant to be
// included on its own. docs/rules/daggerheart.md, "Readings the cards leave
// open" and "When a PC plays a card", record the reading and the policy.
#pragma once

namespace encsim::daggerheart {

// What a steed of bonus n is worth to PC q now, in damage per weapon attack:
// the mean over the standing adversaries (no one target is known before the
// fight: each counts alike) of the chance its attack roll beats the foe's
// Difficulty with n off, times its mean damage with n on, less the same
// without the steed. Its attack as it stands (its weapon's trait, attack
// bonus and advantage); no Experience, help or card joins it.
template <class R, class Log>
inline double Battle<R, Log>::steed_gain(int q, int n) const {
  const PcWeapon& w = attack_of(q);
  if (!w.present) return 0.0;
  const int mod = trait_of(q, w.trait) + w.attack_bonus + pc_[q].attack_bonus;  // without any steed
  const int net = w.advantage ? 1 : 0;
  const double mean = pc(q).proficiency * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus + pc_[q].stance_damage;
  double gain = 0.0;
  int foes = 0;
  for (int j = 0; j < n_adv_; ++j) {
    if (!adv_[j].alive) continue;
    gain += p_beats(mod - n, net, difficulty(j)) * (mean + n) - p_beats(mod, net, difficulty(j)) * mean;
    ++foes;
  }
  return foes == 0 ? 0.0 : gain / foes;
}

// As the fight begins (set_up, after a session's carry_in): the PCs that
// hold a steed card conjure steeds, in name order. A PC that rides one
// already (carried from an earlier fight) rides it again when it gains by it
// (steed_gain above 0), else it fights on foot and keeps the steed for a
// later fight. Then each caster in turn, while it has a Hope above its class
// Hope feature's reserve (hope_keep), conjures one steed for the standing PC
// without one that gains most (itself too; by name on ties), while one gains.
template <class R, class Log>
inline void Battle<R, Log>::conjure_steeds() {
  for (int q = 0; q < n_pc_; ++q) {
    PcState& s = pc_[q];
    if (s.steed == 0) continue;
    if (!standing(q) || steed_gain(q, s.steed) <= 0.0) {
      s.stabled = s.steed;
      s.steed = 0;
      if (standing(q)) ENCSIM_SAY(log_, "%s leaves its conjured steed out of this fight: riding gains it nothing here", pname(q));
      continue;
    }
    ENCSIM_SAY(log_, "%s rides its conjured steed into this fight: -%d to its attack rolls, +%d to its damage rolls", pname(q),
               s.steed, s.steed);
  }
  std::uint64_t done = 0;
  for (;;) {
    int c = -1;  // the next caster by name
    for (int q = 0; q < n_pc_; ++q)
      if (pc(q).steed_card >= 0 && standing(q) && !(done >> q & 1u) && (c < 0 || named_before(q, c))) c = q;
    if (c < 0) break;
    done |= std::uint64_t{1} << c;
    const PcCard& card = pc(c).cards[static_cast<std::size_t>(pc(c).steed_card)];
    const int n = card.def->effect.steed;
    double gain[Encounter::kMaxPcs];
    for (int q = 0; q < n_pc_; ++q)
      gain[q] = standing(q) && pc_[q].steed == 0 && pc_[q].stabled == 0 ? steed_gain(q, n) : 0.0;
    while (pc_[c].hope >= 1 + hope_keep(c, 1)) {
      int r = -1;  // the rider: the most gain, by name on ties
      for (int q = 0; q < n_pc_; ++q)
        if (gain[q] > 0.0 && (r < 0 || gain[q] > gain[r] || (gain[q] == gain[r] && named_before(q, r)))) r = q;
      if (r < 0) break;
      spend_hope(c, 1, kHopeSpentCards);
      ++feat(card.feat).uses;
      ++feat(card.feat).spent;
      pc_[r].steed = n;
      ENCSIM_SAY(log_, "%s spends a Hope on %s: a steed for %s (+%.2f damage a weapon attack): -%d to its attack rolls, "
                       "+%d to its damage rolls",
                 pname(c), card.def->name.c_str(), pname(r), gain[r], n, n);
      gain[r] = 0.0;
    }
  }
}

// PC i, riding, makes an attack roll: the penalty is in its modifier already (said here).
template <class R, class Log>
inline void Battle<R, Log>::steed_roll(int i) {
  ENCSIM_SAY(log_, "  %s rides a conjured steed: -%d to the attack roll", pname(i), pc_[i].steed);
  (void)i;
}

// PC i, riding, rolls damage: the steed's bonus, said and returned.
template <class R, class Log>
inline int Battle<R, Log>::steed_damage(int i) {
  ENCSIM_SAY(log_, "  %s rides a conjured steed: +%d to the damage roll", pname(i), pc_[i].steed);
  return pc_[i].steed;
}

// PC i, riding, is dealt damage: its steed takes it too and is gone (each
// rider's steed its own: the others ride on).
template <class R, class Log>
inline void Battle<R, Log>::lose_steed(int i) {
  pc_[i].steed = 0;
  ENCSIM_SAY(log_, "  %s's conjured steed takes damage and vanishes", pname(i));
}

}  // namespace encsim::daggerheart
