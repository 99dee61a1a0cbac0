-- lib.army_list: the army-file language every ruleset shares (constructors
-- that remember their file and line, "did you mean"), and the checker's
-- generic parts (keys, lists of records, ids, file order).
local T = require("lib.testing")
local AL = require("lib.army_list")

local dsl = AL.dsl("unit")

local SPEC = {
  { key = "id", need = "an identifier", required = true },
  { key = "ranks", need = "a whole number" },
}

T.case("army_list: a file is loaded with the line of army { and of each entry", function()
  local army = assert(dsl:load_text("-- the army { of x }\nlocal n = 2\nreturn army {\n  units = { unit { id = 'a' },\n    unit { id = 'b' } },\n}\n", "x.lua"))
  T.truthy(AL.is_record(army, "army"))
  T.eq({ army.file, army.line }, { "x.lua", 3 }, "the call, not the comment above it")
  local e = AL.entries(army, "units", "unit")
  T.eq({ e[1].id, e[1].line, e[2].id, e[2].line }, { "a", 4, "b", 5 })
end)

T.case("army_list: what stops a file is one problem at its line", function()
  local _, p = dsl:load_text("return army {\n  units = { unnit { id = 'a' } },\n}\n", "x.lua")
  T.eq(AL.format(p[1]), "x.lua:2: unknown name 'unnit' (did you mean \"unit\"?): an army file may use only army { ... } and unit { ... }")
  _, p = dsl:load_text("x = 1\nreturn army {}", "x.lua")
  T.eq(p[1].line, 1)
  T.truthy(p[1].message:find("may not set globals", 1, true))
  _, p = dsl:load_text("return 3", "x.lua")
  T.eq(p[1].message, "an army file must end with `return army { ... }`, but it returned number 3")
  _, p = dsl:load_text("return army {\n  units = {\n", "x.lua")
  T.eq(p[1].file, "x.lua")
  _, p = dsl:load("missing.lua", function() return nil, "no such file" end)
  T.eq(p[1].message, "cannot read army file: no such file")
  _, p = dsl:load("missing.lua", function() error("it raised") end)
  T.truthy(p[1].message:find("cannot read army file: ", 1, true))
end)

T.case("army_list: suggestions allow a swap of two letters, not a different word", function()
  T.eq(AL.suggestion("rnaks", { "id", "ranks" }), "ranks")
  T.eq(AL.suggestion("horse", { "foot", "mounted" }), nil)
  T.eq(AL.did_you_mean("missle", { "missile" }), " (did you mean \"missile\"?)")
  T.eq(AL.did_you_mean(3, { "missile" }), "")
  T.eq(AL.quoted_list({ "RA", "IF" }), "\"RA\", \"IF\"")
  T.eq({ AL.whole(2), AL.whole(0), AL.whole(0, 0), AL.whole(1.5), AL.whole("2") }, { true, false, true, false, false })
end)

T.case("army_list: the checker reports keys, lists, ids, in file order", function()
  local army = assert(dsl:load_text([[
return army {
  units = {
    unit { id = "a", rnaks = 2 },
    unit { ranks = 1, "loose" },
    7,
    unit { id = "a" },
  },
}
]], "x.lua"))
  local c = AL.new_checker()
  local records = c:records(army, "units", "unit")
  T.eq(#records, 3)
  for _, rec in ipairs(records) do c:keys(rec, rec.fields, SPEC, "unit") end
  local first = c:unique_ids(records, "unit")
  T.eq(first.a.line, 3)
  local got = {}
  for _, p in ipairs(c:sorted()) do got[#got + 1] = AL.format(p) end
  T.eq(got, {
    "x.lua:1: army: units entry 3 is number 7, not unit { ... }",
    "x.lua:3: unknown key 'rnaks' in unit (did you mean \"ranks\"?): expected one of id, ranks",
    "x.lua:4: unit has a value without a key (at position 1): write key = value, one of id, ranks",
    "x.lua:4: unit is missing 'id': expected an identifier",
    "x.lua:6: unit id 'a' is used twice: first at line 3",
  })
  local empty = AL.new_checker()
  empty:records(assert(dsl:load_text("return army { units = {} }", "e.lua")), "units", "unit")
  empty:records(assert(dsl:load_text("return army { units = 'all' }", "e.lua")), "units", "unit")
  T.eq({ empty.problems[1].message, empty.problems[2].message },
    { "army has no units", "army: 'units' must be a list of unit { ... }, found \"all\"" })
end)
