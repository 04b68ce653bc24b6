// The report tables (docs/csv.md): summary, combatants, features,
// distributions and comparison, and their CSV and JSON text. The terminal
// views are in report_terminal.cpp, the output folder in report_files.cpp.
#include "io/report.hpp"

#include "encsim/error.hpp"
#include "io/report_shared.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

namespace encsim {
using namespace report_detail;

double rate(std::uint64_t k, std::uint64_t n) { return n == 0 ? 0.0 : static_cast<double>(k) / static_cast<double>(n); }

std::string percent(double p) { return fixed(100.0 * p, 1) + "%"; }

namespace {

// Summary columns a system adds: `<name>_mean` or `<name>_rate`, and `<name>_p90`.
std::vector<std::string> metric_columns(const MetricSpec& m) {
  std::vector<std::string> cols{std::string(m.name) + (m.rate ? "_rate" : "_mean")};
  if (m.p50) cols.push_back(std::string(m.name) + "_p50");
  if (m.p90) cols.push_back(std::string(m.name) + "_p90");
  return cols;
}

// A metric's fields: its mean (or rate), and its p90 when it has a histogram.
std::vector<std::string> metric_values(const MetricSpec& m, double mean, const IntStat* hist) {
  std::vector<std::string> vals{fixed(mean, m.rate ? 6 : 4)};
  if (m.p50) {
    ENCSIM_CHECK(hist != nullptr);
    vals.push_back(std::to_string(hist->quantile(1, 2)));
  }
  if (m.p90) {
    ENCSIM_CHECK(hist != nullptr);
    vals.push_back(std::to_string(hist->quantile(9, 10)));
  }
  return vals;
}

// The union of the system columns of every result, in order of appearance, so
// several rule systems can share one CSV (a row leaves others' columns empty).
template <class Get>
std::vector<std::string> union_columns(const std::vector<VariantResult>& results, Get specs_of) {
  std::vector<std::string> cols;
  for (const auto& r : results)
    for (const MetricSpec& m : specs_of(r))
      for (auto& c : metric_columns(m))
        if (std::find(cols.begin(), cols.end(), c) == cols.end()) cols.push_back(c);
  return cols;
}

std::string join_row(const std::vector<std::string>& fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i) line += ',';
    line += csv_field(fields[i]);
  }
  return line + "\n";
}

std::vector<std::string> key_names(const std::vector<VariantResult>& results) {
  std::vector<std::string> names;
  for (const auto& r : results)
    for (const auto& [k, v] : r.keys)
      if (std::find(names.begin(), names.end(), k) == names.end()) names.push_back(k);
  return names;
}

void add_keys(std::vector<std::string>& row, const VariantResult& r, const std::vector<std::string>& names) {
  for (const auto& name : names) {
    std::string value;
    for (const auto& [k, v] : r.keys)
      if (k == name) value = v;
    row.push_back(value);
  }
}

// Fills the system columns of a row by name; values_of(i) gives metric i's fields.
template <class Specs, class ValuesOf>
void add_metrics(std::vector<std::string>& row, const std::vector<std::string>& cols, const Specs& specs,
                 ValuesOf values_of) {
  std::vector<std::string> values(cols.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const auto names = metric_columns(specs[i]);
    const auto vals = values_of(i);
    for (std::size_t k = 0; k < names.size(); ++k) {
      const auto at = std::find(cols.begin(), cols.end(), names[k]) - cols.begin();
      values[static_cast<std::size_t>(at)] = vals[k];
    }
  }
  row.insert(row.end(), values.begin(), values.end());
}


}  // namespace

namespace {

// "-3", "+0.5", "12": a plain number, which a spreadsheet reads as a number
// whatever its sign.
bool plain_number(const std::string& s) {
  std::size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
  const std::size_t digits_from = i;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  if (i == digits_from) return false;
  if (i < s.size() && s[i] == '.') {
    const std::size_t frac_from = ++i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i == frac_from) return false;
  }
  return i == s.size();
}

}  // namespace

std::string csv_field(const std::string& raw) {
  // Spreadsheet formula injection (docs/csv.md): a text field that starts
  // with = + - @, a tab or a carriage return would be run as a formula, so it
  // gets a leading apostrophe, as spreadsheet-safe exporters do. Numbers keep
  // their sign.
  const bool formula_like = !raw.empty() && std::string_view("=+-@\t\r").find(raw[0]) != std::string_view::npos;
  const std::string s = formula_like && !plain_number(raw) ? "'" + raw : raw;
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

std::string fixed(double value, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  std::string s = buf;
  if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
  return s;
}

namespace {

// summary.csv's common columns: each a name and how a row's field is made.
struct SummaryColumn {
  const char* name;
  std::string (*value)(const VariantResult& r);
};

std::string band_style(const VariantResult& r, std::size_t end) { return r.band.empty() ? "" : r.band[end].foes; }
std::string band_rate(const VariantResult& r, std::size_t end) {
  return r.band.empty() ? "" : fixed(rate(r.band[end].party_wins, r.band[end].trials), 6);
}

const std::vector<SummaryColumn>& summary_columns() {
  using R = const VariantResult&;
  static const std::vector<SummaryColumn> kColumns = {
      {"trials", [](R r) { return std::to_string(r.tally.trials); }},
      {"seed", [](R r) { return std::to_string(r.seed); }},
      {"party_win_rate", [](R r) { return fixed(rate(r.tally.party_wins, r.tally.trials), 6); }},
      {"party_win_ci_low", [](R r) { return fixed(wilson(r.tally.party_wins, r.tally.trials).low, 6); }},
      {"party_win_ci_high", [](R r) { return fixed(wilson(r.tally.party_wins, r.tally.trials).high, 6); }},
      {"foes_win_rate", [](R r) { return fixed(rate(r.tally.foes_wins, r.tally.trials), 6); }},
      {"draw_rate", [](R r) { return fixed(rate(r.tally.draws, r.tally.trials), 6); }},
      {"rounds_mean", [](R r) { return fixed(r.tally.rounds.mean(), 4); }},
      {"rounds_p50", [](R r) { return std::to_string(r.tally.rounds.quantile(1, 2)); }},
      {"rounds_p90", [](R r) { return std::to_string(r.tally.rounds.quantile(9, 10)); }},
      {"pcs_down_mean", [](R r) { return fixed(r.tally.pcs_down.mean(), 4); }},
      {"pc_deaths_mean", [](R r) { return fixed(r.tally.pc_deaths.mean(), 4); }},
      {"party_wipe_rate", [](R r) { return fixed(rate(r.tally.party_wipes, r.tally.trials), 6); }},
      {"foes_fled_rate", [](R r) { return fixed(rate(r.tally.foes_fled, r.tally.trials), 6); }},
      {"damage_to_party_mean", [](R r) { return fixed(r.tally.damage_to_party.mean(), 4); }},
      {"damage_to_party_sd", [](R r) { return fixed(r.tally.damage_to_party.stddev(), 4); }},
      {"damage_to_party_p10", [](R r) { return std::to_string(r.tally.damage_to_party.quantile(1, 10)); }},
      {"damage_to_party_p90", [](R r) { return std::to_string(r.tally.damage_to_party.quantile(9, 10)); }},
      {"win_with_pc_down_rate", [](R r) { return fixed(rate(r.tally.wins_with_pc_down, r.tally.trials), 6); }},
      {"win_rounds_mean", [](R r) { return fixed(per_fight(r.tally.win_rounds, r.tally.party_wins), 4); }},
      {"win_damage_to_party_mean", [](R r) { return fixed(per_fight(r.tally.win_damage_to_party, r.tally.party_wins), 4); }},
      {"loss_rounds_mean",
       [](R r) { return fixed(per_fight(r.tally.rounds.exact_sum() - r.tally.win_rounds, losses(r.tally)), 4); }},
      {"loss_damage_to_party_mean",
       [](R r) {
         return fixed(per_fight(r.tally.damage_to_party.exact_sum() - r.tally.win_damage_to_party, losses(r.tally)), 4);
       }},
      {"style_foes", [](R r) { return r.style_foes; }},
      {"style_party", [](R r) { return r.style_party; }},
      {"band_kindest_foes", [](R r) { return band_style(r, 0); }},
      {"band_kindest_win_rate", [](R r) { return band_rate(r, 0); }},
      {"band_harshest_foes", [](R r) { return band_style(r, 1); }},
      {"band_harshest_win_rate", [](R r) { return band_rate(r, 1); }},
      {"fight_worst_loss", [](R r) { return pick_text(r, Picks::worst_loss); }},
      {"fight_typical_loss", [](R r) { return pick_text(r, Picks::typical_loss); }},
      {"fight_typical_win", [](R r) { return pick_text(r, Picks::typical_win); }},
      {"fight_narrow_win", [](R r) { return pick_text(r, Picks::narrow_win); }},
      {"fight_best_win", [](R r) { return pick_text(r, Picks::best_win); }},
  };
  return kColumns;
}

}  // namespace

const std::vector<std::string>& summary_common_columns() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> names;
    for (const SummaryColumn& c : summary_columns()) names.emplace_back(c.name);
    return names;
  }();
  return kNames;
}

Table summary_table(const std::vector<VariantResult>& results) {
  const auto keys = key_names(results);
  const auto sys = union_columns(results, [](const VariantResult& r) { return r.resources; });
  std::vector<std::string> header{"scenario", "variant", "ruleset"};
  header.insert(header.end(), keys.begin(), keys.end());
  const auto& common = summary_common_columns();
  header.insert(header.end(), common.begin(), common.end());
  header.insert(header.end(), sys.begin(), sys.end());
  std::vector<std::string> facts;
  for (const auto& r : results)
    for (const auto& [k, v] : r.facts)
      if (std::find(facts.begin(), facts.end(), k) == facts.end()) facts.push_back(k);
  header.insert(header.end(), facts.begin(), facts.end());
  Table out{header, {}, 3 + keys.size()};
  for (const auto& r : results) {
    const Tally& t = r.tally;
    std::vector<std::string> row{r.scenario, r.variant, r.ruleset};
    add_keys(row, r, keys);
    for (const SummaryColumn& c : summary_columns()) row.push_back(c.value(r));
    add_metrics(row, sys, r.resources,
                [&](std::size_t i) { return metric_values(r.resources[i], t.resources[i].mean(), &t.resources[i]); });
    for (const auto& name : facts) {
      std::string value;
      for (const auto& [k, v] : r.facts)
        if (k == name) value = v;
      row.push_back(value);
    }
    out.rows.push_back(std::move(row));
  }
  return out;
}

Table combatants_table(const std::vector<VariantResult>& results) {
  const auto keys = key_names(results);
  const auto sys = union_columns(results, [](const VariantResult& r) { return r.extras; });
  std::vector<std::string> header{"scenario", "variant"};
  header.insert(header.end(), keys.begin(), keys.end());
  const std::size_t text_columns = header.size() + 2;
  for (const char* c : {"side", "combatant", "actions_mean", "attacks_mean", "hit_rate", "crit_rate",
                        "area_attacks_mean", "area_hit_rate", "damage_dealt_mean", "damage_dealt_p90",
                        "damage_taken_mean", "down_rate", "death_rate", "near_death_rate", "hp_left_mean",
                        "hp_max_mean"})
    header.emplace_back(c);
  header.insert(header.end(), sys.begin(), sys.end());
  Table out{header, {}, text_columns};
  for (const auto& r : results) {
    for (std::size_t i = 0; i < r.combatants.size(); ++i) {
      const CombatantTally& c = r.tally.combatants[i];
      const std::uint64_t n = r.tally.trials;
      std::vector<std::string> row{r.scenario, r.variant};
      add_keys(row, r, keys);
      for (const std::string& v :
           {std::string(r.combatants[i].side == 0 ? "party" : "foes"), r.combatants[i].name,
            fixed(per_fight(c.actions, n), 4), fixed(per_fight(c.attacks, n), 4),
            c.attacks ? fixed(rate(c.hits, c.attacks), 6) : "", c.attacks ? fixed(rate(c.crits, c.attacks), 6) : "",
            fixed(per_fight(c.area_attacks, n), 4), c.area_attacks ? fixed(rate(c.area_hits, c.area_attacks), 6) : "",
            fixed(c.damage_dealt.mean(), 4),
            std::to_string(c.damage_dealt.quantile(9, 10)), fixed(per_fight(c.damage_taken, n), 4),
            fixed(rate(c.downs, n), 6), fixed(rate(c.deaths, n), 6), fixed(rate(c.near_deaths, n), 6),
            fixed(per_fight(c.hp_left, n), 4), fixed(per_fight(c.hp_max, n), 4)})
        row.push_back(v);
      add_metrics(row, sys, r.extras,
                  [&](std::size_t e) { return metric_values(r.extras[e], per_fight(c.extra[e], n), nullptr); });
      out.rows.push_back(std::move(row));
    }
  }
  return out;
}

Table features_table(const std::vector<VariantResult>& results) {
  const auto keys = key_names(results);
  std::vector<std::string> header{"scenario", "variant"};
  header.insert(header.end(), keys.begin(), keys.end());
  const std::size_t text_columns = header.size() + 3;
  for (const char* c : {"side", "combatant", "feature", "uses_mean", "used_rate", "damage_mean", "damage_per_use",
                        "healed_mean", "conditions_mean", "spent_mean", "spent_unit"})
    header.emplace_back(c);
  Table out{header, {}, text_columns};
  for (const auto& r : results)
    for (std::size_t i = 0; i < r.features.size(); ++i) {
      const FeatureInfo& f = r.features[i];
      const FeatureTally& t = r.tally.features[i];
      const CombatantInfo& owner = r.combatants[static_cast<std::size_t>(f.owner)];
      const std::uint64_t n = r.tally.trials;
      std::vector<std::string> row{r.scenario, r.variant};
      add_keys(row, r, keys);
      for (const std::string& v :
           {std::string(owner.side == 0 ? "party" : "foes"), owner.name, f.name, fixed(per_fight(t.uses, n), 4),
            fixed(rate(t.fights, n), 6), fixed(per_fight(t.damage, n), 4),
            t.uses ? fixed(per_fight(t.damage, t.uses), 4) : "", fixed(per_fight(t.healed, n), 4),
            fixed(per_fight(t.conditions, n), 4), f.spent.empty() ? "" : fixed(per_fight(t.spent, n), 4), f.spent})
        row.push_back(v);
      out.rows.push_back(std::move(row));
    }
  return out;
}

Table distributions_table(const std::vector<VariantResult>& results) {
  const auto keys = key_names(results);
  std::vector<std::string> header{"scenario", "variant"};
  header.insert(header.end(), keys.begin(), keys.end());
  for (const char* c : {"metric", "value", "count", "frequency"}) header.emplace_back(c);
  Table out{header, {}, header.size() - 3};
  for (const auto& r : results) {
    const Tally& t = r.tally;
    std::vector<std::pair<std::string, const IntStat*>> metrics{{"rounds", &t.rounds},
                                                                {"pcs_down", &t.pcs_down},
                                                                {"pc_deaths", &t.pc_deaths},
                                                                {"damage_to_party", &t.damage_to_party},
                                                                {"damage_to_foes", &t.damage_to_foes}};
    for (std::size_t i = 0; i < r.resources.size(); ++i)
      if (r.resources[i].distribution) metrics.emplace_back(std::string(r.resources[i].name), &t.resources[i]);
    for (const auto& [name, stat] : metrics) {
      const auto& counts = stat->counts();
      for (std::size_t v = 0; v < counts.size(); ++v) {
        if (counts[v] == 0) continue;
        std::vector<std::string> row{r.scenario, r.variant};
        add_keys(row, r, keys);
        row.push_back(name);
        row.push_back(std::to_string(IntStat::bin_low(v)));  // a bin's lower edge from IntStat::kExact on
        row.push_back(std::to_string(counts[v]));
        row.push_back(fixed(rate(counts[v], t.trials), 6));
        out.rows.push_back(std::move(row));
      }
    }
  }
  return out;
}

Table comparison_table(const std::vector<VariantResult>& results) {
  const auto keys = key_names(results);
  std::vector<std::string> header{"scenario", "variant", "baseline"};
  header.insert(header.end(), keys.begin(), keys.end());
  const std::size_t text_columns = header.size();
  for (const char* c : {"trials", "party_win_rate", "baseline_win_rate", "win_rate_diff", "win_rate_diff_ci_low",
                        "win_rate_diff_ci_high"})
    header.emplace_back(c);
  for (const PairedCost& c : kPairedCosts)
    for (const char* suffix : {"_diff", "_diff_ci_low", "_diff_ci_high"}) header.push_back(c.column + std::string(suffix));
  Table out{header, {}, text_columns};
  for (const auto& r : results) {
    if (r.paired_with.empty()) continue;
    const PairedTally& p = r.paired;
    const Interval ci = p.win_difference_ci();
    std::vector<std::string> row{r.scenario, r.variant, r.paired_with};
    add_keys(row, r, keys);
    for (const std::string& v : {std::to_string(p.n), fixed(p.second_win_rate(), 6), fixed(p.first_win_rate(), 6),
                                 fixed(p.win_difference(), 6), fixed(ci.low, 6), fixed(ci.high, 6)})
      row.push_back(v);
    for (const PairedCost& c : kPairedCosts) {
      const PairedDiff& d = p.*(c.diff);
      const Interval dci = d.ci();
      for (double v : {d.mean(), dci.low, dci.high}) row.push_back(fixed(v, 4));
    }
    out.rows.push_back(std::move(row));
  }
  return out;
}

std::string to_csv(const Table& t) {
  std::string out = join_row(t.header);
  for (const auto& row : t.rows) out += join_row(row);
  return out;
}

std::string to_json(const Table& t) {
  // Numeric columns stay numbers (their fields come from fixed() and
  // to_string(), so they are valid JSON numbers); text columns are strings.
  auto quote = [](const std::string& v) {
    std::string out = "\"";
    for (char c : v) {
      if (c == '"' || c == '\\') out += '\\';
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
        continue;
      }
      out += c;
    }
    return out + '"';
  };
  std::string out = "[\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    out += "  {";
    for (std::size_t c = 0; c < t.header.size(); ++c) {
      const std::string& v = t.rows[r][c];
      // Past the leading text columns a field is a number, or text (a style
      // name, a fact) that JSON must quote.
      const bool text = c < t.text_columns || !plain_number(v);
      out += (c ? ", " : "") + quote(t.header[c]) + ": " + (v.empty() ? "null" : text ? quote(v) : v);
    }
    out += r + 1 < t.rows.size() ? "},\n" : "}\n";
  }
  return out + "]\n";
}

}  // namespace encsim
