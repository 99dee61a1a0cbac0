-- WRG Ancients 1973: one period of play, in the order the rules give.
--
--   1. Orders and charge declarations. Written orders are abstracted: each
--      unit holds the order its commander wrote at the start ("attack",
--      "skirmish" or "hold"); charges "must be declared before any movement
--      by either side takes place", with the reaction tests 2(ii) (attempting
--      to charge) and 2(iii) (being charged, when the chargers exceed normal
--      move distance); the charged choose countercharge, stand fast or evade.
--   2. Movement: "Both sides move simultaneously": evaders, then routers and
--      pursuers, then chargers, then all other moves, each group in unit order
--      (from the positions after the previous group).
--   3. Shooting: all shots adjudicated from the positions after movement and
--      applied together ("evaluated after all moving has been completed and
--      before hand-to-hand combat commences").
--   4. Hand-to-hand combat: every unit in contact strikes; casualties applied
--      together; then AFTER HAND-TO-HAND FIGHTING (push-backs, breaks, pursuit).
--   5. Reaction tests "at the end of a period", right to left.
--
-- G is the battle state (battle.lua): bf, dice, report, log, sides, D (unit
-- data by id), all (ids in order), turn.

local tables = require("wrg.tables")
local troops = require("wrg.troops")
local setup = require("wrg.setup")
local shooting = require("wrg.shooting")
local melee = require("wrg.melee")
local reaction = require("wrg.reaction")
local armies = require("wrg.armies")
local M = require("lib.manoeuvre")

local turn = {}

local MM = tables.MM_PER_PACE
local function mm(p) return p * MM end

function turn.say(G, fmt, ...)
  if G.report then G.report(select("#", ...) > 0 and string.format(fmt, ...) or fmt) end
end
local say = turn.say

function turn.label(d) return d.name end

local function live(d) return d and not d.gone and not d.off_table end

-- Bases overlapping by no more than this (mm) count as touching, not as
-- standing on one another: under the referee's 1 mm (lib.referee), over
-- lib.manoeuvre's 0.5 so that a base left touching another within rounding
-- is not taken to stand on it.
local SLACK = 0.9

-- A turn in place (bf:move "turn") that never leaves the base standing on
-- another: the engine lets a base swing through those it already touches
-- (and those in opts.ignore), so a turn that would end overlapping one is
-- cut back to the largest part of it that does not (halving the angle).
-- Returns the angle turned.
local terrain_factor
local function turn_in_place(G, uid, diff, opts)
  local x, y, f = G.bf:pos(uid)
  if G.referee and (G.probing or 0) == 0 then
    -- the referee's allowance counts from the ground a move starts on,
    -- before a turn in place swings the base onto other ground
    local rf = G.ref_factor or {}
    G.ref_factor = rf
    local k = uid .. ":turned"
    local fac = terrain_factor(G, uid, G.D[uid])
    if not rf[k] or fac < rf[k] then rf[k] = fac end
  end
  G.bf:move(uid, "turn", diff, opts)
  if #M.overlapping(G, uid, SLACK) == 0 then return diff end
  local lo, hi = 0, diff
  for _ = 1, 8 do
    local mid = (lo + hi) / 2
    G.bf:place(uid, x, y, f)
    G.bf:move(uid, "turn", mid, opts)
    if #M.overlapping(G, uid, SLACK) == 0 then lo = mid else hi = mid end
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
local files_in_contact_fn

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

-- Enemies of a unit within `paces`, nearest first: { {id, distance} }.
local function enemies_within(G, uid, paces, arc)
  return G.bf:query{ of = uid, within = mm(paces), enemy = true, arc = arc }
end
local function friends_within(G, uid, paces)
  return G.bf:query{ of = uid, within = mm(paces), friend = true }
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
function turn.unshielded_side(G, x, y)
  local e, raw = turn.edge(G, x, y)
  if G.D[x] and G.D[x].square then return raw == "right" and (G.D[x].moved or 0) > 0 end
  return e == "right"
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
local KEY1 = { marsh = { "marsh" }, wood = { "wood" }, building = { "building" } }
function turn.impassable_keys(d)
  if troops.is_infantry(d) and not d.on_horse then return nil end
  if d.type == "CH" or d.camel then return KEYS_VEHICLE end
  if d.type == "EL" then return KEYS_ELEPHANT end
  return KEYS_CAVALRY
end

local function piece_factor(d, t)
  if t.type == "wood" or t.type == "marsh" or t.type == "building" then
    return troops.is_infantry(d) and 2 or 4
  elseif t.type == "river" then
    if (t.width or 0) >= tables.difficult.river.width then return tables.difficult.river.multiplier end
    return troops.is_infantry(d) and 2 or 4
  elseif t.type == "ford" then
    return (t.width or 0) >= tables.difficult.ford.free_below and tables.difficult.ford.deep or 1
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
  end
  return false
end
turn.in_cover = in_cover

local function on_hill(G, uid)
  if not G.has_terrain then return false end
  for _, t in ipairs(G.bf:terrain_under(uid)) do if t.type == "hill" then return true end end
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
  local u = G.bf:unit(uid)
  local px, py = local_xy(G, uid, p.x, p.y)
  local hw, hd = u.width / 2, u.depth / 2
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
      for _, t in ipairs(G.bf:terrain_under(id)) do
        if t.id == p.fid then
          if o.side == side then fr = true else en = true end
        end
      end
    end
  end
  return fr, en
end

local function in_piece(G, uid, p)
  for _, t in ipairs(G.bf:terrain_under(uid)) do if t.id == p.fid then return true end end
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
      if not o.routing then
        local edge = G.bf:contact(uid, q.id)
        if (edge == "left" or edge == "right") and not secure[edge]
          and (q.distance < 0.5 or (not o.in_melee and o.moves[2] and q.distance <= mm(charge_move(o)))) then
          secure[edge] = true
        end
      end
    end
  end
  return friendly, unfriendly, behind, (secure.left and 1 or 0) + (secure.right and 1 or 0)
end

---------------------------------------------------------------------------
-- Casualties and figures

-- Adds men lost; removes whole figures (20 men, or 20 hits per model);
-- returns figures removed.
function turn.take_casualties(G, uid, men)
  local d = G.D[uid]
  if men <= 0 or d.gone then return 0 end
  d.carried = d.carried + men
  local per = tables.MEN_PER_FIGURE
  local lost = d.carried // per
  d.carried = d.carried % per
  if lost <= 0 then return 0 end
  lost = math.min(lost, d.figures)
  d.figures = d.figures - lost
  d.ranks = math.max(1, (d.figures + d.files - 1) // d.files)
  G.bf:set_strength(uid, math.max(d.figures, 0))
  if d.figures <= 0 then turn.remove(G, uid, "destroyed") end
  return lost
end

local function dice_of(G, d, purpose)
  return G.dice:roll(d.regular and tables.AVERAGE_DIE or tables.NORMAL_DIE, purpose)
end

function turn.remove(G, uid, why)
  local d = G.D[uid]
  if d.gone then return end
  if d.general and not d.general_lost then turn.general_lost(G, uid, why) end
  d.gone = why
  d.routing = false
  if not G.bf:unit(uid).removed then G.bf:remove(uid) end  -- away: already off
  G.removed[#G.removed + 1] = uid
  if G.log then G.bf:log("removed", { unit = uid, why = why }) end
  say(G, "  %s is %s.", d.name, why)
end

---------------------------------------------------------------------------
-- TROOPS LEAVING THE FIELD

-- "Troops who leave the table for any reason except rout will reappear at
-- the same point if at the beginning of any of the next three periods a 3 or
-- 4 is thrown, using a probability dice for regulars or a normal dice for
-- barbarians." (Retreating, breaking off or moving off the table; routers
-- and units leaving after 1(iii) do not return.) The unit is taken off the
-- table (bf:remove: no query finds it) and keeps its data; bf:bring_back
-- puts it back where it left.
function turn.leave_table(G, uid, why)
  local d = G.D[uid]
  if not live(d) then return end
  local x, y, f = G.bf:pos(uid)
  d.off_table = { x = x, y = y, facing = norm(f + 180), checks = 0 }
  d.in_melee, d.charging, d.pursuing, d.state, d.state_periods = false, false, nil, nil, 0
  G.bf:remove(uid)
  if G.log then G.bf:log("left_table", { unit = uid, why = why }) end
  say(G, "  %s has %s.", d.name, why)
  if d.general and not d.general_lost then turn.general_lost(G, uid, "off the field") end
end

-- At the beginning of a period: the dice for units off the table. "A score
-- of 4 indicates an immediate return. If the score is 3, throw the same dice
-- again, the score this time indicating the number of periods before the
-- force, now assumed to be visible in the distance, returns." After three
-- periods without a 3 or 4 the unit is gone for good.
function turn.returns(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local o = d.off_table
    if o and not d.gone then
      if not o.returns_at then
        o.checks = o.checks + 1
        local die = dice_of(G, d, "WRG troops leaving the field: return")
        if die == tables.leaving.immediate then o.returns_at = G.turn
        elseif die == tables.leaving.delayed then
          local n = dice_of(G, d, "WRG troops leaving the field: periods before return")
          o.returns_at = G.turn + n
          say(G, "  %s, off the table, throws 3 then %d: it returns in %d periods.", d.name, n, n)
        else
          say(G, "  %s, off the table, throws %d.", d.name, die)
          if o.checks >= tables.leaving.periods then
            d.off_table = nil
            turn.remove(G, uid, "gone from the field")
          end
        end
      end
      local blocked = false
      if d.off_table and o.returns_at == G.turn then
        G.bf:bring_back(uid, o.x, o.y, o.facing)
        if #M.overlapping(G, uid, SLACK) > 0 then
          -- "reappear at the same point": while other troops stand there it
          -- waits, in sight in the distance, and comes on when it is clear
          G.bf:remove(uid)
          o.returns_at = G.turn + 1
          blocked = true
        end
      end
      if not blocked and d.off_table and o.returns_at == G.turn then
        d.off_table = nil
        d.order, d.disorganised = d.order or "attack", false
        record(G, uid, "return")
        if G.log then G.bf:log("returned", { unit = uid }) end
        say(G, "  %s returns to the field.", d.name)
        -- 2(vii): "a fresh enemy force of at least 50 figures appears on the
        -- battlefield at least 5 periods after the start of the battle".
        G.arrivals[d.side] = (G.arrivals[d.side] or 0) + d.figures
      end
    end
  end
end

---------------------------------------------------------------------------
-- RISK TO THE GENERAL

-- A General is lost (killed, wounded, captured, or routed off the field with
-- his unit): his influence ends, the place is remembered for the -2 factor
-- ("within 250 paces") and the units of his side within 150 paces test
-- (2(viii)) at the end of the period.
function turn.general_lost(G, uid, how)
  local d = G.D[uid]
  if not d.general or d.general_lost then return end
  d.general_lost = how
  local side = G.sides[d.side]
  local x, y = G.bf:pos(uid)
  side.generals_lost = side.generals_lost or {}
  side.generals_lost[#side.generals_lost + 1] = { x = x, y = y, unit = uid }
  if side.general == uid then side.general = nil end
  G.general_losses[#G.general_losses + 1] = { side = d.side, x = x, y = y, unit = uid }
  if G.log then G.bf:log("general_lost", { unit = uid, how = how }) end
  say(G, "  The General with %s is %s.", d.name, how)
end

-- "A figure representing a General and his 19 inner bodyguards must take a
-- proportionate share of casualties from hand-to-hand fighting or missiles.
-- Divide the total casualties from hand-to-hand combat by the number of
-- figures fighting in the front rank, missile casualties by the total number
-- of figures under fire. Debit this share from the General figure. Multiply
-- the number of casualties on the figure that period by the score of one
-- dice of appropriate type. If the result exceeds the number of men
-- remaining in the figure at the start of the period, the general is wounded
-- and must be escorted from the field by his men ... If the figure loses all
-- its men, the general is dead." The share is rounded to the nearest man; a
-- wounded General's figure leaves the unit with him.
function turn.risk_to_general(G, uid)
  local d = G.D[uid]
  if not d.general or d.general_lost or not live(d) then return end
  local share = 0
  if (d.received or 0) > 0 then share = share + d.received / math.max(1, d.front_fighting or d.files) end
  if (d.missile or 0) > 0 then share = share + d.missile / math.max(1, d.under_fire or d.figures) end
  local men = math.floor(share + 0.5)
  if men <= 0 then return end
  d.general_men = d.general_men or tables.MEN_PER_FIGURE
  local start = d.general_men
  d.general_men = math.max(0, start - men)
  local die = dice_of(G, d, "WRG risk to the General")
  say(G, "  The General's figure with %s loses %d men (%d left), die %d: %d against %d.", d.name, men, d.general_men,
    die, men * die, start)
  if d.general_men <= 0 then turn.general_lost(G, uid, "dead")
  elseif men * die > start then
    turn.general_lost(G, uid, "wounded and escorted from the field")
    d.figures = d.figures - 1
    d.ranks = math.max(1, (d.figures + d.files - 1) // d.files)
    G.bf:set_strength(uid, math.max(d.figures, 0))
    if d.figures <= 0 then turn.remove(G, uid, "gone with its General") end
  end
end

---------------------------------------------------------------------------
-- Reaction tests

-- The situation of a unit for a reaction test, worked out from the table.
function turn.situation(G, uid, extra)
  local d = G.D[uid]
  local s = { chart = d.order and 1 or 2 }
  local friends, enemies, e_rout, f_rout = 0, 0, 0, 0
  for _, q in ipairs(G.bf:query{ of = uid, within = mm(tables.reaction_radius) }) do
    local o = G.D[q.id]
    if o.side == d.side then
      if o.routing then f_rout = f_rout + 1
      else
        friends = friends + 1
        if o.advancing then s.friends_advancing = true end
        if o.charging then s.friends_charging = true end
        if o.retiring then s.friends_retiring = true end
      end
    else
      if o.routing then e_rout = e_rout + 1
      else
        -- "Enemy Unit facing: Testers are not entirely behind its flank."
        if G.bf:in_arc(q.id, uid, 90) then enemies = enemies + 1 end
        if troops.is_cavalry(o) then s.enemy_cavalry = true end
        if o.advancing then s.enemy_advancing = true end
        if o.retiring then s.enemy_retiring = true end
        if o.type == "EL" or o.type == "CH" then s.elephants_chariots = true end
        if o.huns then s.huns = true end
        local edge = turn.edge(G, q.id, uid)
        if edge ~= "front" and not o.in_melee then s.enemy_flank_presented = true end
      end
    end
  end
  s.friendly_units, s.enemy_units, s.enemy_routing, s.friends_routing = friends, enemies, e_rout, f_rout
  -- enemy behind flank or in rear and within its charge reach
  for _, q in ipairs(G.bf:query{ of = uid, within = mm(240), enemy = true }) do
    local o = G.D[q.id]
    if not o.routing and q.distance <= mm(charge_move(o)) then
      local edge = turn.edge(G, uid, q.id)
      if edge == "rear" then s.enemy_in_rear = true elseif edge == "left" or edge == "right" then s.enemy_behind_flank = true end
    end
  end
  -- Support to rear: a friend within normal move behind, neither
  -- disorganised nor engaged.
  for _, q in ipairs(friends_within(G, uid, normal_move(d))) do
    local o = G.D[q.id]
    if not o.routing and not o.disorganised and not o.in_melee and G.bf:contact(uid, q.id) == "rear" then
      s.support_to_rear = true
      break
    end
  end
  -- The General: with the unit (+3) or within 150 paces (+1).
  local gen = G.sides[d.side].general
  if gen and live(G.D[gen]) and not G.D[gen].routing then
    if gen == uid then s.general_with_unit = true
    elseif G.bf:distance(uid, gen) <= mm(150) then s.general_near = true end
  end
  for _, g in ipairs(G.sides[d.side].generals_lost or {}) do
    local ux, uy = G.bf:pos(uid)
    if g.unit == uid or math.sqrt((ux - g.x) ^ 2 + (uy - g.y) ^ 2) <= mm(250) then s.general_lost = true end
  end
  if on_hill(G, uid) then
    for _, q in ipairs(enemies_within(G, uid, 150)) do
      if not on_hill(G, q.id) then s.uphill_of_enemy = true; break end
    end
  elseif G.has_terrain then
    -- "any enemy uphill within 150 paces" (-1)
    for _, q in ipairs(enemies_within(G, uid, 150)) do
      if on_hill(G, q.id) then s.enemy_uphill = true; break end
    end
  end
  -- "being shot at by engines and not having moved 40 paces during the period"
  if d.shot_by_engines and (d.moved or 0) < 40 then s.shot_by_engines = true end
  -- "horsed troops disorganised by elephants or camels" (-2): DISORGANISATION 7
  if d.scared_by_elephants and d.disorganised then s.horses_scared = true end
  local fc, uc, behind, secure = turn.cover_and_flanks(G, uid)
  s.friendly_cover, s.unfriendly_cover, s.cover_square_defences = fc or nil, uc or nil, behind or nil
  -- "Troops behind cover, forming hollow square or behind field defences" +2
  if d.square or d.squaring then s.cover_square_defences = true end
  s.secure_flanks = secure
  if d.shot_by and d.shot_by * 2 >= d.figures then s.shot_by_half = true end
  s.retiring = d.retiring
  if d.fanatic then
    for _, q in ipairs(enemies_within(G, uid, charge_move(d))) do
      if not d.in_melee then s.fanatics_in_reach = true end
      local _ = q
      break
    end
  end
  for k, v in pairs(extra or {}) do s[k] = v end
  if G.reaction_bonus then s.bonus = G.reaction_bonus(G, uid) end
  return s
end

-- 1(iii): "When a unit or sub-unit falls below half strength in figures -
-- IMMEDIATELY THIS HAPPENS ... The test is repeated each time the unit or
-- sub-unit loses an additional figure." Taken as casualties are applied
-- (after the shooting, after the blows of hand-to-hand combat, before AFTER
-- HAND-TO-HAND FIGHTING decides push-backs and breaks): taken at the end of
-- the period it never fired, the melee having broken every such unit first.
-- "A unit getting worse than "Halt" will continue off the field and will
-- not return."
function turn.half_strength(G, uid)
  local d = G.D[uid]
  if not live(d) or d.routing then return end
  if d.figures * 2 < d.original and d.figures < (d.half_tested_at or math.huge) then
    d.half_tested_at = d.figures
    local out = turn.test(G, uid, "below half strength")
    if out.rank < 3 then
      d.leaving = true
      turn.rout(G, uid, nil)
    else
      turn.obey(G, uid, out, true)
    end
  end
end

-- Takes a test, records it, and returns the outcome.
function turn.test(G, uid, why, extra)
  local d = G.D[uid]
  local s = turn.situation(G, uid, extra)
  if G.report or G.log then s.purpose = "WRG reaction test, " .. d.name .. " (" .. why .. ")" end
  local out = reaction.test(d, s, G.dice, G.report ~= nil)
  if G.log then
    G.bf:log("reaction", { unit = uid, why = why, chart = out.chart, score = out.score, natural = out.natural,
                           dice = out.dice, result = out.result })
  end
  if G.report then
    local parts = {}
    for _, t in ipairs(out.terms or {}) do parts[#parts + 1] = string.format("%+d %s", t.after - t.before, t.id) end
    say(G, "  reaction test of %s (%s): %d dice %s = %d, factors %s -> %d: %s", d.name, why, out.dice,
      table.concat(out.rolls, "+"), out.natural, #parts > 0 and table.concat(parts, ", ") or "none", out.score,
      tables.reaction_results[out.result].text)
  end
  return out
end

-- Carries out a reaction result that is not "carry on".
function turn.apply_result(G, uid, out, under_threat)
  local d = G.D[uid]
  local r = out.result
  if r == "break" then
    if under_threat or d.in_melee then turn.rout(G, uid, nil)
    else d.state, d.state_periods = "retreat", 3; d.order = nil end
  elseif r == "halt_or_retire" and d.pursuing then
    -- chart 2: "IF PURSUING HALT - DISORGANISED - 1 PERIOD"
    d.pursuing, d.pursue_periods = nil, 0
    d.state, d.state_periods = "halt", 1
    d.disorganised = true
  elseif r == "retire" or r == "halt_or_retire" then
    -- chart 2: "IF ALREADY HALTED - RETIRE FOR 2 PERIODS" (a unit not
    -- pursuing is taken as halted)
    d.state, d.state_periods = "retire", 2
    d.disorganised = true
  elseif r == "halt" then
    d.state, d.state_periods = "halt", 2
  elseif r == "move_to_friends" then
    d.state, d.state_periods = "retire", 2
  elseif r == "move_to_enemy" then
    d.state, d.state_periods = "advance", 2
  elseif r == "uncontrolled_advance" then
    d.state, d.state_periods, d.ua_period = "uncontrolled", 2, 0
    d.order = nil
  end
end

-- A compulsory test's instruction is followed whatever it is: halt and
-- uncontrolled advance as much as break or retire (the battle used to act
-- only on results worse than "Halt"). "Carry on" and "Act as C in C would
-- wish" leave the unit to its order and its commander.
function turn.obey(G, uid, out, under_threat)
  if out.result == "carry_on" or out.result == "act_as_c_in_c" then return end
  turn.apply_result(G, uid, out, under_threat)
end

-- "Each unit not already following a reaction instruction must test."
local function free_to_test(d)
  return d.state == nil or d.state == "rally_back"
end

-- 2(v) "When troops with orders to hold their present position have thrown
-- back an attack, they must test to see if they pursue in spite of their
-- orders. Results worse than "Halt two periods" are ignored." PURSUERS:
-- "they ... will only pursue if this results in "uncontrolled advance", or
-- if it results in "act as general wishes", and the general does so wish"
-- (the commander's hold_pursuit; the default commander keeps its order).
function turn.hold_pursuit(G, uid, quarry)
  local d = G.D[uid]
  local out = turn.test(G, uid, "holding troops: pursue?")
  local cmd = G.sides[d.side].commander
  if out.result == "uncontrolled_advance"
    or (out.result == "act_as_c_in_c" and cmd.hold_pursuit and cmd.hold_pursuit(G, uid, quarry)) then
    d.pursuing, d.pursue_periods = quarry, 0
    say(G, "  %s pursues in spite of its orders.", d.name)
  elseif out.result == "halt" then
    d.state, d.state_periods = "halt", 2
  end
end

---------------------------------------------------------------------------
-- Rout

-- BROKEN TROOPS: the unit turns its back and runs; its opponents pursue.
function turn.rout(G, uid, from)
  local d = G.D[uid]
  if d.routing or d.gone then return end
  d.routing, d.has_routed, d.rout_periods = true, true, 0
  d.order, d.state, d.state_periods = nil, nil, 0
  -- a broken square runs as a mob: its base goes back to its line
  d.squaring, d.square_banked = nil, nil
  if d.square then d.square = false; turn.set_files(G, uid, d.square_files or d.files) end
  -- "These will run with their backs to the enemy": a broken unit is out of
  -- the melee at once, so that it runs in the next movement phase (it was
  -- left "in melee" and stood a period in contact being cut down).
  d.in_melee, d.melee_periods, d.charging, d.countercharging, d.pursuing = false, 0, false, false, nil
  d.disorganised = true
  d.push_backs = 0
  G.broke_this_period[#G.broke_this_period + 1] = uid
  -- "During the first period of rout, they move directly away from the
  -- enemy threatening them."
  local threat = from
  if not threat then
    local e = enemies_within(G, uid, 600)
    threat = e[1] and e[1].id
  end
  if threat then
    local away = norm(bearing(G, threat, uid))
    local _, _, f = G.bf:pos(uid)
    turn_in_place(G, uid, norm(away - f))
  end
  if G.log then G.bf:log("rout", { unit = uid }) end
  say(G, "  %s BREAKS and routs.", d.name)
  -- "If a general is involved in the rout, he has no influence"
  if G.sides[d.side].general == uid then G.sides[d.side].general_routing = true end
end

---------------------------------------------------------------------------
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
local function ends_on_friends(G, uid, side)
  local out
  for _, o in ipairs(M.overlapping(G, uid, SLACK)) do
    if G.D[o] and G.D[o].side == side then out = out or {}; out[#out + 1] = o end
  end
  return out
end

-- The engine lets a base slide through one it already touches: a straight
-- move from (x0, y0) that ends on another base is cut back to the last place
-- on its path where it stands on nothing (5 mm steps, then halving).
-- Returns the fraction of the move kept and the unit it ended on, or nil
-- when it ended clear.
local function cut_back(G, uid, x0, y0)
  local on = M.overlapping(G, uid, SLACK)
  if #on == 0 then return nil end
  local x1, y1, f1 = G.bf:pos(uid)
  local len = math.sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2)
  local function clear_at(t)
    G.bf:place(uid, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, f1)
    return #M.overlapping(G, uid, SLACK) == 0
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
  local x0, y0, fa = G.bf:pos(uid)
  -- units it stands on as it sets off (a router or a unit breaking off that
  -- turned about in its place, its corners swinging into those it touched):
  -- it must get clear of them on this move
  local start_on = M.overlapping(G, uid, SLACK)
  local stop, moved, hindered, f0 = advance_on(G, uid, paces, opts)
  if opts and opts.ignore_side and moved > 0 then
    local side = opts.ignore_side
    local stopped_by = {}
    for _ = 1, 4 do
      local on = ends_on_friends(G, uid, side)
      if not on or #start_on > 0 then break end
      for _, o in ipairs(on) do stopped_by[o] = true end
      local ignore = {}
      for _, e in ipairs(opts.ignore or {}) do ignore[#ignore + 1] = e end
      for _, fid in ipairs(G.all) do
        local fd = G.D[fid]
        if fid ~= uid and fd.side == side and not stopped_by[fid] and live(fd) then ignore[#ignore + 1] = fid end
      end
      G.bf:place(uid, x0, y0, fa)
      stop, moved, hindered, f0 = advance_on(G, uid, paces, { ignore = ignore })
    end
  end
  if #start_on > 0 or (opts and opts.ignore_side) then
    local on = M.overlapping(G, uid, SLACK)
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
        on = M.overlapping(G, uid, SLACK)
        if stop then break end
      end
    end
  end
  if #start_on == 0 then
    local lo, on = cut_back(G, uid, x0, y0)
    if lo then moved, stop = moved * lo, on end
  end
  if kind then record(G, uid, kind, math.min(f0, f_before or f0)) end
  if stop == "river" or stop == "terrain" or (hindered and moved > 0) then turn.obstructed(G, uid) end
  return stop, moved
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
  if keys then
    local u = G.bf:unit(uid)
    local use
    for _, k in ipairs(keys) do
      if not G.bf:terrain_probe(u.x, u.y, u.facing, u.width, u.depth, KEY1[k]) then use = use or {}; use[#use + 1] = k end
    end
    if use then
      local a = math.rad(u.facing)
      local sx, sy = -math.sin(a), math.cos(a)
      local n = math.ceil(dist / 40)
      for i = 1, n do
        local at = math.min(dist, i * 40)
        local hit = false
        for _, k in ipairs(use) do
          if G.bf:terrain_probe(u.x + sx * at, u.y + sy * at, u.facing, u.width, u.depth, KEY1[k]) then hit = true; break end
        end
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
    local u = G.bf:unit(uid)
    -- the first river along the path (terrain_clear_advance looks at the end
    -- of a move: a long move could jump a river), in steps of 20 mm
    local clear = dist
    local a = math.rad(u.facing)
    local sx, sy = -math.sin(a), math.cos(a)
    local step = 20
    local n = math.ceil(dist / step)
    for i = 1, n do
      local at = math.min(dist, i * step)
      if G.bf:terrain_probe(u.x + sx * at, u.y + sy * at, u.facing, u.width, u.depth, RIVER_KEY) then
        clear = G.bf:terrain_clear_advance(u.x, u.y, u.facing, u.width, u.depth, at, "river")
        break
      end
    end
    local under_river = false
    for _, t in ipairs(G.bf:terrain_under(uid)) do if t.type == "river" then under_river = true end end
    if clear < dist - 0.5 and not under_river then
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
  local x0, y0, f = G.bf:pos(uid)
  local a = math.rad(f)
  local dx, dy = math.sin(a) * mm(paces), -math.cos(a) * mm(paces)
  local touching = #M.overlapping(G, uid, SLACK) > 0
  local r = G.bf:move(uid, "slide", dx, dy)
  local moved = r.distance / MM
  if not touching then
    local lo = cut_back(G, uid, x0, y0)
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
  local tu, cu = G.bf:unit(target), G.bf:unit(charger)
  local out_angle = ({ front = 0, rear = 180, left = 90, right = -90 })[edge] or 0
  local a = math.rad(tf + out_angle)
  local ox, oy = -math.sin(a), math.cos(a)               -- outward normal of the struck edge
  local lx, ly = math.cos(a), math.sin(a)                -- along the edge
  local half_edge = (edge == "front" or edge == "rear") and tu.depth / 2 or tu.width / 2
  local edge_len = (edge == "front" or edge == "rear") and tu.width or tu.depth
  local lateral = (cx - tx) * lx + (cy - ty) * ly
  local limit = math.max(0, (edge_len + cu.width) / 2 - math.min(edge_len, cu.width) / 2)
  if lateral > limit then lateral = limit elseif lateral < -limit then lateral = -limit end
  local dist = half_edge + cu.depth / 2
  local nx, ny = tx + ox * dist + lx * lateral, ty + oy * dist + ly * lateral
  G.bf:place(charger, nx, ny, norm(tf + out_angle + 180))
  -- lined up only where it overlaps nothing, and (lib.manoeuvre's line-up
  -- rule) no further from where the move began than its allowance; else it
  -- stays where it made contact
  if #M.overlapping(G, charger, SLACK) > 0 or not M.on_table(G, charger)
      or (x0 and math.sqrt((nx - x0) ^ 2 + (ny - y0) ^ 2) > allowance) then
    G.bf:place(charger, px, py, pf)
  end
  return edge
end

---------------------------------------------------------------------------
-- 1. Declarations

local function in_reach(G, uid, target)
  local d = G.D[uid]
  return G.bf:distance(uid, target) <= mm(charge_move(d)) and G.bf:in_arc(uid, target, 45)
end

local function declare(G)
  G.charges = {}
  local charged = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    d.charging, d.evading, d.countercharging, d.breaking_off = false, false, false, false
    -- AFTER HAND-TO-HAND FIGHTING: "troops engaged in hand-to-hand fighting
    -- can break off voluntarily and retire ... Such breaking off must be
    -- justified by orders or standing orders": skirmishers (their order is
    -- to avoid contact) and units under a retire or retreat instruction.
    if live(d) and d.in_melee and not d.routing and turn.may_break_off(d) then
      local cmd = G.sides[d.side].commander
      if cmd.break_off == nil or cmd.break_off(G, uid) then d.breaking_off = true end
    end
    if live(d) and not d.routing and not d.in_melee and d.moves[2] and not d.reorganising
      and not d.pursuing and not d.leaving and not d.square and d.squaring == nil and d.mounting == nil
      and (d.state == nil or d.state == "uncontrolled" or d.state == "advance") then
      local cmd = G.sides[d.side].commander
      local target = cmd.charge_target(G, uid)
      if d.state == "uncontrolled" then
        local e = enemies_within(G, uid, charge_move(d), 60)
        target = e[1] and e[1].id or nil
      end
      if target and in_reach(G, uid, target) then
        local go = true
        -- 2(ii): "When troops who are neither fanatics or in uncontrolled
        -- advance attempt to charge - BEFORE THE CHARGE STARTS."
        if not d.fanatic and d.state ~= "uncontrolled" then
          local t = G.D[target]
          local out = turn.test(G, uid, "attempting to charge", {
            fanatics_charge = t.fanatic or nil,
            li_vs_heavier = (d.type == "LI" and troops.heavier_or_mounted(t)) or nil,
          })
          if out.rank < 4 then
            go = false
            turn.apply_result(G, uid, out, false)
          end
        end
        if go then
          d.charging = true
          G.charges[#G.charges + 1] = { charger = uid, target = target }
          charged[target] = charged[target] or {}
          table.insert(charged[target], uid)
          if G.log then G.bf:log("charge", { unit = uid, target = target }) end
          say(G, "  %s charges %s.", d.name, G.D[target].name)
        end
      end
    end
  end
  -- The charged: 2(iii) "When being charged - WHEN AND IF THE CHARGERS
  -- EXCEED NORMAL MOVE DISTANCE", then countercharge, stand fast or evade.
  for _, tid in ipairs(G.all) do
    local list = charged[tid]
    local t = G.D[tid]
    if list and live(t) and not t.routing then
      local far = false
      for _, c in ipairs(list) do
        if G.bf:distance(c, tid) > mm(normal_move(G.D[c])) then far = true end
      end
      local ok, tested = true, nil
      if far and not t.in_melee then
        local c1 = G.D[list[1]]
        local out = turn.test(G, tid, "being charged", {
          fanatics_charge = c1.fanatic or nil,
          li_vs_heavier = (t.type == "LI" and troops.heavier_or_mounted(c1)) or nil,
        })
        if out.rank < 4 then
          ok = false
          turn.apply_result(G, tid, out, true)
        end
        tested = out.rank
      end
      -- GENERAL FEATURES OF ORDERS 4: "Skirmishing infantry will always
      -- evade unless their reaction result is "Act as general wishes" or
      -- "Uncontrolled advance". Skirmishing mounted troops will always evade
      -- if their result is "Halt" or less, and may always choose to evade
      -- unless it is "Uncontrolled advance"" (the commander's choice:
      -- `evade`, default yes). A unit already on an uncontrolled advance
      -- (or "act as general wishes" from the test) counts as its result.
      -- (a unit that declared a charge of its own goes on with it)
      if t.order == "skirmish" and not t.in_melee and not t.routing and not t.charging
        and (troops.is_light(t) or troops.is_cavalry(t)) then
        local ua = t.state == "uncontrolled" or tested == 6
        if troops.is_infantry(t) then
          if not ua and tested ~= 5 then t.evading = true end
        elseif not ua then
          local cmd = G.sides[t.side].commander
          if (tested and tested <= 3) or cmd.evade == nil or cmd.evade(G, tid, list[1]) ~= false then t.evading = true end
        end
      end
      if ok and not t.evading and not t.charging and not t.in_melee and not t.pursuing and t.moves[2] and not t.square then
        local cmd = G.sides[t.side].commander
        if cmd.countercharge(G, tid, list[1]) then
          t.countercharging = true
          say(G, "  %s countercharges.", t.name)
        end
      end
    end
  end
  -- GENERAL FEATURES OF ORDERS 1: "Units may vary their formation as desired
  -- without specific orders" (the commander's `formation`: the files it
  -- wants, or nil); "Those within enemy charge reach may at any time halt and
  -- take up a defensive formation" (halted units may change too). Declared
  -- now, before anything moves, so that a charge striking the unit catches it
  -- before it completes the change. Chargers do not start one; units in
  -- melee, routing, pursuing, evading, retiring or out of control drop any.
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) then
      local st = d.state
      if d.routing or d.in_melee or d.pursuing or d.evading or d.breaking_off or d.countercharging
        or st == "retire" or st == "retreat" or st == "rally_back" or st == "uncontrolled" or not turn.can_reform(d) then
        d.reforming, d.reform_banked = nil, nil
        d.squaring, d.square_banked = nil, nil
        d.mounting, d.mount_banked, d.mounting_from = nil, nil, nil
      elseif not d.charging and not (d.reorganising and d.reorganising > 0) then
        local cmd = G.sides[d.side].commander
        -- MOVING IN HOLLOW SQUARE: the commander's `square` (true: form
        -- one, false: leave it, nil: as it is)
        -- mounting and dismounting: the commander's `mount` (true: mount,
        -- false: dismount, nil: as it is); "Mounted infantry will always
        -- attempt to dismount to fight": on horses with an enemy within
        -- their charge reach, they dismount
        if turn.can_dismount(d) and d.mounting == nil and not d.square and d.squaring == nil then
          local m = cmd.mount and cmd.mount(G, uid)
          if d.mounted_infantry and d.on_horse then
            for _, q in ipairs(enemies_within(G, uid, tables.max_charge_move)) do
              local o = G.D[q.id]
              if not o.routing and q.distance <= mm(charge_move(o)) then m = false; break end
            end
          end
          if m == true and not turn.may_mount(G, uid) then m = nil end
          if m ~= nil and m ~= d.on_horse then
            d.mounting, d.reforming, d.reform_banked = m, nil, nil
            say(G, "  %s %s.", d.name, m and "mounts" or "dismounts")
          end
        end
        local sq = d.mounting == nil and cmd.square and cmd.square(G, uid)
        if sq ~= nil and sq ~= (d.square == true) then
          if sq ~= d.squaring then d.square_banked = nil end
          d.squaring, d.reforming, d.reform_banked = sq, nil, nil
          say(G, "  %s %s hollow square.", d.name, sq and "forms" or "leaves")
        end
        local want = (not d.square and d.squaring == nil and d.mounting == nil) and cmd.formation and cmd.formation(G, uid) or nil
        if want and want ~= d.files then
          if want ~= d.reforming then d.reform_banked = nil end
          d.reforming = want
          say(G, "  %s changes formation to a frontage of %d figures.", d.name, want)
        end
      end
    end
  end
end

---------------------------------------------------------------------------
-- 2. Movement

---------------------------------------------------------------------------
-- INTERPENETRATION

-- Whether two bases overlap by more than 1 mm (separating axes).
local function bases_overlap(ax, ay, af, aw, ad, bx, by, bfc, bw, bd)
  local A, B = math.rad(af), math.rad(bfc)
  local axes = { { math.cos(A), math.sin(A) }, { -math.sin(A), math.cos(A) },
                 { math.cos(B), math.sin(B) }, { -math.sin(B), math.cos(B) } }
  for _, n in ipairs(axes) do
    local ha = math.abs(aw / 2 * (math.cos(A) * n[1] + math.sin(A) * n[2]))
             + math.abs(ad / 2 * (-math.sin(A) * n[1] + math.cos(A) * n[2]))
    local hb = math.abs(bw / 2 * (math.cos(B) * n[1] + math.sin(B) * n[2]))
             + math.abs(bd / 2 * (-math.sin(B) * n[1] + math.cos(B) * n[2]))
    if math.abs((bx - ax) * n[1] + (by - ay) * n[2]) >= ha + hb - 1 then return false end
  end
  return true
end

-- The friends a unit's base passed through on its way from (x0, y0) to
-- where it stands (a straight path with its present facing), in unit order.
local function passed_through(G, uid, x0, y0)
  local x1, y1, f1 = G.bf:pos(uid)
  local u = G.bf:unit(uid)
  local len = math.sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2)
  local steps = math.max(1, math.ceil(len / 10))
  local out = {}
  for _, fid in ipairs(G.all) do
    local f = G.D[fid]
    if fid ~= uid and live(f) and f.side == u.side then
      local fu = G.bf:unit(fid)
      for i = 0, steps do
        local x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
        if bases_overlap(x, y, f1, u.width, u.depth, fu.x, fu.y, fu.facing, fu.width, fu.depth) then
          out[#out + 1] = fid
          break
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
  for _, q in ipairs(G.bf:query{ of = uid, within = 1, enemy = true }) do
    if live(G.D[q.id]) and not G.D[q.id].routing then foes[#foes + 1] = q.id end
  end
  say(G, "  %s breaks off.", d.name)
  if G.log then G.bf:log("break_off", { unit = uid }) end
  if d.type ~= "EL" and d.type ~= "CH" then
    for _, e in ipairs(foes) do
      local o = G.D[e]
      if live(d) then
        local s = { files = files_in_contact_fn(G, e, uid), first_period = false, enemy_shield = { rear = true },
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
    for _, q in ipairs(G.bf:query{ of = e, within = 1, enemy = true }) do
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
    if backing_edge or #M.overlapping(G, uid, SLACK) > 0 then G.bf:place(uid, x0, y0, f0) else f0 = want end
  end
  local stop, moved = nil, 0
  if backing_edge then stop = "edge" else stop, moved = advance(G, uid, dist, { ignore_side = d.side }, "evade") end
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
  turn.interpenetrate(G, uid, x0, y0)
  if G.referee then
    -- for the referee (wrg.referee evaded_clear): the enemies it touches
    -- when its evade is done
    local touching = {}
    for _, q in ipairs(G.bf:query{ of = uid, within = 0.5, enemy = true }) do touching[#touching + 1] = q.id end
    M.record(G, uid, "evade", { evade_contacts = touching })
  end
  d.moved = moved
  d.evaded, d.reorganising = true, 1
  d.evaded_turn, d.caught_by = G.turn, nil
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
  local want
  if d.rout_periods > 1 then want = own_edge_bearing(G, d)
  else
    local threat = rout_threat(G, uid)
    if threat then want = norm(bearing(G, threat, uid)) end
  end
  -- A router turns its back on enemies in contact: the turn is not stopped
  -- by the very enemy it runs from (the engine stops turns at first contact,
  -- which pinned routers facing their pursuers for the rest of the battle).
  local touching = {}
  for _, q in ipairs(G.bf:query{ of = uid, within = 1, enemy = true }) do touching[#touching + 1] = q.id end
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
        if #M.overlapping(G, uid, SLACK) > 0 then return 0 end
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
  if speed <= 0 then d.pursuing = nil; return end
  face(G, uid, bearing(G, uid, d.pursuing), true)
  local stop, moved = advance(G, uid, speed, nil, "pursuit")
  d.moved = moved
  if stop == d.pursuing then d.caught = d.pursuing end
end

local function move_charger(G, c)
  local d = G.D[c.charger]
  if not live(d) or d.routing or not live(G.D[c.target]) then return end
  local cx0, cy0 = G.bf:pos(c.charger)
  local f_start = terrain_factor(G, c.charger, d)
  local reach = mm(charge_move(d)) / f_start
  local cost = face(G, c.charger, bearing(G, c.charger, c.target))
  -- CHARGING: "all turns, wheeling or formation changes must be completed
  -- before normal move distance is exceeded" (a change carried over from
  -- the last period); one not completed by then leaves no time to charge.
  if d.reforming then
    cost = cost + turn.reform(G, c.charger, normal_move(d) - cost - (d.push_debt or 0))
    if d.reforming then d.moved = 0; return end
  end
  local dist = charge_move(d) - cost - (d.push_debt or 0)
  local stop, moved = advance(G, c.charger, dist, nil, "charge", f_start)
  d.moved = moved
  local hit = stop and type(stop) == "number" and G.D[stop] and G.D[stop].side ~= d.side and stop
  if hit and hit ~= c.target and live(G.D[hit]) and not G.D[hit].routing and not G.D[hit].in_melee then
    -- the charge struck an enemy other than the one it was declared at
    -- (one that came into its path): that unit is charged too, and takes
    -- the test for being charged (2(iii)) when the charger came from beyond
    -- its normal move, at the moment of contact (too late to countercharge
    -- or evade)
    local t = G.D[hit]
    say(G, "  %s strikes %s in its path.", d.name, t.name)
    if moved > normal_move(d) and t.tested_charged_turn ~= G.turn then
      t.tested_charged_turn = G.turn
      local out = turn.test(G, hit, "being charged", { fanatics_charge = d.fanatic or nil,
        li_vs_heavier = (t.type == "LI" and troops.heavier_or_mounted(d)) or nil })
      if out.rank < 4 then turn.apply_result(G, hit, out, true) end
    end
  end
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
    if not t.routing then t.in_melee = true end
    d.in_melee = true
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
      or (t.advancing_before and t.state ~= "halt" and not (t.reorganising and t.reorganising > 0)
          and (t.order == "attack" or t.state == "advance" or t.state == "uncontrolled"))
    if troops.is_mounted(d) and moved >= 60 and moving and (t.type == "MI" or t.type == "HI") then t.disorganised = true end
    say(G, "  %s contacts %s (%s).", d.name, t.name, edge)
    if G.log then G.bf:log("contact", { unit = c.charger, target = hit, edge = edge }) end
  end
end

-- An ordinary move for a unit under its order or a reaction instruction.
local function move_unit(G, uid)
  local d = G.D[uid]
  if d.reorganising and d.reorganising > 0 then return end
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
  local plan = cmd.move(G, uid)
  if not plan then return end
  -- UNCONTROLLED ADVANCE: "Movement is at charge speed during the first
  -- period, and at charge speed minus 30 paces during the second"; turns
  -- "changing the direction of an uncontrolled advance" cost nothing
  local speed, kind, free_turn = normal_move(d), "move", false
  if st == "uncontrolled" then
    speed = charge_move(d) - ((d.ua_period or 1) >= 2 and tables.movement.uncontrolled_second_less or 0)
    kind, free_turn = "uncontrolled", true
  end
  local dist = plan.distance or speed
  dist = math.min(dist, speed * (1 - used) + debt) - debt
  if plan.bearing then dist = dist - face(G, uid, plan.bearing, free_turn) end
  if dist <= 0 then return end
  local _, moved = advance(G, uid, dist, nil, kind)
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
  for _, c in ipairs(G.charges) do move_charger(G, c) end
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
  -- countercharges meet their chargers: both count charging
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and d.countercharging and not d.in_melee then
      local e = enemies_within(G, uid, charge_move(d), 60)
      if e[1] then move_charger(G, { charger = uid, target = e[1].id }) end
    end
  end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and not d.routing and not d.in_melee and not d.pursuing and not d.charging and not d.evading
      and not d.countercharging and not d.breaking_off then
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
  check_split(G)
end

---------------------------------------------------------------------------
-- 3. Shooting

-- TARGET PRIORITIES (not hand-hurled weapons must obey them): 1 an enemy
-- advancing towards them and able to charge them; 2 "at least half their
-- own number of missile men shooting at them and within their own range";
-- 4 "any enemy missile men firing at them"; 5 advancing enemy; 6 nearest.
-- Reading of "shooting/firing at them": shots are simultaneous, so a
-- shooter knows who shot at it in the last shooting phase (the previous
-- period); any missile troops count (bows, slings, crossbows, engines, and
-- javelin men too). Priority 3 (orders to support) has no written orders to
-- come from. Hand-hurled weapons: the nearest.
local function pick_target(G, uid, range)
  local d = G.D[uid]
  local arc = troops.shooting_arc(d)
  local list = enemies_within(G, uid, range, arc < 180 and arc or nil)
  local best, best_rank
  for _, q in ipairs(list) do
    local o = G.D[q.id]
    if not o.in_melee and not o.gone and (not G.has_los_terrain or G.bf:line_of_sight(uid, q.id)) then
      local rank = 6
      local fired_at_us = o.fired_turn == G.turn - 1 and o.fired_at == uid and troops.missile(o) ~= nil
      if o.advancing and q.distance <= mm(charge_move(o) * 2) then rank = 1
      elseif fired_at_us and (o.fired_figures or 0) * 2 >= d.figures then rank = 2
      elseif fired_at_us then rank = 4
      elseif o.advancing then rank = 5 end
      if not best_rank or rank < best_rank then best, best_rank = q, rank end
    end
  end
  return best
end

local function shooting_phase(G)
  local shots = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and not d.routing and not d.in_melee and not d.charging and not d.evading and not d.pursuing
      and d.range and not d.reorganising_now then
      local m = troops.missile(d)
      local can = true
      -- SHOOTING ON THE MOVE: not engines, staff-slings and crossbows.
      if (d.moved or 0) > 0 and (m == "engine" or m == "staff_sling" or m == "crossbow") then can = false end
      -- "Mounted infantry must dismount to shoot."
      if d.mounted_infantry and d.on_horse then can = false end
      if can then
        local range = d.range + (on_hill(G, uid) and 20 or 0)
        local q = pick_target(G, uid, range)
        if q then
          local t = G.D[q.id]
          local edge = turn.edge(G, q.id, uid)
          -- SHOOTING OVERHEAD: bows over the unit's own rear ranks (not when
          -- it moved or is disorganised: shooting.figures then counts the
          -- front rank only) are "penalised by a tactical factor except when
          -- 1) Shooting down from a slope with no intervening friends within
          -- 20 paces of target or shooters. 2) Shooting from a vertical
          -- elevation such as an elephant or rampart."
          local overhead, exempt = false, false
          if m == "bow" and (d.moved or 0) <= 0 and not d.disorganised and (d.ranks or 1) > 1
            and d.type ~= "EL" and d.type ~= "CH" and d.type ~= "ENG" then
            overhead = true
            if on_hill(G, uid) and not on_hill(G, q.id) then
              local near = #friends_within(G, uid, 20) == 0
              for _, f in ipairs(G.bf:query{ of = q.id, within = mm(20), enemy = true }) do
                if f.id ~= uid then near = false end
              end
              exempt = near
            end
          end
          local s = {
            overhead = overhead or nil, overhead_exempt = exempt or nil,
            from_front = edge == "front", range = q.distance / MM, target_moved = t.moved or 0,
            target_shield = { rear = edge == "rear" or t.routing, unshielded_flank = turn.unshielded_side(G, q.id, uid),
                              shooting_two_handed = t.shot_two_handed },
            moved = (d.moved or 0) > 0, files = d.files,
            partial_cover = in_cover(G, q.id) or nil,
            base_frontage = d.base_w, bonus = G.shooting_bonus and G.shooting_bonus(G, uid, q.id) or nil,
          }
          if G.report or G.log then s.purpose = "WRG shooting random factor, " .. d.name end
          local out = shooting.shoot(d, t, s, G.dice, G.report ~= nil)
          shots[#shots + 1] = { by = uid, at = q.id, out = out }
        end
      end
    end
  end
  for _, sh in ipairs(shots) do
    local d, t = G.D[sh.by], G.D[sh.at]
    t.missile = (t.missile or 0) + sh.out.casualties
    t.shot_by = (t.shot_by or 0) + sh.out.figures
    d.fired_at, d.fired_turn, d.fired_figures = sh.at, G.turn, sh.out.figures
    if d.type == "ENG" then t.shot_by_engines = true end
    if troops.missile(d) == "bow" or troops.missile(d) == "staff_sling" then d.shot_two_handed = true end
    if G.log then
      G.bf:log("shoot", { unit = sh.by, target = sh.at, figures = sh.out.figures, total = sh.out.total,
                          casualties = sh.out.casualties })
    end
    if G.report then
      say(G, "  %s shoots at %s: %d figures, weapon %d, tactical %+d, random %+d (dice %d/%d) = %d: %d casualties.",
        d.name, t.name, sh.out.figures, sh.out.weapon, sh.out.tactical, sh.out.random.value, sh.out.random.minus,
        sh.out.random.plus, sh.out.total, sh.out.casualties)
    end
  end
  for _, uid in ipairs(G.all) do
    local t = G.D[uid]
    if live(t) and (t.missile or 0) > 0 then
      local start = t.figures
      t.under_fire = start
      turn.take_casualties(G, uid, t.missile)
      if live(t) and not t.routing then
        -- 1(i): 2 casualties per figure from missiles in a single period.
        if t.missile >= 2 * start then
          local out = turn.test(G, uid, "2 casualties per figure from missiles")
          turn.obey(G, uid, out, true)
        end
        turn.half_strength(G, uid)
      end
    end
  end
end

---------------------------------------------------------------------------
-- 4. Hand-to-hand combat

-- Front-rank figures of u in contact with enemy e (plus one overlapping
-- figure where the line is longer).
local function files_in_contact(G, uid, eid)
  local d = G.D[uid]
  local _, _, len = G.bf:contact(uid, eid)
  local edge = G.bf:contact(uid, eid)
  if edge ~= "front" then
    -- fighting to flank or rear: engines, chariots, elephants fight; others
    -- turn the figures in contact
    local _, _, len2 = G.bf:contact(eid, uid)
    len = math.max(len or 0, len2 or 0)
  end
  local n = math.max(1, math.ceil(((len or 0) - 0.5) / d.base_w))
  if n < d.files then n = n + 1 end
  return math.min(n, d.files)
end

-- HAND-TO-HAND COMBAT, FIGURES ELIGIBLE 3: "Figures in base to base contact
-- with the enemy flank or rear after lapping round in a second or subsequent
-- period of fighting. Lapping round is limited to troops who have not been
-- pushed back during the previous period. Any previously unengaged enemy
-- troops of the attacked unit can turn and move to meet such an attempt, and
-- may prevent it."
-- Reading: a unit fighting an enemy front to front whose own front rank
-- reaches past the enemy's flank laps round with the figures beyond the one
-- overlapping figure rule 1 already lets fight, as many as fit along that
-- flank (the enemy's depth over one base frontage). Each figure of the enemy
-- not fighting this period (not in a front rank in contact nor in a rank
-- permitted to fight) turns to meet one lapping figure and prevents it; a
-- disorganised enemy meets none. Returns { left = n, right = n } (the flanks
-- of the enemy) or nil.
function turn.lapping(G, uid, target)
  local d, t = G.D[uid], G.D[target]
  -- "in a second or subsequent period of fighting": of this fight, against
  -- this enemy (not of the lapping unit's time in melee)
  local since = d.engaged_since and d.engaged_since[target]
  if not since or since >= G.turn or d.pushed_period == G.turn - 1 then return nil end
  if troops.is_model(d) or t.routing or t.square then return nil end
  if G.bf:contact(uid, target) ~= "front" or G.bf:contact(target, uid) ~= "front" then return nil end
  local du, tu = G.bf:unit(uid), G.bf:unit(target)
  local ux, uy = G.bf:pos(uid)
  local ox = local_xy(G, target, ux, uy)
  local right = math.max(0, ox + du.width / 2 - tu.width / 2)
  local left = math.max(0, -(ox - du.width / 2) - tu.width / 2)
  local fr = math.floor(right / d.base_w + 1e-6)
  local fl = math.floor(left / d.base_w + 1e-6)
  -- the one overlapping figure of rule 1, on the side that reaches further
  if fr >= fl then fr = math.max(0, fr - 1) else fl = math.max(0, fl - 1) end
  local fit = math.max(1, math.floor(tu.depth / d.base_w + 1e-6))
  fr, fl = math.min(fr, fit), math.min(fl, fit)
  if fr + fl == 0 then return nil end
  local spare = 0
  if not t.disorganised then
    local engaged = 0
    for _, e in ipairs(t.opponents or {}) do
      local o = G.D[e]
      if live(o) and not o.routing then
        engaged = engaged + melee.figures(t, { files = files_in_contact(G, target, e), enemy = o, first_period = false })
      end
    end
    spare = math.max(0, t.figures - engaged)
  end
  -- the enemy meets the attempt on its unshielded (right) flank first
  local meet = math.min(spare, fr)
  fr, spare = fr - meet, spare - meet
  fl = fl - math.min(spare, fl)
  if fr + fl == 0 then return nil end
  return { left = fl, right = fr }
end

files_in_contact_fn = files_in_contact

local function melee_phase(G)
  -- who is in contact with whom
  local pairs_list = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) then
      d.opponents = {}
      local q = G.bf:query{ of = uid, within = 0.5, enemy = true }
      local fighting = false
      for _, e in ipairs(q) do
        local o = G.D[e.id]
        if live(o) then
          d.opponents[#d.opponents + 1] = e.id
          if not o.routing then fighting = true end
        end
      end
      -- the period each fight began (this contact, unbroken since)
      local since = {}
      for _, e in ipairs(d.opponents) do since[e] = d.engaged_since and d.engaged_since[e] or G.turn end
      d.engaged_since = since
      -- in melee only with an enemy that fights back: touching a router is
      -- pursuit, not melee (a unit left touching a pinned router counted as
      -- "in melee" and stood still for the rest of the battle)
      d.in_melee = fighting and not d.routing
    end
  end
  local strikes = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    -- EVADING: caught evaders "are caught with their backs turned and cannot
    -- defend themselves": they strike no blow this period
    local caught = d.evaded_turn == G.turn and d.caught_by ~= nil
    if live(d) and not d.routing and #d.opponents > 0 and not caught then
      -- strike the opponent to the front first, else the first in contact
      local target
      for _, e in ipairs(d.opponents) do
        if not G.D[e].routing and turn.edge(G, uid, e) == "front" then target = e; break end
      end
      if not target then
        for _, e in ipairs(d.opponents) do if not G.D[e].routing then target = e; break end end
      end
      local t = target and G.D[target]
      if t then
      local edge_on_t = turn.edge(G, target, uid)
      local first = (d.melee_periods or 0) == 0
      local s = {
        files = files_in_contact(G, uid, target),
        first_period = first, from_front = edge_on_t == "front", flank_or_rear = edge_on_t ~= "front",
        enemy_shield = { rear = edge_on_t == "rear" or t.routing, unshielded_flank = turn.unshielded_side(G, target, uid) },
        charging = (d.charging or d.countercharging or d.following) and first or (d.following == true),
        uphill = on_hill(G, uid) and not on_hill(G, target),
        missile_per_figure = (d.missile or 0) / math.max(1, d.figures),
        fanatic_periods = d.fanatic_periods, enemy_pushed_back = t.pushed_this_melee,
        general_in_front = G.sides[d.side].general == uid,
        model_flank_only = (d.type == "EL" or d.type == "CH") and G.bf:contact(uid, target) ~= "front",
        enemy_partial_cover = in_cover(G, target, true) or nil,
        base_frontage = d.base_w, enemy = t,
        bonus = G.melee_bonus and G.melee_bonus(G, uid, target) or nil,
      }
      if t.routing or (t.evaded_turn == G.turn and t.caught_by) then s.enemy_shield.rear = true end
      if G.report or G.log then s.purpose = "WRG melee random factor, " .. d.name end
      local out = melee.strike(d, t, s, G.dice, G.report ~= nil)
      strikes[#strikes + 1] = { by = uid, at = target, out = out }
      pairs_list[#pairs_list + 1] = uid
      d.front_fighting = s.files
      local lap = turn.lapping(G, uid, target)
      if lap then
        for _, flank in ipairs({ "left", "right" }) do
          local n = lap[flank]
          if n > 0 then
            local ls = { files = n, figures = d.disorganised and n // 2 or n, first_period = false, from_front = false,
                         flank_or_rear = true, enemy_shield = { unshielded_flank = flank == "right", rear = t.routing },
                         charging = d.following == true, uphill = s.uphill, missile_per_figure = s.missile_per_figure,
                         fanatic_periods = d.fanatic_periods, base_frontage = d.base_w, enemy = t, random = out.random }
            local lout = melee.strike(d, t, ls, G.dice, G.report ~= nil)
            lout.lapping = flank
            strikes[#strikes + 1] = { by = uid, at = target, out = lout }
          end
        end
      end
      end
    end
  end
  if #strikes == 0 then return end
  for _, sk in ipairs(strikes) do
    local d, t = G.D[sk.by], G.D[sk.at]
    d.inflicted = (d.inflicted or 0) + sk.out.casualties
    t.received = (t.received or 0) + sk.out.casualties
    if G.log then
      G.bf:log("melee", { unit = sk.by, target = sk.at, figures = sk.out.figures, row = sk.out.row, total = sk.out.total, lapping = sk.out.lapping,
                          casualties = sk.out.casualties })
    end
    if G.report then
      say(G, "  %s %s %s%s: %d figures, %s %d, tactical %+d, random %+d = %d: %d casualties.", d.name,
        sk.out.lapping and "laps round" or "strikes", t.name, sk.out.lapping and ("'s " .. sk.out.lapping .. " flank") or "",
        sk.out.figures, sk.out.row, sk.out.weapon, sk.out.tactical, sk.out.random.value, sk.out.total, sk.out.casualties)
    end
  end
  -- apply casualties together, then AFTER HAND-TO-HAND FIGHTING
  local start = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and (d.received or 0) > 0 then
      start[uid] = d.figures
      turn.take_casualties(G, uid, d.received)
    end
  end
  for _, uid in ipairs(G.all) do
    if start[uid] then turn.half_strength(G, uid) end
  end
  local results = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and d.in_melee and not d.routing then
      if (d.type == "EL" or d.type == "CH") then
        for _, e in ipairs(d.opponents) do if G.D[e] then G.D[e].met_beasts = true end end
      end
      local r = melee.after(d, { received = d.received or 0, inflicted = d.inflicted or 0, missile = d.missile or 0,
                                 figures = start[uid] or d.figures, push_backs = d.push_backs })
      results[#results + 1] = { uid = uid, r = r }
    end
  end
  for _, x in ipairs(results) do
    local d = G.D[x.uid]
    if live(d) then
      if x.r.broken then
        say(G, "  %s: %s.", d.name, melee.REASONS[x.r.reason])
        local foes = d.opponents
        -- the pursuers strike with their figures in contact as the enemy
        -- turns (taken before the router turns about)
        local in_contact = {}
        for _, e in ipairs(foes) do
          if live(G.D[e]) and G.bf:distance(e, x.uid) < 0.5 then in_contact[e] = files_in_contact(G, e, x.uid) end
        end
        turn.rout(G, x.uid, foes[1])
        -- "They will strike without receiving return blows, at the moment at
        -- which the enemy turn their backs": the pursuers' first strike.
        for _, e in ipairs(foes) do
          local o = G.D[e]
          if live(o) and not o.routing and live(d) then
            local s = { files = in_contact[e] or files_in_contact(G, e, x.uid), first_period = false, charging = true,
                        enemy_shield = { rear = true }, from_front = false, flank_or_rear = true, enemy = d }
            if G.report or G.log then s.purpose = "WRG pursuit strike, " .. o.name end
            local out = melee.strike(o, d, s, G.dice, false)
            say(G, "  %s strikes the backs of %s: %d casualties.", o.name, d.name, out.casualties)
            turn.take_casualties(G, x.uid, out.casualties)
            -- "All troops all of whose melee opponents break must normally
            -- pursue for at least one period" (not with orders to hold)
            local all_broke = true
            for _, e2 in ipairs(o.opponents or {}) do
              if G.D[e2] and not G.D[e2].routing and not G.D[e2].gone then all_broke = false end
            end
            if all_broke then
              o.in_melee = false
              o.melee_periods = 0
              if o.order ~= "hold" and o.moves[2] then o.pursuing, o.pursue_periods = x.uid, 0
              elseif o.order == "hold" and o.moves[2] and not o.pursuing then turn.hold_pursuit(G, e, x.uid) end
            end
          end
        end
      elseif x.r.pushed_back then
        d.push_backs = x.r.push_backs
        d.pushed_this_melee = true
        d.pushed_period = G.turn
        local moved = back_off(G, x.uid, tables.movement.push_back, "push_back")
        d.push_debt = tables.movement.push_back
        if moved < tables.movement.push_back * 0.99 then d.disorganised = true end
        say(G, "  %s is pushed back 30 paces.", d.name)
        -- "Their opponents must follow up unless they have orders to the
        -- contrary ... or are infantry receiving a mounted charge while halted"
        for _, e in ipairs(d.opponents) do
          local o = G.D[e]
          if live(o) and not o.routing and o.order ~= "hold" and o.moves[2] then
            local halted_inf = troops.is_infantry(o) and troops.is_mounted(d) and (o.moved or 0) == 0
            if not halted_inf then
              -- "A square which pushes back its opponents may advance on any
              -- face it chooses, the other faces then being out of contact
              -- next period": it follows on the face that pushed
              if o.square then face(G, e, bearing(G, e, x.uid), true) end
              local fx, fy = G.bf:pos(e)
              local reach = mm(tables.movement.push_back + 1) / terrain_factor(G, e, o)
              advance(G, e, tables.movement.push_back + 1, nil, "follow_up")
              if G.bf:distance(e, x.uid) < 0.5 then turn.align(G, e, x.uid, fx, fy, reach) end
              o.following = true
            end
          end
        end
      else
        d.push_backs = 0
      end
    end
  end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and d.in_melee then
      d.melee_periods = (d.melee_periods or 0) + 1
      if d.fanatic then d.fanatic_periods = (d.fanatic_periods or 0) + 1 end
    end
  end
  -- pursuers in contact at the end of the period strike again
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and d.pursuing and G.D[d.pursuing] and live(G.D[d.pursuing]) and G.bf:distance(uid, d.pursuing) < 0.5
      and d.caught then
      local q = G.D[d.pursuing]
      local s = { files = files_in_contact(G, uid, d.pursuing), first_period = false, charging = true,
                  enemy_shield = { rear = true }, from_front = false, flank_or_rear = true, enemy = q }
      local out = melee.strike(d, q, s, G.dice, false)
      say(G, "  %s cuts down the routed %s: %d casualties.", d.name, q.name, out.casualties)
      turn.take_casualties(G, d.pursuing, out.casualties)
    end
  end
end

---------------------------------------------------------------------------
-- 5. Reaction tests at the end of the period, and upkeep

local side_tests

local function end_of_period(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and d.general and ((d.received or 0) > 0 or (d.missile or 0) > 0) then turn.risk_to_general(G, uid) end
  end
  -- simultaneous tests "taken from right to left": side by side, by x
  -- (east first for the south side, west first for the north side)
  local order = {}
  for _, uid in ipairs(G.all) do if live(G.D[uid]) then order[#order + 1] = uid end end
  table.sort(order, function(a, b)
    local xa = G.bf:pos(a)
    local xb = G.bf:pos(b)
    local da, db = G.D[a], G.D[b]
    if da.side ~= db.side then return da.side < db.side end
    if da.side == 1 then xa, xb = -xa, -xb end
    if xa ~= xb then return xa < xb end
    return a < b
  end)
  -- 2(iv) "When any friendly unit within 150 paces breaks, routs past, or
  -- bursts through."
  for _, b in ipairs(G.broke_this_period) do
    local bd = G.D[b]
    for _, uid in ipairs(order) do
      local d = G.D[uid]
      if live(d) and not d.routing and free_to_test(d) and uid ~= b and d.side == bd.side and not bd.gone_before
        and G.bf:unit(b) and not G.bf:unit(b).removed and G.bf:distance(uid, b) <= mm(150) then
        local out = turn.test(G, uid, "friendly unit broke within 150 paces")
        turn.obey(G, uid, out, d.in_melee or #enemies_within(G, uid, charge_move(d)) > 0)
      end
    end
  end
  -- 2(viii) "On the death, capture or disablement of their general or C in C
  -- within 150 paces".
  for _, g in ipairs(G.general_losses) do
    for _, uid in ipairs(order) do
      local d = G.D[uid]
      if live(d) and d.side == g.side and not d.routing and free_to_test(d) then
        local x, y = G.bf:pos(uid)
        if uid == g.unit or math.sqrt((x - g.x) ^ 2 + (y - g.y) ^ 2) <= mm(150) then
          local out = turn.test(G, uid, "loss of the General")
          turn.obey(G, uid, out, d.in_melee or #enemies_within(G, uid, charge_move(d)) > 0)
        end
      end
    end
  end
  -- 2(iv) "... routs past": a friend a router came within 150 paces of
  -- during its move (once a period).
  local seen = {}
  for _, uid in ipairs(G.routs_past) do
    local d = G.D[uid]
    if not seen[uid] and live(d) and not d.routing and free_to_test(d) then
      seen[uid] = true
      local out = turn.test(G, uid, "friendly unit routs past")
      turn.obey(G, uid, out, d.in_melee or #enemies_within(G, uid, charge_move(d)) > 0)
    end
  end
  -- 2(iv) "... or bursts through": the unit burst through tests.
  for _, uid in ipairs(G.burst_through) do
    local d = G.D[uid]
    if live(d) and not d.routing and free_to_test(d) then
      local out = turn.test(G, uid, "friendly unit burst through")
      turn.obey(G, uid, out, d.in_melee or #enemies_within(G, uid, charge_move(d)) > 0)
    end
  end
  for _, uid in ipairs(order) do
    local d = G.D[uid]
    if live(d) and not d.routing then
      -- 1(iii), for losses not yet tested (turn.half_strength is called
      -- as casualties are applied)
      turn.half_strength(G, uid)
    end
    -- 2(i): the first time within charge reach of enemy troops
    if live(d) and not d.routing and not d.tested_first_reach and not d.in_melee then
      for _, q in ipairs(enemies_within(G, uid, 240)) do
        if q.distance <= mm(charge_move(G.D[q.id])) and not G.D[q.id].routing then
          d.tested_first_reach = true
          local gen = G.sides[d.side].general
          -- "unless at the time within 150 paces of the C in C"
          if not (gen and live(G.D[gen]) and G.bf:distance(uid, gen) <= mm(150)) then
            local out = turn.test(G, uid, "first within charge reach of the enemy")
            if out.rank < 4 then turn.apply_result(G, uid, out, false)
            elseif out.result == "uncontrolled_advance" then turn.apply_result(G, uid, out, false) end
          end
          break
        end
      end
    end
  end
  -- 2(vi) RALLYING BROKEN TROOPS: "following any period during which they
  -- have not been in contact with an enemy force or lost 1 man per figure to
  -- missiles ... scoring better than halt". Routers have no order: chart 2,
  -- whose halt row is "IF PURSUING HALT ... IF ALREADY HALTED - RETIRE";
  -- better than it is "MOVE TOWARDS NEAREST FRIENDLY TROOPS" or above (the
  -- rows of chart 2, not the rank of chart 1's "HALT - 2 PERIODS").
  for _, uid in ipairs(order) do
    local d = G.D[uid]
    if live(d) and d.routing and not d.leaving and d.rout_periods >= 1 and #d.opponents == 0
      and (d.missile or 0) < d.figures then
      local caught = false
      for _, e in ipairs(G.bf:query{ of = uid, within = 1, enemy = true }) do caught = caught or e ~= nil end
      if not caught then
        local out = turn.test(G, uid, "attempting to rally", { chart = 2 })
        if out.rank > tables.reaction_results.halt_or_retire.rank then
          d.routing = false
          d.reorganising = 1
          say(G, "  %s rallies.", d.name)
          if G.log then G.bf:log("rally", { unit = uid }) end
          if G.sides[d.side].general == uid then G.sides[d.side].general_routing = false end
          local _, _, f = G.bf:pos(uid)
          turn_in_place(G, uid, norm((d.side == 1 and 0 or 180) - f))
        end
      end
    end
  end
  -- 2(ix) army reaction test: 1/3 of the army's original units off the table
  for s = 1, 2 do
    local side = G.sides[s]
    if not side.army_tested then
      local off = 0
      for _, uid in ipairs(side.units) do if G.D[uid].gone or G.D[uid].off_table then off = off + 1 end end
      if off * 3 >= #side.units then
        side.army_tested = true
        say(G, "  %s: a third of its units are off the table: army reaction test.", side.name)
        for _, uid in ipairs(order) do
          local d = G.D[uid]
          if live(d) and d.side == s and not d.routing and free_to_test(d) then
            local out = turn.test(G, uid, "army reaction test", { army_test = true })
            turn.obey(G, uid, out, d.in_melee or #enemies_within(G, uid, charge_move(d)) > 0)
          end
        end
      end
    end
  end
  turn.voluntary_tests(G, order)
  -- 2(vii) "When a fresh enemy force of at least 50 figures appears on the
  -- battlefield at least 5 periods after the start of the battle" (troops
  -- returning to the field): every unit of the other side tests.
  for s = 1, 2 do
    if G.turn > tables.fresh_enemy_after and (G.arrivals[s] or 0) >= tables.fresh_enemy_figures then
      say(G, "  %d fresh figures of %s appear: the enemy tests.", G.arrivals[s], G.sides[s].name)
      side_tests(G, order, 3 - s, "fresh enemy force appears", { fresh_enemy = true })
    end
  end
end

-- THE REACTION TEST 3: "Tests similar to those under 2. can also be taken
-- voluntarily at the players discretion at any time except: (i) When the
-- troops are engaged in hand-to-hand combat. (ii) When they are in rout and
-- not allowed to attempt to rally. (iii) When they are engaged in a
-- compulsory period of pursuit. (iv) When rallying back or reorganising.
-- (v) When carrying out a positive reaction table instruction, some of which
-- last for two or more periods." Reading: taken at the end of the period
-- (4: "Where not otherwise stated, all tests take place at the end of a
-- period"), after the compulsory ones, right to left, for the units the
-- commander's `voluntary_test(G, uid)` names; a router is never free (it
-- tests to rally under 2(vi) only); any instruction still running (halt,
-- retire, retreat, advance, uncontrolled advance) bars it. The result is
-- obeyed like a compulsory one (a player hoping for "uncontrolled advance"
-- or "act as C in C" takes the risk of "retire" or "break").
function turn.may_test_voluntarily(d)
  if not live(d) or d.routing or d.in_melee or d.pursuing or d.leaving then return false end
  if d.state ~= nil or (d.reorganising and d.reorganising > 0) or d.reorganising_now then return false end
  return true
end

function turn.voluntary_tests(G, order)
  for _, uid in ipairs(order) do
    local d = G.D[uid]
    local cmd = G.sides[d.side].commander
    if cmd.voluntary_test and turn.may_test_voluntarily(d) and cmd.voluntary_test(G, uid) then
      local out = turn.test(G, uid, "voluntary test")
      if G.log then G.bf:log("voluntary_test", { unit = uid, result = out.result }) end
      turn.obey(G, uid, out, d.in_melee or #enemies_within(G, uid, charge_move(d)) > 0)
    end
  end
end

-- The compulsory tests a situation calls for, for the units of one side in
-- right-to-left order: every unit not routing nor under an instruction.
function side_tests(G, order, s, why, extra, pick)
  for _, uid in ipairs(order) do
    local d = G.D[uid]
    if live(d) and d.side == s and not d.routing and free_to_test(d) and (not pick or pick(uid, d)) then
      local out = turn.test(G, uid, why, extra)
      turn.obey(G, uid, out, d.in_melee or #enemies_within(G, uid, charge_move(d)) > 0)
    end
  end
end
turn.side_tests = side_tests

-- Upkeep at the start of a period: reaction instructions run down,
-- reorganising ends, disorganisation recovers when its causes are gone.
local function upkeep(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) then
      d.received, d.inflicted, d.missile, d.shot_by, d.shot_two_handed = 0, 0, 0, 0, false
      d.shot_by_engines, d.scared_by_elephants = nil, nil
      d.front_fighting, d.under_fire = nil, nil
      d.caught, d.following = nil, false
      d.reorganising_now = d.reorganising and d.reorganising > 0
      if d.reorganising and d.reorganising > 0 then d.reorganising = d.reorganising - 1 end
      if d.state_periods and d.state_periods > 0 then
        d.state_periods = d.state_periods - 1
        if d.state_periods == 0 then
          if d.state == "uncontrolled" then d.reorganising = 1 end
          d.state = nil
          if not d.order then d.order = d.routing and nil or "attack" end
        end
      end
      if d.state == "uncontrolled" then
        d.ua_period = (d.ua_period or 0) + 1
      end
      if not d.in_melee then d.melee_periods = 0; d.pushed_this_melee = false end
      -- DISORGANISATION: the causes still operating
      local dis = d.routing or d.reorganising_now or d.state == "retire" or (d.state == "uncontrolled" and d.ua_period >= 2)
        or d.met_beasts
      d.met_beasts = false
      if not dis and troops.is_horsed(d) and G.elephants[3 - d.side] then
        local near = G.elephants[d.side] and 30 or 100
        for _, q in ipairs(enemies_within(G, uid, near)) do
          if G.D[q.id].type == "EL" then dis = true; d.scared_by_elephants = true; break end
        end
      end
      if d.push_backs and d.push_backs > 0 and d.in_melee and d.disorganised then dis = true end
      -- cause 5 lasts for the period of the obstructed move; cause 3 while
      -- the split stands
      d.obstructed = nil
      if not dis and split(G, uid) then dis = true end
      d.disorganised = dis and true or false
    end
  end
end

---------------------------------------------------------------------------

function turn.play(G)
  local t = G.turn
  G.bf:set_time(t, "orders")
  G.broke_this_period, G.burst_through, G.general_losses, G.arrivals, G.routs_past = {}, {}, {}, {}, {}
  turn.returns(G)
  upkeep(G)
  declare(G)
  G.bf:set_time(t, "movement")
  movement(G)
  G.bf:set_time(t, "shooting")
  shooting_phase(G)
  G.bf:set_time(t, "melee")
  melee_phase(G)
  G.bf:set_time(t, "reaction")
  end_of_period(G)
  G.bf:set_time(t, "end")
end

turn.enemies_within = enemies_within
turn.charge_move = charge_move
turn.normal_move = normal_move
turn.bearing = bearing
turn.bearing_to_point = bearing_to_point
turn.in_reach = in_reach
turn.norm = norm
turn.terrain_factor = terrain_factor
turn.upkeep = upkeep
local _ = setup
local _a = armies
return turn
