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
--
-- READING of "the nearest enemy unit": judged as a player judges it by eye.
-- Once the unit has advanced on an enemy it keeps advancing on that one
-- while it is within the 60 cm and no other is nearer by more than 2 cm
-- (scaled). Taken strictly to the millimetre, two enemies side by side took
-- turns at being nearest, and the unit zigzagged 30-40 degrees each way
-- every turn (Argentoratum seed 2: the Gallic chieftain's warband).
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

-- "Nearer by more than" this (cm, scaled) to draw the unit off the enemy it
-- is advancing on.
uncontrolled_advance.KEEP_CM = 2

-- The enemy the unit advances on: the nearest one (not gone, not broken)
-- within 60 cm, or the one it advanced on last while no other is clearly
-- nearer.
local function quarry(G, uid, d)
  local nearest, kept
  for _, q in ipairs(G.bf:query{ of = uid, within = G.S.uncontrolled, enemy = true }) do
    local e = G.D[q.id]
    if not e.gone and not e.broken then
      nearest = nearest or q
      if q.id == d.ua_quarry then kept = q end
    end
  end
  if kept and kept.distance <= nearest.distance + G.S.cm(uncontrolled_advance.KEEP_CM) then return kept end
  return nearest
end

-- The forced plan for unit `uid`, or nil.
function uncontrolled_advance.plan(G, uid)
  local d = G.D[uid]
  if d.broken or not uncontrolled_advance.applies(d) then return nil end
  local q = quarry(G, uid, d)
  d.ua_quarry = q and q.id
  if not q then return nil end
  local x, y, f = G.bf:pos(uid)
  local ex, ey = G.bf:pos(q.id)
  local h = math.deg(math.atan(-(ex - x), ey - y))
  local rel = (h - f) % 360
  if rel > 180 then rel = rel - 360 end
  if G.report then G.report(string.format("  %s advances uncontrolled on the nearest enemy", d.name)) end
  return { turn = math.abs(rel) > 1 and rel or nil, advance = d.move }
end

function uncontrolled_advance.apply() end

return uncontrolled_advance
