// Big spells that act on many foes at once (cards.hpp: kill_at, stress_each,
// hope_each, save_damage, stun): Disintegration Wave (foes of a low enough
// Difficulty killed outright, a Stress apiece), Stunning Sunlight (a Hope
// apiece for each foe the roll beats that must make a reaction roll; Stunned
// on a failure). What each is worth, whom the PC picks, and how a Stunned foe
// clears its condition.
// Included at the end of battle.hpp; not meant to be included on its own.
// docs/rules/daggerheart.md, "Readings the cards leave open" and "When a PC
// plays a card", record the readings and the policies.
#pragma once

#include <algorithm>
#include <utility>

namespace encsim::daggerheart {

// The foes a `kill_at` card e of PC i's would kill now, best first, into
// `picks`; returns how many. Each is a standing adversary whose Difficulty
// (as it stands: a Glyph of Nightfall's cut counts) is kill_at or lower, worth
// what its death spares the party (kill_worth: its HP left; a Minion 1),
// taken while that beats its `stress_each` Stress (a quarter HP each), as
// many as the card's area reaches (`range`, options area_*) and as the PC's
// Stress allows with its last slot kept free (a full track makes it
// Vulnerable). The most worth first, by name on ties, never by listing order.
// *worth: what they are worth together, less their Stress.
template <class R, class Log>
inline int Battle<R, Log>::kill_picks(int i, const CardEffect& e, int* picks, double* worth) const {
  const int room = pc(i).stress - pc_[i].stress_marked - 1;
  const int budget = e.stress_each > 0 ? std::max(0, room / e.stress_each) : Encounter::kMaxAdversaries;
  const int most = std::min(card_reach(e), budget);
  const double cost = kStressWorth * e.stress_each;
  int n = 0;
  *worth = 0.0;
  while (n < most) {
    int u = -1;
    double best = 0.0;
    for (int j = 0; j < n_adv_; ++j) {
      if (!adv_[j].alive || difficulty(j) > e.kill_at || std::find(picks, picks + n, j) != picks + n) continue;
      const double w = kill_worth(j);
      if (w > cost && (u < 0 || w > best || (w == best && adv_named_before(j, u)))) u = j, best = w;
    }
    if (u < 0) break;
    picks[n++] = u;
    *worth += best - cost;
  }
  return n;
}

// What a `kill_at` card is worth on this spotlight, in expected HP: the
// chance its roll meets its fixed Difficulty times what its picks are worth
// (kill_picks).
template <class R, class Log>
inline double Battle<R, Log>::kill_value(int i, const CardEffect& e) const {
  int picks[Encounter::kMaxAdversaries];
  double worth = 0.0;
  if (kill_picks(i, e, picks, &worth) == 0) return 0.0;
  const int net = pc_[i].fail_adv >= 0 ? 1 : 0;
  const double p = e.roll == CardRoll::none ? 1.0 : p_beats(roll_mod(i, e), net, e.difficulty);
  return p * worth;
}

// Card k of PC i's, a `kill_at` spell, after its roll r: on a success its
// costs are paid (pay_on: success: its once per fight is spent on a
// success only), the PC marks `stress_each` Stress for each foe it picks
// (kill_picks), all at once, and each is killed: its HP left marked
// outright (no damage, so no threshold, resistance or immunity has a say),
// counted to the card's row.
template <class R, class Log>
inline void Battle<R, Log>::kill_spell(int i, int k, RollResult r, bool* paid) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  if (!succeeded(r)) return;
  if (!*paid) {
    ENCSIM_SAY(log_, "  %s succeeds: its costs are paid", c.def->name.c_str());
    pay_card(i, k, false), *paid = true;
  }
  int picks[Encounter::kMaxAdversaries];
  double worth = 0.0;
  const int n = kill_picks(i, e, picks, &worth);
  if (n == 0) {
    ENCSIM_SAY(log_, "  %s: no foe of Difficulty %d or lower is worth its Stress", c.def->name.c_str(), e.kill_at);
    return;
  }
  ENCSIM_SAY(log_, "  %s: %s marks %d Stress to strike %d foe%s", c.def->name.c_str(), pname(i), n * e.stress_each, n,
             n == 1 ? "" : "s");
  if (e.stress_each > 0) {
    mark_stress(i, n * e.stress_each);
    feat(c.feat).spent += n * e.stress_each;
  }
  for (int q = 0; q < n && !over(); ++q) {
    const int u = picks[q];
    if (!adv_[u].alive) continue;
    rpc(i).aimed(true);
    rpc(i).struck(true, false);
    ENCSIM_SAY(log_, "  %s: %s (Difficulty %d) is killed", c.def->name.c_str(), aname(u), difficulty(u));
    force_marks(i, u, adv(u).minion > 0 ? 1 : adv_hp_left(u), c.feat);
  }
}

// How many targets PC i can buy with a `hope_each` card's Hope now (the Hope
// a class Hope feature needs kept).
template <class R, class Log>
inline int Battle<R, Log>::hope_budget(int i, const CardEffect& e) const {
  if (e.hope_each <= 0) return Encounter::kMaxAdversaries;
  return std::max(0, (pc_[i].hope - e.hope - hope_keep(i, e.hope_each)) / e.hope_each);
}

// A `hope_each` save card c of PC i's: of the n foes in `beaten` its roll has
// beaten, the PC buys the reaction rolls worth more than their Hope
// (save_value, net of it: the chance of a failure times the damage's marks
// and the conditions, the chance of a success times save_damage's), the
// most worth first, by name on ties, as many as its Hope buys; the Hope is
// spent here, counted to the card's `spent`. The picks move to the front of
// `beaten`; returns how many.
template <class R, class Log>
inline int Battle<R, Log>::hope_picks(int i, const PcCard& c, int* beaten, int n) {
  const CardEffect& e = c.def->effect;
  const int most = std::min(n, hope_budget(i, e));
  int m = 0;
  while (m < most) {
    int pick = -1;
    double best = 0.0;
    for (int q = m; q < n; ++q) {
      const double v = save_value(i, e, beaten[q]);
      if (v > 0.0 && (pick < 0 || v > best || (v == best && adv_named_before(beaten[q], beaten[pick])))) pick = q, best = v;
    }
    if (pick < 0) break;
    std::swap(beaten[m], beaten[pick]);
    ++m;
  }
  if (m > 0) {
    spend_hope(i, m * e.hope_each, kHopeSpentCards);
    feat(c.feat).spent += m * e.hope_each;
  }
  ENCSIM_SAY(log_, "  %s: %s spends %d Hope on %d of the %d foes it beats", c.def->name.c_str(), pname(i), m * e.hope_each, m, n);
  return m;
}

// Card c has Stunned adversary u (card_conditions).
template <class R, class Log>
inline void Battle<R, Log>::stun_foe(const PcCard& c, int u) {
  if (adv_[u].stunned || !adv_[u].alive) return;
  adv_[u].stunned = true;
  ++feat(c.feat).conditions;
  ENCSIM_SAY(log_, "  %s is Stunned: no action or reaction until it clears it", aname(u));
}

// A Stunned adversary j's spotlight (foe_spotlight): a temporary condition,
// the GM spends the spotlight clearing it; j does nothing else. Returns true.
template <class R, class Log>
inline bool Battle<R, Log>::stun_spotlight(int j) {
  adv_[j].stunned = false;
  ENCSIM_SAY(log_, "%s spends its spotlight shaking off the stun", aname(j));
  return true;
}

// The HP a `hp_per_stress` card e of PC i's would clear on each PC now, into
// give[] (Salvation Beam): one HP at a time, to the target (`allies`: the
// other PCs; `party`: i too) with most HP still marked, a downed, living one
// first (its first HP stands it up), by name on ties; as many HP as the
// Stress it can mark buys, its last Stress slot kept free (a full track makes
// it Vulnerable). Returns the HP; *worth: an HP 1, a downed PC's first 1
// more, less a quarter per Stress marked.
template <class R, class Log>
inline int Battle<R, Log>::beam_plan(int i, const CardEffect& e, int* give, double* worth) const {
  const int most = std::max(0, pc(i).stress - pc_[i].stress_marked - 1) * e.hp_per_stress;
  for (int q = 0; q < n_pc_; ++q) give[q] = 0;
  int n = 0;
  *worth = 0.0;
  while (n < most) {
    int best = -1, best_score = 0;
    for (int q = 0; q < n_pc_; ++q) {
      if (pc_[q].dead || (q == i && e.target != CardTarget::party) || pc_[q].hp_marked <= give[q]) continue;
      const int score = pc_[q].hp_marked - give[q] + (pc_[q].out && give[q] == 0 ? 100 : 0);
      if (best < 0 || score > best_score || (score == best_score && named_before(q, best))) best = q, best_score = score;
    }
    if (best < 0) break;
    *worth += pc_[best].out && give[best] == 0 ? 2.0 : 1.0;
    ++give[best];
    ++n;
  }
  *worth -= kStressWorth * ((n + e.hp_per_stress - 1) / e.hp_per_stress);
  return n;
}

// Card c of PC i's, a `hp_per_stress` card, succeeds: the PC marks the Stress
// its plan needs (beam_plan), all at once, and the HP are cleared; features.csv
// counts them as the card's `healed`, the Stress as its `spent`.
template <class R, class Log>
inline void Battle<R, Log>::beam(int i, const PcCard& c) {
  const CardEffect& e = c.def->effect;
  int give[Encounter::kMaxPcs];
  double worth = 0.0;
  const int n = beam_plan(i, e, give, &worth);
  if (n == 0) {
    ENCSIM_SAY(log_, "  %s: no HP to clear for a Stress", c.def->name.c_str());
    return;
  }
  const int stress = (n + e.hp_per_stress - 1) / e.hp_per_stress;
  ENCSIM_SAY(log_, "  %s: %s marks %d Stress to clear %d HP", c.def->name.c_str(), pname(i), stress, n);
  mark_stress(i, stress);
  feat(c.feat).spent += stress;
  for (int q = 0; q < n_pc_; ++q) {
    if (give[q] == 0 || pc_[q].dead) continue;
    const int h = std::min(give[q], pc_[q].hp_marked);
    feat(c.feat).healed += h;
    clear_hp(q, h);
    ENCSIM_SAY(log_, "  %s clears %d HP on %s", c.def->name.c_str(), h, pname(q));
  }
}

// What a darkness over the field is worth to the party each GM turn, in HP
// (Eclipse): for each standing PC, the disadvantage on one attack against it
// (the adversary's whose attack it turns away most: taunt_worth), weighed as
// if there were no darkness.
template <class R, class Log>
inline double Battle<R, Log>::dark_worth() {
  const int from = dark_from_;
  dark_from_ = -1;
  double v = 0.0;
  for (int q = 0; q < n_pc_; ++q) {
    if (!standing(q) || pc_[q].unseen != 0) continue;
    double best = 0.0;
    for (int j = 0; j < n_adv_; ++j)
      if (adv_[j].alive) best = std::max(best, taunt_worth(q, j));
    v += best;
  }
  dark_from_ = from;
  return v;
}

// PC i's card k casts the darkness (one at a time: never cast while one stands).
template <class R, class Log>
inline void Battle<R, Log>::start_dark(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  dark_from_ = i;
  dark_card_ = k;
  ++feat(c.feat).conditions;
  ENCSIM_SAY(log_, "  %s: darkness falls; attacks on the party have disadvantage", c.def->name.c_str());
}

// A PC's roll has succeeded with Hope against adversary u in the darkness: u marks a Stress.
template <class R, class Log>
inline void Battle<R, Log>::dark_stress(int u) {
  if (!adv_[u].alive) return;
  const PcCard& c = pc(dark_from_).cards[static_cast<std::size_t>(dark_card_)];
  ++feat(c.feat).conditions;
  ENCSIM_SAY(log_, "  %s: a success with Hope in the darkness", c.def->name.c_str());
  adv_mark_stress(u, 1);
}

template <class R, class Log>
inline void Battle<R, Log>::end_dark(const char* why) {
  ENCSIM_SAY(log_, "  The darkness lifts (%s)", why);
  dark_from_ = dark_card_ = -1;
}

// The GM's policy as its turn begins while a darkness stands: it spends a Fear
// to clear it when its spending policy allows one (can_spend) and the
// darkness costs it more this turn than a Fear is worth (dark_worth against
// kWorthFear: each standing PC's attack once, the GM's turn holding one
// attack or more).
template <class R, class Log>
inline void Battle<R, Log>::gm_dark() {
  if (!can_spend(1) || dark_worth() <= kWorthFear) return;
  spend(1, kFearSpentFeatures);
  ENCSIM_SAY(log_, "The GM spends a Fear to clear the darkness (%d left)", fear_);
  end_dark("the GM clears it");
}

}  // namespace encsim::daggerheart
