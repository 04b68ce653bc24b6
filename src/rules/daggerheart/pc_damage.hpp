// What harms a PC in a Daggerheart fight (Battle, battle.hpp): Stress marked
// (an HP when it overflows), damage against thresholds with the armor policy's
// Armor Slot and the cards and features that lower it, HP marked, death moves,
// and the party's last Armor Slot. Included at the end of battle.hpp; not
// meant to be included on its own.
#pragma once

#include <algorithm>
#include <utility>

namespace encsim::daggerheart {

template <class R, class Log>
inline void Battle<R, Log>::mark_stress(int i, int n, bool own) {
  // A link: the Stress may go whole to a linked PC, which marks it as its own (play_link.hpp).
  if (links_ && !own && pc_[i].link_stress != 0 && n > 0 && standing(i) && hp_left(i) > 0) [[unlikely]]
    i = link_move(i, n, false);  // a PC on no HP (a blaze) marks its own
  if (pc(i).keep_stress > 0 && standing(i)) [[unlikely]] n = shake_stress(i, n);  // Unshakable (play_defence.hpp)
  if (pc(i).armor_stress_card >= 0 && opt_.cards && standing(i)) [[unlikely]] n = armor_for_stress(i, n);  // Grace-Touched
  const int fit = std::min(n, pc(i).stress - pc_[i].stress_marked);
  if (fit > 0 && standing(i))
    ENCSIM_SAY(log_, "  %s marks %d Stress (%d/%d)", pname(i), fit, pc_[i].stress_marked + fit, pc(i).stress);
  for (int k = 0; k < n && standing(i); ++k) {
    if (pc_[i].stress_marked < pc(i).stress) {
      ++pc_[i].stress_marked;
      ++rpc(i).extra[kExtraStressMarked];
      ++res(kPartyStressMarked);
    } else {
      ENCSIM_SAY(log_, "  %s cannot mark a Stress: marks an HP, %d left", pname(i), std::max(0, hp_left(i) - 1));
      mark_hp(i, 1, -1);  // Stress that cannot be marked becomes an HP
    }
  }
}

// Whether PC i's armor policy marks an Armor Slot against a hit of `marks` HP.
template <class R, class Log>
inline bool Battle<R, Log>::armor_policy_uses(int i, int marks) const {
  switch (pc(i).armor_policy) {
    case ArmorPolicy::always: return true;
    case ArmorPolicy::major_or_worse: return marks >= 2;
    case ArmorPolicy::lethal: return marks >= hp_left(i);
    case ArmorPolicy::never: break;
  }
  return false;
}

// Damage against thresholds, an Armor Slot by policy, then HP. `down`: an
// ally's card lowers the hit by thresholds (Partners-in-Arms); `all_armor`:
// the PC marks Armor Slots while the hit still marks an HP (I Am Your Shield).
template <class R, class Log>
inline int Battle<R, Log>::damage_pc(int i, int dmg, DamageType type, bool direct, bool shred, int from, int down,
                                     bool all_armor) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  if (p.immune & type_bit(type)) return 0;
  if (s.spectral & type_bit(type)) [[unlikely]] return spectral_hit(i, dmg);  // Specter of the Dark (play_forms.hpp)
  if (s.immunity & type_bit(type)) [[unlikely]] return immune_hit(i, dmg, type);  // Magic Immunity (play_time.hpp)
  const int rolled = dmg;  // what a reflection deals back (play_zone.hpp)
  if ((p.resist | (s.beast ? p.beast_resist : 0)) & type_bit(type)) dmg /= 2;
  else if (s.shell & type_bit(type)) [[unlikely]] dmg = shell_resist(i, dmg);  // Retract (play_traits.hpp)
  else if (barrier_ != 0 && barrier_holds(i, type, from)) [[unlikely]] {  // Rejuvenation Barrier (play_zone.hpp)
    feat(pc(barrier_pc_).cards[static_cast<std::size_t>(barrier_card_)].feat).healed +=
        severity(dmg, major_of(i), severe_of(i)) - severity(dmg / 2, major_of(i), severe_of(i));
    ENCSIM_SAY(log_, "  %s's barrier: %s resists the damage, %d to %d", pname(barrier_pc_), pname(i), dmg, dmg / 2);
    dmg /= 2;
  }
  if (p.reflect_card >= 0 && opt_.cards && from >= 0 && dmg > 0 && reflect_hit(i, rolled, dmg, type, from)) [[unlikely]]
    return 0;  // Arcane Reflection (play_zone.hpp)
  if (shred) {
    if (s.armor_marked < p.armor_slots) {
      ++s.armor_marked;
      ++rpc(i).extra[kExtraArmorUsed];
      ++res(kArmorSlotsUsed);
      ENCSIM_SAY(log_, "  %s must mark an Armor Slot to no benefit (%d of %d left)", pname(i),
                 p.armor_slots - s.armor_marked, p.armor_slots);
      check_all_armor_marked();
    } else {
      ENCSIM_SAY(log_, "  %s has no Armor Slot left to mark: marks an HP, %d left", pname(i),
                 std::max(0, hp_left(i) - 1));
      mark_hp(i, 1, from);
      if (!standing(i)) return 1;
    }
  }
  if (zone_ > 0 && dmg > 0) [[unlikely]] dmg = zone_reduce(i, dmg);  // Zone of Protection (play_zone.hpp)
  if (auras_ != 0 && in_attack_ && dmg > 0) [[unlikely]] dmg = party_aura(i, dmg, from);  // Elemental Aura: Air (play_zone.hpp)
  // Tokens taken off the damage (Thorn Skin, play_pool.hpp), before thresholds.
  if (p.has_damaged_pool && opt_.cards && dmg > 0) [[unlikely]] {
    dmg = pool_damaged(i, dmg, from);
    if (!standing(i)) return 0;
  }
  if (party_.sigils && from >= 0 && dmg > 0) [[unlikely]] sigil_hurt(from, i);  // the damage dealt to a PC (play_marks.hpp)
  const int major = major_of(i), severe = severe_of(i);
  int marks = severity(dmg, major, severe);
  const bool severe_hit = marks >= 3;  // a stance that a Severe hit ends (Elemental Incarnation), below
  if (s.unstoppable > 0) marks = unstoppable_severity(i, marks, type);  // class_play.hpp
  if (down > 0) [[unlikely]] marks = std::max(0, marks - down);
  // On the Brink: a Minor hit marks nothing, before any card or Armor Slot is spent on it; again after a
  // reaction lowered the hit to Minor (play_defence.hpp).
  if (p.no_minor_hp > 0 && on_the_brink(i, marks)) [[unlikely]] marks = 0;
  if (opt_.cards && p.has_damaged_reactions && marks > 0) {
    marks = card_damaged(i, dmg, marks, type, from);  // play_defence.hpp
    if (p.no_minor_hp > 0 && on_the_brink(i, marks)) marks = 0;
  }
  const bool use_armor = !direct && marks > 0 && armor_free(i) && (all_armor || armor_policy_uses(i, marks));
  // Loyal Friend weighs the HP the hit marks after the slot (On the Brink counted).
  const int expect = marks - (use_armor ? 1 : 0);
  const bool brink_after = use_armor && p.no_minor_hp > 0 && expect == 1 && hp_left(i) <= p.no_minor_hp;
  if (loyal_friend(i, brink_after ? 0 : expect, from)) return 0;  // companion_play.hpp
  // The steed takes the damage too (Conjured Steeds, play_mount.hpp): once the rider is dealt it (not turned
  // back or taken by a companion), before thresholds, so a hit that marks nothing still ends it.
  if (s.steed != 0 && rolled > 0) [[unlikely]] lose_steed(i);
  bool armor_held = false;  // Unyielding Armor: the hit drops a threshold, no slot marked
  int more_slots = 0;       // I Am Your Shield's slots after the first
  if (use_armor) {
    --marks;
    armor_held = p.keep_armor > 0 && armor_holds(i);  // play_defence.hpp
    if (!armor_held) {
      ++s.armor_marked;
      ++rpc(i).extra[kExtraArmorUsed];
      ++res(kArmorSlotsUsed);
      // Brace: a second slot for a Stress, one threshold more (play_defence.hpp).
      if (opt_.cards && p.has_armor_reactions && marks > 0) marks = card_armor(i, marks);
      if (s.aura_card >= 0 && marks > 0) [[unlikely]] marks = aura_armor(i, marks);  // Shield Aura (play_zone.hpp)
      if (sprites_ > 0 && marks > 0 && i != sprite_pc_) [[unlikely]] marks = sprite_armor(i, marks);  // Forest Sprites (play_strikes.hpp)
    }
    // I Am Your Shield: more slots, one threshold each, while the hit still marks an HP.
    for (; all_armor && marks > 0 && armor_free(i); ++more_slots) {
      --marks;
      ++s.armor_marked;
      ++rpc(i).extra[kExtraArmorUsed];
      ++res(kArmorSlotsUsed);
    }
    // On the Brink after the Armor Slot: a hit the slot lowered to Minor marks nothing.
    if (p.no_minor_hp > 0 && on_the_brink(i, marks)) marks = 0;
  }
  if constexpr (Log::kEnabled) {
    // What mark_hp will mark: no more than the HP left (none when the PC
    // already stands on no HP: the death move comes again).
    const int marked = marks <= 0 || !standing(i) ? 0 : std::min(marks, std::max(0, hp_left(i)));
    char armor[64] = "";
    const int slots = (armor_held ? 0 : 1) + more_slots;
    if (use_armor && slots == 0) std::snprintf(armor, sizeof armor, ", the armor holds (no slot marked)");
    else if (use_armor && slots == 1) std::snprintf(armor, sizeof armor, ", an Armor Slot marked (%d of %d left)",
                                                    p.armor_slots - s.armor_marked, p.armor_slots);
    else if (use_armor) std::snprintf(armor, sizeof armor, ", %d Armor Slots marked (%d of %d left)", slots,
                                      p.armor_slots - s.armor_marked, p.armor_slots);
    char more[32] = "";
    if (marked < marks) std::snprintf(more, sizeof more, " (of %d)", marks);
    if (links_ && pc_[i].link_hp != 0 && marks > 0 && standing(i) && link_pick(i, marks, true) != i)  // play_link.hpp
      log_.say("  %d%s damage to %s (thresholds %d/%d)%s: %d HP to mark, passed by a link", dmg, direct ? " direct" : "",
               pname(i), major, severe, armor, marks);
    else
      log_.say("  %d%s damage to %s (thresholds %d/%d)%s: marks %d HP%s, %d left", dmg, direct ? " direct" : "",
               pname(i), major, severe, armor, marked, more, hp_left(i) - marked);
  }
  const auto taken = rpc(i).damage_taken;
  auto hurt = taken;
  if (links_) [[unlikely]] {  // HP a linked PC marked for it are still the hit's (play_link.hpp)
    const int outer = std::exchange(link_moved_, 0);  // a hit nested in this one's death move keeps its own count
    mark_hp(i, marks, from);
    hurt = rpc(i).damage_taken - taken + link_moved_;
    link_moved_ = outer;
  } else {
    mark_hp(i, marks, from);
    hurt = rpc(i).damage_taken - taken;
  }
  if (p.has_hurt_pool && opt_.cards && hurt > 0)  // Spellcharge, Never Upstaged (play_pool.hpp)
    pool_hurt(i, static_cast<int>(hurt), type, from);
  // Fragile: Major or greater damage taken (after the Armor Slot) ends the form.
  if (s.beast && p.beast_fragile && marks >= 2) drop_out(i, "Fragile: Major damage");
  if (party_.foe_marks && marks >= 2) [[unlikely]] hush_end(i, "Major damage");  // Hush (play_foes.hpp)
  if (dark_from_ == i && severe_hit) [[unlikely]] end_dark("its caster takes Severe damage");  // Eclipse (play_spells.hpp)
  if (severe_hit && s.stance >= 0 && p.cards[static_cast<std::size_t>(s.stance)].def->effect.ends_severe) [[unlikely]]
    end_stance(i, "Severe damage");
  if (use_armor && (!armor_held || more_slots > 0)) check_all_armor_marked();
  return marks;
}

template <class R, class Log>
inline void Battle<R, Log>::mark_hp(int i, int marks, int from) {
  if (marks <= 0 || !standing(i)) return;
  // A link: the HP may go whole to a linked PC that stays up after marking them (play_link.hpp).
  if (links_ && pc_[i].link_hp != 0 && hp_left(i) > 0) [[unlikely]] i = link_move(i, marks, true);  // a blaze: its own
  if (pc(i).stance_save_hp > 0 && pc_[i].stance >= 0 && hp_left(i) > 0) [[unlikely]] {  // Elemental Dominion: Earth
    marks = stance_save(i, marks);
    if (marks <= 0) return;
  }
  if (hp_left(i) <= 0) {  // standing on no HP (a Risk It All tie, a blaze): the move again
    if (pc_[i].beast) drop_out(i, "the last HP");
    if (blazing_ == 0) death_move(i, from);
    return;
  }
  marks = std::min(marks, hp_left(i));
  pc_[i].hp_marked += marks;
  rpc(i).damage_taken += marks;
  rpc(i).extra[kExtraHpMarked] += marks;
  res(kPartyHpMarked) += marks;
  if (from >= 0) {
    radv(from).damage_dealt += marks;
    if (adv_feat_[from] >= 0) feat(adv_feat_[from]).damage += marks;
    if (party_.reprisal) [[unlikely]] reprisal_mark(i, from);  // Act of Reprisal (play_cards.hpp)
  }
  if (hp_left(i) <= 0) {
    if (pc_[i].beast) drop_out(i, "the last HP");  // before the death move: a blaze is the PC's own
    if (bonded(i)) return;                         // companion_play.hpp
    death_move(i, from);
  }
}

// PC i, holding a stance, would mark `marks` HP with a fight_save_hp passive
// (Elemental Dominion: Earth): a d6 per HP (no more than it has left to mark),
// each at or above the passive's face one HP fewer. Its row: a use per roll,
// the HP spared as `healed`. Returns the HP to mark.
template <class R, class Log>
inline int Battle<R, Log>::stance_save(int i, int marks) {
  const Pc& p = pc(i);
  const int n = std::min(marks, hp_left(i));
  int saved = 0;
  for (int q = 0; q < n; ++q) saved += dice_.die(6) >= p.stance_save_hp ? 1 : 0;
  const PcCard& c = p.cards[static_cast<std::size_t>(p.save_card)];
  FeatureRecord& f = feat(c.feat);
  ++f.uses;
  f.healed += saved;
  ENCSIM_SAY(log_, "  %s's %s: %d d6, %d at %d or above: %d HP instead of %d", pname(i), c.def->name.c_str(), n, saved,
             p.stance_save_hp, n - saved, n);
  return n - saved;
}

template <class R, class Log>
inline void Battle<R, Log>::death_move(int i, int from) {
  if (pc_[i].ward_card >= 0 && warded(i)) return;  // Life Ward (play_defence.hpp)
  if (opt_.cards && pc(i).has_dying_reactions && card_dying(i)) return;  // Battle-Hardened (play_defence.hpp)
  PcState& s = pc_[i];
  CombatantRecord& r = rpc(i);
  r.extra[kExtraDeathMove] = 1;
  switch (pc(i).death_move) {
    case DeathMove::avoid_death: {
      r.extra[kExtraAvoid] = 1;
      const int die = dice_.die(12);
      const bool scar = die <= pc(i).level;
      ENCSIM_SAY(log_, "  %s marks their last HP: Avoid Death, unconscious (Hope die %d%s)", pname(i), die,
                 scar ? ": a scar" : "");
      if (scar) {
        r.extra[kExtraScar] = 1;
        ++res(kScars);
      }
      knock_out(i, false);
      return;
    }
    case DeathMove::blaze_of_glory: {
      r.extra[kExtraBlaze] = 1;
      ENCSIM_SAY(log_, "  %s marks their last HP: Blaze of Glory", pname(i));
      // One last action, an automatic critical, then death. With every HP
      // marked, nothing that answers the blaze can mark more.
      const int t = from >= 0 && adv_[from].alive ? from : select(true, i, Target::lowest_hp);
      if ((domed_ >> i & 1u) && t >= 0) [[unlikely]] leave_dome(i, "a last blow");  // no attack from inside (play_mount.hpp)
      ++blazing_;
      if (t >= 0) pc_attack(i, t, pc(i).primary, true);
      --blazing_;
      knock_out(i, true);
      return;
    }
    case DeathMove::risk_it_all: {
      r.extra[kExtraRisk] = 1;
      const int h = dice_.die(12), f = dice_.die(12);
      if (h > f) {
        int clear = h;
        const int hp = std::min(clear, s.hp_marked);
        s.hp_marked -= hp;
        clear -= hp;
        s.stress_marked = std::max(0, s.stress_marked - clear);
        ENCSIM_SAY(log_, "  %s Risks It All: Hope %d > Fear %d, clears %d HP and stays up", pname(i), h, f, hp);
      } else if (h < f) {
        ENCSIM_SAY(log_, "  %s Risks It All: Hope %d < Fear %d, and dies", pname(i), h, f);
        knock_out(i, true);
      } else if (opt_.risk_it_all_tie_clears_all) {
        s.hp_marked = 0;
        s.stress_marked = 0;
        ENCSIM_SAY(log_, "  %s Risks It All: matching dice, clears every HP and Stress", pname(i));
      } else {
        // SRD 1.0: stays up and clears nothing; the next HP they must mark
        // calls for another death move.
        ENCSIM_SAY(log_, "  %s Risks It All: matching dice, stays up with every HP marked", pname(i));
      }
      return;
    }
  }
}

template <class R, class Log>
inline void Battle<R, Log>::knock_out(int i, bool dead) {
  PcState& s = pc_[i];
  if (!s.out) start_countdowns_on(Countdown::StartOn::pc_down);
  if (!s.out) --pcs_up_;
  if (s.hold != 0) [[unlikely]] end_hold(i, "goes down");  // Hold the Line (play_dark.hpp)
  if (pcs_up_ == 0 && outcome_ == Outcome::draw) outcome_ = Outcome::foes_win;
  s.out = true;
  s.dead = s.dead || dead;
  rpc(i).down = true;
  rpc(i).dead = s.dead;
}

template <class R, class Log>
inline void Battle<R, Log>::check_all_armor_marked() {
  for (int i = 0; i < n_pc_; ++i)
    if (standing(i) && pc_[i].armor_marked < pc(i).armor_slots) return;
  npc_trigger(Trigger::all_armor_marked, -1, -1);
}

}  // namespace encsim::daggerheart
