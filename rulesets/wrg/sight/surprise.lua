-- WRG Ancients 1973, THE REACTION TEST: surprise from cover.
--
-- 2(i): "The first time the unit is shot at or comes within charge reach of
-- enemy troops, or when subsequently sighting, or being shot at by, an
-- enemy previously hidden by natural cover, at a range of 100 paces or
-- less, unless previously explicitly warned of their presence. unless at the
-- time within 150 paces of the C in C". Factor (-2): "Surprised by enemy
-- emerging or shooting from cover within 100 paces."
--
-- READINGS: cover is a wood or a building (the pieces that hide troops,
-- setup.is_cover; "natural cover" for 2(i): woods). An enemy unit emerges
-- when it stood in cover at the start of the period and stands out of it
-- now; it shoots from cover when it shot at the unit this period standing
-- in cover. A unit with such an enemy within 100 paces is surprised: the -2
-- counts in its tests for the rest of the period, and it takes the 2(i)
-- test at the end of the period (once for each such enemy; not within 150
-- paces of the C-in-C), obeying it as the first 2(i) test is obeyed (a
-- result worse than carry on, or an uncontrolled advance). Nobody is
-- "explicitly warned" (no written warnings in this engine).
local tables = require("wrg.tables")

local S = {}
local MM = tables.MM_PER_PACE
S.RANGE = 100

local function live(d) return d and not d.gone and not d.off_table end

local function in_cover(G, uid, natural)
  if not G.has_los_terrain then return false end
  for _, t in ipairs(G.bf:terrain_under(uid)) do
    if t.type == "wood" or (not natural and t.type == "building") then return true end
  end
  return false
end

-- Whether a base stands in cover (a wood or a building) and in natural cover
-- (a wood): in_cover's two answers from one bf:terrain_under.
local function cover_and_wood(G, uid)
  local cover, wood = false, false
  for _, t in ipairs(G.bf:terrain_under(uid)) do
    if t.type == "wood" then cover, wood = true, true elseif t.type == "building" then cover = true end
  end
  return cover, wood
end

-- At the declarations (the start of the period's play): who stands in cover.
function S.snapshot(G)
  if not G.has_los_terrain then return end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) then d.cover_start, d.wood_start = cover_and_wood(G, uid) end
  end
end

-- The enemies that surprise unit uid this period: { ids } (natural: only
-- those hidden by woods, for 2(i)).
function S.surprisers(G, uid, natural)
  local out = {}
  if not G.has_los_terrain then return out end
  for _, q in ipairs(G.bf:query{ of = uid, within = S.RANGE * MM, enemy = true }) do
    local e = G.D[q.id]
    if live(e) and not e.routing then
      local was = natural and e.wood_start or (not natural and e.cover_start)
      local fired = e.fired_at == uid and e.fired_turn == G.turn
      -- (where it stands now is asked only when it can matter)
      if was or fired then
        local now = in_cover(G, q.id, natural)
        local emerged = was and not now
        local shot = fired and now
        if emerged or shot then out[#out + 1] = q.id end
      end
    end
  end
  return out
end

function S.set(G, uid, s)
  if G.has_los_terrain and #S.surprisers(G, uid) > 0 then s.surprised = true end
end

-- 2(i) at the end of the period.
function S.end_of_period(G, order, free_to_test)
  if not G.has_los_terrain then return end
  local turn = require("wrg.turn")
  for _, uid in ipairs(order) do
    local d = G.D[uid]
    if live(d) and not d.routing and not d.in_melee and free_to_test(d) then
      for _, e in ipairs(S.surprisers(G, uid, true)) do
        d.surprised_by = d.surprised_by or {}
        if not d.surprised_by[e] then
          d.surprised_by[e] = true
          local gen = G.sides[d.side].general
          if not (gen and live(G.D[gen]) and G.bf:distance(uid, gen) <= 150 * MM) then
            local out = turn.test(G, uid, "enemy appears from cover within 100 paces")
            if out.rank < 4 or out.result == "uncontrolled_advance" then turn.apply_result(G, uid, out, false) end
          end
          break
        end
      end
    end
  end
end

return S
