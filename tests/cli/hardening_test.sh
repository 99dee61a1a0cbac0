# Issue #14 "Hardening", at the program level: hostile input ends in a clear
# message (file, line, what was expected) and a non-zero exit, never a crash,
# a hang, a traceback or results lost without a word.
source "$(dirname "$0")/lib.bash" "$1"

cat > "$TMP/s.yaml" <<'YAML'
ruleset: phalanx
turns: 2
table: { size: 6x4, scale: 15-20mm, basing: 2, terrain: diced }
armies:
  - army: phalanx/early_imperial_roman
  - army: phalanx/gallic
YAML

# --- crash 3: YAML aliases and nesting ---------------------------------------
printf 'ruleset: phalanx\nx: &a [*a]\n' > "$TMP/self.yaml"
for cmd in battle sim; do
  expect_exit 1 "$cmd: a self-referencing alias is refused" -- timeout 20 "$SANDTABLE" $cmd "$TMP/self.yaml"
  expect_output "self.yaml:2:4: an alias refers to the node that contains it" "$cmd: the alias's place"
  if grep -q "traceback" <<<"$OUT"; then fail "$cmd: a traceback for a user's YAML"; else pass "$cmd: no traceback"; fi
done
{
  echo "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"
  for i in 1 2 3 4 5 6 7 8 9 10; do
    p=$((i - 1)); echo "a$i: &a$i [*a$p, *a$p, *a$p, *a$p, *a$p, *a$p, *a$p, *a$p, *a$p]"
  done
} > "$TMP/laughs.yaml"
start=$(date +%s)
expect_exit 1 "battle: billion laughs is refused" -- timeout 20 "$SANDTABLE" battle "$TMP/laughs.yaml"
expect_output "laughs.yaml:" "billion laughs: the file is named"
expect_output "expands to more than" "billion laughs: what was wrong"
[ $(( $(date +%s) - start )) -le 5 ] && pass "billion laughs refused in seconds" || fail "billion laughs took too long"
python3 -c "print('ruleset: phalanx\nx: ' + '[' * 3000 + ']' * 3000)" > "$TMP/deep.yaml"
expect_exit 1 "battle: YAML nested 3000 deep is refused" -- "$SANDTABLE" battle "$TMP/deep.yaml"
expect_output "deep.yaml:2:204: nested too deep (more than 200 levels)" "deep YAML: its place, not 'bad file'"

# --- crash 4: -j beyond reason ------------------------------------------------
expect_exit 1 "sim -j 100000 is refused" -- "$SANDTABLE" sim "$TMP/s.yaml" -n 2 -j 100000
expect_output "at most 256" "sim -j: the limit is named"
# Threads the system cannot create: the run goes on with those that started.
# (An AddressSanitizer build cannot start under ulimit -v at all: its shadow
# memory needs terabytes of address space. That build skips these checks.)
if grep -aq __asan_init "$SANDTABLE"; then
  pass "sim -j 256 under ulimit -v: not run in an AddressSanitizer build"
else
OUT=$( (ulimit -v 1500000; "$SANDTABLE" sim "$TMP/s.yaml" -n 4 -j 256 --format csv) 2>&1); rc=$?
if [ $rc -eq 0 ] && grep -q "^baseline" <<<"$OUT"; then pass "sim -j 256 under ulimit -v: results (exit 0)"
else fail "sim -j 256 under ulimit -v: exit $rc"; echo "$OUT" | head; fi
expect_output "could start only" "sim -j 256 under ulimit -v: says it runs on fewer threads"
if grep -q "terminate" <<<"$OUT"; then fail "std::terminate"; else pass "no std::terminate"; fi
fi

# --- results never lost silently ------------------------------------------------
# A full disk: every output, the summary on stdout included, fails loudly.
expect_exit 1 "sim --out /dev/full fails" -- "$SANDTABLE" sim "$TMP/s.yaml" -n 2 -j 1 --out /dev/full
expect_output "/dev/full: writing the summary failed: No space left on device" "sim --out /dev/full: says why"
expect_exit 1 "sim --trials-out /dev/full fails" -- "$SANDTABLE" sim "$TMP/s.yaml" -n 2 -j 1 --out "$TMP/ok.txt" --trials-out /dev/full
expect_output "/dev/full: writing the trial results failed" "sim --trials-out /dev/full: says why"
OUT=$("$SANDTABLE" sim "$TMP/s.yaml" -n 2 -j 1 2>&1 >/dev/full); rc=$?
[ $rc -ne 0 ] && pass "sim > /dev/full (stdout) exits $rc" || fail "sim > /dev/full exits 0"
expect_output "writing to standard output failed: No space left on device" "sim > /dev/full: says why"
expect_exit 1 "battle --log /dev/full fails" -- "$SANDTABLE" battle --quiet --turns 1 --log /dev/full
expect_output "/dev/full: writing the event log failed" "battle --log /dev/full: says why"
expect_exit 1 "battle --html /dev/full fails" -- "$SANDTABLE" battle --quiet --turns 1 --html /dev/full
expect_output "/dev/full: writing the replay page failed" "battle --html /dev/full: says why"
"$SANDTABLE" battle --quiet --turns 1 --log "$TMP/b.jsonl" >/dev/null 2>&1
expect_exit 1 "replay --html /dev/full fails" -- "$SANDTABLE" replay "$TMP/b.jsonl" --html /dev/full
expect_output "/dev/full: writing the replay page failed" "replay --html /dev/full: says why"
OUT=$("$SANDTABLE" battle --turns 1 2>&1 >/dev/full); rc=$?
[ $rc -ne 0 ] && pass "battle > /dev/full (stdout) exits $rc" || fail "battle > /dev/full exits 0"

# Output paths are checked before the work: nothing runs, the message names the path.
for opt in --out --trials-out --report; do
  start=$(date +%s%N)
  expect_exit 1 "sim $opt nodir/x is refused before the run" -- "$SANDTABLE" sim "$TMP/s.yaml" -n 2000 -j 1 $opt "$TMP/nodir/x.txt"
  expect_output "$TMP/nodir/x.txt: cannot write here: there is no directory $TMP/nodir" "sim $opt nodir: names the path"
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  [ $ms -lt 3000 ] && pass "sim $opt nodir: refused at once (${ms} ms, before 2000 battles)" || fail "sim $opt nodir: took ${ms} ms"
done
expect_exit 1 "battle --log nodir/x is refused before the battle" -- "$SANDTABLE" battle --turns 1 --log "$TMP/nodir/b.jsonl"
expect_output "cannot write here" "battle --log nodir: names the problem"
if grep -q "Turn 1" <<<"$OUT"; then fail "the battle ran before the log path was checked"; else pass "no battle ran"; fi
expect_exit 1 "battle --html to a directory is refused" -- "$SANDTABLE" battle --turns 1 --html "$TMP"
expect_output "is a directory" "battle --html DIR: says so"

# --- messages: the user's file and line, what was expected, no traceback ----------
printf 'ruleset: phalanx\narmies: [a, b\nturns: 3\n' > "$TMP/syntax.yaml"
expect_exit 1 "a YAML syntax error is refused" -- "$SANDTABLE" battle "$TMP/syntax.yaml"
expect_output "syntax.yaml:3:6: end of sequence flow not found" "a YAML syntax error: file, line and column"
if grep -q "traceback" <<<"$OUT"; then fail "a YAML syntax error is followed by a traceback"; else pass "a YAML syntax error: no traceback"; fi
python3 -c "print('{\"kind\":\"x\",\"a\":' + '[' * 600 + ']' * 600 + '}')" > "$TMP/deep.jsonl"
expect_exit 1 "a replay line nested 600 deep is refused" -- "$SANDTABLE" replay "$TMP/deep.jsonl" --html "$TMP/deep.html"
expect_output "deep.jsonl:1:528: nested more than 512 deep; expected at most 512 levels" "deep replay line: its place and what was expected"
for unit in "ERA HIS 24 ranks=0" "ERA HIS 99999999 ranks=4" "ERA HIS 24 ranks=9223372036854775808" "ERA HIS 24 hits=1.5"; do
  expect_exit 1 "odds '$unit' is refused" -- timeout 20 "$SANDTABLE" odds historicon melee "$unit" "GIF HIN 32 ranks=4"
  expect_output "first unit: expected" "odds '$unit': says what was expected"
  if grep -q "traceback\|divide by zero" <<<"$OUT"; then fail "odds '$unit': a traceback"; else pass "odds '$unit': no traceback"; fi
done

for unit in "foot 2 9223372036854775808x4" "foot 2 6x0"; do
  expect_exit 1 "odds hinds '$unit' is refused" -- timeout 20 "$SANDTABLE" odds hinds melee "$unit" "foot 2 6x4"
  expect_output "first unit: expected BASESxFIGURES with 1 to 1000 bases of 1 to 100 figures" "odds hinds '$unit': what was expected"
  if grep -q "traceback" <<<"$OUT"; then fail "odds hinds '$unit': a traceback"; else pass "odds hinds '$unit': no traceback"; fi
done

finish
