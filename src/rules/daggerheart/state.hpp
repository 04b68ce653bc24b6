// What changes in one Daggerheart fight, per PC, per adversary and per
// countdown (the Battle in battle.hpp holds one of each). Every field starts
// at its default here, so a fight starts from `PcState{}` and set_up() fills
// in only what the PC brings (set_up.hpp); a new field is one line here.
#pragma once

#include <array>
#include <cstdint>

#include "rules/daggerheart/play.hpp"

namespace encsim::daggerheart {

struct PcState {
  int hp_marked = 0, stress_marked = 0, hope = 0, armor_marked = 0;
  bool out = false, dead = false, acted = false;
  bool vulnerable = false;  // from a feature (full Stress is checked separately)
  Until vuln_until = Until::next_action;
  bool restrained = false;
  int restrain_difficulty = 0;
  int evasion_bonus = 0, attack_bonus = 0;
  bool advantage_next = false;
  int rally = 0;  // Rally Die size, 0 when spent or none
  bool tag_team_used = false;
  std::array<std::int8_t, kMaxPcCards> card_uses{};  // uses left per card and feature, -1 unlimited (play_cards.hpp)
  bool beast = false;   // in its Beastform (beastform_play.hpp)
  int beast_bonus = 0;  // ... the form's trait bonus, +1 with Evolution
  std::array<std::int8_t, kMaxPcConsumables> items{};  // consumables left, per Pc::consumables (consumables_play.hpp)
  int venom = 0;        // a venom's die on the primary weapon's next damage roll (sides; 0 none)
  int venom_item = -1;  // ... the consumable it came from
  int comp_stress = 0;      // its companion's Stress marked (companion_play.hpp)
  bool comp_out = false;    // ... out of the scene
  int comp_foe = -1;        // ... the adversary it last attacked (engaged with it), -1 none
  bool loyal_used = false;  // Loyal Friend used (once per long rest)
  int unstoppable = 0;            // Guardian: the Unstoppable Die's value, 0 when not Unstoppable (class_play.hpp)
  bool unstoppable_used = false;  // ... once per long rest
  int hunted = -1;                // Ranger: its Focus (an adversary), -1 none
  int fail_adv = -1;  // a `failed` reaction's advantage on the next action roll: the card (Inevitable), -1 none
  int charged = -1;   // a `double_damage` card charging the next successful weapon attack (Smite), -1 none
  int stance = -1;    // a stance card taken until the fight ends (Frenzy), -1 none ...
  int stance_damage = 0, stance_severe = 0;  // ... what it adds to damage rolls and the Severe threshold
  bool no_armor = false;                     // ... no Armor Slot used
  int marked_foe = -1, marked_card = -1, marked_dice = 0;  // a focus (Deadly Focus): its target, card, Proficiency added
  int broken_foe = -1, broken_card = -1;  // a next_hit card's target (Breaking Blow) and card
  int fear_card = -1;  // an `attack` reaction whose Fear the GM loses if this attack succeeds (Apex Predator)
  int ward_from = -1, ward_card = -1;  // a sigil on it (Life Ward): the caster and its card
  // Adversaries (bits) that made an ally mark HP since its last hit on each (Act of Reprisal).
  std::uint64_t reprisal_foes = 0;
  std::array<std::int8_t, kMaxPcCards> pool{};  // tokens on each card's pool (Slayer Dice; play_pool.hpp)
  // A stance's (Elemental Incarnation) more to both thresholds, advantage on weapon attacks with a trait
  // (-1 none), more Proficiency on damage rolls and more Evasion (a while_stance passive's counted).
  int stance_thresholds = 0, stance_adv = -1, stance_prof = 0, stance_evasion = 0;
  int prior_foe = -1, prior_card = -1;  // the adversary it has Prioritized (Nemesis) and the card (play_roll.hpp)
  int aura_from = -1, aura_card = -1;   // an aura on it (Shield Aura): the caster and its card (play_zone.hpp)
  int trait_bonus = 0;  // added to every trait until the fight ends (Full Surge, play_party.hpp)
  int unseen = 0;       // attacks on it have disadvantage: kCloakAttack, kCloakFear, kInvisible (bits; play_party.hpp)
  int invisible_left = 0, invisible_from = -1, invisible_card = -1;  // Invisibility: its actions left, caster, card
  int stance_splash = 0;  // a stance's Stress on the foes beside one it damages in Melee (Elemental Incarnation: Water)
  std::uint64_t beaten_foes = 0;  // adversaries (bits) its again_penalty card has beaten (Words of Discord; play_foes.hpp)
};

struct AdvState {
  int hp_marked = 0, stress_marked = 0;
  bool alive = true, hidden = false, restrained = false, vulnerable = false;
  int distract = 0;           // Difficulty penalty until it next acts
  int spotlights = 0;         // this GM turn
  int last_attacker = -1;     // a PC index, -1 none
  std::array<int, 12> uses{};  // uses left per feature, -1 unlimited
  int goaded_by = -1;  // its next spotlight is an attack on this PC, with disadvantage (Goad Them On), -1 none
  int gift_from = -1, gift_card = -1;  // a gift waiting for the next PC to attack it (Lead by Example): the PC, its card
  int glyph = 0;         // a Difficulty cut until the GM spends its spotlight to clear it (Glyph of Nightfall; play_foes.hpp)
  int silenced_by = -1;  // Silenced (Hush): the caster, -1 none; silence_card: its card
  int silence_card = -1;
};

struct CdState {
  int value = 0, start = 0;
  bool active = false, started = false;
};

}  // namespace encsim::daggerheart
