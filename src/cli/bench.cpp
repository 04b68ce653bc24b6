// encsim bench: fixed built-in workloads (STYLE: Stockfish's bench). It prints
// combats per second on one thread and on all, and a hash of every result: a
// refactor keeps the hash; a rules change states the new one in its commit.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <thread>

#include "cli/cli.hpp"

namespace encsim::cli {
namespace {

struct Workload {
  const char* name;
  const char* yaml;
};

}  // namespace

// FIVEY: four level-1 PCs against five monsters, an ogre lieutenant leading four
// bugbears: a fight the party wins about 60% of the time, in about 3 rounds.
const char* const kFiveyBenchYaml = R"(name: bench-fivey
ruleset: fivey
party:
  - {name: Fighter, strength: 3, dexterity: 1, weapon: longsword, armor: chain, shield: true, hp: 10}
  - {name: Barbarian, strength: 3, dexterity: 2, weapon: greataxe, hp: 11}
  - {name: Archer, dexterity: 3, weapon: bow, armor: leather, hp: 8}
  - name: Sage
    intelligence: 3
    weapon: dagger
    hp: 7
    area_attack: {damage: d6, targets: 3, dc_stat: intelligence, uses: 1, damage_type: fire, magical: true}
foes:
  - {name: Ogre, bracket: lieutenant, defense: 14, leader: true}
  - {name: Bugbear, bracket: elite, defense: 14, count: 4}
)";

// Daggerheart: four level-5 PCs of scenarios/daggerheart/party.yaml (class,
// subclass, ancestry, community, advancements, five domain cards each) against
// the level-1 workload's roles one tier up, at its Battle Points (10 of 14): a
// Demon of Wrath (Bruiser), two Dire Bats (Skulks) and a Stag Knight
// (Standard), with the SRD features the simulator models (those it does not
// are left out; they change nothing). The party wins nearly always, in about 4
// rounds, and a PC goes down in about a quarter of the fights.
const char* const kDaggerheartBenchYaml = R"(name: bench-daggerheart
ruleset: daggerheart
party:
  - name: Warrior 5
    class: warrior
    level: 5
    subclass: Call of the Slayer
    ancestry: Orc
    community: Ridgeborne
    traits: {agility: 2, strength: 1, finesse: 0, instinct: 1, presence: -1, knowledge: 0}
    armor: Advanced Chainmail Armor
    primary: Advanced Longsword
    experiences: {Soldier: 2, Intimidating: 2, Duelist: 2, Veteran Officer: 2}
    cards: [Not Good Enough, Reckless, Scramble, Boost, Vitality]
    advancements: {2: [traits: [agility, strength], hp], 3: [stress, evasion], 4: [traits: [instinct, finesse], domain_card], 5: [traits: [agility, strength], subclass]}
  - name: Guardian 5
    class: guardian
    level: 5
    subclass: Stalwart
    ancestry: Dwarf
    community: Ridgeborne
    traits: {agility: 1, strength: 2, finesse: -1, instinct: 0, presence: 1, knowledge: 0}
    armor: Advanced Chainmail Armor
    primary: Advanced Battleaxe
    experiences: {Bodyguard: 2, Unshakable: 2, Shield Wall: 2, Siege Veteran: 2}
    cards: [Forceful Push, Body Basher, Scramble, Fortified Armor, Armorer]
    advancements: {2: [traits: [strength, agility], hp], 3: [stress, evasion], 4: [traits: [presence, instinct], domain_card], 5: [traits: [strength, agility], subclass]}
  - name: Ranger 5
    class: ranger
    level: 5
    subclass: Wayfinder
    ancestry: Elf
    community: Wanderborne
    traits: {agility: 2, strength: 0, finesse: 1, instinct: 1, presence: -1, knowledge: 0}
    armor: Advanced Leather Armor
    primary: Advanced Shortbow
    experiences: {Tracker: 2, Keen Eyes: 2, Monster Hunter: 2, Trailblazer: 2}
    cards: [Untouchable, Vicious Entangle, Conjure Swarm, Corrosive Projectile, Boost]
    advancements: {2: [traits: [agility, finesse], evasion], 3: [hp, stress], 4: [traits: [instinct, strength], domain_card], 5: [traits: [agility, finesse], subclass]}
  - name: Seraph 5
    class: seraph
    level: 5
    subclass: Divine Wielder
    ancestry: Drakona
    community: Orderborne
    traits: {agility: 0, strength: 2, finesse: 0, instinct: 1, presence: 1, knowledge: -1}
    armor: Advanced Chainmail Armor
    primary: Advanced Hallowed Axe
    secondary: Advanced Round Shield
    experiences: {Temple Acolyte: 2, Field Medic: 2, Crusader: 2, Oathkeeper: 2}
    cards: [Bolt Beacon, Healing Hands, Forceful Push, Body Basher, Armorer]
    advancements: {2: [traits: [strength, instinct], hp], 3: [stress, evasion], 4: [traits: [presence, agility], domain_card], 5: [traits: [strength, instinct], subclass]}
foes:
  - name: Demon of Wrath
    tier: 3
    type: bruiser
    difficulty: 17
    thresholds: [22, 40]
    hp: 7
    stress: 5
    atk: 3
    attack: {name: Fists, range: very_close, damage: 3d8+1, type: magic}
    experiences: {Intimidation: 2}
    features:
      - {name: Anger Unrelenting, kind: passive, direct: true}
      - {name: Retaliation, kind: reaction, trigger: damaged_in_melee, stress: 1, effect: attack, targets: attacker, damage: standard}
  - name: Dire Bat
    count: 2
    tier: 3
    type: skulk
    difficulty: 14
    thresholds: [16, 30]
    hp: 5
    stress: 3
    atk: 2
    attack: {name: Claws and Teeth, range: melee, damage: 2d6+7, type: physical}
    experiences: {Bloodthirsty: 3}
    features:
      - {name: Flying, kind: passive, difficulty_bonus: 3}
      - {name: Screech, kind: action, stress: 1, effect: damage, targets: far, target_stress: 2}
  - name: Stag Knight
    tier: 3
    type: standard
    difficulty: 17
    thresholds: [19, 36]
    hp: 7
    stress: 5
    atk: 3
    attack: {name: Bramble Sword, range: melee, damage: 3d8+3, type: physical}
    experiences: {Forest Knowledge: 3}
    features:
      - {name: Thorny Armor, kind: reaction, trigger: damaged_in_melee, stress: 1, effect: damage, targets: attacker, damage: 1d10+5, type: physical}
)";

// cairn-ap: four PCs (one a caster) against a goblin chief, a warband
// detachment and two goblins, morale on: the party wins about 70%.
const char* const kCairnApBenchYaml = R"(name: bench-cairn-ap
ruleset: cairn-ap
party:
  - {name: Ael'Onor, str: 14, dex: 10, wil: 8, hp: 5, weapon: greataxe, weapon_advantage: 1, armor: [brigandine]}
  - {name: Bo, str: 13, dex: 9, wil: 11, hp: 5, weapon: sword, shield: d6, armor: [gambeson, shield]}
  - {name: Wren, str: 9, dex: 14, wil: 11, hp: 4, weapon: longbow, armor: [gambeson]}
  - name: Barry
    str: 8
    dex: 11
    wil: 14
    hp: 3
    weapon: staff
    free_slots: 4
    mana_dust: 2
    spells: [{name: Firebolt, dice: 2}, {name: Fireball, dice: 3, targets: 3}]
foes:
  - {name: Goblin Chief, str: 12, dex: 12, wil: 11, hp: 5, weapon: axe, armor: 1, leader: true}
  - {name: Goblin Warband, detachment: true, str: 16, wil: 9, hp: 16, weapon: spear, armor: 1}
  - {name: Goblin, str: 8, dex: 12, wil: 7, hp: 3, weapon: dagger, count: 2}
)";

// Gods & Monsters: the combat example's three adventurers and a hireling
// against an ogre and four orcs, the orcs starting unaware of them: surprise,
// verve, injuries, consciousness and death contests all come into play.
const char* const kGodsAndMonstersBenchYaml = R"(name: bench-gods-and-monsters
ruleset: gods-and-monsters
party:
  - {name: Sam, archetype: [thief, warrior], survival: 6, verve: 15, perception: 6, willpower: 5, fortitude: 5, fighting_art: 1, armor: leather, shield: shield, agility: 1, weapon: long_sword}
  - {name: Charlotte, level: 2, archetype: monk, survival: 5, verve: 14, perception: 9, willpower: 9, fortitude: 5, fighting_art: 1, defense: 1, weapon: dagger}
  - {name: Toromeen, level: 2, archetype: warrior, survival: 7, verve: 17, perception: 4, willpower: 7, fortitude: 11, endurance: 15, fighting_art: 2, attack: 2, armor: chain_mail, weapon: battleaxe, weapon_size: small, damage_bonus: 4}
  - {name: Archer, archetype: warrior, survival: 6, verve: 8, reactions: 8, fighting_art: 1, armor: leather, weapon: longbow}
foes:
  - {name: Ogre, level: 5, survival: 27, reactions: 9, attack: 3, defense: 2, weapon: great_sword, weapon_size: large, damage_bonus: 3}
  - {name: Orc, count: 4, archetype: warrior, survival: 6, reactions: 8, attack: 1, armor: leather, weapon: short_sword, damage_bonus: 1, awareness: unaware}
)";

// Monsters & Magic: four tier-1 PCs against a goblin boss (with a thread
// ability), six goblins and an archer: the party wins about three in four,
// in about 8 rounds.
const char* const kMnmBenchYaml = R"(name: bench-monsters-and-magic
ruleset: monsters-and-magic
max_rounds: 30
party:
  - {name: Warden, power: 3, luck: 1, hp: 24, armor: heavy, ac: 4, damage: d10}
  - {name: Rogue, cunning: 3, luck: 2, focus: 1, hp: 18, armor: light, ac: 1, damage: d6, weapon_kind: agile}
  - {name: Ranger, focus: 3, cunning: 1, luck: 1, power: 1, hp: 18, armor: medium, ac: 2, damage: d8, weapon_kind: precise, ranged: true}
  - {name: Friar, power: 2, luck: 2, focus: 2, hp: 20, armor: medium, ac: 2, damage: d6, bond: 2, potions: 2}
foes:
  - name: Goblin Boss
    cr: 2
    hp: 24
    ac: 2
    damage: 2d6
    thread_ability: {name: Cruel Cut, damage: 2d6, save: cunning, condition: sundered}
  - {name: Goblin, cr: 1, hp: 10, ac: 1, damage: d10, fatigue: 2, exhaustion: 1, count: 6}
  - {name: Goblin Archer, cr: 1, hp: 8, damage: d10, ranged: true, fatigue: 2, exhaustion: 1}
)";

namespace {

const Workload kWorkloads[] = {{"fivey: 4 PCs vs 5 monsters", kFiveyBenchYaml},
                               {"daggerheart: 4 level-5 PCs vs 4 adversaries with features", kDaggerheartBenchYaml},
                               {"cairn-ap: 4 PCs vs a chief, a detachment and 2 goblins", kCairnApBenchYaml},
                               {"gods-and-monsters: 4 PCs vs 5 monsters", kGodsAndMonstersBenchYaml},
                               {"monsters-and-magic: 4 PCs vs 8 monsters", kMnmBenchYaml}};

std::uint64_t fnv1a(const std::string& s, std::uint64_t h = 1469598103934665603ULL) {
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  return h;
}

}  // namespace

std::uint64_t engine_fingerprint() {
  // A few chunks of every workload, one thread: a few milliseconds.
  static const std::uint64_t kFingerprint = [] {
    std::uint64_t h = 1469598103934665603ULL;
    for (const Workload& w : kWorkloads) {
      const Scenario scenario = load_scenario_text(w.yaml, w.name, ruleset_ids());
      Prepared p{scenario, {"base"}, {compile_variant(scenario, scenario.variants[0])}};
      RunSettings s;
      s.trials = 2 * kChunkTrials;
      s.seed = 1;
      s.threads = 1;
      const auto results = run_prepared(p, s);
      h = fnv1a(to_csv(summary_table(results)) + to_csv(combatants_table(results)) + to_csv(distributions_table(results)), h);
    }
    return h;
  }();
  return kFingerprint;
}

void setup_bench(CLI::App& sub) {
  struct Args {
    std::uint64_t trials = 2'000'000;
    int threads = 0;
  };
  auto a = std::make_shared<Args>();
  sub.add_option("-n,--trials", a->trials, "trials per workload and thread count (default 2000000)")
      ->check(CLI::Range(1ULL, 1'000'000'000ULL));
  sub.add_option("--threads", a->threads, "threads of the parallel run (default: all cores)")->check(CLI::Range(1, 1024));
  sub.callback([a] {
    const int all = a->threads > 0 ? a->threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::uint64_t total_hash = 1469598103934665603ULL;
    for (const Workload& w : kWorkloads) {
      const Scenario scenario = load_scenario_text(w.yaml, w.name, ruleset_ids());
      Prepared p{scenario, {"base"}, {compile_variant(scenario, scenario.variants[0])}};
      std::uint64_t hashes[2] = {0, 0};
      double rates[2] = {0, 0};
      const int counts[2] = {1, all};
      for (int k = 0; k < 2; ++k) {
        RunSettings s;
        s.trials = a->trials;
        s.seed = 1;
        s.threads = counts[k];
        const auto results = run_prepared(p, s);
        hashes[k] = fnv1a(to_csv(summary_table(results)) + to_csv(combatants_table(results)) +
                          to_csv(distributions_table(results)));
        rates[k] = static_cast<double>(a->trials) / results[0].seconds;
      }
      std::printf("%s, %llu trials\n", w.name, static_cast<unsigned long long>(a->trials));
      std::printf("  1 thread : %12.0f combats/s\n", rates[0]);
      std::printf("  %d threads: %12.0f combats/s (%.2fx)\n", all, rates[1], rates[1] / rates[0]);
      std::printf("  result hash %016llx (%s at 1 and %d threads)\n", static_cast<unsigned long long>(hashes[1]),
                  hashes[0] == hashes[1] ? "identical" : "DIFFERENT", all);
      if (hashes[0] != hashes[1]) throw std::runtime_error("results differ between thread counts");
      total_hash = fnv1a(std::to_string(hashes[1]), total_hash);
    }
    std::printf("Bench: %016llx\n", static_cast<unsigned long long>(total_hash));
  });
}

}  // namespace encsim::cli
