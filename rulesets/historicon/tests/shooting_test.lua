-- Phase 4 shooting and Table 3.
local T = require("lib.testing")
local S = require("historicon.shooting")
local P = require("historicon.dice_pool")

local function unit(t)
  local u = { class = "LI", figures = 16, ranks = 2, formed = true, grade = "A" }
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end
-- 16 unformed LI shoot with all 16 figures: 16 dice, 4 groups of four.
local shooter = unit({ formed = false })
local plain_target = unit({})

local function term_ids(pool)
  local ids = {}
  for i, t in ipairs(pool.terms) do ids[i] = t.id end
  return ids
end

T.case("Phase 4: hits on 5+ if the shooter is ordered, 6+ if disordered", function()
  T.eq(S.pool(shooter, plain_target, {}).hit_on, 5)
  T.eq(S.pool(unit({ formed = false, disordered = true }), plain_target, {}).hit_on, 6)
end)

T.case("Phase 4: basic dice 1/Fig; formed shoot with the front rank, unformed with every figure", function()
  T.eq(S.pool(unit({}), plain_target, {}).dice, 8)          -- 16 in 2 ranks: front 8
  T.eq(S.pool(shooter, plain_target, {}).dice, 16)
  T.eq(S.pool(unit({ figures = 9, ranks = 2 }), plain_target, {}).dice, 5)  -- front rank filled first
end)

T.case("Phase 4: unformed figures that have evaded cannot shoot", function()
  T.eq(S.pool(shooter, plain_target, { evaded_figures = 5 }).dice, 11)
end)

T.case("Phase 4: chariots shoot 1 die per horse (Table 2 last column)", function()
  local lch = { class = "LCH", figures = 4, ranks = 1, horses = 2, crew = 1 }
  T.eq(S.pool(lch, plain_target, {}).dice, 8)
end)

T.case("Phase 4: HI other than HIB and HIJD, KC and EI cannot shoot", function()
  for _, u in ipairs({ { class = "HI", sub = "HIN" }, { class = "HI", sub = "HIP" }, { class = "HI" },
                       { class = "KC" }, { class = "EI" } }) do
    u.figures, u.ranks = 8, 2
    T.eq(S.range(u, "25mm"), nil, u.sub or u.class)
    T.eq(S.pool(u, plain_target, { higher_ground = true }).dice, 0, u.sub or u.class)
  end
end)

T.case("Phase 4: shooting ranges from Tables 2/2a/2b; HIB 20cm, HIJD 10cm, crew scaled", function()
  T.eq({ S.range(unit({}), "25mm"), S.range(unit({}), "15mm"), S.range(unit({}), "6mm") }, { 15, 8, 5 })
  local hib, hijd, crew = { class = "HI", sub = "HIB" }, { class = "HI", sub = "HIJD" }, { class = "C" }
  T.eq({ S.range(hib, "25mm"), S.range(hib, "15mm"), S.range(hib, "6mm") }, { 20, 10, 5 })
  T.eq({ S.range(hijd, "25mm"), S.range(hijd, "15mm"), S.range(hijd, "6mm") }, { 10, 5, 3 })
  T.eq({ S.range(crew, "25mm"), S.range(crew, "15mm"), S.range(crew, "6mm") }, { 15, 8, 5 })
end)

T.case("Phase 4: HIB shoot with 1 die per figure", function()
  T.eq(S.pool({ class = "HI", sub = "HIB", figures = 24, ranks = 3 }, plain_target, {}).dice, 8)
end)

T.case("Phase 4: HIJD shoot 1 die per 2 figures; second rank 1 per 4 at enemy in contact with their front", function()
  local hijd = { class = "HI", sub = "HIJD", figures = 16, ranks = 2 }
  T.eq(S.pool(hijd, plain_target, {}).dice, 4)                   -- front 8 -> 4
  local pool = S.pool(hijd, plain_target, { target_moved_into_contact = true }, true)
  T.eq(pool.basic, 4 + 2)                                        -- + second rank 8 -> 2
  T.eq(pool.dice, 6 - 2)                                         -- Table 3: target moved into contact
end)

local table3 = {
  { id = "higher_ground", situation = { higher_ground = true }, target = plain_target, delta = 4 },
  { id = "target_mounted", situation = {}, target = { class = "HC", figures = 8, ranks = 1 }, delta = 8 },
  { id = "target_moved_into_contact", situation = { target_moved_into_contact = true }, target = plain_target, delta = -4 },
  { id = "target_unformed", situation = {}, target = unit({ formed = false }), delta = -4 },
  { id = "target_armoured", situation = {}, target = { class = "HI", sub = "HIP", armour = true, figures = 24, ranks = 4 }, delta = -4 },
}
for _, m in ipairs(table3) do
  T.case("Table 3: " .. m.id .. " changes dice by " .. m.delta .. " for 16 shooting figures", function()
    local pool = S.pool(shooter, m.target, m.situation, true)
    T.eq(pool.dice, 16 + m.delta)
    T.eq(term_ids(pool), { m.id })
    T.eq(pool.terms[1].rule, S.modifiers:get(m.id).rule)
  end)
end

T.case("Table 3: modifiers count whole groups of 4 shooting figures only", function()
  local seven = unit({ formed = false, figures = 7 })
  T.eq(S.pool(seven, { class = "HC", figures = 8 }, {}).dice, 7 + 2)
  local three = unit({ formed = false, figures = 3 })
  T.eq(S.pool(three, { class = "HC", figures = 8 }, {}).dice, 3)
end)

T.case("Table 3: modifiers add up, and dice never go below zero", function()
  local pool = S.pool(shooter, { class = "HC", figures = 8, formed = false, armour = true },
    { higher_ground = true, target_moved_into_contact = true }, true)
  T.eq(pool.dice, 16 + 4 + 8 - 4 - 4 - 4)
  T.eq(term_ids(pool), { "higher_ground", "target_mounted", "target_moved_into_contact", "target_unformed", "target_armoured" })
  local few = unit({ formed = false, figures = 4 })
  T.eq(S.pool(few, unit({ formed = false, armour = false }), { target_moved_into_contact = true }).dice, 2)
  local hijd = { class = "HI", sub = "HIJD", figures = 4, ranks = 1 }   -- 2 dice, -1 -1 -1 per 4
  T.eq(S.pool(hijd, { class = "HC", formed = false, armour = true, figures = 8 },
    { target_moved_into_contact = true }).dice, 2 + 2 - 3)
end)

T.case("Optional heavy armour: only HI, KC and HC can be armoured targets", function()
  T.eq(S.pool(shooter, unit({ armour = true }), {}).dice, 16)
  T.eq(S.pool(shooter, { class = "KC", armour = true, figures = 8 }, {}).dice, 16 + 8 - 4)
end)

T.case("Phase 4: E class re-roll ones and twos once; the second score stands", function()
  local e = unit({ formed = false, figures = 3, grade = "E" })
  local dice = T.forced_dice({ 1, 6, 2, 3, 5 })
  local out = S.shoot(e, plain_target, {}, dice, true)
  T.eq(out.hits, 2)
  T.eq(dice:remaining(), 0)
  T.eq(out.throws, { { first = 1, final = 6 }, { first = 2, final = 3 }, { first = 5, final = 5 } })
  local again = T.forced_dice({ 1, 1 })                   -- a re-rolled 1 is not re-rolled again
  T.eq(S.shoot(unit({ formed = false, figures = 1, grade = "E" }), plain_target, {}, again).hits, 0)
  T.eq(again:remaining(), 0)
end)

T.case("Phase 4: G class re-roll fives and sixes once", function()
  local g = unit({ formed = false, figures = 3, grade = "G" })
  local dice = T.forced_dice({ 6, 2, 5, 5, 4 })
  T.eq(S.shoot(g, plain_target, {}, dice).hits, 1)
  T.eq(dice:remaining(), 0)
end)

T.case("Phase 4: re-rolls only when first thrown at a new target", function()
  local e = unit({ formed = false, figures = 2, grade = "E" })
  local dice = T.forced_dice({ 1, 5 })
  T.eq(S.shoot(e, plain_target, { new_target = false }, dice).hits, 1)
  T.eq(S.pool(e, plain_target, { new_target = false }).reroll, {})
end)

T.case("Phase 4: A class do not re-roll", function()
  local dice = T.forced_dice({ 1, 2, 5, 6 })
  T.eq(S.shoot(unit({ formed = false, figures = 4 }), plain_target, {}, dice).hits, 2)
end)

T.case("Exact odds: the pool description a convolution engine reads", function()
  T.eq(S.pool(unit({ formed = false, grade = "E" }), plain_target, {}),
    { dice = 16, sides = 6, hit_on = 5, reroll = { 1, 2 } })
  T.eq(S.pool(unit({ formed = false, grade = "G", disordered = true }), plain_target, {}),
    { dice = 16, sides = 6, hit_on = 6, reroll = { 5, 6 } })
  T.near(P.die_hit_probability({ dice = 1, sides = 6, hit_on = 5, reroll = { 1, 2 } }), 2 / 6 + 2 / 6 * 2 / 6, 1e-12)
  T.near(P.die_hit_probability({ dice = 1, sides = 6, hit_on = 5, reroll = { 5, 6 } }), 2 / 6 * 2 / 6, 1e-12)
end)

T.case("Phase 4: a kept hit probability is the one for that very pool", function()
  -- asked twice, and for pools that differ only in the faces rerolled or in
  -- hit_on: each answer is its own pool's (the values are kept by pool)
  local a = P.die_hit_probability({ dice = 1, sides = 6, hit_on = 5, reroll = { 1, 2 } })
  T.eq(P.die_hit_probability({ dice = 3, sides = 6, hit_on = 5, reroll = { 1, 2 } }), a)
  T.near(P.die_hit_probability({ dice = 1, sides = 6, hit_on = 5, reroll = { 1 } }), 2 / 6 + 1 / 6 * 2 / 6, 1e-12)
  T.near(P.die_hit_probability({ dice = 1, sides = 6, hit_on = 5, reroll = { 12 } }), 2 / 6, 1e-12)
  T.near(P.die_hit_probability({ dice = 1, sides = 6, hit_on = 6, reroll = { 1, 2 } }), 1 / 6 + 2 / 6 * 1 / 6, 1e-12)
  T.near(P.die_hit_probability({ dice = 1, sides = 6, hit_on = 5, reroll = {} }), 2 / 6, 1e-12)
  T.near(P.die_hit_probability({ dice = 1, sides = 6, hit_on = 5.5, reroll = {} }), 1 / 6, 1e-12)
end)

T.case("Without explain no terms or throws are built", function()
  local out = S.shoot(shooter, plain_target, { higher_ground = true }, T.forced_dice({ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }), false)
  T.eq(out.terms, nil); T.eq(out.throws, nil); T.eq(out.dice, 20)
end)

T.case("Table 3 is a modifier list options can patch by id", function()
  T.eq(S.modifiers:ids(), { "higher_ground", "target_mounted", "target_moved_into_contact", "target_unformed", "target_armoured" })
  local copy = S.modifiers:copy("house")
  copy:remove("target_armoured")
  T.truthy(S.modifiers:has("target_armoured"), "the original list is untouched")
end)
