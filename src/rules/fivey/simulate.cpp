// The FIVEY fight, compiled once (rules/simulate.hpp): the simulate functions
// for the two logs the engine runs it with. Every other file only declares them.
#include "rules/fivey/fivey.hpp"
#include "rules/fivey/battle.hpp"
#include "rules/simulate.hpp"

ENCSIM_INSTANTIATE_SIMULATE(::encsim::fivey::Encounter);
