#include "sandtable/rng.hpp"

namespace sandtable {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

} // namespace

std::uint64_t Rng::derive(std::uint64_t seed, std::uint64_t stream) {
  // Two rounds of splitmix64 over a mix of both inputs: nearby (seed, stream)
  // pairs give unrelated seeds.
  std::uint64_t x = seed ^ (stream * 0xd1b54a32d192ed03ULL);
  splitmix64(x);
  return splitmix64(x) ^ stream;
}

Rng::Rng(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t x = derive(seed, stream);
  for (auto& word : s_) word = splitmix64(x);
}

std::uint64_t Rng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint32_t Rng::below(std::uint32_t n) {
  // Lemire, "Fast random integer generation in an interval" (2019).
  std::uint32_t x = static_cast<std::uint32_t>(next() >> 32);
  std::uint64_t m = static_cast<std::uint64_t>(x) * n;
  auto low = static_cast<std::uint32_t>(m);
  if (low < n) {
    const std::uint32_t threshold = (0u - n) % n;
    while (low < threshold) {
      x = static_cast<std::uint32_t>(next() >> 32);
      m = static_cast<std::uint64_t>(x) * n;
      low = static_cast<std::uint32_t>(m);
    }
  }
  return static_cast<std::uint32_t>(m >> 32);
}

double Rng::unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

} // namespace sandtable
