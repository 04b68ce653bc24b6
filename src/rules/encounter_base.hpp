// The skeleton every rule system's compiled Encounter stands on (STYLE: "one
// shared Encounter skeleton"): the parts that are the same in all five
// systems live here once, and each system keeps only what is its own.
//
// A system writes
//   template <class R, class Log> class Battle;   // its fight, in battle.hpp
//   class Encounter : public rules::EncounterBase<Encounter, Battle, PartyState, RestPlan,
//                                                 kResourceCount, kExtraCount> { ... };
// and the skeleton gives it:
//   - the roster (`roster_`), the feature table (`features_`), `max_rounds`
//     and the play styles in force (`style`), with the counts the runner and
//     the tallies ask for (combatant_count(), resource_count(), extra_count());
//   - the trial's streams: simulate() and simulate_carry() make the streams of
//     (seed, trial) in one place (TrialStreams) and hand dice, init, tact and
//     setup to simulate_with() / simulate_carry_with(), which run
//     Battle<R, Log>(encounter, dice, init, tact, setup, record, log) (with
//     .carry(&party) for a session's fight). Tests call the *_with forms with
//     scripted dice. A system that rolls nothing from a stream (Daggerheart's
//     init, Gods & Monsters' setup) takes it and leaves it unread, so its
//     draws are what they were. These four are defined in rules/simulate.hpp
//     and instantiated once per system, in its simulate.cpp;
//   - the compile steps every system shares: read_frame() (style and
//     max_rounds), read_fighters() (both sides, `count` expanded, and the
//     roster from them), style_lines_with() (behaviour() of a side whose
//     fighters may play their own tactics).
// The system provides (RuleEncounter below checks it at compile time):
//   Battle<R, Log> with that constructor, carry(PartyState*) and run();
//   static resource_specs(), extra_specs(), screen(), styles(), kDamageUnit;
//   describe(), behaviour(); and for sessions rest(), compile_rest(),
//   rest_kinds(), carry_specs(), carry_metrics(), check_session().
// Nothing here is virtual: the skeleton is a CRTP base. A trial is one direct
// call into the system's simulate.cpp, where the whole fight inlines.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/encounter.hpp"
#include "encsim/error.hpp"
#include "encsim/node.hpp"
#include "encsim/rng.hpp"
#include "encsim/runner.hpp"
#include "encsim/session_tally.hpp"
#include "encsim/tally.hpp"
#include "rules/sides.hpp"

namespace encsim::rules {

// How behaviour() notes the fighters that play their own tactics, not the style.
enum class OwnTactics : std::uint8_t {
  count,  // "; 2 follow their own tactics"
  names,  // "; the scenario's own tactics for Goblin 1, Goblin 2"
};

template <class Derived, template <class, class> class Battle, class Party, class Rest, std::size_t kResources,
          std::size_t kExtras>
class EncounterBase {
 public:
  using PartyState = Party;  // sessions: what carries between fights
  using RestPlan = Rest;     // a rest between fights, compiled

  std::vector<CombatantInfo> roster_;   // every combatant, in the order of TrialRecord::combatants
  std::vector<FeatureInfo> features_;   // what each can use (features.csv)
  int max_rounds = 100;                 // a fight still going after this many rounds is a draw
  StyleChoice style;                    // the play styles in force (`style:`)

  std::size_t combatant_count() const { return roster_.size(); }
  const std::vector<CombatantInfo>& roster() const { return roster_; }
  const std::vector<FeatureInfo>& features() const { return features_; }
  std::size_t resource_count() const { return kResources; }
  std::size_t extra_count() const { return kExtras; }

  // One trial: its streams from (seed, trial), then the fight. Declared here
  // and defined in rules/simulate.hpp, which only the system's own
  // simulate.cpp includes: it instantiates these for NullLog and TextLog once,
  // so the fight is compiled in one translation unit, not in every file that
  // runs one (a direct call per trial, never a virtual one).
  template <class Log>
  void simulate(std::uint64_t seed, std::uint64_t trial, TrialRecord& out, Log& log) const;
  // The same with explicit die sources: tests pass scripted dice (and
  // instantiate them for those in their own translation unit).
  template <class R, class Log>
  void simulate_with(R& dice, R& init, R& tact, R& setup, TrialRecord& out, Log& log) const;

  // Sessions (issue 14): the fight starts from `party` when a fight before
  // set it up (else as simulate() does, and sets it up), and leaves its end
  // state there; party.in holds the carried metrics at its start.
  template <class Log>
  void simulate_carry(std::uint64_t seed, std::uint64_t trial, TrialRecord& out, Log& log, PartyState& party) const;
  template <class R, class Log>
  void simulate_carry_with(R& dice, R& init, R& tact, R& setup, TrialRecord& out, Log& log, PartyState& party) const;

  // Compile step: the play styles (`style:`, checked against the system's
  // table; `id` names the system in errors) and `max_rounds`. Throws InputError.
  void read_frame(const Node& doc, std::string_view id) {
    style = read_style(doc, Derived::styles(), id);
    if (const Node* mr = doc.find("max_rounds"); mr && !mr->is_null()) max_rounds = static_cast<int>(mr->as_int());
  }

  // Compile step of a system whose combatants are one list of fighters (with
  // `name`, `pc` and `side`): reads both sides into `fighters` (read_sides:
  // at most Derived::kMaxFighters, `where` ends the error) and lists them in
  // the roster. Returns the party's size. Throws InputError.
  template <class Fighter, class Read>
  int read_fighters(const Node& doc, std::vector<Fighter>& fighters, std::string_view where, Read read) {
    const int n_party = read_sides(doc, fighters, Derived::kMaxFighters, where, read);
    for (const Fighter& f : fighters) roster_.push_back({f.name, f.pc, f.side});
    return n_party;
  }

  // behaviour() of such a system: the style lines, each followed by the
  // fighters of that side who play their own tactics (`styled` false).
  template <class Fighter>
  std::vector<std::string> style_lines_with(const std::vector<Fighter>& fighters, OwnTactics how) const {
    std::vector<std::string> lines = style_lines(Derived::styles(), style);
    for (int side = 0; side < 2; ++side) {
      int scripted = 0;
      std::string names;
      for (const Fighter& f : fighters)
        if (f.side == side && !f.styled) {
          ++scripted;
          names += (names.empty() ? "" : ", ") + f.name;
        }
      if (scripted == 0) continue;
      std::string& line = lines[side == 0 ? 1u : 0u];  // style_lines: the foes' line first
      if (how == OwnTactics::count)
        line += "; " + std::to_string(scripted) + (scripted == 1 ? " follows its own tactics" : " follow their own tactics");
      else
        line += "; the scenario's own tactics for " + names;
    }
    return lines;
  }

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
};

// What the engine asks of a compiled encounter (runner.hpp, session_runner.hpp,
// the reports and the CLI), stated once; registry.hpp checks every system.
template <class E>
concept RuleEncounter = requires(const E& e, std::uint64_t n, TrialRecord& rec, NullLog& log,
                                 typename E::PartyState& party, const typename E::RestPlan& plan, Rng& rng,
                                 const Node& node, const SourcePos& pos, std::int64_t* carried) {
  { e.combatant_count() } -> std::same_as<std::size_t>;
  { e.roster() } -> std::same_as<const std::vector<CombatantInfo>&>;
  { e.features() } -> std::same_as<const std::vector<FeatureInfo>&>;
  { e.resource_count() } -> std::same_as<std::size_t>;
  { e.extra_count() } -> std::same_as<std::size_t>;
  e.simulate(n, n, rec, log);
  e.simulate_carry(n, n, rec, log, party);
  { E::resource_specs() } -> std::same_as<const std::vector<MetricSpec>&>;
  { E::extra_specs() } -> std::same_as<const std::vector<MetricSpec>&>;
  { E::screen() } -> std::same_as<const ScreenSpec&>;
  { E::styles() } -> std::same_as<const StyleSpec&>;
  { E::kDamageUnit } -> std::convertible_to<std::string_view>;
  { e.style } -> std::convertible_to<StyleChoice>;
  { e.describe() } -> std::same_as<std::string>;
  { e.behaviour() } -> std::same_as<std::vector<std::string>>;
  e.rest(plan, party, rng, log);
  { E::compile_rest(node, node) } -> std::same_as<typename E::RestPlan>;
  { E::rest_kinds() } -> std::same_as<const std::vector<std::string>&>;
  { E::carry_specs() } -> std::same_as<const std::vector<MetricSpec>&>;
  e.carry_metrics(party, carried);
  e.check_session(pos);
  requires std::derived_from<typename E::PartyState, CarryBase>;
};

}  // namespace encsim::rules
