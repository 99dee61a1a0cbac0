-- The fantasy pack for Historicon v2: the creatures of WRG 1973 Appendix IV
-- as our documented adaptation. Historicon describes a unit by one
-- designation (grade, army class, troop class), so a creature "counts as"
-- one designation in every respect; the nearest to the appendix's terms is
-- chosen and the reading noted. Grades: "E" only where the appendix makes
-- a creature outstanding (the dragon, elf knights), so that fantasy armies
-- keep within the composition's 25% of E class. Points are Historicon's own for that
-- designation (the appendix's prices are WRG's). Figures are the unit's
-- figures, within Historicon's organisation (8 to 48; IF double the least).
-- What Historicon does not play of a creature's behaviour (flight, spells,
-- saints) is listed in docs/modules/fantasy.md.
return {
  -- DRAGONS "count as barbarian "D" types ... vulnerability ... super heavy
  -- cavalry": elite informal knights with barding (KC-A), the heaviest
  -- mounted troops Historicon has
  { id = "dragon", name = "Dragon", points = 0, counts_as = { troop = "EIF KC-A" }, allegiance = "chaos",
    traits = { "mythical" }, rule = "DRAGONS" },
  -- TROLLS: heavy infantry with two-handed axes, barbarian: a warband (HIW)
  { id = "troll", name = "Trolls", points = 0, counts_as = { troop = "AIF HIW" }, only_for = "chaos",
    allegiance = "chaos", traits = { "mythical" }, rule = "TROLLS" },
  -- GIANTS: heavy infantry vulnerability, five axemen each: armoured heavy infantry
  { id = "giant", name = "Giants", points = 0, counts_as = { troop = "AIF HIN-A" }, allegiance = "chaos",
    traits = { "mythical" }, rule = "GIANTS" },
  -- ENTS: "receive blows as SHC, and deal them out as double-handed axemen"
  { id = "ent", name = "Ents", points = 0, counts_as = { troop = "AIF HIN-A" }, allegiance = "neutral",
    traits = { "mythical" }, rule = "ENTS" },
  -- GOBLINS AND ORCS: "E" type archers: raw informal light infantry
  { id = "goblin", name = "Goblins", points = 0, counts_as = { troop = "GIF LI" }, allegiance = "chaos", rule = "GOBLINS AND ORCS" },
  { id = "wolf_rider", name = "Orcs on giant wolves", points = 0, counts_as = { troop = "GIF LC" }, allegiance = "chaos",
    rule = "GOBLINS AND ORCS" },
  -- DEMONS: "otherwise count the same as goblins"
  { id = "demon", name = "Demons", points = 0, counts_as = { troop = "GIF LI" }, allegiance = "chaos",
    traits = { "mythical" }, rule = "DEMONS" },
  -- BASILISK: heavy infantry mobility, super heavy vulnerability
  { id = "basilisk", name = "Basilisks", points = 0, counts_as = { troop = "ARA HIN-A" }, allegiance = "chaos",
    traits = { "mythical" }, rule = "BASILISK" },
  -- ELVES: light infantry archers, spearmen, heavy cavalry with lance
  { id = "elf_archer", name = "Elf archers", points = 0, counts_as = { troop = "ARA LI" }, allegiance = "law", rule = "ELVES" },
  { id = "elf_spearman", name = "Elf spearmen", points = 0, counts_as = { troop = "ARA HIS" }, allegiance = "law", rule = "ELVES" },
  { id = "elf_knight", name = "Elf knights", points = 0, counts_as = { troop = "ERA HC" }, allegiance = "law", rule = "ELVES" },
  -- DWARVES: heavy infantry with two-handed axes
  { id = "dwarf", name = "Dwarves", points = 0, counts_as = { troop = "ARA HIN-A" }, allegiance = "law", rule = "DWARVES" },
}
