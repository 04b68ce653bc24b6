// Play styles (issue 12), the parts every rule system shares: the `style:`
// key and its checks, each system's style table, the behaviour lines of
// `check` and `run`, and the band that `run` fights on the same dice.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "cli/cli.hpp"
#include "input_error.hpp"
#include "rules/sides.hpp"
#include "run_encsim.hpp"

namespace encsim {
namespace {

using testing::message_of;
using testing::where_of;

const std::string kSource = ENCSIM_SOURCE_DIR;

Scenario fivey_scenario(const std::string& extra) {
  return load_scenario_text("ruleset: fivey\nparty: [{name: A, hp: 8, weapon: sword}]\n"
                            "foes: [{name: G, hp: 5, damage: d6}]\n" + extra,
                            "style.yaml", ruleset_ids());
}

TEST(Style, EverySystemDeclaresStandardForBothSidesAndNamesOnce) {
  for (const RulesetEntry& r : rulesets()) {
    const StyleSpec& spec = r.styles();
    for (const auto* list : {&spec.foes, &spec.party}) {
      std::set<std::string_view> names;
      for (const StyleInfo& s : *list) {
        EXPECT_TRUE(names.insert(s.name).second) << r.id << ": '" << s.name << "' twice";
        EXPECT_FALSE(s.summary.empty()) << r.id << ": " << s.name;
      }
      EXPECT_TRUE(names.contains("standard")) << r.id;
    }
  }
}

TEST(Style, AbsentMeansStandardAndAVariantSetsIt) {
  const Scenario s = fivey_scenario("variants: [{name: v, set: {style.foes: standard, style.party: standard}}]\n");
  const StyleSpec& spec = fivey::Encounter::styles();
  for (const Variant& v : s.variants) {
    const auto enc = std::get<fivey::Encounter>(compile_variant(s, v));
    EXPECT_EQ(spec.foes[static_cast<std::size_t>(enc.style.foes)].name, "standard");
    EXPECT_EQ(spec.party[static_cast<std::size_t>(enc.style.party)].name, "standard");
  }
  EXPECT_EQ(s.variants[1].doc.find("style")->find("foes")->text(), "standard");
}

TEST(Style, AnUnknownNameIsAnErrorAtItsPlaceWithADidYouMean) {
  const Scenario s = fivey_scenario("style: {foes: standrd}\n");
  EXPECT_EQ(message_of([&] { compile_variant(s, s.variants.front()); }),
            "unknown foes style 'standrd' (did you mean 'standard'?); fivey's foes styles: " +
                one_of([] {
                  std::vector<std::string> names;
                  for (const StyleInfo& i : fivey::Encounter::styles().foes) names.emplace_back(i.name);
                  return names;
                }()));
  EXPECT_EQ(where_of([&] { compile_variant(s, s.variants.front()); }), (std::pair{4, 15}));
}

TEST(Style, AnUnknownKeyOrAScalarIsAnError) {
  const Scenario s = fivey_scenario("style: {fos: ruthless}\n");
  EXPECT_NE(message_of([&] { compile_variant(s, s.variants.front()); }).find("did you mean 'foes'"),
            std::string::npos);
  const Scenario t = fivey_scenario("style: ruthless\n");
  EXPECT_EQ(message_of([&] { compile_variant(t, t.variants.front()); }),
            "style must be a map like {foes: ruthless, party: careful}, got 'ruthless'");
}

TEST(Style, BehaviourIsOneLinePerSideNamingTheStyle) {
  const Scenario s = fivey_scenario("");
  const auto enc = std::get<fivey::Encounter>(compile_variant(s, s.variants.front()));
  const std::vector<std::string> lines = enc.behaviour();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].rfind("Foes: standard (", 0), 0u) << lines[0];
  EXPECT_EQ(lines[1].rfind("Party: standard (", 0), 0u) << lines[1];
  for (const std::string& l : lines) EXPECT_EQ(l.find('\n'), std::string::npos);
}

// Who plays its own tactics, not its side's style, is noted on its side's
// line (rules::EncounterBase::style_lines_with): FIVEY counts them.
TEST(Style, BehaviourCountsWhoPlaysItsOwnTacticsOnItsSidesLine) {
  const Scenario s = load_scenario_text(
      "ruleset: fivey\n"
      "party: [{name: A, hp: 8, weapon: sword, tactics: [{do: attack}]}, {name: B, hp: 8, weapon: sword}]\n"
      "foes: [{name: G, hp: 5, damage: d6, count: 2, tactics: [{do: attack}]}, {name: H, hp: 5, damage: d6}]\n",
      "style.yaml", ruleset_ids());
  const std::vector<std::string> lines = std::get<fivey::Encounter>(compile_variant(s, s.variants.front())).behaviour();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(lines[0].starts_with("Foes: standard (") && lines[0].ends_with("); 2 follow their own tactics")) << lines[0];
  EXPECT_TRUE(lines[1].starts_with("Party: standard (") && lines[1].ends_with("); 1 follows its own tactics")) << lines[1];
}

// The band's ends are hidden encounters of the same joint run: an end that
// is the variant itself reads the variant's own tally, and an end compiled
// apart meets the same dice as it would alone.
TEST(Style, TheBandReadsItsEndsFromTheSameTrials) {
  cli::Prepared p = cli::prepare(kSource + "/scenarios/fivey/troll-bridge.yaml", {"base"});
  Node weaker = p.scenario.variants.front().doc;
  set_path(weaker, "foes.0.hp", Node::scalar("1", {}), {});
  const Variant kind{"base", weaker, Node()};
  p.bands.push_back({{"kind", compile_variant(p.scenario, kind)}, {"harsh", std::nullopt}});
  RunSettings s;
  s.trials = 5000;
  s.seed = 7;
  const std::vector<VariantResult> r = cli::run_prepared(p, s);
  ASSERT_EQ(r.size(), 1u);
  ASSERT_EQ(r[0].band.size(), 2u);
  EXPECT_EQ(r[0].band[0].foes, "kind");
  EXPECT_EQ(r[0].band[1].foes, "harsh");
  EXPECT_EQ(r[0].band[1].party_wins, r[0].tally.party_wins);
  EXPECT_EQ(r[0].band[1].trials, 5000u);
  const auto alone = std::get<fivey::Encounter>(compile_variant(p.scenario, kind));
  EXPECT_EQ(r[0].band[0].party_wins, run_trials(alone, s).tally.party_wins);
  EXPECT_GT(r[0].band[0].party_wins, r[0].tally.party_wins);
  // The sentence carries it.
  EXPECT_NE(terminal_report(r).find(" against harsh foes, "), std::string::npos) << terminal_report(r);
}

TEST(Style, CheckAndRunStateTheBehaviourAndTheCsvTheStyles) {
  const std::string f = kSource + "/scenarios/fivey/troll-bridge.yaml";
  const auto check = testing::encsim("check " + f);
  EXPECT_EQ(check.code, 0) << check.out;
  EXPECT_NE(check.out.find("\nFoes: standard ("), std::string::npos) << check.out;
  EXPECT_NE(check.out.find("\nParty: standard ("), std::string::npos) << check.out;
  const auto run = testing::encsim("run " + f + " -n 2000 --variant base");
  EXPECT_EQ(run.code, 0) << run.out;
  EXPECT_NE(run.out.find("(fivey)\n  Foes: standard ("), std::string::npos) << run.out;
  const auto json = testing::encsim("run " + f + " -n 2000 --variant base --format json");
  EXPECT_NE(json.out.find("\"style_foes\": \"standard\""), std::string::npos) << json.out;
}

// The balance tools take style names as values: sweep a list, tune and
// sensitivity with a value written in; a bad name is an error with a
// did-you-mean, before any fight.
TEST(Style, BalanceToolsTakeStyleNamesAsValues) {
  const std::string f = kSource + "/scenarios/fivey/goblin-ambush.yaml --variant base -n 3000";
  const auto sweep = testing::encsim("sweep " + f + " --set style.foes=cautious,ruthless --format csv");
  ASSERT_EQ(sweep.code, 0) << sweep.out;
  EXPECT_NE(sweep.out.find("\ngoblin-ambush,base,fivey,cautious,3000,"), std::string::npos) << sweep.out;
  EXPECT_NE(sweep.out.find("\ngoblin-ambush,base,fivey,ruthless,3000,"), std::string::npos) << sweep.out;
  const auto bad = testing::encsim("sweep " + f + " --set style.foes=cautious,rutless");
  EXPECT_EQ(bad.code, 2) << bad.out;
  EXPECT_NE(bad.out.find("unknown foes style 'rutless' (did you mean 'ruthless'?)"), std::string::npos) << bad.out;
  const auto tune = testing::encsim("tune " + f + " --param foes.Goblin.count --lo 1 --hi 6 --target-win 0.8 "
                                    "--set style.foes=cautious,ruthless");
  ASSERT_EQ(tune.code, 0) << tune.out;
  EXPECT_NE(tune.out.find("style.foes = cautious\n"), std::string::npos) << tune.out;
  EXPECT_NE(tune.out.find("style.foes = ruthless\n"), std::string::npos) << tune.out;
  const auto sens = testing::encsim("sensitivity " + f + " --params foes.Goblin.count --set style.foes=ruthless");
  ASSERT_EQ(sens.code, 0) << sens.out;
  EXPECT_NE(sens.out.find("style.foes = ruthless;"), std::string::npos) << sens.out;
}

// The band: a run states the win rate against the kindest and the harshest
// foe style, which bracket it; --no-band leaves it out.
TEST(Style, RunReportsTheBandUnlessAskedNotTo) {
  const std::string f = kSource + "/scenarios/fivey/goblin-ambush.yaml --variant base -n 4000";
  const auto run = testing::encsim("run " + f);
  ASSERT_EQ(run.code, 0) << run.out;
  const std::string out = testing::unwrapped(run.out);
  EXPECT_NE(out.find(" against ruthless foes, "), std::string::npos) << run.out;
  EXPECT_NE(out.find(" against cautious ones)."), std::string::npos) << run.out;
  const auto quick = testing::encsim("run " + f + " --no-band");
  EXPECT_EQ(quick.out.find(" against ruthless foes"), std::string::npos) << quick.out;
}

}  // namespace
}  // namespace encsim
