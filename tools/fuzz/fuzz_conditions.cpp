// libFuzzer target: any bytes as a tactics condition (`when:`). It either
// fails with an InputError or compiles to a program that evaluates without
// reading outside its stack. Build and run: docs/fuzzing.md.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "encsim/error.hpp"
#include "encsim/tactics.hpp"

namespace {

struct Ctx {
  double base;
  double var(int id) const { return base * id - 2.0; }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace encsim;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto c = tactics::Condition::compile(text, SourcePos{}, tactics::common_vars());
    for (double base : {0.0, 1.0, -3.5, 1e300})
      (void)c.holds(Ctx{base});
  } catch (const InputError&) {
  }
  return 0;
}
