// Internal invariants. An input error is an InputError (error.hpp); a CHECK is a
// bug in encsim. A failing CHECK prints both operands and aborts: the trial loop
// neither throws nor catches.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

namespace encsim::detail {

[[noreturn]] void check_failed(const char* file, int line, const std::string& what);

// The trial being simulated on this thread, so a failed CHECK names the trial to
// replay (STYLE habit 5). Set by the runner; -1 outside a trial.
void set_current_trial(long long trial) noexcept;
long long current_trial() noexcept;

template <class A, class B>
[[noreturn]] void check_op_failed(const char* file, int line, const char* expr, const A& a,
                                  const B& b) {
  std::ostringstream os;
  os << expr << " with " << a << " and " << b;
  check_failed(file, line, os.str());
}

}  // namespace encsim::detail

#define ENCSIM_CHECK(cond)                                                    \
  do {                                                                        \
    if (!(cond)) [[unlikely]]                                                 \
      ::encsim::detail::check_failed(__FILE__, __LINE__, #cond);              \
  } while (false)

#define ENCSIM_CHECK_OP(a, op, b)                                                        \
  do {                                                                                   \
    const auto& check_a_ = (a);                                                          \
    const auto& check_b_ = (b);                                                          \
    if (!(check_a_ op check_b_)) [[unlikely]]                                            \
      ::encsim::detail::check_op_failed(__FILE__, __LINE__, #a " " #op " " #b, check_a_, \
                                        check_b_);                                       \
  } while (false)

#define ENCSIM_CHECK_EQ(a, b) ENCSIM_CHECK_OP(a, ==, b)
#define ENCSIM_CHECK_NE(a, b) ENCSIM_CHECK_OP(a, !=, b)
#define ENCSIM_CHECK_LT(a, b) ENCSIM_CHECK_OP(a, <, b)
#define ENCSIM_CHECK_LE(a, b) ENCSIM_CHECK_OP(a, <=, b)
#define ENCSIM_CHECK_GE(a, b) ENCSIM_CHECK_OP(a, >=, b)
#define ENCSIM_CHECK_GT(a, b) ENCSIM_CHECK_OP(a, >, b)

#ifdef NDEBUG
#define ENCSIM_DCHECK(cond) \
  do {                      \
  } while (false)
#else
#define ENCSIM_DCHECK(cond) ENCSIM_CHECK(cond)
#endif
