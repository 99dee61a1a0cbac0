// sandtable.source: where Lua code sits in its file, for checkers that report
// "armies/phalanx/gallic.lua:14: unknown class" (the sandbox has no debug library).
#include "sandtable/lua/modules.hpp"

namespace sandtable::lua {
namespace {

int source_where(lua_State* L) {
  // Level 1 is the Lua function that called where(); the C function itself is level 0.
  const int level = opt_int(L, 1, "level", 1);  // 2^32 + 1 is not level 1
  lua_Debug ar;
  if (level < 0 || !lua_getstack(L, level, &ar)) {
    lua_pushstring(L, "?");
    lua_pushinteger(L, 0);
    return 2;
  }
  lua_getinfo(L, "Sl", &ar);
  const char* src = ar.source && ar.source[0] == '@' ? ar.source + 1 : ar.short_src;
  lua_pushstring(L, src);
  lua_pushinteger(L, ar.currentline);
  return 2;
}

const std::vector<Binding> kBindings = {
    {"where", "source.where(level?) -> file, line",
     "The file and line of the function `level` calls up (1 = the caller of where).", guarded<source_where>},
};

} // namespace

Module source_module() {
  return Module{"sandtable.source", "Source locations of Lua code.", &kBindings, nullptr};
}

} // namespace sandtable::lua
