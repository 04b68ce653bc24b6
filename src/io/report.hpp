// Reports: summary.csv, combatants.csv, distributions.csv (docs/csv.md) and
// the terminal table. Everything is formatted in memory first and written by
// write_files_atomic(), so an error never leaves a partial file behind.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "encsim/encounter.hpp"
#include "encsim/paired.hpp"
#include "encsim/tally.hpp"

namespace encsim {

// One variant of one scenario, run.
struct VariantResult {
  std::string scenario;
  std::string variant;
  std::string ruleset;
  std::uint64_t seed = 0;
  Tally tally;
  std::vector<CombatantInfo> combatants;
  std::vector<MetricSpec> resources;  // the system's per-trial metrics
  std::vector<MetricSpec> extras;     // the system's per-combatant metrics
  // What its damage counts, for the report's sentence ("HP", "HP and STR", ...):
  // the system's Encounter::kDamageUnit.
  std::string damage_unit = "HP";
  std::vector<FeatureInfo> features;  // what each combatant can use (features.csv)
  double seconds = 0.0;
  double precision = 0.0;  // the --precision asked for, 0 when none
  bool precision_reached = false;
  // Facts about the encounter from its rule system (e.g. Daggerheart's feature
  // coverage and Battle Points): trailing summary columns, and `note` a line
  // for the terminal report.
  std::vector<std::pair<std::string, std::string>> facts;
  std::string note;
  // The scenario's `description:` and the variant's `note:`, as written.
  std::string description;
  std::string variant_note;
  // The system's default-view lines (ScreenSpec): what it does not model and
  // which way that biases the result, and its headline resource templates.
  std::string coverage;
  std::vector<std::string> headline;
  // Leading columns identifying a sweep point ("foes.ogre.hp" -> "30"), empty otherwise.
  std::vector<std::pair<std::string, std::string>> keys;
  // The play styles in force (`style:`) and what they mean, one line per side.
  std::string style_foes;
  std::string style_party;
  std::vector<std::string> behaviour;
  // The band (issue 12): the party's wins on the same dice against the
  // kindest foe style (first) and the harshest (second); empty when the run
  // skipped it (`--no-band`, sweeps) or the system declares one foe style.
  // Counts, so shards merge by adding them.
  struct BandEnd {
    std::string foes;  // the style's name
    std::uint64_t trials = 0;
    std::uint64_t party_wins = 0;
  };
  std::vector<BandEnd> band;
  // Against which variant of the same scenario this one was paired trial by
  // trial ("" for none, e.g. the first), and the paired tally (first = that one).
  std::string paired_with;
  PairedTally paired;
};

// A report as rows of formatted fields, before it becomes CSV or JSON.
struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::size_t text_columns = 0;  // the leading columns that are text (names, keys); the rest are numbers
};
// summary.csv's columns that every row has, in order, between the sweep
// keys and the system's own columns: the one list the table, docs/csv.md
// (a test checks) and any reader go by.
const std::vector<std::string>& summary_common_columns();
Table summary_table(const std::vector<VariantResult>& results);
Table combatants_table(const std::vector<VariantResult>& results);
Table distributions_table(const std::vector<VariantResult>& results);
// One row per variant, combatant and feature (issue 13).
Table features_table(const std::vector<VariantResult>& results);
// One row per variant that has a `paired_with`: its win rate and costs minus
// those of the variant it is paired with, with paired 95% intervals.
Table comparison_table(const std::vector<VariantResult>& results);
std::string to_csv(const Table& table);
std::string to_json(const Table& table);  // an array of objects, one per row

// The readable report of one scenario's variants: a plain sentence a GM can
// read at the table, then the numbers.
// One screen per variant (at most 40 lines of at most 100 columns for every
// shipped scenario); `detail` adds the full tables below each (`--detail`).
std::string terminal_report(const std::vector<VariantResult>& variants, bool detail = false);
// The comparison of paired variants as a terminal table ("" when none is paired).
// The default view keeps the win change, rounds and damage to the party
// (within 100 columns); `detail` adds every paired cost.
std::string comparison_report(const std::vector<VariantResult>& variants, bool detail = false);

// summary.csv, combatants.csv, distributions.csv, comparison.csv and report.html.
std::vector<std::string> report_file_names();
// The files a report writes: name and content.
using OutputFiles = std::vector<std::pair<std::string, std::string>>;

// An output file could not be written (a full disk, a file size limit, no
// permission): the system's reason is in what(). Exit code 3 (kExitIo).
class IoError : public std::runtime_error {
 public:
  explicit IoError(const std::string& message);
};

// The free space an output directory must have before a run starts, and the
// size of the probe file written there to prove it.
inline constexpr std::uint64_t kMinFreeBytes = 1024 * 1024;
inline constexpr std::size_t kProbeBytes = 4096;

// Creates `dir` if needed and checks it is writable, has kMinFreeBytes free
// and that none of `names` is in the way (e.g. a directory); an InputError or
// IoError if not. Finishes an interrupted earlier switch (recover_output_dir).
// Commands call it before simulating anything.
void prepare_output_dir(const std::string& dir, const std::vector<std::string>& names = report_file_names());
// Writes the report files of `results` plus `extra` into `dir` as one set: all
// to temporary names first, then a commit marker, then the renames with
// SIGINT/SIGTERM held back. A reader of the folder finds the old set or the
// new one; if the process dies during the renames, the next run that writes
// there (recover_output_dir) completes them.
void write_reports(const std::string& dir, const std::vector<VariantResult>& results, const OutputFiles& extra = {});
// Writes one file whole or not at all: to a temporary name beside it
// (removed on a signal or an error), flushed to the disk, then renamed into
// place. For a file that stands alone, such as a shard's partial result.
void write_file_atomic(const std::string& path, const std::string& content);
// Finishes a switch that a commit marker shows was cut short, and removes
// the temporaries of a set that was never complete.
void recover_output_dir(const std::string& dir);
// Installs handlers that, on SIGINT, SIGTERM, SIGHUP or SIGQUIT, remove the
// temporary files being written and the output folders this run created (if
// still empty), then let the signal end the process. SIGXFSZ is ignored, so a
// file size limit is an IoError.
void install_output_cleanup();
// The same undoing, for a run that fails with an exception.
void abandon_output();

// RFC 4180: quote a field that holds a comma, a quote or a line break.
std::string csv_field(const std::string& s);
// Fixed decimals, '.' always, no thousands separators, "-0" never.
std::string fixed(double value, int decimals);
// k / n, 0 when n is 0; and a fraction as "12.3%" (the terminal's and report.html's).
double rate(std::uint64_t k, std::uint64_t n);
std::string percent(double p);

}  // namespace encsim
