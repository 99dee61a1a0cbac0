#include "sandtable/dice_pool.hpp"

#include <algorithm>
#include <fmt/format.h>

#include "sandtable/errors.hpp"

namespace sandtable {

double pool_die_hit_probability(const PoolSpec& pool) {
  if (pool.sides < 1 || pool.sides > kMaxPoolSides)
    throw Error(fmt::format("a dice pool needs dice of 1 to {} sides, not {}", kMaxPoolSides, pool.sides));
  const double n = pool.sides;
  const auto hits = [&](int face) { return face >= pool.hit_on; };
  std::vector<int> reroll = pool.reroll;  // sorted: sides x log(faces), not sides x faces
  std::sort(reroll.begin(), reroll.end());
  const auto rerolled = [&](int face) { return std::binary_search(reroll.begin(), reroll.end(), face); };
  double p_hit_once = 0;
  for (int f = 1; f <= pool.sides; ++f) p_hit_once += hits(f) ? 1 / n : 0;
  double p = 0;
  for (int f = 1; f <= pool.sides; ++f) p += rerolled(f) ? p_hit_once / n : (hits(f) ? 1 / n : 0);
  return p;
}

std::vector<double> pool_hits_distribution(const PoolSpec& pool) {
  // The distribution costs dice² steps and dice doubles: refused before the work.
  // (Fix: a pool of 99999999 dice hung.)
  if (pool.dice < 0 || pool.dice > kMaxPoolDice)
    throw Error(fmt::format("a dice pool needs 0 to {} dice, not {}", kMaxPoolDice, pool.dice));
  const double p = pool_die_hit_probability(pool);
  // Add one die at a time: dist'[k] = dist[k](1-p) + dist[k-1]p.
  std::vector<double> dist(static_cast<std::size_t>(pool.dice) + 1, 0.0);
  dist[0] = 1.0;
  for (int d = 1; d <= pool.dice; ++d) {
    for (auto k = static_cast<std::size_t>(d); k > 0; --k) dist[k] = dist[k] * (1 - p) + dist[k - 1] * p;
    dist[0] *= 1 - p;
  }
  return dist;
}

} // namespace sandtable
