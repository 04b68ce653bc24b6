// Magic in cairn-ap (Battle, battle.hpp): casting with Magic Dice, Mana
// Dust and inventory slots, Fatigue, healing, and the mishaps that act inside
// a fight (source text 001, "Magic": "Mana Dust", "Casting Spells:", "Mishaps
// (compare result to [sum])").
// docs/rules/cairn-ap.md.
// Included at the end of battle.hpp; not meant to be included on its own.
#pragma once

#include <algorithm>
#include <array>

namespace encsim::cairn_ap {

// `feature`: the spell's entry in the feature table.
template <class R, class Log>
inline void Battle<R, Log>::cast(int i, const Spell& sp, tactics::Target target, int feature) {
  State& s = st_[i];
  spend(i, opt_.ap_cast, kApCast);
  ++feat(feature).uses;
  const int adv = s.gained_adv;  // Gain Advantage serves the spell's check
  s.gained_adv = 0;
  if (s.wil_on_cast) lose_wil(i, dice_.die(4), "Mishap #8");
  // The dice in order: the free die of Mishap #11 (never used up), Mana Dust
  // (spent, no Fatigue), then inventory slots.
  const int n = std::min(sp.dice, magic_dice(i));
  const int free = s.free_die && n > 0 ? 1 : 0;
  const int dust = std::min(s.mana_dust, n - free);
  s.mana_dust -= dust;
  std::array<int, 4> v{};
  int sum = 0;
  for (int k = 0; k < n; ++k) {
    v[z(k)] = dice_.die(6);
    sum += v[z(k)];
  }
  int matches = 1;
  for (int k = 0; k < n; ++k) {
    int same = 0;
    for (int j = 0; j < n; ++j) same += v[z(j)] == v[z(k)] ? 1 : 0;
    matches = std::max(matches, same);
  }
  ++rec_.resources[kSpellsCast];
  ++rec(i).extra[kExSpellsCast];
  ENCSIM_SAY(log_, "%s casts %s with %d Magic Dice (%d free, %d Mana Dust): %d %d %d %d -> [sum] %d", name(i),
             sp.name.c_str(), n, free, dust, v[0], v[1], v[2], v[3], sum);
  if (free && v[0] >= 4) lose_wil(i, 1, "the free die of Mishap #11");
  int fatigue = 0, str_hits = 0;
  for (int k = free + dust; k < n; ++k) {
    if (s.vessel)
      str_hits += v[z(k)] >= 5 ? 1 : 0;  // Mishap #22: STR instead of Fatigue
    else
      fatigue += v[z(k)] >= (s.fatigue_on_3 ? 3 : 4) ? 1 : 0;
  }
  add_fatigue(i, fatigue);
  for (int k = 0; k < str_hits && s.in_fight; ++k) lose_str(i, dice_.die(4), "Mishap #22");
  const bool failed = matches >= 3;
  bool reversed = false;
  if (matches >= 2 && !s.vessel) reversed = mishap(i, sum, failed);
  if (failed) {
    ++rec_.resources[kSpellsFailed];
    ENCSIM_SAY(log_, "  the spell fails");
    return;
  }
  if (!s.in_fight) return;  // the mishap took the caster out of the fight
  if (sp.kind == Spell::Kind::heal) {
    heal(i, sum, reversed, feature);
    return;
  }
  std::array<int, Encounter::kMaxFighters> hit;
  int n_hit = 0;
  const int reach = std::min(sp.targets, alive_[1 - side(i)]);
  Scores memo;
  for (; n_hit < reach; ++n_hit) {
    const int t = select(i, target, hit.data(), n_hit, &memo);
    if (t < 0) break;
    hit[z(n_hit)] = t;
  }
  // "Attacks against multiple targets, the Attacker rolls once, and Each
  // Target roll a Save": one IR for every target.
  if (reversed) {
    // Mishap #5: the effect turns about: the damage heals its targets.
    for (int k = 0; k < n_hit; ++k) restore(hit[z(k)], sum);
    return;
  }
  const bool blast = sp.targets > 1;
  CheckRoll ir;
  if (sp.save >= 0 && n_hit > 0) {
    Check ic;
    ic.modifier = s.wil;
    ic.base_adv = adv + (!blast && f(hit[0]).detachment && !f(i).detachment ? -1 : 0);
    ir = roll_check(dice_, ic);
    note_natural(i, ir);
    ENCSIM_SAY(log_, "  IR %d (d20 %d %+d)", ir.total, ir.base, s.wil);
  }
  for (int k = 0; k < n_hit; ++k) {
    const int t = hit[z(k)];
    if (!st_[t].in_fight) continue;
    st_[t].last_attacker = i;
    bool lands = true;
    if (sp.save >= 0) {
      int save_adv = 0;
      if (sp.save == kDex && st_[t].held == Held::dodge) {  // a held dodge fires
        save_adv = 1;
        st_[t].held = Held::none;
        ++rec_.resources[kHeldFired];
        ++rec(t).extra[kExHeldFired];
      }
      Check tc;
      tc.base_adv = save_adv;
      tc.modifier = sp.save == kStr ? st_[t].str : sp.save == kDex ? st_[t].dex : st_[t].wil;
      const CheckRoll tr = roll_check(dice_, tc);
      note_natural(t, tr);
      lands = initiator_wins(ir, tr);
      ENCSIM_SAY(log_, "  %s saves: TR %d%s: %s", name(t), tr.total, save_adv ? " (held dodge)" : "",
                 lands ? "it lands" : "saved");
      rec(i).aimed(blast);  // a spell with a save is an attack; without one it cannot miss
      if (lands) rec(i).struck(blast, ir.natural_20());
    }
    if (lands) damage(i, t, sum - (opt_.spell_armor ? st_[t].armor : 0), feature);
  }
}

template <class R, class Log>
inline void Battle<R, Log>::restore(int t, int sum) {
  st_[t].hp = std::min(st_[t].hp_max, st_[t].hp + sum);
  ENCSIM_SAY(log_, "  %s is restored to HP %d", name(t), st_[t].hp);
}

// Healing goes to the ally with the lowest HP fraction; reversed (Mishap
// #5), the same ally takes [sum] as spell damage instead.
template <class R, class Log>
inline void Battle<R, Log>::heal(int i, int sum, bool reversed, int feature) {
  const int lo = side(i) == 0 ? 0 : enc_.n_party, hi = side(i) == 0 ? enc_.n_party : n_;
  int best = -1;
  double frac = 2.0;
  for (int j = lo; j < hi; ++j) {
    if (!st_[j].in_fight || st_[j].hp >= st_[j].hp_max) continue;
    const double fj = static_cast<double>(st_[j].hp) / st_[j].hp_max;
    if (fj < frac) best = j, frac = fj;
  }
  if (best < 0) {
    ENCSIM_SAY(log_, "  nobody needs healing");
    return;
  }
  if (reversed) {
    ENCSIM_SAY(log_, "  the healing turns to harm on %s", name(best));
    damage(i, best, sum - (opt_.spell_armor ? st_[best].armor : 0), feature);
  } else {
    feat(feature).healed += std::min(st_[best].hp_max, st_[best].hp + sum) - st_[best].hp;
    restore(best, sum);
  }
}

template <class R, class Log>
inline void Battle<R, Log>::lose_wil(int i, int n, const char* why) {
  st_[i].wil = std::max(0, st_[i].wil - n);
  ENCSIM_SAY(log_, "  %s loses %d WIL (%s): WIL %d", name(i), n, why, st_[i].wil);
}

// STR lost to magic; at 0 the caster is gone (dead, or "a spell" for #22).
template <class R, class Log>
inline void Battle<R, Log>::lose_str(int i, int n, const char* why) {
  st_[i].str = std::max(0, st_[i].str - n);
  ENCSIM_SAY(log_, "  %s loses %d STR (%s): STR %d", name(i), n, why, st_[i].str);
  if (st_[i].str == 0) out(i, Out::dead);
}

// "Each Fatigue occupies one slot"; with no free slot an item is dropped
// instead, so the Magic Dice do not go below zero.
template <class R, class Log>
inline void Battle<R, Log>::add_fatigue(int i, int n) {
  if (n <= 0) return;
  State& s = st_[i];
  s.fatigue += n;
  s.free_slots = std::max(0, s.free_slots - n);
  rec_.resources[kFatigue] += n;
  rec(i).extra[kExFatigue] += n;
  ENCSIM_SAY(log_, "  %s gains %d Fatigue (%d free slots left)", name(i), n, s.free_slots);
}

// A mishap, looked up by [sum]. The entries with an effect inside a fight
// are applied (options.mishap_effects); the rest are told, not simulated.
// True when the spell's effect is reversed (#5).
template <class R, class Log>
inline bool Battle<R, Log>::mishap(int i, int sum, bool failed) {
  State& s = st_[i];
  ++rec_.resources[kMishaps];
  ++rec(i).extra[kExMishaps];
  ENCSIM_SAY(log_, "  %s: a mishap, [sum] %d: %s", failed ? "three of a kind" : "a pair", sum, mishap_name(sum));
  if (!opt_.mishap_effects) return false;
  switch (sum) {
    case 2: s.can_cast = false; break;
    case 3: s.fatigue_on_3 = true; break;
    case 4: add_fatigue(i, 1); break;
    case 5: add_fatigue(i, 1); return true;
    case 6:  // the Grimoire is not metal: it burns
      s.can_cast = false;
      s.grimoire_lost = true;
      break;
    case 8: s.wil_on_cast = true; break;
    case 10: out(i, Out::unconscious); break;  // the body lies unconscious while the spirit roams
    case 11:
      lose_wil(i, dice_.die(4), "arcane burns");
      s.free_die = true;
      break;
    case 12:
      s.free_slots = std::max(0, s.free_slots - 1);
      ++s.magic_armor;
      set_armor(i);
      break;
    case 13:  // no Grimoire, no spells
      s.can_cast = false;
      s.grimoire_lost = true;
      break;
    case 15: s.wil -= s.wil / 2; break;
    case 16:
      ++s.magic_armor;
      set_armor(i);
      lose_str(i, dice_.die(4), "fused with plants");
      break;
    case 19:  // wings: DEX, and no armor can be worn (a carried shield stays)
      s.dex += dice_.die(4);
      s.worn_armor = std::min(s.worn_armor, f(i).shield_armor);
      set_armor(i);
      break;
    case 22: s.vessel = true; break;
    case 24: s.elemental = true; break;
    default: break;
  }
  return false;
}

}  // namespace encsim::cairn_ap
