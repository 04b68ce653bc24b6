// The cairn-ap fight, compiled once (rules/simulate.hpp): the simulate functions
// for the two logs the engine runs it with. Every other file only declares them.
#include "rules/cairn_ap/cairn_ap.hpp"
#include "rules/cairn_ap/battle.hpp"
#include "rules/simulate.hpp"

ENCSIM_INSTANTIATE_SIMULATE(::encsim::cairn_ap::Encounter);
