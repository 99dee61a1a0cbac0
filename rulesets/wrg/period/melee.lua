-- WRG Ancients 1973, one period of play (rulesets/wrg/turn.lua): 4. the hand-to-hand phase: figures in contact, lapping round, AFTER HAND-TO-HAND FIGHTING, pursuit strikes.
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
local turn = P.turn
local generals = require("wrg.generals.command")
local recoil = require("wrg.units.recoil")
local pursuers_engaged = require("wrg.units.pursuers_engaged")

-- from the other parts (bound by part.link)
local advance, back_off, bearing, face, in_cover, live, local_xy, mm, on_hill, say, terrain_factor

-- 4. Hand-to-hand combat

-- Front-rank figures of u in contact with enemy e (plus one overlapping
-- figure where the line is longer).
local function files_in_contact(G, uid, eid)
  local d = G.D[uid]
  local edge, _, len = G.bf:contact(uid, eid)
  if edge ~= "front" then
    -- fighting to flank or rear: engines, chariots, elephants fight; others
    -- turn the figures in contact
    local _, _, len2 = G.bf:contact(eid, uid)
    len = math.max(len or 0, len2 or 0)
  end
  local n = math.max(1, math.ceil(((len or 0) - 0.5) / d.base_w))
  if n < d.files then n = n + 1 end
  return math.min(n, d.files)
end

-- HAND-TO-HAND COMBAT, FIGURES ELIGIBLE 3: "Figures in base to base contact
-- with the enemy flank or rear after lapping round in a second or subsequent
-- period of fighting. Lapping round is limited to troops who have not been
-- pushed back during the previous period. Any previously unengaged enemy
-- troops of the attacked unit can turn and move to meet such an attempt, and
-- may prevent it."
-- Reading: a unit fighting an enemy front to front whose own front rank
-- reaches past the enemy's flank laps round with the figures beyond the one
-- overlapping figure rule 1 already lets fight, as many as fit along that
-- flank (the enemy's depth over one base frontage). Each figure of the enemy
-- not fighting this period (not in a front rank in contact nor in a rank
-- permitted to fight) turns to meet one lapping figure and prevents it; a
-- disorganised enemy meets none. Returns { left = n, right = n } (the flanks
-- of the enemy) or nil.
function turn.lapping(G, uid, target)
  local d, t = G.D[uid], G.D[target]
  -- "in a second or subsequent period of fighting": of this fight, against
  -- this enemy (not of the lapping unit's time in melee)
  local since = d.engaged_since and d.engaged_since[target]
  if not since or since >= G.turn or d.pushed_period == G.turn - 1 then return nil end
  if troops.is_model(d) or t.routing or t.square then return nil end
  if G.bf:contact(uid, target) ~= "front" or G.bf:contact(target, uid) ~= "front" then return nil end
  local du_width = G.bf:footprint(uid)
  local tu_width, tu_depth = G.bf:footprint(target)
  local ux, uy = G.bf:pos(uid)
  local ox = local_xy(G, target, ux, uy)
  local right = math.max(0, ox + du_width / 2 - tu_width / 2)
  local left = math.max(0, -(ox - du_width / 2) - tu_width / 2)
  local fr = math.floor(right / d.base_w + 1e-6)
  local fl = math.floor(left / d.base_w + 1e-6)
  -- the one overlapping figure of rule 1, on the side that reaches further
  if fr >= fl then fr = math.max(0, fr - 1) else fl = math.max(0, fl - 1) end
  local fit = math.max(1, math.floor(tu_depth / d.base_w + 1e-6))
  fr, fl = math.min(fr, fit), math.min(fl, fit)
  if fr + fl == 0 then return nil end
  local spare = 0
  if not t.disorganised then
    local engaged = 0
    for _, e in ipairs(t.opponents or {}) do
      local o = G.D[e]
      if live(o) and not o.routing then
        engaged = engaged + melee.figures(t, { files = files_in_contact(G, target, e), enemy = o, first_period = false })
      end
    end
    spare = math.max(0, t.figures - engaged)
  end
  -- the enemy meets the attempt on its unshielded (right) flank first
  local meet = math.min(spare, fr)
  fr, spare = fr - meet, spare - meet
  fl = fl - math.min(spare, fl)
  if fr + fl == 0 then return nil end
  return { left = fl, right = fr }
end


local function melee_phase(G)
  -- who is in contact with whom
  local pairs_list = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) then
      d.opponents = {}
      local q = turn.near(G, uid, 0.5, "enemy")
      local fighting = false
      for _, e in ipairs(q) do
        local o = G.D[e.id]
        if live(o) then
          d.opponents[#d.opponents + 1] = e.id
          if not o.routing then fighting = true end
        end
      end
      -- the period each fight began (this contact, unbroken since)
      local since = {}
      for _, e in ipairs(d.opponents) do since[e] = d.engaged_since and d.engaged_since[e] or G.turn end
      d.engaged_since = since
      -- in melee only with an enemy that fights back: touching a router is
      -- pursuit, not melee (a unit left touching a pinned router counted as
      -- "in melee" and stood still for the rest of the battle)
      d.in_melee = fighting and not d.routing
    end
  end
  pursuers_engaged.check(G)  -- DISORGANISATION 1: pursuers engaged by a fresh enemy
  local strikes = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    -- EVADING: caught evaders "are caught with their backs turned and cannot
    -- defend themselves": they strike no blow this period
    local caught = d.evaded_turn == G.turn and d.caught_by ~= nil
    if live(d) and not d.routing and #d.opponents > 0 and not caught
      and not (G.no_strike and G.no_strike(G, uid)) then -- hook: fantasy (stone, asleep)
      -- strike the opponent to the front first, else the first in contact
      local target
      for _, e in ipairs(d.opponents) do
        if not G.D[e].routing and turn.edge(G, uid, e) == "front" then target = e; break end
      end
      if not target then
        for _, e in ipairs(d.opponents) do if not G.D[e].routing then target = e; break end end
      end
      local t = target and G.D[target]
      if t then
      local edge_on_t, raw_edge_on_t = turn.edge(G, target, uid)
      local first = (d.melee_periods or 0) == 0
      local s = {
        files = files_in_contact(G, uid, target),
        first_period = first, from_front = edge_on_t == "front", flank_or_rear = edge_on_t ~= "front",
        enemy_shield = { rear = edge_on_t == "rear" or t.routing, unshielded_flank = turn.unshielded_given(G, target, edge_on_t, raw_edge_on_t) },
        charging = (d.charging or d.countercharging or d.following) and first or (d.following == true),
        uphill = on_hill(G, uid) and not on_hill(G, target),
        missile_per_figure = (d.missile or 0) / math.max(1, d.figures),
        fanatic_periods = d.fanatic_periods, enemy_pushed_back = t.pushed_this_melee,
        general_in_front = generals.in_front(G, uid),
        model_flank_only = (d.type == "EL" or d.type == "CH") and G.bf:contact(uid, target) ~= "front",
        enemy_partial_cover = in_cover(G, target, true) or nil,
        base_frontage = d.base_w, enemy = t,
        bonus = G.melee_bonus and G.melee_bonus(G, uid, target) or nil,
      }
      if t.routing or (t.evaded_turn == G.turn and t.caught_by) then s.enemy_shield.rear = true end
      if G.report or G.log then s.purpose = "WRG melee random factor, " .. d.name end
      local out = melee.strike(d, t, s, G.dice, G.report ~= nil)
      strikes[#strikes + 1] = { by = uid, at = target, out = out }
      pairs_list[#pairs_list + 1] = uid
      d.front_fighting = s.files
      local lap = turn.lapping(G, uid, target)
      if lap then
        for _, flank in ipairs({ "left", "right" }) do
          local n = lap[flank]
          if n > 0 then
            local ls = { files = n, figures = d.disorganised and n // 2 or n, first_period = false, from_front = false,
                         flank_or_rear = true, enemy_shield = { unshielded_flank = flank == "right", rear = t.routing },
                         charging = d.following == true, uphill = s.uphill, missile_per_figure = s.missile_per_figure,
                         fanatic_periods = d.fanatic_periods, base_frontage = d.base_w, enemy = t, random = out.random }
            local lout = melee.strike(d, t, ls, G.dice, G.report ~= nil)
            lout.lapping = flank
            strikes[#strikes + 1] = { by = uid, at = target, out = lout }
          end
        end
      end
      end
    end
  end
  if #strikes == 0 then return end
  for _, sk in ipairs(strikes) do
    if G.blow_lands then sk.out.casualties = G.blow_lands(G, sk.by, sk.at, sk.out.casualties) end -- hook: fantasy
    local d, t = G.D[sk.by], G.D[sk.at]
    d.inflicted = (d.inflicted or 0) + sk.out.casualties
    t.received = (t.received or 0) + sk.out.casualties
    if G.log then
      G.bf:log("melee", { unit = sk.by, target = sk.at, figures = sk.out.figures, row = sk.out.row, total = sk.out.total, lapping = sk.out.lapping,
                          casualties = sk.out.casualties })
    end
    if G.report then
      say(G, "  %s %s %s%s: %d figures, %s %d, tactical %+d, random %+d = %d: %d casualties.", d.name,
        sk.out.lapping and "laps round" or "strikes", t.name, sk.out.lapping and ("'s " .. sk.out.lapping .. " flank") or "",
        sk.out.figures, sk.out.row, sk.out.weapon, sk.out.tactical, sk.out.random.value, sk.out.total, sk.out.casualties)
    end
  end
  -- apply casualties together, then AFTER HAND-TO-HAND FIGHTING
  local start = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and (d.received or 0) > 0 then
      start[uid] = d.figures
      turn.take_casualties(G, uid, d.received)
    end
  end
  for _, uid in ipairs(G.all) do
    if start[uid] then turn.half_strength(G, uid) end
  end
  local results = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and d.in_melee and not d.routing then
      if (d.type == "EL" or d.type == "CH") then
        for _, e in ipairs(d.opponents) do if G.D[e] then G.D[e].met_beasts = true end end
      end
      local r = melee.after(d, { received = d.received or 0, inflicted = d.inflicted or 0, missile = d.missile or 0,
                                 figures = start[uid] or d.figures, push_backs = d.push_backs })
      results[#results + 1] = { uid = uid, r = r }
    end
  end
  for _, x in ipairs(results) do
    local d = G.D[x.uid]
    if live(d) then
      if x.r.broken then
        say(G, "  %s: %s.", d.name, melee.REASONS[x.r.reason])
        local foes = d.opponents
        -- the pursuers strike with their figures in contact as the enemy
        -- turns (taken before the router turns about)
        local in_contact = {}
        for _, e in ipairs(foes) do
          if live(G.D[e]) and G.bf:distance(e, x.uid) < 0.5 then in_contact[e] = files_in_contact(G, e, x.uid) end
        end
        turn.rout(G, x.uid, foes[1])
        -- "They will strike without receiving return blows, at the moment at
        -- which the enemy turn their backs": the pursuers' first strike.
        for _, e in ipairs(foes) do
          local o = G.D[e]
          if live(o) and not o.routing and live(d) then
            local s = { files = in_contact[e] or files_in_contact(G, e, x.uid), first_period = false, charging = true,
                        enemy_shield = { rear = true }, from_front = false, flank_or_rear = true, enemy = d }
            if G.report or G.log then s.purpose = "WRG pursuit strike, " .. o.name end
            local out = melee.strike(o, d, s, G.dice, false)
            say(G, "  %s strikes the backs of %s: %d casualties.", o.name, d.name, out.casualties)
            turn.take_casualties(G, x.uid, out.casualties)
            -- "All troops all of whose melee opponents break must normally
            -- pursue for at least one period" (not with orders to hold)
            local all_broke = true
            for _, e2 in ipairs(o.opponents or {}) do
              if G.D[e2] and not G.D[e2].routing and not G.D[e2].gone then all_broke = false end
            end
            if all_broke then
              o.in_melee = false
              o.melee_periods = 0
              if o.order ~= "hold" and o.moves[2] then o.pursuing, o.pursue_periods = x.uid, 0
              elseif o.order == "hold" and o.moves[2] and not o.pursuing then turn.hold_pursuit(G, e, x.uid) end
            end
          end
        end
        recoil.broken_engines(G, x.uid)  -- destroyed by the initial period of pursuit
      elseif x.r.pushed_back then
        d.push_backs = x.r.push_backs
        d.pushed_this_melee = true
        d.pushed_period = G.turn
        local moved = back_off(G, x.uid, tables.movement.push_back, "push_back")
        d.push_debt = tables.movement.push_back
        if moved < tables.movement.push_back * 0.99 then d.disorganised = true end
        say(G, "  %s is pushed back 30 paces.", d.name)
        recoil.engines_overrun(G, x.uid)  -- "A push-back loses all engines within that distance"
        -- "Their opponents must follow up unless they have orders to the
        -- contrary ... or are infantry receiving a mounted charge while halted"
        local followed = false
        for _, e in ipairs(d.opponents) do
          local o = G.D[e]
          if live(o) and not o.routing and o.order ~= "hold" and o.moves[2] then
            local halted_inf = troops.is_infantry(o) and troops.is_mounted(d) and (o.moved or 0) == 0
            if not halted_inf then
              -- "A square which pushes back its opponents may advance on any
              -- face it chooses, the other faces then being out of contact
              -- next period": it follows on the face that pushed
              if o.square then face(G, e, bearing(G, e, x.uid), true) end
              local fx, fy = G.bf:pos(e)
              local reach = mm(tables.movement.push_back + 1) / terrain_factor(G, e, o)
              advance(G, e, tables.movement.push_back + 1, nil, "follow_up")
              if G.bf:distance(e, x.uid) < 0.5 then turn.align(G, e, x.uid, fx, fy, reach) end
              o.following = true
              followed = true
            end
          end
        end
        -- not followed up: rally back or reorganise; the defenders hold (wrg.units.recoil)
        if not followed then recoil.not_followed(G, x.uid) end
      else
        d.push_backs = 0
      end
    end
  end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and d.in_melee then
      d.melee_periods = (d.melee_periods or 0) + 1
      if d.fanatic then d.fanatic_periods = (d.fanatic_periods or 0) + 1 end
    end
  end
  -- pursuers in contact at the end of the period strike again
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and d.pursuing and G.D[d.pursuing] and live(G.D[d.pursuing]) and G.bf:distance(uid, d.pursuing) < 0.5
      and d.caught then
      local q = G.D[d.pursuing]
      local s = { files = files_in_contact(G, uid, d.pursuing), first_period = false, charging = true,
                  enemy_shield = { rear = true }, from_front = false, flank_or_rear = true, enemy = q }
      local out = melee.strike(d, q, s, G.dice, false)
      say(G, "  %s cuts down the routed %s: %d casualties.", d.name, q.name, out.casualties)
      turn.take_casualties(G, d.pursuing, out.casualties)
    end
  end
end

local part = {}
function part.link()
  advance = P.advance
  back_off = P.back_off
  bearing = P.bearing
  face = P.face
  in_cover = P.in_cover
  live = P.live
  local_xy = P.local_xy
  mm = P.mm
  on_hill = P.on_hill
  say = P.say
  terrain_factor = P.terrain_factor
end
P.files_in_contact = files_in_contact
P.melee_phase = melee_phase
return part
