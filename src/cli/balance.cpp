#include "cli/balance.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <sstream>

#include "encsim/error.hpp"

namespace encsim::cli {

ArgText::ArgText(const std::string& option, const std::string& value)
    : file_(SourceFile::from_text("command line", option + " " + value)),
      value_(value),
      first_col_(static_cast<int>(option.size()) + 2) {}

SourcePos ArgText::at(std::size_t offset) const { return SourcePos{file_, 1, first_col_ + static_cast<int>(offset)}; }

std::optional<double> parse_number(const std::string& text, bool& whole) {
  const Node n = Node::scalar(text, {});
  try {
    const std::int64_t i = n.as_int();
    whole = true;
    return static_cast<double>(i);
  } catch (const InputError&) {
  }
  try {
    const double d = n.as_number();
    if (!std::isfinite(d)) return std::nullopt;
    whole = false;
    return d;
  } catch (const InputError&) {
    return std::nullopt;
  }
}

std::string format_value(double value, bool integer) {
  char buf[64];
  if (integer)
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(std::llround(value)));
  else
    std::snprintf(buf, sizeof buf, "%.12g", value);
  std::string s = buf;
  if (s == "-0") s = "0";
  return s;
}

std::string Param::text(double value) const {
  return labels.empty() ? format_value(value, integer) : labels[static_cast<std::size_t>(value)];
}

namespace {

const Variant& variant_named(const Scenario& s, const std::string& name) {
  for (const Variant& v : s.variants)
    if (v.name == name) return v;
  ENCSIM_CHECK(false && "prepared variant not in its scenario");
  std::abort();
}

}  // namespace

Param resolve_param(const Prepared& p, const std::string& path, const SourcePos& pos, const SourcePos& value_pos,
                    bool numeric) {
  // The value as the scenario writes it (before any variant's overrides): an
  // edit goes there, as if the file said so.
  return resolve_param_in(p.scenario.variants.front().doc, path, path, pos, value_pos, numeric);
}

Param resolve_param_in(const Node& doc, const std::string& path, const std::string& doc_path, const SourcePos& pos,
                       const SourcePos& value_pos, bool numeric) {
  Param param{path, pos, value_pos, true, std::nullopt, "", {}};
  const Node* node = nullptr;
  try {
    node = &get_path(doc, doc_path, pos);
  } catch (const InputError&) {
    // Either a step on the way is wrong (set_path says which, with a
    // did-you-mean), or only the last key is unset: an option at its default,
    // a stat the rule system fills in. Then the rule system judges the key
    // when the first value is compiled.
    Node copy = doc;
    set_path(copy, doc_path, Node::scalar("0", value_pos), pos);
    // The keys written beside it may show a typo.
    const std::size_t dot = doc_path.rfind('.');
    if (dot != std::string::npos) {
      std::vector<std::string> keys;
      try {
        const Node& parent = get_path(doc, doc_path.substr(0, dot), pos);
        if (parent.is_map())
          for (const Node::Entry& e : parent.entries()) keys.push_back(e.key);
      } catch (const InputError&) {
        // No parent yet (a scenario without `options:`): set_path creates it.
      }
      param.unset_hint = did_you_mean(doc_path.substr(dot + 1), keys);
    }
    return param;
  }
  if (!node->is_scalar())
    throw InputError(pos, "'" + path + "' is " + std::string(node->kind_name()) + " in the scenario, not " +
                              (numeric ? "a number" : "a value"));
  if (!numeric) return param;
  bool whole = false;
  const auto value = parse_number(node->text(), whole);
  if (!value)
    throw InputError(pos, "'" + path + "' is '" + node->text() + "' in the scenario, not a number");
  param.integer = whole;
  param.current = *value;
  return param;
}

ParamValues parse_value_list(const Prepared& p, const std::string& option, const std::string& text) {
  return parse_value_list(
      [&](const std::string& path, const SourcePos& pos, const SourcePos& value_pos, bool numeric) {
        return resolve_param(p, path, pos, value_pos, numeric);
      },
      option, text);
}

ParamValues parse_value_list(const ParamResolver& resolve, const std::string& option, const std::string& text) {
  const ArgText arg(option, text);
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw InputError(arg.at(0), "expected PATH=VALUE[,VALUE...], e.g. style.foes=cautious,standard,ruthless");
  std::vector<std::string> items;
  std::vector<std::size_t> starts;
  for (std::size_t start = eq + 1;;) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    if (comma == start) throw InputError(arg.at(start), "empty value in the list after '='");
    items.push_back(text.substr(start, comma - start));
    starts.push_back(start);
    if (comma == text.size()) break;
    start = comma + 1;
  }
  // Numbers when every value is one, else names (play styles and the like).
  bool numbers = true, whole = true;
  std::vector<double> values;
  for (const std::string& item : items) {
    bool w = false;
    const auto v = parse_number(item, w);
    numbers = numbers && v.has_value();
    whole = whole && w;
    values.push_back(v.value_or(0.0));
  }
  ParamValues out{resolve(text.substr(0, eq), arg.at(0), arg.at(eq + 1), numbers), {}};
  Param& param = out.param;
  for (std::size_t k = 0; k < items.size(); ++k)
    for (std::size_t j = 0; j < k; ++j)
      if (items[j] == items[k]) throw InputError(arg.at(starts[k]), "'" + items[k] + "' is listed twice");
  if (!numbers) {
    param.labels = items;
    param.integer = true;
    for (std::size_t k = 0; k < items.size(); ++k) out.values.push_back(static_cast<double>(k));
    return out;
  }
  if (param.current && param.integer && !whole)
    throw InputError(arg.at(eq + 1), "'" + param.path + "' is a whole number in the scenario (" +
                                         format_value(*param.current, true) + "), so the values must be too");
  if (!param.current) param.integer = whole;
  out.values = values;
  return out;
}

namespace {

double number_at(const ArgText& arg, std::size_t from, std::size_t to, const char* what, bool& whole) {
  const std::string text = arg.value().substr(from, to - from);
  const auto v = parse_number(text, whole);
  if (!v) throw InputError(arg.at(from), std::string("expected a number for ") + what + ", got '" + text + "'");
  return *v;
}

}  // namespace

ParamValues parse_sweep_axis(const ParamResolver& resolve, const std::string& text) {
  const ArgText arg("--set", text);
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw InputError(arg.at(0), "expected PATH=FROM..TO[:STEP] or PATH=V1,V2,..., e.g. foes.Ogre.hp=20..40:5");
  const std::size_t dots = text.find("..", eq + 1);
  // Without a range, a list of values: numbers, or names like play styles.
  if (dots == std::string::npos) return parse_value_list(resolve, "--set", text);
  const std::size_t colon = text.find(':', dots + 2);
  const std::size_t to_end = colon == std::string::npos ? text.size() : colon;
  bool from_whole = false, to_whole = false, step_whole = true;
  const double from = number_at(arg, eq + 1, dots, "FROM", from_whole);
  const double to = number_at(arg, dots + 2, to_end, "TO", to_whole);
  const double step = colon == std::string::npos ? 1.0 : number_at(arg, colon + 1, text.size(), "STEP", step_whole);

  ParamValues axis{resolve(text.substr(0, eq), arg.at(0), arg.at(eq + 1), true), {}};
  const bool whole = from_whole && to_whole && step_whole;
  if (axis.param.current && axis.param.integer && !whole)
    throw InputError(arg.at(eq + 1), "'" + axis.param.path + "' is a whole number in the scenario (" +
                                         format_value(*axis.param.current, true) +
                                         "), so FROM, TO and STEP must be whole numbers too");
  if (!axis.param.current || !whole) axis.param.integer = axis.param.integer && whole;
  if (!(step > 0))
    throw InputError(arg.at(colon + 1), "the step must be positive, got " + format_value(step, false));
  if (from > to)
    throw InputError(arg.at(eq + 1), "the range runs backwards (" + format_value(from, false) + " > " +
                                         format_value(to, false) + "); write " + format_value(to, false) + ".." +
                                         format_value(from, false));
  // The count is computed once (a little slack for 0.1-style steps), and each
  // value from its index, so no rounding error accumulates along the range.
  const double span = (to - from) / step;
  if (span >= static_cast<double>(kMaxSweepPoints))
    throw InputError(arg.at(eq + 1), "the range has more than " + std::to_string(kMaxSweepPoints) + " points");
  const auto count = static_cast<std::size_t>(std::floor(span + 1e-9)) + 1;
  for (std::size_t i = 0; i < count; ++i) axis.values.push_back(from + static_cast<double>(i) * step);
  return axis;
}


std::vector<std::string> variants_overriding(const Prepared& p, const Param& param) {
  std::vector<std::string> out;
  const std::string sentinel = "encsim-sweep-probe";
  for (const std::string& name : p.variant_names) {
    const Variant& v = variant_named(p.scenario, name);
    if (v.set.is_null()) continue;
    Node doc = p.scenario.variants.front().doc;
    set_path(doc, param.path, Node::scalar(sentinel, param.value_pos), param.pos);
    for (const Node::Entry& e : v.set.entries()) set_path(doc, e.key, e.value, e.key_pos);
    const Node& after = get_path(doc, param.path, param.pos);
    if (!after.is_scalar() || after.text() != sentinel) out.push_back(name);
  }
  return out;
}

void require_not_overridden(const Prepared& p, const Param& param, const std::string& tool) {
  for (const std::string& v : variants_overriding(p, param))
    throw InputError(param.pos, "variant '" + v + "' sets '" + param.path + "' itself, so " + tool +
                                    " cannot vary it there; choose the base or another variant");
}

std::vector<std::pair<std::string, std::string>> setting_keys(const Setting& setting) {
  std::vector<std::pair<std::string, std::string>> keys;
  for (const auto& [param, value] : setting) keys.emplace_back(param->path, param->text(value));
  return keys;
}

std::vector<AnyEncounter> compile_setting(const Prepared& p, const Setting& setting) {
  std::vector<Edit> edits;
  for (const auto& [param, value] : setting)
    edits.push_back({param->path, Node::scalar(param->text(value), param->value_pos), param->pos});
  std::vector<AnyEncounter> out;
  for (const std::string& name : p.variant_names) {
    const Variant& v = variant_named(p.scenario, name);
    try {
      out.push_back(compile_variant(p.scenario, Variant{v.name, edited_doc(p.scenario, v, edits), v.set}));
    } catch (const InputError& e) {
      std::string at;
      for (const auto& [k, value] : setting_keys(setting)) at += (at.empty() ? "" : ", ") + k + " = " + value;
      throw InputError(e.pos(), e.message() + " (with " + at + (name == "base" ? "" : ", in variant '" + name + "'") + ")");
    }
  }
  return out;
}

// --- tune ---------------------------------------------------------------------

namespace {

constexpr std::size_t kMaxSteps = 1'000'000;

// A number given to `option`; `whole` says whether it was written as a whole number.
double option_number(const std::string& option, const std::string& text, bool& whole) {
  const auto v = parse_number(text, whole);
  if (!v) throw InputError(ArgText(option, text).at(0), "expected a number for " + option + ", got '" + text + "'");
  return *v;
}

}  // namespace

TuneRange tune_range(Param& param, const std::string& lo_text, const std::string& hi_text, const std::string& step_text) {
  // The range: given, or half to twice the scenario's value.
  bool lo_whole = true, hi_whole = true, step_whole = true;
  std::optional<double> lo, hi, step;
  if (!lo_text.empty()) lo = option_number("--lo", lo_text, lo_whole);
  if (!hi_text.empty()) hi = option_number("--hi", hi_text, hi_whole);
  if (!step_text.empty()) step = option_number("--step", step_text, step_whole);
  if (!lo || !hi) {
    if (!param.current || *param.current <= 0)
      throw InputError(param.pos, "'" + param.path + "' " +
                                      (param.current ? "is " + format_value(*param.current, param.integer) + " in the scenario"
                                                     : "is not written in the scenario" + param.unset_hint) +
                                      ", so tune cannot guess a range: give --lo and --hi");
    const double v = *param.current;
    if (!lo) lo = param.integer ? std::ceil(v / 2) : v / 2;
    if (!hi) hi = 2 * v;
  }
  if (param.current && param.integer && !(lo_whole && hi_whole && step_whole))
    throw InputError(param.pos, "'" + param.path + "' is a whole number in the scenario, so --lo, --hi and --step must be too");
  if (!param.current) param.integer = lo_whole && hi_whole && step_whole;
  if (!(*lo < *hi))
    throw InputError(SourcePos{}, "--lo (" + format_value(*lo, param.integer) + ") must be below --hi (" +
                                      format_value(*hi, param.integer) + ")");
  if (!step) step = param.integer ? 1.0 : (*hi - *lo) / 100;
  if (!(*step > 0)) throw InputError(ArgText("--step", step_text).at(0), "--step must be positive");
  const double span = (*hi - *lo) / *step;
  if (span > static_cast<double>(kMaxSteps))
    throw InputError(SourcePos{}, "the range holds more than " + std::to_string(kMaxSteps) + " steps; give a larger --step");
  const auto steps = static_cast<std::size_t>(std::floor(span + 1e-9));
  if (steps < 1) throw InputError(SourcePos{}, "the range from --lo to --hi is shorter than one --step");
  return {*lo, *step, steps};
}


std::uint64_t tune_scan_trials(std::uint64_t max_trials) {
  // Searching starts at a sixteenth of the trials, at least a few chunks:
  // far from the answer a rough rate decides the side just as well.
  return std::min(max_trials, std::max<std::uint64_t>(max_trials / 16, 4 * kChunkTrials));
}

std::vector<std::size_t> tune_scan_indexes(std::size_t steps) {
  const std::size_t parts = std::min<std::size_t>(steps, 8);
  std::vector<std::size_t> out;
  for (std::size_t j = 0; j <= parts; ++j) out.push_back(j * steps / parts);
  return out;
}

TuneOutcome tune_search(double lo, double step, std::size_t steps, double target, std::uint64_t max_trials,
                        const std::function<std::uint64_t(double value, std::uint64_t trials)>& evaluate) {
  TuneOutcome out;
  ENCSIM_CHECK(steps >= 1 && max_trials >= 1);
  std::map<std::pair<std::size_t, std::uint64_t>, std::size_t> seen;  // (index, trials) -> trace entry
  auto eval = [&](std::size_t index, std::uint64_t trials, const char* role) {
    const auto key = std::make_pair(index, trials);
    if (auto it = seen.find(key); it != seen.end()) return it->second;
    TuneEval e;
    e.index = index;
    e.value = lo + static_cast<double>(index) * step;
    e.trials = trials;
    e.wins = evaluate(e.value, trials);
    e.role = role;
    out.trace.push_back(e);
    seen.emplace(key, out.trace.size() - 1);
    return out.trace.size() - 1;
  };
  auto rate = [&](std::size_t t) { return out.trace[t].rate(); };
  std::uint64_t trials = tune_scan_trials(max_trials);

  // 1. A coarse scan of the range (9 points at most) with the rough trials:
  // it finds the stretch where the win rate crosses the target, and shows a
  // response that is not monotone before bisection has to trust that it is.
  std::vector<std::size_t> scan;  // trace entries, by value
  for (std::size_t index : tune_scan_indexes(steps)) scan.push_back(eval(index, trials, "scan"));
  bool all_equal = true;
  for (std::size_t t : scan) all_equal = all_equal && rate(t) == rate(scan.front());
  const double first_rate = rate(scan.front()), last_rate = rate(scan.back());
  out.direction = last_rate > first_rate ? 1 : last_rate < first_rate ? -1 : 0;
  auto distance = [&](std::size_t t) { return std::abs(rate(t) - target); };
  std::size_t best = 0;  // grid index to refine from
  if (all_equal) {
    out.status = TuneOutcome::Status::flat;
  } else {
    std::optional<std::size_t> bracket;  // scan[j] and scan[j + 1] straddle the target
    for (std::size_t j = 0; j + 1 < scan.size() && !bracket; ++j)
      if (std::min(rate(scan[j]), rate(scan[j + 1])) <= target && target <= std::max(rate(scan[j]), rate(scan[j + 1])))
        bracket = j;
    if (!bracket) {
      // Above or below every rate seen: the nearest point is the best on offer.
      std::size_t nearest = scan.front();
      for (std::size_t t : scan)
        if (distance(t) < distance(nearest)) nearest = t;
      best = out.trace[nearest].index;
      out.status = rate(nearest) < target ? TuneOutcome::Status::target_above_range
                                          : TuneOutcome::Status::target_below_range;
    } else {
      // 2. Bisection inside the bracket on side(x) = dir * (rate - target),
      // side(a) < 0 <= side(b), dir being the bracket's own direction.
      std::size_t a = out.trace[scan[*bracket]].index, b = out.trace[scan[*bracket + 1]].index;
      const int dir = rate(scan[*bracket + 1]) >= rate(scan[*bracket]) ? 1 : -1;
      while (b - a > 1) {
        const std::size_t m = a + (b - a) / 2;
        std::size_t e = eval(m, trials, "bisection");
        while (trials < max_trials) {
          const Interval ci = out.trace[e].ci();
          if (target < ci.low || target > ci.high) break;
          // Too close to call: look harder here and from now on (we are near the answer).
          trials = std::min(max_trials, trials * 4);
          e = eval(m, trials, "bisection, more trials");
        }
        if (dir * (rate(e) - target) < 0)
          a = m;
        else
          b = m;
      }
      const std::size_t ea = eval(a, max_trials, "candidate");
      const std::size_t eb = eval(b, max_trials, "candidate");
      best = distance(eb) < distance(ea) ? b : a;
    }
  }
  // 3. With every trial, a neighbour may still come closer (a side decided on
  // fewer trials can be a step off; a target out of reach may yet be crossed
  // between scan points): walk there.
  for (std::size_t walk = 0; walk <= steps; ++walk) {
    out.answer = eval(best, max_trials, "candidate");
    out.neighbours.clear();
    if (best > 0) out.neighbours.push_back(eval(best - 1, max_trials, "candidate"));
    if (best < steps) out.neighbours.push_back(eval(best + 1, max_trials, "candidate"));
    std::size_t next = out.answer;
    for (std::size_t n : out.neighbours)
      if (distance(n) < distance(next)) next = n;
    if (next == out.answer) break;
    best = out.trace[next].index;
  }
  if (out.status != TuneOutcome::Status::flat) {
    // Out of reach only if nothing seen with every trial straddles the target.
    bool above = false, below = false;
    for (const TuneEval& e : out.trace)
      if (e.trials == max_trials) (e.rate() >= target ? above : below) = true;
    if (above && below) out.status = TuneOutcome::Status::found;
  }
  out.trace[out.answer].role = "answer";
  for (std::size_t n : out.neighbours)
    if (n != out.answer) out.trace[n].role = "neighbour";

  // Monotonicity, as far as the evaluated points can show it: two points whose
  // intervals do not overlap yet lie the wrong way round.
  for (const TuneEval& x : out.trace)
    for (const TuneEval& y : out.trace) {
      if (x.value >= y.value || !out.monotone) continue;
      const Interval cx = x.ci(), cy = y.ci();
      const bool wrong_way = out.direction > 0 ? cy.high < cx.low : cy.low > cx.high;
      if (wrong_way) {
        char note[256];
        std::snprintf(note, sizeof note, "the win rate is %.1f%% at %s but %.1f%% at %s", 100.0 * x.rate(),
                      format_value(x.value, false).c_str(), 100.0 * y.rate(), format_value(y.value, false).c_str());
        out.monotone = false;
        out.monotone_note = note;
      }
    }
  return out;
}

std::string tune_verdict(const TuneOutcome& o, double target, const std::string& path, const std::string& rate,
                         const std::function<std::string(const TuneEval&)>& describe) {
  std::ostringstream os;
  const TuneEval& answer = o.trace[o.answer];
  switch (o.status) {
    case TuneOutcome::Status::found: os << "  answer: " << describe(answer) << "\n"; break;
    case TuneOutcome::Status::target_below_range:
    case TuneOutcome::Status::target_above_range:
      os << "  The target " << percent(target) << " is "
         << (o.status == TuneOutcome::Status::target_below_range ? "below" : "above") << " every " << rate
         << " found in the range; the closest is " << describe(answer) << ". Widen --lo/--hi to reach it.\n";
      break;
    case TuneOutcome::Status::flat:
      os << "  The " << rate << " is the same at every point scanned (" << percent(answer.rate()) << "): " << path
         << " does not move it here, so there is no answer.\n";
      break;
  }
  for (std::size_t n : o.neighbours) os << "  neighbour: " << describe(o.trace[n]) << "\n";
  if (!o.monotone)
    os << "  The response is not monotone (" << o.monotone_note
       << "): bisection assumes it is, so another value may come closer; sweep the range to see it.\n";
  return os.str();
}

std::vector<ParamStep> parse_param_steps(const ParamResolver& resolve, const std::string& text, const std::string& doc) {
  const ArgText arg("--params", text);
  std::vector<ParamStep> out;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, end - start);
    if (item.empty()) throw InputError(arg.at(start), "empty parameter in --params (expected PATH,PATH,...)");
    const std::size_t colon = item.find(':');
    const std::string path = item.substr(0, colon);
    ParamStep probe;
    probe.param = resolve(path, arg.at(start), arg.at(colon == std::string::npos ? start : start + colon + 1), true);
    for (const ParamStep& other : out)
      if (other.param.path == path) throw InputError(probe.param.pos, "'" + path + "' is listed twice");
    if (!probe.param.current)
      throw InputError(probe.param.pos, "'" + path + "' is not written in the " + doc + probe.param.unset_hint +
                                            ", so its value is the rule system's default, which sensitivity "
                                            "cannot see: write it in the " + doc);
    if (colon != std::string::npos) {
      bool whole = false;
      const auto step = parse_number(item.substr(colon + 1), whole);
      if (!step || !(*step > 0))
        throw InputError(probe.param.value_pos, "expected a positive step after ':', got '" + item.substr(colon + 1) + "'");
      if (probe.param.integer && !whole)
        throw InputError(probe.param.value_pos, "'" + path + "' is a whole number, so its step must be one too");
      probe.step = *step;
    } else {
      // A whole number moves by 1; a real one by a tenth of its size.
      probe.step = probe.param.integer ? 1.0 : (*probe.param.current != 0 ? std::abs(*probe.param.current) / 10 : 0.1);
    }
    out.push_back(std::move(probe));
    start = end + 1;
  }
  return out;
}

}  // namespace encsim::cli
