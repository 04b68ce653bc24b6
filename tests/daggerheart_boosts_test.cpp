// Daggerheart cards that boost the PC itself or an ally (play_boosts.hpp,
// play_feats.hpp): A Soldier's Bond (`trigger: session_start`, `target: both`,
// once per long rest), Ferocity (`trigger: foe_marked`, `evasion_marks`),
// Wild Surge (`trigger: spotlight`, `rising_die`) and Tactician (`trigger:
// roll`, `on_tag_team`) and Fane of the Wilds (`uses_trait: domain`,
// `add_each`, `crit_use`), each on scripted dice where it fires and where it
// does not; the new keys' errors.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "daggerheart_replay.hpp"
#include "feature_lookup.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

using testing::encounter_from;
using testing::has;
using testing::hero_first;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;
namespace dh = daggerheart;

// HERO (its body: Evasion 10, thresholds 5/11) and Pal (level 1, thresholds
// 1/2, no Armor Slot, HP 6, Evasion 30 so the foes turn to Hero; PAL adds to
// it) against FOES (by default one foe with atk +0, Difficulty 10, thresholds
// 2/10, HP 6, Stress 3, attack 6), in one round, with no class Hope feature,
// class feature, Experience or help; OPTS adds options (Tag Team is off).
const std::string kFoe = "  - {name: Foe, difficulty: 10, thresholds: [2, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 6}}\n";
std::string pair_of(const std::string& hero, const std::string& pal, const std::string& foes = kFoe,
                    const std::string& opts = "tag_team: false") {
  std::string y = "ruleset: daggerheart\nmax_rounds: 1\n"
                  "options: {experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
                  "hope_features: false, class_features: false, " + opts + "}\n";
  y += "party:\n  - {name: Hero, evasion: 10, primary: {damage: d4}, armor: {thresholds: [5, 11], score: 3}, " + hero + "}\n";
  y += "  - {name: Pal, level: 1, hp: 6, evasion: 30, armor: {thresholds: [1, 2], score: 0}, primary: {damage: d4}" +
       (pal.empty() ? std::string() : ", " + pal) + "}\n";
  return y + "foes:\n" + foes;
}

// ---------------------------------------------------------------------------
// A Soldier's Bond (Blade 2): `trigger: session_start`, `target: both`

// As the session begins Hero and one ally gain 3 Hope each: with Pal (2 Hope)
// and Ada (5 Hope, 1 short of its 6), Pal gains more, so Pal is the one; Ada
// gets nothing. Old code: not modelled (no Hope given).
TEST(DaggerheartBoosts, ASoldiersBondGivesThePcAndTheAllyThatGainsMost3Hope) {
  std::string y = pair_of("level: 2, hope: 2, cards: [\"A Soldier's Bond\"]", "hope: 2");
  y.replace(y.find("foes:"), 5, "  - {name: Ada, level: 1, hp: 6, evasion: 30, hope: 5, primary: {damage: d4}}\nfoes:");
  const auto enc = encounter_from(y);
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero's A Soldier's Bond as the session begins")) << r.log;
  EXPECT_TRUE(has(r, "  Hero gains 3 Hope (5)")) << r.log;
  EXPECT_TRUE(has(r, "  Pal gains 3 Hope (5)")) << r.log;
  EXPECT_FALSE(has(r, "  Ada gains 3 Hope")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "A Soldier's Bond").uses, 1);
  // On a tie (both at 2 Hope), the ally first by name: Ada.
  std::string tie = pair_of("level: 2, hope: 2, cards: [\"A Soldier's Bond\"]", "hope: 2");
  tie.replace(tie.find("foes:"), 5, "  - {name: Ada, level: 1, hp: 6, evasion: 30, hope: 2, primary: {damage: d4}}\nfoes:");
  ScriptedDice dice2{{}, true};
  const Replay k = replay(encounter_from(tie), dice2);
  EXPECT_TRUE(has(k, "  Ada gains 3 Hope (5)")) << k.log;
  EXPECT_FALSE(has(k, "  Pal gains 3 Hope")) << k.log;
}

// Across a session: spent in the first fight, not back after a short rest,
// back after a long one, given as that fight begins.
TrialRecord fight(const dh::Encounter& enc, dh::PartyState& party, std::string* said) {
  TrialRecord rec;
  rec.reset(enc.combatant_count(), enc.features().size());
  std::ostringstream os;
  TextLog log(os);
  ScriptedDice dice{{}, true}, none{{}, true}, tact{{}, true};
  enc.simulate_carry_with(dice, none, tact, none, rec, log, party);
  *said = os.str();
  return rec;
}

void rest(const dh::Encounter& enc, dh::PartyState& party, dh::RestKind kind) {
  dh::RestPlan plan;
  plan.kind = kind;
  plan.moves[0] = plan.moves[1] = dh::DowntimeMove::prepare;  // no dice
  plan.gm_fear = false;
  ScriptedDice none;
  std::ostringstream os;
  TextLog log(os);
  enc.rest(plan, party, none, log);
}

TEST(DaggerheartBoosts, ASoldiersBondComesBackWithALongRest) {
  const auto enc = encounter_from(pair_of("level: 2, hope: 0, cards: [\"A Soldier's Bond\"]", "hope: 0"));
  dh::PartyState party;
  std::string said;
  fight(enc, party, &said);
  EXPECT_NE(said.find("Hero's A Soldier's Bond as the session begins"), std::string::npos) << said;
  party.hope[0] = party.hope[1] = 0;
  rest(enc, party, dh::RestKind::short_rest);
  fight(enc, party, &said);
  EXPECT_EQ(said.find("A Soldier's Bond as the"), std::string::npos) << said;
  EXPECT_NE(said.find("Hero's A Soldier's Bond is spent until a long rest"), std::string::npos) << said;
  party.hope[0] = party.hope[1] = 0;
  rest(enc, party, dh::RestKind::long_rest);
  fight(enc, party, &said);
  EXPECT_NE(said.find("Hero's A Soldier's Bond as the fight begins"), std::string::npos) << said;
  EXPECT_NE(said.find("  Pal gains 2 Hope (6)"), std::string::npos) << said;  // 4 from preparing together
}

// ---------------------------------------------------------------------------
// Ferocity (Bone 2): `trigger: foe_marked`, `evasion_marks`

// Hero's hit (Hope 9, Fear 3; d4 3 against thresholds 2/10) makes Foe mark 2
// HP: 2 Hope buy +2 Evasion. Pal fails with Fear; Foe's d20 11 would hit
// Evasion 10 but misses 12, and the bonus ends. Old code: not modelled (11
// hits). With a d4 of 1 (1 HP marked) the card is kept.
TEST(DaggerheartBoosts, FerocityRaisesEvasionByTheHpMarkedUntilTheNextAttack) {
  const auto enc = encounter_from(pair_of("level: 2, proficiency: 1, hope: 3, cards: [Ferocity]", ""));
  ScriptedDice dice{{{12, 9}, {12, 3}, {4, 3}, {12, 1}, {12, 2}, {20, 11}}, true};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Hero plays Ferocity: +2 Evasion until the next attack on it")) << r.log;
  EXPECT_TRUE(has(r, "vs Evasion 12 of Hero: miss")) << r.log;
  EXPECT_TRUE(has(r, "(Hero's Ferocity turned the attack away; its Evasion drops by 2)")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].damage_taken, 0) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Ferocity");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 2);
  ScriptedDice dice2{{{12, 9}, {12, 3}, {4, 1}, {12, 1}, {12, 2}, {20, 11}}, true};
  const Replay k = replay(enc, dice2, hero_first());
  EXPECT_FALSE(has(k, "plays Ferocity")) << k.log;
  EXPECT_TRUE(has(k, "vs Evasion 10 of Hero: hit")) << k.log;
}

// ---------------------------------------------------------------------------
// Wild Surge (Sage 7): `trigger: spotlight`, `rising_die`

// As its first spotlight begins Hero marks a Stress and the d6 starts at 1:
// its roll (Hope 1, Fear 2) gains +1. Old code: not modelled (+0).
TEST(DaggerheartBoosts, WildSurgeAddsItsDieToTheRoll) {
  const auto enc = encounter_from(pair_of("level: 7, proficiency: 1, stress: 6, traits: {agility: 0}, cards: [Wild Surge]", ""));
  ScriptedDice dice{{{12, 1}, {12, 2}}, true};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Hero plays Wild Surge: a d6 at 1 joins each of its action rolls")) << r.log;
  EXPECT_TRUE(has(r, "Wild Surge: +1 to Hero's roll")) << r.log;
  EXPECT_TRUE(has(r, "Hero rolls Hope 1, Fear 2 +1 = 4 vs 10")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].extra[dh::kExtraStressMarked], 1) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Wild Surge").uses, 1);
  // With only 2 Stress slots free (4 of 6 marked) it is kept: both its Stress would fill them.
  const auto tired = encounter_from(
      pair_of("level: 7, proficiency: 1, stress: 6, marked: {stress: 4}, traits: {agility: 0}, cards: [Wild Surge]", ""));
  ScriptedDice dice2{{{12, 1}, {12, 2}}, true};
  EXPECT_FALSE(has(replay(tired, dice2, hero_first()), "plays Wild Surge"));
}

// Over a long fight (every die a 1: criticals, the foe missing) the die
// climbs to 6, then ends: the PC marks another Stress, and no roll of its gets
// more than +6. Old code: not modelled.
TEST(DaggerheartBoosts, WildSurgeEndsPastSixWithAnotherStress) {
  std::string y = pair_of("level: 7, proficiency: 1, stress: 6, traits: {agility: 0}, cards: [Wild Surge]", "",
                          "  - {name: Foe, difficulty: 30, thresholds: [30, 60], hp: 12, stress: 3, atk: 0, attack: {damage: 6}}\n");
  y.replace(y.find("max_rounds: 1"), 13, "max_rounds: 12");
  const auto enc = encounter_from(y);
  ScriptedDice dice{{}, true};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Wild Surge: +6 to Hero's roll")) << r.log;
  EXPECT_TRUE(has(r, "Hero's Wild Surge would pass 6: it ends, and Hero marks 1 Stress")) << r.log;
  EXPECT_EQ(testing::count(r, "Wild Surge: +"), 6) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Wild Surge");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 2);  // the Stress to start it, and the one it ends with
}

// ---------------------------------------------------------------------------
// Tactician (Bone 3): `trigger: roll`, `on_tag_team`

// Hero (3 Hope, Tag Team from 3) starts a Tag Team roll with Pal: its own
// roll has a d20 Hope Die (15), Pal's a d12; then Pal starts one with Hero,
// whose roll as the partner has a d20 too. Old code: not modelled (a d12
// asked: the script's d20 fails). Hero's own rolls keep a d12.
TEST(DaggerheartBoosts, TacticianRollsAD20HopeDieOnATagTeamRoll) {
  const auto enc = encounter_from(pair_of("level: 3, proficiency: 1, hope: 3, cards: [Tactician]", "",
                                          kFoe, "tag_team: true, tag_team_min_hope: 3"));
  ScriptedDice dice{{{20, 15}, {12, 3}, {12, 2}, {12, 4}}, true};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Tactician: Hero rolls a d20 Hope Die on the Tag Team roll")) << r.log;
  EXPECT_TRUE(has(r, "Hero rolls Hope 15 (d20), Fear 3")) << r.log;
  EXPECT_TRUE(has(r, "Pal rolls Hope 2, Fear 4")) << r.log;
  // Pal (3 Hope after it) then starts one with Hero: Hero's roll as the partner has a d20 too.
  EXPECT_TRUE(has(r, "Pal spends 3 Hope on a Tag Team roll with Hero")) << r.log;
  EXPECT_TRUE(has(r, "Hero rolls Hope 1 (d20), Fear 1")) << r.log;
  EXPECT_EQ(testing::feature(enc.features(), r.rec, 0, "Tactician").uses, 2) << r.log;
  // No Tag Team (too little Hope): a d12 Hope Die.
  const auto alone = encounter_from(pair_of("level: 3, proficiency: 1, hope: 2, cards: [Tactician]", "",
                                            kFoe, "tag_team: true, tag_team_min_hope: 3"));
  ScriptedDice dice2{{{12, 9}, {12, 3}}, true};
  const Replay k = replay(alone, dice2, hero_first());
  EXPECT_TRUE(has(k, "Hero rolls Hope 9, Fear 3")) << k.log;
  EXPECT_FALSE(has(k, "Tactician")) << k.log;
}

// ---------------------------------------------------------------------------
// Fane of the Wilds (Sage 9): `uses_trait: domain`, `add_each`, `crit_use`

// Three Sage cards in the loadout: 3 tokens. Corrosive Projectile's roll
// (Hope 5, Fear 3, +0 = 8 against 10) fails by 2: two tokens make it a
// success with Hope, one is left. Old code: not modelled (a failure).
TEST(DaggerheartBoosts, FaneOfTheWildsSpendsTokensToTurnAFailedSpellcastRoll) {
  const std::string sage = "level: 9, proficiency: 1, spellcast: knowledge, traits: {knowledge: 0}, "
                           "cards: [Fane of the Wilds, Corrosive Projectile, Vicious Entangle], "
                           "tactics: [{do: \"card:Corrosive Projectile\"}]";
  const auto enc = encounter_from(pair_of(sage, ""));
  std::size_t k = 0;
  while (enc.pcs.at(0).cards[k].def->name != "Fane of the Wilds") ++k;
  EXPECT_EQ(dh::card_uses_full(enc.pcs.at(0), k), 3);
  ScriptedDice dice{{{12, 5}, {12, 3}, {6, 2}}, true};
  const Replay r = replay(enc, dice, hero_first());
  EXPECT_TRUE(has(r, "Hero spends 2 of Fane of the Wilds's tokens: +2, total 10: success with Hope (1 left)")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Fane of the Wilds");
  EXPECT_EQ(f.uses, 2);  // a use per token
  EXPECT_EQ(f.conditions, 1);  // a failure turned
  // Short by 5, more than the 3 tokens: none spent.
  ScriptedDice dice2{{{12, 1}, {12, 4}}, true};
  const Replay k2 = replay(enc, dice2, hero_first());
  EXPECT_FALSE(has(k2, "tokens")) << k2.log;
  // A critical Sage spell gains a token: 4.
  ScriptedDice dice3{{{12, 4}, {12, 4}, {6, 2}}, true};
  const Replay k3 = replay(enc, dice3, hero_first());
  EXPECT_TRUE(has(k3, "Fane of the Wilds: a critical Sage spell: Hero gains a token (4)")) << k3.log;
}

// ---------------------------------------------------------------------------
// Bad input for the new keys

std::string error_of(const std::string& body) { return testing::card_error(body); }

TEST(DaggerheartBoosts, TheNewKeysReportBadInput) {
  // evasion_marks and foe_marked go together, on the PC itself, with costs only.
  EXPECT_NE(error_of("when: reaction, trigger: hit, bonus: d6, evasion_marks: true").find("evasion_marks goes with it"),
            std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: foe_marked, hope: 2, gain_hope: 1").find("foe_marked"), std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: foe_marked, target: party, hope: 2, evasion_marks: true").find("foe_marked"),
            std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: foe_markd, target: self, evasion_marks: true").find("did you mean"),
            std::string::npos);
  // target: both goes with ally_failed or session_start; a session_start gift's uses go with a long rest.
  EXPECT_NE(error_of("when: reaction, trigger: missed, target: both, gain_hope: 1").find("`target: both`"), std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: session_start, target: both, gain_hope: 3, uses: 1").find("refresh: long_rest"),
            std::string::npos);
  // rising_die: a spotlight reaction's, with a Stress and uses; 2 to 20 sides.
  EXPECT_NE(error_of("when: reaction, trigger: spotlight, stress: 1, uses: 1, rising_die: 1").find("2 to 20"),
            std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: spotlight, uses: 1, rising_die: 6").find("rising_die goes with"),
            std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: attack, stress: 1, uses: 1, rising_die: 6").find("rising_die goes with"),
            std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: spotlight, stress: 1, uses: 1, rising_die: 6, fight_traits: 1").find("one of them"),
            std::string::npos);
  // on_tag_team: a free roll reaction's hope_die.
  EXPECT_NE(error_of("when: reaction, trigger: roll, hope_die: 20, hope: 1, on_tag_team: true").find("on_tag_team goes with"),
            std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: rolled, reroll_hope: 1, on_tag_team: true").find("on_tag_team goes with"),
            std::string::npos);
  // add_each: a rolled add_roll with limited uses; crit_use: a domain card with limited uses; uses_trait: domain.
  EXPECT_NE(error_of("when: reaction, trigger: rolled, add_roll: 1, add_each: true").find("add_each goes with"), std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: rolled, reroll_hope: 1, uses: 2, add_each: true").find("add_each goes with"),
            std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: rolled, add_roll: 1, crit_use: true").find("crit_use goes with"), std::string::npos);
  EXPECT_NE(error_of("when: reaction, trigger: rolled, add_roll: 1, uses_trait: domian").find("did you mean 'domain'"),
            std::string::npos);
  const std::string feature = testing::message_of([] {
    dh::read_feature_library("f.yaml", "features:\n  - {name: X, ancestry: Orc, when: reaction, trigger: rolled, add_roll: 1, "
                                       "uses_trait: domain, summary: s}\n");
  });
  EXPECT_NE(feature.find("`uses_trait: domain`"), std::string::npos) << feature;
}

}  // namespace
}  // namespace encsim
