-- Skirmish of Spears: the ruleset built step by step in
-- docs/writing-a-ruleset.md. Small on purpose; every file is meant to be read.
--
-- This file is the MANIFEST. The engine's loader (scripts/lib/ruleset.lua)
-- reads it to find everything else. Each entry names a Lua module; a module
-- "tutorial.combat" is the file rulesets/tutorial/combat.lua.
return {
  name = "tutorial",                 -- must equal the folder name
  title = "Skirmish of Spears (the Sandtable tutorial ruleset)",
  period = "any",
  distance_unit = "base width",      -- rules speak in base widths (BW)
  battle = "tutorial.battle",        -- battle.run(ctx): fights one battle
  commander = "tutorial.ai",         -- the default commander
  armies = "tutorial.armies",        -- load / check / format army lists
  troops = "tutorial.troops",        -- data handed to the army checker
  odds = "tutorial.odds",            -- answers `sandtable odds tutorial ...`
  referee = "tutorial.referee",      -- what `--referee` holds the battle to
  options = {                        -- optional rules, by the id a scenario uses
    morale = "tutorial.options.morale",
  },
}
