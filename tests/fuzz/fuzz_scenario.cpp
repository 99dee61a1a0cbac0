// libFuzzer target: YAML scenarios. The core's reader either gives a value or
// a located error (never a crash, a hang or a "bad file"); a value written
// back as YAML reads back the same. Then the scenario reader
// (scripts/lib/scenario.lua) takes the text: it may refuse it only with a
// user's error (file, line, what was expected), never a Lua error of its own.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz_lua.hpp"
#include "sandtable/errors.hpp"
#include "sandtable/yaml_io.hpp"

using namespace sandtable;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 16384) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  Value v;
  try {
    v = parse_yaml(text, "fuzz.yaml");
  } catch (const LocatedError&) {
    return 0;
  }
  const std::string again = to_yaml(v);
  Value back;
  try {
    back = parse_yaml(again, "again.yaml");
  } catch (const Error& e) {
    std::fprintf(stderr, "fuzz: the YAML written back does not read: %s\n%s\n", e.what(), again.c_str());
    std::abort();
  }
  if (!(back == v)) {
    std::fprintf(stderr, "fuzz: YAML round trip changed the value:\n%s\n%s\n", v.to_json().c_str(),
                 back.to_json().c_str());
    std::abort();
  }
  static fuzz::LuaHarness harness(std::string(fuzz::kHarnessPrelude) + R"(
    local scenario = require("lib.scenario")
    return harness(function(text) return scenario.parse(text, "fuzz.yaml", ".") end)
  )");
  harness.run(data, size);
  return 0;
}
