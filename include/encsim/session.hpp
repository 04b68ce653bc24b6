// A session (issue 14): several fights in a row with rests between them, the
// party written once and carried through. Loaded and validated by src/io like
// a scenario; each fight becomes a resolved document that the rule system
// compiles as it compiles a scenario's, and each rest a kind and options that
// the rule system reads (docs/sessions.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/error.hpp"
#include "encsim/node.hpp"
#include "encsim/scenario.hpp"

namespace encsim {

struct SessionItem {
  std::string name;     // "goblins", "rest 1": unique in the session (ignoring case)
  std::size_t key = 0;  // its position in the session as written: the streams its dice come from
  bool fight = true;
  Node doc;             // a fight: the resolved document (party, foes, options, tactics, ...)
  Node rest;            // a rest: its kind, a scalar ("short", "night", "none")
  Node rest_options;    // a rest: its `options:` map, or null
  SourcePos pos;        // where it is written
};

// One variant: the session's items in the variant's order, its overrides applied.
struct SessionVariant {
  std::string name;  // "base" for the session as written
  std::string note;
  std::vector<SessionItem> items;
  std::vector<std::string> set_paths = {};  // the paths its `set:` writes, as written
};

struct Session {
  std::string path;
  std::string name;
  std::string description;
  std::string ruleset;
  SourcePos ruleset_pos;
  std::uint64_t trials = 100000;
  std::uint64_t seed = 1;
  std::vector<SessionVariant> variants;  // variants[0] is "base"
};

// The top-level keys of a session file, and of its items.
const std::vector<KeySpec>& session_keys();
const std::vector<KeySpec>& session_fight_keys();
const std::vector<KeySpec>& session_rest_keys();
const std::vector<KeySpec>& session_variant_keys();

// True when the YAML file's top level is a map with a `fights` key: `encsim
// run` treats it as a session. Throws InputError when it cannot be read.
bool is_session_file(const std::string& path);

// The index of a rest's kind among a system's `kinds` (its rest_kinds());
// an unknown one is an InputError naming `system` ("FIVEY") with a did-you-mean.
inline std::size_t rest_kind_index(const Node& kind, const std::vector<std::string>& kinds, std::string_view system) {
  const std::string& k = kind.as_string();
  for (std::size_t i = 0; i < kinds.size(); ++i)
    if (kinds[i] == k) return i;
  throw InputError(kind.pos(), "unknown " + std::string(system) + " rest '" + k + "'" + did_you_mean(k, kinds) +
                                   "; expected one of " + one_of(kinds));
}

// Loads and validates a session: its party, each fight (inline or from a
// scenario `file:`), its rests, its variants. `edits` (the command line's
// `--set`, a sweep point) are written into the session as written, before its
// variants apply their own `set:`, by the paths a variant's `set:` takes.
// Throws InputError.
Session load_session(const std::string& path, const std::vector<std::string>& known_rulesets,
                     const std::vector<Edit>& edits = {});
Session load_session_text(std::string_view text, const std::string& display_name,
                          const std::vector<std::string>& known_rulesets, const std::string& base_dir = ".",
                          const std::vector<Edit>& edits = {});

// Where a set path of a session leads in `v`: `fights.NAME.SUB` to item NAME
// and SUB; any other path to the first fight (it is written into every fight)
// and the path itself. An unknown NAME is an InputError with a did-you-mean.
struct SessionTarget {
  const SessionItem* item = nullptr;
  std::string sub;
};
SessionTarget session_target(const SessionVariant& v, const std::string& path, const SourcePos& where);

}  // namespace encsim
