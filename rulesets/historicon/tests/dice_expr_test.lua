-- The dice-expression evaluator used for every random distance.
local T = require("lib.testing")
local E = require("historicon.dice_expr")

T.case("dice_expr: the text's distances parse, roll left to right, and bound", function()
  local cases = {
    { "10+1d8", { 5 }, 15, 11, 18 }, { "10+1d20", { 20 }, 30, 11, 30 },
    { "5+1d10", { 1 }, 6, 6, 15 }, { "10+1d10", { 7 }, 17, 11, 20 },
    { "5+1d12", { 12 }, 17, 6, 17 }, { "10+1d12", { 3 }, 13, 11, 22 },
    { "3d12", { 1, 2, 3 }, 6, 3, 36 }, { "2d20", { 20, 19 }, 39, 2, 40 },
    { "2d12", { 4, 4 }, 8, 2, 24 }, { "7+2d12", { 1, 12 }, 20, 9, 31 },
    { "1d6", { 6 }, 6, 1, 6 },
  }
  for _, c in ipairs(cases) do
    local dice = T.forced_dice(c[2])
    T.eq(E.roll(c[1], dice), c[3], c[1])
    T.eq(dice:remaining(), 0, c[1] .. " uses every die")
    T.eq({ E.min(c[1]), E.max(c[1]) }, { c[4], c[5] }, c[1] .. " bounds")
  end
end)

T.case("dice_expr: d6, subtraction, spaces, the dice asked for", function()
  local dice = T.forced_dice({ 4, 2 })
  local total, rolls = E.roll("d6 + 1d8 - 1", dice, "test", true)
  T.eq(total, 5); T.eq(rolls, { 4, 2 })
  T.eq(dice.log[2].die, "d8")
  T.eq({ E.min("2d6-1"), E.max("2d6-1") }, { 1, 11 })
  T.eq({ E.min("10-1d4"), E.max("10-1d4") }, { 6, 9 })
end)

T.case("dice_expr: malformed expressions are errors that quote them", function()
  T.raises(function() E.parse("10+") end, "10+")
  T.raises(function() E.parse("3d") end, "number of sides")
  T.raises(function() E.parse("2x6") end, "'+' or '-'")
  T.raises(function() E.parse("") end, "expected")
  T.raises(function() E.parse("0d6") end, "at least one die")
end)

T.case("dice_expr: exact distribution", function()
  local d = E.distribution("2d6")
  T.eq(#d, 11); T.eq(d[1].value, 2); T.near(d[6].probability, 6 / 36, 1e-12)
  local e = E.distribution("10+1d20")
  T.eq({ e[1].value, e[#e].value }, { 11, 30 }); T.near(e[1].probability, 1 / 20, 1e-12)
  local sum = 0
  for _, x in ipairs(E.distribution("7+2d12")) do sum = sum + x.probability end
  T.near(sum, 1, 1e-12)
end)
