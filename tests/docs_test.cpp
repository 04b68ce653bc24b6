// The docs say what the code does: docs/scenarios.md carries exactly what
// `encsim rules ID` prints, for every rule system.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

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

}  // namespace
}  // namespace encsim
