// Reading a Daggerheart adversary: its stat block, its features in the
// vocabulary below (passives, actions, reactions and their effects),
// countdowns, and NPC allies, who act through the same features.
#include "rules/daggerheart/read.hpp"

#include <algorithm>

namespace encsim::daggerheart {

const std::vector<KeySpec> kAdversaryKeys{
    {"name", "string", "", "what reports call it"},
    {"count", "integer", "1", "how many of this stat block (numbered)"},
    {"tier", "integer", "1", "1..4"},
    {"type", "adversary type", "standard", "bruiser horde leader minion ranged skulk social solo standard support (Battle Points cost)"},
    {"horde_size", "integer", "", "a Horde's N per HP (informational)"},
    {"difficulty", "integer", "", "the Difficulty of PC rolls against it"},
    {"thresholds", "[major, severe] | none", "", "damage thresholds; none for Minions"},
    {"hp", "integer", "", "Hit Points"},
    {"stress", "integer", "0", "Stress"},
    {"atk", "integer", "0", "attack modifier (d20 + atk vs Evasion)"},
    {"attack", "map", "", "standard attack: name, range, damage, type"},
    {"experiences", "map name: bonus", "", "Experiences (the GM may add one to an attack for a Fear: options)"},
    {"features", "list of features", "", "features (docs/scenarios.md, Daggerheart features)"},
    {"description", "string", "", "ignored: for people"},
    {"tactics", "list of rules", "the side's, else the foe style's choice", "scripted behaviour"},
};

const std::vector<KeySpec> kAttackKeys{
    {"name", "string", "Attack", "the attack's name"},
    {"range", "melee|very_close|close|far|very_far", "melee", "range band (Ramp Up hits everyone it reaches)"},
    {"damage", "dice", "", "damage dice"},
    {"type", "physical|magic", "physical", "damage type"},
};

const std::vector<KeySpec> kFeatureBaseKeys{
    {"name", "string", "", "the feature's name"},
    {"kind", "passive|action|reaction", "passive", "when it applies"},
    {"modelled", "boolean", "true", "false: named for coverage but not simulated (needs a note)"},
    {"note", "string", "", "what it does, for a feature not modelled"},
    {"trigger", "trigger name", "", "a reaction's trigger: hit before_damage marks_hp severe damaged_in_melee defeated pc_fail_with_fear spotlight (when it takes the spotlight); NPCs: battle_start pc_hit pc_attack_failed all_armor_marked"},
    {"fear", "integer", "0", "cost in Fear"},
    {"stress", "integer", "0", "cost in the adversary's Stress"},
    {"hp", "integer", "0", "cost in the adversary's HP (never its last)"},
    {"uses", "integer", "0", "uses per fight (0: unlimited)"},
    {"at_least", "integer", "1", "marks_hp: the HP marked by one attack"},
    {"favored", "PC name", "", "NPC triggers: only for this PC (Arcane Hold, Mentor)"},
    {"countdown", "map", "", "the feature starts a countdown whose trigger fires the effect: start, advance, loop"},
};

const std::vector<KeySpec> kPassiveKeys{
    {"minion", "integer", "", "Minion (X)"},
    {"horde", "dice", "", "Horde: the standard attack's damage once half its HP are marked"},
    {"relentless", "integer", "", "Relentless (X): spotlights per GM turn"},
    {"ramp_up", "boolean", "", "spotlighting it always costs a Fear; its standard attack hits all in range"},
    {"direct", "boolean", "", "passive: its attacks deal direct damage"},
    {"resist", "physical|magic", "", "resistant to this type"},
    {"immune", "physical|magic", "", "immune to this type"},
    {"difficulty_bonus", "integer", "", "+N to its Difficulty"},
    {"damage_reduction", "dice", "", "subtracted from each hit it takes, before thresholds"},
    {"reduction_type", "physical|magic", "", "damage_reduction only against this type"},
    {"alt_damage", "dice", "", "standard attack damage instead, when alt_when holds"},
    {"alt_when", "pack|advantage|hidden", "", "when alt_damage applies"},
    {"extra_hp_from", "physical|magic", "", "marks one more HP from damage of this type"},
    {"retaliate_stress", "integer", "", "a melee attacker marks this Stress when it marks max_hp_marked or fewer HP"},
    {"max_hp_marked", "integer", "2", "see retaliate_stress"},
};

const std::vector<KeySpec> kEffectKeys{
    {"direct", "boolean", "false", "direct damage (Armor Slots cannot reduce it)"},
    {"effect", "attack|reaction_roll|damage|group_attack|spotlight|hide|heal|gain_fear", "", "what an action or reaction does"},
    {"targets", "integer | very_close | close | far | very_far | attacker", "1", "how many targets; a range band: all it reaches (options.area_*)"},
    {"damage", "dice | standard | half", "", "damage; standard: its standard attack's; half: half the damage just taken"},
    {"type", "physical|magic", "the standard attack's", "damage type"},
    {"advantage", "boolean", "false", "the attack roll has advantage"},
    {"attack_bonus", "integer", "0", "added to the attack roll (NPCs and countdowns: the whole modifier)"},
    {"trait", "trait name", "agility", "the PCs' reaction roll trait"},
    {"difficulty", "integer", "its Difficulty", "the reaction roll's Difficulty"},
    {"half_on_success", "boolean", "false", "a successful reaction roll still takes half damage"},
    {"target_stress", "integer", "0", "each target hit (or failing) marks this much Stress"},
    {"target_hp", "integer", "0", "... and this many more HP"},
    {"condition", "vulnerable|restrained or a list", "", "... and gains these conditions"},
    {"until", "next_action|clear_hp|scene|break_free", "next_action", "how long Vulnerable lasts (break_free: as long as a Restrained from the same effect); Restrained lasts until the PC breaks free with Strength"},
    {"shred_armor", "boolean", "false", "each target hit marks an Armor Slot without benefit, else an HP"},
    {"gain_fear", "integer", "0", "the GM gains this Fear once the use hits (or fails a reaction roll of) anyone"},
    {"only_vulnerable", "boolean", "false", "only against Vulnerable PCs"},
    {"allies", "dice", "", "spotlight: how many more adversaries act for free"},
    {"clear_hp", "integer", "0", "heal: HP it clears"},
    {"clear_stress", "integer", "0", "heal: Stress it clears"},
    {"pc_hope", "integer", "0", "the PC gains (or, negative, loses) Hope"},
    {"damage_bonus", "integer | marked_hp", "0", "before_damage: added to the damage roll"},
    {"spotlight_again", "boolean", "false", "before_damage: it may take the spotlight again"},
    {"clear_armor", "integer", "0", "NPC: every PC clears this many Armor Slots"},
    {"advantage_next", "boolean", "false", "NPC: the PC's next attack roll has advantage"},
    {"roll", "integer", "", "the adversary first makes an action roll (d20, an Experience for a Fear by policy) against this Difficulty; on a failure nothing happens"},
};

namespace {

std::vector<KeySpec> joined(std::initializer_list<const std::vector<KeySpec>*> parts) {
  std::vector<KeySpec> out;
  for (const auto* p : parts) out.insert(out.end(), p->begin(), p->end());
  return out;
}

// `direct` is both a passive shape and an effect key: one entry serves both.
const std::vector<KeySpec> kFeatureKeys = [] {
  std::vector<KeySpec> keys = joined({&kFeatureBaseKeys, &kPassiveKeys});
  for (const KeySpec& k : kEffectKeys)
    if (k.name != "direct") keys.push_back(k);  // one entry serves both shapes
  return keys;
}();

}  // namespace

const std::vector<KeySpec> kCountdownKeys{
    {"name", "string", "", "what the log calls it"},
    {"start", "dice", "", "the starting value (dice: a randomized start)"},
    {"advance", "action_roll|attack_roll|progress|consequence|pc_miss|gm_turn", "action_roll", "what ticks it down: every PC action roll (standard), attack rolls, the dynamic tables, missed PC attacks, GM turns"},
    {"loop", "none|loop|increasing|decreasing", "none", "after it triggers: stop, restart, restart one higher, one lower"},
    {"active", "boolean", "true", "runs from the start (else a feature or start_on starts it)"},
    {"start_on", "round|adversary_defeated|pc_down", "", "a scene event that starts it: the start of round start_round, the first adversary defeated, the first PC down"},
    {"start_round", "integer", "", "for start_on: round"},
    {"side", "party|foes", "foes", "whose effect it is"},
    {"atk", "integer", "0", "attack modifier of a foes' countdown attack"},
    {"outcome", "party_wins|foes_win", "", "when it triggers, the fight ends so"},
};

// The effect keys of a feature (or a countdown) map.
Effect read_effect(MapReader& r, const Context& ctx, const Adversary* owner) {
  Effect e;
  static const std::vector<std::string> kKinds{"none",        "attack",    "reaction_roll", "damage", "group_attack",
                                               "spotlight",   "hide",      "heal",          "gain_fear"};
  e.kind = static_cast<Effect::Kind>(r.get_choice("effect", kKinds, 0));
  if (const Node* t = r.scalar("targets")) {
    if (t->text() == "attacker") {
      e.target_attacker = true;
    } else if (std::find(kRangeNames.begin(), kRangeNames.end(), t->text()) != kRangeNames.end()) {
      e.targets = ctx.area(static_cast<Range>(choice_of(*t, "range", kRangeNames)));
    } else {
      e.targets = static_cast<int>(t->as_int());
      check_range(*t, "targets", e.targets, 1, Encounter::kMaxPcs);
    }
  }
  if (owner) e.type = owner->type_of_damage;
  if (const Node* d = r.scalar("damage")) {
    if (d->text() == "standard") {
      if (!owner) throw InputError(d->pos(), "damage: standard needs an adversary's standard attack");
      e.standard_damage = true;
      e.damage = owner->damage;
    } else if (d->text() == "half") {
      e.half_of_damage = true;
    } else {
      e.damage = d->as_dice();
    }
  }
  if (r.has("type")) e.type = static_cast<DamageType>(r.get_choice("type", kTypeNames, 0));
  e.direct = r.get_bool("direct", false);
  e.advantage = r.get_bool("advantage", false);
  e.attack_bonus = static_cast<int>(r.get_int("attack_bonus", 0, -20, 40));
  e.trait = static_cast<Trait>(r.get_choice("trait", kTraitNames, 0));
  e.difficulty = static_cast<int>(r.get_int("difficulty", 0, 0, 50));
  e.half_on_success = r.get_bool("half_on_success", false);
  e.target_stress = static_cast<int>(r.get_int("target_stress", 0, 0, 20));
  e.target_hp = static_cast<int>(r.get_int("target_hp", 0, 0, 20));
  if (const Node* c = r.scalar("condition")) {
    static const std::vector<std::string> kConditions{"vulnerable", "restrained"};
    auto one = [&](const Node& item) {
      (choice_of(item, "condition", kConditions) == 0 ? e.vulnerable : e.restrained) = true;
    };
    if (c->is_list()) {
      for (const Node& item : c->items()) one(item);
    } else {
      one(*c);
    }
  }
  e.until = static_cast<Until>(r.get_choice("until", {"next_action", "clear_hp", "scene", "break_free"}, 0));
  if (e.until == Until::break_free && !e.restrained)
    throw InputError(r.scalar("until")->pos(), "until: break_free goes with condition: restrained");
  e.shred_armor = r.get_bool("shred_armor", false);
  e.gain_fear = static_cast<int>(r.get_int("gain_fear", 0, 0, 12));
  e.only_vulnerable = r.get_bool("only_vulnerable", false);
  if (auto a = r.get_dice("allies")) e.allies = *a;
  e.clear_hp = static_cast<int>(r.get_int("clear_hp", 0, 0, 100));
  e.clear_stress = static_cast<int>(r.get_int("clear_stress", 0, 0, 100));
  e.pc_hope = static_cast<int>(r.get_int("pc_hope", 0, -6, 6));
  if (const Node* b = r.scalar("damage_bonus")) {
    if (b->text() == "marked_hp") {
      e.damage_bonus_marked_hp = true;
    } else {
      e.damage_bonus = static_cast<int>(b->as_int());
      check_range(*b, "damage_bonus", e.damage_bonus, -100, 100);
    }
  }
  e.spotlight_again = r.get_bool("spotlight_again", false);
  e.clear_armor = static_cast<int>(r.get_int("clear_armor", 0, 0, 12));
  e.advantage_next = r.get_bool("advantage_next", false);
  e.roll_difficulty = static_cast<int>(r.get_int("roll", 0, 1, 50));
  if (e.kind == Effect::Kind::none && e.gain_fear > 0 && e.target_stress == 0 && e.target_hp == 0 &&
      !e.vulnerable && !e.restrained && e.pc_hope == 0)
    e.kind = Effect::Kind::gain_fear;
  const bool no_damage = e.damage.is_constant() && e.damage.flat() == 0 && !e.half_of_damage && !e.standard_damage;
  const bool on_hit = e.target_stress || e.target_hp || e.vulnerable || e.restrained || e.pc_hope || e.gain_fear ||
                      e.shred_armor;
  if (e.kind == Effect::Kind::damage && no_damage && !on_hit)
    throw InputError(r.node().pos(), r.what() + ": effect damage needs 'damage' (or what it does to its targets)");
  if (e.kind == Effect::Kind::group_attack && owner) e.standard_damage = true, e.damage = owner->damage;
  if (e.kind == Effect::Kind::attack && e.damage.is_constant() && e.damage.flat() == 0 && !e.standard_damage &&
      e.target_stress == 0 && e.target_hp == 0 && !e.vulnerable && !e.restrained && !e.shred_armor && owner)
    e.standard_damage = true, e.damage = owner->damage;  // an attack with no damage given: its standard damage
  if (e.kind == Effect::Kind::spotlight && e.allies.is_constant() && e.allies.flat() == 0)
    throw InputError(r.node().pos(), r.what() + ": effect spotlight needs 'allies'");
  return e;
}

Countdown read_countdown(const Node& n, const std::string& name, const Context& ctx, const Adversary* owner,
                         bool feature) {
  static const std::vector<KeySpec> kScenarioCountdownKeys = joined({&kCountdownKeys, &kEffectKeys});
  // A feature's countdown fires the feature's effect for its owner: no side,
  // attack modifier or scene start of its own.
  static const std::vector<KeySpec> kFeatureCountdownKeys = [] {
    std::vector<KeySpec> keys;
    for (const KeySpec& k : kCountdownKeys)
      if (k.name != "side" && k.name != "atk" && k.name != "active" && k.name != "start_on" && k.name != "start_round")
        keys.push_back(k);
    return keys;
  }();
  MapReader r(n, feature ? kFeatureCountdownKeys : kScenarioCountdownKeys, "countdown '" + name + "'");
  r.finish();
  Countdown c;
  c.name = r.get_string("name", name);
  const std::optional<Dice> start = r.get_dice("start");
  if (!start) throw InputError(n.pos(), r.what() + " needs 'start'");
  if (start->min() < 1) throw InputError(r.scalar("start")->pos(), "a countdown starts at 1 or more");
  c.start = *start;
  c.advance = static_cast<Countdown::Advance>(
      r.get_choice("advance", {"action_roll", "attack_roll", "progress", "consequence", "pc_miss", "gm_turn"}, 0));
  c.loop = static_cast<Countdown::Loop>(r.get_choice("loop", {"none", "loop", "increasing", "decreasing"}, 0));
  if (!feature) {  // a scene's countdown: when it starts and whose it is
    c.start_on = static_cast<Countdown::StartOn>(
        r.get_choice("start_on", {"feature", "round", "adversary_defeated", "pc_down"}, 0));
    if (c.start_on == Countdown::StartOn::feature && r.has("start_on"))
      throw InputError(r.scalar("start_on")->pos(), "start_on is one of 'round', 'adversary_defeated' or 'pc_down'");
    c.start_round = static_cast<int>(r.get_int("start_round", 0, 1, 100000));
    if ((c.start_on == Countdown::StartOn::round) != r.has("start_round"))
      throw InputError(n.pos(), r.what() + ": 'start_on: round' goes with 'start_round'");
    c.active = r.get_bool("active", c.start_on == Countdown::StartOn::feature);
    if (c.active && c.start_on != Countdown::StartOn::feature)
      throw InputError(n.pos(), r.what() + " starts on an event: it cannot also be active from the start");
    c.side = r.get_choice("side", {"party", "foes"}, 1);
    c.atk = static_cast<int>(r.get_int("atk", 0, -20, 40));
    if (c.side == 0 && r.has("atk"))
      throw InputError(r.scalar("atk")->pos(), "a party countdown's damage needs no attack modifier: 'atk' is for side: foes");
  } else {
    c.active = false;  // its feature starts it
  }
  const int outcome = r.get_choice("outcome", {"party_wins", "foes_win"}, -1);
  if (!feature) {
    if (outcome >= 0) {
      for (const KeySpec& k : kEffectKeys)
        if (r.has(k.name))
          throw InputError(r.scalar(k.name) ? r.scalar(k.name)->pos() : n.pos(),
                           "a countdown with an 'outcome' ends the fight; '" + std::string(k.name) + "' would do nothing");
    } else {
      c.effect = read_effect(r, ctx, owner);
      if (c.effect.kind == Effect::Kind::none && c.effect.clear_armor == 0 && !c.effect.advantage_next)
        throw InputError(n.pos(), r.what() + " needs an 'outcome' or an 'effect'");
    }
  }
  c.effect.outcome = outcome;
  return c;
}

Feature read_feature(const Node& n, Adversary* owner, bool npc, Context& ctx) {
  const std::string nm = n.find("name") ? n.find("name")->text() : "?";
  MapReader r(n, kFeatureKeys, "feature '" + nm + "'");
  r.finish();
  Feature f;
  f.name = r.get_string("name", "");
  if (f.name.empty()) throw InputError(n.pos(), "a feature needs a 'name'");
  f.modelled = r.get_bool("modelled", true);
  f.note = r.get_string("note", "");
  f.kind = static_cast<Feature::Kind>(r.get_choice("kind", {"passive", "action", "reaction"}, 0));
  if (!f.modelled) {
    if (f.note.empty()) throw InputError(n.pos(), r.what() + " is not modelled: say why in a 'note'");
    return f;
  }
  static const std::vector<std::string> kTriggers{
      "none",     "hit",          "before_damage", "marks_hp",         "severe",          "damaged_in_melee",
      "defeated", "pc_fail_with_fear", "spotlight", "battle_start", "pc_hit", "pc_attack_failed", "all_armor_marked"};
  f.trigger = static_cast<Trigger>(r.get_choice("trigger", kTriggers, 0));
  const bool party_trigger = f.trigger >= Trigger::battle_start;
  if (f.kind == Feature::Kind::reaction && f.trigger == Trigger::none)
    throw InputError(n.pos(), r.what() + " is a reaction: it needs a 'trigger'");
  if (f.trigger != Trigger::none && party_trigger != npc)
    throw InputError(r.scalar("trigger")->pos(),
                     npc ? std::string("an NPC's trigger is one of battle_start, pc_hit, pc_attack_failed, all_armor_marked")
                         : std::string("battle_start, pc_hit, pc_attack_failed and all_armor_marked are NPC triggers"));
  if (npc && f.trigger == Trigger::none) throw InputError(n.pos(), r.what() + ": an NPC feature needs a 'trigger'");
  if (f.trigger != Trigger::none) f.kind = Feature::Kind::reaction;
  f.fear = static_cast<int>(r.get_int("fear", 0, 0, 12));
  f.stress = static_cast<int>(r.get_int("stress", 0, 0, 20));
  f.hp = static_cast<int>(r.get_int("hp", 0, 0, 20));
  f.uses = static_cast<int>(r.get_int("uses", 0, 0, 100));
  f.at_least = static_cast<int>(r.get_int("at_least", 1, 1, 4));
  if (const Node* fav = r.scalar("favored")) {
    const auto it = std::find(ctx.pc_names.begin(), ctx.pc_names.end(), fav->text());
    if (it == ctx.pc_names.end())
      throw InputError(fav->pos(), "no PC named '" + fav->text() + "'" + did_you_mean(fav->text(), ctx.pc_names));
    f.favored = static_cast<int>(it - ctx.pc_names.begin());
  }
  // Keys of the other shape would be silently ignored: refuse them.
  auto refuse_key = [&](std::string_view key, const std::string& why) {
    if (r.has(key))
      throw InputError(r.scalar(key) ? r.scalar(key)->pos() : n.pos(),
                       "'" + std::string(key) + "' " + why + " (in " + r.what() + ")");
  };
  auto refuse = [&](const std::vector<KeySpec>& keys, const char* why) {
    for (const KeySpec& k : keys)
      if (k.name != "direct" && k.name != "gain_fear") refuse_key(k.name, why);
  };
  if (r.has("kind") && f.kind == Feature::Kind::action && f.trigger != Trigger::none)
    refuse_key("trigger", "makes a reaction: an action has no trigger");
  if (f.trigger != Trigger::marks_hp) refuse_key("at_least", "goes with trigger: marks_hp");
  if (f.trigger != Trigger::before_damage) {
    refuse_key("damage_bonus", "goes with trigger: before_damage");
    refuse_key("spotlight_again", "goes with trigger: before_damage");
  }
  if (npc) {
    // What an NPC's effect can do (party_effect): attack or damage an
    // adversary, condition it, help the PCs.
    for (const char* key : {"fear", "stress", "hp", "roll", "targets", "target_stress", "target_hp", "gain_fear",
                            "pc_hope", "half_on_success", "trait", "difficulty", "allies", "clear_hp", "clear_stress",
                            "shred_armor", "only_vulnerable", "advantage", "until", "direct"})
      refuse_key(key, "is not something an NPC feature does");
  } else {
    refuse_key("favored", "is for NPC features");
    refuse_key("clear_armor", "is for NPC features");
    refuse_key("advantage_next", "is for NPC features");
  }
  if (f.kind == Feature::Kind::passive) {
    if (!owner) throw InputError(n.pos(), r.what() + ": an NPC's features are reactions with a 'trigger'");
    refuse(kEffectKeys, "is an effect key: give the feature kind: action or reaction");
  } else {
    refuse(kPassiveKeys, "is a passive shape: give the feature kind: passive");
  }
  if (owner && f.kind == Feature::Kind::passive) {
    // Passive shapes fold into the adversary's numbers.
    Adversary& a = *owner;
    a.minion = static_cast<int>(r.get_int("minion", a.minion, 0, 100));
    if (auto h = r.get_dice("horde")) a.horde = true, a.horde_damage = *h;
    a.relentless = static_cast<int>(r.get_int("relentless", a.relentless, 1, 10));
    a.ramp_up = r.get_bool("ramp_up", a.ramp_up);
    a.direct = r.get_bool("direct", a.direct);
    a.resist = static_cast<TypeMask>(a.resist | read_type_mask(r, "resist"));
    a.immune = static_cast<TypeMask>(a.immune | read_type_mask(r, "immune"));
    a.difficulty_bonus += static_cast<int>(r.get_int("difficulty_bonus", 0, -10, 10));
    if (auto dr = r.get_dice("damage_reduction")) {
      a.damage_reduction = *dr;
      a.reduction_types = read_type_mask(r, "reduction_type");
    } else if (r.has("reduction_type")) {
      throw InputError(r.scalar("reduction_type")->pos(), "reduction_type goes with damage_reduction");
    }
    if (auto d = r.get_dice("alt_damage")) {
      a.alt_damage = *d;
      a.alt_when = static_cast<Adversary::AltWhen>(r.get_choice("alt_when", {"none", "pack", "advantage", "hidden"}, 0));
      if (a.alt_when == Adversary::AltWhen::none) throw InputError(n.pos(), r.what() + ": alt_damage needs 'alt_when'");
      a.alt_fear = static_cast<int>(r.get_int("gain_fear", 0, 0, 12));
    } else {
      refuse_key("alt_when", "goes with alt_damage");
      refuse_key("gain_fear", "on a passive goes with alt_damage; Momentum is a reaction (trigger: hit)");
    }
    a.extra_hp_from = static_cast<TypeMask>(a.extra_hp_from | read_type_mask(r, "extra_hp_from"));
    if (r.has("retaliate_stress")) {
      a.retaliate_stress = static_cast<int>(r.get_int("retaliate_stress", 0, 0, 10));
      a.retaliate_max_hp = static_cast<int>(r.get_int("max_hp_marked", 2, 0, 4));
    } else {
      refuse_key("max_hp_marked", "goes with retaliate_stress");
    }
    return f;
  }
  f.effect = read_effect(r, ctx, owner);
  if (f.effect.kind != Effect::Kind::spotlight) refuse_key("allies", "goes with effect: spotlight");
  if (npc && f.effect.kind != Effect::Kind::none && f.effect.kind != Effect::Kind::attack &&
      f.effect.kind != Effect::Kind::damage)
    refuse_key("effect", "of an NPC is attack or damage (against an adversary)");
  if (const Node* cd = r.get("countdown")) {
    Countdown c = read_countdown(*cd, f.name, ctx, owner, true);
    const int outcome = c.effect.outcome;
    c.effect = f.effect;
    c.effect.outcome = outcome;
    c.side = npc ? 0 : 1;
    f.effect = Effect{};
    f.countdown = static_cast<int>(ctx.countdowns->size());
    ctx.countdowns->push_back(std::move(c));
  }
  if (f.kind == Feature::Kind::action && f.effect.kind == Effect::Kind::none && f.countdown < 0)
    throw InputError(n.pos(), r.what() + " is an action: give it an 'effect'");
  return f;
}

Adversary read_adversary(const Node& node, const Node* side_rules, Context& ctx, int& count) {
  const std::string nm = node.find("name") ? node.find("name")->text() : "?";
  MapReader r(node, kAdversaryKeys, "adversary '" + nm + "'");
  r.finish();
  Adversary a;
  a.name = r.get_string("name", "");
  count = static_cast<int>(r.get_int("count", 1, 1, Encounter::kMaxAdversaries));
  a.tier = static_cast<int>(r.get_int("tier", 1, 1, 4));
  a.type = static_cast<AdvType>(r.get_choice("type", kAdvTypeNames, static_cast<int>(AdvType::standard)));
  a.horde_size = static_cast<int>(r.get_int("horde_size", 0, 1, 1000));
  if (r.has("horde_size") && a.type != AdvType::horde)
    throw InputError(r.scalar("horde_size")->pos(), "horde_size is for type: horde");
  r.get_string("description", "");
  a.difficulty = static_cast<int>(r.get_int("difficulty", 0, 1, 50));
  if (!r.has("difficulty")) throw InputError(node.pos(), r.what() + " needs 'difficulty'");
  const auto th = read_thresholds(r.require("thresholds"));
  a.major = th.first, a.severe = th.second;
  a.hp = static_cast<int>(r.get_int("hp", 0, 1, 1000));
  if (!r.has("hp")) throw InputError(node.pos(), r.what() + " needs 'hp'");
  a.stress = static_cast<int>(r.get_int("stress", 0, 0, 100));
  a.atk = static_cast<int>(r.get_int("atk", 0, -20, 40));
  {
    MapReader at(r.require("attack"), kAttackKeys, "attack of '" + a.name + "'");
    at.finish();
    a.attack_name = at.get_string("name", "Attack");
    a.range = static_cast<Range>(at.get_choice("range", kRangeNames, 0));
    a.damage = at.require("damage").as_dice();
    a.type_of_damage = static_cast<DamageType>(at.get_choice("type", kTypeNames, 0));
  }
  a.experience = best_experience(r.get("experiences"));
  if (const Node* fs = r.get("features")) {
    if (!fs->is_list()) throw InputError(fs->pos(), "features must be a list");
    for (const Node& fn : fs->items()) {
      Feature f = read_feature(fn, &a, false, ctx);
      ++a.feature_count;
      if (!f.modelled) {
        a.unmodelled.push_back(f.name);
        a.features.push_back(std::move(f));
        continue;
      }
      ++a.modelled_count;
      if (f.kind != Feature::Kind::passive) a.features.push_back(std::move(f));
    }
  }
  if (a.features.size() > 12) throw InputError(node.pos(), r.what() + " has more than 12 features");
  if (const Node* own = r.get("tactics")) {
    a.rules = read_rules(*own);
  } else if (side_rules) {
    a.rules = read_rules(*side_rules);
  } else {
    // Default: the foe style chooses (play.hpp); the foe style `restrained`
    // (the GM before issue 12) takes each modelled action feature it can use,
    // in the stat block's order, then the standard attack on a random PC.
    a.default_rules = true;
    for (std::size_t k = 0; k < a.features.size(); ++k) {
      if (!a.features[k].modelled || a.features[k].kind != Feature::Kind::action) continue;
      tactics::Rule rule;
      rule.action = kFeature;
      rule.arg_id = static_cast<int>(k);
      rule.target = tactics::Target::random;
      a.rules.push_back(rule);
    }
    tactics::Rule attack;
    attack.target = tactics::Target::random;
    a.rules.push_back(attack);
  }
  for (tactics::Rule& rule : a.rules) {
    if (rule.action == kCard) throw InputError(rule.pos, "'card' is for PCs; adversaries use `feature`");
    if (rule.action == kCompanion) throw InputError(rule.pos, "'companion' is for a Beastbound Ranger");
    if (rule.action != kFeature || rule.arg_id >= 0) continue;
    std::vector<std::string> names;
    for (std::size_t k = 0; k < a.features.size(); ++k) {
      names.push_back(a.features[k].name);
      if (a.features[k].name == rule.arg) rule.arg_id = static_cast<int>(k);
    }
    if (rule.arg_id < 0)
      throw InputError(rule.pos, "'" + a.name + "' has no feature '" + rule.arg + "'" + did_you_mean(rule.arg, names));
    if (!a.features[static_cast<std::size_t>(rule.arg_id)].modelled ||
        a.features[static_cast<std::size_t>(rule.arg_id)].kind != Feature::Kind::action)
      throw InputError(rule.pos, "'" + rule.arg + "' is not a modelled action of '" + a.name + "'");
  }
  for (const tactics::Rule& rule : a.rules)
    if (rule.action == kAttackSecondary) throw InputError(rule.pos, "adversaries have one standard attack: use 'attack'");
  return a;
}

Npc read_npc(const Node& node, Context& ctx) {
  const std::string nm = node.find("name") ? node.find("name")->text() : "?";
  MapReader r(node, kPcKeys, "NPC '" + nm + "'");
  r.finish();
  Npc n;
  n.name = r.get_string("name", "");
  r.get_bool("npc", true);
  for (const KeySpec& k : kPcKeys)
    if (k.name != "name" && k.name != "npc" && k.name != "features" && k.name != "unmodelled" && r.has(k.name))
      throw InputError(r.scalar(k.name) ? r.scalar(k.name)->pos() : node.pos(),
                       "an NPC ally has only 'name', 'features' and 'unmodelled'; '" + std::string(k.name) +
                           "' is for PCs");
  if (const Node* fs = r.get("features")) {
    if (!fs->is_list()) throw InputError(fs->pos(), "features must be a list");
    for (const Node& fn : fs->items()) {
      Feature f = read_feature(fn, nullptr, true, ctx);
      if (!f.modelled) n.unmodelled.push_back(f.name);
      n.features.push_back(std::move(f));
    }
  }
  if (n.features.size() > static_cast<std::size_t>(Encounter::kMaxFeatures))
    throw InputError(node.pos(), r.what() + " has more than 8 features");
  if (const Node* um = r.get("unmodelled"))
    for (const Node& item : um->items()) n.unmodelled.push_back(item.as_string());
  return n;
}

}  // namespace encsim::daggerheart
