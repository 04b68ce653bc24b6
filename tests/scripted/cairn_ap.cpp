// The fight on scripted dice, compiled once for every test that replays one
// (rules/simulate.hpp): the test files only declare simulate_with().
#include "rules/cairn_ap/cairn_ap.hpp"
#include "rules/cairn_ap/battle.hpp"
#include "rules/simulate.hpp"
#include "scripted_dice.hpp"

ENCSIM_INSTANTIATE_SIMULATE_WITH(::encsim::cairn_ap::Encounter, ::encsim::testing::ScriptedDice);
