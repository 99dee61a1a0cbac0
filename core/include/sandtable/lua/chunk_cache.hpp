#pragma once
// Compiled chunks shared by every Lua state of the process. A sim run loads
// every ruleset module once per worker and again per ruleset instance
// (variants, extends chains); parsing was half the fixed cost of a run
// (callgrind: luaL_loadbufferx 133 M of 263 M instructions for two trials).
// The first load of a (name, text) compiles it; later loads undump the
// bytecode this process made from that same text, so behaviour, line
// numbers and tracebacks are identical. Only text the host read is ever
// compiled: scripts still cannot load binary chunks.
#include <cstddef>
#include <string>

struct lua_State;

namespace sandtable::lua {

// Pushes the chunk (as luaL_loadbufferx with mode "t" would) and returns its
// status; on an error the message is on the stack and nothing is cached.
int load_text_cached(lua_State* L, const std::string& text, const std::string& chunkname);

// How many loads compiled text and how many undumped cached bytecode, since
// the process started (for tests and -vv diagnostics).
struct ChunkCacheStats {
  std::size_t compiled = 0, reused = 0;
};
ChunkCacheStats chunk_cache_stats();

}  // namespace sandtable::lua
