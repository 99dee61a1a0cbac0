-- WRG 1973 Appendix IV, MAGICIANS, in a ruleset without magic (our
-- adaptation): who casts what at whom, the roll (modules.fantasy.magic:
-- the book's dice procedure, unchanged) and what each of the twelve spells
-- does, read in the host's terms through G.fantasy.host. Cast at the start
-- of each period, before movement ("Spells can be cast before movement
-- commences").
--
-- A commander may give cast(G, uid) -> { spell = n, target = uid } or
-- { spell = 2, x =, y = } or nil; without one the default magician
-- (M.choose) picks by what the enemies within 100 paces are doing, never
-- aiming into a zone of sanctity.
local S = require("modules.fantasy.states")
local Z = require("modules.fantasy.zones")
local magic = require("modules.fantasy.magic")
local K = require("modules.fantasy.adapted.common")
local saints = require("modules.fantasy.adapted.saints")

local M = {}

M.RANGE = magic.RANGE   -- "any individual or unit within 100 paces"

function M.may_cast(G, uid)
  if not K.live(G, uid) then return false end
  if not magic.may_cast(G.D[uid].fx) then return false end
  return not saints.in_sanctity(G, uid)
end

-- The default choice among enemies within 100 paces, out of any zone of
-- sanctity and not immune: a mythical beast or a hostile magician, spell
-- 10; a unit in contact, spell 6 (a test at -3); a unit that shoots, spell
-- 7 (its missiles come back); else the nearest, spell 3 (stone).
function M.choose(G, uid)
  local host = K.host(G)
  local picks = {}
  for _, q in ipairs(G.bf:query{ of = uid, within = K.mm(G, M.RANGE), enemy = true }) do
    local t = G.D[q.id]
    if K.live(G, q.id) and not saints.in_sanctity(G, q.id) and not S.flag(t.fx, "immune") then
      if K.has(t, "mythical") or K.has(t, "magician") then return { spell = 10, target = q.id } end
      if host.in_contact(G, q.id) and not picks[6] then picks[6] = q.id end
      if host.shoots(G, q.id) and not picks[7] then picks[7] = q.id end
      if not picks[3] then picks[3] = q.id end
    end
  end
  for _, n in ipairs({ 6, 7, 3 }) do
    if picks[n] then return { spell = n, target = picks[n] } end
  end
  return nil
end

-- Spell 2: "flies through air in straight line to position nominated
-- within 100 paces. If he passes through a zone of sanctity, he crashes
-- and breaks his neck." He lands at the nearest clear ground on his line
-- short of the position when it is taken.
local function fly_to(G, uid, x, y)
  local d = G.D[uid]
  local host = K.host(G)
  local x0, y0, f = G.bf:pos(uid)
  local dx, dy = x - x0, y - y0
  local len = math.sqrt(dx * dx + dy * dy)
  local max = K.mm(G, M.RANGE)
  if len > max then dx, dy, len = dx * max / len, dy * max / len, max end
  for _, s in ipairs(K.with_trait(G, "sanctity")) do
    local sx, sy = G.bf:pos(s)
    local u = G.bf:unit(s)
    if Z.path_crosses(x0, y0, x0 + dx, y0 + dy, sx, sy, K.mm(G, saints.SANCTITY) + math.max(u.width, u.depth) / 2) then
      K.say(G, "  %s flies into a zone of sanctity, crashes and breaks his neck.", d.name)
      K.log(G, "fantasy", { what = "magician_crashes", unit = uid })
      host.remove(G, uid, "crashed in a zone of sanctity (spell 2)")
      return
    end
  end
  local step = K.mm(G, 10)
  local back = 0
  local W, D = G.bf:size()
  while back <= len do
    local k = (len - back) / math.max(len, 1e-9)
    local px, py = x0 + dx * k, y0 + dy * k
    G.bf:place(uid, px, py, f)
    local u = G.bf:unit(uid)
    local half = math.sqrt(u.width ^ 2 + u.depth ^ 2) / 2
    local on_table = px - half >= 0 and px + half <= W and py - half >= 0 and py + half <= D
    if on_table and #G.bf:query{ of = uid, within = 1 } == 0 then
      if host.moved then host.moved(G, uid) end
      host.record(G, uid, "spell_flight")
      K.say(G, "  %s flies %.0f paces through the air.", d.name, (len - back) / K.mm(G, 1))
      K.log(G, "fantasy", { what = "magician_flies", unit = uid, x = px, y = py })
      return
    end
    back = back + step
  end
  G.bf:place(uid, x0, y0, f)
  if host.moved then host.moved(G, uid) end
end

-- What each spell does: (G, magician, target or nil, cast).
M.EFFECTS = {
  -- 1 "Magician vanishes in puff of blue smoke ... and does not return."
  function(G, uid) K.host(G).remove(G, uid, "vanished in a puff of blue smoke (spell 1)") end,
  -- 2 flies; nominated at a unit: 20 paces short of its nearest edge
  function(G, uid, target, cast)
    local x, y = cast.x, cast.y
    if not x and target then
      local x0, y0 = G.bf:pos(uid)
      local tx, ty = G.bf:pos(target)
      local len = math.sqrt((tx - x0) ^ 2 + (ty - y0) ^ 2)
      local go = math.max(0, math.min(K.mm(G, M.RANGE), G.bf:distance(uid, target) - K.mm(G, 20)))
      x, y = x0 + (tx - x0) * go / len, y0 + (ty - y0) * go / len
    end
    -- a host's bases that move together (a Phalanx link) do not come apart
    if K.host(G).may_fly and not K.host(G).may_fly(G, uid) then
      K.say(G, "  %s rises and settles again: he stays with his link (%s).", K.name(G, uid), K.label(G))
      return
    end
    if x then fly_to(G, uid, x, y) end
  end,
  -- 3 stone for 2 periods; 4 invisible for 3
  function(G, _, target) K.set_state(G, target, "petrified", 2) end,
  function(G, _, target) K.set_state(G, target, "invisible", 3) end,
  -- 5, 6 "Target takes immediate reaction test, adding 3" / "deducting 3"
  function(G, _, target) K.host(G).test(G, target, 3, "spell 5") end,
  function(G, _, target) K.host(G).test(G, target, -3, "spell 6") end,
  -- 7 missiles to or from the target come back (the period it is cast in)
  function(G, _, target) K.set_state(G, target, "reversed", 1) end,
  -- 8 "Target unit fights among itself for one period": it stands,
  -- disordered, and strikes itself once
  function(G, _, target)
    K.set_state(G, target, "brawling", 1)
    K.host(G).disorder(G, target)
    local n = K.host(G).brawl(G, target)
    K.say(G, "  %s fights among itself: %d %s.", K.name(G, target), n, K.host(G).loss_word)
    K.log(G, "fantasy", { what = "brawl", unit = target, casualties = n })
  end,
  -- 9 the magician is a frog for 3 periods
  function(G, uid) K.set_state(G, uid, "frog", 3) end,
  -- 10 "Mythical beast targets disappear in puff of blue smoke. Other
  -- targets sneeze heavily for one period, disorganised. Hostile magician
  -- turns into frog."
  function(G, uid, target)
    local t = G.D[target]
    if K.has(t, "mythical") then
      K.host(G).remove(G, target, "gone in a puff of blue smoke (spell 10)")
    elseif K.has(t, "magician") and t.side ~= G.D[uid].side then
      K.set_state(G, target, "frog", 3)
    else
      K.set_state(G, target, "sneezing", 1)
      K.host(G).disorder(G, target)
    end
  end,
  -- 11 forgets its orders: for 2 periods it takes no fresh order
  function(G, _, target) K.set_state(G, target, "forgetful", 2) end,
  -- 12 moves as if climbing a steep hill for 2 periods
  function(G, _, target) K.set_state(G, target, "mired", 2) end,
}

function M.cast(G, uid, cast)
  local d = G.D[uid]
  -- "(a) Nominate number of spell to be used and target": within 100 paces
  if cast.target and G.bf:distance(uid, cast.target) > K.mm(G, M.RANGE) + 1e-6 then
    K.say(G, "  %s cannot reach %s with a spell: more than 100 paces.", d.name, K.name(G, cast.target))
    return nil
  end
  local r = magic.roll(cast.spell, G.dice, "fantasy spell of " .. d.name)
  local n = r.spell
  K.log(G, "spell", { unit = uid, target = cast.target, nominated = cast.spell, spell = n or 0, minus = r.minus, plus = r.plus })
  if not n then
    K.say(G, "  %s casts spell %d: minus %d, plus %d -- no such spell; it fizzles.", d.name, cast.spell, r.minus, r.plus)
    return r
  end
  local spell = magic.SPELLS[n]
  K.say(G, "  %s casts spell %d (minus %d, plus %d): spell %d, %s (%s)", d.name, cast.spell, r.minus, r.plus, n,
    spell.text, K.label(G))
  local target = cast.target
  if spell.on == "target" then
    if not target or not K.live(G, target) then return r end
    if saints.in_sanctity(G, target) then
      K.say(G, "  ... but no spells work within 100 paces of a saint.")
      return r
    end
  end
  M.EFFECTS[n](G, uid, target, cast)
  -- "require the Magician to rest for a period before casting any more":
  -- set now, it runs out at the next period's start and one more after
  if spell.rests and K.live(G, uid) then K.set_state(G, uid, "resting", 2) end
  return r
end

function M.period(G)
  for _, uid in ipairs(K.with_trait(G, "magician")) do
    local d = G.D[uid]
    -- spell 9: "Recovers shape if a Saint comes within 100 paces, but
    -- becomes frog again if he leaves the influence zone" (he cannot cast
    -- there anyway: no spells work in the zone)
    if S.has(d.fx, "frog") then
      local near = #K.near(G, uid, "saint", saints.SANCTITY) > 0
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
      local cast
      if cmd and cmd.cast then cast = cmd.cast(G, uid) else cast = M.choose(G, uid) end
      if cast then M.cast(G, uid, cast) end
    end
  end
end

return M
