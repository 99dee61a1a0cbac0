-- An experiment's report: one self-contained HTML page (static SVG charts, no
-- script, no network) from the summary `sandtable sim` computes
-- (core/src/experiment/stats.cpp):
--
--   local report = require("lib.report_page")
--   local text = report.html(summary, "Experiment: gaugamela.yaml", { csv = "report.csv" })
--
-- Per variant: side 1 wins, draws and side 2 wins with their 95% intervals,
-- the distribution of battle length, and the losses per battle; then the
-- paired difference of each variant from the baseline with its interval.
local report = {}

local concat, format = table.concat, string.format

local function esc(s)
  return (tostring(s):gsub("[&<>\"']", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;",
    ["'"] = "&#39;" }))
end
local function pct(x, digits) return format("%." .. (digits or 1) .. "f%%", 100 * (x or 0)) end
local function spct(x) return (x >= 0 and "+" or "\226\136\146") .. pct(math.abs(x)) end
local function n(x) return format("%.1f", x) end
local function whole(x)  -- 8.0 -> "8", 8.5 -> "8.5"
  if type(x) ~= "number" then return tostring(x or "?") end
  return x == math.floor(x) and format("%d", math.tointeger(x) or math.floor(x)) or format("%.1f", x)
end

local OUTCOMES = {
  { key = "side1_wins", label = "Side 1 wins", colour = "#b3261e" },
  { key = "draws", label = "Draws", colour = "#8c8577" },
  { key = "side2_wins", label = "Side 2 wins", colour = "#1f5fa8" },
}

local CSS = [[
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 "Segoe UI", "Helvetica Neue", Arial, sans-serif; color: #2a2620; background: #f3eee3; }
header { background: #2f2b24; color: #f3e9d2; padding: 14px 24px; }
header h1 { font: 600 22px Georgia, "Times New Roman", serif; margin: 0 0 4px; }
header p { margin: 0; color: #d9cdb2; }
header a { color: #ffd58a; }
main { padding: 16px 24px 40px; max-width: 1180px; }
h2 { font: 600 18px Georgia, serif; margin: 22px 0 8px; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(520px, 1fr)); gap: 16px; }
.card { background: #fbf8f1; border: 1px solid #d8cfbd; border-radius: 8px; padding: 12px 16px; }
.card h3 { margin: 0 0 2px; font: 600 16px Georgia, serif; }
.card .meta { color: #7a705f; font-size: 12.5px; margin-bottom: 6px; }
.card h4 { margin: 10px 0 2px; font-size: 12px; text-transform: uppercase; letter-spacing: .6px; color: #7a705f; }
svg { display: block; max-width: 100%; height: auto; }
svg text { font-family: "Segoe UI", "Helvetica Neue", Arial, sans-serif; }
table { border-collapse: collapse; font-size: 13px; }
td, th { padding: 3px 10px 3px 0; text-align: left; border-bottom: 1px dotted #e0d7c4; }
th { color: #7a705f; font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.note { color: #7a705f; font-size: 12.5px; }
.fail { color: #9c1c1c; font-weight: 600; }
]]

-- Horizontal bars with interval whiskers: rows = { {label, rate, low, high, colour} }.
local function interval_chart(rows, class, width)
  width = width or 480
  local left, right, row_h, top = 108, 56, 30, 8
  -- Room for the longest label (the sides' names): about 7 px a character.
  for _, r in ipairs(rows) do
    local label = tostring(r.label)
    left = math.max(left, 7 * (utf8.len(label) or #label) + 16)
  end
  width = math.max(width, left + right + 240)
  local h = top + #rows * row_h + 26
  local plot = width - left - right
  local X = function(r) return left + plot * math.max(0, math.min(1, r)) end
  local out = { format('<svg class="%s" viewBox="0 0 %d %d" width="%d" height="%d" role="img">', class, width, h, width, h) }
  for t = 0, 10 do
    local x = X(t / 10)
    out[#out + 1] = format('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="1"/>', x, top, x,
      top + #rows * row_h, t % 5 == 0 and "#cfc5b0" or "#e8e1d2")
    if t % 2 == 0 then
      out[#out + 1] = format('<text x="%.1f" y="%d" font-size="11" fill="#7a705f" text-anchor="middle">%d%%</text>', x,
        top + #rows * row_h + 16, t * 10)
    end
  end
  for i, r in ipairs(rows) do
    local y = top + (i - 1) * row_h
    out[#out + 1] = format('<text x="%d" y="%.1f" font-size="13" fill="#2a2620" text-anchor="end">%s</text>', left - 8,
      y + row_h / 2 + 4, esc(r.label))
    out[#out + 1] = format('<rect x="%d" y="%.1f" width="%.1f" height="%d" fill="%s" opacity=".85" rx="2">' ..
      '<title>%s: %s (95%% interval %s to %s)</title></rect>', left, y + 6, X(r.rate) - left, row_h - 12, r.colour,
      esc(r.label), pct(r.rate), pct(r.low), pct(r.high))
    local yc = y + row_h / 2
    out[#out + 1] = format('<path d="M%.1f %.1fH%.1fM%.1f %.1fV%.1fM%.1f %.1fV%.1f" stroke="#2a2620" stroke-width="1.6"/>',
      X(r.low), yc, X(r.high), X(r.low), yc - 6, yc + 6, X(r.high), yc - 6, yc + 6)
    out[#out + 1] = format('<text x="%d" y="%.1f" font-size="12.5" font-weight="600" fill="#2a2620">%s</text>',
      width - right + 6, yc + 4, pct(r.rate))
  end
  out[#out + 1] = "</svg>"
  return concat(out, "\n")
end

-- The histogram of battle length (turns).
local function length_chart(length, width)
  width = width or 480
  local hist = {}
  local lo, hi, most = math.huge, -math.huge, 0
  for k, v in pairs(length.histogram or {}) do
    local t = math.tointeger(tonumber(k))
    if t then
      hist[t] = v
      lo, hi, most = math.min(lo, t), math.max(hi, t), math.max(most, v)
    end
  end
  if lo > hi then return '<p class="note">No battle finished, so there is no length to show.</p>' end
  local left, right, top, h = 36, 10, 10, 150
  local plot_h = h - top - 30
  local count = hi - lo + 1
  local bw = (width - left - right) / count
  local out = { format('<svg class="length-chart" viewBox="0 0 %d %d" width="%d" height="%d" role="img">', width, h, width, h) }
  local step = most <= 5 and 1 or math.ceil(most / 4)
  for v = 0, most, step do
    local y = top + plot_h - plot_h * v / most
    out[#out + 1] = format('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#e8e1d2"/>' ..
      '<text x="%d" y="%.1f" font-size="10.5" fill="#7a705f" text-anchor="end">%d</text>', left, y, width - right, y,
      left - 4, y + 3.5, v)
  end
  local label_every = math.max(1, math.ceil(count / 16))
  for t = lo, hi do
    local v = hist[t] or 0
    local x = left + (t - lo) * bw
    local bh = plot_h * v / most
    out[#out + 1] = format('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#9c6b3c" rx="1.5">' ..
      '<title>%d turns: %d battles</title></rect>', x + 1.5, top + plot_h - bh, math.max(1, bw - 3), bh, t, v)
    if (t - lo) % label_every == 0 then
      out[#out + 1] = format('<text x="%.1f" y="%d" font-size="10.5" fill="#7a705f" text-anchor="middle">%d</text>',
        x + bw / 2, top + plot_h + 14, t)
    end
  end
  local function marker(value, label, colour, dy)
    if type(value) ~= "number" then return end
    local x = left + (value - lo + 0.5) * bw
    out[#out + 1] = format('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="2" stroke-dasharray="4 3"/>' ..
      '<text x="%.1f" y="%d" font-size="10.5" fill="%s" text-anchor="start">%s</text>', x, top, x, top + plot_h, colour,
      x + 3, top + 9 + dy, colour, label)
  end
  marker(length.mean, "mean " .. esc(n(length.mean or 0)), "#2a2620", 0)
  if length.median ~= length.mean then marker(length.median, "median " .. esc(whole(length.median)), "#9c3d1c", 12) end
  out[#out + 1] = format('<text x="%d" y="%d" font-size="10.5" fill="#7a705f" text-anchor="end">turns</text>',
    width - right, h - 2)
  out[#out + 1] = "</svg>"
  return concat(out, "\n")
end

-- The name of side i: the army's name from summary.sides, else "side i".
local function side_name(summary, i)
  local sides = type(summary) == "table" and summary.sides or nil
  return type(sides) == "table" and type(sides[i]) == "string" and sides[i] or ("side " .. i)
end

local function losses_table(losses, summary)
  if type(losses) ~= "table" or #losses == 0 then return "" end
  local classes, seen = {}, {}
  for _, side in ipairs(losses) do
    for k in pairs(side) do if not seen[k] then seen[k] = true; classes[#classes + 1] = k end end
  end
  if #classes == 0 then return "" end
  table.sort(classes, function(a, b) return tostring(a) < tostring(b) end)
  local out = { "<h4>Losses per battle</h4><table><tr><th></th>" }
  for _, c in ipairs(classes) do out[#out + 1] = "<th>" .. esc(c) .. "</th>" end
  out[#out + 1] = "</tr>"
  for i, side in ipairs(losses) do
    out[#out + 1] = "<tr><th>" .. esc(side_name(summary, i)) .. "</th>"
    for _, c in ipairs(classes) do
      out[#out + 1] = '<td class="num">' .. (side[c] and format("%.2f", side[c]) or "\226\128\148") .. "</td>"
    end
    out[#out + 1] = "</tr>"
  end
  out[#out + 1] = "</table>"
  return concat(out)
end

-- A forest plot of the differences (rate with its interval, zero marked).
local function difference_chart(diffs, width)
  width = width or 760
  local left, right, row_h, top = 200, 200, 34, 10
  local h = top + #diffs * row_h + 28
  local span = 0.05
  for _, d in ipairs(diffs) do
    local r = d.side1_win_difference or {}
    span = math.max(span, math.abs(r.low or 0), math.abs(r.high or 0), math.abs(r.rate or 0))
  end
  span = math.ceil(span * 20) / 20
  local plot = width - left - right
  local X = function(v) return left + plot * (v + span) / (2 * span) end
  local out = { format('<svg class="difference-chart" viewBox="0 0 %d %d" width="%d" height="%d" role="img">', width, h,
    width, h) }
  local ticks = 4
  for t = -ticks, ticks do
    local v = span * t / ticks
    out[#out + 1] = format('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="%s"/>' ..
      '<text x="%.1f" y="%d" font-size="10.5" fill="#7a705f" text-anchor="middle">%s</text>', X(v), top, X(v),
      top + #diffs * row_h, t == 0 and "#2a2620" or "#e8e1d2", t == 0 and "1.5" or "1", X(v), top + #diffs * row_h + 15,
      t == 0 and "0" or spct(v))
  end
  for i, d in ipairs(diffs) do
    local r = d.side1_win_difference or {}
    local y = top + (i - 1) * row_h + row_h / 2
    local clear = (r.low or 0) > 0 or (r.high or 0) < 0
    local colour = not clear and "#7a705f" or (r.rate > 0 and "#b3261e" or "#1f5fa8")
    out[#out + 1] = format('<text x="%d" y="%.1f" font-size="13" text-anchor="end" fill="#2a2620">%s \226\136\146 %s</text>',
      left - 10, y + 4, esc(d.variant), esc(d.baseline))
    out[#out + 1] = format('<path d="M%.1f %.1fH%.1fM%.1f %.1fV%.1fM%.1f %.1fV%.1f" stroke="%s" stroke-width="2"/>' ..
      '<circle cx="%.1f" cy="%.1f" r="5.5" fill="%s"><title>%s: %s (95%% interval %s to %s, %s paired trials)</title></circle>',
      X(r.low or 0), y, X(r.high or 0), X(r.low or 0), y - 7, y + 7, X(r.high or 0), y - 7, y + 7, colour, X(r.rate or 0), y,
      colour, esc(d.variant), spct(r.rate or 0), spct(r.low or 0), spct(r.high or 0), esc(d.pairs or "?"))
    out[#out + 1] = format('<text x="%d" y="%.1f" font-size="12.5" fill="%s">%s <tspan fill="#7a705f">[%s, %s]</tspan></text>',
      width - right + 12, y + 4, colour, spct(r.rate or 0), spct(r.low or 0), spct(r.high or 0))
  end
  out[#out + 1] = "</svg>"
  return concat(out, "\n")
end

-- The page. opts.csv: the CSV file's name, linked from the page.
function report.html(summary, title, opts)
  opts = opts or {}
  title = title or "Sandtable experiment"
  local variants = summary.variants or {}
  local out = {}
  local function w(s) out[#out + 1] = s end
  w('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n')
  -- No script and no network: markup in a name can never run anything.
  w('<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; ' ..
    'img-src data:; base-uri \'none\'; form-action \'none\'">\n')
  w('<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="generator" content="sandtable sim">\n')
  w("<title>" .. esc(title) .. "</title>\n<style>" .. CSS .. "</style>\n</head>\n<body>\n<header>")
  w("<h1>" .. esc(title) .. "</h1><p>")
  local trials = summary.trials or (variants[1] and variants[1].trials) or 0
  w(format("%s trials per variant \194\183 %d variant%s \194\183 experiment seed %s", esc(trials), #variants,
    #variants == 1 and "" or "s", esc(summary.seed or "?")))
  if opts.csv then w(' \194\183 <a href="' .. esc(opts.csv) .. '">the numbers as CSV</a>') end
  w("</p></header>\n<main>\n")
  w('<p class="note">Rates with their 95% Wilson intervals (the whiskers): the true rate lies in the interval in 19 ' ..
    "experiments out of 20. Every variant fights the same trials with the same dice (common random numbers), so " ..
    "the paired difference between variants is sharper than the two intervals suggest.</p>\n")
  w('<h2>Outcomes and battle length, per variant</h2>\n<div class="cards">\n')
  for _, v in ipairs(variants) do
    w('<section class="card variant" data-variant="' .. esc(v.name) .. '">')
    w("<h3>" .. esc(v.name) .. "</h3>")
    local files = type(v.params) == "table" and v.params.house_rules or nil
    if type(files) == "table" and #files > 0 then
      local names = {}
      for _, f in ipairs(files) do names[#names + 1] = "<code>" .. esc(tostring(f)) .. "</code>" end
      w('<div class="meta file">house rule ' .. concat(names, ", ") .. "</div>")
    elseif type(v.params) == "table" then
      w('<div class="meta file">the rules as written</div>')
    end
    local meta = format("%s battles fought", esc(v.completed or v.trials or "?"))
    if (v.failed or 0) > 0 then meta = meta .. format(' \194\183 <span class="fail">%s failed</span>', esc(v.failed)) end
    if v.length and v.length.mean then
      meta = meta .. format(" \194\183 length %s turns on average (median %s, %s to %s)", esc(n(v.length.mean)),
        esc(whole(v.length.median)), esc(whole(v.length.min)), esc(whole(v.length.max)))
    end
    w('<div class="meta">' .. meta .. "</div>")
    local rows = {}
    for _, o in ipairs(OUTCOMES) do
      local r = v[o.key] or {}
      local label = o.key == "side1_wins" and side_name(summary, 1) .. " wins"
        or o.key == "side2_wins" and side_name(summary, 2) .. " wins" or o.label
      rows[#rows + 1] = { label = label, rate = r.rate or 0, low = r.low or 0, high = r.high or 0, colour = o.colour }
    end
    w(interval_chart(rows, "variant-chart"))
    w("<h4>Battle length (turns)</h4>")
    w(length_chart(v.length or {}))
    w(losses_table(v.losses_per_battle, summary))
    if type(v.failures) == "table" and #v.failures > 0 then
      w('<h4>Failed trials</h4><ul class="note">')
      for i, f in ipairs(v.failures) do
        if i > 10 then w("<li>\226\128\166</li>"); break end
        w("<li>" .. esc(type(f) == "table" and ((f.seed and ("seed " .. f.seed .. ": ") or "") .. tostring(f.error or f.message or ""))
          or f) .. "</li>")
      end
      w("</ul>")
    end
    w("</section>\n")
  end
  w("</div>\n")
  local diffs = summary.differences or {}
  if #diffs > 0 then
    w("<h2>Difference from the baseline: " .. esc(side_name(summary, 1)) .. " win rate</h2>\n")
    w('<section class="card">')
    w(difference_chart(diffs))
    w('<p class="note">Each dot is the variant\'s ' .. esc(side_name(summary, 1)) .. ' win rate minus the baseline\'s over the same trials, with its ' ..
      "95% interval. An interval that crosses zero means the experiment cannot tell the two apart; run more trials " ..
      "(or <code>--until-ci</code>) to narrow it.</p>")
    w("</section>\n")
  else
    w('<p class="note">One variant only: add <code>--variant NAME=FILE.lua</code> to compare a house rule with the ' ..
      "rules as written.</p>\n")
  end
  w("</main>\n</body>\n</html>\n")
  return concat(out)
end

return report
