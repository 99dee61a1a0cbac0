// bf:terrain_under and bf:terrain_ids_under keep each unit's answer while its
// base and the terrain's shapes are unchanged. The answers must be those of
// a battlefield asked for the first time (a snapshot, which keeps nothing),
// whatever happens in between: units moved, turned, resized, placed back
// where they stood, removed and brought back; features added, reshaped,
// retyped; the whole battlefield restored to an earlier snapshot.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "sandtable/lua/host.hpp"

using namespace sandtable;

namespace {

constexpr const char* kScript = R"lua(
local B = require("sandtable.battlefield")
local seed = 4242
local function rand(lo, hi)  -- a small LCG: the same cases on every run
  seed = (seed * 1103515245 + 12345) % 2147483648
  return lo + (hi - lo) * seed / 2147483648
end
local bf = B.new{ width = 1200, depth = 800 }
local function shape()
  local x, y, r = rand(100, 1100), rand(100, 700), rand(20, 150)
  if rand(0, 1) < 0.4 then return { circle = { x, y, r } } end
  return { polygon = { x - r, y - r, x + r, y - r * 0.6, x + r * 0.7, y + r, x - r * 0.8, y + r * 0.5 } }
end
local function add_feature()
  local f = shape()
  f.type = rand(0, 1) < 0.5 and "wood" or "marsh"
  return bf:add_terrain(f)
end
local features = {}
for k = 1, 14 do features[k] = add_feature() end
local ids = {}
for k = 1, 12 do
  ids[k] = bf:add_unit{ side = 1 + k % 2, x = rand(100, 1100), y = rand(100, 700),
                        facing = rand(-180, 180), width = rand(20, 120), depth = rand(10, 60) }
end
local function same_under(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do
    if a[i].id ~= b[i].id or a[i].type ~= b[i].type then return false end
  end
  return true
end
local function same_ids(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end
local saved, saved_n, was = nil, 0, {}
local checked, nonempty, changed = 0, 0, 0
local last = {}
for step = 1, 1500 do
  local id = ids[1 + math.floor(rand(0, 12))]
  local what = rand(0, 1)
  if what < 0.2 then
    bf:move(id, "advance", rand(-60, 120), { ignore_terrain = true })
  elseif what < 0.3 then
    bf:move(id, "turn", rand(-90, 90))
  elseif what < 0.35 then
    bf:resize(id, rand(20, 120), rand(10, 60))
  elseif what < 0.45 then
    -- back where it stood before: a kept answer for that base may be used
    local u = was[id]
    if u then bf:place(id, u.x, u.y, u.facing) end
  elseif what < 0.5 then
    if bf:removed(id) then bf:bring_back(id, rand(100, 1100), rand(100, 700)) else bf:remove(id) end
  elseif what < 0.55 then
    features[#features + 1] = add_feature()
  elseif what < 0.62 then
    -- a feature reshaped under the units
    bf:change_terrain(features[1 + math.floor(rand(0, #features))], shape())
  elseif what < 0.7 then
    -- a feature's type changed, its shape kept
    bf:change_terrain(features[1 + math.floor(rand(0, #features))], { type = rand(0, 1) < 0.5 and "breach" or "wood" })
  elseif what < 0.73 then
    saved, saved_n = bf:snapshot(), #features
  elseif what < 0.76 and saved then
    bf:restore(saved)
    for k = #features, saved_n + 1, -1 do features[k] = nil end  -- (added after the snapshot: gone)
  end
  local u = bf:unit(id)
  if rand(0, 1) < 0.3 then was[id] = { x = u.x, y = u.y, facing = u.facing } end
  -- every unit asked twice (the second from the kept answer), against a
  -- battlefield that keeps nothing
  local fresh = bf:snapshot()
  for _, of in ipairs(ids) do
    local a, b = bf:terrain_under(of), bf:terrain_under(of)
    local want = fresh:terrain_under(of)
    if not same_under(a, want) or not same_under(b, want) then
      return "step " .. step .. ": terrain_under of " .. of .. " differs"
    end
    local ia = bf:terrain_ids_under(of)
    if not same_ids(ia, fresh:terrain_ids_under(of)) then
      return "step " .. step .. ": terrain_ids_under of " .. of .. " differs"
    end
    checked = checked + 1
    if #a > 0 then nonempty = nonempty + 1 end
    local key = table.concat(bf:terrain_ids_under(of), ",")
    if last[of] and last[of] ~= key then changed = changed + 1 end
    last[of] = key
  end
end
return string.format("ok %d %d %d", checked, nonempty, changed)
)lua";

}  // namespace

TEST_CASE("bf:terrain_under's kept answers are those asked afresh, whatever moves or changes", "[battlefield][terrain]") {
  LuaHostOptions options;
  options.roots = {SANDTABLE_SOURCE_DIR};
  LuaHost host(options);
  host.load_text(kScript, "terrain_under_memo_test.lua");
  host.call(0, 1);
  lua_State* L = host.state();
  const std::string out = lua_tostring(L, -1);
  lua_pop(L, 1);
  INFO(out);
  REQUIRE(out.rfind("ok ", 0) == 0);
  // the cases are not empty: many answers name features, and many change
  int checked = 0, nonempty = 0, changed = 0;
  REQUIRE(std::sscanf(out.c_str(), "ok %d %d %d", &checked, &nonempty, &changed) == 3);
  CHECK(checked == 1500 * 12);
  CHECK(nonempty > checked / 10);
  CHECK(changed > 200);
}
