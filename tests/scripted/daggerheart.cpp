// The fight on scripted dice, compiled once for every test that replays one
// (rules/simulate.hpp): the test files only declare simulate_with().
#include "rules/daggerheart/daggerheart.hpp"
#include "rules/daggerheart/battle.hpp"
#include "rules/simulate.hpp"
#include "scripted_dice.hpp"

ENCSIM_INSTANTIATE_SIMULATE_WITH(::encsim::daggerheart::Encounter, ::encsim::testing::ScriptedDice);
