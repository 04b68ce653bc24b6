// The output folder: its files written atomically (a temporary file, flushed,
// then renamed), the folder checked and prepared, an interrupted run's
// leftovers recovered, and a signal handler that removes what a killed run
// was writing.
#include "io/report.hpp"

#include "encsim/error.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

namespace encsim {

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
