-- The two records a battle keeps, written the same way by every ruleset's
-- battle engine: the account a person reads (G.report, a function taking one
-- line, or nil for bulk trials) and the structured event log (G.bf's, kept
-- when G.log is true). Both cost nothing when switched off: `say` formats
-- only when someone reads.
--
--   local account = require("lib.account")
--   local say, log = account.say, account.log
--   say(G, "%s charges %s", a, b)
--   log(G, "charge", { unit = id, target = tid, terms = account.terms(why) })
local account = {}

function account.say(G, fmt, ...)
  if G.report then G.report(string.format(fmt, ...)) end
end

function account.log(G, kind, fields)
  if G.log then G.bf:log(kind, fields) end
end

-- Modifier terms (lib.modifiers explanations) as plain data for the event
-- log: { id, rule, layer, before, after } each.
function account.terms(terms)
  local out = {}
  for i, t in ipairs(terms or {}) do
    out[i] = { id = t.id, rule = t.rule, layer = t.layer, before = t.before, after = t.after }
  end
  return out
end

-- Terrain diced per square (Phalanx Table 2, Historicon Table 1): a `terrain`
-- event per throw, and for the account the pieces by kind in the order they
-- came up ("4 built up area, 8 impassable", or "all open"); nil when no one
-- reads the account. rolls: { i, j, die, score, at_edge, terrain } each.
function account.terrain_rolls(G, rolls)
  if G.log then
    for _, r in ipairs(rolls) do
      G.bf:log("terrain", { i = r.i, j = r.j, die = r.die, score = r.score, at_edge = r.at_edge, terrain = r.terrain })
    end
  end
  if not G.report then return nil end
  local counts, names = {}, {}
  for _, r in ipairs(rolls) do
    if r.terrain ~= "open" then
      if not counts[r.terrain] then names[#names + 1] = r.terrain end
      counts[r.terrain] = (counts[r.terrain] or 0) + 1
    end
  end
  local parts = {}
  for _, n in ipairs(names) do parts[#parts + 1] = string.format("%d %s", counts[n], (n:gsub("_", " "))) end
  return #parts > 0 and table.concat(parts, ", ") or "all open"
end

return account
