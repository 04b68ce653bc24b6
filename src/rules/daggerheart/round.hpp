// The Daggerheart fight's frame (battle.hpp declares it): rounds and the
// spotlight, the action roll and what follows it, the end of the fight and
// the replay's status lines. Included at the end of battle.hpp.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

namespace encsim::daggerheart {

template <class R, class Log>
inline void Battle<R, Log>::run() {
  set_up();
  status(0);
  for (round_ = 1; round_ <= enc_.max_rounds; ++round_) {
    rec_.rounds = round_;
    ENCSIM_SAY(log_, "-- round %d (every PC takes the spotlight once) --", round_);
    start_countdowns_on(Countdown::StartOn::round);
    for (int i = 0; i < n_pc_; ++i) pc_[i].acted = false;
    for (;;) {
      const int i = next_pc();
      if (i < 0) break;
      if (opt_.interrupt_after > 0 && pc_streak_ >= opt_.interrupt_after && can_spend(1)) {
        spend(1, kFearSpentInterrupts);
        ENCSIM_SAY(log_, "The GM spends a Fear to interrupt (%d left).", fear_);
        gm_turn();
        if (over()) return finish();
        if (!standing(i)) continue;  // knocked out during the interrupt
      }
      pc_[i].acted = true;
      ++pc_streak_;
      const bool pass = pc_spotlight(i);
      if (over()) return finish();
      if (pc_[i].invisible_left > 0 || (pc(i).has_spotlight_end && opt_.cards)) [[unlikely]] spotlight_end(i);  // play_party.hpp
      if (pass) {
        gm_turn();
        if (over()) return finish();
      }
    }
    status(round_);
  }
  rec_.rounds = enc_.max_rounds;
  ENCSIM_SAY(log_, "max_rounds (%d) reached: a draw.", enc_.max_rounds);
  outcome_ = Outcome::draw;
  finish();
}

// ---- the party's spotlight ------------------------------------------------
// Random among the standing PCs who have not acted this round (tactics stream).
template <class R, class Log>
inline int Battle<R, Log>::next_pc() {
  int n = 0, pick = -1;
  for (int i = 0; i < n_pc_; ++i)
    if (standing(i) && !pc_[i].acted && one_in(++n)) pick = i;
  return pick;
}

// Picks an enemy by `target`; `pc_side` says who is choosing. -1 when none.
template <class R, class Log>
inline int Battle<R, Log>::select(bool pc_side, int self, Target target, const int* skip, int n_skip) {
  const int n = pc_side ? n_adv_ : n_pc_;
  auto usable = [&](int k) {
    if (pc_side ? !adv_[k].alive : !standing(k)) return false;
    if (!pc_side && domed_ != 0 && aim_attack_ && (domed_ >> k & 1u)) [[unlikely]] return false;  // in a dome (play_mount.hpp)
    for (int s = 0; s < n_skip; ++s)
      if (skip[s] == k) return false;
    return true;
  };
  auto left = [&](int k) { return pc_side ? adv_hp_left(k) : hp_left(k); };
  if (!pc_side && goad_t_ >= 0 && usable(goad_t_)) [[unlikely]] return goad_t_;  // Goad Them On (play_party.hpp)
  switch (target) {
    case Target::random: {
      if (!pc_side && gm_focus_ >= 0 && usable(gm_focus_) && !(aim_e_ && aim_e_->only_vulnerable && !vulnerable(gm_focus_)))
        return gm_focus_;  // a hard move's focus
      if (!pc_side && aim_e_) return aim_at(self, *aim_e_, aim_profile_, skip, n_skip);  // the value rule
      int count = 0, pick = -1;
      for (int k = 0; k < n; ++k)
        if (usable(k) && one_in(++count)) pick = k;
      return pick;
    }
    case Target::focus:
      if (pc_side && focus_ >= 0 && usable(focus_)) return focus_;
      break;
    case Target::last_attacker:
      if (!pc_side && self >= 0 && adv_[self].last_attacker >= 0 && usable(adv_[self].last_attacker))
        return adv_[self].last_attacker;
      if (pc_side && self >= 0 && last_hit_by_[self] >= 0 && usable(last_hit_by_[self])) return last_hit_by_[self];
      break;
    case Target::highest_hp: return best_by(n, usable, [&](int k) { return left(k); });
    case Target::weakest:
      return best_by(n, usable, [&](int k) { return pc_side ? -difficulty(k) : -evasion(k); });
    case Target::strongest:
      return best_by(n, usable, [&](int k) { return pc_side ? adv(k).damage_mean : pc(k).primary.sides; });
    default: break;
  }
  return best_by(n, usable, [&](int k) { return -left(k); });
}

// The best by `score` among the k < n that are `usable`; ties broken at
// random (reservoir, tactics stream).
template <class R, class Log>
template <class Usable, class Score>
inline int Battle<R, Log>::best_by(int n, const Usable& usable, const Score& score) {
  static_assert(Encounter::kMaxAdversaries <= 64 && Encounter::kMaxPcs <= 64, "a side is one 64-bit set");
  std::uint64_t set = 0;
  for (int k = 0; k < n; ++k)
    if (usable(k)) set |= std::uint64_t{1} << k;
  return best_in(set, score);
}

// The same over the members of `set` (bit k: index k), in index order.
template <class R, class Log>
template <class Score>
inline int Battle<R, Log>::best_in(std::uint64_t set, const Score& score) {
  int best = -1, ties = 0;
  double best_score = 0.0;
  for (; set != 0; set &= set - 1) {
    const int k = std::countr_zero(set);
    const double s = static_cast<double>(score(k));
    if (best < 0 || s > best_score) {
      best = k, best_score = s, ties = 1;
    } else if (s == best_score && one_in(++ties)) {
      best = k;
    }
  }
  return best;
}

template <class R, class Log>
inline bool Battle<R, Log>::succeeded(RollResult r) {
  return r == RollResult::crit || r == RollResult::success_hope || r == RollResult::success_fear;
}

// The duality roll with its Hope/Fear bookkeeping, Strange Patterns and the
// countdowns. `net_adv` counts advantage dice minus disadvantage dice.
template <class R, class Log>
inline RollResult Battle<R, Log>::action_roll(int i, int modifier, int net_adv, int target_difficulty, int* total,
                                              bool attack) {
  int h = 0, f = 0;
  if (pc_[i].spectral != 0 && !roll_self_) [[unlikely]] end_spectral(i, "an action roll at another creature");  // play_forms.hpp
  if (time_stop_ == i && !roll_self_) [[unlikely]] time_ends_ = true;  // Timejammer: time goes on once it resolves (play_time.hpp)
  if (pc(i).form_stance && pc_[i].stance >= 0) [[unlikely]] stance_upkeep(i);  // Force of Nature (play_forms.hpp)
  if (pc_[i].fail_adv >= 0) net_adv += fail_advantage(i);  // Inevitable (play_attack.hpp)
  int sides = 12, roll_card = -1;  // the Hope Die (a `roll` reaction's d20: play_roll.hpp) and the card that gave it
  const bool dice_cards = (pc(i).has_roll_reactions || pc(i).has_rolled_reactions) && opt_.cards;
  if (dice_cards && pc(i).has_roll_reactions) [[unlikely]] {
    sides = hope_die_for(i, attack, &roll_card);
    modifier += trait_boon(i);  // Sage-Touched (play_boons.hpp)
  }
  if (roll_vs_ >= 0 && pc(i).prioritizes && opt_.cards) [[unlikely]] prioritize(i, roll_vs_);  // Nemesis (play_roll.hpp)
  if (pc_[i].rising > 0) [[unlikely]] modifier += rising_add(i);  // Wild Surge (play_boosts.hpp)
  if (pc_[i].shell != 0) [[unlikely]] net_adv -= 1;  // in its shell (Retract, play_traits.hpp): disadvantage
  if (roll_spell_ && pc(i).spell_hope > 0 && opt_.cards) [[unlikely]] modifier += spell_hope(i);  // Nature's Tongue (play_boons.hpp)
  if (pc(i).has_roll_pool && opt_.cards) [[unlikely]] modifier += tide_before_roll(i, modifier, net_adv, target_difficulty);
  RollResult r = roll_and_say(i, modifier, net_adv, target_difficulty, total, &h, &f, sides);
  if (focus_reroll(i, attack, r)) {  // class_play.hpp
    pc_[i].hunted = -1;
    ENCSIM_SAY(log_, "  %s ends Ranger's Focus to reroll the Duality Dice", pname(i));
    r = roll_and_say(i, modifier, net_adv, target_difficulty, total, &h, &f, sides);
  }
  // `rolled` reactions (play_roll.hpp): a Hope Die rolled again, then dice
  // rolled again by the PC or an ally (`reroll`), then a Fear turned Hope.
  if (dice_cards && pc(i).has_rolled_reactions) [[unlikely]]
    r = rolled_reactions(i, r, target_difficulty, total, &h, &f, sides, 0);
  if ((pc(i).rerolls_own || party_.ally_rerolls) && opt_.cards) [[unlikely]]
    r = reroll_reactions(i, r, target_difficulty, total, &h, &f, sides);
  if (dice_cards && pc(i).has_rolled_reactions) [[unlikely]]
    r = rolled_reactions(i, r, target_difficulty, total, &h, &f, sides, 1);
  if (party_.adjusters && !succeeded(r) && opt_.cards) [[unlikely]]
    r = adjust_total(i, r, target_difficulty, total, h, f, sides);  // Adjust Reality (play_strikes.hpp)
  // Slayer Dice on a failed weapon attack roll (play_pool.hpp), before a Rally or Prayer Die.
  if (attack && !succeeded(r) && (pc(i).has_attack_pool || pc_[i].drill > 0) && opt_.cards && roll_vs_ >= 0)
    r = pool_attack_roll(i, r, target_difficulty, total);
  if (attack && !succeeded(r) && sprites_ > 0 && roll_vs_ >= 0 && i != sprite_pc_) [[unlikely]]
    r = sprite_roll(i, r, target_difficulty, total);  // Forest Sprites (play_strikes.hpp)
  if (r == RollResult::failure_fear || r == RollResult::failure_hope) r = rescue(i, r, target_difficulty, total);
  if (pc_[i].rising > 0) [[unlikely]] rising_step(i);
  if (roll_card >= 0 && succeeded(r)) [[unlikely]] roll_success(i, roll_card);
  if (pc(i).has_fear_bonus) [[unlikely]] last_fear_ = f;  // Midnight-Touched's damage (play_cards.hpp, card_hit)
  ++res(kActionRolls);
  if (r == RollResult::crit) ++res(kCriticals);
  roll_gains(i, r);
  if (dark_from_ >= 0 && roll_vs_ >= 0 && (r == RollResult::success_hope || r == RollResult::crit)) [[unlikely]]
    dark_stress(roll_vs_);  // Eclipse (play_spells.hpp)
  strange_patterns(i, h, f);
  after_roll(i, r, attack);
  if (!succeeded(r) && opt_.cards && pc(i).has_fail_reactions) card_event(i, CardTrigger::failed, r, false, -1);
  if (!succeeded(r) && party_.ally_failed && opt_.cards) [[unlikely]] ally_failed(i, r);  // Lean on Me (play_party.hpp)
  return r;
}

template <class R, class Log>
inline RollResult Battle<R, Log>::roll_and_say(int i, int modifier, int net_adv, int target_difficulty, int* total,
                                               int* h, int* f, int hope_sides) {
  const RollResult r = duality_roll(dice_, modifier, net_adv, target_difficulty, total, h, f, hope_sides,
                                    net_adv > 0 && help_sides_ > 0 ? help_sides_ : 6);  // Epic Poetry's d10 (play_feats.hpp)
  if (hope_sides != 12) [[unlikely]]
    ENCSIM_SAY(log_, "  %s rolls Hope %d (d%d), Fear %d %+d%s = %d vs %d: %s", pname(i), *h, hope_sides, *f, modifier,
               net_adv > 0 ? " + advantage" : net_adv < 0 ? " - disadvantage" : "", *total, target_difficulty,
               result_name(r));
  else
    ENCSIM_SAY(log_, "  %s rolls Hope %d, Fear %d %+d%s = %d vs %d: %s", pname(i), *h, *f, modifier,
               net_adv > 0 ? " + advantage" : net_adv < 0 ? " - disadvantage" : "", *total, target_difficulty,
               result_name(r));
  return r;
}

// What a roll's result gives the PC who rolled it (or each PC of a Tag Team).
template <class R, class Log>
inline void Battle<R, Log>::roll_gains(int i, RollResult r) {
  // A pool that fills instead of the Hope (Slayer, play_pool.hpp).
  const bool with_hope = r == RollResult::crit || r == RollResult::success_hope || r == RollResult::failure_hope;
  const bool token = with_hope && pc(i).has_hope_pool && opt_.cards && pool_instead_of_hope(i);
  if (r == RollResult::crit) {
    if (!token) gain_hope(i, 1);
    const bool clears = pc_[i].stress_marked > 0;
    if (clears) --pc_[i].stress_marked;
    if (!token) ENCSIM_SAY(log_, "  %s gains a Hope (%d)%s", pname(i), pc_[i].hope, clears ? " and clears a Stress" : "");
    else if (clears) ENCSIM_SAY(log_, "  %s clears a Stress", pname(i));
  } else if (with_hope) {
    if (!token) gain_hope(i, 1);
    if (!token) ENCSIM_SAY(log_, "  %s gains a Hope (%d)", pname(i), pc_[i].hope);
  } else {
    gain_fear(1, kFearGainedRolls);
    if (pc(i).has_fear_pool && opt_.cards) [[unlikely]] tide_on_fear(i);  // Know the Tide (play_traits.hpp)
    if (banished_ != 0) [[unlikely]] banish_return();  // a banished foe's way back (play_strikes.hpp)
  }
}

template <class R, class Log>
inline void Battle<R, Log>::after_roll(int i, RollResult r, bool attack) {
  // Seed 000, "Choosing GM moves": a failure with Fear calls for a hard move.
  hard_focus_ = opt_.hard_moves && r == RollResult::failure_fear ? i : -1;
  if (r == RollResult::failure_fear && cry_from_ >= 0) [[unlikely]] end_rally(i);  // Battle Cry (play_party.hpp)
  if (r == RollResult::failure_fear && pc_[i].hold != 0) [[unlikely]] end_hold(i, "fails a roll with Fear");  // Hold the Line (play_dark.hpp)
  if ((pc_[i].unseen & kCloakFear) && (r == RollResult::failure_fear || r == RollResult::success_fear)) [[unlikely]] {
    pc_[i].unseen &= ~kCloakFear;  // Vanishing Act: Cloaked until a roll with Fear
    ENCSIM_SAY(log_, "  %s rolls with Fear: no longer Cloaked", pname(i));
  }
  if (pc_[i].unseen & kHidden) [[unlikely]] {  // Vanishing Dodge: Hidden until its next action roll (play_guise.hpp)
    pc_[i].unseen &= ~kHidden;
    ENCSIM_SAY(log_, "  %s makes an action roll: no longer Hidden", pname(i));
  }
  if (r == RollResult::failure_fear) adversary_reaction_all(Trigger::pc_fail_with_fear, i);
  advance_countdowns(r, attack, true);
}

template <class R, class Log>
inline const char* Battle<R, Log>::result_name(RollResult r) {
  switch (r) {
    case RollResult::crit: return "critical success";
    case RollResult::success_hope: return "success with Hope";
    case RollResult::success_fear: return "success with Fear";
    case RollResult::failure_hope: return "failure with Hope";
    default: return "failure with Fear";
  }
}

// How many HP damage `dmg` marks against thresholds major/severe. Inlined:
// the value rules ask it once per foe or PC weighed (adv_marks, card_on_value).
template <class R, class Log>
[[gnu::always_inline]] inline int Battle<R, Log>::severity(int dmg, int major, int severe) const {
  if (dmg <= 0) return 0;
  if (severe > 0 && opt_.massive_damage && dmg >= 2 * severe) return 4;
  if (severe > 0 && dmg >= severe) return 3;
  if (major > 0 && dmg >= major) return 2;
  return 1;
}

template <class R, class Log>
inline void Battle<R, Log>::finish() {
  if (outcome_ == Outcome::draw && pcs_up_ == 0) outcome_ = Outcome::foes_win;
  if (outcome_ == Outcome::draw && advs_up_ == 0) outcome_ = Outcome::party_win;
  rec_.outcome = outcome_;
  res(kFearEnd) = fear_;
  for (int i = 0; i < n_pc_; ++i) {
    CombatantRecord& r = rpc(i);
    r.hp_left = std::max(0, hp_left(i));
    r.hp_max = pc(i).hp;
    r.extra[kExtraStressLeft] = std::max(0, pc(i).stress - pc_[i].stress_marked);
    r.extra[kExtraArmorLeft] = std::max(0, pc(i).armor_slots - pc_[i].armor_marked);
  }
  if (carry_) [[unlikely]] {
    carry_out();
    for (int i = 0; i < n_pc_; ++i) carry_->scars[i] += static_cast<int>(rpc(i).extra[kExtraScar]);
  }
  for (int j = 0; j < n_adv_; ++j) {
    CombatantRecord& r = radv(j);
    r.hp_left = adv_[j].alive || adv_[j].banish_dc > 0 ? std::max(0, adv_hp_left(j)) : 0;  // a defeated Minion marks no HP; a banished foe keeps its own
    r.hp_max = adv(j).hp;
    r.extra[kExtraStressLeft] = std::max(0, adv(j).stress - adv_[j].stress_marked);
  }
  status(rec_.rounds);
}

// The replay's status block (encsim/narration.hpp); the GM's Fear goes on the
// first adversary's line.
template <class R, class Log>
inline void Battle<R, Log>::status(int round) {
  if constexpr (Log::kEnabled) {
    for (int i = 0; i < n_pc_; ++i) {
      const PcState& s = pc_[i];
      Standing& line = log_.standing(pc(i).name, 0, hp_left(i), pc(i).hp);
      line.dealt = rpc(i).damage_dealt;
      line.note("Stress %d/%d", s.stress_marked, pc(i).stress).note("Hope %d", s.hope);
      line.note("Armor Slots %d/%d", pc(i).armor_slots - s.armor_marked, pc(i).armor_slots);
      line.flag(!s.out && vulnerable(i), "Vulnerable").flag(!s.out && s.restrained, "Restrained");
      line.flag(!s.out && (s.immunity & type_bit(DamageType::magic)) != 0, "Immune to magic");
      if (s.out) line.out = s.dead ? "dead" : "down";
    }
    for (int j = 0; j < n_adv_; ++j) {
      const AdvState& s = adv_[j];
      // A defeated Minion marks no HP: it shows none left.
      Standing& line = log_.standing(adv(j).name, 1, s.alive || s.banish_dc > 0 ? adv_hp_left(j) : 0, adv(j).hp);
      line.dealt = radv(j).damage_dealt;
      if (j == 0) line.note("GM Fear %d", fear_);
      if (adv(j).stress > 0) line.note("Stress %d/%d", s.stress_marked, adv(j).stress);
      line.flag(s.alive && s.hidden, "Hidden").flag(s.alive && s.restrained, "Restrained");
      line.flag(s.alive && s.vulnerable, "Vulnerable").flag(s.alive && s.silenced_by >= 0, "Silenced");
      if (s.alive && s.glyph > 0) line.note("Glyph: Difficulty -%d", s.glyph);
      if (s.alive && s.distract > 0) line.note("Distracted: Difficulty -%d", s.distract);
      if (!s.alive) line.out = s.banish_dc > 0 ? "banished" : "defeated";
    }
    log_.end_round(round);
  }
}

}  // namespace encsim::daggerheart
