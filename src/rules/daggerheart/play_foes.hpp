// Cards that leave a mark on a foe (cards.hpp: difficulty_cut, silence): what
// the mark does, what it is worth to the caster, and how the GM answers it on
// the foe's spotlight. Glyph of Nightfall (a Difficulty cut until the GM spends
// the foe's spotlight to clear it), Hush (Silenced: no spell until the GM
// spends a Fear, the caster casts again or takes Major damage), and the GM's
// one rule for every temporary condition the party puts on a foe (a glyph,
// Make a Scene's Distract, a card's Vulnerable): clear it with the foe's
// spotlight, or act while still under it (temp_spotlight).
// Included at the end of battle.hpp; not meant to be included on its own.
// docs/rules/daggerheart.md, "Readings the cards leave open", records the readings.
#pragma once

#include <algorithm>
#include <array>
#include <cstring>

namespace encsim::daggerheart {

// The Difficulty cut card effect e of PC i's makes: its number, or the trait as
// the PC has it now (a Full Surge counted), at least 1.
template <class R, class Log>
inline int Battle<R, Log>::cut_of(int i, const CardEffect& e) const {
  std::array<int, kTraitCount> t{};
  for (int k = 0; k < kTraitCount; ++k) t[static_cast<std::size_t>(k)] = trait_of(i, static_cast<Trait>(k));
  return std::max(1, e.difficulty_cut.value(t.data(), pc(i).proficiency, pc(i).level));
}

// What an edge on adversary j is worth to the party, in expected HP: its
// Difficulty `cut` below `from`, `lift` more advantage than its state would
// give without the edge (1: a Vulnerable the edge is), and `extra` damage on
// a hit (at its mean: Chokehold's); each standing PC's weapon attack on j
// once, the chance it hits with the edge times the HP it marks then, less
// the same without the edge. cut_worth: a cut alone.
template <class R, class Log>
inline double Battle<R, Log>::edge_worth(int j, int from, int cut, int lift, double extra) const {
  if (!adv_[j].alive || (cut <= 0 && lift <= 0 && extra <= 0.0)) return 0.0;
  const int net = (adv_[j].vulnerable ? 1 : 0) - (adv_[j].hidden ? 1 : 0);
  double v = 0.0;
  for (int q = 0; q < n_pc_; ++q) {
    if (!standing(q)) continue;
    const PcWeapon& w = attack_of(q);
    const int mod = trait_of(q, w.trait) + w.attack_bonus + attack_plus(q);
    const double marks = weapon_marks(q, j, w);
    const double more = extra > 0.0 ? weapon_marks(q, j, w, extra) : marks;
    v += p_beats(mod, net, from - cut) * more - p_beats(mod, net - lift, from) * marks;
  }
  return v;
}

// What card effect e's marks on adversary j are worth to PC i, in expected HP
// (conditions_value): a Difficulty cut beyond the one j bears, by cut_worth;
// a new Silence on a foe whose standard attack deals magic damage, that
// attack's worth (adv.threat_hp: the GM pays a Fear or loses the spotlight),
// else a half HP when j has a modelled action feature of magic damage; less
// the worth of the Silence the caster's card holds on another foe (casting
// again ends it).
template <class R, class Log>
inline double Battle<R, Log>::foe_marks_value(int i, const CardEffect& e, int j) const {
  double v = 0.0;
  if (e.difficulty_cut.present()) {
    const int cut = cut_of(i, e);
    if (cut > adv_[j].glyph) v += cut_worth(j, difficulty(j), cut - adv_[j].glyph);
  }
  if (e.turn_foe) {
    double worth = 0.0;
    turn_victim(j, &worth);
    v += worth;
  }
  if (e.silence && adv_[j].silenced_by < 0) {
    auto worth = [&](int k) {
      if (adv(k).type_of_damage == DamageType::magic) return adv(k).threat_hp;
      for (const Feature& ft : adv(k).features)
        if (ft.modelled && ft.kind == Feature::Kind::action && ft.effect.type == DamageType::magic) return 0.5;
      return 0.0;
    };
    v += worth(j);
    for (int k = 0; k < n_adv_; ++k)
      if (k != j && adv_[k].alive && adv_[k].silenced_by == i) v -= worth(k);
  }
  return v;
}

// Card c of PC i has beaten adversary u: its marks land (card_conditions).
template <class R, class Log>
inline void Battle<R, Log>::mark_foe(int i, const PcCard& c, int u) {
  const CardEffect& e = c.def->effect;
  AdvState& s = adv_[u];
  if (e.difficulty_cut.present()) {
    const int cut = cut_of(i, e);
    if (cut > s.glyph) {
      s.glyph = cut;
      ++feat(c.feat).conditions;
      ENCSIM_SAY(log_, "  %s: %s's Difficulty drops by %d to %d until it clears the mark", c.def->name.c_str(), aname(u), cut,
                 difficulty(u));
    }
  }
  if (e.again_penalty > 0) pc_[i].beaten_foes |= std::uint64_t{1} << u;
  if (e.turn_foe) turn_foe(i, c, u);
  if (e.silence && s.silenced_by < 0 && s.alive) {
    const int k = static_cast<int>(&c - pc(i).cards.data());
    for (int j = 0; j < n_adv_; ++j)  // casting again ends the caster's other Silence
      if (adv_[j].silenced_by == i && adv_[j].silence_card == k) {
        adv_[j].silenced_by = adv_[j].silence_card = -1;
        ENCSIM_SAY(log_, "  %s is no longer Silenced (%s casts %s again)", aname(j), pname(i), c.def->name.c_str());
      }
    s.silenced_by = i;
    s.silence_card = k;
    ++feat(c.feat).conditions;
    ENCSIM_SAY(log_, "  %s is Silenced: it casts no spell", aname(u));
  }
}

// PC i takes Major damage (or casts Hush again elsewhere): the Silences it holds end.
template <class R, class Log>
inline void Battle<R, Log>::hush_end(int i, const char* why) {
  for (int j = 0; j < n_adv_; ++j)
    if (adv_[j].silenced_by == i) {
      adv_[j].silenced_by = adv_[j].silence_card = -1;
      if (adv_[j].alive) ENCSIM_SAY(log_, "  %s is no longer Silenced (%s takes %s)", aname(j), pname(i), why);
    }
}

// What temporary condition c (HeldKind) on adversary j is worth to the
// party, in expected HP, by edge_worth: a glyph's or a Distract's Difficulty
// cut, a Vulnerable's advantage (and Chokehold's extra damage on each hit);
// On Fire: the HP its burn marks at the end of the action (fire_worth). -1:
// not held, or nothing to clear now (a storm or a lasting card holds j
// Vulnerable too).
template <class R, class Log>
inline double Battle<R, Log>::temp_worth(int j, int c) const {
  const AdvState& s = adv_[j];
  switch (c) {
    case kHeldGlyph: return s.glyph > 0 ? cut_worth(j, difficulty(j) + s.glyph, s.glyph) : -1.0;
    case kHeldDistract: return s.distract > 0 ? cut_worth(j, difficulty(j) + s.distract, s.distract) : -1.0;
    case kHeldVulnerable:
      if ((s.temps & kTempVulnerable) == 0 || ((storm_ | doomed_) >> j & 1u) != 0) return -1.0;
      return edge_worth(j, difficulty(j), 0, 1, exposed_mean(j));
    case kHeldFire: return (s.temps & kTempFire) != 0 ? fire_worth(j) : -1.0;
    default: return -1.0;
  }
}

// Adversary j spends its spotlight clearing temporary condition c.
template <class R, class Log>
inline void Battle<R, Log>::clear_temp(int j, int c) {
  AdvState& s = adv_[j];
  switch (c) {
    case kHeldGlyph:
      s.glyph = 0;
      ENCSIM_SAY(log_, "%s spends its spotlight clearing the glyph (Difficulty %d again)", aname(j), difficulty(j));
      break;
    case kHeldDistract:
      s.distract = 0;
      ENCSIM_SAY(log_, "%s spends its spotlight shaking off the Distraction (Difficulty %d again)", aname(j), difficulty(j));
      break;
    case kHeldVulnerable:
      s.temps &= ~kTempVulnerable;
      s.vulnerable = ((storm_ | doomed_) >> j & 1u) != 0;  // a storm or a lasting card still holds it
      s.exposed_from = s.exposed_card = -1;  // Chokehold's extra ends with its Vulnerable
      ENCSIM_SAY(log_, "%s spends its spotlight clearing its Vulnerable", aname(j));
      break;
    case kHeldFire:
      s.temps &= ~kTempFire;
      s.fire_from = s.fire_card = -1;
      ENCSIM_SAY(log_, "%s spends its spotlight putting out the flames (no longer On Fire)", aname(j));
      break;
    default: break;
  }
}

// The GM's answer to the party's temporary conditions on adversary j as its
// spotlight begins (the SRD's temporary tag: the GM clears one by spending
// the adversary's spotlight on it). The one worth most to the party
// (temp_worth; ties in HeldKind order: glyph, Distract, Vulnerable, On
// Fire), when that is worth more than j's
// standard attack is to the GM (threat_hp), is cleared and the spotlight
// spent; else j acts while it still bears them all, and the log says so.
// Returns true when the spotlight is spent.
template <class R, class Log>
inline bool Battle<R, Log>::temp_spotlight(int j) {
  int pick = -1;
  double best = 0.0;
  for (int c = 0; c < kHeldKinds; ++c) {
    const double w = temp_worth(j, c);
    if (w >= 0.0 && (pick < 0 || w > best)) pick = c, best = w;
  }
  if (pick < 0) return false;
  if (best > adv(j).threat_hp) {
    clear_temp(j, pick);
    return true;
  }
  if constexpr (Log::kEnabled) {
    static constexpr const char* kName[kHeldKinds] = {"marked by the glyph", "Distracted", "Vulnerable", "On Fire"};
    char held[96] = "";
    for (int c = 0; c < kHeldKinds; ++c) {
      if (temp_worth(j, c) < 0.0) continue;
      if (held[0] != '\0') std::strncat(held, ", ", sizeof held - std::strlen(held) - 1);
      std::strncat(held, kName[c], sizeof held - std::strlen(held) - 1);
    }
    ENCSIM_SAY(log_, "%s acts while still %s (%.2f HP to the party; its attack %.2f to the GM)", aname(j),
               held, best, adv(j).threat_hp);
  }
  return false;
}

// The mean of the extra damage every attack on adversary j deals while the
// Vulnerable a card with exposed_damage gave it holds (Chokehold); 0 none.
template <class R, class Log>
inline double Battle<R, Log>::exposed_mean(int j) const {
  const AdvState& s = adv_[j];
  if (s.exposed_from < 0) return 0.0;
  const CardDice& d = pc(s.exposed_from).cards[static_cast<std::size_t>(s.exposed_card)].def->effect.exposed_damage;
  return d.mean(pc(s.exposed_from).proficiency, spellcast_mod(s.exposed_from));
}

// An attack's damage on adversary j, while the Vulnerable a card with
// exposed_damage gave it holds: those dice, rolled (no critical bonus: they
// are the card's, not the attacker's roll); 0 otherwise.
template <class R, class Log>
inline int Battle<R, Log>::exposed_extra(int j) {
  const AdvState& s = adv_[j];
  if (s.exposed_from < 0 || !s.alive) return 0;
  const PcCard& c = pc(s.exposed_from).cards[static_cast<std::size_t>(s.exposed_card)];
  const int more = roll_card_dice(s.exposed_from, c.def->effect.exposed_damage, false, 0);
  ENCSIM_SAY(log_, "  %s: %s is held Vulnerable: %d more damage", c.def->name.c_str(), aname(j), more);
  return more;
}

// What On Fire on adversary j costs it each action it takes: the HP its
// card's burn marks at the mean (magic).
template <class R, class Log>
inline double Battle<R, Log>::fire_worth(int j) const {
  const AdvState& s = adv_[j];
  if (s.fire_from < 0 || !s.alive) return 0.0;
  const CardDice& d = pc(s.fire_from).cards[static_cast<std::size_t>(s.fire_card)].def->effect.on_fire;
  return adv_marks(j, d.mean(pc(s.fire_from).proficiency, spellcast_mod(s.fire_from)), DamageType::magic);
}

// Card c of PC i's sets adversary u On Fire (on_fire: Cinder Grasp), unless it is already.
template <class R, class Log>
inline void Battle<R, Log>::set_fire(int i, const PcCard& c, int u) {
  AdvState& s = adv_[u];
  if (!s.alive || (s.temps & kTempFire) != 0) return;
  s.temps |= kTempFire;
  s.fire_from = i;
  s.fire_card = static_cast<int>(&c - pc(i).cards.data());
  ++feat(c.feat).conditions;
  ENCSIM_SAY(log_, "  %s is On Fire", aname(u));
}

// Adversary j's action is done: still On Fire, it takes its card's dice as
// magic damage, counted to that card.
template <class R, class Log>
inline void Battle<R, Log>::burn(int j) {
  const AdvState& s = adv_[j];
  if (!s.alive || (s.temps & kTempFire) == 0 || over()) return;
  const int i = s.fire_from;
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(s.fire_card)];
  const int dmg = roll_card_dice(i, c.def->effect.on_fire, false, 0);
  ENCSIM_SAY(log_, "  %s burns (On Fire, %s): %d magic damage", aname(j), c.def->name.c_str(), dmg);
  damage_adversary(i, j, dmg, DamageType::magic, false, 0, c.feat);
}

// The GM's answer to the marks as adversary j's spotlight begins (before it
// acts): a Stun is always cleared first (play_spells.hpp); then the
// temporary conditions (temp_spotlight: a glyph, a Distract, a Vulnerable). A
// Silence on a foe whose standard attack deals magic damage: the GM spends a
// Fear to clear it when its spending policy allows one; else j acts with what
// the Silence leaves it (an action feature not of magic damage), or, with
// none, the spotlight passes. Returns true when the spotlight is spent.
template <class R, class Log>
inline bool Battle<R, Log>::foe_spotlight(int j) {
  AdvState& s = adv_[j];
  if (s.stunned) [[unlikely]] return stun_spotlight(j);  // play_spells.hpp
  if ((s.glyph | s.distract | s.temps) != 0 && temp_spotlight(j)) return true;
  if (party_.clouds && clear_cloud(j)) [[unlikely]] return true;  // Dark Cloud (play_dark.hpp)
  if (!hushed(j)) return false;
  if (can_spend(1)) {
    spend(1, kFearSpentFeatures);
    s.silenced_by = s.silence_card = -1;
    ENCSIM_SAY(log_, "The GM spends a Fear to clear %s's Silence (%d left)", aname(j), fear_);
    return false;
  }
  for (int f = 0; f < static_cast<int>(adv(j).features.size()); ++f)
    if (feature_usable(j, f)) return false;
  ENCSIM_SAY(log_, "%s is Silenced and has nothing but spells: its spotlight passes", aname(j));
  return true;
}

// The chance adversary j fails a reaction roll (d20) against `save`: a natural
// 20 succeeds; an Experience the GM might spend a Fear on is not counted.
inline double p_fails_save(int save) { return std::clamp((save - 1) / 20.0, 0.0, 0.95); }

// `save: roll` (Chain Lightning): the reaction roll meets the PC's roll
// total, so the chance a target fails is p_fails_save over the totals of the
// 2d12 + `mod` rolls that beat its Difficulty `need` (matching dice: a
// critical, which beats any), each equally likely.
inline double p_fails_total(int mod, int need) {
  double sum = 0.0;
  int n = 0;
  for (int h = 1; h <= 12; ++h)
    for (int f = 1; f <= 12; ++f) {
      const int t = h + f + mod;
      if (t < need && h != f) continue;
      sum += p_fails_save(t), ++n;
    }
  return n > 0 ? sum / n : 0.0;
}

// What a `save` card (Night Terror, Ground Pound) is worth on adversary j
// once its roll (if any) beats j, in expected HP: the chance j fails its
// reaction roll times what lands then: the card's conditions
// (conditions_value) and its damage's marks at the mean, and with save_half
// the chance it succeeds times half the damage's marks; with steal_fear the
// dice are as many as the Fear stolen, by expectation the foes it reaches
// times the chance each fails, at most the GM's Fear now.
template <class R, class Log>
inline double Battle<R, Log>::save_value(int i, const CardEffect& e, int j) const {
  const double p = e.save == kSaveRoll ? p_fails_total(roll_mod(i, e), e.difficulty > 0 ? e.difficulty : difficulty(j))
                                       : p_fails_save(e.save);
  double dice = e.damage.dice(pc(i).proficiency, spellcast_mod(i));
  if (e.steal_fear) dice = e.damage.count * std::min(static_cast<double>(fear_), p * std::min(advs_up_, card_reach(e)));
  const double mean = dice * (e.damage.sides + 1) / 2.0 + e.damage.flat + pc_[i].steed;
  double v = p * conditions_value(i, e, j);
  if (e.damage.present() && mean > 0.0) {
    v += p * adv_marks(j, mean, e.type);
    if (e.save_half) v += (1.0 - p) * adv_marks(j, mean / 2, e.type);
  }
  if (e.save_damage.present()) [[unlikely]]  // those that succeed take their own damage (Stunning Sunlight)
    v += (1.0 - p) * adv_marks(j, e.save_damage.mean(pc(i).proficiency, spellcast_mod(i)), e.type);
  if (e.hope_each > 0) [[unlikely]] v = std::max(0.0, v - kHopeWorth * e.hope_each);  // its reaction roll costs Hope
  return v;
}

// A `blast` card's neighbours (Fireball): the other standing adversaries
// within its blast range of target j, read with no map as the foes that
// band's area reaches around j, j one of them (area_reach - 1 more); those
// its reaction roll is worth most on (save_value), by name on ties, never by
// listing order. No PC is caught: the caster throws it where its allies are
// not. Into PICKS; returns how many.
template <class R, class Log>
inline int Battle<R, Log>::blast_picks(int i, const CardEffect& e, int j, int* picks) const {
  const int most = area_reach(static_cast<Range>(e.blast)) - 1;
  int n = 0;
  while (n < most) {
    int u = -1;
    double best = 0.0;
    for (int q = 0; q < n_adv_; ++q) {
      if (q == j || !adv_[q].alive || std::find(picks, picks + n, q) != picks + n) continue;
      const double w = save_value(i, e, q);
      if (u < 0 || w > best || (w == best && adv_named_before(q, u))) u = q, best = w;
    }
    if (u < 0) break;
    picks[n++] = u;
  }
  return n;
}

// What the blast adds once the roll beats target j: its neighbours' reaction rolls.
template <class R, class Log>
inline double Battle<R, Log>::blast_value(int i, const CardEffect& e, int j) const {
  int picks[Encounter::kMaxAdversaries];
  const int n = blast_picks(i, e, j, picks);
  double v = 0.0;
  for (int q = 0; q < n; ++q) v += save_value(i, e, picks[q]);
  return v;
}

// A `save` card k of PC i's at the targets it reaches, after its roll `r`
// (`total`; kBeatsAny with no roll): each target the roll beats makes a
// reaction roll (d20, as an adversary action roll: an Experience for a Fear
// by the GM's policy) against `save`; the card's costs are paid (pay_on:
// success) once one is beaten. On those that fail the card's conditions
// land; then (steal_fear) the GM loses a Fear per failure, at most what it
// holds, and the damage dice are rolled once per Fear lost (else as
// written; a critical adds their maximum), the one total dealt to each that
// failed, half of it (rounded down) to each that succeeded with save_half (no
// roll beats a Minion's neighbours: no spillover), and with save_damage its own
// roll to each that succeeded; with hope_each only the targets the PC buys roll
// (hope_picks, play_spells.hpp). The damage counts to the card's row.
template <class R, class Log>
inline void Battle<R, Log>::save_effects(int i, int k, const int* targets, int n, RollResult r, int total, bool* paid) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  const bool crit = r == RollResult::crit;
  const int dc = e.save == kSaveRoll ? total : e.save;  // save: roll: the PC's roll total (Chain Lightning)
  int failed[Encounter::kMaxAdversaries], held[Encounter::kMaxAdversaries], beaten[Encounter::kMaxAdversaries];
  int nf = 0, nh = 0, nb = 0;
  for (int q = 0; q < n; ++q) {
    const int u = targets[q];
    if (e.damage.present()) rpc(i).aimed(true);
    if (!succeeded(r) || !adv_[u].alive || (!crit && e.difficulty == 0 && difficulty(u) > total)) continue;
    beaten[nb++] = u;
    if (dark_from_ >= 0 && total != kBeatsAny && (crit || r == RollResult::success_hope)) [[unlikely]] dark_stress(u);  // Eclipse
  }
  if (e.blast >= 0 && nb == 1) [[unlikely]] {  // Fireball: the foes around the one it beat roll too
    const int more = blast_picks(i, e, beaten[0], beaten + 1);
    for (int q = 1; q <= more; ++q) {
      if (e.damage.present()) rpc(i).aimed(true);  // each one the blast reaches is an area attack's target
      ENCSIM_SAY(log_, "  %s: the blast around %s reaches %s", c.def->name.c_str(), aname(beaten[0]), aname(beaten[q]));
    }
    nb += more;
  }
  if (nb > 0 && !*paid) {  // a target beaten: the costs are paid now
    ENCSIM_SAY(log_, "  %s succeeds: its costs are paid", c.def->name.c_str());
    pay_card(i, k, false), *paid = true;
  }
  if (nb > 0 && e.hope_each > 0) [[unlikely]] nb = hope_picks(i, c, beaten, nb);  // a Hope per target (play_spells.hpp)
  for (int q = 0; q < nb; ++q) {
    const int u = beaten[q];
    ENCSIM_SAY(log_, "  %s makes a reaction roll (%d) against %s", aname(u), dc, c.def->name.c_str());
    if (adversary_action_roll(u, dc))
      held[nh++] = u;
    else
      failed[nf++] = u;
  }
  for (int q = 0; q < nf; ++q) card_conditions(i, c, failed[q]);
  if (nh > 0 && e.save_damage.present()) [[unlikely]] {  // those that succeed take their own damage (Stunning Sunlight)
    const int dmg = roll_card_dice(i, e.save_damage, crit, 0) + (pc_[i].steed != 0 ? steed_damage(i) : 0);  // play_mount.hpp
    ENCSIM_SAY(log_, "  %s: %d %s damage to each that succeeded", c.def->name.c_str(), dmg,
               e.type == DamageType::magic ? "magic" : "physical");
    for (int q = 0; q < nh && !over(); ++q) {
      rpc(i).struck(true, false);
      damage_adversary(i, held[q], dmg, e.type, false, 0, c.feat);
    }
  }
  if ((nf == 0 && !(e.save_half && nh > 0)) || !e.damage.present()) return;
  int count = e.damage.dice(pc(i).proficiency, spellcast_mod(i));
  if (e.steal_fear) {
    const int stolen = std::min(nf, fear_);
    fear_ -= stolen;
    feat(c.feat).spent += stolen;
    count = stolen * e.damage.count;
    ENCSIM_SAY(log_, "  %s: %s steals %d Fear from the GM (%d left)", c.def->name.c_str(), pname(i), stolen, fear_);
  }
  if (!deal_saved(i, c, count, crit, failed, nf, held, nh, "")) return;
  if (e.chain && nf > 0 && !over()) [[unlikely]] chain_wave(i, c, targets, n, dc, crit);
}

// Card c's damage of `count` dice (a critical adds their maximum; a rider's
// bonus too), rolled once and dealt to the nf adversaries in `failed`, and
// half of it to the nh in `held` when the card says so (save_half); `along`
// names a chain's wave in the log. False when the roll deals nothing.
template <class R, class Log>
inline bool Battle<R, Log>::deal_saved(int i, const PcCard& c, int count, bool crit, const int* failed, int nf,
                                       const int* held, int nh, const char* along) {
  const CardEffect& e = c.def->effect;
  int dmg = e.damage.flat + (crit ? count * e.damage.sides : 0);
  for (int d = 0; d < count; ++d) dmg += dice_.die(e.damage.sides);
  if (pc_[i].steed != 0) [[unlikely]] dmg += steed_damage(i);  // a rider's bonus (play_mount.hpp)
  if (dmg <= 0) return false;
  ENCSIM_SAY(log_, "  %s: %d %s damage%s to each that failed%s", c.def->name.c_str(), dmg,
             e.type == DamageType::magic ? "magic" : "physical", along, e.save_half ? ", half to the others" : "");
  for (int q = 0; q < nf && !over(); ++q) {
    rpc(i).struck(true, false);
    damage_adversary(i, failed[q], dmg, e.type, false, 0, c.feat);
  }
  for (int q = 0; q < nh && e.save_half && !over(); ++q) {
    rpc(i).struck(true, false);
    damage_adversary(i, held[q], dmg / 2, e.type, false, 0, c.feat);
  }
  return true;
}

// Chain Lightning's chain: a target has failed and taken the damage, so
// every standing adversary the card did not target (no map: the chain finds
// each of them near one that was struck; no choice, all of them) makes the
// same reaction roll (`dc`); the conditions land on those that fail and the
// damage, rolled anew (a critical adds its maximum), on each of them (half to
// those that succeed with save_half). None is left after it: the chain ends.
template <class R, class Log>
inline void Battle<R, Log>::chain_wave(int i, const PcCard& c, const int* targets, int n, int dc, bool crit) {
  const CardEffect& e = c.def->effect;
  int failed[Encounter::kMaxAdversaries], held[Encounter::kMaxAdversaries];
  int nf = 0, nh = 0;
  for (int u = 0; u < n_adv_; ++u) {
    if (!adv_[u].alive || std::find(targets, targets + n, u) != targets + n) continue;
    rpc(i).aimed(true);  // each one the chain reaches is an area attack's target
    ENCSIM_SAY(log_, "  %s: the chain reaches %s, who makes a reaction roll (%d)", c.def->name.c_str(), aname(u), dc);
    if (adversary_action_roll(u, dc))
      held[nh++] = u;
    else
      failed[nf++] = u;
  }
  for (int q = 0; q < nf; ++q) card_conditions(i, c, failed[q]);
  if (nf == 0 && !(e.save_half && nh > 0)) return;
  deal_saved(i, c, e.damage.dice(pc(i).proficiency, spellcast_mod(i)), crit, failed, nf, held, nh, " along the chain");
}

// The adversary j turns on (Words of Discord): the other standing one its
// standard attack is worth most on, the chance its d20 + attack bonus meets
// that one's Difficulty (a natural 20 always) times the HP its mean damage
// marks there; by name on ties. *worth: that worth. -1 when none, or when j
// is Stunned (it takes no action: play_spells.hpp).
template <class R, class Log>
inline int Battle<R, Log>::turn_victim(int j, double* worth) const {
  const Adversary& a = adv(j);
  int pick = -1;
  *worth = 0.0;
  if (adv_[j].stunned) return -1;
  for (int k = 0; k < n_adv_; ++k) {
    if (k == j || !adv_[k].alive) continue;
    const double v = p_d20(difficulty(k) - a.atk, false) * adv_marks(k, a.damage_mean, a.type_of_damage);
    if (pick < 0 || v > *worth || (v == *worth && adv_named_before(k, pick))) pick = k, *worth = v;
  }
  return pick;
}

// Card c of PC i has beaten adversary u (turn_foe): u makes its standard
// attack on another adversary at once (turn_victim): a d20 + its attack bonus
// against that one's Difficulty, a natural 20 a critical (its dice's maximum
// added); the damage counts to the card's row. It is no spotlight of u's (the
// GM's turn is untouched). With no other adversary standing nothing happens.
template <class R, class Log>
inline void Battle<R, Log>::turn_foe(int i, const PcCard& c, int u) {
  if (!adv_[u].alive) return;
  const Adversary& a = adv(u);
  double worth = 0.0;
  const int v = turn_victim(u, &worth);
  if (v < 0) {
    ENCSIM_SAY(log_, "  %s: %s %s", c.def->name.c_str(), aname(u),
               adv_[u].stunned ? "is Stunned and makes no attack" : "has no other foe to attack");
    return;
  }
  const int nat = dice_.die(20);
  const bool hit = nat == 20 || nat + a.atk >= difficulty(v);
  ENCSIM_SAY(log_, "  %s: %s attacks %s: d20 %d %+d = %d vs Difficulty %d: %s", c.def->name.c_str(), aname(u), aname(v), nat,
             a.atk, nat + a.atk, difficulty(v), nat == 20 ? "critical" : hit ? "hit" : "miss");
  if (!hit) return;
  const int dmg = a.damage.roll(dice_) + (nat == 20 ? a.damage.max_dice() : 0);
  damage_adversary(i, v, dmg, a.type_of_damage, false, 0, c.feat);
}

// A `pay_on: success` action's Fear loss (fear < 0; Know Thy Enemy): the GM
// loses that much Fear (never below 0) once the roll succeeds, counted as the card's `conditions`.
template <class R, class Log>
inline void Battle<R, Log>::take_fear(const PcCard& c) {
  const int lost = std::min(-c.def->effect.fear, fear_);
  if (lost <= 0) return;
  fear_ -= lost;
  feat(c.feat).conditions += lost;
  ENCSIM_SAY(log_, "  %s: the GM loses %d Fear (%d left)", c.def->name.c_str(), lost, fear_);
}

// A `redirect` reaction (Redirect), card k of PC i's, after adversary foe's
// attack on it has failed: the PC rolls its Proficiency in d6s; on any at or
// above `redirect`, the adversary its attacker's standard damage marks most HP
// on at the mean (the attacker itself among them; by name on ties)
// takes that damage, rolled, when those HP are worth more than the card's
// costs (the costs paid then). The damage counts to the card's row.
template <class R, class Log>
inline void Battle<R, Log>::redirect_attack(int i, int k, int foe) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  if (foe < 0) return;
  const int n = std::max(1, pc(i).proficiency);
  int top = 0;
  for (int q = 0; q < n; ++q) top = std::max(top, dice_.die(6));
  ENCSIM_SAY(log_, "  %s's %s: the highest of %d d6 is %d", pname(i), c.def->name.c_str(), n, top);
  if (top < e.redirect) return;
  const Adversary& a = adv(foe);
  int pick = -1;
  double best = 0.0;
  for (int j = 0; j < n_adv_; ++j) {
    if (!adv_[j].alive) continue;
    const double m = adv_marks(j, a.damage_mean, a.type_of_damage);
    if (m > best || (m == best && pick >= 0 && adv_named_before(j, pick))) best = m, pick = j;
  }
  if (pick < 0 || best <= kHopeWorth * card_hope(i, k) + kStressWorth * e.stress) return;
  pay_card(i, k);
  const int dmg = a.damage.roll(dice_);
  ENCSIM_SAY(log_, "  %s plays %s: %s's attack strikes %s instead", pname(i), c.def->name.c_str(), aname(foe), aname(pick));
  damage_adversary(i, pick, dmg, a.type_of_damage, false, 0, c.feat);
}

}  // namespace encsim::daggerheart
