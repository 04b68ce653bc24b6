// encsim list [LIBRARY] [--tier N] [--type T]: the shipped libraries, or the
// entries of one (shipped by name, or a file) with their key figures, so a
// GM can pick foes and PCs without opening the YAML.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <set>

#include "cli/cli.hpp"
#include "encsim/library.hpp"

namespace encsim::cli {
namespace {

// Keys that are prose or behaviour, not figures.
bool skipped(const std::string& key) {
  static const std::set<std::string> kProse{"description", "note", "notes", "motives", "tactics", "modelled"};
  return kProse.contains(key);
}

std::string figure(const std::string& key, const Node& v) {
  if (v.is_scalar()) return key + " " + v.text();
  if (v.is_list()) {
    const auto& items = v.items();
    if (std::all_of(items.begin(), items.end(), [](const Node& n) { return n.is_scalar(); })) {
      std::string out = key + " ";
      for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "/" : "") + items[i].text();
      return out;
    }
    return std::to_string(items.size()) + " " + key;
  }
  if (v.is_map()) {
    // An attack: its name and damage; otherwise its scalar figures.
    const Node* name = v.find("name");
    const Node* damage = v.find("damage");
    if (name && damage && name->is_scalar() && damage->is_scalar()) return key + " " + name->text() + " " + damage->text();
    std::string out;
    for (const Node::Entry& e : v.entries())
      if (e.value.is_scalar()) out += (out.empty() ? "" : " ") + e.key + " " + e.value.text();
    return key + " (" + out + ")";
  }
  return key;
}

std::string text_of(const Node& entry, const char* key) {
  const Node* v = entry.find(key);
  return v && v->is_scalar() ? v->text() : std::string();
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); });
  return s;
}

void list_libraries() {
  const auto libs = shipped_libraries();
  if (libs.empty()) {
    std::cout << "no shipped libraries found (set ENCSIM_SCENARIOS to the scenarios folder)\n";
    return;
  }
  std::size_t width = 0;
  for (const auto& lib : libs) width = std::max(width, lib.name.size());
  std::cout << "shipped libraries (include one by name, e.g. include: [" << libs.front().name << "]):\n";
  for (const auto& lib : libs)
    std::cout << "  " << lib.name << std::string(width - lib.name.size() + 2, ' ') << lib.entries.size()
              << " entries  " << lib.description << "\n";
  std::cout << "`encsim list LIBRARY [--tier N] [--type T]` lists one library's entries.\n";
}

void list_entries(const std::string& name, const std::string& tier, const std::string& type) {
  const Node doc = read_library(name);
  const Node& monsters = *doc.find("monsters");
  // The filters must name something the library has: a tier or type it
  // lacks is a mistake, not an empty answer.
  std::set<std::string> tiers, types;
  for (const Node::Entry& e : monsters.entries()) {
    if (const std::string t = text_of(e.value, "tier"); !t.empty()) tiers.insert(t);
    if (const std::string t = lower(text_of(e.value, "type")); !t.empty()) types.insert(t);
  }
  if (!tier.empty() && !tiers.contains(tier))
    throw InputError(SourcePos{}, tiers.empty() ? "'" + name + "' gives no entry a `tier`"
                                                : "'" + name + "' has no tier " + tier + "; its tiers: " +
                                                      one_of(std::vector<std::string>(tiers.begin(), tiers.end())));
  if (!type.empty() && !types.contains(lower(type))) {
    const std::vector<std::string> known(types.begin(), types.end());
    throw InputError(SourcePos{}, types.empty() ? "'" + name + "' gives no entry a `type`"
                                                : "'" + name + "' has no type '" + type + "'" +
                                                      did_you_mean(lower(type), known) + "; its types: " + one_of(known));
  }
  std::vector<const Node::Entry*> shown;
  for (const Node::Entry& e : monsters.entries())
    if ((tier.empty() || text_of(e.value, "tier") == tier) && (type.empty() || lower(text_of(e.value, "type")) == lower(type)))
      shown.push_back(&e);
  std::size_t width = 0;
  for (const Node::Entry* e : shown) width = std::max(width, e->key.size());
  std::cout << name << ": " << shown.size() << " of " << monsters.entries().size() << " entries";
  if (!tier.empty() || !type.empty())
    std::cout << " (" << (tier.empty() ? "" : "tier " + tier) << (tier.empty() || type.empty() ? "" : ", ")
              << (type.empty() ? "" : "type " + lower(type)) << ")";
  std::cout << "\n";
  for (const Node::Entry* e : shown) {
    std::string figures;
    if (e->value.is_map())
      for (const Node::Entry& k : e->value.entries())
        if (!skipped(k.key)) figures += (figures.empty() ? "" : ", ") + figure(k.key, k.value);
    std::cout << "  " << terminal_safe(e->key) << std::string(width - e->key.size() + 2, ' ') << terminal_safe(figures)
              << "\n";
  }
}

}  // namespace

void setup_list(CLI::App& sub) {
  struct Args {
    std::string library;
    std::string tier;
    std::string type;
  };
  auto a = std::make_shared<Args>();
  sub.add_option("library", a->library, "a shipped library's name (e.g. daggerheart/adversaries) or a library file");
  sub.add_option("--tier", a->tier, "only entries of this tier (Daggerheart)")->check(CLI::PositiveNumber);
  sub.add_option("--type", a->type, "only entries of this type, e.g. solo, bruiser, minion (Daggerheart)");
  sub.callback([a] {
    if (a->library.empty()) {
      if (!a->tier.empty() || !a->type.empty())
        throw InputError(SourcePos{}, "--tier and --type filter one library's entries: name the library");
      return list_libraries();
    }
    list_entries(a->library, a->tier, a->type);
  });
}

}  // namespace encsim::cli
