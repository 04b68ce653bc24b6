// The effect keys of forms, wards and turning death back (cards.hpp;
// play_forms.hpp plays them): `spectral` (Specter of the Dark), a stance's
// `hope_per_roll`, `kill_armor` and `no_restrained` (Force of Nature), `storm`
// (Tempest), `revive` and `spent_on_fail` (Resurrection), `immunity` and
// `time_stop` (Book of Yarrow; play_time.hpp). Read by
// read_card.cpp's read_effect before its cross-key checks (check_card.cpp),
// each checked here with line:col. docs/scenarios.md, "Daggerheart domain cards".
#include <utility>

#include "rules/daggerheart/cards.hpp"
#include "rules/daggerheart/read.hpp"

namespace encsim::daggerheart {

const std::vector<KeySpec>& form_effect_keys() {
  static const std::vector<KeySpec> kKeys{
      {"spectral", "physical|magic", "", "action (`target: self`, no roll): the PC is immune to damage of this type until it makes an action roll at another creature"},
      {"hope_per_roll", "integer", "0", "a stance: before each action roll the PC spends this much Hope, or the stance ends first"},
      {"kill_armor", "integer", "0", "a stance: each time the PC's damage defeats an adversary, it clears this many Armor Slots"},
      {"no_restrained", "boolean", "false", "a stance: the PC can't be Restrained while it holds it"},
      {"storm", "boolean", "false", "a rolled action at adversaries with `vulnerable`: the targets it beats stay Vulnerable through their spotlights until the GM spends a Fear on its turn to end the spell"},
      {"revive", "boolean", "false", "a rolled action (`target: ally`): on a success a dead PC (in a session, one who died in an earlier fight too) returns with every HP and Stress cleared"},
      {"spent_on_fail", "boolean", "false", "a rolled action: a failure spends the card (no more uses until its `refresh`)"},
      {"immunity", "physical|magic", "", "action (`target: self`, no roll): for `immunity_hope` Hope the PC is immune to damage of this type until its next rest (in a session it lasts through the fights with no rest between)"},
      {"immunity_hope", "integer", "0", "immunity: the Hope it costs (1 to 6)"},
      {"copies", "integer", "0", "alone (no other effect, cost or use count): the card stands for a card of this level or lower from an ally's loadout (the PC's `copycat`, else the highest-level one it can use, ties by name); it plays as that card, its Hope (half that card's level, rounded up) paid with the card's costs the first time they are, once per long rest; the copy holds until a rest or until the ally's card goes to the vault"},
      {"time_stop", "integer", "0", "action (`target: self`): a Spellcast roll at this Difficulty; on a success time stops for every other creature: the PC acts again at once, and keeps the spotlight while its actions make no action roll at another creature; the first that does resolves with time stopped, then time goes on. With `immunity` the card holds two spells and the policy picks one each spotlight"},
  };
  return kKeys;
}

void read_form_effect(MapReader& r, const Node& node, CardDef& c) {
  (void)node;
  CardEffect& e = c.effect;
  const bool acting = e.when == CardWhen::action;
  const bool at_foes = e.target == CardTarget::enemy || e.target == CardTarget::enemies;
  const bool rolled = e.roll == CardRoll::spellcast || e.roll == CardRoll::trait;
  const bool gifts = e.heal_hp.present() || e.heal_stress.present() || e.gain_hope || e.clear_armor || e.either || e.evasion ||
                     e.zone_die || e.barrier >= 0 || e.invisible || e.allies_advantage || e.ward || e.take_stress ||
                     e.aura_armor || e.damage.present() || e.fear || e.pool.present() || e.hp_per_stress || e.darkness ||
                     e.stance() || e.target_stress || e.hp_marks || e.vulnerable || e.restrained;
  if (r.has("spectral")) {
    e.spectral = r.get_choice("spectral", {"physical", "magic"}, 0);
    if (!acting || e.target != CardTarget::self || e.roll != CardRoll::none || gifts || e.pay_on_success)
      throw InputError(r.scalar("spectral")->pos(), r.what() + ": spectral goes with an action at `target: self`, no roll "
                                                             "and no other effect (its costs only)");
  }
  e.hope_per_roll = static_cast<int>(r.get_int("hope_per_roll", 0, 0, 3));
  e.kill_armor = static_cast<int>(r.get_int("kill_armor", 0, 0, 3));
  e.no_restrained = r.get_bool("no_restrained", false);
  const bool stance = e.stance() && !e.while_stance;
  const std::pair<const char*, bool> stance_keys[] = {
      {"hope_per_roll", e.hope_per_roll >= 1}, {"kill_armor", e.kill_armor >= 1}, {"no_restrained", true}};
  for (const auto& [key, ok] : stance_keys)
    if (r.has(key) && (!stance || !ok))
      throw InputError(r.scalar(key)->pos(), r.what() + ": " + key + " goes with a stance (`trigger: attack` or `spotlight`), 1 or more");
  e.storm = r.get_bool("storm", false);
  if (e.storm && !(acting && at_foes && rolled && e.vulnerable && e.save == 0))
    throw InputError(r.scalar("storm")->pos(), r.what() + ": storm goes with a spellcast or trait roll at adversaries that makes "
                                                        "them Vulnerable (`vulnerable: true`), no save");
  e.revive = r.get_bool("revive", false);
  if (e.revive && (!acting || e.target != CardTarget::ally || !rolled || gifts))
    throw InputError(r.scalar("revive")->pos(), r.what() + ": revive goes with an action at `target: ally` with a spellcast or "
                                                         "trait roll, and no other effect");
  if (r.has("immunity")) {
    e.immunity = r.get_choice("immunity", {"physical", "magic"}, 0);
    e.immunity_hope = static_cast<int>(r.get_int("immunity_hope", 0, 1, 6));
    if (!r.has("immunity_hope"))
      throw InputError(r.scalar("immunity")->pos(), r.what() + ": immunity needs the Hope it costs (`immunity_hope`)");
  } else if (r.has("immunity_hope")) {
    throw InputError(r.scalar("immunity_hope")->pos(), r.what() + ": immunity_hope is the Hope `immunity` costs; write immunity too");
  }
  e.time_stop = static_cast<int>(r.get_int("time_stop", 0, 0, 30));
  if ((e.immunity >= 0 || e.time_stop > 0) &&
      (!acting || e.target != CardTarget::self || e.roll != CardRoll::none || gifts || e.pay_on_success || e.hope || e.stress ||
       e.uses || e.spectral >= 0))
    throw InputError(r.scalar(e.immunity >= 0 ? "immunity" : "time_stop")->pos(),
                     r.what() + ": immunity and time_stop go with an action at `target: self` with no roll, cost, use count or "
                                "other effect (each spell pays its own: immunity_hope; time_stop rolls Spellcast)");
  e.copies = static_cast<int>(r.get_int("copies", 0, 0, 10));
  if (e.copies > 0 && (!acting || r.has("target") || e.roll != CardRoll::none || gifts || e.pay_on_success || e.hope ||
                       e.stress || e.uses || e.spectral >= 0 || e.immunity >= 0 || e.time_stop > 0))
    throw InputError(r.scalar("copies")->pos(), r.what() + ": copies goes alone: the card plays as the one it copies");
  e.spent_on_fail = r.get_bool("spent_on_fail", false);
  if (e.spent_on_fail && !(acting && e.roll != CardRoll::none))
    throw InputError(r.scalar("spent_on_fail")->pos(), r.what() + ": spent_on_fail goes with an action that rolls");
}

}  // namespace encsim::daggerheart
