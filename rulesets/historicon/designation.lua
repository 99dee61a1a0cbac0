-- Historicon v2: troop designations as the text writes them, e.g.
-- "ARA HIN+ss" (Average Regular Army Heavy Infantry Normal + supplementary
-- shooting), "ERA HIS", "GIF LI", "HI-PA" (armoured pikes), "KC-A", "LI-W".
--
--   require("historicon.designation").parse("ARA HIN+ss")
--   --> { grade = "A", army = "RA", class = "HI", sub = "HIN", ss = true }

local troops = require("historicon.troops")

local designation = {}

local function known(code)
  if troops.classes[code] then return { class = code } end
  local sub = troops.subclasses[code]
  if sub then return { class = sub.of, sub = code } end
  return nil
end

-- Returns the unit fields, or nil and a message naming what was not understood.
function designation.parse(text)
  local prefix, code = text:match("^%s*(%a%a%a)%s+(%S+)%s*$")
  if not prefix then prefix, code = nil, text:match("^%s*(%S+)%s*$") end
  if not code then return nil, string.format("designation %q: expected [grade+army] troop code", text) end
  local fields = {}
  if prefix then
    local grade, army = prefix:upper():sub(1, 1), prefix:upper():sub(2)
    if not troops.grades[grade] or not troops.armies[army] then
      return nil, string.format("designation %q: %q is not a grade (E, A, G) and army class (RA, IF)", text, prefix)
    end
    fields.grade, fields.army = grade, army
  end
  local upper = code:upper()
  if upper:sub(-3) == "+SS" then fields.ss, upper = true, upper:sub(1, -4) end
  upper = upper:gsub("%-", "")
  local found = known(upper)
  if not found and upper:sub(-1) == "A" then
    found = known(upper:sub(1, -2))
    if found then fields.armour = true end
  end
  if not found then return nil, string.format("designation %q: unknown troop code %q", text, code) end
  fields.class, fields.sub = found.class, found.sub
  return fields
end

return designation
