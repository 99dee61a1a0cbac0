-- Phalanx game turn, initiative (ACTIVATION: the initiative table, THE GAME
-- TURN C): what a link that was not activated does of itself. Part of
-- phalanx.turn (turn.lua).

-- phalanx.command: this module only finds the situation on the table, asks
-- them, and moves bases according to the results.

local tables = require("phalanx.tables")
local NL = require("lib.named_list")
local troops = require("phalanx.troops")
local melee = require("phalanx.melee")
local shooting = require("phalanx.shooting")
local command = require("phalanx.command")
local setup = require("phalanx.setup")
local victory = require("phalanx.victory")
local M = require("lib.modifiers")
local account = require("lib.account")
local angles = require("lib.angles")
local manoeuvre = require("lib.manoeuvre")

local turn = require("phalanx.turn.bases")

-- The hot loops over a link's members are numeric (`for i = 1, #g.ids do
-- local uid = g.ids[i]`): ipairs costs a call into the C library per
-- element, which showed as 3% of a battle.
local abs, min, max, floor, sqrt = math.abs, math.min, math.max, math.floor, math.sqrt
local rad = math.rad
local MOVEMENT = tables.movement
local groups_of = troops.groups
local axes = setup.axes

-- contact tolerances and the reading of corner contact: turn/bases.lua
local CONTACT, MIN_CONTACT_LEN, CORNER_LEN = turn.CONTACT, turn.MIN_CONTACT_LEN, turn.CORNER_LEN


-- from the other parts
local advance_group = turn.advance_group
local allowances = turn.allowances
local group_halted = turn.group_halted
local group_in_contact = turn.group_in_contact
local heading = turn.heading
local left_to_right = turn.left_to_right
local log = turn.log
local ltr_beside = turn.ltr_beside
local ltr_towards = turn.ltr_towards
local norm = turn.norm
local record_group = turn.record_group
local say = turn.say
local short = turn.short
local terms_of = turn.terms_of

---------------------------------------------------------------------------
-- Initiative (ACTIVATION: vignettes that are not activated).

-- The group's representative for the initiative throw. READING: a link
-- throws once, as its lowest-integrity vignette.
local RANK = troops.integrity_rank
local function initiative_vignette(G, g)
  local best = nil
  for j = 1, #g.ids do local uid = g.ids[j]
    local d = G.D[uid]
    if best == nil or RANK[d.integrity] < RANK[best.integrity] then best = d end
  end
  return best
end

-- The nearest enemy to a group: uid, distance (nil, math.huge when none
-- is within `within`); with arc, in the arc of the member it is nearest to.
local function nearest_enemy(G, g, within, arc, arc_how)
  local e, dist = G.bf:nearest(g.ids, 3 - g.side, within, arc, arc_how)
  if e then return e, dist end
  return nil, math.huge
end
turn.nearest_enemy = nearest_enemy

-- The turn (degrees) that points group g's first member at unit `target`.
local function turn_towards(G, g, target)
  local uid = g.ids[1]
  if #g.ids > 1 then
    -- aim the link's middle
    local order = left_to_right(G, g, ltr_towards)
    uid = order[(#order + 1) // 2]
  end
  local d = G.D[uid]
  local x, y, f = G.px[uid], G.py[uid], G.pf[uid]
  local fx, fy = axes(f)
  local tx, ty = G.px[target], G.py[target]
  return norm(heading(tx - (x + fx * d.d / 2), ty - (y + fy * d.d / 2)) - f)
end
turn.turn_towards = turn_towards

-- The friendly group beside g on its right (dir = 1) or left (dir = -1).
-- READING: the vignette "to right" is the nearest friendly link beside its
-- right-hand end (beyond its flank, no more than a frontage and a half ahead
-- or behind) within three frontages, the widest gap of a battle line.
local beside_ids, beside_dists = {}, {}
local function neighbour(G, g, dir)
  local order = left_to_right(G, g, ltr_beside)
  local end_uid = dir > 0 and order[#order] or order[1]
  local d = G.D[end_uid]
  local x, y, f = G.px[end_uid], G.py[end_uid], G.pf[end_uid]
  local fx, fy, rx, ry = axes(f)
  local n = G.bf:within(end_uid, tables.deployment.max_mbl_gap_frontages * G.S.frontage, g.side, beside_ids, beside_dists)
  for i = 1, n do
    local id = beside_ids[i]
    local od = G.D[id]
    if od.gid ~= g.gid then
      local ox, oy = G.px[id], G.py[id]
      local lat = ((ox - x) * rx + (oy - y) * ry) * dir
      local ahead = (ox - x) * fx + (oy - y) * fy
      if lat > d.w / 2 and abs(ahead) <= 1.5 * G.S.frontage then return G.groups[od.gid] end
    end
  end
  return nil
end

local function do_initiative(G, g, action, commander)
  local S = G.S
  if action == "charge_nearest_any_turns" then
    local e = nearest_enemy(G, g, S.width + S.depth)
    if e then turn.charge(G, g, e, turn_towards(G, g, e), { any_turn = true }) end
  elseif action == "charge_nearest_ahead_within_3" then
    -- "Charge the nearest enemy to the front within '3' and within normal
    -- turn allowance otherwise do nothing": within 3 frontages (the charge
    -- moves a full move towards it, whether or not that reaches it)
    local e = nearest_enemy(G, g, tables.initiative.charge_range_frontages * S.frontage, 90, "frontal")
    if e then
      local a = turn_towards(G, g, e)
      local _, tr = allowances(G, g, a)
      if abs(a) <= tr + 1e-6 then turn.charge(G, g, e, a, { kind = "initiative_charge" }) else g.did = { kind = "halt" } end
    else
      g.did = { kind = "halt" }
    end
  elseif action == "charge_ahead_or_shoot" then
    -- "Charge enemy that is directly ahead, or shoot": the commander chooses
    -- (commander.charge_or_shoot(G, g, enemy) -> "charge" | "shoot"; a
    -- commander without it charges); with no enemy ahead it may shoot
    local mv = allowances(G, g, 0)
    local e = nearest_enemy(G, g, mv, 0, "frontal")
    local choose = commander and commander.charge_or_shoot
    if e and not (choose and choose(G, g, e) == "shoot") then turn.charge(G, g, e, 0, { kind = "initiative_charge" })
    else
      g.may_shoot = true
      g.did = { kind = "halt" }
      if e and G.report then say(G, "    stands to shoot rather than charge %s", short(G.D[e])) end
    end
  elseif action == "retreat_two_turns" then
    local mv = allowances(G, g, 0, "retreat")
    local moved = advance_group(G, g, -2 * mv)
    record_group(G, g, "retreat")
    g.did = { kind = "retreat", dist = moved }
    log(G, "move", { units = g.ids, distance = moved, initiative = "retreat" })
    if G.report then say(G, "    retreats %.0f mm to the rear", -moved) end
  elseif action == "as_player_wishes" then
    g.may_shoot = true
    local order = commander.free_order(G, g)
    if order then turn.execute_order(G, g, order) else g.did = { kind = "halt" } end
  else
    g.did = { kind = "halt" }
  end
end

-- Whether a neighbour's move is worth copying (copy_neighbour's test).
local function copyable(did)
  if not did then return false end
  local kind = did.kind
  return ((kind == "move" or kind == "charge") and (abs(did.turn) > 0.5 or abs(did.dist) > 0.5)) or kind == "retreat"
end

-- Whether some other link of g's side that did something copyable could be
-- g's neighbour: a member's centre within the neighbour's reach (three
-- frontages edge to edge) of a member of g plus both half diagonals (d.r)
-- and a millimetre; a base further off is further than the reach edge to
-- edge. When none is, whatever neighbour() finds halts, so it is not asked
-- (its proximity queries were most of the copies' cost: four copies in
-- five find a neighbour that halted).
-- (Every unit of the side is looked at, as neighbour() reads the group of
-- whatever unit it meets; removed ones only make the answer "maybe".)
local function copyable_near(G, g)
  local reach = tables.deployment.max_mbl_gap_frontages * G.S.frontage + 1
  local px, py, D, groups = G.px, G.py, G.D, G.groups
  local ids = g.ids
  local units = G.sides[g.side].units
  for k = 1, #units do local m = units[k]
    local md = D[m]
    local o = groups[md.gid]
    local mx, my = px[m], py[m]
    if o ~= g and o and mx and copyable(o.did) then   -- (no position: not on the table)
      local mr = md.r
      for j = 1, #ids do local uid = ids[j]
        local lim = reach + mr + D[uid].r
        local dx, dy = mx - px[uid], my - py[uid]
        if dx * dx + dy * dy <= lim * lim then return true end
      end
    end
  end
  return false
end

turn.initiative_neighbour, turn.copyable_near, turn.copyable = neighbour, copyable_near, copyable   -- (tests)

-- "As vignette to right, if none then as left otherwise halt."
local function copy_neighbour(G, g, first_dir)
  local n = copyable_near(G, g) and (neighbour(G, g, first_dir) or neighbour(G, g, -first_dir))
  local did = n and n.did
  if copyable(did) and did.kind ~= "retreat" then
    if G.report then say(G, "    does as %s: turns %.0f, moves %.0f mm", short(G.D[n.ids[1]]), did.turn, did.dist) end
    turn.order_move(G, g, did.turn, did.dist, { kind = "initiative_move" })
  elseif did and did.kind == "retreat" then
    -- its own retreat: two of its own moves at most (a slower link copying
    -- a faster one does not outrun its Table 3 rate)
    local mv = allowances(G, g, 0, "retreat")
    local moved = advance_group(G, g, max(did.dist, -2 * mv))
    record_group(G, g, "retreat")
    g.did = { kind = "retreat", dist = moved }
    if G.report then say(G, "    follows %s back %.0f mm", short(G.D[n.ids[1]]), -moved) end
  else
    g.did = { kind = "halt" }
    if G.report then say(G, "    halts") end
  end
end

function turn.initiative_phase(G, side)
  local S = G.sides[side]
  local copies = {}
  for j = 1, #S.groups do local gid = S.groups[j]
    local g = G.groups[gid]
    if #g.ids > 0 and not g.activated and not G.over then
      if group_halted(G, g) or group_in_contact(G, g) then
        g.did = { kind = "halt" }
      else
        local v = initiative_vignette(G, g)
        local out = command.initiative(v, G.dice, G.report ~= nil or G.log)
        g.initiative = out.action   -- what the dice chose (the referee's warnings judge only the player's choices)
        if G.log then
          log(G, "initiative", { units = g.ids, die = out.die, score = out.score, action = out.action,
                                 modifiers = terms_of(out.terms) })
        end
        if G.report then
          local mods = M.describe(out.terms)
          say(G, "  %s acts on its own initiative: die %d%s = %d: %s", short(G.D[g.ids[1]]), out.die,
            #mods > 0 and (" " .. table.concat(mods, ", ")) or "", out.score, out.text)
        end
        if out.action == "as_right_neighbour" or out.action == "as_left_neighbour" then
          copies[#copies + 1] = { g = g, dir = out.action == "as_right_neighbour" and 1 or -1 }
        else
          do_initiative(G, g, out.action, S.commander)
        end
      end
    end
  end
  for j = 1, #copies do local c = copies[j]
    if G.over then break end
    if #c.g.ids > 0 then
      if G.report then say(G, "  %s (initiative):", short(G.D[c.g.ids[1]])) end
      copy_neighbour(G, c.g, c.dir)
    end
  end
end


return turn
