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
# seed 8: the trolls turn permanently to stone ("halt 2 periods")
expect_exit 0 "the fantasy battle writes its replay page" -- \
  "$SANDTABLE" battle scenarios/wrg/fantasy_dark_host.yaml --seed 8 --html "$TMP/fx.html"
expect_output "turned permanently to stone" "the trolls turn to stone in this battle"
profile=$(mktemp -d "$TMP/profile.XXXX")
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
  --user-data-dir="$profile" --virtual-time-budget=5000 --window-size=1400,900 \
  --dump-dom "file://$TMP/fx.html#end" > "$TMP/fx.dom" 2>/dev/null
OUT=$(cat "$TMP/fx.dom")
expect_output 'class="aura aura-sanctity"' "the saint's zone of sanctity is drawn"
expect_output 'r="264.0"' "100 paces (254 mm) beyond his base"
expect_output 'data-states="stone"' "the trolls' state is on their unit"
expect_output ' [stone]</text>' "and named after their label"
finish
