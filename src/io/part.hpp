// Partial results (docs/sharding.md): what one shard of a run, sweep or
// sensitivity study writes instead of CSVs, and what `encsim merge` reads back.
// A part holds the shard's tallies exactly (every counter, the 128-bit sums
// and 192-bit sums of squares, every histogram bin) and everything the
// reports print about them, in a versioned, little-endian, sectioned format
// that never dumps a struct: so parts written on any machine merge into the
// bytes one machine would have written.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/paired.hpp"
#include "encsim/scenario.hpp"
#include "encsim/session_tally.hpp"
#include "encsim/tally.hpp"
#include "io/report.hpp"

namespace encsim {

// The format's version; a reader refuses any other. Bumped only when a
// section every reader must understand changes (docs/sharding.md).
inline constexpr std::uint32_t kPartFormat = 3;
inline constexpr std::string_view kPartMagic{"ENCSIMPT", 8};
inline constexpr std::string_view kPartExtension = ".encpart";

// Little-endian encoding of the few types a part holds. Integers of 128 bits
// are two 64-bit words, low first; a double is its IEEE-754 bits; a string
// is its length and bytes.
class ByteWriter {
 public:
  void u8(std::uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void u32(std::uint32_t v);
  void u64(std::uint64_t v);
  void i64(std::int64_t v) { u64(static_cast<std::uint64_t>(v)); }
  void u128(unsigned __int128 v);
  void i128(__int128 v) { u128(static_cast<unsigned __int128>(v)); }
  void f64(double v);
  void str(std::string_view s);
  void raw(std::string_view s) { out_ += s; }
  std::string& bytes() { return out_; }

 private:
  std::string out_;
};

// Reads what ByteWriter wrote; running past the end or a value out of its
// range is an InputError naming the file ("ends early": a truncated part).
class ByteReader {
 public:
  // `section` names a section being read ("" for the file itself).
  ByteReader(std::string_view data, std::string what, std::string section = "")
      : data_(data), what_(std::move(what)), section_(std::move(section)) {}
  std::uint8_t u8();
  std::uint32_t u32();
  std::uint64_t u64();
  std::int64_t i64() { return static_cast<std::int64_t>(u64()); }
  unsigned __int128 u128();
  __int128 i128() { return static_cast<__int128>(u128()); }
  double f64();
  std::string str();
  std::string_view take(std::size_t n);
  bool boolean();
  // A count of items that each take at least `min_bytes`: checked against
  // the bytes left, so a damaged count cannot ask for a huge allocation.
  std::size_t count(std::size_t min_bytes = 1);
  bool done() const { return at_ == data_.size(); }
  std::size_t offset() const { return at_; }
  [[noreturn]] void fail(const std::string& why) const;

 private:
  std::string_view data_;
  std::size_t at_ = 0;
  std::string what_;
  std::string section_;
};

// Which part of the whole a part is, and the facts that say which job it
// belongs to. Shards are numbered 1..shards.
struct PartHeader {
  std::string command;  // "run", "sweep", "sensitivity", "tune", "session"
  std::string version;  // the encsim that wrote it (ENCSIM_VERSION)
  std::uint64_t scenario_hash = 0;  // scenario_hash() of every scenario, in order
  std::uint64_t seed = 0;           // of the first run
  std::uint64_t trials = 0;         // of the first run, all shards together
  std::uint32_t shard = 1, shards = 1;
  std::uint64_t first_trial = 0, end_trial = 0;  // this shard's trials of the first run: [first, end)
  std::uint64_t engine = 0;  // the writing build's engine fingerprint (cli::engine_fingerprint)
};

// One shard's results. `plan` is the command's own description of its output
// (axes, probes, groups: what its report needs beyond the results), opaque
// here; `results` are the report rows with this shard's tallies; `paired` any
// further paired tallies (sensitivity's probes).
struct Part {
  PartHeader head;
  std::string plan;
  std::vector<VariantResult> results;
  std::vector<std::uint64_t> totals;  // per result: its trials, all shards together
  std::vector<PairedTally> paired;
  // A session's run (command "session"): per variant, how far its sessions
  // got (section "sess"; its shape is part of the job).
  std::vector<SessionTally> sessions = {};
  // Set by read_part: a hash of everything that must be equal in every part
  // of one job (the header but the shard, the plan, the results but their
  // tallies and times), and the file it came from.
  std::uint64_t job_hash = 0;
  std::string path;
};

// The part's bytes: magic, format version, then sections (docs/sharding.md),
// the last a checksum of all before it.
std::string encode_part(const Part& part);
// Throws InputError (exit 2) for anything but a whole, undamaged part of
// this format: another file, a truncated or altered one, a newer format.
Part decode_part(std::string_view bytes, const std::string& path);
Part read_part(const std::string& path);

// A hash of what the scenario's runs depend on: its name, rule system, and
// every variant's resolved document (libraries and includes already in).
std::uint64_t scenario_hash(const Scenario& scenario);
// FNV-1a, 64 bits: a checksum and a content hash, the same on every machine.
std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h = 0xcbf29ce484222325ULL);

// The trials [first, end) of shard `shard` (1-based) of `shards` when a run
// has `trials`: whole chunks of kChunkTrials, shared out as evenly as whole
// chunks allow, in order, so the shards cover the run exactly once.
struct TrialRange {
  std::uint64_t first = 0, end = 0;
};
TrialRange shard_trials(std::uint64_t trials, std::uint32_t shard, std::uint32_t shards);

}  // namespace encsim
