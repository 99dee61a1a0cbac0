-- A trial module for the experiment runner: one Phalanx melee per trial,
-- adjudicated by the ruleset's own code (no explanation strings).
--
-- params = { attacker = "HIS IV RA", defender = "HIN III RA",
--            attacker_situation = { uphill = true, ... }, defender_situation = {...},
--            set_modifier = { id = "uphill", add = 2 } }   -- optional: a house rule
-- trial result = { outcome = "attacker R / defender S" }
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")

local trial = {}

local function vignette(text)
  local class, integrity, army = text:match("^(%S+)%s+(%S+)%s+(%S+)$")
  assert(class, "a vignette is 'CLASS INTEGRITY ARMY', got '" .. tostring(text) .. "'")
  return { class = class, integrity = integrity, army_class = army }
end

function trial.prepare(params)
  local rules = ruleset.load("phalanx")
  local melee = rules.require("phalanx.melee")
  local change = params.set_modifier
  if change then
    local old = melee.modifiers:get(change.id)
    assert(old, "no melee modifier '" .. tostring(change.id) .. "'")
    melee.modifiers:replace(change.id, { id = change.id, text = old.text .. " (swept)", rule = old.rule,
                                         when = old.when, add = change.add })
  end
  rules.freeze()
  return {
    melee = melee,
    attacker = vignette(params.attacker),
    defender = vignette(params.defender),
    situation = { attacker = params.attacker_situation or {}, defender = params.defender_situation or {} },
  }
end

function trial.trial(p, seed)
  local out = p.melee.resolve(p.attacker, p.defender, p.situation, dice.random(seed), false)
  return { outcome = "attacker " .. out.attacker_result .. " / defender " .. out.defender_result }
end

return trial
