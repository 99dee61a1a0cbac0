-- WRG Ancients 1973, SHOOTING: shooting over intervening troops.
--
-- "Shooting over intervening troops is only possible when: 1) Shooting down
-- from or up at an elephant, rampart, hill or other elevation."
-- (SHOOTING OVERHEAD, over the shooters' own ranks, is in period/shooting.lua.)
--
-- READINGS: troops intervene when the line between the centres of shooter
-- and target crosses the base of another unit, friend or foe, on the table
-- (the shooter's own ranks are the overhead rule's business). An elevation
-- lets the shot over: the shooter or the target is an elephant, or one of
-- them stands on a hill (slight or steep) and the other not. Ramparts are
-- field works, not played in the open-field battle.
local B = {}
local ids, dists = {}, {} -- scratch lists for bf:within

local function live(d) return d and not d.gone and not d.off_table end

local function on_hill(G, uid)
  if not G.has_terrain then return false end
  for _, t in ipairs(G.bf:terrain_under(uid)) do
    if t.type == "hill" or t.type == "steep_hill" then return true end
  end
  return false
end

-- One edge of the Liang-Barsky clip: the part [t0, t1] of the segment left
-- inside the edge, or nil when none is.
local function clip(p, q, t0, t1)
  if p == 0 then
    if q < 0 then return nil end
  else
    local r = q / p
    if p < 0 then if r > t1 then return nil elseif r > t0 then t0 = r end
    else if r < t0 then return nil elseif r < t1 then t1 = r end end
  end
  return t0, t1
end

-- Whether segment (ax, ay)-(bx, by) crosses unit o's base (Liang-Barsky in
-- the base's frame; the four edges in turn, no table built: this runs for
-- every unit near every shot the commander and the battle look at).
-- (the base's size from the unit's own record, d.w and d.dp, which the
-- battle keeps equal to the core's width and depth: every bf:add_unit and
-- bf:resize of WRG takes them from there; bf:unit builds a table a call)
local function crosses(G, oid, ax, ay, bx, by)
  local ux, uy, facing = G.bf:pos(oid)
  local o = G.D[oid]
  local a = math.rad(facing)
  local c, s = math.cos(a), math.sin(a)
  local ex, ey = ax - ux, ay - uy
  local x0, y0 = ex * c + ey * s, -ex * s + ey * c
  ex, ey = bx - ux, by - uy
  local x1, y1 = ex * c + ey * s, -ex * s + ey * c
  local hw, hd = o.w / 2, o.dp / 2
  local t0, t1 = 0, 1
  local dx, dy = x1 - x0, y1 - y0
  t0, t1 = clip(-dx, x0 + hw, t0, t1); if not t0 then return false end
  t0, t1 = clip(dx, hw - x0, t0, t1); if not t0 then return false end
  t0, t1 = clip(-dy, y0 + hd, t0, t1); if not t0 then return false end
  t0, t1 = clip(dy, hd - y0, t0, t1); if not t0 then return false end
  return t1 - t0 > 1e-6
end

-- Whether troops stand between shooter uid and target tid with no elevation
-- to shoot over them. `kept` (optional): a table kept by the caller while it
-- looks at several targets for one shooter standing still; the shooter's
-- "on a hill" is worked out once into it (a bf:terrain_under a target).
function B.blocked(G, uid, tid, kept)
  local d, t = G.D[uid], G.D[tid]
  if d.type == "EL" or t.type == "EL" then return false end
  local hill
  if kept then
    hill = kept.shooter_on_hill
    if hill == nil then hill = on_hill(G, uid); kept.shooter_on_hill = hill end
  else
    hill = on_hill(G, uid)
  end
  if hill ~= on_hill(G, tid) then return false end
  local ax, ay = G.bf:pos(uid)
  local bx, by = G.bf:pos(tid)
  local reach = G.bf:distance(uid, tid)
  -- the units bf:query{ of = uid, within = reach } would list (both allow
  -- the core's contact tolerance, 1e-6 mm), written into reused tables
  local n = G.bf:within(uid, reach, 0, ids, dists)
  for i = 1, n do
    local id = ids[i]
    if id ~= tid and live(G.D[id]) and crosses(G, id, ax, ay, bx, by) then return true end
  end
  return false
end

return B
