-- Historicon v2 in play: contact. Conforming to the edge struck, evasion of
-- unformed troops (Phases 2 and 3), what a contact does (on_contact).
local turn = require("historicon.turn.board")
local near_ties = require("historicon.turn.near_ties")
local H = turn.helpers
local tables, troops, shooting, melee, integrity, distances, victory, pool_mod = H.tables, H.troops, H.shooting, H.melee, H.integrity, H.distances, H.victory, H.pool_mod
local setup, account, angles, M, E, CONTACT, FRACTIONS, SHOOT_ARC = H.setup, H.account, H.angles, H.M, H.E, H.CONTACT, H.FRACTIONS, H.SHOOT_ARC
local PROBE_KEYS, say, log, norm, heading, label, side_name, gait = H.PROBE_KEYS, H.say, H.log, H.norm, H.heading, H.label, H.side_name, H.gait
local kind_of, note, note_contact, side_ids, contacts, in_contact, friend_near, terrain_under = H.kind_of, H.note, H.note_contact, H.side_ids, H.contacts, H.in_contact, H.friend_near, H.terrain_under
local hill_at, sweep, go, check_wheel, count_live_hi, passes_through, deduct, remove_unit = H.hill_at, H.sweep, H.go, H.check_wheel, H.count_live_hi, H.passes_through, H.deduct, H.remove_unit
local roll_mm, impassable, blocker_name, record_hits = H.roll_mm, H.impassable, H.blocker_name, H.record_hits
local abs, min, max, floor, sqrt = math.abs, math.min, math.max, math.floor, math.sqrt
local rad, deg, sin, cos = math.rad, math.deg, math.sin, math.cos

---------------------------------------------------------------------------
-- Contact: conforming, evasion, the contacted unit's test.

-- Whether a base at (x, y, f) of w x dp overlaps unit o's base by more than
-- 0.1 mm (touching is not overlapping): separating axes of two rectangles.
-- (Strict: a base placed overlapping another by a fraction of a millimetre
-- is one the engine's collisions no longer see, and a later move can drive
-- through it.)
-- SPEED: the four axes as plain numbers, not a table of tables per call;
-- the arithmetic is the same, term for term.
local function separates(r1x, r1y, f1x, f1y, r2x, r2y, f2x, f2y, hw1, hd1, hw2, hd2, dx, dy, ax, ay)
  local p1 = hw1 * abs(r1x * ax + r1y * ay) + hd1 * abs(f1x * ax + f1y * ay)
  local p2 = hw2 * abs(r2x * ax + r2y * ay) + hd2 * abs(f2x * ax + f2y * ay)
  return abs(dx * ax + dy * ay) >= p1 + p2
end

local function base_overlaps(G, x, y, f, w, dp, o)
  local od = G.D[o]
  local ox, oy, of = G.bf:pos(o)
  local hw1, hd1, hw2, hd2 = w / 2 - 0.05, dp / 2 - 0.05, od.w / 2 - 0.05, od.dp / 2 - 0.05
  local a1, a2 = rad(f), rad(of)
  local r1x, r1y, f1x, f1y = cos(a1), sin(a1), -sin(a1), cos(a1)
  local r2x, r2y, f2x, f2y = cos(a2), sin(a2), -sin(a2), cos(a2)
  local dx, dy = ox - x, oy - y
  if separates(r1x, r1y, f1x, f1y, r2x, r2y, f2x, f2y, hw1, hd1, hw2, hd2, dx, dy, r1x, r1y) then return false end
  if separates(r1x, r1y, f1x, f1y, r2x, r2y, f2x, f2y, hw1, hd1, hw2, hd2, dx, dy, f1x, f1y) then return false end
  if separates(r1x, r1y, f1x, f1y, r2x, r2y, f2x, f2y, hw1, hd1, hw2, hd2, dx, dy, r2x, r2y) then return false end
  if separates(r1x, r1y, f1x, f1y, r2x, r2y, f2x, f2y, hw1, hd1, hw2, hd2, dx, dy, f2x, f2y) then return false end
  return true
end

-- Whether a unit's base at (x, y, f) would overlap any unit but `except`
-- (or stand on impassable ground, or off the table).
local function spot_taken(G, uid, except, x, y, f)
  local d, bf = G.D[uid], G.bf
  local c = setup.corners(x, y, f, d.w, d.dp)
  local W, H = bf:size()
  -- wholly on the table, to the core's own tolerance (1e-6 mm), not half a
  -- millimetre: the core stops a later move at the table's edge only for a
  -- base wholly on it, and a line of horse archers lined up 0.4 mm over the
  -- edge followed a recoil 11 cm on over it (Mohi; contact_test)
  local e = 1e-6
  for i = 1, 7, 2 do
    if c[i] < -e or c[i] > W + e or c[i + 1] < -e or c[i + 1] > H + e then return true end
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
          -- declared apart from the move: the facing it takes is the
          -- contact's, not the commander's (lib.quality's swings)
          M.record(G, uid, kind_of(G, uid, "line_up"))
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
  -- READING: the charger's unused move is measured to a millionth of a
  -- millimetre: a pursuit stopped by the unit it reaches left 59.99999999999988
  -- mm of a 60 mm gap moving south and 60.0000000000001 moving north, and a
  -- thrown 1 cm then beat the unused move on one side of the table only
  -- (Mohi mirror seeds 10 and 25; tests/mirror_test.lua)
  unused = near_ties.round(unused)
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
    local r = M.evade(G, uid, { charger }, want, opts)
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

return turn
