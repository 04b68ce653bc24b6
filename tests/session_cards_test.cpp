// Daggerheart domain cards across a session (issue 14): a card's uses carry
// from fight to fight until a rest of its kind gives them back ("once per
// rest": any rest; "once per long rest": a long one; tokens placed at the
// start of a session: never). Scripted dice, one duel fought three times.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "daggerheart_replay.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"

namespace encsim {
namespace {

namespace dh = daggerheart;
using testing::encounter_from;
using testing::ScriptedDice;

// The Hero fails with Fear (2d12: 1 and 2); the foe hits (d20 15) for 12,
// Severe: 3 HP unless a card stops it.
std::string duel(const std::string& cards) {
  return "ruleset: daggerheart\nmax_rounds: 1\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false}\n"
         "party:\n  - {name: Hero, level: 10, proficiency: 1, spellcast: knowledge, traits: {knowledge: 2}, "
         "hp: 6, armor: {thresholds: [1, 2], score: 0}, primary: {damage: d4}, cards: [" + cards + "]}\n"
         "foes:\n  - {name: Foe, difficulty: 10, thresholds: [5, 10], hp: 6, stress: 3, atk: 0, attack: {damage: 12}}\n";
}

struct Fight {
  std::int64_t damage_taken = 0;
  std::string log;
};

Fight fight(const dh::Encounter& enc, dh::PartyState& party) {
  if (party.started) party.fear = enc.fear_start();  // the GM as in the first fight: the same dice suffice
  TrialRecord rec;
  rec.reset(enc.combatant_count(), enc.features().size());
  std::ostringstream os;
  TextLog log(os);
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
  ScriptedDice none{{}, true}, tact{{}, true};
  enc.simulate_carry_with(dice, none, tact, none, rec, log, party);
  EXPECT_TRUE(dice.script.empty()) << os.str();
  return {rec.combatants[0].damage_taken, os.str()};
}

void rest(const dh::Encounter& enc, dh::PartyState& party, dh::RestKind kind, std::string* said = nullptr) {
  dh::RestPlan plan;
  plan.kind = kind;
  plan.moves[0] = plan.moves[1] = dh::DowntimeMove::prepare;  // no dice
  plan.gm_fear = false;
  ScriptedDice none;
  std::ostringstream os;
  TextLog log(os);
  enc.rest(plan, party, none, log);
  if (said) *said = os.str();
}

TEST(SessionCards, AOncePerLongRestCardStaysSpentAfterAShortRest) {
  const auto enc = encounter_from(duel("Book of Grynn"));
  dh::PartyState party;
  EXPECT_EQ(fight(enc, party).damage_taken, 0);  // Arcane Deflection negates the hit
  EXPECT_EQ(party.card_uses[0][0], 0);
  rest(enc, party, dh::RestKind::short_rest);
  EXPECT_EQ(party.card_uses[0][0], 0);
  const Fight second = fight(enc, party);
  EXPECT_EQ(second.damage_taken, 3) << second.log;  // spent: the hit lands
  EXPECT_NE(second.log.find("Hero's Book of Grynn is spent until a long rest"), std::string::npos) << second.log;
  std::string said;
  rest(enc, party, dh::RestKind::long_rest, &said);
  EXPECT_EQ(party.card_uses[0][0], 1);
  EXPECT_NE(said.find("Hero's Book of Grynn is ready again"), std::string::npos) << said;
  EXPECT_EQ(fight(enc, party).damage_taken, 0);
}

TEST(SessionCards, AOncePerRestCardComesBackAfterAShortRestButNotWithoutOne) {
  const auto enc = encounter_from(duel("Scramble"));
  dh::PartyState party;
  EXPECT_EQ(fight(enc, party).damage_taken, 0);
  rest(enc, party, dh::RestKind::none);
  EXPECT_EQ(fight(enc, party).damage_taken, 3);
  rest(enc, party, dh::RestKind::short_rest);
  EXPECT_EQ(party.card_uses[0][0], 1);
  EXPECT_EQ(fight(enc, party).damage_taken, 0);
}

TEST(SessionCards, RefreshIsReadFromTheLibraryAndCheckedThere) {
  const auto refresh = [](const char* name) {
    for (const dh::CardDef& c : dh::card_library())
      if (c.name == name) return c.effect.refresh;
    ADD_FAILURE() << "no card " << name;
    return dh::CardRefresh::rest;
  };
  EXPECT_EQ(refresh("Scramble"), dh::CardRefresh::rest);
  EXPECT_EQ(refresh("Book of Grynn"), dh::CardRefresh::long_rest);
  EXPECT_EQ(refresh("Healing Field"), dh::CardRefresh::long_rest);
  EXPECT_EQ(refresh("Inspirational Words"), dh::CardRefresh::long_rest);
  EXPECT_EQ(refresh("Unleash Chaos"), dh::CardRefresh::session);
  // `refresh` without uses says so, with its place.
  const std::string bad = "cards:\n  - {name: X, domain: Blade, level: 1, type: Ability, when: reaction, "
                          "trigger: damaged, reduce: d4, refresh: long_rest, summary: s}\n";
  EXPECT_NE(testing::message_of([&] { dh::read_card_library("lib.yaml", bad); }).find("`refresh` goes with `uses`"),
            std::string::npos);
  EXPECT_EQ(testing::where_of([&] { dh::read_card_library("lib.yaml", bad); }).first, 2);
}

// Healing Hands' healed allies carry through a session (`once_per_target`):
// a short rest keeps them, a long rest clears them. Every die a 1 (a
// critical: each cast lands). Fight 1 heals Ash (5 HP marked to 3); after a
// short rest Ash is still hurt but healed already: no cast; after a long rest
// (moves that clear no HP) the card heals Ash again.
TEST(SessionCards, HealingHandsRemembersWhomItHealedUntilALongRest) {
  const auto enc = encounter_from(
      "ruleset: daggerheart\nmax_rounds: 1\n"
      "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false}\n"
      "party:\n  - {name: Healer, level: 5, proficiency: 1, evasion: 40, spellcast: knowledge, traits: {knowledge: 2}, "
      "hope: 2, primary: {damage: d4}, cards: [Healing Hands], tactics: [{do: \"card:Healing Hands\"}, {do: attack}]}\n"
      "  - {name: Ash, evasion: 40, hp: 6, marked: {hp: 5}, primary: {damage: d4}}\n"
      "foes:\n  - {name: Foe, difficulty: 30, thresholds: [50, 90], hp: 12, atk: -20, attack: {damage: 12}}\n");
  const auto& cards = enc.pcs[0].cards;
  const auto k = static_cast<std::size_t>(
      std::find_if(cards.begin(), cards.end(), [](const dh::PcCard& c) { return c.def->name == "Healing Hands"; }) - cards.begin());
  ASSERT_LT(k, cards.size());
  auto play = [&](dh::PartyState& party) {
    TrialRecord rec;
    rec.reset(enc.combatant_count(), enc.features().size());
    std::ostringstream os;
    TextLog log(os);
    ScriptedDice ones{{}, true}, none{{}, true}, tact{{}, true};
    enc.simulate_carry_with(ones, none, tact, none, rec, log, party);
    return os.str();
  };
  dh::PartyState party;
  const std::string first = play(party);
  EXPECT_NE(first.find("Healing Hands: Healer heals Ash no more until a long rest"), std::string::npos) << first;
  EXPECT_EQ(party.hp_marked[1], 3);
  EXPECT_EQ(party.once_done[0][k], 1u << 1);
  rest(enc, party, dh::RestKind::short_rest);
  EXPECT_EQ(party.once_done[0][k], 1u << 1);
  const std::string second = play(party);
  EXPECT_EQ(second.find("plays Healing Hands"), std::string::npos) << second;
  std::string said;
  rest(enc, party, dh::RestKind::long_rest, &said);
  EXPECT_EQ(party.once_done[0][k], 0u);
  EXPECT_NE(said.find("Healer's Healing Hands is ready again"), std::string::npos) << said;
  EXPECT_EQ(party.hp_marked[1], 3);
  const std::string third = play(party);
  EXPECT_NE(third.find("Healer plays Healing Hands"), std::string::npos) << third;
}

}  // namespace
}  // namespace encsim
