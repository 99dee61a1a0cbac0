#include "sandtable/lua/binding.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include <fmt/format.h>

namespace sandtable::lua {

double check_number(lua_State* L, int arg, const char* what) {
  int ok = 0;
  const double v = lua_tonumberx(L, arg, &ok);
  if (!ok) luaL_error(L, "bad argument #%d (%s): expected a number, got %s", arg, what, luaL_typename(L, arg));
  // NaN, infinities and absurd magnitudes (1e306 mm) are never a length, an
  // angle or a count: refused here, before geometry overflows or an integer
  // conversion is undefined.
  if (!(std::fabs(v) <= kMaxNumber))
    luaL_error(L, "bad argument #%d (%s): expected a finite number within -1e15..1e15, got %s", arg, what,
               fmt::format("{}", v).c_str());
  return v;
}

lua_Integer check_integer(lua_State* L, int arg, const char* what) {
  int ok = 0;
  const lua_Integer v = lua_tointegerx(L, arg, &ok);
  if (!ok) luaL_error(L, "bad argument #%d (%s): expected an integer, got %s", arg, what, luaL_typename(L, arg));
  return v;
}

int check_int_range(lua_State* L, int arg, const char* what, lua_Integer lo, lua_Integer hi) {
  const lua_Integer v = check_integer(L, arg, what);
  if (v < lo || v > hi)
    luaL_error(L, "bad argument #%d (%s): expected an integer from %I to %I, got %I", arg, what, lo, hi, v);
  return static_cast<int>(v);
}

int check_int(lua_State* L, int arg, const char* what) {
  return check_int_range(L, arg, what, std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
}

int opt_int(lua_State* L, int arg, const char* what, int fallback) {
  return lua_isnoneornil(L, arg) ? fallback : check_int(L, arg, what);
}

double check_finite(lua_State* L, int arg, const char* what, double limit) {
  const double v = check_number(L, arg, what);
  if (!(std::fabs(v) <= limit))
    luaL_error(L, "bad argument #%d (%s): expected a number from %s to %s, got %s", arg, what,
               fmt::format("{:g}", -limit).c_str(), fmt::format("{:g}", limit).c_str(), fmt::format("{}", v).c_str());
  return v;
}

lua_Integer checked_rawlen(lua_State* L, int arg, const char* what, lua_Integer max) {
  if (!lua_istable(L, arg)) luaL_error(L, "bad argument #%d (%s): expected a list, got %s", arg, what, luaL_typename(L, arg));
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, arg));
  if (n > max) luaL_error(L, "bad argument #%d (%s): a list of %I entries; expected at most %I", arg, what, n, max);
  return n;
}

std::string_view check_string(lua_State* L, int arg, const char* what) {
  if (lua_type(L, arg) != LUA_TSTRING)
    luaL_error(L, "bad argument #%d (%s): expected a string, got %s", arg, what, luaL_typename(L, arg));
  std::size_t len = 0;
  const char* s = lua_tolstring(L, arg, &len);
  return {s, len};
}

std::string_view opt_string(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TSTRING) return {};
  std::size_t len = 0;
  const char* s = lua_tolstring(L, arg, &len);
  return {s, len};
}

std::vector<int> check_int_list(lua_State* L, int arg, const char* what) {
  if (!lua_istable(L, arg))
    luaL_error(L, "bad argument #%d (%s): expected a list of integers, got %s", arg, what, luaL_typename(L, arg));
  std::vector<int> out;
  const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, arg));
  if (n > 100000) luaL_error(L, "bad argument #%d (%s): more than 100000 entries", arg, what);
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, arg, i);
    int ok = 0;
    const lua_Integer v = lua_tointegerx(L, -1, &ok);
    lua_pop(L, 1);
    if (!ok) luaL_error(L, "bad argument #%d (%s): entry %d is not an integer", arg, what, static_cast<int>(i));
    out.push_back(static_cast<int>(v));
  }
  return out;
}

void new_type(lua_State* L, const char* type_name, const std::vector<Binding>& bindings, lua_CFunction gc) {
  if (luaL_newmetatable(L, type_name)) {
    lua_newtable(L);  // methods
    for (const auto& b : bindings) {
      if (!b.method) continue;
      lua_pushvalue(L, -2);  // the metatable, upvalue 1 (check_self)
      lua_pushlightuserdata(L, const_cast<char*>(type_name));  // its type, upvalue 2 (check_self)
      lua_pushcclosure(L, b.fn, 2);
      lua_setfield(L, -2, b.name);
    }
    lua_setfield(L, -2, "__index");
    if (gc) {
      lua_pushcfunction(L, gc);
      lua_setfield(L, -2, "__gc");
    }
    lua_pushstring(L, "locked");
    lua_setfield(L, -2, "__metatable");
  }
  lua_pop(L, 1);
}

void* check_self(lua_State* L, int arg, const char* type_name) {
  void* ud = lua_touserdata(L, arg);
  // The short cut holds only when the type asked for is the method's own type
  // (upvalue 2): a battlefield method checking its dice-source argument must
  // not accept a battlefield because it has the battlefield metatable.
  // (Fix: `bf:record_rolls(bf)` read a battlefield as a dice source.)
  const auto* own = static_cast<const char*>(lua_touserdata(L, lua_upvalueindex(2)));
  if (ud && own && (own == type_name || std::strcmp(own, type_name) == 0) && lua_getmetatable(L, arg)) {
    // A C function without upvalues reads none here (nil): no match.
    const bool ours = lua_topointer(L, -1) == lua_topointer(L, lua_upvalueindex(1));
    lua_pop(L, 1);
    if (ours) return ud;
  }
  return luaL_checkudata(L, arg, type_name);
}

int raise_user_error(lua_State* L, const std::string& message) {
  lua_createtable(L, 0, 1);
  lua_pushlstring(L, message.data(), message.size());
  lua_setfield(L, -2, "user_message");
  return lua_error(L);
}

} // namespace sandtable::lua
