// libFuzzer target: replay logs (JSON lines, `sandtable replay`). Any text
// ends in a page or a user's error naming the line and column: never a Lua
// error of the decoder or the page builder, and a page made from a log has
// its Content-Security-Policy.
#include <cstdint>
#include <string>

#include "fuzz_lua.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 16384) return 0;
  static sandtable::fuzz::LuaHarness harness(std::string(sandtable::fuzz::kHarnessPrelude) + R"(
    local replay = require("lib.replay")
    return harness(function(text)
      local page = replay.from_log(text, "fuzz.jsonl")
      assert(page:find('http-equiv="Content-Security-Policy"', 1, true), "a page without its policy")
    end)
  )");
  harness.run(data, size);
  return 0;
}
