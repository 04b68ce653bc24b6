// Features that lift the party outside the cards' own moments (cards.hpp):
// gifts as a session begins (`trigger: session_start`: Luckbringer, Maestro
// with the Rally Dice), a free Help (`trigger: help`: Eloquent) and a bigger
// Help die (`passive: {help_die}`: Epic Poetry). Included at the end of
// battle.hpp; not meant to be included on its own.
// docs/rules/daggerheart.md, "Domain cards", records the readings and policies.
#pragma once

#include <algorithm>

namespace encsim::daggerheart {

// As a session begins (a lone fight, or a session's first fight, before its
// state is carried), PC i's session_start entries give their gifts, in name
// order: to every PC (party), every other (allies), itself (self) or itself
// and one ally (both: bond_ally, play_boosts.hpp), the living ones. With
// `either`, each PC takes the option worth most to it (gift_option: a Stress
// cleared a half, a Hope a quarter: a PC with Stress marked clears one, any
// other gains the Hope). Counted as one use of the entry; each Stress
// cleared counts as healed. An entry with `uses` (once per long rest: A
// Soldier's Bond) spends one, and is kept while its gift would give nothing;
// `again`: a later fight of the session, where only such entries with a use
// left (a long rest gave it back, rest.hpp) give.
template <class R, class Log>
inline void Battle<R, Log>::session_start(int i, bool again) {
  const Pc& p = pc(i);
  if (pc_[i].dead) return;
  for (int k = 0; k < static_cast<int>(p.cards.size()); ++k) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardEffect& e = c.def->effect;
    if (!c.live() || e.trigger != CardTrigger::session_start || copy_short(i, k, e.hope)) continue;  // Copycat's Hope (play_copy.hpp)
    if ((again && e.uses == 0) || pc_[i].card_uses[static_cast<std::size_t>(k)] == 0) continue;
    const int ally = e.target == CardTarget::both ? bond_ally(i, e) : -1;
    if (e.target == CardTarget::both && ally < 0 && pc_[i].hope >= hope_cap(i)) continue;  // nobody gains: kept
    FeatureRecord& f = feat(c.feat);
    if (e.uses > 0)
      pay_card(i, k);
    else
      ++f.uses;
    ENCSIM_SAY(log_, "%s's %s as the %s", pname(i), c.def->name.c_str(), again ? "fight begins" : "session begins");
    for (int q = 0; q < n_pc_; ++q) {
      if (pc_[q].dead || (e.target == CardTarget::allies && q == i) || (e.target == CardTarget::self && q != i) ||
          (e.target == CardTarget::both && q != i && q != ally))
        continue;
      PcState& s = pc_[q];
      double worth = 0.0;
      const int opt = e.either ? gift_option(e, q, 1, &worth) : -1;
      if ((opt < 0 || opt == 1) && e.heal_stress.present() && s.stress_marked > 0) {
        const int n = std::min(roll_card_dice(i, e.heal_stress, false), s.stress_marked);
        s.stress_marked -= n;
        f.healed += n;
        ENCSIM_SAY(log_, "  %s clears %d Stress", pname(q), n);
      }
      if ((opt < 0 || opt == 2) && e.gain_hope > 0) {
        const int before = s.hope;
        gain_hope(q, e.gain_hope);
        ENCSIM_SAY(log_, "  %s gains %d Hope (%d)", pname(q), s.hope - before, s.hope);
      }
    }
  }
}

// An ally's weapon attack roll that no PC helps with Hope (pick_helper): the
// first standing PC (other than the attacker and its Group Action's
// supporters) with a `help` reaction it can pay Helps it without a Hope
// (Eloquent), its use spent. Our policy: at the first such roll, since any
// attack's advantage is worth alike and an unspent use is worth nothing once
// the session ends. Returns the helper, -1 none.
template <class R, class Log>
inline int Battle<R, Log>::free_helper(int i, std::uint64_t skip) {
  if (time_stop_ >= 0) [[unlikely]] return -1;  // the allies are frozen in time (Timejammer, play_time.hpp)
  for (int w = 0; w < n_pc_; ++w) {
    if (w == i || !standing(w) || (skip >> w & 1u) || !pc(w).has_help_reactions) continue;
    for (int k = 0; k < static_cast<int>(pc(w).cards.size()); ++k) {
      if (!card_payable(w, k, CardTrigger::help, 0)) continue;
      pay_card(w, k);
      ENCSIM_SAY(log_, "  %s plays %s: helps without a Hope (advantage)", pname(w),
                 pc(w).cards[static_cast<std::size_t>(k)].def->name.c_str());
      return w;
    }
  }
  return -1;
}

// PC `helper` Helps an attack roll: its advantage die has its help_die's
// sides (Epic Poetry's d10; a d6 without), counted as a use of that entry.
template <class R, class Log>
inline void Battle<R, Log>::help_die(int helper) {
  const Pc& p = pc(helper);
  if (p.help_die <= 6) return;
  help_sides_ = p.help_die;
  const PcCard& c = p.cards[static_cast<std::size_t>(p.help_die_card)];
  ++feat(c.feat).uses;
  ENCSIM_SAY(log_, "  %s: %s's advantage die is a d%d", c.def->name.c_str(), pname(helper), p.help_die);
}

// A stance's splash (Elemental Incarnation: Water): PC i's Melee attack has
// damaged adversary t; each other standing adversary an area of Very Close
// reaches (area_very_close, t among them) marks the stance's Stress. Which
// foes stand that near is a map question: the reading takes those with the
// most Stress left unmarked (listing order on ties). Each Stress counts as a
// condition on the stance's row.
template <class R, class Log>
inline void Battle<R, Log>::splash_stress(int i, int t) {
  PcState& s = pc_[i];
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(s.stance)];
  const int reach = area_reach(Range::very_close) - 1;
  std::uint64_t done = std::uint64_t{1} << t;
  for (int q = 0; q < reach; ++q) {
    int pick = -1;
    for (int j = 0; j < n_adv_; ++j)
      if (adv_[j].alive && !(done >> j & 1u) &&
          (pick < 0 || adv(j).stress - adv_[j].stress_marked > adv(pick).stress - adv_[pick].stress_marked ||
           (adv(j).stress - adv_[j].stress_marked == adv(pick).stress - adv_[pick].stress_marked && adv_named_before(j, pick))))
        pick = j;
    if (pick < 0) break;
    done |= std::uint64_t{1} << pick;
    ENCSIM_SAY(log_, "  %s's %s: %s, beside %s, marks %d Stress", pname(i), c.def->name.c_str(), aname(pick), aname(t),
               s.stance_splash);
    feat(c.feat).conditions += s.stance_splash;
    adv_mark_stress(pick, s.stance_splash);
  }
}

// A trait aura (Elemental Aura: Earth): +1 to trait t of PC i for each other
// PC whose stance holds an aura of that trait.
template <class R, class Log>
inline int Battle<R, Log>::aura_trait_bonus(int i, Trait t) const {
  int bonus = 0;
  for (int q = 0; q < n_pc_; ++q)
    if (q != i && (auras_ >> q & 1u) &&
        pc(q).cards[static_cast<std::size_t>(pc(q).aura_card)].def->effect.aura_trait == static_cast<int>(t))
      ++bonus;
  return bonus;
}

}  // namespace encsim::daggerheart
