// Mergeable tallies (DESIGN contract 2). Every per-trial quantity encsim
// reports is a non-negative integer (rounds, damage, counts), so a tally keeps
// an exact integer histogram of it: means, standard deviations and quantiles
// are read off the histogram, and merge() is integer addition. Merging any
// split of the trials in any order therefore gives the same bytes as one pass,
// which floating-point (Welford/Chan) moments cannot promise.
#pragma once

#include <cstdint>
#include <climits>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/check.hpp"
#include "encsim/encounter.hpp"

namespace encsim {

// A sum of squares of 64-bit values, exact: 192 bits (a 128-bit low word and
// the carries out of it), so no count of trials can wrap it.
struct WideSum {
  unsigned __int128 lo = 0;
  std::uint64_t hi = 0;
  void add(unsigned __int128 v) {
    lo += v;
    hi += lo < v ? 1 : 0;
  }
  void merge(const WideSum& o) {
    add(o.lo);
    hi += o.hi;
  }
  long double value() const;
  friend bool operator==(const WideSum&, const WideSum&) = default;
};

// Histogram of a non-negative integer observed once per trial. Values below
// kExact get one counter each; larger ones share log-spaced bins, kSubBins per
// power of two (so a bin is at most 1/64 of its values wide), and their count,
// sum and sum of squares are kept exactly beside the bins. So the memory of one
// IntStat is bounded (kBins counters at most, whatever the values), and the
// count, mean, standard deviation, minimum and maximum of the large values stay
// exact; only a quantile that falls among them is rounded down to its bin's
// lower edge (but never below the smallest large value seen).
class IntStat {
 public:
  static constexpr std::int64_t kExact = 4096;  // a power of two
  static constexpr int kExactBits = 12;
  static constexpr int kSubBits = 6;
  static constexpr std::size_t kSubBins = std::size_t{1} << kSubBits;
  static constexpr std::size_t kBins = static_cast<std::size_t>(kExact) + (63 - kExactBits) * kSubBins;

  void add(std::int64_t value) {
    ENCSIM_DCHECK(value >= 0);
    if (value < kExact) [[likely]] {
      const auto v = static_cast<std::size_t>(value < 0 ? 0 : value);
      if (v >= counts_.size()) [[unlikely]] grow(v);
      ++counts_[v];
    } else {
      add_large(value);
    }
  }
  void merge(const IntStat& other);
  // Zeroes the counts but keeps the capacity, so a reused tally does not allocate.
  void clear();

  std::uint64_t n() const;
  // The exact sum. sum() CHECKs that it fits in 64 bits (tests use it).
  unsigned __int128 exact_sum() const;
  std::int64_t sum() const;
  double mean() const;
  double stddev() const;  // sample standard deviation; 0 for n < 2
  // The smallest value v with P(X <= v) >= num/den, e.g. (9, 10) for p90;
  // the rank is an exact integer. 0 when empty. At or above kExact, the lower
  // edge of the bin that holds that value, kept within the large values'
  // exact minimum and maximum (so equal values give themselves).
  std::int64_t quantile(std::uint64_t num, std::uint64_t den) const;
  std::int64_t max() const;  // largest value seen, exactly; 0 when empty
  // counts()[i] = how many trials saw a value in bin i (see bin_low). May have
  // trailing zeros.
  const std::vector<std::uint64_t>& counts() const { return counts_; }
  // The bin of a value and the smallest value of a bin: bin_low(i) = i below kExact.
  static std::size_t bin_of(std::int64_t value);
  static std::int64_t bin_low(std::size_t bin);

  friend bool operator==(const IntStat& a, const IntStat& b);

  // Everything an IntStat holds, for partial-result files (io/part.cpp):
  // from_raw(raw()) is the same IntStat. from_raw returns false, leaving
  // `out` alone, when the pieces cannot come from one IntStat (a damaged or
  // forged file must not reach merge()).
  struct Raw {
    std::vector<std::uint64_t> counts;
    std::uint64_t large_n = 0;
    unsigned __int128 large_sum = 0;
    WideSum large_sum_sq;
    std::int64_t large_max = 0;
    std::int64_t large_min = INT64_MAX;
  };
  Raw raw() const { return {counts_, large_n_, large_sum_, large_sum_sq_, large_max_, large_min_}; }
  static bool from_raw(Raw raw, IntStat& out);

 private:
  void grow(std::size_t bin);
  void add_large(std::int64_t value);
  std::vector<std::uint64_t> counts_;
  // The values at or above kExact, exactly.
  std::uint64_t large_n_ = 0;
  unsigned __int128 large_sum_ = 0;
  WideSum large_sum_sq_;
  std::int64_t large_max_ = 0;
  std::int64_t large_min_ = INT64_MAX;
};

// What one combatant did in one trial. Filled by a rule system's simulate().
//
// Attacks are counted per target (docs/csv.md, "How attacks are counted"):
// each target an attack was rolled against, by an attack roll or by the
// target's own save, counts one attack, and one hit when the attack struck it
// (the roll hit, or the save failed; a save that halves the damage is a miss).
// An attack aimed at one target counts in `attacks`/`hits`/`crits`; one
// aimed at several (area, breath, blast, an adversary attack against every
// PC in range) counts in `area_attacks`/`area_hits` instead, so hits never
// pass attacks in either pair. Damage that no roll can stop is not an attack.
struct CombatantRecord {
  static constexpr int kMaxExtra = 16;
  // 64-bit: a legal scenario (100,000 rounds, big dice, regenerating foes)
  // can pass 2^31 in one fight.
  std::int64_t actions = 0;
  std::int64_t attacks = 0;
  std::int64_t hits = 0;
  std::int64_t crits = 0;
  std::int64_t area_attacks = 0;  // targets of its area attacks
  std::int64_t area_hits = 0;     // ... that the attack struck
  std::int64_t damage_dealt = 0;
  std::int64_t damage_taken = 0;
  bool down = false;  // out of the fight at the end (dead, dying, unconscious or fled)
  bool dead = false;
  // Its main track at the end of the fight (HP, or the system's equivalent:
  // docs/csv.md, "hp_left_mean"): what is left (0 at or below zero) and the
  // most it can hold. The system fills both when the fight ends.
  std::int64_t hp_left = 0;
  std::int64_t hp_max = 0;
  std::int64_t extra[kMaxExtra] = {};  // the system's per-combatant metrics, by index

  // One target of an attack: `area` when the attack was aimed at several.
  void aimed(bool area) { ++(area ? area_attacks : attacks); }
  // ... and it struck that target (`crit`: a critical, counted for single-target attacks).
  void struck(bool area, bool crit) {
    if (area) {
      ++area_hits;
    } else {
      ++hits;
      crits += crit ? 1 : 0;
    }
  }
};

// What one feature (FeatureInfo) did in one trial. Kept apart from the
// combatant's attacks and hits: `uses` counts every use, hit or miss.
struct FeatureRecord {
  std::int64_t uses = 0;
  std::int64_t damage = 0;      // HP (or marks) it took from enemies
  std::int64_t healed = 0;      // HP (or marks) it gave back to allies
  std::int64_t conditions = 0;  // conditions it put on others
  std::int64_t spent = 0;       // what its owner paid for it (FeatureInfo::spent)
};

enum class Outcome : std::uint8_t { party_win, foes_win, draw };

// What happened in one trial.
struct TrialRecord {
  static constexpr int kMaxResources = 32;
  std::uint64_t trial = 0;  // its index in the run (the runner sets it)
  Outcome outcome = Outcome::draw;
  bool foes_fled = false;   // the party won because the foes broke and fled
  int rounds = 0;
  std::vector<CombatantRecord> combatants;  // sized once per chunk, reset per trial
  std::int64_t resources[kMaxResources] = {};  // the system's per-trial metrics
  std::vector<FeatureRecord> features;  // by the encounter's features(); sized once per chunk

  void reset(std::size_t n_combatants, std::size_t n_features = 0);
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

// The fights worth seeing (docs/csv.md, "fight_*"): a few trial numbers of a
// run, each chosen by a rule that reads the trials alone, never how they
// were shared among chunks, threads or shards, so every split picks the same
// ones. A fight is the worse the more PCs it leaves down, then the more HP
// the party lost, then the fewer rounds it took; equal fights go to the
// lowest trial number. "Loss" means any fight the party did not win.
//   worst loss:   the worst loss;
//   narrow win:   the worst win;
//   best win:     the least bad win;
//   typical loss, typical win: the middle one of a sample of kSample fights
//                 of that kind, the sample being those whose trial numbers
//                 hash lowest (a fixed hash: a deterministic random sample).
// Fixed-size arrays: no allocation per trial, and merge() is exact.
class Picks {
 public:
  static constexpr std::uint64_t kNone = UINT64_MAX;
  static constexpr int kSample = 31;
  enum Kind : int { worst_loss, typical_loss, typical_win, narrow_win, best_win, kKinds };
  static const char* name(int kind);  // "worst loss", ...
  static const char* slug(int kind);  // "worst-loss", ... (replay --pick)

  // One fight: how bad it was for the party.
  struct Fight {
    std::uint64_t trial = kNone;
    std::int64_t pcs_down = 0;
    std::int64_t damage_to_party = 0;
    std::int64_t rounds = 0;
    friend bool operator==(const Fight&, const Fight&) = default;
  };
  void add(const Fight& f, bool party_won);
  void merge(const Picks& o);
  void clear() { *this = Picks{}; }
  // The trial number of a pick, kNone when the run had no such fight.
  std::uint64_t pick(int kind) const;

  // Field by field, for the parts (io/part.cpp).
  Fight worst_loss_fight, narrow_win_fight, best_win_fight;
  Fight loss_sample[kSample], win_sample[kSample];
  int losses_sampled = 0, wins_sampled = 0;
  friend bool operator==(const Picks&, const Picks&) = default;

  // Worse (better) for the party; equal fights by the lower trial number first.
  static bool worse(const Fight& a, const Fight& b);
  static bool better(const Fight& a, const Fight& b);
  // The sample's order: by the hash of the trial number, then the number.
  static bool sampled_before(const Fight& a, const Fight& b);
};

// Per combatant, sums suffice (reports give means and rates) except for the
// damage it deals, whose p90 is reported.
// Counts of actions and attacks stay far below 2^64 (at most about 10^6 per
// fight); damage and the system's metrics (which can reach 10^11 in one fight)
// are summed in 128 bits.
struct CombatantTally {
  std::uint64_t actions = 0, attacks = 0, hits = 0, crits = 0;
  std::uint64_t area_attacks = 0, area_hits = 0;
  unsigned __int128 damage_taken = 0;
  IntStat damage_dealt;
  std::uint64_t downs = 0, deaths = 0;
  // The end state: HP left and HP maximum summed over the fights, and the
  // fights it ended alive with at most a quarter of its HP (near death).
  unsigned __int128 hp_left = 0, hp_max = 0;
  std::uint64_t near_deaths = 0;
  std::vector<unsigned __int128> extra;

  void merge(const CombatantTally& o);
  void clear();
  friend bool operator==(const CombatantTally&, const CombatantTally&) = default;
};

// Per feature: exact sums over the trials, and the trials that used it.
struct FeatureTally {
  std::uint64_t uses = 0, fights = 0;
  unsigned __int128 damage = 0, healed = 0, conditions = 0, spent = 0;
  void add(const FeatureRecord& f);
  void merge(const FeatureTally& o);
  friend bool operator==(const FeatureTally&, const FeatureTally&) = default;
};

// Near death (docs/csv.md, "near_death_rate"): alive at the end of the fight
// with at most a quarter of its HP (or the system's main track) left.
inline bool near_death(const CombatantRecord& c) { return !c.dead && c.hp_max > 0 && c.hp_left <= c.hp_max / 4; }

// The merged record of many trials of one encounter.
struct Tally {
  std::uint64_t trials = 0;
  std::uint64_t party_wins = 0, foes_wins = 0, draws = 0;
  std::uint64_t foes_fled = 0, party_wipes = 0;
  std::uint64_t wins_with_pc_down = 0;  // party wins that left at least one PC out of the fight
  // Rounds and damage to the party summed over the party's wins; the same
  // over its losses is the whole (rounds, damage_to_party) less these.
  unsigned __int128 win_rounds = 0, win_damage_to_party = 0;
  IntStat rounds;
  IntStat pcs_down;         // PCs out of the fight at the end
  IntStat pc_deaths;        // PCs dead at the end
  IntStat damage_to_party;  // damage taken by PCs, summed
  IntStat damage_to_foes;
  std::vector<IntStat> resources;
  std::vector<CombatantTally> combatants;
  Picks picks;  // the fights worth seeing
  std::vector<FeatureTally> features;  // by the encounter's features()

  // `n_resources` and `n_extra` come from the encounter's metric tables,
  // `n_features` from its feature table.
  Tally(std::size_t n_combatants, std::size_t n_resources, std::size_t n_extra, std::size_t n_features = 0);
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
