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
      {"dome", "integer", "0", "action (`target: party`, a spellcast roll; with dome_major and dome_severe): on a success a dome over the caster and one ally, those the policy sends in: adversary attacks can't target them and they make none; attacks on the dome succeed and mark its HP by its thresholds; it falls once it has marked this many (1..6)"},
      {"dome_major", "integer", "0", "with `dome`: the dome's Major threshold"},
      {"dome_severe", "integer", "0", "with `dome`: the dome's Severe threshold (above dome_major)"},
  };
  return kKeys;
}

void read_mount_effect(MapReader& r, const Node& node, CardDef& c) {
  (void)node;
  CardEffect& e = c.effect;
  e.dome = static_cast<int>(r.get_int("dome", 0, 0, 6));
  e.dome_major = static_cast<int>(r.get_int("dome_major", 0, 0, 100));
  e.dome_severe = static_cast<int>(r.get_int("dome_severe", 0, 0, 200));
  if (r.has("dome") || r.has("dome_major") || r.has("dome_severe")) {
    const bool gifts = e.heal_hp.present() || e.heal_stress.present() || e.gain_hope || e.clear_armor || e.either ||
                       e.evasion || e.zone_die || e.barrier >= 0 || e.invisible || e.allies_advantage || e.damage.present() ||
                       e.hp_per_stress || e.darkness || e.sprites || e.stance() || e.pool.present() || e.guise() || e.forms();
    if (e.dome < 1 || e.dome_major < 1 || e.dome_severe <= e.dome_major || e.when != CardWhen::action ||
        e.target != CardTarget::party || e.roll != CardRoll::spellcast || gifts)
      throw InputError((r.has("dome") ? r.scalar("dome") : r.has("dome_major") ? r.scalar("dome_major") : r.scalar("dome_severe"))->pos(),
                       r.what() + ": dome (1..6) goes with dome_major and dome_severe (above it), an action at `target: party` "
                                  "with a spellcast roll, and no other effect");
  }
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
