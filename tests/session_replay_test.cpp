// `encsim replay SESSION.yaml --trial K` (issue 14): the session told fight by
// fight is the one `run` played as session K (each fight's outcome equals
// play_session's, the runner's own loop), for every system with sessions; its
// headers, rests and ending; the command line.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/replay_session.hpp"
#include "cli/session.hpp"
#include "encsim/session_runner.hpp"
#include "run_encsim.hpp"

namespace encsim {
namespace {

// The plan run_compiled() builds for variant j, and play_session's outcomes for one trial.
template <class E>
std::vector<Outcome> played(const cli::CompiledSession& c, std::size_t j, std::uint64_t seed, std::uint64_t trial) {
  const SessionVariant& v = c.session.variants[c.variants[j]];
  SessionPlan<E> plan;
  std::size_t k = 0;
  for (const SessionItem& it : v.items) {
    SessionStep<E> step;
    step.key = it.key;
    if (it.fight) step.fight = &std::get<E>(c.encounters[j][k++]);
    else step.rest = E::compile_rest(it.rest, it.rest_options);
    plan.steps.push_back(step);
  }
  typename E::PartyState party;
  std::vector<TrialRecord> records(plan.fight_count());
  NullLog log;
  std::vector<Outcome> out;
  play_session(plan, seed, trial, party, records, log,
               [&](std::size_t, const TrialRecord& rec) { out.push_back(rec.outcome); });
  return out;
}

template <class E>
void expect_replay_is_the_run(const std::string& dir, std::size_t variant, int trials) {
  const auto c = cli::compile_session(ENCSIM_SOURCE_DIR "/scenarios/" + dir + "/day.yaml", {});
  ASSERT_LT(variant, c.variants.size());
  bool reached_last = false, ended_early = false;
  for (int t = 0; t < trials; ++t) {
    std::ostringstream os;
    const auto told = cli::narrate_session(c, variant, c.session.seed, static_cast<std::uint64_t>(t), os);
    const auto want = played<E>(c, variant, c.session.seed, static_cast<std::uint64_t>(t));
    EXPECT_EQ(told, want) << dir << " session " << t << "\n" << os.str();
    const std::string text = os.str();
    // One result line per fight reached.
    std::size_t results = 0;
    for (std::size_t p = text.find("\nResult: "); p != std::string::npos; p = text.find("\nResult: ", p + 1)) ++results;
    EXPECT_EQ(results, told.size()) << text;
    const std::size_t n = c.encounters[variant].size();
    reached_last |= told.size() == n;
    ended_early |= told.back() != Outcome::party_win;
    if (told.back() == Outcome::party_win && told.size() == n)
      EXPECT_NE(text.find("Session: the party gets through all"), std::string::npos) << text;
    else
      EXPECT_NE(text.find("Session: it ends in fight " + std::to_string(told.size()) + " of " + std::to_string(n)),
                std::string::npos)
          << text;
  }
  EXPECT_TRUE(reached_last) << dir;  // the sessions told include ones that go the distance
  EXPECT_TRUE(ended_early) << dir;   // and ones that end early
}

TEST(SessionReplay, EachFightsOutcomeIsTheRunsFivey) { expect_replay_is_the_run<fivey::Encounter>("fivey", 0, 40); }
TEST(SessionReplay, EachFightsOutcomeIsTheRunsDaggerheart) {
  expect_replay_is_the_run<daggerheart::Encounter>("daggerheart", 0, 60);
}
TEST(SessionReplay, EachFightsOutcomeIsTheRunsMonstersAndMagic) {
  expect_replay_is_the_run<mnm::Encounter>("monsters-and-magic", 0, 25);
}
TEST(SessionReplay, AVariantThatMovesARestIsToldInItsOrder) {
  expect_replay_is_the_run<fivey::Encounter>("fivey", 3, 40);  // rest before the ford
}

TEST(SessionReplay, HeadersRestsAndWhatThePartyCarries) {
  const auto c = cli::compile_session(ENCSIM_SOURCE_DIR "/scenarios/fivey/day.yaml", {});
  std::string text;
  for (std::uint64_t t = 0; t < 200 && text.empty(); ++t) {
    std::ostringstream os;
    if (cli::narrate_session(c, 0, c.session.seed, t, os).size() == 3) text = os.str();
  }
  ASSERT_FALSE(text.empty());
  EXPECT_NE(text.find("== Fight 1 of 3: ambush ==\n"), std::string::npos) << text;
  EXPECT_NE(text.find("== Fight 2 of 3: ford (no rest before it) ==\nThe party carries in: party_hp "), std::string::npos)
      << text;
  EXPECT_NE(text.find("== Rest: night (night) ==\n"), std::string::npos) << text;
  EXPECT_NE(text.find("== Fight 3 of 3: bridge (after a night rest) ==\n"), std::string::npos) << text;
  // The rest tells each living PC's rest action, and the fight what each carries.
  EXPECT_TRUE(text.find(" recovers ") != std::string::npos || text.find(" practises") != std::string::npos) << text;
  EXPECT_NE(text.find("Veteran carries "), std::string::npos) << text;
}

TEST(SessionReplay, TheCommandLineTellsASessionAndRefusesWhatItCannot) {
  const std::string day = ENCSIM_SOURCE_DIR "/scenarios/monsters-and-magic/day.yaml";
  const auto r = testing::encsim("replay " + day + " --trial 3");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("day [base], seed 20261126, session 3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("== Fight 1 of 3: patrol =="), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nSession: "), std::string::npos) << r.out;
  const auto v = testing::encsim("replay " + day + " --trial 3 --variant 'no rest'");
  ASSERT_EQ(v.code, 0) << v.out;
  EXPECT_NE(v.out.find("No rest: the party goes on as it is."), std::string::npos) << v.out;
  for (const std::string& refused : {"replay " + day + " --pick worst-loss", "replay " + day + " --outcome foes",
                                     "replay " + day + " --set max_rounds=3"}) {
    const auto x = testing::encsim(refused);
    EXPECT_EQ(x.code, 2) << refused << "\n" << x.out;
    EXPECT_NE(x.out.find("not yet for sessions"), std::string::npos) << refused << "\n" << x.out;
  }
}

}  // namespace
}  // namespace encsim
