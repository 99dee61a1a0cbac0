-- A modder's creature in one file (docs/fantasy.md): the wyvern, declared
-- here in WRG 1973 terms and fielded in the same army file. Nothing under
-- rulesets/ is edited. Check it with
--   sandtable check --ruleset wrg mods/example_dragon/wyvern_brood.lua
-- and fight it with
--   sandtable battle mods/example_dragon/wyvern.yaml --referee
return army {
  name = "The Wyvern Brood",
  period = "Sword and Sorcery",
  allegiance = "chaos",
  points_limit = 1000,
  creatures = {
    -- a creature in a file of its own (any mod folder)
    "mods/example_dragon/fire_drake.lua",
    -- A lesser dragon: it flies 160 paces, moves on the ground as heavy
    -- cavalry, takes blows as super heavy cavalry, bites as two-handed
    -- axemen and reacts as a "D" barbarian; one model that fights and dies
    -- as 3 figures. Its traits are behaviours the WRG adapter already plays
    -- (docs/modules/fantasy.md lists them): a mythical beast (spell 10
    -- banishes it), unnatural (it keeps out of a saint's zone of
    -- sanctity), hungry for elephants, and it comes down to charge (a flyer
    -- without lands_to_charge stays in the air and only shoots).
    creature { id = "wyvern", name = "Wyvern", points = 60, single = true, figures_per_model = 3, flies = 160,
               counts_as = { move = "HC", vulnerability = "SHC", fighting = "axe", reaction = "D" },
               traits = { "mythical", "unnatural", "eats_elephants", "lands_to_charge" } },
  },
  units = {
    unit { id = "chief", name = "The brood-master's riders", type = "HC", class = "B", regular = false,
           weapons = { "lance" }, figures = 8, ranks = 2, general = "c_in_c" },
    unit { id = "wyvern_1", name = "Old Scratch", creature = "wyvern", figures = 1 },
    unit { id = "wyvern_2", name = "Cinderwing", creature = "wyvern", figures = 1 },
    unit { id = "wyvern_3", name = "Grimtooth", creature = "wyvern", figures = 1 },
    unit { id = "goblins", name = "Goblin archers", creature = "goblin", figures = 24, ranks = 2 },
    unit { id = "trolls", name = "Hill trolls", creature = "troll", figures = 6, ranks = 2 },
    unit { id = "sorcerer", name = "The brood-witch", creature = "black_magician", figures = 1 },
    unit { id = "drake", name = "Emberjaw", creature = "fire_drake", figures = 1 },
    unit { id = "crows", name = "The witch's crows", creature = "tame_crows", figures = 5, ranks = 1 },
  },
}
