// Reading the domain-card library (domain-cards.yaml, embedded at build time)
// into CardDefs: the vocabulary of cards.hpp, checked key by key with line:col
// and did-you-mean, once per process.
#include <algorithm>
#include <cctype>
#include <functional>
#include <memory>
#include <set>

#include "io/yaml.hpp"
#include "rules/daggerheart/advancement.hpp"
#include "rules/daggerheart/cards.hpp"
#include "rules/daggerheart/read.hpp"

namespace encsim::daggerheart {

namespace {

// Every key after an entry's header: its status and its effect.
const std::vector<KeySpec> kEffectKeys{
    {"combat", "modelled|none|not_modelled", "modelled", "none: no effect on a fight; not_modelled: bears on one but is not simulated"},
    {"summary", "string", "", "what the model does, or why it is not modelled (our words)"},
    {"when", "action|reaction|passive", "action", "on the PC's spotlight, on a trigger, or always"},
    {"trigger", "damaged|hit|crit|after_hit|missed|attacked|attack|failed|armor|dying|struck|ally_damaged|spotlight|roll|rolled|ally_rolled|reaction_roll|ally_failed|spotlight_end|session_start|help|foe_marked|ally_dealt", "", "a reaction's trigger: damaged (a hit is about to mark HP on the PC), hit (the PC's attack succeeded and its damage is rolled: a weapon's, or a spellcast or trait roll's at adversaries), crit (the PC's attack is a critical success), after_hit (the PC's attack succeeded and dealt its damage), missed (an adversary's attack on the PC failed), attacked (an adversary's attack roll on the PC, or with `target: party` on an ally, succeeded; its damage is not rolled yet), attack (the PC is about to roll a weapon attack), failed (an action roll of the PC's failed; with hit_if: weapon, its weapon attack), armor (the PC marks an Armor Slot against a hit), dying (the PC would make a death move), struck (an adversary's attack on the PC succeeded, before its damage; the attacker is the target), ally_damaged (an adversary's attack hit another PC and its damage is rolled, before it is dealt; `target: allies`), spotlight (the PC's spotlight begins: a stance), roll (the PC is about to make an action roll: hope_die), rolled (the PC's action roll's Duality Dice are rolled, before the outcome counts: reroll_hope, fear_to_hope, reroll), ally_rolled (another PC's action roll's Duality Dice are rolled; with `target: party` the PC's own too: reroll), reaction_roll (the PC is about to make a reaction roll against an adversary's effect: advantage), ally_failed (another PC's action roll failed; `target: both` or `ally`), spotlight_end (the PC's spotlight action is done, before the GM's turn: cloak), session_start (the session begins, its Rally Dice given: gain_hope, heal_stress, either, for `target: party`, `allies`, `self` or `both`; with `uses` and `refresh: long_rest`, again at the first fight after each long rest), help (an ally is about to make a weapon attack roll no PC helps with Hope: `free_help`), foe_marked (the PC has made an adversary mark HP: evasion_marks), ally_dealt (another PC has dealt damage to an adversary that still stands: echo_damage)"},
    {"hope", "integer", "0", "Hope it costs"},
    {"stress", "integer", "0", "Stress it costs"},
    {"armor", "integer", "0", "Armor Slots it marks (a cost)"},
    {"uses", "integer", "0", "uses per fight (once per rest or long rest: 1); 0 unlimited"},
    {"roll", "none|spellcast|attack|trait", "none", "a spellcast roll (2d12 + spellcast trait), an attack with the primary weapon, an action roll with `trait`, or no roll"},
    {"trait", "trait name", "", "roll: trait: the trait rolled (a natural weapon's)"},
    {"difficulty", "integer", "the target's", "a spellcast roll's fixed Difficulty"},
    {"barrier", "physical|magic", "", "action (target: party): on a success every PC resists damage of this type from adversaries whose standard attack reaches beyond Very Close range, for the fight"},
    {"aura_armor", "integer", "0", "action (target: ally, the caster included): an aura on one PC: each Armor Slot it marks against a hit drops the hit this many thresholds more; it ends when that leaves the hit no HP to mark"},
    {"zone_die", "integer", "0", "action (target: party): a zone over the party for the fight: a die of these sides set at 1 comes off each hit a PC takes, then goes up one; the zone ends once it would pass its sides"},
    {"target", "enemy|enemies|self|ally|party|allies|creature|both", "enemy", "one adversary, all in range, the PC, the ally most in need, every PC, every PC but the user, the PC most in need (itself included); both (ally_failed): the PC and the ally that failed; both (session_start): the PC and one ally (the one that gains most)"},
    {"range", "melee|very_close|close|far|very_far", "close", "enemies: how many it reaches (options area_*)"},
    {"max_targets", "integer", "0", "action (target: enemies): at most this many of the foes its area reaches, those worth most (1 to 8); 0 no cap"},
    {"damage", "dice", "", "damage to each target it beats, e.g. d8+2"},
    {"per_proficiency", "boolean", "false", "roll the damage dice Proficiency times"},
    {"per_spellcast", "boolean", "false", "roll the damage dice Spellcast-trait times (at least once)"},
    {"uses_trait", "trait name | spellcast | domain", "", "uses per fight equal to this trait of the PC (at least 1): tokens; spellcast: its Spellcast trait; domain: the cards of the card's domain in the loadout, itself included"},
    {"refresh", "rest|long_rest|session", "rest", "in a session, what gives the uses back: any rest, a long rest, or nothing"},
    {"at_least", "integer", "2", "reaction (damaged): only against a hit that would mark this many HP"},
    {"at_most", "integer", "4", "reaction (damaged): only against a hit that would mark at most this many HP"},
    {"against", "physical|magic", "", "reaction (damaged): only against damage of this type"},
    {"damage_type", "physical|magic", "magic", "damage type (a `hit` reaction's bonus: the weapon's unless written; another type makes the hit deal both)"},
    {"target_stress", "integer", "0", "each target it beats marks this much Stress"},
    {"stress_highest", "integer", "0", "action at enemies: each target it beats marks Stress equal to the highest of Proficiency dice of this many sides, e.g. 4"},
    {"hp_marks", "integer", "0", "HP the target marks outright (no damage roll, thresholds or resistance): an action's on each target it beats, instead of damage; a `hit` reaction's on top of what the hit marks"},
    {"vulnerable", "boolean", "false", "each target it beats is Vulnerable: a temporary condition, held until the GM spends the foe's spotlight clearing it"},
    {"vulnerable_extra", "dice", "", "action at adversaries with damage: a target it damages that is Vulnerable takes these dice more, e.g. d8"},
    {"exposed_damage", "dice", "", "with `vulnerable` (an action at one enemy, not lasting or storm): while the Vulnerable it gives holds, every attack roll a PC makes at the target deals these dice more on a hit, e.g. 2d6"},
    {"on_fire", "dice", "", "action at adversaries: each target it beats is On Fire, a temporary condition (held until the GM spends its spotlight clearing it): at the end of each action it takes while still On Fire it takes these dice as magic damage, e.g. 2d6"},
    {"taunt", "boolean", "false", "action at one enemy, rolled: the target it beats makes its next spotlight a standard attack on the PC, with disadvantage"},
    {"restrained", "boolean", "false", "each target it beats is Restrained"},
    {"difficulty_cut", "number | trait", "", "rolled action at adversaries: each target it beats has its Difficulty lowered by this (at least 1) until the GM spends its spotlight to clear it; one cut at a time, e.g. knowledge"},
    {"save", "integer | roll", "0", "action at adversaries: each target (with a spellcast or trait roll, each the roll beats) makes a reaction roll (d20) against this (roll: against the PC's roll total); the damage and conditions land on those that fail"},
    {"chain", "boolean", "false", "save, with damage: once a target fails and takes the damage, every standing adversary not yet targeted makes the same reaction roll, the damage rolled anew for those that fail"},
    {"redirect", "integer", "0", "reaction (missed): Proficiency d6s; any at or above this and, for the card's costs, the attacker's standard damage strikes the adversary it marks most HP on instead"},
    {"save_half", "boolean", "false", "save: the targets that succeed take half the damage"},
    {"blast", "melee|very_close|close|far|very_far", "", "save, target: enemy, rolled: once the roll beats the target, it and the other foes within this range of it (as many as that band's area reaches, the target one of them; those worth most) make the reaction roll"},
    {"steal_fear", "boolean", "false", "save: the GM loses a Fear per target that failed (at most what it holds); the damage dice are rolled once per Fear lost, the total dealt to each that failed"},
    {"save_damage", "dice", "", "save: the damage each target that succeeds takes instead (not with save_half), e.g. 3d20+3"},
    {"hope_each", "integer", "0", "save: of the targets the roll beats, only those the PC buys for this much Hope apiece make the reaction roll (by policy)"},
    {"stun", "boolean", "false", "action at adversaries: each target its conditions land on (with save: each that fails) is Stunned: no action or reaction until the GM spends its spotlight clearing it"},
    {"kill_at", "integer", "0", "action at adversaries (target: enemies) with a roll at a fixed `difficulty`: on a success each adversary its area reaches of this Difficulty or lower may be killed outright (its HP left marked), chosen by policy"},
    {"stress_each", "integer", "0", "kill_at: the Stress the PC marks for each adversary it kills"},
    {"hp_per_stress", "integer", "0", "action (target: allies or party): on a success the PC marks any number of Stress, each clearing this many HP among the targets, by policy"},
    {"darkness", "boolean", "false", "action (target: party): on a success a darkness over the field until the GM spends a Fear on its turn to clear it or the caster takes Severe damage: attack rolls against PCs have disadvantage, and a foe a PC's roll succeeds against with Hope marks a Stress"},
    {"turn_foe", "boolean", "false", "rolled action at one enemy: the target it beats makes its standard attack on another adversary at once (d20 + its attack bonus against that one's Difficulty); the damage counts to the card"},
    {"again_penalty", "integer", "0", "rolled action at one enemy: a later cast at a target the PC has beaten with it takes this penalty on its roll"},
    {"silence", "boolean", "false", "rolled action at adversaries: each target it beats is Silenced (no feature or standard attack of magic damage) until the GM spends a Fear to clear it, the caster casts the card again or takes Major damage"},
    {"advantage", "boolean", "false", "attack: rolled with advantage; reaction (failed): the PC's next action roll has advantage; reaction (reaction_roll): this reaction roll has advantage"},
    {"bonus", "dice", "", "attack, reaction (hit): added to the weapon's damage on a hit"},
    {"hope_bonus", "dice", "", "attack (roll: attack): added to the weapon's damage on a success with Hope (or a critical)"},
    {"pay_on", "use|success", "use", "an action with a roll: its costs (hope, stress) and its limited use are paid when it is played, or only when the roll succeeds (against at least one target)"},
    {"rider_hope", "integer", "0", "an action at adversaries: on a success, this much Hope buys the card's conditions (vulnerable, restrained, target_stress), by policy"},
    {"fail_heal", "integer", "0", "an action with a roll and a heal: on a failure the target still clears this much (the heal's best option)"},
    {"refill_stress", "integer", "0", "an action with limited uses: out of uses, this much Stress gives them all back"},
    {"break_on_max", "boolean", "false", "reaction (damaged) with `reduce`: the reduction die at its maximum ends the card until a rest of its `refresh` kind"},
    {"weapon_dice", "integer", "0", "reaction (hit): this many more of the weapon's damage dice"},
    {"double_die", "boolean", "false", "reaction (hit): the highest of the hit's weapon damage dice counts twice"},
    {"secondary_dice", "integer", "0", "reaction (hit): this many of the PC's secondary weapon's damage dice join the hit (never played without a secondary weapon)"},
    {"extra_targets", "integer | area", "0", "reaction (hit): once the weapon attack roll succeeds, this many more adversaries it beats are hit by the same attack (one damage roll); area: as many as an area of `range` reaches (options area_*), less the first target"},
    {"max_die", "boolean", "false", "reaction (hit): the lowest of the weapon's damage dice counts its maximum"},
    {"own_marks", "boolean", "false", "reaction (hit): instead of rolling damage, the target marks as many HP as the PC has marked"},
    {"best_trait", "boolean", "false", "the PC's weapons use its highest trait for attack rolls, whatever they call for (with any `when`)"},
    {"half_damage", "boolean", "false", "reaction (hit, extra_targets): the further targets take half the damage (rounded down)"},
    {"pool", "map", "", "with `when: passive`, a pool of tokens on the card: fill (hope_roll: on a roll of the PC's with Hope, a token instead of the Hope; action: on an action card with `target: self`, playing it fills the pool; foe_hurt: on an action card with `target: enemy`, playing it marks the foe, and each time that foe deals damage to a PC a token; no_damage: a passive's, a token each time an action roll of the PC's succeeds against its chosen foe without a damage roll), spend (attack: rolled into the PC's weapon attack roll or damage roll; damaged: rolled off damage the PC takes), strike_back (melee: with spend damaged, the roll is dealt back to an attacker that fights in Melee), max (the most it holds: a number, a trait, proficiency, level, or none: no most), die (each token rolls this die, e.g. 6) or each (each token adds this number); only: magic (spent only on attacks that deal magic damage), clear (rest, long_rest or session: in a session, what clears unspent tokens; session by default)"},
    {"hit_if", "any|melee|magic|fear|weapon|hope|ranged|focus|near", "any", "reaction (hit, crit, after_hit, missed, failed, attacked, struck, damaged): near (hit only): a weapon of Melee or Very Close range; only a melee weapon's or Melee-range spell's hit (missed, attacked, struck: an attacker whose standard attack has Melee range), a magic weapon's or a spell's, a success with Fear (failed: a failure with Fear), a weapon attack's (hit: not a spell's; failed: a failed weapon attack, else any failed action roll), a success with Hope; ranged (missed, attacked, struck only): an attacker whose standard attack reaches beyond Melee range; focus (attack, with fear): only an attack at the PC's Ranger's Focus"},
    {"heal_hp", "integer | dice", "0", "HP cleared on the target(s), e.g. 2 or d4"},
    {"heal_stress", "integer | dice", "0", "Stress cleared on the target(s), e.g. 3 or d4"},
    {"gain_hope", "integer", "0", "Hope gained by the target(s)"},
    {"fear", "integer", "0", "change to the GM's Fear (negative: the GM loses Fear; with `trigger: attack`, if the attack succeeds; with `pay_on: success`, on the success)"},
    {"clear_armor", "integer", "0", "Armor Slots cleared on the target(s)"},
    {"either", "boolean", "false", "heal_hp, heal_stress, gain_hope and clear_armor are options: each target gets the one worth most to it"},
    {"hope_ally", "boolean", "false", "reaction (after_hit): on a success with Hope, the ally most in need gets the effect too"},
    {"strike_back", "boolean", "false", "reaction (missed): the PC deals its weapon's damage to the attacker; (failed, hit_if: weapon): to the target of the failed attack"},
    {"per_hope", "boolean", "false", "reaction (crit, target: self): heal_hp, clear_armor and hp_marks (the target marks that many more HP) are options, each bought at most once for `hope` apiece"},
    {"half_proficiency", "boolean", "false", "strike_back: the weapon's damage with half the PC's Proficiency in dice, rounded up"},
    {"attack_damage", "number | trait | half:TRAIT | twice:TRAIT | proficiency", "", "reaction (attack): added to the attack's damage roll on a hit, e.g. twice:strength"},
    {"repeat", "integer", "1", "reaction (attack): how many times it may be played on one attack"},
    {"fight_damage", "integer", "0", "reaction (attack): a stance until the fight ends: added to the PC's damage rolls"},
    {"fight_severe", "integer", "0", "reaction (attack): a stance until the fight ends: added to the PC's Severe threshold"},
    {"no_armor", "boolean", "false", "reaction (attack): a stance until the fight ends: the PC uses no Armor Slot"},
    {"fight_thresholds", "number | trait | half:TRAIT | twice:TRAIT | proficiency | level", "", "reaction (attack, spotlight): a stance: added to both of the PC's damage thresholds"},
    {"fight_retaliate", "dice", "", "reaction (attack, spotlight): a stance: an adversary that fights in Melee range and whose attack deals the PC damage takes these dice (of `damage_type`)"},
    {"fight_advantage", "trait name", "", "reaction (attack, spotlight): a stance: advantage on the PC's weapon attack rolls with this trait"},
    {"fight_proficiency", "integer", "0", "reaction (attack, spotlight), or a while_stance passive: a stance: more Proficiency on the PC's damage rolls"},
    {"fight_evasion", "integer", "0", "reaction (attack, spotlight), or a while_stance passive: a stance: more Evasion"},
    {"ends_on", "fight|severe", "fight", "a stance lasts until the fight ends, or until the PC takes Severe damage (it may be taken again)"},
    {"while_stance", "boolean", "false", "with `when: passive`: its fight_proficiency and fight_evasion join the PC's stance while one is held, and its fight_save_hp acts while one is"},
    {"aura_reduce", "dice", "", "a while_stance passive: as the PC takes a stance, with a use left (`uses`), an aura until the stance ends: these dice off the damage of each adversary attack on any PC (hit_if: ranged: an attacker beyond Melee range only)"},
    {"aura_stress", "integer", "0", "a while_stance passive: an aura as aura_reduce's: each adversary that marks HP while it stands marks this much Stress too"},
    {"aura_trait", "trait name", "", "a while_stance passive: an aura as aura_reduce's: every ally (not the PC) has +1 to this trait while it stands"},
    {"fight_splash_stress", "integer", "0", "reaction (spotlight, attack): a stance: when the PC's Melee attack damages a foe, each other foe an area of Very Close reaches (options area_very_close, less that foe) marks this much Stress"},
    {"reflect", "integer", "0", "reaction (damaged): any number of Hope, a d6 each, before the damage counts: any at or above this and the adversary dealing it takes the damage instead (with `against`: only that type)"},
    {"fight_save_hp", "integer", "0", "a while_stance passive: as the PC would mark HP while a stance is held, a d6 per HP; each at or above this (2 to 6) takes one HP off"},
    {"focus_proficiency", "integer", "0", "reaction (attack): + Proficiency on the PC's weapon attacks at this target until it attacks another, the target falls or the fight ends"},
    {"next_hit", "dice", "", "reaction (after_hit, hit_if: weapon): the PC's next successful weapon attack on the same target adds these dice, e.g. 2d12"},
    {"double_damage", "boolean", "false", "reaction (attack): charges the PC's next successful weapon attack in the fight: its damage roll is doubled (of `damage_type` when written)"},
    {"on_kill", "boolean", "false", "reaction (crit): also fires when the PC's damage defeats an adversary"},
    {"vault_on", "integer", "0", "each use rolls a d6: at or below this the card goes to the vault (no more uses until a rest of its `refresh` kind)"},
    {"needs_domain", "integer", "0", "a loadout condition: at least this many cards of the card's domain in the loadout, else the card is inert"},
    {"evasion", "integer", "0", "+Evasion to the target(s) until an attack succeeds against them"},
    {"evade", "integer | dice", "", "reaction (attacked): added to the PC's Evasion against this attack, e.g. d6 or 2"},
    {"reroll_attack", "boolean", "false", "reaction (attacked): the attacker rolls this attack again"},
    {"companion", "sheet|training|battle_bonded|loyal_friend", "", "a Beastbound feature the companion rules play (with `when: passive`): the companion, more training picks (`picks`), Battle-Bonded, Loyal Friend"},
    {"picks", "integer", "0", "companion: training: how many training options it adds"},
    {"reduce", "dice", "", "reaction (damaged): subtracted from the damage"},
    {"halve", "boolean", "false", "reaction (damaged): the damage is halved"},
    {"downgrade", "integer", "0", "reaction (damaged, armor): thresholds of severity removed; (ally_damaged) from the ally's hit"},
    {"take_hit", "damage|attack", "", "reaction (ally_damaged): the PC takes the ally's hit instead: its damage only, or the whole attack (the PC becomes its target)"},
    {"all_armor", "boolean", "false", "reaction (ally_damaged, take_hit): the PC may mark any number of Armor Slots against the hit it takes"},
    {"allies_advantage", "boolean", "false", "action (target: allies): the allies' attack rolls have advantage until a PC rolls a failure with Fear"},
    {"take_stress", "boolean", "false", "action (target: ally): the ally with most Stress marked moves it to the PC (all but the PC's last free slot), which gains a Hope per Stress moved"},
    {"next_attacker", "boolean", "false", "reaction (after_hit, target: party): its heal_stress / gain_hope wait on the target for the next PC to attack it"},
    {"fight_traits", "integer", "0", "reaction (spotlight): + to every trait of the PC until the fight ends (not a stance: it joins one)"},
    {"rising_die", "integer", "0", "reaction (spotlight): a die of these sides (2..20) set at 1, added to each action roll of the PC and raised by one after it; once it would pass its sides it ends and the PC marks the card's `stress` again (not a stance: it joins one)"},
    {"cloak", "attack|fear", "", "reaction (spotlight_end): the PC becomes Cloaked (attacks on it have disadvantage) until it makes an attack, or until it rolls with Fear; an action at target: self (cloak: attack): on a success a dark cloud Cloaks the PC until it makes an attack or an adversary spends its spotlight clearing it"},
    {"shed_restrained", "boolean", "false", "reaction (spotlight_end, cloak): the PC is no longer Restrained (and cloaks while Restrained)"},
    {"invisible", "boolean", "false", "action (target: party): one PC, the caster included, becomes Invisible (attacks on it have disadvantage) for as many of its actions as the caster's Spellcast trait"},
    {"ward", "boolean", "false", "action (target: ally): a sigil on the ally: as it would make a death move it clears `heal_hp` HP instead, once; casting it again moves it"},
    {"ally_hp", "integer", "0", "reaction (ally_damaged): only while the ally has at most this many HP unmarked (0: any)"},
    {"hope_die", "integer", "0", "reaction (roll): the Hope Die has this many sides for the roll (6..20), e.g. 20; heal_stress is then cleared on the PC if the roll succeeds"},
    {"on_tag_team", "boolean", "false", "reaction (roll, hope_die, at no cost): the Hope Die has hope_die sides on the PC's Tag Team rolls only (its own roll of the two)"},
    {"hp_left", "integer", "0", "reaction (roll, rolled): only while the PC has at most this many HP unmarked (0: always)"},
    {"reroll_hope", "integer", "0", "reaction (rolled): a Hope Die at or below this is rolled again (not on a critical)"},
    {"fear_to_hope", "boolean", "false", "reaction (rolled): a roll with Fear (not a critical) becomes one with Hope"},
    {"reroll", "hope|duality|one", "", "reaction (rolled, ally_rolled): the Hope Die, both Duality Dice, or one of them (the one worth more) are rolled again and the new dice stand; played when the expected gain beats the cost"},
    {"on_trait", "trait name", "", "reaction (rolled, ally_rolled): only on an action roll with this trait (an attack with a weapon of that trait, a spell cast with it, a card's roll)"},
    {"swap", "boolean", "false", "reaction (rolled): the Hope Die and the Fear Die swap their values (a roll with Fear becomes one with Hope; the total stands)"},
    {"prioritize", "boolean", "false", "reaction (rolled, swap): only on an attack roll at the adversary the PC has Prioritized; the card's `hope` is paid once, before an attack roll, to Prioritize that adversary (one at a time, until the fight ends)"},
    {"on_failure", "boolean", "false", "reaction (rolled, ally_rolled): only after a failed roll"},
    {"with_experience", "boolean", "false", "reaction (rolled, ally_rolled): only on a roll an Experience joined"},
    {"add_roll", "number | trait | proficiency | level", "", "reaction (rolled): added to the roll's total once the dice are seen (played when it turns the result, by the value rule), e.g. proficiency"},
    {"on_spellcast", "boolean", "false", "reaction (rolled): only on a Spellcast roll"},
    {"double_trait", "list of trait names", "", "reaction (roll): before a roll with one of these traits, the trait counts twice (once per rest: the first such roll)"},
    {"fail_attack", "boolean", "false", "reaction (attacked, target: self): the attack that succeeded against the PC fails instead"},
    {"fear_bonus", "boolean", "false", "reaction (hit): the attack roll's Fear Die's value joins the damage"},
    {"passive", "map", "", "evasion major severe hp stress armor melee_damage weapon_damage attack experience domain_cards min_marks vulnerable_damage hope_evasion: a number, a trait, half:TRAIT, twice:TRAIT, proficiency or level (min_marks: a hit with the PC's weapon marks at least this many HP; vulnerable_damage: added to its damage rolls while it is Vulnerable); reroll: damage dice at or below it roll again; guarded: attacks on the PC have disadvantage at this many HP left or fewer; focus_evasion: more Evasion against its Ranger's Focus's attacks; spellcast: added to its Spellcast rolls; trait_up: +1 to a trait; armor_for_stress: it may mark an Armor Slot instead of a Stress; stressed_proficiency: more Proficiency on its damage rolls while all its Stress slots are marked; hurt_clear_stress: Stress cleared each time an adversary's attack makes it mark HP; hope_evasion: more Evasion while it holds hope_at Hope or more; unarmored: {score, trait, thresholds} without armor (Bare Bones); reprisal: more Proficiency on its next successful weapon attack at an adversary that made an ally mark HP"},
};

std::vector<KeySpec> with_effect_keys(std::vector<KeySpec> head) {
  head.insert(head.end(), kEffectKeys.begin(), kEffectKeys.end());
  head.insert(head.end(), more_effect_keys().begin(), more_effect_keys().end());  // read_card_more.cpp
  head.insert(head.end(), form_effect_keys().begin(), form_effect_keys().end());  // read_card_forms.cpp
  head.insert(head.end(), guise_effect_keys().begin(), guise_effect_keys().end());  // read_card_guise.cpp
  head.insert(head.end(), mount_effect_keys().begin(), mount_effect_keys().end());  // read_card_mount.cpp
  return head;
}

}  // namespace

const std::vector<KeySpec> kCardKeys = with_effect_keys({
    {"name", "string", "", "the SRD card's name"},
    {"domain", "domain name", "", "Arcana Blade Bone Codex Grace Midnight Sage Splendor Valor"},
    {"level", "integer", "", "1..10"},
    {"type", "Ability|Spell|Grimoire", "", "the card's type"},
    {"recall", "integer", "0", "recall cost (ignored within one fight)"},
});

const std::vector<KeySpec> kPcFeatureKeys = with_effect_keys({
    {"name", "string", "", "the SRD feature's name (a part of one: \"Gifted Performer: Epic Song\")"},
    {"subclass", "SRD subclass name", "", "whose feature it is: a subclass's (with tier), an ancestry's or a community's"},
    {"tier", "foundation|specialization|mastery", "", "a subclass feature's card"},
    {"ancestry", "SRD ancestry name", "", ""},
    {"community", "SRD community name", "", ""},
    {"element", "fire|earth|water|air", "", "a Warden of the Elements entry for one element: a PC gets those of its `element` only"},
});

namespace {

const std::vector<std::string> kDomains{"Arcana", "Blade", "Bone",     "Codex", "Grace",
                                        "Midnight", "Sage", "Splendor", "Valor"};
const std::vector<std::string> kCardTypes{"Ability", "Spell", "Grimoire"};
const std::vector<std::string> kStatus{"modelled", "none", "not_modelled"};
const std::vector<std::string> kWhen{"action", "reaction", "passive"};
const std::vector<std::string> kTriggers{"damaged", "hit",    "crit",   "after_hit",    "missed",    "attacked", "attack", "failed",
                                         "armor",   "dying",  "struck", "ally_damaged", "spotlight", "roll",     "rolled",
                                         "ally_rolled", "reaction_roll", "ally_failed", "spotlight_end", "session_start", "help", "foe_marked",
                                         "ally_dealt", "used_up"};
const std::vector<std::string> kHitIf{"any", "melee", "magic", "fear", "weapon", "hope", "ranged", "focus", "near"};
const std::vector<std::string> kRolls{"none", "spellcast", "attack", "trait"};
const std::vector<std::string> kTargets{"enemy", "enemies", "self", "ally", "party", "allies", "creature", "both"};
const std::vector<std::string> kCompanionParts{"sheet", "training", "battle_bonded", "loyal_friend"};
const std::vector<std::string> kTiers{"foundation", "specialization", "mastery"};
const std::vector<std::string> kPassiveNames{"evasion", "major",  "severe", "hp",         "stress",      "armor",
                                             "melee_damage", "weapon_damage", "attack", "experience", "domain_cards",
                                             "min_marks", "vulnerable_damage", "hope_evasion"};

CardDice read_dice(MapReader& r, std::string_view key) {
  CardDice c;
  const Node* n = r.get(key);
  if (!n) return c;
  const Dice d = n->as_dice();
  if (d.term_count() > 1) throw InputError(n->pos(), "one kind of die plus a flat part, e.g. 2d6+3");
  if (d.term_count() == 1) c.count = d.term(0).count, c.sides = d.term(0).sides;
  c.flat = d.flat();
  return c;
}

CardNumber read_number(const Node& n) {
  CardNumber c;
  const std::string& s = n.as_string();
  if (!s.empty() && (s[0] == '-' || (s[0] >= '0' && s[0] <= '9'))) {
    c.constant = static_cast<int>(n.as_int());
    check_range(n, "a passive bonus", c.constant, -5, 12);
    return c;
  }
  if (s == "proficiency") {
    c.proficiency = true;
    return c;
  }
  if (s == "level") {
    c.level = true;
    return c;
  }
  std::string trait = s;
  if (s.rfind("half:", 0) == 0) c.half = true, trait = s.substr(5);
  if (s.rfind("twice:", 0) == 0) c.twice = true, trait = s.substr(6);
  std::string other;  // best:A,B: the higher of two traits
  if (s.rfind("best:", 0) == 0 && s.find(',') != std::string::npos)
    trait = s.substr(5, s.find(',') - 5), other = s.substr(s.find(',') + 1);
  auto index = [&](const std::string& name) {
    const auto it = std::find(kTraitNames.begin(), kTraitNames.end(), name);
    if (it == kTraitNames.end())
      throw InputError(n.pos(), "a passive bonus is a number, a trait, half:TRAIT, twice:TRAIT, best:TRAIT,TRAIT, proficiency or level, not '" +
                                    s + "'" + did_you_mean(name, kTraitNames));
    return static_cast<int>(it - kTraitNames.begin());
  };
  c.trait = index(trait);
  if (!other.empty()) c.trait2 = index(other);
  return c;
}

// The status and effect keys, shared by cards and features.
void read_effect(MapReader& r, const Node& node, CardDef& c) {
  c.status = static_cast<CardStatus>(r.get_choice("combat", kStatus, 0));
  c.summary = r.require("summary").as_string();
  CardEffect& e = c.effect;
  e.when = static_cast<CardWhen>(r.get_choice("when", kWhen, 0));
  const bool modelled = c.status == CardStatus::modelled;
  if (!modelled && r.has("when"))
    throw InputError(r.scalar("when")->pos(), r.what() + " is not modelled and so has no effect keys");
  if (r.has("trigger")) e.trigger = static_cast<CardTrigger>(1 + r.get_choice("trigger", kTriggers, 0));
  if ((e.when == CardWhen::reaction) != (e.trigger != CardTrigger::none))
    throw InputError(node.pos(), r.what() + ": a reaction needs a trigger, and only a reaction has one");
  e.hope = static_cast<int>(r.get_int("hope", 0, 0, 6));
  e.stress = static_cast<int>(r.get_int("stress", 0, 0, 6));
  e.armor = static_cast<int>(r.get_int("armor", 0, 0, 3));
  e.uses = static_cast<int>(r.get_int("uses", 0, 0, 10));
  e.roll = static_cast<CardRoll>(r.get_choice("roll", kRolls, 0));
  if (r.has("trait")) e.trait = r.get_choice("trait", kTraitNames, 0);
  if ((e.roll == CardRoll::trait) != (e.trait >= 0))
    throw InputError(node.pos(), r.what() + ": `roll: trait` needs `trait`, and only it takes one");
  e.difficulty = static_cast<int>(r.get_int("difficulty", 0, 0, 40));
  e.target = static_cast<CardTarget>(r.get_choice("target", kTargets, 0));
  e.zone_die = static_cast<int>(r.get_int("zone_die", 0, 0, 20));
  e.barrier = r.has("barrier") ? r.get_choice("barrier", {"physical", "magic"}, 0) : -1;
  e.aura_armor = static_cast<int>(r.get_int("aura_armor", 0, 0, 3));
  if (e.zone_die == 1) throw InputError(r.scalar("zone_die")->pos(), "zone_die is a die: 2 sides or more");
  e.range = static_cast<Range>(r.get_choice("range", kRangeNames, 2));
  e.max_targets = static_cast<int>(r.get_int("max_targets", 0, 0, 8));
  e.damage = read_dice(r, "damage");
  e.damage.per_proficiency = r.get_bool("per_proficiency", false);
  e.damage.per_spellcast = r.get_bool("per_spellcast", false);
  if (r.has("uses_trait")) {  // a trait, or `spellcast`: the PC's Spellcast trait (kUsesSpellcast)
    std::vector<std::string> names(kTraitNames.begin(), kTraitNames.end());
    names.push_back("spellcast");
    names.push_back("domain");
    e.uses_trait = r.get_choice("uses_trait", names, 0);
  }
  e.refresh = static_cast<CardRefresh>(r.get_choice("refresh", {"rest", "long_rest", "session"}, 0));
  if (r.has("refresh") && e.uses == 0 && e.uses_trait < 0 && !r.has("vault_on") && !r.has("once_per_target"))
    throw InputError(r.scalar("refresh")->pos(), r.what() + ": `refresh` goes with `uses`, `uses_trait`, `vault_on` or `once_per_target`");
  e.at_least = static_cast<int>(r.get_int("at_least", 2, 1, 4));
  e.at_most = static_cast<int>(r.get_int("at_most", 4, 1, 4));
  if (r.has("against")) e.against = r.get_choice("against", kTypeNames, 0);
  e.type = static_cast<DamageType>(r.get_choice("damage_type", kTypeNames, 1));
  e.typed = r.has("damage_type");
  e.target_stress = static_cast<int>(r.get_int("target_stress", 0, 0, 6));
  e.stress_highest = static_cast<int>(r.get_int("stress_highest", 0, 0, 12));
  e.hp_marks = static_cast<int>(r.get_int("hp_marks", 0, 0, 6));
  e.vulnerable = r.get_bool("vulnerable", false);
  e.vulnerable_extra = read_dice(r, "vulnerable_extra");  // checked in check_card.cpp
  e.exposed_damage = read_dice(r, "exposed_damage");
  e.on_fire = read_dice(r, "on_fire");
  e.taunt = r.get_bool("taunt", false);
  e.restrained = r.get_bool("restrained", false);
  if (const Node* n = r.get("difficulty_cut")) e.difficulty_cut = read_number(*n);
  e.silence = r.get_bool("silence", false);
  e.turn_foe = r.get_bool("turn_foe", false);
  e.again_penalty = static_cast<int>(r.get_int("again_penalty", 0, 0, 10));
  if (r.has("save") && r.scalar("save")->as_string() == "roll")
    e.save = kSaveRoll;
  else
    e.save = static_cast<int>(r.get_int("save", 0, 0, 30));
  e.chain = r.get_bool("chain", false);
  e.steal_fear = r.get_bool("steal_fear", false);
  e.save_half = r.get_bool("save_half", false);
  if (r.has("blast")) e.blast = static_cast<int>(r.get_choice("blast", kRangeNames, 1));
  e.save_damage = read_dice(r, "save_damage");  // big spells (play_spells.hpp; checked in check_card.cpp)
  e.hope_each = static_cast<int>(r.get_int("hope_each", 0, 0, 3));
  e.stun = r.get_bool("stun", false);
  e.kill_at = static_cast<int>(r.get_int("kill_at", 0, 0, 30));
  e.stress_each = static_cast<int>(r.get_int("stress_each", 0, 0, 3));
  e.hp_per_stress = static_cast<int>(r.get_int("hp_per_stress", 0, 0, 3));
  e.darkness = r.get_bool("darkness", false);
  e.redirect = static_cast<int>(r.get_int("redirect", 0, 0, 6));
  e.advantage = r.get_bool("advantage", false);
  e.bonus = read_dice(r, "bonus");
  e.hope_bonus = read_dice(r, "hope_bonus");
  e.pay_on_success = r.get_choice("pay_on", {"use", "success"}, 0) == 1;
  e.rider_hope = static_cast<int>(r.get_int("rider_hope", 0, 0, 3));
  e.fail_heal = static_cast<int>(r.get_int("fail_heal", 0, 0, 6));
  e.refill_stress = static_cast<int>(r.get_int("refill_stress", 0, 0, 3));
  e.break_on_max = r.get_bool("break_on_max", false);
  e.weapon_dice = static_cast<int>(r.get_int("weapon_dice", 0, 0, 4));
  e.secondary_dice = static_cast<int>(r.get_int("secondary_dice", 0, 0, 4));
  e.double_die = r.get_bool("double_die", false);
  if (r.has("extra_targets") && r.scalar("extra_targets")->as_string() == "area") {
    e.extra_area = true;
    e.extra_targets = 3;  // at most: the attack's four targets
    if (!r.has("range"))
      throw InputError(r.scalar("extra_targets")->pos(), r.what() + ": `extra_targets: area` needs the `range` its area reaches");
  } else {
    e.extra_targets = static_cast<int>(r.get_int("extra_targets", 0, 0, 3));
  }
  e.half_damage = r.get_bool("half_damage", false);
  e.max_die = r.get_bool("max_die", false);
  e.best_trait = r.get_bool("best_trait", false);
  e.own_marks = r.get_bool("own_marks", false);
  if (e.own_marks && (e.trigger != CardTrigger::hit || e.bonus.present() || e.weapon_dice || e.secondary_dice || e.hp_marks ||
                      e.extra_targets || e.max_die || r.has("hit_if")))
    throw InputError(r.scalar("own_marks")->pos(), r.what() + ": own_marks goes with `trigger: hit`, alone");
  if (e.max_die && (e.trigger != CardTrigger::hit || e.bonus.present() || e.weapon_dice || e.secondary_dice || e.hp_marks ||
                    e.extra_targets))
    throw InputError(r.scalar("max_die")->pos(), r.what() + ": max_die goes with `trigger: hit`, alone (no bonus, weapon_dice, "
                                                           "secondary_dice, hp_marks or extra_targets)");
  if (e.half_damage && e.extra_targets == 0)
    throw InputError(r.scalar("half_damage")->pos(), r.what() + ": half_damage goes with extra_targets");
  if (const Node* p = r.get("pool")) {
    const std::vector<KeySpec> keys{
        {"fill", "hope_roll|hurt|magic_hurt|action|foe_hurt|no_damage|fear_roll", "", "what places tokens: a roll of the PC's with Hope (a token instead of the Hope); an adversary's attack that makes the PC mark HP (a token per HP, for the card's `stress`); magic damage that makes it mark HP (a token per HP); playing the card, an action with `target: self` (as many as the pool holds); damage to a PC from the foe the card (an action with `target: enemy`) marks (a token each time); an action roll of the PC's that succeeds against its chosen foe with no damage roll (a token each time); an action roll of the PC's with Fear (a token, the Fear still the GM's). A foe_hurt or no_damage pool is spent only on damage to its foe"},
        {"spend", "attack|damage|next_hit|damaged|roll", "attack", "what the tokens are spent on: the PC's weapon attack rolls and damage rolls; its damage rolls; all of them on its next successful weapon attack; damage the PC takes (their roll off it); any action roll of the PC's, before it is rolled (with `each`)"},
        {"strike_back", "melee", "", "with spend damaged: the tokens' roll is also dealt to the attacker when it fights in Melee (of the card's damage_type)"},
        {"max", "number | trait | proficiency | level | spellcast | none", "", "the most tokens the pool holds (none: no most)"},
        {"die", "integer", "0", "each token rolls this die (sides)"},
        {"each", "integer", "0", "each token adds this number (with no die)"},
        {"only", "magic", "", "spent only on attacks that deal magic damage"},
        {"clear", "rest|long_rest|session", "session", "in a session, what clears the unspent tokens"},
    };
    MapReader pr(*p, keys, "pool of '" + c.name + "'");
    pr.finish();
    if (!pr.has("fill") || !pr.has("max"))
      throw InputError(p->pos(), "the pool of '" + c.name + "' needs `fill` and `max`");
    e.pool.fill = static_cast<PoolFill>(1 + pr.get_choice("fill", {"hope_roll", "hurt", "magic_hurt", "action", "foe_hurt", "no_damage", "fear_roll"}, 0));
    e.pool.spend = static_cast<PoolSpend>(pr.get_choice("spend", {"attack", "damage", "next_hit", "damaged", "roll"}, 0));
    e.pool.strike_melee = pr.has("strike_back") && pr.get_choice("strike_back", {"melee"}, 0) == 0;
    if (e.pool.strike_melee && e.pool.spend != PoolSpend::damaged)
      throw InputError(pr.get("strike_back")->pos(), "the pool of '" + c.name + "': strike_back goes with `spend: damaged`");
    if (e.pool.on_foe() && (e.pool.spend == PoolSpend::attack || e.pool.spend == PoolSpend::damaged))
      throw InputError(pr.get("fill")->pos(), "the pool of '" + c.name + "': a foe's pool (fill foe_hurt or no_damage) is spent on "
                                              "damage to its foe: `spend: damage` or `next_hit`");
    if (pr.has("only") && (e.pool.spend == PoolSpend::damaged || e.pool.spend == PoolSpend::roll))
      throw InputError(pr.get("only")->pos(), "the pool of '" + c.name + "': `only` goes with a pool spent on attacks, not `spend: damaged` or `roll`");
    if (pr.get("max")->text() == "spellcast")
      e.pool.max_spellcast = true;
    else if (pr.get("max")->text() == "none")  // no most: as many as a card holds (PcCard::pool_max's cap)
      e.pool.max.constant = 100;
    else
      e.pool.max = read_number(*pr.get("max"));
    if (!e.pool.max_spellcast && (e.pool.max.constant < 0 || !e.pool.max.present()))
      throw InputError(pr.get("max")->pos(), "the pool of '" + c.name + "' holds at least one token");
    e.pool.magic_only = pr.has("only") && pr.get_choice("only", {"magic"}, 0) == 0;
    e.pool.clear = static_cast<CardRefresh>(pr.get_choice("clear", {"rest", "long_rest", "session"}, 2));
    e.pool.die = static_cast<int>(pr.get_int("die", 0, 0, 20));
    e.pool.each = static_cast<int>(pr.get_int("each", 0, 0, 10));
    if ((e.pool.die > 0) == (e.pool.each > 0) || e.pool.die == 1)
      throw InputError(p->pos(), "the pool of '" + c.name + "': each token rolls a `die` (2 sides or more) or adds `each`, one of them");
    if (e.pool.spend == PoolSpend::roll && e.pool.die > 0)
      throw InputError(pr.get("die")->pos(), "the pool of '" + c.name + "': `spend: roll` adds `each` apiece before the roll, no die");
  }
  e.hit_if = static_cast<HitIf>(r.get_choice("hit_if", kHitIf, 0));
  e.heal_hp = read_dice(r, "heal_hp");
  if (e.heal_hp.mean(1, 1) > 12) throw InputError(r.get("heal_hp")->pos(), "heal_hp clears at most 12 HP");
  e.heal_stress = read_dice(r, "heal_stress");
  if (e.heal_stress.mean(1, 1) > 12) throw InputError(r.get("heal_stress")->pos(), "heal_stress clears at most 12 Stress");
  e.gain_hope = static_cast<int>(r.get_int("gain_hope", 0, 0, 6));
  e.fear = static_cast<int>(r.get_int("fear", 0, -6, 6));
  e.clear_armor = static_cast<int>(r.get_int("clear_armor", 0, 0, 12));
  e.evasion = static_cast<int>(r.get_int("evasion", 0, 0, 10));
  e.evade = read_dice(r, "evade");
  e.reroll_attack = r.get_bool("reroll_attack", false);
  e.reduce = read_dice(r, "reduce");
  e.halve = r.get_bool("halve", false);
  e.downgrade = static_cast<int>(r.get_int("downgrade", 0, 0, 3));
  if (r.has("take_hit")) {
    e.take_hit = true;
    e.whole = r.get_choice("take_hit", {"damage", "attack"}, 0) == 1;
  }
  e.all_armor = r.get_bool("all_armor", false);
  e.ward = r.get_bool("ward", false);
  e.allies_advantage = r.get_bool("allies_advantage", false);
  e.take_stress = r.get_bool("take_stress", false);
  e.next_attacker = r.get_bool("next_attacker", false);
  e.fight_traits = static_cast<int>(r.get_int("fight_traits", 0, 0, 4));
  e.rising_die = static_cast<int>(r.get_int("rising_die", 0, 0, 20));
  if (r.has("rising_die") && e.rising_die < 2)
    throw InputError(r.scalar("rising_die")->pos(), r.what() + ": rising_die is a die of 2 to 20 sides, e.g. 6");
  if (r.has("cloak")) e.cloak = 1 + r.get_choice("cloak", {"attack", "fear"}, 0);
  e.shed_restrained = r.get_bool("shed_restrained", false);
  e.invisible = r.get_bool("invisible", false);
  e.ally_hp = static_cast<int>(r.get_int("ally_hp", 0, 0, 12));
  e.hope_die = static_cast<int>(r.get_int("hope_die", 0, 0, 20));
  e.on_tag_team = r.get_bool("on_tag_team", false);
  if (r.has("hope_die") && e.hope_die < 6)
    throw InputError(r.scalar("hope_die")->pos(), r.what() + ": hope_die is a die of 6 to 20 sides (the Hope Die is a d12)");
  e.hp_left = static_cast<int>(r.get_int("hp_left", 0, 0, 12));
  e.reroll_hope = static_cast<int>(r.get_int("reroll_hope", 0, 0, 6));
  e.fear_to_hope = r.get_bool("fear_to_hope", false);
  if (r.has("reroll")) e.reroll = static_cast<Reroll>(1 + r.get_choice("reroll", {"hope", "duality", "one"}, 0));
  if (r.has("on_trait")) e.on_trait = r.get_choice("on_trait", kTraitNames, 0);
  e.on_failure = r.get_bool("on_failure", false);
  e.swap = r.get_bool("swap", false);
  e.prioritize = r.get_bool("prioritize", false);
  e.with_experience = r.get_bool("with_experience", false);
  if (const Node* n = r.get("add_roll")) e.add_roll = read_number(*n);
  e.on_spellcast = r.get_bool("on_spellcast", false);
  if (const Node* n = r.get("double_trait")) {
    if (!n->is_list() || n->items().empty())
      throw InputError(n->pos(), r.what() + ": double_trait is a list of trait names, e.g. [agility, instinct]");
    for (const Node& t : n->items()) e.double_traits |= 1u << choice_of(t, "trait", kTraitNames);
  }
  e.fail_attack = r.get_bool("fail_attack", false);
  e.fear_bonus = r.get_bool("fear_bonus", false);
  e.either = r.get_bool("either", false);
  e.hope_ally = r.get_bool("hope_ally", false);
  e.strike_back = r.get_bool("strike_back", false);
  e.half_proficiency = r.get_bool("half_proficiency", false);
  e.per_hope = r.get_bool("per_hope", false);
  if (const Node* n = r.get("attack_damage")) e.attack_damage = read_number(*n);
  e.repeat = static_cast<int>(r.get_int("repeat", 1, 1, 3));
  e.double_damage = r.get_bool("double_damage", false);
  e.fight_damage = static_cast<int>(r.get_int("fight_damage", 0, 0, 20));
  e.fight_severe = static_cast<int>(r.get_int("fight_severe", 0, 0, 20));
  e.no_armor = r.get_bool("no_armor", false);
  if (const Node* n = r.get("fight_thresholds")) e.fight_thresholds = read_number(*n);
  e.fight_retaliate = read_dice(r, "fight_retaliate");
  if (r.has("fight_advantage")) e.fight_advantage = r.get_choice("fight_advantage", kTraitNames, 0);
  e.fight_proficiency = static_cast<int>(r.get_int("fight_proficiency", 0, 0, 3));
  e.fight_evasion = static_cast<int>(r.get_int("fight_evasion", 0, 0, 5));
  e.ends_severe = r.get_choice("ends_on", {"fight", "severe"}, 0) == 1;
  e.while_stance = r.get_bool("while_stance", false);
  e.fight_save_hp = static_cast<int>(r.get_int("fight_save_hp", 0, 0, 6));
  e.reflect = static_cast<int>(r.get_int("reflect", 0, 0, 6));
  if (r.has("reflect") && (e.reflect < 2 || e.trigger != CardTrigger::damaged || e.reduce.present() || e.halve ||
                           e.downgrade || e.hope || e.stress || e.armor))
    throw InputError(r.scalar("reflect")->pos(), "reflect (2 to 6) goes with `trigger: damaged`, no reduce, halve, downgrade "
                                                 "or fixed cost (the Hope is spent as it is played)");
  e.aura_reduce = read_dice(r, "aura_reduce");
  e.aura_stress = static_cast<int>(r.get_int("aura_stress", 0, 0, 3));
  if (r.has("aura_trait")) e.aura_trait = r.get_choice("aura_trait", kTraitNames, 0);
  e.fight_splash_stress = static_cast<int>(r.get_int("fight_splash_stress", 0, 0, 3));
  if (e.aura() && !e.while_stance)
    throw InputError(r.get(e.aura_stress > 0 ? "aura_stress" : e.aura_trait >= 0 ? "aura_trait" : "aura_reduce")->pos(),
                     "aura_reduce, aura_stress and aura_trait go with a `while_stance` passive");
  if (e.aura_reduce.present() + (e.aura_stress > 0) + (e.aura_trait >= 0) > 1)
    throw InputError(r.get(e.aura_trait >= 0 ? "aura_trait" : "aura_stress")->pos(),
                     "aura_reduce, aura_stress or aura_trait, one aura to an entry");
  if (e.fight_save_hp == 1) throw InputError(r.scalar("fight_save_hp")->pos(), "fight_save_hp: a d6 at or above 1 would take off every HP: 2 to 6");
  if (e.fight_save_hp > 0 && !e.while_stance)
    throw InputError(r.scalar("fight_save_hp")->pos(), "fight_save_hp goes with a `while_stance` passive");
  e.focus_proficiency = static_cast<int>(r.get_int("focus_proficiency", 0, 0, 3));
  e.next_hit = read_dice(r, "next_hit");
  e.on_kill = r.get_bool("on_kill", false);
  e.needs_domain = static_cast<int>(r.get_int("needs_domain", 0, 0, kMaxLoadout));
  e.vault_on = static_cast<int>(r.get_int("vault_on", 0, 0, 5));
  if (r.has("companion")) e.companion = static_cast<CompanionPart>(1 + r.get_choice("companion", kCompanionParts, 0));
  e.picks = static_cast<int>(r.get_int("picks", 0, 0, 2));
  if ((e.companion == CompanionPart::training) != (e.picks > 0))
    throw InputError(node.pos(), r.what() + ": `companion: training` takes `picks` (1 or 2), and only it");
  if (const Node* p = r.get("passive")) {
    std::vector<KeySpec> keys;
    for (const auto& k : kPassiveNames) keys.push_back({k, "number | trait | half:TRAIT | twice:TRAIT | proficiency | level", "0", ""});
    keys.push_back({"reroll", "integer", "0", "damage dice at or below it roll again once"});
    keys.push_back({"guarded", "integer", "0", "attacks on the PC have disadvantage while it has at most this many HP left"});
    keys.push_back({"focus_evasion", "integer", "0", "more Evasion against the attacks of the PC's Ranger's Focus"});
    keys.push_back({"no_minor", "integer", "0", "Minor damage marks nothing while the PC has at most this many HP left"});
    keys.push_back({"no_disadvantage", "trait name", "", "the PC's action rolls with this trait ignore disadvantage"});
    keys.push_back({"keep_stress", "integer", "0", "each Stress the PC would mark rolls a d6 first; at or above this face it is not marked"});
    keys.push_back({"keep_armor", "integer", "0", "when the PC would mark an Armor Slot: Proficiency d6s; any at or above this: a threshold lower, no slot marked"});
    keys.push_back({"hurt_clear_stress", "integer", "0", "Stress the PC clears each time an adversary's attack makes it mark HP"});
    keys.push_back({"stressed_proficiency", "integer", "0", "more Proficiency on the PC's damage rolls while all its Stress slots are marked"});
    keys.push_back({"hope_at", "integer", "1", "hope_evasion holds while the PC has at least this much Hope"});
    keys.push_back({"unarmored", "map score, trait, thresholds", "-", "without armor: an Armor Score of score + trait, and base thresholds [[major, severe], ...] for tiers 1 to 4"});
    keys.push_back({"reprisal", "integer", "0", "more Proficiency on the PC's next successful weapon attack at an adversary that made an ally mark HP"});
    keys.push_back({"armored", "boolean", "false", "the passive's numbers hold only while the PC wears armor"});
    keys.push_back({"spellcast", "integer", "0", "added to the PC's Spellcast rolls"});
    keys.push_back({"spell_hope", "integer", "0", "before each Spellcast roll, the PC may spend a Hope for this bonus on it (by the Experience's Hope policy, experience_min_hope)"});
    keys.push_back({"attack_advantage", "boolean", "false", "the PC's attack rolls have advantage: weapon attacks, attack cards, and spells rolled at foes to harm them"});
    keys.push_back({"scene", "low_light|natural|tracked", "", "the passive's numbers hold only in these surroundings, as the fight's options state them (light: dim or dark; natural_place; foes_tracked)"});
    keys.push_back({"trait_up", "trait name", "", "+1 to this trait (before the other passives read it)"});
    keys.push_back({"armor_for_stress", "boolean", "false", "the PC may mark an Armor Slot instead of a Stress (by policy)"});
    keys.push_back({"rally_die", "integer", "0", "the PC's Rally Die has these sides, when it has one (6 to 20)"});
    keys.push_back({"help_die", "integer", "0", "the advantage die the PC gives when it Helps an ally has these sides (6 to 20)"});
    keys.push_back({"free_experience", "integer", "0", "as the PC uses an Experience, a d6: at or above this face it costs no Hope (2 to 6)"});
    keys.push_back({"tag_teams", "integer", "0", "more Tag Team rolls the PC may initiate a session"});
    keys.push_back({"help_spellcast", "integer", "0", "the PC Helps an ally's Spellcast roll (by the Help policy) with an advantage die of these sides (6 to 20)"});
    keys.push_back({"tag_team_cost", "integer", "0", "the Hope an ally spends to initiate a Tag Team roll with the PC (1 or 2; 3 without)"});
    keys.push_back({"drill_die", "integer", "0", "at a rest the party may take the Martial Preparation downtime move: the PC and each PC who takes it gain a Slayer Die of these sides (4 to 12)"});
    keys.push_back({"stress_experience", "integer", "0", "the PC may mark a Stress instead of spending the Hope an Experience costs; the Experience's bonus is then multiplied by this (2 to 3)"});
    MapReader pr(*p, keys, "passive of '" + c.name + "'");
    pr.finish();
    e.p_reroll = static_cast<int>(pr.get_int("reroll", 0, 0, 5));
    e.p_armored = pr.get_bool("armored", false);
    e.p_guarded = static_cast<int>(pr.get_int("guarded", 0, 0, 12));
    e.p_focus_evasion = static_cast<int>(pr.get_int("focus_evasion", 0, 0, 10));
    e.p_no_minor = static_cast<int>(pr.get_int("no_minor", 0, 0, 12));
    e.p_keep_armor = static_cast<int>(pr.get_int("keep_armor", 0, 0, 6));
    e.p_keep_stress = static_cast<int>(pr.get_int("keep_stress", 0, 0, 6));
    if (pr.has("no_disadvantage")) e.p_no_disadvantage = pr.get_choice("no_disadvantage", kTraitNames, 0);
    if (e.p_keep_stress == 1) throw InputError(pr.scalar("keep_stress")->pos(), "keep_stress is a d6 face from 2 to 6 (1 would keep every Stress)");
    if (e.p_keep_armor == 1) throw InputError(pr.scalar("keep_armor")->pos(), "keep_armor is a d6 face from 2 to 6 (1 would keep every slot)");
    e.p_stressed_proficiency = static_cast<int>(pr.get_int("stressed_proficiency", 0, 0, 3));
    e.p_hurt_clear_stress = static_cast<int>(pr.get_int("hurt_clear_stress", 0, 0, 6));
    if (pr.has("hope_at") && !pr.has("hope_evasion"))
      throw InputError(pr.scalar("hope_at")->pos(), "hope_at says when hope_evasion holds; write hope_evasion too");
    e.p_hope_at = static_cast<int>(pr.get_int("hope_at", 1, 1, 6));
    if (const Node* u = pr.get("unarmored")) {
      static const std::vector<KeySpec> kUnarmored{
          {"score", "integer", "-", "the Armor Score without armor, before the trait"},
          {"trait", "trait", "none", "a trait added to the score"},
          {"thresholds", "list of 4 [major, severe]", "-", "base thresholds for tiers 1 to 4 (the level is added)"}};
      MapReader ur(*u, kUnarmored, "unarmored of '" + c.name + "'");  // MapReader keeps a reference to its keys
      ur.finish();
      e.p_unarmored_score = static_cast<int>(ur.get_int("score", 0, 1, 12));
      if (ur.has("trait")) e.p_unarmored_trait = ur.get_choice("trait", kTraitNames, 0);
      const Node& th = ur.require("thresholds");
      if (!th.is_list() || th.items().size() != 4)
        throw InputError(th.pos(), "unarmored thresholds are four [major, severe] pairs, one per tier");
      for (std::size_t k = 0; k < 4; ++k) {
        const auto [major, severe] = read_thresholds(th.items()[k]);
        if (major <= 0 || severe <= major)
          throw InputError(th.items()[k].pos(), "a tier's unarmored thresholds are [major, severe] with severe above major");
        e.p_unarmored_major[k] = major, e.p_unarmored_severe[k] = severe;
      }
    }
    e.p_reprisal = static_cast<int>(pr.get_int("reprisal", 0, 0, 3));
    e.p_rally_die = static_cast<int>(pr.get_int("rally_die", 0, 0, 20));
    e.p_help_die = static_cast<int>(pr.get_int("help_die", 0, 0, 20));
    if ((pr.has("rally_die") && e.p_rally_die < 6) || (pr.has("help_die") && e.p_help_die < 6))
      throw InputError(pr.scalar(pr.has("rally_die") && e.p_rally_die < 6 ? "rally_die" : "help_die")->pos(),
                       "rally_die and help_die are dice of 6 to 20 sides");
    e.p_stress_experience = static_cast<int>(pr.get_int("stress_experience", 0, 0, 3));
    e.p_drill_die = static_cast<int>(pr.get_int("drill_die", 0, 0, 12));
    if (pr.has("drill_die") && (e.p_drill_die < 4 || e.p_drill_die % 2 != 0))
      throw InputError(pr.scalar("drill_die")->pos(), "drill_die is a d4, d6, d8, d10 or d12 (4 to 12, even)");
    e.p_free_experience = static_cast<int>(pr.get_int("free_experience", 0, 0, 6));
    if (e.p_free_experience == 1)
      throw InputError(pr.scalar("free_experience")->pos(), "free_experience is a d6 face from 2 to 6 (1 would make every Experience free)");
    e.p_tag_teams = static_cast<int>(pr.get_int("tag_teams", 0, 0, 3));
    e.p_help_spellcast = static_cast<int>(pr.get_int("help_spellcast", 0, 0, 20));
    if (pr.has("help_spellcast") && e.p_help_spellcast < 6)
      throw InputError(pr.scalar("help_spellcast")->pos(), "help_spellcast is an advantage die of 6 to 20 sides");
    e.p_tag_team_cost = static_cast<int>(pr.get_int("tag_team_cost", 0, 0, 2));
    if (pr.has("tag_team_cost") && e.p_tag_team_cost < 1)
      throw InputError(pr.scalar("tag_team_cost")->pos(), "tag_team_cost is the Hope an ally pays for a Tag Team with the PC: 1 or 2 (3 without it)");
    e.p_spellcast = static_cast<int>(pr.get_int("spellcast", 0, 0, 5));
    e.p_spell_hope = static_cast<int>(pr.get_int("spell_hope", 0, 0, 5));
    e.p_attack_advantage = pr.get_bool("attack_advantage", false);
    if (pr.has("scene")) e.p_scene = 1u << pr.get_choice("scene", {"low_light", "natural", "tracked"}, 0);
    if (pr.has("trait_up")) e.p_trait_up = pr.get_choice("trait_up", kTraitNames, 0);
    e.p_armor_for_stress = pr.get_bool("armor_for_stress", false);
    if (e.p_stress_experience == 1)
      throw InputError(pr.scalar("stress_experience")->pos(), "stress_experience multiplies the Experience: 2 or 3 (1 would change nothing)");
    CardNumber* out[] = {&e.p_evasion,      &e.p_major,         &e.p_severe, &e.p_hp,         &e.p_stress,       &e.p_armor,
                         &e.p_melee_damage, &e.p_weapon_damage, &e.p_attack, &e.p_experience, &e.p_domain_cards,
                         &e.p_min_marks,    &e.p_vulnerable_damage, &e.p_hope_evasion};
    for (std::size_t k = 0; k < kPassiveNames.size(); ++k)
      if (const Node* v = pr.get(kPassiveNames[k])) *out[k] = read_number(*v);
  }
  e.free_help = r.get_bool("free_help", false);  // checked in read_more_effect (read_card_more.cpp)
  if (r.has("shell")) e.shell = r.get_choice("shell", kTypeNames, 0);  // ... and these two too
  e.double_matches = r.get_bool("double_matches", false);
  e.with_help = r.get_bool("with_help", false);
  e.evasion_marks = r.get_bool("evasion_marks", false);  // ... and this one too
  e.first_attack = r.get_bool("first_attack", false);  // ... and this one
  e.next_targets = static_cast<int>(r.get_int("next_targets", 0, 0, 3));  // ... and this one
  e.split_damage = r.get_bool("split_damage", false);  // ... and this one
  e.echo_damage = r.get_bool("echo_damage", false);  // ... and this one
  e.vault_fear = r.get_bool("vault_fear", false);  // ... and this one
  e.familiar_die = static_cast<int>(r.get_int("familiar_die", 0, 0, 20));  // ... and this one
  e.dwindle = r.get_bool("dwindle", false);  // ... and these three
  e.throw_foe = r.get_bool("throw_foe", false);
  e.lasting = r.get_bool("lasting", false);
  e.roll_bonus = static_cast<int>(r.get_int("roll_bonus", 0, 0, 3));
  e.sprites = static_cast<int>(r.get_int("sprites", 0, 0, 5));
  e.set_total = r.get_bool("set_total", false);
  e.banish = r.get_bool("banish", false);
  e.renew = static_cast<int>(r.get_int("renew", 0, 0, 6));
  read_form_effect(r, node, c);  // read_card_forms.cpp
  read_guise_effect(r, node, c);  // read_card_guise.cpp
  read_mount_effect(r, node, c);  // read_card_mount.cpp
  check_effect(r, node, c);  // check_card.cpp
  read_more_effect(r, node, c);  // read_card_more.cpp
  c.effect.note_value_rules();
}

CardDef read_card(const Node& node) {
  const std::string nm = node.find("name") ? node.find("name")->text() : "?";
  MapReader r(node, kCardKeys, "card '" + nm + "'");
  r.finish();
  CardDef c;
  c.pos = node.pos();
  c.name = r.require("name").as_string();
  c.domain = kDomains[static_cast<std::size_t>(choice_of(r.require("domain"), "domain", kDomains))];
  c.level = static_cast<int>(r.get_int("level", 0, 1, 10));
  if (!r.has("level")) throw InputError(node.pos(), r.what() + " needs 'level'");
  c.type = kCardTypes[static_cast<std::size_t>(choice_of(r.require("type"), "card type", kCardTypes))];
  c.recall = static_cast<int>(r.get_int("recall", 0, 0, 10));
  c.spell = c.type != "Ability";
  read_effect(r, node, c);
  return c;
}

CardDef read_pc_feature(const Node& node) {
  const std::string nm = node.find("name") ? node.find("name")->text() : "?";
  MapReader r(node, kPcFeatureKeys, "feature '" + nm + "'");
  r.finish();
  CardDef c;
  c.pos = node.pos();
  c.name = r.require("name").as_string();
  const int owners = r.has("subclass") + r.has("ancestry") + r.has("community");
  if (owners != 1) throw InputError(node.pos(), r.what() + " names one owner: subclass (with tier), ancestry or community");
  if (r.has("tier") != r.has("subclass")) throw InputError(node.pos(), r.what() + ": a subclass feature has a tier, and only it");
  if (r.has("subclass")) {
    c.source = CardSource::subclass;
    c.owner = subclass_names()[static_cast<std::size_t>(choice_of(r.require("subclass"), "subclass", subclass_names()))];
    c.tier = 1 + r.get_choice("tier", kTiers, 0);
  } else if (r.has("ancestry")) {
    c.source = CardSource::ancestry;
    c.owner = kAncestries[static_cast<std::size_t>(choice_of(r.require("ancestry"), "ancestry", kAncestries))];
  } else {
    c.source = CardSource::community;
    c.owner = kCommunities[static_cast<std::size_t>(choice_of(r.require("community"), "community", kCommunities))];
  }
  c.type = "Feature";
  if (r.has("element")) {
    if (c.owner != "Warden of the Elements")
      throw InputError(r.scalar("element")->pos(), r.what() + ": `element` is a Warden of the Elements feature's");
    c.element = r.get_choice("element", {"fire", "earth", "water", "air"}, 0);
  }
  read_effect(r, node, c);
  return c;
}

template <class Read>
std::vector<CardDef> read_library(std::string_view path, std::string_view text, const char* list, const char* what,
                                  Read read) {
  const Node doc = parse_yaml(SourceFile::from_text(std::string(path), text), text);
  const std::vector<KeySpec> top_keys{{list, "list", "", what}};
  MapReader top(doc, top_keys, std::string("the ") + what + " library");
  top.finish();
  std::vector<CardDef> out;
  std::set<std::string> seen;
  for (const Node& n : top.require(list).items()) {
    out.push_back(read(n));
    if (!seen.insert(out.back().owner + "/" + out.back().name).second)
      throw InputError(n.pos(), "'" + out.back().name + "' twice");
  }
  check_replaces(out);  // read_card_more.cpp
  return out;
}

}  // namespace

std::vector<CardDef> read_card_library(std::string_view path, std::string_view text) {
  return read_library(path, text, "cards", "domain cards", read_card);
}

std::vector<CardDef> read_feature_library(std::string_view path, std::string_view text) {
  return read_library(path, text, "features", "subclass, ancestry and community features", read_pc_feature);
}

std::span<const CardDef> card_library() {
  static const std::vector<CardDef> kLibrary = read_card_library("domain-cards.yaml", kDomainCardsYaml);
  return kLibrary;
}

std::span<const CardDef> feature_library() {
  static const std::vector<CardDef> kLibrary = read_feature_library("pc-features.yaml", kPcFeaturesYaml);
  return kLibrary;
}

std::string feature_owner(const CardDef& d) {
  static const char* const kTierNames[] = {"", "foundation", "specialization", "mastery"};
  switch (d.source) {
    case CardSource::subclass: return d.owner + " " + kTierNames[d.tier];
    case CardSource::ancestry: return d.owner + " ancestry";
    case CardSource::community: return d.owner + " community";
    case CardSource::domain: break;
  }
  return d.domain + " " + std::to_string(d.level);
}

}  // namespace encsim::daggerheart
