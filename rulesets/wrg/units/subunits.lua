-- WRG Ancients 1973, UNIT ORGANISATION and SUB-UNITS on the table.
--
-- "The figures must be organised into units, which may be further divided
-- into sub-units ... A sub-unit must contain at least 5 figures including an
-- officer figure ... The maximum number of figures permitted is 15 ...
-- except in an Indian unit, the largest sub-unit must be no larger than the
-- element of the unit that contains the three command figures. A sub-unit
-- must not be given specific orders of its own, but must assist its parent
-- unit to carry out its orders ... It must not move more than a normal move
-- from its parent unit, measured from the two nearest figures, or out of
-- sight of it. If this does happen by accident, it must be corrected as soon
-- as possible. ... In all other cases, sub-units must be identical in
-- composition to their units."
-- THE REACTION TEST 1: "A sub-unit getting worse than "Halt" will retire to
-- its main body in rout and rally behind them. If prevented, it will
-- surrender." 2: "The following compulsory tests affect the main body of a
-- unit and all those sub-units of it that are within sight and normal move
-- distance of it". Factors: "Sub-unit beyond sight or normal move of its
-- main body" (-2); "Each 1/5 of original strength lost or separated" and
-- "When 1/3 of original figures are lost or separated, use only 2 dice".
--
-- On the table a unit is one base; its sub-units (the army list's
-- `sub_units = n`) fight inside it until the commander detaches one:
--   cmd.detach(G, uid) -> { figures = n, side = "left" | "right" | "rear" } or nil
--   cmd.rejoin(G, sub_uid) -> true to have a sub-unit fall in again (it
--     must touch its main body, neither fighting nor routing)
-- asked at the declarations. A detached sub-unit is a base of its own of
-- the same troops (the lists give no sub-units of other kinds), placed
-- beside (or behind) its main body, front edges level. READINGS:
--  - the main body keeps its original strength: the detached figures are
--    "separated" (its dice and fifths count them), and 1(iii) "below half
--    strength" counts lost figures only (turn.half_strength adds them back);
--  - a sub-unit's order is its main body's, whatever it is (it "assists");
--    a sub-unit beyond a normal move of its main body moves back towards it
--    instead of the commander's move ("corrected as soon as possible");
--  - the end-of-period tests under 2 are taken by the main body; sub-units
--    within a normal move of it (sight: the table is open) take its result
--    and do not test on their own; a sub-unit beyond takes its own tests
--    with the -2;
--  - tests under 1 (2 casualties per figure, below half strength) are the
--    sub-unit's own; worse than Halt it routs towards a place behind its main
--    body (its flank side) and rallies there at the end of a period, once
--    behind it and within two normal moves; with no main body standing to
--    run to it surrenders;
--  - rejoining: its figures (what is left of them) go back into the main
--    body, which deepens (about its centre, as a formation change resizes
--    a base); refused when that would overlap other troops;
--  - points at the end: a sub-unit's figures count with its main body's.
-- The default commander detaches none (a commander module may).
local tables = require("wrg.tables")
local troops = require("wrg.troops")

local S = {}
local MM = tables.MM_PER_PACE
local SLACK = 0.9
S.ONE_TESTS = { ["below half strength"] = true, ["2 casualties per figure from missiles"] = true }

local function live(d) return d and not d.gone and not d.off_table end
local function normal(d) return d.square and d.moves[1] / 2 or d.moves[1] end

-- Figures of a unit's detached sub-units still standing (for points).
function S.figures_standing(d)
  local n = 0
  for _, sd in ipairs(d.detached or {}) do
    if live(sd) and not sd.routing and not sd.leaving then n = n + sd.figures end
  end
  return n
end

-- The place of a base of width w, depth dp beside unit uid (side "left" |
-- "right" | "rear"), front edges level; x, y, facing.
local function beside(G, uid, w, dp, where)
  local u = G.bf:unit(uid)
  local a = math.rad(u.facing)
  local fx, fy = -math.sin(a), math.cos(a)      -- ahead
  local rx, ry = math.cos(a), math.sin(a)       -- to the right
  local gap = 0.5
  if where == "rear" then
    local back = u.depth / 2 + gap + dp / 2
    return u.x - fx * back, u.y - fy * back, u.facing
  end
  local sgn = where == "left" and -1 or 1
  local across = u.width / 2 + gap + w / 2
  local along = u.depth / 2 - dp / 2
  return u.x + rx * across * sgn + fx * along, u.y + ry * across * sgn + fy * along, u.facing
end

-- Resizes a unit to its figures, its files kept where they can be (as a
-- formation change resizes it: centre and facing kept, turn.set_files).
local function refit(G, uid, files)
  require("wrg.turn").set_files(G, uid, files)
end

local function clear_of_all(G, uid, skip)
  local M = require("lib.manoeuvre")
  return #M.overlapping(G, uid, SLACK, skip) == 0 and M.on_table(G, uid)
end

-- Where point (x, y) lies in unit uid's frame: across (+ right), along (+ ahead).
local function local_xy(G, uid, x, y)
  local u = G.bf:unit(uid)
  local a = math.rad(u.facing)
  local dx, dy = x - u.x, y - u.y
  return dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a)
end

-- Detaches a sub-unit of n figures from unit uid; returns its uid or nil
-- (and why).
function S.detach(G, uid, n, where)
  local d = G.D[uid]
  local O = tables.organisation
  if not live(d) or d.routing or d.in_melee or d.parent then return nil, "not free" end
  if troops.is_model(d) then return nil, "models" end
  if (d.sub_units or 0) <= #(d.detached or {}) then return nil, "no sub-unit left" end
  if n < O.subunit_min or n > O.subunit_max then return nil, "a sub-unit is 5 to 15 figures" end
  -- "the largest sub-unit must be no larger than the element of the unit
  -- that contains the three command figures"
  if d.figures - n < n then return nil, "larger than the main body" end
  local k = #(d.detached or {}) + 1
  local plain = { id = (d.id or "unit") .. "_sub" .. k, name = d.name .. " (sub-unit " .. k .. ")", type = d.type,
                  class = d.class, regular = d.regular, weapons = d.weapons, shield = d.shield, fanatic = d.fanatic,
                  camel = d.camel, figures = n, ranks = math.max(1, math.min(d.ranks or 1, n)), crew = {}, sub_units = 0 }
  local battle = require("wrg.battle")
  local spec = battle.unit_spec(G, d.side, plain)
  spec.parent, spec.order, spec.commanded_by = uid, d.order, d.commanded_by
  spec.moves = d.moves
  -- the main body first gives up the figures
  local files = d.files
  d.figures = d.figures - n
  d.separated = (d.separated or 0) + n
  refit(G, uid, math.min(files, d.figures))
  G.bf:set_strength(uid, d.figures)
  local placed
  for _, w in ipairs(where and { where } or { "left", "right", "rear" }) do
    local x, y, f = beside(G, uid, spec.w, spec.dp, w)
    local sid = G.bf:add_unit{ side = d.side, name = spec.name, label = spec.type, x = x, y = y, facing = f,
                               width = spec.w, depth = spec.dp, strength = n, data = spec }
    if clear_of_all(G, sid) then placed = sid; break end
    G.bf:remove(sid)
  end
  if not placed then
    d.figures, d.separated = d.figures + n, d.separated - n
    refit(G, uid, files)
    G.bf:set_strength(uid, d.figures)
    return nil, "no room"
  end
  spec.uid = placed
  G.D[placed] = G.bf:data(placed)
  G.all[#G.all + 1] = placed
  d.detached = d.detached or {}
  d.detached[#d.detached + 1] = G.D[placed]
  if G.log then G.bf:log("sub_unit_detached", { unit = uid, sub = placed, figures = n }) end
  if G.report then G.report(string.format("  %s detaches a sub-unit of %d figures.", d.name, n)) end
  return placed
end

-- A sub-unit falls in again with its main body.
function S.rejoin(G, sid)
  local sd = G.D[sid]
  local uid = sd.parent
  local d = uid and G.D[uid]
  if not live(sd) or not live(d) or d.routing or sd.routing or d.in_melee or sd.in_melee then return false end
  if G.bf:distance(sid, uid) > 1 then return false end  -- touching (within a millimetre)
  local files, figs = d.files, d.figures
  d.figures = d.figures + sd.figures
  refit(G, uid, files)
  if not clear_of_all(G, uid, { [sid] = true }) then
    -- no room behind its front for the deeper main body: it stays out
    d.figures = figs
    refit(G, uid, files)
    return false
  end
  G.bf:remove(sid)
  -- the figures it lost stay lost: the main body's original counts them
  d.separated = math.max(0, (d.separated or 0) - sd.original)
  G.bf:set_strength(uid, d.figures)
  sd.gone, sd.rejoined = "rejoined its main body", true
  for i, x in ipairs(d.detached or {}) do if x == sd then table.remove(d.detached, i); break end end
  G.removed[#G.removed + 1] = sid
  if G.log then G.bf:log("sub_unit_rejoined", { unit = uid, sub = sid, figures = sd.figures }) end
  if G.report then G.report(string.format("  %s falls in again with %s.", sd.name, d.name)) end
  return true
end

-- Whether a sub-unit is within a normal move of its main body (the two
-- nearest figures: base to base) and its main body stands.
function S.near(G, sid)
  local sd = G.D[sid]
  local d = sd.parent and G.D[sd.parent]
  if not live(d) or d.routing then return false end
  return G.bf:distance(sid, sd.parent) <= normal(sd) * MM
end

-- Reaction factor "Sub-unit beyond sight or normal move of its main body".
function S.beyond(G, uid)
  local d = G.D[uid]
  if not d.parent then return false end
  return not S.near(G, uid)
end

-- At the declarations: orders follow the main body; detaching and rejoining.
function S.declare(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if d.parent and live(d) and not d.routing then
      local p = G.D[d.parent]
      if live(p) and not p.routing then d.order = p.order end
    end
  end
  for s = 1, 2 do
    local cmd = G.sides[s].commander
    if cmd.detach then
      for _, uid in ipairs(G.all) do
        local d = G.D[uid]
        if d.side == s and live(d) and (d.sub_units or 0) > 0 and not d.parent then
          local want = cmd.detach(G, uid)
          if want then S.detach(G, uid, want.figures, want.side) end
        end
      end
    end
  end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if d.parent and live(d) then
      local cmd = G.sides[d.side].commander
      if cmd.rejoin and cmd.rejoin(G, uid) then S.rejoin(G, uid) end
    end
  end
end

-- Tests under 2 at the end of the period: whether this unit is a sub-unit
-- that takes its main body's result instead of testing.
function S.conforms(G, uid)
  local d = G.D[uid]
  return d.parent ~= nil and S.near(G, uid)
end

-- At the start of the end-of-period tests: d.conforms on each sub-unit
-- (period/reactions.lua's free_to_test reads it).
function S.mark(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if d.parent then d.conforms = live(d) and not d.routing and S.conforms(G, uid) or nil end
  end
end

-- After the main body obeys a test under 2, its sub-units within a normal
-- move obey the same result.
function S.share(G, uid, out, under_threat)
  local d = G.D[uid]
  if not d.detached or #d.detached == 0 or not G.at_period_end then return end
  if S.ONE_TESTS[d.last_test_why or ""] then return end
  local turn = require("wrg.turn")
  for _, sd in ipairs(d.detached) do
    if live(sd) and not sd.routing and S.near(G, sd.uid) then
      if G.report then G.report(string.format("  %s follows its main body's result.", sd.name)) end
      turn.apply_result(G, sd.uid, out, under_threat or sd.in_melee)
    end
  end
end

-- A sub-unit routing after a test under 1 runs to its main body.
function S.on_rout(G, uid)
  local d = G.D[uid]
  if d.parent and d.last_test_turn == G.turn and S.ONE_TESTS[d.last_test_why or ""] then d.rout_home = d.parent end
end

-- 1(iii) worse than Halt: "A unit ... will continue off the field"; a
-- sub-unit "will retire to its main body in rout ... If prevented, it will
-- surrender." Returns true when handled here.
function S.rout_home(G, uid)
  local d = G.D[uid]
  if not d.parent then return false end
  local turn = require("wrg.turn")
  local p = G.D[d.parent]
  if not live(p) or p.routing then
    turn.remove(G, uid, "surrendered (no main body to retire to)")
    return true
  end
  turn.rout(G, uid, nil)
  d.rout_home = d.parent
  return true
end

-- The bearing a sub-unit routing home runs on: a place 20 paces behind its
-- main body, just clear of the flank it stands on (so as not to run
-- through it and sweep it away).
function S.rout_bearing(G, uid)
  local d = G.D[uid]
  local pid = d.rout_home
  local p = pid and G.D[pid]
  if not live(p) or p.routing then return nil end
  local u = G.bf:unit(pid)
  local a = math.rad(u.facing)
  local fx, fy = -math.sin(a), math.cos(a)
  local rx, ry = math.cos(a), math.sin(a)
  local x, y = G.bf:pos(uid)
  local side = ((x - u.x) * rx + (y - u.y) * ry) >= 0 and 1 or -1
  local me = G.bf:unit(uid)
  local back = u.depth / 2 + me.depth + 20 * MM
  local across = u.width / 2 + me.width / 2 + 2   -- past its flank, not through it
  local tx = u.x - fx * back + rx * side * across
  local ty = u.y - fy * back + ry * side * across
  local b = math.deg(math.atan(-(tx - x), ty - y))
  return b
end

-- At the end of the period: a sub-unit routing home rallies once behind its
-- main body; with none standing it surrenders.
function S.end_of_period(G)
  local turn = require("wrg.turn")
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and d.routing and d.rout_home then
      local p = G.D[d.rout_home]
      if not live(p) or p.routing then
        turn.remove(G, uid, "surrendered (no main body to retire to)")
      else
        local x, y = G.bf:pos(uid)
        local _, along = local_xy(G, d.rout_home, x, y)
        if along < -select(2, G.bf:footprint(d.rout_home)) / 2 and G.bf:distance(uid, d.rout_home) <= 2 * normal(d) * MM then
          d.routing, d.rout_home = false, nil
          d.reorganising = 1
          local _, _, f = G.bf:pos(uid)
          local _, _, pf = G.bf:pos(p.uid)
          turn.turn_in_place(G, uid, turn.norm(pf - f))
          if G.log then G.bf:log("rally", { unit = uid }) end
          if G.report then G.report(string.format("  %s rallies behind %s.", d.name, p.name)) end
        end
      end
    end
  end
end

-- "It must not move more than a normal move from its parent unit ... If
-- this does happen by accident, it must be corrected as soon as possible":
-- the move of a sub-unit beyond a normal move of its main body.
function S.leash(G, uid)
  local d = G.D[uid]
  if not d.parent or S.near(G, uid) then return nil end
  local p = G.D[d.parent]
  if not live(p) or p.routing then return nil end
  local x, y = G.bf:pos(uid)
  local px, py = G.bf:pos(d.parent)
  local b = math.deg(math.atan(-(px - x), py - y))
  -- as far back towards it as the period allows (a turn first)
  return { bearing = b, advancing = false }
end

return S
