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
  function host.units(G)
    local out = {}
    for s = 1, 2 do for _, uid in ipairs(G.sides[s].units) do out[#out + 1] = uid end end
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
  integrity.modifiers:add({ id = "fantasy_hero", rule = A.rule, text = "a hero with the unit, as a rash general (" .. LABEL .. ")",
    when = function(c) return c.unit.traits ~= nil and c.unit.traits.hero == true and not c.unit.general end, add = 2 })
  shooting.modifiers:add({ id = "fantasy_elves", rule = A.rule, text = "elves warp probability (" .. LABEL .. ")",
    when = function(c) return c.shooter.traits ~= nil and c.shooter.traits.warped_probability == true end,
    add = function(c) return c.per4 end })
  melee.modifiers:add({ id = "fantasy_hero", rule = A.rule, text = "a hero with the unit, as a rash general (" .. LABEL .. ")",
    when = function(c) return c.unit.traits ~= nil and c.unit.traits.hero == true and not c.unit.general end,
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
