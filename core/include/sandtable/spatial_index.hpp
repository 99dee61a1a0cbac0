// A uniform-grid (bucket) index of bases by id, so "who is near this base"
// stays cheap with hundreds of bases on the table. Every query answers in a
// deterministic order: sorted by id, or by distance then id.
#pragma once

#include "sandtable/geometry.hpp"

#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

namespace sandtable::geom {

using BaseId = std::int64_t;

struct Neighbour {
    BaseId id = 0;
    double distance = 0.0;  // edge to edge, mm
};

// Distances equal but for rounding are equal: compared as whole numbers of
// the contact tolerance, so that a tie the table's geometry makes exact (three
// units in one line, each 7.5 mm behind a screen) comes out in the same order
// on both sides of the table, however floating point leans it (7.5 and
// 7.5000000000001 one way, two exact 7.5s the mirror way). Whole numbers, not
// "closer than the tolerance", so that the order stays transitive.
inline double distance_grain(double d) { return std::floor(d / kContactTolerance + 0.5); }

// Nearest first, ties (to the grain) by id: the order of every nearest-first
// answer of the index and of the battlefield's queries.
inline bool nearer_first(const Neighbour& a, const Neighbour& b) {
    const double ga = distance_grain(a.distance), gb = distance_grain(b.distance);
    return ga != gb ? ga < gb : a.id < b.id;
}

// A distance no more than the contact tolerance over a limit is within it
// (a unit touching the limit is at it, whichever way rounding leans).
inline bool within_limit(double distance, double limit) { return distance <= limit + kContactTolerance; }

class SpatialIndex {
public:
    // `cell_size` (mm) should be about the size of a base or of the common
    // query distance; 100 mm suits 15-28 mm figures. Must be > 0.
    explicit SpatialIndex(double cell_size = 100.0);

    // Adds the base, or moves it if the id is already present.
    void insert(BaseId id, const Base& base);
    void update(BaseId id, const Base& base) { insert(id, base); }
    // Returns false when the id was not present.
    bool remove(BaseId id);
    void clear();

    bool contains(BaseId id) const;
    // The stored base, or nullopt.
    std::optional<Base> find(BaseId id) const;
    std::size_t size() const { return entries_.size(); }
    std::vector<BaseId> ids() const;  // sorted

    // Ids of the bases within `max_distance` (edge to edge, inclusive, so 0
    // means touching or overlapping) of `base`, sorted by id. `exclude` is
    // left out (pass the querying base's own id).
    std::vector<BaseId> within(const Base& base, double max_distance,
                               std::optional<BaseId> exclude = std::nullopt) const;
    // Same set with distances, nearest first (ties by id).
    std::vector<Neighbour> nearest_within(const Base& base, double max_distance,
                                          std::optional<BaseId> exclude = std::nullopt) const;
    // Same, keeping only the bases for which `keep(id, base)` holds: one call
    // answers "enemies within 150 mm in my front arc, nearest first".
    std::vector<Neighbour> nearest_within_if(const Base& base, double max_distance,
                                             const std::function<bool(BaseId, const Base&)>& keep,
                                             std::optional<BaseId> exclude = std::nullopt) const;
    // Convenience: bases near a stored base, itself excluded. Empty if unknown id.
    std::vector<Neighbour> neighbours_of(BaseId id, double max_distance) const;
    // Ids of the bases within `max_distance` of a point, sorted by id.
    std::vector<BaseId> within_of_point(Vec2 p, double max_distance) const;
    // Ids of the bases that meet the axis-aligned rectangle (touching counts),
    // sorted by id.
    std::vector<BaseId> intersecting(const Rect& r) const;

private:
    struct CellRange {
        std::int64_t x0, y0, x1, y1;  // inclusive
    };
    struct Entry {
        Base base;
        Rect box;  // base.bounds(), kept for a cheap first test
        CellRange cells;
        bool oversized = false;  // kept in oversized_, in no cell
    };
    // A base whose bounds cover more cells than this (or that are not finite)
    // is kept in one list that every query scans, instead of in each of its
    // cells: the work and memory of an insert stay bounded whatever the base's
    // size. (Fix: a 4e5 mm base allocated 1.45 GB, 1e7 mm never finished.)
    static constexpr double kMaxCellsPerBase = 4096;

    CellRange cells_of(const Rect& r) const;
    static std::uint64_t key(std::int64_t cx, std::int64_t cy);
    // Ids stored in the cells overlapping `r`, sorted and unique.
    std::vector<BaseId> candidates(const Rect& r) const;
    void unlink(BaseId id, const CellRange& cells);

    double cell_size_;
    std::unordered_map<BaseId, Entry> entries_;
    std::unordered_map<std::uint64_t, std::vector<BaseId>> buckets_;
    std::vector<BaseId> oversized_;
};

}  // namespace sandtable::geom
