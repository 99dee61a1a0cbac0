-- WRG 1973 Appendix IV in a WRG battle: ELVES, DRAGONS, TROLLS, GIANTS,
-- ENTS, GOBLINS AND ORCS, DEMONS, TAME CROWS, BASILISK, DWARVES -- the
-- behaviours beyond their "counts as" terms (counts_as.lua) and flight
-- (flight.lua).
local S = require("modules.fantasy.states")
local F = require("modules.fantasy.flying")
local Z = require("modules.fantasy.zones")
local K = require("modules.fantasy.wrg.common")
local saints = require("modules.fantasy.wrg.saints")

local M = {}

M.ELEPHANT_REACH = 100   -- "attack and kill any that come within 100 paces"
M.DEMON_REACH = Z.KINDS.materialisation.radius   -- "an operative black magician within 100 paces"
M.GAZE_REACH = 100       -- READING: a basilisk looks as far as a magician casts, 100 paces
M.DRAGON_FEAR = Z.KINDS.dragon_fear.radius   -- as "enemy elephants or chariots within 150 paces" (-2)
M.ENT_WOOD = 100         -- READING: "near their wood": within 100 paces of the ents

local function charge_reach(d) return d.moves[2] or d.moves[1] end

function M.apply(rules, turn, chance)
  -- ELVES: "Their shooting random factor is always plus, because they have
  -- a semi-magical ability ... to warp probability." READING: always +1.
  local shooting_value = chance.shooting_value
  chance.shooting_value = function(u, minus, plus)
    local v = shooting_value(u, minus, plus)
    if u.traits and u.traits.warped_probability and v <= 0 then return 1 end
    return v
  end
  -- TROLLS: "If such a unit gets a "halt 2 periods" reaction result, this
  -- means its protective spells against the effects of daylight have broken
  -- down, and the unit has turned permanently to stone."
  local apply_result = turn.apply_result
  turn.apply_result = function(G, uid, out, under_threat)
    local d = G.D[uid]
    if out.result == "halt" and K.has(d, "turns_to_stone") and G.fantasy and not S.has(d.fx, "stone") then
      K.set_state(G, uid, "stone")
      d.state, d.state_periods = nil, nil
      K.say(G, "  %s: the spells against daylight break down -- turned permanently to stone!", d.name)
      K.log(G, "fantasy", { what = "trolls_turn_to_stone", unit = uid })
      return
    end
    return apply_result(G, uid, out, under_threat)
  end
end

-- DEMONS: "They cannot maintain materialisation without an operative black
-- magician within 100 paces, and will leave permanently for the 12th plane
-- when deprived of one." Operative: on the table and not a frog.
local function demons(G)
  for _, uid in ipairs(K.with_trait(G, "demon")) do
    local d = G.D[uid]
    local ok = false
    for _, m in ipairs(K.near(G, uid, "black_magician", M.DEMON_REACH, d.side)) do
      if not S.has(G.D[m].fx, "frog") then ok = true end
    end
    if not ok then
      K.log(G, "fantasy", { what = "demons_dematerialise", unit = uid })
      G.rules_turn.remove(G, uid, "gone permanently to the 12th plane (no black magician within 100 paces)")
    end
  end
end

-- DRAGONS: "They are also inordinately fond of elephants, even their own
-- sides, and will attack and kill any that come within 100 paces. They will
-- then take one period to eat them, then snooze for 2 periods, not waking
-- even if attacked." READING: one elephant model killed (the nearest unit's)
-- each time.
local function dragon_appetite(G, uid)
  local d = G.D[uid]
  if d.fx_ate and not S.has(d.fx, "eating") then
    d.fx_ate = nil
    K.set_state(G, uid, "snoozing", 2)
    K.say(G, "  %s settles down to snooze.", d.name)
    return
  end
  if S.has(d.fx, "eating") or S.has(d.fx, "snoozing") or S.flag(d.fx, "no_move") then return end
  for _, q in ipairs(G.bf:query{ of = uid, within = M.ELEPHANT_REACH * K.mm(G) }) do
    local o = G.D[q.id]
    if q.id ~= uid and K.live(o) and o.type == "EL" and not G.bf:unit(q.id).removed then
      K.say(G, "  %s swoops on the elephants of %s and kills one!", d.name, o.name)
      K.log(G, "fantasy", { what = "dragon_eats_elephant", unit = uid, target = q.id })
      G.rules_turn.take_casualties(G, q.id, (o.carried and (20 - o.carried) or 20))
      if F.airborne(d) then F.land(G.bf, uid, d, G.D) end
      K.set_state(G, uid, "eating", 1)
      d.fx_ate = true
      return
    end
  end
end

-- DRAGONS: "They are a little thick up top, and will stick to their first
-- order until they forget it, and must then take "no orders" reaction
-- tests. Changes in orders irritate them, and they will not only not obey
-- the new orders, but will eat the messenger." READING: a dragon forgets
-- its order on a 1 (one die at the start of each period after the first).
local function dragon_orders(G, uid)
  local d = G.D[uid]
  if d.fx_first_order == nil then d.fx_first_order = d.order or false end
  if d.fx_forgot then
    if d.order ~= nil then
      K.say(G, "  %s will not obey new orders -- and eats the messenger.", d.name)
      K.log(G, "fantasy", { what = "dragon_eats_messenger", unit = uid })
      d.order = nil
    end
    return
  end
  -- a new order (not one cancelled by a reaction result, nor forgotten by
  -- spell 11)
  if d.fx_first_order and d.order ~= nil and d.order ~= d.fx_first_order and not S.flag(d.fx, "no_orders") then
    K.say(G, "  %s will not obey new orders -- and eats the messenger.", d.name)
    K.log(G, "fantasy", { what = "dragon_eats_messenger", unit = uid })
    d.order = d.fx_first_order
  end
  if G.turn > 1 and d.order and G.dice:roll(6, "WRG Appendix IV: does " .. d.name .. " forget its order") == 1 then
    d.fx_forgot = true
    require("modules.fantasy.wrg.orders").forget(G, uid, "the dragon forgets its order")
    K.say(G, "  %s forgets its orders.", d.name)
    K.log(G, "fantasy", { what = "dragon_forgets", unit = uid })
  end
end

-- DRAGONS: "having heard that elves have pots of it concealed at the ends of
-- rainbows, they will always go out of control and charge any in reach."
-- DWARVES: "If elves oppose them, they will go out of control and charge
-- them." READING: an uncontrolled advance (2 periods) when an enemy elf
-- unit is within its charge reach; a dragon in the air lands for it.
local function hates_elves(G, uid)
  local d = G.D[uid]
  if d.state == "uncontrolled" or S.flag(d.fx, "no_move") or d.in_melee or d.routing then return end
  for _, e in ipairs(K.near(G, uid, "elf", charge_reach(d))) do
    if G.D[e].side ~= d.side then
      if F.airborne(d) and not F.land(G.bf, uid, d, G.D) then return end
      d.state, d.state_periods, d.ua_period = "uncontrolled", 2, 0
      d.order = nil
      K.say(G, "  %s sees elves within reach and goes out of control!", d.name)
      K.log(G, "fantasy", { what = "out_of_control_at_elves", unit = uid, target = e })
      return
    end
  end
end

-- BASILISK: "can keep one hostile figure turned to stone for as long as it
-- looks at it." READING: each basilisk figure holds one figure of the
-- nearest enemy unit to its front within 100 paces (never the last): those
-- figures are out of the fight and come back when the gaze ends.
local function gaze(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local g = d.fx_gaze
    if g then
      local t = G.D[g.target]
      if K.live(t) then
        t.figures = t.figures + g.n
        t.ranks = math.max(1, (t.figures + t.files - 1) // t.files)
        G.bf:set_strength(g.target, t.figures)
      end
      d.fx_gaze = nil
    end
  end
  for _, uid in ipairs(K.with_trait(G, "petrifying_gaze")) do
    local d = G.D[uid]
    if not S.flag(d.fx, "no_fight") and not d.routing then
      for _, q in ipairs(G.bf:query{ of = uid, within = M.GAZE_REACH * K.mm(G), enemy = true, arc = 45 }) do
        local t = G.D[q.id]
        if K.live(t) and not S.flag(t.fx, "immune") and t.figures > 1 then
          local n = math.min(d.figures, t.figures - 1)
          t.figures = t.figures - n
          t.ranks = math.max(1, (t.figures + t.files - 1) // t.files)
          G.bf:set_strength(q.id, t.figures)
          d.fx_gaze = { target = q.id, n = n }
          K.say(G, "  %s looks at %s: %d figures turned to stone while it looks.", d.name, t.name, n)
          K.log(G, "fantasy", { what = "basilisk_gaze", unit = uid, target = q.id, figures = n })
          break
        end
      end
    end
  end
end

-- ENTS: "React as "D" barbarians whenever such people come near to their
-- wood, adding 1 for chaos troops within charge reach, 2 for axe-bearers.
-- They will attack if their reaction result is "move towards enemy" or
-- higher." Until roused they stand (their wood). Chaos troops: creatures
-- usually of chaos; axe-bearers: troops fighting with axes.
local function chaos(o) return o.creature_def ~= nil and o.creature_def.allegiance == "chaos" end
local function axe_bearer(o)
  if o.fights_as == "axe" then return true end
  for _, w in ipairs(o.weapons or {}) do if w == "axe" then return true end end
  return false
end

local function ents(G)
  local tables = G.rules.require and G.rules.require("wrg.tables") or require("wrg.tables")
  for _, uid in ipairs(K.with_trait(G, "ent")) do
    local d = G.D[uid]
    if not d.fx_roused and not d.in_melee then
      local add, near = 0, false
      for _, q in ipairs(G.bf:query{ of = uid, within = math.max(M.ENT_WOOD, charge_reach(d)) * K.mm(G), enemy = true }) do
        local o = G.D[q.id]
        if K.live(o) then
          near = true
          if q.distance <= charge_reach(d) * K.mm(G) then
            if axe_bearer(o) then add = math.max(add, 2) elseif chaos(o) then add = math.max(add, 1) end
          end
        end
      end
      if near then
        d.fx_pending = { { id = "ents_roused", text = add == 2 and "axe-bearers within charge reach" or "chaos troops within charge reach",
                           add = add, rule = "WRG 1973 APPENDIX IV ENTS", layer = "option fantasy" } }
        local out = G.rules_turn.test(G, uid, "enemies near the ents' wood", { chart = 2 })
        d.fx_pending = nil
        if out.rank >= tables.reaction_results.move_to_enemy.rank then
          d.fx_roused = true
          d.state, d.state_periods, d.ua_period = "uncontrolled", 2, 0
          K.say(G, "  %s are roused and attack!", d.name)
          K.log(G, "fantasy", { what = "ents_roused", unit = uid })
        end
      end
    end
  end
end

-- "Dragons have the same reaction and disorganisation effects on elephants
-- as do elephants on horses": elephants in contact with a dragon are
-- disorganised (as horses "contacted by elephants").
local function dragon_fear(G)
  for _, uid in ipairs(K.with_trait(G, "frightens_elephants")) do
    for _, q in ipairs(G.bf:query{ of = uid, within = 0.5, enemy = true }) do
      local o = G.D[q.id]
      if K.live(o) and o.type == "EL" then o.disorganised = true end
    end
  end
end

function M.period(G)
  demons(G)
  for _, uid in ipairs(K.with_trait(G, "eats_elephants")) do dragon_appetite(G, uid) end
  for _, uid in ipairs(K.with_trait(G, "forgets_orders")) do dragon_orders(G, uid) end
  for _, uid in ipairs(K.with_trait(G, "hates_elves")) do hates_elves(G, uid) end
  gaze(G)
  ents(G)
  dragon_fear(G)
end

function M.own_move(G, uid)
  local d = G.D[uid]
  if K.has(d, "ent") and not d.fx_roused then return true end
  return false
end

function M.no_charge(G, uid)
  local d = G.D[uid]
  return K.has(d, "ent") and not d.fx_roused
end

-- SAINT: "unnatural beasts such as Dragons will not enter this zone of sanctity".
function M.no_charge_at(G, uid, target)
  return K.has(G.D[uid], "unnatural") and saints.in_sanctity(G, target)
end

function M.reaction_terms(G, uid, terms)
  local d = G.D[uid]
  -- ELVES: "They can plus or minus 1 from their own reaction totals."
  -- READING: they always add (a higher total is never worse on the charts
  -- the battle plays).
  if K.has(d, "chooses_reaction_sign") then
    terms[#terms + 1] = { id = "elves", text = "elves: plus 1 by choice", add = 1, rule = "WRG 1973 APPENDIX IV ELVES",
                          layer = "option fantasy" }
  end
  if d.type == "EL" then
    for _, q in ipairs(G.bf:query{ of = uid, within = M.DRAGON_FEAR * K.mm(G), enemy = true }) do
      if K.has(G.D[q.id], "frightens_elephants") and K.live(G.D[q.id]) then
        terms[#terms + 1] = { id = "dragon_fear", text = "a dragon within 150 paces (as elephants on horses)", add = -2,
                              rule = "WRG 1973 APPENDIX IV DRAGONS", layer = "option fantasy" }
        break
      end
    end
  end
  for _, t in ipairs(d.fx_pending or {}) do terms[#terms + 1] = t end
end

return M
