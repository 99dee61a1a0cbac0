-- The sieges module in WRG 1973: fascines thrown into a ditch.
-- MOVEMENT OF MATERIAL: "A cavalryman can carry a 40mm long fascine at
-- normal speed and throw it into a ditch without penalty. A 60mm fascine
-- must be carried by an infantryman". CONSTRUCTION: "A fascine reduces
-- ditch width by 5 mm."
--
-- A unit carrying fascines (unit.siege.fascines: how many; the commander
-- hands the scenario's `fascines` to infantry, one a figure) whose base lies
-- on a ditch at the end of its move throws them in before its front.
-- READINGS: a ditch here is WRG's stream, 20 paces (50.8 mm) wide, and WRG
-- charges the same for crossing any stream narrower than 30 paces, so a
-- ditch narrowed but not filled changes nothing on the table: the party
-- throws its fascines only in lots that fill the ditch's whole width --
-- ceil(width / 5 mm) fascines (11) -- each lot over one fascine's length
-- (60 mm for infantry, 40 for cavalry), side by side, centred on the unit,
-- and keeps the rest. The filled length is ground: the ditch piece is cut
-- there (bf:change_terrain on the piece, bf:add_terrain for the part beyond,
-- logged, so replays show it).
local ST = require("modules.sieges.wrg.state")

local FA = {}

FA.REDUCES_MM = 5
FA.LENGTH_MM = { infantry = 60, cavalry = 40 }

-- Fascines needed to fill a ditch of width_mm across its whole width.
function FA.per_fill(width_mm) return math.ceil(width_mm / FA.REDUCES_MM - 1e-9) end

local function strip(ax, ay, bx, by, w)
  local L = math.sqrt((bx - ax) ^ 2 + (by - ay) ^ 2)
  local nx, ny = -(by - ay) / L * w / 2, (bx - ax) / L * w / 2
  return { ax - nx, ay - ny, bx - nx, by - ny, bx + nx, by + ny, ax + nx, ay + ny }
end

-- A ditch piece's centre line and width from its strip polygon.
local function line_of(p)
  local ax, ay = (p[1] + p[7]) / 2, (p[2] + p[8]) / 2
  local bx, by = (p[3] + p[5]) / 2, (p[4] + p[6]) / 2
  return ax, ay, bx, by, math.sqrt((p[7] - p[1]) ^ 2 + (p[8] - p[2]) ^ 2)
end

-- Fills [s0, s1] (mm along the piece) of ditch piece `dch` (an entry of
-- G.sieges.spec.ditches). Returns the fid of the part beyond, if any.
function FA.fill(G, dch, s0, s1)
  local ax, ay, bx, by, w = line_of(dch.polygon)
  local L = math.sqrt((bx - ax) ^ 2 + (by - ay) ^ 2)
  local tx, ty = (bx - ax) / L, (by - ay) / L
  s0, s1 = math.max(0, s0), math.min(L, s1)
  local before = s0 > 1 and strip(ax, ay, ax + tx * s0, ay + ty * s0, w) or nil
  local after = L - s1 > 1 and strip(ax + tx * s1, ay + ty * s1, bx, by, w) or nil
  local added
  if before then
    dch.polygon = before
    G.bf:change_terrain(dch.fid, { polygon = before })
    if after then
      added = G.bf:add_terrain{ type = "ditch", polygon = after, river = true, width = 20 }
      G.terrain_attr[added] = { id = added, type = "river", width = G.terrain_attr[dch.fid].width }
      G.sieges.spec.ditches[#G.sieges.spec.ditches + 1] = { polygon = after, fid = added }
    end
  elseif after then
    dch.polygon = after
    G.bf:change_terrain(dch.fid, { polygon = after })
  else
    -- wholly filled: ground now
    dch.filled = true
    G.bf:change_terrain(dch.fid, { type = "filled_ditch", river = false })
    G.terrain_attr[dch.fid] = nil
  end
  return added
end

-- After movement: every unit with fascines lying on a ditch throws them.
function FA.throw(G, R)
  local S = G.sieges
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local k = d.siege
    if k and (k.fascines or 0) > 0 and not d.gone and not d.off_table and not d.routing
      and not G.bf:removed(uid) then
      local under = {}
      for _, fid in ipairs(G.bf:terrain_ids_under(uid)) do under[fid] = true end
      for _, dch in ipairs(S.spec.ditches) do
        if under[dch.fid] and not dch.filled and (k.fascines or 0) > 0 then
          local ax, ay, bx, by, w = line_of(dch.polygon)
          local per = FA.per_fill(w)
          local lots = k.fascines // per
          if lots > 0 then
            local len = (R.troops.is_infantry(d) and FA.LENGTH_MM.infantry or FA.LENGTH_MM.cavalry) * lots
            local L = math.sqrt((bx - ax) ^ 2 + (by - ay) ^ 2)
            local x, y = G.bf:pos(uid)
            local s = ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / L
            FA.fill(G, dch, s - len / 2, s + len / 2)
            k.fascines = k.fascines - lots * per
            if G.log then G.bf:log("siege_fascines", { unit = uid, ditch = dch.fid, thrown = lots * per, filled_mm = len }) end
            ST.say(G, "  %s throw %d fascines into the ditch: %d mm of it filled.", d.name, lots * per, len)
          end
        end
      end
    end
  end
end

return FA
