#include "cli/replay_session.hpp"

#include <string>

#include "encsim/rng.hpp"
#include "encsim/runner.hpp"
#include "io/narrate.hpp"

namespace encsim::cli {
namespace {

std::string with_article(const std::string& kind) {
  const bool vowel = !kind.empty() && std::string("aeiou").find(kind[0]) != std::string::npos;
  return (vowel ? "an " : "a ") + kind + " rest";
}

}  // namespace

std::vector<Outcome> narrate_session(const CompiledSession& c, std::size_t j, std::uint64_t seed, std::uint64_t trial,
                                     std::ostream& out) {
  const SessionVariant& v = c.session.variants[c.variants[j]];
  std::size_t n_fights = 0;
  for (const SessionItem& it : v.items) n_fights += it.fight ? 1 : 0;
  std::vector<Outcome> outcomes;
  std::visit(
      [&](const auto& first) {
        using E = std::decay_t<decltype(first)>;
        // The steps of play_session (session_runner.hpp), told one by one: the
        // same seeds per item and the same streams, so the same dice as `run`.
        typename E::PartyState party;
        party.started = false;
        const std::vector<MetricSpec>& specs = E::carry_specs();
        const E* last = nullptr;
        std::size_t k = 0;
        std::string rests;  // the rests since the last fight, for the next header
        for (const SessionItem& it : v.items) {
          if (!it.fight) {
            const typename E::RestPlan plan = E::compile_rest(it.rest, it.rest_options);
            out << "\n== Rest: " << it.name << " (" << it.rest.text() << ") ==\n";
            if (it.rest.text() == "none") {
              out << "No rest: the party goes on as it is.\n";
            } else {
              rests += (rests.empty() ? "" : " and ") + with_article(it.rest.text());
            }
            Rng rng = Rng::for_trial(item_seed(seed, it.key), trial, Stream::rest);
            TextLog log(out);
            last->rest(plan, party, rng, log);
            continue;
          }
          const E& enc = std::get<E>(c.encounters[j][k]);
          out << "\n== Fight " << (k + 1) << " of " << n_fights << ": " << it.name;
          if (k > 0) out << (rests.empty() ? " (no rest before it)" : " (after " + rests + ")");
          out << " ==\n";
          rests.clear();
          TrialRecord rec;
          rec.reset(enc.combatant_count(), enc.features().size());
          rec.trial = trial;
          if (party.started) {
            // What session.csv counts for this fight (party.in at its start):
            // the fight played quietly on a copy first, the same dice.
            typename E::PartyState probe = party;
            NullLog quiet;
            enc.simulate_carry(item_seed(seed, it.key), trial, rec, quiet, probe);
            out << "The party carries in:";
            for (std::size_t m = 0; m < specs.size(); ++m)
              out << (m ? ", " : " ") << specs[m].name << " " << probe.in[m];
            out << "\n";
            rec.reset(enc.combatant_count(), enc.features().size());
            rec.trial = trial;
          }
          TextLog log(out);
          enc.simulate_carry(item_seed(seed, it.key), trial, rec, log, party);
          narrate_result(enc.roster(), rec, log.rounds(), out);
          outcomes.push_back(rec.outcome);
          last = &enc;
          ++k;
          if (rec.outcome != Outcome::party_win) break;
        }
        out << "\nSession: ";
        if (outcomes.back() == Outcome::party_win && outcomes.size() == n_fights)
          out << "the party gets through all " << n_fights << " fight(s).\n";
        else
          out << "it ends in fight " << outcomes.size() << " of " << n_fights << " ("
              << outcome_name(outcomes.back()) << ").\n";
      },
      c.encounters[j].front());
  return outcomes;
}

}  // namespace encsim::cli
