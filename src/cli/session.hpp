// `encsim run SESSION.yaml` (issue 14, docs/sessions.md): compiling a
// session's variants, running them on the same dice, and reporting the day.
#pragma once

#include <string>
#include <vector>

#include "encsim/session.hpp"
#include "encsim/session_runner.hpp"
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
CompiledSession compile_session(const std::string& path, const std::vector<std::string>& only);
CompiledSession compile_session(Session session, const std::vector<std::string>& only);

// Every variant's sessions, side by side on the same dice.
std::vector<SessionRun> run_compiled(const CompiledSession& c, const RunSettings& s);

// What the reports read.
struct SessionReport {
  std::vector<VariantResult> fights;  // per variant, per fight (scenario "SESSION: FIGHT")
  Table session;                      // session.csv
  std::string terminal;               // the day in a few lines per variant
};
SessionReport session_report(const CompiledSession& c, std::vector<SessionRun> runs, const RunSettings& s);

struct SessionArgs {
  std::string path;
  std::uint64_t trials = 0;
  bool trials_given = false;
  std::uint64_t seed = 0;
  bool seed_given = false;
  int threads = 0;
  std::string out_dir;
  std::vector<std::string> variants;
  std::string format = "table";
};
void run_session(const SessionArgs& a);

}  // namespace encsim::cli
