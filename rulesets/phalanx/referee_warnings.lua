-- Phalanx's absurd-act warnings for the referee (lib.referee `warnings`,
-- counted by `sandtable quality`, docs/quality.md): acts the rules allow but
-- no player would make. They judge the commander, so they look only at the
-- moves a commander chose: the orders of phase B ("B movement"), the
-- free order of an initiative 7+ ("As player wishes", phase C) and the
-- choice of an initiative 2 ("Charge enemy that is directly ahead, or
-- shoot": the player may decline the charge). Charges the initiative table
-- forces ("Less", 1: the dice, not the player) are not the commander's acts
-- and are not counted. Into Glory Ride shares them
-- (its manifest names phalanx.referee).
--
--   artillery-charges      a battery (Phalanx's optional amalgamated
--                          artillery, Into Glory Ride's ART) charges
--   missile-charges        foot or light horse whose weapon is the missile
--                          (HIB, HIM, LIN, VLI, LSC) charges though it could
--                          shoot where it stood (Shooting: a target in range
--                          and arc at the start of the phase), at an enemy
--                          in its front not yet repulsed (a charge that
--                          finishes an enemy the shooting has worn, R or RR
--                          against it, or strikes a flank, is no folly:
--                          shooting breaks no foot, only melee does)
--   light-charges-heavy    light troops that "can avoid contact of close
--                          formation troops and shoot or skirmish them at a
--                          distance" (Troop Types, LIS; so LIS, LIN, VLI,
--                          LSC) charge heavy foot (HI) in its front, unless
--                          Table 7 counts the charger as the target's
--                          disadvantage (LIS against HIW)
--   stuck-behind-friend    a vignette ordered to move goes nowhere (under
--                          1 mm, under 1 degree) with a friend of another
--                          link straight ahead, three of its orders running
--                          with no move between (counted once per run)
local turn = require("phalanx.turn")
local troops = require("phalanx.troops")
local melee = require("phalanx.melee")
local setup = require("phalanx.setup")

local W = {}

local ORDERS_PHASE, INITIATIVE_PHASE = "B movement", "C initiative"
local STUCK_RUN = 3
local MISSILE = { HIB = true, HIM = true, LIN = true, VLI = true, LSC = true }
local LIGHT = { LIS = true, LIN = true, VLI = true, LSC = true }

-- Whether the moves of group g in this phase were the commander's choice.
local function chosen(G, g, phase)
  if phase.name == ORDERS_PHASE then return g.activated == true end
  if phase.name == INITIATIVE_PHASE then
    return not g.activated and (g.initiative == "as_player_wishes" or g.initiative == "charge_ahead_or_shoot")
  end
  return false
end

-- Whether one of a unit's moves in the phase is of a kind in the set
-- (a second move of a kind is "kind#2").
local function has_kind(kinds, want)
  for _, k in ipairs(kinds) do
    if want[k:match("^([^#]+)")] then return true end
  end
  return false
end
-- The commander's charges: its orders' ("charge", also a 7+ free order's)
-- and an initiative 2's ("initiative_charge", by the commander's choice
-- there; initiative 1's is the dice's, told apart by `chosen`).
local CHARGES = { charge = true, initiative_charge = true }
local MOVES = { move = true }

-- The charges the commander chose in this phase: { uid, g, target } each
-- (target from g.did, set by turn.charge), in unit order.
local function chosen_charges(G, phase)
  local out = {}
  for uid, kinds in pairs(phase.moved or {}) do
    local d = G.D[uid]
    local g = d and G.groups[d.gid]
    if g and has_kind(kinds, CHARGES) and chosen(G, g, phase) then
      out[#out + 1] = { uid = uid, g = g, target = g.did and g.did.target }
    end
  end
  table.sort(out, function(a, b) return a.uid < b.uid end)
  return out
end

local function is_artillery(d)
  return d.class == "ART" or d.artillery == "amalgamated"
end
W.is_artillery = is_artillery

local function name(G, uid) return G.D[uid].name or tostring(uid) end

local function artillery_charges(G, phase)
  local out
  for _, c in ipairs(chosen_charges(G, phase)) do
    if is_artillery(G.D[c.uid]) then
      out = out or {}
      out[#out + 1] = { text = string.format("%s (artillery) charged", name(G, c.uid)) }
    end
  end
  return out
end

-- Which vignettes could shoot as things stood when this phase began: taken
-- at the end of every phase for the next (the referee checks each phase as
-- it ends, when the positions are the next phase's start).
local function could_shoot_now(G)
  local s = {}
  for side = 1, 2 do
    for _, uid in ipairs(G.alive[side]) do
      local d = G.D[uid]
      if MISSILE[d.class] and not d.broken and not turn.in_contact(G, uid) and turn.has_shooting_target(G, uid) then
        s[uid] = true
      end
    end
  end
  return s
end

-- Whether the charger stood in the target's front when the phase began:
-- its centre ahead of the target's front edge line.
local function in_front(phase, G, uid, target)
  local s, t = phase.start and phase.start[uid], phase.start and phase.start[target]
  if not (s and t) then return true end
  local fx, fy = setup.axes(t[3])
  return (s[1] - t[1]) * fx + (s[2] - t[2]) * fy >= G.D[target].d / 2
end

local function missile_charges(G, phase)
  local before = G.referee_could_shoot or {}
  local out
  for _, c in ipairs(chosen_charges(G, phase)) do
    local d = G.D[c.uid]
    local td = c.target and G.D[c.target]
    local fresh = td and (td.accumulated_r or 0) + (td.accumulated_rr or 0) == 0
    if MISSILE[d.class] and before[c.uid] and fresh and in_front(phase, G, c.uid, c.target) then
      out = out or {}
      out[#out + 1] = { text = string.format("%s (%s) charged a fresh enemy in its front though it could shoot",
        name(G, c.uid), d.class) }
    end
  end
  return out
end

local function light_charges_heavy(G, phase)
  local out
  for _, c in ipairs(chosen_charges(G, phase)) do
    local d, td = G.D[c.uid], c.target and G.D[c.target]
    if td and LIGHT[d.class] and troops.groups.HI[td.class]
        and not melee.counts_as_disadvantage(td.class, d.class)
        and in_front(phase, G, c.uid, c.target) then
      out = out or {}
      out[#out + 1] = { text = string.format("%s (%s) charged %s (%s) in its front", name(G, c.uid), d.class,
        name(G, c.target), td.class) }
    end
  end
  return out
end

-- A friend of another link straight ahead of uid, touching or nearly.
local ahead_q = {}
local function friend_ahead(G, uid)
  local d = G.D[uid]
  local n = turn.near(G, uid, d.side, 0.1 * G.S.frontage, ahead_q)
  if n == 0 then return nil end
  local x, y, f = turn.pos(G, uid)
  local fx, fy = setup.axes(f)
  for i = 1, n do
    local o = ahead_q[i].id
    if G.D[o].gid ~= d.gid then
      local ox, oy = turn.pos(G, o)
      if (ox - x) * fx + (oy - y) * fy > 0 then return o end
    end
  end
  return nil
end

local function stuck_behind_friend(G, phase)
  local runs = G.referee_stuck
  if not runs then runs = {}; G.referee_stuck = runs end
  local out
  local ids = {}
  for uid in pairs(phase.moved or {}) do ids[#ids + 1] = uid end
  table.sort(ids)
  for _, uid in ipairs(ids) do
    local d = G.D[uid]
    local s = phase.start and phase.start[uid]
    if d and s and not s[4] and not d.broken then
      local x, y, f = turn.pos(G, uid)
      local moved = math.sqrt((x - s[1]) ^ 2 + (y - s[2]) ^ 2) >= 1 or math.abs(turn.norm(f - s[3])) >= 1
      local g = G.groups[d.gid]
      if moved then
        runs[uid] = nil
      elseif g and has_kind(phase.moved[uid], MOVES) and chosen(G, g, phase) then
        local o = friend_ahead(G, uid)
        if o then
          local r = (runs[uid] or 0) + 1
          runs[uid] = r
          if r == STUCK_RUN then
            out = out or {}
            out[#out + 1] = { text = string.format("%s was ordered to move and went nowhere, %s in its way, %d orders running",
              name(G, uid), name(G, o), r) }
          end
        end
      end
    end
  end
  return out
end

-- The stash for missile-charges runs last, after every check of the phase.
local function remember(G, phase)
  G.referee_could_shoot = could_shoot_now(G)
  return nil
end

W.list = {
  { id = "artillery-charges", section = "Troop Types; Artillery (optional)", check = artillery_charges },
  { id = "missile-charges", section = "Shooting", check = missile_charges },
  { id = "light-charges-heavy", section = "Troop Types (LIS)", check = light_charges_heavy },
  { id = "stuck-behind-friend", section = "Movement", check = stuck_behind_friend },
  { id = "remember-shooters", check = remember },
}

return W
