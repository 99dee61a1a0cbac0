-- Skirmish of Spears, §2 Armies: the shipped lists are legal, and every
-- mistake in a list is reported at its file and line.
local T = require("lib.testing")
local loader = require("sandtable.loader")
local armies = require("tutorial.armies")
local troops = require("tutorial.troops")

-- Loads army text as if it were the file PATH (no file on disk needed).
local PATH = "armies/tutorial/broken.lua"
local function problems_of(text)
  local army, problems = armies.load(PATH, function() return text end)
  if not army then return problems end
  return armies.check(army, troops)
end

T.case("§2 the shipped armies are legal", function()
  for _, name in ipairs(loader.list("armies/tutorial", ".lua")) do
    local army, problems = armies.load("armies/tutorial/" .. name, loader.read)
    T.truthy(army, name .. " loads")
    T.eq(armies.check(army, troops), {}, name)
  end
end)

-- A broken list: line numbers matter, so each unit is on its own line.
local BROKEN = [[
return army {
  name = "Broken",
  units = {
    unit { id = "a", class = "spear" },
    unit { id = "b", class = "spaer" },
    unit { id = "a", class = "bow" },
    unit { id = "c", class = "horse", colour = "red" },
  },
}
]]

T.case("§2 a broken list: each problem with its file and line", function()
  local lines = {}
  for _, p in ipairs(problems_of(BROKEN)) do lines[#lines + 1] = armies.format(p) end
  T.eq(lines, {
    PATH .. ":5: unknown troop class 'spaer': expected one of spear, bow, horse",
    PATH .. ":6: unit id 'a' is used twice (first at line 4)",
    PATH .. ":7: unknown key 'colour' in unit (expected id, class, name)",
  })
end)

T.case("§2 army size: 4 to 12 units, reported at the army's line", function()
  local p = problems_of("-- too small\nreturn army {\n  name = \"Tiny\",\n  units = { unit { id = \"a\", class = \"bow\" } },\n}\n")
  T.eq(armies.format(p[1]), PATH .. ":2: army has 1 units: an army has 4 to 12 (§2)")
end)

T.case("§2 a Lua mistake in a list: a syntax error and an unknown name, at their lines", function()
  local p = problems_of("return army {\n  name = \"X\"\n  units = {},\n}\n")
  T.eq(p[1].file, PATH)
  T.eq(p[1].line, 3)
  p = problems_of("return army {\n  name = \"X\",\n  units = { unt { id = \"a\" } },\n}\n")
  T.eq({ p[1].line, p[1].message:match("unknown name 'unt'") ~= nil }, { 3, true })
  T.truthy(p[1].message:find('did you mean "unit"', 1, true), "a typo gets a suggestion: " .. p[1].message)
end)

T.case("§2 a file that does not return an army, and one that cannot be read", function()
  T.eq(problems_of("return 42")[1].message,
    "an army file must end with `return army { ... }`, but it returned number 42")
  local army, p = armies.load("armies/tutorial/missing.lua", loader.read)
  T.eq({ army, p[1].file, p[1].line }, { nil, "armies/tutorial/missing.lua", 1 })
end)
