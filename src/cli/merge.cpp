// encsim merge PART... [-o DIR] [--format table|csv|json] [--threads T] [--detail]
//
// Adds up the partial results of the shards of one run, sweep, tune or
// sensitivity study (--shard I/N) and writes what that command writes on one
// machine, byte for byte. Refuses, with exit code 2 and nothing written,
// parts that do not belong together or do not cover the whole.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>

#include "cli/cli.hpp"
#include "cli/session.hpp"
#include "cli/shard.hpp"
#include "encsim/error.hpp"

namespace encsim::cli {
namespace {

namespace fs = std::filesystem;

struct MergeArgs {
  std::vector<std::string> inputs;
  std::string out_dir;
  std::string format = "table";
  int threads = 0;
  bool detail = false;
};

std::string hex(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// "3, 5-9, 12", at most `limit` pieces.
std::string number_list(const std::vector<std::uint32_t>& sorted, std::size_t limit = 12) {
  std::string out;
  std::size_t pieces = 0;
  for (std::size_t i = 0; i < sorted.size();) {
    std::size_t j = i;
    while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1) ++j;
    if (pieces == limit) return out + " and more";
    out += (out.empty() ? "" : ", ") + std::to_string(sorted[i]) + (j > i ? "-" + std::to_string(sorted[j]) : "");
    ++pieces;
    i = j + 1;
  }
  return out;
}

[[noreturn]] void refuse(const std::string& message) { throw InputError(SourcePos{}, message); }

// The files named: parts, and folders whose *.encpart files are parts.
std::vector<std::string> part_files(const std::vector<std::string>& inputs) {
  std::vector<std::string> files;
  for (const std::string& in : inputs) {
    std::error_code ec;
    if (fs::is_directory(in, ec)) {
      std::vector<std::string> found;
      for (const auto& e : fs::directory_iterator(in, ec))
        if (e.path().extension() == kPartExtension && e.is_regular_file(ec)) found.push_back(e.path().string());
      if (found.empty()) refuse("'" + in + "' holds no partial results (*" + std::string(kPartExtension) + ")");
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else {
      files.push_back(in);
    }
  }
  return files;
}

// Every part against the first: the same job, and together every shard once.
void check_together(const std::vector<Part>& parts) {
  const Part& a = parts.front();
  const PartHeader& ha = a.head;
  if (ha.version != ENCSIM_VERSION)
    refuse("'" + a.path + "' was written by encsim " + ha.version + " and this is encsim " + ENCSIM_VERSION +
           ": merge with the encsim that ran the shards");
  if (ha.version == ENCSIM_VERSION && ha.engine != engine_fingerprint())
    refuse("'" + a.path + "' was written by another build of encsim " + ha.version + " than this one (engine "
           "fingerprints " + hex(ha.engine) + " and " + hex(engine_fingerprint()) + "): merge with the build that ran "
           "the shards");
  for (const Part& b : parts) {
    const PartHeader& hb = b.head;
    const std::string pair = "'" + b.path + "' and '" + a.path + "'";
    if (hb.command != ha.command) refuse(pair + " come from different commands (" + hb.command + " and " + ha.command + ")");
    if (hb.version != ha.version)
      refuse(pair + " were written by different encsims (" + hb.version + " and " + ha.version + ")");
    if (hb.engine != ha.engine)
      refuse(pair + " were written by different builds of encsim " + ha.version + " (engine fingerprints " +
             hex(hb.engine) + " and " + hex(ha.engine) + ": they fight or report differently); run every shard with "
             "one build");
    if (hb.scenario_hash != ha.scenario_hash)
      refuse(pair + " come from different scenarios (or a scenario edited between shards): scenario hash " +
             hex(hb.scenario_hash) + " and " + hex(ha.scenario_hash));
    if (hb.seed != ha.seed)
      refuse(pair + " have different seeds (" + std::to_string(hb.seed) + " and " + std::to_string(ha.seed) + ")");
    if (hb.trials != ha.trials)
      refuse(pair + " split different trial counts (" + std::to_string(hb.trials) + " and " + std::to_string(ha.trials) + ")");
    if (hb.shards != ha.shards)
      refuse(pair + " come from different splits (shard " + std::to_string(hb.shard) + "/" + std::to_string(hb.shards) +
             " and " + std::to_string(ha.shard) + "/" + std::to_string(ha.shards) + ")");
    if (b.job_hash != a.job_hash)
      refuse(pair + " come from the same scenario but different settings (another --set, --params, --variant, "
                    "-n, --no-band or option), so they do not add up to one result");
  }
  std::map<std::uint32_t, const Part*> by_shard;
  for (const Part& p : parts) {
    const auto [it, fresh] = by_shard.emplace(p.head.shard, &p);
    if (!fresh)
      refuse("shard " + std::to_string(p.head.shard) + "/" + std::to_string(p.head.shards) + " is given twice: '" +
             it->second->path + "' and '" + p.path + "'");
  }
  std::vector<std::uint32_t> missing;
  for (std::uint32_t i = 1; i <= ha.shards; ++i)
    if (!by_shard.count(i)) missing.push_back(i);
  if (!missing.empty()) {
    std::vector<std::uint32_t> have;
    for (const auto& [i, p] : by_shard) have.push_back(i);
    refuse(std::string(missing.size() == 1 ? "shard " : "shards ") + number_list(missing) + " of " +
           std::to_string(ha.shards) + (missing.size() == 1 ? " is" : " are") + " missing (given: " +
           number_list(have) + ")");
  }
  // Each holds exactly its share of every run.
  for (const Part& p : parts) {
    const TrialRange first = shard_trials(p.head.trials, p.head.shard, p.head.shards);
    bool ok = first.first == p.head.first_trial && first.end == p.head.end_trial;
    for (std::size_t i = 0; ok && i < p.results.size(); ++i) {
      const TrialRange r = shard_trials(p.totals[i], p.head.shard, p.head.shards);
      // A session's fight counts the sessions that reached it, its SessionTally all of them.
      const bool reached_only = p.head.command == "session";
      ok = (reached_only ? p.results[i].tally.trials <= r.end - r.first : p.results[i].tally.trials == r.end - r.first) &&
           p.results[i].paired.n <= r.end - r.first;
      // The band's encounters ran in the same trials.
      for (const VariantResult::BandEnd& b : p.results[i].band) ok = ok && b.trials == r.end - r.first;
    }
    for (std::size_t i = 0; ok && i < p.paired.size(); ++i) ok = p.paired[i].n == first.end - first.first;
    for (const SessionTally& st : p.sessions) ok = ok && st.trials == first.end - first.first;
    if (!ok) refuse("'" + p.path + "' does not hold the trials shard " + std::to_string(p.head.shard) + "/" +
                    std::to_string(p.head.shards) + " should");
  }
}

void merge(const MergeArgs& a) {
  const std::vector<std::string> files = part_files(a.inputs);
  std::vector<Part> parts;
  parts.reserve(files.size());
  for (const std::string& f : files) parts.push_back(read_part(f));
  check_together(parts);
  // In shard order; the sums are exact integers, so any order gives these bytes.
  std::sort(parts.begin(), parts.end(), [](const Part& x, const Part& y) { return x.head.shard < y.head.shard; });
  Part whole = std::move(parts.front());
  for (std::size_t k = 1; k < parts.size(); ++k) {
    const Part& p = parts[k];
    for (std::size_t i = 0; i < whole.results.size(); ++i) {
      whole.results[i].tally.merge(p.results[i].tally);
      whole.results[i].paired.merge(p.results[i].paired);
      whole.results[i].seconds += p.results[i].seconds;
      // The band's ends are counts on the same trials: they add like the tally.
      for (std::size_t e = 0; e < whole.results[i].band.size(); ++e) {
        whole.results[i].band[e].trials += p.results[i].band[e].trials;
        whole.results[i].band[e].party_wins += p.results[i].band[e].party_wins;
      }
    }
    for (std::size_t i = 0; i < whole.paired.size(); ++i) whole.paired[i].merge(p.paired[i]);
    for (std::size_t i = 0; i < whole.sessions.size(); ++i) whole.sessions[i].merge(p.sessions[i]);
  }
  if (!a.out_dir.empty() && whole.head.command != "tune") prepare_output_dir(a.out_dir);
  const RenderOptions o{a.out_dir, a.format, a.threads, a.detail};
  if (whole.head.command == "run") {
    render_run(whole.plan, whole.results, o);
  } else if (whole.head.command == "sweep") {
    render_sweep(whole.plan, whole.results, o);
  } else if (whole.head.command == "sensitivity") {
    render_sensitivity(whole.plan, whole.results, whole.paired, o);
  } else if (whole.head.command == "tune") {
    merge_tune(whole, o);
  } else if (whole.head.command == "session") {
    merge_session(whole, o);
  } else {
    refuse("'" + whole.path + "' comes from a command this encsim cannot merge ('" + whole.head.command + "')");
  }
}

}  // namespace

void setup_merge(CLI::App& sub) {
  auto a = std::make_shared<MergeArgs>();
  sub.add_option("parts", a->inputs,
                 "partial results (" + std::string(kPartExtension) + " files written by --shard), or folders of them")
      ->required();
  sub.add_option("-o,--output", a->out_dir, "write the command's CSVs here, as one machine would");
  sub.add_option("--format", a->format, "what to print: table, csv (summary) or json (summary)")
      ->check(CLI::IsMember({"table", "csv", "json"}));
  sub.add_option("--threads", a->threads, "worker threads for what tune still has to simulate (default: all cores)")
      ->check(CLI::Range(1, 1024));
  sub.add_flag("--detail", a->detail, "a run's parts: the full tables under each variant, as `run --detail`");
  sub.callback([a] { merge(*a); });
}

}  // namespace encsim::cli
