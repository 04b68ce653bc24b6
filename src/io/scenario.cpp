#include "encsim/scenario.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <optional>
#include <set>
#include <system_error>
#include <unordered_map>

#include "encsim/library.hpp"
#include "io/yaml.hpp"

namespace fs = std::filesystem;

namespace encsim {
namespace {

constexpr std::int64_t kMaxTrials = 1'000'000'000'000;
constexpr std::int64_t kMaxRounds = 100'000;
constexpr std::int64_t kDefaultMaxRounds = 100;
constexpr std::int64_t kMaxCount = 1000;

const std::vector<KeySpec> kLibraryKeys = {
    {"ruleset", "rule system id", "", "if given, must match the scenario's ruleset"},
    {"description", "string", "", "free text"},
    {"include", "file or list of files", "", "more library files, relative to this file"},
    {"monsters", "map of name to combatant", "", "entries a combatant can `use:`"},
};

const std::vector<KeySpec> kVariantKeys = {
    {"name", "string", "", "the variant's name in results (not 'base')"},
    {"set", "map of path to value", "", "overrides, e.g. foes.Goblin.hp: 9"},
    {"note", "string", "", "a line shown with this variant's results"},
};

// The keys a resolved document (a Variant's doc) may hold, in path order.
const std::vector<std::string> kDocKeys = {"party", "foes", "max_rounds", "options", "tactics", "style", "countdowns"};

bool iequals(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  });
}

// "'3'" for a scalar, else its kind: for "got X" messages.
std::string describe(const Node& node) {
  return node.is_scalar() ? "'" + node.text() + "'" : std::string(node.kind_name());
}

std::string at_line(const SourcePos& pos) { return "line " + std::to_string(pos.line); }

// "monsters.yaml:3" when `pos` is in another file than `here`, else "line 3".
std::string place(const SourcePos& pos, const SourcePos& here) {
  if (pos.file && pos.file != here.file) return pos.file->path + ":" + std::to_string(pos.line);
  return at_line(pos);
}

Node without_key(const Node& map, std::string_view key) {
  std::vector<Node::Entry> entries;
  for (const Node::Entry& e : map.entries())
    if (e.key != key) entries.push_back(e);
  return Node::map(std::move(entries), map.pos());
}

fs::path identity(const fs::path& p) {
  std::error_code ec;
  fs::path id = fs::weakly_canonical(p, ec);
  return ec ? fs::absolute(p, ec).lexically_normal() : id;
}

// --- library ----------------------------------------------------------------

struct LibraryEntry {
  std::string name;
  SourcePos key_pos;
  Node body;
};

// The name table of every library entry (included files and inline
// `monsters:`), and the `use:` resolution over it.
class Library {
 public:
  explicit Library(std::string ruleset) : ruleset_(std::move(ruleset)) {}

  void add(const Node& monsters) {
    if (monsters.is_null()) return;
    if (!monsters.is_map())
      throw InputError(monsters.pos(),
                       "monsters must be a map of name to combatant, got " + describe(monsters));
    for (const Node::Entry& e : monsters.entries()) {
      if (!e.value.is_map())
        throw InputError(e.value.pos(),
                         "library entry '" + e.key + "' must be a map, got " + describe(e.value));
      if (const LibraryEntry* first = find(e.key))
        throw InputError(e.key_pos, "library entry '" + e.key + "' is defined twice (first at " +
                                        place(first->key_pos, e.key_pos) + ")");
      index_.emplace(e.key, entries_.size());
      entries_.push_back({e.key, e.key_pos, e.value});
    }
  }

  // A combatant with `use:` resolved: a copy of the entry, its own keys on top.
  Node resolve_combatant(const Node& combatant) {
    const Node* use = combatant.find("use");
    if (!use) return combatant;
    const std::size_t i = lookup(*use);
    std::vector<std::size_t> chain;
    Node out = Node::map(resolve(i, chain).entries(), combatant.pos());
    out.merge_from(without_key(combatant, "use"));
    const Node* name = out.find("name");
    if (!name || name->is_null()) out.set("name", Node::scalar(entries_[i].name, use->pos()), use->pos());
    return out;
  }

 private:
  const LibraryEntry* find(const std::string& name) const {
    const auto it = index_.find(name);
    return it == index_.end() ? nullptr : &entries_[it->second];
  }

  std::size_t lookup(const Node& use) const {
    const std::string& name = use.as_string();
    if (const auto it = index_.find(name); it != index_.end()) return it->second;
    std::vector<std::string> names;
    for (const LibraryEntry& e : entries_) names.push_back(e.name);
    // An exact name in a shipped library beats a guess among the entries here.
    std::string hint = shipped_hint(name);
    if (hint.empty()) hint = did_you_mean(name, names);
    if (entries_.empty())
      throw InputError(use.pos(), "unknown library entry '" + name + "'; no library entries are defined" +
                                      (hint.empty() ? " (add 'monsters:' or 'include:')" : hint));
    throw InputError(use.pos(), "unknown library entry '" + name + "'" + hint);
  }

  // Where a shipped library of the scenario's rule system defines `name`.
  std::string shipped_hint(const std::string& name) const {
    for (const ShippedLibrary& lib : shipped_libraries(ruleset_))
      for (const std::string& entry : lib.entries)
        if (entry == name)
          return "; the shipped library '" + lib.name + "' defines it: add it to `include:`, e.g. include: [" +
                 lib.name + "]";
    return {};
  }

  // The entry's keys with its own `use:` chain applied (no `use`, no default name).
  const Node& resolve(std::size_t i, std::vector<std::size_t>& chain) {
    if (resolved_.size() < entries_.size()) resolved_.resize(entries_.size());
    if (resolved_[i]) return *resolved_[i];
    const Node& body = entries_[i].body;
    Node out = Node::map({}, body.pos());
    if (const Node* use = body.find("use")) {
      const std::size_t j = lookup(*use);
      const auto seen = std::find(chain.begin(), chain.end(), j);
      if (j == i || seen != chain.end()) {
        std::string cycle;
        for (auto it = seen; it != chain.end(); ++it) cycle += entries_[*it].name + " -> ";
        cycle += entries_[i].name + " -> " + entries_[j].name;
        throw InputError(use->pos(), "use cycle: " + cycle);
      }
      chain.push_back(i);
      out = Node::map(resolve(j, chain).entries(), body.pos());
      chain.pop_back();
    }
    out.merge_from(without_key(body, "use"));
    resolved_[i] = std::move(out);
    return *resolved_[i];
  }

  std::string ruleset_;  // for the shipped libraries a missing entry may be in
  std::vector<LibraryEntry> entries_;

  std::unordered_map<std::string, std::size_t> index_;  // name -> entries_ position
  std::vector<std::optional<Node>> resolved_;
};

// --- includes ---------------------------------------------------------------

// Loads `include:` files depth first. Each file is read once (a library that two
// files include is not a duplicate definition); a file that includes itself,
// directly or not, is a cycle.
class Includer {
 public:
  Includer(std::string ruleset, Library& library) : ruleset_(std::move(ruleset)), library_(&library) {}

  // `display` is the file as messages name it, `id` its canonical path (empty
  // for a scenario that is not a file).
  void enter_root(std::string display, fs::path id) { stack_.push_back({std::move(display), std::move(id)}); }

  // `include` is the value of an `include:` key, `dir` the including file's directory.
  void include_all(const Node* include, const fs::path& dir) {
    if (!include) return;
    if (include->is_scalar()) return include_one(*include, dir);
    if (include->is_list()) {
      for (const Node& item : include->items()) {
        if (!item.is_scalar())
          throw InputError(item.pos(), "include must list file names, got " + describe(item));
        include_one(item, dir);
      }
      return;
    }
    throw InputError(include->pos(),
                     "include must be a file name or a list of file names, got " + describe(*include));
  }

 private:
  struct Frame {
    std::string display;
    fs::path id;
  };

  void include_one(const Node& entry, const fs::path& dir) {
    const std::string display = resolve(entry.as_string(), dir);
    const fs::path id = identity(display);
    const auto open = std::find_if(stack_.begin(), stack_.end(), [&](const Frame& f) { return f.id == id; });
    if (open != stack_.end()) {
      std::string cycle;
      for (auto it = open; it != stack_.end(); ++it) cycle += it->display + " -> ";
      throw InputError(entry.pos(), "include cycle: " + cycle + display);
    }
    if (done_.contains(id)) return;
    Node doc;
    try {
      doc = load_yaml_file(display);
    } catch (const InputError& e) {
      // An unreadable file is reported at the include that names it, with
      // the shipped libraries when it is not there at all.
      if (e.pos().line == 0 && e.pos().path() == display)
        throw InputError(entry.pos(), e.message() + (fs::exists(display) ? std::string() : shipped_list(entry.as_string())));
      throw;
    }
    stack_.push_back({display, id});
    load_library(doc, fs::path(display).parent_path());
    stack_.pop_back();
    done_.insert(id);
  }

  // The file an include names: relative to the including file (".yaml" may
  // be left off), else a shipped library of that name (docs/scenarios.md).
  static std::string resolve(const std::string& name, const fs::path& dir) {
    const std::string local = (dir / name).lexically_normal().string();
    std::error_code ec;
    if (fs::exists(local, ec)) return local;
    if (fs::path(name).extension().empty() && fs::exists(local + ".yaml", ec)) return local + ".yaml";
    if (const fs::path shipped = find_shipped(name); !shipped.empty()) return shipped.string();
    return local;
  }

  // "; shipped libraries for daggerheart: 'daggerheart/adversaries', ... (did you mean ...?)"
  std::string shipped_list(const std::string& name) const {
    std::vector<std::string> names;
    std::string hint;
    const std::string stem = fs::path(name).stem().string();
    for (const ShippedLibrary& lib : shipped_libraries(ruleset_)) {
      names.push_back(lib.name);
      if (fs::path(lib.name).filename() == stem) hint = " (did you mean '" + lib.name + "'?)";
    }
    if (names.empty()) return {};
    if (hint.empty()) hint = did_you_mean(name, names);
    return "; shipped libraries to include by name: " + one_of(names) + hint;
  }

  void load_library(const Node& doc, const fs::path& dir) {
    if (doc.is_null()) return;
    MapReader reader(doc, kLibraryKeys, "library");
    reader.finish();
    if (const Node* rs = reader.get("ruleset"); rs && rs->as_string() != ruleset_)
      throw InputError(rs->pos(), "library is for ruleset '" + rs->as_string() +
                                      "', but the scenario uses '" + ruleset_ + "'");
    reader.get_string("description", "");
    include_all(reader.get("include"), dir);
    if (const Node* monsters = reader.get("monsters")) library_->add(*monsters);
  }

  std::string ruleset_;
  Library* library_;
  std::vector<Frame> stack_;
  std::set<fs::path> done_;
};

// --- sides and documents ----------------------------------------------------

Node build_side(const Node::Entry& side, Library& library) {
  if (!side.value.is_list() && !side.value.is_null())
    throw InputError(side.value.pos(),
                     side.key + " must be a list of combatants, got " + describe(side.value));
  std::vector<Node> combatants;
  if (side.value.is_list()) {
    for (const Node& c : side.value.items()) {
      if (!c.is_map())
        throw InputError(c.pos(), "a combatant in " + side.key + " must be a map, got " + describe(c));
      combatants.push_back(library.resolve_combatant(c));
    }
  }
  return Node::list(std::move(combatants), side.value.pos());
}

// The checks every variant's document passes; the rest is the rule system's.
void check_side(const Node::Entry& side) {
  if (side.value.is_null() || (side.value.is_list() && side.value.items().empty()))
    throw InputError(side.key_pos, side.key + " must list at least one combatant");
  if (!side.value.is_list())
    throw InputError(side.value.pos(),
                     side.key + " must be a list of combatants, got " + describe(side.value));
  // Names as reports show them: `count: 3` makes "Goblin 1" .. "Goblin 3".
  // They must differ (ignoring case) within a side, or two rows would merge.
  std::unordered_map<std::string, const Node*> seen;  // lower-cased name -> its entry
  for (const Node& c : side.value.items()) {
    if (!c.is_map())
      throw InputError(c.pos(), "a combatant in " + side.key + " must be a map, got " + describe(c));
    if (const Node* use = c.find("use"))
      throw InputError(use->pos(), "'use:' is resolved when the scenario loads; a variant sets the keys themselves");
    const Node* name = c.find("name");
    if (!name || name->is_null()) throw InputError(c.pos(), "combatant needs a 'name'");
    if (!name->is_scalar())
      throw InputError(name->pos(), "a combatant's name must be a string, got " + describe(*name));
    if (name->text().empty()) throw InputError(name->pos(), "a combatant's name must not be empty");
    std::int64_t count = 1;
    if (const Node* n = c.find("count")) {
      count = n->as_int();
      check_range(*n, "count", static_cast<double>(count), 1, kMaxCount);
    }
    for (std::int64_t k = 1; k <= count; ++k) {
      const std::string shown = count > 1 ? name->text() + " " + std::to_string(k) : name->text();
      std::string key = shown;
      for (char& ch : key) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      const auto [it, fresh] = seen.emplace(key, &c);
      if (!fresh)
        throw InputError(c.pos(), "duplicate combatant name '" + shown + "' in " + side.key + " (first at " +
                                      place(it->second->pos(), c.pos()) + ")");
    }
  }
}

void check_doc(const Node& doc) {
  for (const Node::Entry& e : doc.entries()) {
    if (e.key == "party" || e.key == "foes") {
      check_side(e);
    } else if (e.key == "max_rounds") {
      check_range(e.value, "max_rounds", static_cast<double>(e.value.as_int()), 1, kMaxRounds);
    } else if (e.key == "options" && !e.value.is_map() && !e.value.is_null()) {
      throw InputError(e.value.pos(), "options must be a map, got " + describe(e.value));
    }
  }
}

void apply_overrides(Node& doc, const Node& set) {
  if (set.is_null()) return;
  for (const Node::Entry& e : set.entries()) set_path(doc, e.key, e.value, e.key_pos);
}

std::uint64_t parse_seed(const Node& node) {
  const std::string& text = node.is_scalar() ? node.text() : std::string();
  std::uint64_t seed = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (!node.is_scalar() || text.empty() || ec != std::errc{} || end != text.data() + text.size())
    throw InputError(node.pos(),
                     "seed must be an integer between 0 and 18446744073709551615, got " + describe(node));
  return seed;
}

Scenario load(const Node& root, const std::string& display, const fs::path& root_id, const fs::path& dir,
              const std::vector<std::string>& known_rulesets) {
  Scenario s;
  s.path = display;
  if (root.is_null())
    throw InputError(root.pos(), "scenario is empty; it needs at least 'ruleset', 'party' and 'foes'");
  if (const Node* fights = root.is_map() ? root.find("fights") : nullptr)
    throw InputError(fights->pos(), "this is a session (it lists `fights:`), which this command does not take yet "
                                    "(docs/sessions.md lists the commands that do)");
  MapReader reader(root, scenario_keys(), "scenario");
  // Unknown keys first: a misspelt `rulset:` should not read as a missing `ruleset:`.
  reader.finish();

  const Node& ruleset = reader.require("ruleset");
  s.ruleset = ruleset.as_string();
  s.ruleset_pos = ruleset.pos();
  if (std::find(known_rulesets.begin(), known_rulesets.end(), s.ruleset) == known_rulesets.end()) {
    std::string msg = "unknown ruleset '" + s.ruleset + "'" + did_you_mean(s.ruleset, known_rulesets);
    msg += known_rulesets.empty() ? "; no rule systems are registered"
                                  : "; expected one of " + one_of(known_rulesets);
    throw InputError(ruleset.pos(), msg);
  }

  const std::string stem = fs::path(display).stem().string();
  s.name = reader.get_string("name", stem.empty() ? display : stem);
  s.description = reader.get_string("description", "");
  s.trials = static_cast<std::uint64_t>(reader.get_int("trials", 100000, 1, kMaxTrials));
  if (const Node* seed = reader.scalar("seed")) s.seed = parse_seed(*seed);
  reader.get_int("max_rounds", kDefaultMaxRounds, 1, kMaxRounds);

  Library library(s.ruleset);
  Includer includer(s.ruleset, library);
  includer.enter_root(display, root_id);
  includer.include_all(reader.get("include"), dir);
  if (const Node* monsters = reader.get("monsters")) library.add(*monsters);

  // The base document: the root's party, foes, max_rounds, options and tactics,
  // in source order, with `use:` resolved.
  for (const char* side : {"party", "foes"})
    if (!root.find(side)) reader.require(side);
  Node base = Node::map({}, root.pos());
  for (const Node::Entry& e : root.entries()) {
    if (e.key == "party" || e.key == "foes")
      base.set(e.key, build_side(e, library), e.key_pos);
    else if (std::find(kDocKeys.begin(), kDocKeys.end(), e.key) != kDocKeys.end() && !e.value.is_null())
      base.set(e.key, e.value, e.key_pos);
  }
  if (!base.find("max_rounds"))
    base.set("max_rounds", Node::scalar(std::to_string(kDefaultMaxRounds), SourcePos{root.pos().file, 0, 0}));
  check_doc(base);
  s.variants.push_back({"base", base, Node()});

  const Node* variants = reader.get("variants");
  if (!variants) return s;
  if (!variants->is_list())
    throw InputError(variants->pos(), "variants must be a list, got " + describe(*variants));
  std::vector<const Node*> names;
  for (const Node& v : variants->items()) {
    MapReader vr(v, kVariantKeys, "variant");
    vr.finish();
    const Node& name = vr.require("name");
    const std::string& text = name.as_string();
    if (iequals(text, "base"))
      throw InputError(name.pos(), "variant name '" + text + "' is reserved for the scenario as written");
    for (const Node* other : names)
      if (iequals(other->text(), text))
        throw InputError(name.pos(),
                         "duplicate variant name '" + text + "' (first at " + at_line(other->pos()) + ")");
    names.push_back(&name);
    Node doc = base;
    Node overrides;
    if (const Node* set = vr.get("set")) {
      if (!set->is_map())
        throw InputError(set->pos(), "set must be a map of path to value, got " + describe(*set));
      apply_overrides(doc, *set);
      overrides = *set;
    }
    check_doc(doc);
    s.variants.push_back({text, std::move(doc), std::move(overrides), vr.get_string("note", "")});
  }
  return s;
}

// --- paths ------------------------------------------------------------------

std::vector<std::string_view> split_path(std::string_view path, const SourcePos& where) {
  std::vector<std::string_view> steps;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = path.find('.', start);
    const std::string_view step = path.substr(start, dot == std::string_view::npos ? dot : dot - start);
    if (step.empty()) throw InputError(where, "empty step in path '" + std::string(path) + "'");
    steps.push_back(step);
    if (dot == std::string_view::npos) return steps;
    start = dot + 1;
  }
}

std::optional<std::size_t> as_index(std::string_view step) {
  std::size_t index = 0;
  const auto [end, ec] = std::from_chars(step.data(), step.data() + step.size(), index);
  if (ec != std::errc{} || end != step.data() + step.size()) return std::nullopt;
  return index;
}

// Walks `path` in `doc`. With a value, sets it at the last step (creating the
// last key, and `options` or `style` at the top, when absent) and returns
// nullptr; without, returns the node at the path. Never modifies `doc` when
// `value` is null, which is what lets get_path share it.
Node* walk(Node& doc, std::string_view path, const Node* value, const SourcePos& where) {
  const std::vector<std::string_view> steps = split_path(path, where);
  Node* cur = &doc;
  std::string walked;  // "foes.Goblin": the steps so far, for messages
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const std::string step(steps[i]);
    const bool last = i + 1 == steps.size();
    const std::string in = walked.empty() ? "" : " in '" + walked + "'";
    if (cur->is_list()) {
      // A list step is an index or, for lists of named maps (the sides, a
      // combatant's attacks), a name.
      auto& items = cur->items_mut();
      std::optional<std::size_t> index = as_index(step);
      std::vector<std::string> names;
      if (!index) {
        for (std::size_t k = 0; k < items.size(); ++k) {
          const Node* n = items[k].find("name");
          if (!n || !n->is_scalar()) continue;
          if (iequals(n->text(), step)) index = k;
          names.push_back(n->text());
        }
      }
      const bool side = i == 1 && (steps[0] == "party" || steps[0] == "foes");
      const std::string what = side ? "combatant" : "item";
      const std::string where_list = side ? " in " + walked : in;
      if (!index)
        throw InputError(where, "no " + what + " '" + step + "'" + where_list + did_you_mean(step, names));
      if (*index >= items.size())
        throw InputError(
            where, "no " + what + " " + step + where_list + " (it has " + std::to_string(items.size()) + ")");
      if (last && value) {
        items[*index] = *value;
        return nullptr;
      }
      cur = &items[*index];
    } else if (cur->is_map() || (cur->is_null() && value)) {
      if (i == 0 && std::find(kDocKeys.begin(), kDocKeys.end(), step) == kDocKeys.end())
        throw InputError(where, "unknown path step '" + step + "'" + did_you_mean(step, kDocKeys));
      if (last && value) {
        cur->set(step, *value, where);
        return nullptr;
      }
      Node* next = cur->find_mut(step);
      if (!next && value && i == 0 && (step == "options" || step == "style")) {
        cur->set(step, Node::map({}, where), where);
        next = cur->find_mut(step);
      }
      if (!next) {
        std::vector<std::string> keys;
        if (cur->is_map())
          for (const Node::Entry& e : cur->entries()) keys.push_back(e.key);
        if (i == 0) throw InputError(where, "the scenario has no " + step);
        throw InputError(where, "unknown path step '" + step + "'" + in + did_you_mean(step, keys));
      }
      cur = next;
    } else {
      throw InputError(where, "'" + walked + "' is " + std::string(cur->kind_name()) +
                                  ", not a map or a list, so it has no '" + step + "'");
    }
    walked += (walked.empty() ? "" : ".") + step;
  }
  return cur;
}

}  // namespace

const std::vector<KeySpec>& scenario_keys() {
  static const std::vector<KeySpec> keys = {
      {"name", "string", "the file's stem", "the scenario's name in results"},
      {"ruleset", "rule system id", "", "the rule system, e.g. fivey (required)"},
      {"description", "string", "", "free text"},
      {"include", "file or list of files", "", "library files (`monsters:`), relative to this file"},
      {"trials", "integer", "100000", "fights to simulate, 1 to 1000000000000"},
      {"seed", "integer", "1", "random seed, 0 to 2^64-1"},
      {"max_rounds", "integer", "100", "a fight still going after this many rounds is a draw (1 to 100000)"},
      {"options", "map", "", "rule options, read by the rule system"},
      {"tactics", "map: party, foes", "",
       "rule lists for a whole side (combatants without their own `tactics`)"},
      {"style", "map: foes, party", "standard",
       "play styles, e.g. {foes: ruthless, party: careful}; `encsim rules ID` lists a system's"},
      {"party", "list of combatants", "", "the player characters (required)"},
      {"foes", "list of combatants", "", "their opponents (required)"},
      {"monsters", "map of name to combatant", "", "library entries a combatant can `use:`"},
      {"countdowns", "list of countdowns", "", "countdowns, for rule systems that have them (daggerheart)"},
      {"variants", "list of {name, set}", "",
       "named copies of the scenario with overrides, e.g. foes.Goblin.hp: 9"},
  };
  return keys;
}

Scenario load_scenario(const std::string& path, const std::vector<std::string>& known_rulesets) {
  const Node root = load_yaml_file(path);
  fs::path dir = fs::path(path).parent_path();
  return load(root, path, identity(path), dir, known_rulesets);
}

Scenario load_scenario_text(std::string_view text, const std::string& display_name,
                            const std::vector<std::string>& known_rulesets, const std::string& base_dir) {
  const Node root = parse_yaml(SourceFile::from_text(display_name, text), text);
  return load(root, display_name, fs::path(), base_dir, known_rulesets);
}

Scenario load_scenario_node(const Node& root, const std::string& display, const std::string& dir,
                            const std::vector<std::string>& known_rulesets) {
  return load(root, display, fs::path(), dir, known_rulesets);
}

void check_document(const Node& doc) { check_doc(doc); }

void set_path(Node& doc, std::string_view path, const Node& value, const SourcePos& where) {
  walk(doc, path, &value, where);
}

Node edited_doc(const Scenario& scenario, const Variant& variant, const std::vector<Edit>& edits) {
  if (edits.empty()) return variant.doc;
  Node doc = scenario.variants.front().doc;
  for (const Edit& e : edits) set_path(doc, e.path, e.value, e.where);
  check_doc(doc);
  apply_overrides(doc, variant.set);
  check_doc(doc);
  return doc;
}

const Node& get_path(const Node& doc, std::string_view path, const SourcePos& where) {
  // walk() leaves the document untouched when given no value.
  return *walk(const_cast<Node&>(doc), path, nullptr, where);
}

}  // namespace encsim
