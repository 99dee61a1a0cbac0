// sandtable.experiment: the parallel runner, driven from a Lua script
// (`sandtable run scripts/experiments/NAME.lua`).
#include <fmt/format.h>

#include "sandtable/experiment/report.hpp"
#include "sandtable/experiment/stats.hpp"
#include "sandtable/lua/convert.hpp"
#include "sandtable/lua/host.hpp"
#include "sandtable/lua/modules.hpp"

namespace sandtable::lua {
namespace {

// experiment.run{ module=, variants={ {name=, params=}, ... }, trials=, seed=,
//                 threads=, until_ci=, max_trials=, trial_timeout= } -> summary
int experiment_run(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const Value spec_v = to_value(L, 1, "experiment.run");
  experiment::Spec spec;
  if (!spec_v["module"].is_string()) throw Error("experiment.run: 'module' (a trial module name) is required");
  spec.module = spec_v["module"].as_string();
  auto integer = [&](const char* key, std::uint64_t fallback) {
    const Value& x = spec_v[key];
    if (x.is_null()) return fallback;
    if (!x.is_int() || x.as_int() < 0) throw Error(fmt::format("experiment.run: '{}' must be a non-negative integer", key));
    return static_cast<std::uint64_t>(x.as_int());
  };
  spec.trials = integer("trials", 1000);
  spec.seed = integer("seed", 1);
  const std::uint64_t threads = integer("threads", 0);
  if (threads > experiment::kMaxThreads)
    throw Error(fmt::format("experiment.run: 'threads' is {}; expected at most {}", threads, experiment::kMaxThreads));
  spec.threads = static_cast<unsigned>(threads);
  if (spec_v["until_ci"].is_number()) {
    spec.until_ci = spec_v["until_ci"].as_number();
    spec.batch = spec.trials;
    spec.trials = integer("max_trials", 100000);
  }
  if (spec_v["trial_timeout"].is_number()) spec.watchdog_seconds = spec_v["trial_timeout"].as_number();
  if (spec_v["variants"].is_list()) {
    for (const auto& v : spec_v["variants"].as_list()) {
      if (!v["name"].is_string()) throw Error("experiment.run: each variant needs a 'name'");
      spec.variants.push_back({v["name"].as_string(), v["params"]});
    }
  } else {
    spec.variants.push_back({"default", spec_v["params"]});
  }
  spec.host = LuaHost::of(L).options();
  const double until = spec.until_ci;
  const auto outcome = experiment::run(spec, experiment::terminal_progress(), [until](const experiment::Outcome& o) {
    return experiment::widest_half_width(o) < until;
  });
  Value summary = experiment::summarize(spec, outcome);
  if (spec_v["keep_results"].is_bool() && spec_v["keep_results"].as_bool()) {
    // every trial's own result, for a script that measures more than the
    // summary does: results[v][i] = { seed =, result = } or { seed =, error = }
    Value all(Value::List{});
    for (const auto& variant : outcome.results) {
      Value list(Value::List{});
      for (const auto& t : variant) {
        Value one(Value::Map{{"seed", static_cast<std::int64_t>(t.seed)}});
        if (t.failed) one.set("error", t.error);
        else one.set("result", t.result);
        list.push(std::move(one));
      }
      all.push(std::move(list));
    }
    summary.set("results", all);
  }
  summary.set("seconds", outcome.seconds);
  summary.set("threads", static_cast<std::int64_t>(outcome.threads));
  push_value(L, summary);
  return 1;
}

int experiment_wilson(lua_State* L) {
  const auto k = check_integer(L, 1, "successes");
  const auto n = check_integer(L, 2, "trials");
  if (k < 0 || n < 0 || k > n) return luaL_error(L, "experiment.wilson: need 0 <= successes <= trials");
  const auto i = experiment::wilson(static_cast<std::uint64_t>(k), static_cast<std::uint64_t>(n));
  lua_pushnumber(L, i.rate);
  lua_pushnumber(L, i.low);
  lua_pushnumber(L, i.high);
  return 3;
}

const std::vector<Binding> kBindings = {
    {"run",
     "experiment.run{module=, variants={ {name=, params=} }, trials=1000, seed=1, threads=all, until_ci=?, "
     "max_trials=?, trial_timeout=30, keep_results=false} -> summary",
     "Runs a trial module (prepare(params), trial(prepared, seed)) on every core; returns rates with 95% intervals "
     "per variant and paired differences (with keep_results, also results[v][i] = {seed=, result=|error=}, every "
     "trial's own). Results do not depend on the thread count.",
     guarded<experiment_run>},
    {"wilson", "experiment.wilson(k, n) -> rate, low, high", "The 95% Wilson interval of k successes in n trials.",
     guarded<experiment_wilson>},
};

} // namespace

Module experiment_module() {
  return Module{"sandtable.experiment", "The parallel experiment runner.", &kBindings, nullptr};
}

} // namespace sandtable::lua
