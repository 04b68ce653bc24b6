#include "encsim/tally.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>

namespace encsim {

long double WideSum::value() const {
  constexpr long double k2to64 = 18446744073709551616.0L;
  return (static_cast<long double>(hi) * k2to64 * k2to64) + static_cast<long double>(lo);
}

std::size_t IntStat::bin_of(std::int64_t value) {
  if (value < kExact) return static_cast<std::size_t>(value < 0 ? 0 : value);
  const auto v = static_cast<std::uint64_t>(value);
  const int e = 63 - __builtin_clzll(v);  // kExactBits <= e <= 62
  const auto sub = static_cast<std::size_t>(v >> (e - kSubBits)) & (kSubBins - 1);
  return static_cast<std::size_t>(kExact) + static_cast<std::size_t>(e - kExactBits) * kSubBins + sub;
}

std::int64_t IntStat::bin_low(std::size_t bin) {
  if (bin < static_cast<std::size_t>(kExact)) return static_cast<std::int64_t>(bin);
  const std::size_t i = bin - static_cast<std::size_t>(kExact);
  const int e = kExactBits + static_cast<int>(i / kSubBins);
  return static_cast<std::int64_t>((kSubBins + i % kSubBins) << (e - kSubBits));
}

void IntStat::grow(std::size_t bin) {
  // Grow geometrically so a long tail costs a handful of allocations per chunk
  // slot, not one per new maximum; never past kBins.
  counts_.resize(std::min(kBins, std::max<std::size_t>(bin + 1, counts_.size() * 2 + 16)), 0);
}

void IntStat::add_large(std::int64_t value) {
  const std::size_t bin = bin_of(value);
  if (bin >= counts_.size()) grow(bin);
  ++counts_[bin];
  const auto v = static_cast<unsigned __int128>(value);
  ++large_n_;
  large_sum_ += v;
  large_sum_sq_.add(v * v);
  large_max_ = std::max(large_max_, value);
  large_min_ = std::min(large_min_, value);
}

void IntStat::merge(const IntStat& other) {
  if (other.counts_.size() > counts_.size()) counts_.resize(other.counts_.size(), 0);
  for (std::size_t v = 0; v < other.counts_.size(); ++v) counts_[v] += other.counts_[v];
  large_n_ += other.large_n_;
  large_sum_ += other.large_sum_;
  large_sum_sq_.merge(other.large_sum_sq_);
  large_max_ = std::max(large_max_, other.large_max_);
  large_min_ = std::min(large_min_, other.large_min_);
}

void IntStat::clear() {
  std::fill(counts_.begin(), counts_.end(), 0);
  large_n_ = 0;
  large_sum_ = 0;
  large_sum_sq_ = {};
  large_max_ = 0;
  large_min_ = INT64_MAX;
}

std::uint64_t IntStat::n() const {
  std::uint64_t n = 0;
  for (auto c : counts_) n += c;
  return n;
}

unsigned __int128 IntStat::exact_sum() const {
  unsigned __int128 s = large_sum_;
  const std::size_t exact = std::min(counts_.size(), static_cast<std::size_t>(kExact));
  for (std::size_t v = 0; v < exact; ++v) s += static_cast<unsigned __int128>(v) * counts_[v];
  return s;
}

std::int64_t IntStat::sum() const {
  const unsigned __int128 s = exact_sum();
  ENCSIM_CHECK(s <= static_cast<unsigned __int128>(INT64_MAX));
  return static_cast<std::int64_t>(s);
}

double IntStat::mean() const {
  const auto count = n();
  if (count == 0) return 0.0;
  const unsigned __int128 s = exact_sum();
  // The double division whenever the sum fits 64 bits, so reports keep their bytes.
  if (s <= static_cast<unsigned __int128>(INT64_MAX))
    return static_cast<double>(static_cast<std::int64_t>(s)) / static_cast<double>(count);
  return static_cast<double>(static_cast<long double>(s) / static_cast<long double>(count));
}

double IntStat::stddev() const {
  const auto count = n();
  if (count < 2) return 0.0;
  const double m = mean();
  if (large_n_ == 0) {
    // Two passes over the exact counts: no cancellation.
    double ss = 0.0;
    for (std::size_t v = 0; v < counts_.size(); ++v) {
      const double d = static_cast<double>(v) - m;
      ss += d * d * static_cast<double>(counts_[v]);
    }
    return std::sqrt(ss / static_cast<double>(count - 1));
  }
  // From the exact sums: sum of (x - m)^2 = sum x^2 - n m^2, in long double.
  WideSum sq = large_sum_sq_;
  for (std::size_t v = 0; v < static_cast<std::size_t>(kExact) && v < counts_.size(); ++v)
    sq.add(static_cast<unsigned __int128>(v * v) * counts_[v]);
  const long double lm = static_cast<long double>(exact_sum()) / static_cast<long double>(count);
  const long double ss = sq.value() - static_cast<long double>(count) * lm * lm;
  return static_cast<double>(std::sqrt(std::max(0.0L, ss) / static_cast<long double>(count - 1)));
}

std::int64_t IntStat::quantile(std::uint64_t num, std::uint64_t den) const {
  ENCSIM_CHECK(den > 0 && num <= den);
  const auto count = n();
  if (count == 0) return 0;
  // rank = ceil(count * num / den), in integers so no rounding can move it.
  const unsigned __int128 product = static_cast<unsigned __int128>(count) * num;
  const auto rank = std::max<std::uint64_t>(1, static_cast<std::uint64_t>((product + den - 1) / den));
  std::uint64_t seen = 0;
  for (std::size_t v = 0; v < counts_.size(); ++v) {
    seen += counts_[v];
    if (seen >= rank) return v < static_cast<std::size_t>(kExact) ? bin_low(v) : std::clamp(bin_low(v), large_min_, large_max_);
  }
  return max();
}

std::int64_t IntStat::max() const {
  if (large_n_ > 0) return large_max_;
  for (std::size_t v = counts_.size(); v-- > 0;)
    if (counts_[v] != 0) return static_cast<std::int64_t>(v);
  return 0;
}

bool operator==(const IntStat& a, const IntStat& b) {
  if (a.large_n_ != b.large_n_ || a.large_sum_ != b.large_sum_ || !(a.large_sum_sq_ == b.large_sum_sq_) ||
      a.large_max_ != b.large_max_ || a.large_min_ != b.large_min_)
    return false;
  // Equal as distributions: trailing zeros (capacity) do not matter.
  const auto& x = a.counts_.size() >= b.counts_.size() ? a.counts_ : b.counts_;
  const auto& y = a.counts_.size() >= b.counts_.size() ? b.counts_ : a.counts_;
  for (std::size_t v = 0; v < x.size(); ++v)
    if (x[v] != (v < y.size() ? y[v] : 0)) return false;
  return true;
}

bool IntStat::from_raw(Raw raw, IntStat& out) {
  if (raw.counts.size() > kBins) return false;
  std::uint64_t large = 0;
  for (std::size_t v = static_cast<std::size_t>(kExact); v < raw.counts.size(); ++v) {
    if (large + raw.counts[v] < large) return false;
    large += raw.counts[v];
  }
  if (large != raw.large_n) return false;
  if (raw.large_n == 0) {
    if (raw.large_sum != 0 || !(raw.large_sum_sq == WideSum{}) || raw.large_max != 0 || raw.large_min != INT64_MAX)
      return false;
  } else {
    if (raw.large_min < kExact || raw.large_min > raw.large_max || bin_of(raw.large_max) >= raw.counts.size() ||
        raw.counts[bin_of(raw.large_min)] == 0 ||
        raw.counts[bin_of(raw.large_max)] == 0)
      return false;
    const auto n = static_cast<unsigned __int128>(raw.large_n);
    if (raw.large_sum < n * static_cast<unsigned __int128>(raw.large_min) ||
        raw.large_sum > n * static_cast<unsigned __int128>(raw.large_max))
      return false;
  }
  out.counts_ = std::move(raw.counts);
  out.large_n_ = raw.large_n;
  out.large_sum_ = raw.large_sum;
  out.large_sum_sq_ = raw.large_sum_sq;
  out.large_max_ = raw.large_max;
  out.large_min_ = raw.large_min;
  return true;
}

void TrialRecord::reset(std::size_t n_combatants, std::size_t n_features) {
  outcome = Outcome::draw;
  foes_fled = false;
  rounds = 0;
  combatants.assign(n_combatants, CombatantRecord{});
  std::fill(std::begin(resources), std::end(resources), 0);
  features.assign(n_features, FeatureRecord{});
}

void FeatureTally::add(const FeatureRecord& f) {
  // Most features do nothing in most fights: one test skips them.
  if ((f.uses | f.damage | f.healed | f.conditions | f.spent) == 0) return;
  // Every field is non-negative.
  uses += static_cast<std::uint64_t>(f.uses);
  fights += f.uses > 0 ? 1 : 0;
  damage += static_cast<std::uint64_t>(f.damage);
  healed += static_cast<std::uint64_t>(f.healed);
  conditions += static_cast<std::uint64_t>(f.conditions);
  spent += static_cast<std::uint64_t>(f.spent);
}

void FeatureTally::merge(const FeatureTally& o) {
  uses += o.uses;
  fights += o.fights;
  damage += o.damage;
  healed += o.healed;
  conditions += o.conditions;
  spent += o.spent;
}

void CombatantTally::merge(const CombatantTally& o) {
  actions += o.actions;
  attacks += o.attacks;
  hits += o.hits;
  crits += o.crits;
  area_attacks += o.area_attacks;
  area_hits += o.area_hits;
  damage_taken += o.damage_taken;
  damage_dealt.merge(o.damage_dealt);
  downs += o.downs;
  deaths += o.deaths;
  hp_left += o.hp_left;
  hp_max += o.hp_max;
  near_deaths += o.near_deaths;
  ENCSIM_CHECK_EQ(extra.size(), o.extra.size());
  for (std::size_t i = 0; i < extra.size(); ++i) extra[i] += o.extra[i];
}

void CombatantTally::clear() {
  actions = attacks = hits = crits = area_attacks = area_hits = downs = deaths = near_deaths = 0;
  damage_taken = hp_left = hp_max = 0;
  damage_dealt.clear();
  std::fill(extra.begin(), extra.end(), 0);
}

Tally::Tally(std::size_t n_combatants, std::size_t n_resources, std::size_t n_extra, std::size_t n_features)
    : resources(n_resources), combatants(n_combatants), features(n_features) {
  ENCSIM_CHECK_LE(n_resources, static_cast<std::size_t>(TrialRecord::kMaxResources));
  ENCSIM_CHECK_LE(n_extra, static_cast<std::size_t>(CombatantRecord::kMaxExtra));
  for (auto& c : combatants) c.extra.resize(n_extra);
}

TrialSummary summarize(const TrialRecord& r, const std::vector<CombatantInfo>& roster) {
  TrialSummary s;
  s.outcome = r.outcome;
  s.rounds = r.rounds;
  for (std::size_t i = 0; i < roster.size(); ++i) {
    const CombatantRecord& c = r.combatants[i];
    if (roster[i].pc) {
      ++s.pcs;
      s.pcs_down += c.down ? 1 : 0;
      s.pc_deaths += c.dead ? 1 : 0;
    }
    (roster[i].side == 0 ? s.damage_to_party : s.damage_to_foes) += c.damage_taken;
  }
  return s;
}

void Tally::add(const TrialRecord& r, const std::vector<CombatantInfo>& roster) {
  ++trials;
  switch (r.outcome) {
    case Outcome::party_win: ++party_wins; break;
    case Outcome::foes_win: ++foes_wins; break;
    case Outcome::draw: ++draws; break;
  }
  foes_fled += r.foes_fled ? 1 : 0;
  rounds.add(r.rounds);
  for (std::size_t i = 0; i < combatants.size(); ++i) {
    const CombatantRecord& c = r.combatants[i];
    CombatantTally& t = combatants[i];
    t.actions += static_cast<std::uint64_t>(c.actions);
    t.attacks += static_cast<std::uint64_t>(c.attacks);
    t.hits += static_cast<std::uint64_t>(c.hits);
    t.crits += static_cast<std::uint64_t>(c.crits);
    t.area_attacks += static_cast<std::uint64_t>(c.area_attacks);
    t.area_hits += static_cast<std::uint64_t>(c.area_hits);
    t.damage_taken += static_cast<std::uint64_t>(c.damage_taken);  // non-negative
    t.damage_dealt.add(c.damage_dealt);
    t.downs += c.down ? 1 : 0;
    t.deaths += c.dead ? 1 : 0;
    t.hp_left += static_cast<std::uint64_t>(c.hp_left);  // non-negative
    t.hp_max += static_cast<std::uint64_t>(c.hp_max);
    t.near_deaths += near_death(c) ? std::uint64_t{1} : std::uint64_t{0};
    for (std::size_t e = 0; e < t.extra.size(); ++e) t.extra[e] += static_cast<std::uint64_t>(c.extra[e]);  // non-negative
  }
  const TrialSummary s = summarize(r, roster);
  pcs_down.add(s.pcs_down);
  pc_deaths.add(s.pc_deaths);
  party_wipes += (s.pcs > 0 && s.pcs_down == s.pcs) ? 1 : 0;
  wins_with_pc_down += (r.outcome == Outcome::party_win && s.pcs_down > 0) ? 1 : 0;
  damage_to_party.add(s.damage_to_party);
  damage_to_foes.add(s.damage_to_foes);
  if (r.outcome == Outcome::party_win) {
    win_rounds += static_cast<unsigned __int128>(static_cast<std::uint64_t>(r.rounds));
    win_damage_to_party += static_cast<unsigned __int128>(static_cast<std::uint64_t>(s.damage_to_party));
  }
  for (std::size_t i = 0; i < resources.size(); ++i) resources[i].add(r.resources[i]);
  picks.add({r.trial, s.pcs_down, s.damage_to_party, r.rounds}, r.outcome == Outcome::party_win);
  ENCSIM_DCHECK(r.features.size() == features.size());
  for (std::size_t i = 0; i < features.size(); ++i) features[i].add(r.features[i]);
}

void Tally::merge(const Tally& o) {
  trials += o.trials;
  party_wins += o.party_wins;
  foes_wins += o.foes_wins;
  draws += o.draws;
  foes_fled += o.foes_fled;
  party_wipes += o.party_wipes;
  wins_with_pc_down += o.wins_with_pc_down;
  win_rounds += o.win_rounds;
  win_damage_to_party += o.win_damage_to_party;
  rounds.merge(o.rounds);
  pcs_down.merge(o.pcs_down);
  pc_deaths.merge(o.pc_deaths);
  damage_to_party.merge(o.damage_to_party);
  damage_to_foes.merge(o.damage_to_foes);
  ENCSIM_CHECK_EQ(resources.size(), o.resources.size());
  for (std::size_t i = 0; i < resources.size(); ++i) resources[i].merge(o.resources[i]);
  ENCSIM_CHECK_EQ(combatants.size(), o.combatants.size());
  for (std::size_t i = 0; i < combatants.size(); ++i) combatants[i].merge(o.combatants[i]);
  picks.merge(o.picks);
  ENCSIM_CHECK_EQ(features.size(), o.features.size());
  for (std::size_t i = 0; i < features.size(); ++i) features[i].merge(o.features[i]);
}

void Tally::clear() {
  trials = party_wins = foes_wins = draws = foes_fled = party_wipes = wins_with_pc_down = 0;
  win_rounds = win_damage_to_party = 0;
  for (IntStat* s : {&rounds, &pcs_down, &pc_deaths, &damage_to_party, &damage_to_foes}) s->clear();
  for (auto& r : resources) r.clear();
  for (auto& c : combatants) c.clear();
  picks.clear();
  std::fill(features.begin(), features.end(), FeatureTally{});
}

// --- Picks --------------------------------------------------------------------

namespace {

// splitmix64's finaliser: a fixed, well-mixed hash of a trial number.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// Keeps `f` in the sample (sorted, at most kSample) if it is among the first.
void offer(Picks::Fight* sample, int& n, const Picks::Fight& f) {
  if (n == Picks::kSample && !Picks::sampled_before(f, sample[n - 1])) return;
  int at = n < Picks::kSample ? n++ : n - 1;
  for (; at > 0 && Picks::sampled_before(f, sample[at - 1]); --at) sample[at] = sample[at - 1];
  sample[at] = f;
}

// The middle fight of a sample by badness (ties by trial number).
std::uint64_t middle(const Picks::Fight* sample, int n) {
  if (n == 0) return Picks::kNone;
  Picks::Fight sorted[Picks::kSample];
  std::copy(sample, sample + n, sorted);
  std::sort(sorted, sorted + n, [](const Picks::Fight& a, const Picks::Fight& b) { return Picks::worse(a, b); });
  return sorted[n / 2].trial;
}

}  // namespace

const char* Picks::name(int kind) {
  static const char* const kNames[] = {"worst loss", "typical loss", "typical win", "narrow win", "best win"};
  return kNames[kind];
}
const char* Picks::slug(int kind) {
  static const char* const kSlugs[] = {"worst-loss", "typical-loss", "typical-win", "narrow-win", "best-win"};
  return kSlugs[kind];
}

namespace {
// +1 when `a` went worse for the party than `b`, -1 when better, 0 when alike.
int compare_badness(const Picks::Fight& a, const Picks::Fight& b) {
  if (a.pcs_down != b.pcs_down) return a.pcs_down > b.pcs_down ? 1 : -1;
  if (a.damage_to_party != b.damage_to_party) return a.damage_to_party > b.damage_to_party ? 1 : -1;
  if (a.rounds != b.rounds) return a.rounds < b.rounds ? 1 : -1;
  return 0;
}
}  // namespace

bool Picks::worse(const Fight& a, const Fight& b) {
  const int c = compare_badness(a, b);
  return c != 0 ? c > 0 : a.trial < b.trial;
}

bool Picks::better(const Fight& a, const Fight& b) {
  const int c = compare_badness(a, b);
  return c != 0 ? c < 0 : a.trial < b.trial;
}

bool Picks::sampled_before(const Fight& a, const Fight& b) {
  const std::uint64_t ha = mix(a.trial), hb = mix(b.trial);
  return ha != hb ? ha < hb : a.trial < b.trial;
}

namespace {
// Keeps in `held` whichever of it and `f` comes first by `first`.
template <class First>
void keep(Picks::Fight& held, const Picks::Fight& f, First first) {
  if (f.trial != Picks::kNone && (held.trial == Picks::kNone || first(f, held))) held = f;
}
}  // namespace

void Picks::add(const Fight& f, bool party_won) {
  if (party_won) {
    keep(narrow_win_fight, f, worse);
    keep(best_win_fight, f, better);
    offer(win_sample, wins_sampled, f);
  } else {
    keep(worst_loss_fight, f, worse);
    offer(loss_sample, losses_sampled, f);
  }
}

// Every rule is a strict total order on the trials (equal fights differ in
// their numbers), so these keep what one pass would: the merge order and the
// split do not matter.
void Picks::merge(const Picks& o) {
  keep(worst_loss_fight, o.worst_loss_fight, worse);
  keep(narrow_win_fight, o.narrow_win_fight, worse);
  keep(best_win_fight, o.best_win_fight, better);
  for (int k = 0; k < o.losses_sampled; ++k) offer(loss_sample, losses_sampled, o.loss_sample[k]);
  for (int k = 0; k < o.wins_sampled; ++k) offer(win_sample, wins_sampled, o.win_sample[k]);
}

std::uint64_t Picks::pick(int kind) const {
  switch (kind) {
    case worst_loss: return worst_loss_fight.trial;
    case typical_loss: return middle(loss_sample, losses_sampled);
    case typical_win: return middle(win_sample, wins_sampled);
    case narrow_win: return narrow_win_fight.trial;
    case best_win: return best_win_fight.trial;
    default: return kNone;
  }
}

Interval wilson(std::uint64_t successes, std::uint64_t n, double z) {
  if (n == 0) return {0.0, 1.0};
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(successes) / nn;
  const double z2 = z * z;
  const double denom = 1.0 + z2 / nn;
  const double centre = (p + z2 / (2.0 * nn)) / denom;
  const double half = z * std::sqrt(p * (1.0 - p) / nn + z2 / (4.0 * nn * nn)) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace encsim
