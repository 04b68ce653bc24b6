// The PCs' side of a Daggerheart fight (Battle, battle.hpp): the party's
// spotlight, Hope and the class features it pays for, attacks and damage rolls,
// and the NPC allies who fight beside them (damage to PCs: pc_damage.hpp).
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>

namespace encsim::daggerheart {

template <class R, class Log>
inline void Battle<R, Log>::gain_hope(int i, int n) {
  const int before = pc_[i].hope;
  pc_[i].hope = std::min(hope_cap(i), pc_[i].hope + n);
  res(kHopeGained) += pc_[i].hope - before;
}

// A PC pays 3 Hope for its class Hope feature.
template <class R, class Log>
inline void Battle<R, Log>::hope_feature(int i) {
  spend_hope(i, 3, kHopeSpentFeatures);
  FeatureRecord& used = feat(pc(i).feat_hope);
  ++used.uses;
  used.spent += 3;
}

template <class R, class Log>
inline void Battle<R, Log>::spend_hope(int i, int n, Resource use) {
  pc_[i].hope -= n;
  res(use) += n;
  res(kHopeSpent) += n;
  rpc(i).extra[kExtraHopeSpent] += n;
}

// One PC spotlight. Returns true when it passes the spotlight to the GM.
template <class R, class Log>
inline bool Battle<R, Log>::pc_spotlight(int i) {
  PcState& s = pc_[i];
  upkept_ = 0;  // a stance's Hope paid ahead of a roll never made (a card with no target) is not carried on
  if (domed_ != 0 && (domed_ >> i & 1u)) [[unlikely]] {  // in a dome: it stays (no attack) or comes out (play_mount.hpp)
    if (hp_left(i) < 2 && !pc(i).consumables.empty() && use_consumable(i)) return false;  // a potion is no attack
    const int stay = dome_turn(i);
    if (stay >= 0) return stay > 0;
  }
  if (s.shell != 0) [[unlikely]] leave_shell(i);  // Retract (play_traits.hpp)
  if (s.vulnerable && s.vuln_until == Until::next_action) s.vulnerable = false;
  // SRD Restrained: no moving, but every action from where one stands; with
  // no map every foe is in reach, so the PC fights on. It spends the
  // spotlight breaking free only when the restraint also holds it Vulnerable
  // (until: break_free), or under the old reading (`restrained`).
  if (s.restrained && (opt_.restrained_loses_spotlight || (s.vulnerable && s.vuln_until == Until::break_free)))
    return break_free(i);
  if (!pc(i).consumables.empty() && use_consumable(i)) return false;  // consumables_play.hpp: no roll, no pass
  if (pc(i).beast && !s.beast) transform(i);  // beastform_play.hpp
  become_unstoppable(i);                      // class_play.hpp
  if (opt_.cards && pc(i).has_spotlight_stance) spotlight_stance(i);  // Elemental Incarnation (play_attack.hpp)
  use_hope_feature_before(i);
  // Tactics: the first rule whose condition holds.
  // A primary attack gives way to a domain card worth more (attack_or_card, play_cards.hpp).
  if (pc(i).default_rules && enc_.play.party_by_value)  // the party style's value rule
    return attack_or_card(i, pick_foe(i), attack_of(i));
  const View view{this, i, true};
  for (const tactics::Rule& rule : pc(i).rules) {
    if (!rule.when.holds(view)) continue;
    if (rule.action == kCard) {  // do: card:NAME
      if (!opt_.cards || !card_usable(i, rule.arg_id) || !card_has_target(i, rule.arg_id)) continue;
      return play_card(i, rule.arg_id, -1);
    }
    if (rule.action == kCompanion) {  // do: companion (companion_play.hpp)
      if (!companion_ready(i)) continue;
      const int t = select(true, i, rule.target);
      if (t < 0) return false;
      return command_companion(i, t);
    }
    const bool secondary = rule.action == kAttackSecondary;
    if (secondary && !pc(i).secondary.present) continue;
    const int t = select(true, i, rule.target);
    if (t < 0) return false;
    return attack_or_card(i, t, s.beast || !secondary ? attack_of(i) : pc(i).secondary);
  }
  return attack_or_card(i, select(true, i, Target::lowest_hp), attack_of(i));
}

template <class R, class Log>
inline bool Battle<R, Log>::break_free(int i) {
  int total = 0;
  roll_trait_ = static_cast<int>(Trait::strength);
  roll_self_ = true;  // at no creature: Spectral stays (play_forms.hpp)
  const RollResult r = action_roll(i, trait_of(i, Trait::strength), 0,
                                   pc_[i].restrain_difficulty, &total, false);
  roll_self_ = false;
  roll_trait_ = -1;
  const bool ok = r == RollResult::crit || r == RollResult::success_hope || r == RollResult::success_fear;
  ENCSIM_SAY(log_, "%s tries to break free: %d vs %d: %s", pname(i), total, pc_[i].restrain_difficulty,
             ok ? "free" : "still Restrained");
  if (ok) {
    pc_[i].restrained = false;
    if (pc_[i].vulnerable && pc_[i].vuln_until == Until::break_free) pc_[i].vulnerable = false;
  }
  return passes(r);
}

template <class R, class Log>
inline void Battle<R, Log>::strange_patterns(int i, int h, int f) {
  if (pc(i).strange_patterns == 0 || (h != pc(i).strange_patterns && f != pc(i).strange_patterns)) return;
  if (pc_[i].stress_marked > 0) {
    --pc_[i].stress_marked;
    ENCSIM_SAY(log_, "  Strange Patterns: %s clears a Stress", pname(i));
  } else {
    gain_hope(i, 1);
    ENCSIM_SAY(log_, "  Strange Patterns: %s gains a Hope", pname(i));
  }
}

// SRD "Tag Team Rolls": both PCs roll, one result stands for both (the
// better: the RollResult order, the initiator's on a tie); on a roll with
// Hope each gains a Hope, with Fear the GM gains one per PC; it is one action
// roll for countdowns. No Experience, help, Rally or Prayer Die joins it; a
// PC's Wild Surge die joins its own roll, and Tactician gives its Hope Die 20 sides.
template <class R, class Log>
inline RollResult Battle<R, Log>::tag_team_roll(int i, int k, int mod_i, int net_i, int net_k, int difficulty_needed,
                                                int* total) {
  const PcWeapon& wk = attack_of(k);
  int mod_k = trait_of(k, wk.trait) + wk.attack_bonus + attack_plus(k);
  if (pc_[k].steed != 0) [[unlikely]] steed_roll(k);  // a rider's penalty, in attack_plus (play_mount.hpp)
  int tk = 0, hi = 0, fi = 0, hk = 0, fk = 0;
  for (const int q : {i, k}) {  // Spectral ends, a stance's Hope is paid (play_forms.hpp)
    if (pc_[q].spectral != 0) [[unlikely]] end_spectral(q, "an action roll at another creature");
    if (pc(q).form_stance && pc_[q].stance >= 0) [[unlikely]] stance_upkeep(q);
  }
  if (pc_[i].fail_adv >= 0) net_i += fail_advantage(i);  // Inevitable (play_attack.hpp)
  if (pc_[k].fail_adv >= 0) net_k += fail_advantage(k);
  if (pc_[i].shell != 0) [[unlikely]] net_i -= 1;  // in its shell (Retract): disadvantage on action rolls
  if (pc_[k].shell != 0) [[unlikely]] net_k -= 1;
  // Each PC's own roll: its Wild Surge die joins it, and Tactician's d20 Hope Die (play_boosts.hpp).
  const int si = pc(i).tag_team_die > 0 && opt_.cards ? tag_team_die(i) : 12;
  const int sk = pc(k).tag_team_die > 0 && opt_.cards ? tag_team_die(k) : 12;
  if (pc_[i].rising > 0) [[unlikely]] mod_i += rising_add(i);
  const RollResult ri = roll_and_say(i, mod_i, net_i, difficulty_needed, total, &hi, &fi, si);
  if (pc_[k].rising > 0) [[unlikely]] mod_k += rising_add(k);
  const RollResult rk = roll_and_say(k, mod_k, net_k, difficulty_needed, &tk, &hk, &fk, sk);
  if (pc_[i].rising > 0) [[unlikely]] rising_step(i);
  if (pc_[k].rising > 0) [[unlikely]] rising_step(k);
  const bool take_k = static_cast<int>(rk) < static_cast<int>(ri);
  const RollResult r = take_k ? rk : ri;
  if (take_k) *total = tk;
  // Midnight-Touched's damage: the Fear Die of the roll that stands (play_cards.hpp, card_hit).
  if (pc(i).has_fear_bonus) [[unlikely]] last_fear_ = take_k ? fk : fi;
  ENCSIM_SAY(log_, "  Tag Team: %s's roll stands for both: %s", pname(take_k ? k : i), result_name(r));
  ++res(kActionRolls);
  if (r == RollResult::crit) ++res(kCriticals);
  roll_gains(i, r);
  roll_gains(k, r);
  strange_patterns(i, hi, fi);
  strange_patterns(k, hk, fk);
  after_roll(i, r, true);
  if (!succeeded(r) && opt_.cards) {  // both failed an action roll: `failed` reactions (play_cards.hpp)
    if (pc(i).has_fail_reactions) card_event(i, CardTrigger::failed, r, false, -1);
    if (pc(k).has_fail_reactions) card_event(k, CardTrigger::failed, r, false, -1);
  }
  return r;
}

// Tag Team policy: once per fight (the SRD's once per session, a fight
// being the session here), a PC holding at least `tag_team_min_hope` Hope
// when it attacks (after its class feature's moment) spends 3 and attacks
// with the standing ally whose primary weapon deals the most on average.
template <class R, class Log>
inline int Battle<R, Log>::tag_team_partner(int i) {
  if (!opt_.tag_team || time_stop_ >= 0 || pending_card_ >= 0 || pc_[i].tag_teams_used > pc(i).more_tag_teams ||
      (pc_[i].hope < std::max(3, opt_.tag_team_min_hope) && !cheaper_tag_team(i)))
    return -1;
  const int k = best_by(
      n_pc_, [&](int q) { return q != i && standing(q) && !(domed_ >> q & 1u); },  // none from a dome (play_mount.hpp)
      [&](int q) {
        const PcWeapon& w = attack_of(q);
        return pc(q).proficiency * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus;
      });
  // Its Hope: 3, or less with a partner that makes it cheaper (Camaraderie, play_traits.hpp).
  return k >= 0 && pc_[i].hope >= std::max(tag_team_cost(i, k), opt_.tag_team_min_hope) ? k : -1;
}

// After a failed roll: a Rally Die or a Seraph's Prayer Die that makes up the shortfall.
template <class R, class Log>
inline RollResult Battle<R, Log>::rescue(int i, RollResult r, int difficulty_needed, int* total) {
  const int short_by = difficulty_needed - *total;
  const RollResult ok = r == RollResult::failure_hope ? RollResult::success_hope : RollResult::success_fear;
  if (pc_[i].rally > 0 && short_by <= pc_[i].rally) {
    const int d = dice_.die(pc_[i].rally);
    pc_[i].rally = 0;
    *total += d;
    ENCSIM_SAY(log_, "  %s spends the Rally Die: +%d = %d", pname(i), d, *total);
    if (*total >= difficulty_needed) return ok;
  }
  int best = -1;
  for (int k = 0; k < n_prayer_; ++k)
    if (standing(prayer_owner_[k]) && prayer_[k] >= difficulty_needed - *total &&
        (best < 0 || prayer_[k] < prayer_[best]))
      best = k;
  if (best >= 0) {
    ++feat(pc(prayer_owner_[best]).feat_prayer).uses;
    *total += prayer_[best];
    ENCSIM_SAY(log_, "  a Prayer Die adds %d = %d", prayer_[best], *total);
    --n_prayer_;
    prayer_[best] = prayer_[n_prayer_];
    prayer_owner_[best] = prayer_owner_[n_prayer_];
    return ok;
  }
  return r;
}

// Class Hope features used at the start of the PC's spotlight.
template <class R, class Log>
inline void Battle<R, Log>::use_hope_feature_before(int i) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  if (!opt_.hope_features || s.hope < 3) return;
  switch (p.hope) {
    case HopeKind::attack_bonus:
      if (s.attack_bonus == 0) {
        hope_feature(i);
        s.attack_bonus = p.hope_value;
        ENCSIM_SAY(log_, "%s spends 3 Hope: +%d to attack rolls for the fight", pname(i), p.hope_value);
      }
      break;
    case HopeKind::clear_armor:
      if (s.armor_marked >= p.hope_value) {
        hope_feature(i);
        s.armor_marked -= p.hope_value;
        ENCSIM_SAY(log_, "%s spends 3 Hope to clear %d Armor Slots", pname(i), p.hope_value);
      }
      break;
    case HopeKind::evasion_bonus:
      if (s.evasion_bonus == 0) {
        hope_feature(i);
        s.evasion_bonus = p.hope_value;
        ENCSIM_SAY(log_, "%s spends 3 Hope: +%d Evasion until hit", pname(i), p.hope_value);
      }
      break;
    case HopeKind::heal_ally: {
      // A downed (not dead) ally first: clearing an HP wakes them; else the most hurt.
      int best = -1, best_score = 0;
      for (int k = 0; k < n_pc_; ++k) {
        if (k == i || pc_[k].dead || pc_[k].hp_marked == 0) continue;
        // The party style `careful` heals earlier: an ally with half its HP marked.
        const bool low = hp_left(k) <= 2 || (enc_.play.careful && 2 * pc_[k].hp_marked >= pc(k).hp);
        const int score = pc_[k].out ? 100 : (low ? 10 - hp_left(k) : 0);
        if (score > best_score) best = k, best_score = score;
      }
      if (best >= 0) {
        hope_feature(i);
        feat(p.feat_hope).healed += std::min(p.hope_value, pc_[best].hp_marked);
        clear_hp(best, p.hope_value);
        ENCSIM_SAY(log_, "%s spends 3 Hope to clear %d HP on %s", pname(i), p.hope_value, pname(best));
      }
      break;
    }
    default: break;
  }
}

template <class R, class Log>
inline void Battle<R, Log>::clear_hp(int i, int n) {
  PcState& s = pc_[i];
  s.hp_marked = std::max(0, s.hp_marked - n);
  if (s.vulnerable && s.vuln_until == Until::clear_hp) s.vulnerable = false;
  if (s.out && !s.dead) {
    s.out = false;
    ++pcs_up_;
    rpc(i).down = false;
    ENCSIM_SAY(log_, "  %s returns to consciousness", pname(i));
  }
}

// A PC's attack with a weapon. Returns true when the spotlight passes to the GM.
template <class R, class Log>
inline bool Battle<R, Log>::pc_attack(int i, int t, const PcWeapon& w, bool blaze) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  ++rpc(i).actions;
  ++rpc(i).attacks;
  focus_ = t;
  adv_[t].last_attacker = i;
  if (party_.gifts && adv_[t].gift_from >= 0) [[unlikely]] take_gift(i, t);  // Lead by Example (play_party.hpp)
  cloaked_attack_ = (s.unseen & kCloaked) != 0 ? i : -1;  // Sneak Attack while Cloaked
  if (s.unseen & kEndsOnAttack) [[unlikely]] {  // an attack ends Cloaked (Shadow Stepper's, a Dark Cloud's)
    s.unseen &= ~kEndsOnAttack;
    ENCSIM_SAY(log_, "  %s attacks: no longer Cloaked", pname(i));
  }
  if (s.marked_foe >= 0) end_focus(i, t);  // Deadly Focus (play_attack.hpp)
  if (p.hope == HopeKind::distract && opt_.hope_features && s.hope >= 3 && adv_[t].distract == 0 && !blaze) {
    hope_feature(i);
    adv_[t].distract = p.hope_value;
    ENCSIM_SAY(log_, "%s spends 3 Hope to Distract %s: Difficulty -%d", pname(i), aname(t), p.hope_value);
  }
  const bool focusing = !blaze && focus_attack(i, t);  // Ranger's Focus (class_play.hpp): its Hope paid
  RollResult r = RollResult::crit;
  int total = 0;
  int partner = -1;  // a Tag Team's second PC
  std::uint64_t group = 0;  // a Group Action's supporters (bits; group_play.hpp)
  const int weapon = &w == &p.beast_attack ? p.feat_beast : &w == &p.secondary ? p.feat_secondary : p.feat_primary;
  unsigned beast_used = 0;  // the form's features this attack uses (bits)
  int beast_dice = 0;       // ... and the damage dice they add
  int added = 0, added_card = -1;  // damage cards add to the roll (Rage Up, a stance, a charge ...: play_attack.hpp), the first
  if (blaze) {
    ++feat(weapon).uses;
    ENCSIM_SAY(log_, "%s goes out in a blaze of glory against %s: an automatic critical success", pname(i), aname(t));
  } else {
    if (p.form_stance && s.stance >= 0) [[unlikely]] upkeep_first(i);  // Force of Nature: before any Hope spent on the roll
    int modifier = trait_of(i, w.trait) + w.attack_bonus + attack_plus(i);
    if (s.steed != 0) [[unlikely]] steed_roll(i);  // a rider's penalty, in attack_plus (play_mount.hpp)
    const int target_net = (adv_[t].vulnerable ? 1 : 0) - (adv_[t].hidden ? 1 : 0);
    int net = target_net + (w.advantage ? 1 : 0) + rally_adv(i) + veil_adv(i, w.range);  // Battle Cry (play_party.hpp), a veil (play_dark.hpp)
    if (adv_[t].hidden && p.no_disadvantage == static_cast<int>(w.trait)) [[unlikely]] {  // Surefooted (a passive)
      net += 1;
      const PcCard& c = p.cards[static_cast<std::size_t>(p.no_disadvantage_card)];
      ++feat(c.feat).uses;
      ENCSIM_SAY(log_, "  %s: %s ignores the disadvantage (%s is Hidden)", c.def->name.c_str(), pname(i), aname(t));
    }
    if (s.advantage_next) net += 1, s.advantage_next = false;
    if (s.stance_adv >= 0 && static_cast<int>(w.trait) == s.stance_adv) net += 1;  // a stance's advantage (Air)
    if (&w == &p.beast_attack) beast_dice += beast_features(i, t, BeastWhen::attack, &beast_used);  // beastform_play.hpp
    partner = tag_team_partner(i);
    if (partner >= 0) {
      const int cost = tag_team_cost(i, partner);
      ++s.tag_teams_used;
      spend_hope(i, cost, kHopeSpentTagTeam);
      ++feat(p.feat_tag_team).uses;
      feat(p.feat_tag_team).spent += cost;
      ++rpc(partner).attacks;
      ENCSIM_SAY(log_, "  %s spends %d Hope on a Tag Team roll with %s", pname(i), cost, pname(partner));
      if (cost < 3 || s.tag_teams_used > 1) [[unlikely]] camaraderie(i, partner, cost);  // play_traits.hpp
      if (p.has_sprint && opt_.cards) [[unlikely]] sprint(i, t, w, &modifier, net);  // play_strikes.hpp
      if (p.has_first_attack && opt_.cards) [[unlikely]] first_attack(i, t, w, modifier, &net);  // play_marks.hpp
      if (opt_.cards && p.has_before_attack) added = before_attack(i, t, w, modifier, net, &added_card);
      r = tag_team_roll(i, partner, modifier, net, target_net, difficulty(t), &total);
    } else {
      // A Group Action leads a weapon attack, never an attack card's (group_play.hpp).
      if (pending_card_ < 0 && opt_.group_action != GroupPolicy::off) group = group_supporters(i, t, w, modifier, net);
      const bool hope_ok = p.experience > 0 && hope_on_roll(i);
      // Adept (passive stress_experience, play_roll.hpp): a Stress instead of the Hope, the bonus multiplied.
      const bool adept = p.stress_experience > 0 && p.experience > 0 && opt_.cards && stress_experience(i, t, w, modifier, net, hope_ok);
      // Honed Expertise (play_traits.hpp): a d6 as the Experience is used; on its face or above, free.
      if ((adept || hope_ok) && p.free_experience > 0 && opt_.cards && honed_expertise(i)) [[unlikely]] {
        modifier += p.experience;
        roll_experience_ = true;
      } else if (adept) [[unlikely]] {
        const int bonus = p.stress_experience * p.experience;
        mark_stress(i, 1);
        const PcCard& c = p.cards[static_cast<std::size_t>(p.stress_experience_card)];
        ++feat(c.feat).uses;
        ++feat(c.feat).spent;
        ++feat(p.feat_experience).uses;
        modifier += bonus;
        roll_experience_ = true;
        ENCSIM_SAY(log_, "  %s marks a Stress instead of a Hope on an Experience (%s): +%d", pname(i), c.def->name.c_str(), bonus);
      } else if (hope_ok) {
        roll_experience_ = true;
        spend_hope(i, 1, kHopeSpentExperiences);
        ++feat(p.feat_experience).uses;
        ++feat(p.feat_experience).spent;
        modifier += p.experience;
        ENCSIM_SAY(log_, "  %s spends a Hope on an Experience (+%d)", pname(i), p.experience);
      }
      if (group != 0) {
        modifier += group_reactions(i, t, group);  // counts the use on the Group Action's row
      } else if (pending_card_ < 0) {
        ++feat(weapon).uses;  // an attack card counts its own use
      }
      int helper = pick_helper(i, group);  // no supporter also helps
      if (helper >= 0) {
        spend_hope(helper, 1, kHopeSpentHelp);
        ENCSIM_SAY(log_, "  %s spends a Hope to help (advantage)", pname(helper));
      } else if (party_.help_reactions && opt_.cards) [[unlikely]] {
        helper = free_helper(i, group);  // Eloquent (play_feats.hpp)
      }
      if (helper >= 0) {
        net += 1;
        if (pc(helper).help_die > 6) [[unlikely]] help_die(helper);  // Epic Poetry (play_feats.hpp)
      }
      if (p.has_sprint && opt_.cards) [[unlikely]] sprint(i, t, w, &modifier, net);  // play_strikes.hpp
      if (p.has_first_attack && opt_.cards) [[unlikely]] first_attack(i, t, w, modifier, &net);  // play_marks.hpp
      if (opt_.cards && p.has_before_attack) added = before_attack(i, t, w, modifier, net, &added_card);
      roll_vs_ = t;
      roll_trait_ = static_cast<int>(w.trait);
      roll_weapon_ = &w;
      r = action_roll(i, modifier, net, difficulty(t), &total, true);
      help_sides_ = 0;
      roll_vs_ = -1;
      roll_trait_ = -1;
      roll_weapon_ = nullptr;
      roll_experience_ = false;
    }
    if (s.fear_card >= 0) {  // an `attack` reaction's Fear loss (Apex Predator, play_cards.hpp): on a success
      if (succeeded(r)) fear_on_success(i);
      else s.fear_card = -1;
    }
    if (over()) return false;               // a countdown ended the fight
    if (!standing(i)) {                     // ... or took this PC out before the blow landed:
      s.approach = 0, s.twin_from = 0;      // a first_attack bonus and a next_targets charge go with it
      return passes(r);
    }
  }
  if (!succeeded(r)) {
    s.approach = 0;  // a first_attack bonus waits for no later hit
    if (s.twin_from > 0) [[unlikely]] {  // a next_targets charge is spent on this attack, hit or miss
      s.twin_from = 0;
      ENCSIM_SAY(log_, "  (%s's charge is spent on the miss)", pname(i));
    }
    ENCSIM_SAY(log_, "%s misses %s", pname(i), aname(t));
    if (n_npc_ > 0) npc_trigger(Trigger::pc_attack_failed, i, -1);  // NPC allies' features
    // A failed weapon attack's `failed` reactions (Glancing Blow, play_cards.hpp).
    if (opt_.cards && p.has_fail_reactions && !over() && standing(i) && adv_[t].alive)
      card_event(i, CardTrigger::failed, r, true, t);
    return passes(r);
  }
  ++rpc(i).hits;
  const bool crit = r == RollResult::crit;
  if (crit) ++rpc(i).crits;
  // What the roll beats: a critical succeeds whatever its total (SRD, action
  // rolls), so it beats every Difficulty for Hold Them Off and Minion spillover.
  const int beats = crit ? kBeatsAny : total;
  // Hold Them Off: the same roll against more adversaries.
  int targets[4] = {t, -1, -1, -1};
  int n_targets = 1;
  if (p.hope == HopeKind::extra_targets && opt_.hope_features && s.hope >= 3 && !blaze) {
    int extra[4] = {t, -1, -1, -1};
    int n_extra = 1;
    for (int k = 0; k < p.hope_value && n_extra < 4; ++k) {
      const int u = select(true, i, Target::lowest_hp, extra, n_extra);
      if (u < 0 || difficulty(u) > beats) break;
      extra[n_extra++] = u;
    }
    if (n_extra > 1) {
      hope_feature(i);
      for (int k = 1; k < n_extra; ++k) {
        targets[n_targets++] = extra[k];
        rpc(i).aimed(true);  // the further targets: the roll beat each of them
        rpc(i).struck(true, false);
      }
      ENCSIM_SAY(log_, "  %s spends 3 Hope: the roll also hits %d more", pname(i), n_extra - 1);
    }
  }
  int target_feat[4] = {-1, -1, -1, -1};  // a target a card added (Spirit Weapon): its row, else the attack's
  unsigned half = 0;  // ... bit k: target k takes half the damage (Whirlwind)
  if (opt_.cards && p.has_target_reactions && !blaze) card_targets(i, w, beats, targets, target_feat, &n_targets, &half);
  if (party_.twins && s.twin_from > 0 && !blaze) [[unlikely]] twin_target(i, beats, targets, target_feat, &n_targets);  // play_marks.hpp
  // Battle Monster (play_party.hpp): HP marked in place of the damage roll, on a plain weapon attack's one target.
  if (p.has_own_marks && opt_.cards && !blaze && n_targets == 1 && partner < 0 && group == 0 && pending_card_ < 0 &&
      own_marks(i, t, w)) [[unlikely]] {
    s.approach = 0;  // no damage roll for a first_attack bonus to join
    if (p.has_attack_reactions) {
      if (crit) card_event(i, CardTrigger::crit, r, true, t);
      card_event(i, CardTrigger::after_hit, r, true, t);
    }
    return passes(r);
  }
  if (&w == &p.beast_attack && !blaze) beast_dice += beast_features(i, t, BeastWhen::hit, &beast_used);
  const int focus_dice = s.marked_foe == targets[0] ? s.marked_dice : 0;  // Deadly Focus
  if (focus_dice > 0)
    ENCSIM_SAY(log_, "  %s: +%d Proficiency", p.cards[static_cast<std::size_t>(s.marked_card)].def->name.c_str(), focus_dice);
  int reprisal = 0;  // Act of Reprisal: more Proficiency on this hit at a foe that made an ally mark HP
  if (s.reprisal_foes != 0 && (s.reprisal_foes >> targets[0] & 1u) != 0) [[unlikely]] {
    reprisal = p.reprisal_proficiency;
    s.reprisal_foes &= ~(std::uint64_t{1} << targets[0]);
    ++feat(p.cards[static_cast<std::size_t>(p.reprisal_card)].feat).uses;
    ENCSIM_SAY(log_, "  %s: +%d Proficiency", p.cards[static_cast<std::size_t>(p.reprisal_card)].def->name.c_str(), reprisal);
  }
  prof_bonus_ = beast_dice + focus_dice + reprisal;
  int dmg = roll_pc_damage(i, w, crit, targets[0]) + sneak_attack(i, crit) + card_attack_bonus(i, crit, crit || r == RollResult::success_hope);
  prof_bonus_ = 0;
  if (added > 0) {
    dmg += added;
    ENCSIM_SAY(log_, "  %s: +%d damage = %d", p.cards[static_cast<std::size_t>(added_card)].def->name.c_str(), added, dmg);
  }
  if (s.stance_damage > 0) {  // a stance's damage bonus (Frenzy): counted with the `attack` reactions
    const int f = stance_damage(i);
    dmg += f;
    added += f;
    if (added_card < 0) added_card = s.stance;
  }
  if (s.steed != 0) [[unlikely]] dmg += steed_damage(i);  // a rider's bonus (Conjured Steeds; play_mount.hpp): the weapon's HP
  if (p.vulnerable_damage > 0 && vulnerable(i)) {  // a conditional passive (Adrenaline): as a stance's bonus
    const int v = vulnerable_damage(i);
    dmg += v;
    added += v;
    if (added_card < 0) added_card = p.vulnerable_card;
  }
  const int smite = s.charged;  // a charge (Smite): this successful weapon attack's damage roll doubled
  if (smite >= 0) {
    s.charged = -1;
    const CardEffect& e = p.cards[static_cast<std::size_t>(smite)].def->effect;
    added += dmg;
    if (added_card < 0) added_card = smite;
    dmg *= 2;
    ENCSIM_SAY(log_, "  %s: the damage roll is doubled to %d%s", p.cards[static_cast<std::size_t>(smite)].def->name.c_str(),
               dmg, e.typed ? (e.type == DamageType::magic ? " magic damage" : " physical damage") : "");
  }
  int broken = 0;  // a next_hit card's dice on this target (Breaking Blow): extra damage, not doubled
  if (s.broken_foe == targets[0]) {
    const CardDef& d = *p.cards[static_cast<std::size_t>(s.broken_card)].def;
    broken = roll_card_dice(i, d.effect.next_hit, crit);
    s.broken_foe = -1;
    dmg += broken;
    added += broken;
    if (added_card < 0) added_card = s.broken_card;
    ENCSIM_SAY(log_, "  %s: +%d damage = %d", d.name.c_str(), broken, dmg);
  }
  if (s.approach > 0) [[unlikely]] {  // a first_attack card's bonus (Strategic Approach): extra damage, as Breaking Blow's
    const int k = s.approach - 1;
    const CardDef& d = *p.cards[static_cast<std::size_t>(k)].def;
    const int more = roll_card_dice(i, d.effect.bonus, crit);
    s.approach = 0;
    dmg += more;
    added += more;
    if (added_card < 0) added_card = k;
    ENCSIM_SAY(log_, "  %s: +%d damage = %d", d.name.c_str(), more, dmg);
  }
  if (s.familiar > 0 && w.range == Range::melee) [[unlikely]] {  // a familiar's die (Natural Familiar, play_marks.hpp)
    const int more = familiar_damage(i, targets[0], dmg, w.type);
    dmg += more;
    added += more;
    if (added_card < 0) added_card = s.familiar_card;
  }
  if (opt_.cards && (p.has_attack_pool || s.drill > 0)) {  // a pool's tokens (Slayer Dice, play_pool.hpp): extra damage, not doubled
    int first = -1;
    const int tokens = pool_damage(i, targets[0], dmg, w.type, &first);
    dmg += tokens;
    if (first >= 0) {  // a card's pool: the HP count to it (Martial Preparation's held-apart dice alone: the weapon's)
      added += tokens;
      if (added_card < 0) added_card = first;
    }
  }
  int hit_card = -1, hit_extra = 0;  // `hit` reactions (play_cards.hpp): the first that joined, and their damage
  bool mixed = false;                // ... of another type than the weapon's: the hit deals both
  int plus = 0;                      // ... and the HP they mark on top (hp_marks)
  if (opt_.cards && p.has_hit_reactions) {
    const HitWith with{w.range, w.type, w.sides, true, w.type == DamageType::magic, true};
    hit_extra = card_hit(i, targets[0], with, dmg, crit, r, &hit_card, &mixed, &plus);
    dmg += hit_extra;
  }
  if (focus_dice > 0 && added_card < 0) {  // Deadly Focus's dice, at their mean, when no card before it added damage
    hit_extra += static_cast<int>(focus_dice * (w.sides + 1) / 2.0 + 0.5);
    hit_card = s.marked_card;
  }
  if (added > 0) {  // its HP count to the first card that added damage (before_attack's first)
    hit_extra += added;
    hit_card = added_card;
  }
  // What the damage counts to: the Tag Team, a Group Action, an attack card, else the weapon.
  const int card_feat = pending_card_ >= 0 ? p.cards[static_cast<std::size_t>(pending_card_)].feat : -1;
  const int feature = partner >= 0 ? p.feat_tag_team : group != 0 ? p.feat_group : card_feat >= 0 ? card_feat : weapon;
  if (w.stress_on_hit) mark_stress(i, 1);
  DamageType type = w.type;
  if (smite >= 0 && p.cards[static_cast<std::size_t>(smite)].def->effect.typed)
    type = p.cards[static_cast<std::size_t>(smite)].def->effect.type;
  int target_stress = w.target_stress;
  if (partner >= 0) {
    // A Tag Team attack: both roll damage, summed into one source; the
    // players pick the type, the partner's when the target shrugs off less of it.
    const PcWeapon& wk = pc(partner).primary;
    ++rpc(partner).hits;
    if (crit) ++rpc(partner).crits;
    dmg += roll_pc_damage(partner, wk, crit, targets[0]) + sneak_attack(partner, crit) +
           (pc_[partner].steed != 0 ? steed_damage(partner) : 0);  // a rider's bonus (play_mount.hpp)
    if (wk.stress_on_hit) mark_stress(partner, 1);
    if (shrugs_off(targets[0], wk.type) < shrugs_off(targets[0], w.type)) type = wk.type;
    target_stress += wk.target_stress;
    ENCSIM_SAY(log_, "  Tag Team: %d damage together", dmg);
  }
  // What the `hit` reactions add at the first target's thresholds (a random
  // reduction at its mean): those HP count to the first of them, not the weapon.
  const int hit_share = hit_card < 0 ? 0
                                     : plus + static_cast<int>(adv_marks(targets[0], dmg, type) -
                                                               adv_marks(targets[0], dmg - hit_extra, smite >= 0 ? w.type : type) + 0.5);
  // A passive card's severity floor (Onslaught) holds for the PC's own weapons, not a Beastform's attack.
  const int floor = &w == &p.beast_attack ? 0 : p.hit_min_marks;
  // One blow against every target: it lands on each even once the fight is
  // decided, so what it sets off is counted.
  const auto dealt_before = rpc(i).damage_dealt;
  for (int k = 0; k < n_targets; ++k) {
    const int u = targets[k];
    if (!adv_[u].alive) continue;
    if (target_stress > 0) adv_mark_stress(u, target_stress);
    const auto before = feat(feature).damage;
    int d = (half >> k & 1u) != 0 ? dmg / 2 : dmg;  // Whirlwind's further targets: half
    if (d != dmg) ENCSIM_SAY(log_, "  half of %d damage to %s: %d", dmg, aname(u), d);
    if (adv_[u].exposed_from >= 0) [[unlikely]] d += exposed_extra(u);  // a foe held by Chokehold (play_foes.hpp)
    damage_adversary(i, u, d, type, w.range == Range::melee, beats, target_feat[k] >= 0 ? target_feat[k] : feature, mixed,
                     floor, k == 0 ? plus : 0);
    if (k == 0 && hit_share > 0) {
      const auto moved = std::min<decltype(before)>(hit_share, feat(feature).damage - before);
      feat(feature).damage -= moved;
      feat(p.cards[static_cast<std::size_t>(hit_card)].feat).damage += moved;
    }
  }
  if (s.stance_splash > 0 && w.range == Range::melee) [[unlikely]] splash_stress(i, targets[0]);  // Water (play_feats.hpp)
  const bool dealt = rpc(i).damage_dealt > dealt_before;  // an HP marked: Unstoppable's die turns (class_play.hpp)
  unstoppable_after(i, dealt);
  if (partner >= 0) unstoppable_after(partner, dealt);
  if (focusing && adv_[t].alive) {  // the normal damage first, then the target is the Focus
    s.hunted = t;
    ENCSIM_SAY(log_, "  %s is now %s's Focus", aname(t), pname(i));
  }
  if (pending_card_ >= 0) card_conditions(i, p.cards[static_cast<std::size_t>(pending_card_)], targets[0]);
  if (beast_used) beast_after_hit(i, targets[0], beast_used);
  if (blaze) return false;
  if (opt_.cards && p.has_attack_reactions) {  // crit and after_hit cards (play_cards.hpp)
    if (crit) card_event(i, CardTrigger::crit, r, true, t);
    card_event(i, CardTrigger::after_hit, r, true, t);
  }
  return passes(r);
}

// Sneak Attack's d6s join the damage roll, so a critical adds their maximum
// too (SRD: critical damage adds every damage die's maximum).
template <class R, class Log>
inline int Battle<R, Log>::sneak_attack(int i, bool crit) {
  const Pc& p = pc(i);
  if (p.sneak_attack_dice == 0 || !sneak_ok(i)) return 0;
  int extra = crit ? 6 * p.sneak_attack_dice : 0;
  for (int n = 0; n < p.sneak_attack_dice; ++n) extra += dice_.die(6);
  ++feat(p.feat_sneak).uses;
  ENCSIM_SAY(log_, "  Sneak Attack: +%d%s", extra, crit ? " (critical)" : "");
  return extra;
}

template <class R, class Log>
inline bool Battle<R, Log>::sneak_ok(int i) const {
  if (!opt_.sneak_attack_needs_melee_ally || cloaked_attack_ == i || (pc_[i].unseen & kCloaked) != 0) return true;
  for (int k = 0; k < n_pc_; ++k)
    if (k != i && standing(k) && pc(k).primary.range == Range::melee) return true;
  return false;
}

// The ally with the most Hope at or above the policy's line helps (none in `skip`).
template <class R, class Log>
inline int Battle<R, Log>::pick_helper(int i, std::uint64_t skip) const {
  if (time_stop_ >= 0) [[unlikely]] return -1;  // the allies are frozen in time (Timejammer, play_time.hpp)
  int best = -1;
  for (int k = 0; k < n_pc_; ++k)
    if (k != i && standing(k) && !(skip >> k & 1u) && pc_[k].hope >= std::max(1, opt_.help_min_hope) &&
        (best < 0 || pc_[k].hope > pc_[best].hope))
      best = k;
  return best;
}

// Proficiency dice (Powerful: one more, drop the lowest; Brutal: a maximum
// adds a die) plus the flat part; a critical adds the dice's maximum.
template <class R, class Log>
inline int Battle<R, Log>::roll_pc_damage(int i, const PcWeapon& w, bool crit, int t) {
  const Pc& p = pc(i);
  const int n = std::min(12, p.proficiency + prof_bonus_ + (p.stressed_proficiency > 0 ? stressed_dice(i) : 0) +
                                 pc_[i].stance_prof);  // a stance's Proficiency (Elemental Dominion's Fire)
  std::array<int, 16> d{};
  const int rolled = std::min(15, n + (w.powerful ? 1 : 0));
  for (int k = 0; k < rolled; ++k) {
    int& x = d[static_cast<std::size_t>(k)];
    x = dice_.die(w.sides);
    if (x <= p.reroll_damage) x = dice_.die(w.sides);  // a passive card (Not Good Enough): once
  }
  if (w.powerful) {  // drop the lowest
    int lo = 0;
    for (int k = 1; k < rolled; ++k)
      if (d[static_cast<std::size_t>(k)] < d[static_cast<std::size_t>(lo)]) lo = k;
    d[static_cast<std::size_t>(lo)] = d[static_cast<std::size_t>(rolled - 1)];
  }
  // The dice kept: their sum, and the highest and the lowest die, after any
  // reroll, for the hit reactions that read them: `double_die` (Manipulate
  // Magic), `max_die` (Versatile Fighter). One pass; a reroll below makes another.
  int sum = 0, top = 0, low = w.sides;
  for (int k = 0; k < n; ++k) {
    const int x = d[static_cast<std::size_t>(k)];
    sum += x;
    top = std::max(top, x);
    low = std::min(low, x);
  }
  // Volatile Magic: reroll the dice below average when the hit would not reach the Major threshold.
  if (p.hope == HopeKind::reroll_damage && opt_.hope_features && w.type == DamageType::magic && pc_[i].hope >= 3 &&
      !adv(t).minion && sum + w.flat + w.damage_bonus < adv(t).major) {
    hope_feature(i);
    sum = 0;
    top = 0;
    low = w.sides;
    for (int k = 0; k < n; ++k) {
      int& x = d[static_cast<std::size_t>(k)];
      if (2 * x < w.sides + 1) x = dice_.die(w.sides);
      sum += x;
      top = std::max(top, x);
      low = std::min(low, x);
    }
    ENCSIM_SAY(log_, "  %s spends 3 Hope to reroll low damage dice", pname(i));
  }
  top_die_ = top;
  low_die_ = low;
  if (match_card_ >= 0) [[unlikely]] sum += matching_dice(i, d.data(), n);  // Sacred Resonance (play_traits.hpp)
  if (run_dice_ != nullptr) [[unlikely]] {  // Deathrun reads the dice one by one (play_strikes.hpp)
    std::copy(d.begin(), d.begin() + n, run_dice_);
    run_n_ = n;
  }
  if (&w == &p.beast_attack && p.beast_ones_add > 0)  // Rampage: each die showing 1 adds a die
    for (int k = 0; k < n; ++k)
      if (d[static_cast<std::size_t>(k)] == 1) sum += dice_.die(p.beast_ones_add);
  if (w.brutal)
    for (int k = 0, extra = 0; k < n + extra && k < 12; ++k) {
      const int x = k < n ? d[static_cast<std::size_t>(k)] : dice_.die(w.sides);
      if (k >= n) sum += x;
      if (x == w.sides) ++extra;
    }
  if (pc_[i].venom > 0 && &w == &p.primary) sum += venom_damage(i, crit);  // consumables_play.hpp
  int total = sum + w.flat + w.damage_bonus + (crit ? n * w.sides : 0);
  ENCSIM_SAY(log_, "  damage %dd%d%+d%s = %d", n, w.sides, w.flat + w.damage_bonus, crit ? " + critical" : "", total);
  total += unstoppable_damage(i);  // class_play.hpp
  return total;
}

// Wizard, Not This Time: on a critical, or a hit on a PC who is one HP from
// the floor, a wizard with 3 Hope forces the reroll.
template <class R, class Log>
inline bool Battle<R, Log>::not_this_time(int t, int nat) {
  if (!opt_.hope_features) return false;
  for (std::uint32_t m = rerollers_; m != 0; m &= m - 1) {  // the wizards, in party order
    const int w = std::countr_zero(m);
    if (!standing(w) || pc_[w].hope < 3) continue;
    if (nat == 20 || hp_left(t) <= 1) {
      hope_feature(w);
      ENCSIM_SAY(log_, "  %s spends 3 Hope: Not This Time", pname(w));
      return true;
    }
  }
  return false;
}

// ---- NPC allies -----------------------------------------------------------
template <class R, class Log>
inline void Battle<R, Log>::npc_trigger(Trigger trigger, int pc_index, int adversary) {
  for (int k = 0; k < n_npc_; ++k) {
    const Npc& npc = enc_.npcs[static_cast<std::size_t>(k)];
    for (std::size_t f = 0; f < npc.features.size(); ++f) {
      const Feature& ft = npc.features[f];
      if (!ft.modelled || ft.trigger != trigger || npc_uses_[k][f] == -1) continue;
      if (ft.favored >= 0 && ft.favored != pc_index) continue;
      if (npc_uses_[k][f] > 0 && --npc_uses_[k][f] == 0) npc_uses_[k][f] = -1;
      ENCSIM_SAY(log_, "%s: %s", npc.name.c_str(), ft.name.c_str());
      if (ft.countdown >= 0) start_countdown(ft.countdown);
      ++feat(ft.table).uses;
      party_effect(k, ft.effect, pc_index, adversary, ft.table);
      if (over()) return;
    }
  }
}

// An effect on the party's side: against an adversary (the one involved, else
// the party's focus) or for the PCs.
template <class R, class Log>
inline void Battle<R, Log>::party_effect(int npc, const Effect& e, int pc_index, int adversary, int feature) {
  if (e.clear_armor > 0)
    for (int i = 0; i < n_pc_; ++i) pc_[i].armor_marked = std::max(0, pc_[i].armor_marked - e.clear_armor);
  if (e.advantage_next && pc_index >= 0) pc_[pc_index].advantage_next = true;
  if (e.kind != Effect::Kind::attack && e.kind != Effect::Kind::damage) return;
  int t = adversary >= 0 && adv_[adversary].alive ? adversary : -1;
  if (t < 0) t = select(true, -1, focus_ >= 0 ? Target::focus : Target::lowest_hp);
  if (t < 0) return;
  if (e.kind == Effect::Kind::attack) {
    const int nat = dice_.die(20);
    const bool hit = nat == 20 || nat + e.attack_bonus >= difficulty(t);
    ENCSIM_SAY(log_, "  attack d20 %d %+d vs Difficulty %d of %s: %s", nat, e.attack_bonus, difficulty(t), aname(t),
               hit ? "success" : "failure");
    if (!hit) return;
  }
  if (!e.damage.is_constant() || e.damage.flat() > 0) {
    const int before = adv_[t].hp_marked;
    damage_adversary(-1, t, e.damage.roll(dice_), e.type, false, 100, -1);
    if (npc >= 0) rec_.combatants[static_cast<std::size_t>(n_pc_ + npc)].damage_dealt += adv_[t].hp_marked - before;
    if (feature >= 0) feat(feature).damage += adv_[t].hp_marked - before;
  }
  if (feature >= 0 && adv_[t].alive) feat(feature).conditions += (e.restrained ? 1 : 0) + (e.vulnerable ? 1 : 0);
  if (e.restrained && adv_[t].alive) {
    adv_[t].restrained = true;
    ENCSIM_SAY(log_, "  %s is Restrained", aname(t));
  }
  if (e.vulnerable && adv_[t].alive && !adv_[t].vulnerable) make_vulnerable(t);  // temporary (play_foes.hpp)
}

}  // namespace encsim::daggerheart
