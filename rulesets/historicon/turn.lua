-- Historicon v2: the turn sequence on the battlefield.
--
--   local turn = require("historicon.turn")
--   turn.play(G)          -- one whole turn: initiative and phases 1 to 7
--
-- G is the battle state battle.lua builds: bf (the battlefield), D (unit id
-- -> its data table, the same table bf:data returns), sides[1|2] = { name,
-- edge, units = { ids in army order }, commander, vp_start, vp }, S (the
-- scale record of setup.scale), dice, report (function or nil), log
-- (boolean), options (set of enabled option ids), hooks (option modules).
--
-- A unit's data (plain values only: it is hashed and logged):
--   id, name, troop, class, sub, ss, armour, army, grade, figures, ranks,
--   formed, disordered, broken, hits, recoils, general, horses, crew,
--   w, dp (footprint mm), move (mm), side, uid, list_formed,
--   gone (off the table for good), lost, fled, break_moves, broke_turn,
--   pursuing (unit id or nil), deducted, light = {...}, rear = {...},
--   and this turn's: recv, inflicted, evaded, rallying, fought, new_hits.
--
-- Every roll goes through G.dice with its purpose; nothing iterates a hash
-- table where order matters; no string is built when G.report is nil.

local tables = require("historicon.tables")
local troops = require("historicon.troops")
local shooting = require("historicon.shooting")
local melee = require("historicon.melee")
local integrity = require("historicon.integrity")
local distances = require("historicon.distances")
local victory = require("historicon.victory")
local pool_mod = require("historicon.dice_pool")
local setup = require("historicon.setup")
local account = require("lib.account")
local angles = require("lib.angles")
local M = require("lib.manoeuvre")
local E = require("historicon.dice_expr")

local turn = {}

local abs, min, max, floor, sqrt = math.abs, math.min, math.max, math.floor, math.sqrt
local rad, deg, sin, cos = math.rad, math.deg, math.sin, math.cos

local CONTACT = 0.5          -- mm: closer than this is contact
local FRACTIONS = { 1, 0.75, 0.5, 0.25, 0 }
local SHOOT_ARC = 10         -- degrees: "directly in front" of a formed shooter

local say, log = account.say, account.log
turn.say = say

local norm, heading = angles.norm, angles.heading
turn.norm, turn.heading = norm, heading

function turn.label(d)
  return string.format("%s (%s %d)", d.name, d.troop, d.figures)
end
local label = turn.label

local function side_name(G, s) return G.sides[s].name end

local function gait(d) return troops.is_mounted(d) and "mounted" or "foot" end

---------------------------------------------------------------------------
-- What the referee hears (lib.referee, through lib.manoeuvre): every move by
-- kind, and notes for historicon.referee's invariants. Nothing is built
-- when no referee watches.

-- The kind of a move as the referee counts it: a second move of the same
-- kind in one phase (a unit charged twice recoils twice) is "kind#2", with
-- its own allowance.
local function kind_of(G, uid, kind)
  local ref = G.referee
  if not ref then return kind end
  local n = 1
  for _, k in ipairs(ref.moved[uid] or {}) do
    if k == kind or k:sub(1, #kind + 1) == kind .. "#" then n = n + 1 end
  end
  return n == 1 and kind or (kind .. "#" .. n)
end
turn.kind_of = kind_of

-- A note for the referee without a move of its own.
local function note(G, uid, n)
  local ref = G.referee
  if not ref then return end
  local list = ref.notes[uid] or {}
  list[#list + 1] = n
  ref.notes[uid] = list
end

-- Tells the referee that `uid` was brought into contact with `target` (how:
-- "move", "follow_up", "pursuit"), with both units' state at that moment.
local function note_contact(G, uid, target, how)
  if not G.referee then return end
  local d, t = G.D[uid], G.D[target]
  note(G, uid, { what = "contact", target = target, how = how, formed = d.formed, class = d.class,
                 target_formed = t.formed, target_disordered = t.disordered, target_broken = t.broken,
                 target_mounted = troops.is_mounted(t) })
end

-- Live units of a side other than `except`, in army order (who a unit
-- passes through).
local function side_ids(G, s, except)
  local out = {}
  for _, id in ipairs(G.sides[s].units) do
    if id ~= except and not G.D[id].gone then out[#out + 1] = id end
  end
  return out
end

---------------------------------------------------------------------------
-- Lists and queries.

-- Live units of side s, in army order.
function turn.units(G, s)
  local out = {}
  for _, uid in ipairs(G.sides[s].units) do
    if not G.D[uid].gone then out[#out + 1] = uid end
  end
  return out
end

-- Enemies in contact with a unit (ids, nearest first).
function turn.contacts(G, uid)
  local out = {}
  for _, q in ipairs(G.bf:query{ of = uid, within = CONTACT, enemy = true }) do
    if not G.D[q.id].gone then out[#out + 1] = q.id end
  end
  return out
end
local contacts = turn.contacts

function turn.in_contact(G, uid)
  for _, q in ipairs(G.bf:query{ of = uid, within = CONTACT, enemy = true }) do
    if not G.D[q.id].gone then return true end
  end
  return false
end
local in_contact = turn.in_contact

-- Integrity modifier "No friendly unit within 30cm" (broken friends do not
-- count: READING).
local function friend_near(G, uid)
  for _, q in ipairs(G.bf:query{ of = uid, within = G.S.friend_near, friend = true }) do
    local o = G.D[q.id]
    if not o.gone and not o.broken then return true end
  end
  return false
end

-- Terrain under a unit: impassable?, disordering (**)?
local function terrain_under(G, uid)
  if not G.has_terrain then return false, false end
  local imp, dis = false, false
  for _, t in ipairs(G.bf:terrain_under(uid)) do
    if setup.impassable[t.type] then imp = true end
    if setup.disorders_formed[t.type] then dis = true end
  end
  return imp, dis
end
turn.terrain_under = terrain_under

-- Hill under the centre of a unit: nil, "gentle_hill" or "steep_hill".
local function hill_at(G, uid)
  if not G.has_hills then return nil end
  local x, y = G.bf:pos(uid)
  for _, t in ipairs(G.bf:terrain_at(x, y)) do
    if setup.hill[t.type] then return t.type end
  end
  return nil
end

---------------------------------------------------------------------------
-- The ground a move sweeps over. Table 1: impassable terrain cannot be
-- entered, and "Terrain pieces marked ** disorder all formed troops moving
-- into or over them": a move is checked along its whole path, not only where
-- it ends (a long move must not jump a narrow impassable piece). The
-- footprint is probed (bf:terrain_probe) at steps shorter than its own extent
-- along the way, so the probes cover the whole swept area.

local PROBE_KEYS = { "impassable", "disorders" }

-- A straight path from (x, y, f) along the unit vector (ux, uy) for `dist`
-- mm. Returns how far the unit can go before it would overlap impassable
-- terrain (`dist` when it never does, or when it starts on such terrain and
-- may walk off), and whether it moves over or into a ** piece it did not
-- start on within that distance (READING).
local function sweep(G, d, x, y, f, ux, uy, dist)
  local bf = G.bf
  local imp0, dis0 = bf:terrain_probe(x, y, f, d.w, d.dp, PROBE_KEYS)
  local a = rad(f)
  local along = abs(-sin(a) * ux + cos(a) * uy) * d.dp + abs(cos(a) * ux + sin(a) * uy) * d.w
  local step = max(5, along * 0.9)
  local crossed, lo, t = false, 0, 0
  while t < dist do
    t = min(dist, t + step)
    local imp, dis = bf:terrain_probe(x + ux * t, y + uy * t, f, d.w, d.dp, PROBE_KEYS)
    if imp and not imp0 then
      local hi = t
      for _ = 1, 10 do
        local mid = (lo + hi) / 2
        if bf:terrain_probe(x + ux * mid, y + uy * mid, f, d.w, d.dp, PROBE_KEYS) then hi = mid else lo = mid end
      end
      return lo, crossed
    end
    if dis and not dis0 then crossed = true end
    lo = t
  end
  return dist, crossed
end
turn.sweep = sweep

-- A straight move ("advance", dist or "slide", dx, dy) that stops short of
-- impassable terrain on its way. Returns the engine's result with
-- `crossed_disorder` (a ** piece entered or crossed) and stopped_by =
-- "terrain" when the terrain cut it short.
local function go(G, uid, how, a, b, opts)
  local bf = G.bf
  if not G.has_terrain then
    if how == "advance" then return bf:move(uid, "advance", a, opts) end
    return bf:move(uid, "slide", a, b, opts)
  end
  local d = G.D[uid]
  local x, y, f = bf:pos(uid)
  local ux, uy, dist
  if how == "advance" then
    local r = rad(f)
    ux, uy, dist = -sin(r), cos(r), a
  else
    dist = sqrt(a * a + b * b)
    if dist < 1e-9 then return bf:move(uid, "slide", a, b, opts) end
    ux, uy = a / dist, b / dist
  end
  local clear, crossed = sweep(G, d, x, y, f, ux, uy, dist)
  local r
  if how == "advance" then r = bf:move(uid, "advance", clear, opts)
  else r = bf:move(uid, "slide", ux * clear, uy * clear, opts) end
  if clear < dist - 1e-6 and not r.stopped_by then r.stopped_by = "terrain" end
  if crossed then
    -- only what the unit actually passed over counts
    crossed = select(2, sweep(G, d, x, y, f, ux, uy, r.distance))
  end
  r.crossed_disorder = crossed
  return r
end
turn.go = go

-- A wheel from (x, y, f) that ended at the unit's present place: the poses in
-- between turn about the stationary front corner. If impassable terrain lies
-- on the arc the unit is put back at the last clear pose (returns true);
-- also whether it wheeled over a ** piece.
local function check_wheel(G, uid, d, x, y, f)
  local bf = G.bf
  local ex, ey, ef = bf:pos(uid)
  local turned = norm(ef - f)
  if abs(turned) < 1e-6 then return false, false end
  -- the stationary front corner: the one that moved least
  local c0, c1 = setup.corners(x, y, f, d.w, d.dp), setup.corners(ex, ey, ef, d.w, d.dp)
  local dl = (c0[1] - c1[1]) ^ 2 + (c0[2] - c1[2]) ^ 2
  local dr = (c0[3] - c1[3]) ^ 2 + (c0[4] - c1[4]) ^ 2
  local px, py = c0[1], c0[2]
  if dr < dl then px, py = c0[3], c0[4] end
  local function pose(k)
    local th = rad(turned * k)
    local vx, vy = x - px, y - py
    return px + vx * cos(th) - vy * sin(th), py + vx * sin(th) + vy * cos(th), f + turned * k
  end
  local imp0, dis0 = bf:terrain_probe(x, y, f, d.w, d.dp, PROBE_KEYS)
  local arc = d.w * rad(abs(turned))
  local n = math.ceil(arc / max(5, min(d.w, d.dp) * 0.9))
  local crossed, lo = false, 0
  for i = 1, n do
    local k = i / n
    local qx, qy, qf = pose(k)
    local imp, dis = bf:terrain_probe(qx, qy, qf, d.w, d.dp, PROBE_KEYS)
    if imp and not imp0 then
      local hi = k
      for _ = 1, 8 do
        local mid = (lo + hi) / 2
        local mx, my, mf = pose(mid)
        if bf:terrain_probe(mx, my, mf, d.w, d.dp, PROBE_KEYS) then hi = mid else lo = mid end
      end
      local qx2, qy2, qf2 = pose(lo)
      bf:place(uid, qx2, qy2, norm(qf2))
      return true, crossed
    end
    if dis and not dis0 then crossed = true end
    lo = k
  end
  return false, crossed
end

---------------------------------------------------------------------------
-- Movement allowances ("Unformed troops can move in any direction ...";
-- "Formed Cavalry and Chariots can only turn by wheeling"; "RA class HI
-- units can wheel", IF HI "only move straight ahead"; formed RA LI, VLI,
-- HC, LC "may turn once up to 180 degrees or wheel", other formed LI, VLI,
-- HC, LC up to 90 degrees). READING: the specific sentence on HC and LC
-- overrides the general one on cavalry; a turn about the centre costs no
-- distance, a wheel costs the arc of the outer corner.
function turn.move_mode(G, d, free)
  if free or not d.formed then return "free" end
  local c = d.class
  if c == "HI" then return d.army == "RA" and "wheel" or "straight" end
  if c == "LI" or c == "VLI" or c == "HC" or c == "LC" then return d.army == "RA" and "turn180" or "turn90" end
  return "wheel" -- KC, HCH, LCH, EI
end

local TURN_LIMIT = { free = 180, turn180 = 180, turn90 = 90, wheel = 0, straight = 0 }

-- A plan that brings the unit towards a point within its allowance:
-- { turn = deg, wheel = deg (+ left), advance = mm }. `reach` is how far to
-- go (default: the whole move). The engine applies the allowance again.
function turn.steer(G, uid, tx, ty, reach, free)
  local d = G.D[uid]
  local x, y, f = G.bf:pos(uid)
  local dx, dy = tx - x, ty - y
  local dist = sqrt(dx * dx + dy * dy)
  local budget = d.move
  local want = min(budget, reach or budget)
  local rel = dist > 1e-6 and norm(heading(dx, dy) - f) or 0
  local mode = turn.move_mode(G, d, free)
  local plan = { advance = want }
  if abs(rel) < 2 then return plan end
  local limit = TURN_LIMIT[mode]
  if limit > 0 and abs(rel) > 8 then
    plan.turn = max(-limit, min(limit, rel))
    return plan
  end
  if mode ~= "straight" then
    -- wheel: the outer corner travels w * angle
    local arc = d.w * rad(abs(rel))
    local a = rel
    if arc > budget then a = (rel > 0 and 1 or -1) * deg(budget / d.w); arc = budget end
    plan.wheel = a
    plan.advance = max(0, min(want, budget - arc))
  end
  return plan
end

-- Checks a plan against the allowance (a commander could ask for anything).
local function clamp_plan(G, d, plan, free)
  local mode = turn.move_mode(G, d, free)
  local p = { advance = max(0, plan.advance or 0), target = plan.target, careful = plan.careful,
              fractions = plan.fractions }
  local budget = d.move
  local t = plan.turn or 0
  local limit = TURN_LIMIT[mode]
  if t ~= 0 and limit > 0 then p.turn = max(-limit, min(limit, norm(t))) end
  local w = plan.wheel or 0
  if w ~= 0 and mode ~= "straight" and not p.turn then
    local arc = d.w * rad(abs(w))
    if arc > budget then w = (w > 0 and 1 or -1) * deg(budget / d.w); arc = budget end
    p.wheel = w
    budget = budget - arc
  end
  p.advance = min(p.advance, budget)
  return p
end

-- Nearest friend that anchors a unit's cohesion ("no unit of HI can be
-- separated by more than 10cm if IF class or 30cm if RA class from any other
-- HI unit ...; other units must stay within 60cm of at least one other unit
-- of their army"). READING: "any other" = at least one other (a line of HI is
-- a chain); broken units anchor nobody; an army with a single HI unit has no
-- HI rule to keep.
local function cohesion_rule(G, d)
  if d.class == "HI" then
    if (G.sides[d.side].hi_live or 0) < 2 then return nil end
    return d.army == "IF" and G.S.hi_if_gap or G.S.hi_ra_gap, true
  end
  return G.S.other_gap, false
end

local function nearest_anchor(G, uid, hi_only, within)
  for _, q in ipairs(G.bf:query{ of = uid, within = within, friend = true }) do
    local o = G.D[q.id]
    if not o.gone and not o.broken and (not hi_only or o.class == "HI") then return q.distance end
  end
  return nil
end

local function count_live_hi(G, s)
  local n = 0
  for _, uid in ipairs(G.sides[s].units) do
    local o = G.D[uid]
    if not o.gone and not o.broken and o.class == "HI" then n = n + 1 end
  end
  G.sides[s].hi_live = n
end
turn.count_live_hi = count_live_hi

-- Whether a unit may move into contact with an enemy: "Unformed troops may
-- only be brought into contact with enemy troops that are disordered or
-- unformed"; "Formed VLI troops cannot move into contact with formed mounted
-- troops".
function turn.may_contact(d, e)
  if not d.formed and e.formed and not e.disordered and not e.broken then return false end
  if d.formed and d.class == "VLI" and e.formed and troops.is_mounted(e) then return false end
  return true
end

local function passes_through(G, d)
  if not G.options.passing_through then return false end
  return G.hooks.passing_through.may_pass(d)
end

-- Carries out a plan from the unit's current place. Returns the distance
-- moved, the advance achieved and the enemy stopped against (or nil).
local function exec(G, uid, d, plan, frac, opts)
  local bf = G.bf
  local moved, adv, crossed = 0, 0, false
  local function enemy_of(r)
    local b = r.stopped_by
    if type(b) == "number" and G.D[b].side ~= d.side then return b end
    return nil
  end
  if plan.turn and plan.turn ~= 0 then
    local r = bf:move(uid, "turn", plan.turn, opts)
    local e = enemy_of(r)
    if e then return moved, adv, e, crossed end
  end
  if plan.wheel and plan.wheel ~= 0 then
    local arc = d.w * rad(abs(plan.wheel))
    local x, y, f = bf:pos(uid)
    local r = bf:move(uid, "wheel", plan.wheel > 0 and "left" or "right", arc, opts)
    moved = moved + r.distance
    if G.has_terrain then
      local cut, over = check_wheel(G, uid, d, x, y, f)
      crossed = over
      if cut then
        local _, _, f2 = bf:pos(uid)
        moved = moved - r.distance + d.w * rad(abs(norm(f2 - f)))
        return moved, adv, nil, crossed
      end
    end
    local e = enemy_of(r)
    if e then return moved, adv, e, crossed end
  end
  local a = (plan.advance or 0) * frac
  if a > 0 then
    local r = go(G, uid, "advance", a, nil, opts)
    moved, adv = moved + r.distance, r.distance
    crossed = crossed or r.crossed_disorder == true
    local e = enemy_of(r)
    if e then return moved, adv, e, crossed end
  end
  return moved, adv, nil, crossed
end

-- Moves a unit by a plan within the rules: its allowance, contact limits,
-- impassable terrain and the cohesion distances (waived for a move into
-- contact with the enemy, and for `opts.free`: the uncontrolled advance).
-- A move that would break a rule is shortened until it does not.
-- Returns { moved = mm, contact = enemy id | nil, disordered = bool }.
function turn.move(G, uid, plan, opts)
  opts = opts or {}
  local bf, d = G.bf, G.D[uid]
  plan = clamp_plan(G, d, plan, opts.free)
  local x0, y0, f0 = bf:pos(uid)
  local gap, hi_only = cohesion_rule(G, d)
  if opts.free then gap = nil end
  local before, slack = nil, 0
  if gap then
    before = nearest_anchor(G, uid, hi_only, 1e9)
    -- READING: the distances hold for the army once it has moved; a unit may
    -- run ahead of a friend that has still to move this phase by as much as
    -- that friend can catch up (its move), so a line can advance unit by unit.
    for _, o_id in ipairs(G.sides[d.side].units) do
      local o = G.D[o_id]
      if o_id ~= uid and not o.gone and not o.broken and (not hi_only or o.class == "HI")
          and o.moved_turn ~= G.turn and o.move > slack then
        slack = o.move
      end
    end
  end
  local pass = passes_through(G, d)
  local mopts = pass and { ignore_side = d.side } or nil
  -- trial positions stay out of the event log; the final one goes in
  if G.log then bf:set_logging(false) end
  local function settle()
    if G.log then
      bf:set_logging(true)
      local x, y, f = bf:pos(uid)
      if x ~= x0 or y ~= y0 or f ~= f0 then bf:place(uid, x, y, f) end
    end
  end
  local attempt = plan
  local fractions = plan.fractions or FRACTIONS
  for _ = 1, 2 do
    for n, frac in ipairs(fractions) do
      -- every attempt starts from where the move began (the second pass,
      -- after a contact the rules forbid, too: a turn is not made twice)
      local x, y, f = bf:pos(uid)
      if x ~= x0 or y ~= y0 or f ~= f0 then bf:place(uid, x0, y0, f0) end
      local moved, adv, enemy, crossed = exec(G, uid, d, attempt, frac, mopts)
      attempt.careful = plan.careful
      local ok = true
      if enemy and not turn.may_contact(d, G.D[enemy]) then
        -- stop short of a contact the rules forbid: one step back, then retry
        bf:place(uid, x0, y0, f0)
        attempt = { turn = attempt.turn, wheel = attempt.wheel, advance = max(0, adv - G.S.cm(1)) }
        ok = nil
        break
      end
      local imp, dis = terrain_under(G, uid)
      if imp then ok = false end
      dis = dis or crossed
      -- a careful plan does not end in, or cross, disordering terrain unless
      -- it charges
      if ok and dis and attempt.careful and not enemy and d.formed and not d.disordered then ok = false end
      if ok and pass then
        for _, q in ipairs(bf:query{ of = uid, within = 0, friend = true }) do
          if not G.D[q.id].gone then ok = false; break end
        end
      end
      -- never end on another base (the engine's collisions stop a move at
      -- the first contact, but not against a base it already overlapped)
      if ok and #M.overlapping(G, uid) > 0 then ok = false end
      if ok and gap and not enemy then
        if not nearest_anchor(G, uid, hi_only, gap + slack) then
          local after = before and nearest_anchor(G, uid, hi_only, 1e9)
          if before and after and after > before + slack + 0.5 then ok = false end
        end
      end
      if ok then
        settle()
        local _, dis_end = terrain_under(G, uid)
        dis = dis_end or crossed
        local result = { moved = moved, contact = enemy, start = { x0, y0, f0 } }
        if G.referee then
          local x, y, f = bf:pos(uid)
          if x ~= x0 or y ~= y0 or f ~= f0 then M.record(G, uid, kind_of(G, uid, "move")) end
        end
        if G.log and (moved > 0 or attempt.turn) then
          local x, y, f = bf:pos(uid)
          log(G, "move", { unit = uid, x = x, y = y, facing = f, moved = moved, contact = enemy })
        end
        if G.report and moved >= 10 then say(G, "  %s moves %.1f cm", label(d), moved / 10) end
        if dis and d.formed and not d.disordered and moved > 0 then result.disordered = true end
        return result
      end
    end
  end
  bf:place(uid, x0, y0, f0)
  settle()
  return { moved = 0 }
end

---------------------------------------------------------------------------
-- Victory points (Phase 7): "For each unit that breaks in battle deduct 2
-- victory points ..., 3 if E class and 8 if the unit contains the General.
-- When the army's victory point total is reduced by 25% it has lost, this
-- can occur at any time in any phase". READING: each unit is deducted once.

local function deduct(G, d, why)
  if d.deducted then return end
  d.deducted = true
  local side = G.sides[d.side]
  local loss = victory.break_deduction(d)
  if d.rear then loss = loss + victory.break_deduction(d.rear) end
  side.vp = side.vp - loss
  G.losses[d.side][d.class] = (G.losses[d.side][d.class] or 0) + 1
  if G.report then
    say(G, "    %s loses %d victory points (%s): %d of %d left", side.name, loss, why, side.vp, side.vp_start)
  end
  if G.log then log(G, "victory_points", { side = d.side, unit = d.uid, deducted = loss, total = side.vp, start = side.vp_start }) end
  count_live_hi(G, d.side)
  if not G.over and victory.has_lost(side.vp_start, side.vp) then
    G.over = true
    G.winner = 3 - d.side
    G.reason = "victory points reduced by 25%"
    say(G, "*** %s has lost a quarter of its victory points: the battle is over.", side.name)
  end
end
turn.deduct = deduct

local function remove_unit(G, d, why)
  d.gone = true
  G.bf:remove(d.uid)
  if G.log then log(G, "removed", { unit = d.uid, why = why }) end
  count_live_hi(G, d.side)
end

---------------------------------------------------------------------------
-- Moves away: recoil, break-off, break, flight (lib.manoeuvre moves the
-- bases; the rules' numbers and results are here).

local function roll_mm(G, kind, d)
  return distances.roll(kind, d, G.dice, G.S.scale) * 10
end

local function impassable(G) return G.has_terrain and "impassable" or nil end

-- The engine's bf:move stops at the first unit a base would touch, but not
-- at one it already touched when the move began (struck at a corner, a base
-- turned against another): lib.manoeuvre's straight moves can then carry it
-- onto that unit. Worked around here (no core change): a straight move from
-- (x0, y0) along `dir` that ended on another base is cut back to the
-- furthest place clear of every base (bisection; the start is clear), and
-- that unit is what blocked it. `r` is lib.manoeuvre's result.
local function clear_back(G, uid, x0, y0, dir, r)
  local on = M.overlapping(G, uid)
  if #on == 0 then return r end
  local bf = G.bf
  local f = select(3, bf:pos(uid))
  local ux, uy = M.along(dir)
  local lo, hi = 0, r.distance
  if G.log then bf:set_logging(false) end
  for _ = 1, 16 do
    local mid = (lo + hi) / 2
    bf:place(uid, x0 + ux * mid, y0 + uy * mid, f)
    if #M.overlapping(G, uid) == 0 then lo = mid else hi = mid end
  end
  if G.log then bf:set_logging(true) end
  bf:place(uid, x0 + ux * lo, y0 + uy * lo, f)
  r.distance, r.blocked_by = lo, on[1]
  return r
end

-- What blocked a move, for the account.
local function blocker_name(G, b)
  if b == "edge" then return "the table edge" end
  if b == "terrain" then return "impassable terrain" end
  if type(b) == "number" then return label(G.D[b]) end
  return "nothing"
end

-- The enemies a unit gives ground from: those touching it anywhere but its
-- rear (an enemy at its rear stands in its way).
local function recoil_from(G, uid, opps)
  local out = {}
  for _, o in ipairs(opps or {}) do
    if not G.D[o].gone and G.bf:contact(uid, o) ~= "rear" then out[#out + 1] = o end
  end
  return out
end

-- A move straight back, keeping the facing ("recoil back", "moved back"):
-- `kind` recoil or break_off, `dist` the rolled mm. The enemies it gives
-- ground from never block it; anything else does (lib.manoeuvre.recoil):
-- friends (unless the unit may pass through them, optional rule), enemies,
-- the table edge, impassable terrain. Returns the move's result with
-- `short` (blocked before the rolled distance) and the account's words.
local function move_back(G, uid, opps, dist, kind)
  local d = G.D[uid]
  local opts = { from = recoil_from(G, uid, opps), impassable = impassable(G), kind = kind_of(G, uid, kind) }
  if passes_through(G, d) then opts.pass_through = side_ids(G, d.side, uid) end
  local x, y, f = G.bf:pos(uid)
  local r = M.recoil(G, uid, dist, opts)
  -- an enemy it gives ground from is passed, never ended on: if the way
  -- back runs into one (struck at a corner, at an angle), that one blocks
  for _ = 1, #opts.from do
    local on = M.overlapping(G, uid)
    if #on == 0 then break end
    local drop = {}
    for _, o in ipairs(on) do drop[o] = true end
    local keep = {}
    for _, o in ipairs(opts.from) do if not drop[o] then keep[#keep + 1] = o end end
    opts.from = keep
    G.bf:place(uid, x, y, f)
    r = M.recoil(G, uid, dist, opts)
  end
  r.heading = norm(f + 180)
  r = clear_back(G, uid, x, y, r.heading, r)
  r.short = r.distance < dist - 0.5 and r.blocked_by ~= nil
  if G.log then
    local nx, ny, nf = G.bf:pos(uid)
    log(G, "move", { unit = uid, x = nx, y = ny, facing = nf, moved = r.distance, away = true, rolled = dist,
                     blocked_by = r.short and r.blocked_by or nil })
  end
  if G.report or G.referee then
    if r.short then
      r.said = string.format("%.1f cm of the %.1f cm rolled: blocked by %s", r.distance / 10, dist / 10,
        blocker_name(G, r.blocked_by))
    else
      r.said = string.format("%.1f cm", r.distance / 10)
    end
  end
  return r
end

-- A recoil (Phase 6, or an integrity test's recoil result). READING of a
-- blocked recoil (the text gives no result): the unit stops where it is
-- blocked and is disordered (if it was not already); the account says what
-- blocked it. Returns the move's result and whether the block disordered it.
local function recoil(G, uid, opps, dist)
  local d = G.D[uid]
  local r = move_back(G, uid, opps, dist, "recoil")
  local newly = false
  if r.short and not d.disordered then d.disordered, newly = true, true end
  if G.referee then
    note(G, uid, { what = "recoil", rolled = dist, moved = r.distance, blocked = r.short and r.blocked_by or nil,
                   said = r.said })
  end
  return r, newly
end
turn.recoil = recoil

-- A broken unit's move: to its rear the first time ("an immediate move to
-- their rear"), towards its own table edge afterwards. READING: routers pass
-- through friends (and the enemies in contact with them) but never end on
-- one; reaching the table edge with distance left, it leaves the table
-- ("Troops that have left the table cannot return").
local function flee(G, uid, kind)
  local d = G.D[uid]
  local bf = G.bf
  local dist = roll_mm(G, kind, d)
  local x, y, f = bf:pos(uid)
  local dir
  if kind == "break" and d.break_moves == 0 then dir = norm(f + 180)
  else dir = G.sides[d.side].edge == "south" and 180 or 0 end
  -- it turns to flee when there is room to turn (a half turn always has)
  bf:place(uid, x, y, dir)
  if #M.overlapping(G, uid) > 0 or not M.on_table(G, uid) then bf:place(uid, x, y, f) end
  local through = side_ids(G, d.side, uid)
  for _, c in ipairs(contacts(G, uid)) do through[#through + 1] = c end
  local sx, sy, sf = bf:pos(uid)
  local mkind = kind_of(G, uid, kind)
  local opts = { pass_through = through, impassable = impassable(G), kind = mkind }
  local r = clear_back(G, uid, sx, sy, dir, M.straight(G, uid, dir, dist, opts))
  -- READING: a router whose flight would end on its own troops carries on
  -- through them until clear, as far as the longest flight its dice allow
  -- (3d12: 36 cm for foot ...); no further: it stops short of them.
  local b = r.blocked_by
  if r.distance < dist - 0.5 and type(b) == "number" and G.D[b].side == d.side then
    local longest = distances.scale(E.max(distances.expression(kind, d)), G.S.scale) * 10
    local t = dist + G.S.cm(1)
    while t <= longest + 1e-6 do
      bf:place(uid, sx, sy, sf)
      local r2 = clear_back(G, uid, sx, sy, dir, M.straight(G, uid, dir, t, opts))
      if r2.distance >= t - 0.5 then r = r2; break end
      t = t + G.S.cm(1)
    end
    if r ~= nil and r.distance < dist - 0.5 then
      bf:place(uid, sx, sy, sf)
      r = clear_back(G, uid, sx, sy, dir, M.straight(G, uid, dir, dist, opts))
    end
  end
  if G.log then
    local nx, ny, nf = bf:pos(uid)
    log(G, "move", { unit = uid, x = nx, y = ny, facing = nf, moved = r.distance, flight = true })
  end
  local leaves = r.blocked_by == "edge" and r.distance < dist - 1
  if G.report then
    say(G, "    %s flees %.1f cm%s", label(d), (leaves and dist or r.distance) / 10,
      leaves and " and leaves the table" or (r.distance < dist - 1 and (" of the " .. string.format("%.1f", dist / 10)
        .. " cm rolled: blocked by " .. blocker_name(G, r.blocked_by)) or ""))
  end
  if leaves then
    d.fled = true
    remove_unit(G, d, "left the table")
  end
end

---------------------------------------------------------------------------
-- Integrity tests (Phase 6, "Integrity is tested when in any phase the
-- criteria for testing is met").

local break_unit -- forward
local follow_or_pursue

-- Tests a unit for the trigger ids `reasons` (one test per event, however
-- many of the nine triggers it meets: READING). `opps` are the enemies the
-- unit is fighting (a recoil or break moves away from them; they follow up
-- or pursue). Returns the result.
function turn.test(G, uid, reasons, opps)
  local d = G.D[uid]
  if d.gone or d.broken or #reasons == 0 then return nil end
  local reason = reasons[1]
  for _, r in ipairs(reasons) do if r == "forms_or_unforms" then reason = r end end
  local situation = { reason = reason, no_friend_within_30cm = not friend_near(G, uid) }
  local explain = G.report ~= nil
  local out = integrity.test(d, situation, G.dice, explain)
  if explain then
    local terms = {}
    for _, t in ipairs(out.terms or {}) do terms[#terms + 1] = string.format("%+d %s", t.after - t.before, t.text) end
    say(G, "    integrity test of %s (%s): 2D6 %d%s = %d: %s", label(d), table.concat(reasons, ", "), out.natural,
      #terms > 0 and (" " .. table.concat(terms, ", ")) or "", out.score, string.upper(out.result))
  end
  if G.log then log(G, "integrity", { unit = uid, reasons = reasons, natural = out.natural, score = out.score, result = out.result }) end
  turn.apply_result(G, uid, out.result, reason, opps)
  return out.result
end

-- Applies a test result (integrity.apply) to the unit on the table.
function turn.apply_result(G, uid, result, reason, opps)
  local d = G.D[uid]
  if result == "break" then
    break_unit(G, uid, opps or contacts(G, uid), "failed an integrity test")
    return
  end
  local after, effect = integrity.apply(d, result, reason)
  local was_formed = d.formed
  d.formed, d.disordered, d.recoils = after.formed, after.disordered, after.recoils
  -- Phase 1: a unit that forms or un-forms takes the footprint of its new
  -- order (setup.footprint: open order when unformed), about its centre,
  -- facing kept (bf:resize, logged as unit_resized).
  if d.formed ~= was_formed then
    d.w, d.dp = setup.footprint(d, G.S)
    G.bf:resize(uid, d.w, d.dp)
    if G.log then log(G, "form", { unit = uid, formed = d.formed, width = d.w, depth = d.dp }) end
  end
  if result == "pass" and reason == "rallies" then d.pursuing = nil end
  if effect.move then
    d.recoiled_turn = G.turn
    local from = opps or contacts(G, uid)
    local dist = roll_mm(G, "recoil", d)
    local r = recoil(G, uid, from, dist)
    if G.report then say(G, "    %s recoils %s disordered", label(d), r.said) end
    follow_or_pursue(G, uid, from, r, false)
  end
end

-- A unit breaks: VP deduction, lost (HIP, HIB, HCH, LCH, KC) or the
-- immediate break move, and its opponents pursue.
break_unit = function(G, uid, opps, why)
  local d = G.D[uid]
  if d.gone or d.broken then return end
  d.broken, d.disordered, d.broke_turn, d.break_moves = true, true, G.turn, 0
  d.pursuing, d.rallying = nil, false
  if G.report then say(G, "    %s BREAKS (%s)", label(d), why) end
  if G.log then log(G, "break", { unit = uid, why = why }) end
  local lost = troops.lost_if_broken[d.sub or ""] or troops.lost_if_broken[d.class]
  deduct(G, d, "broken")
  if lost then
    d.lost, d.figures = true, 0
    G.bf:set_strength(uid, 0)
    if G.report then say(G, "    %s is lost (HIP, HIB, HCH, LCH and KC are lost if broken)", d.name) end
    remove_unit(G, d, "lost when broken")
    return
  end
  flee(G, uid, "break")
  d.break_moves = 1
  if not d.gone then follow_or_pursue(G, uid, opps, nil, true) end
end

-- "Troops whose combat opponents recoil or break must pursue. The pursuers
-- follow up a recoil back to maintain contact, while the movement to pursue
-- the broken is 7+2d12cm if foot and 10+1d20 if mounted. RA class troops
-- need not follow up or pursue, IF troops must until they have been
-- outdistanced by 30cm. Pursuers are disordered until rallied."
-- READINGS: following up a recoil is not a new contact (no test) and does
-- not disorder; only pursuit of the broken does. A follow-up moves the
-- follower the way and the distance the recoiler went (`rec`, the recoil's
-- result), keeping its facing, so the two stand as they stood; it stops at
-- anything in its way. Unformed troops do not follow up an ordered formed
-- unit ("Unformed troops may only be brought into contact with enemy
-- troops that are disordered or unformed").
follow_or_pursue = function(G, uid, opps, rec, broken)
  local target = G.D[uid]
  for _, o in ipairs(opps or {}) do
    local p = G.D[o]
    if not p.gone and not p.broken and not in_contact(G, o) then
      local must = p.army == "IF"
      local cmd = G.sides[p.side].commander
      if broken then
        if must or cmd.pursue(G, o, uid) then turn.pursue(G, o, uid) end
      elseif rec and rec.distance > 0 and turn.may_contact(p, target) and (must or cmd.follow_up(G, o, uid)) then
        local ox, oy = G.bf:pos(o)
        local r = M.follow_up(G, o, rec.distance, { heading = rec.heading, impassable = impassable(G),
                                                     kind = kind_of(G, o, "follow_up") })
        r = clear_back(G, o, ox, oy, rec.heading, r)
        if r.contacted == uid or G.bf:distance(o, uid) <= CONTACT then note_contact(G, o, uid, "follow_up") end
        if G.log then
          local nx, ny, nf = G.bf:pos(o)
          log(G, "move", { unit = o, x = nx, y = ny, facing = nf, moved = r.distance, follow_up = uid })
        end
        if G.report then say(G, "    %s follows up %.1f cm", label(p), r.distance / 10) end
      end
    end
  end
end

-- Pursuit of a broken unit: the pursuer turns to face it (if it has room to
-- turn) and moves its 7+2d12 / 10+1d20 straight on, stopping at the first
-- unit it reaches. The unit reached is contacted under the contact rules
-- (turn.on_contact: conforming, evasion, the contacted unit's test); a
-- contact the rules forbid (unformed troops against ordered formed enemy,
-- formed VLI against formed mounted) stops it 1 cm short. Then the pursuer
-- is disordered and tests (trigger 3).
function turn.pursue(G, o, uid)
  local p = G.D[o]
  local bf = G.bf
  local dist = roll_mm(G, "pursuit", p)
  local x, y, f = bf:pos(o)
  local tx, ty = bf:pos(uid)
  bf:place(o, x, y, heading(tx - x, ty - y))
  if #M.overlapping(G, o) > 0 or not M.on_table(G, o) then bf:place(o, x, y, f) end
  local x1, y1, f1 = bf:pos(o)
  local kind = kind_of(G, o, "pursuit")
  local r = clear_back(G, o, x1, y1, f1, M.pursue(G, o, dist, { impassable = impassable(G), kind = kind }))
  local reached = r.contacted or (type(r.blocked_by) == "number" and r.blocked_by or nil)
  if reached and (G.D[reached].side == p.side or G.D[reached].gone) then reached = nil end
  if reached and not turn.may_contact(p, G.D[reached]) then
    bf:place(o, x1, y1, f1)
    r = clear_back(G, o, x1, y1, f1, M.pursue(G, o, max(0, r.distance - G.S.cm(1)), { impassable = impassable(G), kind = kind }))
    reached = nil
  end
  if G.log then
    local nx, ny, nf = bf:pos(o)
    log(G, "move", { unit = o, x = nx, y = ny, facing = nf, moved = r.distance, pursuit = uid })
  end
  if G.report then say(G, "    %s pursues %.1f cm", label(p), r.distance / 10) end
  if p.army == "IF" then p.pursuing = uid end
  if reached then
    turn.on_contact(G, o, reached, dist - r.distance, { x, y, f, dist }, "pursuit")
  end
  if not p.gone and not p.broken and not p.disordered then
    p.disordered = true
    turn.test(G, o, { "becomes_disordered" }, contacts(G, o))
  end
end

---------------------------------------------------------------------------
-- Contact: conforming, evasion, the contacted unit's test.

-- Whether a base at (x, y, f) of w x dp overlaps unit o's base by more than
-- 0.1 mm (touching is not overlapping): separating axes of two rectangles.
-- (Strict: a base placed overlapping another by a fraction of a millimetre
-- is one the engine's collisions no longer see, and a later move can drive
-- through it.)
local function base_overlaps(G, x, y, f, w, dp, o)
  local od = G.D[o]
  local ox, oy, of = G.bf:pos(o)
  local hw1, hd1, hw2, hd2 = w / 2 - 0.05, dp / 2 - 0.05, od.w / 2 - 0.05, od.dp / 2 - 0.05
  local a1, a2 = rad(f), rad(of)
  local axes = { { cos(a1), sin(a1) }, { -sin(a1), cos(a1) }, { cos(a2), sin(a2) }, { -sin(a2), cos(a2) } }
  local r1, f1 = axes[1], axes[2]
  local r2, f2 = axes[3], axes[4]
  local dx, dy = ox - x, oy - y
  for _, ax in ipairs(axes) do
    local p1 = hw1 * abs(r1[1] * ax[1] + r1[2] * ax[2]) + hd1 * abs(f1[1] * ax[1] + f1[2] * ax[2])
    local p2 = hw2 * abs(r2[1] * ax[1] + r2[2] * ax[2]) + hd2 * abs(f2[1] * ax[1] + f2[2] * ax[2])
    if abs(dx * ax[1] + dy * ax[2]) >= p1 + p2 then return false end
  end
  return true
end

-- Whether a unit's base at (x, y, f) would overlap any unit but `except`
-- (or stand on impassable ground, or off the table).
local function spot_taken(G, uid, except, x, y, f)
  local d, bf = G.D[uid], G.bf
  local c = setup.corners(x, y, f, d.w, d.dp)
  local W, H = bf:size()
  for i = 1, 7, 2 do
    if c[i] < -0.5 or c[i] > W + 0.5 or c[i + 1] < -0.5 or c[i + 1] > H + 0.5 then return true end
  end
  local reach = (d.w + d.dp) / 2
  for _, o in ipairs(bf:units()) do
    if o ~= uid and o ~= except and not G.D[o].gone then
      local od = G.D[o]
      local ox, oy = bf:pos(o)
      if abs(ox - x) <= reach + (od.w + od.dp) / 2 and abs(oy - y) <= reach + (od.w + od.dp) / 2
          and base_overlaps(G, x, y, f, d.w, d.dp, o) then
        return true
      end
    end
  end
  if G.has_terrain and bf:terrain_probe(x, y, f, d.w, d.dp, PROBE_KEYS) then return true end
  return false
end
turn.spot_taken = spot_taken

-- Lines the charger up flush with the edge of the target it touched (READING:
-- the text is silent; bases meet face to edge as players put them). The
-- charger stays where it struck along that edge, overlapping as much of it
-- as it can. If that place would overlap a third unit (or impassable
-- ground), it slides along the edge to the nearest place that does not; if
-- there is none it stays where it struck, touching but not lined up. With
-- `start` = { x, y, facing, allowance }, a place further than the move's
-- allowance from where the move began is not taken either ("a unit's
-- movement ceases ... when it reaches the end of its move rate").
function turn.conform(G, uid, target, start)
  local bf = G.bf
  local d, t = G.D[uid], G.D[target]
  local edge = bf:contact(target, uid)
  local tx, ty, tf = bf:pos(target)
  local a = rad(tf)
  local fx, fy, rx, ry = -sin(a), cos(a), cos(a), sin(a)
  local nx, ny, ex, ey, off, half
  if edge == "front" then nx, ny, ex, ey, off, half = fx, fy, rx, ry, t.dp / 2, t.w / 2
  elseif edge == "rear" then nx, ny, ex, ey, off, half = -fx, -fy, rx, ry, t.dp / 2, t.w / 2
  elseif edge == "left" then nx, ny, ex, ey, off, half = -rx, -ry, fx, fy, t.w / 2, t.dp / 2
  else nx, ny, ex, ey, off, half = rx, ry, fx, fy, t.w / 2, t.dp / 2 end
  local x, y = bf:pos(uid)
  local s = (x - tx) * ex + (y - ty) * ey
  local lim = half + d.w / 2 - min(d.w, 2 * half)
  s = max(-lim, min(lim, s))
  local facing = heading(-nx, -ny)
  local bx, by = tx + nx * (off + d.dp / 2), ty + ny * (off + d.dp / 2)
  -- the contact must still hold: at most half the charger's width beyond the edge's end
  local far = half + d.w / 2 - 1
  local step = 5
  for k = 0, math.ceil(2 * far / step) do
    for _, sgn in ipairs(k == 0 and { 1 } or { 1, -1 }) do
      local s2 = s + sgn * k * step
      if s2 >= -far and s2 <= far then
        local px, py = bx + ex * s2, by + ey * s2
        -- never further from where the move began than its allowance
        -- (start = { x, y, facing, mm })
        local within = not start or (px - start[1]) ^ 2 + (py - start[2]) ^ 2 <= start[4] * start[4] + 1e-6
        if within and not spot_taken(G, uid, target, px, py, facing) then
          bf:place(uid, px, py, facing)
          return edge
        end
      end
    end
  end
  return edge
end

-- Figures of `uid` along the edge `other` touches.
local function figures_in_contact(G, uid, other)
  local d = G.D[uid]
  local edge, _, len = G.bf:contact(uid, other)
  local ranks = max(1, d.ranks or 1)
  local files = (d.figures + ranks - 1) // ranks
  local n
  if edge == "front" or edge == "rear" then n = math.ceil(len / (d.w / files) - 1e-6)
  else n = math.ceil(len / (d.dp / ranks) - 1e-6) end
  return max(1, min(d.figures, n))
end

-- Evasion of contacted unformed troops (Phases 2 and 3): one throw per
-- figure in contact. READING: a figure gets away when its throw covers the
-- charger's unused move (the charger's reach) and the unit's path away is
-- free for that distance; figures whose throw falls short are removed. The
-- unit moves directly away from the charger by the shortest throw among the
-- figures that got away.
function turn.evade(G, uid, charger, case, unused)
  local d = G.D[uid]
  local n = figures_in_contact(G, uid, charger)
  local needed_cm = max(0, unused) / 10
  local needed = {}
  for i = 1, n do needed[i] = needed_cm end
  local out = distances.evade(case, d, needed, G.dice, G.S.scale, true)
  local shortest
  for _, fig in ipairs(out.figures) do
    if fig.escaped and (not shortest or fig.distance < shortest) then shortest = fig.distance end
  end
  local removed = out.removed
  local free
  if shortest then
    -- READING: "moved ... away": straight away from the charger's front,
    -- along the charger's facing (lib.manoeuvre.evade), so any move at all
    -- breaks the contact, however wide either unit; the unit keeps its
    -- facing. Its charger never blocks it; anything else does.
    local want = shortest * 10
    local opts = { impassable = impassable(G), kind = kind_of(G, uid, "evade_" .. case) }
    if passes_through(G, d) then opts.pass_through = side_ids(G, d.side, uid) end
    local ex, ey = G.bf:pos(uid)
    local r = M.evade(G, uid, { charger }, want, opts)
    r = clear_back(G, uid, ex, ey, r.heading, r)
    if G.bf:distance(uid, charger) <= CONTACT then r.in_contact = charger end
    if G.log then
      local nx, ny, nf = G.bf:pos(uid)
      log(G, "move", { unit = uid, x = nx, y = ny, facing = nf, moved = r.distance, evade = charger })
    end
    free = r.distance
    if r.in_contact or r.distance < unused - 1e-6 or r.distance < 1 then
      removed = n -- the way out is blocked: nobody got clear
    end
    if G.referee then
      -- the gap at the end of the evasion move (a later move of its own, or
      -- of the charger, may bring them together again legitimately)
      note(G, uid, { what = "evade", from = charger, escaped = removed < n, moved = r.distance,
                     gap = G.bf:distance(uid, charger) })
    end
  end
  d.evaded = (d.evaded or 0) + (n - removed)
  if G.report then
    say(G, "    %s evades (%s): %d figure(s) in contact must beat the charger's %.1f cm left%s: %d get away, %d removed",
      label(d), case, n, unused / 10, free and string.format(", moves %.1f cm", free / 10) or "", n - removed, removed)
  end
  if G.log then log(G, "evade", { unit = uid, charger = charger, case = case, in_contact = n, removed = removed }) end
  if removed > 0 then
    d.figures = d.figures - removed
    G.bf:set_strength(uid, d.figures)
    if d.figures <= 0 then
      d.figures = 0
      d.broken = true
      if G.report then say(G, "    %s is destroyed", d.name) end
      deduct(G, d, "destroyed evading")
      remove_unit(G, d, "destroyed evading")
    end
  end
end

-- What happens when `uid` has moved into contact with `target`. `unused` is
-- the charger's move left (mm); `start` = { x, y, facing, allowance } where
-- the move began (conforming stays within it); `how` the kind of move
-- ("move", "pursuit") for the referee.
function turn.on_contact(G, uid, target, unused, start, how)
  local d, t = G.D[uid], G.D[target]
  turn.conform(G, uid, target, start)
  note_contact(G, uid, target, how or "move")
  G.chargers[target] = G.chargers[target] or {}
  local list = G.chargers[target]
  list[#list + 1] = uid
  G.pair_since[turn.pair_key(uid, target)] = G.turn
  if G.report then say(G, "    %s contacts %s", label(d), label(t)) end
  if G.log then log(G, "contact", { unit = uid, target = target }) end
  if t.broken then return end
  if not t.formed then
    local case = distances.evasion_case(d)
    if case then
      local compulsory = tables.evasion[case].compulsory
      if compulsory or G.sides[t.side].commander.evade(G, target, uid) then
        turn.evade(G, target, uid, case, unused)
        return
      end
    end
  end
  local ids = integrity.triggers(t, { enemy_contacts = 1, charged_by = d })
  turn.test(G, target, ids, { uid })
end

function turn.pair_key(a, b)
  if a > b then a, b = b, a end
  return a * 65536 + b
end

-- A unit's whole move in Phase 2 or 3, by plan; handles contact and the
-- disorder of formed troops entering ** terrain (and its test: trigger 3).
function turn.do_move(G, uid, plan, opts)
  local d = G.D[uid]
  local r = turn.move(G, uid, plan, opts)
  -- a plan may carry further choices, each tried when the one before it
  -- moves nothing
  local p = plan
  while p.fallback and not r.contact and r.moved < 1 do
    p = p.fallback
    r = turn.move(G, uid, p, opts)
  end
  if r.disordered then
    d.disordered = true
    if G.report then say(G, "    %s is disordered by the terrain", label(d)) end
    turn.test(G, uid, { "becomes_disordered" }, {})
  end
  if r.contact and not d.gone and not d.broken and not G.D[r.contact].gone then
    local st = r.start
    turn.on_contact(G, uid, r.contact, d.move - r.moved, st and { st[1], st[2], st[3], d.move }, "move")
  end
  return r
end

---------------------------------------------------------------------------
-- The turn.

-- "At the start of each turn both players throw a D6 ... The score of a
-- player's D6 is reduced by two if he scored the highest last turn."
-- READING: ties are thrown again.
function turn.initiative(G)
  local prev = G.last_initiative
  while true do
    local a = G.dice:roll(6, "Historicon initiative, side 1")
    local b = G.dice:roll(6, "Historicon initiative, side 2")
    local sa, sb = a, b
    if prev == 1 then sa = sa - 2 elseif prev == 2 then sb = sb - 2 end
    if sa ~= sb then
      local first = sa > sb and 1 or 2
      G.last_initiative = first
      G.order = { first, 3 - first }
      if G.report then
        say(G, "Initiative: %s %d%s, %s %d%s: %s moves first.", side_name(G, 1), a, prev == 1 and " -2" or "",
          side_name(G, 2), b, prev == 2 and " -2" or "", side_name(G, first))
      end
      if G.log then log(G, "initiative", { scores = { a, b }, first = first }) end
      return first
    end
  end
end

local function reset_turn(G)
  for s = 1, 2 do
    for _, uid in ipairs(G.sides[s].units) do
      local d = G.D[uid]
      d.recv, d.inflicted, d.evaded, d.rallying, d.fought, d.new_hits = 0, 0, 0, false, false, 0
    end
  end
  G.chargers = {}
end

-- Takes turns between the two sides: the one with the initiative first.
-- lists[s] = ids in the side's chosen order; act(uid) is called for each
-- still able (eligible(uid)).
local function alternate(G, lists, eligible, act)
  local idx = { 1, 1 }
  local more = true
  while more and not G.over do
    more = false
    for _, s in ipairs(G.order) do
      local list = lists[s]
      while idx[s] <= #list do
        local uid = list[idx[s]]
        idx[s] = idx[s] + 1
        if eligible(uid) then act(uid); break end
      end
      if idx[s] <= #list then more = true end
    end
  end
end

-- Phase 1: forming and un-forming, alternately, each after an integrity
-- test (+3). READING: a unit changes form as a whole (the RA option to form
-- part of a unit is not modelled).
function turn.phase1(G)
  G.bf:set_time(G.turn, "1 forming")
  local lists = {}
  for s = 1, 2 do lists[s] = G.sides[s].commander.forms(G, s) or {} end
  alternate(G, lists, function(uid)
    local d = G.D[uid]
    return not d.gone and not d.broken and troops.organisation.may_unform[d.class] and not d.rear_of
      and turn.room_to_change_form(G, uid)
  end, function(uid)
    local d = G.D[uid]
    if G.report then say(G, "  %s tries to %s", label(d), d.formed and "un-form" or "form") end
    turn.test(G, uid, { "forms_or_unforms" }, contacts(G, uid))
  end)
end

-- Whether a unit's base in its other order (setup.footprint, about its
-- centre) would stand clear of every other base and on the table. READING:
-- a unit with no room to open or close its order cannot change it (no test
-- is taken); bases never overlap.
function turn.room_to_change_form(G, uid)
  local d, bf = G.D[uid], G.bf
  local was = d.formed
  d.formed = not was
  local w, dp = setup.footprint(d, G.S)
  d.formed = was
  if G.log then bf:set_logging(false) end
  bf:resize(uid, w, dp)
  local ok = #M.overlapping(G, uid) == 0 and M.on_table(G, uid)
  bf:resize(uid, d.w, d.dp)
  if G.log then bf:set_logging(true) end
  return ok
end

-- Forced moves: IF pursuers ("IF troops must [pursue] until they have been
-- outdistanced by 30cm") and the optional uncontrolled advance.
local function forced_plan(G, uid)
  local d = G.D[uid]
  if d.pursuing then
    local t = G.D[d.pursuing]
    if t.gone or not t.broken or G.bf:distance(uid, d.pursuing) > G.S.outdistanced then
      d.pursuing = nil
    else
      local tx, ty = G.bf:pos(d.pursuing)
      local x, y = G.bf:pos(uid)
      return { turn = norm(heading(tx - x, ty - y) - select(3, G.bf:pos(uid))), advance = d.move }, true
    end
  end
  if G.options.uncontrolled_advance then
    local plan = G.hooks.uncontrolled_advance.plan(G, uid)
    if plan then return plan, true end
  end
  return nil
end

local function move_unit(G, uid)
  local d = G.D[uid]
  d.moved_turn = G.turn
  local plan, free = forced_plan(G, uid)
  if not plan then
    plan = G.sides[d.side].commander.move(G, uid)
    if not plan then return end
    if plan.rally then d.rallying = true; return end
  end
  local r = turn.do_move(G, uid, plan, { free = free })
  -- remembered for the commander: turns in a row the unit could not get on
  if not r.contact and r.moved < 10 then d.stuck = (d.stuck or 0) + 1 else d.stuck = 0 end
end

local function may_move(G, uid)
  local d = G.D[uid]
  return not d.gone and not d.broken and not d.rear_of and not in_contact(G, uid)
end

-- The order a side moves its units in: the commander's, then any unit it
-- left out in army order (every unit has "the opportunity to move": forced
-- moves happen whatever the commander says).
function turn.move_list(G, s, kind)
  local list, seen = {}, {}
  for _, uid in ipairs(G.sides[s].commander.move_order(G, s, kind) or {}) do
    if not seen[uid] then list[#list + 1] = uid; seen[uid] = true end
  end
  for _, uid in ipairs(turn.units(G, s)) do
    if not seen[uid] and ((kind == "HI") == (G.D[uid].class == "HI")) then list[#list + 1] = uid end
  end
  return list
end

-- Phase 2: "All HI troops are moved starting with the player that has the
-- initiative and moving alternately".
function turn.phase2(G)
  G.bf:set_time(G.turn, "2 HI move")
  local lists = {}
  for s = 1, 2 do lists[s] = turn.move_list(G, s, "HI") end
  alternate(G, lists, function(uid) return G.D[uid].class == "HI" and may_move(G, uid) end,
    function(uid) move_unit(G, uid) end)
end

-- Rallying (Phase 3): "provided they are not in contact and no enemy mounted
-- or HI troops are within 45cm". READING: broken enemies do not count.
function turn.may_rally(G, uid)
  if in_contact(G, uid) then return false end
  for _, q in ipairs(G.bf:query{ of = uid, within = G.S.rally_clear, enemy = true }) do
    local e = G.D[q.id]
    if not e.gone and not e.broken and (e.class == "HI" or troops.is_mounted(e)) then return false end
  end
  return true
end

local function rally(G, uid)
  local d = G.D[uid]
  if not turn.may_rally(G, uid) then return end
  local hits, regained = integrity.regain_hits(d, G.dice)
  d.hits = hits
  if d.broken then
    local situation = { reason = "rallies", no_friend_within_30cm = not friend_near(G, uid) }
    local out = integrity.test(d, situation, G.dice, false)
    if G.report then say(G, "    %s tries to rally (2D6 %d, score %d; %d hits regained): %s", label(d), out.natural,
      out.score, regained, out.result == "pass" and "RALLIES" or "flight continues") end
    if G.log then log(G, "integrity", { unit = uid, reasons = { "rallies" }, natural = out.natural, score = out.score, result = out.result }) end
    if out.result == "pass" then d.broken, d.disordered, d.pursuing = false, false, nil; count_live_hi(G, d.side) end
    return
  end
  if G.report then say(G, "  %s rallies (%d hits regained)", label(d), regained) end
  turn.test(G, uid, { "rallies" }, {})
end

-- Phase 3: other troops move alternately; then broken troops flee and try
-- to rally, and units that chose to rally test.
function turn.phase3(G)
  G.bf:set_time(G.turn, "3 other moves")
  local lists = {}
  for s = 1, 2 do lists[s] = turn.move_list(G, s, "other") end
  alternate(G, lists, function(uid) return G.D[uid].class ~= "HI" and may_move(G, uid) end,
    function(uid) move_unit(G, uid) end)
  if G.over then return end
  for _, s in ipairs(G.order) do
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      if G.over then return end
      if not d.gone and d.broken and d.broke_turn ~= G.turn then
        -- "After they have made two such moves they can rally, if this fails
        -- the flight continues ... 2d12cm and 2d20cm"
        if d.break_moves < 2 then flee(G, uid, "break"); d.break_moves = 2
        else flee(G, uid, "flight") end
        if not d.gone then rally(G, uid) end
      elseif not d.gone and d.rallying and not d.broken then
        rally(G, uid)
      end
    end
  end
end

-- Whether the segment (ax, ay)-(bx, by) passes through the footprint of
-- unit o (shrunk by 0.5 mm: a line grazing a corner or running along an edge
-- is not blocked). Liang-Barsky clipping in the unit's own frame.
local function segment_hits(G, o, ax, ay, bx, by)
  local od = G.D[o]
  local ox, oy, of = G.bf:pos(o)
  local a = rad(of)
  local fx, fy, rx, ry = -sin(a), cos(a), cos(a), sin(a)
  local dx0, dy0 = ax - ox, ay - oy
  local u0, v0 = dx0 * rx + dy0 * ry, dx0 * fx + dy0 * fy
  local dx1, dy1 = bx - ox, by - oy
  local du, dv = dx1 * rx + dy1 * ry - u0, dx1 * fx + dy1 * fy - v0
  local hw, hd = od.w / 2 - 0.5, od.dp / 2 - 0.5
  if hw <= 0 or hd <= 0 then return false end
  local t0, t1 = 0, 1
  local ps = { -du, du, -dv, dv }
  local qs = { u0 + hw, hw - u0, v0 + hd, hd - v0 }
  for i = 1, 4 do
    local p, q = ps[i], qs[i]
    if abs(p) < 1e-12 then
      if q < 0 then return false end
    else
      local t = q / p
      if p < 0 then if t > t0 then t0 = t end
      elseif t < t1 then t1 = t end
      if t0 > t1 then return false end
    end
  end
  return true
end

-- Line of sight between two units through other units. READING: the text
-- says nothing; we read that troops cannot shoot through other troops,
-- friend or foe, formed or not. The target is seen when a line from the
-- shooter's centre to the target's centre, or to a point near either end of
-- the target's width, passes through no other unit's base.
function turn.clear_of_units(G, uid, target)
  local bf = G.bf
  local sx, sy = bf:pos(uid)
  local tx, ty, tf = bf:pos(target)
  local t = G.D[target]
  local a = rad(tf)
  local rx, ry = cos(a), sin(a)
  local off = max(0, t.w / 2 - 1)
  local lines = { 0, -off, off }
  local blockers = {}
  local reach = sqrt((tx - sx) ^ 2 + (ty - sy) ^ 2) + t.w
  for _, o in ipairs(bf:units()) do
    local od = G.D[o]
    if o ~= uid and o ~= target and not od.gone and od.rear_of ~= uid and od.rear_of ~= target then
      local ox, oy = bf:pos(o)
      -- only bases near the sightlines can block
      if sqrt((ox - sx) ^ 2 + (oy - sy) ^ 2) <= reach + od.w + od.dp then blockers[#blockers + 1] = o end
    end
  end
  if #blockers == 0 then return true end
  for _, k in ipairs(lines) do
    local px, py = tx + rx * k, ty + ry * k
    local clear = true
    for _, o in ipairs(blockers) do
      if segment_hits(G, o, sx, sy, px, py) then clear = false; break end
    end
    if clear then return true end
  end
  return false
end

-- Shooting targets of a unit: "Any enemy unit directly in front of formed
-- shooters and within range is an eligible target, unformed can shoot all
-- around". READING: woods and built-up areas block the line of sight, and so
-- do other units (turn.clear_of_units).
local function shooting_targets(G, uid, d, range)
  local q
  if d.formed then q = G.bf:query{ of = uid, within = range, enemy = true, arc = SHOOT_ARC, arc_how = "frontal" }
  else q = G.bf:query{ of = uid, within = range, enemy = true } end
  local out = {}
  for _, e in ipairs(q) do
    if not G.D[e.id].gone and (not G.has_los_terrain or G.bf:line_of_sight(uid, e.id))
        and turn.clear_of_units(G, uid, e.id) then
      out[#out + 1] = e.id
    end
  end
  return out
end

local function record_hits(G, shooter, target, hits)
  local t = G.D[target]
  t.hits = t.hits + hits
  t.recv = t.recv + hits
  t.new_hits = t.new_hits + hits
  G.D[shooter].inflicted = G.D[shooter].inflicted + hits
end

local function shoot_once(G, uid, shooter_unit, target, moved_into_contact, who)
  local d = G.D[uid]
  local t = G.D[target]
  G.shot[uid] = G.shot[uid] or {}
  local key = target .. (who or "")
  local hs, ht = hill_at(G, uid), hill_at(G, target)
  local situation = {
    higher_ground = hs ~= nil and ht == nil,
    target_moved_into_contact = moved_into_contact,
    new_target = not G.shot[uid][key],
    evaded_figures = shooter_unit == d and d.evaded or 0,
  }
  G.shot[uid][key] = true
  local out = shooting.shoot(shooter_unit, t, situation, G.dice, G.report ~= nil)
  if out.dice <= 0 then return end
  record_hits(G, uid, target, out.hits)
  if G.report then
    say(G, "  %s%s shoots at %s: %d dice hitting on %d+%s: %d hit(s) (now %d)", label(d), who and (" (" .. who .. ")") or "",
      label(t), out.dice, out.hit_on, #out.reroll > 0 and (" re-rolling " .. table.concat(out.reroll, ",")) or "", out.hits, t.hits)
  end
  if G.log then log(G, "shoot", { unit = uid, target = target, dice = out.dice, hit_on = out.hit_on, hits = out.hits }) end
end

-- Tests for hits crossing the unit's figures and twice its figures
-- (triggers 7 and 8) after a phase's hits are in.
function turn.hits_tests(G)
  for _, s in ipairs(G.order) do
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      if G.over then return end
      if not d.gone and not d.broken and d.new_hits > 0 then
        local ids = integrity.triggers(d, { new_hits = d.new_hits })
        d.new_hits = 0
        if #ids > 0 then turn.test(G, uid, ids, contacts(G, uid)) end
      end
      d.new_hits = 0
    end
  end
end

-- Phase 4: shooting, the side with the initiative first. "Any troops not in
-- contact may Shoot ... Formed shooters can and must shoot at any enemy unit
-- that has moved into contact with them." Light troops inside an HI unit and
-- a VLI rank behind a unit (optional rules) shoot at an enemy in contact
-- with their host's front.
function turn.phase4(G)
  G.bf:set_time(G.turn, "4 shooting")
  for _, s in ipairs(G.order) do
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      if G.over then return end
      if not d.gone and not d.broken and not d.rear_of then
        local touching = contacts(G, uid)
        local range = shooting.range(d, G.S.scale)
        if range then
          range = range * 10
          if #touching == 0 then
            local targets = shooting_targets(G, uid, d, range)
            if #targets > 0 then
              local target = G.sides[s].commander.shoot_target(G, uid, targets)
              if target then shoot_once(G, uid, d, target, false) end
            end
          elseif d.formed and G.chargers then
            for _, c in ipairs(touching) do
              local charged = false
              for _, x in ipairs(G.chargers[uid] or {}) do if x == c then charged = true end end
              if charged and G.bf:contact(uid, c) == "front" then shoot_once(G, uid, d, c, true); break end
            end
          end
        end
        if #touching > 0 and (d.light or d.rear) then
          local front
          for _, c in ipairs(touching) do
            if G.bf:contact(uid, c) == "front" then front = c; break end
          end
          if front then
            if d.light and G.options.light_in_ra_hi then shoot_once(G, uid, G.hooks.light_in_ra_hi.shooter(d), front, false, "light troops") end
            if d.rear and G.options.vli_ranks then shoot_once(G, uid, G.hooks.vli_ranks.shooter(d), front, false, "VLI rank") end
          end
        end
      end
    end
  end
  turn.hits_tests(G)
end

-- The view of a unit for melee: a VLI rank behind it (optional rule) is a
-- rank deeper; the front rank is the unit's own.
local function melee_view(G, d)
  if d.rear and G.options.vli_ranks then return G.hooks.vli_ranks.melee_view(d) end
  return d
end

-- Phase 5: units in contact fight. Both sides throw (initiative first); the
-- hits are added when all have thrown. "Formed units cannot fight to their
-- flank or rear while unformed units may turn and fight normally." Broken
-- units throw no dice (READING).
function turn.phase5(G)
  G.bf:set_time(G.turn, "5 melee")
  local fights = {}
  for _, s in ipairs(G.order) do
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      local touching = contacts(G, uid)
      if #touching > 0 then
        d.fought = true
        if not d.broken then
          local eng = {}
          local view = melee_view(G, d)
          local front_figs = view ~= d and troops.front_rank_figures(d) or nil
          for _, e in ipairs(touching) do
            local ed = G.D[e]
            if not d.formed or G.bf:contact(uid, e) == "front" then
              local my_edge_on_them = G.bf:contact(e, uid)
              local hs, he = hill_at(G, uid), hill_at(G, e)
              G.fought_vs[uid] = G.fought_vs[uid] or {}
              eng[#eng + 1] = { enemy = ed, id = e, situation = {
                higher_ground = hs ~= nil and setup.combat_hill[hs] == true and he == nil,
                first_contact = G.pair_since[turn.pair_key(uid, e)] == G.turn,
                flank_or_rear = my_edge_on_them ~= "front",
                new_target = not G.fought_vs[uid][e],
                front_figures = front_figs,
              } }
              G.fought_vs[uid][e] = true
            end
          end
          if #eng > 0 then fights[#fights + 1] = { uid = uid, view = view, eng = eng } end
        end
      end
    end
  end
  local results = {}
  for i, f in ipairs(fights) do
    local pools = melee.fight_split(f.view, f.eng, G.dice, G.report ~= nil)
    results[i] = pools
    if G.report then
      local d = G.D[f.uid]
      for k, p in ipairs(pools) do
        local terms = {}
        for _, t in ipairs(p.terms or {}) do terms[#terms + 1] = string.format("%+d %s", t.after - t.before, t.text) end
        say(G, "  %s fights %s: %d dice%s (%d basic%s) hitting on %d+%s: %d hit(s)", label(d), label(f.eng[k].enemy),
          p.dice, p.undivided and p.undivided ~= p.dice and string.format(" of %d", p.undivided) or "", p.basic or 0,
          #terms > 0 and (", " .. table.concat(terms, ", ")) or "", p.hit_on,
          #p.reroll > 0 and (" re-rolling " .. table.concat(p.reroll, ",")) or "", p.hits)
      end
    end
  end
  for i, f in ipairs(fights) do
    for k, p in ipairs(results[i]) do
      record_hits(G, f.uid, f.eng[k].id, p.hits)
      if G.log then log(G, "melee", { unit = f.uid, target = f.eng[k].id, dice = p.dice, hit_on = p.hit_on, hits = p.hits }) end
    end
  end
  -- contacts that no longer hold are forgotten (a new contact is a first contact)
  local keep = {}
  for _, f in ipairs(fights) do
    for _, e in ipairs(f.eng) do
      local k = turn.pair_key(f.uid, e.id)
      keep[k] = G.pair_since[k]
    end
  end
  for _, s in ipairs(G.order) do
    for _, uid in ipairs(turn.units(G, s)) do
      for _, e in ipairs(contacts(G, uid)) do
        local k = turn.pair_key(uid, e)
        if not keep[k] then keep[k] = G.pair_since[k] or G.turn end
      end
    end
  end
  G.pair_since = keep
  turn.hits_tests(G)
end

-- Phase 6: "Units that have received more hits than they have inflicted
-- during the turn recoil back 5+1d10cm if foot and 10+1d10cm if mounted.
-- Any Regular units wishing to break off from melee may do so". READING:
-- only units that were in melee this turn recoil (shooting alone does not
-- push a unit back); their hits received include those from shooting.
function turn.phase6(G)
  G.bf:set_time(G.turn, "6 recoil")
  for _, s in ipairs(G.order) do
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      if G.over then return end
      -- READING: a unit that has already recoiled this turn on a test result
      -- is not pushed back a second time.
      if not d.gone and not d.broken and d.fought and d.recoiled_turn ~= G.turn
          and melee.must_recoil(d.recv, d.inflicted) then
        local opps = contacts(G, uid)
        local dist = roll_mm(G, "recoil", d)
        local r, newly = recoil(G, uid, opps, dist)
        d.recoils = (d.recoils or 0) + 1
        if G.report then
          say(G, "  %s received %d hits and inflicted %d: recoils %s%s", label(d), d.recv, d.inflicted, r.said,
            newly and ", disordered" or "")
        end
        if G.log then log(G, "recoil", { unit = uid, distance = dist, moved = r.distance, received = d.recv, inflicted = d.inflicted }) end
        local result = turn.test(G, uid, newly and { "recoils", "becomes_disordered" } or { "recoils" }, opps)
        if result ~= "break" and not d.gone then follow_or_pursue(G, uid, opps, r, false) end
      end
    end
  end
  for _, s in ipairs(G.order) do
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      if G.over then return end
      if not d.gone and not d.broken and d.army == "RA" and in_contact(G, uid)
          and G.sides[s].commander.break_off(G, uid) then
        local opps = contacts(G, uid)
        local dist = roll_mm(G, "break_off", d)
        local r = move_back(G, uid, opps, dist, "break_off")
        if G.report then say(G, "  %s breaks off %s", label(d), r.said) end
        if G.log then log(G, "break_off", { unit = uid, distance = dist }) end
        turn.test(G, uid, { "breaks_off" }, opps)
      end
    end
  end
end

function turn.play(G)
  reset_turn(G)
  turn.initiative(G)
  local phases = { turn.phase1, turn.phase2, turn.phase3, turn.phase4, turn.phase5, turn.phase6 }
  for _, phase in ipairs(phases) do
    if G.over then break end
    phase(G)
  end
end

return turn
