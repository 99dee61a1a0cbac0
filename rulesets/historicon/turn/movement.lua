-- Historicon v2 in play: movement (Phases 2 and 3). Turning and wheeling
-- (move_mode, steer), a move within the rules (move: allowance, contact
-- limits, terrain, cohesion distances), a unit's whole move (do_move), the
-- phases' alternate moves, forced moves, rallying and the broken units'
-- flight in Phase 3.
local turn = require("historicon.turn.board")
local H = turn.helpers
local tables, troops, shooting, melee, integrity, distances, victory, pool_mod = H.tables, H.troops, H.shooting, H.melee, H.integrity, H.distances, H.victory, H.pool_mod
local setup, account, angles, M, E, CONTACT, FRACTIONS, SHOOT_ARC = H.setup, H.account, H.angles, H.M, H.E, H.CONTACT, H.FRACTIONS, H.SHOOT_ARC
local PROBE_KEYS, say, log, norm, heading, label, side_name, gait = H.PROBE_KEYS, H.say, H.log, H.norm, H.heading, H.label, H.side_name, H.gait
local kind_of, note, note_contact, side_ids, contacts, in_contact, friend_near, terrain_under = H.kind_of, H.note, H.note_contact, H.side_ids, H.contacts, H.in_contact, H.friend_near, H.terrain_under
local hill_at, sweep, go, check_wheel, count_live_hi, passes_through, deduct, remove_unit = H.hill_at, H.sweep, H.go, H.check_wheel, H.count_live_hi, H.passes_through, H.deduct, H.remove_unit
local roll_mm, impassable, blocker_name, record_hits = H.roll_mm, H.impassable, H.blocker_name, H.record_hits
local units_within = H.units_within
local abs, min, max, floor, sqrt = math.abs, math.min, math.max, math.floor, math.sqrt
local rad, deg, sin, cos = math.rad, math.deg, math.sin, math.cos

local function alternate(...) return turn.alternate(...) end

-- A move shorter than this and a turn smaller than this is standing still.
local STILL_MM, STILL_DEG = 1.0, 1.0

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

-- A half turn is either way round (+180 and -180 are one facing; rounding
-- picks the sign, and the engine sweeps the unit's corners the way the sign
-- says): it goes the way that first heads towards the table's west (left
-- while facing north of east-west), the same from either side of the table
-- (Arvath turning about beside a friend swept into him on one side of the
-- table only: tests/mirror_test.lua). Other turns keep their sign.
local function half_turn_way(t, f)
  if abs(abs(t) - 180) >= 1e-6 then return t end
  return cos(rad(f)) >= 0 and 180 or -180
end
turn.half_turn_way = half_turn_way

-- Checks a plan against the allowance (a commander could ask for anything).
local function clamp_plan(G, d, plan, free, f)
  local mode = turn.move_mode(G, d, free)
  local p = { advance = max(0, plan.advance or 0), target = plan.target, careful = plan.careful,
              fractions = plan.fractions }
  local budget = d.move
  local t = plan.turn or 0
  local limit = TURN_LIMIT[mode]
  if t ~= 0 and limit > 0 then p.turn = max(-limit, min(limit, half_turn_way(norm(t), f or 0))) end
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

local anchor_ids, anchor_dists = {}, {}
local function nearest_anchor(G, uid, hi_only, within)
  local n = units_within(G, uid, within, G.D[uid].side, anchor_ids, anchor_dists)
  for i = 1, n do
    local o = G.D[anchor_ids[i]]
    if not o.gone and not o.broken and (not hi_only or o.class == "HI") then return anchor_dists[i] end
  end
  return nil
end

-- READING: the distances hold for the army once it has moved; a unit may
-- run ahead of a friend that has still to move this phase by as much as
-- that friend can catch up (its move), so a line can advance unit by unit.
-- Returns that slack (mm): the longest move of such a friend, or 0.
local function cohesion_slack(G, uid, d, hi_only)
  local slack = 0
  for _, o_id in ipairs(G.sides[d.side].units) do
    local o = G.D[o_id]
    if o_id ~= uid and not o.gone and not o.broken and (not hi_only or o.class == "HI")
        and o.moved_turn ~= G.turn and o.move > slack then
      slack = o.move
    end
  end
  return slack
end

-- The nearest anchor's distance (nearest_anchor, any distance) from where
-- the move began, (x0, y0, f0); the unit is put back where it is being
-- tried. Called inside turn.move, while the event log is off.
local function anchor_from(G, uid, hi_only, x0, y0, f0)
  local bf = G.bf
  local x, y, f = bf:pos(uid)
  if x == x0 and y == y0 and f == f0 then return nearest_anchor(G, uid, hi_only, 1e9) end
  bf:place(uid, x0, y0, f0)
  local b = nearest_anchor(G, uid, hi_only, 1e9)
  bf:place(uid, x, y, f)
  return b
end

-- Whether the unit's base overlaps another on its layer by more than
-- lib.manoeuvre's tolerance: `#M.overlapping(G, uid) > 0`, the same test.
-- SPEED: asked of the core (bf:overlapping_unit: the units touching it, as
-- bf:within finds them, tested pair by pair by battlefield.overlapping_bases'
-- own test) instead of a query, bf:unit tables and five lists per pair in
-- Lua, for every place a move is tried. The Lua test it was stays as the
-- reference in tests/speed_test.lua.
local function overlaps_any(G, uid)
  return G.bf:overlapping_unit(uid, M.TOLERANCE) ~= nil
end

-- Carries out a plan from the unit's current place, in two parts: the turn
-- or wheel (exec_turn), then the advance (exec_advance). SPEED: the turn or
-- wheel is the same for every fraction of the advance that turn.move tries,
-- so it is made once and its end kept (the bases do not move in between).
local function enemy_of(G, d, r)
  local b = r.stopped_by
  if type(b) == "number" and G.D[b].side ~= d.side then return b end
  return nil
end

-- The turn or wheel. Returns the distance moved, the enemy stopped against
-- (or nil), whether it wheeled over a ** piece, and true when the move ends
-- there (an enemy met, impassable ground on the arc).
local function exec_turn(G, uid, d, plan, opts)
  local bf = G.bf
  local moved, crossed = 0, false
  if plan.turn and plan.turn ~= 0 then
    local r = bf:move(uid, "turn", plan.turn, opts)
    local e = enemy_of(G, d, r)
    if e then return moved, e, crossed, true end
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
        return moved, nil, crossed, true
      end
    end
    local e = enemy_of(G, d, r)
    if e then return moved, e, crossed, true end
  end
  return moved, nil, crossed, false
end

-- The advance, `frac` of the plan's, after the turn or wheel. Returns the
-- distance moved in all, the advance achieved, the enemy stopped against
-- (or nil) and whether the move crossed a ** piece.
-- Also whether the ground the advance swept held no impassable or **
-- piece at all (`p0`: the caller's kept probe of where the advance starts,
-- board.lua's sweep), and, when a friend or the table edge stopped it short
-- on a walk no terrain cut, where it stopped.
local function exec_advance(G, uid, d, plan, frac, opts, moved, crossed, p0)
  local adv = 0
  local a = (plan.advance or 0) * frac
  if a > 0 then
    local r = go(G, uid, "advance", a, nil, opts, p0)
    moved, adv = moved + r.distance, r.distance
    crossed = crossed or r.crossed_disorder == true
    local e = enemy_of(G, d, r)
    if e then return moved, adv, e, crossed, r.clear_ground, nil end
    local b = r.stopped_by
    local stop = nil
    if (type(b) == "number" or b == "edge") and not r.terrain_cut and r.distance < a then stop = r.distance end
    return moved, adv, nil, crossed, r.clear_ground, stop
  end
  return moved, adv, nil, crossed, nil, nil
end

-- SPEED: what does not change between the choices of one unit's move. The
-- commander tries each choice with turn.move from the same place, and the
-- engine may try several (turn.do_move's second choices); nothing else
-- moves or changes meanwhile. move_unit opens the context for its unit and
-- turn.do_move closes it before anything the move sets off (a contact, an
-- evasion, a test) can change the board. Kept in it: the cohesion slack
-- (friends still to move this phase) and the nearest anchor from where the
-- move began, which turn.move worked out again for every choice.
local function move_context(G, uid, x0, y0, f0)
  local ctx = G.move_ctx
  if ctx and ctx.uid == uid and ctx.x == x0 and ctx.y == y0 and ctx.f == f0 then return ctx end
  return nil
end

local function open_move_context(G, uid)
  local x, y, f = G.bf:pos(uid)
  G.move_ctx = { uid = uid, x = x, y = y, f = f, slack = {}, before = {} }
end

local function close_move_context(G)
  G.move_ctx = nil
end
turn.open_move_context, turn.close_move_context = open_move_context, close_move_context

-- Moves a unit by a plan within the rules: its allowance, contact limits,
-- impassable terrain and the cohesion distances (waived for a move into
-- contact with the enemy, and for `opts.free`: the uncontrolled advance).
-- A move that would break a rule is shortened until it does not.
-- Returns { moved = mm, contact = enemy id | nil, disordered = bool }.
function turn.move(G, uid, plan, opts)
  opts = opts or {}
  local bf, d = G.bf, G.D[uid]
  local x0, y0, f0 = bf:pos(uid)
  plan = clamp_plan(G, d, plan, opts.free, f0)
  local gap, hi_only = cohesion_rule(G, d)
  if opts.free then gap = nil end
  -- SPEED: the slack and the nearest anchor from where the move began are
  -- worked out when a cohesion check first needs them (most moves end well
  -- within reach of a friend and never do); neither depends on where the
  -- unit is being tried (the anchor is measured from the start)
  local before, slack = false, nil
  local ctx = move_context(G, uid, x0, y0, f0)
  local hk = hi_only and 1 or 0
  local pass = passes_through(G, d)
  local mopts = pass and { ignore_side = d.side } or nil
  -- trial positions stay out of the event log (turn.do_move logs where the
  -- unit ends)
  if G.log then bf:set_logging(false) end
  local attempt = plan
  local fractions = plan.fractions or FRACTIONS
  for _ = 1, 2 do
    -- the turn or wheel of this attempt, once: { moved, enemy, crossed,
    -- the move ends there, x, y, facing after it }
    local tw = nil
    local retry = false
    -- SPEED: where the first fraction's advance was stopped short by a
    -- friend or the table edge (nil: it was not). A longer fraction of the
    -- same advance from the same place meets the same base at the same
    -- point, ends there and fails the same checks: it is not tried again
    -- (a unit jammed against a friend tried all five fractions).
    local stopped_at = nil
    for n, frac in ipairs(fractions) do
      local a_f = (attempt.advance or 0) * frac
      if stopped_at and a_f > 0 and a_f >= stopped_at then goto next_fraction end
      -- every attempt starts from where the move began (the second pass,
      -- after a contact the rules forbid, too: a turn is not made twice)
      local x, y, f = bf:pos(uid)
      if not tw then
        if x ~= x0 or y ~= y0 or f ~= f0 then bf:place(uid, x0, y0, f0) end
        local m, e, c, stop = exec_turn(G, uid, d, attempt, mopts)
        local tx, ty, tf = bf:pos(uid)
        -- (tw[8]: the terrain probe of the footprint there, kept for every
        -- fraction's advance from it)
        tw = { m, e, c, stop, tx, ty, tf, {} }
      elseif x ~= tw[5] or y ~= tw[6] or f ~= tw[7] then
        bf:place(uid, tw[5], tw[6], tw[7])
      end
      local moved, adv, enemy, crossed = tw[1], 0, tw[2], tw[3]
      local bare, stop = nil, nil
      if not tw[4] then
        moved, adv, enemy, crossed, bare, stop = exec_advance(G, uid, d, attempt, frac, mopts, moved, crossed, tw[8])
      end
      attempt.careful = plan.careful
      local ok = true
      if enemy and not turn.may_contact(d, G.D[enemy]) then
        -- stop short of a contact the rules forbid: one step back, then retry
        bf:place(uid, x0, y0, f0)
        attempt = { turn = attempt.turn, wheel = attempt.wheel, advance = max(0, adv - G.S.cm(1)) }
        ok = nil
        retry = true
        break
      end
      -- SPEED: an advance over bare ground ends on none (board.lua's sweep)
      local imp, dis = false, false
      if not bare then imp, dis = terrain_under(G, uid) end
      local dis_here = dis
      if imp then ok = false end
      dis = dis or crossed
      -- a careful plan does not end in, or cross, disordering terrain unless
      -- it charges
      if ok and dis and attempt.careful and not enemy and d.formed and not d.disordered then ok = false end
      if ok and pass then
        local n = units_within(G, uid, 0, d.side, anchor_ids, anchor_dists)
        for i = 1, n do
          if not G.D[anchor_ids[i]].gone then ok = false; break end
        end
      end
      -- never end on another base (the engine's collisions stop a move at
      -- the first contact, but not against a base it already overlapped)
      if ok and overlaps_any(G, uid) then ok = false end
      if ok and gap and not enemy then
        if not slack then
          slack = ctx and ctx.slack[hk]
          if not slack then
            slack = cohesion_slack(G, uid, d, hi_only)
            if ctx then ctx.slack[hk] = slack end
          end
        end
        if not nearest_anchor(G, uid, hi_only, gap + slack) then
          if before == false then
            -- (no anchor at all is kept as false)
            local kept = ctx and ctx.before[hk]
            if kept ~= nil then
              before = kept or nil
            else
              before = anchor_from(G, uid, hi_only, x0, y0, f0)
              if ctx then ctx.before[hk] = before or false end
            end
          end
          local after = before and nearest_anchor(G, uid, hi_only, 1e9)
          if before and after and after > before + slack + 0.5 then ok = false end
        end
      end
      if ok then
        if G.log then bf:set_logging(true) end
        -- (the unit has not moved since terrain_under above)
        dis = dis_here or crossed
        local result = { moved = moved, contact = enemy, start = { x0, y0, f0 }, turned = attempt.turn }
        if dis and d.formed and not d.disordered and moved > 0 then result.disordered = true end
        return result
      end
      -- this fraction failed: remember where a friend or the edge stopped it
      if n == 1 and stop then stopped_at = stop end
      ::next_fraction::
    end
    -- SPEED: the same attempt again from the same place fails the same way;
    -- only a shortened attempt (a contact refused) is worth a second pass
    if not retry then break end
  end
  bf:place(uid, x0, y0, f0)
  if G.log then bf:set_logging(true) end
  return { moved = 0, start = { x0, y0, f0 } }
end

-- Where a move ended, told once: the event log, the referee, the account.
local function announce(G, uid, d, r)
  local bf = G.bf
  local x0, y0, f0 = r.start[1], r.start[2], r.start[3]
  local x, y, f = bf:pos(uid)
  if x == x0 and y == y0 and f == f0 then return end
  if G.log then bf:place(uid, x, y, f) end
  -- a move the rules force (opts.free: the uncontrolled advance, an IF
  -- pursuit) is no order of the commander's: its own kind for the referee
  M.record(G, uid, kind_of(G, uid, r.forced and "forced_move" or "move"))
  if G.log and (r.moved > 0 or r.turned) then
    log(G, "move", { unit = uid, x = x, y = y, facing = f, moved = r.moved, contact = r.contact })
  end
  if G.report and r.moved >= 10 then say(G, "  %s moves %.1f cm", label(d), r.moved / 10) end
end

-- Puts a unit back where it stood, out of the event log.
local function put_back(G, uid, x, y, f)
  if G.log then G.bf:set_logging(false) end
  G.bf:place(uid, x, y, f)
  if G.log then G.bf:set_logging(true) end
end

-- hook: one choice of a plan, moved. A commander may weigh a choice only
-- when it comes to be tried (`p.prepare(p)`) and hand back the move it
-- already tried from this very place (`p.reuse()`: the result, the unit put
-- where it ended; nil when that trial no longer holds) -- the Historicon
-- commander's trial moves (commander/intent.lua).
function turn.try_choice(G, uid, p, opts)
  if p.prepare then p.prepare(p) end
  local r = p.reuse and p.reuse(opts)
  if r then return r end
  return turn.move(G, uid, p, opts)
end

-- A unit's whole move in Phase 2 or 3, by plan; handles contact and the
-- disorder of formed troops entering ** terrain (and its test: trigger 3).
function turn.do_move(G, uid, plan, opts)
  local d = G.D[uid]
  local r = turn.try_choice(G, uid, plan, opts)
  -- A plan may carry further choices, each tried when the one before it
  -- moves nothing. Each replaces the one before (it starts where the move
  -- began: second choices are not added up); if none gets anywhere the
  -- first choice stands (a turn towards the enemy is worth keeping).
  local p, first = plan, nil
  while p.fallback and not r.contact and r.moved < 1 do
    if not first then first = { r, G.bf:pos(uid) } end
    p = p.fallback
    put_back(G, uid, r.start[1], r.start[2], r.start[3])
    r = turn.try_choice(G, uid, p, opts)
  end
  if first and not r.contact and r.moved < 1 then
    r = first[1]
    put_back(G, uid, first[2], first[3], first[4])
  end
  -- Less than a millimetre and a degree is standing still (a move blocked
  -- at once, a steer already on its heading): the unit stays where it stood
  -- and no move is declared for it.
  if not r.contact then
    local x, y, f = G.bf:pos(uid)
    local st = r.start
    if sqrt((x - st[1]) ^ 2 + (y - st[2]) ^ 2) < STILL_MM and abs(norm(f - st[3])) < STILL_DEG then
      if x ~= st[1] or y ~= st[2] or f ~= st[3] then put_back(G, uid, st[1], st[2], st[3]) end
      r.moved, r.turned = 0, nil
    end
  end
  r.forced = opts and opts.free or nil
  -- the unit's choices are made: what follows may change the board
  close_move_context(G)
  announce(G, uid, d, r)
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
  if G.own_move and G.own_move(G, uid) then return end -- hook: a module moved it or holds it (fantasy: flyers, stone)
  local plan, free = forced_plan(G, uid)
  open_move_context(G, uid)
  if not plan then
    plan = G.sides[d.side].commander.move(G, uid)
    if not plan then close_move_context(G); return end
    if plan.rally then close_move_context(G); d.rallying = true; return end
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
  local n = units_within(G, uid, G.S.rally_clear, 3 - G.D[uid].side, anchor_ids, anchor_dists)
  for i = 1, n do
    local e = G.D[anchor_ids[i]]
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
        if d.break_moves < 2 then turn.flee(G, uid, "break"); d.break_moves = 2
        else turn.flee(G, uid, "flight") end
        if not d.gone then rally(G, uid) end
      elseif not d.gone and d.rallying and not d.broken then
        rally(G, uid)
      end
    end
  end
end

return turn
