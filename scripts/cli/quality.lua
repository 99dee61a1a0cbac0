-- `sandtable quality SCENARIO...`: the battle-quality report (docs/quality.md).
-- Plays N seeded battles of each scenario under the referee and reports, per
-- scenario: battles decided by the rules' victory conditions, the share of
-- units that engage in the median battle (and per side), units idle for
-- three turns or more with an enemy in reach, declared moves that moved
-- nothing, and acts a player would call absurd (the referee's warnings),
-- each against the project's goal.
local experiment = require("sandtable.experiment")
local loader = require("sandtable.loader")
local json = require("lib.json")
local fail = require("lib.fail")
local scenario = require("lib.scenario")
local expectations = require("lib.quality_expectations")
local scenario_history = require("lib.scenario_history")

local cli = {}

cli.GOALS = {
  engaged = 0.75,          -- share of units that engage in the median battle, at least
  decided = 0.90,          -- battles decided by the victory conditions, at least
  moved_nothing = 0.01,    -- declared moves that moved nothing, at most
  absurd = 0,              -- absurd acts per battle, at most
}

local function median(list)
  if #list == 0 then return nil end
  table.sort(list)
  local n = #list
  if n % 2 == 1 then return list[(n + 1) // 2] end
  return (list[n // 2] + list[n // 2 + 1]) / 2
end

-- A battle is decided when it has a winner by the rules' own victory
-- conditions: not one judged when play stopped -- at the turn limit or at
-- nightfall (the weather module ends a battle begun by day), on points or
-- otherwise -- whatever the turn ("points" alone is WRG's judgement at the
-- end; Historicon's "victory points reduced by 25%" is its victory rule).
local function decided(r)
  if not r.winner then return false end
  local reason = string.lower(r.reason or "")
  if reason:find("limit", 1, true) or reason:find("nightfall", 1, true) then return false end
  return not (reason == "points" or reason:find("^points") or reason:find("on points", 1, true))
end
cli.decided = decided

-- The report of one scenario's trials (results[i] = { seed, result | error }).
function cli.summarise(name, trials)
  local s = { scenario = name, battles = 0, failed = 0, decided = 0, failures = {},
              engaged = {}, engaged_side = { {}, {} }, idle_units = 0, units = 0,
              declared = 0, moved_nothing = 0, absurd = 0, absurd_by = {} }
  for _, t in ipairs(trials) do
    if t.error then
      s.failed = s.failed + 1
      if #s.failures < 3 then s.failures[#s.failures + 1] = { seed = t.seed, error = t.error } end
    else
      local r = t.result
      local q = r.quality
      s.battles = s.battles + 1
      if decided(r) then s.decided = s.decided + 1 end
      local e, u = 0, 0
      for side = 1, 2 do
        local p = q.sides[side]
        e, u = e + p.engaged, u + p.units
        s.engaged_side[side][#s.engaged_side[side] + 1] = p.units > 0 and p.engaged / p.units or 0
        s.idle_units = s.idle_units + p.idle
      end
      s.units = s.units + u
      s.engaged[#s.engaged + 1] = u > 0 and e / u or 0
      s.declared = s.declared + q.declared_moves
      s.moved_nothing = s.moved_nothing + q.declared_moves_nothing
      s.absurd = s.absurd + q.absurd_total
      local ids = {}
      for id in pairs(q.absurd) do ids[#ids + 1] = id end
      table.sort(ids)
      for _, id in ipairs(ids) do s.absurd_by[id] = (s.absurd_by[id] or 0) + q.absurd[id] end
    end
  end
  local n = s.battles
  s.figures = {
    decided = n > 0 and s.decided / n or 0,
    engaged = median(s.engaged) or 0,
    engaged_side1 = median(s.engaged_side[1]) or 0,
    engaged_side2 = median(s.engaged_side[2]) or 0,
    idle = s.units > 0 and s.idle_units / s.units or 0,
    moved_nothing = s.declared > 0 and s.moved_nothing / s.declared or 0,
    absurd = n > 0 and s.absurd / n or 0,
  }
  local f, g = s.figures, cli.GOALS
  s.goals = {
    engaged = f.engaged >= g.engaged,
    decided = f.decided >= g.decided,
    moved_nothing = f.moved_nothing <= g.moved_nothing,
    absurd = f.absurd <= g.absurd,
    referee = s.failed == 0,
  }
  s.engaged, s.engaged_side = nil, nil
  return s
end

-- Each goal's verdict for a scenario's report: "met", "documented" (short of
-- the project's goal, within the bound the scenario documents with its
-- reason) or "missed". documented: the scenario's quality: block, or {}.
function cli.judge(s, documented)
  s.verdicts, s.documented = {}, {}
  for goal, ok in pairs(s.goals) do
    local bound = expectations.BOUNDS[goal]
    local d = documented[goal]
    if goal == "mirror" then
      s.verdicts[goal] = ok and "met" or "missed"
    else
      s.verdicts[goal] = expectations.verdict(ok, s.figures[goal] or 0, d, bound)
    end
    if d and s.verdicts[goal] ~= "met" then s.documented[goal] = d.why end
  end
  if documented.mirror and not s.goals.mirror then
    s.verdicts.mirror, s.documented.mirror = "documented", documented.mirror.why
  end
  return s
end

-- Who won the scenario's battles: each side's wins and the draws, with
-- their 95% intervals (the experiment's own figures).
function cli.outcome(v)
  return { side1_wins = v.side1_wins, side2_wins = v.side2_wins, draws = v.draws }
end

-- A mirror match (one army on both sides) is fair when each side's win
-- rate lies within the other's 95% interval's reach (the intervals overlap)
-- and no more than 15% of its battles are drawn.
cli.GOALS.mirror_draws = 0.15
function cli.mirror(v)
  local a, b, d = v.side1_wins, v.side2_wins, v.draws
  return { side1 = a, side2 = b, draws = d, failed = v.failed,
           fair = a.low <= b.high and b.low <= a.high and d.rate <= cli.GOALS.mirror_draws and v.failed == 0 }
end

-- A fair mirror of 200 battles shows intervals apart about one time in
-- twenty (5.6% measured, Phalanx, session eight), so among some 30 mirrors
-- one run in two flags one by chance. A mirror flagged unfair is fought
-- again on MIRROR_CONFIRM times the battles at the next seed, a fresh
-- sample, and judged by that run (the first run's figures kept as `first`):
-- a fair mirror is then called unfair about one time in 300, while a real
-- lean (WRG Gaugamela's Persian mirror before session ten: 30.5 / 62.0% of
-- 200, 35.8 / 58.1% of 1,000) stays flagged.
cli.MIRROR_CONFIRM = 5
-- mirrors: cli.mirror's verdicts by army; refight(side, trials, seed) fights
-- army `side`'s mirror again and returns the experiment's variant summary.
function cli.confirm_mirrors(mirrors, opts, refight)
  local out = {}
  for side, m in ipairs(mirrors) do
    if not m.fair then
      local n, seed = opts.trials * cli.MIRROR_CONFIRM, opts.seed + 1
      local c = cli.mirror(refight(side, n, seed))
      c.first, c.battles, c.seed = m, n, seed
      m = c
    end
    out[side] = m
  end
  return out
end

local function pct(x) return string.format("%5.1f%%", 100 * x) end
local MARKS = { met = " ", documented = "~", missed = "*" }
local function mark(verdict) return MARKS[verdict or "met"] end

local HISTORY_VERDICTS = {
  agrees = "agrees with history",
  even = "even (the sides' intervals overlap)",
  reversed = "REVERSED: history's loser wins more",
  decides = "DIFFERS: the sim decides a day history left drawn",
}

local function table_text(reports, trials)
  local out = {}
  out[#out + 1] = string.format("Battle quality: %d battles per scenario under the referee (* = goal missed, "
    .. "~ = short of the goal as the scenario documents; docs/quality.md)", trials)
  out[#out + 1] = ""
  out[#out + 1] = string.format("%-44s %9s %17s %8s %8s %9s %8s %7s", "scenario", "decided", "engaged (1 / 2)",
    "engaged", "idle 3+", "moved 0", "absurd", "failed")
  out[#out + 1] = string.format("%-44s %9s %17s %8s %8s %9s %8s %7s", "", ">= 90%", "median per side",
    ">= 75%", "units", "<= 1%", "= 0", "= 0")
  for _, s in ipairs(reports) do
    local f, g = s.figures, s.verdicts
    out[#out + 1] = string.format("%-44s %8s%s %8s/%7s %7s%s %8s %8s%s %7.2f%s %6d%s", s.scenario,
      pct(f.decided), mark(g.decided), pct(f.engaged_side1), pct(f.engaged_side2), pct(f.engaged), mark(g.engaged),
      pct(f.idle), pct(f.moved_nothing), mark(g.moved_nothing), f.absurd, mark(g.absurd), s.failed, mark(g.referee))
  end
  for _, s in ipairs(reports) do
    for side, m in ipairs(s.mirrors or {}) do
      out[#out + 1] = string.format("%s: mirror match, army %d on both sides: side 1 wins %s [%s, %s], side 2 %s "
        .. "[%s, %s], draws %s%s", s.scenario, side, pct(m.side1.rate), pct(m.side1.low), pct(m.side1.high),
        pct(m.side2.rate), pct(m.side2.low), pct(m.side2.high), pct(m.draws.rate),
        m.fair and "" or "  * unfair (intervals apart, or draws above 15%, or failed battles)")
      if m.first then
        out[#out + 1] = string.format("%s: army %d's mirror fought again, %d battles at seed %s (the first %d flagged it: "
          .. "side 1 %s, side 2 %s, draws %s); the line above is the second run's", s.scenario, side, m.battles, tostring(m.seed), trials,
          pct(m.first.side1.rate), pct(m.first.side2.rate), pct(m.first.draws.rate))
      end
    end
  end
  for _, s in ipairs(reports) do
    local h, o = s.history, s.outcome
    if h then
      out[#out + 1] = string.format("%s: history (%s): %s: %s", s.scenario, h.source,
        h.winner == "draw" and "a drawn day" or ("army " .. h.winner .. " won"), h.result)
      out[#out + 1] = string.format("%s: the sim: army 1 wins %s [%s, %s], army 2 %s [%s, %s], draws %s: %s",
        s.scenario, pct(o.side1_wins.rate), pct(o.side1_wins.low), pct(o.side1_wins.high), pct(o.side2_wins.rate),
        pct(o.side2_wins.low), pct(o.side2_wins.high), pct(o.draws.rate), HISTORY_VERDICTS[h.verdict])
    end
  end
  for _, s in ipairs(reports) do
    local goals = {}
    for goal in pairs(s.documented) do goals[#goals + 1] = goal end
    table.sort(goals)
    for _, goal in ipairs(goals) do
      out[#out + 1] = string.format("%s: %s %s, as the scenario documents: %s", s.scenario, goal,
        s.verdicts[goal] == "missed" and "MISSED even the documented bound" or "short of the goal", s.documented[goal])
    end
  end
  for _, s in ipairs(reports) do
    for _, e in ipairs(s.failures) do
      out[#out + 1] = string.format("%s: seed %d: %s", s.scenario, e.seed, (e.error:gsub("\n.*", "")))
    end
    local ids = {}
    for id in pairs(s.absurd_by) do ids[#ids + 1] = id end
    table.sort(ids)
    for _, id in ipairs(ids) do
      out[#out + 1] = string.format("%s: absurd act '%s' %d times", s.scenario, id, s.absurd_by[id])
    end
  end
  return table.concat(out, "\n") .. "\n"
end

-- opts: scenarios (paths), trials, seed, threads, format ("table" | "json"),
-- mirror (true: also each army against itself, docs/quality.md),
-- returns the text to print and whether every goal was met.
function cli.run(opts)
  if #opts.scenarios == 0 then fail("quality: name at least one scenario") end
  local reports = {}
  for _, path in ipairs(opts.scenarios) do
    local parsed = scenario.parse(loader.read(path), loader.display(path), path:match("^(.*)/[^/]*$"))
    local documented = parsed.quality or {}
    local mirror = opts.mirror and not documented.mirror
    local variants = { { name = "baseline", params = { scenario = path } } }
    if mirror then
      for side = 1, 2 do
        variants[#variants + 1] = { name = "mirror_" .. side, params = { scenario = path, mirror = side } }
      end
    end
    local summary = experiment.run{ module = "lib.quality_trial", trials = opts.trials, seed = opts.seed,
      threads = opts.threads, keep_results = true, variants = variants }
    local report = cli.summarise(path, summary.results[1])
    report.outcome = cli.outcome(summary.variants[1])
    if parsed.history then
      report.history = { winner = parsed.history.winner, result = parsed.history.result,
                         source = parsed.history.source,
                         verdict = scenario_history.verdict(parsed.history, report.outcome) }
    end
    if mirror then
      local first = {}
      for side = 1, 2 do first[side] = cli.mirror(summary.variants[side + 1]) end
      report.mirrors = cli.confirm_mirrors(first, opts, function(side, trials, seed)
        return experiment.run{ module = "lib.quality_trial", trials = trials, seed = seed, threads = opts.threads,
          variants = { { name = "mirror_" .. side, params = { scenario = path, mirror = side } } } }.variants[1]
      end)
      report.goals.mirror = report.mirrors[1].fair and report.mirrors[2].fair
    elseif opts.mirror then
      report.goals.mirror = false -- not fought: judged below as documented
    end
    reports[#reports + 1] = cli.judge(report, documented)
  end
  -- --strict fails on a goal missed without a documented reason, or missed
  -- beyond the bound the scenario documents
  local all_met = true
  for _, s in ipairs(reports) do
    for _, v in pairs(s.verdicts) do if v == "missed" then all_met = false end end
  end
  if opts.format == "json" then
    return json.encode({ trials = opts.trials, seed = opts.seed, goals = cli.GOALS, scenarios = reports }) .. "\n",
      all_met
  end
  return table_text(reports, opts.trials), all_met
end

return cli
