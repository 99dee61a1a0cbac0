-- Flying (WRG 1973 Appendix IV, DRAGONS: "they can fly 200 paces in a
-- period ... They must land before charging into melee"): altitude on the
-- engine's unit layers. A flyer is on layer 1; units of other layers never
-- block its move (the engine's rule), terrain is the ruleset's business and
-- a flyer ignores it. Landing puts it back on layer 0 where it stands, and
-- only where no ground unit is under it.
--
--   local F = require("modules.fantasy.flying")
--   F.take_off(bf, uid, data)    F.land(bf, uid, data, D) -> true | false, why
--   F.airborne(data), F.ground_under(bf, uid, D)
-- Where a flyer goes is the adapter's (wrg/flight.lua: at the nearest enemy
-- it may approach, short of a zone it will not enter).
local F = {}

F.AIR, F.GROUND = 1, 0

function F.airborne(data) return data.altitude == F.AIR end

function F.take_off(bf, uid, data)
  bf:set_layer(uid, F.AIR)
  data.altitude = F.AIR
end

-- The ground units (not airborne) a unit's base overlaps or touches.
function F.ground_under(bf, uid, D)
  local out = {}
  for _, q in ipairs(bf:query{ of = uid, within = 0 }) do
    local o = D[q.id]
    if not (o and F.airborne(o)) then out[#out + 1] = q.id end
  end
  return out
end

function F.land(bf, uid, data, D)
  local under = F.ground_under(bf, uid, D)
  if #under > 0 then return false, "a ground unit is under it" end
  bf:set_layer(uid, F.GROUND)
  data.altitude = F.GROUND
  return true
end

return F
