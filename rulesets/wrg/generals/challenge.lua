-- WRG Ancients 1973, RISK TO THE GENERAL: challenges to personal combat.
--
-- "If a General accepts a challenge to personal combat, the two figures
-- fight hand-to-hand, first exchanging missiles, if any, the normal no
-- shooting during a charge rule not applying. Normal weapon, tactical and
-- random factors apply, including minus random factors. The only reasons for
-- disorganisation that count, are when a chariot or elephant mounted General
-- receives a missile casualty, or when horses are scared by elephants or
-- camels. If a General is mounted on an elephant or in a chariot, any other
-- armed figures aboard are debarred from assisting. A General who receives
-- more casualties than his opponent is wounded and taken prisoner, one who
-- receives twice as many, dead. If casualties are equal, fight again with
-- hand-to-hand weapons only."
-- HAND-TO-HAND COMBAT: "if a barbarian general refuses a challenge to
-- personal combat by an opponent of equal rank, he loses this power" (to
-- disregard minus random factors).
-- THE REACTION TEST 2(viii): "On the death, capture or disablement of their
-- general or C in C within 150 paces or as a result of a challenge to
-- personal combat"; factor -2 "General killed, wounded, captured ... within
-- 250 paces or as a result of a challenge".
--
-- READING (the text gives no distance nor moment): at the declarations,
-- before any charge, a General not routing nor in a rout may challenge an
-- enemy General whose unit is within his own charge reach (the ride out to
-- give or accept it and back is within the period: "moving to give or accept,
-- or returning from, a challenge"); the fight is settled at once, and each
-- General challenges a given opponent once. The commander decides:
-- cmd.challenge(G, general_uid) -> enemy General's uid or nil, and
-- cmd.accept_challenge(G, general_uid, challenger_uid) -> bool; a commander
-- that has neither uses the defaults below. Troops under a General lost
-- "as a result of a challenge" all test (2(viii)) and count the -2, wherever
-- they stand (the C-in-C's: the whole army).
local tables = require("wrg.tables")
local troops = require("wrg.troops")
local melee = require("wrg.melee")
local shooting = require("wrg.shooting")
local command = require("wrg.generals.command")

local CH = {}
local MM = tables.MM_PER_PACE
CH.MAX_BOUTS = 10  -- reading: after 10 equal bouts the two part (the text does not end it)

-- The General's figure fighting alone: one figure, in good order, his crew
-- "debarred from assisting".
local function figure(d)
  local f = setmetatable({ figures = 1, ranks = 1, files = 1, disorganised = false, original = 1 }, { __index = d })
  if d.type == "EL" or d.type == "CH" then f.crew = {} end
  return f
end

local function charge_reach(d) return d.moves and (d.moves[2] or d.moves[1]) or 0 end

-- Whether `g` may challenge `e` now (both active Generals of opposite sides,
-- neither routing nor leaving, e's unit within g's charge reach).
function CH.may(G, g, e)
  local gd, ed = G.D[g], G.D[e]
  if not (command.active(G, g) and command.active(G, e)) or gd.side == ed.side then return false end
  if gd.routing or ed.routing or gd.leaving or ed.leaving then return false end
  if gd.challenged and gd.challenged[e] then return false end
  return G.bf:distance(g, e) <= charge_reach(gd) * MM
end

-- "Horses are scared by elephants or camels": a horsed General facing an
-- elephant or camel-mounted General.
local function scared(a, b)
  return troops.is_horsed(a) and not a.camel and (b.type == "EL" or b.camel == true)
end

-- The men each figure inflicts with the random factor set to nought (the
-- commanders' expectation; no dice): { a_gets, b_gets }.
local NOUGHT = { value = 0, minus = 0, plus = 0 }
function CH.expect(G, g, e)
  local a, b = figure(G.D[g]), figure(G.D[e])
  local sa = { figures = 1, files = 1, first_period = true, random = NOUGHT }
  local sb = { figures = 1, files = 1, first_period = true, random = NOUGHT }
  local to_b = melee.strike(a, b, sa).casualties
  local to_a = melee.strike(b, a, sb).casualties
  return to_a, to_b
end

-- Default commander: challenge the enemy General of equal rank in reach
-- whose figure would receive more than his own (by the factors alone).
function CH.default_challenge(G, g)
  local gd = G.D[g]
  for _, e in ipairs(command.generals(G, 3 - gd.side)) do
    if G.D[e].general == gd.general and CH.may(G, g, e) then
      local to_me, to_him = CH.expect(G, g, e)
      if to_him > to_me then return e end
    end
  end
  return nil
end

-- Default commander: accept when the factors give him at least half what he
-- would receive; a barbarian challenged by an equal, who would lose his
-- power over the random factor by refusing, accepts unless he would receive
-- more than twice what he gives.
function CH.default_accept(G, e, g)
  local to_me, to_him = CH.expect(G, e, g)
  local ed = G.D[e]
  if not ed.regular and G.D[g].general == ed.general then return to_me <= 2 * to_him end
  return to_him * 2 >= to_me and to_him > 0
end

-- One bout: missiles first (bout 1 only, figures with a missile weapon, at
-- the range of the weapon: the ride out closes it), then hand-to-hand.
-- Returns the men each General received.
local function bout(G, g, e, n, report)
  local gd, ed = G.D[g], G.D[e]
  local a, b = figure(gd), figure(ed)
  local to_a, to_b, missile_a, missile_b = 0, 0, 0, 0
  if n == 1 then
    if troops.missile(a) then
      missile_b = shooting.shoot(a, b, { figures = 1, from_front = true, range = troops.range(a) or 0 }, G.dice).casualties
    end
    if troops.missile(b) then
      missile_a = shooting.shoot(b, a, { figures = 1, from_front = true, range = troops.range(b) or 0 }, G.dice).casualties
    end
  end
  -- the only disorganisation that counts: a chariot- or elephant-mounted
  -- General who received a missile casualty, or horses scared; a
  -- disorganised figure "counts half the figures of its nearest rank":
  -- half its casualties (rounded down)
  local dis_a = ((gd.type == "EL" or gd.type == "CH") and missile_a > 0) or scared(gd, ed)
  local dis_b = ((ed.type == "EL" or ed.type == "CH") and missile_b > 0) or scared(ed, gd)
  local sa = { figures = 1, files = 1, first_period = n == 1, purpose = "WRG challenge: personal combat" }
  local sb = { figures = 1, files = 1, first_period = n == 1, purpose = "WRG challenge: personal combat" }
  local hit_b = melee.strike(a, b, sa, G.dice).casualties
  local hit_a = melee.strike(b, a, sb, G.dice).casualties
  if dis_a then hit_b = hit_b // 2 end
  if dis_b then hit_a = hit_a // 2 end
  to_a, to_b = missile_a + hit_a, missile_b + hit_b
  if report then
    report(string.format("    bout %d: %s's General receives %d men (%d from missiles), %s's %d (%d from missiles)",
      n, gd.name, to_a, missile_a, ed.name, to_b, missile_b))
  end
  return to_a, to_b
end

-- The General lost "as a result of a challenge": the loss is marked so that
-- his troops test and count the -2 wherever they stand.
local function lose(G, uid, how)
  local turn = require("wrg.turn")
  local d = G.D[uid]
  local side = G.sides[d.side]
  turn.general_lost(G, uid, how)
  local n1 = side.generals_lost and side.generals_lost[#side.generals_lost]
  if n1 and n1.unit == uid then n1.challenge, n1.general = true, uid end
  local n2 = G.general_losses and G.general_losses[#G.general_losses]
  if n2 and n2.unit == uid then n2.challenge, n2.general = true, uid end
end

-- Fights the challenge between Generals g (challenger) and e. Returns
-- { winner =, loser =, how =, bouts =, received = { [g] =, [e] = } } or
-- { bouts = n } when they part.
function CH.fight(G, g, e)
  local report = G.report
  local gd, ed = G.D[g], G.D[e]
  local out = { bouts = 0, received = { [g] = 0, [e] = 0 } }
  for n = 1, CH.MAX_BOUTS do
    local to_g, to_e = bout(G, g, e, n, report)
    out.bouts = n
    out.received[g], out.received[e] = out.received[g] + to_g, out.received[e] + to_e
    if to_g ~= to_e then
      local loser, winner = to_g > to_e and g or e, to_g > to_e and e or g
      local lr, wr = math.max(to_g, to_e), math.min(to_g, to_e)
      out.winner, out.loser = winner, loser
      out.how = lr >= 2 * wr and "killed in personal combat" or "wounded and taken prisoner in personal combat"
      local wd = G.D[winner]
      wd.general_men = math.max(1, (wd.general_men or tables.MEN_PER_FIGURE) - out.received[winner])
      break
    end
  end
  if G.log then
    G.bf:log("challenge", { challenger = g, challenged = e, accepted = true, bouts = out.bouts,
                            received = { out.received[g], out.received[e] }, loser = out.loser, how = out.how })
  end
  if out.loser then
    lose(G, out.loser, out.how)
  elseif report then
    report(string.format("  After %d bouts %s's and %s's Generals part.", out.bouts, gd.name, ed.name))
  end
  return out
end

-- At the declarations: each active General's commander may challenge.
function CH.declare(G)
  for s = 1, 2 do
    local cmd = G.sides[s].commander
    for _, g in ipairs(command.generals(G, s)) do
      local gd = G.D[g]
      local e
      if cmd.challenge then e = cmd.challenge(G, g) else e = CH.default_challenge(G, g) end
      if e and CH.may(G, g, e) then
        gd.challenged = gd.challenged or {}
        gd.challenged[e] = true
        local ed = G.D[e]
        local ecmd = G.sides[ed.side].commander
        local yes
        if ecmd.accept_challenge then yes = ecmd.accept_challenge(G, e, g) else yes = CH.default_accept(G, e, g) end
        if G.report then
          G.report(string.format("  The General with %s challenges the General with %s to personal combat: %s.",
            gd.name, ed.name, yes and "accepted" or "refused"))
        end
        if yes then
          CH.fight(G, g, e)
        else
          if not ed.regular and ed.general == gd.general then ed.refused_challenge = true end
          if G.log then G.bf:log("challenge", { challenger = g, challenged = e, accepted = false }) end
        end
      end
    end
  end
end

return CH
