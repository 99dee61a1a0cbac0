-- `sandtable odds RULESET QUESTION ARGS...` (with --option and --house-rule
-- applied as in a scenario) and `sandtable odds dice EXPR...`: the exact probability of every
-- outcome of one adjudication, by running the ruleset's own pure function
-- under a dice source that enumerates every roll. When the outcome space is
-- too large it samples instead and says so, with the 95% margin.
local dice = require("sandtable.dice")
local fail = require("lib.fail")
local ruleset = require("lib.ruleset")
local calc = require("lib.dice_calc")

local cli = {}

local MAX_PATHS = 200000
local SAMPLES = 200000

local function bar(p)
  return string.rep("#", math.floor(p * 40 + 0.5))
end

-- `sandtable odds dice EXPR...`: each expression's exact distribution with
-- at-least and at-most columns; two expressions are also compared.
local function dice_odds(exprs, opts)
  if #exprs == 0 then fail("odds dice: expected a dice expression, e.g. sandtable odds dice \"3d6+2\"") end
  local dists = {}
  for i, e in ipairs(exprs) do
    dists[i] = calc.distribution(e)
    if i > 1 then print("") end
    for _, line in ipairs(calc.format(dists[i])) do print(line) end
  end
  if #dists == 2 then
    local gt, eq, lt = calc.compare(dists[1], dists[2])
    print("")
    print(string.format("%s against %s: higher %.4f%%, equal %.4f%%, lower %.4f%%", exprs[1], exprs[2], gt * 100,
      eq * 100, lt * 100))
  end
  if opts.html then return calc.html(dists, "Dice: " .. table.concat(exprs, ", ")) end
end

-- args: RULESET QUESTION ARGS... (or dice EXPR...); opts: options = {ids},
-- house_rules = {paths}, html = true (return the page's text).
function cli.run(args, opts)
  opts = opts or {}
  local name, kind = args[1], args[2]
  if name == "dice" then
    if #(opts.options or {}) > 0 or #(opts.house_rules or {}) > 0 then
      fail("odds dice: --option and --house-rule apply to a ruleset's questions, not to dice expressions")
    end
    local exprs = {}
    for i = 2, #args do exprs[#exprs + 1] = args[i] end
    return dice_odds(exprs, opts)
  end
  if not name or not kind then
    fail("usage: sandtable odds RULESET QUESTION ARGS... (e.g. phalanx melee \"HIS IV RA\" \"HIN III RA\") or " ..
      "sandtable odds dice EXPRESSION (e.g. \"3d6+2\")")
  end
  if opts.html then fail("odds: --html draws dice expressions (sandtable odds dice ...); not a ruleset's questions yet") end
  local rules = ruleset.load(name, { options = opts.options, house_rules = opts.house_rules })
  if not rules.manifest.odds then fail("ruleset '" .. name .. "' does not answer odds questions yet") end
  local odds = rules.require(rules.manifest.odds)
  rules.freeze()
  local rest = {}
  for i = 3, #args do rest[#rest + 1] = args[i] end
  -- A question is about two units (attacker and defender, shooter and
  -- target) unless the ruleset's odds module says otherwise (odds.arity).
  local want = type(odds.arity) == "table" and odds.arity[kind] or 2
  local asked = string.format("odds %s %s", name, kind)
  for _, a in ipairs(rest) do asked = asked .. string.format(" %q", a) end
  if #rest ~= want then
    local example = type(odds.WORDS) == "table" and odds.WORDS.example or "CLASS ..."
    fail("%s: expected %d unit description%s after '%s' (each in quotes, e.g. \"%s\"), got %d", asked, want,
      want == 1 and "" or "s", kind, example, #rest)
  end
  -- The arguments are all the user's: when the rules refuse them (a class or
  -- integrity the tables do not cover), say which question, without an
  -- engine traceback. Lua's own runtime errors ("attempt to ...") are bugs and
  -- keep theirs.
  local function answer(fn, ...)
    local ok, a, b = pcall(fn, ...)
    if ok then return a, b end
    if type(a) == "table" then error(a, 0) end
    local text = tostring(a)
    local bug = text:find("attempt to ", 1, true) or text:find("bad argument", 1, true)
      or text:find("stack overflow", 1, true) or text:find("limit of", 1, true)
    if bug then error(a, 0) end
    local message = text:gsub("^[^:\n]+%.lua:%d+: ", "")
    fail("%s: the rules cannot answer this: %s", asked, message)
  end
  local adjudicate, describe = answer(odds.prepare, kind, table.unpack(rest))
  for _, line in ipairs(answer(describe)) do print(line) end
  print("")
  local ok, rows = pcall(dice.odds, adjudicate, MAX_PATHS)
  if ok then
    print("Exact odds (every outcome of the dice enumerated):")
    for _, r in ipairs(rows) do
      print(string.format("  %-28s %8.4f%%  %s", tostring(r.outcome), r.p * 100, bar(r.p)))
    end
  else
    if type(rows) ~= "string" or not rows:find("outcome paths", 1, true) then error(rows, 0) end
    local source = dice.random(1)
    local counts, keys = {}, {}
    for _ = 1, SAMPLES do
      local k = adjudicate(source)
      if not counts[k] then counts[k] = 0; keys[#keys + 1] = k end
      counts[k] = counts[k] + 1
    end
    table.sort(keys, function(x, y) return tostring(x) < tostring(y) end)
    print(string.format("Estimated odds (%d samples; too many outcomes to enumerate):", SAMPLES))
    for _, k in ipairs(keys) do
      local p = counts[k] / SAMPLES
      print(string.format("  %-28s %8.4f%% +/- %.4f%%  %s", tostring(k), p * 100,
        196 * math.sqrt(p * (1 - p) / SAMPLES), bar(p)))
    end
  end
end

return cli
