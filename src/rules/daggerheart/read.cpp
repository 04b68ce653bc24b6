// The small readers every part of a Daggerheart scenario uses (read.hpp).
#include "rules/daggerheart/read.hpp"

#include <algorithm>

namespace encsim::daggerheart {

int choice_of(const Node& n, std::string_view what, const std::vector<std::string>& names) {
  const std::string& s = n.as_string();
  const auto it = std::find(names.begin(), names.end(), s);
  if (it == names.end())
    throw InputError(n.pos(), "unknown " + std::string(what) + " '" + s + "'" + did_you_mean(s, names) +
                                  "; expected one of " + one_of(names));
  return static_cast<int>(it - names.begin());
}

std::pair<int, int> read_thresholds(const Node& n) {
  if (n.is_scalar() && n.text() == "none") return {0, 0};
  if (!n.is_list() || n.items().size() != 2)
    throw InputError(n.pos(), "thresholds must be [major, severe] (either may be none) or none");
  auto one = [](const Node& v) -> int {
    if (v.is_scalar() && v.text() == "none") return 0;
    const auto x = v.as_int();
    check_range(v, "a threshold", static_cast<double>(x), 1, 1000);
    return static_cast<int>(x);
  };
  return {one(n.items()[0]), one(n.items()[1])};
}

int best_experience(const Node* n) {
  if (!n) return 0;
  if (!n->is_map()) throw InputError(n->pos(), "experiences must be a map of name: bonus");
  int best = 0;
  for (const auto& e : n->entries()) {
    const auto v = e.value.as_int();
    check_range(e.value, "an Experience bonus", static_cast<double>(v), -5, 10);
    best = std::max(best, static_cast<int>(v));
  }
  return best;
}

TypeMask read_type_mask(MapReader& r, std::string_view key) {
  const Node* n = r.scalar(key);
  return n ? type_bit(static_cast<DamageType>(choice_of(*n, key, kTypeNames))) : TypeMask{0};
}

std::vector<tactics::Rule> read_rules(const Node& list) {
  return tactics::compile_rules(list, actions(), vars(), tactics::Target::lowest_hp);
}

}  // namespace encsim::daggerheart
