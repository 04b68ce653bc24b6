#include "encsim/paired.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>

namespace encsim {

double PairedDiff::mean() const {
  if (n == 0) return 0.0;
  // The double division whenever the sum fits 64 bits, so reports keep their bytes.
  if (sum >= INT64_MIN && sum <= INT64_MAX) return static_cast<double>(static_cast<std::int64_t>(sum)) / static_cast<double>(n);
  return static_cast<double>(static_cast<long double>(sum) / static_cast<long double>(n));
}

Interval PairedDiff::ci(double z) const {
  const double m = mean();
  if (n < 2) return {m, m};
  const double nn = static_cast<double>(n);
  const double ssq = sum_sq.hi == 0 && sum_sq.lo <= UINT64_MAX ? static_cast<double>(static_cast<std::uint64_t>(sum_sq.lo))
                                                                : static_cast<double>(sum_sq.value());
  const double var = std::max(0.0, (ssq - nn * m * m) / (nn - 1.0));
  const double half = z * std::sqrt(var / nn);
  return {m - half, m + half};
}

void PairedTally::add(const TrialSummary& first, const TrialSummary& second) {
  ++n;
  ++wins[first.outcome == Outcome::party_win ? 1 : 0][second.outcome == Outcome::party_win ? 1 : 0];
  rounds.add(first.rounds, second.rounds);
  pcs_down.add(first.pcs_down, second.pcs_down);
  pc_deaths.add(first.pc_deaths, second.pc_deaths);
  damage_to_party.add(first.damage_to_party, second.damage_to_party);
}

void PairedTally::merge(const PairedTally& o) {
  n += o.n;
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 2; ++b) wins[a][b] += o.wins[a][b];
  rounds.merge(o.rounds);
  pcs_down.merge(o.pcs_down);
  pc_deaths.merge(o.pc_deaths);
  damage_to_party.merge(o.damage_to_party);
}

double PairedTally::first_win_rate() const {
  return n == 0 ? 0.0 : static_cast<double>(wins[1][0] + wins[1][1]) / static_cast<double>(n);
}

double PairedTally::second_win_rate() const {
  return n == 0 ? 0.0 : static_cast<double>(wins[0][1] + wins[1][1]) / static_cast<double>(n);
}

Interval PairedTally::win_difference_ci(double z) const {
  if (n == 0) return {-1.0, 1.0};
  const double both = static_cast<double>(wins[1][1]), first_only = static_cast<double>(wins[1][0]);
  const double second_only = static_cast<double>(wins[0][1]), neither = static_cast<double>(wins[0][0]);
  const double p1 = first_win_rate(), p2 = second_win_rate();
  const Interval w1 = wilson(wins[1][0] + wins[1][1], n, z);
  const Interval w2 = wilson(wins[0][1] + wins[1][1], n, z);
  // The correlation of the two outcomes over the 2x2 table; 0 when a margin is
  // empty (one side always or never wins), where it is undefined.
  const double margins = (both + first_only) * (second_only + neither) * (both + second_only) * (first_only + neither);
  const double phi = margins > 0.0 ? (both * neither - first_only * second_only) / std::sqrt(margins) : 0.0;
  const double delta = p2 - p1;
  auto root = [phi](double a, double b) { return std::sqrt(std::max(0.0, a * a - 2.0 * phi * a * b + b * b)); };
  const double low = delta - root(p2 - w2.low, w1.high - p1);
  const double high = delta + root(w2.high - p2, p1 - w1.low);
  return {std::max(-1.0, low), std::min(1.0, high)};
}

}  // namespace encsim
