#include "io/narrate.hpp"

#include <variant>

namespace encsim {

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::party_win: return "the party wins";
    case Outcome::foes_win: return "the foes win";
    case Outcome::draw: return "a draw";
  }
  return "";
}

void narrate_result(const std::vector<CombatantInfo>& info, const TrialRecord& rec,
                    const std::vector<RoundStatus>& rounds, std::ostream& out) {
  out << "Result: " << outcome_name(rec.outcome) << (rec.foes_fled ? " (the foes fled)" : "") << " after "
      << rec.rounds << " round(s).\n";
  for (std::size_t i = 0; i < info.size(); ++i) {
    const CombatantRecord& c = rec.combatants[i];
    out << "  " << info[i].name << ": " << c.attacks << " attacks, " << c.hits << " hits, ";
    if (c.area_attacks > 0) out << c.area_attacks << " area attack targets, " << c.area_hits << " struck, ";
    out << c.damage_dealt << " damage dealt, " << c.damage_taken << " taken"
        << (c.dead ? ", dead" : c.down ? ", down" : "") << "\n";
  }
  out << turning_point(rounds) << "\n";
}

void narrate_trial(const AnyEncounter& any, std::uint64_t seed, std::uint64_t trial, std::ostream& out) {
  std::visit(
      [&](const auto& enc) {
        TrialRecord rec;
        rec.reset(enc.combatant_count(), enc.features().size());
        TextLog log(out);
        enc.simulate(seed, trial, rec, log);
        narrate_result(enc.roster(), rec, log.rounds(), out);
      },
      any);
}

}  // namespace encsim
