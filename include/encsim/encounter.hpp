// What every compiled encounter tells the reports, whatever its rule system.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdarg>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace encsim {

// A per-trial metric of a rule system (Fear spent, inspiration dice used, ...).
// In summary.csv it becomes `<name>_mean` (or `<name>_rate` for a 0/1 metric),
// plus `<name>_p50` when `p50` and `<name>_p90` when `p90`; `distribution`
// also writes it to distributions.csv.
struct MetricSpec {
  std::string_view name;
  std::string_view description;
  bool rate = false;
  bool p90 = false;
  bool distribution = false;
  bool p50 = false;  // also `<name>_p50`, the median
  // A per-combatant metric with a label here ("Stress left") is shown in the
  // default terminal report's line of each PC, as a mean per fight.
  std::string_view screen = {};
};

// What a system tells the default terminal report besides its metric tables:
// what it leaves out and which way that biases the result (one line), and its
// headline resources as one or two line templates, in which `{name}` is a
// per-trial metric's mean (a rate as a percentage), `{name:p50}` and
// `{name:p90}` its quantiles (the metric must keep them), e.g.
// "Fear: gains {fear_gained}, spends {fear_spent} (9 in 10 fights at most {fear_spent:p90})".
struct ScreenSpec {
  std::string_view coverage;
  std::vector<std::string_view> headline;
};

// A named play style of one side (issue 12): how the foes (monsters, the GM)
// or the party choose. Each rule system declares its styles in one table,
// `static const StyleSpec& Encounter::styles()`, and a scenario picks them
// with `style: {foes: NAME, party: NAME}` (both default `standard`).
struct StyleInfo {
  std::string_view name;
  std::string_view summary;  // what it does, for `check`, `rules` and the run report
};

struct StyleSpec {
  std::vector<StyleInfo> foes;   // kindest to the party first, harshest last; holds `standard`
  std::vector<StyleInfo> party;  // holds `standard`
};

// The styles in force: indexes into a StyleSpec's lists.
struct StyleChoice {
  int foes = 0;
  int party = 0;
};

// "Foes: standard (summary)" and "Party: standard (summary)": the default of
// a system's `behaviour()`; `foes_label` names the other side ("GM").
inline std::vector<std::string> style_lines(const StyleSpec& spec, StyleChoice choice,
                                            std::string_view foes_label = "Foes") {
  auto line = [](std::string_view label, const StyleInfo& s) {
    return std::string(label) + ": " + std::string(s.name) + " (" + std::string(s.summary) + ")";
  };
  return {line(foes_label, spec.foes[static_cast<std::size_t>(choice.foes)]),
          line("Party", spec.party[static_cast<std::size_t>(choice.party)])};
}

struct CombatantInfo {
  std::string name;  // "Goblin 2" for the second of `count: 3`
  bool pc = false;   // counts towards the party
  int side = 0;      // 0 party, 1 foes
};

// Narration for `encsim replay`: simulate() is a template on its log, so the
// trial loop (NullLog in runner.hpp) compiles every line away.
class TextLog {
 public:
  static constexpr bool kEnabled = true;
  explicit TextLog(std::ostream& out) : out_(&out) {}
  [[gnu::format(printf, 2, 3)]] void say(const char* fmt, ...) {
    char buf[512];
    va_list args;
    va_start(args, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, args);
    va_end(args);
    *out_ << buf << '\n';
  }

 private:
  std::ostream* out_;
};

}  // namespace encsim
