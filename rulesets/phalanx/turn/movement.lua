-- Phalanx game turn, movement (MOVEMENT; THE GAME TURN B; EVADING): a
-- link's allowances in the going, the main battle line's cohesion, ordered
-- moves, charges (with the line-up limit) and evades. Part of phalanx.turn
-- (turn.lua).

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
local group_bad = turn.group_bad
local group_halted = turn.group_halted
local group_in_contact = turn.group_in_contact
local group_rates = turn.group_rates
local heading = turn.heading
local label = turn.label
local line_up = turn.line_up
local log = turn.log
local move_mm = turn.move_mm
local norm = turn.norm
local place = turn.place
local pos = turn.pos
local record_group = turn.record_group
local say = turn.say
local short = turn.short
local turn_group = turn.turn_group

---------------------------------------------------------------------------
-- Moves, charges and evades (MOVEMENT; THE GAME TURN B; EVADING).

-- The group's allowed move in mm and turn in degrees, considering Bad Going
-- at the start or at the end of a full good-going move ("When any part of
-- a vignette moves on or over ... the entire vignette is counted as being
-- in Bad Going").
-- Whether unit uid would end a full move of mv after turning turn_deg in Bad
-- Going. Remembered per unit while it stays put, for the last turn and move
-- asked (the AI asks when it picks the orders, the move asks again; the
-- terrain does not change during the battle): kept outside its data.
local function bad_ahead(G, uid, turn_deg, mv)
  local x, y, f = G.px[uid], G.py[uid], G.pf[uid]
  local cache = G.ahead_cache
  if not cache then cache = {}; G.ahead_cache = cache end
  local c = cache[uid]
  if c and c[1] == x and c[2] == y and c[3] == f and c[4] == turn_deg and c[5] == mv then return c[6] end
  local d = G.D[uid]
  local nf = f + turn_deg
  local fx, fy = axes(nf)
  local bad = G.T:under(x + fx * mv, y + fy * mv, nf, d.w, d.d) and true or false
  if c then c[1], c[2], c[3], c[4], c[5], c[6] = x, y, f, turn_deg, mv, bad
  else cache[uid] = { x, y, f, turn_deg, mv, bad } end
  return bad
end

local function allowances(G, g, turn_deg, kind)
  local bad = group_bad(G, g)
  local mv, tr = group_rates(G, g, bad)
  if not bad and G.T.pieces[1] then
    -- probe the end of a full move after the turn
    for j = 1, #g.ids do
      if bad_ahead(G, g.ids[j], turn_deg or 0, mv) then
        bad = true
        mv, tr = group_rates(G, g, true)
        break
      end
    end
  end
  if G.weather_move then mv = G.weather_move(G, mv, g, turn_deg or 0, kind) end   -- hook: the weather module (ground, night, wind)
  return mv, tr, bad
end
turn.allowances = allowances

-- Main battle line cohesion (Deployment's gap limit kept in play, READING):
-- a group of the MBL that is not a detachment may not end an ordered move
-- more than three frontages from every other vignette of its MBL if it
-- started within that distance of one.
-- (`mbl_member`, the link's members as the query's skip set: one scratch
-- set, emptied before returning, not a new table for each of the two or
-- three questions of a move)
local mbl_ids, mbl_dists, mbl_member = {}, {}, {}
local function near_mbl_friend(G, g)
  local limit = tables.deployment.max_mbl_gap_frontages * G.S.frontage
  local ids = g.ids
  local member = mbl_member
  for j = 1, #ids do member[ids[j]] = true end
  local found = false
  for j = 1, #ids do local uid = ids[j]
    local n = G.bf:within(uid, limit, g.side, mbl_ids, mbl_dists, member)
    for i = 1, n do
      if G.D[mbl_ids[i]].mbl then found = true; break end
    end
    if found then break end
  end
  for j = 1, #ids do member[ids[j]] = nil end
  return found
end
turn.near_mbl_friend = near_mbl_friend

local function needs_cohesion(G, g)
  if g.detached or #g.ids == 0 then return false end
  return G.D[g.ids[1]].mbl == true
end

local function snapshot_group(G, g)
  local s = {}
  for i = 1, #g.ids do local uid = g.ids[i]; s[i] = { pos(G, uid) } end
  return s
end

local function restore_group(G, g, s)
  for i = 1, #g.ids do local uid = g.ids[i]; place(G, uid, s[i][1], s[i][2], s[i][3]) end
end
turn.snapshot_group, turn.restore_group = snapshot_group, restore_group

-- Executes an ordered move: turn (clamped to the allowance), then straight
-- ahead (clamped to the move). Returns turned, distance, first contact.
-- mv, tr: allowances(G, g, turn_deg) when the caller has just asked them at
-- the same place (order_move and charge need them for the line-up): the
-- question is not asked twice (it reads the going under every member and
-- the end of a full move; the weather's hook is a pure function of the link).
local NO_OPTS = {}
function turn.move_group(G, g, turn_deg, dist, opts, mv, tr)
  opts = opts or NO_OPTS
  turn_deg = turn_deg or 0
  if mv == nil then mv, tr = allowances(G, g, turn_deg) end
  if opts.any_turn then tr = 180 end
  if turn_deg > tr then turn_deg = tr elseif turn_deg < -tr then turn_deg = -tr end
  if dist == nil or dist > mv then dist = mv end
  if dist < 0 then dist = 0 end
  local cohesion = opts.cohesion and needs_cohesion(G, g) and near_mbl_friend(G, g)
  local before = cohesion and snapshot_group(G, g) or nil
  local turned = turn_group(G, g, turn_deg)
  local moved, stop, r = advance_group(G, g, dist)
  if cohesion and not near_mbl_friend(G, g) then
    -- shorten the move to keep the line; failing that, stand
    restore_group(G, g, before)
    turned = turn_group(G, g, turned)
    moved, stop, r = advance_group(G, g, moved / 2)
    if not near_mbl_friend(G, g) then
      restore_group(G, g, before)
      turned, moved, stop, r = 0, 0, "line", nil
    end
  end
  g.did = { kind = "move", turn = turned, dist = moved }
  return turned, moved, stop, r
end

-- Where a charging or moving link's members began (line_up's `start`),
-- written into scratch tables reused from move to move: read only by the
-- line-up at the end of the same order_move or charge, and nothing between
-- (the move, the line-up) starts another. (snapshot_group made a table per
-- member for every move; the line-up reads it after one move in ten.)
local start_scratch = {}
local function start_of(G, g)
  local s = start_scratch
  local ids = g.ids
  for i = 1, #ids do local uid = ids[i]
    local e = s[i]
    if e then e[1], e[2], e[3] = G.px[uid], G.py[uid], G.pf[uid]
    else s[i] = { G.px[uid], G.py[uid], G.pf[uid] } end
  end
  return s
end
local ANY_TURN = { any_turn = true }

-- Whether group tg may evade a charge by group cg (EVADING: "LI may evade
-- HI, LSC may evade any vignette, HCC, HSC, CAM may evade HI").
function turn.may_evade(G, tg, charger_uid)
  local cd = G.D[charger_uid]
  if #tg.ids == 0 or group_halted(G, tg) or group_in_contact(G, tg) then return false end
  for j = 1, #tg.ids do local uid = tg.ids[j]
    local d = G.D[uid]
    if not troops.may_evade(d.class, cd.class) then return false end
  end
  return true
end

-- "The evade move is made by moving the evading vignette one full move to
-- its rear, it still may face in the same direction."
local function evade(G, tg, charger_uid)
  local mv = allowances(G, tg, 0, "evade")
  local moved = advance_group(G, tg, -mv)
  record_group(G, tg, "evade")
  tg.evaded_from = charger_uid
  for j = 1, #tg.ids do local uid = tg.ids[j]; G.D[uid].evaded = charger_uid end
  log(G, "evade", { units = tg.ids, from = charger_uid, distance = -moved })
  if G.report then
    say(G, "    %s evades %.0f mm to the rear", short(G.D[tg.ids[1]]) .. (#tg.ids > 1 and " and its link" or ""), -moved)
  end
end

-- Records that `mover` ended its move in contact with enemies (for the
-- shots of vignettes "that have moved into contact with them").
local contact_ids, contact_dists = {}, {}
local function note_contacts(G, g)
  for j = 1, #g.ids do local uid = g.ids[j]
    local n = G.bf:within(uid, CONTACT, 3 - g.side, contact_ids, contact_dists)
    for i = 1, n do
      G.contact_moves[#G.contact_moves + 1] = { mover = uid, target = contact_ids[i] }
    end
  end
end

-- A charge: declared on a target before moving; the target may evade; then
-- the charger turns (clamped) and moves straight ahead, lining up on
-- contact. opts.any_turn: "taking any amount of turns".
function turn.charge(G, g, target, turn_deg, opts)
  opts = opts or {}
  if G.D[target].broken then return end
  local td = G.D[target]
  local cd = G.D[g.ids[1]]
  if G.log then log(G, "charge", { units = g.ids, target = target }) end
  if G.report then
    say(G, "  %s%s charges %s", short(cd), #g.ids > 1 and string.format(" (link of %d)", #g.ids) or "", label(td))
  end
  local tg = G.groups[td.gid]
  if turn.may_evade(G, tg, g.ids[1]) then
    local commander = G.sides[td.side].commander
    if commander.evade(G, tg, g, target) then evade(G, tg, g.ids[1]) end
  end
  -- re-aim at the target after an evade, within the allowance
  if not G.D[target].broken then
    local x, y, f = G.px[g.ids[1]], G.py[g.ids[1]], G.pf[g.ids[1]]
    local fx, fy = axes(f)
    local d = G.D[g.ids[1]]
    local tx, ty = G.px[target], G.py[target]
    if #g.ids == 1 then
      turn_deg = norm(heading(tx - (x + fx * d.d / 2), ty - (y + fy * d.d / 2)) - f)
    end
  end
  local start = start_of(G, g)
  local mv, tr = allowances(G, g, turn_deg)
  if opts.any_turn then tr = 180 end
  local turned, moved, stop, r = turn.move_group(G, g, turn_deg, nil, opts.any_turn and ANY_TURN or NO_OPTS, mv, tr)
  g.did = { kind = "charge", turn = turned, dist = moved, target = target }
  -- (opts.kind: the initiative's charges are declared as its own, not the commander's orders)
  record_group(G, g, opts.kind or (opts.any_turn and "charge_any_turn" or "charge"))
  if math.type(stop) == "integer" and G.D[stop].side ~= cd.side then
    if r and r.blocker_edge then
      line_up(G, g, r.mover_id or g.ids[1], stop, r.blocker_edge, start, turned, tr, mv)
    end
    note_contacts(G, g)
    log(G, "contact", { units = g.ids, with = stop })
    if G.report then say(G, "    %s contacts %s", short(cd), short(G.D[stop])) end
  elseif G.report then
    say(G, "    moves %.0f mm%s and makes no contact", moved,
      abs(turned) > 0.5 and string.format(" after turning %.0f degrees", turned) or "")
  end
end

-- A plain move order.
function turn.order_move(G, g, turn_deg, dist, opts)
  local start = start_of(G, g)
  local mv, tr = allowances(G, g, turn_deg or 0)
  if opts and opts.any_turn then tr = 180 end
  local turned, moved, stop, r = turn.move_group(G, g, turn_deg, dist, opts, mv, tr)
  record_group(G, g, opts and opts.kind or "move")
  local d = G.D[g.ids[1]]
  if G.log then log(G, "move", { units = g.ids, turned = turned, distance = moved }) end
  if math.type(stop) == "integer" and G.D[stop].side ~= d.side then
    if r and r.blocker_edge then
      line_up(G, g, r.mover_id or g.ids[1], stop, r.blocker_edge, start, turned, tr, mv)
    end
    note_contacts(G, g)
  end
  if G.report then
    local why = ""
    if stop == "line" then why = " (it may not open a gap of more than three frontages in the main battle line)"
    elseif stop == "edge" then why = ", stopped by the table edge"
    elseif math.type(stop) == "integer" then why = ", stopped by " .. short(G.D[stop])
    elseif abs(moved) < (dist or 1e9) - 0.5 and abs(moved) < move_mm(d, false) - 0.5 then why = " (terrain)" end
    say(G, "  %s%s %s%.0f mm%s", short(d), #g.ids > 1 and string.format(" (link of %d)", #g.ids) or "",
      abs(turned) > 0.5 and string.format("turns %.0f degrees and moves ", turned) or "moves ", moved, why)
  end
  return turned, moved, stop
end


-- for the other parts of phalanx.turn
turn.allowances = allowances

return turn
