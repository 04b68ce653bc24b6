#include "encsim/tactics.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <string>
#include <utility>

namespace encsim::tactics {

const std::vector<VarSpec>& common_vars() {
  static const std::vector<VarSpec> vars = {
      {"self.hp", "hit points left"},
      {"self.hp_max", "maximum hit points"},
      {"self.hp_frac", "hp / hp_max, from 0 to 1"},
      {"self.hp_lost", "hp_max - hp"},
      {"allies_alive", "standing allies, self included"},
      {"allies_down", "allies out of the fight"},
      {"enemies_alive", "standing enemies"},
      {"enemies_down", "enemies out of the fight"},
      {"round", "the current round, 1 in the first"},
  };
  return vars;
}

// ---------------------------------------------------------------------------
// Condition compiler: a lazy lexer (so the first error reported is the
// leftmost one) feeding a recursive-descent parser that emits postfix ops.

class ConditionCompiler {
 public:
  ConditionCompiler(std::string_view text, const SourcePos& pos, const std::vector<VarSpec>& vars)
      : text_(text), pos_(pos), vars_(vars) {}

  Condition run() {
    cond_.text_ = std::string(text_);
    advance();
    if (tok_.kind == Kind::end) fail(0, "empty condition");
    parse_or();
    if (tok_.kind == Kind::rparen) fail(tok_.offset, "unbalanced ')'");
    if (tok_.kind != Kind::end)
      fail(tok_.offset, "unexpected '" + std::string(tok_.text) + "'" + keyword_hint(tok_));
    ENCSIM_CHECK_EQ(depth_, 1);
    return std::move(cond_);
  }

 private:
  using Code = Condition::Code;

  // Parentheses, 'not' and unary '-' recurse; a bound keeps hostile input
  // from exhausting the C++ stack long before kMaxOps would stop it.
  static constexpr int kMaxNesting = 32;

  enum class Kind { end, number, name, kw_and, kw_or, kw_not, kw_true, kw_false, lparen, rparen,
                    plus, minus, star, slash, lt, le, gt, ge, eq, ne };
  struct Token {
    Kind kind = Kind::end;
    std::string_view text;
    int offset = 0;
  };

  [[noreturn]] void fail(int offset, std::string message) const {
    throw InputError(pos_.shifted(offset), std::move(message));
  }

  static bool is_name_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.';
  }

  void advance() {
    prev_ = tok_;
    std::size_t i = next_;
    while (i < text_.size() && std::isspace(static_cast<unsigned char>(text_[i])) != 0) ++i;
    tok_ = Token{Kind::end, {}, static_cast<int>(i)};
    if (i == text_.size()) {
      // Point just past the last token: that is where something is missing.
      tok_.offset = prev_.kind == Kind::end ? 0 : prev_.offset + static_cast<int>(prev_.text.size());
      next_ = i;
      return;
    }
    const char c = text_[i];
    const char d = i + 1 < text_.size() ? text_[i + 1] : '\0';
    std::size_t len = 1;
    if (std::isalpha(static_cast<unsigned char>(c)) != 0) {
      while (i + len < text_.size() && is_name_char(text_[i + len])) ++len;
      tok_.kind = keyword(text_.substr(i, len));
    } else if (std::isdigit(static_cast<unsigned char>(c)) != 0) {
      while (i + len < text_.size() && std::isdigit(static_cast<unsigned char>(text_[i + len])) != 0) ++len;
      if (i + len + 1 < text_.size() && text_[i + len] == '.' &&
          std::isdigit(static_cast<unsigned char>(text_[i + len + 1])) != 0) {
        len += 2;
        while (i + len < text_.size() && std::isdigit(static_cast<unsigned char>(text_[i + len])) != 0) ++len;
      }
      tok_.kind = Kind::number;
      // A percentage, `self.hp_frac < 50%`: the number over 100.
      if (i + len < text_.size() && text_[i + len] == '%') ++len;
      if (i + len < text_.size() && is_name_char(text_[i + len])) {
        std::size_t end = i + len;
        while (end < text_.size() && is_name_char(text_[end])) ++end;
        fail(tok_.offset, "malformed number '" + std::string(text_.substr(i, end - i)) + "'");
      }
    } else {
      switch (c) {
        case '(': tok_.kind = Kind::lparen; break;
        case ')': tok_.kind = Kind::rparen; break;
        case '+': tok_.kind = Kind::plus; break;
        case '-': tok_.kind = Kind::minus; break;
        case '*': tok_.kind = Kind::star; break;
        case '/': tok_.kind = Kind::slash; break;
        case '<': tok_.kind = d == '=' ? Kind::le : Kind::lt; break;
        case '>': tok_.kind = d == '=' ? Kind::ge : Kind::gt; break;
        case '=':
          if (d != '=') fail(tok_.offset, "unexpected '='; compare with '=='");
          tok_.kind = Kind::eq;
          break;
        case '!':
          if (d != '=') fail(tok_.offset, "unexpected '!'; use 'not'");
          tok_.kind = Kind::ne;
          break;
        case '&': fail(tok_.offset, std::string("unexpected '") + (d == '&' ? "&&" : "&") + "'; use 'and'");
        case '|': fail(tok_.offset, std::string("unexpected '") + (d == '|' ? "||" : "|") + "'; use 'or'");
        default: {
          // Quote a whole UTF-8 sequence, not a lone lead byte.
          while (i + len < text_.size() && (static_cast<unsigned char>(text_[i + len]) & 0xC0) == 0x80) ++len;
          fail(tok_.offset, "unexpected '" + std::string(text_.substr(i, len)) + "'");
        }
      }
      if (tok_.kind == Kind::le || tok_.kind == Kind::ge || tok_.kind == Kind::eq || tok_.kind == Kind::ne)
        len = 2;
    }
    tok_.text = text_.substr(i, len);
    next_ = i + len;
  }

  static Kind keyword(std::string_view word) {
    if (word == "and") return Kind::kw_and;
    if (word == "or") return Kind::kw_or;
    if (word == "not") return Kind::kw_not;
    if (word == "true") return Kind::kw_true;
    if (word == "false") return Kind::kw_false;
    return Kind::name;
  }

  void emit(Code code, int offset, double value = 0.0, int arg = 0) {
    if (cond_.n_ops_ == Condition::kMaxOps)
      fail(offset, "condition is too long (at most " + std::to_string(Condition::kMaxOps) + " operations)");
    if (code == Code::push || code == Code::var) {
      if (++depth_ > Condition::kMaxStack) fail(offset, "condition nests too deeply");
    } else if (code != Code::neg && code != Code::lnot) {
      --depth_;
    }
    Condition::Op& op = cond_.ops_[static_cast<std::size_t>(cond_.n_ops_++)];
    op.code = code;
    op.arg = static_cast<std::int16_t>(arg);
    op.value = value;
  }

  // Guards one level of recursion; the destructor undoes it.
  class Nest {
   public:
    Nest(ConditionCompiler& c, int offset) : c_(c) {
      if (++c_.nesting_ > kMaxNesting) c_.fail(offset, "condition nests too deeply");
    }
    ~Nest() { --c_.nesting_; }
    Nest(const Nest&) = delete;
    Nest& operator=(const Nest&) = delete;

   private:
    ConditionCompiler& c_;
  };

  void parse_or() {
    parse_and();
    while (tok_.kind == Kind::kw_or) {
      const int at = tok_.offset;
      advance();
      parse_and();
      emit(Code::lor, at);
    }
  }

  void parse_and() {
    parse_not();
    while (tok_.kind == Kind::kw_and) {
      const int at = tok_.offset;
      advance();
      parse_not();
      emit(Code::land, at);
    }
  }

  void parse_not() {
    if (tok_.kind != Kind::kw_not) return parse_cmp();
    const int at = tok_.offset;
    Nest nest(*this, at);
    advance();
    parse_not();
    emit(Code::lnot, at);
  }

  static bool is_comparison(Kind k) {
    return k == Kind::lt || k == Kind::le || k == Kind::gt || k == Kind::ge || k == Kind::eq ||
           k == Kind::ne;
  }

  void parse_cmp() {
    parse_sum();
    if (!is_comparison(tok_.kind)) return;
    const Token op = tok_;
    advance();
    parse_sum();
    if (is_comparison(tok_.kind)) fail(tok_.offset, "comparisons do not chain; use 'and'");
    Code code = Code::ne;
    switch (op.kind) {
      case Kind::lt: code = Code::lt; break;
      case Kind::le: code = Code::le; break;
      case Kind::gt: code = Code::gt; break;
      case Kind::ge: code = Code::ge; break;
      case Kind::eq: code = Code::eq; break;
      default: break;
    }
    emit(code, op.offset);
  }

  void parse_sum() {
    parse_product();
    while (tok_.kind == Kind::plus || tok_.kind == Kind::minus) {
      const Token op = tok_;
      advance();
      parse_product();
      emit(op.kind == Kind::plus ? Code::add : Code::sub, op.offset);
    }
  }

  void parse_product() {
    parse_unary();
    while (tok_.kind == Kind::star || tok_.kind == Kind::slash) {
      const Token op = tok_;
      advance();
      parse_unary();
      emit(op.kind == Kind::star ? Code::mul : Code::div, op.offset);
    }
  }

  void parse_unary() {
    if (tok_.kind != Kind::minus) return parse_atom();
    const int at = tok_.offset;
    Nest nest(*this, at);
    advance();
    parse_unary();
    emit(Code::neg, at);
  }

  void parse_atom() {
    const Token t = tok_;
    switch (t.kind) {
      case Kind::number: {
        double value = 0.0;
        const bool percent = t.text.back() == '%';
        const std::string_view digits = t.text.substr(0, t.text.size() - (percent ? 1 : 0));
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (ec != std::errc() || end != digits.data() + digits.size())
          fail(t.offset, "number '" + std::string(t.text) + "' is out of range");
        advance();
        emit(Code::push, t.offset, percent ? value / 100.0 : value);
        return;
      }
      case Kind::kw_true:
      case Kind::kw_false:
        advance();
        emit(Code::push, t.offset, t.kind == Kind::kw_true ? 1.0 : 0.0);
        return;
      case Kind::name: {
        const int id = resolve(t);
        advance();
        emit(Code::var, t.offset, 0.0, id);
        return;
      }
      case Kind::lparen: {
        Nest nest(*this, t.offset);
        advance();
        parse_or();
        if (tok_.kind != Kind::rparen) fail(tok_.offset, "expected ')'");
        advance();
        return;
      }
      default:
        if (prev_.kind == Kind::end && t.kind == Kind::rparen) fail(t.offset, "unbalanced ')'");
        if (prev_.kind == Kind::end) fail(t.offset, "expected a value, got '" + std::string(t.text) + "'");
        fail(t.offset, "expected a value after '" + std::string(prev_.text) + "'");
    }
  }

  // "AND" is a name, so it would otherwise get a baffling message.
  static std::string keyword_hint(const Token& t) {
    if (t.kind != Kind::name) return {};
    std::string lower(t.text);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](char ch) { return static_cast<char>(std::tolower(static_cast<unsigned char>(ch))); });
    return keyword(lower) == Kind::name ? std::string() : " (keywords are lowercase: '" + lower + "')";
  }

  int resolve(const Token& t) const {
    for (std::size_t i = 0; i < vars_.size(); ++i)
      if (vars_[i].name == t.text) return static_cast<int>(i);
    const std::string name(t.text);
    std::string hint = keyword_hint(t);
    if (hint.empty()) {
      std::vector<std::string> names;
      names.reserve(vars_.size());
      for (const VarSpec& v : vars_) names.emplace_back(v.name);
      hint = did_you_mean(name, names);
    }
    fail(t.offset, "unknown name '" + name + "' in condition" + hint);
  }

  std::string_view text_;
  const SourcePos& pos_;
  const std::vector<VarSpec>& vars_;
  Condition cond_;
  Token tok_;   // the current token
  Token prev_;  // the one before it, for "expected a value after 'X'"
  std::size_t next_ = 0;
  int depth_ = 0;    // evaluation stack depth after the ops emitted so far
  int nesting_ = 0;  // recursion through '(', 'not' and unary '-'
};

Condition Condition::compile(std::string_view text, const SourcePos& pos,
                             const std::vector<VarSpec>& vars) {
  ENCSIM_CHECK_LE(vars.size(), static_cast<std::size_t>(std::numeric_limits<std::int16_t>::max()));
  return ConditionCompiler(text, pos, vars).run();
}

// ---------------------------------------------------------------------------

const std::vector<TargetSpec>& target_specs() {
  static const std::vector<TargetSpec> specs = {
      {"lowest_hp", Target::lowest_hp, "the enemy with the fewest hit points left"},
      {"highest_hp", Target::highest_hp, "the enemy with the most hit points left"},
      {"weakest", Target::weakest, "the enemy with the lowest defense"},
      {"strongest", Target::strongest, "the enemy with the highest expected damage per action"},
      {"random", Target::random, "an enemy chosen uniformly at random"},
      {"focus", Target::focus, "the enemy an ally hit last (else lowest_hp)"},
      {"last_attacker", Target::last_attacker, "whoever last attacked self (else lowest_hp)"},
  };
  return specs;
}

const std::vector<KeySpec>& rule_keys() {
  static const std::vector<KeySpec> keys = {
      {"when", "condition", "always", "when the rule applies, e.g. self.hp_frac < 0.5 and enemies_alive > 1"},
      {"do", "action", "", "what to do: NAME or NAME:ARG"},
      {"target", "target", "per system",
       "whom to aim at: lowest_hp, highest_hp, weakest, strongest, random, focus or last_attacker"},
  };
  return keys;
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())) != 0) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())) != 0) s.remove_suffix(1);
  return s;
}

// Where a scalar's text begins: YAML reports a quoted scalar at its opening quote.
SourcePos text_start(const Node& scalar) {
  const SourcePos& pos = scalar.pos();
  if (!pos.file || pos.line < 1 || pos.col < 1) return pos;
  const auto line = static_cast<std::size_t>(pos.line - 1);
  const auto col = static_cast<std::size_t>(pos.col - 1);
  if (line >= pos.file->lines.size() || col >= pos.file->lines[line].size()) return pos;
  const char c = pos.file->lines[line][col];
  return c == '"' || c == '\'' ? pos.shifted(1) : pos;
}

// Reads `do: NAME` or `do: NAME:ARG` into rule.action and rule.arg.
void read_action(const Node& node, const std::vector<ActionSpec>& actions, const std::string& what,
                 Rule& rule) {
  const std::string_view text = node.as_string();
  const std::size_t colon = text.find(':');
  const std::string name(trim(text.substr(0, colon)));
  const std::string arg = colon == std::string_view::npos ? std::string() : std::string(trim(text.substr(colon + 1)));

  const auto it = std::find_if(actions.begin(), actions.end(),
                               [&](const ActionSpec& a) { return a.name == name; });
  if (it == actions.end()) {
    std::vector<std::string> names;
    names.reserve(actions.size());
    for (const ActionSpec& a : actions) names.emplace_back(a.name);
    throw InputError(node.pos(), "unknown action '" + name + "' in " + what + did_you_mean(name, names) +
                                     "; expected one of " + one_of(names));
  }
  if (it->takes_arg && arg.empty())
    throw InputError(node.pos(), "action '" + name + "' needs an argument: '" + name + ":NAME'");
  if (!it->takes_arg && colon != std::string_view::npos)
    throw InputError(node.pos(), "action '" + name + "' takes no argument; write 'do: " + name + "'");
  rule.action = static_cast<int>(it - actions.begin());
  rule.arg = arg;
}

}  // namespace

std::vector<Rule> compile_rules(const Node& list, const std::vector<ActionSpec>& actions,
                                const std::vector<VarSpec>& vars, Target default_target) {
  if (!list.is_list()) throw InputError(list.pos(), "tactics must be a list of rules");
  std::vector<std::string> target_names;
  int default_index = 0;
  for (const TargetSpec& t : target_specs()) {
    if (t.target == default_target) default_index = static_cast<int>(target_names.size());
    target_names.emplace_back(t.name);
  }

  std::vector<Rule> rules;
  rules.reserve(list.items().size());
  for (std::size_t i = 0; i < list.items().size(); ++i) {
    const Node& item = list.items()[i];
    if (!item.is_map())
      throw InputError(item.pos(), "a tactics rule must be a map with 'do' (and optionally 'when' and "
                                   "'target'), got " + std::string(item.kind_name()));
    MapReader reader(item, rule_keys(), "tactics rule " + std::to_string(i + 1));
    // First: a misspelt key (`doo:`) is a better message than the missing key it causes.
    reader.finish();

    Rule rule;
    rule.pos = item.pos();
    read_action(reader.require("do"), actions, reader.what(), rule);
    if (const Node* when = reader.get("when"))
      rule.when = Condition::compile(when->as_string(), text_start(*when), vars);
    const int target = reader.get_choice("target", target_names, default_index);
    rule.target = target_specs()[static_cast<std::size_t>(target)].target;
    rules.push_back(std::move(rule));
  }
  return rules;
}

SideRules side_rules(const Node& doc) {
  static const std::vector<KeySpec> kKeys{
      {"party", "list of rules", "", "rules for party members without their own"},
      {"foes", "list of rules", "", "rules for foes without their own"},
  };
  SideRules out;
  if (const Node* t = doc.find("tactics")) {
    MapReader r(*t, kKeys, "tactics");
    r.finish();
    out.party = r.get("party");
    out.foes = r.get("foes");
  }
  return out;
}

std::string describe_language(const std::vector<ActionSpec>& actions, const std::vector<VarSpec>& vars,
                              std::string_view names_note) {
  std::size_t width = 0;
  for (const auto& a : actions) width = std::max(width, a.name.size());
  for (const auto& v : vars) width = std::max(width, v.name.size());
  for (const auto& t : target_specs()) width = std::max(width, t.name.size());
  std::string out;
  auto row = [&](std::string_view name, std::string_view text) {
    out.append("  ").append(name).append(width + 2 - name.size(), ' ').append(text).append("\n");
  };
  out += "tactics actions:\n";
  for (const auto& a : actions) row(a.name, a.description);
  out.append("\ntactics names (").append(names_note).append("):\n");
  for (const auto& v : vars) row(v.name, v.description);
  out += "\ntactics targets:\n";
  for (const auto& t : target_specs()) row(t.name, t.description);
  return out;
}

}  // namespace encsim::tactics
