// Scripted behaviour shared by every rule system (DESIGN "Scripted behaviour").
// A combatant (or a side) has an ordered list of rules; the first whose `when`
// holds and whose action can be paid for is taken. Conditions are compiled
// once at load time into a fixed-size postfix program: evaluating one in a
// trial reads numbers from the combat state and touches no strings.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/check.hpp"
#include "encsim/node.hpp"

namespace encsim::tactics {

// A state name a condition may read. ids are indexes into the list the
// condition was compiled against: common_vars() first, then the system's own.
struct VarSpec {
  std::string_view name;
  std::string_view description;
};

// The names every rule system provides, in this order (ids 0..kCommonVarCount-1).
enum CommonVar : int {
  kSelfHp = 0,      // self.hp: hit points left
  kSelfHpMax,       // self.hp_max
  kSelfHpFrac,      // self.hp_frac: hp / hp_max, 0..1
  kSelfHpLost,      // self.hp_lost: hp_max - hp
  kAlliesAlive,     // allies_alive: standing allies, self included
  kAlliesDown,      // allies_down: allies out of the fight
  kEnemiesAlive,    // enemies_alive
  kEnemiesDown,     // enemies_down
  kRound,           // round: 1 in the first round
  kCommonVarCount
};
const std::vector<VarSpec>& common_vars();

// A compiled condition. Grammar (lowest precedence first):
//   expr := or ; or := and ('or' and)* ; and := not ('and' not)*
//   not := 'not' not | cmp ; cmp := sum (('<'|'<='|'>'|'>='|'=='|'!=') sum)?
//   sum := product (('+'|'-') product)* ; product := unary (('*'|'/') unary)*
//   unary := '-' unary | atom ; atom := NUMBER | NAME | 'true' | 'false' | '(' expr ')'
// NAME is letters, digits, '_' and '.', e.g. self.hp_frac. Truth is "not 0";
// comparisons give 1 or 0.
class Condition {
 public:
  static constexpr int kMaxOps = 48;
  static constexpr int kMaxStack = 16;

  // Always true.
  Condition() = default;
  // Throws InputError at `pos` shifted to the offending character: unknown
  // names get a did-you-mean against `vars`.
  static Condition compile(std::string_view text, const SourcePos& pos,
                           const std::vector<VarSpec>& vars);

  bool is_always() const { return n_ops_ == 0; }

  // Ctx provides `double var(int id) const`.
  template <class Ctx>
  bool holds(const Ctx& ctx) const {
    if (n_ops_ == 0) return true;
    // The commonest form, one variable against a number ("self.survival ==
    // 0"), without the stack: the same binary() on the same two values.
    if (n_ops_ == 3 && ops_[0].code == Code::var && ops_[1].code == Code::push && ops_[2].code >= Code::add)
      return binary(ops_[2].code, ctx.var(ops_[0].arg), ops_[1].value) != 0.0;
    std::array<double, kMaxStack> st;  // written before read: the compiler checked the depth
    int sp = 0;
    for (int i = 0; i < n_ops_; ++i) {
      const Op& op = ops_[static_cast<std::size_t>(i)];
      switch (op.code) {
        case Code::push: st[static_cast<std::size_t>(sp++)] = op.value; break;
        case Code::var: st[static_cast<std::size_t>(sp++)] = ctx.var(op.arg); break;
        case Code::neg: st[static_cast<std::size_t>(sp - 1)] = -st[static_cast<std::size_t>(sp - 1)]; break;
        case Code::lnot: st[static_cast<std::size_t>(sp - 1)] = st[static_cast<std::size_t>(sp - 1)] == 0.0 ? 1.0 : 0.0; break;
        default: {
          const double b = st[static_cast<std::size_t>(--sp)];
          double& a = st[static_cast<std::size_t>(sp - 1)];
          a = binary(op.code, a, b);
        }
      }
    }
    return st[0] != 0.0;
  }

  const std::string& text() const { return text_; }

 private:
  enum class Code : std::uint8_t { push, var, neg, lnot, add, sub, mul, div, lt, le, gt, ge, eq, ne, land, lor };
  struct Op {
    Code code = Code::push;
    std::int16_t arg = 0;
    double value = 0.0;
  };
  static double binary(Code c, double a, double b) {
    switch (c) {
      case Code::add: return a + b;
      case Code::sub: return a - b;
      case Code::mul: return a * b;
      case Code::div: return b == 0.0 ? 0.0 : a / b;
      case Code::lt: return a < b ? 1.0 : 0.0;
      case Code::le: return a <= b ? 1.0 : 0.0;
      case Code::gt: return a > b ? 1.0 : 0.0;
      case Code::ge: return a >= b ? 1.0 : 0.0;
      case Code::eq: return a == b ? 1.0 : 0.0;
      case Code::ne: return a != b ? 1.0 : 0.0;
      case Code::land: return (a != 0.0 && b != 0.0) ? 1.0 : 0.0;
      case Code::lor: return (a != 0.0 || b != 0.0) ? 1.0 : 0.0;
      default: return 0.0;
    }
  }
  friend class ConditionCompiler;

  std::array<Op, kMaxOps> ops_{};
  int n_ops_ = 0;
  std::string text_;
};

// Who a rule aims at. The names are the YAML spellings (target_specs()).
enum class Target : std::uint8_t {
  lowest_hp,      // the enemy with the fewest hit points left
  highest_hp,     // the most hit points left
  weakest,        // the lowest defense
  strongest,      // the highest expected damage per action
  random,         // uniformly at random (tactics stream)
  focus,          // whom an ally hit last (else lowest_hp)
  last_attacker,  // whoever last attacked self (else lowest_hp)
};
struct TargetSpec {
  std::string_view name;
  Target target;
  std::string_view description;
};
const std::vector<TargetSpec>& target_specs();

// An action a rule system offers to tactics: `do: NAME` or `do: NAME:ARG`.
struct ActionSpec {
  std::string_view name;
  std::string_view description;
  bool takes_arg = false;  // e.g. fear_feature:Earthquake
};

struct Rule {
  Condition when;
  int action = 0;      // index into the system's ActionSpec table
  std::string arg;     // the text after ':' (the system resolves it to an id at compile time)
  int arg_id = -1;     // filled in by the rule system
  Target target = Target::lowest_hp;
  SourcePos pos;       // the rule's map, for messages
};

// Keys of one rule map: when, do, target.
const std::vector<KeySpec>& rule_keys();

// Compiles a YAML list of rule maps. `vars` is common_vars() + the system's.
// A missing `when` is always true; a missing `target` is `default_target`.
// Throws InputError (unknown action, target or name, with did-you-mean).
std::vector<Rule> compile_rules(const Node& list, const std::vector<ActionSpec>& actions,
                                const std::vector<VarSpec>& vars, Target default_target);

// A scenario's side-wide rule lists (`tactics: {party, foes}`), validated;
// nullptr when not given. Indexed by side: [0] the party's, [1] the foes'.
struct SideRules {
  const Node* party = nullptr;
  const Node* foes = nullptr;
  const Node* operator[](int side) const { return side == 0 ? party : foes; }
};
SideRules side_rules(const Node& doc);

// The tactics part of `encsim rules ID`: the system's actions, the names a
// `when` may read (`names_note` says where, e.g. "for `when`"), the targets.
std::string describe_language(const std::vector<ActionSpec>& actions, const std::vector<VarSpec>& vars,
                              std::string_view names_note = "for `when`");

}  // namespace encsim::tactics
