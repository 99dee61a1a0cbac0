#include "sandtable/spatial_index.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace sandtable::geom {

SpatialIndex::SpatialIndex(double cell_size) : cell_size_(cell_size) {
    if (!(cell_size > 0.0) || !std::isfinite(cell_size))
        throw std::invalid_argument("SpatialIndex: cell size must be a positive number of mm");
}

std::uint64_t SpatialIndex::key(std::int64_t cx, std::int64_t cy) {
    // Two's-complement halves: distinct for every cell a table can hold.
    return (static_cast<std::uint64_t>(cx) << 32) ^ (static_cast<std::uint64_t>(cy) & 0xffffffffu);
}

SpatialIndex::CellRange SpatialIndex::cells_of(const Rect& r) const {
    auto cell = [this](double v) { return static_cast<std::int64_t>(std::floor(v / cell_size_)); };
    return {cell(r.min.x), cell(r.min.y), cell(r.max.x), cell(r.max.y)};
}

void SpatialIndex::unlink(BaseId id, const CellRange& cells) {
    if (cells.x1 < cells.x0) {  // an oversized base: in the list, in no cell
        oversized_.erase(std::remove(oversized_.begin(), oversized_.end(), id), oversized_.end());
        return;
    }
    for (std::int64_t cx = cells.x0; cx <= cells.x1; ++cx) {
        for (std::int64_t cy = cells.y0; cy <= cells.y1; ++cy) {
            auto it = buckets_.find(key(cx, cy));
            if (it == buckets_.end()) continue;
            auto& ids = it->second;
            ids.erase(std::remove(ids.begin(), ids.end(), id), ids.end());
            if (ids.empty()) buckets_.erase(it);
        }
    }
}

void SpatialIndex::insert(BaseId id, const Base& base) {
    if (auto it = entries_.find(id); it != entries_.end()) {
        unlink(id, it->second.cells);
        entries_.erase(it);
    }
    const Rect box = base.bounds();
    const double w = (box.max.x - box.min.x) / cell_size_ + 2.0, h = (box.max.y - box.min.y) / cell_size_ + 2.0;
    const bool finite = std::isfinite(box.min.x) && std::isfinite(box.min.y) && std::isfinite(box.max.x) &&
                        std::isfinite(box.max.y) && std::abs(box.min.x) < 1e15 && std::abs(box.min.y) < 1e15 &&
                        std::abs(box.max.x) < 1e15 && std::abs(box.max.y) < 1e15;
    if (!finite || w * h > kMaxCellsPerBase) {
        oversized_.push_back(id);
        entries_.emplace(id, Entry{base, box, CellRange{0, 0, -1, -1}, true});
        return;
    }
    const CellRange cells = cells_of(box);
    for (std::int64_t cx = cells.x0; cx <= cells.x1; ++cx) {
        for (std::int64_t cy = cells.y0; cy <= cells.y1; ++cy) buckets_[key(cx, cy)].push_back(id);
    }
    entries_.emplace(id, Entry{base, box, cells});
}

bool SpatialIndex::remove(BaseId id) {
    auto it = entries_.find(id);
    if (it == entries_.end()) return false;
    unlink(id, it->second.cells);
    entries_.erase(it);
    return true;
}

void SpatialIndex::clear() {
    entries_.clear();
    buckets_.clear();
    oversized_.clear();
}

bool SpatialIndex::contains(BaseId id) const { return entries_.count(id) != 0; }

std::optional<Base> SpatialIndex::find(BaseId id) const {
    auto it = entries_.find(id);
    if (it == entries_.end()) return std::nullopt;
    return it->second.base;
}

std::vector<BaseId> SpatialIndex::ids() const {
    std::vector<BaseId> out;
    out.reserve(entries_.size());
    for (const auto& [id, entry] : entries_) out.push_back(id);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<BaseId> SpatialIndex::candidates(const Rect& r) const {
    std::vector<BaseId> out;
    // The span in cells, in doubles: a window of 1e300 mm or NaN must not
    // reach the integer conversion in cells_of (undefined behaviour).
    const double span = ((r.max.x - r.min.x) / cell_size_ + 2.0) * ((r.max.y - r.min.y) / cell_size_ + 2.0);
    if (!(span <= static_cast<double>(buckets_.size()))) {
        // A query wider than the occupied cells: scanning every base is cheaper.
        for (const auto& [id, entry] : entries_) {
            if (entry.box.intersects(r)) out.push_back(id);
        }
    } else {
        const CellRange cells = cells_of(r);
        for (std::int64_t cx = cells.x0; cx <= cells.x1; ++cx) {
            for (std::int64_t cy = cells.y0; cy <= cells.y1; ++cy) {
                auto it = buckets_.find(key(cx, cy));
                if (it != buckets_.end()) out.insert(out.end(), it->second.begin(), it->second.end());
            }
        }
        for (BaseId id : oversized_)
            if (entries_.at(id).box.intersects(r)) out.push_back(id);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<Neighbour> SpatialIndex::nearest_within(const Base& base, double max_distance,
                                                    std::optional<BaseId> exclude) const {
    return nearest_within_if(base, max_distance, nullptr, exclude);
}

std::vector<Neighbour> SpatialIndex::nearest_within_if(const Base& base, double max_distance,
                                                       const std::function<bool(BaseId, const Base&)>& keep,
                                                       std::optional<BaseId> exclude) const {
    std::vector<Neighbour> out;
    if (max_distance < 0.0) return out;
    // Margin so that a base exactly at max_distance is still a candidate.
    const Rect window = base.bounds().expanded(max_distance + kContactTolerance);
    for (BaseId id : candidates(window)) {
        if (exclude && *exclude == id) continue;
        const Entry& entry = entries_.at(id);
        if (!entry.box.intersects(window)) continue;  // shares a cell, yet too far
        const Base& other = entry.base;
        const double d = edge_distance(base, other);
        if (within_limit(d, max_distance) && (!keep || keep(id, other))) out.push_back({id, d});
    }
    std::sort(out.begin(), out.end(), nearer_first);
    return out;
}

std::vector<BaseId> SpatialIndex::within(const Base& base, double max_distance,
                                         std::optional<BaseId> exclude) const {
    std::vector<BaseId> out;
    for (const Neighbour& n : nearest_within(base, max_distance, exclude)) out.push_back(n.id);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<Neighbour> SpatialIndex::neighbours_of(BaseId id, double max_distance) const {
    auto it = entries_.find(id);
    if (it == entries_.end()) return {};
    return nearest_within(it->second.base, max_distance, id);
}

std::vector<BaseId> SpatialIndex::within_of_point(Vec2 p, double max_distance) const {
    std::vector<BaseId> out;
    if (max_distance < 0.0) return out;
    const Rect window{{p.x - max_distance, p.y - max_distance}, {p.x + max_distance, p.y + max_distance}};
    for (BaseId id : candidates(window.expanded(kContactTolerance))) {
        if (distance_to_point(entries_.at(id).base, p) <= max_distance + kContactTolerance) out.push_back(id);
    }
    return out;  // candidates() is sorted
}

std::vector<BaseId> SpatialIndex::intersecting(const Rect& r) const {
    // The rectangle as a base facing north, so the base-to-base test applies.
    const Base window{(r.min + r.max) * 0.5, 0.0, r.width(), r.height()};
    std::vector<BaseId> out;
    for (BaseId id : candidates(r.expanded(kContactTolerance))) {
        if (in_contact(window, entries_.at(id).base)) out.push_back(id);
    }
    return out;
}

}  // namespace sandtable::geom
