-- SPEED: the charge values the default commander keeps (ai.charge_value):
-- the same cache as before, made cheaper to consult. The Table 4 pools of a
-- charge depend only on seven fields of the two units (melee.lua's header)
-- and on the flank; the value is kept per pair and reused while none of
-- them changed. A kept value was checked through a list of field names and
-- two sub-tables (a fifth of the commander's Lua time at Mohi); here the
-- fields sit flat in the entry and are compared one by one, and the flank
-- (a bf:in_arc call) is asked only of a formed target: for an unformed one
-- it is `false` whatever the arc says ("behind its front and formed").
-- The values and the cache's hits and misses are exactly the old ones.
local profiles = require("historicon.commander.charge_profiles")

local C = {}

-- Is `uid` behind the front of `e` (would strike a flank or the rear)?
-- (ai.lua's behind_front, the same call)
local function behind_front(G, uid, e)
  return not G.bf:in_arc(e, uid, 89, "centre")
end

-- The flank as ai.charge_value read it: `behind_front(...) and t.formed`.
-- With t.formed false that is false either way; nil is kept as nil.
local function flank_of(G, uid, e, t)
  local formed = t.formed
  if not formed then
    if formed == nil and behind_front(G, uid, e) then return nil end
    return false
  end
  return behind_front(G, uid, e) and formed
end

-- The value of a charge of uid on e: kept, or worked out by
-- `value_now(G, d, t, flank)` and kept.
function C.value(G, uid, e, value_now)
  local D = G.D
  local d, t = D[uid], D[e]
  local flank = flank_of(G, uid, e, t)
  local cache = G.ai_charge_values
  if not cache then cache = {}; G.ai_charge_values = cache end
  local key = uid * 65536 + e
  local c = cache[key]
  if c and c.flank == flank
      and c.d1 == d.figures and c.t1 == t.figures and c.d2 == d.ranks and c.t2 == t.ranks
      and c.d3 == d.formed and c.t3 == t.formed and c.d4 == d.disordered and c.t4 == t.disordered
      and c.d5 == d.hits and c.t5 == t.hits and c.d6 == d.broken and c.t6 == t.broken
      and c.d7 == d.grade and c.t7 == t.grade then
    return c.v
  end
  -- (worked out, or looked up for a pair of the same kinds: charge_profiles.lua)
  local v = profiles.value(G, uid, e, d, t, flank, value_now)
  if not c then c = {}; cache[key] = c end
  c.flank, c.v = flank, v
  c.d1, c.t1, c.d2, c.t2, c.d3, c.t3 = d.figures, t.figures, d.ranks, t.ranks, d.formed, t.formed
  c.d4, c.t4, c.d5, c.t5, c.d6, c.t6 = d.disordered, t.disordered, d.hits, t.hits, d.broken, t.broken
  c.d7, c.t7 = d.grade, t.grade
  return v
end

return C
