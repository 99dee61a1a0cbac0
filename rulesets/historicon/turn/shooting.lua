-- Historicon v2 in play: Phase 4, shooting (targets, line of sight through
-- units, the shots, the tests for hits).
local turn = require("historicon.turn.board")
local H = turn.helpers
local tables, troops, shooting, melee, integrity, distances, victory, pool_mod = H.tables, H.troops, H.shooting, H.melee, H.integrity, H.distances, H.victory, H.pool_mod
local setup, account, angles, M, E, CONTACT, FRACTIONS, SHOOT_ARC = H.setup, H.account, H.angles, H.M, H.E, H.CONTACT, H.FRACTIONS, H.SHOOT_ARC
local PROBE_KEYS, say, log, norm, heading, label, side_name, gait = H.PROBE_KEYS, H.say, H.log, H.norm, H.heading, H.label, H.side_name, H.gait
local kind_of, note, note_contact, side_ids, contacts, in_contact, friend_near, terrain_under = H.kind_of, H.note, H.note_contact, H.side_ids, H.contacts, H.in_contact, H.friend_near, H.terrain_under
local hill_at, sweep, go, check_wheel, count_live_hi, passes_through, deduct, remove_unit = H.hill_at, H.sweep, H.go, H.check_wheel, H.count_live_hi, H.passes_through, H.deduct, H.remove_unit
local roll_mm, impassable, blocker_name, record_hits = H.roll_mm, H.impassable, H.blocker_name, H.record_hits
local abs, min, max, floor, sqrt = math.abs, math.min, math.max, math.floor, math.sqrt
local rad, deg, sin, cos = math.rad, math.deg, math.sin, math.cos

-- Whether the segment (ax, ay)-(bx, by) passes through the footprint of
-- unit o (shrunk by 0.5 mm: a line grazing a corner or running along an edge
-- is not blocked). Liang-Barsky clipping in the unit's own frame.
-- One side of the clip: the new (t0, t1), or nil when the segment misses.
-- (SPEED: the four sides in turn, without a table of them per call.)
local function clip(p, q, t0, t1)
  if abs(p) < 1e-12 then
    if q < 0 then return nil end
    return t0, t1
  end
  local t = q / p
  if p < 0 then if t > t0 then t0 = t end
  elseif t < t1 then t1 = t end
  if t0 > t1 then return nil end
  return t0, t1
end

local function segment_hits(G, o, ax, ay, bx, by)
  local od = G.D[o]
  local ox, oy, of = G.bf:pos(o)
  local a = rad(of)
  local fx, fy, rx, ry = -sin(a), cos(a), cos(a), sin(a)
  local dx0, dy0 = ax - ox, ay - oy
  local u0, v0 = dx0 * rx + dy0 * ry, dx0 * fx + dy0 * fy
  local dx1, dy1 = bx - ox, by - oy
  local du, dv = dx1 * rx + dy1 * ry - u0, dx1 * fx + dy1 * fy - v0
  local hw, hd = od.w / 2 - 0.5, od.dp / 2 - 0.5
  if hw <= 0 or hd <= 0 then return false end
  local t0, t1 = clip(-du, u0 + hw, 0, 1)
  if not t0 then return false end
  t0, t1 = clip(du, hw - u0, t0, t1)
  if not t0 then return false end
  t0, t1 = clip(-dv, v0 + hd, t0, t1)
  if not t0 then return false end
  t0, t1 = clip(dv, hd - v0, t0, t1)
  return t0 ~= nil
end

-- Line of sight between two units through other units. READING: the text
-- says nothing; we read that troops cannot shoot through other troops,
-- friend or foe, formed or not. The target is seen when a line from the
-- shooter's centre to the target's centre, or to a point near either end of
-- the target's width, passes through no other unit's base.
function turn.clear_of_units(G, uid, target)
  local bf = G.bf
  local sx, sy = bf:pos(uid)
  local tx, ty, tf = bf:pos(target)
  local t = G.D[target]
  local a = rad(tf)
  local rx, ry = cos(a), sin(a)
  local off = max(0, t.w / 2 - 1)
  local lines = { 0, -off, off }
  local blockers = {}
  local reach = sqrt((tx - sx) ^ 2 + (ty - sy) ^ 2) + t.w
  for _, o in ipairs(bf:units()) do
    local od = G.D[o]
    if o ~= uid and o ~= target and not od.gone and od.rear_of ~= uid and od.rear_of ~= target then
      local ox, oy = bf:pos(o)
      -- only bases near the sightlines can block
      if sqrt((ox - sx) ^ 2 + (oy - sy) ^ 2) <= reach + od.w + od.dp then blockers[#blockers + 1] = o end
    end
  end
  if #blockers == 0 then return true end
  for _, k in ipairs(lines) do
    local px, py = tx + rx * k, ty + ry * k
    local clear = true
    for _, o in ipairs(blockers) do
      if segment_hits(G, o, sx, sy, px, py) then clear = false; break end
    end
    if clear then return true end
  end
  return false
end

-- Shooting targets of a unit: "Any enemy unit directly in front of formed
-- shooters and within range is an eligible target, unformed can shoot all
-- around". READING: woods and built-up areas block the line of sight, and so
-- do other units (turn.clear_of_units).
-- SPEED: the enemies within range through turn.units_within (bf:query's
-- units in bf:query's order, into kept tables), the arc tested as bf:query
-- tests it (bf:in_arc, "frontal").
local target_ids, target_dists = {}, {}
local function shooting_targets(G, uid, d, range)
  local bf = G.bf
  local n = turn.units_within(G, uid, range, 3 - d.side, target_ids, target_dists)
  local out = {}
  for i = 1, n do
    local id = target_ids[i]
    if (not d.formed or bf:in_arc(uid, id, SHOOT_ARC, "frontal"))
        and not G.D[id].gone and not (G.untargetable and G.untargetable(G, id)) -- hook: fantasy (invisible)
        and (not G.has_los_terrain or bf:line_of_sight(uid, id))
        and turn.clear_of_units(G, uid, id) then
      out[#out + 1] = id
    end
  end
  return out
end

local function shoot_once(G, uid, shooter_unit, target, moved_into_contact, who)
  local d = G.D[uid]
  local t = G.D[target]
  G.shot[uid] = G.shot[uid] or {}
  local key = target .. (who or "")
  local hs, ht = hill_at(G, uid), hill_at(G, target)
  local situation = {
    higher_ground = hs ~= nil and ht == nil,
    target_moved_into_contact = moved_into_contact,
    new_target = not G.shot[uid][key],
    evaded_figures = shooter_unit == d and d.evaded or 0,
  }
  G.shot[uid][key] = true
  local out = shooting.shoot(shooter_unit, t, situation, G.dice, G.report ~= nil)
  if out.dice <= 0 then return end
  if G.shot_lands then target, out.hits = G.shot_lands(G, uid, target, out.hits) end -- hook: fantasy (reversed, stone)
  record_hits(G, uid, target, out.hits)
  if G.report then
    say(G, "  %s%s shoots at %s: %d dice hitting on %d+%s: %d hit(s) (now %d)", label(d), who and (" (" .. who .. ")") or "",
      label(t), out.dice, out.hit_on, #out.reroll > 0 and (" re-rolling " .. table.concat(out.reroll, ",")) or "", out.hits, t.hits)
  end
  if G.log then log(G, "shoot", { unit = uid, target = target, dice = out.dice, hit_on = out.hit_on, hits = out.hits }) end
end

-- Tests for hits crossing the unit's figures and twice its figures
-- (triggers 7 and 8) after a phase's hits are in.
function turn.hits_tests(G)
  for _, s in ipairs(G.order) do
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      if G.over then return end
      if not d.gone and not d.broken and d.new_hits > 0 then
        local ids = integrity.triggers(d, { new_hits = d.new_hits })
        d.new_hits = 0
        if #ids > 0 then turn.test(G, uid, ids, contacts(G, uid)) end
      end
      d.new_hits = 0
    end
  end
end

-- Phase 4: shooting, the side with the initiative first. "Any troops not in
-- contact may Shoot ... Formed shooters can and must shoot at any enemy unit
-- that has moved into contact with them." Light troops inside an HI unit and
-- a VLI rank behind a unit (optional rules) shoot at an enemy in contact
-- with their host's front.
function turn.phase4(G)
  G.bf:set_time(G.turn, "4 shooting")
  for _, s in ipairs(G.order) do
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      if G.over then return end
      if not d.gone and not d.broken and not d.rear_of
          and not (G.no_shoot and G.no_shoot(G, uid)) then -- hook: fantasy (stone, asleep)
        local touching = contacts(G, uid)
        local range = shooting.range(d, G.S.scale)
        if range then
          range = range * 10
          if #touching == 0 then
            local targets = shooting_targets(G, uid, d, range)
            if #targets > 0 then
              local target = G.sides[s].commander.shoot_target(G, uid, targets)
              if target then shoot_once(G, uid, d, target, false) end
            end
          elseif d.formed and G.chargers then
            for _, c in ipairs(touching) do
              local charged = false
              for _, x in ipairs(G.chargers[uid] or {}) do if x == c then charged = true end end
              if charged and G.bf:contact(uid, c) == "front" then shoot_once(G, uid, d, c, true); break end
            end
          end
        end
        if #touching > 0 and (d.light or d.rear) then
          local front
          for _, c in ipairs(touching) do
            if G.bf:contact(uid, c) == "front" then front = c; break end
          end
          if front then
            if d.light and G.options.light_in_ra_hi then shoot_once(G, uid, G.hooks.light_in_ra_hi.shooter(d), front, false, "light troops") end
            if d.rear and G.options.vli_ranks then shoot_once(G, uid, G.hooks.vli_ranks.shooter(d), front, false, "VLI rank") end
          end
        end
      end
    end
  end
  turn.hits_tests(G)
end

return turn
