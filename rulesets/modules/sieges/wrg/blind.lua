-- The sieges module in WRG 1973, FIGHTING INSIDE FORTIFICATIONS: stone-
-- throwers lobbing over the walls. "Stone throwers can lob missiles over the
-- walls from the inside, directed by men on the walls or towers who do not
-- expose themselves to enemy missiles. Those on the outside can do the
-- same, shooting blind, in which case the casualties are halved and
-- divided among all the units in garrison."
-- (From the inside: wrg/lob_inside.lua; DESTRUCTION's aim at the ramparts:
-- wrg/ramparts.lua. Both shoot from B.shoot, which wrg.lua calls.)
--
-- A besieger's stone engine told to lob (unit.siege.blind: the scenario's
-- `blind` list) that stands still (engines do not shoot on the move) with a
-- unit of the garrison within its range shoots blind over the walls each
-- period instead of shooting at anything it sees. READINGS: the weapon
-- factor is the engine's against that nearest garrison unit (WRG's table;
-- the crews aim at the town, the stones land among whoever is there); no
-- tactical factors (they see no target); the random factor applies; the
-- casualties are halved (rounded down) and shared equally among every
-- garrison unit inside the fort or on its walls, the odd ones one each to
-- the units nearest the engine. Added to each unit's missile casualties of
-- the period (WRG's shooting phase then takes them, with its reaction tests).
local ST = require("modules.sieges.wrg.state")
local LI = require("modules.sieges.wrg.lob_inside")
local RA = require("modules.sieges.wrg.ramparts")

local B = {}

local function live(d) return d and not d.gone and not d.off_table end

-- The shares of `cas` casualties among n units (halved first): a list of n
-- numbers, the larger shares first.
function B.shares(cas, n)
  local half = cas // 2
  local out = {}
  if n <= 0 then return out end
  for i = 1, n do out[i] = half // n + (i <= half % n and 1 or 0) end
  return out
end

-- The garrison a blind shot falls on: its units inside or on the walls, not
-- removed, nearest the engine first (ties by id).
function B.garrison(G, uid)
  local S = G.sieges
  local x, y = G.bf:pos(uid)
  local out = {}
  for _, o in ipairs(G.sides[S.defender].units) do
    local od = G.D[o]
    if live(od) and not G.bf:removed(o) and (ST.inside(G, o) or ST.on_section(G, o)) then
      local ox, oy = G.bf:pos(o)
      out[#out + 1] = { id = o, dist = math.sqrt((ox - x) ^ 2 + (oy - y) ^ 2) }
    end
  end
  table.sort(out, function(a, b) if a.dist ~= b.dist then return a.dist < b.dist end return a.id < b.id end)
  return out
end

-- DESTRUCTION's choice of aim, made before the batteries (wrg/ramparts.lua).
B.aim = RA.aim

-- Each blind engine shoots; those that shot are added to `held` (they
-- shoot at nothing else this period).
function B.shoot(G, R, held)
  local S = G.sieges
  if not S.defender then return end
  LI.shoot(G, R, held) -- from the inside, directed (wrg/lob_inside.lua)
  RA.shoot(G, R, held) -- engines aiming at the ramparts (wrg/ramparts.lua)
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    local k = d.siege
    if live(d) and k and k.blind and d.type == "ENG" and d.range and not d.routing and not d.in_melee
      and (d.moved or 0) <= 0 and not G.bf:removed(uid) then
      local garrison = B.garrison(G, uid)
      local nearest = garrison[1]
      if nearest and G.bf:distance(uid, nearest.id) / ST.MM <= d.range then
        held[#held + 1] = { uid = uid, range = d.range }
        local weapon = R.shooting.weapon_factor(d, G.D[nearest.id], true)
        local figures = R.shooting.figures(d, { moved = false })
        local r = R.chance.shooting(d, G.dice, "WRG 1973 SIEGE: FIGHTING INSIDE FORTIFICATIONS, shooting blind, " .. d.name)
        local total = weapon + r.value
        local cas = R.tables.casualties(total, figures)
        local shares = B.shares(cas, #garrison)
        for i, g in ipairs(garrison) do
          local od = G.D[g.id]
          od.missile = (od.missile or 0) + shares[i]
          if shares[i] > 0 then od.shot_by_engines = true end
        end
        if G.log then G.bf:log("siege_blind", { unit = uid, figures = figures, total = total, casualties = cas,
                                                shares = shares, garrison = #garrison }) end
        ST.say(G, "  %s lob stones blind over the walls: weapon %d, random %+d = %d: %d casualties, halved to %d among %d units.",
          d.name, weapon, r.value, total, cas, cas // 2, #garrison)
      end
    end
  end
end

return B
