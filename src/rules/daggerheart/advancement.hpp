// Levels and advancement (SRD 1.0, "Leveling Up" and "Multiclassing"; the
// class sheets' level-up boxes): the tier achievements of levels 2, 5 and 8,
// the two advancements of every level-up marked in the boxes of the PC's tier
// or below, the thresholds' +1 per level, the domain cards each level allows,
// and the default path a PC without `advancements` takes. Internal to the
// rule system; read_pc.cpp calls it, tests check its arithmetic.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/node.hpp"
#include "rules/daggerheart/equipment.hpp"

namespace encsim::daggerheart {

enum class Domain : unsigned char { arcana, blade, bone, codex, grace, midnight, sage, splendor, valor };
inline constexpr int kDomainCount = 9;
inline const std::vector<std::string> kDomainNames{"arcana", "blade",  "bone",     "codex", "grace",
                                                   "midnight", "sage", "splendor", "valor"};

// The nine advancement options of the level-up sheet.
enum class AdvKind : unsigned char { traits, hp, stress, experiences, domain_card, evasion, subclass, proficiency, multiclass };
inline constexpr int kAdvKinds = 9;
inline const std::vector<std::string> kAdvKindNames{"traits",   "hp",       "stress",      "experiences", "domain_card",
                                                    "evasion",  "subclass", "proficiency", "multiclass"};

// Boxes per option in each sheet column (tiers 2, 3, 4). Proficiency and
// multiclass are one bracketed pair that takes both advancements of a level.
inline constexpr int kBoxes[3][kAdvKinds] = {
    {3, 2, 2, 1, 1, 1, 0, 0, 0},
    {3, 2, 2, 1, 1, 1, 1, 1, 1},
    {3, 2, 2, 1, 1, 1, 1, 1, 1},
};
inline constexpr bool takes_both(AdvKind k) { return k == AdvKind::proficiency || k == AdvKind::multiclass; }
inline constexpr int tier_of(int level) { return level == 1 ? 1 : level <= 4 ? 2 : level <= 7 ? 3 : 4; }
// The highest domain card a column's domain-card box allows (the sheet: up to 4, up to 7, none for tier 4).
inline constexpr int box_card_cap(int tier) { return tier == 2 ? 4 : tier == 3 ? 7 : 10; }

// One advancement taken.
struct Pick {
  int level = 0;
  AdvKind kind = AdvKind::hp;
  int box_tier = 0;                  // the sheet column whose box it marks
  std::array<int, 2> traits{-1, -1};  // traits: the two raised
  std::array<int, 2> experiences{-1, -1};  // experiences: indexes into Build::experiences
  SourcePos pos;
};

struct Experience {
  std::string name;  // "" for a tier achievement's Experience the scenario did not name
  int bonus = 2;
  int gained_at = 1;  // 1: at creation; 2, 5, 8: a tier achievement
};

// What the level and the advancements add up to (the inputs: the class, its
// base traits and Experiences, the picks).
struct Build {
  int level = 1, tier = 1;
  std::array<int, kTraitCount> trait_bonus{};
  int hp = 0, stress = 0, evasion = 0;  // slots and Evasion the picks add
  int proficiency = 1;                  // 1 + tier achievements + proficiency picks
  int subclass_cards = 0;               // 1 foundation, 2 + specialization, 3 + mastery (0: no subclass)
  std::vector<Experience> experiences;  // with their bonuses after the picks
  std::vector<int> card_levels;         // per domain card the PC may hold: the highest level it may have
  bool multiclass = false;
  std::vector<Pick> picks;
};

// The picks of `advancements:` (a map level -> list of picks), checked against
// the boxes, the trait marks and the cross-outs. `experiences` are the PC's,
// tier achievements' included; `has_subclass` false refuses `subclass`.
std::vector<Pick> read_advancements(const Node& n, int level, const std::vector<Experience>& experiences);
// The default path of a class for levels 2..level (docs/rules/daggerheart.md,
// "Levels and advancement"): traits by `trait_order`, the best two Experiences.
std::vector<Pick> default_path(int level, const std::array<int, kTraitCount>& trait_order,
                               const std::vector<Experience>& experiences);
// Applies tier achievements and picks. Throws InputError at a pick that the
// sheet does not allow (no box left, crossed out, a marked trait, ...).
Build build_pc(int level, std::vector<Experience> experiences, const std::vector<Pick>& picks, bool has_subclass);
// The tier achievements' Experiences: `named` (in the order written) are
// taken as the creation ones first, then those of levels 2, 5 and 8; those
// not named are added at +2 with no name. Throws when more are named than the
// level gives (2 + one per achievement).
std::vector<Experience> experiences_for(int level, const Node* named);

std::string describe_pick(const Pick& p, const std::vector<Experience>& experiences);

}  // namespace encsim::daggerheart
