#pragma once
// Summaries of an experiment's trial results: rates with 95% Wilson
// intervals, battle length, losses by troop type, categorical outcomes, and
// the paired difference between each variant and the first (the trials share
// seeds, so the difference is measured on the same dice).
//
// A trial result may carry: winner (1, 2 or absent = draw), turns (number),
// losses ({ {class = count}, {class = count} } per side), outcome (string).
#include <cstdint>

#include "sandtable/experiment/runner.hpp"

namespace sandtable::experiment {

struct Interval {
  double rate = 0, low = 0, high = 0;
};

// Wilson score interval for k successes in n trials at 95%.
Interval wilson(std::uint64_t k, std::uint64_t n);

// The summary as plain data (the JSON and CSV outputs are written from it).
Value summarize(const Spec& spec, const Outcome& outcome);

// The widest 95% half-width among the reported rates (for --until-ci).
double widest_half_width(const Outcome& outcome);

} // namespace sandtable::experiment
