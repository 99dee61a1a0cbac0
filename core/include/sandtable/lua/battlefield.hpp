#pragma once
// C++ access to a battlefield created in Lua (the program writes its log).
#include <lua.hpp>

#include "sandtable/event_log.hpp"

namespace sandtable::lua {

// The event log of the battlefield userdata at `index`, or null if the value
// there is not a battlefield.
const EventLog* battlefield_log(lua_State* L, int index);

} // namespace sandtable::lua
