// Shipped libraries found by name from any folder, `encsim list`, and the
// hints when an include or an entry is missing (issue 13, "Less typing").
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "run_encsim.hpp"

namespace encsim {
namespace {

namespace fs = std::filesystem;
using testing::encsim;
using testing::fresh_dir;
using testing::shell;
using testing::slurp;

const std::string kSource = ENCSIM_SOURCE_DIR;

// The same fight with the shipped libraries included by name from another
// folder, and by path from the shipped folder: the same bytes.
TEST(ShippedLibraries, IncludeByNameFromAnyFolder) {
  const fs::path dir = fresh_dir("by-name");
  const std::string fight =
      "name: by-name\nruleset: daggerheart\nparty:\n  - use: Warrior\n  - use: Wizard\nfoes:\n  - use: Bear\n";
  std::ofstream(dir / "named.yaml") << "include: [daggerheart/adversaries, daggerheart/party.yaml]\n" << fight;
  // The same files copied beside a scenario that includes them by path.
  fs::create_directories(dir / "copy");
  for (const char* f : {"adversaries.yaml", "party.yaml"})
    fs::copy_file(kSource + "/scenarios/daggerheart/" + f, dir / "copy" / f);
  std::ofstream(dir / "copy" / "local.yaml") << "include: [adversaries.yaml, party]\n" << fight;
  const auto named = encsim("run " + (dir / "named.yaml").string() + " -n 3000 --format csv");
  const auto local = encsim("run " + (dir / "copy" / "local.yaml").string() + " -n 3000 --format csv");
  ASSERT_EQ(named.code, 0) << named.out;
  ASSERT_EQ(local.code, 0) << local.out;
  EXPECT_EQ(named.out, local.out);
  // A file beside the scenario comes first: a local library shadows a shipped one.
  fs::create_directories(dir / "daggerheart");
  std::ofstream(dir / "daggerheart" / "party.yaml")
      << "monsters:\n  Warrior: {class: warrior, subclass: Nightwalker}\n  Wizard: {class: wizard}\n";
  // (The local Warrior has another class's subclass: its error shows which file was read.)
  const auto shadowed = encsim("check " + (dir / "named.yaml").string());
  EXPECT_EQ(shadowed.code, 2) << shadowed.out;
  EXPECT_NE(shadowed.out.find("'Nightwalker' is a rogue subclass"), std::string::npos) << shadowed.out;
  fs::remove_all(dir);
}

TEST(ShippedLibraries, MissingIncludeOrEntrySaysWhereToLook) {
  const fs::path dir = fresh_dir("hints");
  std::ofstream(dir / "a.yaml") << "ruleset: daggerheart\ninclude: [adversaries]\nparty: [{use: Warrior}]\nfoes: [{use: Bear}]\n";
  auto r = encsim("check " + (dir / "a.yaml").string());
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("a.yaml:2:11: error: cannot read"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("shipped libraries to include by name: 'daggerheart/adversaries' or 'daggerheart/party' (did "
                       "you mean 'daggerheart/adversaries'?)"),
            std::string::npos)
      << r.out;
  // The entry exists in a shipped library the scenario does not include.
  std::ofstream(dir / "b.yaml") << "ruleset: daggerheart\ninclude: [daggerheart/adversaries]\nparty: [{use: Warrior}]\n"
                                   "foes: [{use: Bear}]\n";
  r = encsim("check " + (dir / "b.yaml").string());
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("b.yaml:3:15: error: unknown library entry 'Warrior'; the shipped library 'daggerheart/party' "
                       "defines it: add it to `include:`, e.g. include: [daggerheart/party]"),
            std::string::npos)
      << r.out;
  fs::remove_all(dir);
}

TEST(ShippedLibraries, ListShowsLibrariesAndFilteredEntries) {
  auto r = encsim("list");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("  daggerheart/adversaries      129 entries  "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  fivey/party "), std::string::npos) << r.out;
  r = encsim("list daggerheart/adversaries --tier 1 --type Solo");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("daggerheart/adversaries: 7 of 129 entries (tier 1, type solo)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  Acid Burrower          tier 1, type solo, difficulty 14, thresholds 8/15, hp 8, stress 3, "
                       "atk 3, attack Claws 1d12+2"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("Bear "), std::string::npos) << r.out;  // a tier-1 bruiser
  // A file works as well as a name.
  r = encsim("list " + kSource + "/scenarios/fivey/monsters.yaml");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("  Bugbear        bracket elite, defense 14\n"), std::string::npos) << r.out;

  const std::pair<const char*, const char*> bad[] = {
      {"list daggerheart/adversaries --type slo", "has no type 'slo' (did you mean 'solo'?); its types: 'bruiser'"},
      {"list daggerheart/adversaries --tier 7", "has no tier 7; its tiers: '1', '2', '3' or '4'"},
      {"list fivey/monsters --tier 1", "'fivey/monsters' gives no entry a `tier`"},
      {"list adversaries", "no library file or shipped library 'adversaries' (did you mean 'daggerheart/adversaries'?)"},
      {"list --tier 1", "--tier and --type filter one library's entries: name the library"},
  };
  for (const auto& [args, message] : bad) {
    r = encsim(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(message), std::string::npos) << args << "\n" << r.out;
  }
}

// ENCSIM_SCENARIOS points at another shipped folder (as an install would).
TEST(ShippedLibraries, EnvironmentNamesAnotherRoot) {
  const fs::path dir = fresh_dir("root");
  fs::create_directories(dir / "lib" / "fivey");
  std::ofstream(dir / "lib" / "fivey" / "beasts.yaml") << "ruleset: fivey\ndescription: two beasts\nmonsters:\n"
                                                          "  Wolf: {bracket: grunt, defense: 12}\n  Boar: {bracket: elite, defense: 13}\n";
  const auto r = shell("ENCSIM_SCENARIOS=" + (dir / "lib").string() + " " + ENCSIM_BINARY + " list fivey/beasts 2>&1");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out, "fivey/beasts: 2 of 2 entries\n  Wolf  bracket grunt, defense 12\n  Boar  bracket elite, defense 13\n");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace encsim
