// The generic line placement search in the core (deployment.hpp): Lua's
// table.sort order, the candidate places of a block, and small searches
// worked out by hand. (A commander that also runs the search in Lua, such
// as Phalanx's, holds the two to the same answers in its own tests.)
#include <catch2/catch.hpp>

#include "sandtable/deployment.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

using namespace sandtable::deployment;

namespace {

std::vector<LineCandidate> keyed(const std::vector<double>& keys) {
  std::vector<LineCandidate> out;
  for (std::size_t i = 0; i < keys.size(); ++i) out.push_back(LineCandidate{0, 0, keys[i], static_cast<int>(i + 1), 0});
  return out;
}

std::vector<int> ids(const std::vector<LineCandidate>& v) {
  std::vector<int> out;
  for (const auto& c : v) out.push_back(c.order);
  return out;
}

bool by_level(const LineCandidate& a, const LineCandidate& b) { return a.level < b.level; }

}  // namespace

TEST_CASE("lua_sort: equal elements come out as Lua's table.sort leaves them", "[deployment]") {
  // table.sort({3,1,2,1,3,2,1,2,3,1,1,2} as {k=, id=}, by k) in Lua 5.4 gives these ids
  auto v = keyed({3, 1, 2, 1, 3, 2, 1, 2, 3, 1, 1, 2});
  lua_sort(v, by_level);
  CHECK(ids(v) == std::vector<int>{7, 11, 10, 4, 2, 8, 12, 6, 3, 5, 9, 1});
}

TEST_CASE("lua_sort: distinct keys sorted as std::sort does", "[deployment]") {
  std::vector<double> keys;
  for (int i = 0; i < 300; ++i) keys.push_back(static_cast<double>((i * 7919) % 1009));
  auto v = keyed(keys);
  lua_sort(v, by_level);
  std::sort(keys.begin(), keys.end());
  for (std::size_t i = 0; i < keys.size(); ++i) CHECK(v[i].level == keys[i]);
  auto one = keyed({5});
  lua_sort(one, by_level);
  CHECK(ids(one) == std::vector<int>{1});
}

TEST_CASE("lua_sort: an inconsistent order function is refused", "[deployment]") {
  auto v = keyed({1, 2, 3, 4, 5, 6, 7, 8});
  CHECK_THROWS_AS(lua_sort(v, [](const LineCandidate&, const LineCandidate&) { return true; }), std::invalid_argument);
}

TEST_CASE("line_candidates: the ideal clamped, the ends of the free stretches, best level first", "[deployment]") {
  LineBlock b;
  b.width = 80;
  b.u0 = 150;
  // level 2: [100, 400] free; level 1: forbidden [120, 200] leaves [100, 120] and [200, 400]
  b.options.push_back(LineOption{2, 0, {}});
  b.options.push_back(LineOption{1, 10, {{120, 200}}});
  const auto c = line_candidates(b, 100, 400);
  REQUIRE(c.size() == 7);
  // level 1 first: 120 (30 from the ideal: the first stretch's clamped ideal), 100 and 200 (50: the first
  // stretch's start, the second's clamped ideal), 400 (the last stretch's end)
  CHECK(c[0].level == 1);
  CHECK(c[0].u == 120);
  CHECK(c[0].dv == 10);
  CHECK(c[3].u == 400);
  // then level 2: 150 (the ideal), 100 (50), 400 (250)
  CHECK(c[4].level == 2);
  CHECK(c[4].u == 150);
  CHECK(c[4].dist == 0);
  CHECK(c[5].u == 100);
  CHECK(c[6].u == 400);
}

TEST_CASE("fit_line: open ground puts each block at its ideal place", "[deployment]") {
  LinePart part;
  part.lo = 0;
  part.hi = 1000;
  for (double u0 : {300.0, 390.0}) {
    LineBlock b;
    b.width = 80;
    b.u0 = u0;
    b.options.push_back(LineOption{1, 0, {}});
    part.blocks.push_back(b);
  }
  std::vector<LinePart> parts{part};
  REQUIRE(fit_line(parts, 239.5, 2, 1000));
  CHECK(parts[0].blocks[0].pu0 == 300);
  CHECK(parts[0].blocks[1].pu0 == 390);
  CHECK(parts[0].blocks[1].pdv == 0);
}

TEST_CASE("fit_line: a line that cannot fit its sector fails, and a search cut short fails", "[deployment]") {
  LinePart part;
  part.lo = 0;
  part.hi = 150;
  for (int i = 0; i < 2; ++i) {
    LineBlock b;
    b.width = 80;
    b.u0 = 80.0 * i;
    b.options.push_back(LineOption{1, 0, {}});
    part.blocks.push_back(b);
  }
  std::vector<LinePart> parts{part};
  CHECK_FALSE(fit_line(parts, 239.5, 2, 1000));
  parts[0].hi = 400;
  CHECK_FALSE(fit_line(parts, 239.5, 2, 1));
  CHECK(fit_line(parts, 239.5, 2, 1000));
}

TEST_CASE("places_by_distance: the grid's places nearest the wanted one first", "[deployment]") {
  const auto p = places_by_distance({0, 10, 20}, {0, 5}, 10, 0);
  REQUIRE(p.size() == 6);
  CHECK(p[0] == std::pair<double, double>{10, 0});
  CHECK(p[1] == std::pair<double, double>{10, 5});
  CHECK(p.back().second == 5);   // 0 or 20 across, 5 up: the farthest
  CHECK(std::abs(p.back().first - 10) == 10);
}

TEST_CASE("overlapping_bases: touching is not overlapping, more than the slack is", "[deployment]") {
  // 80 x 40 bases facing north: the second touches the first, the third reaches 1 mm into the second,
  // the fourth (far away) is alone.
  const std::vector<PlacedBase> bases{{100, 100, 0, 80, 40}, {180, 100, 0, 80, 40}, {259, 100, 180, 80, 40},
                                      {800, 800, 45, 80, 40}};
  const auto pairs = overlapping_bases(bases, 0.5);
  REQUIRE(pairs.size() == 1);
  CHECK(pairs[0] == std::pair<std::size_t, std::size_t>{1, 2});
  CHECK(overlapping_bases(bases, 2).empty());
}
