// encsim sensitivity SCENARIO.yaml --params PATH[:STEP],PATH[:STEP],... [-n TRIALS]
//                    [--seed S] [--threads T] [--variant NAME] [-o DIR] [--set PATH=VALUE]
//
// For each parameter, how much one step moves the party win rate: a central
// finite difference (value - step against value + step, halved), the two
// probes fought trial by trial on the same dice, so the difference carries a
// paired interval (Newcombe) and a knob that changes nothing shows exactly 0.
// Ranked by the size of the effect.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "cli/balance.hpp"
#include "cli/session.hpp"
#include "cli/shard.hpp"
#include "encsim/error.hpp"

namespace encsim::cli {
namespace {

struct SensitivityArgs {
  std::string file;
  std::string params;
  std::uint64_t trials = 0;
  std::uint64_t seed = 0;
  int threads = 0;
  std::string variant;
  std::string out_dir;
  ShardArg shard;
  std::string set;  // PATH=VALUE written in for every probe (e.g. style.foes=ruthless)
};

// One parameter's probes: encounters `low` and `high` in the joint run (index 0
// is the scenario as it is, which stands in for a probe the rule system rejects).
struct Probe {
  Param param;
  double step = 1.0;
  double low_value = 0.0, high_value = 0.0;
  std::size_t low = 0, high = 0;
  int steps = 2;  // steps from low_value to high_value
  PairedTally paired;
};

// Percentage points, signed: "+1.25", "-0.40", "0.00".
std::string points(double p) {
  const std::string s = fixed(100.0 * p, 2);
  return p > 0 && s != "0.00" ? "+" + s : s;
}

// What the report prints of a probe; a part carries it (the plan).
struct ProbeView {
  std::string path;
  bool integer = false;
  double current = 0.0, step = 1.0, low_value = 0.0, high_value = 0.0;
  int steps = 2;
};

struct SensitivityPlan {
  std::string scenario, variant, ruleset;
  std::uint64_t trials = 0, seed = 0;
  std::vector<ProbeView> probes;
  std::vector<std::pair<std::string, std::string>> set;  // --set: the value written in for every probe

  std::string encode() const {
    ByteWriter w;
    for (const std::string* t : {&scenario, &variant, &ruleset}) w.str(*t);
    w.u64(trials);
    w.u64(seed);
    w.u64(probes.size());
    for (const ProbeView& p : probes) {
      w.str(p.path);
      w.u8(p.integer ? 1 : 0);
      for (double v : {p.current, p.step, p.low_value, p.high_value}) w.f64(v);
      w.u8(static_cast<std::uint8_t>(p.steps));
    }
    w.u64(set.size());
    for (const auto& [k, v] : set) {
      w.str(k);
      w.str(v);
    }
    return std::move(w.bytes());
  }
  static SensitivityPlan decode(const std::string& bytes) {
    ByteReader r(bytes, "the sensitivity plan");
    SensitivityPlan p;
    for (std::string* t : {&p.scenario, &p.variant, &p.ruleset}) *t = r.str();
    p.trials = r.u64();
    p.seed = r.u64();
    p.probes.resize(r.count(42));
    for (ProbeView& v : p.probes) {
      v.path = r.str();
      v.integer = r.boolean();
      for (double* d : {&v.current, &v.step, &v.low_value, &v.high_value}) *d = r.f64();
      v.steps = r.u8();
      if (v.steps != 1 && v.steps != 2) r.fail("a probe spans " + std::to_string(v.steps) + " steps");
    }
    p.set.resize(r.count(16));
    for (auto& [k, v] : p.set) {
      k = r.str();
      v = r.str();
    }
    if (!r.done()) r.fail("it has bytes its contents do not account for");
    return p;
  }
};

void sensitivity(const SensitivityArgs& a, bool trials_given, bool seed_given) {
  if (is_session_file(a.file)) {
    if (a.shard.on()) throw InputError(SourcePos{}, "--shard is not yet for sessions (docs/sessions.md)");
    if (!a.set.empty())
      throw InputError(SourcePos{}, "--set in sensitivity is not yet for sessions: write it into a variant");
    sensitivity_session({a.file, a.params, a.trials, trials_given, a.seed, seed_given, a.threads, a.variant, a.out_dir});
    return;
  }
  check_shard(a.shard, a.out_dir, 0.0, "sensitivity");
  const Prepared p = prepare(a.file, a.variant.empty() ? std::vector<std::string>{} : std::vector{a.variant});
  const Prepared one{p.scenario, {p.variant_names.front()}, {}};
  const ParamResolver resolve = [&](const std::string& path, const SourcePos& pos, const SourcePos& value_pos,
                                    bool numeric) {
    Param param = resolve_param(one, path, pos, value_pos, numeric);
    require_not_overridden(one, param, "sensitivity");
    return param;
  };
  std::vector<Probe> probes;
  for (ParamStep& ps : parse_param_steps(resolve, a.params, "scenario")) {
    Probe probe;
    probe.param = std::move(ps.param);
    probe.step = ps.step;
    probes.push_back(std::move(probe));
  }

  // The encounters: the scenario as it is, then each parameter a step down and
  // a step up. A probe the rule system rejects (hp 0, say) is replaced by the
  // scenario itself, making that difference one-sided; if both are rejected
  // the error stands.
  // --set: a value written in for every probe, e.g. a foe play style.
  std::optional<ParamValues> set;
  Setting fixed_values;
  if (!a.set.empty()) {
    set = parse_value_list(one, "--set", a.set);
    if (set->values.size() != 1)
      throw InputError(set->param.value_pos, "sensitivity takes one value for --set; run it once per value");
    for (const Probe& probe : probes)
      if (probe.param.path == set->param.path)
        throw InputError(set->param.pos, "'" + set->param.path + "' is probed and set at once");
    require_not_overridden(one, set->param, "sensitivity");
    fixed_values.emplace_back(&set->param, set->values.front());
  }
  auto with_fixed = [&](Setting s) {
    s.insert(s.begin(), fixed_values.begin(), fixed_values.end());
    return s;
  };
  std::vector<AnyEncounter> encs{compile_setting(one, fixed_values).front()};
  std::vector<std::vector<std::pair<std::string, std::string>>> keys{setting_keys(fixed_values)};
  for (Probe& probe : probes) keys.front().emplace_back(probe.param.path, format_value(*probe.param.current, probe.param.integer));
  for (Probe& probe : probes) {
    const double current = *probe.param.current;
    std::optional<InputError> rejected;
    auto add = [&](double value, std::size_t& index, double& used) {
      try {
        encs.push_back(compile_setting(one, with_fixed({{&probe.param, value}})).front());
        keys.push_back(setting_keys(with_fixed({{&probe.param, value}})));
        index = encs.size() - 1;
        used = value;
      } catch (const InputError& e) {
        if (rejected) throw;
        rejected = e;
        index = 0;
        used = current;
        probe.steps = 1;
      }
    };
    add(current - probe.step, probe.low, probe.low_value);
    add(current + probe.step, probe.high, probe.high_value);
  }
  if (!a.out_dir.empty())
    prepare_output_dir(a.out_dir, a.shard.on()
                                      ? std::vector{std::filesystem::path(part_path(a.out_dir, a.shard)).filename().string()}
                                      : std::vector<std::string>{"summary.csv", "combatants.csv", "distributions.csv",
                                                                 "comparison.csv", "sensitivity.csv"});

  RunSettings rs;
  rs.seed = seed_given ? a.seed : p.scenario.seed;
  rs.threads = a.threads;
  rs.trials = trials_given ? a.trials : p.scenario.trials;
  SensitivityPlan plan{p.scenario.name, one.variant_names.front(), p.scenario.ruleset, rs.trials, rs.seed, {},
                       setting_keys(fixed_values)};
  for (const Probe& pr : probes)
    plan.probes.push_back({pr.param.path, pr.param.integer, *pr.param.current, pr.step, pr.low_value, pr.high_value, pr.steps});
  apply_shard(rs, a.shard);
  std::vector<const AnyEncounter*> ptrs;
  for (const AnyEncounter& e : encs) ptrs.push_back(&e);
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (const Probe& probe : probes) pairs.emplace_back(probe.low, probe.high);
  JointResult joint = run_encounters(ptrs, pairs, rs);
  std::vector<VariantResult> rows;
  for (std::size_t i = 0; i < encs.size(); ++i) {
    rows.push_back(make_result(p.scenario, one.variant_names.front(), encs[i], std::move(joint.runs[i]), rs));
    rows.back().keys = keys[i];
  }
  if (a.shard.on()) {
    Part part;
    part.head.command = "sensitivity";
    part.head.scenario_hash = scenario_hash(p.scenario);
    part.plan = plan.encode();
    part.totals.assign(rows.size(), plan.trials);
    part.results = std::move(rows);
    part.paired = std::move(joint.paired);
    write_shard_part(a.out_dir, a.shard, part, rs);
    return;
  }
  render_sensitivity(plan.encode(), rows, joint.paired, {a.out_dir, "table"});
}

}  // namespace

void render_sensitivity(const std::string& plan_bytes, std::vector<VariantResult>& rows,
                        const std::vector<PairedTally>& paired, const RenderOptions& o) {
  const SensitivityPlan plan = SensitivityPlan::decode(plan_bytes);
  if (paired.size() != plan.probes.size() || rows.empty())
    throw InputError(SourcePos{}, "the sensitivity plan does not match its tallies");
  // Ranked by the size of the effect per step; ties keep the order given.
  std::vector<std::size_t> order(plan.probes.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const auto effect = [&](std::size_t i) { return paired[i].win_difference() / plan.probes[i].steps; };
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return std::abs(effect(x)) > std::abs(effect(y)); });

  Table t{{"rank", "param", "value", "step", "low_value", "high_value", "trials", "win_rate_low", "win_rate_high",
           "win_change_per_step", "win_change_ci_low", "win_change_ci_high", "pcs_down_change_per_step",
           "damage_to_party_change_per_step", "rounds_change_per_step"},
          {},
          2};
  std::ostringstream os;
  char line[512];
  os << "sensitivity of the party win rate: " << plan.scenario << " [" << plan.variant << "] (" << plan.ruleset
     << "), " << plan.trials << " fights per probe on the same dice, seed " << plan.seed;
  for (const auto& [k, v] : plan.set) os << ", " << k << " = " << v;
  os << "; the scenario as written wins "
     << percent(static_cast<double>(rows[0].tally.party_wins) / static_cast<double>(plan.trials)) << "\n";
  std::snprintf(line, sizeof line, "  %4s %-28s %9s %7s %15s %-22s %9s %9s\n", "rank", "parameter", "value", "step",
                "win at -/+", "pts per step (95% CI)", "PCs down", "dmg party");
  os << line;
  for (std::size_t r = 0; r < order.size(); ++r) {
    const ProbeView& pr = plan.probes[order[r]];
    const PairedTally& pt = paired[order[r]];
    const double steps = pr.steps;
    const Interval ci = pt.win_difference_ci();
    const std::string value = format_value(pr.current, pr.integer);
    const std::string step = format_value(pr.step, pr.integer);
    t.rows.push_back({std::to_string(r + 1), pr.path, value, step, format_value(pr.low_value, pr.integer),
                      format_value(pr.high_value, pr.integer), std::to_string(pt.n), fixed(pt.first_win_rate(), 6),
                      fixed(pt.second_win_rate(), 6), fixed(pt.win_difference() / steps, 6), fixed(ci.low / steps, 6),
                      fixed(ci.high / steps, 6), fixed(pt.pcs_down.mean() / steps, 4),
                      fixed(pt.damage_to_party.mean() / steps, 4), fixed(pt.rounds.mean() / steps, 4)});
    const std::string at = percent(pt.first_win_rate()) + " / " + percent(pt.second_win_rate());
    const std::string change =
        points(pt.win_difference() / steps) + " [" + points(ci.low / steps) + ", " + points(ci.high / steps) + "]";
    std::snprintf(line, sizeof line, "  %4zu %-28.28s %9s %7s %15s %-22s %9s %9s\n", r + 1, pr.path.c_str(),
                  value.c_str(), step.c_str(), at.c_str(), change.c_str(), fixed(pt.pcs_down.mean() / steps, 3).c_str(),
                  fixed(pt.damage_to_party.mean() / steps, 2).c_str());
    os << line;
    if (pr.steps == 1)
      os << "       (one-sided: " << pr.path << " = "
         << format_value(pr.low_value == pr.current ? pr.current - pr.step : pr.current + pr.step, pr.integer)
         << " is not allowed)\n";
  }
  std::cout << os.str();
  if (!o.out_dir.empty()) {
    // report.html: the change per step of each parameter with its interval, ranked.
    HtmlChart c;
    c.kind = HtmlChart::Kind::intervals;
    c.title = "Change of the party win rate per step of each parameter, with its paired 95% interval";
    c.x_label = "parameter (ranked by effect)";
    c.y_label = "change of the party win rate per step (percentage points)";
    HtmlChart::Series change{"win change per step", {}, {}, {}, {}};
    for (std::size_t r = 0; r < order.size(); ++r) {
      const ProbeView& pr = plan.probes[order[r]];
      const PairedTally& pt = paired[order[r]];
      const Interval ci = pt.win_difference_ci();
      c.x_names.push_back(readable_path(pr.path) + ", step " + format_value(pr.step, pr.integer));
      change.x.push_back(static_cast<double>(r));
      change.y.push_back(pt.win_difference() / pr.steps);
      change.low.push_back(ci.low / pr.steps);
      change.high.push_back(ci.high / pr.steps);
    }
    c.series.push_back(std::move(change));
    HtmlPage page;
    page.command = "sensitivity";
    page.title = "encsim sensitivity: " + plan.scenario;
    page.intro.push_back(plan.ruleset + ", variant " + plan.variant + "; " + std::to_string(plan.trials) +
                         " fights per probe on the same dice, seed " + std::to_string(plan.seed));
    page.results = &rows;
    page.verdicts = false;
    page.charts.push_back(std::move(c));
    page.tables.push_back({"Parameters, ranked", "sensitivity.csv", t});
    write_reports(o.out_dir, rows, {{"sensitivity.csv", to_csv(t)}, {"report.html", html_report(page)}});
    std::cout << "wrote sensitivity.csv, report.html and summary.csv, combatants.csv, distributions.csv (the "
                 "scenario and each probe) to "
              << o.out_dir << "\n";
  }
}

void setup_sensitivity(CLI::App& sub) {
  auto a = std::make_shared<SensitivityArgs>();
  sub.add_option("scenario", a->file, "scenario file (YAML)")->required()->check(CLI::ExistingFile);
  sub.add_option("--params", a->params,
                 "comma-separated scenario values, each optionally PATH:STEP (default step: 1 for whole numbers, "
                 "a tenth of the value otherwise), e.g. foes.Ogre.hp,party.Veteran.strength")
      ->required();
  auto* n = sub.add_option("-n,--trials", a->trials, "trials per probe (default: the scenario's `trials`)")
                ->transform(whole_number(1, 1'000'000'000'000ULL));
  auto* seed = sub.add_option("--seed", a->seed, "random seed (default: the scenario's `seed`)")->transform(kUnsigned);
  sub.add_option("--threads", a->threads, "worker threads (default: all cores); results do not depend on it")
      ->check(CLI::Range(1, 1024));
  sub.add_option("--variant", a->variant, "probe this variant (default: the scenario as written)");
  sub.add_option("--set", a->set, "PATH=VALUE: write this value in for every probe, e.g. style.foes=ruthless");
  sub.add_option("-o,--output", a->out_dir, "write sensitivity.csv, report.html and the probes' summary.csv, combatants.csv, "
                 "distributions.csv here (with --shard: the part)");
  add_shard_option(sub, a->shard);
  sub.callback([a, n, seed] { sensitivity(*a, n->count() > 0, seed->count() > 0); });
}

}  // namespace encsim::cli
