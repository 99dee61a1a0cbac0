-- The sieges module in Historicon v2: the default commander (historicon.ai)
-- besieging and defending a walled town. Our adaptation (Historicon has no
-- siege rules; docs/modules/sieges.md "Historicon"): installed around the
-- default commander's own choices by the adapter (modules.sieges.historicon
-- wraps historicon.ai's deployment, move, forms and evade: no line of
-- historicon.ai changes); without a siege on the table it leaves them alone.
-- It rolls no dice.
--
-- Besieger: gives its scaling ladders to its foot (2 figures a ladder, at
-- most a quarter of a unit's figures' worth each) and its ram to its
-- heaviest foot unit of 4 figures or more, first in the list (WRG: "4 to 6
-- figures can carry a ram"); ladder units make for the wall section ahead
-- of them (undefended ones first) and escalade; the ram party makes for a
-- gate and batters it; the rest wait 20 cm (scaled) from the wall until a
-- breach, a broken gate or friends' footing opens the way, then go in;
-- shooters close to three quarters of their range of the walls and shoot.
-- A unit that may only move straight ahead (IF heavy infantry) takes the
-- section its front faces.
-- Defender: deploys inside its town (not in the edge zone: the town is its
-- deployment), its foot along the walls that face the enemy (missile troops
-- first), the rest inside; those on the walls stand; the reserve mans the
-- threatened section (a breach or broken gate first, else the section with
-- ladders against it) and attacks enemies inside.
local forts = require("modules.sieges.fortifications")
local materials = require("modules.sieges.materials")
local garrison = require("modules.sieges.garrison")
local ST = require("modules.sieges.wrg.state")
local common = require("modules.sieges.commander_common")

local CMD = {}

local exempt = setmetatable({}, { __mode = "k" })  -- G.S -> { [edge] = true }: deployed inside the town

local function live(d) return d and not d.gone and not d.broken end

-- The defender's deployment: foot on the walls facing the besieger (missile
-- foot first: READING, the archers on the walls), then the rest inside,
-- nearest the middle of the town first.
function CMD.defender_plan(G, s, base_plan, R)
  local S = G.sieges
  local specs = G.sides[s].specs
  -- the general's unit stays inside as the reserve (a sensible player does
  -- not put his general where a collapse of the wall loses him)
  local function rank(d)
    if R.troops.is_mounted(d) or d.general then return 3 end
    return R.shooting.range(d, G.S.scale) and 1 or 2
  end
  local order = {}
  for i in ipairs(specs) do order[#order + 1] = i end
  table.sort(order, function(a, b)
    local ra, rb = rank(specs[a]), rank(specs[b])
    if ra ~= rb then return ra < rb end
    return a < b
  end)
  local plan, placed, used = {}, {}, {}
  -- its front 1 mm behind the parapet
  garrison.man_walls(S, s, specs, order, function(d) return rank(d) <= 2 end,
    function(d) return forts.PARAPET_MM + 1 + d.dp / 2 end, plan, placed, used)
  local fort
  for _, f in ipairs(S.forts.forts) do if f.defender == s then fort = f; break end end
  if not fort then return base_plan end
  return garrison.place_inside(S, fort, specs, order, plan, placed, used, base_plan)
end

-- The besieger's kit, written on its units' data before they are placed:
-- the ram to the heavy foot unit of 4 figures or more planned nearest a
-- gate (the first in the list on a tie), with the mantlets; the ladders to
-- the rest of the formed foot that do not shoot, a quarter of a unit's
-- figures' worth each at most (2 figures a ladder).
function CMD.give_kit(G, s, R, plan)
  local S = G.sieges
  local at = {}
  for _, p in ipairs(plan or {}) do at[p.index] = p end
  local function gate_distance(i)
    local p = at[i]
    if not p then return math.huge end
    local best = math.huge
    for _, sec in ipairs(S.forts.sections) do
      if sec.kind == "gate" then
        local _, _, mx, my = forts.outward(sec)
        best = math.min(best, math.abs(mx - p.x) * 4 + math.abs(my - p.y))
      end
    end
    return best
  end
  local spec = G.sieges.spec.siege
  local specs = G.sides[s].specs
  local ladders, rams, mantlets = spec.ladders or 0, spec.rams or 0, spec.mantlets or 0
  local foot = {}
  for i, d in ipairs(specs) do
    if not R.troops.is_mounted(d) and d.formed then foot[#foot + 1] = i end
  end
  local heavy = { HI = 1, LI = 2, VLI = 3 }
  local gd = {}
  for _, i in ipairs(foot) do gd[i] = gate_distance(i) end
  table.sort(foot, function(a, b)
    local ha, hb = heavy[specs[a].class] or 9, heavy[specs[b].class] or 9
    if ha ~= hb then return ha < hb end
    if gd[a] ~= gd[b] then return gd[a] < gd[b] end
    return a < b
  end)
  for _, i in ipairs(foot) do
    local d = specs[i]
    if rams > 0 and d.figures >= materials.CARRY.ram.min and heavy[d.class] == 1 then
      d.siege = d.siege or {}
      d.siege.ram, rams = true, rams - 1
      local m = math.min(mantlets, (d.figures + 1) // 2)
      if m > 0 then d.siege.mantlets, mantlets = m, mantlets - m end
    elseif ladders > 0 and not R.shooting.range(d, G.S.scale) then
      d.siege = d.siege or {}
      local n = math.min(ladders, math.max(1, d.figures // (2 * materials.CARRY.ladder.min)))
      d.siege.ladders, ladders = n, ladders - n
    end
  end
end

-- Sections with ladders against them or a ram at work on them, and those
-- that no longer hold.
local function threats(G) return common.threats(G, live, true) end
CMD.threats = threats

local function outside_of(G, uid, sec)
  local x, y = G.bf:pos(uid)
  local ox, oy = forts.outward(sec)
  return (x - sec.from[1]) * ox + (y - sec.from[2]) * oy > 0
end
-- The same for a unit whose position (x, y) the caller has read (WHY: the
-- loops below ask it of every section with nothing moving in between).
local function outside_at(x, y, sec)
  local ox, oy = forts.outward(sec)
  return (x - sec.from[1]) * ox + (y - sec.from[2]) * oy > 0
end

-- Whether the unit's front, going straight on, meets the section's face:
-- the ray from its centre along its facing, within half its width either
-- side, crosses the face segment.
local function ahead(G, uid, sec)
  local u = G.bf:unit(uid)
  local a = math.rad(u.facing)
  local fx, fy = -math.sin(a), math.cos(a)
  local ox, oy = forts.outward(sec)
  local toward = -(fx * ox + fy * oy)
  if toward < 0.7 then return false end
  -- where the centre line meets the face's line, along the face
  local dist = ((u.x - sec.from[1]) * ox + (u.y - sec.from[2]) * oy) / toward
  local px, py = u.x + fx * dist, u.y + fy * dist
  local tx, ty = sec.to[1] - sec.from[1], sec.to[2] - sec.from[2]
  local L = math.sqrt(tx * tx + ty * ty)
  local along = ((px - sec.from[1]) * tx + (py - sec.from[2]) * ty) / L
  return along >= -u.width / 4 and along <= L + u.width / 4
end

-- The besieger's objective section for a kind of kit: nearest first,
-- undefended ones before defended, one not taken by a friend before one
-- that is; a unit that may only go straight on takes one ahead of it.
local function pick_section(G, uid, want, R)
  local straight = R.turn.move_mode(G, G.D[uid]) == "straight"
  -- (a unit that may only move straight ahead takes the section its front
  -- faces, whoever else makes for it)
  return common.pick_section(G, uid, want, { live = live, unit = 1, defended = 400, taken = straight and 0 or 1000,
    may = function(sec) return outside_of(G, uid, sec) and (not straight or ahead(G, uid, sec)) end })
end

-- The outside point a unit makes for against a section: its front on the
-- face, centred on the section.
local function at_face(G, uid, sec) return common.at_face(G, uid, sec, 0.5) end

-- A plan towards a point (historicon.turn.steer: the unit's own way of
-- turning), no further than the point.
local function towards(G, uid, x, y, R)
  local ux, uy = G.bf:pos(uid)
  local dist = math.sqrt((x - ux) ^ 2 + (y - uy) ^ 2)
  if dist < 1 then return nil end
  return R.turn.steer(G, uid, x, y, dist)
end

-- Straight at a section's face: a unit facing it goes straight on (it
-- stops at the parapet); others steer for the point before it.
local function to_face(G, uid, sec, R)
  if ahead(G, uid, sec) then
    local u = G.bf:unit(uid)
    local ox, oy = forts.outward(sec)
    local gap = (u.x - sec.from[1]) * ox + (u.y - sec.from[2]) * oy - u.depth / 2
    if gap <= 1 then return nil end
    return { advance = math.min(G.D[uid].move, gap + 2) }
  end
  local x, y = at_face(G, uid, sec)
  return towards(G, uid, x, y, R)
end

local function besieger_move(G, uid, base, R)
  local S = G.sieges
  local d = G.D[uid]
  local k = d.siege or {}
  if ST.inside(G, uid) or k.footing or d.siege_on then return base(G, uid) end
  -- a way in: a breach, a burnt section or a broken gate (the list of them,
  -- threats's `open`, made only when there is one: WHY, threats walks every
  -- besieger and section, and this is asked of every besieger's move)
  if common.any_open(G) and not k.ram and not k.ladder_up and R.turn.move_mode(G, d) ~= "straight" then
    local _, open = threats(G)
    local x, y = G.bf:pos(uid)
    local best, bd
    for _, sec in ipairs(open) do
      local _, _, mx, my = forts.outward(sec)
      local dd = (mx - x) ^ 2 + (my - y) ^ 2
      if not bd or dd < bd then best, bd = sec, dd end
    end
    local ox, oy, mx, my = forts.outward(best)
    local dp = G.bf:unit(uid).depth
    local nx, ny = mx + ox * (dp / 2 + 5), my + oy * (dp / 2 + 5)
    if math.sqrt((nx - x) ^ 2 + (ny - y) ^ 2) > 8 then return towards(G, uid, nx, ny, R) end
    return towards(G, uid, mx - ox * (best.thickness + dp), my - oy * (best.thickness + dp), R)
  end
  -- READING (ours, session eight): the ram party whose gate is down leads
  -- the storm through it, straight on (its front faces the gateway it
  -- battered), instead of taking its ram to the wall beside it: before,
  -- Exeter's ram party battered the walls either side of its broken gate
  -- for 5 turns each (220 of its 280 batterings in 30 battles) and engaged
  -- in none of 30 battles, the English fyrd stuck behind it in 27.
  if k.ram and k.target then
    local sec = S.forts.sections[k.target]
    if sec and sec.kind == "gate" and not forts.blocks(sec) and ahead(G, uid, sec) then
      return { advance = d.move }
    end
  end
  if (k.ladders or 0) > 0 or k.ram then
    if k.ladder_up then return nil end
    local sec = k.target and S.forts.sections[k.target] or nil
    if not sec or not forts.blocks(sec) then
      if k.ram then
        sec = pick_section(G, uid, function(s2) return s2.kind == "gate" end, R)
          or pick_section(G, uid, function(s2) return s2.kind == "wall" or s2.kind == "palisade" end, R)
      else
        sec = pick_section(G, uid, function(s2) return materials.ladder_reaches(s2.kind) end, R)
      end
      k.target = sec and sec.index or nil
      d.siege = k
    end
    if sec then return to_face(G, uid, sec, R) end
  end
  if R.troops.is_mounted(d) then return CMD.horse_move(G, uid, base, R) end
  -- the rest: wait 20 cm (scaled) out from the nearest wall facing them;
  -- shooters close to three quarters of their range
  local x, y = G.bf:pos(uid)
  local best, bd
  for _, sec in ipairs(S.forts.sections) do
    if outside_at(x, y, sec) then
      local dd = ST.seg_dist(x, y, sec.from[1], sec.from[2], sec.to[1], sec.to[2])
      if not bd or dd < bd then best, bd = sec, dd end
    end
  end
  if not best then return base(G, uid) end
  local range = R.shooting.range(d, G.S.scale)
  local want = (range and range * 10 * 0.75 or G.S.cm(20)) + G.bf:unit(uid).depth / 2
  if bd <= want + 5 then return nil end
  local ox, oy = forts.outward(best)
  return towards(G, uid, x - ox * (bd - want), y - oy * (bd - want), R)
end

-- The besieger's mounted troops while no way into the town is open (the
-- way in is besieger_move's first choice, for them as for the foot).
-- READING (ours: what a player does with horse before a town it cannot
-- ride into): they guard the siege lines. A defender out of its walls (a
-- sortie) within two moves is theirs to charge (the default commander's
-- plan, which charges what is in reach, or a steer towards it); else they
-- come up no nearer the walls than out of the defenders' reach: beyond
-- their own move and the defenders' longest shot, plus 2 cm (scaled), so
-- that they neither stand under the walls' arrows nor waste the turns a
-- charge at a wall could not use.
local function sortie_of(G, uid)
  local S = G.sieges
  local x, y = G.bf:pos(uid)
  local best, bd
  for _, o in ipairs(G.sides[S.defender].units) do
    local od = G.D[o]
    if live(od) and not G.bf:removed(o) and not od.off_table and not ST.inside(G, o) and not od.siege_on then
      local ox, oy = G.bf:pos(o)
      local dd = math.sqrt((ox - x) ^ 2 + (oy - y) ^ 2)
      if not bd or dd < bd then best, bd = o, dd end
    end
  end
  return best, bd
end

function CMD.horse_move(G, uid, base, R)
  local S = G.sieges
  local d = G.D[uid]
  local foe, fd = sortie_of(G, uid)
  if foe and fd <= 2 * d.move + G.bf:unit(uid).depth then
    if G.bf:distance(uid, foe) <= d.move then return base(G, uid) end
    local ox, oy = G.bf:pos(foe)
    return towards(G, uid, ox, oy, R)
  end
  -- back from the nearest wall facing them
  local x, y = G.bf:pos(uid)
  local best, bd
  for _, sec in ipairs(S.forts.sections) do
    if outside_at(x, y, sec) then
      local dd = ST.seg_dist(x, y, sec.from[1], sec.from[2], sec.to[1], sec.to[2])
      if not bd or dd < bd then best, bd = sec, dd end
    end
  end
  if not best then return base(G, uid) end
  local reach = d.move
  for _, o in ipairs(G.sides[S.defender].units) do
    local od = G.D[o]
    if live(od) then reach = math.max(reach, (R.shooting.range(od, G.S.scale) or 0) * 10) end
  end
  local want = reach + G.S.cm(2) + G.bf:unit(uid).depth / 2
  -- (they come up to that line and stop there; horse nearer the walls
  -- already stays: a wheeling unit cannot step back, and turning about
  -- under the walls is no better)
  if bd <= want + 5 then return nil end
  local ox, oy = forts.outward(best)
  return towards(G, uid, x + ox * (want - bd), y + oy * (want - bd), R)
end

local function enemy_inside(G) return common.enemy_inside(G, live) end

local function defender_move(G, uid, base, R)
  local S = G.sieges
  local d = G.D[uid]
  -- on the walls: they stand and fight
  if d.siege_on then return nil end
  if not ST.inside(G, uid) then return base(G, uid) end
  if enemy_inside(G) then return base(G, uid) end
  -- man the threatened section: a gap first, else a wall under escalade
  local laddered, open = threats(G)
  local target = open[1] or (laddered[1] and S.forts.sections[laddered[1]]) or nil
  if not target then return nil end
  local ox, oy, mx, my = forts.outward(target)
  local dp = G.bf:unit(uid).depth
  local back = forts.blocks(target) and (forts.PARAPET_MM + 1 + dp / 2) or (target.thickness + dp / 2 + 2)
  return towards(G, uid, mx - ox * back, my - oy * back, R)
end

-- Installs the siege commander around historicon.ai. R: { turn, troops,
-- shooting } of the instance.
function CMD.install(rules, R)
  -- the quality report's reading of a siege's posts (modules.sieges.at_post)
  require("modules.sieges.at_post").install(rules.require("historicon.referee"))
  local ai = rules.require("historicon.ai")
  local setup = rules.require("historicon.setup")
  local deployment, move, forms, evade = ai.deployment, ai.move, ai.forms, ai.evade
  function ai.deployment(G, s)
    local plan = deployment(G, s)
    local S = ST.init(G)
    if not S or not S.besieger then return plan end
    if s == S.defender and #S.forts.forts > 0 then
      exempt[G.S] = exempt[G.S] or {}
      exempt[G.S][G.sides[s].edge] = true
      return CMD.defender_plan(G, s, plan, R)
    end
    if s == S.besieger then CMD.give_kit(G, s, R, plan) end
    return plan
  end
  -- the town is the defender's deployment: its zone is not the edge's
  local check = setup.check_deployment
  function setup.check_deployment(S, edge, placements, column)
    if exempt[S] and exempt[S][edge] then
      local problems = {}
      for i, p in ipairs(placements) do
        for j = i + 1, #placements do
          if setup.overlap(p, placements[j]) then problems[#problems + 1] = p.name .. " overlaps " .. placements[j].name end
        end
      end
      return problems
    end
    return check(S, edge, placements, column)
  end
  function ai.move(G, uid)
    if not G.sieges or not G.sieges.besieger then return move(G, uid) end
    if G.D[uid].side == G.sieges.defender then return defender_move(G, uid, move, R) end
    return besieger_move(G, uid, move, R)
  end
  -- no change of form on a wall walk or with a ladder or ram in hand
  function ai.forms(G, side)
    local list = forms(G, side)
    if not G.sieges or not list then return list end
    local out = {}
    for _, uid in ipairs(list) do
      local d = G.D[uid]
      if not d.siege_on and not (d.siege and (d.siege.ladders or d.siege.ram)) then out[#out + 1] = uid end
    end
    return out
  end
  -- troops on the walls hold them
  function ai.evade(G, uid, charger)
    if G.sieges and G.D[uid].siege_on then return false end
    return evade(G, uid, charger)
  end
end

return CMD
