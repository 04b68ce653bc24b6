#include "cli/session.hpp"

#include <algorithm>
#include <iostream>

#include "cli/cli.hpp"

namespace encsim::cli {
namespace {

template <class E>
constexpr bool kHasSessions = has_sessions<E>;

// "fivey, daggerheart and cairn-ap": the systems that run sessions, in the registry's order.
std::string systems_with_sessions() {
  std::string out;
  std::vector<std::string_view> ids;
  for (const RulesetEntry& r : rulesets())
    if (r.sessions) ids.push_back(r.id);
  for (std::size_t k = 0; k < ids.size(); ++k)
    out += (k == 0 ? "" : k + 1 == ids.size() ? " and " : ", ") + std::string(ids[k]);
  return out;
}

// A scenario standing for one fight of a session variant, for the rule
// system's compile() and the report rows ("day: goblins").
Scenario fight_scenario(const Session& s, const SessionVariant& v, const SessionItem& item) {
  Scenario sc;
  sc.path = s.path;
  sc.name = s.name + ": " + item.name;
  sc.description = s.description;
  sc.ruleset = s.ruleset;
  sc.ruleset_pos = s.ruleset_pos;
  sc.trials = s.trials;
  sc.seed = s.seed;
  sc.variants.push_back({v.name, item.doc, Node(), v.note});
  return sc;
}

std::vector<const SessionItem*> fights_of(const SessionVariant& v) {
  std::vector<const SessionItem*> out;
  for (const SessionItem& it : v.items)
    if (it.fight) out.push_back(&it);
  return out;
}

// The kinds of the rests just before each fight of `v` ("short", "short+long", "" for none).
std::vector<std::string> rests_before(const SessionVariant& v) {
  std::vector<std::string> out;
  std::string pending;
  for (const SessionItem& it : v.items) {
    if (it.fight) {
      out.push_back(pending);
      pending.clear();
    } else {
      pending += (pending.empty() ? "" : "+") + it.rest.text();
    }
  }
  return out;
}

}  // namespace

CompiledSession compile_session(const std::string& path, const std::vector<std::string>& only) {
  return compile_session(load_session(path, ruleset_ids()), only);
}

CompiledSession compile_session(Session session, const std::vector<std::string>& only) {
  CompiledSession c;
  c.session = std::move(session);
  const Session& s = c.session;
  std::vector<std::string> names;
  for (const SessionVariant& v : s.variants) names.push_back(v.name);
  for (const std::string& want : only)
    if (std::find(names.begin(), names.end(), want) == names.end())
      throw InputError(SourcePos{}, "session '" + s.path + "' has no variant '" + want + "'" +
                                        did_you_mean(want, names) + "; it has " + one_of(names));
  for (std::size_t i = 0; i < s.variants.size(); ++i)
    if (only.empty() || std::find(only.begin(), only.end(), s.variants[i].name) != only.end()) c.variants.push_back(i);
  for (const std::size_t vi : c.variants) {
    const SessionVariant& v = s.variants[vi];
    const std::string in_variant = vi == 0 ? "" : " (in variant '" + v.name + "')";
    if (!v.items.front().fight)
      throw InputError(v.items.front().pos, "a session starts with a fight, not a rest ('" + v.items.front().name +
                                                "' comes first" + in_variant + ")");
    std::vector<AnyEncounter> encs;
    for (const SessionItem* item : fights_of(v)) {
      const Scenario sc = fight_scenario(s, v, *item);
      try {
        encs.push_back(compile_variant(sc, sc.variants.front()));
      } catch (const InputError& e) {
        throw InputError(e.pos(), e.message() + " (in fight '" + item->name + "'" + in_variant + ")");
      }
    }
    // The system must run sessions; its rests must read; the party must be
    // the same in every fight.
    std::visit(
        [&](const auto& first) {
          using E = std::decay_t<decltype(first)>;
          if constexpr (!kHasSessions<E>) {
            throw InputError(s.ruleset_pos, "sessions are not yet supported for ruleset '" + s.ruleset +
                                                "'; they are for " + systems_with_sessions());
          } else {
            first.check_session(s.ruleset_pos);
            for (const SessionItem& it : v.items)
              if (!it.fight) E::compile_rest(it.rest, it.rest_options);
            std::vector<std::string> party;
            for (const CombatantInfo& ci : first.roster())
              if (ci.side == 0 && ci.pc) party.push_back(ci.name);
            const auto fights = fights_of(v);
            for (std::size_t k = 1; k < encs.size(); ++k) {
              std::vector<std::string> other;
              for (const CombatantInfo& ci : std::get<E>(encs[k]).roster())
                if (ci.side == 0 && ci.pc) other.push_back(ci.name);
              if (other != party)
                throw InputError(fights[k]->pos, "fight '" + fights[k]->name + "' has another party than the first "
                                                 "fight" + in_variant + "; a session carries one party through");
            }
          }
        },
        encs.front());
    c.encounters.push_back(std::move(encs));
  }
  return c;
}

std::vector<SessionRun> run_compiled(const CompiledSession& c, const RunSettings& settings) {
  return std::visit(
      [&](const auto& first) -> std::vector<SessionRun> {
        using E = std::decay_t<decltype(first)>;
        if constexpr (!kHasSessions<E>) {
          ENCSIM_CHECK(false && "compile_session lets no such system through");
          return {};
        } else {
          std::vector<SessionPlan<E>> plans;
          for (std::size_t j = 0; j < c.variants.size(); ++j) {
            const SessionVariant& v = c.session.variants[c.variants[j]];
            SessionPlan<E> plan;
            std::size_t k = 0;
            for (const SessionItem& it : v.items) {
              SessionStep<E> step;
              step.key = it.key;
              if (it.fight) step.fight = &std::get<E>(c.encounters[j][k++]);
              else step.rest = E::compile_rest(it.rest, it.rest_options);
              plan.steps.push_back(step);
            }
            plans.push_back(std::move(plan));
          }
          return run_sessions(plans, settings);
        }
      },
      c.encounters.front().front());
}

SessionReport session_report(const CompiledSession& c, std::vector<SessionRun> runs, const RunSettings& settings) {
  SessionReport out;
  const Session& s = c.session;
  const std::vector<MetricSpec> carry =
      std::visit([](const auto& e) -> std::vector<MetricSpec> {
        using E = std::decay_t<decltype(e)>;
        if constexpr (kHasSessions<E>) return E::carry_specs();
        else return {};
      }, c.encounters.front().front());
  Table& t = out.session;
  t.header = {"session", "variant", "ruleset", "trials", "seed", "fight_index", "fight", "rest_before",
              "reached_rate", "won_given_reached", "won_ci_low", "won_ci_high", "survived_rate",
              "survive_all_rate", "survive_all_ci_low", "survive_all_ci_high"};
  for (const MetricSpec& m : carry)
    for (const char* suffix : {"_in_mean", "_in_p10", "_in_p50"}) t.header.push_back(std::string(m.name) + suffix);
  t.text_columns = 3;
  std::string& text = out.terminal;
  text += "Session " + s.name + " (" + s.ruleset + "): " + std::to_string(runs.front().session.trials) +
          " sessions per variant, seed " + std::to_string(settings.seed) + "; every variant on the same dice\n" +
          "Per fight: sessions that reach it, the share of those that win it, what the party carries in (means)\n";
  if (!s.description.empty()) text += s.description + "\n";
  for (std::size_t j = 0; j < c.variants.size(); ++j) {
    const SessionVariant& v = s.variants[c.variants[j]];
    SessionRun& run = runs[j];
    const SessionTally& st = run.session;
    const Interval all = wilson(st.survived_all, st.trials);
    const auto fights = fights_of(v);
    const auto rests = rests_before(v);
    text += "\n" + v.name + (v.note.empty() ? "" : " (" + v.note + ")") + ": the party gets through every fight in " +
            percent(rate(st.survived_all, st.trials)) + " of sessions (95% " + percent(all.low) + " to " +
            percent(all.high) + ")\n";
    if (j > 0)
      text += "  against " + s.variants[c.variants[0]].name + " on the same dice: " +
              fixed(100.0 * (rate(st.only_this, st.trials) - rate(st.only_first, st.trials)), 1) +
              " points (only this one survives " + percent(rate(st.only_this, st.trials)) + ", only " +
              s.variants[c.variants[0]].name + " " + percent(rate(st.only_first, st.trials)) + ")\n";
    // What the party carries in: one right-aligned column per carried metric.
    const auto column = [](std::string cell, std::size_t width) {
      cell.insert(0, cell.size() < width ? width - cell.size() : 0, ' ');
      return cell;
    };
    std::string legend;
    for (const MetricSpec& m : carry) legend += column(std::string(m.screen), 7);
    text += "  fight                reaches  wins then" + legend + "\n";
    std::uint64_t survived = 0;
    for (std::size_t k = 0; k < fights.size(); ++k) {
      const SessionTally::Fight& f = st.fights[k];
      survived = f.won;
      const Interval won = wilson(f.won, f.reached);
      std::vector<std::string> row{s.name, v.name, s.ruleset, std::to_string(st.trials), std::to_string(settings.seed),
                                   std::to_string(k + 1), fights[k]->name, rests[k],
                                   fixed(rate(f.reached, st.trials), 6), fixed(rate(f.won, f.reached), 6),
                                   fixed(won.low, 6), fixed(won.high, 6), fixed(rate(survived, st.trials), 6),
                                   fixed(rate(st.survived_all, st.trials), 6), fixed(all.low, 6), fixed(all.high, 6)};
      std::string carried;
      for (std::size_t m = 0; m < carry.size(); ++m) {
        const IntStat& is = f.carry[m];
        row.push_back(fixed(is.mean(), 4));
        row.push_back(std::to_string(is.quantile(1, 10)));
        row.push_back(std::to_string(is.quantile(1, 2)));
        carried += column(fixed(is.mean(), 1), 7);
      }
      t.rows.push_back(std::move(row));
      if (!rests[k].empty()) text += "    (rest: " + rests[k] + ")\n";
      std::string name = std::to_string(k + 1) + " " + fights[k]->name;
      if (name.size() > 19) name = name.substr(0, 18) + "~";
      name.resize(20, ' ');
      std::string reach = percent(rate(f.reached, st.trials));
      reach.insert(0, reach.size() < 7 ? 7 - reach.size() : 0, ' ');
      std::string wins = f.reached ? percent(rate(f.won, f.reached)) : "-";
      wins.insert(0, wins.size() < 9 ? 9 - wins.size() : 0, ' ');
      text += "  " + name + reach + "  " + wins + carried + "\n";
    }
    for (std::size_t k = 0; k < fights.size(); ++k) {
      const Scenario sc = fight_scenario(s, v, *fights[k]);
      out.fights.push_back(make_result(sc, v.name, c.encounters[j][k],
                                       RunResult{std::move(run.fights[k]), false, run.seconds}, settings));
    }
  }
  return out;
}

void run_session(const SessionArgs& a) {
  const CompiledSession c = compile_session(a.path, a.variants);
  RunSettings s;
  s.seed = a.seed_given ? a.seed : c.session.seed;
  s.trials = a.trials_given ? a.trials : c.session.trials;
  s.threads = a.threads;
  if (!a.out_dir.empty()) {
    std::vector<std::string> names = report_file_names();
    names.push_back("session.csv");
    prepare_output_dir(a.out_dir, names);
  }
  SessionReport r = session_report(c, run_compiled(c, s), s);
  if (!a.out_dir.empty()) write_reports(a.out_dir, r.fights, {{"session.csv", to_csv(r.session)}});
  if (a.format == "csv") {
    std::cout << to_csv(r.session);
  } else if (a.format == "json") {
    std::cout << to_json(r.session);
  } else {
    std::cout << r.terminal;
    if (!a.out_dir.empty())
      std::cout << "wrote session.csv, summary.csv, combatants.csv, features.csv, distributions.csv to " << a.out_dir
                << " (one row per variant per fight)\n";
  }
}

}  // namespace encsim::cli
