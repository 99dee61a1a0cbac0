-- WRG Ancients 1973, one period of play (rulesets/wrg/turn.lua): THE REACTION TEST as the battle takes it (situation, test, results, instructions) and BROKEN TROOPS turning to run.
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
local order_sheet = require("wrg.orders.sheet")
local generals = require("wrg.generals.command")
local obstacles = require("wrg.terrain.steep_hills_and_walls")
local subunits = require("wrg.units.subunits")
local in_sight = require("wrg.sight.troops_in_sight")
local surprise = require("wrg.sight.surprise")

-- from the other parts (bound by part.link)
local bearing, charge_move, enemies_within, friends_within, live, mm, norm, normal_move, on_hill, say
local turn_in_place

-- Reaction tests

-- The units near a tester, nearest first (ties by id), in kept lists: one
-- bf:within out to the farther of the two radii the situation asks about
-- (150 paces, any side; 240 paces, enemies), each loop below taking its
-- part. Each part is the list turn.near gives for its own radius and side
-- (bf:within's test is edge distance <= within: the same distances, so
-- `dist <= r + CONTACT_TOLERANCE` is turn.near's own test).
local CONTACT_TOLERANCE = 1e-6 -- turn.near's (bf:query's) contact tolerance
local near_ids, near_dists = {}, {}

-- The situation of a unit for a reaction test, worked out from the table.
function turn.situation(G, uid, extra)
  local d = G.D[uid]
  local s = { chart = d.order and 1 or 2 }
  local friends, enemies, e_rout, f_rout = 0, 0, 0, 0
  local radius, reach = mm(tables.reaction_radius), mm(240)
  local n = G.bf:within(uid, math.max(radius, reach), 0, near_ids, near_dists) -- the core adds its contact tolerance
  for i = 1, n do
    if near_dists[i] > radius + CONTACT_TOLERANCE then break end
    local oid = near_ids[i]
    local o = G.D[oid]
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
        if G.bf:in_arc(oid, uid, 90) then enemies = enemies + 1 end
        if troops.is_cavalry(o) then s.enemy_cavalry = true end
        if o.advancing then s.enemy_advancing = true end
        if o.retiring then s.enemy_retiring = true end
        if o.type == "EL" or o.type == "CH" then s.elephants_chariots = true end
        if o.huns then s.huns = true end
        -- (the edge asked only while it can still set the factor)
        if not o.in_melee and not s.enemy_flank_presented and turn.edge(G, oid, uid) ~= "front" then
          s.enemy_flank_presented = true
        end
      end
    end
  end
  s.friendly_units, s.enemy_units, s.enemy_routing, s.friends_routing = friends, enemies, e_rout, f_rout
  -- enemy behind flank or in rear and within its charge reach
  local enemy_side = 3 - d.side
  for i = 1, n do
    if near_dists[i] > reach + CONTACT_TOLERANCE then break end
    local oid = near_ids[i]
    local o = G.D[oid]
    if o.side == enemy_side and not o.routing and near_dists[i] <= mm(charge_move(o)) then
      local edge = turn.edge(G, uid, oid)
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
  -- The General: with the unit (+3) or within 150 paces (+1); a
  -- subordinate for his own troops, with his personality (wrg.generals.command).
  generals.influence(G, uid, s)
  for _, g in ipairs(G.sides[d.side].generals_lost or {}) do
    local ux, uy = G.bf:pos(uid)
    if g.unit == uid or math.sqrt((ux - g.x) ^ 2 + (uy - g.y) ^ 2) <= mm(250)
      or (g.challenge and generals.under(G, g.general, uid)) then s.general_lost = true end
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
  if obstacles.behind_wall(G, uid) then s.cover_square_defences = true end
  -- "Sub-unit beyond sight or normal move of its main body" (-2)
  if subunits.beyond(G, uid) then s.subunit_beyond = true end
  -- "any other friendly troops / enemy in sight", "surprised by enemy
  -- emerging or shooting from cover" (wrg.sight)
  in_sight.set(G, uid, s)
  surprise.set(G, uid, s)
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
  if G.reaction_bonus then s.bonus = G.reaction_bonus(G, uid, s) end
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
  -- (figures detached in sub-units are separated, not lost: wrg.units.subunits)
  if (d.figures + (d.separated or 0)) * 2 < d.original and d.figures < (d.half_tested_at or math.huge) then
    d.half_tested_at = d.figures
    local out = turn.test(G, uid, "below half strength")
    if out.rank < 3 then
      if subunits.rout_home(G, uid) then return end  -- a sub-unit retires to its main body
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
  -- LOSS OF ORDERS: "When ... a "without orders" reaction test is taken,
  -- standing orders will once more apply."
  if out.chart == 2 then d.forgot = nil end
  d.last_test_why, d.last_test_turn = why, G.turn
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
    else d.state, d.state_periods = "retreat", 3; order_sheet.cross_out(G, uid, "retreat") end
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
    order_sheet.forget(G, uid, "uncontrolled advance")
  end
  -- An instruction of so many periods counts the periods of play it
  -- governs. The count goes down as each period starts (the upkeep), so one
  -- given by a test at the end of a period (G.at_period_end) takes one more:
  -- "HALT - 2 PERIODS" from an end-of-period test halts the unit in the next
  -- two periods (it used to govern only the next one); one given during the
  -- declarations governs this period and the next.
  if G.at_period_end and d.state and (d.state_periods or 0) > 0 then d.state_periods = d.state_periods + 1 end
end

-- A compulsory test's instruction is followed whatever it is: halt and
-- uncontrolled advance as much as break or retire (the battle used to act
-- only on results worse than "Halt"). "Carry on" and "Act as C in C would
-- wish" leave the unit to its order and its commander.
function turn.obey(G, uid, out, under_threat)
  if out.result == "act_as_c_in_c" then require("wrg.orders.phase").act_as_c_in_c(G, uid) end
  if out.result == "carry_on" or out.result == "act_as_c_in_c" then return end
  turn.apply_result(G, uid, out, under_threat)
  subunits.share(G, uid, out, under_threat)  -- sub-units within a normal move obey it too
end

-- "Each unit not already following a reaction instruction must test."
-- (sub-units within a normal move of their main body take its result:
-- d.conforms, wrg.units.subunits)
local function free_to_test(d)
  return (d.state == nil or d.state == "rally_back") and not d.conforms
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
  order_sheet.forget(G, uid, "broken")
  d.state, d.state_periods = nil, 0
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
  subunits.on_rout(G, uid)  -- a sub-unit after a test under 1 runs to its main body
end

local part = {}
function part.link()
  bearing = P.bearing
  charge_move = P.charge_move
  enemies_within = P.enemies_within
  friends_within = P.friends_within
  live = P.live
  mm = P.mm
  norm = P.norm
  normal_move = P.normal_move
  on_hill = P.on_hill
  say = P.say
  turn_in_place = P.turn_in_place
end
P.free_to_test = free_to_test
return part
