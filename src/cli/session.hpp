// `encsim run SESSION.yaml` (issue 14, docs/sessions.md): compiling a
// session's variants, running them on the same dice, and reporting the day.
#pragma once

#include <string>
#include <vector>

#include "cli/balance.hpp"
#include "cli/shard.hpp"
#include "encsim/session.hpp"
#include "encsim/session_runner.hpp"
#include "io/html_report.hpp"
#include "io/report.hpp"
#include "rules/registry.hpp"

namespace encsim::cli {

// A session with every variant's fights compiled (filtered by --variant).
struct CompiledSession {
  Session session;
  std::vector<std::size_t> variants;                 // indexes into session.variants
  std::vector<std::vector<AnyEncounter>> encounters;  // per variant, one per fight in its order
};
// Throws InputError: a rule system without sessions, a session that starts
// with a rest, an unknown rest kind, a fight that does not compile.
// `edits` (--set, a sweep point) are written in before the variants' own
// `set:`; a chosen variant that sets one of those paths itself is an error.
CompiledSession compile_session(const std::string& path, const std::vector<std::string>& only,
                                const std::vector<Edit>& edits = {});
CompiledSession compile_session(Session session, const std::vector<std::string>& only);

// A --set path in a session (its base as written): `fights.NAME.PATH` in one
// fight's document or rest, any other path in the first fight's. Throws
// InputError with a did-you-mean for an unknown fight or key.
Param resolve_session_param(const Session& s, const std::string& path, const SourcePos& pos,
                            const SourcePos& value_pos, bool numeric);
ParamResolver session_resolver(const Session& s);
// The Edits of some params' values (a setting), as compile_setting writes them.
std::vector<Edit> setting_edits(const Setting& setting);

// Every variant's sessions, side by side on the same dice.
std::vector<SessionRun> run_compiled(const CompiledSession& c, const RunSettings& s);

// What the reports read.
struct SessionReport {
  std::vector<VariantResult> fights;  // per variant, per fight (scenario "SESSION: FIGHT")
  Table session;                      // session.csv
  std::string terminal;               // the day in a few lines per variant
  // report.html: what ran, and the survival curve, each fight's win given
  // reached, and what the party carries in, per variant.
  std::vector<std::string> intro;
  std::vector<HtmlChart> charts;
};
// `keys` (path -> value of --set or a sweep point) lead every row.
SessionReport session_report(const CompiledSession& c, std::vector<SessionRun> runs, const RunSettings& s,
                             const std::vector<std::pair<std::string, std::string>>& keys = {});

struct SessionArgs {
  std::string path;
  std::uint64_t trials = 0;
  bool trials_given = false;
  std::uint64_t seed = 0;
  bool seed_given = false;
  int threads = 0;
  std::string out_dir;
  std::vector<std::string> variants;
  std::vector<std::string> sets;  // --set PATH=VALUE, one value each
  std::string format = "table";
  ShardArg shard;
  double precision = 0.0;  // > 0: run until every variant's survive-all half-width is at most this
};
void run_session(const SessionArgs& a);

// --set PATH=VALUE of a run: the edits, and the rows' leading keys. Throws InputError.
struct SessionSets {
  std::vector<Edit> edits;
  std::vector<std::pair<std::string, std::string>> keys;
};
SessionSets session_sets(const std::string& path, const std::vector<std::string>& sets);
// What a session's run writes (-o) and prints (--format), from its report;
// `merge` of its parts renders through the same function.
std::vector<std::string> session_file_names();
void render_session(const Session& s, const SessionReport& r, const std::string& out_dir, const std::string& format);

// --shard I/N of a session's run (session_shard.cpp): its part, with every
// variant's SessionTally beside the fights' tallies; merge_session adds the
// parts up and renders what the whole run writes, compiling the session again
// from its file (which must be where the shards read it, unchanged).
void run_session_shard(const SessionArgs& a, const CompiledSession& c, RunSettings s,
                       const std::vector<std::pair<std::string, std::string>>& keys);
void merge_session(const Part& merged, const RenderOptions& o);
// A hash of what a compiled session's runs depend on: every chosen variant's
// items (the fights' documents, the rests' kinds and options), in order.
std::uint64_t session_hash(const CompiledSession& c);

// `encsim sweep SESSION --set ...` and `encsim tune SESSION --param ...`
// (session_balance.cpp): the metric is `survive_all`, `reached.FIGHT` or
// `won.FIGHT` (the share of sessions that reach and win it).
struct SessionSweepArgs {
  std::string path;
  std::vector<std::string> sets;
  std::string metric = "survive_all";
  std::uint64_t trials = 0;
  bool trials_given = false;
  std::uint64_t seed = 0;
  bool seed_given = false;
  int threads = 0;
  double precision = 0.0;
  std::vector<std::string> variants;
  std::string out_dir;
  std::string format = "table";
};
void sweep_session(const SessionSweepArgs& a);

struct SessionTuneArgs {
  std::string path;
  std::string param;
  std::string metric = "survive_all";
  double target = 0.0;
  std::string lo, hi, step;
  std::uint64_t trials = 0;
  bool trials_given = false;
  std::uint64_t seed = 0;
  bool seed_given = false;
  int threads = 0;
  std::string variant;
  std::string out_dir;
};
void tune_session(const SessionTuneArgs& a);

// `encsim sensitivity SESSION --params ...`: survive-all a step down and a step
// up of each parameter, the two as variants of one run, so paired.
struct SessionSensitivityArgs {
  std::string path;
  std::string params;
  std::uint64_t trials = 0;
  bool trials_given = false;
  std::uint64_t seed = 0;
  bool seed_given = false;
  int threads = 0;
  std::string variant;
  std::string out_dir;
};
void sensitivity_session(const SessionSensitivityArgs& a);

}  // namespace encsim::cli
