// Dice from a script, for replaying a rules text's worked examples: each call
// must ask for the die the script expects, so a test also pins which roll the
// engine makes when. Every rule system's simulate_with() takes it in place of Rng.
#pragma once

#include <gtest/gtest.h>

#include <deque>
#include <utility>

namespace encsim::testing {

struct ScriptedDice {
  std::deque<std::pair<int, int>> script;  // (sides, value)
  bool lenient = false;  // once the script is spent, answer 1 (for streams a test does not pin)
  int calls = 0;
  int die(int sides) {
    ++calls;
    if (script.empty() && lenient) return 1;
    if (script.empty()) {
      ADD_FAILURE() << "script ran out at call " << calls << " (a d" << sides << ")";
      return 1;
    }
    const auto [want, value] = script.front();
    script.pop_front();
    EXPECT_EQ(sides, want) << "call " << calls;
    return value;
  }
};

}  // namespace encsim::testing
