// The definitions of EncounterBase's simulate functions (encounter_base.hpp).
// Only a system's simulate.cpp includes this, after its battle.hpp, and
// instantiates them there:
//   ENCSIM_INSTANTIATE_SIMULATE(Encounter)
// so each fight is compiled once, in one translation unit, for the two logs
// the engine runs it with (NullLog in runs and sessions, TextLog in replays).
// The tests instantiate the *_with forms for their scripted dice once per
// system, in tests/scripted/.
#pragma once

#include <cstdint>

#include "encsim/encounter.hpp"
#include "encsim/rng.hpp"
#include "encsim/runner.hpp"
#include "rules/encounter_base.hpp"

namespace encsim::rules {

template <class D, template <class, class> class B, class P, class Rest, std::size_t kR, std::size_t kX>
template <class Log>
void EncounterBase<D, B, P, Rest, kR, kX>::simulate(std::uint64_t seed, std::uint64_t trial, TrialRecord& out,
                                                     Log& log) const {
  TrialStreams r(seed, trial);
  simulate_with(r.dice, r.init, r.tact, r.setup, out, log);
}

template <class D, template <class, class> class B, class P, class Rest, std::size_t kR, std::size_t kX>
template <class R, class Log>
void EncounterBase<D, B, P, Rest, kR, kX>::simulate_with(R& dice, R& init, R& tact, R& setup, TrialRecord& out,
                                                          Log& log) const {
  B<R, Log>(self(), dice, init, tact, setup, out, log).run();
}

template <class D, template <class, class> class B, class P, class Rest, std::size_t kR, std::size_t kX>
template <class Log>
void EncounterBase<D, B, P, Rest, kR, kX>::simulate_carry(std::uint64_t seed, std::uint64_t trial, TrialRecord& out,
                                                           Log& log, P& party) const {
  TrialStreams r(seed, trial);
  simulate_carry_with(r.dice, r.init, r.tact, r.setup, out, log, party);
}

template <class D, template <class, class> class B, class P, class Rest, std::size_t kR, std::size_t kX>
template <class R, class Log>
void EncounterBase<D, B, P, Rest, kR, kX>::simulate_carry_with(R& dice, R& init, R& tact, R& setup,
                                                                TrialRecord& out, Log& log, P& party) const {
  B<R, Log> b(self(), dice, init, tact, setup, out, log);
  b.carry(&party);
  b.run();
}

}  // namespace encsim::rules

// A system's simulate.cpp: the four entry points for both logs.
#define ENCSIM_INSTANTIATE_SIMULATE(Enc)                                                                      \
  template void Enc::EncounterBase::simulate(std::uint64_t, std::uint64_t, ::encsim::TrialRecord&,             \
                                             ::encsim::NullLog&) const;                                        \
  template void Enc::EncounterBase::simulate(std::uint64_t, std::uint64_t, ::encsim::TrialRecord&,             \
                                             ::encsim::TextLog&) const;                                        \
  template void Enc::EncounterBase::simulate_carry(std::uint64_t, std::uint64_t, ::encsim::TrialRecord&,       \
                                                   ::encsim::NullLog&, Enc::PartyState&) const;                \
  template void Enc::EncounterBase::simulate_carry(std::uint64_t, std::uint64_t, ::encsim::TrialRecord&,       \
                                                   ::encsim::TextLog&, Enc::PartyState&) const

// The *_with forms for another die source `Dice` (tests: ScriptedDice), both logs.
#define ENCSIM_INSTANTIATE_SIMULATE_WITH(Enc, Dice)                                                           \
  template void Enc::EncounterBase::simulate_with(Dice&, Dice&, Dice&, Dice&, ::encsim::TrialRecord&,         \
                                                  ::encsim::NullLog&) const;                                  \
  template void Enc::EncounterBase::simulate_with(Dice&, Dice&, Dice&, Dice&, ::encsim::TrialRecord&,         \
                                                  ::encsim::TextLog&) const;                                  \
  template void Enc::EncounterBase::simulate_carry_with(Dice&, Dice&, Dice&, Dice&, ::encsim::TrialRecord&,   \
                                                        ::encsim::NullLog&, Enc::PartyState&) const;          \
  template void Enc::EncounterBase::simulate_carry_with(Dice&, Dice&, Dice&, Dice&, ::encsim::TrialRecord&,   \
                                                        ::encsim::TextLog&, Enc::PartyState&) const
