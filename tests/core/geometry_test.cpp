// Geometry of bases: every expected value below is worked out by hand in the
// comment next to it. Table frame: x east, y north; facing 0 = north, angles
// counter-clockwise.
#include <catch2/catch.hpp>

#include "sandtable/geometry.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <utility>
#include <vector>

using namespace sandtable::geom;

namespace {

Base make_base(double x, double y, double facing, double width, double depth) {
    return Base{{x, y}, facing, width, depth};
}

void check_point(Vec2 actual, double x, double y) {
    CHECK(actual.x == Approx(x).margin(1e-9));
    CHECK(actual.y == Approx(y).margin(1e-9));
}

const double kSqrt2 = std::sqrt(2.0);

}  // namespace

TEST_CASE("direction, bearing and angle normalisation", "[geometry][angles]") {
    check_point(direction(0), 0, 1);    // north
    check_point(direction(90), -1, 0);  // counter-clockwise: west
    check_point(direction(-90), 1, 0);  // east
    check_point(direction(180), 0, -1);
    CHECK(bearing_deg({0, 0}, {1, 1}) == Approx(-45));  // north-east
    CHECK(bearing_deg({0, 0}, {-1, 0}) == Approx(90));
    CHECK(bearing_deg({0, 0}, {0, -5}) == Approx(180));
    CHECK(bearing_deg({3, 3}, {3, 3}) == 0);
    CHECK(normalize_angle_deg(540) == Approx(180));
    CHECK(normalize_angle_deg(-180) == Approx(180));  // (-180, 180]
    CHECK(normalize_angle_deg(-190) == Approx(170));
    CHECK(angle_difference_deg(170, -170) == Approx(20));  // across south
    CHECK(angle_difference_deg(10, -20) == Approx(-30));
    check_point(rotated({1, 0}, 90), 0, 1);
    check_point(rotated_about({2, 1}, {1, 1}, 180), 0, 1);
}

TEST_CASE("corners and edges of axis-aligned and rotated bases", "[geometry][base]") {
    SECTION("facing north, 40 wide, 20 deep") {
        const Base b = make_base(0, 0, 0, 40, 20);
        const auto c = b.corners();
        check_point(c[0], -20, 10);   // front-left
        check_point(c[1], 20, 10);    // front-right
        check_point(c[2], 20, -10);   // rear-right
        check_point(c[3], -20, -10);  // rear-left
        check_point(b.front_centre(), 0, 10);
        check_point(b.edge(Edge::Left).b, -20, -10);  // flanks run front to rear
    }
    SECTION("facing west (90): the left flank is to the south") {
        const Base b = make_base(0, 0, 90, 40, 20);
        check_point(b.corner(Corner::FrontLeft), -10, -20);
        check_point(b.corner(Corner::FrontRight), -10, 20);
        check_point(b.corner(Corner::RearRight), 10, 20);
        check_point(b.outward_normal(Edge::Left), 0, -1);
    }
    SECTION("facing 30") {
        // forward = (-sin30, cos30) = (-0.5, 0.8660254); right = (0.8660254, 0.5)
        // FL = 10*forward - 20*right = (-5 - 17.320508, 8.660254 - 10)
        // FR = 10*forward + 20*right = (-5 + 17.320508, 8.660254 + 10)
        const Base b = make_base(0, 0, 30, 40, 20);
        check_point(b.corner(Corner::FrontLeft), -22.3205081, -1.3397460);
        check_point(b.corner(Corner::FrontRight), 12.3205081, 18.6602540);
        // Bounds: half extents |10 f.x|+|20 r.x| = 5+17.32, |10 f.y|+|20 r.y| = 8.66+10.
        const Rect r = b.bounds();
        check_point(r.max, 22.3205081, 18.6602540);
        // Local frame round trip: the front-right corner is (20, 10) locally.
        check_point(b.to_local(b.corner(Corner::FrontRight)), 20, 10);
    }
}

TEST_CASE("edge distance and overlap of axis-aligned bases", "[geometry][distance]") {
    const Base a = make_base(0, 0, 0, 40, 20);  // x in [-20, 20], y in [-10, 10]
    SECTION("gap of 10 straight ahead") {
        const Base b = make_base(0, 30, 0, 40, 20);  // y in [20, 40]
        CHECK(edge_distance(a, b) == Approx(10));
        CHECK_FALSE(overlaps(a, b));
        CHECK_FALSE(in_contact(a, b));
    }
    SECTION("touching exactly along an edge") {
        const Base b = make_base(0, 20, 0, 40, 20);  // y in [10, 30]
        CHECK(edge_distance(a, b) == 0);
        CHECK_FALSE(overlaps(a, b));
        CHECK(in_contact(a, b));
    }
    SECTION("just out of contact by 0.001 mm") {
        const Base b = make_base(0, 20.001, 0, 40, 20);
        CHECK(edge_distance(a, b) == Approx(0.001).margin(1e-9));
        CHECK_FALSE(in_contact(a, b));
    }
    SECTION("overlapping by 1 mm") {
        const Base b = make_base(0, 19, 0, 40, 20);
        CHECK(overlaps(a, b));
        CHECK(edge_distance(a, b) == 0);
    }
    SECTION("corner to corner") {
        // b's rear-left corner (20, 10) is a's front-right corner.
        const Base b = make_base(40, 20, 0, 40, 20);
        CHECK(edge_distance(a, b) == 0);
        CHECK_FALSE(overlaps(a, b));
        // Moved 3 east and 4 north: the corners are 5 apart (3-4-5).
        CHECK(edge_distance(a, make_base(43, 24, 0, 40, 20)) == Approx(5));
    }
    SECTION("point distance") {
        CHECK(distance_to_point(a, {23, 14}) == Approx(5));  // off the FR corner
        CHECK(distance_to_point(a, {0, 0}) == 0);
    }
}

TEST_CASE("edge distance and overlap of rotated bases", "[geometry][distance]") {
    SECTION("corner of a 45-degree square on the middle of a front edge") {
        // A square of 20 rotated 45 is a diamond with corners 10*sqrt2 from
        // its centre along the axes: centred at (0, 10 + 10 sqrt2) its bottom
        // corner is (0, 10), the middle of a's front edge.
        const Base a = make_base(0, 0, 0, 40, 20);
        const Base diamond = make_base(0, 10 + 10 * kSqrt2, 45, 20, 20);
        CHECK(edge_distance(a, diamond) == Approx(0).margin(1e-9));
        CHECK_FALSE(overlaps(a, diamond));
        const Base lifted = make_base(0, 11 + 10 * kSqrt2, 45, 20, 20);
        CHECK(edge_distance(a, lifted) == Approx(1));
        const Base sunk = make_base(0, 9 + 10 * kSqrt2, 45, 20, 20);
        CHECK(overlaps(a, sunk));
    }
    SECTION("bounding boxes overlap but the separating axis does not") {
        // a: square of 20 at the origin. b: square of 20 at 45 degrees centred
        // (20, 20); its south-west edge runs from (20 - 10 sqrt2, 20) to
        // (20, 20 - 10 sqrt2), on the line x + y = 40 - 10 sqrt2. a's corner
        // (10, 10) is (40 - 10 sqrt2 - 20) / sqrt2 = 10 sqrt2 - 10 from it.
        const Base a = make_base(0, 0, 0, 20, 20);
        const Base b = make_base(20, 20, 45, 20, 20);
        CHECK(a.bounds().intersects(b.bounds()));
        CHECK_FALSE(overlaps(a, b));
        CHECK(edge_distance(a, b) == Approx(10 * kSqrt2 - 10));
    }
    SECTION("crossed at 90 degrees") {
        // b faces west so its 40 frontage runs north-south: x in [-10, 10],
        // y in [c - 20, c + 20]. a's front is y = 10.
        const Base a = make_base(0, 0, 0, 40, 20);
        CHECK(overlaps(a, make_base(0, 25, 90, 40, 20)));  // y from 5: 5 deep
        const Base touching = make_base(0, 30, 90, 40, 20);
        CHECK_FALSE(overlaps(a, touching));
        CHECK(in_contact(a, touching));
        CHECK(edge_distance(a, make_base(0, 31, 90, 40, 20)) == Approx(1));
    }
    SECTION("front to rear at 30 degrees") {
        const Base a = make_base(5, -7, 30, 40, 20);
        auto ahead = [&](double d) {
            Base b = a;
            b.centre += a.forward() * d;
            return b;
        };
        CHECK(edge_distance(a, ahead(25)) == Approx(5));  // 25 - depth 20
        CHECK(in_contact(a, ahead(20)));
        CHECK_FALSE(overlaps(a, ahead(20)));
        CHECK(overlaps(a, ahead(15)));
    }
}

TEST_CASE("which edge of a target is contacted", "[geometry][contact]") {
    SECTION("squarely front to rear, rotated 30") {
        const Base target = make_base(0, 0, 30, 40, 20);
        Base other = target;
        other.centre += target.forward() * 20;
        const EdgeContact c = nearest_edge(target, other);
        CHECK(c.edge == Edge::Front);
        CHECK(c.distance == 0);
        CHECK(c.contact_length == Approx(40).margin(1e-5));  // the whole frontage
        CHECK(nearest_edge(other, target).edge == Edge::Rear);
    }
    SECTION("flank to flank, rotated 45") {
        const Base target = make_base(0, 0, 45, 40, 20);
        Base other = target;
        other.centre += target.right() * 40;
        const EdgeContact c = nearest_edge(target, other);
        CHECK(c.edge == Edge::Right);
        CHECK(c.contact_length == Approx(20).margin(1e-5));  // the whole flank (depth)
        CHECK(nearest_edge(other, target).edge == Edge::Left);
    }
    SECTION("rear contact, rotated 45") {
        const Base target = make_base(0, 0, 45, 40, 20);
        Base other = target;
        other.centre -= target.forward() * 20;
        CHECK(nearest_edge(target, other).edge == Edge::Rear);
    }
    SECTION("a charge into the left flank whose frontage overhangs both corners") {
        // target faces 45; the charger faces the target's right (-45) and its
        // front edge lies along the target's left flank. The charger's 40
        // frontage covers the 20-long flank and touches the front-left and
        // rear-left corners, so front and rear are also at distance 0 but
        // with point contacts: the longest contact (the flank, 20) wins.
        const Base target = make_base(0, 0, 45, 40, 20);
        const Base charger{target.centre - target.right() * 30, -45, 40, 20};
        const EdgeContact c = nearest_edge(target, charger);
        CHECK(c.edge == Edge::Left);
        CHECK(c.contact_length == Approx(20).margin(1e-5));
        CHECK(nearest_edge(charger, target).edge == Edge::Front);
    }
    SECTION("corner to edge: the other's corner on the middle of the front edge") {
        const Base target = make_base(0, 0, 0, 40, 20);
        const Base diamond = make_base(0, 10 + 10 * kSqrt2, 45, 20, 20);
        const EdgeContact c = nearest_edge(target, diamond);
        CHECK(c.edge == Edge::Front);
        CHECK(c.contact_length == Approx(0).margin(1e-5));
    }
    SECTION("corner to corner: the centre furthest beyond an edge line decides") {
        const Base target = make_base(0, 0, 0, 40, 20);  // front-left corner (-20, 10)
        // 40x30 at (-40, 25): rear-right corner (-20, 10). Centre is 25-10 = 15
        // beyond the front line and -20-(-40) = 20 beyond the left line.
        CHECK(nearest_edge(target, make_base(-40, 25, 0, 40, 30)).edge == Edge::Left);
        // 20x50 at (-30, 35): rear-right (-20, 10); 25 beyond front, 10 beyond left.
        CHECK(nearest_edge(target, make_base(-30, 35, 0, 20, 50)).edge == Edge::Front);
        // 20x20 at (-30, 20): exactly diagonal, 10 and 10: front wins the tie.
        CHECK(nearest_edge(target, make_base(-30, 20, 0, 20, 20)).edge == Edge::Front);
        // 20x20 at (30, -20) on the rear-right corner (20, -10): 10 and 10,
        // flank before rear.
        CHECK(nearest_edge(target, make_base(30, -20, 0, 20, 20)).edge == Edge::Right);
    }
    SECTION("a corner on a wall: the edge squarest to the wall, not the nearest to its centre") {
        // Target 40x20 facing 30: front-right corner at (12.32, 18.66). A wall
        // 400x20 centred (150, 28.66) has its south edge y = 18.66 through that
        // corner. The wall's centre is 124 beyond the right flank line and -60
        // beyond the front line, but the contact normal (0, 1) is squarer to
        // the front normal (-0.5, 0.866) than to the right one (0.866, 0.5).
        const Base target = make_base(0, 0, 30, 40, 20);
        const Base wall = make_base(150, 10 * std::cos(deg_to_rad(30)) + 10 + 10, 0, 400, 20);
        CHECK(edge_distance(target, wall) == Approx(0).margin(1e-9));
        CHECK(nearest_edge(target, wall).edge == Edge::Front);
        CHECK(nearest_edge(wall, target).edge == Edge::Rear);
    }
    SECTION("not in contact: the nearest edge and its distance") {
        const Base target = make_base(0, 0, 0, 40, 20);
        const EdgeContact ahead = nearest_edge(target, make_base(0, 50, 0, 10, 10));
        CHECK(ahead.edge == Edge::Front);
        CHECK(ahead.distance == Approx(35));  // 45 - 10
        CHECK(ahead.contact_length == 0);
        const EdgeContact behind = nearest_edge(target, make_base(5, -30, 0, 10, 10));
        CHECK(behind.edge == Edge::Rear);
        CHECK(behind.distance == Approx(15));  // -10 - (-25)
        CHECK(nearest_edge(target, make_base(-40, 0, 90, 10, 10)).edge == Edge::Left);
    }
}

TEST_CASE("arcs measured from the front-edge centre", "[geometry][arc]") {
    // Viewer 40x20 facing north at the origin: front-edge centre (0, 10).
    // tan 22.5 = sqrt2 - 1, so (100 (sqrt2 - 1), 110) is exactly 22.5 off.
    const double t225 = kSqrt2 - 1;
    const Base viewer = make_base(0, 0, 0, 40, 20);
    SECTION("the 22.5 degree boundary") {
        const Vec2 on_boundary{100 * t225, 110};
        CHECK(angle_off_front_deg(viewer, on_boundary) == Approx(22.5));
        CHECK(point_in_arc(viewer, on_boundary, 22.5));
        CHECK(point_in_arc(viewer, {-100 * t225, 110}, 22.5));  // left side too
        CHECK_FALSE(point_in_arc(viewer, on_boundary, 22.4));
        const Vec2 outside{100 * std::tan(deg_to_rad(22.6)), 110};
        CHECK_FALSE(point_in_arc(viewer, outside, 22.5));
        CHECK(point_in_arc(viewer, {0, -50}, 180));
        CHECK_FALSE(point_in_arc(viewer, {0, -50}, 90));
    }
    SECTION("the same boundary with everything rotated 30 about the origin") {
        const Base turned = make_base(0, 0, 30, 40, 20);
        const Vec2 on_boundary = rotated({100 * t225, 110}, 30);
        CHECK(point_in_arc(turned, on_boundary, 22.5));
        CHECK_FALSE(point_in_arc(turned, rotated({100 * std::tan(deg_to_rad(22.6)), 110}, 30), 22.5));
    }
    SECTION("centre versus any part") {
        // 20x20 target at (50, 110): centre atan(50/100) = 26.57 degrees off,
        // out of a 22.5 arc; its corner (40, 120) is atan(40/110) = 19.98 in.
        const Base target = make_base(50, 110, 0, 20, 20);
        CHECK_FALSE(centre_in_arc(viewer, target, 22.5));
        CHECK(any_part_in_arc(viewer, target, 22.5));
        // At (60, 110) the nearest corner (50, 120) is atan(50/110) = 24.4 off
        // and its near edge x = 50 lies beyond the boundary (x <= 45.6 for y <= 120).
        CHECK_FALSE(any_part_in_arc(viewer, make_base(60, 110, 0, 20, 20), 22.5));
    }
    SECTION("a wide target straddling the arc with every corner outside") {
        // 300x10 at (0, 110): corners at x = +-150, y 105..115: >= 52 degrees off.
        const Base wide = make_base(0, 110, 0, 300, 10);
        CHECK(any_part_in_arc(viewer, wide, 22.5));
        // Slid east to (100, 110): x in [-50, 250]. Its centre is 45 off and
        // its nearest corners (-50, 105) and (-50, 115) are 27.8 and 25.5 off,
        // yet the arc (|x| <= 0.414 (y - 10), about 43 at y = 115) crosses it.
        const Base slid = make_base(100, 110, 0, 300, 10);
        CHECK(any_part_in_arc(viewer, slid, 22.5));
        CHECK_FALSE(centre_in_arc(viewer, slid, 22.5));
    }
    SECTION("targets behind are out of a 90 arc but a 135 arc reaches them") {
        const Base behind = make_base(0, -60, 0, 20, 20);  // y in [-70, -50]
        CHECK_FALSE(any_part_in_arc(viewer, behind, 90));
        // A 135 arc's boundary rays point 45 below sideways from (0, 10):
        // (x, 10 - |x|). (-60..60 at y -50) is reached at |x| = 60: corner
        // (10, -50) is at atan2(10, -60) = 170.5 off: out. Corners of a 20
        // square at (70, -50): (60, -40) is atan2(60, -50) = 129.8 off: in.
        CHECK_FALSE(any_part_in_arc(viewer, behind, 135));
        CHECK(any_part_in_arc(viewer, make_base(70, -50, 0, 20, 20), 135));
    }
}

TEST_CASE("frontal zone measured from the whole front edge", "[geometry][arc]") {
    const Base viewer = make_base(0, 0, 0, 40, 20);  // front edge y = 10, x in [-20, 20]
    CHECK(point_in_frontal_zone(viewer, {15, 10.5}, 45));  // straight ahead of the frontage
    CHECK(point_in_frontal_zone(viewer, {30, 20}, 45));    // 10 beyond, 10 ahead: on the 45 line
    CHECK_FALSE(point_in_frontal_zone(viewer, {31, 20}, 45));
    CHECK_FALSE(point_in_frontal_zone(viewer, {0, 9}, 45));  // behind the front line
    // A point arc from the front centre would reject (30, 20): atan(30/10) = 71.6.
    CHECK_FALSE(point_in_arc(viewer, {30, 20}, 45));
    // Target 10x10 at (40, 15): its nearest corner (35, 20) is 15 beyond the
    // frontage and 10 ahead (56.3 off): out; at (30, 30) its corner (25, 25)
    // is 5 beyond and 15 ahead (18.4 off): in.
    CHECK_FALSE(any_part_in_frontal_zone(viewer, make_base(40, 15, 0, 10, 10), 45));
    CHECK(any_part_in_frontal_zone(viewer, make_base(30, 30, 0, 10, 10), 45));
}

TEST_CASE("relative bearing from the centre", "[geometry][angles]") {
    const Base b = make_base(0, 0, 30, 40, 20);
    CHECK(relative_bearing_deg(b, direction(120) * 50) == Approx(90));     // to the left
    CHECK(relative_bearing_deg(b, direction(-105) * 10) == Approx(-135));  // behind right
    CHECK(relative_bearing_deg(b, b.centre) == 0);
}

TEST_CASE("segment primitives", "[geometry][segment]") {
    CHECK(segments_intersect({{0, 0}, {10, 10}}, {{0, 10}, {10, 0}}));
    CHECK(segments_intersect({{0, 0}, {10, 0}}, {{10, 0}, {20, 5}}));  // shared endpoint
    CHECK_FALSE(segments_intersect({{0, 0}, {10, 0}}, {{11, 0}, {20, 0}}));  // collinear, apart
    CHECK(distance_segment_segment({{0, 0}, {10, 0}}, {{13, 4}, {20, 4}}) == Approx(5));
    CHECK(distance_point_segment({5, 3}, {{0, 0}, {10, 0}}) == Approx(3));
}

TEST_CASE("overlaps on footprints is the same test as on bases", "[geometry][distance]") {
    std::uint64_t seed = 12345;
    const auto next = [&seed](double lo, double hi) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        return lo + (hi - lo) * static_cast<double>(seed >> 11) / static_cast<double>(1ULL << 53);
    };
    int overlapping = 0;
    for (int i = 0; i < 2000; ++i) {
        const Base a = make_base(next(-50, 50), next(-50, 50), next(-180, 180), next(10, 60), next(10, 40));
        const Base b = make_base(next(-50, 50), next(-50, 50), next(-180, 180), next(10, 60), next(10, 40));
        const bool expected = overlaps(a, b);
        CHECK(overlaps(Footprint(a), Footprint(b)) == expected);
        overlapping += expected ? 1 : 0;
    }
    CHECK(overlapping > 100);  // both answers were exercised
    CHECK(overlapping < 1900);
}

namespace {

// The edge distance and overlap test as first written: all 32 vertex-to-edge
// distances, and all four axes projected for both bases at every call. The
// faster version in the core must give the very same doubles (battles are
// replayed bit for bit).
struct ReferenceQuad {
    std::array<Vec2, 4> c;
    Vec2 forward;
    Vec2 right;
    explicit ReferenceQuad(const Base& b) : c(b.corners()), forward(b.forward()), right{forward.y, -forward.x} {}
};

void reference_project(const std::array<Vec2, 4>& pts, Vec2 axis, double& lo, double& hi) {
    lo = std::numeric_limits<double>::infinity();
    hi = -lo;
    for (const Vec2& p : pts) {
        const double d = dot(p, axis);
        lo = std::min(lo, d);
        hi = std::max(hi, d);
    }
}

bool reference_overlap(const ReferenceQuad& a, const ReferenceQuad& b) {
    for (const Vec2 axis : {a.forward, a.right, b.forward, b.right}) {
        double amin, amax, bmin, bmax;
        reference_project(a.c, axis, amin, amax);
        reference_project(b.c, axis, bmin, bmax);
        if (std::min(amax, bmax) - std::max(amin, bmin) <= kContactTolerance) return false;
    }
    return true;
}

double reference_edge_distance(const Base& a, const Base& b) {
    const ReferenceQuad qa(a);
    const ReferenceQuad qb(b);
    if (reference_overlap(qa, qb)) return 0.0;
    const auto squared = [](Vec2 p, Vec2 s0, Vec2 s1) {
        const Vec2 d = s1 - s0;
        const double len2 = dot(d, d);
        const double t = len2 > 0.0 ? std::clamp(dot(p - s0, d) / len2, 0.0, 1.0) : 0.0;
        const Vec2 gap = p - (s0 + d * t);
        return dot(gap, gap);
    };
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t e = 0; e < 4; ++e) {
        const std::size_t f = (e + 1) % 4;
        for (std::size_t i = 0; i < 4; ++i) {
            best = std::min(best, squared(qb.c[i], qa.c[e], qa.c[f]));
            best = std::min(best, squared(qa.c[i], qb.c[e], qb.c[f]));
        }
    }
    best = std::sqrt(best);
    return best <= kContactTolerance ? 0.0 : best;
}

// Random pairs of bases, many of them square to each other, touching,
// grazing or just overlapping: where pruning and early exits could go wrong.
class BasePairs {
public:
    explicit BasePairs(std::uint32_t seed) : rng_(seed) {}

    std::pair<Base, Base> next() {
        const Base a{{uniform(0, 1200), uniform(0, 1200)}, facing(), size(), size()};
        Base b{{}, facing(), size(), size()};
        switch (pick(4)) {
            case 0:  // anywhere on the table
                b.centre = {uniform(0, 1200), uniform(0, 1200)};
                break;
            case 1:  // close by
                b.centre = a.centre + Vec2{uniform(-250, 250), uniform(-250, 250)};
                break;
            default: {  // touching an edge of a, give or take a hair
                const Edge e = kAllEdges[pick(4)];
                const Vec2 n = a.outward_normal(e);
                const Segment s = a.edge(e);
                const Vec2 along = s.a + (s.b - s.a) * uniform(-0.3, 1.3);
                // b square to a (or not) with its edge (or a corner) on a's edge.
                const double reach = std::abs(dot(n, b.forward())) * b.depth * 0.5 +
                                     std::abs(dot(n, b.right())) * b.width * 0.5;
                b.centre = along + n * (reach + hair());
                break;
            }
        }
        return {a, b};
    }

private:
    double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
    std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }
    double facing() {
        static constexpr std::array<double, 9> kSquare{0, 90, 180, 270, -90, -180, 45, 360, -270};
        return pick(2) == 0 ? kSquare[pick(kSquare.size())] : uniform(-360, 360);
    }
    double size() {
        static constexpr std::array<double, 5> kUsual{40, 20, 30, 60, 80};
        switch (pick(4)) {
            case 0: return kUsual[pick(kUsual.size())];
            case 1: return uniform(0.5, 300);
            default: return uniform(10, 120);
        }
    }
    // Gap or overlap from none to a few tolerances to a visible one.
    double hair() {
        static constexpr std::array<double, 11> kHairs{0, 1e-9, -1e-9, 1e-7, -1e-7, 1e-6, -1e-6, 2e-6, -2e-6, 1e-4, -1e-4};
        switch (pick(3)) {
            case 0: return kHairs[pick(kHairs.size())];
            case 1: return uniform(-3, 3);
            default: return uniform(-1e-5, 1e-5);
        }
    }
    std::mt19937 rng_;
};

bool same_double(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }

}  // namespace

TEST_CASE("edge distance and overlap match the original arithmetic bit for bit", "[geometry][distance]") {
    BasePairs pairs(20261122);
    std::size_t mismatches = 0;
    std::size_t touching = 0;
    std::size_t overlapping = 0;
    for (int n = 0; n < 1'200'000; ++n) {
        const auto [a, b] = pairs.next();
        const double expected = reference_edge_distance(a, b);
        const double got = edge_distance(Footprint(a), Footprint(b));
        const bool expected_overlap = reference_overlap(ReferenceQuad(a), ReferenceQuad(b));
        if (!same_double(got, expected) || !same_double(edge_distance(a, b), expected) ||
            overlaps(a, b) != expected_overlap || in_contact(a, b) != (expected <= kContactTolerance) || !same_double(edge_distance(b, a), reference_edge_distance(b, a))) {
            if (++mismatches <= 5) {
                INFO("a " << a.centre.x << "," << a.centre.y << " f" << a.facing_deg << " " << a.width << "x" << a.depth);
                INFO("b " << b.centre.x << "," << b.centre.y << " f" << b.facing_deg << " " << b.width << "x" << b.depth);
                CHECK(got == expected);
            }
        }
        touching += expected == 0.0 && !expected_overlap;
        overlapping += expected_overlap;
    }
    CHECK(mismatches == 0);
    // The generator really does produce the delicate cases.
    CHECK(touching > 50'000);
    CHECK(overlapping > 50'000);
}

namespace {

// nearest_edge as it was before it took footprints: every edge, normal and
// corner set recomputed from the base (with its sines) at each use.
double reference_clipped_length(const Segment& s, const Base& quad, double grow) {
    double t0 = 0.0;
    double t1 = 1.0;
    const Vec2 d = s.b - s.a;
    for (Edge e : kAllEdges) {
        const Vec2 n = quad.outward_normal(e);
        const Vec2 on_edge = quad.edge(e).a + n * grow;
        const double start = dot(s.a - on_edge, n);
        const double rate = dot(d, n);
        if (rate == 0.0) {
            if (start > 0.0) return 0.0;
            continue;
        }
        const double t = -start / rate;
        if (rate > 0.0) t1 = std::min(t1, t);
        else t0 = std::max(t0, t);
        if (t0 > t1) return 0.0;
    }
    return (t1 - t0) * length(d);
}

std::vector<Vec2> reference_contact_normals(const Base& target, const Base& other) {
    const auto ct = target.corners();
    const auto co = other.corners();
    std::array<Vec2, 4> axes{target.forward(), target.right(), other.forward(), other.right()};
    std::array<double, 4> separation{};
    double best = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < 4; ++i) {
        double t0, t1, o0, o1;
        reference_project(ct, axes[i], t0, t1);
        reference_project(co, axes[i], o0, o1);
        if (t0 - o1 > o0 - t1) {
            axes[i] = -axes[i];
            separation[i] = t0 - o1;
        } else {
            separation[i] = o0 - t1;
        }
        best = std::max(best, separation[i]);
    }
    std::vector<Vec2> normals;
    for (std::size_t i = 0; i < 4; ++i) {
        if (separation[i] >= best - kContactTolerance) normals.push_back(axes[i]);
    }
    return normals;
}

EdgeContact reference_nearest_edge(const Base& target, const Base& other) {
    const auto other_corners = other.corners();
    std::array<EdgeContact, 4> candidates{};
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < 4; ++i) {
        const Edge e = kAllEdges[i];
        const double d = distance_segment_convex(target.edge(e), other_corners);
        candidates[i] = {e, d <= kContactTolerance ? 0.0 : d, 0.0};
        best = std::min(best, candidates[i].distance);
    }
    for (auto& c : candidates) {
        if (c.distance <= kContactTolerance)
            c.contact_length = reference_clipped_length(target.edge(c.edge), other, kContactTolerance);
    }
    const std::vector<Vec2> normals = reference_contact_normals(target, other);
    struct Rank {
        double contact_length;
        double squareness;
        double beyond;
    };
    const auto rank_of = [&](const EdgeContact& c) {
        const Vec2 n = target.outward_normal(c.edge);
        double square = -1.0;
        for (const Vec2& axis : normals) square = std::max(square, dot(n, axis));
        return Rank{c.contact_length, square, dot(other.centre - target.edge(c.edge).a, n)};
    };
    const auto better = [](const Rank& a, const Rank& b) {
        constexpr double tol = kContactTolerance;
        if (std::abs(a.contact_length - b.contact_length) > tol) return a.contact_length > b.contact_length;
        if (std::abs(a.squareness - b.squareness) > 1e-9) return a.squareness > b.squareness;
        return a.beyond > b.beyond + tol;
    };
    const EdgeContact* chosen = nullptr;
    Rank chosen_rank{};
    for (const auto& c : candidates) {
        if (c.distance > best + kContactTolerance) continue;
        const Rank r = rank_of(c);
        if (chosen == nullptr || better(r, chosen_rank)) {
            chosen = &c;
            chosen_rank = r;
        }
    }
    return *chosen;
}

// Pairs of bases many of them lined up, touching or overlapping (where the
// ties and tolerances of nearest_edge bite); session eleven (core_calls).
std::pair<Base, Base> random_pair(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> pos(0.0, 1200.0), size(10.0, 120.0), unit(0.0, 1.0);
    const std::array<double, 8> squares{0.0, 90.0, 180.0, -90.0, 45.0, 30.0, -135.0, 60.0};
    const auto facing = [&]() { return unit(rng) < 0.5 ? squares[rng() % 8] : unit(rng) * 360.0 - 180.0; };
    const Base a{{pos(rng), pos(rng)}, facing(), size(rng), size(rng)};
    Base b{{0, 0}, facing(), size(rng), size(rng)};
    const double kind = unit(rng);
    if (kind < 0.3) {
        b.centre = a.centre + Vec2{unit(rng) * 300.0 - 150.0, unit(rng) * 300.0 - 150.0};
    } else {
        // Lined up on one of a's edges, facing it or alongside.
        const Edge e = kAllEdges[rng() % 4];
        const std::array<double, 5> gaps{0.0, 1e-7, -1e-7, 0.5, -2.0};
        const double gap = gaps[rng() % 5];
        if (kind < 0.7) b.facing_deg = a.facing_deg + squares[rng() % 4];
        const Vec2 n = a.outward_normal(e);
        const double half_a = (e == Edge::Front || e == Edge::Rear) ? a.depth / 2 : a.width / 2;
        // b's extent along n (exact when b is square to a, a bound otherwise).
        const Base probe{{0, 0}, b.facing_deg, b.width, b.depth};
        double lo = 0, hi = 0;
        for (const Vec2& c : probe.corners()) {
            lo = std::min(lo, dot(c, n));
            hi = std::max(hi, dot(c, n));
        }
        const Vec2 along{n.y, -n.x};
        const std::array<double, 4> offs{0.0, 0.5 * a.width, -0.5 * a.width, unit(rng) * 100.0 - 50.0};
        b.centre = a.centre + n * (half_a + gap - lo) + along * offs[rng() % 4];
        (void)hi;
    }
    return {a, b};
}

}  // namespace

TEST_CASE("nearest edge and contact on footprints match the original arithmetic bit for bit", "[geometry][contact]") {
    BasePairs pairs(20261123);
    std::size_t mismatches = 0;
    std::size_t touching = 0;
    for (int n = 0; n < 300'000; ++n) {
        const auto [a, b] = pairs.next();
        const EdgeContact expected = reference_nearest_edge(a, b);
        const EdgeContact got = nearest_edge(a, b);
        const EdgeContact got_fp = nearest_edge(Footprint(a), Footprint(b));
        const bool same = got.edge == expected.edge && same_double(got.distance, expected.distance) &&
                          same_double(got.contact_length, expected.contact_length) && got_fp.edge == expected.edge &&
                          same_double(got_fp.distance, expected.distance) &&
                          same_double(got_fp.contact_length, expected.contact_length) &&
                          in_contact(Footprint(a), Footprint(b)) == in_contact(a, b);
        if (!same && ++mismatches <= 5) {
            INFO("a " << a.centre.x << "," << a.centre.y << " f" << a.facing_deg << " " << a.width << "x" << a.depth);
            INFO("b " << b.centre.x << "," << b.centre.y << " f" << b.facing_deg << " " << b.width << "x" << b.depth);
            CHECK(static_cast<int>(got.edge) == static_cast<int>(expected.edge));
        }
        touching += expected.distance == 0.0;
    }
    CHECK(mismatches == 0);
    CHECK(touching > 10'000);
}

// nearest_edge was made cheaper in session eleven (branch core_calls: the
// four edges share their work); the answers stay the original doubles.
TEST_CASE("nearest edge matches the original arithmetic bit for bit on pairs lined up, touching and overlapping", "[geometry][contact]") {
    std::mt19937_64 rng(20261125);
    int touching = 0;
    for (int n = 0; n < 200000; ++n) {
        const auto [a, b] = random_pair(rng);
        const Footprint fa(a), fb(b);
        for (int way = 0; way < 2; ++way) {
            const Footprint& t = way ? fb : fa;
            const Footprint& o = way ? fa : fb;
            const EdgeContact want = reference_nearest_edge(way ? b : a, way ? a : b);
            const EdgeContact got = nearest_edge(t, o);
            if (want.distance == 0.0) ++touching;
            if (got.edge != want.edge || !same_double(got.distance, want.distance) ||
                !same_double(got.contact_length, want.contact_length)) {
                INFO("pair " << n << " way " << way << ": a at " << a.centre.x << "," << a.centre.y << " facing "
                             << a.facing_deg << " " << a.width << "x" << a.depth << "; b at " << b.centre.x << ","
                             << b.centre.y << " facing " << b.facing_deg << " " << b.width << "x" << b.depth);
                CHECK(to_string(got.edge) == to_string(want.edge));
                CHECK(got.distance == want.distance);
                CHECK(got.contact_length == want.contact_length);
                FAIL("nearest_edge differs from the reference");
            }
        }
    }
    // The generator must reach the touching cases the ties are about.
    CHECK(touching > 50000);
}
