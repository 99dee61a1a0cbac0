-- Exeter, 1068: the townsmen and the thegns who held the Roman walls for
-- eighteen days against King William (Orderic Vitalis IV; Gytha, Harold's
-- mother, was in the town). Huscarls and thegns, the townsmen in arms,
-- archers and slingers. A siege list for the sieges module
-- (scenarios/historicon/siege_exeter.yaml): they deploy on and inside the
-- walls.
return army {
  name = "Exeter's townsmen",
  period = "1068 AD",
  units = {
    unit { id = "thegns", name = "Thegns and huscarls of Gytha's household", troop = "EIF HIS", figures = 16, ranks = 2, general = true },
    unit { id = "townsmen_1", name = "Townsmen of Exeter", troop = "GIF HIS", figures = 24, ranks = 3 },
    unit { id = "townsmen_2", name = "Men of the shire within the walls", troop = "GIF HIS", figures = 24, ranks = 3 },
    unit { id = "burhwaru", name = "The burh's garrison (burhwaru)", troop = "AIF HIS", figures = 16, ranks = 2 },
    unit { id = "archers", name = "Archers on the walls", troop = "AIF LI", figures = 16, ranks = 2 },
    unit { id = "slingers", name = "Slingers", troop = "GIF LI", figures = 16, ranks = 2 },
  },
}
