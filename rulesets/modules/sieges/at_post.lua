-- The sieges module, for the battle-quality report (lib.quality): which
-- units stand at their post in a siege, so that the report does not count
-- them idle. Installed as the ruleset referee module's `at_post` by each
-- ruleset's siege commander (commander_wrg.lua, commander_historicon.lua,
-- commander_phalanx.lua), chained to any `at_post` already there.
--
-- WHY: the report counts a unit idle when it stands three turns neither
-- moving nor engaging with an enemy within its charge reach. Its reach is
-- measured through walls: a garrison on its wall walk with the besiegers
-- at the foot of the wall stands still because the wall is its post (and
-- in WRG "troops on the walls ... stand and fight", in Phalanx a vignette
-- behind static field defences "may not move"), and a ram party battering
-- a gate, a party at its ladders, fire troops lighting their missiles or
-- a garrison unit fighting a fire or building an abatis are at work that
-- is no shooting or melee. At the camp 46% of the units were idle 3+ by
-- the plain measure (50 battles), most of them such units.
--
-- READING (ours): a unit is at its post in a siege when
--   * it stands on a wall, tower, palisade or bank of a fort (d.siege_on:
--     the garrison on its walls, escaladers with a footing), or
--   * it is at siege work: a ram or axes against a section it touches from
--     outside (a ram party touching a standing section), ladders erected or
--     being climbed, fire missiles being prepared, a fire being fought, an
--     abatis being built, or an engine battering the wall or lobbing stones
--     over it.
-- A besieger waiting before a closed wall, or a garrison reserve waiting
-- inside, is not at its post in this sense: the report still counts it.
local forts = require("modules.sieges.fortifications")
local ST = require("modules.sieges.wrg.state")

local P = {}

local function ram_at_work(G, uid)
  for _, t in ipairs(ST.touching_from_outside(G, uid)) do
    if forts.blocks(G.sieges.forts.sections[t.index]) then return true end
  end
  return false
end

function P.at_post(G, uid)
  local S = G.sieges
  if not S or not S.forts or #S.forts.forts == 0 then return false end
  local d = G.D and G.D[uid]
  if not d or G.bf:removed(uid) then return false end
  if d.siege_on ~= nil and d.siege_on ~= false then return true end
  local k = d.siege
  if not k then return false end
  if k.working or k.ladder_up or k.escalading then return true end
  if k.ram and ram_at_work(G, uid) then return true end
  if k.prepared or k.fire_fighting or k.abatis or k.build then return true end
  if d.type == "ENG" and (k.batter or k.blind) then return true end
  return false
end

-- Sets the referee module `ref`'s at_post, chained to the one before.
function P.install(ref)
  if ref.sieges_at_post then return end
  ref.sieges_at_post = true
  local before = ref.at_post
  ref.at_post = function(G, uid)
    return P.at_post(G, uid) or (before ~= nil and before(G, uid)) or false
  end
end

return P
