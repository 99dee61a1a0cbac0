-- The battle-quality goals the shipped scenarios' commanders do not meet yet
-- (issue #13), each with the bound tests/quality/gate.lua holds it to: a
-- share at least (decided, engaged), or at most (moved_nothing, absurd acts
-- a battle); mirror = an unfair mirror match. Written by tools/quality-shortfalls
-- from 200 battles a scenario (seed 1); a goal met is taken off the list.
return {
  ["historicon/fantasy_chaos_warhost"] = { absurd = 0.03 },
  ["historicon/mohi"] = { mirror = "unfair" },
  ["wrg/chalons"] = { absurd = 0.03 },
  ["wrg/ctesiphon"] = { absurd = 0.05 },
  ["wrg/fantasy_dark_host"] = { absurd = 0.04 },
  ["wrg/fantasy_holy_war"] = { absurd = 0.05 },
  ["wrg/gaugamela"] = { mirror = "unfair" },
  ["wrg/issus"] = { absurd = 0.03 },
  ["wrg/medway"] = { absurd = 0.03 },
  ["wrg/medway_15mm"] = { absurd = 0.03 },
  ["wrg/medway_15mm_inch"] = { absurd = 0.09 },
  ["wrg/mons_graupius_fog"] = { absurd = 0.03 },
  ["wrg/siege_camp"] = { absurd = 0.03 },
}
