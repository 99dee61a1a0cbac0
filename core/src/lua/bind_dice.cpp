// sandtable.dice: dice sources, expressions, exact distributions and odds.
#include <algorithm>
#include <memory>

#include <fmt/format.h>

#include "sandtable/dice.hpp"
#include "sandtable/dice_expr.hpp"
#include "sandtable/dice_pool.hpp"
#include "sandtable/lua/dice_source_ud.hpp"
#include "sandtable/lua/modules.hpp"

namespace sandtable::lua {
namespace {

SourceUd* push_source_ud(lua_State* L) {
  auto* ud = static_cast<SourceUd*>(lua_newuserdatauv(L, sizeof(SourceUd), 0));
  new (ud) SourceUd();
  luaL_setmetatable(L, kSourceType);
  return ud;
}

int source_gc(lua_State* L) {
  static_cast<SourceUd*>(luaL_checkudata(L, 1, kSourceType))->~SourceUd();
  return 0;
}

int dice_random(lua_State* L) {
  const auto seed = static_cast<std::uint64_t>(check_integer(L, 1, "seed"));
  const auto stream = static_cast<std::uint64_t>(luaL_optinteger(L, 2, 0));
  SourceUd* ud = push_source_ud(L);
  ud->owned = std::make_unique<RandomSource>(seed, stream);
  ud->source = ud->owned.get();
  return 1;
}

int dice_forced(lua_State* L) {
  auto values = check_int_list(L, 1, "values");
  SourceUd* ud = push_source_ud(L);
  ud->owned = std::make_unique<ForcedSource>(std::move(values));
  ud->source = ud->owned.get();
  return 1;
}

// A die argument: a number of sides, or a list of faces.
int roll_die(lua_State* L, DiceSource& source, int arg, std::string_view purpose) {
  if (lua_type(L, arg) == LUA_TNUMBER) {
    const lua_Integer sides = check_integer(L, arg, "sides");
    if (sides < 1 || sides > 1000000) luaL_error(L, "a die needs 1 to 1000000 sides, not %I", sides);
    return source.roll(static_cast<int>(sides), purpose);
  }
  return source.roll(Die::custom(check_int_list(L, arg, "faces")), purpose);
}

int source_roll(lua_State* L) {
  DiceSource& source = check_source(L, 1);
  lua_pushinteger(L, roll_die(L, source, 2, opt_string(L, 3)));
  return 1;
}

int source_faces(lua_State* L) {
  DiceSource& source = check_source(L, 1);
  lua_pushinteger(L, source.roll(Die::custom(check_int_list(L, 2, "faces")), opt_string(L, 3)));
  return 1;
}

int source_expr(lua_State* L) {
  DiceSource& source = check_source(L, 1);
  const auto expr = DiceExpr::parse(std::string(check_string(L, 2, "expression")));
  lua_pushinteger(L, expr.roll(source, opt_string(L, 3)));
  return 1;
}

int source_rolls(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(check_source(L, 1).rolls()));
  return 1;
}

int source_remaining(lua_State* L) {
  auto* forced = dynamic_cast<ForcedSource*>(&check_source(L, 1));
  if (!forced) return luaL_error(L, "remaining(): only a forced dice source has a script");
  lua_pushinteger(L, static_cast<lua_Integer>(forced->remaining()));
  return 1;
}

void push_distribution(lua_State* L, const std::map<int, double>& dist) {
  lua_createtable(L, static_cast<int>(dist.size()), 0);
  lua_Integer i = 0;
  for (const auto& [value, p] : dist) {
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, value);
    lua_setfield(L, -2, "value");
    lua_pushnumber(L, p);
    lua_setfield(L, -2, "p");
    lua_rawseti(L, -2, ++i);
  }
}

int dice_distribution(lua_State* L) {
  push_distribution(L, DiceExpr::parse(std::string(check_string(L, 1, "expression"))).distribution());
  return 1;
}

int dice_check(lua_State* L) {
  const auto e = DiceExpr::parse(std::string(check_string(L, 1, "expression")));
  lua_pushinteger(L, e.min());
  lua_pushinteger(L, e.max());
  return 2;
}

int dice_pool(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  PoolSpec spec;
  // Ranges checked before the narrowing to int (2^32 + 5 dice was 5 dice).
  lua_getfield(L, 1, "dice");
  spec.dice = check_int_range(L, -1, "pool.dice", 0, kMaxPoolDice);
  lua_getfield(L, 1, "sides");
  spec.sides = lua_isnil(L, -1) ? 6 : check_int_range(L, -1, "pool.sides", 1, kMaxPoolSides);
  lua_getfield(L, 1, "hit_on");
  spec.hit_on = check_int_range(L, -1, "pool.hit_on", -kMaxPoolSides, kMaxPoolSides + 1);
  lua_getfield(L, 1, "reroll");
  if (!lua_isnil(L, -1)) spec.reroll = check_int_list(L, lua_gettop(L), "pool.reroll");
  lua_pop(L, 4);
  const auto dist = pool_hits_distribution(spec);
  lua_createtable(L, static_cast<int>(dist.size()), 0);
  for (std::size_t k = 0; k < dist.size(); ++k) {
    lua_pushnumber(L, dist[k]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(k + 1));  // [k+1] = P(k hits)
  }
  return 1;
}

// dice.odds(fn, max_paths?): runs fn(source) over every outcome path.
int dice_odds(lua_State* L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  const auto max_paths =
      static_cast<std::uint64_t>(lua_isnoneornil(L, 2) ? 2'000'000 : check_int_range(L, 2, "max_paths", 1, 100'000'000));
  lua_settop(L, 1);
  lua_newtable(L);                   // 2: outcome -> probability
  SourceUd* ud = push_source_ud(L);  // 3: the source handed to fn
  // The enumerating source dies with enumerate(): the handle must not outlive
  // it, also when fn raises (a Lua error unwinds this frame as a C++ throw),
  // or a handle kept by fn would roll through freed memory.
  struct Detach {
    SourceUd* ud;
    ~Detach() { ud->source = nullptr; }
  } detach{ud};
  enumerate(
      [&](EnumeratingSource& src) {
        ud->source = &src;
        lua_pushvalue(L, 1);
        lua_pushvalue(L, 3);
        lua_call(L, 1, 1);
        const int t = lua_type(L, -1);
        if (t != LUA_TSTRING && t != LUA_TNUMBER && t != LUA_TBOOLEAN)
          luaL_error(L, "dice.odds: the function must return an outcome (a string, number or boolean), got %s",
                     lua_typename(L, t));
        lua_pushvalue(L, -1);
        lua_rawget(L, 2);
        const double so_far = lua_tonumber(L, -1);
        lua_pop(L, 1);
        lua_pushnumber(L, so_far + src.probability());
        lua_rawset(L, 2);
      },
      max_paths);
  ud->source = nullptr;  // the enumerating source is gone: the handle is dead (Detach does it on errors)

  // A list sorted by outcome (numbers, then booleans, then strings), so the
  // answer prints the same every time.
  struct Row { int rank; double num; std::string text; int ref; };
  std::vector<Row> rows;
  lua_pushnil(L);
  while (lua_next(L, 2)) {
    Row r{0, 0, "", 0};
    if (lua_type(L, -2) == LUA_TNUMBER) r.num = lua_tonumber(L, -2);
    else if (lua_type(L, -2) == LUA_TBOOLEAN) { r.rank = 1; r.num = lua_toboolean(L, -2); }
    else { r.rank = 2; r.text = lua_tostring(L, -2); }
    lua_pop(L, 1);
    rows.push_back(r);
  }
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    if (a.rank != b.rank) return a.rank < b.rank;
    return a.rank == 2 ? a.text < b.text : a.num < b.num;
  });
  lua_createtable(L, static_cast<int>(rows.size()), 0);
  lua_Integer i = 0;
  for (const Row& r : rows) {
    lua_createtable(L, 0, 2);
    if (r.rank == 0) {
      if (r.num == static_cast<double>(static_cast<lua_Integer>(r.num))) lua_pushinteger(L, static_cast<lua_Integer>(r.num));
      else lua_pushnumber(L, r.num);
    } else if (r.rank == 1) lua_pushboolean(L, r.num != 0);
    else lua_pushstring(L, r.text.c_str());
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "outcome");
    lua_rawget(L, 2);
    lua_setfield(L, -2, "p");
    lua_rawseti(L, -2, ++i);
  }
  return 1;
}

const std::vector<Binding> kBindings = {
    {"random", "dice.random(seed, stream?) -> source",
     "A dice source from the engine's seeded generator (xoshiro256**); rolls depend only on (seed, stream).",
     guarded<dice_random>},
    {"forced", "dice.forced(values) -> source",
     "A dice source that shows `values` in order; running out or an impossible value is an error naming the roll.",
     guarded<dice_forced>},
    {"odds", "dice.odds(fn, max_paths?) -> { {outcome=, p=}, ... }",
     "Calls fn(source) once for every sequence of rolls it can ask for and sums the probability of each outcome "
     "fn returns; errors when more than max_paths (default 2,000,000) sequences are needed.",
     guarded<dice_odds>},
    {"distribution", "dice.distribution(expression) -> { {value=, p=}, ... }",
     "The exact distribution of a dice expression such as \"10+1d20\" (by convolution).",
     guarded<dice_distribution>},
    {"check", "dice.check(expression) -> min, max",
     "Parses a dice expression; a malformed one is an error pointing at the bad character.", guarded<dice_check>},
    {"pool", "dice.pool{dice=, sides=6, hit_on=, reroll={faces}} -> { [k+1] = P(k hits) }",
     "Exact distribution of hits from a pool of dice with single re-rolls of the given faces (by convolution).",
     guarded<dice_pool>},
    {"roll", "source:roll(die, purpose?) -> integer",
     "Rolls one die: a number of sides (6) or a list of faces ({2,3,3,4,4,5}). The purpose goes into the log.",
     guarded<source_roll>, true},
    {"faces", "source:faces(faces, purpose?) -> integer", "Rolls one die with custom faces.",
     guarded<source_faces>, true},
    {"expr", "source:expr(expression, purpose?) -> integer", "Rolls a dice expression such as \"3d12\".",
     guarded<source_expr>, true},
    {"rolls", "source:rolls() -> integer", "How many dice this source has rolled.", guarded<source_rolls>, true},
    {"remaining", "source:remaining() -> integer", "Forced sources: how many scripted values are left.",
     guarded<source_remaining>, true},
};

void open_dice_extra(lua_State* L) { new_type(L, kSourceType, kBindings, source_gc); }

} // namespace

DiceSource& check_source(lua_State* L, int arg) {
  auto* ud = static_cast<SourceUd*>(check_self(L, arg, kSourceType));
  if (!ud->source) luaL_error(L, "this dice source belonged to a finished dice.odds run and can no longer roll");
  return *ud->source;
}

SourceUd* test_source(lua_State* L, int arg) { return static_cast<SourceUd*>(luaL_testudata(L, arg, kSourceType)); }

Module dice_module() {
  return Module{"sandtable.dice", "Dice sources, dice expressions, exact distributions and odds.", &kBindings,
                open_dice_extra};
}

} // namespace sandtable::lua
