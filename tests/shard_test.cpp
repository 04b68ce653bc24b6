// Sharding (docs/sharding.md): parts hold tallies exactly, shards cover every
// trial once in whole chunks, and `encsim merge` writes the bytes one machine
// writes, or refuses (exit 2, nothing written) parts that do not belong together.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "cli/cli.hpp"
#include "cli/shard.hpp"
#include "encsim/runner.hpp"
#include "io/part.hpp"
#include "rules/registry.hpp"
#include "run_encsim.hpp"

namespace encsim {
namespace {

namespace fs = std::filesystem;
using testing::encsim;
using testing::fresh_dir;
using testing::slurp;

const std::string kSrc = ENCSIM_SOURCE_DIR;
const std::string kAmbush = kSrc + "/scenarios/fivey/goblin-ambush.yaml";
const std::string kTroll = kSrc + "/scenarios/fivey/troll-bridge.yaml";

// A tally with something in every field: large values (past IntStat::kExact),
// resources, per-combatant extras, and sums past 64 bits.
Tally busy_tally(int seed) {
  const std::vector<CombatantInfo> roster{{"A", true, 0}, {"B", false, 1}};
  Tally t(2, 2, 1, 2);
  TrialRecord r;
  for (int i = 0; i < 300; ++i) {
    r.reset(2, 2);
    r.features[0] = {i % 4, i % 3 == 0 ? INT64_MAX : i, i % 2, i % 5, 3};
    r.features[1].uses = i % 7 == 0 ? 1 : 0;
    r.trial = static_cast<std::uint64_t>(seed * 1000 + i);  // trials are distinct in a run
    r.outcome = static_cast<Outcome>((i + seed) % 3);
    r.foes_fled = i % 7 == 0;
    r.rounds = 1 + (i * 13 + seed) % 9;
    r.combatants[0].damage_dealt = (i % 5 == 0) ? 5'000'000'000'000'000'000LL + i : i * 37 % 5000;
    r.combatants[0].damage_taken = INT64_MAX - i;
    r.combatants[0].down = i % 3 == 0;
    r.combatants[1].dead = i % 4 == 0;
    r.combatants[1].extra[0] = INT64_MAX;
    r.combatants[0].attacks = i;
    r.combatants[0].hits = i / 2;
    r.combatants[1].area_attacks = 3 * i;
    r.combatants[1].area_hits = i;
    r.combatants[0].hp_left = i % 4;  // the end state: near death at 0 and 1 of 4
    r.combatants[0].hp_max = 4;
    r.combatants[1].hp_left = INT64_MAX / 2;
    r.combatants[1].hp_max = INT64_MAX;
    r.resources[0] = i * 1'000'003LL;
    r.resources[1] = i % 2;
    t.add(r, roster);
  }
  return t;
}

TEST(PartFormat, RoundTripKeepsEveryTallyExactly) {
  Part part;
  part.head = {"run", "0.1.0", 42, 7, 300, 2, 3, 1024, 2048};
  part.plan = std::string("plan\0bytes", 10);
  VariantResult v;
  v.scenario = "s, \"quoted\"";
  v.variant = "base";
  v.ruleset = "fivey";
  v.seed = 7;
  v.tally = busy_tally(1);
  v.combatants = {{"A", true, 0}, {"B", false, 1}};
  v.features = {{0, "Claw, bite", ""}, {1, "Fireball", "slots"}};
  static const std::string kNames[] = {"fear", "used", "x"};
  v.resources = {{kNames[0], "d0", false, true, true, true}, {kNames[1], "d1", true, false, false, false}};
  v.extras = {{kNames[2], "dx", false, false, false, false, "X left"}};
  v.facts = {{"bp", "14"}};
  v.coverage = "spells are not modelled: the party is likely stronger than shown";
  v.headline = {"Fear: spends {fear} (p90 {fear:p90})", "Used {used}"};
  v.note = "a note";
  v.keys = {{"foes.Ogre.hp", "30"}};
  v.paired_with = "base";
  v.paired.add(TrialSummary{Outcome::party_win, 3, 4, 1, 0, INT64_MAX, 2}, TrialSummary{Outcome::draw, 1, 4, 4, 2, 0, 9});
  v.seconds = 1.25;
  v.precision = 0.005;
  v.style_foes = "ruthless";
  v.style_party = "standard";
  v.behaviour = {"Foes: ruthless (x)", "Party: standard (y)"};
  v.damage_unit = "HP and STR";
  v.band = {{"cautious", 300, 120}, {"ruthless", 300, 80}};
  part.results = {v};
  part.totals = {300};
  part.paired = {v.paired};
  const std::string bytes = encode_part(part);
  const Part back = decode_part(bytes, "mem");
  ASSERT_EQ(back.results.size(), 1u);
  const VariantResult& w = back.results[0];
  EXPECT_TRUE(w.tally == v.tally);
  EXPECT_TRUE(w.paired == v.paired);
  EXPECT_TRUE(back.paired[0] == v.paired);
  EXPECT_EQ(w.scenario, v.scenario);
  EXPECT_EQ(w.resources[0].name, "fear");
  EXPECT_TRUE(w.resources[0].p50 && w.resources[0].distribution && !w.resources[0].rate);
  EXPECT_EQ(w.extras[0].name, "x");
  EXPECT_EQ(w.extras[0].screen, "X left");
  EXPECT_EQ(w.coverage, v.coverage);
  EXPECT_EQ(w.headline, v.headline);
  EXPECT_EQ(terminal_report({w}, true), terminal_report({v}, true));
  EXPECT_EQ(to_csv(combatants_table({w})), to_csv(combatants_table({v})));
  // The end state and won-against-lost sums were tallied (and survived the trip).
  EXPECT_GT(w.tally.win_rounds, 0u);
  EXPECT_GT(w.tally.win_damage_to_party, 0u);
  EXPECT_EQ(w.tally.combatants[0].near_deaths, 150u);
  EXPECT_EQ(w.tally.combatants[1].near_deaths, 0u);
  EXPECT_GT(w.tally.combatants[1].hp_max, static_cast<unsigned __int128>(UINT64_MAX));
  EXPECT_EQ(w.keys, v.keys);
  EXPECT_EQ(w.facts, v.facts);
  EXPECT_EQ(w.seconds, 1.25);
  EXPECT_EQ(w.style_foes, "ruthless");
  EXPECT_EQ(w.style_party, "standard");
  EXPECT_EQ(w.behaviour, v.behaviour);
  EXPECT_EQ(w.damage_unit, "HP and STR");
  ASSERT_EQ(w.band.size(), 2u);
  EXPECT_EQ(w.band[1].foes, "ruthless");
  EXPECT_EQ(w.band[0].trials, 300u);
  EXPECT_EQ(w.band[0].party_wins, 120u);
  EXPECT_EQ(w.band[1].party_wins, 80u);
  EXPECT_EQ(back.plan, part.plan);
  EXPECT_EQ(back.head.first_trial, 1024u);
  EXPECT_EQ(back.head.shard, 2u);
  // Reports read the same numbers.
  EXPECT_EQ(to_csv(summary_table({w})), to_csv(summary_table({v})));
  EXPECT_EQ(to_csv(distributions_table({w})), to_csv(distributions_table({v})));
  EXPECT_EQ(to_csv(features_table({w})), to_csv(features_table({v})));
  ASSERT_EQ(w.features.size(), 2u);
  EXPECT_EQ(w.features[1].owner, 1);
  EXPECT_EQ(w.features[1].spent, "slots");
  // A merge of decoded halves equals the whole, as merge() of the tallies does.
  Tally whole = busy_tally(1);
  whole.merge(busy_tally(2));
  Part other = part;
  other.results[0].tally = busy_tally(2);
  Tally merged = decode_part(encode_part(other), "mem2").results[0].tally;
  merged.merge(w.tally);
  EXPECT_TRUE(merged == whole);
}

TEST(PartFormat, IsLittleEndianWithAChecksum) {
  Part part;
  part.head = {"run", "0.1.0", 1, 2, 3, 1, 1, 0, 3};
  const std::string bytes = encode_part(part);
  EXPECT_EQ(bytes.substr(0, 8), "ENCSIMPT");
  EXPECT_EQ(bytes.substr(8, 4), std::string("\x03\0\0\0", 4));  // format 3, little-endian
  EXPECT_EQ(bytes.substr(12, 4), "HEAD");
  EXPECT_EQ(bytes.substr(bytes.size() - 20, 4), "CSUM");
}

TEST(PartFormat, RefusesTruncatedDamagedAndForeignBytes) {
  Part part;
  part.head = {"run", "0.1.0", 1, 2, 300, 1, 1, 0, 300};
  VariantResult v;
  v.tally = busy_tally(0);
  v.combatants = {{"A", true, 0}, {"B", false, 1}};
  v.features = {{0, "Claw", ""}, {1, "Bite", ""}};
  static const std::string kName = "r";
  v.resources = {{kName, "", false, false, false, false}, {kName, "", false, false, false, false}};
  v.extras = {{kName, "", false, false, false, false}};
  part.results = {v};
  part.totals = {300};
  const std::string bytes = encode_part(part);
  EXPECT_NO_THROW(decode_part(bytes, "ok"));
  auto message = [](const std::string& b) {
    try {
      decode_part(b, "bad.encpart");
    } catch (const InputError& e) {
      return e.message();
    }
    return std::string("accepted");
  };
  // Every cut is refused, never a crash.
  for (std::size_t cut = 0; cut < bytes.size(); cut += 7)
    EXPECT_NE(message(bytes.substr(0, cut)), "accepted") << "cut at " << cut;
  EXPECT_NE(message(bytes.substr(0, bytes.size() / 2)).find("ends early"), std::string::npos);
  // Every flipped byte is refused.
  for (std::size_t at = 0; at < bytes.size(); at += 5) {
    std::string flipped = bytes;
    flipped[at] = static_cast<char>(flipped[at] ^ 0x20);
    EXPECT_NE(message(flipped), "accepted") << "flip at " << at;
  }
  std::string damaged = bytes;
  damaged[200] = static_cast<char>(damaged[200] ^ 1);
  EXPECT_NE(message(damaged).find("checksum"), std::string::npos) << message(damaged);
  EXPECT_NE(message("scenario,variant\n").find("not an encsim partial result"), std::string::npos);
  std::string newer = bytes;
  newer[8] = 4;
  EXPECT_NE(message(newer).find("format 4"), std::string::npos) << message(newer);
  // Format 1 lacked the play styles and the band, format 2 the area attacks,
  // the damage unit and the features (features.csv): refused, not misread.
  for (char old : {'\x01', '\x02'}) {
    std::string older = bytes;
    older[8] = old;
    EXPECT_NE(message(older).find("format " + std::to_string(int{old})), std::string::npos) << message(older);
  }
}

TEST(ShardTrials, CoverEveryTrialOnceInWholeChunks) {
  for (std::uint64_t trials : {1ULL, 1023ULL, 1024ULL, 1025ULL, 5000ULL, 100000ULL, 1'000'000'000'000ULL})
    for (std::uint32_t shards : {1U, 2U, 3U, 7U, 64U, 1000U}) {
      std::uint64_t next = 0;
      for (std::uint32_t i = 1; i <= shards; ++i) {
        const TrialRange r = shard_trials(trials, i, shards);
        EXPECT_EQ(r.first, next) << trials << " " << i << "/" << shards;
        EXPECT_LE(r.first, r.end);
        EXPECT_EQ(r.first % kChunkTrials, 0u);
        next = r.end;
      }
      EXPECT_EQ(next, trials) << trials << " over " << shards;
    }
  // As even as whole chunks allow: 10 chunks over 4 shards are 2, 3, 2, 3.
  EXPECT_EQ(shard_trials(10 * 1024, 1, 4).end, 2 * 1024u);
  EXPECT_EQ(shard_trials(10 * 1024, 2, 4).end, 5 * 1024u);
}

// The terminal report but its timing ("0.17 s (1195969 combats/s)"), which
// no two runs share.
std::string without_timing(const std::string& s) {
  return std::regex_replace(s, std::regex(R"(, [0-9.]+ s( \([0-9]+ combats/s\))?)"), ", T s");
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
  return s;
}

void expect_same_files(const fs::path& a, const fs::path& b, const std::vector<std::string>& names) {
  for (const std::string& n : names) {
    ASSERT_TRUE(fs::exists(a / n)) << a / n;
    ASSERT_TRUE(fs::exists(b / n)) << b / n;
    EXPECT_EQ(slurp(a / n), slurp(b / n)) << n;
  }
}

const std::vector<std::string> kReports{"summary.csv", "combatants.csv", "features.csv", "distributions.csv", "comparison.csv"};

TEST(Sharding, RunOfEveryShippedScenarioMergesToTheBytesOfOneMachine) {
  // Every shipped scenario, a run per rule system: each system's columns,
  // resources, facts and variants go through a part and back.
  const fs::path d = fresh_dir("shard-all");
  for (const auto& dir : fs::directory_iterator(kSrc + "/scenarios")) {
    std::string files;
    for (const auto& f : fs::directory_iterator(dir.path()))
      // Sessions take no --shard yet (session_test.cpp).
      if (f.path().extension() == ".yaml" && slurp(f.path()).find("\nparty:") != std::string::npos &&
          slurp(f.path()).find("\nfights:") == std::string::npos)
        files += " " + f.path().string();
    const std::string id = dir.path().filename().string();
    const std::string common = files + " -n 2500 --seed 5 --threads 2";
    const auto one = encsim("run" + common + " -o " + (d / id).string());
    ASSERT_EQ(one.code, 0) << one.out;
    for (int i = 1; i <= 3; ++i) {
      const auto s = encsim("run" + common + " --shard " + std::to_string(i) + "/3 -o " + (d / (id + "-parts")).string());
      ASSERT_EQ(s.code, 0) << s.out;
      EXPECT_NE(s.out.find("part-" + std::to_string(i) + "-of-3.encpart"), std::string::npos) << s.out;
    }
    const auto merged = encsim("merge " + (d / (id + "-parts")).string() + " -o " + (d / id).string() + "-merged");
    ASSERT_EQ(merged.code, 0) << merged.out;
    expect_same_files(d / id, d / (id + "-merged"), kReports);
    EXPECT_EQ(without_timing(replace_all(merged.out, (d / (id + "-merged")).string(), (d / id).string())),
              without_timing(one.out))
        << id;
    // --format csv of the merge prints what the run prints.
    const auto csv1 = encsim("run" + common + " --format csv");
    const auto csv2 = encsim("merge " + (d / (id + "-parts")).string() + " --format csv");
    EXPECT_EQ(csv1.out, csv2.out) << id;
  }
}

TEST(Sharding, SweepMergesInAnyOrderToTheBytesOfOneMachine) {
  const fs::path d = fresh_dir("shard-sweep");
  const std::string common = " " + kTroll + " --set foes.Troll.hp=20..40:10 --set party.Veteran.strength=2..3 -n 3000 --seed 9";
  const auto one = encsim("sweep" + common + " -o " + (d / "one").string());
  ASSERT_EQ(one.code, 0) << one.out;
  for (int i : {3, 1, 2}) {
    const auto s = encsim("sweep" + common + " --shard " + std::to_string(i) + "/3 -o " + (d / "parts").string());
    ASSERT_EQ(s.code, 0) << s.out;
  }
  const auto p = (d / "parts").string();
  const auto merged = encsim("merge " + p + "/part-3-of-3.encpart " + p + "/part-1-of-3.encpart " + p +
                             "/part-2-of-3.encpart -o " + (d / "two").string());
  ASSERT_EQ(merged.code, 0) << merged.out;
  expect_same_files(d / "one", d / "two", kReports);
  EXPECT_EQ(replace_all(merged.out, (d / "two").string(), (d / "one").string()), one.out);
}

TEST(Sharding, SensitivityAndTuneMergeToTheBytesOfOneMachine) {
  const fs::path d = fresh_dir("shard-balance");
  {
    const std::string common = " " + kAmbush + " --params foes.Goblin.count,party.Veteran.hp -n 4000 --seed 2";
    const auto one = encsim("sensitivity" + common + " -o " + (d / "s1").string());
    ASSERT_EQ(one.code, 0) << one.out;
    for (int i = 1; i <= 2; ++i)
      ASSERT_EQ(encsim("sensitivity" + common + " --shard " + std::to_string(i) + "/2 -o " + (d / "sp").string()).code, 0);
    const auto merged = encsim("merge " + (d / "sp").string() + " -o " + (d / "s2").string());
    ASSERT_EQ(merged.code, 0) << merged.out;
    expect_same_files(d / "s1", d / "s2", {"summary.csv", "combatants.csv", "sensitivity.csv"});
    EXPECT_EQ(replace_all(merged.out, (d / "s2").string(), (d / "s1").string()), one.out);
  }
  {
    // -n 4096: the scan runs every trial, so scan points are CSV rows too.
    for (const char* n : {"-n 40000", "-n 4096"}) {
      const std::string common = " " + kTroll + " --param foes.Troll.hp --lo 10 --hi 60 --target-win 0.6 --seed 4 " + n;
      const auto one = encsim("tune" + common + " -o " + (d / "t1").string());
      ASSERT_EQ(one.code, 0) << one.out;
      fs::remove_all(d / "tp");
      for (int i = 1; i <= 3; ++i)
        ASSERT_EQ(encsim("tune" + common + " --shard " + std::to_string(i) + "/3 -o " + (d / "tp").string()).code, 0);
      const auto merged = encsim("merge " + (d / "tp").string() + " -o " + (d / "t2").string());
      ASSERT_EQ(merged.code, 0) << merged.out;
      expect_same_files(d / "t1", d / "t2", {"summary.csv", "combatants.csv", "tune.csv"});
      EXPECT_EQ(replace_all(merged.out, (d / "t2").string(), (d / "t1").string()), one.out);
    }
  }
}

// The foe play styles a system declares, kindest first, as a --set list
// ("cautious,standard,ruthless" for a system that declares those three).
std::string foe_styles(std::string_view system) {
  std::string list;
  for (const StyleInfo& s : ruleset(system).styles().foes) {
    if (!list.empty()) list += ',';
    list += s.name;
  }
  return list;
}

// run's band: each end runs in the shard's trials beside its variant, and the
// merge adds the ends' counts into one machine's band columns and sentence.
TEST(Sharding, RunWithItsBandMergesToTheBytesOfOneMachine) {
  const fs::path d = fresh_dir("shard-band");
  cli::Prepared p = cli::prepare(kTroll, {"base"}, true);
  ASSERT_EQ(p.bands.size(), 1u);
  // FIVEY's own band (cautious and ruthless foes); were it ever to declare
  // one foe style only, its ends stand in as a kinder fight (the troll at 1
  // hp) and the variant itself.
  if (p.bands.front().empty()) {
    Node kinder = p.scenario.variants.front().doc;
    set_path(kinder, "foes.0.hp", Node::scalar("1", {}), {});
    p.bands.front().push_back({"kind", compile_variant(p.scenario, Variant{"base", kinder, Node()})});
    p.bands.front().push_back({"harsh", std::nullopt});
  }
  RunSettings s;
  s.trials = 5000;
  s.seed = 7;
  s.threads = 2;
  const std::string plan = cli::run_plan({1}, true);
  const std::vector<VariantResult> whole = cli::run_prepared(p, s);
  ASSERT_EQ(whole.front().band.size(), 2u);
  fs::create_directories(d / "one");
  ::testing::internal::CaptureStdout();
  cli::render_run(plan, whole, {(d / "one").string(), "table"});
  const std::string one_out = ::testing::internal::GetCapturedStdout();
  ASSERT_EQ(p.bands.front().size(), 2u);
  const std::string kind = p.bands.front()[0].foes, harsh = p.bands.front()[1].foes;
  EXPECT_NE(one_out.find(" against " + harsh + " foes, "), std::string::npos) << one_out;

  fs::create_directories(d / "parts");
  ByteWriter hashes;
  hashes.u64(scenario_hash(p.scenario));
  for (std::uint32_t i = 1; i <= 3; ++i) {
    const cli::ShardArg shard{i, 3};
    RunSettings si = s;
    cli::apply_shard(si, shard);
    Part part;
    part.head.command = "run";
    part.head.scenario_hash = fnv1a(hashes.bytes());
    part.plan = plan;
    part.results = cli::run_prepared(p, si);
    part.totals.assign(part.results.size(), s.trials);
    ASSERT_EQ(part.results.front().band.size(), 2u);
    EXPECT_EQ(part.results.front().band[0].trials, si.trials);
    ::testing::internal::CaptureStdout();
    cli::write_shard_part((d / "parts").string(), shard, part, si);
    ::testing::internal::GetCapturedStdout();
  }
  const auto merged = encsim("merge " + (d / "parts").string() + " -o " + (d / "two").string());
  ASSERT_EQ(merged.code, 0) << merged.out;
  expect_same_files(d / "one", d / "two", kReports);
  EXPECT_EQ(without_timing(replace_all(merged.out, (d / "two").string(), (d / "one").string())), without_timing(one_out));
  const std::string summary = slurp(d / "two" / "summary.csv");
  EXPECT_NE(summary.find("," + kind + ","), std::string::npos) << summary;
  EXPECT_NE(summary.find("," + harsh + ","), std::string::npos) << summary;
}

// From the command line: with the band (the default) and with --no-band, a
// run merges to one machine's bytes, and parts of the two never mix.
TEST(Sharding, RunAndRunWithoutTheBandMergeButNeverMix) {
  const fs::path d = fresh_dir("shard-no-band");
  for (const std::string flag : {"", " --no-band"}) {
    const std::string common = " " + kAmbush + " -n 3000 --seed 5 --threads 2" + flag;
    const std::string parts = (d / ("parts" + flag.substr(std::min<std::size_t>(flag.size(), 3)))).string();
    for (int i = 1; i <= 2; ++i)
      ASSERT_EQ(encsim("run" + common + " --shard " + std::to_string(i) + "/2 -o " + parts).code, 0);
    const auto merged = encsim("merge " + parts + " --format csv");
    ASSERT_EQ(merged.code, 0) << merged.out;
    EXPECT_EQ(merged.out, encsim("run" + common + " --format csv").out) << flag;
  }
  const auto mixed = encsim("merge " + (d / "parts/part-1-of-2.encpart").string() + " " +
                            (d / "partsno-band/part-2-of-2.encpart").string() + " --format csv");
  EXPECT_EQ(mixed.code, 2) << mixed.out;
  EXPECT_NE(mixed.out.find("different settings"), std::string::npos) << mixed.out;
}

// Play styles as sweep values: a text axis (every foe style of the system,
// `style.foes=cautious,standard,ruthless` where it declares those) beside a
// list of numbers, through the plan's labels and back.
TEST(Sharding, SweepOfFoeStylesMergesToTheBytesOfOneMachine) {
  const fs::path d = fresh_dir("shard-sweep-styles");
  const std::string common = " " + kTroll + " --set style.foes=" + foe_styles("fivey") +
                             " --set foes.Troll.hp=20,30 -n 3000 --seed 9 --threads 2";
  const auto one = encsim("sweep" + common + " -o " + (d / "one").string());
  ASSERT_EQ(one.code, 0) << one.out;
  for (int i = 1; i <= 3; ++i)
    ASSERT_EQ(encsim("sweep" + common + " --shard " + std::to_string(i) + "/3 -o " + (d / "parts").string()).code, 0);
  const auto merged = encsim("merge " + (d / "parts").string() + " -o " + (d / "two").string());
  ASSERT_EQ(merged.code, 0) << merged.out;
  expect_same_files(d / "one", d / "two", kReports);
  EXPECT_EQ(replace_all(merged.out, (d / "two").string(), (d / "one").string()), one.out);
  EXPECT_NE(one.out.find("standard"), std::string::npos) << one.out;
  // A sweep of another style list is another study.
  const auto other = encsim("sweep " + kTroll + " --set style.foes=standard --set foes.Troll.hp=20,30 -n 3000 --seed 9 "
                            "--shard 2/3 -o " + (d / "other").string());
  ASSERT_EQ(other.code, 0) << other.out;
  if (foe_styles("fivey") != "standard") {
    const auto mixed = encsim("merge " + (d / "parts/part-1-of-3.encpart").string() + " " +
                              (d / "other/part-2-of-3.encpart").string() + " " +
                              (d / "parts/part-3-of-3.encpart").string());
    EXPECT_EQ(mixed.code, 2) << mixed.out;
  }
}

// tune --set: one scan per value, shared out; the merge finishes each search.
// sensitivity --set: the value travels in the plan and is printed.
TEST(Sharding, TuneAndSensitivityWithSetMergeToTheBytesOfOneMachine) {
  const fs::path d = fresh_dir("shard-tune-set");
  const std::vector<std::string> runs{
      "tune " + kTroll + " --param foes.Troll.hp --lo 10 --hi 60 --target-win 0.6 --seed 4 -n 40000 --set "
      "party.Veteran.strength=2,3",
      "tune " + kTroll + " --param foes.Troll.hp --lo 10 --hi 60 --target-win 0.6 --seed 4 -n 4096 --set "
      "party.Veteran.strength=3,2",
      "tune " + kTroll + " --param foes.Troll.hp --lo 10 --hi 60 --target-win 0.6 --seed 4 -n 4096 --set style.foes=" +
          foe_styles("fivey"),
  };
  for (const std::string& cmd : runs) {
    fs::remove_all(d);
    const auto one = encsim(cmd + " --threads 2 -o " + (d / "one").string());
    ASSERT_EQ(one.code, 0) << one.out;
    for (int i = 1; i <= 3; ++i)
      ASSERT_EQ(encsim(cmd + " --threads 2 --shard " + std::to_string(i) + "/3 -o " + (d / "parts").string()).code, 0);
    const auto merged = encsim("merge " + (d / "parts").string() + " -o " + (d / "two").string());
    ASSERT_EQ(merged.code, 0) << merged.out;
    expect_same_files(d / "one", d / "two", {"summary.csv", "combatants.csv", "tune.csv"});
    EXPECT_EQ(replace_all(merged.out, (d / "two").string(), (d / "one").string()), one.out) << cmd;
  }
  EXPECT_NE(slurp(d / "one" / "tune.csv").find("style.foes"), std::string::npos);

  const std::string sens = "sensitivity " + kAmbush + " --params foes.Goblin.count -n 4000 --seed 2 --threads 2 --set "
                           "party.Veteran.hp=9";
  const auto one = encsim(sens + " -o " + (d / "s1").string());
  ASSERT_EQ(one.code, 0) << one.out;
  EXPECT_NE(one.out.find(", party.Veteran.hp = 9;"), std::string::npos) << one.out;
  for (int i = 1; i <= 2; ++i)
    ASSERT_EQ(encsim(sens + " --shard " + std::to_string(i) + "/2 -o " + (d / "sp").string()).code, 0);
  const auto merged = encsim("merge " + (d / "sp").string() + " -o " + (d / "s2").string());
  ASSERT_EQ(merged.code, 0) << merged.out;
  expect_same_files(d / "s1", d / "s2", {"summary.csv", "combatants.csv", "sensitivity.csv"});
  EXPECT_EQ(replace_all(merged.out, (d / "s2").string(), (d / "s1").string()), one.out);
}

TEST(Sharding, MergeRefusesPartsThatDoNotMakeOneWhole) {
  const fs::path d = fresh_dir("shard-refuse");
  auto shard = [&](const std::string& extra, const std::string& spec, const std::string& dir) {
    const std::string common = " " + kAmbush + (extra.find(" -n") == 0 ? "" : " -n 5000") +
                               (extra.find(" --seed") == 0 ? "" : " --seed 3") +
                               (extra.find(" --variant") == 0 ? "" : " --variant base");
    const auto r = encsim("run" + common + extra + " --shard " + spec + " -o " + (d / dir).string());
    ASSERT_EQ(r.code, 0) << r.out;
  };
  shard("", "1/3", "a");
  shard("", "2/3", "a");
  shard("", "3/3", "a");
  shard(" --seed 4", "2/3", "seed");
  shard(" -n 6000", "2/3", "trials");
  shard(" --variant 'no morale'", "2/3", "variant");
  shard("", "2/4", "split");
  const std::string a = (d / "a").string();
  const std::string out = (d / "out").string();
  auto refused = [&](const std::string& args, const std::string& expected) {
    const auto r = encsim("merge " + args + " -o " + out);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(expected), std::string::npos) << args << "\n" << r.out;
    EXPECT_FALSE(fs::exists(out + "/summary.csv")) << args;
  };
  refused(a + "/part-1-of-3.encpart " + a + "/part-3-of-3.encpart", "shard 2 of 3 is missing (given: 1, 3)");
  refused(a + "/part-1-of-3.encpart", "shards 2-3 of 3 are missing");
  refused(a + " " + a + "/part-2-of-3.encpart", "shard 2/3 is given twice");
  refused(a + "/part-1-of-3.encpart " + (d / "seed/part-2-of-3.encpart").string() + " " + a + "/part-3-of-3.encpart",
          "different seeds (4 and 3)");
  refused(a + "/part-1-of-3.encpart " + (d / "trials/part-2-of-3.encpart").string() + " " + a + "/part-3-of-3.encpart",
          "different trial counts");
  refused(a + "/part-1-of-3.encpart " + (d / "variant/part-2-of-3.encpart").string() + " " + a + "/part-3-of-3.encpart",
          "different settings");
  refused(a + "/part-1-of-3.encpart " + (d / "split/part-2-of-4.encpart").string(), "different splits");
  // A truncated part (a copy cut short) and a foreign file.
  const std::string whole = slurp(a + "/part-2-of-3.encpart");
  fs::create_directories(d / "cut");
  {
    std::ofstream(d / "cut/part-2-of-3.encpart", std::ios::binary) << whole.substr(0, whole.size() - 9);
    std::ofstream(d / "cut/summary.encpart", std::ios::binary) << "scenario,variant\n";
  }
  refused(a + "/part-1-of-3.encpart " + (d / "cut/part-2-of-3.encpart").string() + " " + a + "/part-3-of-3.encpart",
          "ends early");
  refused((d / "cut/summary.encpart").string(), "not an encsim partial result");
  refused((d / "nothing-here.encpart").string(), "cannot read partial result");
  // A part of another scenario.
  const auto t = encsim("run " + kTroll + " -n 5000 --seed 3 --shard 2/3 -o " + (d / "troll").string());
  ASSERT_EQ(t.code, 0) << t.out;
  refused(a + "/part-1-of-3.encpart " + (d / "troll/part-2-of-3.encpart").string() + " " + a + "/part-3-of-3.encpart",
          "different scenarios");
  // A part of another build of encsim (same version, other rules).
  {
    Part other = read_part(a + "/part-2-of-3.encpart");
    other.head.engine ^= 1;
    fs::create_directories(d / "build");
    std::ofstream(d / "build/part-2-of-3.encpart", std::ios::binary) << encode_part(other);
  }
  refused(a + "/part-1-of-3.encpart " + (d / "build/part-2-of-3.encpart").string() + " " + a + "/part-3-of-3.encpart",
          "different builds of encsim");
  refused((d / "build/part-2-of-3.encpart").string(), "another build of encsim");
  // And the whole set merges.
  EXPECT_EQ(encsim("merge " + a + " -o " + out).code, 0);
}

TEST(Sharding, ShardOptionsAreChecked) {
  const fs::path d = fresh_dir("shard-options");
  const std::string o = " -o " + (d / "p").string();
  for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0", "/3", "2/", "1/1000001"}) {
    const auto r = encsim("run " + kAmbush + " -n 2000 --shard " + bad + o);
    EXPECT_EQ(r.code, 2) << bad << "\n" << r.out;
    EXPECT_NE(r.out.find("expected I/N"), std::string::npos) << r.out;
  }
  const auto no_dir = encsim("run " + kAmbush + " -n 2000 --shard 1/2");
  EXPECT_EQ(no_dir.code, 2);
  EXPECT_NE(no_dir.out.find("--shard needs -o DIR"), std::string::npos) << no_dir.out;
  const auto precision = encsim("sweep " + kTroll + " --set foes.Troll.hp=20..22 --precision 0.01 --shard 1/2" + o);
  EXPECT_EQ(precision.code, 2);
  EXPECT_NE(precision.out.find("--precision cannot be split into shards"), std::string::npos) << precision.out;
  EXPECT_FALSE(fs::exists(d / "p" / "part-1-of-2.encpart"));
  // More shards than chunks: the idle ones say so, and the whole still merges.
  for (int i = 1; i <= 4; ++i) EXPECT_EQ(encsim("run " + kAmbush + " -n 2000 --shard " + std::to_string(i) + "/4" + o).code, 0);
  const auto idle = encsim("run " + kAmbush + " -n 2000 --shard 3/4" + o);
  EXPECT_NE(idle.out.find("no trials"), std::string::npos) << idle.out;
  const auto merged = encsim("merge " + (d / "p").string() + " --format csv");
  EXPECT_EQ(merged.code, 0) << merged.out;
  EXPECT_EQ(merged.out, encsim("run " + kAmbush + " -n 2000 --format csv").out);
}

}  // namespace
}  // namespace encsim

namespace encsim {
namespace {

// tools/slurm-shards.sh: the commands it gives sbatch, run here as Slurm
// would run them (--local), merge into one machine's bytes; and a dry run
// shows one array line and a merge that waits for it.
TEST(SlurmScript, JobCommandsRunHereMergeToTheBytesOfOneMachine) {
  const fs::path d = fresh_dir("slurm-local");
  const std::string sweep = "sweep " + kTroll + " --set 'foes.Troll.hp=20..30:5' -n 3000 --seed 8";
  const auto one = encsim(sweep + " -o " + (d / "one").string());
  ASSERT_EQ(one.code, 0) << one.out;
  const std::string script = kSrc + "/tools/slurm-shards.sh";
  const auto local = testing::shell(script + " --local --shards 4 --parts " + (d / "parts").string() + " --out " +
                                    (d / "two").string() + " -- " + ENCSIM_BINARY + " " + sweep);
  ASSERT_EQ(local.code, 0) << local.out;
  expect_same_files(d / "one", d / "two", kReports);
  EXPECT_TRUE(fs::exists(d / "parts/part-4-of-4.encpart"));

  const auto dry = testing::shell("SBATCH=/nonexistent/sbatch " + script + " --dry-run --shards 16 --sbatch '--partition=short' -- encsim " + sweep);
  ASSERT_EQ(dry.code, 0) << dry.out;
  EXPECT_NE(dry.out.find("sbatch --parsable --array=1-16 --partition=short --job-name=encsim-shards --wrap="),
            std::string::npos)
      << dry.out;
  EXPECT_NE(dry.out.find("--shard\\ \\\"\\$SLURM_ARRAY_TASK_ID/16\\\""), std::string::npos) << dry.out;
  EXPECT_NE(dry.out.find("sbatch --dependency=afterok:$JOB --partition=short --job-name=encsim-merge --wrap=encsim\\ "
                         "merge\\ parts\\ -o\\ results"),
            std::string::npos)
      << dry.out;
  EXPECT_EQ(testing::shell(script + " --shards x -- encsim run a.yaml").code, 2);
}

}  // namespace
}  // namespace encsim

namespace encsim {
namespace {

// A report row (VariantResult) travels in parts field by field (io/part.cpp,
// put_description and put_tally; docs/sharding.md, RSLT and TALY). A field
// added to it must be added there too, or merged reports would lack it: this
// size check fails first. Add the field to the format, then update the size.
TEST(PartFormat, CarriesEveryFieldOfAReportRow) {
#if defined(__x86_64__) && defined(__GLIBCXX__)
  EXPECT_EQ(sizeof(VariantResult), 3648u) << "VariantResult changed: carry the new field in io/part.cpp";
#else
  GTEST_SKIP() << "the size is pinned for x86-64 with libstdc++";
#endif
}

}  // namespace
}  // namespace encsim
