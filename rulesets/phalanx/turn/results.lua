-- Phalanx game turn, results (RESULTS; SHOOTING results): breaking a
-- vignette, repulses (R, RR) of a vignette or a whole link, friends behind,
-- halts. Part of phalanx.turn (turn.lua).

-- phalanx.command: this module only finds the situation on the table, asks
-- them, and moves bases according to the results.

local tables = require("phalanx.tables")
local NL = require("lib.named_list")
local troops = require("phalanx.troops")
local melee = require("phalanx.melee")
local shooting = require("phalanx.shooting")
local command = require("phalanx.command")
local setup = require("phalanx.setup")
local victory = require("phalanx.victory")
local M = require("lib.modifiers")
local account = require("lib.account")
local angles = require("lib.angles")
local manoeuvre = require("lib.manoeuvre")

local turn = require("phalanx.turn.bases")

-- The hot loops over a link's members are numeric (`for i = 1, #g.ids do
-- local uid = g.ids[i]`): ipairs costs a call into the C library per
-- element, which showed as 3% of a battle.
local abs, min, max, floor, sqrt = math.abs, math.min, math.max, math.floor, math.sqrt
local rad = math.rad
local MOVEMENT = tables.movement
local groups_of = troops.groups
local axes = setup.axes

-- contact tolerances and the reading of corner contact: turn/bases.lua
local CONTACT, MIN_CONTACT_LEN, CORNER_LEN = turn.CONTACT, turn.MIN_CONTACT_LEN, turn.CORNER_LEN


-- from the other parts
local going = turn.going
local group_bad = turn.group_bad
local group_rates = turn.group_rates
local heading = turn.heading
local label = turn.label
local log = turn.log
local move = turn.move
local move_mm = turn.move_mm
local norm = turn.norm
local place = turn.place
local record = turn.record
local say = turn.say
local short = turn.short
local turn_unit = turn.turn_unit

---------------------------------------------------------------------------
-- Breaking, repulses and the other results (RESULTS; SHOOTING results).

local function losses_add(G, side, class)
  local l = G.losses[side]
  l[class] = (l[class] or 0) + 1
end

-- Removes a broken vignette (and its supporter) and records the victory
-- conditions. `why` is a short cause for the account.
local function break_unit(G, uid, why)
  local bf = G.bf
  local d = G.D[uid]
  if d.broken then return end
  d.broken = true
  bf:remove(uid)
  G.placing = (G.placing or 0) + 1
  local g = G.groups[d.gid]
  for i = 1, #g.ids do local id = g.ids[i]
    if id == uid then table.remove(g.ids, i); break end
  end
  local alive = G.alive[d.side]
  for i = 1, #alive do local id = alive[i]
    if id == uid then table.remove(alive, i); break end
  end
  local side = G.sides[d.side]
  losses_add(G, d.side, d.class)
  victory.record_break(side.tracker, d.vid)
  if d.supporter then
    losses_add(G, d.side, d.supporter.class)
    victory.record_break(side.tracker, d.supporter.vid)
  end
  log(G, "broken", { unit = uid, vignette = d.vid, side = d.side, cause = why,
                     supporter = d.supporter and d.supporter.vid or nil })
  if G.report then
    say(G, "    %s is BROKEN%s%s", label(d), d.supporter and (" with " .. d.supporter.name) or "",
      why and (" (" .. why .. ")") or "")
  end
  if side.tracker.lost and not G.over then
    G.over = true
  end
end
turn.break_unit = break_unit

-- Which of `me`'s edges `other` touches (nil when not in contact).
local function touching_edge(G, me, other)
  local edge, dist, len = G.bf:contact(me, other)
  if dist <= CONTACT and len > CORNER_LEN then return edge end
  local _, dist2, len2 = G.bf:contact(other, me)
  if dist2 <= CONTACT and len2 > CORNER_LEN then return edge end
  return nil
end

-- Unit vector a repulsed vignette moves along: straight back if its
-- opponent is to its front, else along the opponent's facing (READING).
local function repulse_direction(G, uid, opp)
  local f = G.pf[uid]
  local edge = opp and touching_edge(G, uid, opp)
  if opp == nil or edge == "front" or edge == nil then
    local fx, fy = axes(f)
    return -fx, -fy, true
  end
  local of = G.pf[opp]
  local fx, fy = axes(of)
  return fx, fy, false
end

-- Distance in full moves to friends along the repulse path (up to two
-- moves: an RR), or nil: for "R or RR into friends" (Results, RR).
local function friends_behind(G, uid, opp)
  local d = G.D[uid]
  local g = G.groups[d.gid]
  if g and #g.ids > 1 then
    -- a link falls back as one (Linked Vignettes): the nearest friend behind
    -- any of its vignettes, at the link's rate
    local mv = group_rates(G, g, group_bad(G, g))
    local dx, dy = repulse_direction(G, uid, opp)
    local opts = { ignore = g.ids, ignore_side = 3 - d.side }
    local best = nil
    for j = 1, #g.ids do local m = g.ids[j]
      local x, y, f = G.px[m], G.py[m], G.pf[m]
      local r = move(G, m, "slide", dx * 2 * mv, dy * 2 * mv, opts)
      place(G, m, x, y, f)
      if math.type(r.stopped_by) == "integer" then
        local k = (r.distance or 0) / mv
        if best == nil or k < best then best = k end
      end
    end
    return best
  end
  local mv = move_mm(d, (going(G, uid)))
  local dx, dy = repulse_direction(G, uid, opp)
  local x, y, f = G.px[uid], G.py[uid], G.pf[uid]
  local r = move(G, uid, "slide", dx * 2 * mv, dy * 2 * mv, { ignore_side = 3 - d.side })
  place(G, uid, x, y, f)
  if math.type(r.stopped_by) == "integer" then return (r.distance or 0) / mv end
  return nil
end
turn.friends_behind = friends_behind

-- Moves a repulsed vignette back `moves` full moves and turns it to face its
-- opponent ("moved back the distance of one full turn and end facing
-- opponents"); R and RR count towards the accumulated results.
-- Slides a whole group by up to `dist` along (dx, dy), members in step:
-- each moves as far as it can, then all stop where the shortest did.
-- Returns the distance and what stopped the shortest.
local function slide_group(G, g, dx, dy, dist)
  local opts = { ignore = g.ids }
  local moved, least, stop = {}, dist, nil
  for i = 1, #g.ids do local m = g.ids[i]
    local r = move(G, m, "slide", dx * dist, dy * dist, opts)
    moved[i] = r.distance or 0
    if moved[i] < least - 1e-9 then least, stop = moved[i], r.stopped_by end
  end
  -- back along the way each came (terrain cannot stop that: a member that
  -- started on a blocking piece was not stopped by it going, and would be
  -- coming back, and the link would come apart)
  local back_opts = { ignore = g.ids, ignore_terrain = true }
  for i = 1, #g.ids do local m = g.ids[i]
    local back = moved[i] - least
    if back > 1e-9 then move(G, m, "slide", -dx * back, -dy * back, back_opts) end
  end
  return least, stop
end

-- A repulsed in-line link: "Linked vignettes are merged and are counted as
-- one vignette for the purposes of movement and combat. Linking is
-- permanent" (READING: in-line links too). The whole link falls back
-- together, rigidly, at its rate: straight back when the opponent is to the
-- front of the vignette that fought, else along the opponent's facing (it
-- does not turn: a link turns only as Table 3 lets it). Every vignette of
-- the link counts the result.
local function repulse_link(G, g, uid, result, opp, from_shooting)
  for j = 1, #g.ids do local d = G.D[g.ids[j]]
    if result == "R" then d.accumulated_r = d.accumulated_r + 1 else d.accumulated_rr = d.accumulated_rr + 1 end
  end
  local moves = tables.repulse_moves[result]
  local mv = group_rates(G, g, group_bad(G, g)) * moves
  local dx, dy = repulse_direction(G, uid, (not from_shooting) and opp or nil)
  local dist, stop = slide_group(G, g, dx, dy, mv)
  for j = 1, #g.ids do local m = g.ids[j]
    G.D[m].moved_back = true
    record(G, m, "recoil_" .. result, { wanted = mv, moved = dist, blocked_by = stop })
  end
  log(G, "repulse", { unit = uid, units = g.ids, result = result, distance = dist, stopped_by = stop })
  if G.report then
    local why = ""
    if stop == "edge" then why = ", stopped by the table edge"
    elseif stop == "terrain" then why = ", stopped by terrain"
    elseif stop then why = ", stopped against " .. short(G.D[stop]) end
    say(G, "    %s and its link fall back %.0f mm (%s)%s", short(G.D[uid]), dist, result, why)
  end
end

local function repulse(G, uid, result, opp, from_shooting)
  local d = G.D[uid]
  local g = G.groups[d.gid]
  if g and #g.ids > 1 then return repulse_link(G, g, uid, result, opp, from_shooting) end
  if result == "R" then d.accumulated_r = d.accumulated_r + 1 else d.accumulated_rr = d.accumulated_rr + 1 end
  local moves = tables.repulse_moves[result]
  local mv = move_mm(d, (going(G, uid))) * moves
  local dx, dy, straight = repulse_direction(G, uid, (not from_shooting) and opp or nil)
  local x0, y0 = G.px[uid], G.py[uid]
  local r = move(G, uid, "slide", dx * mv, dy * mv)
  if not straight and opp then
    local x, y, f = G.px[uid], G.py[uid], G.pf[uid]
    local ox, oy = G.px[opp], G.py[opp]
    turn_unit(G, uid, norm(heading(ox - x, oy - y) - f))
  end
  d.moved_back = true
  local x1, y1 = G.px[uid], G.py[uid]
  if G.referee then
    record(G, uid, "recoil_" .. result, { wanted = mv, moved = r.distance or 0, blocked_by = r.stopped_by })
  end
  log(G, "repulse", { unit = uid, result = result, distance = sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2),
                      stopped_by = r.stopped_by })
  if G.report then
    local stop = ""
    if r.stopped_by == "edge" then stop = ", stopped by the table edge"
    elseif r.stopped_by == "terrain" then stop = ", stopped by terrain"
    elseif r.stopped_by then stop = ", stopped against " .. short(G.D[r.stopped_by]) end
    say(G, "    %s falls back %.0f mm (%s)%s", short(d), sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2), result, stop)
  end
end

-- Applies a melee or shooting result to a vignette.
local function apply_result(G, uid, result, opp, cause, from_shooting)
  if result == "B" then
    break_unit(G, uid, cause)
  elseif result == "R" or result == "RR" then
    repulse(G, uid, result, opp, from_shooting)
  elseif result == "H" then
    local d = G.D[uid]
    d.halt = G.pturn
    if G.report then say(G, "    %s is halted: it cannot move in its side's next turn", short(d)) end
  end
end
turn.apply_result = apply_result


-- for the other parts of phalanx.turn
turn.apply_result = apply_result
turn.friends_behind = friends_behind
turn.touching_edge = touching_edge

return turn
