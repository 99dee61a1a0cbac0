-- Army lists: every shipped list checks clean; broken lists are reported
-- with their file and line.
local T = require("lib.testing")
local loader = require("sandtable.loader")
local armies = require("hinds.armies")

local function problems_of(text)
  local army, problems = armies.load_text(text, "broken.lua")
  if not army then return problems end
  return armies.check(army)
end

local function texts(problems)
  local out = {}
  for _, p in ipairs(problems) do out[#out + 1] = armies.format(p) end
  return out
end

T.case("Army lists: every shipped army checks clean", function()
  local names = loader.list("armies/hinds", ".lua")
  T.truthy(#names >= 4, "at least four armies")
  for _, name in ipairs(names) do
    local path = "armies/hinds/" .. name
    local army, problems = armies.load(path, loader.read)
    T.truthy(army, path .. ": " .. table.concat(texts(problems or {}), "; "))
    T.eq(texts(armies.check(army)), {}, path)
    T.truthy(#armies.units(army) >= 6, path .. " has units")
  end
end)

T.case("Army lists: a syntax error is reported with its line", function()
  local p = problems_of("return army {\n  name = 'x',\n  units = { unit { id = 'a' arm = 'foot' } },\n}\n")
  T.eq(#p, 1)
  T.eq(p[1].file, "broken.lua")
  T.eq(p[1].line, 3)
end)

T.case("Army lists: unknown names, keys and values, each at its own line", function()
  local text = [[
return army {
  name = "Broken",
  units = {
    unit { id = "a", arm = "foot", class = 2, bases = 6, per_base = 4 },
    unit { id = "b", arm = "horse", class = 2, bases = 4, per_base = 3 },
    unit { id = "c", arm = "foot", class = 5, bases = 6, per_base = 4 },
    unit { id = "d", arm = "foot", class = 2, bases = 0, per_base = 4, missle = "bow" },
    unit { id = "e", arm = "mounted", class = 2, bases = 4, per_base = 3, pole_arms = true, missile = "pilum" },
    unit { id = "a", arm = "foot", class = 2, bases = 6, per_base = 4, missile = "arquebus" },
    unit { id = "f", arm = "mounted", class = 1, bases = 4, per_base = 3, formation = "testudo" },
  },
}
]]
  local got = texts(problems_of(text))
  local want_lines = { 5, 6, 7, 7, 8, 8, 9, 9, 10 }
  T.eq(#got, #want_lines, table.concat(got, "\n"))
  for i, line in ipairs(want_lines) do
    T.truthy(got[i]:find("^broken%.lua:" .. line .. ": "), got[i])
  end
  local all = table.concat(got, "\n")
  for _, want in ipairs({ "'arm' must be \"foot\" or \"mounted\"", "'class' must be a protection class 1 to 4",
                          "'bases' must be a whole number", "unknown key 'missle'", "did you mean \"missile\"",
                          "'pole_arms' is for infantry", "the pilum is thrown by Roman infantry",
                          "unit id 'a' is used twice: first at line 4", "'missile' must be one of",
                          "a testudo is an infantry formation" }) do
    T.truthy(all:find(want, 1, true), "mentions " .. want)
  end
end)

T.case("Army lists: a file that does not return an army, a missing name, an empty list", function()
  T.truthy(texts(problems_of("return 3"))[1]:find("must end with `return army", 1, true))
  local p = texts(problems_of("return army { units = {} }"))
  T.truthy(table.concat(p, "\n"):find("army is missing 'name'", 1, true))
  T.truthy(table.concat(p, "\n"):find("army has no units", 1, true))
  local q = texts(problems_of("return army { name = 'x', units = {}, colour = 'red' }"))
  T.truthy(q[1]:find("unknown key 'colour' in army", 1, true), q[1])
end)

T.case("Army lists: a unit's type follows from arm and class", function()
  local army = armies.load_text([[
return army { name = "x", units = {
  unit { id = "p", arm = "foot", class = 2, bases = 4, per_base = 8, officers = 1, macedonian = true },
  unit { id = "k", arm = "mounted", class = 1, bases = 3, per_base = 3 },
} }]], "x.lua")
  local u = armies.units(army)
  T.eq({ u[1].type, u[1].figures, u[1].pole_arms, u[2].type }, { "medium_infantry", 32, true, "heavy_cavalry" })
end)

T.case("Army lists: the units of an army are checked once and remembered (the same as checked anew)", function()
  for _, name in ipairs(loader.list("armies/hinds", ".lua")) do
    local army = armies.load("armies/hinds/" .. name, loader.read)
    local first = armies.units(army)
    T.eq(first, armies.units_checked(army), name .. ": the remembered units are the checked ones")
    T.truthy(armies.units(army) == first, name .. ": asked again, the same list (not checked again)")
  end
  -- a unit added to the list after the first ask is seen (the memory is kept per list and length)
  local army = armies.load_text([[
return army { name = "x", units = {
  unit { id = "p", arm = "foot", class = 2, bases = 4, per_base = 8 },
} }]], "x.lua")
  T.eq(#armies.units(army), 1)
  local extra = armies.load_text([[
return army { name = "y", units = { unit { id = "k", arm = "mounted", class = 1, bases = 3, per_base = 3 } } }]], "y.lua")
  army.fields.units[2] = extra.fields.units[1]
  T.eq(#armies.units(army), 2)
end)
