-- Schwarzenberg's Army of Bohemia at Leipzig, 16 October 1813: Russians,
-- Prussians and Austrians attacking the French southern front (Wachau,
-- Liebertwolkwitz, Markkleeberg). A 24-vignette army (Larger Armies:
-- "multiples of 12"); a vignette is about a division, a brigade-sized
-- Prussian corps, a cavalry corps or a grand battery.
--
-- Line infantry are HIM III, Epoch II (smoothbore muskets); the Silesian
-- Landwehr Class II; the Russian Grenadiers and the Austrian grenadier
-- reserve IV, the Russian and Prussian Guard V. Russian 12-pounder
-- position batteries are heavy ART. Jaegers skirmish (VLI, LIN). Cuirassiers
-- HCC; Pahlen's hussars and uhlans LSC; Platov's Cossacks LSC IA.
--
-- Deployment: the army list permits multiple lines (multiple_lines = true);
-- the columns of the first attack form the MBL; the Russian and Prussian
-- Guards, the grenadiers and the reserve cavalry stand in the second line
-- (off_main_line), the army's last line. The General's vignette is the
-- Austrian grenadier reserve (Schwarzenberg); the Russian Guard, which
-- the Tsar would not see lost, is the key vignette.
--
-- Base activation points 6: a coalition of three armies under a commander
-- who had to consult the monarchs, slower to command than Napoleon's (8).
return army {
  name = "Army of Bohemia at Leipzig",
  period = "1813 AD",
  activation_points = 6,
  multiple_lines = true,
  key_vignettes = { "russian_guard" },
  vignettes = {
    -- Left wing (west): Merveldt across the Pleisse, Kleist at Markkleeberg.
    vignette { id = "merveldt", name = "Merveldt's Austrian II Corps", class = "HIM", integrity = "III",
               army = "RA", epoch = "II", part = "left" },
    vignette { id = "kleist", name = "Kleist's Prussian II Corps", class = "HIM", integrity = "III", army = "RA",
               epoch = "II", part = "left" },
    vignette { id = "landwehr", name = "Silesian Landwehr of Kleist's corps", class = "HIM", integrity = "II",
               army = "RA", epoch = "II", part = "left", in_line_with = "kleist" },
    vignette { id = "prussian_jaeger", name = "Prussian Jager and fusiliers", class = "LIN", integrity = "III",
               army = "RA", epoch = "II", part = "left", off_main_line = true },
    vignette { id = "roeder", name = "Roder's Prussian reserve cavalry", class = "HCC", integrity = "III",
               army = "RA", part = "left", off_main_line = true },
    -- Centre: Eugen of Wurttemberg at Wachau, Gorchakov at Liebertwolkwitz.
    vignette { id = "eugen", name = "Eugen of Wurttemberg's II Infantry Corps", class = "HIM", integrity = "III",
               army = "RA", epoch = "II", part = "centre" },
    vignette { id = "eugen_2", name = "Eugen's second division", class = "HIM", integrity = "III", army = "RA",
               epoch = "II", part = "centre", in_line_with = "eugen" },
    vignette { id = "russian_battery", name = "Russian 12-pounder position batteries", class = "ART",
               integrity = "III", army = "RA", epoch = "II", weight = "heavy", part = "centre" },
    vignette { id = "gorchakov", name = "Gorchakov's I Infantry Corps", class = "HIM", integrity = "III",
               army = "RA", epoch = "II", part = "centre" },
    vignette { id = "pirch", name = "Pirch's Prussian 10th brigade", class = "HIM", integrity = "III",
               army = "RA", epoch = "II", part = "centre" },
    vignette { id = "russian_jaegers", name = "Russian jaegers", class = "VLI", integrity = "III", army = "RA",
               epoch = "II", part = "centre", off_main_line = true },
    vignette { id = "pahlen", name = "Pahlen's hussars and uhlans", class = "LSC", integrity = "III", army = "RA",
               epoch = "II", part = "centre", off_main_line = true },
    -- Centre, second line: the Guards, the grenadiers, the reserve.
    vignette { id = "russian_guard", name = "The Russian Guard infantry (Yermolov)", class = "HIM",
               integrity = "V", army = "RA", epoch = "II", part = "centre", off_main_line = true },
    vignette { id = "prussian_guard", name = "The Prussian Guard brigade", class = "HIM", integrity = "V",
               army = "RA", epoch = "II", part = "centre", off_main_line = true },
    vignette { id = "grenadiers", name = "Rayevsky's Russian Grenadier Corps", class = "HIM", integrity = "IV",
               army = "RA", epoch = "II", part = "centre", off_main_line = true },
    vignette { id = "austrian_reserve", name = "Hessen-Homburg's Austrian grenadiers", class = "HIM",
               integrity = "IV", army = "RA", epoch = "II", part = "centre", off_main_line = true, general = true },
    vignette { id = "guard_cuirassiers", name = "Russian Guard cuirassiers", class = "HCC", integrity = "V",
               army = "RA", part = "centre", off_main_line = true },
    vignette { id = "guard_artillery", name = "Russian Guard artillery", class = "ART", integrity = "IV",
               army = "RA", epoch = "II", weight = "heavy", part = "centre", off_main_line = true },
    -- Right wing (east): Klenau's Austrians at the Kolmberg, Ziethen.
    vignette { id = "klenau", name = "Klenau's Austrian IV Corps", class = "HIM", integrity = "III", army = "RA",
               epoch = "II", part = "right" },
    vignette { id = "klenau_2", name = "Klenau's second division", class = "HIM", integrity = "III", army = "RA",
               epoch = "II", part = "right", in_line_with = "klenau" },
    vignette { id = "ziethen", name = "Ziethen's Prussian 11th brigade", class = "HIM", integrity = "III",
               army = "RA", epoch = "II", part = "right" },
    vignette { id = "platov", name = "Platov's Cossacks", class = "LSC", integrity = "IV", army = "IA",
               epoch = "II", part = "right", off_main_line = true },
    vignette { id = "nostitz", name = "Nostitz's Austrian cuirassiers", class = "HCC", integrity = "IV",
               army = "RA", part = "right", off_main_line = true },
    vignette { id = "austrian_artillery", name = "Austrian position batteries", class = "ART", integrity = "III",
               army = "RA", epoch = "II", weight = "medium", part = "right", off_main_line = true },
  },
}
