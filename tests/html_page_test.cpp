// report.html (docs/html-report.md) without a browser: escaping, the inlined
// Chart.js, the narrations (replay's own text), and each command's page.
// tests/html_report_test.py opens the pages in headless Chromium.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "io/html_report.hpp"
#include "run_encsim.hpp"

namespace encsim {
namespace {

namespace fs = std::filesystem;
using testing::encsim;
using testing::fresh_dir;
using testing::slurp;

const std::string kSource = ENCSIM_SOURCE_DIR;
const std::string kTroll = kSource + "/scenarios/fivey/troll-bridge.yaml";

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(HtmlPage, EscapesTextForHtmlAndForJsonInAScript) {
  EXPECT_EQ(html_escape("<b a=\"1\">'&'</b>"), "&lt;b a=&quot;1&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;");
  EXPECT_EQ(html_escape("a\x1b[31m\tb\n"), "a\xEF\xBF\xBD[31m\tb\n");
  EXPECT_EQ(json_string("</script>\"\\\n"), "\"\\u003c/script\\u003e\\\"\\\\\\u000a\"");
  EXPECT_EQ(json_string("Kord\xC3\xA9 & co"), "\"Kord\xC3\xA9 \\u0026 co\"");
}

TEST(HtmlPage, ChartJsIsInlinedWithItsLicenceAndNothingIsLoaded) {
  ASSERT_EQ(kChartJs.rfind("/*!\n * Chart.js v", 0), 0u) << kChartJs.substr(0, 80);
  EXPECT_NE(kChartJs.find("Released under the MIT License"), std::string_view::npos);
  const fs::path dir = fresh_dir("html-inline");
  ASSERT_EQ(encsim("run " + kTroll + " -n 500 --no-band -o " + dir.string()).code, 0);
  const std::string page = slurp(dir / "report.html");
  EXPECT_NE(page.find(std::string(kChartJs)), std::string::npos);
  EXPECT_EQ(page.find(" src="), std::string::npos);
  EXPECT_EQ(page.find("<link"), std::string::npos);
  EXPECT_EQ(count(page, "</script>"), 4u);  // the error catcher, the data, Chart.js, the drawing
  fs::remove_all(dir);
}

// A name from a scenario cannot end a <script> block or add markup.
TEST(HtmlPage, ScenarioTextCannotInjectMarkup) {
  const fs::path dir = fresh_dir("html-inject");
  const std::string evil = "</script><img src=x onerror=alert(1)>&";
  std::ofstream(dir / "s.yaml") << "ruleset: fivey\nname: \"" << evil << "\"\ndescription: \"<i>d</i>\"\n"
                                << "party: [{name: \"<u>PC</u>\", hp: 5, weapon: bow}]\n"
                                << "foes: [{name: \"</script>\", hp: 5, damage: d4}]\n";
  const auto r = encsim("run " + (dir / "s.yaml").string() + " -n 200 -o " + (dir / "out").string());
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string page = slurp(dir / "out" / "report.html");
  EXPECT_EQ(page.find(evil), std::string::npos);
  EXPECT_EQ(page.find("<img"), std::string::npos);
  EXPECT_EQ(page.find("<u>PC"), std::string::npos);
  EXPECT_EQ(page.find("<i>d</i>"), std::string::npos);
  EXPECT_NE(page.find("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&amp;"), std::string::npos);
  EXPECT_NE(page.find("\\u003c/script\\u003e"), std::string::npos);
  EXPECT_EQ(count(page, "</script>"), 4u);
  fs::remove_all(dir);
}

// The fights are narrated by replay's own code: each section holds what
// `encsim replay --trial N` prints after its first line.
TEST(HtmlPage, FightsAreNarratedAsReplayTellsThem) {
  const fs::path dir = fresh_dir("html-fights");
  ASSERT_EQ(encsim("run " + kTroll + " -n 400 --no-band --variant base -o " + dir.string()).code, 0);
  const std::string page = slurp(dir / "report.html");
  std::size_t fights = 0;
  for (auto at = page.find("data-trial=\""); at != std::string::npos; at = page.find("data-trial=\"", at + 1)) {
    const std::string trial = page.substr(at + 12, page.find('"', at + 12) - at - 12);
    std::string told = encsim("replay " + kTroll + " --trial " + trial).out;
    told = told.substr(told.find('\n') + 1);
    const auto pre = page.find("<pre>", at) + 5;
    EXPECT_EQ(page.substr(pre, page.find("</pre>", pre) - pre), html_escape(told)) << "trial " << trial;
    EXPECT_NE(page.find("encsim replay " + kTroll + " --seed 7 --trial " + trial, at), std::string::npos);
    ++fights;
  }
  EXPECT_GE(fights, 3u);
  fs::remove_all(dir);
}

TEST(HtmlPage, TuneAndSensitivityPagesHaveTheirCurveAndTable) {
  const fs::path dir = fresh_dir("html-balance");
  ASSERT_EQ(encsim("tune " + kTroll + " --param foes.Troll.defense --lo 8 --hi 20 --target-win 0.6 -n 1024 -o " +
                   (dir / "t").string()).code, 0);
  const std::string tune = slurp(dir / "t" / "report.html");
  EXPECT_NE(tune.find("\"target\":0.600000,\"target_label\":\"target 60.0%\""), std::string::npos);
  EXPECT_NE(tune.find("\"x_label\":\"Troll: defense (foes.Troll.defense)\""), std::string::npos);
  EXPECT_NE(tune.find("data-csv=\"tune.csv\""), std::string::npos);
  ASSERT_EQ(encsim("sensitivity " + kTroll + " --params foes.Troll.defense,foes.Troll.regenerate -n 500 -o " +
                   (dir / "s").string()).code, 0);
  const std::string sens = slurp(dir / "s" / "report.html");
  EXPECT_NE(sens.find("\"kind\":\"intervals\""), std::string::npos);
  EXPECT_NE(sens.find("data-csv=\"sensitivity.csv\""), std::string::npos);
  fs::remove_all(dir);
}

// A merged run writes the page too; it names the fights without narrating them.
TEST(HtmlPage, MergeWritesThePageFromTheParts) {
  const fs::path dir = fresh_dir("html-merge");
  for (const char* s : {"1/2", "2/2"})
    ASSERT_EQ(encsim("run " + kTroll + " -n 600 --no-band --shard " + s + " -o " + (dir / "parts").string()).code, 0);
  ASSERT_EQ(encsim("merge " + (dir / "parts").string() + " -o " + (dir / "out").string()).code, 0);
  ASSERT_EQ(encsim("run " + kTroll + " -n 600 --no-band -o " + (dir / "one").string()).code, 0);
  const std::string merged = slurp(dir / "out" / "report.html");
  EXPECT_NE(merged.find("class=\"fight\""), std::string::npos);
  EXPECT_EQ(merged.find("<pre>"), std::string::npos);
  // The same numbers as one machine's page: its summary table is the same.
  const auto summary = [](const std::string& page) {
    const auto at = page.find("data-csv=\"summary.csv\"");
    return page.substr(at, page.find("</table>", at) - at);
  };
  EXPECT_EQ(summary(merged), summary(slurp(dir / "one" / "report.html")));
  fs::remove_all(dir);
}

// Determinism holds for the page as for the CSVs: the same bytes at any
// thread count (it carries no timing).
TEST(HtmlPage, SameBytesAtOneTwoAndEightThreads) {
  std::string first;
  for (int threads : {1, 2, 8}) {
    const fs::path dir = fresh_dir("html-threads" + std::to_string(threads));
    const auto r = encsim("run " + kTroll + " -n 3000 --threads " + std::to_string(threads) + " -o " + dir.string());
    ASSERT_EQ(r.code, 0) << r.out;
    const std::string page = slurp(dir / "report.html");
    ASSERT_FALSE(page.empty());
    if (first.empty()) first = page;
    EXPECT_TRUE(page == first) << "report.html differs at " << threads << " threads";
    fs::remove_all(dir);
  }
}

}  // namespace
}  // namespace encsim
