#!/usr/bin/env bash
# Scaling of ranks x threads, MPI start-up and gather size (docs/performance.md,
# "Experiments across processes"). Usage: bash tests/bench/distributed.sh build/sandtable [TRIALS] [REPEATS]
set -uo pipefail
S=$(realpath "${1:?usage: distributed.sh path/to/sandtable [trials] [repeats]}")
N=${2:-400}
R=${3:-3}
SCEN=$(realpath scenarios/phalanx/bench.yaml)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
cd "$TMP"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
run_timed() {  # COMMAND...: "wall cpu" seconds (cpu = user + sys of it and its children, e.g. mpirun's ranks)
  local out
  out=$( { TIMEFORMAT='%R %U %S'; time "$@" >/dev/null 2>&1; } 2>&1 | tail -1)
  echo "$out" | awk '{printf "%s %s\n", $1, $2 + $3}'
}
measure() {  # LABEL COMMAND...: median wall time, rate, and CPU seconds per battle
  local label=$1; shift
  local walls=() cpus=() w c line
  for _ in $(seq 1 "$R"); do
    line=$(run_timed "$@"); walls+=("${line% *}"); cpus+=("${line#* }")
  done
  w=$(printf '%s\n' "${walls[@]}" | median)
  c=$(printf '%s\n' "${cpus[@]}" | median)
  printf '%-42s wall %6.2f s  %6.0f battles/s  CPU %6.2f s (%5.1f ms a battle)  walls: %s\n' "$label" "$w" \
    "$(echo "$N / $w" | bc -l)" "$c" "$(echo "1000 * $c / $N" | bc -l)" "$(printf '%.2f ' "${walls[@]}")"
}
shards() {  # K: K shard processes at once, 1 thread each, then merge
  local k=$1
  for i in $(seq 1 "$k"); do "$S" sim "$SCEN" -n "$N" -j 1 --shard "$i/$k" --trials-out "p$i.jsonl" & done
  wait
  "$S" merge p*.jsonl >/dev/null
  rm -f p*.jsonl
}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); nproc $(nproc); $N trials of bench.yaml; median of $R"
measure "1 process x 1 thread" "$S" sim "$SCEN" -n "$N" -j 1
measure "1 process x 2 threads" "$S" sim "$SCEN" -n "$N" -j 2
measure "2 shards x 1 thread + merge" shards 2
if ldd "$S" | grep -q libmpi && command -v mpirun >/dev/null; then
  measure "mpirun -n 1 x 1 thread" mpirun -n 1 "$S" sim "$SCEN" -n "$N" -j 1
  measure "mpirun -n 2 x 1 thread" mpirun -n 2 --bind-to none "$S" sim "$SCEN" -n "$N" -j 1
  measure "mpirun -n 2 x 2 threads (oversubscribed)" mpirun -n 2 --bind-to none --oversubscribe "$S" sim "$SCEN" -n "$N" -j 2
  measure "mpirun -n 4 x 1 thread (oversubscribed)" mpirun -n 4 --bind-to none --oversubscribe "$S" sim "$SCEN" -n "$N" -j 1
  echo "start-up (one trial):"
  N=1 measure "  1 process" "$S" sim "$SCEN" -n 1 -j 1
  N=1 measure "  mpirun -n 1" mpirun -n 1 "$S" sim "$SCEN" -n 1 -j 1
  N=1 measure "  mpirun -n 2" mpirun -n 2 --bind-to none "$S" sim "$SCEN" -n 2 -j 1
  N=1 measure "  mpirun -n 1 /bin/true" mpirun -n 1 /bin/true
fi
"$S" sim "$SCEN" -n 200 --trials-out t.jsonl >/dev/null 2>&1
echo "gather size: $(tail -n +2 t.jsonl | wc -c) bytes for 200 trial lines = $(( $(tail -n +2 t.jsonl | wc -c) / 200 )) bytes a trial (one variant)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
