#include "io/yaml.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <mutex>
#include <optional>
#include <sstream>
#include <system_error>
#include <unordered_map>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

// Nodes are built from yaml-cpp's parser events rather than YAML::Load: the
// events carry a mark for every node and key, duplicate keys are still visible,
// and YAML::LoadAll loops forever on a stray ',' (yaml-cpp issue #1040).

namespace encsim {
namespace {

// Nested aliases can expand exponentially (a "billion laughs" file); these
// limits keep a hostile file from exhausting the stack or the memory.
constexpr std::size_t kMaxDepth = 200;
constexpr std::size_t kMaxNodes = 1'000'000;

std::size_t size_of(const Node& node) {
  std::size_t n = 1;
  if (node.is_list())
    for (const Node& item : node.items()) n += size_of(item);
  if (node.is_map())
    for (const Node::Entry& e : node.entries()) n += 1 + size_of(e.value);
  return n;
}

// The character at a mark, or '\0' past the text.
char char_at(const SourcePos& pos) {
  if (!pos.file || pos.line < 1 || static_cast<std::size_t>(pos.line) > pos.file->lines.size()) return '\0';
  const std::string& line = pos.file->lines[static_cast<std::size_t>(pos.line - 1)];
  return pos.col >= 1 && static_cast<std::size_t>(pos.col - 1) < line.size()
             ? line[static_cast<std::size_t>(pos.col - 1)]
             : '\0';
}

class Marks {
 public:
  explicit Marks(std::shared_ptr<const SourceFile> file) : file_(std::move(file)) {}
  SourcePos at(const YAML::Mark& mark) const {
    if (mark.is_null() || mark.line < 0 || mark.column < 0) return start();
    return SourcePos{file_, mark.line + 1, mark.column + 1};
  }
  SourcePos start() const { return SourcePos{file_, 1, 1}; }

 private:
  std::shared_ptr<const SourceFile> file_;
};

// Builds one document's Node tree from parser events.
class Builder final : public YAML::EventHandler {
 public:
  explicit Builder(const Marks& marks) : marks_(&marks) {}

  std::optional<Node>& root() { return root_; }

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    const SourcePos pos = marks_->at(mark);
    // yaml-cpp reads a document that starts with a stray flow indicator as
    // empty instead of failing.
    if (const char c = char_at(pos); stack_.empty() && (c == ',' || c == ']' || c == '}'))
      throw InputError(pos, std::string("invalid YAML: unexpected '") + c + "'");
    add(Node::null(pos), anchor);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    const auto it = anchors_.find(anchor);
    if (it == anchors_.end() || !it->second)
      throw InputError(marks_->at(mark),
                       "alias '*" + names_[anchor] + "' refers to a value that contains it");
    count_ += size_of(*it->second);
    aliased_ = true;
    check_size(marks_->at(mark));
    // The copy keeps the positions of the anchored text.
    add(Node(*it->second), YAML::NullAnchor);
  }

  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                const std::string& value) override {
    add(Node::scalar(value, marks_->at(mark)), anchor);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(Node::list({}, marks_->at(mark)), anchor);
  }
  void OnSequenceEnd() override { close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(Node::map({}, marks_->at(mark)), anchor);
  }
  void OnMapEnd() override { close(); }

  void OnAnchor(const YAML::Mark&, const std::string& name) override { pending_name_ = name; }

 private:
  struct Open {
    Node node;  // the list or map being filled
    YAML::anchor_t anchor;
    std::optional<Node> key;  // in a map: the key waiting for its value
    std::unordered_map<std::string, int> key_lines{};  // in a map: keys so far, for duplicates
  };

  void name_anchor(YAML::anchor_t anchor) {
    if (anchor == YAML::NullAnchor) return;
    names_[anchor] = pending_name_;
    anchors_[anchor].reset();  // open: an alias to it now would be a cycle
  }

  void open(Node node, YAML::anchor_t anchor) {
    if (!stack_.empty() && stack_.back().node.is_map() && !stack_.back().key)
      throw InputError(node.pos(), "a map key must be a name, got " + std::string(node.kind_name()));
    if (stack_.size() >= kMaxDepth)
      throw InputError(node.pos(), "YAML nested more than " + std::to_string(kMaxDepth) + " levels deep");
    name_anchor(anchor);
    stack_.push_back(Open{std::move(node), anchor, std::nullopt});
  }

  void close() {
    Open top = std::move(stack_.back());
    stack_.pop_back();
    add(std::move(top.node), top.anchor, /*opened=*/true);
  }

  void check_size(const SourcePos& pos) const {
    if (count_ > kMaxNodes)
      throw InputError(pos, std::string("YAML document too large: ") +
                                (aliased_ ? "with its aliases expanded it holds" : "it holds") + " more than " +
                                std::to_string(kMaxNodes) + " values");
  }

  void add(Node value, YAML::anchor_t anchor, bool opened = false) {
    ++count_;
    check_size(value.pos());
    if (anchor != YAML::NullAnchor) {
      if (!opened) name_anchor(anchor);
      anchors_[anchor] = value;
    }
    if (stack_.empty()) {
      root_ = std::move(value);
      return;
    }
    Open& top = stack_.back();
    if (top.node.is_list()) {
      top.node.items_mut().push_back(std::move(value));
      return;
    }
    if (!top.key) {
      if (!value.is_scalar())
        throw InputError(value.pos(), "a map key must be a name, got " + std::string(value.kind_name()));
      const auto [first, fresh] = top.key_lines.emplace(value.text(), value.pos().line);
      if (!fresh)
        throw InputError(value.pos(), "duplicate key '" + value.text() + "' (first at line " +
                                          std::to_string(first->second) + ")");
      top.key = std::move(value);
      return;
    }
    // yaml-cpp puts an empty value (`hp:` and nothing) at the next token, often
    // on a later line; the key is the better place to point at.
    const SourcePos& key_pos = top.key->pos();
    if (value.is_null() && value.pos().line != key_pos.line) value = Node::null(key_pos);
    top.node.entries_mut().push_back(Node::Entry{top.key->text(), key_pos, std::move(value)});
    top.key.reset();
  }

  const Marks* marks_;
  std::vector<Open> stack_;
  std::optional<Node> root_;
  std::unordered_map<YAML::anchor_t, std::optional<Node>> anchors_;
  std::unordered_map<YAML::anchor_t, std::string> names_;
  std::string pending_name_;
  std::size_t count_ = 0;
  bool aliased_ = false;  // an alias was expanded: the likelier cause of a huge count
};

// Looks at the start of a second document, then stops the parser.
class SecondDocument final : public YAML::EventHandler {
 public:
  struct Stop {};
  bool found = false;
  bool empty = false;  // its first node is null
  YAML::Mark start;

  void OnDocumentStart(const YAML::Mark& mark) override {
    found = true;
    start = mark;
  }
  void OnDocumentEnd() override { throw Stop{}; }
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {
    empty = true;
    throw Stop{};
  }
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override { throw Stop{}; }
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {
    throw Stop{};
  }
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    throw Stop{};
  }
  void OnSequenceEnd() override { throw Stop{}; }
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    throw Stop{};
  }
  void OnMapEnd() override { throw Stop{}; }
  void OnAnchor(const YAML::Mark&, const std::string&) override { throw Stop{}; }
};

// Whether nothing but blank lines and comments follows line `line` (1-based).
bool only_blank_after(const SourceFile& file, int line) {
  for (std::size_t i = static_cast<std::size_t>(std::max(line, 0)); i < file.lines.size(); ++i) {
    for (char c : file.lines[i]) {
      if (c == '#') break;
      if (c != ' ' && c != '\t' && c != '\r') return false;
    }
  }
  return true;
}

bool tab_in_indentation(const SourcePos& pos) {
  if (!pos.file || pos.line < 1 || static_cast<std::size_t>(pos.line) > pos.file->lines.size()) return false;
  for (char c : pos.file->lines[static_cast<std::size_t>(pos.line - 1)]) {
    if (c == '\t') return true;
    if (c != ' ') return false;
  }
  return false;
}

// yaml-cpp's messages speak of tokens; say what the user most likely did.
std::string explain(const std::string& msg, const SourcePos& pos) {
  if (msg == YAML::ErrorMsg::TAB_IN_INDENTATION || tab_in_indentation(pos))
    return "invalid YAML: tabs are not allowed in indentation; use spaces";
  if (msg == YAML::ErrorMsg::MAP_VALUE)
    return "invalid YAML: unexpected ':' (check the indentation, or quote text that contains ': ')";
  if (msg == YAML::ErrorMsg::END_OF_MAP || msg == YAML::ErrorMsg::END_OF_SEQ)
    return "invalid YAML: this line's indentation does not fit the lines above it (keys of one map, and the "
           "items of one list, start in the same column; what belongs under a key is indented further)";
  if (msg == YAML::ErrorMsg::END_OF_SEQ_FLOW) return "invalid YAML: a list opened with '[' is not closed";
  if (msg == YAML::ErrorMsg::END_OF_MAP_FLOW) return "invalid YAML: a map opened with '{' is not closed";
  return "invalid YAML: " + msg;
}

}  // namespace

namespace {

// The byte offset of the first invalid UTF-8 sequence, or npos. YAML text is
// Unicode, and names travel on into CSV and JSON, which must stay valid.
std::size_t invalid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || (n == 2 && c < 0xC2) || i + n > s.size()) return i;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return i;
    i += n;
  }
  return std::string_view::npos;
}

}  // namespace

Node parse_yaml(std::shared_ptr<const SourceFile> file, std::string_view text) {
  if (const std::size_t bad = invalid_utf8(text); bad != std::string_view::npos) {
    const std::string_view before = text.substr(0, bad);
    const auto line = static_cast<int>(std::count(before.begin(), before.end(), '\n')) + 1;
    const std::size_t line_start = before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
    throw InputError(SourcePos{file, line, static_cast<int>(bad - line_start) + 1},
                     "invalid UTF-8: a scenario file must be UTF-8 text");
  }
  const Marks marks(file);
  std::istringstream in{std::string(text)};
  try {
    YAML::Parser parser(in);
    Builder builder(marks);
    if (!parser.HandleNextDocument(builder) || !builder.root()) return Node::null(marks.start());
    Node root = std::move(*builder.root());
    SecondDocument second;
    try {
      parser.HandleNextDocument(second);
    } catch (const SecondDocument::Stop&) {
    }
    // A trailing `---` with nothing after it is harmless.
    if (second.found && !(second.empty && only_blank_after(*file, second.start.line + 1)))
      throw InputError(marks.at(second.start),
                       "a scenario file holds one YAML document; a second one starts here");
    return root;
  } catch (const YAML::Exception& e) {
    const SourcePos pos = marks.at(e.mark);
    throw InputError(pos, explain(e.msg, pos));
  }
}

Node load_yaml_file(const std::string& path) {
  const auto fail = [&](const std::string& why) {
    auto file = std::make_shared<SourceFile>();
    file->path = path;
    throw InputError(SourcePos{std::move(file), 0, 0}, "cannot read '" + path + "': " + why);
  };
  const auto fail_errno = [&](int err) { fail(std::generic_category().message(err)); };
  // Only regular files: a device (/dev/zero), a FIFO or a directory could be
  // endless or block forever. O_NONBLOCK: opening a FIFO must not wait for a writer.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) fail_errno(errno);
  struct stat st {};
  const int stat_err = ::fstat(fd, &st) != 0 ? errno : 0;
  const auto give_up = [&](auto&& report) {
    ::close(fd);
    report();
  };
  if (stat_err != 0) give_up([&] { fail_errno(stat_err); });
  if (S_ISDIR(st.st_mode)) give_up([&] { fail_errno(EISDIR); });
  if (!S_ISREG(st.st_mode)) give_up([&] { fail("not a regular file"); });
  const auto too_large = [&] {
    fail("larger than " + std::to_string(kMaxFileBytes / (1024 * 1024)) + " MiB, the limit for a scenario or library file");
  };
  if (static_cast<std::uint64_t>(st.st_size) > kMaxFileBytes) give_up(too_large);
  // Read at most one byte past the limit: a file that grows while we read (or
  // a /proc file whose size says 0) is still bounded.
  std::string s;
  char buf[65536];
  int err = 0;
  for (;;) {
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0) {
      if (errno == EINTR) continue;
      err = errno;
      break;
    }
    if (got == 0) break;
    s.append(buf, static_cast<std::size_t>(got));
    if (s.size() > kMaxFileBytes) break;
  }
  ::close(fd);
  if (err != 0) fail_errno(err);
  if (s.size() > kMaxFileBytes) too_large();
  // A file read again with the same bytes (each fight of a session includes
  // the same libraries; sweep and tune reload their scenario) is parsed once
  // per process: the tree is copied, positions and all.
  static std::mutex mutex;
  static std::unordered_map<std::string, std::pair<std::string, Node>> parsed;
  {
    const std::lock_guard lock(mutex);
    if (const auto it = parsed.find(path); it != parsed.end() && it->second.first == s) return it->second.second;
  }
  Node root = parse_yaml(SourceFile::from_text(path, s), s);
  const std::lock_guard lock(mutex);
  parsed.insert_or_assign(path, std::pair{std::move(s), root});
  return root;
}

}  // namespace encsim
