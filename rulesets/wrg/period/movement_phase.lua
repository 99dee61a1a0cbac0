-- WRG Ancients 1973, one period of play (rulesets/wrg/turn.lua): 2. the movement phase: INTERPENETRATION, breaking off, evading, routers, pursuers, chargers, ordinary moves.
-- The names a part takes from the others are bound by period.link once
-- every part is loaded (rulesets/wrg/turn.lua does it).
local tables = require("wrg.tables")
local troops = require("wrg.troops")
local setup = require("wrg.setup")
local shooting = require("wrg.shooting")
local melee = require("wrg.melee")
local reaction = require("wrg.reaction")
local armies = require("wrg.armies")
local M = require("lib.manoeuvre")
local P = require("wrg.period.shared")
local turn = P.turn
local subunits = require("wrg.units.subunits")
local recoil = require("wrg.units.recoil")
local gaps = require("wrg.rout.gaps_in_friends")
local obstacles = require("wrg.terrain.steep_hills_and_walls")
local during_charge = require("wrg.shooting.during_a_charge")
local following_evaders = require("wrg.movement.following_evaders")
local simultaneous = require("wrg.period.simultaneous_charges")

-- from the other parts (bound by part.link)
local MM, SLACK, advance, back_off, bearing, bearing_to_point, charge_move, check_split, enemies_within
local face, files_in_contact, friends_within, live, mm, norm, normal_move, say, terrain_factor
local stands_clear, turn_in_place

-- Paces below which a move is the arithmetic's rounding, not a move (the
-- ordinary move, below).
local NO_MOVE = 1e-6

-- 2. Movement

---------------------------------------------------------------------------
-- INTERPENETRATION

-- Whether two bases, A's sines and cosines given, are apart along the axis
-- (n1, n2) (separating axes, with 1 mm to spare). No table is built: this
-- runs for every friend at every 10 mm of every evade, retreat and rout.
local function apart_on(n1, n2, dx, dy, cA, sA, aw, ad, cB, sB, bw, bd)
  local ha = math.abs(aw / 2 * (cA * n1 + sA * n2)) + math.abs(ad / 2 * (-sA * n1 + cA * n2))
  local hb = math.abs(bw / 2 * (cB * n1 + sB * n2)) + math.abs(bd / 2 * (-sB * n1 + cB * n2))
  return math.abs(dx * n1 + dy * n2) >= ha + hb - 1
end

-- Whether two bases overlap by more than 1 mm (separating axes: the two
-- bases' own axes, A's then B's).
local function bases_overlap(ax, ay, af, aw, ad, bx, by, bfc, bw, bd)
  local A, B = math.rad(af), math.rad(bfc)
  local cA, sA, cB, sB = math.cos(A), math.sin(A), math.cos(B), math.sin(B)
  local dx, dy = bx - ax, by - ay
  if apart_on(cA, sA, dx, dy, cA, sA, aw, ad, cB, sB, bw, bd) then return false end
  if apart_on(-sA, cA, dx, dy, cA, sA, aw, ad, cB, sB, bw, bd) then return false end
  if apart_on(cB, sB, dx, dy, cA, sA, aw, ad, cB, sB, bw, bd) then return false end
  if apart_on(-sB, cB, dx, dy, cA, sA, aw, ad, cB, sB, bw, bd) then return false end
  return true
end

-- Distance from a point to the segment (x0, y0)-(x1, y1).
local function to_segment(px, py, x0, y0, x1, y1)
  local vx, vy = x1 - x0, y1 - y0
  local len2 = vx * vx + vy * vy
  local t = len2 > 0 and math.max(0, math.min(1, ((px - x0) * vx + (py - y0) * vy) / len2)) or 0
  local qx, qy = x0 + vx * t - px, y0 + vy * t - py
  return math.sqrt(qx * qx + qy * qy)
end

-- The friends a unit's base passed through on its way from (x0, y0) to
-- where it stands (a straight path with its present facing), in unit order.
-- A friend farther from the path than the two bases' half-diagonals together
-- cannot be touched anywhere on it (their circumscribed circles are apart)
-- and is not sampled.
local function passed_through(G, uid, x0, y0)
  local x1, y1, f1 = G.bf:pos(uid)
  local u = G.bf:unit(uid)
  local len = math.sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2)
  local steps = math.max(1, math.ceil(len / 10))
  local reach_u = math.sqrt(u.width * u.width + u.depth * u.depth) / 2
  local out = {}
  for _, fid in ipairs(G.all) do
    local f = G.D[fid]
    if fid ~= uid and live(f) and f.side == u.side then
      -- (bf:pos and bf:footprint: bf:unit's fields without its table)
      local fx, fy, ffacing = G.bf:pos(fid)
      local fw, fd = G.bf:footprint(fid)
      local reach = reach_u + math.sqrt(fw * fw + fd * fd) / 2 + 1
      if to_segment(fx, fy, x0, y0, x1, y1) <= reach then
        for i = 0, steps do
          local x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
          if bases_overlap(x, y, f1, u.width, u.depth, fx, fy, ffacing, fw, fd) then
            out[#out + 1] = fid
            break
          end
        end
      end
    end
  end
  return out
end

-- "Light infantry can pass through any stationary troops in good order.
-- Light cavalry can pass through stationary light cavalry or light infantry
-- in good order." Stationary: not charging or countercharging and not moved
-- yet this period; good order: neither disorganised nor routing.
local function free_pass(d, f)
  if f.disorganised or f.routing or f.charging or f.countercharging or (f.moved or 0) > 0 then return false end
  if d.type == "LI" then return true end
  if d.type == "LC" then return f.type == "LC" or f.type == "LI" end
  return false
end

-- A move through friends (evade, retreat, rout) from (x0, y0): "All other
-- interpenetrations result in both parties becoming disorganised"
-- (DISORGANISATION 10, for the rest of the period). A router bursts through
-- (ROUT AND PURSUIT, BROKEN TROOPS): "Barbarian troops burst through in this
-- way will be swept away and join the rout, except that barbarian light
-- infantry will only sweep away their own kind. If chariots or elephants
-- burst through, there will be casualties. These are adjudicated as for
-- hand-to-hand combat, except that the crew do not take part." Troops burst
-- through and not swept away test at the end of the period (2(iv)).
function turn.interpenetrate(G, uid, x0, y0)
  local d = G.D[uid]
  for _, fid in ipairs(passed_through(G, uid, x0, y0)) do
    local f = G.D[fid]
    if not d.routing then during_charge.moved_through(G, uid) end  -- "only one of them may shoot"
    if d.routing then
      if not f.routing then
        f.disorganised = true
        say(G, "  %s bursts through %s.", d.name, f.name)
        if G.log then G.bf:log("interpenetration", { unit = uid, through = fid, burst = true }) end
        if d.type == "EL" or d.type == "CH" then
          local edge = G.bf:contact(fid, uid)
          local s = { files = d.figures, figures = d.figures, first_period = false, from_front = edge == "front",
                      flank_or_rear = edge ~= "front", enemy_shield = { rear = edge == "rear", unshielded_flank = edge == "right" },
                      enemy = f, bonus = { { id = "no_crew", text = "the crew do not take part", add = -troops.crew_factor(d) } } }
          if G.report or G.log then s.purpose = "WRG bursting through, " .. d.name end
          local out = melee.strike(d, f, s, G.dice, false)
          say(G, "  %s tramples %s: %d casualties.", d.name, f.name, out.casualties)
          turn.take_casualties(G, fid, out.casualties)
        end
        -- the router sweeps away barbarians it bursts through; a router of
        -- barbarian light infantry sweeps away only light infantry
        if live(f) and not f.regular and (d.regular or d.type ~= "LI" or f.type == "LI") then
          say(G, "  %s is swept away and joins the rout.", f.name)
          turn.rout(G, fid, nil)
        elseif live(f) then
          G.burst_through[#G.burst_through + 1] = fid
        end
      end
    elseif not free_pass(d, f) then
      d.disorganised, f.disorganised = true, true
      say(G, "  %s passes through %s: both disorganised.", d.name, f.name)
      if G.log then G.bf:log("interpenetration", { unit = uid, through = fid }) end
    end
  end
end

-- Whether breaking off is justified by the unit's orders.
function turn.may_break_off(d)
  return d.order == "skirmish" or d.state == "retire" or d.state == "retreat"
end

-- BREAKING OFF: "All except chariots and elephants, whose crews can fight
-- all round, will receive blows without reply as they turn. All will be
-- broken if, and only if, they fail to outdistance pursuit that period."
-- The unit turns directly away from its opponents (a break away: the turn
-- costs nothing) and retires a normal move; each opponent left with no other
-- enemy to fight follows at pursuit speed (charge move - 30 paces, PURSUERS):
-- if it can reach the unit, the unit is broken and pursued.
function turn.break_off(G, uid)
  local d = G.D[uid]
  local foes = {}
  for _, q in ipairs(turn.near(G, uid, 1, "enemy")) do
    if live(G.D[q.id]) and not G.D[q.id].routing then foes[#foes + 1] = q.id end
  end
  say(G, "  %s breaks off.", d.name)
  if G.log then G.bf:log("break_off", { unit = uid }) end
  if d.type ~= "EL" and d.type ~= "CH" then
    for _, e in ipairs(foes) do
      local o = G.D[e]
      if live(d) then
        local s = { files = files_in_contact(G, e, uid), first_period = false, enemy_shield = { rear = true },
                    from_front = false, flank_or_rear = true, enemy = d }
        if G.report or G.log then s.purpose = "WRG blows on breaking off, " .. o.name end
        local out = melee.strike(o, d, s, G.dice, false)
        say(G, "  %s strikes %s as it turns: %d casualties.", o.name, d.name, out.casualties)
        turn.take_casualties(G, uid, out.casualties)
      end
    end
  end
  if not live(d) then return end
  d.in_melee, d.melee_periods, d.push_backs, d.pushed_this_melee = false, 0, 0, false
  d.retiring = true
  if foes[1] then
    local x, y = 0, 0
    for _, e in ipairs(foes) do local ex, ey = G.bf:pos(e); x, y = x + ex, y + ey end
    local away = norm(bearing_to_point(G, uid, x / #foes, y / #foes) + 180)
    local _, _, f = G.bf:pos(uid)
    if math.abs(norm(away - f)) >= 0.5 then turn_in_place(G, uid, norm(away - f), { ignore = foes }) end
  end
  local x0, y0 = G.bf:pos(uid)
  local dist = math.max(0, normal_move(d) - (d.push_debt or 0))
  local stop, moved = advance(G, uid, dist, { ignore_side = d.side }, "break_off")
  d.moved = moved
  if stop == "edge" then turn.leave_table(G, uid, "broke off the table"); return end
  turn.interpenetrate(G, uid, x0, y0)
  for _, e in ipairs(foes) do
    local o = G.D[e]
    local other = false
    for _, q in ipairs(turn.near(G, e, 1, "enemy")) do
      if q.id ~= uid and not G.D[q.id].routing then other = true end
    end
    if live(o) and not other and not d.routing and o.moves[2] then
      local reach = charge_move(o) - tables.pursuit.first_less
      if G.bf:distance(e, uid) <= mm(reach) then
        say(G, "  %s fails to outdistance %s.", d.name, o.name)
        turn.rout(G, uid, e)
        d.ran = G.turn
        o.in_melee, o.melee_periods = false, 0
        o.pursuing, o.pursue_periods = uid, 0
        turn.move_pursuer(G, e)
        o.ran = G.turn
      else
        o.in_melee, o.melee_periods = false, 0
        say(G, "  %s outdistances %s.", d.name, o.name)
      end
    end
  end
end

local function evade(G, uid)
  local d = G.D[uid]
  local threat
  for _, c in ipairs(G.charges) do if c.target == uid then threat = c.charger; break end end
  if not threat then return end
  -- "equivalent in length to a normal move, but includes an initial turn
  -- directly away from the enemy. No deduction is made for this turn."
  local want = norm(bearing(G, threat, uid))
  d.caught_by = nil
  face(G, uid, want, true)
  local dist = normal_move(d)
  if d.ranks > 2 then dist = dist / 2 end
  local x0, y0, f0 = G.bf:pos(uid)
  local backing_edge = false
  if math.abs(norm(want - f0)) > 1 then
    -- the turn was cut short (the engine sweeps the base round; the
    -- figures turn about each in its place): facing away where it stands,
    -- if that is on the table and clear; off the table, it is backing the edge
    G.bf:place(uid, x0, y0, want)
    if not M.on_table(G, uid) then backing_edge = true end
    if backing_edge or #turn.overlapping(G, uid, SLACK) > 0 then G.bf:place(uid, x0, y0, f0) else f0 = want end
  end
  local stop, moved = nil, 0
  if backing_edge then stop = "edge" else stop, moved = advance(G, uid, dist, { ignore_side = d.side }, "evade") end
  -- the engine holds at the edge only a base that starts wholly on the table:
  -- one already over it (a retire that ended there) runs on off the table
  if stop ~= "edge" and not M.on_table(G, uid) then stop = "edge" end
  if stop == "edge" then
    -- an evade that reaches the table edge takes the unit off the field
    -- (TROOPS LEAVING THE FIELD: it may come back)
    d.moved = moved
    d.evaded, d.evaded_turn, d.caught_by = true, G.turn, nil
    say(G, "  %s evades off the table.", d.name)
    turn.leave_table(G, uid, "evaded off the table")
    return
  end
  -- EVADING: "an attempt to avoid contact": it stops short of an enemy in
  -- its way (1 mm), not against it
  if type(stop) == "number" and G.D[stop] and G.D[stop].side ~= d.side then
    local _, _, f = G.bf:pos(uid)
    local a = math.rad(f)
    local r = G.bf:move(uid, "slide", math.sin(a) * 1, -math.cos(a) * 1)
    moved = moved - r.distance / MM
  end
  if moved > 0 and turn.any_within(G, uid, 0.5, true) then
    -- it ends touching an enemy it met alongside its path: it stops at the
    -- furthest place on its path where it touches no enemy and stands on
    -- nothing (2 mm steps back towards where it set off)
    local x1, y1, f1 = G.bf:pos(uid)
    local len = math.sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2)
    local n = math.max(1, math.ceil(len / 2))
    for i = n - 1, 0, -1 do
      local t = i / n
      G.bf:place(uid, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, f1)
      if not turn.any_within(G, uid, 0.5, true) and stands_clear(G, uid) then
        moved = moved * t
        break
      end
      if i == 0 then G.bf:place(uid, x1, y1, f1) end
    end
  end
  turn.interpenetrate(G, uid, x0, y0)
  -- an evader that could not get out of contact (its way barred before it
  -- had gone its distance) is caught by the enemies it still touches: its
  -- back is turned ("caught with their backs turned")
  local touching = {}
  for _, q in ipairs(turn.near(G, uid, 0.5, "enemy")) do touching[#touching + 1] = q.id end
  local barred = moved < dist - 0.5
  if barred and #touching > 0 then
    d.caught_by = {}
    for _, e in ipairs(touching) do d.caught_by[e] = true end
  end
  if G.referee then
    -- for the referee (wrg.referee evaded_clear): the enemies it touches
    -- when its evade is done, and whether its way was barred
    M.record(G, uid, "evade", { evade_contacts = touching, evade_barred = barred })
  end
  d.moved = moved
  d.evaded, d.reorganising = true, 1
  d.evaded_turn = G.turn
  say(G, "  %s evades %.0f paces.", d.name, moved)
end

local function own_edge_bearing(G, d)
  return d.side == 1 and 180 or 0
end

-- The enemy a router runs from: the nearest enemy in contact or able to
-- reach it (not routing), else nil.
local function rout_threat(G, uid)
  for _, q in ipairs(enemies_within(G, uid, 300)) do
    local o = G.D[q.id]
    if not o.routing and not o.gone then return q.id end
  end
end

local function move_router(G, uid)
  local d = G.D[uid]
  d.rout_periods = d.rout_periods + 1
  -- "charge speed where this is possible, minus 20 paces during the first
  -- period, and minus a further 20 paces for each subsequent period."
  local speed = charge_move(d) - tables.rout.first_less - tables.rout.further_less * (d.rout_periods - 1)
  if speed <= 0 then turn.remove(G, uid, "dispersed beyond rallying"); return end
  -- "During the first period of rout, they move directly away from the
  -- enemy threatening them ... During subsequent periods, they must head for
  -- their own base line by the quickest route". (The first-period bearing was
  -- set when the unit broke; pursuers that have since come round its front
  -- are run from again.)
  local want = subunits.rout_bearing(G, uid)  -- a sub-unit retiring to its main body
  if want then want = norm(want)
  elseif d.rout_periods > 1 then want = own_edge_bearing(G, d)
  else
    local threat = rout_threat(G, uid)
    if threat then want = norm(bearing(G, threat, uid)) end
  end
  -- A router turns its back on enemies in contact: the turn is not stopped
  -- by the very enemy it runs from (the engine stops turns at first contact,
  -- which pinned routers facing their pursuers for the rest of the battle).
  local touching = {}
  for _, q in ipairs(turn.near(G, uid, 1, "enemy")) do touching[#touching + 1] = q.id end
  -- (friends stop the turn: turning in its place it would stand on them;
  -- it bursts through them on its run, not on the spot)
  local turning = { ignore = touching }
  -- moving off, it ignores only the enemies it leaves behind (more than 90
  -- degrees off its new heading); one in its path still bars it
  local function leaving_behind()
    local behind = {}
    local _, _, f = G.bf:pos(uid)
    for _, e in ipairs(touching) do
      if math.abs(norm(bearing(G, uid, e) - f)) > 90 then behind[#behind + 1] = e end
    end
    return { ignore_side = d.side, ignore = behind }
  end
  if want then
    local _, _, f = G.bf:pos(uid)
    local diff = norm(want - f)
    if math.abs(diff) >= 0.5 then turn_in_place(G, uid, diff, turning) end
  end
  -- friends in its way: a turn towards a gap (wrg.rout.gaps_in_friends)
  speed = speed - gaps.steer(G, uid, speed, terrain_factor(G, uid, d), turning, leaving_behind().ignore)
  local near_before = {}
  for _, q in ipairs(friends_within(G, uid, tables.reaction_radius)) do near_before[q.id] = true end
  local x0, y0 = G.bf:pos(uid)
  local f_r = terrain_factor(G, uid, d)
  local stop, moved = advance(G, uid, speed, leaving_behind(), "rout")
  -- "Each turn made to avoid an obstacle or interposing enemy force deducts
  -- 30 paces from their move for that period": a router barred by enemies
  -- turns (sharp turns, not wheels) to the side that gets it furthest.
  -- what is left of the move allowance (table paces moved in difficult
  -- ground cost its multiplier)
  local left = speed - moved * f_r
  if (type(stop) == "number" or stop == "terrain") and left > tables.rout.turn_cost then
    local best, best_moved
    for _, dv in ipairs({ 45, -45, 90, -90 }) do
      local got = turn.probe(G, uid, function()
        turn_in_place(G, uid, dv, turning)
        local r = G.bf:move(uid, "advance", mm(left - tables.rout.turn_cost) / terrain_factor(G, uid, d), leaving_behind())
        -- a way out that leaves it standing on another unit is none
        if #turn.overlapping(G, uid, SLACK) > 0 then return 0 end
        return r.distance / MM
      end)
      if got > 1 and (not best_moved or got > best_moved + 0.5) then best, best_moved = dv, got end
    end
    if best then
      turn_in_place(G, uid, best, turning)
      local stop2, moved2 = advance(G, uid, left - tables.rout.turn_cost, leaving_behind(), "rout")
      stop, moved = stop2, moved + moved2
    end
  end
  d.moved = moved
  -- BROKEN TROOPS: "If, when a unit breaks, it cannot immediately run, for
  -- example, if it is completely surrounded or backing an impassable
  -- obstacle, half the unit will surrender, and the other half will break
  -- out and be pursued. If a general is involved, he will surrender if his
  -- personal figure is down to half strength." (Taken when a router in its
  -- first period cannot move at all, after its turns.)
  if d.rout_periods == 1 and moved < 1 and stop ~= "edge" then turn.surrender(G, uid) end
  if stop == "edge" then turn.remove(G, uid, "routed off the table")
  elseif live(d) then
    turn.interpenetrate(G, uid, x0, y0)
    -- 2(iv) "routs past": friends it came within 150 paces of in this move
    for _, q in ipairs(friends_within(G, uid, tables.reaction_radius)) do
      if not near_before[q.id] then G.routs_past[#G.routs_past + 1] = q.id end
    end
  end
end

function turn.surrender(G, uid)
  local d = G.D[uid]
  local n = d.figures // 2
  if n <= 0 then return end
  say(G, "  %s cannot run: %d figures surrender, the rest break out.", d.name, n)
  if G.log then G.bf:log("surrender", { unit = uid, figures = n }) end
  if d.general and not d.general_lost and (d.general_men or tables.MEN_PER_FIGURE) * 2 <= tables.MEN_PER_FIGURE then
    turn.general_lost(G, uid, "captured")
  end
  d.figures = d.figures - n
  d.ranks = math.max(1, (d.figures + d.files - 1) // d.files)
  G.bf:set_strength(uid, d.figures)
end

function turn.move_pursuer(G, uid)
  local d = G.D[uid]
  local q = G.D[d.pursuing]
  if not q or q.gone or not q.routing then d.pursuing = nil; d.state, d.state_periods = "rally_back", 1; return end
  d.pursue_periods = d.pursue_periods + 1
  local speed = charge_move(d) - tables.pursuit.first_less - tables.pursuit.further_less * (d.pursue_periods - 1)
  if (troops.is_cavalry(d) and terrain_factor(G, uid, d) > 1) or obstacles.mounted_on_steep_hill(G, uid, d) then
    speed = math.min(speed, normal_move(d))  -- (on steep hills mounted troops "at all times": wrg.terrain)
  end
  if speed <= 0 then d.pursuing = nil; return end
  face(G, uid, bearing(G, uid, d.pursuing), true)
  local stop, moved = advance(G, uid, speed, nil, "pursuit")
  d.moved = moved
  if stop == d.pursuing then d.caught = d.pursuing end
end

-- The paces of a charge on the ground it starts on. DIFFICULT TERRAIN:
-- cavalry "in addition are limited to normal moves except when in rout": a
-- charge begun in difficult ground.
local function charge_paces(G, uid, d, f)
  return ((troops.is_cavalry(d) and f > 1) or obstacles.mounted_on_steep_hill(G, uid, d))
    and normal_move(d) or charge_move(d)
end

-- The start of a charge (CHARGING): the charger turns to face its target
-- and finishes a formation change carried over. Returns where it started,
-- the ground's multiplier there, its reach in mm and the paces left to run,
-- or nil when it cannot charge (gone, routing, already struck and fighting
-- where it stands, or still changing formation).
local function charge_start(G, c)
  local d = G.D[c.charger]
  if not live(d) or d.routing or not live(G.D[c.target]) then return nil end
  -- CHARGING: "A charge normally terminates on the line of first contact".
  -- Moves are simultaneous; a charger that an enemy's charge has already
  -- struck met that enemy on its way: it fights where it stands (it used to
  -- go on out of a flank contact, or stand touching and declare a charge
  -- that moved nothing).
  if d.in_melee then return nil end
  local cx0, cy0 = G.bf:pos(c.charger)
  local f_start = terrain_factor(G, c.charger, d)
  local base = charge_paces(G, c.charger, d, f_start)
  local reach = mm(base) / f_start
  local cost = face(G, c.charger, bearing(G, c.charger, c.target))
  -- CHARGING: "all turns, wheeling or formation changes must be completed
  -- before normal move distance is exceeded" (a change carried over from
  -- the last period); one not completed by then leaves no time to charge.
  if d.reforming then
    cost = cost + turn.reform(G, c.charger, normal_move(d) - cost - (d.push_debt or 0))
    if d.reforming then d.moved = 0; return nil end
  end
  return { x0 = cx0, y0 = cy0, f_start = f_start, reach = reach, paces = base - cost - (d.push_debt or 0) }
end

-- The end of a charge that stopped (`stop`: what stopped it, as turn.advance
-- says) after `moved` paces of table: the contact, if an enemy stopped it.
local function charge_contact(G, c, st, stop, moved)
  local d = G.D[c.charger]
  local cx0, cy0, reach = st.x0, st.y0, st.reach
  local hit = stop and type(stop) == "number" and G.D[stop] and G.D[stop].side ~= d.side and stop
  if hit and hit ~= c.target and live(G.D[hit]) and not G.D[hit].routing and not G.D[hit].in_melee then
    -- the charge struck an enemy other than the one it was declared at
    -- (one that came into its path): that unit is charged too, and takes
    -- the test for being charged (2(iii)) when the charger came from beyond
    -- its normal move, at the moment of contact (too late to countercharge
    -- or evade)
    local t = G.D[hit]
    say(G, "  %s strikes %s in its path.", d.name, t.name)
    -- chargers following evaders through their friends: both test (wrg.movement.following_evaders)
    local following = following_evaders.following(G, c, hit)
    if following then following_evaders.charger_test(G, c.charger) end
    if (moved > normal_move(d) or following) and t.tested_charged_turn ~= G.turn then
      t.tested_charged_turn = G.turn
      local out = turn.test(G, hit, "being charged", { fanatics_charge = d.fanatic or nil,
        li_vs_heavier = (t.type == "LI" and troops.heavier_or_mounted(d)) or nil })
      if out.rank < 4 then turn.apply_result(G, hit, out, true) end
    end
  end
  -- EVADING: the evader the charger reaches, whatever it struck first, is
  -- caught (also checked once the charger has lined up, below)
  local function catch()
    local tgt = G.D[c.target]
    if tgt and tgt.evaded_turn == G.turn and G.bf:distance(c.charger, c.target) <= 0.5 then
      tgt.caught_by = tgt.caught_by or {}
      tgt.caught_by[c.charger] = true
    end
  end
  catch()
  if hit then
    local edge = turn.align(G, c.charger, hit, cx0, cy0, reach)
    local t = G.D[hit]
    -- EVADING: "Evaders who do not move far enough to get beyond reach of
    -- the charging units remaining move distance are caught"
    if t.evaded_turn == G.turn then
      t.caught_by = t.caught_by or {}
      t.caught_by[c.charger] = true
    end
    -- a router contacted does not fight: it is struck in the back (the
    -- melee phase finds it in contact), it stays free to run
    -- nor does a charger that broke on its test at contact (following
    -- evaders through their friends): ROUT AND PURSUIT, a router is not in
    -- hand-to-hand combat (it used to be marked in melee: the referee's
    -- routers_no_melee at Hydaspes)
    if not t.routing and not d.routing then t.in_melee = true end
    if not d.routing then d.in_melee = true end
    d.melee_new = true
    t.melee_new = true
    -- DISORGANISATION 2: contacted "while not facing within 45 degrees of the
    -- direction of charge"; 6: infantry other than light, light-medium or
    -- light-heavy moving when contacted by mounted chargers who moved 60.
    if turn.edge(G, hit, c.charger) ~= "front" then t.disorganised = true end
    -- DISORGANISATION 2: "Being contacted in a charge before completing, a
    -- formation change": the change is caught half done and left (the unit
    -- fights in the formation it has reached).
    if t.mounting ~= nil then
      t.disorganised = true
      t.mounting, t.mount_banked, t.mounting_from = nil, nil, nil
      say(G, "  %s is caught mounting or dismounting.", t.name)
    end
    if t.squaring ~= nil then
      t.disorganised = true
      t.squaring, t.square_banked = nil, nil
      say(G, "  %s is caught forming or leaving square.", t.name)
    end
    if t.reforming then
      t.disorganised = true
      t.reforming, t.reform_banked = nil, nil
      say(G, "  %s is caught changing formation.", t.name)
    end
    -- "moving at the moment that they are contacted": moves are
    -- simultaneous and ordinary moves are made after the charges, so a unit
    -- is moving when it charges or countercharges, or when it advanced last
    -- period and goes on under its order to attack or advance (not halted,
    -- not reorganising)
    local moving = t.charging or t.countercharging
      or (t.advancing_before and t.state ~= "halt" and not t.reorganising_now and not (t.reorganising and t.reorganising > 0)
          and ((t.order ~= nil and t.order ~= "hold") or t.state == "advance" or t.state == "uncontrolled"))
    if troops.is_mounted(d) and moved >= 60 and moving and (t.type == "MI" or t.type == "HI") then t.disorganised = true end
    say(G, "  %s contacts %s (%s).", d.name, t.name, edge)
    if G.log then G.bf:log("contact", { unit = c.charger, target = hit, edge = edge }) end
    catch()
  end
end

-- One charge moved alone (the movement phase moves them all together:
-- wrg.period.simultaneous_charges).
local function move_charger(G, c)
  local st = charge_start(G, c)
  if not st then return end
  local stop, moved = advance(G, c.charger, st.paces, nil, c.forced and "uncontrolled_charge" or "charge", st.f_start)
  G.D[c.charger].moved = moved
  charge_contact(G, c, st, stop, moved)
end

-- An ordinary move for a unit under its order or a reaction instruction.
local function move_unit(G, uid)
  local d = G.D[uid]
  if d.reorganising_now or (d.reorganising and d.reorganising > 0) then return end  -- a period reorganising
  if G.own_move and G.own_move(G, uid) then return end -- hook: a module moved it or holds it (fantasy: flyers, stone)
  local st = d.state
  local debt = d.push_debt or 0
  if st == "halt" then
    local used = turn.mount(G, uid, 1 - debt / normal_move(d))
    used = used + turn.form_square(G, uid, 1 - debt / normal_move(d) - used)
    if d.squaring == nil then turn.reform(G, uid, normal_move(d) * (1 - used) - debt) end
    return
  end
  if st == "retire" or st == "retreat" then
    d.retiring = true
    local dist = math.max(0, normal_move(d) * (st == "retire" and 0.5 or 1) - debt)
    if st == "retreat" then
      -- "RETREAT (BACKS TO ENEMY)"
      face(G, uid, own_edge_bearing(G, d), true)
      local x0, y0 = G.bf:pos(uid)
      local stop, moved = advance(G, uid, dist, { ignore_side = d.side }, "retreat")
      d.moved = moved
      if stop == "edge" then turn.leave_table(G, uid, "retreated off the table")
      else turn.interpenetrate(G, uid, x0, y0) end
    else
      d.moved = back_off(G, uid, dist, "retire")
    end
    return
  end
  -- FORMATION CHANGES: the time they take is not available for movement.
  local reform_cost = turn.reform(G, uid, normal_move(d) - debt)
  -- forming or leaving square: the fraction of the period it takes; the
  -- rest of the period is moved at the new formation's speed
  local used = reform_cost / normal_move(d) + debt / normal_move(d)
  used = used + turn.mount(G, uid, 1 - used)
  used = used + turn.form_square(G, uid, 1 - used)
  local cmd = G.sides[d.side].commander
  local plan = subunits.leash(G, uid) or cmd.move(G, uid)  -- a sub-unit too far from its main body goes back
  if plan and plan.advancing and recoil.held(G, uid) then return end  -- defenders who threw back an attack hold
  if not plan then return end
  -- UNCONTROLLED ADVANCE: "Movement is at charge speed during the first
  -- period, and at charge speed minus 30 paces during the second"; turns
  -- "changing the direction of an uncontrolled advance" cost nothing
  local speed, kind, free_turn = normal_move(d), "move", false
  if st == "uncontrolled" then
    speed = charge_move(d) - ((d.ua_period or 1) >= 2 and tables.movement.uncontrolled_second_less or 0)
    if (troops.is_cavalry(d) and terrain_factor(G, uid, d) > 1) or obstacles.mounted_on_steep_hill(G, uid, d) then
      speed = math.min(speed, normal_move(d))  -- (on steep hills mounted troops "at all times": wrg.terrain)
    end
    kind, free_turn = "uncontrolled", true
  end
  local dist = plan.distance or speed
  dist = math.min(dist, speed * (1 - used) + debt) - debt
  if plan.bearing then dist = dist - face(G, uid, plan.bearing, free_turn) end
  if dist <= 0 then return end
  local _, moved = advance(G, uid, dist, nil, kind)
  -- a move stopped where the unit stood can come back as a rounding's
  -- length (8.8e-14 paces at Mons Graupius drawn from the east end, 0 from
  -- the west): that is no move, nor an advance (TARGET PRIORITIES 5,
  -- "advancing enemy"; shooting on the move). lines_end_reflection_test.
  if moved < NO_MOVE then moved = 0 end
  d.moved = moved
  d.advancing = plan.advancing == true and moved > 0
end

local function movement(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) then d.advancing_before, d.moved, d.advancing, d.retiring = d.advancing, 0, false, false end
  end
  for _, uid in ipairs(G.all) do
    if live(G.D[uid]) and G.D[uid].evading then evade(G, uid) end
  end
  for _, uid in ipairs(G.all) do
    if live(G.D[uid]) and G.D[uid].breaking_off and G.D[uid].in_melee then turn.break_off(G, uid) end
  end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and d.routing and not d.in_melee and d.ran ~= G.turn then move_router(G, uid) end
  end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and d.pursuing and d.ran ~= G.turn then turn.move_pursuer(G, uid) end
  end
  -- MOVEMENT, GENERAL: "Both sides move simultaneously": every charge and
  -- countercharge together, in sub-steps (wrg.period.simultaneous_charges)
  local counter = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and d.countercharging and not d.in_melee then
      -- a countercharge goes at the nearest enemy in its front
      local e = enemies_within(G, uid, charge_move(d), 60)
      if e[1] then counter[#counter + 1] = { charger = uid, target = e[1].id } end
    end
  end
  simultaneous.move(G, G.charges, counter)
  -- EVADING: "If they do have enough move to get clear ... the chargers must
  -- rally back during the period following their charge" (every declared
  -- charge here was meant to make contact)
  for _, c in ipairs(G.charges) do
    local d, t = G.D[c.charger], G.D[c.target]
    if live(d) and not d.routing and not d.in_melee and t.evaded_turn == G.turn
      and not (t.caught_by and t.caught_by[c.charger]) then
      d.state, d.state_periods = "rally_back", 2
      say(G, "  %s must rally back next period: %s got clear.", d.name, t.name)
    end
  end
  -- (ordinary moves: the sides' units alternate, the first drawn by lot:
  -- wrg.period.simultaneous_charges)
  local function ordinary(d)
    return live(d) and not d.routing and not d.in_melee and not d.pursuing and not d.charging and not d.evading
      and not d.countercharging and not d.breaking_off
  end
  -- (the lot is drawn when units of both sides may move: an order other
  -- than "hold", or a reaction instruction)
  local function may_move(d) return ordinary(d) and (d.state ~= nil or (d.order ~= nil and d.order ~= "hold")) end
  for _, uid in ipairs(simultaneous.move_order(G, may_move)) do
    local d = G.D[uid]
    if ordinary(d) then
      if d.state == "rally_back" then
        -- RALLYING BACK: "turns and moves as nearly as possible straight back
        -- for 100 paces, or a normal move, whichever is the lesser", then halts.
        d.moved = back_off(G, uid, math.min(tables.movement.rally_back, normal_move(d)), "rally_back")
        d.state, d.state_periods = nil, 0
        d.disorganised = true
      else
        move_unit(G, uid)
      end
    end
    if live(d) then d.push_debt = 0 end
  end
  -- optional rules acting once all have moved (the weather module: night drift)
  if G.after_movement then G.after_movement(G) end
  check_split(G)
end

local part = {}
function part.link()
  MM = P.MM
  SLACK = P.SLACK
  advance = P.advance
  back_off = P.back_off
  bearing = P.bearing
  bearing_to_point = P.bearing_to_point
  charge_move = P.charge_move
  check_split = P.check_split
  enemies_within = P.enemies_within
  face = P.face
  files_in_contact = P.files_in_contact
  friends_within = P.friends_within
  live = P.live
  mm = P.mm
  norm = P.norm
  normal_move = P.normal_move
  say = P.say
  terrain_factor = P.terrain_factor
  turn_in_place = P.turn_in_place
  stands_clear = P.stands_clear
end
P.bases_overlap = bases_overlap
P.passed_through = passed_through
P.free_pass = free_pass
P.evade = evade
P.own_edge_bearing = own_edge_bearing
P.rout_threat = rout_threat
P.move_router = move_router
P.move_charger = move_charger
P.charge_start = charge_start
P.charge_contact = charge_contact
P.charge_paces = charge_paces
P.move_unit = move_unit
P.movement = movement
return part
