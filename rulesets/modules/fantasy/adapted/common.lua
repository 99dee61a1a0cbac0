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

-- SPEED (issue #13): the units that carry a trait, in the host's order,
-- kept for the period. A unit's traits are its creature's, set when the
-- battle builds it (battle.lua's B.attach, B.start) and never changed after;
-- the lists are made afresh at each period's start (battle.lua's
-- B.period_start) all the same, in case a host adds a unit during a battle.
-- Every trait's list is made in one walk over the units (a unit carries a
-- few traits; the period asks about a dozen): each list in the host's order
-- (the walk's), a unit in it when K.has(d, trait). A trait no unit carries
-- has NONE (shared, never written to).
local NONE = {}
local function bearers(G, trait)
  local f = G.fantasy
  local by = f.bearers
  if not by then
    by = {}
    local D = G.D
    for _, uid in ipairs(f.host.units(G)) do
      local d = D[uid]
      local traits = d ~= nil and d.traits or nil
      if traits then
        for name, on in pairs(traits) do
          if on == true then
            local list = by[name]
            if not list then list = {}; by[name] = list end
            list[#list + 1] = uid
          end
        end
      end
    end
    f.bearers = by
  end
  return by[trait] or NONE
end
K.bearers = bearers

-- The live units with a trait (of `side` or any), in the host's order.
-- SPEED: from the trait's bearers (the host's order kept), not every unit:
-- asked of every unit the default commander plans for (a magician's plan,
-- the zones of sanctity).
function K.with_trait(G, trait, side)
  local out = {}
  local D = G.D
  for _, uid in ipairs(bearers(G, trait)) do
    if (side == nil or D[uid].side == side) and K.live(G, uid) then out[#out + 1] = uid end
  end
  return out
end

-- The table's contact tolerance (kContactTolerance, geometry.hpp): bf:query
-- keeps a unit `within + tolerance` away.
local TOUCH = 1e-6

-- The live units with a trait within `paces` of uid, edge to edge
-- (either side unless `side` says), nearest first (ties by id).
-- SPEED: asked of every unit at every period's start for a saint, a hero, a
-- wolf rider...; most traits are carried by a unit or two. The answer was a
-- bf:query (a table for every unit in reach, then filtered: a tenth of a
-- Holy War battle); now the few bearers are measured instead, with the
-- query's own distance (bf:distance: the same edge_distance of the same
-- footprints, to the bit), its test (within plus the contact tolerance),
-- its units (none taken off the table) and its order (nearest, then id).
-- modules/fantasy/tests/historicon_speed_test.lua checks it against the query.
function K.near(G, uid, trait, paces, side)
  local D, bf = G.D, G.bf
  local out, dist, n = {}, {}, 0
  local reach
  for _, b in ipairs(bearers(G, trait)) do
    if b ~= uid and (side == nil or D[b].side == side) and K.live(G, b) and not bf:removed(b) then
      reach = reach or (K.mm(G, paces) + TOUCH)
      local d = bf:distance(uid, b)
      if d <= reach then
        -- insertion in order: nearest first, ties by id (a host's order
        -- need not be the ids': Phalanx lists side 1 first)
        local j = n
        while j >= 1 and (dist[j] > d or (dist[j] == d and out[j] > b)) do
          out[j + 1], dist[j + 1] = out[j], dist[j]
          j = j - 1
        end
        out[j + 1], dist[j + 1] = b, d
        n = n + 1
      end
    end
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
