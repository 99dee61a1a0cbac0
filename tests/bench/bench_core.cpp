// Benchmarks of the core (measurements, not tests):
//   cmake --build build --target bench_core && build/bench_core
// Each figure is the median of 7 repetitions, in nanoseconds per operation.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <vector>

#include "sandtable/dice.hpp"
#include "sandtable/dice_expr.hpp"
#include "sandtable/lua/host.hpp"

using namespace sandtable;

namespace {

volatile std::int64_t g_sink = 0;

// Median over 7 repetitions of `body` (which does `ops` operations), ns/op.
double median_ns(std::uint64_t ops, const std::function<void()>& body) {
  std::vector<double> samples;
  for (int rep = 0; rep < 7; ++rep) {
    const auto start = std::chrono::steady_clock::now();
    body();
    const auto end = std::chrono::steady_clock::now();
    samples.push_back(std::chrono::duration<double, std::nano>(end - start).count() / static_cast<double>(ops));
  }
  std::sort(samples.begin(), samples.end());
  return samples[3];
}

constexpr const char* kLuaLoops = R"LUA(
local dice = require("sandtable.dice")
local source = dice.random(1)
local function calls(n)
  local s = 0
  for _ = 1, n do s = s + source:roll(6) end
  return s
end
local function empty(n)
  local s = 0
  for _ = 1, n do s = s + 1 end
  return s
end
return calls, empty
)LUA";

struct LuaLoops {
  LuaHost host;
  explicit LuaLoops(std::uint64_t instructions)
      : host([&] {
          LuaHostOptions o;
          o.limits.instructions = instructions;
          return o;
        }()) {
    host.load_text(kLuaLoops, "bench_core.lua");
    host.call(0, 2);  // stack: calls, empty
  }
  // Runs the function at stack index `index` (1 = calls, 2 = empty) with n.
  void run(int index, std::int64_t n) {
    lua_State* L = host.state();
    host.reset_budget();
    lua_pushvalue(L, index);
    lua_pushinteger(L, n);
    host.call(1, 1);
    g_sink = g_sink + lua_tointeger(L, -1);
    lua_pop(L, 1);
  }
};

} // namespace

int main() {
  constexpr std::uint64_t kRolls = 10'000'000;
  RandomSource source(1, 0);
  const double d6 = median_ns(kRolls, [&] {
    std::int64_t s = 0;
    for (std::uint64_t i = 0; i < kRolls; ++i) s += source.roll(6);
    g_sink = g_sink + s;
  });

  const DiceExpr two_d6 = DiceExpr::parse("2d6");
  constexpr std::uint64_t kExprs = 5'000'000;
  const double expr = median_ns(kExprs, [&] {
    std::int64_t s = 0;
    for (std::uint64_t i = 0; i < kExprs; ++i) s += two_d6.roll(source);
    g_sink = g_sink + s;
  });

  constexpr std::int64_t kCalls = 1'000'000;
  LuaLoops hooked(4'000'000'000'000'000'000ULL);  // a budget never reached: the count hook runs
  LuaLoops unhooked(0);                           // 0 = unlimited: no hook at all
  const double call_loop = median_ns(kCalls, [&] { unhooked.run(1, kCalls); });
  const double empty_loop = median_ns(kCalls, [&] { unhooked.run(2, kCalls); });
  const double call_loop_hooked = median_ns(kCalls, [&] { hooked.run(1, kCalls); });
  const double empty_loop_hooked = median_ns(kCalls, [&] { hooked.run(2, kCalls); });

  std::printf("d6 roll through RandomSource           %8.2f ns/op\n", d6);
  std::printf("2d6 DiceExpr roll                      %8.2f ns/op\n", expr);
  std::printf("Lua loop calling source:roll(6)        %8.2f ns/iteration (no hook)\n", call_loop);
  std::printf("Lua empty loop (s = s + 1)             %8.2f ns/iteration (no hook)\n", empty_loop);
  std::printf("one Lua-to-C call (difference)         %8.2f ns/op\n", call_loop - empty_loop);
  std::printf("Lua loop calling source:roll(6)        %8.2f ns/iteration (count hook)\n", call_loop_hooked);
  std::printf("Lua empty loop (s = s + 1)             %8.2f ns/iteration (count hook)\n", empty_loop_hooked);
  std::printf("count hook cost, calling loop          %8.2fx\n", call_loop_hooked / call_loop);
  std::printf("count hook cost, pure Lua loop         %8.2fx\n", empty_loop_hooked / empty_loop);
  return g_sink == 42 ? 1 : 0;  // keep the sink alive
}
