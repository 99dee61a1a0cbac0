-- The fantasy module in Phalanx: the option a scenario switches on with
-- `options: [fantasy]`. Phalanx has no flyers, magic or saints; everything
-- here is OUR ADAPTATION of WRG 1973 Appendix IV, labelled "(fantasy
-- module, our adaptation for Phalanx)" in the account; the readings are
-- tabled in docs/modules/fantasy.md.
--
--   distances   100 paces = 1 vignette width (as the weather module's
--               Phalanx adapter): a spell's reach and a zone of sanctity 1
--               width, a dragon's flight 200 paces = 2 widths (a CAT
--               vignette moves 1), crows' 160 paces 1.6 widths
--   a period    one game turn: the module's period starts before the first
--               player turn's activation (states run down, zones, spells)
--   activation  a flight is the flyer's move order: it costs what Phalanx's
--               activation table charges a move order, and the commander's
--               order decides whether it flies (a move or a charge order:
--               it flies at the nearest enemy; landed within charge reach,
--               the order is played as Phalanx plays it). A spell costs no
--               activation points: magic is not an order (the magician
--               casts at the period's start, before activation)
--   results     "disorganised" (spell 10's sneeze, spell 8's brawl, elves
--               near a saint) is the H result: it cannot move in its side's
--               next turn; spell 5 (+3) lifts a halt; spell 6 (-3) is one
--               die, 1-3 an H; stone and invisible turn a result on the
--               unit into "-" (invisible: the result one step milder, B to
--               RR to R to H to -); a unit that cannot fight inflicts "-";
--               TROLLS turn to stone on an H, Phalanx's own "halt" result
--   mired       spell 12 halves a foot vignette's move, quarters a mounted
--   removed     banished, vanished or gone to the 12th plane: broken (the
--               host's victory conditions count it)
--   reaction    Phalanx has none: a "reaction total" minus for others
--               (saint -1, hostile huns) is +1 activation point for the
--               link, a plus (Moslem saint +3, warrior saint) -1
--   out of control  (dwarves and dragons at elves, saints homing) the
--               initiative table's "Charge the nearest enemy, taking any
--               amount of turns to do so", at the target
--   not played  the dragon's flame (a class decides whether a vignette
--               shoots; giants' boulders are attached artillery under the
--               optional ARTILLERY), heroes and magic swords (no reaction,
--               no weapons), martyrs' points (no points)
local Hb = require("modules.fantasy.adapted.battle")
local beasts = require("modules.fantasy.adapted.beasts")
local saints = require("modules.fantasy.adapted.saints")
local K = require("modules.fantasy.adapted.common")
local flight = require("modules.fantasy.adapted.flight")
local S = require("modules.fantasy.states")
local army = require("modules.fantasy.phalanx.army")
local mplan = require("modules.fantasy.adapted.magician_plan")
local haters = require("modules.fantasy.adapted.elf_haters")
local theology = require("modules.fantasy.adapted.theology")
local Mn = require("lib.manoeuvre")

local A = {
  id = "fantasy",
  title = "Fantasy: WRG 1973 Appendix IV (our adaptation for Phalanx)",
  rule = "WRG 1973 APPENDIX IV, adapted for Phalanx (docs/modules/fantasy.md)",
}
local LABEL = "fantasy module, our adaptation for Phalanx"

-- Results from the worst to nothing: invisible's "count disorganised".
local MILDER = { B = "RR", RR = "R", R = "H", H = "-", ["-"] = "-" }

function A.host(rules)
  local R = rules.require
  local turn = R("phalanx.turn")
  local troops = R("phalanx.troops")
  local host = { title = "Phalanx", loss_word = "halt results", none = "-" }
  function host.halve(r) return MILDER[r] or r end
  function host.mm(G, paces) return paces / 100 * G.S.frontage end
  function host.units(G)
    local out = {}
    for s = 1, 2 do for _, uid in ipairs(G.sides[s].units) do out[#out + 1] = uid end end
    return out
  end
  function host.live(G, uid) return not G.D[uid].broken end
  function host.remove(G, uid, why)
    if G.D[uid].broken then return end
    turn.break_unit(G, uid, why .. " (" .. LABEL .. ")")
  end
  host.stone = function(G, uid) host.remove(G, uid, "turned permanently to stone") end
  function host.disorder(G, uid)
    local d = G.D[uid]
    d.halt = G.pturn
    if G.report then G.report(string.format("    %s is halted: it cannot move in its side's next turn (%s)", d.name, LABEL)) end
  end
  function host.test(G, uid, add, why)
    local d = G.D[uid]
    if add > 0 then
      if d.halt and G.report then G.report(string.format("    %s is steadied: its halt is lifted (%s, %s)", d.name, why, LABEL)) end
      d.halt = nil
      return
    end
    local die = G.dice:roll(6, "fantasy " .. why .. ": does " .. d.name .. " falter")
    if G.report then G.report(string.format("    %s throws %d for %s (1-3: halted; %s)", d.name, die, why, LABEL)) end
    if G.log then G.bf:log("fantasy", { what = "spell_test", unit = uid, die = die }) end
    if die <= 3 then host.disorder(G, uid) end
  end
  function host.brawl(G, uid) host.disorder(G, uid); return 1 end
  function host.in_contact(G, uid) return (turn.in_contact(G, uid)) end
  function host.shoots(G, uid) local d = G.D[uid]; return troops.shooting_range(d.class, d) > 0 end
  function host.charge_reach(G, uid) return G.D[uid].move_good end
  function host.record(G, uid, kind) turn.record(G, uid, kind) end
  function host.moved(G, uid) turn.sync(G, uid) end
  -- READING: a magician linked to other vignettes stays with his link
  -- (Phalanx: "Linking is permanent")
  -- DRAGONS' appetite: "kill any [elephant]": READING the elephant
  -- vignette is broken (a vignette is the smallest thing Phalanx loses)
  -- MOSLEM SAINTS: "wounded": R and RR results taken
  function host.wounds(G, uid) local d = G.D[uid]; return (d.accumulated_r or 0) + (d.accumulated_rr or 0) end
  function host.is_elephant(G, uid) return troops.groups.EL[G.D[uid].class] == true end
  function host.kill_elephant(G, by, uid) host.remove(G, uid, "killed and eaten by " .. G.D[by].name) end
  -- BASILISK: a vignette's gaze holds "one figure" of the vignette in front
  function host.gaze_figures() return 1 end
  function host.may_fly(G, uid) return #G.groups[G.D[uid].gid].ids == 1 end
  function host.on_state(G, uid, name, on)
    -- invisible: the shooting queries skip a set of ids (turn/shooting.lua)
    if S.KINDS[name].untargetable then A.unseen(G) end
  end
  -- Results: "R or RR into friends within half the move" is a B; a result
  -- made milder (invisible) is put to that test again, as the table's own
  -- result was (a B the combat gave for friends behind stays a B when its
  -- RR is made an R).
  local repulse_moves = R("phalanx.tables").repulse_moves
  local function into_friends(G, uid, opp, r)
    if r ~= "R" and r ~= "RR" then return r end
    local k = turn.friends_behind(G, uid, opp)
    if k and k <= repulse_moves[r] / 2 then return "B" end
    return r
  end
  -- a shot's result: reversed, stone, invisible, trolls' halt
  function host.shot_lands(G, by, at, r)
    at, r = Hb.shot_lands(G, by, at, r)
    if r ~= "-" and S.flag(G.D[at].fx, "untargetable") then r = MILDER[r] end
    -- a shot's repulse goes straight back (turn/results.lua: from
    -- shooting, no opponent); the combat judged "into friends" along the
    -- shooter's facing, which differs when the shooter touches the
    -- target's flank or rear (crows hovering there): judged again the way
    -- the vignette will move
    r = into_friends(G, at, nil, r)
    if r == "H" and beasts.turn_to_stone(G, at) then r = "-" end
    return at, r
  end
  -- both results of a melee: what each side's blows do to the other
  function host.blow_lands(G, a, b, ra, rb)
    local rb0, ra0 = rb, ra
    rb = Hb.blow_lands(G, a, b, rb)
    ra = Hb.blow_lands(G, b, a, ra)
    if rb ~= rb0 then rb = into_friends(G, b, a, rb) end
    if ra ~= ra0 then ra = into_friends(G, a, b, ra) end
    if ra == "H" and beasts.turn_to_stone(G, a) then ra = "-" end
    if rb == "H" and beasts.turn_to_stone(G, b) then rb = "-" end
    return ra, rb
  end
  return host
end

-- The ids no shot may aim at (invisible), or nil.
function A.unseen(G)
  local set
  for s = 1, 2 do
    for _, uid in ipairs(G.sides[s].units) do
      local d = G.D[uid]
      if not d.broken and S.flag(d.fx, "untargetable") then set = set or {}; set[uid] = true end
    end
  end
  G.unseen_targets = set
end

-- TAME CROWS carry their side's messages while any of them is on the
-- table (d.fx_crows on every vignette of that side; activation reads it).
function A.crows(G)
  for s = 1, 2 do
    local has = false
    for _, uid in ipairs(G.sides[s].units) do
      if not G.D[uid].broken and K.has(G.D[uid], "messengers") then has = true end
    end
    for _, uid in ipairs(G.sides[s].units) do G.D[uid].fx_crows = has or nil end
  end
end

-- Each vignette's creature, from the army its side fielded (a skirmish has
-- none: tests attach theirs).
function A.attach_creatures(G)
  for s = 1, 2 do
    local a = G.sides[s].army
    if a and a.fields then
      local own = army:army_creatures({ add = function() end }, a.fields)
      local by_vid = {}
      for _, rec in ipairs(a.fields.vignettes or {}) do
        local f = type(rec) == "table" and rec.fields
        if f and f.id and f.creature then by_vid[f.id] = own[f.creature] or army.index[f.creature] end
      end
      for _, uid in ipairs(G.sides[s].units) do
        local d = G.D[uid]
        if by_vid[d.vid] then Hb.attach(d, by_vid[d.vid]) end
      end
    end
  end
end

function A.start(G, host)
  A.attach_creatures(G)
  -- GIANTS "toss boulders 100 paces; counting as ... a small stone throwing
  -- engine": with Phalanx's optional ARTILLERY on, attached artillery (it
  -- "can shoot to 1", the Other row; -1 in melee)
  if G.artillery then
    for s = 1, 2 do for _, uid in ipairs(G.sides[s].units) do
      local d = G.D[uid]
      if d.traits and d.traits.boulders and not d.artillery then d.artillery = "attached" end
    end end
  end
  -- a flyer flies alone: one linked to others moves with its link
  for _, g in ipairs(G.groups) do
    if #g.ids > 1 then for _, uid in ipairs(g.ids) do G.D[uid].flies = nil end end
  end
  Hb.start(G, host)
end

function A.apply(rules)
  local R = rules.require
  local turn = R("phalanx.turn")
  local shooting = R("phalanx.shooting")
  local referee = R("phalanx.referee")
  local host = A.host(rules)
  turn.phases:add({ id = "fantasy", label = "fantasy", rule = A.rule,
    run = function(G)
      if not G.fantasy then A.start(G, host) end
      if G.fantasy.period ~= G.turn then
        G.fantasy.period = G.turn
        Hb.period_start(G)
        A.crows(G)
      end
      A.unseen(G)
    end }, { before = "activation" })
  -- DRAGONS and DWARVES out of control at elves (elf_haters.lua): READING
  -- Phalanx's own loss of control, the initiative table's "Charge the
  -- nearest enemy, taking any amount of turns to do so", at the elves;
  -- whatever order the link was given, or none
  local charge0 = turn.charge
  local function out_of_control(G, g)
    if #g.ids == 0 or turn.group_halted(G, g) or turn.group_in_contact(G, g) then return false end
    for _, uid in ipairs(g.ids) do
      -- MOSLEM SAINTS: saints in a discussion home on each other (the same charge)
      local other = theology.homes_on(G, uid)
      if other then
        charge0(G, g, other, turn.turn_towards(G, g, other), { any_turn = true })
        return true
      end
      local elf = haters.quarry(G, uid)
      if elf and haters.goes_out_of_control(G, uid, elf) then
        charge0(G, g, elf, turn.turn_towards(G, g, elf), { any_turn = true })
        return true
      end
    end
    return false
  end
  local initiative_phase = turn.initiative_phase
  turn.initiative_phase = function(G, side)
    if G.fantasy then
      for _, gid in ipairs(G.sides[side].groups) do
        local g = G.groups[gid]
        if not g.activated and not G.over and out_of_control(G, g) then g.activated = true end
      end
    end
    return initiative_phase(G, side)
  end
  -- a group's order: held by stone, sleep, a forgotten order, ents not
  -- roused; a flyer's move or charge order is its flight
  local execute_order = turn.execute_order
  turn.execute_order = function(G, g, order)
    if G.fantasy and out_of_control(G, g) then return end
    -- DRAGONS "will stick to their first order until they forget it ...
    -- they will not only not obey the new orders, but will eat the
    -- messenger": READING, a dragon that has forgotten (adapted/dragons.lua)
    -- obeys no activation order (the points paid are lost) and acts on the
    -- initiative table, Phalanx's vignettes without orders
    if G.fantasy and #g.ids == 1 and G.D[g.ids[1]].fx_forgot then
      local d = G.D[g.ids[1]]
      if G.report then G.report(string.format("  %s will not obey new orders -- and eats the messenger (%s)", d.name, LABEL)) end
      if G.log then G.bf:log("fantasy", { what = "dragon_eats_messenger", unit = g.ids[1] }) end
      g.did = { kind = "hold" }
      return
    end
    if G.fantasy and #g.ids > 0 and (order.kind == "move" or order.kind == "charge") then
      for _, uid in ipairs(g.ids) do
        local d = G.D[uid]
        if d.fx and (S.flag(d.fx, "no_move") or S.flag(d.fx, "no_orders") or beasts.ents_hold(G, uid)) then
          if G.report then G.report(string.format("  %s stands (%s; %s)", d.name, S.flag(d.fx, "no_move") and "cannot move"
            or S.flag(d.fx, "no_orders") and "has forgotten its orders" or "ents not roused", LABEL)) end
          g.did = { kind = "hold" }
          return
        end
      end
      local d = G.D[g.ids[1]]
      if #g.ids == 1 and d.flies and not turn.group_halted(G, g) and not turn.group_in_contact(G, g) then
        if flight.move(G, g.ids[1]) then g.did = { kind = "fly", turn = 0, dist = 0 }; return end
      end
    end
    return execute_order(G, g, order)
  end
  -- a charge on the initiative table ("Charge the nearest enemy ..."): a
  -- flyer's charge is its flight at the nearest enemy, landing to charge
  -- (READING: it must land before charging into melee)
  local charge = turn.charge
  turn.charge = function(G, g, target, turn_deg, opts)
    local d = #g.ids == 1 and G.D[g.ids[1]]
    if G.fantasy and d and d.flies and flight.move(G, g.ids[1]) then g.did = { kind = "fly", turn = 0, dist = 0 }; return end
    return charge(G, g, target, turn_deg, opts)
  end
  -- spell 12: "as if climbing steep hill": foot half, mounted a quarter
  local move_group0 = turn.move_group
  local function move_group(G, g, turn_deg, dist, opts)
    if G.fantasy then
      for _, uid in ipairs(g.ids) do
        local d = G.D[uid]
        if d.fx and S.flag(d.fx, "steep_hill") then
          local mv = turn.allowances(G, g, turn_deg or 0)
          local mounted = R("phalanx.troops").classes[d.class].general == "MOUNTED"
          dist = math.min(dist or mv, mv / (mounted and 4 or 2))
        end
      end
    end
    return move_group0(G, g, turn_deg, dist, opts)
  end
  -- SAINT: "unnatural beasts such as Dragons will not enter this zone of
  -- sanctity": a landed dragon's move on the ground stops short of it
  turn.move_group = function(G, g, turn_deg, dist, opts)
    local beast = false
    for _, uid in ipairs(g.ids) do if G.fantasy and K.has(G.D[uid], "unnatural") then beast = true end end
    if not beast then return move_group(G, g, turn_deg, dist, opts) end
    local start = {}
    for i, uid in ipairs(g.ids) do start[i] = { uid, G.bf:pos(uid) } end
    local full = dist or turn.allowances(G, g, turn_deg or 0)
    local a, b, c, e
    saints.keep_out_of_zone(G, g.ids, function(k)
      a, b, c, e = move_group(G, g, turn_deg, full * k, opts)
      return a
    end, function()
      for _, s in ipairs(start) do turn.place(G, s[1], s[2], s[3], s[4]) end
    end)
    return a, b, c, e
  end
  -- A magician's plan (adapted/magician_plan.lua): the default commander's
  -- orders, and first of them a move order that brings a magician alone in
  -- his link within reach of a worthwhile target (it costs what the
  -- activation table charges; the other orders follow while points last).
  -- Held within reach, he takes no order (a hold would buy nothing).
  local ai = R("phalanx.ai")
  local activate = ai.activate
  ai.activate = function(G, side, points)
    local orders = activate(G, side, points)
    if not G.fantasy then return orders end
    -- a dragon that has forgotten its orders eats the messenger: the
    -- default commander sends none (it acts on the initiative table)
    -- (and a saint alone in his link with his own magician in his zone
    -- stands: the magician walks out of it; magician_plan.saint_stands)
    local sent = {}
    for _, o in ipairs(orders) do
      local g = G.groups[o.gid]
      local one = g and #g.ids == 1 and g.ids[1]
      if not (one and (G.D[one].fx_forgot or mplan.saint_stands(G, one))) then sent[#sent + 1] = o end
    end
    orders = sent
    for _, gid in ipairs(G.sides[side].groups) do
      local g = G.groups[gid]
      local d = #g.ids == 1 and G.D[g.ids[1]]
      if d and K.has(d, "magician") and not d.broken and not turn.group_in_contact(G, g)
          and not turn.group_halted(G, g) then
        local goal = mplan.goal(G, g.ids[1])
        if goal then
          local kept = {}
          for _, o in ipairs(orders) do if o.gid ~= gid then kept[#kept + 1] = o end end
          orders = kept
          if goal.advance > 0 then
            local x, y, f = G.bf:pos(g.ids[1])
            local a = Mn.norm(Mn.heading(goal.x - x, goal.y - y) - f)
            local _, tr = turn.allowances(G, g, 0)
            a = math.max(-tr, math.min(tr, a))
            local mv = turn.allowances(G, g, a)
            -- hook: planned as the commander plans its advances (no point paid for a move a friend stops)
            local order = ai.plan_advance(G, g, a, math.min(mv, goal.advance))
            if order and turn.activation_cost(G, g, order) <= points then
              table.insert(orders, 1, order)
              ai.remember_move(G, g, order)
            end
          end
        end
      end
    end
    return orders
  end
  -- SAINT "reducing their reaction totals by 1 when they come within 100
  -- paces"; GOBLINS AND ORCS on wolves: the enemy "count them as "hostile
  -- huns" for reaction" (WRG's -1, within 150 paces). Phalanx has no
  -- reaction test: READING, its nearest is what the link's command costs,
  -- +1 activation point for a link with a vignette abashed, +1 for one
  -- near hostile huns (the flags adapted/saints.lua and adapted/beasts.lua
  -- set at the period's start)
  local command = R("phalanx.command")
  local function any(link, field)
    for _, v in ipairs(link) do if v[field] then return true end end
    return false
  end
  command.activation_modifiers:add({ id = "fantasy_saint_abashes", rule = A.rule,
    text = "a vignette within 100 paces of an enemy saint (" .. LABEL .. ")",
    when = function(c) return any(c.link, "fx_abashed") end, add = 1 })
  command.activation_modifiers:add({ id = "fantasy_hostile_huns", rule = A.rule,
    text = "hostile huns (orcs on giant wolves) within 150 paces (" .. LABEL .. ")",
    when = function(c) return any(c.link, "fx_huns") end, add = 1 })
  -- TAME CROWS "can carry messages for their master": READING, a side with
  -- tame crows on the table pays nothing for "line of sight from the
  -- General's vignette is blocked" (the crows fly over what blocks it)
  command.activation_modifiers:add({ id = "fantasy_crows_carry_messages", rule = A.rule,
    text = "tame crows carry the General's message over what blocks his sight (" .. LABEL .. ")",
    when = function(c) return c.s.line_of_sight_blocked and any(c.link, "fx_crows") end, add = -1 })
  -- MOSLEM SAINTS "add 3 to the reaction totals of all troops of their own
  -- side within 150 paces", a WARRIOR SAINT near +1 (adapted/theology.lua):
  -- READING, as the saint's -1 above, -1 activation point for the link
  command.activation_modifiers:add({ id = "fantasy_exhorted", rule = A.rule,
    text = "a Moslem or warrior saint of its side within 150 paces (" .. LABEL .. ")",
    when = function(c) return any(c.link, "fx_exhort") end, add = -1 })
  -- BASILISK: a vignette with a figure held in stone fights at -1
  R("phalanx.melee").modifiers:add({ id = "fantasy_basilisk_gaze", rule = A.rule,
    text = "a figure held in stone by a basilisk's gaze (" .. LABEL .. ")",
    when = function(c) return (c.me.fx_gazed or 0) > 0 end, add = -1 })
  -- ELVES: "Their shooting random factor is always plus": +1 on the die
  shooting.modifiers:add({ id = "fantasy_elves", rule = A.rule, text = "elves warp probability (" .. LABEL .. ")",
    when = function(c) return c.shooter.traits ~= nil and c.shooter.traits.warped_probability == true end, add = 1 })
  -- the referee's allowances: a flight, a magician's (spell 2)
  local allowance = referee.allowance
  referee.allowance = function(G, uid, kind)
    local base = kind:match("^([^#]+)") or kind
    if base == "fly" then return host.mm(G, G.D[uid].flies or 0) end
    if base == "spell_flight" then return host.mm(G, 100) end
    return allowance(G, uid, kind)
  end
end

return A
