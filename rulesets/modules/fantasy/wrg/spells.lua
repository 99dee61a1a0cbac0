-- WRG 1973 Appendix IV, MAGICIANS, in a WRG battle: who casts what at whom,
-- the roll (modules.fantasy.magic) and what each of the twelve spells does
-- on the table. "Spells can be cast before movement commences or at any
-- point of the period": played before movement (G.period_start).
--
-- The choice is the commander's: a commander table may give
-- cast(G, uid) -> { spell = n, target = uid } or { spell = 2, x =, y = } or
-- nil. Without one, the default magician (M.choose) picks by what the
-- enemies within reach are doing (spells 10, 6, 7, 12 or 3), never aiming
-- into a zone of sanctity.
local S = require("modules.fantasy.states")
local Z = require("modules.fantasy.zones")
local magic = require("modules.fantasy.magic")
local K = require("modules.fantasy.wrg.common")
local saints = require("modules.fantasy.wrg.saints")

local M = {}

M.RANGE = magic.RANGE   -- "any individual or unit within 100 paces"

local function bonus(add, n)
  return { { id = "spell_" .. n, text = string.format("spell %d: %+d", n, add), add = add,
             rule = "WRG 1973 APPENDIX IV MAGICIANS", layer = "option fantasy" } }
end

-- Whether a magician may cast: "loses magical powers" as a frog, resting
-- after spells 2, 4, 7, 10 and 11, and "No spells will work within 100
-- paces of" a saint.
function M.may_cast(G, uid)
  local d = G.D[uid]
  if not K.live(d) or G.bf:unit(uid).removed or d.routing then return false end
  if not magic.may_cast(d.fx) then return false end
  if saints.in_sanctity(G, uid) then return false end
  return true
end

-- The default magician's choice, in this order, among enemies within 100
-- paces out of any zone of sanctity and not already stone: a mythical
-- beast or a hostile magician, spell 10 (gone, or a frog); a unit fighting
-- hand-to-hand, spell 6 (a reaction test at -3: it may break); a unit that
-- shoots, spell 7 (its missiles come back); a unit advancing, spell 12 (as
-- up a steep hill); else the nearest, spell 3 (stone). The dice may move
-- each one up or down.
function M.choose(G, uid)
  local troops = (G.rules and G.rules.require or require)("wrg.troops")
  local picks = {}
  for _, q in ipairs(G.bf:query{ of = uid, within = M.RANGE * K.mm(G), enemy = true }) do
    local t = G.D[q.id]
    if K.live(t) and not G.bf:unit(q.id).removed and not saints.in_sanctity(G, q.id) and not S.flag(t.fx, "immune") then
      if K.has(t, "mythical") or K.has(t, "magician") then return { spell = 10, target = q.id } end
      if t.in_melee and not picks[6] then picks[6] = q.id end
      if troops.missile(t) and not picks[7] then picks[7] = q.id end
      if t.advancing and not picks[12] then picks[12] = q.id end
      if not picks[3] then picks[3] = q.id end
    end
  end
  for _, n in ipairs({ 6, 7, 12, 3 }) do
    if picks[n] then return { spell = n, target = picks[n] } end
  end
  return nil
end

-- Spell 2: "flies through air in straight line to position nominated
-- within 100 paces. If he passes through a zone of sanctity, he crashes
-- and breaks his neck." READING: he lands at the nearest clear ground on
-- his line short of the position when it is taken.
local function fly_to(G, uid, x, y)
  local d = G.D[uid]
  local x0, y0, f = G.bf:pos(uid)
  local dx, dy = x - x0, y - y0
  local len = math.sqrt(dx * dx + dy * dy)
  local max = M.RANGE * K.mm(G)
  if len > max then x, y, dx, dy, len = x0 + dx * max / len, y0 + dy * max / len, dx * max / len, dy * max / len, max end
  for _, s in ipairs(K.with_trait(G, "saint")) do
    local sx, sy = G.bf:pos(s)
    local u = G.bf:unit(s)
    local r = saints.SANCTITY * K.mm(G) + math.max(u.width, u.depth) / 2
    if Z.path_crosses(x0, y0, x, y, sx, sy, r) then
      K.say(G, "  %s flies into a zone of sanctity, crashes and breaks his neck.", d.name)
      K.log(G, "fantasy", { what = "magician_crashes", unit = uid })
      G.rules_turn.remove(G, uid, "killed: crashed in a zone of sanctity")
      return
    end
  end
  local step = 10 * K.mm(G)
  local back = 0
  local W, D = G.bf:size()
  while back <= len do
    local k = (len - back) / math.max(len, 1e-9)
    local px, py = x0 + dx * k, y0 + dy * k
    G.bf:place(uid, px, py, f)
    local u = G.bf:unit(uid)
    local half = math.max(u.width, u.depth) / 2
    local on_table = px - half >= 0 and px + half <= W and py - half >= 0 and py + half <= D
    if on_table and #G.bf:query{ of = uid, within = 1 } == 0 then
      if G.referee then require("lib.manoeuvre").record(G, uid, "spell_flight") end
      K.say(G, "  %s flies %.0f paces through the air.", d.name, (len - back) / K.mm(G))
      K.log(G, "fantasy", { what = "magician_flies", unit = uid, x = px, y = py })
      return
    end
    back = back + step
  end
  G.bf:place(uid, x0, y0, f)
end

-- What each spell does: (G, magician, target or nil, cast) -> nothing.
M.EFFECTS = {
  -- 1 "Magician vanishes in puff of blue smoke ... and does not return."
  function(G, uid) G.rules_turn.remove(G, uid, "vanished in a puff of blue smoke (spell 1)") end,
  -- 2
  function(G, uid, target, cast)
    local x, y = cast.x, cast.y
    if not x and target then
      -- READING: nominated at a unit, the position is on the line to it,
      -- 20 paces short of its nearest edge
      local x0, y0 = G.bf:pos(uid)
      local tx, ty = G.bf:pos(target)
      local dist = G.bf:distance(uid, target)
      local len = math.sqrt((tx - x0) ^ 2 + (ty - y0) ^ 2)
      local go = math.max(0, math.min(M.RANGE * K.mm(G), dist - 20 * K.mm(G)))
      x, y = x0 + (tx - x0) * go / len, y0 + (ty - y0) * go / len
    end
    if x then fly_to(G, uid, x, y) end
  end,
  -- 3 turned to stone for 2 periods
  function(G, _, target) K.set_state(G, target, "petrified", 2) end,
  -- 4 invisible for 3 periods
  function(G, _, target) K.set_state(G, target, "invisible", 3) end,
  -- 5 "Target takes immediate reaction test, adding 3."
  function(G, _, target)
    local t = G.D[target]
    t.fx_pending = bonus(3, 5)
    local out = G.rules_turn.test(G, target, "spell 5")
    t.fx_pending = nil
    G.rules_turn.obey(G, target, out, false)
  end,
  -- 6 "Target takes immediate reaction test, deducting 3."
  function(G, _, target)
    local t = G.D[target]
    t.fx_pending = bonus(-3, 6)
    local out = G.rules_turn.test(G, target, "spell 6")
    t.fx_pending = nil
    G.rules_turn.obey(G, target, out, false)
  end,
  -- 7 missiles to or from the target reverse (this period)
  function(G, _, target) K.set_state(G, target, "reversed", 1) end,
  -- 8 "Target unit fights among itself for one period." READING: it stands,
  -- disorganised, and strikes itself once with its front rank as in a
  -- frontal melee (not the first period).
  function(G, _, target)
    local t = G.D[target]
    K.set_state(G, target, "brawling", 1)
    local melee = (G.rules and G.rules.require or require)("wrg.melee")
    local out = melee.strike(t, t, { files = t.files, first_period = false, from_front = true, enemy_shield = {},
                                     enemy = t, base_frontage = t.base_w,
                                     purpose = "WRG Appendix IV spell 8, " .. t.name .. " fights itself" },
                             G.dice, false)
    K.say(G, "  %s fights among itself: %d casualties.", t.name, out.casualties)
    K.log(G, "fantasy", { what = "brawl", unit = target, casualties = out.casualties })
    G.rules_turn.take_casualties(G, target, out.casualties)
  end,
  -- 9 the magician is a frog for 3 periods
  function(G, uid) K.set_state(G, uid, "frog", 3) end,
  -- 10 "Mythical beast targets disappear in puff of blue smoke. Other
  -- targets sneeze heavily for one period, disorganised. Hostile magician
  -- turns into frog."
  function(G, uid, target)
    local t = G.D[target]
    if K.has(t, "mythical") then
      G.rules_turn.remove(G, target, "gone in a puff of blue smoke (spell 10)")
    elseif K.has(t, "magician") and t.side ~= G.D[uid].side then
      K.set_state(G, target, "frog", 3)
    else
      K.set_state(G, target, "sneezing", 1)
      t.disorganised = true
    end
  end,
  -- 11 forgets its orders for two periods
  function(G, _, target) K.set_state(G, target, "forgetful", 2) end,
  -- 12 moves as if climbing a steep hill for 2 periods
  function(G, _, target) K.set_state(G, target, "mired", 2) end,
}

-- One magician casts (cast = { spell =, target = } or { spell = 2, x =, y = }).
function M.cast(G, uid, cast)
  local d = G.D[uid]
  -- "(a) Nominate number of spell to be used and target": a target beyond
  -- 100 paces cannot be nominated (nothing is thrown)
  if cast.target and G.bf:distance(uid, cast.target) > M.RANGE * K.mm(G) then
    K.say(G, "  %s cannot reach %s with a spell: more than 100 paces.", d.name, G.D[cast.target].name)
    return nil
  end
  local r = magic.roll(cast.spell, G.dice, "WRG Appendix IV spell of " .. d.name)
  local n = r.spell
  K.log(G, "spell", { unit = uid, target = cast.target, nominated = cast.spell, spell = n or 0, minus = r.minus, plus = r.plus })
  if not n then
    K.say(G, "  %s casts spell %d: minus %d, plus %d -- no such spell; it fizzles.", d.name, cast.spell, r.minus, r.plus)
    return r
  end
  local spell = magic.SPELLS[n]
  K.say(G, "  %s casts spell %d (minus %d, plus %d): spell %d, %s", d.name, cast.spell, r.minus, r.plus, n, spell.text)
  local target = cast.target
  if spell.on == "target" then
    if not target or not K.live(G.D[target]) or G.bf:unit(target).removed then return r end
    if saints.in_sanctity(G, target) then
      K.say(G, "  ... but no spells work within 100 paces of a saint.")
      return r
    end
  end
  M.EFFECTS[n](G, uid, target, cast)
  if spell.rests and K.live(d) then K.set_state(G, uid, "resting", 2) end
  return r
end

function M.period(G)
  for _, uid in ipairs(K.with_trait(G, "magician")) do
    local d = G.D[uid]
    -- spell 9: "Recovers shape if a Saint comes within 100 paces, but
    -- becomes frog again if he leaves the influence zone."
    if S.has(d.fx, "frog") then
      local near = saints.in_sanctity(G, uid)
      if near ~= (d.fx_man_again == true) then
        d.fx_man_again = near or nil
        K.say(G, "  %s %s.", d.name, near and "recovers his shape near a saint" or "becomes a frog again")
        K.log(G, "unit_state", { unit = uid, state = "frog", suspended = near or nil })
      end
    else
      d.fx_man_again = nil
    end
    if M.may_cast(G, uid) then
      local cmd = G.sides[d.side].commander
      local cast = (cmd and cmd.cast and cmd.cast(G, uid)) or (not (cmd and cmd.cast) and M.choose(G, uid)) or nil
      if cast then M.cast(G, uid, cast) end
    end
  end
end

return M
