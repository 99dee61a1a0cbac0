// The bucket index must answer exactly what a scan of every base answers,
// in a fixed order.
#include <catch2/catch.hpp>

#include "sandtable/spatial_index.hpp"

#include <cmath>
#include <cstdint>

using namespace sandtable::geom;

namespace {

Base square(double x, double y, double side = 20, double facing = 0) { return Base{{x, y}, facing, side, side}; }

}  // namespace

TEST_CASE("queries by distance, sorted by id or by distance", "[spatial]") {
    SpatialIndex index(50.0);
    // Squares of 20 along the x axis; edge gaps from id 1 (x in [-10, 10]):
    //   id 7 at x=30 (x from 20): gap 10;  id 3 at x=60: gap 40;
    //   id 5 at x=-30: gap 10;  id 9 at x=320: gap 300.
    index.insert(1, square(0, 0));
    index.insert(7, square(30, 0));
    index.insert(3, square(60, 0));
    index.insert(5, square(-30, 0));
    index.insert(9, square(320, 0));
    CHECK(index.size() == 5);
    CHECK(index.ids() == std::vector<BaseId>{1, 3, 5, 7, 9});

    const Base b1 = *index.find(1);
    CHECK(index.within(b1, 10, BaseId{1}) == std::vector<BaseId>{5, 7});  // 10 is inclusive
    CHECK(index.within(b1, 9.9, BaseId{1}).empty());
    CHECK(index.within(b1, 40) == std::vector<BaseId>{1, 3, 5, 7});  // itself at 0 unless excluded

    const auto near = index.neighbours_of(1, 1000);
    REQUIRE(near.size() == 4);
    CHECK(near[0].id == 5);  // 10, tie with 7 broken by id
    CHECK(near[1].id == 7);
    CHECK(near[2].id == 3);
    CHECK(near[2].distance == Approx(40));
    CHECK(near[3].id == 9);
    CHECK(near[3].distance == Approx(300));
    CHECK(index.neighbours_of(42, 10).empty());

    // Filtered: only odd ids east of base 1 (7 at gap 10, 3 at 40, 9 at 300).
    const auto east_odd = index.nearest_within_if(
        b1, 1000, [](BaseId id, const Base& b) { return id % 2 == 1 && b.centre.x > 0; }, BaseId{1});
    REQUIRE(east_odd.size() == 3);
    CHECK(east_odd[0].id == 7);
    CHECK(east_odd[1].id == 3);
    CHECK(east_odd[2].id == 9);
}

TEST_CASE("update, remove and rotated bases", "[spatial]") {
    SpatialIndex index(25.0);
    index.insert(1, square(0, 0));
    index.insert(2, square(100, 0));
    CHECK(index.within(square(0, 0), 50, BaseId{1}).empty());  // gap 80
    // Move 2 next to 1 (gap 5), then rotate it 45: a diamond of half-diagonal
    // 10 sqrt2 = 14.14 centred at x = 30 reaches x = 15.86: gap 5.86.
    index.update(2, square(25, 0));
    CHECK(index.within(square(0, 0), 5, BaseId{1}) == std::vector<BaseId>{2});
    index.update(2, square(30, 0, 20, 45));
    CHECK(index.within(square(0, 0), 5.8, BaseId{1}).empty());
    CHECK(index.neighbours_of(1, 6)[0].distance == Approx(20 - 10 * std::sqrt(2.0)));
    CHECK(index.remove(2));
    CHECK_FALSE(index.remove(2));
    CHECK_FALSE(index.contains(2));
    CHECK(index.within(square(0, 0), 1000).size() == 1);
}

TEST_CASE("rectangle and point queries", "[spatial]") {
    SpatialIndex index(40.0);
    index.insert(4, square(0, 0));      // [-10, 10]^2
    index.insert(2, square(50, 50));    // [40, 60]^2
    index.insert(8, square(100, 0, 20, 45));  // diamond, corners at x = 100 +- 14.14
    // Window [10, 85.9] x [-5, 45]: touches 4's east edge, meets 2's south-west
    // corner region (x 40..60, y 40..45); the diamond's west corner is at
    // 85.86 < 85.9, inside.
    CHECK(index.intersecting({{10, -5}, {85.9, 45}}) == std::vector<BaseId>{2, 4, 8});
    CHECK(index.intersecting({{10.5, -5}, {85.8, 39}}).empty());
    // Point (25, 0): 15 from base 4, hypot(15, 40) = 42.72 from base 2's
    // corner (40, 40), 100 - 14.14 - 25 = 60.86 from the diamond's west corner.
    CHECK(index.within_of_point({25, 0}, 15) == std::vector<BaseId>{4});
    CHECK(index.within_of_point({25, 0}, 42.7) == std::vector<BaseId>{4});
    CHECK(index.within_of_point({25, 0}, 42.8) == std::vector<BaseId>{2, 4});
    CHECK(index.within_of_point({25, 0}, 61) == std::vector<BaseId>{2, 4, 8});
}

TEST_CASE("agrees with a scan over 300 bases", "[spatial]") {
    // Deterministic pseudo-random layout on a 1800 x 1200 table.
    std::uint64_t state = 12345;
    auto next = [&state](double lo, double hi) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return lo + (hi - lo) * static_cast<double>(state >> 11) / 9007199254740992.0;
    };
    SpatialIndex index(60.0);
    std::vector<Base> bases;
    for (BaseId id = 0; id < 300; ++id) {
        bases.push_back(Base{{next(0, 1800), next(0, 1200)}, next(-180, 180), next(20, 80), next(10, 40)});
        index.insert(id, bases.back());
    }
    for (BaseId probe = 0; probe < 300; probe += 7) {
        const double d = next(0, 300);
        std::vector<BaseId> expected;
        for (BaseId id = 0; id < 300; ++id) {
            if (id != probe && edge_distance(bases[probe], bases[id]) <= d) expected.push_back(id);
        }
        CHECK(index.within(bases[probe], d, probe) == expected);
    }
}

TEST_CASE("nearest first treats distances equal but for rounding as ties, by id", "[spatial]") {
    // id 8 is 10 mm away and id 2 is 10 mm and 1e-10 away: a tie that floating
    // point leans one way on one side of the table and the other way on the
    // other. Listed by id; beyond the contact tolerance, by distance.
    SpatialIndex index(50.0);
    index.insert(1, square(0, 0));
    index.insert(8, square(30, 0));          // x from 20: gap 10
    index.insert(2, square(-30 - 1e-10, 0));  // x to -20 - 1e-10: gap 10 + 1e-10
    const auto tied = index.neighbours_of(1, 100);
    REQUIRE(tied.size() == 2);
    CHECK(tied[0].distance > tied[1].distance);  // the rounding is there...
    CHECK(tied[0].id == 2);                      // ...and the order is by id
    CHECK(tied[1].id == 8);
    index.insert(2, square(-30 - 1e-4, 0));
    const auto apart = index.neighbours_of(1, 100);
    REQUIRE(apart.size() == 2);
    CHECK(apart[0].id == 8);
    CHECK(nearer_first({8, 10.0}, {2, 10.0 + 1e-4}));
    CHECK(nearer_first({2, 10.0 + 1e-10}, {8, 10.0}));
    CHECK_FALSE(nearer_first({8, 10.0}, {2, 10.0 + 1e-10}));
    CHECK(within_limit(10.0 + 1e-10, 10.0));
    CHECK_FALSE(within_limit(10.0 + 1e-5, 10.0));
}
