-- The answers wrg/state.lua keeps per unit (ST.inside, ST.on_section,
-- ST.touching_from_outside: kept while the unit's base stands where it
-- stood; on_section keeps the sections the base stands on and picks the
-- tenable one at each question) are the answers asked afresh. Two ways: situations set up by hand (a unit moved,
-- turned, resized, a section breached under it), and whole siege battles of
-- four scenarios where every question is asked twice, kept and afresh
-- (ST.uncached), and the two answers compared.
local T = require("lib.testing")
local ST = require("modules.sieges.wrg.state")

local F = require("modules.sieges.tests.wrg_fixtures")
local unit, situation = F.unit, F.situation

-- Asks with the kept answers and again afresh.
local function afresh(fn, ...)
  ST.uncached = true
  local ok, a, b = pcall(fn, ...)
  ST.uncached = false
  if not ok then error(a, 0) end
  return a, b
end

local function same_touch(a, b)
  if #a ~= #b then return false end
  for n = 1, #a do
    if a[n].index ~= b[n].index or a[n].gap ~= b[n].gap then return false end
  end
  return true
end

T.case("sieges: kept answers follow the unit: moved off the wall, turned, resized, back on", function()
  -- a defender on the south wall's walk (the wall from x 400 to 550 at y
  -- 500, its walk 24 mm deep inside), a besieger at its foot outside
  local G = situation{
    side1 = { unit("b", "MI", 470, 300, 0) },
    side2 = { unit("d", "MI", 470, 512, 180), F.FAR },
  }
  local b, d = G.sides[1].units[1], G.sides[2].units[1]
  local w, dp = G.bf:footprint(b)
  local foot = F.at_foot(dp)
  G.bf:place(b, 470, foot, 0)
  local on = ST.on_section(G, d)
  T.truthy(on ~= nil, "the defender stands on a section")
  T.eq(ST.on_section(G, d), on, "asked again: the same section")
  T.eq(ST.inside(G, d), true, "its centre on the walk, behind the outer faces: inside the ring")
  T.eq(#ST.touching_from_outside(G, b), 2, "the besieger touches the wall from outside (two of its 75 mm pieces)")
  -- moved out of the fort: off the walk, outside the ring
  G.bf:place(d, 470, 300, 180)
  T.eq(ST.on_section(G, d), nil, "moved off the walk: on no section")
  T.eq(ST.inside(G, d), false, "moved out of the ring")
  -- back onto the walk
  G.bf:place(d, 470, 512, 180)
  T.eq(ST.on_section(G, d), on, "back on the walk")
  T.eq(ST.inside(G, d), true)
  -- the besieger stepped back: touches nothing; forward again: touches
  G.bf:place(b, 470, foot - 20, 0)
  T.eq(#ST.touching_from_outside(G, b), 0, "20 mm back: touches nothing")
  G.bf:place(b, 470, foot, 0)
  T.eq(#ST.touching_from_outside(G, b), 2, "forward again: touches")
  -- turned 90 degrees at the foot: its long side no longer along the face
  G.bf:place(b, 470, foot, 90)
  local turned = ST.touching_from_outside(G, b)
  T.truthy(w ~= dp, "a base longer than deep")
  T.eq(#turned, 0, "turned side-on, its centre where it was: the corners no longer reach the face")
  T.truthy(same_touch(turned, afresh(ST.touching_from_outside, G, b)), "turned: the same as asked afresh")
  -- resized deeper: reaches the face again
  G.bf:resize(b, w, w)
  T.truthy(same_touch(ST.touching_from_outside(G, b), afresh(ST.touching_from_outside, G, b)), "resized: as afresh")
  -- a list handed out is the caller's own: reordering it changes no kept answer
  G.bf:place(b, 470, foot, 0)
  G.bf:resize(b, w, dp)
  local t1 = ST.touching_from_outside(G, b)
  t1[1].index = -1
  table.remove(t1, 1)
  T.eq(ST.touching_from_outside(G, b)[1].index ~= -1, true, "the kept list is not the caller's")
  -- a wider slack is its own question
  G.bf:place(b, 470, foot - 10, 0)
  T.eq(#ST.touching_from_outside(G, b), 0, "10 mm off: not within 1.5 mm")
  T.eq(#ST.touching_from_outside(G, b, 15), 2, "within 15 mm")
  T.eq(#ST.touching_from_outside(G, b), 0, "and 1.5 mm again")
end)

T.case("sieges: a kept section is dropped when a section changes its state under a unit that did not move", function()
  local G = situation{ side2 = { unit("d", "MI", 470, 512, 180), F.FAR } }
  local d = G.sides[2].units[1]
  local first = ST.on_section(G, d)
  T.truthy(first ~= nil)
  -- breach each section it stands on in turn (its base spans two of the
  -- wall's 75 mm pieces): the answer moves to the next, then to none
  local on, breached = first, {}
  while on do
    breached[#breached + 1] = on
    ST.set_state(G, on, "breached", "test")
    local now = ST.on_section(G, d)
    T.truthy(now ~= on, "a breach holds nobody on its top")
    T.eq(now, afresh(ST.on_section, G, d), "as afresh")
    on = now
  end
  T.eq(#breached, 2, "two sections under its base")
  for _, i in ipairs(breached) do ST.set_state(G, i, "intact", "test") end
  T.eq(ST.on_section(G, d), first, "mended: on the first again")
end)

-- Whole battles: every question asked of the kept answers (and of the
-- commanders' kept any_open) is asked afresh too, and the answers compared. Returns the count of questions, of kept
-- answers used, and the mismatches.
local function checked_battle(path, seed)
  local s = require("lib.scenario")
  local loader = require("sandtable.loader")
  local lb = require("lib.battle")
  local dir, file = path:match("^(.*)/([^/]+)$")
  local sc = s.parse(loader.read(path), file, dir)
  local n, bad = 0, {}
  local orig = { inside = ST.inside, on_section = ST.on_section, touching_from_outside = ST.touching_from_outside }
  local function wrap(name, cmp)
    ST[name] = function(...)
      local a = orig[name](...)
      local b = afresh(orig[name], ...)
      n = n + 1
      if not cmp(a, b) then bad[#bad + 1] = string.format("%s: %s kept, %s afresh", name, tostring(a), tostring(b)) end
      return a
    end
  end
  local eq = function(a, b) return a == b end
  wrap("inside", eq); wrap("on_section", eq); wrap("touching_from_outside", same_touch)
  -- and the commanders' kept "is a section open" (commander_common.any_open)
  local common = require("modules.sieges.commander_common")
  local any_open = common.any_open
  common.any_open = function(G)
    local a = any_open(G)
    common.uncached = true
    local ok, b = pcall(any_open, G)
    common.uncached = false
    if not ok then error(b, 0) end
    n = n + 1
    if a ~= b then bad[#bad + 1] = string.format("any_open: %s kept, %s afresh", tostring(a), tostring(b)) end
    return a
  end
  local ok, err = pcall(lb.run, { scenario = sc, seed = seed })
  for k, f in pairs(orig) do ST[k] = f end
  common.any_open = any_open
  if not ok then error(err, 0) end
  return n, bad
end

for _, c in ipairs({ { "scenarios/wrg/siege_camp.yaml", 1 }, { "scenarios/wrg/siege_amida.yaml", 2 },
                     { "scenarios/wrg/siege_landing.yaml", 1 }, { "scenarios/historicon/siege_exeter.yaml", 1 } }) do
  T.case("sieges: kept answers equal fresh ones through a whole battle: " .. c[1] .. " seed " .. c[2], function()
    local n, bad = checked_battle(c[1], c[2])
    T.truthy(n > 200, "the battle asks the questions (" .. n .. " asked)")
    T.eq(bad, {}, "every kept answer the fresh one")
  end)
end

-- Phalanx's marks (modules.sieges.phalanx A.mark: on a defended section,
-- outside the camp), kept while a vignette and the sections' states are
-- unchanged: after every mark of two whole battles each vignette's marks
-- are worked out afresh (A.uncached) and compared.
local function checked_marks(path, seed)
  local A = require("modules.sieges.phalanx")
  local s = require("lib.scenario")
  local loader = require("sandtable.loader")
  local lb = require("lib.battle")
  local dir, file = path:match("^(.*)/([^/]+)$")
  local sc = s.parse(loader.read(path), file, dir)
  local marks, kept_used, bad = 0, 0, {}
  local mark = A.mark
  A.mark = function(G)
    mark(G)
    local got = {}
    for _, uid in ipairs(G.all) do got[uid] = { G.D[uid].siege_on, G.D[uid].siege_out } end
    A.uncached = true
    local ok, err = pcall(mark, G)
    A.uncached = false
    if not ok then error(err, 0) end
    for _, uid in ipairs(G.all) do
      local d = G.D[uid]
      marks = marks + 1
      if d.siege_on ~= got[uid][1] or d.siege_out ~= got[uid][2] then
        bad[#bad + 1] = string.format("unit %d: kept %s/%s, afresh %s/%s", uid, tostring(got[uid][1]),
          tostring(got[uid][2]), tostring(d.siege_on), tostring(d.siege_out))
      end
      if got[uid][1] ~= nil or got[uid][2] ~= nil then kept_used = kept_used + 1 end
    end
  end
  local ok, err = pcall(lb.run, { scenario = sc, seed = seed })
  A.mark = mark
  if not ok then error(err, 0) end
  return marks, kept_used, bad
end

for _, c in ipairs({ { "scenarios/phalanx/siege_cicero_camp.yaml", 1 }, { "scenarios/into_glory_ride/siege_gingindlovu.yaml", 2 } }) do
  T.case("sieges: Phalanx's kept marks equal fresh ones through a whole battle: " .. c[1] .. " seed " .. c[2], function()
    local marks, set, bad = checked_marks(c[1], c[2])
    T.truthy(marks > 500, "the battle marks its vignettes (" .. marks .. " marks)")
    T.truthy(set > 50, "some marks are set (" .. set .. ")")
    T.eq(bad, {}, "every kept mark the fresh one")
  end)
end

T.case("sieges: Phalanx's kept marks follow a vignette that turns where it stands and a palisade breached and mended under it", function()
  local dice = require("sandtable.dice")
  local ruleset = require("lib.ruleset")
  local forts = require("modules.sieges.fortifications")
  local P = require("modules.sieges.phalanx")
  local rules = ruleset.load("phalanx", { options = { "sieges" } })
  local turn = rules.require("phalanx.turn")
  local quiet = { activate = function() return {} end, evade = function() return false end,
                  free_order = function() return nil end, shoot_target = function() return nil end,
                  shoot_at_charger = function() return false end, field_defences = function() return {} end }
  -- a camp: its south face a palisade at y = 500 mm, x 600 to 1200 (cut in 7 sections)
  local camp = { type = "fortification", name = "camp", defender = 2, sections = {
    { kind = "palisade", from = { 60, 50 }, to = { 120, 50 } }, { kind = "palisade", from = { 120, 50 }, to = { 120, 90 } },
    { kind = "palisade", from = { 120, 90 }, to = { 60, 90 } }, { kind = "palisade", from = { 60, 90 }, to = { 60, 50 } } } }
  local G = rules.require("phalanx.battle").skirmish{ rules = rules, dice = dice.forced({}), log = true,
    table = { size = "6x4", terrain = { camp, { type = "siege", besieger = 1 } } },
    sides = { { vignettes = { { id = "att", class = "HIN", general = true, at = { 900, 300 } } }, commander = quiet },
              { vignettes = { { id = "def", class = "HIN", general = true, at = { 900, 700, 180 } } }, commander = quiet } } }
  P.place(G)
  P.init(G)
  local def = G.by_vid[2].def
  local y = 500 + P.BEHIND_FACE_MM + G.D[def].d / 2
  local function mark_both()
    P.mark(G)
    local on, out = G.D[def].siege_on, G.D[def].siege_out
    P.uncached = true
    P.mark(G)
    P.uncached = false
    T.eq(on, G.D[def].siege_on, "kept as afresh (on)")
    T.eq(out, G.D[def].siege_out, "kept as afresh (out)")
    return on
  end
  turn.place(G, def, 900, y, 180)
  T.eq(mark_both(), 4, "behind the palisade, facing out")
  T.eq(mark_both(), 4, "marked again where it stands")
  forts.set_state(G.bf, G.sieges.forts, 4, "breached")
  T.eq(mark_both(), nil, "the palisade breached under it: no defence")
  forts.set_state(G.bf, G.sieges.forts, 4, "intact")
  T.eq(mark_both(), 4, "mended")
  turn.place(G, def, 900, y, 0)
  T.eq(mark_both(), nil, "turned to face into the camp where it stands: not behind the defences")
  turn.place(G, def, 900, y, 180)
  T.eq(mark_both(), 4, "facing out again")
end)
