// The Daggerheart tests' common harness: a scenario and its encounter from
// YAML text (libraries resolved from scenarios/daggerheart), and one fight
// replayed on scripted dice with its narration.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <utility>
#include <sstream>
#include <string>

#include "encsim/encounter.hpp"
#include "encsim/scenario.hpp"
#include "encsim/tally.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "rules/registry.hpp"
#include "scripted_dice.hpp"

namespace encsim::testing {

inline Scenario scenario_from(const std::string& yaml) {
  return load_scenario_text(yaml, "test.yaml", ruleset_ids(), ENCSIM_SOURCE_DIR "/scenarios/daggerheart");
}

inline daggerheart::Encounter encounter_from(const std::string& yaml, std::size_t variant = 0) {
  const Scenario s = scenario_from(yaml);
  return daggerheart::compile(s, s.variants.at(variant));
}

// A scenario's text: PARTY (its list) against FOES in ROUNDS rounds, with no
// class Hope feature, class feature, Experience, help or Tag Team, nor
// adversary Experiences, so the card or feature under test acts alone; MORE
// joins the options (", key: value ...").
inline std::string fight(const std::string& party, const std::string& foes, int rounds = 1, const std::string& more = "") {
  return "ruleset: daggerheart\nmax_rounds: " + std::to_string(rounds) + "\n"
         "options: {tag_team: false, experience_min_hope: 7, help_min_hope: 7, hard_moves: false, "
         "hope_features: false, class_features: false, adversary_experiences: false" + more + "}\n"
         "party:\n" + party + "foes:\n" + foes;
}

struct Replay {
  TrialRecord rec;
  std::string log;
};

// One fight: dice scripted; the tactics stream answers 1 (the first
// candidate) unless a test scripts it; the other streams are never drawn.
inline Replay replay(const daggerheart::Encounter& enc, ScriptedDice& dice,
                          ScriptedDice tact = ScriptedDice{{}, true}) {
  Replay r;
  r.rec.reset(enc.combatant_count(), enc.features().size());
  std::ostringstream os;
  TextLog log(os);
  ScriptedDice none{{}, true};
  enc.simulate_with(dice, none, tact, none, r.rec, log);
  r.log = os.str();
  EXPECT_TRUE(dice.script.empty()) << "unused dice left; log:\n" << r.log;
  return r;
}

// One fight of a session from the carried `party` (left in it at the end):
// the dice as given (a scripted set must be used up; a lenient one answers 1
// past its script), the tactics stream 1, the other streams never drawn.
inline Replay replay_carry(const daggerheart::Encounter& enc, ScriptedDice dice, daggerheart::PartyState& party) {
  Replay r;
  r.rec.reset(enc.combatant_count(), enc.features().size());
  std::ostringstream os;
  TextLog log(os);
  ScriptedDice none{{}, true}, tact{{}, true};
  enc.simulate_carry_with(dice, none, tact, none, r.rec, log, party);
  r.log = os.str();
  if (!dice.lenient) {
    EXPECT_TRUE(dice.script.empty()) << "unused dice left; log:\n" << r.log;
  }
  return r;
}

// A rest of `kind` between two fights: every PC makes moves `a` and `b`
// (ones that roll no dice), the GM gains no Fear; its narration.
inline std::string rest_between(const daggerheart::Encounter& enc, daggerheart::PartyState& party,
                                daggerheart::RestKind kind,
                                daggerheart::DowntimeMove a = daggerheart::DowntimeMove::prepare,
                                daggerheart::DowntimeMove b = daggerheart::DowntimeMove::prepare) {
  daggerheart::RestPlan plan;
  plan.kind = kind;
  plan.moves[0] = a;
  plan.moves[1] = b;
  plan.gm_fear = false;
  ScriptedDice none;
  std::ostringstream os;
  TextLog log(os);
  enc.rest(plan, party, none, log);
  return os.str();
}

// The tactics stream for a two-PC fight whose first PC should act first: its
// first answer 2 keeps the first candidate (by default the last listed acts).
inline ScriptedDice hero_first() { return ScriptedDice{{{2, 2}}, true}; }

// Whether a fight's narration has `text`, and how many times.
inline bool has(const Replay& r, const std::string& text) { return r.log.find(text) != std::string::npos; }
inline int count(const Replay& r, const std::string& text) {
  int n = 0;
  for (auto at = r.log.find(text); at != std::string::npos; at = r.log.find(text, at + 1)) ++n;
  return n;
}

// A one-card library's text: the card X with BODY, its domain, level, type
// and summary filled in; and the error reading it gives ("(no error)": none).
inline std::string card_text(const std::string& body, const std::string& domain = "Bone",
                             const std::string& type = "Ability") {
  return "cards:\n  - {name: X, domain: " + domain + ", level: 1, type: " + type + ", summary: s, " + body + "}\n";
}
inline std::string card_error(const std::string& body, const std::string& domain = "Bone",
                              const std::string& type = "Ability") {
  return message_of([&] { daggerheart::read_card_library("lib.yaml", card_text(body, domain, type)); });
}

// Each card named is in the shipped card library, modelled.
inline void expect_modelled(std::initializer_list<const char*> names) {
  for (const char* name : names) {
    bool found = false;
    for (const daggerheart::CardDef& d : daggerheart::card_library())
      if (d.name == name) {
        found = true;
        EXPECT_EQ(d.status, daggerheart::CardStatus::modelled) << name;
      }
    EXPECT_TRUE(found) << name;
  }
}

}  // namespace encsim::testing
