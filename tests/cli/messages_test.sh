# A user's mistake gets a message naming the user's file and line (or the
# argument) and what was expected, never an engine traceback.
source "$(dirname "$0")/lib.bash" "$1"
SANDTABLE=$(cd "$(dirname "$SANDTABLE")" && pwd)/$(basename "$SANDTABLE")
no_traceback() {
  if grep -q "stack traceback\|scripts/lib/\|scripts/cli/" <<<"$OUT"; then fail "$1: an engine traceback or file is shown"; echo "$OUT" | head; else pass "$1: no engine traceback"; fi
}

# A YAML indentation error.
printf 'ruleset: phalanx\narmies:\n  - army: phalanx/gallic\n   - army: phalanx/gallic\n' > "$TMP/indent.yaml"
expect_exit 1 "a YAML indentation error" -- "$SANDTABLE" battle "$TMP/indent.yaml"
expect_output "indent.yaml:4:" "it names the file and line"
no_traceback "YAML indentation"

# A house rule naming a modifier id that does not exist: blamed on the house rule's line.
printf 'return function(rules)\n  local melee = rules.require("phalanx.melee")\n  melee.modifiers:replace("no_such_id", { id = "no_such_id", text = "x", add = function() return 1 end })\nend\n' > "$TMP/hr.lua"
expect_exit 1 "a house rule replacing a modifier that does not exist" -- "$SANDTABLE" battle --house-rule "$TMP/hr.lua" --quiet
expect_output "hr.lua:3: cannot replace 'no_such_id': list 'phalanx.melee' has no such entry (it has: combat_penalty" "it names the house rule's line and the ids there are"
no_traceback "unknown modifier id"
printf 'return function(rules)\n  local melee = rules.require("phalanx.melee")\n  melee.modifiers:add({ id = "uphill", add = 1 })\nend\n' > "$TMP/dup.lua"
expect_exit 1 "a house rule adding an id that exists" -- "$SANDTABLE" battle --house-rule "$TMP/dup.lua" --quiet
expect_output "dup.lua:3: list 'phalanx.melee' already has 'uphill' (use replace)" "it names the house rule's line"
printf 'return function(rules)\n  local melee = rules.require("phalanx.melee")\n  melee.modifiers:add({ id = "x" })\nend\n' > "$TMP/noadd.lua"
expect_exit 1 "a house rule's modifier without add or apply" -- "$SANDTABLE" battle --house-rule "$TMP/noadd.lua" --quiet
expect_output "noadd.lua:3: modifier 'x' in list 'phalanx.melee' needs \`add\` or \`apply\`" "it names the house rule's line"
# The same through a scenario's house_rules.
printf 'ruleset: phalanx\nturns: 2\nhouse_rules: [hr.lua]\narmies:\n  - army: phalanx/gallic\n  - army: phalanx/gallic\n' > "$TMP/with_hr.yaml"
expect_exit 1 "... named in a scenario" -- "$SANDTABLE" battle "$TMP/with_hr.yaml"
expect_output "hr.lua:3: cannot replace 'no_such_id'" "it names the house rule's line"
no_traceback "a scenario's house rule"

# odds with a missing or malformed unit, and a class out of range.
expect_exit 1 "odds with a missing unit" -- "$SANDTABLE" odds phalanx melee "HIS IV RA"
expect_output "odds phalanx melee \"HIS IV RA\": expected 2 unit descriptions after 'melee'" "it names the argument and what was expected"
no_traceback "odds, missing unit"
expect_exit 1 "odds with a malformed unit" -- "$SANDTABLE" odds phalanx melee "HIS IV RA" "HIN"
expect_output "defender: expected 'CLASS INTEGRITY ARMY'" "it names the argument"
expect_exit 1 "odds with a class out of range" -- "$SANDTABLE" odds phalanx melee "HIS IX RA" "HIN III RA"
expect_output "\"HIS IX RA\" \"HIN III RA\": the rules cannot answer this: Phalanx Table 7: no combat factor for HIS class IX" "it names the question and the table"
no_traceback "odds, class out of range"
expect_exit 1 "odds without a question" -- "$SANDTABLE" odds phalanx
no_traceback "odds without a question"

# A refused read is a message, not a traceback.
mkdir -p "$TMP/a/armies" "$TMP/b"
printf 'ruleset: phalanx\nturns: 2\nhouse_rules: [../b/x.lua]\narmies:\n  - army: phalanx/gallic\n  - army: phalanx/gallic\n' > "$TMP/a/s.yaml"
printf 'return function(rules) end\n' > "$TMP/b/x.lua"
(cd "$TMP/a" && mkdir -p sub && cd sub && expect_exit 1 "a house rule outside the readable folders" -- "$SANDTABLE" battle ../s.yaml; echo "$OUT" > "$TMP/out.txt")
OUT=$(cat "$TMP/out.txt")
expect_output "s.yaml:3:15: house rule file '../b/x.lua':" "it names the scenario's line"
expect_output "--lua-path $TMP/b" "it says how to allow it"
no_traceback "refused read"
finish
