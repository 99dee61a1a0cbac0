#pragma once
// The engine's random generator: xoshiro256** (Blackman & Vigna), seeded by
// splitmix64 from (seed, stream). A battle, trial or worker gets its own
// stream, so its rolls depend only on (seed, stream id), never on which
// thread runs it or what ran before.
#include <cstdint>

namespace sandtable {

class Rng {
public:
  Rng(std::uint64_t seed, std::uint64_t stream = 0);

  std::uint64_t next();
  // Uniform in [0, n) without modulo bias (Lemire's multiply-and-reject).
  std::uint32_t below(std::uint32_t n);
  // Uniform double in [0, 1).
  double unit();

  // The seed of stream `stream` under master seed `seed`: used to derive a
  // per-trial seed from an experiment seed.
  static std::uint64_t derive(std::uint64_t seed, std::uint64_t stream);

private:
  std::uint64_t s_[4];
};

} // namespace sandtable
