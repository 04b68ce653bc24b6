// Daggerheart downtime between a session's fights (the SRD's short and long
// rests; docs/rules/daggerheart.md, "Sessions"). Included by daggerheart.hpp.
#pragma once

#include <algorithm>

namespace encsim::daggerheart {

// The move a PC makes when its plan says `best`: clear what it has most of
// marked (HP first, then Stress, then Armor Slots on a tie), else Prepare.
inline DowntimeMove best_downtime_move(int hp_marked, int stress_marked, int armor_marked) {
  if (hp_marked <= 0 && stress_marked <= 0 && armor_marked <= 0) return DowntimeMove::prepare;
  if (hp_marked >= stress_marked && hp_marked >= armor_marked) return DowntimeMove::tend_to_wounds;
  if (stress_marked >= armor_marked) return DowntimeMove::clear_stress;
  return DowntimeMove::repair_armor;
}

// A companion at a rest (SRD, Ranger Companion): one out of the scene returns
// at a long rest with a Stress cleared; Loyal Friend comes back with a long
// rest; Creature Comfort, once per rest: both clear a Stress when either has
// one marked, else the Ranger gains a Hope.
template <class Log>
void rest_companion(const Pc& pc, int i, bool long_rest, PartyState& p, Log& log) {
  const PcCompanion& c = pc.companion;
  if (long_rest) {
    p.loyal_used[i] = false;
    if (p.comp_out[i]) {
      p.comp_out[i] = false;
      p.comp_stress[i] = std::max(0, p.comp_stress[i] - 1);
      ENCSIM_SAY(log, "%s returns (%d Stress marked)", c.name.c_str(), p.comp_stress[i]);
    }
  }
  if (!c.has(Training::creature_comfort) || p.comp_out[i] || p.dead[i]) return;
  if (p.stress_marked[i] > 0 || p.comp_stress[i] > 0) {
    p.stress_marked[i] = std::max(0, p.stress_marked[i] - 1);
    p.comp_stress[i] = std::max(0, p.comp_stress[i] - 1);
    ENCSIM_SAY(log, "Creature Comfort: %s and %s clear a Stress", pc.name.c_str(), c.name.c_str());
  } else {
    p.hope[i] = std::min(std::max(0, pc.hope_max - p.scars[i]), p.hope[i] + 1);
    ENCSIM_SAY(log, "Creature Comfort: %s gains a Hope (%d)", pc.name.c_str(), p.hope[i]);
  }
}

// Martial Preparation (a Slayer's mastery): when a living PC with it takes
// the move, it and each PC who took the move gain a Slayer Die of its sides
// (the largest when several teach): on the PC's own Slayer pool (a pool
// filled by rolls with Hope and spent on attacks) while that has room, else
// held apart (PartyState::drill, no limit) until spent in a fight
// (play_pool.hpp). Without a teacher taking it, the move gives nothing
// (check_rest refuses a plan naming it for a party without one).
template <class Log>
void Encounter::rest_drill(const bool* drilled, PartyState& p, Log& log) const {
  const int n = static_cast<int>(pcs.size());
  int sides = 0;
  for (int i = 0; i < n; ++i)
    if (drilled[i] && !p.dead[i] && !p.out[i]) sides = std::max(sides, pcs[static_cast<std::size_t>(i)].drill_die);
  if (sides == 0) return;
  for (int i = 0; i < n; ++i) {
    if (!drilled[i] || p.dead[i] || p.out[i]) continue;  // training needs the PC awake
    const Pc& pc = pcs[static_cast<std::size_t>(i)];
    int on = -1;
    for (std::size_t k = 0; k < pc.cards.size() && on < 0; ++k) {
      const CardPool& pool = pc.cards[k].def->effect.pool;
      if (pc.cards[k].live() && pool.fill == PoolFill::hope_roll && pool.spend == PoolSpend::attack) on = static_cast<int>(k);
    }
    if (on < 0) {
      p.drill[i] = static_cast<std::int8_t>(std::min(p.drill[i] + 1, 100));  // no limit in the text; the count stops at 100
      ENCSIM_SAY(log, "Martial Preparation: %s gains a d%d Slayer Die (%d held)", pc.name.c_str(), sides, p.drill[i]);
    } else if (p.pool[i][on] < pc.cards[static_cast<std::size_t>(on)].pool_max) {
      ++p.pool[i][on];
      ENCSIM_SAY(log, "Martial Preparation: %s places a Slayer Die on %s (%d of %d)", pc.name.c_str(),
                 pc.cards[static_cast<std::size_t>(on)].def->name.c_str(), p.pool[i][on],
                 pc.cards[static_cast<std::size_t>(on)].pool_max);
    } else {
      ENCSIM_SAY(log, "Martial Preparation: %s's %s is full", pc.name.c_str(), pc.cards[static_cast<std::size_t>(on)].def->name.c_str());
    }
  }
}

template <class R, class Log>
void Encounter::rest(const RestPlan& plan, PartyState& p, R& rng, Log& log) const {
  if (plan.kind == RestKind::none) return;
  const bool long_rest = plan.kind == RestKind::long_rest;
  const int n = static_cast<int>(pcs.size());
  int alive = 0, preparing = 0;
  int prepares[kMaxPcs] = {};
  bool drilled[kMaxPcs] = {};
  for (int i = 0; i < n; ++i)  // a link ends at the next rest, short or long (play_link.hpp)
    if ((p.link_stress[i] | p.link_hp[i]) != 0) {
      if (!p.dead[i]) ENCSIM_SAY(log, "%s's link ends with the rest", pcs[static_cast<std::size_t>(i)].name.c_str());
      p.link_stress[i] = p.link_hp[i] = 0;
      std::fill(&p.link_src[i][0][0], &p.link_src[i][0][0] + 2 * kMaxPcs, std::int16_t{0});
    }
  for (int i = 0; i < n; ++i)  // a conjured steed lasts until the next long rest, a dead rider's too (play_mount.hpp)
    if (long_rest && p.steed[i] != 0) {
      p.steed[i] = 0;
      if (!p.dead[i]) ENCSIM_SAY(log, "%s's conjured steed is gone with the long rest", pcs[static_cast<std::size_t>(i)].name.c_str());
    }
  for (int i = 0; i < n; ++i)  // Full Surge: until the next rest (play_party.hpp)
    if (p.surge[i] != 0) {
      p.surge[i] = 0;
      if (!p.dead[i]) ENCSIM_SAY(log, "%s's Full Surge ends with the rest", pcs[static_cast<std::size_t>(i)].name.c_str());
    }
  for (int i = 0; i < n; ++i)  // Magic Immunity: until the next rest, a dead PC's too (play_time.hpp)
    if (p.immunity[i] != 0) {
      p.immunity[i] = 0;
      if (!p.dead[i]) ENCSIM_SAY(log, "%s's immunity to magic damage ends with the rest", pcs[static_cast<std::size_t>(i)].name.c_str());
    }
  for (int i = 0; i < n; ++i) {
    if (p.dead[i]) continue;
    ++alive;
    const Pc& pc = pcs[static_cast<std::size_t>(i)];
    for (const DowntimeMove planned : plan.moves) {
      const DowntimeMove m = planned == DowntimeMove::best
                                 ? best_downtime_move(p.hp_marked[i], p.stress_marked[i], p.armor_marked[i])
                                 : planned;
      // A short rest clears 1d4 + tier; a long rest clears everything.
      const auto clear = [&](int& marked, const char* what) {
        const int before = marked;
        marked = long_rest ? 0 : std::max(0, marked - (rng.die(4) + pc.tier));
        ENCSIM_SAY(log, "%s clears %d %s", pc.name.c_str(), before - marked, what);
        return before - marked;
      };
      switch (m) {
        case DowntimeMove::tend_to_wounds:
          // An unconscious PC wakes once an ally clears any of its HP.
          if (clear(p.hp_marked[i], "HP") > 0) p.out[i] = false;
          break;
        case DowntimeMove::clear_stress: {
          // The companion clears as many as its Ranger (SRD, Ranger Companion).
          const int cleared = clear(p.stress_marked[i], "Stress");
          if (pc.companion.present && cleared > 0 && p.comp_stress[i] > 0) {
            p.comp_stress[i] = std::max(0, p.comp_stress[i] - cleared);
            ENCSIM_SAY(log, "%s clears Stress with them (%d marked)", pc.companion.name.c_str(), p.comp_stress[i]);
          }
          break;
        }
        case DowntimeMove::repair_armor: clear(p.armor_marked[i], "Armor Slots"); break;
        case DowntimeMove::martial_preparation: drilled[i] = true; break;
        default:
          preparing += prepares[i] == 0 ? 1 : 0;
          ++prepares[i];
          break;
      }
    }
    if (long_rest) p.out[i] = false;
    if (pc.companion.present) rest_companion(pc, i, long_rest, p, log);
    p.avoid_used[i] = false;  // avoid_condition: once per rest (Bold Presence)
    if (pc.copy_card >= 0 && p.copy_state[i] != kCopyReady) {  // Copycat: a copy ends with any rest; made again after a long one
      const std::int8_t was = p.copy_state[i];
      p.copy_state[i] = long_rest || was == kCopyLost ? kCopyReady : kCopySpent;
      if (was == kCopyHeld)
        ENCSIM_SAY(log, "%s's %s ends with the rest%s", pc.name.c_str(), pc.cards[static_cast<std::size_t>(pc.copy_card)].def->name.c_str(),
                   long_rest ? "" : " (Copycat: again after a long rest)");
    }
    if (long_rest && p.unstoppable_used[i]) {  // Unstoppable: once per long rest (class_play.hpp)
      p.unstoppable_used[i] = false;
      ENCSIM_SAY(log, "%s can become Unstoppable again", pc.name.c_str());
    }
    // Domain cards: "once per rest" back after any rest, "once per long rest"
    // (and tokens placed after a long rest) after a long one; tokens placed at
    // the start of the session never.
    for (std::size_t k = 0; k < pc.cards.size(); ++k) {  // a pool's unspent tokens (Arcane Charge: a long rest clears it)
      const CardPool& pool = pc.cards[k].def->effect.pool;
      if (!pool.present() || p.pool[i][k] == 0 || pool.clear == CardRefresh::session ||
          (pool.clear == CardRefresh::long_rest && !long_rest))
        continue;
      p.pool[i][k] = 0;
      ENCSIM_SAY(log, "%s's %s is cleared", pc.name.c_str(), pc.cards[k].def->name.c_str());
    }
    for (std::size_t k = 0; k < pc.cards.size(); ++k) {
      const CardRefresh r = pc.cards[k].def->effect.refresh;
      if (r == CardRefresh::session || (r == CardRefresh::long_rest && !long_rest)) continue;
      const auto full = static_cast<std::int8_t>(card_uses_full(pc, k));
      if (p.card_uses[i][k] == full && p.once_done[i][k] == 0) continue;
      p.card_uses[i][k] = full;
      p.once_done[i][k] = 0;  // once_per_target: every PC may be its target again
      ENCSIM_SAY(log, "%s's %s is ready again", pc.name.c_str(), pc.cards[k].def->name.c_str());
    }
  }
  // Prepare: 1 Hope, or 2 each when two or more PCs prepare together.
  const int per = preparing >= 2 ? 2 : 1;
  for (int i = 0; i < n; ++i) {
    if (prepares[i] == 0) continue;
    const int cap = std::max(0, pcs[static_cast<std::size_t>(i)].hope_max - p.scars[i]);
    p.hope[i] = std::min(cap, p.hope[i] + per * prepares[i]);
    ENCSIM_SAY(log, "%s prepares: Hope %d", pcs[static_cast<std::size_t>(i)].name.c_str(), p.hope[i]);
  }
  rest_drill(drilled, p, log);
  if (plan.gm_fear) {
    const int gained = rng.die(4) + (long_rest ? alive : 0);
    p.fear = std::min(opt.fear_max, p.fear + gained);
    ENCSIM_SAY(log, "The GM gains %d Fear for the rest (%d)", gained, p.fear);
  }
}

}  // namespace encsim::daggerheart
