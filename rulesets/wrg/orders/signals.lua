-- WRG Ancients 1973, CHANGE OF ORDERS 3: signals.
--
-- "Simple pre-arranged visual or trumpet signals can be used. These can
-- reach any formation with a figure within 250 paces of the General figure
-- and affect all units that see them, unless they have been told in advance
-- that the signal does not concern them. Barbarian generals or troops can
-- only make or understand 2 signals, regulars up to 5. Only one signal can be
-- made each period, and they cannot be used in combinations. Troops
-- receiving them obey next period. Players must define both the type and
-- meaning of the signal in advance and in writing".
--
-- A signal is defined before the battle as
--   { type = "three blasts of the horn", order = { kind =, bearing =, ... },
--     at_nearest_enemy = true,    -- attack/skirmish the nearest enemy it sees
--     without_orders_only = true,  -- "does not concern" units that hold an order
--     skirmishers_only = true,     -- ... units other than light infantry
--                                  --     and light cavalry with missiles
--     not_for_skirmishers = true } -- ... light infantry and light cavalry
--                                  --     with missiles
-- (the meaning written once for every unit: what a unit does is the order,
-- with the direction of the nearest enemy when the meaning says so).
-- Signals are numbered in the order written; a barbarian General makes
-- signals 1-2 only, barbarian troops understand signals 1-2 only. LOSS OF
-- ORDERS: units that forgot their orders "remember the meanings of signals".
local tables = require("wrg.tables")
local S = require("wrg.orders.sheet")
local MS = require("wrg.orders.messengers")
local V = require("wrg.orders.vocabulary")
local troops = require("wrg.troops")

local SG = {}
local MM = tables.MM_PER_PACE

local function limit(d) return d.regular and tables.orders.signals.regular or tables.orders.signals.barbarian end

-- The signals of a side, written before the battle (its commander's
-- `signals(G, s)`); more than the General can make is refused.
function SG.define(G, s)
  local cmd = G.sides[s].commander
  local list = cmd.signals and cmd.signals(G, s) or {}
  local gen = G.sides[s].general
  local max = gen and limit(G.D[gen]) or tables.orders.signals.barbarian
  G.signals = G.signals or {}
  local kept = {}
  for i, sg in ipairs(list) do
    if i > max then
      S.log(G, "signal_refused", { side = s, signal = i, reason = "a barbarian General can only make 2 signals, a regular 5" })
    else
      kept[i] = sg
    end
  end
  G.signals[s] = kept
  if #kept > 0 then
    local texts = {}
    for i, sg in ipairs(kept) do texts[i] = string.format("%d: %s = %s", i, sg.type or "signal", sg.text or sg.order.kind) end
    S.log(G, "signals_defined", { side = s, signals = texts })
  end
end

-- Whether a unit has been told the signal concerns it.
local function concerns(sg, d)
  if sg.without_orders_only and S.current(d) then return false end
  local sk = (d.type == "LI" or d.type == "LC") and troops.missile(d) ~= nil
  if sg.skirmishers_only and not sk then return false end
  if sg.not_for_skirmishers and sk then return false end
  return true
end

-- The bearing from a unit to the nearest standing enemy it can see.
local function nearest_seen(G, uid)
  local best, bd
  for _, q in ipairs(G.bf:query{ of = uid, within = 100000, enemy = true }) do
    local o = G.D[q.id]
    if not o.routing and not o.leaving and G.bf:line_of_sight(uid, q.id) then best, bd = q.id, q.distance; break end
  end
  if not best then return nil end
  local x1, y1 = G.bf:pos(uid)
  local x2, y2 = G.bf:pos(best)
  return math.deg(math.atan(-(x2 - x1), y2 - y1)), best, bd
end
SG.nearest_seen = nearest_seen

-- The units a signal reaches now: a figure within 250 paces of the General,
-- seeing him, understanding the signal, concerned by it.
function SG.reached(G, s, n)
  local gen = G.sides[s].general
  local sg = G.signals and G.signals[s] and G.signals[s][n]
  local out = {}
  if not sg or not gen then return out end
  -- the weather module may shorten it (hook: G.signal_reach, paces)
  local reach = (G.signal_reach and G.signal_reach(G) or tables.orders.signal_reach) * MM
  for _, uid in ipairs(G.sides[s].units) do
    local d = G.D[uid]
    if S.live(d) and not d.routing and not d.leaving
      and (uid == gen or (G.bf:distance(uid, gen) <= reach and G.bf:line_of_sight(uid, gen)))
      and (d.regular or n <= tables.orders.signals.barbarian)
      and concerns(sg, d) then
      out[#out + 1] = uid
    end
  end
  return out
end

-- The General makes signal n this period. Returns the units that received
-- it, or nil and why not.
function SG.make(G, s, n)
  if not MS.general_free(G, s) then return nil, "no General to make it" end
  local sg = G.signals and G.signals[s] and G.signals[s][n]
  if not sg then return nil, "signal " .. tostring(n) .. " was not defined in advance" end
  G.signalled = G.signalled or {}
  if G.signalled[s] == G.turn then return nil, "only one signal can be made each period" end
  G.signalled[s] = G.turn
  local got = SG.reached(G, s, n)
  for _, uid in ipairs(got) do G.D[uid].signal = { n = n, ready = G.turn + 1 } end
  S.log(G, "signal", { side = s, signal = n, text = sg.text or sg.order.kind, units = got })
  S.say(G, "  %s's General signals %d (%s): %d unit(s) see it.", G.sides[s].name, n, sg.text or sg.order.kind, #got)
  return got
end

-- "Troops receiving them obey next period": at the start of that period the
-- signal's meaning becomes the unit's order.
function SG.obey(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local r = d.signal
    if r and r.ready <= G.turn then
      d.signal = nil
      local sg = G.signals[d.side][r.n]
      if S.live(d) and not d.routing and concerns(sg, d) then
        local o = {}
        for k, v in pairs(sg.order) do o[k] = v end
        local ok = true
        if sg.at_nearest_enemy then
          o.bearing = nearest_seen(G, uid)
          ok = o.bearing ~= nil
        end
        if ok and not V.check(G, uid, o) then S.enter(G, uid, o, "signal") end
      end
    end
  end
end

return SG
