#include "encsim/dice.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <utility>

namespace encsim {
namespace {

constexpr int kMaxSides = 1000;
// Flat numbers, and their running total, stay far from INT_MAX so that min(),
// max() and every roll are free of overflow without further checks.
constexpr int kMaxNumber = 1'000'000;
// distribution() of a keep/drop term costs about count^3 * sides^2 steps; the
// header promises std::invalid_argument beyond this many dice.
constexpr int kMaxDistributionKeepDice = 8;

using Terms = std::array<DiceTerm, Dice::kMaxTerms>;

struct Parsed {
  Terms terms{};
  int n_terms = 0;
  int flat = 0;
};

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
// ASCII only: the grammar has no other letters, and std::tolower depends on the locale.
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Parsed run() {
    skip_space();
    if (at_end()) fail(0, "empty dice expression");
    char sign = '+';
    bool explicit_sign = false;
    if (peek() == '+' || peek() == '-') {
      sign = peek();
      explicit_sign = true;
      ++pos_;
    }
    for (;;) {
      skip_space();
      term(sign, explicit_sign);
      skip_space();
      if (at_end()) break;
      if (peek() != '+' && peek() != '-') fail(pos_, unexpected(text_[pos_]));
      sign = peek();
      explicit_sign = true;
      ++pos_;
    }
    return out_;
  }

 private:
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return lower(text_[pos_]); }
  void skip_space() {
    while (!at_end() && is_space(text_[pos_])) ++pos_;
  }

  [[noreturn]] static void fail(std::size_t at, std::string message) {
    throw DiceParseError{static_cast<int>(at), std::move(message)};
  }
  static std::string unexpected(char c) { return std::string("unexpected '") + c + "'"; }

  // Reads a run of digits. Saturates just above kMaxNumber, so an absurdly long
  // number is reported as too large instead of overflowing.
  int number() {
    int value = 0;
    for (; !at_end() && is_digit(text_[pos_]); ++pos_)
      if (value <= kMaxNumber) value = value * 10 + (text_[pos_] - '0');
    return value;
  }

  void term(char sign, bool explicit_sign) {
    const std::size_t start = pos_;
    if (at_end() || (!is_digit(peek()) && peek() != 'd')) {
      if (explicit_sign || at_end())
        fail(pos_, std::string("expected a number or dice after '") + sign + "'");
      fail(pos_, unexpected(text_[pos_]));
    }
    int count = 1;
    if (is_digit(peek())) {
      count = number();
      skip_space();
    }
    if (at_end() || peek() != 'd') {
      if (count > kMaxNumber)
        fail(start, "number too large (at most " + std::to_string(kMaxNumber) + ")");
      out_.flat += sign == '-' ? -count : count;
      if (out_.flat < -kMaxNumber || out_.flat > kMaxNumber)
        fail(start, "the flat modifiers add up to more than " + std::to_string(kMaxNumber));
      return;
    }
    if (count < 1) fail(start, "a dice term needs at least 1 die");
    if (count > Dice::kMaxDice)
      fail(start, "too many dice in one term (at most " + std::to_string(Dice::kMaxDice) + ")");
    if (out_.n_terms == Dice::kMaxTerms)
      fail(start, "too many dice terms (at most " + std::to_string(Dice::kMaxTerms) + ")");
    ++pos_;  // the 'd'
    skip_space();

    const std::size_t sides_at = pos_;
    int sides = 0;
    if (!at_end() && peek() == '%') {
      sides = 100;
      ++pos_;
    } else if (!at_end() && is_digit(peek())) {
      sides = number();
    } else {
      fail(pos_, "expected a number of sides after 'd'");
    }
    if (sides < 1) fail(sides_at, "a die needs at least 1 side");
    if (sides > kMaxSides)
      fail(sides_at, "a die has at most " + std::to_string(kMaxSides) + " sides");

    DiceTerm t;
    t.count = static_cast<std::int16_t>(count);
    t.sides = static_cast<std::int16_t>(sides);
    t.sign = static_cast<std::int8_t>(sign == '-' ? -1 : 1);
    skip_space();
    keep_suffix(t, start);
    out_.terms[static_cast<std::size_t>(out_.n_terms++)] = t;
  }

  // kh N / kl N / dh N / dl N, each with N defaulting to 1. Drops become keeps,
  // and keeping every die becomes a plain term, so equal dice compare equal.
  void keep_suffix(DiceTerm& t, std::size_t term_start) {
    if (pos_ + 1 >= text_.size()) return;
    const char op = lower(text_[pos_]);
    const char end = lower(text_[pos_ + 1]);
    if ((op != 'k' && op != 'd') || (end != 'h' && end != 'l')) return;
    const std::size_t op_at = pos_;
    pos_ += 2;
    skip_space();
    std::size_t n_at = op_at;
    int n = 1;
    if (!at_end() && is_digit(peek())) {
      n_at = pos_;
      n = number();
    }
    const int count = t.count;
    if (count > Dice::kMaxKeepDice)
      fail(term_start,
           "a keep or drop term rolls at most " + std::to_string(Dice::kMaxKeepDice) + " dice");
    int keep = 0;
    if (op == 'k') {
      if (n < 1 || n > count)
        fail(n_at, "keep count must be between 1 and " + std::to_string(count));
      keep = n;
      t.mode = end == 'h' ? DiceTerm::Keep::highest : DiceTerm::Keep::lowest;
    } else {
      if (n > count - 1)
        fail(n_at, "drop count must be between 0 and " + std::to_string(count - 1));
      keep = count - n;
      t.mode = end == 'l' ? DiceTerm::Keep::highest : DiceTerm::Keep::lowest;
    }
    if (keep == count) {
      t.mode = DiceTerm::Keep::all;
      keep = 0;
    }
    t.keep = static_cast<std::int16_t>(keep);
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  Parsed out_;
};

int kept_dice(const DiceTerm& t) { return t.mode == DiceTerm::Keep::all ? t.count : t.keep; }

// Row n of Pascal's triangle, n <= kMaxKeepDice: exact in a double (C(32,16) < 2^53).
std::array<double, Dice::kMaxKeepDice + 1> binomial_row(int n) {
  std::array<double, Dice::kMaxKeepDice + 1> row{};
  row[0] = 1.0;
  for (std::size_t k = 1; k <= static_cast<std::size_t>(n); ++k)
    row[k] = row[k - 1] * static_cast<double>(static_cast<std::size_t>(n) - k + 1) /
             static_cast<double>(k);
  return row;
}

// E[sum of the kept dice] by order statistics: E[X_(j)] = sum_v P(X_(j) >= v),
// and X_(j) >= v iff at least n-j+1 of the n dice show v or more.
double kept_mean(const DiceTerm& t) {
  const int n = t.count;
  const int k = t.keep;
  const int s = t.sides;
  // The m with "at least m dice >= v" that belong to the kept order statistics.
  const int m_first = t.mode == DiceTerm::Keep::highest ? 1 : n - k + 1;
  const int m_last = t.mode == DiceTerm::Keep::highest ? k : n;
  const auto choose = binomial_row(n);
  std::array<double, Dice::kMaxKeepDice + 1> p_pow{}, q_pow{};
  double total = 0.0;
  for (int v = 1; v <= s; ++v) {
    const double p = static_cast<double>(s - v + 1) / s;
    p_pow[0] = q_pow[0] = 1.0;
    for (std::size_t i = 1; i <= static_cast<std::size_t>(n); ++i) {
      p_pow[i] = p_pow[i - 1] * p;
      q_pow[i] = q_pow[i - 1] * (1.0 - p);
    }
    // Tails summed from the top so the small terms are not lost.
    double tail = 0.0;
    for (int m = n; m >= m_first; --m) {
      const auto mu = static_cast<std::size_t>(m);
      tail += choose[mu] * p_pow[mu] * q_pow[static_cast<std::size_t>(n) - mu];
      if (m <= m_last) total += tail;
    }
  }
  return total;
}

// P(sum of the highest k of n dice with s sides == k + i) for i in [0, k*(s-1)].
// Walks the faces from s down to 1, deciding how many of the unassigned dice
// show each face, so it costs s*n*n*k*s steps instead of s^n.
std::vector<double> keep_highest_pmf(int n, int s, int k) {
  const std::size_t width = static_cast<std::size_t>(k * s + 1);
  auto at = [width](int i, int sum) {
    return static_cast<std::size_t>(i) * width + static_cast<std::size_t>(sum);
  };
  // f[at(i, sum)]: the i dice assigned so far show the faces already walked, and
  // the kept ones among them add up to `sum`.
  std::vector<double> f(static_cast<std::size_t>(n + 1) * width, 0.0);
  std::vector<double> g(f.size());
  // weight[r][c]: c given dice out of r unassigned ones all show one given face.
  using Row = std::array<double, kMaxDistributionKeepDice + 1>;
  std::array<Row, kMaxDistributionKeepDice + 1> weight{};
  for (std::size_t r = 0; r <= static_cast<std::size_t>(n); ++r) {
    const auto choose = binomial_row(static_cast<int>(r));
    double face_pow = 1.0;  // (1/s)^c
    for (std::size_t c = 0; c <= r; ++c, face_pow /= s) weight[r][c] = choose[c] * face_pow;
  }
  f[at(0, 0)] = 1.0;
  for (int v = s; v >= 1; --v) {
    std::fill(g.begin(), g.end(), 0.0);
    for (int i = 0; i <= n; ++i) {
      const int still_kept = std::max(0, k - i);
      const auto& w = weight[static_cast<std::size_t>(n - i)];
      for (int sum = 0; sum <= k * s; ++sum) {
        const double here = f[at(i, sum)];
        if (here == 0.0) continue;
        for (int c = 0; c <= n - i; ++c)
          g[at(i + c, sum + std::min(c, still_kept) * v)] += here * w[static_cast<std::size_t>(c)];
      }
    }
    std::swap(f, g);
  }
  return {f.begin() + static_cast<std::ptrdiff_t>(at(n, k)),
          f.begin() + static_cast<std::ptrdiff_t>(at(n, k * s)) + 1};
}

// A pmf over the integers lo, lo+1, ...
struct Pmf {
  int lo = 0;
  std::vector<double> p;
};

// Adds one die uniform over [first, first+sides-1]. Each window sum is taken
// from prefix sums or from suffix sums, whichever are smaller, so the far
// tails (3d6 is fine, but 100d6 reaches 6^-100) keep their relative precision.
void add_uniform(Pmf& a, int first, int sides) {
  const std::size_t n = a.p.size();
  const auto s = static_cast<std::size_t>(sides);
  std::vector<double> prefix(n + 1, 0.0), suffix(n + 1, 0.0);
  for (std::size_t i = 0; i < n; ++i) prefix[i + 1] = prefix[i] + a.p[i];
  for (std::size_t i = n; i-- > 0;) suffix[i] = suffix[i + 1] + a.p[i];
  std::vector<double> out(n + s - 1);
  for (std::size_t k = 0; k < out.size(); ++k) {
    const std::size_t from = k + 1 >= s ? k + 1 - s : 0;
    const std::size_t to = std::min(n, k + 1);
    const double window =
        prefix[to] <= suffix[from] ? prefix[to] - prefix[from] : suffix[from] - suffix[to];
    out[k] = window / sides;
  }
  a.lo += first;
  a.p = std::move(out);
}

Pmf convolve(const Pmf& a, const Pmf& b) {
  Pmf out{a.lo + b.lo, std::vector<double>(a.p.size() + b.p.size() - 1, 0.0)};
  for (std::size_t i = 0; i < a.p.size(); ++i)
    for (std::size_t j = 0; j < b.p.size(); ++j) out.p[i + j] += a.p[i] * b.p[j];
  return out;
}

}  // namespace

Dice Dice::parse(std::string_view text) {
  const Parsed parsed = Parser(text).run();
  Dice d;
  d.terms_ = parsed.terms;
  d.n_terms_ = parsed.n_terms;
  d.flat_ = parsed.flat;
  return d;
}

int Dice::min() const {
  int total = flat_;
  for (int i = 0; i < n_terms_; ++i) {
    const DiceTerm& t = term(i);
    total += t.sign > 0 ? kept_dice(t) : -kept_dice(t) * t.sides;
  }
  return total;
}

int Dice::max() const {
  int total = flat_;
  for (int i = 0; i < n_terms_; ++i) {
    const DiceTerm& t = term(i);
    total += t.sign > 0 ? kept_dice(t) * t.sides : -kept_dice(t);
  }
  return total;
}

// Only positive terms count: a critical doubles the damage dice, and a
// subtracted die ("1d8-1d4") is a penalty, not damage, so its best case for the
// attacker (rolling 1) is not something a critical should add or take away.
int Dice::max_dice() const {
  int total = 0;
  for (int i = 0; i < n_terms_; ++i) {
    const DiceTerm& t = term(i);
    if (t.sign > 0) total += kept_dice(t) * t.sides;
  }
  return total;
}

int Dice::single_die_sides() const {
  if (n_terms_ != 1) return 0;
  const DiceTerm& t = term(0);
  return t.count == 1 && t.mode == DiceTerm::Keep::all ? t.sides : 0;
}

double Dice::mean() const {
  double total = flat_;
  for (int i = 0; i < n_terms_; ++i) {
    const DiceTerm& t = term(i);
    const double m = t.mode == DiceTerm::Keep::all ? t.count * (t.sides + 1) / 2.0 : kept_mean(t);
    total += t.sign * m;
  }
  return total;
}

std::vector<double> Dice::distribution() const {
  Pmf total{flat_, {1.0}};
  for (int i = 0; i < n_terms_; ++i) {
    const DiceTerm& t = term(i);
    if (t.mode == DiceTerm::Keep::all) {
      for (int k = 0; k < t.count; ++k) add_uniform(total, t.sign > 0 ? 1 : -t.sides, t.sides);
      continue;
    }
    if (t.count > kMaxDistributionKeepDice)
      throw std::invalid_argument("distribution() of '" + to_string() +
                                  "': keep/drop terms with more than 8 dice are too large");
    Pmf kept{t.keep, keep_highest_pmf(t.count, t.sides, t.keep)};
    // Lowest k of X are (s+1) minus the highest k of s+1-X, which has the same law.
    if (t.mode == DiceTerm::Keep::lowest) std::reverse(kept.p.begin(), kept.p.end());
    if (t.sign < 0) {
      std::reverse(kept.p.begin(), kept.p.end());
      kept.lo = -t.keep * t.sides;
    }
    total = convolve(total, kept);
  }
  ENCSIM_CHECK_EQ(total.lo, min());
  ENCSIM_CHECK_EQ(static_cast<int>(total.p.size()), max() - min() + 1);
  return std::move(total.p);
}

std::string Dice::to_string() const {
  std::string out;
  for (int i = 0; i < n_terms_; ++i) {
    const DiceTerm& t = term(i);
    if (t.sign < 0 || i > 0) out += t.sign < 0 ? '-' : '+';
    out += std::to_string(t.count) + 'd' + std::to_string(t.sides);
    if (t.mode != DiceTerm::Keep::all)
      out += (t.mode == DiceTerm::Keep::highest ? "kh" : "kl") + std::to_string(t.keep);
  }
  if (n_terms_ == 0) return std::to_string(flat_);
  if (flat_ > 0) out += '+';
  if (flat_ != 0) out += std::to_string(flat_);
  return out;
}

Dice Dice::plus(const Dice& other) const {
  ENCSIM_CHECK_LE(n_terms_ + other.n_terms_, kMaxTerms);
  const long long flat = static_cast<long long>(flat_) + other.flat_;
  ENCSIM_CHECK(flat >= std::numeric_limits<int>::min() && flat <= std::numeric_limits<int>::max());
  Dice d = *this;
  for (int i = 0; i < other.n_terms_; ++i)
    d.terms_[static_cast<std::size_t>(d.n_terms_++)] = other.term(i);
  d.flat_ = static_cast<int>(flat);
  return d;
}

bool operator==(const Dice& a, const Dice& b) {
  if (a.n_terms_ != b.n_terms_ || a.flat_ != b.flat_) return false;
  return std::equal(a.terms_.begin(), a.terms_.begin() + a.n_terms_, b.terms_.begin());
}

}  // namespace encsim
