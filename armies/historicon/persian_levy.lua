-- Achaemenid Persian levy army, 480 - 479 BC: the army of Xerxes and
-- Mardonius. The Immortals and the sparabara (spear and wicker shield in
-- front, bows behind: HIB) are the regular core; the subject nations'
-- levies are Green InFormal ("GIF are Green InFormal troops, such as
-- Persian Levy"). Persian and Saka horse are the best arm.
return army {
  name = "Persian Levy",
  period = "480 BC - 479 BC",
  units = {
    unit { id = "immortals", name = "The Immortals", troop = "ERA HIB", figures = 24, ranks = 3, general = true },
    unit { id = "sparabara", name = "Persian sparabara", troop = "ARA HIB", figures = 24, ranks = 3 },
    unit { id = "levy_1", name = "Median and Kissian levy", troop = "GIF HIN", figures = 32, ranks = 4 },
    unit { id = "levy_2", name = "Assyrian levy with clubs", troop = "GIF HIN", figures = 32, ranks = 4 },
    unit { id = "archers", name = "Levy archers", troop = "GIF LI", figures = 24, ranks = 2 },
    unit { id = "slingers", name = "Slingers", troop = "GIF VLI", figures = 16, ranks = 2, formed = false },
    unit { id = "horse", name = "Persian noble horse", troop = "ARA HC", figures = 16, ranks = 2 },
    unit { id = "saka", name = "Saka horse archers", troop = "AIF LC", figures = 16, ranks = 2, formed = false },
  },
}
