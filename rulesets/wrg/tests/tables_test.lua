-- WRG Ancients 1973: every table cell against the text. The expected values
-- are pasted from the rules text (rows as printed) and parsed here,
-- independently of tables.lua.
local T = require("lib.testing")
local tables = require("wrg.tables")

local function numbers(line)
  local out = {}
  for w in line:gmatch("%S+") do
    if w == "1½" then out[#out + 1] = 1.5 else out[#out + 1] = tonumber(w) end
  end
  return out
end

-- CASUALTY CALCULATION, as the main text prints it.
local CASUALTY_TEXT = [[
-5	0	0	0	0	0	1	1	1	1	1	1	2	2	2	2	2	2	3	3	3
-4	0	0	0	0	1	1	1	1	2	2	2	2	2	2	3	3	3	3	4	4
-3	0	0	1	1	1	2	2	2	3	3	3	4	4	4	5	5	5	5	6	6
-2	0	1	2	2	2	3	3	3	4	4	4	5	5	6	6	6	7	7	8	8
-1	1	1	2	2	3	3	4	4	5	5	6	6	7	7	8	8	9	9	10	10
0	1	1	2	3	3	4	4	5	6	6	7	7	8	9	9	10	10	11	12	12
1	1	2	2	3	4	5	6	6	7	8	9	10	10	11	12	13	14	14	15	16
2	1	3	4	5	6	8	9	10	11	13	14	16	17	18	19	21	22	23	24	26
3	2	3	5	6	8	9	11	13	14	16	18	19	21	22	24	25	27	29	30	32
4	2	4	6	8	10	12	14	16	18	20	22	24	26	28	30	32	34	36	38	40
5	3	5	8	10	13	15	18	20	23	25	28	30	33	35	38	40	43	45	48	50
6	3	6	9	13	16	19	22	25	28	32	35	38	41	45	48	51	54	57	60	64
7	4	8	12	16	20	24	28	32	36	40	44	48	52	56	60	64	68	72	76	80
8	5	10	15	20	25	30	35	40	45	50	55	60	65	70	75	80	85	90	95	100
9	6	13	19	25	32	38	44	50	57	63	69	76	82	88	95	101	108	114	120	126
10	8	16	24	32	40	48	56	64	72	80	88	96	104	112	120	128	136	144	152	160
11	10	20	30	40	50	60	70	80	90	100	110	120	130	140	150	160	170	180	190	200
12	13	25	38	50	63	76	88	101	114	126	139	151	164	176	189	207	214	227	240	252
]]

T.case("CASUALTY CALCULATION: all 18 x 20 cells of the table", function()
  local rows = 0
  for line in CASUALTY_TEXT:gmatch("[^\n]+") do
    local n = numbers(line)
    local total = n[1]
    T.eq(#n, 21, "row " .. total .. " has 20 cells")
    for figs = 1, 20 do
      T.eq(tables.casualties(total, figs), n[figs + 1], string.format("factor %d, %d figures", total, figs))
      T.eq(tables.casualty_rows[total][figs], n[figs + 1])
    end
    rows = rows + 1
  end
  T.eq(rows, 18)
end)

T.case("CASUALTY CALCULATION: over 20 figures, 32 figures at 3 is 3 x 16 + 3 = 51", function()
  T.eq(tables.casualties(3, 32), 51)
  T.eq(tables.casualties(3, 30), 48)        -- 3 x 16
  T.eq(tables.casualties(0, 25), 2 * 6 + 3) -- 2 x (10 at 0) + (5 at 0)
  T.eq(tables.casualties(4, 40), 80)
end)

T.case("CASUALTY CALCULATION: a total of 13 or more adds 3 per figure per factor over 12", function()
  T.eq(tables.casualties(13, 10), 126 + 30)
  T.eq(tables.casualties(15, 4), 50 + 36)
  T.eq(tables.casualties(-6, 20), 0, "below the table's last row")
  T.eq(tables.casualties(5, 0), 0)
end)

-- SHOOTING WEAPON FACTORS: columns SHC HC MC LC HI MI LI El Ch.
T.case("SHOOTING, WEAPON FACTORS: both rows, nine columns", function()
  local printed = {
    crossbow = "1	1	1	0	1	1	0	1	0",
    missile = "0	3	4	2	2	3	2	1	1",
  }
  local cols = { "SHC", "HC", "MC", "LC", "HI", "MI", "LI", "EL", "CH" }
  for row, text in pairs(printed) do
    local n = numbers(text)
    for i, c in ipairs(cols) do T.eq(tables.shooting_weapon[row][c], n[i], row .. " vs " .. c) end
  end
end)

T.case("HAND-TO-HAND, WEAPON FACTORS: every row, ranks and nine columns", function()
  local printed = {
    kontos = "1	2	3	4	3	4	5	3	0	1",
    cav_spear = "1	0	2	5	4	3	4	5	1	2",
    cav_bow = "1	0	1	2	3	1	2	4	1	1",
    pike = "4	1	2	3	0	2	3	1	1	2",
    spear = "1½	0	3	4	1	3	4	2	0	1",
    pilum = "1½	1	2	2	2	4	5	4	1	2",
    javelin = "1½	0	1	1	3	3	4	5	1	2",
    axe = "1	4	5	5	1	5	5	2	1	1",
    missile_man = "1	0	1	1	1	1	2	3	1	2",
    elephant = "1	2	2	3	1	3	4	2	1	3",
    chariot = "1	3	4	5	3	4	5	2	0	4",
  }
  local cols = { "SHC", "HC", "MC", "LC", "HI", "MI", "LI", "EL", "CH" }
  local count = 0
  for row, text in pairs(printed) do
    local n = numbers(text)
    T.eq(tables.melee_weapon[row].ranks, n[1], row .. " ranks")
    for i, c in ipairs(cols) do T.eq(tables.melee_weapon[row][c], n[i + 1], row .. " vs " .. c) end
    count = count + 1
  end
  T.eq(count, 11)
  local rows = 0
  for _ in pairs(tables.melee_weapon) do rows = rows + 1 end
  T.eq(rows, 11, "no extra rows")
  T.eq(tables.crew_factor, { pike = 4, long_spear = 4, javelin = 2, bow = 1, driver = 1 })
end)

T.case("MOVE DISTANCES: normal and charge, as amended", function()
  local printed = {
    { { "SHC", "SHC_CAMEL" }, 80, 120 }, { { "EHC", "HC", "MC", "CAMEL" }, 120, 180 }, { { "LC" }, 160, 240 },
    { { "CH_LIGHT" }, 120, 180 }, { { "CH" }, 80, 120 }, { { "EL" }, 80, 100 }, { { "LI", "LMI", "LHI" }, 80, 100 },
    { { "MI", "HI" }, 60, 80 }, { { "MOUNTED_INFANTRY" }, 120, false }, { { "ENG_MANHANDLED" }, 60, false },
    { { "ENG_MULE" }, 120, false }, { { "ENG_OXEN" }, 20, false }, { { "WAGON" }, 40, false },
    { { "TOWER" }, 20, false }, { { "SHIP" }, 120, false },
  }
  local n = 0
  for _, p in ipairs(printed) do
    for _, k in ipairs(p[1]) do T.eq(tables.moves[k], { p[2], p[3] }, k); n = n + 1 end
  end
  local total = 0
  for _ in pairs(tables.moves) do total = total + 1 end
  T.eq(total, n, "every row checked")
  T.eq(tables.dismounted_less, 20)
end)

T.case("RANGES (mounted archers amended 180 -> 120) and their changes", function()
  T.eq(tables.ranges, { hand_hurled = 40, mounted_bow = 120, foot_bow = 240, sling = 120, staff_sling = 240,
                        crossbow = 300, engine = 480 })
  T.eq(tables.range_changes, { uphill_or_elevated = 20, downhill_or_up_at_rampart = -20, inside_wood = 20 })
  T.eq(tables.arcs, { all_round = 180, light = 45, other = 22.5 })
end)

T.case("BASE SIZES (medium and heavy infantry 15mm, super heavy cavalry 20mm as amended) and the transition period", function()
  local printed = { LI = { 30, 30 }, LMI = { 20, 30 }, MI = { 15, 20 }, HI = { 15, 20 }, LC = { 30, 40 }, MC = { 20, 40 },
                    HC = { 20, 40 }, EHC = { 20, 40 }, SHC = { 20, 40 } }
  for k, v in pairs(printed) do T.eq(tables.base_sizes[k], v, k) end
  T.eq(tables.base_sizes.EL[1], 40); T.eq(tables.base_sizes.CH[1], 40); T.eq(tables.base_sizes.ENG_STONE[1], 80)
  T.eq(tables.base_sizes.PENTHOUSE[1], 60); T.eq(tables.chariot_extra_horse_frontage, 10)
  T.eq({ tables.transition_penalty(15), tables.transition_penalty(14), tables.transition_penalty(12), tables.transition_penalty(11),
         tables.transition_penalty(10) }, { 0, -1, -1, -2, -2 })
end)

T.case("POINTS VALUES: every line, regular and barbarian (amended barbarian heavies)", function()
  local P = tables.points
  local printed = {
    { P.figure.LI, 4, 3 }, { P.figure.MI, 4, 3 }, { P.figure.HI, 6, 5 }, { P.figure.LC, 8, 6 }, { P.figure.MC, 8, 6 },
    { P.figure.HC, 10, 8 }, { P.figure.EHC, 12, 10 }, { P.fanatic, false, 1 }, { P.no_shield_infantry, -1, -1 },
    { P.no_shield_cavalry, -2, -2 }, { P.figure.SHC, 15, 12 }, { P.crewman, false, 5 }, { P.two_weapons, 2, 1 },
    { P.chariot, false, 10 }, { P.elephant, false, 15 }, { P.extra_horse, 3, 2 }, { P.camel, 5, 1 },
    { P.class_A, 2, false }, { P.class_B, 1, 1 }, { P.class_E, false, -1 }, { P.command_unit, 10, 25 },
    { P.command_subunit, 5, 10 }, { P.c_in_c, 100, 100 }, { P.subordinate_general, 50, 50 },
    { P.engine.light_bolt, 20, 40 }, { P.engine.heavy_bolt, 30, 50 }, { P.engine.light_stone, 30, 50 },
    { P.engine.stone_30_mina, 40, 60 }, { P.engine.stone_1_talent, 50, 80 }, { P.engine.stone_3_talent, 60, 100 },
    { P.wagon, 10, 10 }, { P.mantlet, 3, 5 }, { P.scaling_ladder, 5, 5 }, { P.ram, 10, 10 },
    { P.wheeled_penthouse, 50, 100 }, { P.wheeled_tower, 100, 200 }, { P.pontoon, 10, 20 },
    { P.caltrops_10_paces, 2, false }, { P.palisade_10_paces, 2, 3 }, { P.stone_wall_10_paces, 10, 20 },
  }
  for i, p in ipairs(printed) do T.eq(p[1], { p[2], p[3] }, "line " .. i) end
  T.eq(P.engine_crew, { light_bolt = 2, heavy_bolt = 3, light_stone = 3, stone_30_mina = 4, stone_1_talent = 5, stone_3_talent = 6 })
  T.eq(P.forced_march_per_period, { mounted = 1, light = 1, light_medium = 1, medium_infantry = 2, heavy_infantry = 3, wagon = 5, engine = 5 })
  T.eq(P.by_boat, { infantry = 1, cavalry = 3, camelry = 5, engine = 5, chariot = 5, elephant = 10 })
  T.eq(#tables.two_weapon_troops, 13)
end)

-- REACTION EFFECT CHARTS as printed: one line per result, "lo TO hi" per class.
T.case("REACTION EFFECT CHARTS 1 and 2: every cell", function()
  local printed = {
    [1] = {
      "-2	-1	1	2	3",
      "-1 TO +2	0 TO 2	2 TO 3	3 TO 4	4 TO 5",
      "3	3 TO 4	4 TO 5	5 TO 6	6 TO 8",
      "4 TO 13	5 TO 13	6 TO 13	7 TO 12	9 TO 12",
      "14 TO 16	14 TO 15	14 TO 15	13	13",
      "17 +	16 +	16 +	14 +	14 +",
    },
    [2] = {
      "-2	-1	1	2	3",
      "-1 TO +3	0 TO +4	2 TO 5	3 TO 6	4 TO 8",
      "4 TO 7	5 TO 8	6 TO 9	7 TO 10	9 TO 11",
      "8 TO 12	9 TO 12	10 TO 13	11 TO 13	12 TO 13",
      "13 TO 15	13 TO 15	14 TO 15	14	14",
      "16 +	16 +	16 +	15 +	15 +",
    },
  }
  local R = require("wrg.reaction")
  local classes = { "A", "B", "C", "D", "E" }
  for chart, lines in ipairs(printed) do
    for r, line in ipairs(lines) do
      local cells = {}
      for cell in line:gmatch("[^\t]+") do cells[#cells + 1] = cell end
      T.eq(#cells, 5)
      for i, cl in ipairs(classes) do
        local lo, hi = cells[i]:match("^([-+]?%d+) TO ([-+]?%d+)$")
        local only = cells[i]:match("^([-+]?%d+)$")
        local from = cells[i]:match("^([-+]?%d+) %+$")
        local row = tables.reaction_charts[chart].rows[r]
        if r == 1 then
          T.eq(row[cl], tonumber(only), "chart " .. chart .. " break " .. cl)
          T.eq(R.chart_result(chart, cl, tonumber(only)), row.result)
          T.eq(R.chart_result(chart, cl, tonumber(only) - 5), row.result, "or less")
        elseif from then
          T.eq(tables.reaction_charts[chart].printed_last[cl], tonumber(from))
          T.eq(R.chart_result(chart, cl, tonumber(from)), row.result)
          T.eq(R.chart_result(chart, cl, tonumber(from) - 1), tables.reaction_charts[chart].rows[r - 1].result)
        else
          lo, hi = tonumber(lo or only), tonumber(hi or only)
          T.eq(row[cl], hi, string.format("chart %d row %d class %s top", chart, r, cl))
          for score = lo, hi do T.eq(R.chart_result(chart, cl, score), row.result, "score " .. score) end
        end
      end
    end
  end
end)

T.case("AFTER HAND-TO-HAND FIGHTING: push-backs that break, and the other numbers", function()
  T.eq(tables.push_back_break, { A = 5, B = 4, C = 3, D = 2, E = 1 })
  T.eq(tables.rout, { first_less = 20, further_less = 20, turn_cost = 30, gap_width = 20, gap_within = 50 })
  T.eq(tables.pursuit, { first_less = 30, further_less = 30, turn_cost = 20 })
  T.eq(tables.movement.push_back, 30)
  T.eq(tables.movement.rally_back, 100)
  T.eq(tables.victory_margin, 0.10)
  T.eq(tables.PERIODS, 12)
  T.eq(tables.personality, { "cautious", "cautious", "average", "average", "rash", "rash" })
end)

T.case("REACTION TEST factors: 46 lines with the printed amounts", function()
  local printed = {
    friendly_units = 1, other_friends_in_sight = 1, friends_advancing = 1, friends_charging = 1, support_to_rear = 1,
    enemy_retiring = 1, enemy_flank_presented = 1, uphill_of_enemy = 1, friendly_cover = 1,
    enemy_units = -1, other_enemy_in_sight = -1, enemy_cavalry = -1, enemy_advancing = -1, shot_by_half = -1,
    shot_by_engines = -1, enemy_behind_flank = -1, enemy_in_rear = -1, enemy_uphill = -1, friends_retiring = -1,
    disorganised = -1, fifths_lost = -1, retiring = -1, bows = -1, no_shields = -1, fanatics_charge = -1, huns = -1,
    fanatics_in_reach = 2, enemy_routing = 2,
    friends_routing = -2, unfriendly_cover = -2, elephants_chariots = -2, fire = -2, surprised = -2, horses_scared = -2,
    subunit_beyond = -2, fresh_enemy = -2, general_lost = -2, routed = -2, e_in_rout = -2, army_test = -2, li_vs_heavier = -2,
    general_with_unit = 3, general_near = 1, cover_square_defences = 2, secure_flanks = 1,
  }
  local n = 0
  for _, f in ipairs(tables.reaction_factors) do
    T.eq(f.add, printed[f.id], f.id); n = n + 1
  end
  local m = 0
  for _ in pairs(printed) do m = m + 1 end
  T.eq(n, m)
end)

