-- A fantasy army built under the "Fantasy army composition" limits: a
-- mountain hold of armoured dwarves. Points (Points value): 1 a figure,
-- +1/2 if it shoots, +1/2 for heavy armour, x2 for E class, x1/2 for G
-- class. HI are 50% or more of the points, E class no more than 25%, VLI no
-- more than 5%; `sandtable check` reports each limit broken.
return army {
  name = "Dwarf Hold of Khaz Baragund",
  period = "fantasy",
  fantasy = true,
  points_limit = 200,
  units = {
    unit { id = "ironbreakers", name = "Ironbreakers of the king's hall", troop = "ERA HIN-A", figures = 16, ranks = 4, general = true },
    unit { id = "clan_1", name = "Clan Durgrim spears", troop = "ARA HIS", figures = 32, ranks = 4 },
    unit { id = "clan_2", name = "Clan Ostvar spears", troop = "ARA HIS", figures = 32, ranks = 4 },
    unit { id = "thunderers", name = "Thunderers with handbows", troop = "ARA HIB", figures = 24, ranks = 2 },
    unit { id = "rangers", name = "Rangers of the high passes", troop = "ARA LI", figures = 16, ranks = 2 },
    unit { id = "scouts", name = "Tunnel scouts", troop = "GRA VLI", figures = 8, ranks = 2, formed = false },
    unit { id = "boar_riders", name = "Boar riders", troop = "ARA HC", figures = 12, ranks = 1 },
  },
}
