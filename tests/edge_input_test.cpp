// Bad input found by review, each kept as a test: every one exits 2 with a
// position, never a crash, a silent default or a broken output file.
#include <gtest/gtest.h>

#include <fstream>

#include "cli/cli.hpp"
#include "input_error.hpp"
#include "rules/registry.hpp"

namespace encsim {
namespace {

using testing::message_of;
using testing::render_of;

std::string load_error(const std::string& yaml) {
  return render_of([&] {
    const Scenario s = load_scenario_text(yaml, "e.yaml", ruleset_ids(), ENCSIM_SOURCE_DIR "/scenarios/fivey");
    for (const Variant& v : s.variants) compile_variant(s, v);
  });
}

TEST(EdgeInput, AnErrorOnlyAVariantCausesNamesTheVariant) {
  const std::string yaml = "ruleset: fivey\nparty: [{name: A, hp: 5, weapon: bow}]\nfoes: [{name: B, hp: 5, damage: d4}]\n"
                           "variants:\n  - name: broken\n    set: {party.A.tactics: [{do: area_attack}]}\n";
  const std::string path = ::testing::TempDir() + "variant-error.yaml";
  std::ofstream(path) << yaml;
  EXPECT_NE(message_of([&] { cli::prepare(path, {}); }).find("'A' has no area_attack to use (in variant 'broken')"),
            std::string::npos);
}

TEST(EdgeInput, CountNumberingCannotCollideWithAnotherName) {
  EXPECT_NE(load_error("ruleset: fivey\nparty: [{name: A, hp: 5, weapon: bow}]\n"
                       "foes: [{name: Goblin, hp: 2, damage: d4, count: 2}, {name: goblin 1, hp: 2, damage: d4}]\n")
                .find("duplicate combatant name 'goblin 1' in foes"),
            std::string::npos);
}

TEST(EdgeInput, EmptyValuesAreErrorsNotDefaults) {
  EXPECT_NE(load_error("ruleset: fivey\ntrials:\nparty: [{name: A, hp: 5, weapon: bow}]\nfoes: [{name: B, hp: 5, damage: d4}]\n")
                .find("e.yaml:2:1: error: 'trials' in scenario needs a value"),
            std::string::npos);
  EXPECT_NE(load_error("ruleset: fivey\nparty: [{name: A, hp: 5, weapon: }]\nfoes: [{name: B, hp: 5, damage: d4}]\n")
                .find("'weapon' in combatant 'A' needs a value"),
            std::string::npos);
  EXPECT_NE(load_error("ruleset: fivey\nparty: [{name: '', hp: 5, weapon: bow}]\nfoes: [{name: B, hp: 5, damage: d4}]\n")
                .find("a combatant's name must not be empty"),
            std::string::npos);
}

TEST(EdgeInput, UseCannotBeSetByAVariant) {
  EXPECT_NE(load_error("ruleset: fivey\ninclude: monsters.yaml\nparty: [{name: A, hp: 5, weapon: bow}]\n"
                       "foes: [{name: B, hp: 5, damage: d4}]\nvariants:\n  - name: v\n    set: {foes.B.use: Ogre}\n")
                .find("'use:' is resolved when the scenario loads"),
            std::string::npos);
}

TEST(EdgeInput, InvalidUtf8IsRejectedWithItsPosition) {
  EXPECT_NE(load_error("ruleset: fivey\nparty: [{name: \"A\xff\", hp: 5, weapon: bow}]\nfoes: [{name: B, hp: 5}]\n")
                .find("e.yaml:2:18: error: invalid UTF-8"),
            std::string::npos);
}

TEST(EdgeInput, TheCaretCountsCharactersNotBytes) {
  const std::string err =
      load_error("ruleset: fivey\nparty: [{name: \"Ünï\", hp: x, weapon: bow}]\nfoes: [{name: B, hp: 5, damage: d4}]\n");
  // "party: [{name: "Ünï", hp: " is 26 characters (29 bytes) before the x.
  EXPECT_NE(err.find("\n    " + std::string(26, ' ') + "^\n"), std::string::npos) << err;
}

TEST(EdgeInput, AVeryLongLineIsShownAroundTheCaret) {
  const std::string err = load_error("ruleset: fivey\nparty: [{name: A, hp: 5, weapon: bow, " + std::string(5000, ' ') +
                                     "hpp: 3}]\nfoes: [{name: B, hp: 5, damage: d4}]\n");
  EXPECT_NE(err.find("unknown key 'hpp'"), std::string::npos) << err;
  EXPECT_LT(err.size(), 500u) << err;
}

TEST(EdgeInput, TwoLettersGetNoGuess) {
  EXPECT_EQ(did_you_mean("ac", {"pc", "hp"}), "");
  EXPECT_EQ(did_you_mean("HP", {"pc", "hp"}), " (did you mean 'hp'?)");
  EXPECT_EQ(did_you_mean("hitpoints", {"hp", "hit_dice"}), " (did you mean 'hp'?)");
}

TEST(EdgeInput, VariantsRunOnTheSameDiceThroughTheCli) {
  // A variant that changes nothing the fight uses gives identical numbers:
  // run_prepared gives every variant the same seed and streams.
  const std::string path = ::testing::TempDir() + "crn.yaml";
  std::ofstream(path) << "ruleset: fivey\nparty: [{name: A, weapon: bow, hp: 9}]\nfoes: [{name: B, hp: 12, damage: d6}]\n"
                         "variants:\n  - name: same\n    set: {options.shield_policy: first_hit}\n"
                         "  - name: different\n    set: {foes.B.hp: 13}\n";
  const cli::Prepared p = cli::prepare(path, {});
  RunSettings s;
  s.trials = 3000;
  const auto results = cli::run_prepared(p, s);
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results[0].tally, results[1].tally);
  EXPECT_NE(results[0].tally, results[2].tally);
}

}  // namespace
}  // namespace encsim
