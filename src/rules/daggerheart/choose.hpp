// The value rule (issue 12; docs/rules/daggerheart.md, "How each side
// chooses"): what an adversary's action is worth now, in expected HP marked
// on the party plus the documented worth of conditions, less what it costs;
// the PC an adversary aims at; the adversary the GM spotlights; the adversary
// a PC attacks. A few multiplications per option from the tables compiled in
// play.cpp; no allocation, no random draw except to break exact ties.
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>

#include "rules/daggerheart/play.hpp"

namespace encsim::daggerheart {

// What a hit of damage profile `profile` of adversary j is worth on PC t now:
// the expected HP it marks, an Armor Slot used if the PC has one and may,
// plus that slot at kWorthArmor when the hit makes the PC mark it; in `down`
// the chance that the hit takes the PC out. A PC Spectral to the damage
// takes none; one resisting it for now (in its shell, a Beastform's
// resistance) is weighed on the halved damage's table.
template <class R, class Log>
[[gnu::always_inline]] inline double Battle<R, Log>::expected_marks(int j, int profile, int t, bool direct,
                                                                      double* down) const {
  const std::size_t at = static_cast<std::size_t>(profile * n_pc_ + t);
  const MarksTable* table = &adv(j).marks[at];
  if ((pc_[t].spectral | pc_[t].shell | pc_[t].immunity) != 0 || pc_[t].beast) [[unlikely]] {
    const TypeMask bit = type_bit(table->physical ? DamageType::physical : DamageType::magic);
    if ((pc_[t].spectral | pc_[t].immunity) & bit) {
      *down = 0.0;  // Spectral, Magic Immunity: immune (play_forms.hpp, play_time.hpp)
      return 0.0;
    }
    if ((pc_[t].shell | (pc_[t].beast ? pc(t).beast_resist : 0)) & bit) table = &adv(j).marks_half[at];
  }
  const MarksTable& m = *table;
  const std::size_t armor =
      !direct && pc(t).armor_policy == ArmorPolicy::always && armor_free(t) ? 1 : 0;
  const std::size_t h = static_cast<std::size_t>(std::clamp(hp_left(t), 1, 5));
  const bool unstoppable = pc_[t].unstoppable > 0 && m.physical;  // one threshold less (class_play.hpp)
  const std::size_t steps = armor + (unstoppable ? 1 : 0);
  *down = m.down[steps][h];  // 0 from 5 HP left: a hit marks at most 4
  return m.expected[steps][h] +
         (armor ? kWorthArmor * (unstoppable ? m.armor_used_unstoppable : m.armor_used) : 0.0);
}

// The damage profile of adversary j's standard damage now (Horde, pack).
template <class R, class Log>
inline int Battle<R, Log>::standard_profile(int j) const {
  const Adversary& a = adv(j);
  if (a.horde && 2 * adv_[j].hp_marked >= a.hp) return 1;
  if (a.alt_when == Adversary::AltWhen::pack && alt_applies(j, false, false)) return 2;
  if (a.alt_when == Adversary::AltWhen::hidden && adv_[j].hidden) return 2;
  return 0;
}

// What effect e of adversary j (damage `profile`) is worth against PC t.
// Inlined (with expected_marks) into effect_value's loop over the PCs, where
// most of a session's value-rule time goes.
template <class R, class Log>
[[gnu::always_inline]] inline double Battle<R, Log>::target_value(int j, const Effect& e, int profile, int t) const {
  const Adversary& a = adv(j);
  double p = 1.0;  // the chance it lands on t
  double tax = 0.0;  // what attacking t costs j (Overwhelming Aura's Stress; play_guise.hpp)
  if (e.kind == Effect::Kind::attack || e.kind == Effect::Kind::group_attack) {
    if (pc_[t].foe_stress > 0) [[unlikely]] tax = guise_cost(j, t);
    const bool advantage = e.advantage || adv_[j].hidden || vulnerable(t);
    // Sturdy, a Cloaked or Invisible PC: disadvantage (cancels advantage)
    const bool guarded = hp_left(t) <= pc(t).guarded_hp || pc_[t].unseen != 0 || dark_from_ >= 0 ||  // Eclipse's darkness
                         veiled(t, j);  // Veil of Night (play_dark.hpp)
    p = p_d20((party_.evasion_vs ? evasion_vs(t, j) : evasion(t)) - (a.atk + e.attack_bonus), advantage && !guarded);
    if (guarded && !advantage) p *= p;  // both dice must hit
  } else if (e.kind == Effect::Kind::reaction_roll) {
    const int dc = e.difficulty > 0 ? e.difficulty : difficulty(j);
    p = 1.0 - p_duality(dc - pc(t).traits[static_cast<std::size_t>(e.trait)]);
  }
  if (e.roll_difficulty > 0) p *= p_d20(e.roll_difficulty, false);
  double down = 0.0, v = 0.0;
  if (e.kind == Effect::Kind::group_attack) {
    // The members' standard damage combined into one hit (Minions deal flat damage).
    const int members = group_members(j);
    int dmg = static_cast<int>(members * a.damage_mean);
    if ((pc(t).immune | pc_[t].spectral | pc_[t].immunity) & type_bit(a.type_of_damage)) dmg = 0;  // Spectral, Magic Immunity too
    if ((pc(t).resist | pc_[t].shell | (pc_[t].beast ? pc(t).beast_resist : 0)) & type_bit(a.type_of_damage)) dmg /= 2;
    const int armor = !a.direct && armor_free(t) ? 1 : 0;
    const bool unstoppable = pc_[t].unstoppable > 0 && a.type_of_damage == DamageType::physical;
    const int before = std::max(0, severity(dmg, pc(t).major, pc(t).severe) - (unstoppable ? 1 : 0));
    const int marks = std::max(0, before - armor);
    v = std::min(marks, hp_left(t)) + (armor && before > 0 ? kWorthArmor : 0.0);  // the slot it makes the PC mark
    down = marks >= hp_left(t) ? 1.0 : 0.0;
  } else {
    v = expected_marks(j, profile, t, e.direct || a.direct, &down);
  }
  v += down * enc_.play.finish;
  if (!e.extras) return p * v - tax;
  if (e.target_stress > 0)
    v += e.target_stress * (pc_[t].stress_marked >= pc(t).stress ? 1.0 : kWorthStress);
  if (e.target_hp > 0) v += std::min(e.target_hp, hp_left(t));
  if (e.shred_armor) v += pc_[t].armor_marked < pc(t).armor_slots ? kWorthArmor : 1.0;
  // Vulnerable is worth something only to an attack that can still come
  // before it ends: one more spotlight this GM turn for `next_action`.
  if (e.vulnerable && !vulnerable(t) && (e.until != Until::next_action || follow_up_)) v += kWorthVulnerable;
  if (e.restrained && !pc_[t].restrained &&
      (opt_.restrained_loses_spotlight || (e.vulnerable && e.until == Until::break_free)))
    v += kWorthLostSpotlight;
  if (e.pc_hope < 0) v += kWorthHope * std::min(-e.pc_hope, pc_[t].hope);
  return p * v - tax;
}

// What effect e is worth in all: against the PC it would aim at (at random:
// the average), or the average times the PCs an area reaches; plus what is
// not aimed at a PC. For an area, in on[t] what it is worth against each PC t
// it weighed (bit t of `known`; 0 for the others, all n_pc_ set whenever
// `known` is not 0).
template <class R, class Log>
inline double Battle<R, Log>::effect_value(int j, const Effect& e, int profile, unsigned* aim, double* on,
                                           unsigned* known) const {
  *aim = 0;
  *known = 0;
  switch (e.kind) {
    case Effect::Kind::gain_fear: return kWorthFear * e.gain_fear;
    case Effect::Kind::hide: return kWorthHidden;
    case Effect::Kind::heal:
      return std::min(e.clear_hp, adv_[j].hp_marked) + kWorthStress * std::min(e.clear_stress, adv_[j].stress_marked);
    case Effect::Kind::spotlight: {
      // Allies spotlighted for free: the average threat of those not yet spotlighted.
      int n = 0;
      double threat = 0.0;
      for (int k = 0; k < n_adv_; ++k)
        if (k != j && adv_[k].alive && adv_[k].spotlights == 0) ++n, threat += adv(k).threat;
      return n == 0 ? 0.0 : std::min(e.allies.mean(), static_cast<double>(n)) * threat / n;
    }
    case Effect::Kind::none: return 0.0;
    default: break;
  }
  if (e.target_attacker) return 0.0;
  const bool hard = gm_focus_ >= 0 && standing(gm_focus_) && !sheltered(gm_focus_, e);
  // A hard move's single-target effect is worth what it is on the focus
  // alone (below: reach 1 takes `focus`): the other PCs need no weighing.
  if (hard && !e.only_vulnerable && (e.kind == Effect::Kind::group_attack || e.targets <= 1)) {
    double v = target_value(j, e, profile, gm_focus_);
    if (e.gain_fear > 0) v += kWorthFear * e.gain_fear;
    return v;
  }
  int n = 0;
  double sum = 0.0, best = -1.0, focus = 0.0;
  unsigned tied = 0, weighed = 0;
  for (int t = 0; t < n_pc_; ++t) {
    if (!standing(t) || (e.only_vulnerable && !vulnerable(t)) || sheltered(t, e)) {  // a dome (play_mount.hpp)
      on[t] = 0.0;
      continue;
    }
    const double v = target_value(j, e, profile, t);
    on[t] = v, weighed |= 1u << t;
    ++n, sum += v;
    if (t == gm_focus_) focus = v;
    if (v > best) {
      best = v, tied = 1u << t;
    } else if (v == best) {
      tied |= 1u << t;
    }
  }
  if (n == 0) return domed_ != 0 ? dome_value(j, e) : 0.0;  // only a dome to strike (play_mount.hpp)
  const int reach = std::min(n, std::max(1, e.kind == Effect::Kind::group_attack ? 1 : e.targets));
  if (reach > 1) *known = weighed;  // a single target is picked from `aim` (aim_at): no PC weighed again
  double v = reach * sum / n;
  if (reach == 1 && hard && !e.only_vulnerable) {
    v = focus;
  } else if (reach == 1 && enc_.play.aim) {
    v = best, *aim = tied;
  }
  if (e.gain_fear > 0) v += kWorthFear * e.gain_fear;
  return v;
}

// The standard attack as an effect (Ramp Up: on everyone it reaches), built
// once at compile time (play.cpp): it depends on the stat block and options only.
template <class R, class Log>
inline const Effect& Battle<R, Log>::standard_effect(int j) const {
  return adv(j).standard;
}

// Adversary j's best action now, in `best`: the standard attack, or an action
// feature worth more after its costs (Stress kept while unhurt, a Fear at what
// a spotlight of it would be worth, HP at face value). Ties: the standard
// attack, then the stat block's order. With it, what the chosen effect is
// worth against each PC weighed (Plan::on), which aim_at reuses when j acts on
// this plan with nothing changed (act_by_value; gm_turn and the Stress below drop it).
template <class R, class Log>
inline void Battle<R, Log>::plan(int j, Plan& best) {
  const Adversary& a = adv(j);
  // Can an attack still follow this one in the GM turn (for Vulnerable)?
  follow_up_ = false;
  if (fear_ > 0 || free_bonus_ > 0)
    for (int k = 0; k < n_adv_ && !follow_up_; ++k)
      follow_up_ = adv_[k].alive && adv_[k].spotlights < adv(k).relentless;
  unsigned aim = 0, known = 0;
  // A Silenced foe's magic standard attack is no option (play_foes.hpp): any usable feature beats it.
  const double attack =
      hushed(j) ? -1e9 : effect_value(j, standard_effect(j), standard_profile(j), &aim, best.on, &known);
  best.feature = -1, best.value = attack, best.aim = aim, best.known = known;
  double on[Encounter::kMaxPcs];
  const bool hurt = adv_[j].hp_marked > 0;
  for (int f = 0; f < static_cast<int>(a.features.size()); ++f) {
    const Feature& ft = a.features[static_cast<std::size_t>(f)];
    if (!ft.modelled || ft.kind != Feature::Kind::action || !feature_usable(j, f)) continue;
    if (ft.stress > 0 && enc_.play.stress_when_hurt && !hurt) continue;
    double v = effect_value(j, ft.effect, 3 + f, &aim, on, &known);
    if (ft.countdown >= 0 && !cd_[ft.countdown].started) v += kWorthCountdown;
    v -= ft.hp + ft.fear * std::max(attack, kWorthFear) + (hurt ? 0.0 : ft.stress * enc_.play.stress_cost);
    if (v > best.value) {
      best.feature = f, best.value = v, best.aim = aim;
      // Its Stress is marked (pay) before its targets are chosen, and an
      // aura's tax on an attack reads j's Stress (guise_cost): not reused then.
      const bool attack_kind = ft.effect.kind == Effect::Kind::attack || ft.effect.kind == Effect::Kind::group_attack;
      best.known = ft.stress > 0 && attack_kind ? 0u : known;
      if (best.known != 0) std::copy_n(on, n_pc_, best.on);
    }
  }
}

// The PC adversary j aims effect e at (profile: its damage): the most it is
// worth against; ties at random (tactics stream).
template <class R, class Log>
inline int Battle<R, Log>::aim_at(int j, const Effect& e, int profile, const int* skip, int n_skip) {
  // The first target of the effect plan() chose: the PCs it found best, ties at random.
  if (n_skip == 0 && aim_best_ != 0) {
    int count = 0, pick = -1;
    for (int t = 0; t < n_pc_; ++t)
      if ((aim_best_ >> t & 1u) && standing(t) && !sheltered(t, e) && one_in(++count)) pick = t;
    if (pick >= 0) return pick;
  }
  unsigned taken = 0;  // the PCs already its targets (select() hands out PC indices only)
  for (int s = 0; s < n_skip; ++s) taken |= 1u << skip[s];
  // Each PC weighed once per effect (run_effect clears aim_have_, or sets it
  // to the PCs plan() weighed): an area's later targets are chosen from the
  // same values, so the same PCs, ties and draws. Every usable PC is weighed
  // before the pick (best_in draws only).
  std::uint64_t set = 0;
  for (int t = 0; t < n_pc_; ++t) {
    if ((taken >> t & 1u) || !standing(t) || (e.only_vulnerable && !vulnerable(t)) || sheltered(t, e)) continue;
    set |= std::uint64_t{1} << t;
    if (!(aim_have_ >> t & 1u)) aim_value_[t] = target_value(j, e, profile, t), aim_have_ |= 1u << t;
  }
  return best_in(set, [&](int t) { return aim_value_[t]; });
}

// A PC's target under the party's value rule: the most threat removed per
// attack, threat x chance to hit x the share of its HP one hit takes (a
// Minion: how many fall); ties to the fewest HP left, then at random.
template <class R, class Log>
inline int Battle<R, Log>::pick_foe(int i) {
  const Pc& p = pc(i);
  const PcWeapon& w = p.primary;
  const int mod = p.traits[static_cast<std::size_t>(w.trait)] + w.attack_bonus + attack_plus(i);
  int best = -1, ties = 0, best_left = 0;
  double best_score = 0.0;
  for (int j = 0; j < n_adv_; ++j) {
    if (!adv_[j].alive) continue;
    const double m = enc_.pc_marks[static_cast<std::size_t>(i * n_adv_ + j)];
    const int left = adv_hp_left(j);
    const double share = adv(j).minion > 0 ? m : std::min(1.0, m / left);
    const double s = adv(j).threat_hp * p_duality(difficulty(j) - mod) * share;
    if (best < 0 || s > best_score || (s == best_score && left < best_left)) {
      best = j, best_score = s, best_left = left, ties = 1;
    } else if (s == best_score && left == best_left && one_in(++ties)) {
      best = j;
    }
  }
  return best;
}

// The GM's next spotlight under a value style: among the ready adversaries
// spotlighted least this turn, the most threatening; ties at random.
template <class R, class Log>
template <class Affordable>
inline int Battle<R, Log>::next_by_threat(const Affordable& affordable, const bool* passed) {
  static_assert(Encounter::kMaxAdversaries <= 64, "the ready set is one 64-bit word");
  // One pass: the ready adversaries spotlighted least, as a set.
  std::uint64_t least_set = 0;
  int least = 1 << 20;
  for (int j = 0; j < n_adv_; ++j) {
    const AdvState& s = adv_[j];
    if (!s.alive || passed[j] || s.spotlights >= adv(j).relentless || !affordable(j)) continue;
    if (s.spotlights < least) least = s.spotlights, least_set = 0;
    if (s.spotlights == least) least_set |= std::uint64_t{1} << j;
  }
  return best_in(least_set, [&](int j) { return adv(j).threat; });
}

// A spotlighted adversary without tactics, under a value style: its best action.
template <class R, class Log>
inline void Battle<R, Log>::act_by_value(int j) {
  // gm_turn's plan when it paid for this spotlight (and it still holds), else a new one.
  const bool reuse = planned_j_ == j && (planned_.feature < 0 || feature_usable(j, planned_.feature));
  if (!reuse) plan(j, planned_);
  const Plan& p = planned_;
  planned_j_ = -1;
  aim_best_ = p.aim;
  if (enc_.play.aim) {
    aim_next_ = j;
    // What plan() weighed on the PCs, unchanged since (nothing ran between:
    // gm_turn dropped it otherwise), known to aim_at for the effect it aims.
    if (p.known != 0) std::copy_n(p.on, n_pc_, aim_value_);
    aim_planned_ = p.known;
  }
  if (p.feature >= 0) {
    aim_profile_ = 3 + p.feature;
    use_action_feature(j, p.feature, Target::random);
  } else {
    aim_profile_ = standard_profile(j);
    standard_attack(j, Target::random);
  }
  aim_next_ = -1;
  aim_best_ = 0;
  aim_planned_ = 0;
}

}  // namespace encsim::daggerheart
