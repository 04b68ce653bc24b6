// The neutral document tree that scenarios are loaded into. src/io turns YAML
// into Nodes (the only code that sees yaml-cpp); rule systems read Nodes
// through a MapReader that knows every key they accept, so an unknown key is an
// error with a did-you-mean, never silently ignored. Every node remembers where
// it came from, so every error points at its line and column.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/dice.hpp"
#include "encsim/error.hpp"

namespace encsim {

struct NodeEntry;

class Node {
 public:
  enum class Kind { null, scalar, list, map };
  using Entry = NodeEntry;

  Node() = default;
  static Node scalar(std::string text, SourcePos pos);
  static Node list(std::vector<Node> items, SourcePos pos);
  static Node map(std::vector<Entry> entries, SourcePos pos);
  static Node null(SourcePos pos);

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::null; }
  bool is_scalar() const { return kind_ == Kind::scalar; }
  bool is_list() const { return kind_ == Kind::list; }
  bool is_map() const { return kind_ == Kind::map; }
  const SourcePos& pos() const { return pos_; }
  // "a number", "a list", "a map", "nothing": for "expected X, got Y" messages.
  std::string_view kind_name() const;

  // Scalars. Each throws InputError at pos() when the node is not of that form.
  const std::string& text() const;  // the scalar's text as written
  std::int64_t as_int() const;      // "12", "-3"; not "1.5"
  double as_number() const;         // "12", "0.25", "1e-3"
  bool as_bool() const;             // true/false, yes/no, on/off
  const std::string& as_string() const;
  // A dice expression; a parse error points at the offending character.
  Dice as_dice() const;

  // Lists.
  const std::vector<Node>& items() const;  // throws unless a list
  std::vector<Node>& items_mut();

  // Maps, in source order.
  const std::vector<Entry>& entries() const;  // throws unless a map
  std::vector<Entry>& entries_mut();
  const Node* find(std::string_view key) const;  // nullptr when absent or not a map
  Node* find_mut(std::string_view key);
  // Sets (or replaces) `key`; keeps source order, appends when new.
  void set(std::string key, Node value, SourcePos key_pos = {});

  // Deep merge: keys of `overlay` replace (maps merge recursively) keys here.
  void merge_from(const Node& overlay);

 private:
  Kind kind_ = Kind::null;
  SourcePos pos_;
  std::string text_;
  std::vector<Node> items_;
  std::vector<Entry> entries_;
};

struct NodeEntry {
  std::string key;
  SourcePos key_pos;
  Node value;
};

// One key a map accepts: the table that validates input, prints `encsim rules
// ID` and is documented in docs/scenarios.md.
struct KeySpec {
  std::string_view name;
  std::string_view type;  // "integer", "dice", "stat name", "list of ...": for humans
  std::string_view default_value;  // "" when required or when absence means "none"
  std::string_view description;
};

// Reads one map against its KeySpec table. finish() reports the first key that
// is not in the table (with did-you-mean); asking for a key that is not in the
// table is a bug, caught by a CHECK.
class MapReader {
 public:
  // `what` names the map in messages: "combatant 'Ogre'", "options".
  MapReader(const Node& map, const std::vector<KeySpec>& schema, std::string what);

  const Node& node() const { return *map_; }
  const std::string& what() const { return what_; }
  bool has(std::string_view key) const;  // written, even with no value
  const Node* get(std::string_view key);  // nullptr when absent (or null)
  const Node& require(std::string_view key);  // "combatant 'Ogre' needs 'hp'"

  std::int64_t get_int(std::string_view key, std::int64_t fallback, std::int64_t lo, std::int64_t hi);
  double get_number(std::string_view key, double fallback, double lo, double hi);
  bool get_bool(std::string_view key, bool fallback);
  std::string get_string(std::string_view key, std::string fallback);
  std::optional<Dice> get_dice(std::string_view key);
  // A scalar that must be one of `choices`; returns its index. Did-you-mean on error.
  int get_choice(std::string_view key, const std::vector<std::string>& choices, int fallback);

  // Throws InputError for the first key not in the schema.
  void finish() const;

  // A key that must hold a value when present: nullptr when absent, an
  // InputError when written with nothing after it (`trials:`).
  const Node* scalar(std::string_view key);

 private:
  const Node* map_;
  const std::vector<KeySpec>* schema_;
  std::string what_;
};

// An InputError at `node` when `value` is outside [lo, hi]:
// "hp must be between 1 and 100000, got 0".
void check_range(const Node& node, std::string_view name, double value, double lo, double hi);

// Prints a schema as an aligned table (for `encsim rules ID`).
std::string format_schema(const std::vector<KeySpec>& schema, int indent = 2);

}  // namespace encsim
