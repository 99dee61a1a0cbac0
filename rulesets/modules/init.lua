-- The optional modules that work across rulesets (shared/DESIGN.md,
-- "Optional modules across rulesets"). Each is a folder here: its init.lua
-- holds the generic part (its state and its own rules) and names one
-- adapter per ruleset it supports; the adapter is the option a scenario
-- switches on by the module's name (`options: [weather]`). See docs/modules.md.
return { "weather", "sieges", "fantasy" }
