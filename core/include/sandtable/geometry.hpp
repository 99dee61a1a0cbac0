// Plane geometry of the table: points, oriented rectangular bases, distances,
// contact edges and arcs. Knows nothing of any ruleset.
//
// Conventions (see docs/geometry.md):
// - Units: millimetres. x grows east, y grows north (a right-handed table seen
//   from above).
// - Angles in the public API are degrees. A facing (or bearing) of 0 points
//   north (+y); angles grow counter-clockwise, so 90 = west, -90 = east,
//   180 = south. Relative bearings are in (-180, 180], positive = to the left.
// - A Base is a rectangle: `width` is its frontage (along its left-right
//   axis), `depth` runs front to rear. Its "front" edge faces `facing_deg`.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <string_view>

namespace sandtable::geom {

// Distances closer than this (mm) count as touching; penetrations shallower
// than this do not count as overlap. Far below any measurement on a table,
// far above the rounding error of double arithmetic on table-sized numbers.
inline constexpr double kContactTolerance = 1e-6;
// Angular tolerance (degrees) for arc boundaries: a point exactly on the
// boundary of an arc is inside it.
inline constexpr double kAngleToleranceDeg = 1e-9;

inline constexpr double kPi = 3.14159265358979323846;
inline constexpr double deg_to_rad(double deg) { return deg * (kPi / 180.0); }
inline constexpr double rad_to_deg(double rad) { return rad * (180.0 / kPi); }

struct Vec2 {
    double x = 0.0;
    double y = 0.0;

    constexpr Vec2 operator+(Vec2 o) const { return {x + o.x, y + o.y}; }
    constexpr Vec2 operator-(Vec2 o) const { return {x - o.x, y - o.y}; }
    constexpr Vec2 operator-() const { return {-x, -y}; }
    constexpr Vec2 operator*(double k) const { return {x * k, y * k}; }
    constexpr Vec2 operator/(double k) const { return {x / k, y / k}; }
    constexpr Vec2& operator+=(Vec2 o) { x += o.x; y += o.y; return *this; }
    constexpr Vec2& operator-=(Vec2 o) { x -= o.x; y -= o.y; return *this; }
    constexpr bool operator==(const Vec2&) const = default;
};
inline constexpr Vec2 operator*(double k, Vec2 v) { return v * k; }
inline constexpr double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
// z component of the 3-D cross product: > 0 when b is counter-clockwise of a.
inline constexpr double cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
// sqrt rather than hypot: table-sized values cannot overflow, and it is faster.
inline double length(Vec2 v) { return std::sqrt(dot(v, v)); }
inline double distance(Vec2 a, Vec2 b) { return length(b - a); }
// Unit vector; the zero vector stays zero.
Vec2 normalized(Vec2 v);
// Rotated counter-clockwise by `deg` degrees.
Vec2 rotated(Vec2 v, double deg);
// Rotated counter-clockwise by `deg` degrees about `pivot`.
Vec2 rotated_about(Vec2 p, Vec2 pivot, double deg);

// --- Angles and bearings ------------------------------------------------

// Unit vector of a facing/bearing: 0 -> (0, 1), 90 -> (-1, 0).
Vec2 direction(double facing_deg);
// Angle normalised into (-180, 180].
double normalize_angle_deg(double deg);
// Signed smallest rotation taking facing `from` to facing `to`, in (-180, 180].
double angle_difference_deg(double from, double to);
// Absolute bearing (facing convention) of `to` seen from `from`.
// Returns 0 when the points coincide.
double bearing_deg(Vec2 from, Vec2 to);

// --- Segments and rectangles --------------------------------------------

struct Segment {
    Vec2 a;
    Vec2 b;
    Vec2 midpoint() const { return (a + b) * 0.5; }
    double length() const { return distance(a, b); }
};

double distance_point_segment(Vec2 p, const Segment& s);
// Closest point of `s` to `p`.
Vec2 closest_point_on_segment(Vec2 p, const Segment& s);
// True when the closed segments share at least one point.
bool segments_intersect(const Segment& s, const Segment& t);
double distance_segment_segment(const Segment& s, const Segment& t);

// Axis-aligned rectangle, e.g. the table or a query window.
struct Rect {
    Vec2 min;
    Vec2 max;
    double width() const { return max.x - min.x; }
    double height() const { return max.y - min.y; }
    bool contains(Vec2 p) const {  // closed: the boundary is inside
        return p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y;
    }
    bool intersects(const Rect& o) const {  // closed: touching intersects
        return min.x <= o.max.x && o.min.x <= max.x && min.y <= o.max.y && o.min.y <= max.y;
    }
    Rect expanded(double d) const { return {{min.x - d, min.y - d}, {max.x + d, max.y + d}}; }
};

// --- Bases --------------------------------------------------------------

enum class Edge { Front, Left, Right, Rear };  // Left/Right are the flanks
inline constexpr std::array<Edge, 4> kAllEdges = {Edge::Front, Edge::Left, Edge::Right, Edge::Rear};
inline constexpr bool is_flank(Edge e) { return e == Edge::Left || e == Edge::Right; }
// "front", "left", "right", "rear".
std::string_view to_string(Edge e);

enum class Corner { FrontLeft, FrontRight, RearRight, RearLeft };

struct Base {
    Vec2 centre;
    double facing_deg = 0.0;
    double width = 0.0;  // frontage
    double depth = 0.0;

    Vec2 forward() const { return direction(facing_deg); }
    // Unit vector towards the base's right flank: forward turned clockwise.
    Vec2 right() const {
        const Vec2 f = forward();
        return {f.y, -f.x};
    }
    Vec2 corner(Corner c) const;
    // Clockwise seen from above: front-left, front-right, rear-right, rear-left.
    std::array<Vec2, 4> corners() const;
    // Front and rear run left to right; flanks run front to rear.
    Segment edge(Edge e) const;
    // Unit normal of an edge pointing away from the base.
    Vec2 outward_normal(Edge e) const;
    Vec2 front_centre() const { return centre + forward() * (depth * 0.5); }
    // Smallest axis-aligned rectangle holding the base.
    Rect bounds() const;
    // Point of the table -> coordinates in the base's frame: x to the right,
    // y forward, origin at the centre. And back.
    Vec2 to_local(Vec2 p) const;
    Vec2 to_world(Vec2 local) const;
    bool contains(Vec2 p) const;  // closed: the boundary is inside
};

// --- Distance, overlap, contact -----------------------------------------

// Shortest distance between the two rectangles, 0 when they touch or overlap.
double edge_distance(const Base& a, const Base& b);
// A base's corners and axes, computed once (two sines) and reused for many
// distance tests against it: edge_distance(Footprint, Footprint) gives the
// same result as edge_distance(Base, Base), without recomputing them.
struct Footprint {
    std::array<Vec2, 4> c;  // front-left, front-right, rear-right, rear-left
    Vec2 forward;
    Vec2 right;
    // For cheap bounds that decide which exact tests can be skipped.
    Vec2 centre;
    double half_width = 0.0;  // width * 0.5: negative when the base is mirrored
    double half_depth = 0.0;
    double radius = 0.0;  // centre to a corner
    // The corners' extent along forward and right, as the separating-axis
    // test projects them: computed once instead of at every test.
    double forward_lo = 0.0, forward_hi = 0.0;
    double right_lo = 0.0, right_hi = 0.0;
    Footprint() = default;
    explicit Footprint(const Base& b);
};
double edge_distance(const Footprint& a, const Footprint& b);
// A footprint's edge: the same segment as Base::edge, from corners made once.
Segment edge_of(const Footprint& q, Edge e);
// overlaps() on footprints already made (the same test).
bool overlaps(const Footprint& a, const Footprint& b);
// How deep two bases overlap: the least overlap of their projections on the
// four separating axes (the shortest push that parts them), 0 when they are
// apart or only touch. Moves use it to let bases that overlap by rounding
// move on without going deeper.
double penetration(const Footprint& a, const Footprint& b);
// Shortest distance from a point to a base, 0 when the point is on or in it.
double distance_to_point(const Base& b, Vec2 p);
// Separating-axis test: true when the interiors overlap by more than
// kContactTolerance on every axis. Bases that only touch do not overlap.
bool overlaps(const Base& a, const Base& b);
// True when the bases touch or overlap (edge_distance <= kContactTolerance).
bool in_contact(const Base& a, const Base& b);
// in_contact() on footprints already made (the same test).
bool in_contact(const Footprint& a, const Footprint& b);

// Which edge of `target` the base `other` touches, or is nearest to.
struct EdgeContact {
    Edge edge = Edge::Front;
    // Distance from that edge (as a segment) to `other`; 0 when touching.
    double distance = 0.0;
    // Length of that edge lying within kContactTolerance of `other`:
    // 0 for a point contact or no contact, the full frontage when two fronts
    // meet squarely.
    double contact_length = 0.0;
};
// The edge of `target` nearest to `other`. Ties (within kContactTolerance),
// which happen when `other` touches or is nearest to a corner, are broken by:
//   1. the longer contact length (a base lying along the front and touching
//      the front-left corner contacts the front, not the left flank);
//   2. the edge most square to the contact normal, i.e. to the separating
//      axis along which the two bases are furthest apart (a base whose corner
//      hits a wall obliquely does so with the edge most nearly parallel to
//      the wall);
//   3. the edge beyond whose line `other`'s centre lies furthest (two square
//      corners meeting diagonally: a base off the front-left corner, more to
//      the left than ahead, is on the left);
//   4. fixed order front, left, right, rear (an exactly diagonal contact
//      counts as the front, a flank before the rear).
EdgeContact nearest_edge(const Base& target, const Base& other);
// nearest_edge() on footprints already made (the same answer).
EdgeContact nearest_edge(const Footprint& target, const Footprint& other);

// --- Arcs ---------------------------------------------------------------
// An arc of half-angle A is the wedge within A degrees either side of
// straight ahead, with its apex at the centre of the base's front edge.
// Boundaries are inside (within kAngleToleranceDeg). A >= 180 is everything.

// Bearing of `p` relative to the facing of `b`, seen from b's centre, in
// (-180, 180]; positive = to b's left. 0 when p is the centre.
double relative_bearing_deg(const Base& b, Vec2 p);
// Angle (0..180) between straight ahead and the line from the front-edge
// centre of `viewer` to `p`. 0 when p is the front-edge centre.
double angle_off_front_deg(const Base& viewer, Vec2 p);
// `p` within +-half_angle_deg of straight ahead, seen from the front-edge centre.
bool point_in_arc(const Base& viewer, Vec2 p, double half_angle_deg);
// The centre of `target` is in the arc.
bool centre_in_arc(const Base& viewer, const Base& target, double half_angle_deg);
// Any part of `target` (a corner, an edge, or its interior) is in the arc.
bool any_part_in_arc(const Base& viewer, const Base& target, double half_angle_deg);
// Measured from every point of the front edge instead of its centre: the
// strip straight ahead of the front edge widened by half_angle_deg from each
// front corner (the "within 45 degrees of the front edge" of many rules).
// Requires half_angle_deg < 90; points behind the front edge line are out.
bool point_in_frontal_zone(const Base& viewer, Vec2 p, double half_angle_deg);
bool any_part_in_frontal_zone(const Base& viewer, const Base& target, double half_angle_deg);

// --- Convex polygons (bases are convex quadrilaterals) ------------------

// Distance from a segment to a convex polygon, 0 when they meet.
double distance_segment_convex(const Segment& s, std::span<const Vec2> convex);
// Point in a convex polygon given in either winding, boundary inclusive.
bool point_in_convex(Vec2 p, std::span<const Vec2> convex);

}  // namespace sandtable::geom
