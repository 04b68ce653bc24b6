// encsim sweep SCENARIO.yaml --set PATH=FROM..TO[:STEP]|PATH=V1,V2,... [--set ...] [-n TRIALS]
//              [--seed S] [--threads T] [--precision E] [--variant NAME]... [-o DIR]
//              [--format table|csv|json]
//
// One run per point of a range (one --set) or a grid (two), each exactly the
// `run` of the scenario with those values written in: the same seed, the same
// streams (common random numbers), so neighbouring points differ by the
// change, not by luck, and a point's rows equal that run's byte for byte.
#include <CLI/CLI.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/balance.hpp"
#include "cli/session.hpp"
#include "cli/shard.hpp"
#include "encsim/error.hpp"

namespace encsim::cli {
namespace {

struct SweepArgs {
  std::string file;
  std::vector<std::string> sets;
  std::uint64_t trials = 0;
  std::uint64_t seed = 0;
  int threads = 0;
  double precision = 0.0;
  std::vector<std::string> variants;
  std::string out_dir;
  std::string format = "table";
  std::string metric;
  ShardArg shard;
};

// One --set: a parameter and its values.
using Axis = ParamValues;

Axis parse_set(const Prepared& p, const std::string& text) {
  return parse_sweep_axis(
      [&](const std::string& path, const SourcePos& pos, const SourcePos& value_pos, bool numeric) {
        return resolve_param(p, path, pos, value_pos, numeric);
      },
      text);
}

// What the report needs of an axis; a part carries it (the plan).
struct AxisView {
  std::string path;
  bool integer = false;
  std::vector<double> values;
  std::vector<std::string> labels;  // text values (play styles): a value indexes these
  std::string text(double v) const {
    return labels.empty() ? format_value(v, integer) : labels[static_cast<std::size_t>(v)];
  }
};

// The plan of a sweep: everything its report prints besides the results.
struct SweepPlan {
  std::string scenario, ruleset;
  std::uint64_t seed = 0;
  std::uint64_t points = 0, variants = 0;
  std::vector<AxisView> axes;
  std::vector<std::pair<std::string, std::string>> overriding;  // variant, path

  std::string encode() const {
    ByteWriter w;
    w.str(scenario);
    w.str(ruleset);
    w.u64(seed);
    w.u64(points);
    w.u64(variants);
    w.u64(axes.size());
    for (const AxisView& a : axes) {
      w.str(a.path);
      w.u8(a.integer ? 1 : 0);
      w.u64(a.values.size());
      for (double v : a.values) w.f64(v);
      w.u64(a.labels.size());
      for (const std::string& l : a.labels) w.str(l);
    }
    w.u64(overriding.size());
    for (const auto& [v, path] : overriding) {
      w.str(v);
      w.str(path);
    }
    return std::move(w.bytes());
  }
  static SweepPlan decode(const std::string& bytes) {
    ByteReader r(bytes, "the sweep's plan");
    SweepPlan p;
    p.scenario = r.str();
    p.ruleset = r.str();
    p.seed = r.u64();
    p.points = r.u64();
    p.variants = r.u64();
    p.axes.resize(r.count(25));
    for (AxisView& a : p.axes) {
      a.path = r.str();
      a.integer = r.boolean();
      a.values.resize(r.count(8));
      for (double& v : a.values) v = r.f64();
      a.labels.resize(r.count(8));
      for (std::string& l : a.labels) l = r.str();
      if (!a.labels.empty())
        for (double v : a.values)
          if (!(v >= 0 && v < static_cast<double>(a.labels.size()))) r.fail("a value has no label");
    }
    p.overriding.resize(r.count(16));
    for (auto& [v, path] : p.overriding) {
      v = r.str();
      path = r.str();
    }
    if (!r.done()) r.fail("it has bytes its contents do not account for");
    return p;
  }
};

// A line per point and variant, then, for a grid, the win rates as a grid.
std::string sweep_report(const std::vector<AxisView>& axes, const std::vector<VariantResult>& results,
                         std::size_t n_variants) {
  std::ostringstream os;
  char line[512];
  // A key column is as wide as its path or its widest value.
  std::vector<int> widths;
  for (const AxisView& a : axes) {
    std::size_t w = a.path.size();
    for (double v : a.values) w = std::max(w, a.text(v).size());
    widths.push_back(static_cast<int>(w));
  }
  const bool variants = n_variants > 1;
  os << " ";
  for (std::size_t k = 0; k < axes.size(); ++k) {
    std::snprintf(line, sizeof line, " %-*s", widths[k], axes[k].path.c_str());
    os << line;
  }
  if (variants) {
    std::snprintf(line, sizeof line, " %-16s", "variant");
    os << line;
  }
  std::snprintf(line, sizeof line, " %7s %-17s %7s %8s %13s %9s\n", "win", "95% CI", "rounds", "PCs down",
                "dmg to party", "win+down");
  os << line;
  for (const VariantResult& r : results) {
    const Tally& t = r.tally;
    os << " ";
    for (std::size_t k = 0; k < r.keys.size(); ++k) {
      std::snprintf(line, sizeof line, " %-*s", widths[k], r.keys[k].second.c_str());
      os << line;
    }
    if (variants) {
      std::snprintf(line, sizeof line, " %-16.16s", r.variant.c_str());
      os << line;
    }
    const double n = static_cast<double>(t.trials);
    const Interval ci = wilson(t.party_wins, t.trials);
    const std::string dmg = fixed(t.damage_to_party.mean(), 1) + " sd " + fixed(t.damage_to_party.stddev(), 1);
    std::snprintf(line, sizeof line, " %7s %-17s %7s %8s %13s %9s\n",
                  percent(static_cast<double>(t.party_wins) / n).c_str(),
                  (percent(ci.low) + " to " + percent(ci.high)).c_str(), fixed(t.rounds.mean(), 2).c_str(),
                  fixed(t.pcs_down.mean(), 2).c_str(), dmg.c_str(),
                  percent(static_cast<double>(t.wins_with_pc_down) / n).c_str());
    os << line;
  }
  if (axes.size() == 2) {
    for (std::size_t v = 0; v < n_variants; ++v) {
      os << "\n  party win rate" << (n_variants > 1 ? " [" + results[v].variant + "]" : "") << ": "
         << axes[0].path << " down, " << axes[1].path << " across\n";
      std::snprintf(line, sizeof line, "  %10s", "");
      os << line;
      for (double x : axes[1].values) {
        std::snprintf(line, sizeof line, " %7s", axes[1].text(x).c_str());
        os << line;
      }
      os << "\n";
      std::size_t i = v;
      for (double y : axes[0].values) {
        std::snprintf(line, sizeof line, "  %10s", axes[0].text(y).c_str());
        os << line;
        for (std::size_t c = 0; c < axes[1].values.size(); ++c, i += n_variants) {
          const Tally& t = results[i].tally;
          std::snprintf(line, sizeof line, " %7s",
                        percent(static_cast<double>(t.party_wins) / static_cast<double>(t.trials)).c_str());
          os << line;
        }
        os << "\n";
      }
    }
  }
  return os.str();
}

// report.html of a sweep: the win rate along the (last) swept value with its
// band, a line per variant (and, for a grid, per value of the first axis).
std::string sweep_page(const SweepPlan& plan, const std::vector<VariantResult>& all) {
  HtmlPage page;
  page.command = "sweep";
  page.title = "encsim sweep: " + plan.scenario;
  page.intro.push_back(plan.ruleset + "; " + std::to_string(plan.points) + " points, " +
                       std::to_string(all.front().tally.trials) + " fights each, seed " + std::to_string(plan.seed) +
                       ", the same dice at every point");
  for (const auto& [v, path] : plan.overriding)
    page.intro.push_back("Variant '" + v + "' sets " + path + " itself, so its rows do not change with it.");
  page.results = &all;
  page.verdicts = false;
  const AxisView& across = plan.axes.back();
  HtmlChart c;
  c.title = "Party win rate against " + readable_path(across.path) + ", with its 95% interval";
  c.x_label = readable_path(across.path);
  c.y_label = "party win rate";
  c.x_names = across.labels;
  const std::size_t lines = plan.axes.size() == 2 ? plan.axes[0].values.size() : 1;
  for (std::size_t line = 0; line < lines; ++line)
    for (std::size_t v = 0; v < plan.variants; ++v) {
      HtmlChart::Series s;
      if (plan.axes.size() == 2) s.name = plan.axes[0].path + " = " + plan.axes[0].text(plan.axes[0].values[line]);
      if (plan.variants > 1 || s.name.empty()) s.name += (s.name.empty() ? "" : " ") + ("[" + all[v].variant + "]");
      for (std::size_t k = 0; k < across.values.size(); ++k) {
        const Tally& t = all[((line * across.values.size()) + k) * plan.variants + v].tally;
        const Interval ci = wilson(t.party_wins, t.trials);
        s.x.push_back(across.values[k]);
        s.y.push_back(static_cast<double>(t.party_wins) / static_cast<double>(t.trials));
        s.low.push_back(ci.low);
        s.high.push_back(ci.high);
      }
      c.series.push_back(std::move(s));
    }
  page.charts.push_back(std::move(c));
  return html_report(page);
}

void sweep(const SweepArgs& a, bool trials_given, bool seed_given) {
  if (is_session_file(a.file)) {
    if (a.shard.on()) throw InputError(SourcePos{}, "--shard is not yet for sessions (docs/sessions.md)");
    sweep_session({a.file, a.sets, a.metric.empty() ? "survive_all" : a.metric, a.trials, trials_given, a.seed,
                   seed_given, a.threads, a.precision, a.variants, a.out_dir, a.format});
    return;
  }
  if (!a.metric.empty()) throw InputError(SourcePos{}, "--metric is for sessions; a scenario's sweep reports its win rate");
  check_shard(a.shard, a.out_dir, a.precision, "sweep");
  if (a.sets.size() > 2)
    throw InputError(SourcePos{}, "sweep takes one --set (a range) or two (a grid), got " +
                                      std::to_string(a.sets.size()));
  Prepared p = prepare(a.file, a.variants);
  std::vector<Axis> axes;
  for (const std::string& s : a.sets) {
    axes.push_back(parse_set(p, s));
    if (axes.size() == 2 && axes[0].param.path == axes[1].param.path)
      throw InputError(axes[1].param.pos, "'" + axes[1].param.path + "' is swept twice");
  }
  const std::size_t n_points = axes.size() == 1 ? axes[0].values.size() : axes[0].values.size() * axes[1].values.size();
  if (n_points > kMaxSweepPoints)
    throw InputError(axes[1].param.value_pos, "the grid has " + std::to_string(n_points) + " points, more than " +
                                                  std::to_string(kMaxSweepPoints));

  // Every point compiles before any runs: a value the rule system rejects
  // (hp 0, an unknown key) stops here, with nothing written.
  std::vector<Setting> settings;
  for (double x : axes[0].values) {
    if (axes.size() == 1) {
      settings.push_back({{&axes[0].param, x}});
      continue;
    }
    for (double y : axes[1].values) settings.push_back({{&axes[0].param, x}, {&axes[1].param, y}});
  }
  std::vector<std::vector<AnyEncounter>> compiled;
  for (const Setting& s : settings) compiled.push_back(compile_setting(p, s));
  if (!a.out_dir.empty())
    prepare_output_dir(a.out_dir, a.shard.on() ? std::vector{std::filesystem::path(part_path(a.out_dir, a.shard)).filename().string()}
                                               : report_file_names());

  RunSettings rs;
  rs.seed = seed_given ? a.seed : p.scenario.seed;
  rs.threads = a.threads;
  rs.precision = a.precision;
  rs.trials = trials_given ? a.trials : (a.precision > 0 ? 1'000'000'000ULL : p.scenario.trials);
  const std::uint64_t total = rs.trials;
  apply_shard(rs, a.shard);
  std::vector<VariantResult> all;
  // A progress line on stderr, only on a terminal and once the sweep has taken a second.
  const bool tty = ::isatty(STDERR_FILENO) != 0;
  const auto start = std::chrono::steady_clock::now();
  bool shown = false;
  for (std::size_t i = 0; i < settings.size(); ++i) {
    if (tty && std::chrono::steady_clock::now() - start > std::chrono::seconds(1)) {
      std::fprintf(stderr, "\r  sweep: point %zu of %zu  ", i + 1, settings.size());
      shown = true;
    }
    // A point is a `run` of the scenario with the values written in.
    Prepared point{p.scenario, p.variant_names, std::move(compiled[i])};
    for (VariantResult& r : run_prepared(point, rs)) {
      r.keys = setting_keys(settings[i]);
      all.push_back(std::move(r));
    }
  }
  if (shown) std::fprintf(stderr, "\r\033[K");
  SweepPlan plan{p.scenario.name, p.scenario.ruleset, rs.seed, settings.size(), p.variant_names.size(), {}, {}};
  for (const Axis& axis : axes) {
    plan.axes.push_back({axis.param.path, axis.param.integer, axis.values, axis.param.labels});
    for (const std::string& v : variants_overriding(p, axis.param)) plan.overriding.emplace_back(v, axis.param.path);
  }
  if (a.shard.on()) {
    Part part;
    part.head.command = "sweep";
    part.head.scenario_hash = scenario_hash(p.scenario);
    part.plan = plan.encode();
    part.totals.assign(all.size(), total);
    part.results = std::move(all);
    write_shard_part(a.out_dir, a.shard, part, rs);
    return;
  }
  render_sweep(plan.encode(), all, {a.out_dir, a.format});
}

}  // namespace

void render_sweep(const std::string& plan_bytes, const std::vector<VariantResult>& all, const RenderOptions& o) {
  const SweepPlan plan = SweepPlan::decode(plan_bytes);
  std::size_t grid = 1;
  for (const AxisView& a : plan.axes) grid *= a.values.size();
  if (plan.axes.empty() || plan.axes.size() > 2 || plan.points != grid || plan.variants == 0 ||
      all.size() != plan.points * plan.variants)
    throw InputError(SourcePos{}, "the sweep's plan does not match its rows");
  if (!o.out_dir.empty()) write_reports(o.out_dir, all, {{"report.html", sweep_page(plan, all)}});
  if (o.format == "csv") {
    std::cout << to_csv(summary_table(all));
    return;
  }
  if (o.format == "json") {
    std::cout << to_json(summary_table(all));
    return;
  }
  for (const auto& [v, path] : plan.overriding)
    std::cout << "note: variant '" << v << "' sets " << path << " itself, so its rows do not change with it\n";
  std::uint64_t fewest = all.front().tally.trials, most = fewest;
  for (const VariantResult& r : all) {
    fewest = std::min(fewest, r.tally.trials);
    most = std::max(most, r.tally.trials);
  }
  std::cout << plan.scenario << " (" << plan.ruleset << "): " << plan.points << " points, "
            << (fewest == most ? std::to_string(most) : std::to_string(fewest) + " to " + std::to_string(most))
            << " fights each, seed " << plan.seed << ", the same dice at every point\n";
  std::cout << sweep_report(plan.axes, all, plan.variants);
  if (!o.out_dir.empty())
    std::cout << "wrote summary.csv, combatants.csv, distributions.csv, comparison.csv, report.html to " << o.out_dir
              << "\n";
}

void setup_sweep(CLI::App& sub) {
  auto a = std::make_shared<SweepArgs>();
  sub.add_option("scenario", a->file, "scenario file (YAML)")->required()->check(CLI::ExistingFile);
  sub.add_option("--set", a->sets,
                 "PATH=FROM..TO[:STEP] or PATH=V1,V2,...: a scenario value and its range (step 1 unless given) "
                 "or its values, e.g. foes.Ogre.hp=20..40:5 or style.foes=cautious,standard,ruthless; twice for a grid")
      ->required()
      ->allow_extra_args(false);
  auto* n = sub.add_option("-n,--trials", a->trials, "trials per point (default: the scenario's `trials`; with --precision, the cap)")
                ->transform(whole_number(1, 1'000'000'000'000ULL));
  auto* seed = sub.add_option("--seed", a->seed, "random seed (default: the scenario's `seed`)")->transform(kUnsigned);
  sub.add_option("--threads", a->threads, "worker threads (default: all cores); results do not depend on it")
      ->check(CLI::Range(1, 1024));
  sub.add_option("--precision", a->precision, "per point: run until the party win rate's 95% half-width is at most this")
      ->transform(fraction(1e-5, 0.5, "0.005"));
  sub.add_option("--variant", a->variants, "sweep only these variants (repeatable; default: all)");
  sub.add_option("-o,--output", a->out_dir,
                 "write summary.csv, combatants.csv, distributions.csv and comparison.csv (a row per point) and "
                 "report.html here (with --shard: the part)");
  sub.add_option("--format", a->format, "what to print: table, csv (summary) or json (summary)")
      ->check(CLI::IsMember({"table", "csv", "json"}));
  add_shard_option(sub, a->shard);
  sub.add_option("--metric", a->metric,
                 "for a session: survive_all (default: the share of sessions the party gets through), "
                 "reached.FIGHT or won.FIGHT");
  sub.callback([a, n, seed] { sweep(*a, n->count() > 0, seed->count() > 0); });
}

}  // namespace encsim::cli
