#include "io/report.hpp"

#include "encsim/error.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cmath>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace encsim {
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

double per_fight(unsigned __int128 sum, std::uint64_t trials) {
  if (trials == 0) return 0.0;
  if (sum <= UINT64_MAX) return static_cast<double>(static_cast<std::uint64_t>(sum)) / static_cast<double>(trials);
  return static_cast<double>(static_cast<long double>(sum) / static_cast<long double>(trials));
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


// `s` cut or padded to `width` characters (UTF-8 code points, so "Kordé"
// lines up), for the terminal table.
std::string fit(const std::string& s, std::size_t width) {
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t len = 1;
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0xF0) len = 4;
    else if (c >= 0xE0) len = 3;
    else if (c >= 0xC0) len = 2;
    if (chars == width) break;
    out.append(s, i, len);
    ++chars;
    i += len;
  }
  return out + std::string(width - chars, ' ');
}

// "+1.50" for a change that rounds to something above zero.
std::string signed_fixed(double value, int decimals) {
  const std::string s = fixed(value, decimals);
  return s.find_first_not_of("-0.") != std::string::npos && value > 0 ? "+" + s : s;
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

// A fight worth seeing: its trial number, empty when the run had none of that kind.
std::string pick_text(const VariantResult& r, int kind) {
  const std::uint64_t t = r.tally.picks.pick(kind);
  return t == Picks::kNone ? std::string() : std::to_string(t);
}

// Fights the party did not win (lost or drawn).
std::uint64_t losses(const Tally& t) { return t.trials - t.party_wins; }

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

namespace {

// The paired differences a comparison reports besides the win rate.
struct PairedCost {
  const char* column;
  const char* label;
  const PairedDiff PairedTally::*diff;
  bool on_screen;  // in the default view's comparison (all are under --detail and in comparison.csv)
};
constexpr PairedCost kPairedCosts[] = {
    {"rounds", "rounds", &PairedTally::rounds, true},
    {"pcs_down", "PCs down", &PairedTally::pcs_down, false},
    {"pc_deaths", "PC deaths", &PairedTally::pc_deaths, false},
    {"damage_to_party", "dmg to party", &PairedTally::damage_to_party, true},
};

}  // namespace

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

namespace {

// The per-combatant table: attacks and hit% of single-target attacks, then,
// when anyone made one, the targets of area attacks and the share struck
// (docs/csv.md, "How attacks are counted"); damage in the system's unit.
void combatant_rows(std::ostream& os, const VariantResult& r) {
  const Tally& t = r.tally;
  bool area = false;
  for (const CombatantTally& c : t.combatants) area |= c.area_attacks > 0;
  auto hit_percent = [](std::uint64_t hits, std::uint64_t attacks) {
    return attacks ? fixed(100.0 * rate(hits, attacks), 1) : std::string("-");
  };
  char line[256];
  std::snprintf(line, sizeof line, "  %-22s %6s %8s %6s%s %9s %9s %7s%s\n", "combatant", "side", "attacks", "hit%",
                area ? "     area  area%" : "", "dmg dealt", "dmg taken", "down%",
                r.damage_unit == "HP" ? "" : ("  in " + r.damage_unit).c_str());
  os << line;
  for (std::size_t i = 0; i < r.combatants.size(); ++i) {
    const CombatantTally& c = t.combatants[i];
    char area_cells[32] = "";
    if (area)
      std::snprintf(area_cells, sizeof area_cells, " %8s %6s", fixed(per_fight(c.area_attacks, t.trials), 2).c_str(),
                    hit_percent(c.area_hits, c.area_attacks).c_str());
    std::snprintf(line, sizeof line, "  %s %6s %8s %6s%s %9s %9s %7s\n", fit(r.combatants[i].name, 22).c_str(),
                  r.combatants[i].side == 0 ? "party" : "foes", fixed(per_fight(c.attacks, t.trials), 2).c_str(),
                  hit_percent(c.hits, c.attacks).c_str(), area_cells, fixed(c.damage_dealt.mean(), 2).c_str(),
                  fixed(per_fight(c.damage_taken, t.trials), 2).c_str(), fixed(100.0 * rate(c.downs, t.trials), 1).c_str());
    os << line;
  }
}

// The per-feature section of the detail view (issue 13): what each combatant
// used, per fight; the features nobody used on one line.
void feature_section(std::ostringstream& os, const VariantResult& r) {
  if (r.features.empty()) return;
  const Tally& t = r.tally;
  char line[256];
  std::snprintf(line, sizeof line, "  %-30s %7s %6s %8s  %s\n", "feature (per fight)", "uses", "used%", "damage",
                "other");
  os << line;
  std::string unused;
  for (std::size_t i = 0; i < r.features.size(); ++i) {
    const FeatureInfo& f = r.features[i];
    const FeatureTally& c = t.features[i];
    const std::string who = r.combatants[static_cast<std::size_t>(f.owner)].name + ": " + f.name;
    if (c.uses == 0) {
      unused += (unused.empty() ? "" : ", ") + who;
      continue;
    }
    std::string other;
    const auto add = [&](unsigned __int128 sum, const std::string& what) {
      if (sum != 0) other += (other.empty() ? "" : ", ") + fixed(per_fight(sum, t.trials), 2) + " " + what;
    };
    add(c.healed, "healed");
    add(c.conditions, "conditions");
    add(c.spent, f.spent);
    std::snprintf(line, sizeof line, "  %s %7s %6s %8s  %s\n", fit(who, 30).c_str(),
                  fixed(per_fight(c.uses, t.trials), 2).c_str(), fixed(100.0 * rate(c.fights, t.trials), 1).c_str(),
                  fixed(per_fight(c.damage, t.trials), 2).c_str(), other.c_str());
    os << line;
  }
  if (!unused.empty()) os << "  never used: " << unused << "\n";
}

// The default view's width: prose is wrapped to it.
constexpr std::size_t kScreenColumns = 100;

// Columns a string takes: UTF-8 code points.
std::size_t columns(const std::string& s) {
  std::size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

// `text` word-wrapped to kScreenColumns: indented by two spaces, its
// continuation lines by four. A word longer than a line stays whole.
void put_wrapped(std::ostream& os, const std::string& text) {
  std::string line = "  ";
  bool first_word = true;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    const std::string word = text.substr(at, end - at);
    at = end + 1;
    if (word.empty()) continue;
    if (!first_word && columns(line) + 1 + columns(word) > kScreenColumns) {
      os << line << "\n";
      line = "    ";
      first_word = true;
    }
    line += (first_word ? "" : " ") + word;
    first_word = false;
  }
  os << line << "\n";
}

// A system's headline template with its `{metric}`, `{metric:p50}` and
// `{metric:p90}` filled in from the tally (ScreenSpec).
std::string expand_headline(const std::string& tpl, const VariantResult& r) {
  std::string out;
  std::size_t at = 0;
  while (at < tpl.size()) {
    const std::size_t open = tpl.find('{', at);
    if (open == std::string::npos) break;
    const std::size_t close = tpl.find('}', open);
    ENCSIM_CHECK(close != std::string::npos);
    out += tpl.substr(at, open - at);
    std::string name = tpl.substr(open + 1, close - open - 1), quantile;
    if (const auto colon = name.find(':'); colon != std::string::npos) {
      quantile = name.substr(colon + 1);
      name.resize(colon);
    }
    std::size_t i = 0;
    while (i < r.resources.size() && r.resources[i].name != name) ++i;
    ENCSIM_CHECK(i < r.resources.size());  // a system's template names its own metrics
    const IntStat& stat = r.tally.resources[i];
    if (quantile.empty()) out += r.resources[i].rate ? percent(stat.mean()) : fixed(stat.mean(), 1);
    else out += std::to_string(stat.quantile(quantile == "p50" ? 1 : 9, quantile == "p50" ? 2 : 10));
    at = close + 1;
  }
  return out + tpl.substr(std::min(at, tpl.size()));
}

// "2.5/6" or "2.5/6.3": a mean left over a mean maximum.
std::string left_of(double left, double max) {
  return fixed(left, 1) + "/" + fixed(max, std::abs(max - std::round(max)) < 0.05 ? 0 : 1);
}

// Won against lost fights: how long they last and what they cost the party.
std::string won_lost_line(const VariantResult& r) {
  const Tally& t = r.tally;
  const std::uint64_t wins = t.party_wins, losses = t.trials - t.party_wins;
  const auto mean = [](unsigned __int128 sum, std::uint64_t n) { return fixed(per_fight(sum, n), 1); };
  std::string line = "Won fights: ";
  line += wins == 0 ? std::string("none")
                    : mean(t.win_rounds, wins) + " rounds, the party loses " + mean(t.win_damage_to_party, wins) + " " + r.damage_unit;
  line += ". Lost fights: ";
  line += losses == 0 ? std::string("none")
                      : mean(t.rounds.exact_sum() - t.win_rounds, losses) + " rounds, the party loses " +
                            mean(t.damage_to_party.exact_sum() - t.win_damage_to_party, losses) + " " + r.damage_unit;
  return line + ".";
}

// One line per PC: how often it ends down, dead or near death, and what it
// has left at the end on average (HP and the system's `screen` extras).
void put_pc_lines(std::ostream& os, const VariantResult& r) {
  const Tally& t = r.tally;
  std::vector<std::size_t> shown;
  for (std::size_t e = 0; e < r.extras.size(); ++e)
    if (!r.extras[e].screen.empty()) shown.push_back(e);
  std::string head = "  " + fit("PC", 18) + "   down   dead  near death   HP left";
  for (std::size_t e : shown) head += "  " + std::string(std::max<std::size_t>(9, r.extras[e].screen.size()) - r.extras[e].screen.size(), ' ') + std::string(r.extras[e].screen);
  bool any = false;
  char cell[64];
  for (std::size_t i = 0; i < r.combatants.size(); ++i) {
    if (!r.combatants[i].pc) continue;
    if (!any) os << head << "\n";
    any = true;
    const CombatantTally& c = t.combatants[i];
    std::snprintf(cell, sizeof cell, " %6s %6s %11s %9s", percent(rate(c.downs, t.trials)).c_str(),
                  percent(rate(c.deaths, t.trials)).c_str(), percent(rate(c.near_deaths, t.trials)).c_str(),
                  left_of(per_fight(c.hp_left, t.trials), per_fight(c.hp_max, t.trials)).c_str());
    std::string line = "  " + fit(r.combatants[i].name, 18) + cell;
    for (std::size_t e : shown) {
      std::snprintf(cell, sizeof cell, "  %*s", static_cast<int>(std::max<std::size_t>(9, r.extras[e].screen.size())),
                    fixed(per_fight(c.extra[e], t.trials), 1).c_str());
      line += cell;
    }
    os << line << "\n";
  }
}

}  // namespace

std::string terminal_report(const std::vector<VariantResult>& variants, bool detail) {
  std::ostringstream os;
  for (const auto& r : variants) {
    const Tally& t = r.tally;
    const Interval ci = wilson(t.party_wins, t.trials);
    const auto& down0 = t.pcs_down.counts();
    const auto& dead0 = t.pc_deaths.counts();
    const double any_down = 1.0 - rate(down0.empty() ? 0 : down0[0], t.trials);
    const double any_dead = 1.0 - rate(dead0.empty() ? 0 : dead0[0], t.trials);
    os << r.scenario;
    if (variants.size() > 1 || r.variant != "base") os << " [" << r.variant << "]";
    os << " (" << r.ruleset << ")\n";
    // What the scenario says it is, once above its first row; a variant's note under it.
    if (&r == &variants.front() && !r.description.empty()) put_wrapped(os, r.description);
    if (!r.variant_note.empty()) put_wrapped(os, "Note: " + r.variant_note);
    // Values written in by `run --set`: the scenario file does not say them.
    if (!r.keys.empty()) {
      std::string set = "Set on the command line:";
      for (std::size_t k = 0; k < r.keys.size(); ++k)
        set += (k ? ", " : " ") + r.keys[k].first + " = " + r.keys[k].second;
      put_wrapped(os, set);
    }
    for (const std::string& line : r.behaviour) put_wrapped(os, line);
    std::ostringstream verdict;
    verdict << "The party wins " << percent(rate(t.party_wins, t.trials)) << " of fights (95% CI " << percent(ci.low)
       << " to " << percent(ci.high);
    // The band: the same dice against the harshest and the kindest foes.
    if (r.band.size() == 2)
      verdict << "; " << percent(rate(r.band[1].party_wins, r.band[1].trials)) << " against " << r.band[1].foes
         << " foes, " << percent(rate(r.band[0].party_wins, r.band[0].trials)) << " against " << r.band[0].foes
         << " ones";
    verdict << "). A PC goes down in " << percent(any_down) << " of fights and dies in "
       << percent(any_dead) << ". Fights last " << fixed(t.rounds.mean(), 1) << " rounds on average (median "
       << t.rounds.quantile(1, 2) << ", 9 in 10 within " << t.rounds.quantile(9, 10) << ").";
    put_wrapped(os, verdict.str());
    if (!r.note.empty()) put_wrapped(os, r.note);
    if (!r.coverage.empty()) put_wrapped(os, "Coverage: " + r.coverage + ".");
    for (const std::string& line : r.headline) put_wrapped(os, expand_headline(line, r) + ".");
    std::ostringstream swing;
    swing << "Swing: the party loses " << fixed(t.damage_to_party.mean(), 1) << " " << r.damage_unit << " per fight (sd "
       << fixed(t.damage_to_party.stddev(), 1) << "; 1 in 10 fights " << t.damage_to_party.quantile(1, 10)
       << " or less, 1 in 10 more than " << t.damage_to_party.quantile(9, 10) << "); "
       << percent(rate(t.wins_with_pc_down, t.trials)) << " of fights are wins with a PC down.";
    put_wrapped(os, swing.str());
    put_wrapped(os, won_lost_line(r));
    put_pc_lines(os, r);
    // The fights worth seeing, to replay.
    std::string picks;
    for (int k = 0; k < Picks::kKinds; ++k)
      if (const std::string n = pick_text(r, k); !n.empty()) picks += (picks.empty() ? "" : ", ") + n + " (" + Picks::name(k) + ")";
    if (!picks.empty())
      put_wrapped(os, "See fight " + picks + ": encsim replay FILE --seed " + std::to_string(r.seed) +
                          (r.variant == "base" ? std::string() : " --variant '" + r.variant + "'") + " --trial N");
    os << "  trials " << t.trials << ", seed " << r.seed << ", " << fixed(r.seconds, 2) << " s";
    if (r.seconds > 0) os << " (" << static_cast<long long>(static_cast<double>(t.trials) / r.seconds) << " combats/s)";
    if (r.precision > 0)
      os << (r.precision_reached ? ", precision reached" : ", precision NOT reached (trial cap)") << " (+/-"
         << fixed(r.precision, 4) << ")";
    os << "\n";
    // The full tables (`--detail`); every number is in the CSVs either way.
    if (!detail) {
      os << '\n';
      continue;
    }
    char line[256];
    std::snprintf(line, sizeof line, "  %-22s %8s %8s %8s %10s %10s\n", "outcome", "party", "foes", "draw", "foes fled",
                  "PC wipe");
    os << line;
    std::snprintf(line, sizeof line, "  %-22s %8s %8s %8s %10s %10s\n", "", percent(rate(t.party_wins, t.trials)).c_str(),
                  percent(rate(t.foes_wins, t.trials)).c_str(), percent(rate(t.draws, t.trials)).c_str(),
                  percent(rate(t.foes_fled, t.trials)).c_str(), percent(rate(t.party_wipes, t.trials)).c_str());
    os << line;
    std::snprintf(line, sizeof line, "  %-22s %8s %8s %8s\n", "per fight", "mean", "median", "p90");
    os << line;
    auto stat_row = [&](const std::string& name, const IntStat& s) {
      std::snprintf(line, sizeof line, "  %-22s %8s %8lld %8lld\n", name.c_str(), fixed(s.mean(), 2).c_str(),
                    static_cast<long long>(s.quantile(1, 2)), static_cast<long long>(s.quantile(9, 10)));
      os << line;
    };
    stat_row("rounds", t.rounds);
    stat_row("PCs down", t.pcs_down);
    stat_row("damage to party", t.damage_to_party);
    stat_row("damage to foes", t.damage_to_foes);
    for (std::size_t i = 0; i < r.resources.size(); ++i) stat_row(std::string(r.resources[i].name), t.resources[i]);
    combatant_rows(os, r);
    feature_section(os, r);
    os << '\n';
  }
  return os.str();
}

std::string comparison_report(const std::vector<VariantResult>& variants, bool detail) {
  // The default view fits kScreenColumns: narrower cells, and only the costs on_screen.
  const int name_w = detail ? 20 : 16, win_w = detail ? 7 : 6, change_w = detail ? 24 : 23;
  std::string out;
  std::string baseline;
  char cell[256];
  auto row = [&](const std::string& text) {
    // Cells are left-aligned in fixed widths; the last one leaves no trailing blanks.
    out += text.substr(0, text.find_last_not_of(' ') + 1) + "\n";
  };
  for (const auto& r : variants) {
    if (r.paired_with.empty()) continue;
    const PairedTally& p = r.paired;
    if (r.paired_with != baseline) {
      baseline = r.paired_with;
      out += r.scenario + ": each variant against '" + baseline +
             "', fight by fight on the same dice\n  (the change with its paired 95% interval)\n";
      std::string head, base;
      std::snprintf(cell, sizeof cell, "  %-*s %*s  %-*s", name_w, "variant", win_w, "win", change_w,
                    "win change (points)");
      head += cell;
      std::snprintf(cell, sizeof cell, "  %-*.*s %*s  %-*s", name_w, name_w, baseline.c_str(), win_w,
                    percent(p.first_win_rate()).c_str(), change_w, "(baseline)");
      base += cell;
      for (const PairedCost& c : kPairedCosts) {
        if (!detail && !c.on_screen) continue;
        std::snprintf(cell, sizeof cell, " %-*s", change_w, c.label);
        head += cell;
      }
      row(head);
      row(base);
    }
    const Interval ci = p.win_difference_ci();
    const std::string change = signed_fixed(100.0 * p.win_difference(), 1) + " [" + signed_fixed(100.0 * ci.low, 1) +
                               ", " + signed_fixed(100.0 * ci.high, 1) + "]";
    std::string line;
    std::snprintf(cell, sizeof cell, "  %-*.*s %*s  %-*s", name_w, name_w, r.variant.c_str(), win_w,
                  percent(p.second_win_rate()).c_str(), change_w, change.c_str());
    line += cell;
    for (const PairedCost& c : kPairedCosts) {
      if (!detail && !c.on_screen) continue;
      const PairedDiff& d = p.*(c.diff);
      const Interval dci = d.ci();
      const std::string text =
          signed_fixed(d.mean(), 2) + " [" + signed_fixed(dci.low, 2) + ", " + signed_fixed(dci.high, 2) + "]";
      std::snprintf(cell, sizeof cell, " %-*s", change_w, text.c_str());
      line += cell;
    }
    row(line);
  }
  if (!baseline.empty()) out += "\n";
  return out;
}

namespace {

namespace fs = std::filesystem;

// What a signal handler must undo: temporary files being written and the
// output folders this run created. Plain char arrays, because the handler may
// only call async-signal-safe functions (unlink, rmdir).
constexpr int kMaxCleanup = 32;
constexpr std::size_t kPathMax = 4096;
char g_temps[kMaxCleanup][kPathMax];
volatile std::sig_atomic_t g_n_temps = 0;
char g_dirs[kMaxCleanup][kPathMax];  // leaf first
volatile std::sig_atomic_t g_n_dirs = 0;

void remember(char (*list)[kPathMax], volatile std::sig_atomic_t& n, const std::string& path) {
  if (n >= kMaxCleanup || path.size() >= kPathMax) return;
  std::memcpy(list[n], path.c_str(), path.size() + 1);
  n = n + 1;
}

void undo_unsafe_free() {
  for (int i = 0; i < g_n_temps; ++i) ::unlink(g_temps[i]);
  for (int i = 0; i < g_n_dirs; ++i) ::rmdir(g_dirs[i]);  // only if still empty
}

extern "C" void on_fatal_signal(int sig) {
  undo_unsafe_free();
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

std::string errno_text(int err) { return std::generic_category().message(err); }

// Writes `content` to `path` and flushes it to the disk. Every failure is an
// IoError with the system's reason ("No space left on device").
void write_file(const std::string& path, const std::string& content) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) throw IoError("cannot write '" + path + "': " + errno_text(errno));
  std::size_t done = 0;
  int err = 0;
  while (done < content.size() && err == 0) {
    const ssize_t got = ::write(fd, content.data() + done, content.size() - done);
    if (got < 0 && errno != EINTR) err = errno;
    if (got > 0) done += static_cast<std::size_t>(got);
  }
  if (err == 0 && ::fsync(fd) != 0 && errno != EINVAL) err = errno;
  if (::close(fd) != 0 && err == 0) err = errno;
  if (err != 0) {
    ::unlink(path.c_str());
    throw IoError("cannot write '" + path + "': " + errno_text(err));
  }
}

// Writes `content` to a temporary file beside `path`, remembered for the
// signal handler, and returns its name.
std::string write_temporary(const std::string& path, const std::string& content) {
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  remember(g_temps, g_n_temps, tmp);
  write_file(tmp, content);
  return tmp;
}

constexpr const char* kCommitMarker = ".encsim-commit";

// Renames every "tmp\tfinal" line of a commit marker that is still pending.
void finish_commit(const fs::path& dir, const std::string& listing) {
  std::istringstream in(listing);
  std::string line;
  while (std::getline(in, line)) {
    const auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    const fs::path tmp = dir / line.substr(0, tab), final_path = dir / line.substr(tab + 1);
    std::error_code ec;
    if (!fs::exists(tmp, ec)) continue;  // renamed before the interruption
    fs::rename(tmp, final_path, ec);
    if (ec) throw IoError("cannot rename '" + tmp.string() + "' to '" + final_path.string() + "': " + ec.message());
  }
  std::error_code ec;
  fs::remove(dir / kCommitMarker, ec);
}

// Signals that would stop the process between two renames are held back
// while a set of files is switched into place.
class BlockSignals {
 public:
  BlockSignals() {
    sigset_t set;
    sigemptyset(&set);
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&set, sig);
    ::sigprocmask(SIG_BLOCK, &set, &old_);
  }
  ~BlockSignals() { ::sigprocmask(SIG_SETMASK, &old_, nullptr); }

 private:
  sigset_t old_;
};

}  // namespace

IoError::IoError(const std::string& message) : std::runtime_error(message) {}

void install_output_cleanup() {
  struct sigaction sa {};
  sa.sa_handler = on_fatal_signal;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) {
    // A signal the caller ignores (SIGINT of a background job, nohup) stays ignored.
    struct sigaction old {};
    if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    ::sigaction(sig, &sa, nullptr);
  }
  // Past a file size limit (ulimit -f), a write should fail with EFBIG and be
  // reported, not kill the process.
  std::signal(SIGXFSZ, SIG_IGN);
}

void abandon_output() {
  undo_unsafe_free();
  g_n_temps = 0;
  g_n_dirs = 0;
}

void recover_output_dir(const std::string& dir) {
  std::error_code ec;
  const fs::path marker = fs::path(dir) / kCommitMarker;
  if (fs::is_regular_file(marker, ec)) {
    // A complete set was written and its switch into place was cut short
    // (power loss, SIGKILL): finish it, so the folder holds the new set whole.
    std::ifstream in(marker, std::ios::binary);
    std::ostringstream listing;
    listing << in.rdbuf();
    const BlockSignals hold;
    finish_commit(dir, listing.str());
  }
  // Temporaries of a set that never became complete are dropped: only names
  // encsim makes ("summary.csv.tmp.123", ".encsim-probe.tmp.123").
  const auto ours = [](const std::string& name) {
    if (name == std::string(kCommitMarker) + ".tmp") return true;
    const auto at = name.rfind(".tmp.");
    if (at == std::string::npos || at + 5 == name.size() ||
        name.find_first_not_of("0123456789", at + 5) != std::string::npos)
      return false;
    const std::string stem = name.substr(0, at);
    return stem == ".encsim-probe" || (stem.size() > 4 && stem.compare(stem.size() - 4, 4, ".csv") == 0) ||
           stem == "report.html";
  };
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (ours(name)) {
      std::error_code rm;
      if (entry.is_regular_file(rm)) fs::remove(entry.path(), rm);
    }
  }
}

std::vector<std::string> report_file_names() {
  return {"summary.csv", "combatants.csv", "features.csv", "distributions.csv", "comparison.csv", "report.html"};
}

void prepare_output_dir(const std::string& dir, const std::vector<std::string>& names) {
  std::error_code ec;
  // The folders this run creates, so a failed or interrupted run removes them.
  std::vector<fs::path> created;
  fs::path leaf = fs::absolute(dir, ec).lexically_normal();
  if (leaf.filename().empty()) leaf = leaf.parent_path();  // "out/"
  for (fs::path p = leaf; !p.empty() && p != p.parent_path() && !fs::exists(p, ec); p = p.parent_path())
    created.push_back(p);
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir))
    throw InputError(SourcePos{}, "cannot use '" + dir + "' as the output directory: " +
                                      (ec ? ec.message() : std::string("not a directory")));
  for (const fs::path& p : created) remember(g_dirs, g_n_dirs, p.string());
  for (const std::string& name : names) {
    const auto target = fs::path(dir) / name;
    if (fs::exists(target, ec) && !fs::is_regular_file(target, ec))
      throw InputError(SourcePos{}, "cannot write '" + target.string() + "': it exists and is not a file");
  }
  recover_output_dir(dir);
  // Prove it is writable now, not after the run: a probe of kProbeBytes finds
  // a full disk or a file size limit before any trial is simulated.
  struct statvfs vfs {};
  if (::statvfs(dir.c_str(), &vfs) == 0 && static_cast<std::uint64_t>(vfs.f_bavail) * vfs.f_frsize < kMinFreeBytes)
    throw IoError("cannot write into the output directory '" + dir + "': " + errno_text(ENOSPC) + " (less than " +
                  std::to_string(kMinFreeBytes / 1024) + " KiB free)");
  const std::string probe = (fs::path(dir) / ".encsim-probe").string();
  try {
    fs::remove(write_temporary(probe, std::string(kProbeBytes, '\n')), ec);
  } catch (const IoError& e) {
    // "cannot write 'DIR/.encsim-probe.tmp.1': REASON" -> about the directory.
    const std::string what = e.what();
    throw IoError("cannot write into the output directory '" + dir + "': " + what.substr(what.rfind("': ") + 3));
  }
}

void write_file_atomic(const std::string& path, const std::string& content) {
  std::string tmp;
  try {
    tmp = write_temporary(path, content);
    const BlockSignals hold;
    std::error_code ec;
    fs::rename(tmp, path, ec);
    if (ec) throw IoError("cannot rename '" + tmp + "' to '" + path + "': " + ec.message());
  } catch (...) {
    abandon_output();
    throw;
  }
  g_n_temps = 0;
  g_n_dirs = 0;
}

void write_reports(const std::string& dir, const std::vector<VariantResult>& results, const OutputFiles& extra) {
  OutputFiles files{{"summary.csv", to_csv(summary_table(results))},
                    {"combatants.csv", to_csv(combatants_table(results))},
                    {"features.csv", to_csv(features_table(results))},
                    {"distributions.csv", to_csv(distributions_table(results))},
                    {"comparison.csv", to_csv(comparison_table(results))}};
  files.insert(files.end(), extra.begin(), extra.end());
  std::vector<std::string> names;
  for (const auto& f : files) names.push_back(f.first);
  prepare_output_dir(dir, names);
  // 1. Every file is written in full, to a temporary name.
  std::string listing;
  try {
    for (const auto& [name, content] : files) {
      const std::string path = (fs::path(dir) / name).string();
      const std::string tmp = write_temporary(path, content);
      listing += fs::path(tmp).filename().string() + "\t" + name + "\n";
    }
  } catch (...) {
    abandon_output();
    throw;
  }
  {
    // SIGINT and SIGTERM are held back from here until the last rename.
    const BlockSignals hold;
    // 2. The marker says the set is complete: from here on, an interrupted
    // switch (power loss, SIGKILL) is finished by the next run
    // (recover_output_dir) instead of leaving new files beside old ones.
    const std::string marker = (fs::path(dir) / kCommitMarker).string();
    try {
      remember(g_temps, g_n_temps, marker + ".tmp");
      write_file(marker + ".tmp", listing);
      std::error_code ec;
      fs::rename(marker + ".tmp", marker, ec);
      if (ec) throw IoError("cannot rename '" + marker + ".tmp': " + ec.message());
    } catch (...) {
      abandon_output();
      throw;
    }
    // 3. The renames.
    finish_commit(dir, listing);
  }
  g_n_temps = 0;
  g_n_dirs = 0;
}

}  // namespace encsim
