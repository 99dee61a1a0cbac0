-- The sieges module in WRG 1973, FIGHTING INSIDE FORTIFICATIONS: stone-
-- throwers lobbing over the walls. "Stone throwers can lob missiles over the
-- walls from the inside, directed by men on the walls or towers who do not
-- expose themselves to enemy missiles. Those on the outside can do the
-- same, shooting blind, in which case the casualties are halved and
-- divided among all the units in garrison."
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
    if live(od) and not G.bf:unit(o).removed and (ST.inside(G, o) or ST.on_section(G, o)) then
      local ox, oy = G.bf:pos(o)
      out[#out + 1] = { id = o, dist = math.sqrt((ox - x) ^ 2 + (oy - y) ^ 2) }
    end
  end
  table.sort(out, function(a, b) if a.dist ~= b.dist then return a.dist < b.dist end return a.id < b.id end)
  return out
end

-- Stone engines (not bolt-shooters: WRG's engines "light_bolt" and
-- "heavy_bolt" shoot bolts, not stones).
local function stone_engine(d) return d.type == "ENG" and d.engine ~= "light_bolt" and d.engine ~= "heavy_bolt" end

-- Whether a spotter sees a unit: the terrain's sight lines (when the table
-- has any) and the weather module's sight (G.can_see).
local function sees(G, a, b)
  if G.has_los_terrain and not G.bf:line_of_sight(a, b) then return false end
  if G.can_see and not G.can_see(G, a, b) then return false end
  return true
end

-- A directed shot: WRG's own shot (weapon factor, tactical factors, random
-- factor, casualty table) at a target, its casualties added to the period's.
local function directed_shot(G, R, uid, tid, purpose)
  local d, t = G.D[uid], G.D[tid]
  local edge = R.turn.edge(G, tid, uid)
  local s = {
    from_front = edge == "front", range = G.bf:distance(uid, tid) / ST.MM, target_moved = t.moved or 0,
    target_shield = { rear = edge == "rear" or t.routing, unshielded_flank = R.turn.unshielded_side(G, tid, uid),
                      shooting_two_handed = t.shot_two_handed },
    moved = false, partial_cover = (R.P and R.P.in_cover(G, tid)) or nil, purpose = purpose,
  }
  local out = R.shooting.shoot(d, t, s, G.dice, G.report ~= nil)
  t.missile = (t.missile or 0) + out.casualties
  t.shot_by = (t.shot_by or 0) + out.figures
  t.shot_by_engines = true
  d.fired_at, d.fired_turn, d.fired_figures = tid, G.turn, out.figures
  return out
end

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
function B.lob_inside(G, R, held)
  local S = G.sieges
  if not S.defender then return end
  local spotters = {}
  for _, o in ipairs(G.sides[S.defender].units) do
    local od = G.D[o]
    if live(od) and not od.routing and not G.bf:unit(o).removed and ST.on_section(G, o) then spotters[#spotters + 1] = o end
  end
  if #spotters == 0 then return end
  for _, uid in ipairs(G.sides[S.defender].units) do
    local d = G.D[uid]
    if live(d) and stone_engine(d) and d.range and not d.routing and not d.in_melee and (d.moved or 0) <= 0
      and not G.bf:unit(uid).removed and ST.inside(G, uid) and not ST.on_section(G, uid) then
      local best, bd, by
      for _, e in ipairs(G.sides[S.besieger].units) do
        local ed = G.D[e]
        if live(ed) and not G.bf:unit(e).removed and not ed.in_melee and not ST.inside(G, e) then
          local dist = G.bf:distance(uid, e) / ST.MM
          if dist <= d.range and (not bd or dist < bd or (dist == bd and e < best)) then
            for _, sp in ipairs(spotters) do
              if sees(G, sp, e) then best, bd, by = e, dist, sp; break end
            end
          end
        end
      end
      if best then
        held[#held + 1] = { uid = uid, range = d.range }
        local out = directed_shot(G, R, uid, best, "WRG 1973 SIEGE: FIGHTING INSIDE FORTIFICATIONS, lobbing from inside, " .. d.name)
        if G.log then G.bf:log("siege_lob", { unit = uid, target = best, spotter = by, figures = out.figures, total = out.total,
                                              weapon = out.weapon, tactical = out.tactical, casualties = out.casualties }) end
        ST.say(G, "  %s lob stones over the walls at %s, directed by %s on the walls: weapon %d, tactical %+d, random %+d = %d: %d casualties.",
          d.name, G.D[best].name, G.D[by].name, out.weapon, out.tactical, out.random.value, out.total, out.casualties)
      end
    end
  end
end

-- DESTRUCTION: "Aim is concentrated on the lower wall and therefore causes
-- no casualties to defenders on the ramparts. Alternatively, aim can be
-- concentrated on the ramparts and the walls will escape serious damage."
-- The besieger's choice for each battering engine, made before it shoots
-- (BL.aim, before the batteries): READING of the commander, it aims at the
-- ramparts while a party of its own side is escalading or has its ladders
-- up against a section within the engine's range held by defenders (it
-- clears the wall before the ladders); else it batters the lower wall.
-- k.batter keeps the choice of the period; k.battery remembers the engine
-- was given to battering.
local function threatened_defenders(G, uid, range)
  local S = G.sieges
  for _, e in ipairs(G.sides[S.besieger].units) do
    local k = G.D[e].siege
    if live(G.D[e]) and k and k.ladder_up and not G.bf:unit(e).removed then
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

function B.aim(G)
  local S = G.sieges
  if not S or not S.besieger then return end
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    local k = d.siege
    if k and (k.batter or k.battery) and live(d) and stone_engine(d) and d.range then
      k.battery = true
      local target = threatened_defenders(G, uid, d.range)
      k.batter = target == nil
      k.ramparts = target
    end
  end
end

-- The engines aiming at the ramparts shoot at the defenders on the
-- threatened section: WRG's own shot.
function B.ramparts(G, R, held)
  local S = G.sieges
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    local k = d.siege
    local t = k and k.ramparts
    if t and live(d) and live(G.D[t]) and d.range and not d.routing and not d.in_melee and (d.moved or 0) <= 0
      and not G.bf:unit(uid).removed and not G.bf:unit(t).removed then
      held[#held + 1] = { uid = uid, range = d.range }
      local out = directed_shot(G, R, uid, t, "WRG 1973 SIEGE: DESTRUCTION, aim at the ramparts, " .. d.name)
      if G.log then G.bf:log("siege_ramparts", { unit = uid, target = t, figures = out.figures, total = out.total,
                                                 casualties = out.casualties }) end
      ST.say(G, "  %s aim at the ramparts, at %s: total %d: %d casualties.", d.name, G.D[t].name, out.total, out.casualties)
    end
  end
end

-- Each blind engine shoots; those that shot are added to `held` (they
-- shoot at nothing else this period).
function B.shoot(G, R, held)
  local S = G.sieges
  if not S.defender then return end
  B.lob_inside(G, R, held)
  B.ramparts(G, R, held)
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    local k = d.siege
    if live(d) and k and k.blind and d.type == "ENG" and d.range and not d.routing and not d.in_melee
      and (d.moved or 0) <= 0 and not G.bf:unit(uid).removed then
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
