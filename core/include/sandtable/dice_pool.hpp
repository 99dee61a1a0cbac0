#pragma once
// Exact distribution of hits from a pool of dice: each die hits on `hit_on`
// or more, and a die showing one of `reroll` faces is rolled once more (the
// second roll stands). Computed by convolution of per-die hit probabilities,
// so 20 dice cost 20 small steps, not 6^20 outcomes.
#include <vector>

namespace sandtable {

// Bounds checked before any work (a pool's distribution costs dice² steps).
inline constexpr int kMaxPoolDice = 10000;
inline constexpr int kMaxPoolSides = 1000000;

struct PoolSpec {
  int dice = 0;
  int sides = 6;
  int hit_on = 4;             // a face >= hit_on hits
  std::vector<int> reroll;    // faces re-rolled once
};

// Probability that one die of the pool hits.
double pool_die_hit_probability(const PoolSpec& pool);
// result[k] = probability of exactly k hits, k = 0..dice.
std::vector<double> pool_hits_distribution(const PoolSpec& pool);

} // namespace sandtable
