# mpirun -n 2 sandtable sim: the trials split over two ranks give a single
# process's outputs byte for byte; --until-ci rounds and --resume work under
# MPI; a rank that dies is reported and the run resumes to the same results.
# Skipped (exit 77) when this sandtable was built without MPI or mpirun is absent.
source "$(dirname "$0")/lib.bash" "$1"
SANDTABLE=$(realpath "$SANDTABLE")
cd "$TMP"
if ! command -v mpirun >/dev/null; then echo "SKIP: mpirun is not installed (apt-get install openmpi-bin libopenmpi-dev, rebuild)"; exit 77; fi
if ! ldd "$SANDTABLE" | grep -q libmpi; then echo "SKIP: $SANDTABLE was built without MPI (install libopenmpi-dev and reconfigure)"; exit 77; fi
# CI runs as root; Open MPI refuses root unless told.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Under `tools/dev sanitize`: Open MPI's own libraries and plugins leave
# blocks allocated at exit (LeakSanitizer reports them inside libmpi and in
# unloaded plugins), so leak checking is off for these runs; ASan's memory
# errors and UBSan still abort them.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
MPIRUN=(mpirun -n 2 --oversubscribe)

cat > s.yaml <<'YAML'
ruleset: phalanx
turns: 10
table: { size: 6x4, scale: 15-20mm, basing: 2, terrain: diced }
armies:
  - army: phalanx/early_imperial_roman
  - army: phalanx/gallic
YAML
printf 'return function(rules) end\n' > same.lua
RUN=(s.yaml --trials 50 --seed 5 --variant same=same.lua)
mkdir -p one mpi res
"$SANDTABLE" sim "${RUN[@]}" -j 2 --out one.txt --trials-out one.jsonl --report one/r.html 2>/dev/null
"$SANDTABLE" sim "${RUN[@]}" -j 2 --format json --out one.json 2>/dev/null

same_outputs() {  # PREFIX WHAT EXT...
  local p=$1 what=$2 ok=1; shift 2
  for ext in "$@"; do
    if [ "$ext" = html ]; then
      cmp -s one/r.html "$p/r.html" && cmp -s one/r.csv "$p/r.csv" || { ok=0; echo "  $p/r.html differs"; }
    else cmp -s "one.$ext" "$p.$ext" || { ok=0; echo "  $p.$ext differs from one.$ext"; }; fi
  done
  [ $ok -eq 1 ] && pass "$what" || fail "$what"
}

expect_exit 0 "mpirun -n 2 runs the experiment" -- "${MPIRUN[@]}" "$SANDTABLE" sim "${RUN[@]}" -j 1 --out mpi.txt --trials-out mpi.jsonl --report mpi/r.html
expect_output "mpi: 2 ranks" "it says it runs on 2 ranks"
"${MPIRUN[@]}" "$SANDTABLE" sim "${RUN[@]}" -j 1 --format json --out mpi.json >/dev/null 2>&1
same_outputs mpi "2 ranks give one process's table, JSON, trials file and report, byte for byte" txt json jsonl html
"${MPIRUN[@]}" "$SANDTABLE" sim "${RUN[@]}" -j 1 > stdout.txt 2>/dev/null
cmp -s one.txt stdout.txt && pass "the table on stdout is rank 0's alone, the same" || fail "stdout under mpirun differs"

CI=(s.yaml --trials 40 --until-ci 0.08 --max-trials 1000 --seed 9)
"$SANDTABLE" sim "${CI[@]}" -j 2 --format json --out ci1.json --trials-out ci1.jsonl 2>/dev/null
"${MPIRUN[@]}" "$SANDTABLE" sim "${CI[@]}" -j 1 --format json --out ci2.json --trials-out ci2.jsonl 2>/dev/null
cmp -s ci1.json ci2.json && cmp -s ci1.jsonl ci2.jsonl && pass "--until-ci rounds decided on rank 0 stop where one process stops" || fail "--until-ci under MPI differs"

head -40 one.jsonl > res.jsonl
expect_exit 0 "a partial file resumes under mpirun" -- "${MPIRUN[@]}" "$SANDTABLE" sim --resume res.jsonl -j 1 --format json --out res.json
cmp -s one.json res.json && cmp -s one.jsonl res.jsonl && pass "and gives the same outputs" || fail "MPI resume differs"

# A rank that dies: kill rank 1 mid-run (SIGKILL). mpirun reports it, rank 0
# says where the results so far are and how to run only the missing trials.
BIG=(s.yaml --trials 200 --seed 5)
"${MPIRUN[@]}" "$SANDTABLE" sim "${BIG[@]}" -j 1 --trials-out dead.jsonl > dead.txt 2> dead.err &
mp=$!
for _ in $(seq 1 600); do [ -f dead.jsonl ] && [ "$(wc -l < dead.jsonl)" -gt 20 ] && break; sleep 0.05; done
killed=0
for c in $(pgrep -P $mp); do
  if tr '\0' '\n' < /proc/$c/environ 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1'; then kill -KILL "$c" && killed=1; fi
done
wait $mp; rc=$?
[ $killed -eq 1 ] && [ $rc -ne 0 ] && pass "a run whose rank 1 is killed exits non-zero ($rc)" || fail "rank kill: killed=$killed rc=$rc"
grep -q "rank 1" dead.err && pass "the dead rank is named" || { fail "the dead rank is not named"; cat dead.err; }
grep -q "sandtable sim --resume dead.jsonl" dead.err && pass "the run says how to re-run only the missing trials" || { fail "no resume hint"; cat dead.err; }
n=$(wc -l < dead.jsonl)
expect_exit 0 "the run resumes after a dead rank" -- "${MPIRUN[@]}" "$SANDTABLE" sim --resume dead.jsonl -j 1 --format json --out dead.json
expect_output "running only the missing ones" "the resume says which trials are missing"
"$SANDTABLE" sim "${BIG[@]}" -j 2 --format json --out big.json --trials-out big.jsonl 2>/dev/null
cmp -s big.json dead.json && cmp -s big.jsonl dead.jsonl && pass "to the same outputs as an uninterrupted run ($n lines were kept)" || fail "resume after dead rank differs"
finish
