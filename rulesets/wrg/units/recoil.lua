-- WRG Ancients 1973, AFTER HAND-TO-HAND FIGHTING: after a push-back not
-- followed up, and engines.
--
-- "Cavalry and chariots, but not camelry and elephants, who have been
-- forced to recoil 30 paces but have not been followed up, must rally back
-- before they can charge again. Other troops may either rally back or
-- reorganise on the spot, taking one period. The defenders do not need to
-- reorganise but cannot advance that period."
-- "Engines follow up a retiring enemy only with missiles. An engine group
-- which is broken is destroyed by the initial period of pursuit. A
-- push-back loses all engines within that distance. Engines and their
-- transport are destroyed, not captured."
--
-- READINGS: the recoiled troops act in the next period (the push-back
-- ends this one): cavalry and chariots rally back; other troops reorganise
-- on the spot (the choice "rally back or reorganise" is the commander's:
-- cmd.after_recoil(G, uid) -> "rally_back" | "reorganise", default
-- reorganise); "the defenders" are the opponents that did not follow up:
-- they neither charge nor make an ordinary move forward next period. A unit
-- already under a reaction instruction keeps it. Engines never follow up
-- (they have no charge move). "A push-back loses all engines within that
-- distance": friendly engines within 30 paces behind the unit pushed back
-- (its rear edge), and an engine group pushed back itself, are destroyed;
-- an engine group broken in hand-to-hand combat is destroyed (its pursuers'
-- initial period).
local tables = require("wrg.tables")
local troops = require("wrg.troops")
local camels = require("wrg.units.camels")

local R = {}
local MM = tables.MM_PER_PACE

local function live(d) return d and not d.gone and not d.off_table end

-- A push-back not followed up: what the recoiled unit and its opponents do
-- next period.
function R.not_followed(G, uid)
  local d = G.D[uid]
  if d.routing or not live(d) then return end
  if d.state == nil then
    if (troops.is_cavalry(d) or d.type == "CH") and not camels.exempt_from_recoil_rally(d) then
      d.state, d.state_periods = "rally_back", 2
    else
      local cmd = G.sides[d.side].commander
      local choice = cmd.after_recoil and cmd.after_recoil(G, uid) or "reorganise"
      if choice == "rally_back" then d.state, d.state_periods = "rally_back", 2
      else d.reorganising = math.max(d.reorganising or 0, 1) end
    end
  end
  for _, e in ipairs(d.opponents or {}) do
    local o = G.D[e]
    if live(o) and not o.routing and not o.following then o.no_advance = G.turn + 1 end
  end
end

-- "The defenders ... cannot advance that period."
function R.held(G, uid)
  return G.D[uid].no_advance == G.turn
end

-- "A push-back loses all engines within that distance."
function R.engines_overrun(G, uid)
  local turn = require("wrg.turn")
  local d = G.D[uid]
  if d.type == "ENG" then
    turn.remove(G, uid, "destroyed (engines pushed back are lost)")
    return
  end
  local u = G.bf:unit(uid)
  if not u then return end
  local a = math.rad(u.facing)
  for _, q in ipairs(G.bf:query{ of = uid, within = tables.movement.push_back * MM }) do
    local o = G.D[q.id]
    if o.side == d.side and o.type == "ENG" and live(o) then
      local x, y = G.bf:pos(q.id)
      local along = -(x - u.x) * math.sin(a) + (y - u.y) * math.cos(a)
      if along < 0 then turn.remove(G, q.id, "destroyed (overrun by a push-back)") end
    end
  end
end

-- "An engine group which is broken is destroyed by the initial period of pursuit."
function R.broken_engines(G, uid)
  local d = G.D[uid]
  if d.type == "ENG" and live(d) then
    require("wrg.turn").remove(G, uid, "destroyed by the initial period of pursuit")
  end
end

return R
