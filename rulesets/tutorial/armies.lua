-- Skirmish of Spears, §2 Armies: army lists, and the checker that says
-- what is wrong with one, at its file and line.
--
-- An army list is a Lua file that only builds data:
--
--   return army {
--     name = "Hill Tribe",
--     units = {
--       unit { id = "spears_1", class = "spear", name = "Chief's spearmen" },
--       unit { id = "bows_1", class = "bow" },
--     },
--   }
--
-- The engine calls three functions (scripts/lib/battle.lua, `sandtable check`):
--   armies.load(path, read_file) -> army | nil, problems
--   armies.check(army, troops)   -> problems (empty when the list is legal)
--   armies.format(problem)       -> "file:line: message"
-- A problem is { file = , line = , message = }. Never raise on a bad list:
-- collect every problem so the author sees them all in one run.
-- The file format itself (constructors that remember their file and line, an
-- environment where any other name is an error at its line, "did you mean")
-- is the same for every ruleset: lib.army_list provides it.
local AL = require("lib.army_list")

local armies = {}

armies.MIN_UNITS, armies.MAX_UNITS = 4, 12          -- §2: an army has 4 to 12 units

-- The keys each constructor accepts; anything else is a typo to report.
armies.ARMY_KEYS = { name = true, units = true, notes = true }
armies.UNIT_KEYS = { id = true, class = true, name = true }

-- Army files may use army { ... } and unit { ... }, nothing else.
local dsl = AL.dsl("unit")

function armies.load(path, read_file)
  return dsl:load(path, read_file)
end

-- Sorted keys of a table that are not in `allowed`.
local function unknown_keys(fields, allowed)
  local out = {}
  for k in pairs(fields) do
    if not allowed[k] then out[#out + 1] = tostring(k) end
  end
  table.sort(out)
  return out
end

function armies.check(army, troops)
  local problems = {}
  local function add(at, fmt, ...)
    problems[#problems + 1] = { file = at.file, line = at.line, message = string.format(fmt, ...) }
  end
  local f = army.fields
  for _, k in ipairs(unknown_keys(f, armies.ARMY_KEYS)) do add(army, "unknown key '%s' in army (expected name, units, notes)", k) end
  if type(f.name) ~= "string" or f.name == "" then add(army, "army needs a name: name = \"...\"") end
  local units = type(f.units) == "table" and f.units or {}
  if #units < armies.MIN_UNITS or #units > armies.MAX_UNITS then
    add(army, "army has %d units: an army has %d to %d (§2)", #units, armies.MIN_UNITS, armies.MAX_UNITS)
  end
  local seen = {}
  for i, u in ipairs(units) do
    if not AL.is_record(u, "unit") then
      add(army, "entry %d of units is not a unit { ... }", i)
    else
      local uf = u.fields
      for _, k in ipairs(unknown_keys(uf, armies.UNIT_KEYS)) do add(u, "unknown key '%s' in unit (expected id, class, name)", k) end
      if type(uf.id) ~= "string" or not uf.id:match("^[%a_][%w_]*$") then
        add(u, "unit needs an id made of letters, digits and _: id = \"spears_1\"")
      elseif seen[uf.id] then
        add(u, "unit id '%s' is used twice (first at line %d)", uf.id, seen[uf.id])
      else
        seen[uf.id] = u.line
      end
      if not troops.classes[uf.class] then
        add(u, "unknown troop class '%s': expected one of %s", tostring(uf.class), table.concat(troops.order, ", "))
      end
    end
  end
  return problems
end

armies.format = AL.format

-- The units of a checked army as plain tables, in list order (the battle uses this).
function armies.units(army)
  local out = {}
  for i, u in ipairs(army.fields.units) do
    local f = u.fields
    out[i] = { id = f.id, class = f.class, name = f.name or f.id }
  end
  return out
end

return armies
