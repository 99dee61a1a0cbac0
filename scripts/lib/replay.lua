-- A battle's replay: one self-contained HTML page (no network; opens from
-- disk) built from the event log alone, so no ruleset is loaded to show it.
--
--   local replay = require("lib.replay")
--   local text = replay.html(events, "Gaugamela, seed 3")   -- events: decoded log lines
--   local text = replay.from_log(log_text, "battle.jsonl")  -- JSON lines, decoded strictly
--   local text = replay.from_battlefield(bf, title)         -- a battlefield's own log
--
-- The page (lib.replay_page) draws the table to scale, terrain by type, each
-- unit's base at its facing, the events beside the map, and arrows for
-- charges, shots, melees and recoils; see docs/replay.md.
local json = require("lib.json")
local page = require("lib.replay_page")
local fail = require("lib.fail")
local sha256 = require("lib.sha256")

local replay = {}

local function html_escape(s)
  return (tostring(s):gsub("[&<>\"']", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;",
    ["'"] = "&#39;" }))
end

-- Replaces each @NAME@ of `template` by values[NAME] (plain text, no patterns
-- on the long template: the values may hold anything).
local function fill(template, values)
  local out, i = {}, 1
  while true do
    local s = template:find("@", i, true)
    if not s then break end
    local e = template:find("@", s + 1, true)
    local name = e and template:sub(s + 1, e - 1)
    if name and values[name] and name:find("^[A-Z_]+$") then
      out[#out + 1] = template:sub(i, s - 1)
      out[#out + 1] = values[name]
      i = e + 1
    else
      out[#out + 1] = template:sub(i, s)
      i = s + 1
    end
  end
  out[#out + 1] = template:sub(i)
  return table.concat(out)
end

-- The page's Content-Security-Policy: no network at all, and only the page's
-- own inline scripts run (allowed by their SHA-256), so markup smuggled in
-- through a log's text can never run script, even if a formatter forgot to
-- escape it. (The JSON data block is not a script: it is never run.)
local csp
local function content_security_policy()
  if csp then return csp end
  local hashes = {}
  for _, template in ipairs({ page.head, page.body, page.script }) do
    local i = 1
    while true do
      local s, e = template:find("<script>", i, true)
      if not s then break end
      local close = assert(template:find("</script>", e + 1, true), "replay_page: a <script> without </script>")
      hashes[#hashes + 1] = "'sha256-" .. sha256.base64(template:sub(e + 1, close - 1)) .. "'"
      i = close
    end
  end
  csp = "default-src 'none'; script-src " .. table.concat(hashes, " ") ..
    "; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
  return csp
end

-- The page for `events` (a list of event tables, in log order) under `title`.
function replay.html(events, title)
  if type(events) ~= "table" then error("replay.html: expected a list of events, got " .. type(events), 2) end
  for i, e in ipairs(events) do
    if type(e) ~= "table" or type(e.kind) ~= "string" then
      fail("event %d of the log is not an event (an object with a 'kind')", i)
    end
  end
  if #events == 0 then fail("the log has no events, so there is no battle to replay") end
  title = title or "Sandtable replay"
  local list = setmetatable({}, json.array_mt)
  for i, e in ipairs(events) do list[i] = e end
  local values = {
    TITLE = html_escape(title),
    CSP = content_security_policy(),
    EVENTS = json.encode(list, { script_safe = true }),
  }
  return fill(page.head, values) .. fill(page.body, values) .. page.script
end

-- The page for a saved log (JSON lines); errors name `name`:line:column.
function replay.from_log(text, name, title)
  local events = json.decode_lines(text, name or "log")
  for i, e in ipairs(events) do
    if type(e) ~= "table" or getmetatable(e) == json.array_mt or type(e.kind) ~= "string" then
      fail("%s: event %d is not an object with a 'kind' (see docs/replay-events.md)", name or "log", i)
    end
  end
  if #events == 0 then fail("%s: no events in the log", name or "log") end
  return replay.html(events, title or ("Replay of " .. (name or "a battle")))
end

-- The page for a battlefield's own event log (`sandtable battle --html`).
function replay.from_battlefield(bf, title)
  return replay.html(bf:events(), title)
end

return replay
