-- The Sassanid Persian army before Amida, 359 AD (Ammianus XIX): Shapur's
-- foot for the assault on the walls -- Daylami and levy infantry with
-- scaling ladders, a ram party, archers, a stone-thrower -- and a guard of
-- horse. A siege
-- army for the sieges module (scenarios/wrg/siege_amida.yaml); the ladders
-- and the ram are the scenario's (table.terrain, type: siege).
return army {
  name = "Sassanid Persians before Amida",
  period = "359 AD",
  nation = "Persian",
  points_limit = 1000,
  units = {
    unit { id = "ram_party", name = "Ram party of the Daylami", type = "MI", class = "C", regular = false,
           weapons = { "spear" }, figures = 6, ranks = 2 },
    unit { id = "daylami_a", name = "Daylami foot", type = "MI", class = "B", regular = false,
           weapons = { "spear", "javelin" }, figures = 16, ranks = 2 },
    unit { id = "daylami_b", name = "Daylami foot of the hills", type = "MI", class = "B", regular = false,
           weapons = { "spear", "javelin" }, figures = 16, ranks = 2 },
    unit { id = "daylami_c", name = "Daylami foot of Gilan", type = "MI", class = "B", regular = false,
           weapons = { "spear", "javelin" }, figures = 16, ranks = 2 },
    unit { id = "paighan", name = "Paighan levies", type = "MI", class = "E", regular = false,
           weapons = { "spear" }, figures = 24, ranks = 3 },
    unit { id = "archers", name = "Archers of the line", type = "LI", class = "C", regular = false,
           weapons = { "bow" }, figures = 12, ranks = 2 },
    unit { id = "slingers", name = "Slingers", type = "LI", class = "C", regular = false,
           weapons = { "sling" }, figures = 12, ranks = 2 },
    unit { id = "stone_thrower", name = "A stone-thrower of 30 minae", type = "ENG", engine = "stone_30_mina", class = "C",
           regular = false, figures = 1 },
    -- a second engine lobs its stones blind over the walls into the town
    -- (the scenario's `blind`)
    unit { id = "stone_thrower_b", name = "A second stone-thrower", type = "ENG", engine = "stone_30_mina", class = "C",
           regular = false, figures = 1 },
    unit { id = "savaran", name = "Shapur and the Savaran", type = "EHC", class = "B", regular = false,
           weapons = { "kontos", "bow" }, figures = 8, ranks = 2, shield = false, general = "c_in_c" },
  },
}
