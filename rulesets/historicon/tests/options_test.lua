-- The five optional rules ("Optional rules"), each in play.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")
local battle = require("historicon.battle")
local turn = require("historicon.turn")
local armies = require("historicon.armies")
local shooting = require("historicon.shooting")
local melee = require("historicon.melee")
local fixtures = require("historicon.tests.fixtures")
local passive, field = fixtures.passive, fixtures.field

-- Passive in battle, the default commander before it (terrain, deployment).
local ai_passive = setmetatable({}, { __index = function(_, k)
  if k == "terrain_changes" or k == "deployment" or k == "march_order" or k == "march_corner" then
    return require("historicon.ai")[k]
  end
  return passive[k]
end })

T.case("Options load by id through the ruleset loader, in their own layer", function()
  local rules = ruleset.load("historicon", { options = { "uncontrolled_advance", "vli_ranks", "light_in_ra_hi",
                                                         "passing_through", "heavy_armour" } })
  T.eq(rules.options, { uncontrolled_advance = true, vli_ranks = true, light_in_ra_hi = true, passing_through = true,
                        heavy_armour = true })
  local ok, err = pcall(ruleset.load, "historicon", { options = { "heavy_armor" } })
  T.eq(ok, false)
  T.truthy(tostring(err.user_message):find("has no option 'heavy_armor'", 1, true))
end)

T.case("Heavy armour: -1 die per 4 figures shooting at and fighting armoured troops; KC-A on HI frontage", function()
  local with = field{ dice = dice.forced({}), options = { heavy_armour = true }, sides = {
    { units = { { id = "kc", troop = "ARA KC-A", figures = 12, ranks = 2, at = { 100, 50 } } } }, {} } }
  local without = field{ dice = dice.forced({}), sides = {
    { units = { { id = "kc", troop = "ARA KC-A", figures = 12, ranks = 2, at = { 100, 50 } } } }, {} } }
  local a, b = with.D[with.by_id[1].kc], without.D[without.by_id[1].kc]
  T.eq({ a.armour, b.armour }, { true, false })
  T.eq({ a.w, b.w }, { 6 * 15, 6 * 20 }, "KC-A 15 mm a figure at 25mm")
  local li = { class = "LI", figures = 16, ranks = 2, grade = "A" }
  T.eq(shooting.pool(li, a, {}).dice - shooting.pool(li, b, {}).dice, -2, "8 shooters: two groups of four")
  local hi = { class = "HI", sub = "HIN", figures = 24, ranks = 3, grade = "A" }
  T.eq(melee.pool(hi, a, {}).dice - melee.pool(hi, b, {}).dice, -2)
end)

T.case("Passing through friends: VLI move through a friendly HI unit only with the option", function()
  local function setup(options)
    return field{ dice = dice.forced({}), options = options, sides = {
      { units = { { id = "vli", troop = "AIF VLI", figures = 8, ranks = 2, at = { 120, 40 } },
                  { id = "hi", troop = "AIF HIS", figures = 24, ranks = 4, at = { 120, 50 } } } }, {} } }
  end
  local G = setup({ passing_through = true })
  turn.do_move(G, G.by_id[1].vli, { advance = 200 })
  local _, y = G.bf:pos(G.by_id[1].vli)
  T.near(y, 600, 0.01, "20 cm straight through")
  local G2 = setup({})
  turn.do_move(G2, G2.by_id[1].vli, { advance = 200 })
  local _, y2 = G2.bf:pos(G2.by_id[1].vli)
  T.near(y2, 440, 0.01, "blocked by the HI at 4 cm")
  -- ending on top of a friend is not allowed: cut short
  local G3 = setup({ passing_through = true })
  turn.do_move(G3, G3.by_id[1].vli, { advance = 100 })
  local _, y3 = G3.bf:pos(G3.by_id[1].vli)
  T.truthy(y3 < 440 + 1, "a 10 cm move would end inside the HI")
end)

T.case("Uncontrolled advance: IF warband must move on the nearest enemy within 60 cm", function()
  local function setup(options)
    return field{ dice = dice.forced({ 6, 6 }), options = options, sides = {
      { units = { { id = "w", troop = "AIF HIW", figures = 24, ranks = 3, at = { 100, 50 } } } },
      { units = { { id = "e", troop = "ARA HIS", figures = 24, ranks = 4, at = { 140, 80, 180 } } } } } }
  end
  local G = setup({ uncontrolled_advance = true })
  local w = G.by_id[1].w
  local d0 = G.bf:distance(w, G.by_id[2].e)
  turn.phase2(G)
  local d1 = G.bf:distance(w, G.by_id[2].e)
  T.truthy(d1 < d0 - 50, "it turned towards the enemy and moved its 10 cm")
  local _, _, f = G.bf:pos(w)
  T.truthy(f < -10, "turned towards the enemy to its right")
  local G2 = setup({})
  turn.phase2(G2)
  T.near(G2.bf:distance(G2.by_id[1].w, G2.by_id[2].e), d0, 1e-6, "without the option the commander holds it")
end)

T.case("Uncontrolled advance: the nearest enemy judged by eye; the one advanced on is kept unless another is clearly nearer", function()
  -- Two enemy units side by side ahead of the warband, the left one 1 cm
  -- nearer: it advances on the left one. Then the right one is put 1 cm
  -- nearer: within 2 cm it keeps its quarry; 5 cm nearer draws it off.
  local G = field{ dice = dice.forced({}), options = { uncontrolled_advance = true }, sides = {
    { units = { { id = "w", troop = "AIF HIW", figures = 24, ranks = 3, at = { 120, 50 } } } },
    { units = { { id = "l", troop = "ARA HIS", figures = 24, ranks = 4, at = { 100, 84, 180 } },
                { id = "r", troop = "ARA HIS", figures = 24, ranks = 4, at = { 140, 85, 180 } } } } } }
  local ua = require("historicon.options.uncontrolled_advance")
  local w, l, r = G.by_id[1].w, G.by_id[2].l, G.by_id[2].r
  local plan = ua.plan(G, w)
  T.truthy(plan.turn > 0, "turns left, towards the nearer enemy")
  T.eq(G.D[w].ua_quarry, l)
  G.bf:place(l, 1000, 860, 180)  -- now the right one is 1 cm nearer
  ua.plan(G, w)
  T.eq(G.D[w].ua_quarry, l, "kept: the other is not clearly nearer")
  G.bf:place(l, 1000, 900, 180)  -- now 5 cm further than the right one
  plan = ua.plan(G, w)
  T.eq(G.D[w].ua_quarry, r, "drawn off by an enemy clearly nearer")
  T.truthy(plan.turn < 0, "turns right")
end)

T.case("VLI forming ranks: a rank behind two-deep HI, one rank deeper in melee, shoots at the host's front", function()
  local text = [[
return army {
  name = "x",
  units = {
    unit { id = "hi", troop = "ARA HIN", figures = 24, ranks = 2, general = true },
    unit { id = "vli", troop = "ARA VLI", figures = 12, rear_rank_of = "hi" },
  },
}
]]
  local function fight(options)
    local a = armies.load_text(text, "a.lua")
    local b = armies.load_text(text, "b.lua")
    local ctx = { rules = { options = options, require = require }, scenario = { table = { terrain = "none" } },
                  armies = { a, b }, commanders = { ai_passive, ai_passive }, dice = dice.random(2), log = false, turns = 0 }
    return battle.run(ctx).state
  end
  local G = fight({ vli_ranks = true })
  T.eq(#G.sides[1].units, 1, "the VLI stand behind their host")
  local d = G.D[G.sides[1].units[1]]
  T.eq(d.rear.figures, 12)
  T.near(d.dp, 2 * 20 + 20, 1e-9, "one VLI rank deeper")
  T.eq(G.sides[1].vp_start, 4 + 1)
  local hooks = require("historicon.options.vli_ranks")
  local enemy = { class = "HI", sub = "HIN", figures = 24, ranks = 2 }
  T.eq(melee.pool(hooks.melee_view(d), enemy, { front_figures = 12 }).dice - melee.pool(d, enemy, {}).dice, 3,
    "+1 per 4 of 12 front figures for the extra rank")
  T.eq(shooting.pool(hooks.shooter(d), enemy, {}).dice, 12)
  local G2 = fight({})
  T.eq(#G2.sides[1].units, 2, "without the option the VLI are a unit of their own")
end)

T.case("LI within RA HI: the light figures shoot at an enemy in contact with the unit's front", function()
  local function setup(options)
    return field{ dice = dice.random(4), options = options, sides = {
      { units = { { id = "hi", troop = "ARA HIN", figures = 24, ranks = 4, at = { 120, 50 },
                    light = { class = "LI", grade = "A", figures = 6, troop = "ARA LI" } } } },
      { units = { { id = "e", troop = "ARA HIS", figures = 24, ranks = 4, at = { 120, 58, 180 } } } } } }
  end
  local G = setup({ light_in_ra_hi = true })
  turn.phase4(G)
  T.truthy(table.concat(G.lines, "\n"):find("(light troops) shoots at", 1, true))
  local G2 = setup({})
  turn.phase4(G2)
  T.eq(#G2.lines, 0, "no light troops without the option (and HIN do not shoot)")
end)
