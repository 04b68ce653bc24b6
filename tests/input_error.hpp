// What a piece of code throws as an InputError, for tests that pin messages.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "encsim/error.hpp"

namespace encsim::testing {

template <class F>
std::optional<InputError> input_error_of(F&& f) {
  try {
    std::forward<F>(f)();
  } catch (const InputError& e) {
    return e;
  }
  return std::nullopt;
}

template <class F>
std::string message_of(F&& f) {
  const auto e = input_error_of(std::forward<F>(f));
  return e ? e->message() : "(no error)";
}

template <class F>
std::string render_of(F&& f) {
  const auto e = input_error_of(std::forward<F>(f));
  return e ? e->render() : "(no error)";
}

template <class F>
std::pair<int, int> where_of(F&& f) {
  const auto e = input_error_of(std::forward<F>(f));
  return e ? std::pair{e->pos().line, e->pos().col} : std::pair{-1, -1};
}

}  // namespace encsim::testing
