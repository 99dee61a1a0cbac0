-- The sieges module in WRG 1973: CONSTRUCTION during a battle. "Abatis,
-- saps, ditches, turf walls, palisades and 60 mm wide bridges or causeways
-- each require 5 figure/periods per 5 paces length." (modules.sieges.works)
--
-- Played: the garrison closes a gap in its ring (a breach, a broken gate, a
-- burnt palisade) with an abatis. At the start of each period the defender's
-- commander (the default one: this is its choice, not a rule) sets a foot
-- unit inside the fort within 30 paces of an open gap to build, when no
-- besieger stands within 10 paces of the gap (holding it) and no one builds
-- there yet;
-- at the end of the period a builder that stood still, out of melee and
-- not routing, adds its figures' work (works.output: figures x hours, half
-- at night without lights). When the figure/periods are in, the abatis
-- stands just inside the gap, along its whole length (bf:add_terrain,
-- logged: replays show it). READINGS: the work is "5 figure/periods per 5
-- paces" of the gap's length; an abatis is a linear obstacle of WRG's
-- DIFFICULT TERRAIN 6 ("Over linear obstacles such as streams, ditches,
-- walls and hedges"), played as the module's ditches are: a stream 20 paces
-- wide; a builder is any infantry unit of the garrison (WORKING PARTIES:
-- not barbarian "B" types, works.may_work); it is not given the besieger's uncontrolled-advance
-- reading (wrg/working_parties.lua covers the besieger's parties).
local works = require("modules.sieges.works")
local gaps = require("modules.sieges.commander_gaps")
local ST = require("modules.sieges.wrg.state")

local C = {}

C.NEAR_PACES, C.CLEAR_PACES = 30, 10
C.DEPTH_MM, C.INSET_MM = 10, 4

local function live(d) return d and not d.gone and not d.off_table and not d.routing and not d.leaving end
local function foot(d) return d.type == "LI" or d.type == "LMI" or d.type == "MI" or d.type == "LHI" or d.type == "HI" end

local function key(g) return g.sections[1] end

-- The gap's abatis strip: just inside the wall walk, along the gap.
local function strip(g)
  local inx, iny = -g.ox, -g.oy
  local a0 = g.thickness + C.INSET_MM
  local a1 = a0 + C.DEPTH_MM
  return { g.a[1] + inx * a0, g.a[2] + iny * a0, g.b[1] + inx * a0, g.b[2] + iny * a0,
           g.b[1] + inx * a1, g.b[2] + iny * a1, g.a[1] + inx * a1, g.a[2] + iny * a1 }
end

-- Start of a period: builders for the open gaps (the commander's choice).
function C.assign(G)
  local S = G.sieges
  if not S or not S.defender or #S.forts.forts == 0 then return end
  S.builds = S.builds or {}
  local busy = {}
  for _, uid in ipairs(G.sides[S.defender].units) do
    local d = G.D[uid]
    local k = d.siege
    if k and k.abatis then
      if live(d) and not d.in_melee and S.builds[k.abatis] and not S.builds[k.abatis].done then busy[k.abatis] = uid
      else k.abatis = nil end
    end
  end
  for _, g in ipairs(gaps.list(S)) do
    local id = key(g)
    local b = S.builds[id]
    if not (b and b.done) and not busy[id] then
      local clear = true
      for _, e in ipairs(G.sides[S.besieger].units) do
        local ed = G.D[e]
        if live(ed) and not G.bf:removed(e) then
          local x, y = G.bf:pos(e)
          if ST.seg_dist(x, y, g.a[1], g.a[2], g.b[1], g.b[2]) / ST.MM <= C.CLEAR_PACES + G.bf:unit(e).depth / 2 / ST.MM then clear = false end
        end
      end
      if clear then
        local best, bd
        for _, uid in ipairs(G.sides[S.defender].units) do
          local d = G.D[uid]
          if live(d) and foot(d) and works.may_work{ infantry = true, regular = d.regular, class = d.class } and not d.in_melee
            and not G.bf:removed(uid) and ST.inside(G, uid) and not ST.on_section(G, uid)
            and not (d.siege and (d.siege.fire_fighting or d.siege.abatis)) then
            local x, y = G.bf:pos(uid)
            local dist = ST.seg_dist(x, y, g.a[1], g.a[2], g.b[1], g.b[2]) / ST.MM
            if dist <= C.NEAR_PACES + G.bf:unit(uid).depth / 2 / ST.MM and (not bd or dist < bd) then best, bd = uid, dist end
          end
        end
        if best then
          if not b then
            b = { job = works.task("abatis", g.width / ST.MM), polygon = strip(g) }
            S.builds[id] = b
          end
          local d = G.D[best]
          d.siege = d.siege or {}
          d.siege.abatis = id
          ST.say(G, "  %s build an abatis across the gap (section %d): %g of %g figure/periods.", d.name, id, b.job.done_fp, b.job.need)
        end
      end
    end
  end
end

-- End of a period: the builders' work; an abatis finished goes on the table.
function C.work(G, rate)
  local S = G.sieges
  if not S or not S.builds then return end
  for _, uid in ipairs(G.sides[S.defender].units) do
    local d = G.D[uid]
    local k = d.siege
    local b = k and k.abatis and S.builds[k.abatis]
    if b and not b.done and live(d) and not d.in_melee and (d.moved or 0) <= 0 and not G.bf:removed(uid) then
      local fp = works.output{ figures = d.figures, hours = S.hours * rate(G, d.side) }
      works.work(b.job, fp)
      if G.log then G.bf:log("siege_build", { unit = uid, section = k.abatis, what = "abatis", fp = fp,
                                              done = b.job.done_fp, need = b.job.need }) end
      if b.job.done then
        b.done = true
        local fid = G.bf:add_terrain{ type = "abatis", polygon = b.polygon, river = true, width = 20 }
        G.terrain_attr[fid] = { id = fid, type = "river", width = 20, obstacle = "abatis" }
        G.has_river, G.has_terrain = true, true
        b.fid = fid
        k.abatis = nil
        if G.log then G.bf:log("siege_build", { unit = uid, what = "abatis done", feature = fid }) end
        ST.say(G, "  %s have closed the gap with an abatis.", d.name)
      end
    end
  end
end

return C
