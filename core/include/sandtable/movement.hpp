// Moving a base: advance, slide, turn about the centre, wheel about a front
// corner. Every move stops at the first contact with another base or with
// the table edge, and says what stopped it.
//
// Exactness: first contacts are computed, not searched for.
// - Straight moves (advance, slide) solve the separating-axis inequalities
//   for the travel at which the moving rectangle first overlaps each
//   obstacle: exact up to double rounding (~1e-9 mm on a table).
// - Rotations (turn, wheel) collect every angle at which a corner of one
//   rectangle crosses an edge of the other (circle-segment intersections),
//   and test the configuration between consecutive such angles: exact up to
//   double rounding as well, far inside the 0.01 mm the rules could need.
// A base ends a blocked move touching its blocker (edge distance <=
// kContactTolerance) and not overlapping it (or, if it started overlapping,
// no deeper than it started).
//
// Policies:
// - A base already overlapping the mover when the move starts (by rounding
//   in a ruleset's placement, or placed so) blocks only what would take the
//   overlap deeper (geom::penetration): the mover may pull apart, slide along
//   or turn away, never further in. (It used to be no obstacle at all, and
//   a move could carry a base through one it touched within rounding.) The
//   straight case stays exact; a rotation closes in on the first deeper
//   angle by sampling and bisection.
// - Likewise the table edge: a mover that starts over an edge (by rounding,
//   or arriving from beyond it) may slide along it or come back, never go
//   further over; a mover wholly on the table is held at the edge.
// - Touching is not blocking: a base may slide along, or back away from, a
//   base it touches. Moving into a touching base is blocked at distance 0.
// - When two obstacles are met at the same travel the lower id is reported;
//   `touching` lists them all. A base met together with the table edge wins.
#pragma once

#include "sandtable/geometry.hpp"
#include "sandtable/spatial_index.hpp"

#include <optional>
#include <span>
#include <vector>

namespace sandtable::geom {

struct Obstacle {
    BaseId id = 0;
    Base base;
    // Footprint(base), when the caller keeps one (saves the sines); it must
    // outlive the move.
    const Footprint* footprint = nullptr;
};

// What a move may bump into. Obstacles come from `obstacles`, from `index`,
// or both (an id in both is taken from `obstacles`); `self` is left out of
// either. No table means an unbounded table.
struct MoveContext {
    std::span<const Obstacle> obstacles = {};
    const SpatialIndex* index = nullptr;
    std::optional<BaseId> self = std::nullopt;
    std::optional<Rect> table = std::nullopt;
    // false: MoveResult::touching is left empty, for a caller that does not
    // read it (a contact test per obstacle saved).
    bool find_touching = true;
};

enum class StopReason { None, Base, TableEdge };

struct MoveResult {
    Base base;  // where the mover ends
    // Travel actually made, in the sense of the request: signed along the
    // facing for advance, along the outer front corner's arc for wheel
    // (signed as requested), the length of the slide for slide, 0 for turn.
    double distance = 0.0;
    double turned_deg = 0.0;  // rotation actually made, signed (turn, wheel)
    StopReason stopped_by = StopReason::None;
    std::optional<BaseId> blocker;     // when stopped by a base
    std::optional<Edge> blocker_edge;  // the blocker's edge that was contacted
    std::optional<Edge> mover_edge;    // the mover's edge that made contact
    // Every obstacle touching the mover where it ends, sorted by id
    // (bases it was already touching and merely slid past are included).
    std::vector<BaseId> touching;

    bool completed() const { return stopped_by == StopReason::None; }
};

// Forward by `distance` mm along the facing (negative = straight back).
MoveResult advance(const Base& mover, double distance, const MoveContext& ctx);
// Translate by `delta` (table frame), keeping the facing.
MoveResult slide(const Base& mover, Vec2 delta, const MoveContext& ctx);
// Rotate about the centre by `angle_deg` (positive = counter-clockwise = left).
MoveResult turn(const Base& mover, double angle_deg, const MoveContext& ctx);

// Wheel left: pivot on the front-left corner, the front swings left
// (counter-clockwise). Wheel right: pivot on the front-right corner.
enum class WheelDirection { Left, Right };
// `distance` is measured along the arc of the outer front corner (radius =
// frontage). Negative distance swings the front backwards.
MoveResult wheel(const Base& mover, WheelDirection direction, double distance, const MoveContext& ctx);
// Rotate about any pivot by `angle_deg`; turn and wheel are this.
MoveResult rotate_about(const Base& mover, Vec2 pivot, double angle_deg, const MoveContext& ctx);

namespace detail {
// The angle (radians) at which rotate_about's sweep first takes the mover
// off `table`, or nullopt; with `shortcut` as rotate_about asks it (a sweep
// well inside the table is not worked through). For the test that checks
// the shortcut against the full sweep.
std::optional<double> sweep_table_stop(const Base& mover, Vec2 pivot, double angle_deg, const Rect& table,
                                       bool shortcut);
}  // namespace detail

}  // namespace sandtable::geom
