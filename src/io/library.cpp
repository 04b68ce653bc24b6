#include "encsim/library.hpp"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include "encsim/error.hpp"
#include "io/yaml.hpp"

namespace fs = std::filesystem;

namespace encsim {

std::vector<fs::path> shipped_roots() {
  std::vector<fs::path> roots;
  std::error_code ec;
  const auto add = [&](const fs::path& p) {
    if (!p.empty() && fs::is_directory(p, ec) &&
        std::find(roots.begin(), roots.end(), p.lexically_normal()) == roots.end())
      roots.push_back(p.lexically_normal());
  };
  if (const char* env = std::getenv("ENCSIM_SCENARIOS"); env && *env) add(env);
  // Installed: <prefix>/bin/encsim beside <prefix>/share/encsim/scenarios.
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) add(exe.parent_path().parent_path() / ENCSIM_INSTALL_DATADIR / "encsim" / "scenarios");
  add(ENCSIM_SOURCE_SCENARIOS);
  return roots;
}

fs::path find_shipped(std::string_view name) {
  // A name, not a path out of the roots: no absolute paths, no "..".
  const fs::path rel = fs::path(name).lexically_normal();
  if (name.empty() || rel.is_absolute() || rel.empty() || *rel.begin() == "..") return {};
  std::error_code ec;
  for (const fs::path& root : shipped_roots())
    for (const fs::path& file : {root / rel, root / fs::path(std::string(name) + ".yaml")})
      if (fs::is_regular_file(file, ec)) return file;
  return {};
}

std::vector<ShippedLibrary> shipped_libraries(std::string_view ruleset) {
  std::vector<ShippedLibrary> out;
  std::error_code ec;
  for (const fs::path& root : shipped_roots()) {
    for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
      const fs::path& file = it->path();
      if (file.extension() != ".yaml" || !it->is_regular_file(ec)) continue;
      const std::string folder = file.parent_path().filename().string();
      if (!ruleset.empty() && folder != ruleset) continue;
      try {
        const Node doc = load_yaml_file(file.string());
        const Node* monsters = doc.is_map() ? doc.find("monsters") : nullptr;
        // A library holds `monsters:` and no fight (a scenario has `party:` or `foes:`).
        if (!monsters || !monsters->is_map() || doc.find("party") || doc.find("foes")) continue;
        ShippedLibrary lib{folder + "/" + file.stem().string(), file, folder, {}, {}};
        if (const Node* d = doc.find("description"); d && d->is_scalar()) lib.description = d->text();
        for (const Node::Entry& e : monsters->entries()) lib.entries.push_back(e.key);
        out.push_back(std::move(lib));
      } catch (const InputError&) {
        // Not a library encsim can read: not offered.
      }
    }
    if (!out.empty()) break;
  }
  std::sort(out.begin(), out.end(), [](const ShippedLibrary& a, const ShippedLibrary& b) { return a.name < b.name; });
  return out;
}

Node read_library(const std::string& name) {
  std::error_code ec;
  std::string file = name;
  if (!fs::exists(file, ec)) {
    const fs::path shipped = find_shipped(name);
    if (shipped.empty()) {
      std::vector<std::string> names;
      std::string hint;
      for (const ShippedLibrary& lib : shipped_libraries()) {
        names.push_back(lib.name);
        if (fs::path(lib.name).filename() == fs::path(name).stem()) hint = " (did you mean '" + lib.name + "'?)";
      }
      if (hint.empty()) hint = did_you_mean(name, names);
      throw InputError(SourcePos{}, "no library file or shipped library '" + name + "'" + hint +
                                        (names.empty() ? "" : "; shipped: " + one_of(names)));
    }
    file = shipped.string();
  }
  Node doc = load_yaml_file(file);
  const Node* monsters = doc.is_map() ? doc.find("monsters") : nullptr;
  if (!monsters || !monsters->is_map())
    throw InputError(doc.pos(), "'" + file + "' is not a library: it has no `monsters:` map of entries");
  return doc;
}

}  // namespace encsim
