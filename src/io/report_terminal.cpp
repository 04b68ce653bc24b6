// The terminal views: the default report of each variant (its headline,
// won/lost line, PCs, coverage) with the per-combatant and per-feature tables
// under --detail, and the comparison of variants against their baseline. The
// tables written as files are in report.cpp.
#include "io/report.hpp"

#include "encsim/check.hpp"
#include "io/report_shared.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace encsim {
using namespace report_detail;

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

}  // namespace encsim
