# The referee on every shipped scenario: 200 seeded battles each (set
# REFEREE_TRIALS to change it), every phase checked (docs/referee.md); any
# violation fails the test and prints the violation and its replay command.
source "$(dirname "$0")/lib.bash" "$1"
TRIALS=${REFEREE_TRIALS:-200}
THREADS=$(nproc)

for scenario in scenarios/phalanx/*.yaml scenarios/into_glory_ride/*.yaml scenarios/historicon/*.yaml \
                scenarios/hinds/*.yaml scenarios/wrg/*.yaml; do
  start=$(date +%s)
  "$SANDTABLE" sim "$scenario" --trials "$TRIALS" --threads "$THREADS" --seed 1 --referee \
    --format json --out "$TMP/r.json" > "$TMP/r.txt" 2>&1
  code=$?
  secs=$(( $(date +%s) - start ))
  if [ ! -s "$TMP/r.json" ]; then
    fail "$scenario: sim --referee wrote no summary (exit $code)"; head -20 "$TMP/r.txt"; continue
  fi
  read -r completed failed < <(lua5.4 -e '
    local t = io.read("a")
    local completed = tonumber(t:match([["completed":(%d+)]]))
    local failed = tonumber(t:match([["failed":(%d+)]]))
    print(completed or -1, failed or -1)' < "$TMP/r.json")
  if [ "$failed" = "0" ] && [ "$completed" = "$TRIALS" ]; then
    pass "$scenario: $TRIALS battles under the referee, zero violations (${secs}s)"
  else
    fail "$scenario: $failed of $TRIALS battles stopped by the referee"
    grep -o '"error":"[^"]*"' "$TMP/r.json" | head -5
  fi
done
finish
