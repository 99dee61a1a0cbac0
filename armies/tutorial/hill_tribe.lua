-- A tutorial army: many spears and two troops of horse, few missiles.
-- The line deploys in list order, from the army's left to its right.
return army {
  name = "Hill Tribe",
  units = {
    unit { id = "riders_left", class = "horse", name = "Left riders" },
    unit { id = "spears_1", class = "spear", name = "Chief's spears" },
    unit { id = "spears_2", class = "spear", name = "Clan spears" },
    unit { id = "slingers", class = "bow", name = "Slingers" },
    unit { id = "spears_3", class = "spear", name = "Young spears" },
    unit { id = "spears_4", class = "spear", name = "Old spears" },
    unit { id = "riders_right", class = "horse", name = "Right riders" },
  },
}
