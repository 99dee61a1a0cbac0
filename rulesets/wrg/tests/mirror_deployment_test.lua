-- WRG Ancients 1973, DEPLOYMENT, and issue #13's mirror matches: with the
-- option ai.TURNED_ABOUT (measured and left off, session eight) the default
-- commander draws side 2's line as side 1's turned about the table's centre
-- (each army's left wing at its own left hand); by default it is side 1's
-- reflection across the middle line. A reflection puts one army's right where the
-- other's left is, and the rules are not the same on both hands: "enemy
-- shield" counts a flank struck on the right as unshielded (wrg.melee), and
-- every tie the engine breaks by the board's hand leans one way. With the
-- line turned about, a mirror match is the same battle seen from either side.
-- (Session eight: the Persian mirror at Gaugamela went 29.5% / 65% to side 2
-- with the reflected line, 39.5 / 45.5 turned about; but fair mirrors fell
-- from 12 to 4 of 24 over the 14 scenarios: figures in docs/rulesets/wrg.md.)
local T = require("lib.testing")
local loader = require("sandtable.loader")
local parse = require("lib.scenario").parse
local lbattle = require("lib.battle")

-- Gaugamela with the Persians on both sides: each side's units where they
-- deployed, by name.
local function deployed(turned)
  local text = loader.read("scenarios/wrg/gaugamela.yaml")
    :gsub("army: wrg/alexandrian_macedonian", "army: wrg/achaemenid_persian")
  local prepared = lbattle.prepare(parse(text, "gaugamela_mirror.yaml", "scenarios/wrg"))
  -- (the battle's own instance of the commander: the prepared rules')
  prepared.rules.require("wrg.ai").TURNED_ABOUT = turned
  local lines = {}
  lbattle.run{ prepared = prepared, seed = 1, turns = 1, report = function(l) lines[#lines + 1] = l end }
  local at, side = { {}, {} }, 0
  for _, l in ipairs(lines) do
    if l:find(" deploys on the %a+ edge") then side = side + 1 end
    local k = l:find(", order ", 1, true)
    local name = k and l:sub(1, 2) == "  " and l:sub(3, (l:find(": ", 1, true) or 3) - 1) or nil
    local x, y
    if name then x, y = l:sub(k):match(" at ([%d.]+), ([%d.]+) mm$") end
    if name and x and side >= 1 and side <= 2 and not at[side][name] then at[side][name] = { tonumber(x), tonumber(y) } end
  end
  return at
end

T.case("WRG 1973 DEPLOYMENT (mirror matches): by default side 2's line is side 1's reflected across the middle line", function()
  local at = deployed(false)
  for name, p1 in pairs(at[1]) do
    T.near(at[2][name][1], p1[1], 1.01, name .. ": the same x")
    T.near(at[2][name][2], 1220 - p1[2], 1.01, name .. ": y reflected")
  end
end)

T.case("WRG 1973 DEPLOYMENT (mirror matches): with ai.TURNED_ABOUT side 2's line is side 1's turned about the table's centre", function()
  local at = deployed(true)
  local n = 0
  for name, p1 in pairs(at[1]) do
    local p2 = at[2][name]
    T.truthy(p2 ~= nil, name .. " deployed on both sides")
    -- the account prints whole millimetres
    T.near(p2[1], 1830 - p1[1], 1.01, name .. ": x turned about (" .. p1[1] .. " and " .. p2[1] .. ")")
    T.near(p2[2], 1220 - p1[2], 1.01, name .. ": y turned about (" .. p1[2] .. " and " .. p2[2] .. ")")
    n = n + 1
  end
  T.eq(n, 7, "the seven Persian units")
  -- each army's chariots on the same hand of its own: side 1 faces north
  -- (right is east, +x), side 2 south (right is west); which hand is the
  -- lot's (the end of the table the lines are drawn from, session ten:
  -- mirror_hands_test)
  T.truthy((at[1]["Chariots"][1] > 915) == (at[2]["Chariots"][1] < 915), "the chariots on the same hand of each army")
end)
