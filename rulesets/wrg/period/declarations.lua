-- WRG Ancients 1973, one period of play (rulesets/wrg/turn.lua): 1. orders and charge declarations, with the tests for attempting to charge and being charged, countercharges and evades.
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
local orders_phase = require("wrg.orders.phase")
local recoil = require("wrg.units.recoil")
local during_charge = require("wrg.shooting.during_a_charge")

-- from the other parts (bound by part.link)
local charge_move, enemies_within, live, mm, normal_move, say

-- 1. Declarations

local function in_reach(G, uid, target)
  local d = G.D[uid]
  return G.bf:distance(uid, target) <= mm(charge_move(d)) and G.bf:in_arc(uid, target, 45)
end

local function declare(G)
  -- ORDERS: orders digested, signals obeyed, messengers riding, orders
  -- carried out crossed out, the General's new orders (rulesets/wrg/orders/)
  orders_phase.phase(G)
  G.charges = {}
  -- RISK TO THE GENERAL, GENERALS: challenges, a General taking over a unit
  require("wrg.generals.challenge").declare(G)
  require("wrg.generals.takeover").declare(G)
  -- SUB-UNITS: orders follow the main body; detaching, rejoining
  require("wrg.units.subunits").declare(G)
  require("wrg.sight.surprise").snapshot(G)  -- who stands in cover as the period starts
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
    -- (reorganising this period: d.reorganising_now, set at the upkeep; the
    -- spent counter is 0, which Lua reads as true: tests/reorganising_test)
    if live(d) and not d.routing and not d.in_melee and d.moves[2] and not d.reorganising_now
      and not (d.reorganising and d.reorganising > 0) and not recoil.held(G, uid)
      and not d.pursuing and not d.leaving and not d.square and d.squaring == nil and d.mounting == nil
      and (d.state == nil or d.state == "uncontrolled" or d.state == "advance")
      and not (G.no_charge and G.no_charge(G, uid)) then -- hook: fantasy (stone, asleep, in the air)
      local cmd = G.sides[d.side].commander
      local target = cmd.charge_target(G, uid)
      if d.state == "uncontrolled" then
        local e = enemies_within(G, uid, charge_move(d), 60)
        target = e[1] and e[1].id or nil
      end
      if target and G.no_charge_at and G.no_charge_at(G, uid, target) then target = nil end -- hook: fantasy (flyers)
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
          -- (forced: the rules chose the target, "IN ATTEMPT TO CONTACT", not the
          -- commander: the referee is told of it as a move of its own kind)
          G.charges[#G.charges + 1] = { charger = uid, target = target, forced = d.state == "uncontrolled" or nil }
          during_charge.note(G, G.charges[#G.charges])  -- where the charge began
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
  -- CHARGING: "A unit with orders to charge any enemy coming within reach
  -- will count as countercharging, even if no charge is intended against
  -- it. The same applies when a unit ordered to support another sees it
  -- threatened." A unit under a "support" order whose friend is charged
  -- countercharges a charger within its own charge reach and front 45
  -- degrees (no choice: the order decides).
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local o = d.order == "support" and d.orders or nil
    if o and o.friend and charged[o.friend] and live(d) and not d.routing and d.state == nil and not d.in_melee
      and not d.charging and not d.evading and not d.countercharging and not d.pursuing and d.moves[2] and not d.square then
      for _, c in ipairs(charged[o.friend]) do
        if live(G.D[c]) and in_reach(G, uid, c) then
          d.countercharging = true
          say(G, "  %s countercharges in support of %s.", d.name, G.D[o.friend].name)
          break
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
      elseif not d.charging and not d.reorganising_now and not (d.reorganising and d.reorganising > 0) then
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

local part = {}
function part.link()
  charge_move = P.charge_move
  enemies_within = P.enemies_within
  live = P.live
  mm = P.mm
  normal_move = P.normal_move
  say = P.say
end
P.in_reach = in_reach
P.declare = declare
return part
