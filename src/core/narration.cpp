#include "encsim/narration.hpp"

#include <cmath>
#include <cstdarg>
#include <cstdio>

namespace encsim {

Standing& Standing::note(const char* fmt, ...) {
  char buf[128];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  if (!detail.empty()) detail += ", ";
  detail += buf;
  return *this;
}

double Standing::share() const {
  if (out != nullptr || max <= 0 || left <= 0) return 0.0;
  return left >= max ? 1.0 : static_cast<double>(left) / max;
}

double RoundStatus::side_share(int side) const {
  double sum = 0.0;
  int n = 0;
  for (const Standing& s : who)
    if (s.side == side) sum += s.share(), ++n;
  return n == 0 ? 0.0 : sum / n;
}

namespace {
long percent(double share) { return std::lround(share * 100.0); }

std::string sides(const RoundStatus& r) {
  return "party " + std::to_string(percent(r.side_share(0))) + "% vs foes " + std::to_string(percent(r.side_share(1))) +
         "%";
}

// "A", "A and B", "A, B and C".
std::string join(const std::vector<std::string>& items) {
  std::string s;
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (k > 0) s += k + 1 == items.size() ? " and " : ", ";
    s += items[k];
  }
  return s;
}
}  // namespace

void write_status(std::ostream& out, const RoundStatus& status) {
  out << "-- end of round " << status.round << " --\n";
  for (const Standing& s : status.who) {
    out << "  " << s.name << ": " << s.track << ' ' << s.left << '/' << s.max;
    if (!s.detail.empty()) out << ", " << s.detail;
    if (s.out != nullptr) out << ", " << s.out;
    out << '\n';
  }
  out << "  standing: " << sides(status) << " of their track left\n";
}

std::string turning_point(const std::vector<RoundStatus>& rounds) {
  if (rounds.size() < 2) return "Turning point: none (no round was fought).";
  std::size_t best = 0;
  double best_swing = 0.0;
  for (std::size_t k = 1; k < rounds.size(); ++k) {
    const double swing = std::fabs(rounds[k].standing() - rounds[k - 1].standing());
    if (swing > best_swing + 1e-12) best = k, best_swing = swing;
  }
  if (best == 0) return "Turning point: none (neither side lost ground in any round).";
  const RoundStatus& before = rounds[best - 1];
  const RoundStatus& now = rounds[best];
  std::vector<std::string> left_fight;
  const Standing* harm = nullptr;
  std::int64_t most = 0;
  for (std::size_t i = 0; i < now.who.size() && i < before.who.size(); ++i) {
    const Standing& s = now.who[i];
    if (s.out != nullptr && before.who[i].out == nullptr) left_fight.push_back(s.name + " (" + s.out + ")");
    if (s.dealt - before.who[i].dealt > most) most = s.dealt - before.who[i].dealt, harm = &s;
  }
  std::string line = "Turning point: round " + std::to_string(now.round) + " (" + sides(before) + " -> " + sides(now) + ")";
  std::vector<std::string> what;
  if (!left_fight.empty()) what.push_back(join(left_fight) + " left the fight");
  if (harm != nullptr) what.push_back(harm->name + " dealt the most damage (" + std::to_string(most) + ")");
  if (!what.empty()) line += ": " + what[0] + (what.size() > 1 ? "; " + what[1] : "");
  return line + ".";
}

}  // namespace encsim
