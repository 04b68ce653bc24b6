// Daggerheart's Copycat (`copies`; pc_cards.cpp resolves the copy,
// play_copy.hpp pays and ends it): the card copied (named with `copycat:`, or
// the policy's pick) and its errors, the Hope paid at the copy's first use,
// the copy ended by the ally's vault and by a rest, and `encsim check`.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "daggerheart_replay.hpp"
#include "feature_lookup.hpp"
#include "input_error.hpp"
#include "rules/daggerheart/daggerheart.hpp"
#include "rules/daggerheart/read.hpp"
#include "scripted_dice.hpp"

namespace encsim {
namespace {

namespace dh = daggerheart;
using testing::encounter_from;
using testing::fight;
using testing::has;
using testing::replay;
using testing::Replay;
using testing::ScriptedDice;

// A PC named NAME (level 10, HP 6, EVASION, thresholds 15/21, no Armor Slot, a d4) with BODY.
std::string pc(const std::string& name, const std::string& body, int evasion = 10) {
  return "  - {name: " + name + ", level: 10, proficiency: 1, hp: 6, evasion: " + std::to_string(evasion) + ", primary: {damage: d4}, "
         "armor: {thresholds: [5, 11], score: 0}" + (body.empty() ? "" : ", " + body) + "}\n";
}

std::string foe(const std::string& name, int difficulty, int hp, int damage = 6) {
  return "  - {name: " + name + ", difficulty: " + std::to_string(difficulty) + ", thresholds: [10, 20], hp: " +
         std::to_string(hp) + ", atk: 0, attack: {damage: " + std::to_string(damage) + "}}\n";
}

const std::string kHero = "hope: 3, spellcast: knowledge, traits: {knowledge: 2}, cards: [Copycat]";

// ---------------------------------------------------------------------------
// The copy and its first use

// Pal holds Cinder Grasp (level 2): Hero's Copycat stands for it. Its worth
// (the chance 2d12 + 2 meets 12 times the 2 HP d20+3 marks, less the 1 Hope
// the copy costs: half of level 2) beats Hero's d4: Hero plays it, paying the
// Hope with it. Hope 10, Fear 3: 15, with Hope; d20 10 + 3 = 13 marks 2 HP.
// Old code: not modelled (Hero attacks with its d4).
TEST(DaggerheartCopycat, ACopyPlaysAsTheAllysCardAndPaysItsHopeAtItsFirstUse) {
  const auto enc = encounter_from(fight(pc("Hero", kHero) + pc("Pal", "spellcast: knowledge, cards: [\"Cinder Grasp\"]"), foe("Foe", 12, 9), 1,
                                        ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 10}, {12, 3}, {20, 10}}};
  dice.lenient = true;  // Pal's turn: not pinned
  const Replay r = replay(enc, dice, testing::hero_first());
  EXPECT_TRUE(has(r, "Hero plays Copycat: Cinder Grasp")) << r.log;
  EXPECT_TRUE(has(r, "Copycat: Hero spends 1 Hope to mimic Pal's Cinder Grasp until its next rest (2 Hope left)")) << r.log;
  EXPECT_TRUE(has(r, "Copycat: Cinder Grasp: 13 magic damage to Foe")) << r.log;
  const FeatureRecord& f = testing::feature(enc.features(), r.rec, 0, "Copycat: Cinder Grasp");
  EXPECT_EQ(f.uses, 1);
  EXPECT_EQ(f.spent, 1);
}

// With no Hope the copy can't be paid for: Hero attacks with its weapon.
TEST(DaggerheartCopycat, NoCopyWithoutItsHope) {
  testing::expect_modelled({"Copycat"});  // declined, not missing
  const auto enc = encounter_from(fight(pc("Hero", "hope: 0, spellcast: knowledge, traits: {knowledge: 2}, cards: [Copycat]") +
                                            pc("Pal", "spellcast: knowledge, cards: [\"Cinder Grasp\"]"),
                                        foe("Foe", 12, 9), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 10}, {12, 3}, {4, 2}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice, testing::hero_first());
  EXPECT_FALSE(has(r, "Hero plays Copycat")) << r.log;
  EXPECT_TRUE(has(r, "damage 1d4+0 = 2")) << r.log;
}

// ---------------------------------------------------------------------------
// Which card

const dh::PcCard* copy_of(const dh::Encounter& enc, int i) {
  const dh::Pc& p = enc.pcs[static_cast<std::size_t>(i)];
  return p.copy_card >= 0 ? &p.cards[static_cast<std::size_t>(p.copy_card)] : nullptr;
}

// The policy: the highest-level card of the allies' loadouts it may copy,
// ties by name, never one with no combat effect nor a passive: of Pal's Wall
// Walk (no combat), Cinder Grasp (2) and Ada's Counterspell (3) and Armorer (a
// passive, 5), Counterspell. Named, Cinder Grasp. `encsim check` tells it.
TEST(DaggerheartCopycat, ThePolicyTakesTheHighestLevelCardAndANameOverridesIt) {
  const std::string allies = pc("Pal", "spellcast: knowledge, cards: [\"Wall Walk\", \"Cinder Grasp\"]") +
                             pc("Ada", "spellcast: knowledge, cards: [Counterspell, Armorer]");
  const auto picked = encounter_from(fight(pc("Hero", kHero) + allies, foe("Foe", 12, 9)));
  ASSERT_NE(copy_of(picked, 0), nullptr);
  EXPECT_EQ(copy_of(picked, 0)->copy_of->name, "Counterspell");
  EXPECT_EQ(copy_of(picked, 0)->copy_hope, 2);  // half of 3, rounded up
  EXPECT_EQ(picked.pcs[0].copy_from_name, "Ada");
  EXPECT_NE(picked.describe().find("Copycat: Counterspell"), std::string::npos) << picked.describe();
  EXPECT_NE(picked.describe().find("COPIES Counterspell (level 3, from Ada's loadout; 2 Hope the first time it is used"),
            std::string::npos)
      << picked.describe();
  const auto named = encounter_from(fight(pc("Hero", kHero + ", copycat: \"Cinder Grasp\"") + allies, foe("Foe", 12, 9)));
  EXPECT_EQ(copy_of(named, 0)->copy_of->name, "Cinder Grasp");
  EXPECT_EQ(copy_of(named, 0)->copy_hope, 1);
  // Ties by name: two level-2 cards.
  const auto tie = encounter_from(fight(pc("Hero", kHero) + pc("Pal", "spellcast: knowledge, cards: [\"Cinder Grasp\"]") +
                                            pc("Ada", "cards: [\"Ferocity\"]"),
                                        foe("Foe", 12, 9)));
  EXPECT_EQ(copy_of(tie, 0)->copy_of->name, "Cinder Grasp");  // both level 2: C before F
  // No ally card it may copy: Copycat is inert, and check says so.
  const auto none = encounter_from(fight(pc("Hero", kHero) + pc("Pal", "cards: [\"Wall Walk\"]"), foe("Foe", 12, 9)));
  EXPECT_EQ(copy_of(none, 0), nullptr);
  EXPECT_NE(none.describe().find("INERT: no ally's loadout holds a card it can copy"), std::string::npos) << none.describe();
}

// The policy skips a card the copier could never play: no shipped domain
// card answers only in a Beastform or a stance (only_while), so the test
// hands Pal one (Wild Guard, level 3, only in Beastform) beside Cinder Grasp
// (level 2) and has the copies picked again. Hero, with no Beastform, takes
// Cinder Grasp; with a Beastform, Wild Guard (the higher level). A card
// answering only in a stance likewise needs a card of the copier's that
// takes one (Force of Nature). Old code: Wild Guard for each, never played.
TEST(DaggerheartCopycat, ThePolicySkipsACardTheCopierCanNeverPlay) {
  const std::vector<dh::CardDef> lib = dh::read_card_library(
      "lib.yaml",
      "cards:\n"
      "  - {name: Wild Guard, domain: Sage, level: 3, type: Ability, summary: s, when: reaction, trigger: damaged, "
      "only_while: beastform, stress: 1, downgrade: 1}\n"
      "  - {name: Still Guard, domain: Sage, level: 3, type: Ability, summary: s, when: reaction, trigger: damaged, "
      "only_while: stance, stress: 1, downgrade: 1}\n");
  const dh::CardDef* copycat = nullptr;
  for (const dh::CardDef& d : dh::card_library())
    if (d.name == "Copycat") copycat = &d;
  ASSERT_NE(copycat, nullptr);
  // Hero's copy picked again with Pal holding Cinder Grasp and lib[guard].
  auto pick = [&](const std::string& hero, std::size_t guard, bool beast) {
    const auto enc = encounter_from(fight(pc("Hero", hero) + pc("Pal", "spellcast: knowledge, cards: [\"Cinder Grasp\"]"), foe("Foe", 12, 9)));
    std::vector<dh::Pc> pcs = enc.pcs;
    dh::Pc& h = pcs[0];
    for (dh::PcCard& c : h.cards)
      if (c.copy_of) c = dh::PcCard{copycat};
    h.copy_card = -1;
    h.copy_def.reset();
    static const dh::BeastForm form{};
    if (beast) h.beast = &form;
    dh::PcCard guard_card;
    guard_card.def = &lib[guard];
    pcs[1].cards.push_back(guard_card);
    dh::resolve_copycats(pcs);
    return pcs[0].copy_card >= 0 ? pcs[0].cards[static_cast<std::size_t>(pcs[0].copy_card)].copy_of->name : std::string("none");
  };
  EXPECT_EQ(pick(kHero, 0, false), "Cinder Grasp");
  EXPECT_EQ(pick(kHero, 0, true), "Wild Guard");
  EXPECT_EQ(pick(kHero, 1, false), "Cinder Grasp");
  EXPECT_EQ(pick("hope: 3, spellcast: knowledge, traits: {knowledge: 2}, cards: [Copycat, \"Force of Nature\"]", 1, false),
            "Still Guard");
}

TEST(DaggerheartCopycat, ANamedCardIsChecked) {
  const std::string allies = pc("Pal", "spellcast: knowledge, cards: [\"Wall Walk\", \"Cinder Grasp\", Armorer, Encore]");
  auto error = [&](const std::string& body) {
    return testing::message_of([&] { encounter_from(fight(pc("Hero", body) + allies, foe("Foe", 12, 9))); });
  };
  EXPECT_NE(error(kHero + ", copycat: \"Cinder Grsp\"").find("no ally holds 'Cinder Grsp' (did you mean 'Cinder Grasp'?)"),
            std::string::npos)
      << error(kHero + ", copycat: \"Cinder Grsp\"");
  EXPECT_NE(error(kHero + ", copycat: Encore").find("it is a level 10 card; Copycat copies cards of level 8 or lower"),
            std::string::npos);
  EXPECT_NE(error(kHero + ", copycat: \"Wall Walk\"").find("it has no effect on a fight here (combat: none)"), std::string::npos);
  EXPECT_NE(error(kHero + ", copycat: Armorer").find("a copy takes an action or reaction card"), std::string::npos);
  EXPECT_NE(error("hope: 3, copycat: \"Cinder Grasp\"").find("holds no Copycat in its loadout"), std::string::npos);
  EXPECT_NE(testing::card_error("copies: 8, hope: 1", "Grace", "Spell").find("copies goes alone"), std::string::npos);
  testing::expect_modelled({"Copycat"});
}

// ---------------------------------------------------------------------------
// How long it lasts

// Hero copies Pal's Shrug It Off (level 7: 4 Hope) and has not used it yet.
// Hero's weapon fails with Fear; Foe's 22 damage would be Severe on Pal (Hero
// is too hard to hit to be its target), Pal shrugs it off, and the d6's 1
// sends the card to the vault: Hero's copy can't be made until a rest.
TEST(DaggerheartCopycat, TheAllysVaultEndsTheCopy) {
  const auto enc = encounter_from(fight(pc("Hero", "hope: 5, spellcast: knowledge, cards: [Copycat]", 30) +
                                            pc("Pal", "cards: [\"Shrug It Off\"]"),
                                        foe("Foe", 24, 9, 22), 1, ", fear_start: 0, fear_reserve: 1"));
  ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}, {6, 1}}};
  dice.lenient = true;
  const Replay r = replay(enc, dice, testing::hero_first());
  EXPECT_TRUE(has(r, "Copycat: Pal's Shrug It Off went to the vault: Hero's copy of it can't be made until a rest")) << r.log;
  EXPECT_FALSE(has(r, "Copycat: Hero spends")) << r.log;
}

// A copied reaction pays the copy's Hope as it first fires: Hero copies
// Pal's Book of Grynn (level 4: 2 Hope, and the card's own 1); its weapon
// fails with Fear and Foe's 22 damage would be Severe (Pal is too hard to
// hit): the 3 HP it saves are worth the 3 Hope, so Hero pays the copy's 2 with
// the card's 1 and the hit marks nothing. With 2 Hope the copy can't be paid
// for and the hit lands whole. (Shrug It Off, level 7, was the example here
// until the value rule counted the copy's 4 Hope: its one HP saved is worth
// less, and it is declined now.) Pal holds no Hope, so its own Grynn, which
// may guard an ally too, stays out of it.
TEST(DaggerheartCopycat, ACopiedReactionPaysItsHopeWhenItFirstFires) {
  auto run = [](int hope) {
    const auto enc = encounter_from(fight(pc("Hero", "hope: " + std::to_string(hope) + ", spellcast: knowledge, cards: [Copycat]") +
                                              pc("Pal", "hope: 0, cards: [\"Book of Grynn\"]", 30),
                                          foe("Foe", 24, 9, 22), 1, ", fear_start: 0, fear_reserve: 1"));
    ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
    dice.lenient = true;
    return replay(enc, dice, testing::hero_first());
  };
  const Replay r = run(3);
  EXPECT_TRUE(has(r, "Copycat: Hero spends 2 Hope to mimic Pal's Book of Grynn until its next rest")) << r.log;
  EXPECT_TRUE(has(r, "Hero plays Copycat: Book of Grynn: 3 HP become 0")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 6) << r.log;
  const Replay k = run(2);
  EXPECT_FALSE(has(k, "plays Copycat")) << k.log;
  EXPECT_EQ(k.rec.combatants[0].hp_left, 3) << k.log;
}

// The value rules weigh the copy's Hope with the card's own: Hero copies
// Pal's Rune Ward (level 1: 1 Hope, and the card's own 1). Its weapon fails
// with Fear; Foe's 16 damage would mark 2 HP (thresholds 15/21), and the
// ward's d8 (4.5 by expectation) leaves 12, 1 HP: one HP saved, worth the
// card's own Hope (a half) but not the two Hope the first use costs. Hero
// lets the hit land. The same hit on a Hero that holds Rune Ward itself is
// warded. Old code: the copy's Hope was left out of card_damaged's cost, and
// Hero played it.
TEST(DaggerheartCopycat, AReactionsValueRuleCountsTheCopysHope) {
  auto run = [](const std::string& cards) {
    const auto enc = encounter_from(fight(pc("Hero", "hope: 3, spellcast: knowledge, traits: {knowledge: 2}, cards: [" + cards + "]") +
                                              pc("Pal", "spellcast: knowledge, cards: [\"Rune Ward\"]", 30),
                                          foe("Foe", 24, 9, 16), 1, ", fear_start: 0, fear_reserve: 1"));
    ScriptedDice dice{{{12, 1}, {12, 2}, {20, 15}}};
    dice.lenient = true;
    return replay(enc, dice, testing::hero_first());
  };
  const Replay r = run("Copycat");
  EXPECT_FALSE(has(r, "plays Copycat: Rune Ward")) << r.log;
  EXPECT_FALSE(has(r, "Copycat: Hero spends")) << r.log;
  EXPECT_EQ(r.rec.combatants[0].hp_left, 4) << r.log;
  const Replay own = run("\"Rune Ward\"");
  EXPECT_TRUE(has(own, "Hero plays Rune Ward")) << own.log;
}

TrialRecord session_fight(const dh::Encounter& enc, dh::PartyState& party, std::string* said) {
  testing::Replay r = testing::replay_carry(enc, ScriptedDice{{}, true}, party);
  *said = r.log;
  return r.rec;
}

std::string rest(const dh::Encounter& enc, dh::PartyState& party, dh::RestKind kind) {
  return testing::rest_between(enc, party, kind);
}

// In a session: paid once, the copy holds into the next fight with no rest
// between (played again, nothing more paid); a short rest ends it and
// Copycat waits for a long rest; after one it is made (and paid) again.
TEST(DaggerheartCopycat, TheCopyHoldsUntilARestAndComesBackWithALongOne) {
  const auto enc = encounter_from(fight(pc("Hero", kHero) + pc("Pal", "spellcast: knowledge, cards: [\"Cinder Grasp\"]"), foe("Foe", 12, 30), 1,
                                        ", fear_start: 0, fear_reserve: 1"));
  dh::PartyState party;
  std::string said;
  session_fight(enc, party, &said);
  EXPECT_NE(said.find("Copycat: Hero spends 1 Hope to mimic Pal's Cinder Grasp"), std::string::npos) << said;
  EXPECT_EQ(party.copy_state[0], dh::kCopyHeld);
  party.hope[0] = 3;
  session_fight(enc, party, &said);
  EXPECT_NE(said.find("Hero's Copycat: Cinder Grasp is held still (until a rest)"), std::string::npos) << said;
  EXPECT_NE(said.find("Hero plays Copycat: Cinder Grasp"), std::string::npos) << said;
  EXPECT_EQ(said.find("Copycat: Hero spends"), std::string::npos) << said;
  const std::string rested = rest(enc, party, dh::RestKind::short_rest);
  EXPECT_NE(rested.find("Hero's Copycat: Cinder Grasp ends with the rest (Copycat: again after a long rest)"), std::string::npos)
      << rested;
  party.hope[0] = 3;
  session_fight(enc, party, &said);
  EXPECT_NE(said.find("Hero's Copycat: Cinder Grasp is spent until a long rest"), std::string::npos) << said;
  EXPECT_EQ(said.find("Hero plays Copycat"), std::string::npos) << said;
  rest(enc, party, dh::RestKind::long_rest);
  party.hope[0] = 3;
  session_fight(enc, party, &said);
  EXPECT_NE(said.find("Copycat: Hero spends 1 Hope to mimic"), std::string::npos) << said;
}

}  // namespace
}  // namespace encsim
