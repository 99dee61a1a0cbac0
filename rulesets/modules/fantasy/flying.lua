-- Flying (WRG 1973 Appendix IV, DRAGONS: "they can fly 200 paces in a
-- period ... They must land before charging into melee"): altitude on the
-- engine's unit layers. A flyer is on layer 1; units of other layers never
-- block its move (the engine's rule), terrain is the ruleset's business and
-- a flyer ignores it. Landing puts it back on layer 0 where it stands, and
-- only where no ground unit is under it.
--
--   local F = require("modules.fantasy.flying")
--   F.take_off(bf, uid, data)    F.land(bf, uid, data) -> true | false, why
--   F.fly(bf, uid, data, distance_mm, keep_out) -> moved_mm
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

-- Flies straight ahead up to `distance` mm in steps of `step` mm, stopping
-- before a step that would end where keep_out(x, y) is true (a zone it will
-- not enter) or at the table's edge. Returns the distance flown.
function F.fly(bf, uid, distance, keep_out, step)
  step = step or 25.4   -- ten paces
  local flown = 0
  while flown < distance - 1e-6 do
    local d = math.min(step, distance - flown)
    local x, y, facing = bf:pos(uid)
    local r = math.rad(facing)
    local nx, ny = x - d * math.sin(r), y + d * math.cos(r)   -- facing 0 = north, angles counter-clockwise
    if keep_out and keep_out(nx, ny) then break end
    local moved = bf:move(uid, "advance", d)
    flown = flown + (moved.distance or 0)
    if moved.stopped_by then break end
  end
  return flown
end

return F
