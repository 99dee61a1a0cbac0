-- The fantasy module in a battle of a ruleset without an Appendix IV of its
-- own (our adaptation; Historicon and Phalanx): the module's state on the
-- battle (G.fantasy), the period's start, and the callbacks the host's turn
-- calls through its "hook:" lines (the same names as WRG's):
--   G.own_move(G, uid)        true when the module moved or held the unit
--   G.apart(G, a, b)          units that do not touch though their bases
--                             meet (a flyer over a unit; troops turned to stone)
--   G.untargetable(G, uid), G.no_shoot(G, uid), G.no_strike(G, uid)
--   G.shot_lands(G, by, at, n) -> at, n     G.blow_lands(G, by, at, n) -> n
-- A unit's states are d.fx (modules.fantasy.states), its creature's traits
-- d.traits (a set), its flight d.flies (paces): plain data on the unit.
local S = require("modules.fantasy.states")
local F = require("modules.fantasy.flying")
local K = require("modules.fantasy.adapted.common")
local saints = require("modules.fantasy.adapted.saints")
local beasts = require("modules.fantasy.adapted.beasts")
local spells = require("modules.fantasy.adapted.spells")
local flight = require("modules.fantasy.adapted.flight")
local dragons = require("modules.fantasy.adapted.dragons")
local basilisk = require("modules.fantasy.adapted.basilisk")
local haters = require("modules.fantasy.adapted.elf_haters")
local theology = require("modules.fantasy.adapted.theology")

local B = {}

-- A creature's fields on a unit's data (plain values: hashed and logged).
function B.attach(spec, decl)
  spec.creature = decl.id
  spec.traits = {}
  for _, t in ipairs(decl.traits or {}) do spec.traits[t] = true end
  spec.flies = decl.flies
  if decl.missile_range then
    spec.fx_missile = { paces = decl.missile_range, figures = decl.missile_figures or 1 }
  end
  spec.fx = spec.fx or {}
  return spec
end

local function tick(G)
  for _, uid in ipairs(K.host(G).units(G)) do
    local d = G.D[uid]
    if K.live(G, uid) and d.fx then
      for _, name in ipairs(S.tick(d.fx)) do K.state_ends(G, uid, name) end
    end
  end
end

-- The start of each period: states run down, then the saints', the
-- beasts' and the magicians' rules.
function B.period_start(G)
  G.fantasy.bearers = nil -- (who carries each trait, made afresh: adapted/common.lua)
  tick(G)
  saints.period(G)
  theology.period(G)
  beasts.demons(G)
  beasts.huns(G)
  dragons.period(G)
  basilisk.period(G)
  spells.period(G)
  for _, uid in ipairs(K.host(G).units(G)) do
    local d = G.D[uid]
    if K.live(G, uid) and S.flag(d.fx, "disorganised") then K.host(G).disorder(G, uid) end
  end
end

function B.own_move(G, uid)
  local d = G.D[uid]
  if not d.fx then return false end
  if S.flag(d.fx, "no_move") then
    K.say(G, "  %s cannot move (%s).", d.name, K.states_text(d))
    return true
  end
  -- spell 11: "incapable of understanding any fresh orders": READING, it
  -- takes no move of its commander's (forced moves still happen)
  if S.flag(d.fx, "no_orders") then
    K.say(G, "  %s has forgotten its orders and stands (%s).", d.name, K.label(G))
    return true
  end
  if beasts.ents_hold(G, uid) then return true end
  -- DRAGONS and DWARVES out of control at elves: the host's loss of control
  local host = K.host(G)
  -- MOSLEM SAINTS: two saints in a discussion home on each other
  local other = host.out_of_control and theology.homes_on(G, uid)
  if other and host.in_contact(G, uid) then return true end
  if other then return host.out_of_control(G, uid, other) end
  local elf = host.out_of_control and haters.quarry(G, uid)
  if elf and haters.goes_out_of_control(G, uid, elf) then return host.out_of_control(G, uid, elf) end
  if d.flies and flight.move(G, uid) then return true end
  -- DRAGONS: a dragon that has forgotten its orders moves as the host's
  -- troops without orders do (on the ground: in the air it flies at the
  -- nearest enemy whatever its orders)
  if d.fx_forgot and host.without_orders then return host.without_orders(G, uid) end
  return false
end

function B.apart(G, a, b)
  local da, db = G.D[a], G.D[b]
  if (da.altitude or 0) ~= (db.altitude or 0) then return true end
  return S.flag(da.fx, "out_of_play") or S.flag(db.fx, "out_of_play")
end

function B.untargetable(G, uid) return S.flag(G.D[uid].fx, "untargetable") end
function B.no_shoot(G, uid) return S.flag(G.D[uid].fx, "no_shoot") end
function B.no_strike(G, uid)
  local d = G.D[uid]
  return S.flag(d.fx, "no_fight") or F.airborne(d)
end

function B.shot_lands(G, by, at, n)
  local d, t = G.D[by], G.D[at]
  -- Spell 7: "Any arrows travelling to or from target reverse direction and
  -- hit shooters."
  if S.flag(t.fx, "reverses_missiles") or S.flag(d.fx, "reverses_missiles") then
    K.say(G, "  %s's missiles turn back in the air and strike %s! (%s)", d.name, d.name, K.label(G))
    K.log(G, "fantasy", { what = "missiles_reversed", unit = by, target = at })
    return by, n
  end
  if S.flag(t.fx, "immune") and not beasts.breaks_stone(G, by) then return at, K.host(G).none end
  return at, n
end

-- What lands of `by`'s blows on `at` (n: the host's measure, hits or a
-- result; host.none is nothing, host.halve the half).
function B.blow_lands(G, by, at, n)
  local d, t = G.D[by], G.D[at]
  local host = K.host(G)
  if F.airborne(d) or F.airborne(t) then return host.none end
  if S.flag(d.fx, "no_fight") then return host.none end
  if S.flag(t.fx, "immune") and not beasts.breaks_stone(G, by) then return host.none end
  -- Spell 4: "At close quarters, blows struck against it count
  -- disorganised." READING: a disorganised unit counts half (host.halve).
  if S.flag(t.fx, "untargetable") then return host.halve(n) end
  return n
end

-- Chains a callback of G: the module's runs after any already there.
local function chain(G, name, fn)
  local before = G[name]
  if not before then G[name] = fn; return end
  G[name] = function(...) return before(...) or fn(...) end
end

-- The module joins the battle (once, before its first period).
function B.start(G, host)
  G.fantasy = { host = host }
  for _, uid in ipairs(host.units(G)) do
    local d = G.D[uid]
    d.fx = d.fx or {}
    d.traits = d.traits or {}
    if d.flies then F.take_off(G.bf, uid, d) end   -- bf:set_layer logs unit_layer
  end
  for _, name in ipairs({ "own_move", "apart", "untargetable", "no_shoot", "no_strike" }) do chain(G, name, B[name]) end
  -- (a host whose hook passes other arguments installs its own: phalanx)
  local shot, blow = G.shot_lands, G.blow_lands
  G.shot_lands = host.shot_lands or function(G2, by, at, n)
    if shot then at, n = shot(G2, by, at, n) end
    return B.shot_lands(G2, by, at, n)
  end
  G.blow_lands = host.blow_lands or function(G2, by, at, n)
    if blow then n = blow(G2, by, at, n) end
    return B.blow_lands(G2, by, at, n)
  end
  saints.log_zones(G)
  for _, uid in ipairs(host.units(G)) do
    if K.has(G.D[uid], "black_magician") then
      K.log(G, "zone", { unit = uid, zone = "materialisation", radius = K.mm(G, beasts.DEMON_REACH) })
    end
  end
end

return B
