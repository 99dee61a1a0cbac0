// Moves that stop at first contact. Expected stops are worked out by hand in
// the comments; each stop is also checked to leave the bases touching, not
// overlapping.
#include <catch2/catch.hpp>

#include "sandtable/movement.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <utility>
#include <vector>

using namespace sandtable::geom;

namespace {

Base make_base(double x, double y, double facing, double width, double depth) {
    return Base{{x, y}, facing, width, depth};
}

void check_touching_not_overlapping(const Base& a, const Base& b) {
    CHECK(edge_distance(a, b) == Approx(0).margin(1e-6));
    CHECK_FALSE(overlaps(a, b));
}

const double kSqrt2 = std::sqrt(2.0);

}  // namespace

TEST_CASE("advance in the open and backwards", "[movement][advance]") {
    const MoveContext open{};
    const MoveResult r = advance(make_base(0, 0, 0, 40, 20), 50, open);
    CHECK(r.completed());
    CHECK(r.distance == Approx(50));
    CHECK(r.base.centre.x == Approx(0).margin(1e-12));
    CHECK(r.base.centre.y == Approx(50));
    // Facing 30, forward is (-sin30, cos30) = (-0.5, 0.866): 100 takes the centre to (-50, 86.6).
    const MoveResult turned = advance(make_base(0, 0, 30, 40, 20), 100, open);
    CHECK(turned.base.centre.x == Approx(-50));
    CHECK(turned.base.centre.y == Approx(86.6025404));
    const MoveResult back = advance(make_base(0, 0, 0, 40, 20), -30, open);
    CHECK(back.distance == Approx(-30));
    CHECK(back.base.centre.y == Approx(-30));
}

TEST_CASE("an advance stops at contact with a rotated base", "[movement][advance]") {
    // Obstacle 40x20 facing 30 at (0, 100). Its rear-left corner is
    // -10 forward - 20 right = -10 (-0.5, 0.866) - 20 (0.866, 0.5)
    // = (-12.32, -18.66) from its centre: (-12.32, 81.34), the lowest point,
    // within the mover's frontage x in [-20, 20]. The mover's front (y = 10)
    // reaches it after 81.339746 - 10 = 71.339746.
    const std::vector<Obstacle> obstacles{{7, make_base(0, 100, 30, 40, 20)}};
    const MoveContext ctx{.obstacles = obstacles};
    const MoveResult r = advance(make_base(0, 0, 0, 40, 20), 200, ctx);
    CHECK(r.stopped_by == StopReason::Base);
    REQUIRE(r.blocker);
    CHECK(*r.blocker == 7);
    CHECK(r.distance == Approx(100 - 18.660254 - 10));
    CHECK(r.base.centre.y == Approx(71.339746));
    check_touching_not_overlapping(r.base, obstacles[0].base);
    CHECK(r.mover_edge == Edge::Front);
    // The corner lies between the obstacle's left flank and rear; the mover's
    // centre (0, 71.34) is 14.8 beyond the rear line and -5.7 beyond the left
    // flank line: rear.
    CHECK(r.blocker_edge == Edge::Rear);
    CHECK(r.touching == std::vector<BaseId>{7});

    SECTION("the same with the obstacle held by a spatial index that also holds the mover") {
        SpatialIndex index(50);
        index.insert(1, make_base(0, 0, 0, 40, 20));
        index.insert(7, obstacles[0].base);
        index.insert(8, make_base(500, 500, 0, 40, 20));
        MoveContext indexed;
        indexed.index = &index;
        indexed.self = 1;
        const MoveResult ri = advance(*index.find(1), 200, indexed);
        CHECK(ri.blocker == std::optional<BaseId>{7});
        CHECK(ri.distance == Approx(71.339746));
    }
}

TEST_CASE("a rotated mover advancing into a wall", "[movement][advance]") {
    // Mover 40x20 facing 30 at the origin: its highest corner is the
    // front-right, 10 (-0.5, 0.866) + 20 (0.866, 0.5) = (12.32, 18.66). It
    // climbs 0.866 per mm of advance, so it meets the wall's south edge
    // (y = 50) after (50 - 18.660254) / 0.8660254 = 36.188.
    const std::vector<Obstacle> wall{{3, make_base(0, 60, 0, 400, 20)}};
    const MoveResult r = advance(make_base(0, 0, 30, 40, 20), 100, MoveContext{.obstacles = wall});
    CHECK(r.distance == Approx((50 - 18.660254) / 0.8660254));
    CHECK(r.blocker_edge == Edge::Rear);
    // Corner contact: the contact normal is the wall's (0, 1); the mover's
    // front normal (-0.5, 0.866) is squarer to it than its right flank's
    // (0.866, 0.5), so the mover hit the wall with its front.
    CHECK(r.mover_edge == Edge::Front);
    check_touching_not_overlapping(r.base, wall[0].base);
}

TEST_CASE("a move blocked at distance 0, and moves that touching does not block", "[movement]") {
    // Obstacle directly ahead, touching: its rear y = 10 is the mover's front.
    const std::vector<Obstacle> ahead{{2, make_base(0, 20, 0, 40, 20)}};
    const MoveContext ctx{.obstacles = ahead};
    const Base mover = make_base(0, 0, 0, 40, 20);
    const MoveResult blocked = advance(mover, 10, ctx);
    CHECK(blocked.stopped_by == StopReason::Base);
    CHECK(blocked.distance == 0);
    CHECK(blocked.base.centre == mover.centre);
    CHECK(blocked.mover_edge == Edge::Front);
    CHECK(blocked.blocker_edge == Edge::Rear);

    const MoveResult away = advance(mover, -10, ctx);
    CHECK(away.completed());
    CHECK(away.distance == Approx(-10));
    CHECK(away.touching.empty());

    // Sliding 30 east along the shared line: x from [-20, 20] to [10, 50],
    // still sharing y = 10 over x in [10, 20].
    const MoveResult along = slide(mover, {30, 0}, ctx);
    CHECK(along.completed());
    CHECK(along.touching == std::vector<BaseId>{2});

    // Turning in place into it is blocked at once (the front corners rise).
    const MoveResult turned = turn(mover, 10, ctx);
    CHECK(turned.stopped_by == StopReason::Base);
    CHECK(turned.turned_deg == 0);
}

TEST_CASE("overlaps that exist before the move do not stop it", "[movement]") {
    const std::vector<Obstacle> stuck{{4, make_base(0, 15, 0, 40, 20)}};  // 5 deep into the mover
    const MoveResult r = advance(make_base(0, 0, 0, 40, 20), -30, MoveContext{.obstacles = stuck});
    CHECK(r.completed());
    CHECK(r.distance == Approx(-30));
}

TEST_CASE("an overlap that exists before the move may not get deeper", "[movement]") {
    // The obstacle's rear (y = 5) lies 5 mm inside the mover's front (y = 10).
    const std::vector<Obstacle> stuck{{4, make_base(0, 15, 0, 40, 20)}};
    const MoveContext ctx{.obstacles = stuck};
    const Base mover = make_base(0, 0, 0, 40, 20);
    CHECK(penetration(Footprint(mover), Footprint(stuck[0].base)) == Approx(5));

    const MoveResult deeper = advance(mover, 10, ctx);
    CHECK(deeper.stopped_by == StopReason::Base);
    CHECK(deeper.blocker == std::optional<BaseId>{4});
    CHECK(deeper.distance == Approx(0).margin(1e-9));

    // Sliding sideways keeps the 5 mm (the x overlap shrinks from 40 to 10).
    const MoveResult along = slide(mover, {30, 0}, ctx);
    CHECK(along.completed());
    CHECK(penetration(Footprint(along.base), Footprint(stuck[0].base)) == Approx(5));

    // Turning in place into it swings the front corners deeper: blocked at once.
    const MoveResult turned = turn(mover, 20, ctx);
    CHECK(turned.stopped_by == StopReason::Base);
    CHECK(turned.turned_deg == Approx(0).margin(1e-4));  // within the contact tolerance of depth
}

TEST_CASE("bases touching within rounding cannot be carried onto each other", "[movement]") {
    // Two 80 x 40 bases a Phalanx line-up left 0.01-0.1 mm deep in each other;
    // the mover's advance used to ignore the other base and end 40 mm on.
    const Base other = make_base(1133.5544716417, 695.69825710138002, -22.559932474019998, 80, 40);
    const Base mover = make_base(1052.1516641689, 696.98684680196004, -39.434932474020002, 80, 40);
    const std::vector<Obstacle> obstacles{{1, other}};
    const double before = penetration(Footprint(mover), Footprint(other));
    CHECK(before > 0.01);
    CHECK(before < 0.1);
    const MoveResult r = advance(mover, 40, MoveContext{.obstacles = obstacles});
    CHECK(r.stopped_by == StopReason::Base);
    CHECK(penetration(Footprint(r.base), Footprint(other)) <= before + 1e-6);

    // A turn in place that swung a base 0.1-1 mm deep further into its neighbour.
    const Base left = make_base(1248.0743731313312, 447.45744603806202, 28.036290182286475, 80, 40);
    const Base turner = make_base(1310.4082169274941, 499.7440383916977, 29.518121733963241, 80, 40);
    const std::vector<Obstacle> beside{{1, left}};
    const double start = penetration(Footprint(turner), Footprint(left));
    CHECK(start > 0.1);
    const MoveResult t = turn(turner, 9.4609813685424449, MoveContext{.obstacles = beside});
    CHECK(penetration(Footprint(t.base), Footprint(left)) <= start + 1e-6);
}

TEST_CASE("random moves from shallow overlaps never go deeper", "[movement][property]") {
    // 600 seeded pairs overlapping by up to 1 mm; any advance, turn or wheel
    // ends no deeper than it began, and a move that goes nowhere is blocked.
    std::uint64_t state = 77;
    auto next = [&state](double lo, double hi) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return lo + (hi - lo) * static_cast<double>(state >> 11) / 9007199254740992.0;
    };
    int overlapping = 0, blocked = 0, moved = 0;
    for (int trial = 0; trial < 600; ++trial) {
        const Base mover{{0, 0}, next(-180, 180), next(20, 80), next(10, 40)};
        // The obstacle beside the mover's right edge, pushed in by up to 1 mm.
        const double gap = -next(0.0, 1.0);
        const double w = next(20, 80), d = next(10, 40);
        const Vec2 out = mover.right();
        Base b{mover.centre + out * (mover.width / 2 + w / 2 + gap) + mover.forward() * next(-30, 30),
               mover.facing_deg + next(-3, 3), w, d};
        const double start = penetration(Footprint(mover), Footprint(b));
        if (start <= 0.0) continue;
        ++overlapping;
        const std::vector<Obstacle> obstacles{{1, b}};
        const MoveContext ctx{.obstacles = obstacles};
        const int kind = trial % 3;
        const double amount = kind == 0 ? next(-100, 100) : next(-60, 60);
        const MoveResult r = kind == 0 ? advance(mover, amount, ctx)
                             : kind == 1 ? turn(mover, amount, ctx)
                                         : wheel(mover, trial % 2 ? WheelDirection::Left : WheelDirection::Right,
                                                 amount, ctx);
        CHECK(penetration(Footprint(r.base), Footprint(b)) <= start + 1e-6);
        if (r.stopped_by == StopReason::Base) ++blocked; else ++moved;
    }
    CHECK(overlapping > 300);
    CHECK(blocked > 30);  // some moves do go deeper and are held
    CHECK(moved > 30);    // others pull apart or slide along and complete
}

TEST_CASE("the table edge stops straight moves", "[movement][table]") {
    MoveContext ctx;
    ctx.table = Rect{{0, 0}, {1200, 600}};
    // Front at y = 590: 10 short of the north edge.
    const MoveResult r = advance(make_base(100, 580, 0, 40, 20), 50, ctx);
    CHECK(r.stopped_by == StopReason::TableEdge);
    CHECK(r.distance == Approx(10));
    CHECK_FALSE(r.blocker);
    // Touching the edge does not stop a slide along it.
    const MoveResult along = slide(make_base(100, 590, 0, 40, 20), {50, 0}, ctx);
    CHECK(along.completed());
    // Facing 45 at (30, 300), the front-left corner is 10 (-0.707, 0.707)
    // - 20 (0.707, 0.707) = (-21.21, -7.07) from the centre: x = 8.79. An
    // advance moves west at 0.707 per mm: it leaves the table after 12.43.
    const MoveResult diagonal = advance(make_base(30, 300, 45, 40, 20), 40, ctx);
    CHECK(diagonal.stopped_by == StopReason::TableEdge);
    CHECK(diagonal.distance == Approx((30 - 30 / kSqrt2) * kSqrt2));
}

TEST_CASE("a mover already over the table's edge goes no further over it, and may come back", "[movement][table]") {
    MoveContext ctx;
    ctx.table = Rect{{0, 0}, {1200, 600}};
    // Front at y = 600.4: 0.4 mm over the north edge (a base lined up by a
    // ruleset within its own rounding, as happened in session eight).
    const Base over = make_base(100, 590.4, 0, 40, 20);
    const MoveResult out = advance(over, 50, ctx);
    CHECK(out.stopped_by == StopReason::TableEdge);
    CHECK(out.distance == Approx(0).margin(1e-9));
    // Sliding along the edge keeps the overhang and is not stopped.
    const MoveResult along = slide(over, {50, 0}, ctx);
    CHECK(along.completed());
    CHECK(along.base.centre.y == Approx(590.4));
    // Coming back onto the table is free, and from there the edge holds.
    const MoveResult back = advance(over, -30, ctx);
    CHECK(back.completed());
    const MoveResult again = advance(back.base, 50, ctx);
    CHECK(again.stopped_by == StopReason::TableEdge);
    CHECK(again.distance == Approx(29.6));
    // A slide out at 45 degrees: the overhang on the north edge may not
    // grow, so it stops at once; one the other way runs its length.
    const MoveResult diagonal_out = slide(over, {30, 30}, ctx);
    CHECK(diagonal_out.stopped_by == StopReason::TableEdge);
    CHECK(diagonal_out.distance == Approx(0).margin(1e-9));
    CHECK(slide(over, {30, -30}, ctx).completed());
    // Over one edge, held at another: 0.4 over the north edge and 10 short of
    // the east edge, a slide east stops after 10 there.
    const MoveResult east = slide(make_base(1170, 590.4, 0, 40, 20), {50, 0}, ctx);
    CHECK(east.stopped_by == StopReason::TableEdge);
    CHECK(east.distance == Approx(10));
    // A unit wholly off the table (arriving from beyond the south edge) comes on.
    const MoveResult arriving = advance(make_base(300, -30, 0, 40, 20), 100, ctx);
    CHECK(arriving.completed());
}

TEST_CASE("a mover already over the table's edge turns no further over it", "[movement][table][turn]") {
    MoveContext ctx;
    ctx.table = Rect{{0, 0}, {1200, 600}};
    // Facing north, front edge 0.4 mm over the north edge: turning about the
    // centre swings one front corner further out at once, either way.
    const Base over = make_base(100, 590.4, 0, 40, 20);
    const MoveResult left = turn(over, 30, ctx);
    CHECK(left.stopped_by == StopReason::TableEdge);
    CHECK(left.turned_deg == Approx(0).margin(1e-6));
    const MoveResult right = turn(over, -30, ctx);
    CHECK(right.stopped_by == StopReason::TableEdge);
    CHECK(right.turned_deg == Approx(0).margin(1e-6));
    // The overhang is the mover's own: a base wholly on the table beside it
    // is held at the table's edge as before. Wheeling left about the
    // front-left corner (front edge at y = 595.4) lifts the front-right
    // corner 40 sin a: to y = 600 at a = asin(4.6 / 40).
    const MoveResult wheel_in = wheel(make_base(100, 585.4, 0, 40, 20), WheelDirection::Left, 40, ctx);
    CHECK(wheel_in.stopped_by == StopReason::TableEdge);
    CHECK(wheel_in.turned_deg == Approx(rad_to_deg(std::asin(4.6 / 40))));
    // Over the north edge by 0.4, a right wheel backwards (about the
    // front-right corner, which stays put) swings the front-left corner
    // down, back onto the table: free.
    const MoveResult wheel_back = wheel(over, WheelDirection::Right, -20, ctx);
    CHECK(wheel_back.completed());
}

TEST_CASE("turning about the centre until a corner meets a base", "[movement][turn]") {
    // Mover 40x20 at the origin: corners at radius sqrt(500) = 22.36; the
    // front-right corner starts at atan(10/20) = 26.565 degrees (maths angle).
    // A wall's south edge at y = 15: turning left (counter-clockwise) lifts
    // that corner to y = 15 when its angle is asin(15 / sqrt 500) = 42.130,
    // after 15.565 degrees. (The wall's corners at (+-50, 15) are out of reach.)
    const std::vector<Obstacle> wall{{5, make_base(0, 25, 0, 100, 20)}};
    const Base mover = make_base(0, 0, 0, 40, 20);
    const double expected = rad_to_deg(std::asin(15 / std::sqrt(500.0)) - std::atan2(10, 20));
    const MoveResult r = turn(mover, 90, MoveContext{.obstacles = wall});
    CHECK(r.stopped_by == StopReason::Base);
    CHECK(r.turned_deg == Approx(expected));
    CHECK(r.turned_deg == Approx(15.5653).margin(1e-4));
    CHECK(r.base.facing_deg == Approx(expected));
    CHECK(r.base.centre == mover.centre);
    CHECK(r.blocker_edge == Edge::Rear);
    // Contact normal (0, 1): the front normal (-0.27, 0.96) is squarer to it
    // than the right flank's (0.96, 0.27).
    CHECK(r.mover_edge == Edge::Front);
    check_touching_not_overlapping(r.base, wall[0].base);
    // Turning right, the front-left corner rises instead, symmetrically.
    const MoveResult right = turn(mover, -90, MoveContext{.obstacles = wall});
    CHECK(right.turned_deg == Approx(-expected));
    // In the open, a full 90.
    const MoveResult free = turn(mover, 90, MoveContext{});
    CHECK(free.completed());
    CHECK(free.base.facing_deg == Approx(90));
}

TEST_CASE("a wheel that hits the table edge", "[movement][wheel][table]") {
    // Mover 40x20 facing north at (30, 500): pivot (front-left) at (10, 510).
    // Wheeling left, the front-right corner (offset (40, 0)) goes to
    // (40 cos a, 40 sin a): it reaches the north edge y = 530 at a = 30
    // degrees, after 40 * pi / 6 = 20.944 mm of arc.
    MoveContext ctx;
    ctx.table = Rect{{0, 0}, {1000, 530}};
    const MoveResult r = wheel(make_base(30, 500, 0, 40, 20), WheelDirection::Left, 100, ctx);
    CHECK(r.stopped_by == StopReason::TableEdge);
    CHECK(r.turned_deg == Approx(30));
    CHECK(r.distance == Approx(40 * kPi / 6));
    const Vec2 fr = r.base.corner(Corner::FrontRight);
    CHECK(fr.x == Approx(10 + 40 * std::cos(kPi / 6)));
    CHECK(fr.y == Approx(530));
    const Vec2 pivot = r.base.corner(Corner::FrontLeft);
    CHECK(pivot.x == Approx(10));  // the pivot stays put
    CHECK(pivot.y == Approx(510));
}

TEST_CASE("a wheel into a base and a wheel in the open", "[movement][wheel]") {
    // Wheel right about (20, 10): the front-left corner (offset (-40, 0))
    // goes to (-40 cos a, 40 sin a) and meets the wall's south edge y = 30
    // at a = 30 degrees: 20.944 mm along the arc.
    const std::vector<Obstacle> wall{{9, make_base(0, 40, 0, 100, 20)}};
    const Base mover = make_base(0, 0, 0, 40, 20);
    const MoveResult r = wheel(mover, WheelDirection::Right, 50, MoveContext{.obstacles = wall});
    CHECK(r.blocker == std::optional<BaseId>{9});
    CHECK(r.turned_deg == Approx(-30));
    CHECK(r.distance == Approx(40 * kPi / 6));
    CHECK(r.mover_edge == Edge::Front);
    CHECK(r.blocker_edge == Edge::Rear);
    check_touching_not_overlapping(r.base, wall[0].base);
    // A quarter circle of the outer corner (20 pi) in the open turns 90.
    const MoveResult open = wheel(mover, WheelDirection::Right, 20 * kPi, MoveContext{});
    CHECK(open.completed());
    CHECK(open.base.facing_deg == Approx(-90));
    // The centre (-20, -10) from the pivot turns to (-10, 20): (10, 30).
    CHECK(open.base.centre.x == Approx(10));
    CHECK(open.base.centre.y == Approx(30));
}

TEST_CASE("the nearest of several obstacles stops the move", "[movement]") {
    // Three bases ahead at gaps 50, 30 (ids 6) and 30 (id 4): the lower id of
    // the tied pair is reported and both are touched at the end.
    const std::vector<Obstacle> obstacles{
        {1, make_base(0, 80, 0, 40, 20)},    // rear at y = 70: gap 60
        {6, make_base(-30, 50, 0, 20, 20)},  // rear at y = 40: gap 30, x in [-40, -20]
        {4, make_base(25, 50, 0, 20, 20)},   // rear at y = 40: gap 30, x in [15, 35]
    };
    const MoveResult r = advance(make_base(0, 0, 0, 40, 20), 100, MoveContext{.obstacles = obstacles});
    CHECK(r.distance == Approx(30));
    CHECK(r.blocker == std::optional<BaseId>{4});
    CHECK(r.touching == std::vector<BaseId>{4, 6});
}

TEST_CASE("a move that ends within the contact tolerance of a base is stopped by it, on either side of the exact gap",
          "[movement][advance]") {
    // The gap to the base ahead is the move's length but for rounding. Moving
    // one way the sum came out 1e-13 mm short of the gap and the move was
    // stopped by the base; moving the mirror way it came out 1e-13 mm over
    // and the move completed with no blocker, so the same charge found
    // contact on one side of the table only. Mover's front at y = 10; the
    // base's rear at y = 60 + e: the gap is 50 + e.
    const Base mover = make_base(0, 0, 0, 40, 20);
    for (const double e : {-1e-13, 0.0, 1e-13, 1e-9, 5e-7}) {
        const std::vector<Obstacle> ahead{{3, make_base(0, 70 + e, 0, 40, 20)}};
        const MoveResult r = advance(mover, 50, MoveContext{.obstacles = ahead});
        INFO("gap 50 + " << e);
        CHECK(r.stopped_by == StopReason::Base);
        CHECK(r.blocker == std::optional<BaseId>{3});
        CHECK(r.distance == Approx(50).margin(1e-9));
        CHECK(r.distance <= 50.0);
        CHECK(r.mover_edge == Edge::Front);
        CHECK_FALSE(overlaps(r.base, ahead[0].base));
    }
    // Beyond the tolerance the move completes and touches nothing.
    const std::vector<Obstacle> clear{{3, make_base(0, 70 + 1e-5, 0, 40, 20)}};
    const MoveResult free = advance(mover, 50, MoveContext{.obstacles = clear});
    CHECK(free.completed());
    CHECK(free.touching.empty());
    // Sideways along the base's front, a move ending level with it is not
    // stopped: it could go on without ever overlapping (a graze).
    const std::vector<Obstacle> beside{{3, make_base(60, 0, 0, 40, 20)}};  // left edge at x = 40
    const MoveResult graze = slide(mover, {0, 30}, MoveContext{.obstacles = beside});
    CHECK(graze.completed());
}

TEST_CASE("random moves end touching their blocker, never overlapping, and stop at first contact",
          "[movement][property]") {
    // For 400 seeded layouts: a blocked move must end in contact with its
    // blocker and would overlap it 0.01 mm (or 0.01 degrees) further on; no
    // move may end overlapping a base it did not overlap at the start.
    std::uint64_t state = 2024;
    auto next = [&state](double lo, double hi) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return lo + (hi - lo) * static_cast<double>(state >> 11) / 9007199254740992.0;
    };
    int blocked_count = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const Base mover{{0, 0}, next(-180, 180), next(20, 60), next(10, 40)};
        std::vector<Obstacle> obstacles;
        for (BaseId id = 1; id <= 4; ++id) {
            const Base b{{next(-150, 150), next(-150, 150)}, next(-180, 180), next(10, 60), next(10, 60)};
            if (!overlaps(mover, b)) obstacles.push_back({id, b});
        }
        const MoveContext ctx{.obstacles = obstacles};
        const int kind = trial % 3;
        const double amount = kind == 0 ? next(-150, 150) : next(-180, 180);
        auto move = [&](const Base& m, double a) {
            if (kind == 0) return advance(m, a, ctx);
            if (kind == 1) return turn(m, a, ctx);
            return wheel(m, trial % 2 ? WheelDirection::Left : WheelDirection::Right, a, ctx);
        };
        const MoveResult r = move(mover, amount);
        for (const Obstacle& o : obstacles) CHECK_FALSE(overlaps(r.base, o.base));
        if (r.stopped_by != StopReason::Base) continue;
        ++blocked_count;
        const auto blocker = std::find_if(obstacles.begin(), obstacles.end(),
                                          [&](const Obstacle& o) { return o.id == *r.blocker; });
        REQUIRE(blocker != obstacles.end());
        CHECK(edge_distance(r.base, blocker->base) <= 1e-6);
        // A little further along the same move overlaps the blocker.
        const double sign = amount < 0 ? -1.0 : 1.0;
        Base further = r.base;
        if (kind == 0) further.centre += r.base.forward() * (0.01 * sign);
        if (kind == 1) further.facing_deg += 0.01 * sign;
        if (kind == 2) {
            const bool left = trial % 2 != 0;
            const Vec2 pivot = r.base.corner(left ? Corner::FrontLeft : Corner::FrontRight);
            const double deg = 0.01 * sign * (left ? 1.0 : -1.0);
            further.centre = rotated_about(r.base.centre, pivot, deg);
            further.facing_deg += deg;
        }
        CHECK(overlaps(further, blocker->base));
    }
    CHECK(blocked_count > 50);  // the layouts do exercise blocking
}

TEST_CASE("find_touching = false leaves touching empty and the move unchanged", "[movement]") {
    // The obstacle of "an advance stops at contact with a rotated base", and
    // a turn into a neighbour: the same stops with and without the list.
    const std::vector<Obstacle> obstacles{{7, make_base(0, 100, 30, 40, 20)}, {9, make_base(41, 0, 0, 40, 20)}};
    MoveContext with{.obstacles = obstacles};
    MoveContext without = with;
    without.find_touching = false;
    const Base mover = make_base(0, 0, 0, 40, 20);
    for (const auto& [a, b] : {std::pair{advance(mover, 200, with), advance(mover, 200, without)},
                               std::pair{turn(mover, -60, with), turn(mover, -60, without)}}) {
        CHECK_FALSE(a.touching.empty());
        CHECK(b.touching.empty());
        CHECK(a.base.centre.x == b.base.centre.x);
        CHECK(a.base.centre.y == b.base.centre.y);
        CHECK(a.base.facing_deg == b.base.facing_deg);
        CHECK(a.distance == b.distance);
        CHECK(a.turned_deg == b.turned_deg);
        CHECK(a.stopped_by == b.stopped_by);
        CHECK(a.blocker == b.blocker);
        CHECK(a.blocker_edge == b.blocker_edge);
        CHECK(a.mover_edge == b.mover_edge);
    }
}

TEST_CASE("moves give the same results with the caller's footprints as with none", "[movement]") {
    // The footprints stand in for corners and edges the movement code would
    // otherwise work out from each base: the same doubles, so the same moves.
    std::mt19937 rng(20261122);
    const auto uniform = [&rng](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
    const auto same = [](double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; };
    std::size_t stopped = 0;
    for (int n = 0; n < 20'000; ++n) {
        const Base mover = make_base(uniform(300, 900), uniform(200, 600), uniform(-180, 180), 40, 20);
        std::vector<Obstacle> bare;
        for (int k = 1; k <= 6; ++k) {
            const Base o = make_base(mover.centre.x + uniform(-120, 120), mover.centre.y + uniform(-120, 120),
                                     n % 3 == 0 ? 90.0 * static_cast<int>(uniform(0, 4)) : uniform(-180, 180),
                                     uniform(20, 80), uniform(10, 40));
            bare.push_back({static_cast<BaseId>(k), o});
        }
        std::vector<Footprint> prints;
        for (const Obstacle& o : bare) prints.emplace_back(o.base);
        std::vector<Obstacle> kept = bare;
        for (std::size_t k = 0; k < kept.size(); ++k) {
            kept[k].footprint = &prints[k];
            for (Edge e : kAllEdges) {
                const Segment a = edge_of(prints[k], e), b = kept[k].base.edge(e);
                CHECK((same(a.a.x, b.a.x) && same(a.a.y, b.a.y) && same(a.b.x, b.b.x) && same(a.b.y, b.b.y)));
            }
        }
        MoveContext with, without;
        with.obstacles = kept;
        without.obstacles = bare;
        with.table = without.table = Rect{{0, 0}, {1200, 800}};
        const double amount = uniform(-150, 150);
        const auto check = [&](const MoveResult& a, const MoveResult& b) {
            const bool equal = same(a.base.centre.x, b.base.centre.x) && same(a.base.centre.y, b.base.centre.y) &&
                               same(a.base.facing_deg, b.base.facing_deg) && same(a.distance, b.distance) &&
                               same(a.turned_deg, b.turned_deg) && a.stopped_by == b.stopped_by &&
                               a.blocker == b.blocker && a.blocker_edge == b.blocker_edge &&
                               a.mover_edge == b.mover_edge && a.touching == b.touching;
            CHECK(equal);
            stopped += a.stopped_by == StopReason::Base;
        };
        check(advance(mover, amount, with), advance(mover, amount, without));
        check(turn(mover, amount, with), turn(mover, amount, without));
        check(wheel(mover, WheelDirection::Left, amount, with), wheel(mover, WheelDirection::Left, amount, without));
    }
    CHECK(stopped > 5'000);
}

namespace {

// A straight slide as it was before obstacles whose bounding circles stay
// clear of the path were skipped: every obstacle gets the exact tests (an
// obstacle overlapping at the start blocks only going deeper than that).
void reference_project(const std::array<Vec2, 4>& pts, Vec2 axis, double& lo, double& hi) {
    lo = std::numeric_limits<double>::infinity();
    hi = -lo;
    for (const Vec2& p : pts) {
        const double d = dot(p, axis);
        lo = std::min(lo, d);
        hi = std::max(hi, d);
    }
}

std::optional<double> reference_first_contact(const Footprint& mover, Vec2 dir, double max_travel,
                                              const Footprint& obstacle, double depth) {
    double lo = -std::numeric_limits<double>::infinity();
    double hi = std::numeric_limits<double>::infinity();
    for (const Vec2 axis : {mover.forward, mover.right, obstacle.forward, obstacle.right}) {
        double m0, m1, o0, o1;
        reference_project(mover.c, axis, m0, m1);
        reference_project(obstacle.c, axis, o0, o1);
        const double v = dot(dir, axis);
        if (std::abs(v) < 1e-15) {
            if (std::min(m1, o1) - std::max(m0, o0) <= depth + kContactTolerance) return std::nullopt;
            continue;
        }
        // an extent no longer than the overlap already there: never deeper
        if (m1 - m0 <= depth + kContactTolerance || o1 - o0 <= depth + kContactTolerance) return std::nullopt;
        const double t_a = (o1 - depth - m0) / v;
        const double t_b = (o0 + depth - m1) / v;
        lo = std::max(lo, std::min(t_a, t_b));
        hi = std::min(hi, std::max(t_a, t_b));
    }
    if (hi - lo <= kContactTolerance) return std::nullopt;
    if (hi <= kContactTolerance) return std::nullopt;
    if (lo >= max_travel) return std::nullopt;
    return std::max(lo, 0.0);
}

// Where the reference slide stops and which obstacle stopped it (no table).
std::pair<double, std::optional<BaseId>> reference_slide_stop(const Base& mover, Vec2 delta,
                                                              const std::vector<Obstacle>& obstacles) {
    const double travel = length(delta);
    const Vec2 dir = delta / travel;
    double at = std::numeric_limits<double>::infinity();
    std::optional<BaseId> blocker;
    const Footprint mf(mover);
    for (const Obstacle& o : obstacles) {  // given in id order
        const Footprint of(o.base);
        if (auto t = reference_first_contact(mf, dir, travel, of, penetration(mf, of))) {
            if (*t < at - kContactTolerance * 1e-3) {
                at = *t;
                blocker = o.id;
            }
        }
    }
    return {std::min(at, travel), blocker};
}

}  // namespace

TEST_CASE("a slide skips only obstacles it could not meet: the same stops as testing every one", "[movement]") {
    std::mt19937 rng(20261124);
    const auto uniform = [&rng](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
    const auto same = [](double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; };
    std::size_t blocked = 0;
    for (int n = 0; n < 100'000; ++n) {
        const Base mover = make_base(0, 0, n % 4 == 0 ? 90.0 * (n % 3) : uniform(-180, 180), uniform(10, 80), uniform(10, 40));
        std::vector<Obstacle> obstacles;
        for (int k = 1; k <= 5; ++k) {
            obstacles.push_back({static_cast<BaseId>(k),
                                 make_base(uniform(-150, 150), uniform(-150, 150),
                                           n % 4 == 0 ? 90.0 * (k % 4) : uniform(-180, 180), uniform(10, 80),
                                           uniform(10, 40))});
        }
        MoveContext ctx;
        ctx.obstacles = obstacles;
        ctx.find_touching = false;
        const Vec2 delta{uniform(-200, 200), uniform(-200, 200)};
        const MoveResult r = slide(mover, delta, ctx);
        const auto [at, blocker] = reference_slide_stop(mover, delta, obstacles);
        CHECK(same(r.distance, at));
        CHECK(r.blocker == blocker);
        blocked += blocker.has_value();
    }
    CHECK(blocked > 20'000);
}

TEST_CASE("a mover straddling a thin obstacle, or wholly inside a deep one, is free to move: no travel deepens the overlap",
          "[movement]") {
    // a parapet 2 deep across the mover's path, the mover (40 deep) astride it
    const Base mover = make_base(0, 0, 0, 60, 40);
    const std::vector<Obstacle> parapet{{7, make_base(0, 5, 0, 200, 2)}};
    MoveContext ctx;
    ctx.obstacles = parapet;
    const MoveResult on = advance(mover, 30, ctx);
    CHECK(on.stopped_by == StopReason::None);
    CHECK(on.distance == Approx(30));
    const MoveResult back = advance(mover, -30, ctx);
    CHECK(back.stopped_by == StopReason::None);
    // a mover 20 deep inside a wall 24 deep walks off it
    const Base inside = make_base(0, 0, 0, 60, 20);
    const std::vector<Obstacle> wall{{8, make_base(0, 0, 0, 400, 24)}};
    ctx.obstacles = wall;
    CHECK(advance(inside, 100, ctx).stopped_by == StopReason::None);
}
