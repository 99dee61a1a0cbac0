-- A tutorial army: spears and archers, one troop of horse. The line deploys
-- in list order, from the army's left to its right.
return army {
  name = "River Kingdom",
  units = {
    unit { id = "archers_left", class = "bow", name = "Left archers" },
    unit { id = "guard", class = "spear", name = "Royal guard" },
    unit { id = "levy", class = "spear", name = "Levy spears" },
    unit { id = "chariots", class = "horse", name = "Nobles' horse" },
    unit { id = "archers_right", class = "bow", name = "Right archers" },
    unit { id = "temple", class = "spear", name = "Temple spears" },
  },
}
