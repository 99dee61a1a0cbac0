-- The dice pool shared by shooting and melee: n six-sided dice, each hitting
-- on `hit_on` or more, with the E / G re-rolls.
--
-- "E class troops re-roll any ones and twos scored on the dice, while G class
-- re-roll any fives and sixes scored. The re-roll is made only once when the
-- dice are first thrown at each new target." Read as: each die showing a
-- re-roll face is thrown once more and the second score stands; and re-rolls
-- happen only on the first throw against a target (situation.new_target ~=
-- false), not in later rounds against the same enemy.

local P = {}

P.SIDES = 6
P.reroll_faces = { E = { 1, 2 }, A = {}, G = { 5, 6 } }
local NO_REROLL = {}

function P.reroll_for(grade, new_target)
  if new_target == false then return NO_REROLL end
  return P.reroll_faces[grade or "A"] or NO_REROLL
end

-- "+n die per 4 figures": whole groups of four; a remainder adds nothing.
function P.groups_of_four(figures) return figures // 4 end

-- The pool description for exact odds (a convolution engine reads it).
function P.describe(dice, hit_on, reroll)
  local faces = {}
  for i, f in ipairs(reroll) do faces[i] = f end
  return { dice = dice, sides = P.SIDES, hit_on = hit_on, reroll = faces }
end

-- Rolls the pool die by die; a re-rolled die is thrown again at once.
-- Returns hits and, when `explain`, the list of { first, second } throws.
function P.roll(pool, dice, purpose, explain)
  local hits, throws = 0, explain and {} or nil
  local reroll = pool.reroll
  for _ = 1, pool.dice do
    local v = dice:roll(P.SIDES, purpose)
    local first = v
    for _, f in ipairs(reroll) do
      if v == f then v = dice:roll(P.SIDES, purpose); break end
    end
    if v >= pool.hit_on then hits = hits + 1 end
    if throws then throws[#throws + 1] = { first = first, final = v } end
  end
  return hits, throws
end

-- Probability that one die of the pool hits (for checks and quick odds).
-- SPEED: the commander asks this for the same few pools again and again; the
-- answer depends only on the die's sides, hit_on and the faces rerolled, so
-- it is kept by those (faces given as integers; any other pool is worked
-- out afresh). The kept number is the one worked out, to the bit.
local hit_probability_kept = {}
local function die_hit_probability(pool)
  local function hit(face) return face >= pool.hit_on and 1 or 0 end
  local p = 0
  for face = 1, P.SIDES do
    local rerolled = false
    for _, f in ipairs(pool.reroll) do if f == face then rerolled = true end end
    if rerolled then
      local q = 0
      for second = 1, P.SIDES do q = q + hit(second) end
      p = p + q / P.SIDES / P.SIDES
    else
      p = p + hit(face) / P.SIDES
    end
  end
  return p
end

function P.die_hit_probability(pool)
  local rr = pool.reroll
  if math.type(pool.hit_on) ~= "integer" or math.type(P.SIDES) ~= "integer" then return die_hit_probability(pool) end
  for i = 1, #rr do
    if math.type(rr[i]) ~= "integer" then return die_hit_probability(pool) end
  end
  local key = P.SIDES .. "/" .. pool.hit_on .. "/" .. table.concat(rr, ",")
  local p = hit_probability_kept[key]
  if p == nil then
    p = die_hit_probability(pool)
    hit_probability_kept[key] = p
  end
  return p
end

return P
