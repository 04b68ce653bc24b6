// encsim tune SCENARIO.yaml --param PATH --target-win P [--lo A --hi B] [--step S]
//             [-n TRIALS] [--seed S] [--threads T] [--variant NAME] [-o DIR]
//             [--set PATH=V1[,V2...]]
//
// The value of one parameter whose party win rate is closest to P: bisection
// on a grid from A to B (tune_search), every evaluation on the same dice.
// With --set, once for each of its values (e.g. each foe play style: the
// worst case a designer should prepare for).
#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <memory>
#include <sstream>

#include "cli/balance.hpp"
#include "cli/session.hpp"
#include "cli/shard.hpp"
#include "encsim/error.hpp"

namespace encsim::cli {
namespace {

struct TuneArgs {
  std::string file;
  std::string path;
  double target = 0.0;
  std::string lo, hi, step;
  std::uint64_t trials = 0;
  std::uint64_t seed = 0;
  int threads = 0;
  std::string variant;
  std::string out_dir;
  std::string set;  // PATH=V1[,V2...]: a value written in while tuning, once per value
  std::string metric;  // a session's (survive_all, reached.FIGHT, won.FIGHT)
  ShardArg shard;

  // What merge needs to go on with the search: the arguments as given.
  std::string encode(bool trials_given, bool seed_given) const {
    ByteWriter w;
    for (const std::string* t : {&file, &path, &lo, &hi, &step, &variant, &set}) w.str(*t);
    w.f64(target);
    w.u64(trials);
    w.u64(seed);
    w.u8(trials_given ? 1 : 0);
    w.u8(seed_given ? 1 : 0);
    return std::move(w.bytes());
  }
  static TuneArgs decode(const std::string& bytes, bool& trials_given, bool& seed_given) {
    ByteReader r(bytes, "the tune plan");
    TuneArgs a;
    for (std::string* t : {&a.file, &a.path, &a.lo, &a.hi, &a.step, &a.variant, &a.set}) *t = r.str();
    a.target = r.f64();
    a.trials = r.u64();
    a.seed = r.u64();
    trials_given = r.boolean();
    seed_given = r.boolean();
    if (!r.done()) r.fail("it has bytes its contents do not account for");
    return a;
  }
};

// A merged scan: the results of the scan points, by scan_key of their keys
// (the --set value, if any, and the tuned value as the CSV writes them).
using Scan = std::map<std::string, VariantResult>;
std::string scan_key(const std::vector<std::pair<std::string, std::string>>& keys) {
  std::string k;
  for (const auto& [path, value] : keys) k += path + "=" + value + "\n";
  return k;
}


// One tune per value of --set (a single one without it): the rows of
// tune.csv, with the --set value in its own column after `variant`.
void add_tune_rows(Table& t, const Prepared& p, const Param& param, double target, const TuneOutcome& o,
                   const Setting& fixed_values) {
  for (std::size_t i = 0; i < o.trace.size(); ++i) {
    const TuneEval& e = o.trace[i];
    const Interval ci = e.ci();
    std::vector<std::string> row{p.scenario.name, p.variant_names.front()};
    for (const auto& [k, v] : setting_keys(fixed_values)) row.push_back(v);
    for (const std::string& v :
         {param.path, std::to_string(i + 1), format_value(e.value, param.integer), std::to_string(e.trials),
          std::to_string(e.wins), fixed(e.rate(), 6), fixed(ci.low, 6), fixed(ci.high, 6), fixed(target, 6), e.role})
      row.push_back(v);
    t.rows.push_back(std::move(row));
  }
}

// One line of tune's curve: each value evaluated, at the most trials it was
// run with (a scan's rough estimate gives way to the later, finer one).
HtmlChart::Series tune_series(const TuneOutcome& o, const Setting& fixed_values) {
  std::map<double, const TuneEval*> best;
  for (const TuneEval& e : o.trace)
    if (auto [it, fresh] = best.try_emplace(e.value, &e); !fresh && e.trials > it->second->trials) it->second = &e;
  HtmlChart::Series s;
  for (const auto& [k, v] : setting_keys(fixed_values)) s.name += (s.name.empty() ? "" : ", ") + k + " = " + v;
  if (s.name.empty()) s.name = "party win rate";
  for (const auto& [value, e] : best) {
    const Interval ci = e->ci();
    s.x.push_back(value);
    s.y.push_back(e->rate());
    s.low.push_back(ci.low);
    s.high.push_back(ci.high);
  }
  return s;
}

void tune(const TuneArgs& a, bool trials_given, bool seed_given, const Scan* scan = nullptr,
          std::uint64_t expected_hash = 0) {
  if (!scan && is_session_file(a.file)) {
    if (a.shard.on()) throw InputError(SourcePos{}, "--shard is not yet for sessions (docs/sessions.md)");
    if (!a.set.empty()) throw InputError(SourcePos{}, "--set in tune is not yet for sessions: write it into a variant");
    tune_session({a.file, a.path, a.metric.empty() ? "survive_all" : a.metric, a.target, a.lo, a.hi, a.step, a.trials,
                  trials_given, a.seed, seed_given, a.threads, a.variant, a.out_dir});
    return;
  }
  if (!a.metric.empty()) throw InputError(SourcePos{}, "--metric is for sessions; a scenario's tune targets its win rate");
  check_shard(a.shard, a.out_dir, 0.0, "tune");
  const Prepared p = prepare(a.file, a.variant.empty() ? std::vector<std::string>{} : std::vector{a.variant});
  Prepared one{p.scenario, {p.variant_names.front()}, {}};
  if (scan && scenario_hash(p.scenario) != expected_hash)
    throw InputError(SourcePos{}, "the scenario at '" + a.file + "' is not the one the shards ran (edited since?): "
                                  "tune's merge goes on searching and needs it as it was");
  const ArgText arg("--param", a.path);
  Param param = resolve_param(one, a.path, arg.at(0), arg.at(0));
  require_not_overridden(one, param, "tune");

  const TuneRange range = tune_range(param, a.lo, a.hi, a.step);
  const std::optional<double> lo = range.lo, step = range.step;
  const std::size_t steps = range.steps;

  // --set: the values written in while tuning, one tune each.
  std::optional<ParamValues> set;
  if (!a.set.empty()) {
    set = parse_value_list(one, "--set", a.set);
    if (set->param.path == param.path) throw InputError(set->param.pos, "'" + param.path + "' is the tuned --param");
    require_not_overridden(one, set->param, "tune");
  }
  std::vector<Setting> fixed_settings;
  if (set)
    for (double v : set->values) fixed_settings.push_back({{&set->param, v}});
  else
    fixed_settings.push_back({});
  // Both ends compile before anything runs; so, almost surely, does all between.
  for (const Setting& f : fixed_settings)
    for (const double v : {*lo, *lo + static_cast<double>(steps) * *step}) {
      Setting s = f;
      s.emplace_back(&param, v);
      compile_setting(one, s);
    }
  if (!a.out_dir.empty())
    prepare_output_dir(a.out_dir, a.shard.on()
                                      ? std::vector{std::filesystem::path(part_path(a.out_dir, a.shard)).filename().string()}
                                      : std::vector<std::string>{"summary.csv", "combatants.csv", "distributions.csv",
                                                                 "comparison.csv", "tune.csv", "report.html"});

  RunSettings base;
  base.seed = seed_given ? a.seed : p.scenario.seed;
  base.threads = a.threads;
  base.trials = trials_given ? a.trials : p.scenario.trials;
  if (a.shard.on()) {
    // Only the coarse scans can be shared out: every later step depends on
    // what a scan found. Merge finishes the searches (docs/sharding.md). With
    // --set, one scan per value, each on the same dice.
    RunSettings s = base;
    s.trials = tune_scan_trials(base.trials);
    const std::uint64_t total = s.trials;
    apply_shard(s, a.shard);
    Part part;
    part.head.command = "tune";
    part.head.scenario_hash = scenario_hash(p.scenario);
    part.plan = a.encode(trials_given, seed_given);
    for (const Setting& fixed_values : fixed_settings)
      for (std::size_t index : tune_scan_indexes(steps)) {
        Setting setting = fixed_values;
        setting.emplace_back(&param, *lo + static_cast<double>(index) * *step);
        std::vector<AnyEncounter> enc = compile_setting(one, setting);
        JointResult r = run_encounters({&enc.front()}, {}, s);
        part.results.push_back(make_result(one.scenario, one.variant_names.front(), enc.front(), std::move(r.runs.front()), s));
        part.results.back().keys = setting_keys(setting);
        part.totals.push_back(total);
      }
    write_shard_part(a.out_dir, a.shard, part, s);
    return;
  }

  std::vector<std::string> header{"scenario", "variant"};
  if (set) header.push_back(set->param.path);
  for (const char* c : {"param", "evaluation", "value", "trials", "party_wins", "party_win_rate", "party_win_ci_low",
                        "party_win_ci_high", "target", "role"})
    header.emplace_back(c);
  Table trace_table{header, {}, set ? 4u : 3u};
  std::vector<VariantResult> rows;  // the answers and their neighbours, by value
  HtmlChart curve;  // report.html: every value evaluated, a line per --set value
  curve.title = "Party win rate against " + readable_path(param.path) + " as tune evaluated it, with the target";
  curve.x_label = readable_path(param.path);
  curve.y_label = "party win rate";
  curve.target = a.target;
  curve.target_label = "target " + percent(a.target);
  for (const Setting& fixed_values : fixed_settings) {
    const RunSettings rs = base;
    // The results of the evaluations made at the full trial count: the answer
    // and its neighbours become CSV rows.
    std::map<double, VariantResult> full;
    auto evaluate = [&](double value, std::uint64_t trials) {
      Setting setting = fixed_values;
      setting.emplace_back(&param, value);
      if (scan && trials == tune_scan_trials(rs.trials))
        if (auto it = scan->find(scan_key(setting_keys(setting))); it != scan->end()) {
          // A scan point the shards ran: their merged tally is this one's.
          if (trials == rs.trials) full.insert_or_assign(value, it->second);
          return it->second.tally.party_wins;
        }
      std::vector<AnyEncounter> enc = compile_setting(one, setting);
      RunSettings s = rs;
      s.trials = trials;
      JointResult r = run_encounters({&enc.front()}, {}, s);
      const std::uint64_t wins = r.runs.front().tally.party_wins;
      if (trials == rs.trials) {
        VariantResult v = make_result(one.scenario, one.variant_names.front(), enc.front(), std::move(r.runs.front()), s);
        v.keys = setting_keys(setting);
        full.insert_or_assign(value, std::move(v));
      }
      return wins;
    };
    const TuneOutcome o = tune_search(*lo, *step, steps, a.target, rs.trials, evaluate);

    std::ostringstream os;
    const auto value_text = [&](double v) { return format_value(v, param.integer); };
    os << "tune " << param.path << " in " << value_text(*lo) << ".." << value_text(*lo + static_cast<double>(steps) * *step)
       << " (step " << value_text(*step) << ") for a party win rate of " << percent(a.target) << ": " << p.scenario.name
       << " [" << one.variant_names.front() << "] (" << p.scenario.ruleset << "), seed " << rs.seed;
    for (const auto& [k, v] : setting_keys(fixed_values)) os << ", " << k << " = " << v;
    os << "\n";
    char line[256];
    std::snprintf(line, sizeof line, "  %4s %12s %10s %7s %-17s %s\n", "eval", "value", "trials", "win", "95% CI", "role");
    os << line;
    for (std::size_t i = 0; i < o.trace.size(); ++i) {
      const TuneEval& e = o.trace[i];
      const Interval ci = e.ci();
      std::snprintf(line, sizeof line, "  %4zu %12s %10llu %7s %-17s %s\n", i + 1, value_text(e.value).c_str(),
                    static_cast<unsigned long long>(e.trials), percent(e.rate()).c_str(),
                    (percent(ci.low) + " to " + percent(ci.high)).c_str(), e.role.c_str());
      os << line;
    }
    const auto describe_eval = [&](const TuneEval& e) {
      const Interval ci = e.ci();
      return param.path + " = " + value_text(e.value) + ": the party wins " + percent(e.rate()) + " (95% CI " +
             percent(ci.low) + " to " + percent(ci.high) + ", " + std::to_string(e.trials) + " fights)";
    };
    os << tune_verdict(o, a.target, param.path, "win rate", describe_eval);
    std::cout << os.str();
    for (auto& [value, r] : full) {
      bool keep = o.trace[o.answer].value == value;
      for (std::size_t n : o.neighbours) keep = keep || o.trace[n].value == value;
      if (keep) rows.push_back(r);
    }
    add_tune_rows(trace_table, one, param, a.target, o, fixed_values);
    curve.series.push_back(tune_series(o, fixed_values));
  }

  if (!a.out_dir.empty()) {
    HtmlPage page;
    page.command = "tune";
    page.title = "encsim tune: " + p.scenario.name;
    page.intro.push_back("tune " + param.path + " for a party win rate of " + percent(a.target) + " (" +
                         p.scenario.ruleset + ", variant " + one.variant_names.front() + ", seed " +
                         std::to_string(base.seed) + "); the rows below are the answers and their neighbours");
    page.results = &rows;
    page.verdicts = false;
    page.charts.push_back(std::move(curve));
    page.tables.push_back({"Every evaluation", "tune.csv", trace_table});
    write_reports(a.out_dir, rows, {{"tune.csv", to_csv(trace_table)}, {"report.html", html_report(page)}});
    std::cout << "wrote tune.csv (every evaluation), report.html and summary.csv, combatants.csv, distributions.csv "
                 "(the answer and its neighbours) to "
              << a.out_dir << "\n";
  }
}

}  // namespace

void merge_tune(const Part& merged, const RenderOptions& o) {
  bool trials_given = false, seed_given = false;
  TuneArgs a = TuneArgs::decode(merged.plan, trials_given, seed_given);
  a.out_dir = o.out_dir;
  a.threads = o.threads;
  Scan scan;
  for (const VariantResult& r : merged.results) {
    if (r.keys.empty()) throw InputError(SourcePos{}, "'" + merged.path + "': a tune scan point has no value");
    scan.emplace(scan_key(r.keys), r);
  }
  std::error_code ec;
  if (!std::filesystem::is_regular_file(a.file, ec))
    throw InputError(SourcePos{}, "these parts are a tune's scan; merge goes on searching from it and needs the "
                                  "scenario at '" + a.file + "' (as the shards were given it), which is not there: "
                                  "run merge where that path leads to the scenario");
  tune(a, trials_given, seed_given, &scan, merged.head.scenario_hash);
}

void setup_tune(CLI::App& sub) {
  auto a = std::make_shared<TuneArgs>();
  sub.add_option("scenario", a->file, "scenario file (YAML)")->required()->check(CLI::ExistingFile);
  sub.add_option("--param", a->path, "the scenario value to tune, e.g. foes.Ogre.hp")->required();
  sub.add_option("--target-win", a->target, "the party win rate wanted, a fraction or a percentage, e.g. 0.6 or 60%")
      ->required()
      ->transform(fraction(0.0, 1.0, "0.6"));
  sub.add_option("--lo", a->lo, "lowest value to try (default: half the scenario's value)");
  sub.add_option("--hi", a->hi, "highest value to try (default: twice the scenario's value)");
  sub.add_option("--step", a->step, "the answer's resolution (default: 1 for whole numbers, else 1/100 of the range)");
  auto* n = sub.add_option("-n,--trials", a->trials,
                           "trials at the answer and its neighbours (default: the scenario's `trials`); the search "
                           "starts with a sixteenth and raises it near the answer")
                ->transform(whole_number(1, 1'000'000'000'000ULL));
  auto* seed = sub.add_option("--seed", a->seed, "random seed (default: the scenario's `seed`)")->transform(kUnsigned);
  sub.add_option("--threads", a->threads, "worker threads (default: all cores); results do not depend on it")
      ->check(CLI::Range(1, 1024));
  sub.add_option("--variant", a->variant, "tune this variant (default: the scenario as written)");
  sub.add_option("-o,--output", a->out_dir, "write tune.csv, report.html and the answer's summary.csv, combatants.csv, distributions.csv here "
                                          "(with --shard: the part)");
  add_shard_option(sub, a->shard);
  sub.add_option("--metric", a->metric,
                 "for a session: survive_all (default: the share of sessions the party gets through), "
                 "reached.FIGHT or won.FIGHT");
  sub.add_option("--set", a->set,
                 "PATH=V1[,V2...]: write this value in while tuning, and with several, tune once for each "
                 "(e.g. style.foes=cautious,standard,ruthless)");
  sub.callback([a, n, seed] { tune(*a, n->count() > 0, seed->count() > 0); });
}

}  // namespace encsim::cli
