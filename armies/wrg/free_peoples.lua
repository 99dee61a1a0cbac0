-- The Free Peoples: the enemies of chaos in WRG 1973 Appendix IV, elves and
-- dwarves "usually ... on the same side", a saint, a hero, a magician and
-- human spearmen, from the fantasy pack (rulesets/modules/fantasy/wrg/pack.lua).
-- Plays with `options: [fantasy]` (docs/modules/fantasy.md). Listed in the
-- order the default commander deploys them, left to right: the saint at the
-- far end from the elves and dwarves (a saint within 100 paces disorganises
-- them, whatever his side).
return army {
  name = "The Free Peoples",
  period = "Sword and Sorcery",
  allegiance = "law",
  points_limit = 1000,
  units = {
    unit { id = "archers", name = "Elf archers", creature = "elf_archer", figures = 12, ranks = 2 },
    unit { id = "elf_spears", name = "Elf spearmen", creature = "elf_spearman", figures = 12, ranks = 2 },
    unit { id = "dwarves", name = "Dwarves of the hold", creature = "dwarf", figures = 16, ranks = 2 },
    unit { id = "wizard", name = "The Grey Wizard", creature = "magician", figures = 1 },
    unit { id = "king", name = "The King's household", type = "HC", class = "A", regular = true,
           weapons = { "lance" }, figures = 8, ranks = 2, general = "c_in_c" },
    unit { id = "hero", name = "Sir Brand the Bold", creature = "hero", figures = 1 },
    unit { id = "spearmen", name = "Men of the vale", type = "MI", class = "C", regular = true,
           weapons = { "spear" }, figures = 16, ranks = 2 },
    unit { id = "saint", name = "Saint Columba", creature = "saint", figures = 1 },
  },
}
