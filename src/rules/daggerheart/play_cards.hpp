// Domain cards in the fight (cards.hpp): what a card's roll and effects do
// once a PC plays it (card_value.hpp weighs which one: by expected value
// against its weapon, or by tactics `do: card:NAME`), and the `damaged` reactions.
// Included at the end of battle.hpp; not meant to be included on its own.
// docs/rules/daggerheart.md, "Domain cards", records every reading.
#pragma once

#include <algorithm>
#include <cmath>

namespace encsim::daggerheart {

// What a PC's Hope and Stress are worth, in HP, when a card costs them: a
// Hope also buys Experiences, help and the 3-Hope class feature, so half an
// HP; a Stress a quarter (the adversaries' value rule, Play::stress_cost).
// An Armor Slot spent on a reaction: half an HP (it would take an HP off a later hit).
inline constexpr double kHopeWorth = 0.5, kStressWorth = 0.25, kArmorWorth = 0.5;

template <class R, class Log>
inline int Battle<R, Log>::spellcast_mod(int i) const {
  const int t = pc(i).spellcast;
  return t < 0 ? 0 : trait_of(i, static_cast<Trait>(t));
}

// A card's roll modifier: a named trait's (`roll: trait`), an attack roll's
// with the PC's weapon (`roll: attack` with hp_marks), else the Spellcast trait's.
// A rider's penalty when the roll is an attack roll (attack_roll; `lift`: Telekinesis's lift).
template <class R, class Log>
[[gnu::always_inline]] inline int Battle<R, Log>::roll_mod(int i, const CardEffect& e, bool lift) const {
  if (e.roll == CardRoll::attack) {
    const PcWeapon& w = attack_of(i);
    return trait_of(i, w.trait) + w.attack_bonus + attack_plus(i);  // attack_plus: a rider's penalty
  }
  const int ride = pc_[i].steed != 0 && attack_roll(e, lift) ? pc_[i].steed : 0;  // Conjured Steeds (play_mount.hpp)
  return (e.trait >= 0 ? trait_of(i, static_cast<Trait>(e.trait)) : spell_roll_mod(i)) - ride;
}

// How many adversaries an area card reaches, by range band (options area_*, as adversary areas).
template <class R, class Log>
inline int Battle<R, Log>::area_reach(Range r) const {
  switch (r) {
    case Range::melee:  // all within Melee range: as many as Very Close reaches (the foes beside the caster)
    case Range::very_close: return opt_.area_very_close;
    case Range::close: return opt_.area_close;
    default: return opt_.area_far;
  }
}

template <class R, class Log>
inline bool Battle<R, Log>::card_usable(int i, int k) const {
  const CardDef& d = *pc(i).cards[static_cast<std::size_t>(k)].def;
  const CardEffect& e = d.effect;
  if (d.status != CardStatus::modelled || e.when != CardWhen::action) return false;  // a passive or reaction: nothing more to weigh
  const PcState& s = pc_[i];
  // The Hope a class Hope feature needs is kept (options card_hope_reserve).
  const int keep = hope_keep(i, e.hope);
  // Out of uses, a card with refill_stress is usable for that Stress more (Unleash Chaos).
  const bool empty = s.card_uses[static_cast<std::size_t>(k)] == 0;
  const int refill = empty ? e.refill_stress : 0;
  // In Beastform no spell is cast (Spell and Grimoire cards); abilities stay.
  return (!empty || refill > 0) && !(s.beast && d.spell) &&
         s.hope >= e.hope + keep + copy_due(i, k) &&  // Copycat's Hope before its first use (play_copy.hpp)
         e.stress + refill <= stress_room(i, e.stress + refill);  // never a Stress it cannot mark
}

// Whether PC i can play card k as a `trig` reaction now: modelled and live
// (not inert), a use left, not a spell in Beastform, its Hope with `keep`
// more left after paying, its Stress and Armor Slots free (no Armor Slot in a
// no_armor stance: Frenzy). The reactions' own conditions are the caller's.
template <class R, class Log>
inline bool Battle<R, Log>::card_payable(int i, int k, CardTrigger trig, int keep) const {
  const Pc& p = pc(i);
  const PcCard& c = p.cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  const PcState& s = pc_[i];
  return c.live() && e.trigger == trig && s.card_uses[static_cast<std::size_t>(k)] != 0 && !(s.beast && c.def->spell) &&
         s.hope >= e.hope + keep + copy_due(i, k) && e.stress <= stress_room(i, e.stress) && s.armor_marked + e.armor <= p.armor_slots &&
         !(e.armor > 0 && s.no_armor) &&
         (e.only_while == OnlyWhile::any || (e.only_while == OnlyWhile::stance ? s.stance >= 0 : s.beast));
}

// The weapon on t, or a card worth more, or the companion's attack on t
// worth more than both (companion_play.hpp). Returns true when the spotlight passes.
template <class R, class Log>
inline bool Battle<R, Log>::attack_or_card(int i, int t, const PcWeapon& w) {
  int ct = -1;
  double card = 0.0;
  const bool main = &w == &attack_of(i);
  const int k = main ? best_card(i, t, &ct, &card) : -1;
  if (main && t >= 0 && companion_ready(i) &&
      companion_value(i, t) > (k >= 0 ? card : weapon_value(i, t)))
    return command_companion(i, t);
  if (k >= 0) return play_card(i, k, ct);
  return t >= 0 && pc_attack(i, t, w, false);
}

template <class R, class Log>
inline int Battle<R, Log>::roll_card_dice(int i, const CardDice& d, bool crit, int more_prof, bool keep) {
  const int n = d.dice(pc(i).proficiency + more_prof, spellcast_mod(i));
  int sum = d.flat + (crit ? n * d.sides : 0);
  if (keep) [[unlikely]] {  // a card attack's damage: its highest and lowest die, for the `hit` reactions (card_hit)
    top_die_ = 0;
    low_die_ = d.sides;
    for (int q = 0; q < n; ++q) {
      const int x = dice_.die(d.sides);
      sum += x;
      top_die_ = std::max(top_die_, x);
      low_die_ = std::min(low_die_, x);
    }
    return sum;
  }
  for (int q = 0; q < n; ++q) sum += dice_.die(d.sides);
  return sum;
}

// Pays card k's costs and counts its use (features.csv): one of its limited
// uses, its Hope or Stress, and the Armor Slots a reaction marks.
template <class R, class Log>
inline void Battle<R, Log>::pay_card(int i, int k, bool count) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  PcState& s = pc_[i];
  if (s.copy_state == kCopyReady && k == pc(i).copy_card) [[unlikely]] pay_copy(i, k);  // Copycat's first use (play_copy.hpp)
  std::int8_t& uses = s.card_uses[static_cast<std::size_t>(k)];
  if (uses == 0 && e.refill_stress > 0) [[unlikely]] {  // Unleash Chaos: a Stress puts its tokens back
    mark_stress(i, e.refill_stress);
    uses = static_cast<std::int8_t>(card_uses_full(pc(i), static_cast<std::size_t>(k)));
    ENCSIM_SAY(log_, "  %s marks %d Stress to refill %s (%d uses)", pname(i), e.refill_stress, c.def->name.c_str(), uses);
  }
  if (uses > 0 && --uses == 0 && party_.renewers && e.when == CardWhen::action && opt_.cards) [[unlikely]] renew(i, k);  // Invigoration (play_strikes.hpp)
  FeatureRecord& used = feat(c.feat);
  if (count) ++used.uses;
  used.spent += e.hope > 0 ? e.hope : e.stress;
  if (e.hope > 0) spend_hope(i, e.hope, kHopeSpentCards);
  if (e.stress > 0) mark_stress(i, e.stress);
  if (party_.veils && s.veil != 0 && c.def->spell) [[unlikely]] end_veil(i);  // a spell cast, a reaction's too (play_dark.hpp)
  if (e.armor > 0) {
    s.armor_marked += e.armor;
    rpc(i).extra[kExtraArmorUsed] += e.armor;
    res(kArmorSlotsUsed) += e.armor;
    check_all_armor_marked();
  }
  if (e.vault_on > 0) [[unlikely]] {  // Shrug It Off: a d6 may send the card to the vault after this use
    const int d = dice_.die(6);
    const bool lost = d <= e.vault_on;
    if (lost) s.card_uses[static_cast<std::size_t>(k)] = 0;
    ENCSIM_SAY(log_, "  %s's %s: d6 %d%s", pname(i), c.def->name.c_str(), d,
               lost ? ": the card goes to the vault after this use" : ": it stays in the loadout");
    if (lost && party_.copied) [[unlikely]] copy_vaulted(i, k);  // a Copycat's copy of it ends (play_copy.hpp)
  }
}

// Plays card k (its costs paid here). `t`: the target card_value chose (-1:
// choose now). Returns true when the spotlight passes to the GM.
template <class R, class Log>
inline bool Battle<R, Log>::play_card(int i, int k, int t) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  PcState& s = pc_[i];
  if (e.immunity >= 0 || e.time_stop > 0) [[unlikely]] return play_yarrow(i, k, t);  // Book of Yarrow (play_time.hpp)
  ENCSIM_SAY(log_, "%s plays %s", pname(i), c.def->name.c_str());
  if (party_.veils && s.veil != 0 && c.def->spell) [[unlikely]] end_veil(i);  // another spell cast (play_dark.hpp)
  // A Copycat copy's Hope buys the card as it is first played, before any roll (play_copy.hpp).
  if (s.copy_state == kCopyReady && k == pc(i).copy_card) [[unlikely]] pay_copy(i, k);
  if (e.roll != CardRoll::none && pc(i).form_stance && s.stance >= 0) [[unlikely]] upkeep_first(i);  // before the card's own cost
  if (e.banish) [[unlikely]] return banish_spell(i, k, t);  // its use paid on a banishment (play_strikes.hpp)
  bool paid = !e.pay_on_success;  // pay_on_success: the costs and the use wait for a success
  if (paid)
    pay_card(i, k);
  else
    ++feat(c.feat).uses;
  if (e.fear > 0) gain_fear(e.fear, kFearGainedFeatures);
  if (e.fear < 0 && paid) fear_ = std::max(0, fear_ + e.fear);  // pay_on_success: on the success (take_fear)
  const bool at_enemies = e.target == CardTarget::enemy || e.target == CardTarget::enemies;
  if (at_enemies && t < 0 && e.target == CardTarget::enemy) card_value(i, k, &t);
  if (e.throw_foe) [[unlikely]] return throw_spell(i, k, t);  // Telekinesis (play_strikes.hpp)
  if (e.roll == CardRoll::attack && e.hp_marks == 0 && !e.split_damage && !e.dwindle) {
    if (t < 0) return false;
    if (e.advantage) s.advantage_next = true;
    pending_card_ = k;
    const bool pass = pc_attack(i, t, attack_of(i), false);
    pending_card_ = -1;
    return pass;
  }
  ++rpc(i).actions;
  // The targets: the chosen adversary, or every one it reaches (most HP
  // marked by the card first), or PCs.
  int targets[Encounter::kMaxAdversaries];
  int n = 0;
  if (e.target == CardTarget::enemy && t >= 0) targets[n++] = t;
  if (e.target == CardTarget::enemies) {
    const int reach = e.split_damage ? area_reach(attack_of(i).range) : card_reach(e);  // split_damage: the weapon's range
    double worth[Encounter::kMaxAdversaries];  // weighed once: nothing changes while it picks
    for (int j = 0; j < n_adv_; ++j)
      worth[j] = !adv_[j].alive ? 0.0 : e.split_damage || e.dwindle ? weapon_value(i, j) : card_on_value(i, e, j, 0.0);
    while (n < reach) {
      const int u = best_by(
          n_adv_,
          [&](int j) { return adv_[j].alive && std::find(targets, targets + n, j) == targets + n; },
          [&](int j) { return worth[j]; });
      if (u < 0) break;
      targets[n++] = u;
    }
  }
  RollResult r = RollResult::success_hope;  // no roll: the party keeps the spotlight
  int total = 0;
  const bool rolled = e.roll != CardRoll::none;  // a spellcast, trait or attack roll (an attack with hp_marks)
  if (rolled) {
    const int diff = e.difficulty > 0 ? e.difficulty : n > 0 ? difficulty(targets[0]) : 10;
    const int net = n > 0 ? (adv_[targets[0]].vulnerable ? 1 : 0) - (adv_[targets[0]].hidden ? 1 : 0) + rally_adv(i) +
                                (at_enemies && pc(i).attack_advantage && harms(e) ? 1 : 0) +  // Shadowhunter: an attack roll
                                (at_enemies && harms(e) ? veil_adv(i, e.range) : 0)  // Veil of Night (play_dark.hpp)
                          : 0;
    if (party_.gifts && n == 1 && e.target == CardTarget::enemy && adv_[targets[0]].gift_from >= 0) take_gift(i, targets[0]);
    roll_vs_ = at_enemies && n == 1 && e.target != CardTarget::enemies ? targets[0] : -1;  // Ranger's Focus
    roll_trait_ = e.roll == CardRoll::attack ? static_cast<int>(attack_of(i).trait) : e.trait >= 0 ? e.trait : pc(i).spellcast;
    const int sure = n > 0 && adv_[targets[0]].hidden && pc(i).no_disadvantage == roll_trait_ ? 1 : 0;  // Surefooted
    if (sure > 0) [[unlikely]] {
      const PcCard& sc = pc(i).cards[static_cast<std::size_t>(pc(i).no_disadvantage_card)];
      ++feat(sc.feat).uses;
      ENCSIM_SAY(log_, "  %s: %s ignores the disadvantage (%s is Hidden)", sc.def->name.c_str(), pname(i), aname(targets[0]));
    }
    roll_spell_ = e.roll == CardRoll::spellcast;
    roll_self_ = e.target == CardTarget::self;  // at no other creature: Spectral stays (play_forms.hpp)
    if (at_enemies && (e.damage.present() || e.hp_marks > 0))  // an attack: made Cloaked, it has Sneak Attack (pcs.hpp, sneak_ok)
      cloaked_attack_ = (s.unseen & kCloaked) != 0 ? i : -1;
    if (at_enemies && (e.damage.present() || e.hp_marks > 0) && (s.unseen & kEndsOnAttack)) [[unlikely]] {  // a spell's attack ends Cloaked as a weapon's does
      s.unseen &= ~kEndsOnAttack;
      ENCSIM_SAY(log_, "  %s attacks: no longer Cloaked", pname(i));
    }
    const int helped = roll_spell_ && party_.spell_help && opt_.cards ? help_spell(i) : 0;  // Enchanted Aid (play_traits.hpp)
    spell_owed_ = paid ? 0 : e.hope;  // a Hope for Nature's Tongue leaves what a success will cost (play_boons.hpp)
    if (s.steed != 0 && attack_roll(e)) [[unlikely]] steed_roll(i);  // an attack roll (play_mount.hpp)
    r = action_roll(i, roll_mod(i, e) - again(i, e, n > 0 ? targets[0] : -1), net + sure + helped, diff, &total, at_enemies);
    spell_owed_ = 0;
    if (helped > 0) [[unlikely]] help_sides_ = 0, roll_helper_ = -1;
    if (roll_spell_ && c.def->spell && succeeded(r) && pc(i).has_spotlight_end) [[unlikely]] spell_hit_ = true;  // Cloaking Blast
    if (r == RollResult::crit && roll_spell_ && c.def->spell && pc(i).has_crit_use) [[unlikely]] crit_use(i, *c.def);  // play_boosts.hpp
    roll_vs_ = -1;
    roll_trait_ = -1;
    roll_spell_ = false;
    roll_self_ = false;
    if (!succeeded(r) && e.spent_on_fail) [[unlikely]] spent_on_fail(i, k);  // Resurrection (play_forms.hpp)
    if (over()) return false;
    if (!standing(i)) return passes(r);
  }
  const bool crit = r == RollResult::crit;
  const bool area = n > 1 || e.target == CardTarget::enemies;
  if (at_enemies && e.kill_at > 0) [[unlikely]] {
    kill_spell(i, k, r, &paid);  // Disintegration Wave (play_spells.hpp)
  } else if (at_enemies && e.split_damage) [[unlikely]] {
    split_strike(i, k, targets, n, r, rolled ? total : kBeatsAny, &paid);  // Splintering Strike (play_marks.hpp)
  } else if (at_enemies && e.dwindle) [[unlikely]] {
    run_strike(i, k, targets, n, r, rolled ? total : kBeatsAny);  // Deathrun (play_strikes.hpp)
  } else if (at_enemies && e.save > 0) [[unlikely]] {
    save_effects(i, k, targets, n, r, rolled ? total : kBeatsAny, &paid);  // the targets roll (Night Terror, play_foes.hpp)
  } else if (at_enemies) {
    bool struck = false;  // a damage roll landed: an attack that succeeded
    CardAttack attack{r};  // a rolled card's attack: its `hit` reactions and Sneak Attack (card_on_enemy)
    for (int q = 0; q < n; ++q) {
      const int u = targets[q];
      // A fixed Difficulty: success affects all; else each target's own.
      const bool ok = succeeded(r) && (!rolled || crit || e.difficulty > 0 || difficulty(u) <= total);
      const bool harms = e.damage.present() || e.hp_marks > 0;
      if (harms) rpc(i).aimed(area);
      if (!ok || !adv_[u].alive) continue;
      if (!paid) {  // the first target beaten: the costs are paid now
        ENCSIM_SAY(log_, "  %s succeeds: its costs are paid", c.def->name.c_str());
        pay_card(i, k, false), paid = true;
        if (e.fear < 0) [[unlikely]] take_fear(c);  // play_foes.hpp
      }
      if (harms) rpc(i).struck(area, crit), struck = true;
      if (pc(i).has_toll && rolled && !e.damage.present()) [[unlikely]] toll_token(i, u);  // Twilight Toll (play_marks.hpp)
      card_on_enemy(i, c, u, crit ? kBeatsAny : e.roll == CardRoll::none ? kBeatsAny : total, crit, rolled ? &attack : nullptr);
      if (dark_from_ >= 0 && area && rolled && (crit || r == RollResult::success_hope)) [[unlikely]] dark_stress(u);  // Eclipse
      if (over()) break;
    }
    if (succeeded(r)) card_for_pc(i, c, i);  // what it does for the caster too
    // A rolled spell's damage is an attack: crit and after_hit cards.
    if (rolled && struck && pc(i).has_attack_reactions) {
      if (crit) card_event(i, CardTrigger::crit, r, false, targets[0]);
      card_event(i, CardTrigger::after_hit, r, false, targets[0]);
    }
  } else if (succeeded(r)) {
    if (!paid) pay_card(i, k, false);
    if (e.zone_die > 0) [[unlikely]] {
      start_zone(i, k);  // play_zone.hpp
    } else if (e.spectral >= 0) [[unlikely]] {
      become_spectral(i, k);  // Specter of the Dark (play_forms.hpp)
    } else if (e.guise()) [[unlikely]] {
      start_guise(i, k);  // Confusing Aura, Overwhelming Aura (play_guise.hpp)
    } else if (e.cloak > 0) [[unlikely]] {
      start_cloud(i, k);  // Dark Cloud (play_dark.hpp)
    } else if (e.veil) [[unlikely]] {
      start_veil(i, k);  // Veil of Night (play_dark.hpp)
    } else if (e.hold_line) [[unlikely]] {
      start_hold(i, k);  // Hold the Line (play_dark.hpp)
    } else if (e.revive) [[unlikely]] {  // Resurrection (play_forms.hpp)
      if (t < 0) t = revive_target(i);
      if (t >= 0) revive(i, c, t);
    } else if (e.invisible) [[unlikely]] {  // Invisibility: one PC (play_party.hpp)
      if (t < 0) t = invisible_target(i);
      if (t >= 0) make_invisible(i, c, t);
    } else if (e.hp_per_stress > 0) [[unlikely]] {
      beam(i, c);  // Salvation Beam (play_spells.hpp)
    } else if (e.darkness) [[unlikely]] {
      start_dark(i, k);  // Eclipse (play_spells.hpp)
    } else if (e.sprites > 0) [[unlikely]] {
      summon_sprites(i, k);  // Forest Sprites (play_strikes.hpp)
    } else if (e.link != 0) [[unlikely]] {
      start_link(i, k);  // Transcendent Union, Shared Clarity (play_link.hpp)
    } else if (e.dome > 0) [[unlikely]] {
      raise_dome(i, k);  // Wild Fortress (play_mount.hpp)
    } else if (e.target == CardTarget::party || e.target == CardTarget::allies) {
      if (e.upgrade_hope > 0 && upgrade_worth(i, e) > 0.0) [[unlikely]] {  // Healing Field's 2 Hope
        spend_hope(i, e.upgrade_hope, kHopeSpentCards);
        feat(c.feat).spent += e.upgrade_hope;
        heal_up_ = e.upgrade_hp;
        ENCSIM_SAY(log_, "  %s spends %d Hope: each PC clears %d HP instead", pname(i), e.upgrade_hope, e.upgrade_hp);
      }
      for (int q = 0; q < n_pc_; ++q)
        if (!pc_[q].dead && (q != i || e.target == CardTarget::party)) card_for_pc(i, c, q);
      heal_up_ = 0;
      if (e.barrier >= 0) [[unlikely]] start_barrier(i, k);  // play_zone.hpp
      if (e.allies_advantage && cry_from_ < 0) start_rally(i, c);
    } else if (e.aura_armor > 0) [[unlikely]] {
      double worth = 0.0;
      if (t < 0) t = aura_target(i, k, &worth);
      if (t >= 0) start_aura(i, k, t);  // play_zone.hpp
    } else if (e.next_targets > 0) [[unlikely]] {  // Parallela: the PC it is worth most to (play_marks.hpp)
      double worth = 0.0;
      if (t < 0) t = twin_pick(i, e, &worth);
      if (t >= 0) twin_charge(i, c, t);
    } else {
      if (t < 0)
        t = e.target == CardTarget::self ? i : e.ward ? ward_target(i) : e.take_stress ? burden_target(i) : heal_target_of(i, k);
      if (t >= 0) card_for_pc(i, c, t), healed_once(i, k, t);
    }
  } else if (e.fail_heal > 0) {  // a failure still heals a little (Healing Hands)
    if (t < 0) t = e.target == CardTarget::self ? i : heal_target_of(i, k);
    if (t >= 0) fail_heal(c, t), healed_once(i, k, t);
  }
  cloaked_attack_ = -1;  // any attack is done: a later weighing sees the cloak as it stands
  if (!succeeded(r)) ENCSIM_SAY(log_, "  %s fails", c.def->name.c_str());
  return e.roll == CardRoll::none ? false : passes(r);
}

// Card k of PC i's has healed PC t: a once_per_target card keeps it, not to
// heal t again until the card's refresh (Healing Hands).
template <class R, class Log>
inline void Battle<R, Log>::healed_once(int i, int k, int t) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  if (!c.def->effect.once_per_target) return;
  pc_[i].once_done[static_cast<std::size_t>(k)] |= static_cast<std::uint16_t>(1u << t);
  ENCSIM_SAY(log_, "  %s: %s heals %s no more until %s", c.def->name.c_str(), pname(i), pname(t),
             c.def->effect.refresh == CardRefresh::long_rest ? "a long rest" : c.def->effect.refresh == CardRefresh::rest ? "a rest" : "the session ends");
}

template <class R, class Log>
inline void Battle<R, Log>::card_on_enemy(int i, const PcCard& c, int u, int beats, bool crit, CardAttack* attack) {
  const CardEffect& e = c.def->effect;
  if (e.damage.present()) {
    const bool reacts = attack != nullptr && opt_.cards && pc(i).has_hit_reactions;  // its dice kept for them
    int dmg = roll_card_dice(i, e.damage, crit, e.damage.per_proficiency ? stressed_dice(i) + pc_[i].stance_prof : 0, reacts) +
              unstoppable_damage(i) + stance_damage(i) + vulnerable_damage(i) +
              (pc_[i].steed != 0 ? steed_damage(i) : 0);  // class_play.hpp, play_mount.hpp
    if (e.vulnerable_extra.present() && adv_[u].vulnerable) [[unlikely]] {  // Rain of Blades: more on a Vulnerable target
      const int more = roll_card_dice(i, e.vulnerable_extra, crit, 0);
      ENCSIM_SAY(log_, "  %s: %s is Vulnerable: %d more", c.def->name.c_str(), aname(u), more);
      dmg += more;
    }
    if (adv_[u].exposed_from >= 0 && e.roll != CardRoll::none) [[unlikely]] dmg += exposed_extra(u);  // an attack on a foe held by Chokehold
    ENCSIM_SAY(log_, "  %s: %d %s damage to %s%s", c.def->name.c_str(), dmg, e.type == DamageType::magic ? "magic" : "physical",
               aname(u), crit ? " (critical)" : "");
    // A rolled card's attack (`attack`): at the first target it lands on,
    // Sneak Attack's d6s join the damage roll and the `hit` reactions are
    // weighed there (pcs.hpp's order); what they add joins each target's damage.
    int hit_card = -1, hit_more = 0, plus = 0;  // the first `hit` reaction that joined, its dice, the HP marked on top
    bool mixed = false;
    if (attack != nullptr) {
      if (!attack->decided) {
        attack->decided = true;
        attack->extra = sneak_attack(i, crit);
        if (reacts) {
          const HitWith with{e.range, e.type, e.damage.sides, e.damage.per_proficiency, c.def->spell, false};
          hit_more = card_hit(i, u, with, dmg + attack->extra, crit, attack->r, &hit_card, &attack->mixed, &plus);
          attack->extra += hit_more;
        }
      } else if (attack->extra > 0) {
        ENCSIM_SAY(log_, "  +%d damage to %s, as to the first target", attack->extra, aname(u));
      }
      dmg += attack->extra;
      mixed = attack->mixed;
    }
    const auto before = rpc(i).damage_dealt;
    int familiar = 0;  // a familiar's die on a Melee spell (play_marks.hpp): the HP it adds, to the familiar's row
    if (pc_[i].familiar > 0 && e.range == Range::melee) [[unlikely]] {
      const int more = familiar_damage(i, u, dmg, e.type);
      familiar = static_cast<int>(adv_marks(u, dmg + more, e.type) - adv_marks(u, dmg, e.type) + 0.5);
      dmg += more;
    }
    // What the `hit` reactions add at u's thresholds: to the first of them, as on a weapon's hit.
    const int hit_share =
        hit_card < 0 ? 0 : plus + static_cast<int>(adv_marks(u, dmg, e.type) - adv_marks(u, dmg - hit_more, e.type) + 0.5);
    const auto spell_before = feat(c.feat).damage;
    if (pc(i).has_foe_pool && opt_.cards) [[unlikely]] {  // a foe's pool on u (play_marks.hpp): its dealing counted there
      dmg = foe_pool_spell(i, c, u, dmg, beats, e.roll != CardRoll::none, mixed, plus);
    } else {
      damage_adversary(i, u, dmg, e.type, e.range == Range::melee, beats, c.feat, mixed, 0, plus);
    }
    if (familiar > 0) [[unlikely]] {
      const auto moved = std::min<decltype(spell_before)>(familiar, feat(c.feat).damage - spell_before);
      feat(c.feat).damage -= moved;
      feat(pc(i).cards[static_cast<std::size_t>(pc_[i].familiar_card)].feat).damage += moved;
    }
    if (hit_share > 0) {
      const auto moved = std::min<decltype(spell_before)>(hit_share, std::max<decltype(spell_before)>(0, feat(c.feat).damage - spell_before));
      feat(c.feat).damage -= moved;
      feat(pc(i).cards[static_cast<std::size_t>(hit_card)].feat).damage += moved;
    }
    unstoppable_after(i, rpc(i).damage_dealt > before);
  }
  if (e.hp_marks > 0) {
    ENCSIM_SAY(log_, "  %s: %s marks %d HP", c.def->name.c_str(), aname(u), e.hp_marks);
    force_marks(i, u, e.hp_marks, c.feat);
  }
  if (e.taunt && adv_[u].alive) [[unlikely]] {  // Goad Them On: its next spotlight attacks the PC (play_party.hpp)
    adv_[u].goaded_by = i;
    ++feat(c.feat).conditions;
    ENCSIM_SAY(log_, "  %s: %s's next spotlight is an attack on %s, with disadvantage", c.def->name.c_str(), aname(u), pname(i));
  }
  if (e.stress_highest > 0 && adv_[u].alive) [[unlikely]] {  // Troublemaker: the highest of Proficiency dice
    const int n = std::max(1, pc(i).proficiency);
    int hi = 0;
    for (int q = 0; q < n; ++q) hi = std::max(hi, dice_.die(e.stress_highest));
    ENCSIM_SAY(log_, "  %s: the highest of %d d%d is %d", c.def->name.c_str(), n, e.stress_highest, hi);
    adv_mark_stress(u, hi);
  }
  card_conditions(i, c, u);
}

// The Stress and conditions a card (or an attack card's hit) puts on adversary u.
template <class R, class Log>
inline void Battle<R, Log>::card_conditions(int i, const PcCard& c, int u) {
  const CardEffect& e = c.def->effect;
  if (!adv_[u].alive) return;
  if (e.rider_hope > 0) {  // the conditions cost Hope: bought when worth at least that Hope (Forceful Push)
    const int keep = hope_keep(i);
    const double worth = conditions_value(i, e, u);
    if (worth <= 0.0 || worth < kHopeWorth * e.rider_hope || pc_[i].hope < e.rider_hope + keep) return;
    spend_hope(i, e.rider_hope, kHopeSpentCards);
    feat(c.feat).spent += e.rider_hope;
    ENCSIM_SAY(log_, "  %s spends %d Hope on %s's rider", pname(i), e.rider_hope, c.def->name.c_str());
  }
  if (e.target_stress > 0) adv_mark_stress(u, e.target_stress);
  if (e.exposed_damage.present() && adv_[u].exposed_from < 0 && !adv_[u].vulnerable) [[unlikely]] {  // Chokehold (play_foes.hpp)
    adv_[u].exposed_from = i;
    adv_[u].exposed_card = static_cast<int>(&c - pc(i).cards.data());
  }
  if (e.vulnerable && !adv_[u].vulnerable) {
    if (e.storm || e.lasting) [[unlikely]]  // held by the storm or for good (below)
      adv_[u].vulnerable = true;
    else
      make_vulnerable(u);  // temporary: until the GM spends its spotlight clearing it (play_foes.hpp)
    ++feat(c.feat).conditions;
    ENCSIM_SAY(log_, "  %s is Vulnerable%s", aname(u), adv_[u].exposed_from == i && e.exposed_damage.present() ? ": every attack on it deals more" : "");
  }
  if (e.on_fire.present()) [[unlikely]] set_fire(i, c, u);  // Cinder Grasp (play_foes.hpp)
  if (e.storm) [[unlikely]] storm_foe(i, c, u);  // Tempest (play_forms.hpp)
  if (e.lasting) [[unlikely]] doom(u);  // Book of Ronin (play_strikes.hpp)
  if (e.restrained && !adv_[u].restrained) {
    adv_[u].restrained = true;
    ++feat(c.feat).conditions;
    ENCSIM_SAY(log_, "  %s is Restrained", aname(u));
  }
  if (e.marks_foes()) [[unlikely]] mark_foe(i, c, u);  // play_foes.hpp
  if (e.pool.fill == PoolFill::foe_hurt) [[unlikely]] sigil_mark(i, c, u);  // Sigil of Retribution (play_marks.hpp)
  if (e.stun) [[unlikely]] stun_foe(c, u);  // play_spells.hpp
}

template <class R, class Log>
inline void Battle<R, Log>::card_for_pc(int i, const PcCard& c, int k) {
  const CardEffect& e = c.def->effect;
  PcState& s = pc_[k];
  if (e.ward) [[unlikely]] {  // Life Ward: the sigil moves to k (no other of this card's stays)
    for (int q = 0; q < n_pc_; ++q)
      if (pc_[q].ward_from == i && pc_[q].ward_card == static_cast<int>(&c - pc(i).cards.data())) pc_[q].ward_card = -1;
    s.ward_from = i;
    s.ward_card = static_cast<int>(&c - pc(i).cards.data());
    ENCSIM_SAY(log_, "  %s: a sigil of protection on %s", c.def->name.c_str(), pname(k));
    return;
  }
  if (e.familiar_die > 0) [[unlikely]] return summon(i, c);  // Natural Familiar (play_marks.hpp)
  if (e.pool.fill == PoolFill::action) [[unlikely]] {  // Thorn Skin: its tokens (play_pool.hpp)
    pool_fill(i, static_cast<int>(&c - pc(i).cards.data()));
    return;
  }
  if (e.take_stress) [[unlikely]] return take_burden(i, c, k);  // Share the Burden (play_party.hpp)
  double worth = 0.0;
  const int opt = e.either ? gift_option(e, k, 1, &worth) : -1;  // `either`: the option worth most to k
  if ((opt < 0 || opt == 0) && e.heal_hp.present() && s.hp_marked > 0) {
    const int n = std::min(heal_up_ > 0 ? heal_up_ : roll_card_dice(i, e.heal_hp, false), s.hp_marked);
    feat(c.feat).healed += n;
    clear_hp(k, n);
    ENCSIM_SAY(log_, "  %s clears %d HP on %s", c.def->name.c_str(), n, pname(k));
  }
  if ((opt < 0 || opt == 1) && e.heal_stress.present() && s.stress_marked > 0) {
    const int n = std::min(roll_card_dice(i, e.heal_stress, false), s.stress_marked);
    s.stress_marked -= n;
    ENCSIM_SAY(log_, "  %s clears %d Stress on %s", c.def->name.c_str(), n, pname(k));
  }
  if ((opt < 0 || opt == 2) && e.gain_hope > 0) {
    const int before = s.hope;
    gain_hope(k, e.gain_hope);
    ENCSIM_SAY(log_, "  %s: %s gains %d Hope (%d)", c.def->name.c_str(), pname(k), s.hope - before, s.hope);
  }
  if ((opt < 0 || opt == 3) && e.clear_armor > 0) s.armor_marked = std::max(0, s.armor_marked - e.clear_armor);
  if (e.evasion > 0) s.evasion_bonus = std::max(s.evasion_bonus, e.evasion);
}

// What paying a card's upgrade_hope is worth (Healing Field): the HP more
// that upgrade_hp clears on the PCs it reaches than heal_hp does (an HP 1),
// less the Hope (a half each); 0 when the PC cannot pay it and keep the
// Hope its class feature needs, or when the HP do not beat the Hope.
template <class R, class Log>
inline double Battle<R, Log>::upgrade_worth(int i, const CardEffect& e) const {
  if (pc_[i].hope < e.upgrade_hope + hope_keep(i, e.upgrade_hope)) return 0.0;
  double more = 0.0;
  const double base = e.heal_hp.mean(1, 1);
  for (int q = 0; q < n_pc_; ++q) {
    if (pc_[q].dead || (q == i && e.target != CardTarget::party)) continue;
    const double hp = pc_[q].hp_marked;
    more += std::min(static_cast<double>(e.upgrade_hp), hp) - std::min(base, hp);
  }
  const double worth = more - kHopeWorth * e.upgrade_hope;
  return worth > 0.0 ? worth : 0.0;
}

// What a failed roll's fail_heal is worth to PC k (Healing Hands): its best
// option, an HP cleared worth 1 (2 for a downed PC: it stands again), a Stress a half.
template <class R, class Log>
inline double Battle<R, Log>::fail_heal_value(const CardEffect& e, int k) const {
  const PcState& s = pc_[k];
  const double hp = e.heal_hp.present() ? std::min(e.fail_heal, s.hp_marked) + (s.out ? 1.0 : 0.0) : 0.0;
  const double st = e.heal_stress.present() ? 0.5 * std::min(e.fail_heal, s.stress_marked) : 0.0;
  return std::max(hp, st);
}

// A failed roll's fail_heal on PC k: its best option (HP on ties), told and counted as healed.
template <class R, class Log>
inline void Battle<R, Log>::fail_heal(const PcCard& c, int k) {
  const CardEffect& e = c.def->effect;
  PcState& s = pc_[k];
  const double worth = fail_heal_value(e, k);
  if (worth <= 0.0) return;
  if (e.heal_hp.present() && std::min(e.fail_heal, s.hp_marked) + (s.out ? 1.0 : 0.0) >= worth) {
    const int n = std::min(e.fail_heal, s.hp_marked);
    feat(c.feat).healed += n;
    clear_hp(k, n);
    ENCSIM_SAY(log_, "  %s fails, but still clears %d HP on %s", c.def->name.c_str(), n, pname(k));
  } else {
    const int n = std::min(e.fail_heal, s.stress_marked);
    s.stress_marked -= n;
    ENCSIM_SAY(log_, "  %s fails, but still clears %d Stress on %s", c.def->name.c_str(), n, pname(k));
  }
}

// crit, after_hit and missed reactions, and on_kill ones on a kill (`kill`):
// each card of PC i with the trigger whose condition holds fires, in name
// order, when what it gives is worth at least its costs and more than nothing
// (a card with limited uses: at least an HP's worth, so it waits for a
// trigger that pays). What it gives: to each PC it reaches, the gifts it
// clears or gives (any HP marked counts; `either`: its best option); a
// strike back: the HP its weapon damage marks on the attacker by
// expectation. `r`: the PC's roll (crit, after_hit); `weapon`: a weapon
// attack; `foe`: the attacker (missed). Costs are paid here.
template <class R, class Log>
inline void Battle<R, Log>::card_event(int i, CardTrigger trig, RollResult r, bool weapon, int foe, bool kill) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  if (s.out) return;
  const PcWeapon& w = attack_of(i);
  const bool with_hope = r == RollResult::crit || r == RollResult::success_hope;
  const auto every = static_cast<std::uint32_t>((std::uint64_t{1} << p.cards.size()) - 1);  // on_kill: of any trigger
  for (const int k : CardSet{kill ? every : cards_on(i, trig)}) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardEffect& e = c.def->effect;
    std::int8_t& uses = s.card_uses[static_cast<std::size_t>(k)];
    const int keep = hope_keep(i, e.hope);
    if (!(kill ? e.on_kill : e.trigger == trig) || !card_payable(i, k, e.trigger, keep)) continue;
    // `failed`: hit_if: weapon answers the failed weapon attack (pc_attack), the others any failed action roll.
    if (!kill && trig == CardTrigger::failed && (e.hit_if == HitIf::weapon) != weapon) continue;
    if (!kill) {
      const bool melee = trig == CardTrigger::missed ? adv(foe).range == Range::melee : weapon && w.range == Range::melee;
      if ((e.hit_if == HitIf::melee && !melee) || (e.hit_if == HitIf::ranged && melee) || (e.hit_if == HitIf::magic && !(weapon && w.type == DamageType::magic)) ||
          (e.hit_if == HitIf::fear && r != (trig == CardTrigger::failed ? RollResult::failure_fear : RollResult::success_fear)) ||
          (e.hit_if == HitIf::weapon && !weapon) ||
          (e.hit_if == HitIf::hope && !with_hope))
        continue;
    }
    if (e.next_hit.present()) {  // after_hit: the next successful weapon attack on this foe adds dice (Breaking Blow)
      if (foe < 0 || !adv_[foe].alive || adv(foe).minion > 0 || (s.broken_foe >= 0 && adv_[s.broken_foe].alive)) continue;
      const PcWeapon& wa = attack_of(i);
      const double m = p.proficiency * (wa.sides + 1) / 2.0 + wa.flat + wa.damage_bonus + s.stance_damage + s.steed;
      const int net = (adv_[foe].vulnerable ? 1 : 0) - (adv_[foe].hidden ? 1 : 0) + (wa.advantage ? 1 : 0);
      const double hit = p_beats(trait_of(i, wa.trait) + wa.attack_bonus + attack_plus(i), net, difficulty(foe));
      const double gain = hit * (adv_marks(foe, m + e.next_hit.mean(p.proficiency, spellcast_mod(i)), wa.type) -
                                 adv_marks(foe, m, wa.type));
      if (gain <= kHopeWorth * card_hope(i, k) + kStressWorth * e.stress) continue;
      pay_card(i, k);
      s.broken_foe = foe;
      s.broken_card = k;
      ENCSIM_SAY(log_, "  %s plays %s: its next successful weapon attack on %s adds more dice", pname(i),
                 c.def->name.c_str(), aname(foe));
      continue;
    }
    if (e.hide >= 0) [[unlikely]] {  // Hidden after a failed attack (Vanishing Dodge, play_guise.hpp)
      vanish(i, k);
      continue;
    }
    if (e.next_attacker) {  // a gift for the next PC to attack `foe` (Lead by Example, play_party.hpp)
      leave_gift(i, k, foe);
      continue;
    }
    if (e.advantage) {  // `failed`: advantage on the PC's next action roll, unless one is already waiting
      if (s.fail_adv >= 0) continue;
      pay_card(i, k);
      s.fail_adv = k;
      ENCSIM_SAY(log_, "  %s plays %s: its next action roll has advantage", pname(i), c.def->name.c_str());
      continue;
    }
    if (e.redirect > 0) [[unlikely]] {  // Redirect (play_foes.hpp)
      redirect_attack(i, k, foe);
      continue;
    }
    if (e.per_hope) {  // options bought a Hope apiece (Champion's Edge)
      per_hope_options(i, k, foe, keep);
      continue;
    }
    // strike_back's damage dice: the Proficiency, or half of it rounded up (half_proficiency).
    const int dice = e.half_proficiency ? (p.proficiency + 1) / 2 : p.proficiency;
    double v = 0.0, worth = 0.0;
    if (e.strike_back && foe >= 0 && adv_[foe].alive)
      v += adv_marks(foe, dice * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus + s.stance_damage, w.type);
    int ally = -1;  // the ally an `ally` card (or hope_ally) reaches
    if (e.target == CardTarget::ally || (e.hope_ally && with_hope)) ally = heal_target(i, false);
    if (trig == CardTrigger::ally_failed) ally = foe;  // the ally whose roll failed (Lean on Me)
    int reached_n = e.strike_back ? 1 : 0;  // how many it reaches (for its most it could give)
    for (int q = 0; q < n_pc_; ++q) {
      const bool reached = e.target == CardTarget::party || (e.target == CardTarget::allies && q != i) ||
                           ((e.target == CardTarget::self || e.target == CardTarget::both) && q == i) || q == ally;
      if (!reached || pc_[q].dead || e.strike_back) continue;
      ++reached_n;
      if (e.either)
        gift_option(e, q, 1, &worth);
      else
        worth = gift_value(e, q, -1, 1);
      v += worth;
    }
    const double cost = kHopeWorth * card_hope(i, k) + kStressWorth * e.stress + kArmorWorth * e.armor;
    // A card with limited uses waits for a trigger worth an HP, or all it
    // could give each PC it reaches when that is less (one ally's Stress).
    const double hp = e.heal_hp.mean(1, 1), st = 0.5 * e.heal_stress.mean(1, 1), ho = 0.25 * e.gain_hope,
                 ar = 0.5 * e.clear_armor;
    const double most = e.strike_back ? 1.0 : reached_n * (e.either ? std::max({hp, st, ho, ar}) : hp + st + ho + ar);
    if (v <= 0.0 || v < cost || (uses > 0 && v < std::min(1.0, most))) continue;
    ENCSIM_SAY(log_, "  %s plays %s", pname(i), c.def->name.c_str());
    pay_card(i, k);
    if (e.strike_back) {
      if (foe < 0 || !adv_[foe].alive) continue;
      // No roll beats a Minion's neighbours: the damage does not spill over.
      const auto before = rpc(i).damage_dealt;
      prof_bonus_ = dice - p.proficiency;
      const int dmg = roll_pc_damage(i, w, false, foe) + stance_damage(i) + vulnerable_damage(i) +
                      (pc_[i].steed != 0 ? steed_damage(i) : 0);  // a rider's (play_mount.hpp)
      prof_bonus_ = 0;
      damage_adversary(i, foe, dmg, w.type, w.range == Range::melee, 0, c.feat);
      unstoppable_after(i, rpc(i).damage_dealt > before);
      continue;
    }
    for (int q = 0; q < n_pc_; ++q) {
      const bool reached = e.target == CardTarget::party || (e.target == CardTarget::allies && q != i) ||
                           ((e.target == CardTarget::self || e.target == CardTarget::both) && q == i) || q == ally;
      if (reached && !pc_[q].dead) card_for_pc(i, c, q);
    }
  }
}

// A passive's Stress cleared when an adversary's attack has made PC i mark
// HP (Rise Up): told and counted on its row (uses, and the Stress as `healed`).
template <class R, class Log>
inline void Battle<R, Log>::hurt_clear(int i) {
  PcState& s = pc_[i];
  const int n = std::min(pc(i).hurt_clear_stress, s.stress_marked);
  if (n <= 0 || s.dead) return;
  s.stress_marked -= n;
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(pc(i).hurt_card)];
  FeatureRecord& f = feat(c.feat);
  ++f.uses;
  f.healed += n;
  ENCSIM_SAY(log_, "  %s: %s clears %d Stress (%d marked)", c.def->name.c_str(), pname(i), n, s.stress_marked);
}

// Act of Reprisal (`passive: {reprisal: 1}`): adversary j has made PC i mark
// HP, so every other standing PC with the passive marks j: its next
// successful weapon attack at j has that much more Proficiency (pcs.hpp
// pc_attack; its row counts those hits as uses). Each adversary is marked once
// until that hit; a fallen one is not marked.
template <class R, class Log>
inline void Battle<R, Log>::reprisal_mark(int i, int j) {
  if (!adv_[j].alive) return;
  const std::uint64_t bit = std::uint64_t{1} << j;
  for (int w = 0; w < n_pc_; ++w) {
    if (w == i || !standing(w) || pc(w).reprisal_proficiency == 0 || (pc_[w].reprisal_foes & bit) != 0) continue;
    pc_[w].reprisal_foes |= bit;
    ENCSIM_SAY(log_, "  %s: %s's next successful attack on %s has +%d Proficiency",
               pc(w).cards[static_cast<std::size_t>(pc(w).reprisal_card)].def->name.c_str(), pname(w), aname(j),
               pc(w).reprisal_proficiency);
  }
}

// A `per_hope` crit reaction (Champion's Edge) of PC i's, card k, after its
// critical on `foe`: each option (HP cleared on the PC, Armor Slots cleared,
// HP the foe marks) is worth, in HP, what it clears or marks now (an Armor
// Slot a half); each worth at least its Hope (as card_event's rule) is
// bought, the most worth first (ties: HP, Armor, the foe's HP), while the PC keeps `keep` Hope after
// paying. One use per critical; each option's Hope is `spent`.
template <class R, class Log>
inline void Battle<R, Log>::per_hope_options(int i, int k, int foe, int keep) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  PcState& s = pc_[i];
  double worth[3] = {0.0, 0.0, 0.0};
  if (e.heal_hp.present()) worth[0] = std::min(e.heal_hp.mean(1, 1), static_cast<double>(s.hp_marked));
  if (e.clear_armor > 0) worth[1] = kArmorWorth * std::min(e.clear_armor, s.armor_marked);
  if (e.hp_marks > 0 && foe >= 0 && adv_[foe].alive)
    worth[2] = adv(foe).minion > 0 ? 1.0 : std::min(e.hp_marks, adv_hp_left(foe));
  bool played = false;
  for (int n = 0; n < 3; ++n) {
    const int hope = played ? e.hope : card_hope(i, k);  // the first option pays a Copycat copy's Hope too
    int opt = -1;
    for (int q = 0; q < 3; ++q)
      if (worth[q] > 0.0 && worth[q] >= kHopeWorth * hope && (opt < 0 || worth[q] > worth[opt])) opt = q;
    if (opt < 0 || s.hope < e.hope + keep || (!played && copy_short(i, k, e.hope + keep))) break;  // Copycat's Hope first
    worth[opt] = 0.0;
    if (!played) {
      pay_card(i, k);
      played = true;
    } else {
      spend_hope(i, e.hope, kHopeSpentCards);
      feat(c.feat).spent += e.hope;
    }
    if (opt == 0) {
      const int h = std::min(roll_card_dice(i, e.heal_hp, false), s.hp_marked);
      feat(c.feat).healed += h;
      clear_hp(i, h);
      ENCSIM_SAY(log_, "  %s: a Hope clears %d HP on %s", c.def->name.c_str(), h, pname(i));
    } else if (opt == 1) {
      const int a = std::min(e.clear_armor, s.armor_marked);
      s.armor_marked -= a;
      ENCSIM_SAY(log_, "  %s: a Hope clears %d Armor Slot(s) on %s", c.def->name.c_str(), a, pname(i));
    } else {
      ENCSIM_SAY(log_, "  %s: a Hope makes %s mark %d more HP", c.def->name.c_str(), aname(foe), e.hp_marks);
      force_marks(i, foe, e.hp_marks, c.feat);
    }
  }
}

}  // namespace encsim::daggerheart
