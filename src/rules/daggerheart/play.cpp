// The play styles' compile-time half (play.hpp): the scene type, the GM's
// spending limits by foe style, and the tables of expected HP marked that the
// value rule reads in a fight (computed once, so a decision costs a few
// multiplications and no allocation).
#include <algorithm>
#include <stdexcept>
#include <string>

#include "rules/daggerheart/daggerheart.hpp"
#include "rules/daggerheart/play.hpp"

namespace encsim::daggerheart {
namespace {

// The damage's distribution as (value, chance) pairs; a die expression too
// large to enumerate stands for its mean.
template <class F>
void for_each_damage(const Dice& d, const F& f) {
  std::vector<double> p;
  try {
    p = d.distribution();
  } catch (const std::exception&) {
    f(static_cast<int>(d.mean()), 1.0);
    return;
  }
  for (std::size_t k = 0; k < p.size(); ++k)
    if (p[k] > 0.0) f(d.min() + static_cast<int>(k), p[k]);
}

int marks_for(int dmg, int major, int severe, bool massive) {
  if (dmg <= 0) return 0;
  if (severe > 0 && massive && dmg >= 2 * severe) return 4;
  if (severe > 0 && dmg >= severe) return 3;
  if (major > 0 && dmg >= major) return 2;
  return 1;
}

// P(marks >= k + 1) for k = 0..3 when `d` of `type` hits PC `p`.
// `halve`: the PC resists it for now (halved once, as its own resistance).
std::array<float, 4> marks_at_least(const Dice& d, DamageType type, const Pc& p, bool massive, bool halve) {
  std::array<double, 5> by{};  // chance of exactly 0..4 marks
  for_each_damage(d, [&](int v, double q) {
    if (p.immune & type_bit(type)) v = 0;
    if ((p.resist & type_bit(type)) || halve) v /= 2;
    by[static_cast<std::size_t>(marks_for(v, p.major, p.severe, massive))] += q;
  });
  std::array<float, 4> ge{};
  double tail = 0.0;
  for (int k = 4; k >= 1; --k) {
    tail += by[static_cast<std::size_t>(k)];
    ge[static_cast<std::size_t>(k - 1)] = static_cast<float>(tail);
  }
  return ge;
}

// The same as expected HP marked (at most the HP left) and the chance of
// marking the last, by Armor Slot and HP left; and the chance the hit makes
// the PC mark an Armor Slot it has.
MarksTable pc_marks(const Dice& d, DamageType type, const Pc& p, bool massive, bool halve) {
  const std::array<float, 4> ge = marks_at_least(d, type, p, massive, halve);
  auto at_least = [&](int k) { return k <= 4 ? ge[static_cast<std::size_t>(k - 1)] : 0.0f; };
  MarksTable m;
  m.armor_used = at_least(1);  // the slot is marked whenever the hit would mark an HP
  m.armor_used_unstoppable = at_least(2);
  m.physical = type == DamageType::physical;
  for (int armor = 0; armor <= 2; ++armor)
    for (int h = 1; h <= 5; ++h) {
      float e = 0.0f;
      for (int k = 1; k <= std::min(h, 4); ++k) e += at_least(k + armor);
      m.expected[static_cast<std::size_t>(armor)][static_cast<std::size_t>(h)] = e;
      m.down[static_cast<std::size_t>(armor)][static_cast<std::size_t>(h)] = at_least(h + armor);
    }
  return m;
}

}  // namespace

void prepare_play(Encounter& enc, int foe_style, int party_style) {
  Options& o = enc.opt;
  // The GM text's table: a large battle with a Solo or Leader is a Major scene;
  // any other fight here is a substantial battle, a Standard one.
  if (!o.scene_set) {
    bool big = false;
    for (const Adversary& a : enc.adversaries) big |= a.type == AdvType::solo || a.type == AdvType::leader;
    o.scene = big ? Scene::major : Scene::standard;
  }
  const auto scene = static_cast<std::size_t>(o.scene);
  Play& p = enc.play;
  FearPolicy policy = FearPolicy::measured;
  int cap = 1000, reserve = 0, budget = -1, keep = -1;
  switch (foe_style) {
    case kFoesCautious:  // spends the bottom of the scene's range, one bought spotlight a turn, spreads its attacks
      cap = 2, reserve = 1, budget = kSceneFearLow[scene];
      p.aim = false;
      p.stress_when_hurt = true;
      break;
    case kFoesRestrained:  // the GM before issue 12
      cap = 2, reserve = 1;
      p.by_value = p.gm_by_threat = p.aim = false;
      break;
    case kFoesStandard:  // the top of the scene's range, whenever an adversary can act usefully
      budget = kSceneFearHigh[scene];
      keep = std::min(enc.fear_start(), o.fear_max);
      p.hard_past_budget = true;
      break;
    default:  // ruthless: the GM text's advice for a large amount of Fear, always
      policy = FearPolicy::greedy;
      p.finish = 3.0;
      p.stress_cost = 0.0;
      break;
  }
  if (!o.policy_set) o.policy = policy;
  if (!o.cap_set) o.max_spotlights = cap;
  if (!o.reserve_set) o.reserve = reserve;
  if (!o.budget_set) o.budget = budget;
  if (!o.keep_set) o.keep = keep;
  p.party_by_value = party_style != kPartyLowestHp;
  p.careful = party_style == kPartyCareful;

  // What each fight reads from the party: the cards' fresh uses (Battle::set_up)
  // and the party's flags (Battle::party_).
  const std::size_t n_pc = enc.pcs.size();
  Encounter::PartyFlags& party = enc.party_flags;
  party = Encounter::PartyFlags{};
  const bool allies = n_pc > 1;
  for (Pc& pc : enc.pcs) {
    pc.uses_full.fill(0);
    for (std::size_t k = 0; k < pc.cards.size(); ++k) pc.uses_full[k] = static_cast<std::int8_t>(card_uses_full(pc, k));
    party.rally = std::max(party.rally, pc.rally_die);
    if (pc.companion.present) ++party.companions;
    party.evasion_vs = party.evasion_vs || pc.companion.battle_bonded || pc.focus_evasion > 0;
    party.attacked_reactions = party.attacked_reactions || pc.has_attacked_reactions;
    party.ally_reactions = party.ally_reactions || (pc.guards_allies && allies);
    party.ally_rerolls = party.ally_rerolls || (pc.rerolls_allies && allies);
    party.reprisal = party.reprisal || (pc.reprisal_proficiency > 0 && allies);
    party.gifts = party.gifts || pc.has_next_attacker;
    party.foe_marks = party.foe_marks || pc.marks_foes || pc.clouds;
    party.clouds = party.clouds || pc.clouds;
    party.veils = party.veils || pc.veils;
    party.holds = party.holds || pc.holds;
    party.sigils = party.sigils || pc.has_sigil;
    party.twins = party.twins || pc.has_next_targets;
    party.echoes = party.echoes || (pc.has_echo && allies);
    party.adjusters = party.adjusters || pc.sets_totals;  // Adjust Reality (play_strikes.hpp)
    party.renewers = party.renewers || pc.renews;  // Invigoration (play_strikes.hpp)
    party.copied = party.copied || pc.copy_card >= 0;  // Copycat (play_copy.hpp)
    party.ally_failed = party.ally_failed || (pc.has_ally_failed && allies);
    party.help_reactions = party.help_reactions || (pc.has_help_reactions && allies);
    party.spell_help = party.spell_help || (pc.help_spell_die > 0 && allies);  // Enchanted Aid (play_traits.hpp)
    party.cheap_tag_teams = party.cheap_tag_teams || (pc.tag_team_cost > 0 && allies);  // Camaraderie
    party.steeds = party.steeds || pc.steed_card >= 0;  // Conjured Steeds (play_mount.hpp)
    party.trait_aura = party.trait_aura || (pc.aura_card >= 0 &&
                                            pc.cards[static_cast<std::size_t>(pc.aura_card)].def->effect.aura_trait >= 0 && allies);
  }

  // Expected HP per damage profile and PC (the adversaries' value rule).
  for (Adversary& a : enc.adversaries) {
    a.triggers = 0;
    a.damage_mean = a.damage.mean();
    a.reduction_mean = a.damage_reduction.mean();
    for (const Feature& f : a.features)
      if (f.modelled) a.triggers |= 1u << static_cast<unsigned>(f.trigger);
    a.marks.assign((3 + a.features.size()) * n_pc, MarksTable{});
    a.marks_half.assign(a.marks.size(), MarksTable{});
    auto fill = [&](std::size_t profile, const Dice& d, DamageType type) {
      for (std::size_t i = 0; i < n_pc; ++i) {
        a.marks[profile * n_pc + i] = pc_marks(d, type, enc.pcs[i], o.massive_damage, false);
        a.marks_half[profile * n_pc + i] = pc_marks(d, type, enc.pcs[i], o.massive_damage, true);
      }
    };
    fill(0, a.damage, a.type_of_damage);
    if (a.horde) fill(1, a.horde_damage, a.type_of_damage);
    if (a.alt_when != Adversary::AltWhen::none) fill(2, a.alt_damage, a.type_of_damage);
    for (std::size_t f = 0; f < a.features.size(); ++f) {
      Effect& e = a.features[f].effect;
      e.note_extras();
      fill(3 + f, e.standard_damage ? a.damage : e.damage, e.standard_damage ? a.type_of_damage : e.type);
    }
    // Threat: the standard attack's worth on the party's average PC, an Armor
    // Slot used where it has one (Ramp Up: on everyone it reaches); for the
    // PCs, its HP alone.
    double sum = 0.0, sum_hp = 0.0;
    for (std::size_t i = 0; i < n_pc; ++i) {
      const Pc& pc = enc.pcs[i];
      const MarksTable& m = a.marks[i];
      const int armor = !a.direct && pc.armor_slots > 0 ? 1 : 0;
      const double e = m.expected[static_cast<std::size_t>(armor)][static_cast<std::size_t>(std::min(pc.hp, 5))];
      const double hit = p_d20(pc.evasion - a.atk, false);
      sum += hit * (e + (armor == 1 ? kWorthArmor * m.armor_used : 0.0));
      sum_hp += hit * e;
    }
    int reach = 1;
    if (a.ramp_up) {
      const Range r = a.range;
      reach = r == Range::melee ? 1 : r == Range::very_close ? o.area_very_close : r == Range::close ? o.area_close : o.area_far;
    }
    a.threat = n_pc > 0 ? reach * sum / static_cast<double>(n_pc) : 0.0;
    a.threat_hp = n_pc > 0 ? reach * sum_hp / static_cast<double>(n_pc) : 0.0;
    a.standard = Effect{};
    a.standard.kind = Effect::Kind::attack;
    a.standard.standard_damage = true;
    a.standard.type = a.type_of_damage;
    a.standard.direct = a.direct;
    a.standard.targets = reach;
    a.standard.note_extras();
  }

  // HP a PC's primary-weapon hit marks on each adversary (the party's value
  // rule): its Proficiency dice, flat part and fixed bonuses; for a Minion,
  // how many fall (itself and one per X damage).
  const std::size_t n_adv = enc.adversaries.size();
  enc.pc_marks.assign(n_pc * n_adv, 0.0f);
  for (std::size_t i = 0; i < n_pc; ++i) {
    const Pc& pc = enc.pcs[i];
    const PcWeapon& w = pc.primary;
    const Dice d = Dice::parse(std::to_string(pc.proficiency) + "d" + std::to_string(w.sides))
                       .plus(w.flat + w.damage_bonus);
    for (std::size_t j = 0; j < n_adv; ++j) {
      const Adversary& a = enc.adversaries[j];
      const double reduce = a.reduction_mean;
      const bool reduces = a.reduction_types == 0 || (a.reduction_types & type_bit(w.type));
      double e = 0.0;
      for_each_damage(d, [&](int v, double q) {
        if (a.immune & type_bit(w.type)) return;
        if (a.resist & type_bit(w.type)) v /= 2;
        if (reduces) v -= static_cast<int>(reduce + 0.5);
        if (v <= 0) return;
        if (a.minion > 0) {
          e += q * (1 + v / a.minion);
          return;
        }
        int m = marks_for(v, a.major, a.severe, o.massive_damage);
        if (a.severe == 0 && m > 2) m = a.major > 0 ? 2 : 1;
        if (a.extra_hp_from & type_bit(w.type)) ++m;
        e += q * m;
      });
      enc.pc_marks[i * n_adv + j] = static_cast<float>(e);
    }
  }
}

}  // namespace encsim::daggerheart
