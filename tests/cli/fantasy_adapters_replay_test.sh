# The fantasy module's Historicon and Phalanx adapters on the replay page
# (scripts/lib/replay_page.lua): the dragon and the crows drawn in the air,
# the saint's zone of sanctity drawn round him, and a unit's states named
# after its label, read from the DOM headless chromium dumps (as
# tests/cli/fantasy_replay_test.sh does for WRG; without chromium this test
# fails rather than pass by skipping).
source "$(dirname "$0")/lib.bash" "$1"

CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$CHROMIUM" ]; then
  fail "chromium is not installed (tools/dev deps installs Debian's chromium); the browser test cannot run"
  finish
fi
dump() {
  local profile; profile=$(mktemp -d "$TMP/profile.XXXX")
  timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
    --user-data-dir="$profile" --virtual-time-budget=5000 --window-size=1400,900 \
    --dump-dom "file://$TMP/$1#$2" > "$TMP/fx.dom" 2>/dev/null
  OUT=$(cat "$TMP/fx.dom")
}
for scenario in scenarios/historicon/fantasy_chaos_warhost.yaml scenarios/phalanx/fantasy_chaos_horde.yaml; do
  name=$(basename "$scenario" .yaml)
  # the first seed on which a spell leaves a state on a unit (found, so that changes to the
  # battle elsewhere do not break the test; a few battles at most)
  seed=""
  for s in $(seq 1 60); do
    "$SANDTABLE" battle "$scenario" --seed "$s" --html "$TMP/$name.html" > "$TMP/fx.txt" 2>&1 || continue
    grep -q "(fantasy module, our adaptation for" "$TMP/fx.txt" || continue
    grep -qE "(\(spell [0-9]+\)|resting after a spell) \(fantasy module" "$TMP/fx.txt" || continue
    seed=$s; break
  done
  if [ -n "$seed" ]; then pass "$name seed $seed: a spell leaves a state"; else fail "$name: no spell's state in seeds 1-60"; continue; fi
  dump "$name.html" "turn=2"
  expect_output 'class="aura aura-sanctity"' "$name: the saint's zone of sanctity is drawn"
  expect_output 'data-layer="1"' "$name: a flyer is drawn in the air"
  # the turn the first state is set in, as the account numbers it (the page
  # shows it at that turn or the next: the account's header and the page's
  # turn mark need not fall on the same side of the module's phase)
  turn=$(awk '/=== Turn [0-9]+ ===/ { t = $3 } /(\(spell [0-9]+\)|resting after a spell) \(fantasy module/ { print t; exit }' "$TMP/fx.txt")
  found=""
  for t in "$turn" "$((turn + 1))"; do
    dump "$name.html" "turn=$t"
    if grep -qE 'data-states="[a-z]' <<<"$OUT"; then found=$t; break; fi
  done
  if [ -n "$found" ]; then pass "$name: a state is on its unit at turn $found"
  else fail "$name: no unit carries a state at turn $turn or $((turn + 1))"; fi
done
finish
