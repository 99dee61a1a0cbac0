-- Into Glory Ride inherits Phalanx's referee (its manifest names
-- phalanx.referee), warnings included: an ART battery ordered to charge is
-- flagged as Phalanx's amalgamated artillery is; HIM (Into Glory Ride's
-- missile foot) charging when it could shoot is flagged too.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")
local referee = require("lib.referee")

local IGR = ruleset.load("into_glory_ride")
local battle = IGR.require("phalanx.battle")
local turn = IGR.require("phalanx.turn")

local function commander()
  return { activate = function() return {} end, evade = function() return false end,
           free_order = function() return nil end, shoot_target = function(_, _, t) return t[1].id end,
           shoot_at_charger = function() return true end }
end

local function watched(s1, s2)
  local G = battle.skirmish{ rules = IGR, dice = dice.forced({}), log = false,
    sides = { { vignettes = s1, commander = commander() }, { vignettes = s2, commander = commander() } } }
  local ref = referee.new{ rules = IGR }
  referee.watch({ referee = ref }, G)
  G.bf:set_time(1, "B movement")
  return G, ref
end

local function warned(ref, id)
  local n = 0
  for _, w in ipairs(ref.warnings) do if w.id == id then n = n + 1 end end
  return n
end

local function ordered_charge(G, side, vid, target)
  local g = G.groups[G.D[G.by_vid[side][vid]].gid]
  g.activated = true
  turn.charge(G, g, target, turn.turn_towards(G, g, target))
  G.bf:set_time(1, "C initiative")
end

T.case("Into Glory Ride referee warnings (inherited): an ART battery's charge and HIM charging in range are flagged, HIN's charge is not", function()
  T.truthy(IGR.manifest.referee == "phalanx.referee", "the manifest names Phalanx's referee")
  local G, ref = watched({
      { id = "gun", class = "ART", epoch = "II", weight = "light", at = { 400, 200 } },
      { id = "line", class = "HIM", epoch = "II", at = { 900, 200 } },
      { id = "foot", class = "HIN", at = { 1400, 200 } } },
    { { id = "e1", class = "HIN", at = { 400, 330 } }, { id = "e2", class = "HIN", at = { 900, 300 } },
      { id = "e3", class = "HIN", at = { 1400, 330 } } })
  ordered_charge(G, 1, "foot", G.by_vid[2].e3)
  T.eq(#ref.warnings, 0, "heavy foot charging heavy foot is no absurd act")
  G.bf:set_time(1, "B movement")
  ordered_charge(G, 1, "gun", G.by_vid[2].e1)
  T.eq(warned(ref, "artillery-charges"), 1, "ART charging")
  G.bf:set_time(1, "B movement")
  ordered_charge(G, 1, "line", G.by_vid[2].e2)
  T.eq(warned(ref, "missile-charges"), 1, "HIM charging a target in its range")
end)
