-- Into Glory Ride battles end to end, with the inherited Phalanx battle
-- engine and default commander; army lists and `sandtable check`.
local T = require("lib.testing")
local loader = require("sandtable.loader")
local ruleset = require("lib.ruleset")
local scenario = require("lib.scenario")
local battle = require("lib.battle")

local function parse(path)
  return scenario.parse(assert(loader.read(path)), path, path:match("^(.*)/[^/]*$"))
end

local ARMIES = { "swiss_pike", "english_civil_war_parliament", "sekigahara_tokugawa", "napoleonic_french",
                 "napoleonic_british", "american_civil_war_union", "zulu", "british_colonial" }

-- The golden battle. If a deliberate rule or engine change moves it, rerun
--   build/sandtable battle scenarios/into_glory_ride/waterloo.yaml
-- check the account reads right, and copy the winner, turns and the hash
-- this case prints on failure into GOLDEN.
-- (Moved by the legal-deployment planner of the inherited commander, 9e44706;
-- then by issue #11: links fight and fall back as one, the charge line-up
-- limit, initiative 1 and 2, no paid moves that go nowhere: before, the
-- Anglo-Allied army won in turn 15 by a third of the French MBL; now the
-- turn limit is reached.)
-- (Moved by issue #13's commander, which plans once and keeps its plan,
-- orders no charge a sensible player would not, and pays for no move the
-- engine would stop: each renewal's before and after is in its commit
-- message; before issue #13 the turn limit was reached.)
-- (Moved again by issue #13's second round: links follow the friend that
-- opens their way, the reserve is committed in the last four turns, missile
-- troops close on a target their shooting has worn: before, the French won
-- in turn 9 by an Allied key vignette broken; now the turn limit is reached,
-- as in 57% of Waterloo battles at 15 turns.)
-- (The scenario's limit raised to 30 turns, the rules having none: this
-- seed is one of the 7 in 100 still undecided at 30.)
-- (Moved by issue #13's third round: no turn in place paid for that the
-- line's cohesion undoes, commander/orders.lua: before, the turn limit (30)
-- was reached; now the French win in turn 13, an Allied key vignette broken.)
-- (Moved by issue #13's fourth round: a link whose paid move went nowhere
-- is remembered as blocked for five of its side's turns, not one,
-- commander/plan.lua: before, the French won in turn 13 by an Allied key
-- vignette broken; now in turn 26 by a third of the Allied MBL broken.)
-- (Moved by issue #13's fifth round: the standing plan, a far link's
-- advance priced once and kept while its situation stands,
-- commander/standing_plan.lua, and its price kept for a link the
-- initiative table moved without turning it: before, the French won in
-- turn 26 by a third of the Allied MBL broken; now the turn limit (30) is
-- reached, as in about 6% of Waterloo battles.)
-- (Moved by issue #13's session eight, branch igr_charge: when fire alone
-- will not win, missile troops close and an initiative 2 charges a worn
-- enemy, commander/stalemate.lua: the battle's last turns differ (the final
-- hash), the turn limit (30) is still reached. Then HIM hold their fire at
-- foot they have worn, to charge it, patch.lua's ai.shoot_target: the
-- Anglo-Allied army wins in turn 25, a French key vignette broken.)
local GOLDEN = { winner = 2, reason = "key vignette broken", turns = 25, hash = "17d8c2d934dc71d6" }

T.case("Battle: the seeded golden Waterloo (winner, turns and final hash)", function()
  local r = battle.run{ scenario = parse("scenarios/into_glory_ride/waterloo.yaml"), seed = 1815 }
  local got = { winner = r.winner, reason = r.reason, turns = r.turns, hash = tostring(r.bf:hash()) }
  T.eq(got, GOLDEN)
  local again = battle.run{ scenario = parse("scenarios/into_glory_ride/waterloo.yaml"), seed = 1815, log = false }
  T.eq({ again.winner, again.turns, tostring(again.bf:hash()) }, { got.winner, got.turns, got.hash },
    "a quiet run fights the same battle")
end)

T.case("Battle: every shipped army fights, with shooting by epoch and artillery in the log", function()
  local s = parse("scenarios/into_glory_ride/waterloo.yaml")
  local kinds, as = {}, {}
  for i, a in ipairs(ARMIES) do
    local b = ARMIES[i % #ARMIES + 1]
    s.armies[1].army, s.armies[2].army = "into_glory_ride/" .. a, "into_glory_ride/" .. b
    s.armies[1].file = assert(loader.find("into_glory_ride." .. a))
    s.armies[2].file = assert(loader.find("into_glory_ride." .. b))
    local r = battle.run{ scenario = s, seed = 100 + i, turns = 12 }
    T.truthy(r.reason, a .. " against " .. b)
    for _, e in ipairs(r.bf:events()) do kinds[e.kind] = true end
  end
  T.truthy(kinds.shoot and kinds.melee, "shots and melees were fought")
end)

T.case("Army lists: the shipped lists are legal; 12, 24 or 36 with attached ART counting two", function()
  local rules = ruleset.load("into_glory_ride")
  local armies, troops = rules.require(rules.manifest.armies), rules.require(rules.manifest.troops)
  for _, name in ipairs(ARMIES) do
    local path = "armies/into_glory_ride/" .. name .. ".lua"
    local army, problems = armies.load(path, loader.read)
    T.truthy(army, path)
    T.eq(armies.check(army, troops), {}, path)
  end
  local function list(n, extra)
    local parts = {}
    for i = 1, n do
      parts[#parts + 1] = string.format('vignette { id = "v%d", name = "V%d", class = "HIN", integrity = "III", army = "RA", part = "centre"%s%s }',
        i, i, i == 1 and ", general = true" or "", (extra and i <= extra) and ', attached_artillery = "II"' or "")
    end
    return 'return army { name = "X", period = "1700 AD", activation_points = 4, vignettes = {\n' ..
      table.concat(parts, ",\n") .. "\n} }\n"
  end
  local function problems_of(text)
    return armies.check(assert(armies.load_text(text, "test.lua")), troops)
  end
  T.eq(problems_of(list(24)), {})
  T.eq(problems_of(list(36)), {})
  T.eq(problems_of(list(10, 2)), {}, "10 entries, 2 with attached ART")
  local p = problems_of(list(13))
  T.eq(#p, 1)
  T.truthy(p[1].message:find("12, 24 or 36", 1, true), p[1].message)
end)

T.case("sandtable check: a broken Into Glory Ride list, every problem with its line", function()
  local rules = ruleset.load("into_glory_ride")
  local armies, troops = rules.require(rules.manifest.armies), rules.require(rules.manifest.troops)
  local text = [[
return army {
  name = "Broken", period = "1815 AD", activation_points = 4,
  vignettes = {
    vignette { id = "a", name = "Line without an epoch", class = "HIM", integrity = "III", army = "RA", part = "centre", general = true },
    vignette { id = "b", name = "Battery without a weight", class = "ART", integrity = "III", army = "RA", part = "centre", epoch = "II" },
    vignette { id = "c", name = "Old class", class = "HIB", integrity = "III", army = "RA", part = "centre" },
    vignette { id = "d", name = "Old army class", class = "HIN", integrity = "III", army = "IF", part = "centre" },
    vignette { id = "e", name = "Gun on a horse", class = "HCC", integrity = "III", army = "RA", part = "left", attached_artillery = "II" },
    vignette { id = "f", name = "Epoch VI", class = "LIN", integrity = "III", army = "RA", part = "left", epoch = "VI" },
    vignette { id = "g", name = "Pike with an epoch", class = "HIP", integrity = "III", army = "RA", part = "left", epoch = "II" },
    vignette { id = "h", name = "Unknown type", type = "Zulu", part = "left" },
    vignette { id = "i", name = "Elephants", class = "ELE", integrity = "III", army = "IA", part = "right", in_line_with = "j" },
    vignette { id = "j", name = "Guns", class = "ART", integrity = "III", army = "RA", part = "right", epoch = "II", weight = "huge" },
    vignette { id = "k", name = "Typed", type = "Swiss Pike", part = "right" },
  },
}
]]
  local army = assert(armies.load_text(text, "broken.lua"))
  local got = {}
  for _, p in ipairs(armies.check(army, troops)) do got[#got + 1] = p.line .. ": " .. p.message end
  -- (11 entries with 'e' counting two: the size is right)
  local want = {
    "4: vignette 'a': HIM needs an epoch: epoch = \"I\" to \"V\"",
    "5: vignette 'b': amalgamated ART needs a weight: weight = \"light\", \"medium\" or \"heavy\"",
    "6: vignette 'c': unknown troop class \"HIB\" (did you mean \"HIP\"?): expected one of HIP, HIS, HIM, HIN, HIW, LIW, LIS, LIN, VLI, CAT, HCC, HSC, LSC, ELE, ART",
    "7: vignette 'd': unknown army class \"IF\": expected one of \"RA\", \"IA\"",
    "8: vignette 'e': ART is attached to foot vignettes only, not HCC (MOUNTED)",
    "9: vignette 'f': unknown epoch VI: expected \"I\", \"II\", \"III\", \"IV\" or \"V\"",
    "10: vignette 'g': HIP has no epoch: only HIM, ART, LIN, VLI, HSC and LSC are classed by epoch",
    "11: vignette 'h' is missing 'class': expected a troop sub-class code such as \"HIS\"",
    "11: vignette 'h' is missing 'integrity': expected an integrity class \"I\" to \"V\"",
    "11: vignette 'h' is missing 'army': expected an army class, \"RA\" or \"IA\"",
    "11: vignette 'h': unknown example troop type Zulu: expected one of \"Swiss Pike\", \"Gendarmes\", \"Pike and musket block ECW\", \"The Ii Red Devils\", \"Arquebusiers at Sekigahara\", \"French Napoleonic Line Infantry\", \"Voltiguers\", \"Boers\", \"Hussars\", \"The Heavy Brigade\", \"ACW Line\", \"Confederate Cavalry\", \"Zulus\", \"British Colonials in South Africa\", \"Napoleons Grande Battery\"",
    "12: vignette 'i' (IA) is linked in line with vignette 'j' (RA): RA troops cannot be linked to IA troops",
    "13: vignette 'j': unknown weight huge: expected \"light\", \"medium\" or \"heavy\"",
  }
  T.eq(got, want)
  -- the typed vignette took the example's fields
  local k = armies.vignettes(army)[11]
  T.eq({ k.class, k.integrity, k.army }, { "HIP", "IV", "RA" })
end)

T.case("sandtable check (the CLI's own code) on a broken list file reports and counts its problems", function()
  local check = require("cli.check")
  T.eq(check.run({ "rulesets/into_glory_ride/tests/data/broken_army.lua" }, "into_glory_ride"), 4)
  T.eq(check.run({ "armies/into_glory_ride/zulu.lua" }), 0, "the ruleset from the armies/ folder")
end)

-- The account's header names the ruleset being played, not "PHALANX".
T.case("Battle: an Into Glory Ride account is headed with its own title", function()
  local lines = {}
  battle.run{ scenario = parse("scenarios/into_glory_ride/waterloo.yaml"), seed = 1815, turns = 1,
              report = function(l) lines[#lines + 1] = l end }
  local text = table.concat(lines, "\n")
  T.eq(text:find("PHALANX", 1, true), nil, "no PHALANX header")
  T.truthy(text:find("INTO GLORY RIDE", 1, true), "its own title: " .. (lines[1] or ""))
end)
