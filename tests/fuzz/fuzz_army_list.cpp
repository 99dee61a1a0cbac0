// libFuzzer target: army lists (Lua data files, here a Phalanx list, read as
// `sandtable check` reads one). Any text ends in the army or a list of
// problems (file, line, message): never a Lua error of the checker's own.
#include <cstdint>
#include <string>

#include "fuzz_lua.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 16384) return 0;
  static sandtable::fuzz::LuaHarness harness(std::string(sandtable::fuzz::kHarnessPrelude) + R"(
    local rules = require("lib.ruleset").load("phalanx")
    local armies = rules.require(rules.manifest.armies)
    local troops = rules.manifest.troops and rules.require(rules.manifest.troops) or nil
    return harness(function(text)
      local army, problems = armies.load_text(text, "armies/phalanx/fuzz.lua")
      if army then problems = armies.check(army, troops) end
      assert(type(problems) == "table", "no list of problems")
      for _, p in ipairs(problems) do
        assert(type(p.file) == "string" and math.type(p.line) == "integer" and type(p.message) == "string",
               "a problem without file, line and message")
      end
    end)
  )");
  harness.run(data, size);
  return 0;
}
