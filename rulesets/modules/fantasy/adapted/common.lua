-- What the fantasy adapters for rulesets without an Appendix IV of their own
-- (Historicon, Phalanx) share: distances in paces read through the host
-- ruleset, who is alive, the account and the log, states set and ended.
-- Everything the host decides is asked of G.fantasy.host (its battle.lua):
--   title                  "Historicon" (the label of every term: "(fantasy
--                          module, our adaptation for Historicon)")
--   mm(G, paces)           millimetres on this table
--   units(G)               every unit id, in a fixed order
--   live(G, uid)           on the table and in the fight
--   remove(G, uid, why)    gone for good (counted as the host counts a loss)
--   disorder(G, uid)       the host's nearest to WRG's "disorganised"
--   test(G, uid, add, why) an immediate test of the host's, with a bonus
--   brawl(G, uid)          the unit strikes itself once: casualties or hits
--   charge_reach(G, uid)   mm a unit may charge now
--   record(G, uid, kind)   a move declared to the referee
--   on_state(G, uid, name, on)   a state's effect on the host's own fields
--   moved(G, uid)          (optional) a base the module moved or placed
--   may_fly(G, uid)        (optional) false: spell 2 cannot carry him off
--   none, halve(n)         nothing of a hit or result, and half of one
--   is_elephant(G, uid), kill_elephant(G, by, uid)   DRAGONS' appetite
--   gaze_figures(G, uid)   figures a basilisk unit holds in stone
--   wounds(G, uid)         what a unit has suffered (MOSLEM SAINTS' "wounded")
--   out_of_control(G, uid, target)  (optional) the unit's uncontrolled
--                          move at target (Historicon; Phalanx charges in
--                          its own order code)
--   without_orders(G, uid) (optional) a forgotten dragon's move
local S = require("modules.fantasy.states")

local K = {}

function K.host(G) return G.fantasy.host end
function K.mm(G, paces) return G.fantasy.host.mm(G, paces) end
function K.live(G, uid) return G.D[uid] ~= nil and G.fantasy.host.live(G, uid) end
function K.has(d, trait) return d ~= nil and d.traits ~= nil and d.traits[trait] == true end

-- "(fantasy module, our adaptation for Historicon)": every term and line
-- the adapter adds says it is ours, not the host's rules.
function K.label(G) return "fantasy module, our adaptation for " .. G.fantasy.host.title end

function K.say(G, fmt, ...)
  if G.report then G.report(string.format(fmt, ...)) end
end

function K.log(G, kind, fields)
  if G.log then G.bf:log(kind, fields) end
end

function K.name(G, uid) local d = G.D[uid]; return d and d.name or ("unit " .. tostring(uid)) end

-- The live units with a trait (of `side` or any), in the host's order.
function K.with_trait(G, trait, side)
  local out = {}
  for _, uid in ipairs(G.fantasy.host.units(G)) do
    local d = G.D[uid]
    if K.live(G, uid) and K.has(d, trait) and (side == nil or d.side == side) then out[#out + 1] = uid end
  end
  return out
end

-- SPEED (issue #13): the units that carry a trait, in the host's order,
-- listed once a battle. A unit's traits are its creature's, set when the
-- battle builds it (battle.lua's B.attach, B.start) and never changed after,
-- and no unit joins a battle after B.start: the list holds for the battle.
local function bearers(G, trait)
  local f = G.fantasy
  local by = f.bearers
  if not by then by = {}; f.bearers = by end
  local list = by[trait]
  if not list then
    list = {}
    for _, uid in ipairs(f.host.units(G)) do
      if K.has(G.D[uid], trait) then list[#list + 1] = uid end
    end
    by[trait] = list
  end
  return list
end
K.bearers = bearers

-- The live units with a trait within `paces` of uid, edge to edge
-- (either side unless `side` says), nearest first.
-- SPEED: asked of every unit at every period's start for a saint, a hero, a
-- wolf rider...; most traits are carried by one unit or none. When no live
-- unit but uid itself carries it (of `side`), none can be near: the answer
-- is the empty list the query would have given, without the query (a table
-- for every unit in reach: bf:query was a tenth of a Holy War battle).
function K.near(G, uid, trait, paces, side)
  local D = G.D
  local any = false
  for _, b in ipairs(bearers(G, trait)) do
    if b ~= uid and (side == nil or D[b].side == side) and K.live(G, b) then any = true; break end
  end
  if not any then return {} end
  local out = {}
  for _, q in ipairs(G.bf:query{ of = uid, within = K.mm(G, paces) }) do
    local o = G.D[q.id]
    if q.id ~= uid and K.live(G, q.id) and K.has(o, trait) and (side == nil or o.side == side) then out[#out + 1] = q.id end
  end
  return out
end

function K.states_text(d)
  local parts = {}
  for _, name in ipairs(S.list(d.fx)) do parts[#parts + 1] = S.KINDS[name].text end
  return table.concat(parts, "; ")
end

-- Puts a state on a unit, tells the host, says so and logs it (the replay
-- names a unit's states after its label).
function K.set_state(G, uid, name, periods)
  local d = G.D[uid]
  d.fx = d.fx or {}
  local had = S.has(d.fx, name)
  S.set(d.fx, name, periods)
  if not had then G.fantasy.host.on_state(G, uid, name, true) end
  K.say(G, "  %s is %s (%s).", d.name, S.KINDS[name].text, K.label(G))
  K.log(G, "unit_state", { unit = uid, state = name, periods = type(d.fx[name]) == "number" and d.fx[name] or nil })
end

-- A timed state has run out: the host undoes what it changed.
function K.state_ends(G, uid, name)
  local d = G.D[uid]
  G.fantasy.host.on_state(G, uid, name, false)
  K.log(G, "unit_state", { unit = uid, state = name, ended = true })
  K.say(G, "  %s is no longer %s.", d.name, S.KINDS[name].text)
end

return K
