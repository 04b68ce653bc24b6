// The parts of `encsim replay`'s narration every rule system shares: the
// end-of-round status block (one line per combatant and one for the two
// sides) and the closing "why it went this way" line. A system's fight fills
// a Standing per combatant only when its log is a TextLog (inside
// `if constexpr (Log::kEnabled)`), so the trial loop never sees any of this.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace encsim {

// One combatant at the end of a round.
struct Standing {
  std::string name;
  int side = 0;               // 0 party, 1 foes
  int left = 0;               // its main track: HP left (survival for Gods & Monsters) ...
  int max = 0;                // ... of this many at full
  const char* track = "HP";   // the track's name as the line shows it
  const char* out = nullptr;  // why it is out of the fight ("down", "dead", "fled"...); nullptr: still in it
  std::string detail;         // the rest of the line: key resources and conditions, ", "-separated
  std::int64_t dealt = 0;     // damage dealt so far (its CombatantRecord's), for the turning point

  // Appends one item to the detail ("Stress 2/6", "Restrained").
  [[gnu::format(printf, 2, 3)]] Standing& note(const char* fmt, ...);
  Standing& flag(bool on, const char* what) { return on ? note("%s", what) : *this; }
  // Its share of the track left: left / max, 0 when out of the fight.
  double share() const;
};

// Every combatant at the end of one round (round 0: before the first).
struct RoundStatus {
  int round = 0;
  std::vector<Standing> who;
  // The mean share of a side's combatants (0 when it has none).
  double side_share(int side) const;
  // The party's standing: its side's share minus the foes' (-1 .. +1).
  double standing() const { return side_share(0) - side_share(1); }
};

// "-- end of round N --", a line per combatant, then the sides' shares.
void write_status(std::ostream& out, const RoundStatus& status);

// "Turning point: round R (...): ..." from the statuses of a fight, the
// first being the one before round 1: the round whose standing moved most
// from the one before (the earliest on a tie), who left the fight in it and
// who dealt the most damage in it.
std::string turning_point(const std::vector<RoundStatus>& rounds);

}  // namespace encsim
