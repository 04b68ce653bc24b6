// What `sweep`, `tune` and `sensitivity` share: scenario values addressed by
// dotted paths (set_path/get_path), given on the command line, applied to every
// chosen variant and compiled before any trial runs, so a bad path or value
// stops with exit code 2 and nothing written. Nothing here knows a rule
// system: the values are numbers at paths, and the encounters are AnyEncounter.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/cli.hpp"

namespace encsim::cli {

// One command-line argument as a one-line source ("--set foes.Ogre.hp=20..40"),
// so an error about it is shown with the argument and a caret.
class ArgText {
 public:
  ArgText(const std::string& option, const std::string& value);
  // The position of the value's character `offset`.
  SourcePos at(std::size_t offset) const;
  const std::string& value() const { return value_; }

 private:
  std::shared_ptr<const SourceFile> file_;
  std::string value_;
  int first_col_;
};

// A scenario value that a balance tool varies.
struct Param {
  std::string path;               // as the user wrote it: the column name in the CSVs
  SourcePos pos;                  // the path in its argument
  SourcePos value_pos;            // the value(s) in its argument
  bool integer = true;            // whole numbers only
  std::optional<double> current;  // its value in the scenario as written, when written there
  std::string unset_hint;         // when not written: " (did you mean 'x'?)" from the keys beside it
  // Text values (play style names, `--set style.foes=cautious,ruthless`): a
  // value is then an index into `labels`, which the rule system validates.
  std::vector<std::string> labels;
  // A value as the scenario would write it: "12", "0.25", "ruthless".
  std::string text(double value) const;
};

// Finds `path` in the scenario as written (before variants' overrides). It must lead to a number,
// or to a key the scenario leaves unset (an option at its default, say), which
// the rule system then validates when a value is compiled. `integer` starts as
// whether the value is whole (true when unset). Throws InputError.
// With `numeric` false the path may hold text (a style name) or be unset.
Param resolve_param(const Prepared& p, const std::string& path, const SourcePos& pos, const SourcePos& value_pos,
                    bool numeric = true);
// The same in a document `doc` where the value sits at `doc_path` (a
// session's fight: `fights.ford.foes.Ogre.hp` is `foes.Ogre.hp` in its document).
Param resolve_param_in(const Node& doc, const std::string& path, const std::string& doc_path, const SourcePos& pos,
                       const SourcePos& value_pos, bool numeric = true);
// How a command resolves a path: in a scenario (resolve_param) or a session.
using ParamResolver = std::function<Param(const std::string& path, const SourcePos& pos, const SourcePos& value_pos,
                                          bool numeric)>;

// A parameter and the values given for it.
struct ParamValues {
  Param param;
  std::vector<double> values;  // numbers, or indexes into param.labels
};
// "PATH=V1,V2,..." given to `option`: numbers, or names such as play styles
// (`style.foes=cautious,standard,ruthless`), in the order given. Throws InputError.
ParamValues parse_value_list(const Prepared& p, const std::string& option, const std::string& text);
ParamValues parse_value_list(const ParamResolver& resolve, const std::string& option, const std::string& text);
// One item of sensitivity's `--params PATH[:STEP],...`: the parameter and its
// step (by default 1 for a whole number, else a tenth of its value).
struct ParamStep {
  Param param;
  double step = 1.0;
};
// Parses `--params`: each path resolved by `resolve`, listed once and written
// in the `doc` ("scenario", "session"), since sensitivity moves the written
// value. Throws InputError.
std::vector<ParamStep> parse_param_steps(const ParamResolver& resolve, const std::string& text, const std::string& doc);
// The most points a sweep runs.
inline constexpr std::size_t kMaxSweepPoints = 10000;
// A sweep's --set: PATH=FROM..TO[:STEP] or a list (parse_value_list). Throws InputError.
ParamValues parse_sweep_axis(const ParamResolver& resolve, const std::string& text);

// The chosen variants of `p` whose own overrides set `param` (or a map or list
// holding it), so that an edit of it changes nothing there.
std::vector<std::string> variants_overriding(const Prepared& p, const Param& param);

// An InputError when the one chosen variant of `p` sets `param` itself
// (`tool` names the command in the message).
void require_not_overridden(const Prepared& p, const Param& param, const std::string& tool);

// "12" -> 12 (whole), "0.25" -> 0.25; nullopt for anything else (no inf, nan).
std::optional<double> parse_number(const std::string& text, bool& whole);
// The scalar text a value is written as: "12", "0.25".
std::string format_value(double value, bool integer);

// Values of some params: what a sweep point, a tune evaluation or a
// sensitivity probe sets.
using Setting = std::vector<std::pair<const Param*, double>>;
// The CSV key columns of a setting: path -> value.
std::vector<std::pair<std::string, std::string>> setting_keys(const Setting& setting);
// Every chosen variant of `p` compiled as if the scenario file said
// `setting` (edited_doc: the variant's own overrides still apply on top). An
// InputError names the setting.
std::vector<AnyEncounter> compile_setting(const Prepared& p, const Setting& setting);

// tune's grid: --lo, --hi and --step as given (empty: not given), else from
// the value as written (half to twice it). Throws InputError.
struct TuneRange {
  double lo = 0, step = 1;
  std::size_t steps = 1;  // the grid is lo, lo + step, ..., lo + steps * step
};
TuneRange tune_range(Param& param, const std::string& lo, const std::string& hi, const std::string& step);

// --- tune: the search itself, apart from running fights, so a test can drive it.
struct TuneEval {
  std::size_t index = 0;  // on the grid: value = lo + index * step
  double value = 0.0;
  std::uint64_t trials = 0;
  std::uint64_t wins = 0;
  double rate() const { return trials == 0 ? 0.0 : static_cast<double>(wins) / static_cast<double>(trials); }
  Interval ci() const { return wilson(wins, trials); }
  std::string role;  // "scan", "bisection", "candidate", "answer", "neighbour", ...
};

struct TuneOutcome {
  enum class Status { found, target_below_range, target_above_range, flat };
  Status status = Status::found;
  std::size_t answer = 0;               // index into `trace` of the answer
  std::vector<std::size_t> neighbours;  // indexes into `trace`
  bool monotone = true;
  std::string monotone_note;  // the evidence when it is not
  int direction = 0;          // +1: win rate rises with the value; -1: falls; 0: flat
  std::vector<TuneEval> trace;
};

// What tune says of its outcome: the answer, or why there is none, its
// neighbours, and a warning when the response is not monotone. `rate` names
// what is measured ("win rate"); `describe` tells one evaluation.
std::string tune_verdict(const TuneOutcome& o, double target, const std::string& path, const std::string& rate,
                         const std::function<std::string(const TuneEval&)>& describe);

// Searches the grid lo, lo + step, ..., lo + steps * step for the value whose
// party win rate is closest to `target`. `evaluate(value, trials)` returns the
// wins in the first `trials` trials (common random numbers: the same trials at
// every value). A coarse scan (9 points) with a sixteenth of the trials finds
// where the rate crosses the target; bisection inside that stretch, assuming
// the rate is monotone there, raises the trials (x4, up to `max_trials`) at a
// midpoint whose interval still holds the target; finally the answer and its
// neighbours are evaluated with `max_trials`, walking to a closer neighbour
// while there is one. Monotonicity is checked on every point evaluated.
// The coarse scan's trials and grid indexes (step 1 of tune_search): what a
// sharded tune runs (docs/sharding.md).
std::uint64_t tune_scan_trials(std::uint64_t max_trials);
std::vector<std::size_t> tune_scan_indexes(std::size_t steps);
TuneOutcome tune_search(double lo, double step, std::size_t steps, double target, std::uint64_t max_trials,
                        const std::function<std::uint64_t(double value, std::uint64_t trials)>& evaluate);

}  // namespace encsim::cli
