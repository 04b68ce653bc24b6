// What every compiled encounter tells the reports, whatever its rule system.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdarg>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "encsim/narration.hpp"

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

// A named thing one combatant can use in a fight (issue 13): an attack, a
// spell, a feature, a special action. Each compiled encounter declares its
// table once, `const std::vector<FeatureInfo>& features() const`, and its
// simulate() counts into TrialRecord::features by index (features.csv).
struct FeatureInfo {
  int owner = 0;      // the combatant's index in the roster
  std::string name;   // "Claw", "Fireball", "Tag Team"
  std::string spent;  // what FeatureRecord::spent counts ("Fear", "Hope", "slots"), "" when nothing
};

// Appends a feature of combatant `owner` to `table`; its index.
inline int add_feature(std::vector<FeatureInfo>& table, int owner, std::string name, std::string spent = {}) {
  table.push_back({owner, std::move(name), std::move(spent)});
  return static_cast<int>(table.size()) - 1;
}

// For a scope, `slot` (the feature a combatant acts with now, whose damage,
// healing and conditions count to it) holds `feature`; afterwards what it
// held before, so a reaction inside an action counts to itself.
class UsingFeature {
 public:
  UsingFeature(int& slot, int feature) : slot_(slot), saved_(slot) { slot = feature; }
  ~UsingFeature() { slot_ = saved_; }
  UsingFeature(const UsingFeature&) = delete;
  UsingFeature& operator=(const UsingFeature&) = delete;

 private:
  int& slot_;
  int saved_;
};

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
  // The end-of-round status block (narration.hpp): the fight adds a Standing
  // per combatant, then closes the round. Round 0 (before the first) is kept
  // for the turning point, not printed; a round closed twice (the fight ended
  // just after its block) is printed once.
  Standing& standing(std::string name, int side, int left, int max) {
    Standing& s = pending_.who.emplace_back();
    s.name = std::move(name);
    s.side = side;
    s.left = left;
    s.max = max;
    return s;
  }
  void end_round(int round) {
    RoundStatus done = std::exchange(pending_, RoundStatus{});
    if (!rounds_.empty() && rounds_.back().round == round) return;
    done.round = round;
    if (round > 0) write_status(*out_, done);
    rounds_.push_back(std::move(done));
  }
  const std::vector<RoundStatus>& rounds() const { return rounds_; }

 private:
  std::ostream* out_;
  RoundStatus pending_;
  std::vector<RoundStatus> rounds_;
};

}  // namespace encsim
