-- The fantasy pack for Phalanx: the creatures of WRG 1973 Appendix IV as
-- our documented adaptation. A Phalanx vignette is a troop class, an
-- integrity class and an army class, so a creature "counts as" those three;
-- the nearest class to the appendix's terms is chosen (a dragon as
-- cataphracts of integrity V, trolls as a heavy warband, ...) and the
-- reading noted. What Phalanx does not play of a creature's behaviour
-- (flight, spells, saints) is listed in docs/modules/fantasy.md.
return {
  { id = "dragon", name = "Dragon", points = 0, counts_as = { class = "CAT", integrity = "V", army = "IF" },
    allegiance = "chaos", traits = { "mythical" }, rule = "DRAGONS" },
  { id = "troll", name = "Trolls", points = 0, counts_as = { class = "HIW", integrity = "IV", army = "IF" },
    only_for = "chaos", allegiance = "chaos", traits = { "mythical" }, rule = "TROLLS" },
  { id = "giant", name = "Giants", points = 0, counts_as = { class = "HIN", integrity = "V", army = "IF" },
    allegiance = "chaos", traits = { "mythical" }, rule = "GIANTS" },
  { id = "ent", name = "Ents", points = 0, counts_as = { class = "HIN", integrity = "V", army = "IF" },
    allegiance = "neutral", traits = { "mythical" }, rule = "ENTS" },
  { id = "goblin", name = "Goblins", points = 0, counts_as = { class = "LIN", integrity = "I", army = "IF" },
    allegiance = "chaos", rule = "GOBLINS AND ORCS" },
  { id = "wolf_rider", name = "Orcs on giant wolves", points = 0, counts_as = { class = "LSC", integrity = "II", army = "IF" },
    allegiance = "chaos", rule = "GOBLINS AND ORCS" },
  { id = "demon", name = "Demons", points = 0, counts_as = { class = "LIW", integrity = "II", army = "IF" },
    allegiance = "chaos", traits = { "mythical" }, rule = "DEMONS" },
  { id = "basilisk", name = "Basilisks", points = 0, counts_as = { class = "HIN", integrity = "III", army = "IF" },
    allegiance = "chaos", traits = { "mythical" }, rule = "BASILISK" },
  { id = "elf_archer", name = "Elf archers", points = 0, counts_as = { class = "HIB", integrity = "IV", army = "RA" },
    allegiance = "law", rule = "ELVES" },
  { id = "elf_spearman", name = "Elf spearmen", points = 0, counts_as = { class = "HIS", integrity = "IV", army = "RA" },
    allegiance = "law", rule = "ELVES" },
  { id = "elf_knight", name = "Elf knights", points = 0, counts_as = { class = "HCC", integrity = "IV", army = "RA" },
    allegiance = "law", rule = "ELVES" },
  { id = "dwarf", name = "Dwarves", points = 0, counts_as = { class = "HIN", integrity = "IV", army = "RA" },
    allegiance = "law", rule = "DWARVES" },
}
