// bf:overlapping_unit finds, in the core, the first unit on a unit's layer
// whose base overlaps its base by more than a slack. Its answers must be
// those of the test made in Lua with bf:within (the units touching it) and
// battlefield.overlapping_bases on each pair of the same layer: random
// bases of many sizes and facings, some set edge to edge or a little into
// each other, two layers, removed units.
#include <catch2/catch.hpp>

#include <string>

#include "sandtable/lua/host.hpp"

using namespace sandtable;

namespace {

constexpr const char* kOverlapScript = R"lua(
local B = require("sandtable.battlefield")
local seed = 2024
local function rand(lo, hi)  -- a small LCG: the same cases on every run
  seed = (seed * 1103515245 + 12345) % 2147483648
  return lo + (hi - lo) * seed / 2147483648
end
local bf = B.new{ width = 1200, depth = 800 }
local ids = {}
for k = 1, 16 do
  ids[k] = bf:add_unit{ side = k % 2 + 1, name = "u" .. k, x = rand(100, 1100), y = rand(100, 700),
                        facing = rand(-180, 180), width = rand(20, 160), depth = rand(10, 60) }
end
bf:set_layer(ids[16], 1)
bf:set_layer(ids[15], 1)
local function lua_first(uid, slack)
  local found, dists = {}, {}
  local n = bf:within(uid, 0 + 1e-6, 0, found, dists)
  local u = bf:unit(uid)
  local x, y, f = bf:pos(uid)
  for i = 1, n do
    local v = bf:unit(found[i])
    if v.layer == u.layer then
      local ox, oy, of = bf:pos(found[i])
      if #B.overlapping_bases({ x, ox }, { y, oy }, { f, of }, { u.width, v.width }, { u.depth, v.depth }, slack) > 0 then
        return found[i]
      end
    end
  end
  return nil
end
local yes, no = 0, 0
for step = 1, 3000 do
  for k = 1, #ids do
    local x, y, f = rand(300, 700), rand(200, 500), step % 4 == 0 and 0 or rand(-180, 180)
    if not bf:unit(ids[k]).removed then bf:place(ids[k], x, y, f) end
  end
  if step % 3 == 0 then  -- edge to edge, or 0.3 mm into each other
    local a, b = bf:unit(ids[1]), bf:unit(ids[2])
    bf:place(ids[1], 500, 300, 0)
    bf:place(ids[2], 500, 300 + (a.depth + b.depth) / 2 + (step % 6 == 0 and 0 or -0.3), 0)
  end
  if step == 1500 then bf:remove(ids[3]) end
  local slack = step % 2 == 0 and 0.5 or 0
  for k = 1, #ids do
    if not bf:unit(ids[k]).removed then
      local want, got = lua_first(ids[k], slack), bf:overlapping_unit(ids[k], slack)
      if want ~= got then return string.format("step %d, unit %d: core %s, Lua %s", step, ids[k], got, want) end
      if want then yes = yes + 1 else no = no + 1 end
    end
  end
end
if yes < 1000 or no < 1000 then return string.format("too few of a kind: %d overlapping, %d not", yes, no) end
return "ok"
)lua";

}  // namespace

TEST_CASE("bf:overlapping_unit answers as bf:within and battlefield.overlapping_bases do", "[battlefield]") {
  LuaHostOptions options;
  options.roots = {SANDTABLE_SOURCE_DIR};
  LuaHost host(options);
  host.load_text(kOverlapScript, "overlapping_unit_test.lua");
  host.call(0, 1);
  lua_State* L = host.state();
  const std::string out = lua_tostring(L, -1);
  lua_pop(L, 1);
  CHECK(out == "ok");
}
