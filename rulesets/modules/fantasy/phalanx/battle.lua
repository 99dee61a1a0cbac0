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
--   not played  missiles of creatures (a class decides whether a vignette
--               shoots in Phalanx: the dragon's flame, giants' boulders),
--               reaction modifiers (saints' -1, heroes; Phalanx has no
--               reaction test), magic swords
local Hb = require("modules.fantasy.adapted.battle")
local beasts = require("modules.fantasy.adapted.beasts")
local saints = require("modules.fantasy.adapted.saints")
local K = require("modules.fantasy.adapted.common")
local flight = require("modules.fantasy.adapted.flight")
local S = require("modules.fantasy.states")
local army = require("modules.fantasy.phalanx.army")

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
  function host.may_fly(G, uid) return #G.groups[G.D[uid].gid].ids == 1 end
  function host.on_state(G, uid, name, on)
    -- invisible: the shooting queries skip a set of ids (turn/shooting.lua)
    if S.KINDS[name].untargetable then A.unseen(G) end
  end
  -- a shot's result: reversed, stone, invisible, trolls' halt
  function host.shot_lands(G, by, at, r)
    at, r = Hb.shot_lands(G, by, at, r)
    if r ~= "-" and S.flag(G.D[at].fx, "untargetable") then r = MILDER[r] end
    if r == "H" and beasts.turn_to_stone(G, at) then r = "-" end
    return at, r
  end
  -- both results of a melee: what each side's blows do to the other
  function host.blow_lands(G, a, b, ra, rb)
    rb = Hb.blow_lands(G, a, b, rb)
    ra = Hb.blow_lands(G, b, a, ra)
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
      end
      A.unseen(G)
    end }, { before = "activation" })
  -- a group's order: held by stone, sleep, a forgotten order, ents not
  -- roused; a flyer's move or charge order is its flight
  local execute_order = turn.execute_order
  turn.execute_order = function(G, g, order)
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
