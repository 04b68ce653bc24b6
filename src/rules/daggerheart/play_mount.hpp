// Mounts and shelters (cards.hpp: steed, dome). Conjured steeds (Conjured
// Steeds) first, then a dome that shelters two PCs (Wild Fortress). As a fight
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

// ---- a dome (Wild Fortress) --------------------------------------------------

// Whether a standing PC is outside the dome (or no dome stands).
template <class R, class Log>
inline bool Battle<R, Log>::outside_stands() const {
  for (int q = 0; q < n_pc_; ++q)
    if (standing(q) && !(domed_ >> q & 1u)) return true;
  return false;
}

// What PC i's dome card e is worth now, in HP, and who would go in (*in, a
// bit each). Our policy: only while no dome stands, when the caster or an
// ally is one HP from going down (1 HP left or none): the caster goes in when
// it is, and the ally that is (fewest HP left, by name on ties); someone
// standing must stay outside to fight, else it is not cast. Its worth: for
// each PC going in, the hit it is spared this round (guise_hit_worth: the
// standing adversaries' hardest standard attack at its mean, by its
// thresholds, one HP more when it would take it down).
template <class R, class Log>
inline double Battle<R, Log>::dome_plan(int i, const CardEffect& e, unsigned* in) const {
  (void)e;
  *in = 0;
  if (domed_ != 0 || !standing(i)) return 0.0;
  if (hp_left(i) <= 1) *in |= 1u << i;
  int ally = -1;
  for (int q = 0; q < n_pc_; ++q)
    if (q != i && standing(q) && hp_left(q) <= 1 &&
        (ally < 0 || hp_left(q) < hp_left(ally) || (hp_left(q) == hp_left(ally) && named_before(q, ally))))
      ally = q;
  if (ally >= 0) *in |= 1u << ally;
  if (*in == 0) return 0.0;
  bool outside = false;
  for (int q = 0; q < n_pc_; ++q) outside = outside || (standing(q) && !(*in >> q & 1u));
  if (!outside) return (*in = 0), 0.0;
  double worth = 0.0;
  for (int q = 0; q < n_pc_; ++q)
    if (*in >> q & 1u) worth += guise_hit_worth(q);
  return worth;
}

// PC i's card k has succeeded (its Hope paid): the dome grows over those the policy sends in.
template <class R, class Log>
inline void Battle<R, Log>::raise_dome(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  unsigned in = 0;
  if (dome_plan(i, c.def->effect, &in) <= 0.0) {
    ENCSIM_SAY(log_, "  %s: no one needs cover now", c.def->name.c_str());
    return;
  }
  domed_ = in, dome_from_ = i, dome_card_ = k, dome_marked_ = 0;
  for (int q = 0; q < n_pc_; ++q)
    if (in >> q & 1u) {
      ++feat(c.feat).conditions;
      ENCSIM_SAY(log_, "  %s: %s takes cover in the dome (no attack can target it, it makes none)", c.def->name.c_str(), pname(q));
    }
}

// PC i leaves the dome (why: the reason said); an empty dome is gone.
template <class R, class Log>
inline void Battle<R, Log>::leave_dome(int i, const char* why) {
  domed_ &= ~(1u << i);
  ENCSIM_SAY(log_, "%s comes out of the dome (%s)", pname(i), why);
  (void)why;
  if (domed_ == 0) {
    ENCSIM_SAY(log_, "  the dome stands empty and is gone");
    dome_from_ = -1;
  }
}

// PC i's spotlight begins in the dome. Our policy: it comes out once it has
// 2 HP or more left (no longer one hit of any kind from going down) or when no
// PC stands outside to fight (the foes would only break the dome), and then
// acts as usual (-1). Else it stays, makes no attack, and plays the card that
// targets no foe worth most (a heal; by card_value, cards in name order), if
// any: 1 when that passes the spotlight to the GM, else 0. With no such card
// it had the spotlight (the round's turn is its, and it counts toward
// interrupt_after's run of PC spotlights) but took no action: its actions
// (combatants.csv) do not count it, as no PC's spotlight without a target does.
template <class R, class Log>
inline int Battle<R, Log>::dome_turn(int i) {
  if (hp_left(i) >= 2) {
    leave_dome(i, "it has 2 HP or more left");
    return -1;
  }
  if (!outside_stands()) {
    leave_dome(i, "no one stands outside to fight");
    return -1;
  }
  int best = -1, best_t = -1;
  double most = 0.0;
  if (opt_.cards && pc(i).has_card_actions)
    for (int k = 0; k < static_cast<int>(pc(i).cards.size()); ++k) {
      const CardEffect& e = pc(i).cards[static_cast<std::size_t>(k)].def->effect;
      if (e.target == CardTarget::enemy || e.target == CardTarget::enemies || !card_usable(i, k) || !card_has_target(i, k))
        continue;
      int t = -1;
      const double v = card_value(i, k, &t, -1);
      if (v > most) most = v, best = k, best_t = t;
    }
  ENCSIM_SAY(log_, "%s stays in the dome%s", pname(i), best >= 0 ? "" : ": no attack, nothing else worth doing");
  if (best < 0) return 0;  // its spotlight spent taking cover: no action, no roll (the party keeps the spotlight)
  return play_card(i, best, best_t) ? 1 : 0;
}

// What striking the dome is worth to adversary j's attack e, by the GM's
// value rule, when no PC stands outside it (else nothing: its attacks go at
// the PCs outside): the dome's HP its mean damage marks (as a PC's, by the
// dome's thresholds), at most those it has left: each brings nearer the
// moment those inside are targets again.
template <class R, class Log>
inline double Battle<R, Log>::dome_value(int j, const Effect& e) const {
  if (dome_from_ < 0 || outside_stands() || (e.kind != Effect::Kind::attack && e.kind != Effect::Kind::group_attack)) return 0.0;
  const CardEffect& ce = pc(dome_from_).cards[static_cast<std::size_t>(dome_card_)].def->effect;
  const int members = e.kind == Effect::Kind::group_attack ? group_members(j) : 1;  // a group strikes with every member
  const double mean = members * (e.standard_damage ? adv(j).damage : e.damage).mean();
  const int marks = mean >= 1.0 ? severity(static_cast<int>(mean + 0.5), ce.dome_major, ce.dome_severe) : 0;
  return std::min(marks, ce.dome - dome_marked_);
}

// Adversary j's attack finds no PC outside the dome: it strikes the dome,
// which it hits automatically; its damage (a group's, every member's) marks
// the dome's HP by its thresholds, no Armor. Its third HP (the card's `dome`)
// brings it down: those inside are exposed.
template <class R, class Log>
inline void Battle<R, Log>::dome_struck(int j, const Effect& e, int members) {
  const PcCard& c = pc(dome_from_).cards[static_cast<std::size_t>(dome_card_)];
  const CardEffect& ce = c.def->effect;
  const Dice& d = e.standard_damage ? adv(j).damage : e.damage;
  int dmg = 0;
  for (int m = 0; m < members; ++m) dmg += d.roll(dice_);
  const int marks = dmg > 0 ? std::min(severity(dmg, ce.dome_major, ce.dome_severe), ce.dome - dome_marked_) : 0;
  dome_marked_ += marks;
  ENCSIM_SAY(log_, "  %s strikes the dome (it hits automatically): %d damage (thresholds %d/%d): it marks %d HP (%d/%d)",
             aname(j), dmg, ce.dome_major, ce.dome_severe, marks, dome_marked_, ce.dome);
  if (dome_marked_ < ce.dome) return;
  ENCSIM_SAY(log_, "  the dome falls: those inside are exposed");
  domed_ = 0, dome_from_ = -1;
}

}  // namespace encsim::daggerheart
