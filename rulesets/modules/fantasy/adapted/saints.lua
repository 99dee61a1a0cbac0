-- WRG 1973 Appendix IV's SAINT and HERO, and the zone of sanctity, in a
-- ruleset without them (our adaptation; the host reads the flags set here
-- through its own modifier lists: historicon/battle.lua, phalanx/battle.lua).
local Z = require("modules.fantasy.zones")
local K = require("modules.fantasy.adapted.common")

local M = {}

M.SANCTITY = Z.KINDS.sanctity.radius   -- "No spells will work within 100 paces of him"
M.ABASH = Z.KINDS.abashing.radius      -- "reducing their reaction totals by 1 when they come within 100 paces"
M.HERO_VANITY = 100                    -- "the presence within 100 paces of another hero of his own side"

-- Whether a unit stands in a zone of sanctity (a saint's own unit does).
function M.in_sanctity(G, uid)
  return K.has(G.D[uid], "saint") or #K.near(G, uid, "saint", M.SANCTITY) > 0
end

-- "unnatural beasts such as Dragons will not enter this zone of sanctity":
-- for an unnatural unit, a test of where its centre may stand (nil for any
-- other unit, or with no saint on the table). A zone is the saint's base
-- plus 100 paces; the unit's centre keeps half its own base further out.
function M.keep_out(G, uid)
  if not K.has(G.D[uid], "unnatural") then return nil end
  local me = G.bf:unit(uid)
  local zones = {}
  for _, s in ipairs(K.with_trait(G, "sanctity")) do
    local x, y = G.bf:pos(s)
    local u = G.bf:unit(s)
    zones[#zones + 1] = { x = x, y = y, r = K.mm(G, M.SANCTITY) + math.max(u.width, u.depth) / 2 + math.max(me.width, me.depth) / 2 }
  end
  if #zones == 0 then return nil end
  return function(x, y)
    for _, z in ipairs(zones) do
      if (x - z.x) ^ 2 + (y - z.y) ^ 2 <= z.r * z.r then return true end
    end
    return false
  end
end

-- Whether an unnatural unit now stands in a zone it may not enter (its
-- centre within keep_out's reach).
function M.trespassing(G, uid)
  local out = M.keep_out(G, uid)
  if not out then return false end
  local x, y = G.bf:pos(uid)
  return out(x, y)
end

-- A move cut short: the longest fraction of it (to 1/64 of the move, by
-- halving) after which no unit of `uids` is `bad`; a move that starts bad
-- is made whole. move(frac) makes the move at a fraction of its distance
-- from where it started, back() puts the unit(s) back there. Returns
-- move's result and the unit that would have been bad (nil: not cut).
M.HALVINGS = 6
function M.cut_short(G, uids, bad, move, back)
  local function any_bad()
    for _, uid in ipairs(uids) do if K.live(G, uid) and bad(uid) then return uid end end
    return nil
  end
  local bad_before = any_bad()
  local r = move(1)
  if bad_before then return r end
  local who = any_bad()
  if not who then return r end
  local lo, hi = 0, 1
  for _ = 1, M.HALVINGS do
    local mid = (lo + hi) / 2
    back()
    move(mid)
    if any_bad() then hi = mid else lo = mid end
  end
  back()
  return move(lo), who
end

-- A move of the host's own (a march, a charge, a pursuit) by an unnatural
-- beast that would end in a zone of sanctity is cut short (READING: the
-- longest part of it that ends outside; a beast already inside moves as it
-- will).
function M.keep_out_of_zone(G, uids, move, back)
  local r, who = M.cut_short(G, uids, function(uid) return M.trespassing(G, uid) end, move, back)
  if who then
    K.say(G, "  %s will not enter the zone of sanctity: its move is cut short (%s).", K.name(G, who), K.label(G))
    K.log(G, "fantasy", { what = "keeps_out_of_sanctity", unit = who })
  end
  return r
end

-- The flags the host's modifiers read, and the disorder the appendix
-- gives, at the start of each period:
--   fx_abashed  an enemy saint within 100 paces (SAINT: reaction -1)
--   ELVES "are disorganised by a saint within 100 paces"; DWARVES "Like
--   elves, they are disorganised by saints"
--   HERO "disorganised by the presence within 100 paces of another hero of
--   his own side, unless they are known previously to be blood brothers"
function M.period(G)
  local host = K.host(G)
  for _, uid in ipairs(host.units(G)) do
    local d = G.D[uid]
    if K.live(G, uid) then
      local abashed = false
      for _, s in ipairs(K.near(G, uid, "abashes_enemy", M.ABASH)) do
        if G.D[s].side ~= d.side then abashed = true end
      end
      d.fx_abashed = abashed or nil
      -- HERO's magic sword works "provided no saint of either persuasion is near"
      local saint_near = #K.near(G, uid, "saint", M.SANCTITY) > 0
      d.fx_saint_near = saint_near or nil
      if K.has(d, "disorganised_by_saint") and saint_near then
        K.say(G, "  %s is disordered by a saint within 100 paces (%s).", d.name, K.label(G))
        host.disorder(G, uid)
      end
      if K.has(d, "vain") and not d.blood_brothers and #K.near(G, uid, "hero", M.HERO_VANITY, d.side) > 0 then
        K.say(G, "  %s is disordered by the presence of another hero (%s).", d.name, K.label(G))
        host.disorder(G, uid)
      end
    end
  end
end

-- The zones the replay draws (radius in mm from the base's edge).
function M.log_zones(G)
  for _, uid in ipairs(K.host(G).units(G)) do
    if K.has(G.D[uid], "sanctity") then K.log(G, "zone", { unit = uid, zone = "sanctity", radius = K.mm(G, M.SANCTITY) }) end
  end
end

return M
