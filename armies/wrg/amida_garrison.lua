-- The Roman garrison of Amida, 359 AD (Ammianus XIX): detachments of
-- legionaries, the archers of the walls and bolt-throwers, under the
-- comes. A garrison for the sieges module (scenarios/wrg/siege_amida.yaml):
-- the walls it holds are the scenario's.
return army {
  name = "Garrison of Amida",
  period = "359 AD",
  nation = "Roman",
  points_limit = 1000,
  units = {
    unit { id = "magnentiaci", name = "Legio Magnentiaci", type = "HI", class = "C", regular = true,
           weapons = { "long_spear", "javelin" }, figures = 12, ranks = 2 },
    unit { id = "decentiaci", name = "Legio Decentiaci", type = "HI", class = "C", regular = true,
           weapons = { "long_spear", "javelin" }, figures = 12, ranks = 2 },
    unit { id = "sagittarii", name = "Sagittarii of the walls", type = "LI", class = "C", regular = true,
           weapons = { "bow" }, figures = 8, ranks = 2 },
    unit { id = "superventores", name = "Superventores", type = "LHI", class = "C", regular = true,
           weapons = { "long_spear", "darts" }, figures = 12, ranks = 2 },
    -- a scorpion (the onager of the walls): "our scorpions ... broke the
    -- joints of the towers with round stones" (Ammianus XIX 7); the
    -- sieges module has it shoot at a siege tower or penthouse in range
    -- (wrg/engines.lua EN.bombard), else lob over the walls from inside
    -- (wrg/lob_inside.lua)
    unit { id = "scorpion", name = "A scorpion of the walls", type = "ENG", engine = "stone_30_mina", class = "C",
           regular = true, figures = 1 },
    unit { id = "comes", name = "Aelianus the comes and his guard", type = "HI", class = "B", regular = true,
           weapons = { "long_spear", "javelin" }, figures = 8, ranks = 2, general = "c_in_c" },
  },
}
