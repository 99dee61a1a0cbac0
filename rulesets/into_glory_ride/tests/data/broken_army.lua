-- A broken Into Glory Ride army list for battle_test.lua (`sandtable check`): too few
-- vignettes, an HIM without an epoch, a Phalanx army class, ART without a weight.
return army {
  name = "Broken", period = "1815 AD", activation_points = 4,
  vignettes = {
    vignette { id = "a", name = "Line", class = "HIM", integrity = "III", army = "RA", part = "centre", general = true },
    vignette { id = "b", name = "Guns", class = "ART", integrity = "III", army = "IF", part = "centre", epoch = "II" },
  },
}
