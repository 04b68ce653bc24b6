// `encsim replay SESSION.yaml --trial K` (issue 14): one whole session told
// fight by fight and rest by rest, on the dice `run` gave its session K.
#pragma once

#include <cstdint>
#include <ostream>
#include <vector>

#include "cli/session.hpp"

namespace encsim::cli {

// Session `trial` of variant `j` (an index into c.variants) at `seed`: a
// header per fight ("Fight 2 of 3: ford (after a night rest)"), what the
// party carries into it, its narration and result; each rest's effects per
// PC; and where the session ended. Returns each reached fight's outcome.
std::vector<Outcome> narrate_session(const CompiledSession& c, std::size_t j, std::uint64_t seed, std::uint64_t trial,
                                     std::ostream& out);

}  // namespace encsim::cli
