#include "sandtable/terrain.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace sandtable::geom {

namespace {

// Circles are taken as this many-sided inscribed polygon for areas.
constexpr int kCircleSides = 512;

template <typename F>
void for_each_edge(const Polygon& poly, F f) {
    const std::size_t n = poly.points.size();
    for (std::size_t i = 0; i < n; ++i) f(Segment{poly.points[i], poly.points[(i + 1) % n]});
}

double distance_to_boundary(const Polygon& poly, Vec2 p) {
    double best = std::numeric_limits<double>::infinity();
    for_each_edge(poly, [&](const Segment& e) { best = std::min(best, distance_point_segment(p, e)); });
    return best;
}

// Even-odd rule; the answer for points on the boundary is arbitrary.
bool crossing_number_inside(const Polygon& poly, Vec2 p) {
    bool inside = false;
    for_each_edge(poly, [&](const Segment& e) {
        if ((e.a.y > p.y) != (e.b.y > p.y)) {
            const double x = e.a.x + (p.y - e.a.y) * (e.b.x - e.a.x) / (e.b.y - e.a.y);
            if (p.x < x) inside = !inside;
        }
    });
    return inside;
}

bool polygon_contains(const Polygon& poly, Vec2 p) {
    return distance_to_boundary(poly, p) <= kContactTolerance || crossing_number_inside(poly, p);
}

bool strictly_inside(const Shape& shape, Vec2 p) {
    if (const auto* c = std::get_if<Circle>(&shape)) return distance(p, c->centre) < c->radius - kContactTolerance;
    const auto& poly = std::get<Polygon>(shape);
    return crossing_number_inside(poly, p) && distance_to_boundary(poly, p) > kContactTolerance;
}

Polygon circle_as_polygon(const Circle& c) {
    Polygon poly;
    poly.points.reserve(kCircleSides);
    for (int i = 0; i < kCircleSides; ++i) {
        const double a = 2.0 * kPi * i / kCircleSides;
        poly.points.push_back(c.centre + Vec2{std::cos(a), std::sin(a)} * c.radius);
    }
    return poly;
}

double signed_area(const std::vector<Vec2>& pts) {
    double twice = 0.0;
    for (std::size_t i = 0, n = pts.size(); i < n; ++i) twice += cross(pts[i], pts[(i + 1) % n]);
    return twice * 0.5;
}

// Sutherland-Hodgman: the part of `subject` inside the base's rectangle.
// Correct in area for concave subjects too (it may leave zero-width seams).
std::vector<Vec2> clip_to_base(std::vector<Vec2> subject, const Base& base) {
    for (Edge e : kAllEdges) {
        const Vec2 n = base.outward_normal(e);
        const Vec2 on = base.edge(e).a;
        const auto side = [&](Vec2 p) { return dot(p - on, n); };  // <= 0 inside
        std::vector<Vec2> out;
        for (std::size_t i = 0, m = subject.size(); i < m; ++i) {
            const Vec2 p = subject[i];
            const Vec2 q = subject[(i + 1) % m];
            const double sp = side(p);
            const double sq = side(q);
            if (sp <= 0.0) out.push_back(p);
            if ((sp <= 0.0) != (sq <= 0.0)) out.push_back(p + (q - p) * (sp / (sp - sq)));
        }
        subject = std::move(out);
        if (subject.empty()) break;
    }
    return subject;
}

}  // namespace

// --- Shape queries ------------------------------------------------------

bool shape_contains(const Shape& shape, Vec2 p) {
    if (const auto* c = std::get_if<Circle>(&shape)) return distance(p, c->centre) <= c->radius + kContactTolerance;
    return polygon_contains(std::get<Polygon>(shape), p);
}

bool shape_touches(const Shape& shape, const Base& base) {
    if (const auto* c = std::get_if<Circle>(&shape))
        return distance_to_point(base, c->centre) <= c->radius + kContactTolerance;
    const auto& poly = std::get<Polygon>(shape);
    // Boundaries cross, or one holds the other.
    for (const Vec2& corner : base.corners()) {
        if (polygon_contains(poly, corner)) return true;
    }
    for (const Vec2& v : poly.points) {
        if (base.contains(v)) return true;
    }
    bool crossing = false;
    for_each_edge(poly, [&](const Segment& e) {
        for (Edge be : kAllEdges) crossing = crossing || segments_intersect(e, base.edge(be));
    });
    return crossing;
}

// Where the segment s crosses the polygon's boundary, as fractions of s in
// order, 0 and 1 included (a collinear edge cuts at its ends): between two
// consecutive cuts a piece of s is wholly inside or wholly outside.
static std::vector<double> boundary_cuts(const Polygon& poly, const Segment& s) {
    const Vec2 d = s.b - s.a;
    const double len = length(d);
    std::vector<double> cuts{0.0, 1.0};
    for_each_edge(poly, [&](const Segment& e) {
        const Vec2 ed = e.b - e.a;
        const Vec2 w = e.a - s.a;
        const double denom = cross(d, ed);
        if (std::abs(denom) > 1e-12 * len * length(ed)) {
            const double t = cross(w, ed) / denom;
            const double u = cross(w, d) / denom;
            if (u >= -1e-12 && u <= 1.0 + 1e-12 && t > 0.0 && t < 1.0) cuts.push_back(t);
        } else if (std::abs(cross(w, d)) <= kContactTolerance * len) {
            for (const Vec2& end : {e.a, e.b}) {
                const double t = dot(end - s.a, d) / dot(d, d);
                if (t > 0.0 && t < 1.0) cuts.push_back(t);
            }
        }
    });
    std::sort(cuts.begin(), cuts.end());
    return cuts;
}

double length_inside(const Shape& shape, const Segment& s) {
    const Vec2 d = s.b - s.a;
    const double len = length(d);
    if (len == 0.0) return 0.0;
    if (const auto* c = std::get_if<Circle>(&shape)) {
        // |s.a + t d - centre| = r: the chord's parameters, clamped to the segment.
        const Vec2 f = s.a - c->centre;
        const double a = dot(d, d);
        const double b = 2.0 * dot(f, d);
        const double k = dot(f, f) - c->radius * c->radius;
        const double disc = b * b - 4.0 * a * k;
        if (disc <= 0.0) return 0.0;  // misses, or tangent
        const double root = std::sqrt(disc);
        const double t0 = std::max((-b - root) / (2.0 * a), 0.0);
        const double t1 = std::min((-b + root) / (2.0 * a), 1.0);
        const double inside = (t1 - t0) * len;
        return inside > kContactTolerance ? inside : 0.0;
    }
    // Polygon: cut the segment where it meets the boundary, then keep the
    // pieces whose midpoints are strictly inside.
    const std::vector<double> cuts = boundary_cuts(std::get<Polygon>(shape), s);
    double inside = 0.0;
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
        const double t0 = cuts[i];
        const double t1 = cuts[i + 1];
        if (t1 - t0 <= 0.0) continue;
        if (strictly_inside(shape, s.a + d * ((t0 + t1) * 0.5))) inside += (t1 - t0) * len;
    }
    return inside > kContactTolerance ? inside : 0.0;
}

bool inside_span(const Shape& shape, const Segment& s, double& t_first, double& t_last) {
    const Vec2 d = s.b - s.a;
    const double len = length(d);
    if (len == 0.0) return false;
    if (const auto* c = std::get_if<Circle>(&shape)) {
        const Vec2 f = s.a - c->centre;
        const double a = dot(d, d);
        const double b = 2.0 * dot(f, d);
        const double k = dot(f, f) - c->radius * c->radius;
        const double disc = b * b - 4.0 * a * k;
        if (disc <= 0.0) return false;
        const double root = std::sqrt(disc);
        t_first = std::max((-b - root) / (2.0 * a), 0.0);
        t_last = std::min((-b + root) / (2.0 * a), 1.0);
        return (t_last - t_first) * len > kContactTolerance;
    }
    // As length_inside: the pieces between boundary cuts whose midpoints are
    // strictly inside; the span runs from the first such piece to the last.
    const std::vector<double> cuts = boundary_cuts(std::get<Polygon>(shape), s);
    bool any = false;
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
        const double t0 = cuts[i];
        const double t1 = cuts[i + 1];
        if (t1 - t0 <= 0.0) continue;
        if (!strictly_inside(shape, s.a + d * ((t0 + t1) * 0.5))) continue;
        if (!any) t_first = t0;
        t_last = t1;
        any = true;
    }
    return any && (t_last - t_first) * len > kContactTolerance;
}

double shape_area(const Shape& shape) {
    if (const auto* c = std::get_if<Circle>(&shape)) return kPi * c->radius * c->radius;
    return std::abs(signed_area(std::get<Polygon>(shape).points));
}

double covered_area(const Shape& shape, const Base& base) {
    if (!shape_bounds(shape).intersects(base.bounds())) return 0.0;
    const Polygon poly = std::holds_alternative<Circle>(shape) ? circle_as_polygon(std::get<Circle>(shape))
                                                               : std::get<Polygon>(shape);
    return std::abs(signed_area(clip_to_base(poly.points, base)));
}

Rect shape_bounds(const Shape& shape) {
    if (const auto* c = std::get_if<Circle>(&shape))
        return {{c->centre.x - c->radius, c->centre.y - c->radius}, {c->centre.x + c->radius, c->centre.y + c->radius}};
    const auto& pts = std::get<Polygon>(shape).points;
    Rect r{pts.front(), pts.front()};
    for (const Vec2& p : pts) {
        r.min = {std::min(r.min.x, p.x), std::min(r.min.y, p.y)};
        r.max = {std::max(r.max.x, p.x), std::max(r.max.y, p.y)};
    }
    return r;
}

// --- TerrainMap ---------------------------------------------------------

TerrainMap::Stored TerrainMap::validated(Feature feature) {
    if (const auto* c = std::get_if<Circle>(&feature.shape)) {
        if (!(c->radius > 0.0)) throw std::invalid_argument("terrain feature '" + feature.type + "': circle radius must be > 0");
    } else if (std::get<Polygon>(feature.shape).points.size() < 3) {
        throw std::invalid_argument("terrain feature '" + feature.type + "': a polygon needs at least 3 points");
    }
    const Rect bounds = shape_bounds(feature.shape);
    bool box = false;
    if (const auto* poly = std::get_if<Polygon>(&feature.shape); poly && poly->points.size() == 4) {
        const auto& q = poly->points;
        box = q[0].x < q[1].x && q[0].y < q[2].y && q[1].y == q[0].y && q[2].x == q[1].x && q[3].y == q[2].y &&
              q[3].x == q[0].x;
    }
    return {std::move(feature), bounds, box};
}

FeatureId TerrainMap::add(Feature feature) {
    features_.push_back(validated(std::move(feature)));
    return static_cast<FeatureId>(features_.size());
}

void TerrainMap::replace(FeatureId id, Feature feature) {
    (void)stored(id);  // an unknown id throws before anything changes
    features_[static_cast<std::size_t>(id - 1)] = validated(std::move(feature));
}

const Feature& TerrainMap::feature(FeatureId id) const {
    if (id < 1 || static_cast<std::size_t>(id) > features_.size())
        throw std::out_of_range("no terrain feature with id " + std::to_string(id));
    return features_[static_cast<std::size_t>(id - 1)].feature;
}

const TerrainMap::Stored& TerrainMap::stored(FeatureId id) const {
    if (id < 1 || static_cast<std::size_t>(id) > features_.size())
        throw std::out_of_range("no terrain feature with id " + std::to_string(id));
    return features_[static_cast<std::size_t>(id - 1)];
}

// --- Terrain probes -------------------------------------------------------
// The arithmetic below is deliberately written out in a fixed order (see
// BaseProbe); do not "simplify" it.

BaseProbe::BaseProbe(double x_, double y_, double facing_deg, double w_, double d_) : x(x_), y(y_), w(w_), d(d_) {
    const double a = facing_deg * (kPi / 180.0);
    const double s = std::sin(a), c = std::cos(a);
    fx = -s; fy = c; rx = c; ry = s;
    const double hw = w / 2, hd = d / 2;
    corners = {x + fx * hd - rx * hw, y + fy * hd - ry * hw, x + fx * hd + rx * hw, y + fy * hd + ry * hw,
               x - fx * hd + rx * hw, y - fy * hd + ry * hw, x - fx * hd - rx * hw, y - fy * hd - ry * hw};
}

namespace {

// Flat point lists (x1, y1, ...), as the probes read them.
struct Flat {
    const double* v;
    std::size_t n;  // number of doubles
};

Flat flat_of(const Polygon& poly) {
    static_assert(sizeof(Vec2) == 2 * sizeof(double));
    return {reinterpret_cast<const double*>(poly.points.data()), poly.points.size() * 2};
}

void project(Flat pts, double ax, double ay, double& lo, double& hi) {
    lo = std::numeric_limits<double>::infinity();
    hi = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < pts.n; i += 2) {
        const double p = pts.v[i] * ax + pts.v[i + 1] * ay;
        if (p < lo) lo = p;
        if (p > hi) hi = p;
    }
}

// Separated along an edge normal of `edges_of` (a 4-point list: its first
// two edges only, as for a rectangle).
bool axes_separate(Flat a, Flat b, Flat edges_of) {
    const std::size_t n = edges_of.n;
    const std::size_t last = n == 8 ? 3 : n - 1;  // 1-based bound, as written in Lua
    for (std::size_t i = 1; i <= last; i += 2) {
        const double x1 = edges_of.v[i - 1], y1 = edges_of.v[i];
        std::size_t j = i + 2;
        if (j > n) j = 1;
        const double ex = edges_of.v[j - 1] - x1, ey = edges_of.v[j] - y1;
        const double len = std::sqrt(ex * ex + ey * ey);
        if (len > 0) {
            const double ax = -ey / len, ay = ex / len;
            double alo, ahi, blo, bhi;
            project(a, ax, ay, alo, ahi);
            project(b, ax, ay, blo, bhi);
            if (ahi <= blo || bhi <= alo) return true;
        }
    }
    return false;
}

bool flat_point_in_polygon(double px, double py, Flat poly) {
    bool inside = false;
    std::size_t j = poly.n - 2;
    for (std::size_t i = 0; i < poly.n; i += 2) {
        const double xi = poly.v[i], yi = poly.v[i + 1], xj = poly.v[j], yj = poly.v[j + 1];
        if ((yi > py) != (yj > py) && px < (xj - xi) * (py - yi) / (yj - yi) + xi) inside = !inside;
        j = i;
    }
    return inside;
}

bool circle_overlaps_flat(const Circle& c, Flat pts) {
    const double cx = c.centre.x, cy = c.centre.y, r = c.radius;
    if (flat_point_in_polygon(cx, cy, pts)) return true;
    for (std::size_t i = 0; i < pts.n; i += 2) {
        const std::size_t j = i + 2 >= pts.n ? 0 : i + 2;
        const double ax = pts.v[i], ay = pts.v[i + 1], bx = pts.v[j], by = pts.v[j + 1];
        const double ex = bx - ax, ey = by - ay;
        double t = ((cx - ax) * ex + (cy - ay) * ey) / (ex * ex + ey * ey);
        if (t < 0) t = 0;
        else if (t > 1) t = 1;
        const double dx = ax + t * ex - cx, dy = ay + t * ey - cy;
        if (dx * dx + dy * dy < r * r) return true;
    }
    return false;
}

}  // namespace

bool TerrainMap::overlaps_interior(FeatureId id, const BaseProbe& b) const {
    const Stored& s = stored(id);
    if (s.box) {
        const Rect& r = s.bounds;
        const double hw = b.w / 2, hd = b.d / 2;
        const double bhw = (r.max.x - r.min.x) / 2, bhh = (r.max.y - r.min.y) / 2;
        const double dx = (r.min.x + r.max.x) / 2 - b.x, dy = (r.min.y + r.max.y) / 2 - b.y;
        if (std::abs(dx) >= bhw + std::abs(b.rx) * hw + std::abs(b.fx) * hd) return false;
        if (std::abs(dy) >= bhh + std::abs(b.ry) * hw + std::abs(b.fy) * hd) return false;
        if (std::abs(dx * b.rx + dy * b.ry) >= hw + std::abs(b.rx) * bhw + std::abs(b.ry) * bhh) return false;
        if (std::abs(dx * b.fx + dy * b.fy) >= hd + std::abs(b.fx) * bhw + std::abs(b.fy) * bhh) return false;
        return true;
    }
    const Flat base{b.corners.data(), 8};
    if (const auto* c = std::get_if<Circle>(&s.feature.shape)) return circle_overlaps_flat(*c, base);
    const Flat poly = flat_of(std::get<Polygon>(s.feature.shape));
    return !(axes_separate(poly, base, poly) || axes_separate(poly, base, base));
}

bool TerrainMap::holds(FeatureId id, double x, double y) const {
    const Stored& s = stored(id);
    if (s.box) return x >= s.bounds.min.x && x <= s.bounds.max.x && y >= s.bounds.min.y && y <= s.bounds.max.y;
    if (const auto* c = std::get_if<Circle>(&s.feature.shape)) {
        const double dx = x - c->centre.x, dy = y - c->centre.y;
        return dx * dx + dy * dy <= c->radius * c->radius;
    }
    return flat_point_in_polygon(x, y, flat_of(std::get<Polygon>(s.feature.shape)));
}

bool TerrainMap::near_square(FeatureId id, double x, double y, double r) const {
    const Rect& b = stored(id).bounds;
    return b.min.x < x + r && b.max.x > x - r && b.min.y < y + r && b.max.y > y - r;
}

// --- Sight lines as a ruleset measures them ------------------------------
// Written out as the Lua a ruleset may also run for the same question, so the
// two agree to the bit; do not "simplify" the arithmetic or its order.

bool segments_cross(double x1, double y1, double x2, double y2, double x3, double y3, double x4, double y4) {
    const double d1x = x2 - x1, d1y = y2 - y1, d2x = x4 - x3, d2y = y4 - y3;
    const double den = d1x * d2y - d1y * d2x;
    if (den == 0) return false;
    const double t = ((x3 - x1) * d2y - (y3 - y1) * d2x) / den;
    const double u = ((x3 - x1) * d1y - (y3 - y1) * d1x) / den;
    return t >= 0 && t <= 1 && u >= 0 && u <= 1;
}

bool segment_enters_circle(double x1, double y1, double x2, double y2, double cx, double cy, double r) {
    const double ex = x2 - x1, ey = y2 - y1;
    const double len2 = ex * ex + ey * ey;
    double t = len2 > 0 ? ((cx - x1) * ex + (cy - y1) * ey) / len2 : 0;
    if (t < 0) t = 0;
    else if (t > 1) t = 1;
    const double dx = x1 + t * ex - cx, dy = y1 + t * ey - cy;
    return dx * dx + dy * dy < r * r;
}

namespace {

// The segment meets one of the polygon's edges (the closing edge last).
bool segment_crosses_edges(double x1, double y1, double x2, double y2, Flat poly) {
    for (std::size_t k = 0; k < poly.n; k += 2) {
        const std::size_t j = k + 2 >= poly.n ? 0 : k + 2;
        if (segments_cross(x1, y1, x2, y2, poly.v[k], poly.v[k + 1], poly.v[j], poly.v[j + 1])) return true;
    }
    return false;
}

}  // namespace

bool TerrainMap::sight_blocked(double x1, double y1, double x2, double y2) const {
    const double x0 = std::min(x1, x2), y0 = std::min(y1, y2), x3 = std::max(x1, x2), y3 = std::max(y1, y2);
    for (std::size_t i = 0; i < features_.size(); ++i) {
        const Stored& s = features_[i];
        if (!s.feature.blocks_los) continue;
        const Rect& b = s.bounds;
        if (!(b.min.x <= x3 && b.max.x >= x0 && b.min.y <= y3 && b.max.y >= y0)) continue;
        const auto id = static_cast<FeatureId>(i + 1);
        if (holds(id, x1, y1) || holds(id, x2, y2)) continue;
        if (const auto* c = std::get_if<Circle>(&s.feature.shape)) {
            if (segment_enters_circle(x1, y1, x2, y2, c->centre.x, c->centre.y, c->radius)) return true;
        } else if (segment_crosses_edges(x1, y1, x2, y2, flat_of(std::get<Polygon>(s.feature.shape)))) {
            return true;
        }
    }
    return false;
}

std::vector<FeatureId> TerrainMap::ids() const {
    std::vector<FeatureId> out;
    for (std::size_t i = 0; i < features_.size(); ++i) out.push_back(static_cast<FeatureId>(i + 1));
    return out;
}

std::vector<FeatureId> TerrainMap::features_at(Vec2 p) const {
    std::vector<FeatureId> out;
    for (std::size_t i = 0; i < features_.size(); ++i) {
        const auto& f = features_[i];
        if (f.bounds.expanded(kContactTolerance).contains(p) && shape_contains(f.feature.shape, p))
            out.push_back(static_cast<FeatureId>(i + 1));
    }
    return out;
}

std::vector<FeatureId> TerrainMap::features_under(const Base& base) const {
    std::vector<FeatureId> out;
    const Rect box = base.bounds().expanded(kContactTolerance);
    for (std::size_t i = 0; i < features_.size(); ++i) {
        const auto& f = features_[i];
        if (f.bounds.intersects(box) && shape_touches(f.feature.shape, base))
            out.push_back(static_cast<FeatureId>(i + 1));
    }
    return out;
}

double TerrainMap::cover_fraction(FeatureId id, const Base& base) const {
    const double area = base.width * base.depth;
    if (area <= 0.0) return 0.0;
    return std::min(covered_area(feature(id).shape, base) / area, 1.0);
}

double TerrainMap::height_at(Vec2 p) const {
    double h = 0.0;
    for (FeatureId id : features_at(p)) h = std::max(h, feature(id).height);
    return h;
}

std::vector<Crossing> TerrainMap::crossings(Vec2 a, Vec2 b) const {
    std::vector<Crossing> out;
    const Rect box{{std::min(a.x, b.x), std::min(a.y, b.y)}, {std::max(a.x, b.x), std::max(a.y, b.y)}};
    for (std::size_t i = 0; i < features_.size(); ++i) {
        const auto& f = features_[i];
        if (!f.bounds.intersects(box)) continue;
        const double inside = length_inside(f.feature.shape, {a, b});
        if (inside > 0.0) out.push_back({static_cast<FeatureId>(i + 1), inside});
    }
    return out;
}

std::vector<FeatureId> TerrainMap::los_blockers(Vec2 a, Vec2 b, double see_into) const {
    std::vector<FeatureId> out;
    for (const Crossing& c : crossings(a, b)) {
        if (feature(c.id).blocks_los && c.length_inside > see_into + kContactTolerance) out.push_back(c.id);
    }
    return out;
}

bool TerrainMap::line_of_sight(Vec2 a, Vec2 b, double see_into) const {
    return los_blockers(a, b, see_into).empty();
}

bool TerrainMap::line_of_sight_over(Vec2 a, double eye_a, Vec2 b, double eye_b,
                                    const std::vector<double>& top, double see_into) const {
    for (const FeatureId id : los_blockers(a, b, see_into)) {
        const double h = top.at(static_cast<std::size_t>(id - 1));
        // Standing on it (a hill's top): a feature holding an end of the line
        // at or below that end's eye does not block (troops on a hill see all
        // round from it).
        const auto& shape = feature(id).shape;
        if ((eye_a >= h && shape_contains(shape, a)) || (eye_b >= h && shape_contains(shape, b))) continue;
        double t0 = 0.0, t1 = 0.0;
        if (!inside_span(shape, {a, b}, t0, t1)) continue;
        // The line is straight, so its lowest point over the feature is at
        // one end of the span; it passes only clearly above the top.
        const double low = std::min(eye_a + (eye_b - eye_a) * t0, eye_a + (eye_b - eye_a) * t1);
        if (!(low > h)) return false;
    }
    return true;
}

bool TerrainMap::line_of_sight_between(const Base& viewer, const Base& target, LosMode mode, double see_into) const {
    if (mode == LosMode::CentreToCentre) return line_of_sight(viewer.centre, target.centre, see_into);
    const Segment front = viewer.edge(Edge::Front);
    const std::array<Vec2, 3> from{front.a, front.midpoint(), front.b};
    std::vector<Vec2> to{target.centre};
    for (const Vec2& c : target.corners()) to.push_back(c);
    for (Edge e : kAllEdges) to.push_back(target.edge(e).midpoint());
    for (const Vec2& p : from) {
        for (const Vec2& q : to) {
            if (line_of_sight(p, q, see_into)) return true;
        }
    }
    return false;
}

}  // namespace sandtable::geom
