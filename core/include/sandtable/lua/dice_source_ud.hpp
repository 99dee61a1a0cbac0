#pragma once
// The Lua handle of a dice source, shared by the modules that take one.
#include <memory>

#include <lua.hpp>

#include "sandtable/dice.hpp"

namespace sandtable::lua {

inline constexpr const char* kSourceType = "sandtable.DiceSource";

struct SourceUd {
  DiceSource* source = nullptr;          // null once an odds run has finished
  std::unique_ptr<DiceSource> owned;     // empty for borrowed (enumerating) sources
};

// The source at `arg`, or a Lua error naming the argument.
DiceSource& check_source(lua_State* L, int arg);
SourceUd* test_source(lua_State* L, int arg);

} // namespace sandtable::lua
