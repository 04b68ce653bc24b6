#include "io/part.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <system_error>

#include "encsim/error.hpp"
#include "encsim/runner.hpp"

namespace encsim {

// --- bytes ------------------------------------------------------------------

void ByteWriter::u32(std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out_.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

void ByteWriter::u64(std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out_.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

void ByteWriter::u128(unsigned __int128 v) {
  u64(static_cast<std::uint64_t>(v));
  u64(static_cast<std::uint64_t>(v >> 64));
}

void ByteWriter::f64(double v) {
  std::uint64_t bits = 0;
  static_assert(sizeof bits == sizeof v);
  std::memcpy(&bits, &v, sizeof bits);
  u64(bits);
}

void ByteWriter::str(std::string_view s) {
  u64(s.size());
  out_ += s;
}

void ByteReader::fail(const std::string& why) const {
  throw InputError(SourcePos{}, "'" + what_ + "' is not a usable partial result: " + why);
}

std::string_view ByteReader::take(std::size_t n) {
  if (n > data_.size() - at_) {
    if (!section_.empty())
      fail("its " + section_ + " section holds less than it should (written by another build of encsim?)");
    fail("it ends early, at byte " + std::to_string(data_.size()) + " (cut short while being copied?)");
  }
  const std::string_view s = data_.substr(at_, n);
  at_ += n;
  return s;
}

std::uint8_t ByteReader::u8() { return static_cast<std::uint8_t>(take(1)[0]); }

std::uint32_t ByteReader::u32() {
  const std::string_view b = take(4);
  std::uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<std::uint8_t>(b[static_cast<std::size_t>(i)]);
  return v;
}

std::uint64_t ByteReader::u64() {
  const std::string_view b = take(8);
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | static_cast<std::uint8_t>(b[static_cast<std::size_t>(i)]);
  return v;
}

unsigned __int128 ByteReader::u128() {
  const std::uint64_t lo = u64();
  const std::uint64_t hi = u64();
  return (static_cast<unsigned __int128>(hi) << 64) | lo;
}

double ByteReader::f64() {
  const std::uint64_t bits = u64();
  double v = 0;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

bool ByteReader::boolean() {
  const std::uint8_t b = u8();
  if (b > 1) fail("a flag at byte " + std::to_string(at_ - 1) + " is " + std::to_string(b) + ", not 0 or 1");
  return b == 1;
}

std::string ByteReader::str() { return std::string(take(count())); }

std::size_t ByteReader::count(std::size_t min_bytes) {
  const std::uint64_t n = u64();
  if (n > (data_.size() - at_) / std::max<std::size_t>(min_bytes, 1))
    fail("a count at byte " + std::to_string(at_ - 8) + " (" + std::to_string(n) + ") runs past its end");
  return static_cast<std::size_t>(n);
}

std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h) {
  for (char c : bytes) {
    h ^= static_cast<std::uint8_t>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

// --- the pieces ---------------------------------------------------------------

namespace {

// MetricSpec holds string_views (rule systems point them at static tables);
// read back, their text lives here for the rest of the process.
std::string_view intern(std::string s) {
  static std::set<std::string, std::less<>> pool;
  return *pool.insert(std::move(s)).first;
}

void put_stat(ByteWriter& w, const IntStat& s) {
  const IntStat::Raw r = s.raw();
  // Sparse: most bins of a histogram are empty.
  std::uint64_t nonzero = 0;
  for (auto c : r.counts) nonzero += c != 0 ? 1 : 0;
  w.u64(nonzero);
  for (std::size_t v = 0; v < r.counts.size(); ++v)
    if (r.counts[v] != 0) {
      w.u64(v);
      w.u64(r.counts[v]);
    }
  w.u64(r.large_n);
  w.u128(r.large_sum);
  w.u128(r.large_sum_sq.lo);
  w.u64(r.large_sum_sq.hi);
  w.i64(r.large_max);
  w.i64(r.large_min);
}

IntStat get_stat(ByteReader& r) {
  IntStat::Raw raw;
  const std::size_t nonzero = r.count(16);
  std::uint64_t next = 0;  // bins come in increasing order
  for (std::size_t i = 0; i < nonzero; ++i) {
    const std::uint64_t bin = r.u64();
    const std::uint64_t n = r.u64();
    if (bin < next || bin >= IntStat::kBins || n == 0) r.fail("a histogram's bins are out of order or range");
    raw.counts.resize(static_cast<std::size_t>(bin) + 1, 0);
    raw.counts[static_cast<std::size_t>(bin)] = n;
    next = bin + 1;
  }
  raw.large_n = r.u64();
  raw.large_sum = r.u128();
  raw.large_sum_sq.lo = r.u128();
  raw.large_sum_sq.hi = r.u64();
  raw.large_max = r.i64();
  raw.large_min = r.i64();
  IntStat s;
  if (!IntStat::from_raw(std::move(raw), s)) r.fail("a histogram does not add up (its large values disagree with its bins)");
  return s;
}

void put_diff(ByteWriter& w, const PairedDiff& d) {
  w.u64(d.n);
  w.i128(d.sum);
  w.u128(d.sum_sq.lo);
  w.u64(d.sum_sq.hi);
}

PairedDiff get_diff(ByteReader& r) {
  PairedDiff d;
  d.n = r.u64();
  d.sum = r.i128();
  d.sum_sq.lo = r.u128();
  d.sum_sq.hi = r.u64();
  return d;
}

void put_paired(ByteWriter& w, const PairedTally& p) {
  w.u64(p.n);
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 2; ++b) w.u64(p.wins[a][b]);
  for (const PairedDiff* d : {&p.rounds, &p.pcs_down, &p.pc_deaths, &p.damage_to_party}) put_diff(w, *d);
}

PairedTally get_paired(ByteReader& r) {
  PairedTally p;
  p.n = r.u64();
  std::uint64_t sum = 0;
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 2; ++b) sum += p.wins[a][b] = r.u64();
  for (PairedDiff* d : {&p.rounds, &p.pcs_down, &p.pc_deaths, &p.damage_to_party}) {
    *d = get_diff(r);
    if (d->n != p.n) r.fail("a paired tally's counts disagree");
  }
  if (sum != p.n) r.fail("a paired tally's outcomes do not add up to its trials");
  return p;
}

void put_fight(ByteWriter& w, const Picks::Fight& f) {
  w.u64(f.trial);
  w.i64(f.pcs_down);
  w.i64(f.damage_to_party);
  w.i64(f.rounds);
}
Picks::Fight get_fight(ByteReader& r) {
  Picks::Fight f;
  f.trial = r.u64();
  f.pcs_down = r.i64();
  f.damage_to_party = r.i64();
  f.rounds = r.i64();
  return f;
}

// The fights worth seeing: the three extremes, then each sample (count, fights).
void put_picks(ByteWriter& w, const Picks& p) {
  for (const Picks::Fight* f : {&p.worst_loss_fight, &p.narrow_win_fight, &p.best_win_fight}) put_fight(w, *f);
  w.u64(static_cast<std::uint64_t>(p.losses_sampled));
  for (int k = 0; k < p.losses_sampled; ++k) put_fight(w, p.loss_sample[k]);
  w.u64(static_cast<std::uint64_t>(p.wins_sampled));
  for (int k = 0; k < p.wins_sampled; ++k) put_fight(w, p.win_sample[k]);
}
void get_picks(ByteReader& r, Picks& p) {
  for (Picks::Fight* f : {&p.worst_loss_fight, &p.narrow_win_fight, &p.best_win_fight}) *f = get_fight(r);
  const auto sample = [&](Picks::Fight* fights, int& n) {
    const std::uint64_t count = r.u64();
    if (count > static_cast<std::uint64_t>(Picks::kSample)) r.fail("a sample of fights is larger than encsim keeps");
    n = static_cast<int>(count);
    for (int k = 0; k < n; ++k) fights[k] = get_fight(r);
    for (int k = 1; k < n; ++k)
      if (Picks::sampled_before(fights[k], fights[k - 1])) r.fail("a sample of fights is out of order");
  };
  sample(p.loss_sample, p.losses_sampled);
  sample(p.win_sample, p.wins_sampled);
}

void put_tally(ByteWriter& w, const Tally& t) {
  for (std::uint64_t v : {t.trials, t.party_wins, t.foes_wins, t.draws, t.foes_fled, t.party_wipes, t.wins_with_pc_down})
    w.u64(v);
  for (const IntStat* s : {&t.rounds, &t.pcs_down, &t.pc_deaths, &t.damage_to_party, &t.damage_to_foes}) put_stat(w, *s);
  for (const IntStat& s : t.resources) put_stat(w, s);
  for (const CombatantTally& c : t.combatants) {
    for (std::uint64_t v : {c.actions, c.attacks, c.hits, c.crits, c.area_attacks, c.area_hits}) w.u64(v);
    w.u128(c.damage_taken);
    put_stat(w, c.damage_dealt);
    w.u64(c.downs);
    w.u64(c.deaths);
    for (unsigned __int128 e : c.extra) w.u128(e);
    w.u128(c.hp_left);  // the end state (format 3)
    w.u128(c.hp_max);
    w.u64(c.near_deaths);
  }
  put_picks(w, t.picks);
  for (const FeatureTally& f : t.features) {
    w.u64(f.uses);
    w.u64(f.fights);
    for (unsigned __int128 v : {f.damage, f.healed, f.conditions, f.spent}) w.u128(v);
  }
  w.u128(t.win_rounds);  // format 3
  w.u128(t.win_damage_to_party);
}

// `t` already has the shape the description gives (combatants, resources, extras).
void get_tally(ByteReader& r, Tally& t) {
  for (std::uint64_t* v : {&t.trials, &t.party_wins, &t.foes_wins, &t.draws, &t.foes_fled, &t.party_wipes,
                           &t.wins_with_pc_down})
    *v = r.u64();
  for (IntStat* s : {&t.rounds, &t.pcs_down, &t.pc_deaths, &t.damage_to_party, &t.damage_to_foes}) *s = get_stat(r);
  for (IntStat& s : t.resources) s = get_stat(r);
  for (CombatantTally& c : t.combatants) {
    for (std::uint64_t* v : {&c.actions, &c.attacks, &c.hits, &c.crits, &c.area_attacks, &c.area_hits}) *v = r.u64();
    c.damage_taken = r.u128();
    c.damage_dealt = get_stat(r);
    c.downs = r.u64();
    c.deaths = r.u64();
    for (unsigned __int128& e : c.extra) e = r.u128();
    c.hp_left = r.u128();
    c.hp_max = r.u128();
    c.near_deaths = r.u64();
    if (c.near_deaths > t.trials || c.hp_left > c.hp_max) r.fail("a combatant's end state does not add up");
  }
  get_picks(r, t.picks);
  for (FeatureTally& f : t.features) {
    f.uses = r.u64();
    f.fights = r.u64();
    for (unsigned __int128* v : {&f.damage, &f.healed, &f.conditions, &f.spent}) *v = r.u128();
    if (f.fights > t.trials || f.fights > f.uses) r.fail("a feature was used in more fights than it had");
  }
  t.win_rounds = r.u128();
  t.win_damage_to_party = r.u128();
  if (t.win_rounds > t.rounds.exact_sum() || t.win_damage_to_party > t.damage_to_party.exact_sum())
    r.fail("a tally's wins hold more than all its fights");
  // The sums a merge relies on.
  if (t.party_wins + t.foes_wins + t.draws != t.trials || t.rounds.n() != t.trials)
    r.fail("a tally's outcomes do not add up to its trials");
}

void put_specs(ByteWriter& w, const std::vector<MetricSpec>& specs) {
  w.u64(specs.size());
  for (const MetricSpec& m : specs) {
    w.str(m.name);
    w.str(m.description);
    for (bool b : {m.rate, m.p90, m.distribution, m.p50}) w.u8(b ? 1 : 0);
    w.str(m.screen);  // format 3
  }
}

std::vector<MetricSpec> get_specs(ByteReader& r) {
  std::vector<MetricSpec> specs(r.count(28));
  for (MetricSpec& m : specs) {
    m.name = intern(r.str());
    m.description = intern(r.str());
    m.rate = r.boolean();
    m.p90 = r.boolean();
    m.distribution = r.boolean();
    m.p50 = r.boolean();
    m.screen = intern(r.str());
  }
  return specs;
}

void put_pairs(ByteWriter& w, const std::vector<std::pair<std::string, std::string>>& pairs) {
  w.u64(pairs.size());
  for (const auto& [k, v] : pairs) {
    w.str(k);
    w.str(v);
  }
}

std::vector<std::pair<std::string, std::string>> get_pairs(ByteReader& r) {
  std::vector<std::pair<std::string, std::string>> pairs(r.count(16));
  for (auto& [k, v] : pairs) {
    k = r.str();
    v = r.str();
  }
  return pairs;
}

// What a report prints about a result besides its tallies: equal in every
// shard of a job.
void put_description(ByteWriter& w, const VariantResult& v, std::uint64_t total) {
  w.str(v.scenario);
  w.str(v.variant);
  w.str(v.ruleset);
  w.u64(v.seed);
  w.u64(total);
  w.u64(v.combatants.size());
  for (const CombatantInfo& c : v.combatants) {
    w.str(c.name);
    w.u8(c.pc ? 1 : 0);
    w.i64(c.side);
  }
  put_specs(w, v.resources);
  put_specs(w, v.extras);
  put_pairs(w, v.facts);
  w.str(v.note);
  put_pairs(w, v.keys);
  w.str(v.paired_with);
  w.f64(v.precision);
  // The play styles and the band's ends (format 2); the band's counts are
  // tallies (put_band_counts).
  w.str(v.style_foes);
  w.str(v.style_party);
  w.u64(v.behaviour.size());
  for (const std::string& line : v.behaviour) w.str(line);
  w.u64(v.band.size());
  for (const VariantResult::BandEnd& b : v.band) w.str(b.foes);
  w.str(v.description);
  w.str(v.variant_note);
  w.str(v.damage_unit);
  // The features (format 3): owner, name and what `spent` counts.
  w.u64(v.features.size());
  for (const FeatureInfo& f : v.features) {
    w.u64(static_cast<std::uint64_t>(f.owner));
    w.str(f.name);
    w.str(f.spent);
  }
  // The default view's system lines (format 3).
  w.str(v.coverage);
  w.u64(v.headline.size());
  for (const std::string& line : v.headline) w.str(line);
}

void get_description(ByteReader& r, VariantResult& v, std::uint64_t& total) {
  v.scenario = r.str();
  v.variant = r.str();
  v.ruleset = r.str();
  v.seed = r.u64();
  total = r.u64();
  v.combatants.resize(r.count(17));
  for (CombatantInfo& c : v.combatants) {
    c.name = r.str();
    c.pc = r.boolean();
    const std::int64_t side = r.i64();
    if (side != 0 && side != 1) r.fail("a combatant's side is " + std::to_string(side));
    c.side = static_cast<int>(side);
  }
  v.resources = get_specs(r);
  v.extras = get_specs(r);
  if (v.resources.size() > static_cast<std::size_t>(TrialRecord::kMaxResources) ||
      v.extras.size() > static_cast<std::size_t>(CombatantRecord::kMaxExtra))
    r.fail("a result has more metrics than encsim keeps");
  v.facts = get_pairs(r);
  v.note = r.str();
  v.keys = get_pairs(r);
  v.paired_with = r.str();
  v.precision = r.f64();
  v.style_foes = r.str();
  v.style_party = r.str();
  v.behaviour.resize(r.count(8));
  for (std::string& line : v.behaviour) line = r.str();
  v.band.resize(r.count(8));
  for (VariantResult::BandEnd& b : v.band) b.foes = r.str();
  v.description = r.str();
  v.variant_note = r.str();
  v.damage_unit = r.str();
  v.features.resize(r.count(24));
  for (FeatureInfo& f : v.features) {
    const std::uint64_t owner = r.u64();
    if (owner >= v.combatants.size()) r.fail("a feature's owner is combatant " + std::to_string(owner) + " of " +
                                             std::to_string(v.combatants.size()));
    f.owner = static_cast<int>(owner);
    f.name = r.str();
    f.spent = r.str();
  }
  v.coverage = r.str();
  v.headline.resize(r.count(8));
  for (std::string& line : v.headline) line = r.str();
  v.tally = Tally(v.combatants.size(), v.resources.size(), v.extras.size(), v.features.size());
}

void put_session(ByteWriter& w, const SessionTally& s) {
  for (std::uint64_t v : {s.trials, s.survived_all, s.both_survived, s.only_this, s.only_first}) w.u64(v);
  w.u64(s.fights.size());
  for (const SessionTally::Fight& f : s.fights) {
    w.u64(f.reached);
    w.u64(f.won);
    w.u64(f.carry.size());
    for (const IntStat& c : f.carry) put_stat(w, c);
  }
}

SessionTally get_session(ByteReader& r) {
  SessionTally s;
  for (std::uint64_t* v : {&s.trials, &s.survived_all, &s.both_survived, &s.only_this, &s.only_first}) *v = r.u64();
  s.fights.resize(r.count(24));
  for (SessionTally::Fight& f : s.fights) {
    f.reached = r.u64();
    f.won = r.u64();
    f.carry.resize(r.count(8));
    for (IntStat& c : f.carry) c = get_stat(r);
    if (f.won > f.reached || f.reached > s.trials) r.fail("a session's fight counts do not add up");
  }
  if (s.survived_all > s.trials || s.both_survived + s.only_this + s.only_first > s.trials)
    r.fail("a session's counts do not add up");
  return s;
}

void put_section(std::string& out, std::string_view tag, const std::string& payload) {
  ByteWriter w;
  w.raw(tag);
  w.u64(payload.size());
  out += w.bytes();
  out += payload;
}

}  // namespace

// --- the file -------------------------------------------------------------------

std::string encode_part(const Part& part) {
  ENCSIM_CHECK_EQ(part.results.size(), part.totals.size());
  const PartHeader& h = part.head;
  ByteWriter head;
  head.str(h.command);
  head.str(h.version);
  head.u64(h.scenario_hash);
  head.u64(h.seed);
  head.u64(h.trials);
  head.u32(h.shard);
  head.u32(h.shards);
  head.u64(h.first_trial);
  head.u64(h.end_trial);
  head.u64(h.engine);
  ByteWriter results;
  results.u64(part.results.size());
  for (std::size_t i = 0; i < part.results.size(); ++i) put_description(results, part.results[i], part.totals[i]);
  results.u64(part.paired.size());
  ByteWriter tallies;
  for (const VariantResult& v : part.results) {
    put_tally(tallies, v.tally);
    put_paired(tallies, v.paired);
    tallies.f64(v.seconds);
    tallies.u8(v.precision_reached ? 1 : 0);
    for (const VariantResult::BandEnd& b : v.band) {
      tallies.u64(b.trials);
      tallies.u64(b.party_wins);
    }
  }
  for (const PairedTally& p : part.paired) put_paired(tallies, p);

  std::string out(kPartMagic);
  ByteWriter version;
  version.u32(kPartFormat);
  out += version.bytes();
  put_section(out, "HEAD", head.bytes());
  put_section(out, "PLAN", part.plan);
  put_section(out, "RSLT", results.bytes());
  put_section(out, "TALY", tallies.bytes());
  if (!part.sessions.empty()) {
    ByteWriter sessions;
    sessions.u64(part.sessions.size());
    for (const SessionTally& st : part.sessions) put_session(sessions, st);
    put_section(out, "sess", sessions.bytes());
  }
  ByteWriter sum;
  sum.u64(fnv1a(out));
  put_section(out, "CSUM", sum.bytes());
  return out;
}

Part decode_part(std::string_view bytes, const std::string& path) {
  ByteReader file(bytes, path);
  if (bytes.size() < kPartMagic.size() || bytes.substr(0, kPartMagic.size()) != kPartMagic)
    file.fail("it is not an encsim partial result (it does not start with " + std::string(kPartMagic) + ")");
  file.take(kPartMagic.size());
  const std::uint32_t format = file.u32();
  if (format != kPartFormat)
    file.fail("it is in partial-result format " + std::to_string(format) + "; this encsim reads format " +
              std::to_string(kPartFormat) + " (merge with the encsim that wrote it)");
  // Sections: a four-letter tag, a length, the payload; CSUM last. A tag
  // starting with a lower-case letter is optional and skipped when unknown.
  std::string_view head, plan, results, tallies, sessions;
  bool summed = false;
  while (!file.done()) {
    const std::size_t at = file.offset();
    const std::string tag(file.take(4));
    const std::string_view payload = file.take(static_cast<std::size_t>(std::min<std::uint64_t>(file.u64(), SIZE_MAX)));
    if (tag == "CSUM") {
      ByteReader sum(payload, path, "CSUM");
      if (sum.u64() != fnv1a(bytes.substr(0, at)))
        file.fail("its checksum does not match its contents (damaged or altered)");
      if (!file.done()) file.fail("it has bytes after its checksum");
      summed = true;
    } else if (tag == "HEAD") {
      head = payload;
    } else if (tag == "PLAN") {
      plan = payload;
    } else if (tag == "RSLT") {
      results = payload;
    } else if (tag == "TALY") {
      tallies = payload;
    } else if (tag == "sess") {
      sessions = payload;
    } else if (!(tag[0] >= 'a' && tag[0] <= 'z')) {
      file.fail("it has a section '" + tag + "' this encsim does not know (written by a newer encsim?)");
    }
  }
  if (!summed) file.fail("it ends early, before its checksum (cut short while being written or copied?)");
  if (head.empty() || results.empty() || tallies.empty()) file.fail("a section is missing");

  Part part;
  part.path = path;
  ByteReader h(head, path, "HEAD");
  PartHeader& ph = part.head;
  ph.command = h.str();
  ph.version = h.str();
  ph.scenario_hash = h.u64();
  ph.seed = h.u64();
  ph.trials = h.u64();
  ph.shard = h.u32();
  ph.shards = h.u32();
  ph.first_trial = h.u64();
  ph.end_trial = h.u64();
  ph.engine = h.u64();
  if (ph.shards == 0 || ph.shard == 0 || ph.shard > ph.shards)
    file.fail("it says it is shard " + std::to_string(ph.shard) + " of " + std::to_string(ph.shards));
  part.plan = std::string(plan);

  ByteReader r(results, path, "RSLT");
  part.results.resize(r.count(64));
  part.totals.resize(part.results.size());
  for (std::size_t i = 0; i < part.results.size(); ++i) get_description(r, part.results[i], part.totals[i]);
  const std::uint64_t n_paired = r.u64();
  if (n_paired > tallies.size() / 8) r.fail("its paired tallies run past its end");
  part.paired.resize(static_cast<std::size_t>(n_paired));
  ByteReader t(tallies, path, "TALY");
  for (VariantResult& v : part.results) {
    get_tally(t, v.tally);
    v.paired = get_paired(t);
    v.seconds = t.f64();
    v.precision_reached = t.boolean();
    for (VariantResult::BandEnd& b : v.band) {
      b.trials = t.u64();
      b.party_wins = t.u64();
      if (b.party_wins > b.trials) t.fail("a band's wins exceed its trials");
    }
  }
  for (PairedTally& p : part.paired) p = get_paired(t);
  if (!r.done() || !t.done() || !h.done()) file.fail("a section has bytes its contents do not account for");
  // The shape of the sessions (variants, fights, carried metrics) belongs to the job.
  ByteWriter session_shape;
  if (!sessions.empty()) {
    ByteReader sr(sessions, path, "sess");
    part.sessions.resize(sr.count(48));
    for (SessionTally& st : part.sessions) {
      st = get_session(sr);
      session_shape.u64(st.fights.size());
      for (const SessionTally::Fight& f : st.fights) session_shape.u64(f.carry.size());
    }
    if (!sr.done()) file.fail("a section has bytes its contents do not account for");
  }

  // Everything but the shard's own place and its numbers.
  ByteWriter id;
  id.str(ph.command);
  id.str(ph.version);
  id.u64(ph.scenario_hash);
  id.u64(ph.seed);
  id.u64(ph.trials);
  id.u64(ph.engine);
  id.u32(ph.shards);
  id.str(plan);
  id.str(results);
  if (!sessions.empty()) id.str(session_shape.bytes());
  part.job_hash = fnv1a(id.bytes());
  return part;
}

Part read_part(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw InputError(SourcePos{}, "cannot read partial result '" + path + "': " + std::generic_category().message(errno));
  std::ostringstream os;
  os << in.rdbuf();
  if (in.bad()) throw InputError(SourcePos{}, "cannot read partial result '" + path + "'");
  return decode_part(os.str(), path);
}

// --- identity ----------------------------------------------------------------------

namespace {

void hash_node(ByteWriter& w, const Node& n) {
  w.u8(static_cast<std::uint8_t>(n.kind()));
  switch (n.kind()) {
    case Node::Kind::null: break;
    case Node::Kind::scalar: w.str(n.text()); break;
    case Node::Kind::list:
      w.u64(n.items().size());
      for (const Node& item : n.items()) hash_node(w, item);
      break;
    case Node::Kind::map:
      w.u64(n.entries().size());
      for (const Node::Entry& e : n.entries()) {
        w.str(e.key);
        hash_node(w, e.value);
      }
      break;
  }
}

}  // namespace

std::uint64_t scenario_hash(const Scenario& s) {
  ByteWriter w;
  w.str(s.name);
  w.str(s.ruleset);
  w.u64(s.trials);
  w.u64(s.seed);
  w.u64(s.variants.size());
  for (const Variant& v : s.variants) {
    w.str(v.name);
    hash_node(w, v.doc);
  }
  return fnv1a(w.bytes());
}

TrialRange shard_trials(std::uint64_t trials, std::uint32_t shard, std::uint32_t shards) {
  ENCSIM_CHECK(shards >= 1 && shard >= 1 && shard <= shards);
  const std::uint64_t chunks = trials / kChunkTrials + (trials % kChunkTrials != 0 ? 1 : 0);
  const auto chunk_at = [&](std::uint32_t i) {
    return static_cast<std::uint64_t>(static_cast<unsigned __int128>(chunks) * i / shards);
  };
  const std::uint64_t first = chunk_at(shard - 1) * kChunkTrials;
  const std::uint64_t end = std::min<std::uint64_t>(trials, chunk_at(shard) * kChunkTrials);
  return {std::min(first, end), end};
}

}  // namespace encsim
