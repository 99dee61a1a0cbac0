-- A tiny test framework for rule tests, shared by every ruleset.
--
-- A test file registers cases and returns nothing:
--
--   local T = require("lib.testing")
--   T.case("Phalanx §Melee, Table 8: result 0, die 3 -> S / Rp", function()
--     T.eq(tables.combat_result(0, 3), {self = "S", other = "Rp"})
--   end)
--
-- The engine's `sandtable test` loads each file in a fresh sandboxed state
-- and runs what it registered; `lua5.4 scripts/lib/run_tests.lua FILE...`
-- does the same with the plain interpreter (no sandbox, no engine bindings).
-- Case names should name the section of the rules they check.

local T = {}

local cases = {}

function T.case(name, fn)
  assert(type(name) == "string" and type(fn) == "function", "T.case(name, fn)")
  cases[#cases + 1] = { name = name, fn = fn }
end

-- Deep, order-insensitive comparison of plain values and tables.
local function deep_equal(a, b, seen)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  seen = seen or {}
  if seen[a] == b then return true end
  seen[a] = b
  for k, v in pairs(a) do
    if not deep_equal(v, b[k], seen) then return false end
  end
  for k in pairs(b) do
    if a[k] == nil then return false end
  end
  return true
end
T.deep_equal = deep_equal

local function show(v, depth)
  depth = depth or 0
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" then return tostring(v) end
  if depth > 3 then return "{...}" end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(x, y) return tostring(x) < tostring(y) end)
  local parts = {}
  for _, k in ipairs(keys) do
    parts[#parts + 1] = tostring(k) .. "=" .. show(v[k], depth + 1)
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end
T.show = show

local function fail(msg, level)
  error(msg, (level or 1) + 2)
end

function T.eq(actual, expected, what)
  if not deep_equal(actual, expected) then
    fail(string.format("%sexpected %s, got %s", what and (what .. ": ") or "",
      show(expected), show(actual)))
  end
end

function T.near(actual, expected, tolerance, what)
  if type(actual) ~= "number" or math.abs(actual - expected) > tolerance then
    fail(string.format("%sexpected %s +/- %s, got %s", what and (what .. ": ") or "",
      tostring(expected), tostring(tolerance), tostring(actual)))
  end
end

function T.truthy(value, what)
  if not value then fail((what or "expected a true value") .. ", got " .. show(value)) end
end

-- Expects fn to raise an error whose message contains `fragment` (plain text).
function T.raises(fn, fragment, what)
  local ok, err = pcall(fn)
  if ok then fail((what or "expected an error") .. ", but the call succeeded") end
  -- A user error (lib.fail) is a table carrying its message.
  if type(err) == "table" and err.user_message then err = err.user_message end
  if fragment and not tostring(err):find(fragment, 1, true) then
    fail(string.format("%serror %q does not mention %q", what and (what .. ": ") or "",
      tostring(err), fragment))
  end
end

-- A scripted dice source with the same interface as the engine's
-- (source:roll(sides, purpose), source:faces(list, purpose)): it hands out
-- `values` in order and fails, naming the roll, when they run out or a value
-- is impossible for the die asked for.
-- A small seeded generator for tests that place things at random, the same
-- numbers every run (a linear congruential generator): rnd(n) -> 1..n.
function T.seeded(seed)
  local s = seed
  return function(n)
    s = (s * 1103515245 + 12345) % 2147483648
    return s % n + 1
  end
end

function T.forced_dice(values)
  local src = { used = 0, log = {} }
  local function next_value(limit_ok, die_text, purpose)
    src.used = src.used + 1
    local v = values[src.used]
    if v == nil then
      error(string.format("forced dice ran out at roll %d (%s%s)", src.used, die_text,
        purpose and (", " .. purpose) or ""), 3)
    end
    if not limit_ok(v) then
      error(string.format("forced value %s is impossible for %s (roll %d%s)", tostring(v),
        die_text, src.used, purpose and (", " .. purpose) or ""), 3)
    end
    src.log[#src.log + 1] = { value = v, die = die_text, purpose = purpose }
    return v
  end
  function src:roll(sides, purpose)
    return next_value(function(v) return math.type(v) == "integer" and v >= 1 and v <= sides end,
      "d" .. sides, purpose)
  end
  function src:faces(faces, purpose)
    return next_value(function(v)
      for _, f in ipairs(faces) do if f == v then return true end end
      return false
    end, "die {" .. table.concat(faces, ",") .. "}", purpose)
  end
  function src:remaining() return #values - self.used end
  return src
end

-- The plain interpreter has debug.traceback; the engine's sandbox has no
-- debug library, and its messages already carry file:line.
local debug_lib = rawget(_G, "debug")
local traceback = debug_lib and debug_lib.traceback or function(e)
  if type(e) == "table" and e.user_message then return e.user_message end
  return tostring(e)
end

-- Runs the registered cases; returns passed, failed, and the failure list.
function T.run(report)
  report = report or print
  local passed, failures = 0, {}
  for _, c in ipairs(cases) do
    local ok, err = xpcall(c.fn, traceback)
    if ok then
      passed = passed + 1
    else
      failures[#failures + 1] = { name = c.name, message = tostring(err) }
      report("FAIL " .. c.name .. "\n  " .. tostring(err))
    end
  end
  cases = {}
  return passed, #failures, failures
end

return T
