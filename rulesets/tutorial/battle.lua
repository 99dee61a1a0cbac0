-- Skirmish of Spears: the battle engine. §3 The table and deployment,
-- §6 The turn (move, shoot, melee), §7 Victory.
--
-- THE CONTRACT with the engine. scripts/lib/battle.lua (behind `sandtable
-- battle` and `sandtable sim`) loads the rules and the armies, then calls
--   battle.run(ctx)
-- with
--   ctx.rules       the loaded ruleset (ctx.rules.require gives its modules)
--   ctx.scenario    the scenario: .table (our own keys: size), .locate
--   ctx.armies      { army1, army2 } as armies.load returned them, checked
--   ctx.commanders  { "ai" | module name | table, ... } (nil: our default)
--   ctx.dice        the battle's dice source: EVERY roll goes through it
--   ctx.turns       the turn limit
--   ctx.report      function(line) for the readable account, or nil (quiet)
--   ctx.log         false: keep no event log (thousands of trials)
--   ctx.turn_ended  function(bf, turn), or nil: call it at each turn's end
-- and expects back
--   { bf, winner = 1 | 2 | nil, reason, turns, losses = { {class = n}, {class = n} } }
local battlefield = require("sandtable.battlefield")
local fail = require("lib.fail")
local account = require("lib.account")
local manoeuvre = require("lib.manoeuvre")
local referee = require("lib.referee")
local troops = require("tutorial.troops")
local combat = require("tutorial.combat")
local armies = require("tutorial.armies")

local battle = {}
local BW = troops.BW

-- The readable account and the event log. Both are optional, so both go
-- through a helper that does nothing when they are off (lib.account).
local say, log = account.say, account.log
local function label(G, id) local d = G.bf:data(id); return d.name .. " (" .. d.class .. ")" end

-- §3 The table: `table: { size: 20x15 }` in base widths (the default).
local function table_size(scenario)
  local spec = scenario.table or {}
  local where = scenario.locate and scenario.locate("/table") or "table"
  for key in pairs(spec) do
    if key ~= "size" then fail("%s: unknown key '%s' (Skirmish of Spears reads only size)", where, key) end
  end
  local w, d = tostring(spec.size or "20x15"):match("^(%d+)x(%d+)$")
  if not w then fail("%s: size must be WIDTHxDEPTH in base widths, such as 20x15", where) end
  return tonumber(w) * BW, tonumber(d) * BW
end

-- A commander: our default AI, a module name, or a table with order/target.
local function commander(ctx, spec)
  local req = ctx.rules and ctx.rules.require or require
  if spec == nil or spec == "ai" then return req("tutorial.ai") end
  if type(spec) == "string" then return req(spec) end
  return spec
end

-- §3 Deployment: each army in one line, in list order from its own left,
-- 2 BW from its table edge, one BW between bases. Side 1 faces north.
local function deploy(G, side, army)
  local units = armies.units(army)
  local width, depth = G.bf:size()
  local facing = side == 1 and 0 or 180            -- degrees, 0 = north, counter-clockwise
  local pitch = 2 * BW
  for i, u in ipairs(units) do
    local c = troops.classes[u.class]
    local offset = (i - (#units + 1) / 2) * pitch  -- from the centre, to the army's right
    local x = width / 2 + (side == 1 and offset or -offset)
    local y = side == 1 and (2 * BW + c.depth / 2) or (depth - 2 * BW - c.depth / 2)
    G.bf:add_unit{ side = side, name = u.name, label = u.class, x = x, y = y, facing = facing,
      width = BW, depth = c.depth,
      data = { side = side, name = u.name, class = u.class, hits = 0,
               move = c.move, melee = c.melee, range = c.range } }
  end
  G.total[side] = #units
end

local function enemies_touching(G, id)
  return G.bf:query{ of = id, within = 0.5, enemy = true }
end

-- A unit is broken: off the table, counted for §7.
local function break_unit(G, id, cause)
  local d = G.bf:data(id)
  say(G, "    %s is BROKEN", label(G, id))
  log(G, "broken", { unit = id, cause = cause })
  G.bf:remove(id)
  G.losses[d.side][d.class] = (G.losses[d.side][d.class] or 0) + 1
  G.lost[d.side] = G.lost[d.side] + 1
end

-- §6.1 Movement. A unit touching an enemy stays put; any other unit does
-- what its commander orders. Moving into contact with an enemy is a charge.
local function move_unit(G, turn, id)
  if #enemies_touching(G, id) > 0 then return end
  local d = G.bf:data(id)
  local order = G.commanders[d.side].order(G, id)
  if not order then return end
  -- Face the target (a turn about the centre), then go straight ahead.
  local x, y, facing = G.bf:pos(id)
  local tx, ty = G.bf:pos(order.toward)
  local want = math.deg(math.atan(-(tx - x), ty - y))
  local delta = (want - facing + 180) % 360 - 180
  if math.abs(delta) > 0.01 then G.bf:move(id, "turn", delta) end
  local moved = G.bf:move(id, "advance", math.min(order.distance or math.huge, d.move * BW))
  manoeuvre.record(G, id, "move")   -- tells the referee what kind of move this was
  local hit = moved.stopped_by
  if type(hit) == "number" and G.bf:data(hit).side ~= d.side then
    d.charged = turn
    say(G, "  %s charges %s", label(G, id), label(G, hit))
    log(G, "charge", { units = { id }, target = hit })
  elseif moved.distance > 0 then
    say(G, "  %s moves %.1f BW", label(G, id), moved.distance / BW)
    log(G, "move", { units = { id }, distance = moved.distance })
  end
end

-- §5 Shooting. Every bow not in melee shoots at an enemy in range, in its
-- front arc and not in melee. All shots are rolled first and take effect
-- together (shooting is simultaneous).
local function shooting(G)
  local hits = {}
  for _, id in ipairs(G.bf:units()) do
    local d = G.bf:data(id)
    if d.range > 0 and #enemies_touching(G, id) == 0 then
      local targets = {}
      for _, t in ipairs(G.bf:query{ of = id, within = d.range * BW, enemy = true, arc = 45 }) do
        if #enemies_touching(G, t.id) == 0 then targets[#targets + 1] = t end
      end
      local target = #targets > 0 and G.commanders[d.side].target(G, id, targets)
      if target then
        local range = G.bf:distance(id, target) / BW
        local out = combat.shoot(d, G.bf:data(target), range, G.dice)
        say(G, "  %s shoots at %s", label(G, id), label(G, target))
        for _, l in ipairs(out.explanation) do say(G, "    %s", l) end
        log(G, "shoot", { shooter = id, target = target, range = range, die = out.die, score = out.score,
                          result = out.result, terms = out.terms })
        if out.hit then hits[#hits + 1] = target end
      end
    end
  end
  for _, target in ipairs(hits) do
    if not G.bf:unit(target).removed then
      local t = G.bf:data(target)
      t.hits = t.hits + 1
      if t.hits >= troops.hits_to_break then break_unit(G, target, "shooting") end
    end
  end
end

-- §4 Melee. Every pair of enemies in contact fights once. The unit that
-- charged this turn attacks; otherwise the lower id (a reading: the rules
-- need someone to roll). §4.3: a recoiling unit falls back 1 BW.
local function side_situation(G, me, foe, turn)
  local d = G.bf:data(me)
  return { charging = d.charged == turn, flank = G.bf:contact(me, foe) ~= "front",
           army_lost = G.lost[d.side] / G.total[d.side] }
end

local function melee(G, turn)
  for _, a in ipairs(G.bf:units()) do
    local touching = G.bf:unit(a).removed and {} or enemies_touching(G, a)
    for _, t in ipairs(touching) do
      local b = t.id
      local pair = math.min(a, b) .. "-" .. math.max(a, b)
      if not G.fought[pair] and not G.bf:unit(a).removed and not G.bf:unit(b).removed
         and G.bf:distance(a, b) <= 0.5 then
        G.fought[pair] = true
        local att, def = a, b
        if G.bf:data(b).charged == turn and G.bf:data(a).charged ~= turn then att, def = b, a end
        local situation = { attacker = side_situation(G, att, def, turn), defender = side_situation(G, def, att, turn) }
        local out = combat.melee(G.bf:data(att), G.bf:data(def), situation, G.dice)
        say(G, "  %s fights %s", label(G, att), label(G, def))
        for _, l in ipairs(out.explanation) do say(G, "    %s", l) end
        log(G, "melee", { attacker = att, defender = def, attacker_cf = out.attacker_factor,
          defender_cf = out.defender_factor, difference = out.difference, die = out.die,
          attacker_result = out.attacker_result, defender_result = out.defender_result,
          attacker_terms = out.attacker_terms, defender_terms = out.defender_terms })
        for _, r in ipairs({ { att, out.attacker_result, def }, { def, out.defender_result, att } }) do
          local id, result, foe = r[1], r[2], r[3]
          if result == "breaks" then
            break_unit(G, id, "melee")
          elseif result == "recoils" then
            -- straight back, away from the enemy it fought (which must not stop it)
            local moved = manoeuvre.recoil(G, id, BW, { from = { foe } })
            local back, blocker = moved.distance, moved.blocked_by
            say(G, "    %s recoils %.1f BW%s", label(G, id), back / BW,
              type(blocker) == "number" and (", stopped by " .. label(G, blocker)) or "")
            log(G, "recoil", { unit = id, distance = back, stopped_by = blocker })
          end
        end
      end
    end
  end
end

-- §7 Victory: an army with half its units (or more) broken has lost.
local function victory(G)
  local beaten = {}
  for s = 1, 2 do beaten[s] = G.lost[s] * 2 >= G.total[s] end
  if beaten[1] and beaten[2] then return nil, "both armies broken" end
  if beaten[1] then return 2, "half of " .. G.names[1] .. " broken" end
  if beaten[2] then return 1, "half of " .. G.names[2] .. " broken" end
  return nil, nil
end

function battle.run(ctx)
  local scenario = ctx.scenario or {}
  local width, depth = table_size(scenario)
  local G = {
    bf = battlefield.new{ width = width, depth = depth, keep_events = ctx.log ~= false },
    BW = BW, dice = ctx.dice, report = ctx.report, log = ctx.log ~= false,
    commanders = { commander(ctx, ctx.commanders and ctx.commanders[1]),
                   commander(ctx, ctx.commanders and ctx.commanders[2]) },
    names = { ctx.armies[1].fields.name, ctx.armies[2].fields.name },
    total = {}, lost = { 0, 0 }, losses = { {}, {} },
  }
  if G.log then G.bf:record_rolls(ctx.dice) end   -- every roll becomes a 'roll' event
  G.bf:set_time(0, "setup")
  deploy(G, 1, ctx.armies[1])
  deploy(G, 2, ctx.armies[2])
  referee.watch(ctx, G)   -- with `--referee`: check every phase from here on
  say(G, "SKIRMISH OF SPEARS: %s (south) against %s (north), a table of %d x %d BW",
    G.names[1], G.names[2], width // BW, depth // BW)

  -- §6: each side rolls a d6 (again on a tie); the higher moves first in
  -- odd turns, the other side in even turns.
  local rolls
  repeat
    rolls = { G.dice:roll(6, "who moves first, side 1"), G.dice:roll(6, "who moves first, side 2") }
  until rolls[1] ~= rolls[2]
  local first = rolls[1] > rolls[2] and 1 or 2
  say(G, "%s moves first in odd turns (%d against %d).", G.names[first], rolls[first], rolls[3 - first])
  log(G, "first_move", { side = first, scores = rolls })

  local winner, reason
  local turn = 0
  while turn < (ctx.turns or 10) and not reason do
    turn = turn + 1
    G.fought = {}
    say(G, "")
    say(G, "=== Turn %d ===", turn)
    G.bf:set_time(turn, "move")
    for _, side in ipairs(turn % 2 == 1 and { first, 3 - first } or { 3 - first, first }) do
      say(G, "%s moves:", G.names[side])
      for _, id in ipairs(G.bf:units(side)) do move_unit(G, turn, id) end
    end
    G.bf:set_time(turn, "shoot")
    say(G, "Shooting:")
    shooting(G)
    G.bf:set_time(turn, "melee")
    say(G, "Melee:")
    melee(G, turn)
    if ctx.turn_ended then ctx.turn_ended(G.bf, turn) end
    winner, reason = victory(G)
  end
  reason = reason or "turn limit"
  G.bf:set_time(turn, "end")
  log(G, "victory", { winner = winner, reason = reason, turns = turn })
  say(G, "")
  say(G, winner and ("VICTORY to " .. G.names[winner] .. ": " .. reason) or ("No victor: " .. reason))
  return { bf = G.bf, winner = winner, reason = reason, turns = turn, losses = G.losses, army_names = G.names }
end

return battle
