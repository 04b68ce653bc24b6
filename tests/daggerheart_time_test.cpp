// Daggerheart's Book of Yarrow (play_time.hpp): Magic Immunity (`immunity`,
// `immunity_hope`) and Timejammer (`time_stop`), each on scripted dice where
// it fires and where the policy declines it, the immunity carried through a
// session until a rest, and the keys' errors.
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

namespace dh = daggerheart;
using testing::encounter_from;
using testing::fight;
using testing::has;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;

// A PC named NAME (level 10, HP 6, Evasion 10, thresholds 15/21, no Armor Slot, WEAPON) with BODY.
std::string pc(const std::string& name, const std::string& body, const std::string& weapon = "{damage: d4}") {
  return "  - {name: " + name + ", level: 10, proficiency: 1, hp: 6, evasion: 10, primary: " + weapon + ", "
         "armor: {thresholds: [5, 11], score: 0}" + (body.empty() ? "" : ", " + body) + "}\n";
}

// A foe whose standard attack deals DAMAGE of TYPE, with MORE keys.
std::string foe(const std::string& name, int difficulty, int damage, const std::string& type, const std::string& more = "") {
  return "  - {name: " + name + ", difficulty: " + std::to_string(difficulty) + ", thresholds: [10, 20], hp: 6, atk: 0, "
         "attack: {damage: " + std::to_string(damage) + ", type: " + type + "}" + (more.empty() ? "" : ", " + more) + "}\n";
}

const std::string kYarrow = "spellcast: knowledge, cards: [\"Book of Yarrow\"]";

// ---------------------------------------------------------------------------
// Magic Immunity

// Two foes whose 16 magic damage would each mark 2 HP on Hero (a Major hit):
// 4 HP beat the 5 Hope (2.5) and its weapon (Difficulty 24), and no other
// action at itself makes the time stop worth a roll: Hero casts Magic
// Immunity, no roll. Round 2 its weapon fails with Fear; the foe's magic hit
// marks nothing (the 2 HP it would have marked: the card's `healed`). Old
// code: not modelled (the hit marks 2 HP).
TEST(DaggerheartYarrow, MagicImmunityTurnsAwayAMagicAttack) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 5, " + kYarrow),
                                        foe("Mage", 24, 16, "magic") + foe("Witch", 24, 16, "magic"), 2,
                                        ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Book of Yarrow: Magic Immunity")) << r.log;
  EXPECT_TRUE(has(r, "Book of Yarrow: Hero spends 5 Hope (0 left): immune to magic damage until its next rest")) << r.log;
  EXPECT_TRUE(has(r, "16 magic damage to Hero: immune (Book of Yarrow), no HP marked")) << r.log;
  EXPECT_TRUE(has(r, "Immune to magic")) << r.log;  // the status line
  EXPECT_EQ(r.rec.combatants[0].hp_left, 6) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Book of Yarrow");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 5);
  EXPECT_EQ(f.healed, 2);
  EXPECT_EQ(f.conditions, 1);
}

// The immunity covers a magic area feature too (a reaction roll at every PC):
// Hero (first to act) casts it, Pal's weapon fails with Fear, and Mage's
// Blast reaches both: Pal marks 3 HP (a Severe hit), Hero none.
TEST(DaggerheartYarrow, MagicImmunityCoversAMagicAreaFeature) {
  const std::string mage = foe("Mage", 24, 1, "physical",
                               "features: [{name: Blast, kind: action, effect: reaction_roll, targets: far, damage: 22, "
                               "type: magic, trait: agility, difficulty: 30}]");
  const auto enc = encounter_from(fight(pc("Hero", "hope: 5, " + kYarrow) + pc("Pal", ""), mage, 1,
                                        ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {12, 1}, {12, 2}, {12, 1}, {12, 2}}};
  const Replay r = replay(enc, dice, testing::hero_first());
  EXPECT_TRUE(has(r, "Hero plays Book of Yarrow: Magic Immunity")) << r.log;
  EXPECT_TRUE(has(r, "22 magic damage to Hero: immune (Book of Yarrow), no HP marked")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 6) << r.log;
  EXPECT_EQ(r.rec.combatants[1].hp_left, 3) << r.log;
}

// Against foes that deal physical damage only the immunity is worth nothing
// (and so is the time stop, with no other action at itself): Hero attacks.
TEST(DaggerheartYarrow, NoSpellAgainstPhysicalFoes) {
  testing::expect_modelled({"Book of Yarrow"});  // declined, not missing
  const auto enc = encounter_from(fight(pc("Hero", "hope: 5, " + kYarrow),
                                        foe("Brute", 24, 8, "physical") + foe("Thug", 24, 8, "physical"), 1,
                                        ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 1}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "plays Book of Yarrow")) << r.log;
  EXPECT_TRUE(has(r, "Hero misses")) << r.log;
}

// In a session the immunity holds into the next fight with no rest between
// (Hero does not cast it again) and ends with a short rest (it casts it again).
TrialRecord session_fight(const dh::Encounter& enc, dh::PartyState& party, std::string* said) {
  testing::Replay r = testing::replay_carry(enc, ScriptedDice{{}, true}, party);
  *said = r.log;
  return r.rec;
}

TEST(DaggerheartYarrow, MagicImmunityLastsUntilTheNextRest) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 5, " + kYarrow),
                                        foe("Mage", 24, 16, "magic") + foe("Witch", 24, 16, "magic"), 1,
                                        ", fear_start: 0, fear_reserve: 1"));
  dh::PartyState party;
  std::string said;
  session_fight(enc, party, &said);
  EXPECT_NE(said.find("Hero plays Book of Yarrow: Magic Immunity"), std::string::npos) << said;
  EXPECT_NE(party.immunity[0], 0);
  party.hope[0] = 5;
  session_fight(enc, party, &said);
  EXPECT_NE(said.find("Hero is still immune to magic damage (Book of Yarrow, until a rest)"), std::string::npos) << said;
  EXPECT_EQ(said.find("plays Book of Yarrow"), std::string::npos) << said;
  const std::string rested = testing::rest_between(enc, party, dh::RestKind::short_rest);
  EXPECT_NE(rested.find("Hero's immunity to magic damage ends with the rest"), std::string::npos) << rested;
  EXPECT_EQ(party.immunity[0], 0);
  party.hope[0] = 5;
  session_fight(enc, party, &said);
  EXPECT_NE(said.find("Hero plays Book of Yarrow: Magic Immunity"), std::string::npos) << said;
}

// ---------------------------------------------------------------------------
// Timejammer

// Hero (Knowledge 7, 5 Hope) faces two magic foes: the immunity (4 HP less
// 2.5) beats its weapon (d4+7 against thresholds 10/20: a Minor hit, 1 HP at
// Difficulty 10), and the time stop's chance (2d12 + 7 against 18) times both
// beats either alone. Hope 3, Fear 10: 20, a success with Fear: the GM gains
// the Fear, and the turn it owes waits. In stopped time Hero casts Magic
// Immunity (no roll: time stays stopped), then attacks (13 against 10, with
// Hope): the frozen foe does not react to the HP it marks, and time resumes;
// only then does the GM take the turn the Fear gave it (a foe attacks, d20 1:
// a miss). Old code: not modelled.
TEST(DaggerheartYarrow, TimejammerStopsTimeForAnActionAtItselfAndAnAttack) {
  const std::string spite = "features: [{name: Spite, kind: reaction, trigger: marks_hp, effect: damage, targets: attacker, damage: 3}]";
  const auto enc = encounter_from(fight(pc("Hero", "hope: 5, traits: {knowledge: 7}, " + kYarrow, "{damage: d4+7}"),
                                        foe("Mage", 10, 16, "magic", spite) + foe("Witch", 10, 16, "magic", spite), 1,
                                        ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 3}, {12, 10}, {12, 10}, {12, 3}, {4, 2}, {20, 1}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Book of Yarrow: Timejammer")) << r.log;
  EXPECT_TRUE(has(r, "Timejammer: time stops for everyone but Hero; it acts again at once (the GM's turn from this roll "
                     "waits for time to resume)")) << r.log;
  EXPECT_TRUE(has(r, "Hero plays Book of Yarrow: Magic Immunity")) << r.log;
  EXPECT_TRUE(has(r, "is frozen in time: no reaction")) << r.log;
  EXPECT_TRUE(has(r, "Time resumes (an action roll at another creature has resolved)")) << r.log;
  EXPECT_LT(r.log.find("Magic Immunity"), r.log.find("Time resumes")) << r.log;
  EXPECT_LT(r.log.find("Time resumes"), r.log.find("GM turn")) << r.log;  // the owed turn, after time resumes
  EXPECT_EQ(r.rec.combatants[0].hp_left, 6) << r.log;
  EXPECT_EQ(r.rec.resources[dh::kFearEnd], 1) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Book of Yarrow");
  EXPECT_EQ(f.uses, 2);  // the time stop and the immunity
}

// The roll fails (with Fear): the spotlight passes and Mage's hit lands.
TEST(DaggerheartYarrow, ATimejammerThatFailsPassesTheSpotlight) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 5, traits: {knowledge: 7}, " + kYarrow, "{damage: d4+7}"),
                                        foe("Mage", 10, 16, "magic") + foe("Witch", 10, 16, "magic"), 1,
                                        ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  const Replay r = replay(enc, dice);
  EXPECT_TRUE(has(r, "Hero plays Book of Yarrow: Timejammer")) << r.log;
  EXPECT_TRUE(has(r, "Timejammer fails")) << r.log;
  EXPECT_FALSE(has(r, "time stops")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 4) << r.log;
}

// With no action at itself worth taking (physical foes: no immunity to buy)
// the time stop would only delay the attack: Hero attacks.
TEST(DaggerheartYarrow, NoTimejammerWithoutAnActionAtItself) {
  testing::expect_modelled({"Book of Yarrow"});  // declined, not missing
  const auto enc = encounter_from(fight(pc("Hero", "hope: 5, traits: {knowledge: 7}, " + kYarrow, "{damage: d4+7}"),
                                        foe("Brute", 10, 8, "physical"), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 10}, {12, 3}, {4, 2}}};
  const Replay r = replay(enc, dice);
  EXPECT_FALSE(has(r, "Timejammer")) << r.log;
  EXPECT_TRUE(has(r, "damage 1d4+7 = 9")) << r.log;
}

// ---------------------------------------------------------------------------
// The keys

TEST(DaggerheartYarrow, KeyErrors) {
  EXPECT_NE(testing::card_error("target: self, immunity: magic", "Codex", "Grimoire").find("immunity needs the Hope it costs"),
            std::string::npos);
  EXPECT_NE(testing::card_error("target: self, immunity: magik, immunity_hope: 5", "Codex", "Grimoire").find("did you mean 'magic'"),
            std::string::npos);
  EXPECT_NE(testing::card_error("target: self, immunity_hope: 5", "Codex", "Grimoire").find("write immunity too"),
            std::string::npos);
  EXPECT_NE(testing::card_error("target: self, roll: spellcast, time_stop: 18", "Codex", "Grimoire")
                .find("immunity and time_stop go with an action at `target: self`"),
            std::string::npos);
  EXPECT_NE(testing::card_error("target: enemy, time_stop: 18", "Codex", "Grimoire").find("immunity and time_stop go with"),
            std::string::npos);
  EXPECT_EQ(testing::card_error("target: self, immunity: magic, immunity_hope: 5, time_stop: 18", "Codex", "Grimoire"),
            "(no error)");
  testing::expect_modelled({"Book of Yarrow"});
}

}  // namespace
}  // namespace encsim
