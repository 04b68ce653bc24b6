// The effect keys of guises and auras on a PC (cards.hpp; play_guise.hpp
// plays them): `layers` (Confusing Aura), `attacker_stress` and
// `trait_as_spellcast` (Overwhelming Aura), `hide` (Vanishing Dodge),
// `counter_magic` (Counterspell, Book of Exota's Repudiate), and links
// between PCs: `link`, `link_pcs` (Transcendent Union, Book of Vyola's Shared
// Clarity; play_link.hpp), and darkness a PC draws over itself: `veil`
// (Veil of Night), `hold_line` (Hold the Line; play_dark.hpp). Read by
// read_card.cpp's read_effect before its cross-key checks (check_card.cpp),
// each checked here with line:col. docs/scenarios.md, "Daggerheart domain cards".
#include "rules/daggerheart/cards.hpp"
#include "rules/daggerheart/read.hpp"

namespace encsim::daggerheart {

const std::vector<KeySpec>& guise_effect_keys() {
  static const std::vector<KeySpec> kKeys{
      {"layers", "integer", "0", "action (`target: self`, a spellcast or trait roll): on a success an aura of one layer of illusion, one more per Stress the PC marks (by policy); each adversary attack that succeeds against the PC rolls a d6 per layer: any at or above this face takes a layer off and the attack fails, else the attack lands and the aura ends (2..6)"},
      {"attacker_stress", "integer", "0", "action (`target: self`): on a success, until the fight ends, each adversary that makes an attack at the PC marks this much Stress (an HP when it has none left)"},
      {"trait_as_spellcast", "trait name", "", "action (`target: self`): on a success, until the fight ends, this trait equals the PC's Spellcast trait"},
      {"avoid_condition", "boolean", "false", "reaction (a second part beside its trigger's): once per rest, as an adversary's effect would make the PC Vulnerable or Restrained, it does not (the policy picks which)"},
      {"counter_magic", "boolean", "false", "reaction (attacked, `target: self` or `party`, no cost): an adversary's attack of magic damage that hits may be interrupted: a reaction roll with the PC's Spellcast trait against the attacker's Difficulty; on a success the attack fails with all it would do, and only a success spends a use"},
      {"link", "stress|stress_hp", "", "action (no roll, `target: party`, no other effect): links PCs until their next rest (it carries across a session's fights; any rest ends it): when a linked PC would mark Stress (stress_hp: Stress or HP), the marks go whole to the linked PC the policy picks (the one with the most slots free after marking, never one they would take down: else the PC itself marks them)"},
      {"link_pcs", "integer", "0", "with link: how many PCs it links: 0 every standing PC, 2 a pair the policy picks (the one with the fewest Stress slots free and the one with the most)"},
      {"veil", "boolean", "false", "action (`target: self`, a spellcast or trait roll, no other effect): on a success a veil stands between the PC and the foes until it casts another spell: adversary attacks on it from beyond Melee range have disadvantage and its own attacks beyond Melee range have advantage"},
      {"hold_line", "boolean", "false", "action (`target: self`, no roll, no other effect): a stance until the PC fails an action roll with Fear or goes down; each adversary whose standard attack is Melee that attacks the PC becomes Restrained (until the stance ends or the GM spends 2 Fear on it)"},
      {"hide", "physical|magic|any", "", "reaction (missed, `target: self`): after an adversary's attack of this damage type fails against the PC, it becomes Hidden (attacks on it have disadvantage) until its next action roll"},
  };
  return kKeys;
}

void read_guise_effect(MapReader& r, const Node& node, CardDef& c) {
  (void)node;
  CardEffect& e = c.effect;
  const bool acting = e.when == CardWhen::action;
  const bool rolled = e.roll == CardRoll::spellcast || e.roll == CardRoll::trait;
  const bool gifts = e.heal_hp.present() || e.heal_stress.present() || e.gain_hope || e.clear_armor || e.either || e.evasion ||
                     e.zone_die || e.barrier >= 0 || e.invisible || e.allies_advantage || e.ward || e.take_stress ||
                     e.aura_armor || e.damage.present() || e.fear || e.pool.present() || e.hp_per_stress || e.darkness ||
                     e.stance() || e.target_stress || e.hp_marks || e.vulnerable || e.restrained || e.forms() ||
                     e.familiar_die || e.next_targets;
  e.layers = static_cast<int>(r.get_int("layers", 0, 0, 6));
  if (r.has("layers") && (e.layers < 2 || !acting || e.target != CardTarget::self || !rolled || gifts))
    throw InputError(r.scalar("layers")->pos(), r.what() + ": layers (2..6) goes with an action at `target: self` with a "
                                                         "spellcast or trait roll, and no other effect");
  e.attacker_stress = static_cast<int>(r.get_int("attacker_stress", 0, 0, 3));
  if (r.has("trait_as_spellcast")) e.trait_as_spellcast = r.get_choice("trait_as_spellcast", kTraitNames, 0);
  for (const char* key : {"attacker_stress", "trait_as_spellcast"})
    if (r.has(key) && ((std::string_view(key) == "attacker_stress" && e.attacker_stress < 1) || !acting ||
                       e.target != CardTarget::self || gifts || e.layers > 0))
      throw InputError(r.scalar(key)->pos(), r.what() + ": " + key + " goes with an action at `target: self` (attacker_stress: "
                                                               "1 or more) and no other effect but attacker_stress and trait_as_spellcast");
  e.avoid_condition = r.get_bool("avoid_condition", false);
  if (e.avoid_condition && e.when != CardWhen::reaction)
    throw InputError(r.scalar("avoid_condition")->pos(), r.what() + ": avoid_condition goes with a reaction (its second part)");
  e.counter_magic = r.get_bool("counter_magic", false);
  if (e.counter_magic && (e.trigger != CardTrigger::attacked || e.hope || e.stress || e.armor || e.hit_if != HitIf::any))
    throw InputError(r.scalar("counter_magic")->pos(), r.what() + ": counter_magic goes with `trigger: attacked`, no cost (hope, "
                                                                  "stress, armor) and no hit_if (the attack's magic is its condition)");
  if (r.has("link")) {
    e.link = r.get_choice("link", {"stress", "stress_hp"}, 0) == 0 ? kLinkStress : kLinkStress | kLinkHp;
    if (!acting || e.target != CardTarget::party || e.roll != CardRoll::none || gifts || e.stress || e.armor ||
        e.pay_on_success || e.guise())
      throw InputError(r.scalar("link")->pos(), r.what() + ": link goes with an action at `target: party`, no roll, no Stress or "
                                                         "Armor cost and no other effect (its Hope and uses only)");
  }
  e.link_pcs = static_cast<int>(r.get_int("link_pcs", 0, 0, 2));
  if (r.has("link_pcs") && (e.link == 0 || e.link_pcs == 1))
    throw InputError(r.scalar("link_pcs")->pos(), r.what() + ": link_pcs goes with link, and is 0 (every standing PC) or 2 (a pair)");
  e.veil = r.get_bool("veil", false);
  if (e.veil && (!acting || e.target != CardTarget::self || !rolled || gifts || e.guise() || e.cloak))
    throw InputError(r.scalar("veil")->pos(), r.what() + ": veil goes with an action at `target: self` with a spellcast or trait "
                                                       "roll, and no other effect");
  e.hold_line = r.get_bool("hold_line", false);
  if (e.hold_line && (!acting || e.target != CardTarget::self || e.roll != CardRoll::none || gifts || e.guise() || e.cloak || e.veil))
    throw InputError(r.scalar("hold_line")->pos(), r.what() + ": hold_line goes with an action at `target: self`, no roll, and "
                                                            "no other effect (its costs only)");
  if (r.has("hide")) {
    e.hide = r.get_choice("hide", {"physical", "magic", "any"}, 0);
    if (e.trigger != CardTrigger::missed || e.target != CardTarget::self || e.strike_back || e.redirect || gifts || e.advantage)
      throw InputError(r.scalar("hide")->pos(), r.what() + ": hide goes with `trigger: missed`, `target: self` and no other effect (its costs only)");
  }
}

}  // namespace encsim::daggerheart
