// The docs say what the code does: docs/scenarios.md carries exactly what
// `encsim rules ID` prints, for every rule system.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "io/report.hpp"
#include "rules/registry.hpp"

namespace encsim {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

TEST(Docs, ScenarioReferenceCarriesEveryRulesetsKeyList) {
  const std::string doc = slurp(ENCSIM_SOURCE_DIR "/docs/scenarios.md");
  for (const RulesetEntry& r : rulesets()) {
    const std::string block =
        "<!-- BEGIN encsim rules " + std::string(r.id) + " -->\n```\n" + rules_reference(r.id) + "```\n";
    EXPECT_NE(doc.find(block), std::string::npos)
        << r.id << ": docs/scenarios.md is out of date; run tools/update-docs.sh";
  }
}

TEST(Docs, EveryRulesetHasItsReadingsWritten) {
  for (const RulesetEntry& r : rulesets()) {
    std::string file(r.id);
    const std::string doc = slurp(ENCSIM_SOURCE_DIR "/docs/rules/" + file + ".md");
    EXPECT_GT(doc.size(), 1000u) << "docs/rules/" << file << ".md";
  }
}

// summary.csv's common columns come from one list, and docs/csv.md defines
// each of them in the summary table ("| name |" or "| a, name |").
TEST(Docs, CsvReferenceDefinesEverySummaryColumn) {
  const std::string doc = slurp(ENCSIM_SOURCE_DIR "/docs/csv.md");
  const std::string summary = doc.substr(doc.find("## summary.csv"));
  const std::string table = summary.substr(0, summary.find("\n\n", summary.find("| column |")));
  for (const std::string& c : summary_common_columns()) {
    const bool listed = table.find("| " + c + " |") != std::string::npos ||
                        table.find("| " + c + ", ") != std::string::npos ||
                        table.find(", " + c + " |") != std::string::npos ||
                        table.find(", " + c + ", ") != std::string::npos;
    EXPECT_TRUE(listed) << c << " is not defined in docs/csv.md's summary.csv table";
  }
}

// The docs stand alone: no link into the source texts beside the repository
// (../shared, /work/shared), which a reader of the repository does not have.
TEST(Docs, NoDocumentLinksOutsideTheRepository) {
  std::vector<std::filesystem::path> files{ENCSIM_SOURCE_DIR "/README.md"};
  for (const auto& e : std::filesystem::recursive_directory_iterator(ENCSIM_SOURCE_DIR "/docs"))
    if (e.path().extension() == ".md") files.push_back(e.path());
  EXPECT_GT(files.size(), 5u);
  for (const auto& f : files) {
    const std::string text = slurp(f.string());
    for (const char* bad : {"../shared", "/work/shared"})
      EXPECT_EQ(text.find(bad), std::string::npos) << f << " links to " << bad << ": the docs must stand alone";
  }
}

// `encsim rules` names the rules text a system follows in words that cannot
// be read as a random seed ("source text 004", not "seed 004").
TEST(Docs, RulesNameTheSourceTextNotASeed) {
  for (const RulesetEntry& r : rulesets()) {
    EXPECT_EQ(std::string(r.source).find("seed"), std::string::npos) << r.id;
    EXPECT_EQ(rules_reference(r.id).find("(seed "), std::string::npos) << r.id;
    EXPECT_NE(rules_reference(r.id).find("source text 00"), std::string::npos) << r.id;
  }
}

}  // namespace
}  // namespace encsim
