// Terrain features (polygons and circles with a type and attributes) and the
// questions rules ask of them: what a base stands on, how much of it is
// covered, and whether a line of sight passes.
//
// The core gives features no meaning: `type` ("wood", "hill", "river" ...)
// and the attributes belong to the ruleset. Only `blocks_los` is read here.
#pragma once

#include "sandtable/geometry.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace sandtable::geom {

using FeatureId = std::int64_t;
using AttributeValue = std::variant<bool, double, std::string>;

struct Circle {
    Vec2 centre;
    double radius = 0.0;
};

// A simple polygon (edges do not cross), in either winding, convex or not.
// The closing edge from the last point back to the first is implied.
struct Polygon {
    std::vector<Vec2> points;
};

using Shape = std::variant<Polygon, Circle>;

// --- Shape queries (boundaries are inside, within kContactTolerance) -------

bool shape_contains(const Shape& shape, Vec2 p);
// Any common point between the shape and the base (touching counts).
bool shape_touches(const Shape& shape, const Base& base);
// Length of the segment strictly inside the shape; a segment running along
// the boundary or grazing a corner or tangent has 0 inside.
double length_inside(const Shape& shape, const Segment& s);
// The span [t_first, t_last] (parameters along s, 0 at s.a) from the first
// to the last piece of the segment strictly inside the shape; false when
// none is (as length_inside: grazing counts as outside).
bool inside_span(const Shape& shape, const Segment& s, double& t_first, double& t_last);
double shape_area(const Shape& shape);
// Area of the base covered by the shape (mm^2). Exact for polygons; circles
// are taken as inscribed 512-gons (relative area error below 1e-4).
double covered_area(const Shape& shape, const Base& base);
Rect shape_bounds(const Shape& shape);

struct Feature {
    std::string type;
    Shape shape;
    double height = 0.0;       // mm above the table; 0 for flat features
    bool blocks_los = false;   // lines of sight through its interior are blocked
    std::map<std::string, AttributeValue> attributes;  // ruleset-owned extras
};

// A line of sight's passage through one feature.
struct Crossing {
    FeatureId id = 0;
    double length_inside = 0.0;  // mm of the line strictly inside the feature
};

// A base as rules ask "what does it stand on": centre, facing, width, depth,
// its axes (forward = (-sin, cos) of the facing in radians, right = (cos,
// sin)) and its corners front-left, front-right, rear-right, rear-left. The
// arithmetic is fixed, in this order, so that a ruleset that measured the
// same way in Lua gets the same answers to the last bit.
struct BaseProbe {
    double x = 0.0, y = 0.0, w = 0.0, d = 0.0;
    double fx = 0.0, fy = 0.0, rx = 0.0, ry = 0.0;
    std::array<double, 8> corners{};  // x1, y1, ... x4, y4
    BaseProbe(double x, double y, double facing_deg, double w, double d);
};

// --- Sight lines as a ruleset measures them ------------------------------
// No tolerance and a fixed arithmetic (parametric, in this order), so that a
// ruleset that measured the same way in Lua gets the same answers to the bit.

// Segments p1-p2 and p3-p4 meet: the parameters of the meeting point along
// both are in [0, 1] (an end on the other segment counts). Parallel segments
// (zero cross product of the directions) never meet, even when overlapping.
bool segments_cross(double x1, double y1, double x2, double y2, double x3, double y3, double x4, double y4);
// Segment p1-p2 passes strictly closer than r to (cx, cy): its nearest point
// (the projection clamped to the segment; a zero-length segment's point).
bool segment_enters_circle(double x1, double y1, double x2, double y2, double cx, double cy, double r);

enum class LosMode {
    CentreToCentre,
    // Sampled: clear when any of the lines from the viewer's front corners and
    // front-edge centre to the target's corners, edge midpoints and centre
    // (3 x 9 lines) is clear.
    FrontEdgeToAnyPart,
};

class TerrainMap {
public:
    // Validates (a polygon needs 3 points, a circle a positive radius;
    // throws std::invalid_argument) and returns the new id: 1, 2, 3 ... in
    // the order of adding.
    FeatureId add(Feature feature);
    // Replaces feature `id` (terrain that changes during play), validated as
    // `add` validates, before anything changes; the id is kept. Throws
    // std::out_of_range for an unknown id.
    void replace(FeatureId id, Feature feature);
    // Throws std::out_of_range for an unknown id.
    const Feature& feature(FeatureId id) const;
    std::size_t size() const { return features_.size(); }
    std::vector<FeatureId> ids() const;

    // All answers are sorted by id.
    std::vector<FeatureId> features_at(Vec2 p) const;
    // Features touching any part of the base's footprint.
    std::vector<FeatureId> features_under(const Base& base) const;
    // Share (0..1) of the base's area inside the feature.
    double cover_fraction(FeatureId id, const Base& base) const;
    // Highest `height` of the features containing p; 0 where there are none.
    double height_at(Vec2 p) const;

    // What a base stands on (terrain probes). The interiors of the feature and
    // the base overlap: touching does not count (separating axes, strict; an
    // axis-aligned rectangle feature is tested against the base's box and
    // axes; a 4-point polygon's axes are taken from its first two edges,
    // as for a rectangle).
    bool overlaps_interior(FeatureId id, const BaseProbe& base) const;
    // The feature holds the point (an axis-aligned rectangle or a circle
    // with its boundary; a polygon by the even-odd rule).
    bool holds(FeatureId id, double x, double y) const;
    // The feature's bounds meet the open square of half-side r about (x, y).
    bool near_square(FeatureId id, double x, double y, double r) const;

    // A sight line from (x1, y1) to (x2, y2) is blocked by a feature flagged
    // blocks_los that holds neither end (as `holds`: troops in a wood see out
    // of it), whose bounds meet the line's box (boundaries count) and that it
    // crosses: an edge of a polygon (segments_cross, in edge order; a line
    // along an edge meets the edges at its ends, a line through a corner
    // both edges there) or the inside of a circle (segment_enters_circle).
    // Unlike line_of_sight there is no tolerance: a ruleset's own Lua
    // fallback gives the same answers.
    bool sight_blocked(double x1, double y1, double x2, double y2) const;

    // Every feature (blocking or not) whose interior the segment a-b passes through.
    std::vector<Crossing> crossings(Vec2 a, Vec2 b) const;
    // Features flagged blocks_los that the segment passes more than
    // `see_into` mm into (rules such as "visible up to 50 paces into a wood").
    std::vector<FeatureId> los_blockers(Vec2 a, Vec2 b, double see_into = 0.0) const;
    bool line_of_sight(Vec2 a, Vec2 b, double see_into = 0.0) const;
    // Sight with heights: the line runs straight from an eye `eye_a` mm
    // above the table at a to one `eye_b` mm above it at b. A feature that
    // would block it (los_blockers) does not when the line passes clearly
    // above its top (`top[id - 1]`, mm; infinity: never seen over), or when
    // it holds an end whose eye is at or above its top (one stands on it).
    bool line_of_sight_over(Vec2 a, double eye_a, Vec2 b, double eye_b, const std::vector<double>& top,
                            double see_into = 0.0) const;
    bool line_of_sight_between(const Base& viewer, const Base& target, LosMode mode = LosMode::CentreToCentre,
                               double see_into = 0.0) const;

private:
    struct Stored {
        Feature feature;
        Rect bounds;
        bool box = false;  // an axis-aligned rectangle (x0,y0 x1,y0 x1,y1 x0,y1)
    };
    const Stored& stored(FeatureId id) const;
    static Stored validated(Feature feature);
    std::vector<Stored> features_;  // id = index + 1
};

}  // namespace sandtable::geom
