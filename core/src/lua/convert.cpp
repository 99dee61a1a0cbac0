#include "sandtable/lua/convert.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <set>

#include <fmt/format.h>

#include "sandtable/errors.hpp"

namespace sandtable::lua {

bool reads_as_integer_key(const std::string& k);

namespace {

constexpr int kMaxDepth = 64;

struct Converter {
  lua_State* L;
  const std::string& what;
  std::set<const void*> open;  // tables on the current path: a repeat is a cycle

  [[noreturn]] void fail(const std::string& path, const std::string& problem) {
    throw Error(fmt::format("{}: {} at {}", what, problem, path.empty() ? "the top level" : path));
  }

  Value convert(int index, const std::string& path, int depth) {
    index = lua_absindex(L, index);
    switch (lua_type(L, index)) {
    case LUA_TNIL: return Value();
    case LUA_TBOOLEAN: return Value(lua_toboolean(L, index) != 0);
    case LUA_TNUMBER:
      if (lua_isinteger(L, index)) return Value(static_cast<std::int64_t>(lua_tointeger(L, index)));
      return Value(lua_tonumber(L, index));
    case LUA_TSTRING: {  // with its length: "a\0b" is three bytes, not "a"
      std::size_t len = 0;
      const char* str = lua_tolstring(L, index, &len);
      return Value(std::string(str, len));
    }
    case LUA_TTABLE: return table(index, path, depth);
    default: fail(path, fmt::format("a {} cannot be saved as data", luaL_typename(L, index)));
    }
  }

  Value table(int index, const std::string& path, int depth) {
    if (depth > kMaxDepth) fail(path, fmt::format("tables nested deeper than {}", kMaxDepth));
    const void* self = lua_topointer(L, index);
    if (!open.insert(self).second) fail(path, "a table that contains itself (a cycle)");
    luaL_checkstack(L, 4, "converting a table");
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, index));
    // A sequence 1..n with nothing else is a list; anything else a map.
    std::size_t keys = 0;
    bool all_string_or_int = true;
    lua_pushnil(L);
    while (lua_next(L, index)) {
      ++keys;
      const int kt = lua_type(L, -2);
      if (kt != LUA_TSTRING && !(kt == LUA_TNUMBER && lua_isinteger(L, -2))) all_string_or_int = false;
      lua_pop(L, 1);
    }
    if (!all_string_or_int) fail(path, "a table key that is not a string or an integer");
    Value out;
    if (n > 0 && static_cast<std::size_t>(n) == keys) {
      Value::List list;
      for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, index, i);
        list.push_back(convert(-1, fmt::format("{}[{}]", path, i), depth + 1));
        lua_pop(L, 1);
      }
      out = Value(std::move(list));
    } else {
      Value::Map map;
      lua_pushnil(L);
      while (lua_next(L, index)) {
        std::string key;
        if (lua_type(L, -2) == LUA_TSTRING) {
          std::size_t len = 0;
          const char* k = lua_tolstring(L, -2, &len);
          key.assign(k, len);
          // Map keys are text, and push_value gives back an integer for a key
          // written as one: the string "7" would return as the integer 7.
          // Refused, so what comes back is what went in. (Fix: snapshot,
          // save/load and bf:log turned "7" into 7.)
          if (reads_as_integer_key(key))
            fail(path, fmt::format("the string key \"{0}\" would come back as the integer {0}; use the integer {0} "
                                   "as the key, or a key that is not a number",
                                   key));
        } else {
          key = std::to_string(lua_tointeger(L, -2));  // tostring would convert the key in place
        }
        map.emplace(key, convert(-1, path.empty() ? key : path + "." + key, depth + 1));
        lua_pop(L, 1);
      }
      out = Value(std::move(map));
    }
    open.erase(self);
    return out;
  }
};

} // namespace

Value to_value(lua_State* L, int index, const std::string& what) {
  Converter c{L, what, {}};
  return c.convert(index, "", 0);
}

bool reads_as_integer_key(const std::string& k) {
  if (k.empty() || k.size() > 20) return false;
  char* end = nullptr;
  errno = 0;
  const long long ik = std::strtoll(k.c_str(), &end, 10);
  return errno == 0 && end == k.c_str() + k.size() && std::to_string(ik) == k;
}

void push_value(lua_State* L, const Value& v) {
  luaL_checkstack(L, 3, "pushing a value");
  if (v.is_null()) lua_pushnil(L);
  else if (v.is_bool()) lua_pushboolean(L, v.as_bool());
  else if (v.is_int()) lua_pushinteger(L, v.as_int());
  else if (v.is_number()) lua_pushnumber(L, v.as_number());
  else if (v.is_string()) lua_pushlstring(L, v.as_string().data(), v.as_string().size());
  else if (v.is_list()) {
    const auto& list = v.as_list();
    lua_createtable(L, static_cast<int>(list.size()), 0);
    lua_Integer i = 0;
    for (const auto& item : list) {
      push_value(L, item);
      lua_rawseti(L, -2, ++i);
    }
  } else {
    const auto& map = v.as_map();
    lua_createtable(L, 0, static_cast<int>(map.size()));
    for (const auto& [k, item] : map) {
      // Keys that were integers in Lua come back as integers.
      if (reads_as_integer_key(k)) lua_pushinteger(L, std::strtoll(k.c_str(), nullptr, 10));
      else lua_pushlstring(L, k.data(), k.size());
      push_value(L, item);
      lua_rawset(L, -3);
    }
  }
}

} // namespace sandtable::lua
