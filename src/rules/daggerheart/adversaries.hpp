// The adversaries' side of a Daggerheart fight (Battle, battle.hpp): damage to
// adversaries, their spotlight, features and effects, attacks on PCs, reactions
// and countdowns.
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>
#include <utility>

namespace encsim::daggerheart {

// 2 immune, 1 resistant, 0 neither.
template <class R, class Log>
inline int Battle<R, Log>::shrugs_off(int j, DamageType type) const {
  return (adv(j).immune & type_bit(type)) ? 2 : (adv(j).resist & type_bit(type)) ? 1 : 0;
}

// Damage to an adversary: resistance, thresholds (Minions fall to any
// damage and spill over), and the reactions it sets off.
template <class R, class Log>
inline void Battle<R, Log>::credit(int from, int feature, int marks) {
  rpc(from).damage_dealt += marks;
  if (feature >= 0) feat(feature).damage += marks;
}

// `feature`: the PC's feature the damage counts to (features.csv). `floor`:
// the HP the hit marks at least (Onslaught), even when resistance or a
// reduction leaves no damage; `plus`: HP it marks on top (Thrive in Chaos).
// Immunity stops both.
template <class R, class Log>
inline void Battle<R, Log>::damage_adversary(int from, int j, int dmg, DamageType type, bool melee, int roll_total,
                                            int feature, bool mixed, int floor, int plus) {
  const Adversary& a = adv(j);
  if (!adv_[j].alive) return;
  const int dealt = dmg;  // as rolled: what an echo deals again (Encore, play_marks.hpp)
  // Damage of both types (a physical weapon with magic dice, Face Your
  // Fear): resistance, immunity and a typed reduction hold only against both (SRD).
  const TypeMask m = mixed ? type_bit(DamageType::physical) | type_bit(DamageType::magic) : type_bit(type);
  const auto covers = [m](TypeMask set) { return (set & m) == m; };
  if (covers(a.immune)) {
    ENCSIM_SAY(log_, "  %s is immune", aname(j));
    return;
  }
  if (covers(a.resist)) dmg /= 2;
  if (!a.damage_reduction.is_constant() || a.damage_reduction.flat() != 0)
    if (a.reduction_types == 0 || covers(a.reduction_types)) dmg -= a.damage_reduction.roll(dice_);
  if (dmg <= 0 && floor == 0 && plus == 0) return;
  if (a.minion > 0) {
    defeat(j, from);
    ENCSIM_SAY(log_, "  %s (Minion) is defeated", aname(j));
    if (from >= 0) {
      credit(from, feature, 1);
      radv(j).damage_taken += 1;
    }
    for (int spill = dmg / a.minion; spill > 0; --spill) {
      int pick = -1;
      for (int k = 0; k < n_adv_ && pick < 0; ++k)
        if (adv_[k].alive && adv(k).minion > 0 && (opt_.minion_spill_any_kind || adv(k).kind == a.kind) &&
            difficulty(k) <= roll_total)
          pick = k;
      if (pick < 0) break;
      defeat(pick, from);
      if (from >= 0) {
        credit(from, feature, 1);
        radv(pick).damage_taken += 1;
      }
      ENCSIM_SAY(log_, "  ... and the damage spills over to %s", aname(pick));
    }
    return;
  }
  int marks = dmg > 0 ? severity(dmg, a.major, a.severe) : 0;
  if (a.severe == 0 && marks > 2) marks = a.major > 0 ? 2 : 1;
  marks = std::max(marks, floor) + plus;
  if (a.extra_hp_from & m) ++marks;
  marks = std::min(marks, adv_hp_left(j));
  adv_[j].hp_marked += marks;
  if (from >= 0) credit(from, feature, marks);
  radv(j).damage_taken += marks;
  ENCSIM_SAY(log_, "  %d damage to %s (thresholds %d/%d): marks %d HP, %d left", dmg, aname(j), a.major, a.severe,
             marks, adv_hp_left(j));
  if (from >= 0 && marks > 0 && pc(from).has_foe_marked && opt_.cards) [[unlikely]] foe_marked(from, marks);  // Ferocity
  if (melee && from >= 0 && a.retaliate_stress > 0 && marks <= a.retaliate_max_hp) {
    ENCSIM_SAY(log_, "  %s's riposte against %s", aname(j), pname(from));
    mark_stress(from, a.retaliate_stress);
  }
  if (adv_hp_left(j) <= 0) {
    defeat(j, from);
    ENCSIM_SAY(log_, "  %s is defeated", aname(j));
    adversary_reaction(j, Trigger::defeated, from, dmg);
    return;
  }
  if (auras_ != 0 && marks > 0) [[unlikely]] aura_stress(j);  // Elemental Aura: Fire (play_zone.hpp)
  if (!adv_[j].alive) return;
  if (marks >= 3 || (a.severe > 0 && dmg >= a.severe)) adversary_reaction(j, Trigger::severe, from, dmg);
  if (from >= 0 && pc(from).severe_stress > 0 && a.severe > 0 && dmg >= a.severe) [[unlikely]] {  // Ruthless Predator (always on)
    const PcCard& c = pc(from).cards[static_cast<std::size_t>(pc(from).severe_card)];
    ++feat(c.feat).conditions;
    ENCSIM_SAY(log_, "  %s: Severe damage, %s marks %d Stress", c.def->name.c_str(), aname(j), pc(from).severe_stress);
    adv_mark_stress(j, pc(from).severe_stress);
    if (!adv_[j].alive) return;
  }
  adversary_reaction(j, Trigger::marks_hp, from, dmg, marks);
  if (melee && from >= 0) adversary_reaction(j, Trigger::damaged_in_melee, from, dmg);
  focus_stress(from, j);  // Ranger's Focus (class_play.hpp)
  if (party_.echoes && from >= 0 && !in_echo_ && marks > 0 && adv_[j].alive && opt_.cards) [[unlikely]] echo(from, j, dealt, type, mixed);
}

// HP a PC's card makes adversary j mark outright (hp_marks: no damage roll,
// so no threshold, resistance, immunity or reduction has a say); a Minion
// falls. `feature`: the card the marks count to.
template <class R, class Log>
inline void Battle<R, Log>::force_marks(int from, int j, int n, int feature) {
  if (!adv_[j].alive || n <= 0) return;
  const int marks = adv(j).minion > 0 ? 1 : std::min(n, adv_hp_left(j));
  if (adv(j).minion == 0) adv_[j].hp_marked += marks;  // a Minion is defeated, as by damage
  credit(from, feature, marks);
  radv(j).damage_taken += marks;
  ENCSIM_SAY(log_, "  %s marks %d HP, %d left", aname(j), marks, adv(j).minion > 0 ? 0 : adv_hp_left(j));
  if (from >= 0 && pc(from).has_foe_marked && opt_.cards) [[unlikely]] foe_marked(from, marks);  // Ferocity (play_boosts.hpp)
  if (adv(j).minion > 0 || adv_hp_left(j) <= 0) {
    defeat(j, from);
    ENCSIM_SAY(log_, "  %s is defeated", aname(j));
    adversary_reaction(j, Trigger::defeated, from, 0);
    return;
  }
  if (auras_ != 0) [[unlikely]] aura_stress(j);  // Elemental Aura: Fire (play_zone.hpp)
  if (!adv_[j].alive) return;
  if (marks >= 3) adversary_reaction(j, Trigger::severe, from, 0);
  adversary_reaction(j, Trigger::marks_hp, from, 0, marks);
}

template <class R, class Log>
inline void Battle<R, Log>::defeat(int j, int from) {
  if (!adv_[j].alive) return;
  adv_[j].alive = false;
  --advs_up_;
  radv(j).down = radv(j).dead = true;
  // The side that falls first loses, whatever the blow still sets off
  // (a Death Quake that downs the last PC; a blaze that takes the last foe).
  if (advs_up_ == 0 && outcome_ == Outcome::draw) outcome_ = Outcome::party_win;
  start_countdowns_on(Countdown::StartOn::adversary_defeated);
  if (from >= 0 && pc(from).form_stance && pc_[from].stance >= 0) [[unlikely]] absorb(from, j);  // Force of Nature (play_forms.hpp)
  if (from >= 0 && opt_.cards && pc(from).has_kill_reactions)  // on_kill cards (play_cards.hpp)
    card_event(from, CardTrigger::crit, RollResult::crit, false, j, true);
}

// Scene events that start countdowns (`start_on`).
template <class R, class Log>
inline void Battle<R, Log>::start_countdowns_on(Countdown::StartOn event) {
  for (int c = 0; c < static_cast<int>(enc_.countdowns.size()); ++c) {
    const Countdown& cd = enc_.countdowns[static_cast<std::size_t>(c)];
    if (cd.start_on == event && !cd_[c].started && (event != Countdown::StartOn::round || cd.start_round == round_))
      start_countdown(c);
  }
}

template <class R, class Log>
inline void Battle<R, Log>::adv_mark_stress(int j, int n) {
  const int room = adv(j).stress - adv_[j].stress_marked;
  adv_[j].stress_marked += std::min(n, room);
  if (adv_[j].alive && std::min(n, room) > 0)
    ENCSIM_SAY(log_, "  %s marks %d Stress (%d/%d)", aname(j), std::min(n, room), adv_[j].stress_marked, adv(j).stress);
  if (n > room && adv_[j].alive)
    ENCSIM_SAY(log_, "  %s cannot mark a Stress: marks an HP, %d left", aname(j), std::max(0, adv_hp_left(j) - 1));
  if (n > room && adv_[j].alive) {  // Stress that cannot be marked becomes an HP
    adv_[j].hp_marked += 1;
    radv(j).damage_taken += 1;
    if (adv_hp_left(j) <= 0) {
      defeat(j, -1);
      adversary_reaction(j, Trigger::defeated, -1, 0);
    }
  }
}

template <class R, class Log>
inline void Battle<R, Log>::spotlight(int j) {
  AdvState& s = adv_[j];
  ++s.spotlights;
  ++res(kAdversarySpotlights);
  ++radv(j).extra[kExtraSpotlights];
  ++radv(j).actions;
  adversary_reaction(j, Trigger::spotlight, -1, 0);
  if (over()) return;
  // Stunned, a temporary condition the GM clears (a Dark Cloud's too), or Silenced with nothing to do (play_foes.hpp)
  if ((party_.foe_marks || (s.distract | s.temps) != 0) && foe_spotlight(j)) [[unlikely]] return;
  spotlight_action(j);
  if ((s.temps & kTempFire) != 0) [[unlikely]] burn(j);  // On Fire at the end of its action (play_foes.hpp)
}

// Whether spotlight(j) may run anything before j acts (a reaction to its
// spotlight, foe_spotlight's conditions and marks, a goad, a restraint), which
// could change what plan() weighed (gm_turn). Keep in step with the two above and below.
template <class R, class Log>
inline bool Battle<R, Log>::runs_before_action(int j) const {
  const AdvState& s = adv_[j];
  return (adv(j).triggers >> static_cast<unsigned>(Trigger::spotlight) & 1u) || party_.foe_marks ||
         (s.distract | s.temps) != 0 || s.goaded_by >= 0 || s.restrained;
}

// What adversary j does with a spotlight it acts on.
template <class R, class Log>
inline void Battle<R, Log>::spotlight_action(int j) {
  AdvState& s = adv_[j];
  // the old reading; by default it acts in place. Held by Hold the Line, the GM may pay 2 Fear instead (play_dark.hpp)
  if (s.restrained && opt_.restrained_loses_spotlight && !(s.held_by >= 0 && free_held(j))) {
    s.restrained = false;
    s.held_by = -1;
    ENCSIM_SAY(log_, "%s spends its spotlight breaking free", aname(j));
    return;
  }
  if (s.goaded_by >= 0 && !hushed(j) && goaded(j)) [[unlikely]] return;  // Goad Them On (play_party.hpp)
  if (adv(j).default_rules && enc_.play.by_value) return act_by_value(j);
  const View view{this, j, false};
  for (const tactics::Rule& rule : adv(j).rules) {
    if (!rule.when.holds(view)) continue;
    if (rule.action == kFeature) {
      const int f = rule.arg_id;
      if (!feature_usable(j, f)) continue;
      use_action_feature(j, f, rule.target);
      return;
    }
    if (hushed(j)) [[unlikely]] continue;  // a Silenced foe's magic attack
    standard_attack(j, rule.target);
    return;
  }
  if (hushed(j)) [[unlikely]] {
    ENCSIM_SAY(log_, "%s is Silenced: its tactics leave it nothing to do", aname(j));
    return;
  }
  standard_attack(j, Target::random);
}

template <class R, class Log>
inline bool Battle<R, Log>::feature_usable(int j, int f) const {
  const Feature& ft = adv(j).features[static_cast<std::size_t>(f)];
  const AdvState& s = adv_[j];
  if (!ft.modelled || ft.kind != Feature::Kind::action) return false;
  if (s.uses[static_cast<std::size_t>(f)] == 0) return false;
  if (hushed(j, ft)) [[unlikely]] return false;  // Silenced: no spell (play_foes.hpp)
  if (ft.stress > adv(j).stress - s.stress_marked) return false;
  if (ft.hp > 0 && ft.hp >= adv_hp_left(j)) return false;  // never its last HP
  if (!can_spend(ft.fear)) return false;
  const Effect& e = ft.effect;
  switch (e.kind) {
    case Effect::Kind::group_attack: return group_members(j) >= 2;
    case Effect::Kind::spotlight: {
      for (int k = 0; k < n_adv_; ++k)
        if (k != j && adv_[k].alive && adv_[k].spotlights == 0) return true;
      return false;
    }
    case Effect::Kind::hide: return !s.hidden;
    case Effect::Kind::heal: return (e.clear_hp > 0 && s.hp_marked > 0) || (e.clear_stress > 0 && s.stress_marked > 0);
    default: break;
  }
  if (e.only_vulnerable) {
    for (int i = 0; i < n_pc_; ++i)
      if (standing(i) && vulnerable(i)) return true;
    return false;
  }
  return true;
}

template <class R, class Log>
inline void Battle<R, Log>::pay(int j, const Feature& ft) {
  FeatureRecord& used = feat(ft.table);
  ++used.uses;
  used.spent += ft.fear > 0 ? ft.fear : ft.stress > 0 ? ft.stress : ft.hp;
  if (ft.fear > 0) spend(ft.fear, kFearSpentFeatures);
  if (ft.stress > 0) adv_[j].stress_marked += ft.stress;
  if (ft.hp > 0) adv_[j].hp_marked += ft.hp;
  if (ft.fear > 0) ENCSIM_SAY(log_, "  the GM spends %d Fear on it (%d left)", ft.fear, fear_);
  if (ft.stress > 0)
    ENCSIM_SAY(log_, "  %s marks %d Stress for it (%d/%d)", aname(j), ft.stress, adv_[j].stress_marked, adv(j).stress);
  if (ft.hp > 0) ENCSIM_SAY(log_, "  %s marks %d HP for it, %d left", aname(j), ft.hp, adv_hp_left(j));
}

template <class R, class Log>
inline void Battle<R, Log>::use_action_feature(int j, int f, Target target) {
  const Feature& ft = adv(j).features[static_cast<std::size_t>(f)];
  int& uses = adv_[j].uses[static_cast<std::size_t>(f)];
  if (uses > 0) --uses;
  ENCSIM_SAY(log_, "%s uses %s", aname(j), ft.name.c_str());
  pay(j, ft);
  ++radv(j).extra[kExtraFeaturesUsed];
  if (ft.countdown >= 0) start_countdown(ft.countdown);
  const UsingFeature acting(adv_feat_[j], ft.table);
  run_effect(j, ft.effect, target, -1, 0);
}

// The standard attack (Ramp Up: against everyone it reaches).
template <class R, class Log>
inline void Battle<R, Log>::standard_attack(int j, Target target) {
  ENCSIM_SAY(log_, "%s attacks with %s", aname(j), adv(j).attack_name.c_str());
  ++feat(adv(j).feat_attack).uses;
  const UsingFeature acting(adv_feat_[j], adv(j).feat_attack);
  run_effect(j, standard_effect(j), target, -1, 0);
}

// An adversary's effect on PCs. `attacker` is the PC that set off a
// reaction (targets: attacker), `taken` the damage it dealt.
template <class R, class Log>
inline void Battle<R, Log>::run_effect(int j, const Effect& e, Target target, int attacker, int taken) {
  const Adversary& a = adv(j);
  // The value rule aims this effect's targets when act_by_value chose it.
  struct Aim {
    const Effect*& aim;
    unsigned& have;
    ~Aim() { aim = nullptr, have = 0; }
  } aim{aim_e_, aim_have_};
  aim_e_ = aim_next_ == j ? &e : nullptr;
  struct AimAttack {  // select() leaves those in a dome out of an attack's targets (play_mount.hpp)
    bool& on;
    ~AimAttack() { on = false; }
  } aim_attack{aim_attack_};
  aim_attack_ = domed_ != 0 && (e.kind == Effect::Kind::attack || e.kind == Effect::Kind::group_attack);
  // Nothing changes while its targets are chosen: each PC is weighed once
  // (aim_at), or not at all when plan() weighed it (act_by_value).
  aim_have_ = aim_e_ ? aim_planned_ : 0u;
  aim_planned_ = 0;
  aim_next_ = -1;
  if (e.roll_difficulty > 0 && !adversary_action_roll(j, e.roll_difficulty)) return;
  switch (e.kind) {
    case Effect::Kind::gain_fear:
      gain_fear(e.gain_fear, kFearGainedFeatures);
      return;
    case Effect::Kind::heal:
      if (adv_feat_[j] >= 0) feat(adv_feat_[j]).healed += std::min(adv_[j].hp_marked, e.clear_hp);
      adv_[j].hp_marked = std::max(0, adv_[j].hp_marked - e.clear_hp);
      adv_[j].stress_marked = std::max(0, adv_[j].stress_marked - e.clear_stress);
      ENCSIM_SAY(log_, "  %s heals: %d HP left, Stress %d/%d", aname(j), adv_hp_left(j), adv_[j].stress_marked,
                 adv(j).stress);
      return;
    case Effect::Kind::hide:
      adv_[j].hidden = true;
      return;
    case Effect::Kind::spotlight:
      free_bonus_ += e.allies.roll(dice_);
      ENCSIM_SAY(log_, "  %d more adversaries may act this GM turn", free_bonus_);
      return;
    case Effect::Kind::group_attack: {
      const int t = single_target(j, e, target);
      if (t < 0 && !(domed_ != 0 && !outside_stands())) return;
      int members = 0;  // every member that can act is spotlighted, whoever the target (group_members)
      for (int k = 0; k < n_adv_; ++k)
        if (adv_[k].alive && !adv_[k].stunned && adv(k).kind == a.kind) {
          ++members;
          if (k != j) adv_[k].spotlights = std::max(adv_[k].spotlights, adv(k).relentless);
        }
      if (t < 0) [[unlikely]] return dome_struck(j, e, members);  // none but those in the dome stands (play_mount.hpp)
      const bool companion = t >= kCompanionTarget;
      ENCSIM_SAY(log_, "  %d of them attack %s together", members,
                 companion ? pc(t - kCompanionTarget).companion.name.c_str() : pname(t));
      if (companion) return attack_companion(j, e, t - kCompanionTarget);
      attack_pcs(j, e, &t, 1, members);
      return;
    }
    case Effect::Kind::none: return;
    default: break;
  }
  int targets[Encounter::kMaxPcs];
  int n = 0;
  if (e.target_attacker) {
    if (attacker >= 0 && standing(attacker) && !sheltered(attacker, e)) targets[n++] = attacker;  // a dome (play_mount.hpp)
  } else if (e.kind == Effect::Kind::attack && e.targets <= 1 && !e.only_vulnerable) {
    const int t = single_target(j, e, target);
    if (t >= kCompanionTarget) return attack_companion(j, e, t - kCompanionTarget);
    if (t >= 0) targets[n++] = t;
  } else if (aims_by_value(target)) {  // each pick straight to aim_at
    const int want = std::max(1, e.targets);
    while (n < want) {
      const int t = aim_at(j, e, aim_profile_, targets, n);
      if (t < 0) break;
      targets[n++] = t;
    }
  } else {
    const int want = std::max(1, e.targets);
    while (n < want) {
      const int t = e.only_vulnerable && !aim_e_ ? first_vulnerable(targets, n) : select(false, j, target, targets, n);
      if (t < 0) break;
      targets[n++] = t;
    }
  }
  if (n == 0) {
    if (e.kind == Effect::Kind::attack && domed_ != 0 && !outside_stands()) [[unlikely]] dome_struck(j, e, 1);  // play_mount.hpp
    return;
  }
  if (e.kind == Effect::Kind::attack) {
    attack_pcs(j, e, targets, n, 1);
  } else if (e.kind == Effect::Kind::reaction_roll) {
    reaction_rolls(j, e, targets, n);
  } else if (e.kind == Effect::Kind::damage) {
    const int dmg = e.half_of_damage ? taken / 2 : e.damage.roll(dice_);
    for (int k = 0; k < n; ++k) {  // one use against each target, on the last blow too
      if (!standing(targets[k])) continue;
      if (dmg > 0 || e.shred_armor) damage_pc(targets[k], dmg, e.type, e.direct, e.shred_armor, j);
      on_hit(j, e, targets[k]);
    }
    fear_from(e, true);
  }
}

// Seed 000, "Adversary Action Rolls": d20 (+ an Experience for a Fear, by
// policy) against the Difficulty; a natural 20 succeeds.
template <class R, class Log>
inline bool Battle<R, Log>::adversary_action_roll(int j, int difficulty_needed) {
  int bonus = 0;
  if (opt_.adversary_experiences && adv(j).experience > 0 && can_spend(1)) {
    spend(1, kFearSpentExperiences);
    bonus = adv(j).experience;
  }
  const int nat = dice_.die(20);
  const bool ok = nat == 20 || nat + bonus >= difficulty_needed;
  ENCSIM_SAY(log_, "  %s's action roll d20 %d %+d vs %d: %s", aname(j), nat, bonus, difficulty_needed,
             ok ? "success" : "failure");
  return ok;
}

template <class R, class Log>
inline int Battle<R, Log>::first_vulnerable(const int* skip, int n_skip) {
  // A Vulnerable PC at random (tactics stream); the foe style `restrained`
  // keeps the old choice, the first in the party's list.
  int count = 0, pick = -1;
  for (int i = 0; i < n_pc_; ++i) {
    if (!standing(i) || !vulnerable(i)) continue;
    if (aim_attack_ && (domed_ >> i & 1u)) [[unlikely]] continue;  // in a dome: no attack's target (play_mount.hpp)
    bool seen = false;
    for (int k = 0; k < n_skip; ++k) seen |= skip[k] == i;
    if (seen) continue;
    if (!enc_.play.by_value) return i;
    if (one_in(++count)) pick = i;
  }
  return pick;
}

// One attack roll against each target's Evasion, one damage roll shared
// (seed 000, "Adversary Attacks"). Advantage from a Vulnerable target
// applies to that target only: the second d20 is rolled once, on demand.
template <class R, class Log>
inline void Battle<R, Log>::attack_pcs(int j, const Effect& e, const int* targets, int n, int members) {
  const Adversary& a = adv(j);
  AdvState& s = adv_[j];
  int bonus = a.atk + e.attack_bonus;
  if (opt_.adversary_experiences && a.experience > 0 && can_spend(1)) {
    spend(1, kFearSpentExperiences);
    ++feat(a.feat_experience).uses;
    ++feat(a.feat_experience).spent;
    bonus += a.experience;
    ENCSIM_SAY(log_, "  the GM spends a Fear on an Experience (+%d; %d left)", a.experience, fear_);
  }
  const bool base_adv = e.advantage || s.hidden;
  const bool was_hidden = s.hidden;
  s.hidden = false;
  const bool area = e.targets > 1;  // counted per target, in the area columns
  const int first = dice_.die(20);
  int second = 0;
  int dmg = -1;  // rolled at the first hit
  bool affected = false;
  for (int k = 0; k < n; ++k) {  // one use against each target, on the last blow too
    const int t = targets[k];
    if (!standing(t)) continue;
    if (pc_[t].foe_stress > 0 && !guise_tax(j, t)) [[unlikely]] break;  // Overwhelming Aura (play_guise.hpp)
    radv(j).aimed(area);
    if (party_.holds && pc_[t].hold != 0 && a.range == Range::melee && !s.restrained && !(s.crossed >> t & 1u)) [[unlikely]]
      hold_foe(j, t);  // play_dark.hpp
    // Disadvantage while the PC is guarded (Sturdy at 1 HP left); with advantage they cancel.
    // ... or goaded at it (Goad Them On), or it is Cloaked or Invisible (play_party.hpp)
    const bool guarded = hp_left(t) <= pc(t).guarded_hp || t == goad_t_ || pc_[t].unseen != 0 || dark_from_ >= 0 ||  // Eclipse
                         veiled(t, j);  // Veil of Night (play_dark.hpp)
    const bool adv_roll = (base_adv || vulnerable(t)) && !guarded;
    const bool dis_roll = guarded && !(base_adv || vulnerable(t));
    if ((adv_roll || dis_roll) && second == 0) second = dice_.die(20);
    int nat = adv_roll ? std::max(first, second) : dis_roll ? std::min(first, second) : first;
    const int ev = party_.evasion_vs ? evasion_vs(t, j) : evasion(t);  // Battle-Bonded, Elusive Predator
    if (party_.evasion_vs && pc_[t].hunted == j && pc(t).focus_evasion > 0)
      ENCSIM_SAY(log_, "  (%s's Evasion is %d higher against its Focus)", pname(t), pc(t).focus_evasion);
    bool hit = nat == 20 || nat + bonus >= ev;
    if (const int sh = shield(t); sh > 0) [[unlikely]] {  // Conjure Shield: count the attacks it turns away
      ENCSIM_SAY(log_, "  (%s's Evasion is %d higher while it holds %d+ Hope)", pname(t), sh, pc(t).hope_evasion_at);
      if (!hit && nat + bonus >= ev - sh) ++feat(pc(t).cards[static_cast<std::size_t>(pc(t).hope_evasion_card)].feat).uses;
    }
    ENCSIM_SAY(log_, "  d20 %d%s %+d = %d vs Evasion %d of %s: %s", nat,
               adv_roll ? " (advantage)" : dis_roll ? " (disadvantage)" : "", bonus,
               nat + bonus, ev, pname(t), nat == 20 ? "critical" : hit ? "hit" : "miss");
    if (party_.evasion_vs && battle_bonded(t, j)) ++feat(pc(t).companion.feat_battle_bonded).uses;
    bool stopped = false;  // Counterspell stopped it (play_defence.hpp)
    if (hit && party_.attacked_reactions && opt_.cards) {  // Wings, Danger Sense... (play_defence.hpp)
      const Dice& d = e.standard_damage ? a.damage : e.damage;
      hit = card_attacked(t, j, bonus, ev, adv_roll, dis_roll, &nat, members * d.mean(), members * d.max_dice(),
                          e.direct || a.direct, e.standard_damage ? a.type_of_damage : e.type);
      stopped = std::exchange(countered_, false);
    }
    if (hit && not_this_time(t, nat)) {
      nat = roll_d20(adv_roll, dis_roll);
      hit = nat == 20 || nat + bonus >= ev;
      ENCSIM_SAY(log_, "  rerolled: d20 %d: %s", nat, hit ? "hit" : "miss");
    }
    if (hit && pc_[t].layers > 0) [[unlikely]]  // Confusing Aura (play_guise.hpp)
      hit = layers_hold(t, members * (e.standard_damage ? a.damage : e.damage).mean());
    if (pc_[t].fero_evasion > 0) [[unlikely]]  // Ferocity lasts until after this attack (play_boosts.hpp)
      fero_ends(t, hit, !hit && !stopped && nat + bonus >= ev - pc_[t].fero_evasion);
    // A stopped attack is over, for every target it had left, with nothing
    // that would follow it: no miss reaction answers it either.
    if (stopped) [[unlikely]] break;
    if (!hit) {
      if (opt_.cards && pc(t).has_miss_reactions) {
        miss_type_ = e.standard_damage ? a.type_of_damage : e.type;  // Vanishing Dodge (play_guise.hpp)
        card_event(t, CardTrigger::missed, RollResult::crit, false, j);  // play_cards.hpp
      }
      continue;
    }
    affected = true;
    radv(j).struck(area, nat == 20);
    if (pc_[t].evasion_bonus > 0) pc_[t].evasion_bonus = 0;  // Rogue's Dodge ends when an attack succeeds
    last_hit_by_[t] = j;
    if (opt_.cards && pc(t).has_struck_reactions) card_struck(t, j);  // Revenge (play_defence.hpp)
    // The damage: the standard (the Horde's once half its HP are marked, or
    // the alternative), or the effect's own; a Group Attack adds every member's.
    const Dice* dice = &e.damage;
    int alt_fear = 0;
    if (e.standard_damage) {
      dice = &a.damage;
      if (a.horde && 2 * s.hp_marked >= a.hp) dice = &a.horde_damage;
      if (alt_applies(j, adv_roll, was_hidden)) dice = &a.alt_damage, alt_fear = a.alt_fear;
    }
    if (dmg < 0) {
      dmg = 0;
      for (int m = 0; m < members; ++m) dmg += dice->roll(dice_);
      dmg += before_damage(j);
    }
    const int total = dmg + (nat == 20 ? members * dice->max_dice() : 0);
    if (alt_fear > 0) gain_fear(alt_fear, kFearGainedFeatures);
    // An ally's card may take the hit (I Am Your Shield, Loyal Protector) or
    // lower it (Partners-in-Arms): u takes the damage; with `whole`, it is the
    // attack's target from here on (play_defence.hpp).
    int u = t, down = 0;
    bool all_armor = false, whole = false;
    if (party_.ally_reactions && opt_.cards && total > 0) [[unlikely]]
      u = card_ally_damaged(t, total, e.type, e.direct || a.direct, &down, &all_armor, &whole);
    const int held = pc(u).has_retaliate_stance ? pc_[u].stance : -1;  // a stance that deals damage back (Fire)
    in_attack_ = true;  // a `hurt` pool fills from an attack's HP (play_pool.hpp)
    const int marks =
        total > 0 || e.shred_armor ? damage_pc(u, total, e.type, e.direct || a.direct, e.shred_armor, j, down, all_armor) : 0;
    in_attack_ = false;
    if (held >= 0 && total > 0) retaliate(u, j, held);  // play_attack.hpp
    if (marks > 0 && pc(u).hurt_clear_stress > 0) hurt_clear(u);  // a passive (Rise Up, play_cards.hpp)
    const int v = whole ? u : t;
    on_hit(j, e, v);
    adversary_reaction(j, Trigger::hit, v, total, marks);
    if (n_npc_ > 0) npc_trigger(Trigger::pc_hit, v, j);  // NPC allies' features (pcs.hpp)
  }
  fear_from(e, affected);
}

// How many of adversary j's kind would join its group attack: those standing
// that can act (a Stunned one takes no action: play_spells.hpp).
template <class R, class Log>
inline int Battle<R, Log>::group_members(int j) const {
  int n = 0;
  for (int k = 0; k < n_adv_; ++k) n += adv_[k].alive && !adv_[k].stunned && adv(k).kind == adv(j).kind;
  return n;
}

template <class R, class Log>
inline bool Battle<R, Log>::alt_applies(int j, bool advantage, bool hidden) const {
  const Adversary& a = adv(j);
  switch (a.alt_when) {
    case Adversary::AltWhen::pack:
      for (int k = 0; k < n_adv_; ++k)
        if (k != j && adv_[k].alive && adv(k).kind == a.kind) return true;
      return false;
    case Adversary::AltWhen::advantage: return advantage;
    case Adversary::AltWhen::hidden: return hidden;
    default: return false;
  }
}

template <class R, class Log>
inline int Battle<R, Log>::roll_d20(bool advantage, bool disadvantage) {
  const int a = dice_.die(20);
  if (!advantage && !disadvantage) return a;
  const int b = dice_.die(20);
  return advantage ? std::max(a, b) : std::min(a, b);
}

// Reactions before damage (Overload, Reaper): paid with Stress when it can.
template <class R, class Log>
inline int Battle<R, Log>::before_damage(int j) {
  int bonus = 0;
  const Adversary& a = adv(j);
  if (!(a.triggers >> static_cast<unsigned>(Trigger::before_damage) & 1u)) return 0;
  for (std::size_t f = 0; f < a.features.size(); ++f) {
    const Feature& ft = a.features[f];
    if (!ft.modelled || ft.trigger != Trigger::before_damage || !reaction_affordable(j, static_cast<int>(f))) continue;
    use_reaction(j, static_cast<int>(f));
    bonus += ft.effect.damage_bonus_marked_hp ? adv_[j].hp_marked : ft.effect.damage_bonus;
    if (ft.effect.spotlight_again) adv_[j].spotlights = std::max(0, adv_[j].spotlights - 1);
    ENCSIM_SAY(log_, "  %s: +%d damage", ft.name.c_str(), bonus);
  }
  return bonus;
}

// What a use does to each target it hits (or who fails the reaction roll).
template <class R, class Log>
inline void Battle<R, Log>::on_hit(int j, const Effect& e, int t) {
  if (!standing(t)) return;
  if (e.target_stress > 0) mark_stress(t, e.target_stress);
  if (e.target_hp > 0) mark_hp(t, e.target_hp, j);
  if (!standing(t)) return;
  if (e.pc_hope != 0) {
    pc_[t].hope = std::clamp(pc_[t].hope + e.pc_hope, 0, hope_cap(t));
    ENCSIM_SAY(log_, "  %s %s %d Hope (%d)", pname(t), e.pc_hope > 0 ? "gains" : "loses", std::abs(e.pc_hope),
               pc_[t].hope);
  }
  bool vul = e.vulnerable, res = e.restrained;
  if ((vul || res) && pc_[t].unstoppable > 0) {  // class_play.hpp: nothing to count
    ENCSIM_SAY(log_, "  %s is Unstoppable: neither Vulnerable nor Restrained", pname(t));
    return;
  }
  const bool held = res && pc(t).form_stance && unbound(t);  // can't be Restrained: Force of Nature (play_forms.hpp)
  if ((vul || (res && !held)) && pc(t).avoid_card >= 0 && !pc_[t].avoid_used) [[unlikely]] {  // Bold Presence (play_guise.hpp)
    bool bound = res && !held;
    avoid_condition(t, &vul, &bound);
    res = bound || held;
  }
  if (adv_feat_[j] >= 0) feat(adv_feat_[j]).conditions += (vul ? 1 : 0) + (res && !held ? 1 : 0);
  if (vul) {
    pc_[t].vulnerable = true;
    pc_[t].vuln_until = e.until;
    ENCSIM_SAY(log_, "  %s is Vulnerable", pname(t));
  }
  if (held) [[unlikely]] {
    ENCSIM_SAY(log_, "  %s can't be Restrained (%s)", pname(t), pc(t).cards[static_cast<std::size_t>(pc_[t].stance)].def->name.c_str());
  } else if (res) {
    pc_[t].restrained = true;
    pc_[t].restrain_difficulty = difficulty(j);
    ENCSIM_SAY(log_, "  %s is Restrained", pname(t));
  }
}

// The GM's Fear from a use that affected anyone: once per use.
template <class R, class Log>
inline void Battle<R, Log>::fear_from(const Effect& e, bool affected) {
  if (affected && e.gain_fear > 0) {
    gain_fear(e.gain_fear, kFearGainedFeatures);
  }
}

template <class R, class Log>
inline void Battle<R, Log>::reaction_rolls(int j, const Effect& e, const int* targets, int n) {
  // With damage it is an attack, counted per target: a failed roll is a hit.
  const bool harms = !(e.damage.is_constant() && e.damage.flat() == 0);
  const bool area = e.targets > 1;
  const int dmg = harms ? e.damage.roll(dice_) : 0;
  const int dc = e.difficulty > 0 ? e.difficulty : difficulty(j);
  bool affected = false;
  for (int k = 0; k < n; ++k) {  // one use against each target, on the last blow too
    const int t = targets[k];
    if (!standing(t)) continue;
    if (harms) radv(j).aimed(area);
    // A `reaction_roll` card's advantage (Quick Reactions, play_defence.hpp): a d6 added.
    const int adv = opt_.cards && pc(t).has_reaction_roll_reactions ? reaction_advantage(t, j, e, dmg, dc) : 0;
    const ReactionRoll roll = reaction_roll(trait_of(t, e.trait), dc, adv > 0);
    ENCSIM_SAY(log_, "  %s's reaction roll %d%s vs %d: %s", pname(t), roll.total, adv > 0 ? " (advantage)" : "", dc,
               roll.ok ? "success" : "failure");
    if (roll.ok) {
      if (e.half_on_success && dmg > 0) damage_pc(t, dmg / 2, e.type, e.direct, false, j);
      continue;
    }
    affected = true;
    if (harms) radv(j).struck(area, false);
    if (dmg > 0) damage_pc(t, dmg, e.type, e.direct, false, j);
    on_hit(j, e, t);
  }
  fear_from(e, affected);
}

template <class R, class Log>
inline bool Battle<R, Log>::reaction_affordable(int j, int f) const {
  const Feature& ft = adv(j).features[static_cast<std::size_t>(f)];
  if (adv_[j].uses[static_cast<std::size_t>(f)] == 0) return false;
  if (ft.stress > adv(j).stress - adv_[j].stress_marked) return false;
  if (ft.hp > 0 && ft.hp >= adv_hp_left(j)) return false;
  if (hushed(j, ft)) [[unlikely]] return false;  // Silenced: no spell (play_foes.hpp)
  return can_spend(ft.fear);
}

template <class R, class Log>
inline void Battle<R, Log>::use_reaction(int j, int f) {
  const Feature& ft = adv(j).features[static_cast<std::size_t>(f)];
  int& uses = adv_[j].uses[static_cast<std::size_t>(f)];
  if (uses > 0) --uses;
  pay(j, ft);
  ++radv(j).extra[kExtraFeaturesUsed];
  if (ft.countdown >= 0) start_countdown(ft.countdown);
}

// Reactions of adversary j on `trigger` (a defeated adversary still
// reacts to its own defeat).
template <class R, class Log>
[[gnu::always_inline]] inline void Battle<R, Log>::adversary_reaction(int j, Trigger trigger, int pc_index, int dmg,
                                                                      int marks) {
  // A reaction may set off another (a Death Quake downing a PC), but no
  // deeper: a `hit` reaction that attacks would otherwise never end.
  if (reaction_depth_ >= 2 || !(adv(j).triggers >> static_cast<unsigned>(trigger) & 1u)) return;
  ++reaction_depth_;
  react(j, trigger, pc_index, dmg, marks);
  --reaction_depth_;
}

template <class R, class Log>
[[gnu::noinline]] inline void Battle<R, Log>::react(int j, Trigger trigger, int pc_index, int dmg, int marks) {
  const Adversary& a = adv(j);
  if (adv_[j].stunned) [[unlikely]] return;  // Stunned: no reaction (play_spells.hpp)
  if (time_stop_ >= 0) [[unlikely]] {  // time stopped (Timejammer, play_time.hpp): a frozen foe does not react
    ENCSIM_SAY(log_, "  %s is frozen in time: no reaction", aname(j));
    return;
  }
  for (std::size_t f = 0; f < a.features.size(); ++f) {
    const Feature& ft = a.features[f];
    if (!ft.modelled || ft.kind != Feature::Kind::reaction || ft.trigger != trigger) continue;
    if (trigger == Trigger::marks_hp && marks < ft.at_least) continue;
    if (trigger != Trigger::defeated && !adv_[j].alive) continue;
    // No check of the fight's end: a reaction belongs to the blow that set it
    // off, and the last blow's Fear and damage count like any other.
    if (!reaction_affordable(j, static_cast<int>(f))) continue;
    ENCSIM_SAY(log_, "  %s reacts: %s", aname(j), ft.name.c_str());
    use_reaction(j, static_cast<int>(f));
    const UsingFeature acting(adv_feat_[j], ft.table);
    if (trigger == Trigger::hit && ft.effect.kind == Effect::Kind::none) {
      on_hit(j, ft.effect, pc_index);  // e.g. Bloodseeker: the target marks another HP
      fear_from(ft.effect, true);
      continue;
    }
    run_effect(j, ft.effect, Target::random, pc_index, dmg);
  }
}

template <class R, class Log>
inline void Battle<R, Log>::adversary_reaction_all(Trigger trigger, int pc_index) {
  for (int j = 0; j < n_adv_; ++j)
    if (adv_[j].alive) adversary_reaction(j, trigger, pc_index, 0);
}

// ---- countdowns -----------------------------------------------------------
template <class R, class Log>
inline void Battle<R, Log>::start_countdown(int c) {
  const Countdown& cd = enc_.countdowns[static_cast<std::size_t>(c)];
  CdState& s = cd_[c];
  if (s.active) return;
  s.started = true;
  s.start = std::max(1, cd.start.roll(dice_));
  s.value = s.start;
  s.active = true;
  ENCSIM_SAY(log_, "Countdown %s starts at %d", cd.name.c_str(), s.value);
}

// Seed 000, "Dynamic countdown advancement".
template <class R, class Log>
inline int Battle<R, Log>::dynamic_ticks(Countdown::Advance a, RollResult r) {
  static constexpr int kProgress[] = {3, 2, 1, 0, 0};     // crit, success hope, success fear, fail hope, fail fear
  static constexpr int kConsequence[] = {0, 0, 1, 2, 3};
  return a == Countdown::Advance::progress ? kProgress[static_cast<int>(r)] : kConsequence[static_cast<int>(r)];
}

// `roll`: a PC action roll was made (with `attack` and its result); else a GM turn began.
template <class R, class Log>
inline void Battle<R, Log>::advance_countdowns(RollResult r, bool attack, bool roll) {
  for (int c = 0; c < static_cast<int>(enc_.countdowns.size()) && !over(); ++c) {
    CdState& s = cd_[c];
    if (!s.active) continue;
    const Countdown& cd = enc_.countdowns[static_cast<std::size_t>(c)];
    int ticks = 0;
    switch (cd.advance) {
      case Countdown::Advance::action_roll: ticks = roll ? 1 : 0; break;
      case Countdown::Advance::attack_roll: ticks = roll && attack ? 1 : 0; break;
      case Countdown::Advance::pc_miss: ticks = roll && attack && !succeeded(r) ? 1 : 0; break;
      case Countdown::Advance::gm_turn: ticks = roll ? 0 : 1; break;
      default: ticks = roll ? dynamic_ticks(cd.advance, r) : 0; break;
    }
    if (ticks == 0) continue;
    s.value -= ticks;
    ENCSIM_SAY(log_, "  countdown %s: %d", cd.name.c_str(), s.value);
    if (s.value > 0) continue;
    ++res(kCountdownsTriggered);
    ENCSIM_SAY(log_, "Countdown %s triggers", cd.name.c_str());
    switch (cd.loop) {
      case Countdown::Loop::none: s.active = false; break;
      case Countdown::Loop::loop: s.value = s.start; break;
      case Countdown::Loop::increasing: s.value = ++s.start; break;
      case Countdown::Loop::decreasing: s.start = std::max(1, s.start - 1), s.value = s.start; break;
    }
    countdown_effect(cd);
  }
}

template <class R, class Log>
inline void Battle<R, Log>::countdown_effect(const Countdown& cd) {
  const Effect& e = cd.effect;
  if (e.outcome >= 0) {
    outcome_ = e.outcome == 0 ? Outcome::party_win : Outcome::foes_win;
    return;
  }
  if (cd.side == 0) {
    party_effect(-1, e, -1, -1, -1);
    return;
  }
  if (e.kind == Effect::Kind::gain_fear) {
    gain_fear(e.gain_fear, kFearGainedFeatures);
    return;
  }
  // A feature's countdown acts for its owner, while it stands; a scene's
  // acts as the first standing adversary with the countdown's own modifier.
  if (cd.owner >= 0) {
    if (!adv_[cd.owner].alive) return;
    ++feat(cd.table).uses;
    const UsingFeature acting(adv_feat_[cd.owner], cd.table);
    run_effect(cd.owner, e, Target::random, -1, 0);
    return;
  }
  for (int j = 0; j < n_adv_; ++j)
    if (adv_[j].alive) {
      Effect copy = e;
      copy.attack_bonus = cd.atk - adv(j).atk;
      run_effect(j, copy, Target::random, -1, 0);
      return;
    }
}

}  // namespace encsim::daggerheart
