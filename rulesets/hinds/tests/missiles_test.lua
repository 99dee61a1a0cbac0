-- §3 MISSLE THROWS: which table applies at which range, confirmation,
-- indirect casts, the testudo, bases at half strength, three casts.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local tables = require("hinds.tables")
local missiles = require("hinds.missiles")

local function unit(f)
  local u = { arm = "foot", class = 4, bases = 4, per_base = 4, officers = 0, formation = "normal" }
  for k, v in pairs(f or {}) do u[k] = v end
  u.figures = u.figures or u.bases * u.per_base
  return u
end

T.case("§3 ranges: bows 20 long, 6 short; mounted archers 18; javelins short only; pilum 5", function()
  local bow, tg = unit{ missile = "bow" }, unit{ class = 2 }
  T.eq(select(2, missiles.table_for(bow, tg, { gap = 6 })), "other_missiles")
  T.eq(select(2, missiles.table_for(bow, tg, { gap = 12 })), "long_range")
  T.eq(select(2, missiles.table_for(bow, tg, { gap = 18 })), "long_range")
  T.eq(missiles.table_for(bow, tg, { gap = 24 }), nil)
  local hab = unit{ arm = "mounted", class = 3, missile = "bow" }
  T.eq(select(2, missiles.table_for(hab, tg, { gap = 18 })), "long_range", "18 for mounted archers")
  T.eq(missiles.table_for(unit{ missile = "javelin" }, tg, { gap = 12 }), nil)
  T.eq(select(2, missiles.table_for(unit{ missile = "javelin" }, tg, { gap = 6 })), "other_missiles")
  T.eq(select(2, missiles.table_for(unit{ missile = "pilum" }, tg, { gap = 0 })), "pilum")
  T.eq(missiles.table_for(unit{ missile = "pilum" }, tg, { gap = 6 }), nil, "pilum at 5 units and under")
  T.eq(select(2, missiles.table_for(unit{ missile = "oriental_bow" }, tg, { gap = 0 })), "heavy_archers")
  T.eq(select(2, missiles.table_for(unit{ missile = "sling" }, tg, { gap = 12 })), "long_range")
end)

T.case("§3 long range: a 6 confirmed by 5 or 6 against the 2nd class; no confirm against the 4th", function()
  local bow = unit{ missile = "bow", bases = 1, per_base = 4 }
  T.eq(missiles.cast(bow, unit{ class = 2 }, { gap = 12 }, dice.forced({ 6, 5 })).kills, 1)
  T.eq(missiles.cast(bow, unit{ class = 2 }, { gap = 12 }, dice.forced({ 6, 4 })).kills, 0)
  T.eq(missiles.cast(bow, unit{ class = 3 }, { gap = 12 }, dice.forced({ 6, 4 })).kills, 1)
  T.eq(missiles.cast(bow, unit{ class = 4 }, { gap = 12 }, dice.forced({ 6 })).kills, 1)
  T.eq(missiles.cast(bow, unit{ class = 4 }, { gap = 12 }, dice.forced({ 5 })).kills, 0)
end)

T.case("§3 heavy archers: a 4 dismounts a 1st class rider; 4 confirmed by 6 against the 2nd", function()
  local ha = unit{ missile = "oriental_bow", bases = 1, per_base = 4 }
  local cav = unit{ arm = "mounted", class = 1 }
  local r = missiles.cast(ha, cav, { gap = 0 }, dice.forced({ 4 }))
  T.eq({ r.kills, r.dismounts, missiles.figures_lost(r, cav) }, { 0, 1, 1 })
  local foot1 = unit{ class = 1 }
  T.eq(missiles.figures_lost(missiles.cast(ha, foot1, { gap = 0 }, dice.forced({ 4 })), foot1), 0)
  T.eq(missiles.cast(ha, unit{ class = 2 }, { gap = 0 }, dice.forced({ 4, 6 })).kills, 1)
  T.eq(missiles.cast(ha, unit{ class = 2 }, { gap = 0 }, dice.forced({ 4, 5 })).kills, 0)
  T.eq(missiles.cast(ha, unit{ class = 3 }, { gap = 0 }, dice.forced({ 4, 5 })).kills, 1)
end)

T.case("§3 exact chance a base kills: every table and class", function()
  local sit = { gap = 0 }
  local tg = function(c) return unit{ class = c } end
  -- long range: 1/6 * 2/6, 1/6 * 2/6, 1/6 * 3/6, 1/6
  local want_long = { 2 / 36, 2 / 36, 3 / 36, 1 / 6 }
  local want_other = { 2 / 6, 2 / 6, 2 / 6, 3 / 6 }
  local want_ha = { 2 / 6, 2 / 6 + 1 / 36, 2 / 6 + 2 / 36, 3 / 6 }
  for c = 1, 4 do
    T.near((missiles.base_probability(tables.long_range, c, { gap = 12 }, tg(c))), want_long[c], 1e-12, "long " .. c)
    T.near((missiles.base_probability(tables.other_missiles, c, sit, tg(c))), want_other[c], 1e-12, "other " .. c)
    T.near((missiles.base_probability(tables.heavy_archers, c, sit, tg(c))), want_ha[c], 1e-12, "heavy archers " .. c)
    T.near((missiles.base_probability(tables.pilum, c, sit, tg(c))), 0.5, 1e-12, "pilum " .. c)
  end
  local _, dismount = missiles.base_probability(tables.heavy_archers, 1, sit, tg(1))
  T.near(dismount, 1 / 6, 1e-12)
end)

T.case("§3 indirect: under 18 units, not at enemies touching friends; 1st class only 6 and 6", function()
  local bow, tg1, tg2 = unit{ missile = "bow" }, unit{ class = 1 }, unit{ class = 4 }
  T.eq(missiles.table_for(bow, tg2, { gap = 18, indirect = true }), nil)
  T.eq(missiles.table_for(bow, tg2, { gap = 12, indirect = true, target_near_friends = true }), nil)
  T.truthy(missiles.table_for(bow, tg2, { gap = 12, indirect = true }))
  T.near((missiles.base_probability(tables.long_range, 1, { indirect = true }, tg1)), 1 / 36, 1e-12)
  -- the 4th class needs no confirmation direct, but does indirect
  T.near((missiles.base_probability(tables.long_range, 4, { indirect = true }, tg2)), 2 / 36, 1e-12)
  T.near((missiles.base_probability(tables.other_missiles, 1, { indirect = true }, tg1)), 1 / 36, 1e-12)
end)

T.case("§4 testudo: proof at long range; at short only pilum or oriental bow, at 6 only; none cast from it", function()
  local bow, jav, pil = unit{ missile = "bow" }, unit{ missile = "javelin" }, unit{ missile = "pilum" }
  local t = unit{ class = 2, formation = "testudo" }
  T.eq(missiles.table_for(bow, t, { gap = 12 }), nil)
  T.eq(missiles.table_for(jav, t, { gap = 0 }), nil)
  T.truthy(missiles.table_for(pil, t, { gap = 0 }))
  T.near((missiles.base_probability(tables.pilum, 2, { gap = 0 }, t)), 1 / 6, 1e-12)
  T.eq(missiles.table_for(unit{ missile = "pilum", formation = "testudo" }, unit{}, { gap = 0 }), nil)
end)

T.case("§3 each base casts once; a base needs half its figures", function()
  local bow = unit{ missile = "bow", bases = 4, per_base = 4 }
  T.eq(missiles.casting_bases(bow), 4)
  bow.figures = 14   -- 3 full bases and one of 2: half, casts
  T.eq(missiles.casting_bases(bow), 4)
  bow.figures = 13   -- one of 1: under half
  T.eq(missiles.casting_bases(bow), 3)
  local r = missiles.cast(bow, unit{ class = 4 }, { gap = 0 }, dice.forced({ 4, 5, 1 }))
  T.eq({ r.casts, r.kills }, { 3, 2 })
end)

T.case("§3 short range only troops cast three times a battle unless throwing is their sole function", function()
  local jav = unit{ missile = "javelin" }
  T.eq(missiles.casts_left(jav), 3)
  jav.casts = 3
  T.eq(missiles.casts_left(jav), 0)
  T.eq(missiles.casts_left(unit{ missile = "javelin", sole_function = true, casts = 5 }), math.huge)
  T.eq(missiles.casts_left(unit{ missile = "bow", casts = 9 }), math.huge)
end)

T.case("§3 ranges: the widest gap of each weapon is the last at which a table applies", function()
  -- missiles.max_gap lets the commander skip the lines of cast beyond it:
  -- table_for must give a table at that gap and none at any wider one
  local tg = unit{ class = 2 }
  local want = { bow = 20, sling = 20, oriental_bow = 20, javelin = 6, pilum = 5 }
  for weapon, gap in pairs(want) do
    local sh = unit{ missile = weapon }
    T.eq(missiles.max_gap(sh), gap, weapon)
    T.truthy(missiles.table_for(sh, tg, { gap = gap }), weapon .. " at its widest gap")
    for g = gap + 1, gap + 12 do T.eq(missiles.table_for(sh, tg, { gap = g }), nil, weapon .. " beyond") end
  end
  local hab = unit{ arm = "mounted", class = 3, missile = "bow" }
  T.eq(missiles.max_gap(hab), 18, "mounted archers")
  T.eq(missiles.table_for(hab, tg, { gap = 19 }), nil)
  T.eq(missiles.max_gap(unit{ missile = "pilum", formation = "testudo" }), nil, "nothing from the testudo")
  T.eq(missiles.max_gap(unit{}), nil, "no missile weapon")
end)
