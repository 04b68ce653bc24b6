// The mergeable record of many sessions (issue 14): how far the party got,
// and what it carried into each fight. Integer counts and IntStat histograms
// only, so merging any split of the sessions gives the same bytes.
#pragma once

#include <cstdint>
#include <vector>

#include "encsim/tally.hpp"

namespace encsim {

// What every rule system's carried party state starts with: whether a fight
// has set it up yet, and the party-level numbers (the system's carry_specs())
// it held when the current fight began.
struct CarryBase {
  static constexpr int kMaxCarry = 8;
  bool started = false;
  std::int64_t in[kMaxCarry] = {};
};

struct SessionTally {
  struct Fight {
    std::uint64_t reached = 0;  // sessions that got to this fight
    std::uint64_t won = 0;      // ... and won it (so went on)
    std::vector<IntStat> carry;  // by the system's carry_specs(): what the party had at its start
    friend bool operator==(const Fight&, const Fight&) = default;
  };
  std::uint64_t trials = 0;
  std::uint64_t survived_all = 0;  // won every fight
  // Against the session's first variant on the same dice: sessions that both,
  // only this one, or only the first survived.
  std::uint64_t both_survived = 0, only_this = 0, only_first = 0;
  std::vector<Fight> fights;

  SessionTally() = default;
  SessionTally(std::size_t n_fights, std::size_t n_carry);
  void merge(const SessionTally& o);
  void clear();
  friend bool operator==(const SessionTally&, const SessionTally&) = default;
};

}  // namespace encsim
