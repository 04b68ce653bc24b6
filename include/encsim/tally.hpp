// Mergeable tallies (DESIGN contract 2). Every per-trial quantity encsim
// reports is a non-negative integer (rounds, damage, counts), so a tally keeps
// an exact integer histogram of it: means, standard deviations and quantiles
// are read off the histogram, and merge() is integer addition. Merging any
// split of the trials in any order therefore gives the same bytes as one pass,
// which floating-point (Welford/Chan) moments cannot promise.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/check.hpp"
#include "encsim/encounter.hpp"

namespace encsim {

// Exact histogram of a non-negative integer observed once per trial.
class IntStat {
 public:
  void add(std::int64_t value) {
    ENCSIM_DCHECK(value >= 0);
    const auto v = static_cast<std::size_t>(value < 0 ? 0 : value);
    if (v >= counts_.size()) [[unlikely]] grow(v);
    ++counts_[v];
  }
  void merge(const IntStat& other);
  // Zeroes the counts but keeps the capacity, so a reused tally does not allocate.
  void clear();

  std::uint64_t n() const;
  std::int64_t sum() const;
  double mean() const;
  double stddev() const;  // sample standard deviation; 0 for n < 2
  // The smallest value v with P(X <= v) >= num/den, e.g. (9, 10) for p90;
  // the rank is an exact integer. 0 when empty.
  std::int64_t quantile(std::uint64_t num, std::uint64_t den) const;
  std::int64_t max() const;  // largest value seen; 0 when empty
  // counts()[v] = how many trials saw v. May have trailing zeros.
  const std::vector<std::uint64_t>& counts() const { return counts_; }

  friend bool operator==(const IntStat& a, const IntStat& b);

 private:
  void grow(std::size_t value);
  std::vector<std::uint64_t> counts_;
};

// What one combatant did in one trial. Filled by a rule system's simulate().
struct CombatantRecord {
  static constexpr int kMaxExtra = 16;
  int actions = 0;
  int attacks = 0;
  int hits = 0;
  int crits = 0;
  int damage_dealt = 0;
  int damage_taken = 0;
  bool down = false;  // out of the fight at the end (dead, dying, unconscious or fled)
  bool dead = false;
  int extra[kMaxExtra] = {};  // the system's per-combatant metrics, by index
};

enum class Outcome : std::uint8_t { party_win, foes_win, draw };

// What happened in one trial.
struct TrialRecord {
  static constexpr int kMaxResources = 32;
  Outcome outcome = Outcome::draw;
  bool foes_fled = false;   // the party won because the foes broke and fled
  int rounds = 0;
  std::vector<CombatantRecord> combatants;  // sized once per chunk, reset per trial
  std::int64_t resources[kMaxResources] = {};  // the system's per-trial metrics

  void reset(std::size_t n_combatants);
};

// The party-level numbers of one trial, read off its record: what Tally
// histograms and what a paired comparison of two encounters differences.
struct TrialSummary {
  Outcome outcome = Outcome::draw;
  int rounds = 0;
  int pcs = 0;        // PCs in the fight
  int pcs_down = 0;   // PCs out of the fight at the end
  int pc_deaths = 0;  // PCs dead at the end
  std::int64_t damage_to_party = 0;
  std::int64_t damage_to_foes = 0;
};
TrialSummary summarize(const TrialRecord& r, const std::vector<CombatantInfo>& roster);

// Per combatant, sums suffice (reports give means and rates) except for the
// damage it deals, whose p90 is reported.
struct CombatantTally {
  std::uint64_t actions = 0, attacks = 0, hits = 0, crits = 0, damage_taken = 0;
  IntStat damage_dealt;
  std::uint64_t downs = 0, deaths = 0;
  std::vector<std::uint64_t> extra;

  void merge(const CombatantTally& o);
  void clear();
  friend bool operator==(const CombatantTally&, const CombatantTally&) = default;
};

// The merged record of many trials of one encounter.
struct Tally {
  std::uint64_t trials = 0;
  std::uint64_t party_wins = 0, foes_wins = 0, draws = 0;
  std::uint64_t foes_fled = 0, party_wipes = 0;
  std::uint64_t wins_with_pc_down = 0;  // party wins that left at least one PC out of the fight
  IntStat rounds;
  IntStat pcs_down;         // PCs out of the fight at the end
  IntStat pc_deaths;        // PCs dead at the end
  IntStat damage_to_party;  // damage taken by PCs, summed
  IntStat damage_to_foes;
  std::vector<IntStat> resources;
  std::vector<CombatantTally> combatants;

  // `n_resources` and `n_extra` come from the encounter's metric tables.
  Tally(std::size_t n_combatants, std::size_t n_resources, std::size_t n_extra);
  Tally() = default;

  // `roster[i]` says which side combatant i is on and whether it is a PC.
  void add(const TrialRecord& r, const std::vector<CombatantInfo>& roster);
  void merge(const Tally& o);
  void clear();
  friend bool operator==(const Tally&, const Tally&) = default;
};

// Wilson score interval for a binomial proportion (z = 1.96 for 95%).
struct Interval {
  double low = 0.0;
  double high = 0.0;
};
Interval wilson(std::uint64_t successes, std::uint64_t n, double z = 1.959963984540054);

}  // namespace encsim
