// Reading the Beastform library (beastforms.yaml, embedded at build time) into
// BeastForms (beastform.hpp), checked key by key with line:col and
// did-you-mean, once per process; and the default form of a Druid.
#include <algorithm>
#include <set>

#include "io/yaml.hpp"
#include "rules/daggerheart/beastform.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "rules/daggerheart/read.hpp"

namespace encsim::daggerheart {

namespace {

const std::vector<KeySpec> kFormKeys{
    {"name", "string", "", "the SRD form's name"},
    {"tier", "integer", "", "1..4: a Druid of this tier or higher may take it"},
    {"combat", "modelled|not_modelled", "modelled", "not_modelled: the form cannot be chosen (its summary says why)"},
    {"summary", "string", "", "a form that is not modelled: why (our words)"},
    {"trait", "trait name", "", "the trait it raises, also its attack's trait"},
    {"trait_bonus", "integer", "", "+ to that trait while transformed"},
    {"evasion", "integer", "0", "+ to Evasion while transformed"},
    {"extra_stress", "integer", "0", "Stress beyond the one Beastform costs (the Hybrids)"},
    {"attack", "map range, damage, type", "", "the form's attack: one die rolled Proficiency times plus a flat part"},
    {"advantages", "list of verbs", "", "what it has advantage on; `attack`: advantage on its attack rolls"},
    {"features", "list", "", "its features (modelled, combat: none, or combat: not_modelled)"},
};

const std::vector<KeySpec> kFormAttackKeys{
    {"range", "melee|very_close|close|far|very_far", "melee", "range band"},
    {"damage", "dice", "", "one die plus a flat part, e.g. d8+2"},
    {"type", "physical|magic", "physical", "damage type"},
};

const std::vector<KeySpec> kFormFeatureKeys{
    {"name", "string", "", "the SRD feature's name (a part of one: \"Rampage: Fury\")"},
    {"combat", "modelled|none|not_modelled", "modelled", "none: no effect on a fight; not_modelled: bears on one but is not simulated"},
    {"summary", "string", "", "what the model does, or why not (our words)"},
    {"when", "passive|attack|hit", "passive", "always; paid before the form's attack roll; paid once it hits"},
    {"thresholds", "integer", "0", "passive: + to both damage thresholds"},
    {"fragile", "boolean", "false", "passive: Major or greater damage drops the Druid out of the form"},
    {"resist", "physical|magic", "", "passive: that damage is halved"},
    {"ones_add", "integer", "0", "passive: a damage die showing 1 adds a die of this size"},
    {"hope", "integer", "0", "attack, hit: Hope it costs"},
    {"stress", "integer", "0", "attack, hit: Stress it costs"},
    {"proficiency", "integer", "0", "attack, hit: more damage dice on this hit"},
    {"vulnerable", "boolean", "false", "attack, hit: the target is Vulnerable"},
    {"restrained", "boolean", "false", "attack, hit: the target is Restrained"},
    {"target_stress", "integer", "0", "attack, hit: the target marks this much Stress"},
};

const std::vector<std::string> kFeatureStatus{"modelled", "none", "not_modelled"};
const std::vector<std::string> kFormStatus{"modelled", "not_modelled"};
const std::vector<std::string> kBeastWhen{"passive", "attack", "hit"};

BeastFeature read_form_feature(const Node& node, const std::string& form) {
  const std::string nm = node.find("name") ? node.find("name")->text() : "?";
  MapReader r(node, kFormFeatureKeys, "feature '" + nm + "' of '" + form + "'");
  r.finish();
  BeastFeature f;
  f.pos = node.pos();
  f.name = r.require("name").as_string();
  f.status = static_cast<CardStatus>(r.get_choice("combat", kFeatureStatus, 0));
  f.summary = r.require("summary").as_string();
  f.when = static_cast<BeastWhen>(r.get_choice("when", kBeastWhen, 0));
  f.thresholds = static_cast<int>(r.get_int("thresholds", 0, -5, 6));
  f.fragile = r.get_bool("fragile", false);
  if (r.has("resist")) f.resist = static_cast<std::uint8_t>(1u << r.get_choice("resist", kTypeNames, 0));
  f.ones_add = static_cast<int>(r.get_int("ones_add", 0, 0, 20));
  f.hope = static_cast<int>(r.get_int("hope", 0, 0, 6));
  f.stress = static_cast<int>(r.get_int("stress", 0, 0, 6));
  f.proficiency = static_cast<int>(r.get_int("proficiency", 0, 0, 4));
  f.vulnerable = r.get_bool("vulnerable", false);
  f.restrained = r.get_bool("restrained", false);
  f.target_stress = static_cast<int>(r.get_int("target_stress", 0, 0, 6));
  const bool passive = f.thresholds != 0 || f.fragile || f.resist != 0 || f.ones_add > 0;
  const bool on_attack = f.hope || f.stress || f.proficiency || f.vulnerable || f.restrained || f.target_stress;
  const bool modelled = f.status == CardStatus::modelled;
  if (!modelled && (passive || on_attack || r.has("when")))
    throw InputError(node.pos(), r.what() + " is not modelled (combat: " + kFeatureStatus[static_cast<std::size_t>(f.status)] +
                                     ") and so takes no effect keys");
  if (modelled && !passive && !on_attack) throw InputError(node.pos(), r.what() + " is modelled but has no effect");
  if (modelled && (f.when == BeastWhen::passive) != passive)
    throw InputError(node.pos(), r.what() + ": thresholds, fragile, resist and ones_add go with `when: passive` (the "
                                            "default), the others with `when: attack` or `when: hit`");
  if (on_attack && !f.proficiency && !f.vulnerable && !f.restrained && !f.target_stress)
    throw InputError(node.pos(), r.what() + " pays a cost for nothing: give proficiency, vulnerable, restrained or target_stress");
  if (f.hope && f.stress) throw InputError(node.pos(), r.what() + ": a Hope or a Stress cost, not both");
  return f;
}

BeastForm read_form(const Node& node) {
  const std::string nm = node.find("name") ? node.find("name")->text() : "?";
  MapReader r(node, kFormKeys, "beastform '" + nm + "'");
  r.finish();
  BeastForm b;
  b.pos = node.pos();
  b.name = r.require("name").as_string();
  b.tier = static_cast<int>(r.get_int("tier", 0, 1, 4));
  if (!r.has("tier")) throw InputError(node.pos(), r.what() + " needs 'tier'");
  b.status = static_cast<CardStatus>(2 * r.get_choice("combat", kFormStatus, 0));
  if (b.status == CardStatus::not_modelled) {
    b.summary = r.require("summary").as_string();
    for (const char* key : {"trait", "trait_bonus", "evasion", "extra_stress", "attack", "advantages", "features"})
      if (r.has(key))
        throw InputError(r.get(key) ? r.get(key)->pos() : node.pos(),
                         r.what() + " is not modelled and so has no '" + key + "'");
    return b;
  }
  if (r.has("summary")) throw InputError(r.get("summary")->pos(), r.what() + ": a modelled form's features carry the summaries");
  b.trait = choice_of(r.require("trait"), "trait", kTraitNames);
  b.attack_trait = b.trait;
  b.trait_bonus = static_cast<int>(r.get_int("trait_bonus", 0, 0, 5));
  if (!r.has("trait_bonus")) throw InputError(node.pos(), r.what() + " needs 'trait_bonus'");
  b.evasion = static_cast<int>(r.get_int("evasion", 0, 0, 6));
  b.extra_stress = static_cast<int>(r.get_int("extra_stress", 0, 0, 3));
  {
    MapReader ar(r.require("attack"), kFormAttackKeys, "attack of '" + b.name + "'");
    ar.finish();
    b.range = static_cast<Range>(ar.get_choice("range", kRangeNames, 0));
    const Node& dn = ar.require("damage");
    const Dice d = dn.as_dice();
    if (d.term_count() != 1 || d.term(0).count != 1)
      throw InputError(dn.pos(), "a form's damage is one die plus a flat part, e.g. d8+2");
    b.sides = d.term(0).sides;
    b.flat = d.flat();
    b.type = static_cast<DamageType>(ar.get_choice("type", kTypeNames, 0));
  }
  if (const Node* a = r.get("advantages")) {
    if (!a->is_list()) throw InputError(a->pos(), r.what() + ": advantages is a list of verbs");
    for (const Node& v : a->items()) b.advantages.push_back(v.as_string());
  }
  b.attack_advantage = std::find(b.advantages.begin(), b.advantages.end(), "attack") != b.advantages.end();
  const Node& fl = r.require("features");
  if (!fl.is_list()) throw InputError(fl.pos(), r.what() + ": features is a list");
  std::set<std::string> seen;
  for (const Node& f : fl.items()) {
    b.features.push_back(read_form_feature(f, b.name));
    if (!seen.insert(b.features.back().name).second) throw InputError(f.pos(), "'" + b.features.back().name + "' twice");
  }
  return b;
}

}  // namespace

std::vector<BeastForm> read_beast_library(std::string_view path, std::string_view text) {
  const Node doc = parse_yaml(SourceFile::from_text(std::string(path), text), text);
  const std::vector<KeySpec> top_keys{{"forms", "list", "", "Beastform options"}};
  MapReader top(doc, top_keys, "the beastform library");
  top.finish();
  std::vector<BeastForm> out;
  std::set<std::string> seen;
  for (const Node& n : top.require("forms").items()) {
    out.push_back(read_form(n));
    if (!seen.insert(out.back().name).second) throw InputError(n.pos(), "'" + out.back().name + "' twice");
  }
  return out;
}

std::span<const BeastForm> beast_library() {
  static const std::vector<BeastForm> kLibrary = read_beast_library("beastforms.yaml", kBeastformsYaml);
  return kLibrary;
}

const BeastForm* default_beastform(int tier, int proficiency) {
  const BeastForm* best = nullptr;
  for (const BeastForm& b : beast_library()) {
    if (b.status != CardStatus::modelled || b.tier > tier) continue;
    const double m = b.mean_damage(proficiency);
    if (!best || m > best->mean_damage(proficiency) || (m == best->mean_damage(proficiency) && b.name < best->name))
      best = &b;
  }
  return best;
}

void read_pc_beastform(Pc& p, MapReader& r) {
  const Node* n = r.scalar("beastform");
  const bool druid = p.cls == PcClass::druid || p.multiclass == PcClass::druid;
  const BeastForm* form = nullptr;
  if (n && n->text() != "none") {
    if (!druid)
      throw InputError(n->pos(), "'" + p.name + "' is not a Druid: only a Druid (or a PC multiclassed into one) takes a Beastform");
    form = find_named(beast_library(), *n, "beastform");
    if (form->status != CardStatus::modelled)
      throw InputError(n->pos(), "'" + form->name + "' is not modelled: " + form->summary);
    if (form->tier > p.tier)
      throw InputError(n->pos(), "'" + form->name + "' is a tier " + std::to_string(form->tier) + " form; '" + p.name +
                                     "' (level " + std::to_string(p.level) + ") is tier " + std::to_string(p.tier));
  } else if (!n && p.cls == PcClass::druid) {
    form = default_beastform(p.tier, p.proficiency);
  }
  // Evolution transforms without the Stress: with no form it has nothing to do.
  if (p.hope == HopeKind::evolution && !form) p.hope = HopeKind::none;
  if (!form) return;
  p.beast = form;
  PcWeapon& w = p.beast_attack;
  w.present = true;
  w.name = form->name;
  w.trait = static_cast<Trait>(form->attack_trait);
  w.range = form->range;
  w.type = form->type;
  w.sides = form->sides;
  w.flat = form->flat;
  w.advantage = form->attack_advantage;
  p.beast_trait = form->trait;
  p.beast_trait_bonus = form->trait_bonus;
  p.beast_evasion = form->evasion;
  p.beast_cost = 1 + form->extra_stress;
  for (const BeastFeature& f : form->features) {
    if (f.status != CardStatus::modelled) continue;
    p.beast_thresholds += f.thresholds;
    p.beast_fragile = p.beast_fragile || f.fragile;
    p.beast_resist = static_cast<TypeMask>(p.beast_resist | f.resist);
    p.beast_ones_add = std::max(p.beast_ones_add, f.ones_add);
  }
}

}  // namespace encsim::daggerheart
