-- Army lists: the loader and checker (Unit formation and organisation,
-- Points value, Fantasy army composition, the optional rules' list keys),
-- every problem with its file and line.
local T = require("lib.testing")
local armies = require("historicon.armies")

local function check(text)
  local army, problems = armies.load_text(text, "broken.lua")
  if not army then return problems end
  return armies.check(army)
end

local function lines_of(problems)
  local out = {}
  for i, p in ipairs(problems) do out[i] = string.format("%s:%d: %s", p.file, p.line, p.message) end
  return out
end

local function has(problems, line, fragment)
  for _, p in ipairs(problems) do
    if p.line == line and p.message:find(fragment, 1, true) then return true end
  end
  error(string.format("no problem at line %d mentioning %q; got:\n  %s", line, fragment,
    table.concat(lines_of(problems), "\n  ")), 2)
end

local GOOD = [[
return army {
  name = "Test",
  units = {
    unit { id = "a", troop = "ARA HIS", figures = 24, ranks = 4, general = true },
    unit { id = "b", troop = "GIF VLI", figures = 16, ranks = 2, formed = false },
  },
}
]]

T.case("Army lists: a sound list has no problems and its points are counted", function()
  T.eq(check(GOOD), {})
  local army = armies.load_text(GOOD, "good.lua")
  -- 24 HIS at 1; 16 VLI at (1 + 1/2 shooting) x 1/2 (G)
  T.eq(armies.points(army), 24 + 12)
  local units = armies.units(army)
  T.eq({ units[1].class, units[1].sub, units[1].army, units[1].grade }, { "HI", "HIS", "RA", "A" })
  T.eq(units[2].formed, false)
end)

T.case("Army lists: every shipped army checks clean", function()
  local loader = require("sandtable.loader")
  local names = { "spartan_greek", "persian_levy", "late_roman", "gallic", "norman", "mongol", "dwarf_hold" }
  for _, n in ipairs(names) do
    local path = "armies/historicon/" .. n .. ".lua"
    local army, problems = armies.load(path, loader.read)
    problems = problems or armies.check(army)
    T.eq(lines_of(problems), {}, path)
  end
end)

T.case("Army lists: syntax and unknown names are reported with their line", function()
  local p = check("return army {\n  name = \"x\",\n  units = { unti { id = \"a\" } },\n}\n")
  T.eq(#p, 1); has(p, 3, "unknown name 'unti' (did you mean \"unit\"?)")
  p = check("return army {\n  name = \"x\"\n  units = {},\n}\n")
  T.eq(p[1].line, 3)
end)

T.case("Army lists: keys, designations and classes", function()
  local p = check([[
return army {
  name = "x",
  units = {
    unit { id = "a", troop = "ARA HIS", figures = 24, ranks = 4, general = true, rnaks = 2 },
    unit { id = "b", troop = "ARA HXS", figures = 24 },
    unit { id = "c", troop = "HIS", figures = 24 },
    unit { id = "d", troop = "ARA LI+ss", figures = 8 },
    unit { id = "e", troop = "ARA LC-A", figures = 8 },
    unit { id = "a", troop = "ARA LI", figures = 8 },
  },
}
]])
  has(p, 4, "unknown key 'rnaks' in unit 'a' (did you mean \"ranks\"?)")
  has(p, 5, "unknown troop code")
  has(p, 6, "needs its grade and army class first")
  has(p, 7, "+SS is for HIN and HIS")
  has(p, 8, "the armour postfix A is for HI, KC and HC")
  has(p, 9, "unit id 'a' is used twice: first at line 4")
end)

T.case("Unit formation and organisation: sizes 8-48, 3-10 models, IF doubles the minimum", function()
  local p = check([[
return army {
  name = "x",
  units = {
    unit { id = "a", troop = "ARA HIS", figures = 6, ranks = 2, general = true },
    unit { id = "b", troop = "AIF HIS", figures = 12, ranks = 2 },
    unit { id = "c", troop = "ARA HIN", figures = 50, ranks = 4 },
    unit { id = "d", troop = "AIF LCH", figures = 4, horses = 2, crew = 1 },
    unit { id = "e", troop = "ARA EI", figures = 2 },
  },
}
]])
  has(p, 4, "size must be 8 to 48")
  has(p, 5, "HI unit of 12 figures: size must be 16 to 48")
  has(p, 6, "size must be 8 to 48")
  has(p, 7, "LCH unit of 4 models: size must be 6 to 10")
  has(p, 8, "EI unit of 2 models: size must be 6 to 10") -- EI are always IF
end)

T.case("Unit formation and organisation: depth, HIP four deep, always formed, chariot teams", function()
  local p = check([[
return army {
  name = "x",
  units = {
    unit { id = "a", troop = "ARA HIP", figures = 24, ranks = 3, general = true },
    unit { id = "b", troop = "ARA HIN", figures = 24, ranks = 5 },
    unit { id = "c", troop = "ARA LI", figures = 24, ranks = 3 },
    unit { id = "d", troop = "ARA KC", figures = 12, formed = false },
    unit { id = "e", troop = "ARA LCH", figures = 4, horses = 4, crew = 1 },
    unit { id = "f", troop = "ARA HCH", figures = 4, horses = 4, crew = 7 },
    unit { id = "g", troop = "ARA HC", figures = 8, horses = 2 },
  },
}
]])
  has(p, 4, "formed HIP 3 ranks deep: must be 4 to 4")
  has(p, 5, "formed HIN 5 ranks deep: must be 2 to 4")
  has(p, 6, "formed LI 3 ranks deep: must be 2 to 2")
  has(p, 7, "KC must always be formed")
  has(p, 8, "4 horses and 1 crew make a HCH, not a LCH")
  has(p, 9, "a chariot carries 1 to 6 crew, not 7")
  has(p, 10, "'horses' is for chariots")
end)

T.case("Army lists: exactly one General", function()
  local p = check([[
return army {
  name = "x",
  units = {
    unit { id = "a", troop = "ARA HIS", figures = 24, ranks = 4 },
  },
}
]])
  has(p, 1, "army has no General")
  p = check([[
return army {
  name = "x",
  units = {
    unit { id = "a", troop = "ARA HIS", figures = 24, ranks = 4, general = true },
    unit { id = "b", troop = "ARA HIS", figures = 24, ranks = 4, general = true },
  },
}
]])
  has(p, 5, "more than one General: 'b' has general = true, but 'a' (line 4) already has")
end)

T.case("Points value: an army within its points_limit", function()
  local p = check([[
return army {
  name = "x",
  points_limit = 50,
  units = {
    unit { id = "a", troop = "ERA HIS", figures = 24, ranks = 4, general = true },
  },
}
]])
  T.eq(p, {}, "48 points (24 x 1 x 2 for E) is within 50")
end)

T.case("Points value: an army over its points_limit", function()
  local p = check([[
return army {
  name = "x",
  points_limit = 40,
  units = {
    unit { id = "a", troop = "ERA HIS", figures = 24, ranks = 4, general = true },
  },
}
]])
  has(p, 1, "army costs 48 points, more than its points_limit of 40")
end)

T.case("Fantasy army composition: HI at least 50%, E up to 25%, VLI up to 5%", function()
  local p = check([[
return army {
  name = "x",
  fantasy = true,
  units = {
    unit { id = "a", troop = "ERA HIS", figures = 8, ranks = 2, general = true },
    unit { id = "b", troop = "ARA LC", figures = 16, formed = false },
    unit { id = "c", troop = "ARA VLI", figures = 8, formed = false },
  },
}
]])
  has(p, 1, "fantasy army composition: HI is")
  has(p, 1, "at least 50% is needed")
  has(p, 1, "E is")
  has(p, 1, "VLI is")
end)

T.case("Optional rules in lists: light troops inside RA HI (25%), a VLI rank behind HI or HC", function()
  local p = check([[
return army {
  name = "x",
  units = {
    unit { id = "a", troop = "ARA HIN", figures = 24, ranks = 2, general = true, light = { troop = "ARA LI", figures = 7 } },
    unit { id = "b", troop = "AIF HIN", figures = 24, ranks = 2, light = { troop = "AIF LI", figures = 4 } },
    unit { id = "c", troop = "ARA VLI", figures = 8, rear_rank_of = "a" },
    unit { id = "d", troop = "ARA VLI", figures = 8, rear_rank_of = "e" },
    unit { id = "e", troop = "ARA HIN", figures = 24, ranks = 4 },
    unit { id = "f", troop = "ARA LI", figures = 8, rear_rank_of = "zz" },
  },
}
]])
  has(p, 4, "7 light figures exceed 25% of the 24 HI (at most 6)")
  has(p, 5, "only an RA HI unit may contain light troops")
  has(p, 5, "must be RA class too")
  has(p, 7, "VLI form the third rank of an HI unit, but 'e' is 4 ranks deep")
  has(p, 9, "only VLI may stand as a rank")
  has(p, 9, "rear_rank_of names \"zz\", but no unit has that id")
  T.eq(#p, 6, "the VLI rank behind 'a' is sound")
end)
