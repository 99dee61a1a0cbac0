-- The speed work on the fantasy module's Historicon adapter gives the same
-- answers as the plain computation it replaced (issue #13, "Speed";
-- docs/performance.md "Session eleven: Historicon"): K.near, asked of every
-- unit at every period's start, measures the few units that carry the trait
-- instead of querying the table, and K.with_trait lists them instead of
-- every unit (adapted/common.lua); the default commander's charge values
-- are shared by kind (historicon/commander/charge_profiles.lua). Checked here
-- against the code they replaced, on hand-placed armies of creatures in the
-- real battle (historicon.battle.skirmish with the option `fantasy`).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")
local Hb = require("modules.fantasy.adapted.battle")
local K = require("modules.fantasy.adapted.common")
local A = require("modules.fantasy.historicon.battle")
local pack = require("modules.fantasy.historicon.army").index

local rules = ruleset.load("historicon", { options = { "fantasy" } })
local battle = rules.require("historicon.battle")
local host = A.host(rules)

local passive = {
  forms = function() return {} end, move_order = function() return {} end, move = function() return nil end,
  evade = function() return false end, shoot_target = function(_, _, ts) return ts[1] end,
  follow_up = function() return true end, pursue = function() return true end, break_off = function() return false end,
  cast = function() return nil end,
}

local function creature(id, c, x, y, f)
  local decl = pack[c]
  return { id = id, troop = decl.counts_as.troop, figures = 8, ranks = 2, at = { x, y, f },
           name = decl.name, set = Hb.attach({}, decl) }
end
local function plain(id, x, y, f) return { id = id, troop = "ARA HIN", figures = 16, ranks = 2, at = { x, y, f } } end

-- K.near as it was: every unit within reach from the table's query, kept
-- when live and carrying the trait (of `side`).
local function old_near(G, uid, trait, paces, side)
  local out = {}
  for _, q in ipairs(G.bf:query{ of = uid, within = K.mm(G, paces) }) do
    local o = G.D[q.id]
    if q.id ~= uid and K.live(G, q.id) and K.has(o, trait) and (side == nil or o.side == side) then out[#out + 1] = q.id end
  end
  return out
end

-- K.with_trait as it was: every unit in the host's order.
local function old_with_trait(G, trait, side)
  local out = {}
  for _, uid in ipairs(G.fantasy.host.units(G)) do
    local d = G.D[uid]
    if K.live(G, uid) and K.has(d, trait) and (side == nil or d.side == side) then out[#out + 1] = uid end
  end
  return out
end

local TRAITS = { "saint", "hero", "rash_general", "exhorts_own", "abashes_enemy", "hostile_huns", "magician",
  "black_magician", "elf", "dragon_never_fielded" }

-- Every unit, every trait, three reaches, either side or none: the same list.
local function check_all(G, what)
  local n, found = 0, 0
  for s = 1, 2 do
    for _, uid in ipairs(G.sides[s].units) do
      for _, trait in ipairs(TRAITS) do
        for _, paces in ipairs({ 100, 150, 1000 }) do
          for _, side in ipairs({ false, 1, 2 }) do
            local sd = side or nil
            local want = old_near(G, uid, trait, paces, sd)
            T.eq(K.near(G, uid, trait, paces, sd), want, string.format("%s: %s near %s within %d paces (side %s)",
              what, trait, G.D[uid].name, paces, tostring(sd)))
            n, found = n + 1, found + #want
          end
        end
      end
    end
  end
  for _, trait in ipairs(TRAITS) do
    for _, side in ipairs({ false, 1, 2 }) do
      local want = old_with_trait(G, trait, side or nil)
      T.eq(K.with_trait(G, trait, side or nil), want, string.format("%s: the units with %s (side %s)", what, trait, tostring(side)))
      found = found + #want
    end
  end
  return n, found
end

T.case("Fantasy speed: K.near without the query gives the query's answer (WRG 1973 APPENDIX IV SAINT, HERO, MOSLEM SAINTS)", function()
  local G = battle.skirmish{ dice = dice.random(1), log = false, options = { fantasy = true },
    sides = { { commander = passive, units = {
                creature("saint", "saint", 60, 40), creature("hero", "hero", 100, 40), creature("ws", "warrior_saint", 140, 40),
                creature("mage", "magician", 180, 30), plain("foot", 80, 20) } },
              { commander = passive, units = {
                creature("ms", "moslem_saint", 70, 52, 180), creature("hero2", "hero", 120, 60, 180),
                creature("wolves", "wolf_rider", 160, 90, 180), creature("elves", "elf_archer", 200, 55, 180),
                plain("far", 20, 140, 180) } } } }
  Hb.start(G, host)
  local n, found = check_all(G, "all on the table")
  T.eq(n, 10 * #TRAITS * 9, "every unit, trait, reach and side asked")
  T.truthy(found > 20, "units found near (the check is not of empty lists only): " .. found)
  -- a bearer broken or gone is not near: the lists change, and still agree
  local by = function(s, id) return G.by_id[s][id] end
  G.D[by(2, "ms")].broken = true
  G.D[by(1, "hero")].gone = true
  check_all(G, "a saint broken, a hero gone")
  -- the only bearer of a trait is never near itself
  T.eq(K.near(G, by(2, "wolves"), "hostile_huns", 1000), {}, "the wolf riders alone carry hostile_huns")
  T.eq(#K.near(G, by(1, "foot"), "hostile_huns", 1000), 1, "and are near the others")
  T.eq(K.bearers(G, "saint"), { by(1, "saint"), by(1, "ws"), by(2, "ms") }, "the bearers of a trait, in id order")
  -- the host's units, kept: every id in order, made again when a side grows
  local function fresh()
    local out = {}
    for s = 1, 2 do for _, uid in ipairs(G.sides[s].units) do out[#out + 1] = uid end end
    table.sort(out)
    return out
  end
  T.eq(host.units(G), fresh(), "every unit, by id")
  T.eq(#host.units(G), 10)
  local list = G.sides[2].units
  list[#list + 1] = 0 -- (an id lower than all: a unit added, as a side's list grows)
  T.eq(host.units(G), fresh(), "a unit added")
  T.eq(host.units(G)[1], 0, "the new id in its place")
  list[#list] = nil
  T.eq(host.units(G), fresh(), "and gone again")
end)

-- Two armies of bearers moved about a 60 x 60 cm field at random, then set
-- at the edge of a reach (exactly, and a fraction of the contact tolerance
-- either side) and at equal distances either side of the asker.
T.case("Fantasy speed: K.near against the query -- random places, ties, the edge of the reach (WRG 1973 APPENDIX IV SAINT, HERO)", function()
  local G = battle.skirmish{ dice = dice.random(1), log = false, options = { fantasy = true },
    sides = { { commander = passive, units = {
                creature("saint", "saint", 60, 40), creature("hero", "hero", 100, 40), creature("ws", "warrior_saint", 140, 40),
                creature("mage", "magician", 180, 30), plain("foot", 80, 20) } },
              { commander = passive, units = {
                creature("ms", "moslem_saint", 70, 52, 180), creature("hero2", "hero", 120, 60, 180),
                creature("wolves", "wolf_rider", 160, 90, 180), creature("elves", "elf_archer", 200, 55, 180),
                plain("far", 20, 140, 180) } } } }
  Hb.start(G, host)
  local bf = G.bf
  local ids = {}
  for s = 1, 2 do for _, uid in ipairs(G.sides[s].units) do ids[#ids + 1] = uid end end
  local r = dice.random(7)
  local found = 0
  for trial = 1, 30 do
    for _, uid in ipairs(ids) do
      bf:place(uid, 300 + r:roll(600, "x") + r:roll(100, "x fraction") / 100, 300 + r:roll(600, "y"), r:roll(360, "facing") - 1)
    end
    local _, f = check_all(G, "random places, trial " .. trial)
    found = found + f
  end
  T.truthy(found > 1000, "units found near in the random places: " .. found)
  -- the edge of the reach: a hero straight ahead of the saint, both facing
  -- north (the gap along y alone), 100 paces (100 mm) and a hair either side
  local saint, hero, hero2 = G.by_id[1].saint, G.by_id[1].hero, G.by_id[2].hero2
  local tried = 0
  for _, hair in ipairs({ -2e-6, -1e-6, -0.5e-6, 0, 0.5e-6, 0.99e-6, 1e-6, 1.01e-6, 2e-6 }) do
    for _, uid in ipairs(ids) do bf:place(uid, 2000 + 100 * uid, 1500, 0) end
    bf:place(saint, 1000, 1000, 0)
    bf:place(hero, 1000, 1000, 0)
    local gap = bf:distance(saint, hero) -- 0: overlapping; step it north by the depths and the gap
    T.eq(gap, 0, "placed on the saint")
    local sd = G.D[saint].dp or 0
    local hd = G.D[hero].dp or 0
    bf:place(hero, 1000, 1000 + sd / 2 + hd / 2 + 100 + hair, 0)
    local want = old_near(G, saint, "hero", 100)
    T.eq(K.near(G, saint, "hero", 100), want, "a hero " .. tostring(100 + hair) .. " mm ahead of the saint")
    tried = tried + #want
  end
  T.truthy(tried > 0 and tried < 9, "some of the hairs inside the reach, some outside: " .. tried)
  -- ties: two heroes the same distance either side of the saint
  for _, uid in ipairs(ids) do bf:place(uid, 2000 + 100 * uid, 1500, 0) end
  bf:place(saint, 1000, 1000, 0)
  bf:place(hero, 800, 1000, 0)
  bf:place(hero2, 1200, 1000, 0)
  T.eq(bf:distance(saint, hero), bf:distance(saint, hero2), "the heroes equally far")
  T.eq(K.near(G, saint, "hero", 1000), old_near(G, saint, "hero", 1000), "a tie: by id")
  T.eq(K.near(G, saint, "hero", 1000), { math.min(hero, hero2), math.max(hero, hero2) }, "a tie: by id")
  -- a host that lists its units out of id order (Phalanx: side 1 first)
  G.fantasy.bearers = { hero = { math.max(hero, hero2), math.min(hero, hero2) } }
  T.eq(K.near(G, saint, "hero", 1000), { math.min(hero, hero2), math.max(hero, hero2) }, "a tie, bearers out of id order: by id")
end)

-- The default commander's charge values in a fantasy battle: the module's
-- Table 4 modifiers name the fields they read (`reads`), so values are
-- shared between units alike in them (historicon/commander/charge_profiles.lua)
-- and are still the value worked out afresh.
T.case("Fantasy speed: a charge value shared between units alike in the module's fields is the value worked out afresh (WRG 1973 APPENDIX IV HERO, BASILISK)", function()
  local ai = rules.require("historicon.ai")
  local profiles = rules.require("historicon.commander.charge_profiles")
  local extra = profiles.extra_fields()
  T.truthy(extra, "every fantasy Table 4 modifier names what it reads")
  local names = {}
  for _, f in ipairs(extra) do names[#names + 1] = f.name end
  T.eq(names, { "fx_gazed", "fx_saint_near", "general", "traits.hero", "traits.magic_sword", "traits.rash_general" })
  local function armies()
    local one, two = {}, {}
    for k = 1, 3 do
      one[#one + 1] = creature("hero" .. k, "hero", 40 + 50 * k, 40)
      one[#one + 1] = creature("ws" .. k, "warrior_saint", 40 + 50 * k, 20)
      two[#two + 1] = plain("foot" .. k, 40 + 50 * k, 70, 180)
      two[#two + 1] = creature("bas" .. k, "basilisk", 40 + 50 * k, 95, 90)
    end
    local G = battle.skirmish{ dice = dice.random(1), log = false, options = { fantasy = true },
      sides = { { commander = passive, units = one }, { commander = passive, units = two } } }
    Hb.start(G, host)
    return G
  end
  local function check_all_pairs(G, what)
    local n = 0
    for s = 1, 2 do
      for _, uid in ipairs(G.sides[s].units) do
        for _, e in ipairs(G.sides[3 - s].units) do
          local flank = (not G.bf:in_arc(e, uid, 89, "centre")) and G.D[e].formed
          local fresh = ai.charge_value_now(G, G.D[uid], G.D[e], flank)
          -- (the profile itself: the per-pair cache before it keeps seven
          -- fields only, the commander's own reading, unchanged here)
          local v = profiles.value(G, uid, e, G.D[uid], G.D[e], flank, ai.charge_value_now)
          T.eq(v, fresh, what .. ": " .. G.D[uid].name .. " " .. uid .. " on " .. G.D[e].name .. " " .. e)
          n = n + 1
        end
      end
    end
    return n
  end
  local before_n = profiles.kept_values()
  local G = armies()
  T.eq(check_all_pairs(G, "first asked"), 72, "every pair of the two armies")
  local n = profiles.kept_values() - before_n
  T.truthy(n > 0 and n < 24, "values shared between pairs of the same kinds (" .. n .. " worked out)")
  -- each of the module's fields changes a value, and the value stays exact
  local id = function(s, name) return G.by_id[s][name] end
  local hero1, ws2, bas1, foot3 = id(1, "hero1"), id(1, "ws2"), id(2, "bas1"), id(2, "foot3")
  local function value(a, b) return profiles.value(G, a, b, G.D[a], G.D[b], false, ai.charge_value_now) end
  local v0 = value(hero1, foot3)
  G.D[hero1].fx_saint_near = true -- the magic sword is not drawn near a saint
  check_all_pairs(G, "a saint near one hero")
  T.truthy(value(hero1, foot3) < v0, "the magic sword lost: a lower value")
  G.D[foot3].fx_gazed = 3 -- three figures held in stone
  check_all_pairs(G, "a unit held by a basilisk's gaze")
  G.D[bas1].fx_gazed = 1
  check_all_pairs(G, "a basilisk held by another's gaze")
  G.D[ws2].traits = { saint = true } -- (no longer a rash general)
  check_all_pairs(G, "a warrior saint without his rashness")
  G.D[ws2].traits = nil
  check_all_pairs(G, "a unit without traits")
  G.D[hero1].fx_saint_near = nil
  G.D[foot3].fx_gazed = nil
  check_all_pairs(G, "all back")
  T.eq(value(hero1, foot3), v0, "the first value again")
  -- a modifier patched in that names nothing: no value looked up; taken
  -- out, looked up again (the kept fields follow the list's entries)
  local mods = rules.require("historicon.melee").modifiers
  mods:add({ id = "speed_test_undeclared", layer = "speed test", rule = "none", text = "names nothing", add = 0 })
  T.eq(profiles.extra_fields(), false, "a modifier that names nothing")
  mods:remove("speed_test_undeclared")
  T.eq(#profiles.extra_fields(), 6, "taken out")
end)
