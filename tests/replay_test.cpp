// `encsim replay`'s narration (issue 13), for every rule system: a status
// block closes every round, the result is printed once, the per-combatant
// totals agree with what was narrated, and a turning-point line ends it.
#include <algorithm>
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "io/narrate.hpp"

namespace {

const std::string kSource = ENCSIM_SOURCE_DIR;

// Trial `trial` of a shipped scenario's base variant at its own seed, as
// `encsim replay FILE --trial N` prints it after its heading.
std::string narrate(const std::string& file, std::uint64_t trial) {
  const encsim::cli::Prepared p = encsim::cli::prepare(kSource + "/scenarios/" + file, {"base"});
  std::ostringstream out;
  encsim::narrate_trial(p.encounters[0], p.scenario.seed, trial, out);
  return out.str();
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

int rounds_of(const std::string& text) {
  std::smatch m;
  const std::regex result("\nResult: [^\n]* after ([0-9]+) round\\(s\\)\\.\n");
  return std::regex_search(text, m, result) ? std::stoi(m[1]) : -1;
}

// Per combatant, the "N taken" of the totals after the result.
std::map<std::string, long> taken(const std::string& text) {
  std::map<std::string, long> out;
  const std::regex row("^  (.+): [0-9]+ attacks, [0-9]+ hits, [0-9]+ damage dealt, ([0-9]+) taken.*$");
  const auto from = text.find("\nResult: ");
  std::smatch m;
  for (const std::string& line : lines(text.substr(from)))
    if (std::regex_match(line, m, row)) out[m[1]] = std::stol(m[2]);
  return out;
}

const char* const kScenarios[] = {"daggerheart/acid-burrower.yaml", "fivey/goblin-ambush.yaml",
                                  "cairn-ap/bandit-toll.yaml", "monsters-and-magic/ogre-bridge.yaml",
                                  "gods-and-monsters/yeti.yaml"};

TEST(Replay, EveryRoundEndsInAStatusBlockAndTheResultComesOnce) {
  for (const char* file : kScenarios)
    for (std::uint64_t trial = 0; trial < 4; ++trial) {
      const std::string out = narrate(file, trial);
      SCOPED_TRACE(std::string(file) + " trial " + std::to_string(trial));
      const int rounds = rounds_of(out);
      ASSERT_GE(rounds, 1) << out;
      EXPECT_EQ(count(out, "Result: "), 1) << out;
      // The systems' own "The party wins in round N." is gone.
      EXPECT_EQ(count(out, "wins in round") + count(out, "win in round") + count(out, " round(s)."), 1) << out;
      EXPECT_EQ(count(out, "-- end of round "), rounds) << out;
      EXPECT_EQ(count(out, "\n  standing: party "), rounds) << out;
      for (int r = 1; r <= rounds; ++r)
        EXPECT_EQ(count(out, "-- end of round " + std::to_string(r) + " --\n"), 1) << r << "\n" << out;
      // The last block comes before the result.
      EXPECT_LT(out.rfind("-- end of round "), out.find("\nResult: "));
    }
}

TEST(Replay, EndsWithTheTurningPointInARoundFought) {
  const std::regex line("Turning point: round ([0-9]+) \\(party [0-9]+% vs foes [0-9]+% -> party [0-9]+% vs foes "
                        "[0-9]+%\\)(: .*)?\\.");
  for (const char* file : kScenarios)
    for (std::uint64_t trial = 0; trial < 4; ++trial) {
      const std::string out = narrate(file, trial);
      SCOPED_TRACE(std::string(file) + " trial " + std::to_string(trial));
      const std::vector<std::string> all = lines(out);
      std::smatch m;
      ASSERT_TRUE(std::regex_match(all.back(), m, line)) << out;
      EXPECT_GE(std::stoi(m[1]), 1);
      EXPECT_LE(std::stoi(m[1]), rounds_of(out));
    }
}

// The Acid Burrower's fight (its PCs with their ready cards and features),
// trial 3: the party loses, and its largest swing is round 1, when the
// Guardian, the Bard and the Sorcerer went down and the four Giant Rats
// (Minions) and both Dire Wolves fell.
TEST(Replay, TurningPointOfAPinnedTrial) {
  const std::vector<std::string> all = lines(narrate("daggerheart/acid-burrower.yaml", 3));
  EXPECT_TRUE(std::any_of(all.begin(), all.end(), [](const std::string& l) { return l.rfind("Result: the foes win", 0) == 0; }));
  EXPECT_EQ(all.back(),
            "Turning point: round 1 (party 100% vs foes 100% -> party 8% vs foes 25%): Guardian (down), Bard (down), "
            "Sorcerer (down), Giant Rat 1 (defeated), Giant Rat 2 (defeated), Giant Rat 3 (defeated), Giant Rat 4 (defeated), "
            "Dire Wolf 1 (defeated) and Dire Wolf 2 (defeated) left the fight; Acid Burrower dealt the most damage (16).");
}

// A Daggerheart PC's damage line says how many HP it has left, as an
// adversary's does, and never marks more than it had.
TEST(Replay, DaggerheartPcDamageShowsHpLeft) {
  const std::regex pc_line("^  [0-9]+( direct)? damage to (Guardian|Ranger|Bard|Sorcerer) \\(thresholds .*$");
  const std::regex ends(".*: marks [0-9]+ HP( \\(of [0-9]+\\))?, [0-9]+ left$");
  int seen = 0;
  for (std::uint64_t trial = 0; trial < 4; ++trial)
    for (const std::string& l : lines(narrate("daggerheart/acid-burrower.yaml", trial)))
      if (std::regex_match(l, pc_line)) {
        ++seen;
        EXPECT_TRUE(std::regex_match(l, ends)) << l;
      }
  EXPECT_GT(seen, 10);
}

// FIVEY: the hit points the totals count are the ones the narration shows
// lost: a blow past the last hit point says how many of its points counted.
TEST(Replay, FiveyTotalsAgreeWithTheNarration) {
  const std::regex hit("^  ([0-9]+) damage to (.+): (([0-9]+) hp lost, )?-?[0-9]+ hp left$");
  int capped = 0;
  for (std::uint64_t trial = 0; trial < 12; ++trial) {
    const std::string out = narrate("fivey/goblin-ambush.yaml", trial);
    std::map<std::string, long> narrated;
    std::smatch m;
    for (const std::string& l : lines(out))
      if (std::regex_match(l, m, hit)) {
        narrated[m[2]] += m[4].matched ? std::stol(m[4]) : std::stol(m[1]);
        capped += m[4].matched;
      }
    for (const auto& [name, n] : taken(out)) EXPECT_EQ(narrated[name], n) << name << " in trial " << trial << "\n" << out;
  }
  EXPECT_GT(capped, 0);  // some blows went past the last hit point
}

// cairn-ap and Monsters & Magic likewise: damage past STR 0 (cairn-ap), to
// temporary hit points or past 0 hp (Monsters & Magic) is narrated, and the
// totals count what the lines say was lost.
TEST(Replay, CairnAndMnmTotalsAgreeWithTheNarration) {
  const std::regex cairn("^  ([0-9]+) damage to (.+?): (([0-9]+) lost, )?HP .*$");
  const std::regex mnm_hit("^  [0-9]+ damage, [^:]*: ([0-9]+) to (.+)$");
  const std::regex mnm_lost("^  (.+): ([0-9]+) hp lost, [0-9]+ hp left$");
  const std::regex mnm_none("^  (.+) has no hp to lose: 0 hp lost$");
  int adjusted = 0;
  for (std::uint64_t trial = 0; trial < 8; ++trial) {
    for (const char* file : {"cairn-ap/bandit-toll.yaml", "monsters-and-magic/goblin-warren.yaml"}) {
      const std::string out = narrate(file, trial);
      std::map<std::string, long> narrated;
      std::smatch m;
      const std::vector<std::string> all = lines(out);
      for (std::size_t k = 0; k < all.size(); ++k) {
        if (std::regex_match(all[k], m, cairn)) {
          narrated[m[2]] += m[4].matched ? std::stol(m[4]) : std::stol(m[1]);
          adjusted += m[4].matched;
        } else if (std::regex_match(all[k], m, mnm_hit)) {
          const std::string who = m[2];
          long n = std::stol(m[1]);
          for (std::size_t j = k + 1; j < all.size() && j <= k + 2; ++j) {
            std::smatch l;
            if (std::regex_match(all[j], l, mnm_lost) && l[1] == who) n = std::stol(l[2]), ++adjusted;
            if (std::regex_match(all[j], l, mnm_none) && l[1] == who) n = 0, ++adjusted;
          }
          narrated[who] += n;
        }
      }
      for (const auto& [name, n] : taken(out))
        EXPECT_EQ(narrated[name], n) << name << " in " << file << " trial " << trial << "\n" << out;
    }
  }
  EXPECT_GT(adjusted, 0);
}

}  // namespace
