// The effect keys of the features that guard and lift the party (cards.hpp):
// `only_while` (a reaction only while Channeling or in Beastform), `ally_marks`
// (an ally_damaged reaction only against a hit of so many HP), `replaces` (an
// entry that stands in for another), `free_help` and the `help` and
// `session_start` triggers, `evasion_marks` and the `foe_marked` trigger,
// `once_per_target`, `shell` and `double_matches` (play_traits.hpp). Read after read_card.cpp's keys (read_effect),
// each checked with line:col. docs/scenarios.md, "Daggerheart domain cards".
#include <algorithm>
#include <set>

#include "rules/daggerheart/cards.hpp"
#include "rules/daggerheart/read.hpp"

namespace encsim::daggerheart {

const std::vector<KeySpec>& more_effect_keys() {
  static const std::vector<KeySpec> kKeys{
      {"only_while", "stance|beastform", "", "a reaction: only while the PC holds a stance (Channeling) or is in its Beastform"},
      {"ally_marks", "integer", "0", "reaction (ally_damaged): only when the ally would mark at least this many HP (after its Armor Slot)"},
      {"replaces", "string", "", "the name of another entry of the same library this one stands in for: a PC holding both never plays that one (e.g. a feature that raises another's die)"},
      {"free_help", "boolean", "false", "reaction (help, with `uses`): the PC Helps the ally's weapon attack roll (an advantage die) without spending a Hope"},
      {"add_each", "boolean", "false", "reaction (rolled, add_roll, with limited uses): each use adds add_roll; as many are spent as it takes to turn a failure into a success (none when the uses left cannot)"},
      {"crit_use", "boolean", "false", "a card of a domain with limited uses (`uses` or `uses_trait`): a critical success on a Spellcast roll of a spell of its domain gives a use back, above its count too"},
      {"once_per_target", "boolean", "false", "an action that heals one PC (`target: ally` or `creature`): each PC at most once until the card's `refresh` (Healing Hands)"},
      {"first_attack", "boolean", "false", "reaction (attack): only before the PC's first weapon attack at each adversary in the fight; one of its options, by policy: `advantage` on that attack, `heal_stress` on the ally with most Stress, `bonus` dice on its damage (two or more of them), for its costs and uses"},
      {"next_targets", "integer", "0", "action (target: creature, no roll): a charge on one PC, the caster included, chosen by worth: its next weapon attack also hits this many more adversaries (1 to 3) its roll beats; one charge per caster (a new cast moves it)"},
      {"split_damage", "boolean", "false", "action (roll: attack, target: enemies, pay_on: success; no other effect): one attack roll at as many foes as the weapon's range reaches (the range is the weapon's); one weapon damage roll split among the foes it beats by policy, each also taking one more weapon damage die; its `hope` is paid hit or miss, its use on a success"},
      {"echo_damage", "boolean", "false", "reaction (ally_dealt, roll: spellcast, target: enemy; nothing else but its costs and vault_fear): on a success the same damage the ally dealt, of its type, to the same adversary"},
      {"vault_fear", "boolean", "false", "a rolled card (a `roll`): a success with Fear sends it to the vault: no more uses until a rest of its `refresh` kind gives them back"},
      {"familiar_die", "integer", "0", "action (target: self, no roll; its costs and uses, nothing else): a familiar at the PC's side until the fight ends; a die of these sides (2 to 20) joins the PC's damage to an adversary within its Melee range (the PC's Melee weapon attacks and Melee spells)"},
      {"evasion_marks", "boolean", "false", "reaction (foe_marked, `target: self`): +Evasion equal to the HP the adversary marked, until after the next attack made against the PC (played when that is 2 or more)"},
      {"shell", "physical|magic", "", "reaction (damaged, with `against` of the same type): the PC retracts into a shell: resistance to damage of this type (the hit at hand halved too) and disadvantage on its action rolls, until it comes out as its next spotlight begins"},
      {"double_matches", "boolean", "false", "reaction (hit, with extra_targets): on an attack it is played on, each weapon damage die showing the same face as another counts twice"},
      {"with_help", "boolean", "false", "reaction (ally_rolled, swap, `target: allies`): only on an ally's Spellcast roll the PC Helped: its Hope and Fear Dice swap"},
      {"dwindle", "boolean", "false", "action (roll: attack, target: enemies; its costs, nothing else): one attack roll at as many foes as an area of `range` reaches (a path through the field); the weapon's damage with one more Proficiency die to the first foe it beats, then the same roll less its lowest die to each next, until no die is left; the order by policy"},
      {"throw_foe", "boolean", "false", "action (roll: spellcast, target: enemy, damage; its costs, nothing else): the first roll lifts another standing foe (needs two standing); on its success a second roll at the target, and the card's damage on that one's success"},
      {"roll_bonus", "integer", "0", "reaction (attack; its costs and uses, nothing else): 1 to 3 added to the weapon attack roll about to be made (a sprint into Melee before it), played when the chance it adds times the HP the hit marks beats its costs"},
      {"sprites", "integer", "0", "action (target: allies, a spellcast or trait roll; no Hope cost and no other effect): on a success the PC spends Hope by policy for as many sprites over the party; each sprite grants one benefit to an ally, then vanishes: this much (1 to 5) added to an attack roll that fails by no more, or one more Armor Slot marked against a hit that still marks HP"},
      {"set_total", "boolean", "false", "reaction (ally_rolled, target: party; its costs and uses, nothing else): a failed action roll of the PC's or an ally's gets the total its success needs, when its dice could show it (Hope or Fear as rolled); played when that success is worth more than the costs"},
      {"banish", "boolean", "false", "action (roll: spellcast, target: enemy, with `uses`; nothing else): on a success the PC's Spellcast trait in d20s (at least one), the highest the Difficulty of the target's reaction roll; on its success the target marks a Stress, on its failure it is banished (a use spent): out of the fight until, after a PC's action roll with Fear, a reaction roll against that Difficulty less one for each such roll succeeds"},
      {"renew", "integer", "0", "reaction (used_up, target: party; no `hope`, no uses, nothing else): as the PC or an ally spends the last use of a limited action card, Hope by policy for as many d6s; any at or above this (1 to 6) gives that card a use back"},
      {"lasting", "boolean", "false", "with `vulnerable` (an action at adversaries that rolls): the target stays Vulnerable until the fight ends; its spotlights and the GM clear nothing"},
      {"after_spell", "boolean", "false", "reaction (spotlight_end, cloak): only when the PC's spotlight action was a successful Spellcast roll of a spell (another card)"},
      {"upgrade_hope", "integer", "0", "action at `target: party` or `allies` that clears HP (heal_hp, no `either`), with upgrade_hp: this much Hope, paid by policy as it is cast, makes every PC it reaches clear upgrade_hp HP instead"},
      {"upgrade_hp", "integer", "0", "see upgrade_hope: the HP each PC clears when it is paid (more than heal_hp)"},
      {"guard_ally", "boolean", "false", "reaction (damaged, with downgrade; not take_hit): also played when an adversary's attack hits an ally, as an ally_damaged reaction (before the ally's Armor Slot), on a hit that would mark the ally at least `at_least` HP after its Armor Slot"},
      {"severe_stress", "integer", "0", "on any entry, always on (1 to 3): each time the PC deals Severe damage to an adversary (its Severe threshold or more, after resistance and reduction) that still stands, the adversary marks this much Stress"},
  };
  return kKeys;
}

void read_more_effect(MapReader& r, const Node& node, CardDef& c) {
  CardEffect& e = c.effect;
  if (r.has("only_while")) {
    e.only_while = static_cast<OnlyWhile>(1 + r.get_choice("only_while", {"stance", "beastform"}, 0));
    if (e.when != CardWhen::reaction)
      throw InputError(r.scalar("only_while")->pos(), r.what() + ": only_while goes with a reaction (`when: reaction`)");
  }
  e.ally_marks = static_cast<int>(r.get_int("ally_marks", 0, 0, 4));
  if (r.has("ally_marks") && (e.trigger != CardTrigger::ally_damaged || e.take_hit || e.ally_marks < 1))
    throw InputError(r.scalar("ally_marks")->pos(),
                     r.what() + ": ally_marks (1 to 4) goes with `trigger: ally_damaged` and `downgrade` (not take_hit)");
  if (r.has("replaces")) {
    e.replaces = r.get_string("replaces", "");
    if (e.replaces.empty() || e.replaces == c.name)
      throw InputError(r.scalar("replaces")->pos(), r.what() + ": replaces names another entry");
    if (c.status != CardStatus::modelled || e.when == CardWhen::passive)
      throw InputError(r.scalar("replaces")->pos(), r.what() + ": replaces goes with a modelled action or reaction");
  }
  e.free_help = r.get_bool("free_help", false);
  const bool help = e.trigger == CardTrigger::help;
  const bool alone = e.roll == CardRoll::none && !e.damage.present() && !e.bonus.present() && !e.reduce.present() &&
                     !e.heal_hp.present() && !e.target_stress && !e.hp_marks && !e.vulnerable && !e.restrained &&
                     !e.advantage && !e.fear && !e.clear_armor && !e.evasion && !e.halve && !e.downgrade && !e.strike_back &&
                     !e.stance() && !e.evade.present() && !e.reroll_attack && e.reroll == Reroll::none && !r.has("hit_if");
  if (help != e.free_help || (help && (!alone || e.hope || e.stress || e.armor || e.uses == 0 || e.gain_hope ||
                                       e.heal_stress.present() || e.either || r.has("target"))))
    throw InputError(e.free_help ? r.scalar("free_help")->pos() : node.pos(),
                     r.what() + ": `trigger: help` takes free_help and `uses` (with refresh), nothing else, and free_help goes with it");
  // Once a session, or (`uses`, `refresh: long_rest`) again at the first fight after each long rest (A Soldier's Bond).
  const bool per_long_rest = e.uses > 0 && e.refresh == CardRefresh::long_rest && e.uses_trait < 0;
  if (e.trigger == CardTrigger::session_start &&
      (!alone || e.hope || e.stress || e.armor || (e.uses && !per_long_rest) || (r.has("refresh") && !per_long_rest) ||
       (!e.gain_hope && !e.heal_stress.present()) ||
       (e.target != CardTarget::party && e.target != CardTarget::allies && e.target != CardTarget::self &&
        e.target != CardTarget::both)))
    throw InputError(node.pos(), r.what() + ": a `session_start` reaction gives gain_hope and/or heal_stress (`either`: one "
                                            "of them) to `target: party`, `allies`, `self` or `both`, at no cost, once a session "
                                            "(or with `uses` and `refresh: long_rest`), nothing else");
  e.add_each = r.get_bool("add_each", false);
  if (e.add_each && (e.trigger != CardTrigger::rolled || !e.add_roll.present() || (e.uses == 0 && e.uses_trait < 0)))
    throw InputError(r.scalar("add_each")->pos(), r.what() + ": add_each goes with `trigger: rolled`, add_roll and limited uses (`uses` or `uses_trait`)");
  e.crit_use = r.get_bool("crit_use", false);
  if (e.crit_use && (c.domain.empty() || (e.uses == 0 && e.uses_trait < 0)))
    throw InputError(r.scalar("crit_use")->pos(), r.what() + ": crit_use goes with a domain card with limited uses (`uses` or `uses_trait`)");
  if (e.uses_trait == kUsesDomain && c.domain.empty())
    throw InputError(r.scalar("uses_trait")->pos(), r.what() + ": `uses_trait: domain` counts the cards of a domain card's domain");
  e.once_per_target = r.get_bool("once_per_target", false);
  if (e.once_per_target &&
      (e.when != CardWhen::action || (e.target != CardTarget::ally && e.target != CardTarget::creature) || e.ward ||
       e.take_stress || e.aura_armor > 0 || (!e.heal_hp.present() && !e.heal_stress.present())))
    throw InputError(r.scalar("once_per_target")->pos(),
                     r.what() + ": once_per_target goes with an action that heals one PC (`target: ally` or `creature`, heal_hp or heal_stress)");
  if (r.has("next_targets") &&
      (e.next_targets < 1 || e.when != CardWhen::action || e.target != CardTarget::creature || e.roll != CardRoll::none ||
       e.damage.present() || e.heal_hp.present() || e.heal_stress.present() || e.gain_hope || e.fear || e.clear_armor ||
       e.evasion || e.either || e.ward || e.stance() || e.target_stress || e.hp_marks || e.vulnerable || e.restrained ||
       e.pool.present() || e.advantage || e.bonus.present()))
    throw InputError(r.scalar("next_targets")->pos(), r.what() + ": next_targets (1 to 3) goes with an action at `target: creature`, "
                                                               "no roll and no other effect (its costs and uses)");
  if (e.split_damage &&
      (e.when != CardWhen::action || e.roll != CardRoll::attack || e.target != CardTarget::enemies || !e.pay_on_success ||
       r.has("range") || e.damage.present() || e.hp_marks || e.bonus.present() || e.hope_bonus.present() || e.target_stress ||
       e.vulnerable || e.restrained || e.advantage || e.heal_hp.present() || e.heal_stress.present() || e.gain_hope || e.fear ||
       e.clear_armor || e.save || e.kill_at || e.stun || e.marks_foes() || e.pool.present() || e.rider_hope))
    throw InputError(r.scalar("split_damage")->pos(), r.what() + ": split_damage goes with an action `roll: attack` at `target: enemies` "
                                                               "with `pay_on: success` (the weapon's range; no `range`) and no other effect");
  if ((e.trigger == CardTrigger::ally_dealt) != e.echo_damage ||
      (e.echo_damage && (e.roll != CardRoll::spellcast || e.target != CardTarget::enemy || e.damage.present() || e.hp_marks ||
                         e.bonus.present() || e.target_stress || e.vulnerable || e.restrained || e.advantage ||
                         e.heal_hp.present() || e.heal_stress.present() || e.gain_hope || e.fear || e.clear_armor ||
                         e.evasion || e.either || e.difficulty || e.pay_on_success || r.has("hit_if"))))
    throw InputError(e.echo_damage ? r.scalar("echo_damage")->pos() : node.pos(),
                     r.what() + ": `trigger: ally_dealt` takes echo_damage (`roll: spellcast`, `target: enemy`), its costs and "
                                "vault_fear, nothing else, and echo_damage goes with it");
  if (e.vault_fear && e.roll == CardRoll::none)
    throw InputError(r.scalar("vault_fear")->pos(), r.what() + ": vault_fear goes with a rolled card (a `roll`)");
  if (r.has("familiar_die") &&
      (e.familiar_die < 2 || e.when != CardWhen::action || e.target != CardTarget::self || e.roll != CardRoll::none ||
       e.damage.present() || e.heal_hp.present() || e.heal_stress.present() || e.gain_hope || e.fear || e.clear_armor ||
       e.evasion || e.either || e.ward || e.stance() || e.pool.present() || e.bonus.present() || e.advantage))
    throw InputError(r.scalar("familiar_die")->pos(), r.what() + ": familiar_die (a die of 2 to 20 sides) goes with an action at "
                                                               "`target: self`, no roll and no other effect (its costs and uses)");
  if (e.first_attack &&
      (e.trigger != CardTrigger::attack || e.advantage + e.heal_stress.present() + e.bonus.present() < 2 || e.either ||
       e.roll != CardRoll::none || e.damage.present() || e.heal_hp.present() || e.hp_marks || e.target_stress || e.vulnerable ||
       e.restrained || e.gain_hope || e.fear || e.clear_armor || e.evasion || e.armor || e.reduce.present() || r.has("hit_if") ||
       e.attack_damage.present() || e.double_damage || e.stance() || e.focus_proficiency))
    throw InputError(r.scalar("first_attack")->pos(), r.what() + ": first_attack goes with `trigger: attack` and two or more of its "
                                                               "options (advantage, heal_stress, bonus), its costs and uses, nothing else");
  if (e.shell >= 0 && (e.trigger != CardTrigger::damaged || e.against != e.shell || e.halve || e.reduce.present() ||
                       e.downgrade || e.reflect || e.armor))
    throw InputError(r.scalar("shell")->pos(), r.what() + ": shell goes with `trigger: damaged` and `against` of the same "
                                                          "type, and no other reduction (halve, reduce, downgrade, reflect, armor)");
  if (e.double_matches && (e.trigger != CardTrigger::hit || e.extra_targets == 0))
    throw InputError(r.scalar("double_matches")->pos(), r.what() + ": double_matches goes with `trigger: hit` and extra_targets");
  const bool plain = !e.hp_marks && !e.bonus.present() && !e.hope_bonus.present() && !e.target_stress && !e.vulnerable &&
                     !e.restrained && !e.advantage && !e.heal_hp.present() && !e.heal_stress.present() && !e.gain_hope &&
                     !e.fear && !e.clear_armor && !e.save && !e.kill_at && !e.stun && !e.marks_foes() && !e.pool.present() &&
                     !e.rider_hope && !e.pay_on_success && !e.split_damage && !e.stress_highest && !e.taunt &&
                     !e.storm && !e.either && !e.evasion;
  if (e.dwindle && (e.when != CardWhen::action || e.roll != CardRoll::attack || e.target != CardTarget::enemies ||
                    e.damage.present() || e.difficulty || !plain))
    throw InputError(r.scalar("dwindle")->pos(), r.what() + ": dwindle goes with an action `roll: attack` at `target: enemies` "
                                                          "(`range`: the path's reach) and no other effect but its costs");
  if (e.throw_foe && (e.when != CardWhen::action || e.roll != CardRoll::spellcast || e.target != CardTarget::enemy ||
                      !e.damage.present() || e.difficulty || !plain))
    throw InputError(r.scalar("throw_foe")->pos(), r.what() + ": throw_foe goes with an action `roll: spellcast` at `target: enemy` "
                                                            "with `damage` and no other effect but its costs");
  if (r.has("roll_bonus") &&
      (e.roll_bonus < 1 || e.trigger != CardTrigger::attack || e.roll != CardRoll::none || !plain || e.damage.present() ||
       e.attack_damage.present() || e.double_damage || e.stance() || e.focus_proficiency || e.first_attack || e.reduce.present() ||
       e.armor || r.has("hit_if")))
    throw InputError(r.scalar("roll_bonus")->pos(), r.what() + ": roll_bonus (1 to 3) goes with `trigger: attack` and its costs "
                                                             "and uses, nothing else");
  if (r.has("sprites") && (e.sprites < 1 || e.when != CardWhen::action || e.target != CardTarget::allies || e.roll == CardRoll::none ||
                           e.roll == CardRoll::attack || e.hope || e.damage.present() || !plain || e.zone_die || e.barrier >= 0 ||
                           e.allies_advantage || e.hp_per_stress || e.darkness || e.invisible))
    throw InputError(r.scalar("sprites")->pos(), r.what() + ": sprites (1 to 5) goes with an action at `target: allies` that rolls "
                                                          "(spellcast or trait), no `hope` (its Hope is spent by policy) and no other effect");
  if (e.set_total && (e.trigger != CardTrigger::ally_rolled || e.target != CardTarget::party || e.reroll != Reroll::none ||
                      e.swap || e.on_trait >= 0 || e.with_experience))
    throw InputError(r.scalar("set_total")->pos(), r.what() + ": set_total goes with `trigger: ally_rolled` and `target: party` "
                                                            "(no reroll or swap), its costs and uses");
  if (e.banish && (e.when != CardWhen::action || e.roll != CardRoll::spellcast || e.target != CardTarget::enemy || e.uses < 1 ||
                   e.damage.present() || e.difficulty || e.hope || e.stress || !plain))
    throw InputError(r.scalar("banish")->pos(), r.what() + ": banish goes with an action `roll: spellcast` at `target: enemy` "
                                                         "with `uses` (the banishments), no other cost and no other effect");
  if ((e.trigger == CardTrigger::used_up) != (e.renew > 0) ||
      (e.renew > 0 && (e.target != CardTarget::party || e.hope || e.stress || e.uses || e.roll != CardRoll::none ||
                       e.damage.present() || !plain)))
    throw InputError(e.renew > 0 ? r.scalar("renew")->pos() : node.pos(),
                     r.what() + ": `trigger: used_up` takes renew (1 to 6) at `target: party`, no `hope` (its Hope is spent by policy), "
                                "no uses and no other effect, and renew goes with it");
  if (e.lasting && (!e.vulnerable || e.when != CardWhen::action || e.roll == CardRoll::none ||
                    (e.target != CardTarget::enemy && e.target != CardTarget::enemies) || e.storm))
    throw InputError(r.scalar("lasting")->pos(), r.what() + ": lasting goes with `vulnerable` on an action at adversaries "
                                                          "that rolls (not with storm)");
  e.upgrade_hope = static_cast<int>(r.get_int("upgrade_hope", 0, 0, 6));
  e.upgrade_hp = static_cast<int>(r.get_int("upgrade_hp", 0, 0, 6));
  if ((e.upgrade_hope > 0) != (e.upgrade_hp > 0) ||
      (e.upgrade_hope > 0 && (e.when != CardWhen::action || (e.target != CardTarget::party && e.target != CardTarget::allies) ||
                              !e.heal_hp.present() || e.heal_hp.count > 0 || e.upgrade_hp <= e.heal_hp.flat || e.either ||
                              e.hp_per_stress || e.zone_die || e.dome || e.link || e.sprites || e.darkness || e.invisible)))
    throw InputError(r.has("upgrade_hope") ? r.scalar("upgrade_hope")->pos() : r.scalar("upgrade_hp")->pos(),
                     r.what() + ": upgrade_hope and upgrade_hp go together, on an action at `target: party` or `allies` that clears "
                                "a fixed heal_hp (no `either`), upgrade_hp more than heal_hp");
  e.severe_stress = static_cast<int>(r.get_int("severe_stress", 0, 0, 3));
  e.guard_ally = r.get_bool("guard_ally", false);
  if (e.guard_ally && (e.trigger != CardTrigger::damaged || e.downgrade < 1 || e.take_hit || e.reduce.present() || e.halve ||
                       e.reflect || e.shell >= 0))
    throw InputError(r.scalar("guard_ally")->pos(), r.what() + ": guard_ally goes with `trigger: damaged` and `downgrade` "
                                                             "(not reduce, halve, reflect, shell or take_hit)");
  e.after_spell = r.get_bool("after_spell", false);
  if (e.after_spell && (e.trigger != CardTrigger::spotlight_end || e.cloak == 0))
    throw InputError(r.scalar("after_spell")->pos(), r.what() + ": after_spell goes with `trigger: spotlight_end` and cloak");
  const bool marked = e.trigger == CardTrigger::foe_marked;
  if (marked != e.evasion_marks ||
      (marked && (!alone || e.armor || e.gain_hope || e.heal_stress.present() || e.either || e.evasion || e.target != CardTarget::self)))
    throw InputError(e.evasion_marks ? r.scalar("evasion_marks")->pos() : node.pos(),
                     r.what() + ": `trigger: foe_marked` takes evasion_marks (`target: self`) and its costs, nothing else, "
                                "and evasion_marks goes with it");
}

void check_replaces(const std::vector<CardDef>& lib) {
  std::vector<std::string> names;
  for (const CardDef& d : lib) names.push_back(d.name);
  for (const CardDef& d : lib) {
    if (d.effect.replaces.empty()) continue;
    const auto it = std::find_if(lib.begin(), lib.end(), [&](const CardDef& o) { return o.name == d.effect.replaces; });
    if (it == lib.end())
      throw InputError(d.pos, "'" + d.name + "' replaces '" + d.effect.replaces + "', which is not in the library" +
                                  did_you_mean(d.effect.replaces, names));
    if (it->status != CardStatus::modelled || it->effect.when == CardWhen::passive)
      throw InputError(d.pos, "'" + d.name + "' replaces '" + d.effect.replaces +
                                  "', which is not a modelled action or reaction (a passive is folded into the PC)");
  }
}

}  // namespace encsim::daggerheart
