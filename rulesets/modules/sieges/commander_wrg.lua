-- The sieges module in WRG 1973: the default commander (wrg.ai) besieging
-- and defending. Installed around wrg.ai's own choices; without a siege on
-- the table it leaves them alone. Rules never decide for it; it rolls no
-- dice; it knows of the enemy's mines only what modules.sieges.mining.view
-- shows its side.
--
-- Besieger: deploys at its edge (or aboard its ships), gives its scaling
-- ladders to its foot (2 figures a ladder), its ram to a heavy foot unit,
-- fire missiles to the units the scenario names; ladder units make for the
-- wall sections facing them (undefended ones first) and escalade; the ram
-- makes for a gate and batters it; fire troops close to half range of a
-- gate or palisade and stand to prepare and shoot fire; the rest wait
-- outside bowshot until a breach, a broken gate or a footing opens the way,
-- then go in. Units aboard ship climb down the side (as dismounting: half a
-- period) and wade ashore.
-- Defender: posts its foot along the walls facing the enemy (missile troops
-- first) and keeps the rest inside; "Uncontrolled advance by defenders
-- means move towards a breach or wall threatened with escalade, or failing
-- these, sortie out" (READING: a sortie needs an open gate; with none the
-- unit stands); the reserve mans the threatened section (the nearest
-- breach or broken gate, else the section under escalade), fights fire
-- within 60 paces of a burning section, and attacks enemies inside.
local forts = require("modules.sieges.fortifications")
local fire = require("modules.sieges.fire")
local materials = require("modules.sieges.materials")
local garrison = require("modules.sieges.garrison")
local ST = require("modules.sieges.wrg.state")
local lanes = require("modules.sieges.commander_lanes")
local gaps = require("modules.sieges.commander_gaps")
local battlefield = require("sandtable.battlefield")
local ends = require("modules.sieges.commander_end")
local WP = require("modules.sieges.wrg.working_parties")
local common = require("modules.sieges.commander_common")

local CMD = {}

local MM = ST.MM
local exempt = setmetatable({}, { __mode = "k" })  -- G.S -> { [side] = true }: deployed by the siege plan

local function live(d) return d and not d.gone and not d.off_table end
local function foot(d) return d.type == "LI" or d.type == "LMI" or d.type == "MI" or d.type == "LHI" or d.type == "HI" end

-- The direction (unit vector) towards a side's table edge.
local function towards_edge(side) return 0, side == 1 and -1 or 1 end

local box, overlaps = garrison.box, garrison.overlaps

local function defender_plan(G, s, base_plan)
  local S = G.sieges
  local side = G.sides[s]
  local specs = side.specs
  local order = {}
  for i, d in ipairs(specs) do order[#order + 1] = i end
  -- missile foot first, then other foot, then the rest (kept inside)
  local function rank(d) if foot(d) and d.range then return 1 elseif foot(d) then return 2 end return 3 end
  table.sort(order, function(a, b)
    local ra, rb = rank(specs[a]), rank(specs[b])
    if ra ~= rb then return ra < rb end
    return a < b
  end)
  local plan, placed, used = {}, {}, {}
  garrison.man_walls(S, s, specs, order, function(d) return rank(d) <= 2 and not (d.siege and d.siege.caltrops) end,
    function(d) return 2 + d.dp / 2 end, plan, placed, used)
  -- a unit with caltrops stands just inside a gate, room before it to lay them
  for _, i in ipairs(order) do
    local d = specs[i]
    if not used[i] and d.siege and d.siege.caltrops then
      for _, sec in ipairs(S.forts.sections) do
        if not used[i] and sec.kind == "gate" and S.forts.forts[sec.fort].defender == s then
          local ox, oy, mx, my = forts.outward(sec)
          local back = sec.thickness + 40 + d.dp / 2
          local x, y = mx - ox * back, my - oy * back
          local b = box(x, y, d.w, d.dp, forts.facing_out(sec))
          local ok = true
          for _, q in ipairs(placed) do if overlaps(b, q) then ok = false end end
          if ok then
            plan[#plan + 1] = { index = i, x = x, y = y, facing = forts.facing_out(sec) }
            placed[#placed + 1] = b
            used[i] = true
          end
        end
      end
    end
  end
  -- the rest inside: the free places nearest the middle of the fort
  local fort = S.forts.forts[1]
  for fi, f in ipairs(S.forts.forts) do if f.defender == s then fort = S.forts.forts[fi]; break end end
  return garrison.place_inside(S, fort, specs, order, plan, placed, used, base_plan)
end

-- The besieger's kit, written on its units' data before they are placed.
local function give_kit(G, s)
  local S = G.sieges
  local spec = S.spec.siege
  local specs = G.sides[s].specs
  local ladders, rams, mantlets = spec.ladders or 0, spec.rams or 0, spec.mantlets or 0
  local named = {}
  for _, id in ipairs(spec.fire or {}) do named[id] = "fire" end
  for _, id in ipairs(spec.caltrops or {}) do named[id] = named[id] or "caltrops" end
  local blind = {}
  for _, id in ipairs(spec.blind or {}) do blind[id] = true end
  -- the ram to the heaviest foot of 4 figures or more; ladders to the rest of the foot
  local heavy = { HI = 1, LHI = 2, MI = 3, LMI = 4 }
  local by = {}
  for i, d in ipairs(specs) do if heavy[d.type] then by[#by + 1] = i end end
  table.sort(by, function(a, b)
    local ha, hb = heavy[specs[a].type], heavy[specs[b].type]
    if ha ~= hb then return ha < hb end
    return a < b
  end)
  for _, i in ipairs(by) do
    local d = specs[i]
    d.siege = d.siege or {}
    if rams > 0 and d.figures >= materials.CARRY.ram.min and not named[d.id] then
      d.siege.ram, rams = true, rams - 1
      -- the mantlets to the ram party, enough to cover it (2 men a mantlet)
      local m = math.min(mantlets, (d.figures + 1) // 2)
      if m > 0 then d.siege.mantlets, mantlets = m, mantlets - m end
    elseif ladders > 0 and not named[d.id] then
      local n = math.min(ladders, math.max(1, d.figures // (2 * materials.CARRY.ladder.min)))
      d.siege.ladders, ladders = n, ladders - n
    end
  end
  -- fascines (one a figure: "A 60mm fascine must be carried by an
  -- infantryman") to the ladder parties' figures not carrying ladders
  local fascines = spec.fascines or 0
  for _, i in ipairs(by) do
    local k = specs[i].siege
    if fascines > 0 and k and (k.ladders or 0) > 0 then
      local n = math.min(fascines, specs[i].figures - 2 * k.ladders)
      if n > 0 then k.fascines, fascines = n, fascines - n end
    end
  end
  for _, d in ipairs(specs) do
    if named[d.id] == "fire" then d.siege = d.siege or {}; d.siege.fire = true end
    -- stone-throwers aim at the lower wall (not at the ramparts), or lob
    -- blind over the walls when the scenario says so (wrg/blind.lua)
    if d.type == "ENG" and d.engine ~= "light_bolt" and d.engine ~= "heavy_bolt" then
      d.siege = d.siege or {}
      if blind[d.id] then d.siege.blind = true else d.siege.batter = true end
    end
  end
end

-- Caltrops go to the infantry units the scenario names, on either side.
local function give_caltrops(G, s)
  local S = G.sieges
  for _, d in ipairs(G.sides[s].specs) do
    for _, id in ipairs(S.spec.siege.caltrops or {}) do
      if d.id == id and foot(d) then d.siege = d.siege or {}; d.siege.caltrops = true end
    end
  end
end

local function ships_plan(G, s, base_plan)
  local S = G.sieges
  local ships = {}
  for _, sh in ipairs(S.spec.ships) do if sh.side == s then ships[#ships + 1] = sh end end
  if #ships == 0 then return base_plan end
  local plan = {}
  local n = 0
  for _, p in ipairs(base_plan) do
    n = n + 1
    local sh = ships[n]
    if sh then
      plan[#plan + 1] = { index = p.index, x = sh.x, y = sh.y, facing = s == 1 and 0 or 180 }
    else
      plan[#plan + 1] = p
    end
  end
  return plan
end

-- Sections the enemy has put ladders against, and those that no longer hold.
-- (ladders only: a section being battered is not yet a threat the garrison
-- answers, unlike Historicon's commander)
local function threats(G) return common.threats(G, live, false) end

-- The bearing towards (x, y) or, with a friend or a wall in the way, the
-- line 30 or 60 degrees either side that brings the unit nearest (as the
-- default commander steers round friends).
local function steer(G, uid, x, y, dist)
  local ux, uy = G.bf:pos(uid)
  local b = math.deg(math.atan(-(x - ux), (y - uy))) % 360
  local turn = G.sieges_turn
  if not turn then return b, dist end
  local best_b, best_left, best_go
  local step = math.min(dist, G.D[uid].moves[1])
  -- straight ahead first when it is within 45 degrees of the way (it keeps
  -- the line and costs no turn: the default commander's preference, so a
  -- unit does not swing its facing from period to period)
  local _, _, facing = G.bf:pos(uid)
  local cands = {}
  if math.abs(((facing - b + 180) % 360) - 180) <= 45 then cands[1] = facing end
  for _, off in ipairs({ 0, 30, -30, 60, -60 }) do cands[#cands + 1] = (b + off) % 360 end
  for i, bb in ipairs(cands) do
    local left, go = turn.probe(G, uid, function()
      local _, _, f = G.bf:pos(uid)
      G.bf:move(uid, "turn", ((bb - f + 180) % 360) - 180)
      local stop, moved = turn.advance(G, uid, step)
      local px, py = G.bf:pos(uid)
      local rest = math.sqrt((x - px) ^ 2 + (y - py) ^ 2)
      -- a line that runs into a wall: as far as short of it (walking into
      -- a wall would count as an obstructed move)
      if stop == "terrain" then return rest + 5, math.max(0, moved - 1) end
      -- blocked at once (friends, enemies): no move on this line
      if moved < 0.5 then return rest + 1000, 0 end
      return rest, dist
    end)
    local score = left / MM + math.abs(((bb - b + 180) % 360) - 180) * 0.05
    if i == 1 and bb == facing then score = score - 10 end
    if not best_left or score < best_left - 0.01 then best_b, best_left, best_go = bb, score, go end
  end
  return best_b, best_go
end

-- A move towards (x, y) (the unit's centre there); with face_after, it
-- comes up square: first to a place 12 paces out in front, then straight
-- ahead, only as far as the point (so it stops short of a face rather than
-- bumping into it).
-- Standing still, facing `b`: a turn when the unit does not face it yet,
-- else no move at all (a hold is not an order to move).
local queue_place
local function face_plan(G, uid, b)
  local _, _, f = G.bf:pos(uid)
  if math.abs(((f - b + 180) % 360) - 180) < 1 then return nil end
  return { bearing = b, distance = 0 }
end

local function point_plan(G, uid, x, y, face_after)
  local ux, uy = G.bf:pos(uid)
  local dist = math.sqrt((x - ux) ^ 2 + (y - uy) ^ 2) / MM
  if dist < 0.6 then
    if face_after then return face_plan(G, uid, face_after) end
    return nil
  end
  if face_after then
    local a = math.rad(face_after)
    local sx, sy = x + math.sin(a) * 12 * MM, y - math.cos(a) * 12 * MM
    local ds = math.sqrt((sx - ux) ^ 2 + (sy - uy) ^ 2) / MM
    -- ahead along the final line: the lateral offset from it
    local fx, fy = -math.sin(a), math.cos(a)
    local ahead = ((x - ux) * fx + (y - uy) * fy) / MM
    local lateral = math.abs((x - ux) * fy - (y - uy) * fx) / MM
    if lateral <= 1 and ahead >= 0 then
      return { bearing = face_after, distance = ahead, advancing = true }
    end
    if ds >= 1 then
      local b, go = steer(G, uid, sx, sy, ds)
      if go < 0.5 then return nil end
      return { bearing = b, distance = math.min(ds, go), advancing = true }
    end
    return { bearing = face_after, distance = math.max(0, ahead), advancing = true }
  end
  local b, go = steer(G, uid, x, y, dist)
  if go < 0.5 then return nil end
  return { bearing = b, distance = math.min(dist, go), advancing = true }
end

-- The outside point a unit makes for against a section: centred on it,
-- its front on the face.
local function at_face(G, uid, sec) return common.at_face(G, uid, sec, 1) end

local function facing_toward(G, uid, sec)
  local x, y = G.bf:pos(uid)
  local ox, oy = forts.outward(sec)
  return (x - sec.from[1]) * ox + (y - sec.from[2]) * oy > 0
end

-- The besieger's objective section for a kind of kit.
local function pick_section(G, uid, want)
  -- (facing_toward with the unit's position read once: nothing moves while
  -- the sections are scored)
  local x, y = G.bf:pos(uid)
  return common.pick_section(G, uid, want, { live = live, unit = MM, defended = 150, taken = 400,
    may = function(sec)
      local ox, oy = forts.outward(sec)
      return (x - sec.from[1]) * ox + (y - sec.from[2]) * oy > 0
    end })
end

-- The halt before a ditch on a fascine party's lane: the plan that brings
-- its front onto the ditch's near bank, or nil (no ditch ahead on the lane,
-- too few fascines, or already at the bank).
local FA = require("modules.sieges.wrg.fascines")
local function fascine_stop(G, uid, k, lane)
  local S = G.sieges
  local x, y, f = G.bf:pos(uid)
  local u = G.bf:unit(uid)
  for _, dch in ipairs(S.spec.ditches) do
    if not dch.filled then
      local p = dch.polygon
      local ax, ay = (p[1] + p[7]) / 2, (p[2] + p[8]) / 2
      local bx, by = (p[3] + p[5]) / 2, (p[4] + p[6]) / 2
      local w = math.sqrt((p[7] - p[1]) ^ 2 + (p[8] - p[2]) ^ 2)
      if (k.fascines or 0) >= FA.per_fill(w) then
        -- the lane's line from the unit to its point crosses the ditch's middle line
        local rx, ry, sx, sy = lane.x - x, lane.y - y, bx - ax, by - ay
        local den = rx * sy - ry * sx
        if math.abs(den) > 1e-9 then
          local t = ((ax - x) * sy - (ay - y) * sx) / den
          local v = ((ax - x) * ry - (ay - y) * rx) / den
          if t > 0 and t <= 1 and v >= 0 and v <= 1 then
            local L = math.sqrt(rx * rx + ry * ry)
            local go = t * L - w / 2 - u.depth / 2 + 0.5
            if go > 0.5 * MM then
              return { bearing = lane.facing, distance = go / MM, advancing = true }
            end
            if go > -1 then return face_plan(G, uid, lane.facing) end
          end
        end
      end
    end
  end
  return nil
end

-- Whether a besieging unit goes in by a gap: not a party still with its
-- ram or ladders, not an engine (stone-throwers stay emplaced), not
-- skirmishers (they stand off and shoot at the walls, as the default
-- commander's skirmish: in a 90 or 100 mm gap they only block the storm),
-- not a fire party (session seven: the camp's "More men with firebrands",
-- sent to each gap the burning palisade opened and back to their fire
-- stretch when the garrison's water closed it, swung their facing back and
-- forth in periods 20-25: 5 'facing-oscillates' in 200 battles at 48
-- periods; they keep to their fire work, which is what opens the gaps).
local function goes_in(d)
  local k = d.siege or {}
  return not k.ram and not ((k.ladders or 0) > 0) and not k.fire and d.type ~= "ENG" and d.order ~= "skirmish"
end

-- STORMING A GAP one unit at a time (WHY: a breach is 90 mm, a gate 100;
-- at Amida the reserve's three units made for the broken gate together,
-- jammed on each other 150 paces out and stood there until the siege was
-- given up). The besiegers outside making for gap g, nearest first; the
-- first goes in, each other waits square behind the gap's middle, its
-- front 25 mm behind the rear of those ahead of it (a file of units, as a
-- column at a breach). Returns the waiting unit's plan (a hold when it is
-- already nearer than its place), or nil for the first.
function queue_place(G, g, uid)
  local S = G.sieges
  local list = {}
  local glist = gaps.list(S)  -- nothing changes a section in this loop
  for _, o in ipairs(G.sides[S.besieger].units) do
    local od = G.D[o]
    if live(od) and not od.routing and not od.in_melee and od.state ~= "rally_back" and od.state ~= "retire"
      and not G.bf:removed(o) and goes_in(od) and not ST.inside(G, o) and not od.siege_on
      and not (od.siege and od.siege.footing) then
      local x, y = G.bf:pos(o)
      local h = gaps.nearest_from_outside(S, x, y, glist)
      if h and h.sections[1] == g.sections[1] then
        list[#list + 1] = { id = o, dd = (x - g.mx) ^ 2 + (y - g.my) ^ 2 }
      end
    end
  end
  table.sort(list, function(a, b) if a.dd ~= b.dd then return a.dd < b.dd end return a.id < b.id end)
  local back = 12
  for i, e in ipairs(list) do
    local dp = G.bf:unit(e.id).depth
    if e.id == uid then
      if i == 1 then return nil end
      local dist = back + 25 + dp / 2
      local wx, wy = g.mx + g.ox * dist, g.my + g.oy * dist
      local x, y = G.bf:pos(uid)
      local mine = (x - g.mx) * g.ox + (y - g.my) * g.oy
      if mine < dist - 1 then return face_plan(G, uid, g.facing_in) or false end
      return point_plan(G, uid, wx, wy, g.facing_in)
    end
    back = back + 25 + dp
  end
  return nil
end

local function besieger_move(G, uid, base)
  local S = G.sieges
  local d = G.D[uid]
  local k = d.siege or {}
  if d.routing or d.state == "rally_back" then return base(G, uid) end
  local inside = ST.inside(G, uid)
  if require("modules.sieges.commander_ships").waits_aboard(G, uid) then return nil end -- hook: ships row in first
  -- aboard ship: "climbing the ships side as mounting or dismounting" (half a period)
  if d.siege_ship and not k.landed then
    d.siege = k
    k.landed = true
    local plan = base(G, uid)
    local half = d.moves[1] * 0.5
    if plan then plan.distance = math.min(plan.distance or d.moves[1], half) end
    return plan
  end
  if inside or k.footing or d.siege_on then return base(G, uid) end
  -- WORKING PARTIES: "if an enemy sortie is occurring, advance to contact
  -- it, ceasing work" (uncontrolled): the default commander's way to the
  -- nearest enemy
  if WP.ceases_work(G, d) then return base(G, uid) end
  -- a party whose stretch has fallen (the gate broken, the wall breached)
  -- has done its work: it leaves its ram or ladders and goes in with the
  -- rest (it stood in the gap it made)
  if k.lane and not forts.blocks(S.forts.sections[k.lane.target]) and not k.ladder_up then
    k.ram, k.ladders, k.lane = nil, nil, nil
  end
  if k.engine or k.bridge then local own, p = require("modules.sieges.commander_engines").plan(G, uid); if own then return p end end  -- hook: engines, bridges
  -- a way in: a breach, a burnt section or a broken gate
  if common.any_open(G) and goes_in(d) then
    -- through the nearest gap: square before it, then straight in
    -- (modules.sieges.commander_gaps; the frontage is narrowed by
    -- ai.formation below)
    local x, y = G.bf:pos(uid)
    local g = gaps.nearest_from_outside(S, x, y)
    if g then
      -- one unit at a time: the rest wait in file straight out from it
      local wait = queue_place(G, g, uid)
      if wait ~= nil then return wait or nil end
      local u = G.bf:unit(uid)
      local stage, inner = gaps.points(g, u.depth, x, y, u.width)
      if gaps.lined_up(g, x, y, u.width, 1) then
        local dist = ((x - inner[1]) * g.ox + (y - inner[2]) * g.oy) / MM
        if dist > 0.6 then return { bearing = g.facing_in, distance = dist, advancing = true } end
      end
      return point_plan(G, uid, stage[1], stage[2], g.facing_in)
    end
  end
  if k.ladders and k.ladders > 0 then
    if k.ladder_up then return nil end
    local lane = k.lane
    if lane and lane.via and not k.via_done and forts.blocks(S.forts.sections[lane.target]) then
      -- a side face (commander_lanes): up past the corner to its waypoint,
      -- then square to the wall
      local x, y = G.bf:pos(uid)
      if math.sqrt((x - lane.via.x) ^ 2 + (y - lane.via.y) ^ 2) > 1 then
        local p = point_plan(G, uid, lane.via.x, lane.via.y)
        if p then return p end
      end
      k.via_done = true
    end
    if lane and forts.blocks(S.forts.sections[lane.target]) then
      -- a ditch across the lane and fascines enough to fill it: halt with
      -- the front on its near bank (they are thrown in at the end of the
      -- move: wrg/fascines.lua), then go on over the filled part
      local stop = fascine_stop(G, uid, k, lane)
      if stop then return stop end
      return point_plan(G, uid, lane.x, lane.y, lane.facing)
    end
    local sec = (k.target and G.sieges.forts.sections[k.target]) or nil
    if not sec or not forts.blocks(sec) then
      sec = pick_section(G, uid, function(s2) return materials.ladder_reaches(s2.kind) end)
      k.target = sec and sec.index or nil
      d.siege = k
    end
    if sec then
      local x, y = at_face(G, uid, sec)
      return point_plan(G, uid, x, y, forts.facing_in(sec))
    end
  end
  if k.ram then
    local lane = k.lane
    if lane and forts.blocks(S.forts.sections[lane.target]) then
      return point_plan(G, uid, lane.x, lane.y, lane.facing)
    end
    local sec = (k.target and G.sieges.forts.sections[k.target]) or nil
    if not sec or not forts.blocks(sec) then
      sec = pick_section(G, uid, function(s2) return s2.kind == "gate" end)
        or pick_section(G, uid, function(s2) return s2.kind == "wall" or s2.kind == "palisade" end)
      k.target = sec and sec.index or nil
      d.siege = k
    end
    if sec then
      local x, y = at_face(G, uid, sec)
      return point_plan(G, uid, x, y, forts.facing_in(sec))
    end
  end
  -- stone-throwers stand where they are emplaced and batter (an engine drawn
  -- by oxen moves 20 paces a period, less its turns, and does not shoot on
  -- the move: closing on the wall would cost it the battle's periods)
  if k.batter or k.blind then return nil end
  if k.fire and d.range then
    local half = fire.range(d.range, false)
    local lane = k.lane
    if lane and forts.blocks(S.forts.sections[lane.target]) and S.fire.objects[lane.target].untenable == 0
      and not S.fire.objects[lane.target].burnt then
      -- its own stretch: straight in to 80% of half range of its face
      local x, y = G.bf:pos(uid)
      local t = S.forts.sections[lane.target]
      local ox, oy = forts.outward(t)
      local off = ((x - t.from[1]) * ox + (y - t.from[2]) * oy) / MM - G.bf:unit(uid).depth / 2 / MM
      if off <= half * 0.9 then return face_plan(G, uid, lane.facing) end
      local stand = half * 0.8 * MM - 1
      return point_plan(G, uid, lane.x + ox * stand, lane.y + oy * stand, lane.facing)
    end
    -- (the section picked only when there is no lane of its own to go by:
    -- picking reads nothing that changes, so the answer is as before)
    local sec = pick_section(G, uid, function(s2) return forts.KINDS[s2.kind].flammable end)
    if sec then
      local x, y = G.bf:pos(uid)
      local dist = ST.seg_dist(x, y, sec.from[1], sec.from[2], sec.to[1], sec.to[2]) / MM - G.bf:unit(uid).depth / 2 / MM
      local b = forts.facing_in(sec)
      if dist <= half * 0.9 then return face_plan(G, uid, b) end
      local ox, oy, mx, my = forts.outward(sec)
      local stand = half * 0.8 * MM + G.bf:unit(uid).depth / 2
      return point_plan(G, uid, mx + ox * stand, my + oy * stand, b)
    end
  end
  -- ladders left standing where friends have a footing: up them
  if next(S.standing) and foot(d) then
    local x, y = G.bf:pos(uid)
    local best, bd
    for i in pairs(S.standing) do
      local sec = S.forts.sections[i]
      if forts.blocks(sec) and facing_toward(G, uid, sec) then
        local _, _, mx, my = forts.outward(sec)
        local dd = (mx - x) ^ 2 + (my - y) ^ 2
        if not bd or dd < bd or (dd == bd and i < best.index) then best, bd = sec, dd end
      end
    end
    if best then
      local px, py = at_face(G, uid, best)
      return point_plan(G, uid, px, py, forts.facing_in(best))
    end
  end
  -- the rest: missile troops shoot at the walls (the default commander's
  -- skirmish); others wait 80 paces from the nearest wall until the way opens
  if d.order == "skirmish" then return base(G, uid) end
  local x, y = G.bf:pos(uid)
  if k.column then
    return point_plan(G, uid, k.column.x, k.column.y, k.column.facing)
  end
  local best, bd
  for _, sec in ipairs(S.forts.sections) do
    if facing_toward(G, uid, sec) then
      local dd = ST.seg_dist(x, y, sec.from[1], sec.from[2], sec.to[1], sec.to[2])
      if not bd or dd < bd then best, bd = sec, dd end
    end
  end
  if best then
    local want = 80 * MM + G.bf:unit(uid).depth / 2
    if bd > want + 5 then
      local ox, oy = forts.outward(best)
      local px, py = x - ox * (bd - want), y - oy * (bd - want)
      return point_plan(G, uid, px, py, forts.facing_in(best))
    end
    return face_plan(G, uid, forts.facing_in(best))
  end
  return base(G, uid)
end

local function enemy_inside(G)
  return common.enemy_inside(G, function(d) return live(d) and not d.routing end)
end

local function defender_move(G, uid, base)
  local S = G.sieges
  local d = G.D[uid]
  if #S.forts.forts == 0 then return base(G, uid) end
  if d.routing or d.state == "rally_back" then return base(G, uid) end
  -- (the threats are read only by the moves that use them: WHY, threats
  -- walks every besieger and sorts, and most defenders stand on the walls)
  if d.siege_on then
    -- on the walls: they stand and fight; uncontrolled: to a breach or a
    -- wall under escalade (READING: along the walk, to its inner foot)
    if d.state ~= "uncontrolled" then return nil end
    local laddered, open = threats(G)
    local target = open[1]
    if not target then for _, i in ipairs(laddered) do if i ~= d.siege_on and (not target or i < target.index) then target = S.forts.sections[i] end end end
    if not target then return nil end
    local ox, oy, mx, my = forts.outward(target)
    return point_plan(G, uid, mx - ox * (target.thickness + G.bf:unit(uid).depth / 2 + 4), my - oy * (target.thickness + G.bf:unit(uid).depth / 2 + 4))
  end
  if d.siege and (d.siege.fire_fighting or d.siege.abatis) then return nil end
  if enemy_inside(G) then return base(G, uid) end
  -- man the threatened section: a gap first, else a wall under escalade
  local laddered, open = threats(G)
  local target = open[1]
  if not target then
    local best
    for _, i in ipairs(laddered) do if not best or i < best then best = i end end
    target = best and S.forts.sections[best] or nil
  end
  if target then
    -- up onto the walk behind the parapet of a wall under escalade (the
    -- stairs), or just inside a gap
    local ox, oy, mx, my = forts.outward(target)
    local back = forts.blocks(target) and (forts.PARAPET_MM + 1 + G.bf:unit(uid).depth / 2)
      or (target.thickness + G.bf:unit(uid).depth / 2 + 2)
    return point_plan(G, uid, mx - ox * back, my - oy * back, forts.facing_out(target))
  end
  return nil
end

-- Fire-fighting: the defender's nearest free unit within 60 paces of each
-- burning section fights it (it holds still that period).
function CMD.fire_fighters(G)
  local S = G.sieges
  if not S or not S.defender then return end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if d.siege then d.siege.fire_fighting = nil end
  end
  for _, sec in ipairs(S.forts.sections) do
    local o = S.fire.objects[sec.index]
    if o.burning and o.fp < fire.UNTENABLE_AT then
      local best, bd
      for _, uid in ipairs(G.sides[S.defender].units) do
        local d = G.D[uid]
        if live(d) and not d.routing and not d.in_melee and not G.bf:removed(uid) and not (d.siege and d.siege.fire_fighting)
          and ST.inside(G, uid) then
          local x, y = G.bf:pos(uid)
          local dist = ST.seg_dist(x, y, sec.from[1], sec.from[2], sec.to[1], sec.to[2]) / MM
          if dist <= fire.WATER_WITHIN and (not bd or dist < bd) then best, bd = uid, dist end
        end
      end
      if best then
        local d = G.D[best]
        d.siege = d.siege or {}
        d.siege.fire_fighting = sec.index
        ST.say(G, "  %s fight the fire on the %s (section %d) with buckets.", d.name, sec.kind, sec.index)
      end
    end
  end
end

-- MINING. The besieger with a penthouse (the scenario's `penthouses`)
-- begins a mine in the first period: from under the penthouse, 60 paces out
-- from the middle of the wall section nearest its edge, its aiming point
-- written down (kept in its own side's record, modules.sieges.mining) just
-- under the wall; the start is declared when a defender stands within 300
-- paces (READING of "in view of the defenders"). A team of 10 digs it. The
-- defender's commander knows of it only what mining.view shows its side:
-- an announced mine's start. It countermines from inside its wall: a tunnel
-- from just inside the wall 15 paces to one side of the line to that start,
-- out under the wall to 25 paces outside and 15 paces to the other side, so
-- that it crosses a mine dug from there outside the fort. READING: the
-- mining teams are abstract (not taken from the units on the table).
local mining = require("modules.sieges.mining")
CMD.MINE_OUT, CMD.SEEN_WITHIN = 60, 300
function CMD.mines(G)
  local S = G.sieges
  if not S or not S.besieger or G.turn ~= 1 then
    if S and S.defender and G.turn >= 1 then CMD.countermines(G) end
    return
  end
  for _ = 1, S.spec.siege.penthouses or 0 do
    -- the section facing the besieger's edge nearest the middle of the table
    local width = G.S.width
    local best, bd
    for _, sec in ipairs(S.forts.sections) do
      local ox, oy, mx = forts.outward(sec)
      local ex, ey = towards_edge(S.besieger)
      if sec.kind == "wall" and forts.blocks(sec) and ox * ex + oy * ey > 0.9 then
        local dd = math.abs(mx - width / 2)
        if not bd or dd < bd or (dd == bd and sec.index < best.index) then best, bd = sec, dd end
      end
    end
    if best and not S.mining_started then
      local ox, oy, mx, my = forts.outward(best)
      local from = { (mx + ox * CMD.MINE_OUT * MM) / MM, (my + oy * CMD.MINE_OUT * MM) / MM }
      local aim = { (mx - ox * best.thickness / 2) / MM, (my - oy * best.thickness / 2) / MM }
      local seen = false
      for _, uid in ipairs(G.sides[S.defender].units) do
        local x, y = G.bf:pos(uid)
        if math.sqrt((x / MM - from[1]) ^ 2 + (y / MM - from[2]) ^ 2) <= CMD.SEEN_WITHIN then seen = true end
      end
      local id = mining.start(S.mining, { side = S.besieger, from = from, aim = aim, sheltered = true, in_view = seen })
      if id then
        S.mining.mines[id].party = mining.MAX_MINERS
        S.mining_started = true
        require("modules.sieges.wrg.engines").shelter(G, id, from, forts.facing_in(best))  -- hook: the penthouse on the table
        if G.log then G.bf:log("siege_mine", { side = S.besieger, mine = id, announced = seen, from = from }) end
        if seen then ST.say(G, "  The besiegers declare a mine begun from their penthouse.") end
      end
    end
  end
end

function CMD.countermines(G)
  local S = G.sieges
  S.countering = S.countering or {}
  for _, m in ipairs(mining.view(S.mining, S.defender)) do
    if not m.own and not m.counter and not S.countering[m.id] then
      -- the defender's wall section nearest the declared start
      local best, bd
      for _, sec in ipairs(S.forts.sections) do
        local d2 = ST.seg_dist(m.from[1] * MM, m.from[2] * MM, sec.from[1], sec.from[2], sec.to[1], sec.to[2])
        if not bd or d2 < bd then best, bd = sec, d2 end
      end
      if best then
        local ox, oy, mx, my = forts.outward(best)
        local tx, ty = -oy, ox   -- along the wall
        local from = { (mx - ox * (best.thickness + 5) + tx * 15 * MM) / MM, (my - oy * (best.thickness + 5) + ty * 15 * MM) / MM }
        local aim = { (mx + ox * 25 * MM - tx * 15 * MM) / MM, (my + oy * 25 * MM - ty * 15 * MM) / MM }
        local id = mining.start(S.mining, { side = S.defender, counter = true, from = from, aim = aim, inside = true })
        if id then
          S.mining.mines[id].party = mining.MAX_MINERS
          S.countering[m.id] = id
          if G.log then G.bf:log("siege_mine", { side = S.defender, mine = id, counter = true }) end
        end
      end
    end
  end
end

-- WINNERS AND LOSERS: "objective points that have been previously agreed
-- for the control of specified terrain features": the scenario's
-- `objective` points go to the side holding the fort at the count: the
-- besieger if it has troops standing inside or on the walls and the
-- defender none, else the defender.
function CMD.objective_points(G, s)
  local S = G.sieges
  if not S or not S.spec.siege.objective then return 0 end
  local function holds(side)
    for _, uid in ipairs(G.sides[side].units) do
      local d = G.D[uid]
      if live(d) and not d.routing and not d.leaving and not G.bf:removed(uid)
        and (ST.inside(G, uid) or d.siege_on ~= nil) then return true end
    end
    return false
  end
  local besieger_holds = holds(S.besieger) and not holds(S.defender)
  local owner = besieger_holds and S.besieger or S.defender
  return owner == s and S.spec.siege.objective or 0
end

-- UNCONTROLLED ADVANCE "IN ATTEMPT TO CONTACT" charges the nearest enemy in
-- reach. READING: an enemy behind a standing wall, palisade or abatis is not
-- in reach of a charge -- the charge's straight line (the engine's charge
-- turns to face the target, then advances) is stopped by the fortification
-- before it touches the target -- so no charge is declared at it; the unit
-- advances instead (its uncontrolled move: to its ladders' stretch, a gap,
-- or towards the enemy). Without this, uncontrolled warbands before the
-- camp's palisade declared charges that moved 0 mm (moved 0 was 4.9% at the
-- camp, almost all of it such charges). Chained on the battle's
-- G.no_charge_at hook like modules.sieges.wrg.working_parties.
-- (and, in any siege, a charge that a friend or a piece of terrain stops at
-- once -- the landing's cohorts aboard ship, a ram party beside the gate
-- post -- moves nothing: no charge either)
function CMD.charge_blocked(G, R, uid, target)
  local S = G.sieges
  if not S then return false end
  local d = G.D[uid]
  local reach = (d.moves and (d.moves[2] or d.moves[1]) or 0) * MM
  local function probe(opts)
    return R.turn.probe(G, uid, function()
      local ux, uy, f = G.bf:pos(uid)
      local tx, ty = G.bf:pos(target)
      local b = math.deg(math.atan(-(tx - ux), (ty - uy)))
      G.bf:move(uid, "turn", ((b - f + 180) % 360) - 180)
      local r = G.bf:move(uid, "advance", math.max(reach, 1), opts)
      return r.stopped_by, r.distance
    end)
  end
  if #S.forts.forts > 0 and probe({ ignore_side = d.side }) == "terrain" then return true end
  -- the charge's own advance (the period's: terrain, friends, cut back
  -- short of friends)
  local by, went = R.turn.probe(G, uid, function()
    local ux, uy, f = G.bf:pos(uid)
    local tx, ty = G.bf:pos(target)
    local b = math.deg(math.atan(-(tx - ux), (ty - uy)))
    G.bf:move(uid, "turn", ((b - f + 180) % 360) - 180)
    return R.turn.advance(G, uid, math.max(reach / MM, 1), nil, "charge")
  end)
  local friend = math.type(by) == "integer" and G.D[by] and G.D[by].side == d.side
  return (by == "terrain" or friend) and (went or 0) < 0.5
end

function CMD.hook_charges(G, R)
  if G.sieges_charges_hooked then return end
  G.sieges_charges_hooked = true
  local no_charge_at = G.no_charge_at
  G.no_charge_at = function(G2, uid, target)
    if G2.sieges and G2.D[uid].state == "uncontrolled" and CMD.charge_blocked(G2, R, uid, target) then return true end
    return no_charge_at ~= nil and no_charge_at(G2, uid, target) or false
  end
end

function CMD.install(rules, R)
  -- the quality report's reading of a siege's posts (modules.sieges.at_post)
  require("modules.sieges.at_post").install(rules.require("wrg.referee"))
  local ai = rules.require("wrg.ai")
  local setup = rules.require("wrg.setup")
  local deployment, move, charge_target, countercharge, evade = ai.deployment, ai.move, ai.charge_target,
    ai.countercharge, ai.evade
  -- A party escalading a side face (commander_lanes) is ordered to attack
  -- towards that face, not "to the north": an order is carried out when no
  -- enemy is left within 90 degrees of its direction (CHANGE OF ORDERS 6,
  -- orders/sheet.lua), and a party beside the fort, past the garrison on
  -- its front wall, had carried out "north" and stood (Amida).
  local orders = ai.orders
  function ai.orders(G, s)
    local list = orders(G, s)
    local S = G.sieges
    if S and s == S.besieger then
      for _, o in ipairs(list or {}) do
        local k = o.bearing and #o.units == 1 and G.D[o.units[1]].siege
        if k and k.lane and k.lane.via then o.bearing = k.lane.facing end
      end
    end
    return list
  end
  function ai.deployment(G, s)
    local plan = deployment(G, s)
    local S = ST.init(G)
    if not S then return plan end
    CMD.hook_charges(G, R)
    exempt[G.S] = exempt[G.S] or {}
    give_caltrops(G, s)
    if s == S.defender and #S.forts.forts > 0 then
      exempt[G.S][s] = true
      return defender_plan(G, s, plan)
    end
    if s == S.besieger then
      give_kit(G, s)
      local p2 = ships_plan(G, s, plan)
      if p2 ~= plan then exempt[G.S][s] = true; return p2 end
      if #S.forts.forts > 0 then
        -- each party with kit its own stretch of wall, deployed square
        -- opposite it (modules.sieges.commander_lanes); ladder parties for
        -- which no stretch is left put their ladders down and follow as
        -- the reserve (up friends' ladders, through a breach or gate)
        local specs = G.sides[s].specs
        lanes.assign(S, s, specs)
        lanes.column(specs, MM)
        for _, d in ipairs(specs) do
          if d.siege and (d.siege.ladders or 0) > 0 and not d.siege.lane then d.siege.ladders = nil end
        end
        exempt[G.S][s] = true
        return require("modules.sieges.commander_engines").deploy(G, s, specs, lanes.deploy(G, s, specs, plan, G.S.width))  -- hook: engines brought up
      end
      return p2
    end
    return plan
  end
  local check = setup.check_deployment
  function setup.check_deployment(S, side, placements)
    if exempt[S] and exempt[S][side] then return {} end
    return check(S, side, placements)
  end
  -- A plan that would neither move the unit nor turn it (a wall, friends or
  -- enemies in the way) is no order at all: the unit stands.
  local function useful(G, uid, plan)
    if not plan or not plan.distance or plan.distance <= 0 or G.D[uid].state == "uncontrolled" then return plan end
    local moved = R.turn.probe(G, uid, function()
      local _, _, f = G.bf:pos(uid)
      if plan.bearing then G.bf:move(uid, "turn", ((plan.bearing - f + 180) % 360) - 180) end
      local _, m = R.turn.advance(G, uid, plan.distance)
      return m
    end)
    if moved >= 0.5 then return plan end
    if plan.bearing then return face_plan(G, uid, plan.bearing) end
    return nil
  end
  -- No third swing (the default commander's rule, wrg.ai: a unit whose
  -- facing swung 30 degrees one way and back in the last two periods does
  -- not swing the first way again; it stands a period instead): the siege
  -- commander's own moves obey it too (issue #13, session ten: siege_camp,
  -- a besieger making for the camp turned -72, +72, -51 degrees in
  -- periods 28-30: the referee's facing-oscillates).
  local function no_third_swing(G, uid, plan)
    local d = G.D[uid]
    -- (an uncontrolled advance is the rules' move, not the commander's)
    if not (plan and plan.bearing) or d.state == "uncontrolled" then return plan end
    local barred = ai.barred_sense(G, d)
    if barred and ai.swings_back(barred, select(3, G.bf:pos(uid)), plan.bearing) then return nil end
    return plan
  end
  function ai.move(G, uid)
    if not G.sieges then return move(G, uid) end
    G.sieges_turn = R.turn
    local d = G.D[uid]
    ai.remember_facing(G, d, uid)
    if d.side == G.sieges.defender then return no_third_swing(G, uid, useful(G, uid, defender_move(G, uid, move))) end
    return no_third_swing(G, uid, useful(G, uid, besieger_move(G, uid, move)))
  end
  -- FORMATION CHANGES before a gap: a besieging unit outside within 150 mm
  -- of the gap it makes for narrows its frontage to pass it
  local formation = ai.formation
  function ai.formation(G, uid)
    local S = G.sieges
    local d = G.D[uid]
    if S and #S.forts.forts > 0 and d.side == S.besieger and not ST.inside(G, uid) and not d.siege_on
      and not (d.siege and (d.siege.ram or (d.siege.ladders or 0) > 0 or d.siege.footing)) then
      if common.any_open(G) then
        local x, y = G.bf:pos(uid)
        local g = gaps.nearest_from_outside(S, x, y)
        local b = R.tables.base_sizes[d.type]
        if g and b and math.sqrt((g.mx - x) ^ 2 + (g.my - y) ^ 2) <= 150 + G.bf:unit(uid).depth / 2 then
          local want = gaps.files_to_pass(g, d.files or d.figures, b[1])
          -- only when the deeper base fits where it stands, with 100 mm
          -- round it for units moving up (chargers first) before it changes (the change keeps the
          -- centre and the engine's resize checks nothing: it must not
          -- grow into a friend behind it)
          if want and b[2] then
            local u = G.bf:unit(uid)
            local xs, ys, fs, ws, ds = { u.x }, { u.y }, { u.facing }, { want * b[1] + 200 }, { math.ceil(d.figures / want) * b[2] + 200 }
            for _, o in ipairs(G.bf:units()) do
              if o ~= uid then
                local ou = G.bf:unit(o)
                xs[#xs + 1], ys[#ys + 1], fs[#fs + 1], ws[#ws + 1], ds[#ds + 1] = ou.x, ou.y, ou.facing, ou.width, ou.depth
              end
            end
            local pairs_ = battlefield.overlapping_bases(xs, ys, fs, ws, ds, 0)
            local clash = false
            for n = 1, #pairs_, 2 do if pairs_[n] == 1 then clash = true; break end end
            if not clash then return want end
          end
        end
      end
    end
    return formation and formation(G, uid) or nil
  end
  function ai.charge_target(G, uid)
    local S = G.sieges
    if not S then return charge_target(G, uid) end
    local d = G.D[uid]
    if d.siege_on and d.side == S.defender then return nil end
    -- (a party with a footing has done with its ladders: it fights from the
    -- walk, and charges into the fort like anyone inside)
    if d.siege and (d.siege.ram or (d.siege.ladder_up and not d.siege.footing) or (d.siege.fire and d.siege.prepared)) then return nil end
    local t = charge_target(G, uid)
    -- (nor a charge whose line a standing fortification stops: CMD.charge_blocked)
    if t and CMD.charge_blocked(G, R, uid, t) then t = nil end
    if t then
      local o = G.D[t]
      if o.siege_on and not (d.siege and d.siege.footing) then t = nil end
    end
    -- no charges across a standing wall
    if t and ST.inside(G, uid) ~= ST.inside(G, t) and not d.siege_on and not G.D[t].siege_on then
      if not common.any_open(G) then t = nil end
    end
    -- storming a gap: a besieging unit outside charges the nearest defender
    -- (routing or not) in or just behind a gap within its charge reach (the default
    -- commander would weigh the odds and wait; the gap is the assault's
    -- whole point, and troops waiting before it only block it)
    if not t and d.side == S.besieger and d.order ~= "skirmish" and d.type ~= "ENG" and not ST.inside(G, uid)
      and not d.siege_on and d.moves and d.moves[2] then
      local best, bd
      local foes  -- the defenders who may stand in a gap, read once for every gap (nothing moves here)
      for _, g in ipairs(gaps.list(S)) do
        if not foes then
          foes = {}
          for _, o in ipairs(G.sides[S.defender].units) do
            local od = G.D[o]
            -- (a router on the walk beside the gap stands in the way too)
            if live(od) then
              local ou = G.bf:unit(o)
              if not ou.removed and (not od.siege_on or od.routing) then
                foes[#foes + 1] = { o, ou.x, ou.y, ou.depth, G.bf:distance(uid, o) / MM }
              end
            end
          end
        end
        for _, f in ipairs(foes) do
          local o, ox, oy, dist = f[1], f[2], f[3], f[5]
          local near_gap = ST.seg_dist(ox, oy, g.a[1], g.a[2], g.b[1], g.b[2]) <= g.thickness + f[4] / 2 + 10
          if near_gap and dist <= d.moves[2] and (not bd or dist < bd) then
            -- and no friend in the way (a charge behind a friend goes nowhere)
            local ux, uy, uf = G.bf:pos(uid)
            local b = math.deg(math.atan(-(ox - ux), (oy - uy)))
            local tn = ((b - uf + 180) % 360) - 180
            if G.bf:free_ahead({ uid }, tn, dist * MM) >= dist * MM - 1 then best, bd = o, dist end
          end
        end
      end
      t = best
      if t and CMD.charge_blocked(G, R, uid, t) then t = nil end
    end
    return t
  end
  -- giving the siege up (modules.sieges.commander_end): the besieger whose
  -- assault is spent, the garrison whose fort is lost
  local withdraw = ai.withdraw
  function ai.withdraw(G, s)
    local why = G.sieges and ends.gives_up(G, s)
    if why then
      ST.say(G, "  %s: %s.", G.sides[s].name, why)
      if G.log then G.bf:log("siege_gives_up", { side = s, why = why }) end
      return true
    end
    return withdraw and withdraw(G, s) or false
  end
  function ai.countercharge(G, uid, charger)
    if G.sieges and G.D[uid].siege_on then return false end
    return countercharge(G, uid, charger)
  end
  function ai.evade(G, uid, charger)
    if G.sieges and G.D[uid].siege_on then return false end
    if evade then return evade(G, uid, charger) end
    return nil
  end
end

return CMD
