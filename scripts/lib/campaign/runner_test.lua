-- The campaign runner (lib.campaign.*): seeds derived from the campaign's
-- seed and the battle's number, a shipped campaign played twice the same,
-- and bad campaign files named at their line.
local T = require("lib.testing")
local seeds = require("lib.campaign.seeds")
local file = require("lib.campaign.file")
local runner = require("lib.campaign.runner")

T.case("campaign seeds: one per battle, fixed by the campaign seed and the battle's number", function()
  T.eq(seeds.battle(7, 1), seeds.battle(7, 1))
  T.truthy(seeds.battle(7, 1) ~= seeds.battle(7, 2), "battles of one campaign differ")
  T.truthy(seeds.battle(7, 1) ~= seeds.battle(8, 1), "campaigns differ")
  for n = 1, 50 do T.truthy(seeds.battle(n, n) > 0, "a positive seed") end
  -- SplitMix64's published first output for state 0 after one step:
  -- 0xe220a8397b1dcdaf (the constants are the reference's)
  T.eq(seeds.mix(-7046029254386353131), 0xe220a8397b1dcdaf)
end)

local SHIPPED = "campaigns/wrg/claudian_invasion.yaml"

T.case("campaign runner: the shipped campaign, same seed, same course; battles follow the rules", function()
  local P = runner.prepare(file.load(SHIPPED))
  local a = runner.run(P, { seed = 5 })
  local b = runner.run(P, { seed = 5 })
  T.eq(a.hash, b.hash)
  T.eq(#a.battles, #b.battles)
  T.truthy(#a.battles >= 1 and #a.battles <= 6)
  T.eq(a.battles[1].defender, nil, "the first battle is an encounter")
  T.eq(a.battles[1].month, 3, "it starts in spring")
  for i, bt in ipairs(a.battles) do
    T.eq(bt.seed, seeds.battle(5, i), "battle seed from the campaign seed and its number")
    if i > 1 then
      T.eq(bt.month, a.battles[i - 1].month % 12 + 1, "a month after the previous one")
      local prev = a.battles[i - 1]
      if prev.siege then
        T.eq(bt.defender, nil, "a siege not pressed home: the next battle is again an encounter")
      elseif prev.defender == nil then
        if prev.winner then T.eq(bt.defender, 3 - prev.winner, "the loser defends")
        else T.eq(bt.defender, nil, "a draw: another encounter") end
      elseif prev.winner == prev.defender then T.eq(bt.defender, 3 - prev.defender, "his opponent defends next time")
      elseif not prev.winner then T.eq(bt.defender, prev.defender, "the first defender carries on")
      else
        T.truthy(bt.siege, "a beaten defender is besieged in the fortress")
        T.eq(bt.defender, prev.defender)
      end
    end
    if bt.siege then T.eq(bt.terrain_change, 0, "the fortress's own table")
    elseif bt.defender then T.eq(math.abs(bt.terrain_change), 3) else T.eq(bt.terrain_change, 0) end
  end
  local sieges = 0
  for seed = 1, 12 do
    for _, bt in ipairs(runner.run(P, { seed = seed }).battles) do if bt.siege then sieges = sieges + 1 end end
  end
  T.truthy(sieges > 0, "the shipped campaign comes to sieges in its fortress")
  T.truthy(P.prepared.rules.options.weather, "a campaign's weather: block switches the weather module on")
  T.eq(P.campaign.scenario.options[#P.campaign.scenario.options], "weather")
  local c = runner.run(P, { seed = 6 })
  T.truthy(c.hash ~= a.hash, "another seed, another campaign")
end)

local function parse(text) return file.parse(text, "bad.yaml", ".") end

T.case("campaign files: bad input names the file and line", function()
  T.raises(function() parse("name: x\n") end, "bad.yaml:1:1: missing 'scenario'")
  T.raises(function() parse("scenario: scenarios/wrg/medway.yaml\nbattels: 3\n") end,
    "bad.yaml:2:1: unknown key 'battels'")
  T.raises(function() parse("scenario: scenarios/wrg/medway.yaml\nbattles: 0\n") end,
    "bad.yaml:2:1: 'battles' must be from 1 to 50")
  T.raises(function() parse("scenario: no/such.yaml\n") end, "bad.yaml:1:1: no scenario 'no/such.yaml'")
  T.raises(function() parse("scenario: scenarios/wrg/medway.yaml\nweather:\n  month: 13\n") end,
    "bad.yaml:3:3: 'month' must be 1 to 12")
  T.raises(function() parse("scenario: scenarios/wrg/medway.yaml\nweather:\n  region: asia\n") end,
    "bad.yaml:3:3: weather region 'asia' is not one of: europe, mediterranean")
  T.raises(function() parse("scenario: scenarios/wrg/medway.yaml\nbattles: three\n") end,
    "'battles' should be an integer")
end)

-- A campaign file naming a fortress scenario: a beaten defender is besieged
-- on that scenario's table (here a stand-in without fortification pieces;
-- the sieges module draws real ones), with the campaign's armies.
T.case("campaign runner: with a fortress scenario, the beaten defender is besieged there", function()
  local P = runner.prepare(file.load("tests/data/campaign/with_fortress.yaml"))
  T.truthy(P.fortress, "the fortress scenario is loaded once")
  local sieges = 0
  for seed = 1, 5 do
    local r = runner.run(P, { seed = seed })
    for i, b in ipairs(r.battles) do
      if b.siege then
        sieges = sieges + 1
        local prev = r.battles[i - 1]
        T.truthy(prev and prev.defender and prev.winner == 3 - prev.defender, "a siege follows a defender's defeat")
        T.eq(b.defender, prev.defender, "the beaten defender holds the fortress")
        T.eq(b.role, string.format("the siege of %s's fortress", r.names[b.defender]))
        -- a capture: the besieger wins with the garrison fled (wrg.campaign.captured;
        -- a besieger ahead on points at nightfall has not taken the place)
        if b.winner == 3 - b.defender and b.reason == "fled the field" then
          T.eq(i, #r.battles, "a capture ends the campaign")
          T.truthy(r.reason:find("captured", 1, true), r.reason)
        end
      end
    end
  end
  T.truthy(sieges > 0, "some campaigns come to a siege")
  T.raises(function()
    parse("scenario: scenarios/wrg/medway.yaml\nfortress: scenarios/phalanx/default.yaml\n")
  end, "bad.yaml:2:1: the fortress scenario is for ruleset 'phalanx', the campaign's scenario for 'wrg'")
end)
