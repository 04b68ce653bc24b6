// Hardening (issue 17): no input, however large or strange, crashes the engine,
// exhausts memory or corrupts results. Each test failed before its fix.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <chrono>
#include <cmath>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "cli/cli.hpp"
#include "encsim/paired.hpp"
#include "encsim/runner.hpp"
#include "encsim/tally.hpp"
#include "input_error.hpp"
#include "io/report.hpp"
#include "io/yaml.hpp"
#include "rules/registry.hpp"
#include "run_encsim.hpp"

namespace encsim {
namespace {

namespace fs = std::filesystem;
using testing::encsim;
using testing::fresh_dir;
using testing::message_of;
using testing::slurp;

const std::string kSource = ENCSIM_SOURCE_DIR;
const std::string kTroll = kSource + "/scenarios/fivey/troll-bridge.yaml";

// A bash script's exit code and output; the binary is $E.
testing::CliResult sh(const std::string& script) {
  const std::string cmd = "E=" + std::string(ENCSIM_BINARY) + " bash -c '" + script + "' 2>&1";
  FILE* pipe = ::popen(cmd.c_str(), "r");
  testing::CliResult r{-1, ""};
  if (!pipe) return r;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int status = ::pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

fs::path write_file(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

// --- 1. per-fight counters -------------------------------------------------

// A Titan breathes on 30 regenerating walls for 100,000 rounds: each wall
// loses no more than it regains each turn, so none falls, and the Titan deals
// about 2.7 billion hit points in one fight (all within what the validator
// allows; the old `int` counters wrapped).
const char* const kTitan = R"(ruleset: fivey
max_rounds: 100000
party:
  - name: Titan
    hp: 1000000
    regenerate: 1000
    defense: 40
    strength: 10
    damage: 1d4
    area_attack: {damage: "960", targets: 30}
    tactics: [{do: area_attack}]
foes:
  - name: Wall
    count: 30
    hp: 1000000
    regenerate: 1000
    damage: "1"
)";

TEST(Hardening, PerFightDamagePastTwoToThe31IsCountedExactly) {
  const Scenario s = load_scenario_text(kTitan, "titan.yaml", ruleset_ids(), ".");
  const auto enc = std::get<fivey::Encounter>(compile_variant(s, s.variants[0]));
  TrialRecord rec;
  rec.reset(enc.combatant_count(), enc.features().size());
  NullLog log;
  enc.simulate(1, 0, rec, log);
  EXPECT_EQ(rec.rounds, 100000);
  std::int64_t taken = 0;
  for (std::size_t i = 1; i < rec.combatants.size(); ++i) taken += rec.combatants[i].damage_taken;
  EXPECT_GT(rec.combatants[0].damage_dealt, std::int64_t{INT_MAX});
  EXPECT_EQ(rec.combatants[0].damage_dealt, taken);
  // Through the tally: exact sums, no wrap, no giant histogram.
  Tally tally = make_tally(enc);
  tally.add(rec, enc.roster());
  tally.add(rec, enc.roster());
  EXPECT_EQ(tally.combatants[0].damage_dealt.max(), taken);
  EXPECT_EQ(tally.damage_to_foes.sum(), 2 * taken);
  EXPECT_TRUE(tally.combatants[1].damage_taken == 2 * static_cast<unsigned __int128>(rec.combatants[1].damage_taken));
  EXPECT_LE(tally.damage_to_foes.counts().size(), IntStat::kBins);
  EXPECT_EQ(tally.rounds.quantile(1, 2), 100000);  // every fight went the distance
}

// --- 2. bounded histograms ----------------------------------------------------

TEST(Hardening, HistogramsAreBoundedWithExactSums) {
  IntStat s;
  std::int64_t sum = 0;
  for (std::int64_t v : {std::int64_t{3}, std::int64_t{4095}, std::int64_t{4096}, std::int64_t{1'000'000},
                         std::int64_t{123'456'789'012}, INT64_MAX / 4}) {
    s.add(v);
    sum += v;
  }
  EXPECT_LE(s.counts().size(), IntStat::kBins);
  EXPECT_EQ(s.n(), 6u);
  EXPECT_EQ(s.sum(), sum);
  EXPECT_EQ(s.max(), INT64_MAX / 4);
  // A quantile among the large values is its bin's lower edge: within 1/64.
  const std::int64_t p = s.quantile(5, 6);  // the 5th smallest, 123456789012
  EXPECT_LE(p, 123'456'789'012);
  EXPECT_GE(p, 123'456'789'012 - 123'456'789'012 / 64);
  EXPECT_EQ(s.quantile(1, 6), 3);  // exact below kExact
  EXPECT_EQ(s.quantile(2, 6), 4095);
  EXPECT_EQ(s.quantile(3, 6), 4096);
  // Bins: every value falls in [bin_low(bin), bin_low(bin + 1)).
  for (std::int64_t v : {std::int64_t{4096}, std::int64_t{8191}, std::int64_t{8192}, std::int64_t{999'999},
                         INT64_MAX}) {
    const std::size_t b = IntStat::bin_of(v);
    EXPECT_LE(IntStat::bin_low(b), v);
    if (b + 1 < IntStat::kBins) {
      EXPECT_GT(IntStat::bin_low(b + 1), v);
    }
    EXPECT_LT(b, IntStat::kBins);
  }
  // The standard deviation is exact too: two values a distance 2d apart.
  IntStat two;
  two.add(5'000'000'000);
  two.add(5'000'000'200);
  EXPECT_NEAR(two.stddev(), 200.0 / std::sqrt(2.0), 1e-6);
  // Merging equals one pass.
  IntStat a, b, whole;
  for (std::int64_t v = 0; v < 200; ++v) {
    const std::int64_t x = v * v * v * 7919;
    (v % 3 ? a : b).add(x);
    whole.add(x);
  }
  a.merge(b);
  EXPECT_EQ(a, whole);
}

// The paired comparison's sum of squares cannot wrap.
TEST(Hardening, PairedSumOfSquaresDoesNotWrap) {
  PairedDiff d;
  for (int i = 0; i < 1000; ++i) d.add(0, 5'000'000'000);  // d^2 = 2.5e19 > 2^64
  EXPECT_DOUBLE_EQ(d.mean(), 5e9);
  const Interval ci = d.ci();
  EXPECT_DOUBLE_EQ(ci.low, 5e9);  // no spread at all
  EXPECT_DOUBLE_EQ(ci.high, 5e9);
}

// --- 3. unbounded reads -----------------------------------------------------------

TEST(Hardening, OnlyRegularFilesBelowTheLimitAreRead) {
  EXPECT_NE(message_of([] { load_yaml_file("/dev/zero"); }).find("cannot read '/dev/zero': not a regular file"),
            std::string::npos);
  const fs::path dir = fresh_dir("bigfile");
  const fs::path big = dir / "big.yaml";
  {
    std::ofstream out(big, std::ios::binary);
    const std::string line = "# " + std::string(1022, 'x') + "\n";
    for (std::uint64_t written = 0; written <= kMaxFileBytes; written += line.size()) out << line;
  }
  EXPECT_NE(message_of([&] { load_yaml_file(big.string()); }).find("larger than 8 MiB"), std::string::npos);
  const fs::path inc = write_file(dir / "inc.yaml", "ruleset: fivey\ninclude: /dev/zero\nparty: []\nfoes: []\n");
  // (ulimit -v: the old code read /dev/zero until memory ran out. AddressSanitizer
  // reserves terabytes of shadow address space, so under it a time limit bounds it.)
#if defined(__SANITIZE_ADDRESS__)
  const std::string limit = "ulimit -t 60; ";
#else
  const std::string limit = "ulimit -v 2000000; ";
#endif
  const auto r = sh(limit + "$E check " + inc.string());
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("not a regular file"), std::string::npos) << r.out;
  const auto z = sh(limit + "$E run /dev/zero");
  EXPECT_EQ(z.code, 2) << z.out;
  EXPECT_NE(z.out.find("not a regular file"), std::string::npos) << z.out;
  fs::remove_all(dir);
}

// --- 4. did-you-mean cost ----------------------------------------------------------

TEST(Hardening, DidYouMeanOfAHugeNameIsCheapAndTheMessageClipped) {
  const std::string huge(40'000, 'q');
  const std::vector<std::string> candidates{huge + "r", huge.substr(1), "party", "foes"};
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(did_you_mean(huge, candidates), "");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(200));
  EXPECT_EQ(did_you_mean("paty", candidates), " (did you mean 'party'?)");
  const InputError e(SourcePos{}, "unknown key '" + huge + "'" + did_you_mean(huge, candidates));
  const std::string text = e.render();
  EXPECT_LT(text.size(), 300u);
  EXPECT_NE(text.find("...(40002 bytes)..."), std::string::npos) << text;  // the word with its quotes
}

// --- 5. I/O errors -----------------------------------------------------------------

// A file size limit (ulimit -f, in KiB) makes writes fail like a full disk.
TEST(Hardening, AFullDiskIsFoundBeforeTheRunAndReportedAsAnIoError) {
  const fs::path dir = fresh_dir("fsize");
  // 1 KiB: the 4 KiB probe fails, before any trial (1e12 would take days).
  const auto r = sh("ulimit -f 1; $E run " + kTroll + " -n 1000000000000 -o " + (dir / "out").string());
  EXPECT_EQ(r.code, 3) << r.out;
  EXPECT_NE(r.out.find("File too large"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dir / "out"));  // the folder it created is gone again
  fs::remove_all(dir);
}

TEST(Hardening, AWriteThatFailsLateIsAnIoErrorAndLeavesTheOldSet) {
  const fs::path dir = fresh_dir("late");
  const fs::path out = dir / "out";
  ASSERT_EQ(encsim("run " + kTroll + " -n 2000 -o " + out.string()).code, 0);
  const std::string old_summary = slurp(out / "summary.csv");
  // 8 KiB: the probe passes, distributions.csv of a long fight does not fit.
  const auto r = sh("ulimit -f 8; $E run " + kTroll + " -n 3000 --seed 9 -o " + out.string());
  EXPECT_EQ(r.code, 3) << r.out;
  EXPECT_NE(r.out.find("File too large"), std::string::npos) << r.out;
  EXPECT_EQ(slurp(out / "summary.csv"), old_summary);
  for (const auto& e : fs::directory_iterator(out))
    EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
  fs::remove_all(dir);
}

// --- 6. standard output ------------------------------------------------------------

TEST(Hardening, AFullStandardOutputIsAnError) {
  const auto r = sh("$E run " + kTroll + " -n 1000 --format csv >/dev/full");
  EXPECT_EQ(r.code, 3) << r.out;
  EXPECT_NE(r.out.find("cannot write to standard output: No space left on device"), std::string::npos) << r.out;
}

// --- 7. the set of files switches as one ---------------------------------------------

TEST(Hardening, AnInterruptedSwitchIsCompletedNotLeftMixed) {
  const fs::path dir = fresh_dir("switch");
  const fs::path out = dir / "out";
  ASSERT_EQ(encsim("run " + kTroll + " -n 1000 -o " + out.string()).code, 0);
  // What a SIGKILL between two renames leaves: the new set complete under
  // temporary names, the commit marker, and the first file already renamed.
  const std::vector<std::string> names = report_file_names();
  std::string listing;
  for (const auto& n : names) {
    write_file(out / (n + ".tmp.42"), "new " + n + "\n");
    listing += n + ".tmp.42\t" + n + "\n";
  }
  write_file(out / ".encsim-commit", listing);
  fs::rename(out / (names[0] + ".tmp.42"), out / names[0]);
  // An incomplete set of an earlier crash (no marker for it): dropped.
  recover_output_dir(out.string());
  for (const auto& n : names) EXPECT_EQ(slurp(out / n), "new " + n + "\n") << n;
  for (const auto& e : fs::directory_iterator(out)) {
    EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
    EXPECT_NE(e.path().filename(), ".encsim-commit");
  }
  fs::remove_all(dir);
}

TEST(Hardening, SigtermDuringARunLeavesNoFolderOrTemporaries) {
  const fs::path dir = fresh_dir("sigint");
  const fs::path out = dir / "new" / "out";
  const auto r = sh("$E run " + kTroll + " -n 1000000000000 -o " + out.string() +
                    " >/dev/null 2>&1 & pid=$!; sleep 1; kill -TERM $pid; wait $pid; echo $?");
  EXPECT_EQ(r.out, "143\n");  // ended by SIGTERM
  EXPECT_FALSE(fs::exists(dir / "new"));
  fs::remove_all(dir);
}

// --- 8. CSV formula injection and terminal escapes -------------------------------------

TEST(Hardening, FormulaLikeTextIsNeutralisedNumbersAreNot) {
  EXPECT_EQ(csv_field("=HYPERLINK(\"http://x\")"), "\"'=HYPERLINK(\"\"http://x\"\")\"");
  EXPECT_EQ(csv_field("+1+2"), "'+1+2");
  EXPECT_EQ(csv_field("-cmd"), "'-cmd");
  EXPECT_EQ(csv_field("@SUM(A1)"), "'@SUM(A1)");
  EXPECT_EQ(csv_field("\tx"), "'\tx");
  EXPECT_EQ(csv_field("-0.1250"), "-0.1250");
  EXPECT_EQ(csv_field("-3"), "-3");
  EXPECT_EQ(csv_field("Goblin 1"), "Goblin 1");
  EXPECT_EQ(cli::terminal_safe("a\x1b[31mred\x07\r\xc2\x9b" "2J\xc3\xa9\n"), "a?[31mred???2J\xc3\xa9\n");
}

TEST(Hardening, ANameThatLooksLikeAFormulaReachesTheCsvNeutralised) {
  const fs::path dir = fresh_dir("formula");
  const fs::path f = write_file(dir / "f.yaml",
                                "ruleset: fivey\nname: \"=1+1\"\nparty: [{name: \"@A\", hp: 5, weapon: bow}]\n"
                                "foes: [{name: \"-B\", hp: 5, damage: d4}]\n");
  const auto r = encsim("run " + f.string() + " -n 100 -o " + (dir / "out").string());
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string csv = slurp(dir / "out" / "combatants.csv");
  EXPECT_NE(csv.find("\n'=1+1,base,party,'@A,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\n'=1+1,base,foes,'-B,"), std::string::npos) << csv;
  fs::remove_all(dir);
}

TEST(Hardening, EscapeSequencesInNamesNeverReachATerminalRaw) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1) to make a terminal";
  const fs::path dir = fresh_dir("escape");
  const fs::path f = write_file(dir / "f.yaml",
                                "ruleset: fivey\nname: \"\\e[31mred\"\nparty: [{name: \"A\\e]0;pwned\\a\", hp: 5, weapon: bow}]\n"
                                "foes: [{name: B, hp: 5, damage: d4}]\n");
  // script(1) runs encsim on a pseudo-terminal and copies what it printed.
  const auto r = sh("script -qec \"$E run " + f.string() + " -n 100\" /dev/null");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("?[31mred"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("A?]0;pwned?"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
  fs::remove_all(dir);
}

// --- 9. two scenarios with one name ----------------------------------------------------

TEST(Hardening, TwoScenariosWithOneNameAreRefused) {
  const auto r = encsim("run " + kTroll + " " + kTroll + " -n 100");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("two scenarios of this run are named 'troll-bridge'"), std::string::npos) << r.out;
}

// --- 10. odds and ends ---------------------------------------------------------------

TEST(Hardening, TheSizeLimitBlamesAliasesOnlyWhenThereAreSome) {
  std::string big = "[";
  for (int i = 0; i < 1'000'001; ++i) big += i ? ",0" : "0";
  big += "]\n";
  const std::string m = message_of([&] { parse_yaml(SourceFile::from_text("big.yaml", big), big); });
  EXPECT_NE(m.find("YAML document too large: it holds more than 1000000 values"), std::string::npos) << m;
}

TEST(Hardening, AFailedRunRemovesTheOutputFolderItCreated) {
  const fs::path dir = fresh_dir("failed");
  // Writing fails (a 1 KiB file size limit): the folder this run made goes too.
  const auto r = sh("ulimit -f 1; $E run " + kTroll + " -n 1000 -o " + (dir / "new" / "out").string());
  EXPECT_EQ(r.code, 3) << r.out;
  EXPECT_FALSE(fs::exists(dir / "new"));
  // A folder that was there before stays.
  fs::create_directories(dir / "kept");
  EXPECT_EQ(sh("ulimit -f 1; $E run " + kTroll + " -n 1000 -o " + (dir / "kept").string()).code, 3);
  EXPECT_TRUE(fs::is_directory(dir / "kept"));
  fs::remove_all(dir);
}

TEST(Hardening, TrialsMayBeWrittenInScientificNotation) {
  const auto r = encsim("run " + kTroll + " -n 2e3 --format csv");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find(",2000,"), std::string::npos) << r.out;
  const auto bad = encsim("run " + kTroll + " -n 2.5");
  EXPECT_EQ(bad.code, 2);
  const std::string needle = "expected a whole number";
  const auto first = bad.out.find(needle);
  ASSERT_NE(first, std::string::npos) << bad.out;
  EXPECT_EQ(bad.out.find(needle, first + 1), std::string::npos) << bad.out;  // said once
}

}  // namespace
}  // namespace encsim
