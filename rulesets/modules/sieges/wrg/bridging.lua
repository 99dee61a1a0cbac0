-- The sieges module in WRG 1973: bridging a ditch in battle, with or
-- without pontoons. CONSTRUCTION: "Abatis, saps, ditches, turf walls,
-- palisades and 60 mm wide bridges or causeways each require 5
-- figure/periods per 5 paces length. If pontoons are available, bridging
-- speeds are doubled." MOVEMENT OF MATERIAL: "1 wagon can carry ... 1 a
-- pontoon." POINTS VALUES: "Pontoon, with bridge section 10 20".
--
-- The scenario's siege piece names the bridging parties and the pontoons
-- (`bridgers: [pioneers]`, `pontoons: 1`): the pontoons go one to each
-- party in the order named (one "bridge section" a bridge).
--
-- READINGS (ours; docs/modules/sieges.md, CONSTRUCTION):
--  * a bridge's length is the ditch's width (a ditch is WRG's stream, 20
--    paces): 20 figure/periods, 10 with a pontoon; it is 60 mm wide, as the
--    text says, centred on the party across the ditch;
--  * a party works on it at the end of a period in which its base lies on
--    the ditch (it has come down to the water), it stood still, out of melee,
--    not routing; its figures x hours (half at night without lights) a
--    period (WORKING PARTIES: infantry, not barbarian "B" types);
--  * the finished bridge is ground: the ditch piece is cut there (as filled
--    fascines cut it: bf:change_terrain, bf:add_terrain, logged) and a
--    bridge piece drawn over the gap (`siege_bridge`).
local works = require("modules.sieges.works")
local FA = require("modules.sieges.wrg.fascines")
local ST = require("modules.sieges.wrg.state")

local BR = {}

BR.WIDTH_MM = 60
local MM = ST.MM

-- The siege piece's `bridgers` and `pontoons`.
function BR.read(p, where, fail)
  local list, n = p.bridgers, p.pontoons
  if list ~= nil and type(list) ~= "table" then fail("%s: bridgers is a list of unit ids (working parties that bridge ditches)", where) end
  for i, id in ipairs(list or {}) do
    if type(id) ~= "string" then fail("%s: bridgers entry %d: a unit id", where, i) end
  end
  if n ~= nil and (type(n) ~= "number" or n < 0 or n % 1 ~= 0) then
    fail("%s: pontoons is a number of pontoon wagons (0 or more)", where)
  end
  return { bridgers = list or {}, pontoons = n or 0 }
end

local function live(d) return d and not d.gone and not d.off_table and not d.routing end

-- A ditch piece's centre line and width (its strip polygon).
local function line_of(p)
  local ax, ay = (p[1] + p[7]) / 2, (p[2] + p[8]) / 2
  local bx, by = (p[3] + p[5]) / 2, (p[4] + p[6]) / 2
  return ax, ay, bx, by, math.sqrt((p[7] - p[1]) ^ 2 + (p[8] - p[2]) ^ 2)
end

-- Hands out the bridging kit before the first period.
function BR.setup(G)
  local S = G.sieges
  if not S or S.bridging_given then return end
  S.bridging_given = true
  local spec = S.spec.siege.bridging or { bridgers = {}, pontoons = 0 }
  local left = spec.pontoons
  for _, id in ipairs(spec.bridgers) do
    for _, uid in ipairs(G.all) do
      local d = G.D[uid]
      if d.id == id then
        d.siege = d.siege or {}
        local p = left > 0 and 1 or 0
        left = left - p
        d.siege.bridge = { pontoons = p }
      end
    end
  end
end

-- End of a period: parties on a ditch work on their bridge.
function BR.work(G, R, rate)
  local S = G.sieges
  if not S then return end
  BR.setup(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local b = d.siege and d.siege.bridge
    -- one bridge a party: once built it builds no more (standing on it, a
    -- party wider than 60 mm still lies on the ditch beside it)
    if b and not b.built and live(d) and not d.in_melee and (d.moved or 0) <= 0 and not G.bf:removed(uid)
      and works.may_work{ infantry = R.troops.is_infantry(d), regular = d.regular, class = d.class } then
      local under = {}
      for _, fid in ipairs(G.bf:terrain_ids_under(uid)) do under[fid] = true end
      for _, dch in ipairs(S.spec.ditches) do
        if under[dch.fid] and not dch.filled then
          local ax, ay, bx, by, w = line_of(dch.polygon)
          if not (b.job and b.ditch == dch.fid) then
            b.job = works.task("bridge", w / MM, { pontoons = b.pontoons > 0 })
            b.ditch = dch.fid
          end
          local fp = works.output{ figures = d.figures, hours = S.hours * rate(G, d.side) }
          works.work(b.job, fp)
          if G.log then G.bf:log("siege_build", { unit = uid, what = "bridge", fp = fp, done = b.job.done_fp, need = b.job.need,
                                                  pontoon = b.pontoons > 0 }) end
          ST.say(G, "  %s bridge the ditch%s: %g of %g figure/periods.", d.name, b.pontoons > 0 and " with a pontoon" or "",
            b.job.done_fp, b.job.need)
          if b.job.done then
            local L = math.sqrt((bx - ax) ^ 2 + (by - ay) ^ 2)
            local tx, ty = (bx - ax) / L, (by - ay) / L
            local x, y = G.bf:pos(uid)
            local s = (x - ax) * tx + (y - ay) * ty
            local s0, s1 = math.max(0, s - BR.WIDTH_MM / 2), math.min(L, s + BR.WIDTH_MM / 2)
            FA.fill(G, dch, s0, s1)
            local nx, ny = -ty * w / 2, tx * w / 2
            local poly = { ax + tx * s0 - nx, ay + ty * s0 - ny, ax + tx * s1 - nx, ay + ty * s1 - ny,
                           ax + tx * s1 + nx, ay + ty * s1 + ny, ax + tx * s0 + nx, ay + ty * s0 + ny }
            local fid = G.bf:add_terrain{ type = "siege_bridge", polygon = poly, bridge = true }
            if b.pontoons > 0 then b.pontoons = b.pontoons - 1 end
            d.siege.bridge = { pontoons = b.pontoons, built = fid }
            if G.log then G.bf:log("siege_build", { unit = uid, what = "bridge done", feature = fid, ditch = dch.fid }) end
            ST.say(G, "  %s have bridged the ditch: %d mm of it is ground.", d.name, math.floor(s1 - s0 + 0.5))
          end
          break
        end
      end
    end
  end
end

-- Deployment (the besieger's siege plan, commander_engines.lua CE.deploy):
-- a bridging party with a bridge to build stands square (facing straight
-- ahead as its side deploys) with the first ditch straight before it, so
-- that the default commander's "straight ahead onto the ditch" brings it
-- there. READING (the commander's choice): on its own row of the plan, at the
-- free place nearest its planned one whose whole frontage faces the ditch
-- (sampled every 10 mm along each ditch, in the scenario's order); with no
-- free place on its row with its way ahead to the ditch clear, a row nearer
-- the ditch (its depth and 10 mm a row, up to 5 rows); with none there either
-- it keeps its place. (Rows further back were tried: at the camp every way
-- to the ditch from behind the line crosses a unit that stands, and the
-- party never got there.) Boxes are the
-- plan's other units (width along the row, depth across).
local function overlaps(a, b) return a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4] end
function BR.deploy(G, s, specs, plan)
  local S = G.sieges
  local spec = S and S.spec.siege.bridging
  if not spec or #spec.bridgers == 0 or #S.spec.ditches == 0 then return plan end
  local want = {}
  for _, id in ipairs(spec.bridgers) do want[id] = true end
  local boxes, stands = {}, {}
  for n, p in ipairs(plan) do
    local d = specs[p.index]
    local a = math.rad(p.facing or 0)
    local bw = math.abs(math.cos(a)) * d.w + math.abs(math.sin(a)) * d.dp
    local bh = math.abs(math.sin(a)) * d.w + math.abs(math.cos(a)) * d.dp
    boxes[n] = { p.x - bw / 2, p.y - bh / 2, p.x + bw / 2, p.y + bh / 2 }
    -- those that stand where they are (fire parties stand to prepare;
    -- engines): the others go straight ahead at the wall
    stands[n] = (d.siege and d.siege.fire) or d.type == "ENG"
  end
  for n, p in ipairs(plan) do
    local d = specs[p.index]
    if want[d.id] then
      local facing = s == 1 and 0 or 180
      local ahead = s == 1 and 1 or -1 -- towards the enemy: +y for side 1 (facing 0), -y for side 2
      local best
      for row = 0, 5 do
        local y = p.y + ahead * row * (d.dp + 10)
        for _, dch in ipairs(S.spec.ditches) do
          local poly = dch.polygon
          local minx, maxx, near = math.huge, -math.huge, nil
          for i = 1, #poly, 2 do
            minx, maxx = math.min(minx, poly[i]), math.max(maxx, poly[i])
            local dy = (poly[i + 1] - y) * ahead
            if dy > 0 and (not near or dy < near) then near = dy end
          end
          -- a ditch ahead of the row, its x-extent wide enough for the frontage
          if near and near > d.dp and maxx - minx >= d.w then
            for x = minx + d.w / 2, maxx - d.w / 2, 10 do
              local b = { x - d.w / 2, y - d.dp / 2, x + d.w / 2, y + d.dp / 2 }
              -- its place and its way to the ditch clear of the others
              -- (a party behind a unit that stands, as fire parties do, never
              -- gets there)
              local y2 = y + ahead * near
              local way = { x - d.w / 2, math.min(y, y2), x + d.w / 2, math.max(y, y2) }
              -- and out of the lanes of those going straight ahead: a party
              -- standing on the ditch 20 mm into a warband's lane stopped the
              -- warband at the ditch for the rest of the camp's battle
              local ok = true
              for m, q in ipairs(boxes) do
                if m ~= n and (overlaps(b, q) or overlaps(way, q)
                               or (not stands[m] and b[1] < q[3] and q[1] < b[3])) then ok = false; break end
              end
              if ok and (not best or math.abs(x - p.x) + math.abs(y - p.y) < best.cost) then
                best = { x = x, y = y, cost = math.abs(x - p.x) + math.abs(y - p.y) }
              end
            end
          end
        end
        if best then break end
      end
      if best then
        p.x, p.y, p.facing = best.x, best.y, facing
        boxes[n] = { best.x - d.w / 2, best.y - d.dp / 2, best.x + d.w / 2, best.y + d.dp / 2 }
      end
    end
  end
  return plan
end

return BR
