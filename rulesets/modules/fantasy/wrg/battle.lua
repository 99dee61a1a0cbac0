-- Fantasy in a WRG 1973 battle: the module's state on the battle (G) and
-- the callbacks the WRG period calls (its "hook:" lines):
--   G.period_start(G)          after the upkeep: states run down, then the
--                              saints', the beasts' and the magicians' rules
--   G.own_move(G, uid)         true when the module moved or held the unit
--   G.no_charge(G, uid), G.no_charge_at(G, uid, target), G.no_shoot(G, uid),
--   G.no_strike(G, uid), G.untargetable(G, uid)
--   G.shot_lands(G, by, at, n) -> at, n     G.blow_lands(G, by, at, n) -> n
--   G.reaction_bonus(G, uid)   (the battle's own: chained, not replaced)
-- Each unit's states are d.fx (modules.fantasy.states); its creature traits
-- are d.traits (army.lua). Everything is plain data on the unit, so
-- snapshots, the log and the hash carry it.
local S = require("modules.fantasy.states")
local F = require("modules.fantasy.flying")
local saints = require("modules.fantasy.wrg.saints")
local beasts = require("modules.fantasy.wrg.beasts")
local spells = require("modules.fantasy.wrg.spells")
local flight = require("modules.fantasy.wrg.flight")
local orders = require("modules.fantasy.wrg.orders")
local K = require("modules.fantasy.wrg.common")

local B = {}

-- Wraps the rules' functions the appendix changes, in this instance only.
function B.apply(rules)
  local turn = rules.require("wrg.turn")
  local victory = rules.require("wrg.victory")
  local chance = rules.require("wrg.chance")
  local referee = rules.require("wrg.referee")
  saints.apply(rules, turn, victory)
  beasts.apply(rules, turn, chance)
  orders.apply(rules)
  -- the referee's allowance for the module's moves: a flyer's flight ("they
  -- can fly 200 paces in a period"), a magician's (spell 2, "within 100
  -- paces"), and saints homing on each other (a normal move)
  referee.PACES.fly = function(d) return d.flies or 0 end
  referee.PACES.spell_flight = function() return spells.RANGE end
  referee.PACES.homing = function(d) return d.moves[1] end
end

-- Chains a callback of G: the module's runs after any already there.
local function chain(G, name, fn, combine)
  local before = G[name]
  if not before then G[name] = fn; return end
  G[name] = function(...) return combine(before(...), fn(...)) end
end
local function either(a, b) return a or b end

local function tick(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if K.live(d) then
      for _, name in ipairs(S.tick(d.fx)) do K.state_ends(G, uid, name) end
    end
  end
end

-- Units of different layers touch without fighting: a flyer over a unit
-- is not in melee with it (the battle's melee phase finds contacts on every
-- layer; none of their blows land, and neither would move again).
local function clear_air_contacts(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if K.live(d) and d.in_melee then
      local ground = {}
      for _, o in ipairs(d.opponents or {}) do
        if not F.airborne(G.D[o]) and not F.airborne(d) then ground[#ground + 1] = o end
      end
      if #ground == 0 then d.in_melee, d.opponents = false, {} end
    end
  end
end

function B.period_start(G)
  tick(G)
  clear_air_contacts(G)
  saints.period(G)
  beasts.period(G)
  spells.period(G)
  -- what the states mean for this period
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if K.live(d) and S.flag(d.fx, "disorganised") then d.disorganised = true end
  end
end

function B.own_move(G, uid)
  local d = G.D[uid]
  if S.flag(d.fx, "no_move") then
    K.say(G, "  %s cannot move (%s).", d.name, K.states_text(d))
    return true
  end
  if saints.own_move(G, uid) then return true end
  if beasts.own_move(G, uid) then return true end
  if d.flies and not d.in_melee and not d.routing and not d.charging then return flight.move(G, uid) end
  return false
end

function B.no_charge(G, uid)
  local d = G.D[uid]
  return S.flag(d.fx, "no_move") or F.airborne(d) or beasts.no_charge(G, uid)
end

-- A flyer in the air cannot be charged (it is above the fight); an
-- unnatural beast will not charge into a zone of sanctity.
function B.no_charge_at(G, uid, target)
  local t = G.D[target]
  if F.airborne(t) then return true end
  return beasts.no_charge_at(G, uid, target)
end

function B.no_shoot(G, uid) return S.flag(G.D[uid].fx, "no_shoot") end
function B.untargetable(G, uid) return S.flag(G.D[uid].fx, "untargetable") end
function B.no_strike(G, uid)
  local d = G.D[uid]
  return S.flag(d.fx, "no_fight") or F.airborne(d)
end

-- Who is immune from whom: stone "cannot be damaged except by Giants,
-- Trolls, or stone-throwing engines".
local function breaks_stone(G, by)
  local d = G.D[by]
  return (d.traits and d.traits.breaks_stone) or (d.type == "ENG" and d.engine and d.engine:find("stone") ~= nil)
end

function B.shot_lands(G, by, at, n)
  local d, t = G.D[by], G.D[at]
  -- Spell 7: "Any arrows travelling to or from target reverse direction and
  -- hit shooters."
  if S.flag(t.fx, "reverses_missiles") or S.flag(d.fx, "reverses_missiles") then
    K.say(G, "  %s's missiles turn back in the air and strike %s!", d.name, d.name)
    K.log(G, "fantasy", { what = "missiles_reversed", unit = by, target = at })
    return by, n
  end
  if S.flag(t.fx, "immune") and not breaks_stone(G, by) then return at, 0 end
  return at, n
end

function B.blow_lands(G, by, at, n)
  local d, t = G.D[by], G.D[at]
  if F.airborne(d) or F.airborne(t) then return 0 end
  if S.flag(t.fx, "immune") and not breaks_stone(G, by) then return 0 end
  -- Spell 4: "At close quarters, blows struck against it count
  -- disorganised." READING: a disorganised unit "counts half the figures",
  -- so the blows' casualties are halved (rounded down).
  if S.flag(t.fx, "untargetable") then return n // 2 end
  return n
end

function B.reaction_bonus(G, uid)
  local terms = {}
  saints.reaction_terms(G, uid, terms)
  beasts.reaction_terms(G, uid, terms)
  if #terms == 0 then return nil end
  return terms
end

local function concat(a, b)
  if not a then return b end
  if not b then return a end
  local out = {}
  for _, x in ipairs(a) do out[#out + 1] = x end
  for _, x in ipairs(b) do out[#out + 1] = x end
  return out
end

-- The module joins the battle (rules.battle_start, after deployment).
function B.start(G)
  G.fantasy = { martyrs = { 0, 0 }, discussions = {} }
  G.rules_turn = (G.rules and G.rules.require or require)("wrg.turn")
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    d.fx = d.fx or {}
    d.traits = d.traits or {}
    if d.flies then F.take_off(G.bf, uid, d) end   -- flyers start in the air (bf:set_layer logs unit_layer)
    -- DRAGONS "will stick to their first order until they forget it"
    if d.traits.forgets_orders then d.fx_first_order = d.order or false end
  end
  chain(G, "period_start", B.period_start, either)
  chain(G, "own_move", B.own_move, either)
  chain(G, "no_charge", B.no_charge, either)
  chain(G, "no_charge_at", B.no_charge_at, either)
  chain(G, "no_shoot", B.no_shoot, either)
  chain(G, "untargetable", B.untargetable, either)
  chain(G, "no_strike", B.no_strike, either)
  chain(G, "reaction_bonus", B.reaction_bonus, concat)
  -- moves an unnatural beast makes stop short of a zone of sanctity (any
  -- shortening already there, the weather's, first)
  local move_paces = G.move_paces
  G.move_paces = function(G2, uid, paces, kind)
    if move_paces then paces = move_paces(G2, uid, paces, kind) end
    return saints.limit_paces(G2, uid, paces, kind)
  end
  local shot, blow = G.shot_lands, G.blow_lands
  G.shot_lands = function(G2, by, at, n)
    if shot then at, n = shot(G2, by, at, n) end
    return B.shot_lands(G2, by, at, n)
  end
  G.blow_lands = function(G2, by, at, n)
    if blow then n = blow(G2, by, at, n) end
    return B.blow_lands(G2, by, at, n)
  end
  saints.start(G)
  -- the zones the replay draws round their units (radius in mm from the edge)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if d.traits.sanctity then K.log(G, "zone", { unit = uid, zone = "sanctity", radius = saints.SANCTITY * K.mm(G) }) end
    if d.traits.exhorts_own then K.log(G, "zone", { unit = uid, zone = "exhortation", radius = saints.EXHORT * K.mm(G) }) end
    if d.traits.black_magician then K.log(G, "zone", { unit = uid, zone = "materialisation", radius = beasts.DEMON_REACH * K.mm(G) }) end
  end
end

return B
