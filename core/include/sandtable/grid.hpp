// Grids laid over the table: square tiles (terrain tiles, deployment zones)
// and hexes (hex-based rulesets). Both only map between table millimetres
// and cells; what a cell means is the ruleset's business.
#pragma once

#include "sandtable/geometry.hpp"

#include <array>
#include <compare>
#include <optional>
#include <vector>

namespace sandtable::geom {

// --- Square tiles -------------------------------------------------------

// Column 0 is the west-most, row 0 the south-most (y grows north).
struct Tile {
    int col = 0;
    int row = 0;
    auto operator<=>(const Tile&) const = default;
};

class SquareGrid {
public:
    // `origin` is the south-west corner of tile (0, 0). Throws
    // std::invalid_argument unless tile_size > 0 and cols, rows >= 1.
    SquareGrid(Vec2 origin, double tile_size, int cols, int rows);

    Vec2 origin() const { return origin_; }
    double tile_size() const { return size_; }
    int cols() const { return cols_; }
    int rows() const { return rows_; }
    Rect bounds() const;

    bool contains(Tile t) const { return t.col >= 0 && t.col < cols_ && t.row >= 0 && t.row < rows_; }
    // The tile holding p, nullopt off the grid. Tiles are half-open
    // [min, max): a point on a shared side belongs to the tile east/north of
    // it, except on the grid's own east and north sides, which belong to the
    // last column/row.
    std::optional<Tile> tile_of(Vec2 p) const;
    Vec2 centre(Tile t) const;
    Rect rect(Tile t) const;
    // A tile in the outer ring (first/last column or row).
    bool on_edge(Tile t) const;
    // Every tile, row by row from the south-west: (0,0), (1,0) ... (cols-1, rows-1).
    std::vector<Tile> tiles() const;
    // On-grid neighbours: the 4 sharing a side (E, N, W, S order), or with
    // `diagonals` the 8 around it (E, NE, N, NW, W, SW, S, SE).
    std::vector<Tile> neighbours(Tile t, bool diagonals = false) const;
    // Tiles whose interior some part of the base covers (a base lying exactly
    // along a tile side is not on the tile beyond it), in tiles() order.
    std::vector<Tile> tiles_under(const Base& base) const;

private:
    Vec2 origin_;
    double size_;
    int cols_;
    int rows_;
};

// --- Hexes --------------------------------------------------------------

// Axial coordinates (q, r); the third cube coordinate is s = -q - r.
struct Hex {
    int q = 0;
    int r = 0;
    auto operator<=>(const Hex&) const = default;
};

// PointyTop: a corner points north, rows of hexes run east-west.
// FlatTop: a flat side faces north, columns run north-south.
enum class HexOrientation { PointyTop, FlatTop };

class HexGrid {
public:
    // `origin` is the centre of hex (0, 0); `across_flats` is the distance
    // between opposite sides (the size wargamers measure). Throws
    // std::invalid_argument unless across_flats > 0.
    //   PointyTop: +q is east, +r is north-east.
    //   FlatTop:   +q is 30 degrees north of east (bearing -60), +r is north.
    HexGrid(Vec2 origin, double across_flats, HexOrientation orientation);

    HexOrientation orientation() const { return orientation_; }
    double across_flats() const { return across_flats_; }
    // Centre to corner.
    double circumradius() const { return radius_; }

    // The hex holding p. On a shared side or corner the choice is arbitrary
    // but deterministic (cube rounding).
    Hex hex_of(Vec2 p) const;
    Vec2 centre(Hex h) const;
    // Counter-clockwise, starting 30 degrees north of east (PointyTop) or due
    // east (FlatTop).
    std::array<Vec2, 6> corners(Hex h) const;

    // Steps between hexes.
    static int distance(Hex a, Hex b);
    // Counter-clockwise from +q: (+1,0), (0,+1), (-1,+1), (-1,0), (0,-1), (+1,-1).
    // PointyTop: E, NE, NW, W, SW, SE. FlatTop: ENE, N, WNW, WSW, S, ESE.
    static std::array<Hex, 6> neighbours(Hex h);
    // All hexes at most `radius` steps away, sorted (q, then r).
    static std::vector<Hex> within(Hex centre, int radius);

private:
    Vec2 origin_;
    double across_flats_;
    double radius_;
    HexOrientation orientation_;
};

}  // namespace sandtable::geom
