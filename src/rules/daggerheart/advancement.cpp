// Levels and advancement (advancement.hpp): SRD 1.0 "Leveling Up" (tier
// achievements, two advancements a level, thresholds) and "Multiclassing",
// with the class sheets' boxes per tier.
#include "rules/daggerheart/advancement.hpp"

#include <algorithm>
#include <cstdlib>

namespace encsim::daggerheart {
namespace {

const std::vector<std::string> kTraits{"agility", "strength", "finesse", "instinct", "presence", "knowledge"};

int achievements(int level) { return (level >= 2) + (level >= 5) + (level >= 8); }


int find_experience(const Node& n, const std::vector<Experience>& ex) {
  const std::string& s = n.as_string();
  std::vector<std::string> names;
  for (std::size_t k = 0; k < ex.size(); ++k) {
    if (!ex[k].name.empty() && ex[k].name == s) return static_cast<int>(k);
    if (!ex[k].name.empty()) names.push_back(ex[k].name);
  }
  throw InputError(n.pos(), "unknown Experience '" + s + "'" + did_you_mean(s, names) +
                                (names.empty() ? "; this PC names none" : "; expected one of " + one_of(names)));
}

// A pick's two names (traits or Experiences): a list of two different ones.
std::array<const Node*, 2> two_of(const Node& v, std::string_view what) {
  if (!v.is_list() || v.items().size() != 2)
    throw InputError(v.pos(), std::string(what) + " takes a list of two, e.g. " +
                                  (what == "traits" ? "traits: [agility, strength]" : "experiences: [Scholar, Tracker]"));
  const Node& a = v.items()[0];
  const Node& b = v.items()[1];
  if (a.as_string() == b.as_string()) throw InputError(b.pos(), std::string(what) + " raises two different ones");
  return {&a, &b};
}

}  // namespace

std::vector<Experience> experiences_for(int level, const Node* named) {
  std::vector<Experience> out;
  if (named) {
    if (!named->is_map()) throw InputError(named->pos(), "experiences must be a map of name: bonus");
    const int most = 2 + achievements(level);
    if (static_cast<int>(named->entries().size()) > most)
      throw InputError(named->entries()[static_cast<std::size_t>(most)].key_pos,
                       "a level-" + std::to_string(level) + " PC has " + std::to_string(most) +
                           " Experiences (2 at creation, +1 at each of levels 2, 5 and 8 reached)");
    for (const auto& e : named->entries()) {
      const auto v = e.value.as_int();
      check_range(e.value, "an Experience bonus", static_cast<double>(v), -5, 10);
      out.push_back({e.key, static_cast<int>(v), 1});
    }
  }
  // The first two are the creation ones; then levels 2, 5, 8 in order.
  static const int kAt[] = {2, 5, 8};
  for (std::size_t k = 0; k < out.size(); ++k) out[k].gained_at = k < 2 ? 1 : kAt[k - 2];
  for (int a = std::max(0, static_cast<int>(out.size()) - 2); a < achievements(level); ++a)
    out.push_back({"", 2, kAt[a]});
  return out;
}

std::vector<Pick> read_advancements(const Node& n, int level, const std::vector<Experience>& experiences) {
  if (!n.is_map()) throw InputError(n.pos(), "advancements must be a map of level: [picks], e.g. {2: [hp, evasion]}");
  std::vector<Pick> picks;
  std::vector<int> seen;
  for (const auto& e : n.entries()) {
    char* end = nullptr;
    const long at = std::strtol(e.key.c_str(), &end, 10);
    if (e.key.empty() || *end != '\0' || at < 2 || at > 10)
      throw InputError(e.key_pos, "advancements are keyed by the level of the level-up (2..10), got '" + e.key + "'");
    if (at > level)
      throw InputError(e.key_pos, "advancements at level " + e.key + ": the PC is level " + std::to_string(level));
    if (std::find(seen.begin(), seen.end(), at) != seen.end())
      throw InputError(e.key_pos, "level " + e.key + " is listed twice");
    seen.push_back(static_cast<int>(at));
    if (!e.value.is_list()) throw InputError(e.value.pos(), "level " + e.key + " takes a list of two picks, e.g. [hp, evasion]");
    int cost = 0;
    for (const Node& item : e.value.items()) {
      Pick p;
      p.level = static_cast<int>(at);
      p.pos = item.pos();
      const Node* arg = nullptr;
      std::string name;
      SourcePos name_pos = item.pos();
      if (item.is_map() && item.entries().size() == 1) {
        name = item.entries()[0].key;
        name_pos = item.entries()[0].key_pos;
        arg = &item.entries()[0].value;
      } else if (item.is_scalar()) {
        name = item.text();
      } else {
        throw InputError(item.pos(), "a pick is a name (hp) or traits: [a, b] / experiences: [a, b]");
      }
      const auto it = std::find(kAdvKindNames.begin(), kAdvKindNames.end(), name);
      if (it == kAdvKindNames.end())
        throw InputError(name_pos, "unknown advancement '" + name + "'" + did_you_mean(name, kAdvKindNames) +
                                       "; expected one of " + one_of(kAdvKindNames));
      p.kind = static_cast<AdvKind>(it - kAdvKindNames.begin());
      const bool needs_arg = p.kind == AdvKind::traits || p.kind == AdvKind::experiences;
      if (needs_arg && !arg) throw InputError(name_pos, name + " names two: " + name + ": [a, b]");
      if (!needs_arg && arg) throw InputError(name_pos, name + " takes nothing after it");
      if (p.kind == AdvKind::traits) {
        const auto two = two_of(*arg, "traits");
        for (int k = 0; k < 2; ++k) {
          const std::string& t = two[static_cast<std::size_t>(k)]->as_string();
          const auto ti = std::find(kTraits.begin(), kTraits.end(), t);
          if (ti == kTraits.end())
            throw InputError(two[static_cast<std::size_t>(k)]->pos(), "unknown trait '" + t + "'" + did_you_mean(t, kTraits));
          p.traits[static_cast<std::size_t>(k)] = static_cast<int>(ti - kTraits.begin());
        }
      } else if (p.kind == AdvKind::experiences) {
        const auto two = two_of(*arg, "experiences");
        for (int k = 0; k < 2; ++k) {
          const Node& x = *two[static_cast<std::size_t>(k)];
          const int idx = find_experience(x, experiences);
          if (experiences[static_cast<std::size_t>(idx)].gained_at > at)
            throw InputError(x.pos(), "the Experience '" + x.as_string() + "' comes at level " +
                                          std::to_string(experiences[static_cast<std::size_t>(idx)].gained_at) +
                                          ", after this level-up");
          p.experiences[static_cast<std::size_t>(k)] = idx;
        }
      }
      cost += takes_both(p.kind) ? 2 : 1;
      if (takes_both(p.kind) && e.value.items().size() > 1)
        throw InputError(name_pos, name + " takes both advancements of level " + e.key + ": list it alone");
      picks.push_back(p);
    }
    if (cost != 2)
      throw InputError(e.value.pos(), "level " + e.key + " takes two advancements, got " + std::to_string(cost));
  }
  for (int l = 2; l <= level; ++l)
    if (std::find(seen.begin(), seen.end(), l) == seen.end())
      throw InputError(n.pos(), "advancements has no level " + std::to_string(l) + ": a level-" + std::to_string(level) +
                                    " PC lists each level-up from 2 to " + std::to_string(level));
  std::stable_sort(picks.begin(), picks.end(), [](const Pick& a, const Pick& b) { return a.level < b.level; });
  return picks;
}

std::vector<Pick> default_path(int level, const std::array<int, kTraitCount>& order,
                               const std::vector<Experience>& experiences) {
  std::vector<Pick> out;
  auto add = [&](int l, AdvKind k, int a = -1, int b = -1) {
    Pick p;
    p.level = l;
    p.kind = k;
    if (k == AdvKind::traits) p.traits = {order[static_cast<std::size_t>(a)], order[static_cast<std::size_t>(b)]};
    out.push_back(p);
  };
  // The best two Experiences held by level 4 (highest bonus, then the earlier gained, then by name).
  std::vector<int> best;
  for (std::size_t k = 0; k < experiences.size(); ++k)
    if (experiences[k].gained_at <= 4) best.push_back(static_cast<int>(k));
  std::stable_sort(best.begin(), best.end(), [&](int a, int b) {
    const Experience& x = experiences[static_cast<std::size_t>(a)];
    const Experience& y = experiences[static_cast<std::size_t>(b)];
    if (x.bonus != y.bonus) return x.bonus > y.bonus;
    if (x.gained_at != y.gained_at) return x.gained_at < y.gained_at;
    return x.name < y.name;
  });
  for (int l = 2; l <= level; ++l) {
    switch (l) {
      case 2: add(l, AdvKind::traits, 0, 1), add(l, AdvKind::hp); break;
      case 3: add(l, AdvKind::stress), add(l, AdvKind::evasion); break;
      case 4:
        add(l, AdvKind::traits, 2, 3);
        if (best.size() >= 2) {
          add(l, AdvKind::experiences);
          out.back().experiences = {best[0], best[1]};
        } else {
          add(l, AdvKind::domain_card);
        }
        break;
      case 5: case 8: add(l, AdvKind::traits, 0, 1), add(l, AdvKind::subclass); break;
      case 6: case 9: add(l, AdvKind::proficiency); break;
      default: add(l, AdvKind::hp), add(l, AdvKind::traits, 2, 3); break;  // 7, 10
    }
  }
  return out;
}

Build build_pc(int level, std::vector<Experience> experiences, const std::vector<Pick>& picks, bool has_subclass) {
  Build b;
  b.level = level;
  b.tier = tier_of(level);
  b.proficiency = 1 + achievements(level);
  b.subclass_cards = has_subclass ? 1 : 0;
  b.experiences = std::move(experiences);
  // Two cards at creation, one per level-up (at that level or lower).
  b.card_levels = {1, 1};
  for (int l = 2; l <= level; ++l) b.card_levels.push_back(l);
  int used[3][kAdvKinds] = {};
  bool crossed[3][kAdvKinds] = {};
  std::array<int, kTraitCount> marked_at{};  // the level that marked each trait (0: unmarked)
  for (const Pick& in : picks) {
    Pick p = in;
    const int tier = tier_of(p.level);
    const int k = static_cast<int>(p.kind);
    const std::string& name = kAdvKindNames[static_cast<std::size_t>(k)];
    // Tier achievements of levels 5 and 8 clear the marks.
    for (int& m : marked_at)
      if (m > 0 && tier_of(m) < tier) m = 0;
    // The box: the PC's own column first, then the columns below.
    p.box_tier = 0;
    for (int t = tier; t >= 2 && p.box_tier == 0; --t)
      if (used[t - 2][k] < kBoxes[t - 2][k] && !crossed[t - 2][k]) p.box_tier = t;
    if (p.box_tier == 0) {
      if (kBoxes[tier - 2][k] == 0)
        throw InputError(p.pos, "'" + name + "' is an option from tier 3 (level 5) on; level " +
                                    std::to_string(p.level) + " is tier " + std::to_string(tier));
      bool any_crossed = false;
      for (int t = 2; t <= tier; ++t) any_crossed |= crossed[t - 2][k] && used[t - 2][k] < kBoxes[t - 2][k];
      if (any_crossed)
        throw InputError(p.pos, "'" + name + "' is crossed out at level " + std::to_string(p.level) +
                                    (p.kind == AdvKind::multiclass
                                         ? ": a subclass upgrade crosses out its tier's multiclass, and a PC multiclasses once"
                                         : ": multiclassing crosses out an unused subclass upgrade"));
      throw InputError(p.pos, "no '" + name + "' box left at level " + std::to_string(p.level) + " (" +
                                  (tier == 2 ? "tier 2 has " : "tiers 2-" + std::to_string(tier) + " have ") +
                                  std::to_string(kBoxes[tier - 2][k]) + (tier == 2 ? "" : " each") + ", all marked)");
    }
    ++used[p.box_tier - 2][k];
    switch (p.kind) {
      case AdvKind::traits:
        for (int t : p.traits) {
          if (marked_at[static_cast<std::size_t>(t)] > 0)
            throw InputError(p.pos, kTraits[static_cast<std::size_t>(t)] + " is marked (raised at level " +
                                        std::to_string(marked_at[static_cast<std::size_t>(t)]) +
                                        ") until the next tier achievement (level 5 or 8)");
          marked_at[static_cast<std::size_t>(t)] = p.level;
          ++b.trait_bonus[static_cast<std::size_t>(t)];
        }
        break;
      case AdvKind::hp: ++b.hp; break;
      case AdvKind::stress: ++b.stress; break;
      case AdvKind::evasion: ++b.evasion; break;
      case AdvKind::experiences:
        for (int x : p.experiences) ++b.experiences[static_cast<std::size_t>(x)].bonus;
        break;
      case AdvKind::domain_card: b.card_levels.push_back(std::min(p.level, box_card_cap(p.box_tier))); break;
      case AdvKind::subclass:
        if (b.subclass_cards == 0) throw InputError(p.pos, "'subclass' upgrades a subclass: this PC has none");
        if (b.subclass_cards >= 3) throw InputError(p.pos, "the subclass is at its mastery already");
        ++b.subclass_cards;
        crossed[p.box_tier - 2][static_cast<int>(AdvKind::multiclass)] = true;
        break;
      case AdvKind::proficiency: ++b.proficiency; break;
      case AdvKind::multiclass: {
        b.multiclass = true;
        for (int t = 3; t <= 4; ++t) crossed[t - 2][k] = true;
        // An unused subclass upgrade: this column's, else the other one's.
        const int s = static_cast<int>(AdvKind::subclass);
        const int other = p.box_tier == 3 ? 4 : 3;
        if (used[p.box_tier - 2][s] == 0)
          crossed[p.box_tier - 2][s] = true;
        else if (used[other - 2][s] == 0)
          crossed[other - 2][s] = true;
        break;
      }
    }
    b.picks.push_back(p);
  }
  return b;
}

std::string describe_pick(const Pick& p, const std::vector<Experience>& experiences) {
  std::string s = kAdvKindNames[static_cast<std::size_t>(p.kind)];
  if (p.kind == AdvKind::traits)
    s += " " + kTraits[static_cast<std::size_t>(p.traits[0])] + "+" + kTraits[static_cast<std::size_t>(p.traits[1])];
  if (p.kind == AdvKind::experiences)
    for (int k = 0; k < 2; ++k) {
      const Experience& e = experiences[static_cast<std::size_t>(p.experiences[static_cast<std::size_t>(k)])];
      s += (k ? "+" : " ") + (e.name.empty() ? "(level " + std::to_string(e.gained_at) + ")" : e.name);
    }
  if (p.box_tier > 0 && p.box_tier < tier_of(p.level)) s += " (tier " + std::to_string(p.box_tier) + " box)";
  return s;
}

}  // namespace encsim::daggerheart
