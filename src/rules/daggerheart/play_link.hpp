// Links between PCs (CardEffect::link; read_card_guise.cpp reads the keys):
// a spell that binds PCs together until their next rest, so that what one of
// them would mark another may mark in its place (Transcendent Union: Stress
// and HP, every standing PC; Book of Vyola's Shared Clarity: Stress, a pair).
// One mechanism for both: each PC holds the PCs (bits) it may pass its Stress
// and its HP to (PcState::link_stress, link_hp), carried through a session's
// fights and cleared by any rest (rest.hpp). mark_stress and mark_hp
// (pc_damage.hpp) ask link_move, behind the one flag links_, before anything
// else of theirs: so the PC that marks is the one whose own features answer
// (Unshakable's d6, Grace-Touched's Armor Slot, Elemental Dominion: Earth's
// d6s, the death move). Armor is the hit PC's: damage_pc lowers the hit by its
// own Armor Slot first, and only the HP left are passed. A marking event goes
// whole to one PC. Included at the end of battle.hpp; not meant to be
// included on its own. docs/rules/daggerheart.md, "Links", records every
// reading and policy.
#pragma once

#include <algorithm>
#include <bit>
#include <string>

namespace encsim::daggerheart {

static_assert(sizeof(PcState::link_src[0]) / sizeof(std::int16_t) == PartyState::kMaxPcs, "a link's card per partner PC");

// Who marks the `n` Stress (hp: HP) PC i would mark, among i and the standing
// PCs linked to it for them: the one with the most slots free (HP: left);
// only one that stays up after marking them, so no PC goes down on another's
// marks (HP, or the HP that Stress without a slot free becomes); when none
// would, i marks them itself; ties to i, then by name.
template <class R, class Log>
inline int Battle<R, Log>::link_pick(int i, int n, bool hp) const {
  const unsigned mask = hp ? pc_[i].link_hp : pc_[i].link_stress;
  auto room = [&](int k) { return hp ? hp_left(k) : pc(k).stress - pc_[k].stress_marked; };
  int best = !hp || room(i) > n ? i : -1;
  for (int k = 0; k < n_pc_; ++k) {
    if (k == i || !(mask >> k & 1u) || !standing(k) || (hp ? room(k) <= n : n - room(k) >= hp_left(k))) continue;
    if (best < 0 || room(k) > room(best) || (room(k) == room(best) && best != i && named_before(k, best))) best = k;
  }
  return best < 0 ? i : best;
}

// The Stress slots free on the PC that would mark the `n` Stress PC i is to
// mark: its own, or, while a link can pass them (the same test as
// mark_stress's), those of the PC link_pick names. Every check that a
// card's Stress can be marked (never a Stress it cannot mark; a slot kept
// free) reads it, so a cost the link would pass to a partner is weighed on
// the partner's track. Without a live link (links_) it is the PC's own.
// Inlined: card_usable asks it for every card weighed on a spotlight.
template <class R, class Log>
[[gnu::always_inline]] inline int Battle<R, Log>::stress_room(int i, int n) const {
  int who = i;
  if (links_ && pc_[i].link_stress != 0 && n > 0 && standing(i) && hp_left(i) > 0) [[unlikely]] who = link_pick(i, n, false);
  return pc(who).stress - pc_[who].stress_marked;
}

// PC i would mark `n` Stress (hp: HP) while linked: the PC that marks them
// (link_pick), said when it is another; the marks passed count as `healed`
// to the card of the link that joined i and that PC (start_link), and passed HP to link_moved_ (the hit PC's hurt, damage_pc).
template <class R, class Log>
inline int Battle<R, Log>::link_move(int i, int n, bool hp) {
  const int j = link_pick(i, n, hp);
  if (j == i) {
    if (hp && hp_left(i) <= n)  // the HP take i down and no linked PC would stay up: i marks them
      ENCSIM_SAY(log_, "  no PC linked to %s stays up after %d HP: %s marks them", pname(i), n, pname(i));
    return i;
  }
  const int src = pc_[i].link_src[hp ? 1 : 0][j] - 1;  // the link that joined i and j
  const PcCard* c = src >= 0 ? &pc(src / kMaxPcCards).cards[static_cast<std::size_t>(src % kMaxPcCards)] : nullptr;
  if (c != nullptr) feat(c->feat).healed += n;
  if (hp) link_moved_ += n;
  ENCSIM_SAY(log_, "  %s: %s marks the %d %s %s would mark", c != nullptr ? c->def->name.c_str() : "a link", pname(j), n,
             hp ? "HP" : "Stress", pname(i));
  return j;
}

// Shared Clarity's pair: *a the standing PC with the fewest Stress slots free,
// at most 1; *b another with the most, at least 3 (ties by name), the two not
// linked for Stress yet. Returns *a, -1 when there is no such pair.
template <class R, class Log>
inline int Battle<R, Log>::link_pair(int i, int* a, int* b) const {
  (void)i;
  auto free_of = [&](int k) { return pc(k).stress - pc_[k].stress_marked; };
  *a = *b = -1;
  for (int k = 0; k < n_pc_; ++k) {
    if (!standing(k) || free_of(k) > 1) continue;
    if (*a < 0 || free_of(k) < free_of(*a) || (free_of(k) == free_of(*a) && named_before(k, *a))) *a = k;
  }
  if (*a < 0) return -1;
  for (int k = 0; k < n_pc_; ++k) {
    if (k == *a || !standing(k) || free_of(k) < 3 || (pc_[*a].link_stress >> k & 1u)) continue;
    if (*b < 0 || free_of(k) > free_of(*b) || (free_of(k) == free_of(*b) && named_before(k, *b))) *b = k;
  }
  if (*b < 0) *a = -1;
  return *a;
}

// What casting link card `e` is worth now, in HP: among the PCs it would
// link, the marks some cannot bear that others can: HP short of 3 left (a
// Severe hit) against HP above 3 on the others (stress_hp links), and Stress
// slots short of 2 free against slots above 2 (a Stress with no slot free is
// an HP), each an HP. Nothing when fewer than two PCs would be linked, when
// they are linked so already, or when no adversary stands.
template <class R, class Log>
inline double Battle<R, Log>::link_worth(int i, const CardEffect& e) const {
  if (advs_up_ == 0) return 0.0;
  unsigned m = 0;
  if (e.link_pcs == 2) {
    int a = -1, b = -1;
    if (link_pair(i, &a, &b) < 0) return 0.0;
    m = 1u << a | 1u << b;
  } else {
    for (int k = 0; k < n_pc_; ++k) m |= standing(k) ? 1u << k : 0u;
  }
  if (std::popcount(m) < 2) return 0.0;
  bool fresh = false;  // some member not linked yet to every other for what the card covers
  for (int k = 0; k < n_pc_; ++k) {
    if (!(m >> k & 1u)) continue;
    const unsigned self = 1u << k;
    if ((e.link & kLinkStress) && ((pc_[k].link_stress | self) & m) != m) fresh = true;
    if ((e.link & kLinkHp) && ((pc_[k].link_hp | self) & m) != m) fresh = true;
  }
  if (!fresh) return 0.0;
  int short_hp = 0, spare_hp = 0, short_st = 0, spare_st = 0;
  for (int k = 0; k < n_pc_; ++k) {
    if (!(m >> k & 1u)) continue;
    const int left = hp_left(k), free = pc(k).stress - pc_[k].stress_marked;
    short_hp += std::max(0, 3 - left);
    spare_hp += std::max(0, left - 3);
    short_st += std::max(0, 2 - free);
    spare_st += std::max(0, free - 2);
  }
  return ((e.link & kLinkHp) ? std::min(short_hp, spare_hp) : 0) + std::min(short_st, spare_st);
}

// PC i casts link card k (its costs paid): the PCs it joins (link_worth's)
// may each pass what the card covers to any other of them until their next
// rest. A PC joined by two links may pass to the members of either; marks
// passed to a PC count to the card of the link that joined the two (where
// two links join the same two PCs for the same marks, the later one).
template <class R, class Log>
inline void Battle<R, Log>::start_link(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  unsigned m = 0;
  if (e.link_pcs == 2) {
    int a = -1, b = -1;
    if (link_pair(i, &a, &b) >= 0) m = 1u << a | 1u << b;
  } else {
    for (int q = 0; q < n_pc_; ++q) m |= standing(q) ? 1u << q : 0u;
  }
  if (std::popcount(m) < 2) {
    ENCSIM_SAY(log_, "  %s: no two PCs to link", c.def->name.c_str());
    return;
  }
  const auto src = static_cast<std::int16_t>(i * kMaxPcCards + k + 1);
  for (int q = 0; q < n_pc_; ++q) {
    if (!(m >> q & 1u)) continue;
    const auto others = static_cast<std::uint16_t>(m & ~(1u << q));
    if (e.link & kLinkStress) pc_[q].link_stress = static_cast<std::uint16_t>(pc_[q].link_stress | others);
    if (e.link & kLinkHp) pc_[q].link_hp = static_cast<std::uint16_t>(pc_[q].link_hp | others);
    for (int r = 0; r < n_pc_; ++r) {  // each passing counts to the link that joined the two (this one, where it joins them)
      if (!(others >> r & 1u)) continue;
      if (e.link & kLinkStress) pc_[q].link_src[0][r] = src;
      if (e.link & kLinkHp) pc_[q].link_src[1][r] = src;
    }
  }
  links_ = true;
  if constexpr (Log::kEnabled) {
    std::string names;
    for (int q = 0; q < n_pc_; ++q)
      if (m >> q & 1u) names += (names.empty() ? "" : ", ") + pc(q).name;
    log_.say("  %s links %s: each may pass the %s it would mark to another until their next rest", c.def->name.c_str(),
             names.c_str(), (e.link & kLinkHp) ? "Stress and HP" : "Stress");
  }
}

}  // namespace encsim::daggerheart
