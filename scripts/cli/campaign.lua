-- `sandtable campaign CAMPAIGN.yaml`: a series of battles with the state
-- carried between them by the ruleset's campaign rules (docs/campaigns.md).
-- One campaign: each battle's result and the campaign's course, readably
-- (or as JSON); with --trials N: N seeded campaigns on all cores and who wins
-- the campaign, with 95% intervals, the same on any thread count.
local experiment = require("sandtable.experiment")
local json = require("lib.json")
local fail = require("lib.fail")
local file = require("lib.campaign.file")
local runner = require("lib.campaign.runner")
local replay = require("lib.replay")

local cli = {}

local function pct(x) return string.format("%5.1f%%", 100 * x) end

local function header(c, names, seed)
  return {
    string.format("CAMPAIGN: %s (%s), seed %d", c.name or c.file, c.file, seed),
    string.format("%s (side 1) against %s (side 2), from %s; at most %d battles.", names[1], names[2],
      c.scenario.file, c.battles),
  }
end

-- One campaign. Returns the text, the battles' full accounts (for --log)
-- and, with opts.html, each battle's replay page ({ { file =, html = } }).
local function one(c, opts)
  local P = runner.prepare(c)
  local seed = opts.seed or c.seed or 1
  local out, log, pages = {}, {}, {}
  local r
  r = runner.run(P, {
    seed = seed, referee = opts.referee,
    report = function(line) out[#out + 1] = line end,
    battle_report = opts.log and function(line) log[#log + 1] = line end or nil,
    battle_page = opts.html and function(n, bf, rec)
      local title = string.format("%s, campaign seed %d: battle %d (%s, seed %d)", c.name or c.file, seed, n,
        rec.role or "a battle", rec.seed)
      pages[#pages + 1] = { file = string.format("battle-%d.html", n), html = replay.from_battlefield(bf, title) }
    end or nil,
  })
  if opts.format == "json" then
    local battles = {}
    for _, b in ipairs(r.battles) do
      battles[#battles + 1] = { battle = b.n, seed = b.seed, role = b.role, defender = b.defender or json.null,
        month = b.month or json.null, terrain_change = b.terrain_change, field_defences = b.field_defences or json.null,
        winner = b.winner or json.null, reason = b.reason, periods = b.turns, points = b.vp, hash = b.hash,
        siege = b.siege or json.null, before = setmetatable(b.before or {}, json.array_mt),
        after = setmetatable(b.after or {}, json.array_mt) }
    end
    return json.encode({ campaign = c.name or c.file, file = c.file, seed = seed, sides = r.names,
      winner = r.winner or json.null, reason = r.reason, battles = battles, hash = r.hash }) .. "\n",
      table.concat(log, "\n") .. "\n", pages
  end
  local text = header(c, r.names, seed)
  text[#text + 1] = ""
  for _, line in ipairs(out) do text[#text + 1] = line end
  text[#text + 1] = ""
  text[#text + 1] = string.format("RESULT after %d %s: %s: %s. Campaign hash %s.", #r.battles,
    #r.battles == 1 and "battle" or "battles",
    r.winner and (r.names[r.winner] .. " wins the campaign") or "a drawn campaign", r.reason, r.hash)
  return table.concat(text, "\n") .. "\n", table.concat(log, "\n") .. "\n", pages
end

-- How a campaign ended, for the tally of many.
local function ending(reason)
  if reason:find("captured", 1, true) or reason:find("falls", 1, true) then return "a fortress captured" end
  if reason:find("fortress", 1, true) then return "a beaten defender driven into a fortress" end
  if reason:find("no troops left", 1, true) then return "a side with no troops left" end
  return "the battles ran out (more battles won)"
end

local function many(c, path, opts)
  local seed = opts.seed or c.seed or 1
  local P = runner.prepare(c)
  local names = { P.prepared.armies[1].fields.name or "side 1", P.prepared.armies[2].fields.name or "side 2" }
  local variants = { { name = "baseline", params = { campaign = path, referee = opts.referee or nil } } }
  for _, x in ipairs(opts.variants or {}) do
    -- each variant loads here first: a house rule that cannot load is one
    -- message naming its file, not N failed campaigns
    local ok, err = pcall(runner.prepare, file.load(path), { x.file })
    if not ok then
      fail("variant '%s' (%s) cannot be used, so nothing was run:\n%s", x.name, x.file,
        type(err) == "table" and err.user_message or tostring(err))
    end
    variants[#variants + 1] = { name = x.name,
      params = { campaign = path, house_rules = { x.file }, referee = opts.referee or nil } }
  end
  local summary = experiment.run{ module = "lib.campaign.trial", trials = opts.trials, seed = seed,
    threads = opts.threads, keep_results = true, variants = variants }
  local v = summary.variants[1]
  local endings, order, failures, lengths = {}, {}, {}, {}
  for _, t in ipairs(summary.results[1]) do
    if t.error then
      if #failures < 3 then failures[#failures + 1] = t end
    else
      local e = ending(t.result.reason or "")
      if not endings[e] then endings[e] = 0; order[#order + 1] = e end
      endings[e] = endings[e] + 1
      lengths[#lengths + 1] = t.result.turns
    end
  end
  table.sort(order)
  local done = #lengths
  if opts.format == "json" then
    local e = {}
    for _, k in ipairs(order) do e[k] = endings[k] end
    local others = {}
    for i = 2, #summary.variants do
      local x = summary.variants[i]
      others[#others + 1] = { name = x.name, house_rule = variants[i].params.house_rules[1],
        side1_wins = x.side1_wins, side2_wins = x.side2_wins, draws = x.draws, failed = x.failed, battles = x.length,
        side1_win_difference = (summary.differences[i - 1] or {}).side1_win_difference }
    end
    local failed = 0
    for _, x in ipairs(summary.variants) do failed = failed + x.failed end
    return json.encode({ campaign = c.name or c.file, file = c.file, seed = seed, campaigns = opts.trials,
      sides = names, side1_wins = v.side1_wins, side2_wins = v.side2_wins, draws = v.draws, failed = v.failed,
      battles = v.length, endings = e, variants = setmetatable(others, json.array_mt) }) .. "\n", failed == 0
  end
  local text = {
    string.format("CAMPAIGNS: %s (%s): %d campaigns, campaign i seeded from (%d, i)%s", c.name or c.file, c.file,
      opts.trials, seed, opts.referee and ", every battle under the referee" or ""),
    string.format("%s (side 1) against %s (side 2), at most %d battles each.", names[1], names[2], c.battles),
    "",
    "Who wins the campaign (95% intervals):",
    string.format("  %-40s %s  [%s, %s]", names[1], pct(v.side1_wins.rate), pct(v.side1_wins.low), pct(v.side1_wins.high)),
    string.format("  %-40s %s  [%s, %s]", names[2], pct(v.side2_wins.rate), pct(v.side2_wins.low), pct(v.side2_wins.high)),
    string.format("  %-40s %s  [%s, %s]", "drawn campaigns", pct(v.draws.rate), pct(v.draws.low), pct(v.draws.high)),
  }
  if v.length and v.length.median then
    text[#text + 1] = string.format("Battles per campaign: median %g, mean %.2f, %d to %d.", v.length.median,
      v.length.mean, v.length.min, v.length.max)
  end
  text[#text + 1] = "How campaigns ended:"
  for _, k in ipairs(order) do
    text[#text + 1] = string.format("  %-50s %s", k, pct(endings[k] / math.max(1, done)))
  end
  local failed = v.failed
  if #summary.variants > 1 then
    text[#text + 1] = ""
    text[#text + 1] = string.format("House rules on the same campaigns (paired by seed): %s wins the campaign", names[1])
    for i = 2, #summary.variants do
      local x = summary.variants[i]
      local dd = (summary.differences[i - 1] or {}).side1_win_difference
      text[#text + 1] = string.format("  %-20s %s  [%s, %s]%s", x.name, pct(x.side1_wins.rate), pct(x.side1_wins.low),
        pct(x.side1_wins.high), dd and string.format("   difference %+.1f points [%+.1f, %+.1f]", 100 * dd.rate,
          100 * dd.low, 100 * dd.high) or "")
      failed = failed + x.failed
    end
  end
  text[#text + 1] = string.format("Failed campaigns: %d", failed)
  for _, t in ipairs(failures) do
    text[#text + 1] = string.format("  campaign seed %d: %s", t.seed, (tostring(t.error):gsub("\n.*", "")))
  end
  for i = 2, #summary.variants do
    for _, t in ipairs(summary.results[i]) do
      if t.error then
        text[#text + 1] = string.format("  %s, campaign seed %d: %s", summary.variants[i].name, t.seed,
          (tostring(t.error):gsub("\n.*", "")))
        break
      end
    end
  end
  return table.concat(text, "\n") .. "\n", failed == 0
end

-- opts: campaign (path), seed (nil: the campaign's, else 1), trials (nil or 0:
-- one campaign), threads, format ("text" | "json"), referee, log (true: also
-- return every battle's account), variants ({ {name =, file =} }: house
-- rules compared on the same campaigns, with trials), html (true: each
-- battle's replay page). Returns the text, whether all went well, the log
-- text (one campaign with log) and the replay pages (one campaign with html:
-- { { file = "battle-N.html", html = } }).
function cli.run(opts)
  if not opts.campaign then fail("campaign: name a campaign file") end
  local c = file.load(opts.campaign)
  if opts.trials and opts.trials > 0 then
    local text, ok = many(c, opts.campaign, opts)
    return text, ok, nil
  end
  local text, log, pages = one(c, opts)
  return text, true, opts.log and log or nil, opts.html and pages or nil
end

return cli
