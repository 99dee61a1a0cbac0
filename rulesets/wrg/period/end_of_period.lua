-- WRG Ancients 1973, one period of play (rulesets/wrg/turn.lua): 5. reaction tests at the end of the period, voluntary tests, upkeep at the start of the next.
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
local generals = require("wrg.generals.command")
local camels = require("wrg.units.camels")
local subunits = require("wrg.units.subunits")
local allegiance = require("wrg.units.allegiance")
local surprise = require("wrg.sight.surprise")

-- from the other parts (bound by part.link)
local charge_move, enemies_within, free_to_test, live, mm, norm, say, split, turn_in_place

-- 5. Reaction tests at the end of the period, and upkeep

local side_tests

local function end_of_period(G)
  subunits.mark(G)  -- sub-units near their main body take its results (wrg.units.subunits)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and d.general and ((d.received or 0) > 0 or (d.missile or 0) > 0) then turn.risk_to_general(G, uid) end
  end
  -- simultaneous tests "taken from right to left": side by side, by x
  -- (east first for the south side, west first for the north side)
  local order, at = {}, {}
  for _, uid in ipairs(G.all) do
    if live(G.D[uid]) then order[#order + 1] = uid; at[uid] = G.bf:pos(uid) end -- read once, not per comparison
  end
  table.sort(order, function(a, b)
    local xa = at[a]
    local xb = at[b]
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
        and not G.bf:removed(b) and G.bf:distance(uid, b) <= mm(150) then
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
        if uid == g.unit or math.sqrt((x - g.x) ^ 2 + (y - g.y) ^ 2) <= mm(150)
          or (g.challenge and generals.under(G, g.general, uid)) then
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
      local caught = turn.any_within(G, uid, 1, true)
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
      -- (troops kept off the table by the sketch map and not yet come are
      -- not "off the table": they have not left it; wrg.deployment.sketch_map)
      for _, uid in ipairs(side.units) do
        local d = G.D[uid]
        if d.gone or (d.off_table and not d.off_table.from) then off = off + 1 end
      end
      if off * 3 >= #side.units then
        side.army_tested = true
        say(G, "  %s: a third of its units are off the table: army reaction test.", side.name)
        for _, uid in ipairs(order) do
          local d = G.D[uid]
          if live(d) and d.side == s and not d.routing and free_to_test(d) then
            local out = turn.test(G, uid, "army reaction test", { army_test = true })
            -- subject levies and mercenaries (wrg.units.allegiance)
            if not allegiance.army_test(G, uid, out) then
              turn.obey(G, uid, out, d.in_melee or #enemies_within(G, uid, charge_move(d)) > 0)
            end
          end
        end
      end
    end
  end
  surprise.end_of_period(G, order, free_to_test)  -- 2(i): an enemy appears from cover within 100 paces
  turn.voluntary_tests(G, order)
  subunits.end_of_period(G)
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
          -- an instruction run out gives no order back: a unit whose order
          -- was cancelled waits for new orders (rulesets/wrg/orders/)
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
      -- "... or non-Arab horsed troops within 30 paces of camels" (wrg.units.camels)
      if not dis and camels.scares(G, uid) then dis = true end
      if d.push_backs and d.push_backs > 0 and d.in_melee and d.disorganised then dis = true end
      -- cause 5 lasts for the period of the obstructed move; cause 3 while
      -- the split stands
      d.obstructed = nil
      if not dis and split(G, uid) then dis = true end
      d.disorganised = dis and true or false
    end
  end
end

local part = {}
function part.link()
  charge_move = P.charge_move
  enemies_within = P.enemies_within
  free_to_test = P.free_to_test
  live = P.live
  mm = P.mm
  norm = P.norm
  say = P.say
  split = P.split
  turn_in_place = P.turn_in_place
end
P.side_tests = side_tests
P.end_of_period = end_of_period
P.upkeep = upkeep
return part
