-- Historicon optional rule: UNCONTROLLED ADVANCE.
--
-- "IF-HIW, IF-LIW, IF-KC, EI or any IF-E class must move toward the nearest
-- enemy unit that is within 60cm, wheeling, turning and breaking the 10cm
-- rule to do so."
--
-- How it is played here: in Phases 2 and 3, before its commander is asked,
-- such a unit (not broken, not in contact) with an enemy within 60 cm
-- (scaled) turns to face the nearest one and moves its full rate towards
-- it; the move is free of the formed-unit turning limits and of the 10 / 30
-- / 60 cm cohesion distances. Contact limits (unformed troops only into
-- disordered or unformed enemies) still hold.
local troops = require("historicon.troops")

local uncontrolled_advance = {
  id = "uncontrolled_advance",
  title = "Uncontrolled advance",
  rule = "Optional rules",
}

function uncontrolled_advance.applies(d)
  local army = troops.army_class(d)
  if d.class == "EI" then return true end
  if army ~= "IF" then return false end
  return d.sub == "HIW" or d.sub == "LIW" or d.class == "KC" or d.grade == "E"
end

-- The forced plan for unit `uid`, or nil.
function uncontrolled_advance.plan(G, uid)
  local d = G.D[uid]
  if d.broken or not uncontrolled_advance.applies(d) then return nil end
  for _, q in ipairs(G.bf:query{ of = uid, within = G.S.uncontrolled, enemy = true }) do
    local e = G.D[q.id]
    if not e.gone and not e.broken then
      local x, y, f = G.bf:pos(uid)
      local ex, ey = G.bf:pos(q.id)
      local h = math.deg(math.atan(-(ex - x), ey - y))
      local rel = (h - f) % 360
      if rel > 180 then rel = rel - 360 end
      if G.report then G.report(string.format("  %s advances uncontrolled on the nearest enemy", d.name)) end
      return { turn = math.abs(rel) > 1 and rel or nil, advance = d.move }
    end
  end
  return nil
end

function uncontrolled_advance.apply() end

return uncontrolled_advance
