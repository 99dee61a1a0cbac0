-- Medieval English, 1337-1453: the Hundred Years' War armies of Edward III and
-- Henry V (Crecy 1346, Poitiers 1356, Agincourt 1415): three battles of
-- dismounted men-at-arms with the longbowmen on their flanks, a mounted reserve
-- for the counter-stroke (the Captal de Buch at Poitiers). Longbowmen behind
-- stakes may use the optional Field Defences rule.
--
-- Base activation points 4: 3 for the three command parts, +1 for the chain
-- of command of the three battles (vaward, main and rearward, each under a
-- named lord). No drill point: the retinues were indentured companies raised
-- along lines of lordship, so everything is IF (2 AP a group) and the army
-- fights best standing where it deployed, as it did.
--
-- The King's archers are two vignettes of the centre beside the King's
-- battle, not in-line linked to it: the longbowmen formed their own bodies
-- (the "herces") on the flanks of each battle of men-at-arms, as at Crecy.
-- (Linked into one rigid three-vignette centre, the list could not deploy
-- legally on the standard 6'x4' table: Deployment's gap of at most three
-- frontages cannot be kept from one 24 cm link to both wings across a 90 cm
-- centre sector; three bodies of the centre can.)
return army {
  name = "Medieval English",
  period = "1337 AD - 1453 AD",
  activation_points = 4,
  key_vignettes = { "vaward" },
  vignettes = {
    vignette { id = "kings_battle", name = "The King's battle of dismounted men-at-arms", class = "HIN",
               integrity = "IV", army = "IF", part = "centre", general = true,
               notes = "Dismounted men-at-arms with poleaxes and shortened lances: HIN." },
    vignette { id = "longbows_centre_1", name = "Longbowmen of the King's battle", class = "HIB",
               integrity = "IV", army = "IF", part = "centre" },
    vignette { id = "longbows_centre_2", name = "Cheshire longbowmen", class = "HIB",
               integrity = "IV", army = "IF", part = "centre" },
    vignette { id = "rearward", name = "Rearward battle of dismounted men-at-arms", class = "HIN",
               integrity = "III", army = "IF", part = "left" },
    vignette { id = "longbows_left_1", name = "Longbowmen of the rearward", class = "HIB",
               integrity = "III", army = "IF", part = "left", in_line_with = "rearward" },
    vignette { id = "longbows_left_2", name = "Shire levy longbowmen", class = "HIB",
               integrity = "II", army = "IF", part = "left" },
    vignette { id = "welsh", name = "Welsh spearmen and knifemen", class = "LIN",
               integrity = "II", army = "IF", part = "left", supports = "rearward" },
    vignette { id = "vaward", name = "The Prince with the vaward battle", class = "HIN",
               integrity = "IV", army = "IF", part = "right" },
    vignette { id = "longbows_right_1", name = "Longbowmen of the vaward", class = "HIB",
               integrity = "IV", army = "IF", part = "right", in_line_with = "vaward" },
    vignette { id = "longbows_right_2", name = "Retinue longbowmen", class = "HIB",
               integrity = "III", army = "IF", part = "right" },
    vignette { id = "mounted_reserve", name = "Mounted reserve of men-at-arms", class = "CAT",
               integrity = "III", army = "IF", part = "right" },
    vignette { id = "hobilars", name = "Hobilars", class = "LSC",
               integrity = "II", army = "IF", part = "right", off_main_line = true },
  },
}
