// Terrain: what a footprint stands on, and lines of sight through woods and
// hills. Layout (mm), worked out by hand:
//   1 wood   square x 100..200, y 100..200, blocks LOS, height 15
//   2 field  square x 200..300, y 100..200 (shares the wood's east edge), open
//   3 hill   circle centre (400, 150) radius 50, blocks LOS, height 30
//   4 copse  U shape x 500..600, y 0..100 with a notch x 530..570, y 30..100
#include <catch2/catch.hpp>

#include "sandtable/terrain.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

using namespace sandtable::geom;

namespace {

Polygon square(double x0, double y0, double x1, double y1) { return Polygon{{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}}; }

TerrainMap make_map() {
    TerrainMap map;
    Feature wood{"wood", square(100, 100, 200, 200), 15.0, true, {}};
    wood.attributes["density"] = std::string("dense");
    CHECK(map.add(wood) == 1);
    CHECK(map.add({"field", square(200, 100, 300, 200), 0.0, false, {}}) == 2);
    CHECK(map.add({"hill", Circle{{400, 150}, 50}, 30.0, true, {}}) == 3);
    const Polygon u{{{500, 0}, {600, 0}, {600, 100}, {570, 100}, {570, 30}, {530, 30}, {530, 100}, {500, 100}}};
    CHECK(map.add({"copse", u, 0.0, true, {}}) == 4);
    return map;
}

Base make_base(double x, double y, double facing, double width, double depth) {
    return Base{{x, y}, facing, width, depth};
}

using Ids = std::vector<FeatureId>;

}  // namespace

TEST_CASE("features and their attributes", "[terrain]") {
    const TerrainMap map = make_map();
    CHECK(map.size() == 4);
    CHECK(map.feature(1).type == "wood");
    CHECK(std::get<std::string>(map.feature(1).attributes.at("density")) == "dense");
    CHECK_THROWS_AS(map.feature(5), std::out_of_range);
    TerrainMap bad;
    CHECK_THROWS_AS(bad.add({"line", Polygon{{{0, 0}, {1, 1}}}, 0, false, {}}), std::invalid_argument);
    CHECK_THROWS_AS(bad.add({"dot", Circle{{0, 0}, 0}, 0, false, {}}), std::invalid_argument);
}

TEST_CASE("a feature replaced in play keeps its id; a bad replacement changes nothing", "[terrain]") {
    TerrainMap map = make_map();
    // the wood burnt down to a field of its own shape: no longer blocks sight
    map.replace(1, {"burnt", square(100, 100, 200, 200), 0.0, false, {}});
    CHECK(map.size() == 4);
    CHECK(map.feature(1).type == "burnt");
    CHECK(map.line_of_sight({50, 150}, {250, 150}));
    // a new shape: the hill becomes a square; the probes read the new bounds
    map.replace(3, {"hill", square(380, 130, 420, 170), 30.0, true, {}});
    CHECK(map.features_at({430, 150}).empty());
    CHECK(map.features_at({400, 150}) == Ids{3});
    CHECK_THROWS_AS(map.replace(3, {"hill", Circle{{400, 150}, 0}, 30.0, true, {}}), std::invalid_argument);
    CHECK(map.features_at({400, 150}) == Ids{3});
    CHECK_THROWS_AS(map.replace(5, {"x", square(0, 0, 1, 1), 0.0, false, {}}), std::out_of_range);
}

TEST_CASE("what a footprint stands on", "[terrain]") {
    const TerrainMap map = make_map();
    SECTION("a base straddling the wood and the field") {
        // 40x20 at (200, 150): x 180..220, half in each.
        const Base b = make_base(200, 150, 0, 40, 20);
        CHECK(map.features_under(b) == Ids{1, 2});
        CHECK(map.cover_fraction(1, b) == Approx(0.5));
        CHECK(map.cover_fraction(2, b) == Approx(0.5));
        CHECK(map.cover_fraction(3, b) == 0);
    }
    SECTION("rotated 45 and straddling: the diamond's halves") {
        // A square of 20 at 45 degrees centred on the shared edge x = 200 is
        // split in two equal triangles.
        const Base b = make_base(200, 150, 45, 20, 20);
        CHECK(map.features_under(b) == Ids{1, 2});
        CHECK(map.cover_fraction(1, b) == Approx(0.5));
    }
    SECTION("touching the wood's edge from outside counts as touching, covers nothing") {
        const Base b = make_base(80, 150, 0, 40, 20);  // x 60..100
        CHECK(map.features_under(b) == Ids{1});
        CHECK(map.cover_fraction(1, b) == 0);
        CHECK(map.features_under(make_base(79, 150, 0, 40, 20)).empty());
    }
    SECTION("circles") {
        CHECK(map.features_under(make_base(400, 210, 0, 40, 20)) == Ids{3});  // y 200..220: tangent
        CHECK(map.features_under(make_base(400, 211, 0, 40, 20)).empty());
        // 40x20 at (460, 150): x 440..480, y 140..160. The hill's part of it is
        // the integral over u in [-10, 10] of sqrt(2500 - u^2) - 40
        // = 10 sqrt(2400) + 2500 asin(0.2) - 800 = 193.29 mm^2 of 800.
        const double expected = (10 * std::sqrt(2400.0) + 2500 * std::asin(0.2) - 800) / 800;
        CHECK(map.cover_fraction(3, make_base(460, 150, 0, 40, 20)) == Approx(expected).epsilon(1e-3));
    }
    SECTION("points and heights") {
        CHECK(map.features_at({150, 150}) == Ids{1});
        CHECK(map.features_at({200, 150}) == Ids{1, 2});  // on the shared edge
        CHECK(map.features_at({550, 50}).empty());        // in the copse's notch
        CHECK(map.features_at({510, 50}) == Ids{4});
        CHECK(map.height_at({400, 150}) == 30);
        CHECK(map.height_at({150, 150}) == 15);
        CHECK(map.height_at({0, 0}) == 0);
    }
}

TEST_CASE("line of sight through and past a wood polygon", "[terrain][los]") {
    const TerrainMap map = make_map();
    SECTION("straight through: 100 inside the wood, 50 inside the open field") {
        const auto c = map.crossings({50, 150}, {250, 150});
        REQUIRE(c.size() == 2);
        CHECK(c[0].id == 1);
        CHECK(c[0].length_inside == Approx(100));
        CHECK(c[1].id == 2);
        CHECK(c[1].length_inside == Approx(50));
        CHECK(map.los_blockers({50, 150}, {250, 150}) == Ids{1});
        CHECK_FALSE(map.line_of_sight({50, 150}, {250, 150}));
        // A rule seeing 100 into woods sees through; 99 does not.
        CHECK(map.line_of_sight({50, 150}, {250, 150}, 100));
        CHECK_FALSE(map.line_of_sight({50, 150}, {250, 150}, 99));
    }
    SECTION("diagonally: from corner to corner, 100 sqrt2 inside") {
        const auto c = map.crossings({50, 50}, {250, 250});
        REQUIRE_FALSE(c.empty());
        CHECK(c[0].length_inside == Approx(100 * std::sqrt(2.0)));
    }
    SECTION("past it, along its edge, and through its corner only") {
        CHECK(map.line_of_sight({50, 250}, {250, 250}));  // 50 north of it
        CHECK(map.line_of_sight({50, 200}, {250, 200}));  // along the north edge
        CHECK(map.line_of_sight({0, 200}, {200, 0}));     // x + y = 200 touches the corner (100, 100)
        CHECK(map.crossings({0, 200}, {200, 0}).empty());
    }
    SECTION("a concave wood: the line crosses both arms, not the notch") {
        const auto c = map.crossings({480, 50}, {620, 50});
        REQUIRE(c.size() == 1);
        CHECK(c[0].length_inside == Approx(60));  // 500..530 and 570..600
        CHECK(map.line_of_sight({540, 60}, {560, 60}));  // inside the notch
    }
}

TEST_CASE("line of sight and a circular hill", "[terrain][los]") {
    const TerrainMap map = make_map();
    CHECK_FALSE(map.line_of_sight({300, 150}, {500, 150}));  // through the centre: chord 100
    CHECK(map.crossings({300, 150}, {500, 150})[0].length_inside == Approx(100));
    // y = 180 is 30 from the centre: chord 2 sqrt(50^2 - 30^2) = 80.
    CHECK(map.crossings({300, 180}, {500, 180})[0].length_inside == Approx(80));
    CHECK(map.line_of_sight({300, 200}, {500, 200}));  // tangent
    CHECK(map.line_of_sight({300, 210}, {500, 210}));  // past
    // From the hill's centre outwards: 50 inside.
    CHECK(map.crossings({400, 150}, {500, 150})[0].length_inside == Approx(50));
}

TEST_CASE("line of sight between bases", "[terrain][los]") {
    const TerrainMap map = make_map();
    // Viewer 40x20 facing east (-90) at (50, 150): front edge x = 60, y 130..170.
    const Base viewer = make_base(50, 150, -90, 40, 20);
    SECTION("hidden behind the wood whichever way") {
        const Base target = make_base(250, 150, 0, 40, 20);
        CHECK_FALSE(map.line_of_sight_between(viewer, target, LosMode::CentreToCentre));
        CHECK_FALSE(map.line_of_sight_between(viewer, target, LosMode::FrontEdgeToAnyPart));
    }
    SECTION("the centres' line clips the wood, a corner-to-corner line clears it") {
        // Target at (250, 320). Centre line slope 170/200: y = 192.5 at x = 100,
        // inside the wood. Front-left corner (60, 170) to the target's
        // south-west corner (230, 310): slope 140/170, y = 202.9 at x = 100,
        // and rising: clear of the wood.
        const Base target = make_base(250, 320, 0, 40, 20);
        CHECK_FALSE(map.line_of_sight_between(viewer, target, LosMode::CentreToCentre));
        CHECK(map.line_of_sight_between(viewer, target, LosMode::FrontEdgeToAnyPart));
    }
}

// (No ';' in the name: ctest's test list splits on it, and this case then did not run.)
TEST_CASE("terrain probes: interiors overlap, touching does not, what holds a point", "[terrain][probe]") {
    const TerrainMap map = make_map();
    // A 40 x 20 base facing north centred at (150, 220): its rear edge y = 210, clear of the wood (y <= 200).
    CHECK_FALSE(map.overlaps_interior(1, BaseProbe(150, 220, 0, 40, 20)));
    // Rear edge exactly on the wood's north edge: touching only.
    CHECK_FALSE(map.overlaps_interior(1, BaseProbe(150, 210, 0, 40, 20)));
    CHECK(map.overlaps_interior(1, BaseProbe(150, 209, 0, 40, 20)));
    // Turned 45 degrees, a corner dipping into the wood.
    CHECK(map.overlaps_interior(1, BaseProbe(150, 215, 45, 40, 20)));
    // The circle (top at y = 200): a base whose rear edge reaches 5 mm inside it; one 5 mm short.
    CHECK(map.overlaps_interior(3, BaseProbe(400, 205, 0, 40, 20)));
    CHECK_FALSE(map.overlaps_interior(3, BaseProbe(400, 215, 0, 40, 20)));
    // The U: separating axes see a concave polygon as its convex hull, so a
    // base in the notch counts (as the Lua code it replaces; Phalanx's pieces
    // are convex).
    CHECK(map.overlaps_interior(4, BaseProbe(550, 60, 0, 20, 20)));
    CHECK(map.holds(1, 100, 150));   // a rectangle's boundary is inside
    CHECK(map.holds(3, 400, 100));   // so is a circle's
    CHECK_FALSE(map.holds(4, 550, 60));  // the notch, by the even-odd rule
    CHECK(map.near_square(1, 150, 230, 31));
    CHECK_FALSE(map.near_square(1, 150, 230, 30));
}

TEST_CASE("sight lines as a ruleset measures them: segments meet, circles entered", "[terrain][los]") {
    CHECK(segments_cross(0, 0, 2, 2, 0, 2, 2, 0));         // an X
    CHECK(segments_cross(0, 0, 1, 1, 1, 1, 2, 0));         // ends touching count
    CHECK(segments_cross(0, 0, 2, 0, 1, 0, 1, 5));         // an end on the other segment
    CHECK_FALSE(segments_cross(0, 0, 1, 0, 2, -1, 2, 1));  // short of it
    CHECK_FALSE(segments_cross(0, 0, 2, 0, 1, 0, 3, 0));   // collinear, overlapping: parallel
    CHECK_FALSE(segments_cross(1, 1, 1, 1, 0, 0, 2, 2));   // a zero-length segment: parallel to all
    // Circle (400, 150) radius 50: a line along its tangent does not enter it.
    CHECK_FALSE(segment_enters_circle(350, 100, 450, 100, 400, 150, 50));
    CHECK(segment_enters_circle(350, 101, 450, 101, 400, 150, 50));
    CHECK_FALSE(segment_enters_circle(300, 150, 349, 150, 400, 150, 50));  // ends short: clamped
    CHECK(segment_enters_circle(300, 150, 351, 150, 400, 150, 50));
    CHECK(segment_enters_circle(410, 160, 410, 160, 400, 150, 50));      // zero length: its point
    CHECK_FALSE(segment_enters_circle(450, 150, 450, 150, 400, 150, 50));
}

TEST_CASE("sight blocked: by a blocking feature holding neither end that the line crosses", "[terrain][los]") {
    const TerrainMap map = make_map();
    CHECK(map.sight_blocked(50, 150, 250, 150));          // through the wood
    CHECK_FALSE(map.sight_blocked(150, 150, 250, 150));   // from inside it
    CHECK_FALSE(map.sight_blocked(250, 150, 100, 150));   // to a point on its edge (held)
    CHECK(map.sight_blocked(50, 200, 250, 200));          // along its north edge: meets the side edges
    CHECK(map.sight_blocked(50, 250, 250, 50));           // through the corner (200, 100)... and more
    CHECK(map.sight_blocked(150, 250, 250, 150));         // grazing the corner (200, 200)
    CHECK_FALSE(map.sight_blocked(0, 300, 700, 300));     // clear of everything
    CHECK_FALSE(map.sight_blocked(210, 150, 290, 150));   // the field does not block
    CHECK(map.sight_blocked(300, 150, 500, 150));         // through the hill
    CHECK_FALSE(map.sight_blocked(300, 100, 480, 100));   // along its tangent
    CHECK_FALSE(map.sight_blocked(400, 150, 600, 250));   // from on it
    CHECK_FALSE(map.sight_blocked(330, 150, 330, 150));   // zero length, outside
    CHECK_FALSE(map.sight_blocked(550, 50, 550, 120));    // out of the copse's notch
    CHECK(map.sight_blocked(490, 50, 610, 50));           // across its arms
}

TEST_CASE("inside_span: where a segment runs inside a shape", "[terrain][sighting]") {
    double t0 = -1, t1 = -1;
    // Through the wood square x 100..200 from x 0 to x 400: inside from 0.25 to 0.5.
    REQUIRE(inside_span(square(100, 100, 200, 200), {{0, 150}, {400, 150}}, t0, t1));
    CHECK(t0 == Approx(0.25));
    CHECK(t1 == Approx(0.5));
    // Circle centre (400, 150) r 50 along y = 150 from x 300 to x 500: 0.25 .. 0.75.
    REQUIRE(inside_span(Circle{{400, 150}, 50}, {{300, 150}, {500, 150}}, t0, t1));
    CHECK(t0 == Approx(0.25));
    CHECK(t1 == Approx(0.75));
    // Through both arms of the U copse at y = 60 (x 500..530 and 570..600) from x 400 to x 700:
    // the span runs from the first arm's entry (1/3) to the second arm's exit (2/3).
    const Polygon u{{{500, 0}, {600, 0}, {600, 100}, {570, 100}, {570, 30}, {530, 30}, {530, 100}, {500, 100}}};
    REQUIRE(inside_span(u, {{400, 60}, {700, 60}}, t0, t1));
    CHECK(t0 == Approx(1.0 / 3));
    CHECK(t1 == Approx(2.0 / 3));
    // Along an edge, tangent, or past: not inside.
    CHECK_FALSE(inside_span(square(100, 100, 200, 200), {{0, 200}, {400, 200}}, t0, t1));
    CHECK_FALSE(inside_span(Circle{{400, 150}, 50}, {{300, 200}, {500, 200}}, t0, t1));
    // A segment starting inside: from 0.
    REQUIRE(inside_span(square(100, 100, 200, 200), {{150, 150}, {250, 150}}, t0, t1));
    CHECK(t0 == Approx(0.0));
    CHECK(t1 == Approx(0.5));
}

TEST_CASE("line_of_sight_over: heights of the eyes and of the features", "[terrain][sighting]") {
    const TerrainMap map = make_map();
    const double inf = std::numeric_limits<double>::infinity();
    // Tops: wood 15, field (does not block) 0, hill 30, copse unlimited.
    const std::vector<double> top{15, 0, 30, inf};
    // Both eyes on the table: the wood blocks, as line_of_sight.
    CHECK_FALSE(map.line_of_sight_over({50, 150}, 0, {250, 150}, 0, top));
    // Eyes at 16 each side: the line is level at 16, above the wood's 15.
    CHECK(map.line_of_sight_over({50, 150}, 16, {250, 150}, 16, top));
    // Exactly at the top is not "clearly above": blocked.
    CHECK_FALSE(map.line_of_sight_over({50, 150}, 15, {250, 150}, 15, top));
    // From an eye 60 high at x = 0 down to the table at x = 300 (y = 150): over the wood
    // (x 100..200) the line is 40 .. 20 high, above 15: seen; from 40 high it is 13.3 at
    // the wood's far edge: not.
    CHECK(map.line_of_sight_over({0, 150}, 60, {300, 150}, 0, top));
    CHECK_FALSE(map.line_of_sight_over({0, 150}, 40, {300, 150}, 0, top));
    // From 20 high down to 0 over 200 mm: at the wood's far edge (x 200, t = 0.75) the line
    // is 5 high, under 15: blocked.
    CHECK_FALSE(map.line_of_sight_over({0, 150}, 20, {200, 150}, 0, top));
    // The copse has no height (unlimited): never seen over, however high the eyes.
    CHECK_FALSE(map.line_of_sight_over({400, 60}, 1000, {700, 60}, 1000, top));
    // Standing on the hill (eye 30 at its centre): the hill itself does not block a look
    // down at the table to the east; one on the table at the west cannot see the one on
    // the hill's far side through it.
    CHECK(map.line_of_sight_over({400, 150}, 30, {520, 150}, 0, top));  // open table east of the hill
    CHECK(map.line_of_sight_over({400, 150}, 30, {470, 180}, 0, top));
    CHECK_FALSE(map.line_of_sight_over({300, 150}, 0, {500, 150}, 0, top));
    // see_into still applies: a line 100 mm through the wood with see_into 100 is clear at any height.
    CHECK(map.line_of_sight_over({50, 150}, 0, {250, 150}, 0, top, 100));
}
