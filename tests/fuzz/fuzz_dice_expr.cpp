// libFuzzer target: dice expressions ("3d6+2", "d20-1"). Any text either
// parses or raises DiceExprError; a parsed expression has min <= max, every
// roll lies in [min, max], and its distribution (when not refused as too
// costly) covers exactly [min, max] with probabilities summing to 1.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "sandtable/dice.hpp"
#include "sandtable/dice_expr.hpp"
#include "sandtable/errors.hpp"

using namespace sandtable;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  DiceExpr e;
  try {
    e = DiceExpr::parse(text);
  } catch (const DiceExprError&) {
    return 0;
  }
  const int lo = e.min(), hi = e.max();
  if (lo > hi) std::abort();
  RandomSource source(size, 1);
  for (int i = 0; i < 3; ++i) {
    const int r = e.roll(source);
    if (r < lo || r > hi) std::abort();
  }
  try {
    const auto dist = e.distribution();
    double sum = 0;
    for (const auto& [v, p] : dist) {
      if (v < lo || v > hi || !(p >= 0)) std::abort();
      sum += p;
    }
    if (dist.empty() || dist.begin()->first != lo || dist.rbegin()->first != hi) std::abort();
    if (std::fabs(sum - 1.0) > 1e-6) std::abort();
  } catch (const Error&) {
    // refused as too costly to compute: a clear error, which is the point
  }
  return 0;
}
