// The fight on scripted dice, compiled once for every test that replays one
// (rules/simulate.hpp): the test files only declare simulate_with().
#include "rules/gods_and_monsters/gods_and_monsters.hpp"
#include "rules/gods_and_monsters/battle.hpp"
#include "rules/simulate.hpp"
#include "scripted_dice.hpp"

ENCSIM_INSTANTIATE_SIMULATE_WITH(::encsim::gods_and_monsters::Encounter, ::encsim::testing::ScriptedDice);
