// The process-wide cache of compiled chunks (chunk_cache.hpp).
#include "sandtable/lua/chunk_cache.hpp"

#include <lua.hpp>

#include <atomic>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

namespace sandtable::lua {
namespace {

struct Cache {
  std::shared_mutex mutex;
  std::unordered_map<std::string, std::string> bytecode;  // key: chunkname '\0' text
  std::size_t bytes = 0;
  std::atomic<std::size_t> compiled{0}, reused{0};
};

Cache& cache() {
  static Cache c;
  return c;
}

// Enough for every shipped ruleset many times over; past it chunks are
// simply compiled each time.
constexpr std::size_t kMaxBytes = std::size_t{64} << 20;

int append(lua_State*, const void* p, std::size_t size, void* ud) {
  static_cast<std::string*>(ud)->append(static_cast<const char*>(p), size);
  return 0;
}

}  // namespace

int load_text_cached(lua_State* L, const std::string& text, const std::string& chunkname) {
  std::string key;
  key.reserve(chunkname.size() + 1 + text.size());
  key.append(chunkname).push_back('\0');
  key.append(text);
  Cache& c = cache();
  {
    std::shared_lock lock(c.mutex);
    const auto it = c.bytecode.find(key);
    if (it != c.bytecode.end()) {
      ++c.reused;
      return luaL_loadbufferx(L, it->second.data(), it->second.size(), chunkname.c_str(), "b");
    }
  }
  const int status = luaL_loadbufferx(L, text.data(), text.size(), chunkname.c_str(), "t");
  if (status != LUA_OK) return status;
  ++c.compiled;
  std::string code;
  lua_dump(L, append, &code, 0);  // debug info kept: same lines in tracebacks
  std::unique_lock lock(c.mutex);
  if (c.bytes + key.size() + code.size() <= kMaxBytes && c.bytecode.find(key) == c.bytecode.end()) {
    c.bytes += key.size() + code.size();
    c.bytecode.emplace(std::move(key), std::move(code));
  }
  return status;
}

ChunkCacheStats chunk_cache_stats() {
  return {cache().compiled.load(), cache().reused.load()};
}

}  // namespace sandtable::lua
