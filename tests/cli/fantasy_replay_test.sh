# The fantasy module on the replay page (scripts/lib/replay_page.lua,
# drawAurasAndStates): a saint's zone of sanctity and a black magician's
# reach drawn round them, and a unit's states named after its label, read
# from the DOM headless chromium dumps (as tests/cli/replay_browser_test.sh
# does; without chromium this test fails rather than pass by skipping).
source "$(dirname "$0")/lib.bash" "$1"

CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$CHROMIUM" ]; then
  fail "chromium is not installed (tools/dev deps installs Debian's chromium); the browser test cannot run"
  finish
fi
# the first seed on which the trolls turn permanently to stone ("halt 2
# periods") and stay on the table (found, so that changes to the battle
# elsewhere do not break the test; a few battles at most)
seed=""
for s in $(seq 1 100); do
  "$SANDTABLE" battle scenarios/wrg/fantasy_dark_host.yaml --seed "$s" --html "$TMP/fx.html" > "$TMP/fx.txt" 2>&1 || continue
  grep -q "turned permanently to stone" "$TMP/fx.txt" || continue
  grep -q "Hill trolls is \(destroyed\|dispersed\)" "$TMP/fx.txt" && continue
  seed=$s; break
done
if [ -n "$seed" ]; then pass "seed $seed: the trolls turn to stone"; else fail "no battle of seeds 1-100 turned the trolls to stone"; fi
# dump FRAGMENT: the page's DOM at that point of the battle, in $OUT
dump() {
  local profile; profile=$(mktemp -d "$TMP/profile.XXXX")
  timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
    --user-data-dir="$profile" --virtual-time-budget=5000 --window-size=1400,900 \
    --dump-dom "file://$TMP/fx.html#$1" > "$TMP/fx.dom" 2>/dev/null
  OUT=$(cat "$TMP/fx.dom")
}
dump "turn=1"   # everyone deployed, the saint alive
expect_output 'class="aura aura-sanctity"' "the saint's zone of sanctity is drawn"
expect_output 'r="264.0"' "100 paces (254 mm) beyond his base"
dump "end"
expect_output 'data-states="stone"' "the trolls' state is on their unit"
expect_output ' [stone]</text>' "and named after their label"
finish
