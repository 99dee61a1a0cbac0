#include "sandtable/geometry.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace sandtable::geom {

Vec2 normalized(Vec2 v) {
    const double len = length(v);
    return len > 0.0 ? v / len : Vec2{};
}

Vec2 rotated(Vec2 v, double deg) {
    const double r = deg_to_rad(deg);
    const double c = std::cos(r);
    const double s = std::sin(r);
    return {v.x * c - v.y * s, v.x * s + v.y * c};
}

Vec2 rotated_about(Vec2 p, Vec2 pivot, double deg) { return pivot + rotated(p - pivot, deg); }

// --- Angles and bearings ------------------------------------------------

Vec2 direction(double facing_deg) {
    // Facing 0 is +y and angles grow counter-clockwise: rotate (0, 1).
    const double r = deg_to_rad(facing_deg);
    return {-std::sin(r), std::cos(r)};
}

double normalize_angle_deg(double deg) {
    double a = std::fmod(deg, 360.0);  // (-360, 360)
    if (a <= -180.0) a += 360.0;
    if (a > 180.0) a -= 360.0;
    return a;
}

double angle_difference_deg(double from, double to) { return normalize_angle_deg(to - from); }

double bearing_deg(Vec2 from, Vec2 to) {
    const Vec2 d = to - from;
    if (d.x == 0.0 && d.y == 0.0) return 0.0;
    // atan2 measures from +x; our zero is +y, and west (-x) is +90.
    return normalize_angle_deg(rad_to_deg(std::atan2(-d.x, d.y)));
}

// --- Segments -----------------------------------------------------------

Vec2 closest_point_on_segment(Vec2 p, const Segment& s) {
    const Vec2 ab = s.b - s.a;
    const double len2 = dot(ab, ab);
    if (len2 == 0.0) return s.a;
    const double t = std::clamp(dot(p - s.a, ab) / len2, 0.0, 1.0);
    return s.a + ab * t;
}

double distance_point_segment(Vec2 p, const Segment& s) {
    return distance(p, closest_point_on_segment(p, s));
}

namespace {

// Sign of the turn a -> b -> c, with exact zero for collinear points.
int orientation(Vec2 a, Vec2 b, Vec2 c) {
    const double v = cross(b - a, c - a);
    return (v > 0.0) - (v < 0.0);
}

bool on_segment_if_collinear(Vec2 p, const Segment& s) {
    return p.x >= std::min(s.a.x, s.b.x) && p.x <= std::max(s.a.x, s.b.x) &&
           p.y >= std::min(s.a.y, s.b.y) && p.y <= std::max(s.a.y, s.b.y);
}

}  // namespace

bool segments_intersect(const Segment& s, const Segment& t) {
    const int o1 = orientation(s.a, s.b, t.a);
    const int o2 = orientation(s.a, s.b, t.b);
    const int o3 = orientation(t.a, t.b, s.a);
    const int o4 = orientation(t.a, t.b, s.b);
    if (o1 != o2 && o3 != o4) return true;
    if (o1 == 0 && on_segment_if_collinear(t.a, s)) return true;
    if (o2 == 0 && on_segment_if_collinear(t.b, s)) return true;
    if (o3 == 0 && on_segment_if_collinear(s.a, t)) return true;
    if (o4 == 0 && on_segment_if_collinear(s.b, t)) return true;
    return false;
}

double distance_segment_segment(const Segment& s, const Segment& t) {
    if (segments_intersect(s, t)) return 0.0;
    // Disjoint segments: the closest pair always involves an endpoint.
    return std::min({distance_point_segment(s.a, t), distance_point_segment(s.b, t),
                     distance_point_segment(t.a, s), distance_point_segment(t.b, s)});
}

// --- Convex polygons ----------------------------------------------------

bool point_in_convex(Vec2 p, std::span<const Vec2> convex) {
    // Inside (or on) when p is never strictly on both sides of the edges.
    bool any_left = false;
    bool any_right = false;
    const std::size_t n = convex.size();
    for (std::size_t i = 0; i < n; ++i) {
        const Segment e{convex[i], convex[(i + 1) % n]};
        const double side = cross(e.b - e.a, p - e.a);
        // Tolerance scaled by the edge length keeps points on an edge inside.
        const double tol = kContactTolerance * e.length();
        if (side > tol) any_left = true;
        if (side < -tol) any_right = true;
        if (any_left && any_right) return false;
    }
    return true;
}

double distance_segment_convex(const Segment& s, std::span<const Vec2> convex) {
    if (point_in_convex(s.a, convex) || point_in_convex(s.b, convex)) return 0.0;
    double best = std::numeric_limits<double>::infinity();
    const std::size_t n = convex.size();
    for (std::size_t i = 0; i < n; ++i) {
        best = std::min(best, distance_segment_segment(s, {convex[i], convex[(i + 1) % n]}));
        if (best == 0.0) break;
    }
    return best;
}

// --- Bases --------------------------------------------------------------

std::string_view to_string(Edge e) {
    switch (e) {
        case Edge::Front: return "front";
        case Edge::Left: return "left";
        case Edge::Right: return "right";
        case Edge::Rear: return "rear";
    }
    return "front";
}

Vec2 Base::corner(Corner c) const { return corners()[static_cast<std::size_t>(c)]; }

namespace {

// Corners of a base whose forward unit vector is `f` (one sine and cosine,
// shared by Base::corners and Footprint).
std::array<Vec2, 4> corners_facing(const Base& b, Vec2 f) {
    const Vec2 half_fwd = f * (b.depth * 0.5);
    const Vec2 half_right = Vec2{f.y, -f.x} * (b.width * 0.5);
    return {b.centre + half_fwd - half_right, b.centre + half_fwd + half_right,
            b.centre - half_fwd + half_right, b.centre - half_fwd - half_right};
}

}  // namespace

std::array<Vec2, 4> Base::corners() const { return corners_facing(*this, forward()); }

Segment Base::edge(Edge e) const {
    const auto c = corners();  // front-left, front-right, rear-right, rear-left
    switch (e) {
        case Edge::Front: return {c[0], c[1]};
        case Edge::Rear: return {c[3], c[2]};
        case Edge::Left: return {c[0], c[3]};
        case Edge::Right: return {c[1], c[2]};
    }
    return {};
}

Vec2 Base::outward_normal(Edge e) const {
    switch (e) {
        case Edge::Front: return forward();
        case Edge::Rear: return -forward();
        case Edge::Left: return -right();
        case Edge::Right: return right();
    }
    return {};
}

Rect Base::bounds() const {
    // Half extents of a rotated rectangle along x and y.
    const Vec2 f = forward() * (depth * 0.5);
    const Vec2 r = right() * (width * 0.5);
    const double hx = std::abs(f.x) + std::abs(r.x);
    const double hy = std::abs(f.y) + std::abs(r.y);
    return {{centre.x - hx, centre.y - hy}, {centre.x + hx, centre.y + hy}};
}

Vec2 Base::to_local(Vec2 p) const {
    const Vec2 d = p - centre;
    return {dot(d, right()), dot(d, forward())};
}

Vec2 Base::to_world(Vec2 local) const { return centre + right() * local.x + forward() * local.y; }

bool Base::contains(Vec2 p) const {
    const Vec2 l = to_local(p);
    return std::abs(l.x) <= width * 0.5 + kContactTolerance &&
           std::abs(l.y) <= depth * 0.5 + kContactTolerance;
}

// --- Distance, overlap, contact -----------------------------------------

double distance_to_point(const Base& b, Vec2 p) {
    // In the base's frame the rectangle is axis-aligned: clamp and measure.
    const Vec2 l = b.to_local(p);
    const double dx = std::max(std::abs(l.x) - b.width * 0.5, 0.0);
    const double dy = std::max(std::abs(l.y) - b.depth * 0.5, 0.0);
    return std::hypot(dx, dy);
}

namespace {

void project_onto(const std::array<Vec2, 4>& pts, Vec2 axis, double& lo, double& hi) {
    lo = std::numeric_limits<double>::infinity();
    hi = -lo;
    for (const Vec2& p : pts) {
        const double d = dot(p, axis);
        lo = std::min(lo, d);
        hi = std::max(hi, d);
    }
}

}  // namespace

Footprint::Footprint(const Base& b)
    : forward(b.forward()),
      right{forward.y, -forward.x},
      centre(b.centre),
      half_width(b.width * 0.5),
      half_depth(b.depth * 0.5),
      radius(std::sqrt(half_width * half_width + half_depth * half_depth)) {
    c = corners_facing(b, forward);
    project_onto(c, forward, forward_lo, forward_hi);
    project_onto(c, right, right_lo, right_hi);
}

namespace {

using Quad = Footprint;

// Slack (mm) for the bounds below. They are worked out from the ideal
// rectangle while the exact tests use the rounded corners; on table-sized
// numbers the two differ by ~1e-12 mm, so this slack keeps every bound on
// the safe side by a wide margin.
constexpr double kBoundSlack = 1e-4;

// The bounding circles are apart: no axis can show an overlap.
bool circles_apart(const Quad& a, const Quad& b) {
    const Vec2 d = b.centre - a.centre;
    const double reach = a.radius + b.radius + kBoundSlack;
    return dot(d, d) > reach * reach;
}

// Overlap of b's corners with a's own cached extent [lo, hi] along `axis`.
double overlap_with_extent(double lo, double hi, const Quad& b, Vec2 axis) {
    double bmin, bmax;
    project_onto(b.c, axis, bmin, bmax);
    return std::min(hi, bmax) - std::max(lo, bmin);
}

bool quads_overlap(const Quad& a, const Quad& b) {
    if (circles_apart(a, b)) return false;
    // Two rectangles have only four distinct candidate separating axes.
    // Each quad's extent along its own axes is cached in the footprint; the
    // values are those projecting both quads at every test would compute.
    return overlap_with_extent(a.forward_lo, a.forward_hi, b, a.forward) > kContactTolerance &&
           overlap_with_extent(a.right_lo, a.right_hi, b, a.right) > kContactTolerance &&
           overlap_with_extent(b.forward_lo, b.forward_hi, a, b.forward) > kContactTolerance &&
           overlap_with_extent(b.right_lo, b.right_hi, a, b.right) > kContactTolerance;
}

// Squared distance from p to the segment s0-s1.
double squared_to_segment(Vec2 p, Vec2 s0, Vec2 s1) {
    const Vec2 d = s1 - s0;
    const double len2 = dot(d, d);
    const double t = len2 > 0.0 ? std::clamp(dot(p - s0, d) / len2, 0.0, 1.0) : 0.0;
    const Vec2 gap = p - (s0 + d * t);
    return dot(gap, gap);
}

// The corners of one quad seen in the frame of another (x along its right,
// y along its forward, origin at its centre), for cheap distance estimates.
struct CornersInFrame {
    std::array<double, 4> x;
    std::array<double, 4> y;
    std::array<double, 4> outside_sq;  // squared distance to the rectangle, 0 within
};

// `turn` is cross(frame.forward, q.forward) and `align` their dot: between
// two rotations, these give all four products of the axes.
CornersInFrame corners_in_frame(const Quad& frame, const Quad& q, double turn, double align) {
    // q's corners are its centre plus or minus its two half-axes.
    const Vec2 d = q.centre - frame.centre;
    const double cx = dot(d, frame.right);
    const double cy = dot(d, frame.forward);
    const double fx = -turn * q.half_depth;   // q.forward . frame.right
    const double fy = align * q.half_depth;   // q.forward . frame.forward
    const double rx = align * q.half_width;   // q.right . frame.right
    const double ry = turn * q.half_width;    // q.right . frame.forward
    CornersInFrame v{{cx + fx - rx, cx + fx + rx, cx - fx + rx, cx - fx - rx},
                     {cy + fy - ry, cy + fy + ry, cy - fy + ry, cy - fy - ry},
                     {}};
    const double hw = std::abs(frame.half_width);
    const double hd = std::abs(frame.half_depth);
    for (std::size_t i = 0; i < 4; ++i) {
        const double ox = std::abs(v.x[i]) - hw;
        const double oy = std::abs(v.y[i]) - hd;
        const double bx = ox > 0.0 ? ox : 0.0;
        const double by = oy > 0.0 ? oy : 0.0;
        v.outside_sq[i] = bx * bx + by * by;
    }
    return v;
}

// Estimated squared distances from the corner (x, y), outside the rectangle
// `frame`, to its edges in corner order: front, right, rear, left.
std::array<double, 4> edge_estimates(const Quad& frame, double x, double y) {
    const double hw = std::abs(frame.half_width);
    const double hd = std::abs(frame.half_depth);
    const double ox = std::abs(x) - hw;
    const double oy = std::abs(y) - hd;
    const double bx2 = ox > 0.0 ? ox * ox : 0.0;
    const double by2 = oy > 0.0 ? oy * oy : 0.0;
    return {(y - hd) * (y - hd) + bx2, (x - hw) * (x - hw) + by2,  //
            (y + hd) * (y + hd) + bx2, (x + hw) * (x + hw) + by2};
}

// Least squared distance from the corners of `q` to the edges of `frame`,
// over the pairs whose estimate is within reach_sq.
double nearest_pairs_sq(const Quad& frame, const Quad& q, const CornersInFrame& v, double reach_sq, double best) {
    for (std::size_t i = 0; i < 4; ++i) {
        if (v.outside_sq[i] > reach_sq) continue;
        const std::array<double, 4> estimate = edge_estimates(frame, v.x[i], v.y[i]);
        for (std::size_t e = 0; e < 4; ++e) {
            if (estimate[e] <= reach_sq)
                best = std::min(best, squared_to_segment(q.c[i], frame.c[e], frame.c[(e + 1) % 4]));
        }
    }
    return best;
}

// Least squared distance over all 32 vertex-to-edge pairs.
double all_pairs_sq(const Quad& qa, const Quad& qb) {
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t e = 0; e < 4; ++e) {
        const std::size_t f = (e + 1) % 4;
        for (std::size_t i = 0; i < 4; ++i) {
            best = std::min(best, squared_to_segment(qb.c[i], qa.c[e], qa.c[f]));
            best = std::min(best, squared_to_segment(qa.c[i], qb.c[e], qb.c[f]));
        }
    }
    return best;
}

// The bases' bounding circles are more than `gap` apart: then so are the
// bases, and their corners need not be worked out (two sines saved).
bool circles_apart(const Base& a, const Base& b, double gap) {
    const Vec2 d = b.centre - a.centre;
    const double reach = 0.5 * std::sqrt(a.width * a.width + a.depth * a.depth) +
                         0.5 * std::sqrt(b.width * b.width + b.depth * b.depth) + gap + kBoundSlack;
    return dot(d, d) > reach * reach;
}

}  // namespace

bool overlaps(const Base& a, const Base& b) { return !circles_apart(a, b, 0.0) && quads_overlap(Quad(a), Quad(b)); }

bool overlaps(const Footprint& a, const Footprint& b) { return quads_overlap(a, b); }

double penetration(const Footprint& a, const Footprint& b) {
    if (circles_apart(a, b)) return 0.0;
    const double depth = std::min({overlap_with_extent(a.forward_lo, a.forward_hi, b, a.forward),
                                   overlap_with_extent(a.right_lo, a.right_hi, b, a.right),
                                   overlap_with_extent(b.forward_lo, b.forward_hi, a, b.forward),
                                   overlap_with_extent(b.right_lo, b.right_hi, a, b.right)});
    return depth > kContactTolerance ? depth : 0.0;
}

double edge_distance(const Base& a, const Base& b) { return edge_distance(Footprint(a), Footprint(b)); }

double edge_distance(const Footprint& qa, const Footprint& qb) {
    if (quads_overlap(qa, qb)) return 0.0;
    // Disjoint (or touching) convex polygons: the closest pair is a vertex
    // of one against an edge of the other. (Crossing edges with no vertex
    // inside, a "plus" shape, cannot happen without overlap.)
    // Squared distances, one square root at the end.
    //
    // The answer is the least of the 32 exact vertex-to-edge distances. Most
    // cannot be the least: cheap estimates (in each quad's own frame, no
    // division) find the nearest pair, and a pair whose estimate is more
    // than kBoundSlack beyond it is skipped. The estimate of the nearest pair
    // is itself a candidate's, so the least survives and the answer is the
    // same double as comparing all 32.
    const double turn = cross(qa.forward, qb.forward);
    const double align = dot(qa.forward, qb.forward);
    const CornersInFrame b_in_a = corners_in_frame(qa, qb, turn, align);
    const CornersInFrame a_in_b = corners_in_frame(qb, qa, -turn, align);
    double nearest_sq = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < 4; ++i) {
        nearest_sq = std::min({nearest_sq, b_in_a.outside_sq[i], a_in_b.outside_sq[i]});
    }
    double best;
    if (nearest_sq == 0.0) {
        // A corner within the other base (touching within the tolerance):
        // rare, and its estimate says nothing, so compare every pair.
        best = all_pairs_sq(qa, qb);
    } else {
        const double reach = std::sqrt(nearest_sq) + kBoundSlack;
        const double reach_sq = reach * reach;
        best = nearest_pairs_sq(qa, qb, b_in_a, reach_sq, std::numeric_limits<double>::infinity());
        best = nearest_pairs_sq(qb, qa, a_in_b, reach_sq, best);
    }
    best = std::sqrt(best);
    return best <= kContactTolerance ? 0.0 : best;
}

bool in_contact(const Base& a, const Base& b) {
    return !circles_apart(a, b, kContactTolerance) && edge_distance(a, b) <= kContactTolerance;
}

bool in_contact(const Footprint& a, const Footprint& b) {
    // The bounding circles, more than the tolerance apart, settle it as for bases.
    const Vec2 d = b.centre - a.centre;
    const double reach = a.radius + b.radius + kContactTolerance + kBoundSlack;
    if (dot(d, d) > reach * reach) return false;
    return edge_distance(a, b) <= kContactTolerance;
}

namespace {

}  // namespace

Segment edge_of(const Footprint& q, Edge e) {
    const auto& c = q.c;  // front-left, front-right, rear-right, rear-left
    switch (e) {
        case Edge::Front: return {c[0], c[1]};
        case Edge::Rear: return {c[3], c[2]};
        case Edge::Left: return {c[0], c[3]};
        case Edge::Right: return {c[1], c[2]};
    }
    return {};
}

namespace {

// A footprint's outward normal: the same as Base::outward_normal, on axes made once.
Vec2 outward_normal_of(const Footprint& q, Edge e) {
    switch (e) {
        case Edge::Front: return q.forward;
        case Edge::Rear: return -q.forward;
        case Edge::Left: return -q.right;
        case Edge::Right: return q.right;
    }
    return {};
}

// Length of `s` inside the convex quadrilateral `quad` grown by `grow` on
// every side (Cyrus-Beck clipping against its four half-planes).
double clipped_length(const Segment& s, const Footprint& quad, double grow) {
    double t0 = 0.0;
    double t1 = 1.0;
    const Vec2 d = s.b - s.a;
    for (Edge e : kAllEdges) {
        const Vec2 n = outward_normal_of(quad, e);
        const Vec2 on_edge = edge_of(quad, e).a + n * grow;
        // Inside when dot(p - on_edge, n) <= 0.
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

// Unit axes along which `target` and `other` are furthest apart (or, when
// they overlap, least deep into each other), oriented from target to other:
// the contact normal. Several when tied (two corners meeting squarely).
// At most four, kept in place: no allocation per call (bf:contact asks this
// for every pair a ruleset looks at).
struct Normals {
    std::array<Vec2, 4> axis;
    std::size_t count = 0;
};

Normals contact_normals(const Footprint& target, const Footprint& other) {
    const auto& ct = target.c;
    const auto& co = other.c;
    std::array<Vec2, 4> axes{target.forward, target.right, other.forward, other.right};
    std::array<double, 4> separation{};
    double best = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < 4; ++i) {
        double t0, t1, o0, o1;
        project_onto(ct, axes[i], t0, t1);
        project_onto(co, axes[i], o0, o1);
        // Other beyond target along +axis, or along -axis: keep the larger.
        if (t0 - o1 > o0 - t1) {
            axes[i] = -axes[i];
            separation[i] = t0 - o1;
        } else {
            separation[i] = o0 - t1;
        }
        best = std::max(best, separation[i]);
    }
    Normals normals;
    for (std::size_t i = 0; i < 4; ++i) {
        if (separation[i] >= best - kContactTolerance) normals.axis[normals.count++] = axes[i];
    }
    return normals;
}

// Squared distance from p to the closed segment s: the square of
// distance_point_segment(p, s), the same closest point, no square root.
double squared_point_segment(Vec2 p, const Segment& s) {
    const Vec2 gap = closest_point_on_segment(p, s) - p;
    return dot(gap, gap);
}

// distance_segment_convex() from each of the four edges of `target` to the
// quadrilateral `other`, the same doubles, with the work the four share done
// once. WHY: it is most of bf:contact and of a blocked move's description.
// What is shared, and why the answers cannot change:
// - point_in_convex's tolerance per edge of `other` (kContactTolerance times
//   its length: a square root each) is the same for every point tested;
// - whether a corner of `target` lies in `other` is asked once per corner
//   (each corner ends two edges);
// - a corner of `target` to an edge of `other` (as the edge is listed, so
//   the same closest point) is worked out once, not once per target edge;
// - the least of several distances is the square root of the least of their
//   squares (the square root is correctly rounded and never decreasing, and
//   distance() is the square root of the dot product), so one square root
//   per target edge instead of one per pair.
std::array<double, 4> edge_distances_to_quad(const Footprint& target, const Footprint& other) {
    const auto& oc = other.c;
    std::array<Segment, 4> oe;
    std::array<double, 4> tol;
    for (std::size_t i = 0; i < 4; ++i) {
        oe[i] = Segment{oc[i], oc[(i + 1) % 4]};
        tol[i] = kContactTolerance * oe[i].length();
    }
    // point_in_convex(p, other.c), with the tolerances above.
    const auto inside = [&](Vec2 p) {
        bool any_left = false;
        bool any_right = false;
        for (std::size_t i = 0; i < 4; ++i) {
            const double side = cross(oe[i].b - oe[i].a, p - oe[i].a);
            if (side > tol[i]) any_left = true;
            if (side < -tol[i]) any_right = true;
            if (any_left && any_right) return false;
        }
        return true;
    };
    std::array<bool, 4> corner_in;
    for (std::size_t k = 0; k < 4; ++k) corner_in[k] = inside(target.c[k]);
    // Squared distance of target corner k to other's edge i, made when first asked.
    std::array<std::array<double, 4>, 4> corner_sq;
    std::array<bool, 4> corner_done{};
    const auto corner_to_edges = [&](std::size_t k) -> const std::array<double, 4>& {
        if (!corner_done[k]) {
            for (std::size_t i = 0; i < 4; ++i) corner_sq[k][i] = squared_point_segment(target.c[k], oe[i]);
            corner_done[k] = true;
        }
        return corner_sq[k];
    };
    // A target edge whose projection on one of the four axes lies wholly
    // beyond the extent of `other` by more than kBoundSlack cannot cross an
    // edge of `other`: segments_intersect decides by the signs of cross
    // products whose rounding (~1e-12 on table-sized numbers) is far below
    // that gap, so it would answer false for all four, and is not asked.
    // `other`'s extent on its own axes is kept in its footprint.
    double tf_lo, tf_hi, tr_lo, tr_hi;
    project_onto(oc, target.forward, tf_lo, tf_hi);
    project_onto(oc, target.right, tr_lo, tr_hi);
    const auto apart = [](double p, double q, double lo, double hi) {
        return std::min(p, q) > hi + kBoundSlack || std::max(p, q) < lo - kBoundSlack;
    };
    const auto separated = [&](const Segment& s) {
        return apart(dot(s.a, other.forward), dot(s.b, other.forward), other.forward_lo, other.forward_hi) ||
               apart(dot(s.a, other.right), dot(s.b, other.right), other.right_lo, other.right_hi) ||
               apart(dot(s.a, target.forward), dot(s.b, target.forward), tf_lo, tf_hi) ||
               apart(dot(s.a, target.right), dot(s.b, target.right), tr_lo, tr_hi);
    };
    // The corners each edge of kAllEdges runs between (edge_of's order).
    static constexpr std::array<std::array<std::size_t, 2>, 4> kEnds{{{0, 1}, {0, 3}, {1, 2}, {3, 2}}};
    static_assert(kAllEdges[0] == Edge::Front && kAllEdges[1] == Edge::Left && kAllEdges[2] == Edge::Right &&
                  kAllEdges[3] == Edge::Rear);
    std::array<double, 4> out{};
    for (std::size_t e = 0; e < 4; ++e) {
        const std::size_t a = kEnds[e][0], b = kEnds[e][1];
        if (corner_in[a] || corner_in[b]) continue;  // 0
        const Segment s = edge_of(target, kAllEdges[e]);
        bool crossing = false;
        if (!separated(s))
            for (std::size_t i = 0; i < 4 && !crossing; ++i) crossing = segments_intersect(s, oe[i]);
        if (crossing) continue;  // 0
        const auto& from_a = corner_to_edges(a);
        const auto& from_b = corner_to_edges(b);
        double best = std::numeric_limits<double>::infinity();
        for (std::size_t i = 0; i < 4; ++i) best = std::min({best, from_a[i], from_b[i], squared_point_segment(oc[i], s)});
        out[e] = std::sqrt(best);
    }
    return out;
}

}  // namespace

EdgeContact nearest_edge(const Base& target, const Base& other) {
    // Each base's corners and axes once (four sines), not per edge asked.
    return nearest_edge(Footprint(target), Footprint(other));
}

EdgeContact nearest_edge(const Footprint& target, const Footprint& other) {
    std::array<EdgeContact, 4> candidates{};
    double best = std::numeric_limits<double>::infinity();
    // distance_segment_convex(edge_of(target, e), other.c) for each edge e.
    const std::array<double, 4> dist = edge_distances_to_quad(target, other);
    for (std::size_t i = 0; i < 4; ++i) {
        const Edge e = kAllEdges[i];
        const double d = dist[i];
        candidates[i] = {e, d <= kContactTolerance ? 0.0 : d, 0.0};
        best = std::min(best, candidates[i].distance);
    }
    for (auto& c : candidates) {
        if (c.distance <= kContactTolerance)
            c.contact_length = clipped_length(edge_of(target, c.edge), other, kContactTolerance);
    }
    const Normals normals = contact_normals(target, other);

    // Rank the tied nearest edges by a key compared lexicographically;
    // candidates are in kAllEdges order, so a full tie keeps the earlier edge.
    struct Rank {
        double contact_length;  // longer contact wins
        double squareness;      // edge normal closer to the contact normal wins
        double beyond;          // other's centre further beyond the edge line wins
    };
    const auto rank_of = [&](const EdgeContact& c) {
        const Vec2 n = outward_normal_of(target, c.edge);
        double square = -1.0;
        for (std::size_t k = 0; k < normals.count; ++k) square = std::max(square, dot(n, normals.axis[k]));
        return Rank{c.contact_length, square, dot(other.centre - edge_of(target, c.edge).a, n)};
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

// --- Arcs ---------------------------------------------------------------

double relative_bearing_deg(const Base& b, Vec2 p) {
    if (p == b.centre) return 0.0;
    return angle_difference_deg(b.facing_deg, bearing_deg(b.centre, p));
}

double angle_off_front_deg(const Base& viewer, Vec2 p) {
    const Vec2 apex = viewer.front_centre();
    if (p == apex) return 0.0;
    return std::abs(angle_difference_deg(viewer.facing_deg, bearing_deg(apex, p)));
}

bool point_in_arc(const Base& viewer, Vec2 p, double half_angle_deg) {
    if (half_angle_deg < 0.0) return false;
    return angle_off_front_deg(viewer, p) <= half_angle_deg + kAngleToleranceDeg;
}

bool centre_in_arc(const Base& viewer, const Base& target, double half_angle_deg) {
    return point_in_arc(viewer, target.centre, half_angle_deg);
}

namespace {

// Does the ray origin + t*dir (t >= 0) meet the closed segment?
bool ray_hits_segment(Vec2 origin, Vec2 dir, const Segment& s) {
    const Vec2 e = s.b - s.a;
    const double denom = cross(dir, e);
    const Vec2 w = s.a - origin;
    if (denom == 0.0) {
        // Parallel: only a collinear segment can meet the ray.
        if (cross(w, dir) != 0.0) return false;
        return dot(s.a - origin, dir) >= 0.0 || dot(s.b - origin, dir) >= 0.0;
    }
    const double t = cross(w, e) / denom;    // along the ray
    const double u = cross(w, dir) / denom;  // along the segment
    return t >= -kContactTolerance && u >= -kContactTolerance && u <= 1.0 + kContactTolerance;
}

// Does any edge of `target` cross the ray?
bool ray_hits_base(Vec2 origin, Vec2 dir, const Base& target) {
    for (Edge e : kAllEdges) {
        if (ray_hits_segment(origin, dir, target.edge(e))) return true;
    }
    return false;
}

}  // namespace

bool any_part_in_arc(const Base& viewer, const Base& target, double half_angle_deg) {
    if (half_angle_deg < 0.0) return false;
    if (half_angle_deg >= 180.0) return true;
    // A polygon meets a wedge iff one of its vertices is in the wedge, one of
    // its edges crosses a boundary ray, or it holds the apex.
    for (const Vec2& c : target.corners()) {
        if (point_in_arc(viewer, c, half_angle_deg)) return true;
    }
    const Vec2 apex = viewer.front_centre();
    if (target.contains(apex)) return true;
    return ray_hits_base(apex, direction(viewer.facing_deg + half_angle_deg), target) ||
           ray_hits_base(apex, direction(viewer.facing_deg - half_angle_deg), target);
}

bool point_in_frontal_zone(const Base& viewer, Vec2 p, double half_angle_deg) {
    if (half_angle_deg < 0.0) return false;
    // In the viewer's frame, with y measured from the front edge line: p is
    // in when its sideways distance beyond the frontage is at most y*tan(A).
    const Vec2 l = viewer.to_local(p);
    const double ahead = l.y - viewer.depth * 0.5;
    if (ahead < -kContactTolerance) return false;
    const double beyond = std::max(std::abs(l.x) - viewer.width * 0.5, 0.0);
    if (beyond == 0.0) return true;
    const double off_angle = rad_to_deg(std::atan2(beyond, std::max(ahead, 0.0)));
    return off_angle <= half_angle_deg + kAngleToleranceDeg;
}

bool any_part_in_frontal_zone(const Base& viewer, const Base& target, double half_angle_deg) {
    if (half_angle_deg < 0.0) return false;
    for (const Vec2& c : target.corners()) {
        if (point_in_frontal_zone(viewer, c, half_angle_deg)) return true;
    }
    // The zone is convex (A < 90): its boundary is the front edge and one ray
    // from each front corner. A target meeting it with no corner inside must
    // cross that boundary.
    const Segment front = viewer.edge(Edge::Front);
    for (Edge e : kAllEdges) {
        if (segments_intersect(front, target.edge(e))) return true;
    }
    return ray_hits_base(front.a, direction(viewer.facing_deg + half_angle_deg), target) ||
           ray_hits_base(front.b, direction(viewer.facing_deg - half_angle_deg), target);
}

}  // namespace sandtable::geom
