// Marks on foes and the pools of tokens on them (cards.hpp: PoolFill
// foe_hurt and no_damage; CardPool::on_foe). Sigil of Retribution: an action
// that marks one adversary; each time that foe deals damage to a PC a die
// joins the card (up to its most), and they are all rolled into the caster's
// next successful attack on it (play_pool.hpp's pool_damage spends them).
// Twilight Toll: a passive whose foe is the one the PC's rolls beat without
// a damage roll; a token each such time, spent by policy on damage the PC
// deals that foe. Strategic Approach (`trigger: attack, first_attack`): a
// token on the PC's first weapon attack at each foe for one of its options.
// Book of Sitil's Parallela (`next_targets`): a charge on one PC whose next
// weapon attack also hits more foes its roll beats. Splintering Strike
// (`split_damage`): one weapon damage roll split among the foes one attack
// roll beats, each with a die more. Encore (`trigger: ally_dealt`,
// `echo_damage`): an ally's damage dealt again on a Spellcast roll. Natural
// Familiar (`familiar_die`): a die on the PC's Melee damage while it stands.
// A PC or party without such a card never gets here (Pc::has_foe_pool,
// has_sigil, has_toll, has_first_attack, has_next_targets, has_echo,
// PcState::familiar; Battle::party_.sigils, party_.twins, party_.echoes). Included at the
// end of battle.hpp; not meant to be included on its own.
// docs/rules/daggerheart.md, "Domain cards", records the readings and policies.
#pragma once

#include <algorithm>
#include <cmath>

namespace encsim::daggerheart {

// What a new sigil of PC i's card k on adversary j is worth, in HP (the card
// value rule). Our estimate: the caster's weapon hits it takes to fell j at
// their mean (HP left over the HP a hit marks, rounded up; six at most), each
// finding the dice j gathered since the one before: j's standard attack once,
// landing with its mean chance against the standing PCs' Evasion, so that
// chance of a die; each hit gains the HP those dice's mean adds to the
// weapon's mean at j's thresholds. Less what the dice held on another living
// foe would add to a hit there (casting again clears them); nothing on a foe
// the sigil marks already, or one whose standard attack deals no damage.
template <class R, class Log>
inline double Battle<R, Log>::sigil_worth(int i, int k, int j) const {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardPool& pool = c.def->effect.pool;
  const int on = pc_[i].pool_foe[static_cast<std::size_t>(k)] - 1;
  const int held = pc_[i].pool[static_cast<std::size_t>(k)];
  if (!adv_[j].alive || on == j || adv(j).damage_mean <= 0.0) return 0.0;
  const PcWeapon& w = attack_of(i);
  const double mean = pc(i).proficiency * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus + pc_[i].stance_damage;
  double p = 0.0;
  int n = 0;
  for (int q = 0; q < n_pc_; ++q)
    if (standing(q)) p += p_d20(evasion(q) - adv(j).atk, false), ++n;
  if (n == 0) return 0.0;
  p /= n;
  const double per_hit = std::max(1.0, weapon_marks(i, j, w));
  const double hits = std::min(6.0, std::ceil(adv_hp_left(j) / per_hit));
  double v = hits * (adv_marks(j, mean + p * pool.mean(), w.type) - adv_marks(j, mean, w.type));
  if (on >= 0 && adv_[on].alive && held > 0)
    v -= adv_marks(on, mean + held * pool.mean(), w.type) - adv_marks(on, mean, w.type);
  return v;
}

// The foe card k (fill: foe_hurt) of PC i's marks: the living adversary its
// sigil is worth most on (sigil_worth), by name on ties, never by the order a
// scenario lists them; *target -1 and a worth of -1 when none is worth anything.
template <class R, class Log>
inline double Battle<R, Log>::sigil_pick(int i, int k, int* target) const {
  int best = -1;
  double most = 0.0;
  for (int j = 0; j < n_adv_; ++j) {
    if (!adv_[j].alive) continue;
    const double v = sigil_worth(i, k, j);
    if (v > most + 1e-9 || (best >= 0 && std::abs(v - most) <= 1e-9 && adv_named_before(j, best))) best = j, most = v;
  }
  *target = best;
  return best < 0 ? -1.0 : most;
}

// Card c (fill: foe_hurt) of PC i's is cast on adversary u: the sigil moves
// there, and the dice it held are cleared (casting again ends the old one).
template <class R, class Log>
inline void Battle<R, Log>::sigil_mark(int i, const PcCard& c, int u) {
  const std::size_t k = static_cast<std::size_t>(&c - pc(i).cards.data());
  PcState& s = pc_[i];
  if (s.pool[k] > 0) ENCSIM_SAY(log_, "  %s: the %d dice held are cleared", c.def->name.c_str(), s.pool[k]);
  s.pool[k] = 0;
  s.pool_foe[k] = static_cast<std::int8_t>(u + 1);
  ++feat(c.feat).conditions;
  ENCSIM_SAY(log_, "  %s marks %s: a d%d for each time it deals damage to the party (%d at most)", c.def->name.c_str(),
             aname(u), c.def->effect.pool.die, c.pool_max);
}

// Adversary j deals damage to PC t (damage_pc, once all that takes damage off
// the hit has): each living PC's sigil on j gains a die, while it has room
// (a PC's own and its allies' hurts alike).
template <class R, class Log>
inline void Battle<R, Log>::sigil_hurt(int j, int t) {
  for (int i = 0; i < n_pc_; ++i) {
    const Pc& p = pc(i);
    if (!p.has_sigil || pc_[i].dead) continue;
    for (std::size_t k = 0; k < p.cards.size(); ++k) {
      const PcCard& c = p.cards[k];
      std::int8_t& held = pc_[i].pool[k];
      if (c.def->effect.pool.fill != PoolFill::foe_hurt || pc_[i].pool_foe[k] != j + 1 || held >= c.pool_max) continue;
      ++held;
      ENCSIM_SAY(log_, "  %s's %s: %s dealt damage to %s, a d%d (%d of %d)", pname(i), c.def->name.c_str(), aname(j),
                 pname(t), c.def->effect.pool.die, held, c.pool_max);
    }
  }
}

// An action roll of PC i's has succeeded against adversary u without a damage
// roll: each no_damage pool (Twilight Toll) gains a token when u is its foe.
// Our policy for the foe: the PC chooses u when its pool has no foe, its foe
// has fallen, or it holds no token (a new foe clears nothing then); a foe
// with tokens on it is kept.
template <class R, class Log>
inline void Battle<R, Log>::toll_token(int i, int u) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  for (std::size_t k = 0; k < p.cards.size(); ++k) {
    const PcCard& c = p.cards[k];
    if (!c.live() || c.def->effect.pool.fill != PoolFill::no_damage || c.pool_max == 0) continue;
    std::int8_t& held = s.pool[k];
    const int on = s.pool_foe[k] - 1;
    if (on != u && (on < 0 || !adv_[on].alive || held == 0)) {
      if (held > 0) ENCSIM_SAY(log_, "  %s: the %d tokens held are cleared", c.def->name.c_str(), held);
      held = 0;
      s.pool_foe[k] = static_cast<std::int8_t>(u + 1);
      ENCSIM_SAY(log_, "  %s chooses %s for %s", pname(i), aname(u), c.def->name.c_str());
    }
    if (s.pool_foe[k] != u + 1 || held >= c.pool_max) continue;
    ++held;
    ENCSIM_SAY(log_, "  %s places a token on %s for %s (%d)", pname(i), c.def->name.c_str(), aname(u), held);
  }
}

// Card c of PC i's deals `dmg` to adversary u (card_on_enemy; `beats`: what its
// roll beats; `rolled`: its
// roll, an attack, beat u): the tokens of a foe's pool on u join it
// (pool_damage), and the damage is dealt; the HP they add at u's thresholds
// count to the pool's row, the rest to the card's. Returns the damage dealt.
template <class R, class Log>
inline int Battle<R, Log>::foe_pool_spell(int i, const PcCard& c, int u, int dmg, int beats, bool rolled, bool mixed, int plus) {
  const CardEffect& e = c.def->effect;
  int first = -1;
  const int extra = pool_damage(i, u, dmg, e.type, &first, true, rolled);
  const int share = extra > 0 ? static_cast<int>(adv_marks(u, dmg + extra, e.type) - adv_marks(u, dmg, e.type) + 0.5) : 0;
  const auto before = feat(c.feat).damage;
  damage_adversary(i, u, dmg + extra, e.type, e.range == Range::melee, beats, c.feat, mixed, 0, plus);  // mixed, plus: a `hit` reaction's
  if (share > 0 && first >= 0) {
    const auto moved = std::min<decltype(before)>(share, feat(c.feat).damage - before);
    feat(c.feat).damage -= moved;
    feat(pc(i).cards[static_cast<std::size_t>(first)].feat).damage += moved;
  }
  return dmg + extra;
}

// The ally a first_attack card's `heal_stress` reaches (no map: any standing
// ally): the one with most Stress marked, by name on ties; -1 when none has any.
template <class R, class Log>
inline int Battle<R, Log>::first_ally(int i) const {
  int best = -1;
  for (int q = 0; q < n_pc_; ++q) {
    if (q == i || !standing(q) || pc_[q].stress_marked == 0) continue;
    if (best < 0 || pc_[q].stress_marked > pc_[best].stress_marked ||
        (pc_[q].stress_marked == pc_[best].stress_marked && named_before(q, best)))
      best = q;
  }
  return best;
}

// PC i is about to roll its weapon attack at t (`mod`, `*net` its modifier
// and advantage): on its first attack at t in the fight, each first_attack
// card (name order) with a use left may spend it on one option. Our policy:
// the option worth most, when above nothing: advantage, the rise in the
// roll's chance to hit times the HP the weapon's hit marks at t (nothing when
// it already has advantage); the bonus dice, that chance times the HP their
// mean adds to the weapon's mean at t's thresholds; the Stress, half an HP
// per Stress cleared on first_ally (heal_value's worth). Ties go to the
// advantage, then the dice, then the Stress. Its costs are paid here, hit or miss.
template <class R, class Log>
inline void Battle<R, Log>::first_attack(int i, int t, const PcWeapon& w, int mod, int* net) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  const std::uint64_t bit = std::uint64_t{1} << t;
  if ((s.met_foes & bit) != 0) return;
  s.met_foes |= bit;
  for (int k = 0; k < static_cast<int>(p.cards.size()); ++k) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardEffect& e = c.def->effect;
    if (!e.first_attack || !card_payable(i, k, CardTrigger::attack, hope_keep(i, e.hope))) continue;
    const double hit = p_beats(mod, *net, difficulty(t));
    const double mean = p.proficiency * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus + s.stance_damage;
    const double adv = e.advantage && *net <= 0 ? (p_beats(mod, *net + 1, difficulty(t)) - hit) * weapon_marks(i, t, w) : 0.0;
    const double dice = e.bonus.present()
                            ? hit * (adv_marks(t, mean + e.bonus.mean(p.proficiency, spellcast_mod(i)), w.type) - adv_marks(t, mean, w.type))
                            : 0.0;
    const int q = e.heal_stress.present() ? first_ally(i) : -1;
    const double calm = q >= 0 ? 0.5 * std::min(e.heal_stress.mean(1, 1), static_cast<double>(pc_[q].stress_marked)) : 0.0;
    const double best = std::max({adv, dice, calm});
    if (best <= 1e-9) continue;
    pay_card(i, k);
    if (adv == best) {
      *net += 1;
      ENCSIM_SAY(log_, "  %s spends a token of %s: advantage on its first attack at %s", pname(i), c.def->name.c_str(), aname(t));
    } else if (dice == best) {
      s.approach = k + 1;
      ENCSIM_SAY(log_, "  %s spends a token of %s: more damage on its first attack at %s if it hits", pname(i),
                 c.def->name.c_str(), aname(t));
    } else {
      const int n = std::min(roll_card_dice(i, e.heal_stress, false), pc_[q].stress_marked);
      pc_[q].stress_marked -= n;
      ENCSIM_SAY(log_, "  %s spends a token of %s: %s clears %d Stress", pname(i), c.def->name.c_str(), pname(q), n);
    }
    return;
  }
}

// What a next_targets charge (n more targets) is worth on PC q, in HP: the
// weapon attacks q's roll would add on the foes after the one it aims at, at
// their worth now (weapon_value: the chance the roll beats each foe times the
// HP the weapon's mean hit marks on it): the second best to the (n + 1)th of
// the standing foes. Nothing on a PC down or holding a charge already.
template <class R, class Log>
inline double Battle<R, Log>::twin_worth(int q, int n) const {
  if (!standing(q) || pc_[q].twin_from > 0) return 0.0;
  double v[Encounter::kMaxAdversaries];
  int m = 0;
  for (int j = 0; j < n_adv_; ++j)
    if (adv_[j].alive) v[m++] = weapon_value(q, j);
  std::sort(v, v + m, [](double a, double b) { return a > b; });
  double sum = 0.0;
  for (int r = 1; r < m && r <= n; ++r) sum += v[r];
  return sum;
}

// The PC a next_targets card of PC i's charges (the caster included): the
// standing one it is worth most on (twin_worth), by name on ties; -1 when it
// is worth nothing on any. *worth: its worth.
template <class R, class Log>
inline int Battle<R, Log>::twin_pick(int i, const CardEffect& e, double* worth) const {
  (void)i;
  int best = -1;
  *worth = 0.0;
  for (int q = 0; q < n_pc_; ++q) {
    const double v = twin_worth(q, e.next_targets);
    if (v > *worth + 1e-9 || (best >= 0 && v > 0.0 && std::abs(v - *worth) <= 1e-9 && named_before(q, best))) best = q, *worth = v;
  }
  return best;
}

// Card c (next_targets) of PC i's charges PC q; a charge of the same caster
// elsewhere ends (one at a time).
template <class R, class Log>
inline void Battle<R, Log>::twin_charge(int i, const PcCard& c, int q) {
  for (int u = 0; u < n_pc_; ++u)
    if (pc_[u].twin_from == i + 1) pc_[u].twin_from = 0;
  pc_[q].twin_from = i + 1;
  pc_[q].twin_card = static_cast<int>(&c - pc(i).cards.data());
  ++feat(c.feat).conditions;
  ENCSIM_SAY(log_, "  %s: %s's next attack also hits %d more foe%s its roll beats", c.def->name.c_str(), pname(q),
             c.def->effect.next_targets, c.def->effect.next_targets == 1 ? "" : "s");
}

// PC i's weapon attack has succeeded (`beats`: what its roll beats) with a
// charge on it: the charge is spent, and the foes with fewest HP left that
// the roll beats and it does not hit yet join the targets (four at most),
// their HP counted to the caster's card when the caster attacks (an ally's
// to its own attack: features.csv counts a PC's damage on its own rows).
template <class R, class Log>
inline void Battle<R, Log>::twin_target(int i, int beats, int* targets, int* feats, int* n) {
  PcState& s = pc_[i];
  const int caster = s.twin_from - 1;
  const PcCard& c = pc(caster).cards[static_cast<std::size_t>(s.twin_card)];
  s.twin_from = 0;
  int added = 0;
  for (int q = 0; q < c.def->effect.next_targets && *n < 4; ++q) {
    int u = -1;  // the standing foe with fewest HP left that the roll beats and it does not hit yet, by name on ties
    for (int j = 0; j < n_adv_; ++j) {
      if (!adv_[j].alive || difficulty(j) > beats || std::find(targets, targets + *n, j) != targets + *n) continue;
      if (u < 0 || adv_hp_left(j) < adv_hp_left(u) || (adv_hp_left(j) == adv_hp_left(u) && adv_named_before(j, u))) u = j;
    }
    if (u < 0) break;
    targets[*n] = u;
    feats[(*n)++] = caster == i ? c.feat : -1;  // an ally's hit counts to its own attack (a row counts its owner's damage)
    ++added;
    rpc(i).aimed(true);  // the further target: the roll beat it
    rpc(i).struck(true, false);
    ENCSIM_SAY(log_, "  %s: the roll also hits %s", c.def->name.c_str(), aname(u));
  }
  if (added == 0) ENCSIM_SAY(log_, "  %s: no other foe the roll beats (the charge is spent)", c.def->name.c_str());
}

// The foes a roll of card e of PC i's at several of them reaches, as the value
// rule weighs them: the standing ones its weapon attack is worth most on
// (weapon_value; by name on ties), as many as an area of `reach` holds, in
// `targets`, each with the chance the card's roll beats it (as play_card rolls
// it: Vulnerable, Hidden, a Rally's advantage) in `chance`. Returns how many.
template <class R, class Log>
inline int Battle<R, Log>::reached_foes(int i, const CardEffect& e, Range reach, int* targets, double* chance) const {
  double by[Encounter::kMaxAdversaries];
  int n = 0;
  for (int j = 0; j < n_adv_; ++j)
    if (adv_[j].alive) targets[n] = j, by[j] = weapon_value(i, j), ++n;
  std::sort(targets, targets + n, [&](int a, int b) { return by[a] > by[b] || (by[a] == by[b] && adv_named_before(a, b)); });
  n = std::min(n, area_reach(reach));
  const int mod = roll_mod(i, e);
  for (int q = 0; q < n; ++q) {
    const int u = targets[q];
    chance[q] = p_beats(mod, (adv_[u].vulnerable ? 1 : 0) - (adv_[u].hidden ? 1 : 0) + rally_adv(i), difficulty(u));
  }
  return n;
}

// How a split_damage card of PC i's splits `total` among the n `targets` (each
// hit with chance `chance[q]`; 1 once beaten): the shares whose HP at each
// foe's thresholds (the share plus the extra die's mean; resistance,
// reduction and Minion spillover counted), each weighed by its chance, with
// one HP more for each foe it fells, add up to the most: kills first, then
// the most HP marked. Found exactly over whole points of damage (a total
// past 128 counts as 128; the rest goes with the leftover). A share none of
// it needs is left over and goes to the foe with most HP left after its
// share. Ties go to the plan that gives the foes earlier in `targets` the
// least. *worth: the plan's worth; returns the damage planned.
template <class R, class Log>
inline int Battle<R, Log>::split_plan(int i, int total, const int* targets, const double* chance, int n, int* give,
                                      double* worth) const {
  constexpr int kMost = 128, kTargets = 16;
  const PcWeapon& w = attack_of(i);
  const double die = (w.sides + 1) / 2.0;
  n = std::min(n, kTargets);
  const int budget = std::clamp(total, 0, kMost);
  double best[kTargets + 1][kMost + 1];
  std::uint8_t pick[kTargets][kMost + 1];
  for (int t = 0; t <= budget; ++t) best[n][t] = 0.0;
  double gain[kMost + 1];  // what a share of x is worth on targets[q]: weighed once per share, not per budget
  for (int q = n - 1; q >= 0; --q) {
    const int u = targets[q];
    for (int x = 0; x <= budget; ++x) {
      const double m = adv_marks(u, x + die, w.type);
      const double fell = adv(u).minion > 0 ? (m >= 1.0 ? 1.0 : 0.0) : (m >= adv_hp_left(u) ? 1.0 : 0.0);
      gain[x] = chance[q] * (m + fell);
    }
    for (int t = 0; t <= budget; ++t) {
      best[q][t] = -1.0;
      for (int x = 0; x <= t; ++x) {
        const double v = gain[x] + best[q + 1][t - x];
        if (v > best[q][t] + 1e-9) best[q][t] = v, pick[q][t] = static_cast<std::uint8_t>(x);
      }
    }
  }
  *worth = n > 0 ? best[0][budget] : 0.0;
  int left = total, most = -1;
  for (int q = 0, t = budget; q < n; ++q) {
    give[q] = pick[q][t];
    t -= give[q];
    left -= give[q];
  }
  for (int q = 0; q < n; ++q)
    if (most < 0 || adv_hp_left(targets[q]) - give[q] > adv_hp_left(targets[most]) - give[most]) most = q;
  if (most >= 0 && left > 0) give[most] += left;
  return total;
}

// What a split_damage card is worth to PC i now, in HP: split_plan's worth of
// the weapon's mean damage among the foes the weapon's range reaches (those
// its attack is worth most on: weapon_value), each by the chance the roll
// beats it, less the costs (`paid`: its Hope, paid hit or miss). -1 with no foe standing.
template <class R, class Log>
inline double Battle<R, Log>::split_value(int i, const CardEffect& e, double paid) const {
  const PcWeapon& w = attack_of(i);
  int targets[Encounter::kMaxAdversaries];
  double chance[Encounter::kMaxAdversaries];
  const int n = reached_foes(i, e, w.range, targets, chance);
  if (n == 0) return -1.0;
  const double mean = pc(i).proficiency * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus + pc_[i].stance_damage;
  int give[Encounter::kMaxAdversaries];
  double worth = 0.0;
  split_plan(i, static_cast<int>(mean + 0.5), targets, chance, n, give, &worth);
  return worth - paid;
}

// Card k (split_damage) of PC i's has rolled (r; `beats` what the roll beats)
// at the n `targets`: on a success against any, its use is paid (its Hope was
// or is now), the weapon's damage is rolled once (a critical's maximum
// counted) and split by split_plan among the foes it beats; each then takes
// one more of the weapon's damage dice on its share, all counted to the card.
// On a failure against all, only the Hope is paid.
template <class R, class Log>
inline void Battle<R, Log>::split_strike(int i, int k, const int* targets, int n, RollResult r, int beats, bool* paid) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  const PcWeapon& w = attack_of(i);
  const bool crit = r == RollResult::crit;
  int hit[Encounter::kMaxAdversaries];
  double chance[Encounter::kMaxAdversaries];
  int m = 0;
  for (int q = 0; q < n; ++q) {
    const int u = targets[q];
    rpc(i).aimed(true);
    if (succeeded(r) && adv_[u].alive && (crit || difficulty(u) <= beats)) hit[m] = u, chance[m++] = 1.0;
  }
  if (m == 0) {  // the Hope is spent on the attack, the use waits for a success
    if (!*paid && e.hope > 0) {
      spend_hope(i, e.hope, kHopeSpentCards);
      feat(c.feat).spent += e.hope;
      ENCSIM_SAY(log_, "  %s: no foe beaten; %s spends its %d Hope, the use waits", c.def->name.c_str(), pname(i), e.hope);
    }
    return;
  }
  if (!*paid) {
    ENCSIM_SAY(log_, "  %s succeeds: its costs are paid", c.def->name.c_str());
    pay_card(i, k, false), *paid = true;
  }
  const int total = roll_pc_damage(i, w, crit, hit[0]) + (pc_[i].steed != 0 ? steed_damage(i) : 0);  // a rider's (play_mount.hpp)
  int give[Encounter::kMaxAdversaries];
  double worth = 0.0;
  split_plan(i, total, hit, chance, m, give, &worth);
  for (int q = 0; q < m && !over(); ++q) {
    const int u = hit[q];
    if (!adv_[u].alive) continue;
    rpc(i).struck(true, crit);
    const int more = dice_.die(w.sides);
    ENCSIM_SAY(log_, "  %s: %d of the %d to %s, +%d (a d%d) = %d", c.def->name.c_str(), give[q], total, aname(u), more, w.sides,
               give[q] + more);
    damage_adversary(i, u, give[q] + more, w.type, w.range == Range::melee, beats, c.feat);
  }
}

// PC `from` has dealt `dmg` (as rolled, of `type`; `mixed`: of both types) to
// adversary j, which still stands: each other standing PC with an echo_damage
// card (Encore), in name order, may make its Spellcast roll against j and, on
// a success, deal j the same damage, of the same type, counted to the card.
// Our policy: played when the chance the roll beats j times the HP that
// damage marks on j now is at least one HP (a success with Fear sends the
// card to the vault: small hits are let go). The roll is an action roll (Hope
// or Fear, countdowns), made in the ally's action: it does not pass the
// spotlight, which the ally's own roll decides. An echo's damage sets off no
// other echo.
template <class R, class Log>
inline void Battle<R, Log>::echo(int from, int j, int dmg, DamageType type, bool mixed) {
  std::uint64_t done = 0;
  in_echo_ = true;
  for (;;) {
    int i = -1;  // the next holder by name
    for (int q = 0; q < n_pc_; ++q)
      if (q != from && pc(q).has_echo && standing(q) && !(done >> q & 1u) && (i < 0 || named_before(q, i))) i = q;
    if (i < 0 || !adv_[j].alive || over()) break;
    done |= std::uint64_t{1} << i;
    const Pc& p = pc(i);
    for (int k = 0; k < static_cast<int>(p.cards.size()); ++k) {
      const PcCard& c = p.cards[static_cast<std::size_t>(k)];
      const CardEffect& e = c.def->effect;
      if (!e.echo_damage || !card_payable(i, k, CardTrigger::ally_dealt, hope_keep(i, e.hope))) continue;
      const int net = (adv_[j].vulnerable ? 1 : 0) - (adv_[j].hidden ? 1 : 0);
      const double worth = p_beats(roll_mod(i, e), net, difficulty(j)) * adv_marks(j, dmg, type);
      if (worth < 1.0) continue;
      pay_card(i, k);
      ENCSIM_SAY(log_, "  %s plays %s on %s's %d damage to %s", pname(i), c.def->name.c_str(), pname(from), dmg, aname(j));
      int total = 0;
      const int vs = roll_vs_, trait = roll_trait_;  // the ally's roll's, kept for it
      const bool spell = roll_spell_;
      const PcWeapon* weapon = roll_weapon_;
      roll_vs_ = j;
      roll_trait_ = p.spellcast;
      roll_spell_ = true;
      roll_weapon_ = nullptr;
      if (pc_[i].steed != 0 && attack_roll(e)) [[unlikely]] steed_roll(i);  // an attack roll at j: a rider's penalty, in roll_mod
      const RollResult r = action_roll(i, roll_mod(i, e), net, difficulty(j), &total, true);
      roll_vs_ = vs;
      roll_trait_ = trait;
      roll_spell_ = spell;
      roll_weapon_ = weapon;
      if (over()) break;
      rpc(i).aimed(false);
      if (succeeded(r) && adv_[j].alive) {
        rpc(i).struck(false, r == RollResult::crit);
        ENCSIM_SAY(log_, "  %s: %d %s damage to %s again", c.def->name.c_str(), dmg, type == DamageType::magic ? "magic" : "physical",
                   aname(j));
        damage_adversary(i, j, dmg, type, false, r == RollResult::crit ? kBeatsAny : total, c.feat, mixed);
      } else if (!succeeded(r)) {
        ENCSIM_SAY(log_, "  %s fails", c.def->name.c_str());
      }
      if (r == RollResult::success_fear && e.vault_fear) {
        pc_[i].card_uses[static_cast<std::size_t>(k)] = 0;
        ENCSIM_SAY(log_, "  %s succeeds with Fear: it goes to the vault", c.def->name.c_str());
        if (party_.copied) [[unlikely]] copy_vaulted(i, k);  // a Copycat's copy of it ends (play_copy.hpp)
      }
      break;
    }
  }
  in_echo_ = false;
}

// What summoning a familiar (familiar_die) is worth to PC i now, in HP:
// nothing while one stands, or when its attack is not a Melee weapon's (the
// familiar stays at its side: a foe is within its Melee range when within
// the PC's); else, on the foe its weapon attack is worth most on, the hits it
// takes to fell that foe at their mean (HP left over the HP a hit marks,
// rounded up; six at most), each gaining, by the chance the roll beats the
// foe, the HP the die's mean adds to the weapon's mean at its thresholds.
template <class R, class Log>
inline double Battle<R, Log>::familiar_worth(int i, const CardEffect& e) const {
  const PcWeapon& w = attack_of(i);
  if (pc_[i].familiar > 0 || w.range != Range::melee) return 0.0;
  int t = -1;
  double best = 0.0;
  for (int j = 0; j < n_adv_; ++j) {
    if (!adv_[j].alive) continue;
    const double v = weapon_value(i, j);
    if (t < 0 || v > best || (v == best && adv_named_before(j, t))) t = j, best = v;
  }
  if (t < 0) return 0.0;
  const int mod = trait_of(i, w.trait) + w.attack_bonus + attack_plus(i);
  const int net = (adv_[t].vulnerable ? 1 : 0) - (adv_[t].hidden ? 1 : 0);
  const double mean = pc(i).proficiency * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus + pc_[i].stance_damage;
  const double hits = std::min(6.0, std::ceil(adv_hp_left(t) / std::max(1.0, weapon_marks(i, t, w))));
  const double die = (e.familiar_die + 1) / 2.0;
  return hits * p_beats(mod, net, difficulty(t)) * (adv_marks(t, mean + die, w.type) - adv_marks(t, mean, w.type));
}

// Card c (familiar_die) of PC i's: the familiar stands at its side until the fight ends.
template <class R, class Log>
inline void Battle<R, Log>::summon(int i, const PcCard& c) {
  pc_[i].familiar = c.def->effect.familiar_die;
  pc_[i].familiar_card = static_cast<int>(&c - pc(i).cards.data());
  ENCSIM_SAY(log_, "  %s: a familiar at %s's side, a d%d on its damage to the foes beside it", c.def->name.c_str(), pname(i),
             pc_[i].familiar);
}

// PC i deals `dmg` to adversary t within its familiar's Melee range: the
// familiar's die joins it (rolled here; not maximized on a critical, as a
// pool's). Returns the die's roll; the card's row counts a use.
template <class R, class Log>
inline int Battle<R, Log>::familiar_damage(int i, int t, int dmg, DamageType type) {
  (void)type;
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(pc_[i].familiar_card)];
  const int d = dice_.die(pc_[i].familiar);
  ++feat(c.feat).uses;
  ENCSIM_SAY(log_, "  %s: the familiar beside %s adds %d = %d", c.def->name.c_str(), aname(t), d, dmg + d);
  return d;
}

}  // namespace encsim::daggerheart
