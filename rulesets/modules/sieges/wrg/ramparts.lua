-- The sieges module in WRG 1973, DESTRUCTION: a battering stone engine's
-- choice between the lower wall and the ramparts.
local ST = require("modules.sieges.wrg.state")
local DS = require("modules.sieges.wrg.directed_shot")

local RA = {}

local function live(d) return d and not d.gone and not d.off_table end

-- DESTRUCTION: "Aim is concentrated on the lower wall and therefore causes
-- no casualties to defenders on the ramparts. Alternatively, aim can be
-- concentrated on the ramparts and the walls will escape serious damage."
-- The besieger's choice for each battering engine, made before it shoots
-- (RA.aim, before the batteries: wrg.lua calls it through wrg/blind.lua): READING of the commander, it aims at the
-- ramparts while a party of its own side is escalading or has its ladders
-- up against a section within the engine's range held by defenders (it
-- clears the wall before the ladders); else it batters the lower wall.
-- k.batter keeps the choice of the period; k.battery remembers the engine
-- was given to battering.
local function threatened_defenders(G, uid, range)
  local S = G.sieges
  for _, e in ipairs(G.sides[S.besieger].units) do
    local k = G.D[e].siege
    if live(G.D[e]) and k and k.ladder_up and not G.bf:removed(e) then
      local sec = S.forts.sections[k.ladder_up.section]
      local x, y = G.bf:pos(uid)
      if sec and ST.seg_dist(x, y, sec.from[1], sec.from[2], sec.to[1], sec.to[2]) / ST.MM <= range then
        local on = ST.units_on(G, sec.index, S.defender)
        table.sort(on)
        if #on > 0 then return on[1], sec end
      end
    end
  end
  return nil
end

function RA.aim(G)
  local S = G.sieges
  if not S or not S.besieger then return end
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    local k = d.siege
    if k and (k.batter or k.battery) and live(d) and DS.stone_engine(d) and d.range then
      k.battery = true
      local target = threatened_defenders(G, uid, d.range)
      k.batter = target == nil
      k.ramparts = target
    end
  end
end

-- The engines aiming at the ramparts shoot at the defenders on the
-- threatened section: WRG's own shot.
function RA.shoot(G, R, held)
  local S = G.sieges
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    local k = d.siege
    local t = k and k.ramparts
    if t and live(d) and live(G.D[t]) and d.range and not d.routing and not d.in_melee and (d.moved or 0) <= 0
      and not G.bf:removed(uid) and not G.bf:removed(t) then
      held[#held + 1] = { uid = uid, range = d.range }
      local out = DS.shot(G, R, uid, t, "WRG 1973 SIEGE: DESTRUCTION, aim at the ramparts, " .. d.name)
      if G.log then G.bf:log("siege_ramparts", { unit = uid, target = t, figures = out.figures, total = out.total,
                                                 casualties = out.casualties }) end
      ST.say(G, "  %s aim at the ramparts, at %s: total %d: %d casualties.", d.name, G.D[t].name, out.total, out.casualties)
    end
  end
end
return RA
