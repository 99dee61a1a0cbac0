-- The Holy Order: a Christian army of WRG 1973 Appendix IV's "Sword and
-- Sorcery" appendix -- a warrior saint and a saint, a hero, knights and
-- men-at-arms, with the ents of the forest as allies ("normally neutral,
-- with a slight bias against chaos"). From the fantasy pack
-- (rulesets/modules/fantasy/wrg/pack.lua). Plays with `options: [fantasy]`.
-- Listed in deployment order, left to right.
return army {
  name = "The Holy Order",
  period = "Sword and Sorcery",
  allegiance = "law",
  points_limit = 1000,
  units = {
    unit { id = "ents", name = "Ents of the old forest", creature = "ent", figures = 6, ranks = 2 },
    unit { id = "archers", name = "Crossbowmen", type = "LI", class = "C", regular = true,
           weapons = { "crossbow" }, figures = 12, ranks = 2 },
    unit { id = "sergeants", name = "Sergeants", type = "HI", class = "C", regular = true,
           weapons = { "spear" }, figures = 24, ranks = 3 },
    unit { id = "saint", name = "Saint Bernard", creature = "saint", figures = 1 },
    unit { id = "knights", name = "Knights of the Order", type = "EHC", class = "B", regular = true,
           weapons = { "lance" }, figures = 8, ranks = 2, general = "c_in_c" },
    unit { id = "warrior_saint", name = "Saint George", creature = "warrior_saint", figures = 1 },
    unit { id = "hero", name = "Sir Roland", creature = "hero", figures = 1 },
    unit { id = "men", name = "Men-at-arms", type = "MI", class = "C", regular = true,
           weapons = { "spear" }, figures = 20, ranks = 2 },
  },
}
