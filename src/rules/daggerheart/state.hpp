// What changes in one Daggerheart fight, per PC, per adversary and per
// countdown (the Battle in battle.hpp holds one of each). A fight starts each
// from kNewPc, kNewAdv and CdState{} (every field zero but those named there)
// and set_up() fills in only what the PC brings (set_up.hpp). No field has a
// default of its own: the Battle holds these for the most combatants a fight
// may have (16 PCs, 64 adversaries) and is made afresh every trial, so a
// default would initialize all of them every trial (about 9% of the speed).
// A new field that starts at zero is one line; one that starts elsewhere is
// also set below.
#pragma once

#include <array>
#include <cstdint>

#include "rules/daggerheart/play.hpp"

namespace encsim::daggerheart {

struct PcState {
  int hp_marked, stress_marked, hope, armor_marked;
  bool out, dead, acted;
  bool vulnerable;  // from a feature (full Stress is checked separately)
  Until vuln_until;
  bool restrained;
  int restrain_difficulty;
  int evasion_bonus, attack_bonus;
  bool advantage_next;
  int rally;  // Rally Die size, 0 when spent or none
  int tag_teams_used;  // Tag Team rolls it has initiated (this session: carried)
  std::array<std::int8_t, kMaxPcCards> card_uses;  // uses left per card and feature, -1 unlimited (play_cards.hpp)
  bool beast;  // in its Beastform (beastform_play.hpp)
  int beast_bonus;  // ... the form's trait bonus, +1 with Evolution
  std::array<std::int8_t, kMaxPcConsumables> items;  // consumables left, per Pc::consumables (consumables_play.hpp)
  int venom;  // a venom's die on the primary weapon's next damage roll (sides; 0 none)
  int venom_item;  // ... the consumable it came from
  int comp_stress;  // its companion's Stress marked (companion_play.hpp)
  bool comp_out;  // ... out of the scene
  int comp_foe;  // ... the adversary it last attacked (engaged with it), -1 none
  bool loyal_used;  // Loyal Friend used (once per long rest)
  int unstoppable;  // Guardian: the Unstoppable Die's value, 0 when not Unstoppable (class_play.hpp)
  bool unstoppable_used;  // ... once per long rest
  int hunted;  // Ranger: its Focus (an adversary), -1 none
  int fail_adv;  // a `failed` reaction's advantage on the next action roll: the card (Inevitable), -1 none
  int charged;  // a `double_damage` card charging the next successful weapon attack (Smite), -1 none
  int stance;  // a stance card taken until the fight ends (Frenzy), -1 none ...
  int stance_damage, stance_severe;  // ... what it adds to damage rolls and the Severe threshold
  bool no_armor;  // ... no Armor Slot used
  int marked_foe, marked_card, marked_dice;  // a focus (Deadly Focus): its target, card, Proficiency added
  int broken_foe, broken_card;  // a next_hit card's target (Breaking Blow) and card
  int fear_card;  // an `attack` reaction whose Fear the GM loses if this attack succeeds (Apex Predator)
  int ward_from, ward_card;  // a sigil on it (Life Ward): the caster and its card
  // Adversaries (bits) that made an ally mark HP since its last hit on each (Act of Reprisal).
  std::uint64_t reprisal_foes;
  std::array<std::uint16_t, kMaxPcCards> once_done;  // per once_per_target card, the PCs it has healed (a bit each; Healing Hands)
  std::array<std::int8_t, kMaxPcCards> pool;  // tokens on each card's pool (Slayer Dice; play_pool.hpp)
  int drill;  // Slayer Dice from Martial Preparation held apart from any pool (play_pool.hpp)
  // A stance's (Elemental Incarnation) more to both thresholds, advantage on weapon attacks with a trait
  // (-1 none), more Proficiency on damage rolls and more Evasion (a while_stance passive's counted).
  int stance_thresholds, stance_adv, stance_prof, stance_evasion;
  int prior_foe, prior_card;  // the adversary it has Prioritized (Nemesis) and the card (play_roll.hpp)
  int aura_from, aura_card;  // an aura on it (Shield Aura): the caster and its card (play_zone.hpp)
  int trait_bonus;  // added to every trait until a rest (Full Surge, play_party.hpp; carried by PartyState::surge)
  int unseen;  // attacks on it have disadvantage: kCloakAttack, kCloakFear, kInvisible, kHidden (bits; play_party.hpp, play_guise.hpp)
  int invisible_left, invisible_from, invisible_card;  // Invisibility: its actions left, caster, card
  int stance_splash;  // a stance's Stress on the foes beside one it damages in Melee (Elemental Incarnation: Water)
  std::uint64_t beaten_foes;  // adversaries (bits) its again_penalty card has beaten (Words of Discord; play_foes.hpp)
  int fero_evasion, fero_card;  // Evasion until after the next attack on it (Ferocity) and the card (play_boosts.hpp)
  int rising, rising_card;  // a rising die's value (Wild Surge), 0 none, and the card (play_boosts.hpp)
  std::array<std::int8_t, kMaxPcCards> pool_foe;  // a foe's pool (pool.on_foe()): its foe's index + 1, 0 none (play_marks.hpp)
  std::uint64_t met_foes;  // adversaries (bits) it has made a weapon attack at (first_attack: Strategic Approach)
  int twin_from, twin_card;  // a next_targets charge on it (Parallela): the caster + 1 (0 none) and its card
  int familiar, familiar_card;  // a familiar at its side (familiar_die): its die's sides (0 none) and the card
  int approach;  // a first_attack card whose `bonus` joins this attack's damage on a hit: its index + 1, 0 none
  int spectral, spectral_card;  // Spectral: the damage types it is immune to (type_bit), 0 none, and the card (play_forms.hpp)
  TypeMask shell;  // in its shell (Retract): the damage types it resists, 0 none ...
  int shell_card;  // ... and the card (play_traits.hpp)
  int layers, layers_card;  // an aura's layers of illusion (Confusing Aura), 0 none, and the card (play_guise.hpp)
  int foe_stress, foe_stress_card;  // each adversary that attacks it marks this much Stress (Overwhelming Aura), 0 none, and the card
  bool avoid_used;  // its avoid_condition spent (Bold Presence: once per rest; play_guise.hpp)
  TypeMask immunity;  // damage types it is immune to until its next rest (Magic Immunity), 0 none (play_time.hpp)
  std::int8_t copy_state;  // Copycat: kCopyReady (0), kCopyHeld, kCopySpent, kCopyLost (play_copy.hpp)
  int lift, lift_trait;  // added to this trait (Trait index) until the fight ends (Overwhelming Aura's Presence), 0 none
  // Links (play_link.hpp): the PCs (bits) it may pass the Stress, the HP it
  // would mark to (Transcendent Union, Shared Clarity), until a rest (carried);
  // and, for Stress [0] and HP [1], per PC it may pass them to, the card of the
  // link that joined the two (the later one where two did): its caster *
  // kMaxPcCards + card + 1, 0 none. A passing counts to that card's row.
  std::uint16_t link_stress, link_hp;
  std::int16_t link_src[2][16];  // 16: Encounter::kMaxPcs
  int steed;  // riding a conjured steed: this much off its attack rolls, on its damage rolls (Conjured Steeds), 0 none (play_mount.hpp)
  int stabled;  // ... or a steed it keeps but does not ride in this fight (carried on in a session), 0 none
  int veil;  // a veil before it (Veil of Night): its card + 1, 0 none (play_dark.hpp)
  int hold;  // holding the line (Hold the Line): its card + 1, 0 none (play_dark.hpp)
};

// AdvState::temps: the party's temporary conditions on a foe (bits).
inline constexpr int kTempVulnerable = 1, kTempFire = 2;

struct AdvState {
  int hp_marked, stress_marked;
  bool alive, hidden, restrained, vulnerable;
  // Make a Scene's Difficulty penalty: temporary, held until the GM spends
  // its spotlight clearing it (temp_spotlight, play_foes.hpp); 0 none.
  int distract;
  // The party's temporary conditions on it (the SRD's temporary tag), each
  // held until the GM spends its spotlight clearing it (temp_spotlight):
  // kTempVulnerable (a card's or feature's Vulnerable: `vulnerable` above,
  // which a storm or a lasting card may hold as well), kTempFire (On Fire).
  // Bits; 0 none.
  int temps;
  int exposed_from, exposed_card;  // its temporary Vulnerable carries this PC's card's exposed_damage (Chokehold); -1 none
  int fire_from, fire_card;  // On Fire: the PC and card whose on_fire dice burn it; -1 none
  int spotlights;  // this GM turn
  int last_attacker;  // a PC index, -1 none
  std::array<int, 12> uses;  // uses left per feature, -1 unlimited
  int goaded_by;  // its next spotlight is an attack on this PC, with disadvantage (Goad Them On), -1 none
  int gift_from, gift_card;  // a gift waiting for the next PC to attack it (Lead by Example): the PC, its card
  int glyph;  // a Difficulty cut until the GM spends its spotlight to clear it (Glyph of Nightfall; play_foes.hpp)
  int silenced_by;  // Silenced (Hush): the caster, -1 none; silence_card: its card
  int silence_card;
  bool stunned;  // no action or reaction until its spotlight is spent clearing it (Stunning Sunlight; play_spells.hpp)
  int banish_dc;  // banished (Banish): the Difficulty of its reaction roll to return; 0 not banished (play_strikes.hpp)
  int held_by;  // Restrained by this PC's Hold the Line, -1 none (play_dark.hpp) ...
  unsigned crossed;  // ... the PCs (bits) whose held line it has come through: not pulled in again while it holds
};

// A PC and an adversary as a fight starts: zero everywhere but here (-1 is "none").
inline constexpr PcState kNewPc = [] {
  PcState s{};
  s.venom_item = s.comp_foe = s.hunted = s.fail_adv = s.charged = s.stance = -1;
  s.marked_foe = s.marked_card = s.broken_foe = s.broken_card = s.fear_card = s.ward_from = s.ward_card = -1;
  s.stance_adv = s.prior_foe = s.prior_card = s.aura_from = s.aura_card = s.invisible_from = s.invisible_card = s.spectral_card = -1;
  return s;
}();

inline constexpr AdvState kNewAdv = [] {
  AdvState s{};
  s.alive = true;
  s.last_attacker = s.goaded_by = s.gift_from = s.gift_card = s.silenced_by = s.silence_card = s.held_by = -1;
  s.exposed_from = s.exposed_card = s.fire_from = s.fire_card = -1;
  return s;
}();

struct CdState {
  int value, start;
  bool active, started;
};

}  // namespace encsim::daggerheart
