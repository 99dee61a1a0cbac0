-- Napoleon's Grande Armee at Leipzig, 16 October 1813: the southern front
-- (Wachau, Liebertwolkwitz, Markkleeberg), facing Schwarzenberg's Army of
-- Bohemia. A 24-vignette army (Larger Armies: "multiples of 12"); the
-- "ten times" Napoleonic vignette is about a division, a cavalry corps or a
-- grand battery.
--
-- Line infantry are HIM III, Epoch II (the Charleville musket, as in the
-- 1815 list); the 1813 conscripts of Augereau's IX Corps and Souham's III
-- Corps Class II; the Young Guard IV, the Old Guard V. Drouot's massed Guard
-- batteries at Wachau are heavy ART; the Guard horse artillery light ART.
-- Cuirassiers HCC, light cavalry and Polish lancers LSC.
--
-- Deployment: the army list permits multiple lines (multiple_lines = true;
-- Deployment: "Unless permitted by the army list, all vignettes must be
-- deployed in one line"). The corps of the first line form the MBL; the
-- Guard, the reserve cavalry and Souham's late-arriving corps stand in the
-- second line (off_main_line), which is the army's last line (Victory:
-- "the side is defeated when any vignette of the last line is broken").
-- The General's vignette is the Old Guard (Napoleon at the Galgenberg);
-- Oudinot's Young Guard, the counter-attack at Wachau, is the key vignette.
--
-- Base activation points 8: Napoleon, with corps commanders to carry his
-- orders, commands twice the 1815 army with a little less than twice its
-- points (5 there).
return army {
  name = "Grande Armee at Leipzig",
  period = "1813 AD",
  activation_points = 8,
  multiple_lines = true,
  key_vignettes = { "oudinot" },
  vignettes = {
    -- Centre: Victor at Wachau, Drouot's guns, Lauriston at Liebertwolkwitz.
    vignette { id = "victor", name = "Victor's II Corps at Wachau", class = "HIM", integrity = "III",
               army = "RA", epoch = "II", part = "centre" },
    vignette { id = "victor_2", name = "Victor's II Corps, second division", class = "HIM", integrity = "III",
               army = "RA", epoch = "II", part = "centre", in_line_with = "victor" },
    vignette { id = "drouot", name = "Drouot's Guard grand battery", class = "ART", integrity = "IV", army = "RA",
               epoch = "II", weight = "heavy", part = "centre" },
    vignette { id = "lauriston", name = "Lauriston's V Corps at Liebertwolkwitz", class = "HIM", integrity = "III",
               army = "RA", epoch = "II", part = "centre" },
    vignette { id = "lauriston_2", name = "Lauriston's V Corps, second division", class = "HIM", integrity = "III",
               army = "RA", epoch = "II", part = "centre", in_line_with = "lauriston" },
    vignette { id = "voltigeurs", name = "Voltigeurs of II and V Corps", class = "VLI", integrity = "III",
               army = "RA", epoch = "II", part = "centre", off_main_line = true },
    vignette { id = "pajol", name = "Pajol's light cavalry (V Cavalry Corps)", class = "LSC", integrity = "III",
               army = "RA", epoch = "II", part = "centre", off_main_line = true },
    -- Centre, second line: the Guard and the reserve cavalry.
    vignette { id = "old_guard", name = "The Old Guard (Friant and Curial)", class = "HIM", integrity = "V",
               army = "RA", epoch = "II", part = "centre", off_main_line = true, general = true },
    vignette { id = "oudinot", name = "Oudinot's Young Guard", class = "HIM", integrity = "IV", army = "RA",
               epoch = "II", part = "centre", off_main_line = true },
    vignette { id = "mortier", name = "Mortier's Young Guard", class = "HIM", integrity = "IV", army = "RA",
               epoch = "II", part = "centre", off_main_line = true },
    vignette { id = "latour_maubourg", name = "Latour-Maubourg's cuirassiers (I Cavalry Corps)", class = "HCC",
               integrity = "IV", army = "RA", part = "centre", off_main_line = true },
    vignette { id = "guard_cavalry", name = "Nansouty's Guard cavalry", class = "HCC", integrity = "V", army = "RA",
               part = "centre", off_main_line = true },
    vignette { id = "guard_horse_artillery", name = "Guard horse artillery", class = "ART", integrity = "IV",
               army = "RA", epoch = "II", weight = "light", part = "centre", off_main_line = true },
    -- Left wing (east): Macdonald's XI Corps round the Kolmberg.
    vignette { id = "macdonald", name = "Macdonald's XI Corps", class = "HIM", integrity = "III", army = "RA",
               epoch = "II", part = "left" },
    vignette { id = "charpentier", name = "Charpentier's division (XI Corps)", class = "HIM", integrity = "III",
               army = "RA", epoch = "II", part = "left", in_line_with = "macdonald" },
    vignette { id = "xi_light", name = "Tirailleurs of XI Corps", class = "VLI", integrity = "II", army = "RA",
               epoch = "II", part = "left", off_main_line = true },
    vignette { id = "sebastiani", name = "Sebastiani's II Cavalry Corps", class = "LSC", integrity = "III",
               army = "RA", epoch = "II", part = "left", off_main_line = true },
    vignette { id = "souham", name = "Souham's III Corps, up from Duben", class = "HIM", integrity = "II",
               army = "RA", epoch = "II", part = "left", off_main_line = true },
    -- Right wing (west): Poniatowski and Augereau along the Pleisse.
    vignette { id = "poniatowski", name = "Poniatowski's VIII Corps (Poles)", class = "HIM", integrity = "III",
               army = "RA", epoch = "II", part = "right" },
    vignette { id = "augereau", name = "Augereau's IX Corps", class = "HIM", integrity = "II", army = "RA",
               epoch = "II", part = "right" },
    vignette { id = "corps_artillery", name = "Corps artillery of II and VIII Corps", class = "ART",
               integrity = "III", army = "RA", epoch = "II", weight = "medium", part = "right" },
    vignette { id = "kellermann", name = "Kellermann's IV Cavalry Corps (Polish lancers)", class = "LSC",
               integrity = "IV", army = "RA", epoch = "II", part = "right", off_main_line = true },
    vignette { id = "milhaud", name = "Milhaud's dragoons (V Cavalry Corps)", class = "HCC", integrity = "III",
               army = "RA", part = "right", off_main_line = true },
    vignette { id = "poniatowski_2", name = "Poniatowski's second division", class = "HIM", integrity = "III",
               army = "RA", epoch = "II", part = "right", off_main_line = true },
  },
}
