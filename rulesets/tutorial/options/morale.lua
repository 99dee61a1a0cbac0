-- Skirmish of Spears, optional rule §8 Morale:
--   "-1 in melee to every unit of an army that has already lost a quarter
--    of its units or more."
--
-- An option is a module returning { id, title, apply = function(rules) }.
-- The loader runs apply() when a scenario names the option
-- (`options: [morale]`), on THIS battle's copy of the rules only. It adds
-- one modifier by id; the battle already tells every melee what it needs
-- (situation.attacker.army_lost: the fraction of that army broken).
-- Every explanation then says "-1 ... (§8, option morale)".
return {
  id = "morale",
  title = "Morale",
  apply = function(rules)
    local combat = rules.require("tutorial.combat")
    combat.melee_modifiers:add({
      id = "wavering",
      text = "army wavering: a quarter or more of it broken",
      rule = "§8",
      when = function(c) return c.side.army_lost >= 0.25 end,
      add = -1,
    }, { after = "flank" })
  end,
}
