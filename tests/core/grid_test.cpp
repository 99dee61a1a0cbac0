// Square tiles and hexes over the table, with hand-computed cells.
#include <catch2/catch.hpp>

#include "sandtable/grid.hpp"

#include <cmath>
#include <ostream>
#include <stdexcept>

namespace sandtable::geom {
// Readable failures.
std::ostream& operator<<(std::ostream& os, const Tile& t) { return os << "tile(" << t.col << ", " << t.row << ")"; }
std::ostream& operator<<(std::ostream& os, const Hex& h) { return os << "hex(" << h.q << ", " << h.r << ")"; }
}  // namespace sandtable::geom

using namespace sandtable::geom;

namespace {
using Tiles = std::vector<Tile>;
}

TEST_CASE("square tiles on a 1800 x 1200 table in 300 mm tiles", "[grid][square]") {
    const SquareGrid grid({0, 0}, 300, 6, 4);
    SECTION("the tile of a point") {
        CHECK(grid.tile_of({450, 100}) == Tile{1, 0});
        CHECK(grid.tile_of({300, 0}) == Tile{1, 0});       // a shared side belongs east
        CHECK(grid.tile_of({299.999, 0}) == Tile{0, 0});
        CHECK(grid.tile_of({1800, 1200}) == Tile{5, 3});   // the table's own corner: last tile
        CHECK_FALSE(grid.tile_of({1800.1, 5}));
        CHECK_FALSE(grid.tile_of({-1, 5}));
    }
    SECTION("centres and rectangles") {
        CHECK(grid.centre({1, 0}) == Vec2{450, 150});
        const Rect r = grid.rect({5, 3});
        CHECK(r.min == Vec2{1500, 900});
        CHECK(r.max == Vec2{1800, 1200});
    }
    SECTION("tiles at the table edge") {
        CHECK(grid.on_edge({0, 2}));   // west column
        CHECK(grid.on_edge({5, 1}));   // east column
        CHECK(grid.on_edge({2, 3}));   // north row
        CHECK(grid.on_edge({3, 0}));   // south row
        CHECK_FALSE(grid.on_edge({2, 1}));
        CHECK_FALSE(grid.on_edge({4, 2}));
        CHECK_FALSE(grid.on_edge({6, 0}));  // off the grid
        int edge_tiles = 0;
        for (const Tile& t : grid.tiles()) edge_tiles += grid.on_edge(t) ? 1 : 0;
        CHECK(edge_tiles == 24 - 4 * 2);  // all but the 4 x 2 interior
    }
    SECTION("iteration order and neighbours") {
        const Tiles all = grid.tiles();
        REQUIRE(all.size() == 24);
        CHECK(all[0] == Tile{0, 0});
        CHECK(all[1] == Tile{1, 0});
        CHECK(all[6] == Tile{0, 1});
        CHECK(all.back() == Tile{5, 3});
        CHECK(grid.neighbours({0, 0}) == Tiles{{1, 0}, {0, 1}});
        CHECK(grid.neighbours({0, 0}, true) == Tiles{{1, 0}, {1, 1}, {0, 1}});
        CHECK(grid.neighbours({2, 1}) == Tiles{{3, 1}, {2, 2}, {1, 1}, {2, 0}});
        CHECK(grid.neighbours({2, 1}, true).size() == 8);
    }
    SECTION("tiles under a base") {
        CHECK(grid.tiles_under(Base{{300, 150}, 0, 40, 20}) == Tiles{{0, 0}, {1, 0}});  // x 280..320
        CHECK(grid.tiles_under(Base{{320, 150}, 0, 40, 20}) == Tiles{{1, 0}});  // x 300..340: along the side only
        // A 45-degree diamond on the corner shared by four tiles.
        CHECK(grid.tiles_under(Base{{300, 300}, 45, 20, 20}) == Tiles{{0, 0}, {1, 0}, {0, 1}, {1, 1}});
    }
    SECTION("an offset origin and bad sizes") {
        const SquareGrid offset({100, 50}, 100, 2, 2);
        CHECK(offset.tile_of({100, 50}) == Tile{0, 0});
        CHECK(offset.tile_of({250, 50}) == Tile{1, 0});
        CHECK_FALSE(offset.tile_of({99, 50}));
        CHECK_THROWS_AS(SquareGrid({0, 0}, 0, 2, 2), std::invalid_argument);
        CHECK_THROWS_AS(SquareGrid({0, 0}, 10, 0, 2), std::invalid_argument);
    }
}

TEST_CASE("pointy-top hexes 40 mm across the flats", "[grid][hex]") {
    // Circumradius R = 40 / sqrt3 = 23.094. Pointy-top centres:
    // (sqrt3 q + sqrt3/2 r, 1.5 r) R: (1, 0) -> (40, 0); (0, 1) -> (20, 34.641).
    const HexGrid grid({0, 0}, 40, HexOrientation::PointyTop);
    CHECK(grid.circumradius() == Approx(40 / std::sqrt(3.0)));
    const Vec2 c10 = grid.centre({1, 0});
    CHECK(c10.x == Approx(40));
    CHECK(c10.y == Approx(0).margin(1e-12));
    const Vec2 c01 = grid.centre({0, 1});
    CHECK(c01.x == Approx(20));
    CHECK(c01.y == Approx(34.6410162));
    // The side shared by (0,0) and (1,0) is x = 20.
    CHECK(grid.hex_of({19.9, 0}) == Hex{0, 0});
    CHECK(grid.hex_of({20.1, 0}) == Hex{1, 0});
    // The north corner of (0,0) is (0, R = 23.094).
    CHECK(grid.hex_of({0, 23.0}) == Hex{0, 0});
    CHECK(grid.hex_of({1, 24}) == Hex{0, 1});
    CHECK(grid.corners({0, 0})[1].y == Approx(40 / std::sqrt(3.0)));  // corner 1 points north
    CHECK(grid.hex_of({-80, -69.28}) == Hex{-1, -2});  // centre of (-1,-2): (-40 - 40, -69.28)
}

TEST_CASE("flat-top hexes", "[grid][hex]") {
    // Centres (1.5 q, sqrt3/2 q + sqrt3 r) R with R = 23.094:
    // (1, 0) -> (34.641, 20), bearing -60; (0, 1) -> (0, 40), due north.
    const HexGrid grid({100, 100}, 40, HexOrientation::FlatTop);
    const Vec2 c10 = grid.centre({1, 0});
    CHECK(c10.x == Approx(134.6410162));
    CHECK(c10.y == Approx(120));
    CHECK(bearing_deg({100, 100}, c10) == Approx(-60));
    CHECK(grid.centre({0, 1}).y == Approx(140));
    // The side shared by (0,0) and (0,1) is y = 120 (20 above the centre).
    CHECK(grid.hex_of({100, 119.9}) == Hex{0, 0});
    CHECK(grid.hex_of({100, 120.1}) == Hex{0, 1});
    CHECK(grid.corners({0, 0})[0].x == Approx(100 + 40 / std::sqrt(3.0)));  // corner 0 points east
}

TEST_CASE("hex distance, neighbours and rings", "[grid][hex]") {
    CHECK(HexGrid::distance({0, 0}, {3, -1}) == 3);
    CHECK(HexGrid::distance({2, -3}, {-1, 2}) == 5);  // dq 3, dr -5, ds 2: (3 + 5 + 2) / 2
    CHECK(HexGrid::distance({4, 4}, {4, 4}) == 0);
    const auto n = HexGrid::neighbours({2, -1});
    CHECK(n[0] == Hex{3, -1});
    CHECK(n[1] == Hex{2, 0});
    CHECK(n[2] == Hex{1, 0});
    CHECK(n[3] == Hex{1, -1});
    CHECK(n[4] == Hex{2, -2});
    CHECK(n[5] == Hex{3, -2});
    const HexGrid grid({0, 0}, 40, HexOrientation::PointyTop);
    for (const Hex& h : n) {
        CHECK(HexGrid::distance({2, -1}, h) == 1);
        CHECK(distance(grid.centre({2, -1}), grid.centre(h)) == Approx(40));  // one hex across
    }
    // Pointy-top order is E, NE, NW, W, SW, SE.
    CHECK(bearing_deg(grid.centre({2, -1}), grid.centre(n[1])) == Approx(-30));
    CHECK(HexGrid::within({0, 0}, 1).size() == 7);
    CHECK(HexGrid::within({5, 5}, 2).size() == 19);  // 1 + 6 + 12
    CHECK(HexGrid::within({0, 0}, 1).front() == Hex{-1, 0});
}

TEST_CASE("every hex centre and near-corner point maps back to its hex", "[grid][hex]") {
    for (const auto orientation : {HexOrientation::PointyTop, HexOrientation::FlatTop}) {
        const HexGrid grid({-37, 12}, 52, orientation);
        for (const Hex& h : HexGrid::within({0, 0}, 4)) {
            CHECK(grid.hex_of(grid.centre(h)) == h);
            for (const Vec2& corner : grid.corners(h)) {
                const Vec2 near_corner = grid.centre(h) + (corner - grid.centre(h)) * 0.98;
                CHECK(grid.hex_of(near_corner) == h);
            }
        }
    }
}
