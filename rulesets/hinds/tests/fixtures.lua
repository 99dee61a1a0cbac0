-- What the Hinds scripted-situation tests share: units written by hand and
-- one phase of the turn played through the battle engine.
local turn = require("hinds.turn")

local F = {}

local function unit(arm, bases, per_base)
  return function(id, class, at, extra)
    local u = { id = id, arm = arm, class = class, bases = bases, per_base = per_base, at = at }
    for k, v in pairs(extra or {}) do u[k] = v end
    return u
  end
end
-- A body of foot (6 bases of 4) or horse (4 bases of 3) at hex `at`.
F.foot = unit("foot", 6, 4)
F.horse = unit("mounted", 4, 3)

-- A commander that holds, unless `orders[uid]` names an order (a table, or
-- a function(G, uid) returning one); it casts no missiles, never pursues or
-- occupies, and assisted cavalry fight.
function F.scripted(orders)
  return {
    order = function(G, uid)
      local o = orders and orders[uid]
      if type(o) == "function" then o = o(G, uid) end
      return o or { kind = "hold" }
    end,
    missile_target = function() return nil end,
    pursue = function() return false end,
    occupy = function() return false end,
    cavalry_assisted = function() return "fight" end,
  }
end

-- Plays one phase of the turn by its id, as turn.play does.
function F.phase(G, id)
  for _, p in ipairs(turn.phases.entries) do
    if p.id == id then
      G.bf:set_time(G.turn, id)
      p.run(G)
      return
    end
  end
  error("no phase " .. id)
end

-- The next turn begins (side 1 first) with its retreats phase.
function F.next_turn(G)
  G.turn = G.turn + 1
  G.first = 1
  F.phase(G, "retreats")
end

return F
