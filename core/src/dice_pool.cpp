#include "sandtable/dice_pool.hpp"

#include <algorithm>
#include <fmt/format.h>

#include "sandtable/errors.hpp"

namespace sandtable {

double pool_die_hit_probability(const PoolSpec& pool) {
  if (pool.sides < 1) throw Error(fmt::format("a dice pool needs dice with at least one side, not {}", pool.sides));
  const double n = pool.sides;
  const auto hits = [&](int face) { return face >= pool.hit_on; };
  const auto rerolled = [&](int face) {
    return std::find(pool.reroll.begin(), pool.reroll.end(), face) != pool.reroll.end();
  };
  double p_hit_once = 0;
  for (int f = 1; f <= pool.sides; ++f) p_hit_once += hits(f) ? 1 / n : 0;
  double p = 0;
  for (int f = 1; f <= pool.sides; ++f) p += rerolled(f) ? p_hit_once / n : (hits(f) ? 1 / n : 0);
  return p;
}

std::vector<double> pool_hits_distribution(const PoolSpec& pool) {
  if (pool.dice < 0) throw Error(fmt::format("a dice pool cannot have {} dice", pool.dice));
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
