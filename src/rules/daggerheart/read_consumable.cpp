// Reading the consumables library (consumables.yaml, embedded at build time)
// into ConsumableDefs (consumables.hpp), key by key with line:col and
// did-you-mean, once per process; and a PC's `consumables:` loadout.
#include <algorithm>
#include <set>

#include "io/yaml.hpp"
#include "rules/daggerheart/consumables.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "rules/daggerheart/read.hpp"

namespace encsim::daggerheart {

namespace {

const std::vector<KeySpec> kItemKeys{
    {"name", "string", "", "the SRD consumable's name"},
    {"combat", "modelled|none|not_modelled", "modelled", "none: no bearing on a fight; not_modelled: bears on one but is not simulated"},
    {"summary", "string", "", "what the model does, or why not (our words)"},
    {"clear_hp", "dice | all", "", "HP the PC clears"},
    {"clear_stress", "dice | all", "", "Stress the PC clears"},
    {"hope", "dice", "", "Hope the PC gains"},
    {"stress", "integer", "0", "Stress the PC marks to use it (a cost)"},
    {"next_damage", "die", "", "a die added to the next damage roll of the PC's primary weapon"},
    {"weapon", "physical|magic", "physical", "next_damage: the damage type the weapon must deal"},
};

const std::vector<std::string> kItemStatus{"modelled", "none", "not_modelled"};

// "1d4+2", "2", or (when `all_ok`) "all": at most one kind of die.
ItemDice item_dice(const Node& n, bool all_ok) {
  ItemDice d;
  if (all_ok && n.text() == "all") {
    d.all = true;
    return d;
  }
  const Dice x = n.as_dice();
  if (x.term_count() > 1 || x.flat() < 0 || (x.term_count() == 1 && x.term(0).sign < 0))
    throw InputError(n.pos(), "expected one kind of die plus a flat part, e.g. 1d4+1" + std::string(all_ok ? ", or all" : ""));
  d.dice = x;
  if (!d.present()) throw InputError(n.pos(), "it clears or gains nothing");
  return d;
}

ConsumableDef read_item(const Node& node) {
  const std::string nm = node.find("name") ? node.find("name")->text() : "?";
  MapReader r(node, kItemKeys, "consumable '" + nm + "'");
  r.finish();
  ConsumableDef c;
  c.pos = node.pos();
  c.name = r.require("name").as_string();
  c.status = static_cast<CardStatus>(r.get_choice("combat", kItemStatus, 0));
  c.summary = r.require("summary").as_string();
  if (const Node* n = r.get("clear_hp")) c.clear_hp = item_dice(*n, true);
  if (const Node* n = r.get("clear_stress")) c.clear_stress = item_dice(*n, true);
  if (const Node* n = r.get("hope")) c.hope = item_dice(*n, false);
  c.stress = static_cast<int>(r.get_int("stress", 0, 0, 6));
  if (const Node* n = r.get("next_damage")) {
    const Dice x = n->as_dice();
    if (x.term_count() != 1 || x.term(0).count != 1 || x.flat() != 0)
      throw InputError(n->pos(), "next_damage is one die, e.g. d6");
    c.next_damage = x.term(0).sides;
  }
  c.weapon = static_cast<DamageType>(r.get_choice("weapon", kTypeNames, 0));
  const bool effect = c.clear_hp.present() || c.clear_stress.present() || c.hope.present() || c.next_damage > 0;
  if (c.status != CardStatus::modelled) {
    for (const char* key : {"clear_hp", "clear_stress", "hope", "stress", "next_damage", "weapon"})
      if (r.has(key))
        throw InputError(node.pos(), r.what() + " is not modelled (combat: " +
                                         kItemStatus[static_cast<std::size_t>(c.status)] + ") and so takes no '" + key + "'");
    return c;
  }
  if (!effect) throw InputError(node.pos(), r.what() + " is modelled but has no effect");
  if (r.has("weapon") && c.next_damage == 0) throw InputError(r.get("weapon")->pos(), r.what() + ": weapon goes with next_damage");
  if (c.next_damage > 0 && (c.clear_hp.present() || c.clear_stress.present() || c.hope.present() || c.stress))
    throw InputError(node.pos(), r.what() + ": next_damage is an item's only effect");
  if (c.stress > 0 && !c.clear_hp.present()) throw InputError(node.pos(), r.what() + ": a Stress cost goes with clear_hp");
  return c;
}

}  // namespace

std::vector<ConsumableDef> read_consumable_library(std::string_view path, std::string_view text) {
  const Node doc = parse_yaml(SourceFile::from_text(std::string(path), text), text);
  const std::vector<KeySpec> top_keys{{"consumables", "list", "", "the SRD consumables"}};
  MapReader top(doc, top_keys, "the consumables library");
  top.finish();
  std::vector<ConsumableDef> out;
  std::set<std::string> seen;
  for (const Node& n : top.require("consumables").items()) {
    out.push_back(read_item(n));
    if (!seen.insert(out.back().name).second) throw InputError(n.pos(), "'" + out.back().name + "' twice");
  }
  return out;
}

std::span<const ConsumableDef> consumable_library() {
  static const std::vector<ConsumableDef> kLibrary = read_consumable_library("consumables.yaml", kConsumablesYaml);
  return kLibrary;
}

// `consumables: {NAME: COUNT}`: SRD names, 1..5 of each, at most
// kMaxPcConsumables different ones; kept sorted by name so no choice depends
// on listing order.
void read_pc_consumables(Pc& p, MapReader& r) {
  const Node* m = r.get("consumables");
  if (!m) return;
  if (!m->is_map()) throw InputError(m->pos(), "consumables is a map NAME: COUNT, e.g. {Health Potion: 2}");
  const std::span<const ConsumableDef> lib = consumable_library();
  std::vector<std::string> names;
  for (const ConsumableDef& c : lib) names.push_back(c.name);
  for (const auto& e : m->entries()) {
    const auto it = std::find_if(lib.begin(), lib.end(), [&](const ConsumableDef& c) { return c.name == e.key; });
    if (it == lib.end())
      throw InputError(e.key_pos, "unknown consumable '" + e.key + "'" + did_you_mean(e.key, names));
    const std::int64_t n = e.value.as_int();
    if (n < 1 || n > kMaxItemCount)
      throw InputError(e.value.pos(), "'" + p.name + "' carries " + std::to_string(n) + " " + e.key +
                                          ": a PC holds 1 to " + std::to_string(kMaxItemCount) + " of each consumable");
    if (static_cast<int>(p.consumables.size()) == kMaxPcConsumables)
      throw InputError(e.key_pos, "at most " + std::to_string(kMaxPcConsumables) + " different consumables per PC");
    p.consumables.push_back({&*it, static_cast<int>(n), -1});
  }
  std::sort(p.consumables.begin(), p.consumables.end(),
            [](const PcConsumable& a, const PcConsumable& b) { return a.def->name < b.def->name; });
}

}  // namespace encsim::daggerheart
