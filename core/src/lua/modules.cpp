// The list of engine modules given to Lua. Adding a module: write its
// bindings table in its own bind_*.cpp and list it here.
#include <fmt/format.h>

#include "sandtable/lua/binding.hpp"
#include "sandtable/lua/modules.hpp"

namespace sandtable::lua {

const std::vector<Module>& all_modules() {
  static const std::vector<Module> modules = {
      dice_module(),
      source_module(),
      battlefield_module(),
      loader_module(),
      grid_module(),
      experiment_module(),
  };
  return modules;
}

namespace {

int open_module(lua_State* L) {
  const auto* module = static_cast<const Module*>(lua_touserdata(L, lua_upvalueindex(1)));
  lua_newtable(L);
  for (const auto& b : *module->bindings) {
    if (b.method) continue;
    lua_pushcfunction(L, b.fn);
    lua_setfield(L, -2, b.name);
  }
  if (module->open_extra) module->open_extra(L);
  return 1;
}

} // namespace

void register_all_modules(lua_State* L) {
  lua_newtable(L);
  for (const auto& m : all_modules()) {
    lua_pushlightuserdata(L, const_cast<Module*>(&m));
    lua_pushcclosure(L, open_module, 1);
    lua_setfield(L, -2, m.name);
  }
  lua_setfield(L, LUA_REGISTRYINDEX, kPreloadKey);
}

} // namespace sandtable::lua
