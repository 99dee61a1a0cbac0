-- The sieges module in WRG 1973: what happens in each part of a period.
-- Installed around WRG's phases (wrg.period.shared: P.upkeep, P.movement,
-- P.shooting_phase, P.melee_phase, P.end_of_period), which turn.play calls
-- through the table, so no line of WRG changes:
--   start of period  where everyone stands (walls, ships), fire spreads and
--                    burns out, mines dig and meet countermines
--   movement         ladders reach the wall and are erected ("A further
--                    period is required to erect it"), escaladers climb
--   shooting         fire missiles (prepared the period before, at half
--                    range) at gates and palisades
--   melee            escaladers who push the defenders back get a footing;
--                    "If escaladers are pushed back, their ladders are cast
--                    down"
--   end of period    working parties: rams and axes on gates, palisades and
--                    walls (uncontrolled advance: double speed); breaches;
--                    fire-fighting
local forts = require("modules.sieges.fortifications")
local works = require("modules.sieges.works")
local fire = require("modules.sieges.fire")
local mining = require("modules.sieges.mining")
local caltrops = require("modules.sieges.caltrops")
local materials = require("modules.sieges.materials")
local ST = require("modules.sieges.wrg.state")
local WP = require("modules.sieges.wrg.working_parties")

local PD = {}

local MM = ST.MM
local say = ST.say

local function live(d) return d and not d.gone and not d.off_table end

-- Where everyone stands: d.siege_on (a tenable section), d.siege_ship.
-- SHIP-TO-SHORE FIGHTING: "While on board, all the ships company count as
-- one "C" or "D" class unit" (the ship's `class`); "On land, they reform
-- into their proper units" (READING: the unit takes back its own class; a
-- ship's company is one unit of the army list, not several merged).
function PD.locate(G)
  local S = G.sieges
  local ships = next(S.ships) ~= nil
  local bf, D = G.bf, G.D
  for _, uid in ipairs(G.all) do
    local d = D[uid]
    -- live(d) written out and asked once (WHY: this runs for every unit
    -- eight times a period, and live was the module's busiest line)
    local alive = d and not d.gone and not d.off_table
    local removed = alive and bf:removed(uid)  -- read once: nothing below moves or removes a unit
    if alive and not removed then
      -- the terrain under it asked once for both questions with ships on
      -- the table; without, on_section asks it only when its kept answer is
      -- stale (the unit moved or a section changed) and the unit is near
      -- the walls (ST.near_walls)
      local under = ships and bf:terrain_ids_under(uid)
      d.siege_on = ST.on_section(G, uid, under)
      d.siege_ship = ships and ST.on_ship(G, uid, under) or nil
      -- the garrison: the defender's units that have stood in the fort or
      -- on its walls (one of them outside is a sortie: working_parties.lua;
      -- once one, always one: not asked again)
      if S.defender and d.side == S.defender and not d.siege_garrison and (d.siege_on or ST.inside(G, uid)) then
        d.siege_garrison = true
      end
    else
      d.siege_on, d.siege_ship = nil, nil
    end
    -- a working party: a ram against a section, ladders being erected
    local k = d.siege
    if k then
      local w = false
      if alive and not d.in_melee and not removed and (k.ram or (k.ladder_up and not k.escalading)) then
        w = #ST.touching_from_outside(G, uid) > 0
      end
      k.working = w or nil
    end
    if d.siege_ship and not d.class_ashore then
      d.class_ashore, d.class = d.class, S.ships[d.siege_ship].class
    elseif not d.siege_ship and d.class_ashore then
      d.class, d.class_ashore = d.class_ashore, nil
    end
  end
end

-- CALTROPS: "A Roman or Byzantine infantry unit can carry enough caltrops
-- to cover a frontage of 5 paces per figure. It requires a complete period
-- to lay them." A unit carrying them (the scenario names it) that stood a
-- whole period, not fighting, has laid them at its end: a strip 25 mm deep
-- before its front, 5 paces a figure wide (no wider than its front).
function PD.lay_caltrops(G, R)
  local S = G.sieges
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local k = d.siege
    if live(d) and k and k.caltrops and not k.caltrops_laid and (d.moved or 0) <= 0 and not d.in_melee
      and not d.routing and R.troops.is_infantry(d) and not G.bf:removed(uid) then
      local u = G.bf:unit(uid)
      local a = math.rad(u.facing)
      local fx, fy, rx, ry = -math.sin(a), math.cos(a), math.cos(a), math.sin(a)
      local w = math.min(u.width, caltrops.frontage(d.figures) * MM)
      local near, far = u.depth / 2 + 1, u.depth / 2 + 1 + caltrops.DEPTH_MM
      local poly = {
        u.x + fx * near - rx * w / 2, u.y + fy * near - ry * w / 2, u.x + fx * near + rx * w / 2, u.y + fy * near + ry * w / 2,
        u.x + fx * far + rx * w / 2, u.y + fy * far + ry * w / 2, u.x + fx * far - rx * w / 2, u.y + fy * far - ry * w / 2,
      }
      local fid = G.bf:add_terrain{ type = "caltrops", polygon = poly, caltrops = true }
      S.caltrops[#S.caltrops + 1] = { fid = fid }
      k.caltrops_laid = true
      if G.log then G.bf:log("siege_caltrops", { unit = uid, what = "laid", feature = fid, paces = w / MM }) end
      say(G, "  %s have laid caltrops before their front: %.0f paces.", d.name, w / MM)
    end
  end
end

-- The wind fire reads: the weather module's state when it runs (G.weather
-- with a wind), else the scenario's fixed wind, else a light northerly.
function PD.wind(G)
  local S = G.sieges
  local w = G.weather
  if w and w.wind_from then return fire.wind_of(w) end
  return fire.wind_of(nil, S.spec.siege.wind)
end

-- Units on a section that becomes untenable or collapses. "Any defending
-- figures on the 90mm section or the tower at the time of the collapse are
-- lost." A burning section made untenable is left: its troops go straight
-- back off it, into the fort (READING: untenable means no one can hold it;
-- the text names no loss).
local function collapse(G, R, i)
  local S = G.sieges
  for _, uid in ipairs(ST.units_on(G, i, S.defender)) do
    R.turn.remove(G, uid, "lost in the collapse of the wall")
  end
end

local function leave_section(G, R, i)
  local sec = G.sieges.forts.sections[i]
  for _, uid in ipairs(ST.units_on(G, i, G.sieges.defender)) do
    local d = G.D[uid]
    local _, _, f = G.bf:pos(uid)
    local want = forts.facing_in(sec)
    if math.abs(((f - want + 180) % 360) - 180) > 1 then G.bf:move(uid, "turn", ((want - f + 180) % 360) - 180) end
    local r = G.bf:move(uid, "advance", sec.thickness + G.bf:unit(uid).depth + 2)
    R.manoeuvre.record(G, uid, "retreat")
    say(G, "  %s leaves the untenable %s (%.0f mm).", d.name, sec.kind, r.distance)
  end
end

-- Fire at the start of a period: it leaps downwind, caught objects burn, fire
-- fighters (defenders with water within 60 paces: READING, the fort's
-- wells; a water tank wagon lasts 10 bucket figure/periods) put it out,
-- untenable sections are left and burnt ones fall.
local function fire_period(G, R)
  local S = G.sieges
  local fighters = {}
  for _, sec in ipairs(S.forts.sections) do
    local o = S.fire.objects[sec.index]
    if o.burning and o.fp < fire.UNTENABLE_AT then
      -- the defenders' units inside the fort within 60 paces fight it with their figures not fighting
      local n = 0
      for _, uid in ipairs(G.sides[S.defender].units) do
        local d = G.D[uid]
        if live(d) and not d.routing and not d.in_melee and d.siege and d.siege.fire_fighting == sec.index then
          n = n + (d.siege.bucket_figures or d.figures) -- water tank wagons: wrg/water.lua
        end
      end
      if n > 0 then fighters[sec.index] = n end
    end
  end
  local events = fire.period(S.fire, PD.wind(G), fighters)
  for _, e in ipairs(events) do
    local sec = S.forts.sections[e.id]
    if e.what == "caught" then
      say(G, "  fire leaps downwind to the %s (section %d).", sec.kind, e.id)
      ST.set_state(G, e.id, "burning", "caught from another")
    elseif e.what == "out" then
      say(G, "  the fire on the %s (section %d) is put out.", sec.kind, e.id)
      if sec.state == "burning" then ST.set_state(G, e.id, "intact", "the fire put out") end
    elseif e.what == "untenable" then
      ST.set_state(G, e.id, "untenable", "20 fire points")
      leave_section(G, R, e.id)
    elseif e.what == "burnt" then
      ST.set_state(G, e.id, "burnt", "burnt out after 3 periods untenable")
    end
    if G.log then G.bf:log("siege_fire", { section = e.id, what = e.what, fp = S.fire.objects[e.id].fp }) end
  end
end

-- Rain (WRG weather): "Fires are extinguished and no more can be started
-- for the rest of the game." Read from the weather state at G.weather: the
-- weather module's `fires_out` (set once rain or snow has fallen), or a
-- state with `raining` (WRG's former weather option; tests).
function PD.raining(G)
  local w = G.weather
  if not w then return false end
  if w.fires_out ~= nil then return w.fires_out == true end
  if w.rain_possible ~= nil then return require("modules.weather").raining(w) end
  return w.raining == true
end

-- WEATHER AND TIME OF DAY (the weather module): "Engineering work without
-- illumination goes at half pace" at night; a side carrying lights
-- (the weather block's `lights`) works at full pace.
function PD.engineering_rate(G, side)
  local w = G.weather
  if not (w and w.daylight ~= nil) then return 1 end
  local lit = G.weather_wrg and G.weather_wrg.lights and G.weather_wrg.lights[side] or false
  return require("modules.weather").engineering_rate(w, lit)
end

function PD.upkeep(G, R)
  if not G.sieges then return end
  PD.locate(G)
  if not G.sieges.rained and PD.raining(G) then
    G.sieges.rained = true
    fire.extinguish_all(G.sieges.fire)
    for _, sec in ipairs(G.sieges.forts.sections) do
      if sec.state == "burning" then ST.set_state(G, sec.index, "intact", "rain puts the fire out") end
    end
    say(G, "  Rain: the fires are out, and no more can be started.")
  end
  fire_period(G, R)
  PD.locate(G)
end

-- Ladders. A unit carrying ladders (2 figures to a ladder) that touches a
-- wall or palisade it can reach from outside erects them: "A further period
-- is required to erect it." The period after, it climbs: onto the empty
-- wall walk (a footing at once), or up to the defenders on it, escalading
-- ("escaladers count shieldless until they push the defenders back and get
-- a footing"). A unit in melee, routing or moved off the section starts
-- again.
function PD.ladders(G, R)
  local S = G.sieges
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    local k = d.siege
    local own = k and (k.ladders or 0) > 0
    if live(d) and not d.routing and not (k and k.footing) and (own or (R.troops.is_infantry(d) and next(S.standing))) then
      if not k then k = {}; d.siege = k end
      local touch = ST.touching_from_outside(G, uid)
      local sec
      for _, t in ipairs(touch) do
        local s2 = S.forts.sections[t.index]
        if forts.blocks(s2) and materials.ladder_reaches(s2.kind) and (own or S.standing[s2.index]) then sec = s2; break end
      end
      if not sec then
        if k.ladder_up and not k.escalading then k.ladder_up = nil end
      elseif not k.ladder_up or k.ladder_up.section ~= sec.index then
        if not d.in_melee then
          k.ladder_up = { section = sec.index, since = G.turn }
          if not own then
            -- friends' ladders left standing: they climb them next period
            say(G, "  %s comes to the ladders standing against the %s (section %d).", d.name, sec.kind, sec.index)
          else
            if G.log then G.bf:log("siege_ladder", { unit = uid, section = sec.index, what = "erected" }) end
            say(G, "  %s erects %d scaling ladders against the %s (section %d).", d.name,
              materials.ladders_carried(d.figures, k.ladders), sec.kind, sec.index)
          end
        end
      elseif k.ladder_up.since < G.turn and not k.escalading and not d.in_melee then
        PD.climb(G, R, uid, sec)
      end
    end
  end
end

-- Climbing: the unit goes up its ladders, straight ahead over the wall face:
-- to contact with defenders on the wall walk, or onto the walk if no one
-- holds it (it then has a footing).
function PD.climb(G, R, uid, sec)
  local d = G.D[uid]
  local k = d.siege
  local defenders = ST.units_on(G, sec.index, 3 - d.side)
  local _, _, f = G.bf:pos(uid)
  local want = forts.facing_in(sec)
  if math.abs(((f - want + 180) % 360) - 180) > 0.5 then G.bf:move(uid, "turn", ((want - f + 180) % 360) - 180) end
  local dist = #defenders > 0 and (sec.thickness) or (sec.thickness + 1)
  local r = G.bf:move(uid, "advance", dist, { ignore_terrain = true })
  R.manoeuvre.record(G, uid, "climb")
  -- EVADING: "Evaders who do not move far enough to get beyond reach of the
  -- charging units remaining move distance are caught": a unit that evaded
  -- this period without getting off the walk and that its chargers' climb
  -- reaches is caught by them (the referee's evaded_clear found it in contact,
  -- uncaught: Claudian campaign seed 4545540191844069310, battle 4)
  for _, c in ipairs(G.charges or {}) do
    local t = c.charger == uid and G.D[c.target]
    if t and t.evaded_turn == G.turn and G.bf:distance(uid, c.target) <= 0.5 then
      t.caught_by = t.caught_by or {}
      t.caught_by[uid] = true
    end
  end
  if #defenders > 0 or (type(r.stopped_by) == "number") then
    k.escalading = true
    if G.log then G.bf:log("siege_escalade", { unit = uid, section = sec.index, what = "climbs to the defenders" }) end
    say(G, "  %s climbs its ladders to the defenders on the %s (section %d).", d.name, sec.kind, sec.index)
  else
    k.footing, k.escalading = true, false
    G.sieges.standing[sec.index] = true
    if G.log then G.bf:log("siege_escalade", { unit = uid, section = sec.index, what = "footing" }) end
    say(G, "  %s climbs onto the undefended %s (section %d): a footing.", d.name, sec.kind, sec.index)
  end
end

-- Escaladers whose ladders are cast down come down them: a unit still over
-- the parapet slides straight back out until clear of it.
function PD.climb_down(G, R, uid, sec)
  local ox, oy = forts.outward(sec)
  local deepest = -math.huge
  for _, c in ipairs(ST.corners(G, uid)) do
    deepest = math.max(deepest, -((c[1] - sec.from[1]) * ox + (c[2] - sec.from[2]) * oy))
  end
  if deepest <= -0.5 then return end
  local back = deepest + 1
  G.bf:move(uid, "slide", ox * back, oy * back, { ignore_terrain = true })
  R.manoeuvre.record(G, uid, "climb")
end

-- After movement: escaladers who left their ladders this phase (routed,
-- swept away by friends, gone) have them cast down.
function PD.escaladers_moved(G, R)
  local S = G.sieges
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    local k = d.siege
    if k and k.escalading then
      local sec = k.ladder_up and S.forts.sections[k.ladder_up.section]
      local near = false
      if sec and live(d) and not G.bf:removed(uid) then
        for _, c in ipairs(ST.corners(G, uid)) do
          if ST.seg_dist(c[1], c[2], sec.from[1], sec.from[2], sec.to[1], sec.to[2]) <= G.bf:unit(uid).depth + sec.thickness then
            near = true
          end
        end
      end
      if not near or d.routing then
        if sec then S.standing[sec.index] = nil end
        k.escalading, k.ladder_up = false, nil
        if G.log then G.bf:log("siege_ladder", { unit = uid, what = "cast down" }) end
        say(G, "  %s leaves its ladders: they are cast down.", d.name)
      end
    end
  end
end

-- After the melee: escaladers pushed back have their ladders cast down;
-- escaladers whose defenders were pushed back, broke or fell get a footing.
function PD.after_melee(G, R)
  local S = G.sieges
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    local k = d.siege
    if k and k.escalading then
      if not live(d) or d.routing or d.pushed_period == G.turn then
        if k.ladder_up then S.standing[k.ladder_up.section] = nil end
        if live(d) and k.ladder_up then PD.climb_down(G, R, uid, S.forts.sections[k.ladder_up.section]) end
        k.escalading, k.ladder_up = false, nil
        if G.log then G.bf:log("siege_ladder", { unit = uid, what = "cast down" }) end
        say(G, "  %s is pushed back: its ladders are cast down.", d.name)
      else
        local held = false
        for _, e in ipairs(d.opponents or {}) do
          local o = G.D[e]
          if live(o) and not o.routing and o.pushed_period ~= G.turn and o.siege_on then held = true end
        end
        if not held then
          k.escalading, k.footing = false, true
          if k.ladder_up then S.standing[k.ladder_up.section] = true end
          if G.log then G.bf:log("siege_escalade", { unit = uid, what = "footing" }) end
          say(G, "  %s has pushed the defenders back and gained a footing on the wall.", d.name)
        end
      end
    end
  end
end

-- WORKING PARTIES at the end of the period: a ram (its 4 to 6 figures) or
-- two-handed axes (the front-rank figures touching) on a gate or palisade,
-- a ram on a wall or tower, elephants (5 figures each) on a gate or
-- palisade; "Uncontrolled advance ... means work at double speed". Units in
-- melee do not work (READING: a party fighting is not working).
function PD.works(G, R)
  local S = G.sieges
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    local k = d.siege or {}
    -- WORKING PARTIES: an uncontrolled party with a sortie on ceases work
    if live(d) and not d.routing and not d.in_melee and not G.bf:removed(uid) and not WP.ceases_work(G, d) then
      local tool, figures, elephants
      if k.ram then tool, figures = "ram", math.min(d.figures, materials.CARRY.ram.max)
      elseif d.type == "EL" then tool, figures, elephants = "axes", 0, d.figures
      elseif R.troops.has(d, "axe") then tool, figures = "axes", math.min(d.figures, d.files or d.figures) end
      if tool then
        -- the section it was brought against first (the commander's target),
        -- then the nearest it touches: the work goes into one job
        local touch = ST.touching_from_outside(G, uid)
        for n, t in ipairs(touch) do
          if t.index == k.target and n > 1 then table.remove(touch, n); table.insert(touch, 1, t); break end
        end
        for _, t in ipairs(touch) do
          local sec = S.forts.sections[t.index]
          if forts.blocks(sec) and works.may_destroy(forts.KINDS[sec.kind].destroy, tool) then
            local fp = works.output{ figures = figures, elephants = elephants, uncontrolled = d.state == "uncontrolled",
                                     hours = S.hours * PD.engineering_rate(G, d.side) }
            local result = forts.batter(S.forts, sec.index, tool, fp)
            if G.log then G.bf:log("siege_work", { unit = uid, section = sec.index, tool = tool, fp = fp,
                                                   done = sec.job.done_fp, need = sec.job.need }) end
            say(G, "  %s works on the %s (section %d) with %s: %g figure/periods, %g of %g.", d.name, sec.kind,
              sec.index, tool == "ram" and "a ram" or (elephants and "elephants" or "two-handed axes"), fp, sec.job.done_fp, sec.job.need)
            if result then
              ST.set_state(G, sec.index, result, tool == "ram" and "battered by the ram" or "broken down")
              -- a gate broken down is no collapse; a wall breached or a tower made untenable is
              if sec.kind ~= "gate" and sec.kind ~= "palisade" then collapse(G, R, sec.index) end
              ST.breach_beside_tower(G, sec.index, result, function(a) collapse(G, R, a) end)
            end
            break
          end
        end
      end
    end
  end
end

-- FIRE: troops given fire missiles (their wagon serves 20 figures) spend a
-- period stationary preparing when a gate or palisade that burns is within
-- half their range, and shoot fire at it the next period: WRG's casualty
-- table with the weapon factor 1 (0 for fire-resistant doors and
-- palisades), no tactical factors (READING: fire at an object has no target
-- to take cover), the shooter's random factor; each casualty a fire point.
-- While preparing or firing objects they shoot at nothing else.
function PD.fire_missiles(G, R)
  local S = G.sieges
  local held = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local k = d.siege
    if live(d) and k and k.fire and d.range and not d.routing and not d.in_melee and not d.charging and not S.rained then
      local half = fire.range(d.range, R.troops.missile(d) == "javelin" or R.troops.missile(d) == "darts")
      local best, bd
      local x, y = G.bf:pos(uid)
      -- (its depth and the module read once, not for every section)
      local _, depth = G.bf:footprint(uid)
      local FT = require("modules.sieges.wrg.fire_troops")
      for _, sec in ipairs(S.forts.sections) do
        local o = S.fire.objects[sec.index]
        if o.flammable and not o.burnt and forts.blocks(sec) and o.untenable == 0
          and FT.enemy_work(G, sec, d.side) then
          local dist = ST.seg_dist(x, y, sec.from[1], sec.from[2], sec.to[1], sec.to[2]) - depth / 2
          if dist / MM <= half and (not bd or dist < bd) then best, bd = sec, dist end
        end
      end
      if best then
        held[#held + 1] = { uid = uid, range = d.range }
        if fire.ready(k.prepared, G.turn) and (d.moved or 0) <= 0 then
          local o = S.fire.objects[best.index]
          local figures = R.shooting.figures(d, { moved = false, files = d.files })
          local r = R.chance.shooting(d, G.dice, "WRG 1973 SIEGE: FIRE, fire missiles of " .. d.name)
          local total = fire.weapon_factor(o) + r.value
          local cas = R.tables.casualties(total, figures)
          fire.hit(S.fire, best.index, cas)
          if cas > 0 and best.state == "intact" then ST.set_state(G, best.index, "burning", "fire missiles") end
          if G.log then G.bf:log("siege_fire", { section = best.index, what = "fire missiles", unit = uid, figures = figures,
                                                total = total, casualties = cas, fp = o.fp }) end
          say(G, "  %s shoot fire at the %s (section %d): %d figures, weapon %d, random %+d = %d: %d fire points (%d).",
            d.name, best.kind, best.index, figures, fire.weapon_factor(o), r.value, total, cas, o.fp)
          if o.untenable > 0 then
            ST.set_state(G, best.index, "untenable", "20 fire points")
            leave_section(G, R, best.index)
          end
          k.prepared = nil
        elseif (d.moved or 0) <= 0 then
          k.prepared = G.turn
          say(G, "  %s stand preparing and lighting fire missiles.", d.name)
        end
      end
    end
  end
  -- they shoot at nothing else this period
  for _, h in ipairs(held) do G.D[h.uid].range = nil end
  return held
end

-- DESTRUCTION by stone-throwers: "If stone throwing engines attempt to
-- breach walls or palisades the weapon factor is 1 below 150 paces, 0 if
-- further, and each hit (casualty) counts as a figure/period of work. Aim is
-- concentrated on the lower wall and therefore causes no casualties to
-- defenders on the ramparts. Alternatively, aim can be concentrated on the
-- ramparts and the walls will escape serious damage." The besieger's stone
-- engines batter (their commander's choice, `unit.siege.batter`) the wall,
-- tower or palisade section facing them nearest within range: WRG's
-- casualty table for their crews, the weapon factor by range, the random
-- factor, no tactical factors (READING: a wall takes no cover); they shoot
-- at nothing else that period. Wooden gates are not battered (READING:
-- the text names walls and palisades; towers fall to battery as the
-- BREACHES section says).
local function stone_engine(d) return d.type == "ENG" and d.engine ~= "light_bolt" and d.engine ~= "heavy_bolt" end
function PD.batteries(G, R, held)
  local S = G.sieges
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    local k = d.siege
    -- engines do not shoot on the move (SHOOTING ON THE MOVE)
    if live(d) and k and k.batter and stone_engine(d) and d.range and not d.routing and not d.in_melee
      and (d.moved or 0) <= 0 and not G.bf:removed(uid) then
      local x, y = G.bf:pos(uid)
      local best, bd
      for _, sec in ipairs(S.forts.sections) do
        local ox, oy = forts.outward(sec)
        local outside = (x - sec.from[1]) * ox + (y - sec.from[2]) * oy > 0
        if outside and forts.blocks(sec) and sec.kind ~= "gate" and sec.kind ~= "turf_wall" then
          local dist = ST.seg_dist(x, y, sec.from[1], sec.from[2], sec.to[1], sec.to[2]) / MM
          if dist <= d.range and (not bd or dist < bd) then best, bd = sec, dist end
        end
      end
      if best then
        held[#held + 1] = { uid = uid, range = d.range }
        local figures = R.shooting.figures(d, { moved = (d.moved or 0) > 0 })
        local r = R.chance.shooting(d, G.dice, "WRG 1973 SIEGE: DESTRUCTION, stone-throwers of " .. d.name)
        local weapon = works.stone_factor(bd)
        local total = weapon + r.value
        local hits = R.tables.casualties(total, figures)
        local result = forts.batter(S.forts, best.index, "stones", hits * S.hours)
        if G.log then G.bf:log("siege_work", { unit = uid, section = best.index, tool = "stones", fp = hits,
                                               done = best.job.done_fp, need = best.job.need, total = total }) end
        say(G, "  %s batter the %s (section %d) at %.0f paces: weapon %d, random %+d = %d: %d hits, %g of %g.", d.name,
          best.kind, best.index, bd, weapon, r.value, total, hits, best.job.done_fp, best.job.need)
        if result then
          collapse(G, R, best.index)
          ST.set_state(G, best.index, result, "battered by stone-throwers")
          ST.breach_beside_tower(G, best.index, result, function(a) collapse(G, R, a) end)
        end
      end
    end
  end
end

-- CALTROPS crossed this period: "Troops of either side passing over caltrops
-- count them the same as missile hits, with a factor of 0 for infantry, 1
-- for other troops. Use the number of figures passing over them ... No
-- tactical factors are used but the usual chance factor applies." A unit
-- whose centre passed over a strip on its way this period (sampled every
-- 5 mm from where it stood before moving) crosses it, once.
function PD.positions(G)
  local at = {}
  for _, uid in ipairs(G.all) do
    if not G.bf:removed(uid) then
      local x, y, f = G.bf:pos(uid)
      at[uid] = { x, y, f }
    end
  end
  return at
end

local CENTRE_KEY = { "@caltrops" }
function PD.caltrops(G, R, before)
  local S = G.sieges
  if #S.caltrops == 0 then return end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local b = before and before[uid]
    if live(d) and b and not G.bf:removed(uid) then
      local u = G.bf:unit(uid)
      local dx, dy = u.x - b[1], u.y - b[2]
      local n = math.max(1, math.ceil(math.sqrt(dx * dx + dy * dy) / 5))
      local crossed, seen = {}, {}
      for i = 0, n do
        local fid = G.bf:terrain_probe(b[1] + dx * i / n, b[2] + dy * i / n, u.facing, u.width, u.depth, CENTRE_KEY)
        if fid and not seen[fid] then seen[fid] = true; crossed[#crossed + 1] = fid end
      end
      for _, fid in ipairs(crossed) do
        local kind = R.troops.is_infantry(d) and "infantry" or "other"
        local r = R.chance.shooting(d, G.dice, "WRG 1973 SIEGE: CALTROPS, " .. d.name)
        local total = caltrops.total(kind, r.value)
        local cas = R.tables.casualties(total, d.figures)
        d.missile = (d.missile or 0) + cas
        if G.log then G.bf:log("siege_caltrops", { unit = uid, feature = fid, figures = d.figures, total = total, casualties = cas }) end
        say(G, "  %s cross caltrops: factor %d, random %+d, %d figures: %d casualties.", d.name,
          caltrops.weapon_factor(kind), r.value, d.figures, cas)
      end
    end
  end
end

-- MINING in the battle: mines begun by the besieger's commander (from a
-- penthouse or shelter) and countermines by the defender's; each period a
-- mining party digs (5 figure/periods per 5 paces, 10 figures at most); a
-- countermine crossing a mine outside the fort fights underground (3
-- figures a side, WRG's hand-to-hand casualty table, weapon factor of the
-- best weapon as for sword: READING, 2 -- a neutral cell of WRG's table --
-- plus each side's random factor); a mine arriving under a wall breaches it.
function PD.mining(G, R)
  local S = G.sieges
  local st = S.mining
  for _, m in ipairs(st.mines) do
    if not m.collapsed and not m.arrived then
      mining.dig(st, m.id, m.party or mining.MAX_MINERS, S.hours)
      if m.arrived and not m.counter then
        local s = st.secret[m.side][m.id]
        -- the section over the aiming point
        for _, sec in ipairs(S.forts.sections) do
          local ax, ay = s.aim[1] * MM, s.aim[2] * MM
          if forts.blocks(sec) and ST.seg_dist(ax, ay, sec.from[1], sec.from[2], sec.to[1], sec.to[2]) <= sec.thickness + 2 then
            say(G, "  the mine reaches under the %s (section %d): it collapses.", sec.kind, sec.index)
            collapse(G, R, sec.index)
            ST.set_state(G, sec.index, sec.kind == "tower" and "untenable" or "breached", "undermined")
            break
          end
        end
      end
    end
  end
  for _, pair in ipairs(mining.crossings(st, function(x, y) return forts.fort_at(S.forts, x * MM, y * MM) == nil end)) do
    local function strike(purpose)
      local r = R.chance.shooting({ regular = true, type = "MI" }, G.dice, purpose)
      return R.tables.casualties(2 + r.value, mining.FIGHTERS)
    end
    local on_counter = strike("WRG 1973 SIEGE: MINING, the miners strike underground")
    local on_miners = strike("WRG 1973 SIEGE: MINING, the counterminers strike underground")
    local out = mining.fight(st, pair, on_miners, on_counter)
    if G.log then G.bf:log("siege_mine_fight", { mine = pair.mine, counter = pair.counter, collapsed = out.collapsed,
                                                 lost = out.lost }) end
    say(G, "  miners meet counterminers underground: %d casualties to the miners, %d to the counterminers; tunnel %d collapses, %d lost, %d escape.",
      on_miners, on_counter, out.collapsed, out.lost, out.escaped)
  end
end

return PD
