-- Creatures and new troop types as DATA, for any ruleset: a modder writes
-- one table and no code under rulesets/. The appendix itself writes its
-- creatures as "counts as" mappings ("move as LMI, receive blows as SHC,
-- and deal them out as double-handed axemen"), and so does a declaration:
--
--   creature {
--     id = "wyvern", name = "Wyvern", points = 60,          -- points per model
--     counts_as = { move = "SHC", vulnerability = "SHC",     -- the host's troop types
--                   fighting = "axe", reaction = "D" },      -- a weapon row, a reaction class
--     figures_per_model = 3,      -- fights and dies as this many figures (default 1)
--     single = true,              -- one model is a unit ("each dragon functions as a unit")
--     flies = 200,                -- paces flown in a period (none: it walks)
--     missile = "javelin",        -- what it shoots as, in the host's terms (optional)
--     traits = { "mythical", "unnatural" },   -- behaviours the host's adapter plays
--     allegiance = "chaos", only_for = "chaos",
--   }
--
-- `counts_as` keys are checked against the host's vocabulary (the adapter
-- gives it: which troop types, weapons, classes and traits it knows), so a
-- misspelt type is reported at the declaration's file and line.
--
--   local C = require("modules.fantasy.creatures")
--   local problems = C.check(decl, vocabulary, file, line)   -- { {file=, line=, message=} }
local C = {}

-- The keys a declaration may have, and what each must be.
C.KEYS = {
  { key = "id", need = "an identifier (letters, digits, _)", required = true },
  { key = "name", need = "a non-empty string" },
  { key = "points", need = "a number of points per model (0 or more)", required = true },
  { key = "counts_as", need = "a table { move =, vulnerability =, fighting =, reaction = } of the host's terms", required = true },
  { key = "figures_per_model", need = "a whole number of figures one model fights and dies as (default 1)" },
  { key = "single", need = "true: one model is a unit of its own" },
  { key = "flies", need = "paces flown in a period (a positive number)" },
  { key = "missile", need = "the host's missile weapon it shoots as" },
  { key = "missile_range", need = "its missile range in paces (a positive number)" },
  { key = "missile_figures", need = "how many figures it shoots as, at most (WRG: a giant's boulders \"as 3 crossbow figures\")" },
  { key = "traits", need = "a list of behaviours the host's adapter plays" },
  { key = "allegiance", need = "chaos, law or neutral (the side it is usually found on)" },
  { key = "only_for", need = "chaos, law or neutral (the only side it may fight for)" },
  { key = "never_for", need = "chaos, law or neutral (a side it will never fight for)" },
  { key = "shield", need = "true or false" },
  { key = "regular", need = "true (drilled) or false (barbarian)" },
  { key = "rule", need = "the rule it comes from (text)" },
  { key = "notes", need = "a string" },
}
local KNOWN = {}
for _, k in ipairs(C.KEYS) do KNOWN[k.key] = k end

C.COUNTS_AS = { "move", "vulnerability", "fighting", "reaction" }

local function show(v)
  if type(v) == "string" then return string.format("%q", v) end
  return tostring(v)
end

local function sorted_keys(set)
  local out = {}
  for k in pairs(set) do out[#out + 1] = k end
  table.sort(out)
  return out
end

-- Checks a declaration against the host's vocabulary:
--   vocabulary = { move = {set}, vulnerability = {set}, fighting = {set},
--                  reaction = {set}, missile = {set}, traits = {set} }
-- Returns a list of problems, each { file, line, message } (empty: fine).
function C.check(decl, vocabulary, file, line)
  local problems = {}
  local function add(fmt, ...)
    problems[#problems + 1] = { file = file or "?", line = line or 0, message = string.format(fmt, ...) }
  end
  if type(decl) ~= "table" then add("a creature must be a table { id = ..., ... }, found %s", show(decl)); return problems end
  local what = string.format("creature '%s'", tostring(decl.id or "?"))
  for k in pairs(decl) do
    if not KNOWN[k] and not (type(k) == "string" and k:sub(1, 1) == "_") then add("%s: unknown key '%s' (expected one of %s)", what, tostring(k), table.concat(sorted_keys(KNOWN), ", ")) end
  end
  for _, k in ipairs(C.KEYS) do
    if k.required and decl[k.key] == nil then add("%s: '%s' is missing: %s", what, k.key, k.need) end
  end
  if decl.id ~= nil and not (type(decl.id) == "string" and decl.id:match("^[%a_][%w_]*$")) then
    add("%s: 'id' must be an identifier, found %s", what, show(decl.id))
  end
  if decl.points ~= nil and not (type(decl.points) == "number" and decl.points >= 0) then
    add("%s: 'points' must be a number of at least 0, found %s", what, show(decl.points))
  end
  local fpm = decl.figures_per_model
  if fpm ~= nil and not (math.type(fpm) == "integer" and fpm >= 1) then
    add("%s: 'figures_per_model' must be a whole number of at least 1, found %s", what, show(fpm))
  end
  if decl.missile_figures ~= nil and not (math.type(decl.missile_figures) == "integer" and decl.missile_figures >= 1) then
    add("%s: 'missile_figures' must be a whole number of at least 1, found %s", what, show(decl.missile_figures))
  end
  if decl.flies ~= nil and not (type(decl.flies) == "number" and decl.flies > 0) then
    add("%s: 'flies' must be a positive number of paces, found %s", what, show(decl.flies))
  end
  for _, k in ipairs({ "single", "shield", "regular" }) do
    if decl[k] ~= nil and type(decl[k]) ~= "boolean" then add("%s: '%s' must be true or false, found %s", what, k, show(decl[k])) end
  end
  for _, k in ipairs({ "allegiance", "only_for", "never_for" }) do
    local v = decl[k]
    if v ~= nil and v ~= "chaos" and v ~= "law" and v ~= "neutral" then
      add("%s: '%s' must be \"chaos\", \"law\" or \"neutral\", found %s", what, k, show(v))
    end
  end
  vocabulary = vocabulary or {}
  -- the counts_as keys the host asks for (WRG: move, vulnerability,
  -- fighting, reaction; Historicon: troop; Phalanx: class, integrity, army);
  -- each term is checked by a set of known terms or a function(v) -> ok, expected
  local keys = vocabulary.counts_as_keys or C.COUNTS_AS
  local ca = decl.counts_as
  if ca ~= nil then
    if type(ca) ~= "table" then add("%s: 'counts_as' must be a table { %s }", what, table.concat(keys, " =, ") .. " =")
    else
      for k, v in pairs(ca) do
        local vocab = vocabulary[k]
        local known_key = false
        for _, ck in ipairs(keys) do if ck == k then known_key = true end end
        if not known_key then
          add("%s: counts_as has an unknown key '%s' (expected %s)", what, tostring(k), table.concat(keys, ", "))
        elseif type(vocab) == "function" then
          local ok, expected = vocab(v)
          if not ok then add("%s: counts_as.%s = %s: %s", what, k, show(v), expected) end
        elseif vocab and not vocab[v] then
          add("%s: counts_as.%s = %s is not a term this ruleset knows (expected one of %s)", what, k, show(v),
            table.concat(sorted_keys(vocab), ", "))
        end
      end
      for _, k in ipairs(keys) do
        if ca[k] == nil and vocabulary[k] then
          local v = vocabulary[k]
          add("%s: counts_as.%s is missing%s", what, k, type(v) == "table" and (" (one of " .. table.concat(sorted_keys(v), ", ") .. ")") or "")
        end
      end
    end
  end
  if decl.missile ~= nil and vocabulary.missile and not vocabulary.missile[decl.missile] then
    add("%s: missile %s is not a missile weapon this ruleset knows (expected one of %s)", what, show(decl.missile),
      table.concat(sorted_keys(vocabulary.missile), ", "))
  end
  if decl.traits ~= nil then
    if type(decl.traits) ~= "table" then add("%s: 'traits' must be a list of names", what)
    else
      for _, t in ipairs(decl.traits) do
        if vocabulary.traits and not vocabulary.traits[t] then
          add("%s: unknown trait %s (this ruleset's adapter plays: %s)", what, show(t), table.concat(sorted_keys(vocabulary.traits), ", "))
        end
      end
    end
  end
  return problems
end

function C.has_trait(decl, trait)
  for _, t in ipairs(decl and decl.traits or {}) do if t == trait then return true end end
  return false
end

-- A pack: a list of declarations by id (the appendix's creatures for one
-- ruleset, or a modder's). Checks every one; returns the index and problems.
function C.index(list, vocabulary, file)
  local by_id, problems = {}, {}
  for i, decl in ipairs(list) do
    for _, p in ipairs(C.check(decl, vocabulary, file, decl._line or i)) do problems[#problems + 1] = p end
    if type(decl) == "table" and decl.id then
      if by_id[decl.id] then
        problems[#problems + 1] = { file = file or "?", line = decl._line or i, message = "creature '" .. decl.id .. "' is declared twice" }
      end
      by_id[decl.id] = decl
    end
  end
  return by_id, problems
end

return C
