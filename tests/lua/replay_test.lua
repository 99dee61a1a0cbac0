-- The replay and report generators without a browser (docs/replay.md):
-- lib.json reads strictly and says where it stopped; the replay page embeds
-- every event, cannot be closed early by a name, and fetches nothing.
local T = require("lib.testing")
local json = require("lib.json")
local replay = require("lib.replay")
local report = require("lib.report_page")

-- string.find of a literal: magic characters escaped (the sandbox counts
-- repetition characters even in a plain find, and pages are long).
local function has(text, literal)
  return text:find((literal:gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0"))) ~= nil
end

local function user_message(fn)
  local ok, err = pcall(fn)
  T.eq(ok, false, "an error was raised")
  return type(err) == "table" and err.user_message or tostring(err)
end

T.case("json: values, integers stay integers, arrays keep their nulls and emptiness", function()
  local v = json.decode('{"a": [1, 2.5, -3e2, "x\\n\\u00e9", true, false, null], "b": {}, "c": []}')
  T.eq(math.type(v.a[1]), "integer")
  T.eq(v.a[2], 2.5)
  T.eq(v.a[3], -300.0)
  T.eq(v.a[4], "x\n\195\169")
  T.eq(v.a[7], json.null)
  T.eq(#v.a, 7)
  T.eq(json.encode(v), '{"a":[1,2.5,-300,"x\\n\195\169",true,false,null],"b":{},"c":[]}')
  T.eq(json.decode('"\\ud83d\\ude00"'), "\240\159\152\128", "a surrogate pair is one code point")
end)

T.case("json: malformed text is an error naming the line and column", function()
  T.eq(user_message(function() json.decode('{"a": 1,}', "x.json") end), "x.json:1:9: expected a key in double quotes, found '}'")
  T.eq(user_message(function() json.decode('[1,\n  01]', "x.json") end), "x.json:2:3: a number with a leading zero")
  T.eq(user_message(function() json.decode('{"a" 1}', "x.json") end), "x.json:1:6: expected ':' after the key, found '1'")
  T.eq(user_message(function() json.decode('[1] 2', "x.json") end),
    "x.json:1:5: expected the end of the text after the value, found '2'")
  T.eq(user_message(function() json.decode('"tab\there"', "x.json") end),
    "x.json:1:5: control character 0x09 in a string (write it as an escape)")
  T.eq(user_message(function() json.decode("[tru]", "x.json") end),
    "x.json:1:2: expected a value (object, array, string, number, true, false or null), found 'tru'")
  T.eq(user_message(function() json.decode('"abc', "x.json") end),
    "x.json:1:1: unterminated string (no closing '\"' before the end of the text)")
  T.eq(user_message(function() json.decode("", "x.json") end),
    "x.json:1:1: expected a value (object, array, string, number, true, false or null), found the end of the text")
end)

T.case("json: JSON lines count their lines (blank ones too) in errors", function()
  local events = json.decode_lines('{"kind":"a"}\n\n{"kind":"b"}\n', "log.jsonl")
  T.eq(#events, 2)
  T.eq(events[2].kind, "b")
  T.eq(user_message(function() json.decode_lines('{"kind":"a"}\n\n{"kind": b}\n', "log.jsonl") end),
    "log.jsonl:3:10: expected a value (object, array, string, number, true, false or null), found 'b'")
end)

T.case("json: a long line (a big turn_end) decodes inside the sandbox's pattern guard", function()
  local units = {}
  for i = 1, 700 do units[i] = { unit = i, data = { name = "unit " .. i, x = i * 1.5, tags = { "a", "b" } } } end
  local text = json.encode({ kind = "turn_end", units = units })
  T.truthy(#text > 40000, "the line is long")
  local back = json.decode(text)
  T.eq(#back.units, 700)
  T.eq(back.units[700].data.x, 1050.0)
end)

local function sample_events(name)
  return {
    { seq = 1, turn = 0, phase = "", kind = "table", width = 1200, depth = 800 },
    { seq = 2, turn = 0, phase = "setup", kind = "terrain_added", id = 1,
      feature = { type = "wood", polygon = { 100, 100, 300, 100, 300, 250 }, blocks_los = true } },
    { seq = 3, turn = 0, phase = "setup", kind = "unit_added", unit = 1, side = 1, name = name, label = "HI",
      x = 400, y = 100, facing = 0, width = 80, depth = 40, strength = 1 },
    { seq = 4, turn = 0, phase = "setup", kind = "unit_added", unit = 2, side = 2, name = "Foes", label = "LI",
      x = 400, y = 700, facing = 180, width = 80, depth = 40, strength = 1 },
    { seq = 5, turn = 1, phase = "move", kind = "charge", units = { 1 }, target = 2 },
    { seq = 6, turn = 1, phase = "move", kind = "unit_moved", unit = 1, x = 400, y = 640, facing = 0, how = "advance" },
    { seq = 7, turn = 1, phase = "move", kind = "roll", die = "d6", value = 4, purpose = "melee" },
    { seq = 8, turn = 1, phase = "move", kind = "house_rule_thing", unit = 2, note = "anything at all" },
    { seq = 9, turn = 1, phase = "end", kind = "turn_end", turn = 1, hash = "abc",
      units = { { unit = 1, data = { class = "HI" } }, { unit = 2, data = { class = "LI" } } } },
  }
end

-- The JSON the page carries, decoded again.
local function embedded(page)
  local open_tag = '<script type="application/json" id="replay-events">'
  local s = page:find((open_tag:gsub("%-", "%%-")))
  T.truthy(s, "the page has the events element")
  local e = page:find("</script>", s, true)
  return json.decode(page:sub(s + #open_tag, e - 1), "embedded events")
end

T.case("replay: the page embeds every event of the log, as it was", function()
  local events = sample_events("Heroes")
  local page = replay.html(events, "A test battle")
  local back = embedded(page)
  T.eq(#back, #events)
  for i, e in ipairs(events) do T.eq(json.encode(back[i]), json.encode(e), "event " .. i) end
  T.truthy(has(page, "<title>A test battle</title>"), "the title")
end)

T.case("replay: a name cannot close the script element or inject markup", function()
  local evil = '</script><script>alert("x")</script><!--'
  local page = replay.html(sample_events(evil), "<b>title</b>")
  T.eq(has(page, evil), false, "the name is not in the page verbatim")
  local count = 0
  for _ in page:gmatch("</script>") do count = count + 1 end
  T.eq(count, 3, "only the page's own three script elements close")
  T.eq(embedded(page)[3].name, evil, "the name survives the round trip")
  T.truthy(has(page, "<title>&lt;b&gt;title&lt;/b&gt;</title>"), "the title is escaped")
end)

T.case("replay and report pages fetch nothing: no http(s) references but the SVG namespace's name", function()
  local page = replay.html(sample_events("x"), "t")
  local stripped = page:gsub("http://www%.w3%.org/2000/svg", "")
  T.eq(has(stripped, "http://") or has(stripped, "https://"), false, "replay page")
  T.eq(has(stripped, "<link"), false, "no linked stylesheet")
  T.eq(has(stripped, "<script src"), false, "no linked script")
  T.eq(has(stripped, "url(http"), false, "no fetched images or fonts")
  local summary = {
    seed = 1, trials = 10,
    variants = {
      { name = "baseline", trials = 10, completed = 10, failed = 0, failures = {},
        side1_wins = { rate = 0.5, low = 0.2, high = 0.8 }, side2_wins = { rate = 0.4, low = 0.1, high = 0.7 },
        draws = { rate = 0.1, low = 0.0, high = 0.4 },
        length = { mean = 7.5, median = 7, min = 4, max = 12, histogram = { [4] = 2, [7] = 5, [12] = 3 } },
        losses_per_battle = { { HI = 0.5 }, { LI = 1.2 } } },
      { name = "house", trials = 10, completed = 10, failed = 0, failures = {},
        side1_wins = { rate = 0.6, low = 0.3, high = 0.85 }, side2_wins = { rate = 0.3, low = 0.1, high = 0.6 },
        draws = { rate = 0.1, low = 0.0, high = 0.4 },
        length = { mean = 8, median = 8, min = 5, max = 11, histogram = { ["5"] = 4, ["11"] = 6 } },
        losses_per_battle = { {}, {} } },
    },
    differences = { { variant = "house", baseline = "baseline", pairs = 10,
      side1_win_difference = { rate = 0.1, low = -0.1, high = 0.3 } } },
  }
  local html = report.html(summary, "Experiment: <test>", { csv = "report.csv" })
  T.eq(has(html, "http://") or has(html, "https://"), false, "report page")
  local charts = 0
  for _ in html:gmatch('class="variant%-chart"') do charts = charts + 1 end
  T.eq(charts, 2, "one chart per variant")
  T.truthy(has(html, 'class="difference-chart"'), "the difference chart")
  T.truthy(has(html, "+10.0%"), "the difference is written out")
  T.truthy(has(html, 'href="report.csv"'), "the CSV is linked")
end)

T.case("replay: a log that is not events is refused with its place", function()
  T.eq(user_message(function() replay.from_log('{"kind":"table"}\n[1,2]\n', "b.jsonl") end),
    "b.jsonl: event 2 is not an object with a 'kind' (see docs/replay-events.md)")
  T.eq(user_message(function() replay.from_log("\n\n", "empty.jsonl") end), "empty.jsonl: no events in the log")
end)
