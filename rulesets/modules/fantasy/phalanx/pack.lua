-- The fantasy pack for Phalanx: the creatures of WRG 1973 Appendix IV as
-- our documented adaptation. A Phalanx vignette is a troop class, an
-- integrity class and an army class, so a creature "counts as" those three;
-- the nearest class to the appendix's terms is chosen (a dragon as
-- cataphracts of integrity V, trolls as a heavy warband, ...) and the
-- reading noted. The behaviours (traits, `flies`) are played by the option
-- `fantasy` (phalanx/battle.lua); without it a creature plays as its
-- classes only. Distances in paces: 100 paces = 1 vignette width.
return {
  -- DRAGONS: super heavy cavalry vulnerability, "D" barbarian; "fly 200
  -- paces in a period", "land before charging into melee"
  { id = "dragon", name = "Dragon", points = 0, counts_as = { class = "CAT", integrity = "V", army = "IF" },
    allegiance = "chaos", flies = 200, traits = { "mythical", "unnatural", "lands_to_charge" }, rule = "DRAGONS" },
  { id = "troll", name = "Trolls", points = 0, counts_as = { class = "HIW", integrity = "IV", army = "IF" },
    only_for = "chaos", allegiance = "chaos", traits = { "mythical", "turns_to_stone", "breaks_stone" },
    rule = "TROLLS" },
  { id = "giant", name = "Giants", points = 0, counts_as = { class = "HIN", integrity = "V", army = "IF" },
    allegiance = "chaos", traits = { "mythical", "breaks_stone" }, rule = "GIANTS" },
  { id = "ent", name = "Ents", points = 0, counts_as = { class = "HIN", integrity = "V", army = "IF" },
    allegiance = "neutral", traits = { "mythical", "ent" }, rule = "ENTS" },
  { id = "goblin", name = "Goblins", points = 0, counts_as = { class = "LIN", integrity = "I", army = "IF" },
    allegiance = "chaos", rule = "GOBLINS AND ORCS" },
  { id = "wolf_rider", name = "Orcs on giant wolves", points = 0, counts_as = { class = "LSC", integrity = "II", army = "IF" },
    allegiance = "chaos", rule = "GOBLINS AND ORCS" },
  { id = "demon", name = "Demons", points = 0, counts_as = { class = "LIW", integrity = "II", army = "IF" },
    allegiance = "chaos", traits = { "mythical", "demon" }, rule = "DEMONS" },
  { id = "basilisk", name = "Basilisks", points = 0, counts_as = { class = "HIN", integrity = "III", army = "IF" },
    allegiance = "chaos", traits = { "mythical" }, rule = "BASILISK" },
  { id = "elf_archer", name = "Elf archers", points = 0, counts_as = { class = "HIB", integrity = "IV", army = "RA" },
    allegiance = "law", traits = { "elf", "warped_probability", "disorganised_by_saint" }, rule = "ELVES" },
  { id = "elf_spearman", name = "Elf spearmen", points = 0, counts_as = { class = "HIS", integrity = "IV", army = "RA" },
    allegiance = "law", traits = { "elf", "disorganised_by_saint" }, rule = "ELVES" },
  { id = "elf_knight", name = "Elf knights", points = 0, counts_as = { class = "HCC", integrity = "IV", army = "RA" },
    allegiance = "law", traits = { "elf", "disorganised_by_saint" }, rule = "ELVES" },
  { id = "dwarf", name = "Dwarves", points = 0, counts_as = { class = "HIN", integrity = "IV", army = "RA" },
    allegiance = "law", traits = { "dwarf", "disorganised_by_saint" }, rule = "DWARVES" },
  -- SAINT: "an unarmed and shieldless MI figure": READING the saint and his
  -- flock, heavy infantry of low integrity (HIN II); a zone of sanctity
  { id = "saint", name = "Saint", points = 0, counts_as = { class = "HIN", integrity = "II", army = "RA" },
    never_for = "chaos", traits = { "saint", "sanctity" }, rule = "SAINT" },
  -- MAGICIANS: "MI with sword only, shieldless": heavy infantry, integrity II
  { id = "magician", name = "Magician", points = 0, counts_as = { class = "HIN", integrity = "II", army = "RA" },
    traits = { "magician" }, rule = "MAGICIANS" },
  { id = "black_magician", name = "Black magician", points = 0, counts_as = { class = "HIN", integrity = "II", army = "IF" },
    allegiance = "chaos", traits = { "magician", "black_magician" }, rule = "MAGICIANS, DEMONS" },
  -- TAME CROWS: light cavalry speed in the air; archers at point blank:
  -- light skirmishing cavalry (shoot all round, 1 width)
  { id = "crows", name = "Tame crows", points = 0, counts_as = { class = "LSC", integrity = "I", army = "IF" },
    flies = 160, traits = { "mythical" }, rule = "TAME CROWS" },
}
