// The fight on scripted dice, compiled once for every test that replays one
// (rules/simulate.hpp): the test files only declare simulate_with().
#include "rules/fivey/fivey.hpp"
#include "rules/fivey/battle.hpp"
#include "rules/simulate.hpp"
#include "scripted_dice.hpp"

ENCSIM_INSTANTIATE_SIMULATE_WITH(::encsim::fivey::Encounter, ::encsim::testing::ScriptedDice);
