-- Army lists: the loader and checker (UNIT ORGANISATION, ELEPHANT, CHARIOT
-- AND ENGINE ORGANISATION, GENERALS, POINTS VALUES), every problem with its
-- file and line; the shipped lists are legal.
local T = require("lib.testing")
local loader = require("sandtable.loader")
local armies = require("wrg.armies")

local function check(text)
  local army, problems = armies.load_text(text, "broken.lua")
  if not army then return problems end
  return armies.check(army)
end

local function has(problems, line, fragment)
  for _, p in ipairs(problems) do
    if p.line == line and p.file == "broken.lua" and p.message:find(fragment, 1, true) then return true end
  end
  local lines = {}
  for _, p in ipairs(problems) do lines[#lines + 1] = armies.format(p) end
  error(string.format("no problem at broken.lua:%d mentioning %q; got:\n  %s", line, fragment, table.concat(lines, "\n  ")), 2)
end

-- (CHOICE OF ARMY: "We recommend 1,000 points for a 2 or 3 hour game, 1,250
-- or 1,500 for a full evening": the lists are of 1,000 points, the two Issus
-- lists of 1,500, each with its subordinate General.)
T.case("Army lists: the shipped lists are legal and within their 1,000 or 1,500 points", function()
  local files = loader.list("armies/wrg", ".lua")
  T.truthy(#files >= 8, "at least eight armies")
  for _, f in ipairs(files) do
    local army, problems = armies.load("armies/wrg/" .. f, loader.read)
    T.truthy(army, f .. " loads")
    T.eq(problems or armies.check(army), {}, f)
    local limit = army.fields.points_limit
    T.truthy(limit == 1000 or limit == 1500, f .. ": a 1,000 or 1,500-point list")
    T.truthy(armies.points(army) <= limit, f .. " within " .. tostring(limit) .. " points")
  end
end)

T.case("POINTS VALUES: worked by hand", function()
  local text = [[
return army { name = "P", units = {
  unit { id = "leg", type = "HI", class = "C", regular = true, weapons = { "pilum", "javelin" }, figures = 24 },
  unit { id = "gd", type = "HC", class = "B", regular = true, weapons = { "spear" }, figures = 8, general = "c_in_c" },
  unit { id = "wb", type = "MI", class = "D", regular = false, weapons = { "axe" }, fanatic = true, shield = false, figures = 20 },
  unit { id = "ch", type = "CH", class = "B", regular = false, figures = 4, crew = { "javelin" }, horses = 4 },
  unit { id = "el", type = "EL", class = "C", regular = false, figures = 2, crew = { "pike", "bow" } },
  unit { id = "eng", type = "ENG", class = "C", regular = true, engine = "light_bolt", figures = 2 },
  unit { id = "kat", type = "SHC", class = "E", regular = false, weapons = { "kontos" }, shield = false, figures = 10 },
} }
]]
  local army = assert(armies.load_text(text, "p.lua"))
  T.eq(armies.check(army), {})
  local pts = {}
  for _, u in ipairs(armies.units(army)) do pts[u.id] = armies.unit_points(u) end
  T.eq(pts.leg, 24 * (6 + 2) + 10, "regular HI 6, two classes of weapon +2, command +10")
  T.eq(pts.gd, 7 * (10 + 1) + 10 + 100, "HC 10, B +1, the General's figure 100")
  T.eq(pts.wb, 20 * (3 + 1 - 1) + 25, "barbarian MI 3, fanatic +1, no shields -1, command +25")
  T.eq(pts.ch, 4 * (10 + 2 * 2 + 1 * (5 + 1)) + 25, "chariot 10, 2 extra horses +2 each, crewman 5 +1 for B")
  T.eq(pts.el, 2 * (15 + 2 * 5) + 25)
  T.eq(pts.eng, 2 * 20, "engines carry no command points")
  T.eq(pts.kat, 10 * (12 - 1) + 25, "barbarian SHC 12 (amended), E -1, SHC need no shields")
end)

T.case("Army lists: broken lists are reported with file and line", function()
  local problems = check([[
return army {
  name = "Broken",
  units = {
    unit { id = "a", type = "HX", class = "C", regular = true, weapons = { "spear" }, figures = 24 },
    unit { id = "b", type = "HI", class = "A", regular = false, weapons = { "spear" }, figures = 24 },
    unit { id = "c", type = "HI", class = "E", regular = true, weapons = { "spear" }, figures = 4 },
    unit { id = "d", type = "HI", class = "C", regular = true, weapons = { "spear" }, figures = 55 },
    unit { id = "e", type = "CH", class = "C", regular = true, figures = 9, crew = { "javelin" } },
    unit { id = "f", type = "HI", class = "C", regular = true, weapons = { "spaer" }, figures = 12, rnaks = 2 },
    unit { id = "g", type = "HI", class = "C", regular = true, weapons = { "spear" }, figures = 20, general = "c_in_c" },
    unit { id = "h", type = "EL", class = "B", regular = false, figures = 6, crew = { "bow" } },
    unit { id = "a", type = "LI", class = "C", regular = true, weapons = { "bow" }, figures = 8, general = "subordinate" },
  },
}
]])
  has(problems, 4, "unknown troop type \"HX\"")
  has(problems, 5, "\"A\" class is not allowed for barbarians")
  has(problems, 6, "\"E\" class is not allowed for regulars")
  has(problems, 6, "at least 5 figures")
  has(problems, 7, "at most 50 figures")
  has(problems, 8, "always classed with the barbarians")
  has(problems, 8, "at most 8 models")
  has(problems, 9, "unknown weapon \"spaer\" in weapons (did you mean \"spear\"?)")
  has(problems, 9, "unknown key 'rnaks' in unit 'f' (did you mean \"ranks\"?)")
  has(problems, 10, "bodyguard must be \"A\" or \"B\"")
  has(problems, 10, "at most 15 figures")
  has(problems, 12, "used twice")
end)

T.case("Army lists: a missing Commander-in-Chief, a points limit, a syntax error", function()
  local p = check([[
return army {
  name = "No general", points_limit = 50,
  units = {
    unit { id = "a", type = "HI", class = "C", regular = true, weapons = { "spear" }, figures = 24 },
  },
}
]])
  has(p, 1, "no Commander-in-Chief")
  has(p, 1, "more than its points_limit of 50")
  local sub = check([[
return army { name = "Small", units = {
  unit { id = "g", type = "HC", class = "B", regular = true, weapons = { "spear" }, figures = 8, general = "c_in_c" },
  unit { id = "s", type = "HC", class = "B", regular = true, weapons = { "spear" }, figures = 8, general = "subordinate" },
} }
]])
  has(sub, 3, "too many subordinate Generals: an army of 324 points may have 0")
  local q = check("return army {\n  name = 'x',\n  units = { unit { id = 'a' } \n")
  T.eq(q[1].file, "broken.lua")
  local r = check("return army {\n  name = 'x',\n  units = { unnit { id = 'a' } },\n}\n")
  has(r, 3, "unknown name 'unnit' (did you mean \"unit\"?)")
end)

T.case("Army lists: Indian elephants and Celtic chariots", function()
  local p = check([[
return army { name = "I", nation = "Indian", units = {
  unit { id = "el", type = "EL", class = "B", regular = false, figures = 6, crew = { "bow" }, general = "c_in_c" },
} }
]])
  has(p, 2, "at most 5 models in an Indian army")
  T.eq(check([[
return army { name = "C", nation = "Celtic", units = {
  unit { id = "ch", type = "CH", class = "B", regular = false, figures = 12, crew = { "javelin" }, general = "c_in_c" },
} }
]]), {})
end)
