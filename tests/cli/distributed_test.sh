# Experiments beyond one process (issue 19): shards merged, killed runs
# resumed, SIGINT; every output compared byte for byte with one plain run.
source "$(dirname "$0")/lib.bash" "$1"
SANDTABLE=$(realpath "$SANDTABLE")
cd "$TMP"

cat > s.yaml <<'YAML'
ruleset: phalanx
turns: 10
table: { size: 6x4, scale: 15-20mm, basing: 2, terrain: diced }
armies:
  - army: phalanx/early_imperial_roman
  - army: phalanx/gallic
YAML
printf 'return function(rules) end\n' > same.lua
RUN=(s.yaml --trials 30 --seed 5 --variant same=same.lua)

# The reference: one process, every output.
mkdir -p one m k
"$SANDTABLE" sim "${RUN[@]}" -j 2 --out one.txt --trials-out one.jsonl --report one/r.html 2>/dev/null
"$SANDTABLE" sim "${RUN[@]}" -j 2 --format json --out one.json 2>/dev/null
"$SANDTABLE" sim "${RUN[@]}" -j 2 --format csv --out one.csv 2>/dev/null
[ "$(head -1 one.jsonl | grep -c '"sandtable_trials":1')" -eq 1 ] && pass "the trials file starts with its header" || fail "no header line"
[ "$(wc -l < one.jsonl)" -eq 61 ] && pass "then one line per (variant, trial)" || fail "expected 61 lines"

same_outputs() {  # PREFIX WHAT EXT...: PREFIX.EXT equal the reference one.EXT
  local p=$1 what=$2 ok=1; shift 2
  for ext in "$@"; do
    if [ "$ext" = html ]; then  # the report and its CSV, in a folder each (the page names its CSV)
      cmp -s one/r.html "$p/r.html" && cmp -s one/r.csv "$p/r.csv" || { ok=0; echo "  $p/r.html differs from one/r.html"; }
    else cmp -s "one.$ext" "$p.$ext" || { ok=0; echo "  $p.$ext differs from one.$ext"; }; fi
  done
  [ $ok -eq 1 ] && pass "$what" || fail "$what"
}

# Shards: 3 processes, any order, then merge.
for k in 3 1 2; do
  "$SANDTABLE" sim "${RUN[@]}" -j 1 --shard "$k/3" --trials-out "part-$k.jsonl" > "part-$k.txt" 2>/dev/null
done
grep -q "SHARD 1/3 ONLY" part-1.txt && pass "a shard's own summary says it is one shard" || fail "shard summary unmarked"
expect_exit 0 "the shards merge" -- "$SANDTABLE" merge part-1.jsonl part-2.jsonl part-3.jsonl --out m.txt --trials-out m.jsonl --report m/r.html
"$SANDTABLE" merge part-*.jsonl --format json --out m.json 2>/dev/null
"$SANDTABLE" merge part-*.jsonl --format csv --out m.csv 2>/dev/null
same_outputs m "merged shards give one run's table, JSON, CSV, trials file and report, byte for byte" txt jsonl json csv html
expect_exit 0 "a whole run's file merges alone" -- "$SANDTABLE" merge one.jsonl --format json --out w.json
cmp -s one.json w.json && pass "merging one whole file reproduces its summary" || fail "merge of one file differs"

# A merge that cannot be right says which file or shard is wrong.
expect_exit 1 "a missing shard is refused" -- "$SANDTABLE" merge part-1.jsonl part-3.jsonl
expect_output "shard 2/3 is missing" "the missing shard is named"
cp part-2.jsonl again-2.jsonl
expect_exit 1 "a duplicated shard is refused" -- "$SANDTABLE" merge part-1.jsonl part-2.jsonl part-3.jsonl again-2.jsonl
expect_output "shard 2/3 is given twice: part-2.jsonl and again-2.jsonl" "both copies are named"
"$SANDTABLE" sim s.yaml --trials 30 --seed 6 --variant same=same.lua -j 1 --shard 2/3 --trials-out seed6-2.jsonl >/dev/null 2>&1
expect_exit 1 "a shard of another seed is refused" -- "$SANDTABLE" merge part-1.jsonl seed6-2.jsonl part-3.jsonl
expect_output "seed6-2.jsonl is not from the same experiment as part-1.jsonl: it differs in seed (6 here, 5 in the other)" "the mismatch is named"
"$SANDTABLE" sim s.yaml --trials 30 --seed 5 -j 1 --shard 2/3 --trials-out novar-2.jsonl >/dev/null 2>&1
expect_exit 1 "a shard with other variants is refused" -- "$SANDTABLE" merge part-1.jsonl novar-2.jsonl part-3.jsonl
expect_output "differs in" "the differing field is named"
sed '1s/"engine":"[^"]*"/"engine":"0.0.1-other"/' part-2.jsonl > oldengine-2.jsonl
expect_exit 1 "a shard of another engine version is refused" -- "$SANDTABLE" merge part-1.jsonl oldengine-2.jsonl part-3.jsonl
expect_output "engine version" "the engine version is named"
sed 's/turns: 10/turns: 9/' s.yaml > s2.yaml
"$SANDTABLE" sim s2.yaml --trials 30 --seed 5 --variant same=same.lua -j 1 --shard 2/3 --trials-out four-2.jsonl >/dev/null 2>&1
expect_exit 1 "a shard of another scenario is refused" -- "$SANDTABLE" merge part-1.jsonl four-2.jsonl part-3.jsonl
expect_output "four-2.jsonl is not from the same experiment" "the other experiment is named"
cp s.yaml s.bak && sed -i 's/turns: 10/turns: 8/' s.yaml
"$SANDTABLE" sim "${RUN[@]}" -j 1 --shard 2/3 --trials-out edited-2.jsonl >/dev/null 2>&1; mv s.bak s.yaml
expect_exit 1 "a shard run on an edited scenario (same name) is refused" -- "$SANDTABLE" merge part-1.jsonl edited-2.jsonl part-3.jsonl
expect_output "differs in input files or their contents: s.yaml" "the edited file is named"
head -5 part-2.jsonl > short-2.jsonl
expect_exit 1 "an unfinished shard is refused" -- "$SANDTABLE" merge part-1.jsonl short-2.jsonl part-3.jsonl
expect_output "short-2.jsonl (shard 2/3) lacks" "the unfinished shard is named"
expect_output "sandtable sim --resume short-2.jsonl" "with the command that finishes it"
expect_exit 1 "a file that is not a trials file is refused" -- "$SANDTABLE" merge s.yaml
expect_output "s.yaml: not a sandtable trials file" "and named"
expect_exit 1 "--shard needs --trials-out" -- "$SANDTABLE" sim s.yaml --trials 10 --shard 1/2
expect_output "needs --trials-out" "the message says so"
expect_exit 1 "a bad --shard is refused" -- "$SANDTABLE" sim s.yaml --trials 10 --shard 3/2 --trials-out x.jsonl
expect_output "K must be 1 to N" "the message says what was expected"
expect_exit 1 "--shard with --until-ci is refused" -- "$SANDTABLE" sim s.yaml --until-ci 0.1 --shard 1/2 --trials-out x.jsonl
expect_output "cannot be combined with --until-ci" "the message says why"

# Resuming: a shard finishes from where it stopped, and the merge then matches.
expect_exit 0 "an unfinished shard resumes" -- "$SANDTABLE" sim --resume short-2.jsonl -j 1
"$SANDTABLE" merge part-1.jsonl short-2.jsonl part-3.jsonl --format json --out rs.json 2>/dev/null
cmp -s one.json rs.json && pass "the resumed shard merges to the same results" || fail "resumed shard differs"

# wait_lines FILE N PID: until FILE has N lines (or PID ended).
wait_lines() {
  for _ in $(seq 1 600); do
    [ -f "$1" ] && [ "$(wc -l < "$1")" -ge "$2" ] && return 0
    kill -0 "$3" 2>/dev/null || return 0
    sleep 0.05
  done
}
# A run killed (SIGKILL, no chance to clean up) midway resumes to identical outputs.
"$SANDTABLE" sim "${RUN[@]}" -j 1 --trials-out k.jsonl >/dev/null 2>&1 &
pid=$!; wait_lines k.jsonl 8 $pid; kill -KILL $pid 2>/dev/null; wait $pid 2>/dev/null
n=$(wc -l < k.jsonl)
[ "$n" -ge 8 ] && [ "$n" -lt 61 ] && pass "the killed run left $n whole lines" || fail "killed run left $n lines"
printf '{"result":{"losses":[{},{}' >> k.jsonl   # as if killed mid-write
expect_exit 0 "the killed run resumes" -- "$SANDTABLE" sim --resume k.jsonl -j 2 --out k.txt --report k/r.html
expect_output "dropped and rerun" "a torn last line is noticed"
"$SANDTABLE" merge k.jsonl --format json --out k.json 2>/dev/null
"$SANDTABLE" merge k.jsonl --format csv --out k.csv 2>/dev/null
same_outputs k "the resumed run's outputs equal an uninterrupted run's" txt jsonl json csv html

# SIGINT: the results so far, marked partial, a non-zero exit; then resume.
"$SANDTABLE" sim "${RUN[@]}" -j 1 --trials-out i.jsonl > i.txt 2> i.err &
pid=$!; wait_lines i.jsonl 8 $pid; kill -INT $pid 2>/dev/null; wait $pid; rc=$?
[ "$rc" -eq 130 ] && pass "SIGINT exits 130" || fail "SIGINT exit $rc"
grep -q "PARTIAL" i.txt && pass "the results so far are printed, marked partial" || fail "no partial table"
grep -q "sandtable sim --resume i.jsonl" i.err && pass "it says how to continue" || fail "no resume hint"
expect_exit 0 "the interrupted run resumes" -- "$SANDTABLE" sim --resume i.jsonl -j 2 --format json --out i.json
same_outputs i "the resumed run's outputs equal an uninterrupted run's (after SIGINT)" jsonl json
# SIGTERM (what Slurm sends at the time limit) is the same.
"$SANDTABLE" sim "${RUN[@]}" -j 1 --trials-out t.jsonl > /dev/null 2>&1 &
pid=$!; wait_lines t.jsonl 8 $pid; kill -TERM $pid 2>/dev/null; wait $pid; rc=$?
[ "$rc" -eq 143 ] && pass "SIGTERM exits 143" || fail "SIGTERM exit $rc"
"$SANDTABLE" sim --resume t.jsonl -j 2 >/dev/null 2>&1
same_outputs t "and resumes to identical results" jsonl

# --until-ci rounds resume to the same stopping point.
CI=(s.yaml --trials 40 --until-ci 0.08 --max-trials 1000 --seed 9)
"$SANDTABLE" sim "${CI[@]}" -j 2 --format json --out ci.json --trials-out ci.jsonl 2>/dev/null
"$SANDTABLE" sim "${CI[@]}" -j 1 --trials-out ci2.jsonl >/dev/null 2>&1 &
pid=$!; wait_lines ci2.jsonl 150 $pid; kill -KILL $pid 2>/dev/null; wait $pid 2>/dev/null
"$SANDTABLE" sim --resume ci2.jsonl -j 2 --format json --out ci2.json 2>/dev/null
cmp -s ci.json ci2.json && cmp -s ci.jsonl ci2.jsonl && pass "a killed --until-ci run resumes to the same rounds and results" || fail "--until-ci resume differs"
expect_exit 1 "resuming with another experiment's options is refused" -- "$SANDTABLE" sim --resume ci2.jsonl --trials-out other.jsonl
expect_output "continues that file" "the message says why"
expect_exit 1 "resuming with an experiment option is refused" -- "$SANDTABLE" sim --resume ci2.jsonl --seed 3
expect_output "takes the experiment from that file: leave out --seed" "the option is named"
echo '{"x":1}' > bad.jsonl
expect_exit 1 "resuming a file that is not a trials file is refused" -- "$SANDTABLE" sim --resume bad.jsonl
expect_output "bad.jsonl: not a sandtable trials file" "it is named"
finish
