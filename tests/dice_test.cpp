#include "encsim/dice.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "encsim/rng.hpp"

namespace encsim {
namespace {

// Parses text that must be malformed and returns the error.
DiceParseError parse_error(std::string_view text) {
  try {
    const Dice d = Dice::parse(text);
    ADD_FAILURE() << "'" << text << "' parsed as '" << d.to_string() << "'";
  } catch (const DiceParseError& e) {
    return e;
  }
  return {-1, ""};
}

// Hands out queued faces and remembers which dice were asked for.
struct ScriptedDice {
  std::vector<int> faces;
  std::size_t next = 0;
  std::vector<int> sides_asked;

  explicit ScriptedDice(std::vector<int> script) : faces(std::move(script)) {}

  int die(int sides) {
    sides_asked.push_back(sides);
    if (next >= faces.size()) {
      ADD_FAILURE() << "script ran out of faces";
      return 1;
    }
    const int face = faces[next++];
    EXPECT_GE(face, 1);
    EXPECT_LE(face, sides);
    return face;
  }
};

// Independent reference: enumerate every outcome of every term, keep by sorting.
std::map<int, double> brute_force_pmf(const Dice& d) {
  std::map<int, double> total{{d.flat(), 1.0}};
  for (int i = 0; i < d.term_count(); ++i) {
    const DiceTerm& t = d.term(i);
    std::map<int, double> term;
    std::vector<int> faces(static_cast<std::size_t>(t.count), 1);
    const double weight = std::pow(1.0 / t.sides, t.count);
    for (;;) {
      std::vector<int> sorted = faces;
      std::sort(sorted.begin(), sorted.end());
      const auto keep = static_cast<std::size_t>(t.mode == DiceTerm::Keep::all ? t.count : t.keep);
      int sum = 0;
      for (std::size_t k = 0; k < keep; ++k)
        sum += t.mode == DiceTerm::Keep::highest ? sorted[sorted.size() - 1 - k] : sorted[k];
      term[t.sign * sum] += weight;
      std::size_t k = 0;
      while (k < faces.size() && faces[k] == t.sides) faces[k++] = 1;
      if (k == faces.size()) break;
      ++faces[k];
    }
    std::map<int, double> next;
    for (const auto& [a, pa] : total)
      for (const auto& [b, pb] : term) next[a + b] += pa * pb;
    total = std::move(next);
  }
  return total;
}

TEST(DiceParse, CanonicalForms) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"d20", "1d20"},
      {"3d6+2", "3d6+2"},
      {"2d6+1d4+3", "2d6+1d4+3"},
      {"d%", "1d100"},
      {"3D%", "3d100"},
      {"d100", "1d100"},
      {"1d20-2", "1d20-2"},
      {"7", "7"},
      {"-2", "-2"},
      {"+5", "5"},
      {"0", "0"},
      {"1+2-4", "-1"},
      {"2d20kh1", "2d20kh1"},
      {"2d20kh", "2d20kh1"},
      {"2d20kl1", "2d20kl1"},
      {"2D20KL", "2d20kl1"},
      {"4d6dl1", "4d6kh3"},
      {"4d6dl", "4d6kh3"},
      {"4d6dh1", "4d6kl3"},
      {"4d6DH2", "4d6kl2"},
      {"4d6dl0", "4d6"},
      {"3d6kh3", "3d6"},
      {"1d20kl1", "1d20"},
      {"1d6+0", "1d6"},
      {"2+1d6", "1d6+2"},
      {"-1d6+4", "-1d6+4"},
      {"1d8-1d4", "1d8-1d4"},
      {" 2 d 6 + 3 ", "2d6+3"},
      {"\t1d8 +\n1", "1d8+1"},
      {"2d20 kh 1", "2d20kh1"},
      {"100d1000", "100d1000"},
      {"32d6kh31", "32d6kh31"},
      {"1d1", "1d1"},
      {"-2d8kl1-3", "-2d8kl1-3"},
      {"1000000", "1000000"},
      {"1d6+999999-1000000", "1d6-1"},
  };
  for (const auto& [text, canonical] : cases) {
    SCOPED_TRACE(text);
    const Dice d = Dice::parse(text);
    EXPECT_EQ(d.to_string(), canonical);
    const Dice again = Dice::parse(canonical);
    EXPECT_EQ(again, d);
    EXPECT_EQ(again.to_string(), canonical);
  }
}

TEST(DiceParse, Terms) {
  const Dice d = Dice::parse("4d6dl1 - 2d8kl1 + d% - 3");
  ASSERT_EQ(d.term_count(), 3);
  EXPECT_EQ(d.flat(), -3);
  EXPECT_EQ(d.term(0), (DiceTerm{4, 6, 3, DiceTerm::Keep::highest, 1}));
  EXPECT_EQ(d.term(1), (DiceTerm{2, 8, 1, DiceTerm::Keep::lowest, -1}));
  EXPECT_EQ(d.term(2), (DiceTerm{1, 100, 0, DiceTerm::Keep::all, 1}));
  EXPECT_FALSE(d.is_constant());
  EXPECT_TRUE(Dice::parse("3 + 4").is_constant());
  EXPECT_EQ(Dice::parse("3 + 4").flat(), 7);
}

TEST(DiceParse, Limits) {
  EXPECT_EQ(Dice::parse("1d4+1d4+1d4+1d4+1d4+1d4").term_count(), 6);
  // Flat numbers are not dice terms.
  EXPECT_EQ(Dice::parse("1+1d4+1+1d4+1+1d4+1+1d4+1+1d4+1+1d4+1").term_count(), 6);
  EXPECT_EQ(Dice::parse("100d1000").max(), 100000);
  EXPECT_EQ(Dice::parse("32d6dl31").term(0).keep, 1);
  // A long run of in-range flat numbers whose total would overflow an int.
  std::string many = "1000000";
  for (int i = 0; i < 3000; ++i) many += "+1000000";
  const DiceParseError e = parse_error(many);
  EXPECT_EQ(e.offset, 8);
  EXPECT_EQ(e.message, "the flat modifiers add up to more than 1000000");
}

TEST(DiceParse, Errors) {
  struct Case {
    std::string text;
    int offset;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"", 0, "empty dice expression"},
      {"   ", 0, "empty dice expression"},
      {"d", 1, "expected a number of sides after 'd'"},
      {"2d", 2, "expected a number of sides after 'd'"},
      {"2d+3", 2, "expected a number of sides after 'd'"},
      {"3x6", 1, "unexpected 'x'"},
      {"3X6", 1, "unexpected 'X'"},
      {"x", 0, "unexpected 'x'"},
      {"1d6+", 4, "expected a number or dice after '+'"},
      {"1d6 - ", 6, "expected a number or dice after '-'"},
      {"1d6++2", 4, "expected a number or dice after '+'"},
      {"1d6+-2", 4, "expected a number or dice after '+'"},
      {"--2", 1, "expected a number or dice after '-'"},
      {"+", 1, "expected a number or dice after '+'"},
      {"1d6 2", 4, "unexpected '2'"},
      {"1d6)", 3, "unexpected ')'"},
      {"1d%%", 3, "unexpected '%'"},
      {"1d6k2", 3, "unexpected 'k'"},
      {"2d20kh3", 6, "keep count must be between 1 and 2"},
      {"2d20kl0", 6, "keep count must be between 1 and 2"},
      {"4d6dl4", 5, "drop count must be between 0 and 3"},
      {"1d20dl", 4, "drop count must be between 0 and 0"},
      {"33d6kh1", 0, "a keep or drop term rolls at most 32 dice"},
      {"1d0", 2, "a die needs at least 1 side"},
      {"1d1001", 2, "a die has at most 1000 sides"},
      {"1d99999999999", 2, "a die has at most 1000 sides"},
      {"0d6", 0, "a dice term needs at least 1 die"},
      {"101d6", 0, "too many dice in one term (at most 100)"},
      {"99999999999d6", 0, "too many dice in one term (at most 100)"},
      {"1d6+99999999999", 4, "number too large (at most 1000000)"},
      {"1000001", 0, "number too large (at most 1000000)"},
      {"2d20kh99999999999", 6, "keep count must be between 1 and 2"},
      {"1d4+1d4+1d4+1d4+1d4+1d4+1d4", 24, "too many dice terms (at most 6)"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE("'" + c.text + "'");
    const DiceParseError e = parse_error(c.text);
    EXPECT_EQ(e.offset, c.offset);
    EXPECT_EQ(e.message, c.message);
  }
}

TEST(Dice, MinMaxAndFriends) {
  struct Case {
    std::string text;
    int min, max, max_dice, single_die_sides;
  };
  const std::vector<Case> cases = {
      {"2d6+1d4+3", 6, 19, 16, 0}, {"1d20-2", -1, 18, 20, 20},   {"1d8+3", 4, 11, 8, 8},
      {"1d8-1d4", -3, 7, 8, 0},    {"-1d6", -6, -1, 0, 6},       {"4d6dl1", 3, 18, 18, 0},
      {"2d20kl1", 1, 20, 20, 0},   {"-2d20kh1+5", -15, 4, 0, 0}, {"7", 7, 7, 0, 0},
      {"d%", 1, 100, 100, 100},    {"2d8", 2, 16, 16, 0},        {"1d20kh1", 1, 20, 20, 20},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    const Dice d = Dice::parse(c.text);
    EXPECT_EQ(d.min(), c.min);
    EXPECT_EQ(d.max(), c.max);
    EXPECT_EQ(d.max_dice(), c.max_dice);
    EXPECT_EQ(d.single_die_sides(), c.single_die_sides);
  }
}

TEST(Dice, ExactMeans) {
  EXPECT_DOUBLE_EQ(Dice::parse("3d6+2").mean(), 12.5);
  EXPECT_DOUBLE_EQ(Dice::parse("1d8-1d4").mean(), 2.0);
  EXPECT_DOUBLE_EQ(Dice::parse("7").mean(), 7.0);
  EXPECT_NEAR(Dice::parse("4d6dl1").mean(), 15869.0 / 1296.0, 1e-12);
  // Lowest three of four: 14 minus the mean of the highest die (6 - 979/1296).
  EXPECT_NEAR(Dice::parse("4d6dh1").mean(), 11347.0 / 1296.0, 1e-12);
  EXPECT_NEAR(Dice::parse("2d20kh1").mean(), 13.825, 1e-12);
  EXPECT_NEAR(Dice::parse("2d20kl1").mean(), 7.175, 1e-12);
  EXPECT_NEAR(Dice::parse("-2d20kh1+1").mean(), -12.825, 1e-12);
  // Keeping all but one of many dice: 32d6dl31 is the highest of 32d6.
  double highest_of_32d6 = 6.0;
  for (int u = 1; u <= 5; ++u) highest_of_32d6 -= std::pow(u / 6.0, 32);
  EXPECT_NEAR(Dice::parse("32d6dl31").mean(), highest_of_32d6, 1e-12);
}

TEST(Dice, DistributionMatchesBruteForce) {
  for (const char* text : {"3d6", "2d20kh1", "2d20kl1", "4d6dl1", "4d6dh1", "3d4kl2+1d3-1",
                           "5d3kh2-1d4+1", "-3d4kh1+2d3", "1d8-1d4", "-2d6", "d%-3", "7"}) {
    SCOPED_TRACE(text);
    const Dice d = Dice::parse(text);
    const std::vector<double> pmf = d.distribution();
    ASSERT_EQ(static_cast<int>(pmf.size()), d.max() - d.min() + 1);
    const std::map<int, double> expected = brute_force_pmf(d);
    double sum = 0.0;
    double mean = 0.0;
    for (std::size_t k = 0; k < pmf.size(); ++k) {
      const int total = d.min() + static_cast<int>(k);
      const auto it = expected.find(total);
      EXPECT_NEAR(pmf[k], it == expected.end() ? 0.0 : it->second, 1e-14) << "total " << total;
      sum += pmf[k];
      mean += total * pmf[k];
    }
    EXPECT_NEAR(sum, 1.0, 1e-12);
    EXPECT_NEAR(mean, d.mean(), 1e-10);
  }
}

TEST(Dice, DistributionKnownValues) {
  const std::vector<double> three_d6 = Dice::parse("3d6").distribution();
  EXPECT_NEAR(three_d6[10 - 3], 27.0 / 216, 1e-15);
  EXPECT_NEAR(three_d6[0], 1.0 / 216, 1e-15);
  const std::vector<double> adv = Dice::parse("2d20kh1").distribution();
  EXPECT_NEAR(adv[19], 39.0 / 400, 1e-15);
  EXPECT_NEAR(adv[0], 1.0 / 400, 1e-15);
  EXPECT_EQ(Dice::constant(4).distribution(), std::vector<double>{1.0});
}

TEST(Dice, DistributionOfLargeExpressions) {
  for (const char* text : {"100d6", "20d1000+10d10-5", "8d1000kh3", "8d12dl1+6d8-2d4+3", "-32d6"}) {
    SCOPED_TRACE(text);
    const Dice d = Dice::parse(text);
    const std::vector<double> pmf = d.distribution();
    double sum = 0.0;
    double mean = 0.0;
    for (std::size_t k = 0; k < pmf.size(); ++k) {
      EXPECT_GE(pmf[k], 0.0);
      sum += pmf[k];
      mean += (d.min() + static_cast<int>(k)) * pmf[k];
    }
    EXPECT_NEAR(sum, 1.0, 1e-12);
    EXPECT_NEAR(mean, d.mean(), 1e-9 * std::max(1.0, std::abs(d.mean())));
  }
  // The far tails keep their relative precision.
  const std::vector<double> many = Dice::parse("100d6").distribution();
  EXPECT_NEAR(many.front() / std::pow(6.0, -100), 1.0, 1e-9);
  EXPECT_NEAR(many.back() / std::pow(6.0, -100), 1.0, 1e-9);
  EXPECT_NEAR(many[1] / (100 * std::pow(6.0, -100)), 1.0, 1e-9);
}

TEST(Dice, DistributionRefusesHugeKeepTerms) {
  EXPECT_NO_THROW(Dice::parse("8d6kh3").distribution());
  EXPECT_THROW(Dice::parse("9d6kh3").distribution(), std::invalid_argument);
  EXPECT_THROW(Dice::parse("1d4+9d6dl1").distribution(), std::invalid_argument);
  EXPECT_NO_THROW(Dice::parse("9d6dl0").distribution());  // no keep left after normalising
}

TEST(DiceRoll, UsesDiceInOrder) {
  ScriptedDice src{{2, 5, 3}};
  EXPECT_EQ(Dice::parse("2d6+1d4+3").roll(src), 13);
  EXPECT_EQ(src.sides_asked, (std::vector<int>{6, 6, 4}));
  EXPECT_EQ(src.next, 3u);

  ScriptedDice sub{{6, 1}};
  EXPECT_EQ(Dice::parse("1d8-1d4").roll(sub), 5);
  EXPECT_EQ(sub.sides_asked, (std::vector<int>{8, 4}));

  ScriptedDice none{std::vector<int>{}};
  EXPECT_EQ(Dice::parse("-4").roll(none), -4);
  EXPECT_TRUE(none.sides_asked.empty());
}

TEST(DiceRoll, KeepsTheRightDice) {
  struct Case {
    std::string text;
    std::vector<int> faces;
    int total;
  };
  const std::vector<Case> cases = {
      {"4d6dl1", {3, 1, 6, 4}, 13},       {"4d6dh1", {3, 1, 6, 4}, 8},
      {"4d6kh1", {3, 1, 6, 4}, 6},        {"4d6kl2", {3, 1, 6, 4}, 4},
      {"2d20kh1", {7, 15}, 15},           {"2d20kl1", {7, 15}, 7},
      {"2d20kh1", {15, 7}, 15},           {"2d20kl1", {15, 7}, 7},
      {"-2d20kh1+5", {7, 15}, -10},       {"5d10kh2", {3, 9, 1, 9, 4}, 18},
      {"5d10kl2", {3, 9, 1, 9, 4}, 4},    {"3d6kh2+1d4", {2, 2, 5, 4}, 11},
      {"6d6dl2", {6, 5, 4, 3, 2, 1}, 18}, {"6d6dh2", {6, 5, 4, 3, 2, 1}, 10},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    ScriptedDice src{c.faces};
    EXPECT_EQ(Dice::parse(c.text).roll(src), c.total);
    EXPECT_EQ(src.next, c.faces.size());
  }
}

TEST(DiceRoll, SampledMeansMatchExactMeans) {
  constexpr int kSamples = 200'000;
  std::uint64_t trial = 0;
  for (const char* text : {"3d6+2", "4d6dl1", "4d6dh1", "2d20kh1", "2d20kl1", "1d8-1d4",
                           "5d10kh2-1", "d%", "-3d12kl2+1d20"}) {
    SCOPED_TRACE(text);
    const Dice d = Dice::parse(text);
    Rng rng = Rng::for_trial(20240611, trial++, Stream::dice);
    double sum = 0.0;
    double sum_sq = 0.0;
    int lo = d.max();
    int hi = d.min();
    for (int i = 0; i < kSamples; ++i) {
      const int x = d.roll(rng);
      lo = std::min(lo, x);
      hi = std::max(hi, x);
      sum += x;
      sum_sq += static_cast<double>(x) * x;
    }
    EXPECT_GE(lo, d.min());
    EXPECT_LE(hi, d.max());
    const double mean = sum / kSamples;
    const double variance = (sum_sq - sum * mean) / (kSamples - 1);
    const double standard_error = std::sqrt(variance / kSamples);
    EXPECT_GT(standard_error, 0.0);
    EXPECT_NEAR(mean, d.mean(), 4 * standard_error);
  }
}

TEST(Dice, PlusAndEquality) {
  const Dice sword = Dice::parse("1d8");
  EXPECT_EQ(sword.plus(3), Dice::parse("1d8+3"));
  EXPECT_EQ(sword.plus(Dice::parse("2d6+1")), Dice::parse("1d8+2d6+1"));
  EXPECT_EQ(Dice::parse("1d8+2").plus(Dice::parse("-1d4-5")).to_string(), "1d8-1d4-3");
  EXPECT_EQ(Dice::constant(3).plus(Dice::parse("2d20kh1")), Dice::parse("2d20kh1+3"));
  EXPECT_EQ(Dice::parse("1d4+1d4+1d4").plus(Dice::parse("1d6+1d6+1d6")).term_count(), 6);

  EXPECT_EQ(Dice(), Dice::parse("0"));
  EXPECT_EQ(Dice::constant(3), Dice::parse("3"));
  EXPECT_EQ(Dice::parse("D8 + 1"), Dice::parse("1d8+1"));
  EXPECT_FALSE(Dice::parse("1d6+2") == Dice::parse("1d6+3"));
  EXPECT_FALSE(Dice::parse("1d6") == Dice::parse("1d8"));
  EXPECT_FALSE(Dice::parse("2d20kh1") == Dice::parse("2d20kl1"));
  EXPECT_FALSE(Dice::parse("1d6") == Dice::parse("-1d6"));
  EXPECT_FALSE(Dice::parse("1d6") == Dice::parse("1d6+1d6"));
  // Terms are rolled in order, so order is part of the identity.
  EXPECT_FALSE(Dice::parse("1d6+1d4") == Dice::parse("1d4+1d6"));
}

TEST(DiceDeathTest, PlusChecksThatTheTermsFit) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const Dice four = Dice::parse("1d4+1d4+1d4+1d4");
  EXPECT_DEATH((void)four.plus(Dice::parse("1d6+1d6+1d6")), "CHECK failed");
}

}  // namespace
}  // namespace encsim
