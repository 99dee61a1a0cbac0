-- Free dice expressions with exact distributions, AnyDice-style, for
-- `sandtable odds dice "3d6+2"`:
--
--   expression := ['+'|'-'] term (('+'|'-') term)*
--   term       := NUMBER | [N]dS [kh K | kl K | dh K | dl K] | [N]d%
--
-- "4d6kh3" keeps the highest 3 of 4d6 (kl: lowest; dh/dl drop the highest or
-- lowest). Counts are exact: every roll is equally likely, so each value's
-- probability is ways/total with integer ways (floats only past 2^53 rolls).
-- Errors name the expression and the character where something else was
-- expected.
local fail = require("lib.fail")

local calc = {}

local MAX_ENUMERATED = 2000000  -- rolls enumerated for keep/drop terms

local function err(text, at, expected)
  fail("malformed dice expression \"%s\": expected %s at character %d\n  %s\n  %s^", text, expected, at, text,
    string.rep(" ", at - 1))
end

-- Parses into terms: { sign, count, sides, keep = "kh"|"kl"|"dh"|"dl", k }
-- (sides nil: the constant count).
function calc.parse(text)
  if type(text) ~= "string" or text:match("^%s*$") then
    fail("a dice expression is needed, e.g. \"3d6+2\" or \"4d6kh3\"")
  end
  local i, n, terms = 1, #text, {}
  local function space() while i <= n and text:sub(i, i):match("%s") do i = i + 1 end end
  local function number()
    space()
    local s, e = text:find("^%d+", i)
    if not s then return nil end
    i = e + 1
    local v = tonumber(text:sub(s, e))
    if v > 1000000 then err(text, s, "a number no larger than 1000000") end
    return math.tointeger(v)
  end
  space()
  local sign = 1
  if text:sub(i, i) == "-" then sign, i = -1, i + 1 elseif text:sub(i, i) == "+" then i = i + 1 end
  while true do
    space()
    local start = i
    local count = number()
    space()
    local c = text:sub(i, i)
    if c == "d" or c == "D" then
      i = i + 1
      if count == 0 then err(text, start, "at least one die") end
      count = count or 1
      if count > 1000 then err(text, start, "at most 1000 dice in one term") end
      local sides
      if text:sub(i, i) == "%" then sides, i = 100, i + 1 else sides = number() end
      if not sides or sides < 1 then err(text, i, "the number of sides after 'd' (or %)") end
      local term = { sign = sign, count = count, sides = sides }
      space()
      local keep = text:sub(i, i + 1):lower()
      if keep == "kh" or keep == "kl" or keep == "dh" or keep == "dl" then
        i = i + 2
        local at = i
        local k = number()
        if not k then err(text, at, "how many dice to " .. (keep:sub(1, 1) == "k" and "keep" or "drop")) end
        if k > count or (keep:sub(1, 1) == "k" and k < 1) then
          err(text, at, string.format("a number from %d to %d (there are %d dice)", keep:sub(1, 1) == "k" and 1 or 0,
            count, count))
        end
        if keep == "dh" then keep, k = "kl", count - k elseif keep == "dl" then keep, k = "kh", count - k end
        term.keep, term.k = keep, k
        if k == 0 then term.count = 0 end
      end
      terms[#terms + 1] = term
    elseif count then
      terms[#terms + 1] = { sign = sign, count = count }
    else
      err(text, i, "a number or a die such as 2d6")
    end
    space()
    if i > n then break end
    c = text:sub(i, i)
    if c == "+" then sign = 1 elseif c == "-" then sign = -1
    else err(text, i, "'+', '-' or the end (kh, kl, dh, dl follow a die)") end
    i = i + 1
  end
  return terms
end

-- A distribution: { ways = {value = ways}, total = rolls }.
local function constant(v) return { ways = { [v] = 1 }, total = 1 } end

local function convolve(a, b)
  local out = {}
  for va, wa in pairs(a.ways) do
    for vb, wb in pairs(b.ways) do out[va + vb] = (out[va + vb] or 0) + wa * wb end
  end
  return { ways = out, total = a.total * b.total }
end

local function die(sides)
  local ways = {}
  for f = 1, sides do ways[f] = 1 end
  return { ways = ways, total = sides }
end

-- Keep the k highest (or lowest) of `count` dice: every roll enumerated.
local function keep_dist(term, text)
  local count, sides, k = term.count, term.sides, term.k
  if sides ^ count > MAX_ENUMERATED then
    fail("dice expression \"%s\": %dd%d%s%d has %.0f rolls, too many to enumerate exactly (at most %d)", text,
      count, sides, term.keep, k, sides ^ count, MAX_ENUMERATED)
  end
  local ways, roll = {}, {}
  for j = 1, count do roll[j] = 1 end
  local sorted = {}
  while true do
    for j = 1, count do sorted[j] = roll[j] end
    table.sort(sorted)
    local sum = 0
    if term.keep == "kh" then for j = count - k + 1, count do sum = sum + sorted[j] end
    else for j = 1, k do sum = sum + sorted[j] end end
    ways[sum] = (ways[sum] or 0) + 1
    local j = 1
    while j <= count and roll[j] == sides do roll[j] = 1; j = j + 1 end
    if j > count then break end
    roll[j] = roll[j] + 1
  end
  return { ways = ways, total = math.tointeger(sides ^ count) }
end

local function negate(d)
  local out = {}
  for v, w in pairs(d.ways) do out[-v] = w end
  return { ways = out, total = d.total }
end

-- The exact distribution of an expression: { text, rows = { {value, ways, p,
-- at_least, at_most} } ascending, total, mean, sd, min, max }.
function calc.distribution(text)
  local terms = calc.parse(text)
  local d = constant(0)
  for _, t in ipairs(terms) do
    local td
    if not t.sides then td = constant(t.count)
    elseif t.count == 0 then td = constant(0)
    elseif t.keep then td = keep_dist(t, text)
    else
      td = constant(0)
      -- Repeated squaring keeps 1000d6 quick.
      local base, left = die(t.sides), t.count
      while left > 0 do
        if left % 2 == 1 then td = convolve(td, base) end
        left = left // 2
        if left > 0 then base = convolve(base, base) end
      end
    end
    if t.sign < 0 then td = negate(td) end
    d = convolve(d, td)
  end
  local values = {}
  for v in pairs(d.ways) do values[#values + 1] = v end
  table.sort(values)
  local rows, total = {}, d.total
  local exact = math.type(total) == "integer" and total <= 2 ^ 53
  local mean = 0
  for _, v in ipairs(values) do
    local p = d.ways[v] / total
    mean = mean + v * p
    rows[#rows + 1] = { value = v, ways = exact and math.tointeger(d.ways[v]) or nil, p = p, at_most = 0, at_least = 0 }
  end
  local var = 0
  for _, r in ipairs(rows) do var = var + (r.value - mean) ^ 2 * r.p end
  local acc = 0
  for _, r in ipairs(rows) do acc = acc + r.p; r.at_most = math.min(1, acc) end
  acc = 0
  for j = #rows, 1, -1 do acc = acc + rows[j].p; rows[j].at_least = math.min(1, acc) end
  return { text = text, rows = rows, total = exact and math.tointeger(total) or total, exact = exact, mean = mean,
           sd = math.sqrt(var), min = values[1], max = values[#values] }
end

-- P(a > b), P(a = b), P(a < b) for two distributions.
function calc.compare(a, b)
  local gt, eq, lt = 0, 0, 0
  for _, ra in ipairs(a.rows) do
    for _, rb in ipairs(b.rows) do
      local p = ra.p * rb.p
      if ra.value > rb.value then gt = gt + p elseif ra.value == rb.value then eq = eq + p else lt = lt + p end
    end
  end
  return gt, eq, lt
end

local function bar(p) return string.rep("#", math.floor(p * 40 + 0.5)) end

-- The text tables.
function calc.format(d)
  local lines = {}
  lines[#lines + 1] = string.format("%s: %d to %d, mean %.4g, standard deviation %.4g (%s equally likely rolls)",
    d.text, d.min, d.max, d.mean, d.sd, d.exact and string.format("%d", d.total) or string.format("%.6g", d.total))
  lines[#lines + 1] = string.format("  %6s  %9s  %9s  %9s  %s", "value", "exactly", "at least", "at most",
    d.exact and "ways" or "")
  for _, r in ipairs(d.rows) do
    lines[#lines + 1] = string.format("  %6d  %8.4f%%  %8.4f%%  %8.4f%%  %s  %s", r.value, r.p * 100,
      r.at_least * 100, r.at_most * 100, r.ways and string.format("%d/%d", r.ways, d.total) or "", bar(r.p))
  end
  return lines
end

-- A self-contained HTML page charting each distribution: a bar per value
-- (exactly) and the at-least curve.
function calc.html(dists, title)
  local function esc(s)
    return (tostring(s):gsub("[&<>\"']", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;",
      ["'"] = "&#39;" }))
  end
  local out = {}
  local function w(s) out[#out + 1] = s end
  w('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>' .. esc(title) .. "</title>\n")
  w("<style>body{font:14px/1.45 sans-serif;margin:20px;background:#f3eee3;color:#2a2620}" ..
    "table{border-collapse:collapse;font-size:13px}td,th{padding:2px 10px 2px 0;text-align:right}" ..
    "section{background:#fbf8f1;border:1px solid #d8cfbd;border-radius:8px;padding:10px 16px;margin:12px 0}" ..
    ".bar{fill:#b3261e}.least{fill:none;stroke:#1f5fa8;stroke-width:2}text{font-size:11px}</style>\n")
  w("</head>\n<body>\n<h1>" .. esc(title) .. "</h1>\n")
  for _, d in ipairs(dists) do
    w('<section class="dist"><h2>' .. esc(d.text) .. "</h2>")
    w(string.format("<p>%d to %d, mean %.4g, standard deviation %.4g</p>", d.min, d.max, d.mean, d.sd))
    local width, height, left, bottom = 640, 220, 40, 30
    local n = #d.rows
    local bw = (width - left - 10) / math.max(n, 1)
    local peak = 0
    for _, r in ipairs(d.rows) do peak = math.max(peak, r.p) end
    w(string.format('<svg class="chart" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">',
      width, height, width, height, esc("distribution of " .. d.text)))
    local plot = height - bottom - 10
    local pts = {}
    for j, r in ipairs(d.rows) do
      local x = left + (j - 1) * bw
      local h = peak > 0 and r.p / peak * plot or 0
      w(string.format('<rect class="bar" x="%.1f" y="%.1f" width="%.1f" height="%.1f"><title>%d: %.4f%% exactly, ' ..
        '%.4f%% at least</title></rect>', x + 1, 10 + plot - h, math.max(bw - 2, 1), h, r.value, r.p * 100,
        r.at_least * 100))
      pts[#pts + 1] = string.format("%.1f,%.1f", x + bw / 2, 10 + plot - r.at_least * plot)
      if n <= 40 or j % math.ceil(n / 40) == 1 then
        w(string.format('<text x="%.1f" y="%d" text-anchor="middle">%d</text>', x + bw / 2, height - 12, r.value))
      end
    end
    w('<polyline class="least" points="' .. table.concat(pts, " ") .. '"/>')
    w(string.format('<text x="4" y="16">%.1f%%</text><text x="4" y="%d">0</text>', peak * 100, 10 + plot))
    w("</svg>")
    w('<p>Bars: the chance of exactly each value (scaled to the highest). Blue line: the chance of at least each ' ..
      "value (0 to 100%).</p>")
    w("<table><tr><th>value</th><th>exactly</th><th>at least</th><th>at most</th></tr>")
    for _, r in ipairs(d.rows) do
      w(string.format("<tr><td>%d</td><td>%.4f%%</td><td>%.4f%%</td><td>%.4f%%</td></tr>", r.value, r.p * 100,
        r.at_least * 100, r.at_most * 100))
    end
    w("</table></section>\n")
  end
  w("</body>\n</html>\n")
  return table.concat(out)
end

return calc
