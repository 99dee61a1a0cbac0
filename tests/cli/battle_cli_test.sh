# sandtable battle / check / odds as a user meets them: results, logs, errors.
source "$(dirname "$0")/lib.bash" "$1"

expect_exit 0 "the default battle runs" -- "$SANDTABLE" battle --quiet
expect_output "Result:" "the default battle reports a result"

# Same seed, same battle, byte for byte (the log holds every roll and move).
"$SANDTABLE" battle --seed 5 --log "$TMP/a.jsonl" > "$TMP/a.txt" 2>/dev/null
"$SANDTABLE" battle --seed 5 --log "$TMP/b.jsonl" > "$TMP/b.txt" 2>/dev/null
if cmp -s "$TMP/a.jsonl" "$TMP/b.jsonl" && cmp -s "$TMP/a.txt" "$TMP/b.txt"; then pass "a seeded battle repeats exactly"; else fail "a seeded battle differs between runs"; fi
if [ "$(wc -l < "$TMP/a.jsonl")" -gt 50 ] && grep -q '"kind":"roll"' "$TMP/a.jsonl" && grep -q '"kind":"turn_end"' "$TMP/a.jsonl"; then
  pass "the event log has rolls and turn-end hashes"
else fail "the event log lacks rolls or turn-end hashes"; fi

expect_exit 0 "a battle with a house rule" -- "$SANDTABLE" battle scenarios/phalanx/bench.yaml --seed 3 --house-rule scripts/house_rules/phalanx_general_inspires.lua
expect_output "+1 the General's vignette (house rule: general inspires" "the account names the house rule's modifier"
printf 'return function(rules)\n  while true do end\nend\n' > "$TMP/hang.lua"
expect_exit 1 "a house rule that loops while loading is stopped" -- "$SANDTABLE" --max-instructions 20000000 battle --house-rule "$TMP/hang.lua"
expect_output "hang.lua:2: instruction limit of 20000000 exceeded" "the instruction budget names the line"
expect_exit 0 "a shipped scenario runs" -- "$SANDTABLE" battle scenarios/phalanx/gaugamela.yaml --quiet --turns 3

# Bad input: a YAML syntax error, an unknown key, a missing army.
printf 'ruleset: phalanx\narmies: [\n  - army: x\n' > "$TMP/broken.yaml"
expect_exit 1 "a malformed scenario fails" -- "$SANDTABLE" battle "$TMP/broken.yaml"
expect_output "broken.yaml:" "the YAML error names the file"
printf 'ruleset: phalanx\nturnz: 3\narmies:\n  - army: phalanx/gallic\n  - army: phalanx/gallic\n' > "$TMP/typo.yaml"
expect_exit 1 "a misspelt key fails" -- "$SANDTABLE" battle "$TMP/typo.yaml"
expect_output "typo.yaml:2:1: unknown key 'turnz'" "the typo is located at line 2, column 1"
printf 'ruleset: phalanx\narmies:\n  - army: phalanx/gallic\n  - army: phalanx/nobody\n' > "$TMP/noarmy.yaml"
expect_exit 1 "an unknown army fails" -- "$SANDTABLE" battle "$TMP/noarmy.yaml"
expect_output "noarmy.yaml:4:5: no army list 'phalanx/nobody'" "the missing army is located"

printf 'ruleset: phalanx\narmies:\n  - army: phalanx/gallic\n    commander: genius\n  - army: phalanx/gallic\n' > "$TMP/nocmd.yaml"
expect_exit 1 "an unknown commander fails" -- "$SANDTABLE" battle "$TMP/nocmd.yaml"
expect_output "nocmd.yaml:4:5: no commander module 'genius'" "the unknown commander is located"

printf 'ruleset: phalanx\noptions: [earthquakes]\narmies:\n  - army: phalanx/gallic\n  - army: phalanx/gallic\n' > "$TMP/opt.yaml"
expect_exit 1 "an unknown option fails" -- "$SANDTABLE" battle "$TMP/opt.yaml"
expect_output "opt.yaml:2:11: ruleset 'phalanx' has no option 'earthquakes' (it has: artillery" "the option is located and the known ones listed"
printf 'ruleset: phalanks\narmies:\n  - army: phalanx/gallic\n  - army: phalanx/gallic\n' > "$TMP/rs.yaml"
expect_exit 1 "an unknown ruleset fails" -- "$SANDTABLE" battle "$TMP/rs.yaml"
expect_output "rs.yaml:1:1: unknown ruleset 'phalanks'" "the ruleset is located"
printf 'return function(rules)\n  local x = = 1\nend\n' > "$TMP/syntax.lua"
expect_exit 1 "a house rule with a syntax error fails" -- "$SANDTABLE" battle --house-rule "$TMP/syntax.lua"
expect_output "syntax.lua:2: unexpected symbol near '='" "the syntax error names file and line"
if grep -q "stack traceback" <<<"$OUT"; then fail "a user's syntax error shows no engine traceback"; else pass "a user's syntax error shows no engine traceback"; fi

# check: a clean list, and a broken one reported with file and line.
expect_exit 0 "a shipped army checks clean" -- "$SANDTABLE" check armies/phalanx/gallic.lua
mkdir -p "$TMP/armies/phalanx"
sed 's/class = "HIN"/class = "HIX"/' armies/phalanx/early_imperial_roman.lua > "$TMP/armies/phalanx/bad.lua"
line=$(grep -n "class = \"HIX\"" "$TMP/armies/phalanx/bad.lua" | head -1 | cut -d: -f1)
expect_exit 1 "a broken army list fails the check" -- "$SANDTABLE" check "$TMP/armies/phalanx/bad.lua"
expect_output "bad.lua:$line:" "the problem names the line of the bad vignette"
expect_output "HIX" "the problem names the unknown class"

# odds: the rules' worked example (Phalanx, Results): even factors.
expect_exit 0 "odds of the worked example" -- "$SANDTABLE" odds phalanx melee "HIS IV RA overlaps=2" "HIN III RA"
expect_output "Difference +0" "the overlapped HIS fights on even terms"
expect_output "attacker R  / defender S      33.3333%" "die 2-3 repulse the HIS (2 in 6)"
expect_exit 1 "odds with an unknown class fails" -- "$SANDTABLE" odds phalanx melee "HIX IV RA" "HIN III RA"
expect_output "unknown troop class 'HIX'" "the unknown class is named"
finish
