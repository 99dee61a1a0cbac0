-- WRG Ancients 1973, SHOOTING DURING A CHARGE OR PURSUIT, and SHOOTING ON
-- THE MOVE ("If one body of troops moves through another, only one of them
-- may shoot").
--
-- "Troops armed with missiles other than hand-hurled weapons can shoot at
-- an enemy charging from more than half his move distance away before
-- evading or taking up hand-to-hand weapons. Charging or pursuing troops may
-- only shoot if the enemy succeeds in moving out of reach, and will then do
-- so at the end of their move. They will count disorganised because they
-- have not yet rallied, but their targets will be assumed to have their
-- backs turned and will count shieldless. The effect of hand-hurled weapons
-- during or immediately preceding close combat is included in hand-to-hand
-- combat weapon factors."
--
-- READINGS: shots are all adjudicated in the shooting phase, from the
-- positions after movement. (1) A unit charged by an enemy whose charge
-- began more than half its charge move away (the distance at the
-- declarations) may shoot at that charger, though they are now in contact
-- or it has evaded, with bows, slings, staff-slings, crossbows or engines;
-- the charger is its target (the enemy "charging" it has the first
-- priority anyway). (2) A charger whose target evaded out of reach, or a
-- pursuer whose quarry outdistanced it, may shoot at it: the shooters count
-- disorganised, the target has its back turned (rear: no shields). (3) A
-- unit that moved through friends this period (an evade, a retreat) does
-- not shoot: the friends it passed may.
local tables = require("wrg.tables")
local troops = require("wrg.troops")

local C = {}
local MM = tables.MM_PER_PACE

local function live(d) return d and not d.gone and not d.off_table end
local function hand_hurled(m) return m == "javelin" or m == "darts" end

-- At the declarations: where each charge began (paces).
function C.note(G, charge)
  charge.from = G.bf:distance(charge.charger, charge.target) / MM
end

-- The enemy unit uid may shoot at under these rules this period, or nil,
-- and whether the shot is at a back turned.
function C.target(G, uid)
  local d = G.D[uid]
  if d.routing or d.moved_through == G.turn then return nil end
  local m = troops.missile(d)
  if not m then return nil end
  for _, c in ipairs(G.charges or {}) do
    local e = G.D[c.charger]
    -- (1) shooting at a charger before contact
    if c.target == uid and live(e) and not hand_hurled(m) and c.from
      and c.from > (e.moves[2] or e.moves[1]) / 2 and G.bf:distance(uid, c.charger) <= (d.range or 0) * MM then
      return c.charger, false
    end
    -- (2) a charger whose target got out of reach
    if c.charger == uid then
      local t = G.D[c.target]
      if live(t) and t.evaded_turn == G.turn and not (t.caught_by and t.caught_by[uid])
        and G.bf:distance(uid, c.target) > 0.5 and G.bf:distance(uid, c.target) <= (d.range or 0) * MM then
        return c.target, true
      end
    end
  end
  -- (2) a pursuer whose quarry outdistanced it
  local q = d.pursuing and G.D[d.pursuing]
  if live(q) and G.bf:distance(uid, d.pursuing) > 0.5 and G.bf:distance(uid, d.pursuing) <= (d.range or 0) * MM then
    return d.pursuing, true
  end
  return nil
end

-- Whether the usual rule (no shooting in melee, charging, evading or
-- pursuing) is lifted for this unit this period.
function C.may_shoot(G, uid)
  return C.target(G, uid) ~= nil
end

-- Adjusts the shot's situation for (2): the target's back is turned; the
-- shooters count disorganised.
function C.adjust(G, uid, tid, s)
  local t, back = C.target(G, uid)
  if t ~= tid or not back then return end
  s.target_shield = s.target_shield or {}
  s.target_shield.rear = true
  G.D[uid].disorganised = true
end

-- (3) A unit that moved through friends does not shoot this period.
function C.moved_through(G, uid) G.D[uid].moved_through = G.turn end
function C.barred(G, uid) return G.D[uid].moved_through == G.turn end

return C
