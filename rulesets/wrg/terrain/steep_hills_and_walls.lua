-- WRG Ancients 1973, DIFFICULT TERRAIN: steep hills, walls and hedges, soft
-- sand. (Woods, buildings, marsh, rivers, fords and roads are in
-- period/common.lua; this file adds the pieces the scenarios may lay.)
--
-- "Movement in the following conditions counts as twice the actual distance
-- for infantry, four times the actual distance for cavalry, who in addition
-- are limited to normal moves except when in rout, and is impractical for
-- vehicles.
--  1. Off-road movement on steep hills. ...
--  5. Over soft sand.
--  6. Over linear obstacles such as streams, ditches, walls and hedges, all
--     of which are assumed to have a minimum width of 20 paces ...
-- Elephants are treated in the same way as cavalry in cases 2 and 6, and in
-- the same way as vehicles in all other cases. Camels are treated in the
-- same way as infantry in case 5, and in the same way as vehicles in all
-- other cases. Man-handled bolt-throwing engines have the same limitations
-- as cavalry."
-- "There is no movement penalty for slight hills less than 40mm high,
-- although these still count as height advantage for vision, shooting or
-- melee." (The diced "hill" is such a slight hill; a steep hill has every
-- height advantage of a hill as well.)
-- HAND-TO-HAND TACTICAL FACTORS: "Fighting an enemy who is behind partial
-- cover such as a wall or parapet" (-1); SHOOTING: "enemy in partial cover"
-- (-1); THE REACTION TEST: "Troops behind cover ... or behind field
-- defences" (+2).
--
-- Pieces (setup.given_terrain, cm): { type = steep_hill | sand, x, y, r } and
-- { type = wall | hedge, from = { x, y }, to = { x, y } } (a strip 20 paces
-- wide: "a minimum width of 20 paces"). Each carries its type as an
-- attribute (steep, sand, wall, hedge) so the engine's probes can stop
-- troops for whom it is impractical (turn.impassable_keys).
local troops = require("wrg.troops")

local O = {}

O.ROUND = { steep_hill = true, sand = true }
O.LINE = { wall = true, hedge = true }
O.LINE_PACES = 20

-- The DIFFICULT TERRAIN multiplier of a piece for unit d, or nil when the
-- piece is not one of these.
function O.factor(d, t)
  local ty = t.type
  if ty == "steep_hill" then
    return troops.is_infantry(d) and not d.on_horse and 2 or 4
  elseif ty == "sand" then
    -- camels "in the same way as infantry in case 5"
    if d.camel then return 2 end
    return troops.is_infantry(d) and not d.on_horse and 2 or 4
  elseif ty == "wall" or ty == "hedge" then
    return troops.is_infantry(d) and not d.on_horse and 2 or 4
  end
  return nil
end

-- The attribute keys of these pieces impractical for a unit ("impractical
-- for vehicles"): chariots and camels on all of them but camels in sand;
-- elephants on steep hills and sand (as vehicles), not walls and hedges
-- (case 6: as cavalry). Engines keep the limitations they have (man-handled
-- engines as cavalry).
O.KEYS_VEHICLE = { "steep", "sand", "wall", "hedge" }
O.KEYS_CAMEL = { "steep", "wall", "hedge" }
O.KEYS_ELEPHANT = { "steep", "sand" }
function O.impassable(d)
  if d.camel and troops.is_cavalry(d) then return O.KEYS_CAMEL end
  if d.type == "CH" then return O.KEYS_VEHICLE end
  if d.type == "EL" then return O.KEYS_ELEPHANT end
  return nil
end

-- Adds the keys of O.impassable(d) to a list of keys (a new list).
function O.with_keys(base, d)
  local extra = O.impassable(d)
  if not extra then return base end
  local out = {}
  for _, k in ipairs(base or {}) do out[#out + 1] = k end
  for _, k in ipairs(extra) do out[#out + 1] = k end
  return out
end

function O.is_hill(t) return t.type == "steep_hill" end

-- "Movement on roads is always at the speeds for good terrain, except that
-- on steep hills, mounted troops of all types are restricted to normal move
-- distances at all times": a mounted unit (cavalry, camelry, chariots,
-- elephants) whose base touches a steep hill charges, pursues and advances
-- out of control at its normal move only, road or not.
function O.mounted_on_steep_hill(G, uid, d)
  if not G.has_terrain or not troops.is_mounted(d) or d.routing then return false end
  for _, t in ipairs(G.bf:terrain_under(uid)) do if t.type == "steep_hill" then return true end end
  return false
end

-- Partial cover. From missiles: a unit whose base touches a wall or hedge
-- (a hedge screens, it stops no blow). In hand-to-hand combat, "behind
-- partial cover such as a wall": READING — both sides of a fight across a
-- wall touch its 20-pace strip, so the one behind it is the one that held
-- it: a unit touching a wall that stood still (neither moving nor charging)
-- in the first period of the melee holds it while that melee lasts; troops
-- that came to it to fight do not.
function O.holds_wall(G, uid)
  local d = G.D[uid]
  local at = false
  for _, t in ipairs(G.bf:terrain_under(uid)) do if t.type == "wall" then at = true end end
  if not at then d.wall_held = nil; return false end
  if (d.melee_periods or 0) == 0 then
    d.wall_held = (d.moved or 0) < 1 and not d.charging and not d.countercharging and not d.following
  end
  return d.wall_held == true
end

function O.partial_cover(G, uid, t, melee_only)
  if melee_only then return t.type == "wall" and O.holds_wall(G, uid) end
  return t.type == "wall" or t.type == "hedge"
end

-- "Troops behind cover ... or behind field defences": a unit at a wall.
function O.behind_wall(G, uid)
  if not G.has_terrain then return false end
  for _, t in ipairs(G.bf:terrain_under(uid)) do if t.type == "wall" then return true end end
  return false
end

-- The battlefield feature of a piece (bf:add_terrain arguments), or nil.
function O.feature(p, strip, mm)
  if p.type == "steep_hill" then
    return { type = "steep_hill", circle = { p.x, p.y, p.r }, height = 1, steep = true }
  elseif p.type == "sand" then
    return { type = "sand", circle = { p.x, p.y, p.r }, sand = true }
  elseif p.type == "wall" or p.type == "hedge" then
    -- a linear obstacle is crossed as a stream is (case 6 for both): the
    -- move goes to it at its own rate and over it at the obstacle's
    -- (period/movement.lua, the two-rate move of rivers)
    return { type = p.type, polygon = strip(p, 0, 1, mm(O.LINE_PACES)), [p.type] = true, river = true }
  end
  return nil
end

-- After the feature is laid (battle.lua): what the engine must know of it.
function O.register(G, p)
  if O.ROUND[p.type] or O.LINE[p.type] then G.has_impassable = true end
  if O.LINE[p.type] and p.fid then
    G.has_river = true
    G.terrain_attr[p.fid] = { id = p.fid, type = "river", width = O.LINE_PACES, obstacle = p.type }
  end
end

return O
