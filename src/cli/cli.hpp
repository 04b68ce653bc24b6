// The command line (DESIGN "Command line"): a table of subcommands, each in
// its own file, all thin over the library.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "encsim/scenario.hpp"
#include "io/report.hpp"
#include "rules/registry.hpp"

// CLI11 is named here, not included: its header costs every file that
// includes it seconds of compile time, so only the files that build options
// include <CLI/CLI.hpp>.
namespace CLI {
class App;
class Validator;
}  // namespace CLI

namespace encsim::cli {

// Exit codes (DESIGN): 0 success, 2 bad input (nothing written), 1 internal
// error, 3 an output could not be written (a full disk, a closed or full
// standard output: the system's reason is printed).
inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitInput = 2;
inline constexpr int kExitIo = 3;

int main(int argc, char** argv);

struct Subcommand {
  const char* name;
  const char* description;
  void (*setup)(CLI::App& sub);  // adds options and the callback
};
const std::vector<Subcommand>& subcommands();

// One end of a variant's band (issue 12): the variant fought under the
// kindest or the harshest foe style, on the same dice.
struct BandEncounter {
  std::string foes;                       // the style's name
  std::optional<AnyEncounter> encounter;  // none: the variant itself plays that style
};

// A scenario and its compiled variants (filtered by --variant when given).
struct Prepared {
  Scenario scenario;
  std::vector<std::string> variant_names;
  std::vector<AnyEncounter> encounters;
  // Per encounter, its band's two ends (kindest, harshest); empty when no
  // band was asked for or the system declares one foe style.
  std::vector<std::vector<BandEncounter>> bands = {};
  // The values `--set PATH=VALUE` wrote in (path -> value as written): the
  // rows' leading key columns, as for a sweep point.
  std::vector<std::pair<std::string, std::string>> keys = {};
};
// Throws InputError. `only` lists variant names to keep (empty: all); `band`
// also compiles each variant under the kindest and the harshest foe style;
// `sets` ("PATH=VALUE", one value each) are written into the scenario as if
// its file said so, in every variant (a variant that sets PATH itself is an
// error: the value would not reach it).
Prepared prepare(const std::string& path, const std::vector<std::string>& only, bool band = false,
                 const std::vector<std::string>& sets = {});

// The two ends of a variant's band: the kindest and the harshest foe style of
// the scenario's system; empty when it declares one. Throws InputError.
std::vector<BandEncounter> band_encounters(const Scenario& scenario, const Variant& variant);

// Runs every variant of a prepared scenario side by side with common random
// numbers; each variant after the first is paired with the first. The band's
// encounters run beside them, hidden, on the same dice.
std::vector<VariantResult> run_prepared(const Prepared& p, const RunSettings& settings);
// Runs encounters of one rule system side by side (run_joint, which see).
JointResult run_encounters(const std::vector<const AnyEncounter*>& encs,
                           const std::vector<std::pair<std::size_t, std::size_t>>& pairs, const RunSettings& s);
// The report row of one run.
VariantResult make_result(const Scenario& scenario, const std::string& variant, const AnyEncounter& enc, RunResult run,
                          const RunSettings& settings);

// The built-in workloads of `encsim bench` (also used by bench/).
extern const char* const kFiveyBenchYaml;
extern const char* const kDaggerheartBenchYaml;
extern const char* const kCairnApBenchYaml;
extern const char* const kGodsAndMonstersBenchYaml;
extern const char* const kMnmBenchYaml;
// A hash of what this build makes of a few chunks of each bench workload:
// builds that fight or report differently differ here, whatever their version
// number. Parts carry it, so merge refuses to mix builds (docs/sharding.md).
std::uint64_t engine_fingerprint();

// Option checks CLI11 lacks: an unsigned 64-bit integer from lo to hi,
// written as digits or in scientific notation for a whole number ("2e8");
// CLI11 would wrap "-1" and clamp overflow. Use with ->transform(). And a
// finite number.
CLI::Validator whole_number(std::uint64_t lo, std::uint64_t hi);
extern const CLI::Validator kUnsigned;  // whole_number(0, 2^64 - 1)
extern const CLI::Validator kFinite;
// A fraction from lo to hi, also written as a percentage ("60%" -> 0.6);
// `example` (e.g. "0.6") shows both forms in the message. Use with ->transform().
CLI::Validator fraction(double lo, double hi, const char* example);

// Control characters (C0 but tab and newline, DEL, and the C1 range written
// as UTF-8) replaced by '?', so text from a scenario cannot send escape
// sequences to a terminal. Byte by byte, so it can sit under a stream.
class TerminalFilter {
 public:
  template <class Emit>
  void put(unsigned char c, Emit emit) {
    if (held_) {
      held_ = false;
      if (c >= 0x80 && c <= 0x9F) return emit('?');  // U+0080..U+009F
      emit(static_cast<char>(0xC2));
    }
    if (c == 0xC2) {
      held_ = true;
      return;
    }
    emit((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F ? '?' : static_cast<char>(c));
  }
  template <class Emit>
  void finish(Emit emit) {
    if (held_) emit(static_cast<char>(0xC2));
    held_ = false;
  }

 private:
  bool held_ = false;  // a 0xC2 waiting for the byte that says whether it starts a C1 control
};
std::string terminal_safe(std::string_view text);

void setup_run(CLI::App& sub);
void setup_check(CLI::App& sub);
void setup_rules(CLI::App& sub);
void setup_replay(CLI::App& sub);
void setup_list(CLI::App& sub);
void setup_bench(CLI::App& sub);
void setup_sweep(CLI::App& sub);
void setup_tune(CLI::App& sub);
void setup_sensitivity(CLI::App& sub);

}  // namespace encsim::cli
