// Dice expressions, parsed once at load time into plain numbers:
//   d20  3d6+2  2d6+1d4+3  d%  d100  1d20-2  7  2d20kh1  2d20kl1  4d6dl1  4d6dh1
// A Dice is a sum of up to kMaxTerms signed terms plus a flat modifier. Rolling
// one touches no strings and allocates nothing.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/check.hpp"

namespace encsim {

// Thrown by Dice::parse; `offset` is the 0-based character offset of the
// problem inside the text, so the loader can point a caret at it.
struct DiceParseError {
  int offset;
  std::string message;
};

struct DiceTerm {
  enum class Keep : std::uint8_t { all, highest, lowest };
  std::int16_t count = 0;  // number of dice rolled, 1..kMaxDice
  std::int16_t sides = 0;  // faces, 1..1000
  std::int16_t keep = 0;   // dice kept when `mode` is not `all` (1..count)
  Keep mode = Keep::all;   // kh/dl keep the highest, kl/dh keep the lowest
  std::int8_t sign = 1;    // +1 or -1

  friend bool operator==(const DiceTerm&, const DiceTerm&) = default;
};

class Dice {
 public:
  static constexpr int kMaxTerms = 6;
  static constexpr int kMaxDice = 100;  // per term; keep/drop terms at most kMaxKeepDice
  static constexpr int kMaxKeepDice = 32;

  Dice() = default;
  static Dice constant(int value) {
    Dice d;
    d.flat_ = value;
    return d;
  }
  // Throws DiceParseError. Whitespace is allowed between tokens; letters are
  // case-insensitive ("D8" == "d8").
  static Dice parse(std::string_view text);

  // A die roll source is anything with `int die(int sides)`: Rng, or a
  // scripted source in tests.
  template <class R>
  int roll(R& rng) const {
    int total = flat_;
    for (int i = 0; i < n_terms_; ++i) total += roll_term(terms_[static_cast<std::size_t>(i)], rng);
    return total;
  }

  int min() const;
  int max() const;
  double mean() const;  // exact, also for keep/drop terms
  // Sum of the highest faces of the dice, without the flat modifier: what a
  // critical hit adds ("add the maximum of the dice").
  int max_dice() const;
  int flat() const { return flat_; }
  int term_count() const { return n_terms_; }
  const DiceTerm& term(int i) const { return terms_[static_cast<std::size_t>(i)]; }
  bool is_constant() const { return n_terms_ == 0; }
  // The largest die of a single-term expression ("d8" -> 8), 0 otherwise.
  int single_die_sides() const;

  // Exact probability of every total from min() to max(): result[k] is
  // P(total == min() + k). Throws std::invalid_argument when it would be too
  // large to enumerate (keep/drop terms with more than 8 dice).
  std::vector<double> distribution() const;

  // Canonical text: "2d6+1d4+3", "2d20kh1", "4d6dl1" -> "4d6kh3", "d%" -> "1d100".
  std::string to_string() const;

  // The same dice with a different flat modifier added (e.g. weapon die + stat).
  Dice plus(int modifier) const {
    Dice d = *this;
    d.flat_ += modifier;
    return d;
  }
  // Appends the terms of `other` (and its flat part). CHECKs that the terms fit.
  Dice plus(const Dice& other) const;

  friend bool operator==(const Dice& a, const Dice& b);

 private:
  template <class R>
  static int roll_term(const DiceTerm& t, R& rng) {
    if (t.mode == DiceTerm::Keep::all) {
      int s = 0;
      for (int k = 0; k < t.count; ++k) s += rng.die(t.sides);
      return t.sign * s;
    }
    // Keep highest/lowest: a small insertion sort on the stack.
    std::array<int, kMaxKeepDice> v{};
    for (int k = 0; k < t.count; ++k) {
      int x = rng.die(t.sides);
      int j = k;
      for (; j > 0 && v[static_cast<std::size_t>(j - 1)] > x; --j)
        v[static_cast<std::size_t>(j)] = v[static_cast<std::size_t>(j - 1)];
      v[static_cast<std::size_t>(j)] = x;
    }
    int s = 0;
    if (t.mode == DiceTerm::Keep::highest) {
      for (int k = t.count - t.keep; k < t.count; ++k) s += v[static_cast<std::size_t>(k)];
    } else {
      for (int k = 0; k < t.keep; ++k) s += v[static_cast<std::size_t>(k)];
    }
    return t.sign * s;
  }

  std::array<DiceTerm, kMaxTerms> terms_{};
  int n_terms_ = 0;
  int flat_ = 0;
};

}  // namespace encsim
