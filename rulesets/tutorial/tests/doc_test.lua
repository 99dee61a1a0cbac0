-- docs/writing-a-ruleset.md quotes the tutorial's files. Each code block
-- after a `<!-- quote: PATH -->` line must match PATH: every line of the
-- block appears in the file, in the same order ("..." lines mark gaps).
-- When you edit a quoted file, this test tells you the tutorial is stale.
local T = require("lib.testing")
local loader = require("sandtable.loader")

local DOC = "docs/writing-a-ruleset.md"

-- (split with a plain find: the sandbox refuses patterns over long texts)
local function lines_of(text)
  local out, from = {}, 1
  while from <= #text do
    local nl = text:find("\n", from, true) or (#text + 1)
    out[#out + 1] = text:sub(from, nl - 1)
    from = nl + 1
  end
  return out
end

-- The quoted blocks: { path =, first = line number in the doc, lines = {...} }.
local function quotes()
  local doc, found = lines_of(loader.read(DOC)), {}
  local i = 1
  while i <= #doc do
    local path = doc[i]:match("^<!%-%- quote: (%S+) %-%->$")
    if path then
      local block = { path = path, first = i + 2, lines = {} }
      i = i + 2                                   -- past the ``` line
      while doc[i] and not doc[i]:match("^```") do
        block.lines[#block.lines + 1] = doc[i]
        i = i + 1
      end
      found[#found + 1] = block
    end
    i = i + 1
  end
  return found
end

T.case("Tutorial: the page quotes files", function()
  T.truthy(#quotes() >= 15, "quoted blocks: " .. #quotes())
end)

for _, q in ipairs(quotes()) do
  T.case(string.format("Tutorial: the quote at %s:%d matches %s", DOC, q.first, q.path), function()
    local file = lines_of(loader.read(q.path))
    local at = 1
    for n, line in ipairs(q.lines) do
      if not line:match("^%s*%.%.%.%s*$") then
        while file[at] and file[at] ~= line do at = at + 1 end
        T.truthy(file[at], string.format("%s:%d: %q is not in %s (in this order)", DOC, q.first + n - 1, line, q.path))
        at = at + 1
      end
    end
  end)
end
