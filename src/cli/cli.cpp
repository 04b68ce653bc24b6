#include "cli/cli.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "encsim/error.hpp"

namespace encsim::cli {

const CLI::Validator kUnsigned(
    [](std::string& s) -> std::string {
      std::uint64_t v = 0;
      const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
      if (s.empty() || ec != std::errc() || end != s.data() + s.size())
        return "expected a whole number from 0 to 18446744073709551615, got '" + s + "'";
      return {};
    },
    "UINT64");

const CLI::Validator kFinite(
    [](std::string& s) -> std::string {
      char* end = nullptr;
      const double v = std::strtod(s.c_str(), &end);
      if (s.empty() || *end != '\0' || !std::isfinite(v)) return "expected a number, got '" + s + "'";
      return {};
    },
    "NUMBER");

const std::vector<Subcommand>& subcommands() {
  static const std::vector<Subcommand> kTable{
      {"run", "simulate scenarios and report win rates, rounds, damage and resources", &setup_run},
      {"check", "validate scenarios and print the compiled encounters", &setup_check},
      {"rules", "list the rule systems, or the YAML keys of one", &setup_rules},
      {"replay", "narrate one simulated fight turn by turn", &setup_replay},
      {"sweep", "run a scenario over a range (or grid) of values of one or two parameters", &setup_sweep},
      {"tune", "find the value of a parameter that gives a target party win rate", &setup_tune},
      {"sensitivity", "rank parameters by how much one step of each moves the party win rate", &setup_sensitivity},
      {"bench", "a fixed workload: combats per second and a hash of the results", &setup_bench},
  };
  return kTable;
}

Prepared prepare(const std::string& path, const std::vector<std::string>& only) {
  Prepared p{load_scenario(path, ruleset_ids()), {}, {}};
  std::vector<std::string> all;
  for (const Variant& v : p.scenario.variants) all.push_back(v.name);
  for (const std::string& want : only)
    if (std::find(all.begin(), all.end(), want) == all.end())
      throw InputError(SourcePos{}, "scenario '" + path + "' has no variant '" + want + "'" + did_you_mean(want, all) +
                                        "; it has " + one_of(all));
  for (const Variant& v : p.scenario.variants) {
    if (!only.empty() && std::find(only.begin(), only.end(), v.name) == only.end()) continue;
    p.variant_names.push_back(v.name);
    try {
      p.encounters.push_back(compile_variant(p.scenario, v));
    } catch (const InputError& e) {
      if (&v == &p.scenario.variants.front()) throw;
      // The base compiled, so the variant's overrides caused this.
      throw InputError(e.pos(), e.message() + " (in variant '" + v.name + "')");
    }
  }
  return p;
}

VariantResult make_result(const Scenario& scenario, const std::string& variant, const AnyEncounter& enc, RunResult run,
                          const RunSettings& settings) {
  VariantResult v;
  v.scenario = scenario.name;
  v.variant = variant;
  v.ruleset = scenario.ruleset;
  v.seed = settings.seed;
  v.tally = std::move(run.tally);
  std::visit(
      [&](const auto& e) {
        v.combatants = e.roster();
        v.resources = e.resource_specs();
        v.extras = e.extra_specs();
        if constexpr (requires { e.facts(); }) {
          v.facts = e.facts();
          v.note = e.note();
        }
      },
      enc);
  v.seconds = run.seconds;
  v.precision = settings.precision;
  v.precision_reached = run.precision_reached;
  return v;
}

JointResult run_encounters(const std::vector<const AnyEncounter*>& encs,
                           const std::vector<std::pair<std::size_t, std::size_t>>& pairs, const RunSettings& s) {
  ENCSIM_CHECK(!encs.empty());
  // The std::visit of the run: encounters of one scenario share its rule
  // system, so all hold the first one's alternative.
  return std::visit(
      [&](const auto& first) {
        using Enc = std::decay_t<decltype(first)>;
        std::vector<const Enc*> typed;
        for (const AnyEncounter* e : encs) typed.push_back(&std::get<Enc>(*e));
        return run_joint(typed, pairs, s);
      },
      *encs.front());
}

std::vector<VariantResult> run_prepared(const Prepared& p, const RunSettings& settings) {
  std::vector<const AnyEncounter*> encs;
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (std::size_t i = 0; i < p.encounters.size(); ++i) {
    encs.push_back(&p.encounters[i]);
    if (i > 0) pairs.emplace_back(0, i);
  }
  JointResult joint = run_encounters(encs, pairs, settings);
  std::vector<VariantResult> out;
  for (std::size_t i = 0; i < encs.size(); ++i) {
    out.push_back(make_result(p.scenario, p.variant_names[i], p.encounters[i], std::move(joint.runs[i]), settings));
    if (i > 0) {
      out.back().paired_with = p.variant_names[0];
      out.back().paired = joint.paired[i - 1];
    }
  }
  return out;
}

int main(int argc, char** argv) {
  CLI::App app{"encsim: Monte Carlo encounter-balance simulator for tabletop role-playing games"};
  app.set_version_flag("--version", std::string("encsim ") + ENCSIM_VERSION);
  app.require_subcommand(1);
  app.fallthrough(false);
  std::vector<std::string> names;
  for (const Subcommand& s : subcommands()) {
    s.setup(*app.add_subcommand(s.name, s.description));
    names.emplace_back(s.name);
  }
  // ninja-style: an unknown subcommand gets a did-you-mean before CLI11 sees it.
  if (argc > 1 && argv[1][0] != '-' &&
      std::find(names.begin(), names.end(), std::string(argv[1])) == names.end()) {
    std::cerr << "encsim: unknown command '" << argv[1] << "'" << did_you_mean(argv[1], names)
              << "; commands: " << one_of(names) << "\n";
    return kExitInput;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitInput;
  } catch (const InputError& e) {
    std::cerr << e.render();
    return kExitInput;
  } catch (const std::exception& e) {
    std::cerr << "encsim: internal error: " << e.what() << "\n";
    return kExitInternal;
  }
  return kExitOk;
}

}  // namespace encsim::cli
