// The experiment runner keeps variants apart: a variant whose prepare()
// fails fails its own trials only, and after the watchdog stops one trial of a
// variant, that variant's trials not yet started are skipped.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "sandtable/experiment/runner.hpp"

using namespace sandtable;
using Catch::Contains;

namespace {

// A trial module in a temporary folder of this process's own (found through
// extra_dirs). CTest runs each test case as a process, two at once: a folder
// shared between them let one truncate the module while the other loaded it,
// and its trials failed now and then.
std::string module_dir() {
  const auto dir = std::filesystem::temp_directory_path() / ("sandtable_runner_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "runner_trial_module.lua") << R"LUA(
local m = {}
function m.prepare(params)
  if params.bad then error("variant cannot prepare: " .. params.bad) end
  return params
end
function m.trial(prepared, seed)
  if prepared.loop then while true do end end
  return { winner = 1, turns = 1 }
end
return m
)LUA";
  return dir.string();
}

experiment::Spec spec_with(std::vector<experiment::Variant> variants) {
  experiment::Spec spec;
  spec.module = "runner_trial_module";
  spec.variants = std::move(variants);
  spec.trials = 6;
  spec.threads = 1;
  spec.host.roots = {SANDTABLE_SOURCE_DIR};
  spec.host.extra_dirs = {module_dir()};
  return spec;
}

} // namespace

TEST_CASE("a variant that cannot prepare fails only its own trials") {
  auto spec = spec_with({{"baseline", Value(Value::Map{})},
                         {"bad", Value(Value::Map{{"bad", std::string("broken.lua")}})},
                         {"good", Value(Value::Map{})}});
  const auto out = experiment::run(spec, nullptr, nullptr);
  for (std::size_t v : {0u, 2u})
    for (const auto& t : out.results[v]) CHECK_FALSE(t.failed);
  for (const auto& t : out.results[1]) {
    CHECK(t.failed);
    CHECK_THAT(t.error, Contains("variant cannot prepare: broken.lua"));
  }
}

TEST_CASE("after the watchdog stops a trial, the variant's other trials are skipped") {
  auto spec = spec_with({{"baseline", Value(Value::Map{})}, {"loop", Value(Value::Map{{"loop", true}})}});
  spec.watchdog_seconds = 0.3;
  const auto out = experiment::run(spec, nullptr, nullptr);
  REQUIRE(out.stopped.size() == 2);
  CHECK(out.stopped[0].empty());
  CHECK_THAT(out.stopped[1], Contains("trial 0"));
  CHECK(out.results[1][0].failed);
  CHECK_THAT(out.results[1][0].error, Contains("trial stopped by the watchdog"));
  for (std::size_t i = 1; i < out.results[1].size(); ++i) CHECK(out.results[1][i].skipped);
  for (const auto& t : out.results[0]) CHECK_FALSE(t.failed);

  // Asked to go on, every trial runs (and each is stopped).
  spec.stop_variant_on_timeout = false;
  spec.trials = 2;
  const auto all = experiment::run(spec, nullptr, nullptr);
  for (const auto& t : all.results[1]) CHECK((t.failed && !t.skipped));
}
