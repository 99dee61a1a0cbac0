-- What a replay page should show, read from the event log alone (used by
-- tests/cli/replay_browser_test.sh): `sandtable --lua-path DIR run
-- tests/cli/replay_expect.lua LOG.jsonl` prints
--   table W H
--   turn1 N            units on the table at the first event of turn 1
--   unit ID X Y FACING REMOVED STRENGTH   for every unit, after the last event
local json = require("lib.json")
local loader = require("sandtable.loader")

local path = ...
local events = json.decode_lines(loader.read(path), path)
local units, order, turn1, W, H = {}, {}, nil, 0, 0
for _, e in ipairs(events) do
  if turn1 == nil and type(e.turn) == "number" and e.turn >= 1 then
    turn1 = 0
    for _, id in ipairs(order) do if not units[id].removed then turn1 = turn1 + 1 end end
  end
  if e.kind == "table" then W, H = e.width, e.depth
  elseif e.kind == "unit_added" then
    units[e.unit] = { x = e.x, y = e.y, facing = e.facing, strength = e.strength, removed = false }
    order[#order + 1] = e.unit
  elseif e.kind == "unit_moved" then
    local u = units[e.unit]
    u.x, u.y, u.facing = e.x, e.y, e.facing
  elseif e.kind == "unit_strength" then units[e.unit].strength = e.strength
  elseif e.kind == "unit_removed" then units[e.unit].removed = true end
end
print(string.format("table %s %s", W, H))
print(string.format("turn1 %d", turn1 or 0))
for _, id in ipairs(order) do
  local u = units[id]
  print(string.format("unit %d %.4f %.4f %.4f %d %s", id, u.x, u.y, u.facing, u.removed and 1 or 0, tostring(u.strength)))
end
