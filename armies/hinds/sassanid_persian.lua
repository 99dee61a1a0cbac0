-- Sassanid Persian, AD 224 - 651: clibanarii ("The Persian and later Roman
-- Clibanari", the rare 1st class), horse archers (mounted archers: long
-- range 18), heavy archers with the oriental bow, and levy spearmen.
return army {
  name = "Sassanid Persian",
  period = "AD 224 - 651",
  units = {
    unit { id = "clibanarii", name = "Clibanarii", arm = "mounted", class = 1, bases = 4, per_base = 3, officers = 1 },
    unit { id = "savaran", name = "Savaran", arm = "mounted", class = 2, bases = 4, per_base = 3, officers = 1, missile = "oriental_bow" },
    unit { id = "horse_archers_1", name = "Horse archers", arm = "mounted", class = 3, bases = 4, per_base = 3, missile = "bow" },
    unit { id = "horse_archers_2", name = "Arab horse archers", arm = "mounted", class = 4, bases = 4, per_base = 3, missile = "bow" },
    unit { id = "archers", name = "Persian heavy archers", arm = "foot", class = 3, bases = 6, per_base = 4, officers = 1, missile = "oriental_bow" },
    unit { id = "levy_1", name = "Levy spearmen", arm = "foot", class = 4, bases = 6, per_base = 5, pole_arms = true },
    unit { id = "levy_2", name = "Levy spearmen", arm = "foot", class = 4, bases = 6, per_base = 5, pole_arms = true },
    unit { id = "dailami", name = "Dailami infantry", arm = "foot", class = 3, bases = 6, per_base = 4, officers = 1, missile = "javelin" },
  },
}
