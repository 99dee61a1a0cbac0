-- Into Glory Ride's default commander (Phalanx's, with patch.lua's target
-- choice), its shooting when fire alone will not win
-- (rulesets/phalanx/commander/stalemate.lua): played through the battle
-- engine's shooting phase (turn.shooting_phase) with forced dice.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")

local IGR = ruleset.load("into_glory_ride")
local battle = IGR.require("phalanx.battle")
local turn = IGR.require("phalanx.turn")
local ai = IGR.require("phalanx.ai")

-- A line of HIM (side 1, south, facing north) 2 widths from one enemy HIM
-- (side 2): in range (HIM Epoch IV: 4 widths long), beyond a charge.
local function situation(rolls)
  local G = battle.skirmish{ rules = IGR, dice = dice.forced(rolls), log = true,
    sides = { { vignettes = { { id = "line", class = "HIM", epoch = "IV", at = { 500, 200 } } }, commander = ai },
              { vignettes = { { id = "foe", class = "HIM", epoch = "IV", at = { 500, 400 } } }, commander = ai } } }
  G.pturn, G.phasing = 1, 1
  local line, foe = G.by_vid[1].line, G.by_vid[2].foe
  G.groups[G.D[line].gid].activated = true
  return G, line, foe
end

local function shots(G)
  local n = 0
  for _, e in ipairs(G.bf:events()) do if e.kind == "shoot" then n = n + 1 end end
  return n
end

T.case("Commander, SHOOTING (\"Any activated vignette that can shoot and wishes to, can do so\"): when fire alone will not win, HIM hold their fire at foot it has worn, to charge it, and shoot a fresh one", function()
  -- each case: whether fire alone will not win, the foe worn, shots wanted
  -- (a shot and the foe's return fire: 2)
  for _, case in ipairs({ { false, false, 2 }, { false, true, 2 }, { true, false, 2 }, { true, true, 0 } }) do
    local needs, worn, want = case[1], case[2], case[3]
    local G, line, foe = situation({ 1, 1, 1, 1 })
    if worn then G.D[foe].accumulated_r = 1 end
    G.sides[1].needs_melee = needs
    T.truthy(#turn.shooting_targets(G, line) == 1, "the foe is in range and ahead")
    local before = shots(G)
    turn.shooting_phase(G, 1)
    T.eq(shots(G) - before, want, (needs and "fire alone will not win" or "fire may still win") .. (worn and ", worn foe" or ", fresh foe"))
    T.eq(G.py[foe], 400, "no repulse: the dice (1s) miss")
  end
end)

T.case("Commander, SHOOTING (\"B means the target is Broken if Mounted otherwise RR\"): when fire alone will not win, mounted targets are still shot, worn or not", function()
  local G = battle.skirmish{ rules = IGR, dice = dice.forced({ 1, 1 }), log = true,
    sides = { { vignettes = { { id = "line", class = "HIM", epoch = "IV", at = { 500, 200 } } }, commander = ai },
              { vignettes = { { id = "horse", class = "HCC", epoch = "IV", at = { 500, 400 } } }, commander = ai } } }
  local line, horse = G.by_vid[1].line, G.by_vid[2].horse
  G.D[horse].accumulated_r = 1
  G.sides[1].needs_melee = true
  T.eq(ai.shoot_target(G, line, turn.shooting_targets(G, line)), horse)
end)

T.case("Commander, SHOOTING (\"A vignette that is shot at may shoot back\"): when fire alone will not win, worn foot that cannot shoot back is still shot", function()
  -- Gingindlovu's Zulu (LIW) before the laager: it must come to the
  -- shooter, and a shot at it draws no return fire
  local G = battle.skirmish{ rules = IGR, dice = dice.forced({ 1, 1 }), log = true,
    sides = { { vignettes = { { id = "line", class = "HIM", epoch = "IV", at = { 500, 200 } } }, commander = ai },
              { vignettes = { { id = "impi", class = "LIW", army = "RA", at = { 500, 400 } } }, commander = ai } } }
  local line, impi = G.by_vid[1].line, G.by_vid[2].impi
  G.D[impi].accumulated_rr = 1
  G.sides[1].needs_melee = true
  T.eq(ai.shoot_target(G, line, turn.shooting_targets(G, line)), impi)
end)
