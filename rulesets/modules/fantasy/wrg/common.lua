-- What the fantasy adapter's files for WRG 1973 share: distances in paces,
-- who is alive, the report and the log, and what happens when a state runs
-- out. Small helpers only; the rules are in saints.lua, beasts.lua,
-- spells.lua and flight.lua.
local S = require("modules.fantasy.states")

local K = {}

-- Millimetres per pace in this battle: its instance's wrg.tables.MM_PER_PACE
-- (2.54 at 25mm, "10 paces = 1 inch"; 1 at Appendix III's 15mm scale).
function K.mm(G)
  local f = G.fantasy
  if f and f.mm then return f.mm end
  local req = G.rules and G.rules.require or require
  local mm = req("wrg.tables").MM_PER_PACE
  if f then f.mm = mm end
  return mm
end

function K.live(d) return d and not d.gone and not d.off_table end

function K.say(G, fmt, ...)
  if G.report then G.report(string.format(fmt, ...)) end
end

function K.log(G, kind, fields)
  if G.log then G.bf:log(kind, fields) end
end

-- Edge-to-edge distance between two units, in paces.
function K.paces(G, a, b) return G.bf:distance(a, b) / K.mm(G) end

function K.has(d, trait) return d and d.traits ~= nil and d.traits[trait] == true end

-- The live units (of `side`, or of any side) with a trait, in id order.
function K.with_trait(G, trait, side)
  local out = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if K.live(d) and not G.bf:unit(uid).removed and K.has(d, trait) and (side == nil or d.side == side) then
      out[#out + 1] = uid
    end
  end
  return out
end

-- The live units with a trait within `paces` of uid (either side unless
-- `side` says), nearest first.
function K.near(G, uid, trait, paces, side)
  local out = {}
  for _, q in ipairs(G.bf:query{ of = uid, within = paces * K.mm(G) }) do
    local o = G.D[q.id]
    if q.id ~= uid and K.live(o) and K.has(o, trait) and (side == nil or o.side == side) then out[#out + 1] = q.id end
  end
  return out
end

function K.states_text(d)
  local parts = {}
  for _, name in ipairs(S.list(d.fx)) do parts[#parts + 1] = S.KINDS[name].text end
  return table.concat(parts, "; ")
end

-- Puts a state on a unit, says so and logs it (the replay draws states).
function K.set_state(G, uid, name, periods)
  local d = G.D[uid]
  d.fx = d.fx or {}
  local k = S.KINDS[name]
  -- a state that changes how it moves: keep what it was
  if k.steep_hill and not d.fx_moves then
    d.fx_moves = { d.moves[1], d.moves[2] }
    -- READING: "moves as if climbing steep hill": the difficult going of
    -- the rules, "twice the actual distance for infantry, four times ...
    -- for cavalry" (the unit's moves are halved, or quartered)
    local f = (d.type == "LC" or d.type == "MC" or d.type == "HC" or d.type == "EHC" or d.type == "SHC") and 4 or 2
    d.moves = { d.moves[1] / f, d.moves[2] and d.moves[2] / f or false }
  end
  -- spell 11: "Target forgets its orders" (crossed out; for two periods no
  -- fresh order is understood: wrg/orders.lua)
  if k.no_orders then require("modules.fantasy.wrg.orders").forget(G, uid, "spell 11: it forgets its orders") end
  S.set(d.fx, name, periods)
  K.log(G, "unit_state", { unit = uid, state = name, periods = type(d.fx[name]) == "number" and d.fx[name] or nil })
end

-- A timed state has run out: undo what it changed.
function K.state_ends(G, uid, name)
  local d = G.D[uid]
  local k = S.KINDS[name]
  if k.steep_hill and d.fx_moves and not S.flag(d.fx, "steep_hill") then d.moves = d.fx_moves; d.fx_moves = nil end
  K.log(G, "unit_state", { unit = uid, state = name, ended = true })
  K.say(G, "  %s is no longer %s.", d.name, k.text)
end

return K
