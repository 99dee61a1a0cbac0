-- The battle-quality goals the shipped scenarios' commanders do not meet yet
-- (issue #13), each with the bound tests/quality/gate.lua holds it to: a
-- share at least (decided, engaged), or at most (moved_nothing, absurd acts
-- a battle); mirror = an unfair mirror match. Written by tools/quality-shortfalls
-- from 200 battles a scenario (seed 1); a goal met is taken off the list.
return {
  ["historicon/argentoratum"] = { engaged = 0.45 },
  ["historicon/fantasy_chaos_warhost"] = { engaged = 0.68 },
  ["historicon/fantasy_holy_war"] = { engaged = 0.55 },
  ["historicon/mohi"] = { decided = 0.81, engaged = 0.34 },
  ["historicon/plataea"] = { decided = 0.83, engaged = 0.48 },
  ["historicon/winter_on_the_rhine"] = { engaged = 0.18 },
  ["into_glory_ride/isandlwana"] = { engaged = 0.47 },
  ["into_glory_ride/leipzig"] = { engaged = 0.26 },
  ["into_glory_ride/waterloo"] = { engaged = 0.40 },
  ["into_glory_ride/waterloo_in_the_rain"] = { engaged = 0.20 },
  ["phalanx/bench"] = { engaged = 0.25 },
  ["phalanx/default"] = { engaged = 0.29 },
  ["phalanx/desert_wind"] = { engaged = 0.25 },
  ["phalanx/fantasy_chaos_horde"] = { engaged = 0.20 },
  ["phalanx/fantasy_holy_war"] = { engaged = 0.28 },
  ["phalanx/fog_and_rain"] = { engaged = 0.29 },
  ["phalanx/gaugamela"] = { engaged = 0.28 },
  ["wrg/chalons"] = { absurd = 0.03, decided = 0.78, mirror = "unfair" },
  ["wrg/ctesiphon"] = { absurd = 0.04, decided = 0.51, mirror = "unfair" },
  ["wrg/ctesiphon_night"] = { decided = 0.45, mirror = "unfair" },
  ["wrg/fantasy_dark_host"] = { absurd = 0.03, decided = 0.69, mirror = "unfair" },
  ["wrg/fantasy_holy_war"] = { absurd = 0.04, decided = 0.41, mirror = "unfair" },
  ["wrg/gaugamela"] = { decided = 0.75, mirror = "unfair" },
  ["wrg/hydaspes"] = { decided = 0.70 },
  ["wrg/issus"] = { absurd = 0.03, decided = 0.66, mirror = "unfair" },
  ["wrg/medway"] = { decided = 0.49, mirror = "unfair" },
  ["wrg/medway_15mm"] = { decided = 0.28, mirror = "unfair" },
  ["wrg/medway_15mm_inch"] = { absurd = 0.04, decided = 0.29, mirror = "unfair" },
  ["wrg/mons_graupius"] = { decided = 0.24, mirror = "unfair" },
  ["wrg/mons_graupius_fog"] = { absurd = 0.03 },
  ["wrg/siege_camp"] = { absurd = 0.03 },
  ["wrg/siege_landing"] = { absurd = 0.03 },
}
