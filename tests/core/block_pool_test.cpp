// The Lua state's small-block allocator: blocks are distinct, aligned, big
// enough, reused after being given back, and a Lua state runs on it.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <set>
#include <vector>

#include "sandtable/lua/block_pool.hpp"
#include "sandtable/lua/host.hpp"

using sandtable::BlockPool;

TEST_CASE("BlockPool: distinct, 16-byte aligned blocks that hold what was asked", "[block_pool]") {
  BlockPool pool;
  std::vector<std::pair<unsigned char*, std::size_t>> blocks;
  for (std::size_t n = 1; n <= BlockPool::kLargest; ++n) {
    auto* p = static_cast<unsigned char*>(pool.take(n));
    REQUIRE(p != nullptr);
    REQUIRE(reinterpret_cast<std::uintptr_t>(p) % 16 == 0);
    std::memset(p, static_cast<int>(n & 0xff), n);
    blocks.emplace_back(p, n);
  }
  // No block was overwritten by another.
  for (const auto& [p, n] : blocks)
    for (std::size_t i = 0; i < n; ++i) REQUIRE(p[i] == static_cast<unsigned char>(n & 0xff));
  std::set<unsigned char*> distinct;
  for (const auto& b : blocks) distinct.insert(b.first);
  REQUIRE(distinct.size() == blocks.size());
}

TEST_CASE("BlockPool: a block given back is the next one of its size class", "[block_pool]") {
  BlockPool pool;
  void* a = pool.take(40);  // class 33..48
  void* b = pool.take(48);
  REQUIRE(a != b);
  pool.give(a, 40);
  CHECK(pool.take(33) == a);  // same class: reused
  pool.give(b, 48);
  CHECK(pool.take(64) != b);  // another class: not reused
  CHECK(BlockPool::same_class(33, 48));
  CHECK_FALSE(BlockPool::same_class(48, 49));
  CHECK(BlockPool::serves(BlockPool::kLargest));
  CHECK_FALSE(BlockPool::serves(BlockPool::kLargest + 1));
}

TEST_CASE("BlockPool: many blocks span several chunks", "[block_pool]") {
  BlockPool pool;
  const std::size_t count = 3 * BlockPool::kChunk / 64;
  std::vector<void*> blocks;
  for (std::size_t i = 0; i < count; ++i) blocks.push_back(pool.take(64));
  CHECK(pool.reserved() >= 3 * BlockPool::kChunk);
  for (void* p : blocks) pool.give(p, 64);
  const std::size_t reserved = pool.reserved();
  for (std::size_t i = 0; i < count; ++i) pool.take(64);
  CHECK(pool.reserved() == reserved);  // all reused, no new chunk
}

TEST_CASE("BlockPool: a Lua state grows and shrinks tables and strings across the pool and malloc", "[block_pool]") {
  sandtable::LuaHost host(sandtable::LuaHostOptions{});
  // Tables grow from small (pool) to large (malloc) and back when collected;
  // strings of every length from 1 to 600 bytes; the sums check the contents
  // survived every move.
  host.load_text(R"LUA(
    local t = {}
    for i = 1, 5000 do t[i] = i end
    local s = 0
    for i = 1, #t do s = s + t[i] end
    assert(s == 5000 * 5001 // 2)
    local parts = {}
    for n = 1, 600 do parts[n] = string.rep("x", n) end
    local total = 0
    for n = 1, 600 do total = total + #parts[n] end
    assert(total == 600 * 601 // 2)
    t, parts = nil, nil
    collectgarbage()
    local h = {}
    for i = 1, 2000 do h["k" .. i] = { i } end
    local c = 0
    for k, v in pairs(h) do c = c + v[1] end
    return c
  )LUA", "pool.lua");
  host.call(0, 1);
  CHECK(lua_tointeger(host.state(), -1) == 2000 * 2001 / 2);
}
