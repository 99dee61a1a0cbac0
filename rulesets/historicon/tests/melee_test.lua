-- Phase 5 melee and Table 4.
local T = require("lib.testing")
local Me = require("historicon.melee")

local function u(t)
  local x = { class = "HI", sub = "HIN", figures = 16, ranks = 2, grade = "A" }
  for k, v in pairs(t or {}) do x[k] = v end
  return x
end
local function ids(pool)
  local out = {}
  for i, t in ipairs(pool.terms) do out[i] = t.id end
  return out
end

-- A one-rank foot unit of 16 (unformed: all fight, no rank bonus) isolates
-- each Table 4 entry: 16 basic dice, 4 groups of four.
local base = u({ formed = false })
local hi_enemy = u({})
local hc_enemy = { class = "HC", figures = 16, ranks = 2 }

T.case("Phase 5: to hit from Table 2 'To Hit if Ord/Dis' of the fighting unit", function()
  local expected = { HI = { 3, 5 }, LI = { 4, 5 }, VLI = { 5, 5 }, HCH = { 4, 6 }, LCH = { 4, 6 },
                     KC = { 3, 6 }, HC = { 4, 6 }, LC = { 5, 6 }, EI = { 3, 6 }, C = { 5, 5 } }
  for class, e in pairs(expected) do
    T.eq({ Me.hit_on({ class = class }), Me.hit_on({ class = class, disordered = true }) }, e, class)
  end
end)

T.case("Phase 5: only the front rank fights, all of it; dice per Table 2 last column", function()
  T.eq(Me.pool(u({ ranks = 4, figures = 24 }), hi_enemy, {}, true).basic, 6)
  T.eq(Me.pool({ class = "EI", figures = 3, ranks = 1 }, hi_enemy, {}, true).basic, 12)     -- 4/Fig
  T.eq(Me.pool({ class = "HCH", figures = 4, ranks = 1, horses = 4, crew = 2 }, hi_enemy, {}, true).basic, 16) -- 1/Horse
  T.eq(Me.pool({ class = "LCH", figures = 4, ranks = 1 }, hi_enemy, {}, true).basic, 8)      -- 2 horses by default
  T.eq(Me.pool(u({}), hi_enemy, { front_figures = 5 }, true).basic, 5)                       -- engine override
end)

T.case("Phase 5: formed units cannot fight to their flank or rear; unformed turn and fight", function()
  T.eq(Me.pool(u({}), hi_enemy, { enemy_on_flank_or_rear = true }).dice, 0)
  T.eq(Me.pool(base, hi_enemy, { enemy_on_flank_or_rear = true }).dice, 16)
end)

T.case("Table 4 rank_depth: +1 die per 4 figures for each rank deeper", function()
  local p = Me.pool(u({ figures = 32, ranks = 4 }), hi_enemy, {}, true)   -- front 8: 2 groups, 3 ranks deeper
  T.eq(p.dice, 8 + 2 * 3); T.eq(ids(p), { "rank_depth" })
  T.eq(Me.pool(u({ figures = 16, ranks = 2 }), hi_enemy, {}).dice, 8 + 2)
end)

T.case("Phase 5: mounted count as if two ranks deep", function()
  T.eq(Me.counted_ranks({ class = "HC", ranks = 1 }), 2)
  T.eq(Me.counted_ranks({ class = "KC", ranks = 2 }), 2)
  T.eq(Me.counted_ranks({ class = "EI", ranks = 1 }), 2)
  T.eq(Me.counted_ranks(u({ formed = false, ranks = 3 })), 1)
  -- unformed mounted have no ranks either (reading: ranks are a formed unit's)
  T.eq(Me.counted_ranks({ class = "LC", formed = false, ranks = 1 }), 1)
  T.eq(Me.pool({ class = "LC", formed = false, figures = 16, ranks = 1 }, hi_enemy, {}).dice, 16)
  local p = Me.pool({ class = "HC", figures = 8, ranks = 1 }, hi_enemy, {}, true)
  T.eq(p.dice, 8 + 2); T.eq(ids(p), { "rank_depth" })
end)

local table4 = {
  { id = "hip_vs_mounted", unit = u({ formed = false, sub = "HIP" }), enemy = hc_enemy, delta = 8 },
  { id = "formed_flank_or_rear", unit = u({ figures = 4, ranks = 1 }), enemy = hi_enemy, situation = { flank_or_rear = true }, delta = 2, basic = 4 },
  { id = "liw_vs_hi_first_contact", unit = { class = "LI", sub = "LIW", formed = false, figures = 16 }, enemy = hi_enemy, situation = { first_contact = true }, delta = 8 },
  { id = "his_vs_mounted", unit = u({ formed = false, sub = "HIS" }), enemy = hc_enemy, delta = 4 },
  { id = "hiw_vs_hi_first_contact", unit = u({ formed = false, sub = "HIW" }), enemy = hi_enemy, situation = { first_contact = true }, delta = 4 },
  { id = "mounted_vs_light_foot", unit = { class = "LC", figures = 16, ranks = 1 }, enemy = { class = "VLI", figures = 8 }, delta = 4 + 4 },
  { id = "higher_ground", unit = base, enemy = hi_enemy, situation = { higher_ground = true }, delta = 4 },
  { id = "supplementary_shooting", unit = u({ formed = false, ss = true }), enemy = hi_enemy, delta = 4 },
  { id = "general", unit = u({ formed = false, general = true }), enemy = hi_enemy, delta = 4 },
  { id = "hib_or_disordered", unit = u({ formed = false, sub = "HIB" }), enemy = hi_enemy, delta = -4 },
  { id = "enemy_armoured", unit = base, enemy = u({ sub = "HIP", armour = true }), delta = -4 },
}
for _, m in ipairs(table4) do
  T.case("Table 4: " .. m.id, function()
    local p = Me.pool(m.unit, m.enemy, m.situation or {}, true)
    local basic = m.basic or 16
    T.eq(p.dice, basic + m.delta)
    local found = false
    for _, id in ipairs(ids(p)) do if id == m.id then found = true end end
    T.truthy(found, m.id .. " applied")
    T.eq(Me.modifiers:get(m.id).rule ~= nil, true)
  end)
end

T.case("Table 4: mounted fighting LI or VLI (terms in order: +1 light foot, then two ranks)", function()
  local p = Me.pool({ class = "LC", figures = 16, ranks = 1 }, { class = "LI", figures = 8 }, {}, true)
  T.eq(ids(p), { "mounted_vs_light_foot", "rank_depth" })
end)

T.case("Table 4: disordered units of any kind lose 1 die per 4; HIB disordered lose it once", function()
  T.eq(Me.pool(u({ formed = false, disordered = true }), hi_enemy, {}).dice, 12)
  T.eq(Me.pool(u({ formed = false, sub = "HIB", disordered = true }), hi_enemy, {}).dice, 12)
end)

T.case("Table 4: the conditions that must not fire", function()
  T.eq(Me.pool(u({ formed = false, sub = "HIW" }), hi_enemy, {}).dice, 16, "HIW after first contact")
  T.eq(Me.pool({ class = "LI", sub = "LIW", formed = false, figures = 16 }, hc_enemy, { first_contact = true }).dice, 16, "LIW vs HC")
  T.eq(Me.pool(u({ formed = false, sub = "HIP" }), hi_enemy, {}).dice, 16, "HIP vs foot")
  T.eq(Me.pool(u({ formed = false }), hi_enemy, { flank_or_rear = true }).dice, 16, "unformed at flank")
  T.eq(Me.pool(u({ figures = 4, ranks = 1 }), u({ formed = false }), { flank_or_rear = true }).dice, 4, "unformed enemy")
  T.eq(Me.pool(base, u({ armour = false }), {}).dice, 16, "unarmoured enemy")
end)

T.case("Table 4: HIP 4 deep against cavalry", function()
  local hip = u({ sub = "HIP", figures = 32, ranks = 4 })
  local p = Me.pool(hip, hc_enemy, {}, true)
  T.eq(p.dice, 8 + 4 + 6)
  T.eq(ids(p), { "hip_vs_mounted", "rank_depth" })
end)

T.case("Phase 5: a unit fighting two enemy units divides its dice as evenly as possible", function()
  T.eq({ Me.share(9, 2, 1), Me.share(9, 2, 2) }, { 5, 4 })
  T.eq({ Me.share(10, 2, 1), Me.share(10, 2, 2) }, { 5, 5 })
  T.eq({ Me.share(1, 2, 1), Me.share(1, 2, 2) }, { 1, 0 })
  local pools = Me.split_pools(u({ sub = "HIP", figures = 32, ranks = 4 }),
    { { enemy = hc_enemy, situation = {} }, { enemy = hi_enemy, situation = {} } })
  T.eq({ pools[1].dice, pools[2].dice }, { 9, 7 })      -- 18 against HC, 14 against HI
end)

T.case("Phase 5: fight_split rolls each share and records its hits", function()
  local dice = T.forced_dice({ 3, 2, 6, 1 })
  local outs = Me.fight_split(u({ figures = 4, ranks = 1 }), { { enemy = hi_enemy, situation = {} },
    { enemy = hi_enemy, situation = {} } }, dice, true)
  T.eq({ outs[1].hits, outs[2].hits }, { 1, 1 })
  T.eq(outs[1].undivided, 4)
end)

T.case("Phase 5: E and G re-roll in melee as in shooting, first throw at a new enemy only", function()
  local e = u({ figures = 2, ranks = 1, grade = "E" })
  T.eq(Me.fight(e, hi_enemy, {}, T.forced_dice({ 2, 3, 1, 1 })).hits, 1)
  T.eq(Me.fight(e, hi_enemy, { new_target = false }, T.forced_dice({ 2, 3 })).hits, 1)
  local g = u({ figures = 2, ranks = 1, grade = "G" })
  local gd = T.forced_dice({ 6, 2, 5, 3 })       -- 6 -> 2 misses, 5 -> 3 hits (HI hit on 3+)
  T.eq(Me.fight(g, hi_enemy, {}, gd).hits, 1)
  T.eq(gd:remaining(), 0)
end)

T.case("Exact odds: melee pool description", function()
  T.eq(Me.pool({ class = "KC", figures = 8, ranks = 1, grade = "E" }, hi_enemy, {}),
    { dice = 10, sides = 6, hit_on = 3, reroll = { 1, 2 } })
end)

T.case("Phase 6: units that received more hits than they inflicted recoil", function()
  T.eq(Me.must_recoil(5, 4), true)
  T.eq(Me.must_recoil(4, 4), false)
end)

T.case("Example: a late Roman legio (ARA HIN+ss, 24 in 3 ranks) explains its dice against HC", function()
  local M = require("lib.modifiers")
  local legio = require("historicon.designation").parse("ARA HIN+ss")
  legio.figures, legio.ranks = 24, 3
  local p = Me.pool(legio, hc_enemy, { higher_ground = true }, true)
  T.eq(p.dice, 8 + 2 + 2 + 2 * 2)          -- front 8; hill, +ss, two ranks deeper
  T.eq(M.describe(p.terms), {
    "+2 higher on a hill or slope (Phase 5, Table 4)",
    "+2 equipped with supplementary shooting weapons (+ss) (Phase 5, Table 4)",
    "+4 for each rank deeper (Phase 5, Table 4)",
  })
end)
