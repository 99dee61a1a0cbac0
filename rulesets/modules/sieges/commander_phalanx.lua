-- The sieges module in Phalanx and Into Glory Ride: a ram at a camp gate
-- (our adaptation of WRG 1973 "DESTRUCTION": docs/modules/sieges.md,
-- "Phalanx, Into Glory Ride"). Installed by modules.sieges.phalanx around
-- the default commander (phalanx.ai's deployment and activate: no line of
-- Phalanx changes); without a ram in the scenario it changes nothing. It
-- rolls no dice.
--
-- READINGS:
--   * the scenario's `rams` (the siege piece) go to the besieger's foot
--     vignettes that stand alone (not in a link: a link moves as one) and
--     are planned nearest a gate, one each;
--   * a vignette's ram party works as 6 figures ("4 to 6 figures can carry
--     a ram": Phalanx has no figures, a vignette stands for hundreds of
--     men, and the ram's crew is the most the ram takes); "10
--     figure/periods are required to break down a fort door": a gate falls
--     to a ram in 2 of the besieger's player turns (a player turn is a
--     period), times the scenario's hours_per_period; a party in contact
--     with the enemy does not work;
--   * the commander spends its activation points on the ram first: a move
--     order straight for the gate (turning within its allowance first), then
--     a hold each turn while it batters (a vignette left unactivated acts on
--     the initiative table, and would wander off);
--   * a gate broken down is a breach (the generic module's: its parapet no
--     longer stops moves).
local forts = require("modules.sieges.fortifications")
local works = require("modules.sieges.works")
local ST = require("modules.sieges.wrg.state")
local COVER = require("modules.sieges.commander_phalanx_cover")

local CMD = {}

CMD.RAM_FIGURES = 6

-- The gates of a fortifications state (modules.sieges.fortifications).
local function gates(st)
  local out = {}
  for _, sec in ipairs(st.sections) do if sec.kind == "gate" then out[#out + 1] = sec end end
  return out
end

-- Gives the scenario's rams to the besieger's lone foot vignettes planned
-- nearest a gate. `plan`: the deployment entries { vid, x, y, facing }.
function CMD.give_rams(G, side, plan, troops, spec)
  local n = spec.siege.rams or 0
  if n <= 0 then return end
  local gs = gates(spec.forts)
  if #gs == 0 then return end
  local at = {}
  for _, p in ipairs(plan) do at[p.vid] = p end
  local cands = {}
  for order, gid in ipairs(G.sides[side].groups) do
    local g = G.groups[gid]
    if g.specs and #g.specs == 1 then
      local s = g.specs[1]
      local p = at[s.vid]
      if p and not troops.mounted_or_animal(s.class) then
        local best = math.huge
        for _, sec in ipairs(gs) do
          local _, _, mx, my = forts.outward(sec)
          best = math.min(best, math.sqrt((mx - p.x) ^ 2 + (my - p.y) ^ 2))
        end
        cands[#cands + 1] = { spec = s, dist = best, order = order }
      end
    end
  end
  table.sort(cands, function(a, b)
    if a.dist ~= b.dist then return a.dist < b.dist end
    return a.order < b.order
  end)
  for i = 1, math.min(n, #cands) do cands[i].spec.siege = { ram = true } end
end

-- The ram parties' places in the besieger's plan (after
-- modules.sieges.phalanx's besieger_plan): each straight before the gate
-- nearest it, facing it, its front CMD.RAM_STANDOFF_MM from the gate's
-- face: one move from it. READING (ours): the ram comes up under its
-- mantlets before the assault, ahead of the line, as the scenario's siege
-- piece (WRG's rams are "carried" to the wall; Phalanx has no such move).
CMD.RAM_STANDOFF_MM = 40

function CMD.place_rams(G, side, plan, spec)
  local gs = gates(spec.forts)
  if #gs == 0 then return end
  local dims = {}
  for _, gid in ipairs(G.sides[side].groups) do
    for _, s in ipairs(G.groups[gid].specs) do dims[s.vid] = s end
  end
  local used = {}
  for _, p in ipairs(plan) do
    local s = dims[p.vid]
    if s and s.siege and s.siege.ram then
      local best, bd
      for _, sec in ipairs(gs) do
        local _, _, mx, my = forts.outward(sec)
        local dd = (mx - p.x) ^ 2 + (my - p.y) ^ 2
        if not used[sec.index] and (not bd or dd < bd) then best, bd = sec, dd end
      end
      if best then
        used[best.index] = true
        local ox, oy, mx, my = forts.outward(best)
        local back = CMD.RAM_STANDOFF_MM + s.d / 2
        p.x, p.y, p.facing = mx + ox * back, my + oy * back, forts.facing_in(best)
      end
    end
  end
end

-- The gate a ram makes for: the nearest standing one facing it.
local function target_gate(G, uid)
  local S = G.sieges
  local x, y = G.bf:pos(uid)
  local best, bd
  for _, sec in ipairs(gates(S.forts)) do
    local ox, oy, mx, my = forts.outward(sec)
    if forts.blocks(sec) and (x - mx) * ox + (y - my) * oy > 0 then
      local dd = (mx - x) ^ 2 + (my - y) ^ 2
      if not bd or dd < bd then best, bd = sec, dd end
    end
  end
  return best
end

local function touching(G, uid, sec)
  for _, t in ipairs(ST.touching_from_outside(G, uid)) do if t.index == sec.index then return true end end
  return false
end

-- The ram's order this turn: at the gate, hold; else a move straight for
-- the point before the gate's middle (turning first, within the allowance
-- the engine applies).
-- Into the camp through the gate it broke: straight for a point half the
-- party's depth and 10 mm inside the gateway (the camp is the objective:
-- modules.sieges.phalanx_objective).
local function exploit_order(G, uid, turn)
  local d = G.D[uid]
  local sec = d.siege.target and G.sieges.forts.sections[d.siege.target]
  if not sec or forts.blocks(sec) or ST.inside(G, uid) then return nil end
  local ox, oy, mx, my = forts.outward(sec)
  local tx, ty = mx - ox * (d.d / 2 + 10), my - oy * (d.d / 2 + 10)
  local x, y, f = G.bf:pos(uid)
  local deg = turn.norm(turn.heading(tx - x, ty - y) - f)
  return { gid = d.gid, kind = "move", turn = deg, dist = math.sqrt((tx - x) ^ 2 + (ty - y) ^ 2), siege_ram = true }
end

function CMD.ram_order(G, uid, turn)
  local d = G.D[uid]
  local sec = target_gate(G, uid)
  if not sec then return exploit_order(G, uid, turn) end
  d.siege.target = sec.index
  if touching(G, uid, sec) then return { gid = d.gid, kind = "hold", siege_ram = true } end
  local ox, oy, mx, my = forts.outward(sec)
  local tx, ty = mx + ox * (d.d / 2), my + oy * (d.d / 2)
  local x, y, f = G.bf:pos(uid)
  local dist = math.sqrt((tx - x) ^ 2 + (ty - y) ^ 2)
  local want = turn.heading(tx - x, ty - y)
  local deg = turn.norm(want - f)
  if dist < 1 then deg = turn.norm(forts.facing_in(sec) - f) end
  return { gid = d.gid, kind = "move", turn = deg, dist = dist, siege_ram = true }
end

-- WRG DESTRUCTION at the end of the besieger's player turn: each ram party
-- touching a standing gate, not in contact with the enemy, works.
function CMD.works(G, turn)
  local S = G.sieges
  if not S or not S.besieger then return end
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    if d.siege and d.siege.ram and not d.broken and not G.bf:removed(uid)
      and not turn.group_in_contact(G, G.groups[d.gid]) then
      for _, t in ipairs(ST.touching_from_outside(G, uid)) do
        local sec = S.forts.sections[t.index]
        if sec.kind == "gate" and forts.blocks(sec) then
          local fp = works.output{ figures = CMD.RAM_FIGURES, hours = S.hours }
          local result = forts.batter(S.forts, sec.index, "ram", fp)
          if G.log then G.bf:log("siege_work", { unit = uid, section = sec.index, tool = "ram", fp = fp,
                                                 done = sec.job.done_fp, need = sec.job.need }) end
          if G.report then
            G.report(string.format("  %s batter the gate (section %d) with a ram: %g figure/periods, %g of %g", d.name,
              sec.index, fp, sec.job.done_fp, sec.job.need))
          end
          if result then ST.set_state(G, sec.index, result, "battered by the ram") end
          break
        end
      end
    end
  end
end

-- The defender's gate guards (modules.sieges.phalanx's deployment) hold
-- behind their gate while it stands and in the gateway once it is broken:
-- their hold orders first (a guard left to its initiative would wander).
-- READING (ours): the garrison inside (off the defences) is the camp's
-- reserve and holds: the default commander's moves and charges for it,
-- which the camp's own defences (or the friends beside it) stop where it
-- stands, become holds; while an enemy is inside the camp or within a
-- frontage of a broken gate's middle, they stand (the reserve goes at it).
local function gates_stand(G)
  local S = G.sieges
  local broken = {}
  for _, sec in ipairs(gates(S.forts)) do if not forts.blocks(sec) then broken[#broken + 1] = sec end end
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    if not d.broken and not G.bf:removed(uid) then
      if ST.inside(G, uid) then return false end
      local x, y = G.bf:pos(uid)
      for _, sec in ipairs(broken) do
        local _, _, mx, my = forts.outward(sec)
        if math.sqrt((mx - x) ^ 2 + (my - y) ^ 2) < G.S.frontage then return false end
      end
    end
  end
  return true
end

local function boxed_in(G, g)
  for _, uid in ipairs(g.ids) do
    local d = G.D[uid]
    if d.siege_on or not ST.inside(G, uid) then return false end
  end
  return true
end

function CMD.guard_orders(G, side, orders)
  local first, held = {}, {}
  for _, uid in ipairs(G.sides[side].units) do
    local d = G.D[uid]
    if G.siege_gate_guards and G.siege_gate_guards[d.vid] and not d.broken and not G.bf:removed(uid) and not held[d.gid] then
      first[#first + 1] = { gid = d.gid, kind = "hold", siege_guard = true }
      held[d.gid] = true
    end
  end
  local shut = gates_stand(G)
  for _, o in ipairs(orders) do
    if not held[o.gid] then
      local g = G.groups[o.gid]
      if shut and g and (o.kind == "move" or o.kind == "charge") and boxed_in(G, g) then
        first[#first + 1] = { gid = o.gid, kind = "hold", siege_reserve = true }
      else
        first[#first + 1] = o
      end
    end
  end
  return first
end

-- A charge whose straight line the camp's standing defences (or a friend
-- standing against them) stop at once (the charger turned to its target,
-- then advanced: turn.charge) moves
-- nothing: the default commander ordered such charges at vignettes on or
-- behind the rampart (Gingindlovu: 120 charges of the iNgobamakhosi moved
-- 0 mm in 50 battles). READING (ours): the enemy is not to be reached by
-- a charge there; the order is dropped (the vignette is not activated for
-- it, and holds). A charge that gets some way before the defences stop it
-- is left to the default commander.
function CMD.charge_blocked(G, uid, target, turn)
  local S = G.sieges
  if not S or #S.forts.forts == 0 then return false end
  local x, y, f = G.bf:pos(uid)
  local tx, ty = G.bf:pos(target)
  local log = G.log
  if log then G.bf:set_logging(false) end
  G.bf:move(uid, "turn", turn.norm(turn.heading(tx - x, ty - y) - f))
  local r = G.bf:move(uid, "advance", math.max(1, math.sqrt((tx - x) ^ 2 + (ty - y) ^ 2)))
  G.bf:place(uid, x, y, f)
  if log then G.bf:set_logging(true) end
  local by = r.stopped_by
  -- (stopped at once by the defences, or by a friend pressed against them)
  local friend = math.type(by) == "integer" and G.D[by] and G.D[by].side == G.D[uid].side
  return (by == "terrain" or friend) and (r.distance or 0) < 1
end

-- A link (vignettes moving as one) whose order -- a charge or a move --
-- turns every member by the order's `turn` and goes straight ahead: the
-- link goes nowhere when one member's line is stopped at once by the
-- defences or a friend outside the link (the link moves as its shortest
-- member: Cicero's linked warbands made charges and moves of 0 mm at the
-- rampart).
function CMD.link_blocked(G, g, deg)
  local S = G.sieges
  if not S or #S.forts.forts == 0 or #g.ids < 2 then return false end
  local log = G.log
  if log then G.bf:set_logging(false) end
  local blocked = false
  for _, uid in ipairs(g.ids) do
    local x, y, f = G.bf:pos(uid)
    G.bf:move(uid, "turn", deg or 0)
    local r = G.bf:move(uid, "advance", 50, { ignore = g.ids })
    G.bf:place(uid, x, y, f)
    local by = r.stopped_by
    local friend = math.type(by) == "integer" and G.D[by] and G.D[by].side == G.D[uid].side
    if (by == "terrain" or friend) and (r.distance or 0) < 1 then blocked = true end
  end
  if log then G.bf:set_logging(true) end
  return blocked
end

-- Move orders (either side's, a lone vignette's or a link's) that the
-- engine would carry out as nothing: each played in the order given
-- through Phalanx's own move (turn.move_group: the turn clamped to the
-- allowance, the advance, the main battle line's cohesion), the moves
-- before it left made (a link ordered to follow a friend -- the default
-- commander's follow.lua -- goes only as far as the friend went), and all
-- put back at the end. An order is empty when no member's centre moved
-- 1 mm nor turned 1 degree and what stopped it was not an enemy (a move
-- stopped by an enemy is a contact). Session seven, Cicero's camp: the
-- Roman horse following a friend that turned and went nowhere inside the
-- camp, a warband behind the ram party in the gateway, the Gallic nobles
-- against the camp's corner made such moves (moved 0 1.3 % of 935 ordered
-- moves in 50 battles). READING (ours), as for the charges above: the
-- order is dropped (the vignette is not activated for it).
local function try_move(G, g, o, turn, made)
  local start = turn.snapshot_group(G, g)
  made[#made + 1] = { g = g, start = start, did = g.did }
  local _, _, stop = turn.move_group(G, g, o.turn or 0, o.dist, { cohesion = true })
  for i, uid in ipairs(g.ids) do
    local x, y, f = G.bf:pos(uid)
    local s = start[i]
    if math.sqrt((x - s[1]) ^ 2 + (y - s[2]) ^ 2) >= 1 or math.abs(turn.norm(f - s[3])) >= 1 then return false end
  end
  return not (math.type(stop) == "integer" and G.D[stop] and G.D[stop].side ~= g.side)
end

local function put_back(G, turn, made)
  for k = #made, 1, -1 do
    local m = made[k]
    turn.restore_group(G, m.g, m.start)
    m.g.did = m.did
  end
end

-- The orders less those that would do nothing (the charges and links
-- above, the empty moves).
function CMD.unblocked(G, orders, turn)
  local out = {}
  local S = G.sieges
  local forts = S and #S.forts.forts > 0
  local log = G.log
  if log then G.bf:set_logging(false) end
  local made = {}
  for _, o in ipairs(orders) do
    local g = G.groups[o.gid]
    local drop = false
    if o.siege_ram and g and #g.ids > 0 and o.kind == "move" and forts then
      -- the ram party's move (first in the list: carried out first) stopped
      -- at once, by a friend in the broken gateway: it holds (left to its
      -- initiative it would wander off, see ram_order)
      if log then G.bf:set_logging(false) end
      if try_move(G, g, o, turn, made) then o = { gid = o.gid, kind = "hold", siege_ram = true } end
    elseif g and #g.ids > 0 and (o.kind == "charge" or o.kind == "move") and not o.siege_ram and not o.siege_guard then
      if #g.ids > 1 then drop = CMD.link_blocked(G, g, o.turn)
      elseif o.kind == "charge" and o.target then drop = CMD.charge_blocked(G, g.ids[1], o.target, turn) end
      if forts and not drop and o.kind == "move" then
        if log then G.bf:set_logging(false) end
        drop = try_move(G, g, o, turn, made)
      end
    end
    if not drop then out[#out + 1] = o end
  end
  put_back(G, turn, made)
  if log then G.bf:set_logging(true) end
  return out
end

-- Installs the ram's orders around phalanx.ai.activate.
function CMD.install(rules)
  -- the quality report's reading of a siege's posts (modules.sieges.at_post)
  require("modules.sieges.at_post").install(rules.require("phalanx.referee"))
  local ai = rules.require("phalanx.ai")
  local turn = rules.require("phalanx.turn")
  local troops = rules.require("phalanx.troops")
  local activate = ai.activate
  -- the initiative table's "As the player wishes" asks the commander for
  -- one order (ai.free_order): a charge or move it would make as nothing is
  -- no order either (the vignette halts). Gingindlovu at 30 turns: the
  -- iNgobamakhosi's free charges at the Natal Native Contingent behind the
  -- rampart, 0 mm each (moved 0 1.2 % of 200 battles).
  local free_order = ai.free_order
  function ai.free_order(G, g)
    local o = free_order(G, g)
    if o and G.sieges then return CMD.unblocked(G, { o }, turn)[1] end
    return o
  end
  function ai.activate(G, side, points)
    local orders = activate(G, side, points) or {}
    local S = G.sieges
    if not S then return orders end
    if side == S.defender then return CMD.unblocked(G, CMD.guard_orders(G, side, orders), turn) end
    if side ~= S.besieger then return CMD.unblocked(G, orders, turn) end
    local first, rams = {}, {}
    for _, uid in ipairs(G.sides[side].units) do
      local d = G.D[uid]
      if d.siege and d.siege.ram and not d.broken and not G.bf:removed(uid) then
        local o = CMD.ram_order(G, uid, turn)
        if o then first[#first + 1] = o; rams[d.gid] = true end
      end
    end
    for _, o in ipairs(orders) do if not rams[o.gid] then first[#first + 1] = o end end
    -- the missile troops cover the assault with the points left (last in
    -- the list: modules.sieges.commander_phalanx_cover)
    local ordered = {}
    for _, o in ipairs(first) do ordered[o.gid] = true end
    for _, o in ipairs(COVER.orders(G, side, ordered, turn, troops)) do first[#first + 1] = o end
    return CMD.unblocked(G, first, turn)
  end
end

return CMD
