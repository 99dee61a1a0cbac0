-- Historicon v2 in play: the shared state of the turn modules. Every
-- module of rulesets/historicon/turn/ adds its functions to the one `turn`
-- table this returns (historicon.turn loads them all); helpers the modules
-- share are in turn.helpers. See historicon/turn.lua for the map.

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
                 target_mounted = troops.is_mounted(t),
                 target_class = t.class, face = G.bf:contact(target, uid) }) -- for the absurd-act warnings
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

-- SPEED: the units of a side within a distance of `uid`, as bf:query finds
-- them, written into the caller's own tables by bf:within instead of a new
-- table for every unit found. Returns how many. `side` 0: any side. (Both
-- count a unit up to the core's contact tolerance, 1e-6 mm, past the
-- distance, and list distances equal but for rounding by id: otherwise side
-- 1 and side 2 broke the same tie differently. This ruleset settled such
-- ties itself until session eleven; docs/geometry.md.)
local function units_within(G, uid, within, side, ids, dists)
  return G.bf:within(uid, within, side, ids, dists)
end
turn.units_within = units_within

-- Live units of side s, in army order.
function turn.units(G, s)
  local out = {}
  for _, uid in ipairs(G.sides[s].units) do
    if not G.D[uid].gone then out[#out + 1] = uid end
  end
  return out
end

-- Enemies in contact with a unit (ids, nearest first).
-- (the enemy: every unit of the other side; Historicon has two)
local contact_ids, contact_dists = {}, {}
function turn.contacts(G, uid)
  local out = {}
  local n = units_within(G, uid, CONTACT, 3 - G.D[uid].side, contact_ids, contact_dists)
  for i = 1, n do
    local id = contact_ids[i]
    if not G.D[id].gone and not (G.apart and G.apart(G, uid, id)) then out[#out + 1] = id end -- hook: fantasy (flyers)
  end
  return out
end
local contacts = turn.contacts

local in_contact_ids, in_contact_dists = {}, {}
function turn.in_contact(G, uid)
  local n = units_within(G, uid, CONTACT, 3 - G.D[uid].side, in_contact_ids, in_contact_dists)
  for i = 1, n do
    local id = in_contact_ids[i]
    if not G.D[id].gone and not (G.apart and G.apart(G, uid, id)) then return true end -- hook: fantasy (flyers)
  end
  return false
end
local in_contact = turn.in_contact

-- Integrity modifier "No friendly unit within 30cm" (broken friends do not
-- count: READING).
local near_ids, near_dists = {}, {}
local function friend_near(G, uid)
  local n = units_within(G, uid, G.S.friend_near, G.D[uid].side, near_ids, near_dists)
  for i = 1, n do
    local o = G.D[near_ids[i]]
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
-- SPEED: one probe of the whole swept area first (a rectangle 1 mm larger
-- all round than every footprint on the way, when the path runs along the
-- facing: an advance). Overlap is exact geometry, so a footprint inside a
-- clear rectangle is clear: when nothing the probes could find is there, the
-- answer is known without stepping. The answer is the same either way.
-- A third result, true, says the swept rectangle holds no piece of either
-- kind at all: then no footprint on the way, its end included, touches one
-- (turn.move need not ask bf:terrain_under where the unit ends).
-- SPEED: the walk is the core's (bf:terrain_sweep: the same steps, the
-- same halvings, the same arithmetic in the same order); it was this
-- function in Lua, a probe call per step, asked for every fraction of
-- every move tried. The Lua walk is kept as the reference in
-- tests/speed_test.lua, which checks the two agree to the bit.
-- (`p0`: a table the caller keeps for one starting pose; kept for the
-- callers' sake, the core probes the start itself.)
local SWEEP_MARGIN = 1
local function sweep(G, d, x, y, f, ux, uy, dist, p0)
  local clear, crossed, bare = G.bf:terrain_sweep(x, y, f, d.w, d.dp, ux, uy, dist, "impassable", "disorders",
    SWEEP_MARGIN)
  return clear, crossed, bare or nil
end
turn.sweep = sweep

-- A straight move ("advance", dist or "slide", dx, dy) that stops short of
-- impassable terrain on its way. Returns the engine's result with
-- `crossed_disorder` (a ** piece entered or crossed) and stopped_by =
-- "terrain" when the terrain cut it short.
-- (`p0`: sweep's kept probe of the starting footprint, or nil; with it the
-- result says `clear_ground` = true when nothing of either kind lay near the
-- whole way.)
local function go(G, uid, how, a, b, opts, p0)
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
  local clear, crossed, bare = sweep(G, d, x, y, f, ux, uy, dist, p0)
  local r
  if how == "advance" then r = bf:move(uid, "advance", clear, opts)
  else r = bf:move(uid, "slide", ux * clear, uy * clear, opts) end
  if clear < dist - 1e-6 then
    if not r.stopped_by then r.stopped_by = "terrain" end
    r.terrain_cut = true -- (the walk was cut short, whatever stopped the unit)
  end
  if crossed and r.distance ~= dist then
    -- only what the unit actually passed over counts (SPEED: when it went
    -- the whole way, that is the walk just swept)
    crossed = select(2, sweep(G, d, x, y, f, ux, uy, r.distance, p0))
  end
  r.crossed_disorder = crossed
  -- the unit ended inside the swept rectangle, on no piece of either kind
  if bare and p0 then r.clear_ground = true end
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
  -- SPEED (as in sweep): nothing new to find when it started on both kinds
  -- of ground, or when a square about the pivot holding every pose (each
  -- corner stays within the base's diagonal of the pivot), 1 mm larger all
  -- round, touches none it did not start on
  if imp0 and dis0 then return false, false end
  local reach = 2 * (sqrt(d.w * d.w + d.dp * d.dp) + SWEEP_MARGIN)
  local imp_u, dis_u = bf:terrain_probe(px, py, 0, reach, reach, PROBE_KEYS)
  if not (imp_u and not imp0) and not (dis_u and not dis0) then return false, false end
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

-- What blocked a move, for the account.
local function blocker_name(G, b)
  if b == "edge" then return "the table edge" end
  if b == "terrain" then return "impassable terrain" end
  if type(b) == "number" then return label(G.D[b]) end
  return "nothing"
end

local function record_hits(G, shooter, target, hits)
  local t = G.D[target]
  t.hits = t.hits + hits
  t.recv = t.recv + hits
  t.new_hits = t.new_hits + hits
  G.D[shooter].inflicted = G.D[shooter].inflicted + hits
end


-- What the other turn modules take as locals.
local H = {}
turn.helpers = H
H.tables = tables
H.troops = troops
H.shooting = shooting
H.melee = melee
H.integrity = integrity
H.distances = distances
H.victory = victory
H.pool_mod = pool_mod
H.setup = setup
H.account = account
H.angles = angles
H.M = M
H.E = E
H.CONTACT = CONTACT
H.FRACTIONS = FRACTIONS
H.SHOOT_ARC = SHOOT_ARC
H.PROBE_KEYS = PROBE_KEYS
H.say = say
H.log = log
H.norm = norm
H.heading = heading
H.label = label
H.side_name = side_name
H.gait = gait
H.kind_of = kind_of
H.note = note
H.note_contact = note_contact
H.side_ids = side_ids
H.contacts = contacts
H.in_contact = in_contact
H.friend_near = friend_near
H.terrain_under = terrain_under
H.hill_at = hill_at
H.sweep = sweep
H.go = go
H.check_wheel = check_wheel
H.count_live_hi = count_live_hi
H.passes_through = passes_through
H.deduct = deduct
H.remove_unit = remove_unit
H.roll_mm = roll_mm
H.impassable = impassable
H.blocker_name = blocker_name
H.record_hits = record_hits
H.units_within = units_within

return turn
