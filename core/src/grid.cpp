#include "sandtable/grid.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace sandtable::geom {

// --- Square tiles -------------------------------------------------------

SquareGrid::SquareGrid(Vec2 origin, double tile_size, int cols, int rows)
    : origin_(origin), size_(tile_size), cols_(cols), rows_(rows) {
    if (!(tile_size > 0.0) || cols < 1 || rows < 1)
        throw std::invalid_argument("SquareGrid: tile size must be > 0 and the grid at least 1 x 1");
}

Rect SquareGrid::bounds() const { return {origin_, origin_ + Vec2{size_ * cols_, size_ * rows_}}; }

std::optional<Tile> SquareGrid::tile_of(Vec2 p) const {
    if (!bounds().contains(p)) return std::nullopt;
    // The far sides of the grid belong to the last column/row.
    const int col = std::min(static_cast<int>(std::floor((p.x - origin_.x) / size_)), cols_ - 1);
    const int row = std::min(static_cast<int>(std::floor((p.y - origin_.y) / size_)), rows_ - 1);
    return Tile{col, row};
}

Vec2 SquareGrid::centre(Tile t) const {
    return origin_ + Vec2{(t.col + 0.5) * size_, (t.row + 0.5) * size_};
}

Rect SquareGrid::rect(Tile t) const {
    const Vec2 min = origin_ + Vec2{t.col * size_, t.row * size_};
    return {min, min + Vec2{size_, size_}};
}

bool SquareGrid::on_edge(Tile t) const {
    return contains(t) && (t.col == 0 || t.row == 0 || t.col == cols_ - 1 || t.row == rows_ - 1);
}

std::vector<Tile> SquareGrid::tiles() const {
    std::vector<Tile> out;
    out.reserve(static_cast<std::size_t>(cols_) * static_cast<std::size_t>(rows_));
    for (int row = 0; row < rows_; ++row) {
        for (int col = 0; col < cols_; ++col) out.push_back({col, row});
    }
    return out;
}

std::vector<Tile> SquareGrid::neighbours(Tile t, bool diagonals) const {
    static constexpr std::array<Tile, 4> kSides{{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}};
    static constexpr std::array<Tile, 8> kAround{{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}};
    std::vector<Tile> out;
    const auto add = [&](const Tile& d) {
        const Tile n{t.col + d.col, t.row + d.row};
        if (contains(n)) out.push_back(n);
    };
    if (diagonals) std::for_each(kAround.begin(), kAround.end(), add);
    else std::for_each(kSides.begin(), kSides.end(), add);
    return out;
}

std::vector<Tile> SquareGrid::tiles_under(const Base& base) const {
    std::vector<Tile> out;
    const Rect b = base.bounds();
    const auto index = [this](double v, double o, int count) {
        // Clamped as a double first: a base far off the grid must not reach
        // an out-of-range int conversion.
        return static_cast<int>(std::clamp(std::floor((v - o) / size_), 0.0, static_cast<double>(count - 1)));
    };
    if (!b.intersects(bounds())) return out;
    for (int row = index(b.min.y, origin_.y, rows_); row <= index(b.max.y, origin_.y, rows_); ++row) {
        for (int col = index(b.min.x, origin_.x, cols_); col <= index(b.max.x, origin_.x, cols_); ++col) {
            const Tile t{col, row};
            const Base square{centre(t), 0.0, size_, size_};
            if (overlaps(square, base)) out.push_back(t);
        }
    }
    return out;
}

// --- Hexes --------------------------------------------------------------

namespace {

const double kSqrt3 = std::sqrt(3.0);

// Nearest hex to fractional axial coordinates: round the cube coordinates
// and repair the one that moved most so that q + r + s = 0 again.
Hex cube_round(double q, double r) {
    const double s = -q - r;
    double rq = std::round(q);
    double rr = std::round(r);
    const double rs = std::round(s);
    const double dq = std::abs(rq - q);
    const double dr = std::abs(rr - r);
    const double ds = std::abs(rs - s);
    if (dq > dr && dq > ds) rq = -rr - rs;
    else if (dr > ds) rr = -rq - rs;
    // Beyond int, the conversion is undefined: a point that far from the
    // grid's origin (in hexes) has no hex coordinates.
    if (!(std::abs(rq) <= 1e9 && std::abs(rr) <= 1e9))
        throw std::out_of_range("the point is more than 1e9 hexes from the grid's origin; expected a point on the table");
    return {static_cast<int>(rq), static_cast<int>(rr)};
}

}  // namespace

HexGrid::HexGrid(Vec2 origin, double across_flats, HexOrientation orientation)
    : origin_(origin), across_flats_(across_flats), radius_(across_flats / kSqrt3), orientation_(orientation) {
    if (!(across_flats > 0.0)) throw std::invalid_argument("HexGrid: the hex size across flats must be > 0");
}

Vec2 HexGrid::centre(Hex h) const {
    const double q = h.q;
    const double r = h.r;
    if (orientation_ == HexOrientation::PointyTop)
        return origin_ + Vec2{kSqrt3 * q + kSqrt3 / 2.0 * r, 1.5 * r} * radius_;
    return origin_ + Vec2{1.5 * q, kSqrt3 / 2.0 * q + kSqrt3 * r} * radius_;
}

Hex HexGrid::hex_of(Vec2 p) const {
    const Vec2 d = (p - origin_) / radius_;
    if (orientation_ == HexOrientation::PointyTop)
        return cube_round(kSqrt3 / 3.0 * d.x - 1.0 / 3.0 * d.y, 2.0 / 3.0 * d.y);
    return cube_round(2.0 / 3.0 * d.x, -1.0 / 3.0 * d.x + kSqrt3 / 3.0 * d.y);
}

std::array<Vec2, 6> HexGrid::corners(Hex h) const {
    const Vec2 c = centre(h);
    const double start = orientation_ == HexOrientation::PointyTop ? 30.0 : 0.0;
    std::array<Vec2, 6> out;
    for (int i = 0; i < 6; ++i) {
        const double a = deg_to_rad(start + 60.0 * i);
        out[static_cast<std::size_t>(i)] = c + Vec2{std::cos(a), std::sin(a)} * radius_;
    }
    return out;
}

int HexGrid::distance(Hex a, Hex b) {
    const int dq = a.q - b.q;
    const int dr = a.r - b.r;
    return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

std::array<Hex, 6> HexGrid::neighbours(Hex h) {
    return {Hex{h.q + 1, h.r}, Hex{h.q, h.r + 1}, Hex{h.q - 1, h.r + 1},
            Hex{h.q - 1, h.r}, Hex{h.q, h.r - 1}, Hex{h.q + 1, h.r - 1}};
}

std::vector<Hex> HexGrid::within(Hex centre, int radius) {
    std::vector<Hex> out;
    for (int dq = -radius; dq <= radius; ++dq) {
        for (int dr = std::max(-radius, -dq - radius); dr <= std::min(radius, -dq + radius); ++dr)
            out.push_back({centre.q + dq, centre.r + dr});
    }
    return out;
}

}  // namespace sandtable::geom
