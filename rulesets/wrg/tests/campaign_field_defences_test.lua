-- WRG Ancients 1973, CAMPAIGNS 2: the defender "can construct field defences
-- until it balances its opponents superiority" -- the points bought as
-- palisade (POINTS VALUES), laid on the table as the sieges module's pieces
-- (rulesets/wrg/campaign_field_defences.lua) and played through the real
-- battle engine: the defender's foot posted behind the palisade, a charge
-- stopped at it, the pieces in the battle's record (what the replay draws).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")

local rules = ruleset.load("wrg", { options = { "sieges" } })
local C = rules.require("wrg.campaign")
C.battle_rules(rules)
local FD = rules.require("wrg.campaign_field_defences")
local battle = rules.require("wrg.battle")
local turn = rules.require("wrg.turn")
local ai = rules.require("wrg.ai")
local armies = rules.require("wrg.armies")
local tables = rules.require("wrg.tables")
local ST = require("modules.sieges.wrg.state")
local PD = require("modules.sieges.wrg.period")

local MM = tables.MM_PER_PACE
local RULE = "WRG 1973 CAMPAIGNS: "

-- Two lists of known points: side 1 regular HI (3 points a figure, class C,
-- armoured with a shield: wrg.armies prices them), side 2 barbarians.
local function army(name, regular, figures_line)
  local text = string.format([[return army { name = %q, units = {
    unit { id = "guard", type = "HC", class = "B", regular = %s, weapons = { "spear" }, figures = 8, ranks = 2, general = "c_in_c" },
    unit { id = "line", type = "HI", class = "C", regular = %s, weapons = { "spear" }, figures = %d, ranks = 2 },
    unit { id = "bows", type = "LI", class = "C", regular = %s, weapons = { "bow" }, figures = 10, ranks = 1 } } }]],
    name, tostring(regular), tostring(regular), figures_line, tostring(regular))
  return assert(armies.load_text(text, name .. ".lua"))
end

local function points(a)
  local t = 0
  for _, u in ipairs(armies.units(a)) do t = t + armies.unit_points(u) end
  return t
end

T.case(RULE .. "a defender's plan carries the palisade its points buy, laid across its front", function()
  local A, B = army("Attackers", true, 40), army("Defenders", false, 16)
  local X = points(A) - points(B)
  T.truthy(X > 0, "the attacker has the superiority")
  local state = C.start{ armies = { A, B }, table = { size = "183x122" } }
  state.defender = 2
  local plan = C.next_battle(state, 2)
  -- barbarians pay 3 points a 10 paces: the paces X buys in whole lengths
  local lengths = math.floor(X / 3)
  T.eq(plan.field_defences.paces, lengths * 10, string.format("superiority %g buys %d paces", X, lengths * 10))
  T.eq(plan.field_defences.points, lengths * 3)
  T.eq(plan.options, { "sieges" }, "the battle is fought with the sieges module, whose pieces they are")
  local laid = plan.table.field_defences
  T.eq(laid.paces, math.min(lengths * 10, 520), "as many paces as fit between the two open flanks of 100 paces")
  T.near(laid.front.x2 - laid.front.x1, laid.paces * MM, 1e-6, "the front's length")
  T.near((laid.front.x1 + laid.front.x2) / 2, 915, 1e-6, "centred on the table")
  T.near(laid.front.y, 1220 - 100 * MM, 1e-6, "on the front line of the deployment zone, 100 paces out")
  T.eq(laid.piece.defender, 2)
  T.truthy(plan.notes[#plan.notes]:find(string.format("%d paces", laid.paces), 1, true), plan.notes[#plan.notes])
  -- no superiority, no defences and no sieges module
  -- a scenario with siege pieces of its own keeps them: nothing laid
  local walled = C.start{ armies = { A, B }, table = { terrain = { { type = "fortification", defender = 1 } } } }
  walled.defender = 2
  local pw = C.next_battle(walled, 2)
  T.eq(pw.table.field_defences, nil); T.eq(pw.options, nil)
  T.truthy(pw.notes[#pw.notes]:find("not laid", 1, true), pw.notes[#pw.notes])
  local even = C.start{ armies = { B, B }, table = {} }
  even.defender = 1
  local p2 = C.next_battle(even, 2)
  T.eq(p2.table.field_defences, nil); T.eq(p2.options, nil)
end)

T.case(RULE .. "the layout: the front faces the attacker for either defender; only the paces that fit are laid", function()
  local a = FD.layout(200, 1, 1830, 1220)
  T.eq(a.paces, 200)
  T.near(a.front.y, 100 * MM, 1e-6, "side 1 defends the south edge")
  T.truthy(FD.is_front({ from = { a.front.x2, a.front.y }, to = { a.front.x1, a.front.y } }, 1), "outer face south")
  T.eq(FD.is_front({ from = { a.front.x1, a.front.y }, to = { a.front.x2, a.front.y } }, 1), false)
  T.eq(FD.layout(9, 2, 1830, 1220), nil, "less than a 10-pace length: nothing laid")
  T.eq(FD.layout(5000, 2, 1830, 1220).paces, 520, "a 183 cm table takes 520 paces between its open flanks")
end)

-- The pieces through the battle engine: a skirmish on the campaign's table.
local function quiet(t)
  local q = { charge_target = function() return nil end, countercharge = function() return false end,
              move = function() return nil end, formation = function() return nil end }
  for k, v in pairs(t or {}) do q[k] = v end
  return setmetatable(q, { __index = ai })
end

T.case(RULE .. "field defences on the table: a charge at the defenders behind the palisade is stopped at it", function()
  local laid = FD.layout(300, 2, 1830, 1220)
  local y = laid.front.y
  local lines = {}
  local target
  local G = battle.skirmish{
    dice = dice.random(5), report = function(l) lines[#lines + 1] = l end, log = true,
    table = { terrain = "none", field_defences = laid },
    sides = {
      { units = { { id = "legio", type = "HI", class = "C", weapons = { "spear" }, figures = 8, ranks = 2,
                    at = { 915, y - 60 * MM, 0 } } },
        commander = quiet{ charge_target = function() return target end } },
      { units = { { id = "warband", type = "MI", class = "C", weapons = { "javelin" }, figures = 8, ranks = 2,
                    at = { 915, y + 2 + 20, 180 } } }, commander = quiet() },
    },
  }
  ST.init(G)
  local a, b = G.by_id[1].legio, G.by_id[2].warband
  target = b
  T.truthy(ST.on_section(G, b) ~= nil, "the defenders stand on the palisade's walk, behind its parapet")
  T.eq(ST.inside(G, b), true, "inside the field defences")
  turn.play(G)
  local charged = false
  for _, l in ipairs(lines) do charged = charged or l:find("charges", 1, true) ~= nil end
  T.truthy(charged, "the charge was declared:\n" .. table.concat(lines, "\n"))
  local ax, ay = G.bf:pos(a)
  T.truthy(ay < y, string.format("the chargers stopped outside the palisade (front at y %.1f, at %.1f)", y, ay))
  T.near(ay + G.bf:unit(a).depth / 2, y, 1.01, "their front at its outer face")
  T.eq(G.D[a].in_melee == true, false, "no contact: the palisade stands between them")
  -- the pieces are in the battle's record: the front a palisade, the
  -- returns drawn breached (open)
  local kinds = {}
  for _, f in ipairs(G.bf:terrain()) do kinds[f.type] = (kinds[f.type] or 0) + 1 end
  T.truthy((kinds.palisade or 0) >= 1 and (kinds.parapet or 0) >= 1, "palisade and parapet features")
  T.truthy((kinds.breach or 0) >= 1, "the open returns")
  local _ = ax
end)

T.case(RULE .. "THE REACTION TEST: troops behind field defences +2", function()
  local laid = FD.layout(300, 2, 1830, 1220)
  local y = laid.front.y
  local G = battle.skirmish{ dice = dice.random(2), table = { terrain = "none", field_defences = laid },
    report = function() end,
    sides = { { units = { { id = "legio", type = "HI", class = "C", weapons = { "spear" }, figures = 8, ranks = 2,
                            at = { 915, y - 200, 0 } } }, commander = quiet() },
              { units = { { id = "posted", type = "MI", class = "C", weapons = { "javelin" }, figures = 8, ranks = 2,
                            at = { 915, y + 2 + 20, 180 } },
                          { id = "back", type = "MI", class = "C", weapons = { "javelin" }, figures = 8, ranks = 2,
                            at = { 600, y + 150, 180 } } }, commander = quiet() } } }
  ST.init(G)
  PD.locate(G)
  local posted, back = G.by_id[2].posted, G.by_id[2].back
  T.truthy(G.D[posted].siege_on ~= nil, "the posted unit stands on the palisade")
  T.eq(turn.situation(G, posted).cover_square_defences, true, "behind field defences: +2")
  T.eq(turn.situation(G, back).cover_square_defences, nil, "a unit in the open behind the line: no factor")
  local out = turn.test(G, posted, "test")
  local found = false
  for _, t in ipairs(out.terms) do
    if t.id == "cover_square_defences" then found = true; T.eq(t.after - t.before, 2) end
  end
  T.truthy(found, "the reaction test adds it")
end)

T.case(RULE .. "field defences on the table: the returns stand open, so the line can be turned", function()
  local laid = FD.layout(300, 2, 1830, 1220)
  local G = battle.skirmish{ dice = dice.random(1), table = { terrain = "none", field_defences = laid },
    sides = { { units = { { id = "horse", type = "LC", class = "C", weapons = { "javelin" }, figures = 2, ranks = 1,
                            at = { laid.front.x1 - 100, laid.front.y + 33, 270 } } }, commander = quiet() },
              { units = { { id = "far", type = "MI", class = "C", weapons = { "javelin" }, figures = 4, ranks = 1,
                            at = { 1700, 1150, 180 } } }, commander = quiet() } } }
  ST.init(G)
  local h = G.by_id[1].horse
  -- behind the line's west end (its 60 mm frontage clear of the parapet), riding east across the return
  local r = G.bf:move(h, "advance", 150)
  T.truthy(r.stopped_by ~= "terrain", "not stopped by the return")
  T.near((G.bf:pos(h)), laid.front.x1 + 50, 1e-6, "across it")
  T.eq(ST.inside(G, h), true, "inside the field defences: the strip behind their front")
  -- the same ride along the front's outer face is stopped by the palisade
  local G2 = battle.skirmish{ dice = dice.random(1), table = { terrain = "none", field_defences = laid },
    sides = { { units = { { id = "horse", type = "LC", class = "C", weapons = { "javelin" }, figures = 2, ranks = 1,
                            at = { 915, laid.front.y - 80, 0 } } }, commander = quiet() },
              { units = { { id = "far", type = "MI", class = "C", weapons = { "javelin" }, figures = 4, ranks = 1,
                            at = { 1700, 1150, 180 } } }, commander = quiet() } } }
  T.eq(G2.bf:move(G2.by_id[1].horse, "advance", 150).stopped_by, "terrain", "the front stops a ride at it")
end)

T.case(RULE .. "a whole defended battle: the defender's foot posted behind the palisade", function()
  local A, B = army("Attackers", true, 40), army("Defenders", false, 16)
  local laid = FD.layout(300, 2, 1830, 1220)
  local r = battle.run{ rules = rules, dice = dice.random(3), log = true,
    scenario = { table = { terrain = "none", field_defences = laid }, turns = 1 },
    armies = { A, B }, commanders = { "ai", "ai" } }
  local G = r.state
  -- where each unit was set out (the deploy events), against the line
  local posted, behind = 0, 0
  for _, e in ipairs(G.bf:events()) do
    if e.kind == "deploy" and e.side == 2 then
      local u = G.bf:unit(e.unit)
      local d = G.D[e.unit]
      if e.x - u.width / 2 >= laid.front.x1 and e.x + u.width / 2 <= laid.front.x2 then
        T.near(e.y, laid.front.y + FD.POSTED_MM + u.depth / 2, 1e-6,
          string.format("%s (%s) set out with its front at the parapet", d.id, d.type))
        posted = posted + 1
      else
        T.truthy(e.y - u.depth / 2 > laid.front.y, string.format("%s behind the line", d.id))
        behind = behind + 1
      end
    end
  end
  T.eq(posted + behind, 3, "the three units of the defender")
  T.truthy(posted >= 2, string.format("the foot in the centre of the line stand at the palisade (%d posted)", posted))
end)
