#pragma once
// Generic placement searches a commander hands to the core (it names no
// ruleset): a left-to-right search that places blocks along a line, each
// with depth options and forbidden intervals, within a node budget; the
// places of a grid nearest a wanted place, in the order Lua's table.sort
// gives (it is not stable: equal elements come out in the order its
// quicksort leaves them, so Lua and core answers agree bit for bit); and the
// pairs of oriented bases that overlap. The first user is a deployment
// commander (a ruleset's ai.lua); the answers do not depend on it.
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace sandtable::deployment {

// One depth option of a block: its level (1 best), its depth shift dv and the
// forbidden left ends [s1, s2] sorted by s1.
struct LineOption {
  double level = 1;
  double dv = 0;
  std::vector<std::pair<double, double>> forbidden;
};

// A block of the main battle line: its width, its ideal left end u0, its
// options; the search's answer in pu0 (left end) and pdv (depth shift),
// `assigned` once the search has tried it somewhere (as the Lua code, the
// last place tried).
struct LineBlock {
  double width = 0;
  double u0 = 0;
  std::vector<LineOption> options;
  double pu0 = 0, pdv = 0;
  bool assigned = false;
};

// A part of the line (left, centre, right) with its sector [lo, hi] and its
// blocks in the wanted order.
struct LinePart {
  double lo = 0, hi = 0;
  std::vector<LineBlock> blocks;
};

// A place to try: left end u, depth shift dv, level, option number (1-based)
// and distance from the ideal.
struct LineCandidate {
  double u = 0, dv = 0, level = 0;
  int order = 0;
  double dist = 0;
};

// Lua 5.4's table.sort (ltablib.c auxsort: median of three, the middle
// element as pivot), with `less` as the order function: the same
// comparisons in the same order, so the same result for equal elements.
// (table.sort switches to a clock-seeded pivot after a badly unbalanced split
// of 100 or more elements; this keeps the middle one.) Throws
// std::invalid_argument for an inconsistent order function, as table.sort
// raises "invalid order function for sorting".
void lua_sort(std::vector<LineCandidate>& a, const std::function<bool(const LineCandidate&, const LineCandidate&)>& less);

// The places to try for a block in [lo, hi], best first: for each option
// the free stretches of [lo, hi] outside its forbidden ends, and in each the
// ideal clamped into it, the last stretch's end, the first's start (one per
// tenth of a mm and option depth); ordered by level, then distance from the
// ideal (by more than 0.5 mm), then option.
std::vector<LineCandidate> line_candidates(const LineBlock& b, double lo, double hi);

// The depth-first line search: every block of every part gets a left end
// within its part's sector, `gap` after the previous block's end and within
// `limit` of it, leaving room for the rest of the part and reach to the next
// part. At most `budget` nodes. True when every block is placed (pu0, pdv).
// Parts of more than 62 blocks are refused (std::invalid_argument).
bool fit_line(std::vector<LinePart>& parts, double limit, double gap, int budget);

// The places (u, v) of the grid us x vs (u outer, v inner), nearest
// (|u - want_u| + |v - want_v|) first, in the order Lua's table.sort gives
// that list.
std::vector<std::pair<double, double>> places_by_distance(const std::vector<double>& us, const std::vector<double>& vs,
                                                          double want_u, double want_v);

// An oriented base: centre, facing (degrees, 0 north, counter-clockwise),
// width and depth.
struct PlacedBase {
  double x = 0, y = 0, facing = 0, w = 0, d = 0;
};

// The pairs (i, j), i < j, 0-based, in order, of bases that overlap by more
// than `slack` mm (bases further apart than their half-diagonals and 1 mm
// are skipped, then separating axes on the corners).
std::vector<std::pair<std::size_t, std::size_t>> overlapping_bases(const std::vector<PlacedBase>& bases, double slack);

}  // namespace sandtable::deployment
