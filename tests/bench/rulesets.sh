#!/usr/bin/env bash
# Battles per second and instructions per battle for every shipped scenario
# of every ruleset: a benchmark (a measurement, not a test). Prints a
# Markdown table for docs/performance.md.
#
#   tests/bench/rulesets.sh build/sandtable            # wall clock, 1 and 2 threads
#   CALLGRIND=1 tests/bench/rulesets.sh build/sandtable  # and instructions per battle (slow)
#
# TRIALS (default 200) battles per run; instructions are per battle from
# callgrind over (2 x SMALL) minus SMALL battles (default SMALL=5), so the
# fixed cost of a run (loading, parsing) cancels out. SCENARIOS (default
# every shipped one) limits the list, e.g. SCENARIOS="scenarios/hinds/*.yaml".
# tests/bench/threads.sh measures 1 -> 2 threads on one scenario in detail.
set -euo pipefail
SANDTABLE=${1:?usage: tests/bench/rulesets.sh path/to/sandtable}
TRIALS=${TRIALS:-200}
SMALL=${SMALL:-5}
cd "$(dirname "$0")/../.."

rate() {  # rate SCENARIO THREADS -> "battles/s CPU-ms-a-battle": the program's rate, and
  # user + system CPU time per battle (/usr/bin/time), which a loaded machine
  # changes much less than the wall clock (the run's fixed cost, loading and
  # parsing, is spread over TRIALS)
  local t; t=$(mktemp)
  local r; r=$(/usr/bin/time -f "%U %S" -o "$t" "$SANDTABLE" sim "$1" --trials "$TRIALS" --threads "$2" --keep-going \
    --format json --out /dev/null 2>&1 >/dev/null | sed -n 's/.*(\([0-9.]*\) battles\/s).*/\1/p' | tail -1)
  awk -v r="$r" -v n="$TRIALS" '{ printf "%s %.2f\n", r, 1000 * ($1 + $2) / n }' "$t"; rm -f "$t"
}
instructions() {  # instructions SCENARIO N -> callgrind's total for N battles on one thread
  local out; out=$(mktemp)
  # Under callgrind a battle runs ~50x slower: without a long trial timeout the
  # watchdog (30 s) stops long battles and the total comes out too low.
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$SANDTABLE" sim "$1" --trials "$2" --threads 1 \
    --trial-timeout 100000 --keep-going --quiet --format json --out /dev/null 2>"$out" || true
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out"; rm -f "$out"
}

printf '| scenario | 1 thread (battles/s) | 2 threads (battles/s) | 2 / 1 | CPU ms a battle (1 / 2 threads) |%s\n' \
  "${CALLGRIND:+ instructions per battle |}"
printf '|---|---|---|---|---|%s\n' "${CALLGRIND:+---|}"
for s in ${SCENARIOS:-scenarios/*/*.yaml}; do
  read -r one cpu1 <<<"$(rate "$s" 1)"; read -r two cpu2 <<<"$(rate "$s" 2)"
  ratio=$(awk -v a="$one" -v b="$two" 'BEGIN { if (a > 0) printf "%.2f", b / a; else print "-" }')
  extra=""
  if [ -n "${CALLGRIND:-}" ]; then
    a=$(instructions "$s" "$SMALL"); b=$(instructions "$s" $((2 * SMALL)))
    extra=" $(awk -v a="$a" -v b="$b" -v n="$SMALL" 'BEGIN { printf "%.1f M", (b - a) / n / 1e6 }') |"
  fi
  printf '| %s | %s | %s | %s | %s / %s |%s\n' "$s" "$one" "$two" "$ratio" "$cpu1" "$cpu2" "$extra"
done
