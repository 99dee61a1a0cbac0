local T = require("lib.testing")
local M = require("lib.modifiers")

local function sample()
  return M.list("sample", {
    { id = "uphill", text = "uphill", rule = "r1", when = function(c) return c.uphill end, add = 1 },
    { id = "halve", text = "flank", rule = "r2", when = function(c) return c.flank end,
      apply = function(v) return v // 2 end },
  })
end

T.case("modifiers: entries apply in order and explain themselves", function()
  local l = sample()
  local v, why = l:evaluate(5, { uphill = true, flank = true }, true)
  T.eq(v, 3)                       -- (5 + 1) // 2
  T.eq(#why, 2)
  T.eq(why[1].id, "uphill"); T.eq(why[2].id, "halve")
  T.eq(M.describe(why)[1], "+1 uphill (r1)")
end)

T.case("modifiers: add, remove and replace by id record the layer", function()
  local l = sample()
  M.set_layer("house rule")
  l:add({ id = "rain", text = "rain", add = -1 }, { before = "halve" })
  T.eq(l:ids(), { "uphill", "rain", "halve" })
  l:replace("uphill", { id = "uphill", text = "uphill x2", add = 2 })
  T.eq(l:get("uphill").layer, "house rule")
  l:remove("halve")
  T.eq(l:ids(), { "uphill", "rain" })
  T.eq((l:evaluate(0, {})), 1)
  M.set_layer("base")
end)

T.case("modifiers: patching an unknown id or a frozen list is an error that names it", function()
  local l = sample()
  T.raises(function() l:remove("nope") end, "no such entry")
  T.raises(function() l:add({ id = "uphill", add = 1 }) end, "already has 'uphill'")
  T.raises(function() l:add({ id = "x" }) end, "needs `add` or `apply`")
  l:freeze()
  T.raises(function() l:add({ id = "late", add = 1 }) end, "frozen")
end)
