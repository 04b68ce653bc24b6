// Scenario loading: includes, library entries, variants, paths, and the exact
// text of the errors a user sees.
#include "input_error.hpp"
#include "encsim/scenario.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

namespace encsim {
namespace {

using testing::message_of;
using testing::render_of;
using testing::where_of;

namespace fs = std::filesystem;

const std::vector<std::string> kRulesets = {"daggerheart", "fivey", "pf2"};

Scenario load_text(std::string_view text, const std::string& base_dir = ".") {
  return load_scenario_text(text, "s.yaml", kRulesets, base_dir);
}

std::pair<int, int> lc(int line, int col) { return {line, col}; }
std::pair<int, int> lc(const SourcePos& p) { return {p.line, p.col}; }

std::vector<std::string> keys_of(const Node& map) {
  std::vector<std::string> keys;
  for (const auto& e : map.entries()) keys.push_back(e.key);
  return keys;
}

// A fresh directory per test, removed afterwards.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("encsim_scenario_test_" + std::string(info->name()) + "_" +
            std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    fs::create_directories(dir_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string write(const std::string& name, std::string_view text) const {
    const fs::path p = dir_ / name;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p.string();
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string str() const { return dir_.string(); }

 private:
  fs::path dir_;
};

constexpr std::string_view kMinimal =
    "ruleset: fivey\n"
    "party:\n"
    "  - name: Fighter\n"
    "    hp: 12\n"
    "foes:\n"
    "  - name: Goblin\n"
    "    hp: 7\n";

// --- the common keys -------------------------------------------------------------

TEST(Scenario, MinimalScenarioGetsDefaults) {
  const Scenario s = load_text(kMinimal);
  EXPECT_EQ(s.path, "s.yaml");
  EXPECT_EQ(s.name, "s");
  EXPECT_EQ(s.ruleset, "fivey");
  EXPECT_EQ(lc(s.ruleset_pos), lc(1, 10));
  EXPECT_EQ(s.trials, 100000u);
  EXPECT_EQ(s.seed, 1u);
  ASSERT_EQ(s.variants.size(), 1u);
  EXPECT_EQ(s.variants[0].name, "base");
  const Node& doc = s.variants[0].doc;
  EXPECT_EQ(keys_of(doc), (std::vector<std::string>{"party", "foes", "max_rounds"}));
  EXPECT_EQ(doc.find("max_rounds")->as_int(), 100);
  EXPECT_EQ(doc.find("foes")->items().at(0).find("hp")->as_int(), 7);
}

TEST(Scenario, BaseDocumentHoldsOnlyTheFightingKeys) {
  const Scenario s = load_text(
      "name: Goblin ambush\n"
      "ruleset: fivey\n"
      "description: three goblins\n"
      "trials: 2000\n"
      "seed: 18446744073709551615\n"
      "max_rounds: 50\n"
      "options: {shield_policy: never}\n"
      "tactics: [{do: attack}]\n"
      "monsters:\n"
      "  Goblin: {hp: 5}\n"
      "party: [{name: Fighter}]\n"
      "foes: [{use: Goblin}]\n");
  EXPECT_EQ(s.name, "Goblin ambush");
  EXPECT_EQ(s.trials, 2000u);
  EXPECT_EQ(s.seed, 18446744073709551615u);
  const Node& doc = s.variants[0].doc;
  EXPECT_EQ(keys_of(doc), (std::vector<std::string>{"max_rounds", "options", "tactics", "party", "foes"}));
  EXPECT_EQ(doc.find("max_rounds")->as_int(), 50);
  EXPECT_EQ(doc.find("options")->find("shield_policy")->text(), "never");
  EXPECT_TRUE(doc.find("tactics")->is_list());
}

TEST(Scenario, CommonKeysAreChecked) {
  const std::string tail = "party: [{name: A}]\nfoes: [{name: B}]\n";
  EXPECT_EQ(message_of([&] { load_text("ruleset: fivey\ntrials: 0\n" + tail); }),
            "trials must be between 1 and 1000000000000, got 0");
  EXPECT_EQ(message_of([&] { load_text("ruleset: fivey\ntrials: lots\n" + tail); }),
            "expected an integer, got 'lots'");
  EXPECT_EQ(message_of([&] { load_text("ruleset: fivey\nseed: -1\n" + tail); }),
            "seed must be an integer between 0 and 18446744073709551615, got '-1'");
  EXPECT_EQ(message_of([&] { load_text("ruleset: fivey\nmax_rounds: 0\n" + tail); }),
            "max_rounds must be between 1 and 100000, got 0");
  EXPECT_EQ(message_of([&] { load_text("ruleset: fivey\noptions: [a]\n" + tail); }),
            "options must be a map, got a list");
  EXPECT_EQ(render_of([&] { load_text("party: [{name: A}]\nfoes: [{name: B}]\n"); }),
            "s.yaml:1:1: error: scenario needs 'ruleset'\n"
            "    party: [{name: A}]\n"
            "    ^\n");
  EXPECT_EQ(message_of([&] { load_text(""); }),
            "scenario is empty; it needs at least 'ruleset', 'party' and 'foes'");
  EXPECT_EQ(message_of([&] { load_text("- a\n"); }), "scenario must be a map, got a list");
  EXPECT_EQ(message_of([&] { load_text("ruleset: fivey\nfoes: [{name: B}]\n"); }), "scenario needs 'party'");
}

TEST(Scenario, UnknownTopLevelKeyWithDidYouMean) {
  EXPECT_EQ(render_of([] {
              load_text(
                  "ruleset: fivey\n"
                  "party: [{name: A}]\n"
                  "foe: [{name: B}]\n");
            }),
            "s.yaml:3:1: error: unknown key 'foe' in scenario (did you mean 'foes'?)\n"
            "    foe: [{name: B}]\n"
            "    ^\n");
}

TEST(Scenario, UnknownRulesetWithDidYouMean) {
  EXPECT_EQ(
      render_of([] { load_text("ruleset: fivy\nparty: [{name: A}]\nfoes: [{name: B}]\n"); }),
      "s.yaml:1:10: error: unknown ruleset 'fivy' (did you mean 'fivey'?); expected one of 'daggerheart', "
      "'fivey' or 'pf2'\n"
      "    ruleset: fivy\n"
      "             ^\n");
}

TEST(Scenario, YamlErrorsCarryTheirPosition) {
  EXPECT_EQ(where_of([] { load_text("ruleset: fivey\nparty: [{name: A}\n"); }).first, 3);
  EXPECT_EQ(message_of([] { load_text("ruleset: fivey\nruleset: pf2\n"); }),
            "duplicate key 'ruleset' (first at line 1)");
}

TEST(Scenario, LoadFromFileUsesItsStemAndDirectory) {
  TempDir dir;
  dir.write("lib/monsters.yaml", "monsters:\n  Goblin: {hp: 5}\n");
  const std::string path = dir.write("Goblin Ambush.yaml",
                                     "ruleset: fivey\ninclude: lib/monsters.yaml\n"
                                     "party: [{name: A}]\nfoes: [{use: Goblin}]\n");
  const Scenario s = load_scenario(path, kRulesets);
  EXPECT_EQ(s.path, path);
  EXPECT_EQ(s.name, "Goblin Ambush");
  EXPECT_EQ(s.variants[0].doc.find("foes")->items().at(0).find("hp")->as_int(), 5);
  EXPECT_EQ(message_of([&] { load_scenario(dir.path("nope.yaml"), kRulesets); }),
            "cannot read '" + dir.path("nope.yaml") + "': No such file or directory");
}

// --- sides and combatants -------------------------------------------------------

TEST(Scenario, EmptySideIsAnErrorAtTheKey) {
  EXPECT_EQ(render_of([] { load_text("ruleset: fivey\nparty: [{name: A}]\nfoes: []\n"); }),
            "s.yaml:3:1: error: foes must list at least one combatant\n"
            "    foes: []\n"
            "    ^\n");
  EXPECT_EQ(message_of([] { load_text("ruleset: fivey\nparty:\nfoes: [{name: B}]\n"); }),
            "party must list at least one combatant");
  EXPECT_EQ(message_of([] { load_text("ruleset: fivey\nparty: {name: A}\nfoes: [{name: B}]\n"); }),
            "party must be a list of combatants, got a map");
  EXPECT_EQ(message_of([] { load_text("ruleset: fivey\nparty: [Fighter]\nfoes: [{name: B}]\n"); }),
            "a combatant in party must be a map, got 'Fighter'");
}

TEST(Scenario, CombatantsNeedUniqueNames) {
  EXPECT_EQ(render_of([] {
              load_text(
                  "ruleset: fivey\n"
                  "party: [{name: A}]\n"
                  "foes:\n"
                  "  - name: Goblin\n"
                  "  - name: goblin\n");
            }),
            "s.yaml:5:5: error: duplicate combatant name 'goblin' in foes (first at line 4)\n"
            "      - name: goblin\n"
            "        ^\n");
  EXPECT_EQ(where_of([] { load_text("ruleset: fivey\nparty: [{name: A}]\nfoes:\n  - hp: 3\n"); }), lc(4, 5));
  EXPECT_EQ(message_of([] { load_text("ruleset: fivey\nparty: [{name: A}]\nfoes:\n  - hp: 3\n"); }),
            "combatant needs a 'name'");
  // The same name on both sides is fine.
  EXPECT_NO_THROW(load_text("ruleset: fivey\nparty: [{name: A}]\nfoes: [{name: A}]\n"));
}

TEST(Scenario, CountIsCheckedAndKept) {
  const Scenario s = load_text("ruleset: fivey\nparty: [{name: A}]\nfoes: [{name: B, count: 3}]\n");
  EXPECT_EQ(s.variants[0].doc.find("foes")->items()[0].find("count")->as_int(), 3);
  EXPECT_EQ(
      message_of([] { load_text("ruleset: fivey\nparty: [{name: A}]\nfoes: [{name: B, count: 0}]\n"); }),
      "count must be between 1 and 1000, got 0");
  EXPECT_EQ(
      message_of([] { load_text("ruleset: fivey\nparty: [{name: A}]\nfoes: [{name: B, count: two}]\n"); }),
      "expected an integer, got 'two'");
}

// --- the library ------------------------------------------------------------------

TEST(Library, UseMergesTheCombatantOverTheEntry) {
  const Scenario s = load_text(
      "ruleset: fivey\n"
      "monsters:\n"
      "  Goblin:\n"
      "    hp: 5\n"
      "    ac: 12\n"
      "    attack: {bonus: 4, damage: 1d6}\n"
      "  Goblin Boss:\n"
      "    use: Goblin\n"
      "    hp: 11\n"
      "party: [{name: A}]\n"
      "foes:\n"
      "  - use: Goblin\n"
      "    hp: 9\n"
      "    attack: {bonus: 5}\n"
      "  - use: Goblin\n"
      "    name: Goblin archer\n"
      "  - use: Goblin Boss\n");
  const auto& foes = s.variants[0].doc.find("foes")->items();
  ASSERT_EQ(foes.size(), 3u);
  const Node& g = foes[0];
  EXPECT_EQ(g.find("name")->text(), "Goblin");
  EXPECT_EQ(g.find("hp")->as_int(), 9);
  EXPECT_EQ(lc(g.find("hp")->pos()), lc(13, 9));  // the override keeps its own line
  EXPECT_EQ(g.find("ac")->as_int(), 12);
  EXPECT_EQ(g.find("attack")->find("bonus")->as_int(), 5);
  ASSERT_NE(g.find("attack")->find("damage"), nullptr);
  EXPECT_EQ(g.find("attack")->find("damage")->text(), "1d6");
  EXPECT_EQ(g.find("use"), nullptr);
  EXPECT_EQ(lc(g.pos()), lc(12, 5));
  EXPECT_EQ(foes[1].find("name")->text(), "Goblin archer");
  EXPECT_EQ(foes[2].find("name")->text(), "Goblin Boss");
  EXPECT_EQ(foes[2].find("hp")->as_int(), 11);
  EXPECT_EQ(foes[2].find("ac")->as_int(), 12);
  EXPECT_EQ(foes[2].find("use"), nullptr);
}

TEST(Library, UnknownEntryWithDidYouMean) {
  EXPECT_EQ(render_of([] {
              load_text(
                  "ruleset: fivey\n"
                  "monsters: {Goblin: {hp: 5}, Ogre: {hp: 59}}\n"
                  "party: [{name: A}]\n"
                  "foes:\n"
                  "  - use: Gobin\n");
            }),
            "s.yaml:5:10: error: unknown library entry 'Gobin' (did you mean 'Goblin'?)\n"
            "      - use: Gobin\n"
            "             ^\n");
  EXPECT_EQ(message_of([] { load_text("ruleset: fivey\nparty: [{name: A}]\nfoes: [{use: Goblin}]\n"); }),
            "unknown library entry 'Goblin'; no library entries are defined; the shipped library 'fivey/monsters' "
            "defines it: add it to `include:`, e.g. include: [fivey/monsters]");
  EXPECT_EQ(message_of([] { load_text("ruleset: fivey\nparty: [{name: A}]\nfoes: [{use: Nobody}]\n"); }),
            "unknown library entry 'Nobody'; no library entries are defined (add 'monsters:' or 'include:')");
}

TEST(Library, UseCycleIsAnError) {
  EXPECT_EQ(render_of([] {
              load_text(
                  "ruleset: fivey\n"
                  "monsters:\n"
                  "  A: {use: B}\n"
                  "  B: {use: C}\n"
                  "  C: {use: A}\n"
                  "party: [{name: x}]\n"
                  "foes: [{use: A}]\n");
            }),
            "s.yaml:5:12: error: use cycle: A -> B -> C -> A\n"
            "      C: {use: A}\n"
            "               ^\n");
  EXPECT_EQ(message_of([] {
              load_text("ruleset: fivey\nmonsters: {A: {use: A}}\nparty: [{name: x}]\nfoes: [{use: A}]\n");
            }),
            "use cycle: A -> A");
}

TEST(Library, EntriesMustBeMaps) {
  EXPECT_EQ(message_of([] {
              load_text("ruleset: fivey\nmonsters: {A: 3}\nparty: [{name: x}]\nfoes: [{name: y}]\n");
            }),
            "library entry 'A' must be a map, got '3'");
  EXPECT_EQ(
      message_of([] { load_text("ruleset: fivey\nmonsters: [A]\nparty: [{name: x}]\nfoes: [{name: y}]\n"); }),
      "monsters must be a map of name to combatant, got a list");
}

TEST(Library, IncludesResolveRelativeToTheIncludingFile) {
  TempDir dir;
  dir.write("lib/monsters.yaml",
            "ruleset: fivey\n"
            "description: goblins\n"
            "include: [beasts/wolves.yaml]\n"
            "monsters:\n"
            "  Goblin: {hp: 5}\n");
  dir.write("lib/beasts/wolves.yaml", "monsters:\n  Wolf: {hp: 11}\n");
  dir.write("lib/ogres.yaml", "monsters:\n  Ogre: {hp: 59}\n");
  const Scenario s = load_text(
      "ruleset: fivey\n"
      "include: [lib/monsters.yaml, lib/ogres.yaml]\n"
      "party: [{name: A}]\n"
      "foes: [{use: Goblin}, {use: Wolf}, {use: Ogre}]\n",
      dir.str());
  const auto& foes = s.variants[0].doc.find("foes")->items();
  ASSERT_EQ(foes.size(), 3u);
  EXPECT_EQ(foes[0].find("hp")->as_int(), 5);
  EXPECT_EQ(foes[1].find("hp")->as_int(), 11);
  EXPECT_EQ(foes[1].find("hp")->pos().path(), dir.path("lib/beasts/wolves.yaml"));
  EXPECT_EQ(foes[2].find("name")->text(), "Ogre");
}

TEST(Library, AFileIncludedTwiceIsReadOnce) {
  TempDir dir;
  dir.write("common.yaml", "monsters: {Rat: {hp: 1}}\n");
  dir.write("a.yaml", "include: common.yaml\n");
  dir.write("b.yaml", "include: ./common.yaml\n");
  EXPECT_NO_THROW(load_text(
      "ruleset: fivey\ninclude: [a.yaml, b.yaml]\nparty: [{name: A}]\nfoes: [{use: Rat}]\n", dir.str()));
}

TEST(Library, IncludeCycleIsAnError) {
  TempDir dir;
  const std::string b = dir.write("b.yaml", "monsters: {Rat: {hp: 1}}\ninclude: a.yaml\n");
  const std::string a = dir.write("a.yaml",
                                  "ruleset: fivey\n"
                                  "include: b.yaml\n"
                                  "party: [{name: A}]\n"
                                  "foes: [{use: Rat}]\n");
  EXPECT_EQ(render_of([&] { load_scenario(a, kRulesets); }), b + ":2:10: error: include cycle: " + a +
                                                                 " -> " + b + " -> " + a + "\n" +
                                                                 "    include: a.yaml\n"
                                                                 "             ^\n");
  // A cycle among library files only.
  dir.write("c.yaml", "include: [d.yaml]\n");
  dir.write("d.yaml", "include: [c.yaml]\n");
  EXPECT_EQ(
      message_of([&] {
        load_text("ruleset: fivey\ninclude: c.yaml\nparty: [{name: A}]\nfoes: [{name: B}]\n", dir.str());
      }),
      "include cycle: " + dir.path("c.yaml") + " -> " + dir.path("d.yaml") + " -> " + dir.path("c.yaml"));
}

TEST(Library, MissingIncludeIsAnErrorAtTheEntry) {
  EXPECT_EQ(render_of([] {
              load_text("ruleset: fivey\ninclude: [x.yaml]\nparty: [{name: A}]\nfoes: [{name: B}]\n");
            }),
            "s.yaml:2:11: error: cannot read 'x.yaml': No such file or directory; shipped libraries to include by "
            "name: 'fivey/monsters' or 'fivey/party'\n"
            "    include: [x.yaml]\n"
            "              ^\n");
  EXPECT_EQ(message_of([] {
              load_text("ruleset: fivey\ninclude: {a: b}\nparty: [{name: A}]\nfoes: [{name: B}]\n");
            }),
            "include must be a file name or a list of file names, got a map");
}

TEST(Library, LibraryFilesAreChecked) {
  TempDir dir;
  dir.write("bad_key.yaml", "monster:\n  Rat: {hp: 1}\n");
  dir.write("other_rules.yaml", "ruleset: pf2\nmonsters: {Rat: {hp: 1}}\n");
  dir.write("dup.yaml", "monsters:\n  Rat: {hp: 1}\n");
  const std::string tail = "party: [{name: A}]\nfoes: [{name: B}]\n";
  EXPECT_EQ(render_of([&] { load_text("ruleset: fivey\ninclude: bad_key.yaml\n" + tail, dir.str()); }),
            dir.path("bad_key.yaml") +
                ":1:1: error: unknown key 'monster' in library (did you mean 'monsters'?)\n" +
                "    monster:\n"
                "    ^\n");
  EXPECT_EQ(message_of([&] { load_text("ruleset: fivey\ninclude: other_rules.yaml\n" + tail, dir.str()); }),
            "library is for ruleset 'pf2', but the scenario uses 'fivey'");
  EXPECT_EQ(render_of([&] {
              load_text("ruleset: fivey\ninclude: dup.yaml\nmonsters:\n  Rat: {hp: 2}\n" + tail, dir.str());
            }),
            "s.yaml:4:3: error: library entry 'Rat' is defined twice (first at " + dir.path("dup.yaml") +
                ":2)\n" +
                "      Rat: {hp: 2}\n"
                "      ^\n");
}

// --- variants ---------------------------------------------------------------------

constexpr std::string_view kWithVariants =
    "ruleset: fivey\n"
    "party:\n"
    "  - name: Fighter\n"
    "    hp: 12\n"
    "foes:\n"
    "  - name: Goblin\n"
    "    hp: 7\n"
    "  - name: Ogre\n"
    "    hp: 59\n"
    "variants:\n"
    "  - name: tougher goblins\n"
    "    set: {foes.Goblin.hp: 9, options.shield_policy: never}\n"
    "  - name: short\n"
    "    set:\n"
    "      max_rounds: 3\n"
    "      party.0.ac: 18\n";

TEST(Variants, OverridesApplyToACopyOfTheBase) {
  const Scenario s = load_text(kWithVariants);
  ASSERT_EQ(s.variants.size(), 3u);
  EXPECT_EQ(s.variants[0].name, "base");
  EXPECT_EQ(s.variants[1].name, "tougher goblins");
  EXPECT_EQ(s.variants[2].name, "short");
  const Node& base = s.variants[0].doc;
  EXPECT_EQ(base.find("foes")->items()[0].find("hp")->as_int(), 7);
  EXPECT_EQ(base.find("options"), nullptr);
  const Node& tough = s.variants[1].doc;
  const Node& hp = *tough.find("foes")->items()[0].find("hp");
  EXPECT_EQ(hp.as_int(), 9);
  EXPECT_EQ(lc(hp.pos()), lc(12, 27));  // errors about it will point at the variant
  EXPECT_EQ(tough.find("options")->find("shield_policy")->text(), "never");
  EXPECT_EQ(tough.find("foes")->items()[1].find("hp")->as_int(), 59);
  const Node& shortv = s.variants[2].doc;
  EXPECT_EQ(shortv.find("max_rounds")->as_int(), 3);
  EXPECT_EQ(shortv.find("party")->items()[0].find("ac")->as_int(), 18);
  EXPECT_EQ(keys_of(shortv), (std::vector<std::string>{"party", "foes", "max_rounds"}));
}

TEST(Variants, BadPathsAreErrorsAtTheVariantLine) {
  const std::string head = std::string(kMinimal) + "variants:\n  - name: v\n    set:\n";
  EXPECT_EQ(render_of([&] { load_text(head + "      foes.Gobln.hp: 9\n"); }),
            "s.yaml:11:7: error: no combatant 'Gobln' in foes (did you mean 'Goblin'?)\n"
            "          foes.Gobln.hp: 9\n"
            "          ^\n");
  EXPECT_EQ(message_of([&] { load_text(head + "      opts.x: 1\n"); }),
            "unknown path step 'opts' (did you mean 'options'?)");
  EXPECT_EQ(message_of([&] { load_text(head + "      foes.Goblin.hp.x: 1\n"); }),
            "'foes.Goblin.hp' is a number, not a map or a list, so it has no 'x'");
  EXPECT_EQ(message_of([&] { load_text(head + "      foes.Goblin.count: 0\n"); }),
            "count must be between 1 and 1000, got 0");
  EXPECT_EQ(where_of([&] { load_text(head + "      foes.Goblin.count: 0\n"); }), lc(11, 26));
  EXPECT_EQ(message_of([&] { load_text(head + "      max_rounds: 0\n"); }),
            "max_rounds must be between 1 and 100000, got 0");
}

TEST(Variants, NamesAreRequiredUniqueAndNotBase) {
  const std::string head = std::string(kMinimal) + "variants:\n";
  EXPECT_EQ(message_of([&] { load_text(head + "  - name: Base\n"); }),
            "variant name 'Base' is reserved for the scenario as written");
  EXPECT_EQ(message_of([&] { load_text(head + "  - name: a\n  - name: a\n"); }),
            "duplicate variant name 'a' (first at line 9)");
  EXPECT_EQ(message_of([&] { load_text(head + "  - set: {max_rounds: 3}\n"); }), "variant needs 'name'");
  EXPECT_EQ(message_of([&] { load_text(head + "  - name: a\n    sett: {}\n"); }),
            "unknown key 'sett' in variant (did you mean 'set'?)");
  EXPECT_EQ(message_of([&] { load_text(head + "  - name: a\n    set: [x]\n"); }),
            "set must be a map of path to value, got a list");
  EXPECT_EQ(message_of([&] { load_text(std::string(kMinimal) + "variants: {a: 1}\n"); }),
            "variants must be a list, got a map");
}

// --- set_path and get_path --------------------------------------------------------

Node doc_for_paths() {
  return load_text(
             "ruleset: fivey\n"
             "options: {crit: {range: 20}}\n"
             "party: [{name: Fighter, attacks: [{name: Sword, bonus: 5}, {name: Bow, bonus: 4}]}]\n"
             "foes: [{name: Goblin, hp: 7}, {name: Ogre, hp: 59}]\n")
      .variants[0]
      .doc;
}

TEST(Paths, GetPathFindsNamesIndexesAndKeys) {
  const Node doc = doc_for_paths();
  const SourcePos where;
  EXPECT_EQ(get_path(doc, "foes.ogre.hp", where).as_int(), 59);
  EXPECT_EQ(get_path(doc, "foes.0.hp", where).as_int(), 7);
  EXPECT_EQ(get_path(doc, "options.crit.range", where).as_int(), 20);
  EXPECT_EQ(get_path(doc, "party.Fighter.attacks.bow.bonus", where).as_int(), 4);
  EXPECT_EQ(get_path(doc, "party.Fighter.attacks.0.bonus", where).as_int(), 5);
  EXPECT_EQ(get_path(doc, "max_rounds", where).as_int(), 100);
}

TEST(Paths, SetPathReplacesAndCreatesTheLastKey) {
  Node doc = doc_for_paths();
  const SourcePos where;
  set_path(doc, "foes.OGRE.hp", Node::scalar("70", {}), where);
  set_path(doc, "foes.1.ac", Node::scalar("11", {}), where);
  set_path(doc, "options.crit.range", Node::scalar("19", {}), where);
  set_path(doc, "party.0.attacks.Sword.bonus", Node::scalar("6", {}), where);
  set_path(doc, "max_rounds", Node::scalar("5", {}), where);
  EXPECT_EQ(get_path(doc, "foes.Ogre.hp", where).as_int(), 70);
  EXPECT_EQ(get_path(doc, "foes.Ogre.ac", where).as_int(), 11);
  EXPECT_EQ(get_path(doc, "options.crit.range", where).as_int(), 19);
  EXPECT_EQ(get_path(doc, "party.Fighter.attacks.Sword.bonus", where).as_int(), 6);
  EXPECT_EQ(get_path(doc, "max_rounds", where).as_int(), 5);
  // `options` is created when the scenario has none.
  Node bare = load_text(kMinimal).variants[0].doc;
  set_path(bare, "options.shield_policy", Node::scalar("never", {}), where);
  EXPECT_EQ(get_path(bare, "options.shield_policy", where).text(), "never");
}

TEST(Paths, BadPathsSayWhatExists) {
  Node doc = doc_for_paths();
  const auto where = SourceFile::from_text("cli", "--set x=1");
  const SourcePos at{where, 1, 7};
  const Node v = Node::scalar("1", {});
  EXPECT_EQ(message_of([&] { set_path(doc, "foes.Ogr.hp", v, at); }),
            "no combatant 'Ogr' in foes (did you mean 'Ogre'?)");
  EXPECT_EQ(message_of([&] { set_path(doc, "opts.x", v, at); }),
            "unknown path step 'opts' (did you mean 'options'?)");
  EXPECT_EQ(message_of([&] { set_path(doc, "options.crt.range", v, at); }),
            "unknown path step 'crt' in 'options' (did you mean 'crit'?)");
  EXPECT_EQ(message_of([&] { get_path(doc, "foes.Goblin.hpp", at); }),
            "unknown path step 'hpp' in 'foes.Goblin' (did you mean 'hp'?)");
  EXPECT_EQ(message_of([&] { set_path(doc, "foes.5.hp", v, at); }), "no combatant 5 in foes (it has 2)");
  EXPECT_EQ(message_of([&] { set_path(doc, "party.Fighter.attacks.Axe.bonus", v, at); }),
            "no item 'Axe' in 'party.Fighter.attacks'");
  EXPECT_EQ(message_of([&] { set_path(doc, "foes..hp", v, at); }), "empty step in path 'foes..hp'");
  EXPECT_EQ(message_of([&] { get_path(doc, "tactics.x", at); }), "the scenario has no tactics");
  EXPECT_EQ(where_of([&] { set_path(doc, "opts.x", v, at); }), lc(1, 7));
}

TEST(Scenario, KeyTableListsEveryTopLevelKey) {
  std::vector<std::string> names;
  for (const KeySpec& k : scenario_keys()) names.emplace_back(k.name);
  EXPECT_EQ(names, (std::vector<std::string>{"name", "ruleset", "description", "include", "trials", "seed",
                                             "max_rounds", "options", "tactics", "style", "party", "foes", "monsters",
                                             "countdowns", "variants"}));
  EXPECT_NE(format_schema(scenario_keys()).find("  max_rounds  "), std::string::npos);
}

}  // namespace
}  // namespace encsim
