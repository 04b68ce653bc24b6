// The Beastbound Ranger's companion in the fight (companion.hpp): the Ranger
// commands its attack with a Spellcast roll when that is worth more than its
// own attack or card; adversaries may attack it, and every hit marks one of
// its Stress until it drops out of the scene; Armored, Bonded, Battle-Bonded
// and Loyal Friend. Included at the end of battle.hpp; not meant to be
// included on its own. docs/rules/daggerheart.md, "Companions", records every
// reading.
#pragma once

namespace encsim::daggerheart {

// Battle-Bonded: +2 Evasion against the adversary the companion is engaged
// with (the one it last attacked), while it is in the scene.
template <class R, class Log>
inline bool Battle<R, Log>::battle_bonded(int t, int j) const {
  return pc(t).companion.battle_bonded && companion_ready(t) && pc_[t].comp_foe == j;
}

// ... and Elusive Predator's bonus against the Ranger's Focus (class_play.hpp).
template <class R, class Log>
inline int Battle<R, Log>::evasion_vs(int t, int j) const {
  return evasion(t) + (battle_bonded(t, j) ? 2 : 0) + (pc_[t].hunted == j ? pc(t).focus_evasion : 0);
}

// A command's worth at adversary t, in expected HP: the Spellcast roll's
// chance (with the Companion Experience when the PC would spend a Hope on an
// Experience, and Nature's Tongue's bonus when it would spend one more) times
// the marks of Proficiency companion dice, physical damage.
template <class R, class Log>
inline double Battle<R, Log>::companion_value(int i, int t) const {
  if (t < 0) return 0.0;
  const PcCompanion& c = pc(i).companion;
  const int net = (adv_[t].vulnerable ? 1 : 0) - (adv_[t].hidden ? 1 : 0) + (pc_[i].advantage_next ? 1 : 0) +
                  (pc_[i].fail_adv >= 0 ? 1 : 0);
  const bool experience = hope_on_roll(i);  // as experience_bonus, its own Experience
  const double mean = pc(i).proficiency * (c.die + 1) / 2.0;
  const int tongue = spell_hope_bonus(i, experience ? 1 : 0);  // Nature's Tongue, after the Experience's Hope (play_boons.hpp)
  return p_beats(spell_roll_mod(i) + (experience ? c.experience : 0) + tongue, net, difficulty(t)) *
         adv_marks(t, mean, DamageType::physical);
}

// The Ranger commands its companion to attack t (SRD, Ranger Companion: a
// Spellcast roll, a Hope for a Companion Experience, Proficiency dice of the
// companion's die; on a success with Hope the Ranger's next roll has
// advantage). Returns true when the spotlight passes to the GM.
template <class R, class Log>
inline bool Battle<R, Log>::command_companion(int i, int t) {
  const Pc& p = pc(i);
  const PcCompanion& c = p.companion;
  PcState& s = pc_[i];
  ++rpc(i).actions;
  ++rpc(i).attacks;
  focus_ = t;
  adv_[t].last_attacker = i;
  s.comp_foe = t;
  ENCSIM_SAY(log_, "%s commands %s to attack %s", pname(i), c.name.c_str(), aname(t));
  int modifier = spell_roll_mod(i);
  int net = (adv_[t].vulnerable ? 1 : 0) - (adv_[t].hidden ? 1 : 0);
  if (s.advantage_next) net += 1, s.advantage_next = false;
  FeatureRecord& f = feat(c.feat);
  ++f.uses;
  if (p.form_stance && s.stance >= 0) [[unlikely]] upkeep_first(i);  // Force of Nature: before the Experience's Hope
  if (hope_on_roll(i)) {
    spend_hope(i, 1, kHopeSpentExperiences);
    ++f.spent;
    modifier += c.experience;
    roll_experience_ = true;
    ENCSIM_SAY(log_, "  %s spends a Hope on a Companion Experience (+%d)", pname(i), c.experience);
  }
  const int helper = pick_helper(i);
  if (helper >= 0) {
    spend_hope(helper, 1, kHopeSpentHelp);
    net += 1;
    ENCSIM_SAY(log_, "  %s spends a Hope to help (advantage)", pname(helper));
  }
  int total = 0;
  roll_trait_ = pc(i).spellcast;  // a Spellcast roll
  roll_spell_ = true;
  const RollResult r = action_roll(i, modifier, net, difficulty(t), &total, true);
  roll_trait_ = -1;
  roll_spell_ = false;
  roll_experience_ = false;
  if (over()) return false;
  if (!standing(i)) return passes(r);
  if (!succeeded(r)) {
    ENCSIM_SAY(log_, "%s misses %s", c.name.c_str(), aname(t));
    npc_trigger(Trigger::pc_attack_failed, i, -1);
    return passes(r);
  }
  ++rpc(i).hits;
  const bool crit = r == RollResult::crit;
  if (crit) ++rpc(i).crits;
  const int n = std::min(12, p.proficiency);
  int dmg = crit ? n * c.die : 0;
  for (int k = 0; k < n; ++k) dmg += dice_.die(c.die);
  ENCSIM_SAY(log_, "  %s hits: %dd%d%s = %d", c.name.c_str(), n, c.die, crit ? " (critical)" : "", dmg);
  damage_adversary(i, t, dmg, DamageType::physical, true, crit ? kBeatsAny : total, c.feat);
  if (r == RollResult::crit || r == RollResult::success_hope) {
    s.advantage_next = true;  // "if your next action builds on their success"
    ENCSIM_SAY(log_, "  %s's next roll builds on it: advantage", pname(i));
  }
  return passes(r);
}

// What a hit on PC o's companion is worth to adversary j, in the value
// rule's HP: the chance to hit, times what the Ranger loses per spotlight
// without it (a command's worth over its own attack at j), times the share
// of the companion's Stress one hit marks.
template <class R, class Log>
inline double Battle<R, Log>::companion_worth(int o, int j, const Effect& e) const {
  const PcCompanion& c = pc(o).companion;
  const double loss = companion_value(o, j) - weapon_value(o, j);
  if (loss <= 0.0) return 0.0;
  const double p = p_d20(c.evasion - (adv(j).atk + e.attack_bonus), e.advantage || adv_[j].hidden);
  return p * loss / (c.stress - pc_[o].comp_stress);
}

// A single-target attack's target t (a PC) or a companion: under the value
// rule the companion worth more than t (ties keep the PC); aimed at random,
// one more candidate each (select()'s reservoir has already drawn among the
// PCs: the companions join it). Returns kCompanionTarget + o for PC o's.
template <class R, class Log>
inline int Battle<R, Log>::companion_or(int j, const Effect& e, int profile, int t) {
  if (t < 0) return t;
  if (aim_e_) {
    double best = target_value(j, e, profile, t);
    for (int o = 0; o < n_pc_; ++o) {
      if (!companion_ready(o)) continue;
      const double v = companion_worth(o, j, e);
      if (v > best) best = v, t = kCompanionTarget + o;
    }
    return t;
  }
  int count = 0;
  for (int o = 0; o < n_pc_; ++o) count += standing(o);
  for (int o = 0; o < n_pc_; ++o)
    if (companion_ready(o) && one_in(++count)) t = kCompanionTarget + o;
  return t;
}

// The one target of a single-target attack: select()'s PC, or, when it aims
// at random or by value (not at a hard move's focus, not by a tactic), a
// companion in the scene (companion_or).
template <class R, class Log>
inline int Battle<R, Log>::single_target(int j, const Effect& e, Target target) {
  const int t = aims_by_value(target) ? aim_at(j, e, aim_profile_, nullptr, 0) : select(false, j, target);
  if (party_.companions == 0 || target != Target::random || e.only_vulnerable || (gm_focus_ >= 0 && standing(gm_focus_)) ||
      goad_t_ >= 0)
    return t;
  return companion_or(j, e, aim_profile_, t);
}

// An adversary's attack on PC o's companion: d20 + its attack against the
// companion's Evasion; a hit marks one of its Stress, whatever the damage
// (so no damage is rolled). The GM spends no Fear on an Experience for it,
// and the attack's other effects (conditions, Stress, Hope) are the PCs'.
template <class R, class Log>
inline void Battle<R, Log>::attack_companion(int j, const Effect& e, int o) {
  const PcCompanion& c = pc(o).companion;
  AdvState& s = adv_[j];
  const int bonus = adv(j).atk + e.attack_bonus;
  const bool advantage = e.advantage || s.hidden;
  s.hidden = false;
  radv(j).aimed(false);
  const int nat = roll_d20(advantage);
  const bool hit = nat == 20 || nat + bonus >= c.evasion;
  ENCSIM_SAY(log_, "  d20 %d%s %+d = %d vs Evasion %d of %s: %s", nat, advantage ? " (advantage)" : "", bonus, nat + bonus,
             c.evasion, c.name.c_str(), nat == 20 ? "critical" : hit ? "hit" : "miss");
  if (hit) {
    radv(j).struck(false, nat == 20);
    companion_hit(o);
  }
  fear_from(e, hit);
}

// "When your companion would take any amount of damage, they mark a Stress":
// the last one takes it out of the scene. Armored: the Ranger marks one of its
// Armor Slots instead when that Stress would be the companion's last.
template <class R, class Log>
inline void Battle<R, Log>::companion_hit(int o) {
  const PcCompanion& c = pc(o).companion;
  PcState& s = pc_[o];
  if (c.has(Training::armored) && s.comp_stress + 1 >= c.stress && armor_free(o)) {
    ++s.armor_marked;
    ++rpc(o).extra[kExtraArmorUsed];
    ++res(kArmorSlotsUsed);
    ++feat(c.feat_armored).uses;
    ENCSIM_SAY(log_, "  Armored: %s marks an Armor Slot for %s (%d of %d left)", pname(o), c.name.c_str(),
               pc(o).armor_slots - s.armor_marked, pc(o).armor_slots);
    check_all_armor_marked();
    return;
  }
  ++s.comp_stress;
  ++res(kCompanionStress);
  ENCSIM_SAY(log_, "  %s marks a Stress (%d of %d)", c.name.c_str(), s.comp_stress, c.stress);
  if (s.comp_stress >= c.stress) {
    s.comp_out = true;
    ++res(kCompanionsOut);
    ENCSIM_SAY(log_, "  %s drops out of the scene", c.name.c_str());
  }
}

// Loyal Friend: once per long rest, when an attack's damage would mark the
// Ranger's last HP, the companion rushes in and takes it (a Stress) instead.
// Returns true when it did.
template <class R, class Log>
inline bool Battle<R, Log>::loyal_friend(int i, int marks, int from) {
  const PcCompanion& c = pc(i).companion;
  if (!c.loyal_friend || from < 0 || marks <= 0 || marks < hp_left(i) || pc_[i].loyal_used || !companion_ready(i))
    return false;
  pc_[i].loyal_used = true;
  ++feat(c.feat_loyal).uses;
  ENCSIM_SAY(log_, "  Loyal Friend: %s takes the blow meant for %s", c.name.c_str(), pname(i));
  companion_hit(i);
  return true;
}

// Bonded: the Ranger has just marked its last HP. The companion rolls a d6
// per unmarked Stress slot and marks them all (it leaves the scene); a 6
// clears the Ranger's last HP. Always used: a companion out of the scene
// costs less than a PC down. Returns true when the Ranger is back up.
template <class R, class Log>
inline bool Battle<R, Log>::bonded(int i) {
  const PcCompanion& c = pc(i).companion;
  PcState& s = pc_[i];
  if (!c.has(Training::bonded) || !companion_ready(i)) return false;
  const int dice = c.stress - s.comp_stress;
  bool six = false;
  for (int k = 0; k < dice; ++k) six = dice_.die(6) == 6 || six;
  FeatureRecord& f = feat(c.feat_bonded);
  ++f.uses;
  s.comp_stress = c.stress;
  s.comp_out = true;
  res(kCompanionStress) += dice;
  ++res(kCompanionsOut);
  ENCSIM_SAY(log_, "  Bonded: %s rushes to %s and rolls %dd6: %s", c.name.c_str(), pname(i), dice,
             six ? "a 6, they clear their last HP" : "no 6");
  if (!six) return false;
  --s.hp_marked;
  ++f.healed;
  return true;
}

}  // namespace encsim::daggerheart
