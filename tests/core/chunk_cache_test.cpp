// The process-wide chunk cache (chunk_cache.hpp): a text is compiled once,
// later states undump it and behave the same, errors are never cached.
#include <catch2/catch.hpp>

#include <string>

#include "sandtable/lua/chunk_cache.hpp"
#include "sandtable/lua/host.hpp"

using namespace sandtable;

namespace {

LuaHostOptions options() {
  LuaHostOptions o;
  o.roots = {SANDTABLE_SOURCE_DIR};
  return o;
}

// Runs `code` as `name` in a fresh state and returns its result as text, or
// the error's message.
std::string run_fresh(const std::string& code, const std::string& name) {
  LuaHost host(options());
  try {
    host.load_text(code, name);
    host.call(0, 1);
  } catch (const std::exception& e) {
    return e.what();
  }
  lua_State* L = host.state();
  std::string out = luaL_tolstring(L, -1, nullptr);
  lua_pop(L, 2);
  return out;
}

}  // namespace

TEST_CASE("chunk cache: a text is compiled once; later states reuse it with the same results", "[lua][cache]") {
  const std::string code = "local t = {} for i = 1, 10 do t[i] = i * i end return t[7] + #t -- cache test one\n";
  const auto before = lua::chunk_cache_stats();
  CHECK(run_fresh(code, "cache_one.lua") == "59");
  const auto once = lua::chunk_cache_stats();
  CHECK(once.compiled == before.compiled + 1);
  CHECK(run_fresh(code, "cache_one.lua") == "59");
  CHECK(run_fresh(code, "cache_one.lua") == "59");
  const auto thrice = lua::chunk_cache_stats();
  CHECK(thrice.compiled == once.compiled);
  CHECK(thrice.reused == once.reused + 2);
}

TEST_CASE("chunk cache: a reused chunk reports the same file and line in its errors", "[lua][cache]") {
  const std::string code = "local x = 1\nlocal y = 2\nerror('third line')\n";
  const std::string first = run_fresh(code, "cache_lines.lua");
  const std::string second = run_fresh(code, "cache_lines.lua");
  CHECK(first == second);
  CHECK_THAT(second, Catch::Contains("cache_lines.lua:3: third line"));
}

TEST_CASE("chunk cache: the same text under another name, or another text, is compiled anew", "[lua][cache]") {
  const auto before = lua::chunk_cache_stats();
  CHECK(run_fresh("return 'a' -- cache test two", "cache_two.lua") == "a");
  CHECK(run_fresh("return 'a' -- cache test two", "cache_three.lua") == "a");
  CHECK(run_fresh("return 'b' -- cache test two", "cache_two.lua") == "b");
  CHECK(lua::chunk_cache_stats().compiled == before.compiled + 3);
}

TEST_CASE("chunk cache: a syntax error is reported each time and never cached", "[lua][cache]") {
  const auto before = lua::chunk_cache_stats();
  const std::string bad = "return 1 +\n";
  CHECK_THAT(run_fresh(bad, "cache_bad.lua"), Catch::Contains("cache_bad.lua"));
  CHECK_THAT(run_fresh(bad, "cache_bad.lua"), Catch::Contains("cache_bad.lua"));
  CHECK(lua::chunk_cache_stats().compiled == before.compiled);
  CHECK(lua::chunk_cache_stats().reused == before.reused);
}
