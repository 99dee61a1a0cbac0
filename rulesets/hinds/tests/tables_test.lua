-- Every cell of every table of Hinds' Ancient Wargame Rules, checked against
-- an independent transcription typed here in the layout of the text itself.
local T = require("lib.testing")
local tables = require("hinds.tables")
local troops = require("hinds.troops")

local function words(line)
  local out = {}
  for w in line:gmatch("%S+") do out[#out + 1] = w end
  return out
end

local function lines(block)
  local out = {}
  for line in block:gmatch("[^\n]+") do if line:match("%S") then out[#out + 1] = line end end
  return out
end

local KEY = { HI = "heavy_infantry", MI = "medium_infantry", LI = "light_infantry", HC = "heavy_cavalry", LC = "light_cavalry" }

T.case("§2 Movement: basic movement factors (HI 3, MI 4, LI 6, HC 7, LC 8)", function()
  local text = [[
HI 3
MI 4
LI 6
HC 7
LC 8
]]
  local n = 0
  for _, l in ipairs(lines(text)) do
    local w = words(l)
    T.eq(tables.movement[KEY[w[1]]].move, tonumber(w[2]), w[1])
    n = n + 1
  end
  T.eq(n, 5)
end)

T.case("§2 Movement: charge moves (HC 9, LC 10, LI 7, MI 5, HI 4)", function()
  for _, l in ipairs(lines("HC 9\nLC 10\nLI 7\nMI 5\nHI 4")) do
    local w = words(l)
    T.eq(tables.movement[KEY[w[1]]].charge, tonumber(w[2]), w[1])
  end
end)

T.case("§2 Movement: the table of 90 degree turns and retreats, every cell", function()
  -- "Unit 90 turn Retreat" as printed
  local text = [[
HI 2 1.5
MI 3 2
LI 4 3
HC 4 3
LC 5 4
]]
  local n = 0
  for _, l in ipairs(lines(text)) do
    local w = words(l)
    T.eq(tables.movement[KEY[w[1]]].turn90, tonumber(w[2]), w[1] .. " 90 turn")
    T.eq(tables.movement[KEY[w[1]]].retreat, tonumber(w[3]), w[1] .. " retreat")
    n = n + 2
  end
  T.eq(n, 10)
end)

T.case("§2 Movement: one charge in three moves for HC and HI, others wait one turn; HC 45 degrees", function()
  T.eq(tables.charge_interval, { heavy_cavalry = 3, heavy_infantry = 3, medium_infantry = 2, light_infantry = 2,
                                 light_cavalry = 2 })
  T.eq(tables.heavy_cavalry_charge_angle, 45)
end)

T.case("§2 Movement: road +1, rough ground, ford delay, 3/4 for archers, minimum 1, shields 6", function()
  local m = tables.move_rules
  T.eq(m.road_bonus, 1)
  T.eq(m.rough_loss, { light = 0, medium = 1, heavy = 1 })
  T.eq(m.ford_delay_moves, 1)
  T.eq(m.missile_fraction, 0.75)
  T.eq(m.minimum, 1)
  T.eq(m.testudo, 1)
  T.eq(m.shields_thrown, 6)
end)

T.case("Introduction and §2: classes make types (HI 1st; MI 2nd-3rd; LI 4th; HC 1st-2nd; LC 3rd-4th)", function()
  local text = [[
foot 1 heavy_infantry
foot 2 medium_infantry
foot 3 medium_infantry
foot 4 light_infantry
mounted 1 heavy_cavalry
mounted 2 heavy_cavalry
mounted 3 light_cavalry
mounted 4 light_cavalry
]]
  for _, l in ipairs(lines(text)) do
    local w = words(l)
    T.eq(troops.type_of{ arm = w[1], class = tonumber(w[2]) }, w[3], l)
  end
end)

T.case("§3 Missiles: ranges (long 20, mounted archers 18, short 6, pilum 5, indirect < 18, 2 from friends)", function()
  T.eq(tables.ranges, { long = 20, long_mounted = 18, short = 6, pilum = 5, indirect = 18, indirect_clear = 2 })
  T.eq(tables.short_only_casts, 3)
end)

-- A table cell as text: "6c56" = face 6 confirmed by 5 or 6; "4d" = 4
-- dismounts; "5" = 5 hits outright.
local function cells_text(list)
  local out = {}
  for _, c in ipairs(list) do
    local s = tostring(c.face)
    if c.confirm then s = s .. "c" .. table.concat(c.confirm) end
    if c.dismount then s = s .. "d" end
    out[#out + 1] = s
  end
  return table.concat(out, " ")
end

T.case("§3 Missiles: the long range table, every class", function()
  -- "Against 1st class 6 5/6 / 2nd 6 5/6 / 3d 6 4/5 or 6 / 4th 6 none needed"
  local want = { "6c56", "6c56", "6c456", "6" }
  for class = 1, 4 do T.eq(cells_text(tables.long_range[class]), want[class], "class " .. class) end
end)

T.case("§3 Missiles: heavy archers (oriental bow) at short range, every class", function()
  -- "1st: 4 dismounts, 5 or 6 / 2d: 4 (confirm 6), 5, 6 / 3d: 4 (confirm 5/6), 5,6 / 4th: 4,5,6"
  local want = { "4d 5 6", "4c6 5 6", "4c56 5 6", "4 5 6" }
  for class = 1, 4 do T.eq(cells_text(tables.heavy_archers[class]), want[class], "class " .. class) end
end)

T.case("§3 Missiles: Roman pilum against all troops 4, 5 or 6", function()
  for class = 1, 4 do T.eq(cells_text(tables.pilum[class]), "4 5 6", "class " .. class) end
end)

T.case("§3 Missiles: other missile casts (5,6 / 5,6 / 5,6 / 4,5,6)", function()
  local want = { "5 6", "5 6", "5 6", "4 5 6" }
  for class = 1, 4 do T.eq(cells_text(tables.other_missiles[class]), want[class], "class " .. class) end
end)

T.case("§3 Missiles: indirect casts (1st class a 6 confirmed by a 6; others 5 or 6 confirms)", function()
  T.eq(tables.indirect_confirm, { { 6 }, { 5, 6 }, { 5, 6 }, { 5, 6 } })
  T.eq(tables.indirect_first_class_face, 6)
  T.eq(tables.testudo_face, 6)
end)

T.case("§3 Missiles: only bowmen and slingers have a long range cast", function()
  T.eq(tables.missiles.bow.long, true)
  T.eq(tables.missiles.oriental_bow.long, true)
  T.eq(tables.missiles.sling.long, true)
  T.eq(tables.missiles.javelin.long, false)
  T.eq(tables.missiles.pilum.long, false)
  T.eq(tables.missiles.pilum.short, "pilum")
  T.eq(tables.missiles.oriental_bow.short, "heavy_archers")
end)

T.case("§4 Melee: the point value of figures, every row", function()
  -- "Heavy Infantry 2, officers 3 / Medium 2, 3 / Light 1, 3 / Slingers, L.
  -- Archers 1/2, 3 / Heavy Cavalry 5 or 3.5 / Light Cavalry 3"
  local P = tables.points
  T.eq({ P.heavy_infantry.figure, P.heavy_infantry.officer }, { 2, 3 })
  T.eq({ P.medium_infantry.figure, P.medium_infantry.officer }, { 2, 3 })
  T.eq({ P.light_infantry.figure, P.light_infantry.officer }, { 1, 3 })
  T.eq({ P.light_missile.figure, P.light_missile.officer }, { 0.5, 3 })
  T.eq({ P.heavy_cavalry.figure, P.heavy_cavalry.figure_2nd_class }, { 5, 3.5 })
  T.eq(P.light_cavalry.figure, 3)
end)

T.case("§4 Melee: adjustments (pole arms 3, Macedonian 4, flank 3, rear 4, impetus 1, obstacle 1, 3/4)", function()
  T.eq(tables.adjust, { pole_arms = 3, macedonian = 4, flank = 3, rear = 4, impetus = 1, obstacle = 1,
                        pursuer_fraction = 0.75 })
  T.eq(tables.melee, { dice = 2, rounds = 3, losses_to_retreat = 2, light_missile_loss = 1 })
end)

T.case("§4 Retreat & pursuit: half strength, rally 4-6 then 2-6 then automatic, two pursuit moves", function()
  T.eq(tables.retreat, { leave_below = 0.5, rally = { 4, 2, 1 }, pursuit_moves = 2, prevent_rally = 0.5,
                         cast_strength = 0.5 })
end)

T.case("§2 Terrain: swamps and dense forest barred to heavy troops; obstacles; streams", function()
  T.eq(tables.terrain.swamp.no_heavy, true)
  T.eq(tables.terrain.dense_forest.no_heavy, true)
  T.eq(tables.terrain.dense_forest.no_pike, true)
  T.eq(tables.terrain.obstacle.obstacle, true)
  T.eq(tables.terrain.stream.stream, true)
  T.eq({ tables.terrain.hill.rough, tables.terrain.wood.rough, tables.terrain.marsh.rough }, { "uphill", true, true })
  T.eq(tables.terrain.clear.rough, false)
end)
