-- WRG Ancients 1973, Appendix III, RULE ADAPTIONS FOR 15MM FIGURES: a
-- scenario's `scale: 15mm` (rulesets/wrg/scale_15mm.lua) gives the
-- appendix's base sizes and distances, checked against the text and through
-- the real battle engine.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")
local scenario = require("lib.scenario")
local loader = require("sandtable.loader")
local lib_battle = require("lib.battle")

local function instance(scale) return ruleset.load("wrg", { scale = scale }) end

-- The appendix's table as printed (frontage, depth in mm).
local BASES_TEXT = [[
HI and MI.	7½mm	20mm
LMI.	10mm	20mm
LI.	15mm	20mm
SHC.	7½mm	40mm
EHC, HC and MC.	10mm	40mm
LC.	15mm	40mm
Elephants and bolt-shooting engines.	20mm	40mm
Stone-throwing engines.	40mm	40mm
Chariots.	20mm	40mm
]]
local ROW_TYPES = {
  ["HI and MI."] = { "HI", "MI" }, ["LMI."] = { "LMI" }, ["LI."] = { "LI" }, ["SHC."] = { "SHC" },
  ["EHC, HC and MC."] = { "EHC", "HC", "MC" }, ["LC."] = { "LC" },
  ["Elephants and bolt-shooting engines."] = { "EL", "ENG_BOLT" }, ["Stone-throwing engines."] = { "ENG_STONE" },
  ["Chariots."] = { "CH" },
}
local function mm(text) return tonumber((text:gsub("½", ".5"):gsub("mm", ""))) end

T.case("WRG 1973 APPENDIX III: the 15mm base sizes, every row of the table", function()
  local tables = instance("15mm").require("wrg.tables")
  local rows = 0
  for line in BASES_TEXT:gmatch("[^\n]+") do
    local name, front, depth = line:match("^(.-)\t(%S+)\t(%S+)$")
    for _, t in ipairs(ROW_TYPES[name]) do
      T.eq(tables.base_sizes[t][1], mm(front), t .. " frontage")
      T.eq(tables.base_sizes[t][2], mm(depth), t .. " depth")
    end
    rows = rows + 1
  end
  T.eq(rows, 9)
  T.eq(tables.chariot_extra_horse_frontage, 5, "+ 5mm for each extra horse")
  -- the shared module (and so every 25mm battle) is untouched
  T.eq(require("wrg.tables").base_sizes.HI[1], 15)
  T.eq(instance(nil).require("wrg.tables").base_sizes.HI[1], 15)
end)

T.case("WRG 1973 APPENDIX III: 1mm equals one pace (25mm: one inch equals ten paces)", function()
  local s15 = instance("15mm").require("wrg.setup")
  local s25 = instance(nil).require("wrg.setup")
  T.eq(s15.mm(100), 100)
  T.near(s25.mm(100), 254, 1e-9)
  T.eq(s15.scale({}).deploy_depth, 100, "DEPLOYMENT: within 100 paces of the table edge")
end)

T.case("WRG 1973 APPENDIX III: the bases a unit stands on at 15mm", function()
  local setup = instance("15mm").require("wrg.setup")
  local w, d, files, ranks = setup.footprint{ type = "HI", figures = 24, ranks = 2 }
  T.eq({ w, d, files, ranks }, { 90, 40, 12, 2 }, "24 HI in 2 ranks: 12 files of 7.5mm, 2 ranks of 20mm")
  w, d = setup.footprint{ type = "CH", figures = 3, horses = 4 }
  T.eq({ w, d }, { 3 * 30, 40 }, "chariots with 4 horses: 20mm + 2 x 5mm each")
  w = setup.footprint{ type = "ENG", figures = 1, engine = "light_bolt" }
  T.eq(w, 20, "a bolt-shooting engine: 20mm")
  w = setup.footprint{ type = "ENG", figures = 1, engine = "stone_30_mina" }
  T.eq(w, 40, "a stone-throwing engine: 40mm")
end)

T.case("WRG 1973 APPENDIX III 1): pike fight in 2 ranks of figures, other troops fight and shoot in one", function()
  local rules = instance("15mm")
  local tables = rules.require("wrg.tables")
  for row, w in pairs(tables.melee_weapon) do T.eq(w.ranks, row == "pike" and 2 or 1, row) end
  T.eq(tables.overhead_ranks, { cavalry_or_barbarian = 0, regular_infantry = 0 }, "no rank shoots over another")
  T.eq(tables.movement.wheel_free_column_mm, 30, "2) the widest column that wheels without penalty: 30mm")
  T.eq(tables.transition_penalty(7.5), 0, "the appendix's own narrow bases carry no TRANSITION PERIOD penalty")
end)

-- Through the battle engine: a unit in uncontrolled advance moves its charge
-- move of 80 paces: 80mm at 15mm, 203.2mm at 25mm.
local function advance(scale)
  local rules = instance(scale)
  local battle, turn, ai = rules.require("wrg.battle"), rules.require("wrg.turn"), rules.require("wrg.ai")
  local quiet = setmetatable({ charge_target = function() return nil end }, { __index = ai })
  local still = setmetatable({ charge_target = function() return nil end, countercharge = function() return false end,
    move = function() return nil end, formation = function() return nil end }, { __index = ai })
  local G = battle.skirmish{ dice = dice.random(1), sides = {
    { units = { { id = "u", type = "MI", class = "C", weapons = { "spear" }, figures = 8, ranks = 2, at = { 600, 200, 0 } } },
      commander = quiet },
    { units = { { id = "far", type = "MI", class = "C", weapons = { "spear" }, figures = 8, ranks = 2, at = { 1700, 1150, 180 } } },
      commander = still } } }
  local u = G.by_id[1].u
  local d = G.D[u]
  d.state, d.state_periods, d.ua_period, d.order = "uncontrolled", 3, 0, nil
  local x0, y0 = G.bf:pos(u)
  turn.play(G)
  local x1, y1 = G.bf:pos(u)
  return d.moved, math.sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2), d.w
end

T.case("WRG 1973 APPENDIX III: moves in paces are 1mm each on the table (a battle period played)", function()
  local paces15, mm15, w15 = advance("15mm")
  local paces25, mm25, w25 = advance(nil)
  T.near(paces15, 80, 0.01, "medium infantry: charge move 80 paces")
  T.near(mm15, 80, 0.5, "80 paces = 80mm at 15mm")
  T.near(paces25, 80, 0.01)
  T.near(mm25, 80 * 2.54, 0.5, "80 paces = 203.2mm at 25mm")
  T.eq(w15, 4 * 7.5, "4 files of 7.5mm")
  T.eq(w25, 4 * 15, "4 files of 15mm")
end)

T.case("WRG 1973 APPENDIX III: the shipped 15mm scenarios are read with their scales", function()
  local path = "scenarios/wrg/medway_15mm.yaml"
  local s = scenario.parse(loader.read(path), path, "scenarios/wrg")
  T.eq(s.scale, "15mm")
  local prepared = lib_battle.prepare(s)
  T.eq(prepared.rules.scale, "15mm")
  T.eq(prepared.rules.require("wrg.tables").MM_PER_PACE, 1)
  local r = lib_battle.run{ prepared = prepared, seed = 2, log = false, turns = 1 }
  for _, uid in ipairs(r.bf:units()) do
    local d = r.state.D[uid]
    T.eq(d.base_w, prepared.rules.require("wrg.tables").base_sizes[d.type == "ENG" and "ENG_BOLT" or d.type][1],
      d.name .. ": the appendix's frontage")
  end
  local inch = scenario.parse(loader.read("scenarios/wrg/medway_15mm_inch.yaml"), "medway_15mm_inch.yaml", "scenarios/wrg")
  local p2 = lib_battle.prepare(inch)
  T.eq(p2.rules.scale, "15mm_inch")
  T.eq(p2.rules.require("wrg.tables").MEN_PER_FIGURE, 10)
  T.raises(function()
    scenario.parse("ruleset: wrg\nscale: 6mm\narmies: []\n", "bad.yaml", ".")
  end, "bad.yaml:2:1: ruleset 'wrg' has no scale '6mm' (it has: 15mm, 15mm_inch)")
end)

---------------------------------------------------------------------------
-- The appendix's first way: `scale: 15mm_inch`.

local function unit(t) t.figures = t.figures or 10; t.ranks = t.ranks or 1; t.class = t.class or "C"
  if t.regular == nil then t.regular = true end; return t end

T.case("WRG 1973 APPENDIX III: continue to use the 1 inch to 10 paces ground scale, with the 15mm bases", function()
  local rules = instance("15mm_inch")
  local tables = rules.require("wrg.tables")
  T.near(tables.MM_PER_PACE, 2.54, 1e-9, "one inch = 10 paces kept")
  T.near(rules.require("wrg.setup").mm(100), 254, 1e-9)
  T.eq(tables.base_sizes.HI, { 7.5, 20 }, "the appendix's bases")
  T.eq(tables.base_sizes.CH, { 20, 40 })
  T.eq(tables.MEN_PER_FIGURE, 10, "each figure will represent 10 men")
  T.eq(tables.melee_weapon.spear.ranks, 1.5, "ranks fighting as at 25mm (the alterations 1) and 2) are for 1mm = 1 pace)")
end)

T.case("WRG 1973 APPENDIX III: count only half the figures you normally would as shooting or fighting", function()
  local dice_of = function() return dice.forced({ 3, 3 }) end
  local r25, r15 = instance(nil), instance("15mm_inch")
  local slingers = unit{ type = "LI", weapons = { "sling" }, figures = 10 }
  local horse = unit{ type = "LC", weapons = { "bow", "sword" }, regular = false }
  local a = r25.require("wrg.shooting").shoot(slingers, horse, { figures = 10 }, dice_of())
  local b = r15.require("wrg.shooting").shoot(slingers, horse, { figures = 10 }, dice_of())
  T.eq(a.figures, 10); T.eq(b.figures, 5, "10 figures shooting count as 5")
  T.eq(b.total, a.total, "the factors are unchanged")
  T.eq(b.casualties, r15.require("wrg.tables").casualties(a.total, 5))
  local c = r15.require("wrg.shooting").shoot(slingers, horse, { figures = 7 }, dice_of())
  T.eq(c.figures, 3, "half of 7, rounded down")
  local spears = unit{ type = "HI", weapons = { "spear" }, figures = 12, ranks = 2, files = 6 }
  local foe = unit{ type = "MI", weapons = { "spear" } }
  local m25 = r25.require("wrg.melee").strike(spears, foe, { files = 6 }, dice_of())
  local m15 = r15.require("wrg.melee").strike(spears, foe, { files = 6 }, dice_of())
  T.eq(m15.figures, math.floor(m25.figures / 2), "figures fighting: half of " .. m25.figures)
  T.eq(m15.row, m25.row)
  T.eq(m15.total, m25.total)
end)

T.case("WRG 1973 APPENDIX III: remove one figure for every 10 casualties (through the battle engine)", function()
  local function removed(scale)
    local rules = instance(scale)
    local battle, turn = rules.require("wrg.battle"), rules.require("wrg.turn")
    local G = battle.skirmish{ dice = dice.random(1), sides = {
      { units = { { id = "u", type = "MI", class = "C", weapons = { "spear" }, figures = 20, ranks = 2, at = { 600, 200, 0 } } } },
      { units = { { id = "far", type = "MI", class = "C", weapons = { "spear" }, figures = 8, ranks = 2, at = { 1700, 1150, 180 } } } } } }
    local u = G.by_id[1].u
    local n = turn.take_casualties(G, u, 25)
    return n, G.D[u].figures, G.D[u].carried
  end
  T.eq({ removed("15mm_inch") }, { 2, 18, 5 }, "25 casualties: 2 figures of 10 men, 5 carried forward")
  T.eq({ removed(nil) }, { 1, 19, 5 }, "at 25mm: 1 figure of 20 men")
end)

T.case("WRG 1973 APPENDIX III: the scale is a load layer before the options; an unknown scale is refused", function()
  local rules = ruleset.load("wrg", { scale = "15mm", options = { "sudden_death" } })
  local at = {}
  for i, l in ipairs(rules.layers) do at[l] = i end
  T.truthy(at["scale 15mm"] and at["option sudden_death"] and at["scale 15mm"] < at["option sudden_death"],
    "layers: " .. table.concat(rules.layers, ", "))
  T.raises(function() ruleset.load("wrg", { scale = "6mm" }) end, "ruleset 'wrg' has no scale '6mm'")
end)

-- Through the battle engine: slingers shoot at foot 100 paces off in one
-- period; at 15mm_inch the account counts half the figures shooting.
local function volley(scale)
  local rules = instance(scale)
  local battle, turn, ai = rules.require("wrg.battle"), rules.require("wrg.turn"), rules.require("wrg.ai")
  local still = setmetatable({ charge_target = function() return nil end, countercharge = function() return false end,
    move = function() return nil end, formation = function() return nil end }, { __index = ai })
  local lines = {}
  local gap = rules.require("wrg.setup").mm(100)
  local G = battle.skirmish{ dice = dice.random(3), report = function(l) lines[#lines + 1] = l end, sides = {
    { units = { { id = "slingers", type = "LI", class = "C", weapons = { "sling" }, figures = 12, ranks = 1,
                  at = { 600, 300, 0 } } }, commander = still },
    { units = { { id = "foot", type = "MI", class = "C", weapons = { "spear" }, figures = 24, ranks = 2,
                  at = { 600, 300 + gap + 40, 180 } } }, commander = still } } }
  turn.play(G)
  for _, l in ipairs(lines) do
    local n = l:match("Slingers shoots at [^:]+: (%d+) figures") or l:match("slingers shoots at [^:]+: (%d+) figures")
    if n then return tonumber(n) end
  end
  return nil, table.concat(lines, "\n")
end

T.case("WRG 1973 APPENDIX III: half the figures shooting, in a period played by the battle engine", function()
  local n25, why25 = volley(nil)
  local n15, why15 = volley("15mm_inch")
  T.truthy(n25, "the slingers shoot at 25mm:\n" .. tostring(why25))
  T.truthy(n15, "the slingers shoot at 15mm_inch:\n" .. tostring(why15))
  T.eq(n25, 12, "12 slingers in one rank shoot at 25mm")
  T.eq(n15, n25 // 2, "15mm_inch counts half the " .. tostring(n25) .. " figures")
end)
