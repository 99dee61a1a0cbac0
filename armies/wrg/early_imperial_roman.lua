-- Early Imperial Roman, 25 BC - 197 AD. "Early Imperial legionaries: Pila
-- and javelins" (TROOPS ENTITLED TO MORE THAN ONE CLASS OF WEAPON);
-- auxiliary infantry as light-heavy infantry ("Some Roman Aux. of 1 & 2 come
-- into this category"); archers, auxiliary horse and bolt-throwers.
return army {
  name = "Early Imperial Roman",
  period = "25 BC - 197 AD",
  nation = "Roman",
  points_limit = 1000,
  units = {
    unit { id = "legio_a", name = "Legio XX Valeria Victrix", type = "HI", class = "C", regular = true,
           weapons = { "pilum", "javelin" }, figures = 24, ranks = 4 },
    unit { id = "legio_b", name = "Legio XIV Gemina", type = "HI", class = "C", regular = true,
           weapons = { "pilum", "javelin" }, figures = 24, ranks = 4 },
    unit { id = "auxilia", name = "Cohors I Batavorum", type = "LHI", class = "C", regular = true,
           weapons = { "javelin" }, figures = 16, ranks = 2 },
    unit { id = "sagittarii", name = "Cohors I Hamiorum sagittaria", type = "LI", class = "C", regular = true,
           weapons = { "bow" }, figures = 10, ranks = 2 },
    unit { id = "ala", name = "Ala Petriana", type = "MC", class = "C", regular = true,
           weapons = { "javelin" }, figures = 12, ranks = 2 },
    unit { id = "equites_singulares", name = "The legate and the equites singulares", type = "HC", class = "B", regular = true,
           weapons = { "spear" }, figures = 8, ranks = 2, general = "c_in_c" },
    unit { id = "scorpiones", name = "Scorpiones", type = "ENG", engine = "light_bolt", class = "C", regular = true, figures = 2 },
  },
}
