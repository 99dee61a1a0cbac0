// sandtable.battlefield: the table, its units' core fields and geometry, and
// the battle's event log, as one Lua object. Calls are coarse: one call
// answers a whole question (all enemies within 150 mm in the front arc).
// A unit's ruleset fields live in bf:data(id), a Lua table the ruleset owns.
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <unordered_map>

#include <fmt/format.h>

#include "sandtable/deployment.hpp"
#include "sandtable/event_log.hpp"
#include "sandtable/geometry.hpp"
#include "sandtable/lua/battlefield.hpp"
#include "sandtable/lua/convert.hpp"
#include "sandtable/lua/dice_source_ud.hpp"
#include "sandtable/lua/modules.hpp"
#include "sandtable/movement.hpp"
#include "sandtable/spatial_index.hpp"
#include "sandtable/terrain.hpp"
#include "sandtable/state.hpp"
#include "sandtable/yaml_io.hpp"

namespace sandtable::lua {
namespace {

constexpr const char* kType = "sandtable.Battlefield";

struct Battlefield {
  State state;
  // Kept up to date lazily: a move only notes its slot in index_stale, and
  // fresh_index() files the moved bases before the index is read (bf:query),
  // so most moves, whose positions nothing asks of the index, cost no update.
  geom::SpatialIndex index{100.0};
  std::vector<std::size_t> index_stale;
  std::vector<bool> is_stale;
  std::unordered_map<int, std::size_t> slot;  // unit id -> index in state.units
  std::shared_ptr<EventLog> log = std::make_shared<EventLog>(true);
  geom::TerrainMap terrain;  // built from state.terrain, which is what is saved
  // Per slot: the base's corners and axes, kept with its position, and the
  // half-diagonal (a bound for pruning): the proximity calls reuse them.
  std::vector<geom::Footprint> footprint;
  std::vector<double> radius;
  // Terrain probes: attributes a ruleset gives every feature of a type
  // (bf:terrain_type), the attribute names probes have asked for (bit k of
  // a feature's flags: its attribute flag_names[k] is set and not false),
  // and each feature's flags, recomputed when features or types change.
  std::unordered_map<std::string, Value> type_attributes;
  std::vector<std::string> flag_names;
  std::vector<std::uint64_t> feature_flags;
  bool flags_stale = true;
  // Probe key strings already read, by the address of their text: a probe
  // asks the same few keys again and again. Each such string object is kept
  // alive in a list (the userdata's uservalue 2), so its address cannot be
  // reused by another string while it is remembered here.
  struct ProbeKeyMemo {
    const char* text;
    int bit;
    bool centre;
  };
  std::vector<ProbeKeyMemo> probe_key_memo;
  // Terrain that stops ground moves (a feature's own blocks_move = true: a
  // wall, a closed gate): rectangles kept as bases, rebuilt when the terrain
  // changes. Their obstacle ids are kBarrierIds + the feature's id.
  static constexpr geom::BaseId kBarrierIds = geom::BaseId{1} << 40;
  std::vector<geom::Obstacle> barrier_list;
  std::vector<geom::Footprint> barrier_fp;
  bool barriers_stale = true;
  const std::vector<geom::Obstacle>& barriers();
  // bf:terrain_under's features, kept per slot with the base they were
  // found for and the terrain's shapes_version then: rules ask it of the
  // same unit again and again while it stands still (each answer tests the
  // base against every feature whose bounds it meets). The answer depends
  // on the base and the features' shapes alone, so a kept one whose base
  // and version match is the answer asked afresh. shapes_version moves
  // whenever a feature is added, a shape is changed or the terrain is
  // rebuilt (a restore), never back.
  struct UnderMemo {
    double x = 0.0, y = 0.0, facing = 0.0, width = 0.0, depth = 0.0;
    std::uint64_t version = 0;
    bool valid = false;
    std::vector<geom::FeatureId> ids;
  };
  std::vector<UnderMemo> under_memo;
  std::uint64_t shapes_version = 1;
  const std::vector<geom::FeatureId>& features_under(std::size_t i) {
    if (under_memo.size() < state.units.size()) under_memo.resize(state.units.size());
    UnderMemo& m = under_memo[i];
    const UnitState& u = state.units[i];
    if (!m.valid || m.version != shapes_version || m.x != u.at.x || m.y != u.at.y || m.facing != u.at.facing ||
        m.width != u.at.width || m.depth != u.at.depth) {
      m.ids = terrain.features_under(base_of(u));
      m.x = u.at.x;
      m.y = u.at.y;
      m.facing = u.at.facing;
      m.width = u.at.width;
      m.depth = u.at.depth;
      m.version = shapes_version;
      m.valid = true;
    }
    return m.ids;
  }

  int flag_bit(lua_State* L, std::string_view name) {
    for (std::size_t k = 0; k < flag_names.size(); ++k)
      if (flag_names[k] == name) return static_cast<int>(k);
    if (flag_names.size() >= 64) luaL_error(L, "terrain probes: at most 64 attribute names");
    flag_names.emplace_back(name);
    flags_stale = true;
    return static_cast<int>(flag_names.size() - 1);
  }
  static bool truthy(const Value& v) { return !v.is_null() && !(v.is_bool() && !v.as_bool()); }
  const std::vector<std::uint64_t>& flags() {
    if (!flags_stale && feature_flags.size() == terrain.size()) return feature_flags;
    feature_flags.assign(terrain.size(), 0);
    static const Value::List kNone;
    const Value::List& list = state.terrain.is_list() ? state.terrain.as_list() : kNone;
    for (std::size_t i = 0; i < terrain.size() && i < list.size(); ++i) feature_flags[i] = flag_bits(list[i]);
    flags_stale = false;
    return feature_flags;
  }
  // One feature's flags: its own attribute, else its type's.
  std::uint64_t flag_bits(const Value& f) const {
    std::uint64_t bits = 0;
    const auto type = type_attributes.find(f["type"].is_string() ? f["type"].as_string() : std::string());
    for (std::size_t k = 0; k < flag_names.size(); ++k) {
      const Value& own = f[flag_names[k]];
      const bool on = !own.is_null() ? truthy(own)
                                     : type != type_attributes.end() && truthy(type->second[flag_names[k]]);
      if (on) bits |= std::uint64_t{1} << k;
    }
    return bits;
  }

  UnitState& unit(lua_State* L, int id) {
    const auto it = slot.find(id);
    if (it == slot.end()) luaL_error(L, "no unit with id %d on this battlefield", id);
    return state.units[it->second];
  }
  std::size_t slot_of(lua_State* L, int id) {
    const auto it = slot.find(id);
    if (it == slot.end()) luaL_error(L, "no unit with id %d on this battlefield", id);
    return it->second;
  }
  void refresh(std::size_t i) {
    if (footprint.size() < state.units.size()) {
      footprint.resize(state.units.size());
      radius.resize(state.units.size());
    }
    const UnitState& u = state.units[i];
    footprint[i] = geom::Footprint(base_of(u));
    radius[i] = 0.5 * std::hypot(u.at.width, u.at.depth);
  }
  // Adds the unit just appended to state.units to the lookups.
  void index_last() {
    const std::size_t i = state.units.size() - 1;
    slot[state.units[i].id] = i;
    refresh(i);
    if (!state.units[i].removed) index.insert(state.units[i].id, base_of(state.units[i]));
  }
  static geom::Base base_of(const UnitState& u) {
    return geom::Base{{u.at.x, u.at.y}, u.at.facing, u.at.width, u.at.depth};
  }
  void put(UnitState& u, const geom::Base& b) {
    u.at.x = b.centre.x;
    u.at.y = b.centre.y;
    u.at.facing = geom::normalize_angle_deg(b.facing_deg);
    const std::size_t i = slot.at(u.id);
    refresh(i);
    if (is_stale.size() < state.units.size()) is_stale.resize(state.units.size());
    if (!is_stale[i]) {
      is_stale[i] = true;
      index_stale.push_back(i);
    }
  }
  // The index with every base moved since it was last read filed again: the
  // same entries and cells as updating it at each move. (A removed unit is
  // out of it already; candidates come out sorted, so the order the bases
  // are filed in does not show.)
  const geom::SpatialIndex& fresh_index() {
    for (const std::size_t i : index_stale) {
      is_stale[i] = false;
      const UnitState& u = state.units[i];
      if (!u.removed) index.update(u.id, base_of(u));
    }
    index_stale.clear();
    return index;
  }
  void rebuild_terrain();
  // Geometry events, logged by the battlefield itself so that any ruleset's
  // battle can be replayed from its log alone (docs/replay-events.md).
  bool logging() const { return log->enabled(); }
  void log_position(const UnitState& u, const char* how) {
    if (!logging()) return;
    if (!log->records()) {  // counted only: no fields to build
      log->add("unit_moved");
      return;
    }
    log->add("unit_moved", Value(Value::Map{{"unit", u.id}, {"x", u.at.x}, {"y", u.at.y},
                                            {"facing", u.at.facing}, {"how", how}}));
  }
  void reindex() {
    rebuild_terrain();
    index.clear();
    index_stale.clear();
    is_stale.clear();
    slot.clear();
    footprint.clear();
    radius.clear();
    for (std::size_t i = 0; i < state.units.size(); ++i) {
      slot[state.units[i].id] = i;
      refresh(i);
      if (!state.units[i].removed) index.insert(state.units[i].id, base_of(state.units[i]));
    }
  }
};

// The base a blocks_move feature stands for: its polygon must be a rectangle
// given corner after corner (the first edge is the frontage). nullopt when the
// feature does not block moves.
std::optional<geom::Base> barrier_base(const Value& v) {
  const Value& flag = v["blocks_move"];
  if (flag.is_null() || (flag.is_bool() && !flag.as_bool())) return std::nullopt;
  const std::string type = v["type"].is_string() ? v["type"].as_string() : std::string("?");
  const auto bad = [&type]() {
    return Error(fmt::format("terrain feature '{}': blocks_move needs polygon = a rectangle's 4 corners in order "
                             "(x1,y1,...,x4,y4)", type));
  };
  if (!v["polygon"].is_list() || v["polygon"].as_list().size() != 8) throw bad();
  const auto& xs = v["polygon"].as_list();
  std::array<geom::Vec2, 4> p;
  for (std::size_t i = 0; i < 4; ++i) {
    if (!xs[2 * i].is_number() || !xs[2 * i + 1].is_number()) throw bad();
    p[i] = {xs[2 * i].as_number(), xs[2 * i + 1].as_number()};
  }
  const geom::Vec2 a = p[1] - p[0], b = p[2] - p[1];
  const double w = std::hypot(a.x, a.y), d = std::hypot(b.x, b.y);
  const geom::Vec2 diag = p[2] - p[0] - a - b;  // zero for a parallelogram
  if (w <= 0 || d <= 0 || std::abs(a.x * b.x + a.y * b.y) > 1e-6 * w * d || std::hypot(diag.x, diag.y) > 1e-6 * (w + d) ||
      std::hypot(p[3].x - p[0].x - b.x, p[3].y - p[0].y - b.y) > 1e-6 * (w + d))
    throw bad();
  geom::Base base;
  base.centre = {(p[0].x + p[2].x) / 2, (p[0].y + p[2].y) / 2};
  base.facing_deg = std::atan2(a.y, a.x) * 180.0 / geom::kPi;  // right() = (cos, sin) of the facing
  base.width = w;
  base.depth = d;
  return base;
}

// A terrain feature as plain data: {type=, polygon={x1,y1,...} | circle={x,y,r},
// blocks_los=, height=}. The same form is saved and passed from Lua.
geom::Feature feature_from_value(const Value& v) {
  (void)barrier_base(v);  // a blocks_move feature must be a rectangle
  geom::Feature f;
  if (!v["type"].is_string()) throw Error("terrain feature: expected a 'type' string");
  f.type = v["type"].as_string();
  f.blocks_los = v["blocks_los"].is_bool() && v["blocks_los"].as_bool();
  f.height = v["height"].is_number() ? v["height"].as_number() : 0.0;
  if (v["polygon"].is_list()) {
    const auto& xs = v["polygon"].as_list();
    if (xs.size() < 6 || xs.size() % 2)
      throw Error(fmt::format("terrain feature '{}': a polygon needs at least 3 points as x1,y1,x2,y2,...", f.type));
    geom::Polygon poly;
    for (std::size_t i = 0; i + 1 < xs.size(); i += 2) {
      if (!xs[i].is_number() || !xs[i + 1].is_number())
        throw Error(fmt::format("terrain feature '{}': polygon coordinates must be numbers", f.type));
      poly.points.push_back({xs[i].as_number(), xs[i + 1].as_number()});
    }
    f.shape = poly;
  } else if (v["circle"].is_list() && v["circle"].as_list().size() == 3) {
    const auto& c = v["circle"].as_list();
    for (const auto& x : c)
      if (!x.is_number()) throw Error(fmt::format("terrain feature '{}': circle = {{x, y, r}} numbers", f.type));
    f.shape = geom::Circle{{c[0].as_number(), c[1].as_number()}, c[2].as_number()};
  } else {
    throw Error(fmt::format("terrain feature '{}': expected polygon = {{x1,y1,...}} or circle = {{x,y,r}}", f.type));
  }
  return f;
}

void Battlefield::rebuild_terrain() {
  terrain = geom::TerrainMap();
  flags_stale = true;
  barriers_stale = true;
  ++shapes_version;
  if (!state.terrain.is_list()) return;
  for (const auto& f : state.terrain.as_list()) terrain.add(feature_from_value(f));
}

const std::vector<geom::Obstacle>& Battlefield::barriers() {
  if (!barriers_stale) return barrier_list;
  barrier_list.clear();
  barrier_fp.clear();
  std::vector<geom::Base> bases;
  std::vector<geom::BaseId> ids;
  if (state.terrain.is_list()) {
    const auto& list = state.terrain.as_list();
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (auto b = barrier_base(list[i])) {
        bases.push_back(*b);
        ids.push_back(kBarrierIds + static_cast<geom::BaseId>(i + 1));
      }
    }
  }
  barrier_fp.reserve(bases.size());  // no reallocation: the obstacles point into it
  for (std::size_t i = 0; i < bases.size(); ++i) {
    barrier_fp.emplace_back(bases[i]);
    barrier_list.push_back(geom::Obstacle{ids[i], bases[i], &barrier_fp[i]});
  }
  barriers_stale = false;
  return barrier_list;
}

Battlefield& check_bf(lua_State* L, int arg = 1) {
  return **static_cast<std::unique_ptr<Battlefield>*>(check_self(L, arg, kType));
}

int bf_gc(lua_State* L) {
  static_cast<std::unique_ptr<Battlefield>*>(luaL_checkudata(L, 1, kType))->~unique_ptr();
  return 0;
}

// Pushes a new battlefield userdata whose uservalue 1 is a table id -> data
// (uservalue 2: the probe key strings it remembers, see probe_key_memo;
// uservalue 3: the function bf:on_time set, if any).
Battlefield& push_bf(lua_State* L, std::unique_ptr<Battlefield> bf) {
  auto* slot = static_cast<std::unique_ptr<Battlefield>*>(lua_newuserdatauv(L, sizeof(std::unique_ptr<Battlefield>), 3));
  new (slot) std::unique_ptr<Battlefield>(std::move(bf));
  luaL_setmetatable(L, kType);
  lua_newtable(L);
  lua_setiuservalue(L, -2, 1);
  return **slot;
}

double field_number(lua_State* L, int t, const char* key, double fallback, bool required) {
  lua_getfield(L, t, key);
  int ok = 0;
  const double v = lua_tonumberx(L, -1, &ok);
  const bool missing = lua_isnil(L, -1);
  lua_pop(L, 1);
  if (missing && !required) return fallback;
  if (!ok) luaL_error(L, "expected a number for '%s'", key);
  // NaN, infinities and 1e306 coordinates: refused (see check_number).
  if (!(std::fabs(v) <= kMaxNumber))
    luaL_error(L, "expected a finite number within -1e15..1e15 for '%s', got %s", key, fmt::format("{}", v).c_str());
  return v;
}

// An integer field that fits an int: side = NaN or 1.5 or 2^40 is refused.
int field_int(lua_State* L, int t, const char* key, int fallback, bool required) {
  lua_getfield(L, t, key);
  const bool missing = lua_isnil(L, -1);
  int ok = 0;
  const lua_Integer v = lua_tointegerx(L, -1, &ok);
  lua_pop(L, 1);
  if (missing && !required) return fallback;
  if (!ok || v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
    luaL_error(L, "expected a whole number for '%s' (within -2^31..2^31-1)", key);
  return static_cast<int>(v);
}

int battlefield_new(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  auto bf = std::make_unique<Battlefield>();
  bf->state.table_width = field_number(L, 1, "width", 0, true);
  bf->state.table_depth = field_number(L, 1, "depth", 0, true);
  if (bf->state.table_width <= 0 || bf->state.table_depth <= 0) return luaL_error(L, "a table needs a positive width and depth");
  lua_getfield(L, 1, "keep_events");
  bf->log = std::make_shared<EventLog>(lua_isnil(L, -1) || lua_toboolean(L, -1));
  lua_pop(L, 1);
  bf->log->add("table", Value(Value::Map{{"width", bf->state.table_width}, {"depth", bf->state.table_depth}}));
  push_bf(L, std::move(bf));
  return 1;
}

int bf_add_unit(lua_State* L) {
  Battlefield& bf = check_bf(L);
  luaL_checktype(L, 2, LUA_TTABLE);
  UnitState u;
  u.side = field_int(L, 2, "side", 0, true);
  u.at = Placement{field_number(L, 2, "x", 0, true), field_number(L, 2, "y", 0, true),
                   field_number(L, 2, "facing", 0, false), field_number(L, 2, "width", 0, true),
                   field_number(L, 2, "depth", 0, true)};
  u.strength = field_number(L, 2, "strength", 1, false);
  const double layer = field_number(L, 2, "layer", 0, false);
  if (layer != static_cast<int>(layer) || layer < -1000 || layer > 1000)
    return luaL_error(L, "add_unit: layer must be a whole number from -1000 to 1000");
  u.layer = static_cast<int>(layer);
  lua_getfield(L, 2, "name");
  if (lua_isstring(L, -1)) u.name = lua_tostring(L, -1);
  lua_getfield(L, 2, "label");
  const std::string label = lua_isstring(L, -1) ? lua_tostring(L, -1) : "";
  lua_pop(L, 2);
  if (u.at.width <= 0 || u.at.depth <= 0) return luaL_error(L, "a unit's base needs a positive width and depth");
  const int id = bf.state.add_unit(std::move(u));
  if (bf.logging()) {
    const UnitState& added = bf.state.units.back();
    Value event(Value::Map{{"unit", id}, {"side", added.side}, {"name", added.name},
                           {"label", label}, {"x", added.at.x}, {"y", added.at.y},
                           {"facing", added.at.facing}, {"width", added.at.width},
                           {"depth", added.at.depth}, {"strength", added.strength}});
    if (added.layer != 0) event.set("layer", added.layer);
    bf.log->add("unit_added", std::move(event));
  }
  bf.index_last();  // the terrain and the other units are unchanged
  // The ruleset's fields: the given table itself, or a new one.
  lua_getiuservalue(L, 1, 1);
  lua_getfield(L, 2, "data");
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_newtable(L);
  }
  lua_rawseti(L, -2, id);
  lua_pushinteger(L, id);
  return 1;
}

int bf_data(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const int id = check_int(L, 2, "unit id");
  bf.unit(L, id);
  lua_getiuservalue(L, 1, 1);
  lua_rawgeti(L, -1, id);
  return 1;
}

void push_unit_fields(lua_State* L, const UnitState& u) {
  lua_createtable(L, 0, 10);
  lua_pushinteger(L, u.id); lua_setfield(L, -2, "id");
  lua_pushinteger(L, u.side); lua_setfield(L, -2, "side");
  lua_pushstring(L, u.name.c_str()); lua_setfield(L, -2, "name");
  lua_pushnumber(L, u.at.x); lua_setfield(L, -2, "x");
  lua_pushnumber(L, u.at.y); lua_setfield(L, -2, "y");
  lua_pushnumber(L, u.at.facing); lua_setfield(L, -2, "facing");
  lua_pushnumber(L, u.at.width); lua_setfield(L, -2, "width");
  lua_pushnumber(L, u.at.depth); lua_setfield(L, -2, "depth");
  lua_pushnumber(L, u.strength); lua_setfield(L, -2, "strength");
  lua_pushboolean(L, u.removed); lua_setfield(L, -2, "removed");
  lua_pushinteger(L, u.layer); lua_setfield(L, -2, "layer");
}

int bf_unit(lua_State* L) {
  Battlefield& bf = check_bf(L);
  push_unit_fields(L, bf.unit(L, check_int(L, 2, "unit id")));
  return 1;
}

// bf:removed(id) and bf:footprint(id): single fields of bf:unit without
// making its table. WHY: bf:unit sets 11 fields by name (about 5,000
// machine instructions a call), and rules looping over every unit, often
// for every section of a wall, ask it for one of them.
int bf_removed(lua_State* L) {
  Battlefield& bf = check_bf(L);
  lua_pushboolean(L, bf.unit(L, check_int(L, 2, "unit id")).removed);
  return 1;
}

int bf_footprint(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const UnitState& u = bf.unit(L, check_int(L, 2, "unit id"));
  lua_pushnumber(L, u.at.width);
  lua_pushnumber(L, u.at.depth);
  return 2;
}

int bf_pos(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const UnitState& u = bf.unit(L, check_int(L, 2, "unit id"));
  lua_pushnumber(L, u.at.x);
  lua_pushnumber(L, u.at.y);
  lua_pushnumber(L, u.at.facing);
  return 3;
}

int bf_place(lua_State* L) {
  Battlefield& bf = check_bf(L);
  UnitState& u = bf.unit(L, check_int(L, 2, "unit id"));
  bf.put(u, geom::Base{{check_number(L, 3, "x"), check_number(L, 4, "y")},
                       luaL_opt(L, lua_tonumber, 5, u.at.facing), u.at.width, u.at.depth});
  bf.log_position(u, "place");
  return 0;
}

// A unit's base changes shape (a formation change, losses that shorten its
// frontage): the centre and facing stay, the index and footprint follow.
int bf_resize(lua_State* L) {
  Battlefield& bf = check_bf(L);
  UnitState& u = bf.unit(L, check_int(L, 2, "unit id"));
  const double width = check_number(L, 3, "width"), depth = check_number(L, 4, "depth");
  if (width <= 0 || depth <= 0) return luaL_error(L, "resize: a base needs a positive width and depth");
  u.at.width = width;
  u.at.depth = depth;
  bf.put(u, Battlefield::base_of(u));
  if (bf.logging())
    bf.log->add("unit_resized", Value(Value::Map{{"unit", u.id}, {"width", width}, {"depth", depth}}));
  return 0;
}

// A removed unit comes back onto the table (troops that left the field and
// return); it keeps its data.
int bf_bring_back(lua_State* L) {
  Battlefield& bf = check_bf(L);
  UnitState& u = bf.unit(L, check_int(L, 2, "unit id"));
  if (!u.removed) return luaL_error(L, "bring_back: unit %d is on the table", u.id);
  u.removed = false;
  bf.put(u, geom::Base{{check_number(L, 3, "x"), check_number(L, 4, "y")},
                       luaL_opt(L, lua_tonumber, 5, u.at.facing), u.at.width, u.at.depth});
  if (bf.logging())
    bf.log->add("unit_returned", Value(Value::Map{{"unit", u.id}, {"x", u.at.x}, {"y", u.at.y},
                                                  {"facing", u.at.facing}}));
  return 0;
}

int bf_remove(lua_State* L) {
  Battlefield& bf = check_bf(L);
  UnitState& u = bf.unit(L, check_int(L, 2, "unit id"));
  u.removed = true;
  bf.index.remove(u.id);
  if (bf.logging()) bf.log->add("unit_removed", Value(Value::Map{{"unit", u.id}}));
  return 0;
}

// bf:set_layer(id, layer): a unit takes off, lands, goes underground.
int bf_set_layer(lua_State* L) {
  Battlefield& bf = check_bf(L);
  UnitState& u = bf.unit(L, static_cast<int>(check_integer(L, 2, "unit id")));
  const lua_Integer layer = check_integer(L, 3, "layer");
  if (layer < -1000 || layer > 1000) return luaL_error(L, "set_layer: layer must be from -1000 to 1000");
  u.layer = static_cast<int>(layer);
  if (bf.logging()) bf.log->add("unit_layer", Value(Value::Map{{"unit", u.id}, {"layer", u.layer}}));
  return 0;
}

int bf_set_strength(lua_State* L) {
  Battlefield& bf = check_bf(L);
  UnitState& u = bf.unit(L, check_int(L, 2, "unit id"));
  u.strength = check_number(L, 3, "strength");
  if (bf.logging()) bf.log->add("unit_strength", Value(Value::Map{{"unit", u.id}, {"strength", u.strength}}));
  return 0;
}

int bf_units(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const bool any_side = lua_isnoneornil(L, 2);
  const int side = any_side ? 0 : check_int(L, 2, "side");
  lua_newtable(L);
  lua_Integer n = 0;
  for (const auto& u : bf.state.units) {
    if (u.removed || (!any_side && u.side != side)) continue;
    lua_pushinteger(L, u.id);
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

int bf_distance(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const std::size_t a = bf.slot_of(L, check_int(L, 2, "unit a"));
  const std::size_t b = bf.slot_of(L, check_int(L, 3, "unit b"));
  lua_pushnumber(L, geom::edge_distance(bf.footprint[a], bf.footprint[b]));
  return 1;
}

// Whether slot i is a unit `within` of slot `of` may be: the centres are
// no further apart than `within` and both half-diagonals (a safe bound).
bool may_be_within(const Battlefield& bf, std::size_t of, std::size_t i, double within) {
  const UnitState& a = bf.state.units[of];
  const UnitState& b = bf.state.units[i];
  const double dx = b.at.x - a.at.x, dy = b.at.y - a.at.y;
  const double reach = within + bf.radius[of] + bf.radius[i] + 1e-6;
  return dx * dx + dy * dy <= reach * reach;
}

bool skipped(lua_State* L, int skip, int id) {
  if (!skip) return false;
  const bool yes = lua_rawgeti(L, skip, id) != LUA_TNIL && lua_toboolean(L, -1);
  lua_pop(L, 1);
  return yes;
}

// bf:within(of, within, side, ids, dists, skip?) -> n
int bf_within(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const int of_id = check_int(L, 2, "unit id");
  const std::size_t of = bf.slot_of(L, of_id);
  const double within = check_number(L, 3, "distance");
  const int side = opt_int(L, 4, "side", 0);
  luaL_checktype(L, 5, LUA_TTABLE);
  luaL_checktype(L, 6, LUA_TTABLE);
  const int skip = lua_istable(L, 7) ? 7 : 0;
  thread_local std::vector<geom::Neighbour> found;
  found.clear();
  for (std::size_t i = 0; i < bf.state.units.size(); ++i) {
    const UnitState& u = bf.state.units[i];
    if (u.removed || i == of || (side > 0 && u.side != side)) continue;
    if (!may_be_within(bf, of, i, within) || skipped(L, skip, u.id)) continue;
    const double d = geom::edge_distance(bf.footprint[of], bf.footprint[i]);
    if (geom::within_limit(d, within)) found.push_back({static_cast<geom::BaseId>(u.id), d});
  }
  std::sort(found.begin(), found.end(), geom::nearer_first);
  lua_Integer n = 0;
  for (const auto& nb : found) {
    ++n;
    lua_pushinteger(L, static_cast<lua_Integer>(nb.id));
    lua_rawseti(L, 5, n);
    lua_pushnumber(L, nb.distance);
    lua_rawseti(L, 6, n);
  }
  for (lua_Integer k = static_cast<lua_Integer>(lua_rawlen(L, 5)); k > n; --k) {
    lua_pushnil(L);
    lua_rawseti(L, 5, k);
  }
  for (lua_Integer k = static_cast<lua_Integer>(lua_rawlen(L, 6)); k > n; --k) {
    lua_pushnil(L);
    lua_rawseti(L, 6, k);
  }
  lua_pushinteger(L, n);
  return 1;
}

// bf:first_within(of, within, side?) -> id | nil: the first in id order.
int bf_first_within(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const std::size_t of = bf.slot_of(L, check_int(L, 2, "unit id"));
  const double within = check_number(L, 3, "distance");
  const int side = opt_int(L, 4, "side", 0);
  for (std::size_t i = 0; i < bf.state.units.size(); ++i) {
    const UnitState& u = bf.state.units[i];
    if (u.removed || i == of || (side > 0 && u.side != side)) continue;
    if (!may_be_within(bf, of, i, within)) continue;
    if (geom::within_limit(geom::edge_distance(bf.footprint[of], bf.footprint[i]), within)) {
      lua_pushinteger(L, u.id);
      return 1;
    }
  }
  lua_pushnil(L);
  return 1;
}

// bf:overlapping_unit(id, slack) -> id | nil: the first unit (nearest
// first, ties by id, as bf:within) on the unit's layer, within the contact
// tolerance of it, whose base overlaps its base by more than `slack` mm
// (battlefield.overlapping_bases' test on the pair). WHY in the core: a
// ruleset that never lets a move end on another base asks this for every
// place it tries a unit; in Lua it cost a query, a table per unit found and
// five lists per pair.
int bf_overlapping_unit(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const std::size_t of = bf.slot_of(L, check_int(L, 2, "unit id"));
  const double slack = check_number(L, 3, "slack");
  constexpr double kTouch = 1e-6;  // bf:query's contact tolerance
  const UnitState& me = bf.state.units[of];
  thread_local std::vector<std::pair<double, std::size_t>> found;
  found.clear();
  for (std::size_t i = 0; i < bf.state.units.size(); ++i) {
    const UnitState& u = bf.state.units[i];
    if (u.removed || i == of || !may_be_within(bf, of, i, kTouch)) continue;
    const double d = geom::edge_distance(bf.footprint[of], bf.footprint[i]);
    if (d <= kTouch) found.emplace_back(d, i);
  }
  std::sort(found.begin(), found.end(), [&](const auto& a, const auto& b) {
    return geom::nearer_first({bf.state.units[a.second].id, a.first}, {bf.state.units[b.second].id, b.first});
  });
  thread_local std::vector<deployment::PlacedBase> two(2);
  two[0] = {me.at.x, me.at.y, me.at.facing, me.at.width, me.at.depth};
  for (const auto& [d, i] : found) {
    const UnitState& u = bf.state.units[i];
    if (u.layer != me.layer) continue;
    two[1] = {u.at.x, u.at.y, u.at.facing, u.at.width, u.at.depth};
    if (!deployment::overlapping_bases(two, slack).empty()) {
      lua_pushinteger(L, u.id);
      return 1;
    }
  }
  lua_pushnil(L);
  return 1;
}

// A string the core holds as a view, pushed without a copy or a strlen.
void push_view(lua_State* L, std::string_view text) { lua_pushlstring(L, text.data(), text.size()); }

int bf_contact(lua_State* L) {
  Battlefield& bf = check_bf(L);
  // The footprints kept with the positions: the same as made from the bases.
  const std::size_t target = bf.slot_of(L, check_int(L, 2, "target"));
  const std::size_t other = bf.slot_of(L, check_int(L, 3, "other"));
  const auto c = geom::nearest_edge(bf.footprint[target], bf.footprint[other]);
  push_view(L, geom::to_string(c.edge));
  lua_pushnumber(L, c.distance);
  lua_pushnumber(L, c.contact_length);
  return 3;
}

bool in_arc(const geom::Base& viewer, const geom::Base& target, double half, std::string_view how) {
  if (how == "centre") return geom::centre_in_arc(viewer, target, half);
  if (how == "frontal") return geom::any_part_in_frontal_zone(viewer, target, half);
  return geom::any_part_in_arc(viewer, target, half);
}

int bf_in_arc(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const auto viewer = Battlefield::base_of(bf.unit(L, check_int(L, 2, "viewer")));
  const auto target = Battlefield::base_of(bf.unit(L, check_int(L, 3, "target")));
  const std::string_view how = lua_isnoneornil(L, 5) ? "any" : check_string(L, 5, "how");
  lua_pushboolean(L, in_arc(viewer, target, check_number(L, 4, "half angle"), how));
  return 1;
}

// bf:nearest(ids, side, within, arc?, arc_how?) -> id, distance | nil: the
// unit of `side` nearest to any of the units `ids`, no further than
// `within`, and (with arc) in the arc of that unit; ties by id.
int bf_nearest(lua_State* L) {
  Battlefield& bf = check_bf(L);
  luaL_checktype(L, 2, LUA_TTABLE);
  const int side = opt_int(L, 3, "side", 0);
  const double within = check_number(L, 4, "distance");
  const double arc = (lua_isnoneornil(L, 5) ? -1.0 : check_number(L, 5, "arc"));
  const std::string_view how = lua_isnoneornil(L, 6) ? "any" : check_string(L, 6, "how");
  const lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, 2));
  int best = 0;
  double bd = std::numeric_limits<double>::infinity();
  for (lua_Integer k = 1; k <= count; ++k) {
    lua_rawgeti(L, 2, k);
    const int id = static_cast<int>(lua_tointeger(L, -1));
    lua_pop(L, 1);
    const std::size_t of = bf.slot_of(L, id);
    // Nearest centres first, so that the nearest so far (which bounds the
    // search: a unit whose circle is further cannot be nearer, nor tie) is
    // found early. The answer is the least (distance, id) over all pairs
    // whatever the order they are tried in.
    thread_local std::vector<std::pair<double, std::size_t>> order;
    order.clear();
    const UnitState& m = bf.state.units[of];
    for (std::size_t i = 0; i < bf.state.units.size(); ++i) {
      const UnitState& u = bf.state.units[i];
      if (u.removed || i == of || (side > 0 && u.side != side)) continue;
      const double dx = u.at.x - m.at.x, dy = u.at.y - m.at.y;
      order.emplace_back(dx * dx + dy * dy, i);
    }
    std::sort(order.begin(), order.end());
    for (const auto& [centres, i] : order) {
      const UnitState& u = bf.state.units[i];
      if (!may_be_within(bf, of, i, std::min(within, bd))) continue;
      const double d = geom::edge_distance(bf.footprint[of], bf.footprint[i]);
      if (!geom::within_limit(d, within) || !geom::nearer_first({u.id, d}, {best, bd})) continue;
      if (arc >= 0 && !in_arc(Battlefield::base_of(bf.state.units[of]), Battlefield::base_of(u), arc, how)) continue;
      best = u.id;
      bd = d;
    }
  }
  if (best == 0) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushinteger(L, best);
  lua_pushnumber(L, bd);
  return 2;
}

// bf:query{ of = id, within = mm, side = n | enemy = true | friend = true,
//           arc = half_angle, arc_how = "any"|"centre"|"frontal" }
int bf_query(lua_State* L) {
  Battlefield& bf = check_bf(L);
  luaL_checktype(L, 2, LUA_TTABLE);
  const int of = field_int(L, 2, "of", 0, true);
  const double within = field_number(L, 2, "within", 0, true);
  const double arc = field_number(L, 2, "arc", -1, false);
  const int side = field_int(L, 2, "side", -1, false);
  lua_getfield(L, 2, "enemy");
  const bool enemy = lua_toboolean(L, -1);
  lua_getfield(L, 2, "friend");
  const bool friendly = lua_toboolean(L, -1);
  lua_getfield(L, 2, "arc_how");
  const std::string how = lua_isstring(L, -1) ? lua_tostring(L, -1) : "any";
  lua_pop(L, 3);
  const UnitState& self = bf.unit(L, of);
  const auto base = Battlefield::base_of(self);
  lua_newtable(L);
  lua_Integer n = 0;
  for (const auto& nb : bf.fresh_index().nearest_within(base, within, static_cast<geom::BaseId>(of))) {
    const UnitState& u = bf.state.units[bf.slot.at(static_cast<int>(nb.id))];
    if (side >= 0 && u.side != side) continue;
    if (enemy && u.side == self.side) continue;
    if (friendly && u.side != self.side) continue;
    if (arc >= 0 && !in_arc(base, Battlefield::base_of(u), arc, how)) continue;
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, u.id);
    lua_setfield(L, -2, "id");
    lua_pushnumber(L, nb.distance);
    lua_setfield(L, -2, "distance");
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

// bf:move(id, how, ..., { ignore = {ids} | ignore_side = n }?)
//   how = "advance", d | "turn", deg | "wheel", "left"/"right", d | "slide", dx, dy
int bf_move(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const int id = check_int(L, 2, "unit id");
  UnitState& u = bf.unit(L, id);
  const std::string how(check_string(L, 3, "how"));
  const auto base = Battlefield::base_of(u);
  int opts = 0;
  for (int i = lua_gettop(L); i > 3; --i)
    if (lua_istable(L, i)) { opts = i; break; }
  std::vector<int> ignore;
  int ignore_side = -1;
  bool ignore_terrain = false;
  if (opts) {
    lua_getfield(L, opts, "ignore");
    if (lua_istable(L, -1)) ignore = check_int_list(L, lua_gettop(L), "ignore");
    lua_pop(L, 1);
    ignore_side = field_int(L, opts, "ignore_side", -1, false);
    lua_getfield(L, opts, "ignore_terrain");
    ignore_terrain = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  // Obstacles: every live unit near enough to matter, less those ignored.
  const double reach = 2 * (u.at.width + u.at.depth) +
                       std::abs(lua_tonumber(L, 4)) + std::abs(lua_tonumber(L, 5)) + std::abs(lua_tonumber(L, 6));
  // Every unit whose bounding circle comes within reach: a superset of those
  // within reach edge to edge. The others of the superset are further than
  // any move or sweep of the mover goes, so they change nothing; the
  // movement functions take obstacles in id order whatever the order given.
  // The buffer is reused by every call.
  const std::size_t self_slot = bf.slot_of(L, id);
  const int self_layer = bf.state.units[self_slot].layer;
  thread_local std::vector<geom::Obstacle> obstacles;
  obstacles.clear();
  for (std::size_t i = 0; i < bf.state.units.size(); ++i) {
    const UnitState& o = bf.state.units[i];
    if (o.removed || i == self_slot || o.side == ignore_side || o.layer != self_layer ||
        !may_be_within(bf, self_slot, i, reach))
      continue;
    if (!ignore.empty() && std::find(ignore.begin(), ignore.end(), o.id) != ignore.end()) continue;
    obstacles.push_back(geom::Obstacle{o.id, Battlefield::base_of(o), &bf.footprint[i]});
  }
  // Terrain that blocks moves (blocks_move) holds only the ground (layer 0),
  // and, like a base, not a mover that starts on it.
  if (self_layer == 0 && !ignore_terrain)
    for (const auto& b : bf.barriers()) obstacles.push_back(b);
  geom::MoveContext ctx;
  ctx.obstacles = obstacles;
  ctx.self = id;
  ctx.table = geom::Rect{{0, 0}, {bf.state.table_width, bf.state.table_depth}};
  ctx.find_touching = false;  // the result table does not carry it
  geom::MoveResult r;
  if (how == "advance") r = geom::advance(base, check_number(L, 4, "distance"), ctx);
  else if (how == "turn") r = geom::turn(base, check_number(L, 4, "angle"), ctx);
  else if (how == "slide") r = geom::slide(base, {check_number(L, 4, "dx"), check_number(L, 5, "dy")}, ctx);
  else if (how == "wheel") {
    const std::string_view dir = check_string(L, 4, "direction");
    if (dir != "left" && dir != "right") return luaL_error(L, "wheel: expected 'left' or 'right', got '%s'", std::string(dir).c_str());
    r = geom::wheel(base, dir == "left" ? geom::WheelDirection::Left : geom::WheelDirection::Right,
                    check_number(L, 5, "distance"), ctx);
  } else {
    return luaL_error(L, "move: expected 'advance', 'turn', 'wheel' or 'slide', got '%s'", how.c_str());
  }
  bf.put(u, r.base);
  bf.log_position(u, how.c_str());
  lua_createtable(L, 0, 5);
  lua_pushnumber(L, r.distance);
  lua_setfield(L, -2, "distance");
  lua_pushnumber(L, r.turned_deg);
  lua_setfield(L, -2, "turned");
  if (r.stopped_by == geom::StopReason::TableEdge) {
    lua_pushstring(L, "edge");
    lua_setfield(L, -2, "stopped_by");
  } else if (r.stopped_by == geom::StopReason::Base && r.blocker && *r.blocker >= Battlefield::kBarrierIds) {
    lua_pushstring(L, "terrain");
    lua_setfield(L, -2, "stopped_by");
    lua_pushinteger(L, static_cast<lua_Integer>(*r.blocker - Battlefield::kBarrierIds));
    lua_setfield(L, -2, "terrain");
  } else if (r.stopped_by == geom::StopReason::Base && r.blocker) {
    lua_pushinteger(L, static_cast<lua_Integer>(*r.blocker));
    lua_setfield(L, -2, "stopped_by");
    if (r.blocker_edge) {
      push_view(L, geom::to_string(*r.blocker_edge));
      lua_setfield(L, -2, "blocker_edge");
    }
    if (r.mover_edge) {
      push_view(L, geom::to_string(*r.mover_edge));
      lua_setfield(L, -2, "mover_edge");
    }
  }
  return 1;
}

// A watcher set by bf:on_time hears of each phase's end before the time
// moves on (a referee checks the state the phase left). Snapshots do not
// inherit it, so look-ahead on a copy is never watched.
int bf_set_time(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const lua_Integer next_turn = check_integer(L, 2, "turn");
  const std::string next_phase(opt_string(L, 3));
  if (lua_getiuservalue(L, 1, 3) == LUA_TFUNCTION) {
    lua_pushvalue(L, 1);
    lua_pushinteger(L, bf.state.turn);
    lua_pushlstring(L, bf.state.phase.data(), bf.state.phase.size());
    lua_pushinteger(L, next_turn);
    lua_pushlstring(L, next_phase.data(), next_phase.size());
    lua_call(L, 5, 0);
  } else {
    lua_pop(L, 1);
  }
  bf.state.turn = next_turn;
  bf.state.phase = next_phase;
  bf.log->set_time(bf.state.turn, bf.state.phase);
  return 0;
}

int bf_on_time(lua_State* L) {
  check_bf(L);
  if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 2);
  lua_setiuservalue(L, 1, 3);
  return 0;
}

int bf_log(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const std::string kind(check_string(L, 2, "kind"));
  Value fields = lua_isnoneornil(L, 3) ? Value() : to_value(L, 3, "event '" + kind + "'");
  bf.log->add(kind, std::move(fields));
  return 0;
}

int bf_set_logging(lua_State* L) {
  check_bf(L).log->set_enabled(lua_toboolean(L, 2));
  return 0;
}

int bf_events(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const auto& events = bf.log->events();
  const auto from = static_cast<std::size_t>(luaL_optinteger(L, 2, 1));
  lua_createtable(L, static_cast<int>(events.size()), 0);
  lua_Integer n = 0;
  for (std::size_t i = from > 0 ? from - 1 : 0; i < events.size(); ++i) {
    push_value(L, events[i]);
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

// Rolls of `source` go into this battlefield's log as "roll" events.
int bf_record_rolls(lua_State* L) {
  Battlefield& bf = check_bf(L);
  DiceSource& source = check_source(L, 2);
  std::weak_ptr<EventLog> log = bf.log;
  source.set_recorder([log](const RollRecord& r) {
    if (auto l = log.lock(); l && l->enabled())
      l->add("roll", Value(Value::Map{{"die", r.die}, {"value", r.value}, {"purpose", std::string(r.purpose)}}));
  });
  return 0;
}

// The state as plain data: core fields plus each unit's data table.
Value state_value(lua_State* L, int bf_index, Battlefield& bf) {
  bf_index = lua_absindex(L, bf_index);
  lua_getiuservalue(L, bf_index, 1);
  for (auto& u : bf.state.units) {
    lua_rawgeti(L, -1, u.id);
    u.data = to_value(L, -1, fmt::format("unit {} ('{}') data", u.id, u.name));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  Value v = bf.state.to_value();
  for (auto& u : bf.state.units) u.data = Value();  // the Lua table stays the truth
  return v;
}

// Pushes a battlefield made from a saved state, its data tables rebuilt.
void push_bf_from_state(lua_State* L, State state) {
  auto bf = std::make_unique<Battlefield>();
  bf->state = std::move(state);
  bf->reindex();
  Battlefield& ref = push_bf(L, std::move(bf));
  lua_getiuservalue(L, -1, 1);
  for (auto& u : ref.state.units) {
    if (u.data.is_null()) lua_newtable(L);
    else push_value(L, u.data);
    lua_rawseti(L, -2, u.id);
    u.data = Value();
  }
  lua_pop(L, 1);
}

int bf_snapshot(lua_State* L) {
  Battlefield& bf = check_bf(L);
  push_bf_from_state(L, State::from_value(state_value(L, 1, bf), "snapshot"));
  check_bf(L, -1).type_attributes = bf.type_attributes;
  return 1;
}

int bf_restore(lua_State* L) {
  Battlefield& bf = check_bf(L, 1);
  Battlefield& snap = check_bf(L, 2);
  bf.state = State::from_value(state_value(L, 2, snap), "snapshot");
  lua_getiuservalue(L, 1, 1);
  for (auto& u : bf.state.units) {
    push_value(L, u.data);
    lua_rawseti(L, -2, u.id);
    u.data = Value();
  }
  bf.reindex();
  return 0;
}

int bf_save(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const std::string text = to_yaml(state_value(L, 1, bf));
  lua_pushlstring(L, text.data(), text.size());
  return 1;
}

int battlefield_load(lua_State* L) {
  const std::string text(check_string(L, 1, "yaml text"));
  const std::string name = lua_isstring(L, 2) ? lua_tostring(L, 2) : "saved battle";
  push_bf_from_state(L, State::from_value(parse_yaml(text, name), name));
  return 1;
}

int bf_hash(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const Value v = state_value(L, 1, bf);
  std::uint64_t h = 1469598103934665603ULL;
  for (const char c : v.to_json()) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ULL;
  }
  lua_pushstring(L, fmt::format("{:016x}", h).c_str());
  return 1;
}

int bf_add_terrain(lua_State* L) {
  Battlefield& bf = check_bf(L);
  luaL_checktype(L, 2, LUA_TTABLE);
  const Value v = to_value(L, 2, "terrain feature");
  const auto id = bf.terrain.add(feature_from_value(v));
  if (!bf.state.terrain.is_list()) bf.state.terrain = Value(Value::List{});
  bf.state.terrain.push(v);
  bf.flags_stale = true;
  bf.barriers_stale = true;
  ++bf.shapes_version;
  if (bf.logging()) bf.log->add("terrain_added", Value(Value::Map{{"feature", v}, {"id", static_cast<std::int64_t>(id)}}));
  lua_pushinteger(L, static_cast<lua_Integer>(id));
  return 1;
}

// bf:change_terrain(id, changes): terrain that changes during play (a wall
// breached, a palisade burnt, a ditch dug): the feature's keys are replaced
// by `changes` (type, polygon or circle, blocks_los, height, or a ruleset's
// attribute; false clears a flag), checked as add_terrain checks a feature,
// and logged as terrain_changed with the whole new feature so replays draw
// it. The feature keeps its id.
int bf_change_terrain(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const lua_Integer id = check_integer(L, 2, "terrain id");
  luaL_checktype(L, 3, LUA_TTABLE);
  const Value changes = to_value(L, 3, "terrain change");
  const std::size_t count = bf.state.terrain.is_list() ? bf.state.terrain.as_list().size() : 0;
  if (id < 1 || static_cast<std::size_t>(id) > count)
    throw Error(fmt::format("bf:change_terrain: no terrain feature {} (the table has {})", id, count));
  if (!changes.is_map() || changes.as_map().empty())
    throw Error("bf:change_terrain: expected a table of changes, such as { type = \"breach\" } or { burning = true }");
  Value& stored = bf.state.terrain.as_list()[static_cast<std::size_t>(id - 1)];
  Value feature = stored;
  for (const auto& [key, value] : changes.as_map()) {
    if (key == "polygon") feature.as_map().erase("circle");
    if (key == "circle") feature.as_map().erase("polygon");
    feature.set(key, value);
  }
  // Only this feature is made again (a grid of grass areas or a long wall
  // changes one piece at a time; remaking every feature was a third of a
  // grass-fire battle). The checks of a new feature come first: a bad
  // change throws before anything changes.
  const bool was_barrier = barrier_base(stored).has_value();
  bf.terrain.replace(static_cast<geom::FeatureId>(id), feature_from_value(feature));
  stored = feature;
  // (a change of type or attribute leaves the shape: the kept
  // terrain_under answers stand)
  if (!changes["polygon"].is_null() || !changes["circle"].is_null()) ++bf.shapes_version;
  if (was_barrier || barrier_base(feature)) bf.barriers_stale = true;
  if (!bf.flags_stale && bf.feature_flags.size() == bf.terrain.size())
    bf.feature_flags[static_cast<std::size_t>(id - 1)] = bf.flag_bits(feature);
  if (bf.logging()) bf.log->add("terrain_changed", Value(Value::Map{{"feature", feature}, {"id", static_cast<std::int64_t>(id)}}));
  return 0;
}

int bf_terrain(lua_State* L) {
  Battlefield& bf = check_bf(L);
  push_value(L, bf.state.terrain.is_null() ? Value(Value::List{}) : bf.state.terrain);
  return 1;
}

void push_features(lua_State* L, const Battlefield& bf, const std::vector<geom::FeatureId>& ids) {
  lua_createtable(L, static_cast<int>(ids.size()), 0);
  lua_Integer n = 0;
  for (const auto id : ids) {
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, static_cast<lua_Integer>(id));
    lua_setfield(L, -2, "id");
    lua_pushstring(L, bf.terrain.feature(id).type.c_str());
    lua_setfield(L, -2, "type");
    lua_rawseti(L, -2, ++n);
  }
}

int bf_terrain_under(lua_State* L) {
  Battlefield& bf = check_bf(L);
  push_features(L, bf, bf.features_under(bf.slot_of(L, check_int(L, 2, "unit id"))));
  return 1;
}

// bf:terrain_ids_under(id): bf:terrain_under's ids alone, in the same
// order, without a table and a type string per feature (rules that only
// look features up by id).
int bf_terrain_ids_under(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const auto& ids = bf.features_under(bf.slot_of(L, check_int(L, 2, "unit id")));
  lua_createtable(L, static_cast<int>(ids.size()), 0);
  lua_Integer n = 0;
  for (const auto id : ids) {
    lua_pushinteger(L, static_cast<lua_Integer>(id));
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

int bf_terrain_at(lua_State* L) {
  Battlefield& bf = check_bf(L);
  push_features(L, bf, bf.terrain.features_at({check_number(L, 2, "x"), check_number(L, 3, "y")}));
  return 1;
}

int bf_line_of_sight(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const auto a = Battlefield::base_of(bf.unit(L, check_int(L, 2, "viewer")));
  const auto b = Battlefield::base_of(bf.unit(L, check_int(L, 3, "target")));
  lua_pushboolean(L, bf.terrain.line_of_sight_between(a, b, geom::LosMode::CentreToCentre,
                                                      (lua_isnoneornil(L, 4) ? 0.0 : check_number(L, 4, "see_into"))));
  return 1;
}

// Heights by feature type for bf:sighted: the map at `key` of the options
// table at `t` ({type = mm}); `present` says whether it was given.
std::unordered_map<std::string, double> heights_by_type(lua_State* L, int t, const char* key, bool& present) {
  std::unordered_map<std::string, double> out;
  lua_getfield(L, t, key);
  present = !lua_isnil(L, -1);
  if (present) {
    if (!lua_istable(L, -1)) luaL_error(L, "sighted: '%s' must be a map of terrain type -> mm", key);
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      int ok = 0;
      const double v = lua_tonumberx(L, -1, &ok);
      if (lua_type(L, -2) != LUA_TSTRING || !ok || !(v >= 0 && v <= kMaxNumber))
        luaL_error(L, "sighted: '%s' must map terrain types to heights of 0 mm or more", key);
      out[lua_tostring(L, -2)] = v;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return out;
}

// bf:sighted(side, range, opts?) -> {ids}: the units of the other sides
// that at least one unit of `side` sees: no further than `range` mm edge to
// edge, with a line of sight between the centres clear of terrain that
// blocks it (as bf:line_of_sight). In id order. One call answers a side's
// whole view (fog, night and weather set the range; commanders that may
// know only what their side has seen ask this).
// opts: a number (see_into, as before) or a table:
//   see_into = mm          a line may run this far inside a blocking feature
//   ground = {type = mm}   features that raise the ground: a unit whose
//                          centre one holds stands (its eye is) that high,
//                          the highest counting
//   tops = {type = mm}     how tall blocking features are (a wood's trees)
//   range_per_mm = k       a viewer standing h mm high sees range + k * h
// With ground or tops given, heights count: a line from eye to eye passes
// over a blocking feature whose top (tops, else ground, else the feature's
// own height when above 0, else unlimited: a flat feature with no height is
// never seen over) it clears, and a feature holding an end at or below that
// end's eye (a hill one stands on) does not block it.
int bf_sighted(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const auto side = check_integer(L, 2, "side");
  const double range = check_number(L, 3, "range");
  if (!(range >= 0)) return luaL_error(L, "sighted: the range must be 0 or more mm");
  double see_into = 0.0, per_mm = 0.0;
  bool heights = false;
  std::unordered_map<std::string, double> ground, tops;
  if (lua_istable(L, 4)) {
    see_into = field_number(L, 4, "see_into", 0.0, false);
    per_mm = field_number(L, 4, "range_per_mm", 0.0, false);
    if (per_mm < 0) return luaL_error(L, "sighted: range_per_mm must be 0 or more");
    bool has_ground = false, has_tops = false;
    ground = heights_by_type(L, 4, "ground", has_ground);
    tops = heights_by_type(L, 4, "tops", has_tops);
    heights = has_ground || has_tops;
  } else {
    see_into = luaL_optnumber(L, 4, 0.0);
  }
  const auto& units = bf.state.units;
  // Each unit's eye: the highest ground holding its centre.
  std::vector<double> eye(units.size(), 0.0);
  std::vector<double> top;
  if (heights) {
    const std::size_t nf = bf.terrain.size();
    top.resize(nf);
    for (std::size_t f = 0; f < nf; ++f) {
      const auto& feature = bf.terrain.feature(static_cast<geom::FeatureId>(f + 1));
      const auto t = tops.find(feature.type);
      const auto g = ground.find(feature.type);
      top[f] = t != tops.end() ? t->second
             : g != ground.end() ? g->second
             : feature.height > 0 ? feature.height
             : std::numeric_limits<double>::infinity();
    }
    for (std::size_t i = 0; i < units.size(); ++i) {
      if (units[i].removed) continue;
      for (const auto id : bf.terrain.features_at(Battlefield::base_of(units[i]).centre)) {
        const auto g = ground.find(bf.terrain.feature(id).type);
        if (g != ground.end()) eye[i] = std::max(eye[i], g->second);
      }
    }
  }
  lua_createtable(L, 0, 0);
  lua_Integer n = 0;
  for (std::size_t j = 0; j < units.size(); ++j) {
    const UnitState& target = units[j];
    if (target.removed || target.side == side) continue;
    for (std::size_t i = 0; i < units.size(); ++i) {
      const UnitState& viewer = units[i];
      if (viewer.removed || viewer.side != side) continue;
      const double reach = range + per_mm * eye[i];
      if (!may_be_within(bf, i, j, reach)) continue;
      if (geom::edge_distance(bf.footprint[i], bf.footprint[j]) > reach) continue;
      const auto a = Battlefield::base_of(viewer), b = Battlefield::base_of(target);
      const bool clear = heights ? bf.terrain.line_of_sight_over(a.centre, eye[i], b.centre, eye[j], top, see_into)
                                 : bf.terrain.line_of_sight_between(a, b, geom::LosMode::CentreToCentre, see_into);
      if (!clear) continue;
      lua_pushinteger(L, target.id);
      lua_rawseti(L, -2, ++n);
      break;
    }
  }
  return 1;
}

// bf:terrain_type(type, {attr = value, ...}): attributes every feature of
// the type has unless it gives its own.
int bf_terrain_type(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const std::string type(check_string(L, 2, "terrain type"));
  luaL_checktype(L, 3, LUA_TTABLE);
  bf.type_attributes[type] = to_value(L, 3, "terrain type '" + type + "' attributes");
  bf.flags_stale = true;
  bf.barriers_stale = true;
  return 0;
}

// The probe keys in the list at `keys`: bit and whether it asks at the centre ("@name").
struct ProbeKey {
  int bit;
  bool centre;
};
constexpr std::size_t kMaxProbeKeyMemo = 64;

// A probe key read before (the string at the top of the stack), or nullptr.
const Battlefield::ProbeKeyMemo* remembered_key(const Battlefield& bf, const char* text) {
  for (const auto& m : bf.probe_key_memo)
    if (m.text == text) return &m;
  return nullptr;
}

// Remembers the key string at the top of the stack, anchoring that very
// object in the list of battlefield `self` (see Battlefield::probe_key_memo;
// a list, as a table keyed by strings would keep only the first of equal
// long strings). Only real strings: a number converted by lua_tolstring is
// a new string each time.
void remember_key(lua_State* L, int self, Battlefield& bf, const char* text, const ProbeKey& key) {
  if (bf.probe_key_memo.size() >= kMaxProbeKeyMemo || lua_type(L, -1) != LUA_TSTRING) return;
  if (lua_getiuservalue(L, self, 2) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setiuservalue(L, self, 2);
  }
  lua_pushvalue(L, -2);
  lua_rawseti(L, -2, static_cast<lua_Integer>(bf.probe_key_memo.size() + 1));
  lua_pop(L, 1);
  bf.probe_key_memo.push_back({text, key.bit, key.centre});
}

// The battlefield `bf` is the userdata at stack index 1.
int read_probe_keys(lua_State* L, Battlefield& bf, int keys, ProbeKey* out, int max) {
  luaL_checktype(L, keys, LUA_TTABLE);
  const int n = static_cast<int>(lua_rawlen(L, keys));
  if (n > max) luaL_error(L, "terrain probe: at most %d keys", max);
  for (int k = 0; k < n; ++k) {
    lua_rawgeti(L, keys, k + 1);
    if (lua_type(L, -1) == LUA_TSTRING) {
      const char* text = lua_tostring(L, -1);
      if (const auto* m = remembered_key(bf, text)) {
        out[k] = {m->bit, m->centre};
        lua_pop(L, 1);
        continue;
      }
    }
    std::size_t len = 0;
    const char* s = lua_tolstring(L, -1, &len);
    if (!s) luaL_error(L, "terrain probe: key %d is not a string", k + 1);
    std::string_view name(s, len);
    out[k].centre = !name.empty() && name[0] == '@';
    if (out[k].centre) name.remove_prefix(1);
    out[k].bit = bf.flag_bit(L, name);
    remember_key(L, 1, bf, s, out[k]);
    lua_pop(L, 1);
  }
  return n;
}

// Bits (of those in `want`) of the features whose interior overlaps the base.
std::uint64_t overlapping(Battlefield& bf, const geom::BaseProbe& b, std::uint64_t want) {
  const auto& flags = bf.flags();
  const double r = (b.w + b.d) / 2;
  std::uint64_t hit = 0;
  for (std::size_t i = 0; i < flags.size(); ++i) {
    const std::uint64_t f = flags[i] & want & ~hit;
    if (!f) continue;
    const auto id = static_cast<geom::FeatureId>(i + 1);
    if (bf.terrain.near_square(id, b.x, b.y, r) && bf.terrain.overlaps_interior(id, b)) hit |= f;
  }
  return hit;
}

// bf:terrain_probe(x, y, facing, width, depth, keys) -> one value per key
int bf_terrain_probe(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const geom::BaseProbe b(check_number(L, 2, "x"), check_number(L, 3, "y"), check_number(L, 4, "facing"),
                          check_number(L, 5, "width"), check_number(L, 6, "depth"));
  ProbeKey keys[16];
  const int n = read_probe_keys(L, bf, 7, keys, 16);
  const auto& flags = bf.flags();
  std::uint64_t over = 0, centre = 0;
  for (int k = 0; k < n; ++k) (keys[k].centre ? centre : over) |= std::uint64_t{1} << keys[k].bit;
  const std::uint64_t hit = overlapping(bf, b, over);
  geom::FeatureId at[64] = {};
  if (centre) {
    const double r = (b.w + b.d) / 2;
    for (std::size_t i = 0; i < flags.size(); ++i) {
      std::uint64_t f = flags[i] & centre;
      if (!f) continue;
      const auto id = static_cast<geom::FeatureId>(i + 1);
      if (!bf.terrain.near_square(id, b.x, b.y, r) || !bf.terrain.holds(id, b.x, b.y)) continue;
      for (int k = 0; f; ++k, f >>= 1)
        if (f & 1) at[k] = id;  // the highest id wins
    }
  }
  lua_settop(L, 0);
  for (int k = 0; k < n; ++k) {
    if (keys[k].centre) {
      if (at[keys[k].bit]) lua_pushinteger(L, static_cast<lua_Integer>(at[keys[k].bit]));
      else lua_pushboolean(L, false);
    } else {
      lua_pushboolean(L, (hit >> keys[k].bit) & 1);
    }
  }
  return n;
}

// bf:terrain_clear_advance(x, y, facing, width, depth, dist, key, steps?) -> mm
int bf_terrain_clear_advance(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const double x = check_number(L, 2, "x"), y = check_number(L, 3, "y"), f = check_number(L, 4, "facing");
  const double w = check_number(L, 5, "width"), d = check_number(L, 6, "depth");
  const double dist = check_number(L, 7, "distance");
  const std::uint64_t want = std::uint64_t{1} << bf.flag_bit(L, check_string(L, 8, "attribute"));
  // Halvings of the distance: past 64 a double has nothing left to halve.
  const int steps = lua_isnoneornil(L, 9) ? 10 : check_int_range(L, 9, "steps", 0, 64);
  const geom::BaseProbe start(x, y, f, w, d);
  const double fx = start.fx, fy = start.fy;
  if (!overlapping(bf, geom::BaseProbe(x + fx * dist, y + fy * dist, f, w, d), want) ||
      overlapping(bf, start, want)) {
    lua_pushnumber(L, dist);
    return 1;
  }
  double lo = 0, hi = 1;
  for (int i = 0; i < steps; ++i) {
    const double mid = (lo + hi) / 2;
    if (overlapping(bf, geom::BaseProbe(x + fx * dist * mid, y + fy * dist * mid, f, w, d), want)) hi = mid;
    else lo = mid;
  }
  lua_pushnumber(L, dist * lo);
  return 1;
}

// bf:terrain_sweep(x, y, facing, width, depth, ux, uy, dist, block, mark, margin=1)
//   -> clear mm, marked, bare
// A base at (x, y, facing) walked `dist` mm along the unit vector (ux, uy),
// its facing kept: how far it goes before it first overlaps a feature with
// attribute `block` that it did not start on, and whether on the way it
// overlaps one with attribute `mark` it did not start on. The footprint is
// probed at steps shorter than its extent along the path (0.9 of it, at
// least 5 mm), a blocked step found again by 10 halvings between the last
// clear step and it. WHY in the core: a ruleset that stops a move short of
// impassable ground asks this for every fraction of every move it tries; the
// walk in Lua cost a probe call per step. The arithmetic is the walk's own,
// in the same order (a ruleset's Lua walk gets the same answers to the bit).
int bf_terrain_sweep(lua_State* L) {
  Battlefield& bf = check_bf(L);
  const double x = check_number(L, 2, "x"), y = check_number(L, 3, "y"), f = check_number(L, 4, "facing");
  const double w = check_number(L, 5, "width"), dp = check_number(L, 6, "depth");
  const double ux = check_number(L, 7, "ux"), uy = check_number(L, 8, "uy");
  const double dist = check_number(L, 9, "distance");
  const std::uint64_t block = std::uint64_t{1} << bf.flag_bit(L, check_string(L, 10, "block attribute"));
  const std::uint64_t mark = std::uint64_t{1} << bf.flag_bit(L, check_string(L, 11, "mark attribute"));
  const double margin = lua_isnoneornil(L, 12) ? 1.0 : check_number(L, 12, "margin");
  const std::uint64_t both = block | mark;
  const auto probe = [&](double px, double py, double pw, double pd) {
    return overlapping(bf, geom::BaseProbe(px, py, f, pw, pd), both);
  };
  // (results: the distance given back as given, integer or float)
  const auto answer = [&](bool whole, double clear, bool marked, bool bare) {
    if (whole) lua_pushvalue(L, 9);
    else lua_pushnumber(L, clear);
    lua_pushboolean(L, marked);
    lua_pushboolean(L, bare);
    return 3;
  };
  const std::uint64_t at0 = probe(x, y, w, dp);
  const bool imp0 = (at0 & block) != 0, dis0 = (at0 & mark) != 0;
  // nothing new to find: it started on both kinds of ground
  if (imp0 && dis0) return answer(true, 0, false, false);
  const double a = f * (geom::kPi / 180.0);
  const double sa = std::sin(a), ca = std::cos(a);
  bool may_block = !imp0;
  if (ux == -sa && uy == ca) {
    // along the facing: one probe of the whole swept rectangle, `margin`
    // larger all round than every footprint on the way; a footprint inside a
    // clear rectangle is clear (bare: nothing of either kind anywhere near)
    const double h = dist / 2;
    const std::uint64_t u = probe(x + ux * h, y + uy * h, w + 2 * margin, dp + dist + 2 * margin);
    const bool imp_u = (u & block) != 0, dis_u = (u & mark) != 0;
    may_block = imp_u && !imp0;
    if (!may_block && !(dis_u && !dis0)) return answer(true, 0, false, !imp_u && !dis_u);
  }
  const double along = std::abs(-sa * ux + ca * uy) * dp + std::abs(ca * ux + sa * uy) * w;
  const double step = std::max(5.0, along * 0.9);
  bool crossed = false;
  double lo = 0, t = 0;
  while (t < dist) {
    t = std::min(dist, t + step);
    const std::uint64_t here = probe(x + ux * t, y + uy * t, w, dp);
    if ((here & block) && !imp0) {
      double hi = t;
      for (int i = 0; i < 10; ++i) {
        const double mid = (lo + hi) / 2;
        if (probe(x + ux * mid, y + uy * mid, w, dp) & block) hi = mid;
        else lo = mid;
      }
      return answer(false, lo, crossed, false);
    }
    if ((here & mark) && !dis0) {
      crossed = true;
      // nothing can stop it further on: the rest of the walk changes nothing
      if (!may_block) return answer(true, 0, true, false);
    }
    lo = t;
  }
  return answer(true, 0, crossed, false);
}

// bf:terrain_sight_blocked(ax, ay, bx, by) -> boolean (TerrainMap::sight_blocked)
int bf_terrain_sight_blocked(lua_State* L) {
  Battlefield& bf = check_bf(L);
  lua_pushboolean(L, bf.terrain.sight_blocked(check_number(L, 2, "ax"), check_number(L, 3, "ay"),
                                              check_number(L, 4, "bx"), check_number(L, 5, "by")));
  return 1;
}

// bf:free_ahead(ids, turn, dist, key?) -> mm: how far the bases `ids` (one
// side's, moving together) can go straight ahead after each turns `turn`
// degrees, up to `dist`: short of friends in the way and, with `key`, of
// terrain with that attribute. A friend (any other unit of the first base's
// side) is in the way when its centre is ahead and its extents, projected
// on the mover's axes, come within 0.5 mm of its lane; the mover stops 1 mm
// short of them. Terrain: when the lane of the distance found so far holds
// such a feature, half of it if that half is clear, else nothing. Bases are
// taken in the list's order. Returns `dist` itself when nothing is in the
// way, the integer 0 when nothing can move (as Lua's math.max(0, gap)).
int bf_free_ahead(lua_State* L) {
  Battlefield& bf = check_bf(L);
  luaL_checktype(L, 2, LUA_TTABLE);
  const double a = check_number(L, 3, "turn");
  const double dist = check_number(L, 4, "distance");
  const std::uint64_t want =
      lua_isnoneornil(L, 5) ? 0 : std::uint64_t{1} << bf.flag_bit(L, check_string(L, 5, "attribute"));
  thread_local std::vector<std::size_t> members;
  members.clear();
  const lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, 2));
  for (lua_Integer k = 1; k <= count; ++k) {
    lua_rawgeti(L, 2, k);
    members.push_back(bf.slot_of(L, static_cast<int>(lua_tointeger(L, -1))));
    lua_pop(L, 1);
  }
  enum { Given, Number, Zero } kind = Given;
  double free = dist;
  if (members.empty()) {
    lua_pushvalue(L, 4);
    return 1;
  }
  const int side = bf.state.units[members[0]].side;
  const bool terrain = want && bf.terrain.size() > 0;
  const auto lane_blocked = [&](double x, double y, double nf, double fx, double fy, double w, double dp,
                                double len) {
    const double c = dp / 2 + len / 2;
    return overlapping(bf, geom::BaseProbe(x + fx * c, y + fy * c, nf, w, len), want) != 0;
  };
  for (const std::size_t m : members) {
    const UnitState& u = bf.state.units[m];
    const double x = u.at.x, y = u.at.y, w = u.at.width, dd = u.at.depth;
    const double nf = u.at.facing + a;
    const double ang = nf * (geom::kPi / 180.0);
    const double sn0 = std::sin(ang), cs0 = std::cos(ang);
    const double fx = -sn0, fy = cs0, rx = cs0, ry = sn0;
    for (std::size_t i = 0; i < bf.state.units.size(); ++i) {
      const UnitState& o = bf.state.units[i];
      if (o.removed || o.side != side || o.layer != u.layer ||
          std::find(members.begin(), members.end(), i) != members.end())
        continue;
      const double dx = o.at.x - x, dy = o.at.y - y;
      const double ahead = dx * fx + dy * fy;
      const double reach = std::sqrt(o.at.width * o.at.width + o.at.depth * o.at.depth);
      if (!(ahead > 0 && ahead < free + dd + reach)) continue;
      const double t = (o.at.facing - nf) * (geom::kPi / 180.0);
      const double co = std::abs(std::cos(t)), sn = std::abs(std::sin(t));
      const double chw = o.at.width / 2, chd = o.at.depth / 2;
      const double lat = dx * rx + dy * ry;
      if (std::abs(lat) < w / 2 + co * chw + sn * chd - 0.5) {
        const double gap = ahead - dd / 2 - (sn * chw + co * chd) - 1;
        if (gap < free) {
          if (0 < gap) { free = gap; kind = Number; }
          else { free = 0; kind = Zero; }
        }
      }
    }
    if (free > 0 && terrain && lane_blocked(x, y, nf, fx, fy, w, dd, free)) {
      if (lane_blocked(x, y, nf, fx, fy, w, dd, free / 2)) { free = 0; kind = Zero; }
      else { free = free / 2; kind = Number; }
    }
  }
  if (kind == Given) lua_pushvalue(L, 4);
  else if (kind == Zero) lua_pushinteger(L, 0);
  else lua_pushnumber(L, free);
  return 1;
}

// bf:stay_near(ids, turn, dist, limit, key) -> mm: how far the bases `ids`
// (moving together, each turned `turn` degrees) can go straight ahead, up to
// `dist`, while the centre of one of them stays within `limit` plus both
// half widths of the centre of another unit of their side whose data field
// `key` is set (not false). `dist` itself when they are not near one now or
// are still near at `dist`; else the distance found by 6 halvings (the
// integer 0 when none keeps them near).
int bf_stay_near(lua_State* L) {
  Battlefield& bf = check_bf(L);
  luaL_checktype(L, 2, LUA_TTABLE);
  const double a = check_number(L, 3, "turn");
  const double dist = check_number(L, 4, "distance");
  const double limit = check_number(L, 5, "limit");
  const char* key = luaL_checkstring(L, 6);
  struct Mover { double x, y, fx, fy, hw; };
  struct Other { double x, y, hw; };
  thread_local std::vector<std::size_t> ids;
  thread_local std::vector<Mover> movers;
  thread_local std::vector<Other> others;
  ids.clear();
  movers.clear();
  others.clear();
  const lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, 2));
  for (lua_Integer k = 1; k <= count; ++k) {
    lua_rawgeti(L, 2, k);
    ids.push_back(bf.slot_of(L, static_cast<int>(lua_tointeger(L, -1))));
    lua_pop(L, 1);
  }
  if (ids.empty()) {
    lua_pushvalue(L, 4);
    return 1;
  }
  const int side = bf.state.units[ids[0]].side;
  lua_getiuservalue(L, 1, 1);
  const int data = lua_gettop(L);
  for (std::size_t i = 0; i < bf.state.units.size(); ++i) {
    const UnitState& o = bf.state.units[i];
    if (o.removed || o.side != side || std::find(ids.begin(), ids.end(), i) != ids.end()) continue;
    lua_rawgeti(L, data, o.id);
    const bool flagged = lua_istable(L, -1) && lua_getfield(L, -1, key) != LUA_TNIL && lua_toboolean(L, -1);
    lua_settop(L, data);
    if (flagged) others.push_back({o.at.x, o.at.y, o.at.width / 2});
  }
  for (const std::size_t m : ids) {
    const UnitState& u = bf.state.units[m];
    const double ang = (u.at.facing + a) * (geom::kPi / 180.0);
    movers.push_back({u.at.x, u.at.y, -std::sin(ang), std::cos(ang), u.at.width / 2});
  }
  const auto near_at = [&](double t) {
    for (const Mover& mv : movers) {
      const double px = mv.x + mv.fx * t, py = mv.y + mv.fy * t;
      for (const Other& o : others) {
        const double reach = limit + mv.hw + o.hw;
        const double dx = o.x - px, dy = o.y - py;
        if (dx * dx + dy * dy <= reach * reach) return true;
      }
    }
    return false;
  };
  if (!near_at(0) || near_at(dist)) {
    lua_pushvalue(L, 4);
    return 1;
  }
  double lo = 0, hi = dist;
  bool moved = false;
  for (int i = 0; i < 6; ++i) {
    const double mid = (lo + hi) / 2;
    if (near_at(mid)) { lo = mid; moved = true; }
    else hi = mid;
  }
  if (moved) lua_pushnumber(L, lo);
  else lua_pushinteger(L, 0);
  return 1;
}

int bf_size(lua_State* L) {
  Battlefield& bf = check_bf(L);
  lua_pushnumber(L, bf.state.table_width);
  lua_pushnumber(L, bf.state.table_depth);
  return 2;
}

// ---------------------------------------------------------------------------
// battlefield.fit_line: the generic line placement search (deployment.hpp).

// A number field of the table at `index` (an error names the field).
double line_number(lua_State* L, int index, const char* key) {
  lua_getfield(L, index, key);
  if (!lua_isnumber(L, -1)) luaL_error(L, "fit_line: field '%s' must be a number", key);
  const double v = lua_tonumber(L, -1);
  lua_pop(L, 1);
  return v;
}

// Lists handed to the deployment helpers are read through their metamethods
// (rulesets hand frozen proxies), and their length is bounded before any
// work: a __len of 2^40 is refused, not trusted.
constexpr lua_Integer kMaxListEntries = 100000;

lua_Integer checked_len(lua_State* L, int arg, const char* what, lua_Integer max) {
  arg = lua_absindex(L, arg);
  if (!lua_istable(L, arg)) luaL_error(L, "%s: expected a list, got %s", what, luaL_typename(L, arg));
  const lua_Integer n = luaL_len(L, arg);
  if (n < 0 || n > max) luaL_error(L, "%s: a list of %I entries; expected at most %I", what, n, max);
  return n;
}

// The option tables { level =, dv =, list = { {s1, s2}, ... } } of the block on top.
std::vector<deployment::LineOption> line_options(lua_State* L) {
  std::vector<deployment::LineOption> out;
  lua_getfield(L, -1, "opts");
  const lua_Integer n = checked_len(L, lua_gettop(L), "fit_line opts", kMaxListEntries);
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_geti(L, -1, i);
    deployment::LineOption o;
    o.level = line_number(L, -1, "level");
    o.dv = line_number(L, -1, "dv");
    lua_getfield(L, -1, "list");
    const lua_Integer m = checked_len(L, lua_gettop(L), "fit_line list", kMaxListEntries);
    for (lua_Integer k = 1; k <= m; ++k) {
      lua_geti(L, -1, k);
      lua_geti(L, -1, 1);
      lua_geti(L, -2, 2);
      o.forbidden.emplace_back(lua_tonumber(L, -2), lua_tonumber(L, -1));
      lua_pop(L, 3);
    }
    lua_pop(L, 2);
    out.push_back(std::move(o));
  }
  lua_pop(L, 1);
  return out;
}

// battlefield.fit_line(seq, limit, gap, budget) -> ok; sets pu0, pdv on the
// blocks the search placed.
int battlefield_fit_line(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const double limit = check_number(L, 2, "limit");
  const double gap = check_number(L, 3, "gap");
  const auto budget = check_int(L, 4, "budget");
  std::vector<deployment::LinePart> parts;
  if (budget < 0 || budget > 100'000'000) return luaL_error(L, "fit_line: budget %d; expected 0 to 100000000", budget);
  const lua_Integer np = checked_len(L, 1, "fit_line parts", kMaxListEntries);
  for (lua_Integer pi = 1; pi <= np; ++pi) {
    lua_geti(L, 1, pi);
    deployment::LinePart part;
    part.lo = line_number(L, -1, "lo");
    part.hi = line_number(L, -1, "hi");
    lua_getfield(L, -1, "blocks");
    const lua_Integer nb = checked_len(L, lua_gettop(L), "fit_line blocks", kMaxListEntries);
    for (lua_Integer bi = 1; bi <= nb; ++bi) {
      lua_geti(L, -1, bi);
      deployment::LineBlock b;
      b.width = line_number(L, -1, "width");
      b.u0 = line_number(L, -1, "u0");
      b.options = line_options(L);
      lua_pop(L, 1);
      part.blocks.push_back(std::move(b));
    }
    lua_pop(L, 2);
    parts.push_back(std::move(part));
  }
  const bool ok = deployment::fit_line(parts, limit, gap, budget);
  for (lua_Integer pi = 1; pi <= np; ++pi) {
    lua_geti(L, 1, pi);
    lua_getfield(L, -1, "blocks");
    const auto& blocks = parts[static_cast<std::size_t>(pi - 1)].blocks;
    for (std::size_t bi = 0; bi < blocks.size(); ++bi) {
      if (!blocks[bi].assigned) continue;
      lua_geti(L, -1, static_cast<lua_Integer>(bi + 1));
      lua_pushnumber(L, blocks[bi].pu0);
      lua_setfield(L, -2, "pu0");
      lua_pushnumber(L, blocks[bi].pdv);
      lua_setfield(L, -2, "pdv");
      lua_pop(L, 1);
    }
    lua_pop(L, 2);
  }
  lua_pushboolean(L, ok);
  return 1;
}

// The numbers of the list at `index`.
std::vector<double> line_numbers(lua_State* L, int index) {
  const lua_Integer n = checked_len(L, index, "numbers", kMaxListEntries);
  std::vector<double> out;
  out.reserve(static_cast<std::size_t>(n));
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_geti(L, index, i);
    int ok = 0;
    const double v = lua_tonumberx(L, -1, &ok);
    lua_pop(L, 1);
    if (!ok || !(std::fabs(v) <= kMaxNumber))
      luaL_error(L, "bad argument #%d: entry %I is not a finite number", index, i);
    out.push_back(v);
  }
  return out;
}

// battlefield.places_by_distance(us, vs, want_u, want_v) -> { u1, v1, u2, v2, ... }
int battlefield_places_by_distance(lua_State* L) {
  const auto us = line_numbers(L, 1);
  const auto vs = line_numbers(L, 2);
  // Every (u, v) pair is made and sorted: the pairs are bounded first.
  if (static_cast<double>(us.size()) * static_cast<double>(vs.size()) > 4e6)
    return luaL_error(L, "places_by_distance: %d x %d places; expected at most 4,000,000", static_cast<int>(us.size()),
                      static_cast<int>(vs.size()));
  const auto places = deployment::places_by_distance(us, vs, check_number(L, 3, "want_u"), check_number(L, 4, "want_v"));
  lua_createtable(L, static_cast<int>(2 * places.size()), 0);
  lua_Integer k = 0;
  for (const auto& [u, v] : places) {
    lua_pushnumber(L, u);
    lua_seti(L, -2, ++k);
    lua_pushnumber(L, v);
    lua_seti(L, -2, ++k);
  }
  return 1;
}

// battlefield.overlapping_bases(xs, ys, facings, ws, ds, slack) -> { i1, j1, i2, j2, ... }
int battlefield_overlapping_bases(lua_State* L) {
  const auto xs = line_numbers(L, 1), ys = line_numbers(L, 2), fs = line_numbers(L, 3);
  const auto ws = line_numbers(L, 4), ds = line_numbers(L, 5);
  const double slack = check_number(L, 6, "slack");
  if (ys.size() != xs.size() || fs.size() != xs.size() || ws.size() != xs.size() || ds.size() != xs.size())
    return luaL_error(L, "overlapping_bases: the five lists must be as long as each other");
  // Every pair is tested: n² work, bounded first.
  if (xs.size() > 5000)
    return luaL_error(L, "overlapping_bases: %d bases; expected at most 5000", static_cast<int>(xs.size()));
  std::vector<deployment::PlacedBase> bases;
  for (std::size_t i = 0; i < xs.size(); ++i) bases.push_back({xs[i], ys[i], fs[i], ws[i], ds[i]});
  const auto pairs = deployment::overlapping_bases(bases, slack);
  lua_createtable(L, static_cast<int>(2 * pairs.size()), 0);
  lua_Integer k = 0;
  for (const auto& [i, j] : pairs) {
    lua_pushinteger(L, static_cast<lua_Integer>(i + 1));
    lua_seti(L, -2, ++k);
    lua_pushinteger(L, static_cast<lua_Integer>(j + 1));
    lua_seti(L, -2, ++k);
  }
  return 1;
}

const std::vector<Binding> kBindings = {
    {"new", "battlefield.new{width=, depth=, keep_events=true} -> bf",
     "A table of width x depth mm (x east, y north) with an empty event log.", guarded<battlefield_new>},
    {"load", "battlefield.load(yaml_text, name?) -> bf", "A battlefield from a saved battle.",
     guarded<battlefield_load>},
    {"fit_line", "battlefield.fit_line(seq, limit, gap, budget) -> ok",
     "A line placement search: blocks placed left to right along a line, each at one of its depth options and "
     "outside that option's forbidden intervals, a gap apart: "
     "seq = parts { lo=, hi=, blocks = { {width=, u0=, opts = { {level=, dv=, list = { {s1, s2}, ... }}, ... }}, "
     "... } }; each block the search tried gets pu0 and pdv (its last place); true when every block is placed "
     "within `budget` nodes.",
     guarded<battlefield_fit_line>},
    {"places_by_distance", "battlefield.places_by_distance(us, vs, want_u, want_v) -> {u1, v1, u2, v2, ...}",
     "The places (u, v) of the grid us x vs (u outer), nearest to (want_u, want_v) first (|du| + |dv|), flat, in "
     "the order Lua's table.sort leaves equally near ones.",
     guarded<battlefield_places_by_distance>},
    {"overlapping_bases", "battlefield.overlapping_bases(xs, ys, facings, ws, ds, slack) -> {i1, j1, i2, j2, ...}",
     "The pairs of oriented bases (1-based, i < j, in order) that overlap by more than `slack` mm "
     "(half-diagonal reach, then separating axes on the corners).",
     guarded<battlefield_overlapping_bases>},
    {"add_unit", "bf:add_unit{side=, name=, label=, x=, y=, facing=0, width=, depth=, strength=1, layer=0, data={}} -> id",
     "Places a unit; `data` becomes the table bf:data(id) returns; `label` (its troop type) is shown in replays.",
     guarded<bf_add_unit>, true},
    {"data", "bf:data(id) -> table", "The ruleset's own fields of a unit (the same table every call).",
     guarded<bf_data>, true},
    {"unit", "bf:unit(id) -> {id, side, name, x, y, facing, width, depth, strength, removed}",
     "A copy of a unit's core fields.", guarded<bf_unit>, true},
    {"pos", "bf:pos(id) -> x, y, facing", "A unit's position and facing.", guarded<bf_pos>, true},
    {"removed", "bf:removed(id) -> boolean", "bf:unit(id).removed without making the unit's table.",
     guarded<bf_removed>, true},
    {"footprint", "bf:footprint(id) -> width, depth", "A unit's base width and depth (bf:unit's) without its table.",
     guarded<bf_footprint>, true},
    {"place", "bf:place(id, x, y, facing?)", "Puts a unit somewhere without collision checks (deployment).",
     guarded<bf_place>, true},
    {"remove", "bf:remove(id)", "Takes a unit off the table (broken, destroyed); it keeps its data.",
     guarded<bf_remove>, true},
    {"resize", "bf:resize(id, width, depth)",
     "Changes a unit's base (a formation change); its centre and facing stay.", guarded<bf_resize>, true},
    {"bring_back", "bf:bring_back(id, x, y, facing?)",
     "Puts a removed unit back on the table (troops returning to the field); it keeps its data.",
     guarded<bf_bring_back>, true},
    {"set_layer", "bf:set_layer(id, layer)",
     "Puts a unit on another layer: 0 the ground (the default); another (1 in the air, -1 underground, a ruleset's "
     "choice) neither blocks nor is blocked by units of other layers when moving; queries see every layer.",
     guarded<bf_set_layer>, true},
    {"set_strength", "bf:set_strength(id, n)", "Sets a unit's strength.", guarded<bf_set_strength>, true},
    {"units", "bf:units(side?) -> {ids}", "The ids of units on the table, in id order.", guarded<bf_units>, true},
    {"size", "bf:size() -> width, depth", "The table's size in mm.", guarded<bf_size>, true},
    {"distance", "bf:distance(a, b) -> mm", "Edge-to-edge distance, 0 when touching.", guarded<bf_distance>, true},
    {"contact", "bf:contact(target, other) -> edge, distance, contact_length",
     "Which edge of `target` ('front', 'left', 'right', 'rear') `other` touches or is nearest to.",
     guarded<bf_contact>, true},
    {"in_arc", "bf:in_arc(viewer, target, half_angle, how?) -> boolean",
     "Whether `target` is within half_angle degrees of straight ahead; how = 'any' (any part, default), "
     "'centre' or 'frontal' (from anywhere on the front edge).",
     guarded<bf_in_arc>, true},
    {"within", "bf:within(of, within, side, ids, dists, skip?) -> n",
     "Units of `side` (0: any) within a distance of unit `of`, nearest first (ties by id: distances equal to "
     "the contact tolerance, 1e-6 mm, are ties; a distance up to the tolerance over the limit is within it), "
     "written into the "
     "caller's tables: ids[1..n] and dists[1..n] (entries past n are cleared); `skip` a set of ids to leave out. "
     "Allocates nothing.",
     guarded<bf_within>, true},
    {"first_within", "bf:first_within(of, within, side?) -> id | nil",
     "The first unit (in the order added) of `side` (0 or nil: any) within a distance of unit `of`.",
     guarded<bf_first_within>, true},
    {"nearest", "bf:nearest(ids, side, within, arc?, arc_how?) -> id, distance | nil",
     "The unit of `side` (0: any) nearest to any of the units in the list `ids`, no further than `within`, "
     "and with `arc` in that unit's arc (as in_arc); ties (to the contact tolerance) by id.",
     guarded<bf_nearest>, true},
    {"query", "bf:query{of=, within=, side=?, enemy=?, friend=?, arc=?, arc_how=?} -> { {id=, distance=}, ... }",
     "Units within a distance of one unit, filtered by side and arc, nearest first (ties, to the contact "
     "tolerance, by id).",
     guarded<bf_query>, true},
    {"move", "bf:move(id, how, ..., {ignore={ids}, ignore_side=n, ignore_terrain=bool}?) -> {distance=, turned=, stopped_by=, ...}",
     "Moves a unit: 'advance', d | 'turn', degrees | 'wheel', 'left'|'right', d (outer corner) | 'slide', dx, dy; "
     "stops at the first contact (stopped_by = unit id), the table edge (stopped_by = 'edge') or, for a unit on "
     "the ground (layer 0), a terrain feature with blocks_move = true that it does not start on "
     "(stopped_by = 'terrain', terrain = the feature's id; ignore_terrain passes them).",
     guarded<bf_move>, true},
    {"add_terrain", "bf:add_terrain{type=, polygon={x1,y1,...} | circle={x,y,r}, blocks_los=false, height=0, blocks_move=false} -> id",
     "Adds a terrain feature. blocks_move = true (a wall, a closed gate: the feature's own key, not a terrain_type "
     "attribute) makes it stop ground moves as a base would; such a feature must be a rectangle, polygon = its 4 "
     "corners in order.", guarded<bf_add_terrain>, true},
    {"change_terrain", "bf:change_terrain(id, changes)",
     "Changes a terrain feature during play (breached, burnt, built): its keys (type, polygon or circle, "
     "blocks_los, height, a ruleset's attributes) take the values in `changes`; logged as terrain_changed. "
     "The feature keeps its id.",
     guarded<bf_change_terrain>, true},
    {"terrain", "bf:terrain() -> {features}", "The terrain features as given.", guarded<bf_terrain>, true},
    {"terrain_under", "bf:terrain_under(id) -> { {id=, type=}, ... }",
     "The features any part of a unit's base touches.", guarded<bf_terrain_under>, true},
    {"terrain_ids_under", "bf:terrain_ids_under(id) -> { id, ... }",
     "The ids of bf:terrain_under(id), in its order, without a table per feature.", guarded<bf_terrain_ids_under>,
     true},
    {"terrain_at", "bf:terrain_at(x, y) -> { {id=, type=}, ... }", "The features at a point.",
     guarded<bf_terrain_at>, true},
    {"line_of_sight", "bf:line_of_sight(viewer, target, see_into?) -> boolean",
     "Whether the line between the units' centres is clear of features that block line of sight (a line may "
     "run see_into mm inside one).",
     guarded<bf_line_of_sight>, true},
    {"sighted", "bf:sighted(side, range, opts?) -> {ids}",
     "The units of the other sides that some unit of `side` sees: within `range` mm edge to edge and with a clear "
     "line of sight (as line_of_sight), in id order. opts: a number (see_into) or { see_into =, ground = {type = mm} "
     "(features that raise a unit standing in them), tops = {type = mm} (how tall blocking features are), "
     "range_per_mm = k (a viewer h mm high sees range + k*h) }; with ground or tops, a line from eye to eye passes "
     "over blocking features it clears (a flat one with no height never), and a hill one stands on does not block.",
     guarded<bf_sighted>, true},
    {"terrain_type", "bf:terrain_type(type, {attribute = value, ...})",
     "Attributes (a ruleset's meaning: bad_going = true, ...) that every terrain feature of a type has unless "
     "the feature gives its own (any key of add_terrain besides type, polygon, circle, blocks_los and height).",
     guarded<bf_terrain_type>, true},
    {"terrain_probe", "bf:terrain_probe(x, y, facing, width, depth, keys) -> value per key",
     "What a base at (x, y, facing) of width x depth stands on, for each attribute name in the list `keys`: "
     "'name' -> whether a feature with that attribute set (not false) overlaps the base (touching does not "
     "count); '@name' -> the id of the highest-numbered such feature holding the base's centre, or false. "
     "Allocates nothing.",
     guarded<bf_terrain_probe>, true},
    {"terrain_clear_advance", "bf:terrain_clear_advance(x, y, facing, width, depth, dist, key, steps=10) -> mm",
     "The longest part of a straight advance of `dist` mm (along the facing) that keeps the base off features "
     "with attribute `key` (overlap as terrain_probe), found by `steps` halvings of the fraction; `dist` when "
     "the end is clear or the base starts on such a feature (it may walk off).",
     guarded<bf_terrain_clear_advance>, true},
    {"overlapping_unit", "bf:overlapping_unit(id, slack) -> id | nil",
     "The first unit on the unit's layer (nearest first, ties by id, as bf:within; removed units never) touching "
     "it within the contact tolerance whose base overlaps its base by more than `slack` mm "
     "(battlefield.overlapping_bases' test on the pair); nil when none. A move that must not end on another "
     "base asks this where it is tried.",
     guarded<bf_overlapping_unit>, true},
    {"terrain_sweep",
     "bf:terrain_sweep(x, y, facing, width, depth, ux, uy, dist, block, mark, margin=1) -> clear, marked, bare",
     "A base at (x, y, facing) walked `dist` mm along the unit vector (ux, uy), facing kept (an advance, a "
     "slide): `clear`, how far it goes before it first overlaps a feature with attribute `block` that it did not "
     "start on (`dist` itself when never, or when it starts on both kinds; else found by 10 halvings after steps "
     "of 0.9 of the footprint's extent along the path, at least 5 mm); `marked`, whether within that walk it "
     "overlaps a feature with attribute `mark` it did not start on; `bare`, true when the walk runs along the "
     "facing and a rectangle `margin` mm larger all round than every footprint on the way overlaps no feature "
     "of either kind. Overlap as terrain_probe. Allocates nothing.",
     guarded<bf_terrain_sweep>, true},
    {"terrain_sight_blocked", "bf:terrain_sight_blocked(ax, ay, bx, by) -> boolean",
     "Whether the sight line from (ax, ay) to (bx, by) is blocked by a feature with blocks_los that holds neither "
     "point (boundaries inside, no tolerance) and whose bounds meet the line's box: a polygon one of whose "
     "edges the line meets (touching counts), or a circle it passes strictly inside of. Allocates nothing.",
     guarded<bf_terrain_sight_blocked>, true},
    {"free_ahead", "bf:free_ahead(ids, turn, dist, key?) -> mm",
     "How far the bases `ids`, moving together, can go straight ahead after each turns `turn` degrees, up to "
     "`dist`: short of the other units of their side (a friend whose extents, projected on a mover's axes, "
     "come within 0.5 mm of its lane stops it 1 mm short) and, with `key`, of terrain with that attribute (a "
     "blocked lane allows half, if that half is clear, else nothing). `dist` itself when nothing is in the "
     "way; the integer 0 when nothing can move.",
     guarded<bf_free_ahead>, true},
    {"stay_near", "bf:stay_near(ids, turn, dist, limit, key) -> mm",
     "How far the bases `ids`, moving together, can go straight ahead after each turns `turn` degrees, up to "
     "`dist`, while one of them keeps its centre within `limit` plus both half widths of the centre of another "
     "unit of their side whose data field `key` is set (a line that must hold together). `dist` itself when none "
     "is that near now or they are still near at `dist`; else found by 6 halvings (the integer 0 when nothing "
     "keeps them near).",
     guarded<bf_stay_near>, true},
    {"set_time", "bf:set_time(turn, phase)", "The turn and phase stamped on events from now on.",
     guarded<bf_set_time>, true},
    {"on_time", "bf:on_time(fn?)",
     "With fn: calls fn(bf, turn, phase, next_turn, next_phase) at each bf:set_time, before the time changes: the phase "
     "that ends and the one that begins (a referee checks each phase's result). Without: stops. Snapshots do not inherit it.",
     guarded<bf_on_time>, true},
    {"log", "bf:log(kind, fields?)", "Adds an event (fields: plain data) to the battle's log.", guarded<bf_log>,
     true},
    {"set_logging", "bf:set_logging(on)", "Switches event recording on or off (bulk experiments).",
     guarded<bf_set_logging>, true},
    {"events", "bf:events(from?) -> {events}", "The logged events from number `from` on.", guarded<bf_events>,
     true},
    {"record_rolls", "bf:record_rolls(source)", "Every roll of `source` becomes a 'roll' event in this log.",
     guarded<bf_record_rolls>, true},
    {"snapshot", "bf:snapshot() -> bf", "An independent copy (core fields and data tables).",
     guarded<bf_snapshot>, true},
    {"restore", "bf:restore(snapshot)", "Makes this battlefield equal to a snapshot.", guarded<bf_restore>, true},
    {"save", "bf:save() -> yaml_text", "The state as YAML a person can read.", guarded<bf_save>, true},
    {"hash", "bf:hash() -> hex string", "A hash of the whole state (core fields and data).", guarded<bf_hash>, true},
};

void open_extra(lua_State* L) { new_type(L, kType, kBindings, bf_gc); }

} // namespace

const EventLog* battlefield_log(lua_State* L, int index) {
  auto* ud = static_cast<std::unique_ptr<Battlefield>*>(luaL_testudata(L, index, kType));
  return ud && *ud ? (*ud)->log.get() : nullptr;
}

Module battlefield_module() {
  return Module{"sandtable.battlefield", "The table, units, geometry queries, movement and the event log.",
                &kBindings, open_extra};
}

} // namespace sandtable::lua
