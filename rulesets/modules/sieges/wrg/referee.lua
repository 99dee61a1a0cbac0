-- The sieges module in WRG 1973: what the referee holds a siege to.
--   climb            the allowance of a climb up scaling ladders: the wall
--                    walk's depth and a pace (READING: the climb is the
--                    ladder's length, not ground covered)
--   siege_walls      nobody passes an intact wall, tower, palisade or shut
--                    gate except by ladder, breach or gate: a unit whose
--                    centre went from outside a fort's ring to inside (or back)
--                    in a phase either climbed this phase, stood on the wall
--                    walk, was over a parapet at the start or end of the
--                    phase (only a climb puts a unit over one: it is on its
--                    ladders), or its base touches a section that no longer
--                    holds (breached, burnt, open) at one end of its move,
--                    or the straight line from its start to its end goes
--                    through such a section's face
--   siege_escalade   an escalader (on its ladders, no footing) stands
--                    against the section its ladders are on
local forts = require("modules.sieges.fortifications")
local ST = require("modules.sieges.wrg.state")

local REF = {}

REF.CLIMB_PACES_EXTRA = 1

local function live(d) return d and not d.gone and not d.off_table end

-- Whether a base at (x, y, facing) of the unit's size touches a section that
-- does not hold.
-- Whether a unit's base overlaps a standing parapet (it is on ladders).
local function over_parapet(G, uid)
  local S = G.sieges
  local cs = ST.corners(G, uid)
  for _, sec in ipairs(S.forts.sections) do
    if forts.blocks(sec) then
      local ox, oy = forts.outward(sec)
      local tx, ty = sec.to[1] - sec.from[1], sec.to[2] - sec.from[2]
      local L = math.sqrt(tx * tx + ty * ty)
      local lo, hi, alo, ahi = math.huge, -math.huge, math.huge, -math.huge
      for _, c in ipairs(cs) do
        local behind = -((c[1] - sec.from[1]) * ox + (c[2] - sec.from[2]) * oy)
        local along = ((c[1] - sec.from[1]) * tx + (c[2] - sec.from[2]) * ty) / L
        lo, hi = math.min(lo, behind), math.max(hi, behind)
        alo, ahi = math.min(alo, along), math.max(ahi, along)
      end
      if hi > 0.5 and lo < forts.PARAPET_MM - 0.5 and ahi > 0.5 and alo < L - 0.5 then return true end
    end
  end
  return false
end

local function by_gap(G, uid, x, y)
  local S = G.sieges
  for _, sec in ipairs(S.forts.sections) do
    if not forts.blocks(sec) then
      local u = G.bf:unit(uid)
      local reach = math.sqrt(u.width ^ 2 + u.depth ^ 2) / 2 + sec.thickness + 2
      if ST.seg_dist(x, y, sec.from[1], sec.from[2], sec.to[1], sec.to[2]) <= reach then return true end
    end
  end
  return false
end

-- Whether the straight line from a unit's start to its end goes through
-- the outer face of a section that does not hold (a charge of 80 paces
-- through a broken gate ends far from it and started far from it).
local function through_gap(G, ax, ay, bx, by)
  local S = G.sieges
  for _, sec in ipairs(S.forts.sections) do
    if not forts.blocks(sec) then
      local cx, cy, dx, dy = sec.from[1], sec.from[2], sec.to[1], sec.to[2]
      local rx, ry, sx, sy = bx - ax, by - ay, dx - cx, dy - cy
      local den = rx * sy - ry * sx
      if math.abs(den) > 1e-12 then
        local t = ((cx - ax) * sy - (cy - ay) * sx) / den
        local u = ((cx - ax) * ry - (cy - ay) * rx) / den
        if t >= 0 and t <= 1 and u >= 0 and u <= 1 then return true end
      end
    end
  end
  return false
end

function REF.install(rules, R)
  local W = rules.require("wrg.referee")
  W.PACES.climb = function(d)
    local _ = d
    return forts.KINDS.tower.thickness / ST.MM + REF.CLIMB_PACES_EXTRA
  end
  local inside_before = setmetatable({}, { __mode = "k" })
  table.insert(W.invariants, 1, {
    id = "siege_walls", section = "WRG 1973 SIEGE: FIGHTING INSIDE FORTIFICATIONS",
    text = "nobody passes an intact wall except by ladder, breach or gate",
    check = function(G, phase)
      local S = G.sieges
      if not S then return nil end
      local before = inside_before[G] or {}
      local over_before = inside_before[G] and inside_before[G].over or {}
      local now, over = {}, {}
      local out
      for _, uid in ipairs(G.all) do
        local d = G.D[uid]
        if live(d) and not G.bf:removed(uid) then
          local x, y = G.bf:pos(uid)
          now[uid] = forts.fort_at(S.forts, x, y) or false
          over[uid] = over_parapet(G, uid)
          local was = before[uid]
          if was ~= nil and was ~= now[uid] then
            local start = phase.start and phase.start[uid]
            local climbed = false
            for _, k in ipairs(phase.moved[uid] or {}) do if k == "climb" then climbed = true end end
            local on_walk = d.siege_on ~= nil or (d.siege and (d.siege.footing or d.siege.escalading))
            local ok = climbed or on_walk or over[uid] or over_before[uid] or by_gap(G, uid, x, y)
              or (start and by_gap(G, uid, start[1] or start.x, start[2] or start.y))
              or (start and through_gap(G, start[1] or start.x, start[2] or start.y, x, y))
            if not ok then
              out = out or {}
              out[#out + 1] = { unit = uid, expected = "across the wall only by ladder, breach or gate",
                                found = string.format("%s the fort with no ladder, breach or open gate", now[uid] and "inside" or "outside") }
            end
          end
        end
      end
      now.over = over
      inside_before[G] = now
      return out
    end,
  })
  table.insert(W.invariants, 2, {
    id = "siege_escalade", section = "WRG 1973 SIEGE: FIGHTING INSIDE FORTIFICATIONS",
    text = "an escalader stands against the section its ladders are on",
    check = function(G)
      local S = G.sieges
      if not S then return nil end
      local out
      for _, uid in ipairs(G.all) do
        local d = G.D[uid]
        local k = d.siege
        if live(d) and k and k.escalading and not G.bf:removed(uid) then
          local sec = k.ladder_up and S.forts.sections[k.ladder_up.section]
          local u = G.bf:unit(uid)
          local near = false
          if sec then
            for _, c in ipairs(ST.corners(G, uid)) do
              if ST.seg_dist(c[1], c[2], sec.from[1], sec.from[2], sec.to[1], sec.to[2]) <= u.depth + sec.thickness + 2 then near = true end
            end
          end
          if not near then
            out = out or {}
            out[#out + 1] = { unit = uid, expected = "against the section of its ladders", found = "away from it" }
          end
        end
      end
      return out
    end,
  })
  local _ = R
end

return REF
