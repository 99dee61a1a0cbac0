-- The sieges module's Historicon v2 adapter: the option `sieges` of a
-- Historicon scenario. Historicon has no siege rules: this is our documented
-- adaptation of WRG 1973's "SIEGE" pages to Historicon's terms (labelled so,
-- docs/modules/sieges.md "Historicon"). Played: fortifications (walled
-- towns: walls, towers, gates, palisades as sections whose parapets stop
-- moves; troops on the wall walk), escalade, rams and breaches, the town as
-- an objective, and a commander that besieges and defends
-- (modules.sieges.commander_historicon). Not played here: construction,
-- mining, fire, caltrops, ships.
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
--     defenders recoil, break or are gone get a footing;
--   * rams (WRG DESTRUCTION): a ram party (`unit.siege.ram`) touching a gate,
--     wall or tower from outside, not in contact with the enemy, works at the
--     end of the turn (after Phase 6) with its figures, 6 at most ("4 to 6
--     figures can carry a ram"): figure/periods = figures x hours a turn
--     stands for (the scenario's hours_per_period). "10 figure/periods are
--     required to break down a fort door", "30 ... to breach a stone
--     curtain wall with a ram, 40 to render a tower untenable"; a gate
--     broken down or a wall breached no longer stops moves (the breach, the
--     generic module's: its parapet opens); "Any defending figures on the
--     90mm section or the tower at the time of the collapse are lost": a
--     unit standing on a breached wall or untenable tower is lost (its
--     victory points deducted as a unit broken); "A tower rendered
--     untenable ... placing a breach card on the wall adjacent";
--   * no march across the diagonal in a siege (Time scale and battle
--     readiness): the defender is in its town (the terrain throw still lets
--     the winner remove or swap pieces that are not the town's);
--   * the town as an objective (the scenario's `objective`, victory
--     points): at the turn limit the side holding the town (the besieger
--     if it has troops inside or on the walls and the defender none, else
--     the defender) adds them to what it has left, and both sides' starting
--     totals count them, before the shares are compared (battle.on_points).
local SC = require("modules.sieges.wrg.scenario")
local ST = require("modules.sieges.wrg.state")
local forts = require("modules.sieges.fortifications")
local works = require("modules.sieges.works")
local materials = require("modules.sieges.materials")
local CMD = require("modules.sieges.commander_historicon")

local A = { id = "sieges", title = "Sieges: walled towns, escalade, rams and breaches (adapted from WRG 1973)",
            rule = "WRG 1973 SIEGE, adapted to Historicon" }

local RULE = "WRG 1973 SIEGE: FIGHTING INSIDE FORTIFICATIONS (adapted)"

-- ST's questions iterate G.all, which Historicon does not keep: the units
-- of both sides in id order, renewed when units have been added (the
-- deployment comes after the siege state is built).
local function refresh_all(G)
  local n = #G.sides[1].units + #G.sides[2].units
  if G.all and #G.all == n then return end
  local out = {}
  for s = 1, 2 do for _, uid in ipairs(G.sides[s].units) do out[#out + 1] = uid end end
  table.sort(out)
  G.all = out
end

-- The siege state: G.sieges as in WRG (ST.init reads G.pieces.sieges).
local function init(G)
  local S = ST.init(G)
  if S then refresh_all(G) end
  return S
end
A.init = init

local function live(d) return d and not d.gone and not d.broken end

-- Who stands on a section (d.siege_on): on its walk by ST.on_section, and
-- with its centre inside the ring of outer faces (the walks are inside it:
-- by a corner, a base outside may pass the other face's test).
local function locate(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if not d.gone and not G.bf:removed(uid) and ST.inside(G, uid) then
      d.siege_on = ST.on_section(G, uid)
    else
      d.siege_on = nil
    end
  end
end
A.locate = locate

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
    if G.report then G.report(string.format("  %s climb their ladders to the defenders on the %s (section %d)", d.name, sec.kind, sec.index)) end
  else
    k.footing = true
    if G.log then G.bf:log("siege_escalade", { unit = uid, section = sec.index, what = "footing" }) end
    if G.report then G.report(string.format("  %s climb onto the empty %s (section %d): a footing", d.name, sec.kind, sec.index)) end
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
          if G.report then G.report(string.format("  %s erect %d scaling ladders against the %s (section %d)", d.name, k.ladders, sec.kind, sec.index)) end
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
      -- a unit whose whole base is past the wall walk (carried in by a
      -- pursuit) is off its ladders: inside, a footing
      local past = false
      if sec and not d.gone then
        local ox, oy = forts.outward(sec)
        local shallowest = math.huge
        for _, c in ipairs(ST.corners(G, uid)) do
          shallowest = math.min(shallowest, -((c[1] - sec.from[1]) * ox + (c[2] - sec.from[2]) * oy))
        end
        past = shallowest > sec.thickness
      end
      if past then
        k.escalading, k.footing = false, not d.broken
        if G.log then G.bf:log("siege_escalade", { unit = uid, section = sec.index, what = "inside" }) end
      elseif d.gone or d.broken or (d.recoils or 0) > (k.recoils_before or 0) then
        if G.log then G.bf:log("siege_ladder", { unit = uid, what = "cast down" }) end
        if G.report then G.report(string.format("  %s: their ladders are cast down", d.name)) end
        if not d.gone and sec then climb_down(G, uid, sec, record) end
        k.escalading, k.ladder_up = false, nil
      elseif sec and #ST.units_on(G, sec.index, 3 - d.side) == 0 then
        k.escalading, k.footing = false, true
        if G.log then G.bf:log("siege_escalade", { unit = uid, section = sec.index, what = "footing" }) end
        if G.report then G.report(string.format("  %s gain a footing on the %s (section %d)", d.name, sec.kind, sec.index)) end
      end
    end
    if k then k.recoils_before = d.recoils or 0 end
  end
end

-- "Any defending figures on the 90mm section or the tower at the time of
-- the collapse are lost": the unit is lost, its victory points deducted as
-- a unit broken (Phase 7).
local function collapse(G, turn, i)
  for _, uid in ipairs(ST.units_on(G, i, G.sieges.defender)) do
    local d = G.D[uid]
    if not d.gone then
      d.broken, d.lost, d.figures = true, true, 0
      G.bf:set_strength(uid, 0)
      turn.say(G, "    %s is lost in the collapse of the %s", d.name, G.sieges.forts.sections[i].kind)
      turn.deduct(G, d, "lost in the collapse")
      turn.helpers.remove_unit(G, d, "lost in the collapse of the wall")
    end
  end
end

-- WRG DESTRUCTION, read in Historicon turns: a ram party batters what it
-- touches (its target first) at the end of the turn.
local function rams(G, turn)
  local S = G.sieges
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    local k = d.siege
    if G.over then return end
    if live(d) and k and k.ram and not G.bf:removed(uid) and not turn.in_contact(G, uid) then
      local touch = ST.touching_from_outside(G, uid)
      for n, t in ipairs(touch) do
        if t.index == k.target and n > 1 then table.remove(touch, n); table.insert(touch, 1, t); break end
      end
      for _, t in ipairs(touch) do
        local sec = S.forts.sections[t.index]
        if forts.blocks(sec) and works.may_destroy(forts.KINDS[sec.kind].destroy, "ram") then
          local fp = works.output{ figures = math.min(d.figures, materials.CARRY.ram.max), hours = S.hours }
          local result = forts.batter(S.forts, sec.index, "ram", fp)
          if G.log then G.bf:log("siege_work", { unit = uid, section = sec.index, tool = "ram", fp = fp,
                                                 done = sec.job.done_fp, need = sec.job.need }) end
          turn.say(G, "  %s batter the %s (section %d) with a ram: %g figure/periods, %g of %g.", d.name, sec.kind,
            sec.index, fp, sec.job.done_fp, sec.job.need)
          if result then
            if sec.kind ~= "gate" and sec.kind ~= "palisade" then collapse(G, turn, sec.index) end
            ST.set_state(G, sec.index, result, "battered by the ram")
            ST.breach_beside_tower(G, sec.index, result, function(a) collapse(G, turn, a) end)
          end
          break
        end
      end
    end
  end
end
A.rams = rams

-- Who holds the town at the count: the besieger if it has troops inside
-- or on the walls and the defender none, else the defender.
function A.holder(G)
  local S = G.sieges
  local function holds(side)
    for _, uid in ipairs(G.sides[side].units) do
      local d = G.D[uid]
      if live(d) and not G.bf:removed(uid) and (ST.inside(G, uid) or ST.on_section(G, uid)) then return true end
    end
    return false
  end
  if holds(S.besieger) and not holds(S.defender) then return S.besieger end
  return S.defender
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

  -- the town's pieces survive the terrain throw's removals (they are not
  -- in the list the throw chooses from)
  local apply_changes = setup.apply_terrain_changes
  function setup.apply_terrain_changes(pieces, changes)
    local out, done = apply_changes(pieces, changes)
    out.sieges = pieces.sieges
    return out, done
  end
  -- no march across the diagonal in a siege: the defender is in its town
  local battle = req("historicon.battle")
  local siege_battle = false
  local run = battle.run
  function battle.run(ctx)
    siege_battle = false
    local t = ctx.scenario and ctx.scenario.table and ctx.scenario.table.terrain
    if type(t) == "table" then
      for _, p in ipairs(t) do if type(p) == "table" and SC.TYPES[p.type] then siege_battle = true end end
    end
    return run(ctx)
  end
  local terrain_roll = setup.terrain_roll
  function setup.terrain_roll(dice)
    local winner, scores, march = terrain_roll(dice)
    if siege_battle and march then
      march = false
    end
    return winner, scores, march
  end
  -- the town as an objective: its points to the holder at the turn limit
  local on_points = battle.on_points
  function battle.on_points(G)
    local S = G.sieges
    local obj = S and S.spec.siege.objective
    if not obj or not S.besieger then return on_points(G) end
    local holder = A.holder(G)
    local share = {}
    for s = 1, 2 do
      local side = G.sides[s]
      share[s] = (side.vp + (holder == s and obj or 0)) / (side.vp_start + obj)
    end
    if G.report then turn.say(G, "%s holds the town: %d objective points.", G.sides[holder].name, obj) end
    if math.abs(share[1] - share[2]) < 1e-9 then return nil, share end
    return share[1] > share[2] and 1 or 2, share
  end

  local phase1, phase3, phase5, phase6 = turn.phase1, turn.phase3, turn.phase5, turn.phase6
  function turn.phase1(G)
    if init(G) then locate(G) end
    phase1(G)
  end
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
    if init(G) then after_combat(G, record); locate(G); rams(G, turn); locate(G) end
  end

  melee.modifiers:add({ id = "siege_escalading", rule = RULE,
    text = "escaladers on their ladders, no footing (WRG: shieldless)",
    when = function(c) return c.unit.siege ~= nil and c.unit.siege.escalading == true end,
    add = function(c) return -c.per4 end })
  melee.modifiers:add({ id = "siege_defending_wall", rule = RULE,
    text = "on the wall fighting escaladers (WRG: in cover)",
    when = function(c) return c.unit.siege_on ~= nil and c.enemy.siege ~= nil and c.enemy.siege.escalading == true end,
    add = function(c) return c.per4 end })

  -- Table 3 in a siege (our adaptation): shooters on the wall walk are on
  -- higher ground than troops below ("+1 die per 4 figures if on higher
  -- ground than the Target"); troops on the walk behind the parapet are in
  -- cover (WRG: "count in cover"; Historicon has no cover factor: read as its
  -- nearest, the -1 die per 4 figures of heavy armour)
  local shooting = req("historicon.shooting")
  shooting.modifiers:add({ id = "siege_from_wall", rule = RULE,
    text = "shooting from the wall walk at troops below (higher ground)",
    when = function(c) return c.shooter.siege_on ~= nil and c.target.siege_on == nil end,
    add = function(c) return c.per4 end })
  shooting.modifiers:add({ id = "siege_target_behind_parapet", rule = RULE,
    text = "target on the wall walk behind the parapet (WRG: in cover)",
    when = function(c) return c.target.siege_on ~= nil and c.shooter.siege_on == nil end,
    add = function(c) return -c.per4 end })

  CMD.install(rules, { turn = turn, troops = req("historicon.troops"), shooting = req("historicon.shooting") })

  -- the referee: a climb up is the wall walk's depth; a climb down (ladders
  -- cast down) brings back a unit whose rear is still on the walk, so at
  -- most the walk's depth and its own; and a centimetre
  local allowance = referee.allowance
  function referee.allowance(G, uid, kind)
    if kind:match("^climb") then return forts.KINDS.tower.thickness + G.bf:unit(uid).depth + 10 end
    return allowance(G, uid, kind)
  end
end

return A
