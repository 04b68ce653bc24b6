#include "cli/session.hpp"

#include <algorithm>
#include <cctype>
#include <iostream>

#include "cli/cli.hpp"

namespace encsim::cli {
namespace {

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

Param resolve_session_param(const Session& s, const std::string& path, const SourcePos& pos,
                            const SourcePos& value_pos, bool numeric) {
  const SessionTarget t = session_target(s.variants.front(), path, pos);
  if (t.item->fight) return resolve_param_in(t.item->doc, path, t.sub, pos, value_pos, numeric);
  Param param{path, pos, value_pos, true, std::nullopt, "", {}};
  if (t.sub == "rest") {
    if (numeric) throw InputError(pos, "'" + path + "' is a rest's kind, a word, not a number");
    return param;
  }
  if (t.sub.rfind("options.", 0) != 0 || t.sub.size() <= 8)
    throw InputError(pos, "a rest has `rest` and `options.KEY` to set, not '" + t.sub + "'");
  const Node* written = t.item->rest_options.is_map() ? t.item->rest_options.find(t.sub.substr(8)) : nullptr;
  if (written && numeric) {
    bool whole = false;
    const auto value = written->is_scalar() ? parse_number(written->text(), whole) : std::nullopt;
    if (!value) throw InputError(pos, "'" + path + "' is not a number in the session");
    param.integer = whole;
    param.current = *value;
  }
  return param;
}

ParamResolver session_resolver(const Session& s) {
  return [&s](const std::string& path, const SourcePos& pos, const SourcePos& value_pos, bool numeric) {
    return resolve_session_param(s, path, pos, value_pos, numeric);
  };
}

std::vector<Edit> setting_edits(const Setting& setting) {
  std::vector<Edit> edits;
  for (const auto& [param, value] : setting)
    edits.push_back({param->path, Node::scalar(param->text(value), param->value_pos), param->pos});
  return edits;
}

CompiledSession compile_session(const std::string& path, const std::vector<std::string>& only,
                                const std::vector<Edit>& edits) {
  CompiledSession c = compile_session(load_session(path, ruleset_ids(), edits), only);
  // A variant's own `set:` of a path wins over the edit, which would then not reach it.
  const auto lower = [](std::string t) {
    for (char& ch : t) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return t;
  };
  for (const Edit& e : edits)
    for (const std::size_t vi : c.variants)
      for (const std::string& p : c.session.variants[vi].set_paths)
        if (lower(p) == lower(e.path))
          throw InputError(e.where, "variant '" + c.session.variants[vi].name + "' sets '" + e.path +
                                        "' itself, so this value would not reach it; leave it out with --variant");
  return c;
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
    // Its rests must read, and the party must be the same in every fight.
    std::visit(
        [&](const auto& first) {
          using E = std::decay_t<decltype(first)>;
          first.check_session(s.ruleset_pos);
          for (const SessionItem& it : v.items)
            if (!it.fight) {
              const auto plan = E::compile_rest(it.rest, it.rest_options);
              if constexpr (requires { first.check_rest(plan, it.pos); }) first.check_rest(plan, it.pos);  // a move the party can't make
            }
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
      },
      c.encounters.front().front());
}

SessionReport session_report(const CompiledSession& c, std::vector<SessionRun> runs, const RunSettings& settings,
                             const std::vector<std::pair<std::string, std::string>>& keys) {
  SessionReport out;
  const Session& s = c.session;
  const std::vector<MetricSpec> carry =
      std::visit([](const auto& e) -> std::vector<MetricSpec> {
        using E = std::decay_t<decltype(e)>;
        return E::carry_specs();
      }, c.encounters.front().front());
  Table& t = out.session;
  for (const auto& [path, value] : keys) t.header.push_back(path);
  const std::vector<std::string> fixed_header = {"session", "variant", "ruleset", "trials", "seed", "fight_index", "fight", "rest_before",
              "reached_rate", "won_given_reached", "won_ci_low", "won_ci_high", "survived_rate",
              "survive_all_rate", "survive_all_ci_low", "survive_all_ci_high"};
  t.header.insert(t.header.end(), fixed_header.begin(), fixed_header.end());
  for (const MetricSpec& m : carry)
    for (const char* suffix : {"_in_mean", "_in_p10", "_in_p50"}) t.header.push_back(std::string(m.name) + suffix);
  t.text_columns = keys.size() + 3;
  std::string& text = out.terminal;
  text += "Session " + s.name + " (" + s.ruleset + "): " + std::to_string(runs.front().session.trials) +
          " sessions per variant, seed " + std::to_string(settings.seed) + ", on the same dice\n" +
          "Per fight: sessions that reach it, the share of those that win it, what the party carries in (means)\n";
  if (settings.precision > 0) {
    bool reached = true;
    for (const SessionRun& r : runs) {
      const Interval ci = wilson(r.session.survived_all, r.session.trials);
      reached = reached && (ci.high - ci.low) / 2 <= settings.precision;
    }
    text += "Run until every variant's survive-all 95% interval is at most +/-" + percent(settings.precision) + ": " +
            (reached ? "reached" : "not reached within the cap of " + std::to_string(settings.trials) + " sessions") +
            "\n";
  }
  if (!s.description.empty()) text += s.description + "\n";
  for (const auto& [path, value] : keys) text += "with " + path + " = " + value + "\n";
  out.intro.push_back(std::to_string(runs.front().session.trials) + " sessions per variant (" + s.ruleset + "), seed " +
                      std::to_string(settings.seed) + "; every variant on the same dice, fight by fight and rest by rest");
  for (const auto& [path, value] : keys) out.intro.push_back("with " + path + " = " + value);
  HtmlChart curve;
  curve.title = "Survival across the session: the share of sessions still going after each fight, with its 95% interval";
  curve.x_label = "fights won (in the variant's order)";
  curve.y_label = "share of sessions";
  HtmlChart won_chart;
  won_chart.kind = HtmlChart::Kind::intervals;
  won_chart.title = "Each fight's win rate given the party reached it, with its 95% interval";
  won_chart.x_label = "variant: fight";
  won_chart.y_label = "wins given reached";
  HtmlChart::Series won_series{"won given reached", {}, {}, {}, {}};
  std::vector<HtmlChart> carried_charts(carry.size());
  for (std::size_t m = 0; m < carry.size(); ++m) {
    carried_charts[m].title = "What the party carries into each fight: " + std::string(carry[m].name) + " (" +
                              std::string(carry[m].description) + "), the mean over the sessions that reach it";
    carried_charts[m].x_label = "fight (in the variant's order)";
    carried_charts[m].y_label = std::string(carry[m].name);
    carried_charts[m].percent = false;
  }
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
    HtmlChart::Series still{v.name, {0.0}, {1.0}, {1.0}, {1.0}};
    std::vector<HtmlChart::Series> carried_series(carry.size(), HtmlChart::Series{v.name, {}, {}, {}, {}});
    for (std::size_t k = 0; k < fights.size(); ++k) {
      const SessionTally::Fight& f = st.fights[k];
      survived = f.won;
      const Interval won = wilson(f.won, f.reached);
      const Interval going = wilson(survived, st.trials);
      still.x.push_back(static_cast<double>(k + 1));
      still.y.push_back(rate(survived, st.trials));
      still.low.push_back(going.low);
      still.high.push_back(going.high);
      won_chart.x_names.push_back(v.name + ": " + std::to_string(k + 1) + " " + fights[k]->name);
      won_series.x.push_back(static_cast<double>(won_series.x.size()));
      won_series.y.push_back(rate(f.won, f.reached));
      won_series.low.push_back(won.low);
      won_series.high.push_back(won.high);
      for (std::size_t m = 0; m < carry.size(); ++m) {
        carried_series[m].x.push_back(static_cast<double>(k + 1));
        carried_series[m].y.push_back(f.carry[m].mean());
      }
      std::vector<std::string> row;
      for (const auto& kv : keys) row.push_back(kv.second);
      row.insert(row.end(), {s.name, v.name, s.ruleset, std::to_string(st.trials), std::to_string(settings.seed),
                             std::to_string(k + 1), fights[k]->name, rests[k], fixed(rate(f.reached, st.trials), 6),
                             fixed(rate(f.won, f.reached), 6), fixed(won.low, 6), fixed(won.high, 6),
                             fixed(rate(survived, st.trials), 6), fixed(rate(st.survived_all, st.trials), 6),
                             fixed(all.low, 6), fixed(all.high, 6)});
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
    curve.series.push_back(std::move(still));
    for (std::size_t m = 0; m < carry.size(); ++m) carried_charts[m].series.push_back(std::move(carried_series[m]));
    for (std::size_t k = 0; k < fights.size(); ++k) {
      const Scenario sc = fight_scenario(s, v, *fights[k]);
      out.fights.push_back(make_result(sc, v.name, c.encounters[j][k],
                                       RunResult{std::move(run.fights[k]), false, run.seconds}, settings));
      out.fights.back().keys = keys;
    }
  }
  won_chart.series.push_back(std::move(won_series));
  out.charts.push_back(std::move(curve));
  out.charts.push_back(std::move(won_chart));
  for (HtmlChart& ch : carried_charts) out.charts.push_back(std::move(ch));
  return out;
}

SessionSets session_sets(const std::string& path, const std::vector<std::string>& sets) {
  // Each path resolved against the session as written, one value.
  SessionSets out;
  if (sets.empty()) return out;
  const Session written = load_session(path, ruleset_ids());
  for (const std::string& text : sets) {
    const ParamValues pv = parse_value_list(session_resolver(written), "--set", text);
    if (pv.values.size() != 1)
      throw InputError(pv.param.value_pos, "--set takes one value here; to compare several, use `encsim sweep --set " +
                                               text + "`");
    for (const auto& k : out.keys)
      if (k.first == pv.param.path) throw InputError(pv.param.pos, "'" + pv.param.path + "' is set twice");
    const std::string value = pv.param.text(pv.values[0]);
    out.edits.push_back({pv.param.path, Node::scalar(value, pv.param.value_pos), pv.param.pos});
    out.keys.emplace_back(pv.param.path, value);
  }
  return out;
}

std::vector<std::string> session_file_names() {
  std::vector<std::string> names = report_file_names();
  names.push_back("session.csv");
  return names;
}

std::string session_page(const Session& s, const SessionReport& r) {
  HtmlPage page;
  page.command = "session";
  page.title = "encsim run: session " + s.name;
  page.intro = r.intro;
  if (!s.description.empty()) page.intro.push_back(s.description);
  page.results = &r.fights;
  page.verdicts = false;  // a row per fight per variant: the charts and the tables say it
  page.charts = r.charts;
  page.tables.push_back({"The session fight by fight", "session.csv", r.session});
  return html_report(page);
}

void render_session(const Session& s, const SessionReport& r, const std::string& out_dir, const std::string& format) {
  if (!out_dir.empty())
    write_reports(out_dir, r.fights, {{"session.csv", to_csv(r.session)}, {"report.html", session_page(s, r)}});
  if (format == "csv") {
    std::cout << to_csv(r.session);
  } else if (format == "json") {
    std::cout << to_json(r.session);
  } else {
    std::cout << r.terminal;
    if (!out_dir.empty())
      std::cout << "wrote session.csv, summary.csv, combatants.csv, features.csv, distributions.csv, report.html to "
                << out_dir
                << " (one row per variant per fight)\n";
  }
}

void run_session(const SessionArgs& a) {
  const SessionSets sets = session_sets(a.path, a.sets);
  const CompiledSession c = compile_session(a.path, a.variants, sets.edits);
  RunSettings s;
  s.seed = a.seed_given ? a.seed : c.session.seed;
  s.precision = a.precision;
  s.trials = a.trials_given ? a.trials : (a.precision > 0 ? 1'000'000'000ULL : c.session.trials);
  s.threads = a.threads;
  if (a.shard.on()) {
    run_session_shard(a, c, s, sets.keys);
    return;
  }
  if (!a.out_dir.empty()) prepare_output_dir(a.out_dir, session_file_names());
  render_session(c.session, session_report(c, run_compiled(c, s), s, sets.keys), a.out_dir, a.format);
}

}  // namespace encsim::cli
