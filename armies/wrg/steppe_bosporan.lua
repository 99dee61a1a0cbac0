-- The garrison of a Bosporan frontier post on the Kuban steppe, 3rd century
-- AD: citizen hoplites, archers of the walls and a stone-thrower that lobs
-- from inside the stockade, directed by the men on the walls; its water is
-- in a tank wagon (the scenario's). A garrison for the sieges module
-- (scenarios/wrg/siege_steppe_fire.yaml). An illustration built from WRG's
-- troop types.
return army {
  name = "Bosporan frontier post",
  period = "250 AD",
  nation = "Bosporan",
  points_limit = 1000,
  units = {
    unit { id = "hoplites", name = "Citizen hoplites", type = "HI", class = "C", regular = true,
           weapons = { "spear", "javelin" }, figures = 12, ranks = 2 },
    unit { id = "hoplites_b", name = "Second company of hoplites", type = "HI", class = "C", regular = true,
           weapons = { "spear", "javelin" }, figures = 12, ranks = 2 },
    unit { id = "archers", name = "Archers of the walls", type = "LI", class = "C", regular = true,
           weapons = { "bow" }, figures = 8, ranks = 2 },
    unit { id = "onager", name = "A stone-thrower of 30 minae", type = "ENG", engine = "stone_30_mina", class = "C",
           regular = true, figures = 1 },
    unit { id = "strategos", name = "The strategos and his guard", type = "HI", class = "B", regular = true,
           weapons = { "spear", "javelin" }, figures = 6, ranks = 2, general = "c_in_c" },
  },
}
