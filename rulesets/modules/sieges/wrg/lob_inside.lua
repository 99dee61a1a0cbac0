-- The sieges module in WRG 1973, FIGHTING INSIDE FORTIFICATIONS: stone-
-- throwers lobbing over the walls from the inside (wrg/blind.lua has those
-- on the outside, shooting blind).
local ST = require("modules.sieges.wrg.state")
local DS = require("modules.sieges.wrg.directed_shot")

local LI = {}

local function live(d) return d and not d.gone and not d.off_table end

-- FIGHTING INSIDE FORTIFICATIONS: "Stone throwers can lob missiles over the
-- walls from the inside, directed by men on the walls or towers who do not
-- expose themselves to enemy missiles." A defender's stone engine inside
-- its fort (not on the walls), standing still, shoots at the besieging unit
-- nearest it within its range that a unit of its own side on the walls or
-- towers sees. READINGS: directed, the shot is not blind: full effect, WRG's
-- own shot with its tactical factors (the target's cover, its moving...);
-- the men directing it do nothing else that makes them a target (they need
-- not shoot: "If not shooting, only stone throwing engines can hurt them").
-- It shoots at nothing else that period.
function LI.shoot(G, R, held)
  local S = G.sieges
  if not S.defender then return end
  local spotters = {}
  for _, o in ipairs(G.sides[S.defender].units) do
    local od = G.D[o]
    if live(od) and not od.routing and not G.bf:removed(o) and ST.on_section(G, o) then spotters[#spotters + 1] = o end
  end
  if #spotters == 0 then return end
  -- engines already used this period (at a siege tower or penthouse:
  -- wrg/engines.lua EN.bombard) shoot once: not again here
  local taken = {}
  for _, h in ipairs(held) do taken[h.uid] = true end
  for _, uid in ipairs(G.sides[S.defender].units) do
    local d = G.D[uid]
    if live(d) and not taken[uid] and DS.stone_engine(d) and d.range and not d.routing and not d.in_melee and (d.moved or 0) <= 0
      and not G.bf:removed(uid) and ST.inside(G, uid) and not ST.on_section(G, uid) then
      local best, bd, by
      for _, e in ipairs(G.sides[S.besieger].units) do
        local ed = G.D[e]
        if live(ed) and not G.bf:removed(e) and not ed.in_melee and not ST.inside(G, e) then
          local dist = G.bf:distance(uid, e) / ST.MM
          if dist <= d.range and (not bd or dist < bd or (dist == bd and e < best)) then
            for _, sp in ipairs(spotters) do
              if DS.sees(G, sp, e) then best, bd, by = e, dist, sp; break end
            end
          end
        end
      end
      if best then
        held[#held + 1] = { uid = uid, range = d.range }
        local out = DS.shot(G, R, uid, best, "WRG 1973 SIEGE: FIGHTING INSIDE FORTIFICATIONS, lobbing from inside, " .. d.name)
        if G.log then G.bf:log("siege_lob", { unit = uid, target = best, spotter = by, figures = out.figures, total = out.total,
                                              weapon = out.weapon, tactical = out.tactical, casualties = out.casualties }) end
        ST.say(G, "  %s lob stones over the walls at %s, directed by %s on the walls: weapon %d, tactical %+d, random %+d = %d: %d casualties.",
          d.name, G.D[best].name, G.D[by].name, out.weapon, out.tactical, out.random.value, out.total, out.casualties)
      end
    end
  end
end

return LI
