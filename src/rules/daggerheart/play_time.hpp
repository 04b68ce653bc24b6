// Book of Yarrow's two spells (cards.hpp: immunity, time_stop): an immunity
// to a damage type bought with Hope that holds until the PC's next rest
// (Magic Immunity), and a Spellcast roll that stops time for every other
// creature, so that the caster acts again at once and keeps acting until an
// action roll of its at another creature has resolved (Timejammer). One card
// holds both; each spotlight the value rule weighs each spell and the card
// plays the one worth more. Included at the end of battle.hpp; not meant to
// be included on its own. docs/rules/daggerheart.md, "Readings the cards
// leave open" and "When a PC plays a card", record the readings and policies.
#pragma once

#include <algorithm>
#include <cmath>

namespace encsim::daggerheart {

// ---- Magic Immunity (`immunity`, `immunity_hope`) ----------------------------

// The mean damage of adversary j's harm of this type, its largest: its
// standard attack's when that deals the type, or an action or reaction
// feature's that deals it (its own dice, or its standard damage); 0 none.
template <class R, class Log>
inline double Battle<R, Log>::typed_harm(int j, DamageType type) const {
  const Adversary& a = adv(j);
  double m = a.type_of_damage == type ? a.damage_mean : 0.0;
  for (const Feature& ft : a.features) {
    const Effect& fe = ft.effect;
    if (!ft.modelled || ft.kind == Feature::Kind::passive || fe.type != type) continue;
    if (fe.standard_damage) m = std::max(m, a.damage_mean);
    else if (fe.damage.term_count() > 0 || fe.damage.flat() > 0) m = std::max(m, fe.damage.mean());
  }
  return m;
}

// What the immunity of card effect e is worth to PC i now, in HP: for each
// standing adversary that deals damage of its type (its standard attack or a
// feature), the HP one such hit of mean damage would mark on the PC at its
// thresholds (halved first when it resists the type), summed; the rule
// Rejuvenation Barrier's value uses (one hit from each foe), here on one PC
// for the rest of the fight. 0 when the PC is immune already (its own sheet or
// the card) or cannot pay the Hope with what its class Hope feature needs kept.
template <class R, class Log>
inline double Battle<R, Log>::immunity_worth(int i, const CardEffect& e) const {
  if (e.immunity < 0) return 0.0;  // a Timejammer alone: no immunity (and no type to shift a bit by)
  const DamageType type = static_cast<DamageType>(e.immunity);
  const TypeMask bit = type_bit(type);
  const PcState& s = pc_[i];
  if (!standing(i) || ((pc(i).immune | s.immunity) & bit) ||
      s.hope < e.immunity_hope + hope_keep(i, e.immunity_hope))
    return 0.0;
  const bool resists = ((pc(i).resist | (s.beast ? pc(i).beast_resist : 0)) & bit) != 0;
  double sum = 0.0;
  for (int j = 0; j < n_adv_; ++j) {
    if (!adv_[j].alive) continue;
    const double m = typed_harm(j, type);
    if (m <= 0.0) continue;
    const int d = static_cast<int>(m + 0.5);
    sum += std::min(severity(resists ? d / 2 : d, major_of(i), severe_of(i)), std::max(1, hp_left(i)));
  }
  return sum;
}

// PC i's card k makes it immune (its Hope paid here): until its next rest.
template <class R, class Log>
inline void Battle<R, Log>::become_immune(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  ++rpc(i).actions;
  spend_hope(i, e.immunity_hope, kHopeSpentCards);
  FeatureRecord& f = feat(c.feat);
  ++f.uses;
  f.spent += e.immunity_hope;
  ++f.conditions;
  pc_[i].immunity |= type_bit(static_cast<DamageType>(e.immunity));
  ENCSIM_SAY(log_, "  %s: %s spends %d Hope (%d left): immune to %s damage until its next rest", c.def->name.c_str(), pname(i),
             e.immunity_hope, pc_[i].hope, e.immunity == static_cast<int>(DamageType::magic) ? "magic" : "physical");
}

// A hit of `dmg` that PC i's immunity turns away (any source: an attack, a
// feature, an area, a reaction roll's damage): its card's row counts the HP it
// would have marked (before any Armor Slot) as `healed`. Returns 0.
template <class R, class Log>
inline int Battle<R, Log>::immune_hit(int i, int dmg, DamageType type) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(pc(i).immunity_card)];
  const int spared = std::min(severity(dmg, major_of(i), severe_of(i)), std::max(0, hp_left(i)));
  feat(c.feat).healed += spared;
  ENCSIM_SAY(log_, "  %d %s damage to %s: immune (%s), no HP marked", dmg, type == DamageType::magic ? "magic" : "physical",
             pname(i), c.def->name.c_str());
  return 0;
}

// ---- Timejammer (`time_stop`) ------------------------------------------------

// What casting the time stop of card k is worth to PC i now, in HP, and
// what it is weighed against. A success lets the PC act again at once, and
// actions that make no action roll at another creature keep time stopped,
// so it buys one such action on top of the attack that follows: the chance
// the Spellcast roll beats the card's Difficulty times (the best action that
// rolls at no other creature: another action card at the PC alone, or this
// card's immunity, each at its value net of its costs; plus the weapon
// attack on `aim`, or on the foe where it is worth most). Without such an
// action worth something it is never worth more than the attack alone:
// -1. -1 while time is stopped already or no adversary stands.
template <class R, class Log>
inline double Battle<R, Log>::time_stop_worth(int i, int k, int aim) {
  const CardEffect& e = pc(i).cards[static_cast<std::size_t>(k)].def->effect;
  if (e.time_stop == 0 || time_stop_ >= 0 || advs_up_ == 0 || pc(i).spellcast < 0) return -1.0;
  double first = e.immunity >= 0 && immunity_worth(i, e) > 0.0 ? immunity_worth(i, e) - kHopeWorth * e.immunity_hope : 0.0;
  double other = 0.0;
  int ct = -1;
  if (self_action(i, k, &other, &ct) >= 0) first = std::max(first, other);
  if (first <= 0.0) return -1.0;
  double attack = aim >= 0 && adv_[aim].alive ? weapon_value(i, aim) : 0.0;
  if (aim < 0 || !adv_[aim].alive)
    for (int j = 0; j < n_adv_; ++j)
      if (adv_[j].alive) attack = std::max(attack, weapon_value(i, j));
  const double p = p_beats(spell_roll_mod(i) + spell_hope_bonus(i, 0), 0, e.time_stop);
  return p * (first + attack);
}

// PC i's best action card at itself (`target: self`) but card `skip`, usable
// now and worth something by card_value (its costs counted): its index, with
// *worth and *target card_value's; -1 none.
template <class R, class Log>
inline int Battle<R, Log>::self_action(int i, int skip, double* worth, int* target) {
  int best = -1;
  *worth = 0.0;
  for (int q = 0; q < static_cast<int>(pc(i).cards.size()); ++q) {
    if (q == skip || !card_usable(i, q) || pc(i).cards[static_cast<std::size_t>(q)].def->effect.target != CardTarget::self) continue;
    int ct = -1;
    const double v = card_value(i, q, &ct, -1);
    if (v > *worth) *worth = v, best = q, *target = ct;
  }
  return best;
}

// Which of Book of Yarrow's spells (card k) PC i casts now: kImmunitySpell,
// kTimeSpell, or 0 when neither is worth anything; *worth its value (the
// immunity net of its Hope). The one worth more; Magic Immunity on a tie
// (name order).
template <class R, class Log>
inline int Battle<R, Log>::yarrow_pick(int i, int k, int aim, double* worth) {
  const CardEffect& e = pc(i).cards[static_cast<std::size_t>(k)].def->effect;
  const double shield = e.immunity >= 0 ? immunity_worth(i, e) : 0.0;
  const double immune = shield > 0.0 ? shield - kHopeWorth * e.immunity_hope : -1.0;
  const double time = time_stop_worth(i, k, aim);
  *worth = std::max(immune, time);
  if (shield <= 0.0 && time < 0.0) return 0;
  return shield > 0.0 && immune >= time ? kImmunitySpell : kTimeSpell;
}

// PC i plays Book of Yarrow (card k): `t` the spell card_value picked (i:
// Magic Immunity, kTimeTarget: Timejammer), -1 to pick now (tactics `do:
// card:`): the spell worth more, else whichever can be cast (the immunity
// first). Returns true when the spotlight passes to the GM.
template <class R, class Log>
inline bool Battle<R, Log>::play_yarrow(int i, int k, int t) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  int spell = t == i ? kImmunitySpell : t == kTimeTarget ? kTimeSpell : 0;
  if (spell == 0) {
    double worth = 0.0;
    spell = yarrow_pick(i, k, -1, &worth);
    if (spell == 0) spell = e.immunity >= 0 && immunity_worth(i, e) > 0.0 ? kImmunitySpell : e.time_stop > 0 && time_stop_ < 0 ? kTimeSpell : 0;
  }
  if (spell == kImmunitySpell && pc_[i].hope >= e.immunity_hope) {
    ENCSIM_SAY(log_, "%s plays %s: Magic Immunity", pname(i), c.def->name.c_str());
    become_immune(i, k);
    return false;  // no roll: the party keeps the spotlight
  }
  if (spell != kTimeSpell) return false;
  ENCSIM_SAY(log_, "%s plays %s: Timejammer", pname(i), c.def->name.c_str());
  return stop_time(i, k);
}

// Timejammer: a Spellcast roll at the card's Difficulty (no target: it rolls
// at no creature). A failure passes the spotlight as any failure does. On a
// success (Hope or Fear: the Fear is the GM's at once, but no adversary can
// act while time is stopped, so a turn this roll or any roll in stopped time
// gives the GM waits until time resumes) the PC acts again at once, as on a spotlight of its own: an action that makes no
// action roll at another creature leaves time stopped (and whatever its roll,
// no turn passes) and the PC acts again; the first action roll at another
// creature resolves with time stopped, then time goes on and the spotlight
// follows that roll. Each action in stopped time: the best card at the PC
// itself worth something (self_action), so the action the time stop was
// cast for comes before the attack that ends it; else the PC's spotlight
// choice as ever (its tactics, or the value rule). At most kMaxStopped
// actions in stopped time (then time goes on, and the spotlight passes to
// the GM when a roll owed it a turn). Returns true when the spotlight passes to the GM.
template <class R, class Log>
inline bool Battle<R, Log>::stop_time(int i, int k) {
  const PcCard& c = pc(i).cards[static_cast<std::size_t>(k)];
  const CardEffect& e = c.def->effect;
  ++rpc(i).actions;
  ++feat(c.feat).uses;
  roll_spell_ = true;
  roll_self_ = true;  // at no creature: Spectral stays (play_forms.hpp)
  roll_trait_ = pc(i).spellcast;
  const int helped = party_.spell_help && opt_.cards ? help_spell(i) : 0;  // Enchanted Aid (play_traits.hpp)
  int total = 0;
  const RollResult r = action_roll(i, spell_roll_mod(i), helped, e.time_stop, &total, false);
  if (helped > 0) [[unlikely]] help_sides_ = 0, roll_helper_ = -1;
  if (succeeded(r) && pc(i).has_spotlight_end) [[unlikely]] spell_hit_ = true;  // Cloaking Blast
  if (r == RollResult::crit && pc(i).has_crit_use) [[unlikely]] crit_use(i, *c.def);  // play_boosts.hpp
  roll_spell_ = false;
  roll_self_ = false;
  roll_trait_ = -1;
  if (over()) return false;
  if (!standing(i)) return passes(r);
  if (!succeeded(r)) {
    ENCSIM_SAY(log_, "  Timejammer fails");
    return passes(r);
  }
  ++feat(c.feat).conditions;
  time_stop_ = i;
  // A roll with Fear, or a failed one, in stopped time (this one's included) owes the GM its turn: it comes
  // once time resumes, since no adversary can take it while time stands still.
  bool owed = passes(r);
  ENCSIM_SAY(log_, "  Timejammer: time stops for everyone but %s; it acts again at once%s", pname(i),
             owed ? " (the GM's turn from this roll waits for time to resume)" : "");
  for (int n = 0; n < kMaxStopped; ++n) {
    time_ends_ = false;
    ENCSIM_SAY(log_, "%s acts in stopped time", pname(i));
    double worth = 0.0;
    int ct = -1;
    const int q = opt_.cards ? self_action(i, -1, &worth, &ct) : -1;
    const bool pass = q >= 0 ? play_card(i, q, ct) : pc_spotlight(i);
    if (over() || !standing(i) || time_ends_) {
      resume_time(time_ends_ ? "an action roll at another creature has resolved" : "the caster can act no more");
      return over() ? false : owed || pass;
    }
    owed = owed || pass;
  }
  resume_time("the caster has nothing more to do in stopped time");
  return owed;
}

template <class R, class Log>
inline void Battle<R, Log>::resume_time(const char* why) {
  if (time_stop_ < 0) return;
  ENCSIM_SAY(log_, "  Time resumes (%s)", why);
  time_stop_ = -1;
  time_ends_ = false;
}

}  // namespace encsim::daggerheart
