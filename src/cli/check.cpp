// encsim check SCENARIO.yaml...: validate only, print the compiled encounters.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "cli/cli.hpp"
#include "cli/session.hpp"

namespace encsim::cli {
namespace {

// A session: every variant's items in its order, each fight's build as
// `check` prints a scenario's.
void check_session(const std::string& path) {
  const CompiledSession c = compile_session(path, {});
  const Session& s = c.session;
  std::cout << s.name << " (" << s.ruleset << ", a session): " << c.variants.size() << " variant(s), " << s.trials
            << " sessions, seed " << s.seed << "\n";
  for (std::size_t j = 0; j < c.variants.size(); ++j) {
    const SessionVariant& v = s.variants[c.variants[j]];
    std::cout << "variant " << v.name << ":\n";
    std::size_t k = 0;
    for (const SessionItem& it : v.items) {
      if (!it.fight) {
        std::cout << "rest " << it.name << ": " << it.rest.text() << "\n";
        continue;
      }
      std::cout << "fight " << it.name << ":\n";
      std::visit(
          [](const auto& enc) {
            for (const std::string& line : enc.behaviour()) std::cout << line << '\n';
            std::cout << enc.describe();
          },
          c.encounters[j][k++]);
    }
  }
  std::cout << "ok\n";
}

}  // namespace

void setup_check(CLI::App& sub) {
  auto files = std::make_shared<std::vector<std::string>>();
  sub.add_option("scenarios", *files, "scenario files (YAML)")->required()->check(CLI::ExistingFile);
  sub.callback([files] {
    for (const auto& f : *files) {
      if (is_session_file(f)) {
        check_session(f);
        continue;
      }
      const Prepared p = prepare(f, {});
      std::cout << p.scenario.name << " (" << p.scenario.ruleset << "): " << p.encounters.size() << " variant(s), "
                << p.scenario.trials << " trials, seed " << p.scenario.seed << "\n";
      for (std::size_t i = 0; i < p.encounters.size(); ++i) {
        std::cout << "variant " << p.variant_names[i] << ":\n";
        std::visit(
            [](const auto& enc) {
              for (const std::string& line : enc.behaviour()) std::cout << line << '\n';
              std::cout << enc.describe();
            },
            p.encounters[i]);
      }
      std::cout << "ok\n";
    }
  });
}

}  // namespace encsim::cli
