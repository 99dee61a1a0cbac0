-- Spartan Greek, 550 - 371 BC: the Spartiates and perioikoi, drilled and
-- paid (RA), with the hoplites of the Peloponnesian League (IF: citizen
-- levies raised city by city), helot skirmishers and a little cavalry.
-- "ERA troops are Elite Regular Army (such as Spartan Hoplites)."
-- One figure is about 62 men: 24 Spartiates are a mora's worth of hoplites.
return army {
  name = "Spartan Greek",
  period = "550 BC - 371 BC",
  units = {
    unit { id = "spartiates", name = "Spartiates of the royal mora", troop = "ERA HIS", figures = 24, ranks = 4, general = true },
    unit { id = "perioikoi", name = "Perioikoi hoplites", troop = "ARA HIS", figures = 24, ranks = 4 },
    unit { id = "tegeans", name = "Tegean hoplites", troop = "AIF HIS", figures = 32, ranks = 4 },
    unit { id = "corinthians", name = "Corinthian hoplites", troop = "AIF HIS", figures = 32, ranks = 4 },
    unit { id = "skiritai", name = "Skiritai", troop = "ARA LI", figures = 12, ranks = 2 },
    unit { id = "helots", name = "Helot psiloi with javelins and stones", troop = "GIF VLI", figures = 16, ranks = 2, formed = false },
    unit { id = "cavalry", name = "Lakedaimonian horse", troop = "GIF HC", figures = 16, ranks = 2 },
  },
}
