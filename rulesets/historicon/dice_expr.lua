-- Dice expressions as the rules write them: "10+1d20", "3d12", "7+2d12",
-- "d6", "2d6-1". Terms are integer constants or NdS joined by + and -, the
-- same grammar as the engine's C++ DiceExpr, so a ruleset can evaluate a
-- distance with any dice source (random, forced for tests, enumerating).
--
--   local E = require("historicon.dice_expr")
--   local cm = E.roll("10+1d20", dice, "evasion")
--   local lo, hi = E.min("10+1d20"), E.max("10+1d20")

local E = {}

local parsed_cache = {}

local function bad(text, column, expected)
  error(string.format("dice expression %q: expected %s at column %d\n  %s\n  %s^",
    text, expected, column, text, string.rep(" ", column - 1)), 3)
end

-- Returns the list of terms { sign, count, sides } (sides 0: constant).
function E.parse(text)
  local cached = parsed_cache[text]
  if cached then return cached end
  if type(text) ~= "string" then error("dice expression must be a string, got " .. type(text), 2) end
  local terms, pos, sign = {}, 1, 1
  local src = text:gsub("%s", "")
  if src == "" then bad(text, 1, "a constant or NdS") end
  while true do
    local count, d, sides, after = src:match("^(%d*)([dD]?)(%d*)()", pos)
    if d == "" then
      if count == "" then bad(src, pos, "a constant or NdS") end
      terms[#terms + 1] = { sign = sign, count = tonumber(count), sides = 0 }
    else
      if sides == "" then bad(src, after, "the number of sides") end
      local n, s = count == "" and 1 or tonumber(count), tonumber(sides)
      if n < 1 or s < 1 then bad(src, pos, "at least one die of at least one side") end
      terms[#terms + 1] = { sign = sign, count = n, sides = s }
    end
    pos = after
    if pos > #src then break end
    local op = src:sub(pos, pos)
    if op == "+" then sign = 1 elseif op == "-" then sign = -1 else bad(src, pos, "'+' or '-'") end
    pos = pos + 1
    if pos > #src then bad(src, pos, "a term after '" .. op .. "'") end
  end
  parsed_cache[text] = terms
  return terms
end

-- Rolls the expression with `dice` (dice:roll(sides, purpose)); dice are
-- rolled term by term, left to right. Returns the total and, when `explain`,
-- the list of individual dice.
function E.roll(text, dice, purpose, explain)
  local total, rolls = 0, explain and {} or nil
  for _, t in ipairs(E.parse(text)) do
    if t.sides == 0 then
      total = total + t.sign * t.count
    else
      for _ = 1, t.count do
        local v = dice:roll(t.sides, purpose)
        total = total + t.sign * v
        if rolls then rolls[#rolls + 1] = v end
      end
    end
  end
  return total, rolls
end

local function bound(text, want_max)
  local total = 0
  for _, t in ipairs(E.parse(text)) do
    if t.sides == 0 then
      total = total + t.sign * t.count
    else
      local high = (t.sign > 0) == want_max
      total = total + t.sign * t.count * (high and t.sides or 1)
    end
  end
  return total
end
function E.min(text) return bound(text, false) end
function E.max(text) return bound(text, true) end

-- Exact distribution: a list of { value, probability } in increasing value.
function E.distribution(text)
  local dist = { [0] = 1.0 }
  for _, t in ipairs(E.parse(text)) do
    if t.sides == 0 then
      local shifted = {}
      for v, p in pairs(dist) do shifted[v + t.sign * t.count] = p end
      dist = shifted
    else
      for _ = 1, t.count do
        local next_dist = {}
        for v, p in pairs(dist) do
          for face = 1, t.sides do
            local w = v + t.sign * face
            next_dist[w] = (next_dist[w] or 0) + p / t.sides
          end
        end
        dist = next_dist
      end
    end
  end
  local values = {}
  for v in pairs(dist) do values[#values + 1] = v end
  table.sort(values)
  local out = {}
  for i, v in ipairs(values) do out[i] = { value = v, probability = dist[v] } end
  return out
end

return E
