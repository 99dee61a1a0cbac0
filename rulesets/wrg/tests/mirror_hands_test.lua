-- WRG Ancients 1973, issue #13 session ten: the two hands in a mirror match.
--
-- The rules are not the same on both hands. USE OF SHIELDS: "Figures shot
-- at or attacked from the rear or from behind an unshielded flank ... cannot
-- use shields" (the shield is on the left arm: the right flank is the
-- unshielded one). So a fight and its reflection are not the same fight,
-- while a fight and the same fight turned about the table's centre are.
-- The default commander lays its line out along its edge from one end of
-- the table (wrg.ai's deployment), both sides from the same end, so in a
-- mirror match each side's army is the mirror image of the other's: one
-- holds on its right the wing the other holds on its left. That end used to
-- be always the west one, and the army with the first wing on its own left
-- was always side 1's (the Persian mirror at Gaugamela: 36.8 / 56.9% over
-- 2000 battles, 45.3 / 47.4 with no unshielded flank). Now the end is drawn
-- by lot before the sketch maps (wrg.deployment.sketch_map: G.lines_from).
-- docs/rulesets/wrg.md, "Mirror matches, session ten".
local T = require("lib.testing")
local F = require("wrg.tests.fixtures")
local loader = require("sandtable.loader")
local parse = require("lib.scenario").parse
local lbattle = require("lib.battle")
local sketch_map = require("wrg.deployment.sketch_map")

local unit, fight, play, events = F.unit, F.fight, F.play, F.events
local W, D = 1830, 1220

-- A body of horse touching the flank of a body of foot, placed by hand and
-- fought for one period with every melee die a 3 (the same dice for every
-- layout). `layout`: "as placed" (foot of side 2 facing south, the horse of
-- side 1 on its west: the foot's right), "reflected" (the table reflected
-- across the middle line and the sides exchanged: the foot on side 1 facing
-- north, the horse of side 2 on its west: the foot's left) or "turned about"
-- (the table turned about its centre and the sides exchanged: the foot on
-- side 1 facing north, the horse of side 2 on its east: its right).
-- Returns the horse's melee total against the foot, and the account.
local FOOT = { figures = 8, ranks = 2 }
local HORSE = { figures = 4, ranks = 1, weapons = { "javelin" } }

-- The foot's frontage and the horse's depth as the engine sets them out.
local function sizes()
  local G = fight{ side1 = { unit("foot", "MI", 300, 300, 0, FOOT), unit("horse", "MC", 900, 300, 0, HORSE) } }
  return G.bf:unit(G.by_id[1].foot).width, G.bf:unit(G.by_id[1].horse).depth
end

local function flank_fight(layout)
  local foot_w, horse_d = sizes()
  -- foot at (x, y) facing ff on foot_side; the horse facing hf, its front
  -- face flush with the foot's west (hf 90) or east (hf -90) flank
  local x, y, ff, hf, foot_side
  if layout == "as placed" then x, y, ff, hf, foot_side = 900, 700, 180, 90, 2
  elseif layout == "reflected" then x, y, ff, hf, foot_side = 900, D - 700, 0, 90, 1
  else x, y, ff, hf, foot_side = W - 900, D - 700, 0, -90, 1 end
  local hx = hf == 90 and x - foot_w / 2 - horse_d / 2 or x + foot_w / 2 + horse_d / 2
  local sides = {}
  sides[foot_side] = { unit("foot", "MI", x, y, ff, FOOT) }
  sides[3 - foot_side] = { unit("horse", "MC", hx, y, hf, HORSE) }
  local G, lines = fight{ dice = F.rigged({ ["WRG melee random factor"] = { 3, 3, 3, 3 } }, 5),
                          side1 = sides[1], side2 = sides[2] }
  play(G)
  local hid, fid = G.by_id[3 - foot_side].horse, G.by_id[foot_side].foot
  local total
  for _, e in ipairs(events(G, "melee", 1)) do if e.unit == hid and e.target == fid then total = e.total end end
  return total, table.concat(lines, "\n")
end

T.case("WRG 1973 USE OF SHIELDS (mirror matches): a flank fight and its reflection are not the same fight; turned about they are", function()
  local placed, a1 = flank_fight("as placed")
  local reflected, a2 = flank_fight("reflected")
  local turned, a3 = flank_fight("turned about")
  T.truthy(placed ~= nil and reflected ~= nil and turned ~= nil,
    "the horse strikes the foot in all three\n" .. a1 .. "\n---\n" .. a2 .. "\n---\n" .. a3)
  T.eq(turned, placed, "turned about the table's centre, sides exchanged: the foot is struck on its right both times\n" .. a1 .. "\n---\n" .. a3)
  -- ("fighting medium infantry who are unable to use shields" +2)
  T.eq(reflected, placed - 2, "reflected, sides exchanged: the foot is struck on its shielded left: 2 less (shieldless medium +2)\n"
    .. a1 .. "\n---\n" .. a2)
end)

-- Gaugamela with the Persians on both sides, deployed by the default
-- commander through the battle (no period played) with the lot of the
-- lines' end forced to `lot`: each side's units' x by name.
local function persian_mirror(lot)
  local text = loader.read("scenarios/wrg/gaugamela.yaml")
    :gsub("army: wrg/alexandrian_macedonian", "army: wrg/achaemenid_persian")
  local prepared = lbattle.prepare(parse(text, "gaugamela_mirror.yaml", "scenarios/wrg"))
  local commanders = {}
  for i, entry in ipairs(prepared.scenario.armies) do commanders[i] = entry.commander end
  local r = prepared.battle.run{ rules = prepared.rules, scenario = prepared.scenario, armies = prepared.armies,
    commanders = commanders, dice = F.rigged({ [sketch_map.LINES_FROM] = { lot } }, 1), seed = 1, turns = 0, log = true }
  local G = r.state
  local at = { {}, {} }
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    at[d.side][d.name] = (G.bf:pos(uid))
  end
  return at, G.lines_from
end

T.case("WRG 1973 DEPLOYMENT (mirror matches): which army has its first wing on its own left is drawn by lot", function()
  local west, from_w = persian_mirror(1)
  local east, from_e = persian_mirror(6)
  T.eq(from_w, "west", "a 1: the lines are drawn from the west end")
  T.eq(from_e, "east", "a 6: from the east end")
  local n = 0
  for name, x in pairs(west[1]) do
    -- each unit faces its double (the two lines mirror images across the
    -- middle line) whichever end the lines start from
    T.near(west[2][name], x, 0.01, name .. ": side 2's faces side 1's (lines from the west)")
    T.near(east[2][name], east[1][name], 0.01, name .. ": side 2's faces side 1's (lines from the east)")
    -- and the whole deployment from the east is the one from the west reflected end to end
    T.near(east[1][name], W - x, 0.01, name .. ": side 1's reflected end to end")
    n = n + 1
  end
  T.eq(n, 7, "the seven Persian units")
  -- side 1 faces north (its right is east), side 2 south (its right is west)
  T.truthy(west[1]["Chariots"] > W / 2, "from the west: side 1's chariots on its own right")
  T.truthy(west[2]["Chariots"] > W / 2, "and side 2's on its own left")
  T.truthy(east[1]["Chariots"] < W / 2, "from the east: side 1's chariots on its own left")
  T.truthy(east[2]["Chariots"] < W / 2, "and side 2's on its own right")
end)

-- The commander's hand follows the lot: with the lines drawn from the east
-- end the battle is the west-end one reflected end to end, and each side
-- tries its other hand first (ai.hand(s, G)). The situation of ai_test's
-- "go round what bars the way by the same hand": a skirmisher of side 1
-- closing to range whose way straight on is barred while 30 degrees either
-- side are both open (the straight run barred by hand: turn.advance moves
-- nothing on its start facing); from the east, the same table reflected
-- end to end. The lot is set on G as sketch_map would set it.
T.case("WRG 1973 DEPLOYMENT (mirror matches): from the east end the commander goes round by the other hand, the west-end move reflected", function()
  local turn = require("wrg.turn")
  local ai = require("wrg.ai")
  local function plan(from)
    local function x(v) return from == "west" and v or W - v end
    local sk = unit("s", "LI", x(600), 300, 0, { figures = 4, ranks = 1, weapons = { "bow" }, set = { order = "skirmish" } })
    local en = unit("e", "HI", x(600), 1000, 180)
    local G = fight{ side1 = { sk }, side2 = { en } }
    G.lines_from = from
    local id = G.by_id[1].s
    local advance = turn.advance
    turn.advance = function(G2, uid, paces, ...)
      local _, _, f = G2.bf:pos(uid)
      if uid == id and math.abs(turn.norm(f)) < 1 then return "barred", 0 end
      return advance(G2, uid, paces, ...)
    end
    local ok, p = pcall(ai.move, G, id)
    turn.advance = advance
    assert(ok, p)
    return p
  end
  local west, east = plan("west"), plan("east")
  T.truthy(west and east, "both are ordered a move")
  T.truthy(math.abs(west.bearing) > 15, "from the west it goes round (bearing " .. tostring(west.bearing) .. ")")
  T.near(turn.norm(east.bearing + west.bearing), 0, 0.5,
    "from the east its bearing is the west one reflected end to end (" .. tostring(west.bearing) .. " and " .. tostring(east.bearing) .. ")")
end)
