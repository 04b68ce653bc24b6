#include <CLI/CLI.hpp>

#include "cli/shard.hpp"

#include <charconv>
#include <filesystem>
#include <iostream>

#include "cli/cli.hpp"
#include "encsim/error.hpp"
#include "io/report.hpp"

namespace encsim::cli {

void add_shard_option(CLI::App& sub, ShardArg& shard) {
  sub.add_option_function<std::string>(
         "--shard",
         [&shard](const std::string& text) {
           const auto slash = text.find('/');
           std::uint32_t i = 0, n = 0;
           const char* end = text.data() + text.size();
           const bool ok = slash != std::string::npos &&
                           std::from_chars(text.data(), text.data() + slash, i).ptr == text.data() + slash &&
                           std::from_chars(text.data() + slash + 1, end, n).ptr == end && slash > 0 &&
                           slash + 1 < text.size();
           if (!ok || i < 1 || i > n || n > kMaxShards)
             throw CLI::ValidationError("--shard", "expected I/N with 1 <= I <= N <= " + std::to_string(kMaxShards) +
                                                       ", e.g. 2/8, got '" + text + "'");
           shard = {i, n};
         },
         "I/N: run only shard I of N (whole chunks of the trials) and write a partial result to -o DIR for "
         "`encsim merge` (docs/sharding.md)")
      ->type_name("I/N");
}

void check_shard(const ShardArg& shard, const std::string& out_dir, double precision, const char* command) {
  if (!shard.on()) return;
  if (out_dir.empty())
    throw InputError(SourcePos{}, std::string("--shard needs -o DIR, the folder the partial result goes to (e.g. `encsim ") +
                                      command + " ... --shard " + std::to_string(shard.index) + "/" +
                                      std::to_string(shard.count) + " -o parts`)");
  if (precision > 0)
    throw InputError(SourcePos{},
                     "--precision cannot be split into shards: it stops where the whole run's win rate is precise "
                     "enough, which no shard can see, and shards that each stopped on their own would give another "
                     "answer than one machine. Give a fixed -n instead (a run with --precision reports how many "
                     "trials it needed); see docs/sharding.md");
}

std::string part_path(const std::string& dir, const ShardArg& shard) {
  return (std::filesystem::path(dir) / ("part-" + std::to_string(shard.index) + "-of-" + std::to_string(shard.count) +
                                        std::string(kPartExtension)))
      .string();
}

void apply_shard(RunSettings& s, const ShardArg& shard) {
  if (!shard.on()) return;
  const TrialRange r = shard_trials(s.trials, shard.index, shard.count);
  s.first_trial = r.first;
  s.trials = r.end - r.first;
}

void write_shard_part(const std::string& dir, const ShardArg& shard, Part& part, const RunSettings& first_run) {
  part.head.version = ENCSIM_VERSION;
  part.head.engine = engine_fingerprint();
  part.head.shard = shard.index;
  part.head.shards = shard.count;
  part.head.seed = first_run.seed;
  part.head.first_trial = first_run.first_trial;
  part.head.end_trial = first_run.first_trial + first_run.trials;
  part.head.trials = part.totals.empty() ? 0 : part.totals.front();
  const std::string path = part_path(dir, shard);
  write_file_atomic(path, encode_part(part));
  const std::uint64_t n = part.head.end_trial - part.head.first_trial;
  std::cout << "shard " << shard.index << "/" << shard.count << ": ";
  if (n == 0)
    std::cout << "no trials (" << shard.count << " shards split " << part.head.trials << " trials, whole chunks of "
              << kChunkTrials << ")";
  else
    std::cout << "trials " << part.head.first_trial << " to " << part.head.end_trial - 1 << " of " << part.head.trials;
  std::cout << " of each of " << part.results.size() << (part.results.size() == 1 ? " run" : " runs") << "; wrote "
            << path << "\n";
}

}  // namespace encsim::cli
