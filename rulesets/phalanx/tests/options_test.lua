-- Phalanx optional rules: each option, loaded by the ruleset loader as a
-- scenario names it, changes what it should and nothing when absent.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")

local function instance(options) return ruleset.load("phalanx", { options = options }) end

local function commander(t)
  local c = { activate = function() return {} end, evade = function() return false end,
              free_order = function() return nil end, shoot_target = function(_, _, targets) return targets[1].id end,
              shoot_at_charger = function() return true end, field_defences = function() return {} end }
  for k, v in pairs(t or {}) do c[k] = v end
  return c
end

local function skirmish(rules, s1, s2, opts)
  opts = opts or {}
  local battle = rules.require("phalanx.battle")
  return battle.skirmish{ rules = rules, dice = dice.forced(opts.values or {}), log = true, table = opts.table,
    sides = { { vignettes = s1, commander = opts.c1 or commander() },
              { vignettes = s2, commander = opts.c2 or commander() } } }
end

local function events(G, kind)
  local out = {}
  for _, e in ipairs(G.bf:events()) do if e.kind == kind then out[#out + 1] = e end end
  return out
end

local function group_of(G, side, vid) return G.groups[G.D[G.by_vid[side][vid]].gid] end

T.case("Options: the manifest names four options and the loader applies them by id", function()
  local manifest = require("phalanx")
  T.eq(manifest.options, { recovery = "phalanx.options.recovery", artillery = "phalanx.options.artillery",
    field_defences = "phalanx.options.field_defences", detachments = "phalanx.options.detachments" })
  local rules = instance({ "recovery", "artillery", "field_defences", "detachments" })
  T.eq(rules.options, { recovery = true, artillery = true, field_defences = true, detachments = true })
  T.truthy(rules.require("phalanx.melee").modifiers:has("attached_artillery"))
  T.truthy(rules.require("phalanx.melee").modifiers:has("field_defences"))
  T.truthy(rules.require("phalanx.command").activation_modifiers:has("detachment"))
  local plain = instance({})
  T.eq(plain.require("phalanx.melee").modifiers:has("attached_artillery"), false, "no leak into another instance")
end)

---------------------------------------------------------------------------
-- Recovery of R and RR results

T.case("Recovery: cancelling one accumulated -1 (RA: two R/RR; IF: one R, an RR counting two)", function()
  local recovery = require("phalanx.options.recovery")
  local d = { army_class = "RA", accumulated_r = 2, accumulated_rr = 0 }
  T.eq(recovery.cancel_one(d), true); T.eq({ d.accumulated_r, d.accumulated_rr }, { 0, 0 })
  d = { army_class = "RA", accumulated_r = 1, accumulated_rr = 1 }
  T.eq(recovery.cancel_one(d), true); T.eq({ d.accumulated_r, d.accumulated_rr }, { 0, 0 })
  d = { army_class = "RA", accumulated_r = 1, accumulated_rr = 0 }
  T.eq(recovery.cancel_one(d), false, "a single R is no whole -1 for RA")
  d = { army_class = "IF", accumulated_r = 0, accumulated_rr = 1 }
  T.eq(recovery.cancel_one(d), true); T.eq({ d.accumulated_r, d.accumulated_rr }, { 1, 0 })
end)

T.case("Recovery: an activated vignette not moving, fighting or shot at rallies; without the option it does not", function()
  for _, with in ipairs({ true, false }) do
    local rules = instance(with and { "recovery" } or {})
    local c1 = commander{ activate = function(G) return { { gid = group_of(G, 1, "h").gid, kind = "rally" } } end }
    local G = skirmish(rules, { { id = "h", class = "HIN", general = true, at = { 900, 200 } } },
      { { id = "e", class = "HIN", at = { 900, 1000 } } }, { values = { 3 }, c1 = c1 })
    G.D[G.by_vid[1].h].accumulated_r = 2
    rules.require("phalanx.turn").player_turn(G, 1)
    T.eq(G.D[G.by_vid[1].h].accumulated_r, with and 0 or 2, with and "with recovery" or "without")
  end
end)

---------------------------------------------------------------------------
-- Artillery

T.case("Artillery: amalgamated shoots to 4 on the Other row; none without the option", function()
  local bows = { id = "battery", class = "HIB", notes = "Amalgamated artillery, treated as HIB.", at = { 900, 200 } }
  local target = { { id = "t", class = "HIS", at = { 900, 420 } } }      -- 180mm: 2.25 widths
  local rules = instance({ "artillery" })
  local G = skirmish(rules, { bows }, target, { values = { 6 } })
  T.eq(G.D[G.by_vid[1].battery].artillery, "amalgamated")
  group_of(G, 1, "battery").activated = true
  rules.require("phalanx.turn").shooting_phase(G, 1)
  local shot = events(G, "shoot")[1]
  T.eq({ shot.score, shot.result }, { 7, "R" }, "6 +1 dense target = 7: Other row R (HIB row would be B/RR)")
  target = { { id = "t", class = "HIN", at = { 900, 480 } } }            -- 260mm: beyond HIB's 2
  G = skirmish(rules, { bows }, target)
  T.eq(#rules.require("phalanx.turn").shooting_targets(G, G.by_vid[1].battery), 1, "in range 4")
  local plain = instance({})
  G = skirmish(plain, { bows }, target)
  T.eq(G.D[G.by_vid[1].battery].artillery, nil)
  T.eq(#plain.require("phalanx.turn").shooting_targets(G, G.by_vid[1].battery), 0, "HIB shoot to 2")
end)

T.case("Artillery: a vignette with attached artillery gets -1 in melee", function()
  local rules = instance({ "artillery" })
  local G = skirmish(rules, { { id = "leg", class = "HIN", at = { 900, 300 } } },
    { { id = "d", class = "HIN", at = { 900, 340 } } }, { values = { 4 } })
  G.D[G.by_vid[1].leg].artillery = "attached"
  rules.require("phalanx.turn").melee_phase(G, 1)
  local m = events(G, "melee")[1]
  T.eq({ m.attacker_cf, m.defender_cf }, { 4, 5 })
end)

---------------------------------------------------------------------------
-- Field defences

T.case("Field defences: the defended vignette does not move; its attacker across the front gets -1", function()
  local rules = instance({ "field_defences" })
  local c1 = commander{ field_defences = function() return { "bows" } end }
  local G = skirmish(rules, { { id = "bows", class = "HIB", at = { 900, 300 } } },
    { { id = "horse", class = "HCC", at = { 900, 380 } } }, { values = { 4 }, c1 = c1 })
  local turn = rules.require("phalanx.turn")
  T.truthy(G.D[G.by_vid[1].bows].field_defences)
  turn.execute_order(G, group_of(G, 1, "bows"), { kind = "move", turn = 0, dist = 50 })
  local _, y = G.bf:pos(G.by_vid[1].bows)
  T.eq(y, 300.0, "an order to move is not carried out")
  -- the horse charges home and fights in its own turn: -1 for the stakes
  local hx, hy = G.bf:pos(G.by_vid[2].horse)
  turn.place(G, G.by_vid[2].horse, hx, 360)
  turn.melee_phase(G, 2)
  local m = events(G, "melee")[1]
  T.eq(m.attacker, G.by_vid[2].horse)
  T.eq({ m.attacker_cf, m.defender_cf }, { 4 + 2 - 1, 2 - 2 }, "HCC 4 +2 (HIB counts mounted a disadvantage) -1 stakes")
end)

T.case("Field defences: by scenario list, none without the option", function()
  local rules = instance({ "field_defences" })
  local battle = rules.require("phalanx.battle")
  local G = battle.skirmish{ rules = rules, dice = dice.forced{}, log = false,
    table = { terrain = "none", field_defences = { [1] = { "bows" } } },
    sides = { { vignettes = { { id = "bows", class = "HIB", at = { 900, 300 } } }, commander = commander() },
              { vignettes = { { id = "e", class = "HCC", at = { 900, 900 } } }, commander = commander() } } }
  T.truthy(G.D[G.by_vid[1].bows].field_defences)
  local plain = instance({})
  G = plain.require("phalanx.battle").skirmish{ rules = plain, dice = dice.forced{}, log = false,
    table = { terrain = "none", field_defences = { [1] = { "bows" } } },
    sides = { { vignettes = { { id = "bows", class = "HIB", at = { 900, 300 } } }, commander = commander() },
              { vignettes = { { id = "e", class = "HCC", at = { 900, 900 } } }, commander = commander() } } }
  T.eq(G.D[G.by_vid[1].bows].field_defences, nil)
end)

---------------------------------------------------------------------------
-- Detachments

T.case("Detachments: a detached wing leaves the line at +1 AP; without the option the line holds it", function()
  local function run(options)
    local rules = instance(options)
    local turn = rules.require("phalanx.turn")
    local G = skirmish(rules, {
      { id = "gen", class = "HIN", general = true, at = { 600, 150 } },
      { id = "wing", class = "HCC", part = "left", at = { 518, 150 } },
    }, { { id = "e", class = "HIN", at = { 900, 1000 } } })
    local g = group_of(G, 1, "wing")
    local order = { gid = g.gid, kind = "move", turn = 0, dist = 120, detach = true }
    local cost = turn.activation_cost(G, g, order)
    for _ = 1, 4 do turn.execute_order(G, g, order) end
    local _, y = G.bf:pos(G.by_vid[1].wing)
    return cost, y, g.detached == true
  end
  local cost, y, detached = run({ "detachments" })
  T.eq({ cost, detached }, { 2, true })
  T.near(y, 150 + 4 * 120, 1e-6, "four full moves away from the line")
  cost, y, detached = run({})
  T.eq({ cost, detached }, { 1, false })
  T.truthy(y < 150 + 4 * 120 and y > 150, "stopped within three frontages of the line")
end)

---------------------------------------------------------------------------
-- Issue #11: the commander's stakes, attached artillery

-- "Some troops had the historical use of static field defences such as
-- stakes": the default choice stakes the heavy foot shooters of the main
-- battle line, whatever the ruleset calls them (Phalanx HIB; Into Glory
-- Ride HIM: "Later armed with stakes").
T.case("Field defences: the commander's choice stakes Into Glory Ride's HIM as Phalanx's HIB", function()
  local horse = {
    { id = "h1", class = "HCC", at = { 300, 900 } }, { id = "h2", class = "HCC", at = { 500, 900 } },
    { id = "h3", class = "HCC", at = { 700, 900 } } }
  local rules = ruleset.load("into_glory_ride", { options = { "field_defences" } })
  local battle = rules.require("phalanx.battle")
  local G = battle.skirmish{ rules = rules, dice = dice.forced{}, log = false, table = { terrain = "none" },
    sides = { { vignettes = { { id = "line", class = "HIM", epoch = "III", at = { 900, 300 } } }, commander = "ai" },
              { vignettes = horse, commander = "ai" } } }
  T.truthy(G.D[G.by_vid[1].line].field_defences, "the HIM stand behind stakes")
  rules = instance({ "field_defences" })
  battle = rules.require("phalanx.battle")
  G = battle.skirmish{ rules = rules, dice = dice.forced{}, log = false, table = { terrain = "none" },
    sides = { { vignettes = { { id = "bows", class = "HIB", at = { 900, 300 } } }, commander = "ai" },
              { vignettes = horse, commander = "ai" } } }
  T.truthy(G.D[G.by_vid[1].bows].field_defences, "the HIB too")
end)

-- "The latter are those (generally smaller) weapons attached to foot
-- vignettes ... The vignette can shoot to 1 if attached": attached artillery
-- is for foot only, and it adds to the host's own shooting (an HIB with a
-- bolt thrower still shoots to 2 on its own HIB row).
T.case("Artillery: attached only to foot; the host keeps its own shooting", function()
  local rules = instance({ "artillery" })
  local turn = rules.require("phalanx.turn")
  -- HIB with attached artillery, target 2 widths ahead (beyond the artillery's 1)
  local G = skirmish(rules, { { id = "bows", class = "HIB", at = { 900, 200 } } },
    { { id = "t", class = "HIN", at = { 900, 380 } } }, { values = { 4 } })
  G.D[G.by_vid[1].bows].artillery = "attached"
  T.eq(#turn.shooting_targets(G, G.by_vid[1].bows), 1, "in its own range of 2")
  group_of(G, 1, "bows").activated = true
  turn.shooting_phase(G, 1)
  local shot = events(G, "shoot")[1]
  T.truthy(shot, "it shoots")
  T.eq({ shot.score, shot.table_result }, { 4, "R" }, "4 on the HIB row: R (the Other row would give H)")
  -- attached artillery on horse: refused
  local battle = rules.require("phalanx.battle")
  T.raises(function()
    battle.skirmish{ rules = rules, dice = dice.forced{}, log = false,
      table = { terrain = "none", artillery = { [1] = { horse = "attached" } } },
      sides = { { vignettes = { { id = "horse", class = "HCC", at = { 900, 300 } } }, commander = commander() },
                { vignettes = { { id = "e", class = "HIN", at = { 900, 900 } } }, commander = commander() } } }
  end, "foot", "attached artillery on a mounted vignette")
end)
