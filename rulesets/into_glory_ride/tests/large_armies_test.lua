-- Into Glory Ride's Larger Armies ("Just use multiples of 12, so you can
-- have an army of 12, 24 or even 36 vignettes"): the shipped 24-vignette
-- Leipzig lists, the READING that an army of 24 or 36 is permitted multiple
-- lines, and the inherited commander deploying such armies legally (its
-- second line, and MBL links it puts in the second line when the table will
-- not take one line).
local T = require("lib.testing")
local loader = require("sandtable.loader")
local ruleset = require("lib.ruleset")
local scenario = require("lib.scenario")
local battle = require("lib.battle")

local function parse(path)
  return scenario.parse(assert(loader.read(path)), path, path:match("^(.*)/[^/]*$"))
end

local LEIPZIG = "scenarios/into_glory_ride/leipzig.yaml"

-- The 1815 French list with every vignette twice (ids suffixed, one General):
-- 24 vignettes, 22 of them in the MBL, which no table at 25mm Option 2 takes
-- in one line; the list marks no second line and does not say multiple_lines.
local function doubled_french_text()
  local src = assert(loader.read("armies/into_glory_ride/napoleonic_french.lua"))
  local at = assert(src:find("\n  vignettes = {", 1, true)) + #"\n  vignettes = {"
  local head, body = src:sub(1, at - 1), src:sub(at)
  local close = assert(body:find("\n  },", 1, true))
  body = body:sub(1, close)
  local copy = body:gsub('id = "([%w_]+)"', 'id = "%1_b"'):gsub('in_line_with = "([%w_]+)"', 'in_line_with = "%1_b"')
    :gsub(", general = true", "")
  return head .. body .. copy .. "  },\n}\n"
end

local function prepared_with(s, texts)
  local rules = ruleset.load("into_glory_ride", { options = s.options })
  local armies_mod = rules.require(rules.manifest.armies)
  local troops = rules.require(rules.manifest.troops)
  local list = {}
  for i, text in ipairs(texts) do
    local army = assert(armies_mod.load_text(text, "army" .. i .. ".lua"))
    T.eq(armies_mod.check(army, troops), {}, "army " .. i)
    list[i] = army
  end
  rules.freeze()
  return { rules = rules, armies = list, scenario = s, battle = rules.require(rules.manifest.battle) }
end

T.case("Larger armies: the Leipzig lists check clean, count 24 and permit multiple lines", function()
  local rules = ruleset.load("into_glory_ride")
  local armies, troops = rules.require(rules.manifest.armies), rules.require(rules.manifest.troops)
  for _, name in ipairs({ "leipzig_french", "leipzig_coalition" }) do
    local path = "armies/into_glory_ride/" .. name .. ".lua"
    local army = assert(armies.load(path, loader.read))
    T.eq(armies.check(army, troops), {}, path)
    T.eq(#armies.vignettes(army), 24, path)
    T.eq(army.fields.multiple_lines, true, path)
    local general, keys = 0, 0
    for _, v in ipairs(armies.vignettes(army)) do if v.general then general = general + 1 end end
    T.eq(general, 1, path .. ": one General")
    keys = #army.fields.key_vignettes
    T.truthy(keys >= 1, path .. ": a key vignette")
  end
end)

T.case("Larger armies: READING, 24 and 36 are permitted multiple lines unless the list says false; 12 is not", function()
  local rules = ruleset.load("into_glory_ride")
  local armies, troops = rules.require(rules.manifest.armies), rules.require(rules.manifest.troops)
  local function list(n, extra)
    local parts = {}
    for i = 1, n do
      parts[#parts + 1] = string.format('vignette { id = "v%d", name = "V%d", class = "HIM", epoch = "II", integrity = "III", army = "RA", part = "centre"%s%s }',
        i, i, i == 1 and ", general = true" or "", i == n and ", off_main_line = true" or "")
    end
    return 'return army { name = "X", period = "1813 AD", activation_points = 4, ' .. (extra or "") .. 'vignettes = {\n' ..
      table.concat(parts, ",\n") .. "\n} }\n"
  end
  local a24 = assert(armies.load_text(list(24), "a24.lua"))
  T.eq(a24.fields.multiple_lines, true)
  T.eq(armies.check(a24, troops), {}, "an HIM off the MBL: permitted by the second line")
  local a36 = assert(armies.load_text(list(36), "a36.lua"))
  T.eq(a36.fields.multiple_lines, true)
  local a12 = assert(armies.load_text(list(12), "a12.lua"))
  T.eq(a12.fields.multiple_lines, nil)
  T.eq(#armies.check(a12, troops), 1, "a 12-vignette HIM off the MBL needs the list's permission")
  local no = assert(armies.load_text(list(24, "multiple_lines = false, "), "no.lua"))
  T.eq(no.fields.multiple_lines, false)
end)

-- Deployment problems of both sides over seeds, on the scenario's table or another.
local function problems_over(s, seeds, prepared)
  prepared = prepared or battle.prepare(s)
  local out, deployments = {}, 0
  for seed = seeds[1], seeds[2] do
    local r = battle.run{ prepared = prepared, seed = seed, turns = 0, log = false }
    if not r.flank_march then
      for side = 1, 2 do
        deployments = deployments + 1
        for _, m in ipairs(r.state.sides[side].deployment_problems) do
          out[#out + 1] = string.format("seed %d side %d: %s", seed, side, m)
        end
        local G = r.state
        for _, uid in ipairs(G.sides[side].units) do
          local d = G.D[uid]
          local _, imp = G.T:under(G.px[uid], G.py[uid], G.pf[uid], d.w, d.d)
          if imp then out[#out + 1] = string.format("seed %d side %d: %s on impassable terrain", seed, side, d.vid) end
        end
      end
    end
  end
  return out, deployments
end

T.case("Larger armies: Leipzig deploys legally on its 8'x5' table at 25mm Option 2, seeds 1-30", function()
  local problems, n = problems_over(parse(LEIPZIG), { 1, 30 })
  T.eq(problems, {})
  T.truthy(n >= 50, "deployments: " .. n)
end)

T.case("Larger armies: Leipzig deploys legally on other tables the chart allows (8'x4' 25mm, 6'x4' and 4'x4' 15mm, 6'x4' 25mm Option 1)", function()
  for _, t in ipairs({ { "8x4", "25mm", 2, 16 }, { "6x4", "15-20mm", 2, 12 }, { "4x4", "15-20mm", 2, 12 },
                       { "6x4", "25mm", 1, 12 } }) do
    local s = parse(LEIPZIG)
    s.table.size, s.table.scale, s.table.basing, s.table.tile = t[1], t[2], t[3], t[4]
    local problems = problems_over(s, { 1, 5 })
    T.eq(problems, {}, table.concat({ t[1], t[2], "option " .. t[3] }, " "))
  end
end)

T.case("Larger armies: a 24-vignette list that marks no second line is deployed in two lines by the commander", function()
  local s = parse(LEIPZIG)
  local text = doubled_french_text()
  local prepared = prepared_with(s, { text, text })
  T.eq(prepared.armies[1].fields.multiple_lines, true, "the READING permits it")
  local problems, n = problems_over(s, { 1, 6 }, prepared)
  T.eq(problems, {})
  T.truthy(n >= 10, "deployments: " .. n)
  -- the moved vignettes leave the MBL for the last line: logged, counted
  local r = battle.run{ prepared = prepared, seed = 3, turns = 0 }
  local moved = {}
  for _, e in ipairs(r.bf:events()) do
    if e.kind == "deployment_line" then moved[#moved + 1] = e end
  end
  T.truthy(#moved >= 2, "vignettes put in the second line: " .. #moved)
  for s_ = 1, 2 do
    local tr = r.state.sides[s_].tracker
    local mbl, last = 0, 0
    for _ in pairs(tr.mbl) do mbl = mbl + 1 end
    for _ in pairs(tr.last_line) do last = last + 1 end
    T.eq(tr.mbl_total, mbl)
    T.eq(tr.threshold, -((-mbl) // 3))
    T.eq(mbl + last, 22, "the 22 vignettes of the list's MBL are in one line or the other")
  end
  for _, e in ipairs(moved) do
    local d = r.state.sides[e.side].by_vid[e.vignette]
    T.eq({ d.mbl, d.last_line }, { false, true }, e.vignette)
  end
end)

T.case("Larger armies: the Leipzig battle reaches a result or the turn limit without error", function()
  local s = parse(LEIPZIG)
  local prepared = battle.prepare(s)
  local results = {}
  for seed = 1, 3 do
    local r = battle.run{ prepared = prepared, seed = 1812 + seed, log = false }
    T.truthy(r.reason, "seed " .. seed)
    T.truthy(r.turns >= 1 and r.turns <= s.turns, "turns " .. tostring(r.turns))
    results[#results + 1] = r.reason
  end
  local r = battle.run{ prepared = prepared, seed = 1813 }
  local kinds = {}
  for _, e in ipairs(r.bf:events()) do kinds[e.kind] = true end
  T.truthy(kinds.deploy and kinds.victory ~= nil or r.reason == "turn limit", r.reason)
  T.eq(kinds.deployment_problem, nil)
end)

-- `sandtable check` prints a summary beside "ok": it must count the army as
-- the check does. The British colonial list has 11 entries, the 90th with
-- its Gatlings an attached ART vignette that "counts as two": 12, within
-- the rule, so the summary may not mark it over the limit.
T.case("Into Glory Ride army size: the check's summary counts an attached ART vignette as two", function()
  local rules = ruleset.load("into_glory_ride")
  local armies_mod = rules.require(rules.manifest.armies)
  local troops = rules.require(rules.manifest.troops)
  local path = "armies/into_glory_ride/british_colonial.lua"
  local army = assert(armies_mod.load(path, loader.read))
  T.eq(armies_mod.check(army, troops), {}, "the list passes the check")
  local s = armies_mod.summary(army)
  T.eq(s.total, 12, "counted vignettes")
  T.eq(s.over, false, "not over the limit")
  T.truthy(s.limit:find("12, 24 or 36", 1, true), s.limit)
end)
