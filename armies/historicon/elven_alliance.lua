-- The Elven Alliance: the enemies of chaos in WRG 1973 Appendix IV (elves
-- and dwarves "usually ... on the same side"), fielded in Historicon through
-- the fantasy pack's documented "counts as" designations
-- (rulesets/modules/fantasy/historicon/pack.lua). With the option
-- `fantasy` the saint holds a zone of sanctity, the wizard casts the twelve
-- spells and the crows fly (rulesets/modules/fantasy/historicon/battle.lua).
-- Checked against the fantasy army composition limits.
return army {
  name = "The Elven Alliance",
  period = "fantasy",
  fantasy = true,
  allegiance = "law",
  points_limit = 300,
  units = {
    unit { id = "lord", name = "The Elf-lord's guard", creature = "elf_spearman", figures = 16, ranks = 4, general = true },
    unit { id = "spears", name = "Elf spearmen", creature = "elf_spearman", figures = 24, ranks = 4 },
    unit { id = "archers", name = "Elf archers", creature = "elf_archer", figures = 16, ranks = 2 },
    unit { id = "dwarves_1", name = "Dwarves of the Iron Hills", creature = "dwarf", figures = 24, ranks = 4 },
    unit { id = "dwarves_2", name = "Dwarves of the Blue Mountains", creature = "dwarf", figures = 24, ranks = 4 },
    unit { id = "knights", name = "Elf knights", creature = "elf_knight", figures = 12, ranks = 2 },
    unit { id = "saint", name = "Saint Cuthwin and his flock", creature = "saint", figures = 8, ranks = 2 },
    unit { id = "wizard", name = "The Grey Wizard and his acolytes", creature = "magician", figures = 8, ranks = 2 },
    unit { id = "crows", name = "The tame crows of the forest", creature = "crows", figures = 16, ranks = 1 },
  },
}
