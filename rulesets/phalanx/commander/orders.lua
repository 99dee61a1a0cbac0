-- The default commander, its orders each turn: the best order of each link
-- (a charge at good odds, shooting, rallying, an advance keeping the line),
-- the activations the points pay for, the free order of an initiative 7+,
-- evading, targets. Part of phalanx.ai (commander/base.lua).
local tables = require("phalanx.tables")
local troops = require("phalanx.troops")
local melee = require("phalanx.melee")
local setup = require("phalanx.setup")
local turn = require("phalanx.turn")
local ai = require("phalanx.commander.base")
local sighting = require("lib.sighting")   -- the enemies the side has seen (weather module)

local abs, min, max, floor = math.abs, math.min, math.max, math.floor
local half_up = melee.half_up
local groups = troops.groups
local pos = turn.pos
local FAR = ai.FAR
local melee_value, charge_value = ai.melee_value, ai.charge_value
local can_shoot, recovering = ai.can_shoot, ai.recovering
local is_reserve, reserve_state, reserve_room = ai.is_reserve, ai.reserve_state, ai.reserve_room
local shot_range_mm = ai.shot_range_mm
local RESERVE_CHARGE = ai.RESERVE_CHARGE

-- The best order for group g and its score (nil when it has nothing to do).
-- The move part of an advance: keeping the line, around friends and
-- terrain. Returns the order or nil (nothing worth an activation).
local function finish_advance(G, g, p)
  local S = G.S
  local want, step = p.want, p.step
  -- its last paid move left it where it was (the plan): not the same move
  -- again; round the obstacle (the side turn with the most way ahead), or no order
  local blocked, last = ai.blocked(G, g)
  if blocked then
    local sgn = (p.towards or 0) >= 0 and 1 or -1
    local found
    for _, a in ipairs({ sgn * p.tr / 2, -sgn * p.tr / 2, sgn * p.tr, -sgn * p.tr }) do
      if abs(a - last.turn) >= 5 and abs(a) >= 1 and ai.free_ahead(G, g, a, step) >= 0.5 * step
          and ai.edge_room(G, g, a, step) >= 0.5 * step then found = a; break end
    end
    if not found then return nil end
    want = found
  end
  if step > 0 then
    step = ai.cohesive_distance(G, g, want, step)
  end
  if step < S.frontage * 0.1 and abs(want) < 5 then return nil end
  if step > 0 then
    local pa, pd = ai.plan_move(G, g, want, step, p.tr, p.towards)
    if pa == nil then
      -- nothing to gain but a turn: worth it only to face a near enemy
      if abs(want) < 5 or p.dist > 4 * S.frontage then return nil end
      step = 0
    else
      want, step = pa, pd
    end
  end
  -- no swinging back (the plan): a turn that would undo the turn of its last
  -- order is not made; it goes straight on, if the way is open, or stands
  if ai.swings_back(G, g, want) then
    want = 0
    step = ai.free_ahead(G, g, 0, p.step)
    if step > 0 then step = ai.cohesive_distance(G, g, 0, step) end
    if step < S.frontage * 0.1 then return nil end
  end
  if step > 0 then
    -- not off the table (the engine stops at the edge)
    local room = ai.edge_room(G, g, want, step)
    if room < step then
      step = room
      if step < S.frontage * 0.1 then
        if abs(want) < 5 then return nil end
        step = 0
      end
    end
  end
  if step > 0 and not p.reserve then
    -- not into the repulse path of a friendly General's or key vignette
    local room = ai.behind_key_room(G, g, want, step)
    if room < step then
      step = room
      if step < S.frontage * 0.1 then
        if abs(want) < 5 then return nil end
        step = 0
      end
    end
  end
  if p.reserve and step > 0 then
    step = reserve_room(G, g, want, step)
    if step < S.frontage * 0.1 then
      if abs(want) < 5 then return nil end
      step = 0
    end
  end
  -- never pay for a move that cannot happen: the turn is made as the
  -- engine will make it (Table 3's pivot, a link rigid, nothing overlapped)
  -- and the way ahead then measured (friends, impassable terrain), then all
  -- is put back, the move stamps and the count of placements the caches
  -- read too; an order that would neither turn nor go ahead is no order.
  -- (Making the whole move and putting it back cost a fifth of a battle.)
  -- (an order that does not turn has had its way ahead planned above: the
  -- trial would find what the plan found)
  -- the engine's own cohesion question (ai.cohesion_allows), where the
  -- estimate above may differ: a straight move is checked here, a turning
  -- one in the trial below, after its turn
  if abs(want) < 0.5 and step >= S.frontage * 0.1 then
    step = ai.cohesion_allows(G, g, step)
    if step < S.frontage * 0.1 then return nil end
    return { gid = g.gid, kind = "move", turn = want, dist = step, detach = p.detach }
  end
  -- (a trial, not a move: the event log does not record it)
  local snap, did = turn.snapshot_group(G, g), g.did
  local placing, stamps, st = G.placing, {}, G.moved
  if st then for j = 1, #g.ids do stamps[j] = st[g.ids[j]] end end
  if G.log then G.bf:set_logging(false) end
  local cohesion = ai.cohesion_applies(G, g)
  local turned = turn.turn_group(G, g, max(-p.tr, min(p.tr, want)))
  if cohesion then
    if step > 0 then step = ai.cohesion_after_turn(G, g, step) end
    -- the engine undoes a turn that leaves the link apart from its line
    -- (turn.move_group: apart after the turn and the move, and after half
    -- of it, it stands where it stood): an order to turn in place (or
    -- whose move the line's cohesion took away) is no order then. Before,
    -- such turns were paid for and undone (Isandlwana, seeds 1-25: the
    -- 1/24th Foot's link of two, pivoting, 17 paid moves of 0 mm)
    if step <= 0 and not turn.near_mbl_friend(G, g) then turned = 0 end
  end
  local ahead = step >= S.frontage * 0.1 and min(ai.free_ahead(G, g, 0, step), ai.edge_room(G, g, 0, step)) or 0
  turn.restore_group(G, g, snap)
  if G.log then G.bf:set_logging(true) end
  g.did = did
  G.placing = placing
  if st then for j = 1, #g.ids do st[g.ids[j]] = stamps[j] end end
  if abs(turned) < 0.5 and ahead < 0.5 then return nil end
  -- a blocked link (its last paid move went nowhere) ordered to turn where
  -- the engine will not make the turn (a friend against the link's side:
  -- the pivot would overlap it): the engine then tries the move unturned,
  -- which is the move that went nowhere (Isandlwana, seed 90: the 17th
  -- Lancers ordered to turn -22 degrees beside the Frontier Light Horse,
  -- whose corner stopped them where the way ahead measured clear, paid
  -- four turns to move 0 mm; the referee's stuck-behind-friend). Not
  -- blocked, the unturned move often goes, and is worth its point: the
  -- same rule for every link cost fog_and_rain 71.5 -> 67.0% decided
  -- (200 battles); for blocked links only, 70.0%
  if blocked and abs(want) >= 5 and abs(turned) < 0.5 then return nil end
  return { gid = g.gid, kind = "move", turn = want, dist = step, detach = p.detach }
end

-- No enemy known (the weather module's sighting): its blind order
-- (G.weather_blind, the hook) planned like any other advance, round
-- friends and impassable ground and not off the table, so that no point is
-- paid for a move the engine would stop (fog_and_rain: 6.0% of paid moves
-- went 0 mm, "moves 0 mm (terrain)", before).
local function blind_advance(G, g, mv, tr)
  local order, score = G.weather_blind(G, g, mv)
  if not order or order.kind ~= "move" then return order, score end
  local want = order.turn or 0
  local planned = finish_advance(G, g, { want = want, step = order.dist or mv, tr = tr, towards = want, dist = ai.FAR })
  -- a link that cannot go on blind holds where it is (the point it would
  -- have paid for a move the engine stops): not left to the initiative
  -- table, whose 3 sends it two moves back (fog_and_rain, 200 battles:
  -- decided 71.0% held, 66.5% left to the table, 75.0% paying for 0 mm)
  if not planned then return { gid = g.gid, kind = "hold" }, score - 2 end
  return planned, score
end

-- An advance another part of the program wants of group g (a module's own
-- order: the fantasy module walks a magician towards the target he means
-- to spell), planned as the commander plans its own advances: round
-- friends and impassable ground, not off the table, not into a General's
-- repulse path, not the same move again when the last went nowhere, within
-- the line's cohesion. Returns the order to give (its turn and distance
-- may differ from those asked) or nil when no move would go anywhere.
-- Before, such an order was given as asked: at fantasy_holy_war (seed 33)
-- the magician of Baghdad was paid to move 0 mm, "stopped by The holy
-- imam" in front of him, nine turns running (the referee's
-- stuck-behind-friend, 4 in 100 battles).
function ai.plan_advance(G, g, want, step)
  local _, tr = turn.allowances(G, g, 0)
  return finish_advance(G, g, { want = want, step = step, tr = tr, towards = want, dist = FAR })
end

-- Whether every target group g's members can shoot has been worn by
-- shooting (R or RR accumulated): the fire fight has done what it can
-- (in Into Glory Ride a shot never breaks foot; only melee does).
function ai.close_on_worn(G, g)
  local any = false
  for j = 1, #g.ids do
    local q = turn.shooting_targets(G, g.ids[j])
    for i = 1, #q do local td = G.D[q[i].id]
      if (td.accumulated_r or 0) + (td.accumulated_rr or 0) == 0 then return false end
      any = true
    end
  end
  return any
end

-- Scratch for the enemies in charge reach (best_order is not re-entered
-- while it reads them).
local charge_q = {}

-- The best order for group g and its score (nil when it has nothing to do).
-- lazy: an advance comes back unplanned, with `pending` for finish_advance
-- (planning is the dear part; only the links the points can pay for need it).
local function best_order(G, g, lazy)
  if #g.ids == 0 then return nil end
  local S = G.S
  if turn.group_in_contact(G, g) then return nil end
  local stuck = turn.group_halted(G, g)
  local shooter = can_shoot(G, g)
  if stuck then
    if shooter then return { gid = g.gid, kind = "hold" }, 6 end
    return nil
  end
  local mv, tr = turn.allowances(G, g, 0)
  -- the nearest enemy within two moves, asked once: with none, no charge,
  -- no threat to the plan and nothing to stop short of need asking
  local near2, near2_d = sighting.nearest_known(G, g.ids, 3 - g.side, 2 * mv)  -- hook: known enemies only
  -- charges
  local best, best_v = nil, -FAR
  local declined = false      -- an enemy in reach no sensible player charges
  local seen = 0
  for j = 1, near2 and #g.ids or 0 do local uid = g.ids[j]
    local n = turn.near(G, uid, 3 - g.side, mv, charge_q, sighting.unseen(G, g.side))  -- hook: known enemies only
    for i = 1, n do
      if seen >= 4 then break end
      seen = seen + 1
      local e = charge_q[i].id
      local a = turn.turn_towards(G, g, e)
      if abs(a) <= tr + 1e-6 then
        -- no swinging back (the plan) for a charge either: a link that
        -- turned one way for its last order does not wheel back the other
        -- way to charge (Isandlwana, seed 63: a Zulu horn charged +87,
        -- then -57, then moved -90 and charged +47 degrees, a new target
        -- each turn: the referee's facing-oscillates)
        if ai.swings_back(G, g, a) then
          declined = true
        elseif ai.sensible_charge(G, g, e) then
          local v = charge_value(G, g, e)
          if v > best_v then best, best_v = { gid = g.gid, kind = "charge", target = e, turn = a }, v end
        else
          declined = true
        end
      end
    end
  end
  -- a charge whose way is shut at once (a friend against its front, the
  -- table's edge) would be paid for and go nowhere
  if best and min(ai.free_ahead(G, g, best.turn, 2), ai.edge_room(G, g, best.turn, 2)) < 1 then best, best_v = nil, -FAR end
  local d1 = G.D[g.ids[1]]
  -- READING of "charges when its odds are good": at first only charges
  -- expected to gain; as the day wears on the commander commits more.
  -- (a commander variant may set its own: commander/engage_all.lua)
  local style = G.sides[g.side].style
  local threshold = G.ai_charge_threshold or (style and style.threshold) or (0.2 - 0.1 * G.turn)
  -- the reserve: held back unless the battle is otherwise lost; it charges
  -- at good odds only where the line ahead is broken
  local reserve = false
  -- a commander variant may guard more links as the reserve is guarded
  -- (commander/engage_all.lua: the General's and key links); the default has no style
  if (is_reserve(G, g) and not (style and style.no_reserve)) or (style and style.guard and style.guard(G, g)) then
    local losing, gap = reserve_state(G, g.side)
    if not losing then
      reserve = true
      threshold = gap and max(threshold, RESERVE_CHARGE) or FAR
      -- a mounted reserve does not charge shooters: their shot at a
      -- vignette that moved into contact can break it
      if best and threshold < FAR then
        local td = G.D[best.target]
        if shot_range_mm(G, td) > 0 and troops.mounted_or_animal(d1.class) then threshold = FAR end
      end
    end
  end
  if best and best_v > threshold then return best, 10 + best_v * 3 + #g.ids end
  -- missile troops shoot from where they stand, unless every target their
  -- shooting has worn (repulsed: an R or RR against it) is out of charge
  -- reach: then they close on it, shooting after the move (an activated
  -- link shoots whatever its order), to charge it when it is in reach
  -- (or, when fire alone will not win, commander/stalemate.lua: they close
  -- in any case, shooting after the move; the charge follows on an enemy
  -- the shooting has worn)
  if shooter and (reserve or not (ai.close_on_worn(G, g) or G.sides[g.side].needs_melee)) then
    return { gid = g.gid, kind = "hold" }, 3 + #g.ids
  end
  if G.recovery and recovering(G, g) then
    local e, dist = turn.nearest_enemy(G, g, 3 * S.frontage)
    if not e then return { gid = g.gid, kind = "rally" }, 5 end
  end
  -- advance on the link's objective (the plan, commander/plan.lua), keeping the line
  local e, dist = ai.objective(G, g, near2, near2_d)
  if not e then if G.weather_blind then return blind_advance(G, g, mv, tr) end return nil end  -- hook: none seen
  local a = turn.turn_towards(G, g, e)
  local want = 0
  if abs(a) > 20 or dist < 4 * S.frontage then want = a end
  -- a bad charge (or one no sensible player orders) is better avoided:
  -- stop short of contact with the nearest enemy ahead (an advance into
  -- contact is a charge in all but name)
  local step = mv
  if (best and best_v <= threshold) or declined then
    local near_e, near_d = turn.nearest_enemy(G, g, mv, 90, "frontal")
    if near_e then step = max(0, near_d - S.frontage * 0.25) end
  end
  local score = 3 + #g.ids
  -- those nearest the enemy first, then laggards (to keep the line)
  score = score + max(0, 6 - dist / S.frontage) * 1.0
  local _, y = pos(G, g.ids[1])
  local fwd = G.sides[g.side].edge == "south" and 1 or -1
  local avg = G.sides[g.side].avg_front or y
  score = score + max(-1, min(1, (avg - y) * fwd / S.frontage))
  if not d1.mbl then score = score - 1 end
  if reserve then score = score - 2 end
  -- Detachments (optional): the mounted wings go their own way
  local detach = nil
  if G.detachments and not g.detached and troops.mounted_or_animal(d1.class) and G.detachments.may_detach(G, g) then
    detach = true
  end
  -- far: no enemy within two moves (the standing plan may keep this price,
  -- commander/standing_plan.lua); mv: the move it was priced with
  local pending = { want = want, step = step, tr = tr, towards = a, dist = dist, detach = detach, reserve = reserve,
    far = near2 == nil, mv = mv }
  if reserve then
    -- decided now (the room is cheap next to planning): a reserve that
    -- cannot advance safely stands, and an enemy near enough for an
    -- initiative throw to send it forward is worth a point to hold it
    local order = finish_advance(G, g, pending)
    if order then return order, score end
    if dist < 2 * mv + 3 * S.frontage then return { gid = g.gid, kind = "hold", reserve = true }, 1 end
    return nil
  end
  if lazy then
    return { gid = g.gid, kind = "move", turn = want, dist = step, detach = detach, pending = pending }, score
  end
  local order = finish_advance(G, g, pending)
  if not order then return nil end
  return order, score
end
ai.best_order = best_order

local HOLD = { kind = "hold" }

function ai.activate(G, side, points)
  local sd = G.sides[side]
  -- the average position of the side's line, for keeping it
  local sum, n = 0, 0
  local py = G.py
  for j = 1, #sd.groups do local gid = sd.groups[j]
    local g = G.groups[gid]
    for k = 1, #g.ids do
      sum, n = sum + py[g.ids[k]], n + 1
    end
  end
  sd.avg_front = n > 0 and sum / n or nil
  -- asked once a turn, so its memory of the last break follows the battle
  sd.needs_melee = ai.needs_melee(G, side)
  local cands = {}
  for j = 1, #sd.groups do local gid = sd.groups[j]
    local g = G.groups[gid]
    -- no order is priced for a link the points cannot buy whatever it is
    -- (its price without crossing a sector or detaching, the least any
    -- order of it costs, is more than the turn's points)
    local order, score
    if #g.ids > 0 and turn.activation_cost(G, g, HOLD) <= points then
      -- the standing plan (commander/standing_plan.lua): a far link's
      -- advance is kept while its situation stands, else priced afresh.
      -- Its activation cost is asked afresh: it reads where the General
      -- stands now, and keeping it saved nothing measurable (bench,
      -- callgrind: 4.132 against 4.126 M instructions a battle-turn)
      order, score = ai.kept_price(G, g)
      if not order then
        order, score = best_order(G, g, true)
        ai.keep_price(G, g, order, score)
      end
    end
    -- a commander variant may rank the orders its own way (commander/engage_all.lua)
    if order and sd.style and sd.style.rescore then score = sd.style.rescore(G, g, order, score) end
    if order then
      local cost = turn.activation_cost(G, g, order)
      cands[#cands + 1] = { order = order, score = score / cost, raw = score, gid = gid, cost = cost }
    end
  end
  -- a friend that shuts a link's way is worth moving for that link's sake too
  ai.make_way(G, cands)
  table.sort(cands, function(a, b)
    if a.score ~= b.score then return a.score > b.score end
    return a.gid < b.gid
  end)
  -- plan the advances in order of value while the points last
  local out, left = {}, points
  local deferred = {}     -- links whose way a friend shuts (commander/follow.lua)
  for j = 1, #cands do local c = cands[j]
    if left < 1 then break end
    local order, cost = c.order, c.cost
    if order.pending then
      local g = G.groups[c.gid]
      -- planning is the dear part: not for a link the points cannot buy
      -- whatever its move (its price without crossing a sector or
      -- detaching, the least any move of it costs, is more than is left)
      if turn.activation_cost(G, g, HOLD) > left then
        order = nil
      else
        local pending = order.pending
        order = finish_advance(G, g, pending)
        if order then cost = turn.activation_cost(G, g, order)
        else deferred[#deferred + 1] = { g = g, pending = pending } end
      end
    end
    if order and cost <= left then
      out[#out + 1] = order
      left = left - cost
      if order.kind == "move" then ai.remember_move(G, G.groups[c.gid], order)
      elseif order.kind == "charge" then ai.remember_turn(G, G.groups[c.gid], order.turn) end
    end
  end
  -- a link behind a friend that goes forward follows it
  left = ai.follow_friends(G, side, out, deferred, left)
  return out
end

function ai.free_order(G, g)
  local order = best_order(G, g)
  -- remembered as a paid order is (no swinging back, blocked links)
  if order and order.kind == "move" then ai.remember_move(G, g, order)
  elseif order and order.kind == "charge" then ai.remember_turn(G, g, order.turn) end
  return order
end

-- Evade when standing would go badly.
function ai.evade(G, tg, cg, target)
  local charger = G.D[cg.ids[1]]
  local me = G.D[target]
  local v = melee_value(charger, me, false, false, false)
  -- the reserve falls back unless standing is clearly better (its break
  -- loses the battle, and melee_value weighs it so)
  if me.last_line then return v > -0.5 end
  return v > 0.5
end

function ai.shoot_target(G, uid, targets)
  local d = G.D[uid]
  if d.class == "HIB" then
    for _, t in ipairs(targets) do
      if troops.mounted_or_animal(G.D[t.id].class) then return t.id end
    end
  end
  return targets[1] and targets[1].id or nil
end

function ai.shoot_at_charger() return true end

-- Initiative 2, "Charge enemy that is directly ahead, or shoot": shoot when
-- a member can shoot that enemy and the charge is no good bet (the same
-- estimate and threshold as a free order's charge, at turn 1: 0.2).
function ai.charge_or_shoot(G, g, enemy)
  local shooter = false
  for j = 1, #g.ids do
    if #turn.shooting_targets(G, g.ids[j], enemy) > 0 then shooter = true; break end
  end
  -- when fire alone will not win (commander/stalemate.lua), at the day's
  -- threshold, as a free order's charge
  local threshold = 0.2
  if G.sides[g.side].needs_melee then threshold = G.ai_charge_threshold or (0.2 - 0.1 * G.turn) end
  if shooter and charge_value(G, g, enemy) <= threshold then return "shoot" end
  -- the charges no sensible player orders (ai.sensible_charge): "or shoot"
  -- lets the player decline them
  if not ai.sensible_charge(G, g, enemy) then return "shoot" end
  return "charge"
end

return ai
