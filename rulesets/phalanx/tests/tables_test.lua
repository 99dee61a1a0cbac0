-- Every cell of every Phalanx table, checked against an independent
-- transcription typed here in the layout of the rules text itself.
local T = require("lib.testing")
local tables = require("phalanx.tables")
local troops = require("phalanx.troops")

-- Splits "a b  c" into words.
local function words(line)
  local out = {}
  for w in line:gmatch("%S+") do out[#out + 1] = w end
  return out
end

local function lines(block)
  local out = {}
  for line in block:gmatch("[^\n]+") do
    if line:match("%S") then out[#out + 1] = line end
  end
  return out
end

---------------------------------------------------------------------------
T.case("Basing, Table 1: every frontage (scale x option)", function()
  local text = [[
25mm    6 12 18
15-20mm 4  8 12
6mm     2  4  6
]]
  local n = 0
  for _, line in ipairs(lines(text)) do
    local w = words(line)
    for option = 1, 3 do
      T.eq(tables.frontage_cm(w[1], option), tonumber(w[option + 1]), w[1] .. " option " .. option)
      n = n + 1
    end
  end
  T.eq(n, 9)
  T.eq(tables.basing.standard_option, 2, "Option 2 is the standard vignette")
  T.eq(tables.basing.vignettes_per_army, 12, "army of 12 vignettes")
  T.raises(function() tables.frontage_cm("28mm", 1) end, "28mm")
  T.raises(function() tables.frontage_cm("25mm", 4) end, "option 4")
end)

T.case("Basing: men per vignette (2000 HIP, 1500 HIS, 1000 close, 750 loose, 500 open)", function()
  T.eq(tables.basing.men_per_vignette, { HIP = 2000, HIS = 1500, close = 1000, loose = 750, open = 500 })
end)

T.case("What Table Shall I Use: every Yes/No cell, tiles and flank sectors", function()
  local text = [[
25mm Option1 Yes Yes No  No
25mm Option2 No  Yes Yes Yes
25mm Option3 No  No  Yes Yes
15mm Option1 Yes No  No  No
15mm Option2 Yes Yes No  No
15mm Option3 No  Yes Yes No
6mm  Option1 Yes No  No  No
6mm  Option2 Yes No  No  No
6mm  Option3 Yes Yes No  No
]]
  local sizes = { "4x4", "6x4", "8x4", "8x5" }
  local scale_name = { ["25mm"] = "25mm", ["15mm"] = "15-20mm", ["6mm"] = "6mm" }
  local n = 0
  for _, line in ipairs(lines(text)) do
    local w = words(line)
    local option = tonumber(w[2]:match("%d"))
    for i, size in ipairs(sizes) do
      T.eq(tables.table_sizes.allowed[scale_name[w[1]]][option][size], w[2 + i] == "Yes",
        w[1] .. " " .. w[2] .. " " .. size)
      n = n + 1
    end
  end
  T.eq(n, 36)
  T.eq(tables.table_sizes.size_cm, { ["4x4"] = { 120, 120 }, ["6x4"] = { 180, 120 },
                                      ["8x4"] = { 240, 120 }, ["8x5"] = { 240, 150 } })
  T.eq(tables.table_sizes.tile_inches, { ["4x4"] = { 12 }, ["6x4"] = { 12 }, ["8x4"] = { 16 }, ["8x5"] = { 16, 20 } })
  T.eq(tables.table_sizes.flank_sector_cm, { ["4x4"] = 30, ["6x4"] = 45, ["8x4"] = 60, ["8x5"] = 60 })
  T.eq(tables.table_sizes.rear_zone_inches, 8, "Deployment: Rear Zone 8in deep")
end)

---------------------------------------------------------------------------
T.case("The Table, Table 2: terrain for every d8 score, inland and at the table edge (+2)", function()
  local expected = { "open", "open", "open", "open", "gentle_hill", "steep_hill", "wood",
                     "built_up_area", "impassable", "impassable" }
  for score = 1, 8 do
    T.eq(tables.terrain_for(score, false), expected[score], "score " .. score)
    T.eq(tables.terrain_for(score, true), expected[score + 2], "edge score " .. score .. "+2")
  end
  T.eq(tables.terrain.die, 8)
  T.eq(tables.terrain.edge_bonus, 2)
end)

T.case("The Table, Table 2: * gives +1 uphill, ** is Bad Going, 9+ impassable", function()
  local ty = tables.terrain.types
  T.eq(ty.gentle_hill.mark, "*"); T.eq(ty.gentle_hill.uphill_combat_bonus, 1)
  for _, name in ipairs({ "steep_hill", "wood", "built_up_area" }) do
    T.eq(ty[name].mark, "**", name); T.eq(ty[name].bad_going, true, name)
    T.eq(ty[name].uphill_combat_bonus, nil, name)
  end
  for _, name in ipairs({ "open", "gentle_hill" }) do T.eq(ty[name].bad_going, false, name) end
  T.eq(ty.impassable.passable, false)
  T.eq(ty.impassable.examples, { "mountains", "highland", "swamp", "bog", "lake", "sea", "major river" })
  T.eq(tables.terrain.piece_size_of_square, { min = 0.5, max = 1 })
end)

T.case("The Table: pre-battle throws and Deployment gaps", function()
  T.eq(tables.pre_battle.winner_may_remove_or_swap, 2)
  T.eq(tables.pre_battle.march_margin, 5)
  T.eq(tables.pre_battle.march_deploy_within_cm, 30)
  T.eq(tables.deployment.max_mbl_gap_frontages, 3)
  T.eq(tables.deployment.min_passable_gap_frontages, 1)
  T.eq(tables.deployment.half_gap_frontages, 0.5)
end)

---------------------------------------------------------------------------
T.case("Movement, Table 3: turn, good going, bad going and (cp) for every class", function()
  local text = [[
LSC:                180 2   1   cp
HCC,HSC,SCH,CAM:    90  1.5 0.5 cp
VLI:                180 1.5 1.5 -
PEL,IND,AFR:        45  1   0.5 -
LIW,LIS,LIN         90  1   1   -
CAT,HIP/S/B/N/W:    45  1   0.5 cp
]]
  local seen = 0
  for _, line in ipairs(lines(text)) do
    local w = words(line)
    local codes = {}
    for code in w[1]:gsub(":", ""):gmatch("[^,]+") do
      if code == "HIP/S/B/N/W" then
        for _, c in ipairs({ "HIP", "HIS", "HIB", "HIN", "HIW" }) do codes[#codes + 1] = c end
      else
        codes[#codes + 1] = code
      end
    end
    for _, code in ipairs(codes) do
      local row = tables.movement[code]
      T.eq(row.turn, tonumber(w[2]), code .. " turn")
      T.eq(row.good, tonumber(w[3]), code .. " good going")
      T.eq(row.bad, tonumber(w[4]), code .. " bad going")
      T.eq(row.combat_penalty, w[5] == "cp", code .. " combat penalty")
      T.eq(row.pivot, tonumber(w[2]) == 45 and "front_corner" or "centre", code .. " pivot")
      seen = seen + 1
    end
  end
  T.eq(seen, #troops.order, "every class has a Table 3 row")
  for _, code in ipairs(troops.order) do T.truthy(tables.movement[code], code .. " row") end
end)

T.case("Movement, Table 3: turning halves in bad going, divides by in-line link, HIP links cannot turn", function()
  T.eq(tables.turn_allowance("LSC", false), 180)
  T.eq(tables.turn_allowance("LSC", true), 90)
  T.eq(tables.turn_allowance("HIS", false, 3), 15)
  T.eq(tables.turn_allowance("HCC", true, 2), 22.5)
  T.eq(tables.turn_allowance("HIP", false, 1), 45)
  T.eq(tables.turn_allowance("HIP", false, 2), 0)
  T.eq(tables.move_allowance("VLI", true), 1.5)
  T.eq(tables.move_allowance("HIP", true), 0.5)
  T.eq(tables.move_allowance("LSC", false), 2)
  T.eq(tables.has_combat_penalty("LIN", true), false)
  T.eq(tables.has_combat_penalty("HIN", true), true)
  T.eq(tables.has_combat_penalty("HIN", false), false)
  T.raises(function() tables.move_allowance("RSC", false) end, "RSC")
end)

---------------------------------------------------------------------------
T.case("Activation: points per vignette or link (RA 1, IF 2, minimum 1) and the modifier rows", function()
  T.eq(tables.activation.base, { RA = 1, IF = 2 })
  T.eq(tables.activation.minimum, 1)
  local expected = {
    { "distance_from_general", 1 }, { "general_out_of_sight", 1 }, { "low_integrity_in_link", 1 },
    { "crossing_sectors", 2 }, { "regular_high_integrity", -1 },
  }
  T.eq(#tables.activation.modifiers, #expected)
  for i, e in ipairs(expected) do
    T.eq(tables.activation.modifiers[i].id, e[1]); T.eq(tables.activation.modifiers[i].add, e[2], e[1])
  end
  T.eq(tables.activation.modifiers[1].per_widths, 4, "+1 for every 4 vignette widths")
  T.eq(tables.activation.optional_modifiers[1].add, 1, "Detachments: +1")
end)

T.case("The Game Turn A): activation die 1 -2, 2 -1, 3/4 0, 5 +1, 6 +2", function()
  local text = "1 -2\n2 -1\n3 0\n4 0\n5 +1\n6 +2\n"
  for _, line in ipairs(lines(text)) do
    local w = words(line)
    T.eq(tables.activation_die.modifier[tonumber(w[1])], tonumber(w[2]), "die " .. w[1])
  end
  T.eq(#tables.activation_die.modifier, 6)
end)

T.case("Activation, initiative table: every score from Less to 7+", function()
  local expected = {
    [-3] = "charge_nearest_any_turns", [-2] = "charge_nearest_any_turns", [-1] = "charge_nearest_any_turns",
    [0] = "charge_nearest_any_turns",
    [1] = "charge_nearest_ahead_within_3", [2] = "charge_ahead_or_shoot", [3] = "retreat_two_turns",
    [4] = "as_right_neighbour", [5] = "as_left_neighbour", [6] = "do_nothing",
    [7] = "as_player_wishes", [8] = "as_player_wishes", [9] = "as_player_wishes",
  }
  for score = -3, 9 do T.eq(tables.initiative_action(score).id, expected[score], "score " .. score) end
  T.truthy(tables.initiative_action(2).text:find("or shoot", 1, true))
  T.eq(tables.initiative.charge_range_frontages, 3)
end)

T.case("Activation, initiative modifiers: -1 IF, -1 IV IF, -2 V IF, +1 IV RA, +2 V RA", function()
  local expected = { { "informal", -1 }, { "informal_class_iv", -1 }, { "informal_class_v", -2 },
                     { "regular_class_iv", 1 }, { "regular_class_v", 2 } }
  T.eq(#tables.initiative.modifiers, #expected)
  for i, e in ipairs(expected) do
    T.eq(tables.initiative.modifiers[i].id, e[1]); T.eq(tables.initiative.modifiers[i].add, e[2], e[1])
  end
end)

---------------------------------------------------------------------------
T.case("Shooting results table: every cell of both rows, scores clamp to 1..7", function()
  local text = [[
HIB   - - - R RR B B
Other - - - H H  R R
]]
  for _, line in ipairs(lines(text)) do
    local w = words(line)
    local shooter = w[1] == "HIB" and "HIB" or "LIN"
    for score = 1, 7 do
      T.eq(tables.shooting_result(shooter, score), w[score + 1], w[1] .. " score " .. score)
      T.eq(tables.shooting.results[w[1]][score], w[score + 1], w[1] .. " cell " .. score)
    end
    T.eq(#tables.shooting.results[w[1]], 7)
    T.eq(tables.shooting_result(shooter, -2), w[2], w[1] .. " below 1")
    T.eq(tables.shooting_result(shooter, 9), w[8], w[1] .. " above 7")
  end
  for _, other in ipairs({ "LIN", "VLI", "HSC", "CAM", "LSC" }) do
    T.eq(tables.shooting_result(other, 5), "H", other .. " uses the Other row")
  end
end)

T.case("Shooting conditional modifiers: +2, +1, -1, -2 rows", function()
  local expected = { { "hib_at_mounted_close", 2 }, { "dense_target", 1 },
                     { "target_moved_into_contact", -1 }, { "shooter_combat_penalty", -2 } }
  T.eq(#tables.shooting.modifiers, #expected)
  for i, e in ipairs(expected) do
    T.eq(tables.shooting.modifiers[i].id, e[1]); T.eq(tables.shooting.modifiers[i].add, e[2], e[1])
  end
end)

---------------------------------------------------------------------------
T.case("Melee, Table 7: every base combat factor and every disadvantage", function()
  -- Class | vs Foot I II III IV V | vs Mounted/Anim I II III IV V | Disadvantage
  local text = [[
HIP 5 6 7 8 9 5 6 7 8 9 HIW,LIW,CAT,SCH
HIS 4 5 6 7 9 4 5 6 7 8 HIW,LIW,CAT,SCH
HIN 3 4 5 6 7 1 2 3 4 5 LIW,CAT,SCH
HIW 2 3 4 5 6 2 2 3 3 4 LIS,CAT,SCH
HIB 1 2 3 4 4 1 2 2 3 3 MTD,SCH
LIW 1 2 3 3 4 1 2 2 2 3 MTD,SCH
LIS 1 2 3 4 - 1 2 2 3 - CAT,SCH
LIN 1 2 2 3 - 1 1 2 2 - MTD
VLI 1 1 1 1 - 1 1 1 1 - MTD
CAT 3 4 5 6 7 3 4 5 6 7 EL,HIW,LIW
HCC 2 3 4 5 6 2 3 4 5 6 EL
HSC 1 2 3 4 5 1 2 3 4 5 CAT,EL
LSC 1 1 2 3 4 1 1 2 3 3 EL
CAM 1 2 3 4 5 3 3 4 4 5 none
SCH - - 5 - - - - 4 - - LIS,LIN,VLI,HIB
PEL 3 4 4 5 5 4 4 5 6 7 LIS,LIN,VLI,HIB
IND 3 3 4 4 4 3 3 4 5 6 LIS,LIN,VLI,HIB
AFR 3 3 3 3 4 3 3 3 4 5 LIS,LIN,VLI,HIB
]]
  local integrity = { "I", "II", "III", "IV", "V" }
  local rows, cells = 0, 0
  for _, line in ipairs(lines(text)) do
    local w = words(line)
    local code = w[1]
    local row = tables.combat_factors[code]
    T.truthy(row, code .. " row")
    for i, name in ipairs(integrity) do
      local foot, mounted = w[1 + i], w[6 + i]
      T.eq(row.foot[name], foot ~= "-" and tonumber(foot) or nil, code .. " " .. name .. " vs foot")
      T.eq(row.mounted[name], mounted ~= "-" and tonumber(mounted) or nil, code .. " " .. name .. " vs mounted")
      cells = cells + 2
    end
    local dis = {}
    if w[12] ~= "none" then for d in w[12]:gmatch("[^,]+") do dis[#dis + 1] = d end end
    T.eq(row.disadvantage, dis, code .. " disadvantage")
    rows = rows + 1
  end
  T.eq(rows, 18); T.eq(cells, 180)
end)

---------------------------------------------------------------------------
T.case("Results, Table 8: every cell of the three-part table, for both sides", function()
  -- die: yours opponent's, for -3 or more | -1/-2 | even | +1/+2 | +3 or more
  local text = [[
6 Repulsed Stand  Stand Repulsed  Stand Break     Stand Break     Stand Break
5 Repulsed Stand  Stand Repulsed  Stand Repulsed  Stand Break     Stand Break
4 Break Stand     Repulsed Stand  Stand Repulsed  Stand Repulsed  Stand Break
3 Break Stand     Repulsed Stand  Repulsed Stand  Stand Repulsed  Stand Break
2 Break Stand     Break Stand     Repulsed Stand  Repulsed Stand  Stand Repulsed
1 Break Stand     Break Stand     Break Stand     Repulsed Stand  Stand Repulsed
]]
  local code = { Stand = "S", Repulsed = "R", Break = "B" }
  local bands = { "minus_3_or_more", "minus_1_or_2", "even", "plus_1_or_2", "plus_3_or_more" }
  local a_difference = { -4, -2, 0, 2, 5 }
  local cells = 0
  for _, line in ipairs(lines(text)) do
    local w = words(line)
    local die = tonumber(w[1])
    for b, band in ipairs(bands) do
      local yours, theirs = code[w[2 * b]], code[w[2 * b + 1]]
      T.eq(tables.combat_results[band][die], { yours, theirs }, band .. " die " .. die)
      local y, t = tables.combat_result(a_difference[b], die)
      T.eq({ y, t }, { yours, theirs }, "combat_result(" .. a_difference[b] .. ", " .. die .. ")")
      cells = cells + 2
    end
  end
  T.eq(cells, 60)
end)

T.case("Results, Table 8: difference bands -3 or more / -1,-2 / 0 / +1,+2 / +3 or more", function()
  local expected = {
    [-12] = "minus_3_or_more", [-5] = "minus_3_or_more", [-4] = "minus_3_or_more", [-3] = "minus_3_or_more",
    [-2] = "minus_1_or_2", [-1] = "minus_1_or_2", [0] = "even", [1] = "plus_1_or_2", [2] = "plus_1_or_2",
    [3] = "plus_3_or_more", [4] = "plus_3_or_more", [12] = "plus_3_or_more",
  }
  for d, band in pairs(expected) do T.eq(tables.combat_band(d), band, "difference " .. d) end
  for _, b in ipairs(tables.combat_results.bands) do
    T.eq(tables.combat_band(b.min == -math.huge and -99 or b.min), b.id, b.id .. " lower bound")
    T.eq(tables.combat_band(b.max == math.huge and 99 or b.max), b.id, b.id .. " upper bound")
  end
end)

T.case("Results: R moves one full turn, RR two; IF Class III-V follow up", function()
  T.eq(tables.repulse_moves, { R = 1, RR = 2 })
  T.eq(tables.follow_up.army_class, "IF")
  T.eq(tables.follow_up.integrity, { III = true, IV = true, V = true })
end)

T.case("Melee conditional modifier rows in the text's order, with their amounts", function()
  local expected = {
    { "combat_penalty", "halve" }, { "flank_or_rear", "halve" }, { "overlapped", "per_overlap", -1 },
    { "repulses_regular", "per_two_repulses", -1 }, { "repulses_informal", "per_repulse", -1 },
    { "disadvantage", "add", -2 }, { "support", "half_supporter_cf" },
    { "opponent_disadvantaged", "add", 2 }, { "uphill", "add", 1 },
  }
  T.eq(#tables.melee_modifiers, #expected)
  for i, e in ipairs(expected) do
    local row = tables.melee_modifiers[i]
    T.eq({ row.id, row.effect, row.add }, { e[1], e[2], e[3] }, "row " .. i)
    T.truthy(row.rule and row.text, e[1] .. " names its rule")
  end
  T.eq(tables.optional_melee_modifiers[1].id, "attached_artillery")
  T.eq(tables.optional_melee_modifiers[1].add, -1)
  T.eq(tables.optional_melee_modifiers[2].id, "field_defences")
  T.eq(tables.optional_melee_modifiers[2].add, -1)
end)
