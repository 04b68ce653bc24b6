#include "encsim/check.hpp"

#include <cstdio>
#include <cstdlib>

namespace encsim::detail {
namespace {
thread_local long long g_current_trial = -1;
}

void set_current_trial(long long trial) noexcept { g_current_trial = trial; }
long long current_trial() noexcept { return g_current_trial; }

void check_failed(const char* file, int line, const std::string& what) {
  std::fprintf(stderr, "encsim: internal error at %s:%d: CHECK failed: %s\n", file, line, what.c_str());
  if (g_current_trial >= 0)
    std::fprintf(stderr, "encsim: in trial %lld; `encsim replay SCENARIO --seed S --trial %lld` replays it\n",
                 g_current_trial, g_current_trial);
  std::fflush(stderr);
  std::_Exit(1);  // DESIGN: exit code 1 for an internal error
}

}  // namespace encsim::detail
