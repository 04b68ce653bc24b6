// encsim run SCENARIO.yaml... [-n TRIALS] [--seed S] [--threads T] [-o DIR]
//            [--precision E] [--variant NAME]... [--set PATH=VALUE]... [--format table|csv|json] [--no-band]
//            [--detail]
#include <CLI/CLI.hpp>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/cli.hpp"
#include "cli/session.hpp"
#include "cli/shard.hpp"
#include "io/narrate.hpp"

namespace encsim::cli {
namespace {

struct RunArgs {
  std::vector<std::string> files;
  std::uint64_t trials = 0;
  std::uint64_t seed = 0;
  int threads = 0;
  std::string out_dir;
  double precision = 0.0;
  std::vector<std::string> variants;
  std::vector<std::string> sets;
  std::string format = "table";
  ShardArg shard;
  bool no_band = false;
  bool detail = false;
};

// A progress line on stderr, only on a terminal and only once a run has taken
// more than a second; updated between waves, never from inside a trial.
class Progress {
 public:
  Progress(std::string label, const RunSettings& s)
      : on_(::isatty(STDERR_FILENO) != 0), safe_label_(terminal_safe(label)), settings_(s),
        start_(std::chrono::steady_clock::now()) {}
  ~Progress() {
    if (shown_) std::fprintf(stderr, "\r\033[K");
  }
  std::function<void(const Tally&)> callback() {
    if (!on_) return {};
    return [this](const Tally& t) {
      if (std::chrono::steady_clock::now() - start_ < std::chrono::seconds(1)) return;
      shown_ = true;
      if (settings_.precision > 0)
        std::fprintf(stderr, "\r  %s: %llu trials, win rate +/-%.4f (target %.4f)  ", safe_label_.c_str(),
                     static_cast<unsigned long long>(t.trials), win_half_width(t), settings_.precision);
      else
        std::fprintf(stderr, "\r  %s: %llu / %llu trials (%.0f%%)  ", safe_label_.c_str(),
                     static_cast<unsigned long long>(t.trials), static_cast<unsigned long long>(settings_.trials),
                     100.0 * static_cast<double>(t.trials) / static_cast<double>(settings_.trials));
    };
  }

 private:
  bool on_;
  bool shown_ = false;
  std::string safe_label_;  // written with fprintf, past the terminal filter
  RunSettings settings_;
  std::chrono::steady_clock::time_point start_;
};

// A narration for report.html, cut after kMax bytes (a fight of a thousand
// rounds reads better in the terminal, and keeps the page small).
class Capped : public std::streambuf {
 public:
  static constexpr std::size_t kMax = 64 * 1024;
  std::string text() const {
    return cut_ ? text_ + "... (" + std::to_string(cut_) + " more bytes: replay it to read them all)\n" : text_;
  }

 protected:
  int overflow(int c) override {
    if (c != EOF) xsputn(reinterpret_cast<const char*>(&c), 1);
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    const auto len = static_cast<std::size_t>(n);
    const std::size_t keep = std::min(len, kMax - std::min(kMax, text_.size()));
    text_.append(s, keep);
    cut_ += len - keep;
    return n;
  }

 private:
  std::string text_;
  std::size_t cut_ = 0;
};

// A word for a shell command line, quoted when it needs to be.
std::string shell_word(const std::string& w) {
  if (!w.empty() && w.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._/=:,+-") ==
                        std::string::npos)
    return w;
  std::string out = "'";
  for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The fights worth seeing of `results` (rows from `first` on in the report),
// each with the command that replays it and, given the scenario, narrated as
// `encsim replay` tells it. (merge has the results but not the scenario.)
void add_fights(const std::vector<VariantResult>& results, std::size_t first, const Prepared* p,
                std::vector<HtmlFight>& out) {
  for (std::size_t j = 0; j < results.size(); ++j) {
    const VariantResult& r = results[j];
    for (int k = 0; k < Picks::kKinds; ++k) {
      const std::uint64_t trial = r.tally.picks.pick(k);
      if (trial == Picks::kNone) continue;
      std::string replay = "encsim replay " + (p ? shell_word(p->scenario.path) : std::string("SCENARIO.yaml")) +
                           " --seed " + std::to_string(r.seed);
      if (r.variant != "base") replay += " --variant " + shell_word(r.variant);
      for (const auto& [path, value] : r.keys) replay += " --set " + shell_word(path + "=" + value);
      std::string text;
      if (p) {
        Capped buf;
        std::ostream os(&buf);
        narrate_trial(p->encounters[j], r.seed, trial, os);
        text = buf.text();
      }
      out.push_back({first + j, k, trial, replay + " --trial " + std::to_string(trial), std::move(text)});
    }
  }
}

// report.html of a run: every scenario's verdicts, the win rates, the
// distributions, the tables and the fights worth seeing.
std::string run_page(const std::vector<VariantResult>& all, const std::vector<HtmlFight>& fights) {
  HtmlPage page;
  page.command = "run";
  std::string names;
  for (const VariantResult& r : all)
    if (names.find(r.scenario) == std::string::npos) names += (names.empty() ? "" : ", ") + r.scenario;
  page.title = "encsim run: " + names;
  page.intro.push_back(std::to_string(all.front().tally.trials) + " fights per variant, seed " +
                       std::to_string(all.front().seed) + "; every variant on the same dice");
  page.results = &all;
  page.charts.push_back(win_rate_chart(all));
  page.fights = fights;
  if (fights.empty()) add_fights(all, 0, nullptr, page.fights);  // merged: named, not narrated
  return html_report(page);
}

// A session file (issue 14) runs alone, without the options sessions do not
// have yet.
bool run_if_session(const RunArgs& a, bool trials_given, bool seed_given) {
  std::size_t sessions = 0;
  for (const auto& f : a.files) sessions += is_session_file(f) ? 1U : 0U;
  if (sessions == 0) return false;
  const auto refuse = [](const std::string& what) {
    throw InputError(SourcePos{}, what + " is not yet for sessions (docs/sessions.md)");
  };
  if (a.files.size() > 1) refuse("running a session beside other files");
  SessionArgs s;
  s.path = a.files.front();
  s.trials = a.trials;
  s.trials_given = trials_given;
  s.seed = a.seed;
  s.seed_given = seed_given;
  s.threads = a.threads;
  s.out_dir = a.out_dir;
  s.variants = a.variants;
  s.sets = a.sets;
  s.format = a.format;
  s.shard = a.shard;
  s.precision = a.precision;
  run_session(s);
  return true;
}

void run(const RunArgs& a, bool trials_given, bool seed_given) {
  if (run_if_session(a, trials_given, seed_given)) return;
  check_shard(a.shard, a.out_dir, a.precision, "run");
  // Load and compile everything first: a bad file stops the run before any
  // trial, and nothing is written.
  std::vector<Prepared> prepared;
  for (const auto& f : a.files) prepared.push_back(prepare(f, a.variants, !a.no_band, a.sets));
  // Rows are told apart by scenario name: two scenarios with one name would
  // give rows nobody can attribute.
  for (std::size_t i = 0; i < prepared.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (prepared[i].scenario.name == prepared[j].scenario.name)
        throw InputError(SourcePos{}, "two scenarios of this run are named '" + prepared[i].scenario.name + "' ('" +
                                          prepared[j].scenario.path + "' and '" + prepared[i].scenario.path +
                                          "'), so their rows could not be told apart; give one a different `name:`");
  if (!a.out_dir.empty())
    prepare_output_dir(a.out_dir, a.shard.on() ? std::vector{std::filesystem::path(part_path(a.out_dir, a.shard)).filename().string()}
                                               : report_file_names());
  std::vector<VariantResult> all;
  std::vector<std::uint64_t> totals;
  // The plan: how many rows each scenario has, so the report can group them.
  std::vector<std::uint64_t> groups;
  ByteWriter hashes;
  RunSettings first_run;
  std::vector<HtmlFight> fights;
  for (const Prepared& p : prepared) {
    RunSettings s;
    s.seed = seed_given ? a.seed : p.scenario.seed;
    s.threads = a.threads;
    s.precision = a.precision;
    s.trials = trials_given ? a.trials : (a.precision > 0 ? 1'000'000'000ULL : p.scenario.trials);
    const std::uint64_t total = s.trials;
    apply_shard(s, a.shard);
    if (&p == &prepared.front()) first_run = s;
    Progress progress(p.scenario.name, s);
    s.progress = progress.callback();
    auto results = run_prepared(p, s);
    if (!a.out_dir.empty() && !a.shard.on()) add_fights(results, all.size(), &p, fights);
    groups.push_back(results.size());
    hashes.u64(scenario_hash(p.scenario));
    totals.insert(totals.end(), results.size(), total);
    all.insert(all.end(), results.begin(), results.end());
  }
  const std::string plan = run_plan(groups, !a.no_band);
  if (a.shard.on()) {
    Part part;
    part.head.command = "run";
    part.head.scenario_hash = fnv1a(hashes.bytes());
    part.plan = plan;
    part.results = std::move(all);
    part.totals = std::move(totals);
    write_shard_part(a.out_dir, a.shard, part, first_run);
    return;
  }
  render_run(plan, all, {a.out_dir, a.format, 0, a.detail, std::move(fights)});
}

}  // namespace

std::string run_plan(const std::vector<std::uint64_t>& rows_per_scenario, bool band) {
  ByteWriter w;
  w.u64(rows_per_scenario.size());
  for (std::uint64_t rows : rows_per_scenario) w.u64(rows);
  // The band changes the rows, so parts run with and without it never merge.
  w.u8(band ? 1 : 0);
  return std::move(w.bytes());
}

void render_run(const std::string& plan, const std::vector<VariantResult>& all, const RenderOptions& o) {
  ByteReader r(plan, "the run's plan");
  std::string table;
  std::size_t at = 0;
  for (std::size_t g = r.count(8); g > 0; --g) {
    const std::uint64_t rows = r.u64();
    if (rows > all.size() - at) r.fail("its groups hold more rows than it has");
    const std::vector<VariantResult> results(all.begin() + static_cast<std::ptrdiff_t>(at),
                                             all.begin() + static_cast<std::ptrdiff_t>(at + rows));
    table += terminal_report(results, o.detail) + comparison_report(results, o.detail);
    at += rows;
  }
  const bool band = r.boolean();
  for (const VariantResult& v : all)
    if (!band && !v.band.empty()) r.fail("it has a band that --no-band skipped");
  if (at != all.size() || !r.done()) r.fail("its groups do not hold its rows");
  if (!o.out_dir.empty()) write_reports(o.out_dir, all, {{"report.html", run_page(all, o.fights)}});
  if (o.format == "csv") {
    std::cout << to_csv(summary_table(all));
  } else if (o.format == "json") {
    std::cout << to_json(summary_table(all));
  } else {
    std::cout << table;
    if (!o.out_dir.empty()) std::cout << "wrote summary.csv, combatants.csv, distributions.csv, comparison.csv, report.html to " << o.out_dir << "\n";
  }
}

void setup_run(CLI::App& sub) {
  auto a = std::make_shared<RunArgs>();
  sub.add_option("scenarios", a->files, "scenario files (YAML); their rows share the CSVs")->required()->check(CLI::ExistingFile);
  auto* n = sub.add_option("-n,--trials", a->trials, "trials per variant (default: the scenario's `trials`; with --precision, the cap)")
                ->transform(whole_number(1, 1'000'000'000'000ULL));
  auto* seed = sub.add_option("--seed", a->seed, "random seed (default: the scenario's `seed`)")->transform(kUnsigned);
  sub.add_option("--threads", a->threads, "worker threads (default: all cores); results do not depend on it")
      ->check(CLI::Range(1, 1024));
  sub.add_option("-o,--output", a->out_dir,
                 "write summary.csv, combatants.csv, distributions.csv, comparison.csv and report.html to this directory "
                 "(with --shard: the part)");
  sub.add_option("--precision", a->precision,
                 "run until the party win rate's 95% interval half-width is at most this (e.g. 0.005 or 0.5%)")
      ->transform(fraction(1e-5, 0.5, "0.005"));
  sub.add_option("--variant", a->variants, "run only these variants (repeatable; default: all)");
  sub.add_option("--set", a->sets,
                 "PATH=VALUE: write this value into the scenario for this run, in every variant (repeatable), "
                 "e.g. --set foes.Ogre.hp=30 --set style.foes=ruthless")
      ->allow_extra_args(false);
  sub.add_option("--format", a->format, "what to print: table, csv (summary) or json (summary)")
      ->check(CLI::IsMember({"table", "csv", "json"}));
  add_shard_option(sub, a->shard);
  sub.add_flag("--no-band", a->no_band,
               "skip the band: the win rate against the kindest and the harshest foe style on the same dice "
               "(about three times faster)");
  sub.add_flag("--detail", a->detail,
               "print the full tables under each variant: outcomes, every per-fight metric, every combatant "
               "(the CSVs hold them all either way)");
  sub.callback([a, n, seed] { run(*a, n->count() > 0, seed->count() > 0); });
}

}  // namespace encsim::cli
