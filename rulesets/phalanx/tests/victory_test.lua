-- Phalanx VICTORY: "When at least a third (round up) of the vignettes of the
-- MBL are broken (B result), or when any one of the army's key vignettes
-- (see army list) get a B result, or when the General's vignette gets a B
-- result that side has lost. If your army is allowed to deploy in multiple
-- lines, the side is defeated when any vignette of the last line is broken."
local T = require("lib.testing")
local victory = require("phalanx.victory")

local function v(id, class, extra)
  local t = { id = id, class = class or "HIN", integrity = "III", army = "RA", part = "centre" }
  for k, val in pairs(extra or {}) do t[k] = val end
  return t
end

-- Ten MBL vignettes, a skirmisher off it and a supporter.
local function army()
  local list = {}
  for i = 1, 10 do list[i] = v("m" .. i) end
  list[1].general = true
  list[11] = v("skirm", "VLI", { off_main_line = true })
  list[12] = v("sup", "LIN", { supports = "m2" })
  return { key_vignettes = { "m3" } }, list
end

T.case("Victory: a third of the MBL, rounded up (10 MBL vignettes -> 4)", function()
  local fields, list = army()
  local t = victory.tracker(fields, list)
  T.eq(t.mbl_total, 10, "MBL: not the skirmisher off it, not the supporter merged with m2")
  T.eq(t.threshold, 4)
  T.eq(victory.record_break(t, "m4"), nil)
  T.eq(victory.record_break(t, "m5"), nil)
  T.eq(victory.record_break(t, "skirm"), nil, "off the MBL: does not count")
  T.eq(victory.record_break(t, "m6"), nil)
  T.eq(victory.record_break(t, "m7"), victory.REASONS.mbl)
  T.eq(t.mbl_broken, 4)
end)

T.case("Victory: a third rounded up: 7 MBL vignettes -> 3, 9 -> 3, 12 -> 4", function()
  for n, want in pairs({ [7] = 3, [9] = 3, [12] = 4, [1] = 1 }) do
    local list = {}
    for i = 1, n do list[i] = v("m" .. i) end
    T.eq(victory.tracker({}, list).threshold, want, n .. " vignettes")
  end
end)

T.case("Victory: any key vignette broken loses", function()
  local fields, list = army()
  local t = victory.tracker(fields, list)
  T.eq(victory.record_break(t, "m3"), victory.REASONS.key)
end)

T.case("Victory: the General's vignette broken loses", function()
  local fields, list = army()
  local t = victory.tracker(fields, list)
  T.eq(victory.record_break(t, "m1"), victory.REASONS.general)
end)

T.case("Victory: a supporter breaking with its key vignette counts as the key (support link merged)", function()
  local fields, list = army()
  fields.key_vignettes = { "sup" }
  local t = victory.tracker(fields, list)
  T.eq(victory.record_break(t, "m2"), nil)
  T.eq(victory.record_break(t, "sup"), victory.REASONS.key)
end)

T.case("Victory: multiple lines: any vignette of the last line broken loses", function()
  local list = {
    v("front1"), v("front2"), v("front3"),
    v("legio", "HIN", { off_main_line = true }),
    v("archers", "VLI", { supports = "legio" }),
    v("skirm", "LIN", { off_main_line = true }),
  }
  local t = victory.tracker({ multiple_lines = true }, list)
  T.truthy(t.last_line.legio and t.last_line.archers, "HIN off the line by permission, and its supporter")
  T.truthy(not t.last_line.skirm, "a LIN off the line is a skirmisher, not the last line")
  T.eq(victory.record_break(t, "skirm"), nil)
  T.eq(victory.record_break(t, "legio"), victory.REASONS.last_line)
  local single = victory.tracker({}, list)
  T.eq(next(single.last_line), nil, "an army without multiple lines has no last line")
end)

T.case("Victory: outcome of both sides, and both at once", function()
  local _, list = army()
  local a, b = victory.tracker({}, list), victory.tracker({}, list)
  T.eq({ victory.outcome(a, b) }, {})
  victory.record_break(b, "m1")
  T.eq({ victory.outcome(a, b) }, { 1, victory.REASONS.general })
  victory.record_break(a, "m1")
  T.eq({ victory.outcome(a, b) }, { nil, victory.REASONS.both })
end)
