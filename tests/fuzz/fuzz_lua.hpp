#pragma once
// Shared by the fuzz targets that drive the engine's Lua side: one sandboxed
// LuaHost per process, made again when an input exhausts its limits (a kill
// is the sandbox working, not a bug). The harness is a Lua function
// run(text) -> nil, or a message when the input met a bug: an error that is
// not a user's mistake (lib.fail's { user_message = }) or a result that breaks
// an invariant. A bug aborts, so libFuzzer keeps the input.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "sandtable/lua/host.hpp"

namespace sandtable::fuzz {

class LuaHarness {
public:
  // `setup` is Lua code returning the run(text) function.
  explicit LuaHarness(std::string setup) : setup_(std::move(setup)) {}

  void run(const std::uint8_t* data, std::size_t size) {
    if (!host_ || host_->killed()) start();
    lua_State* L = host_->state();
    host_->reset_budget();
    lua_rawgeti(L, LUA_REGISTRYINDEX, run_ref_);
    lua_pushlstring(L, reinterpret_cast<const char*>(data), size);
    try {
      host_->call(1, 1);
    } catch (const LuaError& e) {
      if (host_->killed()) return;  // the budget or the memory cap: the sandbox did its job
      std::fprintf(stderr, "fuzz: the harness raised: %s\n", e.what());
      std::abort();
    }
    if (lua_type(L, -1) == LUA_TSTRING) {
      std::fprintf(stderr, "fuzz: bug: %s\n", lua_tostring(L, -1));
      std::abort();
    }
    lua_settop(L, 0);
  }

private:
  void start() {
    LuaHostOptions o;
    o.limits.instructions = 20'000'000;
    o.limits.memory_bytes = std::size_t{256} << 20;
    o.roots = {SANDTABLE_SOURCE_DIR};
    host_ = std::make_unique<LuaHost>(o);
    host_->load_text(setup_, "fuzz_harness.lua");
    host_->call(0, 1);
    run_ref_ = luaL_ref(host_->state(), LUA_REGISTRYINDEX);
  }

  std::string setup_;
  std::unique_ptr<LuaHost> host_;
  int run_ref_ = LUA_NOREF;
};

// The common Lua half: run(text) calls body(text) under pcall and reports
// any error that is not a user's mistake.
inline const char* kHarnessPrelude = R"(
local function classify(ok, err)
  if ok then return nil end
  if type(err) == "table" and type(err.user_message) == "string" then return nil end
  return "not a user error: " .. tostring(type(err) == "table" and err.user_message or err)
end
local function harness(body)
  return function(text) return classify(pcall(body, text)) end
end
)";

} // namespace sandtable::fuzz
