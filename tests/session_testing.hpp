// What the session tests share: a session compiled from YAML text whose
// `include:` and `file:` read the shipped scenarios of one system, and the
// run settings of a test.
#pragma once

#include <cstdint>
#include <string>

#include "cli/cli.hpp"
#include "cli/session.hpp"
#include "encsim/runner.hpp"
#include "encsim/session.hpp"

namespace encsim::testing {

// `dir` is the system's folder under scenarios/ ("fivey", "cairn-ap").
inline Session session_from(const std::string& yaml, const std::string& dir) {
  return load_session_text(yaml, "session.yaml", ruleset_ids(), ENCSIM_SOURCE_DIR "/scenarios/" + dir);
}

inline cli::CompiledSession compiled_session(const std::string& yaml, const std::string& dir) {
  return cli::compile_session(session_from(yaml, dir), {});
}

inline RunSettings settings(std::uint64_t trials, std::uint64_t seed, int threads = 0) {
  RunSettings s;
  s.trials = trials;
  s.seed = seed;
  s.threads = threads;
  return s;
}

}  // namespace encsim::testing
