// bf:terrain_sweep walks a base along a straight path in the core. Its
// answers must be those of the same walk made in Lua with bf:terrain_probe
// (the walk a ruleset made before the core answered it): the same steps,
// the same halvings, the same arithmetic, so the same numbers to the bit.
// Random terrain (circles and polygons, some features of both kinds) and
// random walks along the facing and across it, from clear ground and from
// inside features.
#include <catch2/catch.hpp>

#include <string>

#include "sandtable/lua/host.hpp"

using namespace sandtable;

namespace {

constexpr const char* kSweepScript = R"lua(
local B = require("sandtable.battlefield")
local seed = 4242
local function rand(lo, hi)  -- a small LCG: the same cases on every run
  seed = (seed * 1103515245 + 12345) % 2147483648
  return lo + (hi - lo) * seed / 2147483648
end
local bf = B.new{ width = 1200, depth = 800 }
bf:terrain_type("rock", { stop = true })
bf:terrain_type("bog", { slow = true })
bf:terrain_type("crag", { stop = true, slow = true })
local kinds = { "rock", "bog", "crag", "bog" }
for k = 1, 14 do
  local x, y, r = rand(100, 1100), rand(100, 700), rand(10, 90)
  if k % 2 == 0 then
    bf:add_terrain{ type = kinds[k % 4 + 1], circle = { x, y, r } }
  else
    bf:add_terrain{ type = kinds[k % 4 + 1], polygon = { x - r, y - r * 0.2, x + r, y - r * 0.2, x + r * 0.5, y + r * 0.2, x - r, y + r * 0.2 } }
  end
end
local keys = { "stop", "slow" }
local function walk(x, y, f, w, d, ux, uy, dist, margin)
  local imp0, dis0 = bf:terrain_probe(x, y, f, w, d, keys)
  if imp0 and dis0 then return dist, false, false end
  local a = math.rad(f)
  local sa, ca = math.sin(a), math.cos(a)
  local may_block = not imp0
  if ux == -sa and uy == ca then
    local h = dist / 2
    local imp_u, dis_u = bf:terrain_probe(x + ux * h, y + uy * h, f, w + 2 * margin, d + dist + 2 * margin, keys)
    may_block = imp_u and not imp0
    if not may_block and not (dis_u and not dis0) then return dist, false, not imp_u and not dis_u end
  end
  local along = math.abs(-sa * ux + ca * uy) * d + math.abs(ca * ux + sa * uy) * w
  local step = math.max(5, along * 0.9)
  local crossed, lo, t = false, 0, 0
  while t < dist do
    t = math.min(dist, t + step)
    local imp, dis = bf:terrain_probe(x + ux * t, y + uy * t, f, w, d, keys)
    if imp and not imp0 then
      local hi = t
      for _ = 1, 10 do
        local mid = (lo + hi) / 2
        if bf:terrain_probe(x + ux * mid, y + uy * mid, f, w, d, keys) then hi = mid else lo = mid end
      end
      return lo, crossed, false
    end
    if dis and not dis0 then
      crossed = true
      if not may_block then return dist, true, false end
    end
    lo = t
  end
  return dist, crossed, false
end
local cut, marked, bare, whole = 0, 0, 0, 0
for step = 1, 4000 do
  local x, y, f = rand(0, 1200), rand(0, 800), rand(-180, 180)
  if step % 4 == 0 then f = math.floor(f / 45) * 45 end
  local w, d, dist = rand(20, 160), rand(10, 60), rand(0, 300)
  if step % 5 == 0 then dist = math.floor(dist) end  -- an integer distance comes back as given
  local a = math.rad(f)
  local ux, uy = -math.sin(a), math.cos(a)
  if step % 3 == 1 then ux, uy = uy, -ux end  -- a slide across the facing
  local margin = step % 7 == 0 and 3 or 1
  local c1, m1, b1 = bf:terrain_sweep(x, y, f, w, d, ux, uy, dist, "stop", "slow", margin)
  local c2, m2, b2 = walk(x, y, f, w, d, ux, uy, dist, margin)
  if c1 ~= c2 or math.type(c1) ~= math.type(c2) and c2 == dist or m1 ~= m2 or b1 ~= b2 then
    return string.format("step %d: core %s %s %s, walk %s %s %s", step, c1, m1, b1, c2, m2, b2)
  end
  if c2 < dist then cut = cut + 1 else whole = whole + 1 end
  if m2 then marked = marked + 1 end
  if b2 then bare = bare + 1 end
end
if cut < 100 or marked < 100 or bare < 100 or whole < 100 then
  return string.format("too few of a kind: %d cut, %d marked, %d bare, %d whole", cut, marked, bare, whole)
end
return "ok"
)lua";

}  // namespace

TEST_CASE("bf:terrain_sweep answers as the same walk made with bf:terrain_probe", "[battlefield][terrain]") {
  LuaHostOptions options;
  options.roots = {SANDTABLE_SOURCE_DIR};
  LuaHost host(options);
  host.load_text(kSweepScript, "terrain_sweep_test.lua");
  host.call(0, 1);
  lua_State* L = host.state();
  const std::string out = lua_tostring(L, -1);
  lua_pop(L, 1);
  CHECK(out == "ok");
}
