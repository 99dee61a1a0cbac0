#!/usr/bin/env bash
# 1 -> 2 threads on one scenario: a benchmark (a measurement, not a test).
#
#   tests/bench/threads.sh build/sandtable [scenario] [trials]
#
# Prints, for 1 and 2 threads, the wall clock, the battles per second and
# the CPU time (user + system) per battle, then the two ratios:
#   speed-up      = wall(1) / wall(2)   (the issue's goal: >= 1.8x; needs
#                   two idle cores, so it says little on a shared machine)
#   CPU per battle = cpu(2) / cpu(1)    (about 1.0 when the threads share
#                   nothing on the hot path -- no lock, no allocator
#                   contention; it holds on a loaded machine too, since
#                   waiting for a core costs no CPU time)
# REPEAT (default 3) runs of each; the medians are printed.
set -euo pipefail
SANDTABLE=${1:?usage: tests/bench/threads.sh path/to/sandtable [scenario] [trials]}
SCENARIO=${2:-scenarios/phalanx/bench.yaml}
TRIALS=${3:-500}
REPEAT=${REPEAT:-3}
cd "$(dirname "$0")/../.."

run() {  # run THREADS -> "wall cpu" of one run
  local out; out=$(mktemp)
  /usr/bin/time -f "%e %U %S" -o "$out" "$SANDTABLE" sim "$SCENARIO" --trials "$TRIALS" --threads "$1" \
    --quiet --out /dev/null >/dev/null 2>&1
  awk '{ printf "%s %.2f\n", $1, $2 + $3 }' "$out"; rm -f "$out"
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

declare -A WALL CPU
for t in 1 2; do
  runs=$(for _ in $(seq "$REPEAT"); do run "$t"; done)
  WALL[$t]=$(echo "$runs" | awk '{ print $1 }' | median)
  CPU[$t]=$(echo "$runs" | awk '{ print $2 }' | median)
done
echo "load average before the last run: $(cut -d' ' -f1-3 /proc/loadavg)  ($(nproc) cores)"
printf '| threads | wall (s) | battles/s | CPU ms a battle |\n|---|---|---|---|\n'
for t in 1 2; do
  awk -v t="$t" -v w="${WALL[$t]}" -v c="${CPU[$t]}" -v n="$TRIALS" \
    'BEGIN { printf "| %d | %.2f | %.0f | %.2f |\n", t, w, n / w, 1000 * c / n }'
done
awk -v w1="${WALL[1]}" -v w2="${WALL[2]}" -v c1="${CPU[1]}" -v c2="${CPU[2]}" \
  'BEGIN { printf "speed-up 1 -> 2 threads: %.2fx; CPU per battle at 2 threads / at 1: %.2f\n", w1 / w2, c2 / c1 }'
