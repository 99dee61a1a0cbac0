-- The Elven Host: the enemies of chaos in WRG 1973 Appendix IV (elves and
-- dwarves "usually ... on the same side"), fielded in Phalanx through the
-- fantasy pack's documented "counts as" classes
-- (rulesets/modules/fantasy/phalanx/pack.lua): elf spearmen and archers as
-- heavy infantry, elf knights as heavy charging cavalry, dwarves as heavy
-- infantry, all regulars. With the option `fantasy`
-- (rulesets/modules/fantasy/phalanx/battle.lua) the wizard casts, the crows
-- fly and the saint holds a zone of sanctity. Base activation points 4: the command parts and a
-- point for drill.
return army {
  name = "The Elven Host",
  period = "Sword and Sorcery",
  allegiance = "law",
  activation_points = 4,
  key_vignettes = { "lord" },
  vignettes = {
    vignette { id = "lord", name = "The Elf-lord's household", class = "HCC", integrity = "V", army = "RA",
               part = "centre", general = true },
    vignette { id = "spears_1", name = "Elf spearmen of the white tower", creature = "elf_spearman", part = "centre" },
    vignette { id = "spears_2", name = "Elf spearmen of the grey havens", creature = "elf_spearman", part = "centre",
               in_line_with = "spears_1" },
    vignette { id = "dwarves_1", name = "Dwarves of the Iron Hills", creature = "dwarf", part = "centre" },
    vignette { id = "dwarves_2", name = "Dwarves of the Blue Mountains", creature = "dwarf", part = "centre",
               in_line_with = "dwarves_1" },
    vignette { id = "wizard", name = "The Grey Wizard", creature = "magician", part = "centre" },
    vignette { id = "knights_l", name = "Elf knights of the left", creature = "elf_knight", part = "left" },
    vignette { id = "archers_l", name = "Elf archers of the woods", creature = "elf_archer", part = "left" },
    vignette { id = "crows", name = "The tame crows of the forest", creature = "crows", part = "left" },
    vignette { id = "knights_r", name = "Elf knights of the right", creature = "elf_knight", part = "right" },
    vignette { id = "archers_r", name = "Elf archers of the hills", creature = "elf_archer", part = "right" },
    vignette { id = "saint", name = "Saint Cuthwin", creature = "saint", part = "right" },
  },
}
