// Paired comparison of two encounters fought on the same dice (DESIGN contract
// 1: trial t of every variant and sweep point draws from the same streams).
// Because the two fights of trial t share their luck, the difference of their
// outcomes varies far less than two independent runs would, and its interval
// is correspondingly narrow. A PairedTally keeps only integer counts and sums
// of per-trial differences, so it merges exactly (contract 2) and its size does
// not depend on the number of trials.
#pragma once

#include <cstdint>

#include "encsim/tally.hpp"

namespace encsim {

// Sums of the per-trial difference d = y - x of an integer quantity.
struct PairedDiff {
  std::uint64_t n = 0;
  __int128 sum = 0;
  // Sum of d^2, exact in 192 bits: 10^12 fights with differences of 10^11
  // each cannot wrap it.
  WideSum sum_sq;

  void add(std::int64_t x, std::int64_t y) {
    const __int128 d = static_cast<__int128>(y) - x;
    const unsigned __int128 magnitude = static_cast<unsigned __int128>(d < 0 ? -d : d);
    ++n;
    sum += d;
    sum_sq.add(magnitude * magnitude);
  }
  void merge(const PairedDiff& o) {
    n += o.n;
    sum += o.sum;
    sum_sq.merge(o.sum_sq);
  }
  double mean() const;
  // Normal 95% interval of the mean difference (the sample is large; the
  // difference of per-fight means is close to normal).
  Interval ci(double z = 1.959963984540054) const;
  friend bool operator==(const PairedDiff&, const PairedDiff&) = default;
};

// Trial by trial, encounter "first" against encounter "second".
struct PairedTally {
  std::uint64_t n = 0;
  // wins[a][b]: trials in which the party won in the first (a = 1) or not
  // (a = 0) and in the second (b = 1) or not.
  std::uint64_t wins[2][2] = {};
  PairedDiff rounds, pcs_down, pc_deaths, damage_to_party;

  void add(const TrialSummary& first, const TrialSummary& second);
  void merge(const PairedTally& o);
  void clear() { *this = PairedTally{}; }

  double first_win_rate() const;
  double second_win_rate() const;
  double win_difference() const { return second_win_rate() - first_win_rate(); }
  // 95% interval of win_difference(): Newcombe's hybrid score interval for
  // paired proportions (method 10 of Newcombe, Statistics in Medicine 1998),
  // built from the two Wilson intervals and the correlation of the pairs. It
  // stays inside [-1, 1] and behaves when the variants rarely disagree, where
  // the plain normal interval collapses to a point.
  Interval win_difference_ci(double z = 1.959963984540054) const;
  friend bool operator==(const PairedTally&, const PairedTally&) = default;
};

}  // namespace encsim
