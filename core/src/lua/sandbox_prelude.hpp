#pragma once
// The Lua side of the sandbox, run once per state before anything else. It
// receives the real globals table and two C functions, wraps what must be
// wrapped, locks the standard library, and returns the environment maker.
namespace sandtable::lua {

inline constexpr const char* kSandboxPrelude = R"LUA(
local G, killed, memory_check = ...
local raw_pcall, raw_xpcall, raw_error, raw_setmetatable, raw_rawset, raw_rawget, raw_load, raw_type =
  pcall, xpcall, error, setmetatable, rawset, rawget, load, type
local raw_next, raw_tostring, raw_select = next, tostring, select
local raw_find = string.find
local co_resume, co_close = coroutine.resume, coroutine.close

-- Tables no script may change, even with rawset.
local locked = raw_setmetatable({}, { __mode = "k" })

-- A kill (instruction or memory limit) must not be swallowed: any protected
-- call or coroutine that returns an error while the state is killed raises
-- the kill again.
local function recheck(ok, ...)
  if not ok then
    local why = killed()
    if why then
      -- Re-raise the kill as it was caught (it names the file and line where
      -- the script was stopped); anything else caught is replaced by it.
      local caught = ...
      if raw_type(caught) == "string" and raw_find(caught, why, 1, true) then raw_error(caught, 0) end
      raw_error(why, 0)
    end
  end
  return ok, ...
end
G.pcall = function(...) return recheck(raw_pcall(...)) end
G.xpcall = function(...) return recheck(raw_xpcall(...)) end
local co = {}
for k, v in raw_next, G.coroutine do co[k] = v end
co.resume = function(...) return recheck(co_resume(...)) end
co.close = function(...) return recheck(co_close(...)) end
G.coroutine = co

-- Finalizers run with hooks off, so a __gc that never returns could not be
-- stopped: refuse them.
G.setmetatable = function(t, mt)
  if raw_type(mt) == "table" and raw_rawget(mt, "__gc") ~= nil then
    raw_error("__gc metamethods are not allowed in the sandbox (a finalizer cannot be stopped)", 2)
  end
  return raw_setmetatable(t, mt)
end
G.rawset = function(t, k, v)
  if locked[t] then raw_error("cannot rawset a protected table", 2) end
  return raw_rawset(t, k, v)
end

-- Environments: every chunk gets its own, reading through to the shared base
-- and refusing new globals, so one mod cannot change another's globals.
local env_mt = {
  __index = G,
  __newindex = function(_, k)
    raw_error("assignment to undeclared global '" .. raw_tostring(k) .. "' (declare it local)", 2)
  end,
  __metatable = "locked",
}
local function new_env()
  local env = raw_setmetatable({}, env_mt)
  raw_rawset(env, "_G", env)
  return env
end

G.load = function(chunk, name, mode, env)
  if mode ~= nil and mode ~= "t" then
    raw_error("only text chunks may be loaded in the sandbox (binary chunks are refused)", 2)
  end
  -- A reader function runs under a protected parser: a kill inside it comes
  -- back as load's (nil, message), so raise it again like pcall does.
  -- (Fix found by tests/core/sandbox_test.cpp: the kill was swallowed.)
  local f, err = raw_load(chunk, name, "t", env or new_env())
  if f == nil then
    local why = killed()
    if why then raw_error(why, 0) end
  end
  return f, err
end

-- Pattern matching runs in C where the instruction budget cannot see it;
-- refuse patterns whose backtracking could run for minutes.
local function repetitions(p)
  local n, i, len = 0, 1, #p
  while i <= len do
    local c = p:sub(i, i)
    if c == "%" then i = i + 2
    elseif c == "[" then  -- a set: its '-' and '*' are characters, not repetitions
      i = i + 1
      if p:sub(i, i) == "^" then i = i + 1 end
      if p:sub(i, i) == "]" then i = i + 1 end
      while i <= len and p:sub(i, i) ~= "]" do i = i + (p:sub(i, i) == "%" and 2 or 1) end
      i = i + 1
    else
      if c == "*" or c == "+" or c == "-" or c == "?" then n = n + 1 end
      i = i + 1
    end
  end
  return n
end
-- Backtracking over q repetition items in n characters tries about
-- n * C(n+q, q) states (each start position times the ways to share the
-- characters among the items); the matcher does some 4e8 of them a second.
-- (Fix found by tests/core/sandbox_test.cpp: subjects of 64 characters or
-- fewer were exempt, and 60 characters against 12 items ran for minutes.)
local PATTERN_STEPS = 1e9
local function backtracking_steps(n, q)
  local steps = n + 0.0
  for i = 1, q do steps = steps * (n + i) / i end
  return steps
end
-- A pattern's repetition items, counted once: rules match the same few
-- patterns in their inner loops, and counting walks the pattern character by
-- character (about 1% of a battle of one shipped ruleset before this was kept). Emptied when it
-- holds many, so patterns built on the fly cannot grow it without bound.
local repetitions_of, kept_patterns = {}, 0
local function guard_pattern(fname, s, p)
  if raw_type(s) == "string" and raw_type(p) == "string" then
    local q = repetitions_of[p]
    if q == nil then
      q = repetitions(p)
      if kept_patterns >= 4096 then repetitions_of, kept_patterns = {}, 0 end
      repetitions_of[p], kept_patterns = q, kept_patterns + 1
    end
    if q > 0 and backtracking_steps(#s, q) > PATTERN_STEPS then
      raw_error(("string.%s: the pattern %q has %d repetition items against %d characters; " ..
        "it could run for too long in the sandbox (split the text first)"):format(fname, p, q, #s), 3)
    end
  end
end
local str = {}
for k, v in raw_next, G.string do str[k] = v end
for _, fname in raw_next, { "find", "match", "gmatch", "gsub" } do
  local f = str[fname]
  str[fname] = function(s, p, ...)
    -- A plain find (4th argument true) matches no pattern: nothing to guard.
    -- (Also found by tests/fuzz: s:find('a-b', 1, true) on a page was refused.)
    if not (fname == "find" and select(2, ...)) then guard_pattern(fname, s, p) end
    return f(s, p, ...)
  end
end
str.dump = nil
-- string.rep checks its result against Lua's 2^31-byte string limit before
-- allocating, so string.rep("x", 2^31) said "resulting string too large" (a
-- plain, catchable error) instead of stopping at the memory cap. Check the
-- size against the cap first. (Fix found by tests/core/sandbox_test.cpp.)
local raw_rep = str.rep
str.rep = function(s, n, sep)
  if (raw_type(s) == "string" or raw_type(s) == "number") and raw_type(n) == "number" and n > 0 then
    local piece = #raw_tostring(s) + ((raw_type(sep) == "string" or raw_type(sep) == "number") and #raw_tostring(sep) or 0)
    memory_check(piece * n)
  end
  return raw_rep(s, n, sep)
end
local string_mt = getmetatable("")
string_mt.__index = str
string_mt.__metatable = "locked"
G.string = str

local m = {}
for k, v in raw_next, G.math do m[k] = v end
m.random, m.randomseed = nil, nil   -- rules use the engine's dice
G.math = m

local raw_collect = G.collectgarbage
G.collectgarbage = function(opt, ...)
  if opt == nil or opt == "collect" or opt == "count" or opt == "step" then return raw_collect(opt, ...) end
  raw_error("collectgarbage('" .. raw_tostring(opt) .. "') is not allowed in the sandbox", 2)
end

for _, name in raw_next, { "dofile", "loadfile", "loadstring", "module" } do raw_rawset(G, name, nil) end

-- The standard library is shared by every mod in the state: read-only.
local function readonly(name, real)
  local proxy = raw_setmetatable({}, {
    __index = real,
    __newindex = function(_, k)
      raw_error("cannot change " .. name .. "." .. raw_tostring(k) ..
        ": the standard library is shared and read-only", 2)
    end,
    __pairs = function() return raw_next, real, nil end,
    __metatable = "locked",
  })
  locked[proxy] = true
  return proxy
end
for _, lib in raw_next, { "string", "table", "math", "utf8", "coroutine" } do
  raw_rawset(G, lib, readonly(lib, G[lib]))
end

raw_setmetatable(G, {
  __index = function(_, k) raw_error("undeclared global '" .. raw_tostring(k) .. "'", 2) end,
  __newindex = function(_, k)
    raw_error("assignment to undeclared global '" .. raw_tostring(k) .. "' (declare it local)", 2)
  end,
  __metatable = "locked",
})
locked[G] = true
return new_env
)LUA";

} // namespace sandtable::lua
