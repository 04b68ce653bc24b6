// `sweep` and `tune` on a session (issue 14, docs/sessions.md): the values
// are written into the session as `--set` writes them (fights.NAME.PATH, or a
// path every fight takes), every point or evaluation runs the whole session on
// the same dice (common random numbers), and the metric is the session's: the
// share of sessions the party gets through (or reaches / wins one fight).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

#include "cli/session.hpp"
#include "encsim/paired.hpp"

namespace encsim::cli {
namespace {

// The session metric of a run: how many of its sessions count, of how many.
struct Count {
  std::uint64_t hits = 0, trials = 0;
};

// "survive_all", "reached.NAME" or "won.NAME" (NAME a fight of the chosen variant).
struct Metric {
  enum class Kind { survive_all, reached, won } kind = Kind::survive_all;
  std::string fight;  // as the session names it
  std::string text;   // as given

  std::string describe() const {
    switch (kind) {
      case Kind::reached: return "the share of sessions that reach " + fight;
      case Kind::won: return "the share of sessions that reach and win " + fight;
      case Kind::survive_all: break;
    }
    return "the share of sessions the party gets through";
  }
  Count of(const SessionVariant& v, const SessionRun& run) const {
    const SessionTally& st = run.session;
    if (kind == Kind::survive_all) return {st.survived_all, st.trials};
    std::size_t k = 0;
    for (const SessionItem& it : v.items) {
      if (!it.fight) continue;
      if (it.name == fight) {
        const SessionTally::Fight& f = st.fights[k];
        return {kind == Kind::reached ? f.reached : f.won, st.trials};
      }
      ++k;
    }
    return {0, st.trials};  // the variant drops this fight: no session reaches it
  }
};

Metric parse_metric(const std::string& text, const Session& s) {
  Metric m;
  m.text = text;
  if (text == "survive_all") return m;
  const std::size_t dot = text.find('.');
  const std::string head = text.substr(0, dot);
  const ArgText arg("--metric", text);
  if (dot == std::string::npos || (head != "reached" && head != "won"))
    throw InputError(arg.at(0), "a session's metric is survive_all, reached.FIGHT or won.FIGHT, not '" + text + "'" +
                                    did_you_mean(head, {"survive_all", "reached", "won"}));
  m.kind = head == "reached" ? Metric::Kind::reached : Metric::Kind::won;
  const std::string name = text.substr(dot + 1);
  std::vector<std::string> fights;
  for (const SessionItem& it : s.variants.front().items)
    if (it.fight) {
      fights.push_back(it.name);
      if (it.name == name) m.fight = name;
    }
  if (m.fight.empty())
    throw InputError(arg.at(dot + 1), "no fight '" + name + "'" + did_you_mean(name, fights) + "; the session has " +
                                          one_of(fights));
  return m;
}

RunSettings settings_of(const Session& s, std::uint64_t trials, bool trials_given, std::uint64_t seed, bool seed_given,
                        int threads) {
  RunSettings rs;
  rs.seed = seed_given ? seed : s.seed;
  rs.trials = trials_given ? trials : s.trials;
  rs.threads = threads;
  return rs;
}

std::string cell(std::string text, std::size_t width, bool right = true) {
  if (text.size() < width) text.insert(right ? 0 : text.size(), width - text.size(), ' ');
  return text;
}

}  // namespace

void sweep_session(const SessionSweepArgs& a) {
  if (a.precision > 0)
    throw InputError(SourcePos{}, "--precision is not yet for sessions: give the sessions per point with -n");
  if (a.sets.empty() || a.sets.size() > 2)
    throw InputError(SourcePos{}, "sweep takes one --set (a range) or two (a grid), got " +
                                      std::to_string(a.sets.size()));
  const Session written = load_session(a.path, ruleset_ids());
  const Metric metric = parse_metric(a.metric, written);
  std::vector<ParamValues> axes;
  for (const std::string& text : a.sets) {
    axes.push_back(parse_sweep_axis(session_resolver(written), text));
    if (axes.size() == 2 && axes[0].param.path == axes[1].param.path)
      throw InputError(axes[1].param.pos, "'" + axes[1].param.path + "' is swept twice");
  }
  std::vector<Setting> settings;
  for (double x : axes[0].values) {
    if (axes.size() == 1) {
      settings.push_back({{&axes[0].param, x}});
      continue;
    }
    for (double y : axes[1].values) settings.push_back({{&axes[0].param, x}, {&axes[1].param, y}});
  }
  if (settings.size() > kMaxSweepPoints)
    throw InputError(axes.back().param.value_pos, "the grid has " + std::to_string(settings.size()) +
                                                      " points, more than " + std::to_string(kMaxSweepPoints));
  // Every point compiles before any runs: a bad value stops here, nothing written.
  std::vector<CompiledSession> compiled;
  for (const Setting& s : settings) {
    try {
      compiled.push_back(compile_session(a.path, a.variants, setting_edits(s)));
    } catch (const InputError& e) {
      std::string at;
      for (const auto& [k, value] : setting_keys(s)) at += (at.empty() ? "" : ", ") + k + " = " + value;
      throw InputError(e.pos(), e.message() + " (with " + at + ")");
    }
  }
  if (!a.out_dir.empty()) prepare_output_dir(a.out_dir, session_file_names());
  const RunSettings rs = settings_of(written, a.trials, a.trials_given, a.seed, a.seed_given, a.threads);

  Table session_csv;
  std::vector<VariantResult> fights;
  std::ostringstream os;
  os << "sweep of session " << written.name << " (" << written.ruleset << "): " << rs.trials
     << " sessions per point and variant, seed " << rs.seed << "; every point on the same dice\n"
     << "  " << metric.describe() << ", with its 95% interval\n";
  std::vector<std::size_t> widths;
  std::string head = "  ";
  for (const ParamValues& axis : axes) {
    widths.push_back(std::max<std::size_t>(axis.param.path.size(), 8));
    head += cell(axis.param.path, widths.back(), false) + "  ";
  }
  os << head << "variant\n";
  // report.html: the metric against the first swept value, a line per variant
  // (and per value of the second, in a grid).
  HtmlChart curve;
  curve.title = "The " + metric.describe().substr(4) + " against " + readable_path(axes[0].param.path) +
                ", with its 95% interval, on the same dice at every point";
  curve.x_label = readable_path(axes[0].param.path);
  curve.y_label = metric.text;
  curve.x_names = axes[0].param.labels;
  std::vector<std::string> series_names;
  for (std::size_t i = 0; i < settings.size(); ++i) {
    const CompiledSession& c = compiled[i];
    const auto keys = setting_keys(settings[i]);
    std::vector<SessionRun> runs = run_compiled(c, rs);
    for (std::size_t j = 0; j < c.variants.size(); ++j) {
      const SessionVariant& v = c.session.variants[c.variants[j]];
      const Count n = metric.of(v, runs[j]);
      const Interval ci = wilson(n.hits, n.trials);
      std::string line = "  ";
      for (std::size_t x = 0; x < keys.size(); ++x) line += cell(keys[x].second, widths[x], false) + "  ";
      line += cell(v.name, 24, false) + cell(percent(rate(n.hits, n.trials)), 7) + "  (" + percent(ci.low) + " to " +
              percent(ci.high) + ")\n";
      os << line;
      const std::string name = v.name + (keys.size() > 1 ? ", " + keys[1].first + " = " + keys[1].second : "");
      const auto at = std::find(series_names.begin(), series_names.end(), name);
      if (at == series_names.end()) {
        series_names.push_back(name);
        curve.series.push_back({name, {}, {}, {}, {}});
      }
      HtmlChart::Series& line_of = curve.series[static_cast<std::size_t>(
          std::find(series_names.begin(), series_names.end(), name) - series_names.begin())];
      line_of.x.push_back(settings[i].front().second);
      line_of.y.push_back(rate(n.hits, n.trials));
      line_of.low.push_back(ci.low);
      line_of.high.push_back(ci.high);
    }
    SessionReport r = session_report(c, std::move(runs), rs, keys);
    if (session_csv.header.empty()) session_csv = r.session;
    else session_csv.rows.insert(session_csv.rows.end(), r.session.rows.begin(), r.session.rows.end());
    for (VariantResult& f : r.fights) fights.push_back(std::move(f));
  }
  if (!a.out_dir.empty()) {
    HtmlPage page;
    page.command = "sweep";
    page.title = "encsim sweep: session " + written.name;
    page.intro.push_back(std::to_string(rs.trials) + " sessions per point and variant (" + written.ruleset +
                         "), seed " + std::to_string(rs.seed) + "; every point on the same dice");
    page.results = &fights;
    page.verdicts = false;
    page.charts.push_back(std::move(curve));
    page.tables.push_back({"Every point, variant and fight", "session.csv", session_csv});
    write_reports(a.out_dir, fights, {{"session.csv", to_csv(session_csv)}, {"report.html", html_report(page)}});
  }
  if (a.format == "csv") {
    std::cout << to_csv(session_csv);
  } else if (a.format == "json") {
    std::cout << to_json(session_csv);
  } else {
    std::cout << os.str();
    if (!a.out_dir.empty())
      std::cout << "wrote session.csv (every point, variant and fight), report.html, summary.csv, combatants.csv, "
                   "features.csv, distributions.csv to "
                << a.out_dir << "\n";
  }
}

void tune_session(const SessionTuneArgs& a) {
  const Session written = load_session(a.path, ruleset_ids());
  const Metric metric = parse_metric(a.metric, written);
  const std::vector<std::string> only{a.variant.empty() ? std::string("base") : a.variant};
  const ArgText arg("--param", a.param);
  Param param = resolve_session_param(written, a.param, arg.at(0), arg.at(0), true);
  const TuneRange range = tune_range(param, a.lo, a.hi, a.step);
  const auto value_at = [&](std::size_t index) { return range.lo + static_cast<double>(index) * range.step; };
  const auto compile_at = [&](double value) {
    const Setting setting{{&param, value}};
    try {
      CompiledSession c = compile_session(a.path, only, setting_edits(setting));
      c.variants.resize(1);  // the chosen variant (the base unless --variant)
      c.encounters.resize(1);
      return c;
    } catch (const InputError& e) {
      throw InputError(e.pos(), e.message() + " (with " + param.path + " = " + param.text(value) + ")");
    }
  };
  // Both ends compile before anything runs.
  const CompiledSession first = compile_at(value_at(0));
  compile_at(value_at(range.steps));
  const SessionVariant& chosen = first.session.variants[first.variants.front()];
  if (!a.out_dir.empty()) prepare_output_dir(a.out_dir, {"tune.csv", "session.csv"});
  const RunSettings base = settings_of(written, a.trials, a.trials_given, a.seed, a.seed_given, a.threads);

  std::map<double, SessionReport> full;  // the evaluations at every trial: session.csv rows
  auto evaluate = [&](double value, std::uint64_t trials) {
    const CompiledSession c = compile_at(value);
    RunSettings s = base;
    s.trials = trials;
    std::vector<SessionRun> runs = run_compiled(c, s);
    const Count n = metric.of(c.session.variants[c.variants.front()], runs.front());
    if (trials == base.trials)
      full.insert_or_assign(value, session_report(c, std::move(runs), s, {{param.path, param.text(value)}}));
    return n.hits;
  };
  const TuneOutcome o = tune_search(range.lo, range.step, range.steps, a.target, base.trials, evaluate);

  std::ostringstream os;
  const auto value_text = [&](double v) { return format_value(v, param.integer); };
  os << "tune " << param.path << " in " << value_text(range.lo) << ".." << value_text(value_at(range.steps)) << " (step "
     << value_text(range.step) << ") for " << metric.describe() << " of " << percent(a.target) << ": session "
     << written.name << " [" << chosen.name << "] (" << written.ruleset << "), seed " << base.seed << "\n";
  char line[256];
  std::snprintf(line, sizeof line, "  %4s %12s %10s %7s %-17s %s\n", "eval", "value", "sessions", "rate", "95% CI",
                "role");
  os << line;
  Table trace{{"session", "variant", "param", "metric", "evaluation", "value", "trials", "hits", "rate", "ci_low",
               "ci_high", "target", "role"},
              {},
              4};
  for (std::size_t i = 0; i < o.trace.size(); ++i) {
    const TuneEval& e = o.trace[i];
    const Interval ci = e.ci();
    std::snprintf(line, sizeof line, "  %4zu %12s %10llu %7s %-17s %s\n", i + 1, value_text(e.value).c_str(),
                  static_cast<unsigned long long>(e.trials), percent(e.rate()).c_str(),
                  (percent(ci.low) + " to " + percent(ci.high)).c_str(), e.role.c_str());
    os << line;
    trace.rows.push_back({written.name, chosen.name, param.path, metric.text, std::to_string(i + 1), value_text(e.value),
                          std::to_string(e.trials), std::to_string(e.wins), fixed(e.rate(), 6), fixed(ci.low, 6),
                          fixed(ci.high, 6), fixed(a.target, 6), e.role});
  }
  const auto describe_eval = [&](const TuneEval& e) {
    const Interval ci = e.ci();
    return param.path + " = " + value_text(e.value) + ": " + percent(e.rate()) + " (95% CI " + percent(ci.low) +
           " to " + percent(ci.high) + ", " + std::to_string(e.trials) + " sessions)";
  };
  os << tune_verdict(o, a.target, param.path, "rate", describe_eval);
  std::cout << os.str();
  if (!a.out_dir.empty()) {
    Table rows;
    for (const auto& [value, r] : full) {
      bool keep = o.trace[o.answer].value == value;
      for (std::size_t n : o.neighbours) keep = keep || o.trace[n].value == value;
      if (!keep) continue;
      if (rows.header.empty()) rows = r.session;
      else rows.rows.insert(rows.rows.end(), r.session.rows.begin(), r.session.rows.end());
    }
    write_file_atomic(a.out_dir + "/tune.csv", to_csv(trace));
    write_file_atomic(a.out_dir + "/session.csv", to_csv(rows));
    std::cout << "wrote tune.csv (every evaluation) and session.csv (the answer and its neighbours) to " << a.out_dir
              << "\n";
  }
}

void sensitivity_session(const SessionSensitivityArgs& a) {
  const Session written = load_session(a.path, ruleset_ids());
  const std::string variant = a.variant.empty() ? "base" : a.variant;
  compile_session(a.path, {variant});  // the session as written must compile, and the variant exist
  struct Probe {
    Param param;
    double step = 1.0, low_value = 0.0, high_value = 0.0;
    int steps = 2;
    PairedTally paired;
  };
  std::vector<Probe> probes;
  for (ParamStep& ps : parse_param_steps(session_resolver(written), a.params, "session")) {
    Probe probe;
    probe.param = std::move(ps.param);
    probe.step = ps.step;
    probes.push_back(std::move(probe));
  }
  // Each probe: the chosen variant a step down and a step up, as the two
  // variants of one session run, so they meet the same dice and pair up. A
  // value the rule system rejects is replaced by the value as written.
  const auto variant_at = [&](const Param& param, double value) {
    const CompiledSession c = compile_session(a.path, {variant}, setting_edits({{&param, value}}));
    return c.session.variants[c.variants.front()];
  };
  std::vector<CompiledSession> runs;
  for (Probe& probe : probes) {
    const double current = *probe.param.current;
    std::optional<InputError> rejected;
    std::vector<SessionVariant> ends;
    for (const double value : {current - probe.step, current + probe.step}) {
      try {
        ends.push_back(variant_at(probe.param, value));
        (ends.size() == 1 ? probe.low_value : probe.high_value) = value;
      } catch (const InputError& e) {
        if (rejected) throw;
        rejected = e;
        ends.push_back(variant_at(probe.param, current));
        (ends.size() == 1 ? probe.low_value : probe.high_value) = current;
        probe.steps = 1;
      }
    }
    Session s = written;
    ends[0].name = "low";
    ends[1].name = "high";
    s.variants = std::move(ends);
    runs.push_back(compile_session(std::move(s), {}));
  }
  if (!a.out_dir.empty()) prepare_output_dir(a.out_dir, {"sensitivity.csv"});
  const RunSettings rs = settings_of(written, a.trials, a.trials_given, a.seed, a.seed_given, a.threads);
  for (std::size_t i = 0; i < probes.size(); ++i) {
    const std::vector<SessionRun> r = run_compiled(runs[i], rs);
    const SessionTally& high = r[1].session;
    PairedTally& pt = probes[i].paired;
    pt.n = high.trials;
    pt.wins[1][1] = high.both_survived;
    pt.wins[0][1] = high.only_this;
    pt.wins[1][0] = high.only_first;
    pt.wins[0][0] = high.trials - high.both_survived - high.only_this - high.only_first;
  }
  std::vector<std::size_t> order(probes.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const auto effect = [&](std::size_t i) { return probes[i].paired.win_difference() / probes[i].steps; };
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return std::abs(effect(x)) > std::abs(effect(y)); });
  Table t{{"rank", "param", "value", "step", "low_value", "high_value", "trials", "survive_all_low", "survive_all_high",
           "survive_all_change_per_step", "change_ci_low", "change_ci_high"},
          {},
          2};
  std::ostringstream os;
  char line[512];
  os << "sensitivity of the share of sessions the party gets through: session " << written.name << " [" << variant
     << "] (" << written.ruleset << "), " << rs.trials << " sessions per probe on the same dice, seed " << rs.seed
     << "\n";
  std::snprintf(line, sizeof line, "  %4s %-36s %9s %7s %15s %s\n", "rank", "parameter", "value", "step",
                "survive at -/+", "pts per step (95% CI)");
  os << line;
  const auto signed_points = [](double p) {
    const std::string s = fixed(100.0 * p, 2);
    return p > 0 && s != "0.00" ? "+" + s : s;
  };
  for (std::size_t r = 0; r < order.size(); ++r) {
    const Probe& pr = probes[order[r]];
    const PairedTally& pt = pr.paired;
    const double steps = pr.steps;
    const Interval ci = pt.win_difference_ci();
    const std::string value = format_value(*pr.param.current, pr.param.integer);
    const std::string step = format_value(pr.step, pr.param.integer);
    t.rows.push_back({std::to_string(r + 1), pr.param.path, value, step, format_value(pr.low_value, pr.param.integer),
                      format_value(pr.high_value, pr.param.integer), std::to_string(pt.n),
                      fixed(pt.first_win_rate(), 6), fixed(pt.second_win_rate(), 6),
                      fixed(pt.win_difference() / steps, 6), fixed(ci.low / steps, 6), fixed(ci.high / steps, 6)});
    const std::string at = percent(pt.first_win_rate()) + " / " + percent(pt.second_win_rate());
    const std::string change = signed_points(pt.win_difference() / steps) + " [" + signed_points(ci.low / steps) +
                               ", " + signed_points(ci.high / steps) + "]";
    std::snprintf(line, sizeof line, "  %4zu %-36.36s %9s %7s %15s %s\n", r + 1, pr.param.path.c_str(), value.c_str(),
                  step.c_str(), at.c_str(), change.c_str());
    os << line;
    if (pr.steps == 1) os << "       (one-sided: the other step is not allowed)\n";
  }
  std::cout << os.str();
  if (!a.out_dir.empty()) {
    write_file_atomic(a.out_dir + "/sensitivity.csv", to_csv(t));
    std::cout << "wrote sensitivity.csv to " << a.out_dir << "\n";
  }
}

}  // namespace encsim::cli
