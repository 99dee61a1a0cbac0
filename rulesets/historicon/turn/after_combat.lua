-- Historicon v2 in play: after combat (Phase 6) and integrity tests in
-- play. Recoils (blocked: disordered), break-off, breaks and flight,
-- follow-ups and pursuit, the tests of the nine triggers and their results.
local turn = require("historicon.turn.board")
local H = turn.helpers
local tables, troops, shooting, melee, integrity, distances, victory, pool_mod = H.tables, H.troops, H.shooting, H.melee, H.integrity, H.distances, H.victory, H.pool_mod
local setup, account, angles, M, E, CONTACT, FRACTIONS, SHOOT_ARC = H.setup, H.account, H.angles, H.M, H.E, H.CONTACT, H.FRACTIONS, H.SHOOT_ARC
local PROBE_KEYS, say, log, norm, heading, label, side_name, gait = H.PROBE_KEYS, H.say, H.log, H.norm, H.heading, H.label, H.side_name, H.gait
local kind_of, note, note_contact, side_ids, contacts, in_contact, friend_near, terrain_under = H.kind_of, H.note, H.note_contact, H.side_ids, H.contacts, H.in_contact, H.friend_near, H.terrain_under
local hill_at, sweep, go, check_wheel, count_live_hi, passes_through, deduct, remove_unit = H.hill_at, H.sweep, H.go, H.check_wheel, H.count_live_hi, H.passes_through, H.deduct, H.remove_unit
local roll_mm, impassable, blocker_name, record_hits = H.roll_mm, H.impassable, H.blocker_name, H.record_hits
local abs, min, max, floor, sqrt = math.abs, math.min, math.max, math.floor, math.sqrt
local rad, deg, sin, cos = math.rad, math.deg, math.sin, math.cos

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
  local r = M.straight(G, uid, dir, dist, opts)
  -- READING: a router whose flight would end on its own troops carries on
  -- through them until clear, as far as the longest flight its dice allow
  -- (3d12: 36 cm for foot ...). READING (session nine): one whose own
  -- troops stand deeper than that is lost: it has nowhere to run. (Before,
  -- it stopped short of them and stood there, fought every turn by the
  -- enemies the rules make pursue, for 5-17 turns in most of the Mohi and
  -- Plataea battles that ran to the turn limit.) A flight that would end on
  -- an enemy still stops short of it.
  local hemmed = false
  local b = r.blocked_by
  if r.distance < dist - 0.5 and type(b) == "number" and G.D[b].side == d.side then
    local longest = distances.scale(E.max(distances.expression(kind, d)), G.S.scale) * 10
    -- how far along the flight the router's trailing side passes the far
    -- side of the friend in the way (projections on the direction of flight)
    local ux, uy = M.along(dir)
    local function along(x, y, f, w, dp)
      local a = rad(f)
      return x * ux + y * uy, abs(-sin(a) * ux + cos(a) * uy) * dp / 2 + abs(cos(a) * ux + sin(a) * uy) * w / 2
    end
    local me = bf:unit(uid)
    local c0, h0 = along(sx, sy, sf, me.width, me.depth)
    -- the least distance from `dist` on at which it stands on no friend:
    -- past the far side of every friend it would stand on, repeatedly
    local done, t = false, dist
    for _ = 1, 8 do
      if G.log then bf:set_logging(false) end
      bf:place(uid, sx + ux * t, sy + uy * t, sf)
      local on = M.overlapping(G, uid)
      bf:place(uid, sx, sy, sf)
      if G.log then bf:set_logging(true) end
      if #on == 0 then
        local r2 = M.straight(G, uid, dir, t, opts)
        if r2.distance >= t - 0.5 then r, done = r2, true end
        break
      end
      local nt = t
      for _, o in ipairs(on) do
        if G.D[o].side ~= d.side then nt = nil; break end
        local ox, oy, ofa = bf:pos(o)
        local ou = bf:unit(o)
        local co, ho = along(ox, oy, ofa, ou.width, ou.depth)
        nt = max(nt, co + ho - (c0 - h0) + 0.1)
      end
      if not nt or nt > longest + 1e-6 then hemmed = nt ~= nil; break end
      t = nt
    end
    if hemmed then
      if G.report then say(G, "    %s cannot get clear of its own troops within its longest flight and is lost", label(d)) end
      remove_unit(G, d, "hemmed in by its own troops")
      return
    end
    if not done then
      -- no room within the longest flight: it stops short of them
      bf:place(uid, sx, sy, sf)
      r = M.straight(G, uid, dir, dist, opts)
    end
  end
  if G.log then
    local nx, ny, nf = bf:pos(uid)
    log(G, "move", { unit = uid, x = nx, y = ny, facing = nf, moved = r.distance, flight = true })
  end
  local leaves = r.blocked_by == "edge" and r.distance < dist - 1
  if G.report then
    local how = ""
    if leaves then how = " and leaves the table"
    elseif r.distance < dist - 1 then
      how = string.format(" of the %.1f cm rolled: blocked by %s", dist / 10, blocker_name(G, r.blocked_by))
    elseif r.distance > dist + 1 then
      how = string.format(" (%.1f cm rolled, on through its own troops until clear of them)", dist / 10)
    end
    say(G, "    %s flees %.1f cm%s", label(d), (leaves and dist or r.distance) / 10, how)
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
        local r = M.follow_up(G, o, rec.distance, { heading = rec.heading, impassable = impassable(G),
                                                     kind = kind_of(G, o, "follow_up") })
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
  local r = M.pursue(G, o, dist, { impassable = impassable(G), kind = kind })
  local reached = r.contacted or (type(r.blocked_by) == "number" and r.blocked_by or nil)
  if reached and (G.D[reached].side == p.side or G.D[reached].gone) then reached = nil end
  if reached and not turn.may_contact(p, G.D[reached]) then
    bf:place(o, x1, y1, f1)
    r = M.pursue(G, o, max(0, r.distance - G.S.cm(1)), { impassable = impassable(G), kind = kind })
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

turn.flee = flee

return turn
