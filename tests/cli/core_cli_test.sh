#!/usr/bin/env bash
# The program's exit codes and messages for the core: version, Lua errors with
# file:line, the instruction limit, a malformed dice expression, and a seeded
# histogram that repeats exactly. Run from the repo root:
#   bash tests/cli/core_cli_test.sh path/to/sandtable
set -euo pipefail
SANDTABLE=${1:?usage: core_cli_test.sh path/to/sandtable}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
ok() { echo "ok   $1"; }
fail() { echo "FAIL $1"; failures=$((failures + 1)); }

# run_capture CMD...: sets $status and $out (stdout+stderr), never exits.
run_capture() {
  set +e
  out=$("$@" 2>&1)
  status=$?
  set -e
}

echo "check: sandtable --version exits 0 and prints a version"
run_capture "$SANDTABLE" --version
if [[ $status -eq 0 && $out =~ [0-9]+\.[0-9]+\.[0-9]+ ]]; then ok "--version ($out)"; else fail "--version: exit $status, output: $out"; fi

echo "check: a Lua error exits non-zero and names file:line"
printf 'local a = 1\nlocal b = 2\nerror("the unit has no troop class")\n' > "$TMP/broken.lua"
run_capture "$SANDTABLE" run "$TMP/broken.lua"
if [[ $status -ne 0 && $out == *"broken.lua:3: the unit has no troop class"* && $out == *"stack traceback"* ]]; then
  ok "Lua error: exit $status with broken.lua:3 and a traceback"
else
  fail "Lua error: exit $status, output: $out"
fi

echo "check: an undeclared global exits non-zero naming it"
printf 'local x = 1\nreturn x + misspelt_total\n' > "$TMP/typo.lua"
run_capture "$SANDTABLE" run "$TMP/typo.lua"
if [[ $status -ne 0 && $out == *"typo.lua:2:"* && $out == *"undeclared global 'misspelt_total'"* ]]; then
  ok "undeclared global: exit $status"
else
  fail "undeclared global: exit $status, output: $out"
fi

echo "check: 'while true do end' with --max-instructions 1000000 stops with the limit message"
printf 'while true do end\n' > "$TMP/loop.lua"
run_capture timeout 20 "$SANDTABLE" --max-instructions 1000000 run "$TMP/loop.lua"
if [[ $status -ne 0 && $status -ne 124 && $out == *"instruction limit of 1000000 exceeded"* ]]; then
  ok "endless loop: exit $status with the limit message"
else
  fail "endless loop: exit $status, output: $out"
fi

echo "check: a kill swallowed by pcall still fails the run"
printf 'pcall(function() while true do end end)\nprint("escaped")\n' > "$TMP/swallow.lua"
run_capture timeout 20 "$SANDTABLE" --max-instructions 1000000 run "$TMP/swallow.lua"
if [[ $status -ne 0 && $status -ne 124 && $out != *escaped* && $out == *"instruction limit"* ]]; then
  ok "pcall-swallowed kill: exit $status"
else
  fail "pcall-swallowed kill: exit $status, output: $out"
fi

echo "check: string.rep('x', 2^31) stops at the memory cap"
printf 'local s = string.rep("x", 2^31)\nprint(#s)\n' > "$TMP/eat.lua"
run_capture timeout 20 "$SANDTABLE" --max-memory 64 run "$TMP/eat.lua"
if [[ $status -ne 0 && $status -ne 124 && $out == *"memory limit of 64 MiB exceeded"* ]]; then
  ok "memory cap: exit $status"
else
  fail "memory cap: exit $status, output: $out"
fi

echo "check: the seeded 2d6 histogram prints identically twice"
run_capture "$SANDTABLE" run scripts/examples/dice_histogram.lua 42
first=$out; first_status=$status
run_capture "$SANDTABLE" run scripts/examples/dice_histogram.lua 42
if [[ $first_status -eq 0 && $status -eq 0 && "$first" == "$out" && $first == *"10000 rolls, seed 42"* ]]; then
  ok "histogram repeats (seed 42)"
else
  fail "histogram differs or failed (exit $first_status/$status)"
fi
# Eleven rows whose counts add up to 10,000.
total=$(printf '%s\n' "$first" | awk '$1 ~ /^[0-9]+$/ && $1 >= 2 && $1 <= 12 { n += $2; rows++ } END { print rows ":" n }')
if [[ $total == "11:10000" ]]; then ok "histogram has 11 rows summing to 10000"; else fail "histogram rows:sum = $total"; fi
run_capture "$SANDTABLE" run scripts/examples/dice_histogram.lua
default_out=$out
run_capture "$SANDTABLE" run scripts/examples/dice_histogram.lua 1
if [[ "$default_out" == "$out" && "$out" != "$first" ]]; then ok "seed defaults to 1; another seed differs"; else fail "default seed"; fi

echo "check: a script given many arguments gets them all (Lua's stack grows for them)"
printf 'local a = {...}\nprint(#a, a[1], a[#a])\n' > "$TMP/args.lua"
run_capture "$SANDTABLE" run "$TMP/args.lua" $(seq 1 5000)
if [[ $status -eq 0 && $out == $'5000\t1\t5000' ]]; then ok "5000 arguments"; else fail "5000 arguments: exit $status, output: $out"; fi

echo "check: a malformed dice expression prints the caret message"
printf 'local dice = require("sandtable.dice")\nlocal source = dice.random(1)\nreturn source:expr("1d6++2")\n' > "$TMP/expr.lua"
run_capture "$SANDTABLE" run "$TMP/expr.lua"
expected_caret=$'  1d6++2\n      ^'
if [[ $status -ne 0 && $out == *'malformed dice expression "1d6++2"'* && $out == *"$expected_caret"* && $out == *"expr.lua:3:"* ]]; then
  ok "malformed dice expression: exit $status, caret under the second '+'"
else
  fail "malformed dice expression: exit $status, output: $out"
fi

echo "check: --profile reports self time and, separately, time with callees (inclusive)"
printf 'local function inner(n)\n  local s = 0\n  for i = 1, n do s = s + i %% 7 end\n  return s\nend\n\nlocal function outer()\n  local t = 0\n  for _ = 1, 2000 do t = t + inner(500) end\n  return t\nend\n\nprint(outer())\n' > "$TMP/prof.lua"
run_capture "$SANDTABLE" --profile run "$TMP/prof.lua"
inclusive=${out#*with the function on the stack}
self=${out%%Lua profile: where the instructions go, by line*}
# outer (line 7) does almost nothing itself but has inner on its stack in
# nearly every sample; inner (line 1) is where the loop runs
outer_incl=$(grep -E 'prof\.lua:7 \(function\)' <<<"$inclusive" | awk '{print int($1)}')
outer_self=$(grep -E 'prof\.lua:7 \(function\)' <<<"$self" | awk '{print int($1)}')
inner_self=$(grep -E 'prof\.lua:1 \(function\)' <<<"$self" | awk '{print int($1)}')
if [[ $status -eq 0 && $inclusive != "$out" && ${outer_incl:-0} -ge 95 && ${outer_self:-0} -le 5 && ${inner_self:-0} -ge 90 ]]; then
  ok "--profile: outer ${outer_incl}% with callees, ${outer_self:-0}% itself; inner ${inner_self}% itself"
else
  fail "--profile: exit $status, output: $out"
fi

if [[ $failures -ne 0 ]]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all core CLI checks passed"
