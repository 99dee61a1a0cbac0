-- The Historicon default commander's plan between turns: which side must
-- attack, the objective each unit keeps from turn to turn (revised only when
-- something changed), the charges a sensible player does not make, and the
-- way round a friend standing in the path. Used by historicon/ai.lua.
--
-- Readings of "what a sensible player does" (docs/rulesets/historicon.md,
-- "The default commander"):
--   * The side behind on victory points attacks; so does a side level on
--     points once the opening turns are over (someone must attack for the
--     battle to be decided: Phase 7 decides a battle only when an army has
--     lost 25% of its points), and both sides in the second half of the
--     battle's turns.
--   * A unit keeps its objective (the enemy it goes for) between turns and
--     changes it only when that enemy is broken or gone, may no longer be
--     contacted, or another is clearly (1 expected hit) better.
--   * Light troops (LI, VLI, LC) do not charge the front of formed, ordered
--     heavy troops; a unit that shoots does not charge a formed, ordered,
--     unhurt enemy it can shoot at ("HC ... skirmish an enemy unit before
--     they have been weakened enough by shooting to deliver the charge
--     home", Classes of troops): it shoots first.
--   * A friend in the path is gone round, not bumped into; a move stops
--     short of a friend rather than jam against it; a unit does not swing
--     its facing back and forth.
local shooting = require("historicon.shooting")
local turn = require("historicon.turn")

local I = {}

local abs, max, min, sqrt = math.abs, math.max, math.min, math.sqrt

local LIGHT = { LI = true, VLI = true, LC = true }
local HEAVY = { HI = true, KC = true, HC = true }

-- Whether `side` must attack now.
function I.must_attack(G, side)
  local me, them = G.sides[side], G.sides[3 - side]
  local function share(s) return s.vp_start > 0 and s.vp / s.vp_start or 1 end
  local mine, theirs = share(me), share(them)
  if mine < theirs - 1e-9 then return true end
  -- (from the last third to the second half, session seven: a side ahead
  -- on points sat behind woods until turn 14 of 20 and Mohi and Plataea
  -- ran to the turn limit; 200 battles: Plataea decided 87.0 -> 88.5%, Mohi
  -- engaged 35.7 -> 39.3%, decided 87.0 -> 86.5%, the others the same)
  local limit = G.max_turns or 20
  if G.turn > limit / 2 then return true end
  return mine <= theirs + 1e-9 and G.turn >= 5
end

-- Would `uid` strike the front of `e`?
local function at_front_of(G, uid, e)
  return G.bf:in_arc(e, uid, 89, "centre")
end

-- Light troops against the front of formed, ordered heavy troops.
function I.light_against_heavy_front(G, uid, e)
  local d, t = G.D[uid], G.D[e]
  return LIGHT[d.class] and HEAVY[t.class] and t.formed and not t.disordered and not t.broken
    and at_front_of(G, uid, e) or false
end

-- A target the unit should shoot rather than charge: formed, ordered,
-- unhurt, within its shooting range (centre to centre, as the referee's
-- warning measures it).
function I.shoot_first(G, uid, e)
  local d, t = G.D[uid], G.D[e]
  local range = shooting.range(d, G.S.scale)
  if not range or not t.formed or t.disordered or t.broken or (t.hits or 0) > 0 then return false end
  local x, y = G.bf:pos(uid)
  local ex, ey = G.bf:pos(e)
  return sqrt((x - ex) ^ 2 + (y - ey) ^ 2) <= range * 10 + G.S.cm(1)
end

-- Whether a charge of `uid` on `e` is one a sensible player makes at all.
function I.sensible_charge(G, uid, e)
  return not I.light_against_heavy_front(G, uid, e) and not I.shoot_first(G, uid, e)
end

-- The enemy a (non-HI) unit goes for: kept from turn to turn in
-- d.ai_objective = { target =, since = turn } and revised only when it is
-- broken or gone, may not be contacted, or another enemy scores clearly
-- better (by `margin`, default 1 expected hit; a unit's distance counts a
-- third of a point per move). `value(q)` scores an enemy (nil: not worth
-- going for). Returns the foes entry or nil.
function I.objective(G, uid, foes, value, margin)
  local d = G.D[uid]
  local best, best_s, kept, kept_s
  local prev = d.ai_objective and d.ai_objective.target
  for _, q in ipairs(foes) do
    local s = value(q)
    if s then
      s = s - q.distance / (3 * d.move)
      if not best_s or s > best_s then best, best_s = q, s end
      if q.id == prev then kept, kept_s = q, s end
    end
  end
  local pick = best
  if kept and kept_s >= best_s - (margin or 1) then pick = kept end
  if pick then
    if not d.ai_objective or d.ai_objective.target ~= pick.id then
      d.ai_objective = { target = pick.id, since = G.turn }
    end
  else
    d.ai_objective = nil
  end
  return pick
end

-- The friend (not broken, not gone) nearest along the unit's way to
-- (tx, ty) whose footprint stands across that way within `reach` mm, with
-- its distance along the way and its lateral offset; nil when the way is
-- clear. Footprints are taken as circles round their longer side (a friend
-- turned across the way blocks as much as one facing along it).
local way_ids, way_dists = {}, {}
local function friend_in_way(G, uid, tx, ty, reach)
  local d = G.D[uid]
  local x, y = G.bf:pos(uid)
  local dx, dy = tx - x, ty - y
  local len = sqrt(dx * dx + dy * dy)
  if len < 1e-6 then return nil end
  dx, dy = dx / len, dy / len
  local best
  -- (bf:query's friends in its order, into kept tables: SPEED)
  local n = turn.units_within(G, uid, reach, d.side, way_ids, way_dists)
  for i = 1, n do
    local id = way_ids[i]
    local o = G.D[id]
    if not o.gone and not o.broken then
      local ox, oy = G.bf:pos(id)
      local along = (ox - x) * dx + (oy - y) * dy
      local lat = -(ox - x) * dy + (oy - y) * dx
      local half = max(o.w, o.dp) / 2
      if along > 0 and along < min(len, reach) + half and abs(lat) < d.w / 2 + half then
        if not best or along < best.along then best = { id = id, along = along, lat = lat, half = half } end
      end
    end
  end
  return best, dx, dy
end

-- A point to steer for that goes round a friend standing in the way to
-- (tx, ty): beside the friend's nearer end (the end towards which less of
-- it lies across the way), far enough out for the unit's width, kept on
-- the table. The side chosen is kept (d.ai_detour) while the same friend
-- stands in the way, so the unit does not weave from one side to the
-- other. Returns tx, ty unchanged when the way is clear.
function I.way_round(G, uid, tx, ty)
  local d = G.D[uid]
  local x0, y0 = G.bf:pos(uid)
  -- a detour once begun is followed to its point (for up to two turns, while
  -- the unit goes for the same place): weighing the way afresh each turn,
  -- the unit turned out round the friend, then back at the enemy, then out
  -- again, swinging 40 degrees each way every turn
  local o = d.ai_detour
  if o and o.px and G.turn <= o.until_turn and abs(o.tx - tx) + abs(o.ty - ty) < G.S.cm(10)
      and sqrt((o.px - x0) ^ 2 + (o.py - y0) ^ 2) > G.S.cm(2)
      -- and only while the point is still on the way (nearer the goal than
      -- the unit): a point the unit has passed would turn it about
      and sqrt((o.px - tx) ^ 2 + (o.py - ty) ^ 2) < sqrt((x0 - tx) ^ 2 + (y0 - ty) ^ 2) - G.S.cm(1) then
    return o.px, o.py, o.friend
  end
  local f, dx, dy = friend_in_way(G, uid, tx, ty, d.move + G.S.cm(10))
  if not f then d.ai_detour = nil; return tx, ty, nil end
  local x, y = G.bf:pos(uid)
  -- the unit's half diagonal: a unit turned towards the point sweeps its
  -- corners wider than its half frontage
  local clear = sqrt(d.w * d.w + d.dp * d.dp) / 2 + f.half + G.S.cm(3)
  local S = G.S
  local function point(sign)
    local off = f.lat + sign * clear
    local px = x + dx * f.along - dy * off
    local py = y + dy * f.along + dx * off
    local margin = d.w / 2
    if px < margin or px > S.width - margin or py < margin or py > S.depth - margin then return nil end
    return px, py
  end
  -- going round the side the friend's centre is not on is shorter; a friend
  -- square across the way (within 1 cm) is gone round on the side nearer
  -- the middle of the table (the same for both sides of a mirror match: a
  -- "right" or "left" rule favoured one side's armies)
  local first = f.lat >= 0 and -1 or 1
  if abs(f.lat) < G.S.cm(1) then
    local ax = point(-1)
    local bx = point(1)
    if ax and bx then first = abs(ax - S.width / 2) <= abs(bx - S.width / 2) and -1 or 1 end
  end
  if d.ai_detour and d.ai_detour.friend == f.id then first = d.ai_detour.sign end
  local sign = first
  local px, py = point(first)
  if not px then sign = -first; px, py = point(sign) end
  if not px then return tx, ty, f.id end
  d.ai_detour = { friend = f.id, sign = sign, px = px, py = py, tx = tx, ty = ty, until_turn = G.turn + 1 }
  return px, py, f.id
end

-- Whether a turn of `a` degrees from facing `f` swings left (+). A half
-- turn is either way (+180 and -180 are one facing; rounding picks the
-- sign): it counts as the way that first heads towards the table's west
-- (left while facing north of east-west), as a held-up unit's second
-- choices (ai.move), so that it is the same swing from either side of the
-- table (Arvath's way round the Dwarves' flank, straight behind him, was a
-- swing back on one side and not on the other: tests/mirror_test.lua).
function I.turns_left(a, f)
  if abs(abs(a) - 180) < 1e-6 then return math.cos(math.rad(f)) >= 0 end
  return a > 0
end

-- A unit that swung its facing 25 degrees or more one way since its last
-- move does not swing back 25 or more the other way unless it charges or
-- gets out of danger: the swing back is cut to 20 degrees. A player settles
-- on a heading; weighing a near tie afresh each turn (two enemies, a friend
-- to go round) swung units 30-40 degrees each way turn after turn.
-- A charge or a withdrawal may swing back once; a third swing in a row
-- against the last one's sense is cut too, whatever the move (the referee
-- counts three such swings as the absurd act 'facing-oscillates', charges
-- included: Argentoratum had 0.11 a battle).
-- Remembers the facing the unit planned from in d.ai_heading, and the run
-- of swings each against the last in d.ai_swing = { run =, left = }.
function I.steady(G, uid, plan)
  local d = G.D[uid]
  local _, _, f = G.bf:pos(uid)
  local last = d.ai_heading
  d.ai_heading = { facing = f, turn = G.turn }
  local sw = d.ai_swing or { run = 0 }
  if last and last.turn == G.turn - 1 then
    local swung = (f - last.facing + 540) % 360 - 180
    if abs(swung) >= 25 then
      local left = I.turns_left(swung, last.facing)
      if sw.run > 0 and sw.left ~= left then sw = { run = sw.run + 1, left = left } else sw = { run = 1, left = left } end
    else
      sw = { run = 0 }
    end
  else
    sw = { run = 0 }
  end
  d.ai_swing = sw
  return I.steady_choice(G, uid, plan)
end

-- Cuts one choice of the unit's move (a plan or a second choice) by the
-- rule above, with the swings I.steady recorded this turn.
function I.steady_choice(G, uid, plan)
  local sw = G.D[uid].ai_swing
  if not plan or plan.rally or not sw or sw.run == 0 then return plan end
  if (plan.charge or plan.withdraw) and sw.run < 2 then return plan end
  local want = plan.turn or plan.wheel or 0
  local left = I.turns_left(want, select(3, G.bf:pos(uid)))
  if abs(want) >= 25 and left ~= sw.left then
    local cut = left and 20 or -20
    if plan.turn then plan.turn = cut else plan.wheel = cut end
  end
  return plan
end

-- Friends (not gone) touching the unit now, as a set.
-- (bf:query's friends, into kept tables: SPEED)
local touch_ids, touch_dists = {}, {}
local function touching(G, uid)
  local out = {}
  local n = turn.units_within(G, uid, 0.5, G.D[uid].side, touch_ids, touch_dists)
  for i = 1, n do
    local id = touch_ids[i]
    if not G.D[id].gone then out[id] = true end
  end
  return out
end

-- A move that would end against a friend it does not touch now stops
-- 1.5 cm (scaled) short of it: bases jammed against each other cannot turn
-- or wheel (a turn sweeps their corners through the friend), and a jam of
-- touching bases held whole armies still for the rest of a battle. The move
-- is tried with the engine's own turn.move and the unit put back where it
-- stood (out of the event log).
-- The same trial move also catches a contact nobody decided on: a plan that
-- is not a charge on the enemy it would touch (a turn in place sweeping a
-- corner into an enemy's front, a move bumping into one) stands instead,
-- unless `welcome(enemy)` says the unit would have charged it anyway.
function I.stop_short_of_friends(G, uid, plan, welcome)
  if not plan or plan.rally then return plan end
  if (plan.advance or 0) <= 0 and not plan.turn and not plan.wheel then return plan end
  local bf = G.bf
  local x, y, f = bf:pos(uid)
  local r = turn.move(G, uid, plan)
  local ex, ey, ef = bf:pos(uid)
  -- the face the move would strike (the plan's idea of a flank charge may
  -- swing its corner into the front on the way)
  local face = r.contact and bf:contact(r.contact, uid)
  local ends_on_new = false
  -- SPEED: the friends touching the unit where it stood are asked only
  -- when the trial ends touching some friend (a new friend needs a friend
  -- at the end); the unit is put back first and asked there, the same
  -- question of the same board as before the trial (speed_test.lua:
  -- against asking before, on many trials)
  local after = (not r.contact and r.moved > 0) and touching(G, uid) or nil
  -- SPEED: put back only a unit the trial moved (half the trials end where
  -- they began: every fraction failed, and turn.move put it back itself;
  -- bf:place of the place it stands on is the same base: facings are kept
  -- normalised, and normalising is exact on them)
  local moved_it = ex ~= x or ey ~= y or ef ~= f
  if moved_it then
    if G.log then bf:set_logging(false) end
    bf:place(uid, x, y, f)
    if G.log then bf:set_logging(true) end
  end
  if after and next(after) ~= nil then
    local before = touching(G, uid)
    for id in pairs(after) do
      if not before[id] then ends_on_new = true; break end
    end
  end
  -- light troops striking the front of formed, ordered heavy troops: no
  -- player's charge, whatever the plan meant (absurd_acts.lua; seen at the
  -- fantasy scenario: goblin archers going for elf knights' flank struck
  -- their front)
  local d, t = G.D[uid], r.contact and G.D[r.contact]
  local light_on_heavy = t and LIGHT[d.class] and HEAVY[t.class] and t.formed and not t.disordered
    and not t.broken and face == "front"
  if light_on_heavy or (r.contact and r.contact ~= plan.charge and not (welcome and welcome(r.contact))) then
    plan.turn, plan.wheel, plan.advance = nil, nil, 0
    return plan
  end
  if ends_on_new then
    -- the advance it got before the friend stopped it, less 1.5 cm (a
    -- wheel's arc counts in `moved` too)
    local arc = plan.wheel and G.D[uid].w * math.rad(abs(plan.wheel)) or 0
    plan.advance = max(0, min(plan.advance, r.moved - arc) - G.S.cm(1.5))
    return plan
  end
  -- the plan stands as tried: the engine's move of it from here ends where
  -- the trial did, so the trial is handed back instead of moved again
  -- (turn.try_choice; half the engine's moves were these trials)
  I.keep_trial(G, uid, plan, r, ex, ey, ef, x, y, f, moved_it)
  return plan
end

-- The fields of a plan turn.move reads.
local TRIED = { "turn", "wheel", "advance", "careful", "fractions", "target" }

-- Lets turn.try_choice take the trial move `r` (which ended at ex, ey, ef
-- from x, y, f) for the real one: only once, only while the unit still
-- stands where the trial began in the same phase, the plan is unchanged
-- and the move is the commander's own (not one the rules force). The move
-- is made at once after the trial (turn.do_move straight after the
-- commander's `move`), so no other unit has moved in between.
-- (`moved_it` false: the trial ended where it began, and there is no
-- placing to do)
function I.keep_trial(G, uid, plan, r, ex, ey, ef, x, y, f, moved_it)
  local was = {}
  for i, k in ipairs(TRIED) do was[i] = plan[k] end
  local turn_now = G.turn
  plan.reuse = function(opts)
    plan.reuse = nil
    if opts and opts.free then return nil end
    if G.turn ~= turn_now then return nil end
    for i, k in ipairs(TRIED) do if plan[k] ~= was[i] then return nil end end
    local bf = G.bf
    local x1, y1, f1 = bf:pos(uid)
    if x1 ~= x or y1 ~= y or f1 ~= f then return nil end
    if moved_it ~= false then
      if G.log then bf:set_logging(false) end
      bf:place(uid, ex, ey, ef)
      if G.log then bf:set_logging(true) end
    end
    local out = {}
    for k, v in pairs(r) do out[k] = v end
    return out
  end
end

return I
