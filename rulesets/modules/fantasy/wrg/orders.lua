-- WRG 1973 Appendix IV and the WRG order system (wrg.orders: the order
-- sheet, messengers, signals), in this ruleset instance only:
--   DRAGONS "will stick to their first order until they forget it ...
--   Changes in orders irritate them, and they will not only not obey the new
--   orders, but will eat the messenger": an order brought to a dragon is not
--   received and its messenger is eaten; no other change of order (a signal,
--   "act as C in C would wish") is taken either; forgetting crosses the
--   order out (LOSS OF ORDERS: "no orders" reaction tests follow).
--   Spell 11: "Target forgets its orders, and is incapable of understanding
--   any fresh orders for two periods, or obeying any previously arranged
--   signals": the order is crossed out, and for two periods no order or
--   signal is taken.
--   TAME CROWS "can carry messages for their master, travelling at light
--   cavalry speed": while a side has tame crows, its messages fly at the
--   light cavalry's moves (when faster than the General's riders), and no
--   enemy on the ground can ride a crow down.
-- Without the order system (an older WRG), none of this is wrapped and the
-- dragon's first order is kept on d.order (beasts.lua).
local S = require("modules.fantasy.states")
local K = require("modules.fantasy.wrg.common")

local O = {}

-- The orders that change nothing: written before the battle.
local FIRST = { start = true }

local function refuses(G, d, how)
  if not G.fantasy or FIRST[how] then return nil end
  if K.has(d, "eats_messenger") or K.has(d, "forgets_orders") then return "dragon" end
  if d.fx and S.flag(d.fx, "no_orders") then return "forgetful" end
  return nil
end

function O.apply(rules)
  local ok_sheet, sheet = pcall(rules.require, "wrg.orders.sheet")
  local ok_ms, messengers = pcall(rules.require, "wrg.orders.messengers")
  if not ok_sheet or type(sheet) ~= "table" or not sheet.enter then return false end

  local receive = sheet.receive
  sheet.receive = function(G, uid, o, how)
    local d = G.D[uid]
    local why = refuses(G, d, how)
    if why == "dragon" then
      K.say(G, "  %s will not obey new orders -- and eats the messenger.", d.name)
      K.log(G, "fantasy", { what = "dragon_eats_messenger", unit = uid })
      return
    elseif why == "forgetful" then
      K.say(G, "  %s cannot understand the order it is brought (spell 11).", d.name)
      K.log(G, "fantasy", { what = "order_not_understood", unit = uid })
      return
    end
    return receive(G, uid, o, how)
  end

  local enter = sheet.enter
  sheet.enter = function(G, uid, o, how)
    local d = G.D[uid]
    if refuses(G, d, how) then
      K.log(G, "fantasy", { what = "order_not_taken", unit = uid, how = how })
      return nil
    end
    return enter(G, uid, o, how)
  end

  if ok_ms and type(messengers) == "table" and messengers.dictate and messengers.ride_all then
    local LC = rules.require("wrg.tables").moves.LC
    local dictate = messengers.dictate
    messengers.dictate = function(G, s, o)
      local m, why = dictate(G, s, o)
      if m and G.fantasy and #K.with_trait(G, "messengers", s) > 0 then
        m.by_crows = true
        if LC[1] > m.normal then m.normal = LC[1] end
        if LC[2] > m.charge then m.charge = LC[2] end
        K.log(G, "fantasy", { what = "crows_carry_message", side = s })
      end
      return m, why
    end
    -- crows fly: no enemy on the ground rides them down
    local ride_all, interceptor = messengers.ride_all, messengers.interceptor
    messengers.ride_all = function(G)
      local crows, riders = {}, {}
      for _, m in ipairs(G.messengers or {}) do
        if m.by_crows then crows[#crows + 1] = m else riders[#riders + 1] = m end
      end
      if #crows == 0 then return ride_all(G) end
      G.messengers = crows
      messengers.interceptor = function() return nil end
      local ok, err = pcall(ride_all, G)
      messengers.interceptor = interceptor
      if not ok then error(err, 0) end
      local flown = G.messengers or {}
      G.messengers = riders
      ride_all(G)
      for _, m in ipairs(flown) do G.messengers[#G.messengers + 1] = m end
    end
  end
  return true
end

-- The dragon forgets (beasts.lua) or spell 11 strikes: the order is crossed
-- out as the sheet does it (LOSS OF ORDERS). Without the order system, the
-- verb alone goes.
function O.forget(G, uid, why)
  if G.rules and G.rules.require then
    local ok, sheet = pcall(G.rules.require, "wrg.orders.sheet")
    if ok and type(sheet) == "table" and sheet.forget then sheet.forget(G, uid, why); return end
  end
  G.D[uid].order = nil
end

return O
