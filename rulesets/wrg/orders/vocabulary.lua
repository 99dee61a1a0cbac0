-- WRG Ancients 1973, ORDERS: the words a written order may use.
--
-- ORDERS: "A game commences with each player writing down the orders that
-- each unit must follow until they are changed by fresh orders ... Orders
-- should take the same form that they would in real life, and should be as
-- concise as possible while still conveying properly the action that is
-- required." A program cannot read prose, so an order is a structured
-- sentence: a verb and what the text lets it name.
--
--   { kind = "advance" | "hold" | "attack" | "skirmish" | "support" | "retire" | "follow_me",
--     units = { uid, ... },     -- the unit or group it is written for
--     bearing = degrees,        -- "in a direction" (0 = north, the table's +y)
--     to = { x =, y = },        -- "to a feature" (a point on it), with
--     feature = "wood" ...,     --   the feature's type for the text
--     enemy = uid,              -- attack: the enemy unit named
--     friend = uid }            -- support: the friendly unit named
--
-- The verbs, as a unit carries them out (rulesets/wrg/ai.lua moves them):
--   advance   proceed to the feature or in the direction; charges nothing
--             ("a charge is any move intended to result in hand-to-hand
--             combat": an advance is not one); done on arrival.
--   hold      "hold their present position" (2(v), PURSUERS, AFTER
--             HAND-TO-HAND FIGHTING read it); never done.
--   attack    close with the enemy unit named, or the enemy found in the
--             direction written, and charge it; done when no such enemy is
--             left standing.
--   skirmish  "They will close to within their own missile range and shoot,
--             but may evade" (GENERAL FEATURES OF ORDERS 4); "The word
--             'skirmish' MUST be written": only this verb makes evaders.
--   support   "An order to support another unit will be taken to mean
--             'Assist in any way possible'" (5): keep behind it, charge what
--             attacks it; done when it routs or leaves.
--   retire    fall back to the feature or in the direction; done on arrival.
--   follow_me CHANGE OF ORDERS 4: follow the General who joined the unit.
--
-- What the text forbids is refused by vocabulary.check with a reason:
-- skirmish for troops the text does not allow; a feature the unit cannot see
-- ("A unit cannot be told to move to a feature that it cannot see from its
-- starting point, although it can be told to move in a direction");
-- "Orders to "Use initiative" "Take appropriate action" or "Attack suitable
-- targets" are no orders at all" (an attack with neither enemy nor
-- direction); an order for a sub-unit ("Sub-units are not given orders").
local troops = require("wrg.troops")

local V = {}

-- CHANGE OF ORDERS 4: "He cannot do this if he controls a bodyguard of more
-- than 5 figures including his own."
V.FOLLOW_ME_BODYGUARD = 5

V.KINDS = { "advance", "hold", "attack", "skirmish", "support", "retire", "follow_me" }
local KNOWN = {}
for _, k in ipairs(V.KINDS) do KNOWN[k] = true end

-- Verbs that move the unit towards something and are done when it gets there.
V.GOES_TO = { advance = true, retire = true }

-- GENERAL FEATURES OF ORDERS 4: "Light or light-medium infantry, cavalry,
-- camelry and chariots may be ordered to skirmish if armed with missile
-- weapons." (Chariots and elephants shoot with their crews' weapons;
-- elephants are not in the list.)
function V.may_skirmish(u)
  local t = u.type
  local kind_ok = t == "LI" or t == "LMI" or troops.is_cavalry(u) or t == "CH" or u.camel == true
  if not kind_ok then return false end
  local m = troops.missile(u)
  return m ~= nil and m ~= "engine"
end

-- bearings turn anticlockwise (90 = west: the battle's bearing is atan(-dx, dy))
local COMPASS = { "north", "north-west", "west", "south-west", "south", "south-east", "east", "north-east" }
function V.compass(b)
  local i = math.floor(((b % 360) + 22.5) / 45) % 8 + 1
  return COMPASS[i]
end

-- Whether the unit sees a point: no line-of-sight blocking feature between
-- its centre and the point other than one holding either end.
local function sees_point(G, uid, p)
  local x, y = G.bf:pos(uid)
  return not G.bf:terrain_sight_blocked(x, y, p.x, p.y)
end

-- nil when the order may be given to unit uid as written, else why not.
function V.check(G, uid, o)
  if type(o) ~= "table" then return "an order is a table { kind = ... }" end
  if not KNOWN[o.kind] then
    return string.format("unknown order '%s' (expected one of %s)", tostring(o.kind), table.concat(V.KINDS, ", "))
  end
  local d = G.D[uid]
  if not d then return "no such unit: " .. tostring(uid) end
  if d.sub_unit_of then return "Sub-units are not given orders" end
  if o.kind == "skirmish" and not V.may_skirmish(d) then
    return "only light or light-medium infantry, cavalry, camelry and chariots armed with missile weapons may be ordered to skirmish"
  end
  if o.kind == "attack" and not o.enemy and not o.bearing then
    return "\"Attack suitable targets\" is no order at all: name the enemy or the direction"
  end
  if o.enemy and (not G.D[o.enemy] or G.D[o.enemy].side == d.side) then return "the enemy named is not an enemy unit" end
  if o.kind == "support" and (not o.friend or not G.D[o.friend] or G.D[o.friend].side ~= d.side or o.friend == uid) then
    return "support must name another friendly unit"
  end
  if V.GOES_TO[o.kind] and not o.to and not o.bearing then return o.kind .. " needs a feature or a direction" end
  if o.to and o.feature and not sees_point(G, uid, o.to) then
    return "a unit cannot be told to move to a feature that it cannot see from its starting point"
  end
  if o.kind == "follow_me" then
    local gen = G.sides[d.side].general
    if not gen then return "no General to follow" end
    if gen ~= uid and G.D[gen].figures > V.FOLLOW_ME_BODYGUARD then
      return "the General controls a bodyguard of more than 5 figures"
    end
  end
  return nil
end

local function name(G, uid) return G.D[uid] and G.D[uid].name or tostring(uid) end

-- The order as a line of the order sheet.
function V.text(G, o)
  local k = o.kind
  local where = ""
  if o.to then
    where = string.format(" to the %s at %.0f, %.0f mm", o.feature or "point", o.to.x, o.to.y)
  elseif o.bearing then
    where = " to the " .. V.compass(o.bearing)
  end
  if k == "attack" then
    if o.enemy then return "attack " .. name(G, o.enemy) end
    return "attack the enemy" .. where
  elseif k == "support" then
    return "support " .. name(G, o.friend)
  elseif k == "hold" then
    return "hold the present position"
  elseif k == "follow_me" then
    return "follow me"
  elseif k == "skirmish" then
    return "skirmish" .. where
  end
  return k .. where
end

-- A copy of the order for one unit (a group's order gives each its own copy:
-- each unit crosses out its own).
function V.copy(o)
  local c = {}
  for k, v in pairs(o) do c[k] = v end
  return c
end

return V
