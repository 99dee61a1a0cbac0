-- The Saracen Host: the Holy Order's enemy in a Sword and Sorcery battle of
-- WRG 1973 Appendix IV -- a Moslem saint ("add 3 to the reaction totals of
-- all troops of their own side within 150 paces"), a hero, a magician and
-- an elephant, with horse archers, spearmen and lancers. From the fantasy
-- pack (rulesets/modules/fantasy/wrg/pack.lua). Plays with
-- `options: [fantasy]`. Listed in deployment order, left to right.
return army {
  name = "The Saracen Host",
  period = "Sword and Sorcery",
  allegiance = "law",
  points_limit = 1000,
  units = {
    unit { id = "horse_archers", name = "Turcoman horse archers", type = "LC", class = "C", regular = false,
           weapons = { "bow" }, figures = 12, ranks = 2, shield = false },
    unit { id = "spearmen", name = "Ahdath spearmen", type = "MI", class = "C", regular = true,
           weapons = { "spear" }, figures = 24, ranks = 3 },
    unit { id = "saint", name = "The Sheikh", creature = "moslem_saint", figures = 1 },
    unit { id = "mamluks", name = "Mamluks", type = "HC", class = "B", regular = true,
           weapons = { "lance", "bow" }, figures = 10, ranks = 2, general = "c_in_c" },
    unit { id = "hero", name = "Emir Usama", creature = "hero", figures = 1 },
    unit { id = "wizard", name = "The astrologer", creature = "magician", figures = 1 },
    unit { id = "elephant", name = "The Sultan's elephants", type = "EL", class = "B", regular = false,
           figures = 2, crew = { "bow", "javelin" } },
    unit { id = "archers", name = "Foot archers", type = "LI", class = "C", regular = false,
           weapons = { "bow" }, figures = 16, ranks = 2 },
  },
}
