# The replay and report pages in a real browser: Debian's chromium, headless
# (tools/dev installs it). Without chromium this test FAILS: it never passes
# by skipping. The page's state is read from the DOM chromium dumps (each
# unit is a <g class="unit" data-unit data-x data-y data-facing data-removed>)
# and compared with the event log, read by tests/cli/replay_expect.lua.
source "$(dirname "$0")/lib.bash" "$1"

CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$CHROMIUM" ]; then
  fail "chromium is not installed (tools/dev deps installs Debian's chromium); the browser tests cannot run"
  finish
fi
pass "chromium found: $("$CHROMIUM" --version 2>/dev/null | head -1)"

# chromium_run OUT ERR ARGS... (URL last): one headless run with a fresh profile.
chromium_run() {
  local out=$1 err=$2; shift 2
  local profile; profile=$(mktemp -d "$TMP/profile.XXXX")
  timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --disable-extensions --mute-audio \
    --user-data-dir="$profile" --enable-logging=stderr --v=0 --virtual-time-budget=5000 \
    --window-size=1400,900 "$@" >"$out" 2>"$err"
}
# dump URL NAME: the DOM after the page ran, in $TMP/NAME.html; console lines in $TMP/NAME.console.
dump() {
  chromium_run "$TMP/$2.dom" "$TMP/$2.err" --dump-dom "$1"
  grep -a 'CONSOLE' "$TMP/$2.err" > "$TMP/$2.console" || true
}
# body_attr NAME ATTR: an attribute of the dumped page's <body>.
body_attr() { grep -o '<body[^>]*>' "$TMP/$1.dom" | head -1 | grep -o "$2=\"[^\"]*\"" | cut -d'"' -f2; }
# units NAME: one line per drawn unit: ID X Y FACING REMOVED STRENGTH TRANSFORM
units() {
  grep -o '<g class="unit[^>]*>' "$TMP/$1.dom" | while read -r tag; do
    a() { grep -o " $1=\"[^\"]*\"" <<<"$tag" | cut -d'"' -f2; }
    echo "$(a data-unit) $(a data-x) $(a data-y) $(a data-facing) $(a data-removed) $(a data-strength) $(a transform | tr ' ' '_')"
  done
}
page_ok() {  # NAME WHAT: the page ran to the end with no script error and no console message
  if [ "$(body_attr "$1" data-ready)" = "1" ] && [ "$(body_attr "$1" data-errors)" = "0" ]; then pass "$2: the page ran with no script errors"
  else fail "$2: the page did not finish (data-ready=$(body_attr "$1" data-ready), data-errors=$(body_attr "$1" data-errors))"; fi
  if [ ! -s "$TMP/$1.console" ]; then pass "$2: nothing on the console"
  else fail "$2: console messages:"; head -5 "$TMP/$1.console"; fi
}

# A seeded battle, its log and its replay page (made from the battle, and from the log).
expect_exit 0 "a seeded battle writes its log and replay" -- \
  "$SANDTABLE" battle --seed 4 --quiet --log "$TMP/battle.jsonl" --html "$TMP/battle.html"
expect_exit 0 "sandtable replay makes the page from the log" -- \
  "$SANDTABLE" replay "$TMP/battle.jsonl" --html "$TMP/replay.html" --title "Phalanx battle, seed 4"
if cmp -s "$TMP/battle.html" "$TMP/replay.html"; then pass "the replay of the log is the page of the battle, byte for byte"
else fail "the page from the log differs from the page of the battle"; fi
"$SANDTABLE" --lua-path "$TMP" run tests/cli/replay_expect.lua "$TMP/battle.jsonl" > "$TMP/expect.txt" 2>&1 \
  || { fail "reading the log's expectations"; cat "$TMP/expect.txt"; }
read -r _ TABLE_W TABLE_H < <(grep '^table ' "$TMP/expect.txt")

# Turn 1: every deployed unit on the table.
dump "file://$TMP/replay.html#turn=1" turn1
page_ok turn1 "replay at turn 1"
want=$(awk '/^turn1 /{print $2}' "$TMP/expect.txt")
got=$(units turn1 | awk '$5 == "0"' | wc -l)
if [ -n "$want" ] && [ "$want" -gt 0 ] && [ "$got" -eq "$want" ]; then pass "turn 1 shows the $want units of the log"
else fail "turn 1 shows $got units, the log has ${want:-?}"; fi
if [ "$(body_attr turn1 data-units)" = "$want" ]; then pass "the position line counts the same units"
else fail "the page says $(body_attr turn1 data-units) units on the table, the log $want"; fi
if grep -q 'class="k-unit_added"' "$TMP/turn1.dom" && grep -q 'id="phasebar"' "$TMP/turn1.dom"; then pass "the event list and the phase bar are drawn"
else fail "the event list or the phase bar is missing"; fi

# The last event (the End button): every unit where the log last put it, removed ones marked.
dump "file://$TMP/replay.html#end" end
page_ok end "replay at the last event"
units end > "$TMP/drawn.txt"
bad=$(awk -v H="$TABLE_H" '
  NR == FNR { if ($1 == "unit") { x[$2] = $3; y[$2] = $4; f[$2] = $5; r[$2] = $6; s[$2] = $7; n++ } next }
  {
    id = $1; seen[id] = 1
    if (!(id in x)) { print "unit " id " is drawn but not in the log"; next }
    if (($2 - x[id])^2 > 1e-4 || ($3 - y[id])^2 > 1e-4 || ($4 - f[id])^2 > 1e-4)
      print "unit " id " drawn at (" $2 ", " $3 ", " $4 "), the log says (" x[id] ", " y[id] ", " f[id] ")"
    if ($5 != r[id]) print "unit " id " removed=" $5 ", the log says " r[id]
    if ($6 != s[id]) print "unit " id " strength " $6 ", the log says " s[id]
    # the drawing itself: translate(x, H - y) rotate(-facing)
    split($7, t, /[()_]+/)
    if ((t[2] - x[id])^2 > 1e-3 || (t[3] - (H - y[id]))^2 > 1e-3 || (t[5] + f[id])^2 > 1e-3)
      print "unit " id " transform " $7 " does not put it at the log position"
  }
  END { for (id in x) if (!(id in seen)) print "unit " id " of the log is not drawn" }
' "$TMP/expect.txt" "$TMP/drawn.txt")
drawn=$(wc -l < "$TMP/drawn.txt")
if [ -z "$bad" ] && [ "$drawn" -gt 0 ]; then pass "the last event shows all $drawn units at their final positions, facings and states"
else fail "final positions differ from the log:"; echo "$bad" | head -10; fi
removed=$(awk '$5 == "1"' "$TMP/drawn.txt" | wc -l)
if [ "$removed" -eq "$(grep -c '"kind":"unit_removed"' "$TMP/battle.jsonl")" ]; then pass "the $removed removed units are marked removed"
else fail "$removed units marked removed, the log removes $(grep -c '"kind":"unit_removed"' "$TMP/battle.jsonl")"; fi
last_seq=$(tail -1 "$TMP/battle.jsonl" | grep -o '"seq":[0-9]*' | cut -d: -f2)
if [ "$(body_attr end data-seq)" = "$last_seq" ] && grep -q 'class="k-victory current"' "$TMP/end.dom"; then pass "the last event (seq $last_seq) is current and highlighted"
else fail "the current event is seq $(body_attr end data-seq), the log ends at $last_seq"; fi

# A charge draws its arrow in its phase.
charge_seq=$(grep -m1 '"kind":"charge"' "$TMP/battle.jsonl" | grep -o '"seq":[0-9]*' | cut -d: -f2)
if [ -n "$charge_seq" ]; then
  dump "file://$TMP/replay.html#seq=$charge_seq" charge
  n=$(grep -o '<g id="arrows"[^>]*>' "$TMP/charge.dom" | grep -o 'data-count="[0-9]*"' | cut -d'"' -f2)
  if [ "${n:-0}" -ge 1 ]; then pass "the charge at seq $charge_seq is drawn as an arrow"; else fail "no arrow at the charge (seq $charge_seq)"; fi
fi

# Play: from turn 1 at 20 events a second, the page moves on by itself.
dump "file://$TMP/replay.html#turn=1&play=20" play
page_ok play "replay playing"
start=$(body_attr turn1 data-event); now=$(body_attr play data-event)
if [ -n "$now" ] && [ "$now" -gt "$((start + 10))" ]; then pass "Play steps through the events (event $start to $now)"
else fail "Play did not move on (event $start, then ${now:-?})"; fi

# A screenshot that is not blank: far larger than a blank page's at the same size.
printf '<!DOCTYPE html><html><body></body></html>' > "$TMP/blank.html"
chromium_run /dev/null "$TMP/blank.err" --screenshot="$TMP/blank.png" "file://$TMP/blank.html"
chromium_run /dev/null "$TMP/shot.err" --screenshot="$TMP/replay.png" "file://$TMP/replay.html#turn=3"
blank=$(stat -c %s "$TMP/blank.png" 2>/dev/null || echo 0)
shot=$(stat -c %s "$TMP/replay.png" 2>/dev/null || echo 0)
if [ "$blank" -gt 0 ] && [ "$shot" -gt $((blank * 8)) ] && [ "$shot" -gt 60000 ]; then pass "the screenshot is not blank ($shot bytes; a blank page $blank)"
else fail "the screenshot looks blank: $shot bytes (a blank page: $blank)"; fi
if [ "$(head -c 8 "$TMP/replay.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ]; then pass "the screenshot is a PNG"
else fail "the screenshot is not a PNG"; fi

# A hostile log: a name that tries to close the script element; no ruleset involved.
cat > "$TMP/hostile.jsonl" <<'EOF'
{"depth":600,"kind":"table","phase":"","seq":1,"turn":0,"width":900}
{"feature":{"circle":[450,300,90],"type":"lake"},"id":1,"kind":"terrain_added","phase":"setup","seq":2,"turn":0}
{"depth":40,"facing":0,"kind":"unit_added","label":"</script><script>boom()</script>","name":"</script><b>x</b>","phase":"setup","seq":3,"side":1,"strength":2,"turn":0,"unit":1,"width":80,"x":200,"y":100}
{"depth":40,"facing":180,"kind":"unit_added","label":"LI","name":"Them","phase":"setup","seq":4,"side":2,"strength":1,"turn":0,"unit":2,"width":80,"x":700,"y":500}
{"kind":"mystery_kind","phase":"move","seq":5,"turn":1,"unit":1,"target":2,"extra":{"a":[1,2]}}
{"facing":45,"how":"wheel","kind":"unit_moved","phase":"move","seq":6,"turn":1,"unit":1,"x":250,"y":150}
{"kind":"unit_strength","phase":"move","seq":7,"strength":1,"turn":1,"unit":1}
EOF
expect_exit 0 "a hand-written log of an unknown ruleset replays" -- \
  "$SANDTABLE" replay "$TMP/hostile.jsonl" --html "$TMP/hostile.html"
dump "file://$TMP/hostile.html#end" hostile
page_ok hostile "a hostile name"
if grep -q '^1 250 150 45 0 1 ' <<<"$(units hostile)"; then pass "the unknown ruleset's unit is drawn where the log put it"
else fail "the hand-written unit is not where the log put it:"; units hostile; fi
if grep -q 'mystery kind' "$TMP/hostile.dom"; then pass "an unknown kind gets the generic line"; else fail "no line for the unknown kind"; fi

# Terrain that changes during play (bf:change_terrain -> terrain_changed):
# the page draws the feature as it was at each turn.
cat > "$TMP/terrain.jsonl" <<'EOF'
{"seq":1,"turn":0,"kind":"table","width":1200,"depth":800}
{"seq":2,"turn":0,"kind":"terrain_added","id":1,"feature":{"type":"wall","polygon":[100,380,1100,380,1100,420,100,420],"blocks_los":true}}
{"seq":3,"turn":0,"kind":"unit_added","unit":1,"side":1,"name":"A","x":600,"y":100,"facing":0,"width":40,"depth":20,"strength":4}
{"seq":4,"turn":1,"phase":"siege","kind":"turn_end","turn":1}
{"seq":5,"turn":2,"phase":"siege","kind":"terrain_changed","id":1,"feature":{"type":"breach","polygon":[500,380,700,380,700,420,500,420],"blocks_los":false}}
{"seq":6,"turn":2,"phase":"siege","kind":"turn_end","turn":2}
EOF
expect_exit 0 "a log with a terrain change replays" -- "$SANDTABLE" replay "$TMP/terrain.jsonl" --html "$TMP/terrain.html"
dump "file://$TMP/terrain.html#turn=1" terrain1
dump "file://$TMP/terrain.html#end" terrain2
page_ok terrain2 "a log with a terrain change"
if grep -q 'data-type="wall"' "$TMP/terrain1.dom" && ! grep -q 'data-type="breach"' "$TMP/terrain1.dom"; then
  pass "turn 1 shows the wall"
else fail "turn 1 does not show the wall alone"; fi
if grep -q 'data-type="breach"' "$TMP/terrain2.dom" && ! grep -q 'data-type="wall"' "$TMP/terrain2.dom"; then
  pass "the end shows the breach where the wall was"
else fail "the end does not show the breach in the wall's place"; fi

# A side's view (the weather module's "sighted" events): #view=N hides the
# enemies side N had not sighted at that event; its own units always show.
cat > "$TMP/view.jsonl" <<'EOF'
{"seq":1,"turn":0,"kind":"table","width":1200,"depth":800}
{"seq":2,"turn":0,"kind":"unit_added","unit":1,"side":1,"name":"Scouts","x":300,"y":100,"facing":0,"width":80,"depth":40,"strength":1}
{"seq":3,"turn":0,"kind":"unit_added","unit":2,"side":1,"name":"Foot","x":600,"y":100,"facing":0,"width":80,"depth":40,"strength":1}
{"seq":4,"turn":0,"kind":"unit_added","unit":3,"side":2,"name":"Horse","x":300,"y":700,"facing":180,"width":80,"depth":40,"strength":1}
{"seq":5,"turn":0,"kind":"unit_added","unit":4,"side":2,"name":"Archers","x":900,"y":700,"facing":180,"width":80,"depth":40,"strength":1}
{"seq":6,"turn":1,"phase":"weather","kind":"sighted","side":1,"units":[3],"surprise":[],"lost":[],"visible":[3]}
{"seq":7,"turn":1,"phase":"weather","kind":"sighted","side":2,"units":[1,2],"surprise":[],"lost":[],"visible":[1,2]}
{"seq":8,"turn":2,"phase":"weather","kind":"sighted","side":1,"units":[4],"surprise":[4],"lost":[3],"visible":[4]}
{"seq":9,"turn":2,"phase":"end","kind":"turn_end","turn":2}
EOF
expect_exit 0 "a log with sighting events replays" -- "$SANDTABLE" replay "$TMP/view.jsonl" --html "$TMP/view.html"
dump "file://$TMP/view.html#seq=7&view=1" view1a
dump "file://$TMP/view.html#end&view=1" view1b
dump "file://$TMP/view.html#end&view=2" view2
dump "file://$TMP/view.html#end&view=all" viewall
page_ok view1b "a side's view"
shown() { echo "$(body_attr "$1" data-view) $(body_attr "$1" data-shown)"; }
if [ "$(shown view1a)" = "1 3" ]; then pass "side 1's view at its first sighting: its 2 units and the horse"
else fail "side 1's view at seq 7 shows '$(shown view1a)', want '1 3'"; fi
if [ "$(shown view1b)" = "1 3" ] && grep -q '<g class="unit[^>]*data-unit="3"[^>]*style="display: none;"' "$TMP/view1b.dom"; then
  pass "side 1's view at the end: the horse lost to sight is hidden, the archers shown"
else fail "side 1's view at the end shows '$(shown view1b)' (want '1 3', unit 3 hidden)"; fi
if [ "$(shown view2)" = "2 4" ]; then pass "side 2's view: its 2 units and the 2 it sees"
else fail "side 2's view shows '$(shown view2)', want '2 4'"; fi
if [ "$(shown viewall)" = "all 4" ] && grep -q 'id="viewbox" style=""' "$TMP/viewall.dom"; then pass "all units, and the view choice offered"
else fail "the whole view shows '$(shown viewall)' or the view choice is not offered"; fi
# a log without sighting events offers no view choice
if grep -q 'id="viewbox" style="display:none"' "$TMP/turn1.dom"; then pass "no sighting events: no view choice"
else fail "the view choice is offered without sighting events"; fi

# Siege engines (rulesets/modules/sieges/wrg/engines.lua): a tower moved by
# terrain_changed each period is drawn where it stands at that turn; a
# penthouse, gabions and a bridge have their own drawings.
cat > "$TMP/engines.jsonl" <<'EOF'
{"seq":1,"turn":0,"kind":"table","width":1200,"depth":800}
{"seq":2,"turn":1,"phase":"orders","kind":"terrain_added","id":1,"feature":{"type":"siege_tower","polygon":[400,200,480,200,480,120,400,120],"blocks_move":true}}
{"seq":3,"turn":1,"phase":"orders","kind":"terrain_added","id":2,"feature":{"type":"siege_penthouse","polygon":[600,200,660,200,660,140,600,140],"blocks_move":true}}
{"seq":4,"turn":1,"phase":"end","kind":"turn_end","turn":1}
{"seq":5,"turn":2,"phase":"movement","kind":"terrain_changed","id":1,"feature":{"type":"siege_tower","polygon":[400,250.8,480,250.8,480,170.8,400,170.8],"blocks_move":true}}
{"seq":6,"turn":2,"phase":"end","kind":"terrain_added","id":3,"feature":{"type":"gabions","polygon":[800,200,860,200,860,205,800,205],"gabions":true}}
{"seq":7,"turn":2,"phase":"end","kind":"terrain_added","id":4,"feature":{"type":"siege_bridge","polygon":[900,300,960,300,960,350,900,350],"bridge":true}}
{"seq":8,"turn":2,"phase":"end","kind":"turn_end","turn":2}
EOF
expect_exit 0 "a log with siege engines replays" -- "$SANDTABLE" replay "$TMP/engines.jsonl" --html "$TMP/engines.html"
dump "file://$TMP/engines.html#turn=1" engines1
dump "file://$TMP/engines.html#end" engines2
page_ok engines2 "a log with siege engines"
tower_at() { grep -o '<g data-siege="siege_tower"><polygon points="[^"]*"' "$TMP/$1.dom" | head -1 | sed 's/.*points="//; s/"$//'; }
if [ "$(tower_at engines1)" = "400,600 480,600 480,680 400,680" ]; then pass "turn 1: the siege tower where it was added"
else fail "turn 1: the siege tower is drawn at '$(tower_at engines1)'"; fi
if [ "$(tower_at engines2)" = "400,549.2 480,549.2 480,629.2 400,629.2" ]; then pass "the end: the tower 50.8 mm (20 paces) further on"
else fail "the end: the siege tower is drawn at '$(tower_at engines2)'"; fi
for t in siege_penthouse gabions siege_bridge; do
  if grep -q "data-siege=\"$t\"" "$TMP/engines2.dom"; then pass "the $t is drawn"; else fail "no $t drawn"; fi
done
if ! grep -q 'data-siege="gabions"' "$TMP/engines1.dom"; then pass "turn 1: no gabions yet"; else fail "gabions drawn before they were set down"; fi

# Units on other layers: a flyer drawn as flying until it lands.
cat > "$TMP/layers.jsonl" <<'EOF'
{"seq":1,"turn":0,"kind":"table","width":1200,"depth":800}
{"seq":2,"turn":0,"kind":"unit_added","unit":1,"side":1,"name":"Dragon","x":600,"y":300,"facing":0,"width":80,"depth":80,"strength":1,"layer":1}
{"seq":3,"turn":0,"kind":"unit_added","unit":2,"side":2,"name":"Spears","x":600,"y":300,"facing":180,"width":80,"depth":40,"strength":4}
{"seq":4,"turn":1,"phase":"move","kind":"turn_end","turn":1}
{"seq":5,"turn":2,"phase":"move","kind":"unit_layer","unit":1,"layer":0}
{"seq":6,"turn":2,"phase":"move","kind":"turn_end","turn":2}
EOF
expect_exit 0 "a log with a flyer replays" -- "$SANDTABLE" replay "$TMP/layers.jsonl" --html "$TMP/layers.html"
dump "file://$TMP/layers.html#turn=1" layers1
dump "file://$TMP/layers.html#end" layers2
page_ok layers2 "a log with a flyer"
if grep -q 'class="unit flying"[^>]*data-unit="1"\|data-unit="1"[^>]*data-layer="1"' "$TMP/layers1.dom"; then pass "turn 1 draws the dragon flying"
else fail "turn 1 does not draw the dragon flying"; grep -o '<g class="unit[^>]*>' "$TMP/layers1.dom" | head -3; fi
if grep -o '<g class="unit[^>]*data-unit="1"[^>]*>' "$TMP/layers2.dom" | grep -q 'data-layer="0"' && \
   ! grep -o '<g class="unit[^>]*data-unit="1"[^>]*>' "$TMP/layers2.dom" | grep -q flying; then pass "after landing it is drawn on the ground"
else fail "after landing the dragon is still drawn flying"; grep -o '<g class="unit[^>]*>' "$TMP/layers2.dom" | head -3; fi

# Stored script injection (issue #14): markup in the values of a crafted log
# (first_move and pre_battle scores, initiative scores, a roll's die faces)
# shows as text; no element is made from it and no script runs (each payload
# would mark <body data-pwned>). Two defences, each checked: the values are
# escaped (the text is in the DOM, no <img> or <svg onload>), and the page's
# Content-Security-Policy allows only its own scripts, by their hashes.
pwn() { printf '<img src=x onerror=\\"document.body.setAttribute(\x27data-pwned\x27,\x27%s\x27)\\">' "$1"; }
cat > "$TMP/inject.jsonl" <<EOF
{"seq":1,"turn":0,"kind":"table","width":1200,"depth":800}
{"seq":2,"turn":0,"kind":"unit_added","unit":1,"side":1,"name":"A","x":100,"y":100,"facing":0,"width":40,"depth":20,"strength":4}
{"seq":3,"turn":1,"phase":"start","kind":"first_move","side":1,"scores":["$(pwn first_move)",3]}
{"seq":4,"turn":1,"phase":"start","kind":"initiative","first":1,"scores":["$(pwn initiative)",2]}
{"seq":5,"turn":1,"phase":"start","kind":"roll","die":["$(pwn roll)",6],"value":3,"purpose":"p"}
{"seq":6,"turn":1,"phase":"start","kind":"pre_battle","winner":1,"scores":["<svg onload=\\"document.body.setAttribute('data-pwned','svg')\\">"],"edge":"north"}
EOF
expect_exit 0 "a log with markup in its values replays" -- "$SANDTABLE" replay "$TMP/inject.jsonl" --html "$TMP/inject.html"
dump "file://$TMP/inject.html#end" inject
page_ok inject "a log with markup in its values"
if [ -z "$(body_attr inject data-pwned)" ]; then pass "no script from the log ran"
else fail "script from the log ran (data-pwned=$(body_attr inject data-pwned))"; fi
if ! grep -q '<img\|<svg onload' "$TMP/inject.dom"; then pass "no element was made from the log's text"
else fail "the log's markup became elements:"; grep -o '<img[^>]*>\|<svg onload[^>]*>' "$TMP/inject.dom" | head -3; fi
shown=$(grep -o "&lt;img src=x onerror=\"document.body.setAttribute('data-pwned','[a-z_]*')\"&gt;" "$TMP/inject.dom" | sort -u | wc -l)
if [ "$shown" -eq 3 ] && grep -q "&lt;svg onload=" "$TMP/inject.dom"; then pass "the first_move, initiative, roll and pre_battle markup shows as text"
else fail "the markup is not shown as text ($shown of 3 img payloads)"; fi
csp=$(grep -o '<meta http-equiv="Content-Security-Policy" content="[^"]*"' "$TMP/inject.html")
if grep -q "default-src 'none'; script-src 'sha256-" <<<"$csp" && ! grep -q "script-src[^;]*unsafe" <<<"$csp"; then
  pass "the page has a Content-Security-Policy allowing only its own scripts"
else fail "no strict Content-Security-Policy: $csp"; fi
# The policy alone stops script: the same payload slipped past the escaping
# (written into the page by hand) does not run, and the page's own script does.
sed 's|<h1>|<h1><img src=x onerror="document.body.setAttribute(\x27data-pwned\x27,\x27csp\x27)">|' "$TMP/inject.html" > "$TMP/csp.html"
dump "file://$TMP/csp.html#end" csp
if [ "$(body_attr csp data-ready)" = "1" ] && [ -z "$(body_attr csp data-pwned)" ]; then pass "the policy blocks an inline handler that got into the page; the page's own script still runs"
else fail "the policy did not block the handler (data-pwned=$(body_attr csp data-pwned), data-ready=$(body_attr csp data-ready))"; fi

# The experiment report: one chart per variant, the CSV beside it. The
# variant's house rule file is named with markup (variant names themselves
# are letters, digits, '_', '-' and '.'): it shows as text (the report has no
# script at all).
HOSTILE_FILE="$TMP/<em>bold<script>document.body.setAttribute('data-pwned','report').lua"
cp scripts/house_rules/phalanx_hip_steadier.lua "$HOSTILE_FILE"
expect_exit 0 "sim writes a report" -- "$SANDTABLE" sim scenarios/phalanx/gaugamela.yaml --trials 12 --threads 2 \
  --variant "hostile=$HOSTILE_FILE" --report "$TMP/report.html"
dump "file://$TMP/report.html" report
if [ ! -s "$TMP/report.console" ] && grep -q "<main>" "$TMP/report.dom"; then pass "the report loads with nothing on the console"
else fail "the report did not load cleanly"; head -5 "$TMP/report.console"; fi
if [ -z "$(body_attr report data-pwned)" ] && ! grep -q '<em>bold\|<script' "$TMP/report.dom" && grep -q '&lt;em&gt;bold' "$TMP/report.dom"; then
  pass "a house rule file named with markup shows as text in the report"
else fail "a variant's markup became elements or script in the report"; fi
if grep -q "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'" "$TMP/report.html"; then
  pass "the report has a Content-Security-Policy with no script"
else fail "the report has no Content-Security-Policy"; fi
charts=$(grep -o 'class="variant-chart"' "$TMP/report.dom" | wc -l)
if [ "$charts" -eq 2 ]; then pass "the report draws one chart per variant (2)"; else fail "the report has $charts variant charts, wanted 2"; fi
if grep -q 'class="difference-chart"' "$TMP/report.dom" && grep -q 'class="length-chart"' "$TMP/report.dom"; then
  pass "the report has the length histograms and the difference chart"
else fail "the report lacks a length histogram or the difference chart"; fi
"$SANDTABLE" sim scenarios/phalanx/gaugamela.yaml --trials 12 --threads 1 --variant "hostile=$HOSTILE_FILE" \
  --format csv > "$TMP/expected.csv" 2>/dev/null
if cmp -s "$TMP/report.csv" "$TMP/expected.csv"; then pass "report.csv beside it is the --format csv summary"
else fail "report.csv differs from --format csv"; fi

finish
