-- Phalanx melee (Melee, Melee Conditional Modifiers, Results, Table 7, Table 8).
local T = require("lib.testing")
local M = require("lib.modifiers")
local combat = require("phalanx.combat")
local melee = require("phalanx.melee")
local troops = require("phalanx.troops")

local function v(class, integrity, army_class, extra)
  local t = { class = class, integrity = integrity, army_class = army_class or "RA" }
  for k, x in pairs(extra or {}) do t[k] = x end
  return t
end

-- The modified cf of `me` against `foe` with `side`, checked to be the same
-- through the modifier list and through resolve's fast (no-explain) path.
local function cf(me, foe, side)
  local listed = melee.modified_cf(me, foe, side)
  local fast = combat.melee(me, foe, { attacker = side }, T.forced_dice({ 1 }), false).attacker_cf
  if fast ~= listed then
    error(string.format("fast path %s, modifier list %s", tostring(fast), tostring(listed)), 2)
  end
  return listed
end

local function fight(a, d, situation, die)
  return combat.melee(a, d, situation, T.forced_dice({ die }), true)
end

---------------------------------------------------------------------------
T.case("Melee, worked example (p.17-18): Class IV HIS overlapped twice vs Class III HIN, die 3", function()
  local his = v("HIS", "IV")          -- Side B, whose turn it is: the attacker
  local hin = v("HIN", "III")         -- Side A
  local situation = { attacker = { overlaps = { true, true } } }
  local out = fight(his, hin, situation, 3)
  T.eq(out.attacker_base_cf, 7, "Side B base cf 7")
  T.eq(out.defender_base_cf, 5, "Side A base cf 5")
  T.eq(out.attacker_cf, 5, "overlapped on each flank: reduced to 5")
  T.eq(out.defender_cf, 5)
  T.eq(out.difference, 0, "both sides fight on even terms")
  T.eq(out.die, 3)
  T.eq(out.attacker_result, "R", "the HIS has to make an immediate Repulse move")
  T.eq(out.defender_result, "S", "his opponent Stands")
  T.eq(#out.attacker_terms, 1)
  T.eq(out.attacker_terms[1].id, "overlapped")
  T.eq(M.describe(out.attacker_terms)[1],
    "-2 overlapped by an opposing vignette contiguous to the one in front (Melee Conditional Modifiers)")
  T.eq(out.defender_terms, {})
  -- "If he had scored 4 or more, his opponent would have had to make a Repulse
  -- move while his vignette Stands" (Table 8 makes a 6 a Break).
  for die, theirs in pairs({ [4] = "R", [5] = "R", [6] = "B" }) do
    local o = fight(his, hin, situation, die)
    T.eq({ o.attacker_result, o.defender_result }, { "S", theirs }, "die " .. die)
  end
  -- the same without explanation (the fast path)
  local quick = combat.melee(his, hin, situation, T.forced_dice({ 3 }), false)
  T.eq({ quick.attacker_result, quick.defender_result, quick.attacker_cf, quick.attacker_terms },
       { "R", "S", 5, nil })
end)

T.case("Results: the die is one d6 thrown by the attacker, named for the log", function()
  local dice = T.forced_dice({ 2 })
  combat.melee(v("HIP", "III"), v("HIP", "III"), nil, dice, false)
  T.eq(dice.log[1].die, "d6")
  T.truthy(dice.log[1].purpose:find("Table 8", 1, true))
  T.raises(function() combat.melee(v("HIP", "III"), v("HIP", "III"), nil, T.forced_dice({ 7 })) end, "impossible for d6")
end)

T.case("Results: Table 8 is read by the attacker with difference = his cf - defender's cf", function()
  -- HIP V (9) vs HIN I (3): +6
  local o = fight(v("HIP", "V"), v("HIN", "I"), nil, 3)
  T.eq({ o.difference, o.attacker_result, o.defender_result }, { 6, "S", "B" })
  o = fight(v("HIP", "V"), v("HIN", "I"), nil, 2)
  T.eq({ o.attacker_result, o.defender_result }, { "S", "R" })
  -- and the other way round: -6
  o = fight(v("HIN", "I"), v("HIP", "V"), nil, 5)
  T.eq({ o.difference, o.attacker_result, o.defender_result }, { -6, "R", "S" })
  o = fight(v("HIN", "I"), v("HIP", "V"), nil, 4)
  T.eq({ o.attacker_result, o.defender_result }, { "B", "S" })
  -- -1/-2: HIN III (5) vs HIS IV (7)
  o = fight(v("HIN", "III"), v("HIS", "IV"), nil, 5)
  T.eq({ o.difference, o.attacker_result, o.defender_result }, { -2, "S", "R" })
  -- +1/+2: HIS IV (7) vs HIN III (5)
  o = fight(v("HIS", "IV"), v("HIN", "III"), nil, 2)
  T.eq({ o.difference, o.attacker_result, o.defender_result }, { 2, "R", "S" })
  o = fight(v("HIS", "IV"), v("HIN", "III"), nil, 5)
  T.eq({ o.attacker_result, o.defender_result }, { "S", "B" })
end)

T.case("Results: base cf from the FOOT or MOUNTED/ANIMAL column (ANIMAL counts as Mounted)", function()
  T.eq(melee.base_cf(v("HIN", "III"), "HIS"), 5, "HIN III vs foot")
  T.eq(melee.base_cf(v("HIN", "III"), "HCC"), 3, "HIN III vs mounted")
  T.eq(melee.base_cf(v("HIN", "III"), "CAM"), 3, "HIN III vs animal")
  T.eq(melee.base_cf(v("HIN", "III"), "PEL"), 3, "HIN III vs elephant")
  T.eq(melee.base_cf(v("HIN", "III"), "SCH"), 3, "READING: SCH uses the Mounted/Animal column")
  T.eq(melee.base_cf(v("CAM", "II"), "LIN"), 2)
  T.eq(melee.base_cf(v("CAM", "II"), "LSC"), 3)
  T.eq(melee.base_cf(v("SCH", "III"), "HIP"), 5)
  T.eq(melee.base_cf(v("SCH", "III"), "CAT"), 4)
end)

T.case("Table 7: a missing cell or unknown class is an error that names it", function()
  T.raises(function() melee.base_cf(v("LIS", "V"), "HIP") end, "no combat factor for LIS class V")
  T.raises(function() melee.base_cf(v("SCH", "IV"), "HIP") end, "'-'")
  T.raises(function() combat.melee(v("HIX", "II"), v("HIP", "II"), nil, T.forced_dice({ 1 })) end, "unknown troop class")
  T.raises(function() combat.melee(v("HIP", "II"), v("RSC", "II"), nil, T.forced_dice({ 1 })) end, "RSC")
end)

---------------------------------------------------------------------------
-- Against its own class a vignette has no Table 7 disadvantage either way.
local function mirror(me, side) return cf(me, v(me.class, "III"), side) end

T.case("Melee modifiers, Half: combat penalty in bad going halves (round up) only (cp) classes of Table 3", function()
  local bad = { in_bad_going = true }
  T.eq(mirror(v("HIS", "IV"), bad), 4, "7 -> 4")
  T.eq(mirror(v("HIP", "III"), bad), 4, "7 -> 4")
  T.eq(mirror(v("HIP", "II"), bad), 3, "6 -> 3")
  T.eq(mirror(v("HCC", "III"), bad), 2, "HCC (cp) 4 -> 2")
  T.eq(mirror(v("LSC", "V"), bad), 2, "LSC (cp) 3 -> 2")
  T.eq(mirror(v("CAM", "V"), bad), 3, "CAM (cp) 5 -> 3")
  T.eq(mirror(v("SCH", "III"), bad), 2, "SCH (cp) 4 -> 2")
  T.eq(mirror(v("LIN", "IV"), bad), 3, "LIN: no (cp)")
  T.eq(mirror(v("VLI", "II"), bad), 1, "VLI: no (cp)")
  T.eq(mirror(v("PEL", "V"), bad), 7, "elephants: no (cp)")
  T.eq(mirror(v("LIW", "V"), bad), 4, "LIW: no (cp)")
  T.eq(mirror(v("LIS", "IV"), bad), 4, "LIS: no (cp)")
  T.eq(mirror(v("HIS", "IV"), { in_bad_going = false }), 7)
end)

T.case("Melee modifiers, Half: HIP/HIS/HIN/HIW/HIB/CAT contacted in flank or rear", function()
  local flank = { flank_or_rear = true }
  T.eq(mirror(v("HIS", "IV"), flank), 4)
  T.eq(mirror(v("HIN", "V"), flank), 4, "HIN 7 -> 4")
  T.eq(mirror(v("CAT", "III"), flank), 3, "CAT 5 -> 3")
  T.eq(mirror(v("HIB", "I"), flank), 1, "HIB 1 -> 1")
  T.eq(mirror(v("HIW", "V"), flank), 3, "HIW 6 -> 3")
  T.eq(mirror(v("HCC", "III"), flank), 4, "HCC not halved")
  T.eq(mirror(v("LIS", "IV"), flank), 4, "LIS not halved")
  T.eq(mirror(v("PEL", "IV"), flank), 6, "PEL not halved")
  T.eq(mirror(v("HIP", "V"), { flank_or_rear = true, in_bad_going = true }), 3, "both halves: 9 -> 5 -> 3")
end)

T.case("Melee modifiers, -1 per overlap; the overlapper's cf must be at least half", function()
  local his, foe = v("HIS", "IV"), v("HIN", "III")   -- base 7
  T.eq(cf(his, foe, { overlaps = { true } }), 6)
  T.eq(cf(his, foe, { overlaps = { true, true } }), 5)
  T.eq(cf(his, foe, { overlaps = { 4 } }), 6, "4 is at least half of 7")
  T.eq(cf(his, foe, { overlaps = { 3 } }), 7, "3 is less than half of 7")
  T.eq(cf(his, foe, { overlaps = { 4, 3 } }), 6)
  T.eq(cf(his, foe, { overlaps = { false } }), 7)
  T.eq(cf(his, foe, { overlaps = {} }), 7)
end)

T.case("Melee modifiers, -1 for every two R or RR accumulated (RA)", function()
  local foe = v("HIN", "III")
  local cases = { { 0, 0, 7 }, { 1, 0, 7 }, { 2, 0, 6 }, { 1, 1, 6 }, { 3, 0, 6 }, { 0, 2, 6 }, { 2, 2, 5 }, { 5, 0, 5 } }
  for _, c in ipairs(cases) do
    T.eq(cf(v("HIS", "IV", "RA", { accumulated_r = c[1], accumulated_rr = c[2] }), foe), c[3],
      c[1] .. " R, " .. c[2] .. " RR")
  end
end)

T.case("Melee modifiers, -1 for every R accumulated, an RR counting two (IF)", function()
  local foe = v("HIN", "III")
  local cases = { { 0, 0, 7 }, { 1, 0, 6 }, { 0, 1, 5 }, { 1, 1, 4 }, { 3, 0, 4 }, { 2, 2, 1 } }
  for _, c in ipairs(cases) do
    T.eq(cf(v("HIS", "IV", "IF", { accumulated_r = c[1], accumulated_rr = c[2] }), foe), c[3],
      c[1] .. " R, " .. c[2] .. " RR")
  end
  T.eq(cf(v("VLI", "I", "IF", { accumulated_rr = 2 }), foe), -3, "Your cf can go negative")
end)

T.case("Melee modifiers, -2 disadvantage and +2 for the side it disadvantages (Table 7)", function()
  local function both(a, d)
    local o = fight(a, d, nil, 1)
    return { o.attacker_cf, o.defender_cf }
  end
  T.eq(both(v("HIP", "III"), v("HIW", "III")), { 5, 6 }, "HIP 7-2, HIW 4+2")
  T.eq(both(v("HIW", "III"), v("HIS", "III")), { 6, 4 }, "the text's own example: HIW vs HIS gets +2")
  T.eq(both(v("HIB", "III"), v("HCC", "III")), { 0, 6 }, "MTD: HIB 2-2, HCC 4+2")
  T.eq(both(v("CAT", "III"), v("PEL", "III")), { 3, 7 }, "EL: CAT 5-2, PEL 5+2")
  T.eq(both(v("LIN", "III"), v("PEL", "III")), { 4, 2 }, "READING: MTD is not ANIMAL; PEL counts LIN: LIN 2+2, PEL 4-2")
  T.eq(both(v("HIW", "III"), v("CAT", "III")), { 3, 5 }, "mutual disadvantage cancels")
  T.eq(both(v("SCH", "III"), v("HIB", "III")), { 5, 2 }, "mutual: SCH 5-2+2, HIB 2-2+2")
  T.eq(both(v("CAM", "III"), v("HIP", "III")), { 3, 7 }, "CAM has no disadvantage")
  T.eq(both(v("LIS", "III"), v("HIW", "III")), { 5, 2 }, "LIS 3+2, HIW 4-2")
end)

T.case("Melee modifiers, support: LIN/VLI behind HIS/HIN/HSC add half their base cf, round up", function()
  local foot_foe, horse_foe = v("HIN", "III"), v("HCC", "III")
  T.eq(cf(v("HIS", "III"), foot_foe, { support = v("LIN", "III") }), 7, "6 + half of 2")
  T.eq(cf(v("HIS", "III"), foot_foe, { support = v("LIN", "IV") }), 8, "6 + half of 3, round up")
  T.eq(cf(v("HIN", "III"), foot_foe, { support = v("VLI", "I") }), 6, "5 + half of 1, round up")
  T.eq(cf(v("HSC", "III"), horse_foe, { support = v("LIN", "IV") }), 4, "3 + half of LIN IV vs mounted (2)")
  T.raises(function() cf(v("HIP", "III"), foot_foe, { support = v("LIN", "III") }) end, "cannot support")
  T.raises(function() cf(v("HIS", "III"), foot_foe, { support = v("HIN", "III") }) end, "cannot support")
  T.raises(function() cf(v("HIS", "III", "RA"), foot_foe, { support = v("LIN", "III", "IF") }) end, "same army class")
end)

T.case("The Table, Table 2 (*): +1 higher up a gentle hill than the opponent", function()
  T.eq(cf(v("HIS", "III"), v("HIN", "III"), { uphill = true }), 7)
  T.eq(cf(v("HIS", "III"), v("HIN", "III"), { uphill = false }), 6)
end)

T.case("Melee modifiers apply in the text's order and explain themselves", function()
  local me = v("HIS", "IV", "RA", { accumulated_r = 2 })
  local value, terms = melee.modified_cf(me, v("HIW", "III"),
    { in_bad_going = true, overlaps = { true }, support = v("VLI", "II"), uphill = true }, true)
  -- 7 -> 4 (cp) -> 3 (overlap) -> 2 (two R) -> 0 (HIW disadvantage) -> 1 (support) -> 2 (uphill)
  T.eq(value, 2)
  local ids = {}
  for i, t in ipairs(terms) do ids[i] = t.id end
  T.eq(ids, { "combat_penalty", "overlapped", "repulses_regular", "disadvantage", "support", "uphill" })
  T.eq(M.describe(terms), {
    "-3 half cf: combat penalty (bad going, Table 3) (Melee Conditional Modifiers; Movement, Table 3)",
    "-1 overlapped by an opposing vignette contiguous to the one in front (Melee Conditional Modifiers)",
    "-1 every two R or RR accumulated (RA) (Melee Conditional Modifiers)",
    "-2 fighting a vignette classed as a disadvantage (Table 7) (Melee Conditional Modifiers; Table 7)",
    "+1 support-linked vignette behind: half its base cf, rounded up (Melee Conditional Modifiers)",
    "+1 higher up a gentle hill slope than the opponent (The Table, Table 2 (*))",
  })
  T.eq(combat.melee_modifiers:ids(), { "combat_penalty", "flank_or_rear", "overlapped", "repulses_regular",
    "repulses_informal", "disadvantage", "support", "opponent_disadvantaged", "uphill" })
end)

---------------------------------------------------------------------------
T.case("Results, Break: LSC/LIS/LIN/LIW/VLI breaking against HI or elephants take RR instead", function()
  -- LIN III (2) vs HIS III (6): -4, die 1 -> Break for the LIN, converted
  local o = fight(v("LIN", "III"), v("HIS", "III"), nil, 1)
  T.eq({ o.table_results.attacker, o.attacker_result, o.defender_result }, { "B", "RR", "S" })
  T.eq(o.conversions[1], { side = "attacker", from = "B", to = "RR",
    rule = "Results, Break: light troops against HI or elephants" })
  -- the defender's side too: HIP V (9) vs LIN III (2), die 3 -> B -> RR
  o = fight(v("HIP", "V"), v("LIN", "III"), nil, 3)
  T.eq({ o.attacker_result, o.defender_result }, { "S", "RR" })
  -- every pair: who converts, against whom (cf unreduced)
  local light = { LSC = true, LIS = true, LIN = true, LIW = true, VLI = true }
  local heavy = { HIP = true, HIS = true, HIB = true, HIN = true, HIW = true, PEL = true, IND = true, AFR = true }
  for _, me in ipairs(troops.order) do
    for _, foe in ipairs(troops.order) do
      local expected = (light[me] and heavy[foe]) and "RR" or "B"
      T.eq(melee.break_to_rr("B", v(me, "III"), v(foe, "III"), 3, 3), expected, me .. " broken by " .. foe)
      T.eq(melee.break_to_rr("R", v(me, "III"), v(foe, "III"), 3, 3), "R", "only a B converts")
    end
  end
  o = fight(v("HIN", "I"), v("HIP", "V"), nil, 1)
  T.eq(o.attacker_result, "B", "HIN is not light: the Break stands")
end)

T.case("Results, Break: the B stands if the light vignette's cf was already reduced to half or less", function()
  -- LIN III RA base 2, two R accumulated -> 1 = half of 2: Break stands
  local o = fight(v("LIN", "III", "RA", { accumulated_r = 2 }), v("HIS", "III"), nil, 1)
  T.eq({ o.attacker_cf, o.attacker_result }, { 1, "B" })
  -- LIN IV IF base 3, one R -> 2 > half of 3 (2, round up)? 2 is not more than 2: Break stands
  o = fight(v("LIN", "IV", "IF", { accumulated_r = 1 }), v("HIS", "III"), nil, 1)
  T.eq({ o.attacker_cf, o.attacker_result }, { 2, "B" })
  -- LIN IV base 3 unreduced: converted
  o = fight(v("LIN", "IV"), v("HIS", "V"), nil, 1)
  T.eq(o.attacker_result, "RR")
  -- VLI base 1 unreduced is not "reduced to half": converted; reduced to 0: stands
  o = fight(v("VLI", "II"), v("HIP", "V"), nil, 1)
  T.eq(o.attacker_result, "RR")
  o = fight(v("VLI", "II", "IF", { accumulated_r = 1 }), v("HIP", "V"), nil, 1)
  T.eq({ o.attacker_cf, o.attacker_result }, { 0, "B" })
end)

T.case("Results, RR: a repulse into friends within half the move becomes a Break", function()
  local his, hin = v("HIS", "IV"), v("HIN", "III")
  local function attacker_result(friends, die)
    return fight(his, hin, { attacker = { friends_behind = friends, overlaps = { true, true } } }, die or 3).attacker_result
  end
  T.eq(attacker_result(nil), "R")
  T.eq(attacker_result(true), "B")
  T.eq(attacker_result(0.5), "B", "half of one move")
  T.eq(attacker_result(0.25), "B")
  T.eq(attacker_result(0.6), "R", "further than half: the repulse stands")
  T.eq(attacker_result(true, 4), "S", "friends behind do not matter to a vignette that stands")
  -- RR: half of two moves
  local function light(friends)
    return fight(v("LIN", "III"), v("HIS", "III"), { attacker = { friends_behind = friends } }, 1)
  end
  T.eq(light(1.0).attacker_result, "B")
  T.eq(light(1.1).attacker_result, "RR")
  local o = light(0.8)
  T.eq(o.conversions, {
    { side = "attacker", from = "B", to = "RR", rule = "Results, Break: light troops against HI or elephants" },
    { side = "attacker", from = "RR", to = "B", rule = "Results, RR: repulse into friends within half the move" },
  })
  -- the defender's friends
  o = fight(his, hin, { defender = { friends_behind = true } }, 3)
  T.eq({ o.attacker_result, o.defender_result, o.table_results.defender }, { "S", "B", "R" })
end)

T.case("Results, Repulsed: IF Class III, IV or V opponents of a repulsed vignette follow up", function()
  -- HIW III (4+2) vs HIS III (6-2): +2, die 3 -> S / R
  local function attacker_follows(army, integrity, die)
    local o = fight(v("HIW", integrity, army), v("HIS", "III"), nil, die or 3)
    return o.attacker_follows_up, o.defender_follows_up, o.defender_result
  end
  T.eq({ attacker_follows("IF", "III") }, { true, false, "R" })
  T.eq({ attacker_follows("IF", "IV", 1) }, { true, false, "R" }, "IV: 7 vs 4, +3, die 1")
  T.eq({ attacker_follows("IF", "V", 2) }, { true, false, "R" }, "V: 8 vs 4, +4, die 2")
  T.eq({ attacker_follows("IF", "V", 3) }, { false, false, "B" }, "a broken opponent is not followed")
  T.eq({ attacker_follows("IF", "II") }, { false, false, "R" }, "Class II does not")
  T.eq({ attacker_follows("RA", "III") }, { false, false, "R" }, "RA does not")
  T.eq({ attacker_follows("IF", "III", 5) }, { false, false, "B" }, "a broken opponent is not followed")
  -- the defender follows a repulsed attacker: HIS III (4) vs IF HIW IV (7), -3, die 6
  local o = fight(v("HIS", "III"), v("HIW", "IV", "IF"), nil, 6)
  T.eq({ o.attacker_result, o.defender_result, o.attacker_follows_up, o.defender_follows_up },
       { "R", "S", false, true })
  -- the helper the battle engine may call directly
  T.eq(melee.follows_up(v("HIW", "III", "IF"), "S", "RR"), true)
  T.eq(melee.follows_up(v("HIW", "III", "IF"), "R", "R"), false, "only a vignette that stood")
  T.eq(melee.follows_up(v("HIW", "II", "IF"), "S", "R"), false)
  -- an RR (converted Break) is followed too
  o = fight(v("LIN", "III"), v("HIN", "III", "IF"), nil, 1)
  T.eq({ o.attacker_result, o.defender_follows_up }, { "RR", true })
end)

---------------------------------------------------------------------------
T.case("Fast path (resolve without explanation, adjudicate) equals the modifier list: every class pair and integrity, many situations", function()
  local situations = {
    {},
    { attacker = { in_bad_going = true }, defender = { flank_or_rear = true } },
    { attacker = { overlaps = { true, 2 } }, defender = { overlaps = { 1 }, uphill = true } },
    { attacker = { flank_or_rear = true, in_bad_going = true, uphill = true }, defender = { in_bad_going = true } },
    { attacker = { friends_behind = 0.7 }, defender = { friends_behind = true } },
  }
  local armies = { { "RA", "IF" }, { "IF", "RA" } }
  local accumulated = { {}, { accumulated_r = 1, accumulated_rr = 1 }, { accumulated_r = 3 },
                        { accumulated_rr = 2 }, { accumulated_r = 2, accumulated_rr = 3 } }
  local checked = 0
  for _, a_code in ipairs(troops.order) do
    for _, d_code in ipairs(troops.order) do
      for _, ai in ipairs(troops.classes[a_code].integrity) do
        for _, di in ipairs(troops.classes[d_code].integrity) do
          local k = checked
          local s = situations[k % #situations + 1]
          local arm = armies[k % 2 + 1]
          local acc = accumulated[k % #accumulated + 1]
          local a, d = v(a_code, ai, arm[1], acc), v(d_code, di, arm[2])
          local die = k % 6 + 1
          local fast = combat.melee(a, d, s, T.forced_dice({ die }), false)
          local slow = combat.melee(a, d, s, T.forced_dice({ die }), true)
          for _, key in ipairs({ "attacker_cf", "defender_cf", "attacker_result", "defender_result",
                                 "attacker_follows_up", "defender_follows_up", "difference", "die" }) do
            if fast[key] ~= slow[key] then
              error(string.format("%s %s vs %s %s: %s fast %s, list %s", a_code, ai, d_code, di, key,
                tostring(fast[key]), tostring(slow[key])))
            end
          end
          -- adjudicate: the same answers as values
          local values = { melee.adjudicate(a, d, s, T.forced_dice({ die })) }
          for i, key in ipairs({ "attacker_result", "defender_result", "die", "difference", "attacker_cf",
                                 "defender_cf", "attacker_follows_up", "defender_follows_up" }) do
            if values[i] ~= slow[key] then
              error(string.format("%s %s vs %s %s: adjudicate's %s %s, resolve %s", a_code, ai, d_code, di, key,
                tostring(values[i]), tostring(slow[key])))
            end
          end
          checked = checked + 1
        end
      end
    end
  end
  T.truthy(checked > 5000, "checked " .. checked .. " pairings")
  -- support, only where the rules allow it
  for _, code in ipairs({ "HIS", "HIN", "HSC" }) do
    for _, behind in ipairs({ "LIN", "VLI" }) do
      for _, foe in ipairs({ "HIP", "HCC", "PEL" }) do
        local s = { attacker = { support = v(behind, "III") } }
        local fast = combat.melee(v(code, "III"), v(foe, "III"), s, T.forced_dice({ 4 }), false)
        local slow = combat.melee(v(code, "III"), v(foe, "III"), s, T.forced_dice({ 4 }), true)
        T.eq(fast.attacker_cf, slow.attacker_cf, behind .. " behind " .. code .. " vs " .. foe)
      end
    end
  end
end)

T.case("Melee modifiers: options and house rules patch the list by id, and both paths obey", function()
  local original = melee.modifiers
  local patched = original:copy("phalanx.melee (test)")
  melee.modifiers = patched
  local ok, err = pcall(function()
    patched:remove("uphill")
    patched:add(melee.optional.field_defences)
    local situation = { attacker = { uphill = true, opponent_behind_field_defences = true } }
    for _, explain in ipairs({ false, true }) do
      local o = combat.melee(v("HIS", "III"), v("HIN", "III"), situation, T.forced_dice({ 3 }), explain)
      T.eq(o.attacker_cf, 5, "no uphill, -1 field defences (explain " .. tostring(explain) .. ")")
    end
    T.eq(melee.list_is_default(patched), false)
  end)
  melee.modifiers = original
  if not ok then error(err, 0) end
  -- patching the module's own list is seen at once by the fast path
  original:replace("uphill", { id = "uphill", text = "uphill x3", add = 3, when = function(c) return c.side.uphill end })
  local o = combat.melee(v("HIS", "III"), v("HIN", "III"), { attacker = { uphill = true } }, T.forced_dice({ 3 }), false)
  original:replace("uphill", melee.entry(require("phalanx.tables").melee_modifiers[9]))
  T.eq(o.attacker_cf, 9, "6 + 3")
  o = combat.melee(v("HIS", "III"), v("HIN", "III"), { attacker = { uphill = true } }, T.forced_dice({ 3 }), false)
  T.eq(o.attacker_cf, 7, "restored")
end)

T.case("Artillery (optional rule): -1 in melee for a vignette with attached artillery, once the option adds it", function()
  local gunners = v("HIN", "III", "RA", { artillery = "attached" })
  T.eq(cf(gunners, v("HIN", "III")), 5, "not part of the base rules")
  melee.modifiers:add(melee.optional.attached_artillery)
  local ok, err = pcall(function()
    T.eq(cf(gunners, v("HIN", "III")), 4)
    T.eq(cf(v("HIN", "III"), v("HIN", "III"), { attached_artillery = true }), 4, "or named by the situation")
  end)
  melee.modifiers:remove("attached_artillery")
  if not ok then error(err, 0) end
  T.eq(cf(gunners, v("HIN", "III")), 5, "removed again")
end)
