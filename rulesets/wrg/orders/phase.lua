-- WRG Ancients 1973: the orders part of a period (phase 1 of
-- rulesets/wrg/turn.lua, before charges are declared), and the ways an
-- order reaches a unit without a messenger.
--
-- At the start of each period, in this order:
--   1. orders digested (received two periods ago... see sheet.receive) and
--      "follow me" shouted last period come into force;
--   2. signals made last period are obeyed ("Troops receiving them obey next
--      period");
--   3. messengers ride; orders they bring are received (and digested next
--      period);
--   4. orders carried out are crossed out (the unit waits for new orders);
--   5. the commander's `change_orders(G, s)` may have the General dictate one
--      order (a messenger sets out next period), make one signal, and shout
--      "Follow me" to a unit he has joined:
--        return { dictate = order, signal = n, follow_me = uid }  (any, or nil)
local S = require("wrg.orders.sheet")
local V = require("wrg.orders.vocabulary")
local MS = require("wrg.orders.messengers")
local SG = require("wrg.orders.signals")

local O = {}

-- Before the battle: the orders, the signals' meanings and the standing
-- orders, in writing. STANDING ORDERS: "Such standing orders must be handed
-- to the Umpire at the start of the game ... Standing orders left at home are
-- not acceptable as evidence!": a commander's `standing_orders(G, s)` lists
-- their texts, logged now; the commander's scripts that carry them out (for
-- the default commander, ai.voluntary_test and the skirmishers' moves) are
-- the behaviour the texts describe.
function O.write(G)
  S.write_initial(G)
  for s = 1, 2 do
    SG.define(G, s)
    local cmd = G.sides[s].commander
    local list = cmd.standing_orders and cmd.standing_orders(G, s) or {}
    if #list > 0 then S.log(G, "standing_orders", { side = s, orders = list }) end
  end
end

-- CHANGE OF ORDERS 4: "A general may join a unit and shout "Follow me". It
-- will then follow him next period without spending any time digesting the
-- order. He must remain in its front rank until he has given it further
-- orders and it has digested them. He cannot do this if he controls a
-- bodyguard of more than 5 figures including his own." Joined: his unit
-- touches the unit. Returns true, or false and why not.
function O.follow_me(G, s, uid)
  local gen = G.sides[s].general
  if not MS.general_free(G, s) then return false, "no General" end
  if gen ~= uid and G.bf:distance(gen, uid) > 1 then return false, "the General has not joined the unit" end
  local o = { kind = "follow_me", units = { uid } }
  local why = V.check(G, uid, o)
  if why then
    S.log(G, "order_refused", { unit = uid, order = "follow_me", reason = why })
    return false, why
  end
  G.D[uid].pending = { order = o, ready = G.turn + 1, how = "follow_me" }
  S.log(G, "follow_me", { side = s, unit = uid })
  S.say(G, "  the General joins %s and shouts \"Follow me\".", G.D[uid].name)
  return true
end

-- CHANGE OF ORDERS 7: "When a reaction test results in "Act as general
-- wishes" a new order may be written down, underlined and acted on
-- immediately." The commander's `act_as_c_in_c(G, uid)` gives the order (nil:
-- the unit keeps the one it has).
function O.act_as_c_in_c(G, uid)
  local d = G.D[uid]
  local cmd = G.sides[d.side].commander
  local o = cmd.act_as_c_in_c and cmd.act_as_c_in_c(G, uid)
  if not o then return end
  local why = V.check(G, uid, o)
  if why then
    S.log(G, "order_refused", { unit = uid, order = tostring(o.kind), reason = why })
    return
  end
  d.pending = nil
  S.enter(G, uid, o, "act_as_c_in_c")
end

function O.phase(G)
  S.digest(G)
  SG.obey(G)
  MS.ride_all(G)
  S.cross_out_completed(G)
  for s = 1, 2 do
    local cmd = G.sides[s].commander
    local c = cmd.change_orders and cmd.change_orders(G, s)
    if c then
      if c.dictate then MS.dictate(G, s, c.dictate) end
      if c.signal then SG.make(G, s, c.signal) end
      if c.follow_me then O.follow_me(G, s, c.follow_me) end
    end
  end
end

return O
