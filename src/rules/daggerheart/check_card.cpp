// The cross-key checks of a card's or feature's effect (read_card.cpp reads
// each key; here, that the keys it has go together): every effect key belongs
// to a modelled entry and a modelled entry does something; each effect with
// the `when`, `trigger`, `target` and `roll` it needs and without the keys it
// cannot take. Each error with line:col and the entry's name. It also sets
// `folds`: a reaction that carries `passive` numbers beside its trigger.
#include "rules/daggerheart/cards.hpp"
#include "rules/daggerheart/read.hpp"

namespace encsim::daggerheart {

namespace {

// The effect keys `others` (read_effect) counts, but `advantage`.
bool others_but_advantage(const CardEffect& e) {
  return e.roll != CardRoll::none || e.damage.present() || e.bonus.present() || e.reduce.present() || e.halve ||
         e.target_stress || e.vulnerable || e.restrained || e.gain_hope || e.fear || e.clear_armor || e.evasion ||
         e.strike_back || e.weapon_dice || e.reroll != Reroll::none || e.reroll_hope || e.fear_to_hope ||
         e.add_roll.present() || e.double_traits || e.fail_attack || e.fear_bonus;
}

}  // namespace

void check_effect(MapReader& r, const Node& node, CardDef& c) {
  CardEffect& e = c.effect;
  const bool modelled = c.status == CardStatus::modelled;
  // Every effect key belongs to a modelled entry, and a modelled entry does something.
  const bool hit = e.trigger == CardTrigger::hit;
  const bool vocabulary = e.damage.present() || e.target_stress || e.hp_marks || e.vulnerable || e.restrained || e.advantage ||
                          e.bonus.present() || e.weapon_dice || e.heal_hp.present() || e.heal_stress.present() || e.gain_hope ||
                          e.fear || e.clear_armor || e.evasion || e.reduce.present() || e.halve || e.downgrade ||
                          e.strike_back || e.evade.present() || e.reroll_attack || e.attack_damage.present() ||
                          e.double_damage || e.stance() || e.focus_proficiency || e.next_hit.present() ||
                          e.take_hit || e.ward || e.secondary_dice || e.extra_targets || r.has("passive") || e.pool.present() ||
                          e.while_stance || e.hope_die || e.reroll_hope || e.fear_to_hope || e.reroll != Reroll::none || e.swap ||
                          e.double_die || e.hope_bonus.present() || e.fight_save_hp || e.zone_die || e.barrier >= 0 || e.aura_armor ||
                          e.reflect || e.aura() || e.allies_advantage || e.stress_highest || e.taunt || e.cloak || e.invisible ||
                          e.max_die || e.best_trait || e.own_marks || e.take_stress || e.next_attacker || e.fight_traits ||
                          e.add_roll.present() || e.double_traits || e.fail_attack || e.fear_bonus || e.free_help ||
                          e.evasion_marks || e.rising_die || e.marks_foes() || e.save || e.redirect || e.kill_at || e.stun ||
                          e.hp_per_stress || e.darkness || e.first_attack || e.next_targets || e.split_damage || e.echo_damage ||
                          e.forms() || e.shell >= 0 || e.double_matches || e.familiar_die ||
                          e.dwindle || e.throw_foe || e.roll_bonus || e.sprites || e.set_total || e.banish || e.renew ||
                          e.guise() || e.veil || e.hold_line || e.avoid_condition || e.counter_magic || e.link || e.steed || e.dome ||
                          e.vulnerable_extra.present() || e.exposed_damage.present() || e.on_fire.present() ||
                          e.upgrade_hope || e.severe_stress;
  const bool any_effect = vocabulary || e.companion != CompanionPart::none;
  if (!modelled && (any_effect || e.hope || e.stress || e.armor || e.uses || e.roll != CardRoll::none || e.either ||
                    e.hope_ally || e.on_kill || e.needs_domain || e.vault_on || e.ends_severe || e.companion != CompanionPart::none))
    throw InputError(node.pos(), r.what() + " is not modelled (combat: " +
                                     (c.status == CardStatus::no_combat ? "none" : "not_modelled") + ") and so takes no effect keys");
  if (modelled && !any_effect) throw InputError(node.pos(), r.what() + " is modelled but has no effect");
  // A reaction may carry `passive` numbers beside its trigger (a -Touched card's standing bonus).
  e.folds = modelled && e.when == CardWhen::reaction && r.has("passive");
  if (modelled && (e.when == CardWhen::passive) != ((r.has("passive") && !e.folds) || e.companion != CompanionPart::none ||
                                                    e.pool.passive() || e.while_stance || e.steed > 0))
    throw InputError(node.pos(), r.what() + ": `pool` (but `fill: action`), `while_stance`, `steed` or `companion` goes with `when: passive`, and only with it; "
                                            "`passive` with `when: passive` or beside a reaction's trigger");
  if (e.zone_die > 0 &&
      (e.when != CardWhen::action || e.target != CardTarget::party || (e.roll != CardRoll::none && e.roll != CardRoll::spellcast) ||
       e.damage.present() || e.heal_hp.present() || e.heal_stress.present() || e.gain_hope || e.fear || e.clear_armor ||
       e.evasion || e.either || e.ward || e.stance() || e.target_stress || e.hp_marks || e.vulnerable || e.restrained ||
       e.pool.present()))
    throw InputError(r.scalar("zone_die")->pos(), r.what() + ": zone_die goes with an action at the party (`target: party`), "
                                                           "a spellcast roll or none, and no other effect");
  if (e.barrier >= 0 && (e.when != CardWhen::action || e.target != CardTarget::party || e.zone_die > 0 ||
                         e.pool.present() || e.damage.present() || e.stance() || e.ward))
    throw InputError(r.scalar("barrier")->pos(), r.what() + ": barrier goes with an action at the party (`target: party`), "
                                                          "with its heals if any (no zone_die, pool, damage, stance or ward)");
  if (e.aura_armor > 0 &&
      (e.when != CardWhen::action || e.target != CardTarget::ally || e.roll != CardRoll::none || e.zone_die > 0 ||
       e.barrier >= 0 || e.pool.present() || e.damage.present() || e.heal_hp.present() || e.heal_stress.present() ||
       e.gain_hope || e.fear || e.clear_armor || e.evasion || e.either || e.ward || e.stance() || e.target_stress ||
       e.hp_marks || e.vulnerable || e.restrained))
    throw InputError(r.scalar("aura_armor")->pos(), r.what() + ": aura_armor goes with an action at an ally (`target: ally`), "
                                                             "no roll and no other effect");
  // An action that fills its pool (Thorn Skin): its costs, uses and target self, nothing else.
  if (e.pool.fill == PoolFill::action &&
      (e.when != CardWhen::action || e.target != CardTarget::self || e.roll != CardRoll::none || r.has("passive") ||
       e.damage.present() || e.heal_hp.present() || e.heal_stress.present() || e.gain_hope || e.fear || e.clear_armor ||
       e.evasion || e.either || e.ward || e.stance() || e.target_stress || e.hp_marks || e.vulnerable || e.restrained))
    throw InputError(r.get("pool")->pos(), r.what() + ": a `fill: action` pool goes with `when: action` and `target: self`, "
                                                      "no roll and no other effect (its costs and uses are paid when played)");
  // An action that marks a foe for its pool (Sigil of Retribution): its costs, the GM's Fear, nothing else.
  if (e.pool.fill == PoolFill::foe_hurt &&
      (e.when != CardWhen::action || e.target != CardTarget::enemy || e.roll != CardRoll::none || r.has("passive") ||
       e.damage.present() || e.heal_hp.present() || e.heal_stress.present() || e.gain_hope || e.fear < 0 || e.clear_armor ||
       e.evasion || e.either || e.ward || e.stance() || e.target_stress || e.hp_marks || e.vulnerable || e.restrained ||
       e.marks_foes() || e.save || e.stun || e.taunt))
    throw InputError(r.get("pool")->pos(), r.what() + ": a `fill: foe_hurt` pool goes with `when: action` and `target: enemy`, "
                                                      "no roll and no other effect but the GM's `fear` (the card marks the foe)");
  const bool spot = e.trigger == CardTrigger::spotlight;
  if (e.while_stance && (r.has("passive") || e.pool.present() || e.fight_damage || e.fight_severe || e.no_armor ||
                         e.fight_thresholds.present() || e.fight_retaliate.present() || e.fight_advantage >= 0 ||
                         e.ends_severe || (e.fight_proficiency == 0 && e.fight_evasion == 0 && e.fight_save_hp == 0 && !e.aura()) ||
                         ((e.uses > 0 || r.has("refresh")) && !e.aura()) || e.hope || e.stress || e.armor ||
                         (r.has("hit_if") && (!e.aura_reduce.present() || e.hit_if != HitIf::ranged))))
    throw InputError(r.scalar("while_stance")->pos(), r.what() + ": a `while_stance` passive takes fight_proficiency, fight_evasion, fight_save_hp, "
                                                                "aura_reduce (with `hit_if: ranged`) or aura_stress (with their `uses` and `refresh`), nothing else");
  if (e.stance() && !e.while_stance && e.trigger != CardTrigger::attack && !spot)
    throw InputError(node.pos(), r.what() + ": a stance (fight_damage, fight_severe, no_armor, fight_thresholds, fight_retaliate, "
                                            "fight_advantage, fight_proficiency, fight_evasion) goes with `trigger: attack` or `spotlight`, or a while_stance passive");
  if (spot && ((!e.stance() && e.fight_traits == 0 && e.rising_die == 0) || ((e.stance() ? 1 : 0) + (e.fight_traits > 0 ? 1 : 0) + (e.rising_die > 0 ? 1 : 0) > 1) || e.roll != CardRoll::none || e.damage.present() || e.bonus.present() || e.reduce.present() ||
               e.heal_hp.present() || e.heal_stress.present() || e.target_stress || e.hp_marks || e.vulnerable || e.restrained ||
               e.advantage || e.gain_hope || e.fear || e.clear_armor || e.evasion || e.strike_back || e.either || r.has("hit_if")))
    throw InputError(node.pos(), r.what() + ": a `trigger: spotlight` reaction takes a stance, or fight_traits, or rising_die (one of them), and its costs, nothing else");
  if (e.ends_severe && !(e.stance() && !e.while_stance))
    throw InputError(r.scalar("ends_on")->pos(), r.what() + ": ends_on goes with a stance (`trigger: attack` or `spotlight`)");
  if (e.fight_retaliate.present() && e.fight_retaliate.count == 0)
    throw InputError(r.get("fight_retaliate")->pos(), r.what() + ": fight_retaliate rolls dice, e.g. d10");
  if (e.pool.passive() && (e.hope || (e.stress && e.pool.fill != PoolFill::hurt) || e.armor || e.uses || e.uses_trait >= 0 ||
                           r.has("refresh")))
    throw InputError(r.get("pool")->pos(), r.what() + ": a `pool` costs nothing to fill or spend but a `stress` with `fill: hurt` "
                                                      "(paid each time it fills): no hope, armor, uses or refresh");
  if (e.companion != CompanionPart::none &&
      (vocabulary || e.hope || e.stress || e.armor || e.uses || e.roll != CardRoll::none))
    throw InputError(node.pos(), r.what() + ": a `companion` feature is played by the companion rules and takes no other effect key");
  if (e.companion != CompanionPart::none && c.source != CardSource::subclass)
    throw InputError(r.scalar("companion")->pos(), r.what() + ": `companion` is a subclass feature's (Beastbound)");
  if ((e.damage.per_proficiency && e.damage.per_spellcast) ||
      (!modelled && (r.has("uses_trait") || r.has("at_least") || r.has("at_most") || r.has("against") || r.has("hit_if"))))
    throw InputError(node.pos(), r.what() + ": per_proficiency or per_spellcast, not both; no uses_trait, at_least, "
                                            "at_most, against or hit_if unless modelled");
  if (e.roll == CardRoll::attack && e.target != CardTarget::enemy && !((e.split_damage || e.dwindle) && e.target == CardTarget::enemies))
    throw InputError(node.pos(), r.what() + ": an attack card targets one enemy (with split_damage or dwindle: `target: enemies`)");
  if (e.trigger == CardTrigger::damaged && !e.reduce.present() && e.downgrade == 0 && !e.halve && e.reflect == 0 && e.shell < 0)
    throw InputError(node.pos(), r.what() + ": a `damaged` reaction reduces the damage (reduce, halve, downgrade or shell) or reflects it");
  if (hit && !e.bonus.present() && e.weapon_dice == 0 && e.secondary_dice == 0 && e.hp_marks == 0 && e.extra_targets == 0 &&
      !e.double_die && !e.max_die && !e.own_marks && !e.fear_bonus)
    throw InputError(node.pos(), r.what() + ": a `hit` reaction adds `bonus`, `weapon_dice`, `secondary_dice`, `double_die`, `hp_marks` or `extra_targets` to the hit (or `fear_bonus`)");
  if (e.double_die && !hit)
    throw InputError(r.scalar("double_die")->pos(), r.what() + ": double_die goes with `trigger: hit`");
  if (e.extra_targets > 0 && (!hit || e.bonus.present() || e.weapon_dice || e.secondary_dice || e.hp_marks))
    throw InputError(r.scalar("extra_targets")->pos(), r.what() + ": extra_targets goes with `trigger: hit`, alone (no bonus, weapon_dice, secondary_dice or hp_marks)");
  if (e.hit_if == HitIf::near && !hit)
    throw InputError(r.scalar("hit_if")->pos(), r.what() + ": `hit_if: near` (a Melee or Very Close weapon) goes with `trigger: hit`");
  if (e.secondary_dice > 0 && !hit)
    throw InputError(r.scalar("secondary_dice")->pos(), r.what() + ": secondary_dice goes with `trigger: hit`");
  const bool at_enemies = e.target == CardTarget::enemy || e.target == CardTarget::enemies;
  if (e.hp_marks > 0 && !hit && e.trigger != CardTrigger::struck && !e.per_hope && !(e.when == CardWhen::action && at_enemies))
    throw InputError(r.scalar("hp_marks")->pos(), r.what() + ": hp_marks goes with an action at enemies, `trigger: hit`, `trigger: struck` or `per_hope`");
  if (e.hp_marks > 0 && !hit && (e.damage.present() || e.bonus.present()))
    throw InputError(r.scalar("hp_marks")->pos(), r.what() + ": an action's hp_marks replace its damage: no damage or bonus");
  const bool failed = e.trigger == CardTrigger::failed;
  const bool ally_failed = e.trigger == CardTrigger::ally_failed;
  const bool event = e.trigger == CardTrigger::crit || e.trigger == CardTrigger::after_hit || e.trigger == CardTrigger::missed || failed ||
                     ally_failed;
  const bool attacked = e.trigger == CardTrigger::attacked;
  const bool struck = e.trigger == CardTrigger::struck;
  const bool damaged = e.trigger == CardTrigger::damaged;
  const bool before = e.trigger == CardTrigger::attack;
  if (e.hit_if == HitIf::focus && !(before && e.fear < 0))
    throw InputError(r.scalar("hit_if")->pos(), r.what() + ": hit_if: focus goes with `trigger: attack` and a Fear loss (`fear`)");
  const bool aura = e.aura_reduce.present();  // a while_stance aura's hit_if: ranged (checked above)
  if (!hit && (e.weapon_dice > 0 || (r.has("hit_if") && !event && !attacked && !struck && !damaged && !aura && e.hit_if != HitIf::focus)))
    throw InputError(node.pos(), r.what() + ": weapon_dice goes with `trigger: hit`, hit_if with hit, crit, after_hit, missed, failed, attacked, struck or damaged");
  if (damaged && e.hit_if != HitIf::any && e.hit_if != HitIf::melee && e.hit_if != HitIf::ranged)
    throw InputError(r.scalar("hit_if")->pos(), r.what() + ": a `damaged` reaction's hit_if is melee or ranged (the range the adversary dealing it fights at)");
  if (e.hit_if == HitIf::ranged && e.trigger != CardTrigger::missed && !attacked && !struck && !damaged && !aura)
    throw InputError(r.scalar("hit_if")->pos(), r.what() + ": `hit_if: ranged` (an attacker beyond Melee range) goes with `trigger: missed`, `attacked` or `struck`");
  if ((attacked || struck) && e.hit_if != HitIf::any && e.hit_if != HitIf::melee && e.hit_if != HitIf::ranged)
    throw InputError(r.scalar("hit_if")->pos(), r.what() + ": an `attacked` or `struck` reaction's hit_if is melee or ranged (the attacker's range)");
  const bool others = e.roll != CardRoll::none || e.damage.present() || e.bonus.present() || e.reduce.present() || e.halve ||
                      e.heal_stress.present() || e.target_stress || e.vulnerable || e.restrained || e.advantage ||
                      e.gain_hope || e.fear || e.clear_armor || e.evasion || e.strike_back || e.weapon_dice;
  const bool others_but_vulnerable = e.roll != CardRoll::none || e.damage.present() || e.bonus.present() || e.reduce.present() ||
                                    e.halve || e.heal_stress.present() || e.target_stress || e.restrained || e.advantage ||
                                    e.gain_hope || e.fear || e.clear_armor || e.evasion || e.strike_back || e.weapon_dice;
  if (e.trigger == CardTrigger::armor && (e.downgrade == 0 || others || e.heal_hp.present() || e.hp_marks))
    throw InputError(node.pos(), r.what() + ": an `armor` reaction lowers the hit by `downgrade` thresholds, for its costs, nothing else");
  if (e.trigger == CardTrigger::dying &&
      (!e.heal_hp.present() || others || e.downgrade || e.hp_marks || e.target != CardTarget::self))
    throw InputError(node.pos(), r.what() + ": a `dying` reaction clears HP (`heal_hp`) on the PC (`target: self`) instead of its death move, nothing else");
  const bool guard = e.trigger == CardTrigger::ally_damaged;
  if (guard && (e.take_hit == (e.downgrade > 0) || others || e.heal_hp.present() || e.hp_marks || e.target != CardTarget::allies))
    throw InputError(node.pos(), r.what() + ": an `ally_damaged` reaction (`target: allies`) takes the ally's hit (`take_hit`) "
                                            "or lowers it (`downgrade`), one of them, nothing else");
  if ((r.has("take_hit") || e.all_armor || r.has("ally_hp")) && !guard)
    throw InputError(r.scalar(r.has("take_hit") ? "take_hit" : e.all_armor ? "all_armor" : "ally_hp")->pos(),
                     r.what() + ": take_hit, all_armor and ally_hp go with `trigger: ally_damaged`");
  if (e.ward && (e.when != CardWhen::action || e.target != CardTarget::ally || !e.heal_hp.present() || others ||
                 e.hp_marks || e.downgrade))
    throw InputError(r.scalar("ward")->pos(), r.what() + ": a `ward` is an action on an ally (`target: ally`) that clears `heal_hp` "
                                                        "HP in place of its death move, nothing else");
  // Battle Cry, Share the Burden, Lead by Example, Lean on Me, Full Surge (play_party.hpp).
  if (e.allies_advantage && (e.when != CardWhen::action || e.target != CardTarget::allies || e.roll != CardRoll::none ||
                             e.damage.present() || e.hp_marks || e.heal_hp.present() || e.clear_armor || e.evasion || e.ward))
    throw InputError(r.scalar("allies_advantage")->pos(), r.what() + ": allies_advantage is an action on the allies (`target: allies`) "
                                                                    "with no roll; it may clear their Stress and give them Hope");
  if (e.take_stress && (e.when != CardWhen::action || e.target != CardTarget::ally || e.roll != CardRoll::none || others ||
                        e.heal_hp.present() || e.hp_marks || e.downgrade || e.ward || e.either))
    throw InputError(r.scalar("take_stress")->pos(), r.what() + ": take_stress is an action on an ally (`target: ally`) with no "
                                                               "roll, nothing else (the Hope it gives is one per Stress moved)");
  if (e.next_attacker && (e.trigger != CardTrigger::after_hit || e.target != CardTarget::party || e.heal_hp.present() ||
                          e.clear_armor || (!e.heal_stress.present() && e.gain_hope == 0) || r.has("hit_if") || e.hope_ally))
    throw InputError(r.scalar("next_attacker")->pos(), r.what() + ": next_attacker goes with `trigger: after_hit` and `target: party`, "
                                                                 "with heal_stress and/or gain_hope (either) for the next PC to attack the target");
  if (e.stress_highest > 0 && (e.when != CardWhen::action || !at_enemies || e.target_stress || e.stress_highest < 2))
    throw InputError(r.scalar("stress_highest")->pos(), r.what() + ": stress_highest is an action's at enemies, a die of 2 sides or more, "
                                                                  "in place of target_stress");
  const bool cloud = e.cloak > 0 && e.when == CardWhen::action;  // Dark Cloud (play_dark.hpp)
  if (cloud && (e.target != CardTarget::self || e.cloak != 1 || e.roll == CardRoll::attack || e.shed_restrained ||
                e.damage.present() || e.bonus.present() || e.heal_hp.present() || e.heal_stress.present() || e.gain_hope ||
                e.evasion || e.vulnerable || e.restrained || e.advantage || e.clear_armor || e.hp_marks || e.either || e.fear))
    throw InputError(r.scalar("cloak")->pos(), r.what() + ": an action's cloak is `cloak: attack` at `target: self` (a spellcast "
                                                         "or trait roll, or none), nothing else");
  if (!cloud && ((e.trigger == CardTrigger::spotlight_end) != (e.cloak > 0) ||
                 (e.cloak > 0 && (others || e.heal_hp.present() || e.hp_marks || e.downgrade || r.has("hit_if") || e.either))))
    throw InputError(r.has("cloak") ? r.scalar("cloak")->pos() : node.pos(),
                     r.what() + ": `trigger: spotlight_end` takes `cloak` (and shed_restrained), for its costs, and only it or "
                                "an action at `target: self` takes cloak");
  if (e.shed_restrained && e.cloak == 0)
    throw InputError(r.scalar("shed_restrained")->pos(), r.what() + ": shed_restrained goes with cloak");
  if (e.invisible && (e.when != CardWhen::action || e.target != CardTarget::party || e.damage.present() || e.heal_hp.present() ||
                      e.heal_stress.present() || e.gain_hope || e.clear_armor || e.evasion || e.hp_marks))
    throw InputError(r.scalar("invisible")->pos(), r.what() + ": invisible is an action on one PC of the party (`target: party`), nothing else");
  if (e.taunt && (e.when != CardWhen::action || e.target != CardTarget::enemy || e.roll == CardRoll::none))
    throw InputError(r.scalar("taunt")->pos(), r.what() + ": taunt is a rolled action at one enemy (`target: enemy`, a `roll`)");
  if (e.rising_die > 0 && (e.trigger != CardTrigger::spotlight || e.stress == 0 || e.uses == 0 || e.hope || e.armor))
    throw InputError(r.scalar("rising_die")->pos(), r.what() + ": rising_die goes with `trigger: spotlight`, a `stress` cost "
                                                              "(marked again as it ends) and `uses`, no hope or armor");
  if (e.on_tag_team && (e.trigger != CardTrigger::roll || e.hope_die == 0 || e.hope || e.stress || e.armor || e.uses ||
                        e.hp_left || e.heal_stress.present()))
    throw InputError(r.scalar("on_tag_team")->pos(), r.what() + ": on_tag_team goes with `trigger: roll` and hope_die, at no cost, "
                                                               "no uses, hp_left or heal_stress");
  if (e.fight_traits > 0 && e.trigger != CardTrigger::spotlight)
    throw InputError(r.scalar("fight_traits")->pos(), r.what() + ": fight_traits goes with `trigger: spotlight`");
  if (e.target == CardTarget::both && e.trigger != CardTrigger::ally_failed && e.trigger != CardTrigger::session_start)
    throw InputError(r.scalar("target")->pos(), r.what() + ": `target: both` (the PC and the ally that failed, or one ally) goes with "
                                                         "`trigger: ally_failed` or `session_start`");
  if (ally_failed && ((e.target != CardTarget::both && e.target != CardTarget::ally) || r.has("hit_if") || e.strike_back ||
                      e.advantage || e.hope_ally || e.on_kill))
    throw InputError(node.pos(), r.what() + ": an `ally_failed` reaction gives to the ally that failed (`target: ally`) or to it and "
                                            "the PC (`target: both`): heal_hp, heal_stress, gain_hope, clear_armor, nothing else");
  if (e.all_armor && !e.take_hit)
    throw InputError(r.scalar("all_armor")->pos(), r.what() + ": all_armor is for the hit the PC takes (`take_hit`)");
  if (struck && ((e.hp_marks == 0 && !e.vulnerable) || (e.vulnerable ? others_but_vulnerable : others) ||
                 e.heal_hp.present() || e.downgrade || e.target != CardTarget::enemy))
    throw InputError(node.pos(), r.what() + ": a `struck` reaction makes the attacker (`target: enemy`) mark `hp_marks` HP "
                                            "and/or become Vulnerable (`vulnerable`), nothing else");
  const bool acting = e.when == CardWhen::action;
  const bool at_foes = e.target == CardTarget::enemy || e.target == CardTarget::enemies;
  if (e.hope_bonus.present() && !(acting && e.roll == CardRoll::attack && e.hp_marks == 0))
    throw InputError(r.get("hope_bonus")->pos(), r.what() + ": hope_bonus goes with an attack card (`roll: attack`)");
  if (e.pay_on_success &&
      !(acting && e.roll != CardRoll::none && (e.roll != CardRoll::attack || e.split_damage) && (e.hope || e.stress || e.uses || e.vault_on)))
    throw InputError(r.scalar("pay_on")->pos(), r.what() + ": `pay_on: success` goes with an action that rolls (spellcast or trait; "
                                                         "an attack with split_damage) and has a cost, limited uses or a vault_on d6");
  if (e.marks_foes() && !(acting && at_foes && e.roll != CardRoll::none && e.roll != CardRoll::attack))
    throw InputError(r.get(e.silence ? "silence" : e.turn_foe ? "turn_foe" : e.again_penalty ? "again_penalty" : "difficulty_cut")->pos(),
                     r.what() + ": difficulty_cut, silence, turn_foe and again_penalty go with an action at adversaries that rolls (spellcast or trait)");
  if ((e.turn_foe || e.again_penalty) && e.target != CardTarget::enemy)
    throw InputError(r.get(e.turn_foe ? "turn_foe" : "again_penalty")->pos(), r.what() + ": turn_foe and again_penalty go with `target: enemy`");
  if (e.save > 0 && !(acting && at_foes && e.roll != CardRoll::attack && !e.marks_foes() && e.hp_marks == 0 && !e.taunt &&
                      e.stress_highest == 0 && e.rider_hope == 0))
    throw InputError(r.scalar("save")->pos(), r.what() + ": save goes with an action at adversaries (no roll, or a spellcast or trait roll; "
                                                        "the targets roll): damage, target_stress, vulnerable, restrained");
  if (e.redirect > 0 && (e.trigger != CardTrigger::missed || e.strike_back || e.heal_hp.present() || e.heal_stress.present() ||
                         e.gain_hope || e.clear_armor || e.either || e.target != CardTarget::enemy || e.redirect < 2))
    throw InputError(r.scalar("redirect")->pos(), r.what() + ": redirect goes with `trigger: missed` (`target: enemy`), a face of 2 to 6, "
                                                            "for its costs, nothing else");
  // Big spells (play_spells.hpp).
  if (e.kill_at > 0 && !(acting && e.target == CardTarget::enemies && (e.roll == CardRoll::spellcast || e.roll == CardRoll::trait) &&
                         e.difficulty > 0 && !e.damage.present() && e.save == 0 && !e.hp_marks && !e.target_stress &&
                         !e.vulnerable && !e.restrained && !e.stun && !e.marks_foes() && !e.stress_highest && !e.taunt &&
                         !e.rider_hope && !e.fear))
    throw InputError(r.scalar("kill_at")->pos(), r.what() + ": kill_at goes with an action at adversaries (`target: enemies`) "
                                                           "with a spellcast or trait roll at a fixed `difficulty`, and no other effect on them");
  if (e.stress_each > 0 && e.kill_at == 0)
    throw InputError(r.scalar("stress_each")->pos(), r.what() + ": stress_each (the Stress per foe killed) goes with kill_at");
  if (e.hope_each > 0 && e.save == 0)
    throw InputError(r.scalar("hope_each")->pos(), r.what() + ": hope_each (the Hope per target that rolls) goes with save");
  if (e.save_damage.present() && (e.save == 0 || e.save_half || !e.damage.present() || e.steal_fear))
    throw InputError(r.get("save_damage")->pos(), r.what() + ": save_damage goes with save and damage (the damage of those that "
                                                             "fail), not with save_half or steal_fear");
  if (e.max_targets > 0 && !(acting && e.target == CardTarget::enemies && !e.split_damage))
    throw InputError(r.scalar("max_targets")->pos(), r.what() + ": max_targets goes with an action at every foe in range (`target: enemies`)");
  if (e.stun && !(acting && at_foes))
    throw InputError(r.scalar("stun")->pos(), r.what() + ": stun goes with an action at adversaries (`target: enemy` or `enemies`)");
  // What hinges on a temporary condition (play_foes.hpp).
  if (e.vulnerable_extra.present() && !(acting && at_foes && e.damage.present() && e.roll != CardRoll::attack && e.save == 0))
    throw InputError(r.get("vulnerable_extra")->pos(), r.what() + ": vulnerable_extra goes with an action at adversaries that deals "
                                                                  "`damage` (a spellcast or trait roll, or none; no save)");
  if (e.exposed_damage.present() && !(acting && e.target == CardTarget::enemy && e.vulnerable && !e.lasting && !e.storm && e.save == 0))
    throw InputError(r.get("exposed_damage")->pos(), r.what() + ": exposed_damage goes with `vulnerable` on an action at one enemy "
                                                                "(`target: enemy`; not lasting, storm or save)");
  if (e.on_fire.present() && !(acting && at_foes && e.roll != CardRoll::attack && e.save == 0))
    throw InputError(r.get("on_fire")->pos(), r.what() + ": on_fire goes with an action at adversaries (a spellcast or trait roll, "
                                                         "or none; no save)");
  const bool gifts = e.heal_hp.present() || e.heal_stress.present() || e.gain_hope || e.clear_armor || e.either || e.evasion ||
                     e.zone_die || e.barrier >= 0 || e.invisible || e.allies_advantage || e.ward || e.take_stress ||
                     e.aura_armor || e.damage.present() || e.fear || e.pool.present();
  if (e.hp_per_stress > 0 && (!acting || (e.target != CardTarget::allies && e.target != CardTarget::party) || e.roll == CardRoll::attack ||
                              gifts || e.darkness))
    throw InputError(r.scalar("hp_per_stress")->pos(), r.what() + ": hp_per_stress goes with an action at `target: allies` or "
                                                                 "`party` (a spellcast or trait roll, or none) and no other gift");
  if (e.darkness && (!acting || e.target != CardTarget::party || e.roll == CardRoll::attack || gifts))
    throw InputError(r.scalar("darkness")->pos(), r.what() + ": darkness goes with an action at `target: party` (a spellcast or "
                                                            "trait roll, or none) and no other gift");
  if (e.blast >= 0 && (e.save == 0 || e.target != CardTarget::enemy || e.roll == CardRoll::none || e.hope_each || e.steal_fear))
    throw InputError(r.scalar("blast")->pos(), r.what() + ": blast goes with save on an action at one adversary (`target: enemy`) "
                                                       "that rolls, not with hope_each or steal_fear");
  if (e.save == kSaveRoll && (e.roll == CardRoll::none || e.hope_each || e.steal_fear))
    throw InputError(r.scalar("save")->pos(), r.what() + ": `save: roll` (the PC's roll total) needs a roll, not hope_each or steal_fear");
  if (e.chain && (e.save == 0 || !e.damage.present() || e.target != CardTarget::enemies || e.hope_each || e.steal_fear || e.blast >= 0))
    throw InputError(r.scalar("chain")->pos(), r.what() + ": chain goes with save and damage on an action at `target: enemies` "
                                                       "(not hope_each, steal_fear or blast)");
  if (e.save_half && (e.save == 0 || !e.damage.present()))
    throw InputError(r.scalar("save_half")->pos(), r.what() + ": save_half goes with save and damage");
  if (e.steal_fear && (e.save == 0 || e.damage.count == 0 || e.damage.per_proficiency || e.damage.per_spellcast))
    throw InputError(r.scalar("steal_fear")->pos(), r.what() + ": steal_fear goes with save and damage dice (rolled once per Fear stolen)");
  if (r.has("difficulty_cut") && e.difficulty_cut.trait < 0 && !e.difficulty_cut.proficiency && !e.difficulty_cut.level && e.difficulty_cut.constant < 1)
    throw InputError(r.get("difficulty_cut")->pos(), r.what() + ": difficulty_cut is a trait or a number of 1 or more");
  if (e.rider_hope > 0 && !(acting && at_foes && (e.vulnerable || e.restrained || e.target_stress)))
    throw InputError(r.scalar("rider_hope")->pos(), r.what() + ": rider_hope buys an action's conditions on adversaries (vulnerable, restrained, target_stress)");
  if (e.fail_heal > 0 && !(acting && e.roll != CardRoll::none && !at_foes && (e.heal_hp.present() || e.heal_stress.present())))
    throw InputError(r.scalar("fail_heal")->pos(), r.what() + ": fail_heal goes with an action that rolls and heals a PC (heal_hp or heal_stress)");
  if (e.refill_stress > 0 && !(acting && (e.uses > 0 || e.uses_trait >= 0)))
    throw InputError(r.scalar("refill_stress")->pos(), r.what() + ": refill_stress gives back an action's limited uses (`uses` or `uses_trait`)");
  if (e.break_on_max && !(e.trigger == CardTrigger::damaged && e.reduce.count > 0))
    throw InputError(r.scalar("break_on_max")->pos(), r.what() + ": break_on_max goes with a `damaged` reaction that rolls a `reduce` die");
  if (e.vault_on > 0 && e.when == CardWhen::passive)
    throw InputError(r.scalar("vault_on")->pos(), r.what() + ": vault_on goes with a card that is played (an action or a reaction)");
  if (hit && e.hit_if == HitIf::hope)
    throw InputError(r.scalar("hit_if")->pos(), r.what() + ": a `hit` reaction's hit_if is any, melee, magic, fear, near or weapon (a weapon's hit, not a spell's)");
  if (e.per_hope && (e.trigger != CardTrigger::crit || e.hope < 1 || e.target != CardTarget::self || e.either ||
                     e.heal_stress.present() || e.gain_hope || e.strike_back || e.on_kill ||
                     (e.heal_hp.present() + (e.clear_armor > 0) + (e.hp_marks > 0)) < 2))
    throw InputError(r.scalar("per_hope")->pos(), r.what() + ": per_hope goes with `trigger: crit`, `target: self`, a `hope` "
                                                            "cost and two or more of heal_hp, clear_armor, hp_marks (nothing else)");
  if (event && (e.roll != CardRoll::none || e.damage.present() || e.bonus.present() || e.reduce.present() || e.target_stress ||
                (e.hp_marks && !e.per_hope) ||
                e.vulnerable || e.restrained || (e.advantage && !failed) || e.evasion || e.halve || e.downgrade || e.fear ||
                (!e.strike_back && !e.next_hit.present() && e.redirect == 0 && (e.target == CardTarget::enemy || e.target == CardTarget::enemies))))
    throw InputError(node.pos(), r.what() + ": a crit, after_hit or missed reaction (or a failed one) clears HP, Stress or Armor, gives Hope "
                                            "(failed: or advantage), or strikes back, for the PC (`target: self`), an ally, the party or the allies");
  if (e.strike_back && e.trigger != CardTrigger::missed && !(failed && e.hit_if == HitIf::weapon))
    throw InputError(r.scalar("strike_back")->pos(), r.what() + ": strike_back goes with `trigger: missed`, or `failed` with `hit_if: weapon`");
  if (e.half_proficiency && !e.strike_back)
    throw InputError(r.scalar("half_proficiency")->pos(), r.what() + ": half_proficiency goes with strike_back");
  if (e.advantage && failed && e.target != CardTarget::self)
    throw InputError(r.scalar("advantage")->pos(), r.what() + ": a failed reaction's advantage is the PC's own (`target: self`)");
  if (failed && r.has("hit_if") && e.hit_if != HitIf::weapon && e.hit_if != HitIf::fear)
    throw InputError(r.scalar("hit_if")->pos(), r.what() + ": a `failed` reaction takes hit_if: weapon or fear (a failure with Fear)");
  const bool roll = e.trigger == CardTrigger::roll, rolled = e.trigger == CardTrigger::rolled;
  if (roll && ((e.hope_die > 0) == (e.double_traits != 0) || e.roll != CardRoll::none || e.damage.present() || e.bonus.present() || e.reduce.present() ||
               e.halve || e.target_stress || e.vulnerable || e.restrained || e.advantage || e.gain_hope || e.fear ||
               e.clear_armor || e.evasion || e.strike_back || e.weapon_dice || e.heal_hp.present() || e.hp_marks ||
               e.downgrade || e.reroll_hope || e.fear_to_hope || r.has("hit_if") || e.either))
    throw InputError(node.pos(), r.what() + ": a `roll` reaction gives the Hope Die `hope_die` sides (and clears `heal_stress` "
                                            "on a success; hp_left) or doubles the roll's trait (`double_trait`), one of them, for its costs and uses, nothing else");
  const bool ally_rolled = e.trigger == CardTrigger::ally_rolled;
  const bool rerolls = e.reroll != Reroll::none;
  if (rolled && ((e.reroll_hope > 0) + e.fear_to_hope + rerolls + e.swap + e.add_roll.present() != 1 || others ||
                 e.heal_hp.present() || e.hp_marks || e.downgrade || e.heal_stress.present() || r.has("hit_if") || e.either))
    throw InputError(node.pos(), r.what() + ": a `rolled` reaction rerolls the Hope Die (`reroll_hope`), turns Fear into "
                                            "Hope (`fear_to_hope`), rolls dice again (`reroll`), swaps them (`swap`) or adds to the total "
                                            "(`add_roll`), one of them, for its costs and uses (and hp_left, on_trait, on_failure, "
                                            "with_experience, on_spellcast), nothing else");
  if ((e.add_roll.present() || e.on_spellcast) && !rolled)
    throw InputError(r.get(e.add_roll.present() ? "add_roll" : "on_spellcast")->pos(),
                     r.what() + ": add_roll and on_spellcast go with `trigger: rolled`");
  if (e.add_roll.present() && e.add_roll.constant < 0)
    throw InputError(r.get("add_roll")->pos(), r.what() + ": add_roll adds to a roll: a positive number");
  if (e.double_traits && (!roll || e.hope_die > 0))
    throw InputError(r.get("double_trait")->pos(), r.what() + ": double_trait goes with `trigger: roll` (and no hope_die)");
  if (e.fail_attack && (!attacked || e.target != CardTarget::self))
    throw InputError(r.scalar("fail_attack")->pos(), r.what() + ": fail_attack goes with `trigger: attacked` and `target: self`");
  if (e.fear_bonus && !hit)
    throw InputError(r.scalar("fear_bonus")->pos(), r.what() + ": fear_bonus goes with `trigger: hit`");
  const bool help_swap = ally_rolled && e.swap && e.with_help && !rerolls;  // Enchanted Aid's swap
  if (ally_rolled && ((!rerolls && !help_swap && !e.set_total) || e.reroll_hope || e.fear_to_hope || others || e.heal_hp.present() || e.hp_marks ||
                      e.downgrade || e.heal_stress.present() || r.has("hit_if") || e.either || e.hp_left ||
                      (e.target != CardTarget::allies && e.target != CardTarget::party)))
    throw InputError(node.pos(), r.what() + ": an `ally_rolled` reaction rolls an ally's dice again (`reroll`; `target: allies`, "
                                            "or `party` for the PC's own roll too), or swaps them after a roll it helped (`swap` "
                                            "with `with_help`), or sets its total (`set_total`), for its costs and uses (and on_trait, "
                                            "on_failure, with_experience), nothing else");
  const bool reaction_roll = e.trigger == CardTrigger::reaction_roll;
  if (reaction_roll && (!e.advantage || others_but_advantage(e) || e.heal_hp.present() || e.hp_marks || e.downgrade ||
                        e.heal_stress.present() || r.has("hit_if") || e.either))
    throw InputError(node.pos(), r.what() + ": a `reaction_roll` reaction gives the PC advantage on its reaction roll "
                                            "(`advantage`), for its costs and uses, nothing else");
  if (e.swap && !rolled && !help_swap)
    throw InputError(r.scalar("swap")->pos(), r.what() + ": swap goes with `trigger: rolled` (or `ally_rolled` with with_help)");
  if (e.with_help && (!ally_rolled || !e.swap || e.target != CardTarget::allies))
    throw InputError(r.scalar("with_help")->pos(), r.what() + ": with_help goes with `trigger: ally_rolled`, swap and `target: allies`");
  if (e.prioritize && (!e.swap || e.hope == 0 || e.uses || e.stress))
    throw InputError(r.scalar("prioritize")->pos(), r.what() + ": prioritize goes with swap and a `hope` cost (paid to Prioritize), no uses or stress");
  if (rerolls && !rolled && !ally_rolled)
    throw InputError(r.scalar("reroll")->pos(), r.what() + ": reroll goes with `trigger: rolled` or `ally_rolled`");
  if ((e.on_trait >= 0 || e.on_failure || e.with_experience) && !rolled && !ally_rolled)
    throw InputError(r.scalar(e.on_trait >= 0 ? "on_trait" : e.on_failure ? "on_failure" : "with_experience")->pos(),
                     r.what() + ": on_trait, on_failure and with_experience go with `trigger: rolled` or `ally_rolled`");
  if (!roll && e.hope_die > 0)
    throw InputError(r.scalar("hope_die")->pos(), r.what() + ": hope_die goes with `trigger: roll`");
  if (!rolled && (e.reroll_hope > 0 || e.fear_to_hope))
    throw InputError(r.has("reroll_hope") ? r.scalar("reroll_hope")->pos() : r.scalar("fear_to_hope")->pos(),
                     r.what() + ": reroll_hope and fear_to_hope go with `trigger: rolled`");
  if (!roll && !rolled && e.hp_left > 0)
    throw InputError(r.scalar("hp_left")->pos(), r.what() + ": hp_left goes with `trigger: roll` or `rolled`");
  const int befores = e.attack_damage.present() + e.double_damage + (e.stance() && !spot && !e.while_stance) +
                      (e.focus_proficiency > 0) + (before && e.fear < 0) + e.first_attack + (e.roll_bonus > 0);
  if (before != (befores > 0) || befores > 1)
    throw InputError(node.pos(), r.what() + ": a reaction with `trigger: attack` adds `attack_damage`, doubles the damage "
                                            "(`double_damage`), takes a stance (fight_damage, fight_severe, no_armor) or a focus "
                                            "(focus_proficiency), makes the GM lose Fear on a success (`fear`), is a first_attack or adds roll_bonus to the roll, "
                                            "one of them, and only it takes any");
  if (e.next_hit.present() && (e.trigger != CardTrigger::after_hit || e.hit_if != HitIf::weapon))
    throw InputError(r.get("next_hit")->pos(), r.what() + ": next_hit goes with `trigger: after_hit` and `hit_if: weapon`");
  if (r.has("repeat") && !(before && e.attack_damage.present()))
    throw InputError(r.scalar("repeat")->pos(), r.what() + ": repeat goes with `trigger: attack` and attack_damage");
  if (before && !e.first_attack && (e.roll != CardRoll::none || (r.has("hit_if") && e.hit_if != HitIf::focus) || e.damage.present() ||
                 e.bonus.present() || e.reduce.present() ||
                 e.heal_hp.present() || e.heal_stress.present() || e.target_stress || e.hp_marks || e.vulnerable ||
                 e.restrained || e.advantage || e.gain_hope || e.fear > 0 || e.clear_armor || e.evasion || e.strike_back ||
                 e.armor || e.either || e.on_kill))
    throw InputError(node.pos(), r.what() + ": a `trigger: attack` reaction takes attack_damage (with repeat), double_damage "
                                            "(with damage_type), a stance, a focus or a Fear loss (fear, hit_if: focus), its costs and uses, nothing else");
  if (e.on_kill && e.trigger != CardTrigger::crit)
    throw InputError(r.scalar("on_kill")->pos(), r.what() + ": on_kill goes with `trigger: crit`");
  if (e.hope_ally && (e.trigger != CardTrigger::after_hit || e.target != CardTarget::self))
    throw InputError(r.scalar("hope_ally")->pos(), r.what() + ": hope_ally goes with `trigger: after_hit` and `target: self`");
  if (e.either && (e.heal_hp.present() + e.heal_stress.present() + (e.gain_hope > 0) + (e.clear_armor > 0)) < 2)
    throw InputError(r.scalar("either")->pos(), r.what() + ": `either` needs two of heal_hp, heal_stress, gain_hope, clear_armor");
  if (e.needs_domain > 0 && c.source != CardSource::domain)
    throw InputError(r.scalar("needs_domain")->pos(), r.what() + ": needs_domain is a domain card's loadout condition");
  if (hit && (e.roll != CardRoll::none || e.damage.present() || e.heal_hp.present() || e.heal_stress.present() || e.reduce.present() ||
              e.target_stress || e.vulnerable || e.restrained || e.advantage || e.gain_hope || e.fear || e.clear_armor ||
              e.evasion || e.halve || e.downgrade))
    throw InputError(node.pos(), r.what() + ": a `hit` reaction adds `bonus`, `weapon_dice` or `hp_marks` to the hit, nothing else");
  if (attacked && e.evade.present() + e.reroll_attack + e.fail_attack + e.counter_magic != 1)
    throw InputError(node.pos(), r.what() + ": an `attacked` reaction raises Evasion (`evade`), makes the attacker reroll (`reroll_attack`), "
                                            "makes the attack fail (`fail_attack`) or interrupts a magic one (`counter_magic`), one of them");
  if (!attacked && (e.evade.present() || e.reroll_attack))
    throw InputError(r.has("evade") ? r.get("evade")->pos() : r.scalar("reroll_attack")->pos(),
                     r.what() + ": evade and reroll_attack go with `trigger: attacked`");
  if (attacked && (e.target != CardTarget::self && e.target != CardTarget::party))
    throw InputError(node.pos(), r.what() + ": an `attacked` reaction protects the PC (`target: self`) or the PC and its allies (`target: party`)");
  if (attacked && (e.roll != CardRoll::none || e.damage.present() || e.bonus.present() || e.reduce.present() ||
                   e.heal_hp.present() || e.heal_stress.present() || e.target_stress || e.vulnerable || e.restrained ||
                   e.advantage || e.gain_hope || e.fear || e.clear_armor || e.evasion || e.strike_back))
    throw InputError(node.pos(), r.what() + ": an `attacked` reaction takes evade, reroll_attack, fail_attack or counter_magic and its costs, nothing else");
  if (e.trigger != CardTrigger::damaged && (r.has("at_least") || r.has("at_most") || r.has("against") || e.halve))
    throw InputError(node.pos(), r.what() + ": at_least, at_most, against and halve go with `trigger: damaged`");
}

}  // namespace encsim::daggerheart
