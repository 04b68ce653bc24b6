// The one random number generator (DESIGN contract 1). xoshiro256++ seeded by
// SplitMix64 from (seed, trial, sub-stream): the dice of trial t are a pure
// function of those three numbers, so output is identical for any thread
// count, and every variant and sweep point meets the same dice in trial t.
#pragma once

#include <cstdint>

namespace encsim {

// Named sub-streams of a trial. A rule that draws from one never shifts the
// numbers another one sees. Values are part of the output contract: never
// renumber, only add.
enum class Stream : std::uint64_t {
  dice = 1,        // attack, damage and save rolls
  initiative = 2,  // turn order
  tactics = 3,     // random target choices, spotlight order
  setup = 4,       // per-trial set-up such as hit points rolled from hit dice
  rest = 5,        // a session's rests (recovery dice, the GM's Fear for resting)
};

constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// The seed of item `key` (its position in a session as written) of a session
// seeded with `seed`: a session's fight k draws the streams of trial t under
// this seed, so variants that drop or move items still meet the same dice
// item by item. Item 0 keeps the seed itself: a one-fight session is that
// fight's own run, die for die.
constexpr std::uint64_t item_seed(std::uint64_t seed, std::uint64_t key) noexcept {
  if (key == 0) return seed;
  std::uint64_t k = seed ^ (key * 0xD1B54A32D192ED03ULL);
  splitmix64(k);
  return splitmix64(k);
}

class Rng {
 public:
  explicit constexpr Rng(std::uint64_t key) noexcept {
    for (auto& word : s_) word = splitmix64(key);
  }

  // The stream `stream` of trial `trial` of a run seeded with `seed`.
  static constexpr Rng for_trial(std::uint64_t seed, std::uint64_t trial, Stream stream) noexcept {
    std::uint64_t k = seed;
    std::uint64_t key = splitmix64(k);
    k = key ^ trial;
    key = splitmix64(k);
    k = key ^ static_cast<std::uint64_t>(stream);
    return Rng(splitmix64(k));
  }

  constexpr std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(s_[0] + s_[3], 23) + s_[0];
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n), unbiased (Lemire's multiply-and-reject). n >= 1.
  constexpr std::uint32_t below(std::uint32_t n) noexcept {
    std::uint64_t m = static_cast<std::uint64_t>(next32()) * n;
    auto low = static_cast<std::uint32_t>(m);
    if (low < n) [[unlikely]] {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
      while (low < threshold) {
        m = static_cast<std::uint64_t>(next32()) * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  // One die with `sides` faces: 1..sides.
  constexpr int die(int sides) noexcept {
    return static_cast<int>(below(static_cast<std::uint32_t>(sides))) + 1;
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept {
    return (x << k) | (x >> (64 - k));
  }
  constexpr std::uint32_t next32() noexcept { return static_cast<std::uint32_t>(next() >> 32); }

  std::uint64_t s_[4]{};
};

// The streams of one trial, as every rule system's simulate() draws them:
// dice (rolls), init (turn order, surprise), tact (random choices) and setup
// (what is rolled before the fight). A session's fight takes them under its
// item's seed.
struct TrialStreams {
  Rng dice, init, tact, setup;
  constexpr TrialStreams(std::uint64_t seed, std::uint64_t trial) noexcept
      : dice(Rng::for_trial(seed, trial, Stream::dice)),
        init(Rng::for_trial(seed, trial, Stream::initiative)),
        tact(Rng::for_trial(seed, trial, Stream::tactics)),
        setup(Rng::for_trial(seed, trial, Stream::setup)) {}
};

}  // namespace encsim
