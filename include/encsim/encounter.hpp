// What every compiled encounter tells the reports, whatever its rule system.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdarg>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace encsim {

// A per-trial metric of a rule system (Fear spent, inspiration dice used, ...).
// In summary.csv it becomes `<name>_mean` (or `<name>_rate` for a 0/1 metric),
// plus `<name>_p50` when `p50` and `<name>_p90` when `p90`; `distribution`
// also writes it to distributions.csv.
struct MetricSpec {
  std::string_view name;
  std::string_view description;
  bool rate = false;
  bool p90 = false;
  bool distribution = false;
  bool p50 = false;  // also `<name>_p50`, the median
};

struct CombatantInfo {
  std::string name;  // "Goblin 2" for the second of `count: 3`
  bool pc = false;   // counts towards the party
  int side = 0;      // 0 party, 1 foes
};

// Narration for `encsim replay`: simulate() is a template on its log, so the
// trial loop (NullLog in runner.hpp) compiles every line away.
class TextLog {
 public:
  static constexpr bool kEnabled = true;
  explicit TextLog(std::ostream& out) : out_(&out) {}
  [[gnu::format(printf, 2, 3)]] void say(const char* fmt, ...) {
    char buf[512];
    va_list args;
    va_start(args, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, args);
    va_end(args);
    *out_ << buf << '\n';
  }

 private:
  std::ostream* out_;
};

}  // namespace encsim
