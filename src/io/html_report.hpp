// report.html (docs/html-report.md): one self-contained page of a run, sweep,
// tune or sensitivity study, written beside the CSVs from the same results.
// Chart.js is inlined (compiled into encsim, kChartJs), the numbers travel as
// JSON in the page, so it opens from disk with no network and no server.
// Tables are rendered from the same Table structures the CSVs are, so a
// column added there shows up here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/report.hpp"

namespace encsim {

// Chart.js's UMD build with its licence comment (generated at build time from
// Debian's libjs-chart.js, cmake/EmbedChartJs.cmake).
extern const std::string_view kChartJs;

// A chart of win rates (or changes of one) with their 95% intervals.
//   line:      x numeric (or indexes into x_names), a line per series, its
//              interval a shaded band, `target` a dashed horizontal line;
//   intervals: one category per x_names entry, an interval bar and a point
//              per series (series without low/high are points only).
struct HtmlChart {
  enum class Kind { line, intervals };
  Kind kind = Kind::line;
  std::string title;
  std::string x_label, y_label;   // readable axis names
  std::vector<std::string> x_names;  // category names (intervals; text-valued sweeps)
  bool percent = true;            // y is a fraction shown as a percentage
  struct Series {
    std::string name;
    std::vector<double> x, y, low, high;  // low/high empty: no interval
  };
  std::vector<Series> series;
  std::optional<double> target;  // line: a horizontal line at this y
  std::string target_label;
};

// A fight worth seeing, narrated (replay's text), for a collapsible section.
struct HtmlFight {
  std::size_t row = 0;   // the result it belongs to
  int kind = 0;          // Picks::Kind
  std::uint64_t trial = 0;
  std::string replay;    // the command that replays it
  std::string text;      // the narration; empty: only the command is shown
};

struct HtmlPage {
  std::string command;           // "run", "sweep", "tune", "sensitivity"
  std::string title;
  std::vector<std::string> intro;  // lines under the title (what ran)
  const std::vector<VariantResult>* results = nullptr;
  bool verdicts = true;          // a paragraph per result (run); a sweep has too many
  std::vector<HtmlChart> charts;  // first: the main chart (win rates or the curve)
  struct Section {
    std::string title;
    std::string csv;             // the CSV that holds the same rows, e.g. "tune.csv"
    Table table;
  };
  std::vector<Section> tables;   // the command's own tables, after the charts
  std::vector<HtmlFight> fights;
};

// The win rate of every result with its interval (and its band's ends as points).
HtmlChart win_rate_chart(const std::vector<VariantResult>& results);
// "Troll: defense (foes.Troll.defense)": a scenario path as an axis name.
std::string readable_path(const std::string& path);
// The label of a result among others: its variant, the sweep keys, and the
// scenario when `results` hold several.
std::string result_label(const VariantResult& r, const std::vector<VariantResult>& results);

std::string html_report(const HtmlPage& page);

// Text for an HTML element or attribute; control characters become U+FFFD.
std::string html_escape(std::string_view text);
// A JSON string literal that is also safe inside <script> ('<', '>', '&' escaped).
std::string json_string(std::string_view text);

}  // namespace encsim
