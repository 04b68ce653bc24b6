// What every rule system's compile() does with a scenario's two sides: read
// each entry, expand `count: N` into N copies named "Goblin 1" ... "Goblin N",
// and keep the party first. Not a rule system: it knows no rule.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/check.hpp"
#include "encsim/encounter.hpp"
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

// The keys of a scenario's `style:` map.
inline const std::vector<KeySpec>& style_keys() {
  static const std::vector<KeySpec> kKeys = {
      {"foes", "style name", "standard", "how the foes (monsters, the GM) choose; `encsim rules ID` lists them"},
      {"party", "style name", "standard", "how the party chooses; `encsim rules ID` lists them"},
  };
  return kKeys;
}

// The play styles a variant's document picks (`style: {foes: ..., party: ...}`),
// checked against the system's table: an unknown name is an error at its
// position with a did-you-mean. Absent keys mean `standard`. Throws InputError.
inline StyleChoice read_style(const Node& doc, const StyleSpec& spec, std::string_view system) {
  auto names = [](const std::vector<StyleInfo>& list) {
    std::vector<std::string> out;
    for (const StyleInfo& s : list) out.emplace_back(s.name);
    return out;
  };
  const std::vector<std::string> foes = names(spec.foes), party = names(spec.party);
  auto standard = [](const std::vector<std::string>& list) {
    const auto it = std::find(list.begin(), list.end(), "standard");
    ENCSIM_CHECK(it != list.end() && "every side declares a `standard` style");
    return static_cast<int>(it - list.begin());
  };
  StyleChoice out{standard(foes), standard(party)};
  const Node* node = doc.find("style");
  if (!node || node->is_null()) return out;
  if (!node->is_map())
    throw InputError(node->pos(), "style must be a map like {foes: ruthless, party: careful}, got " +
                                      (node->is_scalar() ? "'" + node->text() + "'" : std::string(node->kind_name())));
  MapReader r(*node, style_keys(), "style");
  r.finish();
  auto pick = [&](std::string_view side, const std::vector<std::string>& list, int fallback) {
    const Node* v = r.scalar(side);
    if (!v) return fallback;
    const std::string& name = v->as_string();
    const auto it = std::find(list.begin(), list.end(), name);
    if (it != list.end()) return static_cast<int>(it - list.begin());
    throw InputError(v->pos(), "unknown " + std::string(side) + " style '" + name + "'" + did_you_mean(name, list) +
                                   "; " + std::string(system) + "'s " + std::string(side) + " styles: " + one_of(list));
  };
  out.foes = pick("foes", foes, out.foes);
  out.party = pick("party", party, out.party);
  return out;
}

}  // namespace encsim::rules
