-- The machinery every ruleset's army lists share: an army file is Lua data
-- built with constructors (`return army { ..., vignettes = { vignette {...} } }`),
-- each record knows the file and line it was written at, a typo in a name or
-- a key is caught with a "did you mean", and a checker collects every problem
-- as { file, line, message } in file order. A ruleset's armies.lua says only
-- what its lists contain (keys, troop classes, sizes) and checks its rules.
--
--   local AL = require("lib.army_list")
--   local dsl = AL.dsl("vignette")               -- constructors army{} and vignette{}
--   local army, problems = dsl:load(path, read_file)
--   local check = AL.new_checker()             -- or AL.new_checker(MyCheckClass)
--   check:keys(army, army.fields, ARMY_KEYS, "the army")
--   local records = check:records(army, "vignettes", "vignette")
--   check:unique_ids(records, "vignette")
--   ... check:add(at, "unknown class '%s'", code) ...
--   return check:sorted()
local where = require("lib.where")

local AL = {}

-- What a value is, for "found ..." in messages.
function AL.show(v)
  if v == nil then return "nothing" end
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) == "table" then return "a table" end
  return type(v) .. " " .. tostring(v)
end

-- "a", "b", "c" for messages.
function AL.quoted_list(list)
  local out = {}
  for i, v in ipairs(list) do out[i] = string.format("%q", v) end
  return table.concat(out, ", ")
end

-- A key table is a list of { key =, need = "what it must hold", required = }.
function AL.key_names(spec)
  local names = {}
  for _, k in ipairs(spec) do names[#names + 1] = k.key end
  return names
end

function AL.key_spec(spec, key)
  for _, k in ipairs(spec) do
    if k.key == key then return k end
  end
  return nil
end

-- Optimal string alignment distance: a swap of two neighbouring letters is
-- one edit ("rnaks" -> "ranks").
local function edit_distance(a, b)
  local d = {}
  for i = 0, #a do d[i] = { [0] = i } end
  for j = 0, #b do d[0][j] = j end
  for i = 1, #a do
    for j = 1, #b do
      local cost = a:sub(i, i) == b:sub(j, j) and 0 or 1
      d[i][j] = math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
      if i > 1 and j > 1 and a:sub(i, i) == b:sub(j - 1, j - 1) and a:sub(i - 1, i - 1) == b:sub(j, j) then
        d[i][j] = math.min(d[i][j], d[i - 2][j - 2] + 1)
      end
    end
  end
  return d[#a][#b]
end

-- The closest candidate to a typo, if close enough to be the likely intent.
function AL.suggestion(word, candidates)
  if type(word) ~= "string" then return nil end
  local best, best_d
  for _, c in ipairs(candidates) do
    local dd = edit_distance(word:lower(), c:lower())
    if not best_d or dd < best_d then best, best_d = c, dd end
  end
  if best_d and best_d <= math.max(1, #word // 3) then return best end
  return nil
end

-- A whole number of at least lo (default 1): the usual test of a count.
function AL.whole(v, lo)
  return math.type(v) == "integer" and v >= (lo or 1)
end

function AL.did_you_mean(word, candidates)
  local s = AL.suggestion(word, candidates)
  return s and string.format(" (did you mean %q?)", s) or ""
end

---------------------------------------------------------------------------
-- Loading

-- A record: the author's fields, untouched (so the checker sees typos), plus
-- where its constructor was called.
local RECORD = {} -- marker key: this table was made by a constructor

local function record(kind, fields, level)
  local file, line = where(level)
  return { [RECORD] = kind, fields = fields, file = file, line = line }
end

function AL.is_record(v, kind)
  return type(v) == "table" and v[RECORD] == kind
end

-- Turns "path:12: message" from a Lua error into a problem record.
local function problem_from_error(path, err)
  if type(err) == "table" and err.user_message then err = err.user_message end
  local msg = tostring(err)
  local file, line, rest = msg:match("^(.-):(%d+): (.*)$")
  if file then return { file = file, line = tonumber(line), message = rest } end
  return { file = path, line = 1, message = msg }
end

local DSL = {}
DSL.__index = DSL

-- The army file language of a ruleset: `army { }` and one constructor per
-- kind of entry (Phalanx: "vignette"; Historicon: "unit").
function AL.dsl(...)
  return setmetatable({ kinds = { ... } }, DSL)
end

-- The environment an army file runs in: only the constructors. Reading or
-- writing any other global is an error at that line.
function DSL:env()
  local env, names = {}, { "army" }
  env.army = function(fields) return record("army", fields, 2) end
  for _, kind in ipairs(self.kinds) do
    names[#names + 1] = kind
    env[kind] = function(fields) return record(kind, fields, 2) end
  end
  local allowed = {}
  for _, n in ipairs(names) do allowed[#allowed + 1] = n .. " { ... }" end
  return setmetatable(env, {
    __index = function(_, name)
      error(string.format("unknown name '%s'%s: an army file may use only %s", tostring(name),
        AL.did_you_mean(name, names), table.concat(allowed, " and ")), 2)
    end,
    __newindex = function(_, name)
      error(string.format("army files may not set globals (found an assignment to '%s'); use local",
        tostring(name)), 2)
    end,
  })
end

-- The line of the `army {` call, read from the text: `return army {...}` is a
-- tail call, so its frame (and line) is gone by the time army() runs.
-- Comment lines are skipped ("-- the army of ..." is not the call).
local function army_call_line(text)
  local n = 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    local code = line:gsub("%-%-.*$", "")
    if code:find("%f[%w_]army%s*[{(]") then return n end
  end
  return 1
end

-- Runs the text of an army file. Returns the army record, or nil and a list
-- holding the one problem that stopped it (a syntax error, a runtime error, or
-- a file that does not return army { ... }).
function DSL:load_text(text, path)
  assert(type(text) == "string", "load_text(text, path): text must be a string")
  assert(type(path) == "string", "load_text(text, path): path must be a string")
  local chunk, err = load(text, "@" .. path, "t", self:env())
  if not chunk then return nil, { problem_from_error(path, err) } end
  local ok, result = pcall(chunk)
  if not ok then return nil, { problem_from_error(path, result) } end
  if not AL.is_record(result, "army") then
    return nil, { { file = path, line = 1,
      message = "an army file must end with `return army { ... }`, but it returned " .. AL.show(result) } }
  end
  if result.file ~= path then result.file, result.line = path, army_call_line(text) end
  return result
end

-- Reads an army file through the host's read_file(path) -> text: the text,
-- or nil and the problem.
function AL.read(path, read_file)
  -- read_file may return nil, err or raise (the engine's loader.read raises).
  local ok, text, err = pcall(read_file, path)
  if not ok then text, err = nil, type(text) == "table" and text.user_message or text end
  if not text then
    return nil, { { file = path, line = 1, message = "cannot read army file: " .. tostring(err) } }
  end
  return text
end

function DSL:load(path, read_file)
  local text, problems = AL.read(path, read_file)
  if not text then return nil, problems end
  return self:load_text(text, path)
end

-- The plain fields of an army's entries of one kind (army.fields[list_key]),
-- each with its file and line: what the rest of a ruleset works from.
function AL.entries(army, list_key, kind)
  local out = {}
  local list = type(army.fields) == "table" and army.fields[list_key] or nil
  for _, rec in ipairs(type(list) == "table" and list or {}) do
    if AL.is_record(rec, kind) and type(rec.fields) == "table" then
      local v = { file = rec.file, line = rec.line }
      for k, val in pairs(rec.fields) do v[k] = val end
      out[#out + 1] = v
    end
  end
  return out
end

function AL.format(problem)
  return string.format("%s:%d: %s", problem.file, problem.line, problem.message)
end

---------------------------------------------------------------------------
-- Checking

-- A checker collects problems; a ruleset extends it with its own rules:
--   local Check = AL.checker_class()    -- then function Check:vignette(rec) ... end
local Checker = {}
Checker.__index = Checker

function AL.checker_class()
  local class = setmetatable({}, { __index = Checker })
  class.__index = class
  return class
end

function AL.new_checker(class, fields)
  local self = setmetatable(fields or {}, class or Checker)
  self.problems, self.seq = {}, 0
  return self
end

function Checker:add(at, fmt, ...)
  self.seq = self.seq + 1
  self.problems[#self.problems + 1] = {
    file = at.file, line = at.line, message = string.format(fmt, ...), seq = self.seq }
end

-- Unknown keys (with a "did you mean"), values without keys, and missing
-- required keys of an author's table.
function Checker:keys(at, fields, spec, what)
  local unknown = {}
  for k in pairs(fields) do
    if type(k) ~= "string" then
      self:add(at, "%s has a value without a key (at position %s): write key = value, one of %s",
        what, tostring(k), table.concat(AL.key_names(spec), ", "))
    elseif not AL.key_spec(spec, k) then
      unknown[#unknown + 1] = k
    end
  end
  table.sort(unknown)
  for _, k in ipairs(unknown) do
    self:add(at, "unknown key '%s' in %s%s: expected one of %s", k, what,
      AL.did_you_mean(k, AL.key_names(spec)), table.concat(AL.key_names(spec), ", "))
  end
  for _, k in ipairs(spec) do
    if k.required and fields[k.key] == nil then
      self:add(at, "%s is missing '%s': expected %s", what, k.key, k.need)
    end
  end
end

-- An optional key of the given Lua type (its `need` text says what it means).
function Checker:optional(at, fields, spec, key, want_type, what)
  local v = fields[key]
  if v ~= nil and type(v) ~= want_type then
    self:add(at, "%s: '%s' must be %s, found %s", what, key, AL.key_spec(spec, key).need, AL.show(v))
  end
end

-- The records of an army's list of entries (army.fields[list_key]), each
-- made by `kind { ... }`. A list that is not a table, an entry that is not a
-- record of that kind, and an empty list are problems at the army's line.
function Checker:records(army, list_key, kind)
  local list, records = army.fields[list_key], {}
  if list ~= nil and type(list) ~= "table" then
    self:add(army, "army: '%s' must be a list of %s { ... }, found %s", list_key, kind, AL.show(list))
    return records
  end
  for i, v in ipairs(list or {}) do
    if AL.is_record(v, kind) and type(v.fields) == "table" then records[#records + 1] = v
    else self:add(army, "army: %s entry %d is %s, not %s { ... }", list_key, i, AL.show(v), kind) end
  end
  if list and #list == 0 then self:add(army, "army has no %s", list_key) end
  return records
end

-- Ids used twice among records (each at the line of the second use). Returns
-- the first record of each id.
function Checker:unique_ids(records, kind)
  local by_id = {}
  for _, rec in ipairs(records) do
    local id = rec.fields.id
    if type(id) == "string" then
      if by_id[id] then self:add(rec, "%s id '%s' is used twice: first at line %d", kind, id, by_id[id].line)
      else by_id[id] = rec end
    end
  end
  return by_id
end

-- The problems in file order (then in the order they were found).
function Checker:sorted()
  table.sort(self.problems, function(a, b)
    if a.file ~= b.file then return a.file < b.file end
    if a.line ~= b.line then return a.line < b.line end
    return a.seq < b.seq
  end)
  for _, p in ipairs(self.problems) do p.seq = nil end
  return self.problems
end

return AL
