-- WRG Ancients 1973, one period of play (rulesets/wrg/turn.lua): helpers shared by the phases: distances, bearings, terrain, cover and flanks, turns in place, the referee record.
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
local obstacles = require("wrg.terrain.steep_hills_and_walls")
local battlefield = require("sandtable.battlefield")


local MM = tables.MM_PER_PACE
local function mm(p) return p * MM end

function turn.say(G, fmt, ...)
  if G.report then G.report(select("#", ...) > 0 and string.format(fmt, ...) or fmt) end
end
local say = turn.say

function turn.label(d) return d.name end

local function live(d) return d and not d.gone and not d.off_table end

-- Whether any unit (with `enemy`, of the other side) stands within `within`
-- mm of uid: the same answer as `#bf:query{ of = uid, within = within } > 0`
-- (both test edge distance <= within plus the core's contact tolerance,
-- 1e-6 mm), without building the list: bf:first_within stops at the first.
-- A unit's side on the table (the battle's record of it, else the engine's).
local function side_of(G, uid)
  local d = G.D[uid]
  return d and d.side or G.bf:unit(uid).side
end
function turn.any_within(G, uid, within, enemy)
  return G.bf:first_within(uid, within, enemy and 3 - side_of(G, uid) or 0) ~= nil
end

-- Bases overlapping by no more than this (mm) count as touching, not as
-- standing on one another: under the referee's 1 mm (lib.referee), over
-- lib.manoeuvre's 0.5 so that a base left touching another within rounding
-- is not taken to stand on it.
local SLACK = 0.9
local NONE = {}

-- Whether a base stands on nothing: no other base overlaps it by more than
-- SLACK, except those in `soft` (overlapped within rounding before it moved:
-- the engine's contacts leave up to about a millimetre), which may overlap
-- it up to DEEP (under the referee's 1 mm) but no deeper; units in `skip`
-- are not looked at.
local DEEP = 0.95
local SOFT = 0.5

-- The units on uid's layer whose bases overlap uid's by more than `slack`,
-- in id order (`skip` a set left out): lib.manoeuvre's test, shared by every
-- ruleset (it asks bf:within, not bf:query).
turn.overlapping = M.overlapping
local overlapping = turn.overlapping

local function stands_clear(G, uid, soft, skip)
  local over = overlapping(G, uid, SLACK, skip)
  if #over == 0 then return true end
  if not soft then return false end
  for _, o in ipairs(over) do if not soft[o] then return false end end
  return #overlapping(G, uid, DEEP, skip) == 0
end

-- The units a base overlaps within rounding (more than SOFT), as a set, or nil.
local function soft_set(G, uid)
  local s
  for _, o in ipairs(overlapping(G, uid, SOFT)) do s = s or {}; s[o] = true end
  return s
end

-- A turn in place (bf:move "turn") that never leaves the base standing on
-- another: the engine lets a base swing through those it already touches (or overlaps within rounding)
-- (and those in opts.ignore), so a turn that would end overlapping one is
-- cut back to the largest part of it that does not (halving the angle).
-- Returns the angle turned.
local terrain_factor
local function turn_in_place(G, uid, diff, opts)
  -- trial moves (turn.probe: the commander looking ahead) skip the overlap
  -- checks: the unit is put back, and the referee-off path stays cheap
  if (G.probing or 0) > 0 then G.bf:move(uid, "turn", diff, opts); return diff end
  local x, y, f = G.bf:pos(uid)
  if G.referee then
    -- the referee's allowance counts from the ground a move starts on,
    -- before a turn in place swings the base onto other ground
    local rf = G.ref_factor or {}
    G.ref_factor = rf
    local k = uid .. ":turned"
    local fac = terrain_factor(G, uid, G.D[uid])
    if not rf[k] or fac < rf[k] then rf[k] = fac end
  end
  -- the engine stops a turn at the first contact with a unit it does not
  -- already touch nor ignore: one touching nothing, ignoring nobody, needs
  -- no check
  local ignores = opts ~= nil and (opts.ignore_side ~= nil or (opts.ignore ~= nil and #opts.ignore > 0))
  if not ignores and not turn.any_within(G, uid, SLACK) then
    G.bf:move(uid, "turn", diff, opts)
    return diff
  end
  local soft = soft_set(G, uid)
  G.bf:move(uid, "turn", diff, opts)
  if stands_clear(G, uid, soft) then return diff end
  local lo, hi = 0, diff
  for _ = 1, 8 do
    local mid = (lo + hi) / 2
    G.bf:place(uid, x, y, f)
    G.bf:move(uid, "turn", mid, opts)
    if stands_clear(G, uid, soft) then lo = mid else hi = mid end
  end
  G.bf:place(uid, x, y, f)
  if math.abs(lo) >= 0.01 then G.bf:move(uid, "turn", lo, opts) end
  return lo
end
turn.turn_in_place = turn_in_place

-- Tells the referee (lib.manoeuvre) of a move of `kind`, and the terrain
-- multiplier f of the ground the move started on (the allowance of the kind
-- is the rules' distance divided by it: wrg.referee). Nothing while probing
-- or when no referee watches.
local function record(G, uid, kind, f)
  if not G.referee or (G.probing or 0) > 0 then return end
  M.record(G, uid, kind)
  local rf = G.ref_factor
  if not rf then rf = {}; G.ref_factor = rf end
  local k = uid .. ":" .. kind
  f = math.min(f or 1, rf[uid .. ":turned"] or f or 1)
  if not rf[k] or f < rf[k] then rf[k] = f end
end
turn.record = record
turn.live = live

local function norm(a)
  a = a % 360
  if a > 180 then a = a - 360 end
  return a
end

local function bearing(G, from, to)
  local x1, y1 = G.bf:pos(from)
  local x2, y2 = G.bf:pos(to)
  return math.deg(math.atan(-(x2 - x1), y2 - y1))
end

local function bearing_to_point(G, from, x2, y2)
  local x1, y1 = G.bf:pos(from)
  return math.deg(math.atan(-(x2 - x1), y2 - y1))
end

-- The units of `side` within `within` mm of uid (with `arc`, any part
-- within that many degrees of its front), nearest first (ties by id):
-- { {id=, distance=} }, the list bf:query{ of =, within =, enemy|friend =,
-- arc = } gives (its test allows the core's contact tolerance). bf:within
-- measures only units of that side (the query measures every unit near and
-- then sorts out the sides) and writes into reused lists.
local near_ids, near_dists = {}, {}
local function side_within(G, uid, within, side, arc)
  local n = G.bf:within(uid, within, side, near_ids, near_dists) -- the core adds its contact tolerance
  local out = {}
  for i = 1, n do
    local id = near_ids[i]
    if not arc or G.bf:in_arc(uid, id, arc) then out[#out + 1] = { id = id, distance = near_dists[i] } end
  end
  return out
end

-- bf:query{ of = uid, within = within, enemy|friend = true, arc = arc }'s
-- list (which: "enemy", "friend" or nil for any side), read as side_within.
function turn.near(G, uid, within, which, arc)
  local side = which == "enemy" and 3 - side_of(G, uid) or which == "friend" and side_of(G, uid) or 0
  return side_within(G, uid, within, side, arc)
end

-- Enemies of a unit within `paces`, nearest first: { {id, distance} }.
local function enemies_within(G, uid, paces, arc)
  local list = side_within(G, uid, mm(paces), 3 - side_of(G, uid), arc)
  -- optional rules that hide enemies (the weather module: fog, night, desert winds)
  if G.sight_filter then list = G.sight_filter(G, uid, list) end
  return list
end
local function friends_within(G, uid, paces)
  return side_within(G, uid, mm(paces), side_of(G, uid))
end

-- MOVING IN HOLLOW SQUARE: "Troops moving in hollow square do so at half
-- normal speed only."
local function normal_move(d) return d.square and d.moves[1] / 2 or d.moves[1] end
local function charge_move(d) return d.moves[2] or d.moves[1] end

-- "Squares have no flank or rear, but the troops comprising them may still
-- present an unshielded side while in movement": the edge of unit x that
-- unit y touches or faces, "front" for every face of a square; and whether
-- that edge is the unshielded right (a square's right face only when it
-- moved this period).
function turn.edge(G, x, y)
  local e = G.bf:contact(x, y)
  if G.D[x] and G.D[x].square then return "front", e end
  return e, e
end
-- (from turn.edge's two answers for x and y, when the caller has them:
-- bf:contact is asked once)
function turn.unshielded_given(G, x, e, raw)
  if G.D[x] and G.D[x].square then return raw == "right" and (G.D[x].moved or 0) > 0 end
  return e == "right"
end
function turn.unshielded_side(G, x, y)
  local e, raw = turn.edge(G, x, y)
  return turn.unshielded_given(G, x, e, raw)
end

-- DIFFICULT TERRAIN: the multiplier on distance for a unit standing in
-- difficult ground: woods and buildings ("among buildings and garden
-- enclosures") "twice the actual distance for infantry, four times ... for
-- cavalry ... impractical for vehicles" (models count four times here);
-- marsh likewise. Rivers: a stream (under 30 paces, the linear obstacle of
-- case 6) twice for infantry, four times for others; a wider river four times
-- for those who may cross it. Fords "count as no obstacle if less than 30
-- paces across, and as double distance for all troops if further"; bridges
-- none. "Movement on roads is always at the speeds for good terrain": a unit
-- whose centre is on a road or bridge moves at 1.
-- DIFFICULT TERRAIN: where a unit may not go at all: "impractical for
-- vehicles" (chariots) in woods, buildings and streams; "Elephants are
-- treated in the same way as cavalry in cases 2 [buildings] and 6 [linear
-- obstacles], and in the same way as vehicles in all other cases" (woods);
-- "Camels are treated in the same way as infantry in case 5 [soft sand],
-- and in the same way as vehicles in all other cases"; marsh is "only
-- practical for infantry". Man-handled engines "have the same limitations
-- as cavalry". Returns the terrain attributes the unit may not enter, or nil.
local KEYS_CAVALRY = { "marsh" }
local KEYS_ELEPHANT = { "marsh", "wood" }
local KEYS_VEHICLE = { "marsh", "wood", "building" }
local KEY1 = { marsh = { "marsh" }, wood = { "wood" }, building = { "building" },
               steep = { "steep" }, sand = { "sand" }, wall = { "wall" }, hedge = { "hedge" } }
local function base_keys(d)
  if troops.is_infantry(d) and not d.on_horse then return nil end
  if d.type == "CH" or d.camel then return KEYS_VEHICLE end
  if d.type == "EL" then return KEYS_ELEPHANT end
  return KEYS_CAVALRY
end
-- steep hills, sand, walls and hedges: wrg.terrain.steep_hills_and_walls
function turn.impassable_keys(d) return obstacles.with_keys(base_keys(d), d) end

local function piece_factor(d, t)
  local of = obstacles.factor(d, t)
  if of then return of end
  -- d.river_harder: crossings so many classes (30 paces of width each) harder (the weather module's rain)
  local width = (t.width or 0) + (d.river_harder or 0) * tables.difficult.river.width
  if t.type == "wood" or t.type == "marsh" or t.type == "building" then
    return troops.is_infantry(d) and 2 or 4
  elseif t.type == "river" then
    if width >= tables.difficult.river.width then return tables.difficult.river.multiplier end
    return troops.is_infantry(d) and 2 or 4
  elseif t.type == "ford" then
    return width >= tables.difficult.ford.free_below and tables.difficult.ford.deep or 1
  end
  return 1
end

terrain_factor = function(G, uid, d)
  if not G.has_terrain then return 1 end
  local f = 1
  local under = G.bf:terrain_under(uid)
  for _, t in ipairs(under) do
    if t.type == "road" or t.type == "bridge" then
      local x, y = G.bf:pos(uid)
      for _, c in ipairs(G.bf:terrain_at(x, y)) do
        if c.type == "road" or c.type == "bridge" then return 1 end
      end
    end
  end
  for _, t in ipairs(under) do
    if t.type == "river" or t.type == "ford" then t = G.terrain_attr[t.id] or t end
    f = math.max(f, piece_factor(d, t))
  end
  return f
end

-- Rivers "at least 30 paces wide can only be crossed by elephants, cavalry
-- or swimming light or light medium infantry ... Rivers twice this width can
-- only be crossed by light cavalry, and those three times the width cannot
-- be crossed at all." Vehicles and engines cross no river (streams are
-- "impractical for vehicles"), only at fords and bridges.
function turn.may_cross(d, width)
  if d.type == "CH" or d.type == "ENG" then return false end
  local w = tables.difficult.river.width
  width = width + (d.river_harder or 0) * w -- the weather module's rain: one class harder
  if width < w then return true end
  if width >= 3 * w then return false end
  if width >= 2 * w then return d.type == "LC" end
  return d.type == "EL" or troops.is_cavalry(d) or d.type == "LI" or d.type == "LMI"
end

-- DISORGANISATION 3: "Formation split by a gap at least 10 paces wide."
-- A unit is one block of figures on the table; reading: its line is split
-- where ground it may not stand on runs through it from front to rear — a
-- river it may not cross (turn.may_cross; fords and bridges are passable) —
-- leaving figures on both sides. The widest such run across the unit's
-- frontage, sampled each pace along its middle, in paces (0 if none).
-- Checked when the causes are counted at the start of each period and again
-- after movement (a unit that wheels or expands across a river bank).
function turn.split_gap(G, uid)
  if not G.has_river then return 0 end
  local d = G.D[uid]
  -- Only a river the unit may not cross can split it, and every point of its
  -- base lies in a feature its base touches (bf:terrain_under): a base that
  -- touches no such river needs no sampling (most bases, most periods).
  -- (bf:terrain_ids_under: the same features' ids, without a table each)
  local near_river = false
  for _, id in ipairs(G.bf:terrain_ids_under(uid)) do
    local attr = G.terrain_attr[id]
    if attr and attr.type == "river" and not turn.may_cross(d, attr.width) then near_river = true; break end
  end
  if not near_river then return 0 end
  local u = G.bf:unit(uid)
  local a = math.rad(u.facing)
  local ax, ay = math.cos(a), math.sin(a)        -- across the frontage
  local n = math.max(1, math.floor(u.width / MM + 0.5))
  local function blocked(x, y)
    local river, crossing = false, false
    for _, t in ipairs(G.bf:terrain_at(x, y)) do
      local attr = G.terrain_attr[t.id]
      if attr and attr.type == "river" and not turn.may_cross(d, attr.width) then river = true end
      if t.type == "ford" or t.type == "bridge" or (attr and attr.type ~= "river") then crossing = true end
    end
    return river and not crossing
  end
  local widest, run, seen_open = 0, 0, false
  for i = 0, n - 1 do
    local off = -u.width / 2 + (i + 0.5) * u.width / n
    if blocked(u.x + ax * off, u.y + ay * off) then
      if seen_open then run = run + 1 end
    else
      if run > 0 then widest = math.max(widest, run * u.width / n / MM) end
      run, seen_open = 0, true
    end
  end
  return widest
end

local function split(G, uid)
  return turn.split_gap(G, uid) >= tables.disorganisation.split_gap - 1e-6
end

local function check_split(G)
  if not G.has_river then return end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and not d.disorganised and split(G, uid) then
      d.disorganised = true
      say(G, "  %s: formation split by a gap of %.0f paces, disorganised.", d.name, turn.split_gap(G, uid))
    end
  end
end
turn.check_split = check_split

-- Partial cover (SHOOTING and HAND-TO-HAND tactical factors): a unit in a
-- wood or marsh (as before), or in a building ("behind partial cover such as
-- a wall"; in melee only the building counts).
local function in_cover(G, uid, melee_only)
  if not G.has_terrain then return false end
  for _, t in ipairs(G.bf:terrain_under(uid)) do
    if t.type == "building" or (not melee_only and (t.type == "wood" or t.type == "marsh")) then return true end
    if obstacles.partial_cover(G, uid, t, melee_only) then return true end
  end
  return false
end
turn.in_cover = in_cover

local function on_hill(G, uid)
  if not G.has_terrain then return false end
  for _, t in ipairs(G.bf:terrain_under(uid)) do if t.type == "hill" or obstacles.is_hill(t) then return true end end
  return false
end

-- A point in a unit's own frame (mm): across (+ towards its right flank)
-- and along (+ ahead).
local function local_xy(G, uid, x, y)
  local ux, uy, f = G.bf:pos(uid)
  local a = math.rad(f)
  local dx, dy = x - ux, y - uy
  return dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a)
end

local function clamp(v, lo, hi) if v < lo then return lo elseif v > hi then return hi end return v end

-- Gap (mm) between a round terrain piece and a unit's base, or one flank
-- edge of it ("left" | "right"); 0 or less when they overlap.
local function piece_gap(G, uid, p, flank)
  local width, depth = G.bf:footprint(uid)
  local px, py = local_xy(G, uid, p.x, p.y)
  local hw, hd = width / 2, depth / 2
  local cx = flank == "right" and hw or flank == "left" and -hw or clamp(px, -hw, hw)
  local cy = clamp(py, -hd, hd)
  return math.sqrt((px - cx) ^ 2 + (py - cy) ^ 2) - p.r
end

-- Which sides have troops in a terrain piece: friends_in, enemies_in (of side).
local function occupants(G, p, side)
  local fr, en = false, false
  for _, id in ipairs(G.all) do
    local o = G.D[id]
    if live(o) and not (fr and en) then
      for _, fid in ipairs(G.bf:terrain_ids_under(id)) do
        if fid == p.fid then
          if o.side == side then fr = true else en = true end
        end
      end
    end
  end
  return fr, en
end

local function in_piece(G, uid, p)
  for _, fid in ipairs(G.bf:terrain_ids_under(uid)) do if fid == p.fid then return true end end
  return false
end

-- THE REACTION TEST, cover: "Friendly cover: Known to be occupied by friendly
-- troops, or known to be free of enemy troops. Unfriendly cover: Known to be
-- occupied by enemy troops, or about which nothing is known." Every piece is
-- in view and there are no hidden troops on the table, so a wood is known:
-- friendly unless enemy stand in it, unfriendly when they do (both when both
-- sides are in it). "Troops behind cover": a unit in a wood.
-- Secure flank: "Friendly cover within 10 paces of the flank, or flank
-- resting on impassable obstacle, or a friendly unit in contact with the
-- flank, or within charge reach of it and not already engaged in
-- hand-to-hand combat" (the friend's own charge reach; friends routing do
-- not secure a flank). Returns friendly_cover, unfriendly_cover,
-- behind_cover, secure flanks (0..2).
function turn.cover_and_flanks(G, uid)
  local d = G.D[uid]
  local friendly, unfriendly, behind = false, false, false
  local secure = { left = false, right = false }
  if G.has_cover then
    for _, p in ipairs(G.pieces) do
      if setup.is_cover(p) and piece_gap(G, uid, p) <= mm(tables.cover_radius) then
        local fr, en = occupants(G, p, d.side)
        if fr or not en then friendly = true end
        if en then unfriendly = true end
        if not en then
          if in_piece(G, uid, p) then behind = true end
          for _, flank in ipairs({ "left", "right" }) do
            if not secure[flank] and piece_gap(G, uid, p, flank) <= mm(tables.secure_flank_cover) then secure[flank] = true end
          end
        end
      end
    end
  end
  if not (secure.left and secure.right) then
    for _, q in ipairs(friends_within(G, uid, tables.max_charge_move)) do
      local o = G.D[q.id]
      -- (the edge, the dear part, asked only of a friend near enough)
      if not o.routing and (q.distance < 0.5 or (not o.in_melee and o.moves[2] and q.distance <= mm(charge_move(o)))) then
        local edge = G.bf:contact(uid, q.id)
        if (edge == "left" or edge == "right") and not secure[edge] then secure[edge] = true end
      end
    end
  end
  return friendly, unfriendly, behind, (secure.left and 1 or 0) + (secure.right and 1 or 0)
end

local part = {}
function part.link()
end
P.MM = MM
P.mm = mm
P.say = say
P.live = live
P.SLACK = SLACK
P.DEEP = DEEP
P.SOFT = SOFT
P.stands_clear = stands_clear
P.soft_set = soft_set
P.NONE = NONE
P.terrain_factor = terrain_factor
P.turn_in_place = turn_in_place
P.record = record
P.norm = norm
P.bearing = bearing
P.bearing_to_point = bearing_to_point
P.enemies_within = enemies_within
P.friends_within = friends_within
P.normal_move = normal_move
P.charge_move = charge_move
P.KEYS_CAVALRY = KEYS_CAVALRY
P.KEYS_ELEPHANT = KEYS_ELEPHANT
P.KEYS_VEHICLE = KEYS_VEHICLE
P.KEY1 = KEY1
P.piece_factor = piece_factor
P.split = split
P.check_split = check_split
P.in_cover = in_cover
P.on_hill = on_hill
P.local_xy = local_xy
P.clamp = clamp
P.piece_gap = piece_gap
P.occupants = occupants
P.in_piece = in_piece
return part
