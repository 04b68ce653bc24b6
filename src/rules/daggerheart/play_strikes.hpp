// Strikes the field has no map for, read without one (cards.hpp: dwindle,
// throw_foe, lasting, roll_bonus, sprites, set_total, banish, renew). Deathrun (`dwindle`): one attack roll at the foes a
// path reaches (as many as an area of the card's `range`); the weapon's
// damage with one more Proficiency die to the first foe beaten, then the same
// roll less its lowest die to each next, in the order the policy finds worth
// most. Telekinesis (`throw_foe`): a Spellcast roll lifts one foe, a second
// throws it at another, which takes the card's damage. Book of Ronin's
// Eternal Enervation (`lasting` with `vulnerable`): the foe stays Vulnerable
// until the fight ends (Battle::doomed_). Deft Maneuvers (`roll_bonus`, an
// `attack` reaction): a sprint into Melee just before a weapon attack, +1 to
// its roll. A PC without such a card never gets here (each is reached from
// its key on the card being played or weighed; Pc::has_sprint). Forest
// Sprites (`sprites`): Hope for sprites over the party, each spent on an
// ally's attack roll it turns or an extra Armor Slot (Battle::sprites_).
// Adjust Reality (`set_total`, an `ally_rolled` reaction): a failed roll's
// total set to what its success needs (Battle::party_.adjusters). Banish (`banish`):
// a foe out of the fight until a roll with Fear brings it back (Battle::banished_).
// Invigoration (`renew`, trigger `used_up`): Hope for d6s that may give a
// used-up action card a use back (Battle::party_.renewers).
// Included at the end of battle.hpp; not meant to be included on its own.
// docs/rules/daggerheart.md, "Domain cards", records the readings and policies.
#pragma once

#include <algorithm>
#include <cmath>

namespace encsim::daggerheart {

// ---- Deathrun (dwindle) -------------------------------------------------------

// The order a dwindle card of PC i's deals its damage in: `level[q]` is what
// the q-th foe takes (nl of them: one per damage die), the m `targets` each
// hit with chance `chance[t]` (1 once beaten). A target at a level is worth
// the HP that damage marks at its thresholds (resistance, reduction, Minion
// spillover counted), with one HP more when it fells it, weighed by its
// chance. The policy: the order worth most, found over every order when six
// or fewer foes are in play (ties to the order that puts the foe first by
// name earlier, never the order a scenario lists them), else level by level
// the foe worth most there. order[q]: the index into `targets` at level q
// (min(nl, m) of them). Returns the plan's worth.
template <class R, class Log>
inline double Battle<R, Log>::run_plan(int i, const int* level, int nl, const int* targets, const double* chance, int m,
                                       int* order) const {
  constexpr int kLevels = 16, kTargets = Encounter::kMaxAdversaries;
  const DamageType type = attack_of(i).type;
  nl = std::min(nl, kLevels);
  m = std::min(m, kTargets);
  const int used = std::min(nl, m);
  if (used <= 0) return 0.0;
  double gain[kLevels][kTargets];
  for (int q = 0; q < used; ++q)
    for (int t = 0; t < m; ++t) {
      const int u = targets[t];
      const double marks = adv_marks(u, level[q], type);
      const double fell = adv(u).minion > 0 ? (marks >= 1.0 ? 1.0 : 0.0) : (marks >= adv_hp_left(u) ? 1.0 : 0.0);
      gain[q][t] = level[q] > 0 ? chance[t] * (marks + fell) : 0.0;
    }
  int by_name[kTargets];  // the targets in name order: ties go to the earlier name
  for (int t = 0; t < m; ++t) by_name[t] = t;
  std::sort(by_name, by_name + m, [&](int a, int b) { return adv_named_before(targets[a], targets[b]); });
  double best = -1.0;
  if (m <= 6) {
    int perm[6];
    for (int t = 0; t < m; ++t) perm[t] = t;
    do {
      double v = 0.0;
      for (int q = 0; q < used; ++q) v += gain[q][by_name[perm[q]]];
      if (v > best + 1e-9) {
        best = v;
        for (int q = 0; q < used; ++q) order[q] = by_name[perm[q]];
      }
    } while (std::next_permutation(perm, perm + m));
    return best;
  }
  bool taken[kTargets] = {};
  best = 0.0;
  for (int q = 0; q < used; ++q) {
    int pick = -1;
    for (int x = 0; x < m; ++x) {
      const int t = by_name[x];
      if (!taken[t] && (pick < 0 || gain[q][t] > gain[q][pick] + 1e-9)) pick = t;
    }
    taken[pick] = true;
    order[q] = pick;
    best += gain[q][pick];
  }
  return best;
}

// What a dwindle card is worth to PC i now, in HP (its costs are the
// caller's): run_plan's worth at the mean dice (Proficiency + 1 of the
// weapon's, each at its mean, the weapon's flat part with every level) over
// the foes the path reaches (those its weapon attack is worth most on,
// weapon_value), each by the chance the roll beats it. -1 with no foe standing.
template <class R, class Log>
inline double Battle<R, Log>::run_value(int i, const CardEffect& e) const {
  const PcWeapon& w = attack_of(i);
  int targets[Encounter::kMaxAdversaries];
  double chance[Encounter::kMaxAdversaries];
  const int n = reached_foes(i, e, e.range, targets, chance);  // play_marks.hpp
  if (n == 0) return -1.0;
  const int dice = std::min(12, pc(i).proficiency + 1 + pc_[i].stance_prof);
  const double die = (w.sides + 1) / 2.0;
  const double rest = w.flat + w.damage_bonus + pc_[i].stance_damage + pc_[i].steed;
  int level[16] = {};  // filled below for the nd dice; zeroed so the profiled build sees no read of an unset one
  for (int q = 0; q < dice; ++q) level[q] = static_cast<int>((dice - q) * die + rest + 0.5);
  int order[16];
  return run_plan(i, level, dice, targets, chance, n, order);
}

// Card k (dwindle) of PC i's has rolled (r; `beats` what the roll beats) at
// the n `targets`: the weapon's damage is rolled once with one more
// Proficiency die (roll_pc_damage: a critical's maximum counted per die);
// the first foe in run_plan's order takes it all, and each next the same
// roll less its lowest die left (with that die's critical maximum), until no
// die is left; the roll's other parts (the weapon's flat damage, bonuses)
// stay with every foe. All counted to the card.
template <class R, class Log>
inline void Battle<R, Log>::run_strike(int i, int k, const int* targets, int n, RollResult r, int beats) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const PcWeapon& w = attack_of(i);
  const bool crit = r == RollResult::crit;
  int hit[Encounter::kMaxAdversaries];
  double chance[Encounter::kMaxAdversaries];
  int m = 0;
  for (int q = 0; q < n; ++q) {
    const int u = targets[q];
    rpc(i).aimed(true);
    if (succeeded(r) && adv_[u].alive && (crit || difficulty(u) <= beats)) hit[m] = u, chance[m++] = 1.0;
  }
  if (m == 0) {
    ENCSIM_SAY(log_, "  %s: no foe on the path beaten", c.def->name.c_str());
    return;
  }
  int dice[16];
  run_dice_ = dice;
  run_n_ = 0;
  prof_bonus_ = 1;
  const int total = roll_pc_damage(i, w, crit, hit[0]) + (pc_[i].steed != 0 ? steed_damage(i) : 0);  // a rider's (play_mount.hpp)
  prof_bonus_ = 0;
  run_dice_ = nullptr;
  const int nd = run_n_;
  std::sort(dice, dice + nd);
  int level[16] = {};  // filled below for the nd dice; zeroed so the profiled build sees no read of an unset one
  for (int q = 0; q < nd; ++q) level[q] = q == 0 ? total : level[q - 1] - dice[q - 1] - (crit ? w.sides : 0);
  int order[16];
  run_plan(i, level, nd, hit, chance, m, order);
  const int used = std::min(nd, m);
  for (int q = 0; q < used && !over(); ++q) {
    const int u = hit[order[q]];
    if (!adv_[u].alive) continue;
    rpc(i).struck(true, crit);
    const char* dice_word = nd - q == 1 ? "die" : "dice";
    if (q == 0)
      ENCSIM_SAY(log_, "  %s: %d to %s (%d %s)", c.def->name.c_str(), level[q], aname(u), nd, dice_word);
    else
      ENCSIM_SAY(log_, "  %s: less a %d, %d to %s (%d %s)", c.def->name.c_str(), dice[q - 1], level[q], aname(u), nd - q, dice_word);
    damage_adversary(i, u, level[q], w.type, w.range == Range::melee, beats, c.feat);
  }
  if (m > nd) ENCSIM_SAY(log_, "  %s: no die left for %d more foe(s) beaten", c.def->name.c_str(), m - nd);
}

// ---- Telekinesis (throw_foe) --------------------------------------------------

// The foe a throw_foe card of PC i's lifts to throw at adversary t: another
// standing foe, the one its roll beats most likely (its Difficulty,
// Vulnerable, Hidden), by name on ties; -1 none.
template <class R, class Log>
inline int Battle<R, Log>::lift_pick(int i, const CardEffect& e, int t) const {
  const int mod = roll_mod(i, e, true);  // the lift: no attack roll
  int best = -1;
  double most = -1.0;
  for (int j = 0; j < n_adv_; ++j) {
    if (j == t || !adv_[j].alive) continue;
    const double p = p_beats(mod, (adv_[j].vulnerable ? 1 : 0) - (adv_[j].hidden ? 1 : 0) + rally_adv(i), difficulty(j));
    if (best < 0 || p > most + 1e-9 || (std::abs(p - most) <= 1e-9 && adv_named_before(j, best))) best = j, most = p;
  }
  return best;
}

// What a throw_foe card is worth to PC i now, in HP, and its target (*target):
// on each standing foe, the chance both rolls succeed (the lifted foe's, by
// lift_pick, and its own) times the card's worth on it (card_on_value); the
// foe it is worth most on, by name on ties. -1 with fewer than two foes standing.
template <class R, class Log>
inline double Battle<R, Log>::throw_value(int i, const CardEffect& e, int* target) const {
  *target = -1;
  if (advs_up_ < 2) return -1.0;
  const int mod = roll_mod(i, e), lift_mod = roll_mod(i, e, true);  // the throw is an attack roll, the lift none
  double best = -1.0;
  for (int t = 0; t < n_adv_; ++t) {
    if (!adv_[t].alive) continue;
    const int l = lift_pick(i, e, t);
    if (l < 0) continue;
    const double lift = p_beats(lift_mod, (adv_[l].vulnerable ? 1 : 0) - (adv_[l].hidden ? 1 : 0) + rally_adv(i), difficulty(l));
    const double hit = p_beats(mod, (adv_[t].vulnerable ? 1 : 0) - (adv_[t].hidden ? 1 : 0) + rally_adv(i), difficulty(t));
    const double v = lift * hit * card_on_value(i, e, t, 0.0);
    if (v > best + 1e-9 || (std::abs(v - best) <= 1e-9 && *target >= 0 && adv_named_before(t, *target))) best = v, *target = t;
  }
  return best;
}

// PC i's Spellcast roll for card effect e at adversary u (an action roll:
// Vulnerable, Hidden and a rally count; Ranger's Focus sees it); *total its
// total. `lift`: Telekinesis's lift, no attack roll (attack_roll).
template <class R, class Log>
inline RollResult Battle<R, Log>::spell_roll(int i, const CardEffect& e, int u, int* total, bool lift) {
  roll_vs_ = u;
  roll_trait_ = pc(i).spellcast;
  roll_spell_ = true;
  const int net = (adv_[u].vulnerable ? 1 : 0) - (adv_[u].hidden ? 1 : 0) + rally_adv(i);
  if (pc_[i].steed != 0 && attack_roll(e, lift)) [[unlikely]] steed_roll(i);  // a rider's attack roll (play_mount.hpp)
  const RollResult r = action_roll(i, roll_mod(i, e, lift), net, difficulty(u), total, true);
  roll_vs_ = -1;
  roll_trait_ = -1;
  roll_spell_ = false;
  return r;
}

// Card k (throw_foe) of PC i's is cast at adversary t (-1: choose now): a
// Spellcast roll at the foe lift_pick names; on its success a second
// Spellcast roll at t, and on that one's success the card's damage to t
// (card_on_enemy). Both are action rolls (Hope or Fear each); the spotlight
// passes when either fails or rolls with Fear. Returns that.
template <class R, class Log>
inline bool Battle<R, Log>::throw_spell(int i, int k, int t) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  if (t < 0 || !adv_[t].alive) throw_value(i, e, &t);
  const int l = t < 0 ? -1 : lift_pick(i, e, t);
  if (l < 0) {
    ENCSIM_SAY(log_, "  %s: no two foes standing", c.def->name.c_str());
    return false;
  }
  ++rpc(i).actions;
  ENCSIM_SAY(log_, "  %s lifts %s to throw it at %s", pname(i), aname(l), aname(t));
  int total = 0;
  const RollResult lift = spell_roll(i, e, l, &total, true);
  if (over()) return false;
  if (!succeeded(lift)) {
    ENCSIM_SAY(log_, "  %s fails to lift %s", c.def->name.c_str(), aname(l));
    return passes(lift);
  }
  if (!standing(i)) return passes(lift);
  if (!adv_[t].alive) return passes(lift);
  cloaked_attack_ = (pc_[i].unseen & kCloaked) != 0 ? i : -1;  // Sneak Attack while Cloaked (sneak_ok)
  if (pc_[i].unseen & kEndsOnAttack) [[unlikely]] {  // the throw is an attack: it ends Cloaked
    pc_[i].unseen &= ~kEndsOnAttack;
    ENCSIM_SAY(log_, "  %s attacks: no longer Cloaked", pname(i));
  }
  const RollResult r = spell_roll(i, e, t, &total);
  if (over()) return false;
  const bool crit = r == RollResult::crit;
  rpc(i).aimed(false);
  if (succeeded(r) && adv_[t].alive) {
    if (c.def->spell && pc(i).has_spotlight_end) [[unlikely]] spell_hit_ = true;  // Cloaking Blast
    rpc(i).struck(false, crit);
    CardAttack attack{r};  // the throw is an attack: its `hit` reactions and Sneak Attack
    card_on_enemy(i, c, t, crit ? kBeatsAny : total, crit, &attack);
    if (pc(i).has_attack_reactions && !over()) {
      if (crit) card_event(i, CardTrigger::crit, r, false, t);
      card_event(i, CardTrigger::after_hit, r, false, t);
    }
  } else if (!succeeded(r)) {
    ENCSIM_SAY(log_, "  %s misses %s", c.def->name.c_str(), aname(t));
  }
  cloaked_attack_ = -1;  // the throw is done: a later weighing sees the cloak as it stands
  return passes(lift) || passes(r);
}

// ---- Eternal Enervation (lasting) --------------------------------------------

// What making adversary j Vulnerable until the fight ends is worth, in HP: a
// Vulnerable's worth (kWorthVulnerable) for each hit the party may still land
// on it while it stands, estimated as its HP left over two a hit (rounded
// up; six at most), less the one it holds now; nothing on a foe it holds already.
template <class R, class Log>
inline double Battle<R, Log>::lasting_worth(int j) const {
  if ((doomed_ >> j & 1u) != 0 || !adv_[j].alive) return 0.0;
  const double hits = std::min(6.0, std::ceil(adv_hp_left(j) / 2.0));
  return kWorthVulnerable * (hits - (adv_[j].vulnerable ? 1.0 : 0.0));
}

// Adversary u is Vulnerable until the fight ends (card_conditions, a lasting card).
template <class R, class Log>
inline void Battle<R, Log>::doom(int u) {
  if (!adv_[u].alive || (doomed_ >> u & 1u) != 0) return;
  doomed_ |= std::uint64_t{1} << u;
  adv_[u].vulnerable = true;
  ENCSIM_SAY(log_, "  %s is Vulnerable until the fight ends: nothing clears it", aname(u));
}

// ---- Deft Maneuvers (roll_bonus) ---------------------------------------------

// Before PC i's weapon attack roll at t (its modifier *mod and net advantage
// `net`): each `roll_bonus` card with a use left, in name order, is played
// when the chance its bonus adds to the roll (p_beats with it, less without)
// times the HP the weapon's mean hit marks on t (one more when that fells t)
// beats its costs (a Stress a quarter of an HP, never one the PC cannot
// mark; a Hope half, the class feature's reserve kept). Its costs are paid
// here, hit or miss; the bonus joins *mod.
template <class R, class Log>
inline void Battle<R, Log>::sprint(int i, int t, const PcWeapon& w, int* mod, int net) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  for (int k = 0; k < static_cast<int>(p.cards.size()); ++k) {
    const PcCard& c = p.cards[static_cast<std::size_t>(k)];
    const CardEffect& e = c.def->effect;
    if (!c.live() || e.roll_bonus == 0 || (s.beast && c.def->spell) || s.card_uses[static_cast<std::size_t>(k)] == 0) continue;
    if (e.stress > stress_room(i, e.stress) || s.hope < e.hope + hope_keep(i, e.hope) || copy_short(i, k, e.hope)) continue;
    const int n = net + (s.fail_adv >= 0 ? 1 : 0);
    const double marks = weapon_marks(i, t, w);
    const double fell = adv(t).minion > 0 ? (marks >= 1.0 ? 1.0 : 0.0) : (marks >= adv_hp_left(t) ? 1.0 : 0.0);
    const double gain = (p_beats(*mod + e.roll_bonus, n, difficulty(t)) - p_beats(*mod, n, difficulty(t))) * (marks + fell);
    if (gain <= kHopeWorth * card_hope(i, k) + kStressWorth * e.stress) continue;
    pay_card(i, k);
    *mod += e.roll_bonus;
    ENCSIM_SAY(log_, "  %s plays %s: a sprint to %s, +%d to the attack roll", pname(i), c.def->name.c_str(), aname(t), e.roll_bonus);
  }
}

// ---- Forest Sprites (sprites) -------------------------------------------------

// The sprites a `sprites` card of PC i's would make now: one per standing
// ally (the caster's sprites serve the others), as far as its Hope goes past
// what the class feature keeps (card_hope_reserve); none while sprites stand.
template <class R, class Log>
inline int Battle<R, Log>::sprite_count(int i, const CardEffect& e) const {
  (void)e;
  if (sprites_ > 0) return 0;
  int allies = 0;
  for (int q = 0; q < n_pc_; ++q) allies += q != i && standing(q) ? 1 : 0;
  return std::clamp(pc_[i].hope - hope_keep(i), 0, allies);
}

// What a `sprites` card is worth to PC i if its roll succeeds, in HP: each
// sprite the mean of its two benefits, a hit (the mean, over the standing
// allies, of the HP the weapon's mean hit marks on the foe it is worth most
// on: a failed attack roll turned) and the HP an Armor Slot keeps off (1),
// less its Hope (kHopeWorth); 0 when no sprite would be made or one is worth
// no more than its Hope.
template <class R, class Log>
inline double Battle<R, Log>::sprites_worth(int i, const CardEffect& e) const {
  const int n = sprite_count(i, e);
  if (n == 0 || advs_up_ == 0) return 0.0;
  double hits = 0.0;
  int allies = 0;
  for (int q = 0; q < n_pc_; ++q) {
    if (q == i || !standing(q)) continue;
    double best = 0.0;
    for (int j = 0; j < n_adv_; ++j)
      if (adv_[j].alive) best = std::max(best, weapon_marks(q, j, attack_of(q)));
    hits += best;
    ++allies;
  }
  const double each = 0.5 * (hits / std::max(1, allies) + 1.0) - kHopeWorth;
  return each <= 0.0 ? 0.0 : n * each;
}

// Card k (sprites) of PC i's has succeeded: it spends sprite_count's Hope for
// that many sprites over the party.
template <class R, class Log>
inline void Battle<R, Log>::summon_sprites(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const int n = sprite_count(i, c.def->effect);
  if (n == 0) {
    ENCSIM_SAY(log_, "  %s: no Hope spent, no sprite", c.def->name.c_str());
    return;
  }
  spend_hope(i, n, kHopeSpentCards);
  feat(c.feat).spent += n;
  sprites_ += n;
  sprite_pc_ = i;
  sprite_card_ = k;
  sprite_bonus_ = c.def->effect.sprites;
  ENCSIM_SAY(log_, "  %s: %s spends %d Hope for %d sprites over the party", c.def->name.c_str(), pname(i), n, n);
}

// An ally's (PC i's, not the caster's) attack roll has failed, `*total`
// against `difficulty_needed`: a sprite beside its target adds its bonus
// when that makes it succeed, and vanishes. Our policy: a sprite is spent at
// the first roll it turns; a roll short by more is left as it is.
template <class R, class Log>
inline RollResult Battle<R, Log>::sprite_roll(int i, RollResult r, int difficulty_needed, int* total) {
  (void)i;
  if (difficulty_needed - *total > sprite_bonus_) return r;
  --sprites_;
  *total += sprite_bonus_;
  FeatureRecord& f = feat(pc(sprite_pc_).cards[static_cast<std::size_t>(sprite_card_)].feat);
  ++f.conditions;
  ENCSIM_SAY(log_, "  a sprite of %s's %s beside %s: +%d = %d, the attack succeeds (%d sprites left)", pname(sprite_pc_),
             pc(sprite_pc_).cards[static_cast<std::size_t>(sprite_card_)].def->name.c_str(), aname(roll_vs_), sprite_bonus_,
             *total, sprites_);
  return r == RollResult::failure_hope ? RollResult::success_hope : RollResult::success_fear;
}

// An ally (PC i, not the caster) has marked an Armor Slot against a hit that
// still marks `marks` HP: a sprite beside it lets it mark one more slot, one
// threshold more, and vanishes. Our policy: always, while it has a slot free
// (an Armor Slot, kArmorWorth, is worth less than the HP it saves).
template <class R, class Log>
inline int Battle<R, Log>::sprite_armor(int i, int marks) {
  PcState& s = pc_[i];
  if (!armor_free(i)) return marks;
  --sprites_;
  ++s.armor_marked;
  ++rpc(i).extra[kExtraArmorUsed];
  ++res(kArmorSlotsUsed);
  FeatureRecord& f = feat(pc(sprite_pc_).cards[static_cast<std::size_t>(sprite_card_)].feat);
  ++f.conditions;
  ++f.healed;
  ENCSIM_SAY(log_, "  a sprite of %s's %s beside %s: one more Armor Slot, %d HP become %d (%d sprites left)", pname(sprite_pc_),
             pc(sprite_pc_).cards[static_cast<std::size_t>(sprite_card_)].def->name.c_str(), pname(i), marks, marks - 1, sprites_);
  return marks - 1;
}

// ---- Adjust Reality (set_total) -----------------------------------------------

// PC i's action roll has failed (r, *total against target_difficulty; Hope
// Die h of hope_sides sides, Fear Die f): a set_total card (its holder's own
// roll, or a standing ally's) may make the total what the success needs,
// when the dice could show it (the rest of the total and both dice at their
// most reach it); the Hope or Fear stays as rolled. Our policy, by the
// rerolls' value rule (result_worth): played when that success is worth more
// than the failure by more than its costs (5 Hope: 2.5 HP; the class
// feature's Hope kept); the roller's own card first, then the PCs in party
// order, cards in name order.
template <class R, class Log>
inline RollResult Battle<R, Log>::adjust_total(int i, RollResult r, int target_difficulty, int* total, int h, int f,
                                               int hope_sides) {
  if (*total - h - f + hope_sides + 12 < target_difficulty) return r;
  const double stakes = roll_weapon_ != nullptr && roll_vs_ >= 0 ? weapon_marks(i, roll_vs_, *roll_weapon_) : 1.0;
  const RollResult up = duality_result(h, f, target_difficulty, target_difficulty);
  const double gain = result_worth(i, up, stakes) - result_worth(i, r, stakes);
  for (int n = 0; n < n_pc_; ++n) {
    const int o = n == 0 ? i : n <= i ? n - 1 : n;  // the roller first, then the others in party order
    if (!pc(o).sets_totals || (o != i && !standing(o))) continue;
    for (int k = 0; k < static_cast<int>(pc(o).cards.size()); ++k) {
      const PcCard& c = pc(o).cards[static_cast<std::size_t>(k)];
      const CardEffect& e = c.def->effect;
      if (!e.set_total || !card_payable(o, k, CardTrigger::ally_rolled, e.hope > 0 ? hope_keep(o) : 0)) continue;
      if (e.stress > 0 && e.stress >= stress_room(o, e.stress)) continue;
      if (gain <= kHopeWorth * card_hope(o, k) + kStressWorth * e.stress) continue;
      pay_card(o, k);
      ++feat(c.feat).conditions;
      *total = target_difficulty;
      if (o == i)
        ENCSIM_SAY(log_, "  %s plays %s: the total becomes %d: %s", pname(o), c.def->name.c_str(), *total, result_name(up));
      else
        ENCSIM_SAY(log_, "  %s plays %s: %s's total becomes %d: %s", pname(o), c.def->name.c_str(), pname(i), *total,
                   result_name(up));
      return up;
    }
  }
  return r;
}

// ---- Banish (banish) ----------------------------------------------------------

// What a banish card is worth to PC i now, in HP, and its target (*target):
// on each standing foe, the chance the Spellcast roll beats it times the
// chance its reaction roll (d20, a natural 20 succeeds) fails against the
// highest of the PC's Spellcast trait in d20s, times half its worth out of
// the fight (kill_worth: its HP left, a Minion 1; half, for the rolls with
// Fear that may bring it back), plus, when it succeeds, the Stress it marks
// (a quarter HP, while it has a Stress slot free). The foe it is worth most
// on, by name on ties (not the weapon's target: a banishment goes where it
// counts). -1 with no foe standing.
template <class R, class Log>
inline double Battle<R, Log>::banish_value(int i, const CardEffect& e, int* target) const {
  *target = -1;
  const int n = pc(i).spellcast >= 0 ? std::max(1, trait_of(i, static_cast<Trait>(pc(i).spellcast))) : 1;
  double fails = 0.0;  // the chance the foe's reaction roll fails, over the highest of n d20s
  for (int hi = 1; hi <= 20; ++hi)
    fails += (std::pow(hi / 20.0, n) - std::pow((hi - 1) / 20.0, n)) * p_fails_save(hi);
  const int mod = roll_mod(i, e);
  double best = -1.0;
  for (int j = 0; j < n_adv_; ++j) {
    if (!adv_[j].alive) continue;
    const double p = p_beats(mod, (adv_[j].vulnerable ? 1 : 0) - (adv_[j].hidden ? 1 : 0) + rally_adv(i), difficulty(j));
    const double stress = adv(j).stress > adv_[j].stress_marked ? 0.25 : 0.0;
    const double v = p * (fails * 0.5 * kill_worth(j) + (1.0 - fails) * stress);
    if (v > best + 1e-9 || (std::abs(v - best) <= 1e-9 && *target >= 0 && adv_named_before(j, *target))) best = v, *target = j;
  }
  return best;
}

// Card k (banish) of PC i's is cast at adversary t (-1: choose now): its
// Spellcast roll; on a success its Spellcast trait in d20s, the highest the
// Difficulty of t's reaction roll (an adversary's action roll: a natural 20
// succeeds, an Experience for a Fear by the GM's policy). On t's success it
// marks a Stress; on its failure, with a use left, it is banished (the use
// paid): out of the fight (not standing, not acting, not a target) until a
// reaction roll after a PC's roll with Fear brings it back (banish_return).
// With no foe left standing the fight is over: the party has won.
template <class R, class Log>
inline bool Battle<R, Log>::banish_spell(int i, int k, int t) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  ++feat(c.feat).uses;
  if (t < 0 || !adv_[t].alive) banish_value(i, e, &t);
  if (t < 0) return false;
  ++rpc(i).actions;
  int total = 0;
  const RollResult r = spell_roll(i, e, t, &total);
  if (over()) return false;
  if (!succeeded(r) || !adv_[t].alive) {
    if (!succeeded(r)) ENCSIM_SAY(log_, "  %s fails", c.def->name.c_str());
    return passes(r);
  }
  const int n = pc(i).spellcast >= 0 ? std::max(1, trait_of(i, static_cast<Trait>(pc(i).spellcast))) : 1;
  int hi = 0;
  for (int q = 0; q < n; ++q) hi = std::max(hi, dice_.die(20));
  ENCSIM_SAY(log_, "  %s: the highest of %d d20 is %d: %s makes a reaction roll against it", c.def->name.c_str(), n, hi, aname(t));
  if (adversary_action_roll(t, hi)) {
    ENCSIM_SAY(log_, "  %s holds: it marks a Stress and is not banished", aname(t));
    adv_mark_stress(t, 1);
    return passes(r);
  }
  if (pc_[i].card_uses[static_cast<std::size_t>(k)] == 0) {
    ENCSIM_SAY(log_, "  %s: its banishment is spent until a rest", c.def->name.c_str());
    return passes(r);
  }
  pay_card(i, k, false);
  ++feat(c.feat).conditions;
  AdvState& a = adv_[t];
  a.alive = false;
  a.banish_dc = hi;
  --advs_up_;
  banished_ |= std::uint64_t{1} << t;
  banish_pc_ = i;
  banish_card_ = k;
  ENCSIM_SAY(log_, "  %s is banished from this realm (its way back: a reaction roll against %d after a roll with Fear)", aname(t), hi);
  if (advs_up_ == 0 && outcome_ == Outcome::draw) outcome_ = Outcome::party_win;
  return passes(r);
}

// A PC has rolled with Fear: each banished adversary's Difficulty to return
// drops by one and it makes a reaction roll against it (in the order the
// scenario lists them: each rolls, none chooses); on a success it is back in
// the fight, standing as it was.
template <class R, class Log>
inline void Battle<R, Log>::banish_return() {
  for (int j = 0; j < n_adv_ && !over(); ++j) {
    if ((banished_ >> j & 1u) == 0) continue;
    AdvState& a = adv_[j];
    a.banish_dc = std::max(1, a.banish_dc - 1);
    ENCSIM_SAY(log_, "  the roll with Fear calls banished %s back: a reaction roll against %d", aname(j), a.banish_dc);
    if (!adversary_action_roll(j, a.banish_dc)) continue;
    a.alive = true;
    a.banish_dc = 0;
    ++advs_up_;
    banished_ &= ~(std::uint64_t{1} << j);
    ENCSIM_SAY(log_, "  %s returns from banishment", aname(j));
  }
}

// ---- Invigoration (renew) ----------------------------------------------------

// PC o has spent the last use of its action card k: a standing PC with a
// `renew` reaction (the holder itself, then the others in party order) may
// spend Hope for d6s, any at or above `renew` giving the card one use back.
// Our policy: a use is worth what the card is worth now by the card value
// rule (card_value, as if it were usable) above o's weapon attack at its
// best foe (weapon_value); the PC rolls as many dice as each still adds more
// than its Hope (kHopeWorth): the n-th die adds the use's worth times the
// chance it is the first to show the face, with the class feature's Hope
// kept. One try per use spent.
template <class R, class Log>
inline void Battle<R, Log>::renew(int o, int k) {
  const PcCard& used = pc(o).cards[static_cast<std::size_t>(k)];
  if (used.def->effect.renew > 0 || !standing(o)) return;
  int t = -1;
  double weapon = 0.0;
  for (int j = 0; j < n_adv_; ++j)
    if (adv_[j].alive) weapon = std::max(weapon, weapon_value(o, j));
  const double worth = card_value(o, k, &t) - weapon;
  if (worth <= 0.0) return;
  for (int n = 0; n < n_pc_; ++n) {
    const int h = n == 0 ? o : n <= o ? n - 1 : n;  // the card's holder first, then the others in party order
    if (!pc(h).renews || !standing(h)) continue;
    for (int q = 0; q < static_cast<int>(pc(h).cards.size()); ++q) {
      const PcCard& c = pc(h).cards[static_cast<std::size_t>(q)];
      const CardEffect& e = c.def->effect;
      if (e.renew == 0 || !card_payable(h, q, CardTrigger::used_up, 0)) continue;
      const double hit = (7.0 - e.renew) / 6.0, miss = 1.0 - hit;
      const int most = pc_[h].hope - hope_keep(h);
      int dice = 0;
      while (dice < most && worth * std::pow(miss, dice) * hit > kHopeWorth) ++dice;
      if (dice == 0) continue;
      spend_hope(h, dice, kHopeSpentCards);
      FeatureRecord& f = feat(c.feat);
      ++f.uses;
      f.spent += dice;
      bool back = false;
      int best = 0;
      for (int d = 0; d < dice; ++d) best = std::max(best, dice_.die(6));
      back = best >= e.renew;
      if (back) {
        pc_[o].card_uses[static_cast<std::size_t>(k)] = 1;
        ++f.conditions;
      }
      ENCSIM_SAY(log_, "  %s plays %s on %s's %s: %d Hope, %d d6, the highest %d: %s", pname(h), c.def->name.c_str(), pname(o),
                 used.def->name.c_str(), dice, dice, best, back ? "it can be used again" : "it stays spent");
      return;
    }
  }
}

}  // namespace encsim::daggerheart
