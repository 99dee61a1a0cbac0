-- The sieges module in WRG 1973, SHIP-TO-SHORE FIGHTING on the table:
-- ships that row and the cover they give the troops they landed.
--
-- Ships under oars. MOVE DISTANCES: "Ships under oars 120" paces a period.
-- A ship is a piece that stops other troops (the core's blocks_move
-- rectangle); rowing moves the piece and its company aboard with it (a
-- slide of the unit, recorded as the move `aboard`, whose allowance is the
-- ship's 120 paces). READINGS:
--   * a ship rows straight ahead, bow to the shore: side 1's ships north
--     (+y), side 2's south, its beam along the way;
--   * it grounds where the water is too shallow to float it further: its
--     landward side on the middle line of the shallows it rows into (the
--     outer half floats it, the inner half is wading depth); grounded, it
--     moves no more and its company climbs down the side (the commander,
--     commander_wrg.lua);
--   * it stops short of any unit not aboard it (1 mm), as a base would;
--   * the commander decides whether a ship rows (commander_ships.lua).
--
-- Friendly cover. "On land, they reform into their proper units, and ignore
-- the ships except for counting them as friendly cover." READING: WRG's
-- REACTION TEST has "Friendly cover within 100 paces" (+1) and a secure
-- flank for "Friendly cover within 10 paces of the flank": a unit ashore
-- (not aboard) of the ships' side counts a ship of its side within 100
-- paces as friendly cover, and one within 10 paces of a flank as securing
-- it (the count of secure flanks is the larger of WRG's own and the ships':
-- never more than either gives, as WRG's flanks are not named); for the
-- enemy the ships are nothing (not unfriendly cover: they are no place the
-- enemy could hide in on land).
local SH = require("modules.sieges.ships")
local ST = require("modules.sieges.wrg.state")

local SW = {}

local MM = ST.MM
SW.COVER_PACES = 100  -- REACTION TEST: "Friendly cover within 100 paces"
SW.FLANK_PACES = 10   -- "Friendly cover within 10 paces of the flank"

local function live(d) return d and not d.gone and not d.off_table end

local function rect(s)
  return { s.x - s.length / 2, s.y - s.beam / 2, s.x + s.length / 2, s.y - s.beam / 2,
           s.x + s.length / 2, s.y + s.beam / 2, s.x - s.length / 2, s.y + s.beam / 2 }
end

-- The way a ship of `side` rows: +1 (north) for side 1, -1 for side 2.
function SW.way(side) return side == 1 and 1 or -1 end

-- The distance (mm) a ship may still row before it grounds: its landward
-- side to the middle line of the shallows ahead (or under) it; nil when no
-- shallows lie ahead (it rows on to the table's edge of its way).
function SW.to_ground(G, s)
  local S = G.sieges
  local way = SW.way(s.side)
  local best
  for _, sh in ipairs(S.spec.shallows) do
    local p = sh.polygon
    local lo, hi = math.huge, -math.huge
    local xlo, xhi = math.huge, -math.huge
    for k = 1, #p, 2 do
      lo, hi = math.min(lo, p[k + 1]), math.max(hi, p[k + 1])
      xlo, xhi = math.min(xlo, p[k]), math.max(xhi, p[k])
    end
    if s.x >= xlo and s.x <= xhi then
      local mid = (lo + hi) / 2
      local d = (mid - (s.y + way * s.beam / 2)) * way
      if d >= -1e-6 and (not best or d < best) then best = d end
    end
  end
  return best and math.max(0, best) or nil
end

-- The units aboard ship s (their centre on it), in id order.
function SW.company(G, s)
  local out = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and not G.bf:removed(uid) and ST.on_ship(G, uid) == s.fid then out[#out + 1] = uid end
  end
  table.sort(out)
  return out
end

-- How far (mm, up to `dist`) the ship can row before it touches a unit not
-- aboard it: the units whose base, widened by the way, overlaps its path.
local function clear_way(G, s, dist, aboard)
  local way = SW.way(s.side)
  local skip = {}
  for _, uid in ipairs(aboard) do skip[uid] = true end
  local x0, x1 = s.x - s.length / 2, s.x + s.length / 2
  local front = s.y + way * s.beam / 2
  local free = dist
  for _, uid in ipairs(G.all) do
    if not skip[uid] and live(G.D[uid]) and not G.bf:removed(uid) then
      local cs = ST.corners(G, uid)
      local ux0, ux1, near = math.huge, -math.huge, math.huge
      for _, c in ipairs(cs) do
        ux0, ux1 = math.min(ux0, c[1]), math.max(ux1, c[1])
        near = math.min(near, (c[2] - front) * way)
      end
      if ux1 > x0 and ux0 < x1 and near >= -1e-6 then free = math.min(free, math.max(0, near - 1)) end
    end
  end
  return free
end

-- Rows ship s up to SH.SPEED_UNDER_OARS paces towards the shore, its
-- company with it. Returns the paces rowed.
function SW.row(G, R, s)
  if s.grounded then return 0 end
  local left = SW.to_ground(G, s)
  local dist = SH.SPEED_UNDER_OARS * MM
  if left then dist = math.min(dist, left) end
  local aboard = SW.company(G, s)
  dist = clear_way(G, s, dist, aboard)
  if left and left - dist < 1e-6 then s.grounded = true end
  if dist <= 1e-6 then return 0 end
  local dy = SW.way(s.side) * dist
  s.rowed_turn = G.turn
  s.y = s.y + dy
  s.polygon = rect(s)
  G.bf:change_terrain(s.fid, { polygon = s.polygon })
  for _, uid in ipairs(aboard) do
    G.bf:move(uid, "slide", 0, dy, { ignore_terrain = true, ignore = aboard })
    R.manoeuvre.record(G, uid, "aboard")
  end
  if G.log then G.bf:log("siege_ship", { ship = s.fid, what = s.grounded and "grounded" or "rowed", paces = dist / MM,
                                         x = s.x, y = s.y, company = aboard }) end
  ST.say(G, "  a ship rows %.0f paces towards the shore%s.", dist / MM, s.grounded and " and grounds" or "")
  return dist / MM
end

-- Whether a ship rows on (not grounded, its shallows ahead), or rowed this
-- period (its company rowed: it climbs down the period after).
function SW.afloat(G, fid)
  local s = G.sieges and G.sieges.ships[fid]
  if not s then return false end
  if s.rowed_turn == G.turn then return true end
  return not s.grounded and SW.to_ground(G, s) ~= nil
end

-- The gap (mm) from a point to ship s's rectangle.
local function gap_to(s, x, y)
  local dx = math.max(0, math.abs(x - s.x) - s.length / 2)
  local dy = math.max(0, math.abs(y - s.y) - s.beam / 2)
  return math.sqrt(dx * dx + dy * dy)
end

-- A ship of the unit's side as friendly cover: (within 100 paces, secure
-- flanks 0..2). The gap is from the nearest corner of the base.
function SW.cover(G, uid)
  local S = G.sieges
  local d = G.D[uid]
  if not S or d.siege_ship or ST.on_ship(G, uid) then return false, 0 end
  local near, flanks = false, { left = false, right = false }
  local u = G.bf:unit(uid)
  local a = math.rad(u.facing)
  local rx, ry = math.cos(a), math.sin(a)  -- the unit's right
  for _, s in ipairs(S.spec.ships) do
    if s.side == d.side then
      for _, c in ipairs(ST.corners(G, uid)) do
        if gap_to(s, c[1], c[2]) <= SW.COVER_PACES * MM then near = true end
      end
      for _, f in ipairs({ { "left", -1 }, { "right", 1 } }) do
        local fx, fy = u.x + rx * f[2] * u.width / 2, u.y + ry * f[2] * u.width / 2
        if gap_to(s, fx, fy) <= SW.FLANK_PACES * MM then flanks[f[1]] = true end
      end
    end
  end
  return near, (flanks.left and 1 or 0) + (flanks.right and 1 or 0)
end

-- The rule's places in WRG: the reaction test's cover and the referee's
-- allowance of a move aboard.
function SW.install(rules, R)
  local cover_and_flanks = R.turn.cover_and_flanks
  function R.turn.cover_and_flanks(G, uid)
    local fc, uc, behind, secure = cover_and_flanks(G, uid)
    if G.sieges and #G.sieges.spec.ships > 0 then
      local near, flanks = SW.cover(G, uid)
      if near then fc = true end
      secure = math.max(secure, flanks)
    end
    return fc, uc, behind, secure
  end
  local W = rules.require("wrg.referee")
  W.PACES.aboard = function() return SH.SPEED_UNDER_OARS end
end

return SW
