-- The campaign runner: a series of battles between the same two armies,
-- state carried between them by the ruleset's campaign rules (its manifest's
-- `campaign` entry names the module; docs/campaigns.md gives the contract).
-- Seeded and reproducible: battle n's seed is lib.campaign.seeds.battle(
-- campaign seed, n), so a campaign's course depends only on its seed.
--
--   local runner = require("lib.campaign.runner")
--   local P = runner.prepare(require("lib.campaign.file").load(path))
--   local r = runner.run(P, { seed = 7 })   -- r.winner, r.reason, r.battles, r.hash
local battle = require("lib.battle")
local ruleset = require("lib.ruleset")
local fail = require("lib.fail")
local sha256 = require("lib.sha256")
local seeds = require("lib.campaign.seeds")

local runner = {}

-- The campaign module a loaded ruleset offers: the `campaign` entry of the
-- nearest manifest in its chain (a variant inherits its base's).
function runner.campaign_module(rules)
  for i = #rules.chain, 1, -1 do
    if rules.chain[i].campaign then return rules.chain[i].campaign end
  end
  return nil
end

-- A campaign with a `weather:` block plays the weather rules ("If the
-- weather rules are to be used, start the series in spring"): the weather
-- module is switched on for its battles if the scenario has not done so.
local function with_weather(c, s)
  for _, id in ipairs(s.options or {}) do if id == "weather" then return end end
  local offered = false
  for _, id in ipairs(ruleset.options_of(s.ruleset) or {}) do offered = offered or id == "weather" end
  if not offered then
    fail("%s: a weather: block, but ruleset '%s' has no weather option", c.locate("/weather"), s.ruleset)
  end
  local options = {}
  for i, id in ipairs(s.options or {}) do options[i] = id end
  options[#options + 1] = "weather"
  s.options = options
end

-- c: a parsed campaign (lib.campaign.file); house_rules: extra house rule
-- files (a variant's), applied to the battles' rules and so to the
-- campaign rules too (they are a module of the same ruleset instance).
-- Loads the ruleset and armies once; returns what runner.run needs.
function runner.prepare(c, house_rules)
  if c.weather then
    with_weather(c, c.scenario)
    if c.fortress then with_weather(c, c.fortress) end
  end
  local prepared = battle.prepare(c.scenario, house_rules)
  local name = runner.campaign_module(prepared.rules)
  if not name then
    fail("%s: ruleset '%s' offers no campaign rules (its manifest names no campaign module)", c.locate("/scenario"),
      prepared.rules.name)
  end
  local P = { campaign = c, prepared = prepared, rules = prepared.rules.require(name), house_rules = house_rules,
              with_options = {} }
  -- A campaign module may put its own pieces into the battles' rules (WRG:
  -- the defender's field defences): M.battle_rules(rules) on every instance
  -- the campaign fights with.
  if P.rules.battle_rules then P.rules.battle_rules(prepared.rules) end
  -- The siege's table, loaded once with its own options (the sieges module);
  -- its armies are the campaign's.
  if c.fortress then
    P.fortress = battle.prepare(c.fortress, house_rules)
    if P.rules.battle_rules then P.rules.battle_rules(P.fortress.rules) end
  end
  return P
end

-- The instance for a battle whose plan needs options its scenario lacks
-- (plan.options: WRG's field defences are the sieges module's pieces): the
-- same scenario prepared once more with them, kept for later battles.
function runner.with_options(P, base, options)
  local have, missing = {}, {}
  for _, id in ipairs(base.scenario.options or {}) do have[id] = true end
  for _, id in ipairs(options or {}) do
    if not have[id] then missing[#missing + 1] = id; have[id] = true end
  end
  if #missing == 0 then return base end
  table.sort(missing)
  local key = (base == P.fortress and "fortress" or "scenario") .. "+" .. table.concat(missing, ",")
  if not P.with_options[key] then
    local s = {}
    for k, v in pairs(base.scenario) do s[k] = v end
    local list = {}
    for i, id in ipairs(base.scenario.options or {}) do list[i] = id end
    for _, id in ipairs(missing) do list[#list + 1] = id end
    s.options = list
    local prepared = battle.prepare(s, P.house_rules)
    if P.rules.battle_rules then P.rules.battle_rules(prepared.rules) end
    P.with_options[key] = prepared
  end
  return P.with_options[key]
end

local function copy(t)
  local o = {}
  for k, v in pairs(t or {}) do o[k] = v end
  return o
end

-- opts: seed (default the campaign's, else 1), referee (check every phase of
-- every battle), battle_report (function(line): every battle's full account),
-- report (function(line): the campaign's course as it goes), battle_page
-- (function(n, bf, record): each battle's battlefield with its event log, for
-- its replay page; the battles keep their logs only when it is given).
-- Returns { seed, winner = 1 | 2 | nil, reason, names, battles = { {n, seed,
-- role, defender, month, terrain_change, field_defences, winner, reason,
-- turns, vp, hash, before = {notes}, after = {notes}} }, hash }.
function runner.run(P, opts)
  opts = opts or {}
  local c, M = P.campaign, P.rules
  local seed = opts.seed or c.seed or 1
  local month = nil
  if c.weather then month = c.weather.month or M.SPRING or 3 end
  local state = M.start{ armies = P.prepared.armies, month = month, table = P.prepared.scenario.table or {},
                         fortress = P.fortress and { table = P.fortress.scenario.table or {} } or nil }
  local out = { seed = seed, battles = {}, names = { state.sides[1].name, state.sides[2].name },
                campaign = c.name or c.file }
  local say = opts.report or function() end
  for n = 1, c.battles do
    if M.outcome(state) then break end
    local plan = M.next_battle(state, n)
    local bseed = seeds.battle(seed, n)
    -- a plan may call for the fortress scenario's table (a siege)
    local base = plan.scenario == "fortress" and P.fortress or P.prepared
    if plan.scenario and not (plan.scenario == "fortress" and P.fortress) then
      error("campaign: the rules asked for scenario '" .. tostring(plan.scenario) .. "', which the campaign lacks", 0)
    end
    if plan.options then base = runner.with_options(P, base, plan.options) end
    local s = copy(base.scenario)
    s.table = copy(s.table)
    for k, v in pairs(plan.table or {}) do s.table[k] = v end
    -- The scenario's own weather block (if any) with the campaign's region
    -- and this battle's month: the weather module (switched on by
    -- runner.prepare) reads it at the battle's start.
    if c.weather then
      s.weather = copy(s.weather)
      s.weather.region = c.weather.region or s.weather.region
      s.weather.month = plan.month
    end
    s.seed = bseed
    local prepared = { rules = base.rules, armies = plan.armies, scenario = s, battle = base.battle }
    say(string.format("Battle %d (%s%s; battle seed %d)", n, plan.role or "a battle",
      plan.month and (", " .. (M.MONTHS and M.MONTHS[plan.month] or ("month " .. plan.month))) or "", bseed))
    for _, line in ipairs(plan.notes or {}) do say("  " .. line) end
    if opts.battle_report then
      opts.battle_report("")
      opts.battle_report(string.format("======== %s: battle %d of the campaign (seed %d) ========", out.campaign, n, bseed))
    end
    local r = battle.run{ prepared = prepared, seed = bseed, log = opts.battle_page ~= nil, referee = opts.referee,
      report = opts.battle_report,
      replay = string.format("sandtable campaign %s --seed %d --referee (battle %d)", c.file, seed, n) }
    local rec = { n = n, seed = bseed, role = plan.role, defender = plan.defender, month = plan.month,
                  terrain_change = plan.table and plan.table.terrain_change or 0, field_defences = plan.field_defences,
                  winner = r.winner, reason = r.reason, turns = r.turns, vp = r.vp, hash = r.hash, before = plan.notes,
                  siege = plan.siege }
    say(string.format("  %s after %d periods (%s); points left %.0f of %d and %.0f of %d",
      r.winner and (out.names[r.winner] .. " wins") or "a draw", r.turns, r.reason or "", r.vp[1].left, r.vp[1].start,
      r.vp[2].left, r.vp[2].start))
    -- the battle's event log (what its replay page draws), when asked for
    if opts.battle_page then opts.battle_page(n, r.bf or (r.state and r.state.bf), rec) end
    rec.after = M.after_battle(state, n, r)
    for _, line in ipairs(rec.after) do say("  " .. line) end
    out.battles[#out.battles + 1] = rec
  end
  local final = M.outcome(state) or M.final(state)
  out.winner, out.reason = final.winner, final.reason
  -- The campaign's fingerprint: every battle's final state hash and result.
  local lines = {}
  for _, b in ipairs(out.battles) do
    lines[#lines + 1] = string.format("%d %d %s %s", b.n, b.seed, tostring(b.hash), tostring(b.winner))
  end
  lines[#lines + 1] = tostring(out.winner) .. " " .. out.reason
  out.hash = sha256.hex(table.concat(lines, "\n")):sub(1, 16)
  return out
end

return runner
