-- WRG Ancients 1973: the default commander. It deploys (DEPLOYMENT), writes
-- the orders and the signals' meanings before the battle (ORDERS: the
-- structured sentences of rulesets/wrg/orders/vocabulary.lua), changes
-- orders only through its General (messengers, signals: CHANGE OF ORDERS),
-- and moves each unit as its current order says; it picks charges and
-- countercharges within what the order allows. Rules never decide for it;
-- it never rolls dice. A unit without an order waits for one.
local troops = require("wrg.troops")
local turn = require("wrg.turn")
local tables = require("wrg.tables")
local melee = require("wrg.melee")
local reaction = require("wrg.reaction")
local sheet = require("wrg.orders.sheet")
local vocabulary = require("wrg.orders.vocabulary")
local messengers = require("wrg.orders.messengers")
local signals = require("wrg.orders.signals")
local trials = require("wrg.commander_trials")

local ai = {}

local MM = tables.MM_PER_PACE

-- "Light or light-medium infantry, cavalry, camelry and chariots may be
-- ordered to skirmish if armed with missile weapons": the AI orders it for
-- light troops with missiles; engines hold; everyone else attacks. (The verb
-- of each unit's order; ai.orders writes the whole sentence.)
function ai.order(G, s, d)
  if d.type == "ENG" then return "hold" end
  if (d.type == "LI" or d.type == "LC") and troops.missile(d) then return "skirmish" end
  return "attack"
end

-- The order sheet before the battle: each unit attacks (or skirmishes, or
-- holds) "to the north" / "to the south": straight at the enemy's side of
-- the table. It engages the enemy it finds within 90 degrees of that
-- direction (orders/sheet.lua: S.SECTOR) and the order is carried out when
-- none is left there.
function ai.orders(G, s)
  local list = {}
  local ahead = s == 1 and 0 or 180
  for _, uid in ipairs(G.sides[s].units) do
    local k = ai.order(G, s, G.D[uid])
    local o = { kind = k, units = { uid } }
    if k ~= "hold" then o.bearing = ahead end
    list[#list + 1] = o
  end
  return list
end

-- The signals, defined in writing before the battle (CHANGE OF ORDERS 3).
-- Barbarian Generals make only the first two.
function ai.signals(G, s)
  return {
    { type = "three trumpet blasts", text = "units without orders, other than light troops with missiles: attack the nearest enemy in sight",
      order = { kind = "attack" }, at_nearest_enemy = true, without_orders_only = true, not_for_skirmishers = true },
    { type = "standard waved", text = "light troops with missiles without orders: skirmish at the nearest enemy in sight",
      order = { kind = "skirmish" }, at_nearest_enemy = true, without_orders_only = true, skirmishers_only = true },
  }
end

-- Units of a side waiting for an order: on the table, not routing, fighting,
-- pursuing or under a reaction instruction, with no order, none being
-- digested or on the way, and visible to the General (CHANGE OF ORDERS 1:
-- new orders "must be justified by events visible to the General figure").
local function waiting(G, s, gen)
  local out = {}
  for _, uid in ipairs(G.sides[s].units) do
    local d = G.D[uid]
    if sheet.live(d) and not d.routing and not d.leaving and not d.in_melee and not d.pursuing and d.state == nil
      and not d.order and not d.pending and not d.signal and not messengers.on_the_way(G, uid)
      and (uid == gen or G.bf:line_of_sight(gen, uid)) then
      out[#out + 1] = uid
    end
  end
  return out
end

-- A new order for a unit without one: attack (or skirmish, for those who may)
-- the nearest enemy the unit is seen to face, by its direction.
local function fresh_order(G, uid)
  local b = signals.nearest_seen(G, uid)
  if not b then return nil end
  local d = G.D[uid]
  return { kind = ai.order(G, d.side, d) == "skirmish" and "skirmish" or "attack", bearing = b, units = { uid } }
end

-- CHANGE OF ORDERS, as this commander uses it each period: a signal for the
-- units waiting within reach of it (the one that concerns most of them),
-- and one order dictated for the nearest waiting unit beyond (with the
-- waiting units within 100 paces of it: a group), ridden by a messenger.
function ai.change_orders(G, s)
  local gen = G.sides[s].general
  if not gen or not messengers.general_free(G, s) then return nil end
  local idle = waiting(G, s, gen)
  if #idle == 0 then return nil end
  local out = {}
  local reached = {}
  local best_n, best_c = nil, 0
  for n = 1, 2 do
    local c = 0
    for _, uid in ipairs(signals.reached(G, s, n)) do
      for _, i in ipairs(idle) do if i == uid then c = c + 1 end end
    end
    if c > best_c then best_n, best_c = n, c end
  end
  if best_n then
    out.signal = best_n
    for _, uid in ipairs(signals.reached(G, s, best_n)) do reached[uid] = true end
  end
  local first, fd
  for _, uid in ipairs(idle) do
    if not reached[uid] then
      local dist = uid == gen and 0 or G.bf:distance(gen, uid)
      if not fd or dist < fd then first, fd = uid, dist end
    end
  end
  if first then
    local o = fresh_order(G, first)
    if o then
      for _, uid in ipairs(idle) do
        if uid ~= first and not reached[uid] and #o.units < 5 and G.bf:distance(first, uid) <= 100 * MM
          and vocabulary.check(G, uid, o) == nil then
          o.units[#o.units + 1] = uid
        end
      end
      out.dictate = o
    end
  end
  if not out.signal and not out.dictate then return nil end
  return out
end

-- CHANGE OF ORDERS 7, "Act as C in C would wish": a unit without an order
-- gets one at once (as the General would send it); one with an order keeps it.
function ai.act_as_c_in_c(G, uid)
  if G.D[uid].order then return nil end
  return fresh_order(G, uid)
end

-- STANDING ORDERS of this commander, as handed to the umpire (logged before
-- the battle); the scripts below and the skirmishers' moves carry them out.
function ai.standing_orders()
  return {
    "Skirmish: close to missile range and shoot; stand where an evade gets clear of the enemy's charge; " ..
      "evade when charged; charge only light troops that are disordered or routing.",
    "A unit without orders and threatened by an enemy able to charge it, with no messenger on the way, " ..
      "takes a no-current-order reaction test.",
  }
end

-- STANDING ORDERS of this commander ("the ways in which the various types of
-- troops will behave in varying circumstances"): a unit left without orders
-- with an enemy within that enemy's charge reach of it, and no messenger on
-- the way, takes a "No current order" reaction test (CHANGE OF ORDERS 6)
-- rather than stand and be charged. A unit that has forgotten its standing
-- orders (LOSS OF ORDERS) just waits.
function ai.voluntary_test(G, uid)
  local d = G.D[uid]
  if d.order or d.pending or d.signal or d.forgot or messengers.on_the_way(G, uid) then return false end
  for _, q in ipairs(turn.enemies_within(G, uid, tables.max_charge_move)) do
    local o = G.D[q.id]
    if not o.routing and q.distance <= turn.charge_move(o) * MM then return true end
  end
  return false
end

-- One line along the own edge: mounted troops on the wings, foot in the
-- centre, skirmishers on the ends of the foot; all within 100 paces. The
-- line is laid out from the end of the table the lot gave (G.lines_from,
-- wrg.deployment.sketch_map: "west" or "east"), the same end for both
-- sides, so each side's army is the other's mirror image across the middle
-- line and which of them has its first wing on its own left is the lot's:
-- laid out always from the west end, side 1's army was always the one with
-- its first wing on its own left, and the rules are not the same on both
-- hands (USE OF SHIELDS; the Persian mirror at Gaugamela 36.8 / 56.9% over
-- 2000 battles, 47.8 / 47.2 with the lot: docs/rulesets/wrg.md, session ten).
-- Turned about (session eight, measured and left OFF): side 2's line drawn
-- as side 1's turned about the table's centre (each army's wings at its own
-- hands; the commander's hands then the same for both sides: ai.hand)
-- instead of its reflection across the middle line. 200 battles and both
-- mirrors of the 14 open-field scenarios: fair mirrors 12 -> 4 of 24,
-- Issus decided 71.5 -> 9.5%, Ctesiphon moved 0 0.01 -> 2.6%; only the
-- Persian mirror at Gaugamela came fair (29.5/65 -> 39.5/45.5).
-- docs/rulesets/wrg.md, session eight; mirror_deployment_test. Session ten:
-- the Persian mirror's lean was the shield rule's (the army with its first
-- wing on its own left was always side 1's); fixed by the lines' end lot
-- above, which keeps each unit facing its double (turned about, draws
-- 17-18% there, 47.5% in an Issus mirror).
ai.TURNED_ABOUT = false
function ai.deployment(G, s)
  local side = G.sides[s]
  local specs = side.specs
  local foot, wings = {}, {}
  for i, d in ipairs(specs) do
    if troops.is_mounted(d) then wings[#wings + 1] = i else foot[#foot + 1] = i end
  end
  local line = {}
  local left, right = {}, {}
  for n, i in ipairs(wings) do if n % 2 == 1 then left[#left + 1] = i else right[#right + 1] = i end end
  for n = #left, 1, -1 do line[#line + 1] = left[n] end
  for _, i in ipairs(foot) do line[#line + 1] = i end
  for _, i in ipairs(right) do line[#line + 1] = i end
  local gap = 25
  local total = 0
  for _, i in ipairs(line) do total = total + specs[i].w + gap end
  total = total - gap
  local x = (G.S.width - total) / 2
  local plan = {}
  for _, i in ipairs(line) do
    local d = specs[i]
    local y = G.S.deploy_depth - d.dp / 2 - 5
    if s == 2 then y = G.S.depth - y end
    local px = x + d.w / 2
    if s == 2 and ai.TURNED_ABOUT then px = G.S.width - px end
    if G.lines_from == "east" then px = G.S.width - px end
    plan[#plan + 1] = { index = i, x = px, y = y, facing = s == 1 and 0 or 180 }
    x = x + d.w + gap
  end
  return plan
end

---------------------------------------------------------------------------
-- Looking ahead. The commander reads the odds with the ruleset's own pure
-- functions (melee.strike, reaction.test) under a "mean" dice source that
-- rolls nothing at random, and tries moves on the table with turn.probe
-- (the unit is put back; nothing is logged). It never rolls the battle's dice.

local MEAN = { roll = function() return 3 end }

-- Casualties one unit would inflict on another in the first period of a
-- melee, with average dice; edge: the edge of b struck.
local function strike_mean(a, b, charging, edge)
  edge = edge or "front"
  local files = math.min(a.files or a.figures, math.max(1, math.ceil((b.w or 0) / math.max(1, a.base_w or 15)) + 1))
  local s = { files = files, first_period = true, from_front = edge == "front", flank_or_rear = edge ~= "front",
              enemy_shield = { rear = edge == "rear" or b.routing, unshielded_flank = edge == "right" },
              charging = charging, enemy = b, base_frontage = a.base_w }
  return melee.strike(a, b, s, MEAN, false).casualties
end

-- The melee odds of a charge: men inflicted over men received in the first
-- period (the charger strikes with the charging factor; the target
-- countercharging strikes with it too), and whether the target would be
-- pushed back or broken by AFTER HAND-TO-HAND FIGHTING.
function ai.melee_odds(G, uid, tid, edge)
  local d, t = G.D[uid], G.D[tid]
  local out = strike_mean(d, t, true, edge)
  local back = 0
  if edge == "front" or edge == nil then back = strike_mean(t, d, t.countercharging == true, "front") end
  local r = melee.after(t, { received = out, inflicted = back, figures = t.figures, push_backs = t.push_backs })
  return (out + 1) / (back + 1), r
end

-- Chance (0..1) that a reaction test of this unit in this situation scores
-- "carry on" or better (rank 4+ on its chart).
local die_cache = {}
local function sums(die, n)
  local key = table.concat(die, ",") .. "/" .. n
  if die_cache[key] then return die_cache[key] end
  local dist = { [0] = 1 }
  for _ = 1, n do
    local nd = {}
    for v, p in pairs(dist) do
      for _, f in ipairs(die) do nd[v + f] = (nd[v + f] or 0) + p / #die end
    end
    dist = nd
  end
  local list = {}
  for v, p in pairs(dist) do list[#list + 1] = { v, p } end
  table.sort(list, function(a, b) return a[1] < b[1] end)
  die_cache[key] = list
  return list
end

function ai.reaction_chance(G, uid, why, extra)
  local d = G.D[uid]
  local s = turn.situation(G, uid, extra)
  local zero = { roll = function() return 0 end }
  local factors = reaction.test(d, s, zero, false).score
  local p = 0
  for _, vp in ipairs(sums(troops.reaction_die(d), reaction.dice_count(d))) do
    if reaction.rank(reaction.chart_result(s.chart or 1, d.class, vp[1] + factors)) >= 4 then p = p + vp[2] end
  end
  local _ = why
  return p
end

-- Tries a charge at a target: the turn and the straight run the battle
-- would make. Returns the enemy first contacted (or nil) and its edge.
function ai.charge_path(G, uid, tid)
  local d = G.D[uid]
  return turn.probe(G, uid, function()
    local _, _, f = G.bf:pos(uid)
    local want = turn.bearing(G, uid, tid)
    local diff = turn.norm(want - f)
    local cost = 0
    if math.abs(diff) >= 0.5 then
      G.bf:move(uid, "turn", diff)
      if math.abs(diff) > 45 then cost = troops.turn_time(d) * turn.normal_move(d) * (d.disorganised and 2 or 1) end
    end
    local dist = turn.charge_move(d) - cost - (d.push_debt or 0)
    if dist <= 0 then return nil end
    local stop = turn.advance(G, uid, dist)
    local hit = type(stop) == "number" and stop or nil
    if hit and G.D[hit].side ~= d.side then return hit, G.bf:contact(hit, uid) end
    return nil
  end)
end

-- The value of charging a target, or nil if the charge should not be made.
-- `paths`: the trial charges of this unit's choice so far, by target
-- (commander_trials.lua, 5: nothing moves while one unit chooses, so a
-- second trial at the same enemy would run the same path).
local function charge_value(G, uid, tid, paths)
  local function path(id)
    local p = paths and paths[id]
    if not p then
      p = { ai.charge_path(G, uid, id) }
      if paths then paths[id] = p end
    end
    return p[1], p[2]
  end
  local d, t = G.D[uid], G.D[tid]
  if t.gone then return nil end
  -- a router the unit already touches: a charge at it goes nowhere and
  -- strikes nothing (touching a router is pursuit, not melee: period/melee.lua);
  -- the unit is free to make for another enemy instead (issue #13: at
  -- ctesiphon_night light horse "charged" a pinned router they touched
  -- period after period, two thirds of the moves that moved nothing)
  if t.routing and G.bf:distance(uid, tid) <= 0.5 then return nil end
  local hit, edge = path(tid)
  if not hit then return nil end          -- blocked by friends, terrain or out of reach
  -- the charge is declared at the enemy the path strikes first, and the
  -- battle turns the charger to face THAT enemy ("must turn to face its
  -- target", CHARGING): a trial run at another enemy says nothing of it, so
  -- the declared charge is tried itself (issue #13, session eight: a cohort
  -- touching a friend locked in melee, whose trial at chariots beyond ran
  -- into the friend's opponent; turned to face that warband it ran into the
  -- friend and moved nothing: declared_charges_test)
  if hit ~= tid then
    local again, edge2 = path(hit)
    if again ~= hit then return nil end
    edge = edge2
  end
  t = G.D[hit]
  if t.routing and G.bf:distance(uid, hit) <= 0.5 then return nil end -- (the path's first enemy, likewise)
  if t.routing then return 10, hit, edge end -- a router struck in the back
  local ratio, after = ai.melee_odds(G, uid, hit, edge)
  local v = ratio
  if edge ~= "front" then v = v + 1.5 end
  if after.broken then v = v + 2 elseif after.pushed_back then v = v + 0.5 end
  if t.disorganised then v = v + 0.5 end
  if t.in_melee then v = v + 0.5 end     -- join a fight already going on
  return v, hit, edge
end

-- CHARGING: an "attack" unit charges the enemy in reach whose charge pays
-- best, when the path is clear and the odds are acceptable: the melee odds
-- (men inflicted against men received, the push-back or break it would
-- cause) weighed with the chance of passing the 2(ii) test. A unit that
-- would lose the exchange badly and would likely fail the test waits for
-- the enemy to come on instead.
local choose_charge, harass_may

-- Swings: a unit whose facing turned SWING degrees one way between the
-- last two periods' moves and as much the other way between the last and
-- this one does not turn back the first way again this period: three such
-- turns running are the referee's 'facing-oscillates' (no player swings
-- his line to and fro period after period; issue #13, session eight,
-- second round: of 11 read one by one, 9 were attacking foot and horse
-- edging round friends or pulled between two enemies, out one way and
-- back; docs/rulesets/wrg.md).
-- ai.SWING matches lib.quality's SWING. A candidate move that would be
-- that third swing is not ordered at all (session ten: it used to cost 50
-- paces in plan_move's choice, and was taken when nothing else moved).
ai.SWING = 30

-- The facing at the start of each period, as the commander first looks at
-- the unit (its charge, else its move; the last three kept): the swings
-- below are read from it (a period in which the unit charged counts too).
local function remember_facing(G, d, uid)
  local h = d.ai_facings or {}
  local t = G.turn
  if h[t] == nil then h[t] = select(3, G.bf:pos(uid)) end
  h[t - 3] = nil
  d.ai_facings = h
end

-- The sense (+1 or -1) a turn this period must not take, or nil: the
-- sense of the swing before last, when the last swing went against it.
local function barred_sense(G, d)
  local h = d.ai_facings
  local t = G.turn
  if not (h and h[t] and h[t - 1] and h[t - 2]) then return nil end
  local t1, t2 = turn.norm(h[t - 1] - h[t - 2]), turn.norm(h[t] - h[t - 1])
  if math.abs(t1) < ai.SWING or math.abs(t2) < ai.SWING or (t1 > 0) == (t2 > 0) then return nil end
  return t1 > 0 and 1 or -1
end

-- Would turning from `facing` onto bearing `bb` be that third swing?
-- (`least`: the turn that counts, degrees; default a degree short of SWING)
local function swings_back(barred, facing, bb, least)
  if not barred then return false end
  local diff = turn.norm(bb - facing)
  -- (a degree short counts: a bearing 30 degrees off the objective's line
  -- came to 29.99 or 30.01 degrees of turn)
  return math.abs(diff) >= (least or ai.SWING - 1) and (diff > 0 and 1 or -1) == barred
end
ai.barred_sense = barred_sense
ai.swings_back = swings_back
ai.remember_facing = remember_facing

-- The facing a charger ends with when lined up flush on `edge` of target
-- `tid` (turn.align: it faces the struck edge's outward normal reversed).
local EDGE_OUT = { front = 0, rear = 180, left = 90, right = -90 }

-- Whether an enemy may be elsewhere when a charge at it moves: a router
-- (its rout move), a pursuer (its pursuit), one that has declared a charge
-- of its own this period (charges move together), or one that would evade
-- the charge rather than stand (the battle's reading,
-- period/declarations.lua: skirmishing light troops or horse, not already
-- fighting, routing or charging).
local function moves_off(t)
  if t.routing or t.pursuing or t.charging then return true end
  return t.order == "skirmish" and not t.in_melee and not t.charging
    and (troops.is_light(t) or troops.is_cavalry(t))
end
local function lined_up_facing(G, tid, edge)
  return turn.norm(select(3, G.bf:pos(tid)) + (EDGE_OUT[edge] or 0) + 180)
end

-- A charge declared last period at the same enemy from the very place and
-- facing the unit still stands in went nowhere (the trial run skips the
-- checks the battle makes for a unit touching another): it is not
-- declared again (as ai.move does for moves).
function ai.charge_target(G, uid)
  local d = G.D[uid]
  remember_facing(G, d, uid)
  local t = choose_charge(G, uid)
  local x, y, f = G.bf:pos(uid)
  local last = d.ai_last_charge
  if t and last and last.turn == G.turn - 1 and last.target == t and math.abs(last.x - x) < 0.5
    and math.abs(last.y - y) < 0.5 and math.abs(turn.norm(last.f - f)) < 0.5 then
    return nil
  end
  d.ai_last_charge = t and { turn = G.turn, x = x, y = y, f = f, target = t } or nil
  return t
end

-- STANDING ORDERS, the book's own example: "Harass ... Skirmish with heavy
-- or medium troops facing in good order, but charge light, disorganised or
-- outflanked troops". ai.HARASS on: skirmishers charge any light enemy,
-- any disorganised or routing enemy, and any enemy their charge strikes in
-- flank or rear ("outflanked"); off: only light enemies disorganised or
-- routing. `edge` nil: before the trial run (the edge is not yet known:
-- any enemy may turn out outflanked). "Outflanked" is read twice: the edge
-- the trial charge strikes and the edge the skirmisher stands off now must
-- both be a flank or the rear (the trial alone let Hunnic horse archers at
-- Chalons charge a legion that was itself charging them: the two met front
-- to front, the referee's light-charges-heavy-front).
-- Measured and left OFF (issue #13, session nine; docs/rulesets/wrg.md):
-- 200 battles and both mirrors of the 14 open-field scenarios, decided
-- -3 to +5.5 points (mean +1.4, within the noise of 200 battles), fair
-- mirrors 11 -> 12 of 24, facing-oscillates 16 -> 19: not the rise in
-- decided battles it was tried for.
ai.HARASS = false
function harass_may(o, edge)
  if troops.is_light(o) or o.disorganised or o.routing then return true end
  if edge == nil then return true end
  return edge ~= "front"
end

function choose_charge(G, uid)
  local d = G.D[uid]
  local o = d.state == nil and sheet.current(d) or nil
  -- "support": "Assist in any way possible": charge what is fighting or
  -- threatening the friend supported
  local support = o and o.kind == "support" and o.friend and sheet.live(G.D[o.friend]) and o.friend or nil
  local attack = d.order == "attack" or d.state == "advance" or support ~= nil
  if not attack and d.order ~= "skirmish" then return nil end
  local best, best_v
  local barred, f = barred_sense(G, d), select(3, G.bf:pos(uid))
  -- infantry that can shoot (bows, crossbows, slings: not hand-hurled
  -- weapons) stand and shoot at a pike or long-spear phalanx in good order
  -- within their range rather than run onto its points
  local m = troops.is_infantry(d) and troops.missile(d)
  local shooter = m and m ~= "javelin" and m ~= "darts" and d.range
  -- whether the order allows a charge at this enemy (`dist`: mm)
  local function may_charge(id, dist)
    local o = G.D[id]
    local ok = attack
    if ok and shooter and not o.routing and not o.disorganised and (troops.has(o, "pike") or troops.has(o, "long_spear"))
      and dist <= d.range * MM then
      ok = false
    end
    -- skirmishers fall on routed, disorganised or outflanked light enemies only
    -- (ai.HARASS: the book's own standing order, below)
    if not attack then ok = troops.is_light(o) and (o.disorganised or o.routing) or (ai.HARASS and harass_may(o, nil)) end
    if ok and support and G.bf:distance(id, support) > turn.charge_move(o) * MM then ok = false end
    return ok
  end
  local paths = trials.SKIP and {} or nil
  for _, q in ipairs(turn.enemies_within(G, uid, turn.charge_move(d), 45)) do
    if may_charge(q.id, q.distance) then
      local v, hit, edge = charge_value(G, uid, q.id, paths)
      -- the charge is declared at the enemy its path strikes first: the
      -- order must allow that one too (issue #13, session eight: skirmishing
      -- Hunnic horse, falling on disorganised light troops, struck a legion
      -- in good order in their way: the referee's light-charges-heavy-front)
      if v and hit ~= q.id and not may_charge(hit, G.bf:distance(uid, hit)) then v = nil end
      -- a skirmisher's charge under ai.HARASS strikes a light, disorganised
      -- or routing enemy, or any enemy in flank or rear, and nothing else
      if v and not attack and ai.HARASS and not (troops.is_light(G.D[hit]) and (G.D[hit].disorganised or G.D[hit].routing))
        and not (harass_may(G.D[hit], edge) and harass_may(G.D[hit], turn.edge(G, hit, uid))) then v = nil end
      -- and they stand and shoot at any enemy in good order within their
      -- range ("missile troops charging when they could shoot": a charger
      -- does not shoot), unless it is fighting friends and the charge
      -- takes it in flank or rear (it cannot turn to meet it; one that is
      -- free may turn or charge and meet the shooters front to front)
      if v and shooter and hit and not G.D[hit].routing and not G.D[hit].disorganised
        and G.bf:distance(uid, hit) <= d.range * MM and not (edge ~= "front" and G.D[hit].in_melee) then
        v = nil
      end
      -- nor at any enemy whose charge would swing the unit's facing back a
      -- third time running (swings_back, above), read both ways the charge
      -- may leave it: facing the target's centre, or lined up flush on the
      -- edge it strikes ("must turn to face its target", CHARGING; the
      -- battle lines the charger up on contact: turn.align). Session eight
      -- let a router, a disorganised enemy or a flank or rear be worth the
      -- swing; session ten (issue #13, zero absurd acts): those charges were
      -- the third swing of 8 of 9 facing-oscillates read one by one (200
      -- battles of each WRG scenario, once moves no longer swung back;
      -- docs/rulesets/wrg.md, "Facing swings, session ten"). The unit may
      -- charge a period later, its line kept.
      -- The charger turns to face its target when it moves, after the
      -- target's own move: a router's rout move, a pursuer's pursuit, or a
      -- skirmisher's evade (GENERAL FEATURES OF ORDERS 4: skirmishing light
      -- troops and horse evade) decides its facing, not the declaration --
      -- a charge declared straight ahead at Attila's nobles, pursuing a
      -- router, swung a legion 32 degrees back at Chalons, and charges at
      -- routers 30 and 51 at Ctesiphon and the Dark Host. So a unit barred
      -- from a third swing charges no router, pursuer or skirmisher this
      -- period, and no enemy at all whose bearing turns it
      -- half a swing (15 degrees) the barred way: the contact may land on
      -- another edge than the trial's (the 15mm Medway at the inch: a
      -- charge declared at 29 degrees, lined up on a flank at 46).
      if v and barred and (moves_off(G.D[hit])
        or swings_back(barred, f, turn.bearing(G, uid, hit), ai.SWING / 2)
        or swings_back(barred, f, lined_up_facing(G, hit, edge))) then v = nil end
      if v and (not best_v or v > best_v) then best, best_v = hit, v end
    end
  end
  if not best then return nil end
  if best_v >= 10 then return best end
  -- an enemy that will charge us anyway: better to meet it charging
  local threatened = turn.in_reach(G, best, uid) and not G.D[best].in_melee
  local need = threatened and 0.5 or 0.8
  -- (the chance p lies in 0..1: when the test below holds for p = 0, or
  -- fails even for p = 1, with room for rounding, the chance is not worked
  -- out: commander_trials.lua; the same choice)
  if trials.SKIP and (best_v * 0.5 >= need or best_v * 1.6 < need) then
    if best_v * 0.5 >= need then return best end
    return nil
  end
  local p = ai.reaction_chance(G, uid, "attempting to charge", {
    fanatics_charge = G.D[best].fanatic or nil,
    li_vs_heavier = (d.type == "LI" and troops.heavier_or_mounted(G.D[best])) or nil,
  })
  if d.fanatic then p = 1 end
  if best_v * (0.5 + p) >= need then return best end
  return nil
end

-- "Cavalry and fanatic infantry may always attempt to countercharge"
function ai.countercharge(G, uid, charger)
  local d = G.D[uid]
  return d.order == "attack" and (troops.is_cavalry(d) or d.fanatic == true) and turn.in_reach(G, uid, charger)
end

-- Intervals: a unit that ends its move within CROWD mm of a friend is
-- wedged against it (its next charge or move at an angle swings into the
-- friend and goes nowhere: the commonest idle unit with an enemy in reach);
-- a move that ends so costs CROWD_PACES paces in the choice below, so the
-- line keeps room between its units as players keep intervals.
-- A skirmisher's target kept while within this many times the nearest
-- enemy's distance (plan_move).
ai.SKIRMISH_KEEP = 1.5
ai.CROWD = 10 -- mm, at every scale (4 paces at 15mm's 1 mm a pace did worse: docs/rulesets/wrg.md)
ai.CROWD_PACES = 30
-- and a turn away from the unit's facing costs TURN_PACES paces a degree
-- in that choice for a bearing off the line to its objective (a third of
-- that for the line itself), so a unit edging round a friend does not swing
-- its line one way and back period after period, and still wheels onto the
-- enemy it makes for (the full cost on that line too took Ctesiphon's
-- decided battles from 70% to 40%: horse rode on past their objectives)
ai.TURN_PACES = 0.3
-- Room to wheel (below, in try_move): measured and left off. Against off
-- (quality -n 200, seed 1) it took decided from 79.0 to 83.5% at Chalons,
-- 38.5 to 42.0% at Mons Graupius and 46.5 to 53.5% at Gaugamela, but from
-- 78.5 to 64.5% at Hydaspes (idle 3+ 10.8 -> 22.3%), and facing-oscillates
-- to 0.07-0.15 a battle in 5 scenarios (docs/rulesets/wrg.md, Measurements).
ai.WHEEL_ROOM = false

-- The paces a turn of `diff` degrees costs a unit's move (TURNING: a turn
-- of more than 45 degrees; the trial move below and its bound in
-- commander_trials.lua both read it here).
function ai.turn_cost(d, diff)
  if math.abs(diff) > 45 then return troops.turn_time(d) * turn.normal_move(d) * (d.disorganised and 2 or 1) end
  return 0
end

-- Where an ordinary move of `paces` on a bearing would leave the unit, as
-- its distance to a target afterwards (mm) and the paces moved. With
-- `score_of` (the choice's scoring, candidate i, the best score so far):
-- the friends it crowds are counted only when they could matter, else
-- crowd is nil (a crowd only adds to a score that loses already;
-- commander_trials.lua 6).
local function try_move(G, uid, b, paces, tid, near, score_of, i, best_score)
  local d = G.D[uid]
  return turn.probe(G, uid, function()
    local _, _, f = G.bf:pos(uid)
    local diff = turn.norm(b - f)
    local cost = 0
    if math.abs(diff) >= 0.5 then
      G.bf:move(uid, "turn", diff)
      cost = ai.turn_cost(d, diff)
    end
    local go = paces - cost - (d.push_debt or 0)
    local moved = 0
    if go > 0 then moved = select(2, turn.advance(G, uid, go)) end
    if score_of then
      local after = tid and G.bf:distance(uid, tid) or 0
      if score_of(i, b, after, moved, 0) >= best_score - 0.01 then return after, moved, nil end
    end
    -- friends it would end beside or behind, within CROWD mm (those in
    -- `near` not counted)
    local crowd = 0
    for _, q in ipairs(turn.near(G, uid, ai.CROWD)) do
      if G.D[q.id] and G.D[q.id].side == d.side and not (near and near[q.id]) then crowd = crowd + 1 end
    end
    -- room to wheel: from where the move ends, can the unit turn to face
    -- its objective (as its charge next period will)? A unit that ends with
    -- a friend in the sweep of that turn cannot charge from there (at
    -- Gaugamela, 17 times a battle an "attack" unit with an enemy in reach
    -- and in its front found its charge's turn stopped by a friend)
    if tid and ai.WHEEL_ROOM then
      local want = turn.norm(turn.bearing(G, uid, tid) - select(3, G.bf:pos(uid)))
      if math.abs(want) >= 5 then
        local r = G.bf:move(uid, "turn", want)
        if r and r.stopped_by and G.D[r.stopped_by] and G.D[r.stopped_by].side == d.side then crowd = crowd + 1 end
      end
    end
    return tid and G.bf:distance(uid, tid) or 0, moved, crowd
  end)
end

-- The enemy an attacking unit makes for: the nearest that is not routing,
-- preferring one already fighting friends (a reserve coming up takes it in
-- flank or adds its weight: the fight is decided sooner) and one to its front.
local function objective(G, uid, allowed, enemies)
  local best, best_d
  for _, q in ipairs(enemies or turn.enemies_within(G, uid, 3000)) do
    local o = G.D[q.id]
    if not o.routing and not o.gone then
      local dist = q.distance / MM
      if o.in_melee then dist = dist - 40 end
      -- (one already no nearer than the best is not asked about its sector
      -- or its arc: the turn only adds; commander_trials.lua)
      if not (best_d and dist >= best_d) and (not allowed or allowed(q.id)) then
        -- an enemy behind the flank needs a turn: one to the front is preferred
        if not G.bf:in_arc(uid, q.id, 90) then dist = dist + 80 end
        if not best_d or dist < best_d then best, best_d = q.id, dist end
      end
    end
  end
  return best
end

-- An ordinary move: "attack" units close with the enemy and press home.
-- The commander tries the straight line and lines 30 and 60 degrees either
-- side and takes the one that brings the unit nearest its objective, so
-- a unit behind friends or in a second line comes up round them instead of
-- standing behind them all day; it stops at its own charge reach of the
-- enemy (to charge next period) unless the enemy is already within it.
-- Which enemies an order lets a unit make for: the one named, or those
-- found in the direction written (orders/sheet.lua); nil: any (the
-- reaction instruction "move towards nearest enemy").
local function allowed_by(G, uid, o)
  if not o then return nil end
  if o.enemy then return function(id) return id == o.enemy end end
  if o.bearing then return function(id) return sheet.in_sector(G, uid, o, id) end end
  return nil
end

-- A move towards a point (advance to / retire to a feature, support, follow
-- me): straight, stopping short of it by `short` mm.
local function towards_point(G, uid, x, y, short, advancing)
  local d = G.D[uid]
  local ux, uy = G.bf:pos(uid)
  local dist = math.sqrt((x - ux) ^ 2 + (y - uy) ^ 2) - (short or 0)
  if dist <= 1 then return nil end
  return { bearing = turn.bearing_to_point(G, uid, x, y), distance = math.min(turn.normal_move(d), dist / MM),
           advancing = advancing }
end

-- The moves of the verbs that do not seek the enemy.
local function move_without_enemy(G, uid, o)
  local d = G.D[uid]
  local k = o.kind
  if k == "advance" or k == "retire" then
    if o.to then return towards_point(G, uid, o.to.x, o.to.y, 0, k == "advance") end
    local r = math.rad(o.bearing)
    local x, y = G.bf:pos(uid)
    local far = turn.normal_move(d) * MM
    return towards_point(G, uid, x - math.sin(r) * far, y + math.cos(r) * far, 0, k == "advance")
  elseif k == "support" then
    -- "Assist in any way possible": keep a few paces behind the friend
    local f = G.D[o.friend]
    local fx, fy, ff = G.bf:pos(o.friend)
    local back = (f.dp + d.dp) / 2 + 10 * MM
    local r = math.rad(ff)
    return towards_point(G, uid, fx + math.sin(r) * back, fy - math.cos(r) * back, 0, true)
  elseif k == "follow_me" then
    local gen = G.sides[d.side].general
    local gx, gy = G.bf:pos(gen)
    return towards_point(G, uid, gx, gy, (G.D[gen].dp + d.dp) / 2, true)
  end
  return nil
end

-- Which way a side tries first when it tries both (a move 30 degrees right
-- before 30 degrees left): the scenarios deploy the two sides as mirror
-- images across the table's middle line, where one side's right is the
-- other's left, so side 2 tries the other hand first. Taken in the board's
-- own order, both sides edged the same way round the table (Hinds had the
-- same fault: docs/quality.md, Mirror matches). +1 or -1. With the lines
-- drawn from the east end of the table (G.lines_from, by lot: ai.deployment)
-- the whole battle is the other's reflected end to end, hands too: each
-- side then tries its other hand first, so the army laid out with its first
-- wing on its own left tries the same hand first whichever side it is.
function ai.hand(s, G)
  if ai.TURNED_ABOUT then return 1 end
  local h = s == 2 and -1 or 1
  if G and G.lines_from == "east" then h = -h end
  return h
end

-- A move of `go` paces on bearing b, or 30 or 60 degrees either side if
-- friends or ground bar it; no way at all: nil, no move is ordered (an
-- order to move that goes nowhere is no order a player gives). A turn of
-- more than 45 degrees that takes the whole move is ordered as it is (the
-- unit turns this period and moves the next).
local function open_way(G, uid, b, go, target)
  local d = G.D[uid]
  local _, _, facing = G.bf:pos(uid)
  if math.abs(turn.norm(b - facing)) > 45 and troops.turn_time(d) * turn.normal_move(d) >= go then
    return { bearing = b, distance = go, advancing = true }
  end
  local hand = ai.hand(d.side, G)
  -- (a bearing that would swing the unit back a third time is not taken:
  -- it stands this period instead; facing_swings_test)
  local barred = barred_sense(G, d)
  for _, off in ipairs({ 0, 30, -30, 60, -60 }) do
    local bb = turn.norm(b + off * hand)
    if not swings_back(barred, facing, bb) then
      local _, moved = try_move(G, uid, bb, go, target)
      if moved >= 1 then return { bearing = bb, distance = go, advancing = true } end
    end
  end
  return nil
end

local plan_move

-- The move ordered to a unit. A move that was ordered last period from
-- the very place and facing the unit still stands in, and did not move it
-- (the trial moves skip the checks the battle makes for a unit touching
-- another, so a few look open and are not: a warband ordered the same
-- 3 paces eight periods running at the Medway), is not ordered again:
-- a player who saw it fail does not repeat it at once.
function ai.move(G, uid)
  local d = G.D[uid]
  remember_facing(G, d, uid)
  local plan = plan_move(G, uid)
  local x, y, f = G.bf:pos(uid)
  local last = d.ai_last_move
  if plan and last and last.turn == G.turn - 1 and math.abs(last.x - x) < 0.5 and math.abs(last.y - y) < 0.5
    and math.abs(turn.norm(last.f - f)) < 0.5 and math.abs(turn.norm((plan.bearing or f) - last.bearing)) < 1
    and math.abs((plan.distance or -1) - last.distance) < 0.5 then
    return nil -- (tried again the period after: something may have moved out of its way)
  end
  d.ai_last_move = plan and { turn = G.turn, x = x, y = y, f = f, bearing = plan.bearing or f, distance = plan.distance or -1 } or nil
  return plan
end

function plan_move(G, uid)
  local d = G.D[uid]
  -- under its order (a reaction instruction "move towards nearest enemy" or
  -- an uncontrolled advance overrides it)
  local o = d.state == nil and sheet.current(d) or nil
  if d.state == nil and (not o or o.kind == "hold") then return nil end
  if o and o.kind ~= "attack" and o.kind ~= "skirmish" then return move_without_enemy(G, uid, o) end
  local allowed = trials.remembered(allowed_by(G, uid, o))
  local target, dist
  -- (the list and the order's sector answers are kept for objective below:
  -- nothing moves in between; commander_trials.lua)
  local enemies = turn.enemies_within(G, uid, 3000)
  for _, q in ipairs(enemies) do
    local e = G.D[q.id]
    if not e.routing and not e.gone and (not allowed or allowed(q.id)) then target, dist = q.id, q.distance / MM; break end
  end
  if not target then
    -- nothing yet where the order points: go on in its direction
    -- (straight on, or round what bars the way)
    if o and o.bearing then return open_way(G, uid, o.bearing, turn.normal_move(d)) end
    -- no enemy in sight at all (the weather module: fog, night): its move
    -- in the dark, if it goes anywhere
    local plan = G.unseen_move and G.unseen_move(G, uid) or nil
    if plan and plan.bearing and (plan.distance or 0) > 0 then
      return open_way(G, uid, plan.bearing, plan.distance)
    end
    return plan
  end
  -- a skirmisher keeps harassing the enemy it made for last period while
  -- that one is still within SKIRMISH_KEEP times the nearest's distance:
  -- making for whichever enemy is nearest that period swung light horse
  -- between two targets, their facing back and forth period after period
  -- (issue #13, session eight: the referee's facing-oscillates; of 27
  -- read one by one at Chalons and Ctesiphon, 12 were skirmishing light
  -- horse)
  if o and o.kind == "skirmish" and d.state == nil then
    local keep = d.ai_skirmish_target
    if keep and keep ~= target then
      for _, q in ipairs(enemies) do
        local e = G.D[q.id]
        if q.id == keep and not e.routing and not e.gone and (not allowed or allowed(q.id))
          and q.distance / MM <= dist * ai.SKIRMISH_KEEP then
          target, dist = q.id, q.distance / MM
          break
        end
      end
    end
    d.ai_skirmish_target = target
  end
  local b = turn.bearing(G, uid, target)
  if d.state == "uncontrolled" then return { bearing = b, distance = turn.charge_move(d), advancing = true } end
  if o and o.kind == "skirmish" then
    -- GENERAL FEATURES OF ORDERS 4: "They will close to within their own
    -- missile range and shoot, but may evade, subject to reaction, if the
    -- enemy would otherwise come into contact." Skirmishers close no nearer
    -- than where an evade (a normal move straight away) gets them clear of
    -- the enemy's charge (the charger must cover the gap and then the
    -- evade), and do not step back of their own accord: when the enemy
    -- comes on, they evade if charged, as the text has it. (They used to
    -- keep out of the enemy's whole charge reach, turning about and back
    -- period after period whenever their range was shorter than that reach.)
    local range = d.range or 40
    local o = G.D[target]
    local threat = math.max(0, turn.charge_move(o) - turn.normal_move(d)) + 10
    local stand = math.max(range * 0.8, threat)
    if dist > stand then
      -- straight at the target, or round what bars the way
      return open_way(G, uid, b, math.min(turn.normal_move(d), dist - stand), target)
    end
    -- in range: face the target only if it is outside the shooting arc
    local arc = troops.shooting_arc(d)
    if arc >= 180 or G.bf:in_arc(uid, target, arc) then return nil end
    if swings_back(barred_sense(G, d), select(3, G.bf:pos(uid)), b) then return nil end -- (next period)
    return { bearing = b, distance = 0 }
  end
  local goal = objective(G, uid, allowed, trials.SKIP and enemies or nil) or target
  local gd = G.bf:distance(uid, goal) / MM
  b = turn.bearing(G, uid, goal)
  local reach = turn.charge_move(d)
  -- already within charge reach (the charge was declined or blocked): face
  -- the enemy and hold, or edge round a blocking friend
  local want = math.max(0, gd - math.max(1, reach * 0.5))
  if gd <= reach then want = math.max(0, gd - 1) end
  local paces = math.min(turn.normal_move(d), want)
  local _, _, facing = G.bf:pos(uid)
  -- already as close as it means to be (a pace off an enemy it did not or
  -- could not charge): a move of less than a millimetre is no move; it
  -- faces the objective if it does not already (issue #13: elephants and
  -- Companions ordered 0.2-pace moves period after period at Hydaspes)
  local barred = barred_sense(G, d)
  if paces * MM < 1 then
    if math.abs(turn.norm(b - facing)) < 1 or swings_back(barred, facing, b) then return nil end
    return { bearing = b, distance = 0 }
  end
  -- candidates: straight ahead (keeps the line and costs no turn), straight
  -- at the objective, and 30 and 60 degrees either side of it
  local h = ai.hand(d.side, G)
  local cands = { facing, b, turn.norm(b + 30 * h), turn.norm(b - 30 * h), turn.norm(b + 60 * h), turn.norm(b - 60 * h) }
  local best_b, best_score, best_moves
  -- (friends already that close are not counted: every move would pay)
  local near = {}
  for _, q in ipairs(turn.near(G, uid, ai.CROWD)) do near[q.id] = true end
  local function score_of(i, bb, after, moved, crowd)
    local score = after / MM + math.abs(turn.norm(bb - b)) * 0.05 + crowd * ai.CROWD_PACES
      + math.abs(turn.norm(bb - facing)) * (i > 2 and ai.TURN_PACES or ai.TURN_PACES / 3)
    if i == 1 and math.abs(turn.norm(bb - b)) <= 45 then score = score - 10 end
    if moved < 0.5 then score = score + 1000 end
    return score
  end
  local no_turn -- the trial of a bearing that turns the unit not at all (commander_trials.lua: sameness)
  for i, bb in ipairs(cands) do
    -- a bearing that would swing the unit back a third time running is not
    -- a candidate at all (issue #13, session ten): when it was only costed
    -- (SWING_PACES) it was still taken whenever every other bearing was
    -- blocked -- heavy foot beside a melee edging 3-36 mm with turns of
    -- 30-66 degrees, period after period (11 of the 12 facing-oscillates in
    -- 200 battles of the 15mm Medway at the inch). A player stands a
    -- period rather than swing his line back a third time; next period the
    -- bar is lifted (his line kept its facing) and he may turn then.
    if swings_back(barred, facing, bb) then goto next_bearing end
    -- (a bearing whose best score, from geometry, cannot beat the best so
    -- far is not tried: commander_trials.lua; the same choice, fewer trials)
    local least = trials.least_distance_of_move(d, bb, facing, math.max(paces, 1), gd * MM, MM, best_score and not ai.WHEEL_ROOM)
    if not (least and score_of(i, bb, least, 1, 0) >= best_score - 0.01) then
      local after, moved, crowd
      local straight = trials.SKIP and math.abs(turn.norm(bb - facing)) < 0.5
      -- (the friends crowded counted only for a trial that could still
      -- win without them: commander_trials.lua 6)
      local lazy = trials.SKIP and trials.CROWD_WHEN_NEEDED and best_score and not ai.WHEEL_ROOM
      if straight and no_turn and (no_turn[3] or not lazy or score_of(i, bb, no_turn[1], no_turn[2], 0) >= best_score - 0.01) then
        after, moved, crowd = no_turn[1], no_turn[2], no_turn[3]
      else
        after, moved, crowd = try_move(G, uid, bb, math.max(paces, 1), goal, near, lazy and score_of or nil, i, best_score)
        if straight then no_turn = { after, moved, crowd } end
      end
      crowd = crowd or 0 -- (not counted: the score loses whatever it is)
      local score = score_of(i, bb, after, moved, crowd)
      if not best_score or score < best_score - 0.01 then best_b, best_score, best_moves = bb, score, moved >= 0.5 end
    end
    ::next_bearing::
  end
  -- (tested by the flag, not the score: straight ahead's 10-pace bonus
  -- took a blocked move's score just under 1000, and the move that went
  -- nowhere was ordered: a warband 3 paces, period after period)
  if not best_moves then
    -- no way forward: face the objective, unless already facing it (a move
    -- that neither moves nor turns the unit is no order: issue #13)
    if math.abs(turn.norm(b - facing)) < 1 or swings_back(barred, facing, b) then return nil end
    return { bearing = b, distance = 0 }
  end
  return { bearing = best_b, distance = paces, advancing = true }
end

-- The commander's view of the battle: a side "decisively beaten" is one
-- that has lost (off the table, routing or leaving) at least a third of its
-- units and stands with less than half the points its enemy still has
-- standing. Its commander orders what is
-- left off the field (the written order to withdraw is abstracted: it is
-- obeyed at once) and the side has fled the field. Called by the battle at
-- the end of each period.
function ai.withdraw(G, s)
  local victory = require("wrg.victory")
  local side = G.sides[s]
  local lost = 0
  for _, uid in ipairs(side.units) do
    local d = G.D[uid]
    if d.gone or d.routing or d.leaving or d.off_table then lost = lost + 1 end
  end
  if lost * 3 < #side.units then return false end
  return victory.points_left(G, s) * 2 < victory.points_left(G, 3 - s)
end

return ai
