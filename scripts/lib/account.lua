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

return account
