-- Skirmish of Spears, §1 Troops: the three troop classes, as plain data.
--
-- Data, not code: an option or a house rule changes a cell here
-- (`rules.require("tutorial.troops").classes.horse.move = 5`) and every
-- module that reads this table sees the change.
--
-- Distances are in base widths (BW). One BW is 40 mm on the table.
local troops = {}

troops.BW = 40            -- millimetres in one base width

-- move:   how far the unit moves in a turn (BW)
-- melee:  its melee factor, before modifiers (§4)
-- range:  how far it shoots (BW); 0 = it does not shoot
-- depth:  its base depth (mm); every base is 1 BW wide
troops.classes = {
  spear = { move = 3, melee = 4, range = 0, depth = 20, text = "close-order spearmen" },
  bow   = { move = 3, melee = 2, range = 6, depth = 20, text = "archers" },
  horse = { move = 6, melee = 3, range = 0, depth = 30, text = "light horse" },
}

-- The classes in the order the rules list them (for messages: never rely
-- on the order of `pairs`).
troops.order = { "spear", "bow", "horse" }

-- §5 Shooting: a unit with this many hits is broken.
troops.hits_to_break = 2

return troops
