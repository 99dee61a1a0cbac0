-- The sieges module's Historicon v2 adapter: the option `sieges` of a
-- Historicon scenario. Historicon has no siege rules: this is our documented
-- adaptation of WRG 1973's "SIEGE" pages to Historicon's terms (labelled so,
-- docs/modules/sieges.md "Historicon"). Played: fortifications (walled
-- towns: walls, towers, gates, palisades as sections whose parapets stop
-- moves; troops on the wall walk) and escalade. Not played here: works,
-- rams, mining, fire, caltrops, ships, and a commander that besieges (the
-- default Historicon commander does not go for ladders: scenarios and tests
-- hand the ladders out).
--
-- READINGS (Historicon's terms):
--   * a turn is a period; a unit with scaling ladders (`unit.siege.ladders`,
--     2 figures a ladder) touching a wall or palisade from outside erects them
--     at the end of the movement phases and climbs them at the end of the
--     next turn's: to contact with defenders on the walk, or onto the empty
--     walk (a footing);
--   * melee, Table 4 style (dice per 4 figures): escaladers without a
--     footing -1 die per 4 figures (WRG: "escaladers count shieldless"),
--     defenders on the wall fighting them +1 die per 4 (WRG: "their
--     opponents count in cover"; Historicon's nearest factor, higher ground);
--   * escaladers who recoil (Historicon's recoil is WRG's push back) have
--     their ladders cast down and come down them; escaladers whose
--     defenders recoil, break or are gone get a footing.
local SC = require("modules.sieges.wrg.scenario")
local ST = require("modules.sieges.wrg.state")
local forts = require("modules.sieges.fortifications")
local materials = require("modules.sieges.materials")

local A = { id = "sieges", title = "Sieges: walled towns and escalade (adapted from WRG 1973)",
            rule = "WRG 1973 SIEGE, adapted to Historicon" }

local RULE = "WRG 1973 SIEGE: FIGHTING INSIDE FORTIFICATIONS (adapted)"

local function units_of(G)
  local out = {}
  for s = 1, 2 do for _, uid in ipairs(G.sides[s].units) do out[#out + 1] = uid end end
  table.sort(out)
  return out
end

-- The siege state: G.sieges as in WRG (ST.init reads G.pieces.sieges); ST's
-- questions iterate G.all, which Historicon does not keep: it is the units
-- of both sides in id order.
local function init(G)
  if G.sieges ~= nil then return G.sieges end
  G.all = G.all or units_of(G)
  return ST.init(G)
end

local function live(d) return d and not d.gone and not d.broken end

local function locate(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if not d.gone and not G.bf:unit(uid).removed then d.siege_on = ST.on_section(G, uid) else d.siege_on = nil end
  end
end

local function climb(G, uid, sec, record)
  local d = G.D[uid]
  local k = d.siege
  local defenders = ST.units_on(G, sec.index, 3 - d.side)
  local _, _, f = G.bf:pos(uid)
  local want = forts.facing_in(sec)
  if math.abs(((f - want + 180) % 360) - 180) > 0.5 then G.bf:move(uid, "turn", ((want - f + 180) % 360) - 180) end
  G.bf:move(uid, "advance", sec.thickness + (#defenders > 0 and 0 or 1), { ignore_terrain = true })
  record(G, uid, "climb")
  if #defenders > 0 then
    k.escalading = true
    if G.log then G.bf:log("siege_escalade", { unit = uid, section = sec.index, what = "climbs to the defenders" }) end
  else
    k.footing = true
    if G.log then G.bf:log("siege_escalade", { unit = uid, section = sec.index, what = "footing" }) end
  end
end

local function climb_down(G, uid, sec, record)
  local ox, oy = forts.outward(sec)
  local deepest = -math.huge
  for _, c in ipairs(ST.corners(G, uid)) do
    deepest = math.max(deepest, -((c[1] - sec.from[1]) * ox + (c[2] - sec.from[2]) * oy))
  end
  if deepest <= -0.5 then return end
  G.bf:move(uid, "slide", ox * (deepest + 1), oy * (deepest + 1), { ignore_terrain = true })
  record(G, uid, "climb")
end

-- After the movement phases: ladders erected, climbed.
local function ladders(G, turn, record)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local k = d.siege
    if live(d) and k and (k.ladders or 0) > 0 and not k.footing and not k.escalading then
      local sec
      for _, t in ipairs(ST.touching_from_outside(G, uid)) do
        local s2 = G.sieges.forts.sections[t.index]
        if forts.blocks(s2) and materials.ladder_reaches(s2.kind) then sec = s2; break end
      end
      if not sec then k.ladder_up = nil
      elseif not k.ladder_up or k.ladder_up.section ~= sec.index then
        if not turn.in_contact(G, uid) then
          k.ladder_up = { section = sec.index, since = G.turn }
          if G.log then G.bf:log("siege_ladder", { unit = uid, section = sec.index, what = "erected" }) end
        end
      elseif k.ladder_up.since < G.turn and not turn.in_contact(G, uid) then
        climb(G, uid, sec, record)
      end
    end
  end
end

-- After the combat phase: cast down or a footing.
local function after_combat(G, record)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local k = d.siege
    if k and k.escalading then
      local sec = k.ladder_up and G.sieges.forts.sections[k.ladder_up.section]
      if d.gone or d.broken or (d.recoils or 0) > (k.recoils_before or 0) then
        if G.log then G.bf:log("siege_ladder", { unit = uid, what = "cast down" }) end
        if not d.gone and sec then climb_down(G, uid, sec, record) end
        k.escalading, k.ladder_up = false, nil
      elseif sec and #ST.units_on(G, sec.index, 3 - d.side) == 0 then
        k.escalading, k.footing = false, true
        if G.log then G.bf:log("siege_escalade", { unit = uid, section = sec.index, what = "footing" }) end
      end
    end
    if k then k.recoils_before = d.recoils or 0 end
  end
end

function A.apply(rules)
  local req = rules.require
  local setup = req("historicon.setup")
  local turn = req("historicon.turn")
  local melee = req("historicon.melee")
  local referee = req("historicon.referee")
  local record = require("lib.manoeuvre").record

  local given, place = setup.given_terrain, setup.place_terrain
  function setup.given_terrain(S, list, where)
    local rest, spec = SC.read(list, where, ST.MM)
    local pieces = given(S, rest, where)
    pieces.sieges = spec
    return pieces
  end
  function setup.place_terrain(bf, pieces)
    place(bf, pieces)
    if pieces.sieges then SC.place(bf, pieces.sieges) end
  end

  local phase3, phase5, phase6 = turn.phase3, turn.phase5, turn.phase6
  function turn.phase3(G)
    phase3(G)
    if init(G) then locate(G); ladders(G, turn, record); locate(G) end
  end
  function turn.phase5(G)
    if init(G) then locate(G) end
    phase5(G)
  end
  function turn.phase6(G)
    phase6(G)
    if init(G) then after_combat(G, record); locate(G) end
  end

  melee.modifiers:add({ id = "siege_escalading", rule = RULE,
    text = "escaladers on their ladders, no footing (WRG: shieldless)",
    when = function(c) return c.unit.siege ~= nil and c.unit.siege.escalading == true end,
    add = function(c) return -c.per4 end })
  melee.modifiers:add({ id = "siege_defending_wall", rule = RULE,
    text = "on the wall fighting escaladers (WRG: in cover)",
    when = function(c) return c.unit.siege_on ~= nil and c.enemy.siege ~= nil and c.enemy.siege.escalading == true end,
    add = function(c) return c.per4 end })

  -- the referee: a climb is the wall walk's depth and a centimetre
  local allowance = referee.allowance
  function referee.allowance(G, uid, kind)
    if kind == "climb" then return forts.KINDS.tower.thickness + 10 end
    return allowance(G, uid, kind)
  end
end

return A
