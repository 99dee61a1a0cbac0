-- The sieges module in WRG 1973: when the default commander gives a siege
-- up (wrg.ai.withdraw, asked by the battle at the end of each period; a
-- side whose commander withdraws has fled the field).
--
-- CAMPAIGNS 3: "If the attacker does not capture the fortress, he breaks up
-- the siege and retreats". READING: the besieger's commander breaks the
-- siege up when its assault is spent: no party left that can still carry
-- it home (a ladder party, a ram, fire troops: alive, not routing), no
-- footing on the wall, no gap in the ring to go in by and no mine still
-- being dug. Stone-throwers alone do not keep a siege going (their breach
-- comes too slowly for one battle: 30 or 40 hits at 2 or 3 a period).
-- The garrison gives up when the fort is lost: the besieger holds it
-- (troops inside or on the walls, not routing) and the garrison has no one
-- standing inside or on the walls to dispute it (WINNERS AND LOSERS:
-- "under control if a friendly force is occupying it").
-- Both are the commander's choices, not rules; the rules' own end (an army
-- fled, or the count of points at the limit) stays as it is.
local forts = require("modules.sieges.fortifications")
local mining = require("modules.sieges.mining")
local ST = require("modules.sieges.wrg.state")
local GF = require("modules.sieges.wrg.grass_fire")

local E = {}

local function live(d) return d and not d.gone and not d.off_table and not d.routing and not d.leaving end

-- Whether a side has a unit standing inside the fort or on its walls.
function E.holds(G, side)
  for _, uid in ipairs(G.sides[side].units) do
    local d = G.D[uid]
    if live(d) and not G.bf:removed(uid) and (ST.inside(G, uid) or d.siege_on ~= nil) then return true end
  end
  return false
end

-- What the besieger still has to take the fort with (a list of reasons,
-- empty when its assault is spent).
function E.means(G)
  local S = G.sieges
  local out = {}
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    local k = d.siege
    if live(d) and k and not G.bf:removed(uid) then
      if (k.ladders or 0) > 0 then out[#out + 1] = "ladders" end
      if k.ram then out[#out + 1] = "ram" end
      if k.fire and not S.rained then out[#out + 1] = "fire" end
      if k.footing then out[#out + 1] = "footing" end
    end
  end
  for _, sec in ipairs(S.forts.sections) do
    if not forts.blocks(sec) then out[#out + 1] = "gap"; break end
  end
  for _, m in ipairs(mining.view(S.mining, S.besieger)) do
    if m.own and not m.counter and not m.collapsed and not m.arrived then out[#out + 1] = "mine" end
  end
  return out
end

-- Whether the besieger is assaulting this period: a unit of it at work
-- against the wall (a ram or axes at work, ladders up, escalading), with a
-- footing, inside the fort or in melee with the garrison, or a mine being
-- dug. Troops standing or milling before a gap they do not storm are no
-- assault, nor fire thrown alone (it keeps the siege's means: E.means).
function E.assaulting(G)
  local S = G.sieges
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    local k = d.siege or {}
    if live(d) and not G.bf:removed(uid) then
      if k.working or k.ladder_up or k.escalading or k.footing or d.in_melee or ST.inside(G, uid) then return true end
      -- (fire troops preparing or throwing fire are not an assault of
      -- their own: fire opens a palisade for the assault, and a garrison
      -- with water puts it out period after period -- the camp's Britons
      -- threw fire for 12 periods after their last escalade, to the turn
      -- limit. A section burnt through is a gap, and those who go in by it
      -- are the assault.)
    end
  end
  for _, m in ipairs(mining.view(S.mining, S.besieger)) do
    if m.own and not m.counter and not m.collapsed and not m.arrived then return true end
  end
  if E.fire_at_work(G) then return true end
  return false
end

-- A fire at work for the assault (READING): the grass burning (wrg/
-- grass_fire.lua: a steppe fire driven onto the post). A section of the
-- fort burning, even untenable, is not: the garrison puts it out or it
-- burns through into a gap, and a gap is stormed or not (the storm is the
-- assault). The camp's strong east wind kept one section or another
-- burning or untenable every period for 12 periods after the last
-- escalade, to the turn limit: counting burning sections kept the camp 44 %
-- decided (50 battles), untenable ones 68 %, neither 92 %; the steppe post
-- 72 % either way.
function E.fire_at_work(G)
  return GF.grass_burning(G)
end

-- STALLED: periods without an assault after which the besieger gives up.
E.STALLED = 4

-- The siege side s gives up this period, or nil. READING (the besieger):
-- an assault that has stalled -- no party at the wall, nobody on it or in
-- the fort, no melee, no mine for STALLED periods running, after the first
-- assault -- is as spent as one with nothing left: the siege is broken up.
function E.gives_up(G, s)
  local S = G.sieges
  if not S or not S.besieger or #S.forts.forts == 0 or (G.turn or 0) < 1 then return nil end
  if s == S.besieger then
    if #E.means(G) == 0 and not E.holds(G, s) then return "the assault is spent: the siege is broken up" end
    if E.assaulting(G) then S.assaulted = G.turn
    elseif S.assaulted and G.turn - S.assaulted >= E.STALLED then
      return "the assault has stalled: the siege is broken up"
    end
  elseif s == S.defender then
    if E.holds(G, S.besieger) and not E.holds(G, s) then return "the fort is lost" end
  end
  return nil
end

return E
