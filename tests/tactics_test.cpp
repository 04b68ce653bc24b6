#include "input_error.hpp"
#include "encsim/tactics.hpp"

#include <gtest/gtest.h>

#include "io/yaml.hpp"

#include <array>
#include <string>
#include <vector>

namespace encsim::tactics {
namespace {

// common_vars() plus two of a system's own, so ids past kCommonVarCount and
// names with digits are exercised.
const std::vector<VarSpec>& test_vars() {
  static const std::vector<VarSpec> vars = [] {
    std::vector<VarSpec> v = common_vars();
    v.push_back({"self.slots_1", "first-level slots left"});
    v.push_back({"fear", "fear points"});
    return v;
  }();
  return vars;
}
constexpr int kSlots1 = kCommonVarCount;
constexpr int kFear = kCommonVarCount + 1;

struct Ctx {
  std::array<double, kCommonVarCount + 2> v{};
  double var(int id) const { return v.at(static_cast<std::size_t>(id)); }
};

Ctx sample_ctx() {
  Ctx c;
  c.v[kSelfHp] = 6;
  c.v[kSelfHpMax] = 24;
  c.v[kSelfHpFrac] = 0.25;
  c.v[kSelfHpLost] = 18;
  c.v[kAlliesAlive] = 3;
  c.v[kAlliesDown] = 1;
  c.v[kEnemiesAlive] = 2;
  c.v[kEnemiesDown] = 0;
  c.v[kRound] = 1;
  c.v[kSlots1] = 2;
  c.v[kFear] = 0;
  return c;
}

bool eval(std::string_view text, const Ctx& ctx = sample_ctx()) {
  return Condition::compile(text, SourcePos{}, test_vars()).holds(ctx);
}

TEST(TacticsVars, CommonVarsFollowTheEnum) {
  const auto& vars = common_vars();
  ASSERT_EQ(vars.size(), static_cast<std::size_t>(kCommonVarCount));
  EXPECT_EQ(vars[kSelfHp].name, "self.hp");
  EXPECT_EQ(vars[kSelfHpMax].name, "self.hp_max");
  EXPECT_EQ(vars[kSelfHpFrac].name, "self.hp_frac");
  EXPECT_EQ(vars[kSelfHpLost].name, "self.hp_lost");
  EXPECT_EQ(vars[kAlliesAlive].name, "allies_alive");
  EXPECT_EQ(vars[kAlliesDown].name, "allies_down");
  EXPECT_EQ(vars[kEnemiesAlive].name, "enemies_alive");
  EXPECT_EQ(vars[kEnemiesDown].name, "enemies_down");
  EXPECT_EQ(vars[kRound].name, "round");
  for (const auto& v : vars) EXPECT_FALSE(v.description.empty()) << v.name;
}

// One variable against a number is evaluated without the stack (holds()):
// the same answer as the same test written so that the stack runs.
TEST(TacticsCondition, VarAgainstNumberAgreesWithTheStack) {
  for (const char* op : {"<", "<=", ">", ">=", "==", "!=", "+", "-", "*", "/", "and", "or"})
    for (const char* k : {"0", "1", "2", "3", "5", "0.5"})
      for (const char* var : {"self.hp", "enemies_down", "self.hp_frac"}) {
        const std::string quick = std::string(var) + " " + op + " " + k, slow = "0 + " + quick;
        EXPECT_EQ(eval(quick), eval(slow)) << quick;
      }
}

TEST(TacticsCondition, DefaultIsAlwaysTrue) {
  const Condition c;
  EXPECT_TRUE(c.is_always());
  EXPECT_TRUE(c.holds(Ctx{}));
  EXPECT_TRUE(c.text().empty());
}

TEST(TacticsCondition, KeepsItsText) {
  const Condition c = Condition::compile("self.hp < 3", SourcePos{}, test_vars());
  EXPECT_EQ(c.text(), "self.hp < 3");
  EXPECT_FALSE(c.is_always());
}

TEST(TacticsCondition, Literals) {
  EXPECT_TRUE(eval("true"));
  EXPECT_FALSE(eval("false"));
  EXPECT_TRUE(eval("3"));
  EXPECT_TRUE(eval("0.5"));
  EXPECT_FALSE(eval("0"));
  EXPECT_FALSE(eval("0.0"));
  EXPECT_TRUE(eval("0.25 + 0.25 == 0.5"));
  EXPECT_TRUE(eval("true == 1 and false == 0"));
}

TEST(TacticsCondition, Arithmetic) {
  EXPECT_TRUE(eval("1 + 2 * 3 == 7"));
  EXPECT_TRUE(eval("(1 + 2) * 3 == 9"));
  EXPECT_TRUE(eval("10 - 4 - 3 == 3"));  // left-associative
  EXPECT_TRUE(eval("12 / 4 / 3 == 1"));
  EXPECT_TRUE(eval("2 * 3 - 8 / 4 == 4"));
  EXPECT_TRUE(eval("7 / 2 == 3.5"));
  EXPECT_TRUE(eval("-2 * 3 == -6"));
  EXPECT_TRUE(eval("- -2 == 2"));
  EXPECT_TRUE(eval("2 - -2 == 4"));
  EXPECT_TRUE(eval("-(1 + 2) == -3"));
  EXPECT_TRUE(eval("1+2*3==7"));  // no spaces needed
}

TEST(TacticsCondition, DivisionByZeroIsZero) {
  EXPECT_TRUE(eval("1 / 0 == 0"));
  EXPECT_FALSE(eval("5 / 0"));
  EXPECT_TRUE(eval("self.hp / enemies_down == 0"));
}

TEST(TacticsCondition, Comparisons) {
  EXPECT_TRUE(eval("1 < 2"));
  EXPECT_FALSE(eval("2 < 2"));
  EXPECT_TRUE(eval("2 <= 2"));
  EXPECT_FALSE(eval("3 <= 2"));
  EXPECT_TRUE(eval("3 > 2"));
  EXPECT_FALSE(eval("2 > 2"));
  EXPECT_TRUE(eval("2 >= 2"));
  EXPECT_FALSE(eval("1 >= 2"));
  EXPECT_TRUE(eval("2 == 2"));
  EXPECT_FALSE(eval("2 == 3"));
  EXPECT_TRUE(eval("2 != 3"));
  EXPECT_FALSE(eval("2 != 2"));
  EXPECT_TRUE(eval("(1 < 2) + (2 < 3) == 2"));  // comparisons give 1 or 0
  EXPECT_TRUE(eval("1 + 1 < 3"));               // arithmetic binds tighter
}

TEST(TacticsCondition, Logic) {
  EXPECT_TRUE(eval("true and true"));
  EXPECT_FALSE(eval("true and false"));
  EXPECT_TRUE(eval("false or true"));
  EXPECT_FALSE(eval("false or false"));
  EXPECT_TRUE(eval("not false"));
  EXPECT_FALSE(eval("not 5"));
  EXPECT_TRUE(eval("not not 5"));
  EXPECT_TRUE(eval("not 1 == 2"));             // not (1 == 2)
  EXPECT_TRUE(eval("true or false and false"));  // and binds tighter than or
  EXPECT_FALSE(eval("(true or false) and false"));
  EXPECT_FALSE(eval("not false and false"));   // (not false) and false
  EXPECT_TRUE(eval("not (false and false)"));
  EXPECT_TRUE(eval("2 and 3"));                // truth is "not 0"
  EXPECT_FALSE(eval("2 and 0"));
}

TEST(TacticsCondition, ReadsVariables) {
  const Ctx ctx = sample_ctx();
  EXPECT_TRUE(eval("self.hp_frac < 0.5", ctx));
  // A percentage is the number over 100 (self.hp_frac is 6/24 here).
  EXPECT_TRUE(eval("self.hp_frac < 50%", ctx));
  EXPECT_TRUE(eval("self.hp_frac == 25%", ctx));
  EXPECT_FALSE(eval("self.hp_frac <= 24.5%", ctx));
  EXPECT_TRUE(eval("self.hp == 6 and self.hp_max == 24", ctx));
  EXPECT_TRUE(eval("self.hp_lost == self.hp_max - self.hp", ctx));
  EXPECT_TRUE(eval("allies_alive == 3 and allies_down == 1", ctx));
  EXPECT_TRUE(eval("enemies_alive > enemies_down", ctx));
  EXPECT_TRUE(eval("round == 1", ctx));
  EXPECT_TRUE(eval("self.slots_1 >= 2 and not fear", ctx));
  EXPECT_TRUE(eval("  self.hp<=6  ", ctx));

  // The same program gives different answers as the state changes.
  const Condition c = Condition::compile("self.hp_frac < 0.5 and enemies_alive > 1", SourcePos{}, test_vars());
  Ctx later = ctx;
  EXPECT_TRUE(c.holds(ctx));
  later.v[kEnemiesAlive] = 1;
  EXPECT_FALSE(c.holds(later));
  later.v[kEnemiesAlive] = 2;
  later.v[kSelfHpFrac] = 0.5;
  EXPECT_FALSE(c.holds(later));
}

// ---------------------------------------------------------------------------
// Errors. Conditions are placed in a one-line file after "when: " (6 chars),
// so the condition starts at column 7.

constexpr int kTextCol = 7;

InputError compile_error(std::string_view text) {
  const auto file = SourceFile::from_text("t.yaml", "when: " + std::string(text));
  auto e = testing::input_error_of([&] { Condition::compile(text, SourcePos{file, 1, kTextCol}, test_vars()); });
  if (e) return *e;
  ADD_FAILURE() << "'" << text << "' compiled";
  return InputError(SourcePos{}, "");
}

// The message and the 0-based offset into the condition the caret points at.
void expect_error(std::string_view text, std::string_view message, int offset) {
  const InputError e = compile_error(text);
  EXPECT_EQ(e.message(), message) << "condition: " << text;
  EXPECT_EQ(e.pos().line, 1) << "condition: " << text;
  EXPECT_EQ(e.pos().col, kTextCol + offset) << "condition: " << text;
}

TEST(TacticsConditionError, RendersUnknownNameWithDidYouMean) {
  EXPECT_EQ(compile_error("self.hpp < 3").render(),
            "t.yaml:1:7: error: unknown name 'self.hpp' in condition (did you mean 'self.hp'?)\n"
            "    when: self.hpp < 3\n"
            "          ^\n");
}

TEST(TacticsConditionError, RendersMissingValueAtTheEnd) {
  EXPECT_EQ(compile_error("self.hp < 3 and").render(),
            "t.yaml:1:22: error: expected a value after 'and'\n"
            "    when: self.hp < 3 and\n"
            "                         ^\n");
}

TEST(TacticsConditionError, RendersChainedComparison) {
  EXPECT_EQ(compile_error("1 < round < 3").render(),
            "t.yaml:1:17: error: comparisons do not chain; use 'and'\n"
            "    when: 1 < round < 3\n"
            "                    ^\n");
}

TEST(TacticsConditionError, RendersUnbalancedParen) {
  EXPECT_EQ(compile_error("(round > 1))").render(),
            "t.yaml:1:18: error: unbalanced ')'\n"
            "    when: (round > 1))\n"
            "                     ^\n");
}

TEST(TacticsConditionError, UnknownNames) {
  expect_error("round > 1 and enemies > 2", "unknown name 'enemies' in condition", 14);
  expect_error("enemies_alve > 2", "unknown name 'enemies_alve' in condition (did you mean 'enemies_alive'?)", 0);
  expect_error("fears > 2", "unknown name 'fears' in condition (did you mean 'fear'?)", 0);
  // The longest name it starts with, not the first ('self.hp' is one too).
  expect_error("self.hp_fraction < 0.5", "unknown name 'self.hp_fraction' in condition (did you mean 'self.hp_frac'?)", 0);
  expect_error("NOT round", "unknown name 'NOT' in condition (keywords are lowercase: 'not')", 0);
  expect_error("round > 1 AND true", "unexpected 'AND' (keywords are lowercase: 'and')", 10);
  expect_error("True", "unknown name 'True' in condition (keywords are lowercase: 'true')", 0);
}

TEST(TacticsConditionError, Empty) {
  expect_error("", "empty condition", 0);
  expect_error("   ", "empty condition", 0);
}

TEST(TacticsConditionError, MissingValues) {
  expect_error("round >", "expected a value after '>'", 7);
  expect_error("round > 1 and and true", "expected a value after 'and'", 14);
  expect_error("not", "expected a value after 'not'", 3);
  expect_error("()", "expected a value after '('", 1);
  expect_error("1 + )", "expected a value after '+'", 4);
  expect_error("and round", "expected a value, got 'and'", 0);
  expect_error("* 2", "expected a value, got '*'", 0);
}

TEST(TacticsConditionError, Parentheses) {
  expect_error("(round > 1", "expected ')'", 10);
  expect_error("(round > 1 true", "expected ')'", 11);
  expect_error("((1)", "expected ')'", 4);
  expect_error("round > 1)", "unbalanced ')'", 9);
  expect_error(")", "unbalanced ')'", 0);
}

TEST(TacticsConditionError, UnexpectedTokens) {
  expect_error("round 1", "unexpected '1'", 6);
  expect_error("round > 1 true", "unexpected 'true'", 10);
  expect_error("round # 1", "unexpected '#'", 6);
  expect_error("round > 1 é", "unexpected 'é'", 10);
  expect_error("round = 1", "unexpected '='; compare with '=='", 6);
  expect_error("!round", "unexpected '!'; use 'not'", 0);
  expect_error("round && true", "unexpected '&&'; use 'and'", 6);
  expect_error("round || true", "unexpected '||'; use 'or'", 6);
  expect_error("round > 3abc", "malformed number '3abc'", 8);
  expect_error("round > 1.5.2", "malformed number '1.5.2'", 8);
  expect_error("round > 50%x", "malformed number '50%x'", 8);
  expect_error("round > 50%%", "unexpected '%'", 11);
  expect_error("_round", "unexpected '_'", 0);
}

TEST(TacticsConditionError, ComparisonsDoNotChain) {
  expect_error("1 < 2 < 3", "comparisons do not chain; use 'and'", 6);
  expect_error("1 == 1 != 0", "comparisons do not chain; use 'and'", 7);
  EXPECT_TRUE(eval("(1 < 2) < 3"));  // explicit grouping is fine
}

std::string repeat_join(int n, std::string_view item, std::string_view sep) {
  std::string s;
  for (int i = 0; i < n; ++i) {
    if (i > 0) s += sep;
    s += item;
  }
  return s;
}

TEST(TacticsConditionError, TooLong) {
  // n ones joined by '+' are 2n-1 ops; with a leading 'not', 2n.
  const std::string fits = "not " + repeat_join(24, "1", " + ");  // 48 ops
  EXPECT_FALSE(eval(fits));
  const std::string too_long = "not " + repeat_join(25, "1", " + ");  // 50 ops
  // Ops are 1 1 + 1 + ...: the 49th is the 24th '+', at 4 + 4 * 24 - 2.
  expect_error(too_long, "condition is too long (at most 48 operations)", 98);
}

TEST(TacticsConditionError, TooDeepStack) {
  // 1+(1+(1+...)) keeps every left operand on the stack: n values deep.
  auto nested = [](int n) {
    std::string s;
    for (int i = 1; i < n; ++i) s += "1+(";
    return s + "1" + std::string(static_cast<std::size_t>(n - 1), ')') + " == " + std::to_string(n);
  };
  EXPECT_TRUE(eval(nested(Condition::kMaxStack)));
  // The 17th value is the '1' after 16 "1+(" groups.
  expect_error(nested(Condition::kMaxStack + 1), "condition nests too deeply", 16 * 3);
}

TEST(TacticsConditionError, TooDeepNesting) {
  auto parens = [](int n) {
    return std::string(static_cast<std::size_t>(n), '(') + "1" + std::string(static_cast<std::size_t>(n), ')');
  };
  EXPECT_TRUE(eval(parens(32)));
  expect_error(parens(33), "condition nests too deeply", 32);
  expect_error(parens(10000), "condition nests too deeply", 32);
  expect_error(repeat_join(5000, "not", " ") + " 1", "condition nests too deeply", 32 * 4);
  expect_error(std::string(5000, '-') + "1", "condition nests too deeply", 32);
}

// ---------------------------------------------------------------------------
// Rules.

const std::vector<ActionSpec>& test_actions() {
  static const std::vector<ActionSpec> actions = {
      {"attack", "attack a foe", false},
      {"dodge", "take the dodge action", false},
      {"fear_feature", "spend fear on a feature", true},
  };
  return actions;
}

TEST(TacticsTargets, NamesMatchTheEnum) {
  const auto& specs = target_specs();
  ASSERT_EQ(specs.size(), 7U);
  const std::vector<std::pair<std::string_view, Target>> expected = {
      {"lowest_hp", Target::lowest_hp}, {"highest_hp", Target::highest_hp},
      {"weakest", Target::weakest},     {"strongest", Target::strongest},
      {"random", Target::random},       {"focus", Target::focus},
      {"last_attacker", Target::last_attacker}};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(specs[i].name, expected[i].first);
    EXPECT_EQ(specs[i].target, expected[i].second);
    EXPECT_FALSE(specs[i].description.empty());
  }
}

TEST(TacticsRules, KeysAreWhenDoTarget) {
  const auto& keys = rule_keys();
  ASSERT_EQ(keys.size(), 3U);
  EXPECT_EQ(keys[0].name, "when");
  EXPECT_EQ(keys[1].name, "do");
  EXPECT_EQ(keys[1].default_value, "");  // required
  EXPECT_EQ(keys[2].name, "target");
}

// A tactics list laid out as YAML text, with the Nodes a loader would build
// from it (positions are where each scalar starts, quotes included).
class RulesTest : public ::testing::Test {
 protected:
  void load(std::string text) { file_ = SourceFile::from_text("s.yaml", text); }
  SourcePos at(int line, int col) const { return SourcePos{file_, line, col}; }
  // `key: value` on `line`, the key at `col`, one space after the colon.
  NodeEntry entry(int line, int col, std::string key, std::string value) const {
    const int value_col = col + static_cast<int>(key.size()) + 2;
    return NodeEntry{key, at(line, col), Node::scalar(std::move(value), at(line, value_col))};
  }
  std::vector<Rule> compile(const Node& list, Target fallback = Target::lowest_hp) const {
    return compile_rules(list, test_actions(), test_vars(), fallback);
  }
  InputError error(const Node& list) const {
    auto e = testing::input_error_of([&] { compile(list); });
    if (e) return *e;
    ADD_FAILURE() << "rules compiled";
    return InputError(SourcePos{}, "");
  }

  std::shared_ptr<const SourceFile> file_;
};

TEST_F(RulesTest, CompilesAList) {
  load(
      "tactics:\n"
      "  - when: self.hp_frac < 0.5\n"
      "    do: dodge\n"
      "  - do: fear_feature:Earthquake\n"
      "    target: strongest\n"
      "    when: fear >= 2\n"
      "  - do: attack\n");
  const Node list = Node::list(
      {
          Node::map({entry(2, 5, "when", "self.hp_frac < 0.5"), entry(3, 5, "do", "dodge")}, at(2, 5)),
          Node::map({entry(4, 5, "do", "fear_feature:Earthquake"), entry(5, 5, "target", "strongest"),
                     entry(6, 5, "when", "fear >= 2")},
                    at(4, 5)),
          Node::map({entry(7, 5, "do", "attack")}, at(7, 5)),
      },
      at(2, 3));
  const std::vector<Rule> rules = compile(list, Target::weakest);
  ASSERT_EQ(rules.size(), 3U);

  EXPECT_EQ(rules[0].action, 1);
  EXPECT_EQ(rules[0].arg, "");
  EXPECT_EQ(rules[0].arg_id, -1);
  EXPECT_EQ(rules[0].target, Target::weakest);  // the system's default
  EXPECT_EQ(rules[0].when.text(), "self.hp_frac < 0.5");
  EXPECT_EQ(rules[0].pos.line, 2);
  EXPECT_EQ(rules[0].pos.col, 5);

  EXPECT_EQ(rules[1].action, 2);
  EXPECT_EQ(rules[1].arg, "Earthquake");
  EXPECT_EQ(rules[1].target, Target::strongest);

  EXPECT_EQ(rules[2].action, 0);
  EXPECT_TRUE(rules[2].when.is_always());
  EXPECT_EQ(rules[2].target, Target::weakest);

  Ctx ctx = sample_ctx();
  EXPECT_TRUE(rules[0].when.holds(ctx));
  EXPECT_FALSE(rules[1].when.holds(ctx));
  ctx.v[kFear] = 2;
  EXPECT_TRUE(rules[1].when.holds(ctx));
}

TEST_F(RulesTest, EmptyListIsNoRules) {
  load("tactics: []\n");
  EXPECT_TRUE(compile(Node::list({}, at(1, 10))).empty());
}

TEST_F(RulesTest, MustBeAListOfMaps) {
  load("tactics: attack\n");
  EXPECT_EQ(error(Node::scalar("attack", at(1, 10))).render(),
            "s.yaml:1:10: error: tactics must be a list of rules\n"
            "    tactics: attack\n"
            "             ^\n");
  load("tactics:\n  - attack\n");
  const InputError e = error(Node::list({Node::scalar("attack", at(2, 5))}, at(2, 3)));
  EXPECT_EQ(e.pos().line, 2);
  EXPECT_EQ(e.pos().col, 5);
  EXPECT_NE(e.message().find("a tactics rule must be a map"), std::string::npos) << e.message();
}

TEST_F(RulesTest, UnknownActionHasDidYouMeanAndTheList) {
  load(
      "tactics:\n"
      "  - do: atack\n");
  const Node list = Node::list({Node::map({entry(2, 5, "do", "atack")}, at(2, 5))}, at(2, 3));
  EXPECT_EQ(error(list).render(),
            "s.yaml:2:9: error: unknown action 'atack' in tactics rule 1 (did you mean 'attack'?); expected one of "
            "'attack', 'dodge' or 'fear_feature'\n"
            "      - do: atack\n"
            "            ^\n");
}

TEST_F(RulesTest, ActionArguments) {
  load(
      "tactics:\n"
      "  - do: attack:Goblin\n"
      "  - do: fear_feature\n"
      "  - do: fear_feature:\n"
      "  - do: fear_feature: \n");
  auto one = [&](int line, std::string text) {
    return Node::list({Node::map({entry(line, 5, "do", std::move(text))}, at(line, 5))}, at(line, 3));
  };
  InputError e = error(one(2, "attack:Goblin"));
  EXPECT_EQ(e.message(), "action 'attack' takes no argument; write 'do: attack'");
  EXPECT_EQ(e.pos().col, 9);
  e = error(one(3, "fear_feature"));
  EXPECT_EQ(e.message(), "action 'fear_feature' needs an argument: 'fear_feature:NAME'");
  EXPECT_EQ(error(one(4, "fear_feature:")).message(), e.message());
  EXPECT_EQ(error(one(5, "fear_feature: ")).message(), e.message());
  e = error(one(2, "dodge:"));
  EXPECT_EQ(e.message(), "action 'dodge' takes no argument; write 'do: dodge'");
}

TEST_F(RulesTest, UnknownTarget) {
  load(
      "tactics:\n"
      "  - do: attack\n"
      "    target: randm\n");
  const Node list = Node::list(
      {Node::map({entry(2, 5, "do", "attack"), entry(3, 5, "target", "randm")}, at(2, 5))}, at(2, 3));
  const InputError e = error(list);
  EXPECT_EQ(e.pos().line, 3);
  EXPECT_EQ(e.pos().col, 13);
  EXPECT_NE(e.message().find("randm"), std::string::npos) << e.message();
  EXPECT_NE(e.message().find("(did you mean 'random'?)"), std::string::npos) << e.message();
}

TEST_F(RulesTest, UnknownKeyInARule) {
  load(
      "tactics:\n"
      "  - whn: round > 1\n"
      "    do: attack\n");
  const Node list = Node::list(
      {Node::map({entry(2, 5, "whn", "round > 1"), entry(3, 5, "do", "attack")}, at(2, 5))}, at(2, 3));
  const InputError e = error(list);
  EXPECT_EQ(e.pos().line, 2);
  EXPECT_EQ(e.pos().col, 5);
  EXPECT_NE(e.message().find("whn"), std::string::npos) << e.message();
  EXPECT_NE(e.message().find("(did you mean 'when'?)"), std::string::npos) << e.message();
}

TEST_F(RulesTest, MissingDo) {
  load(
      "tactics:\n"
      "  - when: round > 1\n");
  const Node list = Node::list({Node::map({entry(2, 5, "when", "round > 1")}, at(2, 5))}, at(2, 3));
  const InputError e = error(list);
  EXPECT_NE(e.message().find("'do'"), std::string::npos) << e.message();
}

TEST_F(RulesTest, ConditionErrorsPointIntoTheFile) {
  load(
      "tactics:\n"
      "  - when: round > 1 and self.hpp < 3\n"
      "    do: attack\n");
  const Node list = Node::list(
      {Node::map({entry(2, 5, "when", "round > 1 and self.hpp < 3"), entry(3, 5, "do", "attack")}, at(2, 5))},
      at(2, 3));
  EXPECT_EQ(error(list).render(),
            "s.yaml:2:25: error: unknown name 'self.hpp' in condition (did you mean 'self.hp'?)\n"
            "      - when: round > 1 and self.hpp < 3\n"
            "                            ^\n");
}

TEST_F(RulesTest, QuotedConditionsAreShiftedPastTheQuote) {
  load(
      "tactics:\n"
      "  - when: \"round >\"\n"
      "    do: attack\n"
      "  - when: 'x'\n"
      "    do: attack\n");
  // YAML reports a quoted scalar at its opening quote; the text has no quotes.
  Node list = Node::list(
      {Node::map({entry(2, 5, "when", "round >"), entry(3, 5, "do", "attack")}, at(2, 5))}, at(2, 3));
  InputError e = error(list);
  EXPECT_EQ(e.message(), "expected a value after '>'");
  EXPECT_EQ(e.pos().col, 12 + 7);  // the text starts after the quote at 11
  list = Node::list({Node::map({entry(4, 5, "when", "x"), entry(5, 5, "do", "attack")}, at(4, 5))}, at(4, 3));
  e = error(list);
  EXPECT_EQ(e.message(), "unknown name 'x' in condition");
  EXPECT_EQ(e.pos().col, 12);
}

// The quote shift above assumes where the YAML loader puts a quoted scalar;
// this checks it against the real loader.
TEST_F(RulesTest, ColumnsMatchTheYamlLoader) {
  const std::string text =
      "tactics:\n"
      "  - when: \"round > 1 and self.hpp < 3\"\n"
      "    do: attack\n"
      "  - when: round > 1 and self.hpp < 3\n"
      "    do: attack\n";
  load(text);
  const Node doc = parse_yaml(file_, text);
  const Node* list = doc.find("tactics");
  ASSERT_NE(list, nullptr);
  ASSERT_EQ(list->items().size(), 2U);
  for (int i = 0; i < 2; ++i) {
    const Node& item = list->items()[static_cast<std::size_t>(i)];
    const InputError e = error(Node::list({item}, item.pos()));
    EXPECT_EQ(e.message(), "unknown name 'self.hpp' in condition (did you mean 'self.hp'?)");
    EXPECT_EQ(e.pos().line, 2 + 2 * i);
    EXPECT_EQ(e.pos().col, i == 0 ? 26 : 25);
  }
}

}  // namespace
}  // namespace encsim::tactics
