// encsim check SCENARIO.yaml...: validate only, print the compiled encounters.
#include <iostream>
#include <memory>

#include "cli/cli.hpp"

namespace encsim::cli {

void setup_check(CLI::App& sub) {
  auto files = std::make_shared<std::vector<std::string>>();
  sub.add_option("scenarios", *files, "scenario files (YAML)")->required()->check(CLI::ExistingFile);
  sub.callback([files] {
    for (const auto& f : *files) {
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
