// bf:query reads a spatial index that moves only mark as out of date (it is
// brought up to date when next read). Its answers must be those of an index
// built afresh from the same positions: a snapshot's, which files every base
// when it is made.
#include <catch2/catch.hpp>

#include <string>

#include "sandtable/lua/host.hpp"

using namespace sandtable;

namespace {

constexpr const char* kScript = R"lua(
local B = require("sandtable.battlefield")
local seed = 12345
local function rand(lo, hi)  -- a small LCG: the same cases on every run
  seed = (seed * 1103515245 + 12345) % 2147483648
  return lo + (hi - lo) * seed / 2147483648
end
local bf = B.new{ width = 1200, depth = 800 }
local ids = {}
for k = 1, 16 do
  ids[k] = bf:add_unit{ side = 1 + k % 2, x = rand(100, 1100), y = rand(100, 700),
                        facing = rand(-180, 180), width = rand(20, 120), depth = rand(10, 60) }
end
local removed = {}
local function same(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do
    if a[i].id ~= b[i].id or a[i].distance ~= b[i].distance then return false end
  end
  return true
end
local checked, answers = 0, 0
for step = 1, 3000 do
  local id = ids[1 + math.floor(rand(0, 16))]
  local what = rand(0, 1)
  if removed[id] then
    bf:bring_back(id, rand(100, 1100), rand(100, 700), rand(-180, 180))
    removed[id] = nil
  elseif what < 0.05 then
    bf:remove(id)
    removed[id] = true
  elseif what < 0.5 then
    bf:move(id, "advance", rand(-100, 200))
  elseif what < 0.8 then
    bf:move(id, "turn", rand(-120, 120))
  else
    bf:move(id, "slide", rand(-80, 80), rand(-80, 80))
  end
  -- Query only now and then, so that several moves pile up between reads.
  if step % 7 == 0 then
    local fresh = bf:snapshot()
    for _, of in ipairs(ids) do
      if not removed[of] then
        local within = rand(0, 400)
        local got = bf:query{ of = of, within = within }
        if not same(got, fresh:query{ of = of, within = within }) then
          return "step " .. step .. ": query of " .. of .. " differs"
        end
        checked, answers = checked + 1, answers + #got
      end
    end
  end
end
return string.format("ok %d %s", checked, answers > checked and "many" or "few")
)lua";

}  // namespace

TEST_CASE("bf:query answers as an index built afresh, however moves pile up", "[battlefield][spatial]") {
  LuaHostOptions options;
  options.roots = {SANDTABLE_SOURCE_DIR};
  LuaHost host(options);
  host.load_text(kScript, "battlefield_index_test.lua");
  host.call(0, 1);
  lua_State* L = host.state();
  const std::string out = lua_tostring(L, -1);
  lua_pop(L, 1);
  CHECK(out.rfind("ok ", 0) == 0);
  CHECK(out.find("many") != std::string::npos);
  INFO(out);
  CHECK(out.size() > 8);
}

namespace {

// bf:terrain_probe remembers the key strings it has read (by address). The
// answers must be those of a battlefield reading them for the first time,
// whether the keys table is reused, edited, or made of new (long, not
// interned) strings that the collector may free between calls.
constexpr const char* kProbeScript = R"lua(
local B = require("sandtable.battlefield")
local seed = 777
local function rand(lo, hi)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return lo + (hi - lo) * seed / 2147483648
end
local bf = B.new{ width = 1200, depth = 800 }
for k = 1, 12 do
  local x, y, r = rand(100, 1100), rand(100, 700), rand(30, 120)
  if k % 2 == 0 then
    bf:add_terrain{ type = k % 4 == 0 and "wood" or "marsh", circle = { x, y, r } }
  else
    bf:add_terrain{ type = "hill", polygon = { x - r, y - r, x + r, y - r, x + r * 0.5, y + r, x - r, y + r * 0.7 },
                    [string.rep("very_long_attribute_name_", 3)] = true }
  end
end
bf:terrain_type("wood", { rough = true, cover = true })
bf:terrain_type("marsh", { rough = true, wet = true })
bf:terrain_type("hill", { high = true })
local long = string.rep("very_long_attribute_name_", 3)
local shared = { "rough", "@cover", "wet", "@high", "high" }
local hits = 0
for step = 1, 600 do
  if step % 50 == 0 then shared[1], shared[3] = shared[3], shared[1] end  -- edited in place
  if step % 97 == 0 then collectgarbage() end
  local keys = shared
  if step % 3 == 0 then keys = { "@" .. string.rep("very_long_attribute_name_", 3), "cover", string.rep("very_long_attribute_name_", 3) } end
  local x, y, f, w, d = rand(0, 1200), rand(0, 800), rand(-180, 180), rand(20, 120), rand(10, 60)
  local got = { bf:terrain_probe(x, y, f, w, d, keys) }
  local fresh_keys = {}
  for i, key in ipairs(keys) do fresh_keys[i] = key end
  local want = { bf:snapshot():terrain_probe(x, y, f, w, d, fresh_keys) }
  for i = 1, #keys do
    if got[i] ~= want[i] then return "step " .. step .. ": key " .. keys[i] .. " differs" end
    if got[i] then hits = hits + 1 end
  end
end
return hits > 200 and "ok" or ("few hits " .. hits)
)lua";

}  // namespace

TEST_CASE("bf:terrain_probe answers as a battlefield reading its keys afresh", "[battlefield][terrain]") {
  LuaHostOptions options;
  options.roots = {SANDTABLE_SOURCE_DIR};
  LuaHost host(options);
  host.load_text(kProbeScript, "terrain_probe_keys_test.lua");
  host.call(0, 1);
  lua_State* L = host.state();
  const std::string out = lua_tostring(L, -1);
  lua_pop(L, 1);
  CHECK(out == "ok");
}
