// Input errors: everything a user can get wrong is reported at the boundary as
// `file:line:col: message`, the offending source line and a caret (DESIGN
// contract 3). Exit code 2, nothing written.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace encsim {

// A loaded text file, kept so an error can quote the offending line.
struct SourceFile {
  std::string path;
  std::vector<std::string> lines;

  static std::shared_ptr<const SourceFile> from_text(std::string path, std::string_view text);
};

// A position in a source file; line and col are 1-based. A default SourcePos
// (no file) is used for errors that have no place in a file, e.g. a CLI flag.
struct SourcePos {
  std::shared_ptr<const SourceFile> file;
  int line = 0;
  int col = 0;

  std::string path() const { return file ? file->path : std::string(); }
  // The same position moved `columns` characters to the right on the same line:
  // used to point inside a scalar (a dice expression, a tactics condition).
  SourcePos shifted(int columns) const;
};

class InputError : public std::runtime_error {
 public:
  InputError(SourcePos pos, std::string message);
  const SourcePos& pos() const { return pos_; }
  const std::string& message() const { return message_; }
  // "file:line:col: message\n    <source line>\n    <caret>\n"
  std::string render() const;

 private:
  SourcePos pos_;
  std::string message_;
};

// Names longer than this get no did-you-mean (docs/scenarios.md).
inline constexpr std::size_t kMaxSuggestLength = 64;

// `text` with every word (a run without spaces) longer than 80 bytes cut to its
// head and tail around its length, and the whole cut at 2000 bytes: a 40,000-
// character name makes a readable message. InputError::render uses it.
std::string clip_words(std::string_view text);

// " (did you mean 'x'?)" when one candidate is close to `word` (edit distance
// small for its length), else "". Case-insensitive; ties go to the first.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

// The candidates as "'a', 'b' or 'c'" for "expected one of ..." messages.
std::string one_of(const std::vector<std::string>& candidates);

}  // namespace encsim
