-- Troop data Tables 2, 2a, 2b (every cell), Table 1 terrain, the evasion and
-- move distances, and the transcribed modifier data of Tables 3 and 4 and of
-- the integrity test. Expected values are typed here as the text prints them
-- and parsed independently of tables.lua.
local T = require("lib.testing")
local tables = require("historicon.tables")

-- Columns: class, Front (mm), To Hit if Ord/Dis, Move Rate, Shoot Range,
-- Break, Recoil Disordered, Pass, Melee Dice. "." = blank cell.
local printed = {
  ["Table 2 (25mm)"] = { scale = "25mm", rows = [[
HI   15   3+/5+  10cm  -     <3  4-6  7+  1/Fig
LI   20   4+/5+  15cm  15cm  <5  6-8  9+  1/Fig
VLI  30   5+/5+  20cm  15cm  <6  7-8  9+  1/Fig
HCH  60   4+/6+  15cm  15cm  <3  4-6  7+  1/Horse
LCH  60   4+/6+  15cm  10cm  <5  6-8  9+  1/Horse
KC   20   3+/6+  10cm  -     <3  4-6  7+  1/Fig
HC   20   4+/6+  15cm  10cm  <5  6-8  9+  1/Fig
LC   30   5+/6+  15cm  10cm  <5  6-8  9+  1/Fig
EI   60   3+/6+  10cm  -     <5  6    7+  4/Fig
C    N/A  5+/5+  N/A   15cm  .   .    .   1/Fig
]] },
  ["Table 2a (15mm)"] = { scale = "15mm", rows = [[
HI   10   3+/5+  5cm   -     <3  4-6  7+  1/Fig
LI   13   4+/5+  8cm   8cm   <5  6-8  9+  1/Fig
VLI  20   5+/5+  10cm  8cm   <6  7-8  9+  1/Fig
HCH  40   4+/6+  8cm   8cm   <3  4-6  7+  1/Horse
LCH  40   4+/6+  8cm   5cm   <5  6-8  9+  1/Horse
KC   13   3+/6+  5cm   -     <3  4-6  7+  1/Fig
HC   13   4+/6+  8cm   5cm   <5  6-8  9+  1/Fig
LC   20   5+/6+  8cm   5cm   <5  6-8  9+  1/Fig
EI   40   3+/6+  5cm   -     <5  6    7+  4/Fig
C    N/A  5+/5+  N/A   .     .   .    .   1/Fig
]] },
  ["Table 2b (6mm)"] = { scale = "6mm", rows = [[
HI   5    3+/5+  3cm   -     <3  4-6  7+  1/Fig
LI   7    4+/5+  4cm   5cm   <5  6-8  9+  1/Fig
VLI  10   5+/5+  5cm   5cm   <6  7-8  9+  1/Fig
HCH  20   4+/6+  4cm   5cm   <3  4-6  7+  1/Horse
LCH  20   4+/6+  4cm   3cm   <5  6-8  9+  1/Horse
KC   7    3+/6+  3cm   -     <3  4-6  7+  1/Fig
HC   7    4+/6+  4cm   3cm   <5  6-8  9+  1/Fig
LC   10   5+/6+  4cm   3cm   <5  6-8  9+  1/Fig
EI   20   3+/6+  3cm   -     <5  6    7+  4/Fig
C    N/A  5+/5+  N/A   .     .   .    .   1/Fig
]] },
}

-- Parses one printed row into the cell values tables.troop_row returns.
local function parse_row(line)
  local f = {}
  for w in line:gmatch("%S+") do f[#f + 1] = w end
  local row = {}
  if f[2] ~= "N/A" then row.front = tonumber(f[2]) end
  local o, d = f[3]:match("^(%d)%+/(%d)%+$")
  row.to_hit = { ordered = tonumber(o), disordered = tonumber(d) }
  if f[4] ~= "N/A" then row.move = tonumber(f[4]:match("^(%d+)cm$")) end
  if f[5] == "-" then row.shoot = false elseif f[5] ~= "." then row.shoot = tonumber(f[5]:match("^(%d+)cm$")) end
  if f[6] ~= "." then
    local lo, hi = f[7]:match("^(%d+)%-(%d+)$")
    if not lo then lo = f[7]; hi = f[7] end
    row.integrity = { break_below = tonumber(f[6]:match("^<(%d+)$")), recoil = { tonumber(lo), tonumber(hi) },
                      pass = tonumber(f[8]:match("^(%d+)%+$")) }
  end
  local n, per = f[9]:match("^(%d)/(%a+)$")
  row.melee_dice = { dice = tonumber(n), per = per }
  return f[1], row
end

local COLUMNS = { "front", "to_hit", "move", "shoot", "integrity", "melee_dice" }

for _, name in ipairs({ "Table 2 (25mm)", "Table 2a (15mm)", "Table 2b (6mm)" }) do
  local spec = printed[name]
  local count = 0
  for line in spec.rows:gmatch("[^\n]+") do
    local class, expected = parse_row(line)
    count = count + 1
    T.case(string.format("Troop data %s, row %s: every cell", name, class), function()
      local actual = tables.troop_row(spec.scale, class)
      for _, col in ipairs(COLUMNS) do
        T.eq(actual[col], expected[col], name .. " " .. class .. " " .. col)
      end
      T.eq(actual, expected, name .. " " .. class .. " (whole row, no extra columns)")
    end)
  end
  T.case(string.format("Troop data %s: ten rows in the printed order", name), function()
    T.eq(count, 10)
    T.eq(tables.TROOP_ROWS, { "HI", "LI", "VLI", "HCH", "LCH", "KC", "HC", "LC", "EI", "C" })
  end)
end

T.case("Troop data: an unknown scale or class is an error that names it", function()
  T.raises(function() tables.troop_row("28mm", "HI") end, "28mm")
  T.raises(function() tables.troop_row("25mm", "HIX") end, "HIX")
end)

T.case("Table 1 terrain: every d8 score, +2 on the table edge up to 10", function()
  local expected = { "open", "open", "open", "open", "gentle_hill", "steep_hill", "wood", "built_up", "impassable", "impassable" }
  local function terrain_for(score)
    for _, t in ipairs(tables.terrain) do
      if score >= t.low and score <= t.high then return t end
    end
  end
  for score = 1, 10 do T.eq(terrain_for(score).id, expected[score], "score " .. score) end
  T.eq(tables.terrain_edge_bonus, 2)
  T.truthy(terrain_for(5).combat_advantage, "gentle hill (*) gives a combat advantage")
  for _, s in ipairs({ 6, 7, 8 }) do T.truthy(terrain_for(s).disorders_formed, "score " .. s .. " (**) disorders") end
  T.truthy(terrain_for(9).impassable)
end)

T.case("Phases 2-3 evasion distances by case", function()
  T.eq(tables.evasion.contacted_by_hi, { foot = "10+1d8", mounted = "10+1d20", compulsory = true, rule = "Phase 2" })
  T.eq(tables.evasion.contacted_by_formed_mounted, { foot = "5+1d10", mounted = "10+1d10", compulsory = true, rule = "Phase 3" })
  T.eq(tables.evasion.contacted_by_formed_light_foot, { foot = "5+1d12", mounted = "10+1d12", compulsory = false, rule = "Phase 3" })
end)

T.case("Phase 6 recoil, break-off, break, flight and pursuit distances", function()
  local m = tables.moves
  T.eq({ m.recoil.foot, m.recoil.mounted }, { "5+1d10", "10+1d10" })
  T.eq({ m.break_off.foot, m.break_off.mounted }, { "5+1d12", "10+1d12" })
  T.eq({ m["break"].foot, m["break"].mounted }, { "3d12", "2d20" })
  T.eq({ m.flight.foot, m.flight.mounted }, { "2d12", "2d20" })
  T.eq({ m.pursuit.foot, m.pursuit.mounted }, { "7+2d12", "10+1d20" })
  T.eq(tables.rally_regain, "1d6")
end)

local function by_id(list)
  local out, ids = {}, {}
  for i, e in ipairs(list) do out[e.id] = e; ids[i] = e.id end
  return out, ids
end

T.case("Table 3 shooting modifiers: dice per 4 figures, in printed order", function()
  local m, ids = by_id(tables.shooting_modifiers)
  T.eq(ids, { "higher_ground", "target_mounted", "target_moved_into_contact", "target_unformed", "target_armoured" })
  T.eq({ m.higher_ground.per_4, m.target_mounted.per_4, m.target_moved_into_contact.per_4,
         m.target_unformed.per_4, m.target_armoured.per_4 }, { 1, 2, -1, -1, -1 })
end)

T.case("Table 4 melee modifiers: dice per 4 figures, in printed order", function()
  local m, ids = by_id(tables.melee_modifiers)
  T.eq(ids, { "hip_vs_mounted", "formed_flank_or_rear", "liw_vs_hi_first_contact", "his_vs_mounted",
              "hiw_vs_hi_first_contact", "mounted_vs_light_foot", "higher_ground", "supplementary_shooting",
              "rank_depth", "general", "hib_or_disordered", "enemy_armoured" })
  local expected = { hip_vs_mounted = 2, formed_flank_or_rear = 2, liw_vs_hi_first_contact = 2, his_vs_mounted = 1,
                     hiw_vs_hi_first_contact = 1, mounted_vs_light_foot = 1, higher_ground = 1,
                     supplementary_shooting = 1, rank_depth = 1, general = 1, hib_or_disordered = -1,
                     enemy_armoured = -1 }
  for id, v in pairs(expected) do T.eq(m[id].per_4, v, id) end
end)

T.case("Phase 6 integrity modifiers: values in printed order", function()
  local m, ids = by_id(tables.integrity_modifiers)
  T.eq(ids, { "repeated_recoil", "hits_exceed_figures", "hits_exceed_twice_figures", "g_class",
              "hits_exceed_four_times_figures", "no_friend_within_30cm", "disordered", "general",
              "forming_or_unforming", "e_class" })
  local expected = { repeated_recoil = -2, hits_exceed_figures = -1, hits_exceed_twice_figures = -2, g_class = -3,
                     hits_exceed_four_times_figures = -4, no_friend_within_30cm = -2, disordered = -2,
                     general = 2, forming_or_unforming = 3, e_class = 3 }
  for id, v in pairs(expected) do T.eq(m[id].add, v, id) end
  T.eq(m.repeated_recoil.free_recoils, { G = 1, A = 3, E = 5 })
end)

T.case("Phase 6: the nine integrity triggers, numbered as printed", function()
  local _, ids = by_id(tables.integrity_triggers)
  T.eq(ids, { "rallies", "forms_or_unforms", "becomes_disordered", "recoils", "breaks_off",
              "enemy_moves_into_contact", "hits_exceed_figures", "hits_exceed_twice_figures",
              "light_foot_charged_by_ordered_formed_mounted" })
  for i, t in ipairs(tables.integrity_triggers) do T.eq(t.n, i) end
end)

T.case("Scale: 15mm halves and 6mm quarters quoted distances; ranges not in the tables", function()
  T.eq(tables.scale_factor, { ["25mm"] = 1, ["15mm"] = 0.5, ["6mm"] = 0.25 })
  T.eq(tables.range_at_scale[10], { ["25mm"] = 10, ["15mm"] = 5, ["6mm"] = 3 })  -- as HC in 2a/2b
  T.eq(tables.range_at_scale[15], { ["25mm"] = 15, ["15mm"] = 8, ["6mm"] = 5 })  -- as LI in 2a/2b
  T.eq(tables.range_at_scale[20], { ["25mm"] = 20, ["15mm"] = 10, ["6mm"] = 5 })
  T.eq(tables.kc_armoured_front, { ["25mm"] = 15, ["15mm"] = 10, ["6mm"] = 5 })
end)

T.case("Table 1 terrain roll: one d8 per square, +2 on the edge", function()
  local Tr = require("historicon.terrain")
  T.eq(Tr.roll(T.forced_dice({ 4 }), false).id, "open")
  T.eq(Tr.roll(T.forced_dice({ 4 }), true).id, "steep_hill")
  T.eq({ select(2, Tr.roll(T.forced_dice({ 8 }), true)) }, { 10 })
  T.eq(Tr.roll(T.forced_dice({ 7 }), true).id, "impassable")
  T.eq(Tr.for_score(5).id, "gentle_hill")
  T.raises(function() Tr.for_score(0) end, "score 0")
end)
