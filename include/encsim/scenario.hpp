// A scenario as loaded and validated by src/io, before any rule system sees it.
// It is neutral: the party, the foes, the options and the tactics are Node trees
// that the scenario's rule system compiles (and validates key by key) into an
// Encounter of its own.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/node.hpp"

namespace encsim {

// One variant: the whole document with the variant's overrides applied.
// Every variant of a scenario runs on the same dice (common random numbers).
struct Variant {
  std::string name;  // "base" for the document as written
  Node doc;          // a map: party, foes, options, tactics, max_rounds (library uses resolved)
  Node set;          // the variant's `set:` overrides (path -> value); null for "base"
  std::string note = {};  // its `note:`, shown with its results
};

// A value written into the scenario before its variants apply their overrides,
// as if the file said so: what `sweep`, `tune` and `sensitivity` vary.
struct Edit {
  std::string path;
  Node value;
  SourcePos where;  // for errors about the path
};

struct Scenario {
  std::string path;  // as given on the command line
  std::string name;  // `name:` or the file's stem
  std::string description;  // `description:`, shown above its results
  std::string ruleset;
  SourcePos ruleset_pos;
  std::uint64_t trials = 100000;
  std::uint64_t seed = 1;
  std::vector<Variant> variants;  // variants[0] is "base"
};

// Top-level keys of a scenario file (the common part; each system adds the
// keys of its combatants and options).
const std::vector<KeySpec>& scenario_keys();

// Loads, resolves `include:` and library references (`use:`), applies variants
// and checks the common keys. `known_rulesets` is the registry's id list, for the
// did-you-mean of an unknown ruleset. Throws InputError.
Scenario load_scenario(const std::string& path, const std::vector<std::string>& known_rulesets);
// The same from text in memory (`display_name` is used in messages); `include:`
// paths are relative to `base_dir`.
Scenario load_scenario_text(std::string_view text, const std::string& display_name,
                            const std::vector<std::string>& known_rulesets,
                            const std::string& base_dir = ".");

// The same from a parsed root map (a session builds one per fight): `display`
// names it in messages, `dir` is where its `include:` paths start.
Scenario load_scenario_node(const Node& root, const std::string& display, const std::string& dir,
                            const std::vector<std::string>& known_rulesets);

// The checks every resolved document passes (names, counts, max_rounds);
// the rest is the rule system's. Throws InputError.
void check_document(const Node& doc);

// Sets the value at a dotted path in a resolved document:
//   options.KEY, style.foes, style.party, max_rounds, party.NAME.KEY, foes.NAME.KEY (NAME is a combatant's
//   `name`, case-insensitive, or its 0-based index), nested maps by further dots.
// Every step but the last must exist (did-you-mean when not); the last key may be
// new (the rule system validates it). Throws InputError at `where`.
void set_path(Node& doc, std::string_view path, const Node& value, const SourcePos& where);

// The document of `variant` had the scenario file said `edits` (set_path on
// the base document), then the variant's own overrides, checked as the loader
// checks a document. With no edits it equals variant.doc. Throws InputError.
Node edited_doc(const Scenario& scenario, const Variant& variant, const std::vector<Edit>& edits);

// The numeric value at a dotted path, for sweeps; throws InputError at `where`.
const Node& get_path(const Node& doc, std::string_view path, const SourcePos& where);

}  // namespace encsim
