// libFuzzer target: any bytes as a dice expression. A parse either fails with
// DiceParseError or gives dice whose rolls stay within [min, max] and whose
// canonical text parses back to dice of the same range and mean. Build and run: docs/fuzzing.md.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "encsim/dice.hpp"
#include "encsim/rng.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace encsim;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Dice d;
  try {
    d = Dice::parse(text);
  } catch (const DiceParseError&) {
    return 0;
  }
  Rng rng(size);
  for (int i = 0; i < 16; ++i) {
    const int v = d.roll(rng);
    if (v < d.min() || v > d.max()) std::abort();
  }
  (void)d.mean();
  // The canonical text reads back as dice of the same range and mean.
  const Dice back = Dice::parse(d.to_string());
  if (back.min() != d.min() || back.max() != d.max() || back.mean() != d.mean()) std::abort();
  return 0;
}
