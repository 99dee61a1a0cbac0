-- The sieges module in WRG 1973, FIRE against troops. "Any troops with
-- orders to prepare them may use fire missiles ... The period before they
-- are used must be spent stationary, with no activity apart from preparing
-- and lighting the missiles ... Normal ranges are halved for all but
-- hand-hurled missiles. The weapon factor is normally 1".
--
-- The fire troops (the scenario's `fire` list) shoot fire at an object when
-- one is in reach (wrg/period.lua, PD.fire_missiles, first). With none, and
-- an enemy unit within their halved range (WRG's TARGET PRIORITIES pick it),
-- they fire the grass when it can burn (wrg/grass_fire.lua), else use fire
-- against troops:
--   * a period stationary preparing: they shoot at nothing that period;
--   * the next period, not having moved: WRG's own shot at troops within the
--     halved range (hand-hurled: full range), target priorities, tactical
--     factors, the random factor and the casualty table all WRG's, with the
--     weapon factor 1 in place of the missile's own against that target.
-- READING: casualties are normal missile casualties (the text gives fire a
-- weapon factor and nothing else against men); the ground they stand on is
-- not set alight (grass fires are their own rule: wrg/grass_fire.lua).
local fire = require("modules.sieges.fire")
local ST = require("modules.sieges.wrg.state")
local GF = require("modules.sieges.wrg.grass_fire")

local FT = {}

local function live(d) return d and not d.gone and not d.off_table end

local function hand_hurled(R, d)
  local m = R.troops.missile(d)
  return m == "javelin" or m == "darts"
end

-- Whether a section is a work the unit's side may fire: only the enemy's.
-- The FIRE text is written for the attack ("fire missiles ... against fort
-- doors or palisades"): troops fire the works of the other side, never
-- their own fort, even when they stand outside it (a sortie, a garrison
-- deployed before its gate). The fort's `defender` names its side; a fort
-- without one belongs to the siege's defender.
function FT.enemy_work(G, sec, side)
  local S = G.sieges
  local f = S.forts.forts[sec.fort]
  local owner = f and f.defender or S.defender
  return owner ~= nil and owner ~= side
end

-- In the shooting phase, after the units held by objects (held: the list
-- wrg.lua's shooting phase restores ranges from). Units preparing get range
-- nil this period; units firing get their halved range and the flag the
-- weapon factor reads.
function FT.shoot(G, R, held)
  local S = G.sieges
  for _, uid in ipairs(G.all) do G.D[uid].siege_fire_troops = nil end
  if not S or S.rained then return end
  local P = R.P
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local k = d.siege
    if live(d) and k and k.fire and d.range and not d.routing and not d.in_melee and not d.charging
      and not G.bf:removed(uid) and GF.shoot(G, R, uid) then
      -- busy with the grass (wrg/grass_fire.lua): preparing or firing it
      held[#held + 1] = { uid = uid, range = d.range }
      d.range = nil
    elseif live(d) and k and k.fire and d.range and not d.routing and not d.in_melee and not d.charging
      and not G.bf:removed(uid) then
      local half = fire.range(d.range, hand_hurled(R, d))
      local q = P.pick_target(G, uid, half)
      if q and (d.moved or 0) <= 0 then
        held[#held + 1] = { uid = uid, range = d.range }
        if fire.ready(k.prepared, G.turn) then
          d.range = half
          d.siege_fire_troops = true
          k.prepared = nil
          if G.log then G.bf:log("siege_fire", { what = "fire missiles at troops", unit = uid, target = q.id }) end
          ST.say(G, "  %s shoot fire missiles at troops (range %g paces, weapon factor %d).", d.name, half, fire.WEAPON)
        else
          d.range = nil
          k.prepared = G.turn
          ST.say(G, "  %s stand preparing and lighting fire missiles.", d.name)
        end
      end
    end
  end
end

-- "The weapon factor is normally 1": a unit shooting fire at troops this
-- period has weapon factor 1 whatever its missile and the target.
function FT.install(R, P)
  R.P = P
  local wf = R.shooting.weapon_factor
  function R.shooting.weapon_factor(shooter, target, from_front)
    local w, column = wf(shooter, target, from_front)
    if shooter.siege_fire_troops then return fire.WEAPON, column end
    return w, column
  end
end

return FT
