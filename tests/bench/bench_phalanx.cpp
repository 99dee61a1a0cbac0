// Benchmarks of the experiments issue (docs/performance.md records the figures):
//   1. one Phalanx melee by the ruleset's Lua code (explanations off) against a
//      bare hand-written Lua function doing the same table look-ups and die
//      roll, and against a native C++ reference of the same melee;
//   2. the exact distribution of a 20-die pool with re-rolls;
//   3. full Phalanx battles per second on 1 and 2 threads, and the speed-up;
//   4. peak Lua memory per worker and the time to a first battle result.
// Medians of several repetitions; ratios are what to compare across machines.
// Build and run: cmake --build build --target bench_phalanx && build/bench_phalanx
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "sandtable/dice.hpp"
#include "sandtable/dice_pool.hpp"
#include "sandtable/experiment/runner.hpp"
#include "sandtable/lua/host.hpp"

#include <spdlog/spdlog.h>

using namespace sandtable;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kReps = 7;

template <typename F>
double median_seconds(F f, int reps = kReps) {
  std::vector<double> s;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = Clock::now();
    f();
    s.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
  }
  std::sort(s.begin(), s.end());
  return s[s.size() / 2];
}

LuaHostOptions bench_host() {
  LuaHostOptions o;
  o.limits.instructions = 0;  // as the experiment runner's trials run
  return o;
}

// The Lua side: the ruleset's melee, and a bare function with the same
// look-ups (Table 7 both ways, Table 8) and one d6.
const char* kMeleeBench = R"LUA(
local ruleset = require("lib.ruleset")
local dice = require("sandtable.dice")
local rules = ruleset.load("phalanx")
rules.freeze()
local melee = rules.require("phalanx.melee")
local tables = rules.require("phalanx.tables")
local troops = rules.require("phalanx.troops")
local CF, RESULTS = tables.combat_factors, tables.combat_results
local classes = troops.classes
local a = { class = "HIS", integrity = "IV", army_class = "RA", accumulated_r = 0, accumulated_rr = 0 }
local d = { class = "HIN", integrity = "III", army_class = "RA", accumulated_r = 0, accumulated_rr = 0 }
local situation = { attacker = {}, defender = {} }
local source = dice.random(1)

local function bare(att, def, src)
  local a_cf = CF[att.class][classes[def.class].general == "FOOT" and "foot" or "mounted"][att.integrity]
  local d_cf = CF[def.class][classes[att.class].general == "FOOT" and "foot" or "mounted"][def.integrity]
  local diff = a_cf - d_cf
  local die = src:roll(6)
  local band
  if diff <= -3 then band = RESULTS.minus_3_or_more
  elseif diff < 0 then band = RESULTS.minus_1_or_2
  elseif diff == 0 then band = RESULTS.even
  elseif diff <= 2 then band = RESULTS.plus_1_or_2
  else band = RESULTS.plus_3_or_more end
  return band[die]
end

return {
  ruleset = function(n) for _ = 1, n do melee.adjudicate(a, d, situation, source) end end,
  ruleset_table = function(n) for _ = 1, n do melee.resolve(a, d, situation, source, false) end end,
  bare = function(n) for _ = 1, n do bare(a, d, source) end end,
  empty = function(n) for _ = 1, n do end end,
}
)LUA";

double lua_loop_seconds(LuaHost& host, int fns_ref, const char* name, int n) {
  lua_State* L = host.state();
  return median_seconds([&] {
    lua_rawgeti(L, LUA_REGISTRYINDEX, fns_ref);
    lua_getfield(L, -1, name);
    lua_pushinteger(L, n);
    host.call(1, 0);
    lua_pop(L, 1);
  });
}

// Native reference: Table 7 rows for HIS and HIN and Table 8, as C++ arrays.
int native_melee(RandomSource& dice) {
  static const int his_vs_foot[5] = {4, 5, 6, 7, 9};
  static const int hin_vs_foot[5] = {3, 4, 5, 6, 7};
  static const char* even[6] = {"B/S", "R/S", "R/S", "S/R", "S/R", "S/B"};
  static const char* other[6] = {"R/S", "R/S", "S/R", "S/R", "S/B", "S/B"};
  const int diff = his_vs_foot[3] - hin_vs_foot[2];
  const int die = dice.roll(6);
  return diff == 0 ? even[die - 1][0] : other[die - 1][0];
}

} // namespace

int main() {
  spdlog::set_level(spdlog::level::warn);
  std::printf("Sandtable benchmarks (medians of %d runs)\n\n", kReps);

  // 1. Melee.
  {
    LuaHost host(bench_host());
    host.load_text(kMeleeBench, "bench_melee.lua");
    host.call(0, 1);
    const int fns = luaL_ref(host.state(), LUA_REGISTRYINDEX);
    const int n = 1'000'000;
    const double empty = lua_loop_seconds(host, fns, "empty", n);
    const double ruleset = (lua_loop_seconds(host, fns, "ruleset", n) - empty) / n;
    const double ruleset_table = (lua_loop_seconds(host, fns, "ruleset_table", n) - empty) / n;
    const double bare = (lua_loop_seconds(host, fns, "bare", n) - empty) / n;
    RandomSource dice(1);
    volatile int sink = 0;
    const double native = median_seconds([&] {
      for (int i = 0; i < n; ++i) sink = sink + native_melee(dice);
    }) / n;
    std::printf("Phalanx melee (HIS IV vs HIN III, no explanation)\n");
    std::printf("  ruleset Lua code      %8.1f ns   melee.adjudicate: results as values\n", ruleset * 1e9);
    std::printf("    as a result table   %8.1f ns   melee.resolve(..., false): %.2fx bare\n", ruleset_table * 1e9,
                ruleset_table / bare);
    std::printf("  bare Lua function     %8.1f ns   ruleset / bare   = %.2fx (goal <= 2x)\n", bare * 1e9,
                ruleset / bare);
    std::printf("  native C++ reference  %8.1f ns   ruleset / native = %.1fx\n\n", native * 1e9,
                ruleset / native);
  }

  // 2. Dice pool.
  {
    PoolSpec pool{20, 6, 4, {1, 2}};
    const int n = 10000;
    volatile double sink = 0;
    const double t = median_seconds([&] {
      for (int i = 0; i < n; ++i) sink = sink + pool_hits_distribution(pool)[10];
    }) / n;
    std::printf("Exact distribution of 20 dice hitting on 4+ re-rolling 1s and 2s: %.2f us (goal < 1 ms)\n\n",
                t * 1e6);
  }

  // 3 and 4. Battles.
  {
    experiment::Spec spec;
    spec.module = "lib.battle_trial";
    spec.variants.push_back({"default", Value(Value::Map{{"scenario", "scenarios/phalanx/bench.yaml"}})});
    spec.trials = 400;
    spec.seed = 7;
    spec.host.limits.instructions = 100'000'000;
    double rate[3] = {0, 0, 0};
    for (unsigned threads : {1u, 2u}) {
      spec.threads = threads;
      const double s = median_seconds([&] { experiment::run(spec, nullptr, nullptr); }, 3);
      rate[threads] = static_cast<double>(spec.trials) / s;
      std::printf("Phalanx battles, default AI vs default AI, %u thread(s): %.0f battles/s\n", threads, rate[threads]);
    }
    std::printf("  speed-up 1 -> 2 threads: %.2fx (goal >= 1.8x); goal 1000 battles/s on 2 cores\n\n",
                rate[2] / rate[1]);

    // The cost the watchdog design keeps off the hot path: the same battles in
    // one state with the count hook (an instruction budget) and without it.
    for (const bool hook : {true, false}) {
      LuaHostOptions o = bench_host();
      o.limits.instructions = hook ? 1'000'000'000'000ULL : 0;
      LuaHost h(o);
      lua_State* L = h.state();
      h.require("lib.battle_trial");
      const int module = lua_gettop(L);
      lua_getfield(L, module, "prepare");
      lua_createtable(L, 0, 1);
      lua_pushstring(L, "scenarios/phalanx/bench.yaml");
      lua_setfield(L, -2, "scenario");
      h.call(1, 1);
      const int prepared = lua_gettop(L);
      const int battles = 60;
      const double t = median_seconds([&] {
        for (int i = 1; i <= battles; ++i) {
          lua_getfield(L, module, "trial");
          lua_pushvalue(L, prepared);
          lua_pushinteger(L, i);
          h.reset_budget();
          h.call(2, 0);
        }
      }, 3) / battles;
      std::printf("  one battle, %s: %.2f ms\n", hook ? "instruction budget (count hook on)" : "watchdog only (no hook)",
                  t * 1e3);
    }

    const auto t0 = Clock::now();
    LuaHost host(bench_host());
    host.require("lib.battle_trial");
    lua_getfield(host.state(), -1, "prepare");
    lua_createtable(host.state(), 0, 1);
    lua_pushstring(host.state(), "scenarios/phalanx/bench.yaml");
    lua_setfield(host.state(), -2, "scenario");
    host.call(1, 1);
    const double prepared = std::chrono::duration<double>(Clock::now() - t0).count();
    lua_getfield(host.state(), -2, "trial");
    lua_pushvalue(host.state(), -2);
    lua_pushinteger(host.state(), 1);
    host.call(2, 1);
    const double first = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf("Start-up: ruleset loaded and armies checked in %.1f ms, first battle result at %.1f ms\n",
                prepared * 1e3, first * 1e3);
    std::printf("Peak Lua memory of one worker after a battle: %.2f MiB\n",
                static_cast<double>(host.memory_peak()) / (1 << 20));
  }
  return 0;
}
