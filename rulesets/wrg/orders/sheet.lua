-- WRG Ancients 1973: the order sheet. Who holds which order, when an order
-- arrives, is digested, is carried out, and is lost.
--
-- A unit's data: d.orders (the current order, the structured sentence of
-- orders/vocabulary.lua, or nil), d.order (its verb, or nil: what the rest of
-- the battle reads), d.pending (an order received and being digested:
-- { order =, ready = the period it is acted on }), d.forgot (LOSS OF ORDERS:
-- standing orders forgotten too).
--
-- CHANGE OF ORDERS 6: "When new orders are issued, they should be written
-- down on the order sheet at once, but are not implemented until the
-- messenger reaches his destination, this implementation to be shown on the
-- order sheet by underlining the order. When the order has been carried out
-- and completed, or replaced by a new order, or the unit has routed or
-- advanced out of control, it should be crossed out with a diagonal line.
-- The unit can then wait for new orders to reach it, or take a "No current
-- order" reaction test." Every line of the sheet is an event of the battle's
-- log: order (underlined: in force), order_dictated (written, a messenger
-- rides), order_received (digesting), order_crossed_out.
local V = require("wrg.orders.vocabulary")

local S = {}

local function say(G, fmt, ...)
  if G.report then G.report(string.format(fmt, ...)) end
end
S.say = say

local function log(G, kind, fields)
  if G.log then G.bf:log(kind, fields) end
end
S.log = log

local function live(d) return d and not d.gone and not d.off_table end
S.live = live

-- The order in force (underlined). A unit set up by hand with only a verb
-- (d.order = "hold") has that verb as its whole order.
function S.current(d)
  if not d.order then return nil end
  if d.orders and d.orders.kind == d.order then return d.orders end
  return { kind = d.order }
end

-- The order becomes the unit's current order at once (underlined). how:
-- "start" (written before the battle), "messenger" (digested), "signal",
-- "act_as_c_in_c" (CHANGE OF ORDERS 7: "implement at once"), "follow_me".
function S.enter(G, uid, o, how)
  local d = G.D[uid]
  local c = V.copy(o)
  c.units = nil
  c.text = V.text(G, c)
  c.since, c.how = G.turn, how
  if d.orders then log(G, "order_crossed_out", { unit = uid, why = "replaced by a new order" }) end
  d.orders, d.order = c, c.kind
  -- LOSS OF ORDERS: "When new orders arrive ... standing orders will once
  -- more apply."
  d.forgot = nil
  log(G, "order", { unit = uid, side = d.side, order = c.kind, text = c.text, how = how })
  say(G, "  %s: order \"%s\" (%s).", d.name, c.text, how)
  return c
end

-- CHANGE OF ORDERS 6: crossed out (carried out, routed, advanced out of control).
function S.cross_out(G, uid, why)
  local d = G.D[uid]
  if not d.orders and not d.order then return end
  d.orders, d.order = nil, nil
  log(G, "order_crossed_out", { unit = uid, why = why })
  say(G, "  %s: order crossed out (%s).", d.name, why)
end

-- LOSS OF ORDERS: "A unit which has made an uncontrolled advance or been
-- broken is treated as having forgotten all orders, including standing
-- orders. It will, however, remember the meanings of signals." An order
-- still being digested is forgotten with the rest.
function S.forget(G, uid, why)
  local d = G.D[uid]
  S.cross_out(G, uid, why)
  if d.pending then log(G, "order_crossed_out", { unit = uid, why = why .. ": the order being digested is forgotten" }) end
  d.pending = nil
  d.forgot = true
end

-- CHANGE OF ORDERS 2: "One complete period is required ... for a unit to
-- digest a newly received order. This is not hindered by normal speed
-- movement." Received during period t (the messenger's ride of period t),
-- digested during period t+1, acted on from period t+2; meanwhile the unit
-- goes on under the order it has (or waits, having none).
S.DIGEST = 1
function S.receive(G, uid, o, how)
  local d = G.D[uid]
  d.pending = { order = o, ready = G.turn + 1 + S.DIGEST, how = how }
  log(G, "order_received", { unit = uid, text = V.text(G, o), ready = d.pending.ready })
  say(G, "  %s receives the order \"%s\" (acted on from period %d).", d.name, V.text(G, o), d.pending.ready)
end

-- Digested orders come into force at the start of their period.
function S.digest(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if d.pending and d.pending.ready <= G.turn then
      local p = d.pending
      d.pending = nil
      if live(d) and not d.routing then S.enter(G, uid, p.order, p.how) end
    end
  end
end

-- Whether an order has been "carried out and completed" (CHANGE OF ORDERS 6).
local function arrived(G, uid, o)
  if not o.to then return false end
  local x, y = G.bf:pos(uid)
  return math.sqrt((x - o.to.x) ^ 2 + (y - o.to.y) ^ 2) <= G.D[uid].dp + 1
end

local function standing_enemy(G, id)
  local o = G.D[id]
  return live(o) and not o.routing and not o.leaving
end

-- An enemy "found in the direction written": its bearing from the unit within
-- S.SECTOR degrees of the order's bearing.
S.SECTOR = 90
local function sector_holds(G, x1, y1, o, eid)
  local x2, y2 = G.bf:pos(eid)
  local b = math.deg(math.atan(-(x2 - x1), y2 - y1))
  local diff = (b - o.bearing + 180) % 360 - 180
  return math.abs(diff) <= S.SECTOR
end

function S.in_sector(G, uid, o, eid)
  local x1, y1 = G.bf:pos(uid)
  return sector_holds(G, x1, y1, o, eid)
end

-- The standing enemies in the sector, in unit order; with `first`, only
-- whether there is one (the first found, or nil: S.done asks every unit
-- with such an order at the start of every period).
function S.enemies_in_sector(G, uid, o, first)
  local out = {}
  local side = G.D[uid].side
  local x1, y1 = G.bf:pos(uid)
  for _, eid in ipairs(G.bf:units()) do
    local e = G.D[eid]
    if e.side ~= side and standing_enemy(G, eid) and sector_holds(G, x1, y1, o, eid) then
      if first then return eid end
      out[#out + 1] = eid
    end
  end
  if first then return nil end
  return out
end

function S.done(G, uid, o)
  local k = o.kind
  if k == "hold" then return false end
  if V.GOES_TO[k] then
    if o.to then return arrived(G, uid, o) end
    -- a direction: done at the table edge ("the order "Move South West"
    -- may result in the troops leaving the field completely": a program
    -- stops them at the edge instead)
    local x, y = G.bf:pos(uid)
    local r = math.rad(o.bearing)
    local ax, ay = x - math.sin(r) * G.D[uid].dp, y + math.cos(r) * G.D[uid].dp
    local w, dpt = G.bf:size()
    return ax < 0 or ay < 0 or ax > w or ay > dpt
  end
  if k == "attack" or k == "skirmish" then
    if o.enemy then return not standing_enemy(G, o.enemy) end
    if o.bearing then return S.enemies_in_sector(G, uid, o, true) == nil end
    return false
  end
  if k == "support" then
    local f = G.D[o.friend]
    return not live(f) or f.routing or f.leaving
  end
  if k == "follow_me" then
    local gen = G.sides[G.D[uid].side].general
    return not gen or not live(G.D[gen]) or G.D[gen].routing
  end
  return false
end

-- TARGET PRIORITIES 3: "Enemy attacking or shooting at friendly troops that
-- they are directly ordered to support or who form part of their own unit,
-- or enemy who they have been ordered to treat as a priority target."
-- Attacking: charging the friend this period or fighting it; shooting: it shot
-- at the friend last period; a priority target: the enemy named in the order.
function S.priority_target(G, uid, eid)
  local o = S.current(G.D[uid])
  if not o then return false end
  if o.enemy == eid then return true end
  if o.kind ~= "support" or not o.friend then return false end
  local e = G.D[eid]
  if e.fired_turn == G.turn - 1 and e.fired_at == o.friend then return true end
  for _, c in ipairs(G.charges or {}) do
    if c.charger == eid and c.target == o.friend then return true end
  end
  for _, op in ipairs(e.opponents or {}) do if op == o.friend then return true end end
  return false
end

-- Orders carried out are crossed out at the start of a period: the unit then
-- waits for new orders (or takes a "no current order" test: its commander's
-- voluntary_test; chart 2 of THE REACTION TEST).
function S.cross_out_completed(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and not d.routing and d.orders and S.done(G, uid, d.orders) then
      S.cross_out(G, uid, "carried out")
    end
  end
end

-- The orders written before the battle: the commander's `orders(G, s)` (a
-- list of orders, each for a unit or a group), else its older
-- `order(G, s, d)` (a verb per unit). An order the text forbids is refused
-- with its reason and the unit starts without one.
function S.write_initial(G)
  for s = 1, 2 do
    local cmd = G.sides[s].commander
    local list = {}
    if cmd.orders then
      list = cmd.orders(G, s) or {}
    elseif cmd.order then
      for _, uid in ipairs(G.sides[s].units) do
        local k = cmd.order(G, s, G.D[uid])
        if k then
          local o = { kind = k, units = { uid } }
          if k == "attack" or k == "skirmish" then o.bearing = s == 1 and 0 or 180 end
          list[#list + 1] = o
        end
      end
    end
    for i, o in ipairs(list) do
      if type(o) ~= "table" or type(o.units) ~= "table" then
        -- a commander from a mod that writes something else is told so
        require("lib.fail")("wrg orders: the commander of side %d wrote order %d as %s; expected a table " ..
          "{ kind = ..., units = { unit ids } } (rulesets/wrg/orders/vocabulary.lua)", s, i, type(o))
      end
      for _, uid in ipairs(o.units) do
        local why = V.check(G, uid, o)
        if why then
          log(G, "order_refused", { unit = type(uid) == "number" and uid or nil, order = tostring(o.kind), reason = why })
          say(G, "  %s: order refused: %s.", G.D[uid] and G.D[uid].name or tostring(uid), why)
        else
          S.enter(G, uid, o, "start")
        end
      end
    end
  end
end

return S
