#pragma once
// Lua values <-> Value trees. Reads tables raw (no metamethods run, so an
// __index that raises cannot trip the host), refuses cycles, functions and
// userdata with the path where they were found, and caps the depth.
#include <string>

#include <lua.hpp>

#include "sandtable/value.hpp"

namespace sandtable::lua {

// Throws Error("what: ... at key a.b[3]") when the value cannot be plain data.
Value to_value(lua_State* L, int index, const std::string& what);
void push_value(lua_State* L, const Value& v);

} // namespace sandtable::lua
