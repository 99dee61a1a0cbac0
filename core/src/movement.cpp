#include "sandtable/movement.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sandtable::geom {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kTwoPi = 2.0 * kPi;
// Rotation intervals narrower than this (radians) are rounding noise.
constexpr double kAngleNoise = 1e-12;

// --- Gathering obstacles ------------------------------------------------

// Obstacles from the list and from the index ids given, self excluded,
// unique by id (the list wins) and sorted by id, into `out` (cleared first).
// WHY a buffer the caller keeps: bf:move asks for a move thousands of times a
// battle, and a fresh vector each time was an allocation and a free per move.
void gather(const MoveContext& ctx, const std::vector<BaseId>& from_index, std::vector<Obstacle>& out) {
    out.clear();
    for (const Obstacle& o : ctx.obstacles) {
        if (ctx.self && *ctx.self == o.id) continue;
        out.push_back(o);
    }
    const auto listed = [&out](BaseId id) {
        return std::any_of(out.begin(), out.end(), [id](const Obstacle& o) { return o.id == id; });
    };
    for (BaseId id : from_index) {
        if ((ctx.self && *ctx.self == id) || listed(id)) continue;
        if (auto b = ctx.index->find(id)) out.push_back({id, *b});
    }
    std::sort(out.begin(), out.end(), [](const Obstacle& a, const Obstacle& b) { return a.id < b.id; });
}

// Slack (mm) for the bounding-circle tests below: far above the rounding of
// table-sized numbers (~1e-12 mm), far below any real gap.
constexpr double kCircleSlack = 1e-4;

// The bounding circle of `q` lies wholly further than `reach` from `p`: then
// so does every point of the base (distance_to_point > reach).
bool circle_beyond(const Footprint& q, Vec2 p, double reach) {
    const Vec2 d = q.centre - p;
    const double beyond = reach + q.radius + kCircleSlack;
    return dot(d, d) > beyond * beyond;
}

// The obstacle's footprint: the caller's, or one made in `made`.
const Footprint& footprint_of(const Obstacle& o, Footprint& made) {
    if (o.footprint) return *o.footprint;
    made = Footprint(o.base);
    return made;
}

// The bounding circle of `obstacle` stays further than touching from that of
// `mover` all along the straight path (travel along unit `dir`): then no
// exact test could find a contact on the way, and none need be made.
bool clear_of_path(const Footprint& mover, Vec2 dir, double travel, const Footprint& obstacle) {
    const Vec2 to = obstacle.centre - mover.centre;
    const double along = std::clamp(dot(to, dir), 0.0, travel);
    const Vec2 off = to - dir * along;
    const double reach = mover.radius + obstacle.radius + kContactTolerance + kCircleSlack;
    return dot(off, off) > reach * reach;
}

bool wholly_on_table(const std::array<Vec2, 4>& corners, const Rect& table) {
    const Rect loose = table.expanded(kContactTolerance);
    return std::all_of(corners.begin(), corners.end(), [&loose](Vec2 c) { return loose.contains(c); });
}

// The rectangle the table edge holds a mover to: the table, widened on each
// side by as much as the mover already stands over that edge (by more than
// the contact tolerance). So the edge treats a mover as it treats a base the
// mover already overlaps: a base a ruleset lined up a fraction over the edge,
// or one arriving from beyond it, may slide along the edge or come back,
// never go further over (a follow-up from a corner 0.4 mm
// over slid 11 cm off the table when only a mover wholly on it was held). A
// mover wholly on the table is held to the table itself.
Rect held_to(const std::array<Vec2, 4>& corners, const Rect& table) {
    Rect held = table;
    for (const Vec2& c : corners) {
        if (c.x < table.min.x - kContactTolerance) held.min.x = std::min(held.min.x, c.x);
        if (c.x > table.max.x + kContactTolerance) held.max.x = std::max(held.max.x, c.x);
        if (c.y < table.min.y - kContactTolerance) held.min.y = std::min(held.min.y, c.y);
        if (c.y > table.max.y + kContactTolerance) held.max.y = std::max(held.max.y, c.y);
    }
    return held;
}

// --- Straight moves -----------------------------------------------------

struct Interval {
    double lo = -kInfinity;
    double hi = kInfinity;
};

void project(const std::array<Vec2, 4>& pts, Vec2 axis, double& lo, double& hi) {
    lo = kInfinity;
    hi = -kInfinity;
    for (const Vec2& p : pts) {
        const double d = dot(p, axis);
        lo = std::min(lo, d);
        hi = std::max(hi, d);
    }
}

// Travel t along unit `dir` at which `mover` first overlaps `obstacle` more
// than `depth` deep (0: at all), if that happens before `max_travel` (or within
// the contact tolerance after it: the move ends touching it). On each
// separating axis the projections overlap more than `depth` for t in an open
// interval; the rectangles do where all four intervals do (separating axis
// theorem), so the stop is at the latest start. A `depth` above 0 is for
// bases that already overlap that much (by rounding) when the move starts:
// they may move on, but not deeper.
// Footprints: the corners and axes made once per base for the whole move.
std::optional<double> first_contact_straight(const Footprint& mover, Vec2 dir, double max_travel,
                                             const Footprint& obstacle, double depth) {
    const auto& mc = mover.c;
    const auto& oc = obstacle.c;
    Interval overlap;
    for (const Vec2 axis : {mover.forward, mover.right, obstacle.forward, obstacle.right}) {
        double m0, m1, o0, o1;
        project(mc, axis, m0, m1);
        project(oc, axis, o0, o1);
        const double v = dot(dir, axis);
        if (std::abs(v) < 1e-15) {
            // No motion along this axis: it separates for ever or never.
            if (std::min(m1, o1) - std::max(m0, o0) <= depth + kContactTolerance) return std::nullopt;
            continue;
        }
        // The overlap on an axis is never more than the shorter of the two
        // extents: when one is no longer than `depth` (a thin obstacle the
        // mover straddles, a mover wholly inside a deep one), no travel takes
        // them deeper on this axis, so none does overall.
        if (m1 - m0 <= depth + kContactTolerance || o1 - o0 <= depth + kContactTolerance) return std::nullopt;
        // Overlap deeper than `depth` while m0 + v t < o1 - depth and m1 + v t > o0 + depth.
        const double t_a = (o1 - depth - m0) / v;
        const double t_b = (o0 + depth - m1) / v;
        overlap.lo = std::max(overlap.lo, std::min(t_a, t_b));
        overlap.hi = std::min(overlap.hi, std::max(t_a, t_b));
    }
    // A contact is a real blocking one only if the overlap it starts lasts
    // (not a graze) and lies ahead (not one we are leaving).
    if (overlap.hi - overlap.lo <= kContactTolerance) return std::nullopt;
    if (overlap.hi <= kContactTolerance) return std::nullopt;
    // A move that ends within the contact tolerance of the obstacle is
    // stopped by it (the caller stops at the move's end). Without the
    // tolerance a gap equal to the move but for rounding stopped the move
    // when the sum came out 1e-13 mm short and not when it came out 1e-13
    // over: the same charge found contact in one direction of the table only.
    if (overlap.lo > max_travel + kContactTolerance) return std::nullopt;
    return std::max(overlap.lo, 0.0);
}

// Largest travel along `dir` keeping every corner on the table.
double table_limit_straight(const Footprint& mover, Vec2 dir, const Rect& table) {
    double limit = kInfinity;
    for (const Vec2& c : mover.c) {
        if (dir.x > 0) limit = std::min(limit, (table.max.x - c.x) / dir.x);
        if (dir.x < 0) limit = std::min(limit, (table.min.x - c.x) / dir.x);
        if (dir.y > 0) limit = std::min(limit, (table.max.y - c.y) / dir.y);
        if (dir.y < 0) limit = std::min(limit, (table.min.y - c.y) / dir.y);
    }
    return std::max(limit, 0.0);
}

// --- Rotations ----------------------------------------------------------

Base rotated_base(const Base& b, Vec2 pivot, double deg) {
    Base out = b;
    out.centre = rotated_about(b.centre, pivot, deg);
    out.facing_deg = normalize_angle_deg(b.facing_deg + deg);
    return out;
}

// Angle (radians, in [0, 2 pi)) turned in the sense `sense` (+1 = ccw)
// to carry direction `from` onto direction `to`.
double sweep_angle(Vec2 from, Vec2 to, double sense) {
    double a = std::atan2(cross(from, to), dot(from, to)) * sense;
    if (a < 0.0) a += kTwoPi;
    if (a < kAngleNoise || a > kTwoPi - kAngleNoise) a = 0.0;  // rounding around zero
    return a;
}

// At most two points, kept in place (no allocation per circle and edge).
struct Points {
    std::array<Vec2, 2> p;
    std::size_t n = 0;
    void push_back(Vec2 v) { p[n++] = v; }
    void clear() { n = 0; }
    const Vec2* begin() const { return p.data(); }
    const Vec2* end() const { return p.data() + n; }
};

// Points where the circle (centre, radius) meets the closed segment.
void circle_segment_points(Vec2 centre, double radius, const Segment& s, Points& out) {
    const Vec2 d = s.b - s.a;
    const Vec2 f = s.a - centre;
    const double a = dot(d, d);
    if (a == 0.0) return;
    const double b = 2.0 * dot(f, d);
    const double c = dot(f, f) - radius * radius;
    double disc = b * b - 4.0 * a * c;
    if (disc < 0.0) {
        // A tangent may come out slightly negative: accept it as tangent.
        if (disc < -1e-9 * b * b - 1e-12) return;
        disc = 0.0;
    }
    const double root = std::sqrt(disc);
    const double slack = 1e-12;
    for (const double t : {(-b - root) / (2.0 * a), (-b + root) / (2.0 * a)}) {
        if (t >= -slack && t <= 1.0 + slack) out.push_back(s.a + d * std::clamp(t, 0.0, 1.0));
    }
}

// Angles in [0, max_angle] (radians, in the sense `sense`) at which a corner
// of the rotating `mover` crosses one of `fixed_edges`, or one of
// `fixed_corners` crosses an edge of `mover`. Between two consecutive such
// angles, which corners lie inside which shape cannot change, so neither can
// overlap or containment. Into `angles` (cleared first): a buffer the caller
// keeps, so that a sweep does not allocate (and grow) a list per obstacle.
void crossing_angles(const Footprint& mover, Vec2 pivot, double sense, double max_angle,
                     std::span<const Segment> fixed_edges, std::span<const Vec2> fixed_corners,
                     std::vector<double>& angles) {
    angles.clear();
    angles.push_back(0.0);
    angles.push_back(max_angle);
    Points hits;
    auto keep = [&](Vec2 from, Vec2 to) {
        const double a = sweep_angle(from - pivot, to - pivot, sense);
        if (a <= max_angle) angles.push_back(a);
    };
    for (const Vec2& corner : mover.c) {
        const double r = distance(corner, pivot);
        if (r < kContactTolerance) continue;  // the pivot does not move
        for (const Segment& e : fixed_edges) {
            hits.clear();
            circle_segment_points(pivot, r, e, hits);
            for (const Vec2& x : hits) keep(corner, x);
        }
    }
    for (const Vec2& v : fixed_corners) {
        const double r = distance(v, pivot);
        if (r < kContactTolerance) continue;
        for (Edge e : kAllEdges) {
            hits.clear();
            circle_segment_points(pivot, r, edge_of(mover, e), hits);
            // The mover's point x reaches v after turning from x to v.
            for (const Vec2& x : hits) keep(x, v);
        }
    }
    std::sort(angles.begin(), angles.end());
}

// First angle (radians in [0, max_angle]) from which the mover, turning in
// `sense`, is in the state `bad` for a whole interval, or nullopt.
template <typename Bad>
std::optional<double> first_bad_angle(const std::vector<double>& angles, Bad bad) {
    for (std::size_t i = 0; i + 1 < angles.size(); ++i) {
        const double lo = angles[i];
        const double hi = angles[i + 1];
        if (hi - lo < kAngleNoise) continue;
        // Sample inside the interval: the state is the same throughout it, the
        // three samples only guard the tolerance of the overlap test.
        for (const double f : {0.5, 0.25, 0.75}) {
            if (bad(lo + (hi - lo) * f)) return lo;
        }
    }
    return std::nullopt;
}

// For a mover that starts `depth` deep in an obstacle: the last angle before
// the overlap first gets deeper (by more than the contact tolerance), or
// nullopt. Depth is continuous in the angle but not constant between
// crossings, so each interval is sampled finely and the first deeper sample
// is closed in on by bisection from the last sample that was not.
template <typename DepthAt>
std::optional<double> last_angle_no_deeper(const std::vector<double>& angles, double depth, DepthAt depth_at) {
    constexpr int kSamples = 16;
    constexpr int kHalvings = 50;
    const auto deeper = [&](double x) { return depth_at(x) > depth + kContactTolerance; };
    double good = 0.0;
    for (std::size_t i = 0; i + 1 < angles.size(); ++i) {
        const double lo = angles[i];
        const double hi = angles[i + 1];
        for (int k = 1; k <= kSamples; ++k) {
            const double x = lo + (hi - lo) * k / kSamples;
            if (!deeper(x)) { good = x; continue; }
            double bad = x;
            for (int h = 0; h < kHalvings; ++h) {
                const double mid = 0.5 * (good + bad);
                (deeper(mid) ? bad : good) = mid;
            }
            return good;
        }
    }
    return std::nullopt;
}

std::array<Segment, 4> table_edges(const Rect& t) {
    return {Segment{t.min, {t.max.x, t.min.y}}, Segment{{t.max.x, t.min.y}, t.max},
            Segment{t.max, {t.min.x, t.max.y}}, Segment{{t.min.x, t.max.y}, t.min}};
}

// The angle (radians, in [0, max_angle]) at which a sweep first takes the
// mover off the table (held as held_to says), or nullopt. `reach`: the
// furthest corner's distance from the pivot. With `shortcut`, a sweep whose
// circle stays well inside the held table answers nullopt at once. WHY
// exact: then no corner's circle meets a table edge, so crossing_angles
// would give just {0, max_angle}, and the three samples in that interval
// would find every corner on the table. "Well inside" is a margin that
// covers what circle_segment_points accepts as a tangent: its test
// disc >= -1e-9 b^2 - 1e-12, with disc = 4a (r^2 - D^2) (D: the pivot's
// distance to the edge's line) and b^2 <= 4a |f|^2 (f: the edge's start
// from the pivot), can pass only if D^2 - r^2 <= 1e-9 |f|^2 + 1e-12 / 4a;
// the margin asks for twice that and 1e-6 more, and D - r above 1e-3 mm
// for the samples' rounding (about 1e-13 mm).
std::optional<double> table_stop(const Footprint& mf, const Base& mover, Vec2 pivot, double sense, double max_angle,
                                 double reach, const Rect& table, bool shortcut, std::vector<double>& angles) {
    const Rect held = held_to(mf.c, table);
    if (shortcut) {
        double f2max = 0.0;
        for (const Vec2 c : {held.min, held.max, Vec2{held.min.x, held.max.y}, Vec2{held.max.x, held.min.y}})
            f2max = std::max(f2max, dot(c - pivot, c - pivot));
        const double need = 2e-9 * f2max + 1e-6;
        bool inside = true;
        for (const double d : {pivot.x - held.min.x, held.max.x - pivot.x, pivot.y - held.min.y, held.max.y - pivot.y})
            inside = inside && d - reach > 1e-3 && (d - reach) * (d + reach) > need;
        if (inside) return std::nullopt;
    }
    const auto edges = table_edges(held);
    crossing_angles(mf, pivot, sense, max_angle, edges, {}, angles);
    const auto at = [&](double a) { return rotated_base(mover, pivot, rad_to_deg(a * sense)); };
    return first_bad_angle(angles, [&](double x) { return !wholly_on_table(at(x).corners(), held); });
}

// --- Results ------------------------------------------------------------

// Fill in who the mover touches at its final position and, when a base
// stopped it, which edges met.
void describe_end(MoveResult& r, const std::vector<Obstacle>& obstacles, const MoveContext& ctx) {
    if (!ctx.find_touching && !r.blocker) return;
    const Footprint end(r.base);  // once, for every obstacle
    for (const Obstacle& o : obstacles) {
        const bool blocker = r.blocker && *r.blocker == o.id;
        if (!ctx.find_touching && !blocker) continue;
        Footprint made;
        const Footprint& of = footprint_of(o, made);
        if (ctx.find_touching && in_contact(end, of)) r.touching.push_back(o.id);
        if (blocker) {
            r.blocker_edge = nearest_edge(of, end).edge;
            r.mover_edge = nearest_edge(end, of).edge;
        }
    }
}

// The first stop among obstacles (lower id on ties) and the table.
struct Stop {
    double at = kInfinity;
    StopReason reason = StopReason::None;
    std::optional<BaseId> blocker;
};

void consider(Stop& stop, double at, StopReason reason, std::optional<BaseId> blocker) {
    // Obstacles are offered in id order and before the table, so a strict
    // comparison keeps the lower id and prefers a base on ties.
    if (at < stop.at - kContactTolerance * 1e-3) stop = {at, reason, blocker};
}

}  // namespace

// --- Straight moves -----------------------------------------------------

MoveResult slide(const Base& mover, Vec2 delta, const MoveContext& ctx) {
    MoveResult result{mover, 0.0, 0.0, StopReason::None, {}, {}, {}, {}};
    const double travel = length(delta);
    const Vec2 dir = travel > 0.0 ? delta / travel : Vec2{};
    std::vector<BaseId> nearby;
    if (ctx.index) nearby = ctx.index->within(mover, travel);
    thread_local std::vector<Obstacle> obstacles;  // reused: see gather
    gather(ctx, nearby, obstacles);
    if (travel == 0.0) {
        describe_end(result, obstacles, ctx);
        return result;
    }

    Stop stop;
    const Footprint mf(mover);
    Footprint made;
    for (const Obstacle& o : obstacles) {
        const Footprint& of = footprint_of(o, made);
        if (clear_of_path(mf, dir, travel, of)) continue;
        // A base already overlapping the mover (by rounding, or placed so)
        // blocks only what would take them deeper.
        const double depth = penetration(mf, of);
        if (auto t = first_contact_straight(mf, dir, travel, of, depth)) consider(stop, *t, StopReason::Base, o.id);
    }
    if (ctx.table) {
        const double t = table_limit_straight(mf, dir, held_to(mf.c, *ctx.table));
        if (t < travel) consider(stop, t, StopReason::TableEdge, std::nullopt);
    }

    const double moved = std::min(stop.at, travel);
    result.base.centre = mover.centre + dir * moved;
    result.distance = moved;
    result.stopped_by = stop.reason;
    result.blocker = stop.blocker;
    describe_end(result, obstacles, ctx);
    return result;
}

MoveResult advance(const Base& mover, double distance, const MoveContext& ctx) {
    MoveResult r = slide(mover, mover.forward() * distance, ctx);
    r.distance = distance < 0.0 ? -r.distance : r.distance;
    return r;
}

// --- Rotations ----------------------------------------------------------

MoveResult rotate_about(const Base& mover, Vec2 pivot, double angle_deg, const MoveContext& ctx) {
    MoveResult result{mover, 0.0, 0.0, StopReason::None, {}, {}, {}, {}};
    const double sense = angle_deg < 0.0 ? -1.0 : 1.0;
    const double max_angle = deg_to_rad(std::abs(angle_deg));

    // Everything the sweep can reach lies within the circle of the furthest corner.
    const Footprint mf(mover);  // corners and axes once for the whole sweep
    double reach = 0.0;
    for (const Vec2& c : mf.c) reach = std::max(reach, distance(c, pivot));
    std::vector<BaseId> nearby;
    if (ctx.index) nearby = ctx.index->within_of_point(pivot, reach);
    thread_local std::vector<Obstacle> obstacles;  // reused: see gather
    gather(ctx, nearby, obstacles);
    if (max_angle == 0.0) {
        describe_end(result, obstacles, ctx);
        return result;
    }
    const auto at = [&](double a) { return rotated_base(mover, pivot, rad_to_deg(a * sense)); };

    Stop stop;
    thread_local std::vector<double> angles;  // reused: see crossing_angles
    for (const Obstacle& o : obstacles) {
        Footprint made;
        const Footprint& of = footprint_of(o, made);
        if (circle_beyond(of, pivot, reach)) continue;  // out of the sweep's reach
        if (distance_to_point(o.base, pivot) > reach) continue;
        std::array<Segment, 4> edges;
        for (std::size_t i = 0; i < 4; ++i) edges[i] = edge_of(of, kAllEdges[i]);
        crossing_angles(mf, pivot, sense, max_angle, edges, of.c, angles);
        // A base already overlapping the mover (by rounding, or placed so)
        // blocks only what would take them deeper.
        const double depth = penetration(mf, of);
        const auto stop_at = depth > 0.0
            ? last_angle_no_deeper(angles, depth, [&](double x) { return penetration(Footprint(at(x)), of); })
            : first_bad_angle(angles, [&](double x) { return overlaps(Footprint(at(x)), of); });
        if (stop_at) consider(stop, *stop_at, StopReason::Base, o.id);
    }
    if (ctx.table) {
        if (auto a = table_stop(mf, mover, pivot, sense, max_angle, reach, *ctx.table, true, angles))
            consider(stop, *a, StopReason::TableEdge, std::nullopt);
    }

    const double turned = std::min(stop.at, max_angle);
    result.base = at(turned);
    result.turned_deg = rad_to_deg(turned * sense);
    result.stopped_by = stop.reason;
    result.blocker = stop.blocker;
    describe_end(result, obstacles, ctx);
    return result;
}

namespace detail {

std::optional<double> sweep_table_stop(const Base& mover, Vec2 pivot, double angle_deg, const Rect& table,
                                       bool shortcut) {
    // As rotate_about works them out.
    const double sense = angle_deg < 0.0 ? -1.0 : 1.0;
    const double max_angle = deg_to_rad(std::abs(angle_deg));
    const Footprint mf(mover);
    double reach = 0.0;
    for (const Vec2& c : mf.c) reach = std::max(reach, distance(c, pivot));
    std::vector<double> angles;
    return table_stop(mf, mover, pivot, sense, max_angle, reach, table, shortcut, angles);
}

}  // namespace detail

MoveResult turn(const Base& mover, double angle_deg, const MoveContext& ctx) {
    return rotate_about(mover, mover.centre, angle_deg, ctx);
}

MoveResult wheel(const Base& mover, WheelDirection direction, double distance, const MoveContext& ctx) {
    const bool left = direction == WheelDirection::Left;
    const Vec2 pivot = mover.corner(left ? Corner::FrontLeft : Corner::FrontRight);
    // The outer front corner travels on a circle of radius = frontage.
    const double radians = mover.width > 0.0 ? distance / mover.width : 0.0;
    const double angle = rad_to_deg(left ? radians : -radians);
    MoveResult r = rotate_about(mover, pivot, angle, ctx);
    r.distance = deg_to_rad(std::abs(r.turned_deg)) * mover.width * (distance < 0.0 ? -1.0 : 1.0);
    return r;
}

}  // namespace sandtable::geom
