// The Druid's Beastform in the fight (beastform.hpp): when the Druid
// transforms and what it pays (a Stress, or 3 Hope by Evolution), dropping out
// (the last HP, Fragile), and the form's features on its attacks. Its Evasion,
// trait, thresholds and attack are read through evasion(), trait_of(),
// major_of(), severe_of() and attack_of() (battle.hpp).
// Included at the end of battle.hpp; not meant to be included on its own.
// docs/rules/daggerheart.md, "Beastform", records every reading.
#pragma once

#include <algorithm>

namespace encsim::daggerheart {

namespace beastform_detail {
inline constexpr const char* kTrait[] = {"Agility", "Strength", "Finesse", "Instinct", "Presence", "Knowledge"};
}

// At the start of the Druid's spotlight, out of form: it transforms, with no
// roll and keeping its spotlight. Evolution (3 Hope, +1 to the form's trait)
// when it holds 3 Hope, else a Stress; never a Stress it cannot mark (a
// Hybrid's extra Stress is paid either way).
template <class R, class Log>
inline void Battle<R, Log>::transform(int i) {
  const Pc& p = pc(i);
  PcState& s = pc_[i];
  const bool evolve = p.hope == HopeKind::evolution && opt_.hope_features && s.hope >= 3;
  const int stress = evolve ? p.beast_cost - 1 : p.beast_cost;
  if (stress > stress_room(i, stress)) return;  // a link may pass it (play_link.hpp)
  if (evolve) hope_feature(i);
  if (stress > 0) mark_stress(i, stress);
  s.beast = true;
  s.beast_bonus = p.beast_trait_bonus + (evolve ? p.hope_value : 0);
  FeatureRecord& used = feat(p.feat_transform);
  ++used.uses;
  used.spent += stress;
  ENCSIM_SAY(log_, "%s transforms into a %s (%s): %s %+d, Evasion %d", pname(i), p.beast->name.c_str(),
             evolve ? "Evolution, 3 Hope" : "a Stress", beastform_detail::kTrait[p.beast_trait],
             s.beast_bonus, evasion(i));
}

template <class R, class Log>
inline void Battle<R, Log>::drop_out(int i, const char* why) {
  pc_[i].beast = false;
  pc_[i].beast_bonus = 0;
  ENCSIM_SAY(log_, "  %s drops out of the %s (%s)", pname(i), pc(i).beast->name.c_str(), why);
}

namespace beastform_detail {
// Whether a form feature is paid for now: a Hope cost while the Druid holds
// it; a Stress cost only while half its Stress slots stay unmarked after
// paying (Stress also pays the next transformation); and only when it adds
// damage or a condition the target lacks.
inline bool worth(const BeastFeature& f, int hope, int stress_marked, int stress, bool vulnerable, bool restrained) {
  if (f.hope > hope || 2 * (stress_marked + f.stress) > stress) return false;
  return f.proficiency > 0 || f.target_stress > 0 || (f.vulnerable && !vulnerable) || (f.restrained && !restrained);
}
}  // namespace beastform_detail

// The form's features of kind `when` (before the roll, or on the hit) that
// the Druid pays for on this attack at t (costs paid here, each marked in
// *used); returns the damage dice they add.
template <class R, class Log>
inline int Battle<R, Log>::beast_features(int i, int t, BeastWhen when, unsigned* used) {
  const Pc& p = pc(i);
  int dice = 0;
  for (std::size_t k = 0; k < p.beast->features.size(); ++k) {
    const BeastFeature& f = p.beast->features[k];
    if (f.status != CardStatus::modelled || f.when != when) continue;
    if (!beastform_detail::worth(f, pc_[i].hope, pc_[i].stress_marked, p.stress, adv_[t].vulnerable, adv_[t].restrained))
      continue;
    if (f.hope > 0) spend_hope(i, f.hope, kHopeSpentFeatures);
    if (f.stress > 0) mark_stress(i, f.stress);
    FeatureRecord& rec = feat(p.feat_beast_features[k]);
    ++rec.uses;
    rec.spent += f.hope + f.stress;
    *used |= 1u << k;
    dice += f.proficiency;
    ENCSIM_SAY(log_, "  %s uses %s", pname(i), f.name.c_str());
  }
  return dice;
}

// What the features used on a hit do to the target once its damage is dealt
// (if it still stands): its Stress, Vulnerable, Restrained.
template <class R, class Log>
inline void Battle<R, Log>::beast_after_hit(int i, int t, unsigned used) {
  const Pc& p = pc(i);
  for (std::size_t k = 0; k < p.beast->features.size(); ++k) {
    if (!(used & (1u << k)) || !adv_[t].alive) continue;
    const BeastFeature& f = p.beast->features[k];
    FeatureRecord& rec = feat(p.feat_beast_features[k]);
    if (f.target_stress > 0) adv_mark_stress(t, f.target_stress);
    if (f.vulnerable && !adv_[t].vulnerable) {
      make_vulnerable(t);  // temporary: until the GM clears it (play_foes.hpp)
      ++rec.conditions;
      ENCSIM_SAY(log_, "  %s is Vulnerable", aname(t));
    }
    if (f.restrained && !adv_[t].restrained) {
      adv_[t].restrained = true;
      ++rec.conditions;
      ENCSIM_SAY(log_, "  %s is Restrained", aname(t));
    }
  }
}

}  // namespace encsim::daggerheart
