// The Monsters & Magic fight, compiled once (rules/simulate.hpp): the simulate functions
// for the two logs the engine runs it with. Every other file only declares them.
#include "rules/monsters_and_magic/mnm.hpp"
#include "rules/monsters_and_magic/battle.hpp"
#include "rules/simulate.hpp"

ENCSIM_INSTANTIATE_SIMULATE(::encsim::mnm::Encounter);
