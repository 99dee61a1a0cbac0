-- The Britons of Boudicca's rising, 60 AD, assaulting a Roman camp:
-- warbands, slingers, men with firebrands (javelins: hand-hurled fire), and
-- a party with a felled tree as a ram. An army for the sieges module
-- (scenarios/wrg/siege_camp.yaml); the fire and the ram are the scenario's.
return army {
  name = "Britons of the rising",
  period = "60 AD",
  nation = "Celtic",
  points_limit = 1000,
  units = {
    unit { id = "ram_party", name = "The men with the tree trunk", type = "LMI", class = "D", regular = false,
           weapons = { "sword" }, figures = 10, ranks = 2 },
    unit { id = "warband_a", name = "Warband of the Iceni", type = "LMI", class = "D", regular = false,
           weapons = { "sword", "javelin" }, figures = 24, ranks = 3 },
    unit { id = "warband_b", name = "Warband of the Trinovantes", type = "LMI", class = "D", regular = false,
           weapons = { "sword", "javelin" }, figures = 24, ranks = 3 },
    unit { id = "firebrands", name = "Men with firebrands", type = "LMI", class = "D", regular = false,
           weapons = { "javelin" }, figures = 12, ranks = 1 },
    unit { id = "firebrands_b", name = "More men with firebrands", type = "LMI", class = "D", regular = false,
           weapons = { "javelin" }, figures = 12, ranks = 1 },
    unit { id = "warband_c", name = "Warband of the Coritani", type = "LMI", class = "D", regular = false,
           weapons = { "sword", "javelin" }, figures = 24, ranks = 3 },
    unit { id = "slingers", name = "Slingers", type = "LI", class = "D", regular = false,
           weapons = { "sling" }, figures = 12, ranks = 2 },
    -- a bridging party: the men with a wagon-bed of planks lashed for a
    -- bridge over the camp's ditch (the scenario's `bridgers`, with its one
    -- `pontoons`: WRG's "Pontoon, with bridge section" read as a bridge
    -- section brought up on a wagon), in a column of 2 files round it (40
    -- mm, narrower than its 60 mm bridge: it fits beside a warband's lane)
    unit { id = "bridgers", name = "The men with the wagon bridge", type = "LMI", class = "D", regular = false,
           weapons = { "sword" }, figures = 8, ranks = 4 },
    unit { id = "chief", name = "The war leader and his champions", type = "LMI", class = "B", regular = false,
           weapons = { "sword", "javelin" }, figures = 8, ranks = 2, general = "c_in_c" },
  },
}
