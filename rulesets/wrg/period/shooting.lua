-- WRG Ancients 1973, one period of play (rulesets/wrg/turn.lua): 3. the shooting phase: TARGET PRIORITIES, SHOOTING OVERHEAD, shots applied together.
-- The names a part takes from the others are bound by period.link once
-- every part is loaded (rulesets/wrg/turn.lua does it).
local tables = require("wrg.tables")
local troops = require("wrg.troops")
local setup = require("wrg.setup")
local shooting = require("wrg.shooting")
local melee = require("wrg.melee")
local reaction = require("wrg.reaction")
local armies = require("wrg.armies")
local M = require("lib.manoeuvre")
local P = require("wrg.period.shared")
local order_sheet = require("wrg.orders.sheet")
local turn = P.turn
local intervening = require("wrg.sight.intervening_troops")
local during_charge = require("wrg.shooting.during_a_charge")

-- from the other parts (bound by part.link)
local MM, charge_move, enemies_within, friends_within, in_cover, live, mm, on_hill, say

-- 3. Shooting

-- TARGET PRIORITIES (not hand-hurled weapons must obey them): 1 an enemy
-- advancing towards them and able to charge them; 2 "at least half their
-- own number of missile men shooting at them and within their own range";
-- 4 "any enemy missile men firing at them"; 5 advancing enemy; 6 nearest.
-- Reading of "shooting/firing at them": shots are simultaneous, so a
-- shooter knows who shot at it in the last shooting phase (the previous
-- period); any missile troops count (bows, slings, crossbows, engines, and
-- javelin men too). Priority 3 from the written orders (orders/sheet.lua:
-- priority_target). Hand-hurled weapons: the nearest.
local function pick_target(G, uid, range)
  local d = G.D[uid]
  local arc = troops.shooting_arc(d)
  local list = enemies_within(G, uid, range, arc < 180 and arc or nil)
  local best, best_rank
  local kept = {} -- (the shooter's own answers, for every target: wrg.sight.intervening_troops)
  for _, q in ipairs(list) do
    local o = G.D[q.id]
    if not o.in_melee and not o.gone and (not G.has_los_terrain or G.bf:line_of_sight(uid, q.id))
      and not intervening.blocked(G, uid, q.id, kept)  -- no shooting over troops on the flat (wrg.sight)
      and (not G.can_see or G.can_see(G, uid, q.id)) -- the weather module: what the shooters see
      and not (G.untargetable and G.untargetable(G, q.id)) then -- hook: fantasy (invisible)
      local rank = 6
      local fired_at_us = o.fired_turn == G.turn - 1 and o.fired_at == uid and troops.missile(o) ~= nil
      if o.advancing and q.distance <= mm(charge_move(o) * 2) then rank = 1
      elseif fired_at_us and (o.fired_figures or 0) * 2 >= d.figures then rank = 2
      elseif order_sheet.priority_target(G, uid, q.id) then rank = 3
      elseif fired_at_us then rank = 4
      elseif o.advancing then rank = 5 end
      if not best_rank or rank < best_rank then best, best_rank = q, rank end
    end
  end
  return best
end

local function shooting_phase(G)
  local shots = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    -- (shooting during a charge or pursuit, and after moving through
    -- friends: wrg.shooting.during_a_charge)
    local special = live(d) and during_charge.target(G, uid)
    if live(d) and not d.routing and (special or (not d.in_melee and not d.charging and not d.evading and not d.pursuing))
      and d.range and not d.reorganising_now and not during_charge.barred(G, uid)
      and not (G.no_shoot and G.no_shoot(G, uid)) then -- hook: fantasy
      local m = troops.missile(d)
      local can = true
      -- SHOOTING ON THE MOVE: not engines, staff-slings and crossbows.
      if (d.moved or 0) > 0 and (m == "engine" or m == "staff_sling" or m == "crossbow") then can = false end
      -- "Mounted infantry must dismount to shoot."
      if d.mounted_infantry and d.on_horse then can = false end
      if can then
        local range = d.range + (on_hill(G, uid) and 20 or 0)
        local q = special and { id = special, distance = G.bf:distance(uid, special) } or pick_target(G, uid, range)
        if q then
          local t = G.D[q.id]
          local edge, raw_edge = turn.edge(G, q.id, uid)
          -- SHOOTING OVERHEAD: bows over the unit's own rear ranks (not when
          -- it moved or is disorganised: shooting.figures then counts the
          -- front rank only) are "penalised by a tactical factor except when
          -- 1) Shooting down from a slope with no intervening friends within
          -- 20 paces of target or shooters. 2) Shooting from a vertical
          -- elevation such as an elephant or rampart."
          local overhead, exempt = false, false
          if m == "bow" and (d.moved or 0) <= 0 and not d.disorganised and (d.ranks or 1) > 1
            and d.type ~= "EL" and d.type ~= "CH" and d.type ~= "ENG" then
            overhead = true
            if on_hill(G, uid) and not on_hill(G, q.id) then
              local near = #friends_within(G, uid, 20) == 0
              for _, f in ipairs(turn.near(G, q.id, mm(20), "enemy")) do
                if f.id ~= uid then near = false end
              end
              exempt = near
            end
          end
          local s = {
            overhead = overhead or nil, overhead_exempt = exempt or nil,
            from_front = edge == "front", range = q.distance / MM, target_moved = t.moved or 0,
            target_shield = { rear = edge == "rear" or t.routing, unshielded_flank = turn.unshielded_given(G, q.id, edge, raw_edge),
                              shooting_two_handed = t.shot_two_handed },
            moved = (d.moved or 0) > 0, files = d.files,
            partial_cover = in_cover(G, q.id) or nil,
            base_frontage = d.base_w, bonus = G.shooting_bonus and G.shooting_bonus(G, uid, q.id) or nil,
          }
          if special then during_charge.adjust(G, uid, q.id, s) end
          if G.report or G.log then s.purpose = "WRG shooting random factor, " .. d.name end
          local out = shooting.shoot(d, t, s, G.dice, G.report ~= nil)
          shots[#shots + 1] = { by = uid, at = q.id, out = out }
        end
      end
    end
  end
  for _, sh in ipairs(shots) do
    if G.shot_lands then sh.at, sh.out.casualties = G.shot_lands(G, sh.by, sh.at, sh.out.casualties) end -- hook: fantasy
    local d, t = G.D[sh.by], G.D[sh.at]
    t.missile = (t.missile or 0) + sh.out.casualties
    t.shot_by = (t.shot_by or 0) + sh.out.figures
    d.fired_at, d.fired_turn, d.fired_figures = sh.at, G.turn, sh.out.figures
    if d.type == "ENG" then t.shot_by_engines = true end
    if troops.missile(d) == "bow" or troops.missile(d) == "staff_sling" then d.shot_two_handed = true end
    if G.log then
      G.bf:log("shoot", { unit = sh.by, target = sh.at, figures = sh.out.figures, total = sh.out.total,
                          casualties = sh.out.casualties })
    end
    if G.report then
      say(G, "  %s shoots at %s: %d figures, weapon %d, tactical %+d, random %+d (dice %d/%d) = %d: %d casualties.",
        d.name, t.name, sh.out.figures, sh.out.weapon, sh.out.tactical, sh.out.random.value, sh.out.random.minus,
        sh.out.random.plus, sh.out.total, sh.out.casualties)
    end
  end
  for _, uid in ipairs(G.all) do
    local t = G.D[uid]
    if live(t) and (t.missile or 0) > 0 then
      local start = t.figures
      t.under_fire = start
      turn.take_casualties(G, uid, t.missile)
      if live(t) and not t.routing then
        -- 1(i): 2 casualties per figure from missiles in a single period.
        if t.missile >= 2 * start then
          local out = turn.test(G, uid, "2 casualties per figure from missiles")
          turn.obey(G, uid, out, true)
        end
        turn.half_strength(G, uid)
      end
    end
  end
end

local part = {}
function part.link()
  MM = P.MM
  charge_move = P.charge_move
  enemies_within = P.enemies_within
  friends_within = P.friends_within
  in_cover = P.in_cover
  live = P.live
  mm = P.mm
  on_hill = P.on_hill
  say = P.say
end
P.pick_target = pick_target
P.shooting_phase = shooting_phase
return part
