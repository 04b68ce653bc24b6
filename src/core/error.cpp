#include "encsim/error.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace encsim {

std::shared_ptr<const SourceFile> SourceFile::from_text(std::string path, std::string_view text) {
  auto file = std::make_shared<SourceFile>();
  file->path = std::move(path);
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    file->lines.emplace_back(line);
    if (end == text.size()) break;
    start = end + 1;
  }
  return file;
}

SourcePos SourcePos::shifted(int columns) const {
  SourcePos p = *this;
  p.col += columns;
  return p;
}

std::string clip_words(std::string_view text) {
  constexpr std::size_t kLongest = 80, kHead = 40, kTail = 20, kTotal = 2000;
  // A cut never splits a UTF-8 sequence: move it back to a lead byte.
  const auto lead = [](std::string_view s, std::size_t i) {
    while (i > 0 && i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) --i;
    return i;
  };
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == ' ' || text[i] == '\n') {
      out += text[i++];
      continue;
    }
    std::size_t end = text.find_first_of(" \n", i);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(i, end - i);
    if (word.size() <= kLongest) {
      out += word;
    } else {
      const std::size_t head = lead(text, i + kHead) - i, tail_from = lead(text, end - kTail) - i;
      out += std::string(word.substr(0, head)) + "...(" + std::to_string(word.size()) + " bytes)..." +
             std::string(word.substr(tail_from));
    }
    i = end;
  }
  if (out.size() > kTotal) out = out.substr(0, lead(out, kTotal)) + "...";
  return out;
}

InputError::InputError(SourcePos pos, std::string message)
    : std::runtime_error(message), pos_(std::move(pos)), message_(std::move(message)) {}

std::string InputError::render() const {
  std::ostringstream os;
  if (pos_.file) {
    os << pos_.file->path;
    if (pos_.line > 0) os << ':' << pos_.line << ':' << pos_.col;
    os << ": ";
  }
  os << "error: " << clip_words(message_) << '\n';
  if (pos_.file && pos_.line > 0 && static_cast<std::size_t>(pos_.line) <= pos_.file->lines.size()) {
    std::string_view line = pos_.file->lines[static_cast<std::size_t>(pos_.line - 1)];
    std::size_t caret = std::min(static_cast<std::size_t>(std::max(pos_.col, 1) - 1), line.size());
    // A very long line is shown as a window around the caret.
    constexpr std::size_t kWidth = 100;
    std::string prefix = "    ", suffix;
    if (line.size() > kWidth) {
      const std::size_t from = caret > kWidth / 2 ? caret - kWidth / 2 : 0;
      if (from > 0) prefix += "...";
      if (from + kWidth < line.size()) suffix = "...";
      line = line.substr(from, kWidth);
      caret -= from;
    }
    os << prefix << line << suffix << '\n' << std::string(prefix.size(), ' ');
    // Columns count bytes: one space per character (not per UTF-8 continuation
    // byte), and tabs stay tabs so the caret lines up under tabbed text.
    for (std::size_t i = 0; i < caret; ++i) {
      const auto c = static_cast<unsigned char>(line[i]);
      if ((c & 0xC0) == 0x80) continue;
      os << (c == '\t' ? '\t' : ' ');
    }
    os << "^\n";
  }
  return os.str();
}

namespace {

// Optimal string alignment distance: Levenshtein plus adjacent transpositions,
// so "rnu" is one step from "run". Case-insensitive.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  auto same = [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  };
  const std::size_t w = b.size() + 1;
  std::vector<std::size_t> d((a.size() + 1) * w);
  for (std::size_t i = 0; i <= a.size(); ++i) d[i * w] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t v = std::min({d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1,
                                d[(i - 1) * w + j - 1] + (same(a[i - 1], b[j - 1]) ? 0 : 1)});
      if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1]))
        v = std::min(v, d[(i - 2) * w + j - 2] + 1);
      d[i * w + j] = v;
    }
  }
  return d[a.size() * w + b.size()];
}

// Whether the letters of `shorter` appear in order in `longer`, starting with
// the same letter: "hp" in "hitpoints", "opts" in "options".
bool abbreviates(std::string_view shorter, std::string_view longer) {
  const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
  if (shorter.size() < 2 || shorter.size() >= longer.size() || lower(shorter[0]) != lower(longer[0]))
    return false;
  std::size_t i = 0;
  for (char c : longer)
    if (i < shorter.size() && lower(c) == lower(shorter[i])) ++i;
  return i == shorter.size();
}

}  // namespace

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  // Like ninja's SpellcheckString: accept a distance of up to a third of the
  // word's length (at least 1, at most 3) ...
  // Two letters are too few to guess from ('ac' is not 'pc').
  // A name longer than kMaxSuggestLength is no typo of a key: no guess, and
  // so no quadratic cost on a hostile 40,000-character name.
  if (word.size() > kMaxSuggestLength) return {};
  const std::size_t allowed = word.size() <= 2 ? 0 : std::clamp<std::size_t>(word.size() / 3, 1, 3);
  std::size_t best = allowed + 1;
  const std::string* choice = nullptr;
  for (const auto& c : candidates) {
    // The lengths differ by at most the distance: most candidates need no table.
    if (c.size() > kMaxSuggestLength || (c.size() > word.size() ? c.size() - word.size() : word.size() - c.size()) > allowed)
      continue;
    const std::size_t d = edit_distance(word, c);
    if (d < best) {
      best = d;
      choice = &c;
    }
  }
  // ... else the one candidate that is the long form of it ('opts' ->
  // 'options'; but 'enemies' could be 'enemies_alive' or 'enemies_down': no
  // guess), or the longest one that abbreviates it ('hitpoints' -> 'hp',
  // 'self.hp_fraction' -> 'self.hp_frac' rather than 'self.hp').
  if (!choice) {
    const std::string* long_form = nullptr;
    const std::string* short_form = nullptr;
    int long_forms = 0;
    bool short_tie = false;
    for (const std::string& c : candidates) {
      if (abbreviates(word, c)) {
        ++long_forms, long_form = &c;
      } else if (abbreviates(c, word)) {
        if (short_form && c.size() == short_form->size()) short_tie = true;
        if (!short_form || c.size() > short_form->size()) short_form = &c, short_tie = false;
      }
    }
    if (long_forms == 1 && !short_form) choice = long_form;
    if (long_forms == 0 && short_form && !short_tie) choice = short_form;
  }
  return choice ? " (did you mean '" + *choice + "'?)" : std::string();
}

std::string one_of(const std::vector<std::string>& candidates) {
  std::string out;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (i > 0) out += (i + 1 == candidates.size()) ? " or " : ", ";
    out += '\'' + candidates[i] + '\'';
  }
  return out;
}

}  // namespace encsim
