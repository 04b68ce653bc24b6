// One fight told turn by turn: what `encsim replay` prints after its heading,
// into any stream (an HTML report can narrate into a std::ostringstream).
#pragma once

#include <cstdint>
#include <ostream>
#include <vector>

#include "encsim/narration.hpp"
#include "rules/registry.hpp"

namespace encsim {

// Trial `trial` of `enc` at `seed`, the very fight `run` simulated: the
// system's narration with a status block at the end of every round, the
// result (once), each combatant's totals, and the turning point.
void narrate_trial(const AnyEncounter& enc, std::uint64_t seed, std::uint64_t trial, std::ostream& out);

// After a fight told turn by turn: its result, each combatant's totals and
// the turning point (narrate_trial's end; a session's replay tells each fight so).
void narrate_result(const std::vector<CombatantInfo>& roster, const TrialRecord& rec,
                    const std::vector<RoundStatus>& rounds, std::ostream& out);

// "the party wins", "the foes win", "a draw".
const char* outcome_name(Outcome o);

}  // namespace encsim
