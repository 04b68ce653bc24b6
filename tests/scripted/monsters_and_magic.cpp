// The fight on scripted dice, compiled once for every test that replays one
// (rules/simulate.hpp): the test files only declare simulate_with().
#include "rules/monsters_and_magic/mnm.hpp"
#include "rules/monsters_and_magic/battle.hpp"
#include "rules/simulate.hpp"
#include "scripted_dice.hpp"

ENCSIM_INSTANTIATE_SIMULATE_WITH(::encsim::mnm::Encounter, ::encsim::testing::ScriptedDice);
