// Reactions around an adversary's attack on a PC (cards.hpp, `trigger:
// attacked`): once the attack roll is known to hit, a PC may raise its Evasion
// against this attack (`evade`), make the attacker roll again
// (`reroll_attack`) or interrupt a magic attack with a reaction roll
// (`counter_magic`), for itself or (`target: party`) for an ally; and the
// `damaged` reactions, as a hit would mark HP (card_damaged). Included at
// the end of battle.hpp; not meant to be included on its own.
// docs/rules/daggerheart.md, "Domain cards", records the policy.
#pragma once

#include <algorithm>
#include <cstdint>

namespace encsim::daggerheart {

// The chance `d` (count d sides + flat) rolls at least `need`.
inline double p_at_least(const CardDice& d, int count, int need) {
  if (need <= d.flat + count) return 1.0;
  if (need > d.flat + count * d.sides) return 0.0;
  double ways[64] = {1.0};  // ways[s]: the chance the dice so far sum to s
  int top = 0;
  for (int q = 0; q < count; ++q) {
    double next[64] = {};
    for (int s = 0; s <= top; ++s)
      for (int f = 1; f <= d.sides && s + f < 64; ++f) next[s + f] += ways[s] / d.sides;
    top = std::min(63, top + d.sides);
    std::copy(next, next + 64, ways);
  }
  double p = 0.0;
  for (int s = std::max(0, need - d.flat); s <= top; ++s) p += ways[s];
  return p;
}

// What keeping this hit off PC t is worth, in HP: the HP its mean damage
// `mean` marks by t's thresholds (an Armor Slot, when one is free and the
// damage is not direct, takes one off and is worth kArmorWorth), and one more
// when those marks would take t down.
template <class R, class Log>
inline double Battle<R, Log>::hit_worth(int t, double mean, bool direct) const {
  const int marks = severity(static_cast<int>(mean + 0.5), major_of(t), severe_of(t));
  if (marks <= 0) return 0.0;
  const bool armor = !direct && armor_free(t);
  const int taken = armor ? marks - 1 : marks;
  return (armor ? taken + kArmorWorth : taken) + (taken >= hp_left(t) ? 1.0 : 0.0);
}

// `attacked` reactions on an attack roll `*nat` (+bonus) that hits PC t
// (Evasion `ev`; rolled with advantage or disadvantage; `mean` the damage's mean, `crit_add` what a critical adds),
// from t and from every standing PC that protects its allies.
// Each round of the loop plays the one reaction worth most (the chance it
// turns the hit into a miss times hit_worth, less its costs; PC then name
// order on ties) while one is worth more than nothing; a reaction with
// limited uses waits for a hit worth 2 HP or more. An Evasion bonus is rolled
// and kept for this attack; a reroll replaces *nat. A counter_magic card
// answers only an attack of `type` magic; its chance is its reaction roll's
// (counter_roll), a critical's hit included. Returns whether it still hits.
template <class R, class Log>
inline bool Battle<R, Log>::card_attacked(int t, int j, int bonus, int ev, bool adv_roll, bool dis_roll, int* nat,
                                          double mean, double crit_add, bool direct, DamageType type) {
  const bool melee = adv(j).range == Range::melee;  // the attacker's standard attack: where it fights from
  const double worth_base = hit_worth(t, mean, direct);
  std::uint32_t used[Encounter::kMaxPcs] = {};  // each reaction once per attack
  for (;;) {
    const bool crit = *nat == 20;
    const double worth = crit ? hit_worth(t, mean + crit_add, direct) : worth_base;
    int best_w = -1, best_k = -1;
    double best = 0.0;
    for (int w = 0; w < n_pc_; ++w) {
      if (!standing(w) || !(w == t ? pc(w).has_attacked_reactions : pc(w).protects_allies)) continue;
      const Pc& p = pc(w);
      const PcState& s = pc_[w];
      for (const int k : CardSet{cards_on(w, CardTrigger::attacked)}) {
        const CardEffect& e = p.cards[static_cast<std::size_t>(k)].def->effect;
        const std::int8_t uses = s.card_uses[static_cast<std::size_t>(k)];
        if (!card_payable(w, k, CardTrigger::attacked, 0) || (w != t && e.target != CardTarget::party) ||
            (used[w] >> k & 1u) || (e.hit_if == HitIf::melee && !melee) || (e.hit_if == HitIf::ranged && melee))
          continue;
        if (uses > 0 && worth < 2.0) continue;
        double p_miss = 0.0;
        if (e.counter_magic) [[unlikely]] {
          if (type != DamageType::magic) continue;
          p_miss = p_beats(spellcast_mod(w), 0, difficulty(j));  // 2d12 + Spellcast, matching dice succeed
        } else if (e.fail_attack) {
          p_miss = 1.0;  // Bone-Touched: the attack fails, a critical too
        } else if (e.reroll_attack) {
          const int below = std::clamp(ev - bonus - 1, 0, 19);  // naturals that miss
          const double one = below / 20.0;
          p_miss = adv_roll ? one * one : dis_roll ? 1.0 - (1.0 - one) * (1.0 - one) : one;
        } else if (!crit) {
          p_miss = p_at_least(e.evade, e.evade.dice(p.proficiency, spellcast_mod(w)), *nat + bonus - ev + 1);
        }
        const double v = p_miss * worth - kHopeWorth * card_hope(w, k) - kStressWorth * e.stress - kArmorWorth * e.armor;
        if (p_miss > 0.0 && v > best) best = v, best_w = w, best_k = k;
      }
    }
    if (best_w < 0) return true;
    used[best_w] |= 1u << best_k;
    const PcCard& c = pc(best_w).cards[static_cast<std::size_t>(best_k)];
    const CardEffect& e = c.def->effect;
    if (e.counter_magic) [[unlikely]] {
      if (counter_roll(best_w, best_k, t, j)) return false;
      continue;  // the roll failed: the use is kept, another reaction may still answer
    }
    pay_card(best_w, best_k);
    if (e.fail_attack) {
      ++feat(c.feat).conditions;
      ENCSIM_SAY(log_, "  %s plays %s: the attack fails", pname(best_w), c.def->name.c_str());
      return false;
    }
    if (e.reroll_attack) {
      *nat = roll_d20(adv_roll, dis_roll);
      ENCSIM_SAY(log_, "  %s plays %s: the attack is rolled again: d20 %d", pname(best_w), c.def->name.c_str(), *nat);
    } else {
      const int add = roll_card_dice(best_w, e.evade, false);
      ev += add;
      ENCSIM_SAY(log_, "  %s plays %s: +%d Evasion against this attack (%d)", pname(best_w), c.def->name.c_str(), add, ev);
    }
    if (*nat != 20 && *nat + bonus < ev) {
      ENCSIM_SAY(log_, "  the attack misses %s", pname(t));
      return false;
    }
  }
}

// PC w plays its counter_magic card k against adversary j's magic attack
// that hits PC t: a reaction roll, 2d12 + w's Spellcast trait against j's
// Difficulty as it stands (matching dice succeed; no Hope, no Fear, no
// spotlight). On a success the attack stops for every target it has left
// (countered_), and the card's use is spent (pay_card); a failure spends
// nothing. features.csv: `uses` the rolls, `conditions` the attacks stopped.
template <class R, class Log>
inline bool Battle<R, Log>::counter_roll(int w, int k, int t, int j) {
  const PcCard& c = pc(w).cards[static_cast<std::size_t>(k)];
  ++feat(c.feat).uses;
  if (pc_[w].copy_state == kCopyReady && k == pc(w).copy_card) [[unlikely]] pay_copy(w, k);  // before the roll (play_copy.hpp)
  const int dc = difficulty(j);
  const ReactionRoll roll = reaction_roll(spellcast_mod(w), dc);
  ENCSIM_SAY(log_, "  %s plays %s against %s's magic on %s: reaction roll %d (Spellcast) vs %d: %s", pname(w),
             c.def->name.c_str(), aname(j), pname(t), roll.total, dc, roll.ok ? "success: the attack stops" : "failure");
  (void)t;
  if (!roll.ok) return false;
  pay_card(w, k, false);
  ++feat(c.feat).conditions;
  countered_ = true;
  return true;
}

// On the Brink (`passive: {no_minor: N}`): a hit of Minor severity (after
// the reactions and Armor Slot that lowered it) marks nothing while PC i has
// at most N HP unmarked. Counts the HP spared as the card's `healed`.
template <class R, class Log>
inline bool Battle<R, Log>::on_the_brink(int i, int marks) {
  if (marks != 1 || hp_left(i) > pc(i).no_minor_hp) return false;
  FeatureRecord& f = feat(pc(i).feat_no_minor);
  ++f.uses;
  ++f.healed;
  ENCSIM_SAY(log_, "  %s is on the brink (%d HP left): Minor damage marks nothing", pname(i), hp_left(i));
  return true;
}

// Unyielding Armor (`passive: {keep_armor: 6}`): as PC i would mark an Armor
// Slot, Proficiency d6s; any at or above the face lowers the hit a threshold
// with no slot marked. Counts each slot kept as a use of the card.
template <class R, class Log>
inline bool Battle<R, Log>::armor_holds(int i) {
  const int n = std::max(1, pc(i).proficiency);
  int best = 0;
  for (int q = 0; q < n; ++q) best = std::max(best, dice_.die(6));
  const bool held = best >= pc(i).keep_armor;
  if (held) ++feat(pc(i).feat_keep_armor).uses;
  ENCSIM_SAY(log_, "  %s's armor: %dd6, best %d%s", pname(i), n, best,
             held ? ": it holds, no Armor Slot marked" : ": an Armor Slot is marked");
  return held;
}

// Unshakable (`passive: {keep_stress: 6}`): each of the n Stress PC i would
// mark (a cost, an adversary's effect, a hit) rolls a d6 first; at or above
// the face that Stress is not marked. Returns the Stress left to mark; each
// kept is a use of the feature and counts as `healed`.
template <class R, class Log>
inline int Battle<R, Log>::shake_stress(int i, int n) {
  int left = n;
  for (int q = 0; q < n; ++q) {
    const int d = dice_.die(6);
    if (d < pc(i).keep_stress) continue;
    --left;
    const PcCard& c = pc(i).cards[static_cast<std::size_t>(pc(i).keep_stress_card)];
    FeatureRecord& f = feat(c.feat);
    ++f.uses;
    ++f.healed;
    ENCSIM_SAY(log_, "  %s: d6 %d: %s does not mark a Stress", c.def->name.c_str(), d, pname(i));
  }
  return left;
}

// `reaction_roll` reactions (Quick Reactions): before PC t's reaction roll
// against adversary j's effect e (damage `dmg`, already rolled; Difficulty
// dc), a card gives it advantage (a d6 added). Our policy, by the value rule:
// the chance the advantage turns a failure into a success (p_beats, the die
// counted as +3) times what the failure costs (the hit's HP by hit_cost, less
// the half a success still deals; a quarter HP per Stress it makes the PC
// mark; half an HP for each condition) must beat the card's cost; never the
// last Stress slot. The first such card in name order. Returns 1 when played.
template <class R, class Log>
inline int Battle<R, Log>::reaction_advantage(int t, int j, const Effect& e, int dmg, int dc) {
  const Pc& p = pc(t);
  const int mod = trait_of(t, e.trait);
  double loss = kStressWorth * e.target_stress + 0.5 * ((e.vulnerable ? 1 : 0) + (e.restrained ? 1 : 0));
  if (dmg > 0) {
    loss += hit_cost(t, dmg, e.type, e.direct, 0, false);
    if (e.half_on_success) loss -= hit_cost(t, dmg / 2, e.type, e.direct, 0, false);
  }
  const double gain = (p_beats(mod, 1, dc) - p_beats(mod, 0, dc)) * loss;
  for (const int k : CardSet{cards_on(t, CardTrigger::reaction_roll)}) {
    const CardEffect& c = p.cards[static_cast<std::size_t>(k)].def->effect;
    const int keep = hope_keep(t, c.hope);
    if (!card_payable(t, k, CardTrigger::reaction_roll, keep) || (c.stress > 0 && c.stress >= stress_room(t, c.stress)))
      continue;
    if (gain <= kHopeWorth * card_hope(t, k) + kStressWorth * c.stress) return 0;
    pay_card(t, k);
    ENCSIM_SAY(log_, "  %s plays %s: advantage on the reaction roll against %s", pname(t),
               p.cards[static_cast<std::size_t>(k)].def->name.c_str(), aname(j));
    return 1;
  }
  return 0;
}

// `armor` reactions (Brace): as PC i marks an Armor Slot against a hit that
// still marks `marks` HP after it, the one that saves the most HP after its
// costs (a Stress a quarter, an Armor Slot a half), when that is more than
// nothing (name order on ties). Costs are paid here. Returns the HP to mark.
template <class R, class Log>
inline int Battle<R, Log>::card_armor(int i, int marks) {
  const Pc& p = pc(i);
  int pick = -1;
  double best = 0.0;
  for (const int k : CardSet{cards_on(i, CardTrigger::armor)}) {
    const CardEffect& e = p.cards[static_cast<std::size_t>(k)].def->effect;
    if (!card_payable(i, k, CardTrigger::armor, 0)) continue;
    const double saved = std::min(marks, e.downgrade) - kHopeWorth * card_hope(i, k) - kStressWorth * e.stress - kArmorWorth * e.armor;
    if (saved > best) best = saved, pick = k;
  }
  if (pick < 0) return marks;
  const PcCard& c = p.cards[static_cast<std::size_t>(pick)];
  pay_card(i, pick);
  const int after = std::max(0, marks - c.def->effect.downgrade);
  ENCSIM_SAY(log_, "  %s plays %s: %d HP become %d", pname(i), c.def->name.c_str(), marks, after);
  feat(c.feat).healed += marks - after;
  return after;
}

// `dying` reactions (Battle-Hardened, Unbreakable): as PC i would make a
// death move, one it can pay clears its HP instead: staying up is worth more
// than any cost, so one is always played, the class feature's Hope reserve
// notwithstanding; of several, the one whose mean HP cleared less its costs
// (a Hope half an HP, a Stress a quarter) is most (name order on ties).
// Returns true when the PC stays up.
template <class R, class Log>
inline bool Battle<R, Log>::card_dying(int i) {
  const Pc& p = pc(i);
  if (pc_[i].hp_marked == 0) return false;
  int pick = -1;
  double best = 0.0;
  for (const int k : CardSet{cards_on(i, CardTrigger::dying)}) {
    if (!card_payable(i, k, CardTrigger::dying, 0)) continue;
    const CardEffect& e = p.cards[static_cast<std::size_t>(k)].def->effect;
    const double v = e.heal_hp.mean(1, 1) - kHopeWorth * card_hope(i, k) - kStressWorth * e.stress - kArmorWorth * e.armor;
    if (pick < 0 || v > best) best = v, pick = k;
  }
  if (pick < 0) return false;
  const PcCard& c = p.cards[static_cast<std::size_t>(pick)];
  ENCSIM_SAY(log_, "  %s plays %s instead of a death move", pname(i), c.def->name.c_str());
  pay_card(i, pick);
  card_for_pc(i, c, i);
  return true;
}

// A sigil (Life Ward) on PC i as it would make a death move: it clears the
// card's `heal_hp` HP instead (counted on the caster's row as `healed`) and
// the sigil ends. Returns true when the PC stays up.
template <class R, class Log>
inline bool Battle<R, Log>::warded(int i) {
  PcState& s = pc_[i];
  const PcCard& c = pc(s.ward_from).cards[static_cast<std::size_t>(s.ward_card)];
  s.ward_card = -1;
  if (s.hp_marked == 0) return false;
  const int n = std::min(roll_card_dice(s.ward_from, c.def->effect.heal_hp, false), s.hp_marked);
  feat(c.feat).healed += n;
  clear_hp(i, n);
  ENCSIM_SAY(log_, "  %s's %s holds: %s clears %d HP instead of a death move", pname(s.ward_from), c.def->name.c_str(),
             pname(i), n);
  return true;
}

// `struck` reactions (Revenge, Elemental Dominion: Water): once adversary j's
// attack on PC t has succeeded (before its damage), each of t's whose
// condition holds (hit_if: the attacker's range; only_while) makes j mark its
// `hp_marks` HP outright and takes its conditions (vulnerable ...), in name
// order, when those HP (no more than j has left; a Minion's 1) and conditions
// (conditions_value: Vulnerable a half) are worth more than the costs (a Stress a quarter, a Hope a half, the class feature's Hope
// reserve kept). Costs are paid here.
template <class R, class Log>
inline void Battle<R, Log>::card_struck(int t, int j) {
  const Pc& p = pc(t);
  const bool melee = adv(j).range == Range::melee;
  for (int k = 0; k < static_cast<int>(p.cards.size()) && adv_[j].alive && standing(t); ++k) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardEffect& e = c.def->effect;
    const int keep = hope_keep(t, e.hope);
    if (!card_payable(t, k, CardTrigger::struck, keep) || (e.hit_if == HitIf::melee && !melee) ||
        (e.hit_if == HitIf::ranged && melee))
      continue;
    const double marks = e.hp_marks == 0 ? 0.0 : adv(j).minion > 0 ? 1.0 : std::min(e.hp_marks, adv_hp_left(j));
    const double gain = marks + conditions_value(t, e, j);  // Vulnerable a half (Elemental Dominion: Water)
    if (gain <= kHopeWorth * card_hope(t, k) + kStressWorth * e.stress + kArmorWorth * e.armor) continue;
    if (e.hp_marks > 0)
      ENCSIM_SAY(log_, "  %s plays %s: %s marks %d HP", pname(t), c.def->name.c_str(), aname(j), e.hp_marks);
    else
      ENCSIM_SAY(log_, "  %s plays %s against %s", pname(t), c.def->name.c_str(), aname(j));
    pay_card(t, k);
    if (e.hp_marks > 0) force_marks(t, j, e.hp_marks, c.feat);
    card_conditions(t, c, j);  // vulnerable, restrained, target_stress
  }
}

// What a hit of `dmg` (of `type`) costs PC i, in HP: the HP it marks by i's
// thresholds (resistance and immunity counted), lowered `down` thresholds,
// after the Armor Slots i would mark (its armor policy's one, or with
// `all_armor` one per HP while any is free; none against direct damage), each
// slot worth kArmorWorth; and one more when those HP would take i down (*hp:
// the HP it marks). The
// PC's own reactions, Unstoppable and On the Brink are not foreseen.
template <class R, class Log>
inline double Battle<R, Log>::hit_cost(int i, int dmg, DamageType type, bool direct, int down, bool all_armor,
                                       int* hp) const {
  const Pc& p = pc(i);
  if ((p.immune | pc_[i].spectral | pc_[i].immunity) & type_bit(type)) return 0.0;  // Spectral, Magic Immunity too
  if ((p.resist | (pc_[i].beast ? p.beast_resist : 0)) & type_bit(type)) dmg /= 2;
  const int marks = std::max(0, severity(dmg, major_of(i), severe_of(i)) - down);
  if (marks == 0) return 0.0;
  int slots = 0;
  if (!direct && armor_free(i))
    slots = all_armor ? std::min(marks, p.armor_slots - pc_[i].armor_marked) : armor_policy_uses(i, marks) ? 1 : 0;
  const int taken = marks - slots;
  if (hp) *hp = taken;
  return taken + kArmorWorth * slots + (taken > 0 && taken >= hp_left(i) ? 1.0 : 0.0);
}

// `ally_damaged` reactions: adversary j's attack has hit PC t and rolled
// `dmg`. Every other standing PC's reaction it can pay (Stress, Armor Slots;
// `ally_hp`: t has at most that many HP unmarked) is weighed by what it
// spares, in HP: a take_hit card t's hit_cost less what the same hit costs
// its PC (all_armor: one Armor Slot per HP), a downgrade t's hit_cost less the
// lowered hit's; less its costs (a Stress a quarter, an Armor Slot a half).
// The one worth most (PC then name order on ties) is played when worth more
// than nothing: one per hit. Returns who takes the damage (t, or the card's
// PC); *down, *all_armor and *whole say how (pc_damage.hpp damage_pc, adversaries.hpp).
template <class R, class Log>
inline int Battle<R, Log>::card_ally_damaged(int t, int dmg, DamageType type, bool direct, int* down, bool* all_armor,
                                             bool* whole) {
  int spared = 0;  // the HP t would mark
  const double base = hit_cost(t, dmg, type, direct, 0, false, &spared);
  if (base <= 0.0) return t;
  int best_w = -1, best_k = -1;
  double best = 0.0;
  for (int w = 0; w < n_pc_; ++w) {
    if (w == t || !standing(w) || !pc(w).guards_allies) continue;
    const Pc& p = pc(w);
    for (const int k : CardSet{cards_on(w, CardTrigger::ally_damaged) | cards_on(w, CardTrigger::damaged)}) {
      const CardEffect& e = p.cards[static_cast<std::size_t>(k)].def->effect;
      // The hit's tests before the costs' (each a pure test: the order changes no pick).
      if ((e.ally_hp > 0 && hp_left(t) > e.ally_hp) || spared < e.ally_marks) continue;  // ally_marks: Defender
      if (!card_payable(w, k, CardTrigger::ally_damaged, 0) &&
          !(e.guard_ally && spared >= e.at_least && card_payable(w, k, CardTrigger::damaged, 0)))  // Arcane Deflection
        continue;
      const double after = e.take_hit ? hit_cost(w, dmg, type, direct, 0, e.all_armor)
                                      : hit_cost(t, dmg, type, direct, e.downgrade, false);
      // A slot marked for the ally is one the PC's own next hits cannot use: an HP of its own (guard_slot_worth).
      const double v = base - after - kHopeWorth * card_hope(w, k) - kStressWorth * e.stress - opt_.guard_slot_worth * e.armor;
      if (v > best) best = v, best_w = w, best_k = k;
    }
  }
  if (best_w < 0) return t;
  const PcCard& c = pc(best_w).cards[static_cast<std::size_t>(best_k)];
  const CardEffect& e = c.def->effect;
  pay_card(best_w, best_k);
  if (!e.take_hit) {
    *down = e.downgrade;
    ++feat(c.feat).healed;  // the hit marks an HP (or an Armor Slot) fewer on the ally
    ENCSIM_SAY(log_, "  %s plays %s: %s's hit is %d threshold(s) lower", pname(best_w), c.def->name.c_str(), pname(t),
               e.downgrade);
    return t;
  }
  *all_armor = e.all_armor;
  *whole = e.whole;
  feat(c.feat).healed += spared;  // the HP the ally would have marked
  ENCSIM_SAY(log_, "  %s plays %s: takes the hit meant for %s%s", pname(best_w), c.def->name.c_str(), pname(t),
             e.whole ? " (the attack's target now)" : "");
  return best_w;
}

// `damaged` reactions: before a hit marks `marks` HP on PC i (dmg its damage),
// the card that saves the most HP by expectation, if the hit would mark at
// least its `at_least` (name order on ties); `hit_if: melee` / `ranged` only
// when the adversary dealing it (`from`, -1 none) fights in Melee range / beyond
// it (Scramble). Returns the HP to mark.
template <class R, class Log>
inline int Battle<R, Log>::card_damaged(int i, int& dmg, int marks, DamageType type, int from) {
  const Pc& p = pc(i);
  int pick = -1;
  double best = 0.0;
  for (const int k : CardSet{cards_on(i, CardTrigger::damaged)}) {
    const CardEffect& e = p.cards[static_cast<std::size_t>(k)].def->effect;
    // The hit's tests before the costs' (each a pure test: the order changes no pick).
    if (e.reflect > 0 || marks < e.at_least || marks > e.at_most || (e.against >= 0 && e.against != static_cast<int>(type)))
      continue;
    if (e.hit_if != HitIf::any && (from < 0 || (adv(from).range == Range::melee) != (e.hit_if == HitIf::melee))) continue;
    if (!card_payable(i, k, CardTrigger::damaged, 0)) continue;
    const bool halve = e.halve || e.shell >= 0;  // a shell (Retract) resists the hit: halved, unless already resisted
    if (e.shell >= 0 && resisted(i, type, from)) [[unlikely]] continue;
    const double cut = halve ? dmg - dmg / 2 : e.reduce.mean(p.proficiency, spellcast_mod(i));
    const int rest = std::max(0, severity(static_cast<int>(dmg - cut + 0.5), major_of(i), severe_of(i)) - e.downgrade);
    const double saved = marks - (e.reduce.present() || halve ? rest : std::max(0, marks - e.downgrade)) -
                         kHopeWorth * card_hope(i, k) - kStressWorth * e.stress - kArmorWorth * e.armor;
    if (saved > best) best = saved, pick = k;
  }
  if (pick < 0) return marks;
  const PcCard& c = p.cards[static_cast<std::size_t>(pick)];
  const CardEffect& e = c.def->effect;
  pay_card(i, pick);
  int after = marks;
  if (e.halve || e.shell >= 0) {
    after = severity(dmg / 2, major_of(i), severe_of(i));
    ENCSIM_SAY(log_, "  %s plays %s: the damage is halved to %d", pname(i), c.def->name.c_str(), dmg / 2);
    if (e.shell >= 0) [[unlikely]] retract(i, pick);  // Retract (play_traits.hpp)
    dmg /= 2;  // the damage the hit deals now (the replay's damage line says it)
  }
  if (e.reduce.present()) {
    const int cut = roll_card_dice(i, e.reduce, false);
    after = severity(dmg - cut, major_of(i), severe_of(i));
    ENCSIM_SAY(log_, "  %s plays %s: the damage drops by %d to %d", pname(i), c.def->name.c_str(), cut,
               std::max(0, dmg - cut));
    dmg = std::max(0, dmg - cut);
    if (e.break_on_max && cut == e.reduce.dice(p.proficiency, spellcast_mod(i)) * e.reduce.sides + e.reduce.flat) {
      pc_[i].card_uses[static_cast<std::size_t>(pick)] = 0;  // Rune Ward: an 8 spends the ward until a rest
      ENCSIM_SAY(log_, "  %s's die shows its most: the card is spent until %s", c.def->name.c_str(), refresh_name(e.refresh));
    }
  }
  after = std::max(0, after - e.downgrade);
  if (e.downgrade > 0)
    ENCSIM_SAY(log_, "  %s plays %s: %d HP become %d", pname(i), c.def->name.c_str(), marks, after);
  feat(c.feat).healed += marks - after;  // HP it kept the PC from marking
  return after;
}

}  // namespace encsim::daggerheart
