// Loading a session file (docs/sessions.md): the party once, a list of fights
// (inline, or a scenario `file:` whose foes and options it takes) and rests,
// and variants that reorder, drop or change them. Each fight is resolved into
// the document a scenario's variant would hold, by the scenario loader itself,
// so `include:`, `use:` and every check work as they do for a scenario.
#include "encsim/session.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>

#include "encsim/scenario.hpp"
#include "io/yaml.hpp"

namespace fs = std::filesystem;

namespace encsim {
namespace {

constexpr std::int64_t kMaxTrials = 1'000'000'000'000;
constexpr std::int64_t kMaxRounds = 100'000;
constexpr std::size_t kMaxItems = 64;

bool iequals(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  });
}

std::string describe(const Node& node) {
  return node.is_scalar() ? "'" + node.text() + "'" : std::string(node.kind_name());
}

std::uint64_t parse_seed(const Node& node) {
  const std::string& text = node.is_scalar() ? node.text() : std::string();
  std::uint64_t seed = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (!node.is_scalar() || text.empty() || ec != std::errc{} || end != text.data() + text.size())
    throw InputError(node.pos(), "seed must be an integer between 0 and 18446744073709551615, got " + describe(node));
  return seed;
}

// `base` with `over` merged on top (maps key by key); either may be absent.
Node layered(const Node* base, const Node* over, const SourcePos& pos) {
  Node out = base && !base->is_null() ? *base : Node::map({}, pos);
  if (over && !over->is_null()) {
    if (!over->is_map()) throw InputError(over->pos(), "expected a map, got " + describe(*over));
    if (!out.is_map()) throw InputError(out.pos(), "expected a map, got " + describe(out));
    out.merge_from(*over);
  }
  return out;
}

// The item named `name` (ignoring case) of `items` (const or not).
template <class Items>
auto& find_item(Items& items, std::string_view name, const SourcePos& where) {
  std::vector<std::string> names;
  for (auto& it : items) {
    if (iequals(it.name, name)) return it;
    names.push_back(it.name);
  }
  throw InputError(where, "no fight or rest '" + std::string(name) + "'" + did_you_mean(std::string(name), names) +
                              "; the session has " + one_of(names));
}

// One `set:` entry: `fights.NAME.PATH` for one item, else a path every fight takes.
void apply_set(std::vector<SessionItem>& items, const std::string& path, const Node& value, const SourcePos& where) {
  if (path.rfind("fights.", 0) == 0) {
    const std::string rest = path.substr(7);
    const std::size_t dot = rest.find('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 == rest.size())
      throw InputError(where, "a path into a fight reads fights.NAME.PATH, e.g. fights.ambush.foes.Goblin.hp");
    SessionItem& it = find_item(items, rest.substr(0, dot), where);
    const std::string sub = rest.substr(dot + 1);
    if (it.fight) {
      set_path(it.doc, sub, value, where);
      check_document(it.doc);
    } else if (sub == "rest") {
      if (!value.is_scalar()) throw InputError(value.pos(), "a rest's kind must be a word, got " + describe(value));
      it.rest = value;
    } else if (sub.rfind("options.", 0) == 0 && sub.size() > 8) {
      if (it.rest_options.is_null()) it.rest_options = Node::map({}, where);
      it.rest_options.set(sub.substr(8), value, where);
    } else {
      throw InputError(where, "a rest has `rest` and `options.KEY` to set, not '" + sub + "'");
    }
    return;
  }
  bool any = false;
  for (SessionItem& it : items)
    if (it.fight) {
      set_path(it.doc, path, value, where);
      check_document(it.doc);
      any = true;
    }
  if (!any) throw InputError(where, "no fight to set '" + path + "' in");
}

class Loader {
 public:
  Loader(const Node& root, std::string display, fs::path dir, const std::vector<std::string>& known,
         const std::vector<Edit>& edits)
      : root_(root), display_(std::move(display)), dir_(std::move(dir)), known_(known), edits_(edits) {}

  Session load() {
    Session s;
    s.path = display_;
    if (!root_.is_map()) throw InputError(root_.pos(), "a session must be a map, got " + describe(root_));
    MapReader r(root_, session_keys(), "session");
    r.finish();
    const Node& ruleset = r.require("ruleset");
    s.ruleset = ruleset.as_string();
    s.ruleset_pos = ruleset.pos();
    if (std::find(known_.begin(), known_.end(), s.ruleset) == known_.end())
      throw InputError(ruleset.pos(), "unknown ruleset '" + s.ruleset + "'" + did_you_mean(s.ruleset, known_) +
                                          "; expected one of " + one_of(known_));
    const std::string stem = fs::path(display_).stem().string();
    s.name = r.get_string("name", stem.empty() ? display_ : stem);
    s.description = r.get_string("description", "");
    s.trials = static_cast<std::uint64_t>(r.get_int("trials", 100000, 1, kMaxTrials));
    if (const Node* seed = r.scalar("seed")) s.seed = parse_seed(*seed);
    r.get_int("max_rounds", 100, 1, kMaxRounds);
    r.require("party");
    ruleset_ = s.ruleset;
    party_ = resolve_party();

    const Node& fights = r.require("fights");
    if (!fights.is_list() || fights.items().empty())
      throw InputError(fights.pos(), "fights must be a list of fights and rests, got " + describe(fights));
    if (fights.items().size() > kMaxItems)
      throw InputError(fights.pos(), "a session holds at most " + std::to_string(kMaxItems) + " fights and rests");
    SessionVariant base{"base", "", {}};
    int n_fights = 0, n_rests = 0;
    for (const Node& item : fights.items()) {
      if (!item.is_map())
        throw InputError(item.pos(), "an item of fights must be a map (a fight or a rest), got " + describe(item));
      SessionItem it = item.find("rest") ? read_rest(item, ++n_rests) : read_fight(item, ++n_fights);
      it.key = base.items.size();
      for (const SessionItem& other : base.items)
        if (iequals(other.name, it.name))
          throw InputError(item.pos(), "two items of fights are named '" + it.name + "' (first at line " +
                                           std::to_string(other.pos.line) + "); give one a different `name:`");
      base.items.push_back(std::move(it));
    }
    if (n_fights == 0) throw InputError(fights.pos(), "a session needs at least one fight");
    // The command line's values, as if the file said so: before the variants.
    for (const Edit& e : edits_) apply_set(base.items, e.path, e.value, e.where);
    s.variants.push_back(base);
    if (const Node* variants = r.get("variants")) read_variants(*variants, s);
    return s;
  }

 private:
  // The session's own keys that every fight's document starts from.
  Node common_root() const {
    Node root = Node::map({}, root_.pos());
    for (const char* key : {"ruleset", "include", "monsters", "party"})
      if (const Node* v = root_.find(key)) root.set(key, *v, v->pos());
    return root;
  }

  // The party with `use:` resolved: loaded as a scenario whose foes are the party.
  Node resolve_party() const {
    Node root = common_root();
    root.set("foes", *root_.find("party"), root_.find("party")->pos());
    const Scenario sc = load_scenario_node(root, display_, dir_.string(), known_);
    return *sc.variants.front().doc.find("party");
  }

  SessionItem read_fight(const Node& item, int number) {
    MapReader r(item, session_fight_keys(), "fight");
    r.finish();
    SessionItem it;
    it.pos = item.pos();
    const Node* file = r.scalar("file");
    const Node* foes = r.get("foes");
    if (file && r.has("foes"))
      throw InputError(r.node().find("foes")->pos(), "a fight takes its foes from `file:` or lists `foes:`, not both");
    if (!file && !foes) throw InputError(item.pos(), "a fight needs `foes:` or a scenario `file:` (or `rest:` for a rest)");
    std::string stem;
    Node doc;
    if (file) {
      const std::string path = (dir_ / file->as_string()).lexically_normal().string();
      std::error_code ec;
      if (!fs::exists(path, ec)) throw InputError(file->pos(), "no such scenario file '" + path + "'");
      Scenario sc;
      try {
        sc = load_scenario(path, known_);
      } catch (const InputError& e) {
        throw InputError(e.pos(), e.message() + " (in the fight at " + display_ + ":" + std::to_string(file->pos().line) + ")");
      }
      if (sc.ruleset != ruleset_)
        throw InputError(file->pos(), "scenario '" + path + "' is for ruleset '" + sc.ruleset + "', the session for '" +
                                          ruleset_ + "'");
      stem = sc.name;
      doc = sc.variants.front().doc;
      doc.set("party", party_, party_.pos());
      const Node* file_rounds = doc.find("max_rounds");
      const bool rounds_written = file_rounds && file_rounds->pos().line > 0;
      for (const char* key : {"options", "tactics", "style"}) {
        Node merged = layered(root_.find(key), doc.find(key), item.pos());
        merged = layered(&merged, r.get(key), item.pos());
        if (merged.is_map() && !merged.entries().empty()) doc.set(key, merged, item.pos());
      }
      if (const Node* m = r.get("max_rounds")) doc.set("max_rounds", *m, m->pos());
      else if (!rounds_written && root_.find("max_rounds")) doc.set("max_rounds", *root_.find("max_rounds"));
      if (const Node* c = r.get("countdowns")) doc.set("countdowns", *c, c->pos());
      check_document(doc);
    } else {
      Node root = common_root();
      root.set("foes", *foes, foes->pos());
      if (const Node* m = r.get("max_rounds")) root.set("max_rounds", *m, m->pos());
      else if (const Node* sm = root_.find("max_rounds")) root.set("max_rounds", *sm, sm->pos());
      for (const char* key : {"options", "tactics", "style"}) {
        const Node merged = layered(root_.find(key), r.get(key), item.pos());
        if (merged.is_map() && !merged.entries().empty()) root.set(key, merged, item.pos());
      }
      if (const Node* c = r.get("countdowns")) root.set("countdowns", *c, c->pos());
      doc = load_scenario_node(root, display_, dir_.string(), known_).variants.front().doc;
    }
    it.name = r.get_string("name", stem.empty() ? "fight " + std::to_string(number) : stem);
    if (it.name.empty()) throw InputError(item.pos(), "a fight's name must not be empty");
    it.doc = std::move(doc);
    return it;
  }

  static SessionItem read_rest(const Node& item, int number) {
    MapReader r(item, session_rest_keys(), "rest");
    r.finish();
    SessionItem it;
    it.pos = item.pos();
    it.fight = false;
    const Node* kind = r.scalar("rest");
    if (!kind) throw InputError(item.pos(), "a rest needs a kind, e.g. `rest: short`");
    kind->as_string();
    it.rest = *kind;
    if (const Node* o = r.get("options")) {
      if (!o->is_map()) throw InputError(o->pos(), "a rest's options must be a map, got " + describe(*o));
      it.rest_options = *o;
    }
    it.name = r.get_string("name", "rest " + std::to_string(number));
    if (it.name.empty()) throw InputError(item.pos(), "a rest's name must not be empty");
    return it;
  }

  void read_variants(const Node& variants, Session& s) const {
    if (!variants.is_list()) throw InputError(variants.pos(), "variants must be a list, got " + describe(variants));
    for (const Node& v : variants.items()) {
      MapReader vr(v, session_variant_keys(), "variant");
      vr.finish();
      const Node& name = vr.require("name");
      const std::string& text = name.as_string();
      if (iequals(text, "base"))
        throw InputError(name.pos(), "variant name '" + text + "' is reserved for the session as written");
      for (const SessionVariant& other : s.variants)
        if (iequals(other.name, text)) throw InputError(name.pos(), "duplicate variant name '" + text + "'");
      SessionVariant out{text, vr.get_string("note", ""), s.variants.front().items};
      if (const Node* set = vr.get("set")) {
        if (!set->is_map()) throw InputError(set->pos(), "set must be a map of path to value, got " + describe(*set));
        for (const Node::Entry& e : set->entries()) {
          apply_set(out.items, e.key, e.value, e.key_pos);
          out.set_paths.push_back(e.key);
        }
      }
      if (const Node* order = vr.get("order")) {
        if (!order->is_list() || order->items().empty())
          throw InputError(order->pos(), "order must list the names of the fights and rests to run, in order");
        std::vector<SessionItem> picked;
        for (const Node& n : order->items()) {
          const SessionItem& it = find_item(out.items, n.as_string(), n.pos());
          for (const SessionItem& p : picked)
            if (p.key == it.key) throw InputError(n.pos(), "'" + it.name + "' is listed twice in order");
          picked.push_back(it);
        }
        if (std::none_of(picked.begin(), picked.end(), [](const SessionItem& it) { return it.fight; }))
          throw InputError(order->pos(), "order must keep at least one fight");
        out.items = std::move(picked);
      }
      s.variants.push_back(std::move(out));
    }
  }

  const Node& root_;
  std::string display_;
  fs::path dir_;
  const std::vector<std::string>& known_;
  const std::vector<Edit>& edits_;
  std::string ruleset_;
  Node party_;
};

}  // namespace

const std::vector<KeySpec>& session_keys() {
  static const std::vector<KeySpec> keys = {
      {"name", "string", "the file's stem", "the session's name in results"},
      {"ruleset", "rule system id", "", "the rule system (required)"},
      {"description", "string", "", "free text"},
      {"include", "file or list of files", "", "library files (`monsters:`), relative to this file"},
      {"monsters", "map of name to combatant", "", "library entries a combatant can `use:`"},
      {"trials", "integer", "100000", "sessions to simulate, 1 to 1000000000000"},
      {"seed", "integer", "1", "random seed, 0 to 2^64-1"},
      {"party", "list of combatants", "", "the player characters, carried through every fight (required)"},
      {"options", "map", "", "rule options for every fight (a fight's own options win)"},
      {"tactics", "map: party, foes", "", "side tactics for every fight (a fight's own win)"},
      {"style", "map: foes, party", "standard", "play styles for every fight (a fight's own win)"},
      {"max_rounds", "integer", "100", "for every fight that does not say"},
      {"fights", "list of fights and rests", "", "what the party goes through, in order (required)"},
      {"variants", "list of {name, set, order, note}", "", "named copies of the session with changes"},
  };
  return keys;
}

const std::vector<KeySpec>& session_fight_keys() {
  static const std::vector<KeySpec> keys = {
      {"name", "string", "the file's scenario name, or 'fight N'", "the fight's name in results and set paths"},
      {"file", "scenario file", "", "take foes, options, tactics, style, countdowns and max_rounds from it"},
      {"foes", "list of combatants", "", "the fight's foes (without `file:`)"},
      {"options", "map", "", "rule options of this fight, over the session's"},
      {"tactics", "map: party, foes", "", "side tactics of this fight"},
      {"style", "map: foes, party", "", "play styles of this fight"},
      {"max_rounds", "integer", "the session's", "a fight still going after this many rounds is a draw"},
      {"countdowns", "list of countdowns", "", "countdowns of this fight (daggerheart)"},
  };
  return keys;
}

const std::vector<KeySpec>& session_rest_keys() {
  static const std::vector<KeySpec> keys = {
      {"rest", "rest kind", "", "the rest's kind: `encsim rules ID` lists a system's (e.g. short, long, none)"},
      {"name", "string", "'rest N'", "the rest's name in set paths and order"},
      {"options", "map", "", "the rest's choices, read by the rule system (e.g. moves)"},
  };
  return keys;
}

const std::vector<KeySpec>& session_variant_keys() {
  static const std::vector<KeySpec> keys = {
      {"name", "string", "", "the variant's name in results (not 'base')"},
      {"set", "map of path to value", "", "overrides: fights.NAME.PATH, or party/options/... for every fight"},
      {"order", "list of names", "", "the fights and rests to run, in this order (leave one out to drop it)"},
      {"note", "string", "", "a line shown with this variant's results"},
  };
  return keys;
}

bool is_session_file(const std::string& path) {
  const Node root = load_yaml_file(path);
  return root.is_map() && root.find("fights") != nullptr;
}

Session load_session(const std::string& path, const std::vector<std::string>& known_rulesets,
                     const std::vector<Edit>& edits) {
  const Node root = load_yaml_file(path);
  return Loader(root, path, fs::path(path).parent_path(), known_rulesets, edits).load();
}

Session load_session_text(std::string_view text, const std::string& display_name,
                          const std::vector<std::string>& known_rulesets, const std::string& base_dir,
                          const std::vector<Edit>& edits) {
  const Node root = parse_yaml(SourceFile::from_text(display_name, text), text);
  return Loader(root, display_name, fs::path(base_dir), known_rulesets, edits).load();
}

SessionTarget session_target(const SessionVariant& v, const std::string& path, const SourcePos& where) {
  if (path.rfind("fights.", 0) == 0) {
    const std::string rest = path.substr(7);
    const std::size_t dot = rest.find('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 == rest.size())
      throw InputError(where, "a path into a fight reads fights.NAME.PATH, e.g. fights.ambush.foes.Goblin.hp");
    return {&find_item(v.items, rest.substr(0, dot), where), rest.substr(dot + 1)};
  }
  for (const SessionItem& it : v.items)
    if (it.fight) return {&it, path};
  throw InputError(where, "no fight to set '" + path + "' in");
}

}  // namespace encsim
