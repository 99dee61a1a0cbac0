-- lib.account: the battle account and the event log.
local T = require("lib.testing")
local account = require("lib.account")

T.case("account: say and log write only when switched on", function()
  local lines, events = {}, {}
  local bf = { log = function(_, kind, fields) events[#events + 1] = { kind, fields } end }
  local G = { report = function(l) lines[#lines + 1] = l end, log = true, bf = bf }
  account.say(G, "%s charges %d", "Cohors I", 3)
  account.log(G, "charge", { unit = 1 })
  T.eq(lines, { "Cohors I charges 3" })
  T.eq(events, { { "charge", { unit = 1 } } })
  local quiet = { report = nil, log = false, bf = bf }
  account.say(quiet, "%d", {})    -- not even formatted: a bad argument costs nothing
  account.log(quiet, "charge", {})
  T.eq(#lines, 1); T.eq(#events, 1)
end)

T.case("account: modifier terms as plain data", function()
  local terms = { { id = "uphill", rule = "r1", layer = "phalanx", before = 3, after = 4, text = "uphill", when = print } }
  T.eq(account.terms(terms), { { id = "uphill", rule = "r1", layer = "phalanx", before = 3, after = 4 } })
  T.eq(account.terms(nil), {})
end)

T.case("account.terrain_rolls: a terrain event per throw, the pieces by kind in the order they came up", function()
  local events, lines = {}, {}
  local G = { log = true, report = function(l) lines[#lines + 1] = l end,
              bf = { log = function(_, kind, fields) events[#events + 1] = { kind, fields.terrain } end } }
  local rolls = {
    { i = 0, j = 0, die = 8, score = 10, at_edge = true, terrain = "impassable" },
    { i = 1, j = 0, die = 2, score = 2, at_edge = false, terrain = "open" },
    { i = 2, j = 0, die = 7, score = 7, at_edge = false, terrain = "steep_hill" },
    { i = 3, j = 0, die = 8, score = 10, at_edge = true, terrain = "impassable" },
  }
  T.eq(account.terrain_rolls(G, rolls), "2 impassable, 1 steep hill")
  T.eq(#events, 4)
  T.eq(events[2], { "terrain", "open" })
  T.eq(account.terrain_rolls({ log = false, report = print }, { rolls[2] }), "all open")
  T.eq(account.terrain_rolls({ log = false }, rolls), nil, "nothing is built for a quiet battle")
end)
