# Where files are found (docs/scenarios.md, "How paths resolve"): paths in a
# scenario against the scenario's folder, paths on the command line against the
# current directory, shipped data in the data directory; a user's file that
# shadows a shipped one says so; a refused read says why and how to allow it.
source "$(dirname "$0")/lib.bash" "$1"
SANDTABLE=$(cd "$(dirname "$SANDTABLE")" && pwd)/$(basename "$SANDTABLE")
PROJECT=$(pwd)

# A modder's own folder, outside the project: scenarios/, myarmies/, house/.
W="$TMP/work"
mkdir -p "$W/scenarios" "$W/myarmies" "$W/house" "$W/armies/phalanx" "$W/elsewhere"
cp armies/phalanx/gallic.lua "$W/myarmies/goblin_horde.lua"
cp armies/phalanx/gallic.lua "$W/armies/phalanx/my_gauls.lua"
printf 'return function(rules) end\n' > "$W/house/x.lua"
scenario() {  # scenario FILE ARMY2 [EXTRA-YAML]
  printf 'ruleset: phalanx\nturns: 2\n%barmies:\n  - army: phalanx/early_imperial_roman\n  - army: %s\n' "${3:-}" "$2" > "$1"
}

# A path in a scenario resolves against the scenario's folder.
scenario "$W/scenarios/rel.yaml" ../myarmies/goblin_horde.lua
cd "$W"
expect_exit 0 "army: ../myarmies/x.lua resolves against the scenario's folder (run from the modder's folder)" -- "$SANDTABLE" battle scenarios/rel.yaml --quiet
scenario "$W/scenarios/abs.yaml" "$W/myarmies/goblin_horde.lua"
expect_exit 0 "an absolute army path works" -- "$SANDTABLE" battle "$W/scenarios/abs.yaml" --quiet

# Outside every readable folder: refused, saying why and how to allow it.
cd "$W/elsewhere"
expect_exit 1 "a scenario's file outside the readable folders is refused" -- "$SANDTABLE" battle ../scenarios/rel.yaml --quiet
expect_output "rel.yaml:5:5: army list '../myarmies/goblin_horde.lua'" "the refusal names the scenario's line"
expect_output "outside the folders Sandtable may read" "the refusal says why"
expect_output "sandtable --lua-path $W/myarmies ..." "the refusal says how to allow it"
if grep -q "looked for" <<<"$OUT"; then fail "a refused read is not reported as not found"; else pass "a refused read is not reported as not found"; fi
expect_exit 0 "... and --lua-path allows it" -- "$SANDTABLE" --lua-path ../myarmies battle ../scenarios/rel.yaml --quiet

# A bare name finds the modder's armies/ folder (beside the scenario or in the current directory).
scenario "$W/named.yaml" phalanx/my_gauls
cd "$W"
expect_exit 0 "army: phalanx/my_gauls finds ./armies/phalanx/my_gauls.lua" -- "$SANDTABLE" battle named.yaml --quiet
cd "$W/elsewhere"
expect_exit 0 "... and armies/ beside the scenario from another folder" -- "$SANDTABLE" battle ../named.yaml --quiet
scenario "$W/missing.yaml" phalanx/nobody
expect_exit 1 "a missing bare name fails" -- "$SANDTABLE" battle ../missing.yaml
expect_output "no army list 'phalanx/nobody' (looked for" "the message lists where it looked"
expect_output "../armies/phalanx/nobody.lua, ./armies/phalanx/nobody.lua" "... armies/ beside the scenario, then in the current directory"
expect_output "/armies/phalanx/nobody.lua (shipped)" "... then the shipped lists"

# A user's list named like a shipped one: used, and said so.
cp armies/phalanx/gallic.lua "$W/armies/phalanx/gallic.lua" 2>/dev/null || cp "$PROJECT/armies/phalanx/gallic.lua" "$W/armies/phalanx/gallic.lua"
scenario "$W/shadow.yaml" phalanx/gallic
cd "$W"
expect_exit 0 "a user's phalanx/gallic is used" -- "$SANDTABLE" battle shadow.yaml --quiet
expect_output "shadows the shipped list" "shadowing a shipped list is said"
mkdir -p "$W/lp/phalanx" && cp "$PROJECT/armies/phalanx/gallic.lua" "$W/lp/phalanx/gallic.lua"
cd "$W/elsewhere"
scenario "$W/elsewhere/s.yaml" phalanx/gallic
expect_exit 0 "--lua-path with a list named like a shipped one" -- "$SANDTABLE" --lua-path ../lp battle s.yaml --quiet
expect_output "shadows the shipped list" "... says so too"
cd "$PROJECT"
expect_exit 0 "from the project folder the shipped lists are not 'shadowed' by themselves" -- "$SANDTABLE" battle scenarios/phalanx/gaugamela.yaml --quiet --turns 1
if grep -q "shadows" <<<"$OUT"; then fail "no shadow note for the shipped file itself"; else pass "no shadow note for the shipped file itself"; fi

# house_rules in a scenario resolve against the scenario's folder too.
scenario "$W/scenarios/house.yaml" phalanx/gallic 'house_rules: [../house/x.lua]\n'
cd "$W"
expect_exit 0 "house_rules: [../house/x.lua] resolves against the scenario's folder" -- "$SANDTABLE" battle scenarios/house.yaml --quiet
scenario "$W/scenarios/nohouse.yaml" phalanx/gallic 'house_rules: [../house/none.lua]\n'
expect_exit 1 "a missing house rule fails at its line" -- "$SANDTABLE" battle scenarios/nohouse.yaml --quiet
expect_output "nohouse.yaml:3:15: no house rule file '../house/none.lua'" "the missing house rule is located"

# The current directory is readable, even when it is another checkout of the project.
C="$TMP/checkout"
mkdir -p "$C" && cp -r "$PROJECT/armies" "$PROJECT/scenarios" "$C/"
cd "$C"
expect_exit 0 "a command-line path in another checkout is read (the current directory is readable)" -- "$SANDTABLE" check armies/phalanx/gallic.lua
expect_exit 0 "a scenario of another checkout runs (it was refused before)" -- "$SANDTABLE" battle scenarios/phalanx/gaugamela.yaml --quiet --turns 1
expect_output "is read from ./armies/phalanx/alexandrian_macedonian.lua, which shadows the shipped list" "the checkout's own lists are used, and a note says so"

# Command-line paths: the current directory first, then the shipped data.
cd "$W/elsewhere"
expect_exit 0 "a shipped scenario is found by its path in the data directory" -- "$SANDTABLE" battle scenarios/phalanx/gaugamela.yaml --quiet --turns 1
expect_exit 1 "a command-line file found nowhere is reported" -- "$SANDTABLE" battle nowhere.yaml
expect_output "nowhere.yaml: no such file (looked in the current directory and in the shipped data" "the message says where it looked"
cd "$PROJECT"
finish
