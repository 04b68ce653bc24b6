// The card value rule (cards.hpp, play_cards.hpp): what a card's effect is
// worth in expected HP against each adversary or for each PC, the chance its
// roll succeeds, whom it aims at, and the card worth more than the weapon
// attack on a spotlight (best_card). Included at the end of battle.hpp, after
// play_cards.hpp; not meant to be included on its own.
// docs/rules/daggerheart.md, "When a PC plays a card", records every policy.
#pragma once

#include <algorithm>
#include <cmath>

namespace encsim::daggerheart {

// Expected HP a hit of mean damage `m` marks on adversary j: resistance,
// reduction, thresholds; a Minion falls with the spillover the mean reaches.
template <class R, class Log>
[[gnu::always_inline]] inline double Battle<R, Log>::adv_marks(int j, double m, DamageType type) const {
  const Adversary& a = adv(j);
  if (a.immune & type_bit(type)) return 0.0;
  if (a.resist & type_bit(type)) m /= 2;
  if (a.reduction_types == 0 || (a.reduction_types & type_bit(type))) m -= a.reduction_mean;
  if (m < 1.0) return 0.0;
  if (a.minion > 0) return 1.0 + static_cast<int>(m / a.minion);
  return std::min(severity(static_cast<int>(m + 0.5), a.major, a.severe), adv_hp_left(j));
}

// What a card's effect on adversary j is worth, in expected HP, if it lands:
// its damage's marks (Rain of Blades' extra on a Vulnerable foe and
// Chokehold's on a foe it holds counted), or the HP it marks outright
// (hp_marks); a half HP for a new Vulnerable (with exposed_damage, its extra
// on each standing PC's attack once; play_foes.hpp); On Fire, the burn of
// one action or the spotlight the GM spends putting it out, whichever is
// less (the GM picks); a new Restrained as the
// adversaries' value rule counts it on a PC: 1 when it costs the target its
// next spotlight (`restrained: loses_spotlight`), else nothing (it acts from
// where it stands); and a quarter for each Stress it makes the target mark.
// Inlined into card_value's value_on (once per foe weighed; no call frame).
template <class R, class Log>
[[gnu::always_inline]] inline double Battle<R, Log>::card_on_value(int i, const CardEffect& e, int j, double extra_mean) const {
  if (e.save > 0) [[unlikely]] return save_value(i, e, j) + (e.blast >= 0 ? blast_value(i, e, j) : 0.0);  // the targets roll (play_foes.hpp)
  if (e.kill_at > 0) [[unlikely]] return difficulty(j) <= e.kill_at ? kill_worth(j) : 0.0;  // play_spells.hpp
  double v = 0.0;
  // A rolled card's damage is an attack: Sneak Attack's d6s join it, as weapon_marks counts them.
  const double sneak = e.roll != CardRoll::none && e.damage.present() && pc(i).sneak_attack_dice > 0 && sneak_ok(i)
                           ? 3.5 * pc(i).sneak_attack_dice
                           : 0.0;
  if (e.damage.present()) {
    if (e.vulnerable_extra.present() && adv_[j].vulnerable) [[unlikely]]  // Rain of Blades' d8 on a Vulnerable foe
      extra_mean += card_mean(i, e.vulnerable_extra);
    if (adv_[j].exposed_from >= 0 && e.roll != CardRoll::none) [[unlikely]] extra_mean += exposed_mean(j);  // Chokehold's (play_foes.hpp)
  }
  if (e.damage.present() || extra_mean > 0)
    v += adv_marks(j, card_mean(i, e.damage) + extra_mean + sneak + pc_[i].steed, e.type);  // a rider's +N
  if (e.hp_marks > 0) v += adv(j).minion > 0 ? 1 : std::min(e.hp_marks, adv_hp_left(j));
  // Conditions bought with rider_hope count for what they are worth above that Hope (never below nothing).
  const double cond = e.conditions ? conditions_value(i, e, j) : 0.0;
  return v + (e.rider_hope > 0 ? std::max(0.0, cond - kHopeWorth * e.rider_hope) : cond);
}

// What a card's conditions on adversary j are worth, in expected HP (card_on_value).
template <class R, class Log>
[[gnu::always_inline]] inline double Battle<R, Log>::conditions_value(int i, const CardEffect& e, int j) const {
  double v = 0.0;
  if (e.lasting) [[unlikely]]
    v += lasting_worth(j);  // Book of Ronin (play_strikes.hpp)
  else if (e.vulnerable && !adv_[j].vulnerable)
    v += 0.5;
  if (e.exposed_damage.present() && !adv_[j].vulnerable) [[unlikely]]  // Chokehold: its extra on each PC's attack once (play_foes.hpp)
    v += edge_worth(j, difficulty(j), 0, 0, card_mean(i, e.exposed_damage));
  if (e.on_fire.present() && (adv_[j].temps & kTempFire) == 0) [[unlikely]] {  // Cinder Grasp: a burn, or a spotlight spent putting it out
    const double burn = adv_marks(j, card_mean(i, e.on_fire), DamageType::magic);
    v += std::min(burn, adv(j).threat_hp);
  }
  if (e.restrained && !adv_[j].restrained && opt_.restrained_loses_spotlight) v += 1.0;
  // A card with no target_stress adds nothing here: an adversary never has more Stress marked than it has
  // (every mark is capped or checked first, adversaries.hpp), so the min below is never negative.
  if (e.target_stress != 0 && adv(j).stress > 0) v += 0.25 * std::min(e.target_stress, adv(j).stress - adv_[j].stress_marked);
  if (e.stun && !adv_[j].stunned) v += 1.0;  // Stunned: its next spotlight spent clearing it (play_spells.hpp)
  if (e.taunt && adv_[j].goaded_by < 0) v += taunt_worth(i, j);  // Goad Them On (play_party.hpp)
  if (e.marks_foes()) [[unlikely]] v += foe_marks_value(i, e, j);  // Glyph of Nightfall, Hush (play_foes.hpp)
  if (e.fear < 0 && fear_ > 0) [[unlikely]] v += kWorthFear * std::min(-e.fear, fear_);  // Know Thy Enemy: a Fear the GM loses
  if (e.stress_highest > 0 && adv(j).stress > 0) {  // Troublemaker: the mean of the highest of Proficiency dice
    const int n = std::max(1, pc(i).proficiency), d = e.stress_highest;
    double mean = 0.0;
    for (int k = 1; k <= d; ++k) mean += 1.0 - std::pow(static_cast<double>(k - 1) / d, n);
    v += 0.25 * std::min(mean, static_cast<double>(adv(j).stress - adv_[j].stress_marked));
  }
  return v;
}

// The mean of card dice d at PC i's Proficiency (and Spellcast trait, read
// only for dice per Spellcast: CardDice::dice ignores it otherwise).
template <class R, class Log>
[[gnu::always_inline]] inline double Battle<R, Log>::card_mean(int i, const CardDice& d) const {
  return d.mean(pc(i).proficiency, d.per_spellcast ? spellcast_mod(i) : 0);
}

// The chance a PC's roll with `mod` beats adversary j (or a fixed Difficulty).
template <class R, class Log>
inline double Battle<R, Log>::p_beats(int mod, int net, int difficulty_needed) const {
  return p_duality(difficulty_needed - mod - (net > 0 ? 3 : net < 0 ? -3 : 0));
}

// The ally a card heals: the PC with most HP marked (a downed, living one
// first; by name on ties); `self_ok` for cards that may heal the caster; none
// of the PCs in `skip` (a bit each). -1 when none.
template <class R, class Log>
inline int Battle<R, Log>::heal_target(int i, bool self_ok, unsigned skip) const {
  int best = -1, best_score = 0;
  for (int k = 0; k < n_pc_; ++k) {
    if ((k == i && !self_ok) || pc_[k].dead || (skip >> k & 1u)) continue;
    const int score = pc_[k].hp_marked + (pc_[k].out ? 100 : 0);
    if (pc_[k].hp_marked > 0 && (score > best_score || (score == best_score && best >= 0 && named_before(k, best))))
      best = k, best_score = score;
  }
  return best;
}

// The PC card k of PC i's heals (`target: ally` or `creature`): heal_target,
// less those a once_per_target card has healed already.
template <class R, class Log>
inline int Battle<R, Log>::heal_target_of(int i, int k) const {
  const CardEffect& e = pc(i).cards[static_cast<std::size_t>(k)].def->effect;
  const unsigned skip = e.once_per_target ? pc_[i].once_done[static_cast<std::size_t>(k)] : 0u;
  const int t = heal_target(i, e.target == CardTarget::creature, skip);
  if (t >= 0 || !e.either || e.target != CardTarget::ally) return t;
  // An `either` card at an ally, no ally with an HP to clear (Inspirational
  // Words): the ally its best option is worth most to, by name on ties.
  int best = -1;
  double best_v = 0.0;
  for (int q = 0; q < n_pc_; ++q) {
    if (q == i || pc_[q].dead || (skip >> q & 1u)) continue;
    double v = 0.0;
    gift_option(e, q, 1, &v);
    if (v > best_v || (v == best_v && best >= 0 && v > 0.0 && named_before(q, best))) best = q, best_v = v;
  }
  return best;
}

// A ward's ally (Life Ward): the standing ally with fewest HP unmarked, when
// that is 2 or fewer (a Major hit would take it down; by name on ties), and
// no sigil of its own yet. -1 when none.
template <class R, class Log>
inline int Battle<R, Log>::ward_target(int i) const {
  int best = -1;
  for (int k = 0; k < n_pc_; ++k) {
    if (k == i || !standing(k) || pc_[k].ward_card >= 0 || hp_left(k) > 2) continue;
    if (best < 0 || hp_left(k) < hp_left(best) || (hp_left(k) == hp_left(best) && named_before(k, best))) best = k;
  }
  return best;
}

// What option `opt` of a card's gifts (0 HP cleared, 1 Stress cleared, 2
// Hope, 3 Armor Slots cleared; -1 all of them) is worth to PC k, in HP: the
// HP it clears when k has at least `hp_from` marked or is down, a half per
// Stress, a quarter per Hope, a half per Armor Slot.
template <class R, class Log>
inline double Battle<R, Log>::gift_value(const CardEffect& e, int k, int opt, int hp_from) const {
  const PcState& s = pc_[k];
  double v = 0.0;
  if ((opt < 0 || opt == 0) && e.heal_hp.present() && (s.hp_marked >= hp_from || s.out))
    v += std::min(e.heal_hp.mean(1, 1), static_cast<double>(s.hp_marked)) + (s.out ? 1.0 : 0.0);
  if ((opt < 0 || opt == 1) && e.heal_stress.present())
    v += 0.5 * std::min(e.heal_stress.mean(1, 1), static_cast<double>(s.stress_marked));
  if (opt < 0 || opt == 2) v += 0.25 * std::min(e.gain_hope, pc(k).hope_max - s.hope);
  if ((opt < 0 || opt == 3) && e.clear_armor > 0) v += 0.5 * std::min(e.clear_armor, s.armor_marked);
  return v;
}

// An `either` card's option for PC k: the one worth most (HP, Stress, Hope,
// Armor on ties); *value its worth.
template <class R, class Log>
inline int Battle<R, Log>::gift_option(const CardEffect& e, int k, int hp_from, double* value) const {
  int pick = 0;
  *value = -1.0;
  for (int opt = 0; opt < 4; ++opt) {
    const double v = gift_value(e, k, opt, hp_from);
    if (v > *value) *value = v, pick = opt;
  }
  return pick;
}

// What a heal is worth to PC k: the HP it clears, when k has at least 2 HP
// marked or is down (else nothing), plus the Stress and Hope it gives (with
// `either`, its best option).
template <class R, class Log>
inline double Battle<R, Log>::heal_value(const CardEffect& e, int k) const {
  if (k < 0) return 0.0;
  double v = 0.0;
  if (e.either)
    gift_option(e, k, 2, &v);
  else
    v = gift_value(e, k, -1, 2);
  if (e.evasion > 0 && pc_[k].evasion_bonus < e.evasion) v += 0.3;
  return v;
}

// A card's expected value on this spotlight, and its target (an adversary for
// enemy cards, a PC for ally cards; -1 for area and party cards). A
// single-target card goes at `aim` when it stands (the weapon's target, so
// both are weighed on the same foe), else where it is worth most.
template <class R, class Log>
inline double Battle<R, Log>::card_value(int i, int k, int* target, int aim) {
  const CardEffect& e = pc(i).cards[static_cast<std::size_t>(k)].def->effect;
  // What its costs are worth: paid on every use, or (pay_on_success) only
  // when the roll succeeds, so weighed by that chance. A Stress that refills
  // an empty card is paid first, whatever the roll.
  // A Copycat copy's Hope (card_hope, play_copy.hpp) is paid as the card is first played, before its roll: never
  // weighed by the roll's chance.
  const int copy = card_hope(i, k) - e.hope;
  const double cost = kHopeWorth * e.hope + kStressWorth * e.stress +
                      (e.fear > 0 ? kWorthFear * e.fear : 0.0);  // the GM's Fear too
  const int refill = pc_[i].card_uses[static_cast<std::size_t>(k)] == 0 ? e.refill_stress : 0;
  double v = -kStressWorth * refill - kHopeWorth * copy - (e.pay_on_success ? 0.0 : cost);
  const double paid = e.pay_on_success ? cost : 0.0;
  *target = -1;
  // The effects weighed by a rule of their own are tested in four runs, in
  // this order: before an enemy card's damage (here), before the roll's
  // chance, after it, and after a party card's. A card with none of them
  // (CardEffect::own_rule, cards.hpp) skips every run.
  if (e.own_rule) [[unlikely]] {
    if (e.immunity >= 0 || e.time_stop > 0) {  // Book of Yarrow's two spells (play_time.hpp)
      double worth = 0.0;
      const int spell = yarrow_pick(i, k, aim, &worth);
      *target = spell == kImmunitySpell ? i : kTimeTarget;
      return spell == 0 ? -1.0 : worth;
    }
    if (e.kill_at > 0) return v + kill_value(i, e);  // Disintegration Wave (play_spells.hpp)
    if (e.pool.fill == PoolFill::foe_hurt) return v + sigil_pick(i, k, target);  // the foe it marks (play_marks.hpp)
    if (e.split_damage) return v + split_value(i, e, paid);  // Splintering Strike (play_marks.hpp)
    if (e.dwindle) {  // Deathrun (play_strikes.hpp)
      const double worth = run_value(i, e);
      return worth < 0.0 ? -1.0 : v + worth;
    }
    if (e.banish) {  // Banish (play_strikes.hpp)
      const double worth = banish_value(i, e, target);
      return worth <= 0.0 ? -1.0 : v + worth;
    }
    if (e.throw_foe) {  // Telekinesis (play_strikes.hpp)
      const double worth = throw_value(i, e, target);
      return worth < 0.0 ? -1.0 : v + worth;
    }
  }
  if (e.target == CardTarget::enemy || e.target == CardTarget::enemies) {
    const PcWeapon& w = attack_of(i);
    const int mod = roll_mod(i, e) + (e.roll == CardRoll::spellcast ? spell_hope_bonus(i, e.hope) : 0);  // Nature's Tongue
    // An attack card's weapon damage (one with hp_marks rolls none).
    const double weapon = e.roll == CardRoll::attack && e.hp_marks == 0
                              ? pc(i).proficiency * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus +
                                    card_mean(i, e.bonus) +
                                    0.5 * card_mean(i, e.hope_bonus)  // about half of successes are with Hope
                              : 0.0;
    double p_best = 0.0;  // the best chance among the targets: a pay_on_success cost is paid if any is beaten
    auto value_on = [&](int j) __attribute__((always_inline)) {
      const int net = (adv_[j].vulnerable ? 1 : 0) - (adv_[j].hidden ? 1 : 0) + (e.advantage ? 1 : 0) +
                      (e.roll != CardRoll::none && pc_[i].fail_adv >= 0 ? 1 : 0) +
                      (e.roll != CardRoll::none && pc(i).attack_advantage && harms(e) ? 1 : 0) +  // Shadowhunter
                      (e.roll != CardRoll::none && harms(e) ? veil_adv(i, e.range) : 0);  // Veil of Night (play_dark.hpp)
      const double p = e.roll == CardRoll::none ? 1.0 : p_beats(mod - again(i, e, j), net, e.difficulty > 0 ? e.difficulty : difficulty(j));
      p_best = std::max(p_best, p);
      return p * card_on_value(i, e, j, weapon);
    };
    if (e.target == CardTarget::enemy && aim >= 0 && adv_[aim].alive) {
      *target = aim;  // the weapon's target: no other foe needs weighing
      const double on = value_on(aim);
      return v + on - p_best * paid;
    }
    double per[Encounter::kMaxAdversaries], chance[Encounter::kMaxAdversaries];
    int n = 0;
    for (int j = 0; j < n_adv_; ++j) {
      p_best = 0.0;
      per[j] = adv_[j].alive ? value_on(j) : -1.0;
      chance[j] = p_best;
      n += adv_[j].alive ? 1 : 0;
    }
    if (n == 0) return -1.0;
    if (e.target == CardTarget::enemy) {
      *target = best_by(n_adv_, [&](int j) { return per[j] >= 0.0; }, [&](int j) { return per[j] - chance[j] * paid; });
      return v + per[*target] - chance[*target] * paid;
    }
    // Every adversary it reaches: the best `area` of them.
    p_best = 0.0;
    for (int j = 0; j < n_adv_; ++j) p_best = std::max(p_best, chance[j]);
    std::sort(per, per + n_adv_, [](double a, double b) { return a > b; });
    const int reach = std::min({n, card_reach(e), hope_budget(i, e)});  // hope_each: the targets its Hope buys
    for (int q = 0; q < reach; ++q) v += per[q];
    return v - p_best * paid;
  }
  if (e.own_rule) [[unlikely]] {
    if (e.pool.fill == PoolFill::action) return v + pool_fill_value(i, k);  // Thorn Skin (play_pool.hpp)
    if (e.familiar_die > 0) {  // Natural Familiar (play_marks.hpp)
      *target = i;
      const double worth = familiar_worth(i, e);
      return worth <= 0.0 ? -1.0 : v + worth;
    }
  }
  const double p = e.roll == CardRoll::spellcast || e.roll == CardRoll::trait
                       ? p_beats(roll_mod(i, e) + (e.roll == CardRoll::spellcast ? spell_hope_bonus(i, e.hope) : 0), 0, e.difficulty)
                       : 1.0;
  v -= p * paid;  // a cost paid on a success only
  if (e.own_rule) [[unlikely]] {
    if (e.zone_die > 0) return v + p * zone_value(e);  // play_zone.hpp
    if (e.hp_per_stress > 0) {  // Salvation Beam (play_spells.hpp)
      int give[Encounter::kMaxPcs];
      double worth = 0.0;
      return beam_plan(i, e, give, &worth) == 0 ? -1.0 : v + p * worth;
    }
    if (e.darkness) return dark_from_ >= 0 ? -1.0 : v + p * dark_worth();  // Eclipse (play_spells.hpp)
    if (e.link != 0) {  // Transcendent Union, Shared Clarity (play_link.hpp)
      const double worth = link_worth(i, e);
      return worth <= 0.0 ? -1.0 : v + worth;
    }
    if (e.sprites > 0) {  // Forest Sprites (play_strikes.hpp)
      const double worth = sprites_worth(i, e);
      return worth <= 0.0 ? -1.0 : v + p * worth;
    }
    if (e.dome > 0) {  // Wild Fortress (play_mount.hpp)
      unsigned in = 0;
      const double worth = dome_plan(i, e, &in);
      return worth <= 0.0 ? -1.0 : v + p * worth;
    }
    if (e.guise()) {  // Confusing Aura, Overwhelming Aura (play_guise.hpp)
      *target = i;
      const double worth = guise_worth(i, e);
      return worth <= 0.0 ? -1.0 : v + p * worth;
    }
    if (e.cloak > 0 && e.when == CardWhen::action) {  // Dark Cloud (play_dark.hpp): an action at self
      *target = i;
      const double worth = cloud_worth(i);
      return worth <= 0.0 ? -1.0 : v + p * worth;
    }
    if (e.veil) {  // Veil of Night (play_dark.hpp)
      *target = i;
      const double worth = veil_worth(i);
      return worth <= 0.0 ? -1.0 : v + p * worth;
    }
    if (e.hold_line) {  // Hold the Line (play_dark.hpp)
      *target = i;
      const double worth = hold_worth(i);
      return worth <= 0.0 ? -1.0 : v + worth;
    }
    if (e.spectral >= 0) {  // Specter of the Dark (play_forms.hpp)
      *target = i;
      return pc_[i].spectral != 0 ? -1.0 : v + spectral_worth(i, e);
    }
    if (e.revive) {  // Resurrection (play_forms.hpp)
      *target = revive_target(i);
      return *target < 0 ? -1.0 : v + p * revive_worth(*target);
    }
    if (e.invisible) {  // Invisibility (play_party.hpp): one PC, the caster included
      *target = invisible_target(i);
      return *target < 0 ? -1.0 : v + p * unseen_worth(*target) * std::max(1, spellcast_mod(i));
    }
  }
  if (e.target == CardTarget::party || e.target == CardTarget::allies) {
    double sum = e.barrier >= 0 ? barrier_value(e) : 0.0;  // play_zone.hpp
    for (int q = 0; q < n_pc_; ++q)
      if (!pc_[q].dead && (q != i || e.target == CardTarget::party)) sum += heal_value(e, q);
    if (e.allies_advantage) sum += rally_worth(i);  // Battle Cry (play_party.hpp)
    if (e.upgrade_hope > 0) [[unlikely]] sum += upgrade_worth(i, e);  // Healing Field's 2 Hope, when paid
    return v + p * sum;
  }
  if (e.own_rule) [[unlikely]] {
    if (e.aura_armor > 0) {  // Shield Aura (play_zone.hpp)
      double worth = 0.0;
      *target = aura_target(i, k, &worth);
      return *target < 0 ? -1.0 : v + worth;
    }
    if (e.take_stress) {  // Share the Burden (play_party.hpp)
      *target = burden_target(i);
      return *target < 0 ? -1.0 : v + burden_worth(i, *target);
    }
    if (e.next_targets > 0) {  // Book of Sitil's Parallela (play_marks.hpp): one PC, the caster included
      double worth = 0.0;
      *target = twin_pick(i, e, &worth);
      return *target < 0 ? -1.0 : v + worth;
    }
    if (e.ward) {  // its HP and the death move it spares (a heal on a downed PC counts one more)
      *target = ward_target(i);
      return *target < 0 ? -1.0 : v + e.heal_hp.mean(1, 1) + 1.0;
    }
  }
  *target = e.target == CardTarget::self ? i : heal_target_of(i, k);
  if (*target < 0) return -1.0;
  // fail_heal: a failed roll still clears that much of the heal's best option.
  const double on_fail = e.fail_heal > 0 ? (1.0 - p) * fail_heal_value(e, *target) : 0.0;
  return v + p * heal_value(e, *target) + on_fail;
}

// Whether card k has anyone to act on now: a standing adversary, or a PC its
// healing or help is worth something to (tactics `do: card:NAME` asks this).
template <class R, class Log>
inline bool Battle<R, Log>::card_has_target(int i, int k) const {
  const CardEffect& e = pc(i).cards[static_cast<std::size_t>(k)].def->effect;
  switch (e.target) {
    case CardTarget::enemy:
    case CardTarget::enemies:
      if (e.kill_at > 0) [[unlikely]] {  // a foe it may kill, and the Stress to do it (play_spells.hpp)
        int picks[Encounter::kMaxAdversaries];
        double worth = 0.0;
        return kill_picks(i, e, picks, &worth) > 0;
      }
      if (e.throw_foe) [[unlikely]] return advs_up_ >= 2;  // a foe to lift and one to throw it at (play_strikes.hpp)
      return advs_up_ > 0 && hope_budget(i, e) > 0;  // hope_each: a Hope to buy a target with
    case CardTarget::self:
      if (e.spectral >= 0) return spectral_worth(i, e) > 0.0;  // play_forms.hpp
      if (e.immunity >= 0 || e.time_stop > 0)  // Book of Yarrow (play_time.hpp): a spell it can cast
        return immunity_worth(i, e) > 0.0 || (e.time_stop > 0 && time_stop_ < 0 && advs_up_ > 0);
      if (e.guise()) return guise_worth(i, e) > 0.0;  // play_guise.hpp
      if (e.cloak > 0 && e.when == CardWhen::action) return cloud_worth(i) > 0.0;  // Dark Cloud (play_dark.hpp)
      if (e.veil) return veil_worth(i) > 0.0;  // Veil of Night (play_dark.hpp)
      if (e.hold_line) return hold_worth(i) > 0.0;  // Hold the Line (play_dark.hpp)
      if (e.familiar_die > 0) return familiar_worth(i, e) > 0.0;  // play_marks.hpp
      return e.pool.fill == PoolFill::action ? pool_fill_value(i, k) > 0.0 : heal_value(e, i) > 0.0;
    case CardTarget::ally: {
      double worth = 0.0;
      if (e.aura_armor > 0) return aura_target(i, k, &worth) >= 0;
      if (e.revive) return revive_target(i) >= 0;  // play_forms.hpp
      return e.ward ? ward_target(i) >= 0 : e.take_stress ? burden_target(i) >= 0 : heal_value(e, heal_target_of(i, k)) > 0.0;
    }
    case CardTarget::creature: {
      double worth = 0.0;
      if (e.next_targets > 0) return twin_pick(i, e, &worth) >= 0;
      return heal_value(e, heal_target_of(i, k)) > 0.0;
    }
    case CardTarget::both: return false;  // a reaction's
    case CardTarget::party:
    case CardTarget::allies:
      if (e.zone_die > 0) return zone_value(e) > 0.0;
      if (e.dome > 0) {  // play_mount.hpp
        unsigned in = 0;
        return dome_plan(i, e, &in) > 0.0;
      }
      if (e.darkness) return dark_from_ < 0 && advs_up_ > 0;  // play_spells.hpp
      if (e.link != 0) return link_worth(i, e) > 0.0;  // play_link.hpp
      if (e.sprites > 0) return sprites_worth(i, e) > 0.0;  // play_strikes.hpp
      if (e.hp_per_stress > 0) {
        int give[Encounter::kMaxPcs];
        double worth = 0.0;
        return beam_plan(i, e, give, &worth) > 0;
      }
      if (e.barrier >= 0 && barrier_value(e) > 0.0) return true;
      if (e.invisible) return invisible_target(i) >= 0;
      if (e.allies_advantage && rally_worth(i) > 0.0) return true;
      for (int q = 0; q < n_pc_; ++q)
        if (!pc_[q].dead && (q != i || e.target == CardTarget::party) && heal_value(e, q) > 0.0) return true;
      return false;
  }
  return false;
}

// The weapon attack's value against adversary t, as card_value reckons it.
template <class R, class Log>
inline double Battle<R, Log>::weapon_value(int i, int t) const {
  if (t < 0) return 0.0;
  const PcWeapon& w = attack_of(i);
  const int mod = trait_of(i, w.trait) + w.attack_bonus + attack_plus(i);
  const int net = (adv_[t].vulnerable ? 1 : 0) - (adv_[t].hidden ? 1 : 0) + (pc_[i].advantage_next ? 1 : 0) +
                  (w.advantage ? 1 : 0) + (pc_[i].fail_adv >= 0 ? 1 : 0) + rally_adv(i) + veil_adv(i, w.range);
  return p_beats(mod + experience_bonus(i), net, difficulty(t)) * weapon_marks(i, t, w);
}

// What joins a weapon attack and not a card: the Experience PC i would spend
// a Hope on (0: none)...
template <class R, class Log>
inline int Battle<R, Log>::experience_bonus(int i) const {
  return pc(i).experience > 0 && hope_on_roll(i) ? pc(i).experience : 0;
}

// ... and Sneak Attack: the HP weapon w's hit of mean damage (and `plus`)
// marks on adversary t (at least a severity floor's, Onslaught, unless t is immune).
template <class R, class Log>
inline double Battle<R, Log>::weapon_marks(int i, int t, const PcWeapon& w, double plus) const {
  const double sneak = pc(i).sneak_attack_dice > 0 && sneak_ok(i) ? 3.5 * pc(i).sneak_attack_dice : 0.0;
  const double m = adv_marks(t, pc(i).proficiency * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus + sneak +
                                    pc_[i].stance_damage + pc_[i].steed + plus, w.type);
  const int floor = &w == &pc(i).beast_attack ? 0 : pc(i).hit_min_marks;
  if (floor == 0 || (adv(t).immune & type_bit(w.type))) return m;
  return std::max(m, static_cast<double>(adv(t).minion > 0 ? 1 : std::min(floor, adv_hp_left(t))));
}

// The card worth more than the weapon attack on t, with its target and its
// worth; -1 when none is (the weapon wins ties; cards tie in name order).
template <class R, class Log>
inline int Battle<R, Log>::best_card(int i, int t, int* card_target, double* value) {
  if (!opt_.cards || !pc(i).has_card_actions) return -1;
  double best = 0.0;
  int pick = -1;
  bool weighed = false;  // the weapon is weighed once a card is usable
  for (const int k : CardSet{pc(i).action_cards}) {  // card order; no other card is usable (card_usable)
    if (!card_usable(i, k)) continue;
    if (!weighed) best = weapon_value(i, t), weighed = true;
    int ct = -1;
    const double v = card_value(i, k, &ct, t);
    if (v > best) best = v, pick = k, *card_target = ct;
  }
  *value = best;
  return pick;
}

}  // namespace encsim::daggerheart
