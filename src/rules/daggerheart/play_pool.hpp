// Pools of tokens on a card (cards.hpp, CardPool) that fill on one event of
// the fight and empty on another: Slayer's Slayer Dice, placed on a roll with
// Hope instead of the Hope and rolled into the PC's weapon attack rolls and
// damage rolls; Spellcharge's and Arcane Charge's, filled by magic damage
// taken, and Never Upstaged's, filled by HP an attack marks; all spent on the
// PC's weapon damage rolls. Thorn Skin's, filled by playing the card and
// rolled off damage the PC takes (and back at a Melee attacker). A PC without
// a pool never gets here (Pc::has_hope_pool, has_attack_pool, has_hurt_pool,
// has_damaged_pool). Included at the end of battle.hpp; not meant to be
// included on its own. docs/rules/daggerheart.md, "Domain cards", records
// every reading.
#pragma once

#include <algorithm>
#include <cstddef>

namespace encsim::daggerheart {

// On a roll of PC i's with Hope (a critical too): a token instead of the
// Hope, on the first pool (name order) with room. Our policy: a Slayer Die is
// the Hope deferred (an unspent one becomes a Hope again when the session
// ends) plus a die that is rolled only where it turns a miss or raises a hit,
// so the PC takes it whenever a pool has room and it keeps the Hope its class
// Hope feature needs (`card_hope_reserve`, with a class Hope feature and
// `hope_features`; else always). The card's row counts each Hope so given up
// as `spent`. Returns whether the Hope became a token.
template <class R, class Log>
inline bool Battle<R, Log>::pool_instead_of_hope(int i) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  const int keep = hope_keep(i);
  if (s.hope < keep && s.hope < hope_cap(i)) return false;
  for (int k = 0; k < static_cast<int>(p.cards.size()); ++k) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardPool& pool = c.def->effect.pool;
    std::int8_t& held = s.pool[static_cast<std::size_t>(k)];
    if (!c.live() || pool.fill != PoolFill::hope_roll || held >= c.pool_max || (s.beast && c.def->spell)) continue;
    ++held;
    ++feat(c.feat).spent;
    if (pool.die > 0)
      ENCSIM_SAY(log_, "  %s places a d%d on %s instead of gaining a Hope (%d of %d)", pname(i), pool.die,
                 c.def->name.c_str(), held, c.pool_max);
    else
      ENCSIM_SAY(log_, "  %s places a token on %s instead of gaining a Hope (%d of %d)", pname(i), c.def->name.c_str(),
                 held, c.pool_max);
    return true;
  }
  return false;
}

// Rolls n of a pool's tokens (their dice, or `each` apiece).
template <class R>
inline int pool_roll(R& dice, const CardPool& pool, int n) {
  int sum = 0;
  for (int q = 0; q < n; ++q) sum += pool.die > 0 ? dice.die(pool.die) : pool.each;
  return sum;
}

// A failed weapon attack roll of PC i's (total `*total` against
// `difficulty_needed`, at roll_vs_): tokens of a pool spent on attack rolls,
// the first (name order) that can turn it. Our policy: the fewest tokens
// whose mean covers the shortfall (at least one, and never more than their
// highest faces could make up), spent when the weapon's hit at its mean is
// worth more HP on the target than the tokens (each a Hope's worth, half an
// HP: an unspent one turns back into a Hope when the session ends). Rolled
// before a Rally Die or Prayer Die. Returns the roll's result now.
template <class R, class Log>
inline RollResult Battle<R, Log>::pool_attack_roll(int i, RollResult r, int difficulty_needed, int* total) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  const int t = roll_vs_;
  const int short_by = difficulty_needed - *total;
  for (int k = 0; k < static_cast<int>(p.cards.size()) && short_by > 0; ++k) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardPool& pool = c.def->effect.pool;
    std::int8_t& held = s.pool[static_cast<std::size_t>(k)];
    if (!c.live() || pool.spend != PoolSpend::attack || held == 0 || (s.beast && c.def->spell) ||
        (pool.magic_only && attack_of(i).type != DamageType::magic))
      continue;
    const int n = std::max(1, static_cast<int>(short_by / pool.mean() + 0.999999));
    if (n > held || n * pool.most() < short_by) continue;
    if (weapon_marks(i, t, attack_of(i)) <= n * kHopeWorth) continue;
    const int add = pool_roll(dice_, pool, n);
    held = static_cast<std::int8_t>(held - n);
    ++feat(c.feat).uses;
    *total += add;
    ENCSIM_SAY(log_, "  %s spends %d of %s's tokens on the attack roll: +%d = %d (%d left)", pname(i), n,
               c.def->name.c_str(), add, *total, held);
    if (*total >= difficulty_needed) return r == RollResult::failure_hope ? RollResult::success_hope : RollResult::success_fear;
    return r;
  }
  if (s.drill > 0 && short_by > 0) [[unlikely]] {  // Martial Preparation's dice held apart: the same rule
    const double mean = (drill_sides_ + 1) / 2.0;
    const int n = std::max(1, static_cast<int>(short_by / mean + 0.999999));
    if (n > s.drill || n * drill_sides_ < short_by || weapon_marks(i, t, attack_of(i)) <= n * kHopeWorth) return r;
    int add = 0;
    for (int q = 0; q < n; ++q) add += dice_.die(drill_sides_);
    s.drill -= n;
    feat(drill_feat_).uses += n;
    *total += add;
    ENCSIM_SAY(log_, "  %s spends %d Slayer Di%s from Martial Preparation on the attack roll: +%d = %d (%d left)", pname(i),
               n, n == 1 ? "e" : "ce", add, *total, s.drill);
    if (*total >= difficulty_needed) return r == RollResult::failure_hope ? RollResult::success_hope : RollResult::success_fear;
  }
  return r;
}

// A successful weapon attack of PC i's on t has rolled `dmg` (of `type`):
// tokens of a pool spent on damage rolls, each pool in name order; a
// `next_hit` pool (Never Upstaged) spends them all. Our policy for the
// others: the number n (up to those held) for which the HP the tokens' mean
// adds at t's thresholds (resistance, reduction and Minion spillover
// counted), less n times half an HP (a held token waits for a roll where it
// pays, as a Hope does), is greatest, when that is above nothing (the fewest
// on ties). No critical maximum: the tokens are
// added to the roll, not the weapon's damage dice. A foe's pool (on_foe:
// Sigil of Retribution, Twilight Toll) is spent only on damage to its foe;
// `spell`: the damage is a card's (card_on_enemy), which only a foe's pool
// joins, and a foe_hurt pool only when the card rolled (an attack, `rolled`).
// Returns the damage they add; *first: the first pool spent (its row gets the
// HP), as the other cards.
template <class R, class Log>
inline int Battle<R, Log>::pool_damage(int i, int t, int dmg, DamageType type, int* first, bool spell, bool rolled) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  int extra = 0;
  for (int k = 0; k < static_cast<int>(p.cards.size()); ++k) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardPool& pool = c.def->effect.pool;
    std::int8_t& held = s.pool[static_cast<std::size_t>(k)];
    if (!c.live() || held == 0 || (s.beast && c.def->spell) || (pool.magic_only && type != DamageType::magic) ||
        pool.spend == PoolSpend::damaged || pool.spend == PoolSpend::roll)  // those are spent on damage taken, and before rolls
      continue;
    if ((pool.on_foe() || spell) &&
        (!pool.on_foe() || s.pool_foe[static_cast<std::size_t>(k)] != t + 1 || (pool.fill == PoolFill::foe_hurt && !rolled)))
      continue;
    int n = held;  // next_hit: every token, no choice
    if (pool.spend != PoolSpend::next_hit) {
      const double now = adv_marks(t, dmg + extra, type);
      n = 0;
      double best = 1e-9;
      for (int q = 1; q <= held; ++q) {
        const double v = adv_marks(t, dmg + extra + q * pool.mean(), type) - now - q * kHopeWorth;
        if (v > best) best = v, n = q;
      }
      if (n == 0) continue;
    }
    const int add = pool_roll(dice_, pool, n);
    held = static_cast<std::int8_t>(held - n);
    ++feat(c.feat).uses;
    extra += add;
    if (*first < 0) *first = k;
    ENCSIM_SAY(log_, "  %s spends %d of %s's tokens on the damage roll: +%d = %d (%d left)", pname(i), n,
               c.def->name.c_str(), add, dmg + extra, held);
  }
  if (s.drill > 0 && !spell) [[unlikely]] {  // Martial Preparation's dice held apart: the same rule, weapon damage only
    const double mean = (drill_sides_ + 1) / 2.0, now = adv_marks(t, dmg + extra, type);
    int n = 0;
    double best = 1e-9;
    for (int q = 1; q <= s.drill; ++q) {
      const double v = adv_marks(t, dmg + extra + q * mean, type) - now - q * kHopeWorth;
      if (v > best) best = v, n = q;
    }
    if (n > 0) {
      int add = 0;
      for (int q = 0; q < n; ++q) add += dice_.die(drill_sides_);
      s.drill -= n;
      feat(drill_feat_).uses += n;
      extra += add;
      ENCSIM_SAY(log_, "  %s spends %d Slayer Di%s from Martial Preparation on the damage roll: +%d = %d (%d left)", pname(i),
                 n, n == 1 ? "e" : "ce", add, dmg + extra, s.drill);
    }
  }
  return extra;
}

// PC i has marked `marked` HP from damage of `type` (in_attack_: from an
// adversary's attack roll; `from`: the adversary, -1 none): each pool that
// fills so (name order) takes a token per HP, as many as it has room for.
// magic_hurt (Spellcharge) is free; hurt (Never Upstaged) costs the card's
// Stress each time, paid when the tokens' worth on the PC's next hit (their
// total added to its weapon's mean at the attacker's thresholds, or the
// party's focus's once the attacker has fallen, above what the tokens already
// held add) is more than the Stress, and never with a Stress it cannot mark.
template <class R, class Log>
inline void Battle<R, Log>::pool_hurt(int i, int marked, DamageType type, int from) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  if (!standing(i)) return;
  for (int k = 0; k < static_cast<int>(p.cards.size()); ++k) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardEffect& e = c.def->effect;
    const CardPool& pool = e.pool;
    std::int8_t& held = s.pool[static_cast<std::size_t>(k)];
    if (!c.live() || (s.beast && c.def->spell) || (pool.fill == PoolFill::magic_hurt && type != DamageType::magic) ||
        (pool.fill == PoolFill::hurt && !in_attack_) || (pool.fill != PoolFill::hurt && pool.fill != PoolFill::magic_hurt))
      continue;
    const int n = std::min(marked, c.pool_max - held);
    if (n <= 0) continue;
    if (e.stress > 0) {
      if (e.stress > stress_room(i, e.stress)) continue;
      const int t = from >= 0 && adv_[from].alive ? from : focus_ >= 0 && adv_[focus_].alive ? focus_ : -1;
      if (t < 0) continue;
      const PcWeapon& w = attack_of(i);
      const double mean = p.proficiency * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus + s.stance_damage;
      const double gain = adv_marks(t, mean + (held + n) * pool.mean(), w.type) - adv_marks(t, mean + held * pool.mean(), w.type);
      if (gain <= kStressWorth * e.stress) continue;
      ENCSIM_SAY(log_, "  %s marks %d Stress for %s", pname(i), e.stress, c.def->name.c_str());
      feat(c.feat).spent += e.stress;
      mark_stress(i, e.stress);
    }
    held = static_cast<std::int8_t>(held + n);
    ENCSIM_SAY(log_, "  %s places %d token%s on %s (%d of %d)", pname(i), n, n == 1 ? "" : "s", c.def->name.c_str(), held,
               c.pool_max);
  }
}

// What spending n of card k's tokens (spend: damaged) on a hit of `dmg` on PC
// i is worth, in HP, by the tokens' mean: the HP the hit no longer marks at
// i's thresholds, and, when the card strikes back and attacker `from` fights
// in Melee, the HP their total marks on it (adv_marks).
template <class R, class Log>
inline double Battle<R, Log>::pool_guard_gain(int i, int k, double dmg, int n, int from) const {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardPool& pool = c.def->effect.pool;
  const int major = major_of(i), severe = severe_of(i);
  const double cut = n * pool.mean();
  double v = severity(static_cast<int>(dmg + 0.5), major, severe) - severity(static_cast<int>(dmg - cut + 0.5), major, severe);
  if (pool.strike_melee && from >= 0 && adv_[from].alive && adv(from).range == Range::melee)
    v += adv_marks(from, cut, c.def->effect.type);
  return v;
}

// The tokens PC i spends from card k on a hit of `dmg` from `from`: the
// number n (up to those held) for which pool_guard_gain less n times half an
// HP (a held token waits for a hit where it pays, as a Hope does) is
// greatest, when above nothing (the fewest on ties); 0 none.
template <class R, class Log>
inline int Battle<R, Log>::pool_guard_count(int i, int k, double dmg, int held, int from) const {
  int n = 0;
  double best = 1e-9;
  for (int q = 1; q <= held; ++q) {
    const double v = pool_guard_gain(i, k, dmg, q, from) - q * kHopeWorth;
    if (v > best) best = v, n = q;
  }
  return n;
}

// PC i is about to take `dmg` of `type` (after resistance, before thresholds;
// `from`: the adversary dealing it, -1 none): each pool spent on damage taken
// (name order) rolls the tokens pool_guard_count picks and takes their total
// off the damage; one that strikes back deals the same total to a Melee
// attacker (of the card's damage_type). The card's row: a use per spend, the
// HP the hit no longer marks as `healed`, the HP struck back as damage.
// Returns the damage left.
template <class R, class Log>
inline int Battle<R, Log>::pool_damaged(int i, int dmg, int from) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  for (int k = 0; k < static_cast<int>(p.cards.size()) && dmg > 0; ++k) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardPool& pool = c.def->effect.pool;
    std::int8_t& held = s.pool[static_cast<std::size_t>(k)];
    if (!c.live() || held == 0 || pool.spend != PoolSpend::damaged || (s.beast && c.def->spell)) continue;
    const int n = pool_guard_count(i, k, dmg, held, from);
    if (n == 0) continue;
    const int before = severity(dmg, major_of(i), severe_of(i));
    const int roll = pool_roll(dice_, pool, n);
    held = static_cast<std::int8_t>(held - n);
    const int left = std::max(0, dmg - roll);
    FeatureRecord& f = feat(c.feat);
    ++f.uses;
    f.healed += before - severity(left, major_of(i), severe_of(i));
    ENCSIM_SAY(log_, "  %s spends %d of %s's tokens against the damage: -%d, %d to %d (%d left)", pname(i), n,
               c.def->name.c_str(), roll, dmg, left, held);
    dmg = left;
    if (pool.strike_melee && from >= 0 && adv_[from].alive && adv(from).range == Range::melee) {
      const DamageType type = c.def->effect.type;
      ENCSIM_SAY(log_, "  %s: %d %s damage back to %s", c.def->name.c_str(), roll,
                 type == DamageType::magic ? "magic" : "physical", aname(from));
      damage_adversary(i, from, roll, type, true, 0, c.feat);
    }
  }
  return dmg;
}

// What playing card k (fill: action) is worth to PC i now, in HP: what the
// tokens it adds (the pool filled to its most) would save, spent by
// pool_guard_count on the mean hits of the standing adversary whose standard
// attack hits hardest (damage_mean; a Melee one first on ties, then the one
// with most HP left), one hit after another while tokens are left and a spend
// pays (six hits at most): the value of a full pool less the value of the
// tokens already held. Nothing when no adversary stands.
template <class R, class Log>
inline double Battle<R, Log>::pool_fill_value(int i, int k) const {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const int held = pc_[i].pool[static_cast<std::size_t>(k)];
  if (c.pool_max <= held || c.def->effect.pool.spend != PoolSpend::damaged) return 0.0;
  const int j = hardest_foe();  // play_zone.hpp
  if (j < 0) return 0.0;
  double dmg = adv(j).damage_mean;
  if (pc(i).resist & type_bit(adv(j).type_of_damage)) dmg /= 2;
  auto value = [&](int tokens) {
    double v = 0.0;
    for (int hit = 0; hit < 6 && tokens > 0; ++hit) {
      const int n = pool_guard_count(i, k, dmg, tokens, j);
      if (n == 0) break;
      v += pool_guard_gain(i, k, dmg, n, j);
      tokens -= n;
    }
    return v;
  };
  return value(c.pool_max) - value(held);
}

// Card k (fill: action) is played: its pool fills to its most.
template <class R, class Log>
inline void Battle<R, Log>::pool_fill(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  std::int8_t& held = pc_[i].pool[static_cast<std::size_t>(k)];
  const int n = c.pool_max - held;
  held = static_cast<std::int8_t>(c.pool_max);
  ENCSIM_SAY(log_, "  %s places %d token%s on %s (%d of %d)", pname(i), n, n == 1 ? "" : "s", c.def->name.c_str(), held,
             c.pool_max);
}

}  // namespace encsim::daggerheart
