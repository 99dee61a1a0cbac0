-- A small, strict JSON reader and writer (RFC 8259).
--
--   local json = require("lib.json")
--   local v = json.decode('{"a": [1, 2.5, "x", null]}', "file.json")
--   local events = json.decode_lines(text, "battle.jsonl")   -- JSON lines
--   local text = json.encode(v)                               -- keys sorted
--
-- Decoding is strict: no comments, trailing commas, single quotes, leading
-- zeros, NaN or control characters in strings, nothing after the value. An
-- error is a user error (lib.fail) naming `name:line:column` and what was
-- expected and found. Integers decode as Lua integers (when they fit), other
-- numbers as floats; `null` decodes as json.null (a unique value), so a list
-- keeps its length. Decoded arrays carry the metatable json.array_mt, so
-- that an empty array encodes back as [] rather than {}.
local fail = require("lib.fail")

local json = {}

json.null = setmetatable({}, { __name = "json.null", __tostring = function() return "null" end })
json.array_mt = { __name = "json.array" }

local byte, sub, find, char, concat = string.byte, string.sub, string.find, string.char, table.concat
local MAX_DEPTH = 512

-- Where position `pos` of `text` is, as line and column (both from 1).
local function line_col(text, pos)
  local line, last_nl = 1, 0
  local i = 1
  while true do
    local nl = find(text, "\n", i, true)
    if not nl or nl >= pos then break end
    line, last_nl, i = line + 1, nl, nl + 1
  end
  return line, pos - last_nl
end

local function describe(text, pos)
  if pos > #text then return "the end of the text" end
  local c = sub(text, pos, pos)
  if byte(c) < 32 then return string.format("control character 0x%02X", byte(c)) end
  local word = sub(text, pos, pos + 40):match("^[%w_%.%+%-]+")
  if word and #word > 1 then return "'" .. sub(word, 1, 20) .. "'" end
  return "'" .. c .. "'"
end

-- The decoder state: text, name, the line number of the text's first line.
local Decoder = {}
Decoder.__index = Decoder

function Decoder:error(pos, fmt, ...)
  local line, col = line_col(self.text, pos)
  fail("%s:%d:%d: %s", self.name, line + self.first_line - 1, col, string.format(fmt, ...))
end

function Decoder:expected(pos, what)
  self:error(pos, "expected %s, found %s", what, describe(self.text, pos))
end

-- (Patterns with repetitions are avoided on the whole text: the sandbox
-- refuses them on long subjects, and a log line can be long.)
function Decoder:skip(pos)
  local text = self.text
  local c = byte(text, pos)
  while c == 32 or c == 10 or c == 13 or c == 9 do
    pos = pos + 1
    c = byte(text, pos)
  end
  return pos
end

local escapes = { ['"'] = '"', ["\\"] = "\\", ["/"] = "/", b = "\b", f = "\f", n = "\n", r = "\r", t = "\t" }

local function utf8_of(cp)
  return utf8.char(cp)
end

function Decoder:string(pos)
  -- pos is at the opening quote
  local text = self.text
  local parts, n = {}, 0
  local i = pos + 1
  while true do
    local stop = find(text, '["\\]', i) or (#text + 1)
    if stop > i then
      local piece = sub(text, i, stop - 1)
      local bad = find(piece, "%c")
      if bad then self:error(i + bad - 1, "control character 0x%02X in a string (write it as an escape)",
        byte(piece, bad)) end
      n = n + 1
      parts[n] = piece
      i = stop
    end
    local c = byte(text, i)
    if c == nil then
      self:error(pos, "unterminated string (no closing '\"' before the end of the text)")
    elseif c == 34 then -- "
      return concat(parts), i + 1
    elseif c == 92 then -- backslash
      local esc = sub(text, i + 1, i + 1)
      if esc == "u" then
        local hex = text:match("^%x%x%x%x", i + 2)
        if not hex then self:expected(i + 2, "four hex digits after '\\u'") end
        local cp = tonumber(hex, 16)
        local after = i + 6
        if cp >= 0xD800 and cp <= 0xDBFF then
          local lo = text:match("^\\u(%x%x%x%x)", after)
          local lcp = lo and tonumber(lo, 16)
          if not lcp or lcp < 0xDC00 or lcp > 0xDFFF then
            self:error(i, "a high surrogate \\u%s must be followed by a low surrogate \\uDC00-\\uDFFF", hex)
          end
          cp = 0x10000 + (cp - 0xD800) * 0x400 + (lcp - 0xDC00)
          after = after + 6
        elseif cp >= 0xDC00 and cp <= 0xDFFF then
          self:error(i, "a low surrogate \\u%s without a high surrogate before it", hex)
        end
        n = n + 1
        parts[n] = utf8_of(cp)
        i = after
      elseif escapes[esc] then
        n = n + 1
        parts[n] = escapes[esc]
        i = i + 2
      else
        self:expected(i + 1, "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX) after '\\'")
      end
    else
      self:error(i, "control character 0x%02X in a string (write it as an escape)", c)
    end
  end
end

function Decoder:number(pos)
  -- The literal's extent first (a class without repetition: the sandbox
  -- refuses repetitions on long subjects), then its grammar on it alone.
  local stop = find(self.text, "[^%d%.eE%+%-]", pos) or (#self.text + 1)
  local literal = sub(self.text, pos, stop - 1)
  local int_part = literal:match("^%-?%d+")
  if not int_part then self:expected(pos, "a value") end
  if int_part:match("^%-?0%d") then self:error(pos, "a number with a leading zero") end
  local e = #int_part
  local is_float = false
  local frac = literal:match("^%.%d+", e + 1)
  if frac then e, is_float = e + #frac, true
  elseif sub(literal, e + 1, e + 1) == "." then self:expected(pos + e + 1, "a digit after the decimal point") end
  local exp = literal:match("^[eE][%+%-]?%d+", e + 1)
  if exp then e, is_float = e + #exp, true
  elseif literal:match("^[eE]", e + 1) then self:expected(pos + e + 1, "the exponent's digits") end
  if e < #literal then self:expected(pos + e, "',' or the end of the number") end
  literal = sub(literal, 1, e)
  local v
  if not is_float then v = math.tointeger(tonumber(literal)) end
  if v == nil then v = tonumber(literal) + 0.0 end
  return v, pos + e
end

function Decoder:value(pos, depth)
  local text = self.text
  pos = self:skip(pos)
  local c = byte(text, pos)
  if c == 123 then -- {
    if depth >= MAX_DEPTH then self:error(pos, "nested more than %d deep; expected at most %d levels of arrays and objects", MAX_DEPTH, MAX_DEPTH) end
    local obj = {}
    pos = self:skip(pos + 1)
    if byte(text, pos) == 125 then return obj, pos + 1 end
    while true do
      if byte(text, pos) ~= 34 then self:expected(pos, "a key in double quotes") end
      local key
      key, pos = self:string(pos)
      pos = self:skip(pos)
      if byte(text, pos) ~= 58 then self:expected(pos, "':' after the key") end
      obj[key], pos = self:value(pos + 1, depth + 1)
      pos = self:skip(pos)
      c = byte(text, pos)
      if c == 125 then return obj, pos + 1 end
      if c ~= 44 then self:expected(pos, "',' or '}'") end
      pos = self:skip(pos + 1)
    end
  elseif c == 91 then -- [
    if depth >= MAX_DEPTH then self:error(pos, "nested more than %d deep; expected at most %d levels of arrays and objects", MAX_DEPTH, MAX_DEPTH) end
    local arr, n = setmetatable({}, json.array_mt), 0
    pos = self:skip(pos + 1)
    if byte(text, pos) == 93 then return arr, pos + 1 end
    while true do
      n = n + 1
      arr[n], pos = self:value(pos, depth + 1)
      pos = self:skip(pos)
      c = byte(text, pos)
      if c == 93 then return arr, pos + 1 end
      if c ~= 44 then self:expected(pos, "',' or ']'") end
      pos = pos + 1
    end
  elseif c == 34 then
    return self:string(pos)
  elseif c == 116 then
    if sub(text, pos, pos + 3) == "true" then return true, pos + 4 end
  elseif c == 102 then
    if sub(text, pos, pos + 4) == "false" then return false, pos + 5 end
  elseif c == 110 then
    if sub(text, pos, pos + 3) == "null" then return json.null, pos + 4 end
  elseif c == 45 or (c and c >= 48 and c <= 57) then
    return self:number(pos)
  end
  self:expected(pos, "a value (object, array, string, number, true, false or null)")
end

-- Decodes one JSON text. `name` (default "JSON") and `first_line` (the line
-- number of the text's first line, default 1) locate errors.
function json.decode(text, name, first_line)
  if type(text) ~= "string" then error("json.decode: expected a string, got " .. type(text), 2) end
  local d = setmetatable({ text = text, name = name or "JSON", first_line = first_line or 1 }, Decoder)
  local v, pos = d:value(1, 0)
  pos = d:skip(pos)
  if pos <= #text then d:expected(pos, "the end of the text after the value") end
  return v
end

-- Decodes JSON lines: one value per non-blank line, in order.
function json.decode_lines(text, name)
  local out, n, line, i = {}, 0, 0, 1
  while i <= #text do
    local nl = find(text, "\n", i, true) or (#text + 1)
    local l = sub(text, i, nl - 1)
    line = line + 1
    if find(l, "[^ \t\r]") then
      n = n + 1
      out[n] = json.decode(l, name, line)
    end
    i = nl + 1
  end
  return out
end

-- Encoding ------------------------------------------------------------------

local function escape_char(c)
  local map = { ['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b", ["\f"] = "\\f", ["\n"] = "\\n", ["\r"] = "\\r",
    ["\t"] = "\\t" }
  return map[c] or string.format("\\u%04x", byte(c))
end

local function encode_string(s, script_safe)
  s = s:gsub('[%c"\\]', escape_char)
  if script_safe then
    -- Safe inside <script>: no '<' or '>' (so no '</script>' or '<!--'), no '&',
    -- and no U+2028/U+2029 (line breaks to old JavaScript parsers).
    s = s:gsub("[<>&]", function(c) return string.format("\\u%04x", byte(c)) end)
    s = s:gsub("\226\128\168", "\\u2028"):gsub("\226\128\169", "\\u2029")
  end
  return '"' .. s .. '"'
end

local function encode_number(v)
  if math.type(v) == "integer" then return string.format("%d", v) end
  if v ~= v or v == math.huge or v == -math.huge then return "null" end
  if v == math.floor(v) and math.abs(v) < 2 ^ 53 then return string.format("%d", math.tointeger(v)) end
  for _, f in ipairs({ "%.15g", "%.16g" }) do
    local s = string.format(f, v)
    if tonumber(s) == v then return s end
  end
  return string.format("%.17g", v)
end

local function is_array(t)
  if getmetatable(t) == json.array_mt then return true end
  local n = #t
  if n == 0 then return false end
  local count = 0
  for _ in pairs(t) do count = count + 1 end
  return count == n
end

local function encode(v, out, n, opts, depth, path)
  local t = type(v)
  if v == nil or v == json.null then
    n = n + 1; out[n] = "null"
  elseif t == "boolean" then
    n = n + 1; out[n] = v and "true" or "false"
  elseif t == "number" then
    n = n + 1; out[n] = encode_number(v)
  elseif t == "string" then
    n = n + 1; out[n] = encode_string(v, opts.script_safe)
  elseif t == "table" then
    if depth >= MAX_DEPTH then error("json.encode: nested more than " .. MAX_DEPTH .. " deep at " .. path, 0) end
    if is_array(v) then
      n = n + 1; out[n] = "["
      for i = 1, #v do
        if i > 1 then n = n + 1; out[n] = "," end
        n = encode(v[i], out, n, opts, depth + 1, path .. "[" .. i .. "]")
      end
      n = n + 1; out[n] = "]"
    else
      local keys = {}
      for k in pairs(v) do
        local kt = type(k)
        if kt == "string" or (kt == "number" and math.type(k) == "integer") then keys[#keys + 1] = k
        else error("json.encode: a " .. kt .. " key at " .. path, 0) end
      end
      table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
      n = n + 1; out[n] = "{"
      for i, k in ipairs(keys) do
        if i > 1 then n = n + 1; out[n] = "," end
        n = n + 1; out[n] = encode_string(tostring(k), opts.script_safe)
        n = n + 1; out[n] = ":"
        n = encode(v[k], out, n, opts, depth + 1, path .. "." .. tostring(k))
      end
      n = n + 1; out[n] = "}"
    end
  else
    error("json.encode: cannot encode a " .. t .. " at " .. path, 0)
  end
  return n
end

-- Encodes a value: tables with keys 1..n (or decoded arrays) as arrays, other
-- tables as objects with sorted keys. opts.script_safe escapes < > & and
-- U+2028/9 so the text can sit inside an HTML <script> element.
function json.encode(v, opts)
  local out = {}
  encode(v, out, 0, opts or {}, 0, "the top level")
  return concat(out)
end

return json
