-- Phalanx army lists: every shipped list is sound, and the checker reports
-- each kind of mistake at the right line with what was expected and found.
-- Run from the repository root:
--   lua5.4 scripts/lib/run_tests.lua rulesets/phalanx/tests/armies_test.lua
local T = require("lib.testing")
local armies = require("phalanx.armies")
local troops = require("phalanx.troops")

local SHIPPED = {
  "achaemenid_persian", "alexandrian_macedonian", "carthaginian", "chaos_horde", "early_imperial_roman",
  "early_sumerian", "elven_host", "gallic", "holy_order", "medieval_english", "new_kingdom_egyptian",
  "saracen_host", "sassanid_persian", "seleucid",   -- hook: holy_order, saracen_host (the fantasy module's Holy War)
}

-- Files are read through the engine's loader (the sandbox has no io); the
-- plain interpreter, used while writing rules, has io instead.
local has_loader, loader = pcall(require, "sandtable.loader")
local plain_io = rawget(_G, "io")

local function read_file(path)
  if has_loader then
    local ok, text = pcall(loader.read, path)
    if ok then return text end
    return nil, type(text) == "table" and text.user_message or tostring(text)
  end
  local f, err = plain_io.open(path, "r")
  if not f then return nil, err end
  local text = f:read("a")
  f:close()
  return text
end

local function army_files()
  local found = {}
  if has_loader then
    for _, name in ipairs(loader.list("armies/phalanx", ".lua")) do found[#found + 1] = name:match("(.+)%.lua$") end
  else
    local pipe = plain_io.popen("ls armies/phalanx/*.lua 2>/dev/null")
    for line in pipe:lines() do found[#found + 1] = line:match("([^/]+)%.lua$") end
    pipe:close()
  end
  table.sort(found)
  return found
end

---------------------------------------------------------------------------
-- A sound twelve-vignette list, one vignette per line so that vignette i sits
-- on line VIGNETTE_LINE + i - 1. Broken lists are this with a few lines changed.

local PATH = "armies/phalanx/test_army.lua"
local VIGNETTE_LINE = 6
local BASE = {
  'return army {',
  '  name = "Test army", period = "100 BC - 50 BC",',
  '  activation_points = 4,',
  '  key_vignettes = { "spears_1" },',
  '  vignettes = {',
  '    vignette { id = "spears_1", name = "Spears", class = "HIS", integrity = "III", army = "RA", part = "centre", general = true },',
  '    vignette { id = "spears_2", name = "Spears", class = "HIS", integrity = "III", army = "RA", part = "centre", in_line_with = "spears_1" },',
  '    vignette { id = "blades", name = "Blades", class = "HIN", integrity = "IV", army = "RA", part = "centre" },',
  '    vignette { id = "skirmishers", name = "Javelinmen", class = "LIN", integrity = "II", army = "RA", part = "centre", supports = "blades" },',
  '    vignette { id = "pikes", name = "Pikes", class = "HIP", integrity = "III", army = "RA", part = "centre" },',
  '    vignette { id = "bows", name = "Archers", class = "HIB", integrity = "II", army = "RA", part = "centre" },',
  '    vignette { id = "horse_left", name = "Horse", class = "HSC", integrity = "III", army = "RA", part = "left" },',
  '    vignette { id = "lancers", name = "Lancers", class = "HCC", integrity = "III", army = "RA", part = "left" },',
  '    vignette { id = "warband", name = "Warband", class = "LIW", integrity = "III", army = "IF", part = "left" },',
  '    vignette { id = "horse_right", name = "Horse", class = "HSC", integrity = "III", army = "RA", part = "right" },',
  '    vignette { id = "light_horse", name = "Light horse", class = "LSC", integrity = "III", army = "IF", part = "right", off_main_line = true },',
  '    vignette { id = "slingers", name = "Slingers", class = "VLI", integrity = "II", army = "IF", part = "right", off_main_line = true },',
  '  },',
  '}',
}

local function vline(i) return VIGNETTE_LINE + i - 1 end

-- The base text with some lines replaced: edits = { [line] = text or false }
-- (false deletes the line, so later lines move up by one).
local function variant(edits)
  local out = {}
  for n, line in ipairs(BASE) do
    local e = edits and edits[n]
    if e == nil then out[#out + 1] = line elseif e then out[#out + 1] = e end
  end
  return table.concat(out, "\n") .. "\n"
end

-- Replaces `old` by `new` (plain text) in the base's line n.
local function edit(n, old, new)
  local line = BASE[n]
  local i, j = line:find(old, 1, true)
  assert(i, "test bug: line " .. n .. " has no " .. old)
  return line:sub(1, i - 1) .. new .. line:sub(j + 1)
end

local function problems_of(text)
  local army, problems = armies.load_text(text, PATH)
  if not army then return problems end
  return armies.check(army, troops)
end

local function show_all(problems)
  local out = {}
  for _, p in ipairs(problems) do out[#out + 1] = "  " .. armies.format(p) end
  return table.concat(out, "\n")
end

-- Each expected { line, fragment, ... } must match the problem at the same
-- position: same file and line, message containing every fragment.
local function expect(text, expected)
  local problems = problems_of(text)
  if #problems ~= #expected then
    error(string.format("expected %d problem(s), got %d:\n%s", #expected, #problems,
      show_all(problems)), 2)
  end
  for i, want in ipairs(expected) do
    local p = problems[i]
    if p.file ~= PATH or p.line ~= want[1] then
      error(string.format("problem %d: expected %s:%d, got %s", i, PATH, want[1], armies.format(p)), 2)
    end
    for k = 2, #want do
      if not p.message:find(want[k], 1, true) then
        error(string.format("problem %d: %q does not mention %q", i, p.message, want[k]), 2)
      end
    end
  end
end

---------------------------------------------------------------------------
-- Shipped armies

for _, name in ipairs(SHIPPED) do
  T.case("Phalanx army list " .. name .. " loads and checks clean", function()
    local path = "armies/phalanx/" .. name .. ".lua"
    local army, problems = armies.load_and_check(path, read_file, troops)
    T.truthy(army, "army loaded")
    T.eq(show_all(problems), "", path .. " problems")
    -- Army lists give the base AP (Activation); 2-8 is the sensible range.
    local ap = army.fields.activation_points
    T.truthy(ap >= 2 and ap <= 8, name .. ": base AP in 2..8, got " .. tostring(ap))
    T.truthy(#army.fields.key_vignettes >= 1, name .. ": names its key vignettes")
    T.eq(army.line > 1, true, name .. ": army line found past the header comment")
  end)
end

T.case("every army file in armies/phalanx is in the shipped list (so each is tested)", function()
  T.eq(army_files(), SHIPPED)
end)

T.case("shipped armies cover 3000 BC to 1500 AD and both army classes", function()
  T.truthy(#SHIPPED >= 8, "at least 8 armies")
  local has = {}
  for _, name in ipairs(SHIPPED) do
    local army = armies.load("armies/phalanx/" .. name .. ".lua", read_file)
    for _, v in ipairs(armies.vignettes(army)) do has[v.class] = true; has[v.army] = true end
  end
  for _, want in ipairs({ "RA", "IF", "AFR", "SCH", "CAT", "HIB", "HIP", "LIW" }) do
    T.truthy(has[want], "some shipped army has " .. want)
  end
end)

---------------------------------------------------------------------------
-- The loader

T.case("the test's base list is sound (so every broken variant fails for its one reason)", function()
  expect(variant(), {})
end)

T.case("loader: each vignette records its file and line; the army records the army { line", function()
  local army = armies.load_text(variant(), PATH)
  local vs = armies.vignettes(army)
  T.eq(#vs, 12)
  T.eq({ vs[1].file, vs[1].line, vs[1].id }, { PATH, vline(1), "spears_1" })
  T.eq({ vs[12].line, vs[12].id }, { vline(12), "slingers" })
  T.eq({ army.file, army.line }, { PATH, 1 })
end)

T.case("loader: `return army {` after comments mentioning the army still finds its line", function()
  local army = armies.load_text("-- the army of Test\n-- army {notes}\n" .. variant(), PATH)
  T.eq(army.line, 3)
end)

T.case("loader: a syntax error is a problem at its line", function()
  expect(variant({ [vline(3)] = '    vignette { id = "blades" name = "x" },' }),
    { { vline(3), "'}' expected" } })
end)

T.case("loader: a misspelt constructor is an error at its line, suggesting the right one", function()
  expect(variant({ [vline(5)] = edit(vline(5), "vignette {", "vignete {") }),
    { { vline(5), "unknown name 'vignete'", 'did you mean "vignette"' } })
end)

T.case("loader: an army file may not set globals", function()
  expect("x = 1\n" .. variant(), { { 1, "may not set globals", "'x'" } })
end)

T.case("loader: a file that does not return army { ... } is a problem", function()
  expect((variant():gsub("^return ", "local a = ")), { { 1, "must end with `return army { ... }`", "nothing" } })
end)

T.case("loader: an unreadable file is a problem naming the file", function()
  local army, problems = armies.load("armies/phalanx/no_such_army.lua", read_file)
  T.eq(army, nil)
  T.eq(problems[1].file, "armies/phalanx/no_such_army.lua")
  T.truthy(problems[1].message:find("cannot read army file", 1, true), problems[1].message)
end)

---------------------------------------------------------------------------
-- The checker, one mistake at a time

T.case("Troop Types: an unknown class is reported with the known ones and a suggestion", function()
  expect(variant({ [vline(3)] = edit(vline(3), '"HIN"', '"HIX"') }),
    { { vline(3), "vignette 'blades'", 'unknown troop class "HIX"', "expected one of HIP, HIS", "did you mean" } })
end)

T.case("Integrity Classes: an unknown integrity class", function()
  expect(variant({ [vline(1)] = edit(vline(1), '"III"', '"VI"') }),
    { { vline(1), 'unknown integrity class "VI"', 'expected one of "I", "II", "III", "IV", "V"' } })
end)

T.case("Integrity Classes: a number is not an integrity class", function()
  expect(variant({ [vline(1)] = edit(vline(1), '"III"', '3') }),
    { { vline(1), "unknown integrity class number 3" } })
end)

T.case("Table 7: LIN has no Class V", function()
  expect(variant({ [vline(4)] = edit(vline(4), '"II"', '"V"') }),
    { { vline(4), "LIN cannot be integrity class V", "LIN may be I, II, III, IV" } })
end)

T.case("Table 7: scythed chariots are Class III only", function()
  expect(variant({ [vline(5)] = edit(vline(5), 'class = "HIP"', 'class = "SCH"'):gsub('"III"', '"II"') }),
    { { vline(5), "SCH cannot be integrity class II", "SCH may be III" } })
end)

T.case("Army Classes: an unknown army class (reported once, not again as a bad link)", function()
  expect(variant({ [vline(2)] = edit(vline(2), '"RA"', '"REG"') }),
    { { vline(2), 'unknown army class "REG"', 'expected one of "RA", "IF"' } })
end)

T.case("Basing: an army with 11 vignettes is reported at the army line", function()
  expect(variant({ [vline(6)] = false }), { { 1, "army has 11 vignettes", "exactly 12" } })
end)

T.case("Basing: an army with 13 vignettes", function()
  local extra = '    vignette { id = "more", name = "More", class = "HIB", integrity = "II", army = "RA", part = "centre" },'
  expect(variant({ [vline(6)] = BASE[vline(6)] .. "\n" .. extra }), { { 1, "army has 13 vignettes" } })
end)

T.case("Linked Vignettes: RA linked in line to IF", function()
  expect(variant({ [vline(8)] = edit(vline(8), 'part = "left"', 'part = "left", in_line_with = "warband"') }),
    { { vline(8), "'lancers' (RA) is linked in line with vignette 'warband' (IF)",
        "RA troops cannot be linked to IF troops" } })
end)

T.case("Linked Vignettes: IF supporting RA", function()
  expect(variant({ [vline(12)] = edit(vline(12), 'part = "right"', 'part = "right", supports = "horse_right"') }),
    { { vline(12), "'slingers' (IF) is support-linked to vignette 'horse_right' (RA)",
        "RA troops cannot be linked to IF troops" } })
end)

T.case("Melee modifiers: only HIS, HIN and HSC may be supported, only by LIN and VLI", function()
  expect(variant({ [vline(4)] = edit(vline(4), 'supports = "blades"', 'supports = "pikes"'),
                   [vline(6)] = edit(vline(6), 'part = "centre"', 'part = "centre", supports = "blades"') }),
    { { vline(4), "supports 'pikes' (HIP), which cannot be supported", "only HIS, HIN, HSC may be" },
      { vline(6), "'bows' (HIB) cannot support", "only LIN, VLI may support" } })
end)

T.case("Linked Vignettes: one vignette stands behind another, not two", function()
  local second = '    vignette { id = "more", name = "More", class = "VLI", integrity = "II", army = "RA", part = "centre", supports = "blades" },'
  expect(variant({ [vline(6)] = second }),
    { { vline(6), "'more' supports 'blades', which 'skirmishers' (line " .. vline(4) .. ") already supports" } })
end)

T.case("Linked Vignettes: links name vignettes that exist, not themselves", function()
  expect(variant({ [vline(2)] = edit(vline(2), '"spears_1"', '"spear_1"'),
                   [vline(3)] = edit(vline(3), 'part = "centre"', 'part = "centre", in_line_with = "blades"') }),
    { { vline(2), 'in_line_with names "spear_1", but no vignette has that id', 'did you mean "spears_1"' },
      { vline(3), "'blades' is linked in line with itself" } })
end)

T.case("Command and Control: a link stays inside one command part", function()
  expect(variant({ [vline(7)] = edit(vline(7), 'part = "left"', 'part = "left", in_line_with = "bows"') }),
    { { vline(7), "'horse_left' (left) is linked in line with vignette 'bows' (centre)", "same command part" } })
end)

T.case("Command and Control: no General", function()
  expect(variant({ [vline(1)] = edit(vline(1), ", general = true", "") }),
    { { 1, "army has no General", "exactly one vignette with general = true, found none" } })
end)

T.case("Command and Control: two Generals, reported at the second", function()
  expect(variant({ [vline(9)] = edit(vline(9), 'part = "left"', 'part = "left", general = true') }),
    { { vline(9), "more than one General", "'warband' has general = true",
        "'spears_1' (line " .. vline(1) .. ") already has the General" } })
end)

T.case("Command and Control: an unknown part suggests the right spelling", function()
  expect(variant({ [vline(3)] = edit(vline(3), '"centre"', '"center"') }),
    { { vline(3), 'unknown command part "center"', 'did you mean "centre"', '"centre", "left", "right"' } })
end)

T.case("Victory: a key vignette that does not exist", function()
  expect(variant({ [4] = '  key_vignettes = { "spears_1", "argyraspids" },' }),
    { { 1, 'key vignette "argyraspids" does not exist' } })
end)

T.case("Deployment: HIS may not deploy off the main battle line", function()
  expect(variant({ [vline(2)] = edit(vline(2), 'part = "centre"', 'part = "centre", off_main_line = true') }),
    { { vline(2), "HIS may not deploy off the main battle line",
        "only LIS, LIN, VLI, HSC, LSC may", "multiple_lines = true" } })
end)

T.case("Deployment: a list that permits multiple lines may put any vignette off the MBL", function()
  expect(variant({ [3] = "  activation_points = 4, multiple_lines = true,",
                   [vline(2)] = edit(vline(2), 'part = "centre"', 'part = "centre", off_main_line = true') }), {})
end)

T.case("Activation: missing base activation points", function()
  expect(variant({ [3] = false }), { { 1, "army is missing 'activation_points'", "a whole number of at least 1" } })
end)

T.case("Activation: non-numeric, zero and fractional base activation points", function()
  expect(variant({ [3] = '  activation_points = "six",' }),
    { { 1, "base activation points must be a whole number of at least 1", 'found "six"' } })
  expect(variant({ [3] = "  activation_points = 0," }), { { 1, "found number 0" } })
  expect(variant({ [3] = "  activation_points = 2.5," }), { { 1, "found number 2.5" } })
end)

T.case("format: a misspelt vignette key names the key, a suggestion and the expected keys", function()
  expect(variant({ [vline(3)] = edit(vline(3), "integrity =", "integrty =") }),
    { { vline(3), "unknown key 'integrty' in vignette 'blades'", 'did you mean "integrity"',
        "expected one of id, name, class, integrity, army, part" },
      { vline(3), "vignette 'blades' is missing 'integrity'" } })
end)

T.case("format: a value without a key in a vignette", function()
  expect(variant({ [vline(3)] = edit(vline(3), 'class = "HIN"', 'class = "HIN", "IV"') }),
    { { vline(3), "vignette 'blades' has a value without a key (at position 1)", "write key = value" } })
end)

T.case("format: a misspelt army key is caught too", function()
  expect(variant({ [3] = "  activation_point = 4," }),
    { { 1, "unknown key 'activation_point' in army", 'did you mean "activation_points"' },
      { 1, "army is missing 'activation_points'" } })
end)

T.case("format: a missing vignette name, a bad id and a duplicate id", function()
  expect(variant({ [vline(3)] = edit(vline(3), 'name = "Blades", ', ""),
                   [vline(5)] = edit(vline(5), '"pikes"', '"2 pikes"'),
                   [vline(6)] = edit(vline(6), '"bows"', '"blades"') }),
    { { vline(3), "vignette 'blades' is missing 'name'", "a non-empty string" },
      { vline(5), "'id' must be an identifier", 'found "2 pikes"' },
      { vline(6), "vignette id 'blades' is used twice: first at line " .. vline(3) } })
end)

T.case("format: a plain table in vignettes instead of vignette { ... }", function()
  expect(variant({ [vline(6)] = edit(vline(6), "vignette {", "{") }),
    { { 1, "vignettes entry 6 is a table, not vignette { ... }" } })
end)

T.case("format: flags must be booleans", function()
  expect(variant({ [vline(1)] = edit(vline(1), "general = true", 'general = "yes"') }),
    { { 1, "army has no General" },
      { vline(1), "'general' must be true or false", 'found "yes"' } })
end)

---------------------------------------------------------------------------
-- Several problems at once

T.case("a list with several problems reports all of them, in line order", function()
  expect(variant({
    [3] = false,                                                      -- no AP (army line)
    [vline(2)] = edit(vline(2), '"HIS"', '"HIZ"'),                    -- unknown class
    [vline(4)] = edit(vline(4), '"II"', '"V"'),                       -- LIN V
    [vline(8)] = edit(vline(8), 'part = "left"', 'part = "left", in_line_with = "warband"'), -- RA-IF
    [vline(10)] = edit(vline(10), "part =", "prat ="),                -- typo
  }), {
    { 1, "missing 'activation_points'" },
    -- line 3 was deleted, so every vignette moved up by one line
    { vline(2) - 1, 'unknown troop class "HIZ"' },
    { vline(4) - 1, "LIN cannot be integrity class V" },
    { vline(8) - 1, "RA troops cannot be linked to IF troops" },
    { vline(10) - 1, "unknown key 'prat'", 'did you mean "part"' },
    { vline(10) - 1, "missing 'part'" },
  })
end)

---------------------------------------------------------------------------
-- Sandbox promise

T.case("the loader/checker module uses no io, os or debug (the engine sandbox has none)", function()
  local text = assert(read_file("rulesets/phalanx/armies.lua"))
  local code = text:gsub("%-%-[^\n]*", "")
  for _, lib in ipairs({ "io", "os", "debug" }) do
    T.eq(code:find("%f[%w_]" .. lib .. "%s*[%.%[]"), nil, "armies.lua uses " .. lib)
  end
end)
