// The shipped libraries (docs/scenarios.md, "Shipped libraries"): the
// monsters, adversaries and ready-made PCs encsim installs with itself, found
// by name ("daggerheart/adversaries") from any folder.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/node.hpp"

namespace encsim {

struct ShippedLibrary {
  std::string name;  // "daggerheart/adversaries": the folder (the rule system's id) and the file's stem
  std::filesystem::path file;
  std::string ruleset;
  std::string description;          // its `description:`
  std::vector<std::string> entries;  // its `monsters:` names, as written
};

// The folders searched for shipped libraries, in this order, those that exist:
// $ENCSIM_SCENARIOS, the installed share/encsim/scenarios beside the binary
// (../share/encsim/scenarios from its folder), the source tree's scenarios/.
std::vector<std::filesystem::path> shipped_roots();

// The file of the shipped library `name` ("daggerheart/adversaries", ".yaml"
// optional), from the first root that has it; empty when none does.
std::filesystem::path find_shipped(std::string_view name);

// Every shipped library of `ruleset` (all when empty) from the first root
// that has any, by name. A file that does not read as a library is left out.
std::vector<ShippedLibrary> shipped_libraries(std::string_view ruleset = {});

// A library's document, `name` a file or a shipped library's name (`encsim
// list`). Throws InputError: unreadable, not a library (no `monsters:` map),
// or no such library (with the shipped ones and a did-you-mean).
Node read_library(const std::string& name);

}  // namespace encsim
