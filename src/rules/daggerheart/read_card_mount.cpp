// The effect keys of mounts (cards.hpp; play_mount.hpp plays them): `steed`
// (Conjured Steeds). Read by read_card.cpp's read_effect before its cross-key
// checks (check_card.cpp), each checked here with line:col.
// docs/scenarios.md, "Daggerheart domain cards".
#include "rules/daggerheart/cards.hpp"
#include "rules/daggerheart/read.hpp"

namespace encsim::daggerheart {

const std::vector<KeySpec>& mount_effect_keys() {
  static const std::vector<KeySpec> kKeys{
      {"steed", "integer", "0", "with `when: passive` and no other effect: as each fight begins the PC spends a Hope per steed on the PCs its policy picks (itself too); a rider has this much off its attack rolls and this much on its damage rolls until it takes damage or the next long rest (1..5)"},
  };
  return kKeys;
}

void read_mount_effect(MapReader& r, const Node& node, CardDef& c) {
  (void)node;
  CardEffect& e = c.effect;
  e.steed = static_cast<int>(r.get_int("steed", 0, 0, 5));
  if (!r.has("steed")) return;
  const bool other = e.hope || e.stress || e.armor || e.uses || e.roll != CardRoll::none || e.damage.present() ||
                     e.heal_hp.present() || e.heal_stress.present() || e.gain_hope || e.clear_armor || e.either ||
                     e.evasion || e.pool.present() || e.stance() || e.while_stance || e.vulnerable || e.restrained ||
                     e.target_stress || e.hp_marks || e.guise() || e.forms() || r.has("passive");
  if (e.steed < 1 || e.when != CardWhen::passive || other)
    throw InputError(r.scalar("steed")->pos(), r.what() + ": steed (1..5) goes with `when: passive` and no other effect "
                                                        "(no costs, uses, roll or `passive` numbers: each steed costs a Hope)");
}

}  // namespace encsim::daggerheart
