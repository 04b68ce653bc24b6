#include "cli/balance.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>

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
  Param param{path, pos, value_pos, true, std::nullopt, "", {}};
  // The value as the scenario writes it (before any variant's overrides): an
  // edit goes there, as if the file said so.
  const Node& doc = p.scenario.variants.front().doc;
  const Node* node = nullptr;
  try {
    node = &get_path(doc, path, pos);
  } catch (const InputError&) {
    // Either a step on the way is wrong (set_path says which, with a
    // did-you-mean), or only the last key is unset: an option at its default,
    // a stat the rule system fills in. Then the rule system judges the key
    // when the first value is compiled.
    Node copy = doc;
    set_path(copy, path, Node::scalar("0", value_pos), pos);
    // The keys written beside it may show a typo.
    const std::size_t dot = path.rfind('.');
    if (dot != std::string::npos) {
      std::vector<std::string> keys;
      try {
        const Node& parent = get_path(doc, path.substr(0, dot), pos);
        if (parent.is_map())
          for (const Node::Entry& e : parent.entries()) keys.push_back(e.key);
      } catch (const InputError&) {
        // No parent yet (a scenario without `options:`): set_path creates it.
      }
      param.unset_hint = did_you_mean(path.substr(dot + 1), keys);
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
  ParamValues out{resolve_param(p, text.substr(0, eq), arg.at(0), arg.at(eq + 1), numbers), {}};
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
  // Searching starts at a sixteenth of the trials, at least a few chunks:
  // far from the answer a rough rate decides the side just as well.
  std::uint64_t trials = std::min(max_trials, std::max<std::uint64_t>(max_trials / 16, 4 * kChunkTrials));

  // 1. A coarse scan of the range (9 points at most) with the rough trials:
  // it finds the stretch where the win rate crosses the target, and shows a
  // response that is not monotone before bisection has to trust that it is.
  const std::size_t parts = std::min<std::size_t>(steps, 8);
  std::vector<std::size_t> scan;  // trace entries, by value
  for (std::size_t j = 0; j <= parts; ++j) scan.push_back(eval(j * steps / parts, trials, "scan"));
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

}  // namespace encsim::cli
