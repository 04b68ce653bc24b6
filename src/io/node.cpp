#include "encsim/node.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <string>
#include <system_error>
#include <utility>

#include "encsim/check.hpp"
#include "io/yaml.hpp"

namespace encsim {
namespace {

bool iequals(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  });
}

// A leading '+' is valid YAML for a number but from_chars rejects it.
std::string_view without_plus(std::string_view s) {
  if (s.size() > 1 && s[0] == '+' && s[1] != '-' && s[1] != '+') s.remove_prefix(1);
  return s;
}

bool parse_double(std::string_view s, double& out) {
  s = without_plus(s);
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc{} && end == s.data() + s.size() && !s.empty();
}

// How a node reads in "got X": the text of a scalar (first line, shortened),
// else its kind.
std::string describe(const Node& node) {
  if (!node.is_scalar()) return std::string(node.kind_name());
  std::string t = node.text();
  bool cut = false;
  if (const auto nl = t.find('\n'); nl != std::string::npos) {
    t.resize(nl);
    cut = true;
  }
  if (t.size() > 40) {
    t.resize(37);
    cut = true;
  }
  return '\'' + t + (cut ? "...'" : "'");
}

std::string format_number(double v) {
  // Whole numbers print as integers, so "got 0" rather than "got 0.000000".
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 9.0e15)
    return std::to_string(static_cast<std::int64_t>(v));
  char buf[64];
  const auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
}

std::string range_message(std::string_view name, const std::string& lo, const std::string& hi,
                          const std::string& got) {
  return std::string(name) + " must be between " + lo + " and " + hi + ", got " + got;
}

const std::vector<NodeEntry> kNoEntries;

}  // namespace

// --- Node -------------------------------------------------------------------

Node Node::scalar(std::string text, SourcePos pos) {
  Node n;
  n.kind_ = Kind::scalar;
  n.text_ = std::move(text);
  n.pos_ = std::move(pos);
  return n;
}

Node Node::list(std::vector<Node> items, SourcePos pos) {
  Node n;
  n.kind_ = Kind::list;
  n.items_ = std::move(items);
  n.pos_ = std::move(pos);
  return n;
}

Node Node::map(std::vector<Entry> entries, SourcePos pos) {
  Node n;
  n.kind_ = Kind::map;
  n.entries_ = std::move(entries);
  n.pos_ = std::move(pos);
  return n;
}

Node Node::null(SourcePos pos) {
  Node n;
  n.pos_ = std::move(pos);
  return n;
}

std::string_view Node::kind_name() const {
  switch (kind_) {
    case Kind::null:
      return "nothing";
    case Kind::list:
      return "a list";
    case Kind::map:
      return "a map";
    case Kind::scalar: {
      double unused = 0;
      return parse_double(text_, unused) ? "a number" : "a string";
    }
  }
  return "nothing";
}

const std::string& Node::text() const {
  if (!is_scalar()) throw InputError(pos_, "expected a value, got " + describe(*this));
  return text_;
}

std::int64_t Node::as_int() const {
  if (!is_scalar()) throw InputError(pos_, "expected an integer, got " + describe(*this));
  const std::string_view s = without_plus(text_);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec == std::errc::result_out_of_range && end == s.data() + s.size())
    throw InputError(pos_, "integer " + describe(*this) + " is out of range");
  if (ec != std::errc{} || end != s.data() + s.size() || s.empty())
    throw InputError(pos_, "expected an integer, got " + describe(*this));
  return value;
}

double Node::as_number() const {
  if (!is_scalar()) throw InputError(pos_, "expected a number, got " + describe(*this));
  const std::string_view s = without_plus(text_);
  double value = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec == std::errc::result_out_of_range && end == s.data() + s.size())
    throw InputError(pos_, "number " + describe(*this) + " is out of range");
  if (ec != std::errc{} || end != s.data() + s.size() || s.empty())
    throw InputError(pos_, "expected a number, got " + describe(*this));
  // from_chars reads "inf" and "nan"; no rule needs them and they poison sums.
  if (!std::isfinite(value)) throw InputError(pos_, "expected a finite number, got " + describe(*this));
  return value;
}

bool Node::as_bool() const {
  if (is_scalar()) {
    for (const char* yes : {"true", "yes", "on"})
      if (iequals(text_, yes)) return true;
    for (const char* no : {"false", "no", "off"})
      if (iequals(text_, no)) return false;
  }
  throw InputError(pos_, "expected true or false, got " + describe(*this));
}

const std::string& Node::as_string() const {
  if (!is_scalar()) throw InputError(pos_, "expected a string, got " + describe(*this));
  return text_;
}

Dice Node::as_dice() const {
  if (!is_scalar()) throw InputError(pos_, "expected a dice expression, got " + describe(*this));
  try {
    return Dice::parse(text_);
  } catch (const DiceParseError& e) {
    // A quoted scalar starts at its quote; the text starts one column later.
    int quote_shift = 0;
    if (pos_.file && pos_.line > 0 && static_cast<std::size_t>(pos_.line) <= pos_.file->lines.size()) {
      const std::string& line = pos_.file->lines[static_cast<std::size_t>(pos_.line - 1)];
      const auto at = static_cast<std::size_t>(pos_.col - 1);
      if (pos_.col > 0 && at < line.size() && (line[at] == '"' || line[at] == '\'')) quote_shift = 1;
    }
    throw InputError(pos_.shifted(e.offset + quote_shift), "bad dice '" + text_ + "': " + e.message);
  }
}

const std::vector<Node>& Node::items() const {
  if (!is_list()) throw InputError(pos_, "expected a list, got " + describe(*this));
  return items_;
}

std::vector<Node>& Node::items_mut() {
  if (!is_list()) throw InputError(pos_, "expected a list, got " + describe(*this));
  return items_;
}

const std::vector<NodeEntry>& Node::entries() const {
  if (!is_map()) throw InputError(pos_, "expected a map, got " + describe(*this));
  return entries_;
}

std::vector<NodeEntry>& Node::entries_mut() {
  if (!is_map()) throw InputError(pos_, "expected a map, got " + describe(*this));
  return entries_;
}

const Node* Node::find(std::string_view key) const {
  if (!is_map()) return nullptr;
  for (const Entry& e : entries_)
    if (e.key == key) return &e.value;
  return nullptr;
}

Node* Node::find_mut(std::string_view key) { return const_cast<Node*>(std::as_const(*this).find(key)); }

void Node::set(std::string key, Node value, SourcePos key_pos) {
  // An empty value (`options:` with nothing after it) becomes a map on first set.
  if (is_null()) kind_ = Kind::map;
  ENCSIM_CHECK(is_map());
  for (Entry& e : entries_) {
    if (e.key == key) {
      e.value = std::move(value);
      if (key_pos.file) e.key_pos = std::move(key_pos);
      return;
    }
  }
  if (!key_pos.file) key_pos = value.pos();
  entries_.push_back(Entry{std::move(key), std::move(key_pos), std::move(value)});
}

void Node::merge_from(const Node& overlay) {
  // Work on a copy: `overlay` may live inside this node.
  Node copy = overlay;
  if (!is_map() || !copy.is_map()) {
    *this = std::move(copy);
    return;
  }
  for (Entry& e : copy.entries_) {
    Node* mine = find_mut(e.key);
    if (mine && mine->is_map() && e.value.is_map())
      mine->merge_from(e.value);
    else
      set(std::move(e.key), std::move(e.value), std::move(e.key_pos));
  }
}

// --- MapReader --------------------------------------------------------------

MapReader::MapReader(const Node& map, const std::vector<KeySpec>& schema, std::string what)
    : map_(&map), schema_(&schema), what_(std::move(what)) {
  // An empty value (`options:` and nothing else) reads as an empty map.
  if (!map.is_map() && !map.is_null())
    throw InputError(map.pos(), what_ + " must be a map, got " + describe(map));
}

namespace {

const KeySpec* find_spec(const std::vector<KeySpec>& schema, std::string_view key) {
  const auto it = std::find_if(schema.begin(), schema.end(), [&](const KeySpec& k) { return k.name == key; });
  return it == schema.end() ? nullptr : &*it;
}

bool in_schema(const std::vector<KeySpec>& schema, std::string_view key) {
  return find_spec(schema, key) != nullptr;
}

}  // namespace

bool MapReader::has(std::string_view key) const {
  if (!in_schema(*schema_, key))
    detail::check_failed(__FILE__, __LINE__,
                         "key '" + std::string(key) + "' is not in the schema of " + what_);
  // Present at all: `weapon:` with no value then reaches a getter, which
  // reports the missing value instead of falling back to a default.
  return map_->find(key) != nullptr;
}

const Node* MapReader::get(std::string_view key) {
  const KeySpec* spec = find_spec(*schema_, key);
  if (!spec)
    detail::check_failed(__FILE__, __LINE__,
                         "key '" + std::string(key) + "' is not in the schema of " + what_);
  const Node* v = map_->find(key);
  return v && !v->is_null() ? v : nullptr;
}

const Node& MapReader::require(std::string_view key) {
  if (const Node* v = get(key)) return *v;
  // `hp:` with no value points at the key; a missing key at the map.
  const auto& entries = map_->is_map() ? map_->entries() : kNoEntries;
  const auto it =
      std::find_if(entries.begin(), entries.end(), [&](const NodeEntry& e) { return e.key == key; });
  throw InputError(it != entries.end() ? it->key_pos : map_->pos(),
                   what_ + " needs '" + std::string(key) + "'");
}

// A scalar key: absent gives nullptr; present with no value (`trials:`) is an
// error rather than a silent default.
const Node* MapReader::scalar(std::string_view key) {
  const Node* v = get(key);
  if (v || !map_->is_map()) return v;
  for (const NodeEntry& e : map_->entries())
    if (e.key == key) throw InputError(e.key_pos, "'" + e.key + "' in " + what_ + " needs a value");
  return nullptr;
}

std::int64_t MapReader::get_int(std::string_view key, std::int64_t fallback, std::int64_t lo,
                                std::int64_t hi) {
  const Node* v = scalar(key);
  if (!v) return fallback;
  const std::int64_t value = v->as_int();
  if (value < lo || value > hi)
    throw InputError(v->pos(),
                     range_message(key, std::to_string(lo), std::to_string(hi), std::to_string(value)));
  return value;
}

double MapReader::get_number(std::string_view key, double fallback, double lo, double hi) {
  const Node* v = scalar(key);
  if (!v) return fallback;
  const double value = v->as_number();
  check_range(*v, key, value, lo, hi);
  return value;
}

bool MapReader::get_bool(std::string_view key, bool fallback) {
  const Node* v = scalar(key);
  return v ? v->as_bool() : fallback;
}

std::string MapReader::get_string(std::string_view key, std::string fallback) {
  const Node* v = scalar(key);
  return v ? v->as_string() : fallback;
}

std::optional<Dice> MapReader::get_dice(std::string_view key) {
  const Node* v = scalar(key);
  if (!v) return std::nullopt;
  return v->as_dice();
}

int MapReader::get_choice(std::string_view key, const std::vector<std::string>& choices, int fallback) {
  const Node* v = scalar(key);
  if (!v) return fallback;
  const std::string& s = v->as_string();
  const auto it = std::find(choices.begin(), choices.end(), s);
  if (it != choices.end()) return static_cast<int>(it - choices.begin());
  throw InputError(v->pos(), "unknown " + std::string(key) + " '" + s + "' in " + what_ +
                                 did_you_mean(s, choices) + "; expected one of " + one_of(choices));
}

void MapReader::finish() const {
  if (!map_->is_map()) return;
  for (const NodeEntry& e : map_->entries()) {
    if (in_schema(*schema_, e.key)) continue;
    std::vector<std::string> names;
    names.reserve(schema_->size());
    for (const KeySpec& k : *schema_) names.emplace_back(k.name);
    throw InputError(e.key_pos, "unknown key '" + e.key + "' in " + what_ + did_you_mean(e.key, names));
  }
}

void check_range(const Node& node, std::string_view name, double value, double lo, double hi) {
  if (value >= lo && value <= hi) return;  // also rejects NaN
  throw InputError(node.pos(),
                   range_message(name, format_number(lo), format_number(hi), format_number(value)));
}

std::string format_schema(const std::vector<KeySpec>& schema, int indent) {
  struct Row {
    std::string_view name, type, default_value, description;
  };
  std::vector<Row> rows{{"key", "type", "default", "description"}};
  for (const KeySpec& k : schema)
    rows.push_back({k.name, k.type, k.default_value.empty() ? "-" : k.default_value, k.description});
  std::size_t w_name = 0, w_type = 0, w_default = 0;
  for (const Row& r : rows) {
    w_name = std::max(w_name, r.name.size());
    w_type = std::max(w_type, r.type.size());
    w_default = std::max(w_default, r.default_value.size());
  }
  const std::string pad(static_cast<std::size_t>(std::max(indent, 0)), ' ');
  std::string out;
  for (const Row& r : rows) {
    std::string line = pad;
    line += r.name;
    line.append(w_name - r.name.size() + 2, ' ');
    line += r.type;
    line.append(w_type - r.type.size() + 2, ' ');
    line += r.default_value;
    line.append(w_default - r.default_value.size() + 2, ' ');
    line += r.description;
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line;
    out += '\n';
  }
  return out;
}

}  // namespace encsim
