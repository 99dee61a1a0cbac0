-- WRG Ancients 1973, one period of play (rulesets/wrg/turn.lua): moving bases: turns, formation changes, hollow squares, mounting, the advance through terrain, trial moves (the movement phase itself is in period/movement_phase.lua).
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

-- from the other parts (bound by part.link)
local KEY1, MM, NONE, SLACK, live, mm, norm, normal_move, piece_factor, record, say, terrain_factor
local turn_in_place, stands_clear, soft_set, DEEP

-- Movement helpers


-- Turns a unit to a bearing; returns the paces the turn costs
-- (CHANGES IN DIRECTION: 1/4 or 1/2 period for a turn; small changes are
-- taken as wheels within the move and cost nothing here).
local function face(G, uid, want, free)
  local d = G.D[uid]
  local _, _, f = G.bf:pos(uid)
  local diff = norm(want - f)
  if math.abs(diff) < 0.5 then return 0 end
  turn_in_place(G, uid, diff)
  if free or math.abs(diff) <= 45 then return 0 end
  -- a square needs "1/4 period to turn ... regardless of troop type"
  local cost = (d.square and 0.25 or troops.turn_time(d)) * normal_move(d)
  if d.disorganised then cost = cost * 2 end
  return cost
end

-- FORMATION CHANGES: "Regular units frontages can be expanded or reduced by
-- 4 figures in each 1/4 period, barbarians frontages by only 2 figures,
-- reducing time available for other movement. Difficult terrain reduces
-- expansion or contraction in the same degree as it reduces movement."
-- EFFECT OF DISORGANISATION ON MANOEUVRE: "All delays and movement
-- reductions for changes of direction or formation are doubled for
-- disorganised troops." Reading: a period is the time of a normal move, so a
-- quarter period costs a quarter of the normal move (as a turn's 1/4 period
-- does), times the multiplier of the ground the unit stands on, doubled when
-- disorganised. The base becomes files x ranks figures (bf:resize: the
-- centre and facing stay; ranks = figures / files rounded up). A change
-- that takes longer than the time left goes on next period: the time spent
-- is banked towards the next step of figures, and the unit is "before
-- completing a formation change" until it is done (DISORGANISATION 2).
-- Models (elephants, chariots, engines: one rank of models) keep their line.
function turn.frontage_step(d)
  local f = tables.movement.formation_figures_per_quarter
  return d.regular and f.regular or f.barbarian
end

function turn.can_reform(d)
  return d.type ~= "EL" and d.type ~= "CH" and d.type ~= "ENG" and tables.base_sizes[d.type] ~= nil
end

function turn.quarter_cost(G, uid, d)
  return normal_move(d) / 4 * terrain_factor(G, uid, d) * (d.disorganised and 2 or 1)
end

-- Sets a unit's files and its base to match.
function turn.set_files(G, uid, files)
  local d = G.D[uid]
  local b = tables.base_sizes[d.type]
  d.files = math.max(1, math.min(files, math.max(1, d.figures)))
  d.ranks = math.max(1, (d.figures + d.files - 1) // d.files)
  d.w, d.dp = d.files * b[1], d.ranks * b[2]
  G.bf:resize(uid, d.w, d.dp)
end

-- Carries on the change in d.reforming (the files wanted) within `avail`
-- paces of the period's time; returns the paces spent.
function turn.reform(G, uid, avail)
  local d = G.D[uid]
  local want = d.reforming
  if not want then return 0 end
  want = math.max(1, math.min(want, d.figures))
  local q = turn.quarter_cost(G, uid, d)
  local step = turn.frontage_step(d)
  local banked, spent, files = d.reform_banked or 0, 0, d.files
  avail = math.max(0, avail)
  while files ~= want do
    local need = q - banked
    if need > avail - spent + 1e-9 then
      banked = banked + (avail - spent)
      spent = avail
      break
    end
    spent, banked = spent + need, 0
    if want > files then files = math.min(want, files + step) else files = math.max(want, files - step) end
  end
  if files ~= d.files then
    local from = d.files
    turn.set_files(G, uid, files)
    if G.log then G.bf:log("formation", { unit = uid, files = d.files, ranks = d.ranks }) end
    say(G, "  %s changes frontage from %d to %d figures (%d ranks).", d.name, from, d.files, d.ranks)
  end
  if files == want then d.reforming, d.reform_banked = nil, nil else d.reform_banked = banked end
  return spent
end

-- MOVING IN HOLLOW SQUARE. The rules give no time for forming a square.
-- Reading: it is a formation change (FORMATION CHANGES: frontage changed by
-- 4 figures a 1/4 period for regulars, 2 for barbarians, difficult terrain
-- and disorganisation as there): each of the four faces holds a quarter of
-- the figures (rounded up), so the frontage goes from the line's files to a
-- face's, taking at least 1/4 period; leaving it is the same change back.
-- Returns the fraction of the period spent (within `avail`, a fraction);
-- what does not fit is banked and the change goes on next period, the unit
-- "before completing a formation change" (DISORGANISATION 2) meanwhile.
-- The square is a square base of a face's figures a side (at least two
-- base depths); its figures stand one rank to a face unless there are more
-- than four faces' worth.
function turn.square_face(d) return math.max(1, (d.figures + 3) // 4) end

function turn.square_quarters(d)
  local face = turn.square_face(d)
  local from, to = d.files, face
  if d.square then from, to = face, d.square_files or d.files end
  return math.max(1, math.ceil(math.abs(from - to) / turn.frontage_step(d)))
end

function turn.form_square(G, uid, avail)
  local d = G.D[uid]
  if d.squaring == nil then return 0 end
  local q = turn.quarter_cost(G, uid, d) / normal_move(d)     -- a quarter period, as a fraction
  local need = turn.square_quarters(d) * q - (d.square_banked or 0)
  avail = math.max(0, avail)
  if need > avail + 1e-9 then
    d.square_banked = (d.square_banked or 0) + avail
    return avail
  end
  local b = tables.base_sizes[d.type]
  if d.squaring then
    d.square_files = d.files
    local face = turn.square_face(d)
    d.square, d.files = true, face
    d.ranks = math.max(1, (d.figures + 4 * face - 1) // (4 * face))
    local side = math.max(face * b[1], 2 * b[2])
    d.w, d.dp = side, side
    G.bf:resize(uid, side, side)
  else
    d.square = false
    turn.set_files(G, uid, d.square_files or d.files)
  end
  d.squaring, d.square_banked = nil, nil
  if G.log then G.bf:log("square", { unit = uid, formed = d.square }) end
  say(G, "  %s %s hollow square.", d.name, d.square and "is in" or "is out of")
  return need
end

-- FORMATION CHANGES: "Mounting or dismounting takes a 1/2 period. No animal
-- holders are required as the horses or camels are assumed to be picketed
-- 60 paces behind the initial position of the fighting line. The troops
-- must return to this spot to remount." Reading: the half period is doubled
-- for disorganised troops (EFFECT OF DISORGANISATION ON MANOEUVRE: it is a
-- formation change) and carried over like one; the picket is set 60 paces
-- straight behind the unit's centre where it begins to dismount; "this
-- spot" is reached when the unit's centre is within 20 paces of it (a
-- horse line). Dismounted cavalry become their infantry equivalent with
-- its move less 20 paces; mounted infantry move 120 paces and do not
-- charge, and on foot are the infantry they are. The base takes the
-- figures' new base size, files kept. Returns the fraction of the period
-- spent (within `avail`).
function turn.can_dismount(d) return d.on_horse ~= nil end

function turn.may_mount(G, uid)
  local d = G.D[uid]
  if d.on_horse ~= false or not d.picket then return false end
  local x, y = G.bf:pos(uid)
  return math.sqrt((x - d.picket[1]) ^ 2 + (y - d.picket[2]) ^ 2) <= mm(tables.movement.picket_reach)
end

function turn.set_mounted(G, uid, on)
  local d = G.D[uid]
  if d.horse_type then
    d.type = on and d.horse_type or d.dismount
    d.moves = on and d.horse_moves or d.foot_moves
  else
    d.moves = on and tables.moves.MOUNTED_INFANTRY or d.foot_moves
  end
  d.on_horse = on
  turn.set_files(G, uid, d.files)
end

function turn.mount(G, uid, avail)
  local d = G.D[uid]
  if d.mounting == nil then return 0 end
  if d.mounting_from == nil then
    d.mounting_from = true
    if not d.mounting then                        -- the horses are picketed 60 paces behind
      local x, y, f = G.bf:pos(uid)
      local a = math.rad(f)
      local back = mm(tables.movement.picket_behind)
      d.picket = { x + math.sin(a) * back, y - math.cos(a) * back }
    end
  end
  local need = tables.movement.mount_time * (d.disorganised and 2 or 1) - (d.mount_banked or 0)
  avail = math.max(0, avail)
  if need > avail + 1e-9 then
    d.mount_banked = (d.mount_banked or 0) + avail
    return avail
  end
  local on = d.mounting
  d.mounting, d.mount_banked, d.mounting_from = nil, nil, nil
  turn.set_mounted(G, uid, on)
  if G.log then G.bf:log("mount", { unit = uid, mounted = on }) end
  say(G, "  %s %s.", d.name, on and "has remounted" or "has dismounted")
  return need
end

-- An advance of `paces` (of the unit's move allowance): the multiplier of
-- the ground it starts on, and a river in its path entered at the river's
-- multiplier for the rest of the move, or not at all by troops who may not
-- cross it (they stop on the bank). Returns what stopped it ("river" for
-- a bank) and the paces moved on the table.
local RIVER_KEY = { "river" }
local advance_on

-- Whether a straight advance of `dist` mm (along (sx, sy), the facing) may
-- meet terrain with the attribute in `keys` anywhere on its way: one probe of
-- the rectangle the whole path sweeps, 1 mm larger all round, which holds
-- every base the path's samples below probe (terrain_probe's overlap only
-- grows with the base). When it meets nothing the samples need not be taken:
-- they would all come back clear.
local function path_may_meet(G, u, sx, sy, dist, keys)
  return G.bf:terrain_probe(u.x + sx * dist / 2, u.y + sy * dist / 2, u.facing, u.width + 2, u.depth + dist + 2, keys)
end

-- DISORGANISATION 5: "Troops other than light or light-medium infantry,
-- having had their movement obstructed by difficult terrain during the
-- current period." Reading: a move (of any kind: a normal move, a charge,
-- an evade, a rout, a pursuit, a follow-up) that covered ground at more than
-- good-going cost (the unit started in difficult ground, or entered a river
-- at its multiplier), or that a river the unit may not cross stopped at the
-- bank. Disorganised at once, for the rest of the period (its shooting and
-- melee); the cause is gone at the next period unless it happens again.
-- Trial moves (turn.probe) mark nothing.
function turn.obstructed(G, uid)
  local d = G.D[uid]
  if (G.probing or 0) > 0 or tables.disorganisation.terrain_spared[d.type] then return end
  d.obstructed = true
  if not d.disorganised then
    d.disorganised = true
    say(G, "  %s: movement obstructed by difficult terrain, disorganised.", d.name)
  end
end


-- A move that may pass through friends (opts.ignore_side: evades, retreats,
-- routs, breaking off) never ends on one (INTERPENETRATION: a unit passes
-- through, it does not stop inside another; lib.manoeuvre's rule for
-- pass-through moves): it goes again from where it started, this time
-- stopped by the friend it would have ended on. Returns the friends it
-- would end on.
local function ends_on_friends(G, uid, side, skip)
  local out
  for _, o in ipairs(turn.overlapping(G, uid, SLACK, skip)) do
    if G.D[o] and G.D[o].side == side then out = out or {}; out[#out + 1] = o end
  end
  return out
end

-- The engine lets a base slide through one it already overlaps within rounding (bases left 0.5-0.9 mm into each other): a straight
-- move from (x0, y0) that ends on another base is cut back to the last place
-- on its path where it stands on nothing (5 mm steps, then halving).
-- Returns the fraction of the move kept and the unit it ended on, or nil
-- when it ended clear.
local function cut_back(G, uid, x0, y0, skip, soft)
  if stands_clear(G, uid, soft, skip) then return nil end
  local on = turn.overlapping(G, uid, SLACK, skip)
  local x1, y1, f1 = G.bf:pos(uid)
  local len = math.sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2)
  local function clear_at(t)
    G.bf:place(uid, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, f1)
    return stands_clear(G, uid, soft, skip)
  end
  local lo, hi = 0, 1
  local n = math.max(1, math.ceil(len / 5))
  for i = 1, n do
    if not clear_at(i / n) then hi = i / n; break end
    lo = i / n
  end
  for _ = 1, 8 do
    local mid = (lo + hi) / 2
    if clear_at(mid) then lo = mid else hi = mid end
  end
  clear_at(lo)
  return lo, on[1]
end

local function advance(G, uid, paces, opts, kind, f_before)
  -- optional rules that shorten moves (the weather module: rain, snow, night, desert winds)
  if G.move_paces then paces = G.move_paces(G, uid, paces, kind or "move") end
  if (G.probing or 0) > 0 then
    -- a trial move (turn.probe): no overlap checks, nothing recorded
    local stop, moved = advance_on(G, uid, paces, opts)
    return stop, moved
  end
  local x0, y0, fa = G.bf:pos(uid)
  -- the engine stops a move at the first contact with any unit it does not
  -- ignore and does not already touch: a move that starts touching nothing
  -- and ignores nobody cannot end on a base, and needs no checks
  local touching = turn.any_within(G, uid, SLACK)
  local checked = touching or (opts ~= nil and (opts.ignore_side ~= nil or opts.ignore ~= nil))
  -- units it stands on as it sets off (a router or a unit breaking off that
  -- turned about in its place, its corners swinging into those it touched):
  -- it must get clear of them on this move
  local start_on = touching and turn.overlapping(G, uid, DEEP) or NONE
  local soft = touching and soft_set(G, uid) or nil
  local start_set
  if #start_on > 0 then
    start_set = {}
    for _, o in ipairs(start_on) do start_set[o] = true end
  end
  local stop, moved, hindered, f0 = advance_on(G, uid, paces, opts)
  if opts and opts.ignore_side and moved > 0 then
    local side = opts.ignore_side
    local stopped_by = {}
    for _ = 1, 4 do
      local on = ends_on_friends(G, uid, side, start_set)
      if not on then break end
      for _, o in ipairs(on) do stopped_by[o] = true end
      local ignore = {}
      for _, e in ipairs(opts.ignore or {}) do ignore[#ignore + 1] = e end
      for _, e in ipairs(start_on) do ignore[#ignore + 1] = e end
      for _, fid in ipairs(G.all) do
        local fd = G.D[fid]
        if fid ~= uid and fd.side == side and not stopped_by[fid] and live(fd) then ignore[#ignore + 1] = fid end
      end
      G.bf:place(uid, x0, y0, fa)
      stop, moved, hindered, f0 = advance_on(G, uid, paces, { ignore = ignore })
    end
  end
  if #start_on > 0 or (opts and opts.ignore_side) then
    local on = turn.overlapping(G, uid, SLACK)
    if #on > 0 then
      -- it goes on through until clear, if what is left of its move allows
      local ignore = {}
      for _, e in ipairs(opts and opts.ignore or {}) do ignore[#ignore + 1] = e end
      for _, e in ipairs(start_on) do ignore[#ignore + 1] = e end
      local left = mm(paces) / f0 - mm(moved)
      while left > 0.01 and #on > 0 do
        local r = G.bf:move(uid, "advance", math.min(5, left),
                            { ignore_side = opts and opts.ignore_side, ignore = ignore })
        if r.distance <= 0 then break end
        left, moved = left - r.distance, moved + r.distance / MM
        stop = r.stopped_by
        on = turn.overlapping(G, uid, SLACK)
        if stop then break end
      end
    end
  end
  if checked then
    -- (units it stood on as it set off are not held against it here)
    local lo, on = cut_back(G, uid, x0, y0, start_set, soft)
    if lo then moved, stop = moved * lo, on end
  end
  if kind then record(G, uid, kind, math.min(f0, f_before or f0)) end
  -- a move of a rounding's length is none (as the ordinary move's:
  -- wrg.period.movement_phase; lines_end_reflection_test)
  if moved < 1e-6 then moved = 0 end
  if stop == "river" or stop == "terrain" or (hindered and moved > 0) then turn.obstructed(G, uid) end
  return stop, moved
end

-- Whether any of its arguments is true (bf:terrain_probe's answers, one per key).
local function any_true(...)
  for i = 1, select("#", ...) do if (select(i, ...)) then return true end end
  return false
end

local function base_now(G, uid, d)
  local x, y, f = G.bf:pos(uid)
  return { x = x, y = y, facing = f, width = d.w, depth = d.dp }
end

-- Whether any part of the base stands in a river.
local function under_river(G, uid)
  for _, t in ipairs(G.bf:terrain_under(uid)) do if t.type == "river" then return true end end
  return false
end

advance_on = function(G, uid, paces, opts)
  if paces <= 0 then return nil, 0, false, 1 end
  local d = G.D[uid]
  local f0 = terrain_factor(G, uid, d)
  local dist = mm(paces) / f0
  -- terrain impractical for the unit (turn.impassable_keys): the move stops
  -- short of it (probed every 40 mm along the path, then bisected); ground
  -- of that kind it already stands on it may walk off
  local barred = false
  local keys = G.has_impassable and turn.impassable_keys(d)
  -- the base before the move, for both probes below (its size from d.w and
  -- d.dp, kept equal to the core's width and depth by turn.set_files and the
  -- hollow square: a small table instead of bf:unit's)
  local u
  if keys then
    u = base_now(G, uid, d)
    -- (bf:terrain_probe answers every key of its list in one pass, each as a
    -- probe of that key alone would: one call per probe, not one per key)
    local use
    local on = { G.bf:terrain_probe(u.x, u.y, u.facing, u.width, u.depth, keys) }
    for i, k in ipairs(keys) do
      if not on[i] then use = use or {}; use[#use + 1] = k end
    end
    if use then
      local a = math.rad(u.facing)
      local sx, sy = -math.sin(a), math.cos(a)
      local near = any_true(path_may_meet(G, u, sx, sy, dist, use))
      local n = near and math.ceil(dist / 40) or 0
      for i = 1, n do
        local at = math.min(dist, i * 40)
        local hit = any_true(G.bf:terrain_probe(u.x + sx * at, u.y + sy * at, u.facing, u.width, u.depth, use))
        if hit then
          local clear = at
          for _, k in ipairs(use) do
            clear = math.min(clear, G.bf:terrain_clear_advance(u.x, u.y, u.facing, u.width, u.depth, at, k))
          end
          dist, barred = math.min(dist, clear), true
          break
        end
      end
    end
  end
  if G.has_river then
    u = u or base_now(G, uid, d)
    -- the first river along the path (terrain_clear_advance looks at the end
    -- of a move: a long move could jump a river), in steps of 20 mm
    local clear = dist
    local a = math.rad(u.facing)
    local sx, sy = -math.sin(a), math.cos(a)
    local step = 20
    local n = path_may_meet(G, u, sx, sy, dist, RIVER_KEY) and math.ceil(dist / step) or 0
    for i = 1, n do
      local at = math.min(dist, i * step)
      if G.bf:terrain_probe(u.x + sx * at, u.y + sy * at, u.facing, u.width, u.depth, RIVER_KEY) then
        clear = G.bf:terrain_clear_advance(u.x, u.y, u.facing, u.width, u.depth, at, "river")
        break
      end
    end
    -- (whether the base already stands in a river is asked only of a move a
    -- river cuts short: bf:terrain_under is the dearer question)
    if clear < dist - 0.5 and not under_river(G, uid) then
      local r = G.bf:move(uid, "advance", clear, opts)
      if r.stopped_by or r.distance < clear - 0.5 then return r.stopped_by, r.distance / MM, f0 > 1, f0 end
      -- the river reached: which one, and may the unit cross it?
      local probe = G.bf:unit(uid)
      local a = math.rad(probe.facing)
      local ahead = mm(5)
      local width = 0
      for _, t in ipairs(G.bf:terrain_at(probe.x - math.sin(a) * (probe.depth / 2 + ahead), probe.y + math.cos(a) * (probe.depth / 2 + ahead))) do
        local attr = G.terrain_attr[t.id]
        if attr and attr.type == "river" then width = math.max(width, attr.width) end
      end
      if width == 0 then width = G.widest_river or 0 end
      if not turn.may_cross(d, width) then return "river", r.distance / MM, f0 > 1, f0 end
      local rf = piece_factor(d, { type = "river", width = width })
      local left = paces - r.distance * f0 / MM
      local r2 = G.bf:move(uid, "advance", mm(left) / rf, opts)
      return r2.stopped_by, (r.distance + r2.distance) / MM, f0 > 1 or (rf > 1 and r2.distance > 0), math.min(f0, rf)
    end
  end
  local r = G.bf:move(uid, "advance", dist, opts)
  local stop = r.stopped_by
  if not stop and barred and r.distance >= dist - 0.5 then stop = "terrain" end
  return stop, r.distance / MM, f0 > 1, f0
end
turn.advance = advance

-- Trial moves (a router looking for a way out, a commander looking at a
-- charge path): fn(G) may move the unit; it is put back where it was and the
-- trial leaves no trace in the event log.
function turn.probe(G, uid, fn)
  local x0, y0, f0 = G.bf:pos(uid)
  if G.log then G.bf:set_logging(false) end
  G.probing = (G.probing or 0) + 1
  local ok, a, b, c = pcall(fn, G, uid)
  G.probing = G.probing - 1
  G.bf:place(uid, x0, y0, f0)
  if G.log then G.bf:set_logging(true) end
  if not ok then error(a, 0) end
  return a, b, c
end

-- Moves straight back (facing kept), e.g. a push-back or a retire.
local function back_off(G, uid, paces, kind)
  if G.move_paces then paces = G.move_paces(G, uid, paces, kind or "push_back", true) end
  local x0, y0, f = G.bf:pos(uid)
  local a = math.rad(f)
  local dx, dy = math.sin(a) * mm(paces), -math.cos(a) * mm(paces)
  local near = turn.any_within(G, uid, SLACK)
  local touching = near and #turn.overlapping(G, uid, DEEP) > 0
  local soft = near and soft_set(G, uid) or nil
  local r = G.bf:move(uid, "slide", dx, dy)
  local moved = r.distance / MM
  if near and not touching then
    local lo = cut_back(G, uid, x0, y0, nil, soft)
    if lo then moved = moved * lo end
  end
  record(G, uid, kind or "push_back", 1)
  return moved
end

-- Puts a charger flush against the edge of the target it struck.
function turn.align(G, charger, target, x0, y0, allowance)
  local edge = G.bf:contact(target, charger)
  local px, py, pf = G.bf:pos(charger)
  local tx, ty, tf = G.bf:pos(target)
  local cx, cy = G.bf:pos(charger)
  local tu_width, tu_depth = G.bf:footprint(target)  -- (bf:unit's sizes without its table)
  local cu_width, cu_depth = G.bf:footprint(charger)
  local out_angle = ({ front = 0, rear = 180, left = 90, right = -90 })[edge] or 0
  local a = math.rad(tf + out_angle)
  local ox, oy = -math.sin(a), math.cos(a)               -- outward normal of the struck edge
  local lx, ly = math.cos(a), math.sin(a)                -- along the edge
  local half_edge = (edge == "front" or edge == "rear") and tu_depth / 2 or tu_width / 2
  local edge_len = (edge == "front" or edge == "rear") and tu_width or tu_depth
  local lateral = (cx - tx) * lx + (cy - ty) * ly
  local limit = math.max(0, (edge_len + cu_width) / 2 - math.min(edge_len, cu_width) / 2)
  if lateral > limit then lateral = limit elseif lateral < -limit then lateral = -limit end
  local dist = half_edge + cu_depth / 2
  local nx, ny = tx + ox * dist + lx * lateral, ty + oy * dist + ly * lateral
  G.bf:place(charger, nx, ny, norm(tf + out_angle + 180))
  -- lined up only where it overlaps nothing, and (lib.manoeuvre's line-up
  -- rule) no further from where the move began than its allowance; else it
  -- stays where it made contact
  if #turn.overlapping(G, charger, SLACK) > 0 or not M.on_table(G, charger)
      or (x0 and math.sqrt((nx - x0) ^ 2 + (ny - y0) ^ 2) > allowance) then
    G.bf:place(charger, px, py, pf)
  end
  return edge
end

local part = {}
function part.link()
  stands_clear = P.stands_clear
  soft_set = P.soft_set
  DEEP = P.DEEP
  KEY1 = P.KEY1
  MM = P.MM
  NONE = P.NONE
  SLACK = P.SLACK
  live = P.live
  mm = P.mm
  norm = P.norm
  normal_move = P.normal_move
  piece_factor = P.piece_factor
  record = P.record
  say = P.say
  terrain_factor = P.terrain_factor
  turn_in_place = P.turn_in_place
end
P.face = face
P.RIVER_KEY = RIVER_KEY
P.advance_on = advance_on
P.ends_on_friends = ends_on_friends
P.cut_back = cut_back
P.advance = advance
P.back_off = back_off
return part
