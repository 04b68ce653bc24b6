// Daggerheart domain cards as data: a small vocabulary of effects (when a card
// is used, what it costs, what it rolls, whom it targets, what it does) and the
// shipped card library (domain-cards.yaml, compiled into the binary and read
// once at start-up, read_card.cpp). A PC names cards with `cards:`; the fight
// plays them in play_cards.hpp. docs/rules/daggerheart.md, "Domain cards".
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/error.hpp"
#include "rules/daggerheart/equipment.hpp"

namespace encsim::daggerheart {

// What the library says of a card's bearing on a fight.
enum class CardStatus : std::uint8_t { modelled, no_combat, not_modelled };
// When it is used: on the PC's spotlight, as a reaction to a trigger, or always.
enum class CardWhen : std::uint8_t { action, reaction, passive };
// A reaction's trigger: the PC is about to mark HP from a hit (damaged); its
// own weapon attack has just succeeded and its damage is rolled (hit); its own
// attack (weapon, attack card or spell at a foe) is a critical success (crit)
// or has succeeded and dealt its damage (after_hit); an adversary's attack
// roll against the PC has failed (missed); an adversary's attack roll against
// the PC (with `target: party`, against the PC or an ally) has succeeded and
// its damage is not rolled yet (attacked); the PC is about to make a weapon
// attack roll (attack); an action roll of the PC's has failed (failed; with
// hit_if: weapon, its weapon attack has failed, told after the miss); the PC
// marks an Armor Slot against a hit (armor); the PC would make a death move
// (dying); an adversary's attack on the PC has succeeded, before its damage (struck);
// an adversary's attack has hit an ally and its damage is rolled, not yet dealt (ally_damaged);
// the PC's spotlight begins (spotlight: a stance, Elemental Incarnation);
// the PC is about to make an action roll (roll: its Hope Die may change); the
// PC's action roll's Duality Dice are rolled, before the outcome counts (rolled);
// another PC's are (ally_rolled; with `target: party`, the PC's own too); the
// PC is about to make a reaction roll against an adversary's effect (reaction_roll);
// another PC's action roll has failed (ally_failed: Lean on Me); the PC's
// spotlight action is done, before the GM's turn (spotlight_end: Vanishing Act);
// the session begins, the Rally Dice given (session_start: Luckbringer,
// Maestro); an ally is about to make a weapon attack roll no PC helps with
// Hope (help: a free Help, Eloquent; play_feats.hpp); the PC has made an
// adversary mark HP (foe_marked: Ferocity; play_boosts.hpp); another PC has
// dealt damage to an adversary that still stands (ally_dealt: Encore; play_marks.hpp);
// a PC (the holder or an ally) has spent the last use of a limited action
// card (used_up: Invigoration; play_strikes.hpp).
enum class CardTrigger : std::uint8_t {
  none, damaged, hit, crit, after_hit, missed, attacked, attack, failed, armor, dying, struck, ally_damaged, spotlight, roll, rolled,
  ally_rolled, reaction_roll, ally_failed, spotlight_end, session_start, help, foe_marked, ally_dealt, used_up
};
inline constexpr std::size_t kCardTriggers = static_cast<std::size_t>(CardTrigger::used_up) + 1;
// A reaction that answers only while the PC holds a stance (Channeling:
// Elemental Dominion: Water) or is in its Beastform (Defender); `only_while`.
enum class OnlyWhile : std::uint8_t { any, stance, beastform };
// What a `reroll` rolls again (play_roll.hpp): the Hope Die, both Duality
// Dice, or one of the two (the one the policy expects more of).
enum class Reroll : std::uint8_t { none, hope, duality, one };
// A reaction's condition: any, a melee weapon's hit (missed, attacked: an
// attacker that fights in Melee range), a magic weapon's, a success with Fear,
// a weapon attack's (not a spell's), a success with Hope or a critical
// (failed: a failure with Fear),
// (missed, attacked) an attacker that fights from beyond Melee range, or
// (attack) the target is the PC's Ranger's Focus.
// (hit) near: a weapon of Melee or Very Close range (Spirit Weapon).
enum class HitIf : std::uint8_t { any, melee, magic, fear, weapon, hope, ranged, focus, near };
// A spellcast roll (Spellcast trait), an attack with the primary weapon, or an
// action roll with a named trait (`trait:`; an ancestry's natural weapon).
enum class CardRoll : std::uint8_t { none, spellcast, attack, trait };
// Whose a library entry is: a domain card, or a subclass, ancestry or community feature.
enum class CardSource : std::uint8_t { domain, subclass, ancestry, community };
// Whom an action reaches: one adversary, every adversary in range (a count by
// range band, as adversary areas), the PC itself, the ally most in need, the
// party, every PC but itself (allies), or the PC most in need itself
// included (creature: "touch a creature"); a reaction also: the PC and the
// ally its trigger names (both: ally_failed).
enum class CardTarget : std::uint8_t { enemy, enemies, self, ally, party, allies, creature, both };
// What gives a card's uses back in a session (docs/rules/daggerheart.md,
// "Sessions"): any rest ("once per rest"), a long rest ("once per long rest",
// tokens placed after a long rest), or nothing before the session ends
// (tokens placed "at the beginning of a session").
enum class CardRefresh : std::uint8_t { rest, long_rest, session };
// A Beastbound feature the companion rules play (companion.hpp,
// companion_play.hpp), not the vocabulary: the companion itself (the sheet),
// more training picks, Battle-Bonded, Loyal Friend.
enum class CompanionPart : std::uint8_t { none, sheet, training, battle_bonded, loyal_friend };
inline const char* refresh_name(CardRefresh r) {
  return r == CardRefresh::rest ? "a rest" : r == CardRefresh::long_rest ? "a long rest" : "the session ends";
}

// A pool of tokens on a card that fills on one event of the fight and empties
// on another (Slayer's Slayer Dice, Spellcharge, Never Upstaged): what fills
// it (hope_roll: on a roll of the PC's with Hope, a token instead of the Hope,
// by policy; hurt: a token per HP an adversary's attack makes the PC mark, for
// the card's Stress, by policy; magic_hurt: a token per HP magic damage makes
// it mark), what spends it (attack: rolled into the PC's weapon attack roll
// or its damage roll, any number at a time, by policy; damage: its damage
// roll only; next_hit: all of them on its next successful weapon attack),
// what each token adds (a die's roll, or a flat number) and how many it holds.
// fill action: the card is an action (its costs and uses paid when played)
// that fills the pool to its most (Thorn Skin); spend damaged: the tokens'
// roll is taken off damage the PC takes, by policy (play_pool.hpp).
// Pools on a foe (play_marks.hpp): foe_hurt: the card is an action at one
// adversary that marks it (casting again moves the mark and clears the
// tokens); a token each time the marked foe deals damage to a PC (Sigil of
// Retribution). no_damage: a passive; a token each time an action roll of
// the PC's succeeds against its chosen foe without a damage roll (Twilight
// Toll). Either pool is spent only on damage the PC deals to its foe.
// fill fear_roll: a token on each action roll of the PC's with Fear, the Fear
// still the GM's (Know the Tide; play_traits.hpp).
enum class PoolFill : std::uint8_t { none, hope_roll, hurt, magic_hurt, action, foe_hurt, no_damage, fear_roll };
enum class PoolSpend : std::uint8_t { attack, damage, next_hit, damaged, roll };

// Damage or a reduction as `count`d`sides` + flat; per_proficiency multiplies
// the count by the PC's Proficiency ("d8+2 using your Proficiency"),
// per_spellcast by its Spellcast trait (at least 1).
struct CardDice {
  int count = 0, sides = 0, flat = 0;
  bool per_proficiency = false, per_spellcast = false;
  bool present() const { return count > 0 || flat > 0; }
  int dice(int proficiency, int spellcast) const {
    return per_proficiency ? count * proficiency : per_spellcast ? count * (spellcast > 1 ? spellcast : 1) : count;
  }
  double mean(int proficiency, int spellcast) const { return dice(proficiency, spellcast) * (sides + 1) / 2.0 + flat; }
};

// A passive number: a constant, a trait's value, half a trait's (rounded up),
// twice a trait's, the higher of two traits', the PC's Proficiency or its level.
struct CardNumber {
  int constant = 0;
  int trait = -1;   // Trait index, -1 none
  int trait2 = -1;  // ... and another: the higher of the two counts (Cruel Precision's Finesse or Agility)
  bool half = false, twice = false;
  bool proficiency = false, level = false;
  bool present() const { return constant != 0 || trait >= 0 || proficiency || level; }
  int value(const int* traits, int prof, int lvl = 0) const {
    if (level) return lvl;
    if (proficiency) return prof;
    if (trait < 0) return constant;
    const int t = trait2 >= 0 ? std::max(traits[trait], traits[trait2]) : traits[trait];
    return half ? (t > 0 ? (t + 1) / 2 : 0) : twice ? 2 * t : t;
  }
};

// A card's pool (PoolFill): `max` tokens at most (a number, a trait, the PC's
// Proficiency or level), each rolling a d`die` (or adding `each` when die is 0).
struct CardPool {
  PoolFill fill = PoolFill::none;
  PoolSpend spend = PoolSpend::attack;
  CardNumber max;
  bool max_spellcast = false;  // max: the PC's Spellcast trait (at least 1)
  bool magic_only = false;     // spent only on attacks that deal magic damage (Arcane Charge)
  bool strike_melee = false;   // spend damaged: the tokens' roll is dealt back to an attacker that fights in Melee (of the card's damage_type)
  CardRefresh clear = CardRefresh::session;  // in a session, what clears unspent tokens: a rest, a long rest, or the session's end
  int die = 0, each = 0;
  bool present() const { return fill != PoolFill::none; }
  bool passive() const { return present() && fill != PoolFill::action && fill != PoolFill::foe_hurt; }  // a passive's pool, not an action's
  bool on_foe() const { return fill == PoolFill::foe_hurt || fill == PoolFill::no_damage; }  // tied to one foe (play_marks.hpp)
  bool on_attacks() const { return present() && spend != PoolSpend::damaged && spend != PoolSpend::roll; }  // spent on the PC's weapon attacks
  double mean() const { return die > 0 ? (die + 1) / 2.0 : each; }
  int most() const { return die > 0 ? die : each; }  // the most one token adds
};

// `uses_trait: spellcast`: as many uses as the PC's Spellcast trait (Restoration's tokens);
// `uses_trait: domain`: as many as the cards of its domain in the loadout, itself included (Fane of the Wilds).
inline constexpr int kUsesSpellcast = 6;
inline constexpr int kUsesDomain = 7;
// What a `link` covers (CardEffect::link, bits): the Stress, the HP a linked PC would mark.
inline constexpr int kLinkStress = 1, kLinkHp = 2;
// Copycat's state on a PC (PcState, PartyState): ready to copy, the copy held
// (its Hope paid), spent until a long rest (a rest or the vault ended the
// copy), lost until a rest (the ally's card went to the vault before the copy
// was paid for).
inline constexpr std::int8_t kCopyReady = 0, kCopyHeld = 1, kCopySpent = 2, kCopyLost = 3;
// `save: roll`: the reaction roll's Difficulty is the PC's roll total (Chain Lightning).
inline constexpr int kSaveRoll = 99;

struct CardEffect {
  CardWhen when = CardWhen::action;
  CardTrigger trigger = CardTrigger::none;
  // Costs, paid when it is used. uses: per fight (once per rest and once per
  // long rest are both once in one fight); 0 unlimited.
  int hope = 0, stress = 0, uses = 0;
  int uses_trait = -1;  // uses equal to this trait (at least 1), e.g. tokens per Presence; kUsesSpellcast: the Spellcast trait
  CardRefresh refresh = CardRefresh::rest;  // a session: what gives the uses back
  int armor = 0;  // Armor Slots it marks (a cost)
  CardRoll roll = CardRoll::none;
  int trait = -1;  // roll: trait: the trait rolled
  int difficulty = 0;  // a spellcast roll's fixed Difficulty; 0: the target's
  CardTarget target = CardTarget::enemy;
  Range range = Range::close;  // for `enemies`: how many it reaches (options area_*)
  int max_targets = 0;  // `enemies`: at most this many of those the area reaches ("up to three": Book of Tyfar); 0 no cap
  // On a success (or at once, with no roll):
  CardDice damage;
  DamageType type = DamageType::magic;
  bool typed = false;  // `damage_type` written: a hit reaction's dice keep their own type (else the weapon's)
  int target_stress = 0;           // each target hit marks this much Stress
  int stress_highest = 0;          // ... or the highest of Proficiency d(this)s (Troublemaker); 0 none
  bool taunt = false;              // the target's next spotlight is an attack on the PC, with disadvantage (Goad Them On)
  // HP the target marks outright, no damage roll (no thresholds, resistance
  // or reduction): an action's instead of damage (Reaper's Strike); a `hit`
  // reaction's on top of what the hit's damage marks (Thrive in Chaos).
  int hp_marks = 0;
  bool vulnerable = false, restrained = false;
  // A Vulnerable from a card is temporary (the SRD's tag): it holds until the
  // GM spends the foe's spotlight clearing it (play_foes.hpp, temp_spotlight).
  // With damage: a target it damages that is Vulnerable takes these dice
  // more (Rain of Blades' d8).
  CardDice vulnerable_extra;
  // With `vulnerable`: while the Vulnerable it gives holds, every attack on
  // the target deals these dice more (Chokehold's 2d6; play_foes.hpp).
  CardDice exposed_damage;
  // An action at adversaries: each target it beats is On Fire, a temporary
  // condition: at the end of each action it takes while still On Fire it
  // takes these dice as magic damage (Cinder Grasp's 2d6; play_foes.hpp).
  CardDice on_fire;
  bool advantage = false;          // attack: rolled with advantage
  CardDice bonus;                  // attack: added to the weapon's damage on a hit
  CardDice hope_bonus;             // attack: added to the weapon's damage on a success with Hope (Forceful Push)
  // The costs (hope, stress) and the limited use are paid only when the roll
  // succeeds (against at least one target): "on a success, spend a Hope ..."
  bool pay_on_success = false;
  // On a success, this much Hope buys the card's conditions (vulnerable,
  // restrained, target_stress) on the target, by policy (Forceful Push).
  int rider_hope = 0;
  // On a failed roll the target still gets this much of the card's heal
  // (heal_hp, heal_stress: with `either`, the option worth most) (Healing Hands).
  int fail_heal = 0;
  // Each PC at most once until the card's `refresh` (a long rest: Healing Hands):
  // the PCs it has healed are kept per caster and card (PcState::once_done).
  bool once_per_target = false;
  // Out of uses, a Stress gives the card its uses back (Unleash Chaos's tokens).
  int refill_stress = 0;
  bool break_on_max = false;  // reaction (damaged): `reduce`'s die at its maximum ends the card until a rest (Rune Ward)
  CardDice heal_hp;                // HP cleared: a number or dice
  CardDice heal_stress;            // Stress cleared: a number or dice
  int gain_hope = 0, fear = 0, clear_armor = 0;
  bool either = false;  // heal_hp, heal_stress, gain_hope, clear_armor are options: each PC gets the one worth most
  // An action at the party (heal_hp): this much Hope, by policy, makes every
  // PC it reaches clear upgrade_hp HP instead (Healing Field); 0 none.
  int upgrade_hope = 0, upgrade_hp = 0;
  // A passive number (on any entry): each time the PC deals Severe damage to
  // an adversary that still stands, it marks this much Stress (Ruthless Predator); 0 none.
  int severe_stress = 0;
  // A `damaged` reaction with `downgrade`: also played on an ally's hit, as
  // an `ally_damaged` reaction is (Book of Grynn's Arcane Deflection).
  bool guard_ally = false;
  bool hope_ally = false;  // on a success with Hope the ally most in need gets the effect too
  bool strike_back = false;  // missed: the PC's weapon damage to the attacker; failed: to the attack's target
  bool half_proficiency = false;  // strike_back: with half the PC's Proficiency in dice (rounded up)
  // crit: heal_hp, clear_armor and hp_marks (on the target) are options, each
  // bought once for `hope` apiece (Champion's Edge).
  bool per_hope = false;
  // attack: a number added to the weapon attack's damage roll on a hit (Rage
  // Up's twice Strength), played up to `repeat` times on one attack.
  CardNumber attack_damage;
  int repeat = 1;
  // attack: charges the PC's next successful weapon attack (this one or a
  // later one in the fight): its damage roll doubled, of `damage_type` when written (Smite).
  bool double_damage = false;
  // attack, spotlight: a stance until the fight ends (Frenzy), or until the
  // PC takes Severe damage (ends_severe: Elemental Incarnation): + to the PC's
  // damage rolls, + to its Severe threshold, no Armor Slot used; + to both
  // thresholds, damage dealt back to a Melee attacker whose attack deals the
  // PC damage (of `damage_type`), advantage on its weapon attacks with a
  // trait (-1 none), more Proficiency on its damage rolls, more Evasion.
  int fight_damage = 0, fight_severe = 0;
  bool no_armor = false;
  CardNumber fight_thresholds;
  CardDice fight_retaliate;
  int fight_advantage = -1;
  int fight_proficiency = 0, fight_evasion = 0;
  bool ends_severe = false;
  // ... and each other adversary an area of Very Close reaches around a foe
  // the PC damages with a Melee attack marks this much Stress (Elemental Incarnation: Water).
  int fight_splash_stress = 0;
  bool stance() const {
    return fight_damage > 0 || fight_severe > 0 || no_armor || fight_thresholds.present() || fight_retaliate.present() ||
           fight_advantage >= 0 || fight_proficiency > 0 || fight_evasion > 0 || fight_splash_stress > 0;
  }
  // A passive whose stance keys (fight_proficiency, fight_evasion) join the
  // PC's stance while one is held (Elemental Dominion).
  bool while_stance = false;
  // A while_stance passive: as the PC would mark HP while a stance is held, a
  // d6 per HP; each at or above this takes one HP off (Elemental Dominion: Earth); 0 none.
  int fight_save_hp = 0;
  // A while_stance passive: as a stance is taken, with a use left, an aura
  // over the party until the stance ends: these dice off the damage of each
  // adversary attack on a PC (`hit_if: ranged`: from beyond Melee range only;
  // Elemental Aura: Air).
  CardDice aura_reduce;
  int aura_stress = 0;  // ... or: each adversary that marks HP while it stands marks this much Stress (Elemental Aura: Fire)
  int aura_trait = -1;  // ... or: every ally (not the PC) has +1 to this trait while it stands (Elemental Aura: Earth); -1 none
  bool aura() const { return aura_reduce.present() || aura_stress > 0 || aura_trait >= 0; }
  // attack: more Proficiency on the PC's weapon attacks at this target until
  // it attacks another, the target falls or the fight ends (Deadly Focus).
  int focus_proficiency = 0;
  // attack: only before the PC's first weapon attack at each adversary in the
  // fight, one of its options, by policy: `advantage` on that attack, `heal_stress`
  // on an ally, or `bonus` dice on its damage (Strategic Approach; play_marks.hpp).
  bool first_attack = false;
  // Action (target: creature, ally or self): a charge on one PC: its next weapon
  // attack also hits this many more adversaries its roll beats (Book of
  // Sitil's Parallela; one charge per caster; play_marks.hpp); 0 none.
  int next_targets = 0;
  // Action (roll: attack, target: enemies): one attack roll at every foe the
  // PC's weapon's range reaches; one weapon damage roll split among those it
  // beats by policy, each also taking one more of the weapon's damage dice
  // (Splintering Strike; play_marks.hpp). Its Hope is paid hit or miss, its use on a success.
  bool split_damage = false;
  // Action (roll: attack, target: enemies): one attack roll at as many foes as
  // an area of `range` reaches (a path through the field); the weapon's damage
  // with one more Proficiency die to the first foe it beats, then the same
  // roll less one die (the lowest) to each next, until no die is left; the
  // order by policy (Deathrun; play_strikes.hpp).
  bool dwindle = false;
  // Action (roll: spellcast, target: enemy, damage): the first roll lifts
  // another standing foe; on its success a second roll at the target, and
  // the card's damage on that success (Telekinesis; play_strikes.hpp).
  bool throw_foe = false;
  // With `vulnerable`: the target stays Vulnerable until the fight ends;
  // nothing clears it (Book of Ronin's Eternal Enervation; play_strikes.hpp).
  bool lasting = false;
  // Reaction (attack): added to the weapon attack roll about to be made (a
  // sprint into Melee before it: Deft Maneuvers; play_strikes.hpp); 0 none.
  int roll_bonus = 0;
  // Action (target: allies, a roll): on a success the PC spends Hope, by
  // policy, for as many sprites over the party; each grants one benefit to an
  // ally (not the caster) and vanishes: this much on an attack roll that
  // fails by no more, or one more Armor Slot marked against a hit (Forest
  // Sprites; play_strikes.hpp); 0 none.
  int sprites = 0;
  // Reaction (ally_rolled, target: party): a failed action roll of the PC's
  // or an ally's gets the total its success needs, when the dice could make
  // it; Hope or Fear as rolled (Adjust Reality; play_strikes.hpp).
  bool set_total = false;
  // Action (roll: spellcast, target: enemy, uses): on a success, the PC's
  // Spellcast trait in d20s, the highest the Difficulty of the target's
  // reaction roll; on its success it marks a Stress, on its failure it is
  // banished (a use spent) until a reaction roll after a PC's roll with Fear,
  // each such one a point easier, brings it back (Banish; play_strikes.hpp).
  bool banish = false;
  // Reaction (used_up, target: party): Hope for d6s, by policy; any at or
  // above this gives the used-up card a use back (Invigoration; play_strikes.hpp); 0 none.
  int renew = 0;
  // Reaction (ally_dealt, roll: spellcast): on a success the same damage the
  // ally dealt, of its type, to the same foe (Encore; play_marks.hpp).
  bool echo_damage = false;
  // A rolled card: a success with Fear sends it to the vault (no more uses
  // until a rest of its `refresh` kind gives them back; Encore).
  bool vault_fear = false;
  // Action (target: self, no roll): a familiar at the PC's side until the
  // fight ends: a die of these sides joins the PC's damage to an adversary
  // within its Melee range (the PC's Melee weapon attacks and Melee spells;
  // Natural Familiar; play_marks.hpp); 0 none.
  int familiar_die = 0;
  // after_hit: the PC's next successful weapon attack on the same target adds these dice (Breaking Blow).
  CardDice next_hit;
  bool on_kill = false;      // also fires when the PC's damage defeats an adversary
  int needs_domain = 0;      // a loadout condition: this many cards of its domain in the loadout, else inert
  // Each use rolls a d6: at or below this the card goes to the vault (no more
  // uses until a rest of its `refresh` kind gives them back); 0 never.
  int vault_on = 0;
  CompanionPart companion = CompanionPart::none;  // played by the companion rules
  int picks = 0;                                  // companion: training: the training options it adds
  // Reactions (ally_damaged): the PC takes the hit in the ally's place
  // (take_hit; `whole`: it becomes the attack's target, so the hit's other
  // effects land on it too: I Am Your Shield), marking any number of Armor
  // Slots against it (all_armor); only while the ally has at most `ally_hp` HP
  // unmarked (0: any; Loyal Protector). Without take_hit, `downgrade` lowers the
  // ally's hit by thresholds (Partners-in-Arms).
  bool take_hit = false, whole = false, all_armor = false;
  int ally_hp = 0;
  // Action (target: allies): the allies' attack rolls have advantage until a
  // PC rolls a failure with Fear (Battle Cry; one such rally at a time).
  bool allies_advantage = false;
  // Action (target: ally): the ally with most Stress marked moves it to the
  // PC, which gains a Hope per Stress moved (Share the Burden).
  bool take_stress = false;
  // after_hit: the gifts (heal_stress, gain_hope; `either`) wait on the
  // target for the next PC to attack it (Lead by Example).
  bool next_attacker = false;
  // spotlight: + to every trait of the PC until the fight ends (Full Surge); not a stance.
  int fight_traits = 0;
  // spotlight: a die of these sides set at 1, its value added to each action
  // roll of the PC and then raised by one; once it would pass its sides it
  // ends and the PC marks its `stress` again (Wild Surge; play_boosts.hpp); 0 none. Not a stance.
  int rising_die = 0;
  // spotlight_end: the PC becomes Cloaked (attacks on it have disadvantage, its
  // Sneak Attack holds) until it makes an attack (1: Shadow Stepper) or until
  // it rolls with Fear (2: Vanishing Act); shed_restrained: it is no longer Restrained.
  // On an action at target self (cloak 1; Dark Cloud): on a success the PC is
  // Cloaked under a cloud until it attacks or the GM clears it (play_dark.hpp).
  int cloak = 0;
  bool shed_restrained = false;
  // Action (target: party, one PC by policy): the PC becomes Invisible (attacks
  // on it have disadvantage) for as many of its actions as the caster's Spellcast trait (Invisibility).
  bool invisible = false;
  // Action (target: ally): a sigil on the ally; as it would make a death move
  // it clears `heal_hp` HP instead, once (Life Ward). One sigil per caster's card.
  bool ward = false;
  int evasion = 0;                 // +Evasion until an attack succeeds against the PC
  // Reaction (foe_marked): +Evasion equal to the HP the adversary marked,
  // until after the next attack made against the PC, hit or miss (Ferocity).
  bool evasion_marks = false;
  // Action (target: party): a zone over the party until the fight ends: a
  // die set at 1 comes off each hit a PC takes, then goes up one; it ends
  // once it would pass these sides (Zone of Protection); 0 none.
  int zone_die = 0;
  // Action (target: party): on a success every PC resists damage of this
  // DamageType from adversaries that attack from beyond Very Close range, for
  // the fight (Rejuvenation Barrier); -1 none.
  int barrier = -1;
  // Action (target: ally, the caster included): an aura on one PC: each time
  // it marks an Armor Slot against a hit, the hit drops this many thresholds
  // more; the aura ends when that leaves the hit no HP to mark (Shield Aura). 0 none.
  int aura_armor = 0;
  // Reactions (attacked): dice added to the PC's Evasion against this attack,
  // or the attacker rolls the attack again.
  CardDice evade;
  bool reroll_attack = false;
  // Reactions on the PC's own action roll (play_roll.hpp). roll: the Hope Die
  // has this many sides (a d20), and `heal_stress` is cleared on the PC if the
  // roll succeeds; roll and rolled: only while the PC has at most `hp_left` HP
  // unmarked (0: always). rolled: a Hope Die at or below `reroll_hope` is rolled
  // again (not on a critical); a roll with Fear becomes one with Hope (fear_to_hope).
  int hope_die = 0;
  int hp_left = 0;
  bool on_tag_team = false;  // roll: the hope_die only on the PC's Tag Team rolls (Tactician; play_boosts.hpp)
  int reroll_hope = 0;
  bool fear_to_hope = false;
  // Reactions (rolled, ally_rolled) that roll dice of the roll again, the new
  // ones standing, when the expected gain beats the cost (play_roll.hpp):
  // only on a roll with trait `on_trait` (-1 any), after a failure
  // (on_failure), or on a roll an Experience joined (with_experience).
  Reroll reroll = Reroll::none;
  int on_trait = -1;
  bool on_failure = false, with_experience = false;
  // Reactions (rolled): the Hope and Fear Dice swap values (swap); only on an
  // attack roll at the adversary the PC has Prioritized, its `hope` paid once
  // to Prioritize it before an attack roll (prioritize; Nemesis).
  bool swap = false, prioritize = false;
  // Reactions (rolled): a number added to the roll's total once the dice are
  // seen (Codex-Touched: the PC's Proficiency), played by policy when it turns
  // the result; only on a Spellcast roll (on_spellcast).
  CardNumber add_roll;
  bool on_spellcast = false;
  // ... add_each: each use adds add_roll, as many spent as it takes to turn a
  // failure into a success (Fane of the Wilds' tokens; play_boons.hpp).
  bool add_each = false;
  // A critical success on a Spellcast roll of a spell of the card's domain
  // gives the card a use back, above its count too (Fane of the Wilds; play_boosts.hpp).
  bool crit_use = false;
  // Reactions (roll): before the roll, the trait it uses counts twice, on a
  // roll with one of these traits (bits by Trait index; Sage-Touched); 0 none.
  unsigned double_traits = 0;
  // Reactions (attacked): the attack that succeeded against the PC fails instead (Bone-Touched).
  bool fail_attack = false;
  // Reactions (hit): the attack roll's Fear Die's value joins the damage (Midnight-Touched).
  bool fear_bonus = false;
  // A reaction that also carries `passive:` numbers, folded into the PC as a
  // passive's are (a -Touched card's standing bonus beside its reaction).
  bool folds = false;
  // Reactions (damaged): subtract dice from the damage, halve it, or lower its severity.
  CardDice reduce;
  // ... or (reflect): any number of Hope, a d6 each; any at or above this and
  // the attacker takes the damage instead of the PC (Arcane Reflection); 0 none.
  int reflect = 0;
  int downgrade = 0;
  bool halve = false;
  // ... or (shell): the PC retracts into a shell: resistance to damage of this
  // DamageType (this hit's halved too) and disadvantage on its action rolls,
  // until it comes out as its next spotlight begins (Retract; play_traits.hpp); -1 none.
  int shell = -1;
  int at_least = 2;  // ... when the hit would mark at least this many HP (the policy: 2)
  int at_most = 4;   // ... and at most this many
  int against = -1;  // ... of this DamageType only (-1 any)
  // Reactions (hit): `bonus` dice and this many of the weapon's damage dice join the damage.
  HitIf hit_if = HitIf::any;
  int weapon_dice = 0;
  int secondary_dice = 0;  // ... and this many of the secondary weapon's damage dice (Weapon Specialist)
  bool double_die = false;  // ... and the highest of the hit's weapon damage dice once more (Manipulate Magic)
  // Reactions (hit, extra_targets): the damage roll of an attack it is played
  // on counts each weapon damage die that shows the same face as another twice
  // (Sacred Resonance; play_traits.hpp).
  bool double_matches = false;
  // Reactions (hit): once the attack roll is known to succeed, this many more
  // adversaries the roll beats are hit by the same attack (Spirit Weapon).
  int extra_targets = 0;
  // Reactions (hit): the weapon's lowest damage die counts its maximum (Versatile Fighter).
  bool max_die = false;
  // Reactions (hit): instead of the damage roll, the target marks as many HP
  // as the PC has marked (Battle Monster).
  bool own_marks = false;
  // A PC with the card attacks with its best trait, whatever its weapons call for (Versatile Fighter).
  bool best_trait = false;
  // ... `extra_targets: area`: as many as an area of `range` reaches, less the
  // first target (Whirlwind); half_damage: the further targets take half the damage.
  bool extra_area = false, half_damage = false;
  // A pool of tokens (Slayer): a passive with a features.csv row (play_pool.hpp).
  CardPool pool;
  // Actions at adversaries that leave a mark on a foe (play_foes.hpp). On a
  // success the target's Difficulty drops by this (a number or a trait, at
  // least 1) until the GM spends its spotlight to clear it (a temporary
  // effect; Glyph of Nightfall); one cut on a foe at a time, the larger stands.
  CardNumber difficulty_cut;
  // On a success the target is Silenced: it casts no spell (no feature or
  // standard attack of magic damage) until the GM spends a Fear on its turn to
  // clear it, the caster casts the card again, or the caster takes Major damage (Hush).
  bool silence = false;
  // An action at adversaries: each target (with a roll of the PC's, each the
  // roll beats) makes a reaction roll (d20) against this; the card's damage
  // and conditions land on those that fail (Night Terror, Ground Pound); 0 none.
  int save = 0;
  bool save_half = false;
  // Reaction (missed, hit_if: ranged): Proficiency d6s; any at or above this
  // and, for the card's costs, the attacker's standard damage strikes an
  // adversary instead (Redirect); 0 none.
  int redirect = 0;  // save: those that succeed take half the damage (Ground Pound)
  // save: the GM loses a Fear per target that failed (at most what it holds),
  // and the damage dice are rolled once per Fear lost, the one total dealt to
  // each that failed (Night Terror's stolen Fear).
  bool steal_fear = false;
  // Action at one enemy, rolled: the target it beats makes its standard attack
  // on another adversary at once, the damage counting to the card (Words of Discord).
  bool turn_foe = false;
  // Action at one enemy, rolled: a later cast at a target the PC has beaten
  // with it takes this penalty on its roll (Words of Discord: 5); 0 none.
  int again_penalty = 0;
  bool marks_foes() const { return difficulty_cut.present() || silence || turn_foe || again_penalty > 0; }
  // Big spells at adversaries (play_spells.hpp). kill_at: on a success each
  // foe it reaches of this Difficulty or lower may be killed outright (its HP
  // left marked), for `stress_each` Stress apiece, chosen by policy
  // (Disintegration Wave); 0 none.
  int kill_at = 0, stress_each = 0;
  // save: the targets the roll beats make their reaction roll only for this
  // much Hope apiece, chosen by policy (Stunning Sunlight); 0: every one.
  int hope_each = 0;
  CardDice save_damage;  // save: the damage to those that succeed (Stunning Sunlight; not with save_half)
  // save, target: enemy: once the roll beats the target, the foes within this
  // range of it (as many as that band's area reaches, the target among them;
  // those worth most) make the reaction roll too (Fireball); -1 none (a Range).
  int blast = -1;
  // save: once a target has failed and taken the damage, every standing
  // adversary the card has not targeted makes the same reaction roll, the
  // damage rolled anew for those that fail (Chain Lightning's chain).
  bool chain = false;
  // The targets its conditions land on are Stunned: no action or reaction
  // until the GM spends the foe's spotlight clearing it (Stunning Sunlight).
  bool stun = false;
  // Action (target: allies or party): on a success the PC marks any number of
  // Stress, each clearing this many HP among the targets, by policy (Salvation Beam); 0 none.
  int hp_per_stress = 0;
  // Action (target: party): on a success a darkness over the field until the
  // GM spends a Fear on its turn to clear it or the caster takes Severe damage:
  // attack rolls against PCs have disadvantage, and an adversary a PC's roll
  // succeeds against with Hope marks a Stress (Eclipse).
  bool darkness = false;
  // Forms, wards and turning death back (play_forms.hpp; read_card_forms.cpp).
  // spectral: an action (`target: self`, no roll): the PC is immune to damage
  // of this DamageType until it makes an action roll at another creature
  // (Specter of the Dark); -1 none.
  int spectral = -1;
  // A stance's upkeep: before each action roll the PC spends this much Hope,
  // or the stance ends first (Force of Nature); 0 none.
  int hope_per_roll = 0;
  // A stance: each time the PC's damage defeats an adversary, it clears this
  // many Armor Slots (Force of Nature's absorbing); 0 none.
  int kill_armor = 0;
  // A stance: the PC can't be Restrained while it holds it (Force of Nature).
  bool no_restrained = false;
  // An action at adversaries with `vulnerable`: the targets stay Vulnerable
  // through their spotlights until the GM spends a Fear on its turn to end
  // the spell (Tempest's Blizzard).
  bool storm = false;
  // An action (`target: ally`, a roll): on a success a PC that died in this
  // fight returns with every HP and Stress cleared (Resurrection).
  bool revive = false;
  // An action with a roll: a failure spends the card until its `refresh` (Resurrection's week).
  bool spent_on_fail = false;
  // Book of Yarrow's two spells (play_time.hpp), one card, the policy picking
  // one on each spotlight. immunity: an action (`target: self`, no roll) for
  // `immunity_hope` Hope: the PC is immune to damage of this DamageType until
  // its next rest (Magic Immunity); -1 none. time_stop: a Spellcast roll at
  // this Difficulty; on a success time stops for every other creature: the PC
  // acts again at once, and keeps acting while its actions make no action roll
  // at another creature; the first that does resolves with time stopped, and
  // then time goes on (Timejammer); 0 none.
  int immunity = -1, immunity_hope = 0;
  int time_stop = 0;
  // Copycat: the entry stands for a card of this level or lower from an
  // ally's loadout, named on the PC (`copycat:`) or picked by policy when the
  // scenario is compiled (pc_cards.cpp, resolve_copycats); it then plays as
  // that card (its own uses, the PC's own Spellcast trait), its Hope (half the
  // copied card's level, rounded up) paid with the card's costs the first time
  // they are, once per long rest; the copy holds until a rest or until the
  // ally's card goes to the vault (play_copy.hpp); 0 none.
  int copies = 0;
  // Guises and auras on the PC (play_guise.hpp; read_card_guise.cpp).
  // layers: an action (`target: self`, rolled): on a success an aura of one
  // layer, and one more per Stress the PC marks by policy; each adversary
  // attack that succeeds against the PC rolls a d6 per layer: any at or above
  // this face takes a layer off and the attack fails, else the attack lands and
  // the aura ends (Confusing Aura); 0 none.
  int layers = 0;
  // An action (`target: self`): on a success, until the fight ends, each
  // adversary that makes an attack at the PC marks this much Stress (an HP when
  // it has none left; Overwhelming Aura); 0 none.
  int attacker_stress = 0;
  // ... and this trait (Trait index) equals the PC's Spellcast trait until the
  // fight ends (Overwhelming Aura: presence); -1 none.
  int trait_as_spellcast = -1;
  // A reaction (missed): after an adversary's attack of this damage type (0
  // physical, 1 magic, 2 any) fails against the PC, it becomes Hidden (attacks
  // on it have disadvantage) until its next action roll (Vanishing Dodge); -1 none.
  int hide = -1;
  // Once per rest, as an adversary's effect would give the PC a condition
  // (Vulnerable, Restrained), it does not: the one the policy picks (Bold
  // Presence; play_guise.hpp). A reaction's second part, its own use.
  bool avoid_condition = false;
  // A reaction (attacked): an adversary's attack whose damage is magic, its
  // roll a hit on the PC (`target: party`: on the PC or an ally), may be
  // interrupted: the PC makes a reaction roll with its Spellcast trait against
  // the attacker's Difficulty; on a success the attack fails with all it would
  // do, and only then is a use spent (Counterspell, Book of Exota's Repudiate;
  // play_defence.hpp).
  bool counter_magic = false;
  // Links between PCs (play_link.hpp; read_card_guise.cpp). An action (no
  // roll, `target: party`) that links PCs until their next rest: when a
  // linked PC would mark what the link covers (kLinkStress, kLinkHp: bits),
  // the marks go whole to the linked PC the policy picks (Transcendent Union:
  // both, every standing PC; Book of Vyola's Shared Clarity: Stress, a pair);
  // 0 none. link_pcs: how many PCs it links, 0 every standing one.
  int link = 0;
  int link_pcs = 0;
  // Darkness a PC draws over itself (play_dark.hpp; read_card_guise.cpp).
  // veil: an action at target self (a spellcast or trait roll): on a success
  // a veil of darkness stands between the PC and the foes until it casts
  // another spell (any spell card, this one too) or the fight ends: adversary
  // attacks on it from beyond Melee range (their standard attack's range)
  // have disadvantage, and its attacks beyond Melee (a weapon of that range,
  // a card at foes of that range) have advantage (Veil of Night).
  bool veil = false;
  // hold_line: an action at target self (no roll): a stance until the PC
  // fails an action roll with Fear or goes down; each adversary whose
  // standard attack is Melee that attacks the PC is Restrained by it, until
  // that stance ends, the GM spends 2 Fear to clear it, or the current
  // Restrained reading frees it (Hold the Line).
  bool hold_line = false;
  bool guise() const { return layers > 0 || attacker_stress > 0 || trait_as_spellcast >= 0 || hide >= 0; }
  // Mounts (play_mount.hpp; read_card_mount.cpp). steed: a passive played as
  // each fight begins: the PC spends a Hope per steed, on the PCs the policy
  // picks; a rider has this much off its attack rolls and this much on its
  // damage rolls until it takes damage or the next long rest (Conjured
  // Steeds: 2); 0 none.
  int steed = 0;
  // dome: an action (`target: party`, a spellcast roll): on a success a dome
  // over the caster and one ally (those the policy sends in): no adversary
  // attack targets them and they make none; attacks on the dome succeed and
  // mark its HP by dome_major/dome_severe (as a PC's thresholds, no Armor);
  // it falls once it has marked this many HP (Wild Fortress: 3, 15/30); 0 none.
  int dome = 0, dome_major = 0, dome_severe = 0;
  bool forms() const {
    return spectral >= 0 || hope_per_roll > 0 || kill_armor > 0 || no_restrained || storm || revive || spent_on_fail ||
           immunity >= 0 || time_stop > 0 || copies > 0;
  }
  // Passives, folded into the PC at compile time.
  CardNumber p_evasion, p_major, p_severe, p_hp, p_stress, p_armor, p_melee_damage, p_weapon_damage, p_attack,
      p_experience, p_domain_cards;
  bool p_armored = false;  // the passive's numbers hold only while the PC wears armor (Fortified Armor, Armorer)
  CardNumber p_min_marks;  // a weapon hit marks at least this many HP on its target (Onslaught)
  CardNumber p_vulnerable_damage;  // added to the PC's damage rolls while it is Vulnerable (Adrenaline)
  int p_reroll = 0;  // damage dice at or below this are rolled again once
  int p_guarded = 0;  // attacks on the PC have disadvantage while it has at most this many HP left
  int p_focus_evasion = 0;  // more Evasion against the attacks of the PC's Ranger's Focus (Elusive Predator)
  int p_no_minor = 0;  // with at most this many HP unmarked, Minor damage marks nothing (On the Brink)
  // When the PC would mark an Armor Slot: Proficiency d6s, any at or above this
  // and the hit drops a threshold with no slot marked (Unyielding Armor); 0 none.
  int p_keep_armor = 0;
  int p_keep_stress = 0;
  int p_no_disadvantage = -1;  // the PC's action rolls with this trait ignore disadvantage (Surefooted); -1 none  // each Stress the PC would mark rolls a d6: at or above this face it is not marked (Unshakable); 0 none
  int p_hurt_clear_stress = 0;  // Stress cleared each time an adversary's attack makes the PC mark HP (Rise Up)
  int p_stressed_proficiency = 0;  // more Proficiency on its damage rolls while all its Stress is marked (Voice of Reason)
  // Added to the PC's Evasion while it holds at least p_hope_at Hope (Conjure Shield).
  CardNumber p_hope_evasion;
  int p_hope_at = 0;
  // Without armor (Bare Bones): an Armor Score of this plus a trait, and base
  // thresholds by tier (before the level is added); unarmored_score 0: none.
  int p_unarmored_score = 0, p_unarmored_trait = -1;
  std::array<int, 4> p_unarmored_major{}, p_unarmored_severe{};
  // More Proficiency on the PC's next successful weapon attack at an adversary
  // that has made an ally mark HP (Act of Reprisal).
  int p_reprisal = 0;
  // A Stress instead of the Hope an Experience costs, the Experience's bonus
  // multiplied by this (Adept: 2); 0 none.
  int p_stress_experience = 0;
  // As the PC uses an Experience, a d6: at or above this the Experience costs
  // no Hope (Honed Expertise; play_traits.hpp); 0 none.
  int p_free_experience = 0;
  // More Tag Team rolls the PC may initiate a session, and the Hope an ally
  // pays to initiate one with the PC (Camaraderie: 1 and 2; play_traits.hpp); 0 none.
  int p_tag_teams = 0, p_tag_team_cost = 0;
  // The PC Helps an ally's Spellcast roll (by the Help policy) with an
  // advantage die of these sides (Enchanted Aid: 8; play_traits.hpp); 0 none.
  int p_help_spellcast = 0;
  // Reactions (ally_rolled, swap): only on an ally's Spellcast roll the PC
  // Helped (Enchanted Aid's swap; play_traits.hpp).
  bool with_help = false;
  // Reactions (spotlight_end): only after the PC's spotlight action was a
  // successful Spellcast roll of a spell (another card: Cloaking Blast).
  bool after_spell = false;
  // The surroundings the passive's numbers need (kScene*, daggerheart.hpp): 0 any;
  // else they fold in only when the fight's options state one of them.
  unsigned p_scene = 0;
  bool p_attack_advantage = false;  // the PC's attack rolls (weapons, attack cards, spells at foes) have advantage
  int p_spellcast = 0;  // added to the PC's Spellcast rolls (not to what counts its Spellcast trait: tokens, dice)
  // Before each Spellcast roll of the PC's, a Hope may buy +this, by the
  // Experience's Hope policy (experience_min_hope; Nature's Tongue, in a
  // natural place; play_boons.hpp); 0 none.
  int p_spell_hope = 0;
  int p_trait_up = -1;  // +1 to this trait (Trait index), before the other passives read it; -1 none
  // The PC may mark an Armor Slot instead of a Stress (Grace-Touched; play_boons.hpp's policy).
  bool p_armor_for_stress = false;
  // Reactions (help): the PC Helps the ally's attack roll without spending a Hope (Eloquent).
  bool free_help = false;
  // Reactions (any trigger): only while the PC holds a stance or is in Beastform.
  OnlyWhile only_while = OnlyWhile::any;
  // Reactions (ally_damaged): only when the ally would mark at least this many HP (0: any; Defender).
  int ally_marks = 0;
  // This entry stands in for another of the PC's, named so (Power of the Gods
  // replaces Wings of Light's die): that one is never played; "" none.
  std::string replaces;
  // Passives: the PC's Rally Die has these sides, when it has one (Epic Poetry);
  // its advantage die when it Helps an ally (Epic Poetry's d10); 0 none.
  int p_rally_die = 0, p_help_die = 0;
  // Passive: the party may take the Martial Preparation downtime move at a rest; the PC and
  // each PC who takes it gain a Slayer Die of these sides (0 none; rest.hpp, play_pool.hpp).
  int p_drill_die = 0;
  // A passive with a features.csv row: one that acts in the fight (Adrenaline, On the Brink,
  // Unyielding Armor, Voice of Reason, Rise Up, Conjure Shield, Act of Reprisal, Adept, Unshakable, Surefooted).
  bool acts() const {
    return p_no_minor > 0 || p_keep_armor > 0 || p_keep_stress > 0 || p_no_disadvantage >= 0 || p_vulnerable_damage.present() ||
           p_stressed_proficiency > 0 || p_hurt_clear_stress > 0 || p_hope_evasion.present() || p_reprisal > 0 || pool.present() ||
           p_stress_experience > 0 || fight_save_hp > 0 || aura() || p_armor_for_stress || p_help_die > 0 ||
           p_free_experience > 0 || p_tag_teams > 0 || p_tag_team_cost > 0 || p_help_spellcast > 0 ||
           p_spell_hope > 0 || p_drill_die > 0 || steed > 0;
  }

  // For the card value rule (card_value.hpp), worked out once the card is
  // read (note_value_rules, read_card.cpp): whether the effect holds any of
  // what conditions_value weighs on a foe (`conditions`), and any of the
  // effects card_value weighs by a rule of their own (`own_rule`). A card with
  // neither, most of them, skips those tests. A test added to either place
  // must be added here too.
  bool conditions = false, own_rule = false;
  void note_value_rules() {
    conditions = lasting || vulnerable || exposed_damage.present() || on_fire.present() || restrained ||
                 target_stress != 0 || stun || taunt || marks_foes() || fear < 0 || stress_highest > 0;
    own_rule = immunity >= 0 || time_stop > 0 || kill_at > 0 || pool.fill == PoolFill::foe_hurt || split_damage ||
               dwindle || banish || throw_foe ||  // before an enemy card's damage
               pool.fill == PoolFill::action || familiar_die > 0 ||  // before the roll's chance
               zone_die > 0 || hp_per_stress > 0 || darkness || link != 0 || sprites > 0 || dome > 0 || guise() ||
               (cloak > 0 && when == CardWhen::action) || veil || hold_line || spectral >= 0 || revive || invisible ||
               aura_armor > 0 || take_stress || next_targets > 0 || ward;  // after a party card's
  }
};

// Whether a card's roll is an attack roll: it deals damage or marks HP.
inline bool harms(const CardEffect& e) { return e.damage.present() || e.hp_marks > 0; }
// Whether a roll for card effect e is an attack roll, as a rider's penalty
// (Conjured Steeds; play_mount.hpp) reads it: an attack card's weapon roll,
// a roll at one or more foes that deals damage or marks HP on them, and an
// echo's Spellcast roll at the foe whose damage it deals again (Encore).
// `lift`: Telekinesis's first roll, which moves the foe and harms no one, is
// none (its throw is). Every site that applies or tells the penalty asks here.
inline bool attack_roll(const CardEffect& e, bool lift = false) {
  if (lift) return false;
  return e.roll == CardRoll::attack || e.echo_damage ||
         (harms(e) && (e.target == CardTarget::enemy || e.target == CardTarget::enemies));
}

// A library entry: a domain card (domain-cards.yaml), or a subclass, ancestry
// or community feature (pc-features.yaml), played alike.
struct CardDef {
  std::string name, domain;  // domain: "" for a feature
  CardSource source = CardSource::domain;
  std::string owner;  // a feature's subclass, ancestry or community
  int tier = 0;       // a subclass feature's: 1 foundation, 2 specialization, 3 mastery
  int element = -1;  // a Warden of the Elements entry's element (kElements), -1 any: a PC gets its element's only
  int level = 1;
  std::string type;  // Ability, Spell, Grimoire
  bool spell = false;  // a Spell or a Grimoire: not cast in Beastform
  int recall = 0;    // ignored within one fight
  CardStatus status = CardStatus::not_modelled;
  std::string summary;  // our words: what the model does, or why it is not modelled
  CardEffect effect;
  SourcePos pos;
};

// The shipped library, compiled once on first use (an InputError with the
// library's line:col when it is malformed).
std::span<const CardDef> card_library();
// Compiles a library from YAML text (tests use it for bad input).
std::vector<CardDef> read_card_library(std::string_view path, std::string_view text);
// The library's embedded text (generated from domain-cards.yaml at build time).
extern const std::string_view kDomainCardsYaml;
// The subclass, ancestry and community features (pc-features.yaml), the same way.
std::span<const CardDef> feature_library();
std::vector<CardDef> read_feature_library(std::string_view path, std::string_view text);
extern const std::string_view kPcFeaturesYaml;
// "Stalwart foundation", "Dwarf ancestry", "Highborne community".
std::string feature_owner(const CardDef& d);

// The elements a Warden of the Elements Channels (a PC's `element`, earth by default).
inline constexpr const char* kElementNames[] = {"fire", "earth", "water", "air"};
inline constexpr int kDefaultElement = 1;

inline constexpr int kMaxLoadout = 5;  // active cards (the loadout)
// A PC's cards and features together (each its uses per fight).
inline constexpr int kMaxPcCards = 24;
static_assert(kMaxPcCards <= 32, "Pc::cards_on holds a card per bit of a 32-bit word");

// A card a PC carries, compiled once per encounter.
struct PcCard {
  const CardDef* def = nullptr;
  int feat = -1;  // its entry in Encounter::features() (modelled cards)
  // A loadout condition not met (needs_domain): the card does nothing; `have`
  // is how many cards of its domain the loadout holds.
  bool inert = false;
  int have = 0;
  bool off_scene = false;  // its passive needs surroundings the fight's options do not state (`scene`): not folded in
  int pool_max = 0;  // a pool's most tokens (CardPool::max for this PC), 0 none
  const CardDef* replaced_by = nullptr;  // another of the PC's entries stands in for it (`replaces`): never played
  // Copycat's entry once it stands for an ally's card (resolve_copycats): the
  // card copied, whose it is (a PC index) and where in its cards, and the Hope
  // the copy costs (half the copied card's level, rounded up); nullptr, -1, 0 none.
  const CardDef* copy_of = nullptr;
  int copy_from = -1, copy_card = -1, copy_hope = 0;
  bool live() const { return def->status == CardStatus::modelled && !inert && !replaced_by; }
};

}  // namespace encsim::daggerheart
