// What every rule system's compile() does with a scenario's two sides: read
// each entry, expand `count: N` into N copies named "Goblin 1" ... "Goblin N",
// and keep the party first. Not a rule system: it knows no rule.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "encsim/node.hpp"
#include "encsim/tactics.hpp"

namespace encsim::rules {

// The name of copy k (1-based) of an entry with `count` copies.
inline std::string numbered(std::string name, int k, int count) {
  if (count > 1) name.append(1, ' ').append(std::to_string(k));
  return name;
}

// Reads `party` then `foes` of `doc` into `out` with
// `read(entry, side, side_rules, count)`, which returns one combatant (with a
// `name`) and sets how many copies it stands for. More than `max` in all is an
// error at the entry: "too many combatants: at most MAX" + `where`. Returns the
// party's size.
template <class Fighter, class Read>
int read_sides(const Node& doc, std::vector<Fighter>& out, std::size_t max, std::string_view where, Read read) {
  const tactics::SideRules side_rules = tactics::side_rules(doc);
  int n_party = 0;
  for (int side = 0; side < 2; ++side) {
    for (const Node& entry : doc.find(side == 0 ? "party" : "foes")->items()) {
      int count = 1;
      Fighter f = read(entry, side, side_rules[side], count);
      if (out.size() + static_cast<std::size_t>(count) > max)
        throw InputError(entry.pos(), "too many combatants: at most " + std::to_string(max) + std::string(where));
      for (int k = 1; k <= count; ++k) {
        Fighter copy = f;
        copy.name = numbered(f.name, k, count);
        out.push_back(std::move(copy));
      }
    }
    if (side == 0) n_party = static_cast<int>(out.size());
  }
  return n_party;
}

}  // namespace encsim::rules
