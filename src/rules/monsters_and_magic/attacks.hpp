// Targets and attacks in a Monsters & Magic fight (Battle, battle.hpp): whom
// each attack goes to, the advantage an attack has, the attack roll with its
// result tiers and damage, and the techniques aimed at another combatant:
// grapple, distract, aid, and the thread abilities (source text 002: "Combat",
// "Basic Techniques", "Advantage & Disadvantage", "Threads of Fate").
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>
#include <bit>
#include <climits>
#include <utility>

namespace encsim::mnm {

// The enemy of `i` that `target` picks, skipping those in `skip`. Melee
// fighters keep to enemies already in reach (option stick_to_reach).
template <class R, class Log>
inline int Battle<R, Log>::select(int i, tactics::Target target, std::uint64_t skip, bool melee) {
  std::uint64_t pool = up_ & side_mask_[1 - side(i)];
  // attack_downed: a foe finishes a fallen PC it stood in reach of (any
  // fallen PC with downed_targets: any).
  if (opt_.attack_downed && side(i) == 1)
    for (int j = 0; j < enc_.n_party; ++j)
      if (f(j).pc && !st_[j].dead && !st_[j].conscious && (opt_.downed_any || in_reach(i, j)))
        pool |= std::uint64_t{1} << j;
  pool &= ~skip;
  if (!pool) return -1;
  if (opt_.stick_to_reach && melee && (pool & st_[i].reach)) pool &= st_[i].reach;
  if (f(i).styled) return aim(i, pool);
  auto in = [&](int j) { return (pool >> j) & 1u; };
  using tactics::Target;
  switch (target) {
    case Target::random: return pick_any(pool);
    case Target::focus:
      if (focus_[side(i)] >= 0 && in(focus_[side(i)])) return focus_[side(i)];
      break;
    case Target::last_attacker:
      if (st_[i].last_attacker >= 0 && in(st_[i].last_attacker)) return st_[i].last_attacker;
      break;
    case Target::highest_hp: return best_by(pool, [&](int j) { return st_[j].hp; });
    case Target::weakest: return best_by(pool, [&](int j) { return -effective_ac(j); });
    case Target::strongest: return best_by(pool, [&](int j) { return f(j).mean_damage; });
    case Target::lowest_hp: break;
  }
  return best_by(pool, [&](int j) { return -st_[j].hp; });
}

template <class R, class Log>
inline int Battle<R, Log>::pick_any(std::uint64_t pool) {
  int pick = tact_.die(std::popcount(pool)) - 1;
  for (std::uint64_t m = pool; m; m &= m - 1)
    if (pick-- == 0) return std::countr_zero(m);
  return -1;
}

// The style's target among `pool` (docs "Play styles"): never the order
// listed, ties at random from the tactics stream (or the first listed with
// `target_ties: first`).
template <class R, class Log>
inline int Battle<R, Log>::aim(int i, std::uint64_t pool) {
  // One enemy to choose from (a melee fighter with one foe in reach): no
  // score to work out and no tie to break (spread still rolls its die).
  if ((pool & (pool - 1)) == 0 && style(i).aim != Aim::spread) return std::countr_zero(pool);
  switch (style(i).aim) {
    case Aim::spread: return pick_any(pool);
    case Aim::lowest_hp: return best_by(pool, [&](int j) { return -st_[j].hp; });
    case Aim::threat: break;
  }
  const Attacker weapon = attacker(i, nullptr);
  const Attacker cantrip = f(i).cantrip.present ? attacker(i, &f(i).cantrip) : weapon;  // read only if present
  return best_by(pool, [&](int j) {
    return std::pair{aim_score(weapon, cantrip, j), -(st_[j].hp + st_[j].temp_hp)};
  });
}

// The danger `j` poses, times the share of what stands between it and
// falling that one Strike of `i` is expected to take away (at most all of
// it): the enemy whose fall soonest ends the most danger scores highest, a
// nearly fallen one in particular. A fallen PC that attack_downed allows
// comes first, as lowest_hp would take it.
// `weapon`, `cantrip`: attacker(i, ...) of its weapon and its cantrip (if any).
template <class R, class Log>
inline double Battle<R, Log>::aim_score(const Attacker& weapon, const Attacker& cantrip, int j) const {
  const int i = weapon.a;
  const int left = st_[j].hp + st_[j].temp_hp;
  if (st_[j].hp == 0) return 1e300;
  double e = expected_attack(weapon, j) * f(i).multiattack;
  if (f(i).cantrip.present) e = std::max(e, expected_attack(cantrip, j));
  return f(j).threat * std::min(1.0, e / left);
}

// The member of `pool` with the highest score; ties at random from the
// tactics stream (reservoir sampling), or the first listed with
// `target_ties: first`. With `need`, only scores whose first part is at
// least `need` count (-1 when none does).
template <class R, class Log>
template <class Score>
inline int Battle<R, Log>::best_by(std::uint64_t pool, const Score& score, int need) {
  int best = -1, ties = 0;
  decltype(score(0)) best_score{};
  for (std::uint64_t m = pool; m; m &= m - 1) {
    const int j = std::countr_zero(m);
    const auto sc = score(j);
    if constexpr (requires { sc.first; }) {
      if (need != INT_MIN && sc.first < need) continue;
    }
    if (best < 0 || sc > best_score) {
      best = j;
      best_score = sc;
      ties = 1;
    } else if (sc == best_score && opt_.random_target_ties && tact_.die(++ties) == 1) {
      best = j;
    }
  }
  return best;
}

// "Advantage & Disadvantage": sources of each kind count once, and one of
// each cancels (option advantage_sources: sum lets the count decide).
template <class R, class Log>
inline int Battle<R, Log>::attack_advantage(int a, int t, bool melee) const {
  int up = 0, down = 0;
  own_advantage(a, up, down);
  target_advantage(a, t, melee, up, down);
  return advantage_of(up, down);
}

// The attacker's own sources, whoever it attacks.
template <class R, class Log>
inline void Battle<R, Log>::own_advantage(int a, int& up, int& down) const {
  const Fighter& fa = f(a);
  up += fa.advantage > 0;
  down += fa.advantage < 0;
  if (has(a, kProne)) ++down;
  if (has(a, kBlinded)) ++down;
  if (has(a, kInvisible)) ++up;
}

template <class R, class Log>
inline void Battle<R, Log>::target_advantage(int a, int t, bool melee, int& up, int& down) const {
  // Prone: advantage from within touch range (a ranged attacker in reach too).
  if (has(t, kProne)) ++(melee || in_reach(a, t) ? up : down);
  if (has(t, kBlinded)) ++up;
  if (has(t, kInvisible)) ++down;
  if (dodging(t)) ++down;
  if (has(t, kExposed)) ++up;
}

// "Attacking & Dealing Damage": a weak hit deals half (minimum 1), a strong
// hit full, a critical double; Strike may deal 2 fatigue instead.
// `sp`: a spell attack ("+SPELL for spell attacks") with its own dice and no
// ability added to its damage; null for the weapon.
template <class R, class Log>
inline void Battle<R, Log>::attack(int a, int t, bool fatigue_mode, const Spell* sp) {
  const Fighter& fa = f(a);
  const bool melee = sp ? !sp->ranged : !fa.ranged;
  const Dice& damage = sp ? sp->damage : fa.damage;
  const int damage_bonus = sp ? 0 : fa.damage_bonus;
  const TypeMask types = sp ? sp->types : fa.types;
  const int inflicts = sp ? sp->inflicts : fa.inflicts;
  const Tier inflicts_on = sp ? sp->inflicts_on : fa.inflicts_on;
  ++rec(a).attacks;
  st_[t].last_attacker = a;
  if (melee && st_[t].conscious) reach_each_other(a, t);
  const int adv = attack_advantage(a, t, melee);
  if (has(t, kExposed)) clear_cond(t, kExposed);  // used by this attack
  const int bonus = (sp ? fa.spell_bonus : fa.attack_bonus) + check_mod(a) + (has(a, kEmpowered) ? 2 : 0) + take_forward(a) -
                    (f(t).partial_cover ? 2 : 0);
  Roll r = make_roll(bonus, adv, 0);
  ENCSIM_SAY(log_, "%s %s %s%s: d20 %d %+d = %d, %s", name(a), sp ? "casts at" : "strikes", name(t),
             adv > 0 ? " with advantage" : adv < 0 ? " with disadvantage" : "", r.natural, bonus, r.total,
             tier_name(r.tier));
  note_natural(a, r.natural);
  if (fa.pc && side(t) == 1) gm_reroll_pc(a, r, bonus, adv);
  if (fa.pc && opt_.pc_thread_attacks != ThreadAttackPolicy::never)
    rescue_own(a, r, opt_.pc_thread_attacks == ThreadAttackPolicy::misses_and_weak, opt_.pc_thread_reserve);
  if (side(a) == 1 && !fa.pc && opt_.gm_reroll && r.tier <= kMiss && gm_threads_ > enc_.gm_keep) {
    gm_spend(1);
    ++rec_.resources[kGmRerolls];
    const Roll again = make_roll(bonus, adv, 0);
    ENCSIM_SAY(log_, "  the GM spends a thread to reroll: d20 %d %+d = %d, %s", again.natural, bonus, again.total,
               tier_name(again.tier));
    note_natural(a, again.natural);
    if (again.tier > r.tier) r = again;
  }
  if (f(t).pc) rescue_against(t, r, fatigue_mode ? 1000 : damage.max() + damage_bonus);
  const Tier tier = step_tier(r.tier, fa.step);
  if (tier != r.tier) ENCSIM_SAY(log_, "  %+d step: %s", fa.step, tier_name(tier));
  const int base = side(a) == 0 ? kPartyWeakHits : kFoesWeakHits;
  if (tier <= kMiss) {
    ++rec_.resources[base + 3];
    return;
  }
  ++rec(a).hits;
  ++rec_.resources[base + (tier - kWeak)];
  if (tier == kCrit) ++rec(a).crits;
  if (tier == kWeak) ++rec(a).extra[kExtraWeakHits];
  if (tier == kStrong) ++rec(a).extra[kExtraStrongHits];
  if (fatigue_mode) {
    const int amount = tier == kWeak ? 1 : tier == kStrong ? 2 : 4;
    ENCSIM_SAY(log_, "  %s inflicts %d fatigue", name(a), amount);
    mark_fatigue(t, amount, a);  // fatigue is not damage: no retaliation
  } else {
    const int rolled = damage.roll(dice_) + damage_bonus;
    const int raw = tier == kWeak ? std::max(1, rolled / 2) : tier == kCrit ? 2 * rolled : rolled;
    if (!sp || damage.max() > 0) deal(a, t, raw, types, tier == kWeak);
  }
  if (inflicts >= 0 && tier >= inflicts_on && !st_[t].dead) {
    const bool held = sp && sp->concentrate;  // lasts while the caster concentrates
    const bool fresh = !has(t, inflicts);
    apply_cond(a, t, inflicts, types, -1, held);
    if (held && fresh && has(t, inflicts)) {
      st_[a].conc_target = t;
      st_[a].conc_cond = inflicts;
    }
  }
}

// Grapple: mark 1 fatigue; the target saves with power against 10 + your
// power: restrained until freed on a miss, for the default duration on a weak hit.
template <class R, class Log>
inline void Battle<R, Log>::grapple(int i, int t) {
  spend(i, 2);
  ENCSIM_SAY(log_, "%s grapples %s (marks 1 fatigue)", name(i), name(t));
  mark_fatigue(i, 1, -1);
  if (!st_[i].conscious) return;
  const Roll r = save(i, t, kPower, 10 + f(i).ability[kPower], 0);
  if (r.tier >= kStrong) return;
  const bool was = has(t, kRestrained);
  apply_cond(i, t, kRestrained, 0, -1, r.tier <= kMiss);  // a miss: until freed
  if (!was && has(t, kRestrained)) st_[t].restrained_by = i;
}

// Distract: mark 1 fatigue, a cunning roll: sundered until the start of
// your next turn; on a strong hit the next attack against it has advantage.
template <class R, class Log>
inline void Battle<R, Log>::distract(int i, int t) {
  spend(i, 2);
  ENCSIM_SAY(log_, "%s distracts %s (marks 1 fatigue)", name(i), name(t));
  mark_fatigue(i, 1, -1);
  if (!st_[i].conscious) return;
  const int bonus = f(i).ability[kCunning] + check_mod(i) + take_forward(i);
  Roll r = make_roll(bonus, 0, 0);
  ENCSIM_SAY(log_, "  cunning roll d20 %d %+d = %d, %s", r.natural, bonus, r.total, tier_name(r.tier));
  note_natural(i, r.natural);
  if (f(i).pc && opt_.pc_thread_attacks != ThreadAttackPolicy::never)
    rescue_own(i, r, opt_.pc_thread_attacks == ThreadAttackPolicy::misses_and_weak, opt_.pc_thread_reserve);
  if (r.tier < kWeak) return;
  apply_cond(i, t, kSundered, 0, i);
  if (r.tier >= kStrong) apply_cond(i, t, kExposed, 0, i);
}

// Aid: fatigue recovered equal to your bond; +1 AP to reach an unconscious
// creature or stabilise a dying one. Once per fight per creature.
template <class R, class Log>
inline void Battle<R, Log>::aid(int i, int t) {
  State& s = st_[t];
  spend(i, s.conscious ? 2 : 3);
  s.aided = true;
  if (s.dying) {
    stabilise(t);
    ENCSIM_SAY(log_, "%s aids %s: stabilised", name(i), name(t));
    return;
  }
  s.fatigue = std::max(0, s.fatigue - f(i).bond);
  ENCSIM_SAY(log_, "%s aids %s: fatigue %d", name(i), name(t), s.fatigue);
  if (!s.conscious && s.hp > 0 && f(t).pc) {
    wake(t);
    ENCSIM_SAY(log_, "  %s wakes", name(t));
  }
}

// A monster's thread powered ability: each target saves; full damage and
// the condition on a miss, half on a weak hit.
template <class R, class Log>
inline void Battle<R, Log>::thread_ability(int i, tactics::Target target) {
  const ThreadAbility& ta = f(i).thread_ability;
  spend(i, ta.ap);
  gm_spend(ta.cost);
  if (st_[i].acting >= 0) feat(st_[i].acting).spent += ta.cost;
  ++rec_.resources[kGmThreadAbilities];
  ++st_[i].ability_uses;
  const int rolled = ta.damage.roll(dice_);
  ENCSIM_SAY(log_, "The GM spends %d thread(s): %s uses %s (%d damage, DC %d)", ta.cost, name(i), ta.name.c_str(),
             rolled, ta.dc);
  const bool harms = ta.damage.max() > 0, area = ta.targets > 1;
  std::uint64_t hit = 0;
  for (int k = 0; k < ta.targets; ++k) {
    const int t = select(i, target, hit, false);
    if (t < 0) break;
    hit |= std::uint64_t{1} << t;
    const Roll r = save(i, t, ta.save, ta.dc, 0);
    // With damage, an attack on each target: a failed save is a hit (a weak one halves the damage).
    if (harms) rec(i).aimed(area);
    if (harms && r.tier <= kMiss) rec(i).struck(area, false);
    if (r.tier >= kStrong) continue;
    const int dmg = r.tier == kWeak ? std::max(1, rolled / 2) : rolled;
    if (rolled > 0) deal(i, t, dmg, ta.types, false);
    if (r.tier <= kMiss && ta.condition >= 0 && !st_[t].dead) apply_cond(i, t, ta.condition, ta.types);
  }
}

}  // namespace encsim::mnm
