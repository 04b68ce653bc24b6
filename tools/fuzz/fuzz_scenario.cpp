// libFuzzer target: any bytes as a scenario file, through loading, every
// variant's compilation and a few trials of the fight. Bad input must end as an
// InputError; anything else (a crash, a sanitizer report, another exception)
// is a finding. Build and run: docs/fuzzing.md.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>

#include "encsim/error.hpp"
#include "encsim/runner.hpp"
#include "encsim/scenario.hpp"
#include "encsim/tally.hpp"
#include "rules/registry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace encsim;
  static const std::vector<std::string> ids = ruleset_ids();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const Scenario s = load_scenario_text(text, "fuzz.yaml", ids, ENCSIM_FUZZ_BASE_DIR);
    for (const Variant& v : s.variants) {
      const AnyEncounter enc = compile_variant(s, v);
      std::visit(
          [](const auto& e) {
            Tally tally = make_tally(e);
            TrialRecord record;
            NullLog log;
            for (std::uint64_t t = 0; t < 3; ++t) {
              record.reset(e.combatant_count(), e.features().size());  // every feature's row, as the runner sizes it
              e.simulate(1, t, record, log);
              tally.add(record, e.roster());
            }
          },
          enc);
    }
  } catch (const InputError&) {
  }
  return 0;
}
