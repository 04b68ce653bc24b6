// Running the encsim binary from a test: its exit code and output, files and
// fresh temporary directories.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include <gtest/gtest.h>

namespace encsim::testing {

struct CliResult {
  int code;
  std::string out;  // stdout and stderr together
};

// A shell command line, run with /bin/sh: its exit code and output.
inline CliResult shell(const std::string& command) {
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  CliResult r{-1, ""};
  if (!pipe) return r;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  const int status = ::pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// encsim itself with these arguments (stderr folded into the output).
inline CliResult encsim(const std::string& args) { return shell(std::string(ENCSIM_BINARY) + " " + args); }

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

// The directories fresh_dir made, removed when the test program ends if
// every test in it passed (a failed test's files stay, to be looked at). Only
// the process that made them removes them: a death test's forked child that
// ends through exit() runs this destructor too, and must leave them alone.
class ScratchDirs {
 public:
  static ScratchDirs& get() {
    static ScratchDirs dirs;
    return dirs;
  }
  void add(const std::filesystem::path& d) { dirs_.push_back(d); }
  ~ScratchDirs() {
    if (::getpid() != owner_ || !::testing::UnitTest::GetInstance()->Passed()) return;
    std::error_code ec;
    for (const auto& d : dirs_) std::filesystem::remove_all(d, ec);
  }

 private:
  ScratchDirs() = default;
  pid_t owner_ = ::getpid();
  std::vector<std::filesystem::path> dirs_;
};

// An empty directory of its own under the system's temporary directory.
inline std::filesystem::path fresh_dir(const std::string& name) {
  namespace fs = std::filesystem;
  const fs::path d = fs::temp_directory_path() / ("encsim-test-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  ScratchDirs::get().add(d);
  return d;
}

// The terminal report with its wrapped lines joined again: the default view
// wraps prose at 100 columns, continuing a line with four spaces.
inline std::string unwrapped(const std::string& text) {
  std::string out;
  for (std::size_t at = 0; at < text.size(); ++at) {
    if (text.compare(at, 5, "\n    ") == 0) {
      out += ' ';
      at += 4;
    } else {
      out += text[at];
    }
  }
  return out;
}

}  // namespace encsim::testing
