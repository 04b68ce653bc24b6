// What report.cpp (the tables) and report_terminal.cpp (the terminal views)
// share: per-fight means, the terminal's column fitting, signed changes, a
// picked fight's number, losses, and the paired costs a comparison reports.
// Internal to src/io.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "io/report.hpp"

namespace encsim::report_detail {

// A sum over the fights as a mean per fight (0 with no fights).
inline double per_fight(unsigned __int128 sum, std::uint64_t trials) {
  if (trials == 0) return 0.0;
  if (sum <= UINT64_MAX) return static_cast<double>(static_cast<std::uint64_t>(sum)) / static_cast<double>(trials);
  return static_cast<double>(static_cast<long double>(sum) / static_cast<long double>(trials));
}

// `s` cut or padded to `width` characters (UTF-8 code points, so "Kordé"
// lines up), for the terminal table.
inline std::string fit(const std::string& s, std::size_t width) {
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
inline std::string signed_fixed(double value, int decimals) {
  const std::string s = fixed(value, decimals);
  return s.find_first_not_of("-0.") != std::string::npos && value > 0 ? "+" + s : s;
}

// A fight worth seeing: its trial number, empty when the run had none of that kind.
inline std::string pick_text(const VariantResult& r, int kind) {
  const std::uint64_t t = r.tally.picks.pick(kind);
  return t == Picks::kNone ? std::string() : std::to_string(t);
}

// Fights the party did not win (lost or drawn).
inline std::uint64_t losses(const Tally& t) { return t.trials - t.party_wins; }

// The paired differences a comparison reports besides the win rate.
struct PairedCost {
  const char* column;
  const char* label;
  const PairedDiff PairedTally::*diff;
  bool on_screen;  // in the default view's comparison (all are under --detail and in comparison.csv)
};
inline constexpr PairedCost kPairedCosts[] = {
    {"rounds", "rounds", &PairedTally::rounds, true},
    {"pcs_down", "PCs down", &PairedTally::pcs_down, false},
    {"pc_deaths", "PC deaths", &PairedTally::pc_deaths, false},
    {"damage_to_party", "dmg to party", &PairedTally::damage_to_party, true},
};

}  // namespace encsim::report_detail
