// The Gods & Monsters fight, compiled once (rules/simulate.hpp): the simulate functions
// for the two logs the engine runs it with. Every other file only declares them.
#include "rules/gods_and_monsters/gods_and_monsters.hpp"
#include "rules/gods_and_monsters/battle.hpp"
#include "rules/simulate.hpp"

ENCSIM_INSTANTIATE_SIMULATE(::encsim::gods_and_monsters::Encounter);
