// encsim rules [ID]: the rule systems, or one system's YAML keys.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "cli/cli.hpp"

namespace encsim::cli {

void setup_rules(CLI::App& sub) {
  auto id = std::make_shared<std::string>();
  sub.add_option("id", *id, "a ruleset id (see the list)");
  sub.callback([id] {
    if (id->empty()) {
      std::cout << "rule systems (the `ruleset:` of a scenario):\n";
      for (const auto& r : rulesets()) std::cout << "  " << r.id << "  " << r.title << " (" << r.source << ")\n";
      std::cout << "`encsim rules ID` lists a system's keys.\n";
      return;
    }
    const auto ids = ruleset_ids();
    if (std::find(ids.begin(), ids.end(), *id) == ids.end())
      throw InputError(SourcePos{}, "unknown ruleset '" + *id + "'" + did_you_mean(*id, ids) + "; known: " + one_of(ids));
    std::cout << rules_reference(*id);
  });
}

}  // namespace encsim::cli
