-- Phalanx game turn, the shooting phase (SHOOTING; THE GAME TURN D): who
-- shoots at whom, return fire, shots at vignettes that moved into contact and
-- at chargers. The adjudication is phalanx.shooting. Part of phalanx.turn
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
local apply_result = turn.apply_result
local friends_behind = turn.friends_behind
local going = turn.going
local in_contact = turn.in_contact
local log = turn.log
local near = turn.near
local say = turn.say
local short = turn.short
local terms_of = turn.terms_of
local touching_edge = turn.touching_edge

---------------------------------------------------------------------------
-- Shooting (SHOOTING).

local function shoot_range(G, d)
  local own = troops.shooting_range(d.class, d)   -- d: for a variant whose range depends on the vignette
  if d.artillery and G.artillery then
    -- attached artillery adds to the vignette's own shooting (READING, Artillery)
    local a = G.artillery.range(d)
    if not (d.artillery == "attached" and own > a) then own = a end
  end
  -- hook: a module that limits sight (weather: fog, night) caps the range
  if G.sight_limit then own = min(own, G.sight_limit(G, d)) end
  return own
end

local function shoots_all_round(d)
  local c = troops.classes[d.class]
  return c.shoots ~= nil and c.shoots.all_round
end

-- Eligible targets of a shooter, nearest first: within range; directly
-- ahead unless VLI or LSC ("VLI and LSC can shoot all round, others can
-- only shoot directly ahead": READING, any part of the target in the strip
-- straight ahead of the front edge).
local function shooting_targets(G, uid, only)
  local d = G.D[uid]
  local range = shoot_range(G, d)
  if range <= 0 then return {} end
  local within = range * G.S.frontage + 0.01
  local all_round = shoots_all_round(d) and d.artillery ~= "amalgamated"
  local q = {}
  near(G, uid, 3 - d.side, within, q, G.unseen_targets) -- hook: fantasy (invisible: a set of ids)
  if G.shot_seen then q = G.shot_seen(G, uid, q) end   -- hook: a module's sight (weather: only lit targets beyond it)
  if not all_round then
    local k = 0
    for i = 1, #q do
      if G.bf:in_arc(uid, q[i].id, 0, "frontal") then k = k + 1; q[k] = q[i] end
    end
    for i = #q, k + 1, -1 do q[i] = nil end
  end
  if only then
    for _, hit in ipairs(q) do if hit.id == only then return { hit } end end
    return {}
  end
  return q
end
turn.shooting_targets = shooting_targets

-- Whether shooting_targets(G, uid) holds any target: the first found will
-- do, with no list built.
local target_ids, target_dists = {}, {}
local function has_shooting_target(G, uid)
  local d = G.D[uid]
  local range = shoot_range(G, d)
  if range <= 0 then return false end
  local n = G.bf:within(uid, range * G.S.frontage + 0.01, 3 - d.side, target_ids, target_dists, G.unseen_targets) -- hook: fantasy
  if n == 0 then return false end
  if shoots_all_round(d) and d.artillery ~= "amalgamated" then return true end
  for i = 1, n do
    if G.bf:in_arc(uid, target_ids[i], 0, "frontal") then return true end
  end
  return false
end
turn.has_shooting_target = has_shooting_target

-- One shot and its result. contact = the target moved into contact with the shooter.
local function shoot(G, uid, target, contact)
  local bf = G.bf
  local d, td = G.D[uid], G.D[target]
  local dist = bf:distance(uid, target)
  local situation = {
    range = contact and 0 or min(dist / G.S.frontage, shoot_range(G, d)),
    target_ahead = true,
    target_moved_into_contact = contact or false,
    shooter_in_bad_going = (going(G, uid)),
    -- along the way a shot's repulse goes: straight back (repulse with
    -- from_shooting), not along a touching shooter's facing as in melee
    target_friends_behind = friends_behind(G, target, nil),
    weather = G.weather_shot and G.weather_shot(G, uid, target) or nil,   -- hook: the weather module's flags
  }
  local explain = G.report ~= nil or G.log
  local out = shooting.resolve(d, td, situation, G.dice, explain)
  td.shot_at = true
  td.engaged = true
  if G.log then
    log(G, "shoot", { shooter = uid, target = target, die = out.die, score = out.score, modifiers = terms_of(out.terms),
                      table_result = out.table_result, result = out.result, range = situation.range })
  end
  if G.report then
    local mods = M.describe(out.terms)
    say(G, "  %s shoots at %s at %.1f widths: die %d%s = %d -> %s%s", short(d), short(td), situation.range,
      out.die, #mods > 0 and (" " .. table.concat(mods, ", ")) or "", out.score, out.result,
      out.result ~= out.table_result and (" (table " .. out.table_result .. ")") or "")
  end
  if G.shot_lands then target, out.result = G.shot_lands(G, uid, target, out.result) end -- hook: fantasy (reversed, stone)
  apply_result(G, target, out.result, uid, "shot", true)
  return out
end

local function can_shoot_now(G, uid)
  local d = G.D[uid]
  if d.broken then return false end
  if G.no_shoot and G.no_shoot(G, uid) then return false end -- hook: fantasy (stone, asleep)
  if shoot_range(G, d) <= 0 then return false end
  return not in_contact(G, uid)
end

function turn.shooting_phase(G, side)
  local S = G.sides[side]
  local bf = G.bf
  for j = 1, #S.groups do local gid = S.groups[j]
    local g = G.groups[gid]
    if (g.activated or g.may_shoot) and not G.over then
      local ids = {}
      for i = 1, #g.ids do local uid = g.ids[i]; ids[i] = uid end
      for j = 1, #ids do local uid = ids[j]
        if not G.over and not G.D[uid].broken and can_shoot_now(G, uid) then
          local targets = shooting_targets(G, uid)
          if #targets > 0 then
            local target = S.commander.shoot_target(G, uid, targets)
            if target then
              shoot(G, uid, target, false)
              -- "A vignette that is shot at may shoot back after the
              -- shooters result is applied (if any)"
              if not G.over and not G.D[target].broken and not G.D[uid].broken
                 and can_shoot_now(G, target) and #shooting_targets(G, target, uid) > 0 then
                if G.report then say(G, "    %s returns fire", short(G.D[target])) end
                shoot(G, target, uid, false)
              end
            end
          end
        end
      end
    end
  end
  -- "Any vignette that can shoot may shoot at vignettes that have moved into
  -- contact with them before melee is conducted", and "Evaders may shoot at
  -- chargers if of a type able to do so".
  local enemy = G.sides[3 - side]
  for _, cm in ipairs(G.contact_moves) do
    if G.over then break end
    local shooter, mover = cm.target, cm.mover
    if not G.D[shooter].broken and not G.D[mover].broken then
      local d = G.D[shooter]
      if shoot_range(G, d) > 0 and not d.shot_this_turn and touching_edge(G, shooter, mover) then
        local ahead = shoots_all_round(d) or bf:in_arc(shooter, mover, 0, "frontal")
        if ahead and enemy.commander.shoot_at_charger(G, shooter, mover) then
          d.shot_this_turn = true
          if G.report then say(G, "  %s shoots at %s, which moved into contact", short(d), short(G.D[mover])) end
          shoot(G, shooter, mover, true)
        end
      end
    end
  end
  for _, gid in ipairs(enemy.groups) do
    local g = G.groups[gid]
    if g.evaded_from and not G.over then
      for _, uid in ipairs(g.ids) do
        local c = g.evaded_from
        if not G.D[uid].broken and not G.D[c].broken and can_shoot_now(G, uid)
           and #shooting_targets(G, uid, c) > 0 and not G.D[uid].shot_this_turn then
          G.D[uid].shot_this_turn = true
          if G.report then say(G, "  %s, having evaded, shoots at its charger", short(G.D[uid])) end
          shoot(G, uid, c, false)
        end
      end
    end
  end
end


return turn
