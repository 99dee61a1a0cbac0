-- Zones (auras) with a radius around a unit: sanctity around a saint,
-- fear, a black magician's materialisation zone, a Moslem saint's
-- encouragement. Generic: a zone is data, distances come from the caller.
--
--   local Z = require("modules.fantasy.zones")
--   local zones = Z.collect(units)     -- units: { {uid=, aura={...}}, ... }
--   Z.inside(zones, "sanctity", distance_to)  -> the zones of that kind whose
--                                               radius holds the unit
--
-- distance_to(source_uid, radius) -> distance (paces) from the unit to the
-- source; the caller works it out edge to edge on its own table.
local Z = {}

-- The kinds the appendix uses, with their radius in paces.
Z.KINDS = {
  -- SAINT: "No spells will work within 100 paces of him, and unnatural
  -- beasts such as Dragons will not enter this zone of sanctity."
  sanctity = { radius = 100, text = "zone of sanctity" },
  -- SAINT: "reducing their reaction totals by 1 when they come within 100 paces".
  abashing = { radius = 100, reaction = -1, enemy = true, text = "abashed by a saint" },
  -- MOSLEM SAINTS: "add 3 to the reaction totals of all troops of their own
  -- side within 150 paces".
  exhortation = { radius = 150, reaction = 3, friend = true, text = "exhorted by a Moslem saint" },
  -- DEMONS: "cannot maintain materialisation without an operative black
  -- magician within 100 paces".
  materialisation = { radius = 100, friend = true, text = "within a black magician's reach" },
  -- DRAGONS: "Dragons have the same reaction and disorganisation effects on
  -- elephants as do elephants on horses" (fear of the dragon).
  dragon_fear = { radius = 150, enemy = true, text = "a dragon within 150 paces" },
}

-- A zone from a unit: { kind =, source =, side =, radius = }.
function Z.zone(kind, source, side, radius)
  local k = Z.KINDS[kind]
  if not k then error("fantasy zones: no zone kind '" .. tostring(kind) .. "'", 2) end
  return { kind = kind, source = source, side = side, radius = radius or k.radius }
end

-- The zones of `kind` (any when nil) that hold a unit, nearest first:
-- distance_to(source) gives the unit's distance from the zone's source.
function Z.inside(zones, kind, distance_to, filter)
  local out = {}
  for _, z in ipairs(zones) do
    if (kind == nil or z.kind == kind) and (not filter or filter(z)) then
      local d = distance_to(z.source)
      if d and d <= z.radius then out[#out + 1] = { zone = z, distance = d } end
    end
  end
  table.sort(out, function(a, b)
    if a.distance ~= b.distance then return a.distance < b.distance end
    return a.zone.source < b.zone.source
  end)
  return out
end

-- Whether the straight path from (x1, y1) to (x2, y2) passes within a
-- radius of a point (spell 2: "If he passes through a zone of sanctity, he
-- crashes"). Plain geometry in one unit of length.
function Z.path_crosses(x1, y1, x2, y2, cx, cy, radius)
  local dx, dy = x2 - x1, y2 - y1
  local len2 = dx * dx + dy * dy
  local t = 0
  if len2 > 0 then t = math.max(0, math.min(1, ((cx - x1) * dx + (cy - y1) * dy) / len2)) end
  local px, py = x1 + t * dx - cx, y1 + t * dy - cy
  return px * px + py * py <= radius * radius
end

return Z
