#pragma once
// The engine's small binding layer over the raw Lua 5.4 C API.
//
// Every function the engine gives Lua is declared once, in a module's table of
// Binding entries (name, signature, summary, C function). The same tables
// register the functions and generate the Lua API reference, so the reference
// cannot drift from what exists.
//
// guarded<F> is how every binding is registered: it turns a C++ exception into
// a Lua error with the binding's name, so no C++ exception crosses a Lua frame.
// Lua's own errors (a C++ throw of Lua's internal type in Debian's C++ build)
// pass straight through it, unwinding C++ destructors on the way.
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include <lua.hpp>

namespace sandtable::lua {

struct Binding {
  const char* name;       // "roll" (a method when `method` is true)
  const char* signature;  // "source:roll(die, purpose?) -> integer"
  const char* summary;    // one sentence; errors it raises
  lua_CFunction fn;
  bool method = false;    // true: a method of the module's object type
};

struct Module {
  const char* name;       // "sandtable.dice"
  const char* summary;
  const std::vector<Binding>* bindings;
  // Extra set-up after the functions are registered (metatables); may be null.
  void (*open_extra)(lua_State* L);
};

// Registry table of module openers, consulted first by require.
inline constexpr const char* kPreloadKey = "sandtable.preload";

// Every module the engine provides, in a fixed order.
const std::vector<Module>& all_modules();
// Registers them with package.preload-style lazy loading in the host.
void register_all_modules(lua_State* L);

template <lua_CFunction F>
int guarded(lua_State* L) {
  std::string message;
  try {
    return F(L);
  } catch (const std::exception& e) {
    message = e.what();
  }
  // Outside the catch block: the C++ exception is gone before Lua unwinds.
  lua_pushstring(L, message.c_str());
  return lua_error(L);
}

// Argument helpers that raise Lua errors naming the argument.
// check_number refuses NaN, infinities and magnitudes over kMaxNumber.
inline constexpr double kMaxNumber = 1e15;
double check_number(lua_State* L, int arg, const char* what);
// An integer that fits an int (no silent wrap of 2^32 + 1 to 1).
int check_int(lua_State* L, int arg, const char* what);
int opt_int(lua_State* L, int arg, const char* what, int fallback);
lua_Integer check_integer(lua_State* L, int arg, const char* what);
// An integer in [lo, hi] (checked before narrowing to int).
int check_int_range(lua_State* L, int arg, const char* what, lua_Integer lo, lua_Integer hi);
// A number with |v| <= limit: NaN and infinities are refused.
double check_finite(lua_State* L, int arg, const char* what, double limit);
// The raw length of the list at `arg` (no __len), at most `max`.
lua_Integer checked_rawlen(lua_State* L, int arg, const char* what, lua_Integer max);
std::string_view check_string(lua_State* L, int arg, const char* what);
std::string_view opt_string(lua_State* L, int arg);
std::vector<int> check_int_list(lua_State* L, int arg, const char* what);

// Raises a user's mistake (as scripts/lib/fail.lua does): { user_message = }
// is printed without a traceback. Call it outside any C++ catch block.
int raise_user_error(lua_State* L, const std::string& message);

// Creates (or fetches) the metatable for a userdata type `type_name` whose
// methods are the module's bindings with method = true. Each method is a
// closure over the metatable (upvalue 1), for check_self.
void new_type(lua_State* L, const char* type_name, const std::vector<Binding>& bindings,
              lua_CFunction gc);

// The userdata at `arg` if it is of type `type_name`, else a Lua argument
// error (as luaL_checkudata). Called from a method made by new_type it
// compares the argument's metatable with the method's upvalue, which spares
// the registry look-up by name that luaL_checkudata makes on every call (on
// the hot path of every battle); from anywhere else it is luaL_checkudata.
void* check_self(lua_State* L, int arg, const char* type_name);

} // namespace sandtable::lua
