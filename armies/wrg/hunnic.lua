-- Hunnic, 370 - 470 AD: "Huns: Bow and javelins" (TROOPS ENTITLED TO MORE
-- THAN ONE CLASS OF WEAPON), barbarian light horse in loose order ("Hostile
-- Huns within 150 paces" is a reaction factor against them), Attila's
-- nobles as heavier horse, and subject Germans ("Units of subject levies
-- ... will change sides if they get better than "Halt"" in the army
-- reaction test: allegiance "subject"), the Gepids on foot with the
-- "francisca or other heavy throwing spear" of the pilum row. The units of
-- this (nation "Hun") list that are not subjects are the "Hostile Huns" of
-- the reaction test (troops.is_hun).
return army {
  name = "Hunnic",
  period = "370 - 470 AD",
  nation = "Hun",
  points_limit = 1000,
  units = {
    unit { id = "nobles", name = "Attila and his nobles", type = "MC", class = "B", regular = false,
           weapons = { "bow", "javelin" }, figures = 10, ranks = 2, general = "c_in_c" },
    unit { id = "horde_a", name = "Horde of the Akatziri", type = "LC", class = "C", regular = false,
           weapons = { "bow", "javelin" }, figures = 12, ranks = 2, shield = false },
    unit { id = "horde_b", name = "Horde of the Kutriguri", type = "LC", class = "C", regular = false,
           weapons = { "bow", "javelin" }, figures = 12, ranks = 2, shield = false },
    unit { id = "horde_c", name = "Horde of the Utiguri", type = "LC", class = "D", regular = false,
           weapons = { "bow", "javelin" }, figures = 12, ranks = 2, shield = false },
    unit { id = "horde_d", name = "Horde of the Sabiri", type = "LC", class = "D", regular = false,
           weapons = { "bow", "javelin" }, figures = 12, ranks = 2, shield = false },
    unit { id = "gepids", name = "Gepid warband", type = "MI", class = "D", regular = false,
           weapons = { "francisca" }, figures = 36, ranks = 3, allegiance = "subject" },
    unit { id = "ostrogoths", name = "Ostrogothic horse", type = "HC", class = "C", regular = false,
           weapons = { "lance" }, figures = 8, ranks = 2, allegiance = "subject" },
  },
}
