-- WRG Ancients 1973: the pure adjudications. Every tactical factor of
-- shooting and hand-to-hand combat, every reaction factor, the random
-- factors, the worked example of the text, and what happens after a melee.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local S = require("wrg.shooting")
local H = require("wrg.melee")
local R = require("wrg.reaction")
local C = require("wrg.chance")
local troops = require("wrg.troops")

local function unit(t) t.figures = t.figures or 10; t.ranks = t.ranks or 1; t.class = t.class or "C"
  if t.regular == nil then t.regular = true end; return t end

-- Dice 3 / 3: a random factor of 0.
local function even() return dice.forced({ 3, 3 }) end

T.case("SHOOTING, example: 10 slingers and horse archers galloping past (the printed arithmetic)", function()
  -- "Slingers weapon factor against light cavalry is 1. (Now 2). Tactical
  -- factors are -1 because cavalry are moving more than 60 yards, +1 because
  -- horse archers cannot use shields while firing. Red dice scores 3, black
  -- dice 5, Black is higher, so add 1. Total of factors is 2. 10 men firing
  -- with factor of 2 cause 13 casualties."
  local slingers = unit{ type = "LI", weapons = { "sling" }, figures = 10 }
  local horse_archers = unit{ type = "LC", weapons = { "bow", "sword" }, regular = false }
  local out = S.shoot(slingers, horse_archers, { target_moved = 100, target_shield = { shooting_two_handed = true }, figures = 10 },
    dice.forced({ 3, 5 }), true)
  T.eq(out.weapon, 2, "now 2")
  T.eq(out.tactical, 0, "-1 moving, +1 shieldless")
  T.eq(out.random.value, 1, "black higher: add 1")
  -- the example's own total with its original weapon factor of 1:
  T.eq(out.total - 1, 2)
  T.eq(require("wrg.tables").casualties(2, 10), 13, "10 men firing with factor of 2 cause 13 casualties")
  T.eq(out.casualties, 16, "with the amended factor of 2 the total is 3: 16 casualties")
  T.eq(#out.terms, 2)
  -- "No figures removed, carry 13 casualties forward": 13 < 20 men.
  T.eq(13 // 20, 0)
end)

T.case("SHOOTING, RANDOM FACTOR: +1 / -1 / 0, and E types", function()
  local reg = { regular = true, class = "C" }
  T.eq({ C.shooting_value(reg, 2, 5), C.shooting_value(reg, 5, 2), C.shooting_value(reg, 4, 4) }, { 1, -1, 0 })
  local e = { regular = false, class = "E" }
  T.eq({ C.shooting_value(e, 2, 6), C.shooting_value(e, 5, 1), C.shooting_value(e, 3, 3) }, { 0, -4, 0 })
  -- the dice: minus an average die, plus an average die for regulars, a normal one for barbarians
  T.raises(function() C.shooting(reg, dice.forced({ 3, 6 })) end, "cannot show")
  T.eq(C.shooting({ regular = false, class = "D" }, dice.forced({ 3, 6 })).value, 1)
  T.raises(function() C.shooting(reg, dice.forced({ 1, 3 })) end, "cannot show")
end)

T.case("HAND-TO-HAND, RANDOM FACTOR: the whole difference; E types +1 at most; the General in front", function()
  local reg = { regular = true, class = "B" }
  T.eq({ C.melee_value(reg, 2, 5), C.melee_value(reg, 5, 2), C.melee_value(reg, 3, 3) }, { 3, -3, 0 })
  T.eq(C.melee_value({ regular = false, class = "D" }, 2, 6), 4)
  T.eq(C.melee_value({ regular = false, class = "E" }, 2, 6), 1)
  T.eq(C.melee_value({ regular = false, class = "E" }, 5, 1), -4)
  T.eq(C.melee_value(reg, 5, 2, true), 0, "the General disregards a minus result")
  T.eq(C.melee_value({ regular = false, class = "E" }, 5, 1, true), -4, "unless E types")
end)

-- Each shooting tactical factor alone, from a baseline of 0.
T.case("SHOOTING, TACTICAL FACTORS: each one", function()
  local bows = unit{ type = "LI", weapons = { "bow" } }
  local xbow = unit{ type = "MI", weapons = { "crossbow" } }
  local stone = unit{ type = "ENG", engine = "stone_30_mina", figures = 1 }
  local bolt = unit{ type = "ENG", engine = "light_bolt", figures = 1 }
  local hi = unit{ type = "HI", weapons = { "spear" } }
  local function tac(sh, tg, s) return S.shoot(sh, tg, s, even()).tactical end
  T.eq(tac(bows, hi, {}), 0)
  T.eq(tac(bows, hi, { partial_cover = true }), -1, "partial cover")
  T.eq(tac(bolt, hi, { partial_cover = true }), -1, "bolt-throwers too")
  T.eq(tac(stone, hi, { partial_cover = true }), 0, "not stone-throwing engines")
  T.eq(tac(bows, hi, { target_moved = 60 }), -1, "target moving at least 60 paces")
  T.eq(tac(bows, hi, { target_moved = 59 }), 0)
  T.eq(tac(bows, hi, { range = 121 }), -1, "foot archers beyond half of 240")
  T.eq(tac(bows, hi, { range = 120 }), 0)
  T.eq(tac(xbow, hi, { range = 151 }), -1, "crossbows beyond half of 300")
  local ha = unit{ type = "LC", weapons = { "bow" } }
  T.eq(tac(ha, hi, { range = 61 }), -1, "mounted archers beyond half of 120")
  local slings = unit{ type = "LI", weapons = { "sling" } }
  T.eq(tac(slings, hi, { range = 100 }), 0, "slings have no half-range penalty")
  T.eq(tac(bows, hi, { overhead = true }), -1, "shooting overhead")
  T.eq(tac(bows, hi, { overhead = true, overhead_exempt = true }), 0, "down a slope or from an elephant")
  local shieldless_hi = unit{ type = "HI", weapons = { "pike" }, shield = false }
  T.eq(tac(bows, shieldless_hi, {}), 1, "heavy infantry without shields")
  T.eq(tac(bows, unit{ type = "LI", weapons = { "javelin" } }, { target_shield = { rear = true } }), 1, "light infantry shot from the rear")
  T.eq(tac(bows, unit{ type = "HC", weapons = { "spear" } }, { target_shield = { unshielded_flank = true } }), 1, "cavalry")
  T.eq(tac(bows, unit{ type = "MI", weapons = { "javelin" }, shield = false }), 2, "medium infantry")
  T.eq(tac(bows, unit{ type = "LMI", weapons = { "javelin" }, shield = false }), 2, "light-medium count as medium")
  T.eq(tac(bows, unit{ type = "LHI", weapons = { "javelin" }, shield = false }), 1, "light-heavy count as heavy")
  T.eq(tac(stone, shieldless_hi, {}), 0, "not with engines")
  T.eq(tac(bows, unit{ type = "SHC", weapons = { "kontos" }, shield = false }), 0, "super heavy cavalry need no shields")
  T.eq(tac(bows, hi, { base_frontage = 14 }), -1, "transition period, base under 15mm")
  T.eq(tac(bows, hi, { base_frontage = 10 }), -2, "under 12mm")
  T.eq(#S.modifiers:ids(), 7)
end)

T.case("SPECIAL TARGET VULNERABILITIES: LMI as medium, LHI as heavy, EHC front and flank, engines as LI", function()
  local bows = unit{ type = "LI", weapons = { "bow" } }
  T.eq({ S.weapon_factor(bows, { type = "LMI" }) }, { 3, "MI" })
  T.eq({ S.weapon_factor(bows, { type = "LHI" }) }, { 2, "HI" })
  T.eq({ S.weapon_factor(bows, { type = "EHC" }, true) }, { 0, "SHC" })
  T.eq({ S.weapon_factor(bows, { type = "EHC" }, false) }, { 3, "HC" })
  T.eq({ S.weapon_factor(bows, { type = "ENG" }) }, { 2, "LI" })
  T.eq({ S.weapon_factor(unit{ type = "MI", weapons = { "crossbow" } }, { type = "EL" }) }, { 1, "EL" })
  T.eq({ S.weapon_factor(unit{ type = "LI", weapons = { "staff_sling" } }, { type = "HC" }) }, { 3, "HC" }, "staff-slings in the second row")
end)

T.case("SHOOTING: figures that shoot (front rank, bows over ranks, disorganised half)", function()
  local reg_bows = unit{ type = "LI", weapons = { "bow" }, figures = 24, ranks = 4, files = 6 }
  T.eq(S.figures(reg_bows, {}), 24, "regular infantry over 3 ranks")
  T.eq(S.figures(reg_bows, { moved = true }), 6, "not when moving")
  local barb = unit{ type = "LI", weapons = { "bow" }, figures = 24, ranks = 4, files = 6, regular = false }
  T.eq(S.figures(barb, {}), 12, "barbarians over one rank")
  local javs = unit{ type = "LI", weapons = { "javelin" }, figures = 24, ranks = 4, files = 6 }
  T.eq(S.figures(javs, {}), 6)
  javs.disorganised = true
  T.eq(S.figures(javs, {}), 3, "half the nearest rank")
  T.eq(S.figures(unit{ type = "ENG", engine = "heavy_bolt", figures = 2 }, {}), 6, "each crew figure shoots")
end)

T.case("HAND-TO-HAND, TACTICAL FACTORS: each one", function()
  local hi = unit{ type = "HI", weapons = { "spear" }, figures = 12 }
  local mi = unit{ type = "MI", weapons = { "javelin" }, figures = 12 }
  local function tac(f, e, s) return H.strike(f, e, s, even()).tactical end
  T.eq(tac(hi, mi, {}), 0)
  T.eq(tac(hi, mi, { enemy_partial_cover = true }), -1, "enemy behind partial cover")
  local pikes = unit{ type = "HI", weapons = { "pike" }, figures = 12 }
  local spears = unit{ type = "HI", weapons = { "long_spear" }, figures = 12 }
  local shortspears = unit{ type = "HI", weapons = { "spear" }, figures = 12 }
  local function ids(f, e, s)
    local out = {}
    for _, t in ipairs(H.strike(f, e, s, even(), true).terms) do out[#out + 1] = t.id end
    return table.concat(out, " ")
  end
  T.eq(ids(mi, pikes, {}), "facing_pikes shieldless_cav_light_heavy", "facing pikes (who are shieldless heavy infantry)")
  T.eq(tac(mi, pikes, {}), 0)
  T.eq(tac(mi, spears, {}), -1, "facing long spears")
  T.eq(tac(mi, shortspears, {}), 0, "short spears do not count")
  T.eq(ids(pikes, pikes, {}), "shieldless_cav_light_heavy", "pikes facing pikes: no penalty")
  T.eq(ids(mi, pikes, { enemy_pushed_back = true }), "shieldless_cav_light_heavy", "pikes pushed back this melee")
  local dis = unit{ type = "HI", weapons = { "pike" }, figures = 12, disorganised = true }
  T.eq(ids(mi, dis, {}), "shieldless_cav_light_heavy", "disorganised pikes")
  T.eq(ids(mi, spears, { flank_or_rear = true }), "", "from the flank the spears do not face")
  local el = unit{ type = "EL", crew = { "pike", "bow" }, figures = 1, regular = false }
  T.eq(tac(hi, el, {}), -1, "elephants with pike crew")
  local fan = unit{ type = "MI", weapons = { "axe" }, fanatic = true, regular = false, figures = 12 }
  T.eq(tac(fan, hi, { fanatic_periods = 0 }), 2, "fanatics in their first period of close combat of the game")
  T.eq(tac(fan, hi, { fanatic_periods = 1 }), -1, "second and subsequent")
  T.eq(tac(hi, mi, { missile_per_figure = 1 }), -1, "each casualty per figure from missiles")
  T.eq(tac(hi, mi, { missile_per_figure = 2.5 }), -2)
  T.eq(tac(hi, unit{ type = "HC", weapons = { "spear" }, shield = false }, {}), 1, "shieldless cavalry")
  T.eq(tac(hi, unit{ type = "LI", weapons = { "javelin" }, shield = false }, {}), 1, "shieldless light infantry")
  T.eq(tac(hi, unit{ type = "MI", weapons = { "javelin" }, shield = false }, {}), 2, "shieldless medium infantry")
  T.eq(tac(hi, unit{ type = "MI", weapons = { "axe" } }, { enemy_row = "axe" }), 2, "two-handed axe: shieldless")
  T.eq(tac(hi, mi, { charging = true }), 1, "charging, countercharging or following up")
  T.eq(tac(hi, mi, { uphill = true }), 1, "up slope")
  T.eq(tac(hi, unit{ type = "SHC", weapons = { "kontos" } }, { flank_or_rear = true }), 2, "flank or rear of super heavy cavalry")
  T.eq(tac(hi, mi, { base_frontage = 10 }), -2, "transition period")
  T.eq(#H.modifiers:ids(), 11)
end)

T.case("HAND-TO-HAND: weapon rows, choice of weapons, crews, EHC", function()
  local lancers = unit{ type = "HC", weapons = { "lance", "sword" } }
  local mi = unit{ type = "MI", weapons = { "javelin" } }
  T.eq(H.choose_row(lancers, mi, true), "kontos")
  T.eq(H.choose_row(lancers, mi, false), "cav_spear", "lance only in the first period")
  T.eq(H.strike(lancers, mi, { first_period = true }, even()).weapon, 5)
  T.eq(H.strike(lancers, mi, { first_period = false }, even()).weapon, 4)
  local legion = unit{ type = "HI", weapons = { "pilum", "javelin" } }
  T.eq(H.choose_row(legion, mi, true), "pilum")
  T.eq(H.choose_row(legion, unit{ type = "LC" }, true), "javelin", "javelins are better against light cavalry")
  local el = unit{ type = "EL", crew = { "pike", "bow" }, regular = false, figures = 1 }
  T.eq(H.strike(el, mi, {}, even()).weapon, 4 + 4 + 1)
  T.eq(H.strike(el, mi, { model_flank_only = true }, even()).weapon, 5, "flank only: the crew's share")
  local ch = unit{ type = "CH", crew = { "javelin" }, regular = false, figures = 1 }
  T.eq(H.strike(ch, mi, {}, even()).weapon, 5 + 2)
  local ehc = { type = "EHC" }
  T.eq(H.strike(legion, ehc, { first_period = true }, even()).column, "SHC")
  T.eq(H.strike(legion, ehc, { first_period = false }, even()).column, "HC")
end)

T.case("FIGURES ELIGIBLE TO TAKE PART: ranks of regular infantry, barbarians one rank, disorganised half", function()
  local pikes = unit{ type = "HI", weapons = { "pike" }, figures = 32, ranks = 4, files = 8 }
  T.eq(H.figures(pikes, { files = 8 }), 32, "4 ranks of pike")
  local hoplites = unit{ type = "HI", weapons = { "spear" }, figures = 24, ranks = 4, files = 6 }
  T.eq(H.figures(hoplites, { files = 6 }), 9, "1 1/2 ranks")
  T.eq(H.figures(hoplites, { files = 5 }), 7, "half a figure rounded down")
  local barb = unit{ type = "HI", weapons = { "spear" }, figures = 24, ranks = 4, files = 6, regular = false }
  T.eq(H.figures(barb, { files = 6 }), 6, "barbarians: the front rank only")
  local cav = unit{ type = "HC", weapons = { "spear" }, figures = 12, ranks = 2, files = 6 }
  T.eq(H.figures(cav, { files = 6 }), 6)
  hoplites.disorganised = true
  T.eq(H.figures(hoplites, { files = 6 }), 3, "half the nearest rank")
end)

T.case("AFTER HAND-TO-HAND FIGHTING: push back, break, consecutive push-backs by class", function()
  local c = { class = "C" }
  T.eq(H.after(c, { received = 30, inflicted = 20, figures = 24 }).pushed_back, true)
  T.eq(H.after(c, { received = 30, inflicted = 20, figures = 24 }).broken, false)
  T.eq(H.after(c, { received = 20, inflicted = 10, figures = 24, missile = 0 }).pushed_back, false, "1 per figure needed")
  T.eq(H.after(c, { received = 20, inflicted = 10, figures = 24, missile = 4 }).broken, true, "melee and missiles combined, twice")
  T.eq(H.after(c, { received = 40, inflicted = 20, figures = 24 }).reason, "twice")
  T.eq(H.after(c, { received = 30, inflicted = 30, figures = 24 }).pushed_back, false, "equal: the melee continues")
  for cls, n in pairs({ A = 5, B = 4, C = 3, D = 2, E = 1 }) do
    local r
    if n > 1 then
      r = H.after({ class = cls }, { received = 30, inflicted = 20, figures = 24, push_backs = n - 2 })
      T.eq(r.broken, false, cls .. " before its count")
    end
    r = H.after({ class = cls }, { received = 30, inflicted = 20, figures = 24, push_backs = n - 1 })
    T.eq(r.broken, true, cls .. " breaks on push-back " .. n)
  end
end)

-- THE REACTION TEST
local function rt(u, s, values)
  u.class = u.class or "C"; u.regular = u.regular ~= false; u.figures = u.figures or 20; u.original = u.original or u.figures
  u.type = u.type or "HI"; u.weapons = u.weapons or { "spear" }
  return R.test(u, s, dice.forced(values or { 3, 3, 4 }), true)
end

T.case("THE REACTION TEST: each factor alone", function()
  local base = rt({}, {}).score
  T.eq(base, 10)
  local single = {
    other_friends_in_sight = 1, friends_advancing = 1, friends_charging = 1, support_to_rear = 1, enemy_retiring = 1,
    enemy_flank_presented = 1, uphill_of_enemy = 1, friendly_cover = 1, other_enemy_in_sight = -1, enemy_cavalry = -1,
    enemy_advancing = -1, shot_by_half = -1, shot_by_engines = -1, enemy_behind_flank = -1, enemy_in_rear = -1,
    enemy_uphill = -1, friends_retiring = -1, disorganised = -1, retiring = -1, bows = -1, no_shields = -1,
    fanatics_charge = -1, huns = -1, fanatics_in_reach = 2, unfriendly_cover = -2, elephants_chariots = -2, fire = -2,
    surprised = -2, horses_scared = -2, subunit_beyond = -2, fresh_enemy = -2, general_lost = -2, routed = -2,
    e_in_rout = -2, army_test = -2, li_vs_heavier = -2, general_with_unit = 3, general_near = 1, cover_square_defences = 2,
  }
  for id, add in pairs(single) do
    T.eq(rt({}, { [id] = true }).score - base, add, id)
  end
  local counted = { friendly_units = { 1, 4 }, enemy_units = { -1, 4 }, enemy_routing = { 2 }, friends_routing = { -2 },
                    secure_flanks = { 1, 2 }, fifths_lost = { -1 } }
  for id, v in pairs(counted) do
    T.eq(rt({}, { [id] = 1 }).score - base, v[1], id .. " x1")
    T.eq(rt({}, { [id] = 3 }).score - base, v[1] * math.min(3, v[2] or 3), id .. " x3")
    if v[2] then T.eq(rt({}, { [id] = 9 }).score - base, v[1] * v[2], id .. " capped") end
  end
  T.eq(#R.modifiers:ids(), 45)
end)

T.case("THE REACTION TEST: players choice signs; cautious and rash subordinates", function()
  T.eq(rt({}, { general_with_unit = true, signs = { general_with_unit = -1 } }).score, 7)
  T.eq(rt({}, { cover_square_defences = true, signs = { cover_square_defences = -1 } }).score, 8)
  T.eq(rt({}, { general_near = true, personality = "cautious" }).score, 9, "a cautious man has only a minus effect")
  T.eq(rt({}, { general_near = true, personality = "rash", signs = { general_near = -1 } }).score, 11, "a rash, only plus")
end)

T.case("THE REACTION TEST: the unit's own factors, dice by losses, dice by type", function()
  T.eq(rt({ weapons = { "bow" } }, {}).score, 9, "bows")
  T.eq(rt({ shield = false }, {}).score, 9, "no shields")
  T.eq(rt({ type = "SHC", weapons = { "kontos" }, shield = false }, {}).score, 10, "SHC need none")
  T.eq(rt({ disorganised = true }, {}).score, 9)
  T.eq(rt({ routing = true, class = "E", regular = false }, {}, { 3, 3, 4 }).score, 6, "in rout and E in rout")
  T.eq(rt({ figures = 20, original = 24 }, {}).dice, 3)
  T.eq(rt({ figures = 16, original = 24 }, {}, { 3, 3 }).dice, 2, "1/3 lost: 2 dice")
  T.eq(rt({ figures = 12, original = 24 }, {}, { 3 }).dice, 1, "1/2 lost: 1 die")
  T.eq(rt({ figures = 16, original = 24 }, {}, { 3, 3 }).score, 6 - 1, "and one fifth lost")
  T.raises(function() rt({}, {}, { 3, 3, 6 }) end, "cannot show", "regulars throw probability dice")
  T.eq(rt({ regular = false, class = "D" }, {}, { 1, 6, 6 }).natural, 13, "barbarians throw normal dice")
end)

T.case("THE REACTION TEST: results on both charts", function()
  T.eq(rt({ class = "A" }, { chart = 1 }, { 3, 3, 4 }).result, "carry_on")
  T.eq(rt({ class = "E", regular = false }, { chart = 1, friendly_units = 3 }, { 3, 3, 4 }).result, "act_as_c_in_c")
  T.eq(rt({ class = "C" }, { chart = 2 }, { 3, 3, 4 }).result, "move_to_enemy")
  T.eq(rt({ class = "C" }, { chart = 2, friends_routing = 2 }, { 3, 3, 4 }).result, "move_to_friends")
  T.eq(R.better_than_halt("carry_on"), true)
  T.eq(R.better_than_halt("halt"), false)
  T.eq(R.better_than_halt("move_to_friends"), false)
end)

-- The enemy's row and whether it can use its shield are worked out once a
-- strike (wrg.melee: the tactical factors ask them up to three times). Each
-- factor asked on its own, with a fresh context that remembers nothing,
-- must hold exactly when the strike applied it: 6 x 6 troop types, with
-- and without shields, in 8 situations (fails with the row kept across
-- strikes, or with the shield's answer kept under the wrong row).
T.case("HAND-TO-HAND, TACTICAL FACTORS: the enemy's row and shield worked out once a strike, each factor as asked alone", function()
  local kinds = {
    { type = "HI", weapons = { "pike" } }, { type = "HI", weapons = { "long_spear", "sword" }, shield = true },
    { type = "MI", weapons = { "javelin", "spear" }, shield = true }, { type = "LC", weapons = { "bow", "sword" } },
    { type = "HC", weapons = { "lance", "sword" }, shield = true }, { type = "LI", weapons = { "javelin" } },
  }
  local sits = { {}, { first_period = true }, { first_period = false }, { flank_or_rear = true, from_front = false },
                 { enemy_shield = { rear = true } }, { enemy_shield = { unshielded_flank = true } }, { charging = true, uphill = true },
                 { enemy_row = "pike" } }
  local checked, applied = 0, 0
  for _, a in ipairs(kinds) do
    for _, b in ipairs(kinds) do
      for _, s in ipairs(sits) do
        local f = unit{ type = a.type, weapons = a.weapons, shield = a.shield or false, figures = 12 }
        local e = unit{ type = b.type, weapons = b.weapons, shield = b.shield or false, figures = 12 }
        local out = H.strike(f, e, s, even(), true)
        local got = {}
        for _, t in ipairs(out.terms) do got[t.id] = true end
        for _, entry in ipairs(H.modifiers.entries) do
          local fresh = { fighter = f, enemy = e, s = s, column = out.column, row = out.row }
          local holds = entry.when(fresh) and true or false
          local add = entry.add
          if type(add) == "function" then add = add(fresh) end
          if add == 0 then holds = false end -- (a term that adds nothing is not listed)
          T.eq(got[entry.id] or false, holds, string.format("%s: %s against %s", entry.id, a.type, b.type))
          checked = checked + 1
          if holds then applied = applied + 1 end
        end
      end
    end
  end
  T.truthy(applied > 50 and applied < checked / 2, string.format("%d factors applied of %d asked", applied, checked))
end)
