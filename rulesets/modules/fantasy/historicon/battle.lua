-- The fantasy module in Historicon v2: the option a scenario switches on
-- with `options: [fantasy]`. Historicon has no rules for flyers, magic or
-- saints; its own text gives only the fantasy army composition (the army
-- checker's). Everything here is OUR ADAPTATION of WRG 1973 Appendix IV,
-- labelled "(fantasy module, our adaptation for Historicon)" in the
-- account; the readings are tabled in docs/modules/fantasy.md.
--
--   distances   one pace is 1 mm at 25mm, scaled as the ruleset scales its
--               ranges (tables.scale_factor), as the weather module's
--               Historicon adapter: 100 paces = 10 cm, a dragon's flight
--               200 paces = 20 cm (twice a knight's 10 cm move)
--   a period    one Historicon turn (the module's period starts before the
--               initiative throw: states run down, zones, spells)
--   reaction    the integrity test (2D6): spells 5 and 6 are an immediate
--               integrity test +3 / -3; a saint's unit takes none; an enemy
--               saint within 100 paces -1; "halt 2 periods" (trolls turn to
--               stone) is the RECOIL result, Historicon's middle one
--   disorganised  disordered
--   missiles    a creature that shoots (dragon's flame, giants' boulders)
--               throws one die per figure it shoots as, at its range in
--               paces (flame 40 = 4 cm, boulders 100 = 10 cm), on Table 3
--   elves       "shooting random factor always plus": +1 shooting die per 4
--               figures (a Table 3 entry's form)
--   hero        with his unit "as if a rash general": the General's +2 on
--               integrity and +1 melee die per 4 figures (Table 4)
--   stone       troops turned permanently to stone leave the battle: they
--               count as a broken unit for victory points and are taken
--               off (Historicon's bases do not stand as terrain)
--   removed     a unit banished, vanished or gone to the 12th plane counts
--               as a broken unit for victory points
local Hb = require("modules.fantasy.adapted.battle")
local beasts = require("modules.fantasy.adapted.beasts")
local saints = require("modules.fantasy.adapted.saints")
local S = require("modules.fantasy.states")
local army = require("modules.fantasy.historicon.army")
local mplan = require("modules.fantasy.adapted.magician_plan")

local A = {
  id = "fantasy",
  title = "Fantasy: WRG 1973 Appendix IV (our adaptation for Historicon)",
  rule = "WRG 1973 APPENDIX IV, adapted for Historicon (docs/modules/fantasy.md)",
}
local LABEL = "fantasy module, our adaptation for Historicon"

-- The creature of a unit of a checked army (its record's `creature`,
-- looked up in the army's own declarations, then the pack), or nil.
function A.creature_of(armies, s, unit_id)
  local a = armies and armies[s]
  if not a or not a.fields then return nil end
  for _, rec in ipairs(a.fields.units or {}) do
    local f = type(rec) == "table" and rec.fields
    if f and f.id == unit_id and f.creature then
      local own = army:army_creatures({ add = function() end }, a.fields)
      return own[f.creature] or army.index[f.creature]
    end
  end
  return nil
end

function A.host(rules)
  local R = rules.require
  local tables = R("historicon.tables")
  local turn = R("historicon.turn")
  local troops = R("historicon.troops")
  local melee = R("historicon.melee")
  local shooting = R("historicon.shooting")
  local Mn = require("lib.manoeuvre")
  local H = turn.helpers
  local host = { title = "Historicon", loss_word = "hits", none = 0 }
  function host.halve(n) return n // 2 end
  function host.mm(G, paces) return paces * tables.scale_factor[G.S.scale] end
  -- Every unit, by id (the order the module's period goes through them:
  -- who throws first for a dragon's forgetting, which magician casts
  -- first). Not side 1 first: the same army deploying first keeps its
  -- numbers whichever side it is, so a period in side order handed one
  -- dragon the first throw as side 1 and the second as side 2 (the mirror
  -- test, historicon/tests/mirror_test.lua, chaos warhost seed 3).
  -- SPEED: kept while no unit is added (the module asks for it a dozen
  -- times a period and for every plan of the commander's). A side's list
  -- only grows (battle.lua's add_unit; deployment sorts it in place, which
  -- leaves the same ids), so the same lengths mean the same ids; the list
  -- handed out is only read (every caller walks it with ipairs).
  function host.units(G)
    local n1, n2 = #G.sides[1].units, #G.sides[2].units
    local kept = G.fantasy_units
    if kept and kept.n1 == n1 and kept.n2 == n2 then return kept.list end
    local out = {}
    for s = 1, 2 do for _, uid in ipairs(G.sides[s].units) do out[#out + 1] = uid end end
    table.sort(out)
    G.fantasy_units = { n1 = n1, n2 = n2, list = out }
    return out
  end
  function host.live(G, uid) local d = G.D[uid]; return not d.gone and not d.broken end
  function host.remove(G, uid, why)
    local d = G.D[uid]
    if d.gone then return end
    H.deduct(G, d, why)
    H.remove_unit(G, d, why)
    if G.report then G.report(string.format("    %s is gone: %s (%s)", d.name, why, LABEL)) end
  end
  host.stone = function(G, uid) host.remove(G, uid, "turned permanently to stone") end
  function host.disorder(G, uid) G.D[uid].disordered = true end
  function host.test(G, uid, add, why)
    local d = G.D[uid]
    d.fx_test_add = add
    turn.test(G, uid, { "fantasy_" .. why:gsub(" ", "_") }, turn.contacts(G, uid))
    d.fx_test_add = nil
  end
  function host.brawl(G, uid)
    local d = G.D[uid]
    local pools = melee.fight_split(d, { { enemy = d, id = uid, situation = {} } }, G.dice, false)
    local hits = pools[1] and pools[1].hits or 0
    H.record_hits(G, uid, uid, hits)
    return hits
  end
  function host.in_contact(G, uid) return turn.in_contact(G, uid) end
  function host.shoots(G, uid) return shooting.range(G.D[uid], G.S.scale) ~= nil end
  function host.charge_reach(G, uid) return G.D[uid].move end
  function host.record(G, uid, kind) if G.referee then Mn.record(G, uid, turn.kind_of(G, uid, kind)) end end
  -- DRAGONS' appetite: "kill any [elephant]": one EI model, READING 5
  -- hits (Historicon counts "each EI model as 5 figures")
  -- MOSLEM SAINTS: "wounded": hits taken
  function host.wounds(G, uid) return G.D[uid].hits or 0 end
  function host.is_elephant(G, uid) return G.D[uid].class == "EI" end
  function host.kill_elephant(G, by, uid)
    H.record_hits(G, by, uid, troops.organisation.elephant_figures)
  end
  -- BASILISK: the basilisks of its front rank look (Table 2's figures that
  -- fight); each holds one figure
  function host.gaze_figures(G, uid) return troops.front_rank_figures(G.D[uid]) end
  -- Out of control (DRAGONS and DWARVES at elves) and a dragon without
  -- orders: Historicon's own loss of control, the UNCONTROLLED ADVANCE
  -- (optional rule: "must move toward the nearest enemy unit ... wheeling,
  -- turning and breaking the 10cm rule to do so"), at the elf or at the
  -- nearest enemy, its full move, into contact if it reaches (a charge)
  function host.out_of_control(G, uid, target)
    local d = G.D[uid]
    local x, y, f = G.bf:pos(uid)
    local ex, ey = G.bf:pos(target)
    local rel = Mn.norm(Mn.heading(ex - x, ey - y) - f)
    turn.do_move(G, uid, { turn = math.abs(rel) > 1 and rel or nil, advance = d.move, charge = target }, { free = true })
    return true
  end
  function host.without_orders(G, uid)
    for _, q in ipairs(G.bf:query{ of = uid, within = 1e9, enemy = true }) do
      if host.live(G, q.id) and (G.D[q.id].altitude or 0) == 0 then
        if G.report then G.report(string.format("  %s, without orders, advances uncontrolled on the nearest enemy (%s)", G.D[uid].name, LABEL)) end
        return host.out_of_control(G, uid, q.id)
      end
    end
    return false
  end
  -- spell 12 "as if climbing steep hill": READING, WRG's difficult going,
  -- moves halved for foot and quartered for mounted troops
  function host.on_state(G, uid, name, on)
    local d = G.D[uid]
    if not S.KINDS[name].steep_hill then return end
    if on and not d.fx_move then
      d.fx_move = d.move
      d.move = d.move / (troops.is_mounted(d) and 4 or 2)
    elseif not on and d.fx_move then
      d.move, d.fx_move = d.fx_move, nil
    end
  end
  return host
end

function A.apply(rules)
  local R = rules.require
  local battle = R("historicon.battle")
  local turn = R("historicon.turn")
  local tables = R("historicon.tables")
  local integrity = R("historicon.integrity")
  local shooting = R("historicon.shooting")
  local melee = R("historicon.melee")
  local referee = R("historicon.referee")
  local troops = R("historicon.troops")
  local host = A.host(rules)

  -- the battle keeps its armies (each unit's creature is read from them)
  local new_state = battle.new_state
  battle.new_state = function(ctx)
    local G = new_state(ctx)
    G.fantasy_armies = ctx.armies
    return G
  end
  local unit_spec = battle.unit_spec
  battle.unit_spec = function(G, s, u)
    local spec = unit_spec(G, s, u)
    local decl = A.creature_of(G.fantasy_armies, s, u.id)
    if decl then Hb.attach(spec, decl) end
    return spec
  end
  -- the module's period: before the turn's initiative
  local play = turn.play
  turn.play = function(G)
    if not G.fantasy then Hb.start(G, host) end
    Hb.period_start(G)
    if G.over then return end
    return play(G)
  end
  -- SAINT: "unnatural beasts such as Dragons will not enter this zone of
  -- sanctity": a landed dragon's move on the ground stops short of it
  -- The default commander (historicon.ai) keeps its demons within 100
  -- paces of their black magician: their move is cut short where it would
  -- take them out of his reach (a commander's sense, not a rule: another
  -- commander may let them go to the 12th plane).
  local ai = R("historicon.ai")
  -- A magician's plan (adapted/magician_plan.lua): the default commander
  -- brings its magician within reach of a worthwhile target and holds him
  -- there (a unit in contact, or rallying, keeps the commander's plan); a
  -- saint with his own magician in his zone stands.
  local intent = R("historicon.commander.intent")
  local plan_of = ai.plan
  ai.plan = function(G, uid)
    local p = plan_of(G, uid)
    local d = G.D[uid]
    if not G.fantasy or not d.traits or (p and p.rally) or turn.in_contact(G, uid) then return p end
    if mplan.saint_stands(G, uid) then return nil end
    if not d.traits.magician then return p end
    local goal = mplan.goal(G, uid)
    if not goal then return p end
    if goal.advance <= 0 then return nil end
    -- held up last turn (a friend in his way, his own saint standing):
    -- round it, as the commander's light troops go
    local ex, ey = goal.x, goal.y
    if (d.stuck or 0) >= 1 then ex, ey = intent.way_round(G, uid, ex, ey) end
    return turn.steer(G, uid, ex, ey, goal.advance)
  end
  local move = turn.move
  turn.move = function(G, uid, plan, opts)
    local d = G.D[uid]
    local unnatural = G.fantasy and d.traits and d.traits.unnatural
    local demon = G.fantasy and d.traits and d.traits.demon and G.sides[d.side].commander == ai
    if not (unnatural or demon) then return move(G, uid, plan, opts) end
    local x0, y0, f0 = G.bf:pos(uid)
    local function part(k)
      local p = {}
      for key, v in pairs(plan) do p[key] = v end
      p.advance = (plan.advance or 0) * k
      return move(G, uid, p, opts)
    end
    local function back() G.bf:place(uid, x0, y0, f0) end
    if demon then
      return (saints.cut_short(G, { uid }, function(u) return not beasts.materialised(G, u) end, part, back))
    end
    return saints.keep_out_of_zone(G, { uid }, part, back)
  end
  -- SAINT: "He does not have to take reaction tests."
  local test = turn.test
  turn.test = function(G, uid, reasons, opps)
    local d = G.D[uid]
    if G.fantasy and d.traits and d.traits.no_reaction_tests and not d.gone and not d.broken then
      if G.report then G.report(string.format("    %s takes no integrity test (a saint; %s)", d.name, LABEL)) end
      return "pass"
    end
    return test(G, uid, reasons, opps)
  end
  -- SAINT "If killed, he is removed from the field, but promoted to be a
  -- Martyr ... counts 125 points to his own side on totalling up" (a
  -- warrior saint 150): READING, Historicon totals victory points lost: a
  -- saint's unit lost gives its side the points a broken unit would have
  -- cost it (its deduction counts the other way)
  local victory = R("historicon.victory")
  local break_deduction = victory.break_deduction
  victory.break_deduction = function(unit)
    local n = break_deduction(unit)
    if unit.traits and unit.traits.saint then return -n end
    return n
  end
  -- TROLLS: "halt 2 periods" is Historicon's middle result, the recoil
  local apply_result = turn.apply_result
  turn.apply_result = function(G, uid, result, reason, opps)
    if G.fantasy and result == "recoil" and beasts.turn_to_stone(G, uid) then return end
    return apply_result(G, uid, result, reason, opps)
  end
  -- a creature that shoots: its range in paces, one die per figure it
  -- shoots as (a dragon's flame "as 5 figures", a giant's boulders "as 3")
  local range = shooting.range
  shooting.range = function(unit, scale)
    if unit.fx_missile then return unit.fx_missile.paces * tables.scale_factor[scale] / 10 end
    return range(unit, scale)
  end
  local basic_dice = shooting.basic_dice
  shooting.basic_dice = function(unit, situation)
    if unit.fx_missile then return unit.fx_missile.figures, unit.fx_missile.figures end
    return basic_dice(unit, situation)
  end
  integrity.modifiers:add({ id = "fantasy_spell", rule = A.rule, text = "spell 5 or 6 (" .. LABEL .. ")",
    when = function(c) return c.unit.fx_test_add ~= nil end, add = function(c) return c.unit.fx_test_add end })
  integrity.modifiers:add({ id = "fantasy_saint_abashes", rule = A.rule,
    text = "an enemy saint within 100 paces (" .. LABEL .. ")",
    when = function(c) return c.unit.fx_abashed == true end, add = -1 })
  -- HERO and WARRIOR SAINT (rash_general): with his unit as a rash general
  local function rash(u) return u.traits ~= nil and (u.traits.hero == true or u.traits.rash_general == true) and not u.general end
  integrity.modifiers:add({ id = "fantasy_hero", rule = A.rule, text = "a hero or warrior saint with the unit, as a rash general (" .. LABEL .. ")",
    when = function(c) return rash(c.unit) end, add = 2 })
  -- HERO: "When operating alone, he counts plus 3 for his own reaction":
  -- READING alone as Historicon's "No friendly unit within 30cm"
  integrity.modifiers:add({ id = "fantasy_hero_alone", rule = A.rule,
    text = "a hero operating alone (" .. LABEL .. ")",
    when = function(c) return c.unit.traits ~= nil and c.unit.traits.hero == true and c.situation.no_friend_within_30cm == true end,
    add = 3 })
  -- MOSLEM SAINTS +3 to their own side within 150 paces; a WARRIOR SAINT
  -- near, +1 (adapted/theology.lua)
  integrity.modifiers:add({ id = "fantasy_exhorted", rule = A.rule,
    text = "a Moslem saint (+3) or a warrior saint (+1) of its side within 150 paces (" .. LABEL .. ")",
    when = function(c) return c.unit.fx_exhort ~= nil end, add = function(c) return c.unit.fx_exhort end })
  -- GOBLINS AND ORCS on wolves: "their enemy count them as "hostile huns"
  -- for reaction": WRG's -1 "Hostile Huns within 150 paces"
  integrity.modifiers:add({ id = "fantasy_hostile_huns", rule = A.rule,
    text = "hostile huns (orcs on giant wolves) within 150 paces (" .. LABEL .. ")",
    when = function(c) return c.unit.fx_huns == true end, add = -1 })
  -- DRAGONS "have the same reaction ... effects on elephants as do
  -- elephants on horses": READING WRG's -2 for enemy elephants within 150
  -- paces of a dragon (as the WRG adapter)
  integrity.modifiers:add({ id = "fantasy_dragon_dread", rule = A.rule,
    text = "elephants within 150 paces of a dragon (" .. LABEL .. ")",
    when = function(c) return c.unit.fx_dread == true end, add = -2 })
  -- Each Table 4 modifier here names the unit fields it reads (`reads`):
  -- the default commander then shares the charge values of units alike in
  -- them and in the rules' own fields (historicon/commander/charge_profiles.lua).
  -- A field read and not named would give a unit another's value: name
  -- every one.
  -- HERO: "if equipped with a magic sword ... he can count it as a
  -- two-handed axe whenever he wants to, provided no saint of either
  -- persuasion is near": READING, +1 melee die per 4 figures more (the
  -- axe's weight, in Table 4's form) while no saint is within 100 paces
  -- (d.fx_saint_near, adapted/saints.lua)
  melee.modifiers:add({ id = "fantasy_magic_sword", rule = A.rule,
    text = "the hero's magic sword as a two-handed axe (" .. LABEL .. ")",
    reads = { "traits.magic_sword", "fx_saint_near" }, -- (and per4: the rules' own fields)
    when = function(c) return c.unit.traits ~= nil and c.unit.traits.magic_sword == true and not c.unit.fx_saint_near end,
    add = function(c) return c.per4 end })
  -- BASILISK: figures held in stone do not fight: their melee dice are lost
  -- (never the last front-rank figure's)
  melee.modifiers:add({ id = "fantasy_basilisk_gaze", rule = A.rule,
    text = "figures held in stone by a basilisk's gaze (" .. LABEL .. ")",
    reads = { "fx_gazed" }, -- (and class, figures, ranks: the rules' own fields)
    when = function(c) return (c.unit.fx_gazed or 0) > 0 end,
    add = function(c)
      local front = troops.front_rank_figures(c.unit)
      local per = tables.troop_shared[c.unit.class].melee_dice.dice
      return -math.min(c.unit.fx_gazed, math.max(0, front - 1)) * per
    end })
  shooting.modifiers:add({ id = "fantasy_elves", rule = A.rule, text = "elves warp probability (" .. LABEL .. ")",
    when = function(c) return c.shooter.traits ~= nil and c.shooter.traits.warped_probability == true end,
    add = function(c) return c.per4 end })
  melee.modifiers:add({ id = "fantasy_hero", rule = A.rule, text = "a hero or warrior saint with the unit, as a rash general (" .. LABEL .. ")",
    reads = { "traits.hero", "traits.rash_general", "general" },
    when = function(c) return rash(c.unit) end,
    add = function(c) return c.per4 end })
  -- the referee's allowances: a flight ("fly 200 paces in a period") and a
  -- magician's (spell 2, "within 100 paces"), in this table's mm
  local allowance = referee.allowance
  referee.allowance = function(G, uid, kind)
    local base = kind:match("^([^#]+)") or kind
    if base == "fly" then return host.mm(G, G.D[uid].flies or 0) end
    if base == "spell_flight" then return host.mm(G, 100) end
    return allowance(G, uid, kind)
  end
end

return A
