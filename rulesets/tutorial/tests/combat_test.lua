-- Skirmish of Spears, §4 Melee and §5 Shooting: every cell of the melee
-- table, every modifier, and the explanations. Forced dice make each
-- adjudication exact: dice.forced({4}) shows a 4 and nothing else.
--   build/sandtable test rulesets/tutorial/tests/combat_test.lua
local T = require("lib.testing")
local dice = require("sandtable.dice")
local combat = require("tutorial.combat")

local PLAIN = { charging = false, flank = false, army_lost = 0 }
local function unit(class, hits) return { class = class, hits = hits or 0 } end
local function melee(a, d, die, sa, sd)
  return combat.melee(a, d, { attacker = sa or PLAIN, defender = sd or PLAIN }, dice.forced({ die }))
end

-- §4.2, the whole table as the rules print it: column -> codes for dice 1..6.
local TABLE = {
  losing  = { "AB", "AB", "AR", "AR", "S",  "DR" },
  even    = { "AB", "AR", "S",  "S",  "DR", "DB" },
  winning = { "AR", "S",  "DR", "DR", "DB", "DB" },
}
-- A pair of units whose factors differ by each column's typical difference:
-- bow (2) against spear (4) = -2; spear against spear = 0; spear against bow = +2.
local PAIRS = { losing = { "bow", "spear" }, even = { "spear", "spear" }, winning = { "spear", "bow" } }

for _, column in ipairs({ "losing", "even", "winning" }) do
  for die = 1, 6 do
    T.case(string.format("§4.2 melee table: column %s, die %d -> %s", column, die, TABLE[column][die]), function()
      local pair = PAIRS[column]
      local out = melee(unit(pair[1]), unit(pair[2]), die)
      T.eq(out.column, column)
      T.eq(out.code, TABLE[column][die])
      T.eq({ out.attacker_result, out.defender_result }, combat.RESULTS[TABLE[column][die]])
    end)
  end
end

T.case("§4.2 columns: -2 or less, -1 to +1, +2 or more", function()
  T.eq({ combat.column(-5), combat.column(-2), combat.column(-1), combat.column(0), combat.column(1),
         combat.column(2), combat.column(6) },
       { "losing", "losing", "even", "even", "even", "winning", "winning" })
end)

T.case("§4.2 results: what each code does to each side", function()
  T.eq(combat.RESULTS, { AB = { "breaks", "stands" }, AR = { "recoils", "stands" }, S = { "stands", "stands" },
                         DR = { "stands", "recoils" }, DB = { "stands", "breaks" } })
end)

T.case("§1 base melee factors: spear 4, bow 2, horse 3", function()
  for class, f in pairs({ spear = 4, bow = 2, horse = 3 }) do
    T.eq(combat.melee_factor(unit(class), unit("bow"), PLAIN), f, class)
  end
end)

T.case("§4.1 modifier charging: +1 to a unit that charged this turn", function()
  local f, terms = combat.melee_factor(unit("bow"), unit("bow"), { charging = true })
  T.eq(f, 3)
  T.eq(terms[1].id, "charging")
end)

T.case("§4.1 modifier spears_against_horse: +2 to spears fighting horse, not to horse fighting spears", function()
  T.eq(combat.melee_factor(unit("spear"), unit("horse"), PLAIN), 6)
  T.eq(combat.melee_factor(unit("horse"), unit("spear"), PLAIN), 3)
  T.eq(combat.melee_factor(unit("spear"), unit("bow"), PLAIN), 4)
end)

T.case("§4.1 modifier flank: -2 to a unit attacked in flank or rear", function()
  T.eq(combat.melee_factor(unit("spear"), unit("bow"), { flank = true }), 2)
end)

T.case("§5 modifier hits: -1 in melee for each hit from shooting", function()
  T.eq(combat.melee_factor(unit("spear", 1), unit("bow"), PLAIN), 3)
end)

T.case("§4.1 modifiers add up, in list order", function()
  local f, terms = combat.melee_factor(unit("spear", 1), unit("horse"), { charging = true, flank = true })
  T.eq(f, 4 + 1 + 2 - 2 - 1)
  local ids = {}
  for i, t in ipairs(terms) do ids[i] = t.id end
  T.eq(ids, { "charging", "spears_against_horse", "flank", "hits" })
  T.eq(combat.melee_modifiers:ids(), { "charging", "spears_against_horse", "flank", "hits" })
end)

T.case("§4 a melee explains itself: every factor, modifier and the die", function()
  local out = melee(unit("horse"), unit("spear"), 6, { charging = true }, PLAIN)
  T.eq({ out.attacker_factor, out.defender_factor, out.difference, out.column, out.code },
       { 4, 6, -2, "losing", "DR" })
  local text = table.concat(out.explanation, "\n")
  T.truthy(text:find("+1 charged into contact this turn (§4.1)", 1, true), text)
  T.truthy(text:find("+2 spears against horse (§4.1)", 1, true), text)
  T.truthy(text:find("die 6 -> DR: attacker stands, defender recoils", 1, true), text)
end)

T.case("§5 shooting: a score of 5 or more hits", function()
  for die = 1, 6 do
    local out = combat.shoot(unit("bow"), unit("bow"), 5, dice.forced({ die }))
    T.eq(out.hit, die >= 5, "die " .. die)
  end
end)

T.case("§5 modifier close_range: +1 within half the bow's range (3 BW)", function()
  T.eq(combat.shoot(unit("bow"), unit("bow"), 3, dice.forced({ 4 })).score, 5)
  T.eq(combat.shoot(unit("bow"), unit("bow"), 3.1, dice.forced({ 4 })).score, 4)
end)

T.case("§5 modifier shields: -1 when the target is spearmen", function()
  local out = combat.shoot(unit("bow"), unit("spear"), 5, dice.forced({ 5 }))
  T.eq({ out.score, out.hit }, { 4, false })
  T.truthy(table.concat(out.explanation, "\n"):find("-1 target is spearmen behind shields (§5)", 1, true))
end)

T.case("Odds: exact melee odds come from the same table (even fight: 1/6 AB, 1/6 AR, 1/3 S, 1/6 DR, 1/6 DB)", function()
  local odds = require("tutorial.odds")
  local adjudicate = odds.prepare("melee", "spear", "spear")
  local p = {}
  for _, row in ipairs(dice.odds(adjudicate)) do p[row.outcome] = row.p end
  T.near(p["attacker breaks, defender stands"], 1 / 6, 1e-12)
  T.near(p["attacker stands, defender stands"], 2 / 6, 1e-12)
  T.near(p["attacker stands, defender breaks"], 1 / 6, 1e-12)
  local shoot = odds.prepare("shoot", "bow range=2", "spear")
  for _, row in ipairs(dice.odds(shoot)) do p[row.outcome] = row.p end
  T.near(p["target hit"], 2 / 6, 1e-12)   -- 5+ with +1 close, -1 shields
end)

T.case("Odds: a misspelt class is an error that lists the classes", function()
  T.raises(function() require("tutorial.odds").prepare("melee", "spaer", "bow") end, "spear, bow, horse")
end)
