// A Daggerheart fight's set-up (Battle::set_up) and a session's carried
// state: the PCs, the GM's Fear and the Prayer Dice as the last fight and
// rest left them (carry_in, carry_out). Included by battle.hpp.
#pragma once

namespace encsim::daggerheart {

// ---- set-up ---------------------------------------------------------------
template <class R, class Log>
inline void Battle<R, Log>::set_up() {
  fear_ = std::min(enc_.fear_start(), opt_.fear_max);
  zone_ = 0;  // a zone and a barrier last one fight
  domed_ = 0, dome_from_ = -1, dome_card_ = -1, dome_marked_ = 0;  // ... and a dome (play_mount.hpp)
  barrier_ = 0;
  auras_ = 0;
  // Each card's fresh uses and the party's Rally Die, worked out once when the
  // encounter was compiled (Pc::uses_full, Encounter::party_flags; play.cpp).
  for (int i = 0; i < n_pc_; ++i) {
    hope_cap_[i] = pc(i).hope_max;
    PcState& s = pc_[i];
    s = kNewPc;
    s.hp_marked = pc(i).hp_marked_start;
    s.stress_marked = pc(i).stress_marked_start;
    s.hope = std::min(pc(i).hope_start, pc(i).hope_max);
    s.armor_marked = pc(i).armor_marked_start;
    s.rally = party_.rally;
    s.comp_stress = pc(i).companion.marked_start;
    s.card_uses = pc(i).uses_full;  // domain cards: uses per fight (a session carries them)
    for (std::size_t k = 0; k < pc(i).consumables.size(); ++k)  // loot: a session carries what is left
      pc_[i].items[k] = static_cast<std::int8_t>(pc(i).consumables[k].count);
    ENCSIM_SAY(log_, "%s: Evasion %d, HP %d, Stress %d, thresholds %d/%d, %d Armor Slots, Hope %d", pname(i),
               pc(i).evasion, pc(i).hp, pc(i).stress, pc(i).major, pc(i).severe, pc(i).armor_slots, pc_[i].hope);
    if (pc_[i].hp_marked || pc_[i].stress_marked || pc_[i].armor_marked)
      ENCSIM_SAY(log_, "  %s starts with %d HP, %d Stress and %d Armor Slots marked", pname(i), pc_[i].hp_marked,
                 pc_[i].stress_marked, pc_[i].armor_marked);
    for (int k = 0; k < pc(i).prayer_dice && n_prayer_ < kMaxPrayer; ++k)
      prayer_owner_[n_prayer_] = i, prayer_[n_prayer_++] = setup_.die(4);
  }
  pcs_up_ = n_pc_;
  for (int i = 0; i < n_pc_; ++i) last_hit_by_[i] = -1;
  int teacher = -1;  // Martial Preparation: the largest die, by name on ties (play_pool.hpp)
  for (int i = 0; i < n_pc_; ++i)
    if (pc(i).drill_die > 0 && (teacher < 0 || pc(i).drill_die > drill_sides_ ||
                                (pc(i).drill_die == drill_sides_ && named_before(i, teacher))))
      teacher = i, drill_sides_ = pc(i).drill_die;
  if (teacher >= 0) drill_feat_ = pc(teacher).cards[static_cast<std::size_t>(pc(teacher).drill_card)].feat;
  for (int j = 0; j < n_adv_; ++j) {
    AdvState& s = adv_[j];
    s = kNewAdv;
    adv_feat_[j] = -1;
    for (std::size_t k = 0; k < adv(j).features.size(); ++k) {
      const int u = adv(j).features[k].uses;
      s.uses[k] = u > 0 ? u : -1;
    }
  }
  advs_up_ = n_adv_;
  for (int c = 0; c < static_cast<int>(enc_.countdowns.size()); ++c) {
    cd_[c] = CdState{};
    if (enc_.countdowns[static_cast<std::size_t>(c)].active) start_countdown(c);
  }
  for (int k = 0; k < n_npc_; ++k)
    for (std::size_t f = 0; f < enc_.npcs[static_cast<std::size_t>(k)].features.size(); ++f)
      npc_uses_[k][f] = enc_.npcs[static_cast<std::size_t>(k)].features[f].uses;
  if (!carry_ || !carry_->started)  // the session begins: Luckbringer, Maestro (play_feats.hpp)
    for (int i = 0; i < n_pc_; ++i)
      if (pc(i).has_session_start && opt_.cards) [[unlikely]] session_start(i, false);
  if (carry_) [[unlikely]] carry_in();
  if (party_.steeds && opt_.cards) [[unlikely]] conjure_steeds();  // before the fight, a session's steeds carried (play_mount.hpp)
  ENCSIM_SAY(log_, "The GM starts with %d Fear.", fear_);
  npc_trigger(Trigger::battle_start, -1, -1);
}

// A session's fight: the PCs and the GM's Fear as the last fight and rest
// left them (the Prayer Dice rolled above are replaced by the carried ones,
// so the setup stream stays in step); then this start becomes the carried state.
template <class R, class Log>
inline void Battle<R, Log>::carry_in() {
  PartyState& p = *carry_;
  if (p.started) {
    fear_ = std::min(p.fear, opt_.fear_max);
    pcs_up_ = 0;
    for (int i = 0; i < n_pc_; ++i) {
      PcState& s = pc_[i];
      hope_cap_[i] = std::max(0, pc(i).hope_max - p.scars[i]);
      s.hp_marked = p.hp_marked[i];
      s.stress_marked = p.stress_marked[i];
      s.armor_marked = p.armor_marked[i];
      s.hope = std::min(p.hope[i], hope_cap_[i]);
      s.out = p.out[i];
      s.dead = p.dead[i];
      s.rally = p.rally[i];
      s.tag_teams_used = p.tag_teams_used[i];
      for (std::size_t k = 0; k < pc(i).cards.size(); ++k)
        s.card_uses[k] = p.card_uses[i][k], s.pool[k] = p.pool[i][k], s.once_done[k] = p.once_done[i][k];
      for (std::size_t k = 0; k < pc(i).consumables.size(); ++k) s.items[k] = p.items[i][k];
      s.comp_stress = p.comp_stress[i];
      s.comp_out = p.comp_out[i];
      s.loyal_used = p.loyal_used[i];
      s.unstoppable_used = p.unstoppable_used[i];
      s.avoid_used = p.avoid_used[i];
      s.drill = p.drill[i];
      s.link_stress = p.link_stress[i], s.link_hp = p.link_hp[i];  // a link lasts until a rest (play_link.hpp)
      if ((s.link_stress | s.link_hp) != 0) [[unlikely]] {
        std::copy(&p.link_src[i][0][0], &p.link_src[i][0][0] + 2 * PartyState::kMaxPcs, &s.link_src[0][0]);
        links_ = true;
      }
      s.steed = p.steed[i];  // a conjured steed lasts until a long rest (play_mount.hpp)
      s.immunity = pc(i).immunity_card >= 0 ? p.immunity[i] : TypeMask{0};  // Magic Immunity holds until a rest (play_time.hpp)
      s.trait_bonus = p.surge[i];  // Full Surge holds until a rest (play_party.hpp)
      if (s.trait_bonus != 0) [[unlikely]]
        ENCSIM_SAY(log_, "  %s still has +%d to every trait (Full Surge, until a rest)", pname(i), s.trait_bonus);
      s.copy_state = pc(i).copy_card >= 0 ? p.copy_state[i] : kCopyReady;  // Copycat (play_copy.hpp)
      if (s.copy_state != kCopyReady) [[unlikely]]
        ENCSIM_SAY(log_, "  %s's %s %s", pname(i), pc(i).cards[static_cast<std::size_t>(pc(i).copy_card)].def->name.c_str(),
                   s.copy_state == kCopyHeld ? "is held still (until a rest)"
                   : s.copy_state == kCopySpent ? "is spent until a long rest" : "can't be made until a rest");
      if (s.immunity != 0) [[unlikely]]
        ENCSIM_SAY(log_, "  %s is still immune to magic damage (%s, until a rest)", pname(i),
                   pc(i).cards[static_cast<std::size_t>(pc(i).immunity_card)].def->name.c_str());
      if (s.out) {
        CombatantRecord& r = rpc(i);
        r.down = true;
        r.dead = s.dead;
      } else {
        ++pcs_up_;
      }
      ENCSIM_SAY(log_, "%s carries %d HP, %d Stress, %d Armor Slots marked and %d Hope into this fight%s", pname(i),
                 s.hp_marked, s.stress_marked, s.armor_marked, s.hope, s.dead ? " (dead)" : s.out ? " (unconscious)" : "");
      for (std::size_t k = 0; k < pc(i).cards.size(); ++k)
        if (s.card_uses[k] == 0 && !s.dead && !pc(i).cards[k].inert)
          ENCSIM_SAY(log_, "  %s's %s is spent until %s", pname(i), pc(i).cards[k].def->name.c_str(),
                     refresh_name(pc(i).cards[k].def->effect.refresh));
    }
    n_prayer_ = std::min(p.n_prayer, kMaxPrayer);
    for (int k = 0; k < n_prayer_; ++k) prayer_[k] = p.prayer[k], prayer_owner_[k] = p.prayer_owner[k];
    for (int i = 0; i < n_pc_; ++i)  // a gift once per long rest, given back by one (A Soldier's Bond; play_feats.hpp)
      if (pc(i).has_session_start && opt_.cards) [[unlikely]] session_start(i, true);
  }
  carry_out();
  enc_.carry_metrics(p, p.in);
}

template <class R, class Log>
inline void Battle<R, Log>::carry_out() {
  PartyState& p = *carry_;
  if (!p.started)
    for (int i = 0; i < n_pc_; ++i) p.scars[i] = 0;
  p.started = true;
  for (int i = 0; i < n_pc_; ++i) {
    const PcState& s = pc_[i];
    p.hp_marked[i] = s.hp_marked;
    p.stress_marked[i] = s.stress_marked;
    p.armor_marked[i] = s.armor_marked;
    p.hope[i] = s.hope;
    p.out[i] = s.out;
    p.dead[i] = s.dead;
    p.rally[i] = s.rally;
    p.tag_teams_used[i] = s.tag_teams_used;
    for (std::size_t k = 0; k < pc(i).cards.size(); ++k)
      p.card_uses[i][k] = s.card_uses[k], p.once_done[i][k] = s.once_done[k],
      p.pool[i][k] = pc(i).cards[k].def->effect.pool.on_foe() ? 0 : s.pool[k];  // a foe's pool ends with its fight
    for (std::size_t k = 0; k < pc(i).consumables.size(); ++k) p.items[i][k] = s.items[k];
    p.comp_stress[i] = s.comp_stress;
    p.comp_out[i] = s.comp_out;
    p.loyal_used[i] = s.loyal_used;
    p.unstoppable_used[i] = s.unstoppable_used;
    p.avoid_used[i] = s.avoid_used;
    p.drill[i] = static_cast<std::int8_t>(s.drill);
    p.link_stress[i] = s.link_stress, p.link_hp[i] = s.link_hp;
    std::copy(&s.link_src[0][0], &s.link_src[0][0] + 2 * PartyState::kMaxPcs, &p.link_src[i][0][0]);
    p.steed[i] = static_cast<std::int8_t>(s.steed != 0 ? s.steed : s.stabled);
    p.immunity[i] = s.immunity;
    p.copy_state[i] = s.copy_state;
    p.surge[i] = static_cast<std::int8_t>(s.trait_bonus);
  }
  p.n_prayer = n_prayer_;
  for (int k = 0; k < n_prayer_; ++k) p.prayer[k] = prayer_[k], p.prayer_owner[k] = prayer_owner_[k];
  p.fear = fear_;
}

}  // namespace encsim::daggerheart
