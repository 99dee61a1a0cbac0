// sandtable.grid: the square-tile overlay (rules that dice terrain per tile)
// and the hex overlay (rules played on hexes), as plain functions of a grid
// description, so scripts and rulesets need no object to keep.
#include <fmt/format.h>

#include "sandtable/grid.hpp"
#include "sandtable/lua/modules.hpp"

namespace sandtable::lua {
namespace {

// Grid coordinates beyond this are refused: distances and neighbours add and
// subtract them in int, which overflowed near INT_MAX.
constexpr lua_Integer kMaxGridCoord = 100'000'000;

using namespace sandtable::geom;

double field(lua_State* L, int t, const char* key, double fallback) {
  lua_getfield(L, t, key);
  const double v = lua_isnil(L, -1) ? fallback : check_number(L, -1, key);
  lua_pop(L, 1);
  return v;
}

// A square grid from { x=0, y=0, tile=, cols=, rows= }.
SquareGrid square(lua_State* L, int arg) {
  luaL_checktype(L, arg, LUA_TTABLE);
  const double tile = field(L, arg, "tile", 0);
  const double cols_v = field(L, arg, "cols", 0), rows_v = field(L, arg, "rows", 0);
  if (!(tile > 0 && cols_v >= 1 && rows_v >= 1 && cols_v <= kMaxGridCoord && rows_v <= kMaxGridCoord))
    luaL_error(L, "a square grid needs tile > 0, and cols and rows from 1 to %I", kMaxGridCoord);
  const int cols = static_cast<int>(cols_v), rows = static_cast<int>(rows_v);
  return SquareGrid({field(L, arg, "x", 0), field(L, arg, "y", 0)}, tile, cols, rows);
}

// A hex grid from { x=0, y=0, size= (across the flats), flat_top=false }.
HexGrid hexes(lua_State* L, int arg) {
  luaL_checktype(L, arg, LUA_TTABLE);
  const double size = field(L, arg, "size", 0);
  if (size <= 0) luaL_error(L, "a hex grid needs size > 0 (mm across the flats)");
  lua_getfield(L, arg, "flat_top");
  const bool flat = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return HexGrid({field(L, arg, "x", 0), field(L, arg, "y", 0)}, size,
                 flat ? HexOrientation::FlatTop : HexOrientation::PointyTop);
}

int tile_of(lua_State* L) {
  const auto t = square(L, 1).tile_of({check_number(L, 2, "x"), check_number(L, 3, "y")});
  if (!t) return 0;
  lua_pushinteger(L, t->col);
  lua_pushinteger(L, t->row);
  return 2;
}

int tile_centre(lua_State* L) {
  const auto c = square(L, 1).centre({check_int_range(L, 2, "col", -kMaxGridCoord, kMaxGridCoord),
                                      check_int_range(L, 3, "row", -kMaxGridCoord, kMaxGridCoord)});
  lua_pushnumber(L, c.x);
  lua_pushnumber(L, c.y);
  return 2;
}

int tile_on_edge(lua_State* L) {
  lua_pushboolean(L, square(L, 1).on_edge({check_int_range(L, 2, "col", -kMaxGridCoord, kMaxGridCoord),
                                           check_int_range(L, 3, "row", -kMaxGridCoord, kMaxGridCoord)}));
  return 1;
}

int hex_of(lua_State* L) {
  const Hex h = hexes(L, 1).hex_of({check_number(L, 2, "x"), check_number(L, 3, "y")});
  lua_pushinteger(L, h.q);
  lua_pushinteger(L, h.r);
  return 2;
}

int hex_centre(lua_State* L) {
  const Vec2 c = hexes(L, 1).centre({check_int_range(L, 2, "q", -kMaxGridCoord, kMaxGridCoord),
                                     check_int_range(L, 3, "r", -kMaxGridCoord, kMaxGridCoord)});
  lua_pushnumber(L, c.x);
  lua_pushnumber(L, c.y);
  return 2;
}

int hex_distance(lua_State* L) {
  lua_pushinteger(L, HexGrid::distance({check_int_range(L, 1, "q1", -kMaxGridCoord, kMaxGridCoord), check_int_range(L, 2, "r1", -kMaxGridCoord, kMaxGridCoord)},
                                       {check_int_range(L, 3, "q2", -kMaxGridCoord, kMaxGridCoord), check_int_range(L, 4, "r2", -kMaxGridCoord, kMaxGridCoord)}));
  return 1;
}

int hex_neighbours(lua_State* L) {
  const auto n = HexGrid::neighbours({check_int_range(L, 1, "q", -kMaxGridCoord, kMaxGridCoord), check_int_range(L, 2, "r", -kMaxGridCoord, kMaxGridCoord)});
  lua_createtable(L, 6, 0);
  for (std::size_t i = 0; i < n.size(); ++i) {
    lua_createtable(L, 2, 0);
    lua_pushinteger(L, n[i].q);
    lua_rawseti(L, -2, 1);
    lua_pushinteger(L, n[i].r);
    lua_rawseti(L, -2, 2);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

const std::vector<Binding> kBindings = {
    {"tile_of", "grid.tile_of(square, x, y) -> col, row | nothing",
     "The tile of a point (square = {x=0, y=0, tile=, cols=, rows=}, origin at the south-west corner); nothing "
     "off the grid.",
     guarded<tile_of>},
    {"tile_centre", "grid.tile_centre(square, col, row) -> x, y", "The centre of a tile.", guarded<tile_centre>},
    {"tile_on_edge", "grid.tile_on_edge(square, col, row) -> boolean",
     "Whether a tile borders the table edge (rules that add to the terrain die there).", guarded<tile_on_edge>},
    {"hex_of", "grid.hex_of(hexes, x, y) -> q, r",
     "The axial coordinates of the hex holding a point (hexes = {x=0, y=0, size= across the flats, flat_top=false}).",
     guarded<hex_of>},
    {"hex_centre", "grid.hex_centre(hexes, q, r) -> x, y", "The centre of a hex.", guarded<hex_centre>},
    {"hex_distance", "grid.hex_distance(q1, r1, q2, r2) -> integer", "Distance in hexes.", guarded<hex_distance>},
    {"hex_neighbours", "grid.hex_neighbours(q, r) -> { {q, r} x 6 }", "The six neighbours, counter-clockwise.",
     guarded<hex_neighbours>},
};

} // namespace

Module grid_module() {
  return Module{"sandtable.grid", "Square-tile and hex overlays of the table.", &kBindings, nullptr};
}

} // namespace sandtable::lua
